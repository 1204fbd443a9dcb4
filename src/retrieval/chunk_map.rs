//! From a chunk id of the vector index to the document it belongs to.
//!
//! `index/vectors/chunks.bin` holds one byte per document in corpus order: its number of chunks (see
//! [`super::vector_manifest::CHUNK_COUNTS_FILE`]). Chunk ids count through the documents in that order,
//! so the prefix sums of those counts say where each document's chunks start.

/// Where a chunk sits: its document (the index's document number) and its position in that document.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct ChunkPlace {
    /// Document number inside the index (corpus order).
    pub doc: u32,
    /// Which chunk of the document's answer (0-based, as `DocMeta::chunks`).
    pub nth: u16,
}

/// The chunk layout of the corpus, loaded from `chunks.bin`.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ChunkMap {
    /// `starts[d]` is the id of document d's first chunk; one extra entry holds the total.
    starts: Vec<u32>,
}

impl ChunkMap {
    /// Reads `chunks.bin`. Fails on an empty file or a document without chunks (the file is then not
    /// a chunk map this index wrote).
    pub fn from_bytes(counts: &[u8]) -> Result<ChunkMap, String> {
        if counts.is_empty() {
            return Err("chunks.bin is empty; rebuild with `medagent index build --vectors`".into());
        }
        if let Some(doc) = counts.iter().position(|&c| c == 0) {
            return Err(format!("chunks.bin says document {doc} has no chunk; the file is corrupt"));
        }
        let mut starts = Vec::with_capacity(counts.len() + 1);
        let mut next = 0u32;
        for &count in counts {
            starts.push(next);
            next += u32::from(count);
        }
        starts.push(next);
        Ok(ChunkMap { starts })
    }

    /// Number of documents.
    pub fn documents(&self) -> usize {
        self.starts.len() - 1
    }

    /// Number of chunks over all documents (= points in the vector index).
    pub fn chunks(&self) -> usize {
        *self.starts.last().expect("never empty") as usize
    }

    /// The document and position of chunk `id`, or `None` past the last chunk.
    pub fn place(&self, id: u32) -> Option<ChunkPlace> {
        if id as usize >= self.chunks() {
            return None;
        }
        // The last start not after `id`.
        let doc = self.starts.partition_point(|&s| s <= id) - 1;
        Some(ChunkPlace { doc: doc as u32, nth: (id - self.starts[doc]) as u16 })
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn chunk_ids_count_through_the_documents_in_order() {
        let map = ChunkMap::from_bytes(&[2, 1, 3]).unwrap();
        assert_eq!((map.documents(), map.chunks()), (3, 6));
        let places: Vec<(u32, u16)> = (0..6).map(|id| map.place(id).map(|p| (p.doc, p.nth)).unwrap()).collect();
        assert_eq!(places, vec![(0, 0), (0, 1), (1, 0), (2, 0), (2, 1), (2, 2)]);
        assert_eq!(map.place(6), None);
    }

    #[test]
    fn empty_or_chunkless_maps_are_refused() {
        assert!(ChunkMap::from_bytes(&[]).unwrap_err().contains("empty"));
        assert!(ChunkMap::from_bytes(&[1, 0, 2]).unwrap_err().contains("document 1"));
    }
}
