//! The Korean-to-English query bridge: the corpus is English, so a Korean question is searched with
//! the English names of the concepts it mentions and the English words of what it asks about
//! (symptoms, causes, treatment ...), each matching a MedQuAD question type.

use super::{ConceptKind, Lexicon};
use crate::i18n::has_hangul;

/// A kind of question, as MedQuAD's `qtype`, with the Korean and English words that ask it.
#[derive(Debug, PartialEq, Eq)]
pub struct Intent {
    /// The MedQuAD qtype.
    pub qtype: &'static str,
    /// English search words for it.
    pub en: &'static str,
    /// Korean cues, matched as substrings.
    pub ko: &'static [&'static str],
}

/// The intents, most specific first.
pub const INTENTS: &[Intent] = &[
    Intent { qtype: "complications", en: "complications", ko: &["합병증"] },
    Intent { qtype: "symptoms", en: "symptoms signs", ko: &["증상", "징후", "증세"] },
    Intent { qtype: "causes", en: "causes", ko: &["원인", "왜 생기", "왜 걸리", "이유"] },
    Intent { qtype: "prevention", en: "prevent prevention", ko: &["예방", "막으려면", "막을 수"] },
    Intent { qtype: "exams and tests", en: "diagnose tests", ko: &["검사", "진단"] },
    Intent {
        qtype: "treatment", en: "treatment treat", ko: &["치료", "낫", "고치", "약을", "약은", "약이"]
    },
    Intent { qtype: "inheritance", en: "inherited genetic", ko: &["유전"] },
    Intent { qtype: "outlook", en: "outlook prognosis", ko: &["전망", "예후", "완치"] },
    Intent { qtype: "susceptibility", en: "risk who gets", ko: &["잘 걸리", "위험", "누가 걸리", "누구"] },
    Intent { qtype: "frequency", en: "how many people common", ko: &["얼마나 흔", "흔한가", "흔한 병"] },
    Intent {
        qtype: "information", en: "what is", ko: &["무엇인가", "뭔가요", "뭐예요", "무엇이", "어떤 병", "이란"]
    },
];

/// A question bridged for keyword search over the English corpus.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct BridgedQuery {
    /// What to search for: the question itself when it has no Korean; otherwise its non-Korean
    /// words plus the English names of its concepts and intents.
    pub text: String,
    /// Ids of the concepts found.
    pub concepts: Vec<String>,
    /// MedQuAD qtypes the question asks about.
    pub qtypes: Vec<&'static str>,
}

/// Bridges `question` to English search terms.
pub fn bridge(lexicon: &Lexicon, question: &str) -> BridgedQuery {
    let mut concepts = Vec::new();
    let mut english_names = Vec::new();
    let mentions = lexicon.find(question);
    // Lab and vital names are the topic only when nothing else is: "HbA1c 8.2, 당뇨 합병증은?" asks about diabetes.
    let has_topic = mentions.iter().any(|m| !matches!(m.concept.kind, ConceptKind::Lab | ConceptKind::Vital));
    for mention in mentions {
        let measured = matches!(mention.concept.kind, ConceptKind::Lab | ConceptKind::Vital);
        if !concepts.contains(&mention.concept.id) {
            concepts.push(mention.concept.id.clone());
            if !(measured && has_topic) {
                english_names.push(mention.concept.en.clone());
            }
        }
    }
    let qtypes: Vec<&'static str> =
        INTENTS.iter().filter(|i| i.ko.iter().any(|cue| question.contains(cue))).map(|i| i.qtype).collect();
    if !has_hangul(question) {
        return BridgedQuery { text: question.to_string(), concepts, qtypes };
    }
    let mut parts: Vec<String> = question
        .split(|c: char| !c.is_ascii_alphanumeric() && c != '\'')
        // Numbers ("65세", "180") are facts about the patient, not search terms.
        .filter(|w| !w.is_empty() && !w.chars().all(|c| c.is_ascii_digit()))
        .map(str::to_string)
        .collect();
    parts.extend(english_names);
    parts.extend(INTENTS.iter().filter(|i| qtypes.contains(&i.qtype)).map(|i| i.en.to_string()));
    BridgedQuery { text: parts.join(" "), concepts, qtypes }
}
