//! `nll_loss_nd` and `cross_entropy_loss`: ATen's composites
//! (`LossNLL.cpp`), step for step. The input's rank picks `nll_loss`
//! (1-D, 2-D), `nll_loss2d` (4-D) or a 4-D view for the others; the
//! forward losses are the Python decomposition FakeTensorMode runs
//! (`_nll_loss_forward`: a gather at the clamped targets, masked where
//! they are ignored). Cross entropy compares the input's and the target's
//! sizes (class probabilities), then the label smoothing, to pick its
//! path. The ranks, the sizes and the value of `reduction` decide the
//! steps, and the result's layout is theirs: no rule can say it.

use super::invalid;
use super::loss_steps::{
    binary, contiguous, float, gather, int, log_softmax, squeeze, sum, sum_dims, unary, unsqueeze,
    view, where_number, with_number,
};
use fake_runtime::shape::{self, Dims};
use fake_runtime::support::args;
use fake_runtime::{Alias, Arg, Cx, DType, Out, Outs, Result, Scalar, SymInt, TensorMeta};

use crate::erased as k;

/// The arguments both losses share.
struct Nll<'a> {
    weight: Option<&'a TensorMeta>,
    reduction: i64,
    ignore_index: SymInt,
}

/// `t` as a kernel's one output, on its own storage.
fn result(t: TensorMeta) -> Outs {
    let mut outs = Outs::new();
    outs.push(Out::Tensor(t, Alias::Fresh));
    outs
}

/// `target != ignore_index`.
fn kept(cx: &mut Cx<'_>, target: &TensorMeta, ignore: SymInt) -> Result<TensorMeta> {
    with_number(cx, k::ne_scalar, target, Arg::Scalar(Scalar::Int(ignore)))
}

/// `weight` viewed with ones around the class dim of an `n_dims` input.
fn class_view(
    cx: &mut Cx<'_>,
    weight: &TensorMeta,
    n_dims: usize,
    class_dim: usize,
) -> Result<TensorMeta> {
    let Some(&c) = weight.sizes.first() else {
        return Err(invalid(cx, "tuple index out of range"));
    };
    let mut s: Dims = Dims::from_elem(SymInt::Int(1), n_dims);
    s[class_dim] = c;
    view(cx, weight, s)
}

/// `weight.size(0)` as ATen's composites read it into an `int64_t` view
/// shape: the size specialised (`guard_int`).
fn specialised_classes(cx: &mut Cx<'_>, weight: &TensorMeta) -> Result<TensorMeta> {
    let mut w = weight.clone();
    if let Some(c) = w.sizes.first_mut() {
        *c = SymInt::Int(cx.env.guard_int(*c, cx.op)?);
    }
    Ok(w)
}

/// `_nll_loss_forward`'s output: `-input[target]` (times the weight),
/// zero where the target is ignored, then summed or averaged by the total
/// weight.
fn forward(
    cx: &mut Cx<'_>,
    input: &TensorMeta,
    target: &TensorMeta,
    n: &Nll<'_>,
) -> Result<TensorMeta> {
    Ok(forward_and_total(cx, input, target, n)?.0)
}

/// `_nll_loss_forward`'s two results: the loss and the total weight (a
/// zero-dim tensor of the weighted input's dtype, or of the weight's when
/// a weight sums it).
fn forward_and_total(
    cx: &mut Cx<'_>,
    input: &TensorMeta,
    target: &TensorMeta,
    n: &Nll<'_>,
) -> Result<(TensorMeta, TensorMeta)> {
    let n_dims = input.dim();
    let channel_dim = usize::from(n_dims >= 2);
    let mut s = input.clone();
    if let Some(w) = n.weight {
        let w = if n_dims > 1 {
            class_view(cx, w, n_dims, channel_dim)?
        } else {
            w.clone()
        };
        s = binary(cx, k::mul_tensor, &s, &w)?;
    }
    let cond = kept(cx, target, n.ignore_index)?;
    let safe = where_number(cx, &cond, target, int(0))?;
    let safe = unsqueeze(cx, &safe, channel_dim as i64)?;
    let picked = gather(cx, &s, channel_dim as i64, &safe)?;
    let picked = squeeze(cx, &picked, channel_dim as i64)?;
    let res = unary(cx, k::neg, &picked)?;
    let res = where_number(cx, &cond, &res, int(0))?;
    if n.reduction == 0 && n_dims > 1 {
        let total = TensorMeta::contiguous(cx.env, &[], s.dtype, s.device)?;
        return Ok((res, total));
    }
    // `total_weight = weight.sum()`: an integral or bool weight sums to
    // int64.
    let total_dtype = n.weight.map_or(s.dtype, |w| {
        if w.dtype.is_integral(true) {
            DType::Int64
        } else {
            w.dtype
        }
    });
    let total = TensorMeta::contiguous(cx.env, &[], total_dtype, s.device)?;
    let out = match n.reduction {
        2 => sum(cx, &res)?,
        1 => {
            let s = sum(cx, &res)?;
            binary(cx, k::div_tensor, &s, &total)?
        }
        _ => res,
    };
    Ok((out, total))
}

/// `nll_loss_forward`'s checks (its decomposition's), then the loss.
fn nll_loss(
    cx: &mut Cx<'_>,
    input: &TensorMeta,
    target: &TensorMeta,
    n: &Nll<'_>,
) -> Result<TensorMeta> {
    Ok(nll_loss_checked(cx, input, target, n)?.0)
}

/// `nll_loss_forward`'s checks, then its two results.
fn nll_loss_checked(
    cx: &mut Cx<'_>,
    input: &TensorMeta,
    target: &TensorMeta,
    n: &Nll<'_>,
) -> Result<(TensorMeta, TensorMeta)> {
    if !(1..=2).contains(&input.dim()) {
        return Err(invalid(
            cx,
            format!("input tensor should be 1D or 2D, got {}D", input.dim()),
        ));
    }
    if target.dim() > 1 {
        return Err(invalid(
            cx,
            format!(
                "0D or 1D target tensor expected, multi-target not supported, got {}D",
                target.dim()
            ),
        ));
    }
    let no_batch_dim = input.dim() == 1 && target.dim() == 0;
    if !no_batch_dim {
        let Some(&t0) = target.sizes.first() else {
            return Err(invalid(cx, "tuple index out of range"));
        };
        let c = cx.env.eq(input.sizes[0], t0)?;
        if !cx.env.guard_bool(c, cx.op)? {
            return Err(invalid(
                cx,
                format!(
                    "size mismatch (got input: torch.Size({}), target: torch.Size({}))",
                    shape::display_dims(cx.env, &input.sizes),
                    shape::display_dims(cx.env, &target.sizes)
                ),
            ));
        }
    }
    let n_classes = input.sizes[input.dim() - 1];
    if let Some(w) = n.weight {
        let numel = w.numel(cx.env)?;
        let fits = cx.env.eq(numel, n_classes)?;
        if w.dim() != 1 || !cx.env.guard_bool(fits, cx.op)? {
            return Err(invalid(
                cx,
                format!(
                    "weight tensor should be defined either for all {} classes or no classes but got weight tensor of shape: torch.Size({})",
                    cx.env.display(n_classes),
                    shape::display_dims(cx.env, &w.sizes)
                ),
            ));
        }
    }
    forward_and_total(cx, input, target, n)
}

/// `nll_loss_nd_symint`.
fn nll_loss_nd_of(
    cx: &mut Cx<'_>,
    input: &TensorMeta,
    target: &TensorMeta,
    n: &Nll<'_>,
) -> Result<TensorMeta> {
    let rank = input.dim();
    if rank < 1 {
        return Err(invalid(
            cx,
            format!("Expected 1 or more dimensions (got {rank})"),
        ));
    }
    if rank != 1 {
        let Some(&t0) = target.sizes.first() else {
            return Err(invalid(cx, "target has no batch dim"));
        };
        let c = cx.env.eq(input.sizes[0], t0)?;
        if !cx.env.guard_bool(c, cx.op)? {
            return Err(invalid(
                cx,
                format!(
                    "Expected input batch_size ({}) to match target batch_size ({}).",
                    cx.env.display(input.sizes[0]),
                    cx.env.display(t0)
                ),
            ));
        }
    }
    match rank {
        1 | 2 => nll_loss(cx, input, target, n),
        4 => forward(cx, input, target, n),
        _ => {
            let (batch, c) = (input.sizes[0], input.sizes[1]);
            let mut out_size: Dims = Dims::new();
            out_size.push(batch);
            out_size.extend_from_slice(&input.sizes[2..]);
            let fits = target.dim() == rank - 1 && {
                let e = fake_runtime::support::dims_eq(cx, &target.sizes[1..], &input.sizes[2..])?;
                cx.env.guard_bool(e, cx.op)?
            };
            if !fits {
                return Err(invalid(
                    cx,
                    format!(
                        "Expected target size {}, got {}",
                        shape::display_dims(cx.env, &out_size),
                        shape::display_dims(cx.env, &target.sizes)
                    ),
                ));
            }
            let input_c = contiguous(cx, input)?;
            let target_c = contiguous(cx, target)?;
            let inumel = input_c.numel(cx.env)?;
            let nonempty = cx.env.gt(inumel, SymInt::Int(0))?;
            let input4: Dims = if cx.env.guard_bool(nonempty, cx.op)? {
                [batch, c, SymInt::Int(1), SymInt::Int(-1)]
                    .into_iter()
                    .collect()
            } else {
                [batch, c, SymInt::Int(0), SymInt::Int(0)]
                    .into_iter()
                    .collect()
            };
            let input4 = view(cx, &input_c, input4)?;
            let tnumel = target_c.numel(cx.env)?;
            let nonempty = cx.env.gt(tnumel, SymInt::Int(0))?;
            let target3: Dims = if cx.env.guard_bool(nonempty, cx.op)? {
                [batch, SymInt::Int(1), SymInt::Int(-1)]
                    .into_iter()
                    .collect()
            } else {
                [batch, SymInt::Int(0), SymInt::Int(0)]
                    .into_iter()
                    .collect()
            };
            let target3 = view(cx, &target_c, target3)?;
            let out = forward(cx, &input4, &target3, n)?;
            if n.reduction == 0 {
                view(cx, &out, out_size)
            } else {
                Ok(out)
            }
        }
    }
}

/// `nll_loss_nd(Tensor self, Tensor target, Tensor? weight=None, int
/// reduction=Mean, SymInt ignore_index=-100) -> Tensor`.
pub(crate) fn nll_loss_nd(cx: &mut Cx<'_>, a: &[Arg<'_>]) -> Result<Outs> {
    let input = args::tensor(cx, a, 0, "self")?;
    let target = args::tensor(cx, a, 1, "target")?;
    let n = nll_args(cx, a)?;
    Ok(result(nll_loss_nd_of(cx, input, target, &n)?))
}

/// `cross_entropy_loss_prob_target`: `-(log_softmax(self) * target *
/// weight)` summed over the classes, its sum or its mean per sample.
fn prob_target(
    cx: &mut Cx<'_>,
    input: &TensorMeta,
    target: &TensorMeta,
    n: &Nll<'_>,
    label_smoothing: f64,
) -> Result<TensorMeta> {
    let class_dim = usize::from(input.dim() != 1);
    let Some(&n_classes) = input.sizes.get(class_dim) else {
        let n = input.dim().max(1) as i64;
        return Err(fake_runtime::ErrorKind::DimOutOfRange {
            op: cx.op.to_string(),
            dim: class_dim as i64,
            min: -n,
            max: n - 1,
        }
        .into());
    };
    if let Some(w) = n.weight {
        let numel = w.numel(cx.env)?;
        let fits = cx.env.eq(numel, n_classes)?;
        if w.dim() != 1 || !cx.env.guard_bool(fits, cx.op)? {
            return Err(invalid(
                cx,
                format!(
                    "cross_entropy: weight tensor should be defined either for all {} classes or no classes but got weight tensor of shape: {}",
                    cx.env.display(n_classes),
                    shape::display_dims(cx.env, &w.sizes)
                ),
            ));
        }
    }
    let logp = log_softmax(cx, input, class_dim as i64, input.dtype)?;
    let target = if label_smoothing > 0.0 {
        if label_smoothing > 1.0 {
            return Err(smoothing_refused(cx, label_smoothing));
        }
        let t = with_number(cx, k::mul_scalar, target, float(1.0 - label_smoothing))?;
        with_number(cx, k::add_scalar, &t, float(label_smoothing))?
    } else {
        target.clone()
    };
    let mut prod = binary(cx, k::mul_tensor, &logp, &target)?;
    if let Some(w) = n.weight {
        let w = if logp.dim() > 1 {
            let w = specialised_classes(cx, w)?;
            class_view(cx, &w, logp.dim(), 1)?
        } else {
            w.clone()
        };
        prod = binary(cx, k::mul_tensor, &prod, &w)?;
    }
    match n.reduction {
        1 => {
            let s = sum(cx, &prod)?;
            let s = unary(cx, k::neg, &s)?;
            with_number(cx, k::div_scalar, &s, int(1))
        }
        2 => {
            let s = sum(cx, &prod)?;
            unary(cx, k::neg, &s)
        }
        0 => {
            let s = sum_dims(cx, &prod, &[class_dim as i64], false)?;
            unary(cx, k::neg, &s)
        }
        r => Err(invalid(
            cx,
            format!("Invalid reduction type encountered in cross_entropy: {r}"),
        )),
    }
}

/// The refusal of a label smoothing above 1.
fn smoothing_refused(cx: &Cx<'_>, label_smoothing: f64) -> fake_runtime::Error {
    invalid(
        cx,
        format!("label_smoothing must be between 0.0 and 1.0. Got: {label_smoothing}"),
    )
}

/// `cross_entropy_loss_label_smoothing`: the NLL loss blended with the
/// mean negative log-probability over the classes (ignored targets
/// masked out).
fn label_smoothing(
    cx: &mut Cx<'_>,
    input: &TensorMeta,
    target: &TensorMeta,
    n: &Nll<'_>,
    label_smoothing: f64,
) -> Result<TensorMeta> {
    let class_dim = usize::from(input.dim() != 1);
    let logp = log_softmax(cx, input, class_dim as i64, input.dtype)?;
    let nll = nll_loss_nd_of(cx, &logp, target, n)?;
    let weighted = match n.weight {
        Some(w) => {
            let w = specialised_classes(cx, w)?;
            let w = class_view(cx, &w, logp.dim(), class_dim)?;
            binary(cx, k::mul_tensor, &logp, &w)?
        }
        None => logp.clone(),
    };
    let smooth = sum_dims(cx, &weighted, &[class_dim as i64], false)?;
    let smooth = unary(cx, k::neg, &smooth)?;
    let ignored = with_number(
        cx,
        k::eq_scalar,
        target,
        Arg::Scalar(Scalar::Int(n.ignore_index)),
    )?;
    // `masked_fill_` in place: the mask must broadcast to the smooth loss.
    super::loss_steps::call(
        cx,
        k::masked_fill__scalar,
        &[Arg::Tensor(&smooth), Arg::Tensor(&ignored), float(0.0)],
    )?;
    let ret = match n.reduction {
        1 => {
            let s = sum(cx, &smooth)?;
            let total = match n.weight {
                Some(w) => TensorMeta::contiguous(cx.env, &[], w.dtype, w.device)?,
                None => TensorMeta::contiguous(cx.env, &[], DType::Int64, s.device)?,
            };
            binary(cx, k::div_tensor, &s, &total)?
        }
        2 => sum(cx, &smooth)?,
        0 => smooth,
        r => {
            return Err(invalid(
                cx,
                format!("Invalid reduction type encountered in cross_entropy: {r}"),
            ));
        }
    };
    let left = with_number(cx, k::mul_scalar, &nll, float(1.0 - label_smoothing))?;
    let right = with_number(cx, k::mul_scalar, &ret, float(label_smoothing))?;
    binary(cx, k::add_tensor, &left, &right)
}

/// `cross_entropy_loss(Tensor self, Tensor target, Tensor? weight=None, int
/// reduction=Mean, SymInt ignore_index=-100, float label_smoothing=0.0) ->
/// Tensor`.
pub(crate) fn cross_entropy_loss(cx: &mut Cx<'_>, a: &[Arg<'_>]) -> Result<Outs> {
    let input = args::tensor(cx, a, 0, "self")?;
    let target = args::tensor(cx, a, 1, "target")?;
    let n = Nll {
        weight: args::opt_tensor(cx, a, 2, "weight")?,
        reduction: args::int(cx, a, 3, "reduction", Some(1))?,
        ignore_index: args::size(cx, a, 4, "ignore_index", Some(-100))?,
    };
    let ls = args::float(cx, a, 5, "label_smoothing", Some(0.0))?;
    let same = input.dim() == target.dim() && {
        let e = fake_runtime::support::dims_eq(cx, &input.sizes, &target.sizes)?;
        cx.env.guard_bool(e, cx.op)?
    };
    let out = if same {
        if !target.dtype.is_floating_point() {
            return Err(invalid(
                cx,
                format!(
                    "Expected floating point type for target with class probabilities, got {}",
                    target.dtype.name()
                ),
            ));
        }
        let negative = cx.env.lt(n.ignore_index, SymInt::Int(0))?;
        if !cx.env.guard_bool(negative, cx.op)? {
            return Err(invalid(
                cx,
                "ignore_index is not supported for floating point target",
            ));
        }
        prob_target(cx, input, target, &n, ls)?
    } else if ls > 0.0 {
        if ls > 1.0 {
            return Err(smoothing_refused(cx, ls));
        }
        label_smoothing(cx, input, target, &n, ls)?
    } else {
        let class_dim = i64::from(input.dim() != 1);
        let logp = log_softmax(cx, input, class_dim, input.dtype)?;
        nll_loss_nd_of(cx, &logp, target, &n)?
    };
    Ok(result(out))
}

/// The arguments of the `nll_loss` family, in schema order from 2.
fn nll_args<'a>(cx: &mut Cx<'_>, a: &[Arg<'a>]) -> Result<Nll<'a>> {
    Ok(Nll {
        weight: args::opt_tensor(cx, a, 2, "weight")?,
        reduction: args::int(cx, a, 3, "reduction", Some(1))?,
        ignore_index: args::size(cx, a, 4, "ignore_index", Some(-100))?,
    })
}

/// Both results as a kernel's outputs.
fn pair(loss: TensorMeta, total: TensorMeta) -> Outs {
    let mut outs = result(loss);
    outs.push(Out::Tensor(total, Alias::Fresh));
    outs
}

/// `nll_loss_forward(Tensor self, Tensor target, Tensor? weight, int
/// reduction, SymInt ignore_index) -> (Tensor output, Tensor
/// total_weight)`: its decomposition's checks (a 1-D or 2-D input, a
/// target of at most one dim and one per sample, a weight per class),
/// then the loss and the total weight.
pub(crate) fn nll_loss_forward(cx: &mut Cx<'_>, a: &[Arg<'_>]) -> Result<Outs> {
    let input = args::tensor(cx, a, 0, "self")?;
    let target = args::tensor(cx, a, 1, "target")?;
    let n = nll_args(cx, a)?;
    let (loss, total) = nll_loss_checked(cx, input, target, &n)?;
    Ok(pair(loss, total))
}

/// `nll_loss2d_forward(...)`: the same decomposition, without checks.
pub(crate) fn nll_loss2d_forward(cx: &mut Cx<'_>, a: &[Arg<'_>]) -> Result<Outs> {
    let input = args::tensor(cx, a, 0, "self")?;
    let target = args::tensor(cx, a, 1, "target")?;
    let n = nll_args(cx, a)?;
    let (loss, total) = forward_and_total(cx, input, target, &n)?;
    Ok(pair(loss, total))
}

/// `nll_loss(Tensor self, Tensor target, Tensor? weight=None, int
/// reduction=Mean, SymInt ignore_index=-100) -> Tensor`: the loss of
/// `nll_loss_forward`.
pub(crate) fn nll_loss_kernel(cx: &mut Cx<'_>, a: &[Arg<'_>]) -> Result<Outs> {
    let input = args::tensor(cx, a, 0, "self")?;
    let target = args::tensor(cx, a, 1, "target")?;
    let n = nll_args(cx, a)?;
    Ok(result(nll_loss(cx, input, target, &n)?))
}

/// `nll_loss2d(...)`: the loss of `nll_loss2d_forward`.
pub(crate) fn nll_loss2d(cx: &mut Cx<'_>, a: &[Arg<'_>]) -> Result<Outs> {
    let input = args::tensor(cx, a, 0, "self")?;
    let target = args::tensor(cx, a, 1, "target")?;
    let n = nll_args(cx, a)?;
    Ok(result(forward(cx, input, target, &n)?))
}
