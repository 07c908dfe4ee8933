//! Convolution and pooling intrinsics: output sizes with ATen's checks,
//! output memory formats; the arguments of activations.

use super::*;
use fake_runtime::ShapeEnv;

// ---- convolution and pooling -----------------------------------------------------

/// `conv_out(input, kernel, stride, padding, dilation)`: one output length.
pub fn conv_out(
    cx: &mut Cx<'_>,
    input: SymInt,
    kernel: SymInt,
    stride: i64,
    padding: i64,
    dilation: i64,
) -> Result<SymInt> {
    conv_len(cx.env, input, kernel, stride, padding, dilation)
}

/// `pool_out(input, kernel, stride, padding, dilation, ceil_mode)`: one
/// pooling output length.
pub fn pool_out(
    cx: &mut Cx<'_>,
    input: SymInt,
    kernel: i64,
    stride: i64,
    padding: i64,
    dilation: i64,
    ceil_mode: bool,
) -> Result<SymInt> {
    pool_len(
        cx.env, cx.op, input, kernel, stride, padding, dilation, ceil_mode,
    )
}

/// `v` as ints: read as they are when every element is static, else
/// through `to_ints` (each symbolic element guarded to its value).
#[inline]
fn ints(cx: &mut Cx<'_>, v: &[SymInt]) -> Result<IntList> {
    let mut out = IntList::new();
    for &x in v {
        match x {
            SymInt::Int(x) => out.push(x),
            SymInt::Expr(_) => return to_ints(cx, v),
        }
    }
    Ok(out)
}

/// The element of a per-spatial-dim parameter, broadcasting a single value.
#[inline]
fn per_dim(cx: &Cx<'_>, what: &str, v: &[i64], i: usize, n: usize) -> Result<i64> {
    match v.len() {
        1 => Ok(v[0]),
        l if l == n => Ok(v[i]),
        l => Err(per_dim_refusal(cx, what, l, n)),
    }
}

/// [`per_dim`]'s refusal of a list of `l` elements for `n` dims.
#[cold]
#[inline(never)]
fn per_dim_refusal(cx: &Cx<'_>, what: &str, l: usize, n: usize) -> fake_runtime::Error {
    invalid(
        cx,
        format!("expected {what} to have 1 or {n} elements, got {l}"),
    )
}

/// `conv(input, weight, bias, stride, padding, dilation, transposed,
/// output_padding, groups)`: sizes of `aten::convolution`'s output
/// ([`conv_sizes`]).
#[allow(clippy::too_many_arguments)]
pub fn conv(
    cx: &mut Cx<'_>,
    input: &TensorMeta,
    weight: &TensorMeta,
    bias: Option<&TensorMeta>,
    stride: Dims,
    padding: Dims,
    dilation: Dims,
    transposed: bool,
    output_padding: Dims,
    groups: SymInt,
) -> Result<Dims> {
    conv_sizes(
        cx,
        input,
        weight,
        bias,
        &stride,
        &padding,
        &dilation,
        transposed,
        &output_padding,
        groups,
    )
}

/// Sizes of `aten::convolution`'s output, after the checks of
/// FakeTensorMode's convolution, `check_shape_forward` and `_convolution`
/// in their order; the lists borrowed (the convolution kernels' own
/// arguments).
#[allow(clippy::too_many_arguments)]
pub(crate) fn conv_sizes(
    cx: &mut Cx<'_>,
    input: &TensorMeta,
    weight: &TensorMeta,
    bias: Option<&TensorMeta>,
    stride: &[SymInt],
    padding: &[SymInt],
    dilation: &[SymInt],
    transposed: bool,
    output_padding: &[SymInt],
    groups: SymInt,
) -> Result<Dims> {
    // FakeTensorMode's own convolution implementation refuses this first.
    if input.dtype != weight.dtype {
        return Err(invalid(
            cx,
            format!(
                "Input type (torch.{}) and weight type (torch.{}) should be the same",
                input.dtype, weight.dtype
            ),
        ));
    }
    let n = input.dim();
    if n < 3 || weight.dim() != n {
        return Err(invalid(
            cx,
            format!(
                "expected input and weight of the same rank >= 3, got input of rank {n} and weight of rank {}",
                weight.dim()
            ),
        ));
    }
    let spatial = n - 2;
    let (stride, padding, dilation, output_padding) = (
        ints(cx, stride)?,
        ints(cx, padding)?,
        ints(cx, dilation)?,
        ints(cx, output_padding)?,
    );
    // ATen's `check_shape_forward` and `_convolution`, in their order.
    let refuse = |cx: &Cx<'_>, reason: &str| Err(invalid(cx, reason.to_string()));
    if padding.iter().any(|&p| p < 0) {
        return refuse(cx, "negative padding is not supported");
    }
    if output_padding.iter().any(|&p| p < 0) {
        return refuse(cx, "negative output_padding is not supported");
    }
    if stride.iter().any(|&s| s <= 0) {
        return refuse(cx, "non-positive stride is not supported");
    }
    if dilation.iter().any(|&d| d < 0) {
        return refuse(cx, "dilation should be greater than zero");
    }
    if dilation.contains(&0) {
        // PyTorch's fake kernel computes with a zero dilation; its eager
        // kernels refuse it, and so do we.
        return refuse(cx, "non-positive dilation is not supported");
    }
    if let SymInt::Int(g) = groups
        && g <= 0
    {
        return Err(invalid(
            cx,
            format!("expected groups to be greater than 0, but got groups={g}"),
        ));
    }
    let (is, ws) = (input.sizes.as_slice(), weight.sizes.as_slice());
    // The batch, then the channels and spatial lengths written below.
    let mut out = Dims::from_slice(is);
    let wg = cx.env.mul(ws[1], groups)?;
    // The bias has one element per output channel.
    let bias_len = if transposed {
        let same = cx.env.eq(input.sizes[1], weight.sizes[0])?;
        let (input_sizes, weight_sizes) = (&input.sizes, &weight.sizes);
        shape::check_printing(cx.env, same, cx.op, &|env| {
            format!(
                "Given transposed=1, weight of size {}, expected input{} to have {} channels, but got {} channels instead",
                shape::display_dims(env, weight_sizes),
                shape::display_dims(env, input_sizes),
                env.display(weight_sizes[0]),
                env.display(input_sizes[1])
            )
        })?;
        out[1] = wg;
        wg
    } else {
        shape::check_eq(cx.env, wg, is[1], cx.op, &|| {
            "input channels (weight.size(1) * groups)".to_string()
        })?;
        out[1] = ws[0];
        ws[0]
    };
    if let Some(bias) = bias {
        let fits = if bias.dim() == 1 {
            cx.env.eq(bias.sizes[0], bias_len)?
        } else {
            SymBool::Bool(false)
        };
        let (weight_sizes, bias_sizes) = (&weight.sizes, &bias.sizes);
        shape::check_printing(cx.env, fits, cx.op, &|env| {
            format!(
                "Given {}weight of size {}, expected bias to be 1-dimensional with {} elements, but got bias of size {} instead",
                if transposed { "transposed=1, " } else { "" },
                shape::display_dims(env, weight_sizes),
                env.display(bias_len),
                shape::display_dims(env, bias_sizes)
            )
        })?;
    }
    for i in 0..spatial {
        let (s, p, d) = (
            per_dim(cx, "stride", &stride, i, spatial)?,
            per_dim(cx, "padding", &padding, i, spatial)?,
            per_dim(cx, "dilation", &dilation, i, spatial)?,
        );
        if !transposed {
            // ATen: "Kernel size can't be greater than actual input size".
            let pad2 = cx.env.mul(SymInt::Int(2), SymInt::Int(p))?;
            let padded = cx.env.add(is[i + 2], pad2)?;
            let k1 = cx.env.sub(ws[i + 2], SymInt::Int(1))?;
            let dk = cx.env.mul(SymInt::Int(d), k1)?;
            let eff = cx.env.add(dk, SymInt::Int(1))?;
            let ok = cx.env.ge(padded, eff)?;
            shape::check_printing(cx.env, ok, cx.op, &|env| {
                format!(
                    "Calculated padded input size per channel: ({}). Kernel size: ({}). Kernel size can't be greater than actual input size",
                    env.display(padded),
                    env.display(eff)
                )
            })?;
        }
        let len = if transposed {
            let op = if output_padding.is_empty() {
                0
            } else {
                per_dim(cx, "output_padding", &output_padding, i, spatial)?
            };
            conv_transpose_len(cx.env, is[i + 2], ws[i + 2], s, p, d, op)?
        } else {
            conv_len(cx.env, is[i + 2], ws[i + 2], s, p, d)?
        };
        out[i + 2] = len;
    }
    Ok(out)
}

/// `max_pool2d(input, kernel_size, stride, padding, dilation, ceil_mode)`:
/// sizes of `max_pool2d_with_indices`'s outputs (`stride = []` means the
/// kernel size): the batch dims, then [`max_pool2d_out`]'s channels,
/// height and width (`max_pool2d_checks_and_compute_shape`).
pub fn max_pool2d(
    cx: &mut Cx<'_>,
    input: &TensorMeta,
    kernel_size: IntList,
    stride: IntList,
    padding: IntList,
    dilation: IntList,
    ceil_mode: bool,
) -> Result<Dims> {
    let pooled = max_pool2d_out(cx, input, kernel_size, stride, padding, dilation, ceil_mode)?;
    let batch = input.dim().saturating_sub(3);
    Ok(input.sizes[..batch].iter().copied().chain(pooled).collect())
}

/// `avg_pool2d(input, kernel_size, stride, padding, ceil_mode,
/// divisor_override)`: sizes of `avg_pool2d`'s output, after
/// `meta_avg_pool2d`'s checks in its order: the lengths of the lists, an
/// unsigned input refused, a zero divisor refused, then the input's dims
/// read from the end (`input.size(-3)`: dimension out of range below three
/// dims), then [`avg_pool2d_out`]'s sizes and `pool2d_shape_check`.
#[allow(clippy::too_many_arguments)]
pub fn avg_pool2d(
    cx: &mut Cx<'_>,
    input: &TensorMeta,
    kernel_size: IntList,
    stride: IntList,
    padding: IntList,
    ceil_mode: bool,
    divisor_override: Option<i64>,
) -> Result<Dims> {
    let one_or_two = |cx: &Cx<'_>, name: &str, v: &IntList| -> Result<()> {
        if matches!(v.len(), 1 | 2) {
            Ok(())
        } else {
            Err(invalid(
                cx,
                format!("avg_pool2d: {name} must either be a single int, or a tuple of two ints"),
            ))
        }
    };
    one_or_two(cx, "kernel_size", &kernel_size)?;
    if stride.len() > 2 {
        return Err(invalid(
            cx,
            "avg_pool2d: stride must either be omitted, a single int, or a tuple of two ints"
                .into(),
        ));
    }
    if matches!(
        input.dtype,
        DType::UInt8 | DType::UInt16 | DType::UInt32 | DType::UInt64
    ) {
        return Err(invalid(
            cx,
            format!("\"avg_pool2d\" not implemented for 'torch.{}'", input.dtype),
        ));
    }
    one_or_two(cx, "padding", &padding)?;
    if divisor_override == Some(0) {
        return Err(invalid(cx, "divisor must be not zero".into()));
    }
    shape::wrap_dim(cx.op, -3, input.dim())?;
    let pooled = avg_pool2d_out(cx, input, kernel_size, stride, padding, ceil_mode)?;
    let batch = input.dim().saturating_sub(3);
    Ok(input.sizes[..batch].iter().copied().chain(pooled).collect())
}

/// `like_strides(t, shape)`: channels-last strides for `shape` when `t` is
/// a 4-D tensor whose strides suggest channels-last
/// (`utils.suggest_memory_format`, as the pooling, padding and upsampling
/// metas ask), else contiguous.
pub fn like_strides(cx: &mut Cx<'_>, t: &TensorMeta, shape: Dims) -> Result<Dims> {
    let cl = MemoryFormat::ChannelsLast;
    if shape.len() == 4 && t.dim() == 4 && suggest_format(cx, t, Some(cl))? == cl {
        fake_runtime::strides::channels_last(cx.env, &shape)
    } else {
        fake_runtime::strides::contiguous(cx.env, &shape)
    }
}

/// `batch_norm_output(input, weight, bias, running_mean, running_var,
/// training)`: `batch_norm`'s result, which is `native_batch_norm`'s (its
/// Python decomposition: the input centred and scaled by broadcast
/// statistics, laid out elementwise in the input's order, of its dtype);
/// for an empty input ATen's `input.clone() * weight[0] + bias[0]`, which
/// promotes with the zero-dim elements (an integral input with float
/// parameters becomes float).
pub fn batch_norm_output(
    cx: &mut Cx<'_>,
    input: &TensorMeta,
    weight: Option<&TensorMeta>,
    bias: Option<&TensorMeta>,
    running_mean: Option<&TensorMeta>,
    running_var: Option<&TensorMeta>,
    training: bool,
) -> Result<TensorMeta> {
    // An empty input is cloned, then scaled by `weight[0]` and shifted by
    // `bias[0]` (zero-dim operands).
    let numel = input.numel(cx.env)?;
    if shape::guard_eq(cx.env, numel, SymInt::Int(0), cx.op)? {
        let mut out = TensorMeta {
            strides: preserve_strides(cx, input, None)?,
            ..input.clone()
        };
        for t in [weight, bias].into_iter().flatten() {
            // `t[0]`: refused when `t` is empty.
            select_offset(cx, t, 0, SymInt::Int(0))?;
            let element = TensorMeta::contiguous(cx.env, &[], t.dtype, t.device)?;
            let dtype = fake_runtime::promotion::result_type(
                &[Operand::Tensor(out.dtype), Operand::ZeroDim(t.dtype)],
                cx.defaults.dtype,
            )?;
            out = fake_runtime::support::pointwise_output(cx, &[&out, &element], dtype)?;
        }
        return Ok(out);
    }
    let running = running_mean.zip(running_var);
    // The cuDNN backend (`_select_batch_norm_backend`) is given the input
    // made contiguous in its suggested memory format.
    // Both running statistics, or (training) neither.
    let stats = running.is_some() || training && running_mean.is_none() && running_var.is_none();
    let cudnn_input = if stats && cudnn_batch_norm(cx, input, weight, bias)? {
        let format = suggest_format(cx, input, None)?;
        Some(TensorMeta {
            strides: format_strides(cx, input.sizes.clone(), Some(format))?,
            storage_offset: SymInt::Int(0),
            ..input.clone()
        })
    } else {
        None
    };
    let input = cudnn_input.as_ref().unwrap_or(input);
    let (output, _, _) =
        crate::kernels::batch_norm_helper(cx, input, weight, bias, running, training)?;
    // The helper unbiases the running variance when both statistics are
    // given; the decomposition does whenever the variance is.
    if training && running.is_none() && running_var.is_some() {
        crate::kernels::batch_norm_check_unbiasing(cx, input)?;
    }
    Ok(TensorMeta {
        strides: output.strides,
        ..input.clone()
    })
}

/// Whether `_select_batch_norm_backend` picks cuDNN, given running
/// statistics it takes (both, or in training neither): a CUDA input and
/// weight not in bfloat16 (a half input only with a float weight), weight
/// and bias given, at least 3 dims, fewer than 2^31 - 1 elements (cuDNN is
/// taken as present and enabled, its minimum epsilon 0).
fn cudnn_batch_norm(
    cx: &mut Cx<'_>,
    input: &TensorMeta,
    weight: Option<&TensorMeta>,
    bias: Option<&TensorMeta>,
) -> Result<bool> {
    let (Some(weight), Some(_)) = (weight, bias) else {
        return Ok(false);
    };
    if input.device.ty != fake_runtime::DeviceType::Cuda
        || input.dtype == DType::BFloat16
        || weight.dtype == DType::BFloat16
        || (input.dtype == DType::Float16 && weight.dtype != DType::Float32)
        || input.dim() < 3
    {
        return Ok(false);
    }
    let numel = input.numel(cx.env)?;
    let small = cx.env.lt(numel, SymInt::Int(i64::from(i32::MAX)))?;
    cx.env.guard_bool(small, cx.op)
}

// ---- lengths ---------------------------------------------------------------------

/// Convolution output length: `(in + 2*pad - dilation*(kernel - 1) - 1) // stride + 1`.
#[inline]
fn conv_len(
    env: &mut ShapeEnv,
    input: SymInt,
    kernel: SymInt,
    stride: i64,
    padding: i64,
    dilation: i64,
) -> Result<SymInt> {
    let k1 = env.sub(kernel, SymInt::Int(1))?;
    let span = env.mul(k1, SymInt::Int(dilation))?;
    let pad2 = env.mul(SymInt::Int(2), SymInt::Int(padding))?;
    let x = env.add(input, pad2)?;
    let x = env.sub(x, span)?;
    let x = env.sub(x, SymInt::Int(1))?;
    let x = env.floordiv(x, SymInt::Int(stride))?;
    env.add(x, SymInt::Int(1))
}

/// Transposed convolution output length:
/// `(in - 1)*stride - 2*pad + dilation*(kernel - 1) + output_padding + 1`.
fn conv_transpose_len(
    env: &mut ShapeEnv,
    input: SymInt,
    kernel: SymInt,
    stride: i64,
    padding: i64,
    dilation: i64,
    output_padding: i64,
) -> Result<SymInt> {
    let x = env.sub(input, SymInt::Int(1))?;
    let x = env.mul(x, SymInt::Int(stride))?;
    let pad2 = env.mul(SymInt::Int(2), SymInt::Int(padding))?;
    let x = env.sub(x, pad2)?;
    let k1 = env.sub(kernel, SymInt::Int(1))?;
    let span = env.mul(k1, SymInt::Int(dilation))?;
    let x = env.add(x, span)?;
    let x = env.add(x, SymInt::Int(output_padding))?;
    env.add(x, SymInt::Int(1))
}

/// Pooling output length, as ATen's `pooling_output_shape` (with its
/// checks, in its order: stride not zero, padding non-negative and at most
/// half the effective kernel): with `ceil_mode`, rounds up, but the last
/// window must start inside the input or the left padding. The caller
/// checks what `pool2d_shape_check` checks.
#[allow(clippy::too_many_arguments)]
pub(crate) fn pool_len(
    env: &mut ShapeEnv,
    op: &str,
    input: SymInt,
    kernel: i64,
    stride: i64,
    padding: i64,
    dilation: i64,
    ceil_mode: bool,
) -> Result<SymInt> {
    if stride == 0 {
        return Err(fake_runtime::Error::invalid(
            op,
            "stride should not be zero".to_string(),
        ));
    }
    if padding < 0 {
        return Err(fake_runtime::Error::invalid(
            op,
            format!("pad must be non-negative, but got pad: {padding}"),
        ));
    }
    // (kernel - 1) * dilation + 1, in checked arithmetic.
    let k1 = env.sub(SymInt::Int(kernel), SymInt::Int(1))?;
    let span = env.mul(k1, SymInt::Int(dilation))?;
    let effective = env.add(span, SymInt::Int(1))?;
    let half = env.floordiv(effective, SymInt::Int(2))?;
    if half.as_int().is_some_and(|h| padding > h) {
        return Err(fake_runtime::Error::invalid(
            op,
            format!(
                "pad should be at most half of effective kernel size, but got pad={padding}, kernel_size={kernel} and dilation={dilation}"
            ),
        ));
    }
    let pad2 = env.mul(SymInt::Int(2), SymInt::Int(padding))?;
    let x = env.add(input, pad2)?;
    let x = env.sub(x, effective)?;
    let x = if ceil_mode {
        let s1 = env.sub(SymInt::Int(stride), SymInt::Int(1))?;
        env.add(x, s1)?
    } else {
        x
    };
    let q = env.floordiv(x, SymInt::Int(stride))?;
    let mut out = env.add(q, SymInt::Int(1))?;
    if ceil_mode {
        // ensure that the last pooling starts inside the image
        let last = env.sub(out, SymInt::Int(1))?;
        let last = env.mul(last, SymInt::Int(stride))?;
        let limit = env.add(input, SymInt::Int(padding))?;
        let c = env.ge(last, limit)?;
        if env.guard_bool(c, op)? {
            out = env.sub(out, SymInt::Int(1))?;
        }
    }
    Ok(out)
}

// ---- activations -----------------------------------------------------------------

/// `gelu_approximation(approximate)`: `approximate` names one of `gelu`'s
/// forms, `"none"` or `"tanh"`.
pub fn gelu_approximation(_cx: &mut Cx<'_>, approximate: &str) -> Result<bool> {
    Ok(matches!(approximate, "none" | "tanh"))
}
