//! `medagent eval`: retrieval quality on the development set (tests/fixtures/devset.jsonl):
//! MRR@10, Hit@5 and Success@10 per search mode, language and split. A result is relevant when its MedQuAD focus
//! is one of the question's focus names (case-insensitive) and its qtype one of its qtypes. Questions
//! with no focus have no answer in the corpus: they count only for the relevance check.
//!
//! With `--plans FILE` and/or `--planner mock`, each question is also searched the way Query Flow
//! searches it: every query of its plan (the normalised query and the sub-questions), each bridged
//! through the lexicon like the raw message, the per-query lists fused by document
//! (`fuse_ranked_lists`); the report puts the raw message and each plan side by side.

use super::error::CliError;
use super::files::{
    labelled_questions, read_corpus, DirSource, DEFAULT_CORPUS, DEFAULT_INDEX_DIR, DEFAULT_LABELLED_SETS,
    DEFAULT_VECTORS_DIR,
};
use super::questions::{read_devset, read_plans, DevQuestion};
use super::search::ModeArg;
use crate::core::tokenizer::tokenize;
use crate::lexicon::bridge::{bridge, BridgedQuery};
use crate::llm::query_flow::{parse_plan, plan_prompt, QueryPlan};
use crate::llm::{CallPurpose, ChatRequest};
use crate::pipeline::nodes::plan::{bridged_query, planned_queries};
use crate::retrieval::asked::asked_first;
use crate::retrieval::aspects::{train as train_aspects, AspectModel};
use crate::retrieval::fusion::{fuse, fuse_ranked_lists, Candidate, Fusion, FUSION, RRF_K};
use crate::retrieval::index_files::LoadedIndex;
use crate::retrieval::relevance::{
    judge, judge_at, Relevance, MIN_KEYWORD_COVERAGE, MIN_KEYWORD_COVERAGE_WITH_VECTORS, MIN_SIMILARITY,
};
use crate::retrieval::search::{asked_of, open, open_lexicon, search_with_signals, Hit, SearchMode, SearchSignals};
use crate::retrieval::topics::fitting_topics_first;
use crate::retrieval::vectors::VectorSearch;
use clap::Args;
use std::collections::{BTreeMap, HashMap, HashSet};
use std::path::PathBuf;

/// Measure retrieval quality on the development set (or `eval study`, `eval triage`).
#[derive(Debug, Args)]
#[command(args_conflicts_with_subcommands = true)]
pub struct EvalArgs {
    #[command(subcommand)]
    pub command: Option<EvalCommand>,
    /// The development set (JSON lines: lang, question, focus[], qtype[]).
    #[arg(long, default_value = "tests/fixtures/devset.jsonl")]
    pub devset: PathBuf,
    #[arg(long, default_value = DEFAULT_INDEX_DIR)]
    pub index: PathBuf,
    /// Only bm25 (needs no vector index); default: bm25, vector and hybrid side by side.
    #[arg(long, value_enum)]
    pub mode: Option<ModeArg>,
    /// The vector index (vector and hybrid modes).
    #[arg(long, default_value = DEFAULT_VECTORS_DIR)]
    pub vectors: PathBuf,
    /// The embedding model fetched by scripts/fetch-model.sh (vector and hybrid modes).
    #[arg(long, default_value = super::model::MODEL_DIR)]
    pub model_dir: PathBuf,
    /// Print every question with the rank of its first relevant document in each mode (bm25,
    /// vector, hybrid), the relevance check's signals and verdict, and the bridged search text
    /// (and, with plans, each plan's ranks and queries).
    #[arg(long)]
    pub verbose: bool,
    /// Also try every fusion variant (weighted RRF, score fusion) and cross-validate the choice.
    #[arg(long)]
    pub fusion: bool,
    /// Also search each question with its plan from this file (JSON lines `{"question": ...,
    /// "plan": {...}}`, the plan in the planner's JSON shape; every development question needs one)
    /// and report it beside the raw message.
    #[arg(long)]
    pub plans: Option<PathBuf>,
    /// Also search with the plans this planner writes (`mock`: the reply of `medagent mock-llm` to
    /// the plan prompt; an unreadable reply searches the raw message and is counted).
    #[arg(long, value_enum)]
    pub planner: Option<PlannerArg>,
    /// The model `--planner provider` asks.
    #[command(flatten)]
    pub provider: super::provider_args::ProviderArgs,
    /// What makes a result relevant: its focus and qtype both among the question's (default); its
    /// focus and qtype where the corpus has a page of that qtype for the focus, else its focus alone
    /// (`available`: a question asking an aspect its topic has no page on is answered by the
    /// topic's other pages); or its focus alone (`focus`: whether the topic is found, as for a
    /// disease name typed alone).
    #[arg(long, value_enum, default_value = "focus-qtype")]
    pub relevance: RelevanceArg,
    /// The corpus (`--relevance available` reads which qtypes each focus has pages for).
    #[arg(long, default_value = DEFAULT_CORPUS)]
    pub corpus: PathBuf,
    /// How the aspect a question asks is read: by the table and the index's learned model (`index`,
    /// as search does); by a model trained now on the labelled sets without this development set's
    /// questions (`held-out`: the figure for questions the model never saw); or by the table alone
    /// (`table`: what the model adds).
    #[arg(long, value_enum, default_value = "index")]
    pub aspects: AspectsArg,
    /// The labelled sets `--aspects held-out` trains on.
    #[arg(long, default_value = DEFAULT_LABELLED_SETS)]
    pub labelled: PathBuf,
}

/// Which reader of the asked aspect an evaluation uses.
#[derive(Clone, Copy, Debug, PartialEq, Eq, clap::ValueEnum)]
pub enum AspectsArg {
    /// The table, then the model built into the index.
    Index,
    /// The table, then a model trained without the development set's questions.
    HeldOut,
    /// The table alone.
    Table,
}

/// What a relevant result must match.
#[derive(Clone, Copy, Debug, PartialEq, Eq, clap::ValueEnum)]
pub enum RelevanceArg {
    /// The question's focus and one of its qtypes.
    FocusQtype,
    /// The question's focus and qtype when the corpus has such a page, else its focus.
    Available,
    /// The question's focus, whatever the qtype.
    Focus,
}

/// A planner of the evaluation.
#[derive(Clone, Copy, Debug, clap::ValueEnum)]
pub enum PlannerArg {
    /// The mock LLM's plan: the question without filler words, untranslated.
    Mock,
    /// The model of `--provider` (e.g. the real local model of scripts/real-model.sh), searched as
    /// the pipeline searches a plan: the local plan's query first, then the model's queries that
    /// share the message's topic; reported beside the local plan alone (`local`, no model).
    Provider,
}

/// Other evaluations than retrieval.
#[derive(Debug, clap::Subcommand)]
pub enum EvalCommand {
    /// The study: Synthea conversations under every ablation profile; report.md, results.json, plots.
    Study(Box<super::study::EvalStudyArgs>),
    /// Emergency triage on a labelled set: recall, false alarms, confusion per language, misses, time.
    Triage(super::triage::EvalTriageArgs),
    /// Every ablation profile on the development set with a model that plans as the hand-written
    /// plans do: quality of the evidence handed to the model, model calls per turn, and the two divided.
    Pipeline(Box<super::eval_pipeline::EvalPipelineArgs>),
    /// Korean disease names: every KCD category whose English name is a MedQuAD focus, searched by its
    /// Korean name alone and as two questions; the share whose focus is in the top 5, and the misses.
    Kcd(super::eval_kcd::EvalKcdArgs),
}

/// The mock LLM's plan of a question, `None` when its reply is not a plan the parser reads.
fn mock_plan(question: &DevQuestion) -> Option<QueryPlan> {
    let language = if question.lang == "ko" { "Korean" } else { "English" };
    let (system, user) = plan_prompt(&question.question, "", language);
    let request = ChatRequest::new(CallPurpose::Plan, system, user);
    parse_plan(&super::mock_reply::reply(&request))
}

/// The queries the pipeline searches for each question without a model (`local`) and with the plan
/// the model of `provider` writes (`provider`; a reply that is no plan leaves the local queries).
fn provider_plans(
    provider: &super::provider_args::ProviderArgs,
    lexicon: &crate::lexicon::Lexicon,
    questions: &[DevQuestion],
) -> Result<[PlanSet; 2], CliError> {
    let llm = provider.build()?.ok_or_else(|| {
        CliError::usage("--planner provider needs a model: --provider openai --base-url http://127.0.0.1:18940")
    })?;
    let (mut local_queries, mut model_queries, mut unreadable) = (Vec::new(), Vec::new(), 0);
    let mut progress = super::progress::Progress::new("plans written by the model");
    for (i, q) in questions.iter().enumerate() {
        let local = QueryPlan { normalized_query: bridged_query(Some(lexicon), &q.question), ..QueryPlan::default() };
        let language = if q.lang == "ko" { "Korean" } else { "English" };
        let (system, user) = plan_prompt(&q.question, "", language);
        let request = ChatRequest {
            max_tokens: Some(400),
            temperature: Some(0.0),
            ..ChatRequest::new(CallPurpose::Plan, system, user)
        };
        let model = pollster::block_on(llm.complete(&request, &mut |_| {})).ok().and_then(|c| parse_plan(&c.text));
        unreadable += usize::from(model.is_none());
        let (queries, _) = planned_queries(Some(lexicon), &q.question, &local, model.as_ref());
        progress.show(i + 1, questions.len());
        local_queries.push(local.search_queries());
        model_queries.push(queries);
    }
    progress.finish();
    Ok([
        PlanSet { name: "local", queries: local_queries, unreadable: None },
        PlanSet { name: "provider", queries: model_queries, unreadable: Some(unreadable) },
    ])
}

/// Questions, reciprocal rank sum and hits at 5 and 10 of one (mode, group).
#[derive(Default)]
struct Tally {
    questions: usize,
    reciprocal_ranks: f64,
    hits_at_5: usize,
    hits_at_10: usize,
}

impl Tally {
    fn add(&mut self, first: Option<usize>) {
        self.questions += 1;
        self.reciprocal_ranks += first.map_or(0.0, |r| 1.0 / r as f64);
        self.hits_at_5 += usize::from(first.is_some_and(|r| r <= 5));
        self.hits_at_10 += usize::from(first.is_some_and(|r| r <= 10));
    }

    fn mrr(&self) -> f64 {
        self.reciprocal_ranks / self.questions.max(1) as f64
    }

    fn hit5(&self) -> f64 {
        self.hits_at_5 as f64 / self.questions.max(1) as f64
    }

    /// Success@10: the share of questions with a relevant result among the ten shown.
    fn success10(&self) -> f64 {
        self.hits_at_10 as f64 / self.questions.max(1) as f64
    }
}

/// Candidates fetched from each side (hybrid search fuses 2k of each for k = 10 shown).
const DEPTH: usize = 20;

/// One question's two ranked lists, the signals of the relevance check and what was bridged.
struct Searched<'q> {
    question: &'q DevQuestion,
    bm25: Vec<Hit>,
    vector: Vec<Hit>,
    signals: SearchSignals,
    bridged: BridgedQuery,
    /// The aspects search reads the bridged text to ask ([`asked_of`]).
    asked: Vec<String>,
    /// The first relevant rank per mode when searched with each plan (`--plans`, `--planner`).
    planned: Vec<ModeRanks>,
}

/// One query of a plan searched: its two lists, its bridged text and the aspects it asks.
struct QuerySearch {
    bm25: Vec<Hit>,
    vector: Vec<Hit>,
    text: String,
    asked: Vec<String>,
}

impl QuerySearch {
    fn asked(&self) -> Vec<&str> {
        self.asked.iter().map(String::as_str).collect()
    }
}

/// The first relevant rank (1-based, within the first 10) in each search mode.
struct ModeRanks {
    bm25: Option<usize>,
    vector: Option<usize>,
    hybrid: Option<usize>,
}

impl ModeRanks {
    fn get(&self, mode: &str) -> Option<usize> {
        match mode {
            "bm25" => self.bm25,
            "vector" => self.vector,
            _ => self.hybrid,
        }
    }
}

/// The documents of the fusion of one search's two lists, best first.
fn fused_docs(bm25: &[Hit], vector: &[Hit], fusion: Fusion) -> Vec<u32> {
    let candidates = |hits: &[Hit]| -> Vec<Candidate<u32>> {
        hits.iter().map(|h| Candidate { doc: h.doc, chunk: None, score: h.score }).collect()
    };
    fuse(&candidates(bm25), &candidates(vector), fusion).into_iter().map(|f| f.doc).collect()
}

/// The 1-based rank of the first document among the first 10 of `docs` that answers `question`.
fn first_relevant_doc(question: &DevQuestion, docs: &[u32], hits: &HashMap<u32, &Hit>) -> Option<usize> {
    docs.iter().take(10).position(|d| question.is_relevant(hits[d])).map(|i| i + 1)
}

/// The first relevant ranks when each query of a plan is searched (its bm25 and vector lists and its
/// bridged text given) and the per-query lists of each mode are fused by document, as the retrieve
/// node fuses the searches of a plan.
fn plan_ranks(question: &DevQuestion, searches: &[QuerySearch]) -> ModeRanks {
    let hits: HashMap<u32, &Hit> =
        searches.iter().flat_map(|s| s.bm25.iter().chain(&s.vector)).map(|h| (h.doc, h)).collect();
    let docs = |hits: &[Hit]| hits.iter().map(|h| h.doc).collect::<Vec<u32>>();
    // As the retrieve node does: the fused lists in search's order for the first query.
    let (text, asked) = searches.first().map_or(("", Vec::new()), |s| (s.text.as_str(), s.asked()));
    let first = |lists: Vec<Vec<u32>>| {
        first_relevant_doc(question, &search_order(fuse_ranked_lists(&lists), text, &asked, &hits), &hits)
    };
    ModeRanks {
        bm25: first(searches.iter().map(|s| docs(&s.bm25)).collect()),
        vector: first(searches.iter().map(|s| docs(&s.vector)).collect()),
        hybrid: first(
            searches
                .iter()
                .map(|s| hybrid_docs(&s.bm25, &s.vector, search_fusion(&s.text), &s.text, &s.asked(), &hits))
                .collect(),
        ),
    }
}

/// The fusion search uses for `text` (bridged): [`FUSION`] weighted for its length.
fn search_fusion(text: &str) -> Fusion {
    FUSION.for_query(tokenize(text).len())
}

/// The first 10 documents of hybrid search for `text` (bridged) asking `asked`, as search orders
/// them: `fusion` (search uses [`FUSION`] weighted for the text's length), then [`search_order`].
fn hybrid_docs(
    bm25: &[Hit],
    vector: &[Hit],
    fusion: Fusion,
    text: &str,
    asked: &[&str],
    hits: &HashMap<u32, &Hit>,
) -> Vec<u32> {
    let mut docs = fused_docs(bm25, vector, fusion);
    docs.truncate(10);
    search_order(docs, text, asked, hits)
}

/// `docs` in the order search gives its results for `text` asking `asked`: each topic's pages of the
/// asked aspects first within the topic ([`asked_first`]), then the topic of a family that fits `text`
/// first within the family ([`fitting_topics_first`]).
fn search_order(docs: Vec<u32>, text: &str, asked: &[&str], hits: &HashMap<u32, &Hit>) -> Vec<u32> {
    let pages: Vec<(&str, &str)> = docs.iter().map(|d| (hits[d].focus.as_str(), hits[d].qtype.as_str())).collect();
    let docs: Vec<u32> = asked_first(&pages, asked, |p| p.0, |p| p.1).into_iter().map(|i| docs[i]).collect();
    let pages: Vec<(&str, &str)> = docs.iter().map(|d| (hits[d].focus.as_str(), hits[d].qtype.as_str())).collect();
    fitting_topics_first(&pages, text, asked, |p| p.0, |p| p.1).into_iter().map(|i| docs[i]).collect()
}

impl Searched<'_> {
    /// The 1-based rank of the first relevant document among the first 10 of `hits`.
    fn first_relevant(&self, hits: &[Hit]) -> Option<usize> {
        hits.iter().take(10).position(|h| self.question.is_relevant(h)).map(|i| i + 1)
    }

    /// The first relevant rank when the two lists are fused by `fusion` and ordered as search orders them.
    fn fused_first(&self, fusion: Fusion) -> Option<usize> {
        let by_doc: HashMap<u32, &Hit> = self.bm25.iter().chain(&self.vector).map(|h| (h.doc, h)).collect();
        let asked: Vec<&str> = self.asked.iter().map(String::as_str).collect();
        let docs = hybrid_docs(&self.bm25, &self.vector, fusion, &self.bridged.text, &asked, &by_doc);
        first_relevant_doc(self.question, &docs, &by_doc)
    }

    /// The first relevant rank by mode name (bm25, vector, hybrid).
    fn first_in(&self, mode: &str) -> Option<usize> {
        match mode {
            "bm25" => self.first_relevant(&self.bm25),
            "vector" => self.first_relevant(&self.vector),
            _ => self.fused_first(search_fusion(&self.bridged.text)),
        }
    }

    fn relevance(&self) -> Relevance {
        judge(&self.signals, &self.bridged)
    }
}

pub fn run(args: EvalArgs) -> Result<(), CliError> {
    match args.command {
        Some(EvalCommand::Study(study)) => return super::study::run_eval_study(*study),
        Some(EvalCommand::Triage(triage)) => return super::triage::eval(triage),
        Some(EvalCommand::Pipeline(pipeline)) => return super::eval_pipeline::run(*pipeline),
        Some(EvalCommand::Kcd(kcd)) => return super::eval_kcd::run(kcd),
        None => {}
    }
    let mut questions = read_devset(&args.devset)?;
    match args.relevance {
        RelevanceArg::FocusQtype => {}
        RelevanceArg::Focus => questions.iter_mut().for_each(|q| q.any_qtype = true),
        RelevanceArg::Available => {
            let (corpus, _) = read_corpus(&args.corpus)?;
            let pages: HashSet<(String, &str)> =
                corpus.iter().map(|d| (d.focus.to_lowercase(), d.qtype.as_str())).collect();
            for q in &mut questions {
                q.any_qtype =
                    !q.focus.iter().any(|f| q.qtype.iter().any(|t| pages.contains(&(f.to_lowercase(), t.as_str()))));
            }
        }
    }
    // Plans are read before anything is searched, so a bad plans file fails at once.
    let mut plan_sets: Vec<PlanSet> = Vec::new();
    if let Some(path) = &args.plans {
        let queries = read_plans(path, &questions)?.iter().map(QueryPlan::search_queries).collect();
        plan_sets.push(PlanSet { name: "hand", queries, unreadable: None });
    }
    if let Some(PlannerArg::Mock) = args.planner {
        let mut unreadable = 0;
        let plans = questions
            .iter()
            .map(|q| {
                mock_plan(q)
                    .unwrap_or_else(|| {
                        unreadable += 1;
                        QueryPlan { normalized_query: q.question.clone(), ..QueryPlan::default() }
                    })
                    .search_queries()
            })
            .collect();
        plan_sets.push(PlanSet { name: "mock", queries: plans, unreadable: Some(unreadable) });
    }
    let source = DirSource { dir: args.index };
    let mut index = pollster::block_on(open(&source))?;
    match args.aspects {
        AspectsArg::Index => {}
        AspectsArg::Table => index.aspects = None,
        AspectsArg::HeldOut => {
            let held_out: HashSet<&str> = questions.iter().map(|q| q.question.as_str()).collect();
            let model = train_aspects(&labelled_questions(&args.labelled, &held_out)?);
            index.aspects = Some(AspectModel::decode(&model.encode()).map_err(|e| CliError::failed(e.0))?);
        }
    }
    let lexicon = pollster::block_on(open_lexicon(&source, &index))?;
    if let Some(PlannerArg::Provider) = args.planner {
        plan_sets.extend(provider_plans(&args.provider, &lexicon, &questions)?);
    }
    let with_vectors = !matches!(args.mode, Some(ModeArg::Bm25));
    let vectors = if with_vectors {
        Some(super::vectors::load_vectors(&args.vectors, &args.model_dir, None).map_err(|e| {
            CliError::failed(format!(
                "{e}\n(vector and hybrid evaluation need the vector index; `--mode bm25` works without it)"
            ))
        })?)
    } else {
        None
    };
    let vectors = vectors.as_ref().map(|v| v as &dyn VectorSearch);
    let mut searched = Vec::with_capacity(questions.len());
    let mut bridge_time = std::time::Duration::ZERO;
    for (i, q) in questions.iter().enumerate() {
        let started = std::time::Instant::now();
        let bridged = bridge(&lexicon, &q.question);
        bridge_time += started.elapsed();
        let (bm25, vector, signals) = search_sides(&mut index, &source, vectors, &bridged.text)?;
        let asked = asked_of(&index, &bridged.text).into_iter().map(str::to_string).collect();
        let mut planned = Vec::with_capacity(plan_sets.len());
        for set in &plan_sets {
            let mut searches = Vec::new();
            for query in &set.queries[i] {
                let text = bridge(&lexicon, query).text;
                let (bm25, vector, _) = search_sides(&mut index, &source, vectors, &text)?;
                let asked = asked_of(&index, &text).into_iter().map(str::to_string).collect();
                searches.push(QuerySearch { bm25, vector, text, asked });
            }
            planned.push(plan_ranks(q, &searches));
        }
        searched.push(Searched { question: q, bm25, vector, signals, bridged, asked, planned });
    }
    if args.verbose {
        for (i, s) in searched.iter().enumerate() {
            let rank = |mode: &str| s.first_in(mode).map_or("-".to_string(), |r| r.to_string());
            let verdict = s.relevance();
            println!(
                "{:>3} {:>3} {:>3}  {} {:<7} {}  sim {:.2} kw {:.2} cov {:.2} {}\n      -> {}",
                rank("bm25"),
                rank("vector"),
                rank("hybrid"),
                s.question.lang,
                s.question.split,
                s.question.question,
                s.signals.best_similarity.unwrap_or(f64::NAN),
                s.signals.keyword_coverage.unwrap_or(f64::NAN),
                s.bridged.coverage,
                if verdict.relevant { "pass" } else { "FAIL" },
                s.bridged.text
            );
            for (set, ranks) in plan_sets.iter().zip(&s.planned) {
                let rank = |mode: &str| ranks.get(mode).map_or("-".to_string(), |r| r.to_string());
                println!(
                    "      {} plan {} {} {}: {}",
                    set.name,
                    rank("bm25"),
                    rank("vector"),
                    rank("hybrid"),
                    set.queries[i].join(" | ")
                );
            }
        }
    }
    let answerable: Vec<&Searched> = searched.iter().filter(|s| s.question.answerable()).collect();
    println!("retrieval on {} answerable questions (MRR@10, Hit@5, Success@10):", answerable.len());
    println!("{:<7} {:<13} {:>9} {:>7} {:>7} {:>7}", "mode", "group", "questions", "MRR@10", "Hit@5", "S@10");
    let row = |mode: &str, group: &str, tally: &Tally| {
        println!(
            "{mode:<7} {group:<13} {:>9} {:>7.3} {:>7.3} {:>7.3}",
            tally.questions,
            tally.mrr(),
            tally.hit5(),
            tally.success10()
        )
    };
    let modes: &[&str] = if with_vectors { &["bm25", "vector", "hybrid"] } else { &["bm25"] };
    for &mode in modes {
        for (group, tally) in tallies(&answerable, |s| s.first_in(mode)) {
            row(mode, &group, &tally);
        }
    }
    // What a user sees: the app quotes nothing when the relevance check fails, so such a question
    // finds nothing however well it ranked.
    let shown = modes[modes.len() - 1];
    for (group, tally) in tallies(&answerable, |s| s.first_in(shown).filter(|_| s.relevance().relevant)) {
        row(&format!("{shown}+check"), &group, &tally);
    }
    println!(
        "bridge: {:.3} ms per question ({} questions)",
        bridge_time.as_secs_f64() * 1000.0 / questions.len().max(1) as f64,
        questions.len()
    );
    if !plan_sets.is_empty() {
        plan_report(&answerable, &plan_sets, modes);
    }
    relevance_report(&searched);
    if args.fusion && with_vectors {
        fusion_report(&answerable);
    }
    Ok(())
}

/// The plans of every development question from one source, in the set's order.
struct PlanSet {
    /// `hand` (a plans file) or the planner's name.
    name: &'static str,
    /// The queries searched for each question.
    queries: Vec<Vec<String>>,
    /// For a planner: how many replies were not a plan (those questions search the raw message).
    unreadable: Option<usize>,
}

/// Searches `text` (already bridged) on each side: the BM25 list, the vector list (empty without a
/// vector index) and the signals of the relevance check.
fn search_sides(
    index: &mut LoadedIndex,
    source: &DirSource,
    vectors: Option<&dyn VectorSearch>,
    text: &str,
) -> Result<(Vec<Hit>, Vec<Hit>, SearchSignals), CliError> {
    let (bm25, keyword) = pollster::block_on(search_with_signals(index, source, None, SearchMode::Bm25, text, DEPTH))?;
    let (vector, semantic) = match vectors {
        Some(v) => pollster::block_on(search_with_signals(index, source, Some(v), SearchMode::Vector, text, DEPTH))?,
        None => (Vec::new(), SearchSignals::default()),
    };
    let signals =
        SearchSignals { best_similarity: semantic.best_similarity, keyword_coverage: keyword.keyword_coverage };
    Ok((bm25, vector, signals))
}

/// MRR@10 / Hit@5 per mode and group with the raw message and with each set of plans, side by side.
fn plan_report(answerable: &[&Searched], sets: &[PlanSet], modes: &[&str]) {
    println!(
        "retrieval with a plan on {} answerable questions (MRR@10/Hit@5; raw = the message as written):",
        answerable.len()
    );
    for set in sets {
        let queries: usize = set.queries.iter().map(Vec::len).sum();
        let unreadable =
            set.unreadable.map_or(String::new(), |n| format!(", {n} unreadable replies searched as the raw message"));
        println!(
            "  {}: {:.2} queries per question{unreadable}",
            set.name,
            queries as f64 / set.queries.len().max(1) as f64
        );
    }
    let names: Vec<&str> = sets.iter().map(|set| set.name).collect();
    println!(
        "{:<7} {:<13} {:>9} {:>13} {}",
        "mode",
        "group",
        "questions",
        "raw",
        names.iter().map(|n| format!("{n:>13}")).collect::<Vec<_>>().join(" ")
    );
    for &mode in modes {
        let planned: Vec<BTreeMap<String, Tally>> =
            (0..sets.len()).map(|k| tallies(answerable, |s| s.planned[k].get(mode))).collect();
        for (group, raw) in tallies(answerable, |s| s.first_in(mode)) {
            let cell = |t: &Tally| format!("{:>13}", format!("{:.3}/{:.3}", t.mrr(), t.hit5()));
            let plans: Vec<String> = planned.iter().map(|p| cell(&p[&group])).collect();
            println!("{:<7} {:<13} {:>9} {} {}", mode, group, raw.questions, cell(&raw), plans.join(" "));
        }
    }
}

/// Tallies per group: all, each language, each language and split, each language and style.
fn tallies(searched: &[&Searched], first: impl Fn(&Searched) -> Option<usize>) -> BTreeMap<String, Tally> {
    let mut tallies: BTreeMap<String, Tally> = BTreeMap::new();
    for s in searched {
        let rank = first(s);
        let q = s.question;
        for group in
            ["all".to_string(), q.lang.clone(), format!("{}-{}", q.lang, q.split), format!("{}-{}", q.lang, q.style)]
        {
            tallies.entry(group).or_default().add(rank);
        }
    }
    tallies
}

/// Precision and recall of the relevance check per split: "pass" should mean the corpus answers.
fn relevance_report(searched: &[Searched]) {
    println!("relevance check (pass = the corpus answers the question):");
    println!(
        "{:<11} {:>10} {:>12} {:>9} {:>7} {:>11}",
        "group", "answerable", "unanswerable", "precision", "recall", "rejected"
    );
    let mut groups: BTreeMap<String, [usize; 4]> = BTreeMap::new();
    for s in searched {
        let pass = s.relevance().relevant;
        let q = s.question;
        for group in ["all".to_string(), q.lang.clone(), format!("{}-{}", q.lang, q.split), format!("all-{}", q.split)]
        {
            let counts = groups.entry(group).or_default();
            // [answerable passed, answerable, unanswerable passed, unanswerable]
            if q.answerable() {
                counts[0] += usize::from(pass);
                counts[1] += 1;
            } else {
                counts[2] += usize::from(pass);
                counts[3] += 1;
            }
        }
    }
    for (group, [tp, answerable, fp, unanswerable]) in groups {
        let precision = tp as f64 / (tp + fp).max(1) as f64;
        let recall = tp as f64 / answerable.max(1) as f64;
        let rejected = (unanswerable - fp) as f64 / unanswerable.max(1) as f64;
        println!("{group:<11} {answerable:>10} {unanswerable:>12} {precision:>9.3} {recall:>7.3} {rejected:>11.3}");
    }
    // The threshold sweep they were chosen from (tune split), and how each does held out.
    println!(
        "threshold sweep (recall of answerable / share of unanswerable rejected); search uses similarity {MIN_SIMILARITY}, keywords {MIN_KEYWORD_COVERAGE_WITH_VECTORS} ({MIN_KEYWORD_COVERAGE} without vectors):"
    );
    for keywords in [0.0, 0.1, 0.2, 0.3, 0.4, 0.5] {
        for step in 0..=6 {
            let threshold = 0.30 + 0.05 * f64::from(step);
            let rates = |heldout: bool| {
                let set: Vec<&Searched> =
                    searched.iter().filter(|s| (s.question.split == "heldout") == heldout).collect();
                let pass = |s: &&Searched| judge_at(&s.signals, &s.bridged, threshold, keywords).relevant;
                let answerable = set.iter().filter(|s| s.question.answerable()).count().max(1);
                let unanswerable = set.iter().filter(|s| !s.question.answerable()).count().max(1);
                let recall =
                    set.iter().filter(|s| s.question.answerable() && pass(s)).count() as f64 / answerable as f64;
                let rejected =
                    set.iter().filter(|s| !s.question.answerable() && !pass(s)).count() as f64 / unanswerable as f64;
                (recall, rejected)
            };
            let (tr, tj) = rates(false);
            let (hr, hj) = rates(true);
            println!("  similarity >= {threshold:.2}, keywords >= {keywords:.1}: tune {tr:.3} / {tj:.3}   held-out {hr:.3} / {hj:.3}");
        }
    }
}

/// Every fusion variant on the tune split and the held-out split, and the variant 5-fold
/// cross-validation over the tune split picks (each fold picks on four fifths, scores the fifth).
fn fusion_report(answerable: &[&Searched]) {
    let mut variants = Vec::new();
    for k in [1.0, 2.0, 5.0, 10.0, 20.0, 40.0, RRF_K] {
        for vector_weight in [0.5, 1.0, 1.5, 2.0, 3.0, 4.0, 6.0, 10.0] {
            variants.push(Fusion::Rrf { k, bm25_weight: 1.0, vector_weight });
        }
    }
    for bm25_weight in [0.02, 0.05, 0.1, 0.2, 0.3, 0.5, 0.75, 1.0] {
        variants.push(Fusion::Scores { bm25_weight, vector_weight: 1.0 });
    }
    let tune: Vec<&Searched> = answerable.iter().copied().filter(|s| s.question.split != "heldout").collect();
    let heldout: Vec<&Searched> = answerable.iter().copied().filter(|s| s.question.split == "heldout").collect();
    let mrr = |set: &[&Searched], fusion: Fusion| -> (f64, f64) {
        let mut tally = Tally::default();
        for s in set {
            tally.add(s.fused_first(fusion));
        }
        (tally.mrr(), tally.hit5())
    };
    let side = |set: &[&Searched], vector: bool| -> f64 {
        let mut tally = Tally::default();
        for s in set {
            tally.add(s.first_in(if vector { "vector" } else { "bm25" }));
        }
        tally.mrr()
    };
    println!(
        "fusion variants (MRR@10 / Hit@5; tune {} questions, held-out {}); sides alone: bm25 {:.3}/{:.3}, vector {:.3}/{:.3}",
        tune.len(),
        heldout.len(),
        side(&tune, false),
        side(&heldout, false),
        side(&tune, true),
        side(&heldout, true)
    );
    for &fusion in &variants {
        let (t, th) = mrr(&tune, fusion);
        let (h, hh) = mrr(&heldout, fusion);
        let lang = |lang: &str| {
            let set: Vec<&Searched> = tune.iter().copied().filter(|s| s.question.lang == lang).collect();
            mrr(&set, fusion).0
        };
        println!(
            "  {:<24} tune {t:.3}/{th:.3} (en {:.3}, ko {:.3})  held-out {h:.3}/{hh:.3}",
            fusion.describe(),
            lang("en"),
            lang("ko")
        );
    }
    // 5-fold cross-validation: questions dealt round-robin into folds.
    let mut cv = Tally::default();
    let mut picks = Vec::new();
    for fold in 0..5 {
        let train: Vec<&Searched> = tune.iter().enumerate().filter(|(i, _)| i % 5 != fold).map(|(_, s)| *s).collect();
        let test: Vec<&Searched> = tune.iter().enumerate().filter(|(i, _)| i % 5 == fold).map(|(_, s)| *s).collect();
        let best = variants
            .iter()
            .copied()
            .max_by(|a, b| mrr(&train, *a).0.total_cmp(&mrr(&train, *b).0))
            .expect("variants listed");
        for s in &test {
            cv.add(s.fused_first(best));
        }
        picks.push(best.describe());
    }
    println!(
        "5-fold cross-validated MRR@10 {:.3}, Hit@5 {:.3}; folds picked: {}",
        cv.mrr(),
        cv.hit5(),
        picks.join("; ")
    );
    println!("search uses: {}", FUSION.describe());
}
