//! Layouts of the elementwise operators whose fake result comes from a
//! Python decomposition of several steps (`torch._refs.logaddexp`,
//! `lcm`, `heaviside`, `xlogy`): each step's layout computed from the
//! layouts of the steps before it, as the references' elementwise meta
//! computes it. A unary step lays its input out afresh; a Python number
//! made a tensor (`where(c, 0, x)`) takes part inside the meta kernel
//! (`StrideRule::WithNumber`); a comparison of two bool tensors goes to
//! `bitwise_and` as they are.

use super::*;
use crate::kernels::Remembered;
use fake_runtime::pointwise::{StrideRule, laid_out, maybe_broadcast, outside_kernel};
use fake_runtime::support::{converted, pointwise_output_by, pointwise_sizes, remembered_geometry};

/// One decomposition's steps: the dtype of an intermediate matters to its
/// layout only where an integral computation turns float part way (see
/// [`Steps::float_arithmetic`]), so all are given the result's.
pub(crate) struct Steps {
    pub(crate) dtype: DType,
}

impl Steps {
    /// The elementwise step over `inputs` as given.
    pub(crate) fn step(&self, cx: &mut Cx<'_>, inputs: &[&TensorMeta]) -> Result<TensorMeta> {
        pointwise_output_by(cx, inputs, self.dtype, StrideRule::Elementwise)
    }

    /// A `torch.add`/`sub`/`mul`/`div` of two tensors the reference calls
    /// through the fake mode itself (not as a meta kernel's inner step):
    /// on symbolic sizes the mode's fast path answers first.
    pub(crate) fn arithmetic(
        &self,
        cx: &mut Cx<'_>,
        a: &TensorMeta,
        b: &TensorMeta,
    ) -> Result<TensorMeta> {
        pointwise_output_by(cx, &[a, b], self.dtype, StrideRule::FastBinary)
    }

    /// [`Steps::arithmetic`] at or after the step where an integral
    /// computation turns float (a true division, a product with a float
    /// number): the promotion converts the integral operands first, which
    /// lays a non-dense one out afresh. The fast path tests the operands
    /// as given. Of a floating computation, [`Steps::arithmetic`].
    pub(crate) fn float_arithmetic(
        &self,
        cx: &mut Cx<'_>,
        a: &TensorMeta,
        b: &TensorMeta,
    ) -> Result<TensorMeta> {
        if !self.dtype.is_integral(true) {
            return self.arithmetic(cx, a, b);
        }
        let float = cx.defaults.dtype;
        let (fa, fb) = (converted(cx, a, float)?, converted(cx, b, float)?);
        if fa.is_none() && fb.is_none() {
            return self.arithmetic(cx, a, b);
        }
        let operands = [fa.as_ref().unwrap_or(a), fb.as_ref().unwrap_or(b)];
        fake_runtime::support::pointwise_output_fast_binary(
            cx,
            &[a, b],
            &operands,
            self.dtype,
            false,
        )
    }

    /// The step over `inputs` and a number the reference hands it
    /// (`where(c, x, 0)`): a zero-dim tensor that takes part inside a
    /// plain meta kernel, a number that does not under the Python
    /// dispatcher (`StrideRule::RefWithNumber`).
    pub(crate) fn with_number(
        &self,
        cx: &mut Cx<'_>,
        inputs: &[&TensorMeta],
    ) -> Result<TensorMeta> {
        pointwise_output_by(cx, inputs, self.dtype, StrideRule::RefWithNumber)
    }

    /// The step over `inputs` and a zero-dim tensor the decomposition
    /// makes of a number (`self.new_full((), 2.0)`): it takes part inside
    /// the meta kernel, and not on symbolic sizes, where the references'
    /// layout leaves CPU scalars out (`StrideRule::WithNumber`).
    pub(crate) fn with_zero_dim(
        &self,
        cx: &mut Cx<'_>,
        inputs: &[&TensorMeta],
    ) -> Result<TensorMeta> {
        pointwise_output_by(cx, inputs, self.dtype, StrideRule::WithNumber)
    }

    /// `times` unary steps on `t`.
    pub(crate) fn unary(
        &self,
        cx: &mut Cx<'_>,
        t: &TensorMeta,
        times: usize,
    ) -> Result<TensorMeta> {
        let mut t = laid_out(cx, t)?;
        for _ in 1..times {
            t = laid_out(cx, &t)?;
        }
        Ok(t)
    }

    /// `t` converted to the computation dtype of the result's
    /// (`elementwise_type_promotion_wrapper`).
    pub(crate) fn converted(&self, cx: &mut Cx<'_>, t: &TensorMeta) -> Result<TensorMeta> {
        let compute = fake_runtime::promotion::computation_dtype(self.dtype);
        Ok(converted(cx, t, compute)?.unwrap_or_else(|| t.clone()))
    }

    /// `t.contiguous()`: `t` itself when contiguous, else a contiguous copy.
    pub(crate) fn contiguous(&self, cx: &mut Cx<'_>, t: &TensorMeta) -> Result<TensorMeta> {
        Ok(TensorMeta {
            strides: contiguous_kept(cx, t.sizes.clone(), t.strides.clone())?,
            ..t.clone()
        })
    }

    /// The steps of a binary elementwise reference computing `dtype`, and
    /// its two operands as it hands them to its body: converted, then
    /// broadcast.
    pub(crate) fn binary(
        cx: &mut Cx<'_>,
        a: &TensorMeta,
        b: &TensorMeta,
        dtype: DType,
    ) -> Result<(Steps, TensorMeta, TensorMeta)> {
        let s = Steps { dtype };
        let (a, b) = (s.converted(cx, a)?, s.converted(cx, b)?);
        let sizes = pointwise_sizes(cx, &[&a, &b])?;
        let outside = outside_kernel(&[&a, &b]);
        let (a, b) = (
            maybe_broadcast(cx, &a, &sizes, outside)?,
            maybe_broadcast(cx, &b, &sizes, outside)?,
        );
        Ok((s, a, b))
    }
}

/// `logaddexp_strides(self, other, dtype, base2)`: the layout of
/// `torch._refs.logaddexp` (`logaddexp2` when `base2`): `where(inf_mask,
/// a, max + log1p(exp(min - max)))`, `max` and `min` chosen by `a >= b`,
/// `inf_mask` from `isfinite(a)` and `a == b`.
pub fn logaddexp_strides(
    cx: &mut Cx<'_>,
    a: &TensorMeta,
    b: &TensorMeta,
    dtype: DType,
    base2: bool,
) -> Result<Dims> {
    let (s, a, b) = Steps::binary(cx, a, b, dtype)?;
    let mask = s.step(cx, &[&a, &b])?;
    let max = s.step(cx, &[&mask, &a, &b])?;
    let min = s.step(cx, &[&mask, &b, &a])?;
    let not_finite = s.unary(cx, &a, 2)?;
    let equal = s.step(cx, &[&a, &b])?;
    let inf_mask = s.step(cx, &[&not_finite, &equal])?;
    let difference = s.step(cx, &[&min, &max])?;
    // exp, log1p (and for base 2 the product with 1/log(2)).
    let tail = s.unary(cx, &difference, if base2 { 3 } else { 2 })?;
    let result = s.step(cx, &[&max, &tail])?;
    Ok(s.step(cx, &[&inf_mask, &a, &result])?.strides)
}

/// `lcm_strides(self, other, dtype)`: the layout of `torch._refs.lcm`:
/// `g = gcd(a, b)`, `g = where(g == 0, 1, g)`, `abs(a / g * b)`.
pub fn lcm_strides(cx: &mut Cx<'_>, a: &TensorMeta, b: &TensorMeta, dtype: DType) -> Result<Dims> {
    let (s, a, b) = Steps::binary(cx, a, b, dtype)?;
    let gcd = s.step(cx, &[&a, &b])?;
    let is_zero = s.unary(cx, &gcd, 1)?;
    let g = s.with_number(cx, &[&is_zero, &gcd])?;
    let quotient = s.step(cx, &[&a, &g])?;
    let product = s.step(cx, &[&quotient, &b])?;
    Ok(s.unary(cx, &product, 1)?.strides)
}

/// `heaviside_strides(self, values, dtype)`: the layout of
/// `torch._refs.heaviside`: `where(input == 0, values, where(input < 0 or
/// isnan(input), 0, 1))`.
pub fn heaviside_strides(
    cx: &mut Cx<'_>,
    input: &TensorMeta,
    values: &TensorMeta,
    dtype: DType,
) -> Result<Dims> {
    let (s, input, values) = Steps::binary(cx, input, values, dtype)?;
    let eq_zero = s.unary(cx, &input, 1)?;
    let lt_zero = s.step(cx, &[&eq_zero, &eq_zero])?;
    let zeros_and_ones = s.with_number(cx, &[&lt_zero])?;
    Ok(s.step(cx, &[&eq_zero, &values, &zeros_and_ones])?.strides)
}

/// `xlogy_strides(self, other, dtype)`: the layout of `torch._refs.xlogy`
/// (and `special.xlog1py`) computing `dtype`: the inputs converted to its
/// computation dtype (not broadcast), then `where(isnan(other), nan,
/// where(self == 0, 0, self * log(other)))`.
pub fn xlogy_strides(
    cx: &mut Cx<'_>,
    a: &TensorMeta,
    b: &TensorMeta,
    dtype: DType,
) -> Result<Dims> {
    let s = Steps { dtype };
    let (a, b) = (s.converted(cx, a)?, s.converted(cx, b)?);
    let log_b = s.unary(cx, &b, 1)?;
    let product = s.step(cx, &[&a, &log_b])?;
    let is_zero = s.unary(cx, &a, 1)?;
    let rhs = s.with_number(cx, &[&is_zero, &product])?;
    Ok(s.with_number(cx, &[&log_b, &rhs])?.strides)
}

/// `clamp_strides(self, min, max, dtype)`: the layout of
/// `torch._refs.clamp` by tensors: the operands converted to the
/// computation dtype of `dtype`, then for each bound given `where(a >=
/// min or isnan(a), a, min)` (`<=` for `max`).
pub fn clamp_strides(
    cx: &mut Cx<'_>,
    a: &TensorMeta,
    min: Option<&TensorMeta>,
    max: Option<&TensorMeta>,
    dtype: DType,
) -> Result<Dims> {
    let s = Steps { dtype };
    let mut a = s.converted(cx, a)?;
    for bound in [min, max].into_iter().flatten() {
        let bound = s.converted(cx, bound)?;
        let is_nan = s.unary(cx, &a, 1)?;
        let compared = s.step(cx, &[&a, &bound])?;
        let condition = s.step(cx, &[&compared, &is_nan])?;
        a = s.step(cx, &[&condition, &a, &bound])?;
    }
    Ok(a.strides)
}

/// The layout of a reference the Python dispatcher makes the meta kernel
/// (export), taken step by step by `steps` over `t` converted to the
/// computation dtype of `dtype`; a plain mode runs the meta kernel, one
/// elementwise step by `plain`. On a symbolic `t` the steps' layout is
/// remembered in the ShapeEnv under `which` (the reference, and the
/// values its steps depend on besides `t` and `dtype`).
fn reference_layout(
    cx: &mut Cx<'_>,
    t: &TensorMeta,
    dtype: DType,
    plain: StrideRule,
    which: (Remembered, &[SymInt]),
    steps: impl FnOnce(&mut Cx<'_>, &Steps, TensorMeta) -> Result<TensorMeta>,
) -> Result<Dims> {
    if !cx.defaults.python_dispatcher && !t.is_static() {
        return Ok(pointwise_output_by(cx, &[t], dtype, plain)?.strides);
    }
    let taken = |cx: &mut Cx<'_>| {
        let s = Steps { dtype };
        let a = s.converted(cx, t)?;
        let out = steps(cx, &s, a)?;
        Ok((out.sizes, out.strides))
    };
    if t.is_static() {
        return Ok(taken(cx)?.1);
    }
    let (tag, params) = which;
    let computed = [SymInt::Int(dtype as i64)];
    Ok(remembered_geometry(cx, tag as i64, &[t], &[params, &computed], taken)?.1)
}

/// [`reference_layout`] of a reference computing in `t`'s own dtype whose
/// plain mode on symbolic sizes takes one elementwise step.
fn elementwise_reference(
    cx: &mut Cx<'_>,
    t: &TensorMeta,
    which: (Remembered, &[SymInt]),
    steps: impl FnOnce(&mut Cx<'_>, &Steps, TensorMeta) -> Result<TensorMeta>,
) -> Result<Dims> {
    reference_layout(cx, t, t.dtype, StrideRule::Elementwise, which, steps)
}

/// `torch._refs.clamp`'s steps by `bounds` numbers: per bound,
/// `where(a >= min or isnan(a), a, min)` (`<=` for `max`), each `a` laid
/// out afresh, the number taking no part.
fn clamped(cx: &mut Cx<'_>, s: &Steps, mut a: TensorMeta, bounds: usize) -> Result<TensorMeta> {
    for _ in 0..bounds {
        let is_nan = s.unary(cx, &a, 1)?;
        let condition = s.step(cx, &[&is_nan, &is_nan])?;
        a = s.with_number(cx, &[&condition, &a])?;
    }
    Ok(a)
}

/// `clamp_number_strides(self, has_min, has_max, dtype)`: the layout of
/// `torch._refs.clamp` by numbers (and of `hardtanh` and `relu6`, which
/// call it with both): a `where` per bound kept (`clamped`; with none,
/// the reference's clone of `self`), so under
/// the Python dispatcher a second bound reorders what the first left (a
/// size-1 dim's stride); a plain mode runs the meta kernel, one
/// elementwise step with the number a zero-dim operand
/// (`StrideRule::RefWhereNumber`).
pub fn clamp_number_strides(
    cx: &mut Cx<'_>,
    t: &TensorMeta,
    has_min: bool,
    has_max: bool,
    dtype: DType,
) -> Result<Dims> {
    let bounds = usize::from(has_min) + usize::from(has_max);
    // Both bounds dropped by the reference: `t`'s clone.
    if bounds == 0 {
        return clone_strides(cx, t, None);
    }
    let bounded = [
        SymInt::Int(i64::from(has_min)),
        SymInt::Int(i64::from(has_max)),
    ];
    let which = (Remembered::ClampSteps, &bounded[..]);
    reference_layout(
        cx,
        t,
        dtype,
        StrideRule::RefWhereNumber,
        which,
        |cx, s, a| clamped(cx, s, a, bounds),
    )
}

/// `hardsigmoid_strides(self)`: the layout of `torch._decomp`'s
/// `hardsigmoid`, `clamp(clamp(self + 3, min=0), max=6) / 6`, when the
/// Python dispatcher makes the decomposition the meta kernel (each
/// arithmetic step with a number through the fast binary path on
/// symbolic sizes, each `clamp` by `clamped`); a plain mode runs
/// TensorIterator's unary kernel, or on symbolic sizes the decomposition
/// whose first step's fast path decides (`StrideRule::FastBinary`).
pub fn hardsigmoid_strides(cx: &mut Cx<'_>, t: &TensorMeta) -> Result<Dims> {
    let which = (Remembered::HardsigmoidSteps, &[][..]);
    reference_layout(cx, t, t.dtype, StrideRule::FastBinary, which, |cx, s, a| {
        let a = pointwise_output_by(cx, &[&a], s.dtype, StrideRule::FastBinary)?;
        let a = clamped(cx, s, a, 2)?;
        pointwise_output_by(cx, &[&a], s.dtype, StrideRule::FastBinary)
    })
}

/// `gelu_strides(self, approximate)`: the layout of `torch._refs`'
/// `gelu` when the Python dispatcher makes the reference the meta kernel:
/// `a * 0.5 * (1 + erf(a * kAlpha))`, or for `"tanh"` `0.5 * a * (1 +
/// tanh(kBeta * (a + kKappa * a * a * a)))`, each step laid out from the
/// ones before (a product of two tensors through the fast binary path on
/// symbolic sizes); a plain mode runs TensorIterator's unary kernel, or
/// on symbolic sizes the reference whose first step's fast path decides
/// (`StrideRule::FastBinary`).
pub fn gelu_strides(cx: &mut Cx<'_>, t: &TensorMeta, approximate: &str) -> Result<Dims> {
    let tanh = [SymInt::Int(i64::from(approximate == "tanh"))];
    let which = (Remembered::GeluSteps, &tanh[..]);
    reference_layout(cx, t, t.dtype, StrideRule::FastBinary, which, |cx, s, a| {
        let one_plus = if approximate == "tanh" {
            let square = s.arithmetic(cx, &a, &a)?;
            let cube = s.arithmetic(cx, &square, &a)?;
            let kappa_cube = s.unary(cx, &cube, 1)?;
            let sum = s.arithmetic(cx, &a, &kappa_cube)?;
            // `kBeta * sum`, `tanh`, `1 + ...`.
            s.unary(cx, &sum, 3)?
        } else {
            // `a * kAlpha`, `erf`, `1 + ...`.
            s.unary(cx, &a, 3)?
        };
        let half = s.unary(cx, &a, 1)?;
        s.arithmetic(cx, &half, &one_plus)
    })
}

/// `elu_strides(self)`: the layout of `torch._refs`' `elu` when the
/// Python dispatcher makes the reference the meta kernel: `where(a > 0,
/// scale * a, (alpha * scale) * expm1(a * input_scale))`, the condition
/// and the first branch one step from `a`, the second three; a plain mode
/// runs TensorIterator's unary kernel (`StrideRule::Elementwise`).
pub fn elu_strides(cx: &mut Cx<'_>, t: &TensorMeta) -> Result<Dims> {
    let which = (Remembered::EluSteps, &[][..]);
    elementwise_reference(cx, t, which, |cx, s, a| {
        let positive = s.unary(cx, &a, 1)?;
        let scaled = s.unary(cx, &a, 1)?;
        let negative = s.unary(cx, &a, 3)?;
        s.step(cx, &[&positive, &scaled, &negative])
    })
}

/// `celu_strides(self)`: the layout of `torch._refs.nn.functional.celu`,
/// which PyTorch registers as the operator's Meta kernel: `where(a > 0,
/// a, expm1(a))` (`alpha * expm1(a / alpha)` given an `alpha`, of the
/// same layout), each branch one step from `a`. An integral or bool `a`
/// is converted to the float of `expm1`'s result twice over, by `expm1`
/// and by `where`'s promotion, each conversion laying a non-dense `a` out
/// afresh; a plain mode on symbolic sizes takes one elementwise step.
pub fn celu_strides(cx: &mut Cx<'_>, t: &TensorMeta) -> Result<Dims> {
    let which = (Remembered::CeluSteps, &[][..]);
    elementwise_reference(cx, t, which, |cx, s, a| {
        let positive = s.unary(cx, &a, 1)?;
        if a.dtype.is_floating_point() || a.dtype.is_complex() {
            let negative = s.unary(cx, &a, 1)?;
            return s.step(cx, &[&positive, &a, &negative]);
        }
        let float = converted(cx, &a, DType::Float32)?.unwrap_or(a);
        let negative = s.unary(cx, &float, 1)?;
        s.step(cx, &[&positive, &float, &negative])
    })
}

/// `torch._refs.nn.functional.softplus`'s steps on `a` (laid out as the
/// type promotion wrapper hands it over): `where(scaled > threshold, a,
/// rhs)`, `scaled` being `a * beta` when `beta` is given, else `a`, and
/// `rhs` `log1p(exp(scaled))` (divided by `beta` when given). An integral
/// or bool `a` is converted to float by the first step that promotes it
/// (`a * beta`, else `exp`) and by `where`'s promotion.
fn softplus_steps(cx: &mut Cx<'_>, s: &Steps, a: &TensorMeta, beta: bool) -> Result<TensorMeta> {
    let floating = a.dtype.is_floating_point() || a.dtype.is_complex();
    let float = if floating {
        a.clone()
    } else {
        converted(cx, a, DType::Float32)?.unwrap_or_else(|| a.clone())
    };
    let (condition, rhs) = if beta {
        let scaled = s.unary(cx, &float, 1)?;
        (s.unary(cx, &scaled, 1)?, s.unary(cx, &scaled, 3)?)
    } else {
        (s.unary(cx, a, 1)?, s.unary(cx, &float, 2)?)
    };
    s.step(cx, &[&condition, &float, &rhs])
}

/// `softplus_strides(self, beta_given)`: the layout of
/// `torch._refs.nn.functional.softplus`, which PyTorch registers as the
/// operator's Meta kernel, step by step (`softplus_steps`); a plain
/// mode on symbolic sizes takes one elementwise step.
pub fn softplus_strides(cx: &mut Cx<'_>, t: &TensorMeta, beta_given: bool) -> Result<Dims> {
    let given = [SymInt::Int(i64::from(beta_given))];
    let which = (Remembered::SoftplusSteps, &given[..]);
    elementwise_reference(cx, t, which, |cx, s, a| {
        softplus_steps(cx, s, &a, beta_given)
    })
}

/// `mish_strides(self)`: the layout of `torch._refs.nn.functional.mish`,
/// which PyTorch registers as the operator's Meta kernel: `a *
/// tanh(softplus(a))` (`softplus_steps` without a `beta`, its result
/// converted back to `a`'s dtype, which keeps it dense), the product
/// converting an integral or bool `a` to float; a plain mode on symbolic
/// sizes takes the fake mode's fast binary path for the product.
pub fn mish_strides(cx: &mut Cx<'_>, t: &TensorMeta) -> Result<Dims> {
    let which = (Remembered::MishSteps, &[][..]);
    reference_layout(cx, t, t.dtype, StrideRule::FastBinary, which, |cx, s, a| {
        let softplus = softplus_steps(cx, s, &a, false)?;
        let tanh = s.unary(cx, &softplus, 1)?;
        let floating = a.dtype.is_floating_point() || a.dtype.is_complex();
        let a = if floating {
            a
        } else {
            converted(cx, &a, DType::Float32)?.unwrap_or(a)
        };
        s.arithmetic(cx, &a, &tanh)
    })
}

/// `hardshrink_strides(self)`: the layout of `torch._refs`' `hardshrink`,
/// which PyTorch registers as its Meta kernel: `where(abs(a) <= lambd,
/// 0, a)`, the condition two steps from `a`, the `0` made a zero-dim
/// tensor by `where.ScalarSelf`'s decomposition (taking part inside the
/// meta kernel, not on symbolic sizes).
pub fn hardshrink_strides(cx: &mut Cx<'_>, t: &TensorMeta) -> Result<Dims> {
    let s = Steps { dtype: t.dtype };
    let condition = s.unary(cx, t, 2)?;
    Ok(s.with_zero_dim(cx, &[&condition, t])?.strides)
}

/// `ldexp_strides(self, other, dtype)`: the layout of `torch._decomp`'s
/// `ldexp`, `self * pow(two, other)` with `two` a zero-dim tensor: the
/// power's step over `other` and the zero-dim tensor, then the product,
/// which the decomposition asks of the fake mode itself.
pub fn ldexp_strides(
    cx: &mut Cx<'_>,
    a: &TensorMeta,
    b: &TensorMeta,
    dtype: DType,
) -> Result<Dims> {
    let s = Steps { dtype };
    let power = s.with_zero_dim(cx, &[b])?;
    Ok(s.arithmetic(cx, a, &power)?.strides)
}

/// `copysign_strides(self, other, dtype)`: the layout of
/// `torch._refs.copysign` (a binary elementwise reference): `where(
/// signbit(other), -abs(self), abs(self))` on the broadcast operands.
pub fn copysign_strides(
    cx: &mut Cx<'_>,
    a: &TensorMeta,
    b: &TensorMeta,
    dtype: DType,
) -> Result<Dims> {
    let (s, a, b) = Steps::binary(cx, a, b, dtype)?;
    let sign = s.unary(cx, &b, 1)?;
    let abs = s.unary(cx, &a, 1)?;
    let negated = s.unary(cx, &abs, 1)?;
    Ok(s.step(cx, &[&sign, &negated, &abs])?.strides)
}

/// `log_softmax_strides(self, dim)`: the layout of `torch._decomp`'s
/// `_log_softmax`: `x = self.contiguous()`, `shifted = x - amax(x, dim,
/// keepdim=True)` (not for an `x` known to be empty), then `shifted -
/// log(sum(exp(shifted), dim, keepdim=True))`. The kept reduced dim
/// broadcasts with stride 0, so the steps order the dims by `x`'s strides
/// rather than taking the all-contiguous short cut; on symbolic sizes the
/// mode's fast path for `sub` answers each subtraction first.
pub fn log_softmax_strides(cx: &mut Cx<'_>, t: &TensorMeta, dim: i64) -> Result<Dims> {
    let s = Steps { dtype: t.dtype };
    let x = s.contiguous(cx, t)?;
    if x.sizes.is_empty() {
        return Ok(Dims::new());
    }
    let d = shape::wrap_dim(cx.op, dim, x.dim())?;
    let mut kept = x.sizes.clone();
    kept[d] = SymInt::Int(1);
    let reduced = TensorMeta::contiguous(cx.env, &kept, t.dtype, t.device)?;
    let numel = x.numel(cx.env)?;
    let empty = cx.env.eq(numel, SymInt::Int(0))?;
    // Both subtractions are the mode's own (its fast path on symbolic
    // sizes).
    let shifted = if cx.env.guard_or_false(empty, cx.op)? {
        x
    } else {
        s.arithmetic(cx, &x, &reduced)?
    };
    Ok(s.arithmetic(cx, &shifted, &reduced)?.strides)
}

/// `diag_embed_strides(self, offset, dim1, dim2)`: the layout of
/// `torch._refs.diag_embed`, which PyTorch runs as the operator's meta
/// kernel: `self` padded with `|offset|` zeros along its last dim
/// (`cat`), unsqueezed at `dim1` with that last dim moved to `dim2`, then
/// `mask_tensor(cond, t).contiguous()` with the `[n, n]` condition
/// reshaped (ATen's `computeStride`) to ones but at the two dims. The
/// result is contiguous but where its size-1 dims keep the strides the
/// masking step gave them.
pub fn diag_embed_strides(
    cx: &mut Cx<'_>,
    t: &TensorMeta,
    offset: i64,
    dim1: i64,
    dim2: i64,
) -> Result<Dims> {
    let s = Steps { dtype: t.dtype };
    let rank = t.dim() + 1;
    let (mut d1, mut d2) = (
        shape::wrap_dim(cx.op, dim1, rank)?,
        shape::wrap_dim(cx.op, dim2, rank)?,
    );
    let mut offset = offset;
    if d1 > d2 {
        (d1, d2) = (d2, d1);
        offset = -offset;
    }
    let Some(&last) = t.sizes.last() else {
        return Ok(Dims::new());
    };
    let padded = if offset == 0 {
        t.clone()
    } else {
        let mut zeros = t.sizes.clone();
        zeros[rank - 2] = SymInt::Int(offset.abs());
        let z = TensorMeta::contiguous(cx.env, &zeros, t.dtype, t.device)?;
        let pair: SmallVec<[&TensorMeta; 4]> = if offset > 0 {
            smallvec::smallvec![&z, t]
        } else {
            smallvec::smallvec![t, &z]
        };
        let outs = crate::erased::cat(
            cx,
            &[
                fake_runtime::Arg::Tensors(pair),
                fake_runtime::Arg::Int(SymInt::Int(-1)),
            ],
        )?;
        match outs.into_iter().next() {
            Some(fake_runtime::Out::Tensor(t, _)) => t,
            _ => return Err(invalid(cx, "cat gave no tensor".into())),
        }
    };
    let n = cx.env.add(last, SymInt::Int(offset.abs()))?;
    // `unsqueeze(dim1)`, then `movedim(-1, dim2)`.
    let mut moved = unsqueezed(cx, &padded, d1)?;
    let (size, stride) = (moved.sizes.remove(rank - 1), moved.strides.remove(rank - 1));
    moved.sizes.insert(d2, size);
    moved.strides.insert(d2, stride);
    let square = Dims::from_slice(&[n, n]);
    let square_strides = fake_runtime::strides::contiguous(cx.env, &square)?;
    let cond_shape: Dims = (0..rank)
        .map(|i| {
            if i == d1 || i == d2 {
                n
            } else {
                SymInt::Int(1)
            }
        })
        .collect();
    // `cond.reshape(cond_shape)`: ATen's `computeStride`, whose
    // decisions are `guard_or_false` / `guard_or_true` (no error on an
    // unbacked length).
    let cond_strides = fake_runtime::strides::view_strides(
        cx.env,
        &square,
        &square_strides,
        &cond_shape,
        cx.op,
        Decide::OrFalse,
    )?
    .map_or_else(
        || fake_runtime::strides::contiguous(cx.env, &cond_shape),
        Ok,
    )?;
    let cond = TensorMeta {
        sizes: cond_shape,
        strides: cond_strides,
        ..TensorMeta::contiguous(cx.env, &[], DType::Bool, t.device)?
    };
    let masked = if t.dtype == DType::Bool {
        s.step(cx, &[&cond, &moved])?
    } else {
        s.with_number(cx, &[&cond, &moved])?
    };
    contiguous_kept(cx, masked.sizes, masked.strides)
}

/// `trilu_strides(self)`: the layout of `torch._refs.tril` / `triu`:
/// `mask_tensor(mask, self).contiguous()`, the `[h, w]` mask broadcast
/// against `self` in `where(mask, self, 0)` (`logical_and` for bools).
pub fn trilu_strides(cx: &mut Cx<'_>, t: &TensorMeta) -> Result<Dims> {
    let s = Steps { dtype: t.dtype };
    let n = t.dim();
    if n < 2 {
        return Ok(t.strides.clone());
    }
    let mask = TensorMeta::contiguous(cx.env, &t.sizes[n - 2..], DType::Bool, t.device)?;
    let masked = if t.dtype == DType::Bool {
        s.step(cx, &[&mask, t])?
    } else {
        s.with_number(cx, &[&mask, t])?
    };
    contiguous_kept(cx, masked.sizes, masked.strides)
}

/// `layer_norm_strides(input, stats, weight, bias)`: the layout of
/// `torch._refs.native_layer_norm`'s output: `x = input.contiguous()`,
/// `(x - mean) * rstd` with the statistics (`stats`, the normalized dims
/// kept as ones) broadcast against it, then `* weight + bias` when given.
/// The fake mode runs the reference itself (`native_layer_norm_fake`), so
/// each arithmetic step goes through the mode, its fast path included.
pub fn layer_norm_strides(
    cx: &mut Cx<'_>,
    input: &TensorMeta,
    stats: Dims,
    weight: Option<&TensorMeta>,
    bias: Option<&TensorMeta>,
) -> Result<Dims> {
    if [Some(input), weight, bias]
        .into_iter()
        .flatten()
        .all(dense_static)
    {
        // Every step's operands are contiguous, so is every result.
        return fake_runtime::strides::contiguous(cx.env, &input.sizes);
    }
    layer_norm_steps(cx, input, stats, weight, bias)
}

/// True when `t` is static, has no empty dim and has exactly the
/// contiguous strides of its sizes (size-one dims included).
fn dense_static(t: &TensorMeta) -> bool {
    fake_runtime::strides::is_exactly_contiguous(&t.sizes, &t.strides)
        && t.sizes.iter().all(|s| s.as_int().is_some_and(|v| v > 0))
}

/// [`layer_norm_strides`] step by step.
fn layer_norm_steps(
    cx: &mut Cx<'_>,
    input: &TensorMeta,
    stats: Dims,
    weight: Option<&TensorMeta>,
    bias: Option<&TensorMeta>,
) -> Result<Dims> {
    let s = Steps { dtype: input.dtype };
    let x = s.contiguous(cx, input)?;
    let reduced = TensorMeta::contiguous(cx.env, &stats, input.dtype, input.device)?;
    let centred = s.arithmetic(cx, &x, &reduced)?;
    let mut out = s.arithmetic(cx, &centred, &reduced)?;
    // `contiguous(weight)`: a weight already contiguous keeps its own
    // strides (those of its size-1 dims too), which the broadcast below
    // can carry into the output's.
    for affine in [weight, bias].into_iter().flatten() {
        let affine = s.contiguous(cx, affine)?;
        out = s.arithmetic(cx, &out, &affine)?;
    }
    Ok(out.strides)
}

/// `renorm_strides(self, dim)`: the layout of `torch._refs.renorm`:
/// `(self * factor).contiguous()`, the factor a norm over every dim but
/// `dim` kept as ones and broadcast against `self`.
pub fn renorm_strides(cx: &mut Cx<'_>, t: &TensorMeta, dim: i64) -> Result<Dims> {
    let s = Steps { dtype: t.dtype };
    let d = shape::wrap_dim(cx.op, dim, t.dim())?;
    let kept: Dims = (0..t.dim())
        .map(|i| if i == d { t.sizes[i] } else { SymInt::Int(1) })
        .collect();
    let factor = TensorMeta::contiguous(cx.env, &kept, t.dtype, t.device)?;
    let scaled = s.step(cx, &[t, &factor])?;
    contiguous_kept(cx, scaled.sizes, scaled.strides)
}

/// `prelu_strides(self, weight)`: the layout of ATen's `prelu`, which
/// reshapes a weight of fewer dims to `[1, numel, 1, ...]` (contiguous)
/// before `_prelu_kernel` ([`prelu_kernel_strides`]).
pub fn prelu_strides(cx: &mut Cx<'_>, t: &TensorMeta, weight: &TensorMeta) -> Result<Dims> {
    if t.dim() == weight.dim() {
        return prelu_kernel_strides(cx, t, weight);
    }
    let mut sizes: Dims = std::iter::repeat_n(SymInt::Int(1), t.dim()).collect();
    if t.dim() > 1 {
        sizes[1] = weight.numel(cx.env)?;
    }
    let reshaped = TensorMeta::contiguous(cx.env, &sizes, weight.dtype, weight.device)?;
    prelu_kernel_strides(cx, t, &reshaped)
}

/// `prelu_kernel_strides(self, weight)`: the layout of `_prelu_kernel`'s
/// decomposition, `where(self > 0, self, weight * self)`.
pub fn prelu_kernel_strides(cx: &mut Cx<'_>, t: &TensorMeta, weight: &TensorMeta) -> Result<Dims> {
    let s = Steps { dtype: t.dtype };
    // `self > 0`: `gt.Scalar`'s reference, its operand converted to the
    // computation dtype first.
    let converted = s.converted(cx, t)?;
    let positive = s.unary(cx, &converted, 1)?;
    let scaled = s.step(cx, &[weight, t])?;
    Ok(s.step(cx, &[&positive, t, &scaled])?.strides)
}

/// `pow_strides(self, exponent, dtype)`: the layout of `torch._refs.pow`
/// with a number as exponent: `a` converted to the computation dtype of
/// `dtype`, then `a.clone()` when the number equals 1 (Python's `b ==
/// 1.0`: a dense `a` keeps its strides exactly), `a * a` when it equals
/// 2 (a multiplication through the mode: on symbolic sizes its fast
/// binary path answers, contiguous for an input contiguous but for size-1
/// dims), else `sqrt(a)` or the elementwise `pow`, laid out as a unary
/// step.
pub fn pow_strides(
    cx: &mut Cx<'_>,
    t: &TensorMeta,
    exponent: Scalar,
    dtype: DType,
) -> Result<Dims> {
    let s = Steps { dtype };
    // Borrowed when no conversion is needed (the usual case: no copy).
    let compute = fake_runtime::promotion::computation_dtype(dtype);
    let conversion = converted(cx, t, compute)?;
    let a = conversion.as_ref().unwrap_or(t);
    let equals = |n: i64| match exponent {
        Scalar::Int(v) => v.as_int() == Some(n),
        Scalar::Float(f) => f.as_f64() == Some(n as f64),
        Scalar::Bool(b) => b.as_bool().map(i64::from) == Some(n),
        Scalar::Complex(re, im) => re == n as f64 && im == 0.0,
    };
    let (one, two) = (equals(1), equals(2));
    if one {
        preserve_strides(cx, a, None)
    } else if two {
        // `a * a`, through the mode (its fast path on symbolic sizes).
        Ok(s.arithmetic(cx, a, a)?.strides)
    } else {
        Ok(s.step(cx, &[a])?.strides)
    }
}

/// `rms_norm_sizes(input, weight)`: the sizes of the normalised result,
/// `input * rstd * weight`: the input's broadcast with the weight's (which
/// `_fused_rms_norm`'s decomposition does not check against
/// `normalized_shape`).
pub fn rms_norm_sizes(
    cx: &mut Cx<'_>,
    input: &TensorMeta,
    weight: Option<&TensorMeta>,
) -> Result<Dims> {
    match weight {
        Some(w) => shape::broadcast(cx.env, cx.op, &[&input.sizes, &w.sizes]),
        None => Ok(input.sizes.clone()),
    }
}

/// `rms_norm_strides(input, stats, weight)`: the layout of ATen's
/// `rms_norm` composite on the CPU: the input converted to its
/// computation dtype, times the reciprocal root of the mean square
/// (`stats`, the normalized dims kept as ones), times `weight` when
/// given (multiplications through the mode, whose fast binary path
/// answers on symbolic sizes), made contiguous in the input's suggested
/// memory format, then converted back to the input's dtype.
pub fn rms_norm_strides(
    cx: &mut Cx<'_>,
    input: &TensorMeta,
    stats: Dims,
    weight: Option<&TensorMeta>,
) -> Result<Dims> {
    let compute = fake_runtime::promotion::computation_dtype(input.dtype);
    let s = Steps { dtype: compute };
    let x = s.converted(cx, input)?;
    let rstd = TensorMeta::contiguous(cx.env, &stats, compute, input.device)?;
    // `mul`s through the mode (its fast path on symbolic sizes).
    let mut out = s.arithmetic(cx, &x, &rstd)?;
    if let Some(w) = weight {
        out = s.arithmetic(cx, &out, w)?;
    }
    // Made contiguous in the input's suggested memory format.
    if suggest_format(cx, input, None)? == MemoryFormat::Contiguous {
        out.strides = contiguous_kept(cx, out.sizes.clone(), out.strides)?;
    }
    // `type_as(input)`.
    Ok(match converted(cx, &out, input.dtype)? {
        Some(back) => back.strides,
        None => out.strides,
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use fake_runtime::kernel::Defaults;
    use fake_runtime::shape_env::ShapeEnv;
    use fake_runtime::{Device, Layout};

    fn meta(env: &mut ShapeEnv, sizes: &[i64], dtype: DType) -> TensorMeta {
        let sizes: Dims = sizes.iter().map(|&v| SymInt::Int(v)).collect();
        TensorMeta::contiguous(env, &sizes, dtype, Device::cpu()).expect("contiguous")
    }

    /// The dense shortcut of `layer_norm_strides` gives what its steps
    /// give, for every normalized suffix of small contiguous inputs, with
    /// and without affine parameters, of several dtypes.
    #[test]
    fn layer_norm_shortcut_is_the_steps_answer() {
        let mut env = ShapeEnv::new();
        let mut cx = Cx {
            env: &mut env,
            op: "aten::layer_norm",
            defaults: Defaults::default(),
            device: Device::cpu(),
            constant: None,
            eager: false,
        };
        let mut checked = 0;
        for rank in 1..=4usize {
            for code in 0..3usize.pow(rank as u32) {
                let sizes: Vec<i64> = (0..rank)
                    .map(|i| (code / 3usize.pow(i as u32) % 3) as i64 + 1)
                    .collect();
                for dtype in [DType::Float32, DType::Float16] {
                    let input = meta(cx.env, &sizes, dtype);
                    assert_eq!(input.layout, Layout::Strided);
                    for axis in 0..rank {
                        let normalized = &sizes[axis..];
                        let stats: Dims = sizes[..axis]
                            .iter()
                            .map(|&v| SymInt::Int(v))
                            .chain(std::iter::repeat_n(SymInt::Int(1), rank - axis))
                            .collect();
                        let w = meta(cx.env, normalized, DType::Float32);
                        for affine in [None, Some(&w)] {
                            let fast =
                                layer_norm_strides(&mut cx, &input, stats.clone(), affine, affine)
                                    .expect("shortcut");
                            let steps =
                                layer_norm_steps(&mut cx, &input, stats.clone(), affine, affine)
                                    .expect("steps");
                            assert_eq!(fast, steps, "layer_norm of {sizes:?} over {normalized:?}");
                            checked += 1;
                        }
                    }
                }
            }
        }
        assert!(checked > 300, "{checked} cases compared");
    }
}
