//! The native HTTP transport: ureq (HTTP/1.1, rustls for https), blocking inside the future.
//!
//! Each request runs on its own thread and hands the head and body chunks over a channel; the
//! caller's future waits on that channel (blocking: the CLI drives one call at a time with
//! [`block_on`]) and looks at the stop handle every 50 ms, so stop takes effect at once even
//! while the server is silent. A stopped call drops the channel and the thread ends the
//! connection at its next read (bounded by the time limits).

use super::http::{BodyStream, HttpError, HttpRequest, HttpResponse, HttpTransport, Limits, StopHandle};
use crate::core::LocalFuture;
use std::future::Future;
use std::io::{ErrorKind, Read};
use std::sync::mpsc::{channel, Receiver, RecvTimeoutError, Sender};
use std::time::{Duration, Instant, SystemTime, UNIX_EPOCH};

/// ureq-backed transport. One agent, so connections to the same host are reused.
pub struct NativeTransport {
    agent: ureq::Agent,
}

impl NativeTransport {
    pub fn new() -> Self {
        let agent = ureq::Agent::config_builder()
            // Non-2xx answers are data here: the adapters read the provider's error body.
            .http_status_as_error(false)
            .build()
            .new_agent();
        Self { agent }
    }
}

impl Default for NativeTransport {
    fn default() -> Self {
        Self::new()
    }
}

fn secs(d: Duration) -> u64 {
    d.as_secs_f64().round() as u64
}

fn map_error(error: ureq::Error, limits: Limits) -> HttpError {
    match error {
        ureq::Error::Timeout(ureq::Timeout::RecvResponse) => HttpError::Timeout { secs: secs(limits.first_byte) },
        ureq::Error::Timeout(_) => HttpError::Timeout { secs: secs(limits.total) },
        ureq::Error::Io(e) if e.kind() == ErrorKind::TimedOut => HttpError::Timeout { secs: secs(limits.total) },
        other => HttpError::Network { detail: other.to_string() },
    }
}

/// What the request thread reports, in order: the head, body chunks, then the end or a failure.
enum Piece {
    Head(u16, Vec<(String, String)>),
    Chunk(Vec<u8>),
    End,
    Fail(HttpError),
}

/// Runs the blocking exchange; stops when the receiver is gone (the call was stopped).
fn exchange(agent: ureq::Agent, request: HttpRequest, limits: Limits, tx: Sender<Piece>) {
    let mut builder = agent.post(&request.url);
    for (k, v) in &request.headers {
        builder = builder.header(k, v);
    }
    let result = builder
        .config()
        .timeout_recv_response(Some(limits.first_byte))
        .timeout_global(Some(limits.total))
        .build()
        .send(request.body.as_bytes());
    let response = match result {
        Ok(response) => response,
        Err(e) => {
            let _ = tx.send(Piece::Fail(map_error(e, limits)));
            return;
        }
    };
    let headers = response
        .headers()
        .iter()
        .map(|(k, v)| {
            let value = String::from_utf8_lossy(v.as_bytes()).into_owned();
            (k.as_str().to_string(), value)
        })
        .collect();
    if tx.send(Piece::Head(response.status().as_u16(), headers)).is_err() {
        return;
    }
    let mut reader = response.into_body().into_reader();
    let mut buf = vec![0u8; 16 * 1024];
    loop {
        let piece = match reader.read(&mut buf) {
            Ok(0) => Piece::End,
            Ok(n) => Piece::Chunk(buf[..n].to_vec()),
            Err(e) if e.kind() == ErrorKind::Interrupted => continue,
            Err(e) if e.kind() == ErrorKind::TimedOut => Piece::Fail(HttpError::Timeout { secs: secs(limits.total) }),
            Err(e) => Piece::Fail(HttpError::Network { detail: e.to_string() }),
        };
        let last = !matches!(piece, Piece::Chunk(_));
        if tx.send(piece).is_err() || last {
            return;
        }
    }
}

/// The next report of the request thread, or `Cancelled` as soon as stop is pressed.
fn next_piece(rx: &Receiver<Piece>, stop: &StopHandle) -> Result<Piece, HttpError> {
    loop {
        if stop.is_stopped() {
            return Err(HttpError::Cancelled);
        }
        match rx.recv_timeout(POLL) {
            Ok(piece) => return Ok(piece),
            Err(RecvTimeoutError::Timeout) => continue,
            Err(RecvTimeoutError::Disconnected) => {
                return Err(HttpError::Network { detail: "the connection ended unexpectedly".into() })
            }
        }
    }
}

/// How often a waiting call looks at the stop handle.
const POLL: Duration = Duration::from_millis(50);

impl HttpTransport for NativeTransport {
    fn send<'a>(
        &'a self,
        request: &'a HttpRequest,
        limits: Limits,
        stop: &'a StopHandle,
    ) -> LocalFuture<'a, Result<HttpResponse, HttpError>> {
        Box::pin(async move {
            if stop.is_stopped() {
                return Err(HttpError::Cancelled);
            }
            let (tx, rx) = channel();
            let (agent, owned) = (self.agent.clone(), request.clone());
            std::thread::spawn(move || exchange(agent, owned, limits, tx));
            match next_piece(&rx, stop)? {
                Piece::Head(status, headers) => {
                    Ok(HttpResponse { status, headers, body: Box::new(NativeBody { rx, stop: stop.clone() }) })
                }
                Piece::Fail(error) => Err(error),
                Piece::Chunk(_) | Piece::End => Err(HttpError::Network { detail: "no response head".into() }),
            }
        })
    }

    fn sleep<'a>(&'a self, wait: Duration, stop: &'a StopHandle) -> LocalFuture<'a, ()> {
        Box::pin(async move {
            let end = Instant::now() + wait;
            while !stop.is_stopped() {
                let now = Instant::now();
                if now >= end {
                    break;
                }
                std::thread::sleep((end - now).min(POLL));
            }
        })
    }

    fn now_unix_secs(&self) -> u64 {
        SystemTime::now().duration_since(UNIX_EPOCH).map(|d| d.as_secs()).unwrap_or(0)
    }
}

/// The body as the request thread delivers it.
struct NativeBody {
    rx: Receiver<Piece>,
    stop: StopHandle,
}

impl BodyStream for NativeBody {
    fn next_chunk(&mut self) -> LocalFuture<'_, Result<Option<Vec<u8>>, HttpError>> {
        Box::pin(async move {
            match next_piece(&self.rx, &self.stop)? {
                Piece::Chunk(bytes) => Ok(Some(bytes)),
                Piece::End => Ok(None),
                Piece::Fail(error) => Err(error),
                Piece::Head(..) => Err(HttpError::Network { detail: "a second response head".into() }),
            }
        })
    }
}

/// Runs a future to completion on the current thread (the CLI's executor: the native transport
/// blocks inside its futures, so nothing here needs a reactor).
pub fn block_on<F: Future>(future: F) -> F::Output {
    use std::sync::Arc;
    use std::task::{Context, Poll, Wake, Waker};
    struct ThreadWaker(std::thread::Thread);
    impl Wake for ThreadWaker {
        fn wake(self: Arc<Self>) {
            self.0.unpark();
        }
    }
    let waker = Waker::from(Arc::new(ThreadWaker(std::thread::current())));
    let mut cx = Context::from_waker(&waker);
    let mut future = std::pin::pin!(future);
    loop {
        match future.as_mut().poll(&mut cx) {
            Poll::Ready(out) => return out,
            Poll::Pending => std::thread::park(),
        }
    }
}
