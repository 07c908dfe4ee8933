//! The pointwise losses, replayed as FakeTensorMode runs them: ATen's
//! composites (`Loss.cpp`: `l1_loss`, `kl_div`, `hinge_embedding_loss`,
//! `margin_ranking_loss`, `cosine_embedding_loss`, `triplet_margin_loss`,
//! `poisson_nll_loss`), the reference it runs as `huber_loss`'s meta
//! kernel, or the Python decompositions it prefers to the meta kernels
//! (`torch._decomp.decompositions`: `mse_loss`, `smooth_l1_loss`,
//! `soft_margin_loss`, `binary_cross_entropy`,
//! `binary_cross_entropy_with_logits`, `multi_margin_loss`,
//! `multilabel_margin_loss_forward`), each step the generated kernel of the
//! operator called. The value of `reduction` picks the last step (the
//! loss itself, its mean or its sum), and the loss's layout is the one its
//! chain of elementwise steps gives: no rule can say it.

use super::invalid;
use super::loss_steps::{
    binary, call, float, int, mean, opmath_dtypes, reduce, sum, sum_dims, to, unary, unsqueeze,
    where_, where_number, with_number, zeros_contiguous,
};
use fake_runtime::shape;
use fake_runtime::support::args;
use fake_runtime::{Alias, Arg, Cx, DType, Out, Outs, Result, Scalar, SymBool, SymInt, TensorMeta};

use crate::erased as k;

/// Whether two shapes are equal, as Python's `==` on them decides (a
/// guard where sizes are symbolic).
fn same_sizes(cx: &mut Cx<'_>, a: &[SymInt], b: &[SymInt]) -> Result<bool> {
    let c = fake_runtime::support::dims_eq(cx, a, b)?;
    cx.env.guard_bool(c, cx.op)
}

/// `t` as a kernel's one output, on its own storage.
fn result(t: TensorMeta) -> Outs {
    let mut outs = Outs::new();
    outs.push(Out::Tensor(t, Alias::Fresh));
    outs
}

/// The `reduction` argument at `i` (`Mean` by default).
fn reduction(cx: &mut Cx<'_>, a: &[Arg<'_>], i: usize) -> Result<i64> {
    args::int(cx, a, i, "reduction", Some(1))
}

/// `@pw_cast_for_opmath` around `body`: the tensors converted to the
/// computation dtype, the result back to the promoted one.
fn opmath(
    cx: &mut Cx<'_>,
    tensors: &[&TensorMeta],
    body: impl FnOnce(&mut Cx<'_>, &[TensorMeta]) -> Result<TensorMeta>,
) -> Result<Outs> {
    let (compute, dtype) = opmath_dtypes(cx, tensors)?;
    let mut converted = Vec::with_capacity(tensors.len());
    for t in tensors {
        converted.push(to(cx, t, compute)?);
    }
    let out = body(cx, &converted)?;
    Ok(result(to(cx, &out, dtype)?))
}

/// `mse_loss(Tensor self, Tensor target, int reduction=Mean)`:
/// `(self - target) ** 2`, reduced.
pub(crate) fn mse_loss(cx: &mut Cx<'_>, a: &[Arg<'_>]) -> Result<Outs> {
    let input = args::tensor(cx, a, 0, "self")?;
    let target = args::tensor(cx, a, 1, "target")?;
    let r = reduction(cx, a, 2)?;
    opmath(cx, &[input, target], |cx, t| {
        let d = binary(cx, k::sub_tensor, &t[0], &t[1])?;
        let loss = with_number(cx, k::pow_tensor_scalar, &d, int(2))?;
        reduce(cx, &loss, r)
    })
}

/// `l1_loss(Tensor self, Tensor target, int reduction=Mean)`:
/// `(self - target).abs()`, reduced (a complex loss is real).
pub(crate) fn l1_loss(cx: &mut Cx<'_>, a: &[Arg<'_>]) -> Result<Outs> {
    let input = args::tensor(cx, a, 0, "self")?;
    let target = args::tensor(cx, a, 1, "target")?;
    let r = reduction(cx, a, 2)?;
    let d = binary(cx, k::sub_tensor, input, target)?;
    let loss = unary(cx, k::abs, &d)?;
    Ok(result(reduce(cx, &loss, r)?))
}

/// `smooth_l1_loss(Tensor self, Tensor target, int reduction=Mean, float
/// beta=1.0)`: `where(|d| < beta, 0.5 * d**2 / beta, |d| - 0.5 * beta)`.
pub(crate) fn smooth_l1_loss(cx: &mut Cx<'_>, a: &[Arg<'_>]) -> Result<Outs> {
    let input = args::tensor(cx, a, 0, "self")?;
    let target = args::tensor(cx, a, 1, "target")?;
    let r = reduction(cx, a, 2)?;
    let beta = args::float(cx, a, 3, "beta", Some(1.0))?;
    opmath(cx, &[input, target], |cx, t| {
        let d = binary(cx, k::sub_tensor, &t[0], &t[1])?;
        let d = unary(cx, k::abs, &d)?;
        let small = with_number(cx, k::lt_scalar, &d, float(beta))?;
        let sq = with_number(cx, k::pow_tensor_scalar, &d, int(2))?;
        let sq = with_number(cx, k::mul_scalar, &sq, float(0.5))?;
        let sq = with_number(cx, k::div_scalar, &sq, float(beta))?;
        let lin = with_number(cx, k::sub_scalar, &d, float(0.5 * beta))?;
        let loss = where_(cx, &small, &sq, &lin)?;
        reduce(cx, &loss, r)
    })
}

/// `huber_loss(Tensor self, Tensor target, int reduction=Mean, float
/// delta=1.0)`, as its reference (the meta kernel FakeTensorMode runs):
/// a known reduction, a positive `delta`, then `where(|d| < delta, 0.5 *
/// |d| * |d|, delta * (|d| - 0.5 * delta))` in the computation dtype.
pub(crate) fn huber_loss(cx: &mut Cx<'_>, a: &[Arg<'_>]) -> Result<Outs> {
    let input = args::tensor(cx, a, 0, "self")?;
    let target = args::tensor(cx, a, 1, "target")?;
    let r = reduction(cx, a, 2)?;
    let delta = args::float(cx, a, 3, "delta", Some(1.0))?;
    if !(0..=2).contains(&r) {
        return Err(invalid(
            cx,
            format!("{r} is not a valid value for reduction"),
        ));
    }
    if delta.is_nan() || delta <= 0.0 {
        return Err(invalid(
            cx,
            "huber_loss does not support non-positive values for delta.",
        ));
    }
    opmath(cx, &[input, target], |cx, t| {
        let d = binary(cx, k::sub_tensor, &t[0], &t[1])?;
        let z = unary(cx, k::abs, &d)?;
        let small = with_number(cx, k::lt_scalar, &z, float(delta))?;
        let sq = with_number(cx, k::mul_scalar, &z, float(0.5))?;
        let sq = binary(cx, k::mul_tensor, &sq, &z)?;
        let lin = with_number(cx, k::sub_scalar, &z, float(0.5 * delta))?;
        let lin = with_number(cx, k::mul_scalar, &lin, float(delta))?;
        let loss = where_(cx, &small, &sq, &lin)?;
        reduce(cx, &loss, r)
    })
}

/// `soft_margin_loss(Tensor self, Tensor target, int reduction=Mean)`:
/// `log1p(exp(-self * target))`.
pub(crate) fn soft_margin_loss(cx: &mut Cx<'_>, a: &[Arg<'_>]) -> Result<Outs> {
    let input = args::tensor(cx, a, 0, "self")?;
    let target = args::tensor(cx, a, 1, "target")?;
    let r = reduction(cx, a, 2)?;
    opmath(cx, &[input, target], |cx, t| {
        let n = unary(cx, k::neg, &t[0])?;
        let p = binary(cx, k::mul_tensor, &n, &t[1])?;
        let e = unary(cx, k::exp, &p)?;
        let loss = unary(cx, k::log1p, &e)?;
        reduce(cx, &loss, r)
    })
}

/// A zero-dim tensor of `t`'s dtype (`t.new_full((), v)`).
fn scalar_like(cx: &mut Cx<'_>, t: &TensorMeta) -> Result<TensorMeta> {
    TensorMeta::contiguous(cx.env, &[], t.dtype, t.device)
}

/// `binary_cross_entropy(Tensor self, Tensor target, Tensor? weight=None,
/// int reduction=Mean)`: `(target - 1) * max(log1p(-self), -100) - target
/// * max(log(self), -100)`, times the weight.
pub(crate) fn binary_cross_entropy(cx: &mut Cx<'_>, a: &[Arg<'_>]) -> Result<Outs> {
    let input = args::tensor(cx, a, 0, "self")?;
    let target = args::tensor(cx, a, 1, "target")?;
    let weight = args::opt_tensor(cx, a, 2, "weight")?;
    let r = reduction(cx, a, 3)?;
    let mut tensors = vec![input, target];
    tensors.extend(weight);
    opmath(cx, &tensors, |cx, t| {
        let floor = scalar_like(cx, &t[0])?;
        let tm1 = with_number(cx, k::sub_scalar, &t[1], int(1))?;
        let n = unary(cx, k::neg, &t[0])?;
        let l1 = unary(cx, k::log1p, &n)?;
        let l1 = binary(cx, k::maximum, &l1, &floor)?;
        let left = binary(cx, k::mul_tensor, &tm1, &l1)?;
        let l2 = unary(cx, k::log, &t[0])?;
        let l2 = binary(cx, k::maximum, &l2, &floor)?;
        let right = binary(cx, k::mul_tensor, &t[1], &l2)?;
        let mut loss = binary(cx, k::sub_tensor, &left, &right)?;
        if let Some(w) = t.get(2) {
            loss = binary(cx, k::mul_tensor, &loss, w)?;
        }
        reduce(cx, &loss, r)
    })
}

/// `binary_cross_entropy_with_logits(Tensor self, Tensor target, Tensor?
/// weight=None, Tensor? pos_weight=None, int reduction=Mean)`: `(1 -
/// target) * self - log_weight * logsigmoid(self)`, times the weight,
/// converted to the target's dtype.
pub(crate) fn binary_cross_entropy_with_logits(cx: &mut Cx<'_>, a: &[Arg<'_>]) -> Result<Outs> {
    let input = args::tensor(cx, a, 0, "self")?;
    let target = args::tensor(cx, a, 1, "target")?;
    let weight = args::opt_tensor(cx, a, 2, "weight")?;
    let pos_weight = args::opt_tensor(cx, a, 3, "pos_weight")?;
    let r = reduction(cx, a, 4)?;
    let one_minus = with_number(cx, k::rsub_scalar, target, int(1))?;
    let left = binary(cx, k::mul_tensor, &one_minus, input)?;
    let mut log_sig = unary(cx, k::log_sigmoid, input)?;
    if let Some(pw) = pos_weight {
        let lw = with_number(cx, k::sub_scalar, pw, int(1))?;
        let lw = binary(cx, k::mul_tensor, &lw, target)?;
        let lw = with_number(cx, k::add_scalar, &lw, int(1))?;
        log_sig = binary(cx, k::mul_tensor, &lw, &log_sig)?;
    }
    let mut loss = binary(cx, k::sub_tensor, &left, &log_sig)?;
    if let Some(w) = weight {
        loss = binary(cx, k::mul_tensor, &loss, w)?;
    }
    let loss = to(cx, &loss, target.dtype)?;
    Ok(result(reduce(cx, &loss, r)?))
}

/// `kl_div(Tensor self, Tensor target, int reduction=Mean, *, bool
/// log_target=False)`: real floating inputs only; `exp(target) * (target
/// - self)` or `xlogy(target, target) - target * self`.
pub(crate) fn kl_div(cx: &mut Cx<'_>, a: &[Arg<'_>]) -> Result<Outs> {
    let input = args::tensor(cx, a, 0, "self")?;
    let target = args::tensor(cx, a, 1, "target")?;
    let r = reduction(cx, a, 2)?;
    let log_target = args::bool(cx, a, 3, "log_target", Some(false))?;
    if input.dtype.is_complex() || target.dtype.is_complex() {
        return Err(invalid(cx, "kl_div: Complex inputs not supported."));
    }
    if input.dtype.is_integral(true) || target.dtype.is_integral(true) {
        return Err(invalid(cx, "kl_div: Integral inputs not supported."));
    }
    let loss = if log_target {
        let e = unary(cx, k::exp, target)?;
        let d = binary(cx, k::sub_tensor, target, input)?;
        binary(cx, k::mul_tensor, &e, &d)?
    } else {
        let x = binary(cx, k::xlogy_tensor, target, target)?;
        let p = binary(cx, k::mul_tensor, target, input)?;
        binary(cx, k::sub_tensor, &x, &p)?
    };
    Ok(result(reduce(cx, &loss, r)?))
}

/// `margin_ranking_loss(Tensor input1, Tensor input2, Tensor target, float
/// margin=0.0, int reduction=Mean)`: `(-target * (input1 - input2) +
/// margin).clamp_min_(0)`.
pub(crate) fn margin_ranking_loss(cx: &mut Cx<'_>, a: &[Arg<'_>]) -> Result<Outs> {
    let input1 = args::tensor(cx, a, 0, "input1")?;
    let input2 = args::tensor(cx, a, 1, "input2")?;
    let target = args::tensor(cx, a, 2, "target")?;
    let margin = args::float(cx, a, 3, "margin", Some(0.0))?;
    let r = reduction(cx, a, 4)?;
    let n = unary(cx, k::neg, target)?;
    let d = binary(cx, k::sub_tensor, input1, input2)?;
    let p = binary(cx, k::mul_tensor, &n, &d)?;
    let loss = with_number(cx, k::add_scalar, &p, float(margin))?;
    // `clamp_min_(0)` writes the sum in place.
    with_number(cx, k::clamp_min, &loss, int(0))?;
    Ok(result(reduce(cx, &loss, r)?))
}

/// `hinge_embedding_loss(Tensor self, Tensor target, float margin=1.0, int
/// reduction=Mean)`: `where(target != 1, (margin - self).clamp_min_(0), 0)
/// + where(target != -1, self, 0)`, the zeros contiguous.
pub(crate) fn hinge_embedding_loss(cx: &mut Cx<'_>, a: &[Arg<'_>]) -> Result<Outs> {
    let input = args::tensor(cx, a, 0, "self")?;
    let target = args::tensor(cx, a, 1, "target")?;
    // The margin's value decides nothing in the metadata.
    args::float(cx, a, 2, "margin", Some(1.0))?;
    let r = reduction(cx, a, 3)?;
    let zeros = zeros_contiguous(cx, input)?;
    // ATen's `margin - self` is `empty_like(self).fill_(margin).sub_(self)`:
    // `self`'s dtype and layout (a bool one refused, as `sub_` refuses two
    // bool tensors); `clamp_min_` writes it in place.
    if input.dtype == DType::Bool {
        return Err(invalid(cx, super::BOOL_SUBTRACTION));
    }
    let diff = unary(cx, k::empty_like, input)?;
    let not_one = with_number(cx, k::ne_scalar, target, int(1))?;
    let out_margin = where_(cx, &not_one, &diff, &zeros)?;
    let not_neg = with_number(cx, k::ne_scalar, target, int(-1))?;
    let out_self = where_(cx, &not_neg, input, &zeros)?;
    let loss = binary(cx, k::add_tensor, &out_margin, &out_self)?;
    Ok(result(reduce(cx, &loss, r)?))
}

/// `poisson_nll_loss(Tensor input, Tensor target, bool log_input, bool
/// full, float eps, int reduction)`: `exp(input) - target * input` or
/// `input - target * log(input + eps)`, plus the Stirling term when `full`.
pub(crate) fn poisson_nll_loss(cx: &mut Cx<'_>, a: &[Arg<'_>]) -> Result<Outs> {
    let input = args::tensor(cx, a, 0, "input")?;
    let target = args::tensor(cx, a, 1, "target")?;
    let log_input = args::bool(cx, a, 2, "log_input", None)?;
    let full = args::bool(cx, a, 3, "full", None)?;
    let eps = args::float(cx, a, 4, "eps", None)?;
    let r = reduction(cx, a, 5)?;
    let loss = if log_input {
        let e = unary(cx, k::exp, input)?;
        let p = binary(cx, k::mul_tensor, target, input)?;
        binary(cx, k::sub_tensor, &e, &p)?
    } else {
        let shifted = with_number(cx, k::add_scalar, input, float(eps))?;
        let l = unary(cx, k::log, &shifted)?;
        let p = binary(cx, k::mul_tensor, target, &l)?;
        binary(cx, k::sub_tensor, input, &p)?
    };
    if full {
        let l = unary(cx, k::log, target)?;
        let tl = binary(cx, k::mul_tensor, target, &l)?;
        let tl = binary(cx, k::sub_tensor, &tl, target)?;
        let two_pi = with_number(cx, k::mul_scalar, target, float(2.0 * std::f64::consts::PI))?;
        let lt = unary(cx, k::log, &two_pi)?;
        let half = with_number(cx, k::mul_scalar, &lt, float(0.5))?;
        let stirling = binary(cx, k::add_tensor, &tl, &half)?;
        let small = with_number(cx, k::le_scalar, target, int(1))?;
        let masked = call(
            cx,
            k::masked_fill_scalar,
            &[Arg::Tensor(&stirling), Arg::Tensor(&small), int(0)],
        )?;
        // `loss += ...`: in place, so the sum must keep the loss's sizes.
        call(
            cx,
            crate::kernels::binop_inplace_alpha,
            &[Arg::Tensor(&loss), Arg::Tensor(&masked)],
        )?;
    }
    Ok(result(reduce(cx, &loss, r)?))
}

/// `cosine_embedding_loss(Tensor input1, Tensor input2, Tensor target,
/// float margin=0.0, int reduction=Mean)`: 2-D inputs for a 1-D target,
/// 1-D ones for a zero-dim target; the cosine along the last dim, then
/// `where(target == 1, 1 - cos, 0) + where(target == -1, (cos -
/// margin).clamp_min_(0), 0)`.
pub(crate) fn cosine_embedding_loss(cx: &mut Cx<'_>, a: &[Arg<'_>]) -> Result<Outs> {
    let input1 = args::tensor(cx, a, 0, "input1")?;
    let input2 = args::tensor(cx, a, 1, "input2")?;
    let target = args::tensor(cx, a, 2, "target")?;
    let margin = args::float(cx, a, 3, "margin", Some(0.0))?;
    let r = reduction(cx, a, 4)?;
    let targ_dim = target.dim();
    if targ_dim > 1 {
        return Err(invalid(
            cx,
            "0D or 1D target tensor expected, multi-target not supported",
        ));
    }
    let want = targ_dim + 1;
    if input1.dim() != want || input2.dim() != want {
        let (tdim, idim) = if targ_dim == 1 {
            ("1D", "2D")
        } else {
            ("0D", "1D")
        };
        return Err(invalid(
            cx,
            format!(
                "{tdim} target tensor expects {idim} input tensors, but found inputs with sizes {} and {}.",
                shape::display_dims(cx.env, &input1.sizes),
                shape::display_dims(cx.env, &input2.sizes)
            ),
        ));
    }
    let dim = [targ_dim as i64];
    let p = binary(cx, k::mul_tensor, input1, input2)?;
    let prod_sum = sum_dims(cx, &p, &dim, false)?;
    let mut mags = Vec::with_capacity(2);
    for t in [input1, input2] {
        let sq = binary(cx, k::mul_tensor, t, t)?;
        let s = sum_dims(cx, &sq, &dim, false)?;
        mags.push(with_number(cx, k::add_scalar, &s, float(1e-12))?);
    }
    let denom = binary(cx, k::mul_tensor, &mags[0], &mags[1])?;
    let denom = unary(cx, k::sqrt, &denom)?;
    let cos = binary(cx, k::div_tensor, &prod_sum, &denom)?;
    let zeros = zeros_contiguous(cx, &cos)?;
    let pos = with_number(cx, k::rsub_scalar, &cos, int(1))?;
    let neg = with_number(cx, k::sub_scalar, &cos, float(margin))?;
    let neg = with_number(cx, k::clamp_min, &neg, int(0))?;
    let is_pos = with_number(cx, k::eq_scalar, target, int(1))?;
    let out_pos = where_(cx, &is_pos, &pos, &zeros)?;
    let is_neg = with_number(cx, k::eq_scalar, target, int(-1))?;
    let out_neg = where_(cx, &is_neg, &neg, &zeros)?;
    let loss = binary(cx, k::add_tensor, &out_pos, &out_neg)?;
    Ok(result(reduce(cx, &loss, r)?))
}

/// `triplet_margin_loss(Tensor anchor, Tensor positive, Tensor negative,
/// float margin=1.0, float p=2, float eps=1e-06, bool swap=False, int
/// reduction=Mean)`: three inputs of one rank; `clamp_min(margin +
/// d(a, p) - d(a, n), 0)` with pairwise distances (the smaller of `d(a,
/// n)` and `d(p, n)` when swapping).
pub(crate) fn triplet_margin_loss(cx: &mut Cx<'_>, a: &[Arg<'_>]) -> Result<Outs> {
    let anchor = args::tensor(cx, a, 0, "anchor")?;
    let positive = args::tensor(cx, a, 1, "positive")?;
    let negative = args::tensor(cx, a, 2, "negative")?;
    let margin = args::float(cx, a, 3, "margin", Some(1.0))?;
    let p = args::float(cx, a, 4, "p", Some(2.0))?;
    let eps = args::float(cx, a, 5, "eps", Some(1e-6))?;
    let swap = args::bool(cx, a, 6, "swap", Some(false))?;
    let r = reduction(cx, a, 7)?;
    let (ad, pd, nd) = (anchor.dim(), positive.dim(), negative.dim());
    if ad != pd || pd != nd {
        return Err(invalid(
            cx,
            format!(
                "The anchor, positive, and negative tensors are expected to have the same number of dimensions, but got: anchor {ad}D, positive {pd}D, and negative {nd}D inputs"
            ),
        ));
    }
    let distance = |cx: &mut Cx<'_>, x: &TensorMeta, y: &TensorMeta| {
        call(
            cx,
            k::pairwise_distance,
            &[
                Arg::Tensor(x),
                Arg::Tensor(y),
                Arg::Float(p),
                Arg::Float(eps),
            ],
        )
    };
    let dist_pos = distance(cx, anchor, positive)?;
    let mut dist_neg = distance(cx, anchor, negative)?;
    if swap {
        let dist_swap = distance(cx, positive, negative)?;
        dist_neg = binary(cx, k::min_other, &dist_neg, &dist_swap)?;
    }
    let shifted = with_number(cx, k::add_scalar, &dist_pos, float(margin))?;
    let d = binary(cx, k::sub_tensor, &shifted, &dist_neg)?;
    let loss = with_number(cx, k::clamp_min, &d, int(0))?;
    Ok(result(reduce(cx, &loss, r)?))
}

/// `multi_margin_loss(Tensor self, Tensor target, Scalar p=1, Scalar
/// margin=1, Tensor? weight=None, int reduction=Mean)`, as its
/// decomposition: `self` at least 2-D `[nframe, dim]` with `dim > 0`, one
/// target per frame, a weight per class; the margins `[nframe, dim]`
/// (contiguous, as the final `where` over `arange(dim) != target` lays them
/// out), then their mean, their sum over `dim`, or their mean per frame.
pub(crate) fn multi_margin_loss(cx: &mut Cx<'_>, a: &[Arg<'_>]) -> Result<Outs> {
    let input = args::tensor(cx, a, 0, "self")?;
    let target = args::tensor(cx, a, 1, "target")?;
    let p = args::scalar(cx, a, 2, "p", Some(Scalar::Int(SymInt::Int(1))))?;
    let margin = args::scalar(cx, a, 3, "margin", Some(Scalar::Int(SymInt::Int(1))))?;
    let weight = args::opt_tensor(cx, a, 4, "weight")?;
    let r = reduction(cx, a, 5)?;
    let input = call(cx, super::atleast_2d, &[Arg::Tensor(input)])?;
    let (nframe, dim) = (input.sizes[0], input.sizes[1]);
    // Compared as numbers: `True` is 1.
    let p_ok = matches!(
        p,
        Scalar::Int(SymInt::Int(1 | 2)) | Scalar::Bool(SymBool::Bool(true))
    ) || matches!(p, Scalar::Float(f) if matches!(f.as_f64(), Some(v) if v == 1.0 || v == 2.0));
    if !p_ok {
        return Err(invalid(cx, "only p == 1 and p == 2 supported"));
    }
    let dim_zero = cx.env.eq(dim, SymInt::Int(0))?;
    if input.dim() != 2 || cx.env.guard_bool(dim_zero, cx.op)? {
        return Err(invalid(
            cx,
            format!(
                "Expected non-empty vector or matrix with optional 0-dim batch size, but got: {}",
                shape::display_torch_size(cx.env, &input.sizes)
            ),
        ));
    }
    let target1 = if target.dim() == 0 {
        unsqueeze(cx, target, 0)?
    } else {
        target.clone()
    };
    let numel = target1.numel(cx.env)?;
    let same = cx.env.eq(numel, nframe)?;
    if target1.dim() != 1 || !cx.env.guard_bool(same, cx.op)? {
        return Err(invalid(
            cx,
            format!(
                "inconsistent target size, expected {} but got {}",
                cx.env.display(nframe),
                shape::display_torch_size(cx.env, &target1.sizes)
            ),
        ));
    }
    let index = unsqueeze(cx, &target1, 1)?;
    let u = super::loss_steps::gather(cx, &input, 1, &index)?;
    let z = call(cx, k::rsub_scalar, &[Arg::Tensor(&u), Arg::Scalar(margin)])?;
    let mut z = binary(cx, k::add_tensor, &z, &input)?;
    if let Some(w) = weight {
        let w = call(cx, super::atleast_1d, &[Arg::Tensor(w)])?;
        let wn = w.numel(cx.env)?;
        let fits = cx.env.eq(wn, dim)?;
        if w.dim() != 1 || !cx.env.guard_bool(fits, cx.op)? {
            return Err(invalid(
                cx,
                format!(
                    "inconsistent weight size, expected {} but got {}",
                    cx.env.display(dim),
                    shape::display_torch_size(cx.env, &w.sizes)
                ),
            ));
        }
        let picked = TensorMeta::contiguous(cx.env, &target1.sizes, w.dtype, w.device)?;
        let picked = unsqueeze(cx, &picked, 1)?;
        z = binary(cx, k::mul_tensor, &z, &picked)?;
    }
    let idx = TensorMeta::contiguous(cx.env, &[dim], DType::Int64, input.device)?;
    let cond = binary(cx, k::ne_tensor, &idx, &index)?;
    let z = where_number(cx, &cond, &z, int(0))?;
    let out = match r {
        1 => mean(cx, &z)?,
        2 => {
            let s = sum(cx, &z)?;
            call(
                cx,
                k::div_scalar,
                &[Arg::Tensor(&s), Arg::Scalar(Scalar::Int(dim))],
            )?
        }
        _ => call(
            cx,
            k::mean_dim,
            &[Arg::Tensor(&z), Arg::Ints(vec![SymInt::Int(1)].into())],
        )?,
    };
    Ok(result(out))
}

/// `multilabel_margin_loss(Tensor self, Tensor target, int reduction=Mean)`:
/// the output of `multilabel_margin_loss_forward`'s decomposition: `self`
/// of at most two dims and a non-empty last one, `target` of its sizes;
/// the margins `[dim, nframe, dim]` summed over the first and last dims,
/// then averaged or summed.
pub(crate) fn multilabel_margin_loss(cx: &mut Cx<'_>, a: &[Arg<'_>]) -> Result<Outs> {
    let mut outs = multilabel_margin_loss_forward(cx, a)?;
    outs.truncate(1);
    Ok(outs)
}

/// `multilabel_margin_loss_forward(Tensor self, Tensor target, int
/// reduction) -> (Tensor output, Tensor is_target)`: the loss of
/// [`multilabel_margin_loss`] and `is_target`, the target's sizes in
/// `self`'s dtype (contiguous).
pub(crate) fn multilabel_margin_loss_forward(cx: &mut Cx<'_>, a: &[Arg<'_>]) -> Result<Outs> {
    let input = args::tensor(cx, a, 0, "self")?;
    let target = args::tensor(cx, a, 1, "target")?;
    let r = reduction(cx, a, 2)?;
    let input2 = call(cx, super::atleast_2d, &[Arg::Tensor(input)])?;
    let dim = input2.sizes[1];
    let dim_zero = cx.env.eq(dim, SymInt::Int(0))?;
    if input.dim() > 2 || cx.env.guard_bool(dim_zero, cx.op)? {
        return Err(invalid(
            cx,
            format!(
                "Expected non-empty vector or matrix with optional 0-dim batch size, but got: {}",
                shape::display_torch_size(cx.env, &input.sizes)
            ),
        ));
    }
    let same = same_sizes(cx, &target.sizes, &input.sizes)?;
    if target.dim() > 2 || !same {
        return Err(invalid(
            cx,
            format!(
                "inconsistent target size: {} for input of size: {}",
                shape::display_torch_size(cx.env, &target.sizes),
                shape::display_torch_size(cx.env, &input.sizes)
            ),
        ));
    }
    // `gather(input, -1, where(target_mask, target, 0))`: the index is of
    // the target's dtype promoted with an integer (a bool target's int64),
    // and of the input's sizes; `meta_gather` checks its dtype only when
    // it is not certainly empty (`guard_or_false(numel == 0)`).
    let index_dtype = match target.dtype {
        DType::Bool => DType::Int64,
        d => d,
    };
    let numel = input.numel(cx.env)?;
    let empty = cx.env.eq(numel, SymInt::Int(0))?;
    if !matches!(index_dtype, DType::Int32 | DType::Int64)
        && !cx.env.guard_or_false(empty, cx.op)?
    {
        return Err(invalid(
            cx,
            format!("gather(): Expected dtype int32/int64 for index, but got torch.{index_dtype}"),
        ));
    }
    // `1.0 - u.T.unsqueeze(-1) + input`, `u` of the input's sizes.
    let nframe = input2.sizes[0];
    let u = TensorMeta::contiguous(
        cx.env,
        &[dim, nframe, SymInt::Int(1)],
        input.dtype,
        input.device,
    )?;
    let z = with_number(cx, k::rsub_scalar, &u, float(1.0))?;
    let z = binary(cx, k::add_tensor, &z, &input2)?;
    let z = with_number(cx, k::clamp_min, &z, int(0))?;
    let z = call(
        cx,
        k::div_scalar,
        &[Arg::Tensor(&z), Arg::Scalar(Scalar::Int(dim))],
    )?;
    let out = match r {
        1 => {
            let s = sum_dims(cx, &z, &[0, -1], false)?;
            mean(cx, &s)?
        }
        2 => sum(cx, &z)?,
        _ => sum_dims(cx, &z, &[0, -1], false)?,
    };
    let is_target = TensorMeta::contiguous(cx.env, &target.sizes, input.dtype, input.device)?;
    let mut outs = result(out);
    outs.push(Out::Tensor(is_target, Alias::Fresh));
    Ok(outs)
}

/// `binary_cross_entropy_backward(Tensor grad_output, Tensor self, Tensor
/// target, Tensor? weight=None, int reduction=Mean)`, as its
/// decomposition: `grad_output * (self - target) / clamp(self * (1 -
/// self), min=1e-12)`, times the weight, over `self.numel()` for the mean.
pub(crate) fn binary_cross_entropy_backward(cx: &mut Cx<'_>, a: &[Arg<'_>]) -> Result<Outs> {
    let grad = args::tensor(cx, a, 0, "grad_output")?;
    let input = args::tensor(cx, a, 1, "self")?;
    let target = args::tensor(cx, a, 2, "target")?;
    let weight = args::opt_tensor(cx, a, 3, "weight")?;
    let r = reduction(cx, a, 4)?;
    let mut tensors = vec![grad, input, target];
    tensors.extend(weight);
    opmath(cx, &tensors, |cx, t| {
        let d = binary(cx, k::sub_tensor, &t[1], &t[2])?;
        let num = binary(cx, k::mul_tensor, &t[0], &d)?;
        let one_minus = with_number(cx, k::rsub_scalar, &t[1], int(1))?;
        let den = binary(cx, k::mul_tensor, &t[1], &one_minus)?;
        let den = with_number(cx, k::clamp_min, &den, float(1e-12))?;
        let mut res = binary(cx, k::div_tensor, &num, &den)?;
        if let Some(w) = t.get(3) {
            res = binary(cx, k::mul_tensor, &res, w)?;
        }
        numel_mean(cx, res, &t[1], r)
    })
}

/// `result / self.numel()` for the mean reduction, else `result`.
fn numel_mean(cx: &mut Cx<'_>, res: TensorMeta, input: &TensorMeta, r: i64) -> Result<TensorMeta> {
    if r != 1 {
        return Ok(res);
    }
    let n = input.numel(cx.env)?;
    call(
        cx,
        k::div_scalar,
        &[Arg::Tensor(&res), Arg::Scalar(Scalar::Int(n))],
    )
}

/// `mse_loss_backward(Tensor grad_output, Tensor self, Tensor target, int
/// reduction)`, as its decomposition: `norm * (self - target) *
/// grad_output`.
pub(crate) fn mse_loss_backward(cx: &mut Cx<'_>, a: &[Arg<'_>]) -> Result<Outs> {
    let grad = args::tensor(cx, a, 0, "grad_output")?;
    let input = args::tensor(cx, a, 1, "self")?;
    let target = args::tensor(cx, a, 2, "target")?;
    let r = reduction(cx, a, 3)?;
    crate::intrinsics::mean_over_numel(cx, input, r)?;
    opmath(cx, &[grad, input, target], |cx, t| {
        let d = binary(cx, k::sub_tensor, &t[1], &t[2])?;
        let d = with_number(cx, k::mul_scalar, &d, float(2.0))?;
        binary(cx, k::mul_tensor, &d, &t[0])
    })
}

/// `soft_margin_loss_backward(Tensor grad_output, Tensor self, Tensor
/// target, int reduction)`, as its decomposition: `target * grad_output *
/// (sigmoid(target * self) - 1)`, over `self.numel()` for the mean.
pub(crate) fn soft_margin_loss_backward(cx: &mut Cx<'_>, a: &[Arg<'_>]) -> Result<Outs> {
    let grad = args::tensor(cx, a, 0, "grad_output")?;
    let input = args::tensor(cx, a, 1, "self")?;
    let target = args::tensor(cx, a, 2, "target")?;
    let r = reduction(cx, a, 3)?;
    opmath(cx, &[grad, input, target], |cx, t| {
        let left = binary(cx, k::mul_tensor, &t[2], &t[0])?;
        let p = binary(cx, k::mul_tensor, &t[2], &t[1])?;
        let s = unary(cx, k::sigmoid, &p)?;
        let s = with_number(cx, k::sub_scalar, &s, int(1))?;
        let res = binary(cx, k::mul_tensor, &left, &s)?;
        numel_mean(cx, res, &t[1], r)
    })
}
