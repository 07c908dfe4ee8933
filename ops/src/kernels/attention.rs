//! `scaled_dot_product_attention` (the default export IR keeps it whole):
//! `softmax(q @ k^T * scale + mask) @ v`, whose output is
//! `[*batch, L, Ev]` with the batch dims of `q`, `k`, `v` and the mask
//! broadcast, of the query's dtype. Its layout depends on the backend the
//! CPU dispatch picks (`select_sdp_backend_cpp`): the fused flash kernel,
//! whose meta output is `empty_like(query)` (the query's dense strides
//! kept), when `use_flash_attention_cpp` accepts the inputs (3-D ones
//! unsqueezed to one batch of heads), else the math path's matrix
//! product, contiguous (3-D operands run it unsqueezed too, a 4-D mask
//! broadcasting against the one batch, then `squeeze(0)`). The optional
//! mask's sizes take part, and `enable_gqa` repeats the key's and value's
//! heads, which rules do not say, so it is written by hand.
//!
//! The CUDA backends' entry points (`_scaled_dot_product_flash_attention`,
//! `_scaled_dot_product_efficient_attention`, `_flash_attention_forward`,
//! `_efficient_attention_forward`), as their meta kernels: besides the
//! output and its log-sum-exp they return `None` tensors, integers and the
//! random state, lay the output out in the query's stride order, and pick
//! sizes by which optional arguments are given and by flags. The flash
//! kernels' `quantized` overloads convert a float8 query to bfloat16
//! first; `_flash_attention_forward_no_dropout_inplace` returns the
//! log-sum-exp alone.
//!
//! MPS's math path (`_scaled_dot_product_attention_math_for_mps`), as its
//! meta: the inputs' batch dims broadcast, the query expanded to them and
//! every input made 4-D, the outputs given back the query's batch dims.

use super::invalid;
use super::py_sort::py_sort;
use crate::intrinsics::{empty_like_strides, matmul, swap};
use fake_runtime::shape::{self, Dims, broadcast, display_torch_size};
use fake_runtime::strides::contiguous;
use fake_runtime::support::{args, refuse_plain_expand_call, require};
use fake_runtime::{Alias, Arg, Cx, DType, DeviceType, Out, Outs, Result, SymInt, TensorMeta};

/// The first three arguments: `query`, `key` and `value`.
fn query_key_value<'a>(
    cx: &Cx<'_>,
    a: &[Arg<'a>],
) -> Result<(&'a TensorMeta, &'a TensorMeta, &'a TensorMeta)> {
    Ok((
        args::tensor(cx, a, 0, "query")?,
        args::tensor(cx, a, 1, "key")?,
        args::tensor(cx, a, 2, "value")?,
    ))
}

/// `scaled_dot_product_attention(Tensor query, Tensor key, Tensor value,
/// Tensor? attn_mask=None, float dropout_p=0., bool is_causal=False, *,
/// float? scale=None, bool enable_gqa=False) -> Tensor`.
pub(crate) fn scaled_dot_product_attention(cx: &mut Cx<'_>, a: &[Arg<'_>]) -> Result<Outs> {
    let (q, k, v) = query_key_value(cx, a)?;
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
    // An empty query sequence or an empty value: zeros of the query's
    // sizes with the value's last (plus the inputs' sums times 0), no
    // attention formed and nothing of the key checked. Data-dependent
    // lengths are taken as nonempty, without a guard (`guard_or_false`).
    let q_len = q.sizes[q.dim() - 2];
    let empty_query = cx.env.eq(q_len, SymInt::Int(0))?;
    if cx.env.guard_or_false(empty_query, cx.op)? || {
        let numel = shape::numel(cx.env, &v.sizes)?;
        let empty_value = cx.env.eq(numel, SymInt::Int(0))?;
        cx.env.guard_or_false(empty_value, cx.op)?
    } {
        let mut sizes = q.sizes.clone();
        sizes[q.dim() - 1] = v.sizes[v.dim() - 1];
        let strides = contiguous(cx.env, &sizes)?;
        // `zeros(..., dtype=query.dtype) + (q.sum() + k.sum() + v.sum()) *
        // 0`: the sums' zero-dim dtype (an integral or bool one int64)
        // joins the query's, promoting a bool query.
        use fake_runtime::promotion::{Operand, result_type};
        let summed = |d: DType| {
            if d.is_floating_point() || d.is_complex() {
                d
            } else {
                DType::Int64
            }
        };
        let sums = [q, k, v].map(|t| Operand::ZeroDim(summed(t.dtype)));
        let sums = result_type(&sums, cx.defaults.dtype)?;
        let dtype = result_type(
            &[Operand::Tensor(q.dtype), Operand::ZeroDim(sums)],
            cx.defaults.dtype,
        )?;
        let mut outs = super::fresh_out(cx, q, sizes, strides);
        if let Some(Out::Tensor(t, _)) = outs.first_mut() {
            t.dtype = dtype;
        }
        return Ok(outs);
    }
    let (attn, vs) = attention_sizes(cx, q, k, v, mask, enable_gqa)?;
    let dropout = args::float(cx, a, 4, "dropout_p", Some(0.0))?;
    // A positive dropout is the math path's `dropout(attn, p, true)`,
    // whose ATen kernel refuses a probability above 1 (a negative one
    // never gets there); under the Python dispatcher its decomposition
    // runs, which does not.
    if dropout > 1.0 && !cx.defaults.python_dispatcher {
        return Err(invalid(
            cx,
            format!("dropout probability has to be between 0 and 1, but got {dropout}"),
        ));
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
    // The CPU flash kernel's meta is `empty_like(query)`: the attention's
    // product with the value is not formed (nor its sizes checked); the
    // math path's is.
    let (sizes, strides) = if q.dim() == 3 && k.dim() == 3 && v.dim() == 3 {
        // Three-dimensional operands (and a mask of three dims) run as
        // one batch of heads: unsqueezed at 0, chosen for as 4-D, the
        // output squeezed back.
        let one = |cx: &mut Cx<'_>, t: &TensorMeta| super::loss_steps::unsqueeze(cx, t, 0);
        let (q4, k4, v4) = (one(cx, q)?, one(cx, k)?, one(cx, v)?);
        let m4 = match mask {
            Some(m) if m.dim() == 3 => Some(one(cx, m)?),
            Some(m) => Some(m.clone()),
            None => None,
        };
        if flash_cpu(cx, &q4, &k4, &v4, m4.as_ref(), dropout, enable_gqa)? {
            let mut strides = empty_like_strides(cx, &q4, None)?;
            strides.remove(0);
            (q.sizes.clone(), strides)
        } else {
            // The math path on the 4-D operands (a 4-D mask's batch dims
            // broadcast against the one batch), then `squeeze(0)`: the
            // leading dim goes only where it is 1.
            let (attn, vs) = attention_sizes(cx, &q4, &k4, &v4, m4.as_ref(), enable_gqa)?;
            let out = matmul(cx, attn, vs)?;
            let out = TensorMeta {
                strides: contiguous(cx.env, &out)?,
                sizes: out,
                ..q.clone()
            };
            let out = super::loss_steps::squeeze(cx, &out, 0)?;
            (out.sizes, out.strides)
        }
    } else if flash_cpu(cx, q, k, v, mask, dropout, enable_gqa)? {
        (q.sizes.clone(), empty_like_strides(cx, q, None)?)
    } else {
        let sizes = matmul(cx, attn, vs)?;
        let strides = contiguous(cx.env, &sizes)?;
        (sizes, strides)
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
        // `check_nonzero_sequence_lengths_dense`: a data-dependent length
        // is taken as nonzero, without a guard.
        let empty = cx.env.eq(t.sizes[2], SymInt::Int(0))?;
        if cx.env.guard_or_false(empty, cx.op)? || !eq(cx, t.strides[3], SymInt::Int(1))? {
            return Ok(false);
        }
    }
    Ok(true)
}

/// The math path's attention sizes (`q @ k^T`, broadcast with the mask's)
/// and the value's sizes it multiplies, the key's and value's heads
/// repeated for grouped-query attention.
fn attention_sizes(
    cx: &mut Cx<'_>,
    q: &TensorMeta,
    k: &TensorMeta,
    v: &TensorMeta,
    mask: Option<&TensorMeta>,
    enable_gqa: bool,
) -> Result<(Dims, Dims)> {
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
    Ok((attn, vs))
}

/// The head counts of grouped-query attention's query, key and value,
/// `sym_size(-3)` of each in that order: a tensor of fewer than three dims
/// is refused ("Dimension out of range").
pub(super) fn head_counts(cx: &Cx<'_>, sizes: [&[SymInt]; 3]) -> Result<[SymInt; 3]> {
    let mut heads = [SymInt::Int(0); 3];
    for (h, s) in heads.iter_mut().zip(sizes) {
        *h = s[shape::wrap_dim(cx.op, -3, s.len())?];
    }
    Ok(heads)
}

/// Grouped-query attention (`pre_process_group_query_attention_input`):
/// the key's and value's head counts (dim -3) must divide the query's,
/// and their heads are repeated to match it.
fn grouped_heads(
    cx: &mut Cx<'_>,
    q: &[SymInt],
    k: &[SymInt],
    v: &[SymInt],
) -> Result<(Dims, Dims)> {
    let (mut ks, mut vs) = (Dims::from_slice(k), Dims::from_slice(v));
    let [hq, hk, hv] = head_counts(cx, [q, k, v])?;
    // PyTorch 2.15 decides whether the key's and value's head counts are
    // equal (a guard), never whether the query's equals them: a query
    // with as many heads is a repeat by one.
    let kv = cx.env.eq(hk, hv)?;
    let kv_equal = cx.env.guard_bool(kv, cx.op)?;
    let divisors: &[SymInt] = if kv_equal { &[hk] } else { &[hk, hv] };
    for &h in divisors {
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

/// `t.size(d)`, with Python's refusal of a dim out of range (a zero-dim
/// tensor has no size at all).
pub(super) fn size_at(cx: &Cx<'_>, t: &TensorMeta, d: i64) -> Result<SymInt> {
    Ok(t.sizes[shape::wrap_size_dim(cx.op, d, t.dim())?])
}

/// A new contiguous tensor of `sizes` and `dtype` on the operator's device.
fn new_tensor(cx: &mut Cx<'_>, sizes: Dims, dtype: DType) -> Result<Out> {
    let device = cx.device;
    super::new_tensor(cx, &sizes, dtype, device)
}

/// `alloc_with_matching_layout(query, shape)`: `empty_like(query)` when
/// the shapes are equal (Python compares the last sizes, the others being
/// the query's own), else the query's dims in increasing stride order (a
/// zero stride last, the sort stable) filled innermost first. A query of
/// more dims than `shape` is refused as Python's `res_shape[idx]` refuses
/// it, one of fewer as `empty_strided` refuses strides of another length.
fn matching_layout(cx: &mut Cx<'_>, q: &TensorMeta, shape: &[SymInt]) -> Result<Dims> {
    let n = q.dim();
    if n > shape.len() {
        return Err(invalid(
            cx,
            format!(
                "tuple index out of range: a query of {n} dims laid out as a result of {} dims",
                shape.len()
            ),
        ));
    }
    if n < shape.len() {
        return Err(invalid(
            cx,
            format!(
                "dimensionality of sizes ({}) must match dimensionality of strides ({n})",
                shape.len()
            ),
        ));
    }
    if n == 0 || shape::guard_eq(cx.env, q.sizes[n - 1], shape[n - 1], cx.op)? {
        return empty_like_strides(cx, q, None);
    }
    let mut key: Vec<Option<SymInt>> = Vec::with_capacity(n);
    for &s in &q.strides {
        let zero = match s {
            SymInt::Int(v) => v == 0,
            _ => {
                let c = cx.env.eq(s, SymInt::Int(0))?;
                cx.env.guard_bool(c, cx.op)?
            }
        };
        key.push((!zero).then_some(s));
    }
    let mut order: Vec<usize> = (0..n).collect();
    py_sort_by(cx, &mut order, &key)?;
    let mut strides: Dims = std::iter::repeat_n(SymInt::Int(0), n).collect();
    let mut stride = SymInt::Int(1);
    for idx in order {
        strides[idx] = stride;
        stride = cx.env.mul(stride, shape[idx])?;
    }
    Ok(strides)
}

/// Python's stable `list.sort(key=...)` of a few items, each comparison
/// of two keys a guard; `None` stands for `math.inf`.
fn py_sort_by(cx: &mut Cx<'_>, items: &mut [usize], key: &[Option<SymInt>]) -> Result<()> {
    py_sort(cx, items, |cx, a, b| match (key[a], key[b]) {
        (None, _) => Ok(false),
        (Some(_), None) => Ok(true),
        (Some(SymInt::Int(x)), Some(SymInt::Int(y))) => Ok(x < y),
        (Some(x), Some(y)) => {
            let c = cx.env.lt(x, y)?;
            cx.env.guard_bool(c, cx.op)
        }
    })
}

/// The flash kernels' debug attention mask: `[batch, heads, q, k]` of the
/// query's dtype, `k` rounded up by the key length (128, 256, else
/// `ceil(q / block)` with a block of 128 columns past a head dim of 64,
/// else 256) when asked for, else empty.
#[allow(clippy::too_many_arguments)]
fn debug_mask(
    cx: &mut Cx<'_>,
    wanted: bool,
    batch: SymInt,
    heads: SymInt,
    max_q: SymInt,
    max_k: SymInt,
    head_dim: SymInt,
    dtype: DType,
) -> Result<Out> {
    if !wanted {
        return new_tensor(cx, Dims::from_slice(&[SymInt::Int(0)]), dtype);
    }
    let wide = cx.env.gt(head_dim, SymInt::Int(64))?;
    let block = if cx.env.guard_bool(wide, cx.op)? {
        128
    } else {
        256
    };
    let mut k = cx.env.ceildiv(max_q, SymInt::Int(block))?;
    let short = cx.env.le(max_k, SymInt::Int(128))?;
    if cx.env.guard_bool(short, cx.op)? {
        k = SymInt::Int(128);
    } else {
        let medium = cx.env.le(max_k, SymInt::Int(256))?;
        if cx.env.guard_bool(medium, cx.op)? {
            k = SymInt::Int(256);
        }
    }
    new_tensor(cx, Dims::from_slice(&[batch, heads, max_q, k]), dtype)
}

/// The flash kernels' random state: a seed of two `uint64`s and an offset.
fn flash_rng_state(cx: &mut Cx<'_>, outs: &mut Outs) -> Result<()> {
    outs.push(new_tensor(
        cx,
        Dims::from_slice(&[SymInt::Int(2)]),
        DType::UInt64,
    )?);
    outs.push(new_tensor(cx, Dims::new(), DType::UInt64)?);
    Ok(())
}

/// The memory-efficient kernels' log-sum-exp length: the query length
/// rounded up to a multiple of 32 when asked for, else 0.
fn padded_lse_length(cx: &mut Cx<'_>, m: SymInt, wanted: bool) -> Result<SymInt> {
    if !wanted {
        return Ok(SymInt::Int(0));
    }
    let blocks = cx.env.ceildiv(m, SymInt::Int(32))?;
    cx.env.mul(blocks, SymInt::Int(32))
}

/// `_scaled_dot_product_flash_attention(Tensor query, Tensor key, Tensor
/// value, float dropout_p=0., bool is_causal=False, bool
/// return_debug_mask=False, *, float? scale=None)`, as
/// `meta__scaled_dot_product_flash_attention`: `[batch, heads, L, head
/// dim]` inputs; the output of the value's head dim laid out in the
/// query's stride order, a float32 log-sum-exp `[batch, heads, L]`, no
/// cumulative lengths (`None`), the two lengths as integers, the random
/// state and the debug mask.
pub(crate) fn scaled_dot_product_flash_attention(cx: &mut Cx<'_>, a: &[Arg<'_>]) -> Result<Outs> {
    let (q, k, v) = query_key_value(cx, a)?;
    let debug = args::bool(cx, a, 5, "return_debug_mask", Some(false))?;
    sdpa_flash(cx, q, k, v, debug)
}

/// `_scaled_dot_product_flash_attention.quantized(Tensor query, Tensor
/// key, Tensor value, Tensor? q_descale, Tensor? k_descale, Tensor?
/// v_descale, float dropout_p=0., bool is_causal=False, bool
/// return_debug_mask=False, *, float? scale=None)`, as
/// `meta__scaled_dot_product_flash_attention_quantized`: a float8 E4M3
/// query converted to bfloat16 ([`to_bfloat16`]), then the unquantized
/// meta; the scales are not read.
pub(crate) fn scaled_dot_product_flash_attention_quantized(
    cx: &mut Cx<'_>,
    a: &[Arg<'_>],
) -> Result<Outs> {
    let (q, k, v) = query_key_value(cx, a)?;
    let debug = args::bool(cx, a, 8, "return_debug_mask", Some(false))?;
    let q = to_bfloat16(cx, q)?;
    sdpa_flash(cx, &q, k, v, debug)
}

/// The quantized metas' `query.to(torch.bfloat16)` of a float8 E4M3
/// query (any other is kept): the dense strides kept, else laid out
/// afresh. In a plain fake mode the C++ `_to_copy` reads the query's
/// strides, then its sizes, as plain integers, each symbolic one fixed
/// at its hint in that order (a guard each).
fn to_bfloat16(cx: &mut Cx<'_>, q: &TensorMeta) -> Result<TensorMeta> {
    if q.dtype != DType::Float8E4M3Fn {
        return Ok(q.clone());
    }
    if cx.defaults.python_dispatcher || q.is_static() {
        return super::cast(cx, q, DType::BFloat16);
    }
    let mut fixed = q.clone();
    for s in fixed.strides.iter_mut().chain(fixed.sizes.iter_mut()) {
        *s = SymInt::Int(cx.env.guard_int(*s, cx.op)?);
    }
    super::cast(cx, &fixed, DType::BFloat16)
}

/// `meta__scaled_dot_product_flash_attention` of its tensors.
fn sdpa_flash(
    cx: &mut Cx<'_>,
    q: &TensorMeta,
    k: &TensorMeta,
    v: &TensorMeta,
    debug: bool,
) -> Result<Outs> {
    let batch = size_at(cx, q, 0)?;
    let heads = size_at(cx, q, 1)?;
    let max_q = size_at(cx, q, 2)?;
    let head_dim = size_at(cx, q, 3)?;
    let max_k = size_at(cx, k, 2)?;
    let mut out_shape = q.sizes.clone();
    let last = out_shape.len() - 1;
    out_shape[last] = size_at(cx, v, -1)?;
    let strides = matching_layout(cx, q, &out_shape)?;
    let mut outs = super::fresh_out(cx, q, out_shape, strides);
    let lse = Dims::from_slice(&[batch, heads, max_q]);
    outs.push(new_tensor(cx, lse, DType::Float32)?);
    outs.push(Out::None);
    outs.push(Out::None);
    outs.push(Out::Int(max_q));
    outs.push(Out::Int(max_k));
    flash_rng_state(cx, &mut outs)?;
    outs.push(debug_mask(
        cx, debug, batch, heads, max_q, max_k, head_dim, q.dtype,
    )?);
    Ok(outs)
}

/// `_flash_attention_forward(Tensor query, Tensor key, Tensor value,
/// Tensor? cum_seq_q, Tensor? cum_seq_k, SymInt max_q, SymInt max_k, float
/// dropout_p, bool is_causal, bool return_debug_mask, *, ...)`, as
/// `meta__flash_attention_forward`: dense `[batch, L, heads, head dim]`
/// inputs, or packed `[total, heads, head dim]` ones with cumulative
/// lengths (then the batch is their count less one and the lengths the
/// given maxima); the output laid out in the query's stride order, the
/// log-sum-exp `[batch, heads, L]` (packed: `[heads, total]`), the random
/// state and the debug mask.
pub(crate) fn flash_attention_forward(cx: &mut Cx<'_>, a: &[Arg<'_>]) -> Result<Outs> {
    flash_forward_from(cx, a, 0, false)
}

/// `_flash_attention_forward.quantized(Tensor query, Tensor key, Tensor
/// value, Tensor? cum_seq_q, Tensor? cum_seq_k, SymInt max_q, SymInt
/// max_k, float dropout_p, bool is_causal, bool return_debug_mask,
/// Tensor? q_descale, Tensor? k_descale, Tensor? v_descale, *, ...)`, as
/// `meta__flash_attention_forward_quantized`: a float8 E4M3 query
/// converted to bfloat16 ([`to_bfloat16`]), then the unquantized meta;
/// the scales are not read.
pub(crate) fn flash_attention_forward_quantized(cx: &mut Cx<'_>, a: &[Arg<'_>]) -> Result<Outs> {
    flash_forward_from(cx, a, 0, true)
}

/// `_flash_attention_forward_no_dropout_inplace(Tensor(a!) out, Tensor
/// query, Tensor key, Tensor value, Tensor? cum_seq_q, Tensor? cum_seq_k,
/// SymInt max_q, SymInt max_k, float dropout_p, bool is_causal, bool
/// return_debug_mask, *, ...) -> Tensor softmax_logsumexp`, as
/// `meta__flash_attention_forward_no_dropout_inplace`: the forward meta of
/// the arguments after `out` (its checks and guards), of which only the
/// log-sum-exp is returned; `out` is neither read nor changed.
pub(crate) fn flash_attention_forward_no_dropout_inplace(
    cx: &mut Cx<'_>,
    a: &[Arg<'_>],
) -> Result<Outs> {
    args::tensor(cx, a, 0, "out")?;
    let outs = flash_forward_from(cx, a, 1, false)?;
    match outs.into_iter().nth(1) {
        Some(lse) => Ok(std::iter::once(lse).collect()),
        None => Err(invalid(cx, "the forward meta gave no log-sum-exp")),
    }
}

/// `meta__flash_attention_forward` of the arguments from `first` on
/// (`query` there), the query converted first when `quantized`.
fn flash_forward_from(
    cx: &mut Cx<'_>,
    a: &[Arg<'_>],
    first: usize,
    quantized: bool,
) -> Result<Outs> {
    let q = args::tensor(cx, a, first, "query")?;
    let k = args::tensor(cx, a, first + 1, "key")?;
    let v = args::tensor(cx, a, first + 2, "value")?;
    let cum_q = args::opt_tensor(cx, a, first + 3, "cum_seq_q")?;
    let cum_k = args::opt_tensor(cx, a, first + 4, "cum_seq_k")?;
    let max_q = args::size(cx, a, first + 5, "max_q", None)?;
    let max_k = args::size(cx, a, first + 6, "max_k", None)?;
    let debug = args::bool(cx, a, first + 9, "return_debug_mask", None)?;
    let converted;
    let q = if quantized {
        converted = to_bfloat16(cx, q)?;
        &converted
    } else {
        q
    };
    let batch = match cum_q {
        None => size_at(cx, q, 0)?,
        Some(c) => {
            let n = c.numel(cx.env)?;
            cx.env.sub(n, SymInt::Int(1))?
        }
    };
    let batch_q = match cum_q {
        None => size_at(cx, q, 1)?,
        Some(_) => max_q,
    };
    let batch_k = match cum_k {
        None => size_at(cx, k, 1)?,
        Some(_) => max_k,
    };
    let heads = size_at(cx, q, -2)?;
    let head_dim = size_at(cx, q, -1)?;
    let mut out_shape = q.sizes.clone();
    let last = out_shape.len() - 1;
    out_shape[last] = size_at(cx, v, -1)?;
    let strides = matching_layout(cx, q, &out_shape)?;
    let mut outs = super::fresh_out(cx, q, out_shape, strides);
    let lse = match cum_q {
        None => Dims::from_slice(&[batch, heads, batch_q]),
        Some(_) => Dims::from_slice(&[heads, size_at(cx, q, 0)?]),
    };
    outs.push(new_tensor(cx, lse, DType::Float32)?);
    flash_rng_state(cx, &mut outs)?;
    outs.push(debug_mask(
        cx, debug, batch, heads, batch_q, batch_k, head_dim, q.dtype,
    )?);
    Ok(outs)
}

/// `_scaled_dot_product_efficient_attention(Tensor query, Tensor key,
/// Tensor value, Tensor? attn_bias, bool compute_log_sumexp, float
/// dropout_p=0., bool is_causal=False, *, float? scale=None)`, as
/// `meta__scaled_dot_product_efficient_attention`: the output `[batch,
/// heads, L, value head dim]` laid out `[batch, L, heads, head dim]`; the
/// float32 log-sum-exp `[batch, heads, L rounded up to 32]` (length 0
/// unless asked for); an `int64` seed and offset.
pub(crate) fn scaled_dot_product_efficient_attention(
    cx: &mut Cx<'_>,
    a: &[Arg<'_>],
) -> Result<Outs> {
    let q = args::tensor(cx, a, 0, "query")?;
    let k = args::tensor(cx, a, 1, "key")?;
    let v = args::tensor(cx, a, 2, "value")?;
    let lse_wanted = args::bool(cx, a, 4, "compute_log_sumexp", None)?;
    // The meta kernel reads the query, key and value transposed (1, 2).
    let rank = q.dim();
    let (d1, d2) = (
        shape::wrap_dim(cx.op, 1, rank)?,
        shape::wrap_dim(cx.op, 2, rank)?,
    );
    for t in [k, v] {
        shape::wrap_dim(cx.op, 1, t.dim())?;
        shape::wrap_dim(cx.op, 2, t.dim())?;
    }
    let mut qt = q.sizes.clone();
    qt.swap(d1, d2);
    let (b, m, heads) = (qt[0], qt[1], qt[shape::wrap_dim(cx.op, -2, rank)?]);
    // The value's head width is its last size once transposed (a 3-D
    // value's dim 1).
    let mut vt = v.sizes.clone();
    vt.swap(
        shape::wrap_dim(cx.op, 1, v.dim())?,
        shape::wrap_dim(cx.op, 2, v.dim())?,
    );
    let Some(&kv) = vt.last() else {
        return Err(invalid(cx, "tuple index out of range"));
    };
    let res = Dims::from_slice(&[b, m, heads, kv]);
    let packed = contiguous(cx.env, &res)?;
    let strides = swap(cx, packed, 1, 2)?;
    let sizes = swap(cx, res, 1, 2)?;
    let mut outs = super::fresh_out(cx, q, sizes, strides);
    let l = padded_lse_length(cx, m, lse_wanted)?;
    outs.push(new_tensor(
        cx,
        Dims::from_slice(&[b, heads, l]),
        DType::Float32,
    )?);
    outs.push(new_tensor(cx, Dims::new(), DType::Int64)?);
    outs.push(new_tensor(cx, Dims::new(), DType::Int64)?);
    Ok(outs)
}

/// `_efficient_attention_forward(Tensor query, Tensor key, Tensor value,
/// Tensor? bias, Tensor? cu_seqlens_q, Tensor? cu_seqlens_k, SymInt?
/// max_seqlen_q, SymInt? max_seqlen_k, float dropout_p, int
/// custom_mask_type, bool compute_log_sumexp=False, *, ...)`, as
/// `meta__efficient_attention_forward`: `[batch, L, heads, head dim]`
/// inputs; a contiguous output of the value's head dim; the float32
/// log-sum-exp `[batch (the cumulative lengths' count less one), heads,
/// the query length rounded up to 32 or 0]`; an `int64` seed and offset;
/// the query and key lengths as integers (the given maxima when packed).
pub(crate) fn efficient_attention_forward(cx: &mut Cx<'_>, a: &[Arg<'_>]) -> Result<Outs> {
    let (q, k, v) = query_key_value(cx, a)?;
    let cu_q = args::opt_tensor(cx, a, 4, "cu_seqlens_q")?;
    let max_q = args::opt_size(cx, a, 6, "max_seqlen_q", None)?;
    let max_k = args::opt_size(cx, a, 7, "max_seqlen_k", None)?;
    let lse_wanted = args::bool(cx, a, 10, "compute_log_sumexp", Some(false))?;
    let b = size_at(cx, q, 0)?;
    let m = size_at(cx, q, 1)?;
    let n = size_at(cx, k, 1)?;
    let heads = size_at(cx, q, -2)?;
    let kv = size_at(cx, v, -1)?;
    let res = Dims::from_slice(&[b, m, heads, kv]);
    let strides = contiguous(cx.env, &res)?;
    let mut outs = super::fresh_out(cx, q, res, strides);
    let (lse_batch, actual_q) = match cu_q {
        None => (b, m),
        Some(c) => {
            let count = size_at(cx, c, 0)?;
            let batch = cx.env.sub(count, SymInt::Int(1))?;
            let Some(max_q) = max_q else {
                return Err(invalid(
                    cx,
                    "max_seqlen_q must not be None when cu_seqlens_q is provided",
                ));
            };
            (batch, max_q)
        }
    };
    let actual_k = max_k.unwrap_or(n);
    let l = padded_lse_length(cx, actual_q, lse_wanted)?;
    outs.push(new_tensor(
        cx,
        Dims::from_slice(&[lse_batch, heads, l]),
        DType::Float32,
    )?);
    outs.push(new_tensor(cx, Dims::new(), DType::Int64)?);
    outs.push(new_tensor(cx, Dims::new(), DType::Int64)?);
    outs.push(Out::Int(actual_q));
    outs.push(Out::Int(actual_k));
    Ok(outs)
}

/// The results of the cuDNN and overrideable backends after the output:
/// a float32 log-sum-exp of sizes `lse`, no cumulative lengths, the two
/// lengths as integers, an `int64` seed and offset (made on the meta
/// device, reported on the call's) and no debug mask.
fn long_rng_rest(
    cx: &mut Cx<'_>,
    outs: &mut Outs,
    lse: Dims,
    max_q: SymInt,
    max_k: SymInt,
) -> Result<()> {
    outs.push(new_tensor(cx, lse, DType::Float32)?);
    outs.push(Out::None);
    outs.push(Out::None);
    outs.push(Out::Int(max_q));
    outs.push(Out::Int(max_k));
    outs.push(new_tensor(cx, Dims::new(), DType::Int64)?);
    outs.push(new_tensor(cx, Dims::new(), DType::Int64)?);
    outs.push(Out::None);
    Ok(())
}

/// `_scaled_dot_product_cudnn_attention(Tensor query, Tensor key, Tensor
/// value, Tensor? attn_bias, bool compute_log_sumexp, float dropout_p=0.,
/// bool is_causal=False, bool return_debug_mask=False, *, float?
/// scale=None)`, as `meta__scaled_dot_product_cudnn_attention`:
/// `[batch, heads, L, head dim]` inputs; the output `[batch, heads, query
/// length, value head dim]` laid out as the query, a float32 log-sum-exp
/// `[batch, heads, query length, 1]`, no cumulative lengths, the two
/// lengths as integers, the random state and no debug mask.
pub(crate) fn scaled_dot_product_cudnn_attention(cx: &mut Cx<'_>, a: &[Arg<'_>]) -> Result<Outs> {
    let (q, k, v) = query_key_value(cx, a)?;
    let batch = size_at(cx, q, 0)?;
    let heads = size_at(cx, q, 1)?;
    let max_q = size_at(cx, q, 2)?;
    let max_k = size_at(cx, k, 2)?;
    let out_shape = Dims::from_slice(&[batch, heads, max_q, size_at(cx, v, -1)?]);
    let strides = matching_layout(cx, q, &out_shape)?;
    let mut outs = super::fresh_out(cx, q, out_shape, strides);
    let lse = Dims::from_slice(&[batch, heads, max_q, SymInt::Int(1)]);
    long_rng_rest(cx, &mut outs, lse, max_q, max_k)?;
    Ok(outs)
}

/// `_scaled_dot_product_fused_attention_overrideable(Tensor query, Tensor
/// key, Tensor value, Tensor? attn_bias=None, float dropout_p=0., bool
/// is_causal=False, bool return_debug_mask=False, *, float? scale=None)`,
/// as its meta: a 4-D (`[batch, heads, L, head dim]`) or 3-D (`[heads, L,
/// head dim]`, one batch) query, the key and value lengths equal, a bias
/// whose last size is the key length or 1; the output the query's sizes
/// but the value's head dim, laid out as the query, a float32 log-sum-exp
/// `[batch, heads, query length]`, the rest as the cuDNN backend's.
pub(crate) fn scaled_dot_product_fused_attention_overrideable(
    cx: &mut Cx<'_>,
    a: &[Arg<'_>],
) -> Result<Outs> {
    let (q, k, v) = query_key_value(cx, a)?;
    let bias = args::opt_tensor(cx, a, 3, "attn_bias")?;
    let (batch, heads, max_q) = match q.dim() {
        4 => (q.sizes[0], q.sizes[1], q.sizes[2]),
        3 => (SymInt::Int(1), q.sizes[0], q.sizes[1]),
        _ => return Err(invalid(cx, "query must be 3D or 4D")),
    };
    let max_k = size_at(cx, k, -2)?;
    let value_len = size_at(cx, v, -2)?;
    let same = cx.env.eq(max_k, value_len)?;
    let (k_len, v_len) = (cx.env.display(max_k), cx.env.display(value_len));
    shape::check(cx.env, same, cx.op, &|| {
        format!("key sequence length ({k_len}) must match value sequence length ({v_len})")
    })?;
    if let Some(b) = bias {
        let last = size_at(cx, b, -1)?;
        let not_one = cx.env.ne(last, SymInt::Int(1))?;
        if cx.env.guard_bool(not_one, cx.op)? {
            let fits = cx.env.eq(last, max_k)?;
            let b_len = cx.env.display(last);
            shape::check(cx.env, fits, cx.op, &|| {
                format!(
                    "attn_bias last dimension must match S_KV ({k_len}) or be 1 for broadcasting, but got {b_len}"
                )
            })?;
        }
    }
    let mut out_shape = q.sizes.clone();
    let last = out_shape.len() - 1;
    out_shape[last] = size_at(cx, v, -1)?;
    let strides = matching_layout(cx, q, &out_shape)?;
    let mut outs = super::fresh_out(cx, q, out_shape, strides);
    let lse = Dims::from_slice(&[batch, heads, max_q]);
    long_rng_rest(cx, &mut outs, lse, max_q, max_k)?;
    Ok(outs)
}

/// `_scaled_dot_product_attention_math_for_mps(Tensor query, Tensor key,
/// Tensor value, Tensor? attn_mask=None, float dropout_p=0., bool
/// is_causal=False, Tensor? dropout_mask=None, *, float? scale=None, bool
/// enable_gqa=False) -> (Tensor, Tensor)`, as
/// `meta__scaled_dot_product_attention_math_for_mps` (its general path):
/// the batch dims (all but the last three) of the three inputs broadcast,
/// the query expanded to them, each input made 4-D (a 3-D one unsqueezed,
/// the batch dims of a longer one flattened); the output `[batch, heads,
/// query length, value width]` and the attention `[batch, heads, query
/// length, value length]`, new and contiguous in the query's dtype, given
/// back the expanded query's batch dims. Nothing else is checked: the
/// mask, the dropout and the key's sizes are not read.
pub(crate) fn scaled_dot_product_attention_math_for_mps(
    cx: &mut Cx<'_>,
    a: &[Arg<'_>],
) -> Result<Outs> {
    let (q, k, v) = query_key_value(cx, a)?;
    let batch_dims = |t: &TensorMeta| t.dim().saturating_sub(3);
    let batches = [
        &q.sizes[..batch_dims(q)],
        &k.sizes[..batch_dims(k)],
        &v.sizes[..batch_dims(v)],
    ];
    let batch_shape = broadcast_batches(cx, &batches)?;
    // `query.expand(*batch_shape, *query.shape[-3:])`.
    let mut query = batch_shape;
    query.extend_from_slice(&q.sizes[batch_dims(q)..]);
    refuse_plain_expand_call(cx, &q.sizes, &query, false)?;
    let (q4, unsqueezed) = ensure_4d(cx, &query)?;
    let (v4, _) = ensure_4d(cx, &v.sizes)?;
    let [batch, heads, q_len, _] = unpack_4(cx, &q4)?;
    let [_, _, kv_len, v_width] = unpack_4(cx, &v4)?;
    let mut outs = Outs::new();
    for last in [v_width, kv_len] {
        // A 3-D query's result squeezed back (dim 0 is 1), a longer
        // one's viewed as its batch dims.
        let sizes: Dims = match (unsqueezed, query.len()) {
            (false, _) => Dims::from_slice(&[batch, heads, q_len, last]),
            (true, n) => query[..n.saturating_sub(3)]
                .iter()
                .copied()
                .chain([heads, q_len, last])
                .collect(),
        };
        let strides = contiguous(cx.env, &sizes)?;
        outs.push(Out::Tensor(
            super::fresh(cx, q, sizes, strides),
            Alias::Fresh,
        ));
    }
    Ok(outs)
}

/// The meta's `ensure_4d` of a tensor of `sizes`: a 3-D one unsqueezed at
/// 0, the batch dims of one of more than 4 dims flattened into one (their
/// product, as Python multiplies them from 1), others as they are; and
/// whether it changed.
fn ensure_4d(cx: &mut Cx<'_>, sizes: &[SymInt]) -> Result<(Dims, bool)> {
    let n = sizes.len();
    if n == 3 {
        let mut out = Dims::from_slice(&[SymInt::Int(1)]);
        out.extend_from_slice(sizes);
        return Ok((out, true));
    }
    if n <= 4 {
        return Ok((Dims::from_slice(sizes), false));
    }
    let mut batch = SymInt::Int(1);
    for &s in &sizes[..n - 3] {
        batch = cx.env.mul(batch, s)?;
    }
    let mut out = Dims::from_slice(&[batch]);
    out.extend_from_slice(&sizes[n - 3..]);
    Ok((out, true))
}

/// Python's `a, b, c, d = t.shape`.
fn unpack_4(cx: &Cx<'_>, sizes: &[SymInt]) -> Result<[SymInt; 4]> {
    super::unpacked(cx, 4, sizes.len())?;
    Ok([sizes[0], sizes[1], sizes[2], sizes[3]])
}

/// `torch.broadcast_shapes` of a few shapes (`torch._refs._broadcast_shapes`):
/// right-aligned from a common shape of 1s; at each dim a size equal to the
/// common one (`guard_or_false`) is passed, a common 1 takes the size, a
/// size of 1 stretches, and any other must equal the common size
/// (`torch._check`, in PyTorch's words).
fn broadcast_batches(cx: &mut Cx<'_>, shapes: &[&[SymInt]]) -> Result<Dims> {
    let one = SymInt::Int(1);
    let rank = shapes.iter().map(|s| s.len()).max().unwrap_or(0);
    let mut common: Dims = Dims::from_elem(one, rank);
    for (arg, shape) in shapes.iter().enumerate() {
        for back in 1..=shape.len() {
            let (size, at) = (shape[shape.len() - back], rank - back);
            let same = cx.env.eq(size, common[at])?;
            if cx.env.guard_or_false(same, cx.op)? {
                continue;
            }
            let common_one = cx.env.eq(common[at], one)?;
            if cx.env.guard_or_false(common_one, cx.op)? {
                common[at] = size;
            }
            let size_one = cx.env.eq(size, one)?;
            if cx.env.guard_or_false(size_one, cx.op)? || common[at] == size {
                continue;
            }
            let shown: Vec<String> = common.iter().map(|&s| cx.env.display(s)).collect();
            let message = format!(
                "Attempting to broadcast a dimension of length {} at -{back}! Mismatching argument at index {arg} had {}; but expected shape should be broadcastable to [{}]",
                cx.env.display(size),
                display_torch_size(cx.env, shape),
                shown.join(", ")
            );
            shape::check_eq(cx.env, common[at], size, cx.op, &|| message.clone())?;
        }
    }
    Ok(common)
}
