//! Runs the study: every scenario under every arm (an ablation profile, or the plain LLM baseline),
//! each conversation on a fresh memory, through the real pipeline, recording per turn what
//! [`super::metrics`] and [`super::grading`] measure. Platform-neutral: the CLI and the browser
//! plug in their knowledge base, model, embedder and clock.

use super::grading;
use super::metrics::{self, Counts, Fidelity, Retrieval};
use super::scenario::Scenario;
use crate::core::citation;
use crate::i18n::Lang;
use crate::llm::{ChatRequest, Completion, Llm, LlmError, LocalFuture};
use crate::memory::Memory;
use crate::pipeline::answer::{AnswerKind, Refusal};
use crate::pipeline::flags::{profile, Flags, PROFILES};
use crate::pipeline::graph::{run_turn, TurnInput};
use crate::pipeline::nodes::{grade, passages};
use crate::pipeline::ports::{Clock, Services};
use crate::pipeline::state::{Mode, QualityMethod};
use crate::pipeline::stop::StopReason;
use crate::platform::http::StopHandle;
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

/// How a shell drives a study: told the progress after each conversation, able to stop it between
/// conversations, and giving way between them (a page paints its progress bar then).
pub struct Hooks<'h> {
    /// After each conversation: conversations done, and in all.
    pub progress: &'h mut dyn FnMut(usize, usize),
    /// Pressed, the study ends before the next conversation; the records so far are kept. (The
    /// model's own stop handle ends a call in flight.)
    pub stop: StopHandle,
    /// Awaited after each conversation (the study is otherwise one long task when it needs no network).
    pub pause: &'h dyn Fn() -> LocalFuture<'static, ()>,
}

impl<'h> Hooks<'h> {
    /// Progress alone: nothing stops the study and nothing waits between conversations (a native run).
    pub fn progress_only(progress: &'h mut dyn FnMut(usize, usize)) -> Self {
        fn no_pause() -> LocalFuture<'static, ()> {
            Box::pin(async {})
        }
        Hooks { progress, stop: StopHandle::new(), pause: &no_pause }
    }
}

/// A study as [`drive`] ran it, what its report is built from ([`super::report::build`]).
pub struct Study {
    /// The model's name, or the offline evidence responder.
    pub provider: String,
    pub arms: Vec<String>,
    /// The scenarios' languages, in their order.
    pub langs: Vec<Lang>,
    pub records: Vec<TurnRecord>,
    /// Conversations run, of those chosen (fewer when stopped).
    pub done: usize,
    pub total: usize,
    pub seconds: f64,
}

/// Runs `scenarios` under `arms` against `services` (no model: the offline evidence responder, and
/// no faithfulness, relevancy or judge), each conversation on a fresh memory: the one driver of the
/// CLI's `eval study` and the Evaluate page (evaluate.html).
pub async fn drive(scenarios: &[Scenario], arms: &[Arm], services: &Services<'_>, hooks: Hooks<'_>) -> Study {
    let started = services.clock.monotonic_ms();
    let counting = services.llm.map(|llm| Counting::new(llm, services.clock));
    let grader = services.llm.map(|llm| Counting::new(llm, services.clock));
    let clock = ConversationClock { real: services.clock, now: Cell::new(START_MS) };
    let pipeline = services.with_llm(counting.as_ref().map(|c| c as &dyn Llm)).with_clock(&clock);
    let total = scenarios.len() * arms.len();
    let mut records = Vec::new();
    let mut done = 0;
    'arms: for arm in arms {
        for scenario in scenarios {
            if hooks.stop.is_stopped() {
                break 'arms;
            }
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
                    model_answer: state.answer.kind == AnswerKind::Generated,
                    model_refused: state.answer.unsupported.as_ref().map(|u| refusal_check(&u.why).to_string()),
                    citations: 0,
                    language_ok: None,
                    cited_support: None,
                    grounded: None,
                    offline_retrieval: None,
                };
                // The model's own text, refused or not; the triage notice is the app's, not the answer's.
                let answer = state.answer.unsupported.as_ref().map_or(&state.answer.body, |u| &u.text).trim();
                if !answer.is_empty() {
                    let cited = citation::cited(answer, state.retrieved_docs.len());
                    let grade = grade::local(answer, &passages(&state.retrieved_docs), services.lexicon);
                    record.citations = cited.len();
                    record.language_ok = metrics::answer_lang(answer).map(|l| l == scenario.lang);
                    record.cited_support = Some(grade.score);
                    record.grounded = Some(!cited.is_empty() && grade.grounded);
                }
                if let Some(grader) = &grader {
                    if state.error.is_none() && !answer.is_empty() {
                        // The passages the answer cites ([n]); all retrieved ones when it cites none.
                        let cited: Vec<&str> = citation::cited(answer, state.retrieved_docs.len())
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
            (hooks.progress)(done, total);
            (hooks.pause)().await;
        }
    }
    let mut langs: Vec<Lang> = Vec::new();
    for lang in scenarios.iter().map(|s| s.lang) {
        if !langs.contains(&lang) {
            langs.push(lang);
        }
    }
    Study {
        provider: services.llm.map_or_else(|| "offline (evidence responder, no model)".to_string(), |l| l.name()),
        arms: arms.iter().map(|a| a.name.clone()).collect(),
        langs,
        records,
        done,
        total,
        seconds: (services.clock.monotonic_ms() - started) / 1000.0,
    }
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
    use crate::pipeline::ports::{Found, IndexError, Knowledge, LexicalEmbedder, SearchReport};
    use crate::pipeline::state::Evidence;
    use crate::study::scenario::parse_jsonl;
    use crate::study::scenario::{ScenarioTurn, TurnPurpose};
    use crate::study::SCENARIOS_JSONL;
    use std::cell::RefCell;

    /// A knowledge base that finds nothing.
    struct Empty;

    impl Knowledge for Empty {
        fn search<'a>(&'a self, _: &'a str, _: usize) -> LocalFuture<'a, Result<Found, IndexError>> {
            Box::pin(async { Ok(Found { evidence: Vec::new(), report: SearchReport::method("empty") }) })
        }
        fn describe(&self) -> String {
            "empty".into()
        }
    }

    struct Ticking(Cell<f64>);

    impl Clock for Ticking {
        fn now_ms(&self) -> f64 {
            0.0
        }
        fn monotonic_ms(&self) -> f64 {
            self.0.set(self.0.get() + 1.0);
            self.0.get()
        }
    }

    #[test]
    fn the_driver_reports_each_conversation_gives_way_after_it_and_stops_between_them() {
        let scenarios: Vec<Scenario> = parse_jsonl(SCENARIOS_JSONL).unwrap().into_iter().take(3).collect();
        let arms = arms("baseline,full_context_engineering").unwrap();
        let clock = Ticking(Cell::new(0.0));
        let services = Services::new(&Empty, &LexicalEmbedder, &clock);
        let stop = StopHandle::new();
        let seen = RefCell::new(Vec::new());
        let pauses = Cell::new(0);
        let pause = || -> LocalFuture<'static, ()> {
            pauses.set(pauses.get() + 1);
            Box::pin(async {})
        };
        let mut progress = |done, total| {
            seen.borrow_mut().push((done, total));
            if done == 4 {
                stop.stop();
            }
        };
        let hooks = Hooks { progress: &mut progress, stop: stop.clone(), pause: &pause };
        let study = pollster::block_on(drive(&scenarios, &arms, &services, hooks));
        assert_eq!(*seen.borrow(), [(1, 6), (2, 6), (3, 6), (4, 6)], "progress after each conversation");
        assert_eq!(pauses.get(), 4, "the shell is given way after each conversation");
        assert_eq!((study.done, study.total), (4, 6), "stopped before the fifth");
        let turns: usize = scenarios.iter().map(|s| s.turns.len()).sum::<usize>() + scenarios[0].turns.len();
        assert_eq!(study.records.len(), turns, "the records of the conversations run are kept");
        assert_eq!(study.provider, "offline (evidence responder, no model)");
        assert_eq!(study.arms, ["baseline", "full_context_engineering"]);
        assert!(study.seconds > 0.0);
        assert_eq!(crate::study::report::build(&study).records.len(), turns);
    }

    /// One passage about gout, whatever the query.
    struct GoutPassage;

    impl Knowledge for GoutPassage {
        fn search<'a>(&'a self, _: &'a str, _: usize) -> LocalFuture<'a, Result<Found, IndexError>> {
            Box::pin(async {
                let evidence = vec![Evidence {
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
                }];
                Ok(Found { evidence, report: SearchReport::method("one passage") })
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
        let services = Services::new(&GoutPassage, &LexicalEmbedder, &Fixed).with_llm(Some(&llm));
        let scenarios = [
            scenario(Lang::En, "What causes gout in the big toe?"),
            scenario(Lang::Ko, "통풍은 왜 생기나요? 엄지발가락이 아파요."),
        ];
        let mut progress = |_, _| {};
        let hooks = Hooks::progress_only(&mut progress);
        let records = pollster::block_on(drive(&scenarios, &arms("baseline").unwrap(), &services, hooks)).records;
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
