//! Build script: fast, offline, deterministic. It records which target the binary was built for, so
//! `medagent --version` can say it; trains the triage classifier (`src/triage/classifier.rs`) from the
//! labelled triage sets in `tests/fixtures`: the native binary embeds it, the browser build embeds
//! only its SHA-256 and fetches the file the site serves (`medagent triage --export-site`, run
//! by `scripts/build-app.sh`); and lists the Korean medicine names triage masks. The model is always
//! the one the checkout's sets make, and no weights are committed. It also records the SHA-256 of the
//! triage concept table (`src/triage/concepts.tsv`) and regular expressions
//! (`src/triage/text_patterns.tsv`), of the everyday symptom words
//! (`src/extract/symptom_words.tsv`), of the given names (`src/extract/given_names.txt`), of
//! extraction's and the measurements' word lists and regular expressions
//! (`src/extract/text_words.tsv`, `src/core/vitals_words.tsv`), of the prompts' fixed texts
//! (`src/llm/prompts.txt`) and of the medicine names, which the browser fetches and checks likewise
//! (`src/core/site.rs`).

#[path = "src/triage/classifier.rs"]
#[allow(dead_code)]
mod classifier;
// The classifier sorts with the crate's shared sort, `super::order` here as in `triage`.
#[path = "src/core/order.rs"]
#[allow(dead_code)]
mod order;

use sha2::Digest;
use std::path::PathBuf;

fn main() {
    let target = std::env::var("TARGET").unwrap_or_else(|_| "unknown".into());
    println!("cargo:rustc-env=MEDAGENT_BUILD_TARGET={target}");
    println!("cargo:rerun-if-changed=build.rs");
    println!("cargo:rerun-if-changed=src/triage/classifier.rs");
    println!("cargo:rerun-if-changed=tests/fixtures");
    println!("cargo:rerun-if-changed=index/lexicon/medicines_ko.tsv");
    println!("cargo:rerun-if-changed=src/triage/concepts.tsv");
    println!("cargo:rerun-if-changed=src/extract/symptom_words.tsv");
    println!("cargo:rerun-if-changed=src/extract/given_names.txt");
    println!("cargo:rerun-if-changed=src/triage/text_patterns.tsv");
    println!("cargo:rerun-if-changed=src/extract/text_words.tsv");
    println!("cargo:rerun-if-changed=src/core/vitals_words.tsv");
    println!("cargo:rerun-if-changed=src/llm/prompts.txt");

    let root = PathBuf::from(std::env::var("CARGO_MANIFEST_DIR").expect("cargo sets CARGO_MANIFEST_DIR"));
    let files = classifier::training_files(&root).expect("tests/fixtures holds the labelled triage sets");
    let mut examples = Vec::new();
    for file in &files {
        let name = file.file_stem().and_then(|s| s.to_str()).unwrap_or_default();
        let text = std::fs::read_to_string(file).unwrap_or_else(|e| panic!("{}: {e}", file.display()));
        examples.extend(classifier::read_set(name, &text).unwrap_or_else(|e| panic!("{e}: mend the labelled set")));
    }
    let bytes = classifier::train(&examples).to_bytes();
    let out = PathBuf::from(std::env::var("OUT_DIR").expect("cargo sets OUT_DIR"));
    let sha256_hex =
        |bytes: &[u8]| -> String { sha2::Sha256::digest(bytes).iter().map(|b| format!("{b:02x}")).collect() };
    let sha256 = sha256_hex(&bytes);
    let concepts =
        std::fs::read(root.join("src/triage/concepts.tsv")).expect("src/triage/concepts.tsv is in the checkout");
    let symptom_words = std::fs::read(root.join("src/extract/symptom_words.tsv"))
        .expect("src/extract/symptom_words.tsv is in the checkout");
    let given_names = std::fs::read(root.join("src/extract/given_names.txt"))
        .expect("src/extract/given_names.txt is in the checkout");
    let text_patterns = std::fs::read(root.join("src/triage/text_patterns.tsv"))
        .expect("src/triage/text_patterns.tsv is in the checkout");
    let text_words =
        std::fs::read(root.join("src/extract/text_words.tsv")).expect("src/extract/text_words.tsv is in the checkout");
    let vitals_words =
        std::fs::read(root.join("src/core/vitals_words.tsv")).expect("src/core/vitals_words.tsv is in the checkout");
    let prompts = std::fs::read(root.join("src/llm/prompts.txt")).expect("src/llm/prompts.txt is in the checkout");
    let medicines = korean_medicine_names(&root.join("index/lexicon/medicines_ko.tsv")).into_bytes();
    for (name, contents) in [
        ("triage_classifier.bin", bytes),
        ("triage_classifier.sha256", sha256.into_bytes()),
        ("triage_concepts.sha256", sha256_hex(&concepts).into_bytes()),
        ("symptom_words.sha256", sha256_hex(&symptom_words).into_bytes()),
        ("given_names.sha256", sha256_hex(&given_names).into_bytes()),
        ("text_patterns.sha256", sha256_hex(&text_patterns).into_bytes()),
        ("text_words.sha256", sha256_hex(&text_words).into_bytes()),
        ("vitals_words.sha256", sha256_hex(&vitals_words).into_bytes()),
        ("prompts.sha256", sha256_hex(&prompts).into_bytes()),
        ("medicine_names_ko.sha256", sha256_hex(&medicines).into_bytes()),
        ("medicine_names_ko.txt", medicines),
    ] {
        let path = out.join(name);
        std::fs::write(&path, contents).unwrap_or_else(|e| panic!("{}: {e}", path.display()));
    }
}

/// The Korean names of the medicines list (its ko_generic and ko_names columns), without spaces, one
/// per line, sorted: triage masks them, so a symptom's syllables inside one are no complaint.
fn korean_medicine_names(path: &std::path::Path) -> String {
    let text = std::fs::read_to_string(path).unwrap_or_else(|e| panic!("{}: {e}", path.display()));
    let mut names: Vec<String> = text
        .lines()
        .filter(|l| !l.starts_with('#'))
        .skip(1)
        .flat_map(|row| row.split('\t').skip(2).take(2).flat_map(|cell| cell.split('|')).collect::<Vec<_>>())
        .map(|name| name.split_whitespace().collect::<String>())
        .filter(|name| name.chars().count() >= 3)
        .collect();
    names.sort();
    names.dedup();
    names.join("\n")
}
