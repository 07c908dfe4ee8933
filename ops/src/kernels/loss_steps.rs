//! The operators the loss composites call, one generated kernel each, so a
//! composite replayed step by step (`losses.rs`, `nll.rs`) has the sizes,
//! strides, dtypes, refusals and guards of every step it takes.

use super::invalid;
use fake_runtime::promotion::{self, Operand, PromotionKind};
use fake_runtime::shape::Dims;
use fake_runtime::{Arg, Cx, DType, Out, Outs, Result, Scalar, SymInt, TensorMeta};

/// A generated (or hand-written) kernel's erased entry.
pub(super) type Kernel = fn(&mut Cx<'_>, &[Arg<'_>]) -> Result<Outs>;

/// The first tensor a kernel returned.
pub(super) fn one(cx: &Cx<'_>, outs: Outs) -> Result<TensorMeta> {
    match outs.into_iter().next() {
        Some(Out::Tensor(t, _)) => Ok(t),
        _ => Err(invalid(cx, "a composed operator gave no tensor")),
    }
}

/// `kernel(args)`'s first tensor.
pub(super) fn call(cx: &mut Cx<'_>, kernel: Kernel, args: &[Arg<'_>]) -> Result<TensorMeta> {
    let outs = kernel(cx, args)?;
    one(cx, outs)
}

/// A Python float as a `Scalar` argument.
pub(super) fn float<'a>(v: f64) -> Arg<'a> {
    Arg::Scalar(Scalar::from(v))
}

/// A Python int as a `Scalar` argument.
pub(super) fn int<'a>(v: i64) -> Arg<'a> {
    Arg::Scalar(Scalar::Int(SymInt::Int(v)))
}

/// `a op b` of two tensors.
pub(super) fn binary(
    cx: &mut Cx<'_>,
    kernel: Kernel,
    a: &TensorMeta,
    b: &TensorMeta,
) -> Result<TensorMeta> {
    call(cx, kernel, &[Arg::Tensor(a), Arg::Tensor(b)])
}

/// `a op number`.
pub(super) fn with_number<'a>(
    cx: &mut Cx<'_>,
    kernel: Kernel,
    a: &'a TensorMeta,
    n: Arg<'a>,
) -> Result<TensorMeta> {
    call(cx, kernel, &[Arg::Tensor(a), n])
}

/// `op(a)` of one tensor.
pub(super) fn unary(cx: &mut Cx<'_>, kernel: Kernel, a: &TensorMeta) -> Result<TensorMeta> {
    call(cx, kernel, &[Arg::Tensor(a)])
}

/// `torch.where(cond, a, b)` of three tensors.
pub(super) fn where_(
    cx: &mut Cx<'_>,
    cond: &TensorMeta,
    a: &TensorMeta,
    b: &TensorMeta,
) -> Result<TensorMeta> {
    call(
        cx,
        crate::erased::where_self,
        &[Arg::Tensor(cond), Arg::Tensor(a), Arg::Tensor(b)],
    )
}

/// `torch.where(cond, a, number)`.
pub(super) fn where_number<'a>(
    cx: &mut Cx<'_>,
    cond: &'a TensorMeta,
    a: &'a TensorMeta,
    n: Arg<'a>,
) -> Result<TensorMeta> {
    call(
        cx,
        crate::erased::where_scalarother,
        &[Arg::Tensor(cond), Arg::Tensor(a), n],
    )
}

/// `t.to(dtype)`: `t` itself when it has the dtype, else a copy keeping
/// its layout (`_to_copy`).
pub(super) fn to(cx: &mut Cx<'_>, t: &TensorMeta, dtype: DType) -> Result<TensorMeta> {
    if t.dtype == dtype {
        return Ok(t.clone());
    }
    call(cx, super::to_copy, &[Arg::Tensor(t), Arg::DType(dtype)])
}

/// `zeros_like(t, memory_format=contiguous_format)` (ATen's
/// `LEGACY_CONTIGUOUS_MEMORY_FORMAT`).
pub(super) fn zeros_contiguous(cx: &mut Cx<'_>, t: &TensorMeta) -> Result<TensorMeta> {
    let strides = fake_runtime::strides::contiguous(cx.env, &t.sizes)?;
    Ok(TensorMeta {
        strides,
        storage_offset: SymInt::Int(0),
        requires_grad: false,
        wrapped_number: false,
        device: cx.device,
        ..t.clone()
    })
}

/// `t.sum()`, every dim.
pub(super) fn sum(cx: &mut Cx<'_>, t: &TensorMeta) -> Result<TensorMeta> {
    unary(cx, crate::erased::sum, t)
}

/// `t.sum(dims, keepdim)`.
pub(super) fn sum_dims(
    cx: &mut Cx<'_>,
    t: &TensorMeta,
    dims: &[i64],
    keepdim: bool,
) -> Result<TensorMeta> {
    super::einsum::sum(cx, t, dims, keepdim, None)
}

/// `t.mean()`, every dim (an integral `t` refused).
pub(super) fn mean(cx: &mut Cx<'_>, t: &TensorMeta) -> Result<TensorMeta> {
    unary(cx, crate::erased::mean, t)
}

/// `apply_loss_reduction`: the mean (1) or the sum (2) of the loss, any
/// other value leaving it as it is.
pub(super) fn reduce(cx: &mut Cx<'_>, loss: &TensorMeta, reduction: i64) -> Result<TensorMeta> {
    match reduction {
        1 => mean(cx, loss),
        2 => sum(cx, loss),
        _ => Ok(loss.clone()),
    }
}

/// `t.unsqueeze(dim)`.
pub(super) fn unsqueeze(cx: &mut Cx<'_>, t: &TensorMeta, dim: i64) -> Result<TensorMeta> {
    call(
        cx,
        crate::erased::unsqueeze,
        &[Arg::Tensor(t), Arg::Int(SymInt::Int(dim))],
    )
}

/// `t.squeeze(dim)`.
pub(super) fn squeeze(cx: &mut Cx<'_>, t: &TensorMeta, dim: i64) -> Result<TensorMeta> {
    call(
        cx,
        crate::erased::squeeze_dim,
        &[Arg::Tensor(t), Arg::Int(SymInt::Int(dim))],
    )
}

/// `t.view(sizes)`.
pub(super) fn view(cx: &mut Cx<'_>, t: &TensorMeta, sizes: Dims) -> Result<TensorMeta> {
    call(
        cx,
        super::view,
        &[Arg::Tensor(t), Arg::Ints(sizes[..].into())],
    )
}

/// `t.contiguous()`.
pub(super) fn contiguous(cx: &mut Cx<'_>, t: &TensorMeta) -> Result<TensorMeta> {
    call(cx, super::contiguous, &[Arg::Tensor(t)])
}

/// `torch.gather(t, dim, index)`.
pub(super) fn gather(
    cx: &mut Cx<'_>,
    t: &TensorMeta,
    dim: i64,
    index: &TensorMeta,
) -> Result<TensorMeta> {
    call(
        cx,
        crate::erased::gather,
        &[
            Arg::Tensor(t),
            Arg::Int(SymInt::Int(dim)),
            Arg::Tensor(index),
        ],
    )
}

/// `torch.log_softmax(t, dim, dtype)`.
pub(super) fn log_softmax(
    cx: &mut Cx<'_>,
    t: &TensorMeta,
    dim: i64,
    dtype: DType,
) -> Result<TensorMeta> {
    call(
        cx,
        crate::erased::log_softmax_int,
        &[
            Arg::Tensor(t),
            Arg::Int(SymInt::Int(dim)),
            Arg::DType(dtype),
        ],
    )
}

/// `@pw_cast_for_opmath`'s dtypes over the tensor arguments: the
/// computation dtype the inputs are converted to and the dtype the result
/// is converted back to (`elementwise_dtypes(..., DEFAULT)`).
pub(super) fn opmath_dtypes(cx: &Cx<'_>, tensors: &[&TensorMeta]) -> Result<(DType, DType)> {
    let operands: Vec<Operand> = tensors
        .iter()
        .map(|t| {
            if t.dim() == 0 {
                Operand::ZeroDim(t.dtype)
            } else {
                Operand::Tensor(t.dtype)
            }
        })
        .collect();
    promotion::elementwise_dtypes(&operands, PromotionKind::Default, cx.defaults.dtype)
}
