//! What our client costs per streamed token, without I/O: a synthetic reply of N tokens in a
//! provider's wire format, cut into network-sized chunks, through the SSE parser and the
//! adapter's decoder. Run natively by `medagent bench stream` and in the browser by
//! tests/web_fetch.rs, with the platform's clock passed in (no `Instant` in the browser).

use super::config::ProviderKind;
use super::provider::decode;
use super::sse::SseParser;

/// A reply of `tokens` tokens (`t0 `, `t1 `, ...) as the provider would stream it.
pub fn synthetic_transcript(kind: ProviderKind, tokens: usize) -> String {
    let mut out = String::new();
    for i in 0..tokens {
        let token = format!("t{i} ");
        out.push_str(&match kind {
            ProviderKind::Anthropic => format!(
                "event: content_block_delta\ndata: {{\"type\":\"content_block_delta\",\"index\":0,\"delta\":{{\"type\":\"text_delta\",\"text\":\"{token}\"}}}}\n\n"
            ),
            ProviderKind::Gemini => format!(
                "data: {{\"candidates\":[{{\"content\":{{\"parts\":[{{\"text\":\"{token}\"}}],\"role\":\"model\"}},\"index\":0}}],\"modelVersion\":\"gemini-2.0-flash\"}}\r\n\r\n"
            ),
            ProviderKind::Openai => format!(
                "data: {{\"id\":\"chatcmpl-1\",\"object\":\"chat.completion.chunk\",\"created\":0,\"model\":\"m\",\"choices\":[{{\"index\":0,\"delta\":{{\"content\":\"{token}\"}},\"finish_reason\":null}}]}}\n\n"
            ),
        });
    }
    out
}

/// Nanoseconds per token of parse + decode + appending the text (best of `runs`), timed with
/// `now_ms` (milliseconds from any origin).
pub fn client_ns_per_token(
    kind: ProviderKind,
    tokens: usize,
    chunk: usize,
    runs: usize,
    now_ms: &dyn Fn() -> f64,
) -> f64 {
    let wire = synthetic_transcript(kind, tokens);
    let mut best = f64::INFINITY;
    for _ in 0..runs {
        let start = now_ms();
        let mut parser = SseParser::new();
        let mut events = Vec::new();
        let mut text = String::new();
        for piece in wire.as_bytes().chunks(chunk.max(1)) {
            parser.push(piece, &mut events);
            for event in events.drain(..) {
                if let Ok(frame) = decode(kind, &event) {
                    text.push_str(&frame.text);
                }
            }
        }
        let elapsed_ms = now_ms() - start;
        assert!(text.len() >= tokens * 3, "every synthetic token decodes");
        best = best.min(elapsed_ms * 1e6 / tokens.max(1) as f64);
    }
    best
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_format_decodes_every_token() {
        for kind in [ProviderKind::Openai, ProviderKind::Anthropic, ProviderKind::Gemini] {
            let ns = client_ns_per_token(kind, 50, 7, 1, &|| 0.0);
            assert_eq!(ns, 0.0, "{kind:?}: the fake clock never moves");
        }
    }
}
