//! Runtime asserts that `torch.export` writes into programs:
//! `_assert_scalar` (from `torch._check`), `sym_constrain_range`,
//! `sym_constrain_range_for_size` and `_assert_async`. Each records its
//! condition in the ShapeEnv (a guard on backed symbols, a deferred runtime
//! assert on unbacked ones), so every later decision assumes it, as
//! PyTorch's `defer_runtime_assert` does; none has a result. Their
//! functional forms (`_functional_assert_async.msg`,
//! `_functional_assert_scalar`, `_functional_sym_constrain_range` and its
//! size form) record the same and return the dependency token they are
//! given, as their meta kernels.

use super::invalid;
use fake_runtime::support::args;
use fake_runtime::{Alias, Arg, Cx, Out, Outs, Result, Scalar, SymBool, SymFloat, SymInt};

/// `_assert_scalar(Scalar self, str assert_msg)`: `self` holds from now on.
/// A condition known false is an error carrying the message.
pub(crate) fn assert_scalar(cx: &mut Cx<'_>, a: &[Arg<'_>]) -> Result<Outs> {
    let c = match args::scalar(cx, a, 0, "self", None)? {
        Scalar::Bool(b) => b,
        Scalar::Int(v) => cx.env.ne(v, SymInt::Int(0))?,
        Scalar::Float(f) => match f.as_f64() {
            Some(f) => SymBool::Bool(f != 0.0),
            None => {
                return Err(invalid(
                    cx,
                    "a symbolic float is not a condition".to_string(),
                ));
            }
        },
        Scalar::Complex(re, im) => SymBool::Bool(re != 0.0 || im != 0.0),
    };
    let msg = match a.get(1) {
        Some(Arg::Str(s)) => *s,
        _ => "",
    };
    if c == SymBool::Bool(false) {
        return Err(invalid(cx, format!("assertion failed: {msg}")));
    }
    cx.env.expect_true(c, cx.op)?;
    Ok(Outs::new())
}

/// The `Scalar size` and the `min`/`max` keywords of the range asserts (a
/// Python bool is the int it is).
fn range_args(cx: &mut Cx<'_>, a: &[Arg<'_>]) -> Result<(SymInt, Option<i64>, Option<i64>)> {
    let v = match args::scalar(cx, a, 0, "size", None)? {
        Scalar::Int(v) => v,
        Scalar::Bool(SymBool::Bool(b)) => SymInt::Int(i64::from(b)),
        other => {
            return Err(invalid(
                cx,
                format!("expected an integer size, got {other:?}"),
            ));
        }
    };
    let min = args::opt_int(cx, a, 1, "min", None)?;
    let max = args::opt_int(cx, a, 2, "max", None)?;
    Ok((v, min, max))
}

/// `sym_constrain_range(Scalar size, *, int? min, int? max)`.
pub(crate) fn sym_constrain_range(cx: &mut Cx<'_>, a: &[Arg<'_>]) -> Result<Outs> {
    let (v, min, max) = range_args(cx, a)?;
    cx.env.constrain_range(v, min, max, cx.op)?;
    Ok(Outs::new())
}

/// `sym_constrain_range_for_size(Scalar size, *, int? min, int? max)`: as
/// `sym_constrain_range` with `min` at least 0, and the symbol size-like;
/// a plain int given bounds is only checked against them.
pub(crate) fn sym_constrain_range_for_size(cx: &mut Cx<'_>, a: &[Arg<'_>]) -> Result<Outs> {
    // Without bounds the meta only checks `size >= 0`, of any number.
    let unbounded = args::opt_int(cx, a, 1, "min", None)?.is_none()
        && args::opt_int(cx, a, 2, "max", None)?.is_none();
    match args::scalar(cx, a, 0, "size", None)? {
        Scalar::Float(SymFloat::Const(f)) if unbounded => {
            if f >= 0.0 {
                return Ok(Outs::new());
            }
            return Err(invalid(cx, format!("Expected size >= 0, got {f}")));
        }
        // With bounds, only an int (not a bool) or a SymInt is taken; a
        // plain int is only checked against the bounds given.
        Scalar::Bool(_) if !unbounded => {
            return Err(invalid(cx, "can only constrain range for SymInt"));
        }
        Scalar::Int(SymInt::Int(v)) if !unbounded => {
            let min = args::opt_int(cx, a, 1, "min", None)?;
            let max = args::opt_int(cx, a, 2, "max", None)?;
            if min.is_some_and(|m| v < m) || max.is_some_and(|m| v > m) {
                return Err(invalid(cx, crate::intrinsics::checks::CHECK_FAILED));
            }
            return Ok(Outs::new());
        }
        _ => {}
    }
    let (v, min, max) = range_args(cx, a)?;
    cx.env.constrain_range_for_size(v, min, max, cx.op)?;
    Ok(Outs::new())
}

/// `_assert_async(Tensor self)` / `_assert_async.msg`: a check on data at
/// run time, which its meta kernel leaves to run time entirely (ATen's
/// kernel would refuse a tensor that does not hold one value).
pub(crate) fn assert_async(cx: &mut Cx<'_>, a: &[Arg<'_>]) -> Result<Outs> {
    args::tensor(cx, a, 0, "self")?;
    Ok(Outs::new())
}

/// `_print(str s) -> ()`: printing happens at run time; its meta
/// returns nothing (the argument's kind was checked against the schema).
pub(crate) fn print(_: &mut Cx<'_>, _: &[Arg<'_>]) -> Result<Outs> {
    Ok(Outs::new())
}

/// The dependency token at argument `i`, returned itself.
fn token(cx: &Cx<'_>, a: &[Arg<'_>], i: usize) -> Result<Outs> {
    let t = args::tensor(cx, a, i, "dep_token")?;
    let mut outs = Outs::new();
    outs.push(Out::Tensor(t.clone(), Alias::Same(i as u8)));
    Ok(outs)
}

/// `_functional_assert_async.msg(Tensor self, str assert_msg, Tensor
/// dep_token) -> Tensor`: as `_assert_async.msg`, then the token.
pub(crate) fn functional_assert_async(cx: &mut Cx<'_>, a: &[Arg<'_>]) -> Result<Outs> {
    assert_async(cx, &a[..a.len().min(2)])?;
    token(cx, a, 2)
}

/// `_functional_assert_scalar(Scalar self, str assert_msg, Tensor
/// dep_token) -> Tensor`: as `_assert_scalar`, then a clone of the token
/// (ATen's composite; it has no meta kernel of its own).
pub(crate) fn functional_assert_scalar(cx: &mut Cx<'_>, a: &[Arg<'_>]) -> Result<Outs> {
    assert_scalar(cx, &a[..a.len().min(2)])?;
    let t = args::tensor(cx, a, 2, "dep_token")?;
    let strides = crate::intrinsics::preserve_strides(cx, t, None)?;
    Ok(super::fresh_out(cx, t, t.sizes.clone(), strides))
}

/// `_functional_sym_constrain_range(Scalar size, int? min, int? max,
/// Tensor dep_token) -> Tensor`: as `sym_constrain_range`, then the token.
pub(crate) fn functional_sym_constrain_range(cx: &mut Cx<'_>, a: &[Arg<'_>]) -> Result<Outs> {
    sym_constrain_range(cx, &a[..a.len().min(3)])?;
    token(cx, a, 3)
}

/// `_functional_sym_constrain_range_for_size(Scalar size, int? min, int?
/// max, Tensor dep_token) -> Tensor`: as `sym_constrain_range_for_size`,
/// then the token.
pub(crate) fn functional_sym_constrain_range_for_size(
    cx: &mut Cx<'_>,
    a: &[Arg<'_>],
) -> Result<Outs> {
    sym_constrain_range_for_size(cx, &a[..a.len().min(3)])?;
    token(cx, a, 3)
}
