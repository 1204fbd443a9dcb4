//! What the mock LLM says: deterministic replies, chosen by the request's purpose (never by the
//! prompt's wording) and computed from what the prompt carries, so pipeline tests get sensible
//! answers without a model.
//!
//! - Query Flow's steps get the JSON their parsers read: a plan of the question (the user message:
//!   the question without filler words; one sub-question per clause of a compound question), a
//!   rerank by word overlap with the query, a sufficiency verdict (the share of the query's words
//!   the passages contain) and a grounding grade (each claim cited and found in its passages).
//!   `medagent mock-llm` can replace any of them with prose ([`junk_reply`]).
//! - The judge gets a verdict in its JSON shape: high scores when the judged answer cites sources
//!   (`[n]`), low ones with `missing_info` when it does not.
//! - The query rewriter gets `{"query": ...}`: the original question plus the missing information.
//! - The study's measurements (`crate::study::grading`) get a lexical grader's lists: the answer's
//!   sentences as statements, a statement supported when most of its words are in the passages, the
//!   answer's statements turned into questions.
//! - The text purposes (the answer, a memory summary, a probe; the server cannot tell them apart,
//!   since only structured purposes travel in the request) get an answer quoting the first sentence
//!   of each numbered source (`[n] ...` lines) with its `[n]` citation, in Korean when the question
//!   is Korean.
//!
//! A test or benchmark that needs another reply to the text purposes sets a [`Script`] outside the
//! conversation (the base URL's `/reply/<script>` prefix, see [`super::mock_llm`]): nothing a user
//! types steers the mock.

use crate::core::{citation, has_hangul};
use crate::llm::query_flow::MAX_SUBQUERIES;
use crate::llm::{CallPurpose, ChatRequest, Role};
use serde_json::json;

/// The whole reply text for a request.
pub fn reply(request: &ChatRequest) -> String {
    let all: String = request.messages.iter().map(|m| m.content.as_str()).collect::<Vec<_>>().join("\n");
    let user = request.messages.iter().rev().find(|m| m.role == Role::User).map(|m| m.content.as_str()).unwrap_or("");
    match request.purpose {
        CallPurpose::Plan => plan(user),
        CallPurpose::Rerank => rerank(user),
        CallPurpose::Sufficiency => sufficiency(user),
        CallPurpose::Grade => grade(user),
        CallPurpose::Judge => judge(user),
        CallPurpose::Rewrite => rewrite(user),
        CallPurpose::Questions => {
            let questions: Vec<String> =
                statements(after(user, "ANSWER:\n")).iter().take(3).map(|s| format!("{s}?")).collect();
            json!({"questions": questions}).to_string()
        }
        CallPurpose::Support => support(user),
        CallPurpose::Answer | CallPurpose::MemorySummary | CallPurpose::Probe => answer(&all, user),
    }
}

/// A reply to the text purposes (the answer, a memory summary, a probe) that a test or benchmark
/// asks for instead of the computed one. The structured purposes keep their JSON, so an agent turn
/// still plans, reranks and grades around a scripted answer.
#[derive(Clone, Copy, Debug, PartialEq)]
pub enum Script {
    /// Exactly N tokens, `t0 t1 ...` (streaming benchmarks, long answers to stop or reload).
    Tokens(usize),
    /// The last user message, verbatim (to test how the app renders hostile model output).
    Echo,
}

impl Script {
    /// The script a URL segment names: `tokens<N>` or `echo`.
    pub fn parse(segment: &str) -> Option<Script> {
        match segment {
            "echo" => Some(Script::Echo),
            _ => segment.strip_prefix("tokens")?.parse().ok().map(Script::Tokens),
        }
    }

    /// The scripted reply to `request`; `None` for a structured purpose (it gets [`reply`]).
    pub fn reply(self, request: &ChatRequest) -> Option<String> {
        if request.purpose.schema().is_some() {
            return None;
        }
        Some(match self {
            Script::Tokens(n) => (0..n).map(|i| format!("t{i} ")).collect(),
            Script::Echo => {
                request.messages.iter().rev().find(|m| m.role == Role::User).map_or("", |m| &m.content).to_string()
            }
        })
    }
}

/// Whether `text` cites a source anywhere.
fn has_citation(text: &str) -> bool {
    !citation::citations(text).is_empty()
}

/// The numbered sources of a prompt: lines that start with `[n]`, with the marker.
fn sources(prompt: &str) -> Vec<(String, String)> {
    prompt
        .lines()
        .filter_map(|line| {
            let line = line.trim();
            let rest = line.strip_prefix('[')?;
            let close = rest.find(']')?;
            let number = &rest[..close];
            if number.is_empty() || !number.chars().all(|c| c.is_ascii_digit()) {
                return None;
            }
            let text = rest[close + 1..].trim();
            Some((format!("[{number}]"), first_sentence(text)))
        })
        .collect()
}

fn first_sentence(text: &str) -> String {
    let end = text
        .char_indices()
        .find(|&(_, c)| matches!(c, '.' | '?' | '!' | '。'))
        .map(|(i, c)| i + c.len_utf8())
        .unwrap_or(text.len());
    text[..end].chars().take(200).collect()
}

fn answer(prompt: &str, question: &str) -> String {
    let ko = has_hangul(question);
    let found = sources(prompt);
    if found.is_empty() {
        return if ko {
            "제공된 근거에서 이 질문에 대한 정보를 찾지 못했습니다. 의료진과 상담하세요.".into()
        } else {
            "I could not find information on this in the provided sources. Please ask a clinician.".into()
        };
    }
    let mut out =
        String::from(if ko { "제공된 근거에 따르면:\n" } else { "According to the provided sources:\n" });
    for (marker, sentence) in found.iter().take(3) {
        out.push_str(&format!("- {sentence} {marker}\n"));
    }
    out.push_str(if ko {
        "개인 상황에 맞는 판단은 의료진과 상담하세요."
    } else {
        "Please talk to a clinician about your own situation."
    });
    out
}

/// The text after `label` (the grading prompts put the graded text last).
fn after<'a>(prompt: &'a str, label: &str) -> &'a str {
    prompt.split_once(label).map_or("", |(_, rest)| rest)
}

/// The answer's statements: its lines and sentences without list marks and citations.
fn statements(answer: &str) -> Vec<String> {
    answer
        .split(['\n', '.', '?', '!'])
        .map(|s| s.trim().trim_start_matches("- ").split(" [").next().unwrap_or("").trim().to_string())
        .filter(|s| s.split_whitespace().count() >= 3)
        .collect()
}

/// The words of `text` (three letters or more), lower-cased.
fn words(text: &str) -> Vec<String> {
    text.split(|c: char| !c.is_alphanumeric()).filter(|w| w.chars().count() >= 3).map(str::to_lowercase).collect()
}

/// A word without a plural `-s`, so "attacks" meets "attack".
fn stem(word: &str) -> &str {
    match word.strip_suffix('s') {
        Some(stem) if stem.len() > 3 && !stem.ends_with('s') => stem,
        _ => word,
    }
}

/// Whether `pool` has `word` (plural or not).
fn in_pool(word: &str, pool: &[String]) -> bool {
    pool.iter().any(|p| stem(p) == stem(word))
}

/// Whether most (three fifths or more) of `words` are in `pool`; never for no words.
fn mostly_in(words: &[String], pool: &[String]) -> bool {
    let found = words.iter().filter(|w| in_pool(w, pool)).count();
    !words.is_empty() && found * 5 >= words.len() * 3
}

/// Each numbered statement supported (1) when most of its words are in the passages, else 0.
fn support(prompt: &str) -> String {
    let (passages, statements) = after(prompt, "PASSAGES:\n").split_once("STATEMENTS:\n").unwrap_or(("", ""));
    let passages = words(passages);
    let verdicts: Vec<u8> = statements
        .lines()
        .filter(|l| !l.trim().is_empty())
        .map(|statement| u8::from(mostly_in(&words(statement), &passages)))
        .collect();
    json!({"verdicts": verdicts}).to_string()
}

fn judge(prompt: &str) -> String {
    let ko = has_hangul(prompt);
    let verdict = if has_citation(prompt) {
        json!({
            "grounding_score": 0.9,
            "completeness_score": 0.8,
            "accuracy_score": 0.9,
            "missing_info": [],
            "improvement_suggestions": [],
            "safety_concerns": []
        })
    } else {
        let (missing, suggestion) = if ko {
            (vec!["부작용", "금기 사항"], "문서에 명시된 내용을 출처 번호와 함께 인용")
        } else {
            (vec!["side effects", "contraindications"], "cite the sources by number")
        };
        json!({
            "grounding_score": 0.4,
            "completeness_score": 0.3,
            "accuracy_score": 0.7,
            "missing_info": missing,
            "improvement_suggestions": [suggestion],
            "safety_concerns": []
        })
    };
    serde_json::to_string_pretty(&verdict).unwrap_or_default()
}

/// The first non-empty line after the line containing one of `labels`.
fn line_after(prompt: &str, labels: &[&str]) -> Option<String> {
    let mut lines = prompt.lines();
    lines.find(|l| labels.iter().any(|label| l.contains(label)))?;
    lines.map(str::trim).find(|l| !l.is_empty()).map(str::to_string)
}

fn rewrite(prompt: &str) -> String {
    let original = line_after(prompt, &["Original question"])
        .unwrap_or_else(|| prompt.lines().next().unwrap_or("").trim().to_string());
    let query = match line_after(prompt, &["Missing information"]) {
        Some(missing) => format!("{original} {}", missing.replace(',', "")),
        None => original,
    };
    json!({"query": query}).to_string()
}

/// What a model that ignores the JSON instruction says instead of a Query Flow step's JSON (no `{`,
/// so no parser can read it); `None` for the other purposes.
pub fn junk_reply(purpose: CallPurpose) -> Option<String> {
    let what = match purpose {
        CallPurpose::Plan => "how to search for this",
        CallPurpose::Rerank => "which passage matters most",
        CallPurpose::Sufficiency => "whether the evidence is enough",
        CallPurpose::Grade => "whether the answer is grounded",
        _ => return None,
    };
    Some(format!("Sure! Let me think about {what}. It depends on many things, so I would rather explain it in words."))
}

/// Words that say nothing about the question (pronouns, articles, greetings, hedges): dropped
/// from the mock's normalised query. Question words stay, since "why" and "how" say what is asked.
const FILLER: &[&str] = &[
    "a", "an", "the", "i", "i'm", "im", "me", "my", "you", "your", "u", "hey", "hi", "please", "really", "just", "so",
    "kind", "thing", "exactly", "tell", "someone", "anything",
];

/// Question words, auxiliaries and prepositions: kept in a query, but not content words when the
/// mock counts overlap.
const FUNCTION_WORDS: &[&str] = &[
    "about", "after", "all", "and", "any", "are", "can", "could", "does", "for", "from", "get", "getting", "has",
    "have", "having", "how", "into", "is", "it's", "its", "keep", "know", "not", "should", "some", "that", "there",
    "this", "what", "whats", "what's", "when", "which", "who", "why", "will", "with", "would",
];

fn is_filler(word: &str) -> bool {
    FILLER.contains(&word.to_lowercase().as_str())
}

/// The text between `start` and the next `end` after it (to the end of `text` without `end`).
fn between<'a>(text: &'a str, start: &str, end: &str) -> &'a str {
    let rest = after(text, start);
    rest.split_once(end).map_or(rest, |(inside, _)| inside)
}

/// `text`'s words without punctuation at their edges and without filler words.
fn trimmed(text: &str) -> String {
    text.split_whitespace()
        .map(|w| w.trim_matches(|c: char| !c.is_alphanumeric() && c != '\''))
        .filter(|w| !w.is_empty() && !is_filler(w))
        .collect::<Vec<_>>()
        .join(" ")
}

/// Content words (three letters or more, not filler), lower-cased, each once, for overlap counts.
fn content_words(text: &str) -> Vec<String> {
    let mut found: Vec<String> = Vec::new();
    for word in words(text) {
        if !is_filler(&word) && !FUNCTION_WORDS.contains(&word.as_str()) && !found.contains(&word) {
            found.push(word);
        }
    }
    found
}

/// The share of `of` found in `pool` (1 when `of` is empty).
fn share_found(of: &[String], pool: &[String]) -> f64 {
    if of.is_empty() {
        return 1.0;
    }
    of.iter().filter(|w| in_pool(w, pool)).count() as f64 / of.len() as f64
}

fn two_decimals(x: f64) -> f64 {
    (x * 100.0).round() / 100.0
}

/// A plan read off the question alone. The normalised query is the question without filler words;
/// the mock cannot translate, so a Korean question stays as written (a real planner writes English).
/// A question of two or more clauses joined by "and" or "," (each two words or more besides filler)
/// gets one sub-question per clause, and the answer's language is the question's. The patient
/// profile is not read.
fn plan(question: &str) -> String {
    let question = question.trim();
    let language = if has_hangul(question) { "Korean" } else { "English" };
    let normalized = trimmed(question);
    let normalized = if normalized.is_empty() { question.to_string() } else { normalized };
    let clauses: Vec<String> = question
        .split(',')
        .flat_map(|part| part.split(" and "))
        .map(trimmed)
        .filter(|clause| clause.split_whitespace().count() >= 2)
        .collect();
    let subqueries: Vec<String> =
        if clauses.len() >= 2 { clauses.into_iter().take(MAX_SUBQUERIES).collect() } else { Vec::new() };
    let lower = question.to_lowercase();
    let has = |cues: &[&str]| cues.iter().any(|c| lower.contains(c));
    let intent = if has(&["side effect", "safe", "interact", "부작용"]) {
        "safety"
    } else if has(&[" vs ", "versus", "difference", "compare"]) {
        "compare"
    } else if has(&["treat", "cure", "prevent", "avoid", "help", "치료", "예방"]) {
        "howto"
    } else {
        "explain"
    };
    json!({
        "normalized_query": normalized,
        "intent": intent,
        "answer_style": "normal",
        "subqueries": subqueries,
        "rewrites": [],
        "constraints": [format!("answer in {language}")],
    })
    .to_string()
}

/// Numbered blocks `[n] ...` of a prompt section: each block runs to the next marker.
fn numbered_blocks(section: &str) -> Vec<(usize, String)> {
    let mut blocks: Vec<(usize, String)> = Vec::new();
    for line in section.lines() {
        let marker = line.trim_start().strip_prefix('[').and_then(|rest| {
            let (number, text) = rest.split_once(']')?;
            Some((number.parse::<usize>().ok()?, text))
        });
        match (marker, blocks.last_mut()) {
            (Some((number, text)), _) => blocks.push((number, text.trim().to_string())),
            (None, Some((_, block))) => {
                block.push('\n');
                block.push_str(line);
            }
            (None, None) => {}
        }
    }
    blocks
}

/// The passages ranked by how many of the query's content words each contains; ties keep the order
/// shown.
fn rerank(prompt: &str) -> String {
    let query = content_words(between(prompt, "Query:\n", "\n\nPassages:\n"));
    let passages = numbered_blocks(between(prompt, "\n\nPassages:\n", "\n\nReturn the passage indices"));
    let mut scored: Vec<(usize, usize)> = passages
        .iter()
        .map(|(i, text)| {
            let text = words(text);
            (*i, query.iter().filter(|w| in_pool(w, &text)).count())
        })
        .collect();
    scored.sort_by_key(|&(_, score)| std::cmp::Reverse(score));
    json!({"ranking": scored.iter().map(|(i, _)| i).collect::<Vec<_>>()}).to_string()
}

/// The share of the search query's content words the passages contain; enough at 0.7 or more; the
/// words not found are the missing aspects.
fn sufficiency(prompt: &str) -> String {
    let query = content_words(between(prompt, "Search query:\n", "\n\nPassages:\n"));
    let passages = numbered_blocks(between(prompt, "\n\nPassages:\n", "\n\nReturn JSON:"));
    let found: Vec<String> = passages.iter().flat_map(|(_, text)| words(text)).collect();
    let score = if passages.is_empty() { 0.0 } else { two_decimals(share_found(&query, &found)) };
    let missing: Vec<&String> = query.iter().filter(|w| passages.is_empty() || !in_pool(w, &found)).collect();
    let verdict = if score >= 0.7 { "enough" } else { "not_enough" };
    json!({"score": score, "verdict": verdict, "missing_aspects": missing}).to_string()
}

/// Words that mark a sentence as advice to see a clinician rather than a claim from the sources.
const REFERRAL: &[&str] = &["clinician", "doctor", "의료진", "의사", "상담"];

/// The answer's sentences, each with the `[n]` citations that follow its full stop.
fn answer_sentences(answer: &str) -> Vec<String> {
    let is_citation = |t: &str| citation::at(t).is_some();
    let ends = |t: &str| t.ends_with(['.', '?', '!', '。']);
    let mut sentences = Vec::new();
    for line in answer.lines() {
        let tokens: Vec<&str> = line.split_whitespace().collect();
        let mut current: Vec<&str> = Vec::new();
        for (i, &token) in tokens.iter().enumerate() {
            current.push(token);
            let closes = ends(token) || (is_citation(token) && i > 0 && ends(tokens[i - 1]));
            let cited_next = tokens.get(i + 1).is_some_and(|next| is_citation(next));
            if (closes && !cited_next) || i + 1 == tokens.len() {
                sentences.push(std::mem::take(&mut current).join(" "));
            }
        }
    }
    sentences
}

/// Grounded when every sentence that makes a claim (not a heading ending in `:`, not a referral to a
/// clinician, two content words or more) cites `[n]` and most of its words are in the cited passages.
/// The score is the supported share; the reason names the first unsupported sentence.
fn grade(prompt: &str) -> String {
    let body = after(prompt, "Passages:\n");
    let (passages, rest) = body.split_once("\n\nAnswer:\n").unwrap_or((body, ""));
    let answer = rest.rsplit_once("\n\nIs every claim").map_or(rest, |(answer, _)| answer);
    let passages = numbered_blocks(passages);
    let mut claims = 0;
    let mut supported = 0;
    let mut first_unsupported: Option<(String, &str)> = None;
    for sentence in answer_sentences(answer) {
        let lower = sentence.to_lowercase();
        let claim_words = content_words(&sentence);
        if sentence.ends_with(':') || REFERRAL.iter().any(|r| lower.contains(r)) || claim_words.len() < 2 {
            continue;
        }
        claims += 1;
        let cited: Vec<String> = passages
            .iter()
            .filter(|(n, _)| sentence.contains(&format!("[{n}]")))
            .flat_map(|(_, text)| words(text))
            .collect();
        let problem = if !has_citation(&sentence) {
            Some("cites no source")
        } else if !mostly_in(&claim_words, &cited) {
            Some("is not in the passages it cites")
        } else {
            None
        };
        match problem {
            None => supported += 1,
            Some(problem) => {
                first_unsupported.get_or_insert((sentence, problem));
            }
        }
    }
    let score = if claims == 0 { 1.0 } else { two_decimals(supported as f64 / claims as f64) };
    let reason = first_unsupported.map_or(String::new(), |(sentence, problem)| format!("\"{sentence}\" {problem}"));
    json!({"grounded": supported == claims, "score": score, "reason": reason}).to_string()
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The reply to a request for `purpose`.
    fn ask(purpose: CallPurpose, system: &str, user: &str) -> String {
        reply(&ChatRequest::new(purpose, system, user))
    }

    #[test]
    fn answers_cite_the_sources_in_the_prompt_in_the_question_language() {
        let evidence =
            "Sources:\n[1] Metformin lowers blood sugar. It is taken with meals.\n[2] Side effects include nausea.\n";
        let en = ask(CallPurpose::Answer, evidence, "What does metformin do?");
        assert!(en.contains("Metformin lowers blood sugar. [1]"), "{en}");
        assert!(en.contains("nausea. [2]"), "{en}");
        let ko = ask(CallPurpose::Answer, evidence, "메트포르민은 무엇인가요?");
        assert!(ko.starts_with("제공된 근거에 따르면"), "{ko}");
        assert!(!ask(CallPurpose::Answer, "no sources", "hi").contains('['));
    }

    #[test]
    fn a_script_replaces_only_the_text_replies() {
        assert_eq!(Script::parse("tokens3"), Some(Script::Tokens(3)));
        assert_eq!(Script::parse("echo"), Some(Script::Echo));
        for unknown in ["tokens", "tokens-3", "echo2", ""] {
            assert_eq!(Script::parse(unknown), None, "{unknown}");
        }
        let request = |purpose| ChatRequest::new(purpose, "[1] Gout is arthritis.", "<b>What is gout?</b>");
        assert_eq!(Script::Tokens(3).reply(&request(CallPurpose::Answer)).as_deref(), Some("t0 t1 t2 "));
        assert_eq!(Script::Tokens(2).reply(&request(CallPurpose::Probe)).as_deref(), Some("t0 t1 "));
        assert_eq!(Script::Echo.reply(&request(CallPurpose::Answer)).as_deref(), Some("<b>What is gout?</b>"));
        assert_eq!(Script::Tokens(3).reply(&request(CallPurpose::Plan)), None, "a plan stays a plan");
    }

    #[test]
    fn judge_is_valid_json_in_the_seed_shape_and_reads_the_answer() {
        let good: serde_json::Value =
            serde_json::from_str(&ask(CallPurpose::Judge, "judge", "답변: 혈당을 낮춥니다 [1].")).unwrap();
        assert_eq!(good["grounding_score"], 0.9);
        assert!(good["missing_info"].as_array().unwrap().is_empty());
        let bad: serde_json::Value =
            serde_json::from_str(&ask(CallPurpose::Judge, "judge", "답변: 그냥 드세요.")).unwrap();
        assert_eq!(bad["grounding_score"], 0.4);
        assert_eq!(bad["missing_info"][0], "부작용");
        for field in ["completeness_score", "accuracy_score", "improvement_suggestions", "safety_concerns"] {
            assert!(bad.get(field).is_some(), "{field}");
        }
    }

    #[test]
    fn the_studys_measurements_get_a_lexical_graders_lists() {
        let answer =
            "According to the provided sources:\n- Gout is a form of arthritis. [1]\nPlease talk to a clinician.";
        let prompt = "PASSAGES:\n[1] Gout is a form of arthritis.\n\nSTATEMENTS:\n1. Gout is a form of arthritis\n2. Please talk to a clinician\n";
        assert_eq!(ask(CallPurpose::Support, "", prompt), r#"{"verdicts":[1,0]}"#);
        let questions: serde_json::Value =
            serde_json::from_str(&ask(CallPurpose::Questions, "", &format!("ANSWER:\n{answer}"))).unwrap();
        assert_eq!(questions["questions"][1], "Gout is a form of arthritis?");
    }

    #[test]
    fn rewrite_joins_query_and_missing_info() {
        let missing = ["lactic acidosis".to_string(), "contraindications".to_string()];
        let (system, user) = crate::llm::prompts::rewrite("metformin side effects", &missing, "It may upset", "");
        let reply = ask(CallPurpose::Rewrite, &system, &user);
        assert_eq!(
            crate::llm::prompts::rewritten_query(&reply).as_deref(),
            Some("metformin side effects lactic acidosis contraindications")
        );
    }

    /// The reply to `purpose`'s (system, user) prompts.
    fn ask_prompt(purpose: CallPurpose, (system, user): (String, String)) -> String {
        ask(purpose, &system, &user)
    }

    #[test]
    fn a_plan_is_the_question_without_filler_with_a_subquery_per_clause() {
        use crate::llm::query_flow::{parse_plan, plan_prompt};
        let simple =
            parse_plan(&ask_prompt(CallPurpose::Plan, plan_prompt("What are the symptoms of gout?", "", "English")))
                .unwrap();
        assert_eq!(simple.normalized_query, "What are symptoms of gout");
        assert!(simple.subqueries.is_empty(), "{simple:?}");
        assert_eq!(simple.constraints, ["answer in English"]);
        let compound = parse_plan(&ask_prompt(
            CallPurpose::Plan,
            plan_prompt("my ankles swell and I get out of breath when lying down, is my heart failing", "", "English"),
        ))
        .unwrap();
        assert_eq!(compound.subqueries, ["ankles swell", "get out of breath when lying down", "is heart failing"]);
        assert_eq!(compound.search_queries().len(), 4);
        // The mock cannot translate: a Korean question is searched as written, answered in Korean.
        let korean =
            parse_plan(&ask_prompt(CallPurpose::Plan, plan_prompt("통풍 치료는 어떻게 하나요?", "", "Korean")))
                .unwrap();
        assert_eq!((korean.normalized_query.as_str(), korean.intent.as_str()), ("통풍 치료는 어떻게 하나요", "howto"));
        assert_eq!(korean.constraints, ["answer in Korean"]);
    }

    #[test]
    fn a_rerank_puts_the_passages_sharing_most_query_words_first() {
        use crate::llm::query_flow::{parse_rerank, rerank_prompt};
        let passages = [
            ("Asthma".to_string(), "Asthma narrows the airways.".to_string()),
            ("Gout".to_string(), "Gout treatment: colchicine and NSAIDs relieve a gout attack.".to_string()),
            ("Diet".to_string(), "A gout diet avoids purines.".to_string()),
            ("Flu".to_string(), "Flu is a virus.".to_string()),
        ];
        let order =
            parse_rerank(&ask_prompt(CallPurpose::Rerank, rerank_prompt("gout treatment", &passages)), passages.len())
                .unwrap();
        assert_eq!(order, [1, 2, 0, 3]);
    }

    #[test]
    fn sufficiency_is_the_share_of_query_words_found_with_the_rest_missing() {
        use crate::llm::query_flow::{parse_sufficiency, sufficiency_prompt, Verdict};
        let passages = [("Gout".to_string(), "Gout is treated with colchicine.".to_string())];
        let partial = parse_sufficiency(&ask_prompt(
            CallPurpose::Sufficiency,
            sufficiency_prompt("gout?", "gout colchicine diet", &passages),
        ))
        .unwrap();
        assert_eq!((partial.score, partial.verdict), (0.67, Verdict::NotEnough));
        assert_eq!(partial.missing_aspects, ["diet"]);
        let whole = parse_sufficiency(&ask_prompt(
            CallPurpose::Sufficiency,
            sufficiency_prompt("gout?", "gout colchicine", &passages),
        ))
        .unwrap();
        assert_eq!((whole.score, whole.verdict), (1.0, Verdict::Enough));
        let none =
            parse_sufficiency(&ask_prompt(CallPurpose::Sufficiency, sufficiency_prompt("gout?", "gout", &[]))).unwrap();
        assert_eq!((none.score, none.verdict, none.missing_aspects), (0.0, Verdict::NotEnough, vec!["gout".into()]));
    }

    #[test]
    fn a_grade_wants_every_claim_cited_and_in_its_passage() {
        use crate::llm::query_flow::{grade_prompt, parse_grade};
        let passages = [
            ("Gout".to_string(), "Gout is a painful form of arthritis.".to_string()),
            ("Colchicine".to_string(), "Colchicine relieves gout attacks.".to_string()),
        ];
        let grade =
            |answer: &str| parse_grade(&ask_prompt(CallPurpose::Grade, grade_prompt(answer, &passages))).unwrap();
        // The mock's own answer shape: a heading, cited lines, a referral.
        let own = grade("According to the provided sources:\n- Gout is a painful form of arthritis. [1]\n- Colchicine relieves gout attacks. [2]\nPlease talk to a clinician about your own situation.");
        assert_eq!((own.grounded, own.score, own.reason.as_str()), (true, 1.0, ""));
        let uncited = grade("Gout is a painful form of arthritis [1]. Allopurinol lowers uric acid levels.");
        assert_eq!((uncited.grounded, uncited.score), (false, 0.5));
        assert!(
            uncited.reason.contains("Allopurinol lowers uric acid levels.")
                && uncited.reason.contains("cites no source"),
            "{}",
            uncited.reason
        );
        let miscited = grade("Colchicine relieves gout attacks [1].");
        assert_eq!((miscited.grounded, miscited.score), (false, 0.0));
        assert!(miscited.reason.contains("not in the passages it cites"), "{}", miscited.reason);
    }

    #[test]
    fn junk_replies_are_refused_by_every_parser() {
        use crate::llm::query_flow::{parse_grade, parse_plan, parse_rerank, parse_sufficiency};
        let junk = |purpose| junk_reply(purpose).unwrap();
        assert!(parse_plan(&junk(CallPurpose::Plan)).is_none());
        assert!(parse_rerank(&junk(CallPurpose::Rerank), 3).is_none());
        assert!(parse_sufficiency(&junk(CallPurpose::Sufficiency)).is_none());
        assert!(parse_grade(&junk(CallPurpose::Grade)).is_none());
        assert_eq!(junk_reply(CallPurpose::Answer), None, "only Query Flow's steps are junked");
    }
}
