//! The medicines a message names, by any name the lexicon knows (a generic, a salt, a US or Korean
//! brand, a Korean generic, a class word such as "NSAIDs" or 혈압약) or writes by sound (a Korean
//! transliteration the lexicon lacks, read by its transliteration matcher): taken, asked about or
//! planned ("can I take Advil with it?") all count; one said not to be taken, or no longer, is kept
//! apart ("I stopped warfarin"). A substance the lexicon keeps as a topic rather than a medicine
//! (alcohol, grapefruit, tobacco: never a profile's medicine) counts too when the tables list it.

use super::check::{Medicine, Origin};
use super::table::Interactions;
use crate::core::has_hangul;
use crate::core::tokenizer::is_korean_particle;
use crate::extract::{medicine_asked_about, medicine_not_taken};
use crate::lexicon::bridge::bridge;
use crate::lexicon::{Concept, ConceptKind, Lexicon};

/// What a message says about medicines.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct Named {
    /// Taken, asked about or planned, in the order named, each once.
    pub medicines: Vec<Medicine>,
    /// The concept ids of those said not to be taken, or no longer.
    pub not_taken: Vec<String>,
    /// The concept ids of those only asked about taking ("can I take Advil?"): checked like the
    /// others, and kept by the conversation as under discussion, never by a profile.
    pub asked: Vec<String>,
}

/// Whether the check reads `concept` as a medicine: a medication, or a substance the tables list.
fn checked(table: &Interactions, concept: &Concept) -> bool {
    concept.kind == ConceptKind::Medication || (concept.kind == ConceptKind::Topic && table.lists(&concept.id))
}

/// The medicines `text` names (as a message of `from`: this one, or an earlier turn).
pub fn named(lexicon: &Lexicon, table: &Interactions, text: &str, from: Origin) -> Named {
    let mut found: Vec<(usize, usize, &Concept)> = lexicon
        .find(text)
        .into_iter()
        .filter(|m| checked(table, m.concept))
        .map(|m| (m.start, m.end, m.concept))
        .collect();
    if has_hangul(text) {
        // Korean words no name matched, read by sound (the bridge's transliterations).
        for (word, name, _) in bridge(lexicon, text).transliterations {
            let Some(concept) = lexicon.lookup(&name).filter(|c| checked(table, c)) else { continue };
            let name = without_particle(&word);
            for (start, _) in text.match_indices(word.as_str()) {
                found.push((start, start + name.len(), concept));
            }
        }
        crate::core::order::sort_by_key(&mut found, |&(start, _, _)| start);
    }
    let mut named = Named::default();
    for (start, end, concept) in found {
        if medicine_not_taken(text, start, end) {
            if !named.not_taken.contains(&concept.id) {
                named.not_taken.push(concept.id.clone());
            }
        } else if !named.medicines.iter().any(|m| m.id == concept.id) {
            if medicine_asked_about(text, start, end) {
                named.asked.push(concept.id.clone());
            }
            named.medicines.push(Medicine {
                id: concept.id.clone(),
                en: concept.en.clone(),
                ko: concept.ko.clone(),
                said: Some(text[start..end].to_string()),
                from,
            });
        }
    }
    // Said taken in one place and stopped in another: the medicine is not counted as taken.
    named.medicines.retain(|m| !named.not_taken.contains(&m.id));
    // A class word beside a medicine of that class says what the medicine is for ("혈압약으로
    // 딜라트렌", "diabetes pill Januvia"): the medicine is what is taken, not every member of the
    // class. A combination product is no such word (Tylenol and Ultracet are two medicines).
    let of_class = |id: &str, class: &str| lexicon.classes_of(id).iter().any(|c| c.id == class);
    // A combination product is of its ingredients' classes (코자플러스 is a 혈압약).
    let belongs = |m: &Medicine, class: &str| {
        of_class(&m.id, class)
            || lexicon.concept(&m.id).is_some_and(|c| c.is_combination())
                && lexicon.members_of(&m.id).iter().any(|part| of_class(&part.id, class))
    };
    let described: Vec<String> = named
        .medicines
        .iter()
        .filter(|class| lexicon.concept(&class.id).is_some_and(|c| c.is_class() && !c.is_combination()))
        .filter(|class| named.medicines.iter().any(|m| belongs(m, &class.id)))
        .map(|class| class.id.clone())
        .collect();
    named.medicines.retain(|m| !described.contains(&m.id));
    named.asked.retain(|id| named.medicines.iter().any(|m| m.id == *id));
    named
}

/// A Hangul word read by sound without its particle, as the name was written (티자니딘을 ->
/// 티자니딘); at least two syllables stay.
fn without_particle(word: &str) -> &str {
    let starts: Vec<usize> = word.char_indices().map(|(i, _)| i).skip(2).collect();
    starts.into_iter().find(|&i| is_korean_particle(&word[i..])).map_or(word, |i| &word[..i])
}

/// The medicines to check in a turn, and what the message itself says of them.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct Gathered {
    pub medicines: Vec<Medicine>,
    /// The message's medicines only asked about taking ("can I take Advil?").
    pub asked: Vec<Medicine>,
    /// The concept ids the message says are not, or no longer, taken.
    pub not_taken: Vec<String>,
}

/// The medicines to check in a turn: those known before it (the profile's, those under discussion
/// in the conversation), then those named in the earlier messages given (oldest first), then this
/// message's; a medicine named again keeps its latest words, and one a message says is not taken is
/// dropped from what came before it.
pub fn gather(
    lexicon: &Lexicon,
    table: &Interactions,
    known: Vec<Medicine>,
    earlier: &[&str],
    message: &str,
) -> Gathered {
    let mut medicines = known;
    let messages = earlier.iter().map(|&text| (text, Origin::EarlierTurn)).chain([(message, Origin::Message)]);
    let mut said = Named::default();
    for (text, from) in messages {
        said = named(lexicon, table, text, from);
        medicines.retain(|m| !said.not_taken.contains(&m.id) && !said.medicines.iter().any(|n| n.id == m.id));
        medicines.extend(said.medicines.iter().cloned());
    }
    let asked = said.medicines.into_iter().filter(|m| said.asked.contains(&m.id)).collect();
    Gathered { medicines, asked, not_taken: said.not_taken }
}
