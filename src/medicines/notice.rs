//! The words of an interaction warning, in Korean and English: the severity, what to do (the
//! severity's own advice, then the consumer table's when it has the pair), the source, and what is
//! said when no table lists a pair. The app shows them as parts; the command line and the model's
//! prompt get them as text ([`describe`]). Nothing here ever calls a combination safe.

use super::check::{Checked, Found, Medicine};
use super::table::{Severity, Source};
use crate::core::Lang;

/// The severity as the warning names it.
pub fn severity_label(severity: Severity, lang: Lang) -> &'static str {
    match (severity, lang) {
        (Severity::Critical, Lang::Ko) => "심각한 상호작용",
        (Severity::Critical, Lang::En) => "Critical interaction",
        (Severity::Significant, Lang::Ko) => "주의가 필요한 상호작용",
        (Severity::Significant, Lang::En) => "Significant interaction",
        (Severity::Minor, Lang::Ko) => "알아 둘 상호작용",
        (Severity::Minor, Lang::En) => "Minor interaction",
    }
}

/// What to do, by severity: a critical pair is not combined without the prescriber; any other is
/// asked about before combining.
pub fn severity_advice(severity: Severity, lang: Lang) -> &'static str {
    match (severity, lang) {
        (Severity::Critical, Lang::Ko) => "처방한 의사와 상의하기 전에는 함께 복용하지 마세요.",
        (Severity::Critical, Lang::En) => "Do not take these together without talking to the prescriber first.",
        (Severity::Significant, Lang::Ko) => "함께 복용하기 전에 약사나 의사에게 물어보세요.",
        (Severity::Significant, Lang::En) => "Ask your pharmacist or doctor before taking these together.",
        (Severity::Minor, Lang::Ko) => "함께 복용하기 전에 약사나 의사에게 두 약을 모두 알려 주세요.",
        (Severity::Minor, Lang::En) => "Tell your pharmacist or doctor you take both before combining them.",
    }
}

/// The table as the warning credits it.
pub fn source_label(source: Source, lang: Lang) -> &'static str {
    match (source, lang) {
        (Source::NdfRt, Lang::Ko) => "NDF-RT 약물 상호작용 (미국 보훈부, 공공 저작물)",
        (Source::NdfRt, Lang::En) => "NDF-RT drug interactions (US Veterans Affairs, public domain)",
        (Source::OncHighPriority, Lang::Ko) => "ONC 고위험 상호작용 목록 (Phansalkar 외, JAMIA 2012)",
        (Source::OncHighPriority, Lang::En) => "ONC high-priority interaction list (Phansalkar et al., JAMIA 2012)",
        (Source::OncNonInterruptive, Lang::Ko) => "ONC 비중단 상호작용 목록 (Phansalkar 외, JAMIA 2013)",
        (Source::OncNonInterruptive, Lang::En) => {
            "ONC non-interruptive interaction list (Phansalkar et al., JAMIA 2013)"
        }
        (Source::Consumer, _) => "drug-interaction-mcp 0.1.0 (Pillright, MIT)",
        (Source::Label, Lang::Ko) => "미국 허가 사항(FDA 라벨)의 medagent 요약",
        (Source::Label, Lang::En) => "medagent's summary of the US prescribing information (FDA labels)",
    }
}

/// A medicine as the warning names it: the user's words, then the generic name when it differs
/// ("Advil (ibuprofen)"), in `lang` where a Korean name is known.
pub fn medicine_name(medicine: &Medicine, lang: Lang) -> String {
    let generic = match lang {
        Lang::Ko if !medicine.ko.is_empty() => medicine.ko.as_str(),
        _ => medicine.en.as_str(),
    };
    match &medicine.said {
        Some(said) if !said.eq_ignore_ascii_case(generic) && !said.eq_ignore_ascii_case(&medicine.en) => {
            format!("{said} ({generic})")
        }
        _ => generic.to_string(),
    }
}

/// What to do about `found`: the severity's advice, then the consumer table's own when it lists the
/// pair.
pub fn advice(found: &Found, lang: Lang) -> String {
    let mut text = severity_advice(found.severity, lang).to_string();
    if let Some(note) = &found.note {
        text.push(' ');
        text.push_str(note.advice.get(lang));
    }
    text
}

/// The sources that list `found`, credited ("; " between them), with the source the note cites (the
/// consumer table's or the labels', whichever lists the pair: when both do, the note may be either's,
/// so neither claims its citation).
pub fn sources(found: &Found, lang: Lang) -> String {
    let noted: Vec<Source> =
        found.sources.iter().copied().filter(|s| matches!(s, Source::Consumer | Source::Label)).collect();
    let cited = |source: Source| match (&found.note, source) {
        (Some(note), _) if noted == [source] && !note.cited.is_empty() => match lang {
            Lang::Ko => format!("{}, 원출처: {}", source_label(source, lang), note.cited),
            Lang::En => format!("{}, citing {}", source_label(source, lang), note.cited),
        },
        _ => source_label(source, lang).to_string(),
    };
    found.sources.iter().map(|&s| cited(s)).collect::<Vec<_>>().join("; ")
}

/// The line naming the pair a table lists, when it is a class or a member of the two medicines.
pub fn listed_as(found: &Found, lang: Lang) -> Option<String> {
    let [a, b] = found.listed_as.as_ref()?;
    Some(match lang {
        Lang::Ko => format!("표에는 {a} + {b} 조합으로 올라 있습니다."),
        Lang::En => format!("The table lists it as {a} + {b}."),
    })
}

/// One warning as text: the severity and the two medicines, what happens, what to do, the source.
pub fn describe(found: &Found, lang: Lang) -> String {
    let [a, b] = &found.drugs;
    let mut lines = vec![format!(
        "⚠️ {}: {} + {}",
        severity_label(found.severity, lang),
        medicine_name(a, lang),
        medicine_name(b, lang)
    )];
    if let Some(note) = &found.note {
        lines.push(note.description.get(lang).to_string());
    }
    lines.extend(listed_as(found, lang));
    lines.push(advice(found, lang));
    let source = match lang {
        Lang::Ko => "출처",
        Lang::En => "Source",
    };
    lines.push(format!("{source}: {}", sources(found, lang)));
    lines.join("\n")
}

/// What is said when no table lists any pair of the medicines checked (see
/// [`Checked::none_listed`]): not listed, and the tables cover only part of all medicines.
pub fn none_listed(checked: &Checked, lang: Lang) -> Option<String> {
    if !checked.none_listed() {
        return None;
    }
    let names: Vec<String> = checked.medicines.iter().map(|m| medicine_name(m, lang)).collect();
    Some(match lang {
        Lang::Ko => format!(
            "이 앱의 상호작용 표에는 {} 사이의 상호작용이 올라 있지 않습니다. 표는 일부 약만 다루므로 표에 없는 조합에도 상호작용이 있을 수 있습니다. 함께 복용하기 전에 약사나 의사에게 확인하세요.",
            names.join(", ")
        ),
        Lang::En => format!(
            "The interaction tables in this app list no interaction between {}. They cover only part of all medicines, so a pair they do not list may still interact: check with your pharmacist or doctor before combining them.",
            names.join(", ")
        ),
    })
}

/// Everything the check has to say, as text (the command line prints it after the triage notice;
/// the model's prompt includes it): each warning, or that none is listed; `None` when it has
/// nothing to say.
pub fn text(checked: &Checked, lang: Lang) -> Option<String> {
    if checked.found.is_empty() {
        return none_listed(checked, lang);
    }
    Some(checked.found.iter().map(|f| describe(f, lang)).collect::<Vec<_>>().join("\n\n"))
}

#[cfg(test)]
mod tests {
    use super::super::check::Origin;
    use super::super::table::{Note, Text};
    use super::*;

    fn medicine(id: &str, en: &str, ko: &str, said: Option<&str>) -> Medicine {
        let from = if said.is_some() { Origin::Message } else { Origin::Profile };
        Medicine { id: id.into(), en: en.into(), ko: ko.into(), said: said.map(str::to_string), from }
    }

    fn warfarin_advil() -> Found {
        Found {
            drugs: [
                medicine("DB00682", "warfarin", "와파린", None),
                medicine("DB01050", "ibuprofen", "이부프로펜", Some("Advil")),
            ],
            severity: Severity::Critical,
            sources: vec![Source::NdfRt, Source::Consumer],
            note: Some(Note {
                description: Text { en: "Bleeding.".into(), ko: "출혈.".into() },
                advice: Text { en: "Avoid NSAIDs.".into(), ko: "NSAID를 피하세요.".into() },
                mechanism: String::new(),
                cited: "FDA Drug Label".into(),
            }),
            listed_as: None,
        }
    }

    #[test]
    fn a_warning_names_severity_medicines_advice_and_source_in_both_languages() {
        let en = describe(&warfarin_advil(), Lang::En);
        assert_eq!(
            en,
            "⚠️ Critical interaction: warfarin + Advil (ibuprofen)\nBleeding.\n\
             Do not take these together without talking to the prescriber first. Avoid NSAIDs.\n\
             Source: NDF-RT drug interactions (US Veterans Affairs, public domain); drug-interaction-mcp 0.1.0 (Pillright, MIT), citing FDA Drug Label"
        );
        let ko = describe(&warfarin_advil(), Lang::Ko);
        assert!(
            ko.starts_with("⚠️ 심각한 상호작용: 와파린 + Advil (이부프로펜)\n출혈.\n처방한 의사와 상의하기 전에는"),
            "{ko}"
        );
        assert!(ko.contains("출처: NDF-RT"), "{ko}");
    }

    #[test]
    fn no_listed_pair_is_never_called_safe() {
        let checked = Checked {
            medicines: vec![
                medicine("DB00331", "metformin", "메트포르민", None),
                medicine("DB00316", "acetaminophen", "아세트아미노펜", Some("Tylenol")),
            ],
            found: vec![],
        };
        for lang in [Lang::En, Lang::Ko] {
            let said = text(&checked, lang).unwrap();
            assert!(said.contains("Tylenol"), "{said}");
            for reassurance in ["safe", "no problem", "fine to", "안전", "괜찮"] {
                assert!(!said.contains(reassurance), "{said}");
            }
        }
        // One medicine, or none the message named: nothing to say at all.
        let alone = Checked { medicines: checked.medicines[..1].to_vec(), found: vec![] };
        assert_eq!(text(&alone, Lang::En), None);
        let earlier = Checked {
            medicines: checked.medicines.iter().map(|m| Medicine { from: Origin::EarlierTurn, ..m.clone() }).collect(),
            found: vec![],
        };
        assert_eq!(text(&earlier, Lang::En), None, "said before: already answered then");
    }
}
