//! Layer 1's vocabulary: the clinical concepts the rules combine, each with every form people use.
//!
//! Why a concept layer and not a list of phrases: a frightened person says "chest hurts so bad",
//! "tight chest", "가슴이 꽉 조이듯 아프고", "가슴통증이 턱까지"; the rule "chest pain with
//! sweating" must hear all of them, so each concept is matched in its own right (with the forms of
//! its words: inflections, typos, Korean stems that take any particle or ending, any spacing) and
//! the rules in [`super::rules`] combine concepts, not strings.
//!
//! The concepts are data, `concepts.tsv` beside this file (its header gives the format): English
//! forms match the lowercased message; Korean forms match it with spaces removed (see
//! [`super::text::View`]), so "숨이 차서" and "숨이차서" are one form. A Korean stem stops before
//! its ending ("아프" for 아프고/아파요 is written "아[프파픈퍼팠]"), so particles and endings vary freely.
//! Natively the table is built into the binary; the browser fetches it with the triage classifier
//! (it is most of the triage code's size: 65 kB gzip) and installs it before the first message, as
//! it does the Korean medicine names (see [`super::site`]).

use super::cues;
use super::text::{status, Status, View};
use crate::core::site::{site_text, SiteText};
use regex_lite::Regex;
use std::sync::OnceLock;

pattern!(collapsed_part, r"^\W+(?:lungs?|veins?|arch(?:es)?|trachea|windpipe|discs?|disks?)\b");
pattern!(about, r"^\w*\s+(?:about|by|whether|why|how|if|what|which|as to|with (?:the|my|this|all))\b");

/// A concept found in the message, with where and what the message says of it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Mention {
    pub concept: &'static str,
    pub start: usize,
    pub end: usize,
    pub status: Status,
}

/// A concept of the table, its forms compiled.
struct Compiled {
    id: String,
    en: Regex,
    ko: Regex,
    /// Literals every match of `en` / `ko` holds one of ([`cues`]): without any, the regex is skipped.
    en_cues: Option<Vec<String>>,
    ko_cues: Option<Vec<String>>,
    negative_form: bool,
}

/// The concept table: built in natively; the browser fetches it (`triage/concepts.tsv`, copied there
/// by `medagent triage --export-site`) and installs it before the first message.
pub static CONCEPTS: SiteText =
    site_text!("triage/concepts.tsv", "triage_concepts.sha256", include_str!("concepts.tsv"));

static TABLE: OnceLock<Vec<Compiled>> = OnceLock::new();

/// The compiled table. The page only installs the text: it is compiled at the first message, so that
/// the page is ready to take a question without waiting for 500 regexes.
fn compiled() -> &'static [Compiled] {
    // The file is the one the build's tests read (the page checks its SHA-256), so it parses.
    TABLE.get_or_init(|| parse(CONCEPTS.text()).expect("concepts.tsv is a valid table (a test reads it)"))
}

/// Reads the table (the format is in the header of `concepts.tsv`); an error names the line.
fn parse(text: &str) -> Result<Vec<Compiled>, String> {
    let mut table = Vec::new();
    for (n, line) in text.lines().enumerate() {
        if line.is_empty() || line.starts_with('#') {
            continue;
        }
        let at = |what: String| format!("{} line {}: {what}", CONCEPTS.file.path, n + 1);
        let [id, forms, en, ko] = line.split('\t').collect::<Vec<_>>()[..] else {
            return Err(at("expected four tab-separated fields: id, forms, english, korean".into()));
        };
        let negative_form = match forms {
            "plain" => false,
            "negation" => true,
            other => return Err(at(format!("forms is \"plain\" or \"negation\", not {other:?}"))),
        };
        let regex = |pattern: &str| Regex::new(pattern).map_err(|e| at(format!("{id}: {e}")));
        table.push(Compiled {
            id: id.to_string(),
            en: regex(en)?,
            ko: regex(ko)?,
            en_cues: cues::cues(en),
            ko_cues: cues::cues(ko),
            negative_form,
        });
    }
    Ok(table)
}

/// Every concept the message names, each with its status (affirmed, denied, asked about, ...).
pub fn mentions(view: &View) -> Vec<Mention> {
    spans(view)
        .into_iter()
        .map(|(concept, start, end)| Mention {
            concept: &concept.id,
            start,
            end,
            status: status(view, start, end, concept.negative_form),
        })
        .collect()
}

/// Where the message names each concept (its byte spans), before anything is read of what it says.
fn spans(view: &View) -> Vec<(&'static Compiled, usize, usize)> {
    let mut found = Vec::new();
    for concept in compiled() {
        let cued = |cues: &Option<Vec<String>>, text: &str| cues.as_ref().is_none_or(|c| cues::any_in(c, text));
        let english = (view.has_latin && cued(&concept.en_cues, &view.lower))
            .then(|| concept.en.find_iter(&view.lower).map(|m| (m.start(), m.end())));
        let korean = (view.has_hangul && cued(&concept.ko_cues, &view.compact))
            .then(|| concept.ko.find_iter(&view.compact).map(|m| view.span_of_compact(m.start(), m.end())));
        for (start, end) in english.into_iter().flatten().chain(korean.into_iter().flatten()) {
            // "confused about the dose" is a question, not an altered mind.
            if concept.id == "confusion" && about().is_match(&view.lower[end..]) {
                continue;
            }
            // "a collapsed lung", "a collapsed vein": an organ's state, not a person falling down.
            if matches!(concept.id.as_str(), "collapse" | "unresponsive" | "syncope")
                && view.lower[start..end].contains("collaps")
                && collapsed_part().is_match(&view.lower[end..])
            {
                continue;
            }
            found.push((concept, start, end));
        }
    }
    if view.has_hangul {
        // Inside a medicine's name only what names a substance is read.
        let names: Vec<(usize, usize)> = korean_medicine_names()
            .iter()
            .flat_map(|name| view.compact.match_indices(name).map(|(at, _)| view.span_of_compact(at, at + name.len())))
            .collect();
        found.retain(|(concept, start, end)| {
            SUBSTANCES.contains(&concept.id.as_str()) || !names.iter().any(|&(s, e)| s <= *start && *end <= e)
        });
    }
    found
}

/// The Korean medicine names, built in natively; the browser fetches them
/// (`triage/medicine_names_ko.txt`, 9 kB gzip) with the concept table.
pub static MEDICINE_NAMES_KO: SiteText = site_text!(
    "triage/medicine_names_ko.txt",
    "medicine_names_ko.sha256",
    include_str!(concat!(env!("OUT_DIR"), "/medicine_names_ko.txt"))
);

/// Concepts a medicine's name may itself be (철분제 is iron, 와파린 an anticoagulant).
const SUBSTANCES: &[&str] = &[
    "anticoagulant",
    "ace_inhibitor",
    "new_drug",
    "adrenaline_given",
    "stool_colour_food",
    "allergen",
    "chemical",
    "pesticide",
    "toxic_alcohol",
    "mushroom",
];

/// The Korean names of the medicines list (`index/lexicon/medicines_ko.tsv`; build.rs writes them
/// without spaces, one per line: [`MEDICINE_NAMES_KO`]), each a known compound: a symptom's
/// syllables inside one are no complaint (독사조신 holds 독사 "viper", 익사베필론 익사 "drowning",
/// 피토나디온 피토 "coughing blood").
fn korean_medicine_names() -> &'static [&'static str] {
    static NAMES: OnceLock<Vec<&'static str>> = OnceLock::new();
    NAMES.get_or_init(|| MEDICINE_NAMES_KO.text().lines().collect())
}

/// Every concept pattern, and whether it is matched on the compact (Korean) view.
#[cfg(test)]
pub fn patterns() -> impl Iterator<Item = (&'static str, bool)> {
    compiled().iter().flat_map(|c| [(c.en.as_str(), false), (c.ko.as_str(), true)])
}

/// Concepts that say who, when, how much, or what someone took or met, not a sign or a complaint:
/// a medicine's or a substance's name may hold one ("Acetone Cyanohydrin" is a chemical, "Cat
/// dander extract" names an animal, "Apixaban" is an anticoagulant), never a complaint.
#[cfg(test)]
#[rustfmt::skip]
pub const CONTEXT: &[&str] = &[
    // who
    "first_person", "adult_subject", "group", "infant", "child", "teen", "older", "animal", "vet", "pet_object",
    // when, how much, how it came on
    "severe", "sudden", "recent_onset", "ongoing", "chronic", "fleeting", "resolved", "cleared", "bleeding_stopped",
    "brief_spell", "today_word", "long_ago", "happening", "mild_exertion", "plan_time",
    // what someone takes, has or met
    "allergen", "ate", "chemical", "sting", "bitten", "mushroom", "charcoal", "fumes", "splash", "toxic_alcohol",
    "toxic_gas", "pesticide", "pufferfish", "co_source", "heat", "cold_exposure", "frost_setting", "electric",
    "high_voltage", "static_shock", "on_skin", "fire_smoke", "eye_exposure", "high_impact", "high_energy", "fall",
    "collision", "immobility", "anticoagulant", "ace_inhibitor", "new_drug", "adrenaline_given", "diabetic",
    "immunosuppressed", "aneurysm", "drunk", "stool_colour_food", "sunburn", "screen_strain", "leisure",
    "digestive", "respiratory_infection", "muscular", "movement_pain", "nasal", "doing_well", "blanching",
    "vasovagal", "menstruation", "haemorrhoids", "pregnancy_word", "positive_test", "late_pregnancy", "gave_birth",
    "waters_broke", "preterm", "prepared", "masked", "deep_burn", "infection", "erection",
    // what a plan to die is made of, told around the words that are its signs
    "suicide_means", "pill_stockpile", "stock_reason", "sealing", "means_lit", "gave_away", "farewell", "goodbye",
    "lethal_query", "death_word", "away_reason", "at_height_now", "unreachable", "calm_now", "intent",
];

/// Every concept id, for tests that check the rules name only known concepts.
#[cfg(test)]
pub fn ids() -> impl Iterator<Item = &'static str> {
    compiled().iter().map(|c| c.id.as_str())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_table_reads_and_a_bad_line_is_named() {
        assert!(parse(include_str!("concepts.tsv")).unwrap().len() > 200);
        let error = |text: &str| parse(text).err().expect("a bad table is refused");
        assert!(error("# ok\nfever\tplain\tfever\n").contains("line 2: expected four"), "a missing field");
        assert!(error("fever\tsometimes\tfever\t열\n").contains("line 1: forms is"), "an unknown kind of forms");
        assert!(error("fever\tplain\t(fever\t열\n").contains("line 1: fever:"), "a regex that does not compile");
    }

    #[test]
    fn context_names_only_known_concepts() {
        let known: Vec<&str> = ids().collect();
        for id in CONTEXT {
            assert!(known.contains(id), "{id} is no concept");
        }
    }

    fn said(text: &str) -> Vec<&'static str> {
        let mut ids: Vec<_> = mentions(&View::new(text))
            .into_iter()
            .filter(|m| m.status == Status::Affirmed)
            .map(|m| m.concept)
            .collect();
        ids.dedup();
        ids
    }

    #[test]
    fn korean_forms_take_any_ending_and_spacing() {
        for text in ["가슴이 아파요", "가슴이 아프고", "가슴이아픈데", "가슴 이 아퍼요", "가슴통증이 있어요"]
        {
            assert!(said(text).contains(&"chest_pain"), "{text}");
        }
        assert!(said("숨이 차서 말이 안 나와요").contains(&"cant_breathe"));
        assert!(said("자꾸 늘어지고 잠만 자요").contains(&"lethargic"));
        assert!(said("식은땀이 나요").contains(&"sweating"));
        assert!(!said("가슴은 안 아프고 목이 부었어요").contains(&"chest_pain"));
        assert!(!said("열은 없어요").contains(&"fever"));
    }

    #[test]
    fn english_inflections_typos_and_third_person() {
        assert!(said("my chest hurts so bad").contains(&"chest_pain"));
        assert!(said("grandma chest pains and cant breath good").contains(&"breathless"));
        assert!(said("she isnt responding to me").contains(&"unresponsive"));
        assert!(!said("no chest pain, just heartburn").contains(&"chest_pain"));
    }
}
