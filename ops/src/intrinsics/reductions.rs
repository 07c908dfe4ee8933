//! Reduction intrinsics beyond `reduce`: an optional single dim, as the
//! reductions whose schema takes `int? dim` read it.

use super::*;

/// `reduce_optional(s, dim, keepdim)`: sizes after reducing over the one
/// dim `dim`, or over every dim when it is absent.
pub fn reduce_optional(cx: &mut Cx<'_>, s: Dims, dim: Option<i64>, keepdim: bool) -> Result<Dims> {
    match dim {
        Some(d) => shape::reduce(cx.op, &s, Some(&[d]), keepdim),
        None => shape::reduce(cx.op, &s, None, keepdim),
    }
}

/// `dim_list(dim)`: the optional single dim as an optional list of dims.
pub fn dim_list(_cx: &mut Cx<'_>, dim: Option<i64>) -> Result<Option<IntList>> {
    Ok(dim.map(|d| IntList::from_slice(&[d])))
}

/// `logsumexp_shape(s, dim, keepdim)`: the sizes `torch._refs.logsumexp`
/// gives: those of the reduction, except that an empty `dim` without
/// `keepdim` on a non-empty input keeps every dim as a one (the kept
/// maxima are added back unsqueezed).
pub fn logsumexp_shape(cx: &mut Cx<'_>, s: Dims, dim: IntList, keepdim: bool) -> Result<Dims> {
    if dim.is_empty() && !keepdim {
        let n = shape::numel(cx.env, &s)?;
        if !shape::guard_eq(cx.env, n, SymInt::Int(0), cx.op)? {
            return Ok(SmallVec::from_elem(SymInt::Int(1), s.len()));
        }
    }
    shape::reduce(cx.op, &s, Some(&dim), keepdim)
}
