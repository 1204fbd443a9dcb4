//! `medagent ask` and `medagent chat`: run the agent pipeline natively, one turn or a scripted
//! conversation, with the profile, conversation and cache kept in a `--state` JSON file.

use super::error::CliError;
use super::files::{DirSource, DEFAULT_INDEX_DIR, DEFAULT_VECTORS_DIR};
use super::provider_args::ProviderArgs;
use super::state_file::StateFile;
use crate::extract::{Gender, Slots, Subject};
use crate::i18n::{has_hangul, Lang};
use crate::llm::CallPurpose;
use crate::memory::Memory;
use crate::pipeline::flags::{profile, PROFILES};
use crate::pipeline::graph::{run_turn, TurnInput};
use crate::pipeline::ports::Clock;
use crate::pipeline::ports::Services;
use crate::pipeline::state::{Mode, TurnEvent, TurnState};
use crate::retrieval::knowledge::{IndexKnowledge, VectorSide};
use crate::retrieval::search::{open, open_interactions, open_lexicon};
use crate::trace_view::{answered_again_line, waiting_line};
use crate::transcript::{offer_text, OthersNote};
use crate::triage::Country;
use clap::{Args, ValueEnum};
use serde_json::json;
use std::io::{IsTerminal, Read, Write};
use std::path::PathBuf;
use std::sync::{Arc, Mutex};
use std::time::{Instant, SystemTime, UNIX_EPOCH};

/// How to answer.
#[derive(Clone, Copy, Debug, PartialEq, Eq, ValueEnum)]
pub enum ModeArg {
    /// The full pipeline.
    Agent,
    /// The plain baseline: the question straight to the model.
    Llm,
}

/// Options shared by `ask` and `chat`.
#[derive(Debug, Args)]
pub struct TurnOptions {
    #[arg(long, value_enum, default_value = "agent")]
    pub mode: ModeArg,
    /// Ablation profile: baseline, self_refine_heuristic, self_refine_llm_quality,
    /// self_refine_dynamic_query, self_refine_full_safety, full_context_engineering, query_flow,
    /// full_agent.
    #[arg(long, default_value = crate::pipeline::flags::DEFAULT_PROFILE)]
    pub profile: String,
    /// The most model calls one turn may make (every step past it uses its local version).
    #[arg(long, default_value_t = crate::pipeline::flags::DEFAULT_MAX_LLM_CALLS)]
    pub max_llm_calls: usize,
    /// Whose profile and conversation (e.g. family members).
    #[arg(long, default_value = crate::memory::DEFAULT_USER)]
    pub user: String,
    /// Keep facts a message states about someone the state file has no profile for ("my son is 3
    /// and has a fever") in a new profile named by the relation (`--user son` afterwards). Without
    /// it they are used for the answer and reported, but kept nowhere.
    #[arg(long, requires = "state")]
    pub add_people: bool,
    /// JSON file with the profiles, conversations and cache: read before, written after each turn
    /// (atomically, the previous version kept as FILE.bak; runs sharing it take turns).
    #[arg(long)]
    pub state: Option<PathBuf>,
    /// Print one JSON object per turn.
    #[arg(long)]
    pub json: bool,
    /// Answer language (default: Korean for Korean questions, else English).
    #[arg(long)]
    pub lang: Option<String>,
    /// Whose emergency numbers a triage notice gives: auto (by language: Korean 119 / 109, English
    /// 911), kr, us, ca, gb, au, eu.
    #[arg(long, default_value = "auto", value_parser = parse_country)]
    pub country: Country,
    #[command(flatten)]
    pub knowledge: KnowledgeArgs,
    #[command(flatten)]
    pub provider: ProviderArgs,
}

/// Where a turn's knowledge comes from (`ask`, `chat`, `eval study`).
#[derive(Debug, Args)]
pub struct KnowledgeArgs {
    /// The built static index.
    #[arg(long, default_value = DEFAULT_INDEX_DIR)]
    pub index: PathBuf,
    /// Keyword search only: do not load the embedding model and the vector index.
    #[arg(long)]
    pub bm25_only: bool,
    /// The vector index (hybrid search; BM25 alone, with a note in the trace, when it cannot be loaded).
    #[arg(long, default_value = DEFAULT_VECTORS_DIR)]
    pub vectors: PathBuf,
    /// The embedding model fetched by scripts/fetch-model.sh.
    #[arg(long, default_value = super::model::MODEL_DIR)]
    pub model_dir: PathBuf,
}

impl KnowledgeArgs {
    /// Opens the index, its lexicon, its interaction tables and the vector side (BM25 alone when the vectors cannot load).
    pub fn open(&self) -> Result<IndexKnowledge<DirSource>, CliError> {
        let source = DirSource { dir: self.index.clone() };
        let unusable = |error| CliError::Index { context: "the knowledge index cannot be used: ", error };
        let index = pollster::block_on(open(&source)).map_err(unusable)?;
        let lexicon = pollster::block_on(open_lexicon(&source, &index)).map_err(unusable)?;
        let interactions = pollster::block_on(open_interactions(&source, &index)).map_err(unusable)?;
        let vectors = if self.bm25_only {
            VectorSide::Unavailable("--bm25-only".into())
        } else {
            super::vectors::vector_side(&self.vectors, &self.model_dir)
        };
        Ok(IndexKnowledge::new(source, index, lexicon, interactions, vectors))
    }
}

fn parse_country(code: &str) -> Result<Country, CliError> {
    Country::from_code(code).ok_or_else(|| {
        let codes: Vec<&str> = Country::ALL.iter().map(|c| c.code()).collect();
        CliError::usage(format!("unknown country {code:?}: use one of {}", codes.join(", ")))
    })
}

/// Ask one question.
#[derive(Debug, Args)]
pub struct AskArgs {
    /// The message; `-` reads it from standard input.
    pub text: String,
    #[command(flatten)]
    pub options: TurnOptions,
}

/// Run a conversation from a file of `{"user": "..."}` lines.
#[derive(Debug, Args)]
pub struct ChatArgs {
    /// One `{"user": "..."}` object a line; `-` reads the script from standard input.
    #[arg(long)]
    pub script: PathBuf,
    #[command(flatten)]
    pub options: TurnOptions,
}

/// Wall-clock and monotonic time on this machine.
pub struct SystemClock(Instant);

impl SystemClock {
    pub fn new() -> Self {
        SystemClock(Instant::now())
    }
}

impl Default for SystemClock {
    fn default() -> Self {
        Self::new()
    }
}

impl Clock for SystemClock {
    fn now_ms(&self) -> f64 {
        SystemTime::now().duration_since(UNIX_EPOCH).map_or(0.0, |d| d.as_secs_f64() * 1e3)
    }
    fn monotonic_ms(&self) -> f64 {
        self.0.elapsed().as_secs_f64() * 1e3
    }
}

/// Every fact of a turn, whoever it is about, as the `--json` contract prints them: `{"about", "slot",
/// "key", "value", "en", "said"}`; `key` is "age" / "age_group" / "gender" / "pregnant", the concept
/// id, or the measure kind ("temperature", "uric_acid"); `value` a string ("3", "male", "true",
/// "39.2", "150/95", a concept's duration when said); `en` and `said` for concepts; `"asked": true`
/// marks a medicine only asked about taking ("can I take Advil?"), which no profile keeps.
pub fn facts_json(facts: &[(Subject, Slots)]) -> Vec<serde_json::Value> {
    let mut out = Vec::new();
    for (who, slots) in facts {
        let about = who.key();
        let d = &slots.demographics;
        let demographic =
            |key: &str, value: String| json!({"about": about, "slot": "demographics", "key": key, "value": value});
        out.extend(d.age.map(|a| demographic("age", a.to_string())));
        out.extend(d.age_group.map(|a| demographic("age_group", a.to_string())));
        out.extend(d.gender.map(|g| demographic("gender", if g == Gender::Male { "male" } else { "female" }.into())));
        out.extend(d.pregnant.map(|p| demographic("pregnant", p.to_string())));
        for (slot, concepts) in
            [("conditions", &slots.conditions), ("symptoms", &slots.symptoms), ("medications", &slots.medications)]
        {
            out.extend(concepts.iter().map(
                |c| json!({"about": about, "slot": slot, "key": c.id, "value": c.duration, "en": c.en, "said": c.said}),
            ));
        }
        // A medicine only asked about is no fact stated of anyone: marked, so no reader counts it taken.
        out.extend(slots.asked.iter().map(
            |c| json!({"about": about, "slot": "medications", "key": c.id, "en": c.en, "said": c.said, "asked": true}),
        ));
        for m in slots.vitals.iter().chain(&slots.labs) {
            let value = match m.second {
                Some(d) => format!("{}/{}", number(m.value), number(d)),
                None => number(m.value),
            };
            let slot = if m.kind.is_vital() { "vitals" } else { "labs" };
            out.push(json!({"about": about, "slot": slot, "key": m.kind, "value": value, "unit": m.unit}));
        }
    }
    out
}

/// A reading's number as people write it ("39.2", "150").
fn number(x: f64) -> String {
    if x.fract() == 0.0 {
        format!("{x:.0}")
    } else {
        format!("{x}")
    }
}

/// One turn as the `--json` contract prints it. `citations` are the sources the answer's body cites
/// (not a model text shown apart as unsupported); `answer_kind` says what the body is; `about` whom
/// the message is mainly about ("self", a relation such as "son", "name:Jane", or "someone"), `facts` every fact it
/// states whoever it is about ([`facts_json`]), `others` where the facts about anyone else went
/// (`kept_for`: the profile they were added to, or null), `profile` the user's own stored facts,
/// `discussed` the medicines the conversation has under discussion (asked about, never said taken:
/// `{"id", "en", "ko", "said", "at_ms"}`), which the interaction check reads beside the profile's.
pub fn turn_json(state: &TurnState, memory: &Memory) -> serde_json::Value {
    let cited: Vec<&str> = state
        .retrieved_docs
        .iter()
        .enumerate()
        .filter(|(i, _)| state.answer.body.contains(&format!("[{}]", i + 1)))
        .map(|(_, d)| d.id.as_str())
        .collect();
    let profile = memory.profiles.profile(&state.user_id);
    json!({
        "answer": state.answer_text(),
        "answer_kind": state.answer.kind,
        "unsupported": state.answer.unsupported,
        "citations": cited,
        "sources": state.retrieved_docs.iter().map(|d| json!({"id": d.id, "title": d.title, "url": d.url, "passage": d.passage})).collect::<Vec<_>>(),
        "about": state.about.key(),
        "facts": facts_json(&state.facts),
        "others": state.others.iter().map(|o| json!({"about": o.about.key(), "kept_for": o.kept_for})).collect::<Vec<_>>(),
        "slots": state.slots,
        "profile_summary": state.profile_summary,
        "profile": profile.map(|p| &p.facts),
        "discussed": memory.conversations.get(&state.user_id).map_or(&[][..], |c| &c.discussed[..]),
        "trace": state.trace.steps.iter().map(|s| {
            let mut step = json!({"node": s.node, "ms": s.ms});
            if let (Some(obj), Ok(serde_json::Value::Object(detail))) = (step.as_object_mut(), serde_json::to_value(&s.detail)) {
                obj.extend(detail);
            }
            step
        }).collect::<Vec<_>>(),
        "quality_scores": state.quality_score_history,
        "iterations": state.iteration_count,
        "llm_calls": state.llm_calls(),
        "model_calls": state.trace.model_calls,
        "cache_hit": state.cache_hit,
        "triage": {"level": state.triage.level, "reasons": state.triage.reasons},
        "interactions": interactions_json(&state.interactions, state.lang()),
        "interaction_check": {
            "medicines": state.interactions.medicines,
            "none_listed": crate::medicines::notice::none_listed(&state.interactions, state.lang()),
        },
        "emergency": state.emergency,
        "stop_reason": state.stop_reason.as_ref().map(|r| r.describe(Lang::En)),
        "stop_reason_code": state.stop_reason.as_ref().map(|r| r.code()),
        "error": state.error,
    })
}

/// The pairs the interaction tables list, as `--json` gives them: the two medicines by generic name
/// (and as said), the highest severity, every table that lists them, and what to do, in `lang`.
fn interactions_json(checked: &crate::medicines::Checked, lang: Lang) -> serde_json::Value {
    use crate::medicines::notice;
    checked
        .found
        .iter()
        .map(|f| {
            json!({
                "drugs": f.drugs.iter().map(|d| &d.en).collect::<Vec<_>>(),
                "said": f.drugs.iter().map(|d| &d.said).collect::<Vec<_>>(),
                "ids": f.drugs.iter().map(|d| &d.id).collect::<Vec<_>>(),
                "severity": f.severity,
                "source": f.sources,
                "advice": notice::advice(f, lang),
                "description": f.note.as_ref().map(|n| n.description.get(lang)),
                "listed_as": f.listed_as,
            })
        })
        .collect()
}

/// The line on standard error that says which step waits for the model and for how long, redrawn
/// each second while it waits. Only on a terminal: a log or a pipe gets nothing.
struct WaitLine {
    waiting: Arc<Mutex<Option<(CallPurpose, Instant)>>>,
    lang: Lang,
}

impl WaitLine {
    fn new(lang: Lang) -> Option<WaitLine> {
        if !std::io::stderr().is_terminal() {
            return None;
        }
        let waiting: Arc<Mutex<Option<(CallPurpose, Instant)>>> = Arc::default();
        let watched = Arc::downgrade(&waiting);
        // The ticker ends with the line (it holds only a weak reference).
        std::thread::spawn(move || {
            let mut drawn = None;
            while let Some(waiting) = watched.upgrade() {
                if let Some((purpose, since)) = *waiting.lock().unwrap_or_else(|e| e.into_inner()) {
                    let secs = since.elapsed().as_secs();
                    if drawn != Some((purpose, secs)) {
                        eprint!("\r\x1b[2K{}", waiting_line(purpose, secs, lang));
                        drawn = Some((purpose, secs));
                    }
                } else {
                    drawn = None;
                }
                drop(waiting);
                std::thread::sleep(std::time::Duration::from_millis(200));
            }
        });
        Some(WaitLine { waiting, lang })
    }

    /// The turn started (`Some`) or stopped (`None`) waiting for the model.
    fn show(&self, purpose: Option<CallPurpose>) {
        let mut waiting = self.waiting.lock().unwrap_or_else(|e| e.into_inner());
        *waiting = purpose.map(|p| (p, Instant::now()));
        match purpose {
            Some(p) => eprint!("\r\x1b[2K{}", waiting_line(p, 0, self.lang)),
            None => eprint!("\r\x1b[2K"),
        }
    }
}

/// Runs the given messages as consecutive turns.
fn run_messages(messages: &[String], options: &TurnOptions) -> Result<(), CliError> {
    let mut flags = profile(&options.profile).ok_or_else(|| {
        CliError::usage(format!("unknown profile {:?}: use one of {}", options.profile, PROFILES.join(", ")))
    })?;
    flags.max_llm_calls_per_turn = options.max_llm_calls;
    let lang = match options.lang.as_deref() {
        None => None,
        Some("ko") => Some(Lang::Ko),
        Some("en") => Some(Lang::En),
        Some(other) => return Err(CliError::usage(format!("unknown language {other:?}: use ko or en"))),
    };
    let knowledge = options.knowledge.open()?;
    let clock = SystemClock::new();
    let llm = options.provider.build()?;
    // Locked from here to the last write: a run sharing the file waits instead of overwriting.
    let (state_file, mut memory) = match &options.state {
        Some(path) => {
            let (file, memory) = StateFile::open(path)?;
            (Some(file), memory)
        }
        None => (None, Memory::default()),
    };
    let services = Services::of_index(&knowledge, &clock).with_llm(llm.as_deref());
    let mut failed = None;
    for text in messages {
        let input = TurnInput {
            text: text.clone(),
            user: options.user.clone(),
            lang,
            mode: match options.mode {
                ModeArg::Agent => Mode::Agent,
                ModeArg::Llm => Mode::Llm,
            },
            flags: flags.clone(),
            country: options.country,
            // On the command line a person is their `--user` name: "my mother has ..." goes to `--user mother`'s profile.
            people: memory.users().into_iter().map(|id| (id.to_string(), id.to_string())).collect(),
            ..TurnInput::default()
        };
        let stream = !options.json;
        let turn_lang = lang.unwrap_or(if has_hangul(text) { Lang::Ko } else { Lang::En });
        let wait_line = WaitLine::new(turn_lang);
        let mut answer_shown = false;
        let mut print = |event: TurnEvent| match event {
            TurnEvent::Waiting(purpose) => {
                if let Some(line) = &wait_line {
                    line.show(purpose);
                }
            }
            // The notice first, on its own; the answer streams after it.
            TurnEvent::Triage(notice) if stream => println!("{notice}"),
            // The interaction warnings next, before the answer.
            TurnEvent::Interactions(checked) if stream => {
                if let Some(text) = crate::medicines::notice::text(checked, turn_lang) {
                    println!("{text}\n");
                }
            }
            TurnEvent::Delta(piece) if stream => {
                answer_shown |= !piece.trim().is_empty();
                print!("{piece}");
                let _ = std::io::stdout().flush();
            }
            // A refine iteration answers afresh: what streamed cannot be taken back, so the new answer
            // starts on its own line and, after one already shown, says it replaces it.
            TurnEvent::AnswerStarted if stream => {
                println!();
                if std::mem::take(&mut answer_shown) {
                    println!("\n{}\n", answered_again_line(turn_lang));
                }
            }
            _ => {}
        };
        let mut state = pollster::block_on(run_turn(input, &mut memory, &services, &mut print));
        if options.add_people {
            add_people(&mut state, &mut memory, clock.now_ms());
        }
        if options.json {
            println!("{}", turn_json(&state, &memory));
        } else {
            println!();
            for (i, d) in state.retrieved_docs.iter().enumerate() {
                println!("  [{}] {} ({}) {}", i + 1, d.title, d.id, d.url);
            }
            if let Some(error) = &state.error {
                println!("  note: {error}");
            }
            for line in others_lines(&state) {
                println!("  {line}");
            }
            let path = state.trace.path().join(" > ");
            let reason = state.stop_reason.as_ref().map(|r| r.describe(state.lang())).unwrap_or_default();
            println!("  trace: {path} | {reason}\n");
        }
        // Save after every turn: a later failure loses nothing already said.
        if let Some(file) = &state_file {
            file.write(&memory)?;
        }
        failed = state.error.clone().or(failed);
    }
    // The answers were printed (with the evidence fallback); the exit status still says a step failed
    // (the model call or the knowledge search: the message names which).
    failed.map_or(Ok(()), |error| Err(CliError::failed(format!("the answer is incomplete: {error}"))))
}

/// `--add-people`: the facts about someone the state file keeps no profile for go to a new profile
/// named by the relation ("son") or the name; someone the message did not name gets none.
fn add_people(state: &mut TurnState, memory: &mut Memory, now_ms: f64) {
    for other in state.others.iter_mut().filter(|o| o.kept_for.is_none()) {
        if let Subject::Other(who) = &other.about {
            memory.profiles.update(who, &other.slots, now_ms);
            other.kept_for = Some(who.clone());
        }
    }
}

/// Where the facts about other people went, one line each, in the turn's language.
fn others_lines(state: &TurnState) -> Vec<String> {
    let lang = state.lang();
    state
        .others
        .iter()
        .map(|o| match OthersNote::of(o, str::to_string, lang) {
            Some(note) => note.text(lang),
            None => format!("{} (--add-people keeps them)", offer_text(o, lang)),
        })
        .collect()
}

/// Standard input whole, for the `-` argument.
fn read_stdin(what: &str) -> Result<String, CliError> {
    let mut text = String::new();
    std::io::stdin().read_to_string(&mut text).map_err(|e| {
        CliError::failed(format!("cannot read the {what} from standard input: {e} (it must be UTF-8 text)"))
    })?;
    Ok(text)
}

pub fn ask(args: AskArgs) -> Result<(), CliError> {
    let text = if args.text == "-" { read_stdin("message")? } else { args.text };
    let text = text.trim_end_matches(['\n', '\r']).to_string();
    if text.trim().is_empty() {
        return Err(CliError::usage("the message is empty: give the question as an argument, or `-` and pipe it in"));
    }
    run_messages(&[text], &args.options)
}

pub fn chat(args: ChatArgs) -> Result<(), CliError> {
    let text = if args.script.as_os_str() == "-" {
        read_stdin("script")?
    } else {
        std::fs::read_to_string(&args.script).map_err(CliError::read(&args.script))?
    };
    let messages = text
        .lines()
        .enumerate()
        .filter(|(_, l)| !l.trim().is_empty())
        .map(|(i, l)| {
            serde_json::from_str::<serde_json::Value>(l)
                .ok()
                .and_then(|v| v.get("user")?.as_str().map(str::to_string))
                .ok_or_else(|| {
                    CliError::usage(format!("{} line {}: expected {{\"user\": \"...\"}}", args.script.display(), i + 1))
                })
        })
        .collect::<Result<Vec<_>, _>>()?;
    run_messages(&messages, &args.options)
}
