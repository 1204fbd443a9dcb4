//! Text similarity for the response cache and conversation recall while no sentence-embedding
//! model is loaded: a lexical embedding (hashed bag of index terms, L2-normalised), and cosine.

use crate::retrieval::tokenizer::tokenize;

/// Dimensions of the lexical embedding.
pub const LEXICAL_DIMS: usize = 512;

/// Hashed bag-of-terms vector of `text` (same tokenizer as search, so "symptoms"/"symptom" agree).
pub fn lexical_embedding(text: &str) -> Vec<f32> {
    let mut v = vec![0f32; LEXICAL_DIMS];
    for term in tokenize(text) {
        let mut h: u32 = 0x811c_9dc5;
        for b in term.bytes() {
            h = (h ^ u32::from(b)).wrapping_mul(0x0100_0193);
        }
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
}
