//! Writes into a tensor whose elements overlap in memory (an expanded
//! tensor), refused where PyTorch's fake mode refuses them. Two checks
//! with two wordings: ATen's `assert_no_internal_overlap` in a C++
//! kernel (TensorIterator's outputs, `scatter`'s and `index_reduce`'s
//! out), and `copy_`'s Python meta (`meta_copy_`), which the references
//! and decompositions that write through `copy_` (`out_wrapper`'s
//! `_safe_copy_out`, `_make_inplace`, `register_inplace`) reach under the
//! Python dispatcher; in a plain fake mode (on fake or meta tensors)
//! their `copy_` is ATen's meta kernel, which does not check.

use super::*;
use crate::strides::{MemOverlap, internal_overlap};

/// Which check refuses a write into a tensor that overlaps itself.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum OverlapCheck {
    /// ATen's `assert_no_internal_overlap` in a C++ kernel.
    Kernel,
    /// `copy_`'s Python meta (`meta_copy_`): not asked of a tensor with
    /// an unbacked size, stride or offset.
    Copy,
}

/// Refuse writing into `target` when it overlaps itself
/// ([`internal_overlap`] is `Yes`), in the words of `check`.
pub fn refuse_overlapping_write(
    cx: &mut Cx<'_>,
    target: &TensorMeta,
    check: OverlapCheck,
) -> Result<()> {
    if check == OverlapCheck::Copy && has_unbacked(cx, target)? {
        return Ok(());
    }
    if internal_overlap(cx.env, &target.sizes, &target.strides, cx.op)? != MemOverlap::Yes {
        return Ok(());
    }
    Err(invalid(
        cx,
        match check {
            OverlapCheck::Kernel => {
                "unsupported operation: more than one element of the written-to tensor refers to a single memory location. Please clone() the tensor before performing the operation."
            }
            OverlapCheck::Copy => {
                "more than one element of the written-to tensor refers to a single memory location"
            }
        }
        .into(),
    ))
}

/// A Python reference or decomposition copying its result into `target`
/// (`copy_`): refused when `target` overlaps itself and the copy runs
/// `copy_`'s Python meta, under the Python dispatcher.
pub fn copied_into(cx: &mut Cx<'_>, target: &TensorMeta) -> Result<()> {
    if cx.defaults.python_dispatcher {
        refuse_overlapping_write(cx, target, OverlapCheck::Copy)?;
    }
    Ok(())
}

/// Whether a size, stride or the offset of `t` names an unbacked symbol
/// (`free_unbacked_symbols`).
fn has_unbacked(cx: &mut Cx<'_>, t: &TensorMeta) -> Result<bool> {
    for &v in t
        .sizes
        .iter()
        .chain(&t.strides)
        .chain(std::iter::once(&t.storage_offset))
    {
        if cx.env.size_hint(v)?.is_none() {
            return Ok(true);
        }
    }
    Ok(false)
}
