//! Data-dependent selections whose count is a fresh size-like unbacked
//! symbol, as `torch._subclasses.fake_impls` makes them.

use fake_runtime::intrinsics::args;
use fake_runtime::shape::Dims;
use fake_runtime::{Alias, Arg, Cx, Out, Outs, Result, SymInt, TensorMeta};

/// Python's `sys.maxsize - 1`: the bound of a count with no finite one.
pub(super) const NO_BOUND: i64 = i64::MAX - 1;

/// The upper bound of `numel` from the value ranges (its value when
/// static); `None` when unbounded (`bound_sympy`'s upper end).
pub(super) fn numel_bound(cx: &mut Cx<'_>, numel: SymInt) -> Result<Option<i64>> {
    match numel {
        SymInt::Int(n) => Ok(Some(n)),
        SymInt::Expr(_) => Ok(cx.env.value_range(numel)?.hi()),
    }
}

/// A fresh unbacked count made a size in `[0, max]`
/// (`_constrain_range_for_size`).
pub(super) fn unbacked_count(cx: &mut Cx<'_>, max: i64) -> Result<SymInt> {
    let u = cx.env.create_unbacked(true, cx.op);
    cx.env.constrain_range_for_size(u, None, Some(max), cx.op)?;
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
    let u = unbacked_count(cx, max)?;
    let mut outs = Outs::new();
    outs.push(Out::Tensor(
        TensorMeta {
            sizes: Dims::from_slice(&[u]),
            strides: Dims::from_slice(&[SymInt::Int(1)]),
            storage_offset: SymInt::Int(0),
            dtype: t.dtype,
            device: t.device,
            layout: t.layout,
            requires_grad: false,
        },
        Alias::Fresh,
    ));
    Ok(outs)
}
