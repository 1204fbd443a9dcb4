//! What the study measures on one turn without a model: slot precision and recall per slot type,
//! profile fidelity, retrieval quality against the gold documents, and what can be read off the
//! answer itself (the passages it cites, its language).

use super::scenario::GoldFact;
use crate::extract::{MeasureKind, Slots};
use crate::i18n::Lang;
use crate::memory::profile::{Fact, SlotKind, FADED};
use serde::{Deserialize, Serialize};
use std::collections::HashSet;

/// The rank cut of P@k, R@k and nDCG@k.
pub const K: usize = 5;

/// True positives, false positives and false negatives.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct Counts {
    pub tp: usize,
    pub fp: usize,
    pub fn_: usize,
}

impl Counts {
    pub fn add(&mut self, other: Counts) {
        self.tp += other.tp;
        self.fp += other.fp;
        self.fn_ += other.fn_;
    }
    /// Precision (1 when nothing was predicted).
    pub fn precision(&self) -> f64 {
        ratio(self.tp, self.tp + self.fp)
    }
    /// Recall (1 when nothing was expected).
    pub fn recall(&self) -> f64 {
        ratio(self.tp, self.tp + self.fn_)
    }
    pub fn f1(&self) -> f64 {
        let (p, r) = (self.precision(), self.recall());
        if p + r == 0.0 {
            0.0
        } else {
            2.0 * p * r / (p + r)
        }
    }
}

fn ratio(a: usize, b: usize) -> f64 {
    if b == 0 {
        1.0
    } else {
        a as f64 / b as f64
    }
}

/// The facts extraction found in a message, in the gold facts' terms.
pub fn slot_facts(slots: &Slots) -> Vec<GoldFact> {
    let mut out = Vec::new();
    let demo = |key: &str, value: String| GoldFact { slot: SlotKind::Demographics, key: key.into(), value };
    let d = &slots.demographics;
    out.extend(d.age.map(|a| demo("age", a.to_string())));
    out.extend(d.age_group.map(|a| demo("age_group", a.to_string())));
    out.extend(
        d.gender.map(|g| demo("gender", if g == crate::extract::Gender::Male { "male" } else { "female" }.into())),
    );
    out.extend(d.pregnant.map(|p| demo("pregnant", if p { "yes" } else { "no" }.into())));
    let concepts = [
        (SlotKind::Conditions, &slots.conditions),
        (SlotKind::Symptoms, &slots.symptoms),
        (SlotKind::Medications, &slots.medications),
    ];
    for (slot, list) in concepts {
        out.extend(list.iter().map(|c| GoldFact { slot, key: c.id.clone(), value: String::new() }));
    }
    for m in slots.vitals.iter().chain(&slots.labs) {
        out.push(GoldFact {
            slot: if m.kind.is_vital() { SlotKind::Vitals } else { SlotKind::Labs },
            key: kind_key(m.kind),
            value: format!("{}", m.value),
        });
    }
    out
}

fn kind_key(kind: MeasureKind) -> String {
    serde_json::to_value(kind).ok().and_then(|v| v.as_str().map(str::to_string)).unwrap_or_default()
}

/// The profile's facts in the gold facts' terms (a concept's duration is not compared).
pub fn profile_facts(facts: &[Fact]) -> Vec<GoldFact> {
    facts
        .iter()
        .map(|f| GoldFact {
            slot: f.slot,
            key: f.key.clone(),
            value: match (&f.measurement, f.slot) {
                (Some(m), _) => format!("{}", m.value),
                (None, SlotKind::Demographics) => f.value.clone(),
                (None, _) => String::new(),
            },
        })
        .collect()
}

/// Whether a found fact is the gold one: same slot and key, the same value (readings within the
/// measurement's tolerance).
pub fn same_fact(found: &GoldFact, gold: &GoldFact) -> bool {
    if found.slot != gold.slot || found.key != gold.key {
        return false;
    }
    match (found.slot, found.value.parse::<f64>(), gold.value.parse::<f64>()) {
        (SlotKind::Vitals | SlotKind::Labs, Ok(a), Ok(b)) => {
            let tolerance = serde_json::from_value::<MeasureKind>(serde_json::Value::String(found.key.clone()))
                .map_or(0.0, |k| k.tolerance());
            (a - b).abs() <= tolerance / 2.0
        }
        _ => found.value == gold.value,
    }
}

/// Counts per slot type, in [`SlotKind::ALL`] order.
pub fn score_slots(found: &[GoldFact], gold: &[GoldFact]) -> [Counts; 6] {
    let mut counts = [Counts::default(); 6];
    for (i, kind) in SlotKind::ALL.iter().enumerate() {
        let f: Vec<&GoldFact> = found.iter().filter(|x| x.slot == *kind).collect();
        let g: Vec<&GoldFact> = gold.iter().filter(|x| x.slot == *kind).collect();
        let tp = g.iter().filter(|g| f.iter().any(|x| same_fact(x, g))).count();
        let fp = f.iter().filter(|x| !g.iter().any(|g| same_fact(x, g))).count();
        counts[i] = Counts { tp, fp, fn_: g.len() - tp };
    }
    counts
}

/// How well the profile after a turn matches the gold profile.
#[derive(Clone, Copy, Debug, Default, PartialEq, Serialize, Deserialize)]
pub struct Fidelity {
    /// Gold facts in the profile.
    pub kept: usize,
    pub expected: usize,
    /// Profile facts that are not gold facts.
    pub wrong: usize,
    /// Gold facts kept whose weight already faded below the summary threshold.
    pub stale: usize,
}

impl Fidelity {
    pub fn kept_share(&self) -> f64 {
        ratio(self.kept, self.expected)
    }
}

pub fn fidelity(profile: &[Fact], gold: &[GoldFact], now_ms: f64) -> Fidelity {
    let found = profile_facts(profile);
    let matched: Vec<usize> = (0..found.len()).filter(|&i| gold.iter().any(|g| same_fact(&found[i], g))).collect();
    let kept = gold.iter().filter(|g| found.iter().any(|f| same_fact(f, g))).count();
    Fidelity {
        kept,
        expected: gold.len(),
        wrong: found.len() - matched.len(),
        stale: matched.iter().filter(|&&i| profile[i].weight(now_ms) < FADED).count(),
    }
}

/// Retrieval quality of one ranked list against the relevant ids.
#[derive(Clone, Copy, Debug, Default, PartialEq, Serialize, Deserialize)]
pub struct Retrieval {
    pub precision_at_k: f64,
    pub recall_at_k: f64,
    pub mrr: f64,
    pub ndcg_at_k: f64,
}

/// `None` when nothing is relevant (the turn is left out of the retrieval means).
pub fn retrieval(ranked: &[String], relevant: &[String]) -> Option<Retrieval> {
    if relevant.is_empty() {
        return None;
    }
    let relevant: HashSet<&str> = relevant.iter().map(String::as_str).collect();
    let hit = |id: &String| relevant.contains(id.as_str());
    let top = &ranked[..ranked.len().min(K)];
    let hits = top.iter().filter(|id| hit(id)).count();
    let dcg: f64 = top.iter().enumerate().filter(|(_, id)| hit(id)).map(|(i, _)| 1.0 / (i as f64 + 2.0).log2()).sum();
    let ideal: f64 = (0..relevant.len().min(K)).map(|i| 1.0 / (i as f64 + 2.0).log2()).sum();
    Some(Retrieval {
        precision_at_k: hits as f64 / K as f64,
        recall_at_k: hits as f64 / relevant.len() as f64,
        mrr: ranked.iter().position(hit).map_or(0.0, |r| 1.0 / (r as f64 + 1.0)),
        ndcg_at_k: dcg / ideal,
    })
}

/// The language an answer is written in: Korean when at least a third of its letters are Hangul
/// (a Korean answer still names diseases and drugs in English); `None` when it has no letters.
pub fn answer_lang(answer: &str) -> Option<Lang> {
    let letters = answer.chars().filter(|c| c.is_alphabetic()).count();
    let hangul = answer.chars().filter(|c| ('\u{AC00}'..='\u{D7A3}').contains(c)).count();
    (letters > 0).then(|| if hangul * 3 >= letters { Lang::Ko } else { Lang::En })
}

#[cfg(test)]
mod tests {
    use super::*;

    fn gold(slot: SlotKind, key: &str, value: &str) -> GoldFact {
        GoldFact { slot, key: key.into(), value: value.into() }
    }

    #[test]
    fn slots_are_scored_per_type_with_reading_tolerance() {
        let found = [
            gold(SlotKind::Vitals, "blood_pressure", "127"),
            gold(SlotKind::Conditions, "I10", ""),
            gold(SlotKind::Symptoms, "R50", ""),
        ];
        let expected = [
            gold(SlotKind::Vitals, "blood_pressure", "126"),
            gold(SlotKind::Conditions, "I10", ""),
            gold(SlotKind::Conditions, "E78", ""),
        ];
        let c = score_slots(&found, &expected);
        assert_eq!(c[1], Counts { tp: 1, fp: 0, fn_: 1 });
        assert_eq!(c[2], Counts { tp: 0, fp: 1, fn_: 0 });
        assert_eq!(c[4], Counts { tp: 1, fp: 0, fn_: 0 });
        assert!((c[1].f1() - 2.0 / 3.0).abs() < 1e-9);
        // 10 off is another reading.
        assert_eq!(score_slots(&[gold(SlotKind::Vitals, "blood_pressure", "136")], &expected[..1])[4].tp, 0);
    }

    #[test]
    fn retrieval_metrics_match_hand_computation() {
        let ranked: Vec<String> = ["x", "a", "y", "b", "z", "c"].map(String::from).to_vec();
        let relevant: Vec<String> = ["a", "b", "c"].map(String::from).to_vec();
        let r = retrieval(&ranked, &relevant).unwrap();
        assert!((r.precision_at_k - 0.4).abs() < 1e-9);
        assert!((r.recall_at_k - 2.0 / 3.0).abs() < 1e-9);
        assert!((r.mrr - 0.5).abs() < 1e-9);
        let dcg = 1.0 / 3f64.log2() + 1.0 / 5f64.log2();
        let ideal = 1.0 + 1.0 / 3f64.log2() + 0.5;
        assert!((r.ndcg_at_k - dcg / ideal).abs() < 1e-9);
        assert!(retrieval(&ranked, &[]).is_none());
    }

    #[test]
    fn the_language_is_read_off_the_answer() {
        assert_eq!(
            answer_lang("당뇨병성 신경병증(Diabetic Neuropathy)은 발의 감각을 떨어뜨립니다 [1]."),
            Some(Lang::Ko)
        );
        assert_eq!(answer_lang("Diabetic neuropathy is nerve damage [1]. 당뇨"), Some(Lang::En));
        assert_eq!(answer_lang("[1] 120/80"), None);
    }
}
