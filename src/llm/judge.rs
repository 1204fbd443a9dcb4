//! Judging an answer: the LLM judge's JSON, weighted 0.4 grounding + 0.3
//! completeness + 0.3 accuracy; and the heuristic used without a model or when its JSON is unusable:
//! 0.3 length + 0.4 evidence (are sources cited) + 0.3 personalisation (does it use the profile).

use crate::core::{Quality, QualityMethod};
use serde::Deserialize;

#[derive(Deserialize)]
struct JudgeReply {
    grounding_score: f64,
    completeness_score: f64,
    accuracy_score: f64,
    #[serde(default)]
    missing_info: Vec<String>,
    #[serde(default)]
    improvement_suggestions: Vec<String>,
    #[serde(default)]
    safety_concerns: Vec<String>,
}

/// The judge's JSON schema.
pub const SCHEMA: &str = r#"{"type": "object",
 "properties": {"grounding_score": {"type": "number"}, "completeness_score": {"type": "number"},
  "accuracy_score": {"type": "number"}, "missing_info": {"type": "array", "items": {"type": "string"}},
  "improvement_suggestions": {"type": "array", "items": {"type": "string"}},
  "safety_concerns": {"type": "array", "items": {"type": "string"}}},
 "required": ["grounding_score", "completeness_score", "accuracy_score"]}"#;

/// Reads the judge's reply; `None` when it is not the JSON asked for or a score is outside 0..=1.
pub fn parse(reply: &str) -> Option<Quality> {
    let r: JudgeReply = super::query_flow::read_object(reply)?;
    let scores = [r.grounding_score, r.completeness_score, r.accuracy_score];
    if scores.iter().any(|s| !(0.0..=1.0).contains(s) || s.is_nan()) {
        return None;
    }
    Some(Quality {
        grounding: r.grounding_score,
        completeness: r.completeness_score,
        accuracy: r.accuracy_score,
        overall: 0.4 * r.grounding_score + 0.3 * r.completeness_score + 0.3 * r.accuracy_score,
        missing_info: r.missing_info,
        suggestions: r.improvement_suggestions,
        safety_concerns: r.safety_concerns,
        method: Some(QualityMethod::Llm),
    })
}

/// The heuristic judge. `profile_terms` are the names of the profile's facts.
pub fn heuristic(answer: &str, sources: usize, profile_terms: &[String]) -> Quality {
    let length = (answer.chars().count() as f64 / 400.0).min(1.0);
    let cited = crate::core::citation::cited(answer, sources).len();
    let evidence = if sources == 0 { 0.0 } else { (cited as f64 / sources.min(3) as f64).min(1.0) };
    let lower = answer.to_lowercase();
    // Nothing known about the patient: nothing to personalise.
    let personal = if profile_terms.is_empty()
        || profile_terms.iter().any(|t| !t.is_empty() && lower.contains(&t.to_lowercase()))
    {
        1.0
    } else {
        0.3
    };
    Quality {
        grounding: evidence,
        completeness: length,
        accuracy: personal,
        overall: 0.3 * length + 0.4 * evidence + 0.3 * personal,
        method: Some(QualityMethod::Heuristic),
        ..Quality::default()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn judge_json_is_weighted() {
        let q = parse(r#"{"grounding_score": 1.0, "completeness_score": 0.5, "accuracy_score": 0.0, "missing_info": ["side effects"]}"#).unwrap();
        assert!((q.overall - 0.55).abs() < 1e-12);
        assert_eq!(q.missing_info, vec!["side effects"]);
        assert!(parse("```json\n{\"grounding_score\":0.8,\"completeness_score\":0.8,\"accuracy_score\":0.8}\n```")
            .is_some());
    }

    #[test]
    fn malformed_or_out_of_range_json_is_refused() {
        for bad in [
            "",
            "not json",
            "{\"grounding_score\": 1.5, \"completeness_score\": 1, \"accuracy_score\": 1}",
            "{\"grounding_score\": -1, \"completeness_score\": 1, \"accuracy_score\": 1}",
            "{\"grounding_score\": \"high\"}",
            "{}",
            "{{{",
        ] {
            assert!(parse(bad).is_none(), "{bad}");
        }
    }

    #[test]
    fn heuristic_rewards_citations_length_and_personalisation() {
        let good = format!(
            "{} Metformin helps [1] and diet matters [2]. For a 65-year-old with diabetes ...",
            "x".repeat(400)
        );
        let q = heuristic(&good, 2, &["diabetes".into()]);
        assert!((q.overall - 1.0).abs() < 1e-9, "{q:?}");
        let bad = heuristic("Drink water.", 3, &["diabetes".into()]);
        assert!(bad.overall < 0.2, "{bad:?}");
        assert_eq!(heuristic("anything", 0, &[]).grounding, 0.0);
    }
}
