//! `upsample_bicubic2d`'s Python decomposition step by step (on symbolic
//! sizes its steps' guards are the answer's): the source positions of
//! both spatial dims, their floors and fractions, the four offsets per dim
//! and the cubic convolution weights (stacked and unbound on the CPU),
//! then the input indexed at every clamped offset pair and the products
//! summed along the width, then the height; a `uint8` input in fixed
//! point, its weights scaled by a precision read off their maximum. Each
//! step is the kernel of the operator the decomposition calls, as the
//! fake mode dispatches it; the shared steps are the linear upsamplings'
//! ([`super::upsample_linear`]).

use super::one;
use super::to::converted_to as to;
use super::upsample_linear::{
    arange_to, binary, clamp, compute_scale, int_to_float, number, source_index,
};
use crate::erased::{add_tensor, mul_tensor, sub_tensor};
use crate::intrinsics::suggest_format;
use fake_runtime::{Arg, Cx, DType, DeviceType, Out, Outs, Result, Scalar, SymInt, TensorMeta};
use smallvec::SmallVec;

/// `upsample_bicubic2d_default(input, output_size, align_corners,
/// scale_h, scale_w)` (inside `pw_cast_for_opmath`) on the 4-D `t`: a
/// fresh result.
pub(super) fn cubic_steps(
    cx: &mut Cx<'_>,
    t: &TensorMeta,
    osize: [SymInt; 2],
    align_corners: bool,
    scales: [Option<f64>; 2],
) -> Result<Outs> {
    // `_, _, in_h, in_w = input.shape` (the callers unpack it first).
    if t.dim() != 4 {
        return Err(super::invalid(
            cx,
            "expected a 4-D input to the bicubic steps",
        ));
    }
    let compute = fake_runtime::promotion::computation_dtype(t.dtype);
    let input = to(cx, t, compute)?;
    let (in_h, in_w) = (input.sizes[2], input.sizes[3]);
    compute_scale(cx, osize[0], align_corners, scales[0])?;
    compute_scale(cx, osize[1], align_corners, scales[1])?;
    let dtype = int_to_float(cx, &input);
    let i = arange_to(cx, &input, osize[0], dtype)?;
    let j = arange_to(cx, &input, osize[1], dtype)?;
    let x_float = source_index(cx, j, align_corners)?;
    let y_float = source_index(cx, i, align_corners)?;
    let call = [Arg::Tensor(&y_float), Arg::Int(SymInt::Int(-1))];
    let y_float = one(crate::erased::unsqueeze(cx, &call)?, cx)?;
    let x = one(crate::erased::floor(cx, &[Arg::Tensor(&x_float)])?, cx)?;
    let y = one(crate::erased::floor(cx, &[Arg::Tensor(&y_float)])?, cx)?;
    let unit = |v| Some(Scalar::from(v));
    let yscale = binary(cx, sub_tensor, &y_float, &y)?;
    let yscale = clamp(cx, &yscale, unit(0.0), unit(1.0))?;
    let xscale = binary(cx, sub_tensor, &x_float, &x)?;
    let xscale = clamp(cx, &xscale, unit(0.0), unit(1.0))?;
    let x = to(cx, &x, DType::Int64)?;
    let y = to(cx, &y, DType::Int64)?;
    let ys = offsets(cx, y)?;
    let xs = offsets(cx, x)?;
    let weights_x = coefficients(cx, &xscale)?;
    let weights_y = coefficients(cx, &yscale)?;
    let fixed = input.dtype == DType::UInt8;
    let (weights_x, precision_x) = if fixed {
        fixed_point(cx, weights_x)?
    } else {
        (weights_x, None)
    };
    let (weights_y, precision_y) = if fixed {
        fixed_point(cx, weights_y)?
    } else {
        (weights_y, None)
    };
    // `load_bounded`: the offsets clamped into the input.
    let top = |cx: &mut Cx<'_>, size| cx.env.sub(size, SymInt::Int(1));
    let (top_h, top_w) = (top(cx, in_h)?, top(cx, in_w)?);
    let zero = || Some(Scalar::Int(SymInt::Int(0)));
    let mut src_y = Vec::with_capacity(4);
    for y_ofs in &ys {
        let mut src_x = Vec::with_capacity(4);
        for x_ofs in &xs {
            let y_idx = clamp(cx, y_ofs, zero(), Some(Scalar::Int(top_h)))?;
            let x_idx = clamp(cx, x_ofs, zero(), Some(Scalar::Int(top_w)))?;
            let indices = SmallVec::from_slice(&[None, None, Some(&y_idx), Some(&x_idx)]);
            let call = [Arg::Tensor(&input), Arg::OptTensors(indices)];
            src_x.push(one(crate::erased::_unsafe_index_tensor(cx, &call)?, cx)?);
        }
        src_y.push(weighted_sum(cx, &src_x, &weights_x, precision_x.as_ref())?);
    }
    let result = weighted_sum(cx, &src_y, &weights_y, precision_y.as_ref())?;
    let format = suggest_format(cx, &input, None)?;
    let call = [Arg::Tensor(&result), Arg::MemoryFormat(format)];
    let result = one(super::contiguous::contiguous(cx, &call)?, cx)?;
    let result = to(cx, &result, t.dtype)?;
    Ok(super::fresh_out(cx, t, result.sizes, result.strides))
}

/// `(v - 1, v, v + 1, v + 2)`.
fn offsets(cx: &mut Cx<'_>, v: TensorMeta) -> Result<[TensorMeta; 4]> {
    let step = |cx: &mut Cx<'_>, op, v| binary(cx, op, v, &number(DType::Int64));
    let before = step(cx, sub_tensor, &v)?;
    let after = step(cx, add_tensor, &v)?;
    let second = step(cx, add_tensor, &v)?;
    Ok([before, v, after, second])
}

/// `_upsample_get_cubic_coefficients(t)`: `(w0, w1, w2, w3)`. On the CPU
/// the two convolutions run on stacks (`[t + 1, 2 - t]` and `[t, 1 -
/// t]`) unbound afterwards; elsewhere on each operand.
fn coefficients(cx: &mut Cx<'_>, t: &TensorMeta) -> Result<[TensorMeta; 4]> {
    let plus_one = |cx: &mut Cx<'_>| binary(cx, add_tensor, t, &number(DType::Float64));
    let rsub = |cx: &mut Cx<'_>, t: &TensorMeta| {
        let call = [Arg::Tensor(t), Arg::Scalar(Scalar::from(1.0))];
        one(crate::erased::rsub_scalar(cx, &call)?, cx)
    };
    if t.device.ty == DeviceType::Cpu {
        let one_minus = rsub(cx, t)?;
        let tt1 = stack(cx, &[t, &one_minus])?;
        let plus_one = plus_one(cx)?;
        let two_minus = rsub(cx, t)?;
        let tt2 = stack(cx, &[&plus_one, &two_minus])?;
        let w03 = convolution2(cx, &tt2)?;
        let w12 = convolution1(cx, &tt1)?;
        let [w0, w3] = unbound(cx, &w03)?;
        let [w1, w2] = unbound(cx, &w12)?;
        Ok([w0, w1, w2, w3])
    } else {
        let plus_one = plus_one(cx)?;
        let w0 = convolution2(cx, &plus_one)?;
        let w1 = convolution1(cx, t)?;
        let one_minus = rsub(cx, t)?;
        let w2 = convolution1(cx, &one_minus)?;
        let two_minus = rsub(cx, t)?;
        let w3 = convolution2(cx, &two_minus)?;
        Ok([w0, w1, w2, w3])
    }
}

/// `_upsample_cubic_convolution1(x, A)`: `((A + 2) * x - (A + 3)) * x * x
/// + 1`.
fn convolution1(cx: &mut Cx<'_>, x: &TensorMeta) -> Result<TensorMeta> {
    let c = number(DType::Float64);
    let v = binary(cx, mul_tensor, x, &c)?;
    let v = binary(cx, sub_tensor, &v, &c)?;
    let v = binary(cx, mul_tensor, &v, x)?;
    let v = binary(cx, mul_tensor, &v, x)?;
    binary(cx, add_tensor, &v, &number(DType::Int64))
}

/// `_upsample_cubic_convolution2(x, A)`: `((A * x - 5 * A) * x + 8 * A) *
/// x - 4 * A`.
fn convolution2(cx: &mut Cx<'_>, x: &TensorMeta) -> Result<TensorMeta> {
    let c = number(DType::Float64);
    let v = binary(cx, mul_tensor, x, &c)?;
    let v = binary(cx, sub_tensor, &v, &c)?;
    let v = binary(cx, mul_tensor, &v, x)?;
    let v = binary(cx, add_tensor, &v, &c)?;
    let v = binary(cx, mul_tensor, &v, x)?;
    binary(cx, sub_tensor, &v, &c)
}

/// `torch.stack(ts, dim=0)`.
fn stack(cx: &mut Cx<'_>, ts: &[&TensorMeta]) -> Result<TensorMeta> {
    let call = [
        Arg::Tensors(ts.iter().copied().collect()),
        Arg::Int(SymInt::Int(0)),
    ];
    one(super::stacks::stack(cx, &call)?, cx)
}

/// `torch.unbind(t, dim=0)` of a stack of two.
fn unbound(cx: &mut Cx<'_>, t: &TensorMeta) -> Result<[TensorMeta; 2]> {
    let call = [Arg::Tensor(t), Arg::Int(SymInt::Int(0))];
    let outs = super::shape_composites::unbind(cx, &call)?;
    if let [Out::Tensors(pieces)] = outs.as_slice()
        && let [(first, _), (second, _)] = pieces.as_slice()
    {
        return Ok([first.clone(), second.clone()]);
    }
    Err(super::invalid(cx, "the stack did not unbind into two"))
}

/// A `uint8` input's weights in fixed point: `_compute_weight_precision`
/// (`torch.stack(weights).max()`, the rest on 22 static elements: a
/// zero-dim int64 precision `p`), then each weight `(w * (1 << p) +
/// torch.sign(w) * 0.5).to(torch.int16)`.
fn fixed_point(
    cx: &mut Cx<'_>,
    weights: [TensorMeta; 4],
) -> Result<([TensorMeta; 4], Option<TensorMeta>)> {
    let stacked = stack(cx, &weights.each_ref())?;
    let max_weight = one(crate::erased::max(cx, &[Arg::Tensor(&stacked)])?, cx)?;
    let precision = TensorMeta::contiguous(cx.env, &[], DType::Int64, max_weight.device)?;
    // `1 << p`, as `p` a zero-dim int64 tensor.
    let mut scaled = Vec::with_capacity(4);
    for w in &weights {
        let v = binary(cx, mul_tensor, w, &precision)?;
        let sign = one(crate::erased::sign(cx, &[Arg::Tensor(w)])?, cx)?;
        let half = binary(cx, mul_tensor, &sign, &number(DType::Float64))?;
        let v = binary(cx, add_tensor, &v, &half)?;
        scaled.push(to(cx, &v, DType::Int16)?);
    }
    let scaled = <[TensorMeta; 4]>::try_from(scaled)
        .map_err(|_| super::invalid(cx, "four weights expected"))?;
    Ok((scaled, Some(precision)))
}

/// `_sum_tensors(c1 * c2 for (c1, c2) in zip(src, weights))`, or with a
/// fixed-point `precision` `_sum_tensors_uint8`: the products in int32,
/// rounded (`+ (1 << (p - 1))`), shifted right by `p`, clamped to `[0,
/// 255]` and converted to `uint8`.
fn weighted_sum(
    cx: &mut Cx<'_>,
    src: &[TensorMeta],
    weights: &[TensorMeta; 4],
    precision: Option<&TensorMeta>,
) -> Result<TensorMeta> {
    let mut sum: Option<TensorMeta> = None;
    for (s, w) in src.iter().zip(weights) {
        let term = match precision {
            Some(_) => {
                let s = to(cx, s, DType::Int32)?;
                let w = to(cx, w, DType::Int32)?;
                binary(cx, mul_tensor, &s, &w)?
            }
            None => binary(cx, mul_tensor, s, w)?,
        };
        sum = Some(match sum {
            Some(acc) => binary(cx, add_tensor, &acc, &term)?,
            None => term,
        });
    }
    let sum = sum.ok_or_else(|| super::invalid(cx, "nothing to sum"))?;
    let Some(p) = precision else {
        return Ok(sum);
    };
    // `1 << (p - 1)`, as `p` a zero-dim int64 tensor.
    let rounded = binary(cx, add_tensor, &sum, p)?;
    let call = [Arg::Tensor(&rounded), Arg::Tensor(p)];
    let shifted = one(crate::erased::__rshift___tensor(cx, &call)?, cx)?;
    let bounds = |v: i64| Some(Scalar::Int(SymInt::Int(v)));
    let clamped = clamp(cx, &shifted, bounds(0), bounds(255))?;
    to(cx, &clamped, DType::UInt8)
}
