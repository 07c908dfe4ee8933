//! The strides of a view: ATen's `computeStride`, which a view of new
//! sizes keeps or refuses without a copy.

use super::Decide;
use crate::error::Result;
use crate::shape::Dims;
use crate::shape_env::ShapeEnv;
use crate::sym::SymInt;

/// Strides of `view(new_sizes)` on a tensor with `sizes`/`strides`, or
/// `None` when the view is impossible without a copy (ATen's
/// `computeStride`, as `fake_impls._compute_stride`): with
/// [`Decide::Guard`] every decision is a guard, with [`Decide::OrFalse`]
/// (`size_oblivious=True`, for inputs with unbacked sizes) a decision that
/// needs an unbacked value takes the answer that keeps the view general.
pub fn view_strides(
    env: &mut ShapeEnv,
    sizes: &[SymInt],
    strides: &[SymInt],
    new_sizes: &[SymInt],
    op: &str,
    decide: Decide,
) -> Result<Option<Dims>> {
    let n = new_sizes.len();
    if sizes.is_empty() {
        return Ok(Some(Dims::from_elem(SymInt::Int(1), n)));
    }
    let numel = crate::shape::numel(env, sizes)?;
    let mut new_strides: Dims = Dims::from_elem(SymInt::Int(0), n);
    if decide.eq_or_false(env, numel, SymInt::Int(0), op)? {
        if sizes == new_sizes {
            return Ok(Some(strides.iter().copied().collect()));
        }
        for d in (0..n).rev() {
            new_strides[d] = if d == n - 1 {
                SymInt::Int(1)
            } else {
                let s = env.max(new_sizes[d + 1], SymInt::Int(1))?;
                env.mul(s, new_strides[d + 1])?
            };
        }
        return Ok(Some(new_strides));
    }
    let mut view_d = n as i64 - 1;
    let mut chunk_base_stride = *strides.last().unwrap_or(&SymInt::Int(1));
    let mut tensor_numel = SymInt::Int(1);
    let mut view_numel = SymInt::Int(1);
    for tensor_d in (0..sizes.len()).rev() {
        tensor_numel = env.mul(tensor_numel, sizes[tensor_d])?;
        let boundary = tensor_d == 0 || {
            decide.ne_or_true(env, sizes[tensor_d - 1], SymInt::Int(1), op)? && {
                let chunk = env.mul(tensor_numel, chunk_base_stride)?;
                decide.ne_or_true(env, strides[tensor_d - 1], chunk, op)?
            }
        };
        if boundary {
            while view_d >= 0 {
                let vs = new_sizes[view_d as usize];
                let more = decide.lt_or_true(env, view_numel, tensor_numel, op)?
                    || decide.eq_or_false(env, vs, SymInt::Int(1), op)?;
                if !more {
                    break;
                }
                new_strides[view_d as usize] = env.mul(view_numel, chunk_base_stride)?;
                view_numel = env.mul(view_numel, vs)?;
                view_d -= 1;
            }
            if decide.ne_or_true(env, view_numel, tensor_numel, op)? {
                return Ok(None);
            }
            if tensor_d > 0 {
                chunk_base_stride = strides[tensor_d - 1];
                tensor_numel = SymInt::Int(1);
                view_numel = SymInt::Int(1);
            }
        }
    }
    if view_d != -1 {
        return Ok(None);
    }
    Ok(Some(new_strides))
}
