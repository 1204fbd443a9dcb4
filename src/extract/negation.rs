//! Whether a concept mention says something about the patient: not when it is negated ("no fever",
//! "denies chest pain", "열은 없어요": English negators come shortly before the mention, Korean ones
//! shortly after it, in the same clause), and not when the sentence only asks about it ("What are
//! the symptoms of diabetes?") without saying anything about the asker. A medicine may also be said
//! not to be taken, or no longer ("I stopped warfarin", "와파린은 끊었어요").

const EN_BEFORE: &[&str] = &[
    "no ",
    "not ",
    "denies ",
    "denied ",
    "without ",
    "never had ",
    "don't have ",
    "do not have ",
    "doesn't have ",
    "free of ",
    "negative for ",
    "no history of ",
    "never ",
    "haven't had ",
    "not having ",
];
const KO_AFTER: &[&str] = &["없", "아니", "안 ", "않", "음성", "아닙"];
/// "안" before a verb of getting better says the complaint goes on ("두통이 안 나아요", "열이 안
/// 떨어져요"), not that there is none.
const KO_GOES_ON: &[&str] = &["안 나아", "안 낫", "안 떨어", "안 좋아", "안 멈", "안 가라앉", "안 내려", "안 들어"];

/// Korean verb endings that join a clause to the next: the negator of a mention comes before them
/// ("두통은 없고 기침이 나요": 기침 is not denied; "이미그란을 먹어도 두통이 안 나아요": the medicine is
/// taken).
const KO_JOINING_ENDINGS: &[&str] = &["고", "도", "서", "는데", "은데", "지만", "면", "며", "니까"];

/// The words after a mention up to the end of its own predicate: to the first written word that
/// joins the next clause (the mention's own particle, written with it, is no such word).
fn own_predicate(rest: &str) -> &str {
    let mut cut = rest.len();
    let mut at = 0;
    for (k, word) in rest.split_inclusive(char::is_whitespace).enumerate() {
        at += word.len();
        let continues_mention = k == 0 && !rest.starts_with(char::is_whitespace);
        if !continues_mention && KO_JOINING_ENDINGS.iter().any(|e| word.trim_end().ends_with(e)) {
            cut = at;
            break;
        }
    }
    &rest[..cut]
}

/// Whether the mention at `start..end` of `text` is negated.
pub fn is_negated(text: &str, start: usize, end: usize) -> bool {
    let (clause_start, clause_end) = super::patterns::clause_around(text, start, end);
    let before = text[clause_start..start].to_lowercase();
    // The negator must be within the last few words before the mention.
    let near: String =
        before.split_whitespace().rev().take(4).collect::<Vec<_>>().into_iter().rev().collect::<Vec<_>>().join(" ")
            + " ";
    if EN_BEFORE.iter().any(|n| near.contains(n)) {
        return true;
    }
    let after: String = own_predicate(&text[end..clause_end]).chars().take(12).collect();
    KO_AFTER.iter().any(|n| after.contains(n)) && !KO_GOES_ON.iter().any(|g| after.contains(g))
}

/// Words before a medicine that say it is not, or no longer, taken (the last few words before it).
const EN_NOT_TAKEN_BEFORE: &[&str] = &[
    "stopped ",
    "quit ",
    "not taking ",
    "not on ",
    "don't take ",
    "do not take ",
    "doesn't take ",
    "didn't take ",
    "no longer ",
    "came off ",
    "went off ",
    "weaned off ",
    "off of ",
    "discontinued ",
    "never took ",
    "never taken ",
    "haven't taken ",
    "not allowed ",
];
/// Words after a medicine, in its clause, that say the same ("warfarin was stopped", "I take no
/// aspirin anymore").
const EN_NOT_TAKEN_AFTER: &[&str] = &[" was stopped", " was discontinued", " anymore", " any more", " stopped"];
/// Korean forms after a medicine that say it is not, or no longer, taken: stopped (끊었어요,
/// 중단했어요, 그만 먹어요), not taken (안 먹어요, 먹지 않아요, 복용하지 않아요). A question whether it may
/// be taken ("먹으면 안 되나요?") or should be stopped ("끊어야 하나요?") is none of them.
const KO_NOT_TAKEN_AFTER: &[&str] = &[
    "끊었",
    "끊은",
    "끊음",
    "중단했",
    "중단한",
    "중단하였",
    "중단됐",
    "중단 했",
    "그만 먹",
    "그만먹",
    "그만뒀",
    "그만 뒀",
    "그만 복용",
    "안 먹",
    "안먹",
    "먹지 않",
    "복용하지 않",
    "복용 안 ",
    "복용을 안",
    "복용을 중단",
];
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
    let near: String =
        before.split_whitespace().rev().take(4).collect::<Vec<_>>().into_iter().rev().collect::<Vec<_>>().join(" ")
            + " ";
    let after = text[end..clause_end].to_lowercase();
    let en_after = EN_JOINS.iter().filter_map(|j| after.find(j)).min().map_or(&after[..], |i| &after[..i]);
    let ko_after = KO_JOINS.iter().filter_map(|j| after.find(j)).min().map_or(&after[..], |i| &after[..i]);
    EN_NOT_TAKEN_BEFORE.iter().any(|n| near.contains(n))
        || EN_NOT_TAKEN_AFTER.iter().any(|n| en_after.contains(n))
        || KO_NOT_TAKEN_AFTER.iter().any(|n| ko_after.contains(n))
}

const QUESTION_CUES: &[&str] = &[
    "?",
    "what ",
    "how ",
    "why ",
    "which ",
    "can ",
    "does ",
    "is it",
    "무엇",
    "뭐",
    "어떻",
    "왜",
    "하나요",
    "되나요",
    "까요",
    "인가요",
    "있나요",
];
/// Words by which a sentence speaks about the asker ("I have", "제가", "복용 중").
const SELF_CUES: &[&str] = &[
    "i ",
    "i'm",
    "i've",
    "my ",
    "me ",
    " me",
    "we ",
    "our ",
    "저는",
    "제가",
    "저도",
    "나는",
    "내가",
    "저의",
    "제 ",
    "우리",
    "있는데",
    "있어요",
    "있습니다",
    "있고",
    "환자",
    "앓",
    "먹고",
    "먹는",
    "복용",
    "진단",
    "처방",
    "걸렸",
    "mine",
];

/// Whether the sentence around the mention only asks about the concept.
pub fn is_only_asked_about(text: &str, start: usize, end: usize) -> bool {
    let from = text[..start].rfind(['.', '!', '?', '\n']).map_or(0, |i| i + 1);
    let to = text[end..].find(['.', '!', '?', '\n']).map_or(text.len(), |i| (end + i + 1).min(text.len()));
    let sentence = format!(" {} ", text[from..to].to_lowercase());
    QUESTION_CUES.iter().any(|c| sentence.contains(c)) && !SELF_CUES.iter().any(|c| sentence.contains(c))
}

#[cfg(test)]
mod tests {
    use super::{is_negated, is_not_taken, is_only_asked_about};

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
    fn questions_about_a_concept_say_nothing_about_the_asker() {
        let asked = |text: &str, word: &str| {
            let start = text.find(word).unwrap();
            is_only_asked_about(text, start, start + word.len())
        };
        assert!(asked("What are the symptoms of diabetes?", "diabetes"));
        assert!(asked("당뇨병 초기 증상은 무엇인가요?", "당뇨병"));
        assert!(!asked("I have diabetes. What should I eat?", "diabetes"));
        assert!(!asked("당뇨가 있는데 무엇을 먹어야 하나요?", "당뇨"));
        assert!(!asked("메트포르민을 복용 중인데 부작용이 뭐예요?", "메트포르민"));
        assert!(!asked("65세 남성으로 10년째 당뇨 환자입니다.", "당뇨"));
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
        assert!(negated("열이 안 나요", "열"));
        assert!(!negated("이미그란을 먹어도 두통이 안 나아요", "이미그란"));
        assert!(!negated("기침은 있는데 열은 없어요", "기침"));
        assert!(negated("기침은 있는데 열은 없어요", "열"));
        assert!(negated("메트포르민은 안 먹고 있어요", "메트포르민"));
    }
}
