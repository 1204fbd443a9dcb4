//! The pairwise check: every two of the medicines (those the person takes and those the message
//! names) looked up in the tables, each through its own id, its classes (ibuprofen is an NSAID, so a
//! table's "NSAIDs + lithium" is ibuprofen's) and, for a class, its members ("NSAIDs" name
//! ibuprofen, so "ibuprofen + lithium" is theirs). Each listed pair is reported once, with the highest
//! severity any listing gives it and every table that lists it. Only pairs with a medicine this
//! message names are checked: a pair of medicines named before was reported when the second of them
//! was named, and saying it again with every later answer would teach the reader to skip it.

use super::table::{Interactions, Note, Severity, Source};
use crate::lexicon::Lexicon;
use serde::{Deserialize, Serialize};

/// A medicine, or a class of medicines, the person takes or a message names.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Medicine {
    /// The lexicon's concept id: a DrugBank id, or `CLASS:<class>`.
    pub id: String,
    /// The generic (or class) name in English and Korean (empty when no Korean name is known).
    pub en: String,
    pub ko: String,
    /// The words a message used for it; `None` for a medicine only the profile keeps.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub said: Option<String>,
    pub from: Origin,
}

/// Where the check found a medicine.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Origin {
    /// The person's profile (what they said they take, in any earlier conversation).
    Profile,
    /// A recent earlier message of this conversation ("my mother takes lithium", then "can she take
    /// ibuprofen?").
    EarlierTurn,
    /// This message.
    Message,
}

/// One pair of the medicines that the tables list together.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Found {
    pub drugs: [Medicine; 2],
    /// The highest severity a table gives the pair.
    pub severity: Severity,
    /// Every table that lists it.
    pub sources: Vec<Source>,
    /// The consumer table's description and advice, when it lists the pair.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub note: Option<Note>,
    /// The pair as a table lists it (English names) when that is not the two medicines themselves
    /// but a class or a member of theirs: "NSAID + lithium" for ibuprofen and lithium.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub listed_as: Option<[String; 2]>,
}

/// What the check looked at and what it found.
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct Checked {
    /// The medicines checked: the profile's first, then earlier turns', then the message's.
    pub medicines: Vec<Medicine>,
    /// The listed pairs, highest severity first.
    pub found: Vec<Found>,
}

impl Checked {
    /// Whether two or more medicines were checked, one of them named by the message, and no table
    /// lists any pair of them: the case to say so (and that the tables cover only part of all
    /// medicines), never that the combination is safe.
    pub fn none_listed(&self) -> bool {
        self.found.is_empty() && self.medicines.len() >= 2 && self.medicines.iter().any(|m| m.from == Origin::Message)
    }

    /// Whether there is nothing to show: no listed pair, and nothing to say of none being listed.
    pub fn is_silent(&self) -> bool {
        self.found.is_empty() && !self.none_listed()
    }
}

/// The concept ids a medicine is looked up by: its own, its classes', and a class's members'.
fn keys<'a>(lexicon: &'a Lexicon, id: &'a str) -> Vec<&'a str> {
    let mut keys = vec![id];
    keys.extend(lexicon.classes_of(id).into_iter().map(|c| c.id.as_str()));
    keys.extend(lexicon.members_of(id).into_iter().map(|c| c.id.as_str()));
    keys
}

/// What is checked of `medicines`, each with the index of the medicine it is part of: a
/// combination product (Bactrim) is its ingredients, each as the product was said ("Bactrim
/// (trimethoprim)"), so a table's listing of one ingredient is the product's; any other medicine is
/// itself.
fn parts(lexicon: &Lexicon, medicines: &[Medicine]) -> Vec<(usize, Medicine)> {
    let mut parts = Vec::new();
    for (i, medicine) in medicines.iter().enumerate() {
        let combination = lexicon.concept(&medicine.id).is_some_and(|c| c.is_combination());
        let members = if combination { lexicon.members_of(&medicine.id) } else { Vec::new() };
        if members.is_empty() {
            parts.push((i, medicine.clone()));
        }
        for part in members {
            let part = Medicine { id: part.id.clone(), en: part.en.clone(), ko: part.ko.clone(), ..medicine.clone() };
            parts.push((i, part));
        }
    }
    parts
}

/// Checks every pair of `medicines` with one named by this message (each once; a medicine and a
/// class it belongs to are not a pair).
pub fn check(table: &Interactions, lexicon: &Lexicon, medicines: Vec<Medicine>) -> Checked {
    let parts = parts(lexicon, &medicines);
    let keys: Vec<Vec<&str>> = parts.iter().map(|(_, m)| keys(lexicon, &m.id)).collect();
    let mut found = Vec::new();
    for i in 0..parts.len() {
        for j in i + 1..parts.len() {
            // Two ingredients of one product are no pair.
            let ((of_x, x), (of_y, y)) = (&parts[i], &parts[j]);
            let named_now = x.from == Origin::Message || y.from == Origin::Message;
            if of_x == of_y || !named_now || keys[i].contains(&y.id.as_str()) || keys[j].contains(&x.id.as_str()) {
                continue;
            }
            // An ingredient both taken alone and in a product (Tylenol and Ultracet) is one pair.
            let ids = |f: &Found| [f.drugs[0].id.clone(), f.drugs[1].id.clone()];
            let reported = |pair: &Found| found.iter().any(|f: &Found| ids(f) == ids(pair));
            if let Some(pair) = look_up(table, lexicon, [x, y], [&keys[i], &keys[j]]).filter(|p| !reported(p)) {
                found.push(pair);
            }
        }
    }
    // Highest severity first; pairs of one severity in the order their medicines were named.
    crate::core::order::sort_by_key(&mut found, |f: &Found| std::cmp::Reverse(f.severity));
    Checked { medicines, found }
}

/// The tables' listings of one pair, merged.
fn look_up(table: &Interactions, lexicon: &Lexicon, pair: [&Medicine; 2], keys: [&Vec<&str>; 2]) -> Option<Found> {
    let mut sources: Vec<Source> = Vec::new();
    let mut note: Option<(Severity, &Note)> = None;
    // The strongest listing (its severity is the pair's), and whether any names the two medicines
    // themselves rather than a class or a member of theirs.
    let mut strongest: Option<(Severity, [&str; 2])> = None;
    let mut direct_listing = false;
    for &a in keys[0] {
        for &b in keys[1] {
            if a == b {
                continue;
            }
            let direct = a == pair[0].id && b == pair[1].id;
            for listing in table.listed(a, b) {
                if !sources.contains(&listing.source) {
                    sources.push(listing.source);
                }
                if let Some(n) = table.note(listing) {
                    if note.is_none_or(|(s, _)| listing.severity > s) {
                        note = Some((listing.severity, n));
                    }
                }
                direct_listing |= direct;
                if strongest.is_none_or(|(s, _)| listing.severity > s) {
                    strongest = Some((listing.severity, [a, b]));
                }
            }
        }
    }
    let (severity, [a, b]) = strongest?;
    crate::core::order::sort_by(&mut sources, Ord::cmp);
    let name = |id: &str| lexicon.concept(id).map_or_else(|| id.to_string(), |c| c.en.clone());
    let listed_as = (!direct_listing).then(|| [name(a), name(b)]);
    Some(Found {
        drugs: [pair[0].clone(), pair[1].clone()],
        severity,
        sources,
        note: note.map(|(_, n)| n.clone()),
        listed_as,
    })
}
