//! Whether a concept mention says something about the patient: not when it is negated ("no fever",
//! "denies chest pain", "열은 없어요", or not known: "not sure if I had chickenpox", "수두 했는지 기억이
//! 안 나요"; English negators come shortly before the mention, Korean ones shortly after it, in the
//! same clause), and not when the sentence only asks about it ("What are
//! the symptoms of diabetes?") without saying anything about the asker. A medicine may also be said
//! not to be taken, or no longer ("I stopped warfarin", "와파린은 끊었어요").

use super::TEXT_WORDS;
use crate::core::site::site_words;

site_words!(TEXT_WORDS, en_before);
const KO_AFTER: &[&str] = &["없", "아니", "안 ", "않", "음성", "아닙", "지 기억", "지 모르", "지 몰라"];
// "안" before a verb of getting better or going away says the complaint goes on ("두통이 안 나아요",
// "열이 안 떨어져요", "속쓰림이 안 없어져요"), not that there is none.
site_words!(TEXT_WORDS, ko_goes_on);

/// Korean verb endings that join a clause to the next: the negator of a mention comes before them
/// ("두통은 없고 기침이 나요": 기침 is not denied; "이미그란을 먹어도 두통이 안 나아요": the medicine is
/// taken).
const KO_JOINING_ENDINGS: &[&str] = &["고", "도", "서", "는데", "은데", "지만", "면", "며", "니까"];

/// Korean endings that close a sentence, which Korean messages often leave unpunctuated ("밤에
/// 기침을 해요 열은 없구요": 기침 is not denied).
const KO_FINAL_ENDINGS: &[&str] = &["요", "죠", "니다", "음", "함"];

/// The words after a mention up to the end of its own predicate: to the first written word that
/// closes its sentence, or joins the next clause (the mention's own particle, written with it, is
/// no such word).
fn own_predicate(rest: &str) -> &str {
    let mut cut = rest.len();
    let mut at = 0;
    for (k, word) in rest.split_inclusive(char::is_whitespace).enumerate() {
        at += word.len();
        let continues_mention = k == 0 && !rest.starts_with(char::is_whitespace);
        // "해요ㅠㅠ", "없어요..": the ending is the last hangul syllable.
        let hangul = word.trim_end_matches(|c: char| !('가'..='힣').contains(&c));
        if KO_FINAL_ENDINGS.iter().any(|e| hangul.ends_with(e))
            || !continues_mention && KO_JOINING_ENDINGS.iter().any(|e| word.trim_end().ends_with(e))
        {
            cut = at;
            break;
        }
    }
    &rest[..cut]
}

/// The last four words of `before`, a space after each: where a word that turns what follows must
/// stand ("no ", "allergic to ").
fn last_words(before: &str) -> String {
    let words: Vec<&str> = before.split_whitespace().collect();
    words[words.len().saturating_sub(4)..].iter().map(|w| format!("{w} ")).collect()
}

/// Whether the mention at `start..end` of `text` is negated.
pub fn is_negated(text: &str, start: usize, end: usize) -> bool {
    let (clause_start, clause_end) = super::patterns::clause_around(text, start, end);
    let before = text[clause_start..start].to_lowercase();
    // The negator must be within the last few words before the mention.
    let near = last_words(&before);
    if en_before().iter().any(|n| near.contains(n)) {
        return true;
    }
    let after: String = own_predicate(&text[end..clause_end]).chars().take(12).collect();
    KO_AFTER.iter().any(|n| after.contains(n)) && !ko_goes_on().iter().any(|g| after.contains(g))
}

// Words before a medicine that say it is not, or no longer, taken (the last few words before it).
site_words!(TEXT_WORDS, en_not_taken_before);
// Words after a medicine, in its clause, that say the same ("warfarin was stopped", "I take no
// aspirin anymore").
site_words!(TEXT_WORDS, en_not_taken_after);
// Korean forms after a medicine that say it is not, or no longer, taken: stopped (끊었어요,
// 중단했어요, 그만 먹어요), not taken (안 먹어요, 먹지 않아요, 복용하지 않아요). A question whether it may
// be taken ("먹으면 안 되나요?") or should be stopped ("끊어야 하나요?") is none of them.
site_words!(TEXT_WORDS, ko_not_taken_after);
/// Where the words about one medicine end and the next clause begins: English joins before it,
/// Korean connective endings after it ("와파린 먹고 있고 아스피린은 끊었어요" stops aspirin only).
const EN_JOINS: &[&str] = &[" and ", " but ", " while ", " or "];
const KO_JOINS: &[&str] = &["고 ", "는데", "지만", "며 ", "면서", "데 "];

/// Whether a medicine mentioned at `start..end` of `text` is said not to be taken, or no longer
/// ("stopped taking warfarin", "no longer on lithium", "와파린은 3일 전에 끊었어요"), in its own
/// clause.
pub fn is_not_taken(text: &str, start: usize, end: usize) -> bool {
    let (clause_start, clause_end) = super::patterns::clause_around(text, start, end);
    let before = text[clause_start..start].to_lowercase();
    let before = EN_JOINS
        .iter()
        .filter_map(|j| before.rfind(j).map(|i| i + j.len()))
        .max()
        .map_or(&before[..], |i| &before[i..]);
    let near = last_words(before);
    let after = text[end..clause_end].to_lowercase();
    let en_after = EN_JOINS.iter().filter_map(|j| after.find(j)).min().map_or(&after[..], |i| &after[..i]);
    let ko_after = KO_JOINS.iter().filter_map(|j| after.find(j)).min().map_or(&after[..], |i| &after[..i]);
    en_not_taken_before().iter().any(|n| near.contains(n))
        || en_not_taken_after().iter().any(|n| en_after.contains(n))
        || ko_not_taken_after().iter().any(|n| ko_after.contains(n))
}

/// Words before a medicine (its last few) and after it (its first few) that say the person is allergic
/// to it: no medicine they take ("im allergic to penicillin", "penicillin allergy", "페니실린 알레르기가
/// 있어요").
const ALLERGY_BEFORE: &[&str] =
    &["allergic to ", "allergy to ", "allergies to ", "reaction to ", "allergic reaction to "];
const ALLERGY_AFTER: &[&str] = &[" allergy", " allergies", "-allergic", " allergic", "알레르기", "알러지", "앨러지"];

/// Whether the medicine at `start..end` of `text` is one the person is said to be allergic to.
pub fn is_allergy(text: &str, start: usize, end: usize) -> bool {
    let (clause_start, clause_end) = super::patterns::clause_around(text, start, end);
    let before = text[clause_start..start].to_lowercase();
    let near = last_words(&before);
    let after: String = text[end..clause_end].to_lowercase().chars().take(12).collect();
    ALLERGY_BEFORE.iter().any(|a| near.contains(a)) || ALLERGY_AFTER.iter().any(|a| after.contains(a))
}

// Words before a medicine, in its sentence, that ask whether to take it ("can I take", "is it safe
// to", "how much ... can I"): the rightmost of these and [`en_taken_before()`] decides.
site_words!(TEXT_WORDS, en_asked_before);
// Words before a medicine that say it is taken (by the writer or the person the clause names).
site_words!(TEXT_WORDS, en_taken_before);
/// The word right after a medicine that asks about taking it ("is ibuprofen safe", "advil ok?").
const EN_ASKED_AFTER: &[&str] = &["safe", "ok", "okay", "fine", "alright", "allowed", "dangerous"];
// Words whose sentence asks even without a question mark where it starts with them ("how much
// tylenol can i take in a day", "what is gout"); inside a sentence they need not ("she can barely
// walk").
site_words!(TEXT_WORDS, en_question_starts);
/// Words after which "i take" asks rather than says ("can i take", "should i take").
const MODALS: &[&str] = &["can", "could", "may", "should", "shall", "would", "will", "to", "do", "does"];
/// The words naming whose a medicine is, right before it ("my aspirin", "his metformin").
const POSSESSIVES: &[&str] = &["my", "his", "her", "their", "our", "your"];
// Korean forms after a medicine, in its own predicate, that ask whether it may or should be taken
// ("먹어도 되나요", "복용해도 될까요", "먹으면 안 되나요", "먹을 수 있나요", "먹어야 하나요").
site_words!(TEXT_WORDS, ko_asked_after);
/// How many words after a Korean medicine its own predicate may take ("세티리진 아이한테 먹여도 될까요").
const KO_PREDICATE_WORDS: usize = 4;
// Korean forms that say it is or was taken: a past tense, taking now (먹는, 먹고, 복용 중).
site_words!(TEXT_WORDS, ko_taken_after);

/// Whether the medicine at `start..end` of `text` is only asked about taking ("can I take ibuprofen?",
/// "타이레놀 먹어도 되나요?", "is Advil safe?"), not said to be taken: its sentence asks, and the
/// nearest cue before it (English) or its own predicate after it (Korean) asks whether to take it
/// rather than saying it is taken. A medicine named as someone's ("my aspirin") is theirs.
pub fn is_asked_whether_to_take(text: &str, start: usize, end: usize) -> bool {
    const SENTENCE_MARKS: [char; 4] = ['.', '!', '?', '\n'];
    let (sentence_start, sentence_end) = super::patterns::around(text, start, end, 160, &SENTENCE_MARKS);
    // The sentence's own mark is read with it: "?" asks.
    let sentence_end = sentence_end + usize::from(text[sentence_end..].starts_with(SENTENCE_MARKS));
    let before = text[sentence_start..start].to_lowercase();
    let after = text[end..sentence_end].to_lowercase();
    let words: Vec<&str> = before.split_whitespace().collect();
    if words.iter().rev().take(2).any(|w| POSSESSIVES.contains(w)) {
        return false;
    }
    // Korean: the medicine's own predicate, its next few words up to the first ending that joins
    // the next clause.
    let near = after.split_inclusive(char::is_whitespace).take(KO_PREDICATE_WORDS).map(str::len).sum::<usize>();
    let own = KO_JOINS.iter().filter_map(|j| after[..near].find(j)).min().map_or(&after[..near], |i| &after[..i]);
    let first = |cues: &[&str]| cues.iter().filter_map(|c| own.find(c)).min();
    if let Some(asked) = first(ko_asked_after()) {
        return first(ko_taken_after()).is_none_or(|taken| asked < taken);
    }
    let opening = before.trim_start();
    if !after.contains('?') && !en_question_starts().iter().any(|q| opening.starts_with(q)) {
        return false;
    }
    // Where the last cue of each kind ends; "i take" after a modal ("can i take") asks.
    let last = |cues: &[&str]| {
        cues.iter()
            .filter_map(|c| before.rfind(c).map(|i| (i, i + c.len())))
            .filter(|&(i, _)| !MODALS.contains(&before[..i].split_whitespace().last().unwrap_or("")))
            .map(|(_, end)| end)
            .max()
    };
    let taken = last(en_taken_before());
    if last(en_asked_before()).is_some_and(|asked| taken.is_none_or(|taken| asked > taken)) {
        return true;
    }
    let next = after.split_whitespace().next().unwrap_or("").trim_end_matches(['?', ',']);
    taken.is_none() && EN_ASKED_AFTER.iter().any(|c| c.trim_start() == next)
}

// Marks that ask wherever they are: a question mark, Korean question words and endings.
site_words!(TEXT_WORDS, question_cues);
// Words by which a sentence speaks about the asker ("I have", "제가", "복용 중").
site_words!(TEXT_WORDS, self_cues);

/// Whether the sentence around the mention only asks about the concept.
pub fn is_only_asked_about(text: &str, start: usize, end: usize) -> bool {
    let (from, to) = sentence_around(text, start, end);
    let sentence = format!(" {} ", text[from..to].to_lowercase());
    let asks = question_cues().iter().any(|c| sentence.contains(c))
        || en_question_starts().iter().any(|c| sentence.trim_start().starts_with(c));
    asks && !self_cues().iter().any(|c| sentence.contains(c))
}

/// The sentence around `start..end`: from a full stop, a question or exclamation mark or a line
/// break to the next, or to and from a Korean predicate ended without one (a written word ending in
/// "요", "ㅠ", "ㅜ": "발이 퉁퉁 붓고 손도 저리대요 이거 정상인가요?" states the swelling, then asks) or in
/// a connective or a report that ends a statement ("목이 아프다는데 편도염인가?", "아프대 ...").
fn sentence_around(text: &str, start: usize, end: usize) -> (usize, usize) {
    let korean_end = |p: usize| {
        let mut before = text[..p].chars().rev();
        match (before.next(), before.next()) {
            (Some('요' | 'ㅠ' | 'ㅜ'), _) => true,
            (Some('데' | '대'), Some(c)) => crate::core::is_hangul(c),
            _ => false,
        }
    };
    let spaces = |range: std::ops::Range<usize>| {
        text[range.clone()].char_indices().filter(|(_, c)| c.is_whitespace()).map(move |(i, _)| range.start + i)
    };
    let from = text[..start].rfind(['.', '!', '?', '\n']).map_or(0, |i| i + 1);
    let from = spaces(from..start).rfind(|&p| korean_end(p)).map_or(from, |p| p + 1);
    let to = text[end..].find(['.', '!', '?', '\n']).map_or(text.len(), |i| (end + i + 1).min(text.len()));
    let to = spaces(end..to).find(|&p| korean_end(p)).unwrap_or(to);
    (from, to)
}

#[cfg(test)]
mod tests {
    use super::{is_asked_whether_to_take, is_negated, is_not_taken, is_only_asked_about};

    #[test]
    fn a_medicine_asked_about_taking_is_not_said_taken() {
        let asked = |text: &str, word: &str| {
            let start = text.find(word).unwrap();
            is_asked_whether_to_take(text, start, start + word.len())
        };
        for (text, word) in [
            ("can I take ibuprofen?", "ibuprofen"),
            ("Is it safe to take Advil while pregnant?", "Advil"),
            ("how much tylenol can i take in a day if i have fatty liver", "tylenol"),
            ("is ibuprofen safe for kids?", "ibuprofen"),
            ("I take warfarin. Can I take Advil with it?", "Advil"),
            ("My mother takes lithium, can she take ibuprofen?", "ibuprofen"),
            ("타이레놀 먹어도 되나요", "타이레놀"),
            ("남편이 아스피린 먹는데 저도 아스피린 먹어도 되나요?", "아스피린 먹어도"),
            ("이부프로펜 먹으면 안 되나요?", "이부프로펜"),
            ("아이한테 세티리진 먹여도 될까요?", "세티리진"),
        ] {
            let word = word.split(' ').next().unwrap();
            let start = text.rfind(word).unwrap();
            assert!(is_asked_whether_to_take(text, start, start + word.len()), "{text}");
        }
        // Said taken (now, before, by someone), or named as someone's: not only asked about.
        assert!(!asked("I take warfarin. Can I take Advil with it?", "warfarin"));
        assert!(!asked("Can I take ibuprofen while on warfarin?", "warfarin"));
        assert!(!asked("took sumatriptan at 2pm. can i take a second one?", "sumatriptan"));
        assert!(!asked("Should I stop my aspirin before surgery?", "aspirin"));
        assert!(!asked("My mother takes lithium, can she take ibuprofen?", "lithium"));
        assert!(!asked("남편이 아스피린 먹는데 저도 먹어도 되나요?", "아스피린"));
        assert!(!asked("둘코락스 매일 먹는데 계속 먹어도 되나요", "둘코락스"));
        assert!(!asked("수마트립탄 먹은지 2시간 됐는데 한알 더 먹어도 되나요?", "수마트립탄"));
        assert!(!asked("타이레놀 먹었어요 괜찮을까요?", "타이레놀"));
        assert!(!asked("언니는 이미그란 먹고 저는 타이레놀로 버텨요 저도 이미그란 처방 받을까요", "타이레놀"));
        assert!(!asked("I take metformin every morning", "metformin"));
    }

    #[test]
    fn a_medicine_said_stopped_or_not_taken_is_not_taken() {
        let not_taken = |text: &str, word: &str| {
            let start = text.find(word).unwrap();
            is_not_taken(text, start, start + word.len())
        };
        assert!(not_taken("I stopped taking warfarin last month.", "warfarin"));
        assert!(not_taken("I'm no longer on lithium", "lithium"));
        assert!(not_taken("My doctor said the aspirin was stopped.", "aspirin"));
        assert!(not_taken("와파린은 3일 전에 끊었어요.", "와파린"));
        assert!(not_taken("아스피린은 안 먹어요", "아스피린"));
        assert!(not_taken("리튬 복용을 중단했어요", "리튬"));
        // Taken, asked about or planned: still taken.
        assert!(!not_taken("I take warfarin. Can I take Advil with it?", "warfarin"));
        assert!(!not_taken("Can I take Advil with it?", "Advil"));
        assert!(!not_taken("와파린 먹는데 애드빌 먹으면 안 되나요?", "애드빌"));
        assert!(!not_taken("와파린 먹는데 애드빌 먹으면 안 되나요?", "와파린"));
        assert!(!not_taken("Should I stop my aspirin before surgery?", "aspirin"));
        assert!(!not_taken("와파린 끊어야 하나요?", "와파린"));
        // Each medicine in its own clause: only the one said stopped is.
        assert!(!not_taken("와파린 먹고 있고 아스피린은 끊었어요", "와파린"));
        assert!(not_taken("와파린 먹고 있고 아스피린은 끊었어요", "아스피린"));
        assert!(!not_taken("I stopped aspirin and take warfarin now", "warfarin"));
        assert!(not_taken("I stopped aspirin and take warfarin now", "aspirin"));
        assert!(!not_taken("I take warfarin and my headache stopped", "warfarin"));
    }

    #[test]
    fn a_medicine_the_person_is_allergic_to_is_none_they_take() {
        let allergic = |text: &str, word: &str| {
            let start = text.find(word).unwrap();
            super::is_allergy(text, start, start + word.len())
        };
        assert!(allergic("im allergic to penicillin so they gave me azithromycin", "penicillin"));
        assert!(!allergic("im allergic to penicillin so they gave me azithromycin", "azithromycin"));
        assert!(allergic("penicillin allergy here", "penicillin"));
        assert!(allergic("페니실린 알레르기가 있어요", "페니실린"));
        assert!(!allergic("I take amoxicillin for strep", "amoxicillin"));
    }

    #[test]
    fn questions_about_a_concept_say_nothing_about_the_asker() {
        let asked = |text: &str, word: &str| {
            let start = text.find(word).unwrap();
            is_only_asked_about(text, start, start + word.len())
        };
        assert!(asked("What are the symptoms of diabetes?", "diabetes"));
        assert!(asked("how do you get rid of gout", "gout"));
        // "can" inside a sentence asks nothing: said of someone else, the complaint is stated.
        assert!(!asked("mom's hip hurts so bad she can barely walk", "hip hurts"));
        assert!(asked("당뇨병 초기 증상은 무엇인가요?", "당뇨병"));
        assert!(!asked("I have diabetes. What should I eat?", "diabetes"));
        assert!(!asked("당뇨가 있는데 무엇을 먹어야 하나요?", "당뇨"));
        assert!(!asked("메트포르민을 복용 중인데 부작용이 뭐예요?", "메트포르민"));
        assert!(!asked("65세 남성으로 10년째 당뇨 환자입니다.", "당뇨"));
        // A Korean sentence ended without a full stop states; the question after it asks alone.
        assert!(!asked("발이 퉁퉁 붓고 손도 저리대요 이거 정상인가요?", "퉁퉁"));
        assert!(!asked("발목을 접질렀는데 많이 부었어요 깁스해야되나요", "부었"));
        assert!(!asked("민지가 목이 너무 아프다는데 침삼킬때도 아프대 편도염인가?", "목이"));
        assert!(!asked("콧물 줄줄 나고 목도 따끔거리는데 뭐 먹어도 되는지 모르겠어요", "콧물"));
        assert!(asked("30대 당뇨 어떻게 관리하나요?", "당뇨"), "an age in its decade ends no statement");
        assert!(!asked("무릎이 아파요 왜 그럴까요", "아파요"));
        assert!(asked("요즘 궁금한게 있어요 통풍은 왜 생기나요?", "통풍"));
        // English is read to its full stop, as before: "swollen feet, is that normal?" only asks.
        assert!(asked("swollen feet in pregnancy, is that normal?", "swollen"));
    }

    fn negated(text: &str, word: &str) -> bool {
        let start = text.find(word).unwrap();
        is_negated(text, start, start + word.len())
    }

    #[test]
    fn english_and_korean_negation() {
        assert!(negated("no fever today", "fever"));
        assert!(negated("Patient denies chest pain.", "chest pain"));
        assert!(negated("I don't have diabetes", "diabetes"));
        assert!(negated("열은 없어요", "열"));
        assert!(negated("두통은 없고 기침이 나요", "두통"));
        assert!(!negated("두통은 없고 기침이 나요", "기침"));
        assert!(!negated("I have a fever, no cough", "fever"));
        assert!(!negated("당뇨가 있어요", "당뇨"));
        assert!(!negated("Not sure, but I have asthma", "asthma"));
        assert!(!negated("이미그란을 먹어도 두통이 안 나아요", "두통"));
        assert!(!negated("열이 안 떨어져요", "열"));
        assert!(!negated("넥시움 한달 먹어도 속쓰림이 안없어져요", "속쓰림"));
        assert!(negated("열이 안 나요", "열"));
        assert!(!negated("이미그란을 먹어도 두통이 안 나아요", "이미그란"));
        assert!(!negated("기침은 있는데 열은 없어요", "기침"));
        assert!(negated("기침은 있는데 열은 없어요", "열"));
        assert!(negated("메트포르민은 안 먹고 있어요", "메트포르민"));
        // A sentence left unpunctuated ends at its final ending.
        assert!(!negated("밤에 기침을 해요 열은 없구요", "기침"));
        assert!(!negated("누런가래도 나오고요 열은 없어요", "가래"));
        assert!(!negated("기침해요ㅠㅠ 열은 없어요", "기침"));
        assert!(negated("밤에 기침을 해요 열은 없구요", "열"));
        assert!(negated("기침은 안 해요", "기침"));
        assert!(negated("열이 나지는 않아요", "열"));
    }

    #[test]
    fn not_knowing_whether_one_had_it_says_nothing() {
        assert!(negated("I'm not sure if I had chickenpox as a kid", "chickenpox"));
        assert!(negated("I don't remember if I had measles", "measles"));
        assert!(negated("저는 어릴때 수두 했는지 기억이 안나요", "수두"));
        assert!(negated("홍역을 앓았는지 모르겠어요", "홍역"));
        // Said had: kept.
        assert!(!negated("I had chickenpox as a kid", "chickenpox"));
        assert!(!negated("어릴 때 수두 했어요", "수두"));
    }

    #[test]
    fn a_medicine_one_asks_to_get_is_not_taken() {
        let asked = |text: &str, word: &str| {
            let start = text.rfind(word).unwrap();
            is_asked_whether_to_take(text, start, start + word.len())
        };
        assert!(asked("저도 이미그란 처방 받을까요", "이미그란"));
        assert!(asked("타이레놀 먹을까요?", "타이레놀"));
        assert!(asked("Should I get Imitrex too?", "Imitrex"));
        assert!(!asked("언니는 이미그란 먹고 저는 타이레놀로 버텨요", "이미그란"));
    }
}
