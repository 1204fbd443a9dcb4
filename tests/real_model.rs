//! The agent against a real model: llama.cpp's llama-server with the pinned SmolLM2-135M-Instruct
//! (`scripts/real-model.sh --port P`). What these assert must hold whatever the model writes: the
//! triage notice first; retrieval never worse than the offline plan's; a shown answer cites passages
//! that support it, or is marked unsupported and followed by the evidence answer; the answer in the
//! user's language or saying it is not; a cut connection keeps the question.
//!
//! Ignored by `cargo test` (they need the server and take minutes on two cores); scripts/test.sh runs
//! them with the server up:
//! `MEDAGENT_REAL_MODEL_URL=http://127.0.0.1:P cargo test --test tests real_model -- --ignored --test-threads 1`

use crate::common::lexicon;
use medagent::core::citation::cited;
use medagent::i18n::Lang;
use medagent::pipeline::nodes::grade;
use medagent::study::metrics::answer_lang;
use medagent::triage::{assess, notice, Country};
use serde_json::Value;
use std::io::{Read, Write};
use std::net::{Shutdown, TcpListener, TcpStream};
use std::process::Command;

/// The server's base URL; a clear failure when the tier is run without it.
fn server() -> String {
    std::env::var("MEDAGENT_REAL_MODEL_URL").expect(
        "MEDAGENT_REAL_MODEL_URL is not set: start scripts/real-model.sh --port P and set it to http://127.0.0.1:P",
    )
}

/// One turn through `medagent ask --json` with `profile`, against `base` (None: offline); the turn's JSON.
fn ask(question: &str, profile: &str, base: Option<&str>, state: Option<&std::path::Path>) -> Value {
    let mut command = Command::new(env!("CARGO_BIN_EXE_medagent"));
    command.current_dir(env!("CARGO_MANIFEST_DIR")).args(["ask", "--json", "--profile", profile, question]);
    if let Some(base) = base {
        command.args(["--provider", "openai", "--base-url", base, "--timeout", "300"]).env("OPENAI_API_KEY", "local");
    }
    if let Some(state) = state {
        command.arg("--state").arg(state);
    }
    let out = command.output().expect("run medagent");
    let stdout = String::from_utf8_lossy(&out.stdout);
    let line = stdout.lines().find(|l| l.starts_with('{')).unwrap_or_else(|| {
        panic!("no JSON turn from medagent ask: {stdout}\n{}", String::from_utf8_lossy(&out.stderr))
    });
    serde_json::from_str(line).expect("the turn is JSON")
}

fn answer(turn: &Value) -> &str {
    turn["answer"].as_str().unwrap_or_default()
}

/// The titles of the first `n` sources, in rank order.
fn top_titles(turn: &Value, n: usize) -> Vec<String> {
    turn["sources"]
        .as_array()
        .map_or(Vec::new(), |s| s.iter().take(n).map(|d| d["title"].as_str().unwrap_or_default().to_string()).collect())
}

fn wrote_answer(turn: &Value) -> bool {
    turn["model_calls"].as_array().is_some_and(|calls| calls.iter().any(|c| c["purpose"] == "answer"))
}

/// The passages as the grade reads them: (title, text), numbered from 1 by rank.
fn passages(turn: &Value) -> Vec<(String, String)> {
    let field = |d: &Value, name: &str| d[name].as_str().unwrap_or_default().to_string();
    turn["sources"]
        .as_array()
        .map_or(Vec::new(), |s| s.iter().map(|d| (field(d, "title"), field(d, "passage"))).collect())
}

/// The answer without the triage notice the app put before it.
fn own_answer<'a>(turn: &'a Value, question: &str, lang: Lang) -> &'a str {
    let text = answer(turn);
    notice(&assess(question), lang, Country::Auto).and_then(|n| text.strip_prefix(n.as_str())).unwrap_or(text).trim()
}

#[test]
#[ignore = "needs scripts/real-model.sh: run by scripts/test.sh"]
fn real_model_triage_notice_comes_first() {
    let base = server();
    for (question, lang) in [
        ("우리 아기 열이 39.5도인데 자꾸 늘어지고 잠만 자요", Lang::Ko),
        ("my husband took a whole bottle of his sleeping pills", Lang::En),
    ] {
        let expected = notice(&assess(question), lang, Country::Auto).expect("an emergency has a notice");
        for profile in ["full_context_engineering", "full_agent"] {
            let turn = ask(question, profile, Some(&base), None);
            assert!(answer(&turn).starts_with(&expected), "{profile}: the notice is not first: {}", answer(&turn));
        }
    }
}

#[test]
#[ignore = "needs scripts/real-model.sh: run by scripts/test.sh"]
fn real_model_never_retrieves_worse_than_the_offline_plan() {
    let base = server();
    for (question, focus) in [
        ("당뇨가 있는데 발이 저리고 감각이 없어요", "Neuropathy"),
        ("My mother has diabetes and her feet tingle and feel numb", "Neuropathy"),
    ] {
        let offline = ask(question, "full_agent", None, None);
        let with_model = ask(question, "full_agent", Some(&base), None);
        let on_focus = |turn: &Value| top_titles(turn, 3).iter().filter(|t| t.contains(focus)).count();
        assert!(
            on_focus(&offline) > 0,
            "the offline plan finds {focus} for {question:?}: {:?}",
            top_titles(&offline, 3)
        );
        assert!(
            on_focus(&with_model) >= on_focus(&offline),
            "with the model, {question:?} has {} {focus} passages in the top 3 ({:?}), offline {} ({:?})",
            on_focus(&with_model),
            top_titles(&with_model, 3),
            on_focus(&offline),
            top_titles(&offline, 3)
        );
    }
}

#[test]
#[ignore = "needs scripts/real-model.sh: run by scripts/test.sh"]
fn real_model_answer_is_supported_or_marked_and_in_the_users_language() {
    let base = server();
    for (question, lang) in
        [("당뇨가 있는데 발이 저리고 감각이 없어요", Lang::Ko), ("What are the symptoms of gout?", Lang::En)]
    {
        for profile in ["full_context_engineering", "full_agent"] {
            let turn = ask(question, profile, Some(&base), None);
            let shown = own_answer(&turn, question, lang);
            assert!(!shown.is_empty(), "{profile}: an answer is shown for {question:?}");
            if turn["answer_kind"] == "evidence" {
                // The model's text was refused: the evidence answer is the answer, citing its sources.
                assert!(
                    !cited(shown, passages(&turn).len()).is_empty(),
                    "{profile}: the evidence answer cites: {shown}"
                );
            } else if wrote_answer(&turn) {
                let sources = passages(&turn);
                let marker = grade::warning(lang);
                match shown.find(marker) {
                    // Marked unsupported: the evidence answer, with its citations, follows the mark.
                    Some(at) => {
                        let after = &shown[at + marker.len()..];
                        assert!(
                            !cited(after, sources.len()).is_empty(),
                            "{profile}: a marked answer is followed by the evidence answer: {shown}"
                        );
                    }
                    None => {
                        assert!(
                            !cited(shown, sources.len()).is_empty(),
                            "{profile}: shown uncited and unmarked: {shown}"
                        );
                        let support = grade::local(shown, &sources, Some(lexicon())).score;
                        assert!(
                            support >= grade::GROUNDED,
                            "{profile}: shown unmarked with {support:.2} of its claims supported: {shown}"
                        );
                    }
                }
            }
            // In the user's language, or saying it is not (in the user's language, which names it).
            let says_not = match lang {
                // The evidence answer says its sources are in English ("출처는 영어입니다").
                Lang::Ko => shown.contains("한국어") || shown.contains("영어"),
                Lang::En => shown.contains("English"),
            };
            assert!(
                answer_lang(shown) == Some(lang) || says_not,
                "{profile}: {question:?} answered in {:?}: {shown}",
                answer_lang(shown)
            );
        }
    }
}

/// A loopback proxy to `upstream` that passes every request on and cuts each reply after `keep` bytes:
/// a connection lost mid-answer. Returns its base URL.
fn cutting_proxy(upstream: &str, keep: usize) -> String {
    let upstream = upstream.trim_start_matches("http://").trim_end_matches('/').to_string();
    let listener = TcpListener::bind("127.0.0.1:0").unwrap();
    let base = format!("http://{}", listener.local_addr().unwrap());
    std::thread::spawn(move || {
        for client in listener.incoming().flatten() {
            let upstream = upstream.clone();
            std::thread::spawn(move || {
                let Ok(server) = TcpStream::connect(&upstream) else { return };
                let (mut to_server, mut from_client) = (server.try_clone().unwrap(), client.try_clone().unwrap());
                std::thread::spawn(move || {
                    let _ = std::io::copy(&mut from_client, &mut to_server);
                });
                let (mut from_server, mut to_client) = (server, client);
                let mut sent = 0;
                let mut buf = [0u8; 256];
                while sent < keep {
                    let Ok(n) = from_server.read(&mut buf) else { break };
                    if n == 0 {
                        break;
                    }
                    let n = n.min(keep - sent);
                    if to_client.write_all(&buf[..n]).is_err() {
                        break;
                    }
                    sent += n;
                }
                let _ = to_client.shutdown(Shutdown::Both);
                let _ = from_server.shutdown(Shutdown::Both);
            });
        }
    });
    base
}

#[test]
#[ignore = "needs scripts/real-model.sh: run by scripts/test.sh"]
fn real_model_cut_connection_keeps_the_question() {
    let base = cutting_proxy(&server(), 400);
    let dir = std::env::temp_dir().join(format!("medagent-real-model-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let state = dir.join("state.json");
    let question = "What are the symptoms of gout?";
    let turn = ask(question, "full_context_engineering", Some(&base), Some(&state));
    assert!(turn["error"].is_string(), "the cut is reported: {turn}");
    assert!(!answer(&turn).trim().is_empty(), "the evidence answer is still shown: {turn}");
    let saved = std::fs::read_to_string(&state).expect("the state file is written");
    assert!(saved.contains(question), "the question is kept in the conversation: {saved}");
    let _ = std::fs::remove_dir_all(&dir);
}
