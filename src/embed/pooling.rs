//! Sentence-transformers pooling for all-MiniLM-L6-v2: the mean of the token vectors over the attention
//! mask (padding excluded), then L2 normalisation, so the dot product of two embeddings is their cosine.

use super::EmbedError;
use candle_core::{DType, Tensor};

/// Mean-pools `hidden` `[batch, seq, dims]` over `mask` `[batch, seq]` (f32 0/1) and L2-normalises each
/// row. Returns one vector per batch row.
pub fn mean_pool_normalized(hidden: &Tensor, mask: &Tensor) -> Result<Vec<Vec<f32>>, EmbedError> {
    let hidden = hidden.to_dtype(DType::F32)?;
    let mask3 = mask.unsqueeze(2)?; // [batch, seq, 1]
    let summed = hidden.broadcast_mul(&mask3)?.sum(1)?; // [batch, dims]
                                                        // sentence-transformers clamps the token count at 1e-9 so an all-padding row does not divide by zero.
    let counts = mask.sum_keepdim(1)?.clamp(1e-9f32, f32::MAX)?; // [batch, 1]
    let mean = summed.broadcast_div(&counts)?;
    let rows: Vec<Vec<f32>> = mean.to_vec2()?;
    Ok(rows.into_iter().map(l2_normalized).collect())
}

/// `v / max(|v|, 1e-12)`, as torch.nn.functional.normalize does.
pub fn l2_normalized(mut v: Vec<f32>) -> Vec<f32> {
    let norm = v.iter().map(|x| x * x).sum::<f32>().sqrt().max(1e-12);
    v.iter_mut().for_each(|x| *x /= norm);
    v
}

#[cfg(test)]
mod tests {
    use super::*;
    use candle_core::Device;

    #[test]
    fn padding_does_not_change_the_mean_and_rows_are_unit_length() {
        let hidden = Tensor::from_vec(
            vec![3f32, 0., 1., 0., 100., 100., /* row 2 */ 0., 2., 0., 4., 0., 6.],
            (2, 3, 2),
            &Device::Cpu,
        )
        .unwrap();
        let mask = Tensor::from_vec(vec![1f32, 1., 0., 1., 1., 1.], (2, 3), &Device::Cpu).unwrap();
        let rows = mean_pool_normalized(&hidden, &mask).unwrap();
        // Row 1: mean of (3,0) and (1,0) = (2,0) -> (1,0); the padded (100,100) is ignored.
        assert_eq!(rows[0], vec![1.0, 0.0]);
        assert!((rows[1][1] - 1.0).abs() < 1e-6 && rows[1][0].abs() < 1e-6);
    }

    #[test]
    fn a_zero_vector_stays_zero_instead_of_nan() {
        assert_eq!(l2_normalized(vec![0.0, 0.0]), vec![0.0, 0.0]);
    }
}
