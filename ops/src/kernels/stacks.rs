//! `hstack`, `vstack`, `dstack` and `column_stack`: `cat` of the inputs
//! made `atleast_1d` / `_2d` / `_3d` views (`column_stack`: vectors as
//! columns), along the dim the composite picks from the first input's
//! rank. The views' strides decide `cat`'s layout, and the dim depends on
//! a rank, so hand-written over the generated `cat`.

use super::itself::atleast_view;
use fake_runtime::support::args;
use fake_runtime::{Arg, Cx, Outs, Result, SymInt, TensorMeta};

/// `cat` of `views` along `dim`.
fn cat_of(cx: &mut Cx<'_>, views: &[TensorMeta], dim: i64) -> Result<Outs> {
    let refs = views.iter().collect();
    crate::erased::cat(cx, &[Arg::Tensors(refs), Arg::Int(SymInt::Int(dim))])
}

/// Every input as an at-least-`n`-dim view.
fn views(cx: &mut Cx<'_>, a: &[Arg<'_>], n: usize) -> Result<Vec<TensorMeta>> {
    let tensors = args::tensors(cx, a, 0, "tensors")?;
    tensors.iter().map(|t| atleast_view(cx, t, n)).collect()
}

/// `hstack(Tensor[] tensors) -> Tensor`: `atleast_1d`, then `cat` along
/// dim 0 when the first is a vector, else dim 1.
pub(crate) fn hstack(cx: &mut Cx<'_>, a: &[Arg<'_>]) -> Result<Outs> {
    let v = views(cx, a, 1)?;
    let dim = if v.first().is_some_and(|t| t.dim() == 1) {
        0
    } else {
        1
    };
    cat_of(cx, &v, dim)
}

/// `vstack(Tensor[] tensors) -> Tensor`: `atleast_2d`, then `cat` along
/// dim 0.
pub(crate) fn vstack(cx: &mut Cx<'_>, a: &[Arg<'_>]) -> Result<Outs> {
    let v = views(cx, a, 2)?;
    cat_of(cx, &v, 0)
}

/// `dstack(Tensor[] tensors) -> Tensor`: `atleast_3d`, then `cat` along
/// dim 2.
pub(crate) fn dstack(cx: &mut Cx<'_>, a: &[Arg<'_>]) -> Result<Outs> {
    let v = views(cx, a, 3)?;
    cat_of(cx, &v, 2)
}

/// `column_stack(Tensor[] tensors) -> Tensor`: zero- and one-dim inputs
/// as `reshape(-1, 1)` columns, then `hstack`'s `cat` along dim 1.
pub(crate) fn column_stack(cx: &mut Cx<'_>, a: &[Arg<'_>]) -> Result<Outs> {
    let tensors = args::tensors(cx, a, 0, "tensors")?;
    let mut v = Vec::with_capacity(tensors.len());
    for t in tensors {
        if t.dim() <= 1 {
            let numel = t.numel(cx.env)?;
            let stride = t.strides.first().copied().unwrap_or(SymInt::Int(1));
            v.push(TensorMeta {
                sizes: [numel, SymInt::Int(1)].into_iter().collect(),
                strides: [stride, SymInt::Int(1)].into_iter().collect(),
                requires_grad: false,
                wrapped_number: false,
                ..(*t).clone()
            });
        } else {
            v.push((*t).clone());
        }
    }
    cat_of(cx, &v, 1)
}
