//! The efficient attention kernels' gradients, as their meta kernels
//! (`meta__scaled_dot_product_efficient_backward`,
//! `meta__efficient_attention_backward`); the other backends' gradients
//! are rules (`attention.rules`).
//!
//! The gradients of the query, key and value are new tensors of their
//! input's dtype and device: laid out `[batch, length, heads, head dim]`
//! (`empty_permuted`) for the fused entry point, `empty_like` (or the
//! three views of one `[..., 3, heads, head dim]` tensor when
//! `shared_storage_dqdkdv`) for the kernel itself. A bias gradient is
//! made with its last dim padded to a multiple of 16 and sliced back, so
//! its strides are those of the padded tensor.

use super::attention::size_at;
use crate::intrinsics::empty_like_strides;
use fake_runtime::shape::Dims;
use fake_runtime::strides::{contiguous, with_physical_order};
use fake_runtime::support::{args, require};
use fake_runtime::{Alias, Arg, Cx, Out, Outs, Result, SymInt, TensorMeta};

/// A new tensor of `sizes` and `strides` at `offset`, of `like`'s dtype
/// and device.
fn gradient(like: &TensorMeta, sizes: Dims, strides: Dims, offset: SymInt) -> Out {
    Out::Tensor(
        TensorMeta {
            sizes,
            strides,
            storage_offset: offset,
            dtype: like.dtype,
            device: like.device,
            layout: like.layout,
            requires_grad: false,
            wrapped_number: false,
        },
        Alias::Fresh,
    )
}

/// `torch.empty_permuted(sizes, (0, 2, 1, 3))` of `like`'s dtype and
/// device.
fn heads_second(cx: &mut Cx<'_>, like: &TensorMeta, sizes: [SymInt; 4]) -> Result<Out> {
    let strides = with_physical_order(cx.env, &sizes, &[0, 2, 1, 3])?;
    Ok(gradient(
        like,
        Dims::from_slice(&sizes),
        strides,
        SymInt::Int(0),
    ))
}

/// `empty_like(t)`.
fn like(cx: &mut Cx<'_>, t: &TensorMeta) -> Result<Out> {
    let strides = empty_like_strides(cx, t, None)?;
    Ok(gradient(t, t.sizes.clone(), strides, SymInt::Int(0)))
}

/// The bias gradient: `torch.empty` of the bias's sizes with the last one
/// rounded up to a multiple of 16 (`lastDim % 16` decided by a guard),
/// then `[..., :lastDim]`.
fn bias_gradient(cx: &mut Cx<'_>, bias: &TensorMeta) -> Result<Out> {
    let last = size_at(cx, bias, -1)?;
    let rem = cx.env.modulo(last, SymInt::Int(16))?;
    let exact = cx.env.eq(rem, SymInt::Int(0))?;
    let aligned = if cx.env.guard_bool(exact, cx.op)? {
        last
    } else {
        let up = cx.env.add(last, SymInt::Int(16))?;
        cx.env.sub(up, rem)?
    };
    let mut padded = bias.sizes.clone();
    let n = padded.len();
    padded[n - 1] = aligned;
    let strides = contiguous(cx.env, &padded)?;
    Ok(gradient(bias, bias.sizes.clone(), strides, SymInt::Int(0)))
}

/// `_scaled_dot_product_efficient_attention_backward(Tensor grad_out_,
/// Tensor query, Tensor key, Tensor value, Tensor attn_bias, Tensor out,
/// Tensor logsumexp, Tensor philox_seed, Tensor philox_offset, float
/// dropout_p, bool[4] grad_input_mask, bool is_causal=False, *, float?
/// scale=None) -> (Tensor, Tensor, Tensor, Tensor)`: the query's batch
/// and head dim shape every gradient (`[batch, heads, length, head dim]`
/// of the query, the key's heads and length, the value's heads, the key's
/// length and the value's head dim), laid out heads second; the bias
/// gradient when a bias is given and `grad_input_mask[3]` asks for it,
/// else `None`.
pub(crate) fn scaled_dot_product_efficient_attention_backward(
    cx: &mut Cx<'_>,
    a: &[Arg<'_>],
) -> Result<Outs> {
    let q = args::tensor(cx, a, 1, "query")?;
    let k = args::tensor(cx, a, 2, "key")?;
    let v = args::tensor(cx, a, 3, "value")?;
    let bias = args::opt_tensor(cx, a, 4, "attn_bias")?;
    let mask = args::bools::<4>(cx, a, 10, "grad_input_mask")?;
    let batch = size_at(cx, q, 0)?;
    let heads_q = size_at(cx, q, 1)?;
    let heads_k = size_at(cx, k, 1)?;
    let heads_v = size_at(cx, v, 1)?;
    let max_q = size_at(cx, q, 2)?;
    let head_dim = size_at(cx, q, 3)?;
    let head_dim_v = size_at(cx, v, 3)?;
    let max_k = size_at(cx, k, 2)?;
    let mut outs = Outs::new();
    outs.push(heads_second(cx, q, [batch, heads_q, max_q, head_dim])?);
    outs.push(heads_second(cx, k, [batch, heads_k, max_k, head_dim])?);
    outs.push(heads_second(cx, v, [batch, heads_v, max_k, head_dim_v])?);
    outs.push(match bias {
        Some(b) if mask[3] => bias_gradient(cx, b)?,
        _ => Out::None,
    });
    Ok(outs)
}

/// `_efficient_attention_backward(Tensor grad_out_, Tensor query, Tensor
/// key, Tensor value, Tensor? bias, Tensor out, Tensor? cu_seqlens_q,
/// Tensor? cu_seqlens_k, SymInt max_seqlen_q, SymInt max_seqlen_k, Tensor
/// logsumexp, float dropout_p, Tensor philox_seed, Tensor philox_offset,
/// int custom_mask_type, bool bias_requires_grad, *, float? scale=None,
/// int? num_splits_key=None, int? window_size=None, bool
/// shared_storage_dqdkdv=False) -> (Tensor, Tensor, Tensor, Tensor)`:
/// `empty_like` of the query, key and value, or, sharing one storage,
/// the three `select(-3, i)` views of a new `[*batch, 3, heads, head
/// dim]` tensor of the query's (their lengths, head dims and heads
/// checked equal in that order); the bias gradient, or a 0-d tensor of
/// the default dtype on the query's device without a bias.
pub(crate) fn efficient_attention_backward(cx: &mut Cx<'_>, a: &[Arg<'_>]) -> Result<Outs> {
    let q = args::tensor(cx, a, 1, "query")?;
    let k = args::tensor(cx, a, 2, "key")?;
    let v = args::tensor(cx, a, 3, "value")?;
    let bias = args::opt_tensor(cx, a, 4, "bias")?;
    let shared = args::bool(cx, a, 19, "shared_storage_dqdkdv", Some(false))?;
    let mut outs = Outs::new();
    if shared {
        let (q1, k1) = (size_at(cx, q, 1)?, size_at(cx, k, 1)?);
        let c = cx.env.eq(q1, k1)?;
        require(cx, c, "seqlen must match for `shared_storage_dqdkdv")?;
        // `q == k == v`: Python's chained comparison takes the first's
        // truth (a guard) before the second is checked.
        let (q3, k3, v3) = (size_at(cx, q, 3)?, size_at(cx, k, 3)?, size_at(cx, v, 3)?);
        let first = cx.env.eq(q3, k3)?;
        let c = if cx.env.guard_bool(first, cx.op)? {
            cx.env.eq(k3, v3)?
        } else {
            fake_runtime::SymBool::Bool(false)
        };
        require(cx, c, "embedding dim must match for `shared_storage_dqdkdv")?;
        let (q2, k2) = (size_at(cx, q, 2)?, size_at(cx, k, 2)?);
        let c = cx.env.eq(q2, k2)?;
        require(cx, c, "num heads must match for `shared_storage_dqdkdv")?;
        let n = q.dim();
        let mut chunk = Dims::from_slice(&q.sizes[..n - 2]);
        chunk.extend([SymInt::Int(3), q.sizes[n - 2], q.sizes[n - 1]]);
        let chunk_strides = contiguous(cx.env, &chunk)?;
        let step = chunk_strides[n - 2];
        let mut strides = chunk_strides.clone();
        strides.remove(n - 2);
        let mut offset = SymInt::Int(0);
        for _ in 0..3 {
            outs.push(gradient(q, q.sizes.clone(), strides.clone(), offset));
            offset = cx.env.add(offset, step)?;
        }
    } else {
        outs.push(like(cx, q)?);
        outs.push(like(cx, k)?);
        outs.push(like(cx, v)?);
    }
    outs.push(match bias {
        Some(b) => bias_gradient(cx, b)?,
        None => {
            let dtype = cx.defaults.dtype;
            super::new_tensor(cx, &[], dtype, q.device)?
        }
    });
    Ok(outs)
}
