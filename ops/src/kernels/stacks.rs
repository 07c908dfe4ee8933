//! `stack`, `hstack`, `vstack`, `dstack` and `column_stack`: `cat` of the
//! inputs (`stack`: along an existing dim then viewed with the new one,
//! or of unsqueezed inputs for a new last dim; the others: made
//! `atleast_1d` / `_2d` / `_3d` views, `column_stack`'s vectors as
//! columns), along the dim the composite picks from the first input's
//! rank. `cat`'s memory format decides the layout, and the dim depends on
//! a rank, so hand-written over the generated `cat`.

use super::einsum::fresh_result;
use super::itself::atleast_view;
use super::loss_steps::{call, view};
use fake_runtime::strides::Decide;
use fake_runtime::support::args;
use fake_runtime::{Arg, Cx, Outs, Result, SymInt, TensorMeta};

/// `stack(Tensor[] tensors, int dim=0) -> Tensor` as `torch._refs.stack`,
/// which FakeTensorMode runs as the meta kernel: inputs of one shape, then
/// for a dim before the last `cat` along it viewed with the count
/// inserted (a channels-last `cat` keeps its layout), else `cat` of the
/// inputs unsqueezed at the new last dim. With static sizes the reference
/// runs as the meta kernel, on meta tensors, so its view is ATen's
/// (`computeStride`, which strides size-1 dims as their chunk); with
/// symbolic ones FakeTensorMode runs it on fake tensors, whose view is
/// `_reshape_view_helper`'s.
pub(crate) fn stack(cx: &mut Cx<'_>, a: &[Arg<'_>]) -> Result<Outs> {
    stack_of(cx, a)
}

/// `_stack(Tensor[] tensors, int dim=0) -> Tensor`: ATen's CPU kernel,
/// which has no meta kernel: the fake mode runs it on zeros, every size
/// read as an integer (fixed at its hint); `stack`'s sizes and dtype,
/// contiguous.
pub(crate) fn stack_kernel(cx: &mut Cx<'_>, a: &[Arg<'_>]) -> Result<Outs> {
    let tensors = args::tensors(cx, a, 0, "tensors")?;
    let fixed = tensors
        .iter()
        .map(|t| super::aten_composites::specialized(cx, t))
        .collect::<Result<Vec<TensorMeta>>>()?;
    let dim = args::int(cx, a, 1, "dim", Some(0))?;
    let call_args = [
        Arg::Tensors(fixed.iter().collect()),
        Arg::Int(SymInt::Int(dim)),
    ];
    let outs = stack_of(cx, &call_args)?;
    super::contiguous_copies(cx, outs)
}

/// `stack`'s result for `a`.
fn stack_of(cx: &mut Cx<'_>, a: &[Arg<'_>]) -> Result<Outs> {
    let tensors = args::tensors(cx, a, 0, "tensors")?;
    let dim = args::int(cx, a, 1, "dim", Some(0))?;
    let sizes = crate::intrinsics::stack_sizes(cx, tensors, dim)?;
    let rank = tensors.first().map_or(0, |t| t.dim());
    let d = fake_runtime::shape::wrap_dim(cx.op, dim, rank + 1)?;
    let d_arg = || Arg::Int(SymInt::Int(d as i64));
    let stacked = if d < rank {
        let converted = converted(cx, tensors.iter().copied())?;
        let list = converted.iter().collect();
        let catted = call(cx, crate::erased::cat, &[Arg::Tensors(list), d_arg()])?;
        if !tensors.iter().all(|t| t.is_static()) {
            return Ok(fresh_result(view(cx, &catted, sizes)?));
        }
        let strides = fake_runtime::strides::view_strides(
            cx.env,
            &catted.sizes,
            &catted.strides,
            &sizes,
            cx.op,
            Decide::Guard,
        )?
        .ok_or_else(|| super::invalid(cx, "a cat result that cannot be viewed"))?;
        TensorMeta {
            sizes,
            strides,
            ..catted
        }
    } else {
        let mut unsqueezed = Vec::with_capacity(tensors.len());
        for t in tensors {
            unsqueezed.push(call(
                cx,
                crate::erased::unsqueeze,
                &[Arg::Tensor(t), d_arg()],
            )?);
        }
        let converted = converted(cx, unsqueezed.iter())?;
        let refs = converted.iter().collect();
        call(cx, crate::erased::cat, &[Arg::Tensors(refs), d_arg()])?
    };
    Ok(fresh_result(stacked))
}

/// The tensors `torch._refs.cat` is given, as its type promotion hands
/// them on: one whose dtype is not the result's is converted by
/// `a.to(dtype)`, which `stack`'s reference runs on its fake inputs as
/// meta tensors in a plain fake mode, so ATen's `_to_copy` reads every
/// size as an integer (last dim first): the converted tensor's sizes are
/// fixed at their hints, a guard each; under the Python dispatcher the
/// conversion is `convert_element_type`'s, sizes kept, a dense layout
/// kept and another laid out afresh. A tensor of the result's dtype is
/// handed on as it is.
fn converted<'t>(
    cx: &mut Cx<'_>,
    tensors: impl Iterator<Item = &'t TensorMeta>,
) -> Result<Vec<TensorMeta>> {
    let refs: Vec<&TensorMeta> = tensors.collect();
    let dtype = crate::intrinsics::result_type_list(cx, &refs)?;
    let mut out = Vec::with_capacity(refs.len());
    for t in refs {
        if t.dtype == dtype {
            out.push(t.clone());
            continue;
        }
        if cx.defaults.python_dispatcher {
            let laid = fake_runtime::support::converted(cx, t, dtype)?;
            out.push(TensorMeta {
                dtype,
                ..laid.unwrap_or_else(|| t.clone())
            });
            continue;
        }
        out.push(fake_runtime::support::specialized_sizes(cx, t)?);
    }
    Ok(out)
}

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
