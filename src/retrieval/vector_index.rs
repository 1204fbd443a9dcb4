//! The prebuilt vector index: one int8-quantised embedding per corpus chunk, grouped by an inverted file
//! (IVF) into lists of nearby chunks, so that a question fetches only the few lists near it. Built
//! natively once (`medagent index build --vectors`); a browser starts with the small centroid file and
//! fetches lists as questions need them, so a static host can serve a corpus far larger than a browser
//! holds (the bytes per question grow with the list size, not with the corpus).
//!
//! Files in `index/vectors/` (all integers little-endian):
//!
//! ```text
//! list-NNNN.bin   one per list (NNNN: the list number, 4 digits or more)
//!                 magic "MEDALST\0", version u32 (FORMAT_VERSION), dims u32, list u32, count u32,
//!                 count x u32 ids (ascending), count x f32 scales, count x dims i8 codes
//! centroids.bin   the same layout with magic "MEDACEN\0" and list = count = the number of lists:
//!                 the id of each row is the list whose centroid it is
//! ```
//!
//! In a list an id is a chunk's position in the corpus chunk list (see `chunks.bin`).
//!
//! Quantisation: the int8 rule of [`crate::embed::int8`] (each vector scaled by 127 / max|x| and rounded
//! to i8, the scale kept as f32), so a stored vector is `scale * q`. A question is scored in f32 against
//! the stored codes.
//!
//! Build: spherical k-means (cosine) on a deterministic sample, each chunk assigned to its nearest
//! centroid through an instant-distance HNSW graph over the centroids (so a corpus of millions of chunks
//! builds in minutes), with a fixed seed, the graph built on one thread and the searches' results kept in
//! order, so the same vectors and parameters give the same bytes (`medagent index check-vectors`).
//! Search: the `probe` lists whose centroids are nearest the question (exact: the centroids are few),
//! then exact scores over their chunks. Recall against exact search and bytes per question are measured
//! by `medagent bench vectors`.

use instant_distance::{Builder, HnswMap, Point, Search};
use serde::{Deserialize, Serialize};

/// Version of the vector files' layout; bump it when the layout or the point encoding changes.
pub const FORMAT_VERSION: u32 = 2;
const CENTROIDS_MAGIC: &[u8; 8] = b"MEDACEN\0";
const LIST_MAGIC: &[u8; 8] = b"MEDALST\0";
const HEADER: usize = 8 + 4 + 4 + 4 + 4;

/// Name of the centroid file inside `index/vectors/`.
pub const CENTROIDS_FILE: &str = "centroids.bin";

/// Name of list `list`'s file inside `index/vectors/`.
pub fn list_file(list: u32) -> String {
    format!("list-{list:04}.bin")
}

/// An L2-normalised embedding stored as i8 with one f32 scale (see the module docs).
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct QuantizedVector {
    scale: f32,
    q: Vec<i8>,
}

impl QuantizedVector {
    /// Quantises a vector (any length; the index uses 384).
    pub fn new(v: &[f32]) -> Self {
        let (scale, q) = crate::embed::int8::quantize(v);
        QuantizedVector { scale, q }
    }

    /// Approximate dot product (= cosine for normalised embeddings).
    pub fn dot(&self, other: &Self) -> f32 {
        let s: i32 = self.q.iter().zip(&other.q).map(|(a, b)| *a as i32 * *b as i32).sum();
        s as f32 * self.scale * other.scale
    }

    /// The dot product with an f32 vector: the stored side is the only one rounded.
    pub fn dot_f32(&self, v: &[f32]) -> f32 {
        dot_codes(&self.q, v) * self.scale
    }

    /// The vector as f32 (`scale * q`).
    pub fn to_f32(&self) -> Vec<f32> {
        self.q.iter().map(|&x| x as f32 * self.scale).collect()
    }
}

fn dot_codes(codes: &[i8], v: &[f32]) -> f32 {
    codes.iter().zip(v).map(|(&c, x)| c as f32 * x).sum()
}

impl Point for QuantizedVector {
    fn distance(&self, other: &Self) -> f32 {
        1.0 - self.dot(other)
    }
}

/// Build and search parameters, recorded in the manifest.
#[derive(Debug, Clone, Copy, PartialEq, Serialize, Deserialize)]
pub struct IvfParams {
    /// RNG seed for the k-means sample and the centroid graph (fixed, so the build is reproducible).
    pub seed: u64,
    /// Number of lists (k-means clusters).
    pub lists: u32,
    /// k-means iterations.
    pub iterations: u32,
    /// Lists searched per question (the shipped default; callers may widen it).
    pub probe: u32,
}

impl IvfParams {
    /// The shipped parameters for an index of `chunks` chunks: about 4 * sqrt(chunks) lists (so both the
    /// centroid file and one list grow as the square root of the corpus; more, smaller lists fetch fewer
    /// bytes for the same recall, at more requests), 12 k-means iterations, and the probe count chosen
    /// from the recall curve of `medagent bench vectors`.
    pub fn for_chunks(chunks: usize) -> IvfParams {
        IvfParams {
            seed: 0x6d65_6461_6765_6e74, // "medagent"
            lists: ((4.0 * (chunks as f64).sqrt()).round() as u32).clamp(1, chunks.max(1) as u32),
            iterations: 12,
            probe: DEFAULT_PROBE,
        }
    }
}

/// Lists searched per question unless the manifest says otherwise: 128 of the 801 lists keep 0.95 of
/// exact search's top 10 for corpus and development-set questions (`medagent bench vectors`).
pub const DEFAULT_PROBE: u32 = 128;

/// Candidate list size of the centroid graph while inserting centroids.
const CENTROID_EF_CONSTRUCTION: usize = 100;
/// Candidate list size of the centroid graph while assigning a chunk to its nearest centroid.
const CENTROID_EF_SEARCH: usize = 32;

/// Centroids sampled for training per list (more than enough for stable means; bounded for big corpora).
const SAMPLE_PER_LIST: usize = 64;

/// One nearest-neighbour hit: the chunk's position in the corpus chunk list and its cosine similarity.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct VectorHit {
    /// Position of the chunk in the corpus chunk list.
    pub chunk: u32,
    /// Approximate cosine similarity to the query (higher is closer).
    pub score: f32,
}

/// Why a vector file could not be loaded.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum VectorIndexError {
    /// Not a vector index file at all (or not the kind expected).
    BadMagic,
    /// Written by another version of medagent.
    WrongVersion { found: u32 },
    /// Built for embeddings of another size.
    WrongDims { found: u32 },
    /// Shorter than its header says: an interrupted download or a partial file.
    Truncated { expected: u64, found: u64 },
    /// The payload does not decode.
    Corrupt(String),
}

impl std::fmt::Display for VectorIndexError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            VectorIndexError::BadMagic => write!(f, "not a medagent vector index file (bad magic bytes)"),
            VectorIndexError::WrongVersion { found } => write!(
                f,
                "vector index format version {found}, this build reads {FORMAT_VERSION}; rebuild with `medagent index build --vectors`"
            ),
            VectorIndexError::WrongDims { found } => write!(
                f,
                "vector index has {found}-dim vectors, the embedder makes {}; rebuild with `medagent index build --vectors`",
                crate::embed::DIMS
            ),
            VectorIndexError::Truncated { expected, found } => write!(
                f,
                "vector index file is truncated ({found} of {expected} bytes); download or copy it again"
            ),
            VectorIndexError::Corrupt(e) => write!(
                f,
                "vector index is corrupt ({e}); rebuild with `medagent index build --vectors`"
            ),
        }
    }
}

impl std::error::Error for VectorIndexError {}

/// Checks a file's magic, version and dims; returns the fields after them.
fn header<'a>(bytes: &'a [u8], magic: &[u8; 8], len: usize) -> Result<&'a [u8], VectorIndexError> {
    if bytes.len() < 8 || &bytes[..8] != magic {
        return Err(VectorIndexError::BadMagic);
    }
    if bytes.len() < len {
        return Err(VectorIndexError::Truncated { expected: len as u64, found: bytes.len() as u64 });
    }
    let version = u32_at(bytes, 8);
    if version != FORMAT_VERSION {
        return Err(VectorIndexError::WrongVersion { found: version });
    }
    let dims = u32_at(bytes, 12);
    if dims as usize != crate::embed::DIMS {
        return Err(VectorIndexError::WrongDims { found: dims });
    }
    Ok(&bytes[16..])
}

fn u32_at(bytes: &[u8], i: usize) -> u32 {
    u32::from_le_bytes(bytes[i..i + 4].try_into().expect("four bytes"))
}

/// The lists' centroids: which lists are near a question.
pub struct Centroids(VectorList);

impl Centroids {
    /// Number of lists.
    pub fn lists(&self) -> u32 {
        self.0.len() as u32
    }

    /// The `probe` lists whose centroids are nearest `query`, nearest first.
    pub fn nearest_lists(&self, query: &[f32], probe: usize) -> Vec<u32> {
        best(self.0.scores(query).collect(), probe).into_iter().map(|hit| hit.chunk).collect()
    }

    /// Serialises to the `centroids.bin` format (module docs).
    pub fn to_bytes(&self) -> Vec<u8> {
        self.0.encode(CENTROIDS_MAGIC)
    }

    /// Loads `centroids.bin`.
    pub fn from_bytes(bytes: &[u8]) -> Result<Self, VectorIndexError> {
        let lists = if bytes.len() >= HEADER { u32_at(bytes, 16) } else { 0 };
        let rows = VectorList::decode(bytes, CENTROIDS_MAGIC, lists)?;
        if rows.chunks.iter().enumerate().any(|(i, &list)| list != i as u32) {
            return Err(VectorIndexError::Corrupt("the centroids are not numbered 0, 1, 2, ...".into()));
        }
        Ok(Centroids(rows))
    }

    fn new(centroids: &[Vec<f32>]) -> Centroids {
        let points: Vec<QuantizedVector> = centroids.iter().map(|c| QuantizedVector::new(c)).collect();
        let ids: Vec<u32> = (0..points.len() as u32).collect();
        Centroids(VectorList::of(points.len() as u32, &ids, &points))
    }
}

/// One list: its chunks' ids and int8 vectors.
#[derive(Debug, Clone, PartialEq)]
pub struct VectorList {
    list: u32,
    chunks: Vec<u32>,
    scales: Vec<f32>,
    codes: Vec<i8>,
}

impl VectorList {
    /// The list's number.
    pub fn number(&self) -> u32 {
        self.list
    }

    /// Number of chunks in the list.
    pub fn len(&self) -> usize {
        self.chunks.len()
    }

    /// True when the list holds no chunk.
    pub fn is_empty(&self) -> bool {
        self.chunks.is_empty()
    }

    /// Bytes the list takes in memory (about its file size).
    pub fn bytes(&self) -> usize {
        self.chunks.len() * (4 + 4) + self.codes.len()
    }

    /// Every chunk of the list with its cosine to `query`.
    pub fn scores<'a>(&'a self, query: &'a [f32]) -> impl Iterator<Item = VectorHit> + 'a {
        let dims = crate::embed::DIMS;
        self.chunks
            .iter()
            .zip(&self.scales)
            .zip(self.codes.chunks_exact(dims))
            .map(|((&chunk, &scale), codes)| VectorHit { chunk, score: dot_codes(codes, query) * scale })
    }

    /// The list's chunks and their vectors as f32, in chunk order.
    pub fn vectors(&self) -> impl Iterator<Item = (u32, QuantizedVector)> + '_ {
        let dims = crate::embed::DIMS;
        self.chunks
            .iter()
            .zip(&self.scales)
            .zip(self.codes.chunks_exact(dims))
            .map(|((&chunk, &scale), q)| (chunk, QuantizedVector { scale, q: q.to_vec() }))
    }

    /// The list `list` of the chunks `ids` (ascending) whose vectors are `points[id]`.
    fn of(list: u32, ids: &[u32], points: &[QuantizedVector]) -> VectorList {
        VectorList {
            list,
            scales: ids.iter().map(|&c| points[c as usize].scale).collect(),
            codes: ids.iter().flat_map(|&c| points[c as usize].q.iter().copied()).collect(),
            chunks: ids.to_vec(),
        }
    }

    /// Serialises to the `list-NNNN.bin` format (module docs).
    pub fn to_bytes(&self) -> Vec<u8> {
        self.encode(LIST_MAGIC)
    }

    /// Loads a `list-NNNN.bin` file, which must be list `list`.
    pub fn from_bytes(bytes: &[u8], list: u32) -> Result<Self, VectorIndexError> {
        Self::decode(bytes, LIST_MAGIC, list)
    }

    fn encode(&self, magic: &[u8; 8]) -> Vec<u8> {
        let mut out = Vec::with_capacity(HEADER + self.bytes());
        out.extend_from_slice(magic);
        out.extend_from_slice(&FORMAT_VERSION.to_le_bytes());
        out.extend_from_slice(&(crate::embed::DIMS as u32).to_le_bytes());
        out.extend_from_slice(&self.list.to_le_bytes());
        out.extend_from_slice(&(self.chunks.len() as u32).to_le_bytes());
        for chunk in &self.chunks {
            out.extend_from_slice(&chunk.to_le_bytes());
        }
        for scale in &self.scales {
            out.extend_from_slice(&scale.to_le_bytes());
        }
        out.extend(self.codes.iter().map(|&c| c as u8));
        out
    }

    fn decode(bytes: &[u8], magic: &[u8; 8], list: u32) -> Result<Self, VectorIndexError> {
        let name = if magic == CENTROIDS_MAGIC { CENTROIDS_FILE.to_string() } else { list_file(list) };
        let rest = header(bytes, magic, HEADER)?;
        let found = u32_at(rest, 0);
        if found != list {
            return Err(VectorIndexError::Corrupt(format!("{name} holds list {found}")));
        }
        let count = u32_at(rest, 4) as usize;
        let dims = crate::embed::DIMS;
        // Checked: a damaged count must be an error, not an overflow (usize is 32 bits in wasm).
        let expected = count.checked_mul(4 + 4 + dims).and_then(|b| b.checked_add(HEADER)).unwrap_or(usize::MAX);
        if bytes.len() != expected {
            return Err(if bytes.len() < expected {
                VectorIndexError::Truncated { expected: expected as u64, found: bytes.len() as u64 }
            } else {
                VectorIndexError::Corrupt(format!("{name} has {} bytes after its {count} rows", bytes.len() - expected))
            });
        }
        let body = &bytes[HEADER..];
        let chunks: Vec<u32> =
            body[..count * 4].chunks_exact(4).map(|b| u32::from_le_bytes(b.try_into().expect("four bytes"))).collect();
        let scales = body[count * 4..count * 8]
            .chunks_exact(4)
            .map(|b| f32::from_le_bytes(b.try_into().expect("four bytes")))
            .collect();
        let codes = body[count * 8..].iter().map(|&b| b as i8).collect();
        Ok(VectorList { list, chunks, scales, codes })
    }
}

/// The `k` chunks of `lists` nearest `query`, best first (exact over those lists).
pub fn search_lists<'a>(lists: impl IntoIterator<Item = &'a VectorList>, query: &[f32], k: usize) -> Vec<VectorHit> {
    best(lists.into_iter().flat_map(|list| list.scores(query)).collect(), k)
}

/// The best `k` hits of `hits`, best first (ties by chunk id, so results are stable).
pub fn best(mut hits: Vec<VectorHit>, k: usize) -> Vec<VectorHit> {
    crate::core::order::sort_by(&mut hits, |a, b| b.score.total_cmp(&a.score).then(a.chunk.cmp(&b.chunk)));
    hits.truncate(k);
    hits
}

/// A built index: the centroid graph and every list, ready to be written.
pub struct BuiltIndex {
    /// The centroid graph.
    pub centroids: Centroids,
    /// The lists, by list number.
    pub lists: Vec<VectorList>,
}

/// Builds the index over `points` (position = chunk id) with `params` (module docs: the build).
pub fn build(points: &[QuantizedVector], params: IvfParams) -> BuiltIndex {
    let dims = crate::embed::DIMS;
    let lists = (params.lists as usize).clamp(1, points.len().max(1));
    let mut rng = XorShift(params.seed | 1);
    // A deterministic sample: a partial Fisher-Yates shuffle of the chunk ids.
    let mut order: Vec<usize> = (0..points.len()).collect();
    let sample_len = points.len().min(lists * SAMPLE_PER_LIST);
    for i in 0..sample_len {
        let j = i + rng.below(points.len() - i);
        order.swap(i, j);
    }
    let sample = &order[..sample_len];
    let mut centroids: Vec<Vec<f32>> = sample[..lists.min(sample_len)].iter().map(|&i| points[i].to_f32()).collect();
    for _ in 0..params.iterations {
        let graph = centroid_graph(&centroids, params.seed);
        let mut sums = vec![vec![0f32; dims]; centroids.len()];
        let mut counts = vec![0usize; centroids.len()];
        let assigned = assign(&graph, sample.iter().map(|&i| &points[i]));
        for (&i, &list) in sample.iter().zip(&assigned) {
            let list = list as usize;
            counts[list] += 1;
            for (s, x) in sums[list].iter_mut().zip(points[i].to_f32()) {
                *s += x;
            }
        }
        for (list, (sum, count)) in sums.into_iter().zip(&counts).enumerate() {
            centroids[list] = if *count == 0 {
                // An empty list restarts at a random sampled chunk.
                points[sample[rng.below(sample.len())]].to_f32()
            } else {
                crate::embed::pooling::l2_normalized(sum)
            };
        }
    }
    let graph = centroid_graph(&centroids, params.seed);
    let mut members: Vec<Vec<u32>> = vec![Vec::new(); centroids.len()];
    for (chunk, list) in assign(&graph, points.iter()).into_iter().enumerate() {
        members[list as usize].push(chunk as u32);
    }
    let lists = members.iter().enumerate().map(|(list, ids)| VectorList::of(list as u32, ids, points)).collect();
    BuiltIndex { centroids: Centroids::new(&centroids), lists }
}

/// The HNSW graph over `centroids` (value = list number) that assigns chunks to lists while building,
/// built on one thread: instant-distance inserts with rayon, and one worker thread makes the insertion
/// order, and so the graph, deterministic.
fn centroid_graph(centroids: &[Vec<f32>], seed: u64) -> HnswMap<QuantizedVector, u32> {
    let points: Vec<QuantizedVector> = centroids.iter().map(|c| QuantizedVector::new(c)).collect();
    let values: Vec<u32> = (0..points.len() as u32).collect();
    let builder = Builder::default().seed(seed).ef_construction(CENTROID_EF_CONSTRUCTION).ef_search(CENTROID_EF_SEARCH);
    let pool = rayon::ThreadPoolBuilder::new().num_threads(1).build().expect("a one-thread pool can always be created");
    pool.install(|| builder.build(points, values))
}

/// The nearest centroid's list of each point, in the points' order. The searches run on all cores; each
/// one is deterministic and the results keep their order, so the build stays byte-reproducible.
fn assign<'a>(map: &HnswMap<QuantizedVector, u32>, points: impl Iterator<Item = &'a QuantizedVector>) -> Vec<u32> {
    use rayon::prelude::*;
    let points: Vec<&QuantizedVector> = points.collect();
    points
        .par_iter()
        .map_init(Search::default, |search, point| map.search(point, search).next().map_or(0, |item| *item.value))
        .collect()
}

/// xorshift64: a fixed, dependency-free random sequence for the reproducible build (and the synthetic
/// corpus of `medagent index build --synthetic`).
pub struct XorShift(pub u64);

impl XorShift {
    /// The next value in `0..n`.
    pub fn below(&mut self, n: usize) -> usize {
        self.0 ^= self.0 << 13;
        self.0 ^= self.0 >> 7;
        self.0 ^= self.0 << 17;
        (self.0 % n.max(1) as u64) as usize
    }

    /// A standard normal value (Box-Muller).
    pub fn normal(&mut self) -> f32 {
        let u1 = (self.below(1 << 24) as f32 + 1.0) / (1 << 24) as f32;
        let u2 = self.below(1 << 24) as f32 / (1 << 24) as f32;
        (-2.0 * u1.ln()).sqrt() * (std::f32::consts::TAU * u2).cos()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Deterministic pseudo-random unit vectors (xorshift), no RNG dependency needed.
    pub(crate) fn unit_vectors(n: usize, seed: u64) -> Vec<Vec<f32>> {
        let mut rng = XorShift(seed | 1);
        (0..n)
            .map(|_| {
                let v: Vec<f32> = (0..crate::embed::DIMS).map(|_| rng.below(2001) as f32 / 1000.0 - 1.0).collect();
                crate::embed::pooling::l2_normalized(v)
            })
            .collect()
    }

    fn points(n: usize, seed: u64) -> Vec<QuantizedVector> {
        unit_vectors(n, seed).iter().map(|v| QuantizedVector::new(v)).collect()
    }

    #[test]
    fn quantised_dot_is_close_to_the_f32_cosine() {
        let v = unit_vectors(2, 7);
        let exact: f32 = v[0].iter().zip(&v[1]).map(|(a, b)| a * b).sum();
        let q = QuantizedVector::new(&v[0]).dot(&QuantizedVector::new(&v[1]));
        assert!((exact - q).abs() < 0.01, "{exact} vs {q}");
        assert!((QuantizedVector::new(&v[0]).dot_f32(&v[1]) - exact).abs() < 0.01);
        let self_dot = QuantizedVector::new(&v[0]).dot(&QuantizedVector::new(&v[0]));
        assert!((self_dot - 1.0).abs() < 0.01);
        // Quantising a dequantised vector gives the same codes back (a rebuild from stored vectors is lossless).
        let once = QuantizedVector::new(&v[0]);
        assert_eq!(QuantizedVector::new(&once.to_f32()), once);
    }

    const PARAMS: IvfParams = IvfParams { seed: 7, lists: 12, iterations: 4, probe: 4 };

    #[test]
    fn build_is_byte_reproducible_round_trips_and_every_chunk_is_in_one_list() {
        let p = points(300, 42);
        let a = build(&p, PARAMS);
        let b = build(&p, PARAMS);
        assert_eq!(a.centroids.to_bytes(), b.centroids.to_bytes());
        assert_eq!(
            a.lists.iter().map(VectorList::to_bytes).collect::<Vec<_>>(),
            b.lists.iter().map(VectorList::to_bytes).collect::<Vec<_>>()
        );
        let mut all: Vec<u32> = a.lists.iter().flat_map(|l| l.chunks.clone()).collect();
        all.sort();
        assert_eq!(all, (0..300).collect::<Vec<u32>>());

        let centroids = Centroids::from_bytes(&a.centroids.to_bytes()).unwrap();
        assert_eq!(centroids.lists(), 12);
        let lists: Vec<VectorList> =
            a.lists.iter().map(|l| VectorList::from_bytes(&l.to_bytes(), l.list).unwrap()).collect();
        assert_eq!(lists, a.lists);
        // A stored vector finds itself first in the lists nearest it.
        let query = p[73].to_f32();
        let near = centroids.nearest_lists(&query, 4);
        assert_eq!(search_lists(near.iter().map(|&l| &lists[l as usize]), &query, 1)[0].chunk, 73);
        // Probing every list is exact search.
        assert_eq!(centroids.nearest_lists(&query, 12).len(), 12);
    }

    #[test]
    fn truncated_or_foreign_or_future_or_misplaced_files_are_rejected_clearly() {
        let built = build(&points(40, 1), PARAMS);
        let bytes = built.centroids.to_bytes();
        assert!(matches!(Centroids::from_bytes(&bytes[..bytes.len() - 10]), Err(VectorIndexError::Truncated { .. })));
        assert_eq!(Centroids::from_bytes(b"PK\x03\x04 not an index").err(), Some(VectorIndexError::BadMagic));
        let mut future = bytes.clone();
        future[8] = 99;
        assert_eq!(Centroids::from_bytes(&future).err(), Some(VectorIndexError::WrongVersion { found: 99 }));
        let message = Centroids::from_bytes(&bytes[..12]).err().unwrap().to_string();
        assert!(message.contains("truncated"), "{message}");

        let list = built.lists.iter().find(|l| !l.is_empty()).unwrap();
        let bytes = list.to_bytes();
        assert!(matches!(
            VectorList::from_bytes(&bytes[..bytes.len() - 1], list.list),
            Err(VectorIndexError::Truncated { .. })
        ));
        assert!(VectorList::from_bytes(&bytes, list.list + 1).err().unwrap().to_string().contains("holds list"));
        assert_eq!(VectorList::from_bytes(&built.centroids.to_bytes(), 0).err(), Some(VectorIndexError::BadMagic));
    }
}
