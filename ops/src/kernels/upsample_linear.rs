//! The linear upsamplings' Python decomposition, `_upsample_linear`, step
//! by step (on symbolic sizes its steps' guards are the answer's): per
//! spatial dim the source positions (`arange` of the output size,
//! converted, scaled, clamped, viewed along the dim, truncated and
//! stepped), then the input indexed at every corner and the corners
//! blended dim by dim, the result made contiguous in the input's memory
//! format. Each step is the kernel of the operator the decomposition
//! calls, as the fake mode dispatches it (a number beside a tensor a
//! wrapped number, so the fast binary path decides first).

use super::to::converted_to as to;
use super::{invalid, one};
use crate::intrinsics::suggest_format;
use fake_runtime::kernel::ErasedKernel;
use fake_runtime::shape::Dims;
use fake_runtime::{
    Arg, Cx, DType, Device, DeviceType, Layout, MemoryFormat, Result, Scalar, SymInt, TensorMeta,
};
use smallvec::SmallVec;

/// `_upsample_linear(input, output_size, align_corners, scales)` (inside
/// `pw_cast_for_opmath`) on `t`, one output size and scale per spatial
/// dim: the result.
pub(super) fn linear_steps(
    cx: &mut Cx<'_>,
    t: &TensorMeta,
    osize: &[SymInt],
    align_corners: bool,
    scales: &[Option<f64>],
) -> Result<TensorMeta> {
    // `pw_cast_for_opmath`: computed in float32 for a half-precision
    // input, the result converted back.
    let compute = fake_runtime::promotion::computation_dtype(t.dtype);
    let input = to(cx, t, compute)?;
    let dtype = int_to_float(cx, &input);
    let n = osize.len();
    let mut sources = Vec::with_capacity(n);
    for (k, (&out, &scale)) in osize.iter().zip(scales).enumerate() {
        let in_size = input.sizes[2 + k];
        sources.push(source_positions(
            cx,
            &input,
            in_size,
            out,
            align_corners,
            scale,
            dtype,
            n - 1 - k,
        )?);
    }
    // Every corner, the first dim's choice varying slowest
    // (`product(*[[0, 1]] * n_dims)`).
    let mut vs = Vec::with_capacity(1 << n);
    for corner in 0..1usize << n {
        let mut indices: SmallVec<[Option<&TensorMeta>; 4]> = SmallVec::from_slice(&[None, None]);
        for (k, s) in sources.iter().enumerate() {
            let upper = corner >> (n - 1 - k) & 1 == 1;
            indices.push(Some(if upper { &s.next } else { &s.lower }));
        }
        let call = [Arg::Tensor(&input), Arg::OptTensors(indices)];
        let v = one(crate::erased::_unsafe_index_tensor(cx, &call)?, cx)?;
        vs.push(to(cx, &v, dtype)?);
    }
    for s in sources.iter().rev() {
        let fraction = binary(cx, crate::erased::sub_tensor, &s.exact, &s.lower)?;
        let fraction = clamp(
            cx,
            &fraction,
            Some(Scalar::from(0.0)),
            Some(Scalar::from(1.0)),
        )?;
        let fraction = to(cx, &fraction, dtype)?;
        let mut blended = Vec::with_capacity(vs.len() / 2);
        for pair in vs.chunks(2) {
            let difference = binary(cx, crate::erased::sub_tensor, &pair[1], &pair[0])?;
            let step = binary(cx, crate::erased::mul_tensor, &difference, &fraction)?;
            blended.push(binary(cx, crate::erased::add_tensor, &pair[0], &step)?);
        }
        vs = blended;
    }
    let [result] = <[TensorMeta; 1]>::try_from(vs)
        .map_err(|_| invalid(cx, "the corners did not blend to one result"))?;
    // "only use channels_last path when it's faster than the contiguous
    // path": not on CUDA with fewer than 16 channels.
    let mut format = suggest_format(cx, &input, None)?;
    if input.device.ty == DeviceType::Cuda {
        let few = cx.env.lt(input.sizes[1], SymInt::Int(16))?;
        if cx.env.guard_bool(few, cx.op)? {
            format = MemoryFormat::Contiguous;
        }
    }
    let call = [Arg::Tensor(&result), Arg::MemoryFormat(format)];
    let mut result = one(super::contiguous::contiguous(cx, &call)?, cx)?;
    if !input.dtype.is_floating_point() {
        let rounded = crate::erased::round(cx, &[Arg::Tensor(&result)])?;
        result = one(rounded, cx)?;
    }
    to(cx, &result, t.dtype)
}

/// One spatial dim's source positions: `exact` (`x_f32`), `lower` (`x`)
/// and `next` (`xp1`), each a vector along the dim.
struct Sources {
    exact: TensorMeta,
    lower: TensorMeta,
    next: TensorMeta,
}

/// `get_values(inp_size, out_size, scales, nsqueeze)`.
#[allow(clippy::too_many_arguments)]
fn source_positions(
    cx: &mut Cx<'_>,
    input: &TensorMeta,
    in_size: SymInt,
    out: SymInt,
    align_corners: bool,
    scale: Option<f64>,
    dtype: DType,
    nsqueeze: usize,
) -> Result<Sources> {
    compute_scale(cx, out, align_corners, scale)?;
    let positions = arange_to(cx, input, out, dtype)?;
    let exact = source_index(cx, positions, align_corners)?;
    let exact = clamp(cx, &exact, Some(Scalar::from(0.0)), None)?;
    // `x_f32.reshape(x_f32.shape[0], *[1] * nsqueeze)`.
    let mut shape = Dims::new();
    shape.push(exact.sizes[0]);
    shape.extend(std::iter::repeat_n(SymInt::Int(1), nsqueeze));
    let call = [Arg::Tensor(&exact), Arg::Ints(shape.as_slice().into())];
    let exact = one(super::reshape::reshape(cx, &call)?, cx)?;
    let lower = to(cx, &exact, DType::Int64)?;
    // `(x + 1).clamp(max=inp_size - 1)`.
    let next = binary(cx, crate::erased::add_tensor, &lower, &number(DType::Int64))?;
    let top = cx.env.sub(in_size, SymInt::Int(1))?;
    let next = clamp(cx, &next, None, Some(Scalar::Int(top)))?;
    Ok(Sources { exact, lower, next })
}

/// `_compute_scale(in_size, out_size, align_corners, scale)` for what it
/// decides: with `align_corners`, `(in - 1) / (out - 1) if out > 1 else
/// 0` (the scale's value reaches no size); without, `in / out` when no
/// positive scale is given, a division by zero for an empty output.
pub(super) fn compute_scale(
    cx: &mut Cx<'_>,
    out: SymInt,
    align_corners: bool,
    scale: Option<f64>,
) -> Result<()> {
    if align_corners {
        let more = cx.env.gt(out, SymInt::Int(1))?;
        cx.env.guard_bool(more, cx.op)?;
    } else if scale.is_none_or(|s| s <= 0.0) && out == SymInt::Int(0) {
        return Err(invalid(cx, "division by zero"));
    }
    Ok(())
}

/// `torch.arange(out_size, device=input.device).to(dtype)`.
pub(super) fn arange_to(
    cx: &mut Cx<'_>,
    input: &TensorMeta,
    out: SymInt,
    dtype: DType,
) -> Result<TensorMeta> {
    let positions = TensorMeta::contiguous(cx.env, &[out], DType::Int64, input.device)?;
    to(cx, &positions, dtype)
}

/// `_compute_source_index(scale, dst_index, align_corners)`: `scale * i`,
/// or `scale * (i + 0.5) - 0.5`, the scale a Python number.
pub(super) fn source_index(
    cx: &mut Cx<'_>,
    positions: TensorMeta,
    align_corners: bool,
) -> Result<TensorMeta> {
    let mut exact = positions;
    let steps: [ErasedKernel; 3] = [
        crate::erased::add_tensor,
        crate::erased::mul_tensor,
        crate::erased::sub_tensor,
    ];
    let steps: &[_] = if align_corners { &steps[1..2] } else { &steps };
    for &step in steps {
        exact = binary(cx, step, &exact, &number(DType::Float64))?;
    }
    Ok(exact)
}

/// `elementwise_dtypes(input, INT_TO_FLOAT)`'s computation dtype: the
/// input's floating or complex dtype, or the default one.
pub(super) fn int_to_float(cx: &Cx<'_>, input: &TensorMeta) -> DType {
    if input.dtype.is_floating_point() || input.dtype.is_complex() {
        input.dtype
    } else {
        cx.defaults.dtype
    }
}

/// A binary operator's `.Tensor` overload on `a` and `b`.
pub(super) fn binary(
    cx: &mut Cx<'_>,
    op: ErasedKernel,
    a: &TensorMeta,
    b: &TensorMeta,
) -> Result<TensorMeta> {
    one(op(cx, &[Arg::Tensor(a), Arg::Tensor(b)])?, cx)
}

/// `t.clamp(min, max)`.
pub(super) fn clamp(
    cx: &mut Cx<'_>,
    t: &TensorMeta,
    min: Option<Scalar>,
    max: Option<Scalar>,
) -> Result<TensorMeta> {
    let bound = |b: Option<Scalar>| b.map_or(Arg::None, Arg::Scalar);
    let call = [Arg::Tensor(t), bound(min), bound(max)];
    one(crate::erased::clamp(cx, &call)?, cx)
}

/// A Python number beside a tensor: a wrapped zero-dim CPU tensor.
pub(super) fn number(dtype: DType) -> TensorMeta {
    TensorMeta {
        sizes: Dims::new(),
        strides: Dims::new(),
        storage_offset: SymInt::Int(0),
        dtype,
        device: Device::cpu(),
        layout: Layout::Strided,
        requires_grad: false,
        wrapped_number: true,
    }
}
