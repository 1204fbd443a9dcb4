//! Renders an answer's Markdown (parsed by [`crate::markdown`]) as DOM nodes, never as HTML text.

use crate::markdown::{parse, Block, Inline};
use leptos::prelude::*;

/// An answer or passage as safe rich text. `on_cite(n)` runs when citation `[n]` is activated.
#[component]
pub fn RichText(#[prop(into)] text: Signal<String>, on_cite: Callback<usize>) -> impl IntoView {
    move || parse(&text.get()).into_iter().map(|block| render_block(block, on_cite)).collect_view()
}

fn render_block(block: Block, on_cite: Callback<usize>) -> AnyView {
    match block {
        Block::Heading(level, inlines) => {
            let body = render_inlines(inlines, on_cite);
            // Answers sit under the chat heading: their headings start one level below it.
            match level {
                1 | 2 => view! { <h3>{body}</h3> }.into_any(),
                3 => view! { <h4>{body}</h4> }.into_any(),
                _ => view! { <h5>{body}</h5> }.into_any(),
            }
        }
        Block::Paragraph(inlines) => view! { <p>{render_inlines(inlines, on_cite)}</p> }.into_any(),
        Block::List { ordered, items } => {
            let items = items.into_iter().map(|item| view! { <li>{render_inlines(item, on_cite)}</li> }).collect_view();
            if ordered {
                view! { <ol>{items}</ol> }.into_any()
            } else {
                view! { <ul>{items}</ul> }.into_any()
            }
        }
    }
}

fn render_inlines(inlines: Vec<Inline>, on_cite: Callback<usize>) -> Vec<AnyView> {
    inlines.into_iter().map(|inline| render_inline(inline, on_cite)).collect()
}

fn render_inline(inline: Inline, on_cite: Callback<usize>) -> AnyView {
    match inline {
        Inline::Text(text) => text.into_any(),
        Inline::Strong(inner) => view! { <strong>{render_inlines(inner, on_cite)}</strong> }.into_any(),
        Inline::Emphasis(inner) => view! { <em>{render_inlines(inner, on_cite)}</em> }.into_any(),
        Inline::Code(code) => view! { <code>{code}</code> }.into_any(),
        Inline::Link { text, url } => view! {
            <a href=url target="_blank" rel="noopener noreferrer nofollow">{render_inlines(text, on_cite)}</a>
        }
        .into_any(),
        Inline::Citation(n) => view! {
            <button type="button" class="cite" on:click=move |_| on_cite.run(n)
                aria-label=format!("source {n}")>{format!("[{n}]")}</button>
        }
        .into_any(),
        Inline::Break => view! { <br /> }.into_any(),
    }
}
