//! The binary container every static index file uses, and its primitive encodings.
//!
//! Layout of a file (all integers little-endian):
//! ```text
//! magic   4 bytes  "MDAG"
//! kind    1 byte   what the payload is (see [`FileKind`])
//! version 2 bytes  FORMAT_VERSION of the builder
//! length  4 bytes  payload length in bytes
//! payload `length` bytes
//! ```
//! Inside payloads: `varint` = unsigned LEB128 (up to 64 bits); `string` = varint byte length then
//! UTF-8 bytes; `f64` = 8 bytes IEEE 754. A reader rejects wrong magic, kind or version, a length that
//! does not match the file, and any read past the end, each with a message saying what to do.

/// Version of the static index format; bump it whenever any file layout changes.
pub const FORMAT_VERSION: u16 = 3;
const MAGIC: &[u8; 4] = b"MDAG";
const HEADER_LEN: usize = 11;

/// What a static index file holds.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
#[repr(u8)]
pub enum FileKind {
    /// Collection numbers: document count, lengths, shard layout.
    Stats = 1,
    /// A shard of the term dictionary with its postings.
    Postings = 2,
    /// Metadata of a range of documents (id, title, focus, qtype, url, chunks).
    DocMeta = 3,
    /// Answer text of a range of documents.
    DocText = 4,
    /// The concept lexicon (see `crate::lexicon::file`).
    Lexicon = 5,
    /// The medicine interaction tables (see `crate::medicines::file`).
    Interactions = 6,
    /// The learned reader of the aspect a question asks (see `crate::retrieval::aspects`).
    Aspects = 7,
}

/// Why an index file could not be read.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct FormatError(pub String);

impl std::fmt::Display for FormatError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(&self.0)
    }
}

impl std::error::Error for FormatError {}

/// Builds a payload, then wraps it in the header.
#[derive(Default)]
pub struct Writer {
    buf: Vec<u8>,
}

impl Writer {
    pub fn varint(&mut self, mut v: u64) {
        loop {
            let byte = (v & 0x7f) as u8;
            v >>= 7;
            if v == 0 {
                self.buf.push(byte);
                return;
            }
            self.buf.push(byte | 0x80);
        }
    }

    pub fn string(&mut self, s: &str) {
        self.varint(s.len() as u64);
        self.buf.extend_from_slice(s.as_bytes());
    }

    pub fn f64(&mut self, v: f64) {
        self.buf.extend_from_slice(&v.to_le_bytes());
    }

    /// The finished file: header plus payload.
    pub fn finish(self, kind: FileKind) -> Vec<u8> {
        let mut out = Vec::with_capacity(HEADER_LEN + self.buf.len());
        out.extend_from_slice(MAGIC);
        out.push(kind as u8);
        out.extend_from_slice(&FORMAT_VERSION.to_le_bytes());
        out.extend_from_slice(&(self.buf.len() as u32).to_le_bytes());
        out.extend_from_slice(&self.buf);
        out
    }
}

/// Reads a payload after checking the header.
pub struct Reader<'a> {
    bytes: &'a [u8],
    pos: usize,
    name: &'a str,
}

impl<'a> Reader<'a> {
    /// Checks the header of `bytes` (file `name`, for messages) and positions at the payload.
    pub fn open(bytes: &'a [u8], kind: FileKind, name: &'a str) -> Result<Reader<'a>, FormatError> {
        let rebuild = "rebuild the index with `medagent index build` (or reload the page after a deploy)";
        if bytes.len() < HEADER_LEN && MAGIC.starts_with(&bytes[..bytes.len().min(4)]) && !bytes.is_empty() {
            return Err(FormatError(format!("{name} is truncated ({} bytes): {rebuild}", bytes.len())));
        }
        if bytes.len() < HEADER_LEN || &bytes[..4] != MAGIC {
            return Err(FormatError(format!("{name} is not a medagent index file: {rebuild}")));
        }
        if bytes[4] != kind as u8 {
            return Err(FormatError(format!(
                "{name} holds index part {} where {:?} was expected: {rebuild}",
                bytes[4], kind
            )));
        }
        let version = u16::from_le_bytes([bytes[5], bytes[6]]);
        if version != FORMAT_VERSION {
            return Err(FormatError(format!(
                "{name} has index format {version}, this medagent reads format {FORMAT_VERSION}: {rebuild}"
            )));
        }
        let length = u32::from_le_bytes([bytes[7], bytes[8], bytes[9], bytes[10]]) as usize;
        if bytes.len() - HEADER_LEN != length {
            return Err(FormatError(format!(
                "{name} is truncated or padded ({} payload bytes, header says {length}): {rebuild}",
                bytes.len() - HEADER_LEN
            )));
        }
        Ok(Reader { bytes, pos: HEADER_LEN, name })
    }

    fn truncated(&self) -> FormatError {
        FormatError(format!("{} ends in the middle of a record (offset {}): rebuild the index", self.name, self.pos))
    }

    pub fn varint(&mut self) -> Result<u64, FormatError> {
        let mut value = 0u64;
        for shift in (0..64).step_by(7) {
            let byte = *self.bytes.get(self.pos).ok_or_else(|| self.truncated())?;
            self.pos += 1;
            value |= u64::from(byte & 0x7f) << shift;
            if byte & 0x80 == 0 {
                return Ok(value);
            }
        }
        Err(FormatError(format!("{} has a malformed number at offset {}", self.name, self.pos)))
    }

    /// A varint that must fit in u32.
    pub fn u32(&mut self) -> Result<u32, FormatError> {
        let v = self.varint()?;
        u32::try_from(v)
            .map_err(|_| FormatError(format!("{} has an out-of-range count at offset {}", self.name, self.pos)))
    }

    pub fn string(&mut self) -> Result<String, FormatError> {
        let len = self.varint()? as usize;
        let end = self.pos.checked_add(len).filter(|&e| e <= self.bytes.len()).ok_or_else(|| self.truncated())?;
        let s = std::str::from_utf8(&self.bytes[self.pos..end])
            .map_err(|_| FormatError(format!("{} has invalid UTF-8 at offset {}", self.name, self.pos)))?;
        self.pos = end;
        Ok(s.to_string())
    }

    pub fn f64(&mut self) -> Result<f64, FormatError> {
        let end = self.pos + 8;
        let raw = self.bytes.get(self.pos..end).ok_or_else(|| self.truncated())?;
        self.pos = end;
        Ok(f64::from_le_bytes(raw.try_into().expect("8 bytes")))
    }

    /// Fails unless every payload byte was read (trailing garbage means a mismatched writer).
    pub fn finish(self) -> Result<(), FormatError> {
        if self.pos == self.bytes.len() {
            Ok(())
        } else {
            Err(FormatError(format!("{} has {} unread bytes at the end", self.name, self.bytes.len() - self.pos)))
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn sample() -> Vec<u8> {
        let mut w = Writer::default();
        w.varint(0);
        w.varint(300);
        w.varint(u64::MAX);
        w.string("당뇨 diabetes");
        w.f64(-1.25);
        w.finish(FileKind::Stats)
    }

    #[test]
    fn round_trip() {
        let bytes = sample();
        let mut r = Reader::open(&bytes, FileKind::Stats, "stats.bin").unwrap();
        assert_eq!(r.varint().unwrap(), 0);
        assert_eq!(r.varint().unwrap(), 300);
        assert_eq!(r.varint().unwrap(), u64::MAX);
        assert_eq!(r.string().unwrap(), "당뇨 diabetes");
        assert_eq!(r.f64().unwrap(), -1.25);
        r.finish().unwrap();
    }

    #[test]
    fn every_truncation_is_rejected() {
        let bytes = sample();
        for cut in 0..bytes.len() {
            let err = Reader::open(&bytes[..cut], FileKind::Stats, "stats.bin").err().expect("truncated file accepted");
            assert!(err.0.contains("stats.bin"), "{err}");
        }
    }

    #[test]
    fn wrong_magic_kind_or_version_is_rejected() {
        let mut bytes = sample();
        assert!(Reader::open(&bytes, FileKind::Postings, "x").err().unwrap().0.contains("expected"));
        bytes[5] = 99;
        assert!(Reader::open(&bytes, FileKind::Stats, "x").err().unwrap().0.contains("format 99"));
        bytes[0] = b'X';
        assert!(Reader::open(&bytes, FileKind::Stats, "x").err().unwrap().0.contains("not a medagent index file"));
    }

    #[test]
    fn lying_lengths_inside_the_payload_are_caught() {
        let mut w = Writer::default();
        w.varint(1_000_000); // a string length far past the end
        let bytes = w.finish(FileKind::DocText);
        let mut r = Reader::open(&bytes, FileKind::DocText, "text-000.bin").unwrap();
        assert!(r.string().unwrap_err().0.contains("ends in the middle"));
    }
}
