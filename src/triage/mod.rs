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
//!
//! A second reader, the [`classifier`] trained on every labelled message of the repo, reads the
//! whole message as it is worded; [`decide`] combines the two. It hears wordings no concept form
//! has, and it knows what questions and stories sound like, so:
//! it calls an emergency on its own when it is confident ([`ALONE`]), and more confident when the
//! frame names complaints but reads none of them as holding now, or when a rule read the level from a
//! number ([`ALONE_AGAINST_FRAME`]). It never
//! takes a rule's emergency away: a bag of words does not read "I wrote a suicide note" or "my 2
//! year old ate a laundry pod" as surely as a rule does, and a missed emergency costs more than a
//! notice too many.

pub mod classifier;
mod concepts;
mod cues;
pub mod eval;
mod frame;
mod notice;
mod poisoning;
mod readings;
mod rules;
mod text;

pub use crate::core::site::{SiteFile, SiteText};
pub use crate::core::vitals::VITALS_WORDS;
pub use crate::extract::{GIVEN_NAMES, SYMPTOM_WORDS, TEXT_WORDS};
pub use concepts::{CONCEPTS, MEDICINE_NAMES_KO};
pub use notice::{notice, Country};
pub use text::TEXT_PATTERNS;

// For the classifier, which build.rs compiles too (with `order` beside it): `super::order` in both.
use crate::core::order;
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
    /// The classifier trained on the repo's labelled messages ([`classifier`]).
    #[serde(rename = "classifier")]
    Classifier,
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
    /// The classifier's probability that the message tells an emergency happening now.
    #[serde(default)]
    pub likelihood: f32,
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

/// From this probability the classifier calls an emergency on its own.
pub const ALONE: f32 = 0.7;
/// From this probability the classifier calls an emergency on its own when the frame names
/// complaints and reads every one as denied, asked about, a plan, past or over: a classifier hears
/// the words of an emergency, the frame reads what is said of them.
pub const ALONE_AGAINST_FRAME: f32 = 0.9;

/// The kinds of emergency a rule reads from a number against its threshold.
const READ_FROM_NUMBERS: [Category; 4] =
    [Category::InfantFever, Category::BloodPressure, Category::Glucose, Category::Oxygen];

/// Under this many words, a message the frame reads nothing in is no emergency to the classifier.
const FEWEST_WORDS_ALONE: usize = 5;

/// The classifier's file for the browser (`medagent triage --export-site` writes it), with the SHA-256
/// of the one this build trained: the browser accepts no other file.
pub const CLASSIFIER_FILE: SiteFile = SiteFile {
    path: "triage/classifier.bin",
    sha256: include_str!(concat!(env!("OUT_DIR"), "/triage_classifier.sha256")),
};

/// The classifier the build trained from the labelled sets (`build.rs`): natively embedded in the
/// binary; in the browser fetched by the page and installed ([`install_classifier`]) before the page
/// reads any message, so it stays out of the app's download until the page starts (256 KB).
static CLASSIFIER: std::sync::OnceLock<classifier::Model> = std::sync::OnceLock::new();

/// The classifier's file as this build embeds it.
#[cfg(not(target_arch = "wasm32"))]
pub fn classifier_file() -> &'static [u8] {
    include_bytes!(concat!(env!("OUT_DIR"), "/triage_classifier.bin"))
}

/// Every file of the site a message is read with (triage's classifier, tables and regular
/// expressions, extraction's symptom words, given names, word lists and regular expressions, and the
/// measurements' word lists and regular expressions), with this build's copy (what `medagent triage --export-site` writes for the browser).
#[cfg(not(target_arch = "wasm32"))]
pub fn site_files() -> [(&'static SiteFile, &'static [u8]); 8] {
    [
        (&CLASSIFIER_FILE, classifier_file()),
        (&CONCEPTS.file, CONCEPTS.built_in.as_bytes()),
        (&MEDICINE_NAMES_KO.file, MEDICINE_NAMES_KO.built_in.as_bytes()),
        (&SYMPTOM_WORDS.file, SYMPTOM_WORDS.built_in.as_bytes()),
        (&GIVEN_NAMES.file, GIVEN_NAMES.built_in.as_bytes()),
        (&TEXT_PATTERNS.file, TEXT_PATTERNS.built_in.as_bytes()),
        (&TEXT_WORDS.file, TEXT_WORDS.built_in.as_bytes()),
        (&VITALS_WORDS.file, VITALS_WORDS.built_in.as_bytes()),
    ]
}

fn classifier() -> &'static classifier::Model {
    #[cfg(not(target_arch = "wasm32"))]
    return CLASSIFIER
        .get_or_init(|| checked_classifier(classifier_file()).expect("build.rs writes the model this code reads"));
    #[cfg(target_arch = "wasm32")]
    CLASSIFIER.get().expect("the page installs the triage classifier before it reads a message (web::engine)")
}

/// The classifier in `bytes`, when they are the file this build trained.
fn checked_classifier(bytes: &[u8]) -> Result<classifier::Model, String> {
    CLASSIFIER_FILE.check(bytes)?;
    classifier::Model::from_bytes(bytes)
}

/// Installs the classifier the page fetched ([`CLASSIFIER_FILE`]), checked against its SHA-256.
#[cfg(target_arch = "wasm32")]
pub fn install_classifier(bytes: &[u8]) -> Result<(), String> {
    let model = checked_classifier(bytes)?;
    // A second install (the page loaded twice) holds the same file.
    let _ = CLASSIFIER.set(model);
    Ok(())
}

/// Triages one message (its first [`READ_BYTES`] bytes).
pub fn assess(message: &str) -> Triage {
    assess_with(classifier(), message)
}

/// [`assess`] with another classifier (a cross-validation's, trained without the writer scored).
pub fn assess_with(model: &classifier::Model, message: &str) -> Triage {
    let message = readable(message);
    judge(model, &frame::Frame::new(message), message)
}

/// The verdict on `message` (already cut to what is read) from its frame and the classifier.
fn judge(model: &classifier::Model, frame: &frame::Frame, message: &str) -> Triage {
    // A pet's emergency is the vet's: the notice would send the user to 119 / 911.
    if frame.who == frame::Who::Animal {
        return Triage::default();
    }
    let likelihood = model.probability(message);
    let rules = reasons(frame, message);
    let category = guess_category(frame, &rules);
    // A few words that name nothing the frame reads (a medicine's name, "he", a greeting) are too
    // little for a bag of words to call an emergency on: normalised, one word weighs as much as a
    // whole message's. A longer message that names nothing may still tell one in words no concept
    // has ("a dark shadow coming in from the side of my right eye").
    // A number past its threshold is read by its rule, which a bag of words cannot do: when the level
    // comes from a reading ("생후 4개월 아기가 열이 38.3도예요" is urgent, not an emergency), the
    // classifier needs the higher bar to raise it.
    let alone = match () {
        _ if frame.names_nothing() && message.split_whitespace().count() < FEWEST_WORDS_ALONE => f32::INFINITY,
        _ if frame.names_none_now() => ALONE_AGAINST_FRAME,
        _ if rules.first().is_some_and(|r| READ_FROM_NUMBERS.contains(&r.category)) => ALONE_AGAINST_FRAME,
        _ => ALONE,
    };
    decide(rules, likelihood, alone, || Heard { category, words: model.telling_words(message, 3) })
}

/// The rules' verdict alone, as before there was a classifier (to measure the two apart).
pub fn assess_by_rules(message: &str) -> Triage {
    let message = readable(message);
    let frame = frame::Frame::new(message);
    if frame.who == frame::Who::Animal {
        return Triage::default();
    }
    verdict(reasons(&frame, message), 0.0)
}

/// The part of a message that is read.
fn readable(message: &str) -> &str {
    let mut cut = message.len().min(READ_BYTES);
    while !message.is_char_boundary(cut) {
        cut -= 1;
    }
    &message[..cut]
}

/// Every rule that fires on the frame, the most urgent first.
fn reasons(frame: &frame::Frame, message: &str) -> Vec<Reason> {
    let mut reasons: Vec<Reason> = rules::RULES
        .iter()
        .filter_map(|rule| {
            let mut spans = (rule.fires)(frame)?;
            order::sort_by(&mut spans, Ord::cmp);
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
    crate::core::order::sort_by_key(&mut reasons, |r| std::cmp::Reverse(r.level));
    reasons
}

/// What the classifier's own emergency says: the kind (for the notice) and the words that told it.
struct Heard {
    category: Category,
    words: Vec<String>,
}

/// The kind of an emergency only the classifier heard: suicide when the message speaks of it (the
/// notice then gives the crisis line), poisoning when it tells of something swallowed (do not make
/// them vomit, keep the package), else the kind of a lesser rule that fired, else none in
/// particular (the notice's general advice).
fn guess_category(frame: &frame::Frame, rules: &[Reason]) -> Category {
    if frame.ever("suicidal").is_some() || frame.ever("suicide_means").is_some() {
        return Category::Suicide;
    }
    if !frame.ingestions.is_empty() {
        return Category::Poisoning;
    }
    rules.first().map_or(Category::Other, |r| r.category)
}

/// Combines the rules' reasons (most urgent first) with the classifier's probability: at `alone` or
/// above the classifier adds an emergency the rules did not call.
fn decide(mut reasons: Vec<Reason>, likelihood: f32, alone: f32, heard: impl FnOnce() -> Heard) -> Triage {
    if likelihood >= alone && reasons.first().is_none_or(|r| r.level < Level::Emergency) {
        let Heard { category, words } = heard();
        reasons.insert(
            0,
            Reason {
                rule: "reads like an emergency".into(),
                category,
                level: Level::Emergency,
                source: Source::Classifier,
                matched: words,
            },
        );
    }
    verdict(reasons, likelihood)
}

/// The verdict of the reasons, most urgent first.
fn verdict(mut reasons: Vec<Reason>, likelihood: f32) -> Triage {
    // Once it is an emergency, "see a doctor today" is noise.
    if let Some(top) = reasons.first().map(|r| r.level) {
        reasons.retain(|r| r.level == top);
    }
    Triage { level: reasons.first().map_or(Level::None, |r| r.level), reasons, likelihood }
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

    /// Issue 42's kinds of false alarm stay quiet (a professional's or a student's question, a
    /// hand-out for others, a film or a drill named after a sign, slang, a denial after "이런 건",
    /// someone's screening question answered no, an event over and treated: an age then and an age
    /// now, discharged; a figure of speech with a laughing or skull emoji, or after a failed exam),
    /// and the same signs said of now still call for help.
    #[test]
    fn false_alarms_of_issue_42_stay_quiet_and_the_same_signs_now_do_not() {
        for text in [
            "RN student on cardiology rotation, how is a massive PE with hypotension managed?",
            "pharmacology finals tomorrow - why does naloxone wear off before the overdose it treats?",
            "CPR recertification on friday, how many compressions for a drowning victim?",
            "adding this to our church flyer: what is the suicide hotline number?",
            "we watched Suicide Squad last night, is it too scary for kids?",
            "coach made us do suicide sprints and my calves are sore",
            "발작버튼 눌려서 화났어요 ㅋㅋ 근데 비타민D 언제 먹어요?",
            "자해 이런건 전혀 아니고요 그냥 스트레스가 많아요",
            "자해하고 싶다 그런 생각은 전혀 없어요 그냥 피곤해요",
            "my counsellor asked whether I'm having thoughts of suicide, and no, I'm not. just tired",
            "had a febrile seizure as a baby, I'm 30 now, can I donate blood?",
            "큰애가 백일쯤에 열경련을 했었는데 지금은 7살이에요 예방접종 괜찮나요?",
            "she had a fever at 5 weeks old and spent two nights on the ward, now 8 months old. when do I worry about a temperature?",
            "this stats assignment is killing me, i want to die 💀 two pages left",
            "omg i cant breathe 😂😂 that video of the goat",
            "중간고사 망쳐서 머리 터질 것 같아 ㅠㅠ 숨막혀",
            "my daughters health class mentioned meningitis, how would you tell it from flu",
            "writing a short story where the hero gets bitten by a cobra, how fast do symptoms start",
            "혈압약 먹고 나서 발목이 좀 부었는데 부작용인가요?",
            "동생이 밥 먹다가 사레들려서 켁켁거렸는데 금방 괜찮아지고 지금은 잘 놀아요",
        ] {
            assert_eq!(level(text), Level::None, "{text}");
        }
        for text in [
            "I'm a nursing student and I just took a whole bottle of my pills",
            "my friend is having a seizure right now and won't stop shaking",
            "what's the suicide hotline number, I can't do this anymore",
            "자해하고 싶어요 지금 칼 들고 있어요",
            "the nurse asked if I have thoughts of hurting myself and I said yes",
            "죽고 싶어요 그런 생각이 계속 들어요",
            "he had a seizure as a toddler and now he's seizing again right now",
            "퇴원했는데 다시 숨이 너무 차요 입술이 파래요",
            "I want to die 💀 no really I have the pills in front of me",
            "my chest is crushing and my arm is numb 😂 is this normal",
            "for my bio class i have to ask: my chest is crushing and I'm sweating right now",
            "새우 먹고 발목이 붓고 목이 부었어요 숨쉬기 힘들어요",
        ] {
            assert_eq!(level(text), Level::Emergency, "{text}");
        }
    }

    /// More of issue 42's kinds (dev13): an event dated by days or a weekday and ended at a hospital
    /// (며칠 전, 지난 금요일, 귀가했어요, "three winters ago"), studying for a licence exam (간호사 국시 준비)
    /// or a trainee's question, a task's own "right now", a quoted title or name, a game's villager,
    /// treated at a hospital (치료받고 퇴원) and a next time asked about (다음에 또 그러면);
    /// the same signs said of now still call for help.
    #[test]
    fn dated_events_licence_exams_quoted_names_and_games_stay_quiet_and_the_same_signs_now_do_not() {
        for text in [
            "사흘 전에 엄마가 잠깐 말이 어눌해져서 병원 갔더니 괜찮대요. 재발 막으려면 뭘 드셔야 하나요?",
            "지난 금요일 남편이 쓰러져서 응급실 갔다가 귀가했어요. 평소에 뭘 조심해야 해요?",
            "간호사 국시 준비 중인데, 의식 없는 환자가 숨을 헐떡이면 바로 가슴압박 하나요?",
            "노래 제목이 '숨이 멎을 듯'이라는 곡 아세요?",
            "I had a seizure three winters ago; the EEG was clear. Can I drive?",
            "Lifeguard trainee here: how long can a drowning victim go without oxygen?",
            "For my psych class I need to write up the warning signs of overdose right now. What are they?",
            "The podcast 'Overdose Stories' had a good episode, is naloxone sold over the counter?",
            "In Minecraft my villager keeps drowning, any fix?",
            "아이가 경련을 해서 119 불렀어요. 병원에서 치료받고 퇴원했어요. 다음에 또 그러면 어떻게 해요?",
            "남편이 쓰러졌어요. 지금은 괜찮아요. 다음에 또 그러면 뭘 해야 하나요?",
            "애기가 어제 경기를 해서 응급실 갔다가 집에 왔어요. 해열제는 몇 시간마다 줘요?",
        ] {
            assert_eq!(level(text), Level::None, "{text}");
        }
        for text in [
            "사흘 전에 머리를 부딪혔는데 지금 계속 토하고 말이 어눌해요",
            "지난 금요일 퇴원했는데 방금 또 쓰러져서 깨워도 안 일어나요",
            "간호사 국시 준비 중인데 지금 아빠가 쓰러져서 숨을 헐떡이고 반응이 없어요",
            "I had a seizure three winters ago and now I'm seizing again, it won't stop",
            "Lifeguard trainee, we just pulled a kid out of the pool and he isn't breathing",
            "For my psych class I need to write up the warning signs right now but I just took a whole bottle of pills",
            "my friend took a whole bottle of pills, the podcast 'Overdose Stories' was on",
            "We were playing Minecraft and my brother suddenly collapsed and isn't breathing",
            "지난주에 퇴원했는데 또 경련하면서 숨을 못 쉬어요",
            "응급실 갔다가 집에 왔는데 지금 또 경련해요 5분째예요",
            "또 쓰러지면 어떡해요 지금 또 쓰러졌어요 깨워도 안 일어나요",
        ] {
            assert_eq!(level(text), Level::Emergency, "{text}");
        }
    }

    /// Issue 42's kinds, dev14: a story, a show or the traffic as what strikes ("the finale knocked
    /// me out cold", "the commute was suffocating", "ripped my heart out"), a poison line's worker, a
    /// biology homework question, a baby's age as "9mo", and a medicine's frightening side effect asked about as a
    /// possibility; the same signs said of now still call for help.
    #[test]
    fn figures_poison_line_work_and_side_effect_questions_stay_quiet_and_the_same_signs_now_do_not() {
        for text in [
            "That season finale knocked me out cold, what a show.",
            "The commute was suffocating today, two hours on the bus.",
            "The last chapter ripped my heart out, any similar books?",
            "Tax season is choking the life out of me, any tips for sleep?",
            "I work at a poison control center; how long after an aspirin overdose do levels peak?",
            "My bio homework asks why a pneumothorax makes you short of breath.",
            "Can lisinopril cause swelling of the lips?",
            "is black stool normal when taking iron pills?",
            "does Prozac cause suicidal thoughts in teenagers?",
        ] {
            assert_eq!(level(text), Level::None, "{text}");
        }
        for text in [
            "Not kidding, the finale is on but my dad just collapsed and won't wake up",
            "The commute was awful and now I actually can't breathe and my lips are blue",
            "I work at a poison control center and my son just swallowed a bottle of aspirin",
            "my lips and tongue are swelling up after my lisinopril and I can't breathe",
            "I'm vomiting blood and my stool is black",
            "my teen on Prozac says he is going to kill himself tonight",
            "8mo has had diarrhoea all day, no wet diaper since this morning and no tears",
        ] {
            assert_eq!(level(text), Level::Emergency, "{text}");
        }
    }

    /// Issue 42's kinds, dev15: an event dated by a month, a season, a year or school years and treated
    /// ("back in may", "지난 여름에", "in college and got treated"), an activity asked about resuming
    /// ("okay to drive again"), choking on pollen, laughter after a Korean sentence's end ("쓰러지겠어요
    /// ㅋㅋ") and what is about to happen ("쓰러지겠어요"), and a side effect asked about as a possibility
    /// in either language ("could paxil make me suicidal?", "먹으면 ... 수 있나요"); the same signs said
    /// of now still call for help, and a stroke's sign back now after an old stroke is a new one.
    #[test]
    fn dated_treated_events_resumed_activities_jokes_and_possible_side_effects_stay_quiet_and_the_same_signs_now_do_not(
    ) {
        for text in [
            "Her lips swelled after a wasp sting back in may; urgent care treated it. Do we need an allergist?",
            "I took too many sleeping pills by mistake in college and got treated. How do I store them now?",
            "After his stroke in 2019, is it safe for him to drive again?",
            "I passed out in high school PE once. Is it fine to run a half marathon?",
            "야근 때문에 진짜 쓰러지겠어요 ㅋㅋ 비타민 B 추천해 주세요",
            "엄마 잔소리에 눈앞이 캄캄해졌어요 ㅋㅋ 눈 영양제는 뭐가 좋아요?",
            "Could Paxil make me suicidal?",
            "Can Xanax slow your breathing?",
            "자낙스 먹으면 호흡곤란이 올 수도 있나요?",
            "항우울제 먹으면 자살 충동이 생길 수 있다는데 사실이에요?",
            "지난 여름에 아이가 열경련 해서 119 타고 갔었는데 지금은 건강해요. 해열제 미리 먹여야 하나요?",
            "I'm choking on all this pollen, which antihistamine works fastest?",
        ] {
            assert_eq!(level(text), Level::None, "{text}");
        }
        for text in [
            "Her lips swelled after a wasp sting back in may and now she's stung again and can't breathe",
            "I took a whole bottle of sleeping pills tonight, I got treated for this in college",
            "He had a stroke in 2019 and now his face is drooping again and he can't lift his arm",
            "야근하다가 지금 동료가 쓰러졌는데 깨워도 안 일어나요 ㅋㅋ 아니 진짜예요",
            "I took Paxil and now I want to kill myself tonight",
            "I just took a handful of Xanax and my breathing is so slow I can barely stay awake",
            "자낙스 여러 알 먹었는데 지금 숨을 거의 안 쉬어요",
            "아버지가 작년에 뇌경색이었는데 지금 또 입이 돌아가고 말이 어눌해요",
            "지난 여름에 열경련 했었는데 지금 또 경련하고 있어요 5분째예요",
            "I'm choking on a piece of apple and can't speak",
        ] {
            assert_eq!(level(text), Level::Emergency, "{text}");
        }
        // -겠 of one who cannot or means to holds now, by the rules alone: only a collapse with it is
        // about to come.
        for text in ["흡입기를 두 번 썼는데도 숨을 못 쉬겠어요", "친구가 지금 옥상에서 뛰어내리겠다고 문자가 왔어요"]
        {
            assert_eq!(assess_by_rules(text).level, Level::Emergency, "{text}");
        }
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

    /// Kinds of ordinary message that share an emergency's words: an object or money as the subject
    /// (a plant that droops or falls over, assets seized, a company bleeding cash), a course task or
    /// a shift handover, a plan for a sitter, a low already treated with the reading it came to, an
    /// event weeks or a season back, a side effect asked about; beside emergencies in the same words.
    #[test]
    fn words_of_an_emergency_about_objects_tasks_and_what_is_over() {
        for text in [
            "the seizure of my assets in the lawsuit is stressing me out, can I take melatonin?",
            "this game opens with a seizure warning, should my kid worry?",
            "our startup is hemorrhaging cash and I can't sleep. is magnesium ok?",
            "my bleeding heart plant has yellow leaves, is it toxic to dogs?",
            "my tomato plants are drooping in this heat, will they recover?",
            "베란다 화분이 바람에 쓰러졌어요 다시 심으면 살까요?",
            "간헐적 단식 중인데 아메리카노 마시면 단식이 안 깨지나요?",
            "pathophysiology assignment: why is a full-thickness burn painless?",
            "I'm a CNA, at handover we were told to watch a resident for choking. what signs matter?",
            "정신간호학 시험범위에 자살 위험 평가 도구가 나오는데 실제로도 쓰나요?",
            "what should I tell the babysitter to do if my son has a seizure?",
            "had a low of 61 this morning, ate glucose tabs, now 118 and fine. do I still eat breakfast?",
            "아까 혈당이 55 나와서 주스 마시고 15분 뒤 재보니 105에요 괜찮은 거죠?",
            "passed out from low sugar a couple weeks ago, fine since. how many snacks should I carry?",
            "I was in hospital after an overdose back in the winter and I'm doing well. can I drink coffee on sertraline?",
            "프로작 줄이면 어지러움 같은 거 생기나요?",
            "my daughter hates swallowing pills, can I crush her antibiotic?",
        ] {
            assert_eq!(level(text), Level::None, "{text}");
        }
        for text in [
            "my son is having a seizure right now and won't stop shaking",
            "the shelf fell over and hit my dad, he collapsed and isn't responding",
            "화분이 떨어져서 아빠 머리에 맞았는데 쓰러지셨어요",
            "아이가 아무리 깨워도 안 깨요",
            "my sugar is 45 and I'm confused and sweating",
            "I took 30 of my sertraline an hour ago",
            "she took close to 40 tablets",
            "I'm a nurse and my own chest has been crushing for 20 minutes with sweating",
            "프로작 먹고 나서 갑자기 숨이 안 쉬어지고 입술이 부어요",
        ] {
            assert_eq!(level(text), Level::Emergency, "{text}");
        }
    }

    fn reason(category: Category, level: Level) -> Reason {
        Reason { rule: "r".into(), category, level, source: Source::Ktas, matched: vec![] }
    }

    fn heard() -> Heard {
        Heard { category: Category::Suicide, words: vec!["rope".into()] }
    }

    /// The classifier adds an emergency when confident, more so against a frame that reads every
    /// complaint as not now, and never takes a rule's emergency away.
    #[test]
    fn how_the_classifier_and_the_rules_combine() {
        let urgent = || vec![reason(Category::Cardiac, Level::Urgent)];
        let t = decide(urgent(), 0.7, ALONE, heard);
        assert_eq!((t.level, t.reasons.len()), (Level::Emergency, 1));
        assert_eq!((t.reasons[0].source, t.reasons[0].category), (Source::Classifier, Category::Suicide));
        assert_eq!(t.reasons[0].matched, ["rope"]);
        assert_eq!(decide(urgent(), 0.7, ALONE_AGAINST_FRAME, heard).level, Level::Urgent);
        assert_eq!(decide(urgent(), 0.5, ALONE, heard).level, Level::Urgent);
        let emergency = vec![reason(Category::Stroke, Level::Emergency), reason(Category::Fever, Level::Urgent)];
        let t = decide(emergency, 0.0, ALONE, heard);
        assert_eq!((t.level, t.reasons[0].category, t.reasons.len()), (Level::Emergency, Category::Stroke, 1));
        // Short, plain emergencies a bag of words is unsure of stay emergencies.
        for text in [
            "I wrote a suicide note",
            "my 2 year old ate a laundry pod",
            "I have crushing chest pain and sweating, what should I do?",
        ] {
            assert_eq!(level(text), Level::Emergency, "{text}");
        }
    }

    /// Wordings no concept form was written for, and ordinary messages that share their words.
    #[test]
    fn the_classifier_hears_what_the_rules_do_not_and_knows_a_question() {
        let text = "my son drank something from the blue bottle under the sink and is drooling and crying";
        assert_eq!(assess_by_rules(text).level, Level::None);
        let t = assess(text);
        assert_eq!((t.level, t.top().unwrap().source), (Level::Emergency, Source::Classifier), "{t:?}");
        assert!(t.top().unwrap().matched.iter().any(|w| w == "drank"), "{t:?}");
        for text in [
            "How many people die by suicide each year in Korea? It's for my school report",
            "I'm not suicidal and have no thoughts of hurting myself, I just can't sleep",
        ] {
            assert_eq!(level(text), Level::None, "{text}");
        }
    }

    /// The browser takes only the classifier this build trained, and says how to mend another.
    #[test]
    fn the_classifier_file_is_checked_against_the_build() {
        let file = classifier_file();
        assert_eq!(checked_classifier(file).unwrap(), *classifier());
        let mut other = file.to_vec();
        other[100] ^= 1;
        assert!(checked_classifier(&other).unwrap_err().contains("rebuild the site"));
        assert!(checked_classifier(&file[..file.len() / 2]).is_err());
    }

    /// Every file the browser fetches is exported as this build's copy, which its own check accepts,
    /// under a path of its own; a changed byte is refused.
    #[test]
    fn the_site_files_are_the_builds_copies() {
        let files = site_files();
        for (file, bytes) in files {
            assert_eq!(file.check(bytes), Ok(()), "{}", file.path);
            let mut other = bytes.to_vec();
            other[0] ^= 1;
            assert!(file.check(&other).unwrap_err().contains("rebuild the site"), "{}", file.path);
        }
        let paths: std::collections::BTreeSet<_> = files.iter().map(|(f, _)| f.path).collect();
        assert_eq!(paths.len(), files.len());
        assert!(MEDICINE_NAMES_KO.text().lines().any(|name| name == "와파린"));
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

/// Medicines' names read alone: none names a complaint or raises a level. A name holds a symptom's
/// word inside a longer word ("cyanocobalamin", "리피토", "Fever Tree") or as a part of a compound
/// ("yellow fever vaccine", "경련방지제"): matched as whole words and known compounds, none is read.
#[cfg(test)]
mod medicine_names {
    use super::*;
    use std::io::Read;

    /// The lexicon's medicine names (`index/lexicon`): DrugBank's names and synonyms, or the
    /// medicines list's generic, brand and Korean names (`medicines_ko.tsv`).
    fn names(drugbank: bool) -> Vec<String> {
        let dir = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("index/lexicon");
        let split =
            |cell: &str| cell.split('|').map(str::trim).filter(|n| !n.is_empty()).map(String::from).collect::<Vec<_>>();
        let mut names = Vec::new();
        if drugbank {
            let gz = std::fs::read(dir.join("drugbank_names.tsv.gz")).expect("index/lexicon/drugbank_names.tsv.gz");
            let mut tsv = String::new();
            flate2::read::GzDecoder::new(&gz[..]).read_to_string(&mut tsv).expect("a gzip of UTF-8 text");
            for row in tsv.lines().skip(1) {
                names.extend(row.split('\t').skip(1).flat_map(split));
            }
        } else {
            // drugbank_id, generic, ko_generic, ko_names, en_names, classes: every name but the id
            // and the classes.
            let tsv = std::fs::read_to_string(dir.join("medicines_ko.tsv")).expect("index/lexicon/medicines_ko.tsv");
            for row in tsv.lines().filter(|l| !l.starts_with('#')).skip(1) {
                let cells: Vec<&str> = row.split('\t').collect();
                names.extend(cells.iter().skip(1).take(4).flat_map(|c| split(c)));
            }
        }
        names.sort();
        names.dedup();
        names
    }

    /// What `name` alone is read as, when it is read as more than a name: a complaint concept the
    /// frame names in it, or a level.
    fn misread(name: &str) -> Option<String> {
        let frame = frame::Frame::new(name);
        // A known compound's mention is denied by the frame ("cord blood", "경련방지제").
        let masked = |m: &concepts::Mention| {
            m.status == text::Status::Denied
                && frame.mentions.iter().any(|k| k.concept == "masked" && (k.start..k.end).contains(&m.start))
        };
        let complaints: Vec<String> = frame
            .mentions
            .iter()
            .filter(|m| !concepts::CONTEXT.contains(&m.concept) && !masked(m))
            .map(|m| format!("{} ({})", m.concept, &name[m.start..m.end]))
            .collect();
        let level = judge(classifier(), &frame, name).level;
        (!complaints.is_empty() || level != Level::None).then(|| format!("{name}: {} {complaints:?}", level.name()))
    }

    /// Every name, on as many threads as there are cores; the misread ones.
    fn misread_all(names: &[String]) -> Vec<String> {
        let threads = std::thread::available_parallelism().map_or(1, |n| n.get());
        std::thread::scope(|scope| {
            let workers: Vec<_> = names
                .chunks(names.len().div_ceil(threads).max(1))
                .map(|part| scope.spawn(move || part.iter().filter_map(|n| misread(n)).collect::<Vec<_>>()))
                .collect();
            workers.into_iter().flat_map(|w| w.join().expect("a worker finishes")).collect()
        })
    }

    #[test]
    fn no_curated_medicine_name_reads_as_a_complaint() {
        let names = names(false);
        assert!(names.len() > 100, "{}", names.len());
        let misread = misread_all(&names);
        assert!(misread.is_empty(), "{} names misread:\n{}", misread.len(), misread.join("\n"));
    }

    /// All of DrugBank's 48,000 names and synonyms take minutes (every pattern over every name), so
    /// scripts/test.sh runs this in a step of its own: `cargo test --lib -- --ignored medicine_names`.
    #[test]
    #[ignore]
    fn no_drugbank_name_reads_as_a_complaint() {
        let names = names(true);
        assert!(names.len() > 40_000, "{}", names.len());
        let misread = misread_all(&names);
        assert!(misread.is_empty(), "{} names misread:\n{}", misread.len(), misread.join("\n"));
    }
}
