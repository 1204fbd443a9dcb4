//! Runs the study: every scenario under every arm (an ablation profile, or the plain LLM baseline),
//! each conversation on a fresh memory, through the real pipeline, recording per turn what
//! [`super::metrics`] and [`super::grading`] measure. Platform-neutral: the CLI and the browser
//! plug in their knowledge base, model, embedder and clock.

use super::grading;
use super::metrics::{self, Counts, Fidelity, Retrieval};
use super::scenario::Scenario;
use crate::i18n::Lang;
use crate::lexicon::Lexicon;
use crate::llm::{ChatRequest, Completion, Llm, LlmError, LocalFuture};
use crate::memory::Memory;
use crate::pipeline::answer::{AnswerKind, Refusal};
use crate::pipeline::flags::{profile, Flags, PROFILES};
use crate::pipeline::graph::{run_turn, Services, TurnInput};
use crate::pipeline::nodes::{grade, passages};
use crate::pipeline::ports::{Clock, Embedder, Knowledge};
use crate::pipeline::state::{Mode, QualityMethod};
use crate::pipeline::stop::StopReason;
use serde::{Deserialize, Serialize};
use std::cell::Cell;

/// The plain baseline's name among the arms: the question straight to the model.
pub const LLM_ONLY: &str = "llm_only";

/// One way of answering that the study compares.
#[derive(Clone, Debug)]
pub struct Arm {
    pub name: String,
    pub mode: Mode,
    pub flags: Flags,
}

/// The arms named in `list` ("all", or names separated by commas; `llm_only` is the plain baseline).
pub fn arms(list: &str) -> Result<Vec<Arm>, String> {
    let names: Vec<&str> = if list.trim() == "all" {
        PROFILES.iter().copied().chain([LLM_ONLY]).collect()
    } else {
        list.split(',').map(str::trim).filter(|s| !s.is_empty()).collect()
    };
    if names.is_empty() {
        return Err("no profile given: use all, or names separated by commas".into());
    }
    names
        .into_iter()
        .map(|name| {
            if name == LLM_ONLY {
                return Ok(Arm { name: name.into(), mode: Mode::Llm, flags: Flags::default() });
            }
            profile(name).map(|flags| Arm { name: name.into(), mode: Mode::Agent, flags }).ok_or_else(|| {
                format!("unknown profile {name:?}: use all, {LLM_ONLY} or one of {}", PROFILES.join(", "))
            })
        })
        .collect()
}

/// What one turn of one scenario under one arm measured.
#[derive(Clone, Debug, Serialize, Deserialize)]
pub struct TurnRecord {
    pub arm: String,
    pub scenario: String,
    pub lang: Lang,
    /// 0-based turn index.
    pub turn: usize,
    pub purpose: super::scenario::TurnPurpose,
    /// Slot counts in `SlotKind::ALL` order.
    pub slots: [Counts; 6],
    pub fidelity: Fidelity,
    /// `None` when the turn has no relevant document.
    pub retrieval: Option<Retrieval>,
    pub documents: usize,
    pub iterations: usize,
    pub llm_calls: usize,
    /// Estimated tokens of every request the pipeline sent.
    pub tokens_sent: usize,
    /// Tokens the provider reported (prompt + completion), when it reports them.
    pub tokens_reported: usize,
    pub cache_hit: bool,
    pub stop_reason: Option<String>,
    /// The turn ended by a route of the graph (not by the step guard).
    pub terminated: bool,
    /// Time in the pipeline itself, the model's waiting time taken out.
    pub pipeline_ms: f64,
    pub model_ms: f64,
    pub error: Option<String>,
    /// The judge's overall score when a model judged the answer.
    pub judge_score: Option<f64>,
    pub faithfulness: Option<f64>,
    pub answer_relevancy: Option<f64>,
    /// Tokens the grading calls cost (faithfulness and answer relevancy).
    pub grading_tokens: usize,
    /// A model wrote the answer shown (it passed the answer checks, or was not checked: `llm_only`).
    pub model_answer: bool,
    /// A model wrote an answer the answer checks refused after its one retry: which check
    /// (`wrong_language`, `echoes_question`, `no_citation`, `unsupported`). The evidence answer was
    /// shown instead, with the model's text under it marked as unsupported.
    pub model_refused: Option<String>,
    /// Passages the answer cites as `[n]`, each once. This and the measures below read the model's
    /// own text when it wrote one (shown or refused), otherwise the shown answer; never the triage
    /// notice, the warnings or the evidence answer that stood in for a refused one.
    pub citations: usize,
    /// The answer is in the scenario's language; `None` for an empty answer.
    pub language_ok: Option<bool>,
    /// The share of the answer's claims supported by the passages they cite, graded without a model
    /// (`pipeline::nodes::grade::local`), so a weak model cannot grade itself.
    pub cited_support: Option<f64>,
    /// The answer cites a passage and that grade finds it grounded (what the answer checks require).
    pub grounded: Option<bool>,
    /// The same turn under the same arm without a model ([`with_offline`]).
    pub offline_retrieval: Option<Retrieval>,
}

/// A model that counts what goes through it: calls, estimated tokens sent, reported usage, time.
pub struct Counting<'a> {
    pub inner: &'a dyn Llm,
    pub clock: &'a dyn Clock,
    pub calls: Cell<usize>,
    pub tokens_sent: Cell<usize>,
    pub tokens_reported: Cell<usize>,
    pub ms: Cell<f64>,
}

impl<'a> Counting<'a> {
    pub fn new(inner: &'a dyn Llm, clock: &'a dyn Clock) -> Self {
        Counting {
            inner,
            clock,
            calls: Cell::new(0),
            tokens_sent: Cell::new(0),
            tokens_reported: Cell::new(0),
            ms: Cell::new(0.0),
        }
    }

    /// Reads and resets the counters: (calls, tokens sent, tokens reported, ms).
    pub fn take(&self) -> (usize, usize, usize, f64) {
        (self.calls.take(), self.tokens_sent.take(), self.tokens_reported.take(), self.ms.take())
    }
}

impl Llm for Counting<'_> {
    fn name(&self) -> String {
        self.inner.name()
    }
    fn complete<'b>(
        &'b self,
        request: &'b ChatRequest,
        on_delta: &'b mut dyn FnMut(&str),
    ) -> LocalFuture<'b, Result<Completion, LlmError>> {
        Box::pin(async move {
            let started = self.clock.monotonic_ms();
            self.calls.set(self.calls.get() + 1);
            let sent: usize = request.messages.iter().map(|m| crate::pipeline::tokens::estimate(&m.content)).sum();
            self.tokens_sent.set(self.tokens_sent.get() + sent);
            let result = self.inner.complete(request, on_delta).await;
            if let Ok(Completion { usage: Some(u), .. }) = &result {
                self.tokens_reported.set(self.tokens_reported.get() + (u.prompt_tokens + u.completion_tokens) as usize);
            }
            self.ms.set(self.ms.get() + self.clock.monotonic_ms() - started);
            result
        })
    }
}

/// Conversation time: each turn ten minutes after the previous one, from a fixed day, so the facts'
/// weights are the same on every run; monotonic time is the real one.
struct ConversationClock<'a> {
    real: &'a dyn Clock,
    now: Cell<f64>,
}

impl Clock for ConversationClock<'_> {
    fn now_ms(&self) -> f64 {
        self.now.get()
    }
    fn monotonic_ms(&self) -> f64 {
        self.real.monotonic_ms()
    }
}

/// 2024-01-01T09:00Z, the study's first turn.
const START_MS: f64 = 1_704_099_600_000.0;
const TURN_GAP_MS: f64 = 10.0 * 60_000.0;

/// What the study runs against.
pub struct StudyServices<'a> {
    pub knowledge: &'a dyn Knowledge,
    /// `None`: the offline evidence responder (no faithfulness, relevancy or judge).
    pub llm: Option<&'a dyn Llm>,
    pub embedder: &'a dyn Embedder,
    pub lexicon: Option<&'a Lexicon>,
    pub clock: &'a dyn Clock,
}

/// Runs `scenarios` under `arms`; `on_progress(done, total)` after each conversation.
pub async fn run(
    scenarios: &[Scenario],
    arms: &[Arm],
    services: &StudyServices<'_>,
    on_progress: &mut dyn FnMut(usize, usize),
) -> Vec<TurnRecord> {
    let counting = services.llm.map(|llm| Counting::new(llm, services.clock));
    let grader = services.llm.map(|llm| Counting::new(llm, services.clock));
    let clock = ConversationClock { real: services.clock, now: Cell::new(START_MS) };
    let pipeline = Services {
        knowledge: services.knowledge,
        llm: counting.as_ref().map(|c| c as &dyn Llm),
        embedder: services.embedder,
        lexicon: services.lexicon,
        clock: &clock,
    };
    let total = scenarios.len() * arms.len();
    let mut records = Vec::new();
    let mut done = 0;
    for arm in arms {
        for scenario in scenarios {
            let mut memory = Memory::default();
            for (index, turn) in scenario.turns.iter().enumerate() {
                clock.now.set(START_MS + index as f64 * TURN_GAP_MS);
                let input = TurnInput {
                    text: turn.text.clone(),
                    user: "study".into(),
                    lang: Some(scenario.lang),
                    mode: arm.mode,
                    flags: arm.flags.clone(),
                    ..TurnInput::default()
                };
                let state = run_turn(input, &mut memory, &pipeline, &mut |_| {}).await;
                let (calls, tokens_sent, tokens_reported, model_ms) =
                    counting.as_ref().map_or((0, 0, 0, 0.0), Counting::take);
                // The plain baseline never extracts: its slots are what it found, nothing.
                let found = metrics::slot_facts(&state.slots);
                let facts = memory.profiles.profile("study").map_or(&[][..], |p| &p.facts[..]);
                let ranked: Vec<String> = state.retrieved_docs.iter().map(|d| d.id.clone()).collect();
                let step_ms: f64 = state.trace.steps.iter().map(|s| s.ms).sum();
                let mut record = TurnRecord {
                    arm: arm.name.clone(),
                    scenario: scenario.id.clone(),
                    lang: scenario.lang,
                    turn: index,
                    purpose: turn.purpose,
                    slots: metrics::score_slots(&found, &turn.slots),
                    fidelity: metrics::fidelity(facts, &turn.profile, clock.now_ms()),
                    retrieval: metrics::retrieval(&ranked, &turn.relevant),
                    documents: ranked.len(),
                    iterations: state.iteration_count,
                    llm_calls: state.llm_calls().max(calls),
                    tokens_sent,
                    tokens_reported,
                    cache_hit: state.cache_hit,
                    stop_reason: state.stop_reason.as_ref().map(|r| r.code().to_string()),
                    terminated: state.stop_reason != Some(StopReason::StepLimit),
                    pipeline_ms: (step_ms - model_ms).max(0.0),
                    model_ms,
                    error: state.error.clone(),
                    judge_score: (state.quality.method == Some(QualityMethod::Llm)).then_some(state.quality.overall),
                    faithfulness: None,
                    answer_relevancy: None,
                    grading_tokens: 0,
                    model_answer: state.reply.kind == AnswerKind::Generated,
                    model_refused: state.reply.unsupported.as_ref().map(|u| refusal_check(&u.why).to_string()),
                    citations: 0,
                    language_ok: None,
                    cited_support: None,
                    grounded: None,
                    offline_retrieval: None,
                };
                // The model's own text, refused or not; the triage notice is the app's, not the answer's.
                let answer = state.reply.unsupported.as_ref().map_or(&state.reply.body, |u| &u.text).trim();
                if !answer.is_empty() {
                    let cited = metrics::cited(answer, state.retrieved_docs.len());
                    let grade = grade::local(answer, &passages(&state.retrieved_docs));
                    record.citations = cited.len();
                    record.language_ok = metrics::answer_lang(answer).map(|l| l == scenario.lang);
                    record.cited_support = Some(grade.score);
                    record.grounded = Some(!cited.is_empty() && grade.grounded);
                }
                if let Some(grader) = &grader {
                    if state.error.is_none() && !answer.is_empty() {
                        // The passages the answer cites ([n]); all retrieved ones when it cites none.
                        let cited: Vec<&str> = metrics::cited(answer, state.retrieved_docs.len())
                            .into_iter()
                            .map(|n| state.retrieved_docs[n - 1].passage.as_str())
                            .collect();
                        let passages = if cited.is_empty() {
                            state.retrieved_docs.iter().map(|d| d.passage.as_str()).collect()
                        } else {
                            cited
                        };
                        record.faithfulness = grading::faithfulness(grader, answer, &passages).await;
                        record.answer_relevancy =
                            grading::answer_relevancy(grader, services.embedder, &turn.text, answer).await;
                        record.grading_tokens = grader.take().1;
                    }
                }
                records.push(record);
            }
            done += 1;
            on_progress(done, total);
        }
    }
    records
}

/// The answer check that refused a model's answer, by name.
fn refusal_check(why: &Refusal) -> &'static str {
    match why {
        Refusal::WrongLanguage => "wrong_language",
        Refusal::EchoesQuestion => "echoes_question",
        Refusal::NoCitation => "no_citation",
        Refusal::Unsupported(_) => "unsupported",
    }
}

/// Adds to each record with a model the retrieval of the same turn (arm, scenario, turn) in `offline`,
/// the same study run without one: what the model's plan and judgements did to retrieval.
pub fn with_offline(records: &mut [TurnRecord], offline: &[TurnRecord]) {
    for record in records {
        record.offline_retrieval = offline
            .iter()
            .find(|o| o.arm == record.arm && o.scenario == record.scenario && o.turn == record.turn)
            .and_then(|o| o.retrieval);
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::llm::scripted::{Script, ScriptedLlm};
    use crate::pipeline::ports::{IndexError, LexicalEmbedder};
    use crate::pipeline::state::Evidence;
    use crate::study::scenario::{ScenarioTurn, TurnPurpose};

    /// One passage about gout, whatever the query.
    struct GoutPassage;

    impl Knowledge for GoutPassage {
        fn search<'a>(&'a self, _: &'a str, _: usize) -> LocalFuture<'a, Result<Vec<Evidence>, IndexError>> {
            Box::pin(async {
                Ok(vec![Evidence {
                    id: "NIAMS_0000001-1".into(),
                    title: "What is Gout?".into(),
                    passage: "Gout is a painful form of arthritis caused by uric acid crystals in a joint.".into(),
                    source: "NIAMS".into(),
                    focus: "Gout".into(),
                    qtype: "information".into(),
                    url: String::new(),
                    score: 1.0,
                    bm25_rank: Some(1),
                    vector_rank: None,
                    rrf_rank: None,
                    location: None,
                }])
            })
        }
        fn describe(&self) -> String {
            "one passage".into()
        }
    }

    struct Fixed;

    impl Clock for Fixed {
        fn now_ms(&self) -> f64 {
            START_MS
        }
        fn monotonic_ms(&self) -> f64 {
            0.0
        }
    }

    fn scenario(lang: Lang, text: &str) -> Scenario {
        let turn = ScenarioTurn {
            purpose: TurnPurpose::Symptom,
            text: text.into(),
            slots: Vec::new(),
            profile: Vec::new(),
            focus: vec!["Gout".into()],
            qtype: vec!["information".into()],
            relevant: vec!["NIAMS_0000001-1".into()],
        };
        Scenario { id: format!("p-{lang:?}"), patient: "p".into(), lang, turns: vec![turn] }
    }

    /// The model quotes the passage in English, cited: shown in the English conversation; in the
    /// Korean one refused twice as the wrong language, so the evidence answer is shown, and the
    /// record's language and citations are those of the model's refused text.
    #[test]
    fn a_refused_model_answer_is_counted_apart_from_a_shown_one() {
        let llm = ScriptedLlm::new(Script::default());
        let services = StudyServices {
            knowledge: &GoutPassage,
            llm: Some(&llm),
            embedder: &LexicalEmbedder,
            lexicon: None,
            clock: &Fixed,
        };
        let scenarios = [
            scenario(Lang::En, "What causes gout in the big toe?"),
            scenario(Lang::Ko, "통풍은 왜 생기나요? 엄지발가락이 아파요."),
        ];
        let records = pollster::block_on(run(&scenarios, &arms("baseline").unwrap(), &services, &mut |_, _| {}));
        let [en, ko] = &records[..] else { panic!("two turns: {records:?}") };
        assert!(en.model_answer && en.model_refused.is_none(), "{en:?}");
        assert_eq!((en.citations, en.language_ok, en.grounded), (1, Some(true), Some(true)), "{en:?}");
        assert!(!ko.model_answer, "{ko:?}");
        assert_eq!(ko.model_refused.as_deref(), Some("wrong_language"));
        assert_eq!((ko.citations, ko.language_ok), (1, Some(false)), "{ko:?}");
        let summary = super::super::report::summarise("baseline", None, &records.iter().collect::<Vec<_>>());
        assert_eq!(summary.model_answers, 1);
        assert_eq!(summary.model_refused.get("wrong_language"), Some(&1));
        assert_eq!(summary.shown_ungrounded, 0);
    }
}
