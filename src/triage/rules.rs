//! The rules: each a named combination of concepts (layer 1), numbers past a threshold with the
//! context that makes them dangerous (layer 2), or an ingestion (layer 3), with its level and the
//! published list it comes from (cited per rule).

use super::concepts::Mention;
use super::poisoning::Ingestion;
use super::readings::{Reading, Readings};
use super::{Category, Level, Source};

/// What one message says, as the rules read it.
pub struct Facts<'a> {
    pub mentions: &'a [Mention],
    pub readings: &'a Readings,
    pub ingestions: &'a [(Ingestion, usize, usize)],
    pub pregnant: bool,
}

/// Byte spans of the message that made a rule fire.
pub type Spans = Vec<(usize, usize)>;

impl Facts<'_> {
    fn has(&self, concept: &str) -> bool {
        self.mentions.iter().any(|m| m.concept == concept)
    }

    fn any(&self, concepts: &[&str]) -> bool {
        concepts.iter().any(|c| self.has(c))
    }

    /// The spans of the first mention of each of `concepts` said.
    fn spans(&self, concepts: &[&str]) -> Spans {
        concepts
            .iter()
            .filter_map(|c| self.mentions.iter().find(|m| m.concept == *c))
            .map(|m| (m.start, m.end))
            .collect()
    }

    /// Fires when every group has a concept said; quotes them all.
    fn all(&self, groups: &[&[&str]]) -> Option<Spans> {
        groups.iter().all(|g| self.any(g)).then(|| self.spans(&groups.concat()))
    }

    fn ingested(&self, kind: Ingestion) -> Option<Spans> {
        let spans: Spans = self.ingestions.iter().filter(|(k, _, _)| *k == kind).map(|&(_, s, e)| (s, e)).collect();
        (!spans.is_empty()).then_some(spans)
    }

    /// A temperature of 38 °C or more, or a fever said without a number.
    fn febrile(&self) -> bool {
        match self.readings.temperature {
            Some(t) => t.value >= 38.0,
            None => self.has("fever"),
        }
    }
}

fn quote(reading: Reading) -> (usize, usize) {
    (reading.start, reading.end)
}

/// Adds the reading's span to the spans of the concepts said with it.
fn with(reading: Reading, mut spans: Spans) -> Spans {
    spans.insert(0, quote(reading));
    spans
}

/// A rule: its name, what it is about, how urgent, from which list, and when it fires.
pub struct Rule {
    pub id: &'static str,
    pub category: Category,
    pub level: Level,
    pub source: Source,
    pub fires: fn(&Facts) -> Option<Spans>,
}

const CHEST_FEATURES: &[&str] = &[
    "sweating",
    "radiation",
    "breathless",
    "cant_breathe",
    "vomiting",
    "pale",
    "faint",
    "severe",
    "sudden",
    "collapse",
];
/// Features that make chest pain cardiac even after a workout.
const CHEST_HARD_FEATURES: &[&str] = &["sweating", "radiation", "breathless", "cant_breathe", "faint", "collapse"];
const NEURO: &[&str] = &["face_droop", "one_side_weak", "speech_trouble", "vision_loss", "confusion"];

fn high_pressure(f: &Facts) -> Option<Reading> {
    f.readings.blood_pressure.filter(|bp| bp.value >= 180.0 || bp.second.is_some_and(|d| d >= 120.0))
}

pub const RULES: &[Rule] = &[
    // ---- Layer 1: concepts and modifiers ----
    Rule {
        // KTAS: chest pain with cardiac features (level 2); NICE CG95: chest pain with sweating,
        // radiation, breathlessness, nausea or collapse -> emergency ambulance.
        id: "chest pain with cardiac features",
        category: Category::Cardiac,
        level: Level::Emergency,
        source: Source::Ktas,
        fires: |f| {
            let features = if f.has("muscular") { CHEST_HARD_FEATURES } else { CHEST_FEATURES };
            f.all(&[&["chest_pain"], features])
        },
    },
    Rule {
        // NICE CG95: arm or jaw pain with sweating and nausea or breathlessness is a heart attack
        // without chest pain (common in women, older and diabetic people).
        id: "arm or jaw pain with cardiac features",
        category: Category::Cardiac,
        level: Level::Emergency,
        source: Source::Nice,
        fires: |f| f.all(&[&["radiation"], &["sweating"], &["vomiting", "breathless", "faint", "pale"]]),
    },
    Rule {
        // NHS 111: call 999 for a suspected heart attack, stroke or anaphylaxis happening now.
        id: "named emergency happening now",
        category: Category::Cardiac,
        level: Level::Emergency,
        source: Source::Nhs111,
        fires: |f| f.all(&[&["named_emergency"], &["happening"]]),
    },
    Rule {
        // NHS FAST (face, arms, speech, time): any one sign -> 999. KTAS: acute neurological deficit.
        id: "stroke sign",
        category: Category::Stroke,
        level: Level::Emergency,
        source: Source::Nhs111,
        fires: |f| {
            f.all(&[&["face_droop", "one_side_weak", "speech_trouble"]])
                .or_else(|| f.all(&[&["limb_numb"], &["sudden", "confusion", "vision_loss"]]))
                .or_else(|| f.all(&[&["vision_loss"], &["sudden"]]).filter(|_| !f.pregnant))
        },
    },
    Rule {
        // NICE CG150: thunderclap headache (worst ever, peaking within minutes) -> emergency.
        id: "thunderclap headache",
        category: Category::Headache,
        level: Level::Emergency,
        source: Source::Nice,
        fires: |f| {
            f.all(&[&["worst_headache"]])
                .or_else(|| f.all(&[&["headache"], &["sudden"], &["severe", "vomiting", "stiff_neck", "confusion"]]))
        },
    },
    Rule {
        // KTAS: severe respiratory distress (cannot speak in sentences, cyanosis); NHS 111: struggling
        // to breathe, blue lips -> 999.
        id: "severe breathing difficulty",
        category: Category::Breathing,
        level: Level::Emergency,
        source: Source::Ktas,
        fires: |f| {
            f.all(&[&["cant_breathe", "blue_lips"]])
                .or_else(|| f.all(&[&["breathless", "wheeze", "asthma_attack"], &["asthma_unrelieved", "severe"]]))
        },
    },
    Rule {
        // NICE CG134 / NHS: swelling of lips, tongue or throat, or breathing trouble, after a sting,
        // food or drug -> 999, adrenaline if prescribed.
        id: "anaphylaxis signs",
        category: Category::Anaphylaxis,
        level: Level::Emergency,
        source: Source::Nice,
        fires: |f| {
            f.all(&[&["throat_closing"]])
                .or_else(|| f.all(&[&["allergen"], &["airway_swelling", "breathless", "wheeze"]]))
                .or_else(|| f.all(&[&["hives"], &["airway_swelling", "breathless", "wheeze"]]))
        },
    },
    Rule {
        // NHS: vomiting blood, or black tarry stools with faintness -> A&E / 999.
        id: "gastrointestinal bleeding",
        category: Category::GiBleed,
        level: Level::Emergency,
        source: Source::Nhs111,
        fires: |f| {
            f.all(&[&["vomit_blood"]])
                .or_else(|| f.all(&[&["black_stool"], &["faint", "pale", "sweating", "collapse"]]))
        },
    },
    Rule {
        // NHS / NICE NG217: a seizure lasting over 5 minutes, repeated seizures, or a first seizure
        // -> 999. Whether it is the first or how long it lasted is rarely said, so a seizure said to
        // be happening now (not a past one) is enough.
        id: "seizure now",
        category: Category::Seizure,
        level: Level::Emergency,
        source: Source::Nice,
        fires: |f| f.all(&[&["seizure"]]),
    },
    Rule {
        // KTAS level 1: unresponsive, not breathing, collapsed.
        id: "unresponsive or collapsed",
        category: Category::Unresponsive,
        level: Level::Emergency,
        source: Source::Ktas,
        fires: |f| f.all(&[&["unresponsive"]]),
    },
    Rule {
        // KTAS: uncontrolled major haemorrhage; NHS: bleeding that will not stop with pressure -> 999.
        id: "bleeding that will not stop",
        category: Category::Bleeding,
        level: Level::Emergency,
        source: Source::Ktas,
        fires: |f| f.all(&[&["heavy_bleeding"]]).filter(|_| f.pregnant || !f.has("menstruation")),
    },
    Rule {
        // NHS: sudden severe testicle pain -> A&E now (torsion is saved within hours).
        id: "testicular pain",
        category: Category::Torsion,
        level: Level::Emergency,
        source: Source::Nhs111,
        fires: |f| f.all(&[&["testicle_pain"]]),
    },
    Rule {
        // KTAS obstetric / NICE NG133 and NHS: bleeding or severe abdominal pain in pregnancy, or
        // headache with visual disturbance or sudden swelling (pre-eclampsia) -> emergency.
        id: "pregnancy warning sign",
        category: Category::Pregnancy,
        level: Level::Emergency,
        source: Source::Nice,
        fires: |f| {
            if !f.pregnant {
                return None;
            }
            f.all(&[&["bleeding", "heavy_bleeding"]])
                .or_else(|| f.all(&[&["abdominal_pain"], &["severe", "faint", "collapse"]]))
                .or_else(|| f.all(&[&["headache"], &["vision_loss", "swelling"]]))
        },
    },
    Rule {
        // KTAS: suicidal ideation with intent or plan; crisis lines (109 in Korea, 988 in the US).
        id: "suicidal thoughts",
        category: Category::Suicide,
        level: Level::Emergency,
        source: Source::Ktas,
        fires: |f| f.all(&[&["suicidal"]]),
    },
    // ---- Layer 2: numbers with their context ----
    Rule {
        // NICE NG136 / AHA: BP >= 180/120 with headache, chest pain, vision or neurological symptoms
        // (hypertensive emergency) -> emergency department now.
        id: "blood pressure >= 180/120 with symptoms",
        category: Category::BloodPressure,
        level: Level::Emergency,
        source: Source::Nice,
        fires: |f| {
            let bp = high_pressure(f)?;
            let symptoms = [&["headache", "chest_pain", "breathless", "cant_breathe"][..], NEURO].concat();
            f.all(&[symptoms.as_slice()]).map(|spans| with(bp, spans))
        },
    },
    Rule {
        // ADA level 2 hypoglycaemia: glucose < 54 mg/dL (3.0 mmol/L) -> treat now, call if not improving.
        id: "glucose below 54 mg/dL",
        category: Category::Glucose,
        level: Level::Emergency,
        source: Source::Nice,
        fires: |f| f.readings.glucose.filter(|g| g.value < 54.0).map(|g| vec![quote(g)]),
    },
    Rule {
        // NICE NG17 / NHS: glucose > 400 mg/dL with vomiting, fast breathing or confusion (DKA / HHS).
        id: "glucose over 400 mg/dL with symptoms",
        category: Category::Glucose,
        level: Level::Emergency,
        source: Source::Nice,
        fires: |f| {
            let g = f.readings.glucose.filter(|g| g.value > 400.0)?;
            f.all(&[&["vomiting", "breathless", "cant_breathe", "confusion", "unresponsive", "faint"]])
                .map(|s| with(g, s))
        },
    },
    Rule {
        // NICE NG143 red: an infant under 3 months with a temperature of 38 °C or more, or 3-6 months
        // with 39 °C or more.
        id: "fever in a young infant",
        category: Category::InfantFever,
        level: Level::Emergency,
        source: Source::Nice,
        fires: |f| {
            let age = f.readings.infant_age_days?;
            let t = f.readings.temperature.map_or(0.0, |t| t.value);
            let red = (age.value < 90.0 && f.febrile()) || (age.value < 180.0 && t >= 39.0);
            red.then(|| {
                [vec![quote(age)], f.readings.temperature.map(quote).into_iter().collect(), f.spans(&["fever"])]
                    .concat()
            })
        },
    },
    Rule {
        // NICE NG143 red: a feverish child who is floppy, hard to wake or will not feed; NHS 111:
        // fever with confusion (sepsis) -> 999.
        id: "fever with lethargy or confusion",
        category: Category::InfantFever,
        level: Level::Emergency,
        source: Source::Nice,
        fires: |f| {
            if !f.febrile() {
                return None;
            }
            let t: Spans = f.readings.temperature.map(quote).into_iter().collect();
            f.all(&[&["child"], &["lethargic"]]).or_else(|| f.all(&[&["confusion"]])).map(|s| [t, s].concat())
        },
    },
    Rule {
        // NICE NG240 (meningitis): fever with a stiff neck, light sensitivity or a rash that does not
        // fade under a glass -> 999.
        id: "fever with stiff neck or non-blanching rash",
        category: Category::Meningitis,
        level: Level::Emergency,
        source: Source::Nice,
        fires: |f| {
            f.all(&[&["nonblanching_rash"]])
                .or_else(|| f.febrile().then(|| f.all(&[&["stiff_neck", "photophobia"]])).flatten())
        },
    },
    Rule {
        // NHS pulse oximetry: 92 % or lower -> A&E / 999.
        id: "oxygen saturation below 92 %",
        category: Category::Oxygen,
        level: Level::Emergency,
        source: Source::Nhs111,
        fires: |f| f.readings.oxygen.filter(|o| o.value < 92.0).map(|o| vec![quote(o)]),
    },
    // ---- Layer 3: overdose and poisoning (poison-centre advice) ----
    Rule {
        id: "overdose of pills",
        category: Category::Overdose,
        level: Level::Emergency,
        source: Source::PoisonCentre,
        fires: |f| f.ingested(Ingestion::Overdose),
    },
    Rule {
        id: "child swallowed medicine or a chemical",
        category: Category::Poisoning,
        level: Level::Emergency,
        source: Source::PoisonCentre,
        fires: |f| f.ingested(Ingestion::Child),
    },
    Rule {
        id: "swallowed a corrosive or poison",
        category: Category::Poisoning,
        level: Level::Emergency,
        source: Source::PoisonCentre,
        fires: |f| f.ingested(Ingestion::Toxic),
    },
    // ---- Urgent: see a doctor today ----
    Rule {
        // NICE NG136: BP >= 180/120 without symptoms -> same-day assessment.
        id: "blood pressure >= 180/120",
        category: Category::BloodPressure,
        level: Level::Urgent,
        source: Source::Nice,
        fires: |f| high_pressure(f).map(|bp| vec![quote(bp)]),
    },
    Rule {
        // ADA / NHS: glucose >= 300 mg/dL (16.7 mmol/L), or under 70 -> act today.
        id: "glucose >= 300 or under 70 mg/dL",
        category: Category::Glucose,
        level: Level::Urgent,
        source: Source::Nice,
        fires: |f| f.readings.glucose.filter(|g| g.value >= 300.0 || g.value < 70.0).map(|g| vec![quote(g)]),
    },
    Rule {
        // NICE NG143 amber: an infant of 3-6 months with a temperature of 38 °C or more.
        id: "fever in an infant under 6 months",
        category: Category::InfantFever,
        level: Level::Urgent,
        source: Source::Nice,
        fires: |f| {
            let (age, t) = (f.readings.infant_age_days?, f.readings.temperature?);
            (age.value < 180.0 && t.value >= 38.0).then(|| vec![quote(age), quote(t)])
        },
    },
    Rule {
        // NHS 111: a temperature of 40 °C or more -> get advice today.
        id: "temperature of 40 °C or more",
        category: Category::Fever,
        level: Level::Urgent,
        source: Source::Nhs111,
        fires: |f| f.readings.temperature.filter(|t| t.value >= 40.0).map(|t| vec![quote(t)]),
    },
    Rule {
        // NHS 111: chest pain that is not muscular and comes without a cold or cough -> urgent
        // assessment.
        id: "chest pain",
        category: Category::Cardiac,
        level: Level::Urgent,
        source: Source::Nhs111,
        fires: |f| {
            f.all(&[&["chest_pain"]])
                .filter(|_| !f.any(&["muscular", "respiratory_infection", "digestive", "mild_exertion"]))
        },
    },
    Rule {
        // NHS 111: breathlessness, black stools, hives after an allergen, abdominal pain with fever
        // or in pregnancy, sudden vision loss -> see a doctor today.
        id: "symptom needing a doctor today",
        category: Category::Other,
        level: Level::Urgent,
        source: Source::Nhs111,
        fires: |f| {
            f.all(&[&["black_stool", "vision_loss", "deep_wound"]])
                .or_else(|| f.all(&[&["breathless"]]).filter(|_| !f.has("mild_exertion")))
                .or_else(|| f.all(&[&["allergen"], &["hives"]]))
                .or_else(|| f.all(&[&["abdominal_pain"], &["fever"]]))
                .or_else(|| f.pregnant.then(|| f.all(&[&["abdominal_pain"]])).flatten())
        },
    },
];

#[cfg(test)]
mod tests {
    #[test]
    fn rules_name_known_concepts_only() {
        // Every concept id quoted in this file exists in the concept table.
        let source = include_str!("rules.rs");
        let known: Vec<&str> = super::super::concepts::ids().collect();
        for quoted in source.split('\u{22}').skip(1).step_by(2) {
            let looks_like_id = !quoted.is_empty() && quoted.chars().all(|c| c.is_ascii_lowercase() || c == '_');
            if looks_like_id {
                assert!(known.contains(&quoted), "unknown concept {quoted:?}");
            }
        }
    }
}
