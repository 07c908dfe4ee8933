//! `reshape`, `reshape_as` and `flatten.using_ints`: C++ `reshape_symint`.
//! A contiguous `self` (`is_contiguous_or_false()`) is simply viewed
//! (`view_symint`, the fake `view`: Python's `infer_size` for a `-1` and
//! `_reshape_view_helper`); any other is a view when its strides allow
//! one, else a view of a contiguous copy, with its own storage and offset
//! 0 (`infer_size_dv`, then `computeStride` decides, then
//! `_reshape_alias` or `_unsafe_view(clone(contiguous))`). The aliasing
//! depends on the strides, so no rule (whose aliasing is fixed by the
//! schema) can say it.

use crate::intrinsics;
use fake_runtime::shape::Dims;
use fake_runtime::strides::{Decide, is_contiguous};
use fake_runtime::support::args;
use fake_runtime::{Alias, Arg, Cx, Out, Outs, Result, SymInt, TensorMeta};

/// `t` reshaped to `shape` (free of `-1`).
fn reshape_to(cx: &mut Cx<'_>, t: &TensorMeta, shape: Dims) -> Result<Outs> {
    let (sizes, strides, copy) = intrinsics::reshape_geometry(cx, t, &shape)?;
    let (storage_offset, alias) = if copy {
        (SymInt::Int(0), Alias::Fresh)
    } else {
        (t.storage_offset, Alias::ViewOf(0))
    };
    let mut outs = Outs::new();
    outs.push(Out::Tensor(
        TensorMeta {
            sizes,
            strides,
            storage_offset,
            dtype: t.dtype,
            device: t.device,
            layout: t.layout,
            requires_grad: t.requires_grad,
            wrapped_number: false,
        },
        alias,
    ));
    Ok(outs)
}

/// `reshape(Tensor(a) self, SymInt[] shape) -> Tensor(a)`.
pub(crate) fn reshape(cx: &mut Cx<'_>, a: &[Arg<'_>]) -> Result<Outs> {
    let t = args::tensor(cx, a, 0, "self")?;
    let requested = args::sizes(cx, a, 1, "shape", None)?;
    reshape_symint(cx, t, requested)
}

/// C++ `reshape_symint(self, proposed_shape)`: a contiguous `self`
/// (`is_contiguous_or_false()`, the tensor's own flag) is viewed as
/// `proposed_shape`; any other goes through [`reshape_strided`].
fn reshape_symint(cx: &mut Cx<'_>, t: &TensorMeta, requested: Dims) -> Result<Outs> {
    if contiguous_or_false(cx, t)? {
        return super::view::view_of(cx, t, requested);
    }
    reshape_strided(cx, t, &requested)
}

/// `t.is_contiguous_or_false()`: the tensor's own contiguity flag.
fn contiguous_or_false(cx: &mut Cx<'_>, t: &TensorMeta) -> Result<bool> {
    fake_runtime::strides::tensor_flag(
        cx.env,
        fake_runtime::strides::Flag::Contiguous,
        &t.sizes,
        &t.strides,
        cx.op,
    )
}

/// `reshape_symint` past its contiguous fast path: the sizes by ATen's
/// `infer_size_dv`, then [`reshape_to`].
fn reshape_strided(cx: &mut Cx<'_>, t: &TensorMeta, requested: &[SymInt]) -> Result<Outs> {
    let numel = t.numel(cx.env)?;
    let shape = fake_runtime::shape::infer_size_dv(cx.env, cx.op, numel, requested)?;
    reshape_to(cx, t, shape)
}

/// `flatten.using_ints(Tensor(a) self, int start_dim=0, int end_dim=-1)`:
/// `self` itself when one dim is "flattened" (ATen returns `self`), else
/// the reshape to the merged sizes.
pub(crate) fn flatten_using_ints(cx: &mut Cx<'_>, a: &[Arg<'_>]) -> Result<Outs> {
    let t = args::tensor(cx, a, 0, "self")?;
    let start = args::int(cx, a, 1, "start_dim", Some(0))?;
    let end = args::int(cx, a, 2, "end_dim", Some(-1))?;
    let shape = intrinsics::flatten(cx, t.sizes.clone(), start, end)?;
    if t.dim() > 0 && shape.len() == t.dim() {
        let mut outs = Outs::new();
        outs.push(Out::Tensor(t.clone(), Alias::Same(0)));
        return Ok(outs);
    }
    reshape_symint(cx, t, shape)
}

/// `reshape_as(Tensor(a) self, Tensor other) -> Tensor(a)`: `reshape`
/// with `other`'s sizes.
pub(crate) fn reshape_as(cx: &mut Cx<'_>, a: &[Arg<'_>]) -> Result<Outs> {
    let t = args::tensor(cx, a, 0, "self")?;
    let other = args::tensor(cx, a, 1, "other")?;
    reshape_symint(cx, t, other.sizes.clone())
}

/// `_reshape_alias_copy(Tensor self, SymInt[] size, SymInt[] stride)`,
/// torchgen's view-copy kernel: `_reshape_alias`, then a contiguous
/// clone. Under the Python dispatcher that `_reshape_alias` is
/// `torch._decomp`'s, the fake `view` to `size` (the strides ignored); in
/// a plain fake mode it is ATen's, which takes `size` and `stride` as
/// given (their counts equal, no size negative), unchecked against
/// `self`'s.
pub(crate) fn reshape_alias_copy(cx: &mut Cx<'_>, a: &[Arg<'_>]) -> Result<Outs> {
    let t = args::tensor(cx, a, 0, "self")?;
    let size = args::sizes(cx, a, 1, "size", None)?;
    if cx.defaults.python_dispatcher {
        let (sizes, _) = super::view::geometry(cx, t, size)?;
        return contiguous_result(cx, t, sizes);
    }
    let stride = args::sizes(cx, a, 2, "stride", None)?;
    intrinsics::sizes_match_strides(cx, size.clone(), stride)?;
    if size.iter().any(|s| matches!(s, SymInt::Int(v) if *v < 0)) {
        return Err(super::invalid(cx, "numel: integer multiplication overflow"));
    }
    contiguous_result(cx, t, size)
}

/// `view_copy(Tensor self, SymInt[] size) -> Tensor`, as
/// `fake_impls._view_meta_copy`: the fake `view` with `allow_copy=True`
/// (Python's `infer_size` for a `-1`; where no view exists, the copy's
/// sizes are the inferred ones), cloned contiguous.
pub(crate) fn view_copy(cx: &mut Cx<'_>, a: &[Arg<'_>]) -> Result<Outs> {
    let t = args::tensor(cx, a, 0, "self")?;
    let requested = args::sizes(cx, a, 1, "size", None)?;
    let numel = t.numel(cx.env)?;
    let shape = intrinsics::infer_view(cx, numel, requested)?;
    let sizes = match intrinsics::view_geometry_if_any(cx, t, &shape)? {
        Some((sizes, _)) => sizes,
        None => shape,
    };
    contiguous_result(cx, t, sizes)
}

/// A fresh contiguous tensor like `t` of `sizes`, the one result.
fn contiguous_result(cx: &mut Cx<'_>, t: &TensorMeta, sizes: Dims) -> Result<Outs> {
    let strides = fake_runtime::strides::contiguous(cx.env, &sizes)?;
    let mut outs = Outs::new();
    outs.push(Out::Tensor(
        super::fresh(cx, t, sizes, strides),
        Alias::Fresh,
    ));
    Ok(outs)
}

/// `view_copy.out(Tensor self, SymInt[] size, *, Tensor(a!) out)`: under
/// the Python dispatcher its reference (`view`, then the out wrapper);
/// else ATen's C++ `view_copy_symint`, run on meta tensors (no fake impl serves the
/// `out=` form, so its inner `view` or `reshape` is ATen's too): the
/// sizes `infer_size_dv` gives, `computeStride` asked whether a view
/// exists, the result contiguous and written into `out` (its dtype
/// exactly the result's).
pub(crate) fn view_copy_out(cx: &mut Cx<'_>, a: &[Arg<'_>]) -> Result<Outs> {
    // Under the dispatcher the reference, `out_wrapper()(aten.view)`: the
    // fake `view` (refused where none exists), written into `out`.
    let functional: fake_runtime::kernel::ErasedKernel = if cx.defaults.python_dispatcher {
        super::view
    } else {
        view_copy_strided
    };
    let form = fake_runtime::support::OutForm::EXACT_COPY;
    fake_runtime::support::out_variant(cx, a, 2, 1, form, functional)
}

/// [`view_copy_out`]'s functional result.
fn view_copy_strided(cx: &mut Cx<'_>, a: &[Arg<'_>]) -> Result<Outs> {
    let t = args::tensor(cx, a, 0, "self")?;
    let requested = args::sizes(cx, a, 1, "size", None)?;
    let numel = t.numel(cx.env)?;
    let shape = fake_runtime::shape::infer_size_dv(cx.env, cx.op, numel, &requested)?;
    fake_runtime::strides::view_strides(
        cx.env,
        &t.sizes,
        &t.strides,
        &shape,
        cx.op,
        Decide::Guard,
    )?;
    contiguous_result(cx, t, shape)
}

/// `_reshape_copy(Tensor self, SymInt[] size) -> Tensor`, as
/// `fake_impls._reshape_copy`: the fake `view` of `self` cloned contiguous
/// when `self` is contiguous, else the view of its contiguous clone
/// (Python's `infer_size` for a `-1` either way).
pub(crate) fn reshape_copy(cx: &mut Cx<'_>, a: &[Arg<'_>]) -> Result<Outs> {
    let t = args::tensor(cx, a, 0, "self")?;
    let requested = args::sizes(cx, a, 1, "size", None)?;
    if contiguous_or_false(cx, t)? {
        let outs = super::view::view_of(cx, t, requested)?;
        return super::contiguous_copies(cx, outs);
    }
    let clone = TensorMeta {
        strides: fake_runtime::strides::contiguous(cx.env, &t.sizes)?,
        storage_offset: SymInt::Int(0),
        ..t.clone()
    };
    let outs = super::view::view_of(cx, &clone, requested)?;
    Ok(outs
        .into_iter()
        .map(|o| match o {
            Out::Tensor(v, _) => Out::Tensor(v, Alias::Fresh),
            other => other,
        })
        .collect())
}

/// `view_copy.dtype(Tensor self, ScalarType dtype) -> Tensor`: `view.dtype`'s
/// geometry (and refusals), cloned contiguous by ATen's composite, whose
/// `clone` asks whether the view is contiguous (a guard on symbolic sizes).
pub(crate) fn view_copy_dtype(cx: &mut Cx<'_>, a: &[Arg<'_>]) -> Result<Outs> {
    let outs = super::view_dtype(cx, a)?;
    // Under the Python dispatcher its reference clones in Python, asking
    // nothing.
    if !cx.defaults.python_dispatcher {
        for o in &outs {
            if let Out::Tensor(t, _) = o {
                is_contiguous(cx.env, &t.sizes, &t.strides, cx.op, Decide::Guard)?;
            }
        }
    }
    super::contiguous_copies(cx, outs)
}

/// `ravel(Tensor(a) self) -> Tensor(a)`: ATen's `contiguous().view(-1)`:
/// a view of a contiguous `self` (tested as `contiguous` tests it), else
/// of its contiguous copy, with the view's stride (1, but a vector of one
/// element keeps its own).
pub(crate) fn ravel(cx: &mut Cx<'_>, a: &[Arg<'_>]) -> Result<Outs> {
    let kept = super::contiguous(cx, &a[..1])?;
    let alias = match kept.first() {
        Some(Out::Tensor(_, Alias::Same(i))) => Alias::ViewOf(*i),
        _ => Alias::Fresh,
    };
    let kept = super::loss_steps::one(cx, kept)?;
    // `view(-1)`: a vector of one element keeps its own stride.
    let mut flat = super::loss_steps::view(cx, &kept, std::iter::once(SymInt::Int(-1)).collect())?;
    flat.requires_grad = false;
    flat.wrapped_number = false;
    let mut outs = Outs::new();
    outs.push(Out::Tensor(flat, alias));
    Ok(outs)
}
