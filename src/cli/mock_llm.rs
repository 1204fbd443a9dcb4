//! `medagent mock-llm`: a deterministic LLM server on loopback, for tests and for trying the app
//! end to end without a cloud account. Replies come from [`super::mock_reply`].
//!
//! Endpoints, each streaming real SSE over chunked HTTP in its provider's framing:
//! - `POST /v1/chat/completions`: OpenAI-compatible (one JSON object instead when `stream` is not
//!   true); `GET /v1/models`;
//! - `POST /v1/messages`: Anthropic Messages (named events, no `[DONE]`);
//! - `POST /v1beta/models/{model}:streamGenerateContent?alt=sse`: Gemini (CRLF frames, ends at close);
//! - CORS preflight (`OPTIONS`) on every path, `Access-Control-Allow-Origin: *` on every answer,
//!   and `Retry-After` exposed, so the browser app can call it.
//!
//! Faults are injected by a path prefix, so a base URL is all a client needs to change:
//! `{base}/fault/<fault>[x<N>]/v1/chat/completions`, e.g. base `http://127.0.0.1:8080/fault/429x1`.
//! `<fault>` is `401`, `404`, `429` (with `Retry-After: 1`), `500`, `malformed` (an unreadable
//! stream frame), `cutoff` (the stream breaks mid-frame, after some text), `slow` (3 s before
//! the first byte), `strict` (a 400 for the optional `stream_options` / `response_format`
//! fields, as some OpenAI-compatible servers answer), or one of `junk-plan`, `junk-rerank`,
//! `junk-sufficiency`, `junk-grade` and `junk-all`: the reply to that Query Flow step (to every
//! step for `junk-all`) is prose instead of its JSON, while every other request is answered
//! normally, to test each step's fallback. With `x<N>` only the first N requests to that prefix
//! fail; later ones are answered normally (to test retries). Without it every request fails.
//!
//! A test or benchmark that needs another answer sets it the same way, outside the conversation
//! ([`mock_reply::Script`]): base `{base}/reply/tokens<N>` makes every text reply (answer, memory
//! summary, probe) exactly N tokens `t0 t1 ...` (streaming benchmarks, long answers to stop),
//! `{base}/reply/echo` makes it the last user message verbatim (hostile output to render). The
//! structured steps under that base still get their JSON. Nothing in a prompt changes which reply
//! comes; an unknown script is a 404, so a typo cannot pass as the normal reply.

use super::error::CliError;
use super::mock_reply::{self, Script};
use crate::llm::{CallPurpose, ChatMessage, ChatRequest, CARE_LEVEL};
use serde_json::{json, Value};
use std::collections::HashMap;
use std::io::{self, BufRead, BufReader, Read, Write};
use std::net::{SocketAddr, TcpListener, TcpStream, ToSocketAddrs};
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::{Arc, Mutex};
use std::thread::JoinHandle;
use std::time::Duration;

/// Arguments of `medagent mock-llm`.
#[derive(Debug, clap::Args)]
pub struct MockLlmArgs {
    /// Port to listen on (0 picks a free one; the address is printed).
    #[arg(long, default_value_t = 8080)]
    pub port: u16,
    /// Loopback address to listen on.
    #[arg(long, default_value = "127.0.0.1")]
    pub host: String,
    /// Pause between streamed tokens, to watch an answer stream in the app.
    #[arg(long, default_value_t = 0)]
    pub token_delay_ms: u64,
}

/// How the mock behaves beyond its address.
#[derive(Clone, Copy, Debug, Default)]
pub struct MockOptions {
    pub token_delay: Duration,
}

/// A running mock server; stops when dropped.
pub struct MockServer {
    addr: SocketAddr,
    shutdown: Arc<AtomicBool>,
    thread: Option<JoinHandle<()>>,
}

impl MockServer {
    pub fn addr(&self) -> SocketAddr {
        self.addr
    }
    /// `http://127.0.0.1:PORT`, the base URL an OpenAI-compatible provider config takes.
    pub fn base_url(&self) -> String {
        format!("http://{}", self.addr)
    }
    /// Stops accepting connections and waits for the accept loop to end.
    pub fn stop(&mut self) {
        self.shutdown.store(true, Ordering::SeqCst);
        // Wake the blocking accept() so it sees the flag.
        let _ = TcpStream::connect_timeout(&self.addr, Duration::from_millis(200));
        if let Some(thread) = self.thread.take() {
            let _ = thread.join();
        }
    }
    /// Serves until the process is killed.
    pub fn wait(mut self) {
        if let Some(thread) = self.thread.take() {
            let _ = thread.join();
        }
    }
}

impl Drop for MockServer {
    fn drop(&mut self) {
        self.stop();
    }
}

/// Starts the mock on `addr` (use port 0 for a free port) with default options.
pub fn spawn_mock(addr: impl ToSocketAddrs) -> io::Result<MockServer> {
    spawn_mock_with(addr, MockOptions::default())
}

/// Starts the mock on `addr` with `options`.
pub fn spawn_mock_with(addr: impl ToSocketAddrs, options: MockOptions) -> io::Result<MockServer> {
    let listener = TcpListener::bind(addr)?;
    let addr = listener.local_addr()?;
    if !addr.ip().is_loopback() {
        return Err(io::Error::new(
            io::ErrorKind::InvalidInput,
            "the mock LLM only listens on loopback (use --host 127.0.0.1 or ::1)",
        ));
    }
    let shutdown = Arc::new(AtomicBool::new(false));
    let flag = shutdown.clone();
    let counters: Arc<Mutex<HashMap<String, u32>>> = Arc::default();
    let thread = std::thread::spawn(move || {
        for stream in listener.incoming() {
            if flag.load(Ordering::SeqCst) {
                break;
            }
            let Ok(stream) = stream else { continue };
            let counters = counters.clone();
            // One thread per connection: each request ends (faults sleep at most a few seconds).
            std::thread::spawn(move || {
                let _ = serve(stream, &counters, options);
            });
        }
    });
    Ok(MockServer { addr, shutdown, thread: Some(thread) })
}

/// `medagent mock-llm`: serves until killed.
pub fn run(args: &MockLlmArgs) -> Result<(), CliError> {
    let options = MockOptions { token_delay: Duration::from_millis(args.token_delay_ms) };
    let server = spawn_mock_with((args.host.as_str(), args.port), options)
        .map_err(|e| CliError::failed(format!("cannot listen on {}:{}: {e}", args.host, args.port)))?;
    println!(
        "mock LLM listening on {}\n  OpenAI-compatible: POST {0}/v1/chat/completions\n  Anthropic: POST {0}/v1/messages\n  Gemini: POST {0}/v1beta/models/<model>:streamGenerateContent?alt=sse\n  faults: base URL {0}/fault/<401|404|429|500|malformed|cutoff|slow|strict|junk-plan|junk-rerank|junk-sufficiency|junk-grade|junk-all>[x<N>]\n  scripted answers: base URL {0}/reply/<tokens<N>|echo>\nstop with Ctrl-C",
        server.base_url()
    );
    server.wait();
    Ok(())
}

const CORS: &str = "Access-Control-Allow-Origin: *\r\nAccess-Control-Allow-Methods: GET, POST, OPTIONS\r\nAccess-Control-Allow-Headers: authorization, content-type, accept, x-api-key, anthropic-version, anthropic-dangerous-direct-browser-access, x-goog-api-key\r\nAccess-Control-Expose-Headers: Retry-After\r\nAccess-Control-Max-Age: 600\r\n";

struct Incoming {
    method: String,
    path: String,
    body: Vec<u8>,
}

fn read_request(stream: &TcpStream) -> io::Result<Incoming> {
    let mut reader = BufReader::new(stream);
    let mut line = String::new();
    reader.read_line(&mut line)?;
    let mut parts = line.split_whitespace();
    let method = parts.next().unwrap_or("").to_string();
    let path = parts.next().unwrap_or("/").to_string();
    let mut length = 0usize;
    loop {
        let mut header = String::new();
        if reader.read_line(&mut header)? == 0 || header.trim().is_empty() {
            break;
        }
        if let Some((name, value)) = header.split_once(':') {
            if name.trim().eq_ignore_ascii_case("content-length") {
                length = value.trim().parse().unwrap_or(0);
            }
        }
    }
    let mut body = vec![0; length.min(16 * 1024 * 1024)];
    reader.read_exact(&mut body)?;
    Ok(Incoming { method, path, body })
}

fn respond(stream: &mut TcpStream, status: &str, headers: &str, body: &str) -> io::Result<()> {
    write!(
        stream,
        "HTTP/1.1 {status}\r\n{CORS}{headers}Content-Length: {}\r\nConnection: close\r\n\r\n{body}",
        body.len()
    )?;
    stream.flush()
}

fn respond_json(stream: &mut TcpStream, status: &str, headers: &str, body: &Value) -> io::Result<()> {
    let headers = format!("{headers}Content-Type: application/json\r\n");
    respond(stream, status, &headers, &body.to_string())
}

fn openai_error(message: &str, kind: &str, code: &str) -> Value {
    json!({"error": {"message": message, "type": kind, "param": null, "code": code}})
}

/// What a base URL's prefix asks of every request under it.
#[derive(Clone, Copy, Debug, PartialEq)]
enum Prefix<'a> {
    None,
    /// `/fault/<spec>`: a fault, maybe with a budget (`429x1`).
    Fault(&'a str),
    /// `/reply/<script>`: a scripted text reply.
    Reply(Script),
}

/// Splits `/fault/<spec>/rest` or `/reply/<script>/rest` into the prefix and the rest of the path;
/// an unknown script is an error that says which ones there are.
fn split_prefix(path: &str) -> Result<(Prefix<'_>, &str), String> {
    let first_segment = |rest: &str| rest.find('/').unwrap_or(rest.len());
    if let Some(rest) = path.strip_prefix("/fault/") {
        let (spec, route) = rest.split_at(first_segment(rest));
        return Ok((Prefix::Fault(spec), route));
    }
    if let Some(rest) = path.strip_prefix("/reply/") {
        let (segment, route) = rest.split_at(first_segment(rest));
        let script = Script::parse(segment)
            .ok_or_else(|| format!("no reply script {segment:?}: use /reply/tokens<N> or /reply/echo"))?;
        return Ok((Prefix::Reply(script), route));
    }
    Ok((Prefix::None, path))
}

/// The fault to inject for this request, counting `x<N>` budgets per prefix.
fn active_fault<'a>(spec: &'a str, counters: &Mutex<HashMap<String, u32>>) -> Option<&'a str> {
    let (fault, budget) = match spec.split_once('x') {
        Some((fault, n)) => (fault, n.parse::<u32>().ok()),
        None => (spec, None),
    };
    let Some(budget) = budget else {
        return Some(fault);
    };
    let mut counters = counters.lock().unwrap_or_else(|e| e.into_inner());
    let used = counters.entry(spec.to_string()).or_insert(0);
    *used += 1;
    (*used <= budget).then_some(fault)
}

fn serve(mut stream: TcpStream, counters: &Mutex<HashMap<String, u32>>, options: MockOptions) -> io::Result<()> {
    stream.set_read_timeout(Some(Duration::from_secs(10)))?;
    let request = read_request(&stream)?;
    if request.method == "OPTIONS" {
        return respond(&mut stream, "204 No Content", "", "");
    }
    let (prefix, route) = match split_prefix(&request.path) {
        Ok(split) => split,
        Err(message) => {
            let error = openai_error(&message, "invalid_request_error", "not_found");
            return respond_json(&mut stream, "404 Not Found", "", &error);
        }
    };
    let (spec, script) = match prefix {
        Prefix::None => (None, None),
        Prefix::Fault(spec) => (Some(spec), None),
        Prefix::Reply(script) => (None, Some(script)),
    };
    let route = route.split('?').next().unwrap_or("");
    match (request.method.as_str(), route) {
        ("GET", "/v1/models") => {
            let models = json!({"object": "list", "data": [
                {"id": "mock-1", "object": "model", "created": 0, "owned_by": "medagent"}
            ]});
            respond_json(&mut stream, "200 OK", "", &models)
        }
        ("POST", "/v1/chat/completions") => {
            let fault = spec.and_then(|s| active_fault(s, counters));
            chat(&mut stream, Wire::OpenAi, &request.body, fault, script, options)
        }
        ("POST", "/v1/messages") => {
            let fault = spec.and_then(|s| active_fault(s, counters));
            chat(&mut stream, Wire::Anthropic, &request.body, fault, script, options)
        }
        ("POST", gemini) if gemini.starts_with("/v1beta/models/") && gemini.ends_with(":streamGenerateContent") => {
            let fault = spec.and_then(|s| active_fault(s, counters));
            chat(&mut stream, Wire::Gemini, &request.body, fault, script, options)
        }
        _ => {
            let error = openai_error(
                &format!("no route {} {}", request.method, request.path),
                "invalid_request_error",
                "not_found",
            );
            respond_json(&mut stream, "404 Not Found", "", &error)
        }
    }
}

/// The provider protocol a request came in.
#[derive(Clone, Copy, Debug, PartialEq)]
enum Wire {
    OpenAi,
    Anthropic,
    Gemini,
}

/// The request body in the wire's shape, as a chat request.
fn parse_chat(wire: Wire, body: &Value) -> ChatRequest {
    let text = |v: &Value| v.as_str().unwrap_or("").to_string();
    let parts_text = |v: &Value| {
        v["parts"]
            .as_array()
            .map(|parts| parts.iter().map(|p| text(&p["text"])).collect::<String>())
            .unwrap_or_default()
    };
    let mut messages = Vec::new();
    match wire {
        Wire::OpenAi => {
            messages = serde_json::from_value(body["messages"].clone()).unwrap_or_default();
        }
        Wire::Anthropic => {
            if body["system"].is_string() {
                messages.push(ChatMessage::system(text(&body["system"])));
            }
            let rest: Vec<ChatMessage> = serde_json::from_value(body["messages"].clone()).unwrap_or_default();
            messages.extend(rest);
        }
        Wire::Gemini => {
            if body["system_instruction"].is_object() {
                messages.push(ChatMessage::system(parts_text(&body["system_instruction"])));
            }
            for content in body["contents"].as_array().into_iter().flatten() {
                let said = parts_text(content);
                messages.push(if content["role"] == "model" {
                    ChatMessage::assistant(said)
                } else {
                    ChatMessage::user(said)
                });
            }
        }
    }
    // The purpose travels as the name of the structured output asked for; Gemini's schema has no
    // name, so its purpose is the one whose schema has the same fields. A request without one is an answer.
    let purpose = match wire {
        Wire::OpenAi => body["response_format"]["json_schema"]["name"].as_str().and_then(CallPurpose::named),
        Wire::Anthropic => body["tool_choice"]["name"].as_str().and_then(CallPurpose::named),
        Wire::Gemini => {
            let fields = |schema: &Value| -> Option<Vec<String>> {
                Some(schema["properties"].as_object()?.keys().cloned().collect())
            };
            // The triage level the second opinion adds is no field of the purpose's own.
            let asked = fields(&body["generationConfig"]["responseSchema"])
                .map(|f| f.into_iter().filter(|k| k != CARE_LEVEL).collect::<Vec<_>>());
            CallPurpose::ALL.into_iter().find(|p| asked.is_some() && p.schema().and_then(|s| fields(&s)) == asked)
        }
    };
    let purpose = purpose.unwrap_or_default();
    let schema = match wire {
        Wire::OpenAi => &body["response_format"]["json_schema"]["schema"],
        Wire::Anthropic => &body["tools"][0]["input_schema"],
        Wire::Gemini => &body["generationConfig"]["responseSchema"],
    };
    let care_level = schema["properties"].get(CARE_LEVEL).is_some();
    let list_len = schema["properties"]
        .as_object()
        .and_then(|fields| fields.values().find_map(|f| f["maxItems"].as_u64()))
        .map(|n| n as usize);
    ChatRequest { purpose, messages, max_tokens: None, temperature: None, care_level, list_len }
}

/// An error answer in the wire's documented error shape.
fn error_reply(stream: &mut TcpStream, wire: Wire, status: u16, message: &str) -> io::Result<()> {
    let (line, body) = match wire {
        Wire::OpenAi => {
            let (kind, code) = match status {
                401 => ("invalid_request_error", "invalid_api_key"),
                404 => ("invalid_request_error", "model_not_found"),
                429 => ("requests", "rate_limit_exceeded"),
                400 => ("invalid_request_error", "bad_request"),
                _ => ("server_error", "server_error"),
            };
            (status, openai_error(message, kind, code))
        }
        Wire::Anthropic => {
            let kind = match status {
                401 => "authentication_error",
                404 => "not_found_error",
                429 => "rate_limit_error",
                400 => "invalid_request_error",
                _ => "api_error",
            };
            (status, json!({"type": "error", "error": {"type": kind, "message": message}}))
        }
        // Gemini answers a bad key with 400 + reason API_KEY_INVALID, not 401.
        Wire::Gemini if status == 401 => (
            400,
            json!({"error": {"code": 400, "message": message, "status": "INVALID_ARGUMENT",
                   "details": [{"@type": "type.googleapis.com/google.rpc.ErrorInfo", "reason": "API_KEY_INVALID"}]}}),
        ),
        Wire::Gemini => {
            let grpc = match status {
                404 => "NOT_FOUND",
                429 => "RESOURCE_EXHAUSTED",
                400 => "INVALID_ARGUMENT",
                _ => "INTERNAL",
            };
            (status, json!({"error": {"code": status, "message": message, "status": grpc}}))
        }
    };
    let reason = match line {
        400 => "Bad Request",
        401 => "Unauthorized",
        404 => "Not Found",
        429 => "Too Many Requests",
        _ => "Internal Server Error",
    };
    let extra = if line == 429 { "Retry-After: 1\r\n" } else { "" };
    respond_json(stream, &format!("{line} {reason}"), extra, &body)
}

fn chat(
    stream: &mut TcpStream,
    wire: Wire,
    body: &[u8],
    fault: Option<&str>,
    script: Option<Script>,
    options: MockOptions,
) -> io::Result<()> {
    let Ok(body) = serde_json::from_slice::<Value>(body) else {
        return error_reply(stream, wire, 400, "the request body is not JSON");
    };
    let model = body["model"].as_str().unwrap_or("mock-1").to_string();
    match fault {
        Some("401") => return error_reply(stream, wire, 401, "Incorrect API key provided."),
        Some("404") => {
            let message = format!("The model `{model}` does not exist.");
            return error_reply(stream, wire, 404, &message);
        }
        Some("429") => return error_reply(stream, wire, 429, "Rate limit reached. Try again in 1s."),
        Some("500") => return error_reply(stream, wire, 500, "The server had an error."),
        Some("slow") => std::thread::sleep(Duration::from_secs(3)),
        Some("strict") if body.get("stream_options").is_some() || body.get("response_format").is_some() => {
            return error_reply(stream, wire, 400, "Unrecognized request argument supplied: stream_options");
        }
        _ => {}
    }
    let request = parse_chat(wire, &body);
    let junk = fault.and_then(|f| f.strip_prefix("junk-"));
    let junked = junk.filter(|kind| *kind == "all" || *kind == request.purpose.name());
    let text = junked
        .and_then(|_| mock_reply::junk_reply(request.purpose))
        .or_else(|| script.and_then(|script| script.reply(&request)))
        .unwrap_or_else(|| mock_reply::reply(&request));
    let prompt_tokens = request.messages.iter().map(|m| m.content.split_whitespace().count()).sum::<usize>();
    let pieces = tokens(&text);
    let usage = json!({"prompt_tokens": prompt_tokens, "completion_tokens": pieces.len(), "total_tokens": prompt_tokens + pieces.len()});
    if wire == Wire::OpenAi && body["stream"] != true {
        let reply = json!({
            "id": "chatcmpl-mock", "object": "chat.completion", "created": 0, "model": model,
            "choices": [{"index": 0, "message": {"role": "assistant", "content": text}, "finish_reason": "stop"}],
            "usage": usage,
        });
        return respond_json(stream, "200 OK", "", &reply);
    }
    write!(
        stream,
        "HTTP/1.1 200 OK\r\n{CORS}Content-Type: text/event-stream\r\nCache-Control: no-cache\r\nTransfer-Encoding: chunked\r\nConnection: close\r\n\r\n"
    )?;
    let mut sse = SseWriter { stream, wire };
    sse.raw(b": mock-llm\n\n")?;
    let openai_chunk = |delta: Value, finish: Value| {
        json!({"id": "chatcmpl-mock", "object": "chat.completion.chunk", "created": 0, "model": model,
               "choices": [{"index": 0, "delta": delta, "finish_reason": finish}]})
    };
    match wire {
        Wire::OpenAi => sse.frame(None, &openai_chunk(json!({"role": "assistant", "content": ""}), Value::Null))?,
        Wire::Anthropic => {
            let start = json!({"type": "message_start", "message": {"id": "msg_mock", "type": "message",
                "role": "assistant", "content": [], "model": model, "stop_reason": null,
                "usage": {"input_tokens": prompt_tokens, "output_tokens": 1}}});
            sse.frame(Some("message_start"), &start)?;
            let block =
                json!({"type": "content_block_start", "index": 0, "content_block": {"type": "text", "text": ""}});
            sse.frame(Some("content_block_start"), &block)?;
            sse.frame(Some("ping"), &json!({"type": "ping"}))?;
        }
        Wire::Gemini => {}
    }
    let cut_at = pieces.len() / 2;
    for (i, piece) in pieces.iter().enumerate() {
        if fault == Some("cutoff") && i == cut_at.max(1).min(pieces.len()) {
            // Half a frame, then the connection drops without the chunked terminator.
            return sse.raw(b"data: {\"id\":\"mock\",\"ty");
        }
        if fault == Some("malformed") && i == cut_at {
            sse.raw(b"data: {\"choices\": [{\"delta\": {\"content\": \n\n")?;
        }
        let last = i + 1 == pieces.len();
        match wire {
            Wire::OpenAi => sse.frame(None, &openai_chunk(json!({"content": piece}), Value::Null))?,
            Wire::Anthropic => {
                let delta =
                    json!({"type": "content_block_delta", "index": 0, "delta": {"type": "text_delta", "text": piece}});
                sse.frame(Some("content_block_delta"), &delta)?;
            }
            Wire::Gemini => {
                let mut frame = json!({"candidates": [{"content": {"parts": [{"text": piece}], "role": "model"}, "index": 0}],
                                       "modelVersion": model});
                if last {
                    frame["candidates"][0]["finishReason"] = json!("STOP");
                    frame["usageMetadata"] = json!({"promptTokenCount": prompt_tokens,
                        "candidatesTokenCount": pieces.len(), "totalTokenCount": prompt_tokens + pieces.len()});
                }
                sse.frame(None, &frame)?;
            }
        }
        if !options.token_delay.is_zero() {
            std::thread::sleep(options.token_delay);
        }
    }
    match wire {
        Wire::OpenAi => {
            sse.frame(None, &openai_chunk(json!({}), json!("stop")))?;
            if body["stream_options"]["include_usage"] == true {
                let last = json!({"id": "chatcmpl-mock", "object": "chat.completion.chunk", "created": 0,
                                  "model": model, "choices": [], "usage": usage});
                sse.frame(None, &last)?;
            }
            sse.raw(b"data: [DONE]\n\n")?;
        }
        Wire::Anthropic => {
            sse.frame(Some("content_block_stop"), &json!({"type": "content_block_stop", "index": 0}))?;
            let delta = json!({"type": "message_delta", "delta": {"stop_reason": "end_turn", "stop_sequence": null},
                               "usage": {"output_tokens": pieces.len()}});
            sse.frame(Some("message_delta"), &delta)?;
            sse.frame(Some("message_stop"), &json!({"type": "message_stop"}))?;
        }
        Wire::Gemini => {}
    }
    sse.stream.write_all(b"0\r\n\r\n")?;
    sse.stream.flush()
}

/// The reply cut into streamed pieces: each word with the whitespace that follows it.
fn tokens(text: &str) -> Vec<String> {
    let mut out = Vec::new();
    let mut current = String::new();
    for c in text.chars() {
        if !c.is_whitespace() && current.chars().last().is_some_and(char::is_whitespace) {
            out.push(std::mem::take(&mut current));
        }
        current.push(c);
    }
    if !current.is_empty() {
        out.push(current);
    }
    out
}

/// Writes SSE frames as HTTP chunks. Each frame goes out in two chunks cut in its middle (often
/// inside a multi-byte character), flushed separately, as real networks deliver them. Gemini
/// frames end lines with CRLF, as that service does.
struct SseWriter<'a> {
    stream: &'a mut TcpStream,
    wire: Wire,
}

impl SseWriter<'_> {
    fn raw(&mut self, bytes: &[u8]) -> io::Result<()> {
        write!(self.stream, "{:x}\r\n", bytes.len())?;
        self.stream.write_all(bytes)?;
        self.stream.write_all(b"\r\n")?;
        self.stream.flush()
    }

    fn frame(&mut self, event: Option<&str>, data: &Value) -> io::Result<()> {
        let eol = if self.wire == Wire::Gemini { "\r\n" } else { "\n" };
        let event = event.map(|e| format!("event: {e}{eol}")).unwrap_or_default();
        let frame = format!("{event}data: {data}{eol}{eol}");
        let bytes = frame.as_bytes();
        let (first, second) = bytes.split_at(bytes.len() / 2);
        self.raw(first)?;
        self.raw(second)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn prefixes_and_fault_budget() {
        assert_eq!(
            split_prefix("/fault/429x1/v1/chat/completions"),
            Ok((Prefix::Fault("429x1"), "/v1/chat/completions"))
        );
        assert_eq!(split_prefix("/v1/models"), Ok((Prefix::None, "/v1/models")));
        assert_eq!(
            split_prefix("/reply/tokens500/v1/messages"),
            Ok((Prefix::Reply(Script::Tokens(500)), "/v1/messages"))
        );
        assert_eq!(split_prefix("/reply/echo"), Ok((Prefix::Reply(Script::Echo), "")));
        assert!(split_prefix("/reply/tokens=5/v1/messages").unwrap_err().contains("/reply/tokens<N>"));
        let counters = Mutex::default();
        assert_eq!(active_fault("500x2", &counters), Some("500"));
        assert_eq!(active_fault("500x2", &counters), Some("500"));
        assert_eq!(active_fault("500x2", &counters), None);
        assert_eq!(active_fault("cutoff", &counters), Some("cutoff"));
    }

    #[test]
    fn tokens_keep_every_character() {
        let text = "안녕 하세요,  world [1]\n끝";
        let pieces = tokens(text);
        assert_eq!(pieces.concat(), text);
        assert_eq!(pieces[0], "안녕 ");
    }
}
