//! `scaled_dot_product_attention` (the default export IR keeps it whole):
//! `softmax(q @ k^T * scale + mask) @ v`, whose output is
//! `[*batch, L, Ev]` with the batch dims of `q`, `k`, `v` and the mask
//! broadcast, of the query's dtype. Its layout depends on the backend the
//! CPU dispatch picks (`select_sdp_backend_cpp`): the fused flash kernel,
//! whose meta output is `empty_like(query)` (the query's dense strides
//! kept), when `use_flash_attention_cpp` accepts the inputs, else the math
//! path's matrix product, contiguous. The optional mask's sizes take part,
//! and `enable_gqa` repeats the key's and value's heads, which rules do not
//! say, so it is written by hand.

use super::invalid;
use crate::intrinsics::{empty_like_strides, matmul, swap};
use fake_runtime::shape::{self, Dims, broadcast};
use fake_runtime::strides::contiguous;
use fake_runtime::support::{args, require};
use fake_runtime::{Arg, Cx, DType, DeviceType, Outs, Result, SymInt, TensorMeta};

/// `scaled_dot_product_attention(Tensor query, Tensor key, Tensor value,
/// Tensor? attn_mask=None, float dropout_p=0., bool is_causal=False, *,
/// float? scale=None, bool enable_gqa=False) -> Tensor`.
pub(crate) fn scaled_dot_product_attention(cx: &mut Cx<'_>, a: &[Arg<'_>]) -> Result<Outs> {
    let q = args::tensor(cx, a, 0, "query")?;
    let k = args::tensor(cx, a, 1, "key")?;
    let v = args::tensor(cx, a, 2, "value")?;
    let mask = args::opt_tensor(cx, a, 3, "attn_mask")?;
    let is_causal = args::bool(cx, a, 5, "is_causal", Some(false))?;
    let enable_gqa = args::bool(cx, a, 7, "enable_gqa", Some(false))?;
    // `validate_sdpa_input`.
    if q.dtype != k.dtype || q.dtype != v.dtype {
        return Err(invalid(
            cx,
            format!(
                "Expected query, key, and value to have the same dtype, but got query.dtype: {} key.dtype: {} and value.dtype: {} instead.",
                q.dtype, k.dtype, v.dtype
            ),
        ));
    }
    if q.dim() < 2 || k.dim() < 2 || v.dim() < 2 {
        return Err(invalid(
            cx,
            "Expected query, key, and value to all be at least 2 dimensional",
        ));
    }
    if let Some(m) = mask
        && !(m.dtype == DType::Bool || m.dtype == DType::Float32 || m.dtype == q.dtype)
    {
        return Err(invalid(
            cx,
            format!(
                "Expected attn_mask dtype to be bool or float or to match query dtype, but got attn_mask.dtype: {}",
                m.dtype
            ),
        ));
    }
    if is_causal && mask.is_some() {
        return Err(invalid(
            cx,
            "_scaled_dot_product_attention: Explicit attn_mask should not be set when is_causal=True",
        ));
    }
    let (ks, vs) = if enable_gqa {
        grouped_heads(cx, &q.sizes, &k.sizes, &v.sizes)?
    } else {
        (k.sizes.clone(), v.sizes.clone())
    };
    let kt = swap(cx, ks, -2, -1)?;
    let mut attn = matmul(cx, q.sizes.clone(), kt)?;
    if let Some(m) = mask {
        attn = broadcast(cx.env, cx.op, &[&attn, &m.sizes])?;
    }
    // The math path scales an integral (or bool) query and key by a
    // float, so their product is in the default float dtype; its product
    // with the integral value is then a `bmm`, which wants one dtype,
    // unless the value is a matrix (an `mm`, which does not check) or
    // either side is empty. The result is converted back to the query's
    // dtype.
    let integral = !q.dtype.is_floating_point() && !q.dtype.is_complex();
    if integral
        && v.dim() > 2
        && !shape::guard_empty(cx.env, &attn, cx.op)?
        && !shape::guard_empty(cx.env, &v.sizes, cx.op)?
    {
        return Err(invalid(
            cx,
            format!(
                "expected scalar type torch.{} but found torch.{}",
                cx.defaults.dtype, v.dtype
            ),
        ));
    }
    let sizes = matmul(cx, attn, vs)?;
    let dropout = args::float(cx, a, 4, "dropout_p", Some(0.0))?;
    let strides = if flash_cpu(cx, q, k, v, mask, dropout, enable_gqa)? {
        empty_like_strides(cx, q, None)?
    } else {
        contiguous(cx.env, &sizes)?
    };
    Ok(super::fresh_out(cx, q, sizes, strides))
}

/// Whether the CPU flash kernel takes these inputs
/// (`use_flash_attention_cpp`; other devices' fused kernels give contiguous
/// outputs in FakeTensorMode): a CPU device, a float, double, bfloat16 or half dtype, no
/// dropout, 4-D query, key and value with equal batch sizes and head
/// dims, equal head counts or a single key and value head (unless
/// grouped-query attention is enabled), nonzero
/// sequence lengths, a last-dim stride of 1, and a mask (if any) that
/// does not require grad, of 2 or 4 dims broadcasting against the
/// attention's `[B, H, L, S]`. Size comparisons guard, as the C++ checks
/// do on SymInts.
fn flash_cpu(
    cx: &mut Cx<'_>,
    q: &TensorMeta,
    k: &TensorMeta,
    v: &TensorMeta,
    mask: Option<&TensorMeta>,
    dropout: f64,
    enable_gqa: bool,
) -> Result<bool> {
    let dtype_ok = matches!(
        q.dtype,
        DType::Float32 | DType::Float64 | DType::BFloat16 | DType::Float16
    );
    if cx.device.ty != DeviceType::Cpu
        || !dtype_ok
        || dropout > 0.0
        || q.dim() != 4
        || k.dim() != 4
        || v.dim() != 4
    {
        return Ok(false);
    }
    let eq = |cx: &mut Cx<'_>, a: SymInt, b: SymInt| shape::guard_eq(cx.env, a, b, cx.op);
    // `check_attn_mask_shape`: a mask that requires grad, or whose sizes
    // do not broadcast as `[L, S]` or `[B or 1, H or 1, L, S]`, is not
    // taken.
    if let Some(m) = mask {
        if m.requires_grad || m.dim() < 2 {
            return Ok(false);
        }
        let one = SymInt::Int(1);
        let fits = |cx: &mut Cx<'_>, size: SymInt, want: SymInt| -> Result<bool> {
            Ok(eq(cx, size, want)? || eq(cx, size, one)?)
        };
        let (r, c) = (m.sizes[m.dim() - 2], m.sizes[m.dim() - 1]);
        if !fits(cx, r, q.sizes[2])? || !fits(cx, c, k.sizes[2])? {
            return Ok(false);
        }
        match m.dim() {
            2 => {}
            4 => {
                if !fits(cx, m.sizes[0], q.sizes[0])? || !fits(cx, m.sizes[1], q.sizes[1])? {
                    return Ok(false);
                }
            }
            _ => return Ok(false),
        }
    }
    for d in [0, 3] {
        if !eq(cx, q.sizes[d], k.sizes[d])? || !eq(cx, q.sizes[d], v.sizes[d])? {
            return Ok(false);
        }
    }
    // With `enable_gqa` the head counts may differ (checked by
    // `grouped_heads`); without, they are equal or the key's and the
    // value's single head broadcasts (multi-query attention).
    if !enable_gqa {
        let same = eq(cx, q.sizes[1], k.sizes[1])? && eq(cx, q.sizes[1], v.sizes[1])?;
        let heads_ok =
            same || eq(cx, k.sizes[1], SymInt::Int(1))? && eq(cx, v.sizes[1], SymInt::Int(1))?;
        if !heads_ok {
            return Ok(false);
        }
    }
    for t in [q, k, v] {
        if eq(cx, t.sizes[2], SymInt::Int(0))? || !eq(cx, t.strides[3], SymInt::Int(1))? {
            return Ok(false);
        }
    }
    Ok(true)
}

/// Grouped-query attention (`pre_process_group_query_attention_input`):
/// when the head counts (dim -3) differ, the key's and value's must
/// divide the query's, and their heads are repeated to match it.
fn grouped_heads(
    cx: &mut Cx<'_>,
    q: &[SymInt],
    k: &[SymInt],
    v: &[SymInt],
) -> Result<(Dims, Dims)> {
    let (mut ks, mut vs) = (Dims::from_slice(k), Dims::from_slice(v));
    if q.len() < 3 || k.len() < 3 || v.len() < 3 {
        return Ok((ks, vs));
    }
    let (hq, hk, hv) = (q[q.len() - 3], k[k.len() - 3], v[v.len() - 3]);
    let qk = cx.env.eq(hq, hk)?;
    let kv = cx.env.eq(hk, hv)?;
    let equal = cx.env.and(qk, kv)?;
    if cx.env.guard_bool(equal, cx.op)? {
        return Ok((ks, vs));
    }
    for h in [hk, hv] {
        let r = cx.env.modulo(hq, h)?;
        let divides = cx.env.eq(r, SymInt::Int(0))?;
        require(
            cx,
            divides,
            "Number of heads in key and value must divide the number of heads in query",
        )?;
    }
    let (nk, nv) = (ks.len(), vs.len());
    ks[nk - 3] = hq;
    vs[nv - 3] = hq;
    Ok((ks, vs))
}
