//! `medagent bench-stream`: what our client costs per streamed token.
//!
//! 1. Client work alone: a synthetic reply of N tokens in each provider's wire format, cut into
//!    network-sized chunks, through the SSE parser and the adapter's decoder (no I/O).
//! 2. End to end natively: the same through the native transport against `medagent mock-llm`
//!    started in-process on loopback (time to first token, and per token over the whole stream;
//!    this includes the mock's own work and the loopback socket).

use super::mock_llm::spawn_mock;
use crate::llm::provider::Frame;
use crate::llm::sse::{SseEvent, SseParser};
use crate::llm::{anthropic, gemini, openai, ChatMessage, ChatRequest, Llm, LlmError};
use crate::llm::{Provider, ProviderConfig, ProviderKind};
use crate::platform::native_http::{block_on, NativeTransport};
use std::rc::Rc;
use std::time::Instant;

/// Arguments of `medagent bench-stream`.
#[derive(Debug, clap::Args)]
pub struct BenchStreamArgs {
    /// Tokens per streamed reply.
    #[arg(long, default_value_t = 20_000)]
    pub tokens: usize,
    /// Repetitions (the best is reported, to show the cost rather than the machine's noise).
    #[arg(long, default_value_t = 5)]
    pub runs: usize,
    /// Bytes per network chunk fed to the parser in the client-only measurement.
    #[arg(long, default_value_t = 1400)]
    pub chunk: usize,
}

type Decoder = fn(&SseEvent) -> Result<Frame, LlmError>;

/// A reply of `n` tokens in a provider's wire format.
fn transcript(kind: ProviderKind, n: usize) -> String {
    let mut out = String::new();
    for i in 0..n {
        let token = format!("t{i} ");
        match kind {
            ProviderKind::Anthropic => out.push_str(&format!(
                "event: content_block_delta\ndata: {{\"type\":\"content_block_delta\",\"index\":0,\"delta\":{{\"type\":\"text_delta\",\"text\":\"{token}\"}}}}\n\n"
            )),
            ProviderKind::Gemini => out.push_str(&format!(
                "data: {{\"candidates\":[{{\"content\":{{\"parts\":[{{\"text\":\"{token}\"}}],\"role\":\"model\"}},\"index\":0}}],\"modelVersion\":\"gemini-2.0-flash\"}}\r\n\r\n"
            )),
            _ => out.push_str(&format!(
                "data: {{\"id\":\"chatcmpl-1\",\"object\":\"chat.completion.chunk\",\"created\":0,\"model\":\"m\",\"choices\":[{{\"index\":0,\"delta\":{{\"content\":\"{token}\"}},\"finish_reason\":null}}]}}\n\n"
            )),
        }
    }
    out
}

/// Nanoseconds per token of parse + decode + appending the text, best of `runs`.
fn client_only(kind: ProviderKind, decode: Decoder, args: &BenchStreamArgs) -> f64 {
    let wire = transcript(kind, args.tokens);
    let mut best = f64::INFINITY;
    for _ in 0..args.runs {
        let start = Instant::now();
        let mut parser = SseParser::new();
        let mut events = Vec::new();
        let mut text = String::new();
        for chunk in wire.as_bytes().chunks(args.chunk.max(1)) {
            parser.push(chunk, &mut events);
            for event in events.drain(..) {
                let frame = decode(&event).expect("synthetic frames decode");
                text.push_str(&frame.text);
            }
        }
        let elapsed = start.elapsed().as_secs_f64();
        assert!(text.len() >= args.tokens * 3, "every token arrived");
        best = best.min(elapsed * 1e9 / args.tokens as f64);
    }
    best
}

/// `medagent bench-stream`.
pub fn run(args: &BenchStreamArgs) -> Result<(), String> {
    if args.tokens == 0 || args.runs == 0 {
        return Err("--tokens and --runs must be at least 1".into());
    }
    println!(
        "client work per streamed token (SSE parse + decode + append), {} tokens, {}-byte chunks, best of {}:",
        args.tokens, args.chunk, args.runs
    );
    let decoders: [(&str, ProviderKind, Decoder); 3] = [
        ("openai-compatible", ProviderKind::Openai, openai::decode),
        ("anthropic", ProviderKind::Anthropic, anthropic::decode),
        ("gemini", ProviderKind::Gemini, gemini::decode),
    ];
    for (name, kind, decode) in decoders {
        println!(
            "  {name:<18} {:>8.0} ns/token",
            client_only(kind, decode, args)
        );
    }

    let server = spawn_mock("127.0.0.1:0").map_err(|e| format!("cannot start the mock: {e}"))?;
    let mut config = ProviderConfig::new(ProviderKind::Openai);
    config.base_url = server.base_url();
    config.model = "mock-1".into();
    let provider =
        Provider::from_config(&config, Rc::new(NativeTransport::new())).ok_or("no provider")?;
    let request = ChatRequest {
        messages: vec![ChatMessage::user(format!("MOCK_TOKENS={}", args.tokens))],
        ..ChatRequest::default()
    };
    let (mut best_total, mut best_first) = (f64::INFINITY, f64::INFINITY);
    for _ in 0..args.runs {
        let start = Instant::now();
        let mut first: Option<f64> = None;
        let mut deltas = 0usize;
        let completion = block_on(provider.complete(&request, &mut |_| {
            deltas += 1;
            first.get_or_insert_with(|| start.elapsed().as_secs_f64());
        }))
        .map_err(|e| format!("streaming from the mock failed: {e}"))?;
        let total = start.elapsed().as_secs_f64();
        if deltas != args.tokens
            || completion.usage.map(|u| u.completion_tokens as usize) != Some(args.tokens)
        {
            return Err(format!(
                "expected {} tokens, got {deltas} deltas",
                args.tokens
            ));
        }
        best_total = best_total.min(total * 1e6 / args.tokens as f64);
        best_first = best_first.min(first.unwrap_or(total) * 1e3);
    }
    println!(
        "end to end natively against the mock on loopback ({} tokens, best of {}):\n  first token {best_first:.2} ms, {best_total:.2} us/token over the whole stream (mock + socket + client)",
        args.tokens, args.runs
    );
    Ok(())
}
