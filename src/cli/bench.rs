//! `medagent bench`: speed measurements, natively (build with --release for real numbers).

use super::error::CliError;
use super::files::{load_lexicon, DirSource, DEFAULT_INDEX_DIR, DEFAULT_LEXICON_SOURCES};
use super::measure::percentile;
use super::questions::read_queries;
use crate::core::tokenizer::tokenize;
use crate::pipeline::step::{Node, StepKind};
use crate::retrieval::index_files::{LoadedIndex, STATS};
use crate::retrieval::search::IndexError;
use crate::retrieval::search::{bm25, open};
use clap::{Args, Subcommand};
use std::io::Write;
use std::path::PathBuf;
use std::time::Instant;

/// Measure speed.
#[derive(Debug, Args)]
pub struct BenchArgs {
    #[command(subcommand)]
    pub command: BenchCommand,
}

#[derive(Debug, Subcommand)]
pub enum BenchCommand {
    /// BM25 query latency (p50/p95) and the bytes a first query must fetch.
    Search {
        /// Questions to run (JSON lines with a "question" field, or plain lines).
        #[arg(long, default_value = "tests/fixtures/bm25_queries.txt")]
        queries: PathBuf,
        /// Times to run the whole query set.
        #[arg(long, default_value_t = 5)]
        rounds: usize,
        #[arg(long, default_value = DEFAULT_INDEX_DIR)]
        index: PathBuf,
    },
    /// Pipeline time per turn (offline responder, lexical embedding: no model time) and LLM calls
    /// per ablation profile on a scripted 5-turn conversation and on a 12-turn one (memory summaries).
    Pipeline {
        #[arg(long, default_value = "tests/fixtures/devset.jsonl")]
        questions: PathBuf,
        #[arg(long, default_value = DEFAULT_INDEX_DIR)]
        index: PathBuf,
    },
    /// Vector side: HNSW recall/latency over ef_search, quantisation recall, and embedding, vector,
    /// BM25 and hybrid search speed.
    Vectors(super::bench_vectors::BenchVectorsArgs),
    /// A synthetic vector index (built by `medagent index build --synthetic N --vectors-out DIR`): bytes
    /// before the first question, and bytes per question and recall@10 against exact search by probe.
    Synthetic {
        /// The synthetic index's folder.
        #[arg(long)]
        vectors: PathBuf,
        /// Probe counts (lists searched per question).
        #[arg(long, value_delimiter = ',', default_value = "16,32,64,128,256")]
        probe: Vec<usize>,
    },
    /// Client cost per streamed token (SSE parse + decode), alone and end to end against the mock.
    Stream(super::bench_stream::BenchStreamArgs),
    /// Emergency triage time per message (p50/p95/max) over a labelled set (no scores printed).
    Triage {
        #[arg(long, visible_alias = "set", default_value = "tests/fixtures/triage_dev.jsonl")]
        file: PathBuf,
        #[arg(long, default_value_t = 20)]
        rounds: usize,
    },
    /// Medicine interaction check time per turn (p50/p95/max), beside triage's on the same messages,
    /// over conversations (`{"turns": [...]}` lines): each turn reads the medicines of the turns
    /// before it that the pipeline reads, and its own, and checks them.
    Interactions {
        #[arg(long, visible_alias = "set", default_value = "tests/fixtures/interactions_dev.jsonl")]
        file: PathBuf,
        #[arg(long, default_value_t = 20)]
        rounds: usize,
        #[arg(long, default_value = DEFAULT_INDEX_DIR)]
        index: PathBuf,
    },
    /// Concept matching speed on a short question and on a 10 KB text (p50/p95).
    Lexicon {
        #[arg(long, default_value = DEFAULT_LEXICON_SOURCES)]
        sources: PathBuf,
        #[arg(long, default_value_t = 200)]
        rounds: usize,
    },
}

pub fn run(args: BenchArgs) -> Result<(), CliError> {
    match args.command {
        BenchCommand::Search { queries, rounds, index } => bench_search(&queries, rounds, index),
        BenchCommand::Lexicon { sources, rounds } => bench_lexicon(&sources, rounds),
        BenchCommand::Triage { file, rounds } => bench_triage(&file, rounds),
        BenchCommand::Interactions { file, rounds, index } => bench_interactions(&file, rounds, index),
        BenchCommand::Pipeline { questions, index } => bench_pipeline(&questions, index),
        BenchCommand::Vectors(args) => super::bench_vectors::run(&args),
        BenchCommand::Synthetic { vectors, probe } => super::vectors::report_synthetic(&vectors, &probe),
        BenchCommand::Stream(args) => super::bench_stream::run(&args),
    }
}

fn bench_triage(file: &PathBuf, rounds: usize) -> Result<(), CliError> {
    let text = std::fs::read_to_string(file).map_err(CliError::read(file))?;
    let items = crate::triage::eval::parse(&text).map_err(|e| CliError::failed(format!("{}: {e}", file.display())))?;
    if items.is_empty() {
        return Err(CliError::usage(format!("{} has no messages", file.display())));
    }
    println!("{} ({} messages)", file.display(), items.len());
    let first_ms = super::triage::first_call_ms();
    super::triage::timing(&items.iter().map(|i| i.text.as_str()).collect::<Vec<_>>(), rounds);
    println!("first call of the process (compiles the patterns): {first_ms:.1} ms");
    Ok(())
}

fn bench_interactions(file: &PathBuf, rounds: usize, dir: PathBuf) -> Result<(), CliError> {
    use crate::medicines::{check, mentions};
    use crate::pipeline::graph::EARLIER_TURNS;
    use crate::retrieval::search::{open_interactions, open_lexicon};
    let text = std::fs::read_to_string(file).map_err(CliError::read(file))?;
    let mut conversations: Vec<Vec<String>> = Vec::new();
    for (n, line) in text.lines().enumerate().filter(|(_, l)| !l.trim().is_empty()) {
        let item: serde_json::Value = serde_json::from_str(line)
            .map_err(|e| CliError::failed(format!("{} line {}: {e}", file.display(), n + 1)))?;
        let turns = item["turns"]
            .as_array()
            .ok_or_else(|| CliError::failed(format!("{} line {}: no \"turns\" list", file.display(), n + 1)))?;
        conversations.push(turns.iter().filter_map(|t| t.as_str().map(str::to_string)).collect());
    }
    let source = DirSource { dir };
    let index = pollster::block_on(open(&source))?;
    let lexicon = pollster::block_on(open_lexicon(&source, &index))?;
    let table = pollster::block_on(open_interactions(&source, &index))?;
    // The first Korean word read by sound builds the transliteration index: not a turn's cost.
    lexicon.translit();
    let median = |f: &mut dyn FnMut()| {
        let mut times: Vec<f64> = (0..rounds.max(1))
            .map(|_| {
                let started = Instant::now();
                f();
                started.elapsed().as_secs_f64() * 1e3
            })
            .collect();
        times.sort_by(f64::total_cmp);
        times[times.len() / 2]
    };
    let (mut checks, mut triages) = (Vec::new(), Vec::new());
    for turns in &conversations {
        for (n, message) in turns.iter().enumerate() {
            // What the pipeline's step does: the earlier turns' medicines (as many as it reads) and
            // this message's, checked pairwise.
            let earlier: Vec<&str> = turns[n.saturating_sub(EARLIER_TURNS)..n].iter().map(String::as_str).collect();
            checks.push(median(&mut || {
                let medicines =
                    mentions::gather(&lexicon, &table, Vec::new(), &earlier, std::hint::black_box(message)).medicines;
                std::hint::black_box(check(&table, &lexicon, medicines));
            }));
            triages.push(median(&mut || {
                std::hint::black_box(crate::triage::assess(std::hint::black_box(message)));
            }));
        }
    }
    if checks.is_empty() {
        return Err(CliError::usage(format!("{} has no messages", file.display())));
    }
    checks.sort_by(f64::total_cmp);
    triages.sort_by(f64::total_cmp);
    println!(
        "{} ({} conversations, {} turns; median of {rounds} runs per turn; build with --release)",
        file.display(),
        conversations.len(),
        checks.len()
    );
    for (what, times) in [("interaction check", &checks), ("triage (same messages)", &triages)] {
        println!(
            "{what}: p50 {:.3} ms, p95 {:.3} ms, max {:.3} ms",
            percentile(times, 0.5),
            percentile(times, 0.95),
            times[times.len() - 1]
        );
    }
    Ok(())
}

fn gzip_len(bytes: &[u8]) -> usize {
    let mut encoder = flate2::write::GzEncoder::new(Vec::new(), flate2::Compression::best());
    encoder.write_all(bytes).expect("in-memory write");
    encoder.finish().expect("in-memory gzip").len()
}

fn bench_search(queries: &PathBuf, rounds: usize, dir: PathBuf) -> Result<(), CliError> {
    let queries = read_queries(queries)?;
    if queries.is_empty() {
        return Err(CliError::usage("no queries to run"));
    }
    let source = DirSource { dir: dir.clone() };

    // Bytes of a first query: stats.bin + its postings shards + the metadata shards of its top 10.
    let stats = std::fs::read(dir.join(STATS))
        .map_err(|e| CliError::from(IndexError::Missing(format!("{e}: build the index first"))))?;
    let (mut raw, mut gz) = (Vec::new(), Vec::new());
    for q in &queries {
        let mut cold: LoadedIndex = pollster::block_on(open(&source))?;
        let mut names = cold.missing_for_terms(&tokenize(q));
        let hits = pollster::block_on(bm25(&mut cold, &source, q, 10))?;
        names.extend(
            pollster::block_on(open(&source))?.missing_for_docs(&hits.iter().map(|h| h.doc).collect::<Vec<_>>(), false),
        );
        let files: Vec<Vec<u8>> =
            names.iter().map(|n| std::fs::read(dir.join(n)).expect("file was just read")).collect();
        raw.push(stats.len() + files.iter().map(Vec::len).sum::<usize>());
        gz.push(gzip_len(&stats) + files.iter().map(|f| gzip_len(f)).sum::<usize>());
    }
    raw.sort_unstable();
    gz.sort_unstable();

    // Warm latency: everything a query needs is loaded; this is the per-keystroke/per-question cost.
    let mut warm = pollster::block_on(open(&source))?;
    for q in &queries {
        pollster::block_on(bm25(&mut warm, &source, q, 10))?;
    }
    let mut times = Vec::with_capacity(queries.len() * rounds);
    for _ in 0..rounds {
        for q in &queries {
            let started = Instant::now();
            let hits = pollster::block_on(bm25(&mut warm, &source, q, 10))?;
            times.push(started.elapsed().as_secs_f64() * 1e3);
            std::hint::black_box(hits);
        }
    }
    times.sort_by(f64::total_cmp);

    // The check of every file against the manifest (size + SHA-256), over all files of the index.
    let manifest = warm.manifest.clone();
    let files: Vec<(String, Vec<u8>)> = manifest
        .files
        .iter()
        .map(|f| {
            std::fs::read(dir.join(&f.name))
                .map(|b| (f.name.clone(), b))
                .map_err(|e| CliError::failed(format!("{}: {e}", f.name)))
        })
        .collect::<Result<_, _>>()?;
    let total: usize = files.iter().map(|(_, b)| b.len()).sum();
    let started = Instant::now();
    for _ in 0..rounds {
        for (name, bytes) in &files {
            manifest.verify(name, bytes).map_err(|e| CliError::failed(e.to_string()))?;
        }
    }
    let verify_ms = started.elapsed().as_secs_f64() * 1e3 / rounds as f64;

    println!("queries: {} x {rounds} rounds", queries.len());
    println!(
        "bm25 search, warm (ms): p50 {:.3}  p95 {:.3}  max {:.3}",
        percentile(&times, 0.5),
        percentile(&times, 0.95),
        times[times.len() - 1]
    );
    let median = |v: &[usize]| v[v.len() / 2];
    println!(
        "bytes before a first answer (stats + postings shards + metadata shards of the top 10): median raw {} / gzip {}, max raw {} / gzip {}",
        median(&raw),
        median(&gz),
        raw[raw.len() - 1],
        gz[gz.len() - 1]
    );
    println!(
        "manifest check (size + SHA-256) of all {} index files, {:.1} MB: {verify_ms:.1} ms ({:.0} MB/s); a first answer checks the median {} bytes above",
        files.len(),
        total as f64 / 1e6,
        total as f64 / 1e3 / verify_ms,
        median(&raw)
    );
    Ok(())
}

fn bench_lexicon(sources: &std::path::Path, rounds: usize) -> Result<(), CliError> {
    let started = Instant::now();
    let lexicon = load_lexicon(sources)?;
    println!("lexicon built from sources in {:.0} ms", started.elapsed().as_secs_f64() * 1e3);
    let short = "65세 남성으로 10년째 당뇨 환자입니다. 공복혈당은 180, HbA1c 8.2%, metformin 복용 중";
    let long: String = short.repeat(10_240 / short.len() + 1);
    for (label, text) in [("short question", short), ("10 KB text", long.as_str())] {
        let mut times = Vec::with_capacity(rounds);
        for _ in 0..rounds {
            let t = Instant::now();
            std::hint::black_box(lexicon.find(text));
            times.push(t.elapsed().as_secs_f64() * 1e3);
        }
        times.sort_by(f64::total_cmp);
        println!(
            "{label:<15} ({} bytes): p50 {:.3} ms  p95 {:.3} ms",
            text.len(),
            percentile(&times, 0.5),
            percentile(&times, 0.95)
        );
    }
    // The Korean bridge on everyday questions: concepts, everyday stems, intents and transliteration.
    let started = Instant::now();
    lexicon.translit();
    println!("transliteration index built in {:.0} ms (once, on first use)", started.elapsed().as_secs_f64() * 1e3);
    let questions = ["가슴이 두근거리고 어지러워요", "렙토스피라증은 어떻게 옮나요?", "클로피도그렐 부작용이 뭔가요"];
    let mut times = Vec::with_capacity(rounds * questions.len());
    for _ in 0..rounds {
        for q in questions {
            let t = Instant::now();
            std::hint::black_box(crate::lexicon::bridge::bridge(&lexicon, q));
            times.push(t.elapsed().as_secs_f64() * 1e3);
        }
    }
    times.sort_by(f64::total_cmp);
    println!("bridge (Korean message): p50 {:.3} ms  p95 {:.3} ms", percentile(&times, 0.5), percentile(&times, 0.95));
    Ok(())
}

fn bench_pipeline(questions: &PathBuf, dir: PathBuf) -> Result<(), CliError> {
    use crate::llm::scripted::{judge_json, Script, ScriptedLlm};
    use crate::memory::Memory;
    use crate::pipeline::flags::{profile, PROFILES};
    use crate::pipeline::graph::{run_turn, TurnInput};
    use crate::pipeline::ports::Services;
    use crate::retrieval::knowledge::{IndexKnowledge, VectorSide};
    use crate::retrieval::search::{open_interactions, open_lexicon};

    let questions = read_queries(questions)?;
    let source = DirSource { dir };
    let index = pollster::block_on(open(&source))?;
    let lexicon = pollster::block_on(open_lexicon(&source, &index))?;
    let interactions = pollster::block_on(open_interactions(&source, &index))?;
    // BM25 and the lexical embedding (no vectors): the pipeline's own time, without model time.
    let no_vectors = VectorSide::Unavailable("bench: no model time".into());
    let knowledge = IndexKnowledge::new(source, index, lexicon, interactions, no_vectors);
    let clock = super::ask::SystemClock::new();
    let run = |memory: &mut Memory, text: &str, flags, llm: Option<&dyn crate::llm::Llm>| {
        let services = Services::of_index(&knowledge, &clock).with_llm(llm);
        let input = TurnInput { text: text.into(), user: "bench".into(), flags, ..TurnInput::default() };
        pollster::block_on(run_turn(input, memory, &services, &mut |_| {}))
    };
    // Warm the shard cache so disk reads are not measured; caching off so every turn runs the pipeline.
    let mut flags = profile("full_context_engineering").expect("known");
    flags.response_cache_enabled = false;
    for q in &questions {
        run(&mut Memory::default(), q, flags.clone(), None);
    }
    let (mut total, mut without_retrieval) = (Vec::new(), Vec::new());
    for _ in 0..5 {
        for q in &questions {
            let state = run(&mut Memory::default(), q, flags.clone(), None);
            let all: f64 = state.trace.steps.iter().map(|s| s.ms).sum();
            let retrieval: f64 =
                state.trace.steps.iter().filter(|s| s.node == StepKind::Node(Node::Retrieve)).map(|s| s.ms).sum();
            total.push(all);
            without_retrieval.push(all - retrieval);
        }
    }
    total.sort_by(f64::total_cmp);
    without_retrieval.sort_by(f64::total_cmp);
    println!("{} questions x 5, offline responder, lexical embedding (no model time):", questions.len());
    println!("  whole turn          p50 {:.2} ms  p95 {:.2} ms", percentile(&total, 0.5), percentile(&total, 0.95));
    println!(
        "  without retrieval   p50 {:.2} ms  p95 {:.2} ms",
        percentile(&without_retrieval, 0.5),
        percentile(&without_retrieval, 0.95)
    );

    let conversation = [
        "안녕하세요",
        "65세 남성으로 10년째 당뇨 환자입니다. 공복혈당은 180 정도이고 HbA1c는 8.2%입니다.",
        "What are the symptoms of diabetes?",
        "what are the symptoms of diabetes",
        "메트포르민 부작용은 무엇인가요?",
    ];
    println!("\nLLM calls per turn, scripted model (judge always 0.4 with missing info), 5-turn conversation:");
    println!("{:<28} {:>6} {:>6} {:>6} {:>6} {:>6} {:>6}", "profile", "t1", "t2", "t3", "t4", "t5", "total");
    for name in PROFILES {
        let llm = ScriptedLlm::new(Script { judge: judge_json(0.4, &["side effects"]), ..Script::default() });
        let mut memory = Memory::default();
        let calls: Vec<usize> = conversation
            .iter()
            .map(|q| run(&mut memory, q, profile(name).expect("known"), Some(&llm)).llm_calls())
            .collect();
        println!(
            "{:<28} {:>6} {:>6} {:>6} {:>6} {:>6} {:>6}",
            name,
            calls[0],
            calls[1],
            calls[2],
            calls[3],
            calls[4],
            calls.iter().sum::<usize>()
        );
    }

    // Every profile on single-question conversations: calls per turn, per retrieval round, by purpose,
    // and the pipeline's own time (the scripted model answers at once, so the time is the pipeline's).
    let sample: Vec<&String> = questions.iter().take(40).collect();
    println!(
        "\nPer profile, {} questions each as a new conversation, scripted model (judge 0.4 with missing info; plan, rerank, sufficiency 0.9, grounded grade), default budget {}:",
        sample.len(),
        crate::pipeline::flags::DEFAULT_MAX_LLM_CALLS
    );
    println!(
        "{:<28} {:>10} {:>9} {:>11} {:>12} {:>10}  calls by purpose",
        "profile", "calls/turn", "max/turn", "retrievals", "calls/round", "p50 ms"
    );
    for name in PROFILES {
        let llm = ScriptedLlm::new(Script { judge: judge_json(0.4, &["side effects"]), ..Script::default() });
        let (mut calls, mut rounds, mut most, mut times) = (0, 0, 0, Vec::new());
        let mut purposes: std::collections::BTreeMap<String, usize> = std::collections::BTreeMap::new();
        for q in &sample {
            let state = run(&mut Memory::default(), q, profile(name).expect("known"), Some(&llm));
            calls += state.llm_calls();
            most = most.max(state.llm_calls());
            rounds += state.trace.steps.iter().filter(|s| s.node == StepKind::Node(Node::Retrieve)).count();
            times.push(state.trace.steps.iter().map(|s| s.ms).sum::<f64>());
            for call in &state.trace.model_calls {
                *purposes.entry(format!("{:?}", call.purpose).to_lowercase()).or_default() += 1;
            }
        }
        times.sort_by(f64::total_cmp);
        let n = sample.len().max(1) as f64;
        let by_purpose: Vec<String> = purposes.iter().map(|(p, c)| format!("{p} {:.2}", *c as f64 / n)).collect();
        println!(
            "{:<28} {:>10.2} {:>9} {:>11.2} {:>12.2} {:>10.2}  {}",
            name,
            calls as f64 / n,
            most,
            rounds as f64 / n,
            calls as f64 / rounds.max(1) as f64,
            percentile(&times, 0.5),
            by_purpose.join(", ")
        );
    }

    // Conversation memory: from turn 8 on, the model summarises each block of three earlier
    // exchanges once (tier 2 of conversation memory); a 5-turn conversation never gets there.
    let long: Vec<&String> = questions.iter().take(12).collect();
    println!("\nLLM calls, same model, the first {} questions as one conversation:", long.len());
    println!("{:<28} {:>6} {:>18}", "profile", "total", "memory summaries");
    for name in PROFILES {
        let llm = ScriptedLlm::new(Script { judge: judge_json(0.4, &["side effects"]), ..Script::default() });
        let mut memory = Memory::default();
        let total: usize =
            long.iter().map(|q| run(&mut memory, q, profile(name).expect("known"), Some(&llm)).llm_calls()).sum();
        println!("{:<28} {:>6} {:>18}", name, total, llm.summary_requests().len());
    }
    Ok(())
}
