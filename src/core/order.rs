//! Stable sorting through one shared instance of the standard library's sort.
//!
//! Why not `slice::sort_by`: the standard sort is compiled afresh for every element type and every
//! comparator closure, about 4 kB of wasm each, and the app sorts some forty kinds of lists (hits,
//! mentions, spans, facts...). These functions sort the positions of the items (one `u32` sort with a
//! comparator behind a `dyn` reference, compiled once) and then move the items into that order, so each
//! caller costs a few hundred bytes. The lists sorted here are short (at most some thousands of items),
//! so the extra vector of positions costs nothing a user notices.

use std::cmp::Ordering;

/// Sorts `items` by `compare`, keeping the order of items that compare equal (like `slice::sort_by`).
pub fn sort_by<T>(items: &mut [T], mut compare: impl FnMut(&T, &T) -> Ordering) {
    if items.len() < 2 {
        return;
    }
    let order = sorted_positions(items.len(), &mut |a, b| compare(&items[a], &items[b]));
    permute(items, &order);
}

/// Sorts `items` by the key `key` gives, keeping the order of items with equal keys (like
/// `slice::sort_by_key`).
pub fn sort_by_key<T, K: Ord>(items: &mut [T], mut key: impl FnMut(&T) -> K) {
    sort_by(items, |a, b| key(a).cmp(&key(b)));
}

/// The positions `0..len` in the order `compare` gives them (stable).
fn sorted_positions(len: usize, compare: &mut dyn FnMut(usize, usize) -> Ordering) -> Vec<usize> {
    let mut order: Vec<usize> = (0..len).collect();
    order.sort_by(|&a, &b| compare(a, b));
    order
}

/// Moves the items so that position `k` holds the item that was at `order[k]`, following each cycle
/// of the permutation once.
fn permute<T>(items: &mut [T], order: &[usize]) {
    let mut placed = vec![false; items.len()];
    for start in 0..items.len() {
        if placed[start] {
            continue;
        }
        let mut at = start;
        loop {
            placed[at] = true;
            let from = order[at];
            if from == start {
                break;
            }
            items.swap(at, from);
            at = from;
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn sorts_like_the_standard_stable_sort() {
        // A small deterministic generator: every length up to 40, with many equal keys.
        let mut seed = 7u64;
        for len in 0..40 {
            let items: Vec<(u8, usize)> = (0..len)
                .map(|i| {
                    seed = seed.wrapping_mul(6364136223846793005).wrapping_add(1442695040888963407);
                    ((seed >> 60) as u8, i)
                })
                .collect();
            let mut ours = items.clone();
            sort_by_key(&mut ours, |&(key, _)| key);
            let mut standard = items.clone();
            standard.sort_by_key(|&(key, _)| key);
            assert_eq!(ours, standard, "length {len}");
            let mut descending = items.clone();
            sort_by(&mut descending, |a, b| b.0.cmp(&a.0));
            let mut standard = items;
            standard.sort_by_key(|&(key, _)| std::cmp::Reverse(key));
            assert_eq!(descending, standard, "length {len}, descending");
        }
    }

    #[test]
    fn moves_items_that_own_memory() {
        let mut names = vec!["delta".to_string(), "alpha".into(), "charlie".into(), "bravo".into()];
        sort_by(&mut names, |a, b| a.cmp(b));
        assert_eq!(names, ["alpha", "bravo", "charlie", "delta"]);
    }
}
