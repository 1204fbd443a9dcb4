//! The learned reader of the aspect a question asks (its MedQuAD question type), for the questions
//! whose words the table of [`super::asked`] does not know: "is that gum disease" asks for symptoms,
//! "can my grandpa catch it from the kids" for susceptibility, "how do you get scabies" for causes.
//! People ask for an aspect in more ways than a table lists, and the labelled sets hold more than a
//! thousand of them, so a small classifier learns them from those sets.
//!
//! Model: multinomial logistic regression over a question's lowercased words, its word pairs and its
//! first two words (marked as such), each present feature weighing 1/sqrt(features + 1). It is trained
//! by `medagent index build` on every English question of the checkout's labelled sets (JSON lines
//! with `"lang": "en"`, `question` and `qtype`, see [`read_labelled`]); a question labelled with
//! several types counts for each equally. Features seen in fewer than two questions are left out.
//! Training is deterministic: the same sets give the same bytes.
//!
//! File `aspects.bin` (container of [`crate::core::format`], kind 7). Payload: varint class count; per
//! class: string question type, f64 bias. Then f64 weight step; varint feature count; per feature
//! (sorted; only features with a weight of at least [`WEAKEST_KEPT`] steps): string feature, then per
//! class a zigzag varint weight (a multiple of the step).

use crate::core::format::{FileKind, FormatError, Reader, Writer};
use std::collections::BTreeMap;

/// The aspect model's file name in the static index.
pub const ASPECTS_FILE: &str = "aspects.bin";

/// Passes over the training questions.
const EPOCHS: usize = 15;
/// The step of stochastic gradient descent.
const LEARNING_RATE: f64 = 0.5;
/// L2 regularisation, applied with each step.
const L2: f64 = 1e-4;
/// Weights are stored as multiples of (largest weight / this).
const LEVELS: f64 = 127.0;
/// A feature is stored only when one of its weights is at least this many steps: the weaker ones
/// move a question's scores by a few hundredths and are most of the file (on the development sets,
/// leaving them out halves the file and changes no ranking measurably).
const WEAKEST_KEPT: f64 = 4.5;

/// One labelled question: its text and the question types that answer it.
#[derive(Clone, Debug, PartialEq)]
pub struct Example {
    pub text: String,
    pub qtypes: Vec<String>,
}

/// The English questions of a labelled set (JSON lines; lines of other languages or without a
/// `question` and a `qtype` list are not questions to learn from). A line that is not JSON is an
/// error naming `name` and the line.
pub fn read_labelled(name: &str, jsonl: &str) -> Result<Vec<Example>, String> {
    let mut out = Vec::new();
    for (i, line) in jsonl.lines().enumerate().filter(|(_, l)| !l.trim().is_empty()) {
        let value: serde_json::Value =
            serde_json::from_str(line).map_err(|e| format!("{name} line {}: not JSON ({e})", i + 1))?;
        if value.get("lang").and_then(|l| l.as_str()) != Some("en") {
            continue;
        }
        let (Some(text), Some(qtypes)) =
            (value.get("question").and_then(|q| q.as_str()), value.get("qtype").and_then(|q| q.as_array()))
        else {
            continue;
        };
        let qtypes: Vec<String> = qtypes.iter().filter_map(|q| q.as_str()).map(str::to_string).collect();
        if !qtypes.is_empty() {
            out.push(Example { text: text.to_string(), qtypes });
        }
    }
    Ok(out)
}

/// A question's features: its words (runs of letters, digits and apostrophes, lowercased), its word
/// pairs, and its first two words marked `^`.
fn features(text: &str) -> Vec<String> {
    let lower = text.to_lowercase();
    let words: Vec<&str> =
        lower.split(|c: char| !(c.is_alphanumeric() || c == '\'')).filter(|w| !w.is_empty()).collect();
    let mut out: Vec<String> = words.iter().map(|w| w.to_string()).collect();
    out.extend(words.windows(2).map(|pair| format!("{} {}", pair[0], pair[1])));
    out.extend(words.iter().take(2).map(|w| format!("^{w}")));
    crate::core::order::sort_by(&mut out, String::cmp);
    out.dedup();
    out
}

/// The trained model.
#[derive(Clone, Debug, PartialEq)]
pub struct AspectModel {
    /// The question types, in the order of every weight list.
    classes: Vec<String>,
    bias: Vec<f64>,
    /// Each known feature and its weight per class, sorted by feature.
    weights: Vec<(String, Vec<f64>)>,
}

impl AspectModel {
    /// The likeliest question type of `text` and its probability (`None` when the model has no class).
    pub fn likeliest(&self, text: &str) -> Option<(&str, f64)> {
        let features = features(text);
        let known: Vec<usize> = features.iter().filter_map(|f| self.position(f)).collect();
        let probabilities = self.probabilities(&known, features.len());
        let best = (0..self.classes.len()).max_by(|&a, &b| probabilities[a].total_cmp(&probabilities[b]))?;
        Some((self.classes[best].as_str(), probabilities[best]))
    }

    /// Where `feature` is among the known features.
    fn position(&self, feature: &str) -> Option<usize> {
        self.weights.binary_search_by(|(f, _)| f.as_str().cmp(feature)).ok()
    }

    /// Softmax over the classes of the weights of the `known` features (positions) of a question with
    /// `features` features in all.
    fn probabilities(&self, known: &[usize], features: usize) -> Vec<f64> {
        let scale = 1.0 / ((features + 1) as f64).sqrt();
        let mut z = self.bias.clone();
        for &k in known {
            for (z, w) in z.iter_mut().zip(&self.weights[k].1) {
                *z += w * scale;
            }
        }
        let top = z.iter().cloned().fold(f64::NEG_INFINITY, f64::max);
        let exp: Vec<f64> = z.iter().map(|v| (v - top).exp()).collect();
        let sum: f64 = exp.iter().sum();
        exp.into_iter().map(|e| e / sum).collect()
    }

    /// The stored form (the layout in this module's documentation); deterministic.
    pub fn encode(&self) -> Vec<u8> {
        let largest = self.weights.iter().flat_map(|(_, row)| row).fold(0.0f64, |m, w| m.max(w.abs()));
        let step = largest.max(f64::MIN_POSITIVE) / LEVELS;
        let mut w = Writer::default();
        w.varint(self.classes.len() as u64);
        for (class, bias) in self.classes.iter().zip(&self.bias) {
            w.string(class);
            w.f64(*bias);
        }
        w.f64(step);
        let kept: Vec<&(String, Vec<f64>)> =
            self.weights.iter().filter(|(_, row)| row.iter().any(|w| (w / step).abs() >= WEAKEST_KEPT)).collect();
        w.varint(kept.len() as u64);
        for (feature, row) in kept {
            w.string(feature);
            for weight in row {
                let level = (weight / step).round() as i64;
                w.varint(((level << 1) ^ (level >> 63)) as u64);
            }
        }
        w.finish(FileKind::Aspects)
    }

    /// Reads `aspects.bin`.
    pub fn decode(bytes: &[u8]) -> Result<AspectModel, FormatError> {
        let mut r = Reader::open(bytes, FileKind::Aspects, ASPECTS_FILE)?;
        let count = r.u32()? as usize;
        let (mut classes, mut bias) = (Vec::new(), Vec::new());
        for _ in 0..count {
            classes.push(r.string()?);
            bias.push(r.f64()?);
        }
        let step = r.f64()?;
        let features = r.u32()?;
        let mut weights: Vec<(String, Vec<f64>)> = Vec::new();
        for _ in 0..features {
            let feature = r.string()?;
            if weights.last().is_some_and(|(last, _)| *last >= feature) {
                return Err(FormatError(format!("{ASPECTS_FILE} lists its features out of order: rebuild the index")));
            }
            let mut row = Vec::with_capacity(count);
            for _ in 0..count {
                let zigzag = r.varint()?;
                row.push(((zigzag >> 1) as i64 ^ -((zigzag & 1) as i64)) as f64 * step);
            }
            weights.push((feature, row));
        }
        r.finish()?;
        Ok(AspectModel { classes, bias, weights })
    }
}

/// Trains the model on `examples` (see the module's documentation). Deterministic.
pub fn train(examples: &[Example]) -> AspectModel {
    let mut classes: Vec<String> = examples.iter().flat_map(|e| e.qtypes.iter().cloned()).collect();
    classes.sort_unstable();
    classes.dedup();
    let questions: Vec<Vec<String>> = examples.iter().map(|e| features(&e.text)).collect();
    let mut seen: BTreeMap<&str, usize> = BTreeMap::new();
    for features in &questions {
        for f in features {
            *seen.entry(f).or_default() += 1;
        }
    }
    let mut model = AspectModel {
        weights: seen
            .into_iter()
            .filter(|&(_, n)| n >= 2)
            .map(|(f, _)| (f.to_string(), vec![0.0; classes.len()]))
            .collect(),
        bias: vec![0.0; classes.len()],
        classes,
    };
    // Each question as the positions of its known features, its feature count and its target.
    let rows: Vec<(Vec<usize>, usize, Vec<f64>)> = examples
        .iter()
        .zip(&questions)
        .map(|(e, features)| {
            let share = 1.0 / e.qtypes.len() as f64;
            let target = model.classes.iter().map(|c| if e.qtypes.contains(c) { share } else { 0.0 }).collect();
            (features.iter().filter_map(|f| model.position(f)).collect(), features.len(), target)
        })
        .collect();
    // A fixed shuffle per pass (a linear congruential sequence), so training is reproducible.
    let mut order: Vec<usize> = (0..rows.len()).collect();
    let mut state: u64 = 0x9e37_79b9_7f4a_7c15;
    for _ in 0..EPOCHS {
        for i in (1..order.len()).rev() {
            state = state.wrapping_mul(6_364_136_223_846_793_005).wrapping_add(1_442_695_040_888_963_407);
            order.swap(i, (state >> 33) as usize % (i + 1));
        }
        for &i in &order {
            let (known, features, target) = &rows[i];
            let probabilities = model.probabilities(known, *features);
            let scale = 1.0 / ((features + 1) as f64).sqrt();
            for (c, (p, y)) in probabilities.iter().zip(target).enumerate() {
                let gradient = p - y;
                model.bias[c] -= LEARNING_RATE * gradient * 0.1;
                for &k in known {
                    let w = &mut model.weights[k].1[c];
                    *w -= LEARNING_RATE * (gradient * scale + L2 * *w);
                }
            }
        }
    }
    model
}

#[cfg(test)]
mod tests {
    use super::*;

    fn examples() -> Vec<Example> {
        let of = |text: &str, qtype: &str| Example { text: text.into(), qtypes: vec![qtype.into()] };
        vec![
            of("is that gum disease, my gums bleed", "symptoms"),
            of("rash on my arm is that shingles", "symptoms"),
            of("is that a migraine or just a headache", "symptoms"),
            of("how do you get scabies", "causes"),
            of("how do you get pinworms", "causes"),
            of("how do you get lyme disease", "causes"),
            of("can my grandpa catch shingles from the kids", "susceptibility"),
            of("can my baby catch the flu from me", "susceptibility"),
            of("can my wife catch it from me", "susceptibility"),
        ]
    }

    #[test]
    fn a_new_question_gets_the_type_of_the_way_it_asks() {
        let model = train(&examples());
        assert_eq!(model.likeliest("pain in my jaw, is that a heart attack").unwrap().0, "symptoms");
        assert_eq!(model.likeliest("how do you get ringworm").unwrap().0, "causes");
        assert_eq!(model.likeliest("can my husband catch pneumonia from me").unwrap().0, "susceptibility");
    }

    #[test]
    fn the_stored_model_reads_back_and_answers_as_trained() {
        let model = train(&examples());
        let bytes = model.encode();
        let stored = AspectModel::decode(&bytes).unwrap();
        assert_eq!(stored.encode(), bytes, "encoding is deterministic");
        assert_eq!(train(&examples()).encode(), bytes, "training is deterministic");
        for question in ["is that eczema", "how do you get warts", "can kids catch it"] {
            assert_eq!(stored.likeliest(question).unwrap().0, model.likeliest(question).unwrap().0);
        }
        let mut cut = bytes.clone();
        cut.truncate(bytes.len() - 3);
        assert!(AspectModel::decode(&cut).unwrap_err().0.contains("aspects.bin"));
    }

    #[test]
    fn labelled_sets_give_their_english_questions_only() {
        let set = concat!(
            "{\"lang\": \"en\", \"question\": \"why do I get gout\", \"focus\": [\"Gout\"], \"qtype\": [\"causes\"]}\n",
            "{\"lang\": \"ko\", \"question\": \"통풍은 왜 생기나요\", \"qtype\": [\"causes\"]}\n",
            "{\"lang\": \"en\", \"text\": \"chest pain\", \"level\": \"emergency\"}\n",
        );
        let examples = read_labelled("set", set).unwrap();
        assert_eq!(examples, [Example { text: "why do I get gout".into(), qtypes: vec!["causes".into()] }]);
        assert!(read_labelled("set", "{not json").unwrap_err().contains("set line 1"));
    }
}
