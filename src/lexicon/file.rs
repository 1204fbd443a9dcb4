//! `lexicon.bin`: the lexicon as the browser loads it, in the container of
//! [`crate::core::format`] (kind 5).
//!
//! Payload: varint concept count; per concept: string id, varint kind (0 condition, 1 symptom,
//! 2 medication, 3 lab, 4 vital, 5 topic), string English display name, string Korean display name; then
//! varint name count; per name (sorted): string normalised name, varint concept index; then varint
//! everyday phrase count; per phrase: string Korean stem, string English words, varint 1 when it may
//! start inside a word else 0, string id of the concept it states (empty: none); then varint topic
//! name count; per topic name: string; then varint class membership count; per membership
//! (sorted): varint medicine concept index, varint class concept index; then varint acronym count;
//! per acronym (sorted): string, the name as it must be written; then varint count of the concepts
//! whose English is a corpus topic; per one (sorted): varint concept index.

use super::everyday::Phrase;
use super::{Concept, ConceptKind, Lexicon};
use crate::core::format::{FileKind, FormatError, Reader, Writer};
use std::collections::HashMap;

/// The lexicon file's name in the static index.
pub const LEXICON_FILE: &str = "lexicon.bin";

/// Encodes the lexicon (deterministic bytes).
pub fn encode(lexicon: &Lexicon) -> Vec<u8> {
    let mut w = Writer::default();
    w.varint(lexicon.concepts().len() as u64);
    for c in lexicon.concepts() {
        w.string(&c.id);
        w.varint(ConceptKind::ALL.iter().position(|k| *k == c.kind).expect("listed") as u64);
        w.string(&c.en);
        w.string(&c.ko);
    }
    let names = lexicon.names();
    w.varint(names.len() as u64);
    for (name, concept) in names {
        w.string(name);
        w.varint(concept.into());
    }
    w.varint(lexicon.phrases().len() as u64);
    for p in lexicon.phrases() {
        w.string(&p.ko);
        w.string(&p.en);
        w.varint(u64::from(p.inside));
        w.string(p.concept.as_deref().unwrap_or(""));
    }
    w.varint(lexicon.topics().len() as u64);
    for topic in lexicon.topics() {
        w.string(topic);
    }
    w.varint(lexicon.memberships().len() as u64);
    for &(medicine, class) in lexicon.memberships() {
        w.varint(medicine.into());
        w.varint(class.into());
    }
    let acronyms = lexicon.acronyms();
    w.varint(acronyms.len() as u64);
    for acronym in acronyms {
        w.string(acronym);
    }
    w.varint(lexicon.foci().len() as u64);
    for &concept in lexicon.foci() {
        w.varint(concept.into());
    }
    w.finish(FileKind::Lexicon)
}

/// Decodes `lexicon.bin`, rejecting truncated, foreign or inconsistent files.
pub fn decode(bytes: &[u8]) -> Result<Lexicon, FormatError> {
    let mut r = Reader::open(bytes, FileKind::Lexicon, LEXICON_FILE)?;
    let count = r.u32()?;
    let mut concepts = Vec::with_capacity(count.min(1 << 20) as usize);
    for _ in 0..count {
        let id = r.string()?;
        let kind = *ConceptKind::ALL
            .get(r.varint()? as usize)
            .ok_or_else(|| FormatError(format!("{LEXICON_FILE} has an unknown concept type")))?;
        concepts.push(Concept { id, kind, en: r.string()?, ko: r.string()? });
    }
    let name_count = r.u32()?;
    let mut names = HashMap::with_capacity(name_count.min(1 << 20) as usize);
    for _ in 0..name_count {
        let name = r.string()?;
        let concept = r.u32()?;
        if concept >= count {
            return Err(FormatError(format!("{LEXICON_FILE} names a concept that does not exist")));
        }
        names.insert(name, concept);
    }
    let phrase_count = r.u32()?;
    let mut phrases = Vec::with_capacity(phrase_count.min(1 << 16) as usize);
    for _ in 0..phrase_count {
        let (ko, en, inside) = (r.string()?, r.string()?, r.varint()? == 1);
        let concept = Some(r.string()?).filter(|id| !id.is_empty());
        phrases.push(Phrase { ko, en, inside, concept });
    }
    let topic_count = r.u32()?;
    let mut topics = Vec::with_capacity(topic_count.min(1 << 16) as usize);
    for _ in 0..topic_count {
        topics.push(r.string()?);
    }
    let membership_count = r.u32()?;
    let mut memberships = Vec::with_capacity(membership_count.min(1 << 16) as usize);
    for _ in 0..membership_count {
        let (medicine, class) = (r.u32()?, r.u32()?);
        if medicine >= count || class >= count {
            return Err(FormatError(format!("{LEXICON_FILE} names a concept that does not exist")));
        }
        memberships.push((medicine, class));
    }
    let acronym_count = r.u32()?;
    let mut acronyms = Vec::with_capacity(acronym_count.min(1 << 16) as usize);
    for _ in 0..acronym_count {
        acronyms.push(r.string()?);
    }
    let focus_count = r.u32()?;
    let mut foci = Vec::with_capacity(focus_count.min(1 << 16) as usize);
    for _ in 0..focus_count {
        let concept = r.u32()?;
        if concept >= count {
            return Err(FormatError(format!("{LEXICON_FILE} names a concept that does not exist")));
        }
        foci.push(concept);
    }
    r.finish()?;
    Ok(Lexicon::new(concepts, names, phrases, topics, memberships, acronyms, foci))
}
