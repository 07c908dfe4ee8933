//! `_native_batch_norm_legit`, its `no_stats` overload and
//! `_native_batch_norm_legit_no_training`, as their Python decomposition (`native_batch_norm_helper`), which
//! FakeTensorMode runs: which statistics come back, and of which sizes and
//! dtype, depends on `training` and on the device, which no rule can say.

use super::invalid;
use crate::intrinsics::Steps;
use fake_runtime::pointwise::outside_kernel;
use fake_runtime::promotion::computation_dtype;
use fake_runtime::shape::{self, Dims};
use fake_runtime::support::{args, dims_eq, pointwise_output, remembered_geometry, require};
use fake_runtime::{Alias, Arg, Cx, DType, Layout, Out, Outs, Result, SymInt, TensorMeta};
use smallvec::SmallVec;

/// The statistics and affine parameters broadcast against the input,
/// each distinct one once, in the order they first appear: an operand
/// equal to one before it changes no decision of the elementwise stride
/// rule (the broadcast, the layout tests and the order of the dims ask
/// the same questions of it and get the same answers), so it takes part
/// once (resnet's running mean and variance, weight and bias are one
/// `[c, 1, 1]` tensor).
/// `order` keeps every operand in the reference's order, repeats
/// included, for the steps taken one by one on symbolic inputs.
#[derive(Default)]
struct Operands {
    distinct: SmallVec<[TensorMeta; 4]>,
    order: SmallVec<[usize; 4]>,
}

impl Operands {
    /// `_unsqueeze_to_dim(t, rank)`: `t` flattened (for weight and bias)
    /// or not, with trailing size-1 dims up to `rank`, as a contiguous
    /// operand of `like`'s dtype and device, unless one with the same
    /// sizes, dtype and device (the same metadata) is there already.
    fn push_unsqueezed(
        &mut self,
        cx: &mut Cx<'_>,
        sizes: &[SymInt],
        rank: usize,
        like: &TensorMeta,
    ) -> Result<()> {
        let len = sizes.len().max(rank);
        let same = |t: &TensorMeta| {
            t.dtype == like.dtype
                && t.device == like.device
                && t.sizes.len() == len
                && t.sizes[..sizes.len()] == *sizes
                && t.sizes[sizes.len()..].iter().all(|&s| s == SymInt::Int(1))
        };
        let index = match self.distinct.iter().position(same) {
            Some(i) => i,
            None => {
                let mut s = Dims::from_slice(sizes);
                s.resize(len, SymInt::Int(1));
                let t = TensorMeta::contiguous(cx.env, &s, like.dtype, like.device)?;
                self.distinct.push(t);
                self.distinct.len() - 1
            }
        };
        self.order.push(index);
        Ok(())
    }
}

/// The update of a running statistic,
/// `momentum * save + (1 - momentum) * running`, broadcasts the channels
/// with it; when `writes`, it is
/// copied into `running` by `copy_` (which before its own broadcast check
/// refuses a statistic that overlaps itself where its Python meta runs),
/// so the statistic must keep its sizes. A functional update returns the
/// broadcast instead (a one-element statistic becomes one per channel).
fn check_running(
    cx: &mut Cx<'_>,
    running: &TensorMeta,
    save: &[SymInt],
    writes: bool,
) -> Result<()> {
    let updated = shape::broadcast(cx.env, cx.op, &[save, &running.sizes])?;
    if !writes {
        return Ok(());
    }
    fake_runtime::support::copied_into(cx, running)?;
    let same = dims_eq(cx, &updated, &running.sizes)?;
    require(
        cx,
        same,
        "the updated running statistic must keep its sizes",
    )
}

/// The decomposition, with `running` the running mean and variance, each
/// optional (`writes`: updated in place in training, not returned).
fn legit(
    cx: &mut Cx<'_>,
    a: &[Arg<'_>],
    running: Running<'_>,
    training: bool,
    writes: bool,
) -> Result<Outs> {
    let input = args::tensor(cx, a, 0, "input")?;
    let weight = args::opt_tensor(cx, a, 1, "weight")?;
    let bias = args::opt_tensor(cx, a, 2, "bias")?;
    let (output, save, save_dtype) = helper(cx, input, weight, bias, running, training, writes)?;
    let mut outs = Outs::with_capacity(3);
    outs.push(Out::Tensor(output, Alias::Fresh));
    for _ in 0..2 {
        let stat = TensorMeta::contiguous(cx.env, &save, save_dtype, input.device)?;
        outs.push(Out::Tensor(stat, Alias::Fresh));
    }
    Ok(outs)
}

/// The running mean and variance, each optional.
pub(crate) type Running<'a> = [Option<&'a TensorMeta>; 2];

/// `native_batch_norm_helper`'s output, and the sizes and dtype of its
/// saved statistics (`writes`: the running statistics updated in place,
/// `functional=False`). In training each running statistic given is
/// updated on its own (the variance unbiased by the count per channel);
/// eval mode wants both.
pub(crate) fn helper(
    cx: &mut Cx<'_>,
    input: &TensorMeta,
    weight: Option<&TensorMeta>,
    bias: Option<&TensorMeta>,
    running: Running<'_>,
    training: bool,
    writes: bool,
) -> Result<(TensorMeta, Dims, DType)> {
    let rank = input.dim();
    // Statistics, weight and bias take one dim fewer than the input
    // (`_unsqueeze_to_dim(t, input.dim() - 1)`).
    let stat_rank = rank.saturating_sub(1);
    let compute = computation_dtype(input.dtype);
    let cpu = input.device.is_cpu();
    let (center, save, save_dtype) = if training {
        if !(input.dtype.is_floating_point() || input.dtype.is_complex()) {
            return Err(invalid(
                cx,
                "mean(): could not infer output dtype. Input dtype must be either a floating point or complex dtype.",
            ));
        }
        // The channels, dim 1: none below two dims, whose statistics
        // (over dims `[0, 2, ...]`) are squeezed to zero dims.
        let c = input.sizes.get(1).copied();
        // var_mean over every dim but 1, kept.
        let mut kept: Dims = Dims::from_elem(SymInt::Int(1), rank);
        if let Some(c) = c {
            kept[1] = c;
        }
        // `(input - mean) * rstd`, both of the statistics' layout.
        let mut center = Operands::default();
        let stat = TensorMeta::contiguous(cx.env, &kept, compute, input.device)?;
        center.distinct.push(stat);
        center.order.extend([0, 0]);
        let save: Dims = c.into_iter().collect();
        // The reference updates the mean, then unbiases the variance
        // before updating it.
        let [mean, var] = running;
        if let Some(mean) = mean {
            check_running(cx, mean, &save, writes)?;
        }
        if let Some(var) = var {
            // The update counts `input.numel() / input.shape[1]`.
            let Some(c) = c else {
                return Err(invalid(cx, "tuple index out of range"));
            };
            check_unbiasing(cx, input)?;
            check_running(cx, var, &[c], writes)?;
        }
        let dtype = if cpu { input.dtype } else { compute };
        (center, save, dtype)
    } else {
        let [Some(mean), Some(var)] = running else {
            return Err(invalid(
                cx,
                "running_mean and running_var must not be None in eval mode",
            ));
        };
        // The running statistics are cast to the computation dtype, so a
        // bool input subtracts two bool tensors.
        if input.dtype == DType::Bool {
            return Err(invalid(cx, super::BOOL_SUBTRACTION));
        }
        // `(input - mean) * invstd`, both unsqueezed.
        let mut center = Operands::default();
        center.push_unsqueezed(cx, &mean.sizes, stat_rank, mean)?;
        center.push_unsqueezed(cx, &var.sizes, stat_rank, var)?;
        // CPU returns empty statistics; other devices the running ones in
        // the computation dtype (the inverse deviation through `rsqrt`).
        if cpu {
            (center, Dims::from_elem(SymInt::Int(0), 1), input.dtype)
        } else {
            (center, mean.sizes.clone(), compute)
        }
    };
    let mut operands = center;
    for t in [weight, bias].into_iter().flatten() {
        let numel = t.numel(cx.env)?;
        operands.push_unsqueezed(cx, &[numel], stat_rank, t)?;
    }
    let mut all: SmallVec<[&TensorMeta; 5]> = smallvec::smallvec![input];
    all.extend(operands.distinct.iter());
    // On symbolic sizes the fake mode runs the reference itself, each
    // arithmetic step through its fast path; on static ones its steps
    // are one elementwise layout.
    let output = if outside_kernel(&all) {
        // Remembered in the ShapeEnv by the operands and their order. The
        // statistics always take two steps (centring and scaling), and
        // each step's result is a fresh elementwise result of the input's
        // dtype on the call's device: the layout is all the steps decide.
        let order: SmallVec<[SymInt; 6]> = operands
            .order
            .iter()
            .map(|&i| SymInt::Int(i as i64))
            .collect();
        let tag = super::Remembered::BatchNormSteps as i64;
        let (sizes, strides) = remembered_geometry(cx, tag, &all, &[&order], |cx| {
            let steps = Steps { dtype: input.dtype };
            let mut out = input.clone();
            for &i in &operands.order {
                out = steps.arithmetic(cx, &out, &operands.distinct[i])?;
            }
            Ok((out.sizes, out.strides))
        })?;
        TensorMeta {
            sizes,
            strides,
            storage_offset: SymInt::Int(0),
            dtype: input.dtype,
            device: cx.device,
            layout: Layout::Strided,
            requires_grad: false,
            wrapped_number: false,
        }
    } else {
        pointwise_output(cx, &all, input.dtype)?
    };
    Ok((output, save, save_dtype))
}

/// `_native_batch_norm_legit(Tensor input, Tensor? weight, Tensor? bias,
/// Tensor(a!) running_mean, Tensor(b!) running_var, bool training, float
/// momentum, float eps) -> (Tensor, Tensor, Tensor)`.
pub(crate) fn native_batch_norm_legit(cx: &mut Cx<'_>, a: &[Arg<'_>]) -> Result<Outs> {
    let mean = args::tensor(cx, a, 3, "running_mean")?;
    let var = args::tensor(cx, a, 4, "running_var")?;
    let training = args::bool(cx, a, 5, "training", None)?;
    legit(cx, a, [Some(mean), Some(var)], training, true)
}

/// `_native_batch_norm_legit_no_training(Tensor input, Tensor? weight,
/// Tensor? bias, Tensor running_mean, Tensor running_var, float momentum,
/// float eps) -> (Tensor, Tensor, Tensor)`: its decomposition is
/// `_native_batch_norm_legit` in eval mode, so the output follows the
/// input's layout (TensorIterator's, any permutation of its strides).
pub(crate) fn native_batch_norm_legit_no_training(cx: &mut Cx<'_>, a: &[Arg<'_>]) -> Result<Outs> {
    let mean = args::tensor(cx, a, 3, "running_mean")?;
    let var = args::tensor(cx, a, 4, "running_var")?;
    legit(cx, a, [Some(mean), Some(var)], false, false)
}

/// `_native_batch_norm_legit.no_stats(Tensor input, Tensor? weight,
/// Tensor? bias, bool training, float momentum, float eps) -> (Tensor,
/// Tensor, Tensor)`: eval mode is refused.
pub(crate) fn native_batch_norm_legit_no_stats(cx: &mut Cx<'_>, a: &[Arg<'_>]) -> Result<Outs> {
    let training = args::bool(cx, a, 3, "training", None)?;
    legit(cx, a, [None, None], training, false)
}

/// `_native_batch_norm_legit_functional(Tensor input, Tensor? weight,
/// Tensor? bias, Tensor running_mean, Tensor running_var, bool training,
/// float momentum, float eps) -> (Tensor, Tensor, Tensor, Tensor, Tensor)`:
/// `_native_batch_norm_legit`'s results, then the updated running
/// statistics instead of writing them: in training
/// `momentum * saved + (1 - momentum) * running` (the saved statistics in
/// the computation dtype, so promoted with the running ones'; the
/// variance unbiased by `n / (n - 1)`, Python numbers that refuse a zero
/// divisor), in eval mode copies of the running ones in the computation
/// dtype (`running.to(dtype, copy=True)`).
pub(crate) fn native_batch_norm_legit_functional(cx: &mut Cx<'_>, a: &[Arg<'_>]) -> Result<Outs> {
    let input = args::tensor(cx, a, 0, "input")?;
    let mean = args::tensor(cx, a, 3, "running_mean")?;
    let var = args::tensor(cx, a, 4, "running_var")?;
    let training = args::bool(cx, a, 5, "training", None)?;
    let mut outs = legit(cx, a, [Some(mean), Some(var)], training, false)?;
    let compute = computation_dtype(input.dtype);
    for running in [mean, var] {
        let updated = if training {
            let c = input.sizes[1];
            let saved = TensorMeta::contiguous(cx.env, &[c], compute, input.device)?;
            let dtype = fake_runtime::promotion::promote_types(compute, running.dtype)?;
            pointwise_output(cx, &[&saved, running], dtype)?
        } else {
            let strides = crate::intrinsics::preserve_strides(cx, running, None)?;
            TensorMeta {
                strides,
                storage_offset: SymInt::Int(0),
                dtype: compute,
                ..running.clone()
            }
        };
        outs.push(Out::Tensor(updated, Alias::Fresh));
    }
    Ok(outs)
}

/// The decomposition's unbiasing of the running variance in training:
/// `n = input.numel() / input.shape[1]`, then `n / (n - 1)`, Python
/// numbers, so no channel or a single value per channel divides by zero.
/// A symbolic `n` divides symbolically, unless the quotient simplifies to
/// 1 (every other dim a static 1: `s0 / s0`).
fn check_unbiasing(cx: &mut Cx<'_>, input: &TensorMeta) -> Result<()> {
    let c = input.sizes[1];
    if c == SymInt::Int(0) {
        return Err(invalid(cx, "division by zero"));
    }
    // Expressions are interned: equal handles are the same expression.
    if input.numel(cx.env)? == c {
        return Err(invalid(cx, "float division by zero"));
    }
    Ok(())
}

/// The running statistics at `mean` and `var`, each optional.
fn optional_running<'a>(
    cx: &Cx<'_>,
    a: &[Arg<'a>],
    mean: usize,
    var: usize,
) -> Result<Running<'a>> {
    Ok([
        args::opt_tensor(cx, a, mean, "running_mean")?,
        args::opt_tensor(cx, a, var, "running_var")?,
    ])
}

/// Under the Python dispatcher `native_batch_norm`'s decomposition
/// (`native_batch_norm_decomposition`) refuses one running statistic
/// without the other, before anything else; ATen's kernel, which a plain
/// fake mode runs, takes it.
pub(crate) fn running_pair(cx: &Cx<'_>, mean: bool, var: bool) -> Result<()> {
    if !cx.defaults.python_dispatcher || mean == var {
        return Ok(());
    }
    let (none, given) = if mean {
        ("running_var", "running_mean")
    } else {
        ("running_mean", "running_var")
    };
    Err(invalid(
        cx,
        format!(
            "{none} is None, but {given} is provided. They should both be None or both be provided."
        ),
    ))
}

/// `native_batch_norm(Tensor input, Tensor? weight, Tensor? bias, Tensor?
/// running_mean, Tensor? running_var, bool training, float momentum,
/// float eps) -> (Tensor, Tensor, Tensor)`: the same decomposition
/// (`native_batch_norm_helper`), the running statistics optional.
pub(crate) fn native_batch_norm(cx: &mut Cx<'_>, a: &[Arg<'_>]) -> Result<Outs> {
    let running = optional_running(cx, a, 3, 4)?;
    running_pair(cx, running[0].is_some(), running[1].is_some())?;
    native_batch_norm_helper(cx, a)
}

/// `native_batch_norm.out(..., *, Tensor(a!) out, Tensor(b!) save_mean,
/// Tensor(c!) save_invstd)`: the decomposition table's `out_wrapper` of
/// `native_batch_norm_helper` (a castable dtype per out). The Python
/// dispatcher's pairing of the running statistics belongs to the
/// functional overload's own Python kernel, so one without the other is
/// taken here.
pub(crate) fn native_batch_norm_out(cx: &mut Cx<'_>, a: &[Arg<'_>]) -> Result<Outs> {
    fake_runtime::support::out_variant(
        cx,
        a,
        8,
        3,
        fake_runtime::support::OutForm::CASTABLE,
        native_batch_norm_helper,
    )
}

/// `native_batch_norm_helper` with its running statistics optional.
fn native_batch_norm_helper(cx: &mut Cx<'_>, a: &[Arg<'_>]) -> Result<Outs> {
    let running = optional_running(cx, a, 3, 4)?;
    let training = args::bool(cx, a, 5, "training", None)?;
    legit(cx, a, running, training, true)
}

/// `_batch_norm_impl_index(Tensor input, Tensor? weight, Tensor? bias,
/// Tensor? running_mean, Tensor? running_var, bool training, float
/// momentum, float eps, bool cudnn_enabled) -> (Tensor, Tensor, Tensor,
/// Tensor, int)`: ATen's composite on the native backend (index 0), an
/// empty uint8 reserve after `native_batch_norm`'s results; an empty input
/// (a guard on its count) is cloned instead, times `weight[0]` and plus
/// `bias[0]` when given, its statistics empty of the channels' count in
/// the accumulate dtype.
pub(crate) fn batch_norm_impl_index(cx: &mut Cx<'_>, a: &[Arg<'_>]) -> Result<Outs> {
    let input = args::tensor(cx, a, 0, "input")?;
    let numel = input.numel(cx.env)?;
    let empty = cx.env.eq(numel, SymInt::Int(0))?;
    let mut outs = if cx.env.guard_bool(empty, cx.op)? {
        // ATen reads the channels as `sizes()[1]`, unchecked.
        if input.dim() < 2 {
            return Err(invalid(
                cx,
                format!("an empty input of {} dims has no channels", input.dim()),
            ));
        }
        let (weight, bias) = (
            args::opt_tensor(cx, a, 1, "weight")?,
            args::opt_tensor(cx, a, 2, "bias")?,
        );
        let out = crate::intrinsics::empty_batch_norm(cx, input, weight, bias)?;
        let stats = accumulate_dtype(input.dtype, input.device.ty);
        let channels = [input.sizes[1]];
        let mut outs = Outs::new();
        outs.push(Out::Tensor(out, Alias::Fresh));
        for _ in 0..2 {
            let t = TensorMeta::contiguous(cx.env, &channels, stats, input.device)?;
            outs.push(Out::Tensor(t, Alias::Fresh));
        }
        outs
    } else {
        let params = [
            args::opt_tensor(cx, a, 1, "weight")?,
            args::opt_tensor(cx, a, 2, "bias")?,
        ];
        let running = [
            args::opt_tensor(cx, a, 3, "running_mean")?,
            args::opt_tensor(cx, a, 4, "running_var")?,
        ];
        let training = args::bool(cx, a, 5, "training", None)?;
        check_features(cx, input, params, running, training)?;
        native_batch_norm(cx, &a[..a.len().min(8)])?
    };
    outs.push(empty_reserve(cx, input)?);
    outs.push(Out::Int(SymInt::Int(0)));
    Ok(outs)
}

/// `_batch_norm_impl_index`'s checks of a non-empty input (which
/// `batch_norm` calls), in its order: each running statistic given
/// (required in eval mode), then the weight and bias given, holds one
/// element per channel, `sizes()[1]` (ATen's
/// `check_dims_match_num_input_features`, a `TORCH_SYM_CHECK`: the
/// elements counted, so a `[c, 1]` weight passes and a one-element
/// statistic, which the decomposition would broadcast, does not).
pub(crate) fn check_features(
    cx: &mut Cx<'_>,
    input: &TensorMeta,
    params: [Option<&TensorMeta>; 2],
    running: [Option<&TensorMeta>; 2],
    training: bool,
) -> Result<()> {
    fake_runtime::support::require_rank(cx, "input", input, 2, false)?;
    let c = input.sizes[1];
    let [weight, bias] = params;
    let [mean, var] = running;
    for (name, t, required) in [
        ("running_mean", mean, !training),
        ("running_var", var, !training),
        ("weight", weight, false),
        ("bias", bias, false),
    ] {
        let Some(t) = t else {
            if required {
                return Err(invalid(
                    cx,
                    format!("{name} must be defined in evaluation mode"),
                ));
            }
            continue;
        };
        let numel = t.numel(cx.env)?;
        let same = cx.env.eq(numel, c)?;
        fake_runtime::support::require_printing(cx, same, &|env| {
            format!(
                "{name} should contain {} elements not {}",
                env.display(c),
                env.display(numel)
            )
        })?;
    }
    Ok(())
}

/// ATen's `toAccumulateType(dtype, device)`: the dtype a kernel sums in
/// (on the CPU a float32 sums in float64; elsewhere reduced floats sum in
/// float32; a bool stays bool).
fn accumulate_dtype(d: DType, device: fake_runtime::DeviceType) -> DType {
    let cpu = device == fake_runtime::DeviceType::Cpu;
    match d {
        DType::Float16 | DType::BFloat16 => DType::Float32,
        DType::Float32 if cpu => DType::Float64,
        DType::Complex64 if cpu => DType::Complex128,
        d if d.is_integral(false) => DType::Int64,
        d => d,
    }
}

/// `_get_batch_norm_reserve_tensor`: the cuDNN reserve space, empty
/// (uint8) for every backend but cuDNN, whose size is a cuDNN query no
/// metadata answers; it is taken as empty there too. The backend query
/// (`torch._C._select_batch_norm_backend`) takes tensors only: an absent
/// weight, bias or running statistic is refused there, as FakeTensorMode
/// refuses it.
fn reserve(cx: &mut Cx<'_>, a: &[Arg<'_>], input: &TensorMeta) -> Result<Out> {
    for (i, name) in [
        (1, "weight"),
        (2, "bias"),
        (3, "running_mean"),
        (4, "running_var"),
    ] {
        if args::opt_tensor(cx, a, i, name)?.is_none() {
            return Err(invalid(
                cx,
                format!(
                    "_select_batch_norm_backend(): incompatible function arguments: {name} is None where a Tensor is expected"
                ),
            ));
        }
    }
    empty_reserve(cx, input)
}

/// The reserve space every backend but cuDNN gives: empty, uint8, on the
/// input's device.
fn empty_reserve(cx: &mut Cx<'_>, input: &TensorMeta) -> Result<Out> {
    let t = TensorMeta::contiguous(cx.env, &[SymInt::Int(0)], DType::UInt8, input.device)?;
    Ok(Out::Tensor(t, Alias::Fresh))
}

/// `_batch_norm_with_update(Tensor input, Tensor? weight, Tensor? bias,
/// Tensor(a!) running_mean, Tensor(b!) running_var, float momentum, float
/// eps) -> (Tensor, Tensor, Tensor, Tensor)`: training batch norm
/// (`native_batch_norm_helper`) and the reserve tensor.
pub(crate) fn batch_norm_with_update(cx: &mut Cx<'_>, a: &[Arg<'_>]) -> Result<Outs> {
    let input = args::tensor(cx, a, 0, "input")?;
    let mean = args::tensor(cx, a, 3, "running_mean")?;
    let var = args::tensor(cx, a, 4, "running_var")?;
    let mut outs = legit(cx, a, [Some(mean), Some(var)], true, true)?;
    outs.push(reserve(cx, a, input)?);
    Ok(outs)
}

/// `_batch_norm_no_update(Tensor input, Tensor? weight, Tensor? bias,
/// Tensor? running_mean, Tensor? running_var, float momentum, float eps)
/// -> (Tensor, Tensor, Tensor, Tensor)`: eval-mode batch norm and the
/// reserve tensor.
pub(crate) fn batch_norm_no_update(cx: &mut Cx<'_>, a: &[Arg<'_>]) -> Result<Outs> {
    let input = args::tensor(cx, a, 0, "input")?;
    let running = optional_running(cx, a, 3, 4)?;
    let mut outs = legit(cx, a, running, false, false)?;
    outs.push(reserve(cx, a, input)?);
    Ok(outs)
}

/// `_batch_norm_with_update_functional(Tensor input, Tensor? weight,
/// Tensor? bias, Tensor running_mean, Tensor running_var, float momentum,
/// float eps) -> (Tensor, Tensor, Tensor, Tensor, Tensor running_mean_out,
/// Tensor running_var_out)`: `_native_batch_norm_legit_functional` in
/// training, the reserve tensor before the updated statistics.
pub(crate) fn batch_norm_with_update_functional(cx: &mut Cx<'_>, a: &[Arg<'_>]) -> Result<Outs> {
    let input = args::tensor(cx, a, 0, "input")?;
    let mut legit_args: SmallVec<[Arg<'_>; 8]> = a.iter().take(5).cloned().collect();
    legit_args.push(Arg::Bool(true));
    legit_args.extend(a.iter().skip(5).cloned());
    let mut outs = native_batch_norm_legit_functional(cx, &legit_args)?;
    let r = reserve(cx, a, input)?;
    outs.insert(3, r);
    Ok(outs)
}

// ---- the cuDNN and MIOpen backends -------------------------------------------------

/// `native_batch_norm`'s results for a backend's forward, its saved
/// statistics replaced outside training by empty ones of the weight's
/// dtype (`weight.new_zeros((0,))`), as the backends' decompositions in
/// `torch._decomp` return them.
fn backend_decomposition(
    cx: &mut Cx<'_>,
    a: &[Arg<'_>],
    batch_norm: fn(&mut Cx<'_>, &[Arg<'_>]) -> Result<Outs>,
) -> Result<Outs> {
    let weight = args::tensor(cx, a, 1, "weight")?;
    let training = args::bool(cx, a, 5, "training", None)?;
    let (dtype, device) = (weight.dtype, weight.device);
    let mut outs = batch_norm(cx, &a[..a.len().min(8)])?;
    if !training {
        for stat in outs.iter_mut().skip(1) {
            *stat = super::new_tensor(cx, &[SymInt::Int(0)], dtype, device)?;
        }
    }
    Ok(outs)
}

/// `cudnn_batch_norm(Tensor input, Tensor weight, Tensor? bias, Tensor?
/// running_mean, Tensor? running_var, bool training, float
/// exponential_average_factor, float epsilon) -> (Tensor, Tensor, Tensor,
/// Tensor)`: `torch._decomp`'s decomposition, which FakeTensorMode runs
/// (no Python meta): `native_batch_norm` ([`backend_decomposition`]) and
/// an empty uint8 reserve.
pub(crate) fn cudnn_batch_norm(cx: &mut Cx<'_>, a: &[Arg<'_>]) -> Result<Outs> {
    cudnn_decomposition(cx, a, native_batch_norm)
}

/// `cudnn_batch_norm.out(..., *, Tensor(a!) out0, ..., Tensor(d!) out3)`:
/// the decomposition table's `out_wrapper` of the decomposition, whose
/// `native_batch_norm` then takes one running statistic without the
/// other, as [`native_batch_norm_out`] does.
pub(crate) fn cudnn_batch_norm_out(cx: &mut Cx<'_>, a: &[Arg<'_>]) -> Result<Outs> {
    fake_runtime::support::out_variant(
        cx,
        a,
        8,
        4,
        fake_runtime::support::OutForm::CASTABLE,
        |cx, a| cudnn_decomposition(cx, a, native_batch_norm_helper),
    )
}

/// `cudnn_batch_norm`'s decomposition over `batch_norm` (the functional
/// `native_batch_norm`, or its helper), then an empty uint8 reserve.
fn cudnn_decomposition(
    cx: &mut Cx<'_>,
    a: &[Arg<'_>],
    batch_norm: fn(&mut Cx<'_>, &[Arg<'_>]) -> Result<Outs>,
) -> Result<Outs> {
    let input = args::tensor(cx, a, 0, "input")?;
    let mut outs = backend_decomposition(cx, a, batch_norm)?;
    outs.push(empty_reserve(cx, input)?);
    Ok(outs)
}

/// `miopen_batch_norm(...)`, `cudnn_batch_norm`'s arguments, `->
/// (Tensor, Tensor, Tensor)`: its Python meta (`meta_miopen_batch_norm`)
/// in a plain fake mode: the input checked contiguous in its suggested
/// memory format and the output laid out in it; in training the saved
/// statistics are of the running statistics' sizes (else the weight's),
/// outside it empty, both of the weight's dtype. Nothing else is checked.
/// Under the Python dispatcher its autograd kernel in Python
/// (`py_impl(DispatchKey.Autograd)`) runs the decomposition instead
/// ([`backend_decomposition`]).
pub(crate) fn miopen_batch_norm(cx: &mut Cx<'_>, a: &[Arg<'_>]) -> Result<Outs> {
    if cx.defaults.python_dispatcher {
        return backend_decomposition(cx, a, native_batch_norm);
    }
    let input = args::tensor(cx, a, 0, "input")?;
    let weight = args::tensor(cx, a, 1, "weight")?;
    let running_mean = args::opt_tensor(cx, a, 3, "running_mean")?;
    let running_var = args::opt_tensor(cx, a, 4, "running_var")?;
    let training = args::bool(cx, a, 5, "training", None)?;
    let format = crate::intrinsics::suggest_format(cx, input, None)?;
    if !crate::intrinsics::is_contiguous_or_false(cx, input, format)? {
        return Err(invalid(
            cx,
            format!("miopen_batch_norm: input must be contiguous in {format}"),
        ));
    }
    let strides = fake_runtime::support::format_strides(cx, &input.sizes, Some(format))?;
    let out = super::fresh(cx, input, input.sizes.clone(), strides);
    let mut outs = Outs::with_capacity(3);
    outs.push(Out::Tensor(out, Alias::Fresh));
    for running in [running_mean, running_var] {
        let sizes: Dims = match (training, running) {
            (false, _) => Dims::from_slice(&[SymInt::Int(0)]),
            (true, Some(r)) => r.sizes.clone(),
            (true, None) => weight.sizes.clone(),
        };
        outs.push(super::new_tensor(cx, &sizes, weight.dtype, weight.device)?);
    }
    Ok(outs)
}

/// `cudnn_batch_norm_backward(Tensor input, Tensor grad_output, Tensor
/// weight, Tensor? running_mean, Tensor? running_var, Tensor? save_mean,
/// Tensor? save_var, float epsilon, Tensor reserveSpace) -> (Tensor,
/// Tensor, Tensor)` and `miopen_batch_norm_backward` (the same without the
/// reserve): their decompositions, `native_batch_norm_backward(grad_output,
/// input, weight, running_mean, running_var, save_mean, save_var, True,
/// epsilon, [True, True, True])`.
pub(crate) fn backend_batch_norm_backward(cx: &mut Cx<'_>, a: &[Arg<'_>]) -> Result<Outs> {
    let arg = |i: usize| a.get(i).cloned().unwrap_or(Arg::None);
    let native = [
        arg(1),
        arg(0),
        arg(2),
        arg(3),
        arg(4),
        arg(5),
        arg(6),
        Arg::Bool(true),
        arg(7),
        Arg::Bools(std::borrow::Cow::Borrowed(&[true, true, true])),
    ];
    super::native_batch_norm_backward(cx, &native)
}

/// `batch_norm_update_stats(Tensor input, Tensor? running_mean, Tensor?
/// running_var, float momentum) -> (Tensor, Tensor)`: its CPU kernel
/// alone (there is no meta kernel: the fake mode runs it on zeros, so
/// every layout must be static). The batch's mean and variance per
/// channel, `[C]`, in the input's dtype, or in `float32` where the first
/// running statistic given is of another dtype (a half-precision input
/// with `float32` statistics; any other mix refused).
pub(crate) fn batch_norm_update_stats(cx: &mut Cx<'_>, a: &[Arg<'_>]) -> Result<Outs> {
    let input = args::tensor(cx, a, 0, "input")?;
    let running_mean = args::opt_tensor(cx, a, 1, "running_mean")?;
    let running_var = args::opt_tensor(cx, a, 2, "running_var")?;
    for t in [Some(input), running_mean, running_var]
        .into_iter()
        .flatten()
    {
        crate::intrinsics::static_layout(cx, t)?;
        super::fallback::cpu_only(cx, t)?;
    }
    // `is_mixed_type`: the first statistic given, of another dtype.
    let mixed = running_mean
        .or(running_var)
        .is_some_and(|t| t.dtype != input.dtype);
    if !matches!(
        input.dtype,
        DType::Float32 | DType::Float64 | DType::Float16 | DType::BFloat16
    ) {
        let name = crate::intrinsics::c10_name(cx, input.dtype)?;
        return Err(invalid(
            cx,
            format!("\"batch_norm_update_stats_cpu\" not implemented for '{name}'"),
        ));
    }
    if mixed {
        // `check_mixed_data_type`: every statistic given `float32`, then
        // a half-precision input.
        if [running_mean, running_var]
            .into_iter()
            .flatten()
            .any(|t| t.dtype != DType::Float32)
        {
            return Err(invalid(
                cx,
                "mixed dtype (CPU): expect parameter to have scalar type of Float",
            ));
        }
        if !matches!(input.dtype, DType::Float16 | DType::BFloat16) {
            return Err(invalid(
                cx,
                "mixed dtype (CPU): all inputs must share same datatype.",
            ));
        }
    }
    let d = shape::wrap_dim(cx.op, 1, input.dim())?;
    let channels = input.sizes[d];
    let numel = shape::numel(cx.env, &input.sizes)?;
    if numel == SymInt::Int(0) {
        return Err(invalid(
            cx,
            format!(
                "input tensor must have at least one element, but got input_sizes = {}",
                shape::display_dims(cx.env, &input.sizes)
            ),
        ));
    }
    // The running statistics' 1-D accessors.
    for t in [running_mean, running_var].into_iter().flatten() {
        if t.dim() != 1 {
            return Err(invalid(
                cx,
                format!("TensorAccessor expected 1 dims but tensor has {}", t.dim()),
            ));
        }
    }
    let dtype = if mixed { DType::Float32 } else { input.dtype };
    let mut outs = Outs::new();
    for _ in 0..2 {
        let stat = TensorMeta::contiguous(cx.env, &[channels], dtype, input.device)?;
        outs.push(Out::Tensor(stat, Alias::Fresh));
    }
    Ok(outs)
}

/// `batch_norm_update_stats.out(..., *, Tensor(a!) out0, Tensor(b!) out1)`:
/// the functional form's checks, each out of exactly its statistic's
/// dtype, the outs returned as they were (the fake mode's fallback
/// writes no metadata back).
pub(crate) fn batch_norm_update_stats_out(cx: &mut Cx<'_>, a: &[Arg<'_>]) -> Result<Outs> {
    super::fallback::unwritten_outs(cx, a, 4, batch_norm_update_stats)
}
