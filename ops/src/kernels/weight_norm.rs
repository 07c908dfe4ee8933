//! `_weight_norm`, ATen's composite: `v` and `g` made contiguous, then
//! `v * (g / norm)` where `norm` is `v`'s 2-norm over every dim but `dim`
//! (kept as size-1 dims), or over all of `v` for `dim = -1`. The fused
//! path (`_weight_norm_interface`, whose Python decomposition FakeTensorMode
//! runs, for `dim` the first or last dim, half-precision operands
//! included) takes the norm in `g`'s dtype (float for a bfloat16 or
//! float16 `g`), so a narrowing refuses, and converts it to `g`'s dtype
//! before dividing; `_weight_norm_interface` itself is that decomposition,
//! returning the norm too. Each
//! step is the kernel of the operator the composite calls, so sizes, dtype
//! and layout are theirs. Off the fused path, `norm_except_dim` of a dim
//! other than `-1` reads `v.transpose(0, dim)`'s sizes as C++ integers,
//! specializing every size of `v`.

use super::{invalid, one};
use fake_runtime::support::args;
use fake_runtime::{
    Alias, Arg, Cx, DType, DeviceType, Out, Outs, Result, Scalar, SymInt, TensorMeta,
};

/// `t.contiguous()`.
fn contiguous(cx: &mut Cx<'_>, t: &TensorMeta) -> Result<TensorMeta> {
    one(super::contiguous(cx, &[Arg::Tensor(t), Arg::None])?, cx)
}

/// `_weight_norm(Tensor v, Tensor g, int dim=0) -> Tensor`.
pub(crate) fn weight_norm(cx: &mut Cx<'_>, a: &[Arg<'_>]) -> Result<Outs> {
    let v_in = args::tensor(cx, a, 0, "v")?;
    let g_in = args::tensor(cx, a, 1, "g")?;
    let dim = args::int(cx, a, 2, "dim", Some(0))?;
    if v_in.device != g_in.device {
        return Err(invalid(
            cx,
            format!(
                "weight_norm: expected v_in and g_in to be on the same device, but v_in is on {} and g_in is on {}!",
                v_in.device, g_in.device
            ),
        ));
    }
    let mut v = contiguous(cx, v_in)?;
    let g = contiguous(cx, g_in)?;
    let rank = v.dim() as i64;
    let fused = dim == 0 || dim == rank - 1;
    if !fused && dim != -1 {
        // `norm_except_dim(v.transpose(0, dim), 2, 0)` reads the transposed
        // sizes as C++ integers (`v.size(0)`), which specializes each, in
        // that order; the rest runs on the constants.
        let kept = fake_runtime::shape::wrap_dim(cx.op, dim, v.dim())?;
        for i in 0..v.dim() {
            let d = match i {
                0 => kept,
                _ if i == kept => 0,
                _ => i,
            };
            v.sizes[d] = SymInt::Int(cx.env.guard_int(v.sizes[d], cx.op)?);
        }
        for s in v.strides.iter_mut() {
            *s = cx.env.simplify_int(*s)?;
        }
        // Its `dim == 0` case views the transposed `v` as `[v.size(0),
        // -1]`, which an empty `v` with nothing along `dim` cannot infer.
        let numel = v.numel(cx.env)?;
        fake_runtime::shape::infer_size_dv(
            cx.env,
            cx.op,
            numel,
            &[v.sizes[kept], SymInt::Int(-1)],
        )?;
    }
    let p = || Arg::Scalar(Scalar::Int(SymInt::Int(2)));
    let norm = if dim == -1 && !fused {
        // `norm_except_dim(v, 2, -1)`: the norm of all of `v`.
        one(crate::erased::norm_scalar(cx, &[Arg::Tensor(&v), p()])?, cx)?
    } else {
        // `norm_except_dim` of another dim transposes it to the front
        // (`transpose(0, dim)`), which wraps a negative one.
        let kept = fake_runtime::shape::wrap_dim(cx.op, dim, v.dim())? as i64;
        let others: fake_runtime::shape::Dims =
            (0..rank).filter(|&i| i != kept).map(SymInt::Int).collect();
        // The fused path (`_weight_norm_interface`'s decomposition): the
        // norm in `g`'s dtype (float for a half-precision `g` off MPS; the
        // norm refuses a narrowing), or `v.abs()` when no dim is left to
        // reduce, then converted to `g`'s dtype. The composite's
        // `norm_except_dim` takes the norm in `v`'s dtype.
        let half = matches!(g.dtype, DType::BFloat16 | DType::Float16);
        let norm_dtype = if half && v.device.ty != DeviceType::Mps {
            DType::Float32
        } else {
            g.dtype
        };
        let mut call = vec![
            Arg::Tensor(&v),
            p(),
            Arg::Ints(others[..].into()),
            Arg::Bool(true),
        ];
        if !fused {
            one(crate::erased::norm_scalaropt_dim(cx, &call)?, cx)?
        } else if others.is_empty() {
            TensorMeta {
                dtype: g.dtype,
                ..v.clone()
            }
        } else {
            call.push(Arg::DType(norm_dtype));
            let norm = one(crate::erased::norm_scalaropt_dim_dtype(cx, &call)?, cx)?;
            TensorMeta {
                dtype: g.dtype,
                ..norm
            }
        }
    };
    let scale = one(
        crate::erased::div_tensor(cx, &[Arg::Tensor(&g), Arg::Tensor(&norm)])?,
        cx,
    )?;
    crate::erased::mul_tensor(cx, &[Arg::Tensor(&v), Arg::Tensor(&scale)])
}

/// `_weight_norm_interface(Tensor v, Tensor g, int dim=0) -> (Tensor,
/// Tensor)`: its Python decomposition, which FakeTensorMode runs: the
/// norm over every dim but `dim` (unwrapped: a negative `dim` keeps no dim
/// out), kept as size-1 dims, in float for a half-precision `g` off MPS,
/// else in `g`'s dtype (`v.abs()` converted when no dim is reduced); then
/// `v * (g / norm.to(g.dtype))` and the norm.
pub(crate) fn weight_norm_interface(cx: &mut Cx<'_>, a: &[Arg<'_>]) -> Result<Outs> {
    let v = args::tensor(cx, a, 0, "v")?;
    let g = args::tensor(cx, a, 1, "g")?;
    let dim = args::int(cx, a, 2, "dim", Some(0))?;
    let others: fake_runtime::shape::Dims = (0..v.dim() as i64)
        .filter(|&i| i != dim)
        .map(SymInt::Int)
        .collect();
    let half = matches!(g.dtype, DType::BFloat16 | DType::Float16);
    let norm_dtype = if half && v.device.ty != DeviceType::Mps {
        DType::Float32
    } else {
        g.dtype
    };
    let to = |cx: &mut Cx<'_>, t: &TensorMeta, d: DType| -> Result<TensorMeta> {
        one(super::to_dtype(cx, &[Arg::Tensor(t), Arg::DType(d)])?, cx)
    };
    let norm = if others.is_empty() {
        let abs = one(crate::erased::abs(cx, &[Arg::Tensor(v)])?, cx)?;
        to(cx, &abs, norm_dtype)?
    } else {
        let call = [
            Arg::Tensor(v),
            Arg::Scalar(Scalar::Int(SymInt::Int(2))),
            Arg::Ints(others[..].into()),
            Arg::Bool(true),
            Arg::DType(norm_dtype),
        ];
        one(crate::erased::norm_scalaropt_dim_dtype(cx, &call)?, cx)?
    };
    let norm_g = to(cx, &norm, g.dtype)?;
    let scale = one(
        crate::erased::div_tensor(cx, &[Arg::Tensor(g), Arg::Tensor(&norm_g)])?,
        cx,
    )?;
    let w = one(
        crate::erased::mul_tensor(cx, &[Arg::Tensor(v), Arg::Tensor(&scale)])?,
        cx,
    )?;
    let mut outs = Outs::new();
    outs.push(Out::Tensor(w, Alias::Fresh));
    outs.push(Out::Tensor(norm, Alias::Fresh));
    Ok(outs)
}
