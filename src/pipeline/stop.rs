//! Why a turn's refine loop stopped: a small code for programs and a sentence for people, in Korean
//! or English (the trace keeps the English sentence in `reason` and adds the code).

use crate::core::Lang;

/// Why the loop stopped.
#[derive(Clone, Debug, PartialEq)]
pub enum StopReason {
    /// A greeting or a message that needs no documents: nothing to retry.
    NoDocumentsNeeded,
    /// The iteration limit of the flags.
    IterationLimit { limit: usize },
    /// The judge's score reached the threshold with nothing missing.
    QualityReached { score: f64, threshold: f64 },
    /// Safety stop: the new documents are mostly the previous iteration's (Jaccard >= 0.8).
    DuplicateDocuments { jaccard: f64 },
    /// Safety stop: quality improved by less than 0.05.
    QualityStagnant { improvement: f64 },
    /// A model answered, and the turn has no model call left for another answer.
    CallBudget { limit: usize },
    /// The graph's step guard ended the turn (a routing bug, never a normal route).
    StepLimit,
    /// The user pressed Stop: the turn ended where it was, keeping what was answered so far.
    Stopped,
}

impl StopReason {
    /// The stable code, as in the trace's `reason_code`.
    pub fn code(&self) -> &'static str {
        match self {
            StopReason::NoDocumentsNeeded => "no_documents_needed",
            StopReason::IterationLimit { .. } => "iteration_limit",
            StopReason::QualityReached { .. } => "quality_reached",
            StopReason::DuplicateDocuments { .. } => "duplicate_documents",
            StopReason::QualityStagnant { .. } => "quality_stagnant",
            StopReason::CallBudget { .. } => "call_budget",
            StopReason::StepLimit => "step_limit",
            StopReason::Stopped => "stopped",
        }
    }

    /// The reason as a sentence in `lang`.
    pub fn describe(&self, lang: Lang) -> String {
        let ko = lang == Lang::Ko;
        match self {
            StopReason::NoDocumentsNeeded if ko => "문서가 필요 없는 질문입니다".into(),
            StopReason::NoDocumentsNeeded => "the question needs no documents".into(),
            StopReason::IterationLimit { limit } if ko => format!("최대 반복 횟수에 도달했습니다 ({limit}회)"),
            StopReason::IterationLimit { limit } => format!("iteration limit reached ({limit})"),
            StopReason::QualityReached { score, threshold } if ko => {
                format!("품질 점수가 기준에 도달했습니다 ({score:.2} ≥ {threshold:.2})")
            }
            StopReason::QualityReached { score, threshold } => {
                format!("quality {score:.2} reached the threshold {threshold:.2}")
            }
            StopReason::DuplicateDocuments { jaccard } if ko => {
                format!("이전 반복과 같은 문서가 검색되었습니다 (Jaccard {jaccard:.2})")
            }
            StopReason::DuplicateDocuments { jaccard } => {
                format!("the documents repeat the previous iteration's (Jaccard {jaccard:.2})")
            }
            StopReason::QualityStagnant { improvement } if ko => {
                format!("품질이 더 나아지지 않았습니다 ({improvement:+.2})")
            }
            StopReason::QualityStagnant { improvement } => format!("quality stopped improving ({improvement:+.2})"),
            StopReason::CallBudget { limit } if ko => format!("이번 질문의 모델 호출 한도에 도달했습니다 ({limit}회)"),
            StopReason::CallBudget { limit } => format!("the turn's model-call budget is used ({limit} calls)"),
            StopReason::StepLimit if ko => "단계 수 한도에 도달했습니다".into(),
            StopReason::StepLimit => "step limit reached".into(),
            StopReason::Stopped if ko => "사용자가 중지했습니다".into(),
            StopReason::Stopped => "stopped by you".into(),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::core::has_hangul;

    #[test]
    fn every_reason_has_a_code_and_both_languages() {
        let all = [
            StopReason::NoDocumentsNeeded,
            StopReason::IterationLimit { limit: 2 },
            StopReason::QualityReached { score: 0.9, threshold: 0.5 },
            StopReason::DuplicateDocuments { jaccard: 1.0 },
            StopReason::QualityStagnant { improvement: 0.0 },
            StopReason::CallBudget { limit: 4 },
            StopReason::StepLimit,
            StopReason::Stopped,
        ];
        let mut codes: Vec<&str> = all.iter().map(StopReason::code).collect();
        codes.sort_unstable();
        codes.dedup();
        assert_eq!(codes.len(), all.len());
        for reason in &all {
            assert!(has_hangul(&reason.describe(Lang::Ko)), "{reason:?}");
            assert!(!has_hangul(&reason.describe(Lang::En)), "{reason:?}");
        }
        assert_eq!(StopReason::IterationLimit { limit: 2 }.describe(Lang::Ko), "최대 반복 횟수에 도달했습니다 (2회)");
    }
}
