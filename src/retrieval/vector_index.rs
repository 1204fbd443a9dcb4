//! The prebuilt vector index: one int8-quantised embedding per corpus chunk in an instant-distance HNSW
//! map, built natively once (`medagent index build --vectors`) and loaded from bytes in the browser.
//!
//! File format of `index/vectors/hnsw.bin` (all integers little-endian):
//!
//! ```text
//! magic    8 bytes  "MEDAVEC\0"
//! version  u32      FORMAT_VERSION
//! dims     u32      384
//! count    u32      number of chunks (points)
//! length   u64      byte length of the payload that follows
//! payload  bincode (v1, default options) of instant_distance::HnswMap<QuantizedVector, u32>;
//!          the value of each point is the chunk's position in the corpus chunk list; the payload
//!          starts with the map's ef_search as a u64 (bincode's first field), which
//!          `from_bytes_with_ef_search` overrides at load time
//! ```
//!
//! Quantisation: each vector is scaled by 127 / max|x| and rounded to i8, the scale is kept as f32, so the
//! dot product of two points is `scale_a * scale_b * sum(qa * qb)`. Recall with and without quantisation is
//! measured by `medagent bench vectors`.

use instant_distance::{Builder, HnswMap, Point, Search};
use serde::{Deserialize, Serialize};

/// Version of the `hnsw.bin` layout; bump it when the layout or the point encoding changes.
pub const FORMAT_VERSION: u32 = 1;
const MAGIC: &[u8; 8] = b"MEDAVEC\0";
const HEADER_LEN: usize = 8 + 4 + 4 + 4 + 8;

/// An L2-normalised embedding stored as i8 with one f32 scale (see the module docs).
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct QuantizedVector {
    scale: f32,
    q: Vec<i8>,
}

impl QuantizedVector {
    /// Quantises a vector (any length; the index uses 384).
    pub fn new(v: &[f32]) -> Self {
        let max = v.iter().fold(0f32, |m, x| m.max(x.abs()));
        if max == 0.0 {
            return QuantizedVector { scale: 0.0, q: vec![0; v.len()] };
        }
        let inv = 127.0 / max;
        QuantizedVector { scale: max / 127.0, q: v.iter().map(|x| (x * inv).round() as i8).collect() }
    }

    /// Approximate dot product (= cosine for normalised embeddings).
    pub fn dot(&self, other: &Self) -> f32 {
        let s: i32 = self.q.iter().zip(&other.q).map(|(a, b)| *a as i32 * *b as i32).sum();
        s as f32 * self.scale * other.scale
    }
}

impl Point for QuantizedVector {
    fn distance(&self, other: &Self) -> f32 {
        1.0 - self.dot(other)
    }
}

/// HNSW construction parameters, recorded in the manifest.
#[derive(Debug, Clone, Copy, PartialEq, Serialize, Deserialize)]
pub struct HnswParams {
    /// RNG seed for the layer assignment (fixed, so the build is reproducible).
    pub seed: u64,
    /// Candidate list size while inserting.
    pub ef_construction: usize,
    /// Candidate list size while searching (the shipped default; callers may widen it).
    pub ef_search: usize,
}

/// The shipped parameters (ef_search chosen from the recall curve of `medagent bench vectors`).
pub const DEFAULT_PARAMS: HnswParams = HnswParams {
    seed: 0x6d65_6461_6765_6e74, // "medagent"
    ef_construction: 100,
    ef_search: 64,
};

/// One nearest-neighbour hit: the chunk's position in the corpus chunk list and its cosine similarity.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct VectorHit {
    /// Position of the chunk in the corpus chunk list.
    pub chunk: u32,
    /// Approximate cosine similarity to the query (higher is closer).
    pub score: f32,
}

/// Why `hnsw.bin` could not be loaded.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum VectorIndexError {
    /// Not a vector index file at all.
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
            VectorIndexError::BadMagic => write!(f, "not a medagent vector index (bad magic bytes)"),
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
                "vector index is truncated ({found} of {expected} bytes); download or copy it again"
            ),
            VectorIndexError::Corrupt(e) => write!(
                f,
                "vector index is corrupt ({e}); rebuild with `medagent index build --vectors`"
            ),
        }
    }
}

impl std::error::Error for VectorIndexError {}

/// The loaded HNSW map over the corpus chunks.
pub struct VectorIndex {
    map: HnswMap<QuantizedVector, u32>,
    len: usize,
}

impl VectorIndex {
    /// Builds the map from one embedding per chunk (position = chunk id), on a single thread so that the
    /// same input and parameters always give the same bytes.
    pub fn build(vectors: &[Vec<f32>], params: HnswParams) -> Self {
        Self::from_points(vectors.iter().map(|v| QuantizedVector::new(v)).collect(), params)
    }

    /// Builds the map again from its own stored points, in chunk order, with `params`: when the build
    /// is reproducible the bytes come back identical (`medagent index check-vectors`).
    pub fn rebuild(&self, params: HnswParams) -> Self {
        let mut points: Vec<(u32, QuantizedVector)> =
            self.map.iter().map(|(id, p)| (self.map.values[id.into_inner() as usize], p.clone())).collect();
        points.sort_by_key(|(chunk, _)| *chunk);
        Self::from_points(points.into_iter().map(|(_, p)| p).collect(), params)
    }

    fn from_points(points: Vec<QuantizedVector>, params: HnswParams) -> Self {
        let len = points.len();
        let values: Vec<u32> = (0..len as u32).collect();
        let builder =
            Builder::default().seed(params.seed).ef_construction(params.ef_construction).ef_search(params.ef_search);
        // instant-distance inserts each layer with rayon; one worker thread makes the insertion order, and
        // so the graph, deterministic.
        let pool =
            rayon::ThreadPoolBuilder::new().num_threads(1).build().expect("a one-thread pool can always be created");
        let map = pool.install(|| builder.build(points, values));
        VectorIndex { map, len }
    }

    /// Number of chunks in the index.
    pub fn len(&self) -> usize {
        self.len
    }

    /// True when the index holds no chunk.
    pub fn is_empty(&self) -> bool {
        self.len == 0
    }

    /// The `k` chunks closest to `query` (an L2-normalised embedding), best first. At most the map's
    /// ef_search hits come back (instant-distance keeps that many candidates).
    pub fn search(&self, query: &[f32], k: usize) -> Vec<VectorHit> {
        let q = QuantizedVector::new(query);
        let mut search = Search::default();
        self.map
            .search(&q, &mut search)
            .take(k)
            .map(|item| VectorHit { chunk: *item.value, score: 1.0 - item.distance })
            .collect()
    }

    /// Exact search over every point (the ground truth for recall measurements).
    pub fn exact_search(&self, query: &[f32], k: usize) -> Vec<VectorHit> {
        let q = QuantizedVector::new(query);
        let mut hits: Vec<VectorHit> = self
            .map
            .iter()
            .map(|(id, p)| VectorHit { chunk: self.map.values[id.into_inner() as usize], score: q.dot(p) })
            .collect();
        hits.sort_by(|a, b| b.score.total_cmp(&a.score).then(a.chunk.cmp(&b.chunk)));
        hits.truncate(k);
        hits
    }

    /// Serialises to the `hnsw.bin` format (module docs).
    pub fn to_bytes(&self) -> Vec<u8> {
        let payload = bincode::serialize(&self.map).expect("serialising to memory cannot fail");
        let mut out = Vec::with_capacity(HEADER_LEN + payload.len());
        out.extend_from_slice(MAGIC);
        out.extend_from_slice(&FORMAT_VERSION.to_le_bytes());
        out.extend_from_slice(&(crate::embed::DIMS as u32).to_le_bytes());
        out.extend_from_slice(&(self.len as u32).to_le_bytes());
        out.extend_from_slice(&(payload.len() as u64).to_le_bytes());
        out.extend_from_slice(&payload);
        out
    }

    /// Loads `hnsw.bin` bytes, rejecting other files, other versions and truncated input with a clear error.
    pub fn from_bytes(bytes: &[u8]) -> Result<Self, VectorIndexError> {
        Self::from_bytes_with_ef_search(bytes, None)
    }

    /// Like [`VectorIndex::from_bytes`], searching with `ef_search` instead of the value stored at build
    /// time (instant-distance fixes it per map; the recall benchmark sweeps it this way).
    pub fn from_bytes_with_ef_search(bytes: &[u8], ef_search: Option<usize>) -> Result<Self, VectorIndexError> {
        if bytes.len() < 8 || &bytes[..8] != MAGIC {
            return Err(VectorIndexError::BadMagic);
        }
        if bytes.len() < HEADER_LEN {
            return Err(VectorIndexError::Truncated { expected: HEADER_LEN as u64, found: bytes.len() as u64 });
        }
        let u32_at = |i: usize| u32::from_le_bytes(bytes[i..i + 4].try_into().unwrap());
        let version = u32_at(8);
        if version != FORMAT_VERSION {
            return Err(VectorIndexError::WrongVersion { found: version });
        }
        let dims = u32_at(12);
        if dims as usize != crate::embed::DIMS {
            return Err(VectorIndexError::WrongDims { found: dims });
        }
        let count = u32_at(16) as usize;
        let payload_len = u64::from_le_bytes(bytes[20..28].try_into().unwrap());
        let expected = HEADER_LEN as u64 + payload_len;
        if (bytes.len() as u64) < expected {
            return Err(VectorIndexError::Truncated { expected, found: bytes.len() as u64 });
        }
        let payload = &bytes[HEADER_LEN..expected as usize];
        let decoded = match ef_search {
            None => bincode::deserialize(payload),
            Some(ef) if payload.len() >= 8 => {
                let mut patched = payload.to_vec();
                patched[..8].copy_from_slice(&(ef as u64).to_le_bytes());
                bincode::deserialize(&patched)
            }
            Some(_) => bincode::deserialize(payload),
        };
        let map: HnswMap<QuantizedVector, u32> = decoded.map_err(|e| VectorIndexError::Corrupt(e.to_string()))?;
        if map.values.len() != count {
            return Err(VectorIndexError::Corrupt(format!(
                "header says {count} points, payload has {}",
                map.values.len()
            )));
        }
        Ok(VectorIndex { map, len: count })
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Deterministic pseudo-random unit vectors (xorshift), no RNG dependency needed.
    fn unit_vectors(n: usize, seed: u64) -> Vec<Vec<f32>> {
        let mut s = seed;
        (0..n)
            .map(|_| {
                let v: Vec<f32> = (0..crate::embed::DIMS)
                    .map(|_| {
                        s ^= s << 13;
                        s ^= s >> 7;
                        s ^= s << 17;
                        (s % 2001) as f32 / 1000.0 - 1.0
                    })
                    .collect();
                crate::embed::pooling::l2_normalized(v)
            })
            .collect()
    }

    #[test]
    fn quantised_dot_is_close_to_the_f32_cosine() {
        let v = unit_vectors(2, 7);
        let exact: f32 = v[0].iter().zip(&v[1]).map(|(a, b)| a * b).sum();
        let q = QuantizedVector::new(&v[0]).dot(&QuantizedVector::new(&v[1]));
        assert!((exact - q).abs() < 0.01, "{exact} vs {q}");
        let self_dot = QuantizedVector::new(&v[0]).dot(&QuantizedVector::new(&v[0]));
        assert!((self_dot - 1.0).abs() < 0.01);
    }

    /// Small parameters: the distance function is unoptimised in test builds.
    const TEST_PARAMS: HnswParams = HnswParams { seed: 7, ef_construction: 16, ef_search: 16 };

    #[test]
    fn build_is_byte_reproducible_and_round_trips() {
        let v = unit_vectors(120, 42);
        let a = VectorIndex::build(&v, TEST_PARAMS).to_bytes();
        let b = VectorIndex::build(&v, TEST_PARAMS).to_bytes();
        assert_eq!(a, b);
        let loaded = VectorIndex::from_bytes(&a).unwrap();
        assert_eq!(loaded.len(), 120);
        // A stored vector finds itself first.
        let hits = loaded.search(&v[73], 5);
        assert_eq!(hits[0].chunk, 73);
        // A wider ef_search at load time finds at least as much.
        let wide = VectorIndex::from_bytes_with_ef_search(&a, Some(120)).unwrap();
        assert_eq!(wide.search(&v[5], 120).len(), 120);
        assert!(loaded.search(&v[5], 120).len() <= TEST_PARAMS.ef_search);
        assert_eq!(loaded.exact_search(&v[73], 1)[0].chunk, 73);
        // Rebuilding a loaded map from its own points gives the file back.
        assert_eq!(loaded.rebuild(TEST_PARAMS).to_bytes(), a);
    }

    #[test]
    fn truncated_or_foreign_or_future_files_are_rejected_clearly() {
        let bytes = VectorIndex::build(&unit_vectors(20, 1), TEST_PARAMS).to_bytes();
        let cut = &bytes[..bytes.len() - 10];
        assert!(matches!(VectorIndex::from_bytes(cut), Err(VectorIndexError::Truncated { .. })));
        assert_eq!(VectorIndex::from_bytes(b"PK\x03\x04 not an index").err(), Some(VectorIndexError::BadMagic));
        let mut future = bytes.clone();
        future[8] = 99;
        assert_eq!(VectorIndex::from_bytes(&future).err(), Some(VectorIndexError::WrongVersion { found: 99 }));
        let message = VectorIndex::from_bytes(&bytes[..12]).err().unwrap().to_string();
        assert!(message.contains("truncated"), "{message}");
    }
}
