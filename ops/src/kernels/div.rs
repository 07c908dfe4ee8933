//! `div.Tensor_mode`, `div_.Tensor_mode`, `div.Scalar_mode` and
//! `floor_divide`: the promotion depends on `rounding_mode`, a string
//! rules cannot compare: true division (`None`) promotes integers to the
//! default float dtype, `"trunc"` and `"floor"` keep the default promotion
//! (integer division of integers). Floor division is `torch._refs`'
//! `floor_divide`, which FakeTensorMode runs as a chain of elementwise
//! steps, each laid out from its own operands: its output's layout is the
//! chain's, not one elementwise step's.

use super::invalid;
use crate::intrinsics::Steps;
use fake_runtime::pointwise::{maybe_broadcast, outside_kernel};
use fake_runtime::support::{
    args, pointwise_output, pointwise_sizes, promote, scalar_operand, tensor_operand,
};
use fake_runtime::{Alias, Arg, Cx, DType, Out, Outs, PromotionKind, Result, TensorMeta};

/// The promotion of `rounding_mode`, or a refusal naming it.
fn promotion(cx: &Cx<'_>, a: &[Arg<'_>]) -> Result<PromotionKind> {
    match args::opt_str(cx, a, 2, "rounding_mode", None)? {
        None => Ok(PromotionKind::IntToFloat),
        Some("trunc" | "floor") => Ok(PromotionKind::Default),
        Some(other) => Err(invalid(
            cx,
            format!(
                "div expected rounding_mode to be one of None, 'trunc', or 'floor' but found '{other}'"
            ),
        )),
    }
}

/// `torch._refs.floor_divide` (the `"floor"` mode) divides floating and
/// integral dtypes only: a bool or complex result dtype is refused.
fn check_floor(cx: &Cx<'_>, a: &[Arg<'_>], dtype: DType) -> Result<()> {
    let floor = args::opt_str(cx, a, 2, "rounding_mode", None)? == Some("floor");
    if floor && (dtype == DType::Bool || dtype.is_complex()) {
        return Err(invalid(
            cx,
            format!("{dtype} not supported for floor_divide"),
        ));
    }
    Ok(())
}

/// The output of `self / other` with the mode's promotion.
fn output(cx: &mut Cx<'_>, a: &[Arg<'_>]) -> Result<TensorMeta> {
    let s = args::tensor(cx, a, 0, "self")?;
    let o = args::tensor(cx, a, 1, "other")?;
    let kind = promotion(cx, a)?;
    let dtype = promote(cx, &[tensor_operand(s), tensor_operand(o)], kind)?;
    check_floor(cx, a, dtype)?;
    let mode = args::opt_str(cx, a, 2, "rounding_mode", None)?;
    if mode.is_none() {
        return pointwise_output(cx, &[s, o], dtype);
    }
    // The references' wrapper converts both operands to the computation
    // dtype (laying out afresh one that is not dense), then broadcasts
    // them.
    let steps = Steps { dtype };
    let (s, o) = (&steps.converted(cx, s)?, &steps.converted(cx, o)?);
    let shape = pointwise_sizes(cx, &[s, o])?;
    let outside = outside_kernel(&[s, o]);
    let (s, o) = (
        maybe_broadcast(cx, s, &shape, outside)?,
        maybe_broadcast(cx, o, &shape, outside)?,
    );
    if mode == Some("floor") {
        // A divisor given as a number stays one in the reference under
        // the Python dispatcher.
        let number = o.wrapped_number && cx.defaults.python_dispatcher;
        return floor_divide_chain(cx, &s, (!number).then_some(&o), dtype);
    }
    // `trunc_divide`: `prims.div`, then `trunc` of a quotient that is not
    // an integer (a unary step, laid out afresh).
    let quotient = step(cx, &[&s, &o], dtype)?;
    if !dtype.is_integral(false) {
        return pointwise_output(cx, &[&quotient], dtype);
    }
    Ok(quotient)
}

/// One elementwise step of the chain: its operands broadcast together
/// (each reference broadcasts its own), the output laid out from them.
fn step(cx: &mut Cx<'_>, operands: &[&TensorMeta], dtype: DType) -> Result<TensorMeta> {
    if operands.len() == 1 {
        return pointwise_output(cx, operands, dtype);
    }
    let shape = pointwise_sizes(cx, operands)?;
    let outside = outside_kernel(operands);
    let mut expanded = Vec::with_capacity(operands.len());
    for t in operands {
        expanded.push(maybe_broadcast(cx, t, &shape, outside)?);
    }
    let refs: Vec<&TensorMeta> = expanded.iter().collect();
    pointwise_output(cx, &refs, dtype)
}

/// `torch._refs.floor_divide`'s steps on `a` and `b` (promoted to
/// `dtype`): `_floor_divide_float` for floating dtypes, else
/// `_floor_divide_integer`. Only the layout of each step matters here;
/// comparison results are given `dtype` too, which changes no stride.
/// `b` is `None` where the reference gets a Python number (a divisor
/// given as a number, under the Python dispatcher): every step of the
/// number alone is a number too, and none takes part in a layout.
fn floor_divide_chain(
    cx: &mut Cx<'_>,
    a: &TensorMeta,
    b: Option<&TensorMeta>,
    dtype: DType,
) -> Result<TensorMeta> {
    // A step over the tensors given and, when it is a tensor, `b`'s
    // (or a step of `b` alone: `None` when that is a number).
    let p = |cx: &mut Cx<'_>, ops: &[&TensorMeta]| step(cx, ops, dtype);
    let with = |cx: &mut Cx<'_>, ops: &[&TensorMeta], b: Option<&TensorMeta>| {
        let mut all: Vec<&TensorMeta> = ops.to_vec();
        all.extend(b);
        step(cx, &all, dtype)
    };
    let of_b = |cx: &mut Cx<'_>| b.map(|b| p(cx, &[b])).transpose();
    if !dtype.is_floating_point() {
        let quotient = with(cx, &[a], b)?; // prims.div(a, b)
        if matches!(
            dtype,
            DType::UInt8 | DType::UInt16 | DType::UInt32 | DType::UInt64
        ) {
            return Ok(quotient);
        }
        let (sa, sb) = (p(cx, &[a])?, of_b(cx)?); // signbit
        let signs = with(cx, &[&sa], sb.as_ref())?; // ne
        let rem = with(cx, &[a], b)?; // fmod
        let nonzero = p(cx, &[&rem])?; // ne(.., 0)
        let offset = p(cx, &[&signs, &nonzero])?; // logical_and
        let offset = p(cx, &[&offset])?; // to a's dtype
        return p(cx, &[&quotient, &offset]); // sub
    }
    let rem = with(cx, &[a], b)?; // fmod(a, b)
    let diff = p(cx, &[a, &rem])?; // sub(a, mod)
    let div = with(cx, &[&diff], b)?; // true_divide(.., b)
    let (la, lb) = (p(cx, &[a])?, of_b(cx)?); // lt(a, 0), lt(b, 0)
    let signs = with(cx, &[&la], lb.as_ref())?; // bitwise_xor
    let nonzero = p(cx, &[&rem])?; // ne(mod, 0)
    let mask = p(cx, &[&nonzero, &signs])?; // bitwise_and
    let less = p(cx, &[&div])?; // sub(div, 1)
    let div = p(cx, &[&mask, &less, &div])?; // where
    let floor = p(cx, &[&div])?; // floor(div)
    let frac = p(cx, &[&div, &floor])?; // sub(div, floor_div)
    let mask = p(cx, &[&frac])?; // gt(.., 0.5)
    let more = p(cx, &[&floor])?; // add(floor_div, 1)
    let floor = p(cx, &[&mask, &more, &floor])?; // where
    let basic = with(cx, &[a], b)?; // true_divide(a, b)
    let zero = TensorMeta {
        sizes: Default::default(),
        strides: Default::default(),
        ..basic.clone()
    };
    let signed_zero = p(cx, &[&zero, &basic])?; // copysign(zero, basic_div)
    let div_nonzero = p(cx, &[&div])?; // ne(div, 0)
    let floor = p(cx, &[&div_nonzero, &floor, &signed_zero])?; // where
    let b_nonzero = of_b(cx)?; // ne(b, 0)
    let mut last: Vec<&TensorMeta> = b_nonzero.iter().collect();
    last.extend([&floor, &basic]);
    p(cx, &last) // where
}

/// `floor_divide(Tensor self, Tensor other) -> Tensor`: its decomposition
/// is `div` with `rounding_mode="floor"`.
pub(crate) fn floor_divide(cx: &mut Cx<'_>, a: &[Arg<'_>]) -> Result<Outs> {
    let s = args::tensor(cx, a, 0, "self")?;
    let o = args::tensor(cx, a, 1, "other")?;
    div_tensor_mode(cx, &[Arg::Tensor(s), Arg::Tensor(o), Arg::Str("floor")])
}

/// `floor_divide.Scalar(Tensor self, Scalar other) -> Tensor`: ATen
/// divides by the number as a wrapped scalar tensor, as
/// `div.Scalar_mode` with `rounding_mode="floor"` does.
pub(crate) fn floor_divide_scalar(cx: &mut Cx<'_>, a: &[Arg<'_>]) -> Result<Outs> {
    let s = args::tensor(cx, a, 0, "self")?;
    let o = args::scalar(cx, a, 1, "other", None)?;
    div_scalar_mode(cx, &[Arg::Tensor(s), Arg::Scalar(o), Arg::Str("floor")])
}

/// `div.Tensor_mode(Tensor self, Tensor other, *, str? rounding_mode)`.
pub(crate) fn div_tensor_mode(cx: &mut Cx<'_>, a: &[Arg<'_>]) -> Result<Outs> {
    let meta = output(cx, a)?;
    let mut outs = Outs::new();
    outs.push(Out::Tensor(meta, Alias::Fresh));
    Ok(outs)
}

/// `div.Scalar_mode(Tensor self, Scalar other, *, str? rounding_mode)`:
/// ATen divides by the number as a wrapped scalar tensor, which promotes
/// as a Python number.
pub(crate) fn div_scalar_mode(cx: &mut Cx<'_>, a: &[Arg<'_>]) -> Result<Outs> {
    let s = args::tensor(cx, a, 0, "self")?;
    let o = args::scalar(cx, a, 1, "other", None)?;
    let kind = promotion(cx, a)?;
    let dtype = promote(cx, &[tensor_operand(s), scalar_operand(&o)], kind)?;
    check_floor(cx, a, dtype)?;
    let meta = if args::opt_str(cx, a, 2, "rounding_mode", None)? == Some("floor") {
        // The number becomes `scalar_tensor(other)`, broadcast only by
        // the steps that take it with another tensor.
        let other = TensorMeta {
            sizes: Default::default(),
            strides: Default::default(),
            ..s.clone()
        };
        let number = cx.defaults.python_dispatcher;
        let s = Steps { dtype }.converted(cx, s)?;
        floor_divide_chain(cx, &s, (!number).then_some(&other), dtype)?
    } else {
        // `prims.div` of the operand converted to the computation dtype
        // and the number (a `trunc` of the quotient keeps its layout).
        let s = Steps { dtype }.converted(cx, s)?;
        pointwise_output(cx, &[&s], dtype)?
    };
    let mut outs = Outs::new();
    outs.push(Out::Tensor(meta, Alias::Fresh));
    Ok(outs)
}
