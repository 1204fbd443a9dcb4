//! The clinical frame of one message: who it is about, what they have (the complaint concepts),
//! whether it holds now (assertion and time), and the modifiers (readings with units, what happened,
//! what was swallowed). The rules in [`super::rules`] read only this frame, never the text: a
//! situation ("a child vomiting after a blow to the head") is one rule however it is worded.
//!
//! Assertion and time are read per mention in its sentence ([`super::text::status`]: denied, asked
//! about for information or school, a plan for a possible event, long past), then across the message:
//! a complaint told before "fine since" / "괜찮아졌어요" is over unless the message says it is back,
//! and a stroke sign in someone in rehabilitation after a stroke is its after-effect unless it came on
//! suddenly.

use super::concepts::{self, Mention};
use super::poisoning::{self, Ingestion};
use super::readings::{self, Reading, Readings};
use super::text::{sentence_around, Status, View, TEXT_PATTERNS};
use crate::core::site::{site_pattern, site_words};

// A long-standing word that names a stroke or its after-care.
site_pattern!(TEXT_PATTERNS, names_stroke);
site_pattern!(TEXT_PATTERNS, back_now);
site_pattern!(TEXT_PATTERNS, also_en);
// "멀쩡해 보여서", "괜찮아 보였는데": how it looked then.
site_pattern!(TEXT_PATTERNS, seeming_after);
site_pattern!(TEXT_PATTERNS, seeming_before);
// A near miss of an event ("almost passed out", "정신을 잃을 뻔했어요"); "almost unresponsive" is a state.
site_pattern!(TEXT_PATTERNS, near_event);
site_pattern!(TEXT_PATTERNS, near_before);
site_pattern!(TEXT_PATTERNS, near_after);
site_pattern!(TEXT_PATTERNS, hoped_before);

/// Who the message is about, the most specific said.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Who {
    /// A baby under a year (its age in days when the message gives one).
    Infant(Option<u32>),
    /// A child or teenager.
    Child,
    /// An older adult.
    Older,
    /// The user, or another adult.
    Adult,
    /// A pet: a matter for a vet.
    Animal,
}

/// What one message says, as the rules read it.
pub struct Frame {
    pub who: Who,
    /// Every concept named, with its status; [`Frame::has`] sees only those affirmed now.
    pub mentions: Vec<Mention>,
    pub readings: Readings,
    pub ingestions: Vec<(Ingestion, usize, usize)>,
    /// Pregnant now, or a positive test or a missed period.
    pub pregnant: bool,
    /// Gave birth in the last weeks.
    pub postpartum: bool,
    /// The whole message is framed as a plan, a lesson, a story, news or study ([`View`]).
    framed: bool,
}

// Concepts that say when, not what: they keep their status when the message says the rest is over.
site_words!(TEXT_PATTERNS, time_words);
/// What happened and what the person takes or has: "fine now" does not undo a blow to the head on
/// warfarin, nor adrenaline given for anaphylaxis (it wears off), nor a hanging cut down.
const LASTING: &[&str] = &[
    "head_injury",
    "high_impact",
    "anticoagulant",
    "diabetic",
    "immunosuppressed",
    "aneurysm",
    "adrenaline_given",
    "hanging",
];
/// What is still at hand when told in the past: a means saved or bought ("번개탄 사다 놨다는 말도
/// 예전에 했었어요"), a heater or boiler fixed "last week". The past dates the event, not the thing.
const AT_HAND: &[&str] = &["suicide_means", "co_source", "pill_stockpile"];
/// What happened that a clinician's clearance ends ("A&E watched her for 4 hours and discharged her",
/// "CT 정상이라고"), though a "fine now" alone does not.
const CLEARED_EVENTS: &[&str] = &["head_injury", "high_impact", "adrenaline_given"];
/// What "the bleeding stopped" is over for.
const BLEEDING: &[&str] = &["heavy_bleeding", "bleeding", "pad_soaking"];
/// Consciousness lost, whose Korean stems ("쓰러지", "기절하") take -겠 for what is about to come.
const COLLAPSES: &[&str] = &["collapse", "unresponsive", "syncope", "exertional_syncope"];
// Signs that a stroke's after-effect explains when the message says it is one.
site_words!(TEXT_PATTERNS, stroke_signs);

impl Frame {
    pub fn new(text: &str) -> Frame {
        let view = View::new(text);
        let mut mentions = concepts::mentions(&view);
        let mut readings = readings::read(&view);
        // A symptom's word inside a compound that means something else ("hay fever", "seizure-free");
        // a pet tripped over or walked is where it happened, not who is ill.
        let masks: Vec<(&str, usize, usize)> = mentions
            .iter()
            .filter(|m| matches!(m.concept, "masked" | "pet_object"))
            .map(|m| (m.concept, m.start, m.end))
            .collect();
        // A mention is inside one when it starts there and goes on past its end by no word ("cord
        // blood (UCB)": the form of bleeding reads "blood (").
        let inside = |m: &Mention, s: usize, e: usize| {
            m.start >= s && m.start < e && !view.lower[e.max(m.start)..m.end.max(e)].contains(char::is_alphanumeric)
        };
        for m in mentions.iter_mut().filter(|m| !matches!(m.concept, "masked" | "pet_object")) {
            if masks.iter().any(|&(kind, s, e)| inside(m, s, e) && (kind == "masked" || m.concept == "animal")) {
                m.status = Status::Denied;
            }
        }
        // Eating well ("분유는 잘 먹고", "eating normally") is no exposure to a food: the eating is in the
        // words that say it is done well, or right after them.
        let eating_well: Vec<(usize, usize)> =
            mentions.iter().filter(|m| m.concept == "doing_well").map(|m| (m.start, m.end)).collect();
        for m in mentions.iter_mut().filter(|m| matches!(m.concept, "allergen" | "ate")) {
            if eating_well.iter().any(|&(s, e)| m.start <= e + 1 && m.end > s) {
                m.status = Status::Denied;
            }
        }
        // Consciousness nearly lost was not: the near-faint is still read as "faint" and "collapse"
        // (with a racing heart it is unstable, ESC).
        for m in mentions
            .iter_mut()
            .filter(|m| m.concept == "unresponsive" && near_event().is_match(&view.lower[m.start..m.end]))
        {
            if near_before().is_match(&view.lower[..m.start]) {
                m.status = Status::Hypothetical;
            }
        }
        // What Korean says nearly happened did not ("심장이 터질 뻔했어요", "숨넘어갈 뻔"), but a near-faint
        // is faintness, and nearly drowning is near drowning. A collapse said to be about to come
        // ("배고파 쓰러지겠어요") has not either; elsewhere -겠 says one cannot ("숨을 못 쉬겠어요") or
        // means to ("뛰어내리겠다고"), which hold now.
        for m in mentions.iter_mut().filter(|m| !matches!(m.concept, "faint" | "drowning" | "submerged")) {
            let after = view.lower[m.end..].trim_start();
            if near_after().is_match(after) || (COLLAPSES.contains(&m.concept) && after.starts_with('겠')) {
                m.status = Status::Hypothetical;
            }
        }
        let affirmed = |mentions: &[Mention], id: &str| {
            mentions.iter().filter(|m| m.concept == id && m.status == Status::Affirmed).map(|m| m.start).collect()
        };
        for m in mentions.iter_mut().filter(|m| AT_HAND.contains(&m.concept) && m.status == Status::Past) {
            m.status = Status::Affirmed;
        }
        // Over: everything told before a "fine since", unless something said after it is ongoing. A
        // passing episode ("눈앞이 깜깜해졌다가 돌아왔어요", "felt faint for a moment and then it went
        // away") is over within its sentence: what the earlier sentences told is not.
        // A resolution told in a past sentence ("just once, none since") is over all the same.
        let over = |mentions: &[Mention], id: &str| -> Vec<usize> {
            mentions
                .iter()
                .filter(|m| m.concept == id && matches!(m.status, Status::Affirmed | Status::Past))
                .map(|m| m.start)
                .collect()
        };
        // Only a resolution that is told counts: not one that only seemed so at the time ("멀쩡해
        // 보여서", "괜찮은 줄 알고", "seemed fine at first"), nor one hoped or asked for ("how long till
        // she's back to normal", "until it's gone").
        for m in mentions.iter_mut().filter(|m| m.concept == "resolved") {
            let after = view.lower[m.end..].trim_start();
            let before = &view.lower[..m.start];
            let clause = &before[before.rfind([',', '.', ';', '!', '?', '\n']).map_or(0, |i| i + 1)..];
            if seeming_after().is_match(after) || seeming_before().is_match(clause) || hoped_before().is_match(clause) {
                m.status = Status::Hypothetical;
            }
        }
        let cleared: Vec<usize> = over(&mentions, "cleared");
        let resolved: Vec<usize> = [over(&mentions, "resolved"), cleared.clone()].concat();
        let ongoing: Vec<usize> = affirmed(&mentions, "ongoing");
        for &over in resolved.iter().filter(|&&over| !ongoing.iter().any(|&o| o > over)) {
            let clause = view.lower[..over].rfind([',', '.', ';', '!', '?', '\n']).map_or(0, |i| i + 1);
            let passing = view.lower[..over].trim_end().ends_with("다가")
                || mentions.iter().any(|m| m.concept == "fleeting" && (clause..over).contains(&m.start));
            let from = if passing { sentence_around(&view.lower, over, over).0 } else { 0 };
            // ... and so is what an earlier sentence told of the same sign: "faints at every blood test.
            // fainted today for a moment, fine now" is one passing episode.
            let episode: Vec<&str> =
                mentions.iter().filter(|m| (from..over).contains(&m.start)).map(|m| m.concept).collect();
            let by_clinician = cleared.contains(&over);
            for m in mentions.iter_mut().filter(|m| {
                ((from..over).contains(&m.start) || (m.start < from && episode.contains(&m.concept)))
                    && !time_words().contains(&m.concept)
                    && (!LASTING.contains(&m.concept) || (by_clinician && CLEARED_EVENTS.contains(&m.concept)))
            }) {
                if m.status == Status::Affirmed {
                    m.status = Status::Resolved;
                }
            }
            // A measurement told before is over too; a baby's age is not ("my 4 month old went limp and
            // blue for a few seconds, he's ok now" is still a baby's).
            let Readings { blood_pressure, glucose, temperature, oxygen, .. } = &mut readings;
            for reading in [blood_pressure, glucose, temperature, oxygen] {
                if reading.is_some_and(|r| (from..over).contains(&r.start)) {
                    *reading = None;
                }
            }
        }
        if let Some(stopped) = affirmed(&mentions, "bleeding_stopped").into_iter().max() {
            for m in mentions.iter_mut().filter(|m| m.start < stopped && BLEEDING.contains(&m.concept)) {
                if m.status == Status::Affirmed {
                    m.status = Status::Resolved;
                }
            }
        }
        // A lasting deficit after a stroke is not a new stroke, unless it came on suddenly: said as
        // such ("rehab", "since his stroke") or as a stroke told in the past ("a stroke two years ago,
        // his hand is still weak").
        // A sign told as back now ("now her face is drooping again", "지금 또 입이 돌아가고") is a new stroke.
        // A long-standing word that names no stroke ("원래 디스크가 있어서", "for years") dates only the
        // sign in its own sentence; a sign that began since yesterday is new whatever came before.
        let past_stroke = mentions.iter().any(|m| m.concept == "stroke" && m.status == Status::Past);
        let chronic_at: Vec<(usize, bool)> = mentions
            .iter()
            .filter(|m| m.concept == "chronic" && m.status == Status::Affirmed)
            .map(|m| (m.start, names_stroke().is_match(&view.lower[m.start..m.end])))
            .collect();
        let new_onset =
            mentions.iter().any(|m| matches!(m.concept, "sudden" | "recent_onset") && m.status == Status::Affirmed);
        if !new_onset {
            for m in mentions.iter_mut().filter(|m| stroke_signs().contains(&m.concept) && m.status == Status::Affirmed)
            {
                let sentence = sentence_around(&view.lower, m.start, m.end);
                let dated = chronic_at.iter().any(|&(at, stroke)| stroke || (sentence.0..sentence.1).contains(&at));
                if (past_stroke || dated) && !back_now().is_match(&view.lower[sentence.0..sentence.1]) {
                    m.status = Status::Past;
                }
            }
        }
        let said = |id: &str| mentions.iter().any(|m| m.concept == id && m.status != Status::Denied);
        // "The whole family has headaches, even the cat is lethargic" is about the people.
        // A pet told as one more of the sick ("the cat has been throwing up too", "고양이도") is too, and
        // so is a goodbye that hands a pet over ("look after my cat for me").
        let pet_too = mentions.iter().any(|m| {
            m.concept == "animal" && {
                let (from, to) = sentence_around(&view.lower, m.start, m.end);
                let sentence = &view.lower[from..to];
                also_en().is_match(sentence) || view.lower[m.end..].starts_with('도')
            }
        });
        let people = said("first_person")
            || said("group")
            || said("adult_subject")
            || (pet_too && (said("child") || said("older")));
        // A lethal-dose question told with a pet handed over is the person's.
        let parting = said("farewell") || (said("lethal_query") && said("gave_away"));
        let pet = said("animal") && !said("bitten") && !parting && (said("vet") || !people);
        let who = match readings.infant_age_days {
            _ if pet => Who::Animal,
            Some(age) if age.value < 365.0 => Who::Infant(Some(age.value as u32)),
            _ if said("infant") => Who::Infant(None),
            _ if said("child") || said("teen") => Who::Child,
            _ if said("older") => Who::Older,
            _ => Who::Adult,
        };
        let child = matches!(who, Who::Infant(_) | Who::Child);
        let mut ingestions = poisoning::ingestions(&view, child);
        // "Swallowed a magnet, the doctor said it will pass": over once a clinician says so.
        if let Some(&over) = cleared.iter().max() {
            ingestions.retain(|&(_, start, _)| start > over);
        }
        // ... and none is taken inside a known compound or a quoted name ("the podcast 'Overdose on History'").
        ingestions
            .retain(|&(_, start, _)| !masks.iter().any(|&(kind, s, e)| kind == "masked" && (s..e).contains(&start)));
        let pregnant = crate::extract::patterns::demographics(text).pregnant == Some(true)
            // A positive test told as past ("last week") still means pregnant now.
            || mentions.iter().any(|m| m.concept == "positive_test" && matches!(m.status, Status::Affirmed | Status::Past));
        // A birth told as past ("had my baby 2 weeks ago") is what makes bleeding now postpartum.
        let postpartum =
            mentions.iter().any(|m| m.concept == "gave_birth" && matches!(m.status, Status::Affirmed | Status::Past));
        Frame { who, mentions, readings, ingestions, pregnant, postpartum, framed: view.framed() }
    }

    /// The first mention of `concept` affirmed now.
    pub fn mention(&self, concept: &str) -> Option<&Mention> {
        self.mentions.iter().find(|m| m.concept == concept && m.status == Status::Affirmed)
    }

    /// Whether `concept` is said to hold now.
    pub fn has(&self, concept: &str) -> bool {
        self.mention(concept).is_some()
    }

    /// Whether `concept` is named and not denied, whatever its time: a fact that holds even when told
    /// in a plan or in the past ("36 weeks", "long ago", "had been drinking").
    pub fn named(&self, concept: &str) -> bool {
        self.mentions.iter().any(|m| m.concept == concept && m.status != Status::Denied)
    }

    /// The first mention of `concept` said to hold now or told as past: what someone started taking
    /// "two weeks ago" still acts now.
    pub fn ever(&self, concept: &str) -> Option<&Mention> {
        self.mentions.iter().find(|m| m.concept == concept && matches!(m.status, Status::Affirmed | Status::Past))
    }

    /// The first mention of `concept` said to hold now or to have happened and passed: an episode that
    /// is over by the time anyone writes (a faint, a blue spell) still counts for the rules that ask.
    pub fn happened(&self, concept: &str) -> Option<&Mention> {
        self.mentions.iter().find(|m| m.concept == concept && matches!(m.status, Status::Affirmed | Status::Resolved))
    }

    /// Whether complaints are named but none is said to hold now: each is denied, asked about, a
    /// plan, past or over, each in its own sentence. A reading of the whole message as a plan or a
    /// lesson does not count: one word of framing covers every sentence, so it is the reading most
    /// often wrong ("강의 자료 만들고 있는데 가슴이 조이고 식은땀이 나요").
    pub fn names_none_now(&self) -> bool {
        if self.framed {
            return false;
        }
        // A known compound counts as a complaint denied: its words ("hates swallowing pills") are what
        // a bag of words hears as a sign.
        let mut complaints = self.mentions.iter().filter(|m| !time_words().contains(&m.concept)).peekable();
        complaints.peek().is_some() && complaints.all(|m| m.status != Status::Affirmed || m.concept == "masked")
    }

    /// Whether the frame holds nothing at all: no concept, nothing swallowed, no reading.
    pub fn names_nothing(&self) -> bool {
        let Readings { blood_pressure, glucose, temperature, oxygen, infant_age_days } = &self.readings;
        self.mentions.is_empty()
            && self.ingestions.is_empty()
            && [blood_pressure, glucose, temperature, oxygen, infant_age_days].iter().all(|r| r.is_none())
    }

    pub fn child(&self) -> bool {
        matches!(self.who, Who::Infant(_) | Who::Child)
    }

    /// An infant's age in days, when said.
    pub fn infant_days(&self) -> Option<Reading> {
        self.readings.infant_age_days.filter(|a| a.value < 365.0)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn status_of(text: &str, concept: &str) -> Option<Status> {
        Frame::new(text).mentions.iter().find(|m| m.concept == concept).map(|m| m.status)
    }

    #[test]
    fn compounds_pets_and_ages() {
        // "hay fever", "seizure-free", "간질약" hold a symptom's word and are no complaint.
        assert_eq!(status_of("hay fever is killing me", "fever"), Some(Status::Denied));
        assert_eq!(status_of("seizure-free for two years, can i drive", "seizure"), Some(Status::Denied));
        // Handling a medicine is no injury, a medicine's rebound no sign of a surgical abdomen.
        assert_eq!(status_of("can i crush my sertraline into applesauce?", "fracture"), Some(Status::Denied));
        assert_eq!(status_of("my hand got crushed in the car door", "crushed"), Some(Status::Affirmed));
        assert_eq!(status_of("stopping omeprazole, any rebound acid?", "rigid_abdomen"), Some(Status::Denied));
        // A household with a sick pet is about the people.
        assert_eq!(Frame::new("whole family has headaches, even the cat is lethargic").who, Who::Adult);
        assert_eq!(Frame::new("my cat is vomiting").who, Who::Animal);
        // "81 year old" and "75살" are no children.
        assert_eq!(Frame::new("my 81 year old mum has belly pain").who, Who::Older);
        assert_eq!(Frame::new("75살 엄마가 배가 아프대요").who, Who::Older);
        assert_eq!(Frame::new("7살 아들이 배가 아파요").who, Who::Child);
    }

    #[test]
    fn who_when_and_assertion() {
        assert_eq!(Frame::new("my 7 week old feels hot").who, Who::Infant(Some(49)));
        assert_eq!(Frame::new("생후 50일 아기가 열이 나요").who, Who::Infant(Some(50)));
        assert_eq!(Frame::new("우리 할머니가 가슴이 아프대요").who, Who::Older);
        assert_eq!(
            status_of("I had a one-second twinge in my chest yesterday, fine since", "chest_pain"),
            Some(Status::Resolved)
        );
        assert_eq!(status_of("어제 잠깐 가슴이 찌릿했는데 그 뒤로는 괜찮아요", "chest_pain"), Some(Status::Resolved));
        assert_eq!(
            status_of("my dad had a stroke last year and is in rehab, his left arm is still weak", "one_side_weak"),
            Some(Status::Past)
        );
        assert_eq!(status_of("I'm not suicidal, just exhausted", "suicidal"), Some(Status::Denied));
        assert_eq!(status_of("자살 통계 과제를 하고 있어요", "suicidal"), Some(Status::Asked));
        assert_eq!(
            status_of("if my son has a seizure at school what should the teacher do", "seizure"),
            Some(Status::Hypothetical)
        );
        assert_eq!(
            status_of("chest pain yesterday, went away, but now it's back and I'm sweating", "chest_pain"),
            Some(Status::Affirmed)
        );
        // A passing episode is over within its sentence; what the earlier sentences told is not.
        let f = Frame::new("목이 조여와요. 방금 눈앞이 하얘졌다가 돌아왔어요");
        assert!(f.has("throat_closing"));
        // A hope is no resolution, a repetition is ongoing.
        assert!(Frame::new("목이 조이고 숨쉴때 쌕쌕 소리가 나요 약 먹고 자면 괜찮아지겠죠").has("wheeze"));
        // "just once, none since" is over; a boiler fixed last week is still there.
        assert_eq!(status_of("had some spotting this morning, just once, none since", "bleeding"), Some(Status::Past));
        assert!(Frame::new("the landlord fixed the boiler last week").has("co_source"));
        // "blood pressure" is no bleeding; a pet sick "too" leaves the family the subject.
        assert_ne!(status_of("my blood pressure was 118/74", "bleeding"), Some(Status::Affirmed));
        assert_eq!(Frame::new("me and both kids have headaches and the cat has been sick too").who, Who::Child);
    }

    #[test]
    fn resolutions_seemed_hoped_and_new_signs() {
        // Fine only as it looked then, or as hoped: the sign holds.
        assert!(Frame::new("물에 빠졌다가 나왔는데 지금 숨을 빨리 쉬어요. 그때는 멀쩡해 보여서 집에 왔어요")
            .has("fast_breathing"));
        assert!(
            Frame::new("she is breathing fast and floppy. how long till she's back to normal?").has("fast_breathing")
        );
        assert!(!Frame::new("had hives after egg\ngave antihistamine\ngone in an hour").has("hives"));
        // A sign that does not stop goes on; a story or a game asked about is no report.
        assert!(Frame::new("구토가 멈추질 않아요").has("vomiting"));
        assert!(!Frame::new("in a game the hero coughs up blood. how accurate is that?").has("cough_blood"));
        // A long-standing back problem does not date a weakness that began yesterday.
        assert!(Frame::new("원래 허리 디스크가 있어요. 근데 어제부터 다리에 힘이 빠져요").has("limb_numb"));
        // A feared heart attack is no heart attack; a sports match is no convulsion.
        assert!(!Frame::new("부장님 때문에 심장마비 올 것 같아요").has("named_emergency"));
        assert!(!Frame::new("my kids are giving me a heart attack today").has("named_emergency"));
        assert!(!Frame::new("토요일에 축구 경기가 있어요").has("seizure"));
        // A collapse that nearly happened did not; its faintness is still faint.
        let f = Frame::new("like I almost passed out on the bus");
        assert!(!f.has("unresponsive") && f.has("faint"));
        assert!(!Frame::new("정신을 잃을 뻔했어요").has("unresponsive"));
        assert!(Frame::new("he is almost unresponsive").has("unresponsive"));
    }
}
