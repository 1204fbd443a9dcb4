//! An incremental parser for Server-Sent Events (the `text/event-stream` format every provider
//! streams its reply in), following the WHATWG HTML "event stream interpretation" rules.
//!
//! Network chunks arrive cut at arbitrary bytes: inside a line, between the CR and LF of a CRLF,
//! or inside a multi-byte UTF-8 sequence. The parser therefore buffers raw bytes and only decodes
//! complete lines (line terminators are ASCII, so a complete line is never a partial character).
//!
//! Format recap: lines end with CRLF, LF or CR; `:` starts a comment; `field: value` (one optional
//! space after the colon); `data` lines of one event are joined with `\n`; a blank line ends the
//! event. A stream that closes with an unfinished event is a cut-off stream, reported by
//! [`SseParser::finish`] rather than silently dropped.

/// One dispatched event.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct SseEvent {
    /// The `event:` name, or `"message"` when the frame named none.
    pub event: String,
    /// The `data:` lines joined with `\n`.
    pub data: String,
}

/// The stream ended in the middle of an event: what had arrived of it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct SseCutOff {
    /// The unfinished event (its data so far, then the raw unterminated line), for error messages.
    pub pending: String,
}

/// The incremental parser: feed it chunks with [`push`](Self::push) as they arrive, then call
/// [`finish`](Self::finish) when the connection closes.
#[derive(Debug, Default)]
pub struct SseParser {
    /// Bytes of the current, not yet terminated line.
    line: Vec<u8>,
    /// The previous chunk ended with CR: a leading LF of the next chunk belongs to it.
    after_cr: bool,
    /// Whether the byte-order mark check at stream start is done.
    bom_checked: bool,
    data: String,
    has_data: bool,
    event: String,
    /// Any field or comment line seen since the last dispatch (an event is in progress).
    in_event: bool,
}

impl SseParser {
    pub fn new() -> Self {
        Self::default()
    }

    /// Feeds one network chunk; complete events are appended to `out` in order.
    pub fn push(&mut self, mut bytes: &[u8], out: &mut Vec<SseEvent>) {
        if !self.bom_checked {
            // The BOM can itself be split across chunks: wait until 3 bytes are known.
            self.line.extend_from_slice(bytes);
            if self.line.len() < 3 && b"\xEF\xBB\xBF".starts_with(&self.line) {
                return;
            }
            self.bom_checked = true;
            let start = if self.line.starts_with(b"\xEF\xBB\xBF") { 3 } else { 0 };
            let pending = std::mem::take(&mut self.line);
            return self.push(&pending[start..], out);
        }
        if bytes.is_empty() {
            return; // keeps `after_cr` for the chunk that will follow
        }
        if self.after_cr {
            self.after_cr = false;
            if let Some(rest) = bytes.strip_prefix(b"\n") {
                bytes = rest;
            }
        }
        while let Some(pos) = bytes.iter().position(|&b| b == b'\n' || b == b'\r') {
            let line_end = &bytes[..pos];
            let mut next = pos + 1;
            if bytes[pos] == b'\r' {
                if next == bytes.len() {
                    self.after_cr = true;
                } else if bytes[next] == b'\n' {
                    next += 1;
                }
            }
            if self.line.is_empty() {
                self.process_line(line_end, out);
            } else {
                self.line.extend_from_slice(line_end);
                let line = std::mem::take(&mut self.line);
                self.process_line(&line, out);
            }
            bytes = &bytes[next..];
        }
        self.line.extend_from_slice(bytes);
    }

    /// The connection closed. `Ok` when the stream ended on an event boundary; `Err` with what
    /// had arrived of an unfinished event otherwise.
    pub fn finish(self) -> Result<(), SseCutOff> {
        if self.line.is_empty() && !self.in_event {
            return Ok(());
        }
        let mut pending = self.data;
        if !self.line.is_empty() {
            pending.push_str(&String::from_utf8_lossy(&self.line));
        }
        Err(SseCutOff { pending })
    }

    fn process_line(&mut self, line: &[u8], out: &mut Vec<SseEvent>) {
        if line.is_empty() {
            self.dispatch(out);
            return;
        }
        self.in_event = true;
        if line[0] == b':' {
            return; // comment (keep-alive)
        }
        let (name, value) = match line.iter().position(|&b| b == b':') {
            Some(colon) => {
                let value = &line[colon + 1..];
                (&line[..colon], value.strip_prefix(b" ").unwrap_or(value))
            }
            None => (line, &b""[..]),
        };
        match name {
            b"data" => {
                if self.has_data {
                    self.data.push('\n');
                }
                self.data.push_str(&String::from_utf8_lossy(value));
                self.has_data = true;
            }
            b"event" => self.event = String::from_utf8_lossy(value).into_owned(),
            // `id` and `retry` steer browser reconnection, which a one-shot completion never does.
            _ => {}
        }
    }

    fn dispatch(&mut self, out: &mut Vec<SseEvent>) {
        self.in_event = false;
        let event = std::mem::take(&mut self.event);
        if !self.has_data {
            return; // an event without data is not dispatched (spec)
        }
        self.has_data = false;
        out.push(SseEvent {
            event: if event.is_empty() { "message".to_string() } else { event },
            data: std::mem::take(&mut self.data),
        });
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn parse_all(chunks: &[&[u8]]) -> (Vec<SseEvent>, Result<(), SseCutOff>) {
        let mut p = SseParser::new();
        let mut out = Vec::new();
        for c in chunks {
            p.push(c, &mut out);
        }
        (out, p.finish())
    }

    fn ev(event: &str, data: &str) -> SseEvent {
        SseEvent { event: event.into(), data: data.into() }
    }

    #[test]
    fn line_endings_comments_multiline_and_named_events() {
        let text = b"\xEF\xBB\xBF: keep-alive\r\ndata: a\r\ndata:b\r\n\r\nevent: ping\rdata: {}\r\revent: x\nid: 7\nretry: 10\ndata\n\n";
        let (events, end) = parse_all(&[text]);
        assert_eq!(events, vec![ev("message", "a\nb"), ev("ping", "{}"), ev("x", "")]);
        assert_eq!(end, Ok(()));
    }

    #[test]
    fn event_without_data_is_not_dispatched_and_resets_name() {
        let (events, _) = parse_all(&[b"event: a\n\ndata: 1\n\n"]);
        assert_eq!(events, vec![ev("message", "1")]);
    }

    #[test]
    fn split_at_every_byte_including_inside_utf8_and_crlf() {
        let text = "data: 안녕 😀 é\r\n\r\nevent: e\r\ndata: 둘\r\n\r\n".as_bytes();
        let (whole, _) = parse_all(&[text]);
        assert_eq!(whole, vec![ev("message", "안녕 😀 é"), ev("e", "둘")]);
        for i in 0..=text.len() {
            for j in i..=text.len() {
                let (events, end) = parse_all(&[&text[..i], &text[i..j], &text[j..]]);
                assert_eq!(events, whole, "split at {i},{j}");
                assert_eq!(end, Ok(()));
            }
        }
    }

    #[test]
    fn cut_off_mid_frame_is_reported_with_what_arrived() {
        let (events, end) = parse_all(&[b"data: one\n\ndata: {\"par"]);
        assert_eq!(events, vec![ev("message", "one")]);
        assert_eq!(end, Err(SseCutOff { pending: "data: {\"par".into() }));
        // A complete data line whose blank terminator never came is cut off too.
        let (_, end) = parse_all(&[b"data: two\n"]);
        assert_eq!(end, Err(SseCutOff { pending: "two".into() }));
    }
}
