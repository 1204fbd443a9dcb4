//! Text similarity for the response cache and conversation recall while no sentence-embedding
//! model is loaded: a lexical embedding (hashed bag of index terms, L2-normalised), and cosine.

use crate::core::tokenizer::tokenize;

/// Dimensions of the lexical embedding.
pub const LEXICAL_DIMS: usize = 1024;

/// Hashed bag-of-terms vector of `text` (same tokenizer as search, so "symptoms"/"symptom" agree).
pub fn lexical_embedding(text: &str) -> Vec<f32> {
    let mut v = vec![0f32; LEXICAL_DIMS];
    for term in tokenize(text) {
        let mut h: u32 = 0x9747_b28c;
        for b in term.bytes() {
            h = (h ^ u32::from(b)).wrapping_mul(0x0100_0193);
        }
        // FNV alone spreads near-identical terms ("topic0", "topic1") poorly over few buckets: mix it.
        h ^= h >> 16;
        h = h.wrapping_mul(0x85eb_ca6b);
        h ^= h >> 13;
        h = h.wrapping_mul(0xc2b2_ae35);
        h ^= h >> 16;
        v[h as usize % LEXICAL_DIMS] += 1.0;
    }
    let norm = v.iter().map(|x| x * x).sum::<f32>().sqrt();
    if norm > 0.0 {
        v.iter_mut().for_each(|x| *x /= norm);
    }
    v
}

/// Cosine similarity; 0 for vectors of different length or zero vectors.
pub fn cosine(a: &[f32], b: &[f32]) -> f32 {
    if a.len() != b.len() {
        return 0.0;
    }
    let dot: f32 = a.iter().zip(b).map(|(x, y)| x * y).sum();
    let na = a.iter().map(|x| x * x).sum::<f32>().sqrt();
    let nb = b.iter().map(|x| x * x).sum::<f32>().sqrt();
    if na == 0.0 || nb == 0.0 {
        0.0
    } else {
        dot / (na * nb)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn similar_questions_are_close_and_different_ones_far() {
        let a = lexical_embedding("What are the symptoms of diabetes?");
        let b = lexical_embedding("what are symptoms of diabetes");
        let c = lexical_embedding("How is asthma treated?");
        assert!(cosine(&a, &b) > 0.99);
        assert!(cosine(&a, &c) < 0.2);
        assert_eq!(cosine(&lexical_embedding(""), &a), 0.0);
    }

    #[test]
    fn compact_storage_keeps_similarity() {
        #[derive(serde::Serialize, serde::Deserialize)]
        struct Stored(#[serde(with = "compact")] Vec<f32>);
        let a = lexical_embedding("What are the symptoms of diabetes?");
        let json = serde_json::to_string(&Stored(a.clone())).unwrap();
        assert!(json.len() < 1500, "{}", json.len());
        let back: Stored = serde_json::from_str(&json).unwrap();
        assert!(cosine(&a, &back.0) > 0.999);
    }
}

/// Serde for stored embeddings: unit vectors quantized to i8 and base64-encoded (a 1024-dim vector
/// takes 1.4 KB instead of ~10 KB of JSON numbers), so a full cache fits browser storage.
pub mod compact {
    use base64::engine::general_purpose::STANDARD;
    use base64::Engine;
    use serde::{Deserialize, Deserializer, Serializer};

    pub fn serialize<S: Serializer>(v: &[f32], s: S) -> Result<S::Ok, S::Error> {
        let bytes: Vec<u8> = v.iter().map(|x| (x.clamp(-1.0, 1.0) * 127.0).round() as i8 as u8).collect();
        s.serialize_str(&STANDARD.encode(bytes))
    }

    pub fn deserialize<'de, D: Deserializer<'de>>(d: D) -> Result<Vec<f32>, D::Error> {
        let text = String::deserialize(d)?;
        let bytes = STANDARD.decode(text).map_err(serde::de::Error::custom)?;
        Ok(bytes.into_iter().map(|b| f32::from(b as i8) / 127.0).collect())
    }
}
