//! Emergency triage: does this message describe an emergency now, something to see a doctor about
//! today, or neither? It runs first on every turn, needs no model, no index and no embedding (so it
//! answers before anything has loaded), and takes well under a millisecond.
//!
//! Three layers, because emergencies are said in three ways:
//! 1. **Concepts and modifiers** ([`concepts`], [`rules`]): symptoms said in any form (Korean stems
//!    with any ending or spacing, English inflections and typos, third person) and combined the way
//!    triage lists combine them: chest pain alone is urgent, chest pain with sweating is an emergency.
//! 2. **Numbers with their context** ([`readings`]): a blood pressure of 200/120 with a headache, a
//!    glucose under 54, 38 °C in a baby under three months, SpO2 under 92.
//! 3. **Overdose and poisoning** ([`poisoning`]): what was swallowed and how much, which may cause
//!    no symptom for hours.
//!
//! Every mention is read in its sentence: negated ("no chest pain", "열은 없어요"), asked about in
//! general ("what are the warning signs of a heart attack?"), hypothetical ("what should I do if
//! someone ..."), long past or in the family ("my father died of a stroke") says nothing about now
//! ([`text`]). When in doubt a rule errs towards calling for help: this is no diagnosis.

mod concepts;
mod cues;
pub mod eval;
mod frame;
mod notice;
mod poisoning;
mod readings;
mod rules;
mod text;

pub use notice::{notice, Country};

use serde::{Deserialize, Serialize};

/// How soon to get help.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, PartialOrd, Ord, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum Level {
    #[default]
    None,
    /// See a doctor today; the emergency department if it worsens.
    Urgent,
    /// Call the emergency number now.
    Emergency,
}

impl Level {
    pub fn name(self) -> &'static str {
        match self {
            Level::None => "none",
            Level::Urgent => "urgent",
            Level::Emergency => "emergency",
        }
    }
}

/// The published triage practice a rule comes from.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum Source {
    /// Korean Triage and Acuity Scale, first-contact red flags.
    #[serde(rename = "KTAS")]
    Ktas,
    /// NHS 111 / 999 advice.
    #[serde(rename = "NHS 111")]
    Nhs111,
    /// NICE guidelines (red flags).
    #[serde(rename = "NICE")]
    Nice,
    /// Poison-centre advice.
    #[serde(rename = "poison centre")]
    PoisonCentre,
    /// The configured model's second opinion, asked in the turn's first call.
    #[serde(rename = "model")]
    Model,
}

/// What kind of emergency: decides what the notice says to do while waiting.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Category {
    Cardiac,
    Stroke,
    Headache,
    Breathing,
    Anaphylaxis,
    GiBleed,
    Seizure,
    Unresponsive,
    Bleeding,
    Torsion,
    Pregnancy,
    Suicide,
    BloodPressure,
    Glucose,
    InfantFever,
    Meningitis,
    Oxygen,
    Overdose,
    Poisoning,
    Fever,
    /// Tearing chest or back pain (no aspirin).
    Aortic,
    HeadInjury,
    /// Spinal injury or cauda equina.
    Spine,
    Choking,
    Burn,
    EyeInjury,
    Heat,
    Cold,
    Drowning,
    Electric,
    CarbonMonoxide,
    /// A surgical abdomen: appendicitis, peritonitis.
    Abdomen,
    Sepsis,
    Dehydration,
    /// Skin peeling or blistering from a medicine (Stevens-Johnson syndrome).
    SkinReaction,
    Other,
}

/// Why the level: the rule that fired and the words that made it fire.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct Reason {
    pub rule: String,
    pub category: Category,
    pub level: Level,
    pub source: Source,
    /// The message's words that triggered it, in message order.
    pub matched: Vec<String>,
}

/// The verdict on one message.
#[derive(Clone, Debug, Default, PartialEq, Serialize, Deserialize)]
pub struct Triage {
    pub level: Level,
    /// Every rule that fired, the most urgent first.
    pub reasons: Vec<Reason>,
}

impl Triage {
    /// The rule that decided the level.
    pub fn top(&self) -> Option<&Reason> {
        self.reasons.first()
    }
}

/// How much of a message is read: an emergency is told in a few lines, and a pasted document must
/// not stall the turn (the rules look at every mention in its sentence).
const READ_BYTES: usize = 4096;

/// Triages one message (its first [`READ_BYTES`] bytes).
pub fn assess(message: &str) -> Triage {
    let mut cut = message.len().min(READ_BYTES);
    while !message.is_char_boundary(cut) {
        cut -= 1;
    }
    let message = &message[..cut];
    let frame = frame::Frame::new(message);
    // A pet's emergency is the vet's: the notice would send the user to 119 / 911.
    if frame.who == frame::Who::Animal {
        return Triage::default();
    }
    let mut reasons: Vec<Reason> = rules::RULES
        .iter()
        .filter_map(|rule| {
            let mut spans = (rule.fires)(&frame)?;
            spans.sort_unstable();
            spans.dedup();
            let matched = spans.iter().map(|&(s, e)| message[s..e].trim().to_string()).collect();
            Some(Reason {
                rule: rule.id.to_string(),
                category: rule.category,
                level: rule.level,
                source: rule.source,
                matched,
            })
        })
        .collect();
    reasons.sort_by_key(|r| std::cmp::Reverse(r.level));
    // Once it is an emergency, "see a doctor today" is noise.
    if let Some(top) = reasons.first().map(|r| r.level) {
        reasons.retain(|r| r.level == top);
    }
    Triage { level: reasons.first().map_or(Level::None, |r| r.level), reasons }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn level(text: &str) -> Level {
        assess(text).level
    }

    #[test]
    fn the_messages_of_the_issue() {
        for text in [
            "가슴이 꽉 조이듯 아프고 땀이 비 오듯 나요",
            "my husband took a whole bottle of his sleeping pills",
            "우리 아기 열이 39.5도인데 자꾸 늘어지고 잠만 자요",
            "grandpa fell down and won't wake up",
            "she has been shaking and jerking for over 5 minutes",
            "my bp is 230/125 and my head is pounding",
        ] {
            assert_eq!(level(text), Level::Emergency, "{text}");
        }
        assert_eq!(level("what are the warning signs of a heart attack?"), Level::None);
    }

    /// A denial on the next line is about something else (found by the triage fuzz target).
    #[test]
    fn a_denial_does_not_reach_across_a_line_break() {
        assert_eq!(level("vomiting dark red blood\n어지럽진 않아요"), Level::Emergency);
        assert_eq!(level("토할 때 피가 섞여 나와요\n열은 없어요"), Level::Emergency);
        assert_eq!(level("피를 토하지는 않았어요"), Level::None);
    }

    #[test]
    fn negatives_of_every_kind() {
        for text in [
            "no chest pain, just a bit of heartburn",
            "열은 없어요 그냥 목이 좀 칼칼해요",
            "혈압이 135/85인데 약을 먹어야 하나요?",
            "fasting glucose 104 on my last test",
            "my chest muscles are sore after bench press yesterday",
            "아이가 열이 37.8도인데 잘 먹고 잘 놀아요",
            "my father died of a stroke at 60, what's my risk?",
            "",
        ] {
            assert_eq!(level(text), Level::None, "{text}");
        }
        // A pasted document (130 KB) is read as far as its beginning, which says what matters.
        let long = format!("가슴이 아프고 식은땀이 나요. {}", "당뇨 diabetes 혈압 140/90 두통 ".repeat(4000));
        assert_eq!(level(&long), Level::Emergency);
    }

    #[test]
    fn reasons_name_the_rule_source_and_words() {
        let t = assess("혈압이 200에 120인데 머리가 너무 아파요");
        let top = t.top().unwrap();
        assert_eq!(top.category, Category::BloodPressure);
        assert_eq!(top.source, Source::Nice);
        assert!(top.matched.iter().any(|m| m.contains("200에 120")), "{:?}", top.matched);
        assert_eq!(assess("혈압이 185/115 나왔는데 증상은 없어요").level, Level::Urgent);
    }
}
