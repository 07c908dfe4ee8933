//! Collective intrinsics: the sizes the functional collectives' Meta
//! kernels give (`torch.distributed._functional_collectives`).

use super::*;

/// `gathered_sizes(s, group_size)`: `_make_all_gather_out_tensor`'s sizes,
/// the first dim times the group size (a zero-dim input gathers into
/// `[group_size]`).
pub fn gathered_sizes(cx: &mut Cx<'_>, s: Dims, group_size: i64) -> Result<Dims> {
    let mut out = s;
    match out.first_mut() {
        None => out.push(SymInt::Int(group_size)),
        Some(first) => *first = cx.env.mul(*first, SymInt::Int(group_size))?,
    }
    Ok(out)
}

/// `scattered_sizes(s, group_size)`: `_reduce_scatter_tensor_native_meta`'s
/// sizes, the first dim floor-divided by the group size (Python's `//=`
/// on `list(input.size())`).
pub fn scattered_sizes(cx: &mut Cx<'_>, s: Dims, group_size: i64) -> Result<Dims> {
    if s.is_empty() {
        return Err(invalid(cx, "list index out of range".into()));
    }
    if group_size == 0 {
        return Err(invalid(cx, "integer division or modulo by zero".into()));
    }
    let mut out = s;
    out[0] = cx.env.floordiv(out[0], SymInt::Int(group_size))?;
    Ok(out)
}

/// `split_total_sizes(s, splits)`: `_all_to_all_single_meta`'s sizes, the
/// first dim the sum of the output splits, each first checked
/// non-negative (`torch._check(s >= 0)`: a guard on a symbolic one).
pub fn split_total_sizes(cx: &mut Cx<'_>, s: Dims, splits: Dims) -> Result<Dims> {
    let mut total = SymInt::Int(0);
    for &len in &splits {
        let ok = cx.env.ge(len, SymInt::Int(0))?;
        require(cx, ok, CHECK_FAILED)?;
        total = cx.env.add(total, len)?;
    }
    if s.is_empty() {
        return Err(invalid(cx, "list assignment index out of range".into()));
    }
    let mut out = s;
    out[0] = total;
    Ok(out)
}
