//! The `_foreach_` operators whose elements are not one operator's call
//! (the others are derived by `@foreach` in `foreach.rules`), each result
//! on its element's device (`@multi_device`: the lists' devices are
//! free):
//!
//! - `_foreach_max`: ATen's kernel checks the lists, refuses an empty
//!   element ("max over zero elements is undefined"; its `numel()` refuses
//!   symbolic sizes) and takes each element's `max()`.
//! - `_foreach_powsum.Scalar`: the lists checked, each element's
//!   `linalg._powsum` over every dim.
//! - `_foreach_norm.Scalar`: the fake mode runs its Python meta
//!   (`meta_foreach_norm`), which checks no list: each element a zero-dim
//!   tensor of `dtype` (or the element's, complex made real), an empty
//!   element refused for the infinity norm.

use super::invalid;
use fake_runtime::support::{args, foreach_element, foreach_len};
use fake_runtime::{Alias, Arg, Cx, Out, Outs, Result, Scalar, SymInt, TensorMeta};

/// `_foreach_max(Tensor[] self) -> Tensor[]`.
pub(crate) fn foreach_max(cx: &mut Cx<'_>, a: &[Arg<'_>]) -> Result<Outs> {
    foreach_len(cx, a, 1)?;
    let tensors = args::tensors(cx, a, 0, "self")?;
    let mut results = Vec::with_capacity(tensors.len());
    for &t in tensors {
        let mut numel = 1i64;
        for s in &t.sizes {
            let Some(n) = s.as_int() else {
                return Err(invalid(
                    cx,
                    "Cannot call numel() on tensor with symbolic sizes/strides",
                ));
            };
            numel = numel.saturating_mul(n);
        }
        if numel == 0 {
            return Err(invalid(
                cx,
                "_foreach_max cannot compute the maximum of an empty tensor; max over zero elements is undefined.",
            ));
        }
        let m = foreach_element(cx, t.device, crate::erased::max, &[Arg::Tensor(t)])?;
        results.push((m, Alias::Fresh));
    }
    let mut outs = Outs::new();
    outs.push(Out::Tensors(results));
    Ok(outs)
}

/// `_foreach_powsum.Scalar(Tensor[] self, Scalar ord=2, ScalarType?
/// dtype=None) -> Tensor[]`: the lists checked, then each element's
/// `linalg._powsum` over every dim.
pub(crate) fn foreach_powsum(cx: &mut Cx<'_>, a: &[Arg<'_>]) -> Result<Outs> {
    foreach_len(cx, a, 1)?;
    let tensors = args::tensors(cx, a, 0, "self")?;
    let ord = a.get(1).cloned().unwrap_or(Arg::None);
    let dtype = a.get(2).cloned().unwrap_or(Arg::None);
    let mut results = Vec::with_capacity(tensors.len());
    for &t in tensors {
        let call = [
            Arg::Tensor(t),
            ord.clone(),
            Arg::None,
            Arg::None,
            dtype.clone(),
        ];
        let m = foreach_element(cx, t.device, crate::erased::linalg__powsum, &call)?;
        results.push((m, Alias::Fresh));
    }
    let mut outs = Outs::new();
    outs.push(Out::Tensors(results));
    Ok(outs)
}

/// `_foreach_norm.Scalar(Tensor[] self, Scalar ord=2, ScalarType?
/// dtype=None) -> Tensor[]`.
pub(crate) fn foreach_norm(cx: &mut Cx<'_>, a: &[Arg<'_>]) -> Result<Outs> {
    let tensors = args::tensors(cx, a, 0, "self")?;
    let ord = args::scalar(cx, a, 1, "ord", Some(Scalar::Int(SymInt::Int(2))))?;
    let dtype = args::opt_dtype(cx, a, 2, "dtype", None)?;
    let infinite = match ord {
        Scalar::Float(f) => f.as_f64().is_some_and(|v| v == f64::INFINITY),
        _ => false,
    };
    let mut results = Vec::with_capacity(tensors.len());
    for &t in tensors {
        if infinite {
            let numel = t.numel(cx.env)?;
            let nonempty = cx.env.gt(numel, SymInt::Int(0))?;
            fake_runtime::support::require(
                cx,
                nonempty,
                "_foreach_norm cannot compute infinity norm on empty tensor",
            )?;
        }
        let dtype = dtype.unwrap_or(t.dtype);
        let dtype = if dtype.is_complex() {
            dtype.to_real()
        } else {
            dtype
        };
        let m = TensorMeta::contiguous(cx.env, &[], dtype, t.device)?;
        results.push((m, Alias::Fresh));
    }
    let mut outs = Outs::new();
    outs.push(Out::Tensors(results));
    Ok(outs)
}
