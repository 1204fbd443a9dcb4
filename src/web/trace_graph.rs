//! The pipeline's graph as an inline SVG, drawn from [`crate::trace_view`]'s layout and edges, with
//! the nodes that ran filled and the routes the turn took drawn bold.

use crate::i18n::{ui, Lang};
use crate::pipeline::step::Node;
use crate::trace_view::{node_label, Edge, Shape, TurnTrace, EDGES, LAYOUT, ROWS};
use leptos::prelude::*;

const BOX_W: f64 = 150.0;
const SIDE_W: f64 = 100.0;
const BOX_H: f64 = 34.0;
const ROW: f64 = 52.0;
const TOP: f64 = 8.0;
/// Left edge of the main column: room for four shortcut lanes.
const MAIN_X: f64 = 78.0;
const SIDE_X: f64 = MAIN_X + BOX_W + 32.0;
/// Room right of the side column for four lanes.
const RIGHT_LANE: f64 = 12.0;
const WIDTH: f64 = SIDE_X + SIDE_W + 5.0 * RIGHT_LANE;
const HEIGHT: f64 = TOP + ROWS as f64 * ROW;

/// A node's box: left, top, width.
fn frame(node: Node) -> (f64, f64, f64) {
    let (_, col, row) = LAYOUT.iter().find(|(n, _, _)| *n == node).copied().expect("every node is laid out");
    let top = TOP + f64::from(row) * ROW;
    if col == 0 {
        (MAIN_X, top, BOX_W)
    } else {
        (SIDE_X, top, SIDE_W)
    }
}

/// The SVG path of an edge, and where its label goes (with a rotation for vertical lanes).
fn route(edge: &Edge) -> (String, (f64, f64, bool)) {
    let (fx, fy, fw) = frame(edge.from);
    let (tx, ty, tw) = frame(edge.to);
    let (fmid, tmid) = (fy + BOX_H / 2.0, ty + BOX_H / 2.0);
    match edge.shape {
        Shape::Down => {
            let x = fx + fw / 2.0;
            (format!("M{x},{} L{x},{}", fy + BOX_H, ty - 2.0), (x, fy, false))
        }
        Shape::Across(there) => {
            let (y, from_x, to_x) =
                if there { (fmid - 7.0, fx + fw, tx - 2.0) } else { (fmid + 7.0, fx, tx + tw + 2.0) };
            (format!("M{from_x},{y} L{to_x},{y}"), (from_x, y, false))
        }
        Shape::Right(lane) => {
            let x = SIDE_X + SIDE_W + RIGHT_LANE * f64::from(lane);
            let (from_y, to_y) = (fmid + 5.0, tmid - 5.0);
            (
                format!("M{},{from_y} L{x},{from_y} L{x},{to_y} L{},{to_y}", fx + fw, tx + tw + 2.0),
                (x + 4.0, (from_y + to_y) / 2.0, true),
            )
        }
        Shape::Slant => {
            let to_y = if fy < ty { ty + 6.0 } else { ty + BOX_H - 6.0 };
            (format!("M{fx},{fmid} L{},{to_y}", tx + tw + 2.0), (fx, fmid, false))
        }
        Shape::Skip(lane) => {
            let x = MAIN_X - 16.0 * f64::from(lane);
            (format!("M{fx},{fmid} L{x},{fmid} L{x},{tmid} L{},{tmid}", tx - 2.0), (x - 3.0, (fmid + tmid) / 2.0, true))
        }
    }
}

/// The graph of `trace`, labelled in `lang`.
#[component]
pub fn TraceGraph(trace: TurnTrace, lang: Lang) -> impl IntoView {
    let text = ui(lang);
    let path: Vec<&str> = trace.steps.iter().map(|s| s.node.name()).collect();
    let edges = EDGES
        .iter()
        .map(|edge| {
            let (d, (lx, ly, vertical)) = route(edge);
            let took = trace.took(edge);
            let label = edge.label.map(|(en, ko)| if lang == Lang::Ko { ko } else { en });
            let transform = vertical.then(|| format!("rotate(-90 {lx} {ly})"));
            view! {
                <g class=if took { "edge ran" } else { "edge" } data-from=edge.from.name() data-to=edge.to.name()>
                    <path d=d marker-end=if took { "url(#arrow-ran)" } else { "url(#arrow)" } />
                    {label.map(|l| view! { <text x=lx y=ly transform=transform.clone() text-anchor="middle" class="edge-label">{l}</text> })}
                </g>
            }
        })
        .collect_view();
    let nodes = LAYOUT
        .iter()
        .map(|(node, _, _)| {
            let (x, y, w) = frame(*node);
            let (runs, ms) = trace.runs(*node);
            let class = if runs > 0 { "node ran" } else { "node" };
            view! {
                <g class=class data-node=node.name()>
                    <title>{format!("{} ({}): {ms:.1} ms", node_label(*node, lang), node.name())}</title>
                    <rect x=x y=y width=w height=BOX_H rx="7" />
                    <text x=x + w / 2.0 y=y + 14.0 text-anchor="middle" class="node-label">{node_label(*node, lang)}</text>
                    <text x=x + w / 2.0 y=y + 27.0 text-anchor="middle" class="node-code">{node.name()}</text>
                    {(runs > 1).then(|| view! { <text x=x + w - 4.0 y=y + 11.0 text-anchor="end" class="node-runs">{format!("×{runs}")}</text> })}
                </g>
            }
        })
        .collect_view();
    view! {
        <figure class="trace-graph">
            <svg viewBox=format!("0 0 {WIDTH} {HEIGHT}") role="img" aria-labelledby="trace-graph-title trace-graph-desc">
                <title id="trace-graph-title">{text.trace_graph}</title>
                <desc id="trace-graph-desc">{path.join(" → ")}</desc>
                <defs>
                    <marker id="arrow" viewBox="0 0 10 10" refX="9" refY="5" markerWidth="6" markerHeight="6" orient="auto-start-reverse">
                        <path d="M0,0 L10,5 L0,10 z" class="arrow" />
                    </marker>
                    <marker id="arrow-ran" viewBox="0 0 10 10" refX="9" refY="5" markerWidth="6" markerHeight="6" orient="auto-start-reverse">
                        <path d="M0,0 L10,5 L0,10 z" class="arrow ran" />
                    </marker>
                </defs>
                {edges}
                {nodes}
            </svg>
            <figcaption>{text.trace_graph_help}</figcaption>
        </figure>
    }
}
