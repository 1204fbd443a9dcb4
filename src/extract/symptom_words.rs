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
    /// Words that may stand inside a phrase without changing what it states ("really", "너무"): a
    /// word of the table is found in the text as written and in the text without them.
    skipped: Vec<String>,
    /// Complaints said of a part of the body in words of its own ("my lower back has been killing me",
    /// "발끝이 저리고"): the concept (an index into `concepts`), the parts, the complaint's words.
    near: Vec<Near>,
}

/// A row "near": a part of the body and, close after it in the same clause, a complaint's word (or
/// in English the complaint, then "in" / "on" and the part: "numbness in my feet").
struct Near {
    concept: usize,
    parts: Vec<String>,
    complaints: Vec<String>,
}

fn table() -> &'static Table {
    static TABLE: OnceLock<Table> = OnceLock::new();
    TABLE.get_or_init(|| parse(SYMPTOM_WORDS.text()))
}

/// Reads the table; a line without its four columns is a mistake in the table, caught by the tests.
fn parse(tsv: &str) -> Table {
    let mut table = Table { concepts: Vec::new(), words: Vec::new(), skipped: Vec::new(), near: Vec::new() };
    let rows = tsv.lines().filter(|l| !l.starts_with('#') && !l.trim().is_empty());
    if let Some(line) = rows.clone().find_map(|l| l.strip_prefix("skip\t")) {
        table.skipped = line.split('|').map(|w| w.trim().to_lowercase()).filter(|w| !w.is_empty()).collect();
    }
    let list = |words: &str| -> Vec<String> {
        words.split('|').map(|w| w.trim().to_lowercase()).filter(|w| !w.is_empty()).collect()
    };
    let mut near_rows = Vec::new();
    for line in rows.filter(|l| !l.starts_with("skip\t")) {
        if let ["near", id, parts, complaints] = line.split('\t').collect::<Vec<_>>()[..] {
            near_rows.push((id, list(parts), list(complaints)));
            continue;
        }
        let [id, en, ko, words] = line.split('\t').collect::<Vec<_>>()[..] else { continue };
        let concept = table.concepts.len();
        table.concepts.push(Concept { id: id.into(), kind: ConceptKind::Symptom, en: en.into(), ko: ko.into() });
        for word in words.split('|').map(str::trim).filter(|w| !w.is_empty()) {
            let korean = crate::core::has_hangul(word);
            // A Korean word is matched without its spaces, in a text without its own (see [`find`]).
            let text = if korean { word.replace(' ', "") } else { word.to_ascii_lowercase() };
            // An English phrase with a skipped word in it is found in the text without its skipped
            // words too ("lips are dry" in "lips are super dry"), when two words or more are left.
            let kept = without_skipped(&text, &table.skipped).0;
            if !korean && kept != text && kept.split(' ').count() > 1 {
                table.words.push(Word { text: kept, korean, concept });
            }
            table.words.push(Word { text, korean, concept });
        }
    }
    for (id, parts, complaints) in near_rows {
        // A row for a concept no row names is a mistake in the table, caught by the tests.
        let Some(concept) = table.concepts.iter().position(|c| c.id == id) else { continue };
        let korean = |w: &String| if crate::core::has_hangul(w) { w.replace(' ', "") } else { w.clone() };
        table.near.push(Near {
            concept,
            parts: parts.iter().map(korean).collect(),
            complaints: complaints.iter().map(korean).collect(),
        });
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
    // Words are found in the text as written and in the text without its skipped words; Korean words
    // in those texts without their spaces. Each view maps its bytes back to the text's offsets.
    let (kept, kept_at) = without_skipped(&lower, &table.skipped);
    let (squeezed, squeezed_at) = crate::core::compact(&lower);
    let (kept_squeezed, kept_squeezed_at) = crate::core::compact(&kept);
    let kept_squeezed_at: Vec<usize> = kept_squeezed_at.iter().map(|&i| kept_at[i]).collect();
    let written: Vec<usize> = (0..=lower.len()).collect();
    let english = [(lower.as_str(), &written), (kept.as_str(), &kept_at)];
    let korean = [(squeezed.as_str(), &squeezed_at), (kept_squeezed.as_str(), &kept_squeezed_at)];
    let mut found: Vec<(&'static Concept, usize, usize)> = Vec::new();
    for word in &table.words {
        // A word with a number in it ("lost # lbs") is found by the words before its first number.
        let head = word.text.split('#').next().unwrap_or_default();
        let views = if word.korean { &korean } else { &english };
        for &(searched, at) in views {
            for (from, _) in searched.match_indices(head) {
                let Some(to) = matched_end(searched, from, &word.text) else { continue };
                let (start, end) = (at[from], at[to - 1] + 1);
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
    }
    // The words of `kept` with where each starts, split once for every row.
    let tokens: Vec<(usize, &str)> = kept
        .split(' ')
        .scan(0, |pos, w| {
            let start = *pos;
            *pos += w.len() + 1;
            Some((start, w))
        })
        .collect();
    for near in &table.near {
        let spans = near_english(near, &tokens, &kept_at).into_iter().chain(near_korean(
            near,
            &kept_squeezed,
            &kept_squeezed_at,
            &lower,
        ));
        for (start, end) in spans.collect::<Vec<_>>() {
            if !found.iter().any(|&(_, s, e)| s < end && start < e) {
                found.push((&table.concepts[near.concept], start, end));
            }
        }
    }
    crate::core::order::sort_by_key(&mut found, |&(_, start, _)| start);
    found
}

/// Words between a part of the body and its complaint that make them no pair: a clause joined on,
/// a thing, a negation ("my back is fine and it hurts to ...", "arms not itchy").
const NOT_BETWEEN: &[&str] = &["and", "but", "or", "it", "that", "then", "not", "no", "never", "because", "when", "if"];

/// Where, in English, a part of the body is followed by a complaint of the row with at most one word
/// between ("lower back killing me", "hands too shaky"), or a complaint by "in" / "on", maybe a
/// determiner, and the part ("numbness in my feet"): spans of `text`, `tokens` being the words of it
/// without its skipped words (with where each starts there) and `at` each byte's place there.
fn near_english(near: &Near, tokens: &[(usize, &str)], at: &[usize]) -> Vec<(usize, usize)> {
    // The number of tokens `phrase` takes at `k`, its last one maybe followed by punctuation; and
    // whether that punctuation ends the clause there.
    let phrase_at = |k: usize, phrase: &str| -> Option<(usize, bool)> {
        let words = phrase.split(' ');
        let last = phrase.matches(' ').count();
        for (i, w) in words.enumerate() {
            let token = tokens.get(k + i)?.1;
            let bare = token.trim_end_matches(|c: char| !c.is_alphanumeric() && c != '\'');
            if bare != w || (i < last && bare.len() != token.len()) {
                return None;
            }
        }
        let token = tokens[k + last].1;
        Some((last + 1, token.len() != token.trim_end_matches(|c: char| !c.is_alphanumeric() && c != '\'').len()))
    };
    let any_at = |k: usize, phrases: &[String]| phrases.iter().find_map(|p| phrase_at(k, p));
    let span = |from: usize, to_token: usize| {
        let (s, w) = tokens[to_token];
        (at[tokens[from].0], at[s + w.trim_end_matches(|c: char| !c.is_alphanumeric()).len() - 1] + 1)
    };
    let mut out = Vec::new();
    for k in 0..tokens.len() {
        if let Some((n, broke)) = any_at(k, &near.parts) {
            if broke {
                continue;
            }
            // The complaint right after the part, or after one word that neither joins nor negates.
            let right = any_at(k + n, &near.complaints).map(|(m, _)| k + n + m - 1);
            let gap = tokens
                .get(k + n)
                .map(|t| t.1)
                .filter(|g| !NOT_BETWEEN.contains(g) && g.chars().all(|c| c.is_alphanumeric() || c == '\''));
            let later = gap.and_then(|_| any_at(k + n + 1, &near.complaints)).map(|(m, _)| k + n + m);
            if let Some(last) = right.or(later) {
                out.push(span(k, last));
            }
        }
        if let Some((n, false)) = any_at(k, &near.complaints) {
            let Some(&(_, by)) = tokens.get(k + n) else { continue };
            if !matches!(by, "in" | "on") {
                continue;
            }
            let mut p = k + n + 1;
            if tokens
                .get(p)
                .is_some_and(|t| matches!(t.1, "my" | "his" | "her" | "their" | "the" | "both" | "its" | "our"))
            {
                p += 1;
            }
            if let Some((m, _)) = any_at(p, &near.parts) {
                out.push(span(k, p + m - 1));
            }
        }
    }
    out
}

/// Where, in Korean, a part of the body starts a written word and a complaint of the row follows it
/// within a few letters of the same clause, none negating ("발끝이 저리고", "손을 막 떨더라구요",
/// "허리 통증을"): spans of `text` (`lower` its lowercase), `squeezed` being it without skipped words and
/// spaces and `at` each byte's place there.
fn near_korean(near: &Near, squeezed: &str, at: &[usize], lower: &str) -> Vec<(usize, usize)> {
    const GAP: usize = 4;
    let mut out = Vec::new();
    for part in near.parts.iter().filter(|p| crate::core::has_hangul(p)) {
        for (from, _) in squeezed.match_indices(part.as_str()) {
            if lower[..at[from]].chars().next_back().is_some_and(crate::core::is_hangul) {
                continue;
            }
            let after = from + part.len();
            let gap_end = squeezed[after..].char_indices().nth(GAP).map_or(squeezed.len(), |(i, _)| after + i);
            let complaint = near
                .complaints
                .iter()
                .filter_map(|c| squeezed[after..].find(c.as_str()).map(|i| (after + i, after + i + c.len())))
                .filter(|&(s, _)| s <= gap_end)
                .min();
            let Some((start, end)) = complaint else { continue };
            let gap = &squeezed[after..start];
            let negates = ["안", "못", "않", "없"].iter().any(|n| gap.contains(n));
            let breaks = gap.chars().any(|c| !crate::core::is_hangul(c));
            if !negates && !breaks {
                out.push((at[from], at[end - 1] + 1));
            }
        }
    }
    out
}

/// `text` with each of the `skipped` words (whole words, in English or Korean) left out and its
/// spaces squeezed to one, and for each byte of it (plus one past the end) its offset in `text`.
fn without_skipped(text: &str, skipped: &[String]) -> (String, Vec<usize>) {
    let mut kept = String::with_capacity(text.len());
    let mut at = Vec::with_capacity(text.len() + 1);
    let mut start = 0;
    // Words are the runs between whitespace; a word keeps its punctuation ("really," is no "really").
    for word in text.split_inclusive(char::is_whitespace) {
        let bare = word.trim_end();
        let skip = skipped.iter().any(|s| s == bare);
        if !skip && !bare.is_empty() {
            if !kept.is_empty() {
                kept.push(' ');
                at.push(start - 1);
            }
            kept.push_str(bare);
            at.extend(start..start + bare.len());
        }
        start += word.len();
    }
    at.push(text.len());
    (kept, at)
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
        let rows: Vec<&str> = tsv.lines().filter(|l| !l.starts_with('#') && !l.trim().is_empty()).collect();
        let (skip, concepts): (Vec<&str>, Vec<&str>) = rows.into_iter().partition(|l| l.starts_with("skip\t"));
        let concepts: Vec<&str> = concepts.into_iter().filter(|l| !l.starts_with("near\t")).collect();
        for line in &concepts {
            let columns: Vec<&str> = line.split('\t').collect();
            assert_eq!(columns.len(), 4, "{line}");
            assert!(columns.iter().all(|c| !c.trim().is_empty()), "{line}");
        }
        assert_eq!(table().concepts.len(), concepts.len());
        assert_eq!(skip.len(), 1, "one row of skipped words");
        assert!(table().skipped.iter().all(|w| !["no", "not", "안", "못"].contains(&w.as_str())), "none negates");
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
    fn words_of_degree_and_time_inside_a_phrase_change_nothing() {
        assert_eq!(names("ears have been ringing nonstop"), ["Ringing in ears (tinnitus)"]);
        assert_eq!(names("잠을 너무 못자요"), ["Insomnia"]);
        assert_eq!(names("점심을 거의 안먹고 와요"), names("점심을 안먹고 와요"));
        assert_eq!(names("속이 계속 메슥거려요"), ["Nausea"]);
        // A phrase with a skipped word of its own is found with another in its place.
        assert_eq!(names("his lips are super dry and cracked"), names("his lips are dry"));
        assert!(!names("his lips are dry").is_empty());
        // The text keeps its place: the found words are those written.
        let text = "요즘 잠이 더 안와요";
        let (_, start, end) = find(text)[0];
        assert_eq!(&text[start..end], "잠이 더 안와");
        // A negation is never skipped, and a skipped word is a whole word.
        assert!(names("잠을 너무 잘 자요").is_empty());
        assert!(names("my ears are really fine").is_empty());
        assert_eq!(without_skipped("so  tired, really", &["so".into(), "really".into()]).0, "tired,");
    }

    #[test]
    fn a_complaint_said_of_a_part_of_the_body_in_words_of_its_own_is_read() {
        assert_eq!(names("my lower back has been absolutely killing me"), ["Low back pain"]);
        assert_eq!(names("numbness in my feet at night"), ["Numbness"]);
        assert_eq!(names("swelling in her ankles"), ["Swelling"]);
        assert_eq!(names("발끝이 저리고"), ["Numbness"]);
        assert_eq!(names("허리 통증을 호소하세요"), ["Low back pain"]);
        assert_eq!(names("귀 아프다고 울어요"), ["Ear pain"]);
        assert_eq!(names("손을 막 떨더라구요"), ["Tremor"]);
        assert_eq!(names("침삼킬때도 아프대"), ["Painful swallowing"]);
        // Not a pair: another clause, a negation, a word that only starts like the part.
        assert!(names("my back is fine and it hurts to breathe").iter().all(|n| *n != "Low back pain"));
        assert!(names("my knees are not sore").is_empty());
        assert!(names("허리가 아프진 않고").iter().all(|n| *n != "Numbness"));
        assert!(names("발표하는데 아파서").is_empty(), "발표 is no foot");
        assert!(names("등산 다녀와서 아파요").iter().all(|n| *n != "Upper back pain"));
        assert!(names("손을 떨어뜨렸어요").is_empty(), "dropping a thing is no tremor");
    }

    #[test]
    fn every_near_row_names_a_concept_of_the_table() {
        let rows = include_str!("symptom_words.tsv").lines().filter(|l| l.starts_with("near\t")).count();
        assert_eq!(table().near.len(), rows);
        assert!(table().near.iter().all(|n| !n.parts.is_empty() && !n.complaints.is_empty()));
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
