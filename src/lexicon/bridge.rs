//! The Korean-to-English query bridge: the corpus is English, so a Korean question is searched with
//! the English names of the concepts it mentions and the English words of what it asks about
//! (symptoms, causes, treatment ...), each matching a MedQuAD question type; everyday words for how
//! one feels ("어지러워요" -> dizziness) and foreign names written by sound ("렙토스피라증" ->
//! leptospirosis) are carried over too. Its coverage (the share of the question's topic words it
//! understood) tells the relevance check whether the English search stands for the question.

use super::readings::readings;
use super::translit::{strip_name_ending, NAME_ENDINGS};
use super::{ConceptKind, Lexicon};
use crate::core::tokenizer::strip_korean_suffix;
use crate::core::{has_hangul, Lang};

/// A kind of question, with the Korean and English words that ask it.
#[derive(Debug, PartialEq, Eq)]
pub struct Intent {
    /// The MedQuAD qtype it asks for; side effects, dosage and transmission have no qtype of their
    /// own and are named as such.
    pub qtype: &'static str,
    /// English search words for it.
    pub en: &'static str,
    /// Korean cues, matched as substrings with spaces ignored.
    pub ko: &'static [&'static str],
    /// Korean words that ask it as a whole written word (their particle aside): 약 "medicine" asks
    /// for treatment, but 약간 "a little" and 예약 "booking" do not.
    pub words: &'static [&'static str],
}

/// The intents, most specific first.
pub const INTENTS: &[Intent] = &[
    Intent {
        qtype: "complications",
        en: "complications",
        // What a condition turns into or does when left alone (위암으로 가나요, 투석까지 가나요, 방치하면).
        ko: &[
            "합병증",
            "후유증",
            "영향",
            "으로가나",
            "로가나",
            "으로갈수",
            "로갈수",
            "으로번지",
            "로번지",
            "까지가나",
            "까지하게",
            "방치하면",
            "그냥두면",
            "놔두면",
        ],
        words: &[],
    },
    Intent { qtype: "side effects", en: "side effects", ko: &["부작용"], words: &[] },
    Intent {
        qtype: "dosage",
        en: "dose how to take",
        ko: &["복용법", "복용량", "용량", "먹는법", "몇알", "하루에몇"],
        words: &[],
    },
    Intent {
        qtype: "transmission",
        en: "spread transmitted contagious",
        ko: &["전염", "옮나", "옮아", "옮기나", "옮을", "감염되", "퍼지", "어떻게걸리"],
        words: &[],
    },
    Intent {
        qtype: "symptoms", en: "symptoms signs", ko: &["증상", "징후", "증세", "어떤느낌", "특징"], words: &[]
    },
    Intent {
        qtype: "causes",
        en: "causes",
        ko: &[
            "원인",
            "왜생기",
            "왜생겨",
            "왜생긴",
            "왜걸리",
            "왜걸려",
            "왜그런",
            "왜이런",
            "왜이렇",
            "왜자꾸",
            "왜재발",
            "왜낮아",
            "왜높아",
            "이유",
            "때문",
        ],
        words: &[],
    },
    Intent {
        qtype: "prevention",
        en: "prevent prevention",
        ko: &["예방", "막으려면", "막을수", "안걸리", "재발안", "재발방지", "재발하지않", "재발을막", "조심"],
        words: &[],
    },
    Intent {
        qtype: "exams and tests",
        en: "diagnose tests",
        // A value's cut-off is how it is diagnosed (몇부터 고혈압이에요, 진단 기준).
        ko: &["검사", "진단", "검진", "촬영", "판정", "기준", "몇부터", "몇이상", "몇이면"],
        words: &["수치", "결과", "검사결과"],
    },
    Intent {
        qtype: "treatment",
        en: "treatment treat",
        // Caring for it, getting rid of it, what to take or give, whether to see a doctor or leave it.
        ko: &[
            "치료",
            "낫",
            "나아지",
            "나아져",
            "고치",
            "약을",
            "약은",
            "약이",
            "수술",
            "시술",
            "좋아지",
            "관리",
            "없애",
            "먹어야",
            "드셔야",
            "먹여야",
            "먹이면",
            "먹여도",
            "떼야",
            "떼어야",
            "해줘야",
            "해줄수",
            "식단",
            "조절",
            "둬도",
            "병원가야",
            "병원꼭가야",
            "병원에가야",
            // Whether a remedy works: taking, getting or applying it (먹으면 나아요, 주사 맞으면, 바르면).
            "먹으면",
            "맞으면",
            "바르면",
            "발라도",
        ],
        words: &["약", "약물", "처방", "처방약", "복용"],
    },
    Intent { qtype: "inheritance", en: "inherited genetic", ko: &["유전"], words: &[] },
    Intent {
        qtype: "outlook",
        en: "outlook prognosis",
        // How long it lasts and whether it goes (얼마나 가요, 언제 끝나요, 평생 가나요, 돌아오나요).
        ko: &[
            "전망",
            "예후",
            "완치",
            "위험한가",
            "위험한가요",
            "회복",
            "생존",
            "수명",
            "얼마나살",
            "얼마나더살",
            "얼마나더사",
            "얼마나가",
            "오래가",
            "평생가",
            "언제끝나",
            "언제쯤",
            "앞으로어떻게",
            "진행이어떻게",
            "돌아오나",
            "돌아올까",
            "돌아오는거",
            "나이들면좋아",
        ],
        words: &[],
    },
    Intent {
        qtype: "susceptibility",
        en: "risk who gets",
        ko: &["잘걸리", "위험", "누가걸리", "누구", "확률"],
        words: &[],
    },
    Intent {
        qtype: "frequency", en: "how many people common", ko: &["얼마나흔", "흔한가", "흔한병"], words: &[]
    },
    Intent {
        qtype: "information",
        en: "what is",
        ko: &["무엇인가", "뭔가요", "뭐예요", "뭐에요", "무엇이", "어떤병", "이란", "란뭔", "뭐죠"],
        words: &[],
    },
];

impl Intent {
    /// Whether written Korean word `word` (its particle removed: `stem`) asks this: it begins with a
    /// cue, or it is one of the intent's words.
    fn asked_by(&self, word: &str, stem: &str) -> bool {
        self.ko.iter().any(|c| word.starts_with(c) || stem.starts_with(c))
            || self.words.contains(&word)
            || self.words.contains(&stem)
    }
}

/// Written Korean words that carry no topic (question words, "to be", "please tell me" ...): the
/// bridge's coverage of a question counts the other words. Matched as word beginnings.
const FUNCTION_WORDS: &[&str] = &[
    "어떻",
    "어떤",
    "어떡",
    "어디",
    "언제",
    "무엇",
    "뭐",
    "뭔",
    "왜",
    "있",
    "없",
    "하",
    "해",
    "되",
    "돼",
    "된",
    "가끔",
    "그런",
    "그렇",
    "이런",
    "저런",
    "어느",
    "얼마",
    "몇",
    "알려",
    "궁금",
    "좀",
    "그래",
    "그냥",
    "거",
    "것",
    "수",
    "때",
    "인가",
    "이에",
    "예요",
    "에요",
    "이",
    "그",
    "저",
    "제",
    "내",
    "우리",
    "정말",
    "진짜",
    "혹시",
    "가능",
    "대해",
    "대신",
    "관해",
    "같",
    "싶",
    "요",
    "네",
    "나요",
    "건가",
    "인데",
    "는데",
    "데",
    "계속",
    "자꾸",
    "많이",
    "너무",
    "조금",
    "약간",
    "다른",
    "또",
    "더",
    "잘",
    "안",
    "못",
    "걸리",
    "생기",
    "나타",
    "방법",
    "느낌",
    "기분",
    "도는",
    "나는",
    "드는",
    "오는",
    "올라",
    "변하",
    "움직",
    "해야",
    "먹어도",
    "먹",
    "복용",
    "같이",
    "함께",
    "뭘",
    "괜찮",
    "정상",
    "아닌",
    "맞나",
    "말",
    "걱정",
    "보통",
    "일",
    "주세요",
    "줘",
    // Who and how long: facts about the patient that the slot extractor reads, no search topic.
    "남성",
    "여성",
    "남자",
    "여자",
    "환자",
    "정도",
    "년",
    "개월",
    "세",
    "살",
    "째",
    "입니다",
    "이고",
    "현재",
    "지금",
    "요즘",
    "최근",
    "전부터",
    "부터",
    "아버지",
    "어머니",
    "엄마",
    "아빠",
    "아이",
    "아기",
    "남편",
    "아내",
    "친구",
    "할머니",
    "할아버지",
    "부모",
    "아들",
    "동생",
    "누나",
    "언니",
    "오빠",
    "손자",
    "손녀",
    "시어머니",
    "시아버지",
    "장모",
    "장인",
    "어르신",
    "가족",
    // Generic disease words: the name before them carries the topic ("길랑바레 증후군").
    "증후군",
    "질환",
    "질병",
    "감염",
    "바이러스",
    "병",
];

/// Endings of Korean verbs and adjectives ("있나요", "아파서", "먹으면", "먹어도", "먹어야"), also made
/// into a noun ("보이는건" "what shows", "아픈거").
const PREDICATE_ENDINGS: &[&str] = &[
    "요", "죠", "는데", "어서", "아서", "해서", "워서", "으면", "하면", "하고", "니다", "는지", "은지", "려고", "는다",
    "한다", "어도", "아도", "해도", "워도", "어야", "아야", "해야", "워야", "을까", "할까", "될까", "하나", "되나",
    "봐", "는건", "는거", "는게", "은건", "은거", "은게", "던건", "던거", "던게",
];
/// Endings that follow a verb's contracted infinitive (발라도, 버텨도, 나가도, 받아봐야, 가서).
const INFINITIVE_ENDINGS: &[char] = &['도', '야', '서'];
/// Vowels a contracted infinitive ends in (ㅏ ㅐ ㅓ ㅕ ㅘ ㅝ, as indexed in a Hangul syllable).
const INFINITIVE_VOWELS: &[u32] = &[0, 1, 4, 6, 9, 14];
/// Syllables a word needs to be read as a drug's name by sound: the medicine list names the short
/// brands, and a two-syllable word that sounds like some drug is an ordinary word (두번, 고딩, 구멍).
const MIN_DRUG_SYLLABLES: usize = 3;
/// Sino-Korean derivational suffixes (性 -ness, 的 -ic, 型 type, 感 feeling): a word built with one is
/// Korean (돌발성 "sudden", 지속적 "lasting"), never a foreign name written by sound.
const SINO_KOREAN_SUFFIXES: &[char] = &['성', '적', '형', '감'];
/// Last syllables of a verb or adjective once its particle is gone ("갔다", "먹었고", "아프면",
/// "힘들게", "봤던", "드물다던데"): such a word is a predicate, never a foreign name written by sound.
const PREDICATE_FINALS: &[char] = &[
    '다', '고', '면', '며', '게', '지', '니', '까', '네', '서', '던', '는', '은', '을', '겠', '았', '었', '했', '랬',
    '졌', '데',
];

/// A question bridged for keyword search over the English corpus.
#[derive(Clone, Debug, PartialEq)]
pub struct BridgedQuery {
    /// What to search for: the question itself when it has no Korean; otherwise its non-Korean
    /// words (numbers aside) plus the English of its concepts, everyday words, transliterated names
    /// and intents; empty when none of that was found.
    pub text: String,
    /// Ids of the concepts found (by name or by transliteration).
    pub concepts: Vec<String>,
    /// The kinds of question it asks ([`Intent::qtype`]).
    pub qtypes: Vec<&'static str>,
    /// Everyday Korean stems found, with their English.
    pub phrases: Vec<(String, String)>,
    /// Hangul words matched to English names by sound: (word, English name, similarity).
    pub transliterations: Vec<(String, String, f64)>,
    /// The share of the question's Korean topic words the bridge understood (1 without Korean).
    pub coverage: f64,
    /// The Korean topic words the bridge could not understand, as written (the answer names them).
    pub unknown: Vec<String>,
}

/// Bridges `question` to English search terms.
pub fn bridge(lexicon: &Lexicon, question: &str) -> BridgedQuery {
    let mut concepts = Vec::new();
    let mut english_names: Vec<String> = Vec::new();
    let found_phrases = lexicon.find_phrases(question);
    // The longest reading wins across the two vocabularies: 신증후군출혈열 is the everyday name of
    // hantavirus, not 신증후군 (nephrotic syndrome) and more.
    let in_longer_phrase = |m: &super::Mention| {
        found_phrases.iter().any(|p| p.start <= m.start && m.end <= p.end && p.end - p.start > m.end - m.start)
    };
    let mut mentions: Vec<super::Mention> =
        lexicon.find(question).into_iter().filter(|m| !in_longer_phrase(m)).collect();
    // A topic named only by question words (약 부작용: Drug Reactions) is what a question asks about
    // only when it names nothing else: "조현병 약 부작용" asks about schizophrenia's medicines.
    let asking_topic =
        |m: &super::Mention| m.concept.kind == ConceptKind::Topic && asks_only(&question[m.start..m.end]);
    if mentions.iter().any(|m| !asking_topic(m)) {
        mentions.retain(|m| !asking_topic(m));
    }
    // A condition the writer had taken it for ("방광염인줄 알았는데 신우신염이래요") is not what they ask
    // about when another is named: it is read, but not searched.
    let was_taken_for = |m: &super::Mention| m.concept.kind == ConceptKind::Condition && taken_for(&question[m.end..]);
    let mut understood: Vec<(usize, usize)> = Vec::new();
    if mentions.iter().any(|m| m.concept.kind == ConceptKind::Condition && !was_taken_for(m)) {
        understood.extend(mentions.iter().filter(|m| was_taken_for(m)).map(|m| (m.start, m.end)));
        mentions.retain(|m| !was_taken_for(m));
    }
    // A reading names its condition (혈압 150/95: high blood pressure) the way a doctor reads it.
    let read: Vec<&super::Concept> = readings(question)
        .iter()
        .filter_map(|r| {
            lexicon.find(r.condition).into_iter().find(|m| m.concept.kind == ConceptKind::Condition).map(|m| m.concept)
        })
        .collect();
    // Lab and vital names are the topic only when nothing else is: "HbA1c 8.2, 당뇨 합병증은?" asks about diabetes.
    let has_topic =
        !read.is_empty() || mentions.iter().any(|m| !matches!(m.concept.kind, ConceptKind::Lab | ConceptKind::Vital));
    for mention in &mentions {
        understood.push((mention.start, mention.end));
        let measured = matches!(mention.concept.kind, ConceptKind::Lab | ConceptKind::Vital);
        if !concepts.contains(&mention.concept.id) {
            concepts.push(mention.concept.id.clone());
            if !(measured && has_topic) {
                english_names.push(mention.concept.en.clone());
            }
            for topic in lexicon.class_topics(mention.concept) {
                if !english_names.contains(&topic.en) {
                    english_names.push(topic.en.clone());
                }
            }
            // A class named after a disease asks about that disease's medicines (뇌전증 약).
            let named =
                mention.concept.is_class().then(|| lexicon.named_condition(&question[mention.start..mention.end]));
            if let Some(condition) = named.flatten().filter(|c| !concepts.contains(&c.id)) {
                concepts.push(condition.id.clone());
                english_names.push(condition.en.clone());
            }
        }
    }
    for concept in read {
        if !concepts.contains(&concept.id) {
            concepts.push(concept.id.clone());
            english_names.push(concept.en.clone());
        }
    }
    // A test told as done ("건강검진에서", "조직검사 했더니", "진단 받으셨어요") is how the writer came
    // to know, not what they ask: its word is left out of the text the cues are read in.
    let spaced: Vec<&str> = question.split_whitespace().collect();
    let compact: String = spaced
        .iter()
        .enumerate()
        .filter(|&(k, word)| !test_told(word, spaced.get(k + 1).copied()))
        .map(|(_, word)| *word)
        .collect();
    let words: Vec<(usize, &str)> = hangul_words(question).collect();
    let asked_word = |intent: &Intent| {
        words.iter().any(|(_, w)| {
            intent.words.contains(w) || strip_korean_suffix(w).is_some_and(|stem| intent.words.contains(&stem))
        })
    };
    let mut qtypes: Vec<&'static str> = INTENTS
        .iter()
        .filter(|i| i.ko.iter().any(|cue| cued(&compact, cue)) || asked_word(i))
        .map(|i| i.qtype)
        .collect();
    // The risk of a second condition ("심방세동이래요 ... 뇌졸중 위험이 높다던데") or turning into it
    // ("IgA신증 ... 나중에 신부전 되는거에요") is what the first leads to: it asks the first's
    // complications, not who gets it.
    let mut conditions: Vec<&super::Mention> =
        mentions.iter().filter(|m| m.concept.kind == ConceptKind::Condition).collect();
    conditions.sort_by_key(|m| m.start);
    let first = conditions.first().map(|m| &m.concept.id);
    if conditions.iter().any(|m| Some(&m.concept.id) != first && risk_of(&question[m.end..])) {
        qtypes.retain(|&q| q != "susceptibility");
        if !qtypes.contains(&"complications") {
            qtypes.insert(0, "complications");
        }
    }
    // A risk asked of someone whose family had it ("엄마도 ... 저도 걸릴 확률") asks whether it is
    // inherited too.
    if qtypes.contains(&"susceptibility")
        && !qtypes.contains(&"inheritance")
        && FAMILY.iter().any(|f| compact.contains(f))
    {
        qtypes.push("inheritance");
    }
    // "무엇인가요" only frames a question that names what it asks ("원인은 무엇인가요" asks causes).
    if qtypes.len() > 1 {
        qtypes.retain(|&q| q != "information");
    }
    if !has_hangul(question) {
        // A question that is only acronyms (RSV, COPD) says too little to search: its names say it.
        let acronyms_only = !mentions.is_empty()
            && question.split_whitespace().all(|w| {
                let word = w.trim_matches(|c: char| !c.is_ascii_alphanumeric());
                mentions.iter().any(|m| &question[m.start..m.end] == word)
                    && word.chars().all(|c| c.is_ascii_uppercase() || c.is_ascii_digit())
            });
        let text = if acronyms_only {
            std::iter::once(question.trim().to_string()).chain(english_names).collect::<Vec<_>>().join(" ")
        } else {
            question.to_string()
        };
        return BridgedQuery {
            text,
            concepts,
            qtypes,
            phrases: Vec::new(),
            transliterations: Vec::new(),
            coverage: 1.0,
            unknown: Vec::new(),
        };
    }
    let overlaps =
        |spans: &[(usize, usize)], start: usize, end: usize| spans.iter().any(|&(s, e)| s < end && start < e);
    let mut phrases = Vec::new();
    for found in found_phrases {
        if overlaps(&understood, found.start, found.end) {
            continue;
        }
        understood.push((found.start, found.end));
        phrases.push((found.phrase.ko.clone(), found.phrase.en.clone()));
    }
    // Written words left: a foreign name written by sound, else a compound ending in a known name
    // (좌측유방암 -> 유방암); otherwise a word not understood.
    let mut transliterations = Vec::new();
    let mut unknown = Vec::new();
    // A name written in Latin letters (ADHD, CT) is a topic word read like the Hangul ones.
    let latin_names = mentions.iter().filter(|m| !has_hangul(&question[m.start..m.end])).count();
    let mut topic_words = latin_names;
    let mut understood_words = latin_names;
    // Verbs and adjectives ("높아요", "받았어요", "먹나요") frame the question: no topic word, and
    // named as not understood only when nothing else could be read.
    let mut predicates = Vec::new();
    let mut ending_read = None;
    for (k, &(start, word)) in words.iter().enumerate() {
        let end = start + word.len();
        if overlaps(&understood, start, end) || ending_read == Some(k) {
            topic_words += 1;
            understood_words += 1;
            continue;
        }
        let Some(stem) = strip_korean_suffix(word) else { continue };
        if FUNCTION_WORDS.iter().any(|f| word.starts_with(f) || stem.starts_with(f))
            || INTENTS.iter().any(|i| i.asked_by(word, stem))
        {
            continue;
        }
        if is_predicate(word) {
            predicates.push(word.to_string());
            continue;
        }
        topic_words += 1;
        // A foreign name written apart from its disease word (길버트 증후군, 파젯 병) is read whole.
        let spaced =
            words.get(k + 1).filter(|&&(next, _)| question[end..next].trim().is_empty()).and_then(|&(_, next)| {
                let ending = spaced_name_ending(next)?;
                let joined = format!("{stem}{ending}");
                transliterate(lexicon, &joined, &joined)
            });
        if spaced.is_some() {
            ending_read = Some(k + 1);
        }
        let by_sound = spaced.or_else(|| transliterate(lexicon, word, stem));
        if let Some(concept) = lexicon.compound_head(stem).filter(|_| by_sound.is_none()) {
            understood_words += 1;
            if !concepts.contains(&concept.id) {
                concepts.push(concept.id.clone());
                english_names.push(concept.en.clone());
            }
            continue;
        }
        match by_sound {
            Some((found, ending)) => {
                understood_words += 1;
                if let Some(concept) = found.concept.map(|c| &lexicon.concepts()[c as usize]) {
                    if !concepts.contains(&concept.id) {
                        concepts.push(concept.id.clone());
                    }
                }
                english_names.push(format!("{} {ending}", found.name).trim_end().to_string());
                transliterations.push((word.to_string(), found.name, found.similarity));
            }
            None => unknown.push(word.to_string()),
        }
    }
    let latin = |numbers: bool| -> Vec<String> {
        question
            .split(|c: char| !c.is_ascii_alphanumeric() && c != '\'')
            .filter(|w| !w.is_empty() && (numbers || !w.chars().all(|c| c.is_ascii_digit())))
            .map(str::to_string)
            .collect()
    };
    // Numbers ("65세", "180") are facts about the patient, never search terms.
    let mut parts = latin(false);
    parts.extend(english_names);
    parts.extend(phrases.iter().map(|(_, en)| en.clone()));
    // A question whose Korean is all question words ("metformin 어떻게 먹나요") is understood when
    // its other words give something to search for.
    let coverage = match topic_words {
        0 if parts.is_empty() => 0.0,
        0 => 1.0,
        n => understood_words as f64 / n as f64,
    };
    if parts.is_empty() && unknown.is_empty() {
        unknown = predicates;
    }
    // A question nothing of which could be read is not searched (its Hangul would rank whatever the
    // corpus's English happens to be near, its numbers and question words anything): the search is
    // empty, finds nothing, and the answer names the words it could not read.
    // Symptoms are asked of a condition: of a test, a procedure or a medicine alone ("스타틴 증상")
    // the question is about that topic, and symptom pages would crowd it out.
    let about_condition = !phrases.is_empty()
        || concepts.iter().any(|id| {
            lexicon.concept(id).is_none_or(|c| matches!(c.kind, ConceptKind::Condition | ConceptKind::Symptom))
        });
    if !concepts.is_empty() && !about_condition {
        qtypes.retain(|&q| q != "symptoms");
    }
    // Telling what one feels and asking whether it is a condition ("... 이거 대상포진인가요?") asks
    // that condition's symptoms, when nothing else is asked.
    let feelings = !phrases.is_empty() || mentions.iter().any(|m| m.concept.kind == ConceptKind::Symptom);
    let is_it = mentions.iter().any(|m| m.concept.kind == ConceptKind::Condition && asks_whether(&question[m.end..]));
    if feelings && is_it && qtypes.iter().all(|&q| q == "information") {
        qtypes = vec!["symptoms"];
    }
    if !parts.is_empty() {
        parts.extend(INTENTS.iter().filter(|i| qtypes.contains(&i.qtype)).map(|i| i.en.to_string()));
    }
    // The condition a question names is what it asks about; the words around it (a checkup, exercise,
    // work, a body part, how it feels) are context that must not outweigh it, so beside any of them
    // the condition's English is searched twice, first (both BM25 and the embedding weigh repeats).
    // Of several conditions, the one the writer was told they have ("신우신염이래요", "... 진단") is that
    // condition: it alone is searched twice.
    let named: Vec<&super::Concept> = concepts.iter().filter_map(|id| lexicon.concept(id)).collect();
    let beside_context = !phrases.is_empty() || named.iter().any(|c| c.kind == ConceptKind::Topic);
    let told: Vec<&str> = mentions
        .iter()
        .filter(|m| m.concept.kind == ConceptKind::Condition && told_of(&question[m.end..]))
        .map(|m| m.concept.id.as_str())
        .collect();
    let several = named.iter().filter(|c| c.kind == ConceptKind::Condition).count() > 1;
    if beside_context || (several && !told.is_empty()) {
        // Only an English already searched (a name read by sound searches with its own English).
        let conditions: Vec<String> = named
            .iter()
            .filter(|c| c.kind == ConceptKind::Condition && parts.contains(&c.en))
            .filter(|c| told.is_empty() || told.contains(&c.id.as_str()))
            .map(|c| c.en.clone())
            .collect();
        parts.splice(0..0, conditions);
    }
    // Asked of a child, a condition the corpus has a child's page of (Childhood Nephrotic Syndrome,
    // Urinary Tract Infections in Children) searches with that page's name too, first.
    if of_a_child(question) {
        for concept in &named {
            let at = parts.iter().position(|p| *p == concept.en);
            if let Some((at, child)) = at.zip(lexicon.child_form(concept)) {
                parts.insert(at, child.en.clone());
            }
        }
    }
    BridgedQuery { text: parts.join(" "), concepts, qtypes, phrases, transliterations, coverage, unknown }
}

/// Words that say a question is about a child (an age of at most 12 aside: "5살 아들").
const CHILD_WORDS: &[&str] = &[
    "아기",
    "애기",
    "아가",
    "신생아",
    "영아",
    "유아",
    "소아",
    "어린이",
    "유치원",
    "초등",
    "초1",
    "초2",
    "초3",
    "초4",
    "초5",
    "초6",
    "돌쟁이",
    "돌아기",
    "두돌",
    "세돌",
    "꼬마",
    "아이가",
    "아이는",
    "아이한테",
];

/// Whether `question` is asked of a child: a child word, or an age of 12 or under (5살, 7세), and
/// not of a pregnancy (whose 아기 is the one expected).
fn of_a_child(question: &str) -> bool {
    if question.contains("임신") {
        return false;
    }
    let compact: String = question.split_whitespace().collect();
    let age = |unit: &str| {
        compact.match_indices(unit).any(|(at, _)| {
            let before = &compact[..at];
            let digits = &before[before.trim_end_matches(|c: char| c.is_ascii_digit()).len()..];
            digits.parse::<u32>().is_ok_and(|n| n <= 12)
        })
    };
    CHILD_WORDS.iter().any(|w| compact.contains(w)) || age("살") || age("세")
}

/// The foreign name a Hangul `word` (its particle removed: `stem`) writes by sound, with the English
/// word its name ending stands for. Only a noun can be a name (a word with a predicate ending is
/// none); a word without a disease ending (증, 병, 증후군 ...) may only be a drug's name (an ordinary
/// word that sounds like some rare disease is not that disease), and one with it never is.
fn transliterate(lexicon: &Lexicon, word: &str, stem: &str) -> Option<(super::translit::Match, &'static str)> {
    if is_predicate(word) || stem.ends_with(PREDICATE_FINALS) || stem.ends_with(SINO_KOREAN_SUFFIXES) {
        return None;
    }
    let (name, ending) = strip_name_ending(stem);
    let drug =
        |concept: Option<u32>| concept.is_some_and(|c| lexicon.concepts()[c as usize].kind == ConceptKind::Medication);
    // A word with a disease ending names a disease, never a drug (갈락토스혈증 is galactosemia, not
    // the sugar galactobiose).
    if name.len() < stem.len() {
        return lexicon.translit().lookup_among(name, |c| !drug(c)).map(|found| (found, ending));
    }
    if name.chars().count() < MIN_DRUG_SYLLABLES {
        return None;
    }
    let found = lexicon.translit().lookup(name)?;
    drug(found.concept).then_some((found, ending))
}

/// What follows a name the writer had taken it for ("치질인줄 알았는데", "감기인 줄", "장염일줄").
const TAKEN_FOR: &[&str] = &["인줄", "일줄", "인거같았는데", "인줄만"];

/// Whether `rest`, the text right after a condition's name, says the writer had taken it for that.
fn taken_for(rest: &str) -> bool {
    begins_with_any(rest, TAKEN_FOR)
}

/// Whether `rest` (the text right after a name), its spaces left out, begins with one of `forms`:
/// Korean writes the endings after a name with or without spaces ("인 줄", "인줄").
fn begins_with_any(rest: &str, forms: &[&str]) -> bool {
    let compact: String = rest.chars().filter(|c| !c.is_whitespace()).take(8).collect();
    forms.iter().any(|form| compact.starts_with(form))
}

/// Whether what follows a condition's name is its risk ("뇌졸중 위험이", "뇌경색의 위험") or
/// becoming it ("신부전 되는거에요", "암이 될 수도", "간경화로 돼요"), not asking whether something is
/// dangerous ("위험한가요", an outlook) nor saying how much (되게 "very").
fn risk_of(rest: &str) -> bool {
    let rest = rest.trim_start();
    let risk = rest.strip_prefix('의').map_or(rest, str::trim_start);
    let becomes = ["으로", "로", "이", "가"].iter().find_map(|p| rest.strip_prefix(p)).map_or(rest, str::trim_start);
    (risk.starts_with("위험") && !risk.starts_with("위험한"))
        || (["되", "될", "돼"].iter().any(|v| becomes.starts_with(v)) && !becomes.starts_with("되게"))
}

/// What follows a condition's name the writer was told they have ("신우신염이래요", "IgA신증이라는데",
/// "당뇨 진단", "통풍 판정").
const TOLD_OF: &[&str] =
    &["이래요", "래요", "이라는데", "라는데", "이라고하", "라고하", "진단", "판정", "이랍니다", "랍니다"];

/// Whether `rest`, the text right after a condition's name, says the writer was told they have it.
fn told_of(rest: &str) -> bool {
    begins_with_any(rest, TOLD_OF)
}

/// Whether `cue` asks in `compact` (the question without spaces): not when negated by 안 right
/// before it ("안 먹이면 안 되나요" asks about not giving a medicine, not about treatment).
fn cued(compact: &str, cue: &str) -> bool {
    compact.match_indices(cue).any(|(at, _)| !compact[..at].ends_with('안'))
}

/// Relatives whose having had a condition makes a risk one of inheritance ("둘다": both parents).
const FAMILY: &[&str] = &[
    "엄마",
    "아빠",
    "어머니",
    "아버지",
    "부모",
    "할머니",
    "할아버지",
    "외가",
    "친가",
    "가족",
    "집안",
    "형제",
    "언니",
    "오빠",
    "누나",
    "삼촌",
    "이모",
    "고모",
    "둘다",
];

/// The words that name a test (the "exams and tests" intent's cues).
const TEST_CUES: &[&str] = &["검사", "검진", "진단", "촬영", "판정"];

/// What follows a test's name, in its word or as the next, when the test was done or ordered rather
/// than asked about: a place or source (에서), what it gave (했더니, 나왔, 떴), that one had it
/// (받았, 받은, 받고), and what a doctor said to do (하재요, 하래요, 보래요, 해보자고).
const TEST_TOLD: &[&str] = &[
    "에서",
    "했더니",
    "하니",
    "했는데",
    "했어",
    "해봤",
    "받았",
    "받으셨",
    "받은",
    "받고",
    "받아서",
    "나왔",
    "나온",
    "떴",
    "하재",
    "하래",
    "보래",
    "하자",
    "해보자",
];

/// Whether written word `word` (followed by `next`) tells of a test done or ordered: "피검사에서",
/// "조직검사했더니", "진단 받으셨어요", "세침검사 하래요" (but "검사 받아봐야 할까요" asks).
fn test_told(word: &str, next: Option<&str>) -> bool {
    TEST_CUES.iter().any(|cue| {
        word.match_indices(cue).any(|(at, _)| {
            let rest = &word[at + cue.len()..];
            let told = |text: &str| TEST_TOLD.iter().any(|t| text.starts_with(t));
            told(rest)
                || (["", "을", "를", "은", "는", "이", "가", "도", "만"].contains(&rest) && next.is_some_and(told))
        })
    })
}

/// What follows a condition's name when the writer asks whether they have it ("대상포진인가요",
/// "우울증일까요", "공황 맞나요", "흑색종이랑 비슷한가요", "길랑바레 증후군일수도 있나요", "식중독이죠",
/// "저혈당이었던거죠", "천식일 가능성 있나요").
const ASKS_WHETHER: &[&str] = &[
    "인가",
    "일까",
    "이죠",
    "이었던거",
    "였던거",
    "일가능성",
    "인건가",
    "인거죠",
    "인지",
    "맞나",
    "맞죠",
    "맞는지",
    "일수도",
    "일수있",
    "아닐까",
    "아닌가",
    "이랑비슷",
    "랑비슷",
    "과비슷",
    "와비슷",
    "증상인가",
    "증상일까",
    "증상이랑비슷",
    "증상과비슷",
];

/// Whether `rest`, the text right after a condition's name, asks whether the writer has it (not
/// what they had wondered: "볼거리인가 했는데").
fn asks_whether(rest: &str) -> bool {
    begins_with_any(rest, ASKS_WHETHER) && !begins_with_any(rest, &["인가했", "인가싶", "일까했", "일까싶"])
}

/// Whether every written word of `text` says what is asked (an intent's cue or word: 약 부작용).
fn asks_only(text: &str) -> bool {
    let mut words = hangul_words(text).peekable();
    words.peek().is_some()
        && words.all(|(_, word)| {
            strip_korean_suffix(word).is_some_and(|stem| INTENTS.iter().any(|i| i.asked_by(word, stem)))
        })
}

/// Whether a written Korean word is a verb or adjective form (by its ending).
fn is_predicate(word: &str) -> bool {
    PREDICATE_ENDINGS.iter().any(|e| word.ends_with(e)) || ends_in_contracted_infinitive(word)
}

/// Whether `word` ends in a verb's contracted infinitive and 도, 야 or 서 (발라도 "even if one
/// applies", 버텨도, 받아봐야): a syllable without a final consonant whose vowel is ㅏ ㅐ ㅓ ㅕ ㅘ ㅝ,
/// then the ending.
fn ends_in_contracted_infinitive(word: &str) -> bool {
    let mut last = word.chars().rev();
    let (Some(ending), Some(before)) = (last.next(), last.next()) else { return false };
    let code = u32::from(before).wrapping_sub(0xAC00);
    INFINITIVE_ENDINGS.contains(&ending)
        && code < 11172
        && code % 28 == 0
        && INFINITIVE_VOWELS.contains(&(code / 28 % 21))
}

/// The disease word a written word is (증후군, 병, 질환 ... with its particle), if it is one: the
/// one-syllable endings only as the whole word (병이 yes, 병원 no).
fn spaced_name_ending(word: &str) -> Option<&'static str> {
    let stem = strip_korean_suffix(word)?;
    NAME_ENDINGS
        .iter()
        .map(|&(ending, _)| ending)
        .find(|ending| stem == *ending || (ending.chars().count() > 1 && word.starts_with(ending)))
}

/// The written Hangul words of `text` with their byte offsets.
fn hangul_words(text: &str) -> impl Iterator<Item = (usize, &str)> {
    text.split(|c: char| !super::is_hangul(c))
        .filter(|w| !w.is_empty())
        .map(move |w| (w.as_ptr() as usize - text.as_ptr() as usize, w))
}

/// What the answer says about the words of a question the bridge could not understand (`None` when
/// it understood them all).
pub fn not_understood_note(unknown: &[String], lang: Lang) -> Option<String> {
    if unknown.is_empty() {
        return None;
    }
    let words = unknown.iter().map(|w| format!("\"{w}\"")).collect::<Vec<_>>().join(", ");
    Some(match lang {
        Lang::Ko => format!("이해하지 못한 말: {words}. 질환명, 약 이름, 검사 이름으로 적어 주시면 찾을 수 있습니다."),
        Lang::En => {
            format!("Words I could not understand: {words}. Naming the condition, medicine or test helps me find it.")
        }
    })
}

#[cfg(test)]
mod tests {
    use super::super::build::testing::{lexicon, CLASSES, FOCI, MEDICINES};
    use super::*;

    fn bridged(question: &str) -> BridgedQuery {
        bridge(&lexicon("", MEDICINES, CLASSES, FOCI).unwrap(), question)
    }

    #[test]
    fn everyday_question_words_say_what_is_asked_and_are_never_unknown() {
        let q = bridged("청신경초종 약 먹어도 되나요");
        assert_eq!((q.qtypes.as_slice(), q.unknown.len()), (&["treatment"][..], 0), "{q:?}");
        let q = bridged("청신경초종 수치가 높대요");
        assert_eq!((q.qtypes.as_slice(), q.unknown.len()), (&["exams and tests"][..], 0), "{q:?}");
        let q = bridged("이 병은 청신경초종 같은 병인가요? 검사 결과 괜찮나요");
        assert!(q.unknown.is_empty() && q.qtypes.contains(&"exams and tests"), "{q:?}");
        // 약 is a word of its own: 약간 ("a little") and 예약 ("booking") ask nothing.
        assert!(bridged("청신경초종 약간 예약").qtypes.is_empty());
    }

    #[test]
    fn everyday_ways_of_asking_name_their_aspect() {
        let asks = |q: &str| bridged(q).qtypes;
        assert_eq!(asks("청신경초종 재발 안 하려면 뭘 조심해야 돼요"), vec!["prevention"]);
        assert_eq!(asks("청신경초종 수술하면 얼마나 더 살 수 있나요"), vec!["treatment", "outlook"]);
        assert_eq!(asks("임질 아기한테 영향 있나요"), vec!["complications"]);
        assert_eq!(asks("임질 걸릴 확률이 높나요"), vec!["susceptibility"]);
        assert_eq!(asks("임질 판정은 어떻게 받아요"), vec!["exams and tests"]);
        assert!(bridged("대장내시경 촬영 결과").unknown.is_empty());
        assert!(bridged("임질 수치 정상인가요").unknown.is_empty());
        // Asking a value's cut-off asks how the condition is diagnosed.
        assert_eq!(asks("몇부터 임질이에요"), vec!["exams and tests"]);
        assert_eq!(asks("임질 진단 기준이 뭐예요"), vec!["exams and tests"]);
        // Caring for it, ridding oneself of it, what to take, whether to leave it: treatment.
        for q in [
            "임질 어떻게 관리해야 하나요",
            "임질 집에서 어떻게 없애요",
            "임질이면 뭐 먹여야 돼요",
            "임질 그냥 둬도 되나요",
        ] {
            assert_eq!(asks(q), vec!["treatment"], "{q}");
        }
        // What it turns into, or does when left alone: complications.
        assert_eq!(asks("임질이 관절염으로 가나요"), vec!["complications"]);
        assert_eq!(asks("임질 방치하면 어떻게 되나요"), vec!["complications"]);
        // How long it lasts and whether it goes: outlook.
        assert_eq!(asks("임질은 보통 얼마나 가요"), vec!["outlook"]);
        assert_eq!(asks("임질 언제쯤 괜찮아지나요"), vec!["outlook"]);
        // Not doing it asks nothing of it.
        assert!(asks("임질인데 안 먹이면 안 되나요").is_empty());
        // Whether a remedy works: treatment.
        assert_eq!(asks("임질 약 먹으면 나아요"), vec!["treatment"]);
        assert_eq!(asks("임질 연고 바르면 되나요"), vec!["treatment"]);
        // A risk asked of someone whose family had it asks whether it is inherited too.
        assert_eq!(asks("엄마도 임질이었는데 저도 걸릴 확률 높나요"), vec!["susceptibility", "inheritance"]);
        assert_eq!(asks("임질 걸릴 확률이 높나요"), vec!["susceptibility"]);
        // Why it keeps coming: causes.
        assert_eq!(asks("임질이 왜 자꾸 재발하는건지"), vec!["causes"]);
    }

    #[test]
    fn a_test_told_as_done_or_ordered_is_not_what_is_asked() {
        let asks = |q: &str| bridged(q).qtypes;
        for told in [
            "건강검진에서 임질 나왔어요",
            "피검사에서 임질이래요",
            "조직검사 했더니 임질이래요",
            "임질 진단 받으셨어요",
            "임질 판정받았는데",
            "세침검사 하래요",
            "염색체 검사 해보자고 하셨어요",
        ] {
            assert!(asks(told).is_empty(), "{told}: {:?}", asks(told));
        }
        // Told beside a question, the question's aspect alone is searched.
        assert_eq!(asks("검진에서 임질 나왔는데 치료는 어떻게 해요"), vec!["treatment"]);
        // Asked, a test is what the question is about.
        assert_eq!(asks("임질 검사 받아봐야 할까요"), vec!["exams and tests"]);
        assert_eq!(asks("언제 병원가서 검사해야 하나요"), vec!["exams and tests"]);
    }

    #[test]
    fn telling_what_one_feels_and_asking_whether_it_is_a_condition_asks_its_symptoms() {
        let lexicon = lexicon("R51\tsymptom\tHeadache\t두통\n", MEDICINES, CLASSES, FOCI).unwrap();
        let asks = |q: &str| bridge(&lexicon, q).qtypes;
        assert_eq!(asks("두통이 심해요 청신경초종인가요"), vec!["symptoms"]);
        assert_eq!(asks("두통이 계속돼요 청신경초종일까요?"), vec!["symptoms"]);
        assert_eq!(asks("두통이 심해요 이거 식중독이죠?"), vec!["symptoms"]);
        assert_eq!(asks("두통이 심했어요 식중독이었던거죠?"), vec!["symptoms"]);
        assert_eq!(asks("두통이 계속돼요 청신경초종일 가능성 있나요"), vec!["symptoms"]);
        // Without a feeling told, or with another aspect asked, it is not.
        assert!(asks("청신경초종인가요").is_empty());
        assert_eq!(asks("두통이 심해요 청신경초종인가요 치료는요"), vec!["treatment"]);
        // What the writer had wondered is no question.
        assert!(asks("두통이 심해서 청신경초종인가 했는데 아니래요").is_empty());
    }

    #[test]
    fn a_condition_asked_of_a_child_searches_the_childs_page_too() {
        let foci = format!("{FOCI}Childhood Nephrotic Syndrome\t소아 신증후군\t\t\t\tcondition\n");
        let lexicon = lexicon("", MEDICINES, CLASSES, &foci).unwrap();
        let text = |q: &str| bridge(&lexicon, q).text;
        assert_eq!(text("5살 아들이 신증후군이래요"), "Childhood Nephrotic Syndrome Nephrotic Syndrome");
        assert_eq!(text("돌쟁이 아기 신증후군"), "Childhood Nephrotic Syndrome Nephrotic Syndrome");
        // An adult's, a pregnancy's baby and a condition without a child's page search as named.
        assert_eq!(text("35살 남편이 신증후군이래요"), "Nephrotic Syndrome");
        assert_eq!(text("임신 중 신증후군 아기한테 영향"), "Nephrotic Syndrome complications");
        assert_eq!(text("5살 아들이 임질이래요"), "Gonorrhea");
    }

    #[test]
    fn symptoms_are_asked_of_conditions_only() {
        let q = bridged("대장내시경 증상이 어떻게 되나요?");
        assert_eq!((q.text.as_str(), q.qtypes.len()), ("Colonoscopy", 0), "{q:?}");
        assert_eq!(bridged("부루펜 증상").text, "Ibuprofen");
        assert_eq!(bridged("청신경초종 증상").text, "Acoustic Neuroma symptoms signs");
    }

    #[test]
    fn a_name_in_latin_letters_counts_as_understood() {
        let q = bridged("WAS 검사 받으래요");
        assert_eq!((q.text.as_str(), q.coverage), ("WAS Wiskott-Aldrich syndrome diagnose tests", 1.0), "{q:?}");
        assert!(bridged("WAS 뛟쀍").coverage < 1.0);
    }

    #[test]
    fn a_question_of_acronyms_alone_searches_with_their_names() {
        assert_eq!(bridged("WAS").text, "WAS Wiskott-Aldrich syndrome");
        // Any other English is searched as written.
        assert_eq!(bridged("What is WAS").text, "What is WAS");
    }

    #[test]
    fn a_name_written_apart_does_not_end_inside_the_next_word() {
        let foci = format!("{FOCI}Chickenpox\t수두\t\t\t\tcondition\nHydrocephalus\t수두증\t\t\t\tcondition\n");
        let lexicon = lexicon("", MEDICINES, CLASSES, &foci).unwrap();
        assert_eq!(bridge(&lexicon, "수두 증상이 어떻게 되나요").text, "Chickenpox symptoms signs");
        assert_eq!(bridge(&lexicon, "수두증 증상").text, "Hydrocephalus symptoms signs");
        assert_eq!(bridge(&lexicon, "수두 증이 있대요").text, "Hydrocephalus");
    }

    #[test]
    fn a_medicine_searches_with_the_corpus_topic_of_its_class() {
        // The corpus has no page of losartan, but one of blood pressure medicines.
        assert_eq!(bridged("코자 부작용").text, "Losartan Blood Pressure Medicines side effects");
        // A medicine with no class the corpus names searches alone.
        assert_eq!(bridged("부루펜").text, "Ibuprofen");
    }

    #[test]
    fn a_class_named_after_a_disease_searches_for_the_disease_too() {
        let q = bridged("청신경초종약 부작용");
        assert!(q.text.contains("Acoustic Neuroma"), "{q:?}");
        // And so does a medicine of that class.
        assert_eq!(bridged("뉴로맙").text, "Neuromab Acoustic Neuroma");
    }

    #[test]
    fn a_topic_named_by_question_words_gives_way_to_what_the_question_names() {
        let lexicon =
            lexicon("", MEDICINES, CLASSES, &format!("{FOCI}Drug Reactions\t약물 부작용\t약 부작용\t\t\ttopic\n"))
                .unwrap();
        assert_eq!(bridge(&lexicon, "약 부작용이 걱정돼요").text, "Drug Reactions side effects treatment treat");
        let q = bridge(&lexicon, "임질 약 부작용이 걱정돼요");
        assert_eq!(q.text, "Gonorrhea side effects treatment treat", "{q:?}");
        assert!(q.unknown.is_empty(), "{q:?}");
    }

    #[test]
    fn the_risk_of_a_second_condition_asks_the_first_ones_complications() {
        let asks = |q: &str| bridged(q).qtypes;
        let q = bridged("엄마가 임질이래요 관절염 위험이 높다던데 왜 그런거에요");
        assert!(q.qtypes.contains(&"complications") && !q.qtypes.contains(&"susceptibility"), "{q:?}");
        assert!(!q.text.contains("risk who gets") && !q.text.contains("inherited"), "{q:?}");
        assert!(asks("식중독 걸리면 관절염의 위험 있나요").contains(&"complications"));
        assert_eq!(asks("신증후군이래요 나중에 관절염 되는거에요?"), vec!["complications"]);
        assert_eq!(asks("임질이 관절염이 될 수도 있나요"), vec!["complications"]);
        // Becoming better is no second condition.
        assert!(!asks("관절염이 되나요").contains(&"complications"));
        // The risk of the condition asked about is who gets it; whether it is dangerous, its outlook.
        assert_eq!(asks("관절염 위험 요인"), vec!["susceptibility"]);
        assert!(!asks("임질 관절염 위험한가요").contains(&"complications"));
    }

    #[test]
    fn the_longest_reading_wins_between_a_name_and_an_everyday_stem() {
        assert_eq!(bridged("신증후군출혈열").text, "hantavirus");
        assert_eq!(bridged("신증후군 증상").text, "Nephrotic Syndrome symptoms signs");
    }

    #[test]
    fn a_condition_the_writer_had_taken_it_for_gives_way_to_the_one_named() {
        let q = bridged("임질인줄 알았는데 관절염이래요");
        assert!(q.text.contains("Arthritis") && !q.text.contains("Gonorrhea"), "{q:?}");
        assert!(q.unknown.is_empty(), "{q:?}");
        // Named alone, it is what the question is about.
        assert!(bridged("임질인 줄 몰랐어요").text.contains("Gonorrhea"));
    }

    #[test]
    fn of_several_conditions_the_one_the_writer_was_told_of_weighs_most() {
        assert_eq!(bridged("임질 걱정했는데 관절염이래요").text.split(' ').next(), Some("Arthritis"));
        // Told of none, each is searched once, as named.
        assert!(bridged("임질 걱정했는데 관절염 같아요").text.starts_with("Gonorrhea"));
    }

    #[test]
    fn a_contracted_infinitive_is_a_verb_form() {
        for word in ["발라도", "버텨도", "나가도", "받아봐야", "할까봐", "가야하나", "두번", "고딩", "구멍이"]
        {
            assert!(bridged(word).transliterations.is_empty(), "{word}: {:?}", bridged(word));
        }
        assert!(ends_in_contracted_infinitive("발라도") && ends_in_contracted_infinitive("버텨도"));
        // A noun ending in 도 is no verb form (포도 "grapes").
        assert!(!ends_in_contracted_infinitive("포도") && !ends_in_contracted_infinitive("정도"));
    }

    #[test]
    fn a_condition_beside_context_weighs_more_than_the_context() {
        // Beside a topic (a colonoscopy) the condition is searched twice, first.
        assert_eq!(bridged("대장내시경 하고 임질 검사").text, "Gonorrhea Colonoscopy Gonorrhea diagnose tests");
        // Alone with what is asked it is searched once.
        assert_eq!(bridged("임질 검사").text, "Gonorrhea diagnose tests");
        // A topic without a condition is searched as it is.
        assert_eq!(bridged("대장내시경 검사").text, "Colonoscopy diagnose tests");
    }

    #[test]
    fn a_reading_names_its_condition_and_a_normal_one_nothing() {
        let foci =
            format!("{FOCI}High Blood Pressure\t고혈압\t\t\t\tcondition\nHealth Checkup\t건강검진\t\t\t\ttopic\n");
        let lexicon = lexicon("", MEDICINES, CLASSES, &foci).unwrap();
        let q = bridge(&lexicon, "건강검진에서 혈압 150/95 나왔어요 약 먹어야 하나요");
        assert!(q.text.contains("High Blood Pressure"), "{q:?}");
        assert!(!bridge(&lexicon, "건강검진에서 혈압 118/76 나왔어요").text.contains("High Blood Pressure"));
    }

    #[test]
    fn a_question_nothing_of_which_is_read_searches_nothing_and_names_its_words() {
        let q = bridged("쀍뛟이 180 이면 치료는 어떻게 하나요?");
        assert_eq!((q.text.as_str(), q.coverage), ("", 0.0), "{q:?}");
        assert_eq!(q.unknown, vec!["쀍뛟이"]);
        // Its verbs are named when they are all it has.
        assert_eq!(bridged("높아요 뛟었어요").unknown, vec!["높아요", "뛟었어요"]);
        // A Latin word is still something to search for.
        assert_eq!(bridged("MRI 쀍뛟").text, "MRI");
    }
}
