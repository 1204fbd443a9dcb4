//! The committed vector index (index/vectors/) belongs to the committed corpus and to the model: its
//! manifest names the chunk list's fingerprint and the model's, its files match their hashes, and its
//! vectors are the embeddings of those chunks. Fails when the corpus, the chunker or the model changed
//! without `medagent index build --vectors` (the message says so).
//!
//! Needs the model in model/ (scripts/fetch-model.sh; CI's setup fetches it).

use medagent::cli::files::{read_corpus, DEFAULT_CORPUS, DEFAULT_VECTORS_DIR};
use medagent::cli::model::{load_model_dir, MODEL_DIR};
use medagent::cli::vectors::{load_vectors, read_manifest};
use medagent::retrieval::vector_manifest::ChunkList;
use std::path::Path;

fn root() -> &'static Path {
    Path::new(env!("CARGO_MANIFEST_DIR"))
}

const REBUILD: &str =
    "run `cargo run --release -- index build --vectors` (about an hour on two cores) and commit index/vectors/";

#[test]
fn committed_vectors_match_the_corpus_the_model_and_their_manifest() {
    let manifest = read_manifest(&root().join(DEFAULT_VECTORS_DIR)).unwrap();
    let (docs, _) = read_corpus(&root().join(DEFAULT_CORPUS)).unwrap();
    let list = ChunkList::of(&docs).unwrap();
    assert_eq!(
        manifest.corpus_hash, list.fingerprint,
        "the corpus or the chunker changed since the vectors were built: {REBUILD}"
    );
    assert_eq!(manifest.chunks, list.texts.len(), "{REBUILD}");
    let model = load_model_dir(&root().join(MODEL_DIR)).unwrap();
    assert_eq!(
        manifest.model_hash,
        model.fingerprint(),
        "the embedding model changed since the vectors were built: {REBUILD}"
    );
    let committed_counts = std::fs::read(root().join(DEFAULT_VECTORS_DIR).join("chunks.bin")).unwrap();
    assert_eq!(committed_counts, list.counts, "chunks.bin is not the corpus's chunk layout: {REBUILD}");

    // load_vectors checks the start files against the manifest's size and SHA-256, and each list as
    // it is read.
    let vectors = load_vectors(&root().join(DEFAULT_VECTORS_DIR), &root().join(MODEL_DIR), None).unwrap();
    assert_eq!(vectors.chunk_map().chunks(), list.texts.len());

    // The stored vectors are the chunks' embeddings: chunks spread over the corpus, embedded now, find
    // themselves first by exact search (int8 storage keeps the cosine within about 0.01).
    for chunk in (0..list.texts.len()).step_by(list.texts.len() / 7) {
        let query = pollster::block_on(vectors.embed_now(&list.texts[chunk])).unwrap();
        let best = pollster::block_on(vectors.exact_search(&query, 1)).unwrap()[0];
        assert!(best.score > 0.98, "chunk {chunk}: stored vector differs from its embedding (cosine {})", best.score);
        let text = |c: u32| &list.texts[c as usize];
        assert!(
            best.chunk as usize == chunk || text(best.chunk) == text(chunk as u32),
            "chunk {chunk} finds chunk {} first: the stored vectors are not in chunk order. {REBUILD}",
            best.chunk
        );
    }
}

/// The response cache serves an answer again when the new question's embedding is within cosine 0.85.
/// MiniLM reads Korean as loose jamo, so Korean questions are embedded lexically: two different Korean
/// questions must not look alike, while English paraphrases still do.
#[test]
fn the_cache_embedding_tells_korean_questions_apart_and_matches_english_paraphrases() {
    use medagent::core::similarity::cosine;
    use medagent::memory::cache::THRESHOLD;
    use medagent::pipeline::ports::Embedder;
    use medagent::retrieval::knowledge::{QuestionEmbedder, VectorSide};
    use std::cell::RefCell;
    use std::rc::Rc;

    let vectors = load_vectors(&root().join(DEFAULT_VECTORS_DIR), &root().join(MODEL_DIR), None).unwrap();
    let side = RefCell::new(VectorSide::Ready(Rc::new(vectors)));
    let embedder = QuestionEmbedder(&side);
    let embed = |text: &str| pollster::block_on(embedder.embed(text));
    let similar = |a: &str, b: &str| cosine(&embed(a), &embed(b));

    for (a, b) in [
        ("편두통은 어떻게 치료하나요", "천식은 왜 생기나요"),
        ("당뇨병 초기 증상은 무엇인가요?", "천식은 왜 생기나요"),
        ("고혈압 치료는 어떻게 하나요?", "편두통은 어떻게 치료하나요"),
    ] {
        assert!(similar(a, b) < THRESHOLD, "{a} / {b}: {}", similar(a, b));
    }
    assert!(similar("당뇨병 초기 증상은 무엇인가요?", "당뇨병 초기 증상은 무엇인가요") >= THRESHOLD);
    let paraphrase = similar("What are the symptoms of diabetes?", "what are the signs of diabetes");
    assert!(paraphrase >= THRESHOLD, "English paraphrase: {paraphrase}");
    assert!(similar("What are the symptoms of diabetes?", "How is asthma treated?") < THRESHOLD);
    assert_eq!(embed("What is glaucoma?").len(), 384, "English goes through the sentence model");
}

/// The shipped search (the lists nearest a question, not all of them) keeps the exact search's top 10:
/// recall@10 of at least 0.95 over questions made from committed chunks (their stored vectors with
/// noise, so a question is near its chunk without being it), against exact search over every list.
#[test]
fn the_shipped_probe_keeps_the_exact_top_ten() {
    use medagent::cli::vectors::read_points;
    use medagent::retrieval::vector_index::XorShift;

    let dir = root().join(DEFAULT_VECTORS_DIR);
    let manifest = read_manifest(&dir).unwrap();
    let points = read_points(&dir, &manifest).unwrap();
    let vectors = load_vectors(&dir, &root().join(MODEL_DIR), None).unwrap();
    let mut rng = XorShift(0x7e57);
    let (questions, mut recall) = (60, 0.0);
    for _ in 0..questions {
        let stored = points[rng.below(points.len())].to_f32();
        let noisy: Vec<f32> = stored.iter().map(|x| x + 0.03 * rng.normal()).collect();
        let norm = noisy.iter().map(|x| x * x).sum::<f32>().sqrt();
        let query: Vec<f32> = noisy.iter().map(|x| x / norm).collect();
        let ids = |hits: Vec<medagent::retrieval::vector_index::VectorHit>| {
            hits.into_iter().map(|h| h.chunk).collect::<Vec<_>>()
        };
        let exact = ids(pollster::block_on(vectors.exact_search(&query, 10)).unwrap());
        let shipped = ids(pollster::block_on(vectors.search(&query, 10, vectors.probe())).unwrap());
        recall += shipped.iter().filter(|c| exact.contains(c)).count() as f64 / 10.0;
    }
    let recall = recall / questions as f64;
    assert!(recall >= 0.95, "recall@10 of the shipped probe ({}) is {recall:.3}", vectors.probe());
}

/// A long message whose question comes after a long story: the sentence model reads at most 256 word
/// pieces, so the whole message embedded at once never sees the question. Searched by windows, the
/// question's topic is among the first documents.
#[test]
fn a_long_message_whose_question_comes_last_finds_its_topic() {
    use medagent::retrieval::vectors::VectorSearch;

    let (docs, _) = read_corpus(&root().join(DEFAULT_CORPUS)).unwrap();
    let vectors = load_vectors(&root().join(DEFAULT_VECTORS_DIR), &root().join(MODEL_DIR), None).unwrap();
    let story = "Hello, I hope this finds you well. I am 62 and retired from teaching last spring. \
        My wife and I moved to a smaller house near our daughter, and I have been busy with the garden, \
        the grandchildren and a long list of repairs. I walk the dog twice a day and swim on Fridays. \
        Last month we drove across the country to visit my brother, which took nine days, and I did most \
        of the driving. We stayed in motels and ate at diners along the way, more fried food than I \
        usually would. Since we got home I have been catching up on sleep and paperwork, and my \
        daughter keeps telling me to slow down. My own father worked until he was seventy and I always \
        thought I would too, but things change. I read a lot now, mostly history, and I started \
        volunteering at the library on Tuesdays, shelving books and helping people with the computers. ";
    let message = format!("{story}{story}Anyway, my question: what are the treatments for gout?");
    let searched_by = pollster::block_on(vectors.query_vectors(&message)).unwrap().len();
    assert!(searched_by > 2, "the whole message and its windows: {searched_by}");
    let first_topics = |found: Vec<medagent::retrieval::vectors::VectorMatch>| {
        let mut focuses: Vec<&str> = Vec::new();
        for m in found {
            let focus = docs[m.place.doc as usize].focus.as_str();
            if !focuses.contains(&focus) {
                focuses.push(focus);
            }
        }
        focuses.truncate(5);
        focuses
    };
    let gout = |focuses: &[&str]| focuses.iter().any(|f| f.eq_ignore_ascii_case("gout"));
    let whole = pollster::block_on(vectors.embed_now(&message)).unwrap();
    let unread = first_topics(pollster::block_on(vectors.nearest_to(&whole, 40)).unwrap());
    assert!(!gout(&unread), "embedded whole, the message is cut before its question: {unread:?}");
    let read = first_topics(pollster::block_on(vectors.nearest(&message, 40)).unwrap());
    assert!(gout(&read), "first topics: {read:?}");
}
