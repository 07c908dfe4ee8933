//! Sizes fixed at their hints: where FakeTensorMode hands symbolic sizes
//! to C++ code that reads them as integers (each guarded to its hint), or
//! refuses symbolic ones outright.

use super::*;

/// `specialize(s)`: every size fixed at its hint (`guard_int`: a guard
/// `Eq(size, hint)`), as FakeTensorMode fixes the sizes it hands to a C++
/// meta kernel that does not take symbolic sizes.
pub fn specialize(cx: &mut Cx<'_>, s: Dims) -> Result<Dims> {
    s.iter()
        .map(|&d| Ok(SymInt::Int(cx.env.guard_int(d, cx.op)?)))
        .collect()
}

/// `linspace_steps(s)`: the spatial sizes of a grid built by
/// `torch._decomp`'s `_linspace_from_neg_one`, one per size from the last
/// (the grid's x) on: a size `<= 1` (decided with a guard) makes a zero
/// tensor, any other is `linspace`'s `int steps` and so fixed at its hint
/// (`guard_int`).
pub fn linspace_steps(cx: &mut Cx<'_>, s: Dims) -> Result<Dims> {
    let mut out = s;
    for d in out.iter_mut().rev() {
        let one_or_less = cx.env.le(*d, SymInt::Int(1))?;
        if !cx.env.guard_bool(one_or_less, cx.op)? {
            *d = SymInt::Int(cx.env.guard_int(*d, cx.op)?);
        }
    }
    Ok(out)
}

/// `inline_ints(s)`: `s` when every size is a plain integer; a symbolic
/// one is refused, as the dispatcher refuses a `SymInt[]` it hands to a
/// C++ kernel taking `IntArrayRef` (an overload without a meta kernel of
/// its own, as the random factories taking a generator).
pub fn inline_ints(cx: &mut Cx<'_>, s: Dims) -> Result<Dims> {
    if s.iter().all(|d| d.as_int().is_some()) {
        Ok(s)
    } else {
        Err(fake_runtime::support::not_inline_ints(cx, &s))
    }
}

/// `fixed_by_to(c, s)`: the sizes `s` of a new tensor as a C++ `.to` of
/// it leaves them when `c` (its dtype changes): each fixed at its hint
/// (`specialize(s)`) in a plain fake mode; as they are under the Python
/// dispatcher, where `to` is a Python decomposition, or when not `c`.
pub fn fixed_by_to(cx: &mut Cx<'_>, c: bool, s: Dims) -> Result<Dims> {
    if c && !cx.defaults.python_dispatcher {
        specialize(cx, s)
    } else {
        Ok(s)
    }
}
