//! The native HTTP transport: ureq (HTTP/1.1, rustls for https), blocking inside the future.
//!
//! Blocking is fine natively: the CLI drives one call at a time with [`block_on`]. The stop
//! handle is checked before the request and between body chunks; a read that is waiting for
//! bytes is bounded by the time limits rather than interrupted.

use super::http::{BodyStream, HttpRequest, HttpResponse, HttpTransport, Limits, StopHandle};
use crate::llm::{LlmError, LocalFuture};
use std::future::Future;
use std::io::{ErrorKind, Read};
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

fn map_error(error: ureq::Error, limits: Limits) -> LlmError {
    match error {
        ureq::Error::Timeout(ureq::Timeout::RecvResponse) => LlmError::Timeout {
            secs: secs(limits.first_byte),
        },
        ureq::Error::Timeout(_) => LlmError::Timeout {
            secs: secs(limits.total),
        },
        ureq::Error::Io(e) if e.kind() == ErrorKind::TimedOut => LlmError::Timeout {
            secs: secs(limits.total),
        },
        other => LlmError::Network {
            detail: other.to_string(),
        },
    }
}

impl HttpTransport for NativeTransport {
    fn send<'a>(
        &'a self,
        request: &'a HttpRequest,
        limits: Limits,
        stop: &'a StopHandle,
    ) -> LocalFuture<'a, Result<HttpResponse, LlmError>> {
        Box::pin(async move {
            if stop.is_stopped() {
                return Err(LlmError::Cancelled);
            }
            let mut builder = self.agent.post(&request.url);
            for (k, v) in &request.headers {
                builder = builder.header(k, v);
            }
            let result = builder
                .config()
                .timeout_recv_response(Some(limits.first_byte))
                .timeout_global(Some(limits.total))
                .build()
                .send(request.body.as_bytes());
            let response = result.map_err(|e| map_error(e, limits))?;
            let status = response.status().as_u16();
            let headers = response
                .headers()
                .iter()
                .map(|(k, v)| {
                    let value = String::from_utf8_lossy(v.as_bytes()).into_owned();
                    (k.as_str().to_string(), value)
                })
                .collect();
            let reader = response.into_body().into_reader();
            let body = NativeBody {
                reader: Box::new(reader),
                stop: stop.clone(),
                limits,
            };
            Ok(HttpResponse {
                status,
                headers,
                body: Box::new(body),
            })
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
                std::thread::sleep((end - now).min(Duration::from_millis(50)));
            }
        })
    }

    fn now_unix_secs(&self) -> u64 {
        SystemTime::now()
            .duration_since(UNIX_EPOCH)
            .map(|d| d.as_secs())
            .unwrap_or(0)
    }
}

struct NativeBody {
    reader: Box<dyn Read>,
    stop: StopHandle,
    limits: Limits,
}

impl BodyStream for NativeBody {
    fn next_chunk(&mut self) -> LocalFuture<'_, Result<Option<Vec<u8>>, LlmError>> {
        Box::pin(async move {
            if self.stop.is_stopped() {
                return Err(LlmError::Cancelled);
            }
            let mut buf = vec![0u8; 16 * 1024];
            loop {
                match self.reader.read(&mut buf) {
                    Ok(0) => return Ok(None),
                    Ok(n) => {
                        buf.truncate(n);
                        return Ok(Some(buf));
                    }
                    Err(e) if e.kind() == ErrorKind::Interrupted => continue,
                    Err(e) if e.kind() == ErrorKind::TimedOut => {
                        return Err(LlmError::Timeout {
                            secs: secs(self.limits.total),
                        })
                    }
                    Err(e) => {
                        return Err(LlmError::Network {
                            detail: e.to_string(),
                        })
                    }
                }
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
