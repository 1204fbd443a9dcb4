//! "Evaluate on your model": the study (synthetic patients' five-turn conversations under the
//! ablation profiles and the model alone, see [`crate::study`]) run on the provider the user
//! configured, with a progress bar, the summary table, the comparisons and the plots, and the results
//! as a JSON download.
//!
//! It is a page of its own, `evaluate.html` ([`EvaluatePage`], the `evaluate` binary), so the app's
//! wasm carries neither the study nor this panel: the app's Evaluate panel ([`EvaluateLink`]) only
//! opens it, and the browser downloads its code then. The page loads the knowledge as the app does
//! ([`Engine::load`]) and reads the provider the app saved (same origin), following it when the app
//! changes it.
//!
//! It never touches the user's data: every conversation runs on a fresh [`crate::memory::Memory`]
//! that is dropped afterwards, and nothing is saved. The scenarios are fetched from the site
//! (`study/study_scenarios.jsonl`) only when a study starts.

use super::data::download;
use super::engine::{provider, BrowserClock, Engine};
use super::fetch::fetch_bytes;
use super::lang::{initial_lang, LangSwitch};
use super::settings::load_settings;
use crate::i18n::{evaluate_link_text, evaluate_text, ui, Lang};
use crate::llm::{Llm, Provider};
use crate::pipeline::ports::Services;
use crate::platform::http::StopHandle;
use crate::settings::Settings;
use crate::study::report::{self, ArmSummary, Comparison};
use crate::study::run::{arms, Arm, LLM_ONLY};
use crate::study::scenario::{parse_jsonl, Scenario};
use crate::study::{drive, Hooks};
use leptos::prelude::*;
use std::collections::BTreeSet;
use std::rc::Rc;
use wasm_bindgen_futures::JsFuture;

/// Where the site serves the scenarios (copied there by trunk from the committed fixture).
const SCENARIOS_URL: &str = "study/study_scenarios.jsonl";

/// Where the site serves the evaluation page (built by its own trunk run, see scripts/build-app.sh).
const PAGE: &str = "evaluate.html";

/// The app's Evaluate panel: what the study is, and the link that opens its page. In the same tab:
/// a session-only API key lives in this tab's sessionStorage, which a new tab would not share.
#[component]
pub fn EvaluateLink(lang: RwSignal<Lang>) -> impl IntoView {
    let text = move || evaluate_link_text(lang.get());
    view! {
        <details class="panel evaluate" id="evaluate">
            <summary><h2>{move || text().heading}</h2></summary>
            <p class="evaluate-intro">{move || text().intro}</p>
            <p class="evaluate-apart">{move || text().apart}</p>
            <a class="button" id="evaluate-open" href=PAGE>{move || text().open}</a>
        </details>
    }
}

/// The knowledge the page loads for the study.
#[derive(Clone, Debug, PartialEq)]
enum Knowledge {
    Loading,
    Ready,
    Failed(String),
}

/// The evaluation page: its header (the language switch, the way back to the app), the panel, and
/// the knowledge loaded as the app loads it (with the vectors in the background, so the study
/// searches as the app's turns do).
#[component]
pub fn EvaluatePage() -> impl IntoView {
    let lang = RwSignal::new(initial_lang());
    let settings = RwSignal::new(load_settings(lang.get_untracked()).0);
    // The app open in another tab saves a new provider: the page follows it (the event comes only
    // from other pages; this one saves nothing).
    let follow =
        window_event_listener(leptos::ev::storage, move |_| settings.set(load_settings(lang.get_untracked()).0));
    on_cleanup(move || follow.remove());
    let engine = StoredValue::new_local(None::<Rc<Engine>>);
    let knowledge = RwSignal::new(Knowledge::Loading);
    leptos::task::spawn_local(async move {
        match Engine::load(lang.get_untracked()).await {
            Ok(loaded) => {
                let loaded = Rc::new(loaded);
                loaded.start_vectors(|_| {});
                engine.set_value(Some(loaded));
                knowledge.set(Knowledge::Ready);
            }
            Err(why) => knowledge.set(Knowledge::Failed(why)),
        }
    });
    Effect::new(move |_| {
        if let Some(root) = document().document_element() {
            let _ = root.set_attribute("lang", lang.get().code());
        }
        document().set_title(&format!("{} · {}", evaluate_text(lang.get()).link.heading, ui(lang.get()).product));
    });
    let text = move || evaluate_text(lang.get());
    view! {
        <div class="app evaluate-page" data-ready=move || (knowledge.get() == Knowledge::Ready).to_string()>
            <header class="top">
                <div class="brand">
                    <h1>{move || text().link.heading}</h1>
                    <p class="tagline"><a href="./" id="evaluate-back">{move || text().back}</a></p>
                </div>
                <LangSwitch lang=lang />
            </header>
            <main class="layout evaluate-layout">
                {move || match knowledge.get() {
                    Knowledge::Failed(why) => Some(view! {
                        <p class="evaluate-problem" role="alert">{format!("{} {why}", text().load_failed)}</p>
                    }),
                    _ => None,
                }}
                <EvaluatePanel lang=lang settings=settings engine=engine ready=Signal::derive(move || knowledge.get() == Knowledge::Ready) />
            </main>
            <footer class="disclaimer" role="note">{move || ui(lang.get()).disclaimer}</footer>
        </div>
    }
}

/// What the panel shows of a finished (or stopped) study.
#[derive(Clone, Debug, Default)]
struct Outcome {
    summaries: Vec<ArmSummary>,
    comparisons: Vec<Comparison>,
    /// `(file name, SVG)` of each plot.
    plots: Vec<(&'static str, String)>,
    json: String,
    /// Conversations run, of those chosen (fewer when stopped).
    done: usize,
    total: usize,
}

/// The chosen languages' first `per_lang` scenarios each.
fn choose(all: &[Scenario], langs: &[Lang], per_lang: usize) -> Vec<Scenario> {
    langs.iter().flat_map(|lang| all.iter().filter(move |s| s.lang == *lang).take(per_lang)).cloned().collect()
}

/// Lets the page paint (the progress bar) between conversations: the study is otherwise one long
/// task when it needs no network.
async fn yield_to_page() {
    let promise = js_sys::Promise::new(&mut |resolve, _| {
        if let Some(window) = web_sys::window() {
            let _ = window.set_timeout_with_callback_and_timeout_and_arguments_0(&resolve, 0);
        }
    });
    let _ = JsFuture::from(promise).await;
}

/// `svg` as an image source (the page's CSP allows `data:` images, not inline markup from strings).
fn svg_source(svg: &str) -> String {
    format!("data:image/svg+xml;charset=utf-8,{}", String::from(js_sys::encode_uri_component(svg)))
}

fn percent(value: f64) -> String {
    format!("{:.0} %", value * 100.0)
}

fn optional(value: Option<f64>) -> String {
    value.map_or_else(|| "–".to_string(), |v| format!("{v:.2}"))
}

/// Runs the study with [`drive`]: the progress bar moves and Stop takes effect between conversations
/// (the model's own stop ends a call in flight), and the page paints between them.
async fn study(
    engine: Rc<Engine>,
    scenarios: Vec<Scenario>,
    arms: Vec<Arm>,
    llm: Option<Provider>,
    stopped: StopHandle,
    progress: RwSignal<(usize, usize)>,
) -> Result<Outcome, String> {
    let services = Services::of_index(&engine.knowledge, &BrowserClock).with_llm(llm.as_ref().map(|p| p as &dyn Llm));
    let hooks = Hooks {
        progress: &mut |done, total| progress.set((done, total)),
        stop: stopped,
        pause: &|| Box::pin(yield_to_page()),
    };
    let study = drive(&scenarios, &arms, &services, hooks).await;
    let results = report::build(&study);
    Ok(Outcome {
        summaries: results.summaries.clone(),
        comparisons: results.comparisons.clone(),
        plots: if study.records.is_empty() { Vec::new() } else { report::plots(&results) },
        json: serde_json::to_string_pretty(&results).map_err(|e| e.to_string())?,
        done: study.done,
        total: study.total,
    })
}

/// The study's choices, its run and what it found.
#[component]
fn EvaluatePanel(
    lang: RwSignal<Lang>,
    settings: RwSignal<Settings>,
    engine: StoredValue<Option<Rc<Engine>>, LocalStorage>,
    ready: Signal<bool>,
) -> impl IntoView {
    let text = move || evaluate_text(lang.get());
    // A model is configured when the provider's kind speaks a wire format (offline speaks none).
    let has_model = move || settings.with(|s| s.provider.kind.is_some());
    let studying = RwSignal::new(false);
    let per_lang = RwSignal::new(2usize);
    let korean = RwSignal::new(true);
    let english = RwSignal::new(true);
    // Every arm the study knows, each with whether it is chosen.
    let all_arms: Vec<Arm> = arms("all").unwrap_or_default();
    let chosen = RwSignal::new(all_arms.iter().map(|a| a.name.clone()).collect::<BTreeSet<String>>());
    let progress = RwSignal::new((0usize, 0usize));
    let outcome = RwSignal::new(None::<Outcome>);
    let problem = RwSignal::new(None::<String>);
    let stop = StoredValue::new_local(None::<(StopHandle, Option<StopHandle>)>);

    let start = move |_| {
        let lang = lang.get_untracked();
        let t = evaluate_text(lang);
        let Some(engine) = engine.get_value() else {
            problem.set(Some(t.not_ready.to_string()));
            return;
        };
        let langs: Vec<Lang> = [(korean, Lang::Ko), (english, Lang::En)]
            .into_iter()
            .filter(|(on, _)| on.get_untracked())
            .map(|(_, l)| l)
            .collect();
        let llm = settings.with_untracked(|s| provider(&s.provider));
        let picked: Vec<Arm> = arms("all")
            .unwrap_or_default()
            .into_iter()
            .filter(|a| chosen.with_untracked(|c| c.contains(&a.name)))
            // The model-only arm means nothing without a model.
            .filter(|a| llm.is_some() || a.name != LLM_ONLY)
            .collect();
        if langs.is_empty() || picked.is_empty() {
            problem.set(Some(t.nothing_chosen.to_string()));
            return;
        }
        problem.set(None);
        outcome.set(None);
        let stopped = StopHandle::new();
        stop.set_value(Some((stopped.clone(), llm.as_ref().map(Provider::stop_handle))));
        studying.set(true);
        let per_lang = per_lang.get_untracked();
        leptos::task::spawn_local(async move {
            let result = async {
                let bytes = fetch_bytes(SCENARIOS_URL, None, &mut |_, _| {}).await?;
                let text = String::from_utf8(bytes).map_err(|e| e.to_string())?;
                let scenarios = choose(&parse_jsonl(&text)?, &langs, per_lang);
                progress.set((0, scenarios.len() * picked.len()));
                study(engine, scenarios, picked, llm, stopped, progress).await
            }
            .await;
            match result {
                Ok(done) => outcome.set(Some(done)),
                Err(why) => problem.set(Some(format!("{} {why}", t.scenarios_failed))),
            }
            stop.set_value(None);
            studying.set(false);
        });
    };
    let stop_study = move |_| {
        stop.with_value(|s| {
            if let Some((study, model)) = s {
                study.stop();
                if let Some(model) = model {
                    model.stop();
                }
            }
        })
    };
    let export = move |_| {
        if let Some(json) = outcome.with_untracked(|o| o.as_ref().map(|o| o.json.clone())) {
            if let Err(why) = download(&json, "medagent-study.json") {
                problem.set(Some(why));
            }
        }
    };
    let arm_boxes = all_arms
        .iter()
        .map(|arm| {
            let name = arm.name.clone();
            let (checked, toggled) = (name.clone(), name.clone());
            let needs_model = name == LLM_ONLY;
            view! {
                <label class="study-arm">
                    <input
                        type="checkbox"
                        id=format!("study-arm-{name}")
                        prop:checked=move || chosen.with(|c| c.contains(&checked))
                        disabled=move || needs_model && !has_model()
                        on:change=move |ev| {
                            let on = event_target_checked(&ev);
                            chosen.update(|c| {
                                if on { c.insert(toggled.clone()); } else { c.remove(&toggled); }
                            });
                        }
                    />
                    {name}
                </label>
            }
        })
        .collect_view();

    view! {
        <section class="panel evaluate" id="evaluate">
                <p class="evaluate-intro">{move || text().link.intro}</p>
                <Show when=move || !has_model()>
                    <p class="evaluate-offline" role="note">{move || text().offline}</p>
                </Show>
                <div class="evaluate-choices">
                    <label>
                        {move || text().conversations} " "
                        <input
                            type="number"
                            id="study-conversations"
                            min="1"
                            max="27"
                            prop:value=move || per_lang.get().to_string()
                            on:change=move |ev| {
                                per_lang.set(event_target_value(&ev).parse::<usize>().unwrap_or(2).clamp(1, 27))
                            }
                        />
                    </label>
                    <fieldset>
                        <legend>{move || text().languages}</legend>
                        <label><input type="checkbox" id="study-ko" prop:checked=move || korean.get() on:change=move |ev| korean.set(event_target_checked(&ev)) /> "한국어"</label>
                        <label><input type="checkbox" id="study-en" prop:checked=move || english.get() on:change=move |ev| english.set(event_target_checked(&ev)) /> "English"</label>
                    </fieldset>
                    <fieldset class="study-arms">
                        <legend>{move || text().arms}</legend>
                        {arm_boxes}
                    </fieldset>
                </div>
                <div class="evaluate-actions">
                    <button type="button" id="study-run" on:click=start disabled=move || studying.get() || !ready.get()>{move || text().run}</button>
                    <Show when=move || studying.get()>
                        <button type="button" id="study-stop" class="danger" on:click=stop_study>{move || text().stop}</button>
                    </Show>
                </div>
                <Show when=move || studying.get() || outcome.with(Option::is_some)>
                    <div class="study-progress">
                        <progress id="study-progress" max=move || progress.get().1.max(1) value=move || progress.get().0></progress>
                        <span role="status">{move || {
                            let (done, total) = progress.get();
                            text().progress.replace("{done}", &done.to_string()).replace("{total}", &total.to_string())
                        }}</span>
                    </div>
                </Show>
                <Show when=move || problem.with(Option::is_some)>
                    <p class="evaluate-problem" role="alert">{move || problem.get()}</p>
                </Show>
                {move || outcome.get().map(|o| view! { <StudyOutcome lang=lang outcome=o export=export /> })}
        </section>
    }
}

/// The table, comparisons and plots of a finished study.
#[component]
fn StudyOutcome(
    lang: RwSignal<Lang>,
    outcome: Outcome,
    export: impl Fn(leptos::ev::MouseEvent) + 'static,
) -> impl IntoView {
    let text = move || evaluate_text(lang.get());
    let stopped = (outcome.done < outcome.total).then(|| {
        let line = move || {
            text().stopped.replace("{done}", &outcome.done.to_string()).replace("{total}", &outcome.total.to_string())
        };
        view! { <p class="study-stopped" role="note">{line}</p> }
    });
    // One row per arm over both languages.
    let rows = outcome
        .summaries
        .iter()
        .filter(|s| s.lang.is_none())
        .map(|s| {
            let slot_f1 = s.slots.last().map_or(0.0, |(_, c)| c.f1());
            view! {
                <tr>
                    <th scope="row">{s.arm.clone()}</th>
                    <td>{s.turns}</td>
                    <td>{format!("{slot_f1:.2}")}</td>
                    <td>{percent(s.facts_kept)}</td>
                    <td>{format!("{:.3}", s.ndcg_at_5)}</td>
                    <td>{format!("{:.2}", s.llm_calls_mean)}</td>
                    <td>{format!("{:.1}", s.pipeline_ms_mean)}</td>
                    <td>{optional(s.judge)}</td>
                    <td>{optional(s.faithfulness)}</td>
                    <td>{optional(s.answer_relevancy)}</td>
                </tr>
            }
        })
        .collect_view();
    let comparisons = outcome.comparisons.iter().map(|c| view! { <li>{c.sentence.clone()}</li> }).collect_view();
    let plots = outcome
        .plots
        .iter()
        .map(|(name, svg)| view! { <img class="study-plot" src=svg_source(svg) alt=*name /> })
        .collect_view();
    view! {
        <div class="study-outcome">
            {stopped}
            <div class="study-table-wrap">
                <table class="study-table">
                    <thead>
                        <tr>
                            <th scope="col">{move || text().arm}</th>
                            <th scope="col">{move || text().turns}</th>
                            <th scope="col">{move || text().slot_f1}</th>
                            <th scope="col">{move || text().facts_kept}</th>
                            <th scope="col">"nDCG@5"</th>
                            <th scope="col">{move || text().calls}</th>
                            <th scope="col">{move || text().pipeline_ms}</th>
                            <th scope="col">{move || text().judge}</th>
                            <th scope="col">{move || text().faithfulness}</th>
                            <th scope="col">{move || text().relevancy}</th>
                        </tr>
                    </thead>
                    <tbody>{rows}</tbody>
                </table>
            </div>
            <h3>{move || text().comparisons}</h3>
            <ul class="study-comparisons">{comparisons}</ul>
            <div class="study-plots">{plots}</div>
            <button type="button" id="study-export" class="secondary" on:click=export>{move || text().export}</button>
        </div>
    }
}
