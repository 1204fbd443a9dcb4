//! The trace panel: how an answer was made. A selector picks one of this session's turns of the
//! current person (the latest by default); for it: the graph with the path taken, the time of every
//! node, the documents of every retrieval with their BM25 / vector / RRF ranks, the quality of every
//! iteration, the rewritten queries, and why the loop stopped; with Query Flow's steps on, the plan,
//! the pool, rerank order and sufficiency of every retrieval, the grades, and every model call.

use super::state::{Diagnostics, Preferences, Session};
use super::trace_graph::TraceGraph;
use crate::i18n::{ui, Lang};
use crate::trace_view::{purpose_label, term_label, Iteration, TurnTrace};
use leptos::prelude::*;

/// A rank, or "–" where the document was not ranked that way (e.g. no vectors loaded).
fn rank(r: Option<usize>) -> String {
    r.map_or_else(|| "–".to_string(), |r| r.to_string())
}

/// `question` cut to a selector-sized label.
fn short(question: &str) -> String {
    let mut cut: String = question.chars().take(48).collect();
    if cut.len() < question.len() {
        cut.push('…');
    }
    cut
}

/// The documents one retrieval found, as a table of ranks.
fn documents(n: usize, iteration: &Iteration, lang: Lang) -> impl IntoView {
    let text = ui(lang);
    let heading = text.trace_iteration.replace("{n}", &n.to_string());
    let rows = iteration
        .documents
        .iter()
        .map(|d| {
            view! {
                <tr>
                    <th scope="row" class="doc-title">{d.title.clone()}<span class="doc-id">{d.id.clone()}</span></th>
                    <td class="rank-bm25">{rank(d.bm25)}</td>
                    <td class="rank-vector">{rank(d.vector)}</td>
                    <td class="rank-rrf">{rank(d.rrf)}</td>
                </tr>
            }
        })
        .collect_view();
    view! {
        <div class="iteration">
            <h4>{heading}</h4>
            <p class="query"><span class="label">{text.trace_query}</span>" " <q>{iteration.query.clone()}</q></p>
            {(!iteration.search.is_empty()).then(|| {
                let search = iteration.search.clone();
                view! { <p class="search"><span class="label">{text.trace_search}</span>" " {search}</p> }
            })}
            {iteration.search_error.clone().map(|e| view! { <p class="turn-error">{e}</p> })}
            {(iteration.queries.len() > 1).then(|| view! {
                <ul class="queries">{iteration.queries.iter().map(|q| view! { <li><q>{q.clone()}</q></li> }).collect_view()}</ul>
            })}
            {iteration.pool.map(|n| view! { <p class="pool"><span class="label">{text.trace_pool}</span>" " {n}</p> })}
            <table class="ranks">
                <thead><tr>
                    <th scope="col">{text.trace_document}</th>
                    <th scope="col">"BM25"</th>
                    <th scope="col">{text.rank_vector}</th>
                    <th scope="col">{text.rank_rrf}</th>
                </tr></thead>
                <tbody>{rows}</tbody>
            </table>
            {iteration.rerank.clone().map(|r| view! {
                <div class="rerank">
                    <h5>{text.trace_rerank}" (" {term_label(&r.method, lang).to_string()} ")"</h5>
                    <ol>{r.order.iter().enumerate().map(|(i, (title, was))| view! {
                        <li class=if i < r.kept { "kept" } else { "dropped" }>{title.clone()}<span class="was">{format!(" ← {was}")}</span></li>
                    }).collect_view()}</ol>
                </div>
            })}
            {iteration.sufficiency.clone().map(|(verdict, decision)| view! {
                <p class="sufficiency"><span class="label">{text.trace_sufficiency}</span>" "
                    <span class="score">{format!("{:.2}", verdict.score)}</span>
                    {(!verdict.missing_aspects.is_empty()).then(|| format!(" · {}: {}", text.quality_missing, verdict.missing_aspects.join(", ")))}
                    {format!(" → {}", term_label(&decision, lang))}</p>
            })}
        </div>
    }
}

/// The plan of the question, when the turn made one.
fn plan(trace: &TurnTrace, lang: Lang) -> impl IntoView {
    let text = ui(lang);
    trace.plan.clone().map(|p| {
        let by = if p.source == "model" { text.trace_plan_by_model } else { text.trace_plan_local };
        view! {
            <div class="plan">
                <h3>{text.trace_plan}</h3>
                <p><span class="label">{text.trace_plan_query}</span>" " <q class="normalized">{p.plan.normalized_query.clone()}</q>" (" {by} ")"</p>
                {(!p.plan.subqueries.is_empty()).then(|| view! {
                    <p><span class="label">{text.trace_subqueries}</span></p>
                    <ul class="subqueries">{p.plan.subqueries.iter().map(|q| view! { <li><q>{q.clone()}</q></li> }).collect_view()}</ul>
                })}
                {p.why.clone().map(|why| view! { <p class="why">{why}</p> })}
            </div>
        }
    })
}

/// The grounding grades and the model calls with what each was for.
fn grades_and_calls(trace: &TurnTrace, lang: Lang) -> impl IntoView {
    let text = ui(lang);
    let grades = (!trace.grades.is_empty()).then(|| {
        let rows = trace
            .grades
            .iter()
            .map(|g| {
                let verdict = if g.grade.grounded { text.trace_grounded } else { text.trace_not_grounded };
                view! {
                    <li class="grade">{format!("{:.2} {verdict} ({}) → {}", g.grade.score, term_label(&g.method, lang), term_label(&g.decision, lang))}
                        {(!g.grade.reason.is_empty()).then(|| view! { <span class="reason">{format!(": {}", g.grade.reason)}</span> })}</li>
                }
            })
            .collect_view();
        view! { <h3>{text.trace_grades}</h3><ol class="grades">{rows}</ol> }
    });
    let heading = text
        .trace_model_calls
        .replace("{n}", &trace.model_calls.len().to_string())
        .replace("{max}", &trace.call_budget.to_string());
    let calls = trace
        .model_calls
        .iter()
        .map(|(purpose, step)| view! { <li>{purpose_label(*purpose, lang)}" " <code>{step.name()}</code></li> })
        .collect_view();
    view! {
        {grades}
        <h3 class="model-calls-heading">{heading}</h3>
        <ol class="model-calls">{calls}</ol>
    }
}

/// The judge's scores, one row per iteration.
fn quality(trace: &TurnTrace, lang: Lang) -> impl IntoView {
    let text = ui(lang);
    let score = |x: f64| format!("{x:.2}");
    let rows = trace
        .iterations
        .iter()
        .enumerate()
        .filter_map(|(i, it)| it.quality.clone().map(|q| (i, q)))
        .map(|(i, q)| {
            let (g, c, a) = q
                .parts
                .map_or_else(|| ("–".into(), "–".into(), "–".into()), |(g, c, a)| (score(g), score(c), score(a)));
            view! {
                <tr>
                    <th scope="row">{i + 1}</th>
                    <td class="quality-overall">{score(q.overall)}</td>
                    <td>{g}</td>
                    <td>{c}</td>
                    <td>{a}</td>
                    <td>{term_label(&q.method, lang).to_string()}</td>
                    <td>{q.missing_info.join(", ")}</td>
                </tr>
            }
        })
        .collect_view();
    view! {
        <table class="quality">
            <thead><tr>
                <th scope="col">"#"</th>
                <th scope="col">{text.quality_overall}</th>
                <th scope="col">{text.quality_grounding}</th>
                <th scope="col">{text.quality_completeness}</th>
                <th scope="col">{text.quality_accuracy}</th>
                <th scope="col">{text.quality_method}</th>
                <th scope="col">{text.quality_missing}</th>
            </tr></thead>
            <tbody>{rows}</tbody>
        </table>
    }
}

/// Everything about one turn.
fn turn_view(trace: TurnTrace, lang: Lang) -> impl IntoView {
    let text = ui(lang);
    let rewritten: Vec<String> = trace.iterations.iter().filter_map(|i| i.rewritten.clone()).collect();
    let searched: Vec<(usize, &Iteration)> =
        trace.iterations.iter().enumerate().filter(|(_, i)| i.query.is_some()).map(|(n, i)| (n + 1, i)).collect();
    let steps = trace
        .steps
        .iter()
        .map(|s| {
            view! {
                <li class="step">
                    <code>{s.node.name()}</code>
                    <span class="ms">{format!("{:.1} ms", s.ms)}</span>
                    <details class="step-detail">
                        <summary>{text.trace_detail}</summary>
                        <pre>{s.detail.clone()}</pre>
                    </details>
                </li>
            }
        })
        .collect_view();
    view! {
        <p class="stop"><span class="label">{text.stop_reason}</span>": "
            {trace.stop_reason.as_ref().map_or_else(|| text.trace_none.to_string(), |r| r.describe(lang))}</p>
        {trace.cache_hit.then(|| view! { <p class="cache-hit">{text.trace_cache_hit}</p> })}
        <TraceGraph trace=trace.clone() lang=lang />
        {plan(&trace, lang)}
        <h3>{text.trace_timings}</h3>
        <ol class="steps">{steps}</ol>
        <p class="total"><span class="label">{text.trace_total}</span>": " {format!("{:.1} ms", trace.total_ms())}</p>
        <h3>{text.trace_documents}</h3>
        {if searched.is_empty() {
            view! { <p class="empty">{text.trace_no_search}</p> }.into_any()
        } else {
            searched.into_iter().map(|(n, i)| documents(n, i, lang)).collect_view().into_any()
        }}
        <h3>{text.trace_quality}</h3>
        {quality(&trace, lang)}
        <h3>{text.trace_rewritten}</h3>
        {if rewritten.is_empty() {
            view! { <p class="empty rewritten">{text.trace_none}</p> }.into_any()
        } else {
            view! { <ol class="rewritten">{rewritten.into_iter().map(|q| view! { <li><q>{q}</q></li> }).collect_view()}</ol> }.into_any()
        }}
        {grades_and_calls(&trace, lang)}
    }
}

/// The trace panel.
#[component]
pub fn TracePanel() -> impl IntoView {
    let traces = expect_context::<Diagnostics>().traces;
    let user = expect_context::<Session>().user;
    let lang = expect_context::<Preferences>().lang;
    let text = move || ui(lang.get());
    // The chosen turn (index into `traces`); `None` follows the latest.
    let chosen = RwSignal::new(None::<usize>);
    // A new turn, or another person, shows the latest again.
    Effect::new(move |_| {
        traces.with(Vec::len);
        user.track();
        chosen.set(None);
    });
    // This person's turns: (index into `traces`, question).
    let mine = move || {
        let user = user.get();
        traces.with(|t| {
            t.iter()
                .enumerate()
                .filter(|(_, t)| t.user == user)
                .map(|(i, t)| (i, t.question.clone()))
                .collect::<Vec<_>>()
        })
    };
    let shown = move || {
        let index = chosen.get().or_else(|| mine().last().map(|(i, _)| *i))?;
        traces.with(|t| t.get(index).cloned())
    };
    view! {
        <section class="panel trace" aria-labelledby="trace-heading">
            <h2 id="trace-heading">{move || text().trace_heading}</h2>
            // Shown from the first turn on, so the next turn's trace does not push the panel down.
            <Show when=move || !mine().is_empty()>
                <label for="trace-turn">{move || text().trace_turn}</label>
                <select id="trace-turn" on:change=move |ev| chosen.set(event_target_value(&ev).parse().ok())>
                    {move || {
                        let current = chosen.get().or_else(|| mine().last().map(|(i, _)| *i));
                        mine().into_iter().enumerate().map(|(n, (i, question))| view! {
                            <option value=i.to_string() selected=Some(i) == current>{format!("{}. {}", n + 1, short(&question))}</option>
                        }).collect_view()
                    }}
                </select>
            </Show>
            {move || match shown() {
                None => view! { <p class="empty">{text().trace_empty}</p> }.into_any(),
                Some(trace) => turn_view(trace, lang.get()).into_any(),
            }}
        </section>
    }
}
