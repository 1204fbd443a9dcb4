//! Every record the browser keeps in its storage, in one place: its key, its schema, how older
//! data migrates, how an import is checked, and what never leaves the device. The format of each is
//! documented with its type (`Memory`, `People`, `Settings`, `Transcript`); the envelope, backups and
//! the export file in [`crate::persist`].

use crate::core::answer::{Answer, AnswerKind};
use crate::i18n::Lang;
use crate::llm::offline;
use crate::memory::Memory;
use crate::people::{check_people, People};
use crate::persist::{check_as, Migration, RecordKind};
use crate::pipeline::nodes::grade;
use crate::pipeline::state::Mode;
use crate::settings::Settings;
use crate::transcript::Transcript;
use serde::de::DeserializeOwned;
use serde_json::Value;

/// The profiles, conversations and response cache of every person on this device ([`Memory`]).
/// Schema 2: a cached answer is an [`Answer`] and a remembered exchange keeps the answer's body.
pub static MEMORY_RECORD: RecordKind = RecordKind {
    key: "medagent.memory",
    schema: 2,
    migrations: &[Migration { from: 1, apply: memory_answers_as_values }],
    check: check_as::<Memory>,
    secrets: &[],
};

/// The people and the chosen one ([`crate::people::People`]); an import is checked as adding each person would be.
pub static PEOPLE_RECORD: RecordKind =
    RecordKind { key: "medagent.people", schema: 1, migrations: &[], check: check_people, secrets: &[] };

/// The settings ([`Settings`]). The API key is written only when the user asked to remember it, and
/// never exported.
pub static SETTINGS_RECORD: RecordKind = RecordKind {
    key: "medagent.settings",
    schema: 1,
    migrations: &[],
    check: check_as::<Settings>,
    secrets: &[(&["provider", "key"], "The API key")],
};

/// Every person's saved conversation ([`Transcript`]). Schema 2: a turn's answer is an [`Answer`].
pub static TRANSCRIPT_RECORD: RecordKind = RecordKind {
    key: "medagent.transcript",
    schema: 2,
    migrations: &[Migration { from: 1, apply: transcript_answers_as_values }],
    check: check_as::<Transcript>,
    secrets: &[],
};

/// An answer kept by schema 1 as the text it was shown as, read into a value. What the release
/// that wrote it put around the body is taken off only where it is exactly that: the notice (one
/// line, only when `may_have_notice`), the evidence answer's preamble, the grade's warning. Anything
/// else (a model text shown apart) stays in the body, so rendering the value gives the text back.
fn answer_from_shown_text(text: &str, may_have_notice: bool) -> Answer {
    let mut rest = text;
    let mut notice = None;
    if may_have_notice && rest.starts_with("⚠️ **") {
        let (line, after) = rest.split_once("\n\n").unwrap_or((rest, ""));
        notice = Some(line.to_string());
        rest = after;
    }
    let preambles = [Lang::Ko, Lang::En].into_iter().flat_map(|l| [offline::preamble(l), offline::refused_preamble(l)]);
    let preamble = preambles.into_iter().find(|p| rest.strip_prefix(p).is_some_and(|r| r.starts_with("\n\n")));
    if let Some(preamble) = preamble {
        rest = &rest[preamble.len() + 2..];
    }
    let warning = [Lang::Ko, Lang::En]
        .into_iter()
        .map(grade::warning)
        .find(|w| rest.strip_suffix(w).is_some_and(|r| r.ends_with("\n\n")));
    if let Some(warning) = warning {
        rest = &rest[..rest.len() - warning.len() - 2];
    }
    Answer {
        notice,
        preamble: preamble.map(str::to_string),
        body: rest.to_string(),
        // Schema 1 did not say; the sources' own sentences are known by their preamble.
        kind: if preamble.is_some() { AnswerKind::Evidence } else { AnswerKind::Generated },
        warnings: warning.map(|w| vec![w.to_string()]).unwrap_or_default(),
        unsupported: None,
    }
}

/// Replaces the answer text at `field` of `object` by [`answer_from_shown_text`]'s value; an answer
/// already a value is left as it is.
fn answer_as_value(object: &mut Value, field: &str, may_have_notice: bool) {
    if let Some(text) = object.get(field).and_then(Value::as_str) {
        let answer = answer_from_shown_text(text, may_have_notice);
        object[field] = serde_json::to_value(answer).expect("answers serialise");
    }
}

/// The objects of the array at `path` inside `data` (none when a step is missing).
fn objects_at<'a>(data: &'a mut Value, path: &[&str]) -> impl Iterator<Item = &'a mut Value> {
    let found = path.iter().try_fold(data, |v, key| v.get_mut(*key));
    found.and_then(Value::as_array_mut).into_iter().flatten().filter(|v| v.is_object())
}

/// Transcript schema 1 to 2: each turn's answer text becomes an [`Answer`] (the notice is taken off
/// only a turn marked as an emergency).
fn transcript_answers_as_values(mut data: Value) -> Result<Value, String> {
    let turns = data.get_mut("turns").and_then(Value::as_object_mut).ok_or("no \"turns\" object")?;
    for turn in turns.values_mut().flat_map(|t| t.as_array_mut().into_iter().flatten()) {
        let emergency = turn.get("emergency").and_then(Value::as_bool).unwrap_or(false);
        answer_as_value(turn, "answer", emergency);
    }
    Ok(data)
}

/// Memory schema 1 to 2: each cached answer text becomes an [`Answer`] (never with a notice: a turn
/// with one was not cached), and each remembered exchange keeps only the body of its answer.
fn memory_answers_as_values(mut data: Value) -> Result<Value, String> {
    for entry in objects_at(&mut data, &["cache", "entries"]) {
        answer_as_value(entry, "answer", false);
    }
    let conversations = data.get_mut("conversations").and_then(Value::as_object_mut);
    for conversation in conversations.into_iter().flat_map(|c| c.values_mut()) {
        for exchange in objects_at(conversation, &["exchanges"]) {
            if let Some(text) = exchange.get("answer").and_then(Value::as_str) {
                exchange["answer"] = Value::String(answer_from_shown_text(text, true).body);
            }
        }
    }
    Ok(data)
}

/// Every record the app stores, in export order.
pub const RECORDS: [&RecordKind; 4] = [&MEMORY_RECORD, &PEOPLE_RECORD, &SETTINGS_RECORD, &TRANSCRIPT_RECORD];

/// What the data of the record `key` holds, in words in `lang`, for the import preview ("3 people:
/// Mom, Dad, Me"). Read as the record's own type, so a renamed field cannot silently count zero; empty
/// for a key this version does not know or data that is not its record's type.
pub fn summary(key: &str, data: &Value, lang: Lang) -> String {
    fn read<T: DeserializeOwned>(data: &Value) -> Option<T> {
        T::deserialize(data).ok()
    }
    let en = lang == Lang::En;
    let summary = match key {
        _ if key == MEMORY_RECORD.key => read::<Memory>(data).map(|memory| {
            let exchanges: usize = memory.conversations.values().map(|c| c.exchanges.len()).sum();
            let (profiles, cached) = (memory.profiles.profiles.len(), memory.cache.entries.len());
            if en {
                format!("{profiles} profiles, {exchanges} remembered exchanges, {cached} cached answers")
            } else {
                format!("프로필 {profiles}개, 기억한 대화 {exchanges}개, 저장된 답변 {cached}개")
            }
        }),
        _ if key == PEOPLE_RECORD.key => read::<People>(data).map(|people| {
            let names: Vec<String> = people.all().iter().map(|p| p.label(lang)).collect();
            if en {
                format!("{} people: {}", names.len(), names.join(", "))
            } else {
                format!("대상자 {}명: {}", names.len(), names.join(", "))
            }
        }),
        _ if key == SETTINGS_RECORD.key => read::<Settings>(data).map(|settings| {
            let mode = match settings.mode {
                Mode::Agent => "agent",
                Mode::Llm => "llm",
            };
            let profile = settings.profile.as_deref().unwrap_or("custom");
            if en {
                format!("mode {mode}, profile {profile}")
            } else {
                format!("방식 {mode}, 프로필 {profile}")
            }
        }),
        _ if key == TRANSCRIPT_RECORD.key => read::<Transcript>(data).map(|transcript| {
            let turns: usize = transcript.turns.values().map(Vec::len).sum();
            if en {
                format!("{turns} shown turns")
            } else {
                format!("화면의 대화 {turns}개")
            }
        }),
        _ => None,
    };
    summary.unwrap_or_default()
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Each record has its own key, and its import check accepts what the app writes.
    #[test]
    fn every_record_has_its_own_key_and_accepts_its_default() {
        let keys: std::collections::BTreeSet<&str> = RECORDS.iter().map(|r| r.key).collect();
        assert_eq!(keys.len(), RECORDS.len());
        use serde_json::to_value;
        assert!((MEMORY_RECORD.check)(&to_value(Memory::default()).unwrap()).is_ok());
        assert!((PEOPLE_RECORD.check)(&to_value(People::default()).unwrap()).is_ok());
        assert!((SETTINGS_RECORD.check)(&to_value(Settings::default()).unwrap()).is_ok());
        assert!((TRANSCRIPT_RECORD.check)(&to_value(Transcript::default()).unwrap()).is_ok());
        assert!((SETTINGS_RECORD.check)(&serde_json::json!({"mode": 3})).is_err());
    }

    use crate::persist::{load, KeyValue, Loaded, MemoryStore};

    /// The store as the release before the answer was a value left it (tests/fixtures/saved).
    fn previous_release() -> MemoryStore {
        let store = MemoryStore::default();
        for (record, saved) in [
            (&TRANSCRIPT_RECORD, include_str!("../tests/fixtures/saved/medagent.transcript.json")),
            (&MEMORY_RECORD, include_str!("../tests/fixtures/saved/medagent.memory.json")),
        ] {
            store.set(record.key, saved).unwrap();
        }
        store
    }

    /// The text schema 1 kept for each turn: every turn loads, and its answer, rendered, is that text
    /// again, with the notice, preamble and warning that were around the body as parts of their own.
    #[test]
    fn a_transcript_saved_by_the_previous_release_loads_with_every_turn_and_answer() {
        let saved: Value =
            serde_json::from_str(include_str!("../tests/fixtures/saved/medagent.transcript.json")).unwrap();
        assert_eq!(saved["schema"], 1);
        let old_turns = saved["data"]["turns"]["me"].as_array().unwrap();
        let Loaded::Found(transcript) = load::<Transcript>(&previous_release(), &TRANSCRIPT_RECORD).unwrap() else {
            panic!("the transcript loads")
        };
        let turns = &transcript.turns["me"];
        assert_eq!(turns.len(), old_turns.len());
        assert_eq!(turns.len(), 7);
        for (turn, old) in turns.iter().zip(old_turns) {
            assert_eq!(turn.question, old["question"].as_str().unwrap());
            assert_eq!(turn.evidence.len(), old["evidence"].as_array().unwrap().len());
            assert_eq!(turn.cached, old["cached"].as_bool().unwrap());
            let lang = if crate::i18n::has_hangul(&turn.question) { Lang::Ko } else { Lang::En };
            assert_eq!(turn.answer.render(lang), old["answer"].as_str().unwrap(), "{:?}", turn.answer);
        }
        let [gout, refused, emergency, offline, cached, korean, hello] = &turns[..] else { unreachable!() };
        assert_eq!(gout.answer.warnings, [grade::warning(Lang::En)]);
        assert!(gout.answer.body.ends_with("lower uric acid [1]."), "{:?}", gout.answer);
        assert_eq!(refused.answer.preamble.as_deref(), Some(offline::refused_preamble(Lang::En)));
        assert!(emergency.emergency && emergency.answer.notice.as_deref().unwrap().contains("911"));
        assert!(emergency.answer.body.starts_with("- **What are the symptoms of Diabetes**"), "{:?}", emergency.answer);
        assert_eq!(offline.answer.kind, AnswerKind::Evidence);
        assert!(cached.cached && cached.answer == offline.answer);
        assert_eq!(korean.answer.preamble.as_deref(), Some(offline::preamble(Lang::Ko)));
        assert_eq!((hello.answer.notice.as_ref(), hello.answer.preamble.as_ref()), (None, None));
        // Saved again, it is schema 2 and reads back the same.
        let store = MemoryStore::default();
        crate::persist::save(&store, &TRANSCRIPT_RECORD, &transcript).unwrap();
        assert_eq!(load::<Transcript>(&store, &TRANSCRIPT_RECORD).unwrap(), Loaded::Found(transcript));
    }

    /// The memory of the previous release: every exchange and cached answer is kept, an exchange with
    /// the body of its answer (so its one-line summary quotes the sources, not the notice).
    #[test]
    fn memory_saved_by_the_previous_release_loads_with_every_exchange_and_cached_answer() {
        let Loaded::Found(memory) = load::<Memory>(&previous_release(), &MEMORY_RECORD).unwrap() else {
            panic!("the memory loads")
        };
        let exchanges = &memory.conversations["me"].exchanges;
        assert_eq!(exchanges.len(), 7);
        assert!(exchanges[2].answer.starts_with("- **What are the symptoms of Diabetes**"), "{}", exchanges[2].answer);
        assert!(exchanges.iter().all(|e| !e.answer.starts_with('⚠') && !e.answer.starts_with("**")));
        let cached: Vec<&str> = memory.cache.entries.iter().map(|e| e.query.as_str()).collect();
        assert_eq!(cached.len(), 5, "{cached:?}");
        let metformin = memory.cache.entries.iter().find(|e| e.query.contains("metformin")).unwrap();
        assert_eq!(metformin.answer.preamble.as_deref(), Some(offline::preamble(Lang::En)));
        assert!(
            metformin.answer.body.contains("lactic acidosis, a rare but serious side effect. [1]"),
            "{:?}",
            metformin.answer
        );
    }

    /// A schema-1 record the migration cannot read is kept under a backup key with the reason, never lost.
    #[test]
    fn a_bad_schema_1_transcript_is_backed_up_not_lost() {
        let store = MemoryStore::default();
        let bad = r#"{"schema":1,"data":{"turns":{"me":[{"question":"q","answer":7}]}}}"#;
        store.set(TRANSCRIPT_RECORD.key, bad).unwrap();
        let Loaded::Recovered { backup_key, reason } = load::<Transcript>(&store, &TRANSCRIPT_RECORD).unwrap() else {
            panic!("recovered")
        };
        assert_eq!(store.get(&backup_key).unwrap().as_deref(), Some(bad));
        assert!(reason.to_string().contains("schema 2"), "{reason}");
        store.set(TRANSCRIPT_RECORD.key, r#"{"schema":1,"data":{"people":[]}}"#).unwrap();
        let Loaded::Recovered { reason, .. } = load::<Transcript>(&store, &TRANSCRIPT_RECORD).unwrap() else {
            panic!("recovered")
        };
        assert!(reason.to_string().contains("migration from schema 1 failed"), "{reason}");
    }

    /// The import preview counts what each record holds, read as the record's type.
    #[test]
    fn summaries_count_what_each_record_holds() {
        use serde_json::{json, to_value};
        let mut people = People::default();
        people.add("Mom").unwrap();
        assert_eq!(summary(PEOPLE_RECORD.key, &to_value(&people).unwrap(), Lang::En), "2 people: Me, Mom");
        assert_eq!(summary(PEOPLE_RECORD.key, &to_value(&people).unwrap(), Lang::Ko), "대상자 2명: 나, Mom");
        let settings = Settings { mode: Mode::Llm, profile: None, ..Settings::default() };
        assert_eq!(summary(SETTINGS_RECORD.key, &to_value(&settings).unwrap(), Lang::En), "mode llm, profile custom");
        let turns = json!({"turns": {"default": [{"question": "a"}, {"question": "b"}], "p1": [{"question": "c"}]}});
        assert_eq!(summary(TRANSCRIPT_RECORD.key, &turns, Lang::En), "3 shown turns");
        assert_eq!(
            summary(MEMORY_RECORD.key, &to_value(Memory::default()).unwrap(), Lang::En),
            "0 profiles, 0 remembered exchanges, 0 cached answers"
        );
        assert_eq!(summary(MEMORY_RECORD.key, &json!({"profiles": 7}), Lang::En), "");
        assert_eq!(summary("medagent.unknown", &json!({}), Lang::En), "");
    }
}
