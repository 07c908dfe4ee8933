//! The pointwise fast path: output metadata of an elementwise operator
//! (broadcast sizes, TensorIterator output strides, the common device) in
//! one call. When every input is static the whole computation is done on
//! `i64`s and never touches the ShapeEnv.

use crate::error::Result;
use crate::kernel::Cx;
use crate::meta::TensorMeta;
use crate::shape::Dims;
use crate::strides::Operand;
use crate::sym::SymInt;
use crate::{DType, Layout};
use smallvec::SmallVec;

/// Output metadata of an elementwise operator over `inputs` with result
/// dtype `dtype`: sizes broadcast, strides as TensorIterator computes them,
/// on the common device.
pub fn output(cx: &mut Cx<'_>, inputs: &[&TensorMeta], dtype: DType) -> Result<TensorMeta> {
    let all_static = inputs.iter().all(|t| t.is_static());
    let (sizes, strides) = if all_static {
        match static_output(inputs) {
            Some(ss) => ss,
            // A static mismatch: let the general path name it.
            None => general(cx, inputs)?,
        }
    } else {
        general(cx, inputs)?
    };
    Ok(TensorMeta {
        sizes,
        strides,
        storage_offset: SymInt::Int(0),
        dtype,
        device: cx.device,
        layout: Layout::Strided,
        requires_grad: false,
    })
}

fn general(cx: &mut Cx<'_>, inputs: &[&TensorMeta]) -> Result<(Dims, Dims)> {
    let shapes: SmallVec<[&[SymInt]; 4]> = inputs.iter().map(|t| t.sizes.as_slice()).collect();
    let sizes = crate::shape::broadcast(cx.env, cx.op, &shapes)?;
    let ops: SmallVec<[Operand<'_>; 4]> = inputs
        .iter()
        .map(|t| Operand {
            sizes: &t.sizes,
            strides: &t.strides,
        })
        .collect();
    let strides = crate::strides::pointwise(cx.env, &sizes, &ops, cx.op)?;
    Ok((sizes, strides))
}

fn int(s: SymInt) -> i64 {
    s.as_int().unwrap_or(0)
}

/// The static path for contiguous inputs; `None` on a broadcast mismatch
/// or when an input is not contiguous (the general path handles both).
fn static_output(inputs: &[&TensorMeta]) -> Option<(Dims, Dims)> {
    let rank = inputs.iter().map(|t| t.dim()).max().unwrap_or(0);
    let mut sizes: SmallVec<[i64; 6]> = SmallVec::from_elem(1, rank);
    for t in inputs {
        let off = rank - t.dim();
        for (i, &s) in t.sizes.iter().enumerate() {
            let (s, cur) = (int(s), &mut sizes[off + i]);
            if s == *cur || s == 1 {
                continue;
            }
            if *cur == 1 {
                *cur = s;
            } else {
                return None;
            }
        }
    }
    let contiguous = |sizes: &[i64]| -> SmallVec<[i64; 6]> {
        let mut st: SmallVec<[i64; 6]> = SmallVec::from_elem(1, sizes.len());
        let mut acc = 1i64;
        for i in (0..sizes.len()).rev() {
            st[i] = acc;
            acc = acc.saturating_mul(sizes[i].max(1));
        }
        st
    };
    let is_contiguous = |t: &TensorMeta| -> bool {
        let mut expected = 1i64;
        for i in (0..t.dim()).rev() {
            let s = int(t.sizes[i]);
            if s == 0 {
                return true;
            }
            if s == 1 {
                continue;
            }
            if int(t.strides[i]) != expected {
                return false;
            }
            expected = expected.saturating_mul(s);
        }
        true
    };
    let to_sym = |v: &[i64]| -> Dims { v.iter().map(|&x| SymInt::Int(x)).collect() };
    let dense: SmallVec<[&&TensorMeta; 4]> = inputs.iter().filter(|t| t.dim() > 0).collect();
    if dense.iter().all(|t| is_contiguous(t)) {
        return Some((to_sym(&sizes), to_sym(&contiguous(&sizes))));
    }
    // Anything else (channels-last, permuted inputs) takes the general
    // path's TensorIterator ordering, which is exact on static sizes too.
    None
}
