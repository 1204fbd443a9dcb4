//! `medagent eval pipeline`: every ablation profile on the development set, each question a new
//! conversation, with a model stand-in that plans the way a good model would (the hand-written plans
//! of `tests/fixtures/devset_plans.jsonl`) and answers every other request as `medagent mock-llm`
//! does. It reports, per profile, how good the evidence handed to the model is (MRR@10 and whether
//! any passage is relevant, by the development set's labels), how many model calls a turn makes, and
//! the two divided: what each call buys. This is how the default profile is chosen.

use super::ask::{KnowledgeArgs, SystemClock};
use super::error::CliError;
use super::mock_reply;
use super::questions::{read_devset, read_plan_file};
use crate::core::ports::Knowledge;
use crate::llm::query_flow::QueryPlan;
use crate::llm::{CallPurpose, ChatRequest, Completion, Llm, LlmError, LocalFuture};
use crate::memory::Memory;
use crate::pipeline::flags::{profile, DEFAULT_PROFILE, PROFILES};
use crate::pipeline::graph::{run_turn, TurnInput};
use crate::pipeline::ports::Services;
use clap::Args;
use std::collections::HashMap;
use std::path::PathBuf;

/// Arguments of `medagent eval pipeline`.
#[derive(Debug, Args)]
pub struct EvalPipelineArgs {
    /// The development set.
    #[arg(long, default_value = "tests/fixtures/devset.jsonl")]
    pub devset: PathBuf,
    /// The plans the stand-in model returns, one per development question.
    #[arg(long, default_value = "tests/fixtures/devset_plans.jsonl")]
    pub plans: PathBuf,
    /// Comma-separated profiles (default: all eight).
    #[arg(long)]
    pub profiles: Option<String>,
    /// No model at all: every step uses its local version (the plan is the lexicon's English).
    #[arg(long)]
    pub offline: bool,
    /// Also print, for every answerable question, the rank of the first relevant passage in each
    /// profile's evidence ("-": none) and the size of the evidence.
    #[arg(long)]
    pub verbose: bool,
    #[command(flatten)]
    pub knowledge: KnowledgeArgs,
}

/// Plans from the fixture by question; everything else as the mock LLM answers it.
struct FixturePlanner {
    plans: HashMap<String, QueryPlan>,
}

impl Llm for FixturePlanner {
    fn name(&self) -> String {
        "hand plans + mock".into()
    }

    fn complete<'a>(
        &'a self,
        request: &'a ChatRequest,
        on_delta: &'a mut dyn FnMut(&str),
    ) -> LocalFuture<'a, Result<Completion, LlmError>> {
        Box::pin(async move {
            // A plan request's user message is the question.
            let question = request.messages.last().map_or("", |m| m.content.trim());
            let planned = self.plans.get(question).filter(|_| request.purpose == CallPurpose::Plan);
            let text = match planned {
                Some(plan) => serde_json::to_string(plan).unwrap_or_default(),
                None => mock_reply::reply(request),
            };
            on_delta(&text);
            Ok(Completion { text, usage: None })
        })
    }
}

pub fn run(args: EvalPipelineArgs) -> Result<(), CliError> {
    let mut questions = read_devset(&args.devset)?;
    // The comparison needs a model that plans as a person would: with a model, only the questions
    // with a hand plan are run (without one, every question is).
    let plans = if args.offline { HashMap::new() } else { read_plan_file(&args.plans)? };
    if !args.offline {
        let before = questions.len();
        questions.retain(|q| plans.contains_key(&q.question));
        if questions.is_empty() {
            return Err(CliError::usage(format!(
                "{} plans none of the questions of {}: add lines {{\"question\": ..., \"plan\": {{...}}}}, or run with --offline",
                args.plans.display(),
                args.devset.display()
            )));
        }
        if questions.len() < before {
            println!(
                "{} of {before} questions have no hand plan in {} and are left out (add their plans to include them, or run with --offline for all)",
                before - questions.len(),
                args.plans.display()
            );
        }
    }
    let names: Vec<String> = match &args.profiles {
        Some(list) => list.split(',').map(|p| p.trim().to_string()).collect(),
        None => PROFILES.iter().map(|p| p.to_string()).collect(),
    };
    for name in &names {
        profile(name)
            .ok_or_else(|| CliError::usage(format!("unknown profile {name:?}: use one of {}", PROFILES.join(", "))))?;
    }
    let knowledge = args.knowledge.open()?;
    let clock = SystemClock::new();
    let llm = FixturePlanner { plans };
    let model: Option<&dyn Llm> = if args.offline { None } else { Some(&llm) };
    let services = Services::of_index(&knowledge, &clock).with_llm(model);
    let answerable = questions.iter().filter(|q| q.answerable()).count();
    println!(
        "{} questions ({answerable} answerable), each a new conversation; search: {}; model: {}",
        questions.len(),
        knowledge.describe(),
        if args.offline { "none (every step local)" } else { "the hand plans, else mock-llm's replies" }
    );
    println!(
        "{:<28} {:>8} {:>10} {:>9} {:>10} {:>11} {:>10}",
        "profile", "MRR@10", "relevant", "evidence", "calls/turn", "MRR/call", "ms/turn"
    );
    let mut ranks: Vec<Vec<String>> = vec![Vec::new(); questions.len()];
    for name in &names {
        let flags = profile(name).expect("checked");
        let (mut reciprocal, mut found, mut evidence, mut calls, mut ms) = (0.0, 0, 0, 0, 0.0);
        let mut progress = super::progress::Progress::new(name.as_str());
        for (i, q) in questions.iter().enumerate() {
            progress.show(i + 1, questions.len());
            let input = TurnInput {
                text: q.question.clone(),
                user: "eval".into(),
                flags: flags.clone(),
                ..TurnInput::default()
            };
            let state = pollster::block_on(run_turn(input, &mut Memory::default(), &services, &mut |_| {}));
            calls += state.llm_calls();
            ms += state.trace.steps.iter().map(|s| s.ms).sum::<f64>();
            if q.answerable() {
                evidence += state.retrieved_docs.len();
                let first = state.retrieved_docs.iter().take(10).position(|e| q.answered_by(&e.focus, &e.qtype));
                reciprocal += first.map_or(0.0, |r| 1.0 / (r + 1) as f64);
                ranks[i].push(format!(
                    "{}/{}",
                    first.map_or("-".to_string(), |r| (r + 1).to_string()),
                    state.retrieved_docs.len()
                ));
                found += usize::from(first.is_some());
            }
        }
        progress.finish();
        let n = questions.len().max(1) as f64;
        let mrr = reciprocal / answerable.max(1) as f64;
        let per_turn = calls as f64 / n;
        println!(
            "{:<28} {:>8.3} {:>10.3} {:>9.2} {:>10.2} {:>11.3} {:>10.1}{}",
            name,
            mrr,
            found as f64 / answerable.max(1) as f64,
            evidence as f64 / answerable.max(1) as f64,
            per_turn,
            mrr / per_turn.max(1.0),
            ms / n,
            if name == DEFAULT_PROFILE { "  (default)" } else { "" }
        );
    }
    if args.verbose {
        println!(
            "\nrank of the first relevant passage / passages in the evidence, per profile ({}):",
            names.join(", ")
        );
        for (q, r) in questions.iter().zip(&ranks).filter(|(q, _)| q.answerable()) {
            println!("{:<40} {} {}", r.join(" "), q.lang, q.question);
        }
    }
    println!("relevant: share of answerable questions with a relevant passage in the evidence; evidence: passages handed to the model;");
    println!("MRR/call: MRR@10 divided by model calls per turn (at least 1); ms/turn: the pipeline's own time, the stand-in model answers at once.");
    Ok(())
}
