//! The red-flag check, before any generation: signs of a heart attack, stroke, severe bleeding,
//! anaphylaxis or suicidal thoughts, in Korean or English, put an emergency notice first. The
//! answer still follows.

use crate::i18n::Lang;

/// A kind of emergency, with the words that signal it.
struct RedFlag {
    name: &'static str,
    /// Any one of these (lowercased substring) fires the flag.
    cues: &'static [&'static str],
    ko: &'static str,
    en: &'static str,
}

const RED_FLAGS: &[RedFlag] = &[
    RedFlag {
        name: "suicidal thoughts",
        cues: &["suicid", "kill myself", "want to die", "end my life", "죽고 싶", "자살", "목숨을 끊", "살고 싶지 않"],
        ko: "⚠️ 지금 스스로를 해칠 생각이 드신다면 혼자 견디지 마세요. 자살예방상담전화 109 또는 119에 바로 연락하세요. 24시간 도움을 받을 수 있습니다.",
        en: "⚠️ If you are thinking about harming yourself, please reach out now: call or text your local crisis line (988 in the US) or emergency services. You do not have to face this alone.",
    },
    RedFlag {
        name: "heart attack signs",
        cues: &["crushing chest", "chest pain and sweat", "chest pain spreading", "pain in my left arm", "heart attack", "가슴을 쥐어짜", "가슴 통증이 팔", "식은땀과 가슴", "심장마비"],
        ko: "⚠️ 가슴을 조이는 통증이 팔·턱으로 퍼지거나 식은땀, 숨참이 함께 있다면 심근경색일 수 있습니다. 지금 바로 119에 전화하세요.",
        en: "⚠️ Chest pain that spreads to the arm or jaw, with sweating or shortness of breath, can be a heart attack. Call emergency services (911 / 119) now.",
    },
    RedFlag {
        name: "stroke signs",
        cues: &["face drooping", "face is drooping", "slurred speech", "one side of my body", "can't move my arm", "sudden numbness", "얼굴이 처", "말이 어눌", "한쪽 팔", "한쪽 마비", "한쪽이 마비", "갑자기 말이"],
        ko: "⚠️ 얼굴 한쪽 처짐, 팔다리 한쪽 힘 빠짐, 말 어눌함은 뇌졸중 신호입니다. 증상이 시작된 시각을 기억하고 즉시 119에 전화하세요.",
        en: "⚠️ A drooping face, weakness on one side or slurred speech are stroke signs. Note the time they started and call emergency services (911 / 119) immediately.",
    },
    RedFlag {
        name: "severe bleeding",
        cues: &["bleeding won't stop", "won't stop bleeding", "heavy bleeding", "vomiting blood", "coughing up blood", "피가 멈추지", "피를 토", "대량 출혈", "피가 많이"],
        ko: "⚠️ 멈추지 않는 출혈이나 피를 토하는 것은 응급 상황입니다. 상처를 세게 누르고 즉시 119에 전화하세요.",
        en: "⚠️ Bleeding that will not stop, or vomiting or coughing up blood, is an emergency. Press firmly on any wound and call emergency services now.",
    },
    RedFlag {
        name: "anaphylaxis",
        cues: &["throat is swelling", "throat swelling", "can't breathe", "cannot breathe", "anaphyla", "tongue swelling", "목이 부어", "숨을 못 쉬", "숨쉬기 힘들", "아나필락시스", "혀가 부"],
        ko: "⚠️ 목·혀가 붓거나 숨쉬기 힘들다면 아나필락시스일 수 있습니다. 에피네프린 자가주사기가 있으면 사용하고 즉시 119에 전화하세요.",
        en: "⚠️ Swelling of the throat or tongue or trouble breathing can be anaphylaxis. Use an epinephrine auto-injector if you have one and call emergency services now.",
    },
];

/// The emergency this message signals, if any: its name and the notice in `lang`.
pub fn check(text: &str, lang: Lang) -> Option<(&'static str, &'static str)> {
    let lower = text.to_lowercase();
    RED_FLAGS.iter().find(|f| f.cues.iter().any(|c| lower.contains(c))).map(|f| {
        let notice = if lang == Lang::Ko { f.ko } else { f.en };
        (f.name, notice)
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn red_flags_in_both_languages() {
        assert_eq!(check("I have crushing chest pain and sweating", Lang::En).unwrap().0, "heart attack signs");
        assert_eq!(check("아버지가 갑자기 말이 어눌해지고 얼굴이 처졌어요", Lang::Ko).unwrap().0, "stroke signs");
        assert_eq!(check("요즘 죽고 싶다는 생각이 들어요", Lang::Ko).unwrap().0, "suicidal thoughts");
        assert_eq!(check("after the bee sting my throat is swelling", Lang::En).unwrap().0, "anaphylaxis");
        assert!(check("What are the symptoms of diabetes?", Lang::En).is_none());
        assert!(check("", Lang::Ko).is_none());
        assert!(check("저번에 가슴 통증이 있었는데 괜찮아졌어요", Lang::Ko).is_none());
    }
}
