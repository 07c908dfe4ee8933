//! `_scaled_dot_product_attention_math`: ATen's composite, the naive
//! attention `scaled_dot_product_attention` runs when no fused backend
//! takes its inputs, replayed step by step on the fake tensors (each step
//! the kernel of the operator it calls, so its layouts, refusals and
//! guards are theirs). Half-precision inputs are computed in `float32`;
//! the query is scaled by the square root of the scale (`1 / sqrt(E)` by
//! default) and the transposed key by it again; a causal mask is a
//! `[L, S]` additive mask; a given mask is added out of place (fake
//! tensors are subclass-like, so ATen's in-place `add_` is not taken,
//! and the sum broadcasts); `_safe_softmax` over the last dim, dropout,
//! then the product with the value. Both results are converted back to
//! the query's dtype.

use super::loss_steps::{binary, call, float, to, unary, with_number};
use crate::erased as k;
use fake_runtime::support::{args, require};
use fake_runtime::{Alias, Arg, Cx, DType, Out, Outs, Result, SymBool, SymInt, TensorMeta};

/// An `int` dim argument.
fn dim<'a>(d: i64) -> Arg<'a> {
    Arg::Int(SymInt::Int(d))
}

/// `t.to(float32)` of a half-precision input (the accumulation dtype of
/// the math path), else `t`.
fn accumulated(cx: &mut Cx<'_>, t: &TensorMeta) -> Result<TensorMeta> {
    if matches!(t.dtype, DType::Float16 | DType::BFloat16) {
        to(cx, t, DType::Float32)
    } else {
        Ok(t.clone())
    }
}

/// `sqrt(scale)`, `scale` given or `1 / sqrt(E)`: the factor multiplies
/// tensors only, so a symbolic `E` is taken at its hint (the layouts do
/// not depend on the value).
fn scaling_factor(cx: &mut Cx<'_>, query: &TensorMeta, scale: Option<f64>) -> Result<f64> {
    let softmax_scale = match scale {
        Some(s) => s.abs(),
        None => {
            let e = super::attention::size_at(cx, query, -1)?;
            let e = match e {
                SymInt::Int(v) => v,
                SymInt::Expr(_) => cx.env.size_hint(e)?.unwrap_or(1),
            };
            1.0 / (e as f64).sqrt()
        }
    };
    Ok(softmax_scale.sqrt())
}

/// `pre_process_group_query_attention_input` with grouped-query attention
/// enabled, as the math path calls it: the key and value themselves when
/// the three head counts (dim -3) are equal (one guard on the
/// conjunction), else, both counts dividing the query's (one guard), the
/// key and the value each `repeat_interleave`d along dim -3 to the
/// query's head count; inputs of fewer than three dims as they are.
fn grouped_inputs(
    cx: &mut Cx<'_>,
    q: &TensorMeta,
    k: &TensorMeta,
    v: &TensorMeta,
) -> Result<(TensorMeta, TensorMeta)> {
    let [hq, hk, hv] = super::attention::head_counts(cx, [&q.sizes, &k.sizes, &v.sizes])?;
    let qk = cx.env.eq(hq, hk)?;
    let kv = cx.env.eq(hk, hv)?;
    let all_equal = cx.env.and(qk, kv)?;
    if cx.env.guard_bool(all_equal, cx.op)? {
        return Ok((k.clone(), v.clone()));
    }
    let mut divides = SymBool::Bool(true);
    for h in [hk, hv] {
        let r = cx.env.modulo(hq, h)?;
        let zero = cx.env.eq(r, SymInt::Int(0))?;
        divides = cx.env.and(divides, zero)?;
    }
    require(
        cx,
        divides,
        "Number of heads in key and value must divide the number of heads in query",
    )?;
    let repeated = |cx: &mut Cx<'_>, t: &TensorMeta, heads: SymInt| {
        let times = cx.env.floordiv(hq, heads)?;
        call(
            cx,
            k::repeat_interleave_self_int,
            &[
                Arg::Tensor(t),
                Arg::Int(times),
                Arg::Int(SymInt::Int(-3)),
                Arg::None,
            ],
        )
    };
    Ok((repeated(cx, k, hk)?, repeated(cx, v, hv)?))
}

/// `_scaled_dot_product_attention_math(Tensor query, Tensor key, Tensor
/// value, Tensor? attn_mask=None, float dropout_p=0., bool
/// is_causal=False, Tensor? dropout_mask=None, *, float? scale=None, bool
/// enable_gqa=False) -> (Tensor, Tensor)`.
pub(crate) fn scaled_dot_product_attention_math(cx: &mut Cx<'_>, a: &[Arg<'_>]) -> Result<Outs> {
    let q = args::tensor(cx, a, 0, "query")?;
    let key = args::tensor(cx, a, 1, "key")?;
    let value = args::tensor(cx, a, 2, "value")?;
    let mask = args::opt_tensor(cx, a, 3, "attn_mask")?;
    let dropout_p = args::float(cx, a, 4, "dropout_p", Some(0.0))?;
    let is_causal = args::bool(cx, a, 5, "is_causal", Some(false))?;
    let dropout_mask = args::opt_tensor(cx, a, 6, "dropout_mask")?;
    let scale = args::opt_float(cx, a, 7, "scale", None)?;
    let enable_gqa = args::bool(cx, a, 8, "enable_gqa", Some(false))?;
    let origin = q.dtype;
    let query_acc = accumulated(cx, q)?;
    let key_acc = accumulated(cx, key)?;
    let value_acc = accumulated(cx, value)?;
    let factor = scaling_factor(cx, &query_acc, scale)?;
    let negative = scale.is_some_and(|s| s < 0.0);
    let signed = if negative { 0.0 - factor } else { factor };
    let query = with_number(cx, k::mul_scalar, &query_acc, float(signed))?;
    let mut attn_mask = mask.cloned();
    if is_causal {
        if attn_mask.is_some() {
            return Err(super::invalid(
                cx,
                "_scaled_dot_product_attention: Explicit attn_mask should not be set when is_causal=True",
            ));
        }
        // `ones([L, S], bool).tril()`, made additive in the query's
        // dtype: a new contiguous `[L, S]`.
        let l = super::attention::size_at(cx, &query, -2)?;
        let s = super::attention::size_at(cx, &key_acc, -2)?;
        attn_mask = Some(TensorMeta::contiguous(
            cx.env,
            &[l, s],
            query.dtype,
            query.device,
        )?);
    }
    let (key_expanded, value_expanded) = if enable_gqa {
        grouped_inputs(cx, &query, &key_acc, &value_acc)?
    } else {
        (key_acc, value_acc)
    };
    let key_t = call(
        cx,
        k::transpose_int,
        &[Arg::Tensor(&key_expanded), dim(-2), dim(-1)],
    )?;
    let key_scaled = with_number(cx, k::mul_scalar, &key_t, float(factor))?;
    let mut attn = binary(cx, k::matmul, &query, &key_scaled)?;
    if let Some(m) = &attn_mask {
        attn = binary(cx, k::add_tensor, &attn, m)?;
    }
    let softmaxed = call(
        cx,
        k::_safe_softmax,
        &[Arg::Tensor(&attn), dim(-1), Arg::None],
    )?;
    attn = softmaxed;
    let mut value_used = value_expanded;
    if dropout_p > 0.0 {
        match dropout_mask {
            Some(keep) => {
                let dropped = unary(cx, k::logical_not, keep)?;
                let filled = call(
                    cx,
                    k::masked_fill_scalar,
                    &[Arg::Tensor(&attn), Arg::Tensor(&dropped), float(0.0)],
                )?;
                attn = filled;
                let scaling = 1.0 / (1.0 - dropout_p);
                value_used = with_number(cx, k::mul_scalar, &value_used, float(scaling))?;
            }
            None => {
                let dropped = call(
                    cx,
                    super::dropout,
                    &[Arg::Tensor(&attn), Arg::Float(dropout_p), Arg::Bool(true)],
                )?;
                attn = dropped;
            }
        }
    }
    let out = binary(cx, k::matmul, &attn, &value_used)?;
    let out = to(cx, &out, origin)?;
    let attn = to(cx, &attn, origin)?;
    let mut outs = Outs::new();
    outs.push(Out::Tensor(out, Alias::Fresh));
    outs.push(Out::Tensor(attn, Alias::Fresh));
    Ok(outs)
}
