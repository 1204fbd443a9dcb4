//! The rules: each a situation of the clinical frame ([`super::frame`]) - a complaint concept with a
//! modifier (what happened, who, a reading past a threshold, what was swallowed) - with its level
//! and the published list it comes from (cited per rule). A rule reads the frame only: what holds
//! now, denied, asked about or over was settled when the frame was built.

use super::frame::Frame;
use super::poisoning::Ingestion;
use super::readings::Reading;
use super::text::Status;
use super::{Category, Level, Source};

/// Byte spans of the message that made a rule fire.
pub type Spans = Vec<(usize, usize)>;

fn any(f: &Frame, concepts: &[&str]) -> bool {
    concepts.iter().any(|c| f.has(c))
}

/// The spans of the first mention of each of `concepts` said now.
fn spans(f: &Frame, concepts: &[&str]) -> Spans {
    concepts.iter().filter_map(|c| f.mention(c)).map(|m| (m.start, m.end)).collect()
}

/// The spans of every mention of `concept` said now.
fn spans_of(f: &Frame, concept: &str) -> Spans {
    f.mentions
        .iter()
        .filter(|m| m.concept == concept && m.status == Status::Affirmed)
        .map(|m| (m.start, m.end))
        .collect()
}

/// Fires when every group has a concept said now; quotes them all.
fn all(f: &Frame, groups: &[&[&str]]) -> Option<Spans> {
    groups.iter().all(|g| any(f, g)).then(|| spans(f, &groups.concat()))
}

fn ingested(f: &Frame, kind: Ingestion) -> Option<Spans> {
    let spans: Spans = f.ingestions.iter().filter(|(k, _, _)| *k == kind).map(|&(_, s, e)| (s, e)).collect();
    (!spans.is_empty()).then_some(spans)
}

/// A temperature of 38 °C or more, or a fever said without a number.
fn febrile(f: &Frame) -> bool {
    match f.readings.temperature {
        Some(t) => t.value >= 38.0,
        None => f.has("fever"),
    }
}

/// Struggling to breathe, unless it is a blocked nose in someone otherwise well and pink.
fn distress(f: &Frame) -> bool {
    any(f, &["blue_lips", "retractions"]) || (f.has("cant_breathe") && !f.has("nasal"))
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
    pub fires: fn(&Frame) -> Option<Spans>,
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
/// An altered mind: the sign that turns many situations into emergencies.
const ALTERED: &[&str] = &["confusion", "combative", "unresponsive", "seizure", "speech_trouble", "repeating"];

/// Pregnant now: said so, or a gestational age of 24-42 weeks told with a word of pregnancy or of
/// the baby in the womb, and no baby already born.
fn expecting(f: &Frame) -> bool {
    // The weeks are a fact even in a sentence about plans ("36 weeks, booking a photo shoot").
    let weeks =
        f.named("late_pregnancy") && ["pregnancy_word", "baby_quiet", "no_fetal_movement"].iter().any(|c| f.named(c));
    f.pregnant || (weeks && f.infant_days().is_none() && !f.postpartum)
}

fn high_pressure(f: &Frame) -> Option<Reading> {
    f.readings.blood_pressure.filter(|bp| bp.value >= 180.0 || bp.second.is_some_and(|d| d >= 120.0))
}

pub const RULES: &[Rule] = &[
    // Situations with a mechanism or a setting come first: when several fire, the first decides
    // what the notice says to do (no aspirin for a tearing pain, back blows for choking).
    Rule {
        // KTAS level 2 / NICE CG95: sudden tearing chest or back pain (aortic dissection).
        id: "tearing chest or back pain",
        category: Category::Aortic,
        level: Level::Emergency,
        source: Source::Ktas,
        fires: |f| {
            // Pain on pressing the spot is the chest or back wall (a torn muscle), not the aorta.
            all(f, &[&["chest_pain", "back_pain", "chest_or_back"], &["tearing"]])
                .filter(|_| !f.has("movement_pain"))
                .or_else(|| all(f, &[&["chest_pain"], &["back_pain"], &["sudden", "severe"]]))
        },
    },
    Rule {
        // KTAS airway obstruction; Resuscitation Council (UK) choking: cannot cough, speak or breathe
        // -> back blows and abdominal thrusts, 999.
        id: "choking: cannot cough or speak",
        category: Category::Choking,
        level: Level::Emergency,
        source: Source::Ktas,
        fires: |f| {
            all(
                f,
                &[
                    &["choking"],
                    &[
                        "cant_cough_speak",
                        "cant_breathe",
                        "blue_lips",
                        "unresponsive",
                        "speech_trouble",
                        "wheeze",
                        "stridor",
                        "breathless",
                        "cant_swallow_spit",
                        // A bolus stuck in the gullet: nothing goes down, not even saliva.
                        "cant_swallow",
                        "drooling",
                    ],
                ],
            )
        },
    },
    Rule {
        // NICE NG232 (head injury): after a blow to the head, vomiting, amnesia or repeated
        // questions, drowsiness or confusion, a seizure, unequal pupils or a focal deficit -> CT
        // within the hour; on an anticoagulant, or clear fluid from the nose or ear (a skull-base
        // fracture) -> CT within hours: emergency department now.
        id: "head injury with red flags",
        category: Category::HeadInjury,
        level: Level::Emergency,
        source: Source::Nice,
        fires: |f| {
            all(
                f,
                &[
                    &["head_injury"],
                    &[
                        "vomiting",
                        "repeating",
                        "unequal_pupils",
                        "confusion",
                        "unresponsive",
                        "seizure",
                        "faint",
                        "one_side_weak",
                        "speech_trouble",
                        "vision_loss",
                        "worst_headache",
                        "combative",
                        "anticoagulant",
                        "clear_fluid",
                        "lethargic",
                    ],
                ],
            )
            // A fall with a headache after it is a head injury though the blow is not told ("fell in
            // the bathroom ... headache worse, vomited once"), and so is a fall from height with
            // clear fluid from the nose.
            // The fall may be told as past ("had a fall yesterday"); its signs must hold now.
            .or_else(|| {
                let fall = ["fall", "high_impact", "high_energy"].iter().find_map(|c| f.ever(c))?;
                let signs = all(
                    f,
                    &[
                        &["headache", "clear_fluid"],
                        &[
                            "vomiting",
                            "repeating",
                            "unequal_pupils",
                            "confusion",
                            "unresponsive",
                            "seizure",
                            "anticoagulant",
                            "clear_fluid",
                            "severe",
                        ],
                    ],
                )
                // A blood thinner taken for years is told in the past tense with the fall.
                .or_else(|| {
                    let thinner = f.ever("anticoagulant")?;
                    all(f, &[&["headache"]]).map(|s| [vec![(thinner.start, thinner.end)], s].concat())
                })?;
                Some([vec![(fall.start, fall.end)], signs].concat())
            })
            .or_else(|| all(f, &[&["unequal_pupils"]]))
        },
    },
    Rule {
        // NICE NG41 (spinal injury): neck or back pain, or numbness or weakness of the limbs, after
        // a fall from height, a dive or a crash -> keep still, 999.
        id: "spinal injury",
        category: Category::Spine,
        level: Level::Emergency,
        source: Source::Nice,
        fires: |f| {
            all(
                f,
                &[
                    &["high_impact", "high_energy", "head_injury", "collision"],
                    &["neck_pain", "back_pain"],
                    &["tingling", "limb_numb", "both_legs_weak", "one_side_weak"],
                ],
            )
            // Canadian C-spine rule: a dangerous mechanism (a dive, a fall from height, a crash) with
            // numbness, tingling or weakness of a limb is a spinal injury, neck pain said or not.
            .or_else(|| {
                all(
                    f,
                    &[&["high_impact", "high_energy"], &["both_legs_weak", "limb_numb", "one_side_weak", "tingling"]],
                )
            })
        },
    },
    Rule {
        // NHS / poison centre (carbon monoxide): headache, vomiting, dizziness or drowsiness near a
        // heater, boiler, charcoal or engine, in several people at once or with an altered mind -> get
        // out into fresh air, 999.
        id: "carbon monoxide",
        category: Category::CarbonMonoxide,
        level: Level::Emergency,
        source: Source::PoisonCentre,
        fires: |f| {
            let symptoms = ["headache", "vomiting", "faint", "confusion", "unresponsive", "collapse"];
            let told = symptoms.iter().filter(|c| f.has(c)).count();
            // The heater or boiler is still there when its fitting is told as past ("fixed last week").
            let source = f.ever("co_source").map(|m| (m.start, m.end))?;
            all(f, &[&symptoms])
                .filter(|_| told >= 2 || any(f, &["group", "confusion", "unresponsive", "collapse"]))
                .map(|s| [vec![source], s].concat())
        },
    },
    Rule {
        // NHS heat stroke: hot and no longer sweating, confused, fitting or collapsed in the heat,
        // or 40 °C or more -> 999.
        id: "heat stroke",
        category: Category::Heat,
        level: Level::Emergency,
        source: Source::Nhs111,
        fires: |f| {
            let hot = f.readings.temperature.filter(|t| t.value >= 40.0).map(quote);
            all(
                f,
                &[
                    &["heat"],
                    &[
                        "no_sweat",
                        "confusion",
                        "combative",
                        "unresponsive",
                        "collapse",
                        "seizure",
                        "speech_trouble",
                        "floppy",
                        "no_response",
                    ],
                ],
            )
            .or_else(|| hot.and_then(|t| all(f, &[&["heat"]]).map(|s| [vec![t], s].concat())))
            // Hot to the touch and not sweating with an altered mind is heat stroke wherever it began.
            .or_else(|| all(f, &[&["no_sweat"], &["fever"], &["confusion", "combative", "unresponsive", "collapse"]]))
        },
    },
    Rule {
        // NHS hypothermia: cold exposure with confusion, drowsiness, slurred speech or shivering
        // that stopped, or a temperature under 35 °C -> 999.
        id: "hypothermia signs",
        category: Category::Cold,
        level: Level::Emergency,
        source: Source::Nhs111,
        fires: |f| {
            let cold = f.readings.temperature.filter(|t| t.value < 35.0);
            all(f, &[&["cold_exposure"], &["confusion", "unresponsive", "speech_trouble", "combative", "no_shiver"]])
                // Out in the cold (a winter mountain, a night outside) and no longer shivering with a
                // changed mind or speech.
                .or_else(|| {
                    all(
                        f,
                        &[
                            &["frost_setting"],
                            &["no_shiver"],
                            &["confusion", "unresponsive", "speech_trouble", "drowsy"],
                        ],
                    )
                })
                .or_else(|| {
                    cold.filter(|_| {
                        any(f, &["cold_exposure", "confusion", "unresponsive"]) || f.who != super::frame::Who::Adult
                    })
                    .map(|t| vec![quote(t)])
                })
        },
    },
    Rule {
        // NHS frostbite: after the cold, skin that is hard, waxy, black or blistered (deep frostbite)
        // -> A&E now; do not rub it or rewarm it if it may freeze again.
        id: "deep frostbite",
        category: Category::Cold,
        level: Level::Emergency,
        source: Source::Nhs111,
        fires: |f| all(f, &[&["frost_setting", "cold_exposure"], &["frozen_tissue"]]),
    },
    Rule {
        // NHS / RLSS: anyone pulled from the water who went under needs hospital checks (lungs may
        // fail hours later) -> 999.
        id: "near drowning",
        category: Category::Drowning,
        level: Level::Emergency,
        source: Source::Nhs111,
        fires: |f| {
            all(f, &[&["drowning"]]).or_else(|| {
                // Gone under and pulled out, then a cough, fast breathing, sleepiness or a dazed look.
                // "가라앉았다가" reads as a symptom that settled: the event is told, whatever its status.
                let under = f.mentions.iter().find(|m| {
                    m.concept == "submerged" && matches!(m.status, Status::Affirmed | Status::Resolved | Status::Past)
                })?;
                let signs = [
                    "respiratory_infection",
                    "fast_breathing",
                    "breathless",
                    "cant_breathe",
                    "drowsy",
                    "confusion",
                    "vomiting",
                    "blue_lips",
                    "unresponsive",
                    "lethargic",
                    "pale",
                    "wheeze",
                ];
                let told: Spans = signs.iter().filter_map(|c| f.happened(c)).map(|m| (m.start, m.end)).collect();
                (!told.is_empty()).then(|| [vec![(under.start, under.end)], told].concat())
            })
        },
    },
    Rule {
        // NHS: an electric shock from mains or higher voltage with a burn, collapse, chest pain,
        // palpitations or confusion, or any lightning strike -> 999.
        id: "electric shock",
        category: Category::Electric,
        level: Level::Emergency,
        source: Source::Nhs111,
        fires: |f| {
            if f.has("static_shock") {
                return None;
            }
            // NHS: any shock from high voltage (a substation, an overhead line) -> 999. The shock must
            // be told apart from the line ("we live near power lines" names no shock).
            let lines: Spans = spans_of(f, "high_voltage");
            let shock = f.mentions.iter().find(|m| {
                m.concept == "electric"
                    && m.status == Status::Affirmed
                    && lines.iter().all(|&(s, e)| m.end <= s || m.start >= e)
            });
            lines.first().zip(shock).map(|(&l, s)| vec![l, (s.start, s.end)]).or_else(|| {
                all(
                    f,
                    &[
                        &["electric"],
                        &[
                            "unresponsive",
                            "burn",
                            "chest_pain",
                            "faint",
                            "confusion",
                            "collapse",
                            "breathless",
                            "seizure",
                            "limb_numb",
                            "severe",
                            "palpitations",
                            "deep_burn",
                            "syncope",
                        ],
                    ],
                )
            })
        },
    },
    Rule {
        // NICE / British Burn Association referral: a deep burn (white, leathery, charred, painless),
        // peeling skin, a large area, the face, hands, genitals or airway -> emergency department.
        id: "serious burn",
        category: Category::Burn,
        level: Level::Emergency,
        source: Source::Nice,
        fires: |f| {
            all(f, &[&["burn"], &["deep_burn"]])
                .filter(|_| !f.has("sunburn"))
                // A chemical on the skin that turns it white, or on the face.
                .or_else(|| all(f, &[&["chemical"], &["on_skin"], &["deep_burn"]]))
                // Any blistering burn in a baby or child is seen in hospital.
                .or_else(|| f.child().then(|| all(f, &[&["burn"], &["blistering"]])).flatten())
        },
    },
    Rule {
        // NICE / British Burn Association: smoke or fire with a hoarse voice, soot in the sputum or
        // breathing trouble is an airway burn that swells over hours -> 999.
        id: "smoke inhalation",
        category: Category::Breathing,
        level: Level::Emergency,
        source: Source::Nice,
        fires: |f| {
            all(f, &[&["fire_smoke"], &["airway_swelling", "sooty_sputum", "breathless", "cant_breathe", "wheeze"]])
        },
    },
    Rule {
        // NHS: chemicals in the eye -> rinse for 20 minutes and go to A&E.
        id: "chemical in the eye",
        category: Category::EyeInjury,
        level: Level::Emergency,
        source: Source::Nhs111,
        fires: |f| all(f, &[&["chemical"], &["eye_exposure"]]).filter(|_| !f.has("fumes") || f.has("splash")),
    },
    Rule {
        // NICE NG158 (VTE): breathlessness or chest pain after a long flight, surgery or
        // immobility, or with a swollen calf (pulmonary embolism) -> emergency.
        id: "breathless after immobility or with a swollen calf",
        category: Category::Breathing,
        level: Level::Emergency,
        source: Source::Nice,
        fires: |f| {
            all(
                f,
                &[
                    &["calf_swelling", "immobility"],
                    &["breathless", "cant_breathe", "chest_pain", "vomit_blood", "faint", "cough_blood"],
                ],
            )
            .filter(|_| {
                f.has("calf_swelling")
                    || any(f, &["sudden", "severe", "cant_breathe", "faint"])
                    // Blood coughed up with pleuritic pain or breathlessness (Wells: haemoptysis).
                    || (f.has("cough_blood") && any(f, &["chest_pain", "breathless"]))
            })
            // NICE NG158: one swollen, painful calf after a long journey, surgery or bed rest is a
            // deep vein thrombosis (scan within 4 hours) even before the breath is short. The surgery
            // or the flight is told in the past ("had knee surgery 2 weeks ago").
            .or_else(|| {
                let still = f.ever("immobility")?;
                all(f, &[&["calf_swelling"], &["one_leg"]]).map(|s| [vec![(still.start, still.end)], s].concat())
            })
        },
    },
    Rule {
        // NICE NG194 / NHS (postpartum haemorrhage): after birth, soaking a pad an hour, large clots
        // or bleeding with faintness -> 999.
        id: "bleeding after giving birth",
        category: Category::Pregnancy,
        level: Level::Emergency,
        source: Source::Nice,
        fires: |f| {
            f.postpartum
                .then(|| {
                    all(f, &[&["pad_soaking", "heavy_bleeding"]])
                        .or_else(|| all(f, &[&["bleeding"], &["faint", "pale"]]))
                })
                .flatten()
        },
    },
    Rule {
        // ADA level 3 / NHS: a diabetic with a low sugar who is confused, combative, fitting or
        // unresponsive (needs help from others) -> 999.
        id: "low sugar with an altered mind",
        category: Category::Glucose,
        level: Level::Emergency,
        source: Source::Nhs111,
        fires: |f| {
            all(f, &[&["diabetic", "low_sugar"], ALTERED]).filter(|_| !f.has("high_sugar") || f.has("low_sugar"))
        },
    },
    Rule {
        // NICE NG17 / NHS: high glucose (over 400 mg/dL, a meter showing HI, or high with ketones) with vomiting,
        // deep or fast breathing, a fruity smell or confusion (DKA / HHS) -> emergency.
        id: "high sugar with DKA signs",
        category: Category::Glucose,
        level: Level::Emergency,
        source: Source::Nice,
        fires: |f| {
            let signs: &[&str] = &[
                "vomiting",
                "breathless",
                "cant_breathe",
                "confusion",
                "unresponsive",
                "faint",
                "ketotic",
                "fast_breathing",
            ];
            match f.readings.glucose.filter(|g| g.value > 250.0) {
                Some(g) if g.value > 400.0 || f.has("ketotic") => all(f, &[signs]).map(|s| with(g, s)),
                _ => all(f, &[&["high_sugar"], signs]).filter(|_| f.readings.glucose.is_none_or(|g| g.value > 250.0)),
            }
            // A diabetic (insulin, type 1) vomiting with thirst, deep or fast breathing or a fruity
            // breath, no number given or a high one (NHS DKA: go to A&E).
            .or_else(|| {
                all(f, &[&["diabetic"], &["vomiting"], &["ketotic", "fast_breathing", "breathless", "cant_breathe"]])
                    .filter(|_| !f.has("low_sugar") && f.readings.glucose.is_none_or(|g| g.value > 250.0))
            })
            // New type 1 diabetes told without a number: thirst or deep breathing or a fruity
            // breath, with vomiting or belly pain, and drowsy or breathing fast.
            .or_else(|| {
                all(
                    f,
                    &[
                        &["ketotic"],
                        &["vomiting", "abdominal_pain"],
                        &["confusion", "lethargic", "fast_breathing", "faint"],
                    ],
                )
            })
        },
    },
    Rule {
        // NICE NG51 / NHS (sepsis): an infection or fever with mottled or blue skin, confusion,
        // no urine all day, fast breathing with faintness, or "I feel like I'm going to die" -> 999.
        id: "sepsis signs",
        category: Category::Sepsis,
        level: Level::Emergency,
        source: Source::Nice,
        fires: |f| {
            // NICE NG51 red: a child mottled and hard to wake, fever told or not.
            if let Some(spans) = f.child().then(|| all(f, &[&["mottled"], &["lethargic", "confusion"]])).flatten() {
                return Some(spans);
            }
            if !(febrile(f) || any(f, &["infection", "shivering"])) {
                return None;
            }
            all(f, &[&["mottled", "very_unwell", "combative"]])
                .or_else(|| {
                    all(f, &[&["fast_breathing", "breathless"], &["faint", "pale", "confusion", "bladder_loss"]])
                })
                .or_else(|| all(f, &[&["infection"], &["confusion"]]))
                // Redness or red streaks spreading from a wound or bite with a fever: the infection
                // is in the blood's way (NICE NG51, NHS cellulitis).
                .or_else(|| all(f, &[&["spreading_redness"]]))
                // NICE NG51 high risk: no urine for 18 hours, or a systolic pressure of 90 or less.
                .or_else(|| all(f, &[&["no_urine"]]))
                .or_else(|| {
                    f.readings
                        .blood_pressure
                        .filter(|bp| bp.value <= 90.0 && bp.value >= 40.0)
                        .map(|bp| vec![quote(bp)])
                })
                .or_else(|| all(f, &[&["low_pressure"]]))
        },
    },
    Rule {
        // NICE CG84 (diarrhoea and vomiting in under-5s) red flags: a baby or child with no wet
        // nappy for hours, no tears, a sunken soft spot, or floppy while vomiting -> emergency.
        id: "dehydration with red flags",
        category: Category::Dehydration,
        level: Level::Emergency,
        source: Source::Nice,
        fires: |f| {
            f.child()
                .then(|| all(f, &[&["dehydrated"], &["vomiting", "diarrhoea", "fever", "lethargic", "dehydrated"]]))
                .flatten()
                .filter(|_| !f.has("doing_well"))
                .or_else(|| f.child().then(|| all(f, &[&["lethargic"], &["vomiting", "diarrhoea"]])).flatten())
                // NHS dehydration (A&E): no pee all day, or dry and losing fluids, with confusion,
                // unusual drowsiness or fits; in an older person also dizziness or a racing pulse.
                .or_else(|| {
                    let older = f.who == super::frame::Who::Older;
                    let dry =
                        f.has("no_urine") || (f.has("dehydrated") && (older || any(f, &["vomiting", "diarrhoea"])));
                    let signs: &[&str] = if older {
                        &[
                            "confusion",
                            "drowsy",
                            "lethargic",
                            "floppy",
                            "collapse",
                            "seizure",
                            "unresponsive",
                            "faint",
                            "palpitations",
                        ]
                    } else {
                        &["confusion", "drowsy", "lethargic", "floppy", "collapse", "seizure", "unresponsive"]
                    };
                    dry.then(|| all(f, &[&["no_urine", "dehydrated"], signs])).flatten()
                })
        },
    },
    Rule {
        // NHS: cannot pee at all (acute urinary retention) -> A&E; passing no urine with swelling,
        // breathlessness, confusion or vomiting is acute kidney injury -> emergency.
        id: "no urine with pain, swelling or confusion",
        category: Category::Other,
        level: Level::Emergency,
        source: Source::Nhs111,
        fires: |f| {
            all(
                f,
                &[
                    &["no_urine"],
                    &[
                        "bloated",
                        "abdominal_pain",
                        "swelling",
                        "calf_swelling",
                        "confusion",
                        "drowsy",
                        "breathless",
                        "vomiting",
                        "severe",
                    ],
                ],
            )
        },
    },
    Rule {
        // Poison centre: wild mushrooms followed by vomiting, diarrhoea or belly pain hours later
        // (amatoxin), or eaten by a child -> call now.
        id: "wild mushrooms eaten",
        category: Category::Poisoning,
        level: Level::Emergency,
        source: Source::PoisonCentre,
        fires: |f| {
            let symptoms: &[&str] = &["vomiting", "diarrhoea", "abdominal_pain", "confusion", "faint", "sweating"];
            all(f, &[&["mushroom"], &["ate"], symptoms])
                .or_else(|| f.child().then(|| all(f, &[&["mushroom"], &["ate"]])).flatten())
        },
    },
    Rule {
        // KTAS: chest pain with cardiac features (level 2); NICE CG95: chest pain with sweating,
        // radiation, breathlessness, nausea or collapse -> emergency ambulance.
        id: "chest pain with cardiac features",
        category: Category::Cardiac,
        level: Level::Emergency,
        source: Source::Ktas,
        fires: |f| {
            let features = if f.has("muscular") { CHEST_HARD_FEATURES } else { CHEST_FEATURES };
            // Pain on pressing the spot or lifting the arm is the chest wall: an ache "into the arm"
            // and a "so bad" are no cardiac feature then (NICE CG95).
            let features: Vec<&str> = if f.has("movement_pain") {
                CHEST_HARD_FEATURES.iter().copied().filter(|&c| c != "radiation").collect()
            } else {
                features.to_vec()
            };
            all(f, &[&["chest_pain"], &features])
        },
    },
    Rule {
        // NICE CG95: arm, jaw, shoulder or back pain with a cold sweat, or with nausea, breathlessness
        // or faintness in an older or diabetic person, is a heart attack without chest pain (common
        // in women, older and diabetic people).
        id: "atypical heart attack",
        category: Category::Cardiac,
        level: Level::Emergency,
        source: Source::Nice,
        fires: |f| {
            // "Indigestion" with a cold sweat or looking grey in an adult is how many heart attacks are told.
            let adult = !f.child();
            all(f, &[&["radiation"], &["sweating"]])
                .or_else(|| {
                    adult
                        .then(|| {
                            all(
                                f,
                                &[
                                    &["digestive"],
                                    &["sweating"],
                                    &["pale", "very_unwell", "faint", "vomiting", "breathless"],
                                ],
                            )
                        })
                        .flatten()
                })
                // Between the shoulder blades or into the jaw, with nausea or breathlessness, and
                // suddenly exhausted or "something is really wrong", at any adult age.
                .or_else(|| {
                    adult
                        .then(|| {
                            all(
                                f,
                                &[
                                    &["radiation"],
                                    &["vomiting", "breathless", "faint", "pale"],
                                    &["very_unwell", "sudden"],
                                ],
                            )
                        })
                        .flatten()
                })
                .or_else(|| {
                    (f.who == super::frame::Who::Older || f.has("diabetic"))
                        .then(|| {
                            all(f, &[&["radiation"], &["vomiting", "breathless", "faint", "pale"]])
                                .or_else(|| all(f, &[&["breathless", "cant_breathe"], &["sweating"]]))
                        })
                        .flatten()
                })
        },
    },
    Rule {
        // NHS 111: call 999 for a suspected heart attack, stroke or anaphylaxis happening now.
        id: "named emergency happening now",
        category: Category::Cardiac,
        level: Level::Emergency,
        source: Source::Nhs111,
        fires: |f| all(f, &[&["named_emergency"], &["happening"]]),
    },
    Rule {
        // KTAS major trauma, NHS 999 (gunshot, hanging, snakebite, toxic gas): go in whatever else
        // is said. NICE NG134: after adrenaline for anaphylaxis, the emergency department.
        id: "named injury or exposure",
        category: Category::Other,
        level: Level::Emergency,
        source: Source::Nhs111,
        fires: |f| {
            let named = ["gunshot", "stab_wound", "hanging", "snake_bite", "toxic_gas", "adrenaline_given"];
            any(f, &named).then(|| spans(f, &named))
        },
    },
    Rule {
        // Tetrodotoxin (pufferfish) and organophosphate pesticide: numbness, vomiting or weakness
        // after either is poisoning (poison centre: emergency).
        id: "pufferfish or pesticide poisoning",
        category: Category::Poisoning,
        level: Level::Emergency,
        source: Source::PoisonCentre,
        fires: |f| {
            all(
                f,
                &[
                    &["pufferfish", "pesticide"],
                    &[
                        "tingling",
                        "vomiting",
                        "faint",
                        "cant_breathe",
                        "breathless",
                        "confusion",
                        "unresponsive",
                        "sweating",
                    ],
                ],
            )
        },
    },
    Rule {
        // KTAS psychiatric (1-2): psychosis or threats with a weapon or a barricade, a danger to
        // self or others.
        id: "danger to self or others",
        category: Category::Suicide,
        level: Level::Emergency,
        source: Source::Ktas,
        fires: |f| {
            all(f, &[&["psychotic"], &["weapon", "threatening"]]).or_else(|| all(f, &[&["weapon"], &["threatening"]]))
        },
    },
    Rule {
        // KTAS trauma: after a collision, belly, side or chest pain with faintness, pallor or sweat
        // is bleeding inside; breathlessness with pain on breathing after a blow to the chest is a
        // lung or chest-wall injury.
        id: "internal bleeding after a collision",
        category: Category::Abdomen,
        level: Level::Emergency,
        source: Source::Ktas,
        fires: |f| {
            all(
                f,
                &[
                    &["collision", "high_energy"],
                    &["abdominal_pain", "side_pain", "chest_pain", "bloated"],
                    &["faint", "pale", "sweating", "collapse", "unresponsive"],
                ],
            )
            .or_else(|| {
                all(f, &[&["collision", "high_impact"], &["breathless", "cant_breathe"], &["pleuritic", "chest_pain"]])
            })
        },
    },
    Rule {
        // KTAS trauma (level 2): a high-risk mechanism - a crash at 60 km/h or more, a fall from a
        // second storey or 3 m, thrown from a vehicle, a rollover - with pain, pallor, faintness,
        // bleeding or a changed mind is major trauma whatever the person says about feeling fine.
        id: "high-risk injury mechanism",
        category: Category::Other,
        level: Level::Emergency,
        source: Source::Ktas,
        fires: |f| {
            all(
                f,
                &[
                    &["high_energy"],
                    &[
                        "abdominal_pain",
                        "chest_pain",
                        "back_pain",
                        "neck_pain",
                        "headache",
                        "pale",
                        "faint",
                        "breathless",
                        "vomiting",
                        "confusion",
                        "unresponsive",
                        "heavy_bleeding",
                        "both_legs_weak",
                        "tingling",
                        "head_injury",
                        "rigid_abdomen",
                        "bloated",
                    ],
                ],
            )
        },
    },
    Rule {
        // NICE CG124 / NHS: after a fall, a leg shorter and turned out (a broken hip) -> do not move
        // the person, 999.
        id: "broken hip after a fall",
        category: Category::Other,
        level: Level::Emergency,
        source: Source::Nice,
        fires: |f| all(f, &[&["fall", "high_impact", "high_energy"], &["hip_deformity"]]),
    },
    Rule {
        // NICE CG100: alcohol withdrawal with confusion, hallucinations or a seizure (delirium
        // tremens) -> hospital now.
        id: "alcohol withdrawal with confusion or hallucinations",
        category: Category::Other,
        level: Level::Emergency,
        source: Source::Nice,
        fires: |f| {
            // The drinking stopped days ago ("quit three days ago"); the confusion is now.
            let stopped = f.ever("alcohol_withdrawal")?;
            all(f, &[&["confusion", "psychotic", "seizure", "combative"]])
                .map(|s| [vec![(stopped.start, stopped.end)], s].concat())
        },
    },
    Rule {
        // ESC syncope: a slow pulse with fainting is heart block until shown otherwise.
        id: "slow pulse with fainting",
        category: Category::Cardiac,
        level: Level::Emergency,
        source: Source::Ktas,
        fires: |f| all(f, &[&["slow_pulse"], &["faint", "collapse", "unresponsive", "syncope"]]),
    },
    Rule {
        // NICE CKS sore throat / NHS: drooling, a muffled voice or not swallowing with a fever is
        // epiglottitis until shown otherwise -> 999.
        id: "epiglottitis signs",
        category: Category::Breathing,
        level: Level::Emergency,
        source: Source::Nice,
        fires: |f| {
            let signs = ["drooling", "muffled_voice", "cant_swallow"];
            let two = signs.iter().filter(|s| f.has(s)).count() >= 2;
            (two && febrile(f) && any(f, &["drooling", "muffled_voice"])).then(|| spans(f, &signs))
        },
    },
    Rule {
        // NHS FAST (face, arms, speech, time): any one sign -> 999. KTAS: acute neurological deficit.
        id: "stroke sign",
        category: Category::Stroke,
        level: Level::Emergency,
        source: Source::Nhs111,
        fires: |f| {
            all(f, &[&["face_droop", "one_side_weak", "speech_trouble"]])
                .or_else(|| all(f, &[&["limb_numb"], &["sudden", "confusion", "vision_loss"]]))
                .or_else(|| all(f, &[&["vision_loss"], &["sudden"]]).filter(|_| !f.pregnant))
                // NHS: a curtain or shadow coming over the sight -> A&E now.
                .or_else(|| all(f, &[&["vision_curtain"]]))
                // NHS (TIA): FAST signs that came on within hours -> 999 even if they have gone.
                .or_else(|| {
                    let gone: Spans = f
                        .mentions
                        .iter()
                        .filter(|m| {
                            matches!(m.concept, "face_droop" | "one_side_weak" | "speech_trouble")
                                && m.status == Status::Resolved
                        })
                        .map(|m| (m.start, m.end))
                        .collect();
                    // Not an old stroke or TIA retold ("had a TIA two years ago, his face drooped").
                    let old_event = f
                        .mentions
                        .iter()
                        .any(|m| m.concept == "stroke" && matches!(m.status, Status::Past | Status::Resolved));
                    let today = f.has("sudden") || f.happened("recent_onset").is_some();
                    (!gone.is_empty() && today && !f.has("chronic") && !old_event).then_some(gone)
                })
                // ... told as a spell of minutes today and over now ("아까 10분정도 말이 꼬이고 ...
                // 지금은 괜찮아졌어", "slurred for like 10 min this morning, gone now"): the sentence
                // that says it is over reads as past, so a sign over or past counts when a spell of
                // today is nearer to it than anything dated long ago.
                .or_else(|| {
                    let told = |m: &&super::concepts::Mention| {
                        matches!(m.status, Status::Affirmed | Status::Resolved | Status::Past)
                    };
                    let at = |id: &str| -> Vec<usize> {
                        f.mentions.iter().filter(|m| m.concept == id).filter(told).map(|m| m.start).collect()
                    };
                    let (spells, today) = ([at("brief_spell"), at("today_word")].concat(), at("today_word"));
                    let dated: Vec<usize> =
                        f.mentions.iter().filter(|m| m.concept == "long_ago").map(|m| m.start).collect();
                    // Dated before the sign with no word of today between, or after it with none at all.
                    let dated_for = |sign: usize| {
                        dated.iter().any(|&d| {
                            if d < sign {
                                !today.iter().any(|&t| d < t && t < sign)
                            } else {
                                today.is_empty()
                            }
                        })
                    };
                    let over = f.named("resolved") || f.named("fleeting");
                    let old_event = f.mentions.iter().any(|m| {
                        m.concept == "stroke" && matches!(m.status, Status::Past | Status::Resolved | Status::Affirmed)
                    });
                    let gone: Spans = f
                        .mentions
                        .iter()
                        .filter(|m| {
                            matches!(m.concept, "face_droop" | "one_side_weak" | "speech_trouble")
                                && matches!(m.status, Status::Resolved | Status::Past)
                                && !spells.is_empty()
                                && !dated_for(m.start)
                        })
                        .map(|m| (m.start, m.end))
                        .collect();
                    let drunk = f.named("drunk");
                    (!gone.is_empty() && over && !drunk && !f.has("chronic") && !old_event).then_some(gone)
                })
        },
    },
    Rule {
        // KTAS altered mental status (level 2) / NICE delirium: confusion that came on suddenly, in
        // someone who was fine hours ago -> emergency (stroke, sepsis, low sugar, bleeding).
        id: "sudden confusion",
        category: Category::Stroke,
        level: Level::Emergency,
        source: Source::Ktas,
        fires: |f| {
            // Feeling drowsy or sleepy is no change of mind; being confused or not knowing people is.
            let drowsy: Vec<(usize, usize)> =
                f.mentions.iter().filter(|m| m.concept == "drowsy").map(|m| (m.start, m.end)).collect();
            // Asking the same thing over and over, newly, is a changed mind too (delirium, a stroke).
            let confused = f.mentions.iter().find(|m| {
                matches!(m.concept, "confusion" | "repeating")
                    && m.status == super::text::Status::Affirmed
                    && !drowsy.iter().any(|&(s, e)| m.start < e && s < m.end)
            })?;
            // When it began is not what a denial after it denies ("어제 저녁부터 정신이 없으시고").
            let onset = f.mentions.iter().find(|m| {
                m.concept == "recent_onset"
                    && matches!(m.status, super::text::Status::Affirmed | super::text::Status::Denied)
            });
            all(f, &[&["sudden"]])
                .or_else(|| onset.map(|m| vec![(m.start, m.end)]))
                .filter(|_| !f.has("chronic"))
                .map(|s| [vec![(confused.start, confused.end)], s].concat())
        },
    },
    Rule {
        // KTAS eye pain (level 2) / NHS: a painful red eye with haloes around lights or vomiting
        // (acute angle-closure glaucoma) -> emergency department now.
        id: "painful eye with haloes",
        category: Category::Other,
        level: Level::Emergency,
        source: Source::Ktas,
        fires: |f| {
            all(f, &[&["eye_pain"], &["halos"]])
                .or_else(|| all(f, &[&["eye_pain"], &["vomiting"], &["vision_loss", "sudden", "severe"]]))
        },
    },
    Rule {
        // KTAS palpitations (level 2): a racing or irregular heart with fainting -> 999.
        id: "palpitations with fainting",
        category: Category::Cardiac,
        level: Level::Emergency,
        source: Source::Ktas,
        // ESC tachycardia: a racing heart with near-fainting (cannot stay standing) is unstable.
        fires: |f| {
            all(f, &[&["palpitations"], &["syncope", "collapse", "unresponsive"]])
                .or_else(|| all(f, &[&["palpitations"], &["faint"], &["both_legs_weak", "chest_pain", "cant_breathe"]]))
                .or_else(|| {
                    all(f, &[&["rapid_rate"], &["faint", "breathless", "cant_breathe", "chest_pain", "syncope"]])
                        .filter(|_| !f.has("muscular"))
                })
                // ESC syncope: fainting during exertion is high risk (an arrhythmia or a blocked
                // outflow, sudden cardiac death in the young) -> emergency assessment.
                // The faint is over by the time anyone writes ("came round, says she's fine"): it counts.
                .or_else(|| {
                    // ... and when the sentence that says it is over reads as past ("시합 도중에
                    // 쓰러졌다가 ... 지금은 괜찮다고 해요"), unless it is dated or told as having happened
                    // before ("작년에", "쓰러진 적이 있는데"). A faint a clinician has since examined and
                    // found nothing in ("심장검사 다 받았는데 정상이래요", "the ECG came back normal") has
                    // had the assessment it calls for.
                    if f.named("cleared") {
                        return None;
                    }
                    let dated = f.named("long_ago");
                    let m = f.happened("exertional_syncope").or_else(|| {
                        f.mentions
                            .iter()
                            .find(|m| m.concept == "exertional_syncope" && m.status == Status::Past && !dated)
                    })?;
                    Some(vec![(m.start, m.end)])
                })
        },
    },
    Rule {
        // KTAS trauma (level 2): a broken or crushed limb with a cold, white or blue hand or foot
        // (no blood getting through) -> 999.
        id: "injured limb without circulation",
        category: Category::Other,
        level: Level::Emergency,
        source: Source::Ktas,
        // Numbness past the injury is the nerve or the blood supply failing too.
        fires: |f| {
            all(f, &[&["fracture", "high_impact", "open_fracture"], &["cold_white_limb", "limb_numb", "tingling"]])
        },
    },
    Rule {
        // KTAS trauma / NHS: a limb crushed or a long lie trapped, then urine like cola (muscle
        // breaking down, the kidneys at risk) or a limb swollen tight with pain past what the injury
        // explains (compartment syndrome) -> 999.
        id: "crush injury",
        category: Category::Other,
        level: Level::Emergency,
        source: Source::Ktas,
        fires: |f| {
            let crushed = f.ever("crushed")?;
            all(f, &[&["dark_urine", "tense_swelling", "cold_white_limb"]])
                .map(|s| [vec![(crushed.start, crushed.end)], s].concat())
        },
    },
    Rule {
        // NHS / FFLM (non-fatal strangulation): after hands or a ligature around the neck, a
        // blackout, a changed voice, pain on swallowing, a swelling neck or breathing trouble -> the
        // emergency department now (the airway swells and the arteries tear hours later).
        id: "strangulation with warning signs",
        category: Category::Breathing,
        level: Level::Emergency,
        source: Source::Nhs111,
        fires: |f| {
            let strangled = f.ever("strangled")?;
            let signs = [
                "faint",
                "syncope",
                "unresponsive",
                "airway_swelling",
                "cant_swallow",
                "neck_swelling",
                "breathless",
                "cant_breathe",
                "speech_trouble",
                "vision_loss",
                "seizure",
            ];
            let told: Vec<_> = signs.iter().filter_map(|c| f.happened(c)).map(|m| (m.start, m.end)).collect();
            (!told.is_empty()).then(|| [vec![(strangled.start, strangled.end)], told].concat())
        },
    },
    Rule {
        // BTS pneumothorax / NHS: a collapsed lung before, and breathlessness come on now -> A&E.
        id: "collapsed lung again",
        category: Category::Breathing,
        level: Level::Emergency,
        source: Source::Nhs111,
        fires: |f| {
            let lung = f.ever("pneumothorax")?;
            all(f, &[&["breathless", "cant_breathe"], &["sudden", "recent_onset", "chest_pain", "pleuritic", "severe"]])
                .map(|s| [vec![(lung.start, lung.end)], s].concat())
        },
    },
    Rule {
        // KTAS abdominal pain (level 2): severe belly pain with signs of shock, a known aneurysm, or
        // sudden severe pain in an older person (ischaemic bowel, ruptured aneurysm) -> 999.
        id: "abdominal pain with shock or in an older person",
        category: Category::Aortic,
        level: Level::Emergency,
        source: Source::Ktas,
        fires: |f| {
            all(f, &[&["aneurysm"], &["abdominal_pain", "back_pain", "pale", "faint", "collapse", "sweating"]])
                .or_else(|| {
                    all(f, &[&["abdominal_pain"], &["severe", "sudden"], &["pale", "sweating", "faint", "collapse"]])
                        // Period pain or a stomach bug with a dizzy spell is not shock; blood in the
                        // diarrhoea with severe pain is (ischaemic bowel).
                        .filter(|_| !f.has("menstruation") && (!f.has("diarrhoea") || f.has("black_stool")))
                })
                .or_else(|| {
                    (f.who == super::frame::Who::Older)
                        .then(|| all(f, &[&["abdominal_pain"], &["sudden"], &["severe"]]))
                        .flatten()
                })
        },
    },
    Rule {
        // NICE CG150: thunderclap headache (worst ever, peaking within minutes) -> emergency.
        id: "thunderclap headache",
        category: Category::Headache,
        level: Level::Emergency,
        source: Source::Nice,
        fires: |f| {
            all(f, &[&["worst_headache"]])
                .or_else(|| all(f, &[&["headache"], &["sudden"], &["severe", "vomiting", "stiff_neck", "confusion"]]))
                // NICE CG150 / NHS: headache with a stiff neck and vomiting (a bleed or meningitis).
                .or_else(|| {
                    all(f, &[&["headache"], &["stiff_neck"], &["vomiting", "collapse", "syncope", "confusion"]])
                })
        },
    },
    Rule {
        // NHS / NICE (cauda equina): back pain with numbness around the bottom or genitals, loss of
        // bladder or bowel control, or both legs weak -> A&E now.
        id: "cauda equina signs",
        category: Category::Spine,
        level: Level::Emergency,
        source: Source::Nhs111,
        fires: |f| {
            all(f, &[&["saddle_numb"]]).or_else(|| all(f, &[&["back_pain"], &["bladder_loss", "both_legs_weak"]]))
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
        fires: |f| all(f, &[&["seizure"]]),
    },
    Rule {
        // KTAS level 1: unresponsive, not breathing, collapsed.
        id: "unresponsive or collapsed",
        category: Category::Unresponsive,
        level: Level::Emergency,
        source: Source::Ktas,
        fires: |f| all(f, &[&["unresponsive"]]),
    },
    Rule {
        // KTAS: severe respiratory distress (cannot speak in sentences, cyanosis); NHS 111: struggling
        // to breathe, blue lips -> 999.
        id: "severe breathing difficulty",
        category: Category::Breathing,
        level: Level::Emergency,
        source: Source::Ktas,
        fires: |f| {
            distress(f)
                .then(|| spans(f, &["cant_breathe", "blue_lips", "retractions"]))
                // KTAS upper airway obstruction: cannot swallow saliva or drooling, breathing hard.
                .or_else(|| all(f, &[&["cant_swallow_spit"], &["breathless", "stridor", "wheeze"]]))
                // NHS: a bone swallowed and now not even saliva goes down (stuck in the gullet) -> A&E now.
                .or_else(|| {
                    let bone = f.ever("swallowed_bone")?;
                    all(f, &[&["cant_swallow_spit", "drooling"]]).map(|s| [vec![(bone.start, bone.end)], s].concat())
                })
                // BTS asthma: the reliever not working and too breathless to finish a sentence.
                .or_else(|| all(f, &[&["asthma_unrelieved"], &["hard_to_speak"]]))
                .or_else(|| {
                    // A mild wheeze and a question about the dose is no attack.
                    all(
                        f,
                        &[
                            &["breathless", "wheeze", "asthma_attack"],
                            &["asthma_unrelieved", "severe", "hard_to_speak"],
                        ],
                    )
                    .filter(|_| !f.has("mild_exertion"))
                })
                // NICE NG115: breathless and confused or drowsy (CO2 building up) -> hospital now.
                .or_else(|| {
                    all(f, &[&["breathless"], &["confusion", "combative", "unresponsive"]])
                        .filter(|_| !f.has("mild_exertion"))
                })
                // NHS (opioids, a tiring chest): slow or shallow breathing with drowsiness -> 999.
                .or_else(|| all(f, &[&["slow_breathing"], &["drowsy", "confusion", "unresponsive", "lethargic"]]))
        },
    },
    Rule {
        // NICE CG134 / NHS: swelling of lips, tongue or throat, a hoarse voice or breathing trouble
        // after a sting, food or drug -> 999, adrenaline if prescribed.
        id: "anaphylaxis signs",
        category: Category::Anaphylaxis,
        level: Level::Emergency,
        source: Source::Nice,
        fires: |f| {
            all(f, &[&["throat_closing"]])
                .or_else(|| all(f, &[&["allergen", "sting"], &["airway_swelling", "breathless", "wheeze"]]))
                // Faint after an allergen is a falling pressure, unless it is the sight of blood or a needle,
                // or a low sugar that was measured ("어지러워서 혈당 쟀더니 65, 주스 먹고 110").
                .or_else(|| {
                    all(f, &[&["allergen", "sting"], &["faint"]])
                        .filter(|_| !f.mentions.iter().any(|m| m.concept == "vasovagal"))
                        .filter(|_| f.readings.glucose.is_none())
                })
                .or_else(|| all(f, &[&["hives"], &["airway_swelling", "breathless", "wheeze"]]))
                // NHS / BNF: lips, tongue or throat swelling on an ACE inhibitor (angioedema, no hives
                // needed, often weeks after starting) -> 999.
                .or_else(|| {
                    let drug = f.ever("ace_inhibitor")?;
                    all(f, &[&["lip_tongue_swelling"]]).map(|s| [vec![(drug.start, drug.end)], s].concat())
                })
        },
    },
    Rule {
        // NHS: coughing up more than a little blood (spoonfuls, a cupful, clots), or coughing blood
        // with breathlessness, faintness or chest pain -> 999.
        id: "coughing up blood",
        category: Category::Bleeding,
        level: Level::Emergency,
        source: Source::Nhs111,
        fires: |f| {
            all(f, &[&["cough_blood"], &["blood_amount", "breathless", "cant_breathe", "faint", "chest_pain", "pale"]])
        },
    },
    Rule {
        // NHS: vomiting blood, or black tarry stools with faintness -> A&E / 999.
        id: "gastrointestinal bleeding",
        category: Category::GiBleed,
        level: Level::Emergency,
        source: Source::Nhs111,
        fires: |f| {
            all(f, &[&["vomit_blood"]])
                .or_else(|| all(f, &[&["black_stool"], &["faint", "pale", "sweating", "collapse"]]))
                // NHS (intussusception): a baby or young child passing blood or "redcurrant jelly"
                // with vomiting, drowsiness or bouts of pain -> 999.
                .or_else(|| {
                    f.child()
                        .then(|| {
                            all(
                                f,
                                &[
                                    &["black_stool"],
                                    &["vomiting", "lethargic", "drowsy", "pale", "severe", "pain_bouts"],
                                ],
                            )
                        })
                        .flatten()
                })
        },
    },
    Rule {
        // KTAS: uncontrolled major haemorrhage; NHS: bleeding that will not stop with pressure -> 999.
        id: "bleeding that will not stop",
        category: Category::Bleeding,
        level: Level::Emergency,
        source: Source::Ktas,
        fires: |f| {
            all(f, &[&["heavy_bleeding"]])
                .filter(|_| f.pregnant || f.postpartum || !f.has("menstruation"))
                .or_else(|| all(f, &[&["deep_wound"], &["heavy_bleeding", "faint", "pale"]]))
        },
    },
    Rule {
        // NHS: sudden severe testicle pain -> A&E now (torsion is saved within hours).
        id: "testicular pain",
        category: Category::Torsion,
        level: Level::Emergency,
        source: Source::Nhs111,
        fires: |f| all(f, &[&["testicle_pain"]]),
    },
    Rule {
        // KTAS abdominal pain with peritoneal signs (level 2); NICE: suspected appendicitis - pain
        // moving to the lower right with fever or vomiting, a rigid belly -> emergency department.
        id: "surgical abdomen",
        category: Category::Abdomen,
        level: Level::Emergency,
        source: Source::Ktas,
        fires: |f| {
            // A board-hard belly is peritonitis (a perforated ulcer) with pain, fever, vomiting, a
            // sudden onset or shock.
            let with_rigid =
                ["abdominal_pain", "rlq_pain", "fever", "vomiting", "severe", "sudden", "sweating", "pale", "faint"];
            all(f, &[&["rigid_abdomen"], &with_rigid])
                // Pain in the lower right with a fever is appendicitis until a doctor says otherwise,
                // vomiting or not; without a fever, vomiting with severe pain or pain on moving.
                .or_else(|| febrile(f).then(|| all(f, &[&["rlq_pain"], &["fever"]])).flatten())
                .or_else(|| all(f, &[&["rlq_pain"], &["vomiting"], &["severe", "worse_moving"]]))
        },
    },
    Rule {
        // NHS: sudden severe pain low on one side of the belly with vomiting may be a twisted ovary
        // (ovarian torsion), saved only within hours -> A&E now.
        id: "sudden one-sided pelvic pain with vomiting",
        category: Category::Torsion,
        level: Level::Emergency,
        source: Source::Nhs111,
        fires: |f| all(f, &[&["pelvic_one_side"], &["sudden", "torsion_feature"], &["vomiting", "severe", "faint"]]),
    },
    Rule {
        // NHS (pregnancy): waters breaking before 37 weeks, or with bleeding or a fever, call the
        // maternity unit now; a cord that comes out first, or a baby being born, is a 999 call.
        id: "labour before term or a birth under way",
        category: Category::Pregnancy,
        level: Level::Emergency,
        source: Source::Nhs111,
        fires: |f| {
            // A cord felt or seen once the waters broke (cord prolapse) -> 999, on all fours.
            let cord = (expecting(f) || f.has("waters_broke")).then(|| all(f, &[&["cord_seen"]])).flatten();
            all(f, &[&["birth_imminent"]]).or(cord).or_else(|| {
                all(f, &[&["waters_broke"], &["preterm", "bleeding", "heavy_bleeding", "no_fetal_movement"]])
                    .or_else(|| febrile(f).then(|| all(f, &[&["waters_broke"], &["fever"]])).flatten())
            })
        },
    },
    Rule {
        // NHS (Stevens-Johnson syndrome) / KTAS skin: skin that blisters or peels over a wide area with
        // sores of the mouth, eyes or genitals, or after starting a medicine, with a fever -> A&E now.
        id: "skin peeling with sores or after a new medicine",
        category: Category::SkinReaction,
        level: Level::Emergency,
        source: Source::Nhs111,
        fires: |f| {
            // Peeling after a burn or a sunburn is the burn's (a scald's rule is the burn rule).
            if any(f, &["burn", "sunburn"]) {
                return None;
            }
            let drug = f.ever("new_drug").map(|m| (m.start, m.end));
            all(f, &[&["skin_peeling", "blistering"], &["mucosal_sores"]])
                .or_else(|| drug.and(all(f, &[&["skin_peeling"]])))
                .or_else(|| drug.and(febrile(f).then(|| all(f, &[&["blistering"], &["fever"]])).flatten()))
                .map(|spans| drug.into_iter().chain(spans).collect())
        },
    },
    Rule {
        // KTAS genitourinary (level 2): an erection lasting four hours or more (priapism) -> emergency
        // department now; after about six hours the tissue is damaged.
        id: "erection that will not go down",
        category: Category::Torsion,
        level: Level::Emergency,
        source: Source::Ktas,
        fires: |f| all(f, &[&["priapism"]]).or_else(|| all(f, &[&["erection"], &["wont_go_down"]])),
    },
    Rule {
        // NHS (quinsy, Ludwig's angina) / KTAS upper airway: a swollen neck, jaw or floor of the mouth
        // with drooling, not swallowing, a muffled voice or breathing trouble closes the airway -> 999.
        id: "neck swelling closing the airway",
        category: Category::Breathing,
        level: Level::Emergency,
        source: Source::Nhs111,
        fires: |f| {
            all(
                f,
                &[
                    &["neck_swelling"],
                    &["drooling", "cant_swallow", "muffled_voice", "cant_breathe", "stridor", "breathless"],
                ],
            )
        },
    },
    Rule {
        // KTAS obstetric / NICE NG133 and NHS: bleeding or severe abdominal pain in pregnancy, or
        // headache with visual disturbance or sudden swelling (pre-eclampsia) -> emergency. NICE
        // NG126 (ectopic): one-sided pelvic pain, spotting or shoulder-tip pain after a positive test.
        id: "pregnancy warning sign",
        category: Category::Pregnancy,
        level: Level::Emergency,
        source: Source::Nice,
        fires: |f| {
            if !expecting(f) {
                return None;
            }
            // NICE NG133: a blood pressure of 160/110 or more in pregnancy is severe hypertension.
            let severe_bp =
                f.readings.blood_pressure.filter(|bp| bp.value >= 160.0 || bp.second.is_some_and(|d| d >= 110.0));
            // A little spotting without pain or faintness before 24 weeks: the midwife or the early
            // pregnancy unit, not 999.
            let spotting = f.has("light_bleeding")
                && !any(
                    f,
                    &["heavy_bleeding", "abdominal_pain", "pelvic_one_side", "faint", "collapse", "late_pregnancy"],
                );
            all(f, &[&["bleeding", "heavy_bleeding"]])
                .filter(|_| !spotting)
                .or_else(|| {
                    all(
                        f,
                        &[
                            &["abdominal_pain", "pelvic_one_side", "rigid_abdomen"],
                            &["severe", "faint", "collapse", "shoulder"],
                        ],
                    )
                })
                .or_else(|| all(f, &[&["pelvic_one_side"]]))
                .or_else(|| all(f, &[&["headache"], &["vision_loss", "visual_disturbance", "swelling", "ruq_pain"]]))
                // NICE NG133: severe pain just below the ribs, or with vomiting (HELLP, pre-eclampsia).
                .or_else(|| all(f, &[&["ruq_pain"], &["severe", "vomiting", "headache", "swelling"]]))
                // A fit in pregnancy is eclampsia until proven otherwise (NICE NG133) -> 999.
                .or_else(|| all(f, &[&["seizure"]]))
                .or_else(|| severe_bp.map(|bp| vec![quote(bp)]))
        },
    },
    Rule {
        // NICE NG151 (neutropenic sepsis): a fever of 38 °C or more, or shivering, during chemotherapy
        // or other immunosuppression -> emergency assessment now.
        id: "fever during chemotherapy",
        category: Category::Sepsis,
        level: Level::Emergency,
        source: Source::Nice,
        fires: |f| {
            let t: Spans = f.readings.temperature.filter(|t| t.value >= 38.0).map(quote).into_iter().collect();
            (febrile(f) || f.has("shivering"))
                .then(|| all(f, &[&["immunosuppressed"]]).map(|s| [t, s].concat()))
                .flatten()
        },
    },
    Rule {
        // NICE NG9 / CG84 (croup): noisy high-pitched breathing in (stridor) at rest -> emergency.
        id: "stridor at rest",
        category: Category::Breathing,
        level: Level::Emergency,
        source: Source::Nice,
        fires: |f| all(f, &[&["stridor"], &["at_rest", "blue_lips", "cant_breathe", "lethargic", "airway_swelling"]]),
    },
    Rule {
        // NHS (reduced fetal movements): a baby moving less or not at all -> call the maternity unit now.
        id: "baby moving less in pregnancy",
        category: Category::Pregnancy,
        level: Level::Emergency,
        source: Source::Nhs111,
        fires: |f| {
            all(f, &[&["no_fetal_movement"]]).or_else(|| expecting(f).then(|| all(f, &[&["baby_quiet"]])).flatten())
        },
    },
    Rule {
        // KTAS abdominal pain / NICE: bowel obstruction - green (bilious) vomiting, or no wind with
        // vomiting or a swollen belly -> emergency department.
        id: "bowel obstruction",
        category: Category::Abdomen,
        level: Level::Emergency,
        source: Source::Ktas,
        fires: |f| all(f, &[&["bowel_blocked"], &["vomiting", "bloated", "abdominal_pain", "severe"]]),
    },
    Rule {
        // KTAS eye trauma (level 2) / NHS: a blow or something sharp to the eye with loss of sight.
        id: "eye injury with loss of sight",
        category: Category::EyeInjury,
        level: Level::Emergency,
        source: Source::Ktas,
        fires: |f| all(f, &[&["eye_trauma"], &["vision_loss", "bleeding"]]).or_else(|| all(f, &[&["eye_penetrating"]])),
    },
    Rule {
        // KTAS major trauma (level 1-2): an open fracture, a deformed limb or an amputation -> 999.
        id: "open fracture or amputation",
        category: Category::Bleeding,
        level: Level::Emergency,
        source: Source::Ktas,
        fires: |f| all(f, &[&["open_fracture"]]),
    },
    Rule {
        // KTAS: suicidal ideation with intent or plan; a means with a time or a farewell is a plan.
        // Crisis lines: 109 in Korea, 988 in the US.
        id: "suicidal thoughts",
        category: Category::Suicide,
        level: Level::Emergency,
        source: Source::Ktas,
        fires: |f| {
            // Two signs of a goodbye, one of them more than an ordinary one ("look after my cat",
            // "if I'm not here", "thank you for everything").
            let farewells = spans_of(f, "farewell");
            all(f, &[&["suicidal"]])
                .or_else(|| all(f, &[&["suicide_means"], &["farewell", "goodbye"]]))
                .or_else(|| {
                    all(f, &[&["suicide_means"], &["plan_time"], &["intent", "prepared"]])
                        .filter(|_| !f.has("leisure") && !f.has("stock_reason"))
                })
                // Pills or opioids saved up, with a time, an intent or a goodbye.
                .or_else(|| {
                    // An overdose told as over ("지금은 1년 넘게 외래 다니면서") is history.
                    all(f, &[&["pill_stockpile"], &["plan_time", "intent", "farewell", "goodbye"]])
                        .filter(|_| !f.has("stock_reason") && !f.has("resolved"))
                })
                // Charcoal bought with tape for the gaps.
                .or_else(|| all(f, &[&["charcoal"], &["sealing"]]).filter(|_| !f.has("leisure")))
                .or_else(|| (farewells.len() >= 2).then_some(farewells).filter(|_| !f.has("away_reason")))
                .or_else(|| {
                    all(f, &[&["farewell"], &["goodbye", "unreachable", "intent"]]).filter(|_| !f.has("away_reason"))
                })
                // Two ordinary goodbyes ("그동안 고마웠어", "엄마 잘 부탁해") and then out of reach.
                .or_else(|| {
                    let goodbyes = spans_of(f, "goodbye");
                    (goodbyes.len() >= 2).then(|| all(f, &[&["unreachable"]]).map(|s| [goodbyes, s].concat())).flatten()
                })
                // Asking how many of one's own pills would kill.
                .or_else(|| all(f, &[&["lethal_query"], &["suicide_means", "intent", "farewell", "goodbye"]]))
                // ... or with things given away or a pet handed over, the dose asked to die.
                .or_else(|| all(f, &[&["lethal_query"], &["gave_away"], &["death_word"]]))
                // At a bridge or a ledge now, saying goodbye or how calm it is there.
                .or_else(|| all(f, &[&["at_height_now"], &["farewell", "goodbye", "calm_now", "intent", "psychotic"]]))
                .or_else(|| all(f, &[&["means_lit"]]).filter(|_| !f.has("leisure")))
        },
    },
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
            all(f, &[symptoms.as_slice()]).map(|spans| with(bp, spans))
        },
    },
    Rule {
        // ADA level 2 hypoglycaemia: glucose < 54 mg/dL (3.0 mmol/L), or a meter showing LO -> treat
        // now, call if not improving.
        id: "glucose below 54 mg/dL",
        category: Category::Glucose,
        level: Level::Emergency,
        source: Source::Nice,
        fires: |f| f.readings.glucose.filter(|g| g.value < 54.0).map(|g| vec![quote(g)]),
    },
    Rule {
        // NICE NG143 red: an infant under 3 months with a temperature of 38 °C or more, or 3-6 months
        // with 39 °C or more.
        id: "fever in a young infant",
        category: Category::InfantFever,
        level: Level::Emergency,
        source: Source::Nice,
        fires: |f| {
            let age = f.infant_days()?;
            let t = f.readings.temperature.map_or(0.0, |t| t.value);
            let red = (age.value < 90.0 && febrile(f)) || (age.value < 180.0 && t >= 39.0);
            red.then(|| {
                [vec![quote(age)], f.readings.temperature.map(quote).into_iter().collect(), spans(f, &["fever"])]
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
            if !febrile(f) {
                return None;
            }
            let t: Spans = f.readings.temperature.map(quote).into_iter().collect();
            let lethargic = f.child().then(|| all(f, &[&["lethargic"]])).flatten().filter(|_| !f.has("doing_well"));
            lethargic.or_else(|| all(f, &[&["confusion"]])).map(|s| [t, s].concat())
        },
    },
    Rule {
        // NICE NG143 red, whatever the temperature: a bulging fontanelle; a baby or young child who
        // is floppy or does not respond, or has a weak or high-pitched cry. NHS: a baby who went blue
        // or limp, even for seconds and pink again, is a 999 call.
        id: "baby or young child with a red flag",
        category: Category::Other,
        level: Level::Emergency,
        source: Source::Nice,
        fires: |f| {
            let infant = matches!(f.who, super::frame::Who::Infant(_));
            all(f, &[&["bulging_fontanelle"]])
                .or_else(|| {
                    f.child()
                        .then(|| all(f, &[&["floppy", "no_response", "high_pitched_cry"]]))
                        .flatten()
                        .filter(|_| !f.has("doing_well"))
                })
                .or_else(|| {
                    infant
                        .then(|| {
                            f.happened("blue_lips")
                                // Limp and over is the episode; limp now in a baby feeding and smiling is asleep.
                                .or_else(|| {
                                    f.happened("floppy")
                                        .filter(|m| m.status == Status::Resolved || !f.has("doing_well"))
                                })
                                .map(|m| vec![(m.start, m.end)])
                        })
                        .flatten()
                })
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
            all(f, &[&["nonblanching_rash"]])
                .filter(|_| !f.has("blanching"))
                .or_else(|| febrile(f).then(|| all(f, &[&["stiff_neck", "photophobia"]])).flatten())
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
    Rule {
        id: "overdose of pills",
        category: Category::Overdose,
        level: Level::Emergency,
        source: Source::PoisonCentre,
        fires: |f| ingested(f, Ingestion::Overdose),
    },
    Rule {
        id: "child swallowed medicine or a chemical",
        category: Category::Poisoning,
        level: Level::Emergency,
        source: Source::PoisonCentre,
        fires: |f| ingested(f, Ingestion::Child),
    },
    Rule {
        id: "swallowed a corrosive or poison",
        category: Category::Poisoning,
        level: Level::Emergency,
        source: Source::PoisonCentre,
        fires: |f| {
            ingested(f, Ingestion::Toxic).or_else(|| {
                all(
                    f,
                    &[
                        &["toxic_alcohol"],
                        &[
                            "vision_loss",
                            "visual_disturbance",
                            "fast_breathing",
                            "confusion",
                            "unresponsive",
                            "vomiting",
                        ],
                    ],
                )
            })
        },
    },
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
            let (age, t) = (f.infant_days()?, f.readings.temperature?);
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
        // assessment; a burn, an electric shock or a head injury without red flags -> be seen today.
        id: "chest pain",
        category: Category::Cardiac,
        level: Level::Urgent,
        source: Source::Nhs111,
        fires: |f| {
            all(f, &[&["chest_pain"]]).filter(|_| {
                !any(
                    f,
                    &["muscular", "respiratory_infection", "digestive", "mild_exertion", "fleeting", "movement_pain"],
                )
            })
        },
    },
    Rule {
        // NHS 111: breathlessness, black stools, hives after an allergen, abdominal pain with fever
        // or in pregnancy, sudden vision loss, an electric shock -> see a doctor today.
        id: "symptom needing a doctor today",
        category: Category::Other,
        level: Level::Urgent,
        source: Source::Nhs111,
        fires: |f| {
            all(f, &[&["black_stool"]])
                .filter(|_| !f.has("stool_colour_food"))
                // Known piles bleeding a little, no faintness: self-care and the GP if it goes on.
                .filter(|_| !f.has("haemorrhoids") || any(f, &["heavy_bleeding", "faint", "pale", "abdominal_pain"]))
                .or_else(|| {
                    all(f, &[&["vision_loss", "deep_wound", "electric"]])
                        .filter(|_| !f.has("static_shock"))
                        // Blurry, tired eyes after a screen are eye strain unless the sight went suddenly.
                        .filter(|_| !f.has("screen_strain") || any(f, &["sudden", "deep_wound", "electric"]))
                })
                .or_else(|| all(f, &[&["breathless"]]).filter(|_| !any(f, &["mild_exertion", "nasal"])))
                .or_else(|| all(f, &[&["allergen", "sting"], &["hives"]]))
                .or_else(|| all(f, &[&["abdominal_pain", "rlq_pain"], &["fever", "vomiting"]]))
                .or_else(|| f.pregnant.then(|| all(f, &[&["abdominal_pain"]])).flatten())
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
