//! What the user sees first: the notice in their language with the numbers of their country.

use super::{Category, Level, Triage};
use crate::core::Lang;
use serde::{Deserialize, Serialize};

/// Where the user is, for the numbers to call. `Auto` follows the answer's language (Korean ->
/// Korea, English -> the United States).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum Country {
    #[default]
    Auto,
    Kr,
    Us,
    Ca,
    Gb,
    Au,
    /// Elsewhere in the EU: 112.
    Eu,
}

/// The emergency, crisis and poison numbers of a country.
struct Numbers {
    emergency: &'static str,
    crisis: &'static str,
    poison: &'static str,
}

impl Country {
    pub const ALL: [Country; 7] =
        [Country::Auto, Country::Kr, Country::Us, Country::Ca, Country::Gb, Country::Au, Country::Eu];

    pub fn code(self) -> &'static str {
        match self {
            Country::Auto => "auto",
            Country::Kr => "kr",
            Country::Us => "us",
            Country::Ca => "ca",
            Country::Gb => "gb",
            Country::Au => "au",
            Country::Eu => "eu",
        }
    }

    pub fn from_code(code: &str) -> Option<Country> {
        Country::ALL.into_iter().find(|c| c.code() == code)
    }

    /// Its name in the settings panel.
    pub fn label(self, lang: Lang) -> &'static str {
        match (self, lang) {
            (Country::Auto, Lang::Ko) => "언어에 따라 (한국어 → 한국, 영어 → 미국)",
            (Country::Auto, Lang::En) => "By language (Korean → Korea, English → US)",
            (Country::Kr, Lang::Ko) => "대한민국 (119 / 109)",
            (Country::Kr, Lang::En) => "Korea (119 / 109)",
            (Country::Us, Lang::Ko) => "미국 (911 / 988)",
            (Country::Us, Lang::En) => "United States (911 / 988)",
            (Country::Ca, Lang::Ko) => "캐나다 (911 / 988)",
            (Country::Ca, Lang::En) => "Canada (911 / 988)",
            (Country::Gb, Lang::Ko) => "영국 (999 / 116 123)",
            (Country::Gb, Lang::En) => "United Kingdom (999 / 116 123)",
            (Country::Au, Lang::Ko) => "호주 (000 / 13 11 14)",
            (Country::Au, Lang::En) => "Australia (000 / 13 11 14)",
            (Country::Eu, Lang::Ko) => "유럽연합 (112)",
            (Country::Eu, Lang::En) => "European Union (112)",
        }
    }

    /// The number to call in an emergency, for an answer in `lang`.
    pub fn emergency_number(self, lang: Lang) -> &'static str {
        self.numbers(lang).emergency
    }

    fn resolve(self, lang: Lang) -> Country {
        match (self, lang) {
            (Country::Auto, Lang::Ko) => Country::Kr,
            (Country::Auto, Lang::En) => Country::Us,
            (country, _) => country,
        }
    }

    fn numbers(self, lang: Lang) -> Numbers {
        match self.resolve(lang) {
            Country::Kr => Numbers { emergency: "119", crisis: "109", poison: "119" },
            Country::Us | Country::Auto => {
                Numbers { emergency: "911", crisis: "988", poison: "1-800-222-1222 (Poison Control)" }
            }
            Country::Ca => Numbers { emergency: "911", crisis: "988", poison: "1-844-764-7669 (Poison Centre)" },
            Country::Gb => Numbers { emergency: "999", crisis: "116 123 (Samaritans)", poison: "111" },
            Country::Au => Numbers { emergency: "000", crisis: "13 11 14 (Lifeline)", poison: "13 11 26" },
            Country::Eu => Numbers { emergency: "112", crisis: "112", poison: "112" },
        }
    }
}

/// What to do while waiting, per kind of emergency.
fn while_waiting(category: Category, lang: Lang, n: &Numbers) -> String {
    let ko = lang == Lang::Ko;
    let pick = |korean: &str, english: &str| (if ko { korean } else { english }).to_string();
    match category {
        Category::Cardiac | Category::BloodPressure => pick(
            "움직이지 말고 앉아서 쉬세요. 아스피린 알레르기가 없다면 의료진 안내에 따라 아스피린을 씹어 드실 수 있습니다.",
            "Sit down and rest; do not drive yourself. If you are not allergic, the dispatcher may tell you to chew an aspirin.",
        ),
        Category::Stroke => pick(
            "증상이 시작된 시각을 기억하세요. 먹거나 마시지 말고 눕혀서 기다리세요.",
            "Note the time the signs started. Give nothing to eat or drink; lie them down and wait.",
        ),
        Category::Anaphylaxis => pick(
            "에피네프린 자가주사기가 있으면 바로 허벅지에 놓으세요. 숨쉬기 힘들면 앉히고, 어지러우면 눕혀 다리를 올리세요.",
            "Use an adrenaline (epinephrine) auto-injector now if there is one. Sit up if breathing is hard; lie flat with legs raised if faint.",
        ),
        Category::Seizure => pick(
            "주위의 위험한 물건을 치우고 머리를 받쳐 주세요. 입에 아무것도 넣지 말고, 멈추면 옆으로 눕히세요.",
            "Move hard objects away and cushion the head. Put nothing in the mouth; once it stops, roll them onto their side.",
        ),
        Category::Unresponsive => pick(
            "숨을 쉬지 않으면 상황실 안내에 따라 가슴압박(심폐소생술)을 시작하세요. 숨을 쉬면 옆으로 눕혀 기도를 확보하세요.",
            "If they are not breathing, start chest compressions as the dispatcher guides you. If they breathe, roll them onto their side.",
        ),
        Category::Bleeding | Category::GiBleed => pick(
            "깨끗한 천으로 상처를 세게 계속 누르세요. 눕혀서 안정시키고 먹거나 마시지 마세요.",
            "Press hard on the wound with a clean cloth and keep pressing. Lie down; eat and drink nothing.",
        ),
        Category::Suicide => {
            if ko {
                format!("혼자 견디지 마세요. 자살예방상담전화 {}에서 24시간 이야기를 들어 드립니다. 주변 사람에게 곁에 있어 달라고 하세요.", n.crisis)
            } else {
                format!("You do not have to face this alone. Call or text {} (crisis line) any time, and ask someone to stay with you.", n.crisis)
            }
        }
        Category::Overdose | Category::Poisoning => {
            if ko {
                format!("억지로 토하게 하지 마세요. 먹은 약이나 물질의 포장을 챙기세요 (중독 상담 {}).", n.poison)
            } else {
                format!("Do not make yourself or anyone else vomit. Keep the bottle or package to show (poison help: {}).", n.poison)
            }
        }
        Category::Breathing | Category::Oxygen => pick(
            "똑바로 앉혀 주세요. 처방받은 흡입기가 있으면 사용하세요.",
            "Sit upright. Use a prescribed inhaler if there is one.",
        ),
        Category::Pregnancy => pick(
            "눕고, 어지러우면 다리를 올리세요. 먹거나 마시지 말고 산모수첩을 챙기세요.",
            "Lie down (on your left side if pregnant) and raise your legs if faint. Eat and drink nothing; keep your maternity notes at hand.",
        ),
        Category::Aortic => pick(
            "움직이지 말고 누워 기다리세요. 아스피린 등 약을 스스로 먹지 마세요.",
            "Keep still and lie down while you wait. Take no aspirin or other medicine unless the dispatcher says so.",
        ),
        Category::HeadInjury => pick(
            "다친 사람을 혼자 두지 말고, 목을 다쳤을 수 있으면 움직이지 마세요. 먹거나 마시지 말고, 다친 시각을 기억하세요.",
            "Stay with them; if the neck may be hurt, do not move them. Give nothing to eat or drink and note when it happened.",
        ),
        Category::Spine => pick(
            "위험한 곳이 아니면 움직이지 말고, 머리와 목을 똑바로 고정한 채 기다리세요.",
            "Unless they are in danger, do not move them; keep the head and neck still and in line while you wait.",
        ),
        Category::Choking => pick(
            "기침을 못 하면 등 한가운데를 손바닥으로 세게 5번 두드리고, 하임리히법(배 밀어 올리기) 5번을 번갈아 하세요. 의식을 잃으면 가슴압박을 시작하세요.",
            "If they cannot cough, give 5 firm back blows between the shoulder blades, then 5 abdominal thrusts, and repeat. If they go unresponsive, start chest compressions.",
        ),
        Category::Burn => pick(
            "흐르는 시원한 물로 20분 동안 식히세요. 붙지 않은 옷과 반지는 빼고, 얼음이나 연고는 쓰지 말고 랩이나 깨끗한 천으로 느슨하게 덮으세요.",
            "Cool the burn under cool running water for 20 minutes. Remove rings and clothing that is not stuck; no ice or creams; cover loosely with cling film or a clean cloth.",
        ),
        Category::EyeInjury => pick(
            "눈꺼풀을 벌린 채 깨끗한 흐르는 물로 최소 20분 동안 씻어내세요. 비비지 말고 제품 용기를 챙기세요.",
            "Rinse the eye with clean running water for at least 20 minutes, holding the eyelid open. Do not rub; keep the product's label.",
        ),
        Category::Heat => pick(
            "시원한 곳으로 옮기고 겉옷을 벗긴 뒤 물을 뿌리고 부채질해 몸을 식히세요. 의식이 또렷할 때만 물을 조금씩 주세요.",
            "Move them somewhere cool, remove outer clothing, and cool them with water and fanning. Give sips of water only if fully awake.",
        ),
        Category::Cold => pick(
            "따뜻한 곳으로 옮기고 젖은 옷을 벗긴 뒤 담요로 몸통부터 감싸세요. 뜨거운 물에 넣거나 술을 주지 마세요.",
            "Move them somewhere warm, remove wet clothes and wrap the body in blankets, trunk first. No hot bath and no alcohol.",
        ),
        Category::Drowning => pick(
            "숨을 제대로 쉬지 않으면 상황실 안내에 따라 심폐소생술을 시작하세요. 숨을 쉬면 옆으로 눕히고 몸을 따뜻하게 하세요.",
            "If they are not breathing normally, start CPR as the dispatcher guides you. If they breathe, lay them on their side and keep them warm.",
        ),
        Category::Electric => pick(
            "전원이 끊기기 전에는 만지지 마세요. 숨을 쉬지 않으면 가슴압박을 시작하고, 화상은 흐르는 물로 식히세요.",
            "Do not touch them until the power is off. If they are not breathing, start chest compressions; cool any burns under running water.",
        ),
        Category::CarbonMonoxide => pick(
            "모두 즉시 밖으로 나가 신선한 공기를 마시세요. 안전하면 창문을 열고 난방기를 끄되, 다시 들어가지 마세요.",
            "Get everyone out into fresh air now. If it is safe, open windows and turn the heater off; do not go back in.",
        ),
        Category::Abdomen => pick(
            "먹거나 마시지 말고, 진찰 전에는 진통제나 변비약을 먹지 마세요. 혼자 운전해서 가지 마세요.",
            "Eat and drink nothing, and take no painkillers or laxatives before you are seen. Do not drive yourself.",
        ),
        Category::Sepsis => pick(
            "상황실에 '패혈증이 의심된다'고 말하세요. 복용 중인 약 목록을 챙기세요.",
            "Tell the dispatcher you think it could be sepsis. Keep a list of their medicines at hand.",
        ),
        Category::Dehydration => pick(
            "모유나 경구수액(ORS)을 조금씩 자주 먹이면서 바로 응급실로 가세요.",
            "Keep offering breast milk or oral rehydration solution in small sips, and go to the emergency department now.",
        ),
        Category::Glucose => pick(
            "의식이 있고 삼킬 수 있으면 당(주스, 사탕)을 드시게 하세요. 의식이 없으면 아무것도 먹이지 마세요.",
            "If they are awake and can swallow, give sugar (juice, sweets); if not, give nothing by mouth.",
        ),
        Category::SkinReaction => pick(
            "새로 먹기 시작한 약은 더 먹지 말고 약 봉투를 챙기세요. 물집은 터뜨리지 마세요.",
            "Take no more of the new medicine and bring its box. Do not burst the blisters.",
        ),
        Category::Torsion => pick(
            "수술이 필요할 수 있으니 먹거나 마시지 마세요. 몇 시간 안에 치료해야 하니 미루지 마세요.",
            "Eat and drink nothing in case surgery is needed. It must be treated within hours: do not wait.",
        ),
        Category::InfantFever | Category::Meningitis => pick(
            "옷을 가볍게 입히고 수유는 계속하세요. 해열제로 열만 내리고 기다리지 마세요.",
            "Dress them lightly and keep offering feeds. Do not just give fever medicine and wait.",
        ),
        Category::Headache => pick(
            "두통이 시작된 시각을 기억하고, 진찰 전에는 아스피린을 먹지 마세요.",
            "Note when the headache started, and take no aspirin before you are seen.",
        ),
        Category::Fever | Category::Other => pick(
            "혼자 운전해서 가지 마세요.",
            "Do not drive yourself.",
        ),
    }
}

/// The notice that goes first in the answer, or `None` when the level is none. One line, starting
/// with the warning sign.
pub fn notice(triage: &Triage, lang: Lang, country: Country) -> Option<String> {
    let n = country.numbers(lang);
    let top = triage.top()?;
    let ko = lang == Lang::Ko;
    Some(match triage.level {
        Level::None => return None,
        Level::Emergency => {
            let headline = match (top.category, ko) {
                (Category::Suicide, true) => format!("⚠️ **지금 위험하다면 바로 {}에 전화하세요.**", n.emergency),
                (Category::Suicide, false) => format!("⚠️ **If you are in danger now, call {} now.**", n.emergency),
                (_, true) => format!("⚠️ **응급 상황일 수 있습니다. 지금 바로 {}에 전화하세요.**", n.emergency),
                (_, false) => format!("⚠️ **This may be an emergency. Call {} now.**", n.emergency),
            };
            format!("{headline} {}", while_waiting(top.category, lang, &n))
        }
        Level::Urgent if ko => format!(
            "⚠️ **오늘 안에 진료를 받으세요.** 증상이 심해지면 바로 응급실로 가거나 {}에 전화하세요.",
            n.emergency
        ),
        Level::Urgent => {
            format!(
                "⚠️ **See a doctor today.** If it gets worse, go to the emergency department or call {}.",
                n.emergency
            )
        }
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn numbers_follow_language_and_country() {
        let t = super::super::assess("my husband took a whole bottle of his sleeping pills");
        let en = notice(&t, Lang::En, Country::Auto).unwrap();
        assert!(en.starts_with("⚠️") && en.contains("911") && en.contains("Poison"), "{en}");
        assert!(notice(&t, Lang::En, Country::Gb).unwrap().contains("999"));
        let ko = notice(&super::super::assess("죽고 싶어요"), Lang::Ko, Country::Auto).unwrap();
        assert!(ko.contains("119") && ko.contains("109"), "{ko}");
        assert_eq!(notice(&Triage::default(), Lang::Ko, Country::Auto), None);
        assert!(!notice(&t, Lang::En, Country::Auto).unwrap().contains('\n'));
        // The writer who took it is told too, not only a carer of someone else.
        let own =
            notice(&super::super::assess("I just took 30 of my sleeping pills"), Lang::En, Country::Auto).unwrap();
        assert!(own.contains("yourself"), "{own}");
    }

    /// The situations added with the frame get their own action, with the country's number.
    #[test]
    fn new_situations_say_what_to_do() {
        for (text, ko_action, en_action) in [
            ("어젯밤 보일러 틀고 잤는데 가족 모두 머리가 아프고 토해요", "밖으로", "fresh air"),
            ("아이가 끓는 물을 뒤집어써서 피부가 벗겨졌어요", "20분", "20 minutes"),
            ("할머니가 떡이 목에 걸려서 기침도 못 하세요", "하임리히", "back blows"),
            ("갑자기 가슴이 찢어질 듯 아프고 등으로 뻗쳐요", "아스피린", "no aspirin"),
            ("락스가 눈에 튀었어요", "20분", "20 minutes"),
        ] {
            let t = super::super::assess(text);
            let ko = notice(&t, Lang::Ko, Country::Auto).unwrap();
            let en = notice(&t, Lang::En, Country::Auto).unwrap();
            assert!(ko.contains("119") && ko.contains(ko_action), "{text}: {ko}");
            assert!(en.contains("911") && en.contains(en_action), "{text}: {en}");
        }
    }
}
