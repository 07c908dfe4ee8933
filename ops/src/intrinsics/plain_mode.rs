//! What a plain fake mode refuses where the Python dispatcher (as export
//! traces) allows it: a Python meta kernel's `expand` of a tensor to
//! symbolic sizes reaches ATen's C++ `expand`, which takes plain sizes;
//! a C++ kernel's check its Python implementation does not make.

use super::*;
use fake_runtime::support::{refuse_plain_broadcast, refuse_plain_expand_call};

/// `meta_expand(s, size)`: `expand(s, size)` as a Python meta's
/// `x.expand(size)` (`meta_addbmm`), refused in a plain fake mode when
/// `size` holds a symbol (before `expand` checks anything: the dispatcher
/// converts the sizes first).
pub fn meta_expand(cx: &mut Cx<'_>, s: Dims, size: Dims) -> Result<Dims> {
    refuse_plain_expand_call(cx, &s, &size, false)?;
    shape::expand(cx.env, cx.op, &s, &size)
}

/// `meta_expand_unless_equal(s, size)`: [`meta_expand`] skipped when `s`
/// equals `size` (`meta_baddbmm`'s `guard_or_true(not sym_eq(...))`, a
/// guard of the whole comparison).
pub fn meta_expand_unless_equal(cx: &mut Cx<'_>, s: Dims, size: Dims) -> Result<Dims> {
    refuse_plain_expand_call(cx, &s, &size, true)?;
    shape::expand(cx.env, cx.op, &s, &size)
}

/// `ref_number_expand(t)`: a reference's `where` of `t` against a number
/// run on meta tensors (`Defaults::refs_as_meta`: `_foreach_clamp_min`'s
/// per-tensor `clamp_min`), whose number, a zero-dim tensor, is expanded
/// to `t`'s sizes: refused in a plain fake mode when they hold a symbol.
pub fn ref_number_expand(cx: &mut Cx<'_>, t: &TensorMeta) -> Result<bool> {
    if cx.defaults.refs_as_meta {
        fake_runtime::support::refuse_plain_expand(cx, &[], &t.sizes)?;
    }
    Ok(true)
}

/// `meta_broadcast(a, b)`: the broadcast sizes of `a` and `b` as a Python
/// meta's `_maybe_broadcast` reaches them, each side expanded (refused in
/// a plain fake mode when that expands to symbolic sizes).
pub fn meta_broadcast(cx: &mut Cx<'_>, a: Dims, b: Dims) -> Result<Dims> {
    let common = shape::broadcast(cx.env, cx.op, &[&a, &b])?;
    refuse_plain_broadcast(cx, &[&a, &b], &common)?;
    Ok(common)
}

/// `meta_broadcast_indices(indices)`: the given indices broadcast to one
/// shape as `meta_index_Tensor`'s `_maybe_broadcast` does when the fake
/// mode runs it as a kernel (`_unsafe_index`; `index` has a fake
/// implementation of its own, which broadcasts on fake tensors): refused
/// in a plain fake mode when that expands one to symbolic sizes. Always
/// true otherwise.
pub fn meta_broadcast_indices(cx: &mut Cx<'_>, indices: &[Option<&TensorMeta>]) -> Result<bool> {
    let shapes: Vec<&[SymInt]> = indices
        .iter()
        .flatten()
        .map(|t| t.sizes.as_slice())
        .collect();
    if cx.defaults.python_dispatcher || shapes.len() < 2 {
        return Ok(true);
    }
    let common = shape::broadcast(cx.env, cx.op, &shapes)?;
    refuse_plain_broadcast(cx, &shapes, &common)?;
    Ok(true)
}

/// `meta_permute_indexed(self, indices)`: `meta_index_Tensor`'s
/// `self.permute(dims)` when the indices are not adjacent (they move to
/// the front). When the fake mode runs that meta as a kernel
/// (`_unsafe_index`) in a plain fake mode, the permute is ATen's C++
/// one, which reads `self`'s sizes as integers: each symbolic size is
/// fixed at its hint (`guard_int`, in dim order). Under the Python
/// dispatcher it is the reference's, which fixes nothing. Always true.
pub fn meta_permute_indexed(
    cx: &mut Cx<'_>,
    t: &TensorMeta,
    indices: &[Option<&TensorMeta>],
) -> Result<bool> {
    if cx.defaults.python_dispatcher || t.is_static() {
        return Ok(true);
    }
    // `hasContiguousSubspace`: the given indices form one run.
    let given: SmallVec<[usize; 6]> = (0..indices.len())
        .filter(|&i| indices[i].is_some())
        .collect();
    let adjacent = match (given.first(), given.last()) {
        (Some(&f), Some(&l)) => l - f + 1 == given.len(),
        _ => true,
    };
    if !adjacent {
        for &d in &t.sizes {
            cx.env.guard_int(d, cx.op)?;
        }
    }
    Ok(true)
}

/// `python_implementation()`: whether the operator runs its Python
/// implementation (under the Python dispatcher, as export traces) rather
/// than ATen's C++ kernel, for the checks only one of them makes.
pub fn python_implementation(cx: &mut Cx<'_>) -> Result<bool> {
    Ok(cx.defaults.python_dispatcher)
}
