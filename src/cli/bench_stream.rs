//! `medagent bench stream`: what our client costs per streamed token.
//!
//! 1. Client work alone: `llm::stream_cost` (SSE parse + decode of a synthetic reply, no I/O).
//! 2. End to end natively: the same through the native transport against `medagent mock-llm`
//!    started in-process on loopback (time to first token, and per token over the whole stream;
//!    this includes the mock's own work and the loopback socket). The reply's length is set by the
//!    mock's `/reply/tokens<N>` base URL, not by the prompt.

use super::error::CliError;
use super::mock_llm::spawn_mock;
use crate::llm::stream_cost::client_ns_per_token;
use crate::llm::{CallPurpose, ChatMessage, ChatRequest, Llm};
use crate::llm::{Provider, ProviderConfig, ProviderKind};
use crate::platform::native_http::{block_on, NativeTransport};
use std::rc::Rc;
use std::time::Instant;

/// Arguments of `medagent bench stream`.
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

/// `medagent bench stream`.
pub fn run(args: &BenchStreamArgs) -> Result<(), CliError> {
    if args.tokens == 0 || args.runs == 0 {
        return Err(CliError::usage("--tokens and --runs must be at least 1"));
    }
    println!(
        "client work per streamed token (SSE parse + decode + append), {} tokens, {}-byte chunks, best of {}:",
        args.tokens, args.chunk, args.runs
    );
    let origin = Instant::now();
    let now_ms = || origin.elapsed().as_secs_f64() * 1e3;
    let kinds = [
        ("openai-compatible", ProviderKind::Openai),
        ("anthropic", ProviderKind::Anthropic),
        ("gemini", ProviderKind::Gemini),
    ];
    for (name, kind) in kinds {
        let ns = client_ns_per_token(kind, args.tokens, args.chunk, args.runs, &now_ms);
        println!("  {name:<18} {ns:>8.0} ns/token");
    }

    let server = spawn_mock("127.0.0.1:0").map_err(|e| CliError::failed(format!("cannot start the mock: {e}")))?;
    let mut config = ProviderConfig::new(ProviderKind::Openai);
    config.base_url = format!("{}/reply/tokens{}", server.base_url(), args.tokens);
    config.model = "mock-1".into();
    let provider = Provider::from_config(&config, Rc::new(NativeTransport::new()))
        .ok_or_else(|| CliError::failed("no provider"))?;
    let request = ChatRequest {
        purpose: CallPurpose::Probe,
        messages: vec![ChatMessage::user("Explain glaucoma in detail.")],
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
        .map_err(|e| CliError::failed(format!("streaming from the mock failed: {e}")))?;
        let total = start.elapsed().as_secs_f64();
        if deltas != args.tokens || completion.usage.map(|u| u.completion_tokens as usize) != Some(args.tokens) {
            return Err(CliError::failed(format!("expected {} tokens, got {deltas} deltas", args.tokens)));
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
