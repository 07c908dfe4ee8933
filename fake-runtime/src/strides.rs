//! Strides: contiguous and channels-last layouts, contiguity tests, the
//! strides of a view (ATen's `computeStride`), and the output strides of a
//! pointwise operator (TensorIterator's rule: the output follows the memory
//! order of its inputs).

use crate::error::Result;
use crate::shape::Dims;
use crate::shape_env::ShapeEnv;
use crate::sym::SymInt;
use smallvec::SmallVec;

/// Row-major strides for `sizes` (`make_contiguous_strides_for`): sizes of
/// 0 count as 1.
pub fn contiguous(env: &mut ShapeEnv, sizes: &[SymInt]) -> Result<Dims> {
    let mut out: Dims = SmallVec::from_elem(SymInt::Int(1), sizes.len());
    let mut acc = SymInt::Int(1);
    for i in (0..sizes.len()).rev() {
        out[i] = acc;
        let s = env.max(sizes[i], SymInt::Int(1))?;
        acc = env.mul(acc, s)?;
    }
    Ok(out)
}

/// Channels-last strides for a 4-D (NHWC) or 5-D (NDHWC) tensor; other
/// ranks get contiguous strides.
pub fn channels_last(env: &mut ShapeEnv, sizes: &[SymInt]) -> Result<Dims> {
    let n = sizes.len();
    if n != 4 && n != 5 {
        return contiguous(env, sizes);
    }
    // Physical order: N, spatial..., C.
    let mut order: SmallVec<[usize; 6]> = SmallVec::new();
    order.push(0);
    order.extend(2..n);
    order.push(1);
    let mut out: Dims = SmallVec::from_elem(SymInt::Int(1), n);
    let mut acc = SymInt::Int(1);
    for &d in order.iter().rev() {
        out[d] = acc;
        let s = env.max(sizes[d], SymInt::Int(1))?;
        acc = env.mul(acc, s)?;
    }
    Ok(out)
}

/// Strides that lay out `sizes` in the physical order `perm` (outermost
/// first): `perm = [0, 2, 3, 1]` is channels-last.
pub fn with_physical_order(env: &mut ShapeEnv, sizes: &[SymInt], perm: &[usize]) -> Result<Dims> {
    let mut out: Dims = SmallVec::from_elem(SymInt::Int(1), sizes.len());
    let mut acc = SymInt::Int(1);
    for &d in perm.iter().rev() {
        out[d] = acc;
        let s = env.max(sizes[d], SymInt::Int(1))?;
        acc = env.mul(acc, s)?;
    }
    Ok(out)
}

/// True when `strides` are the contiguous strides of `sizes`, ignoring
/// dims of size 1 (ATen's `is_contiguous`). Decided without guards when the
/// answer is static; otherwise guarded.
pub fn is_contiguous(
    env: &mut ShapeEnv,
    sizes: &[SymInt],
    strides: &[SymInt],
    op: &str,
) -> Result<bool> {
    let mut expected = SymInt::Int(1);
    for i in (0..sizes.len()).rev() {
        let s = sizes[i];
        if crate::shape::guard_eq(env, s, SymInt::Int(0), op)? {
            return Ok(true);
        }
        if crate::shape::guard_eq(env, s, SymInt::Int(1), op)? {
            continue;
        }
        if !crate::shape::guard_eq(env, strides[i], expected, op)? {
            return Ok(false);
        }
        expected = env.mul(expected, s)?;
    }
    Ok(true)
}

/// True when `strides` are channels-last strides of a 4-D/5-D `sizes`,
/// ignoring dims of size 1 (ATen's `is_channels_last_strides_2d`
/// simplified to the exact-layout test).
pub fn is_channels_last(
    env: &mut ShapeEnv,
    sizes: &[SymInt],
    strides: &[SymInt],
    op: &str,
) -> Result<bool> {
    let n = sizes.len();
    if n != 4 && n != 5 {
        return Ok(false);
    }
    let mut order: SmallVec<[usize; 6]> = SmallVec::new();
    order.push(0);
    order.extend(2..n);
    order.push(1);
    let mut expected = SymInt::Int(1);
    for &d in order.iter().rev() {
        let s = sizes[d];
        if crate::shape::guard_eq(env, s, SymInt::Int(1), op)? {
            continue;
        }
        if !crate::shape::guard_eq(env, strides[d], expected, op)? {
            return Ok(false);
        }
        expected = env.mul(expected, s)?;
    }
    Ok(true)
}

/// Strides of `view(new_sizes)` on a tensor with `sizes`/`strides`, or
/// `None` when the view is impossible without a copy (ATen's
/// `computeStride`).
pub fn view_strides(
    env: &mut ShapeEnv,
    sizes: &[SymInt],
    strides: &[SymInt],
    new_sizes: &[SymInt],
    op: &str,
) -> Result<Option<Dims>> {
    let n = new_sizes.len();
    if sizes.is_empty() {
        return Ok(Some(SmallVec::from_elem(SymInt::Int(1), n)));
    }
    let numel = crate::shape::numel(env, sizes)?;
    let mut new_strides: Dims = SmallVec::from_elem(SymInt::Int(0), n);
    if crate::shape::guard_eq(env, numel, SymInt::Int(0), op)? {
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
            let prev_one = crate::shape::guard_eq(env, sizes[tensor_d - 1], SymInt::Int(1), op)?;
            let chunk = env.mul(tensor_numel, chunk_base_stride)?;
            !prev_one && !crate::shape::guard_eq(env, strides[tensor_d - 1], chunk, op)?
        };
        if boundary {
            while view_d >= 0 {
                let vs = new_sizes[view_d as usize];
                let lt = env.lt(view_numel, tensor_numel)?;
                let more =
                    env.guard_bool(lt, op)? || crate::shape::guard_eq(env, vs, SymInt::Int(1), op)?;
                if !more {
                    break;
                }
                new_strides[view_d as usize] = env.mul(view_numel, chunk_base_stride)?;
                view_numel = env.mul(view_numel, vs)?;
                view_d -= 1;
            }
            if !crate::shape::guard_eq(env, view_numel, tensor_numel, op)? {
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

/// An input of a pointwise operator, already broadcast to the output's
/// rank: its sizes and strides (a dim it broadcasts over has stride 0).
#[derive(Debug, Clone, Copy)]
pub struct Operand<'a> {
    /// Sizes of the input (right-aligned to the output's rank by the caller
    /// passing only the trailing dims; see [`pointwise`]).
    pub sizes: &'a [SymInt],
    /// Strides of the input.
    pub strides: &'a [SymInt],
}

/// Output strides of a pointwise operator over `inputs`, as ATen's
/// TensorIterator computes them: if every input is contiguous the output
/// is; if every input is channels-last the output is; if every input has
/// the output's shape and the same non-overlapping-and-dense strides the
/// output takes them; otherwise dims are sorted by the inputs' strides
/// (`reorder_dimensions`) and the output is dense in that order. Zero-dim
/// inputs take no part.
pub fn pointwise(
    env: &mut ShapeEnv,
    out_sizes: &[SymInt],
    inputs: &[Operand<'_>],
    op: &str,
) -> Result<Dims> {
    let ndim = out_sizes.len();
    if ndim == 0 {
        return Ok(Dims::new());
    }
    let inputs: SmallVec<[Operand<'_>; 4]> = inputs
        .iter()
        .copied()
        .filter(|o| !o.sizes.is_empty())
        .collect();
    if inputs.is_empty() {
        return contiguous(env, out_sizes);
    }
    // fast_set_up: all contiguous, all channels-last.
    let mut all_contiguous = true;
    for o in &inputs {
        if !is_contiguous(env, o.sizes, o.strides, op)? {
            all_contiguous = false;
            break;
        }
    }
    if all_contiguous {
        return contiguous(env, out_sizes);
    }
    let mut all_cl = true;
    for o in &inputs {
        if o.sizes.len() != ndim || !is_channels_last(env, o.sizes, o.strides, op)? {
            all_cl = false;
            break;
        }
    }
    if all_cl {
        return channels_last(env, out_sizes);
    }
    // Stride of input `o` in output dim `d` (0 where it broadcasts).
    let stride_in = |env: &mut ShapeEnv, o: &Operand<'_>, d: usize| -> Result<SymInt> {
        let offset = ndim - o.sizes.len();
        if d < offset {
            return Ok(SymInt::Int(0));
        }
        let (s, st) = (o.sizes[d - offset], o.strides[d - offset]);
        if crate::shape::guard_eq(env, s, SymInt::Int(1), op)?
            && !crate::shape::guard_eq(env, out_sizes[d], SymInt::Int(1), op)?
        {
            Ok(SymInt::Int(0))
        } else {
            Ok(st)
        }
    };
    let should_swap = |env: &mut ShapeEnv, d0: usize, d1: usize| -> Result<i32> {
        for o in &inputs {
            let s0 = stride_in(env, o, d0)?;
            let s1 = stride_in(env, o, d1)?;
            if crate::shape::guard_eq(env, s0, SymInt::Int(0), op)?
                || crate::shape::guard_eq(env, s1, SymInt::Int(0), op)?
            {
                continue;
            }
            let lt = env.lt(s0, s1)?;
            if env.guard_bool(lt, op)? {
                return Ok(-1);
            }
            let gt = env.gt(s0, s1)?;
            if env.guard_bool(gt, op)? {
                return Ok(1);
            }
            let bigger = env.gt(out_sizes[d0], out_sizes[d1])?;
            if env.guard_bool(bigger, op)? {
                return Ok(1);
            }
        }
        Ok(0)
    };
    // perm[0] is the fastest-moving dim, as in TensorIterator.
    let mut perm: SmallVec<[usize; 6]> = (0..ndim).rev().collect();
    for i in 1..ndim {
        let mut dim1 = i;
        for dim0 in (0..i).rev() {
            let c = should_swap(env, perm[dim0], perm[dim1])?;
            if c > 0 {
                perm.swap(dim0, dim1);
                dim1 = dim0;
            } else if c < 0 {
                break;
            }
        }
    }
    // Dense strides in that order: the fastest dim has stride 1.
    let physical: SmallVec<[usize; 6]> = perm.iter().rev().copied().collect();
    with_physical_order(env, out_sizes, &physical)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn ints(v: &[i64]) -> Dims {
        v.iter().map(|&x| SymInt::Int(x)).collect()
    }

    #[test]
    fn contiguous_and_views() {
        let mut env = ShapeEnv::new();
        assert_eq!(
            contiguous(&mut env, &ints(&[2, 3, 4])).unwrap(),
            ints(&[12, 4, 1])
        );
        assert_eq!(
            contiguous(&mut env, &ints(&[2, 0, 4])).unwrap(),
            ints(&[4, 4, 1])
        );
        assert_eq!(
            channels_last(&mut env, &ints(&[2, 3, 4, 5])).unwrap(),
            ints(&[60, 1, 15, 3])
        );
        // A transposed [3, 4] tensor (strides [1, 3]) cannot be flattened.
        let v = view_strides(
            &mut env,
            &ints(&[3, 4]),
            &ints(&[1, 3]),
            &ints(&[12]),
            "view",
        )
        .unwrap();
        assert_eq!(v, None);
        let v = view_strides(
            &mut env,
            &ints(&[2, 3, 4]),
            &ints(&[12, 4, 1]),
            &ints(&[6, 4]),
            "view",
        )
        .unwrap();
        assert_eq!(v, Some(ints(&[4, 1])));
    }
}
