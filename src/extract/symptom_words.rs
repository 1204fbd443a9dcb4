//! Everyday words that state a symptom ("can't sleep", "bruised", "잠을 못자요", "속이 쓰려요"), read
//! from the table `symptom_words.tsv` (its header says the format): what people say where the
//! lexicon has no name, each read as the concept it states, by the table's names (the lexicon's
//! names for some of these ICD-10 ids are its categories', not the complaint: R14 "Flatulence and
//! related conditions").

use crate::core::site::{site_text, SiteText};
use crate::lexicon::{Concept, ConceptKind};
use std::sync::OnceLock;

/// The table: natively built in; the app fetches it from the site before the first message (its
/// SHA-256 is this build's, `build.rs`), so the app's wasm does not carry it.
pub static SYMPTOM_WORDS: SiteText =
    site_text!("triage/symptom_words.tsv", "symptom_words.sha256", include_str!("symptom_words.tsv"));

/// One word of the table and the concept it states (an index into [`Table::concepts`]).
struct Word {
    text: String,
    korean: bool,
    concept: usize,
}

struct Table {
    concepts: Vec<Concept>,
    words: Vec<Word>,
}

fn table() -> &'static Table {
    static TABLE: OnceLock<Table> = OnceLock::new();
    TABLE.get_or_init(|| parse(SYMPTOM_WORDS.text()))
}

/// Reads the table; a line without its four columns is a mistake in the table, caught by the tests.
fn parse(tsv: &str) -> Table {
    let mut table = Table { concepts: Vec::new(), words: Vec::new() };
    for line in tsv.lines().filter(|l| !l.starts_with('#') && !l.trim().is_empty()) {
        let [id, en, ko, words] = line.split('\t').collect::<Vec<_>>()[..] else { continue };
        let concept = table.concepts.len();
        table.concepts.push(Concept { id: id.into(), kind: ConceptKind::Symptom, en: en.into(), ko: ko.into() });
        for word in words.split('|').map(str::trim).filter(|w| !w.is_empty()) {
            let korean = crate::core::has_hangul(word);
            // A Korean word is matched without its spaces, in a text without its own (see [`find`]).
            let text = if korean { word.replace(' ', "") } else { word.to_ascii_lowercase() };
            table.words.push(Word { text, korean, concept });
        }
    }
    // Longest first, so "잠을 통 못자" is read before a shorter word inside it.
    crate::core::order::sort_by_key(&mut table.words, |w| std::cmp::Reverse(w.text.len()));
    table
}

/// The table's concept of `id`, when the table has a row for it.
pub fn concept(id: &str) -> Option<&'static Concept> {
    table().concepts.iter().find(|c| c.id == id)
}

fn is_word_char(c: char) -> bool {
    c.is_alphanumeric() || c == '\''
}

/// Where `word` ends when it is written at `start` of `text`, a `#` in it standing for a number
/// ("lost # lbs" = "lost 12 lbs", "lost 3.5 kg"); none when it is not written there.
fn matched_end(text: &str, start: usize, word: &str) -> Option<usize> {
    let mut at = start;
    for (i, piece) in word.split('#').enumerate() {
        if i > 0 {
            let digits = text[at..].bytes().take_while(|b| b.is_ascii_digit() || *b == b'.').count();
            if !text[at..].starts_with(|c: char| c.is_ascii_digit()) {
                return None;
            }
            at += digits;
        }
        if !text[at..].starts_with(piece) {
            return None;
        }
        at += piece.len();
    }
    Some(at)
}

/// The symptom words of `text`, each as (the concept the table gives it, start, end), left to right,
/// not overlapping (the longest word wins).
pub fn find(text: &str) -> Vec<(&'static Concept, usize, usize)> {
    let table = table();
    // ASCII lowercase keeps every byte offset of the text.
    let lower = text.to_ascii_lowercase();
    // Korean words are found in the text without its spaces, `at` giving each byte's place in the text.
    let (squeezed, at) = crate::core::compact(&lower);
    let mut found: Vec<(&'static Concept, usize, usize)> = Vec::new();
    for word in &table.words {
        // A word with a number in it ("lost # lbs") is found by the words before its first number.
        let head = word.text.split('#').next().unwrap_or_default();
        let searched = if word.korean { squeezed.as_str() } else { lower.as_str() };
        for (from, _) in searched.match_indices(head) {
            let Some(to) = matched_end(searched, from, &word.text) else { continue };
            let (start, end) = if word.korean { (at[from], at[to - 1] + 1) } else { (from, to) };
            let before = lower[..start].chars().next_back();
            let after = lower[end..].chars().next();
            // Korean: at the start of a written word, any ending after it; English: whole words.
            let fits = if word.korean {
                before.is_none_or(|c| !crate::core::is_hangul(c))
            } else {
                before.is_none_or(|c| !is_word_char(c)) && after.is_none_or(|c| !is_word_char(c))
            };
            if fits && !found.iter().any(|&(_, s, e)| s < end && start < e) {
                found.push((&table.concepts[word.concept], start, end));
            }
        }
    }
    crate::core::order::sort_by_key(&mut found, |&(_, start, _)| start);
    found
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The display names of the complaints `text` states, in order.
    fn names(text: &str) -> Vec<&'static str> {
        find(text).into_iter().map(|(c, _, _)| c.en.as_str()).collect()
    }

    fn ids(text: &str) -> Vec<&'static str> {
        find(text).into_iter().map(|(c, _, _)| c.id.as_str()).collect()
    }

    #[test]
    fn every_line_of_the_table_has_its_columns_and_words() {
        let tsv = include_str!("symptom_words.tsv");
        let rows = tsv.lines().filter(|l| !l.starts_with('#') && !l.trim().is_empty());
        for line in rows {
            let columns: Vec<&str> = line.split('\t').collect();
            assert_eq!(columns.len(), 4, "{line}");
            assert!(columns.iter().all(|c| !c.trim().is_empty()), "{line}");
        }
        assert_eq!(table().concepts.len(), tsv.lines().filter(|l| !l.starts_with('#') && !l.trim().is_empty()).count());
    }

    #[test]
    fn everyday_words_state_their_symptom_in_both_languages() {
        assert_eq!(ids("요즘 잠을 통 못자요"), ["G47.0"]);
        assert_eq!(ids("잠을못자요"), ["G47.0"], "written without its space");
        assert_eq!(ids("자꾸 화장실 가고싶어요"), ["R35"], "spaced otherwise than the table");
        assert_eq!(ids("화장실가고 싶어요"), ["R35"]);
        // A word still starts where a written word does.
        assert_eq!(ids("콧 물이 줄줄 나요"), ids("콧물이 줄줄 나요"));
        assert!(ids("형광펜으로 밑줄을 줄 줄 긋다가 눈이 피곤").iter().all(|id| *id != ids("콧물")[0]));
        assert!(ids("아이스콧 물이 좋아요").is_empty(), "콧 inside a word starts no word");
        assert_eq!(ids("cant sleep. like at all."), ["G47.0"]);
        assert_eq!(ids("손목이 퉁퉁 붓고 시퍼렇게 멍들었어요"), ["R60", "R60", "R23.3", "R23.3"]);
        assert_eq!(ids("nicked myself and it bruised"), ["R23.3"]);
        assert_eq!(ids("속이 쓰려요"), ["R12"]);
        assert_eq!(ids("귀에서 삐- 소리가 계속 나요"), ["H93.1"]);
        assert_eq!(ids("feel kinda achy and tired all the time"), ["M79.1", "R53"]);
        // Issue 39's misses by kind: weight lost by a number, confusion, stiff fingers, throat pain.
        assert_eq!(ids("3달만에 7키로가 빠졌어요"), ["R63.4"]);
        assert_eq!(ids("has been really confused since yesterday"), ["R41.0"]);
        assert_eq!(ids("할머니가 자꾸 헛소리를 하세요"), ["R41.0"]);
        assert_eq!(ids("아침마다 손가락이 뻣뻣해요"), ["M25.6"]);
        assert_eq!(ids("my joints are stiff every morning"), ["M25.6"]);
        assert_eq!(ids("목이 따끔거려요"), ["R07.0"]);
        assert_eq!(ids("swallowing hurts"), ["R13.19"], "painful swallowing, beside the sore throat");
    }

    #[test]
    fn the_common_complaints_of_a_family_doctor_are_read_by_their_plain_name() {
        assert_eq!(names("my feet are puffy"), ["Swelling"]);
        assert_eq!(names("발이 퉁퉁 부었어요"), ["Swelling", "Swelling"]);
        assert_eq!(names("pins and needles in my hands"), ["Numbness"]);
        assert_eq!(names("손이 저려요"), ["Numbness"]);
        assert_eq!(names("newborn looks yellow"), ["Jaundice"]);
        assert_eq!(names("아기가 분유 먹고 자꾸 게워요"), ["Spitting up"]);
        assert_eq!(names("wets the bed most nights"), ["Bedwetting"]);
        assert_eq!(names("코가 꽉 막혔어요"), ["Nasal congestion"]);
        assert_eq!(names("gained 15 lbs"), ["Weight gain"]);
        assert_eq!(names("살이 15키로나 쪘어요"), ["Weight gain"]);
        assert_eq!(names("white spots on his tonsils"), ["White spots on tonsils"]);
        assert_eq!(names("침도 못삼켜요"), ["Difficulty swallowing"]);
        assert!(table().concepts.len() >= 60, "the common complaints, not only a set's misses");
    }

    #[test]
    fn everyday_ways_of_saying_common_complaints_are_read_in_both_languages() {
        // Fever, cough, runny nose and a sore throat, as people type them.
        assert_eq!(names("she's burning up and coughing"), ["Fever", "Cough"]);
        assert_eq!(names("아들이 열이 펄펄 나고 콧물이 줄줄 흘러요"), ["Fever", "Runny nose"]);
        assert_eq!(names("my throat hurts and i'm hoarse"), ["Sore throat", "Hoarseness"]);
        assert_eq!(names("목소리가 안나와요"), ["Hoarseness"]);
        assert_eq!(names("침 삼킬 때마다 아파요"), ["Painful swallowing"]);
        // Always cold is cold intolerance, not a cold.
        assert_eq!(names("I'm freezing all the time"), ["Cold intolerance"]);
        assert_eq!(names("엄마가 추위를 너무 타세요"), ["Cold intolerance"]);
        // Sleep: snoring with pauses, and nightmares.
        assert_eq!(names("남편이 코를 엄청 골고 자다가 숨을 멈춰요"), ["Snoring", "Breathing pauses during sleep"]);
        assert_eq!(names("he stops breathing in his sleep"), ["Breathing pauses during sleep"]);
        assert_eq!(names("아들이 악몽을 자주 꿔요"), ["Nightmares"]);
        // Skin: cracked, dry, oozing.
        assert_eq!(names("knuckles are cracked and bleeding"), ["Cracked skin"]);
        assert_eq!(names("손이 쩍쩍 갈라져요"), ["Cracked skin"]);
        assert_eq!(names("긁으면 진물이 나요"), ["Itching", "Oozing skin"]);
        // Periods, in either language.
        assert_eq!(names("생리를 3달째 안해요"), ["Missed period"]);
        assert_eq!(names("she hasn't had a period in 4 months"), ["Missed period"]);
        // Hearing.
        assert_eq!(names("everything sounds kinda muffled"), ["Muffled hearing"]);
        assert_eq!(names("귀가 먹먹해요"), ["Muffled hearing"]);
        // Mood.
        assert_eq!(names("she's been having panic attacks"), ["Panic attacks"]);
        assert_eq!(names("하루종일 우울하고 불안해요"), ["Depressed mood", "Anxiety"]);
    }

    #[test]
    fn a_number_in_a_word_is_any_number() {
        assert_eq!(names("hes lost 5 pounds since starting"), ["Weight loss"]);
        assert_eq!(names("she's lost 8 kg"), ["Weight loss"]);
        assert_eq!(names("lost like 10 lbs"), ["Weight loss"]);
        assert_eq!(names("put on 2kg in 3 days"), ["Weight gain"]);
        assert!(names("lost my keys").is_empty(), "no number, no weight");
        assert!(names("lost 5 games").is_empty(), "a number of something else");
    }

    #[test]
    fn more_everyday_complaints_are_read_in_both_languages() {
        // Smell, stomach and appetite.
        assert_eq!(names("냄새가 하나도 안나요"), ["Loss of smell"]);
        assert_eq!(names("they lost their sense of smell completely"), ["Loss of smell"]);
        assert_eq!(names("철분제만 먹으면 속이 뒤집어져요"), ["Nausea"]);
        assert_eq!(names("he's feeling pukey"), ["Nausea"]);
        assert_eq!(names("할머니가 식사를 잘 안하세요"), ["Loss of appetite"]);
        assert_eq!(names("she hasn't been eating"), ["Loss of appetite"]);
        assert_eq!(names("아이가 배도 쥐어짜듯이 아프대요"), ["Abdominal pain"]);
        assert_eq!(names("dull ache in my lower right abdomen"), ["Abdominal pain"]);
        // Sleep, too little and too much.
        assert_eq!(names("has a really hard time falling asleep"), ["Insomnia"]);
        assert_eq!(names("잠도 안와요"), ["Insomnia"]);
        assert_eq!(names("she's sleeping most of the day"), ["Drowsiness"]);
        assert_eq!(names("운전하다 졸았대요"), ["Drowsiness"]);
        // Bleeding that won't stop, a bump on the head, light, a droopy face.
        assert_eq!(names("bleeding wont stop after 20 min of pressure"), ["Bleeding"]);
        assert_eq!(names("손을 베었는데 피가 안멈춰요"), ["Cut", "Bleeding"]);
        assert_eq!(names("big bump on her forehead"), ["Bump on head"]);
        assert_eq!(names("이마에 혹이 났어요"), ["Bump on head"]);
        assert_eq!(names("she says light hurts"), ["Light sensitivity"]);
        assert_eq!(names("his face looks droopy on one side"), ["Facial droop"]);
        // Gout's big toe, sex drive, peeing at night, a squeak breathing in.
        assert_eq!(names("gout flare in my big toe"), ["Toe pain"]);
        assert_eq!(names("zero sex drive"), ["Low libido (decreased sex drive)"]);
        assert_eq!(names("I get up to pee 4 times a night"), ["Frequent urination"]);
        assert_eq!(names("새벽에 소변보러 깨요"), ["Frequent urination"]);
        assert_eq!(names("a squeaky sound when he breathes in"), ["Stridor"]);
        // Legs, urine, the jaw and the mind.
        assert_eq!(names("my calves hurt"), ["Leg pain"]);
        assert_eq!(names("종아리가 땡겨요"), ["Leg pain"]);
        assert_eq!(names("his urine has been dark brown"), ["Dark urine"]);
        assert_eq!(names("소변 색이 진해요"), ["Dark urine"]);
        assert_eq!(names("턱이 아파요"), ["Jaw pain"]);
        assert_eq!(names("집중이 안돼요"), ["Trouble concentrating"]);
        assert_eq!(names("my hands and feet are cold"), ["Cold intolerance"]);
        // A word that names something else stays out.
        assert!(names("the light was on").is_empty());
        assert!(names("코피가 안멈춰요").iter().all(|n| *n != "Bleeding"), "a nosebleed is its own");
    }

    #[test]
    fn how_people_write_common_complaints_is_read_for_themselves_and_for_others() {
        // Others as the subject, and honorific Korean for parents.
        assert_eq!(names("her throat hurts and she has a fever"), ["Sore throat", "Fever"]);
        assert_eq!(names("his ankles are swollen"), ["Swelling"]);
        assert_eq!(names("엄마 다리가 퉁퉁 부으셨어요"), ["Swelling", "Swelling"]);
        assert_eq!(names("할머니가 목이 아프시대요"), ["Sore throat"]);
        assert_eq!(names("아빠가 요즘 진지를 통 못 드세요"), ["Loss of appetite"]);
        assert_eq!(names("할머니가 화장실에서 넘어지셨어요"), ["Fall"]);
        assert_eq!(names("my dad fell down the stairs last night"), ["Fall"]);
        assert_eq!(names("엄마가 요즘 자꾸 넘어지세요"), ["Falls"]);
        assert_eq!(names("언니가 출산하고 하루종일 울고 잠도 못자요"), ["Crying spells", "Insomnia"]);
        assert_eq!(names("엄마가 손을 떠세요"), ["Tremor"]);
        // Written without spaces.
        assert_eq!(names("목이칼칼하고 콧물이줄줄나요"), ["Sore throat", "Runny nose"]);
        assert_eq!(names("소변보기가힘들어요"), ["Difficulty urinating"]);
        assert_eq!(names("옆구리가끊어질듯 아파요"), ["Flank pain"]);
        // Complaints that had no row.
        assert_eq!(names("he keeps wandering off at night"), ["Wandering"]);
        assert_eq!(names("아버지가 밤에 자꾸 밖으로 나가셔서 길을 잃으셨어요"), ["Wandering", "Wandering"]);
        assert_eq!(names("he's been getting aggressive with the nurses"), ["Aggression"]);
        assert_eq!(names("요즘 엄마가 폭언을 하시고 물건을 던지세요"), ["Aggression", "Aggression"]);
        assert_eq!(names("very agitated and pacing at night"), ["Agitation, restlessness"]);
        assert_eq!(names("her chest is sucking in between her ribs"), ["Chest retractions"]);
        assert_eq!(names("숨쉴때 갈비뼈 사이가 쑥쑥 들어가요"), ["Chest retractions"]);
        assert_eq!(names("having contractions every 10 minutes"), ["Contractions"]);
        assert_eq!(names("임신 30주인데 배가 자주 뭉쳐요"), ["Contractions"]);
        assert_eq!(names("pain in my right side near my kidney"), ["Flank pain"]);
        assert_eq!(names("trouble peeing"), ["Difficulty urinating"]);
        assert_eq!(names("wakes up every 2 hours crying"), ["Night waking"]);
        assert_eq!(names("아기가 자다가 깨서 울어요"), ["Night waking"]);
        assert_eq!(names("cut my finger and it won't stop bleeding"), ["Cut", "Bleeding"]);
        // More ways of saying the common ones.
        assert_eq!(names("seeing flashing lights in my left eye"), ["Seeing spots"]);
        assert_eq!(names("her skin is getting darker"), ["Skin discoloration"]);
        assert_eq!(names("멍이 잘 들어요"), ["Bruising"]);
        assert_eq!(names("입안이 다 헐었어요"), ["Mouth ulcers"]);
        assert_eq!(names("she's been throwing up all night"), ["Vomiting"]);
        assert_eq!(names("3일째 응가를 못해요"), ["Constipation"]);
        assert_eq!(names("my period is 2 weeks late"), ["Missed period"]);
        assert_eq!(names("귀에서 삐 소리가 나요"), ["Ringing in ears (tinnitus)"]);
        assert_eq!(names("나 요즘 기운이 없어"), ["Fatigue"]);
    }

    #[test]
    fn everyday_speech_that_states_no_symptom_is_none() {
        for text in [
            "I fell asleep on the couch",
            "fall semester starts next week",
            "that sounds swell",
            "I made a rash decision",
            "running late, sorry",
            "just a drop of milk",
            "I caught a cold",
            "aggressive cancer, they said",
            "I can't remember the name of the pill",
            "집에 쥐가 나왔어요",
            "열심히 공부했어요",
            "기운 내세요",
            "열나게 뛰었어",
            "목 좀 축이고 올게",
            "약 이름이 기억이 안나요",
        ] {
            assert!(names(text).is_empty(), "{text}: {:?}", names(text));
        }
        // Falling asleep is no fall; a leg cramp is no mouse.
        assert_eq!(names("she keeps falling asleep in class"), ["Drowsiness"]);
        assert_eq!(names("자다가 다리에 쥐가 났어요"), ["Leg cramps"]);
    }

    #[test]
    fn every_concept_has_one_row() {
        let mut ids: Vec<&str> = table().concepts.iter().map(|c| c.id.as_str()).collect();
        let rows = ids.len();
        ids.sort_unstable();
        ids.dedup();
        assert_eq!(ids.len(), rows, "a concept's words belong in its one row");
        assert_eq!(concept("R60").map(|c| c.en.as_str()), Some("Swelling"));
        assert!(concept("E11").is_none());
    }

    #[test]
    fn a_word_inside_another_word_is_none() {
        // English words are whole words; a Korean word starts a written word.
        assert!(ids("the achyranthes plant").is_empty());
        assert!(ids("unbruised").is_empty());
        assert!(ids("우리가래요").is_empty(), "가래 inside a word");
        // The longest word wins where two overlap.
        assert_eq!(ids("토할거같아요"), ["R11"]);
    }
}
