//! Families of topics that share a condition's name, and which member of a family fits a question.
//! MedQuAD holds "Kidney Stones", "Kidney Stones in Adults", "Kidney Stones in Children" and "What I
//! need to know about Kidney Stones" side by side; the search finds the family far more surely than
//! the member, so among the results the member whose qualifier fits the question is put first.
//!
//! A topic's name is read as an optional framing ("What I need to know about"), an optional leading
//! population ("Childhood", "Adult"), the condition, and an optional trailing qualifier after a
//! connecting word ("in Children", "during Pregnancy", "for Women"). Topics whose conditions have the
//! same stems are one family.

use super::asked::order_within_groups;
use crate::core::tokenizer::tokenize;
use std::sync::OnceLock;

/// Which population a word names, and whether it is assumed when a question names none.
pub struct Population {
    /// What the group is, for reading the table.
    pub name: &'static str,
    /// Groups on one axis exclude each other (a child is not an adult); groups on different axes do not.
    pub axis: &'static str,
    /// A question that names no group on this axis is taken to ask about this one (an adult).
    pub assumed: bool,
    /// The words that name the group, English and Korean (matched by their stems, as questions are).
    pub words: &'static [&'static str],
}

/// The populations topics are qualified by.
pub const POPULATIONS: &[Population] = &[
    Population {
        name: "children",
        axis: "age",
        assumed: false,
        words: &[
            "child",
            "children",
            "childhood",
            "kid",
            "kids",
            "pediatric",
            "paediatric",
            "boy",
            "girl",
            "son",
            "daughter",
            "toddler",
            "아이",
            "어린이",
            "소아",
            "아동",
            "자녀",
            "아들",
            "딸",
        ],
    },
    Population {
        name: "infants",
        axis: "age",
        assumed: false,
        words: &[
            "infant",
            "infants",
            "infancy",
            "baby",
            "babies",
            "newborn",
            "newborns",
            "neonatal",
            "아기",
            "신생아",
            "영아",
        ],
    },
    Population {
        name: "teens",
        axis: "age",
        assumed: false,
        words: &["teen", "teens", "teenage", "teenager", "adolescent", "adolescents", "청소년", "사춘기"],
    },
    Population { name: "adults", axis: "age", assumed: true, words: &["adult", "adults", "성인", "어른"] },
    Population {
        name: "older adults",
        axis: "age",
        assumed: false,
        words: &["older", "elderly", "senior", "seniors", "elder", "노인", "어르신"],
    },
    Population {
        name: "women",
        axis: "sex",
        assumed: false,
        words: &["woman", "women", "female", "wife", "mother", "여성", "여자", "아내", "엄마"],
    },
    Population {
        name: "men",
        axis: "sex",
        assumed: false,
        words: &["man", "men", "male", "males", "husband", "father", "남성", "남자", "남편", "아빠"],
    },
    Population {
        name: "pregnancy",
        axis: "pregnancy",
        assumed: false,
        words: &["pregnancy", "pregnant", "prenatal", "임신", "임산부"],
    },
];

/// Openings that frame a condition's name without qualifying it (lowercase, whole words).
pub const FRAMINGS: &[&str] = &["what i need to know about", "overview of"];

/// Words that join a condition to a trailing qualifier ("Kidney Stones in Children").
pub const CONNECTORS: &[&str] = &["in", "during", "for", "among"];

/// How well a topic of a family fits a question, best first.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord)]
pub enum Fit {
    /// The question names the topic's qualifier ("... my child" for "Kidney Stones in Children").
    Named,
    /// The topic is the condition itself.
    Itself,
    /// A qualifier the question does not contradict: a framing, a setting it does not name, or the
    /// population a question is assumed to ask about.
    Compatible,
    /// A population the question does not name, or contradicts.
    OtherPopulation,
}

/// A topic's name read as a condition and what qualifies it.
#[derive(Debug, PartialEq)]
pub struct Topic {
    /// The condition's stems: topics with the same condition are one family.
    pub condition: Vec<String>,
    framed: bool,
    /// Indices into [`POPULATIONS`] of the groups the qualifier names.
    populations: Vec<usize>,
    /// The qualifier's other stems ("chronic kidney disease" in "Anemia in Chronic Kidney Disease").
    setting: Vec<String>,
}

/// A population's words, each with its stems.
type PopulationWords = Vec<(&'static str, Vec<String>)>;

/// Each population's words with their stems, tokenized once: every search reads the topic of every
/// result.
fn population_words() -> &'static [PopulationWords] {
    static WORDS: OnceLock<Vec<PopulationWords>> = OnceLock::new();
    WORDS.get_or_init(|| POPULATIONS.iter().map(|p| p.words.iter().map(|&w| (w, tokenize(w))).collect()).collect())
}

/// The [`POPULATIONS`] that `stems` name. A word is matched as it is written as well as by its stem:
/// the tokenizer reads the last syllable of a bare "아이" as a particle, not of "아이가".
fn populations_named(stems: &[String]) -> Vec<usize> {
    let names = |(word, word_stems): &(&str, Vec<String>)| {
        stems.iter().any(|s| s == word) || word_stems.iter().any(|s| stems.contains(s))
    };
    (0..POPULATIONS.len()).filter(|&p| population_words()[p].iter().any(names)).collect()
}

impl Topic {
    /// Reads a topic's name (a MedQuAD focus).
    pub fn read(focus: &str) -> Topic {
        let lower = focus.to_lowercase();
        let mut rest = lower.trim();
        let framing = FRAMINGS.iter().find(|f| rest.strip_prefix(*f).is_some_and(|r| r.starts_with(' ')));
        if let Some(framing) = framing {
            rest = rest[framing.len()..].trim();
        }
        let mut words: Vec<&str> = rest.split_whitespace().collect();
        let mut qualifier = Vec::new();
        // A leading population word ("Childhood Leukemia"), unless the name writes it in capitals:
        // "CHILD syndrome" is a name, not a population.
        let framing_words = framing.map_or(0, |f| f.split_whitespace().count());
        let capitals = focus.split_whitespace().nth(framing_words).is_some_and(|w| !w.chars().any(char::is_lowercase));
        if words.len() > 1 && !capitals {
            let first = tokenize(words[0]);
            if !first.is_empty() && first.iter().all(|s| !populations_named(std::slice::from_ref(s)).is_empty()) {
                qualifier.push(words.remove(0));
            }
        }
        if let Some(at) = words.iter().skip(1).position(|w| CONNECTORS.contains(w)).map(|i| i + 1) {
            if at + 1 < words.len() {
                qualifier.extend(words.split_off(at).into_iter().skip(1));
            }
        }
        let mut condition = tokenize(&words.join(" "));
        if condition.is_empty() {
            condition = vec![lower.trim().to_string()];
        }
        let stems = tokenize(&qualifier.join(" "));
        let populations = populations_named(&stems);
        let setting = stems
            .into_iter()
            .filter(|s| populations_named(std::slice::from_ref(s)).is_empty() && !condition.contains(s))
            .collect();
        Topic { condition, framed: framing.is_some(), populations, setting }
    }

    /// How the topic fits a question of these stems (the question tokenized).
    pub fn fit(&self, question: &[String]) -> Fit {
        if self.populations.is_empty() && self.setting.is_empty() {
            return if self.framed { Fit::Compatible } else { Fit::Itself };
        }
        let named = populations_named(question);
        if !self.populations.is_empty() {
            if self.populations.iter().any(|p| named.contains(p)) {
                return Fit::Named;
            }
            // An assumed group fits unless the question names another group on its axis.
            let assumed = self.populations.iter().all(|&p| {
                let axis = POPULATIONS[p].axis;
                POPULATIONS[p].assumed && !named.iter().any(|&n| POPULATIONS[n].axis == axis)
            });
            return if assumed { Fit::Compatible } else { Fit::OtherPopulation };
        }
        if self.setting.iter().any(|s| question.contains(s)) {
            Fit::Named
        } else {
            Fit::Compatible
        }
    }
}

/// The order of `results` (their indices) in which, among the places the topics of one family hold,
/// the topics of a population the question does not name go last, and the rest come with pages of an
/// `asked` type first, then by [`Fit`]; the order is otherwise kept. Each topic's own pages keep
/// their order (see [`super::asked::asked_first`], applied before), and no other result moves.
pub fn fitting_topics_first<T>(
    results: &[T],
    question: &str,
    asked: &[&str],
    focus: impl Fn(&T) -> &str,
    qtype: impl Fn(&T) -> &str,
) -> Vec<usize> {
    let stems = tokenize(question);
    let topics: Vec<Topic> = results.iter().map(|r| Topic::read(focus(r))).collect();
    let fits: Vec<Fit> = topics.iter().map(|t| t.fit(&stems)).collect();
    order_within_groups(
        results.len(),
        |a, b| topics[a].condition == topics[b].condition,
        |i| (fits[i] == Fit::OtherPopulation, !asked.contains(&qtype(&results[i])), fits[i], i),
    )
}

#[cfg(test)]
mod tests {
    use super::*;

    fn fit(focus: &str, question: &str) -> Fit {
        Topic::read(focus).fit(&tokenize(question))
    }

    #[test]
    fn a_name_is_read_as_its_condition_and_qualifier() {
        let stones = Topic::read("Kidney Stones").condition;
        for member in
            ["Kidney Stones in Adults", "Kidney Stones in Children", "What I need to know about Kidney Stones"]
        {
            assert_eq!(Topic::read(member).condition, stones, "{member}");
        }
        assert_eq!(
            Topic::read("Childhood Acute Lymphoblastic Leukemia").condition,
            tokenize("acute lymphoblastic leukemia")
        );
        // A name in capitals is a name: CHILD syndrome is not "syndrome" in children.
        assert_eq!(Topic::read("CHILD syndrome").condition, tokenize("child syndrome"));
        // A different condition is not a member: Hepatitis C is not Hepatitis qualified.
        assert_ne!(Topic::read("Hepatitis C").condition, Topic::read("Hepatitis").condition);
    }

    #[test]
    fn a_qualifier_fits_when_named_and_a_population_not_named_goes_last() {
        let question = "What causes kidney stones?";
        assert_eq!(fit("Kidney Stones", question), Fit::Itself);
        assert_eq!(fit("What I need to know about Kidney Stones", question), Fit::Compatible);
        assert_eq!(fit("Kidney Stones in Adults", question), Fit::Compatible);
        assert_eq!(fit("Kidney Stones in Children", question), Fit::OtherPopulation);
        assert_eq!(fit("Kidney Stones in Children", "my son has kidney stones"), Fit::Named);
        assert_eq!(fit("Kidney Stones in Children", "우리 아이가 신장결석이 있어요"), Fit::Named);
        // Naming a child contradicts the adult qualifier.
        assert_eq!(fit("Kidney Stones in Adults", "kidney stones in a child"), Fit::OtherPopulation);
        assert_eq!(fit("Anemia in Chronic Kidney Disease", "anemia with kidney disease"), Fit::Named);
        assert_eq!(fit("High Blood Pressure in Pregnancy", "high blood pressure"), Fit::OtherPopulation);
    }

    #[test]
    fn within_a_family_the_fitting_topic_moves_up_and_nothing_else_moves() {
        let results = [
            ("What I need to know about Hepatitis C", "information"),
            ("Cirrhosis", "causes"),
            ("Hepatitis C", "information"),
            ("Kidney Stones in Children", "causes"),
            ("Kidney Stones", "information"),
            ("Kidney Stones in Adults", "causes"),
        ];
        let order = |question: &str, asked: &[&str]| fitting_topics_first(&results, question, asked, |r| r.0, |r| r.1);
        // Hepatitis C itself takes its family's first place; Cirrhosis keeps place 1. Among the kidney
        // stones places (3, 4, 5) the asked causes page of adults leads and children's goes last.
        assert_eq!(order("What causes hepatitis C and kidney stones?", &["causes"]), [2, 1, 0, 5, 4, 3]);
        // Asked nothing: the condition itself first; a question about a child puts children's page first.
        assert_eq!(order("kidney stones", &[]), [2, 1, 0, 4, 5, 3]);
        assert_eq!(order("kidney stones in my child", &[]), [2, 1, 0, 3, 4, 5]);
    }
}
