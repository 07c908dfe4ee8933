//! `view`, `_unsafe_view`, `view_as` and `unflatten.int`: the sizes and
//! strides of the fake `view` (`fake-runtime`'s `view.rs`), computed once
//! for both, which two rule intrinsics could not share.

use crate::intrinsics;
use fake_runtime::shape::Dims;
use fake_runtime::support::args;
use fake_runtime::{Alias, Arg, Cx, Out, Outs, Result, SymInt, TensorMeta};

/// The sizes and strides of `t` viewed as `requested` (one `-1` inferred):
/// on symbolic sizes or strides remembered in the ShapeEnv, keyed by
/// everything it reads (`remembered_geometry`), since the element count,
/// the inferred size and the view's steps each decide relations.
pub(super) fn geometry(cx: &mut Cx<'_>, t: &TensorMeta, requested: Dims) -> Result<(Dims, Dims)> {
    if [&t.sizes, &t.strides, &requested]
        .iter()
        .all(|l| l.iter().all(|v| v.is_static()))
    {
        return computed(cx, t, requested);
    }
    let tag = super::Remembered::View as i64;
    let lists: [&[SymInt]; 1] = [&requested];
    fake_runtime::support::remembered_geometry(cx, tag, &[t], &lists, |cx| {
        computed(cx, t, requested.clone())
    })
}

/// [`geometry`], computed.
#[inline(always)]
fn computed(cx: &mut Cx<'_>, t: &TensorMeta, requested: Dims) -> Result<(Dims, Dims)> {
    let numel = t.numel(cx.env)?;
    let shape = intrinsics::infer_view(cx, numel, requested)?;
    intrinsics::view_geometry(cx, t, &shape)
}

/// `t` viewed as `requested`: a view of `t`.
pub(super) fn view_of(cx: &mut Cx<'_>, t: &TensorMeta, requested: Dims) -> Result<Outs> {
    let (sizes, strides) = geometry(cx, t, requested)?;
    Ok(super::view_out(t, sizes, strides))
}

/// `view(Tensor(a) self, SymInt[] size) -> Tensor(a)`.
pub(crate) fn view(cx: &mut Cx<'_>, a: &[Arg<'_>]) -> Result<Outs> {
    let t = args::tensor(cx, a, 0, "self")?;
    let requested = args::sizes(cx, a, 1, "size", None)?;
    view_of(cx, t, requested)
}

/// `view_as(Tensor(a) self, Tensor other) -> Tensor(a)`.
pub(crate) fn view_as(cx: &mut Cx<'_>, a: &[Arg<'_>]) -> Result<Outs> {
    let t = args::tensor(cx, a, 0, "self")?;
    let other = args::tensor(cx, a, 1, "other")?;
    view_of(cx, t, other.sizes.clone())
}

/// `unflatten.int(Tensor(a) self, int dim, SymInt[] sizes) -> Tensor(a)`:
/// dim `dim` split into `sizes` (one `-1` inferred), then a view.
pub(crate) fn unflatten_int(cx: &mut Cx<'_>, a: &[Arg<'_>]) -> Result<Outs> {
    let t = args::tensor(cx, a, 0, "self")?;
    let dim = args::int(cx, a, 1, "dim", None)?;
    let sizes = args::sizes(cx, a, 2, "sizes", None)?;
    if sizes.is_empty() {
        return Err(super::invalid(cx, "unflatten: sizes must be non-empty"));
    }
    let shape = intrinsics::unflatten(cx, t.sizes.clone(), dim, sizes)?;
    view_of(cx, t, shape)
}

/// `_unsafe_view(Tensor self, SymInt[] size) -> Tensor`: the view, on
/// `self`'s storage. Its schema has no alias annotation (autograd does not
/// record it as a view), but its kernel is `view`'s, and FakeTensorMode
/// (its dispatch cache too) gives the output `self`'s storage.
pub(crate) fn unsafe_view(cx: &mut Cx<'_>, a: &[Arg<'_>]) -> Result<Outs> {
    let t = args::tensor(cx, a, 0, "self")?;
    let requested = args::sizes(cx, a, 1, "size", None)?;
    view_of(cx, t, requested)
}

/// `broadcast_tensors(Tensor[] tensors) -> Tensor[]`: each tensor expanded
/// to the broadcast of all, keeping its dtype and offset; the schema
/// declares no alias, so the outputs are new tensors to the caller
/// (their dtypes differ per element, which a rule's one `dtype` cannot
/// say).
pub(crate) fn broadcast_tensors(cx: &mut Cx<'_>, a: &[Arg<'_>]) -> Result<Outs> {
    let tensors = args::tensors(cx, a, 0, "tensors")?;
    let shape = intrinsics::broadcast_all(cx, tensors)?;
    let mut metas = Vec::with_capacity(tensors.len());
    for t in tensors {
        let strides = intrinsics::expand_strides(cx, t, shape.clone())?;
        let meta = TensorMeta {
            sizes: shape.clone(),
            strides,
            requires_grad: false,
            wrapped_number: false,
            device: cx.device,
            ..(*t).clone()
        };
        metas.push((meta, Alias::Fresh));
    }
    let mut outs = Outs::new();
    outs.push(Out::Tensors(metas));
    Ok(outs)
}

/// `meshgrid.indexing(Tensor[] tensors, *, str indexing) -> Tensor[]` (and
/// `meshgrid`, `"ij"`): each zero- or one-dim tensor viewed along its own
/// dim and expanded to the grid of every length; `"xy"` swaps the first
/// two (ATen's `meshgrid`). The schema declares no alias.
pub(crate) fn meshgrid(cx: &mut Cx<'_>, a: &[Arg<'_>]) -> Result<Outs> {
    let tensors = args::tensors(cx, a, 0, "tensors")?;
    let indexing = match a.get(1) {
        Some(Arg::Str(s)) => *s,
        _ => "ij",
    };
    if tensors.is_empty() {
        return Err(super::invalid(
            cx,
            "meshgrid expects a non-empty TensorList",
        ));
    }
    // ATen's order: each neighbour pair's dtype, then its device, before
    // the indexing and the ranks.
    for pair in tensors.windows(2) {
        if pair[0].dtype != pair[1].dtype {
            return Err(super::invalid(
                cx,
                "meshgrid expects all tensors to have the same dtype",
            ));
        }
        if pair[0].device != pair[1].device {
            return Err(super::invalid(
                cx,
                "meshgrid expects all tensors to have the same device",
            ));
        }
    }
    if indexing != "ij" && indexing != "xy" {
        return Err(super::invalid(
            cx,
            format!(
                "torch.meshgrid: indexing must be one of \"xy\" or \"ij\", but received: {indexing}"
            ),
        ));
    }
    let mut order: Vec<&TensorMeta> = tensors.to_vec();
    let swap = indexing == "xy" && order.len() >= 2;
    if swap {
        order.swap(0, 1);
    }
    let mut shape = Dims::new();
    for t in &order {
        if t.dim() > 1 {
            return Err(super::invalid(
                cx,
                format!(
                    "torch.meshgrid: Expected 0D or 1D tensor in the tensor list but got: {}D",
                    t.dim()
                ),
            ));
        }
        shape.push(t.sizes.first().copied().unwrap_or(SymInt::Int(1)));
    }
    let mut grids = Vec::with_capacity(order.len());
    for (i, t) in order.iter().enumerate() {
        let mut view_shape = Dims::from_elem(SymInt::Int(1), shape.len());
        view_shape[i] = shape[i];
        let (sizes, strides) = intrinsics::view_geometry(cx, t, &view_shape)?;
        let viewed = TensorMeta {
            sizes,
            strides,
            ..(*t).clone()
        };
        let strides = intrinsics::expand_strides(cx, &viewed, shape.clone())?;
        let meta = TensorMeta {
            sizes: shape.clone(),
            strides,
            requires_grad: false,
            wrapped_number: false,
            device: cx.device,
            ..(*t).clone()
        };
        grids.push((meta, Alias::Fresh));
    }
    if swap {
        grids.swap(0, 1);
    }
    let mut outs = Outs::new();
    outs.push(Out::Tensors(grids));
    Ok(outs)
}

/// `view.dtype(Tensor(a) self, ScalarType dtype) -> Tensor(a)`: ATen's
/// `view_dtype`. The same dtype gives `self` itself (a view of it, as the
/// fake mode reports it); the same element
/// size, the same geometry; a smaller one (by `r`) multiplies the last
/// size, the other strides and the offset by `r` (the last stride must be
/// 1); a larger one divides them, each of them divisible by `r`.
pub(crate) fn view_dtype(cx: &mut Cx<'_>, a: &[Arg<'_>]) -> Result<Outs> {
    let t = args::tensor(cx, a, 0, "self")?;
    let dtype = args::opt_dtype(cx, a, 1, "dtype", None)?;
    let dtype = args::required(cx, 1, "dtype", dtype)?;
    if t.dtype == dtype {
        return Ok(super::view_out(t, t.sizes.clone(), t.strides.clone()));
    }
    let (old, new) = (t.dtype.itemsize(), dtype.itemsize());
    let names = format!(
        "{} as {} (different element sizes)",
        t.dtype.c10_name(),
        dtype.c10_name()
    );
    let mut sizes = t.sizes.clone();
    let mut strides = t.strides.clone();
    let mut offset = t.storage_offset;
    if old != new {
        let Some(last) = t.dim().checked_sub(1) else {
            return Err(super::invalid(
                cx,
                format!("self.dim() cannot be 0 to view {names}"),
            ));
        };
        let ratio = SymInt::Int((old.max(new) / old.min(new)) as i64);
        if old < new {
            must_divide(cx, t.sizes[last], ratio, "self.size(-1)", &names)?;
            must_divide(cx, t.storage_offset, ratio, "self.storage_offset()", &names)?;
        }
        if !fake_runtime::shape::guard_eq(cx.env, t.strides[last], SymInt::Int(1), cx.op)? {
            let got = cx.env.display(t.strides[last]);
            return Err(super::invalid(
                cx,
                format!("self.stride(-1) must be 1 to view {names}, but got {got}"),
            ));
        }
        for d in 0..last {
            strides[d] = if old > new {
                cx.env.mul(strides[d], ratio)?
            } else {
                must_divide(cx, strides[d], ratio, &format!("self.stride({d})"), &names)?;
                cx.env.floordiv(strides[d], ratio)?
            };
        }
        if old > new {
            sizes[last] = cx.env.mul(sizes[last], ratio)?;
            offset = cx.env.mul(ratio, offset)?;
        } else {
            sizes[last] = cx.env.floordiv(sizes[last], ratio)?;
            offset = cx.env.floordiv(offset, ratio)?;
        }
    }
    let mut outs = Outs::new();
    outs.push(Out::Tensor(
        TensorMeta {
            sizes,
            strides,
            storage_offset: offset,
            dtype,
            requires_grad: false,
            wrapped_number: false,
            ..t.clone()
        },
        Alias::ViewOf(0),
    ));
    Ok(outs)
}

/// `view_dtype`'s check that `what` (`v`) is a multiple of `ratio`.
fn must_divide(cx: &mut Cx<'_>, v: SymInt, ratio: SymInt, what: &str, names: &str) -> Result<()> {
    let rem = cx.env.modulo(v, ratio)?;
    let zero = cx.env.eq(rem, SymInt::Int(0))?;
    if cx.env.guard_bool(zero, cx.op)? {
        return Ok(());
    }
    let r = cx.env.display(ratio);
    let got = cx.env.display(v);
    Err(super::invalid(
        cx,
        format!("{what} must be divisible by {r} to view {names}, but got {got}"),
    ))
}
