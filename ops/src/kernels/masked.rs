//! Data-dependent selections whose count is a fresh size-like unbacked
//! symbol, as `torch._subclasses.fake_impls` makes them: `masked_select`
//! `repeat_interleave.self_Tensor` and `_unique2`.

use fake_runtime::shape::Dims;
use fake_runtime::support::args;
use fake_runtime::{Alias, Arg, Cx, DType, Out, Outs, Result, SymInt, TensorMeta};

/// Python's `sys.maxsize - 1`: the bound of a count with no finite one.
const NO_BOUND: i64 = fake_runtime::sym::MAXSIZE_BOUND;

/// The upper bound of `numel` from the value ranges (its value when
/// static); `None` when unbounded (`bound_sympy`'s upper end).
fn numel_bound(cx: &mut Cx<'_>, numel: SymInt) -> Result<Option<i64>> {
    match numel {
        SymInt::Int(n) => Ok(Some(n)),
        SymInt::Expr(_) => Ok(cx.env.value_range(numel)?.hi()),
    }
}

/// A fresh unbacked count made a size in `[0, max]`
/// (`_constrain_range_for_size`; no upper bound without `max`).
fn unbacked_count(cx: &mut Cx<'_>, max: Option<i64>) -> Result<SymInt> {
    let u = cx.env.create_unbacked(true, cx.op);
    cx.env.constrain_range_for_size(u, None, max, cx.op)?;
    Ok(u)
}

/// `masked_select(Tensor self, Tensor mask) -> Tensor`: a 1-D tensor of
/// `self`'s dtype whose length is a fresh unbacked size, at most `self`'s
/// element count when that is known to be more than 2 (else only `>= 0`).
/// As PyTorch's fake kernel, neither the mask's dtype nor broadcasting is
/// checked, and the symbol is made even for an empty `self`.
pub(crate) fn masked_select(cx: &mut Cx<'_>, a: &[Arg<'_>]) -> Result<Outs> {
    let t = args::tensor(cx, a, 0, "self")?;
    args::tensor(cx, a, 1, "mask")?;
    let numel = t.numel(cx.env)?;
    let max = match numel_bound(cx, numel)? {
        Some(n) if n > 2 => n,
        _ => NO_BOUND,
    };
    let u = unbacked_count(cx, Some(max))?;
    let mut outs = Outs::new();
    outs.push(Out::Tensor(
        super::fresh(
            cx,
            t,
            Dims::from_slice(&[u]),
            Dims::from_slice(&[SymInt::Int(1)]),
        ),
        Alias::Fresh,
    ));
    Ok(outs)
}

/// `repeat_interleave.self_Tensor(Tensor self, Tensor repeats, int?
/// dim=None, *, SymInt? output_size=None) -> Tensor`, as ATen composes
/// it: `self` (flattened without `dim`) index-selected along `dim` by
/// `repeat_interleave.Tensor(repeats)`, whose length is `output_size` or
/// a fresh size-like unbacked symbol. `repeats` is 0-dim, of one element
/// (both expanded to the dim's size) or of the dim's size.
pub(crate) fn repeat_interleave_self_tensor(cx: &mut Cx<'_>, a: &[Arg<'_>]) -> Result<Outs> {
    let t = args::tensor(cx, a, 0, "self")?;
    let repeats = args::tensor(cx, a, 1, "repeats")?;
    let dim = args::opt_int(cx, a, 2, "dim", None)?;
    let output_size = args::opt_size(cx, a, 3, "output_size", None)?;
    let (input, d): (Dims, usize) = match dim {
        Some(d) => (
            t.sizes.clone(),
            fake_runtime::shape::wrap_dim(cx.op, d, t.dim())?,
        ),
        None => (Dims::from_slice(&[t.numel(cx.env)?]), 0),
    };
    let size = input
        .get(d)
        .copied()
        .ok_or_else(|| super::invalid(cx, "repeat_interleave of a 0-dim tensor along a dim"))?;
    let single = match repeats.dim() {
        0 => true,
        1 => {
            // `guard_or_false`: a data-dependent length is not taken
            // for one, and must then equal the dim's size.
            let one = cx.env.eq(repeats.sizes[0], SymInt::Int(1))?;
            cx.env.guard_or_false(one, cx.op)?
        }
        _ => {
            return Err(super::invalid(cx, "repeats must be 0-dim or 1-dim tensor"));
        }
    };
    if !single {
        fake_runtime::shape::check_eq(cx.env, repeats.sizes[0], size, cx.op, &|| {
            "repeats must have the same size as input along dim".to_string()
        })?;
    }
    let n = match output_size {
        Some(n) => n,
        None => unbacked_count(cx, None)?,
    };
    let mut sizes = input;
    sizes[d] = n;
    let strides = fake_runtime::strides::contiguous(cx.env, &sizes)?;
    Ok(super::fresh_out(cx, t, sizes, strides))
}

/// `_unique2(Tensor self, bool sorted=True, bool return_inverse=False,
/// bool return_counts=False) -> (Tensor, Tensor, Tensor)`, as fake_impls'
/// `_unique`: the unique values, 1-D of a fresh size-like unbacked length
/// (0 for a statically empty `self`; at most `self`'s element count when
/// static); the int64 inverse indices of `self`'s sizes, or `[0]`; the
/// int64 counts of the values' length, or `[0]`.
pub(crate) fn unique2(cx: &mut Cx<'_>, a: &[Arg<'_>]) -> Result<Outs> {
    let t = args::tensor(cx, a, 0, "self")?;
    let return_inverse = args::bool(cx, a, 2, "return_inverse", Some(false))?;
    let return_counts = args::bool(cx, a, 3, "return_counts", Some(false))?;
    let numel = t.numel(cx.env)?;
    let n = match numel {
        SymInt::Int(0) => SymInt::Int(0),
        SymInt::Int(m) => unbacked_count(cx, Some(m))?,
        SymInt::Expr(_) => unbacked_count(cx, Some(NO_BOUND))?,
    };
    let empty = Dims::from_slice(&[SymInt::Int(0)]);
    let values = Dims::from_slice(&[n]);
    let inverse = if return_inverse {
        t.sizes.clone()
    } else {
        empty.clone()
    };
    let counts = if return_counts { values.clone() } else { empty };
    unique_outputs(cx, t, values, inverse, counts)
}

/// `_unique(Tensor self, bool sorted=True, bool return_inverse=False) ->
/// (Tensor, Tensor)`, as fake_impls' `_unique` without counts: the values
/// and inverse indices of [`unique2`].
pub(crate) fn unique(cx: &mut Cx<'_>, a: &[Arg<'_>]) -> Result<Outs> {
    let t = args::tensor(cx, a, 0, "self")?;
    let return_inverse = args::bool(cx, a, 2, "return_inverse", Some(false))?;
    let call = [
        Arg::Tensor(t),
        Arg::Bool(true),
        Arg::Bool(return_inverse),
        Arg::Bool(false),
    ];
    let mut outs = unique2(cx, &call)?;
    outs.truncate(2);
    Ok(outs)
}

/// `unique_consecutive(Tensor self, bool return_inverse=False, bool
/// return_counts=False, int? dim=None) -> (Tensor, Tensor, Tensor)`, as
/// fake_impls' `_unique` with `unique_consecutive`: without `dim`, as
/// `_unique2`; with one, that dim's length becomes a fresh size-like
/// unbacked count (at most the dim's size when static), and on the CPU
/// the inverse indices (the dim's length) and counts (the count) are
/// always made.
pub(crate) fn unique_consecutive(cx: &mut Cx<'_>, a: &[Arg<'_>]) -> Result<Outs> {
    let t = args::tensor(cx, a, 0, "self")?;
    let return_inverse = args::bool(cx, a, 1, "return_inverse", Some(false))?;
    let return_counts = args::bool(cx, a, 2, "return_counts", Some(false))?;
    let dim = args::opt_int(cx, a, 3, "dim", None)?;
    let Some(dim) = dim else {
        let shifted = [
            a[0].clone(),
            Arg::Bool(false),
            Arg::Bool(return_inverse),
            Arg::Bool(return_counts),
        ];
        return unique2(cx, &shifted);
    };
    let d = fake_runtime::shape::wrap_size_dim(cx.op, dim, t.dim())?;
    // fake_impls' `_unique` slices the shape with `dim` unnormalised
    // (`unique_dim` normalises it first): `shape[:dim] + (nnz,) +
    // shape[dim + 1:]` keeps the whole shape after the count for `dim=-1`,
    // and the counts are as long as that shape's last dim.
    let whole_after = dim == -1;
    unique_along(cx, t, d, return_inverse, return_counts, whole_after)
}

/// `unique_dim(Tensor self, int dim, bool sorted=True, bool
/// return_inverse=False, bool return_counts=False) -> (Tensor, Tensor,
/// Tensor)`, as fake_impls' `_unique` along a dim (a negative `dim` taken
/// modulo the rank, as Python's `%`).
pub(crate) fn unique_dim(cx: &mut Cx<'_>, a: &[Arg<'_>]) -> Result<Outs> {
    let t = args::tensor(cx, a, 0, "self")?;
    let dim = args::int(cx, a, 1, "dim", None)?;
    let return_inverse = args::bool(cx, a, 3, "return_inverse", Some(false))?;
    let return_counts = args::bool(cx, a, 4, "return_counts", Some(false))?;
    let rank = t.dim() as i64;
    let d = if dim >= 0 {
        dim
    } else {
        dim.rem_euclid(rank.max(1))
    };
    if d >= rank {
        // `arg.size(dim)`; a statically empty tensor is not asked it, and
        // its inverse's `arg.shape[dim]` is a tuple's index.
        if t.numel(cx.env)? != SymInt::Int(0) {
            fake_runtime::shape::wrap_size_dim(cx.op, d, t.dim())?;
        }
        return Err(super::invalid(
            cx,
            format!("tuple index out of range (dim {dim} of a tensor of {rank} dims)"),
        ));
    }
    unique_along(cx, t, d as usize, return_inverse, return_counts, false)
}

/// fake_impls' `_unique` along dim `d`: that dim's length becomes a fresh
/// size-like unbacked count (at most the dim's size when static; 0 for a
/// statically empty tensor), and on the CPU the inverse indices (the dim's
/// length) and counts (the count) are always made. With `whole_after`
/// (`unique_consecutive`'s `dim=-1`, sliced as Python slices), the
/// values' sizes are the dims before `d`, the count, then every dim of
/// `t`, and the counts are as long as `t`'s last dim.
fn unique_along(
    cx: &mut Cx<'_>,
    t: &TensorMeta,
    d: usize,
    return_inverse: bool,
    return_counts: bool,
    whole_after: bool,
) -> Result<Outs> {
    let numel = t.numel(cx.env)?;
    let n = match (numel, t.sizes.get(d).copied()) {
        (SymInt::Int(0), _) => SymInt::Int(0),
        (_, Some(SymInt::Int(m))) => unbacked_count(cx, Some(m))?,
        _ => unbacked_count(cx, Some(NO_BOUND))?,
    };
    let mut values = t.sizes.clone();
    if whole_after {
        values.truncate(d);
        values.push(n);
        values.extend(t.sizes.iter().copied());
    } else if let Some(v) = values.get_mut(d) {
        *v = n;
    }
    let cpu = t.device.ty == fake_runtime::DeviceType::Cpu;
    let empty = Dims::from_slice(&[SymInt::Int(0)]);
    let inverse = if return_inverse || cpu {
        Dims::from_slice(&[t.sizes.get(d).copied().unwrap_or(SymInt::Int(1))])
    } else {
        empty.clone()
    };
    let counts = if return_counts || cpu {
        let along = if whole_after {
            values.last().copied()
        } else {
            None
        };
        Dims::from_slice(&[along.unwrap_or(n)])
    } else {
        empty
    };
    unique_outputs(cx, t, values, inverse, counts)
}

/// The values (`t`'s dtype), inverse and counts (int64) of the `unique`
/// family: fresh contiguous tensors on `t`'s device.
fn unique_outputs(
    cx: &mut Cx<'_>,
    t: &TensorMeta,
    values: Dims,
    inverse: Dims,
    counts: Dims,
) -> Result<Outs> {
    let mut outs = Outs::new();
    for (sizes, dtype) in [
        (values, t.dtype),
        (inverse, DType::Int64),
        (counts, DType::Int64),
    ] {
        let strides = fake_runtime::strides::contiguous(cx.env, &sizes)?;
        outs.push(Out::Tensor(
            TensorMeta {
                sizes,
                strides,
                storage_offset: SymInt::Int(0),
                dtype,
                device: t.device,
                layout: t.layout,
                requires_grad: false,
                wrapped_number: false,
            },
            Alias::Fresh,
        ));
    }
    Ok(outs)
}
