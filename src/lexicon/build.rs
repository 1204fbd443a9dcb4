//! Builds the [`Lexicon`] from the source files in `index/lexicon/` (their text, so this runs in
//! the browser too): the curated consumer list first (its names win), then the medicines and their
//! classes, ICD-10-CM categories, KCD Korean names, DrugBank names.
//!
//! Source formats (tab-separated, first line a header unless noted):
//! - `curated.tsv`: `id  type  en names (|)  ko names (|)`, `#` comment lines, no header; the first
//!   name in each language is the display name. No medications: their names are in
//!   `medicines_ko.tsv`, the one list of them.
//! - `medicines_ko.tsv` and `medicine_classes.tsv`: see [`super::medicines`]. A medicine names the
//!   concept of its DrugBank id (English display name its generic, Korean its Korean generic); a
//!   class is a medication concept of its own, `CLASS:<class>`.
//! - ICD-10-CM categories: `code description inclusion_terms includes_notes chapter entity_type`,
//!   inclusion terms `|`-separated; chapter 18 concepts are symptoms.
//! - KCD: `kcd ko en`.
//! - KCD terms: `ko kcd en`, the Korean disease names people write derived from every KCD code
//!   (`scripts/kcd-terms.py`), each with its English search term (the MedQuAD focus name when the
//!   code's English names equal one).
//! - DrugBank: `drugbank_id name synonyms`, synonyms `|`-separated.
//! - `everyday_ko.tsv`: everyday Korean stems, see [`super::everyday`].
//! - `topic_names.txt`: the corpus's English topic names, one per line, `#` comment lines; only the
//!   transliteration matcher reaches them.

use super::source_error::SourceError;
use super::{bridge, focus, medicines, names, normalise, Concept, ConceptKind, Lexicon};
use std::collections::{HashMap, HashSet};

/// English words of a KCD term that is a qualifier of its code's name, not a disease (a side, an
/// order, a lack of detail).
const KCD_QUALIFIERS: &[&str] = &["Unilateral", "Bilateral", "Secondary", "Unspecified"];

/// The text of each source file.
pub struct Sources<'a> {
    pub curated: &'a str,
    pub icd10cm_categories: &'a str,
    pub kcd_categories: &'a str,
    pub kcd_terms: &'a str,
    pub drugbank_names: &'a str,
    pub everyday_ko: &'a str,
    pub topic_names: &'a str,
    pub medicines: &'a str,
    pub medicine_classes: &'a str,
    pub focus_names: &'a str,
}

/// Collects concepts and names; the first concept to claim a name keeps it.
#[derive(Default)]
struct Builder {
    concepts: Vec<Concept>,
    by_id: HashMap<String, u32>,
    /// "code\tEnglish" -> the concept of a KCD term whose English differs from its code's.
    by_term: HashMap<String, u32>,
    names: HashMap<String, u32>,
    /// Acronyms that claimed a name, as they must be written.
    acronyms: Vec<String>,
}

impl Builder {
    /// The index of concept `id`, creating it with these display names if new.
    fn concept(&mut self, id: &str, kind: ConceptKind, en: &str, ko: &str) -> u32 {
        if let Some(&i) = self.by_id.get(id) {
            let concept = &mut self.concepts[i as usize];
            if concept.ko.is_empty() {
                concept.ko = ko.to_string();
            }
            return i;
        }
        let i = self.concepts.len() as u32;
        self.concepts.push(Concept { id: id.to_string(), kind, en: en.to_string(), ko: ko.to_string() });
        self.by_id.insert(id.to_string(), i);
        i
    }

    /// A concept of code `id` under another English name than its own (a KCD term naming a MedQuAD
    /// focus); `id` keeps pointing to the code's own concept.
    fn term_concept(&mut self, id: &str, kind: ConceptKind, en: &str, ko: &str) -> u32 {
        let key = format!("{id}\t{en}");
        if let Some(&i) = self.by_term.get(&key) {
            return i;
        }
        let i = self.concepts.len() as u32;
        self.concepts.push(Concept { id: id.to_string(), kind, en: en.to_string(), ko: ko.to_string() });
        self.by_term.insert(key, i);
        i
    }

    /// Adds a match name (in its [`normalise`]d form).
    fn name(&mut self, name: &str, concept: u32) {
        let normal = normalise(name);
        if KO_HOMONYMS.contains(&normal.as_str()) {
            return;
        }
        if normal.chars().count() < 2 {
            // One-character English names are too ambiguous; one-syllable Korean names ("열") are kept.
            if !normal.chars().next().is_some_and(|c| ('\u{AC00}'..='\u{D7A3}').contains(&c)) {
                return;
            }
        }
        self.names.entry(normal).or_insert(concept);
    }

    /// [`Self::name`], but an acronym ("WAS", "PsA", "3TC") claims its name only as written: in
    /// lower case it is an ordinary word ("was", "sad", "aids").
    fn name_as_written(&mut self, name: &str, concept: u32) {
        if !is_acronym(name) {
            return self.name(name, concept);
        }
        if let std::collections::hash_map::Entry::Vacant(entry) = self.names.entry(normalise(name)) {
            entry.insert(concept);
            self.acronyms.push(name.to_string());
        }
    }
}

/// A Latin name of 2-5 letters, digits and hyphens with a capital after its first character.
fn is_acronym(name: &str) -> bool {
    (2..=5).contains(&name.len())
        && name.chars().all(|c| c.is_ascii_alphanumeric() || c == '-')
        && name.chars().skip(1).any(|c| c.is_ascii_uppercase())
}

/// Korean words that are a disease's name in KCD but mean something else far more often, so they
/// name no concept: 주사 is rosacea (酒齄) and an injection (注射: 독감주사, 연골주사, 주사 맞았어요);
/// 회복기 (Z54, convalescence) is the recovery people ask the length of (회복기간 얼마나 걸리나요).
/// Rosacea keeps its other names (주사피부염, 딸기코: index/lexicon/curated.tsv). 정상 "normal" is what a
/// result is (정상인가요, 정상 수치), not the hearing loss whose KCD name ends in it.
const KO_HOMONYMS: &[&str] = &["주사", "회복기", "정상"];

fn kind_of(name: &str) -> Option<ConceptKind> {
    ConceptKind::ALL.into_iter().find(|k| k.name() == name)
}

/// Data rows of a headed TSV: the header is checked so a wrong file fails loudly.
fn rows<'a>(
    text: &'a str,
    header: &str,
    file: &'static str,
) -> Result<impl Iterator<Item = Vec<&'a str>>, SourceError> {
    let mut lines = text.lines();
    let first = lines.next().unwrap_or_default();
    if !first.starts_with(header) {
        let problem = format!("expected a header starting {header:?}, found {first:?}");
        return Err(SourceError { file, line: None, problem });
    }
    Ok(lines.filter(|l| !l.trim().is_empty()).map(|l| l.split('\t').collect()))
}

/// Builds the lexicon. Errors name the file and line that could not be read.
pub fn build(sources: &Sources) -> Result<Lexicon, SourceError> {
    let mut b = Builder::default();

    for (n, line) in sources.curated.lines().enumerate() {
        if line.starts_with('#') || line.trim().is_empty() {
            continue;
        }
        let cols: Vec<&str> = line.split('\t').collect();
        let [id, kind, en, ko] = cols[..] else {
            return Err(SourceError::at("curated.tsv", n, "expected 4 tab-separated columns"));
        };
        let kind =
            kind_of(kind).ok_or_else(|| SourceError::at("curated.tsv", n, format!("unknown concept type {kind:?}")))?;
        if kind == ConceptKind::Medication {
            return Err(SourceError::at("curated.tsv", n, "medicines are named in medicines_ko.tsv, not here"));
        }
        let en_names: Vec<&str> = en.split('|').map(str::trim).filter(|s| !s.is_empty()).collect();
        let ko_names: Vec<&str> = ko.split('|').map(str::trim).filter(|s| !s.is_empty()).collect();
        let display_en = en_names.first().copied().unwrap_or(id);
        let display_ko = ko_names.first().copied().unwrap_or("");
        let concept = b.concept(id, kind, display_en, display_ko);
        for name in en_names.iter().chain(&ko_names) {
            b.name(name, concept);
        }
    }

    // The concepts before this index are curated: their display names are chosen by hand.
    let curated = b.concepts.len();
    // Concepts whose English a KCD term or a focus has replaced (the first one does).
    let mut renamed = HashSet::new();

    let (medicines, classes) = medicines::parse(sources.medicines, sources.medicine_classes)?;
    let mut memberships = Vec::new();
    let mut class_concepts = HashMap::new();
    for class in &classes {
        let id = class.concept_id();
        let display_en = class.en_names.first().copied().unwrap_or(class.class);
        let display_ko = class.ko_names.first().copied().unwrap_or("");
        let kind = if class.class == medicines::SUBSTANCE { ConceptKind::Topic } else { ConceptKind::Medication };
        // Created now so its place is fixed, named after the medicines: a medicine's own name wins.
        class_concepts.insert(class.class, b.concept(&id, kind, display_en, display_ko));
    }
    for medicine in &medicines {
        let en = display_generic(medicine.generic);
        let ko = Some(medicine.ko_generic).filter(|n| !n.is_empty()).or(medicine.ko_names.first().copied());
        let kind =
            if medicine.classes.contains(&medicines::SUBSTANCE) { ConceptKind::Topic } else { ConceptKind::Medication };
        let concept = b.concept(medicine.drugbank_id, kind, &en, ko.unwrap_or(""));
        let ko =
            std::iter::once(medicine.ko_generic).filter(|n| !n.is_empty()).chain(medicine.ko_names.iter().copied());
        let mut names: Vec<&str> =
            std::iter::once(medicine.generic).chain(medicine.en_names.iter().copied()).chain(ko).collect();
        // Acronyms last: one the row also lists in lower case ("HCTZ|hctz", no English word) is then
        // matched however it is written.
        names.sort_by_key(|name| is_acronym(name));
        for name in names {
            b.name_as_written(name, concept);
        }
        memberships.extend(medicine.classes.iter().map(|class| (concept, class_concepts[class])));
    }
    for class in &classes {
        for name in class.en_names.iter().chain(&class.ko_names) {
            b.name_as_written(name, class_concepts[class.class]);
        }
    }

    let kcd: HashMap<&str, &str> = rows(sources.kcd_categories, "kcd\tko", "KCD")?
        .filter_map(|cols| Some((*cols.first()?, *cols.get(1)?)))
        .collect();
    for cols in rows(sources.icd10cm_categories, "code\tdescription", "ICD-10-CM categories")? {
        let [code, description, inclusion, _, chapter, ..] = cols[..] else {
            continue;
        };
        let kind = if chapter == "18" { ConceptKind::Symptom } else { ConceptKind::Condition };
        let ko_label = kcd.get(code).copied().unwrap_or("");
        let concept = b.concept(code, kind, &names::display(description), &names::display(ko_label));
        let labels = std::iter::once(description).chain(inclusion.split('|').map(str::trim));
        for name in labels.filter_map(names::english) {
            b.name(&name, concept);
        }
        if let Some(name) = names::korean(ko_label) {
            b.name(&name, concept);
        }
    }
    // KCD categories that ICD-10-CM lacks (e.g. E14, unspecified diabetes) still get a concept.
    for cols in rows(sources.kcd_categories, "kcd\tko", "KCD")? {
        let [code, ko, en, ..] = cols[..] else {
            continue;
        };
        if b.by_id.contains_key(code) || names::korean(ko).is_none() {
            continue;
        }
        let kind = if code.starts_with('R') { ConceptKind::Symptom } else { ConceptKind::Condition };
        let concept = b.concept(code, kind, &names::display(en), &names::display(ko));
        if let Some(name) = names::korean(ko) {
            b.name(&name, concept);
        }
        if let Some(name) = names::english(en) {
            b.name(&name, concept);
        }
    }

    // Korean terms of every KCD code: a term names the concept of its code, made when neither
    // ICD-10-CM nor the KCD categories have it (a four-character code such as H35.3); a name already
    // taken keeps its concept. A term's
    // English is the MedQuAD focus it names (흑색종 -> Melanoma, 패혈증 -> Sepsis) where the code's
    // classification label says something else (Malignant melanoma of skin, Other sepsis): the term
    // then names a concept of its own with the code's id and that English, so the search uses the
    // words of the corpus. Curated concepts keep their English.
    for cols in rows(sources.kcd_terms, "ko\tkcd\ten", "KCD terms")? {
        let [ko, code, en, ..] = cols[..] else { continue };
        // A qualifier split off a code's name (한쪽 "Unilateral", 이차성 "Secondary") names no disease:
        // "입이 한쪽으로 돌아가요" is no vocal cord palsy.
        if KCD_QUALIFIERS.iter().any(|q| en.eq_ignore_ascii_case(q)) {
            continue;
        }
        let en = &names::display(en);
        if let Some(&named) = b.names.get(&normalise(ko)) {
            // The code's own Korean name (기흉, J93): its concept takes the term's English
            // (Pneumothorax, not "Pneumothorax and air leak").
            if b.by_id.get(code) == Some(&named) && named as usize >= curated && renamed.insert(named) {
                b.concepts[named as usize].en = en.to_string();
            }
            continue;
        }
        let kind = if code.starts_with('R') { ConceptKind::Symptom } else { ConceptKind::Condition };
        let mut concept = b.concept(code, kind, en, ko);
        let index = concept as usize;
        if index >= curated && !b.concepts[index].en.eq_ignore_ascii_case(en) {
            // A cancer's own label is the classification's ("Malignant neoplasm of pancreas"): its
            // <site>암 term's English ("Pancreatic Cancer") is the name every Korean name of it searches.
            if b.concepts[index].en.starts_with("Malignant neoplasm") && ko.ends_with('암') && renamed.insert(concept)
            {
                b.concepts[index].en = en.to_string();
            } else {
                concept = b.term_concept(code, kind, en, ko);
            }
        }
        b.name(ko, concept);
    }

    // The corpus's topics by their Korean names. A focus the lexicon knows by its English name (a
    // concept's display name, else any name, in the singular too: Pain Relievers, pain reliever)
    // takes the names, and gives the concept its
    // English unless that is curated or already a focus's (the search then uses the corpus's word:
    // 스테로이드 searches Steroids, not corticosteroid); a focus it lacks becomes a concept of its own.
    // A name taken keeps its concept, but a focus's standard name is taken from a concept whose English
    // is no focus (a classification label: 유착 is Adhesions, not the teeth's Concrescence). A standard
    // or KCD name outranks the everyday vocabulary (식중독 searches Foodborne Illnesses), but an
    // everyday name the everyday vocabulary knows keeps that reading (갑상선 is the thyroid, no
    // Thyroid Diseases), and a question word (수술 "surgery", 검사 "test") says what is asked.
    let phrases = super::everyday::parse(sources.everyday_ko)?;
    let stems: HashSet<&str> = phrases.iter().map(|p| p.ko.as_str()).collect();
    // A word that says what is asked (수술, 검사, 약) asks it, whatever topic it also names.
    let asks = |name: &str| {
        let name = name.replace(' ', "");
        bridge::INTENTS.iter().any(|i| i.ko.contains(&name.as_str()) || i.words.contains(&name.as_str()))
    };
    let foci = focus::parse(sources.focus_names)?;
    let focus_names: HashSet<String> = foci.iter().map(|f| names::comparable(f.focus)).collect();
    let is_focus = |concept: &Concept| focus_names.contains(&names::comparable(&concept.en));
    // The names each focus lists, by its English: the standard and KCD names (official, true) and
    // the everyday names and abbreviations (false).
    let listed_by: HashMap<String, HashMap<String, bool>> = foci
        .iter()
        .map(|row| {
            let official = std::iter::once(&row.standard).chain(&row.kcd).map(|n| (normalise(n), true));
            let everyday = row.abbreviations.iter().chain(&row.everyday).map(|n| (normalise(n), false));
            let mut listed: HashMap<String, bool> = everyday.collect();
            listed.extend(official);
            (names::comparable(row.focus), listed)
        })
        .collect();
    let mut by_english: HashMap<String, u32> = HashMap::new();
    for (i, concept) in b.concepts.iter().enumerate() {
        by_english.entry(names::comparable(&concept.en)).or_insert(i as u32);
    }
    for row in &foci {
        let english = normalise(row.focus);
        let singular = english.strip_suffix('s').map(str::to_string);
        // A concept found by a name is another focus's when its English is that focus, in the
        // singular too (febrile seizure names the curated Seizure, the focus Seizures): the focus
        // then becomes a concept of its own.
        let another_focus = |i: &u32| {
            let (en, focus) = (names::comparable(&b.concepts[*i as usize].en), names::comparable(row.focus));
            let plural = format!("{en}s");
            en != focus && plural != focus && (focus_names.contains(&en) || focus_names.contains(&plural))
        };
        let known = by_english
            .get(&names::comparable(row.focus))
            .or_else(|| b.names.get(&english).filter(|i| !another_focus(i)))
            .or_else(|| singular.and_then(|s| b.names.get(&s)).filter(|i| !another_focus(i)))
            .copied();
        let concept = match known {
            Some(i) => {
                if i as usize >= curated && !is_focus(&b.concepts[i as usize]) && renamed.insert(i) {
                    b.concepts[i as usize].en = row.focus.to_string();
                }
                i
            }
            None => {
                let kind = if row.condition { ConceptKind::Condition } else { ConceptKind::Topic };
                let concept = b.concept(&row.concept_id(), kind, row.focus, row.standard);
                by_english.insert(names::comparable(row.focus), concept);
                concept
            }
        };
        let official = std::iter::once(&row.standard).chain(&row.kcd).map(|n| (n, true));
        let everyday = row.abbreviations.iter().chain(&row.everyday).map(|n| (n, false));
        for (name, is_official) in
            official.chain(everyday.filter(|(n, _)| !stems.contains(n.replace(' ', "").as_str())))
        {
            if asks(name) {
                continue;
            }
            // A classification's concept gives way to the focus that lists the name, unless it is a
            // focus that lists the name too, as officially (유산 is Miscarriage, not the KCD's O05
            // Abortion, whose focus is named 인공임신중절; 결막염 is Pinkeye's standard name and only an
            // everyday name of Eye Infections): the search then uses the corpus's topic.
            let written = normalise(name);
            if let Some(&holder) = b.names.get(&written).filter(|_| !is_acronym(name)) {
                let listed = listed_by.get(&names::comparable(&b.concepts[holder as usize].en));
                let holds = listed.and_then(|n| n.get(&written)).is_some_and(|&official| official || !is_official);
                if holder != concept && holder as usize >= curated && !holds {
                    b.names.insert(written, concept);
                }
            }
            b.name_as_written(name, concept);
        }
    }

    for cols in rows(sources.drugbank_names, "drugbank_id\tname\tsynonyms", "DrugBank")? {
        let [id, name, synonyms, ..] = cols[..] else { continue };
        let names: Vec<String> =
            std::iter::once(name).chain(synonyms.split('|').map(str::trim)).filter_map(names::drug).collect();
        if names.is_empty() {
            continue;
        }
        // DrugBank numbers its allergenic extracts (foods, moulds, animals: "Chicken", "Rice",
        // "Oyster"), vaccine antigens and cell products DB10000-DB10999: a topic, never a medicine
        // one takes ("had chicken and rice then threw up"). A row of medicines_ko.tsv ("garlic"
        // supplements) was made first and keeps its kind.
        let extract =
            id.strip_prefix("DB").and_then(|n| n.parse::<u32>().ok()).is_some_and(|n| (10000..11000).contains(&n));
        let kind = if extract { ConceptKind::Topic } else { ConceptKind::Medication };
        let concept = b.concept(id, kind, name, "");
        for clean in names {
            // A DrugBank acronym in mixed case ("SAMe") is that medicine only as written: in lower
            // case it is a word ("same"). One in capitals ("HCTZ") is typed in lower case too.
            if clean.contains(|c: char| c.is_ascii_lowercase()) {
                b.name_as_written(&clean, concept);
            } else {
                b.name(&clean, concept);
            }
        }
    }
    let topics = sources
        .topic_names
        .lines()
        .map(str::trim)
        .filter(|l| !l.is_empty() && !l.starts_with('#'))
        .map(str::to_string)
        .collect();
    // A stem states a concept the lexicon has: a wrong id fails the build, naming it.
    if let Some(unknown) = phrases.iter().filter_map(|p| p.concept.as_deref()).find(|id| !b.by_id.contains_key(*id)) {
        let problem = format!("the concept {unknown:?} is not in the lexicon");
        return Err(SourceError { file: "everyday_ko.tsv", line: None, problem });
    }
    let foci = b.concepts.iter().enumerate().filter(|(_, c)| is_focus(c)).map(|(i, _)| i as u32).collect();
    Ok(Lexicon::new(b.concepts, b.names, phrases, topics, memberships, b.acronyms, foci))
}

/// A generic name as a display name: "metformin" -> "Metformin".
fn display_generic(generic: &str) -> String {
    let mut chars = generic.chars();
    chars.next().map(|first| first.to_uppercase().chain(chars).collect()).unwrap_or_default()
}

/// Small sources for the unit tests of the lexicon's rules.
#[cfg(test)]
pub(crate) mod testing {
    use super::*;

    pub const MEDICINES: &str = "drugbank_id\tgeneric\tko_generic\tko_names\ten_names\tclasses\n\
        DB01050\tibuprofen\t이부프로펜\t부루펜|애드빌\tAdvil|Motrin\tnsaid|analgesic\n\
        DB00316\tacetaminophen\t아세트아미노펜\t타이레놀\tTylenol|paracetamol\tanalgesic\n\
        DB00678\tlosartan\t로사르탄\t코자\tCozaar\tantihypertensive\n\
        DB00898\talcohol\t에탄올\t술|음주\tethanol\tsubstance\n\
        DB00661\tverapamil\t베라파밀\t이솝틴\tCalan|VER\tantihypertensive\n\
        DB90001\tneuromab\t뉴로맙\t\t\ttumor_medicine\n";
    pub const CLASSES: &str = "class\ten_names\tko_names\n\
        nsaid\tNSAID|NSAIDs\t소염진통제\n\
        analgesic\tpain reliever|painkiller\t진통제\n\
        antihypertensive\tblood pressure medicine|ARB\t혈압약|고혈압약\n\
        tumor_medicine\ttumor medicine\t청신경초종약\n\
        substance\t\t\n";
    pub const FOCI: &str = "# Korean names of the foci\nfocus\tstandard\teveryday\tabbreviations\tkcd\tkind\n\
        Acoustic Neuroma\t청신경초종\t청신경종양\t\t\tcondition\n\
        Adhesions\t유착\t\t\t\tcondition\n\
        Arthritis\t관절염\t\t\t\tcondition\n\
        Blood Pressure Medicines\t혈압약\t고혈압 약\t\t\ttopic\n\
        Colonoscopy\t대장내시경\t대장 내시경 검사\t\t\ttopic\n\
        Foodborne Illnesses\t식중독\t\t\t\tcondition\n\
        Gonorrhea\t임질\t\t\t\tcondition\n\
        Nephrotic Syndrome\t신증후군\t\t\t\tcondition\n\
        Osteoarthritis\t골관절염\t퇴행성 관절염\t\t\tcondition\n\
        Thyroid Diseases\t갑상선 질환\t갑상선\t\t\tcondition\n\
        Wiskott-Aldrich syndrome\t비스코트-올드리치 증후군\t\tWAS\t\tcondition\n";

    /// A lexicon from these curated rows, medicine and focus files, and a few rows of the other
    /// sources: osteoarthritis, gonococcal infection, a KCD term for a tooth's concrescence, DrugBank's
    /// own names of ibuprofen and of SAMe, its allergenic extract "Chicken", the everyday stems
    /// 갑상선, 신증후군출혈열 and 식중독.
    pub fn lexicon(curated: &str, medicines: &str, classes: &str, foci: &str) -> Result<Lexicon, SourceError> {
        build(&Sources {
            curated,
            icd10cm_categories: "code\tdescription\tinclusion_terms\tincludes_notes\tchapter\tentity_type\n\
                M19\tOther and unspecified osteoarthritis\tarthritis|osteoarthritis\t\t13\tcategory\n\
                A54\tGonococcal infection\tgonorrhea\t\t1\tcategory\n",
            kcd_categories: "kcd\tko\ten\nM19\t기타 관절증\tOther arthrosis\n",
            kcd_terms:
                "ko\tkcd\ten\n관절염\tM19\tOsteoarthritis\n유착\tK00.2\tConcrescence\n한쪽\tJ38.00\tUnilateral\n",
            drugbank_names: "drugbank_id\tname\tsynonyms\nDB01050\tIbuprofen\tIbuprofene | Ibuprofenum\n\
                DB00118\tAdemetionine\tS-Adenosylmethionine | SAMe\nDB10519\tChicken\t\n",
            everyday_ko: "갑상선\tthyroid\n신증후군출혈열\thantavirus\n식중독\tfood poisoning\n",
            topic_names: "",
            medicines,
            medicine_classes: classes,
            focus_names: foci,
        })
    }
}

#[cfg(test)]
mod tests {
    use super::testing::{lexicon, CLASSES, FOCI, MEDICINES};
    use super::*;

    fn found(lexicon: &Lexicon, text: &str) -> Vec<String> {
        lexicon.find(text).iter().map(|m| m.concept.id.clone()).collect()
    }

    #[test]
    fn a_kcd_qualifier_names_no_disease() {
        let lexicon = lexicon("", MEDICINES, CLASSES, FOCI).unwrap();
        assert!(found(&lexicon, "입이 한쪽으로 돌아가요").is_empty());
        assert_eq!(found(&lexicon, "관절염"), vec!["M19"]);
    }

    #[test]
    fn a_brand_finds_its_drugbank_concept_and_its_classes() {
        let lexicon = lexicon("", MEDICINES, CLASSES, FOCI).unwrap();
        for name in ["부루펜", "애드빌", "이부프로펜", "Advil", "ibuprofen", "Ibuprofene"] {
            assert_eq!(found(&lexicon, &format!("{name} 먹어도 되나요")), vec!["DB01050"], "{name}");
        }
        let ibuprofen = lexicon.concept("DB01050").unwrap();
        assert_eq!((ibuprofen.en.as_str(), ibuprofen.ko.as_str()), ("Ibuprofen", "이부프로펜"));
        let classes: Vec<&str> = lexicon.classes_of("DB01050").iter().map(|c| c.id.as_str()).collect();
        assert_eq!(classes, vec!["CLASS:nsaid", "CLASS:analgesic"]);
        let members: Vec<&str> = lexicon.members_of("CLASS:analgesic").iter().map(|c| c.id.as_str()).collect();
        assert_eq!(members, vec!["DB01050", "DB00316"]);
        assert!(lexicon.classes_of("DB99999").is_empty() && lexicon.members_of("CLASS:statin").is_empty());
    }

    #[test]
    fn a_two_syllable_name_is_not_read_across_a_space() {
        let lexicon = lexicon("", MEDICINES, CLASSES, FOCI).unwrap();
        assert_eq!(found(&lexicon, "코자 먹어요"), vec!["DB00678"]);
        assert!(found(&lexicon, "코 자주 막혀요").is_empty());
    }

    #[test]
    fn a_class_word_is_a_medication_concept_of_its_own() {
        let lexicon = lexicon("", MEDICINES, CLASSES, FOCI).unwrap();
        assert_eq!(found(&lexicon, "혈압약 먹고 있어요"), vec!["CLASS:antihypertensive"]);
        assert_eq!(found(&lexicon, "I take NSAIDs"), vec!["CLASS:nsaid"]);
        let class = lexicon.concept("CLASS:antihypertensive").unwrap();
        // Its English is the corpus's topic that names it (Blood Pressure Medicines), as a search term.
        let names = (class.kind, class.en.as_str(), class.ko.as_str());
        assert_eq!(names, (ConceptKind::Medication, "Blood Pressure Medicines", "혈압약"));
        assert!(class.is_class() && !lexicon.concept("DB00678").unwrap().is_class());
    }

    #[test]
    fn a_substance_is_a_topic_never_a_medicine() {
        let lexicon = lexicon("", MEDICINES, CLASSES, FOCI).unwrap();
        assert_eq!(found(&lexicon, "술 마셔도 되나요"), vec!["DB00898"]);
        assert_eq!(lexicon.concept("DB00898").unwrap().kind, ConceptKind::Topic);
        assert_eq!(lexicon.classes_of("DB00898")[0].id, "CLASS:substance");
    }

    #[test]
    fn a_drugbank_name_in_mixed_case_is_no_everyday_word() {
        let lexicon = lexicon("", MEDICINES, CLASSES, FOCI).unwrap();
        assert!(found(&lexicon, "can she take the same thing").is_empty());
        assert_eq!(found(&lexicon, "I take SAMe for my mood"), vec!["DB00118"]);
    }

    #[test]
    fn an_acronym_is_matched_only_in_capitals() {
        let lexicon = lexicon("", MEDICINES, CLASSES, FOCI).unwrap();
        assert_eq!(found(&lexicon, "ARB 먹어요"), vec!["CLASS:antihypertensive"]);
        assert_eq!(found(&lexicon, "VER and ARB"), vec!["DB00661", "CLASS:antihypertensive"]);
        assert!(found(&lexicon, "the arb was ver good").is_empty());
        // A capitalised brand is an ordinary name: Calan and calan.
        assert_eq!(found(&lexicon, "calan"), vec!["DB00661"]);
    }

    #[test]
    fn a_focus_name_finds_its_focus() {
        let lexicon = lexicon("", MEDICINES, CLASSES, FOCI).unwrap();
        for name in ["청신경초종", "청신경종양이 있대요", "청신경 초종"] {
            assert_eq!(found(&lexicon, name), vec!["FOCUS:acoustic-neuroma"], "{name}");
        }
        let concept = lexicon.concept("FOCUS:acoustic-neuroma").unwrap();
        assert_eq!((concept.kind, concept.en.as_str()), (ConceptKind::Condition, "Acoustic Neuroma"));
        let q = super::super::bridge::bridge(&lexicon, "청신경초종 치료는 어떻게 하나요?");
        assert_eq!(q.text, "Acoustic Neuroma treatment treat");
    }

    #[test]
    fn a_topic_is_searched_but_never_a_profile_fact() {
        let lexicon = lexicon("", MEDICINES, CLASSES, FOCI).unwrap();
        let text = "어제 대장 내시경 검사 했어요";
        assert_eq!(found(&lexicon, text), vec!["FOCUS:colonoscopy"]);
        assert_eq!(lexicon.concept("FOCUS:colonoscopy").unwrap().kind, ConceptKind::Topic);
        assert!(crate::extract::extract(text, Some(&lexicon)).is_empty());
        assert!(super::super::bridge::bridge(&lexicon, text).text.contains("Colonoscopy"));
    }

    #[test]
    fn a_focus_the_lexicon_knows_by_its_english_gives_the_concept_its_words() {
        let lexicon = lexicon("", MEDICINES, CLASSES, FOCI).unwrap();
        // A54's label is the classification's "Gonococcal infection"; the focus is Gonorrhea.
        assert_eq!(found(&lexicon, "임질"), vec!["A54"]);
        assert_eq!(lexicon.concept("A54").unwrap().en, "Gonorrhea");
    }

    #[test]
    fn a_focus_standard_name_outranks_a_classification_label_but_not_a_curated_name() {
        let lexicon = lexicon("", MEDICINES, CLASSES, FOCI).unwrap();
        // KCD's 유착 is a tooth's concrescence; people mean adhesions.
        assert_eq!(found(&lexicon, "유착"), vec!["FOCUS:adhesions"]);
        let curated = "M19\tcondition\tOsteoarthritis|arthritis\t관절염|골관절염\n";
        let lexicon = super::testing::lexicon(curated, MEDICINES, CLASSES, FOCI).unwrap();
        let arthritis = lexicon.find("관절염");
        assert_eq!((arthritis[0].concept.id.as_str(), arthritis[0].concept.en.as_str()), ("M19", "Osteoarthritis"));
    }

    #[test]
    fn a_focus_everyday_name_outranks_a_classification_label_unless_that_focus_lists_it() {
        let foci = FOCI.replace("Adhesions\t유착\t", "Adhesions\t장유착\t유착");
        let everyday = lexicon("", MEDICINES, CLASSES, &foci).unwrap();
        assert_eq!(found(&everyday, "유착"), vec!["FOCUS:adhesions"]);
        // The KCD term's own focus names it too: the term keeps it.
        let foci = format!("{foci}Concrescence\t치아 유착\t유착\t\t\tcondition\n");
        let listed = lexicon("", MEDICINES, CLASSES, &foci).unwrap();
        assert_eq!(listed.find("유착")[0].concept.en, "Concrescence");
        // A focus's standard name outranks another focus's everyday name, whichever comes first.
        let foci =
            format!("{FOCI}Eye Infections\t눈 감염\t결막염\t\t\tcondition\nPinkeye\t결막염\t눈병\t\t\tcondition\n");
        let lexicon = lexicon("", MEDICINES, CLASSES, &foci).unwrap();
        assert_eq!(found(&lexicon, "결막염"), vec!["FOCUS:pinkeye"]);
    }

    #[test]
    fn a_focus_named_inside_another_focus_concept_is_a_concept_of_its_own() {
        let curated = "R56\tsymptom\tSeizure|febrile seizure\t경련\n";
        let foci =
            format!("{FOCI}Febrile Seizures\t열성 경련\t열경련\t\t\tcondition\nSeizures\t경련\t발작\t\t\tcondition\n");
        let lexicon = lexicon(curated, MEDICINES, CLASSES, &foci).unwrap();
        assert_eq!(found(&lexicon, "아기 열경련"), vec!["FOCUS:febrile-seizures"]);
        assert_eq!(found(&lexicon, "경련 발작"), vec!["R56", "R56"]);
    }

    #[test]
    fn a_word_that_means_something_else_far_more_often_names_nothing() {
        let lexicon = lexicon("H90\tcondition\tHearing loss\t난청|정상\n", MEDICINES, CLASSES, FOCI).unwrap();
        assert!(found(&lexicon, "소변이 빨간데 정상인가요").is_empty());
        assert_eq!(found(&lexicon, "난청"), vec!["H90"]);
    }

    #[test]
    fn an_everyday_word_stays_everyday() {
        let lexicon = lexicon("", MEDICINES, CLASSES, FOCI).unwrap();
        // 갑상선 is the thyroid (a test, an organ), not the focus Thyroid Diseases it is a name of.
        assert!(found(&lexicon, "갑상선 수치").is_empty());
        assert_eq!(found(&lexicon, "갑상선 질환"), vec!["FOCUS:thyroid-diseases"]);
        // A focus's standard name outranks the everyday reading: 식중독 is Foodborne Illnesses.
        assert_eq!(found(&lexicon, "식중독"), vec!["FOCUS:foodborne-illnesses"]);
        assert_eq!(found(&lexicon, "WAS 증후군"), vec!["FOCUS:wiskott-aldrich-syndrome"]);
        assert!(found(&lexicon, "it was bad").is_empty(), "an acronym in lower case is a word");
    }

    #[test]
    fn curated_rows_name_no_medicine() {
        let error = lexicon("DB01050\tmedication\tIbuprofen\t이부프로펜\n", MEDICINES, CLASSES, FOCI).unwrap_err();
        assert_eq!((error.file, error.line), ("curated.tsv", Some(1)));
    }

    #[test]
    fn classes_survive_the_file() {
        let lexicon = lexicon("", MEDICINES, CLASSES, FOCI).unwrap();
        let read = super::super::file::decode(&super::super::file::encode(&lexicon)).unwrap();
        assert_eq!(read, lexicon);
        assert_eq!(read.classes_of("DB00678")[0].id, "CLASS:antihypertensive");
    }

    #[test]
    fn the_shipped_tables_read_everyday_names_in_both_languages() {
        // The repository's own curated rows, medicines and foci (stop 54, issue 39's holes).
        let lexicon = lexicon(
            include_str!("../../index/lexicon/curated.tsv"),
            include_str!("../../index/lexicon/medicines_ko.tsv"),
            include_str!("../../index/lexicon/medicine_classes.tsv"),
            include_str!("../../index/lexicon/focus_names_ko.tsv"),
        )
        .unwrap();
        let read = |text: &str| found(&lexicon, text);
        // Conditions by their everyday names.
        assert_eq!(read("24개월 아들 열성경련 했어요"), vec!["FOCUS:febrile-seizures"]);
        assert_eq!(read("아기가 열경기 했어요"), vec!["FOCUS:febrile-seizures"]);
        assert_eq!(read("had a febrile seizure"), vec!["FOCUS:febrile-seizures"]);
        assert_eq!(read("88 with CHF"), vec!["I50"]);
        assert_eq!(read("she fell and hit her head"), vec!["S09"]);
        assert_eq!(read("넘어져서 머리를 박았는데"), vec!["S09"]);
        assert_eq!(read("she has polymyalgia"), vec!["M35.3"]);
        assert_eq!(read("got stung by a bee"), vec!["T63.4"]);
        assert_eq!(read("벌에 쏘였어요"), vec!["T63.4"]);
        assert_eq!(read("인공판막 있어서"), vec!["Z95.2"]);
        assert_eq!(read("psoriatic arthritis"), vec!["L40.5"], "not osteoarthritis");
        // A complaint's clinical name reads as its everyday one.
        assert_eq!(read("swollen lymph nodes"), vec!["R59.0"]);
        assert_eq!(read("eye redness"), vec!["H11.4"]);
        assert_eq!(read("daytime sleepiness"), vec!["R40.0"]);
        assert_eq!(read("nocturia"), vec!["R35"]);
        // Food DrugBank lists as a product is a topic, never a medicine one takes.
        for id in ["DB09145", "DB14242", "DB10543"] {
            assert_eq!(lexicon.concept(id).unwrap().kind, ConceptKind::Topic, "{id}");
        }
        // So is a food DrugBank lists as an allergenic extract.
        assert_eq!(lexicon.concept("DB10519").unwrap().kind, ConceptKind::Topic, "chicken");
        assert_eq!(lexicon.concept("DB01050").unwrap().kind, ConceptKind::Medication);
        // Everyday brands of medicines, Korean and English.
        assert_eq!(read("챔프 먹인지 한시간"), vec!["DB00316"], "acetaminophen syrup");
        assert_eq!(read("부루펜 시럽"), vec!["DB01050"]);
        assert_eq!(read("듀락칸 먹이고 있어요"), vec!["DB00581"], "lactulose");
        assert_eq!(read("페북트 드시는데"), vec!["DB04854"], "febuxostat");
        assert_eq!(read("마그밀 처방받아"), vec!["DB09104"], "magnesium hydroxide");
        assert_eq!(read("이소티논 처방"), vec!["DB00982"], "isotretinoin");
        assert_eq!(read("듀피젠트 맞고"), vec!["DB12159"]);
        assert_eq!(read("he just started dupixent"), vec!["DB12159"]);
        assert_eq!(read("been taking miralax"), vec!["DB09287"]);
        assert_eq!(read("gets eylea shots"), vec!["DB08885"]);
    }
}
