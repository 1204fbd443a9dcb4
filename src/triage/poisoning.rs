//! Layer 3: overdoses and poisonings (poison-centre advice: any count of pills beyond a dose, a
//! whole bottle, a child who swallowed any medicine, a household chemical or a button battery,
//! anyone who drank a corrosive or a pesticide: call now, do not wait for symptoms).
//!
//! Why a layer of its own: the danger is in what was taken and how much, not in a symptom; the
//! person may feel fine for hours (paracetamol), so symptom rules would stay silent.

use super::text::{aside, is_negated, View, TEXT_PATTERNS};
use crate::core::site::{site_pattern, site_words};
use regex_lite::Regex;

/// What kind of ingestion.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Ingestion {
    /// Many pills, a whole bottle, "overdosed".
    Overdose,
    /// A child swallowed medicine, a chemical or a battery.
    Child,
    /// Anyone swallowed a corrosive, pesticide or fuel.
    Toxic,
}

// "took 30 tylenol", "took like 30", "swallowed 15 of her oxycodone": the count and the word after
// it (a dose in mg or units is no count of pills).
site_pattern!(TEXT_PATTERNS, en_count);
site_pattern!(TEXT_PATTERNS, en_overdose);
// Korean counts: digits or native numerals with a pill counter, a whole bottle, all at once; the
// verb in the past ("먹었어요", "삼켰어요"), so "몇 알 먹어도 되나요" asks about a dose.
site_pattern!(TEXT_PATTERNS, ko_overdose);
// Medicines by class and by the endings of their generic names ("sertraline", "diazepam",
// "oxycodone"), and brands children find in a handbag.
const EN_DRUG: &str = r"antidepressants?|painkillers?|sleeping (?:pills|tablets)|\w+(?:traline|oxetine|talopram|triptyline|azepam|azolam|codone|morphine|amol|profen|apine|idone|olol|dipine|statin|pril|sartan)|tylenol|panadol|calpol|advil|nurofen|aspirin|benadryl|melatonin|iron (?:pills|tablets)";
const EN_SUBSTANCE: &str = r"pills?|tablets?|medicine|meds|medication|vitamins|gummies|bleach|detergent|pods?|laundry|dishwasher|batter(?:y|ies)|magnets?|antifreeze|drain cleaner|cleaner|chemicals?|poison|pesticide|weed ?killer|lighter fluid|gasoline|petrol|syrup|nicotine|e-?liquid|vape juice|lye|lamp oil|kerosene|paraffin|turpentine|methanol|mouthwash|essential oils?|windex|glass cleaner|coin cells?|button cells?|lithium cells?|screen ?wash|windscreen wash\w*|washer fluid|de-?icer|cleaning (?:spray|product|fluid|liquid)|hand saniti[sz]er|nail polish remover|perfume|wine|beer|vodka|alcohol";
const TOXIC_EN: &str = r"bleach|antifreeze|screen ?wash|windshield washer\w*|washer fluid|drain cleaner|pesticide|weed ?killer|rat poison|poison|lighter fluid|gasoline|petrol|lye|paraquat|lamp oil|kerosene|paraffin|turpentine|methanol";
const KO_SUBSTANCE: &str = "약|시럽|세제|락스|표백제|건전지|배터리|자석|농약|살충제|제초제|쥐약|부동액|휘발유|석유|담배|니코틴|소독약|세정제|캡슐";
const TOXIC_KO: &str =
    "락스|표백제|농약|그라목손|파라콰트|살충제|제초제|쥐약|부동액|휘발유|석유|등유|세정제|양잿물|메탄올";
const KO_SWALLOWED: &str =
    "깨물|씹었|삼켰|삼킨|삼켜서|먹었|먹은|마셨|마신|드셨|빨았|먹어버|삼킨것|입에넣|입에대|핥|한모금|꿀꺽";

pattern!(
    en_ingested,
    &format!(
        r"\b(?:swallow\w*|ate|eaten|drank|drunk|got into|chewed|took|licked|bit into|sipped|sip of|gulp\w*|chug\w*|swig\w*|guzzl\w*|mouthful of|drinking|drink some|tasted)\W+(?:[^\s.!?]+[^\w.!?\n]+){{0,7}}?(?:{EN_SUBSTANCE}|{EN_DRUG})\b|\bgot in(?:to)? (?:my |the |his |her |their |grandma'?s |grandpa'?s |nan'?s |granny'?s )?(?:\w+'?s? )?(?:handbag|purse|bag|pills|meds|tablets|vitamins|medicine(?: cabinet| cupboard| drawer| box)?|(?:pill|meds|medicine|bathroom) (?:cabinet|cupboard|drawer|box)|cupboard under the sink)"
    )
);

// "the dishwasher pod in his mouth".
pattern!(
    en_in_mouth,
    &format!(r"\b(?:{EN_SUBSTANCE})\W+(?:\w+\W+){{0,3}}?in (?:his|her|their|its|my|the baby'?s) mouth\b")
);

pattern!(
    en_toxic,
    &format!(
        r"\b(?:swallow\w*|ate|eaten|drank|drunk|chugged|sipped|sip of|gulp\w*|mouthful of|drinking)\W+(?:\S+\W+){{0,4}}?(?:{TOXIC_EN})\b"
    )
);

// "drank from a jug thinking it was gatorade, the label says antifreeze", "음료수인 줄 알고 마셨는데 부동액".
pattern!(
    en_toxic_mistaken,
    &format!(
        r"\b(?:drank|drunk|swallowed|sipped|gulped|chugged|took a (?:sip|swig|gulp))\b[^.!?\n]{{0,100}}?\b(?:label|bottle|jug|container|can|it)\b (?:says?|said|reads?|read|was|is|turned out to be|was actually|is actually)\b[^.!?\n]{{0,12}}?\b(?:{TOXIC_EN})\b"
    )
);
pattern!(
    ko_toxic_mistaken,
    &format!("(?:마셨|마신|먹었|삼켰|드셨)(?:는데|더니|던|고보니|은게|은거|던게|대).{{0,20}}?(?:{TOXIC_KO})(?:이었|였|이래|래|더라|인거|인줄|라고|이라)")
);

pattern!(ko_ingested, &format!("(?:{KO_SUBSTANCE}).{{0,10}}?(?:{KO_SWALLOWED})"));

pattern!(ko_toxic, &format!("(?:{TOXIC_KO}).{{0,20}}?(?:{KO_SWALLOWED})"));

// "took all my sertraline and ...", "all his diazepam at once": every one of a named medicine, told
// as one act ("took all my sertraline doses this week" is a course).
pattern!(
    en_all_of_drug,
    &format!(
        r"\b(?:took|taken|swallowed|downed|popped)\W+(?:\w+\W+){{0,2}}?all (?:of )?(?:my|his|her|the|their) (?:\w+ )?(?:{EN_DRUG}) (?:at once|in one go|at the same time|together|and|with)\b"
    )
);

// A child found with what is not food, or what they got into is missing or chewed: poison centres
// treat a possible ingestion as one ("found her with the bleach bottle open", "10 tablets missing",
// "the button battery from the remote is gone").
pattern!(
    en_child_suspected,
    &format!(
        r"\bfound (?:him|her|them|my \w+|the baby|the kids?) (?:\w+ ){{0,2}}?with (?:\S+ ){{0,4}}?(?:{EN_SUBSTANCE}|{EN_DRUG})\b|\b(?:{EN_SUBSTANCE}|{EN_DRUG})\b[^.!?\n]{{0,40}}?\b(?:missing|chewed|gone)\b|\b(?:{EN_SUBSTANCE})\W+(?:\w+\W+){{0,3}}?(?:around|on) (?:his|her|their|its|the baby'?s) (?:mouth|lips)\b|\bcan'?t find (?:the |a |one )?(?:button|coin|disc) (?:cell|batter)|\b(?:pill (?:organi[sz]er|box|case|dispenser)|dosette(?: box)?|weekly pills?|pill ?box)\b[^.!?\n]{{0,120}}?\b(?:slots?|compartments?|days?|boxes|doses)\b[^.!?\n]{{0,20}}?\b(?:empty|emptied|missing|gone)\b"
    )
);
site_pattern!(TEXT_PATTERNS, ko_child_suspected);

site_pattern!(TEXT_PATTERNS, temperature_word);
// "had a low of 58", "had juice, now 110", "sugar at 65": a number told as a reading or what a
// reading came to, not a count of pills.
site_pattern!(TEXT_PATTERNS, reading_word);

// Units after a number that make it a dose, not a count of pills.
site_words!(TEXT_PATTERNS, dose_units);

/// The ingestions `view` reports, with their spans. `child`: the message is about a child.
pub fn ingestions(view: &View, child: bool) -> Vec<(Ingestion, usize, usize)> {
    let mut found = Vec::new();
    for c in en_count().captures_iter(&view.lower) {
        let (Some(whole), Some(n), unit) = (c.get(0), c.get(1), c.get(2).map_or("", |u| u.as_str())) else { continue };
        // "39.5", "39 degrees", "took his temperature, 39": a reading, not a count of pills.
        let reading = view.lower[n.end()..].starts_with(['.', '°', '도'])
            || temperature_word().is_match(whole.as_str())
            || reading_word().is_match(&view.lower[whole.start()..n.start()]);
        // A bare number ("had juice, now 112") is no count: a count names what was taken.
        if n.as_str().parse::<u32>().is_ok_and(|n| n >= 10)
            && !unit.is_empty()
            && !dose_units().contains(&unit)
            && !reading
        {
            found.push((Ingestion::Overdose, whole.start(), whole.end()));
        }
    }
    found.extend(en_overdose().find_iter(&view.lower).map(|m| (Ingestion::Overdose, m.start(), m.end())));
    found.extend(en_toxic().find_iter(&view.lower).map(|m| (Ingestion::Toxic, m.start(), m.end())));
    found.extend(en_all_of_drug().find_iter(&view.lower).map(|m| (Ingestion::Overdose, m.start(), m.end())));
    let compact = |re: &Regex, kind| -> Vec<(Ingestion, usize, usize)> {
        re.find_iter(&view.compact)
            .map(|m| {
                let (s, e) = view.span_of_compact(m.start(), m.end());
                (kind, s, e)
            })
            .collect()
    };
    found.extend(compact(ko_overdose(), Ingestion::Overdose));
    found.extend(compact(ko_toxic(), Ingestion::Toxic));
    found.extend(en_toxic_mistaken().find_iter(&view.lower).map(|m| (Ingestion::Toxic, m.start(), m.end())));
    found.extend(compact(ko_toxic_mistaken(), Ingestion::Toxic));
    if child {
        found.extend(en_ingested().find_iter(&view.lower).map(|m| (Ingestion::Child, m.start(), m.end())));
        found.extend(en_in_mouth().find_iter(&view.lower).map(|m| (Ingestion::Child, m.start(), m.end())));
        found.extend(en_child_suspected().find_iter(&view.lower).map(|m| (Ingestion::Child, m.start(), m.end())));
        // 치약 (toothpaste) ends in 약 (medicine) and is harmless.
        let toothpaste = |&(_, s, _): &(Ingestion, usize, usize)| view.text[..s].ends_with('치');
        // "약 먹은 지 1년째" says how long a medicine has been taken, not that a child got into it.
        let since = |&(_, _, e): &(Ingestion, usize, usize)| view.text[e..].trim_start().starts_with('지');
        found.extend(compact(ko_ingested(), Ingestion::Child).into_iter().filter(|m| !toothpaste(m) && !since(m)));
    }
    // "He didn't swallow any", "약은 안 먹었어요": denied like any mention.
    found.retain(|&(_, s, e)| aside(view, s, e).is_none() && !is_negated(view, s, e, false));
    // What is missing is said in a negative form ("건전지 하나가 안 보여요"): only a denial before it counts.
    if child {
        let missing = compact(ko_child_suspected(), Ingestion::Child);
        found.extend(
            missing.into_iter().filter(|&(_, s, e)| aside(view, s, e).is_none() && !is_negated(view, s, e, true)),
        );
    }
    found
}

#[cfg(test)]
mod tests {
    use super::*;

    fn kinds(text: &str, child: bool) -> Vec<Ingestion> {
        ingestions(&View::new(text), child).into_iter().map(|(k, _, _)| k).collect()
    }

    #[test]
    fn counts_bottles_and_children() {
        assert!(kinds("i took like 30 tylenol", false).contains(&Ingestion::Overdose));
        assert!(kinds("my husband took a whole bottle of his sleeping pills", false).contains(&Ingestion::Overdose));
        assert!(kinds("타이레놀을 20알 먹었어요", false).contains(&Ingestion::Overdose));
        assert!(kinds("수면제를 한 통 다 먹었어요", false).contains(&Ingestion::Overdose));
        assert!(kinds("아버지가 농약을 드셨어요", false).contains(&Ingestion::Toxic));
        assert!(kinds("baby swallowed a button battery", true).contains(&Ingestion::Child));
        assert!(kinds("I take 20 mg of lisinopril", false).is_empty());
        assert!(kinds("타이레놀은 하루에 몇 알까지 먹어도 되나요?", false).is_empty());
        assert!(kinds("what is the treatment for acetaminophen overdose", false).is_empty());
        assert!(kinds("she didn't swallow any of the pills, i counted them all", true).is_empty());
        assert!(kinds("아이가 약을 삼키지는 않았어요", true).is_empty());
    }
}
