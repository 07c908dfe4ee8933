//! Layouts of the elementwise gradient operators (`threshold_backward`,
//! `tanh_backward`, `gelu_backward`, ...), whose fake result comes from
//! a Python decomposition of several steps (`torch._decomp`), or from
//! ATen's composite for the ones with a `CompositeImplicitAutograd`
//! kernel (`silu_backward`, `mish_backward`): each step's layout computed
//! from those of the steps before it, as `decomposed.rs` does for the
//! references.
//!
//! The decompositions under `pw_cast_for_opmath` first convert every
//! tensor argument to the computation dtype of the result (`dtype`); the
//! result is converted back, which keeps its (dense) layout. A tensor
//! combined with a Python number (`x * beta`, `1 - y`, `x <= 0`) is laid
//! out as a unary step.

use super::decomposed::Steps;
use super::*;
use fake_runtime::pointwise::laid_out;

/// The steps of a decomposition under `pw_cast_for_opmath` computing
/// `dtype`, and its tensors as its body sees them: converted.
fn opmath(
    cx: &mut Cx<'_>,
    tensors: &[&TensorMeta],
    dtype: DType,
) -> Result<(Steps, Vec<TensorMeta>)> {
    let s = Steps { dtype };
    let mut converted = Vec::with_capacity(tensors.len());
    for t in tensors {
        converted.push(s.converted(cx, t)?);
    }
    Ok((s, converted))
}

/// `mish_backward_dtype(d, device)`: the dtype of `mish_backward` whose
/// operands promote to `d`: ATen's kernels (and, under the Python
/// dispatcher, its composite) keep `d`; on the meta device in a plain
/// fake mode, which has no kernel, the decomposition's
/// `tanh(softplus(self))` makes an integral one the default float dtype.
pub fn mish_backward_dtype(cx: &mut Cx<'_>, d: DType, device: Device) -> Result<DType> {
    let decomposed = device.ty == fake_runtime::DeviceType::Meta && !cx.defaults.python_dispatcher;
    Ok(if decomposed && d.is_integral(true) {
        cx.defaults.dtype
    } else {
        d
    })
}

/// `tanh_backward_strides(grad_output, output, dtype)`: `grad * (1 - y *
/// y).conj_physical()` (a real `conj_physical` is its input).
pub fn tanh_backward_strides(
    cx: &mut Cx<'_>,
    grad: &TensorMeta,
    y: &TensorMeta,
    dtype: DType,
) -> Result<Dims> {
    let (s, t) = opmath(cx, &[grad, y], dtype)?;
    let (grad, y) = (&t[0], &t[1]);
    let square = s.arithmetic(cx, y, y)?;
    let one_minus = s.unary(cx, &square, 1)?;
    Ok(s.arithmetic(cx, grad, &one_minus)?.strides)
}

/// `sigmoid_backward_strides(grad_output, output, dtype)`: `grad * (y *
/// (1 - y)).conj_physical()`.
pub fn sigmoid_backward_strides(
    cx: &mut Cx<'_>,
    grad: &TensorMeta,
    y: &TensorMeta,
    dtype: DType,
) -> Result<Dims> {
    let (s, t) = opmath(cx, &[grad, y], dtype)?;
    let (grad, y) = (&t[0], &t[1]);
    let one_minus = s.unary(cx, y, 1)?;
    let product = s.arithmetic(cx, y, &one_minus)?;
    Ok(s.arithmetic(cx, grad, &product)?.strides)
}

/// `threshold_backward_strides(grad_output, self, threshold)`: `where(self
/// <= threshold, 0, grad)`: the comparison's reference converts `self`
/// to the computation dtype of `self` and `threshold` (float for an
/// integral `self` and a float threshold, float32 for a float16 one); the
/// `0`, made a zero-dim tensor by `where.ScalarSelf`, takes part under
/// the Python dispatcher too.
pub fn threshold_backward_strides(
    cx: &mut Cx<'_>,
    grad: &TensorMeta,
    t: &TensorMeta,
    threshold: Scalar,
) -> Result<Dims> {
    let s = Steps { dtype: grad.dtype };
    let operands = [tensor_operand(t), scalar_operand(&threshold)];
    let compared = fake_runtime::promotion::result_type(&operands, cx.defaults.dtype)?;
    let compute = fake_runtime::promotion::computation_dtype(compared);
    let converted = fake_runtime::support::converted(cx, t, compute)?;
    let condition = s.unary(cx, converted.as_ref().unwrap_or(t), 1)?;
    Ok(s.with_zero_dim(cx, &[&condition, grad])?.strides)
}

/// `hardtanh_backward_strides(grad_output, self, dtype)`: `where((self <=
/// min_val) | (self >= max_val), 0.0, grad)`, the `0.0` taking part as
/// [`threshold_backward_strides`]' `0`.
pub fn hardtanh_backward_strides(
    cx: &mut Cx<'_>,
    grad: &TensorMeta,
    t: &TensorMeta,
    dtype: DType,
) -> Result<Dims> {
    let (s, v) = opmath(cx, &[grad, t], dtype)?;
    let (grad, t) = (&v[0], &v[1]);
    let below = s.unary(cx, t, 1)?;
    let above = s.unary(cx, t, 1)?;
    let outside = s.step(cx, &[&below, &above])?;
    Ok(s.with_zero_dim(cx, &[&outside, grad])?.strides)
}

/// `hardsigmoid_backward_strides(grad_output, self, dtype)`:
/// `where((self > -3) & (self < 3), grad * (1 / 6), 0.0)`.
pub fn hardsigmoid_backward_strides(
    cx: &mut Cx<'_>,
    grad: &TensorMeta,
    t: &TensorMeta,
    dtype: DType,
) -> Result<Dims> {
    let (s, v) = opmath(cx, &[grad, t], dtype)?;
    let (grad, t) = (&v[0], &v[1]);
    let above = s.unary(cx, t, 1)?;
    let below = s.unary(cx, t, 1)?;
    let inside = s.step(cx, &[&above, &below])?;
    let scaled = s.unary(cx, grad, 1)?;
    Ok(s.with_number(cx, &[&inside, &scaled])?.strides)
}

/// `hardswish_backward_strides(grad_output, self, dtype)`: `where(self <=
/// -3, 0.0, where(self < 3, grad * (self / 3 + 0.5), grad))`.
pub fn hardswish_backward_strides(
    cx: &mut Cx<'_>,
    grad: &TensorMeta,
    t: &TensorMeta,
    dtype: DType,
) -> Result<Dims> {
    let (s, v) = opmath(cx, &[grad, t], dtype)?;
    let (grad, t) = (&v[0], &v[1]);
    let low = s.unary(cx, t, 1)?;
    let inside = s.unary(cx, t, 1)?;
    let slope = s.unary(cx, t, 2)?;
    let scaled = s.arithmetic(cx, grad, &slope)?;
    let inner = s.step(cx, &[&inside, &scaled, grad])?;
    Ok(s.with_number(cx, &[&low, &inner])?.strides)
}

/// `leaky_relu_backward_strides(grad_output, self, dtype)`: `where(self >
/// 0, grad, grad * negative_slope)`.
pub fn leaky_relu_backward_strides(
    cx: &mut Cx<'_>,
    grad: &TensorMeta,
    t: &TensorMeta,
    dtype: DType,
) -> Result<Dims> {
    let (s, v) = opmath(cx, &[grad, t], dtype)?;
    Ok(leaky_steps(cx, &s, &v[0], &v[1])?.strides)
}

/// `leaky_relu_backward`'s steps on converted operands.
fn leaky_steps(
    cx: &mut Cx<'_>,
    s: &Steps,
    grad: &TensorMeta,
    t: &TensorMeta,
) -> Result<TensorMeta> {
    let positive = s.unary(cx, t, 1)?;
    let scaled = s.unary(cx, grad, 1)?;
    s.step(cx, &[&positive, grad, &scaled])
}

/// `elu_backward_strides(grad_output, self_or_result, is_result, dtype)`:
/// `where(x <= 0, grad * c * (x + c), grad * c)` of a result, `where(x <=
/// 0, grad * c * c * exp(x * c), grad * c)` of an input.
pub fn elu_backward_strides(
    cx: &mut Cx<'_>,
    grad: &TensorMeta,
    x: &TensorMeta,
    is_result: bool,
    dtype: DType,
) -> Result<Dims> {
    let (s, v) = opmath(cx, &[grad, x], dtype)?;
    let (grad, x) = (&v[0], &v[1]);
    let negative = s.unary(cx, x, 1)?;
    let (scaled, of_x) = if is_result {
        (s.unary(cx, grad, 1)?, s.unary(cx, x, 1)?)
    } else {
        (s.unary(cx, grad, 2)?, s.unary(cx, x, 2)?)
    };
    let below = s.arithmetic(cx, &scaled, &of_x)?;
    let above = s.unary(cx, grad, 1)?;
    Ok(s.step(cx, &[&negative, &below, &above])?.strides)
}

/// `softplus_backward_strides(grad_output, self, dtype)`: `z = exp(x *
/// beta)`, `where(x * beta > threshold, grad, grad * z / (z + 1))`.
pub fn softplus_backward_strides(
    cx: &mut Cx<'_>,
    grad: &TensorMeta,
    x: &TensorMeta,
    dtype: DType,
) -> Result<Dims> {
    let (s, v) = opmath(cx, &[grad, x], dtype)?;
    let (grad, x) = (&v[0], &v[1]);
    let z = s.unary(cx, x, 2)?;
    let over = s.unary(cx, x, 2)?;
    let scaled = s.arithmetic(cx, grad, &z)?;
    let z_plus_one = s.unary(cx, &z, 1)?;
    let quotient = s.arithmetic(cx, &scaled, &z_plus_one)?;
    Ok(s.step(cx, &[&over, grad, &quotient])?.strides)
}

/// `gelu_backward_strides(grad_output, self, approximate, dtype)`:
/// `grad * (cdf + x * pdf)`, or with `approximate = "tanh"` `grad *
/// (left' + right')`, each a chain of steps on `x`.
pub fn gelu_backward_strides(
    cx: &mut Cx<'_>,
    grad: &TensorMeta,
    x: &TensorMeta,
    approximate: &str,
    dtype: DType,
) -> Result<Dims> {
    let (s, v) = opmath(cx, &[grad, x], dtype)?;
    let (grad, x) = (&v[0], &v[1]);
    let derivative = if approximate == "tanh" {
        let square = s.arithmetic(cx, x, x)?;
        let cube = s.arithmetic(cx, &square, x)?;
        // An integral computation turns float at `kKappa * x_cube`.
        let kappa_cube = s.unary(cx, &cube, 1)?;
        let sum = s.float_arithmetic(cx, x, &kappa_cube)?;
        let inner = s.unary(cx, &sum, 1)?;
        let tanh_inner = s.unary(cx, &inner, 1)?;
        let left = s.unary(cx, x, 1)?;
        let right = s.unary(cx, &tanh_inner, 1)?;
        let left_derivative = s.unary(cx, &right, 1)?;
        let tanh_square = s.arithmetic(cx, &tanh_inner, &tanh_inner)?;
        let tanh_derivative = s.unary(cx, &tanh_square, 1)?;
        let inner_derivative = s.unary(cx, &square, 3)?;
        let product = s.arithmetic(cx, &left, &tanh_derivative)?;
        let right_derivative = s.arithmetic(cx, &product, &inner_derivative)?;
        s.arithmetic(cx, &left_derivative, &right_derivative)?
    } else {
        // An integral computation turns float at `self * kAlpha`.
        let cdf = s.unary(cx, x, 4)?;
        let square = s.arithmetic(cx, x, x)?;
        let pdf = s.unary(cx, &square, 3)?;
        let x_pdf = s.float_arithmetic(cx, x, &pdf)?;
        s.arithmetic(cx, &cdf, &x_pdf)?
    };
    Ok(s.float_arithmetic(cx, grad, &derivative)?.strides)
}

/// `silu_backward_strides(grad_output, self, dtype)`: ATen's composite
/// (`math_silu_backward`), `grad * (s * (1 + x * (1 - s)))` with `s =
/// sigmoid(x)`; no conversion of its own, but each step's reference
/// converts its operands to the computation dtype, which lays out a
/// non-dense input afresh as converting it first does.
pub fn silu_backward_strides(
    cx: &mut Cx<'_>,
    grad: &TensorMeta,
    x: &TensorMeta,
    dtype: DType,
) -> Result<Dims> {
    let (s, v) = opmath(cx, &[grad, x], dtype)?;
    let (grad, x) = (&v[0], &v[1]);
    // `sigmoid = 1 / (1 + exp(-self))`, then `grad_output * sigmoid * (1 +
    // self * (1 - sigmoid))`.
    let sigmoid = s.unary(cx, x, 4)?;
    let scaled = s.arithmetic(cx, grad, &sigmoid)?;
    let one_minus = s.unary(cx, &sigmoid, 1)?;
    let product = s.arithmetic(cx, x, &one_minus)?;
    let one_plus = s.unary(cx, &product, 1)?;
    Ok(s.arithmetic(cx, &scaled, &one_plus)?.strides)
}

/// `mish_backward_strides(grad_output, self, dtype)`: ATen's composite
/// (`math_mish_backward`), `grad * (t + x * sigmoid(x) * (1 - t * t))`
/// with `t = tanh(softplus(x))`, the operands converted as
/// [`silu_backward_strides`]' are.
pub fn mish_backward_strides(
    cx: &mut Cx<'_>,
    grad: &TensorMeta,
    x: &TensorMeta,
    dtype: DType,
) -> Result<Dims> {
    let (s, v) = opmath(cx, &[grad, x], dtype)?;
    let (grad, x) = (&v[0], &v[1]);
    let t = s.unary(cx, x, 2)?;
    // An integral computation turns float at `tanh` and `sigmoid`.
    let sigmoid = s.unary(cx, x, 1)?;
    let x_sigmoid = s.float_arithmetic(cx, x, &sigmoid)?;
    let square = s.arithmetic(cx, &t, &t)?;
    let one_minus = s.unary(cx, &square, 1)?;
    let out = s.arithmetic(cx, &x_sigmoid, &one_minus)?;
    let sum = s.arithmetic(cx, &t, &out)?;
    Ok(s.float_arithmetic(cx, grad, &sum)?.strides)
}

/// `log_sigmoid_backward_strides(grad_output, self, buffer, dtype)`:
/// `grad * (max_deriv - sign * (z / (1 + z)))`, `max_deriv` and `sign`
/// from `where(self < 0, .., ..)` of numbers, `z` the buffer when it has
/// elements, else `exp(-abs(self))`.
pub fn log_sigmoid_backward_strides(
    cx: &mut Cx<'_>,
    grad: &TensorMeta,
    x: &TensorMeta,
    buffer: &TensorMeta,
    dtype: DType,
) -> Result<Dims> {
    let (s, v) = opmath(cx, &[grad, x, buffer], dtype)?;
    let (grad, x, buffer) = (&v[0], &v[1], &v[2]);
    let negative = s.unary(cx, x, 1)?;
    let max_deriv = s.with_number(cx, &[&negative])?;
    let sign = s.with_number(cx, &[&negative])?;
    let numel = buffer.numel(cx.env)?;
    let positive = cx.env.gt(numel, SymInt::Int(0))?;
    let has_elements = cx.env.guard_bool(positive, cx.op)?;
    let z = if has_elements {
        buffer.clone()
    } else {
        s.unary(cx, x, 3)?
    };
    let z_plus_one = s.unary(cx, &z, 1)?;
    // An integral computation turns float at the division.
    let quotient = s.float_arithmetic(cx, &z, &z_plus_one)?;
    let signed = s.float_arithmetic(cx, &sign, &quotient)?;
    let derivative = s.float_arithmetic(cx, &max_deriv, &signed)?;
    Ok(s.float_arithmetic(cx, grad, &derivative)?.strides)
}

/// `logit_backward_strides(grad_output, self, dtype)`:
/// `where(logical_and(x >= lo, x <= hi), grad / (x * (1 - x)), fill)`,
/// the fill a number (`eps` given) or a zero-dim tensor (which a dim
/// broadcast with stride 0 leaves out of the order alike).
pub fn logit_backward_strides(
    cx: &mut Cx<'_>,
    grad: &TensorMeta,
    x: &TensorMeta,
    dtype: DType,
) -> Result<Dims> {
    let (s, v) = opmath(cx, &[grad, x], dtype)?;
    let (grad, x) = (&v[0], &v[1]);
    let low = s.unary(cx, x, 1)?;
    let high = s.unary(cx, x, 1)?;
    let inside = s.step(cx, &[&low, &high])?;
    let one_minus = s.unary(cx, x, 1)?;
    let product = s.arithmetic(cx, x, &one_minus)?;
    let quotient = s.arithmetic(cx, grad, &product)?;
    Ok(s.with_number(cx, &[&inside, &quotient])?.strides)
}

/// `rrelu_with_noise_backward_strides(grad_output, self, noise, training,
/// dtype)`: `grad.mul(noise)` when training, else `leaky_relu_backward`
/// of the converted operands.
pub fn rrelu_with_noise_backward_strides(
    cx: &mut Cx<'_>,
    grad: &TensorMeta,
    x: &TensorMeta,
    noise: &TensorMeta,
    training: bool,
    dtype: DType,
) -> Result<Dims> {
    let (s, v) = opmath(cx, &[grad, x, noise], dtype)?;
    let (grad, x, noise) = (&v[0], &v[1], &v[2]);
    let result = if training {
        s.arithmetic(cx, grad, noise)?
    } else {
        leaky_steps(cx, &s, grad, x)?
    };
    Ok(result.strides)
}

/// `softmax_backward_strides(grad_output, output, dim, dtype)`: the
/// decomposition's `new = grad * output`, then `new - output * sum(new,
/// dim, keepdim=True)` on the operands converted to the computation dtype
/// (the sum kept contiguous), made `contiguous()` (which keeps the
/// strides of size-1 dims).
pub fn softmax_backward_strides(
    cx: &mut Cx<'_>,
    grad: &TensorMeta,
    output: &TensorMeta,
    dim: i64,
    dtype: DType,
) -> Result<Dims> {
    let (s, v) = opmath(cx, &[grad, output], dtype)?;
    let (grad, output) = (&v[0], &v[1]);
    let new = s.arithmetic(cx, grad, output)?;
    let sum = kept_sum(cx, &new, dim)?;
    let product = s.arithmetic(cx, output, &sum)?;
    let result = s.arithmetic(cx, &new, &product)?;
    contiguous_kept(cx, result.sizes, result.strides)
}

/// `softmax_backward_dtype(grad_output, output, input_dtype, log)`: the
/// result dtype of `torch._decomp`'s `_softmax_backward_data` (`log`
/// false) and `_log_softmax_backward_data` (`log` true). Both compute in
/// the operands' computation dtype and convert to `input_dtype` only when
/// that is another; an integral (or bool) computation dtype equal to
/// `input_dtype` keeps the computation's own result: `int64` (it adds a
/// sum of integers) for softmax, the default float dtype (it takes `exp`
/// of an integer) for log softmax.
pub fn softmax_backward_dtype(
    cx: &mut Cx<'_>,
    grad: &TensorMeta,
    output: &TensorMeta,
    input_dtype: DType,
    log: bool,
) -> Result<DType> {
    let computed = result_type(cx, grad, output)?;
    if computed.is_floating_point() || computed.is_complex() || computed != input_dtype {
        return Ok(input_dtype);
    }
    Ok(if log { cx.defaults.dtype } else { DType::Int64 })
}

/// `log_softmax_backward_strides(grad_output, output, dim, dtype)`:
/// `grad - exp(output) * sum(grad, dim, keepdim=True)` on the operands
/// converted to the computation dtype (the sum kept contiguous).
pub fn log_softmax_backward_strides(
    cx: &mut Cx<'_>,
    grad: &TensorMeta,
    output: &TensorMeta,
    dim: i64,
    dtype: DType,
) -> Result<Dims> {
    let (s, v) = opmath(cx, &[grad, output], dtype)?;
    let (grad, output) = (&v[0], &v[1]);
    let exp = laid_out(cx, output)?;
    let sum = kept_sum(cx, grad, dim)?;
    let product = s.arithmetic(cx, &exp, &sum)?;
    Ok(s.arithmetic(cx, grad, &product)?.strides)
}

/// `torch.sum(t, dim, keepdim=True)` as a tensor: `t` with `dim` of size
/// one (a number stays one), laid out as `sum` lays out its result
/// ([`reduced_strides`]).
fn kept_sum(cx: &mut Cx<'_>, t: &TensorMeta, dim: i64) -> Result<TensorMeta> {
    let d = shape::wrap_dim(cx.op, dim, t.dim())?;
    let mut sum = t.clone();
    if !sum.sizes.is_empty() {
        sum.sizes[d] = SymInt::Int(1);
    }
    sum.strides = reduced_strides(cx, t, Some(IntList::from_slice(&[dim])), true)?;
    Ok(sum)
}

/// `result_type_three(a, b, c)`: `torch.result_type` of three tensors
/// (the dtypes `pw_cast_for_opmath` promotes every tensor argument to).
pub fn result_type_three(
    cx: &mut Cx<'_>,
    a: &TensorMeta,
    b: &TensorMeta,
    c: &TensorMeta,
) -> Result<DType> {
    let ops = [tensor_operand(a), tensor_operand(b), tensor_operand(c)];
    fake_runtime::promotion::result_type(&ops, cx.defaults.dtype)
}

/// `log_sigmoid_backward_shape(grad_output, self, buffer)`: the broadcast
/// sizes of the gradient, `self` and, when it has elements, the buffer.
pub fn log_sigmoid_backward_shape(
    cx: &mut Cx<'_>,
    grad: &TensorMeta,
    x: &TensorMeta,
    buffer: &TensorMeta,
) -> Result<Dims> {
    let numel = buffer.numel(cx.env)?;
    let positive = cx.env.gt(numel, SymInt::Int(0))?;
    if cx.env.guard_bool(positive, cx.op)? {
        return fake_runtime::support::pointwise_sizes(cx, &[grad, x, buffer]);
    }
    fake_runtime::support::pointwise_sizes(cx, &[grad, x])
}

/// `rrelu_with_noise_backward_shape(grad_output, self, noise, training)`:
/// the broadcast sizes of the gradient and the noise when training, else
/// of the gradient and `self`.
pub fn rrelu_with_noise_backward_shape(
    cx: &mut Cx<'_>,
    grad: &TensorMeta,
    x: &TensorMeta,
    noise: &TensorMeta,
    training: bool,
) -> Result<Dims> {
    let other = if training { noise } else { x };
    fake_runtime::support::pointwise_sizes(cx, &[grad, other])
}

/// `glu_backward`'s result: the gradients of the halves of `self` along
/// `dim`, `sigmoid(b) * grad` and `(1 - sigmoid(b)) * sigmoid(b) * a *
/// grad`, concatenated along `dim` (`torch._decomp`'s `glu_backward`).
fn glu_backward_result(
    cx: &mut Cx<'_>,
    grad: &TensorMeta,
    x: &TensorMeta,
    dim: i64,
) -> Result<TensorMeta> {
    let d = shape::wrap_dim(cx.op, dim, x.dim())?;
    let half = cx.env.floordiv(x.sizes[d], SymInt::Int(2))?;
    let dtype = result_type(cx, x, grad)?;
    let (s, v) = opmath(cx, &[grad, x], dtype)?;
    let (grad, x) = (&v[0], &v[1]);
    let mut first = x.clone();
    first.sizes[d] = half;
    let mut second = first.clone();
    let moved = cx.env.mul(half, x.strides[d])?;
    second.storage_offset = cx.env.add(x.storage_offset, moved)?;
    let sigmoid = s.unary(cx, &second, 1)?;
    let one_minus = s.unary(cx, &sigmoid, 1)?;
    let product = s.arithmetic(cx, &one_minus, &sigmoid)?;
    let with_first = s.arithmetic(cx, &product, &first)?;
    let grad_second = s.arithmetic(cx, &with_first, grad)?;
    let grad_first = s.arithmetic(cx, &sigmoid, grad)?;
    let halves = [&grad_first, &grad_second];
    // `cat` along `self`'s wrapped dim, counted from the front of the
    // broadcast halves (a gradient of more dims shifts nothing).
    let sizes = cat(cx, &halves, d as i64)?;
    let strides = cat_strides(cx, &halves, sizes.clone())?;
    Ok(TensorMeta {
        sizes,
        strides,
        storage_offset: SymInt::Int(0),
        dtype,
        ..grad_first
    })
}

/// `glu_backward_shape(grad_output, self, dim)`: the sizes of the
/// concatenated gradients of `self`'s halves.
pub fn glu_backward_shape(
    cx: &mut Cx<'_>,
    grad: &TensorMeta,
    x: &TensorMeta,
    dim: i64,
) -> Result<Dims> {
    Ok(glu_backward_result(cx, grad, x, dim)?.sizes)
}

/// `glu_backward_strides(grad_output, self, dim)`: the layout of `cat`
/// of the gradients of `self`'s halves, each a chain of elementwise
/// steps.
pub fn glu_backward_strides(
    cx: &mut Cx<'_>,
    grad: &TensorMeta,
    x: &TensorMeta,
    dim: i64,
) -> Result<Dims> {
    Ok(glu_backward_result(cx, grad, x, dim)?.strides)
}

/// `smooth_l1_loss_backward_strides(grad_output, self, target, dtype)`:
/// `x = self - target`, `g = norm * grad`, `where(|x| < beta, g * x /
/// beta, g * sign(x))`.
pub fn smooth_l1_loss_backward_strides(
    cx: &mut Cx<'_>,
    grad: &TensorMeta,
    input: &TensorMeta,
    target: &TensorMeta,
    dtype: DType,
) -> Result<Dims> {
    let (s, v) = opmath(cx, &[grad, input, target], dtype)?;
    let (grad, input, target) = (&v[0], &v[1], &v[2]);
    let x = s.arithmetic(cx, input, target)?;
    let abs = s.unary(cx, &x, 1)?;
    let scaled = s.unary(cx, grad, 1)?;
    let below = s.unary(cx, &abs, 1)?;
    let product = s.arithmetic(cx, &scaled, &x)?;
    let quadratic = s.unary(cx, &product, 1)?;
    let sign = s.unary(cx, &x, 1)?;
    let linear = s.arithmetic(cx, &scaled, &sign)?;
    Ok(s.step(cx, &[&below, &quadratic, &linear])?.strides)
}

/// `huber_loss_backward_strides(grad_output, self, target, dtype)`: `x =
/// self - target`, `where(x < -delta, -norm * grad * delta, where(x >
/// delta, norm * grad * delta, norm * x * grad))`.
pub fn huber_loss_backward_strides(
    cx: &mut Cx<'_>,
    grad: &TensorMeta,
    input: &TensorMeta,
    target: &TensorMeta,
    dtype: DType,
) -> Result<Dims> {
    let (s, v) = opmath(cx, &[grad, input, target], dtype)?;
    let (grad, input, target) = (&v[0], &v[1], &v[2]);
    let x = s.arithmetic(cx, input, target)?;
    let below = s.unary(cx, &x, 1)?;
    let low = s.unary(cx, grad, 2)?;
    let above = s.unary(cx, &x, 1)?;
    let high = s.unary(cx, grad, 2)?;
    let scaled_x = s.unary(cx, &x, 1)?;
    let middle = s.arithmetic(cx, &scaled_x, grad)?;
    let inner = s.step(cx, &[&above, &high, &middle])?;
    Ok(s.step(cx, &[&below, &low, &inner])?.strides)
}

/// `nll_loss_backward_fits(grad_output, self, target, weight, reduction,
/// total_weight)`: the checks of `nll_loss_backward`'s decomposition
/// after the ranks': batch sizes, a single total weight, a weight per
/// class, and a gradient of one loss per sample (`reduction` none of a
/// batch) or a single one.
pub fn nll_loss_backward_fits(
    cx: &mut Cx<'_>,
    grad: &TensorMeta,
    input: &TensorMeta,
    target: &TensorMeta,
    weight: Option<&TensorMeta>,
    reduction: i64,
    total_weight: &TensorMeta,
) -> Result<bool> {
    let no_batch_dim = input.dim() == 1 && target.dim() == 0;
    if !no_batch_dim {
        let same = match (input.sizes.first(), target.sizes.first()) {
            (Some(&a), Some(&b)) => {
                let eq = cx.env.eq(a, b)?;
                cx.env.guard_bool(eq, cx.op)?
            }
            _ => false,
        };
        if !same {
            return Err(invalid(
                cx,
                format!(
                    "size mismatch (got input: {}, target: {})",
                    shape::display_dims(cx.env, &input.sizes),
                    shape::display_dims(cx.env, &target.sizes)
                ),
            ));
        }
    }
    let numel = total_weight.numel(cx.env)?;
    let single = cx.env.eq(numel, SymInt::Int(1))?;
    if !cx.env.guard_bool(single, cx.op)? {
        return Err(invalid(
            cx,
            format!(
                "expected total_weight to be a single element tensor, got: {} ({} elements)",
                shape::display_dims(cx.env, &total_weight.sizes),
                cx.env.display(numel)
            ),
        ));
    }
    if let (Some(w), Some(&classes)) = (weight, input.sizes.last()) {
        let numel = w.numel(cx.env)?;
        let fits = cx.env.eq(numel, classes)?;
        if !cx.env.guard_bool(fits, cx.op)? {
            return Err(invalid(
                cx,
                "weight tensor should be defined either for all or no classes".into(),
            ));
        }
    }
    if reduction == 0 && input.dim() == 2 {
        let fits = grad.dim() == 1 && {
            let eq = cx.env.eq(grad.sizes[0], input.sizes[0])?;
            cx.env.guard_bool(eq, cx.op)?
        };
        if !fits {
            return Err(invalid(
                cx,
                format!(
                    "Expected a tensor of dimension 1 and tensor.size[0] == {} but got: dimension {}",
                    cx.env.display(input.sizes[0]),
                    grad.dim()
                ),
            ));
        }
    } else {
        let numel = grad.numel(cx.env)?;
        let one = cx.env.eq(numel, SymInt::Int(1))?;
        if !(grad.dim() <= 1 && cx.env.guard_bool(one, cx.op)?) {
            return Err(invalid(
                cx,
                format!(
                    "Expected a single element grad_output tensor, but got: {}",
                    shape::display_dims(cx.env, &grad.sizes)
                ),
            ));
        }
    }
    Ok(true)
}

/// `nll_loss_backward_output(grad_output, self, target, weight,
/// reduction, total_weight)`: `_nll_loss_backward`, the decomposition
/// `nll_loss_backward` and `nll_loss2d_backward` share: `scatter` of -1
/// into `zeros_like(self)` (contiguous, `self`'s dtype) times the
/// gradient (divided by the total weight for a mean, unsqueezed at the
/// channel dim, times the weight reshaped to broadcast along it, then
/// `where(target != ignore_index, grad, 0)`).
pub fn nll_loss_backward_output(
    cx: &mut Cx<'_>,
    grad: &TensorMeta,
    input: &TensorMeta,
    target: &TensorMeta,
    weight: Option<&TensorMeta>,
    reduction: i64,
    total_weight: &TensorMeta,
) -> Result<TensorMeta> {
    let channel_dim = usize::from(input.dim() >= 2);
    let mut grad = grad.clone();
    let s = Steps { dtype: grad.dtype };
    if reduction == 1 {
        // A true division: integers give the default float dtype.
        let mut dtype = fake_runtime::promotion::result_type(
            &[tensor_operand(&grad), tensor_operand(total_weight)],
            cx.defaults.dtype,
        )?;
        if !dtype.is_floating_point() && !dtype.is_complex() {
            dtype = cx.defaults.dtype;
        }
        grad = TensorMeta {
            dtype,
            ..s.arithmetic(cx, &grad, total_weight)?
        };
    }
    // A 1-D input takes the first target alone.
    let mut target = target.clone();
    if input.dim() == 1 && target.dim() > 0 {
        target.sizes.remove(0);
        target.strides.remove(0);
    }
    let target = unsqueezed(cx, &target, channel_dim)?;
    let kept = s.unary(cx, &target, 1)?;
    let grad_input = TensorMeta::contiguous(cx.env, &input.sizes, input.dtype, cx.device)?;
    // `scatter(zeros_like(self), channel_dim, safe_target, -1.0)`, the
    // safe target `where(target != ignore_index, target, 0)` (a bool one
    // int64 by the `0`).
    let safe_target = TensorMeta {
        dtype: if target.dtype == DType::Bool {
            DType::Int64
        } else {
            target.dtype
        },
        ..kept.clone()
    };
    crate::kernels::scatter_check(cx, &grad_input, channel_dim as i64, &safe_target, None)?;
    if grad_input.dim() > grad.dim() && grad.dim() > 0 {
        grad = unsqueezed(cx, &grad, channel_dim)?;
    }
    if let Some(w) = weight {
        // `new_shape[channel_dim] = weight.shape[0]`: refused for a
        // zero-dim weight or input, as Python's indexing refuses them.
        let mut sizes: Dims = (0..input.dim()).map(|_| SymInt::Int(1)).collect();
        let Some(&classes) = w.sizes.first() else {
            return Err(invalid(
                cx,
                "tuple index out of range: weight.shape[0] of a zero-dim weight".into(),
            ));
        };
        let Some(slot) = sizes.get_mut(channel_dim) else {
            return Err(invalid(
                cx,
                format!(
                    "list assignment index out of range: the channel dim {channel_dim} of an input of {} dims",
                    input.dim()
                ),
            ));
        };
        *slot = classes;
        let numel = w.numel(cx.env)?;
        let want = shape::numel(cx.env, &sizes)?;
        let same = cx.env.eq(numel, want)?;
        if !cx.env.guard_bool(same, cx.op)? {
            return Err(invalid(
                cx,
                format!(
                    "shape '{}' is invalid for input of size {}",
                    shape::display_dims(cx.env, &sizes),
                    cx.env.display(numel)
                ),
            ));
        }
        let (sizes, strides, _) = reshape_geometry(cx, w, &sizes)?;
        let reshaped = TensorMeta {
            sizes,
            strides,
            ..w.clone()
        };
        let dtype = fake_runtime::promotion::result_type(
            &[tensor_operand(&grad), tensor_operand(&reshaped)],
            cx.defaults.dtype,
        )?;
        grad = TensorMeta {
            dtype,
            ..s.arithmetic(cx, &grad, &reshaped)?
        };
    }
    let grad_dtype = grad.dtype;
    let grad = s.with_number(cx, &[&kept, &grad])?;
    let dtype = fake_runtime::promotion::promote_types(input.dtype, grad_dtype)?;
    let result = s.arithmetic(cx, &grad_input, &grad)?;
    Ok(TensorMeta {
        dtype,
        storage_offset: SymInt::Int(0),
        ..result
    })
}
