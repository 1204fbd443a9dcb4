//! The int8 rule of every stored embedding row (the token-embedding shards and the vector index): one
//! f32 scale per row, `max |x| / 127`, and each value `x * 127 / max |x|` rounded, so the row is
//! `scale * code` within half a step (0.4 % of its largest value). An all-zero row has scale 0.

/// The scale and codes of `row`.
pub fn quantize(row: &[f32]) -> (f32, Vec<i8>) {
    let max = row.iter().fold(0f32, |m, x| m.max(x.abs()));
    if max == 0.0 {
        return (0.0, vec![0; row.len()]);
    }
    let inv = 127.0 / max;
    (max / 127.0, row.iter().map(|x| (x * inv).round() as i8).collect())
}

#[cfg(test)]
mod tests {
    #[test]
    fn each_value_is_within_half_a_step_and_zero_stays_zero() {
        let row = [0.5, -1.0, 0.25, 0.0, 0.9999];
        let (scale, codes) = super::quantize(&row);
        assert_eq!(codes[1], -127);
        for (x, q) in row.iter().zip(&codes) {
            assert!((x - f32::from(*q) * scale).abs() <= scale / 2.0 + 1e-7);
        }
        assert_eq!(super::quantize(&[0.0; 4]), (0.0, vec![0; 4]));
    }
}
