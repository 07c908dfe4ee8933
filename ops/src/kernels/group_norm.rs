//! `native_group_norm` as PyTorch's fake kernel runs it: the reference
//! `torch._refs.native_group_norm`, step for step, each step the kernel of
//! the operator the reference calls. The input is made contiguous in its
//! suggested memory format, converted to the computation dtype and viewed
//! as `[N, group, C // group, HxW]`; the statistics are `var_mean` over
//! the last two dims; the grouped view is normalised and viewed back,
//! then scaled and shifted. Where every size is static the reference runs
//! as the operator's `Meta` kernel, where the fake tensors are on the meta
//! device; where any size is symbolic the fake mode runs it from the
//! decomposition table (the operator has no Python meta), on the tensors'
//! own device, so a CPU input with a weight takes the reference's CPU path
//! (weight and bias folded into one scale and shift per channel,
//! broadcast against the input: a symbolic channel count is guarded equal
//! to a static `C`), and a device other than the CPU, CUDA, meta and
//! PrivateUse1 keeps the contiguous format. The output is converted back
//! and made contiguous in the input's memory format again, so an input's
//! own strides on size-1 dims survive wherever the steps keep them, as
//! they do in PyTorch.
//!
//! `group_norm` is ATen's composite over it: the input made contiguous
//! (in its suggested memory format, but on MPS), then
//! `native_group_norm`'s first result.

use super::einsum::{fresh_result, reshape};
use super::loss_steps::{binary, call, float, to, unary, with_number};
use super::recurrent::{product, size_at};
use crate::erased as k;
use fake_runtime::promotion::computation_dtype;
use fake_runtime::shape::{self, Dims};
use fake_runtime::support::args;
use fake_runtime::{
    Alias, Arg, Cx, DeviceType, Error, MemoryFormat, Out, Outs, Result, ShapeEnv, SymInt,
    TensorMeta,
};

/// `t.contiguous(memory_format=format)`.
fn contiguous_as(cx: &mut Cx<'_>, t: &TensorMeta, format: MemoryFormat) -> Result<TensorMeta> {
    call(
        cx,
        super::contiguous,
        &[Arg::Tensor(t), Arg::MemoryFormat(format)],
    )
}

/// `t.contiguous()` of an optional affine parameter.
fn contiguous_opt(cx: &mut Cx<'_>, t: Option<&TensorMeta>) -> Result<Option<TensorMeta>> {
    t.map(|t| contiguous_as(cx, t, MemoryFormat::Contiguous))
        .transpose()
}

/// `suggest_memory_format(t)`.
fn suggest_memory_format(cx: &mut Cx<'_>, t: &TensorMeta) -> Result<MemoryFormat> {
    fake_runtime::strides::suggest_memory_format(cx.env, t, cx.op)
}

/// `_unsqueeze_multiple(t, dims)`: `unsqueeze` at each of the sorted
/// `dims`.
fn unsqueeze_multiple(cx: &mut Cx<'_>, t: &TensorMeta, dims: &[i64]) -> Result<TensorMeta> {
    let mut t = t.clone();
    for &d in dims {
        t = super::loss_steps::unsqueeze(cx, &t, d)?;
    }
    Ok(t)
}

/// `native_group_norm(Tensor input, Tensor? weight, Tensor? bias, SymInt
/// N, SymInt C, SymInt HxW, int group, float eps) -> (Tensor, Tensor,
/// Tensor)`.
pub(crate) fn native_group_norm(cx: &mut Cx<'_>, a: &[Arg<'_>]) -> Result<Outs> {
    let input = args::tensor(cx, a, 0, "input")?;
    let weight = args::opt_tensor(cx, a, 1, "weight")?;
    let bias = args::opt_tensor(cx, a, 2, "bias")?;
    let n = args::size(cx, a, 3, "N", None)?;
    let c = args::size(cx, a, 4, "C", None)?;
    let hxw = args::size(cx, a, 5, "HxW", None)?;
    let group = args::size(cx, a, 6, "group", None)?;
    let eps = args::float(cx, a, 7, "eps", None)?;
    check_positive(cx, c, "number of channels")?;
    check_positive(cx, hxw, "HxW")?;
    check_groups_and_affine(cx, input, weight, bias, c, group, shape::display_torch_size)?;
    let rank = input.dim();
    if rank < 2 {
        return Err(Error::invalid(
            cx.op,
            format!("Expected at least 2 dimensions for input tensor but received {rank}"),
        ));
    }
    // `has_symbolic_sizes` of the fake mode's dispatch: the decomposition
    // runs on the tensors' own device. Otherwise, inside a `Meta` kernel,
    // the fake tensors say they are on the meta device.
    let symbolic = [Some(input), weight, bias]
        .into_iter()
        .flatten()
        .any(|t| !t.is_static())
        || [n, c, hxw].iter().any(|s| !s.is_static());
    let device = if symbolic {
        input.device.ty
    } else {
        DeviceType::Meta
    };
    let format = if matches!(
        device,
        DeviceType::Cpu | DeviceType::Cuda | DeviceType::Meta | DeviceType::PrivateUse1
    ) {
        suggest_memory_format(cx, input)?
    } else {
        MemoryFormat::Contiguous
    };
    let input = contiguous_as(cx, input, format)?;
    let (weight, bias) = (contiguous_opt(cx, weight)?, contiguous_opt(cx, bias)?);
    let compute = computation_dtype(input.dtype);
    // `_maybe_convert_to_dtype`: `prims.convert_element_type`, which below
    // the fake mode is `to` (`_to_copy`, or the tensor itself).
    let input_acc = to(cx, &input, compute)?;
    let per_group = cx.env.floordiv(c, group)?;
    let grouped = Dims::from_slice(&[n, group, per_group, hxw]);
    let input_reshaped = reshape(cx, &input_acc, grouped)?;
    let reduction: Dims = Dims::from_slice(&[SymInt::Int(2), SymInt::Int(3)]);
    let stats = k::var_mean_correction(
        cx,
        &[
            Arg::Tensor(&input_reshaped),
            Arg::Ints(reduction[..].into()),
            super::loss_steps::int(0),
            Arg::Bool(true),
        ],
    )?;
    let mut stats = stats.into_iter().filter_map(|o| match o {
        Out::Tensor(t, _) => Some(t),
        _ => None,
    });
    let (Some(biased_var), Some(mean)) = (stats.next(), stats.next()) else {
        return Err(Error::invalid(cx.op, "var_mean gave no statistics"));
    };
    let shifted = with_number(cx, k::add_scalar, &biased_var, float(eps))?;
    let rstd = unary(cx, k::rsqrt, &shifted)?;
    let out = match &weight {
        Some(weight) if device == DeviceType::Cpu => {
            let parts = AffineParts {
                weight,
                bias: bias.as_ref(),
                per_channel: Dims::from_slice(&[SymInt::Int(1), group, per_group, SymInt::Int(1)]),
                n,
                c,
                rank,
            };
            cpu_affine(cx, &input_acc, &mean, &rstd, parts)?
        }
        _ => {
            let centered = binary(cx, k::sub_tensor, &input_reshaped, &mean)?;
            let normalized = binary(cx, k::mul_tensor, &centered, &rstd)?;
            let mut out = super::loss_steps::view(cx, &normalized, input.sizes.clone())?;
            let broadcast: Vec<i64> = std::iter::once(0).chain(2..rank as i64).collect();
            if let Some(weight) = &weight {
                let w = unsqueeze_multiple(cx, weight, &broadcast)?;
                out = binary(cx, k::mul_tensor, &out, &w)?;
            }
            if let Some(bias) = &bias {
                let b = unsqueeze_multiple(cx, bias, &broadcast)?;
                out = binary(cx, k::add_tensor, &out, &b)?;
            }
            out
        }
    };
    let out = to(cx, &out, input.dtype)?;
    let out = contiguous_as(cx, &out, format)?;
    let mut outs = fresh_result(out);
    for stat in [mean, rstd] {
        let stat = to(cx, &stat, input.dtype)?;
        let squeezed = call(
            cx,
            k::squeeze_dims,
            &[Arg::Tensor(&stat), Arg::Ints(reduction[..].into())],
        )?;
        outs.push(Out::Tensor(squeezed, Alias::Fresh));
    }
    Ok(outs)
}

/// The affine parameters of the reference's CPU path and the sizes it
/// lays them out by.
struct AffineParts<'t> {
    weight: &'t TensorMeta,
    bias: Option<&'t TensorMeta>,
    /// `[1, group, C // group, 1]`.
    per_channel: Dims,
    n: SymInt,
    c: SymInt,
    rank: usize,
}

/// The reference's CPU path: `w = rstd * weight` and `b = -mean * w (+
/// bias)` per group and channel, each laid out as `[N, C]` and unsqueezed
/// over the input's spatial dims, then `input_acc * w + b`.
fn cpu_affine(
    cx: &mut Cx<'_>,
    input_acc: &TensorMeta,
    mean: &TensorMeta,
    rstd: &TensorMeta,
    p: AffineParts<'_>,
) -> Result<TensorMeta> {
    let weight_reshaped = reshape(cx, p.weight, p.per_channel.clone())?;
    let w = binary(cx, k::mul_tensor, rstd, &weight_reshaped)?;
    let negated = unary(cx, k::neg, mean)?;
    let mut b = binary(cx, k::mul_tensor, &negated, &w)?;
    if let Some(bias) = p.bias {
        let bias_reshaped = reshape(cx, bias, p.per_channel)?;
        b = binary(cx, k::add_tensor, &b, &bias_reshaped)?;
    }
    let broadcast: Vec<i64> = (2..p.rank as i64).collect();
    let per_channel = |cx: &mut Cx<'_>, t: &TensorMeta| -> Result<TensorMeta> {
        let t = contiguous_as(cx, t, MemoryFormat::Contiguous)?;
        let laid = call(
            cx,
            k::as_strided,
            &[
                Arg::Tensor(&t),
                Arg::Ints([p.n, p.c][..].into()),
                Arg::Ints([p.c, SymInt::Int(1)][..].into()),
                Arg::None,
            ],
        )?;
        unsqueeze_multiple(cx, &laid, &broadcast)
    };
    let w = per_channel(cx, &w)?;
    let b = per_channel(cx, &b)?;
    let scaled = binary(cx, k::mul_tensor, input_acc, &w)?;
    binary(cx, k::add_tensor, &scaled, &b)
}

/// `group_norm(Tensor input, int num_groups, Tensor? weight=None, Tensor?
/// bias=None, float eps=1e-05, bool cudnn_enabled=True)`: ATen's
/// composite (`group_norm.cpp`).
pub(crate) fn group_norm(cx: &mut Cx<'_>, a: &[Arg<'_>]) -> Result<Outs> {
    let input = args::tensor(cx, a, 0, "input")?;
    let num_groups = args::size(cx, a, 1, "num_groups", None)?;
    let weight = args::opt_tensor(cx, a, 2, "weight")?;
    let bias = args::opt_tensor(cx, a, 3, "bias")?;
    let eps = args::float(cx, a, 4, "eps", Some(1e-5))?;
    let n = size_at(cx, input, 0)?;
    let c = size_at(cx, input, 1)?;
    // ATen's `check_group_norm_inputs`.
    check_groups_and_affine(cx, input, weight, bias, c, num_groups, shape::display_dims)?;
    let hxw = product(cx, &input.sizes[2..])?;
    let format = if input.device.ty == DeviceType::Mps {
        MemoryFormat::Contiguous
    } else {
        suggest_memory_format(cx, input)?
    };
    let x = contiguous_as(cx, input, format)?;
    let (weight, bias) = (contiguous_opt(cx, weight)?, contiguous_opt(cx, bias)?);
    let outs = native_group_norm(
        cx,
        &[
            Arg::Tensor(&x),
            weight.as_ref().map_or(Arg::None, Arg::Tensor),
            bias.as_ref().map_or(Arg::None, Arg::Tensor),
            Arg::Int(n),
            Arg::Int(c),
            Arg::Int(hxw),
            Arg::Int(num_groups),
            Arg::Float(eps),
        ],
    )?;
    let out = super::loss_steps::one(cx, outs)?;
    Ok(fresh_result(out))
}

/// `torch._check(v > 0)`, worded as both the reference and ATen word it
/// (a guard on backed sizes, a runtime assert on unbacked ones).
fn check_positive(cx: &mut Cx<'_>, v: SymInt, what: &str) -> Result<()> {
    let positive = cx.env.gt(v, SymInt::Int(0))?;
    shape::check_printing(cx.env, positive, cx.op, &|env| {
        format!(
            "Expected {what} to be greater than 0, got {}",
            env.display(v)
        )
    })
}

/// How a check prints a shape: the reference's `torch.Size([2, 3])` or
/// ATen's `[2, 3]`.
type ShapeText = fn(&ShapeEnv, &[SymInt]) -> String;

/// The checks the reference and ATen's `check_group_norm_inputs` share,
/// in their order: a positive group count dividing the channels, and a
/// weight and a bias (when given) of one element per channel.
fn check_groups_and_affine(
    cx: &mut Cx<'_>,
    input: &TensorMeta,
    weight: Option<&TensorMeta>,
    bias: Option<&TensorMeta>,
    c: SymInt,
    groups: SymInt,
    shape_text: ShapeText,
) -> Result<()> {
    check_positive(cx, groups, "num groups")?;
    let rem = cx.env.modulo(c, groups)?;
    let divisible = cx.env.eq(rem, SymInt::Int(0))?;
    shape::check_printing(cx.env, divisible, cx.op, &|env| {
        format!(
            "Expected number of channels in input to be divisible by num_groups, but got input of shape {} and num_groups={}",
            shape_text(env, &input.sizes),
            env.display(groups)
        )
    })?;
    for (t, what) in [(weight, "weight"), (bias, "bias")] {
        let Some(t) = t else { continue };
        let fits = if t.dim() == 1 {
            let numel = t.numel(cx.env)?;
            cx.env.eq(numel, c)?
        } else {
            fake_runtime::SymBool::Bool(false)
        };
        shape::check_printing(cx.env, fits, cx.op, &|env| {
            format!(
                "Expected {what} to be a vector of size equal to the number of channels in input, but got {what} of shape {} and input of shape {}",
                shape_text(env, &t.sizes),
                shape_text(env, &input.sizes)
            )
        })?;
    }
    Ok(())
}
