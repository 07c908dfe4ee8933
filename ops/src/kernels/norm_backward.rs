//! `native_layer_norm_backward`, `native_group_norm_backward` and
//! `native_batch_norm_backward`, as the Python decompositions
//! FakeTensorMode runs for them (`torch._decomp.decompositions`): the gradients `output_mask` asks for,
//! `None` for the others (which no rule can return). Their layouts come
//! from the decompositions' own steps, replayed here on metadata: dtype
//! casts, reshapes (a view where ATen's `computeStride` finds one),
//! elementwise products and sums (TensorIterator's output layout),
//! reductions (contiguous) and a final `contiguous(memory_format)`.

use super::{cast, invalid};
use crate::intrinsics::{preserve_strides, reshape_geometry, unsqueezed};
use fake_runtime::promotion::{Operand, PromotionKind, elementwise_dtypes, promote_types};
use fake_runtime::shape::{self, Dims};
use fake_runtime::support::{args, dims_eq, pointwise_output, require, tensor_operand};
use fake_runtime::{Alias, Arg, Cx, DType, MemoryFormat, Out, Outs, Result, SymInt, TensorMeta};

// ---- the decompositions' steps on metadata ---------------------------------------

/// An elementwise operator over `operands` (Python numbers do not count):
/// broadcast sizes, TensorIterator's layout, the promoted dtype.
fn pw(cx: &mut Cx<'_>, operands: &[&TensorMeta]) -> Result<TensorMeta> {
    let mut dtype = operands.first().map_or(DType::Float32, |t| t.dtype);
    for t in operands.iter().skip(1) {
        dtype = promote_types(dtype, t.dtype)?;
    }
    pointwise_output(cx, operands, dtype)
}

/// `t.sum(dims, keepdim)`, laid out as `sum` lays out its result (an
/// empty `dims` reduces every dim).
fn sum(cx: &mut Cx<'_>, t: &TensorMeta, dims: &[i64], keepdim: bool) -> Result<TensorMeta> {
    let sizes = shape::reduce(cx.op, &t.sizes, Some(dims), keepdim)?;
    let list = fake_runtime::support::IntList::from_slice(dims);
    let strides = crate::intrinsics::reduced_strides(cx, t, Some(list), keepdim)?;
    Ok(TensorMeta {
        sizes,
        strides,
        storage_offset: SymInt::Int(0),
        ..t.clone()
    })
}

/// `t.reshape(sizes)`: a view when the strides allow one, else a
/// contiguous copy.
fn reshape(cx: &mut Cx<'_>, t: &TensorMeta, sizes: &[SymInt]) -> Result<TensorMeta> {
    let numel = t.numel(cx.env)?;
    let want = shape::numel(cx.env, sizes)?;
    let same = cx.env.eq(numel, want)?;
    let shown: Dims = sizes.iter().copied().collect();
    shape::check_printing(cx.env, same, cx.op, &|env| {
        format!(
            "shape '{}' is invalid for input of size {}",
            shape::display_dims(env, &shown),
            env.display(numel)
        )
    })?;
    let (sizes, strides, _) = reshape_geometry(cx, t, &shown)?;
    Ok(TensorMeta {
        sizes,
        strides,
        ..t.clone()
    })
}

/// `t.unsqueeze(dim)` for `dim` 0 or the end (`-1`).
fn unsqueeze(cx: &mut Cx<'_>, t: &TensorMeta, at_end: bool) -> Result<TensorMeta> {
    unsqueezed(cx, t, if at_end { t.dim() } else { 0 })
}

/// `_unsqueeze_to_dim(t, rank)`: trailing size-1 dims up to `rank`.
fn unsqueeze_to(cx: &mut Cx<'_>, t: &TensorMeta, rank: usize) -> Result<TensorMeta> {
    let mut out = t.clone();
    while out.dim() < rank {
        out = unsqueeze(cx, &out, true)?;
    }
    Ok(out)
}

/// `t.to(dtype, memory_format=torch.contiguous_format)`: `t` itself when
/// the dtype agrees and `t` suggests the contiguous format (C++
/// `to_will_alias`, so a transposed matrix stays as it is), else a
/// contiguous copy.
fn cast_contiguous(cx: &mut Cx<'_>, t: &TensorMeta, dtype: DType) -> Result<TensorMeta> {
    let suggested = crate::intrinsics::suggest_format(cx, t, None)?;
    if t.dtype == dtype && suggested == MemoryFormat::Contiguous {
        return Ok(t.clone());
    }
    let strides = fake_runtime::strides::contiguous(cx.env, &t.sizes)?;
    Ok(TensorMeta {
        strides,
        storage_offset: SymInt::Int(0),
        dtype,
        ..t.clone()
    })
}

/// `t.contiguous(memory_format=format)`, through the `contiguous` kernel.
fn contiguous(cx: &mut Cx<'_>, t: &TensorMeta, format: MemoryFormat) -> Result<TensorMeta> {
    let outs = super::contiguous(cx, &[Arg::Tensor(t), Arg::MemoryFormat(format)])?;
    match outs.into_iter().next() {
        Some(Out::Tensor(m, _)) => Ok(m),
        _ => Err(invalid(cx, "contiguous gave no tensor")),
    }
}

/// A zero-filled tensor like `t` of these sizes (`new_zeros`).
fn zeros(cx: &mut Cx<'_>, t: &TensorMeta, sizes: &[SymInt]) -> Result<TensorMeta> {
    TensorMeta::contiguous(cx.env, sizes, t.dtype, cx.device)
}

/// One result: a fresh tensor with the device of the call, or `None`.
fn out(cx: &Cx<'_>, t: Option<TensorMeta>) -> Out {
    match t {
        Some(mut t) => {
            t.storage_offset = SymInt::Int(0);
            t.device = cx.device;
            t.requires_grad = false;
            Out::Tensor(t, Alias::Fresh)
        }
        None => Out::None,
    }
}

/// `utils.get_computation_dtype`: half-precision floats compute in
/// float32.
fn computation_dtype(d: DType) -> DType {
    match d {
        DType::Float16 | DType::BFloat16 => DType::Float32,
        d => d,
    }
}

/// The split of an input of `ndim` dims at `axis = ndim - normalized`, as
/// the norms' decompositions make it: where `input_shape[axis:]` starts
/// (Python's slicing of a negative `axis`), the inner dims (`i >= axis`)
/// and the outer ones.
fn norm_axes(ndim: usize, normalized: usize) -> (usize, Vec<i64>, Vec<i64>) {
    let ndim = ndim as i64;
    let axis = ndim - normalized as i64;
    let cut = if axis < 0 {
        (ndim + axis).max(0)
    } else {
        axis.min(ndim)
    } as usize;
    let inner = (0..ndim).filter(|&i| i >= axis).collect();
    let outer = (0..ndim).filter(|&i| i < axis).collect();
    (cut, inner, outer)
}

/// `guard_or_false(count == 0)`: known to be zero without a guard (no
/// backed size is 0, and an unbacked one is not assumed to be).
fn no_elements(cx: &mut Cx<'_>, count: SymInt) -> Result<bool> {
    let empty = cx.env.eq(count, SymInt::Int(0))?;
    Ok(cx.env.statically_known_true(empty))
}

// ---- layer norm ------------------------------------------------------------------

/// `native_layer_norm_backward(Tensor grad_out, Tensor input, SymInt[]
/// normalized_shape, Tensor mean, Tensor rstd, Tensor? weight, Tensor?
/// bias, bool[3] output_mask) -> (Tensor, Tensor, Tensor)`: only the
/// length of `normalized_shape` is read and nothing is checked but
/// broadcasting; the weight's and bias's gradients need the weight and the
/// bias. With no element to normalise (or none outside), zeros of the
/// input's dtype, for every gradient asked.
pub(crate) fn native_layer_norm_backward(cx: &mut Cx<'_>, a: &[Arg<'_>]) -> Result<Outs> {
    let grad_out = args::tensor(cx, a, 0, "grad_out")?;
    let input = args::tensor(cx, a, 1, "input")?;
    let normalized = args::sizes(cx, a, 2, "normalized_shape", None)?;
    let mean = args::tensor(cx, a, 3, "mean")?;
    let rstd = args::tensor(cx, a, 4, "rstd")?;
    let weight = args::opt_tensor(cx, a, 5, "weight")?;
    let bias = args::opt_tensor(cx, a, 6, "bias")?;
    let mask = args::bools::<3>(cx, a, 7, "output_mask")?;

    let cd = computation_dtype(input.dtype);
    let go = cast_contiguous(cx, grad_out, cd)?;
    let x = cast_contiguous(cx, input, cd)?;
    let w = weight.map(|w| cast_contiguous(cx, w, cd)).transpose()?;
    let b = bias.map(|b| cast_contiguous(cx, b, cd)).transpose()?;

    let (cut, inner, outer) = norm_axes(input.dim(), normalized.len());
    let inner_sizes: Dims = input.sizes[cut..].iter().copied().collect();
    let n = shape::numel(cx.env, &input.sizes[cut..])?;
    let m = shape::numel(cx.env, &input.sizes[..cut])?;
    if no_elements(cx, m)? || no_elements(cx, n)? {
        let mut outs = Outs::new();
        let d_input = if mask[0] {
            Some(zeros(cx, input, &input.sizes)?)
        } else {
            None
        };
        outs.push(out(cx, d_input));
        for asked in [mask[1], mask[2]] {
            let t = if asked {
                Some(zeros(cx, input, &inner_sizes)?)
            } else {
                None
            };
            outs.push(out(cx, t));
        }
        return Ok(outs);
    }

    let mean = unsqueeze_to(cx, mean, x.dim())?;
    let rstd = unsqueeze_to(cx, &rstd.clone(), x.dim())?;
    // `input_cast - mean`: two bools do not subtract.
    if x.dtype == DType::Bool && mean.dtype == DType::Bool {
        return Err(invalid(cx, super::BOOL_SUBTRACTION));
    }
    let centered = pw(cx, &[&x, &mean])?;
    let x_hat = pw(cx, &[&centered, &rstd])?;
    let grad_x_hat = match &w {
        Some(w) => pw(cx, &[&go, w])?,
        None => go.clone(),
    };
    let a_ = pw(cx, &[&grad_x_hat])?;
    let b_ = sum(cx, &grad_x_hat, &inner, true)?;
    let c1 = pw(cx, &[&grad_x_hat, &x_hat])?;
    let c2 = sum(cx, &c1, &inner, true)?;
    let c3 = pw(cx, &[&x_hat, &c2])?;
    let ab = pw(cx, &[&a_, &b_])?;
    let inner_t = pw(cx, &[&ab, &c3])?;

    let d_input = if mask[0] {
        let scaled = pw(cx, &[&rstd])?;
        let d = pw(cx, &[&scaled, &inner_t])?;
        Some(cast(cx, &d, input.dtype)?)
    } else {
        None
    };
    let d_weight = match (mask[1], weight) {
        (true, Some(weight)) => {
            let prod = pw(cx, &[&go, &x_hat])?;
            let d = if outer.is_empty() {
                prod
            } else {
                sum(cx, &prod, &outer, false)?
            };
            Some(cast(cx, &d, weight.dtype)?)
        }
        _ => None,
    };
    let d_bias = match (mask[2], bias, &b) {
        (true, Some(bias), Some(_)) => {
            let d = if outer.is_empty() {
                let strides = preserve_strides(cx, &go, None)?;
                TensorMeta {
                    strides,
                    ..go.clone()
                }
            } else {
                sum(cx, &go, &outer, false)?
            };
            Some(cast(cx, &d, bias.dtype)?)
        }
        _ => None,
    };
    let mut outs = Outs::new();
    for t in [d_input, d_weight, d_bias] {
        outs.push(out(cx, t));
    }
    Ok(outs)
}

// ---- RMS norm --------------------------------------------------------------------

/// `_fused_rms_norm_backward(Tensor grad_out, Tensor input, int[]
/// normalized_shape, Tensor rstd, Tensor? weight, bool[2] output_mask) ->
/// (Tensor, Tensor)`: `torch._decomp`'s decomposition, which FakeTensorMode
/// runs (its C++ meta kernel is not read). Only the length of
/// `normalized_shape` is read and nothing is checked but broadcasting;
/// both gradients are cast to the input's dtype, and the weight's needs a
/// weight. With no element to normalise (or none outside), zeros of the
/// input's dtype for each gradient asked, a weight or not.
pub(crate) fn fused_rms_norm_backward(cx: &mut Cx<'_>, a: &[Arg<'_>]) -> Result<Outs> {
    let grad_out = args::tensor(cx, a, 0, "grad_out")?;
    let input = args::tensor(cx, a, 1, "input")?;
    let normalized = args::sizes(cx, a, 2, "normalized_shape", None)?;
    let rstd = args::tensor(cx, a, 3, "rstd")?;
    let weight = args::opt_tensor(cx, a, 4, "weight")?;
    let mask = args::bools::<2>(cx, a, 5, "output_mask")?;

    let cd = computation_dtype(input.dtype);
    let go = cast_contiguous(cx, grad_out, cd)?;
    let x = cast_contiguous(cx, input, cd)?;
    let w = weight.map(|w| cast_contiguous(cx, w, cd)).transpose()?;

    let (cut, inner, outer) = norm_axes(input.dim(), normalized.len());
    let n = shape::numel(cx.env, &input.sizes[cut..])?;
    let m = shape::numel(cx.env, &input.sizes[..cut])?;
    if no_elements(cx, m)? || no_elements(cx, n)? {
        let d_input = mask[0]
            .then(|| zeros(cx, input, &input.sizes))
            .transpose()?;
        let inner_sizes: Dims = input.sizes[cut..].iter().copied().collect();
        let d_weight = mask[1]
            .then(|| zeros(cx, input, &inner_sizes))
            .transpose()?;
        return Ok([d_input, d_weight]
            .into_iter()
            .map(|t| out(cx, t))
            .collect());
    }

    let rstd = unsqueeze_to(cx, rstd, x.dim())?;
    let grad_x_hat = match &w {
        Some(w) => pw(cx, &[&go, w])?,
        None => go.clone(),
    };
    let x_hat = pw(cx, &[&x, &rstd])?;
    let d_input = if mask[0] {
        let prod = pw(cx, &[&x_hat, &grad_x_hat])?;
        let sum_val = sum(cx, &prod, &inner, true)?;
        // `(grad_x_hat - (x_hat / N) * sum_val) * rstd`.
        let scaled = pw(cx, &[&x_hat])?;
        let scaled = pw(cx, &[&scaled, &sum_val])?;
        let diff = pw(cx, &[&grad_x_hat, &scaled])?;
        let d = pw(cx, &[&diff, &rstd])?;
        Some(cast(cx, &d, input.dtype)?)
    } else {
        None
    };
    let d_weight = if mask[1] && w.is_some() {
        let full = pw(cx, &[&go, &x_hat])?;
        let d = if outer.is_empty() {
            full
        } else {
            sum(cx, &full, &outer, false)?
        };
        Some(cast(cx, &d, input.dtype)?)
    } else {
        None
    };
    Ok([d_input, d_weight]
        .into_iter()
        .map(|t| out(cx, t))
        .collect())
}

// ---- group norm ------------------------------------------------------------------

/// `utils.check_same_device` without CPU scalars: every tensor on the
/// first one's device.
fn check_same_device(cx: &Cx<'_>, tensors: &[&TensorMeta]) -> Result<()> {
    let Some(first) = tensors.first() else {
        return Ok(());
    };
    for t in tensors {
        if t.device != first.device {
            return Err(invalid(
                cx,
                format!(
                    "Tensor on device {} is not on the expected device {}!",
                    t.device, first.device
                ),
            ));
        }
    }
    Ok(())
}

/// `utils.check_same_shape` of two tensors (Python's tuple comparison: a
/// guard per size).
fn check_same_shape(cx: &mut Cx<'_>, a: &TensorMeta, b: &TensorMeta) -> Result<()> {
    let same = a.dim() == b.dim() && {
        let eq = dims_eq(cx, &a.sizes, &b.sizes)?;
        cx.env.guard_bool(eq, cx.op)?
    };
    if same {
        return Ok(());
    }
    Err(invalid(
        cx,
        format!(
            "Shape {} is not the expected shape {}!",
            shape::display_dims(cx.env, &b.sizes),
            shape::display_dims(cx.env, &a.sizes)
        ),
    ))
}

/// `native_group_norm_backward(Tensor grad_out, Tensor input, Tensor mean,
/// Tensor rstd, Tensor? weight, SymInt N, SymInt C, SymInt HxW, int group,
/// bool[3] output_mask) -> (Tensor, Tensor, Tensor)`, computed in the
/// opmath dtype of its tensors and cast back to their promoted dtype
/// (`pw_cast_for_opmath`); the input's gradient laid out in the input's
/// suggested memory format (CPU and CUDA).
pub(crate) fn native_group_norm_backward(cx: &mut Cx<'_>, a: &[Arg<'_>]) -> Result<Outs> {
    let grad_out = args::tensor(cx, a, 0, "grad_out")?;
    let input = args::tensor(cx, a, 1, "input")?;
    let mean = args::tensor(cx, a, 2, "mean")?;
    let rstd = args::tensor(cx, a, 3, "rstd")?;
    let gamma = args::opt_tensor(cx, a, 4, "weight")?;
    let n = args::size(cx, a, 5, "N", None)?;
    let c = args::size(cx, a, 6, "C", None)?;
    let hxw = args::size(cx, a, 7, "HxW", None)?;
    let group = args::int(cx, a, 8, "group", None)?;
    let mask = args::bools::<3>(cx, a, 9, "output_mask")?;

    // `pw_cast_for_opmath`: every tensor to the computation dtype.
    let mut operands: Vec<Operand> = [grad_out, input, mean, rstd]
        .iter()
        .map(|t| tensor_operand(t))
        .collect();
    if let Some(g) = gamma {
        operands.push(tensor_operand(g));
    }
    let (cd, result) = elementwise_dtypes(&operands, PromotionKind::Default, cx.defaults.dtype)?;
    let go = cast(cx, grad_out, cd)?;
    let x = cast(cx, input, cd)?;
    let mean = cast(cx, mean, cd)?;
    let rstd = cast(cx, rstd, cd)?;
    let gamma = gamma.map(|g| cast(cx, g, cd)).transpose()?;

    check_same_device(cx, &[&go, &x, &mean, &rstd])?;
    check_same_shape(cx, &x, &go)?;
    check_same_shape(cx, &mean, &rstd)?;
    let numel = x.numel(cx.env)?;
    let nc = cx.env.mul(n, c)?;
    let nchw = cx.env.mul(nc, hxw)?;
    let ok = cx.env.eq(numel, nchw)?;
    let expected = cx.env.display(nchw);
    require(cx, ok, &format!("Expect input to have {expected} elements"))?;
    let g = SymInt::Int(group);
    let mean_ok = mean.dim() == 2 && {
        let eq = dims_eq(cx, &mean.sizes, &[n, g])?;
        cx.env.guard_bool(eq, cx.op)?
    };
    if !mean_ok {
        return Err(invalid(
            cx,
            format!(
                "Expect mean to have shape ({}, {group}, but got {}",
                cx.env.display(n),
                shape::display_dims(cx.env, &mean.sizes)
            ),
        ));
    }
    if let Some(gm) = &gamma {
        let count = gm.numel(cx.env)?;
        let ok = cx.env.eq(count, c)?;
        require(cx, ok, "Expect gamma to have C elements")?;
    }
    let cpg = cx.env.floordiv(c, g)?;
    let back = cx.env.mul(cpg, g)?;
    let ok = cx.env.eq(c, back)?;
    require(
        cx,
        ok,
        "Expect number of channels to be evenly-divisible by number of groups",
    )?;

    let prod = pw(cx, &[&go, &x])?;
    let prod = reshape(cx, &prod, &[n, c, hxw])?;
    let ds = sum(cx, &prod, &[2], false)?;
    let go3 = reshape(cx, &go, &[n, c, hxw])?;
    let db = sum(cx, &go3, &[2], false)?;
    let grouped = [n, g, cpg];

    let d_input = if mask[0] {
        let (ds_val, db_val, c1) = match &gamma {
            Some(gm) => {
                let gm0 = unsqueeze(cx, gm, false)?;
                let dsg = pw(cx, &[&ds, &gm0])?;
                let dsg = reshape(cx, &dsg, &grouped)?;
                let dbg = pw(cx, &[&db, &gm0])?;
                let dbg = reshape(cx, &dbg, &grouped)?;
                let r = unsqueeze(cx, &rstd, true)?;
                let gr = reshape(cx, gm, &[SymInt::Int(1), g, cpg])?;
                (
                    sum(cx, &dsg, &[2], false)?,
                    sum(cx, &dbg, &[2], false)?,
                    pw(cx, &[&r, &gr])?,
                )
            }
            None => {
                let dsg = reshape(cx, &ds, &grouped)?;
                let dbg = reshape(cx, &db, &grouped)?;
                let r = unsqueeze(cx, &rstd, true)?;
                let ones = TensorMeta::contiguous(
                    cx.env,
                    &[SymInt::Int(1), g, cpg],
                    cx.defaults.dtype,
                    rstd.device,
                )?;
                (
                    sum(cx, &dsg, &[2], false)?,
                    sum(cx, &dbg, &[2], false)?,
                    pw(cx, &[&r, &ones])?,
                )
            }
        };
        // c2 = addcmul(-ds_val, db_val, mean) * rstd * rstd * rstd * s
        let neg = pw(cx, &[&ds_val])?;
        let mut c2 = pw(cx, &[&neg, &db_val, &mean])?;
        for _ in 0..3 {
            c2 = pw(cx, &[&c2, &rstd])?;
        }
        let c2 = pw(cx, &[&c2])?;
        // c3 = -c2 * mean - db_val * rstd * s
        let neg_c2 = pw(cx, &[&c2])?;
        let left = pw(cx, &[&neg_c2, &mean])?;
        let right = pw(cx, &[&db_val, &rstd])?;
        let right = pw(cx, &[&right])?;
        let c3 = pw(cx, &[&left, &right])?;
        let c1 = unsqueeze(cx, &c1, true)?;
        let c2 = unsqueeze_to(cx, &c2, 4)?;
        let c3 = unsqueeze_to(cx, &c3, 4)?;
        let full = [n, g, cpg, hxw];
        let go4 = reshape(cx, &go, &full)?;
        let x4 = reshape(cx, &x, &full)?;
        let t1 = pw(cx, &[&go4, &c1])?;
        let t2 = pw(cx, &[&x4, &c2])?;
        let t12 = pw(cx, &[&t1, &t2])?;
        let d = pw(cx, &[&t12, &c3])?;
        let d = reshape(cx, &d, &x.sizes)?;
        let d = cast(cx, &d, x.dtype)?;
        // `supports_memory_format`: the CPU, CUDA, meta and private-use
        // backends.
        let format = if matches!(
            input.device.ty,
            fake_runtime::DeviceType::Cpu
                | fake_runtime::DeviceType::Cuda
                | fake_runtime::DeviceType::Meta
                | fake_runtime::DeviceType::PrivateUse1
        ) {
            crate::intrinsics::suggest_format(cx, &x, None)?
        } else {
            MemoryFormat::Contiguous
        };
        let d = contiguous(cx, &d, format)?;
        Some(cast(cx, &d, result)?)
    } else {
        None
    };
    let d_gamma = if mask[1] {
        let dsv = reshape(cx, &ds, &grouped)?;
        let dbv = reshape(cx, &db, &grouped)?;
        let m = unsqueeze(cx, &mean, true)?;
        let dbm = pw(cx, &[&dbv, &m])?;
        let diff = pw(cx, &[&dsv, &dbm])?;
        let r = unsqueeze(cx, &rstd, true)?;
        let scaled = pw(cx, &[&diff, &r])?;
        let summed = sum(cx, &scaled, &[0], false)?;
        let d = reshape(cx, &summed, &[c])?;
        Some(cast(cx, &d, result)?)
    } else {
        None
    };
    let d_bias = if mask[2] {
        let d = sum(cx, &db, &[0], false)?;
        Some(cast(cx, &d, result)?)
    } else {
        None
    };
    let mut outs = Outs::new();
    for t in [d_input, d_gamma, d_bias] {
        outs.push(out(cx, t));
    }
    Ok(outs)
}

// ---- batch norm ------------------------------------------------------------------

/// `_broadcast_batch_norm_backward(t, mask)`: a size-1 dim inserted at
/// every axis whose mask is 1 unless `t` already has a 1 there (the
/// comparisons are guards when sizes are symbolic).
fn broadcast_to_mask(cx: &mut Cx<'_>, t: &TensorMeta, mask: &[SymInt]) -> Result<TensorMeta> {
    let mut t = t.clone();
    for (axis, &m) in mask.iter().enumerate() {
        let is_one = cx.env.eq(m, SymInt::Int(1))?;
        if !cx.env.guard_bool(is_one, cx.op)? {
            continue;
        }
        let has_one = axis < t.dim() && {
            let eq = cx.env.eq(t.sizes[axis], m)?;
            cx.env.guard_bool(eq, cx.op)?
        };
        if !has_one {
            t = unsqueezed(cx, &t, axis)?;
        }
    }
    Ok(t)
}

/// `batch_norm_backward`: `native_batch_norm_backward`, once the weight
/// its schema requires is there (the dispatcher's refusal of `None`).
pub(crate) fn batch_norm_backward(cx: &mut Cx<'_>, a: &[Arg<'_>]) -> Result<Outs> {
    if args::opt_tensor(cx, a, 2, "weight")?.is_none() {
        return Err(invalid(
            cx,
            "Expected a proper Tensor but got None (or an undefined Tensor in C++) for argument #2 'weight'",
        ));
    }
    native_batch_norm_backward(cx, a)
}

/// `native_batch_norm_backward(Tensor grad_out, Tensor input, Tensor?
/// weight, Tensor? running_mean, Tensor? running_var, Tensor? save_mean,
/// Tensor? save_invstd, bool train, float eps, bool[3] output_mask)`, and
/// `batch_norm_backward`, which calls it (its `reserve` unread): the
/// decomposition's steps in the input's computation dtype. The input's
/// gradient is computed whatever the mask says (an elementwise chain
/// over the gradient and the input, cast back to the input's dtype); the
/// weight's and bias's are per-channel sums, contiguous, of the weight's
/// dtype (the input's without a weight).
pub(crate) fn native_batch_norm_backward(cx: &mut Cx<'_>, a: &[Arg<'_>]) -> Result<Outs> {
    let grad_out = args::tensor(cx, a, 0, "grad_out")?;
    let input = args::tensor(cx, a, 1, "input")?;
    let weight = args::opt_tensor(cx, a, 2, "weight")?;
    let running_mean = args::opt_tensor(cx, a, 3, "running_mean")?;
    let running_var = args::opt_tensor(cx, a, 4, "running_var")?;
    let save_mean = args::opt_tensor(cx, a, 5, "save_mean")?;
    let save_invstd = args::opt_tensor(cx, a, 6, "save_invstd")?;
    let train = args::bool(cx, a, 7, "train", None)?;
    let mask = args::bools::<3>(cx, a, 9, "output_mask")?;

    let weight_dtype = weight.map_or(input.dtype, |w| w.dtype);
    let cd = computation_dtype(input.dtype);
    let go = cast(cx, grad_out, cd)?;
    let x = cast(cx, input, cd)?;
    let w = weight.map(|w| cast(cx, w, cd)).transpose()?;
    let running_mean = running_mean.map(|t| cast(cx, t, cd)).transpose()?;
    let running_var = running_var.map(|t| cast(cx, t, cd)).transpose()?;
    let save_mean = save_mean.map(|t| cast(cx, t, cd)).transpose()?;
    let save_invstd = save_invstd.map(|t| cast(cx, t, cd)).transpose()?;

    let rank = x.dim();
    if rank < 2 {
        return Err(invalid(
            cx,
            format!("rank of the input must be at least 2, got {rank}"),
        ));
    }
    // `num_features = prod(input.shape) / input.shape[1]`, Python numbers.
    if x.sizes[1] == SymInt::Int(0) {
        return Err(invalid(cx, "division by zero"));
    }
    let (mean, invstd) = if train {
        match (save_mean, save_invstd) {
            (Some(m), Some(i)) => (m, i),
            _ => {
                return Err(invalid(
                    cx,
                    "mean and invstd must not be None in training mode",
                ));
            }
        }
    } else {
        match (running_mean, running_var) {
            (Some(m), Some(v)) => {
                // `rsqrt(running_var + eps)`
                let plus = pw(cx, &[&v])?;
                (m, pw(cx, &[&plus])?)
            }
            _ => {
                return Err(invalid(
                    cx,
                    "running_mean_cast and running_var_cast must not be None in eval mode",
                ));
            }
        }
    };

    let mut broadcast_mask: Vec<SymInt> = vec![SymInt::Int(1); rank];
    broadcast_mask[1] = x.sizes[1];
    let reduction: Vec<i64> = (0..rank as i64).filter(|&i| i != 1).collect();

    let mean = broadcast_to_mask(cx, &mean, &broadcast_mask)?;
    // `norm = 1.0 / num_features`: none for an empty input.
    if x.numel(cx.env)? == SymInt::Int(0) {
        return Err(invalid(cx, "float division by zero"));
    }
    let grad_output_sum = sum(cx, &go, &reduction, false)?;
    // `input_cast - mean`: two bools do not subtract.
    if x.dtype == DType::Bool && mean.dtype == DType::Bool {
        return Err(invalid(cx, super::BOOL_SUBTRACTION));
    }
    let centered = pw(cx, &[&x, &mean])?;
    let product = pw(cx, &[&go, &centered])?;
    let dot_p = sum(cx, &product, &reduction, false)?;

    let scaled_sum = pw(cx, &[&grad_output_sum])?;
    let grad_mean = broadcast_to_mask(cx, &scaled_sum, &broadcast_mask)?;
    let scaled_dot = pw(cx, &[&dot_p])?;
    let invstd_sq = pw(cx, &[&invstd, &invstd])?;
    let proj = pw(cx, &[&scaled_dot, &invstd_sq])?;
    let proj_scale = broadcast_to_mask(cx, &proj, &broadcast_mask)?;
    let grad_scale = match &w {
        None => {
            let b = broadcast_to_mask(cx, &invstd, &broadcast_mask)?;
            pw(cx, &[&b])?
        }
        Some(w) => {
            let p = pw(cx, &[&invstd, w])?;
            broadcast_to_mask(cx, &p, &broadcast_mask)?
        }
    };
    let grad_input = if train {
        let centered = pw(cx, &[&x, &mean])?;
        let proj = pw(cx, &[&centered, &proj_scale])?;
        let minus_proj = pw(cx, &[&go, &proj])?;
        let minus_mean = pw(cx, &[&minus_proj, &grad_mean])?;
        pw(cx, &[&minus_mean, &grad_scale])?
    } else {
        pw(cx, &[&go, &grad_scale])?
    };
    let grad_input = cast(cx, &grad_input, input.dtype)?;
    let grad_weight = if mask[1] {
        let d = pw(cx, &[&dot_p, &invstd])?;
        Some(cast(cx, &d, weight_dtype)?)
    } else {
        None
    };
    let grad_bias = if mask[2] {
        Some(cast(cx, &grad_output_sum, weight_dtype)?)
    } else {
        None
    };
    let mut outs = Outs::new();
    for t in [Some(grad_input), grad_weight, grad_bias] {
        outs.push(out(cx, t));
    }
    Ok(outs)
}

/// `native_batch_norm_backward.out`: its decomposition, which computes
/// the functional gradients, then for each one there (not `None`)
/// resizes its `out` when the sizes differ (`resize_`: contiguous) and
/// copies into it with exactly its dtype and device (`_safe_copy_out`);
/// all three `out` tensors are returned, the ones without a gradient
/// untouched.
pub(crate) fn native_batch_norm_backward_out(cx: &mut Cx<'_>, a: &[Arg<'_>]) -> Result<Outs> {
    let results = native_batch_norm_backward(cx, &a[..a.len().min(10)])?;
    let mut outs = Outs::new();
    for (i, result) in results.iter().enumerate() {
        let slot = 10 + i;
        let target = args::tensor(cx, a, slot, &format!("out{i}"))?;
        let written = match result {
            // `resize_` without a format: contiguous.
            Out::Tensor(r, _) => fake_runtime::support::safe_copy_out(cx, r, target, |_| Ok(None))?,
            _ => target.clone(),
        };
        let index = u8::try_from(slot).map_err(|_| invalid(cx, "too many arguments"))?;
        outs.push(Out::Tensor(written, Alias::InPlace(index)));
    }
    Ok(outs)
}
