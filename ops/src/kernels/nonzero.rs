//! `where(Tensor condition) -> Tensor[]`: `nonzero_numpy`, the indices of
//! the true elements one tensor per dim: `nonzero(condition).unbind(1)`
//! (a 0-dim condition is taken as one element, unsqueezed: a new tensor
//! with a count of its own). Each result is a column
//! of the one `[u, rank]` nonzero result: length `u`, stride 1, offset
//! `i * u`. A list result, so no rule can say it.

use super::invalid;
use fake_runtime::support::args;
use fake_runtime::{Alias, Arg, Cx, Out, Outs, Result, SymInt, TensorMeta};

/// `aten::where(Tensor condition) -> Tensor[]`.
pub(crate) fn where_condition(cx: &mut Cx<'_>, a: &[Arg<'_>]) -> Result<Outs> {
    let cond = args::tensor(cx, a, 0, "condition")?;
    let mut one;
    let cond = if cond.dim() == 0 {
        // `nonzero` of `condition.unsqueeze(0)`, a new tensor: not the
        // count the condition's memo holds.
        cx.env.reuse_unbacked(&[]);
        one = cond.clone();
        one.sizes.push(SymInt::Int(1));
        one.strides.push(SymInt::Int(1));
        &one
    } else {
        cond
    };
    let outs = crate::erased::nonzero(cx, &[Arg::Tensor(cond)])?;
    let Some(Out::Tensor(nz, _)) = outs.into_iter().next() else {
        return Err(invalid(cx, "nonzero gave no tensor"));
    };
    let (rows, row_stride, col_stride) = match (nz.sizes.first(), nz.strides.as_slice()) {
        (Some(&r), [rs, cs]) => (r, *rs, *cs),
        _ => return Err(invalid(cx, "nonzero gave a result of another rank")),
    };
    let mut list = Vec::with_capacity(cond.dim());
    for i in 0..cond.dim() {
        let offset = cx.env.mul(SymInt::Int(i as i64), col_stride)?;
        let meta = TensorMeta {
            sizes: [rows].into_iter().collect(),
            strides: [row_stride].into_iter().collect(),
            storage_offset: offset,
            dtype: nz.dtype,
            device: nz.device,
            layout: nz.layout,
            requires_grad: false,
            wrapped_number: false,
        };
        list.push((meta, Alias::Fresh));
    }
    let mut outs = Outs::new();
    outs.push(Out::Tensors(list));
    Ok(outs)
}
