//! `interactions.bin`: the interaction tables as the browser and the CLI load them, in the container
//! of [`crate::core::format`] (kind 6).
//!
//! Payload: varint key count; per key (sorted): string concept id. Then varint note count; per note:
//! string description (English), string description (Korean), string advice (English), string
//! advice (Korean), string mechanism, string cited source. Then varint pair count; per pair (sorted
//! by key indices): varint key index a, varint key index b (a < b), varint listing count; per
//! listing (highest severity first): varint severity (0 minor, 1 significant, 2 critical), varint
//! source (0 NDF-RT, 1 ONC high-priority, 2 ONC non-interruptive, 3 the consumer table), varint note
//! index + 1 (0: no note).

use super::table::{Interactions, Listing, Note, Severity, Source, Text};
use crate::core::format::{FileKind, FormatError, Reader, Writer};
use std::collections::HashMap;

/// The interactions file's name in the static index.
pub const INTERACTIONS_FILE: &str = "interactions.bin";

/// Encodes the tables (deterministic bytes).
pub fn encode(table: &Interactions) -> Vec<u8> {
    let mut w = Writer::default();
    w.varint(table.keys().len() as u64);
    for key in table.keys() {
        w.string(key);
    }
    w.varint(table.notes().len() as u64);
    for note in table.notes() {
        for text in
            [&note.description.en, &note.description.ko, &note.advice.en, &note.advice.ko, &note.mechanism, &note.cited]
        {
            w.string(text);
        }
    }
    let pairs = table.pairs();
    w.varint(pairs.len() as u64);
    for ((a, b), listings) in pairs {
        w.varint(a.into());
        w.varint(b.into());
        w.varint(listings.len() as u64);
        for listing in listings {
            w.varint(Severity::ALL.iter().position(|s| *s == listing.severity).expect("listed") as u64);
            w.varint(Source::ALL.iter().position(|s| *s == listing.source).expect("listed") as u64);
            w.varint(listing.note.map_or(0, |n| u64::from(n) + 1));
        }
    }
    w.finish(FileKind::Interactions)
}

/// Decodes `interactions.bin`, rejecting truncated, foreign or inconsistent files.
pub fn decode(bytes: &[u8]) -> Result<Interactions, FormatError> {
    let mut r = Reader::open(bytes, FileKind::Interactions, INTERACTIONS_FILE)?;
    let bad = |what: &str| FormatError(format!("{INTERACTIONS_FILE} {what}: rebuild the index"));
    let key_count = r.u32()?;
    let mut keys = Vec::with_capacity(key_count.min(1 << 16) as usize);
    for _ in 0..key_count {
        keys.push(r.string()?);
    }
    let note_count = r.u32()?;
    let mut notes = Vec::with_capacity(note_count.min(1 << 12) as usize);
    for _ in 0..note_count {
        let description = Text { en: r.string()?, ko: r.string()? };
        let advice = Text { en: r.string()?, ko: r.string()? };
        notes.push(Note { description, advice, mechanism: r.string()?, cited: r.string()? });
    }
    let pair_count = r.u32()?;
    let mut pairs = HashMap::with_capacity(pair_count.min(1 << 20) as usize);
    for _ in 0..pair_count {
        let (a, b) = (r.u32()?, r.u32()?);
        if a >= b || b >= key_count {
            return Err(bad("names a pair of keys that does not exist"));
        }
        let count = r.u32()?;
        let mut listings = Vec::with_capacity(count.min(8) as usize);
        for _ in 0..count {
            let severity = *Severity::ALL.get(r.varint()? as usize).ok_or_else(|| bad("has an unknown severity"))?;
            let source = *Source::ALL.get(r.varint()? as usize).ok_or_else(|| bad("has an unknown source"))?;
            let note = match r.u32()? {
                0 => None,
                n if n <= note_count => Some(n - 1),
                _ => return Err(bad("names a note that does not exist")),
            };
            listings.push(Listing { severity, source, note });
        }
        pairs.insert((a, b), listings);
    }
    r.finish()?;
    Ok(Interactions::new(keys, notes, pairs))
}

#[cfg(test)]
mod tests {
    use super::super::table::{build, Sources};
    use super::*;

    const LABELS_HEADER_ONLY: &str = "row\ta_names\ta_ids\tb_names\tb_ids\tseverity\tdescription\tmechanism\tadvice\tdescription_ko\tadvice_ko\tcited\n";

    fn sample() -> Interactions {
        let tables = "a_id\ta_name\tb_id\tb_name\tseverity\tsource\n\
                      DB00682\tWarfarin\tDB01050\tIbuprofen\tcritical\tndf-rt\n\
                      DB00945\tAspirin\tDB01050\tIbuprofen\tminor\tonc-non-interruptive\n";
        let consumer = "row\ta_names\ta_ids\tb_names\tb_ids\tseverity\tdescription\tmechanism\trecommendation\tcited\n\
                        76\tnsaid\tCLASS:nsaid\tlithium\tDB01356\tsignificant\tMore lithium.\tKidney.\tCheck levels.\tFDA\n";
        let korean = "row\ta\tb\tdescription_ko\tadvice_ko\n76\tnsaid\tlithium\t리튬 증가.\t농도 확인.\n";
        build(&Sources { tables, consumer, consumer_ko: korean, labels: LABELS_HEADER_ONLY }).unwrap()
    }

    #[test]
    fn round_trip_keeps_every_listing_and_note() {
        let table = sample();
        let bytes = encode(&table);
        assert_eq!(decode(&bytes).unwrap(), table);
        assert_eq!(encode(&decode(&bytes).unwrap()), bytes, "deterministic bytes");
    }

    #[test]
    fn truncated_or_foreign_files_are_rejected() {
        let bytes = encode(&sample());
        for cut in [0, 5, 12, bytes.len() / 2, bytes.len() - 1] {
            assert!(decode(&bytes[..cut]).is_err(), "cut at {cut}");
        }
        let lexicon = crate::core::format::Writer::default().finish(FileKind::Lexicon);
        assert!(decode(&lexicon).unwrap_err().0.contains("expected"));
    }
}
