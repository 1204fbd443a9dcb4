//! The second reader: a logistic-regression classifier over a message's word and character n-grams,
//! trained on every labelled triage message in the repo (`tests/fixtures/triage_*.jsonl`,
//! `tests/fixtures/blind/triage_*.jsonl`: about forty writers' emergencies and hard negatives; and the
//! calm medicine questions of `medication_*.jsonl` beside them).
//!
//! Why a second reader: the rules ([`super::rules`]) know the situations of the triage references
//! and read negation, time and questions in the frame, but they hear only the wordings someone wrote
//! a concept form for; each fresh writer brings words no form has. The classifier has seen how many
//! people tell an emergency and an ordinary question, so it hears a new wording of a known situation
//! and, scored on writers it was not trained on (`medagent eval triage --cross-validate`), rarely
//! mistakes an ordinary question for an emergency. The two are combined in [`super::assess`].
//!
//! This file is also compiled into the build script (`build.rs`), which trains the model from the
//! labelled sets at build time and writes it for [`super::assess`] to embed: the model is always the
//! one the sets in the checkout make, and no weights are committed. It therefore uses nothing of the
//! crate.
//!
//! Features: the lowercased message's words of two or more word characters, their bigrams, and the
//! character 1-4-grams of each whitespace-separated token padded with a space on both sides; each
//! hashed (FNV-1a 64 with a kind prefix) into 2^[`BITS`] buckets; tf-idf with a sublinear tf
//! (`1 + ln count`), buckets seen in fewer than two training messages dropped, L2-normalised.
//!
//! File layout (little-endian), embedded in the binary:
//! ```text
//! magic        4 bytes  "MDTC"
//! version      u16      VERSION
//! bits         u8       BITS
//! bias         f32
//! idf_step     f32      idf of a bucket = its byte * idf_step (0: the bucket is unused)
//! weight_step  f32      weight of a bucket = its signed byte * weight_step
//! idf          2^bits bytes
//! weights      2^bits bytes (i8)
//! ```

use std::collections::HashMap;

/// Hash buckets: 2^17. Measured by cross-validation, 2^16 loses a little and 2^18 gains nothing.
pub const BITS: u32 = 17;
const BUCKETS: usize = 1 << BITS;
const MAGIC: &[u8; 4] = b"MDTC";
const VERSION: u16 = 1;
const HEADER: usize = 4 + 2 + 1 + 4 * 3;
/// Inverse regularisation strength (as scikit-learn's `C`): weak, since hashing already limits the model.
const C: f64 = 10.0;

/// One labelled message for training.
#[derive(Clone, Debug)]
pub struct Example {
    pub text: String,
    pub emergency: bool,
    /// Who wrote it: the set's name and its `writer` field, so a cross-validation can hold out a
    /// whole writer.
    pub group: String,
}

/// Reads a labelled set (one JSON object a line with `text`, `level` and optionally `writer`);
/// `name` is the set's name, the first part of each example's group. A bad line is reported with
/// its number.
pub fn read_set(name: &str, jsonl: &str) -> Result<Vec<Example>, String> {
    let mut out = Vec::new();
    for (i, line) in jsonl.lines().enumerate().filter(|(_, l)| !l.trim().is_empty()) {
        let value: serde_json::Value = serde_json::from_str(line).map_err(|e| format!("{name} line {}: {e}", i + 1))?;
        let field = |key: &str| value.get(key).and_then(|v| v.as_str());
        let (Some(text), Some(level)) = (field("text"), field("level")) else {
            return Err(format!("{name} line {}: needs \"text\" and \"level\"", i + 1));
        };
        let group = match field("writer") {
            Some(writer) => format!("{name}:{writer}"),
            None => name.to_string(),
        };
        out.push(Example { text: text.to_string(), emergency: level == "emergency", group });
    }
    Ok(out)
}

/// The training sets of a checkout, by file name: every `triage_*.jsonl` and `medication_*.jsonl` (calm
/// questions about medicines, whose names and doses a bag of words otherwise hears as an overdose) in
/// `tests/fixtures` and `tests/fixtures/blind`, in name order (so a build is reproducible).
#[cfg(not(target_arch = "wasm32"))]
pub fn training_files(root: &std::path::Path) -> std::io::Result<Vec<std::path::PathBuf>> {
    let mut files = Vec::new();
    for dir in ["tests/fixtures", "tests/fixtures/blind"] {
        for entry in std::fs::read_dir(root.join(dir))? {
            let path = entry?.path();
            let name = path.file_name().and_then(|n| n.to_str()).unwrap_or_default();
            if (name.starts_with("triage_") || name.starts_with("medication_")) && name.ends_with(".jsonl") {
                files.push(path);
            }
        }
    }
    files.sort();
    Ok(files)
}

fn bucket(kind: &str, parts: &[&str]) -> u32 {
    let mut hash: u64 = 0xcbf2_9ce4_8422_2325;
    let mut eat = |bytes: &[u8]| {
        for &b in bytes {
            hash ^= u64::from(b);
            hash = hash.wrapping_mul(0x0100_0000_01b3);
        }
    };
    eat(kind.as_bytes());
    for (i, part) in parts.iter().enumerate() {
        if i > 0 {
            eat(b" ");
        }
        eat(part.as_bytes());
    }
    (hash & (BUCKETS as u64 - 1)) as u32
}

/// The words of two or more word characters (letters, digits, `_`), as byte spans of `lower`.
fn words(lower: &str) -> Vec<(usize, usize)> {
    let mut out = Vec::new();
    let mut start = None;
    let mut chars = 0;
    for (i, ch) in lower.char_indices().chain(std::iter::once((lower.len(), ' '))) {
        if ch.is_alphanumeric() || ch == '_' {
            start.get_or_insert(i);
            chars += 1;
        } else if let Some(s) = start.take() {
            if chars >= 2 {
                out.push((s, i));
            }
            chars = 0;
        }
    }
    out
}

/// A message's features: each occurrence's bucket with the whitespace token (byte span of the
/// message) it came from, for explaining a verdict; a bigram belongs to its first word's token.
struct Features {
    hits: Vec<(u32, (usize, usize))>,
}

impl Features {
    fn new(text: &str) -> Features {
        let mut hits = Vec::new();
        let mut words: Vec<(String, (usize, usize))> = Vec::new();
        let mut token_start = None;
        for (i, ch) in text.char_indices().chain(std::iter::once((text.len(), ' '))) {
            if !ch.is_whitespace() {
                token_start.get_or_insert(i);
                continue;
            }
            let Some(s) = token_start.take() else { continue };
            let lower = text[s..i].to_lowercase();
            words.extend(self::words(&lower).into_iter().map(|(ws, we)| (lower[ws..we].to_string(), (s, i))));
            let padded: Vec<char> = std::iter::once(' ').chain(lower.chars()).chain(std::iter::once(' ')).collect();
            for n in 1..=4 {
                for gram in padded.windows(n) {
                    if n == 1 && gram[0] == ' ' {
                        continue;
                    }
                    let gram: String = gram.iter().collect();
                    hits.push((bucket("c:", &[&gram]), (s, i)));
                }
            }
        }
        hits.extend(words.iter().map(|(w, span)| (bucket("w:", &[w]), *span)));
        hits.extend(words.windows(2).map(|pair| (bucket("b:", &[&pair[0].0, &pair[1].0]), pair[0].1)));
        Features { hits }
    }

    /// Each bucket once with its count, in bucket order.
    fn counts(&self) -> Vec<(u32, f64)> {
        let mut buckets: Vec<u32> = self.hits.iter().map(|h| h.0).collect();
        super::order::sort_by(&mut buckets, u32::cmp);
        let mut out: Vec<(u32, f64)> = Vec::new();
        for b in buckets {
            match out.last_mut() {
                Some((last, n)) if *last == b => *n += 1.0,
                _ => out.push((b, 1.0)),
            }
        }
        out
    }
}

/// tf-idf values of a message's buckets, L2-normalised; buckets without an idf are left out.
fn vector(counts: &[(u32, f64)], idf: impl Fn(u32) -> f64) -> Vec<(u32, f64)> {
    let mut v: Vec<(u32, f64)> =
        counts.iter().map(|&(b, n)| (b, (1.0 + n.ln()) * idf(b))).filter(|&(_, x)| x > 0.0).collect();
    let norm = v.iter().map(|(_, x)| x * x).sum::<f64>().sqrt();
    if norm > 0.0 {
        v.iter_mut().for_each(|(_, x)| *x /= norm);
    }
    v
}

/// A trained model, quantised as it is stored.
#[derive(Clone, Debug, PartialEq)]
pub struct Model {
    bias: f32,
    idf_step: f32,
    weight_step: f32,
    idf: Vec<u8>,
    weights: Vec<i8>,
}

impl Model {
    fn idf(&self, bucket: u32) -> f64 {
        f64::from(self.idf[bucket as usize]) * f64::from(self.idf_step)
    }

    fn weight(&self, bucket: u32) -> f64 {
        f64::from(self.weights[bucket as usize]) * f64::from(self.weight_step)
    }

    /// The probability that `text` tells an emergency happening now.
    pub fn probability(&self, text: &str) -> f32 {
        let counts = Features::new(text).counts();
        let logit = f64::from(self.bias)
            + vector(&counts, |b| self.idf(b)).iter().map(|&(b, x)| x * self.weight(b)).sum::<f64>();
        (1.0 / (1.0 + (-logit).exp())) as f32
    }

    /// The message's words that pushed it most towards an emergency, most first (at most `n`): each
    /// whitespace token's share of the score.
    pub fn telling_words(&self, text: &str, n: usize) -> Vec<String> {
        let features = Features::new(text);
        let counts = features.counts();
        let values: HashMap<u32, f64> = vector(&counts, |b| self.idf(b)).into_iter().collect();
        let word = |(s, e): (usize, usize)| text[s..e].trim_matches(|c: char| !c.is_alphanumeric());
        // A word in more than about one message in seven ("and", "그리고") tells nothing.
        let common = |span| (0.01..3.0).contains(&self.idf(bucket("w:", &[&word(span).to_lowercase()])));
        let mut by_token: Vec<((usize, usize), f64)> = Vec::new();
        for &(b, span) in features.hits.iter().filter(|(_, span)| !common(*span)) {
            let Some(&x) = values.get(&b) else { continue };
            let count = counts.binary_search_by_key(&b, |c| c.0).map_or(1.0, |i| counts[i].1);
            let share = x * self.weight(b) / count;
            match by_token.iter_mut().find(|(s, _)| *s == span) {
                Some((_, total)) => *total += share,
                None => by_token.push((span, share)),
            }
        }
        by_token.retain(|(_, share)| *share > 0.0);
        super::order::sort_by(&mut by_token, |a, b| b.1.total_cmp(&a.1));
        by_token.truncate(n);
        super::order::sort_by_key(&mut by_token, |(span, _)| span.0);
        by_token.iter().map(|(span, _)| word(*span).to_string()).filter(|w| !w.is_empty()).collect()
    }

    /// The stored form (the layout in this module's documentation).
    pub fn to_bytes(&self) -> Vec<u8> {
        let mut out = Vec::with_capacity(HEADER + 2 * BUCKETS);
        out.extend_from_slice(MAGIC);
        out.extend_from_slice(&VERSION.to_le_bytes());
        out.push(BITS as u8);
        for v in [self.bias, self.idf_step, self.weight_step] {
            out.extend_from_slice(&v.to_le_bytes());
        }
        out.extend_from_slice(&self.idf);
        out.extend(self.weights.iter().map(|&w| w as u8));
        out
    }

    pub fn from_bytes(bytes: &[u8]) -> Result<Model, String> {
        let rebuild = "rebuild medagent (the build trains the triage classifier from tests/fixtures)";
        if bytes.len() != HEADER + 2 * BUCKETS || &bytes[..4] != MAGIC {
            return Err(format!("not a triage classifier of {} buckets: {rebuild}", BUCKETS));
        }
        let version = u16::from_le_bytes([bytes[4], bytes[5]]);
        if version != VERSION || u32::from(bytes[6]) != BITS {
            return Err(format!("triage classifier version {version} with {} bits: {rebuild}", bytes[6]));
        }
        let f32_at = |at: usize| f32::from_le_bytes(bytes[at..at + 4].try_into().expect("4 bytes"));
        Ok(Model {
            bias: f32_at(7),
            idf_step: f32_at(11),
            weight_step: f32_at(15),
            idf: bytes[HEADER..HEADER + BUCKETS].to_vec(),
            weights: bytes[HEADER + BUCKETS..].iter().map(|&b| b as i8).collect(),
        })
    }
}

/// Trains a model on `examples`: L2-regularised logistic regression (L-BFGS), each class weighted
/// by the inverse of its share, so the many negatives do not drown the emergencies. Deterministic.
pub fn train(examples: &[Example]) -> Model {
    let counts: Vec<Vec<(u32, f64)>> = examples.iter().map(|e| Features::new(&e.text).counts()).collect();
    let mut df = vec![0u32; BUCKETS];
    for c in &counts {
        for &(b, _) in c {
            df[b as usize] += 1;
        }
    }
    let n = examples.len() as f64;
    let idf: Vec<f64> =
        df.iter().map(|&d| if d >= 2 { ((1.0 + n) / (1.0 + f64::from(d))).ln() + 1.0 } else { 0.0 }).collect();
    // Quantise the idf first, so the weights are fitted to the vectors the stored model computes.
    let idf_step = idf.iter().cloned().fold(0.0, f64::max) / 255.0;
    let idf_q: Vec<u8> = idf.iter().map(|&v| (v / idf_step).round() as u8).collect();
    let rows: Vec<Vec<(u32, f64)>> =
        counts.iter().map(|c| vector(c, |b| f64::from(idf_q[b as usize]) * idf_step)).collect();
    let positives = examples.iter().filter(|e| e.emergency).count().max(1) as f64;
    let negatives = (n - positives).max(1.0);
    let class_weight = |emergency: bool| if emergency { n / (2.0 * positives) } else { n / (2.0 * negatives) };
    let labels: Vec<(f64, f64)> =
        examples.iter().map(|e| (if e.emergency { 1.0 } else { 0.0 }, class_weight(e.emergency))).collect();

    // Parameters: one weight per bucket, then the bias (not regularised).
    let objective = |w: &[f64], grad: &mut [f64]| -> f64 {
        let bias = w[BUCKETS];
        let mut loss = 0.0;
        grad.iter_mut().for_each(|g| *g = 0.0);
        for (row, &(y, cw)) in rows.iter().zip(&labels) {
            let z = bias + row.iter().map(|&(b, x)| x * w[b as usize]).sum::<f64>();
            // log(1 + e^z) - y z, computed stably.
            loss += cw * (z.max(0.0) + (-z.abs()).exp().ln_1p() - y * z);
            let p = 1.0 / (1.0 + (-z).exp());
            let d = cw * (p - y);
            for &(b, x) in row {
                grad[b as usize] += d * x;
            }
            grad[BUCKETS] += d;
        }
        for (g, &wi) in grad[..BUCKETS].iter_mut().zip(&w[..BUCKETS]) {
            *g += wi / C;
        }
        loss + w[..BUCKETS].iter().map(|x| x * x).sum::<f64>() / (2.0 * C)
    };
    let w = lbfgs(BUCKETS + 1, objective);

    let max_weight = w[..BUCKETS].iter().fold(0.0f64, |m, x| m.max(x.abs())).max(f64::MIN_POSITIVE);
    let weight_step = max_weight / 127.0;
    Model {
        bias: w[BUCKETS] as f32,
        idf_step: idf_step as f32,
        weight_step: weight_step as f32,
        idf: idf_q,
        weights: w[..BUCKETS].iter().map(|&x| (x / weight_step).round() as i8).collect(),
    }
}

/// Minimises `f` (which writes its gradient into the second argument) from zero: L-BFGS with ten
/// corrections and a backtracking (Armijo) line search, until the gradient is small or after 500
/// iterations.
fn lbfgs(dim: usize, mut f: impl FnMut(&[f64], &mut [f64]) -> f64) -> Vec<f64> {
    const MEMORY: usize = 10;
    let dot = |a: &[f64], b: &[f64]| a.iter().zip(b).map(|(x, y)| x * y).sum::<f64>();
    let mut x = vec![0.0; dim];
    let mut g = vec![0.0; dim];
    let mut fx = f(&x, &mut g);
    let mut history: Vec<(Vec<f64>, Vec<f64>, f64)> = Vec::new();
    let (mut x_new, mut g_new) = (vec![0.0; dim], vec![0.0; dim]);
    for _ in 0..500 {
        if dot(&g, &g).sqrt() < 1e-5 * (1.0 + fx.abs()) {
            break;
        }
        // The two-loop recursion: d = -H g.
        let mut d: Vec<f64> = g.iter().map(|v| -v).collect();
        let mut alphas = Vec::with_capacity(history.len());
        for (s, y, rho) in history.iter().rev() {
            let a = rho * dot(s, &d);
            d.iter_mut().zip(y).for_each(|(di, yi)| *di -= a * yi);
            alphas.push(a);
        }
        if let Some((s, y, _)) = history.last() {
            let gamma = dot(s, y) / dot(y, y);
            d.iter_mut().for_each(|di| *di *= gamma);
        }
        for ((s, y, rho), a) in history.iter().zip(alphas.iter().rev()) {
            let b = rho * dot(y, &d);
            d.iter_mut().zip(s).for_each(|(di, si)| *di += (a - b) * si);
        }
        let mut slope = dot(&g, &d);
        if slope >= 0.0 {
            // Not a descent direction: start over from steepest descent.
            history.clear();
            d = g.iter().map(|v| -v).collect();
            slope = dot(&g, &d);
        }
        let mut step = if history.is_empty() { 1.0 / dot(&g, &g).sqrt().max(1.0) } else { 1.0 };
        let mut accepted = false;
        for _ in 0..40 {
            x_new.iter_mut().zip(&x).zip(&d).for_each(|((xn, xi), di)| *xn = xi + step * di);
            let f_new = f(&x_new, &mut g_new);
            if f_new <= fx + 1e-4 * step * slope {
                let s: Vec<f64> = x_new.iter().zip(&x).map(|(a, b)| a - b).collect();
                let y: Vec<f64> = g_new.iter().zip(&g).map(|(a, b)| a - b).collect();
                let sy = dot(&s, &y);
                if sy > 1e-12 {
                    if history.len() == MEMORY {
                        history.remove(0);
                    }
                    history.push((s, y, 1.0 / sy));
                }
                std::mem::swap(&mut x, &mut x_new);
                std::mem::swap(&mut g, &mut g_new);
                let converged = (fx - f_new).abs() < 1e-9 * (1.0 + fx.abs());
                fx = f_new;
                accepted = true;
                if converged {
                    return x;
                }
                break;
            }
            step *= 0.5;
        }
        if !accepted {
            break;
        }
    }
    x
}

#[cfg(test)]
mod tests {
    use super::*;

    fn example(text: &str, emergency: bool) -> Example {
        Example { text: text.into(), emergency, group: "t".into() }
    }

    #[test]
    fn words_have_two_or_more_word_characters() {
        assert_eq!(words("i can't 숨이 a1"), vec![(2, 5), (8, 14), (15, 17)]);
    }

    /// Trained on a handful of messages, it separates the kinds it saw and reads a new wording of
    /// one; the stored form gives the same model back.
    #[test]
    fn it_learns_and_round_trips() {
        let examples: Vec<Example> = [
            ("my dad is clutching his chest and sweating", true),
            ("she collapsed and is not breathing", true),
            ("가슴이 쥐어짜듯 아프고 식은땀이 나요", true),
            ("아이가 숨을 안 쉬어요", true),
            ("what are the warning signs of a heart attack?", false),
            ("how many people die of heart disease each year", false),
            ("심근경색 초기 증상이 뭔가요", false),
            ("is it normal to sweat at the gym", false),
        ]
        .iter()
        .map(|&(t, e)| example(t, e))
        .collect();
        let model = train(&examples);
        for e in &examples {
            assert_eq!(model.probability(&e.text) >= 0.5, e.emergency, "{}", e.text);
        }
        assert!(model.probability("grandpa is clutching his chest") > model.probability("signs of a heart attack"));
        assert!(!model.telling_words("my dad is clutching his chest and sweating", 3).is_empty());
        assert_eq!(Model::from_bytes(&model.to_bytes()).unwrap(), model);
    }

    #[test]
    fn a_damaged_model_says_how_to_mend_it() {
        let mut bytes = train(&[example("a b", true), example("c d", false)]).to_bytes();
        assert!(Model::from_bytes(&bytes[..100]).unwrap_err().contains("rebuild"));
        bytes[4] = 9;
        assert!(Model::from_bytes(&bytes).unwrap_err().contains("version 9"));
    }

    #[test]
    fn a_labelled_set_names_its_bad_line() {
        let set = "{\"text\": \"hi\", \"level\": \"none\", \"writer\": \"w1\"}\n{\"text\": \"x\"}";
        assert!(read_set("s", set).unwrap_err().starts_with("s line 2"));
        assert_eq!(read_set("s", &set[..set.find('\n').unwrap()]).unwrap()[0].group, "s:w1");
    }
}
