//! Node 2: active retrieval: does this message need the knowledge base, and how many
//! documents? Stage 1 rules (greetings and acknowledgements need none), stage 2 the number of medical
//! facts and the length, stage 3 the length of anything else (which is searched).

use super::{Env, State};
use crate::extract::measurements;
use crate::lexicon::ConceptKind;
use crate::memory::profile::SlotKind;
use crate::pipeline::step::{Classified, Complexity, IntentDetail, Stage};

const GREETINGS: &[&str] = &[
    "hi",
    "hello",
    "hey",
    "thanks",
    "thank you",
    "thank",
    "ok",
    "okay",
    "yes",
    "no",
    "bye",
    "good morning",
    "안녕",
    "안녕하세요",
    "감사",
    "감사합니다",
    "고마워",
    "고마워요",
    "네",
    "알겠",
    "알겠습니다",
    "반가",
    "반갑습니다",
    "좋아요",
];
/// Stage 1: a short greeting or acknowledgement with nothing medical in it.
fn is_small_talk(text: &str) -> bool {
    let cleaned: String = text.to_lowercase().chars().filter(|c| c.is_alphanumeric() || c.is_whitespace()).collect();
    let cleaned = cleaned.trim();
    cleaned.chars().count() <= 20
        && GREETINGS.iter().any(|g| {
            cleaned == *g
                || cleaned.starts_with(&format!("{g} "))
                || (g.chars().all(|c| !c.is_ascii()) && cleaned.starts_with(g))
        })
}

pub async fn run(state: &mut State, env: &mut Env<'_>) -> IntentDetail {
    let text = state.user_text.trim();
    let chars = text.chars().count();
    let concepts = env.services.lexicon.map_or(0, |l| {
        l.find(text).iter().filter(|m| !matches!(m.concept.kind, ConceptKind::Lab | ConceptKind::Vital)).count()
    }) + measurements(text).len();
    if !state.flags.active_retrieval_enabled {
        state.needs_retrieval = !text.is_empty();
        state.small_talk = text.is_empty();
        state.query_complexity = Some(Complexity::Moderate);
        state.dynamic_k = Complexity::Moderate.k();
        return IntentDetail { stage: Stage::Disabled, needs_retrieval: true, k: state.dynamic_k, classified: None };
    }
    let (stage, needs, complexity) = if is_small_talk(text) && concepts == 0 {
        (Stage::Rules, false, Complexity::Simple)
    } else if concepts > 0 {
        // Stage 2: one fact in a short message is simple, up to three in a medium one moderate, more
        // complex (lengths in characters).
        let c = if concepts <= 1 && chars <= 30 {
            Complexity::Simple
        } else if concepts <= 3 && chars <= 60 {
            Complexity::Moderate
        } else {
            Complexity::Complex
        };
        (Stage::Slots, true, c)
    } else {
        // Stage 3: anything else is searched, sized by its length. People describe what they feel in
        // words no list holds ("자꾸 어지럽고 빙빙 도는 느낌이에요", "first signs of parkinson's"), and a
        // search that finds nothing relevant says so; a message left unsearched has no evidence at all.
        let c = if chars < 20 {
            Complexity::Simple
        } else if chars < 50 {
            Complexity::Moderate
        } else {
            Complexity::Complex
        };
        (Stage::Content, true, c)
    };
    state.small_talk = stage == Stage::Rules || text.is_empty();
    state.needs_retrieval = needs && !text.is_empty();
    // A question that names nothing medical ("what should I watch for?", "그건 어떻게 치료해요?")
    // refers back: it is searched with what it refers to (see `context_of`); alone it would match
    // whatever shares its everyday words.
    let refers_back =
        (state.needs_retrieval && concepts == 0 && !names_a_condition(text)).then(|| context_of(state, env)).flatten();
    if let Some(context) = &refers_back {
        state.query_for_retrieval = Some(format!("{text} {context}"));
    }
    state.query_complexity = Some(complexity);
    // Without dynamic routing every retrieving question gets the moderate k.
    state.dynamic_k = match (state.needs_retrieval, state.flags.dynamic_rag_routing) {
        (false, _) => 0,
        (true, true) => complexity.k(),
        (true, false) => Complexity::Moderate.k(),
    };
    IntentDetail {
        stage,
        needs_retrieval: state.needs_retrieval,
        k: state.dynamic_k,
        classified: Some(Classified { complexity, medical_facts: concepts, refers_back_to: refers_back }),
    }
}

// A condition the lexicon does not know is still named by its form: Korean nouns ending in 병 / 증 /
// 염 / 암 / 증후군 / 바이러스 ("쯔쯔가무시병", "렙토스피라증"), English words ending in -itis, -osis, -emia,
// -oma, -pathy, or followed by disease / syndrome / fever / virus. Such a message asks about that
// condition, not about the conversation before it.
pattern!(
    condition_name,
    r"[가-힣]{2,}(?:병|증|염|암|증후군|바이러스)(?:[이가은는을를에의도과와]|\s|$)|\b[a-z]{3,}(?:itis|osis|emia|aemia|oma|pathy)\b|\b[a-z]+\s+(?:disease|syndrome|fever|virus)\b"
);

/// Words of that form that name no condition of their own: they ask about the one talked about.
const GENERIC_CONDITION_WORDS: &[&str] = &["합병증", "후유증"];

/// Whether `text` names a condition by its form (see `condition_name`).
fn names_a_condition(text: &str) -> bool {
    let lower = text.to_lowercase();
    condition_name().find_iter(&lower).any(|m| !GENERIC_CONDITION_WORDS.iter().any(|g| m.as_str().contains(g)))
}

/// What a message that names nothing medical refers back to: the words that named the concepts of
/// the person's previous question; when that named none, the conditions and symptoms in their
/// profile ("given everything I've told you ..."); when there are none either, the previous question.
fn context_of(state: &State, env: &Env<'_>) -> Option<String> {
    let previous = env.memory.conversations.get(&state.user_id).and_then(|c| c.exchanges.last());
    if let Some(exchange) = previous {
        let named: Vec<&str> = env
            .services
            .lexicon
            .map_or(Vec::new(), |l| l.find(&exchange.user).iter().map(|m| &exchange.user[m.start..m.end]).collect());
        if !named.is_empty() {
            return Some(named.join(" "));
        }
    }
    let korean = state.lang == Some(crate::core::Lang::Ko);
    let facts: Vec<&str> = env.memory.profiles.profile(&state.user_id).map_or(Vec::new(), |p| {
        p.facts
            .iter()
            .filter(|f| matches!(f.slot, SlotKind::Conditions | SlotKind::Symptoms))
            .map(|f| if korean { f.ko.as_str() } else { f.en.as_str() })
            .collect()
    });
    if !facts.is_empty() {
        return Some(facts.join(" "));
    }
    previous.map(|e| e.user.chars().take(300).collect())
}
