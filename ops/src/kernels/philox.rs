//! The counter-based random number operators keyed by explicit Philox
//! keys (`_philox_key_split`, `_philox_key_fold_in`, `_philox_normal`,
//! `_philox_uniform`, `_philox_randint`), as their Python metas check
//! them: a key is `[*batch, 2]` of uint64, a batched key has one more dim
//! than the output and broadcasts to it. The drawing operators' results
//! are laid out as `self` (the functional forms clone it; their in-place
//! and `out=` forms are derived).

use super::invalid;
use fake_runtime::shape::{Dims, display_torch_size};
use fake_runtime::support::{args, require_printing, sizes_equal};
use fake_runtime::{Arg, Cx, DType, Outs, Result, SymInt, TensorMeta};

/// `key.dim() >= 1 and key.shape[-1] == 2` (`batch`: the message names
/// the batched form too).
fn check_key_shape(cx: &mut Cx<'_>, op: &str, key: &TensorMeta, batch: bool) -> Result<()> {
    let pair = match key.sizes.last() {
        Some(&last) => sizes_equal(cx, last, SymInt::Int(2))?,
        None => false,
    };
    if pair {
        return Ok(());
    }
    let shape = if batch {
        "(2,) or (*batch, 2)"
    } else {
        "(*batch, 2)"
    };
    let message = format!(
        "{op}: key must have shape {shape}, got shape {}",
        display_torch_size(cx.env, &key.sizes)
    );
    Err(invalid(cx, message))
}

/// `tensor.dtype == torch.uint64`.
fn check_uint64(cx: &Cx<'_>, op: &str, name: &str, t: &TensorMeta) -> Result<()> {
    if t.dtype == DType::UInt64 {
        return Ok(());
    }
    Err(invalid(
        cx,
        format!("{op}: {name} must have dtype uint64, got torch.{}", t.dtype),
    ))
}

/// `_philox_key_split(Tensor key, int num_splits) -> Tensor`: `[num_splits,
/// *batch, 2]`.
pub(crate) fn philox_key_split(cx: &mut Cx<'_>, a: &[Arg<'_>]) -> Result<Outs> {
    const OP: &str = "_philox_key_split";
    let key = args::tensor(cx, a, 0, "key")?;
    let splits = args::int(cx, a, 1, "num_splits", None)?;
    let splits = SymInt::Int(splits);
    check_key_shape(cx, OP, key, false)?;
    check_uint64(cx, OP, "key", key)?;
    let positive = cx.env.gt(splits, SymInt::Int(0))?;
    require_printing(cx, positive, &|env| {
        format!(
            "{OP}: num_splits must be positive, got {}",
            env.display(splits)
        )
    })?;
    let mut sizes = Dims::new();
    sizes.push(splits);
    sizes.extend_from_slice(&key.sizes[..key.dim() - 1]);
    sizes.push(SymInt::Int(2));
    let out = super::new_tensor(cx, &sizes, key.dtype, key.device)?;
    Ok(std::iter::once(out).collect())
}

/// `_philox_key_fold_in(Tensor key, int data) -> Tensor` and its `Tensor`
/// overload (`data` a one-element uint64 tensor): a key like `key`.
pub(crate) fn philox_key_fold_in(cx: &mut Cx<'_>, a: &[Arg<'_>]) -> Result<Outs> {
    const OP: &str = "_philox_key_fold_in";
    let key = args::tensor(cx, a, 0, "key")?;
    check_key_shape(cx, OP, key, false)?;
    check_uint64(cx, OP, "key", key)?;
    if let Some(Arg::Tensor(data)) = a.get(1) {
        check_uint64(cx, OP, "data", data)?;
        let count = data.numel(cx.env)?;
        let single = cx.env.eq(count, SymInt::Int(1))?;
        require_printing(cx, single, &|env| {
            format!(
                "{OP}: data must be a single value, got {} elements",
                env.display(count)
            )
        })?;
    }
    let strides = crate::intrinsics::empty_like_strides(cx, key, None)?;
    Ok(super::fresh_out(cx, key, key.sizes.clone(), strides))
}

/// `_check_philox_gen_args`: the key's dtype, device and shape; a batched
/// key one dim longer than `self`, each of its batch sizes 1 or `self`'s.
fn check_gen_args(cx: &mut Cx<'_>, op: &str, t: &TensorMeta, key: &TensorMeta) -> Result<()> {
    check_uint64(cx, op, "key", key)?;
    if t.device != key.device {
        return Err(invalid(
            cx,
            format!(
                "{op}: self and key must be on the same device, got {} and {}",
                t.device, key.device
            ),
        ));
    }
    check_key_shape(cx, op, key, true)?;
    if key.dim() <= 1 {
        return Ok(());
    }
    if key.dim() != t.dim() + 1 {
        let message = format!(
            "{op}: batched key must have ndim == output ndim + 1, got key shape {} with output shape {}",
            display_torch_size(cx.env, &key.sizes),
            display_torch_size(cx.env, &t.sizes)
        );
        return Err(invalid(cx, message));
    }
    // `all(ks == 1 or ks == ss ...)`: each comparison a guard, in order.
    for (&k, &s) in key.sizes.iter().zip(&t.sizes) {
        if sizes_equal(cx, k, SymInt::Int(1))? {
            continue;
        }
        if !sizes_equal(cx, k, s)? {
            let batch: Vec<String> = key.sizes[..t.dim()]
                .iter()
                .map(|&v| cx.env.display(v))
                .collect();
            let message = format!(
                "{op}: key batch shape [{}] is not broadcastable with output shape {}",
                batch.join(", "),
                display_torch_size(cx.env, &t.sizes)
            );
            return Err(invalid(cx, message));
        }
    }
    Ok(())
}

/// A clone of `self` (`empty_like`, preserving its layout): the
/// functional forms' result.
fn cloned(cx: &mut Cx<'_>, t: &TensorMeta) -> Result<Outs> {
    let strides = crate::intrinsics::preserve_strides(cx, t, None)?;
    Ok(super::fresh_out(cx, t, t.sizes.clone(), strides))
}

/// `_philox_normal(Tensor self, Tensor key, float mean=0., float std=1.)
/// -> Tensor`.
pub(crate) fn philox_normal(cx: &mut Cx<'_>, a: &[Arg<'_>]) -> Result<Outs> {
    floating(cx, a, "_philox_normal_")
}

/// `_philox_uniform(Tensor self, Tensor key, float low=0., float high=1.)
/// -> Tensor`.
pub(crate) fn philox_uniform(cx: &mut Cx<'_>, a: &[Arg<'_>]) -> Result<Outs> {
    floating(cx, a, "_philox_uniform_")
}

/// `_check_philox_distribution_args` (named as the in-place meta that
/// checks them): a floating `self`, then the key.
fn floating(cx: &mut Cx<'_>, a: &[Arg<'_>], op: &str) -> Result<Outs> {
    let t = args::tensor(cx, a, 0, "self")?;
    let key = args::tensor(cx, a, 1, "key")?;
    if !t.dtype.is_floating_point() {
        return Err(invalid(
            cx,
            format!(
                "{op}: self must be a floating point tensor, got torch.{}",
                t.dtype
            ),
        ));
    }
    check_gen_args(cx, op, t, key)?;
    cloned(cx, t)
}

/// `_philox_randint(Tensor self, Tensor key, int? low=None, int? high=None)`:
/// an integral `self`; a 32-bit one's range must divide 2**32 or be
/// below 2**28.
pub(crate) fn philox_randint(cx: &mut Cx<'_>, a: &[Arg<'_>]) -> Result<Outs> {
    const OP: &str = "_philox_randint_";
    let t = args::tensor(cx, a, 0, "self")?;
    let key = args::tensor(cx, a, 1, "key")?;
    let low = args::opt_int(cx, a, 2, "low", None)?;
    let high = args::opt_int(cx, a, 3, "high", None)?;
    if !t.dtype.is_integral(false) {
        return Err(invalid(
            cx,
            format!(
                "{OP}: self must have an integer dtype, got torch.{}",
                t.dtype
            ),
        ));
    }
    if t.dtype.itemsize() == 4 && (low.is_some() || high.is_some()) {
        let signed = t.dtype == DType::Int32;
        let dtype_low: i128 = if signed { -(1 << 31) } else { 0 };
        let lo = low.map_or(dtype_low, i128::from);
        let hi = high.map_or(dtype_low + (1 << 32), i128::from);
        let range = (hi - lo).rem_euclid(1 << 32);
        let fine = range == 0 || (1i128 << 32) % range == 0 || range < (1 << 28);
        if !fine {
            return Err(invalid(
                cx,
                format!(
                    "{OP}: range (high - low = {range}) does not divide 2^32 evenly and is too large for the output dtype torch.{}. Each element draws only 32 random bits, so a non-dividing range >= 2^28 gives a significantly biased distribution. Use a range that divides 2^32 (a power of two), or a 64-bit dtype (torch.int64 or torch.uint64).",
                    t.dtype
                ),
            ));
        }
    }
    check_gen_args(cx, OP, t, key)?;
    cloned(cx, t)
}
