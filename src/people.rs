//! The people whose health this device keeps (e.g. family members), and which one the app is
//! talking about now. The browser keeps them as the `medagent.people` record ([`crate::records::PEOPLE_RECORD`]).
//!
//! A person has a stable id, the key of their profile, conversation and transcript everywhere else,
//! and a display name the user can change; renaming moves no data. Before this record existed the
//! app had one unnamed person with the id [`DEFAULT_USER`]: a missing record reads as exactly that,
//! so data stored by older versions stays where it was.

use crate::i18n::{ui, Lang};
use crate::memory::DEFAULT_USER;
use serde::{Deserialize, Serialize};

/// The longest name accepted, in characters.
pub const MAX_NAME_CHARS: usize = 40;

/// One person.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Person {
    pub id: String,
    /// What the user calls them; empty for the unnamed first person (shown as "Me" / "나").
    pub name: String,
}

impl Person {
    /// The name to show in `lang`.
    pub fn label(&self, lang: Lang) -> String {
        if self.name.is_empty() {
            ui(lang).default_person.to_string()
        } else {
            self.name.clone()
        }
    }
}

/// Everyone on this device and the one chosen now. Never empty; `current` is always one of `people`.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct People {
    people: Vec<Person>,
    current: String,
}

impl Default for People {
    fn default() -> Self {
        People { people: vec![Person { id: DEFAULT_USER.into(), name: String::new() }], current: DEFAULT_USER.into() }
    }
}

/// Why a change to the people was refused.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum PeopleError {
    EmptyName,
    NameTooLong,
    /// Another person already has this name.
    Duplicate(String),
    /// The last person cannot be removed: the app always talks about someone.
    LastPerson,
    UnknownPerson(String),
}

impl PeopleError {
    /// The error as the user reads it in `lang`.
    pub fn message(&self, lang: Lang) -> String {
        let text = ui(lang);
        match self {
            PeopleError::EmptyName => text.person_name_empty.to_string(),
            PeopleError::NameTooLong => text.person_name_too_long.replace("{max}", &MAX_NAME_CHARS.to_string()),
            PeopleError::Duplicate(name) => text.person_name_taken.replace("{name}", name),
            PeopleError::LastPerson => text.person_last.to_string(),
            PeopleError::UnknownPerson(id) => format!("{} ({id})", text.person_unknown),
        }
    }
}

impl People {
    /// Everyone, in the order they were added.
    pub fn all(&self) -> &[Person] {
        &self.people
    }

    /// The id of the person chosen now.
    pub fn current(&self) -> &str {
        &self.current
    }

    /// The person chosen now.
    pub fn current_person(&self) -> &Person {
        self.people.iter().find(|p| p.id == self.current).unwrap_or(&self.people[0])
    }

    /// Makes a stored record whole: at least one person, a current one that exists, and a person for
    /// every id in `ids_with_data` (profiles or conversations of people the record does not list, e.g.
    /// after importing an older export), so no stored data is out of reach.
    pub fn repaired<'a>(mut self, ids_with_data: impl IntoIterator<Item = &'a str>) -> People {
        for id in ids_with_data {
            if !self.people.iter().any(|p| p.id == id) {
                let name = if id == DEFAULT_USER { String::new() } else { id.to_string() };
                self.people.push(Person { id: id.to_string(), name });
            }
        }
        if self.people.is_empty() {
            self.people = People::default().people;
        }
        if !self.people.iter().any(|p| p.id == self.current) {
            self.current = self.people[0].id.clone();
        }
        self
    }

    /// A name as it will be kept: trimmed, non-empty, not too long, not another person's.
    fn checked_name(&self, name: &str, except: Option<&str>) -> Result<String, PeopleError> {
        let name = name.trim();
        if name.is_empty() {
            return Err(PeopleError::EmptyName);
        }
        if name.chars().count() > MAX_NAME_CHARS {
            return Err(PeopleError::NameTooLong);
        }
        let taken = self.people.iter().filter(|p| Some(p.id.as_str()) != except).any(|p| {
            // The unnamed first person is "Me" / "나" on screen: those names would look the same.
            let shown = if p.name.is_empty() {
                vec![ui(Lang::En).default_person, ui(Lang::Ko).default_person]
            } else {
                vec![p.name.as_str()]
            };
            shown.iter().any(|s| s.to_lowercase() == name.to_lowercase())
        });
        if taken {
            return Err(PeopleError::Duplicate(name.to_string()));
        }
        Ok(name.to_string())
    }

    /// Adds a person named `name`, chooses them and returns their id.
    pub fn add(&mut self, name: &str) -> Result<String, PeopleError> {
        let id = self.add_other(name)?;
        self.current = id.clone();
        Ok(id)
    }

    /// Adds a person named `name` and returns their id; the person chosen stays chosen (a person
    /// added from what the chat said about them).
    pub fn add_other(&mut self, name: &str) -> Result<String, PeopleError> {
        let name = self.checked_name(name, None)?;
        let n = (1..).find(|n| !self.people.iter().any(|p| p.id == format!("person-{n}"))).expect("unbounded");
        let id = format!("person-{n}");
        self.people.push(Person { id: id.clone(), name });
        Ok(id)
    }

    /// Renames person `id`.
    pub fn rename(&mut self, id: &str, name: &str) -> Result<(), PeopleError> {
        let name = self.checked_name(name, Some(id))?;
        let person =
            self.people.iter_mut().find(|p| p.id == id).ok_or_else(|| PeopleError::UnknownPerson(id.into()))?;
        person.name = name;
        Ok(())
    }

    /// Removes person `id` from the list (their data is the caller's to delete); when they were the
    /// chosen one, the first remaining person is chosen.
    pub fn remove(&mut self, id: &str) -> Result<(), PeopleError> {
        let index = self.people.iter().position(|p| p.id == id).ok_or_else(|| PeopleError::UnknownPerson(id.into()))?;
        if self.people.len() == 1 {
            return Err(PeopleError::LastPerson);
        }
        self.people.remove(index);
        if self.current == id {
            self.current = self.people[0].id.clone();
        }
        Ok(())
    }

    /// Chooses person `id`.
    pub fn select(&mut self, id: &str) -> Result<(), PeopleError> {
        if !self.people.iter().any(|p| p.id == id) {
            return Err(PeopleError::UnknownPerson(id.into()));
        }
        self.current = id.to_string();
        Ok(())
    }
}

/// The import check of the people record: the record's type, and every name as adding a person
/// would accept it (not empty unless it is the unnamed first person, not too long, not twice).
pub fn check_people(data: &serde_json::Value) -> Result<(), String> {
    let people = People::deserialize(data).map_err(|e| e.to_string())?;
    let mut checked = People { people: Vec::new(), current: String::new() };
    for person in &people.people {
        if person.id.trim().is_empty() {
            return Err("a person has no id".into());
        }
        let name = if person.name.is_empty() && person.id == DEFAULT_USER {
            String::new()
        } else {
            checked.checked_name(&person.name, None).map_err(|e| format!("{}: {}", person.id, e.message(Lang::En)))?
        };
        checked.people.push(Person { id: person.id.clone(), name });
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::persist::{load, save, Loaded, MemoryStore};
    use crate::records::PEOPLE_RECORD;

    #[test]
    fn the_first_person_is_where_older_versions_kept_their_data() {
        let people = People::default();
        assert_eq!(people.current(), DEFAULT_USER);
        assert_eq!(people.current_person().label(Lang::Ko), "나");
        assert_eq!(people.current_person().label(Lang::En), "Me");
    }

    #[test]
    fn add_rename_select_remove() {
        let mut people = People::default();
        let mom = people.add("  엄마 ").unwrap();
        assert_eq!(people.current(), mom, "a new person is chosen");
        assert_eq!(people.current_person().name, "엄마");
        let dad = people.add("Dad").unwrap();
        assert_ne!(mom, dad);
        people.rename(&dad, "아빠").unwrap();
        assert_eq!(people.all().iter().map(|p| p.label(Lang::En)).collect::<Vec<_>>(), ["Me", "엄마", "아빠"]);
        people.select(&mom).unwrap();
        people.remove(&mom).unwrap();
        assert_eq!(people.current(), DEFAULT_USER, "removing the chosen person chooses the first");
        // Ids are not reused while taken, and a freed id may come back for a new person.
        assert_eq!(people.add("Grandma").unwrap(), "person-1");
        // A person added from the chat leaves the choice as it was.
        let son = people.add_other("Son").unwrap();
        assert_eq!((people.current(), people.all().last().unwrap().id.as_str()), ("person-1", son.as_str()));
        assert_eq!(people.add_other("son"), Err(PeopleError::Duplicate("son".into())));
    }

    #[test]
    fn bad_names_and_removals_are_refused_with_a_reason() {
        let mut people = People::default();
        assert_eq!(people.add("   "), Err(PeopleError::EmptyName));
        assert_eq!(people.add(&"가".repeat(MAX_NAME_CHARS + 1)), Err(PeopleError::NameTooLong));
        assert!(people.add(&"가".repeat(MAX_NAME_CHARS)).is_ok());
        people.add("Mom").unwrap();
        assert_eq!(people.add("mom"), Err(PeopleError::Duplicate("mom".into())));
        assert_eq!(people.add("나"), Err(PeopleError::Duplicate("나".into())), "the first person shows as 나");
        let mom = people.current().to_string();
        assert!(people.rename(&mom, "MOM").is_ok(), "a person may change the case of their own name");
        assert_eq!(people.select("nobody"), Err(PeopleError::UnknownPerson("nobody".into())));
        let mut alone = People::default();
        assert_eq!(alone.remove(DEFAULT_USER), Err(PeopleError::LastPerson));
        assert!(PeopleError::NameTooLong.message(Lang::Ko).contains("40"));
        assert!(PeopleError::Duplicate("Mom".into()).message(Lang::En).contains("Mom"));
    }

    #[test]
    fn a_stored_record_is_repaired_so_no_data_is_hidden() {
        let stored: People =
            serde_json::from_str(r#"{"people":[{"id":"person-2","name":"Kim"}],"current":"gone"}"#).unwrap();
        let people = stored.repaired(["default", "person-2", "person-7"]);
        assert_eq!(people.current(), "person-2");
        let ids: Vec<&str> = people.all().iter().map(|p| p.id.as_str()).collect();
        assert_eq!(ids, ["person-2", "default", "person-7"]);
        assert_eq!(people.all()[1].label(Lang::En), "Me");
        assert_eq!(people.all()[2].label(Lang::En), "person-7");
        let empty: People = serde_json::from_str(r#"{"people":[],"current":""}"#).unwrap();
        assert_eq!(empty.repaired([]), People::default());
    }

    #[test]
    fn the_choice_survives_a_save_and_load() {
        let store = MemoryStore::default();
        let mut people = People::default();
        let dad = people.add("아빠").unwrap();
        save(&store, &PEOPLE_RECORD, &people).unwrap();
        let Loaded::Found(back) = load::<People>(&store, &PEOPLE_RECORD).unwrap() else { panic!("saved") };
        assert_eq!(back.current(), dad);
        assert_eq!(back, people);
    }

    /// An imported people record gets the checks a name typed in the app gets.
    #[test]
    fn imported_names_are_checked_like_typed_ones() {
        let record =
            |people: serde_json::Value| check_people(&serde_json::json!({"people": people, "current": "default"}));
        assert!(record(serde_json::json!([{"id": "default", "name": ""}, {"id": "p1", "name": "Mom"}])).is_ok());
        let long = "x".repeat(200_000);
        let error = record(serde_json::json!([{"id": "p1", "name": long}])).unwrap_err();
        assert!(error.contains("p1") && error.contains(&MAX_NAME_CHARS.to_string()), "{error}");
        assert!(record(serde_json::json!([{"id": "p1", "name": "Mom"}, {"id": "p2", "name": "mom"}])).is_err());
        assert!(record(serde_json::json!([{"id": "p1", "name": "  "}])).is_err());
    }
}
