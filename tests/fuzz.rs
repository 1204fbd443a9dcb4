//! Bounded fuzzing on stable Rust: random and mutated inputs for the parsers that read what the
//! network, a file or a person gives the app (the SSE parser, the index loaders, the import parser,
//! slot extraction, the triage check). Each target checks a property, not only the absence of a panic.
//!
//! `cargo test --test tests fuzz::` runs a small fixed budget ([`DEFAULT_CASES`] cases a target, seeded, so a
//! failure reproduces); a longer run is explicit:
//! `FUZZ_CASES=100000 cargo test --release --test tests fuzz:: -- --nocapture` (each target prints its count).

use medagent::extract::extract;
use medagent::llm::sse::{SseEvent, SseParser};
use medagent::persist::{apply_import, export, preview_import, save, KeyValue, MemoryStore, RecordKind};
use medagent::retrieval::corpus::Document;
use medagent::retrieval::index_files::{
    build, parse_meta, parse_postings, parse_stats, parse_text, LoadedIndex, Manifest, STATS,
};
use std::sync::OnceLock;

const DEFAULT_CASES: u64 = 400;

fn cases(target: &str) -> u64 {
    let n = std::env::var("FUZZ_CASES").ok().and_then(|v| v.parse().ok()).unwrap_or(DEFAULT_CASES);
    println!("fuzz {target}: {n} cases");
    n
}

/// splitmix64: small, seeded, good enough to spread inputs.
struct Rng(u64);

impl Rng {
    fn next(&mut self) -> u64 {
        self.0 = self.0.wrapping_add(0x9E37_79B9_7F4A_7C15);
        let mut z = self.0;
        z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
        z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
        z ^ (z >> 31)
    }
    fn below(&mut self, n: usize) -> usize {
        (self.next() % n.max(1) as u64) as usize
    }
    fn pick<'a, T>(&mut self, items: &'a [T]) -> &'a T {
        &items[self.below(items.len())]
    }
    fn bytes(&mut self, max: usize) -> Vec<u8> {
        (0..self.below(max + 1)).map(|_| self.next() as u8).collect()
    }
    /// Text mixing ASCII, Hangul, emoji, controls and the separators parsers care about.
    fn text(&mut self, max: usize) -> String {
        const PIECES: &[&str] = &[
            "a", "Z", "7", " ", ":", "data", "event", "\n", "\r", "\r\n", "\0", "é", "한", "당뇨", "세", "😀",
            "\u{202e}", "\u{feff}", "mg/dL", "%", "-", "no", "않", "?", "{", "\"",
        ];
        (0..self.below(max + 1)).map(|_| *self.pick(PIECES)).collect()
    }
    /// `bytes` with a few random changes: flipped bits, cut, inserted or removed bytes.
    fn mutate(&mut self, bytes: &[u8]) -> Vec<u8> {
        let mut out = bytes.to_vec();
        for _ in 0..1 + self.below(4) {
            match self.below(4) {
                0 if !out.is_empty() => {
                    let i = self.below(out.len());
                    out[i] ^= 1 << self.below(8);
                }
                1 => out.truncate(self.below(out.len() + 1)),
                2 => {
                    let i = self.below(out.len() + 1);
                    out.insert(i, self.next() as u8);
                }
                _ if !out.is_empty() => {
                    let i = self.below(out.len());
                    out.remove(i);
                }
                _ => {}
            }
        }
        out
    }
}

/// Events survive any chunking and any line terminator: what goes in as frames comes out as events.
#[test]
fn fuzz_sse_parser() {
    let mut rng = Rng(1);
    for _ in 0..cases("sse") {
        let mut wire = Vec::new();
        let mut expected = Vec::new();
        for _ in 0..rng.below(5) {
            let event = ["message", "delta", "content_block_delta"][rng.below(3)].to_string();
            // Data lines hold no line terminators (a terminator would start a new line).
            let lines: Vec<String> = (0..1 + rng.below(3))
                .map(|_| rng.text(12).replace(['\n', '\r'], "").trim_start_matches('\u{feff}').to_string())
                .collect();
            let eol = *rng.pick(&["\n", "\r", "\r\n"]);
            if event != "message" || rng.below(2) == 0 {
                wire.extend(format!("event: {event}{eol}").bytes());
            }
            if rng.below(3) == 0 {
                wire.extend(format!(": a comment{eol}").bytes());
            }
            for line in &lines {
                wire.extend(format!("data: {line}{eol}").bytes());
            }
            wire.extend(eol.bytes());
            expected.push(SseEvent { event, data: lines.join("\n") });
        }
        let mut parser = SseParser::new();
        let mut got = Vec::new();
        let mut rest = &wire[..];
        while !rest.is_empty() {
            let cut = 1 + rng.below(rest.len().min(9));
            parser.push(&rest[..cut], &mut got);
            rest = &rest[cut..];
        }
        // A CR at the very end may still be waiting for its LF; an empty push changes nothing.
        parser.push(b"", &mut got);
        assert_eq!(got, expected, "wire: {:?}", String::from_utf8_lossy(&wire));
        assert!(parser.finish().is_ok());

        // Garbage never panics, and finish says whether an event was left unfinished.
        let mut parser = SseParser::new();
        let mut out = Vec::new();
        parser.push(&rng.bytes(64), &mut out);
        parser.push(rng.text(32).as_bytes(), &mut out);
        let _ = parser.finish();
    }
}

fn small_corpus() -> Vec<Document> {
    (0..80)
        .map(|i| Document {
            id: format!("D{i}"),
            source: "NIDDK".into(),
            focus: format!("topic {i}"),
            qtype: "symptoms".into(),
            question: format!("What are the symptoms of condition {}?", i % 7),
            answer: "Thirst, tiredness and blurred vision. ".repeat(1 + i % 5),
            url: format!("https://example.nih.gov/{i}"),
        })
        .collect()
}

/// Damaged index files are refused (by the manifest check, and by the format when read without
/// it); none panics, and none loads as a different index.
#[test]
fn fuzz_index_loaders() {
    let built = build(&small_corpus(), "fuzz", &mut |_, _, _| {});
    let manifest_json = serde_json::to_vec(&built.manifest).unwrap();
    let vector_list = std::fs::read(concat!(env!("CARGO_MANIFEST_DIR"), "/index/vectors/list-0000.bin")).unwrap();
    let mut rng = Rng(2);
    for _ in 0..cases("index") {
        let (name, bytes) = rng.pick(&built.files);
        let damaged = rng.mutate(bytes);
        let mut index = LoadedIndex::new(built.manifest.clone(), &built.files[0].1).unwrap();
        let accepted = if name == STATS {
            LoadedIndex::new(built.manifest.clone(), &damaged).is_ok()
        } else {
            index.add_file(name, &damaged).is_ok()
        };
        assert_eq!(accepted, damaged == *bytes, "{name}: a damaged file was accepted");
        // The format readers alone: errors or values, never a panic.
        let _ = parse_stats(&damaged);
        let _ = parse_postings(&damaged, name, 80);
        let _ = parse_meta(&damaged, name);
        let _ = parse_text(&damaged, name);
        let _ = parse_stats(&rng.bytes(40));
        let _ = Manifest::parse(&rng.mutate(&manifest_json));
        let _ = medagent::lexicon::file::decode(&rng.bytes(64));
        let _ = medagent::retrieval::vector_index::Centroids::from_bytes(&rng.bytes(64));
        let _ = medagent::retrieval::vector_index::VectorList::from_bytes(&rng.mutate(&vector_list), 0);
    }
}

static NOTES: RecordKind = RecordKind {
    key: "medagent.notes",
    schema: 1,
    migrations: &[],
    check: medagent::persist::check_as::<Vec<String>>,
    secrets: &[],
};

/// A damaged export file is refused or previewed, never a panic; a preview that passes imports
/// exactly the records it listed.
#[test]
fn fuzz_import_parser() {
    let store = MemoryStore::default();
    save(&store, &NOTES, &vec!["asthma".to_string(), "당뇨".to_string()]).unwrap();
    let file = serde_json::to_vec(&export(&store, &[&NOTES]).unwrap()).unwrap();
    let mut rng = Rng(3);
    for _ in 0..cases("import") {
        let damaged = String::from_utf8_lossy(&rng.mutate(&file)).into_owned();
        let Ok(preview) = preview_import(&damaged, &[&NOTES]) else { continue };
        let fresh = MemoryStore::default();
        apply_import(&fresh, &preview).unwrap();
        let written = fresh.keys().unwrap();
        let listed: Vec<String> = preview.valid.iter().map(|(key, _)| key.clone()).collect();
        assert_eq!(written, listed, "{damaged}");
        let _ = preview_import(&rng.text(40), &[&NOTES]);
    }
}

fn lexicon() -> &'static medagent::lexicon::Lexicon {
    static LEXICON: OnceLock<medagent::lexicon::Lexicon> = OnceLock::new();
    LEXICON.get_or_init(|| {
        medagent::cli::files::load_lexicon(std::path::Path::new(concat!(env!("CARGO_MANIFEST_DIR"), "/index/lexicon")))
            .unwrap()
    })
}

/// Slot extraction takes any text; a stated age among noise is found, and extraction is a function
/// of the text (same text, same slots).
#[test]
fn fuzz_slot_extraction() {
    let mut rng = Rng(4);
    for _ in 0..cases("slots") {
        let noise = rng.text(30);
        let slots = extract(&noise, Some(lexicon()));
        assert_eq!(slots, extract(&noise, Some(lexicon())));
        let age = 18 + rng.below(80) as u32;
        let said =
            if rng.below(2) == 0 { format!("저는 {age}세입니다. ") } else { format!("I am {age} years old. ") };
        let text = format!("{said}{}", noise.replace(|c: char| c.is_ascii_digit(), ""));
        assert_eq!(extract(&text, Some(lexicon())).demographics.age, Some(age), "{text:?}");
    }
}

/// The emergency messages of the triage development set.
fn emergencies() -> Vec<String> {
    let dev = include_str!("fixtures/triage_dev.jsonl");
    dev.lines()
        .filter_map(|l| serde_json::from_str::<serde_json::Value>(l).ok())
        .filter(|v| v["level"] == "emergency")
        .map(|v| v["text"].as_str().unwrap().to_string())
        .collect()
}

/// The triage check reads any text: its verdict is a function of the text, every matched word is
/// in the message, and an emergency stays an emergency with noise in another sentence around it,
/// or with a long paste after it.
#[test]
fn fuzz_triage() {
    use medagent::triage::{assess, Level};
    let emergencies = emergencies();
    assert!(emergencies.len() > 100);
    let mut rng = Rng(5);
    for _ in 0..cases("triage") {
        let noise = rng.text(40);
        let verdict = assess(&noise);
        assert_eq!(verdict, assess(&noise));
        for reason in &verdict.reasons {
            assert!(reason.matched.iter().all(|m| noise.contains(m.as_str())), "{noise:?}: {reason:?}");
        }
        let emergency = rng.pick(&emergencies);
        let around = match rng.below(3) {
            0 => format!("{noise}.\n{emergency}"),
            1 => format!("{emergency}\n{noise}"),
            _ => format!("{emergency}\n{}", "정상적인 하루였어요. It was a normal day. ".repeat(2000)),
        };
        assert_eq!(assess(&around).level, Level::Emergency, "{around:.300?}");
    }
}
