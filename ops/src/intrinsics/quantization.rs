//! Quantization intrinsics: the value bounds of the dtypes the
//! `quantized_decomposed::` operators quantize to (their
//! `_DTYPE_TO_QVALUE_BOUNDS`: the integer dtypes' `iinfo` and the 8-bit
//! floats' `finfo`, as integers).

use super::*;

/// The bounds of a quantized dtype, `None` for a dtype that has none.
fn bounds(d: DType) -> Option<(i64, i64)> {
    Some(match d {
        DType::UInt8 => (0, 255),
        DType::Int8 => (-128, 127),
        DType::UInt16 => (0, 65535),
        DType::Int16 => (-32768, 32767),
        DType::Int32 => (i64::from(i32::MIN), i64::from(i32::MAX)),
        DType::Float8E5M2 => (-57344, 57344),
        DType::Float8E4M3Fn => (-448, 448),
        _ => return None,
    })
}

/// `has_qvalue_bounds(d)`: whether values can be quantized to `d`.
pub fn has_qvalue_bounds(_cx: &mut Cx<'_>, d: DType) -> Result<bool> {
    Ok(bounds(d).is_some())
}

/// `qvalue_lower(d)`: the least value `d` holds (0 for a dtype without
/// bounds).
pub fn qvalue_lower(_cx: &mut Cx<'_>, d: DType) -> Result<i64> {
    Ok(bounds(d).map_or(0, |(lower, _)| lower))
}

/// `qvalue_upper(d)`: the greatest value `d` holds (0 for a dtype without
/// bounds).
pub fn qvalue_upper(_cx: &mut Cx<'_>, d: DType) -> Result<i64> {
    Ok(bounds(d).map_or(0, |(_, upper)| upper))
}

/// `per_token_qparams_shape(s)`: the sizes of per-token scales and zero
/// points, every dim of `s` but the last, then 1 (`input.shape[:-1] +
/// [1]`: `[1]` for a zero-dim input).
pub fn per_token_qparams_shape(_cx: &mut Cx<'_>, s: Dims) -> Result<Dims> {
    let mut out = Dims::from_slice(&s[..s.len().saturating_sub(1)]);
    out.push(SymInt::Int(1));
    Ok(out)
}

/// `channel_group(group_size, last, scales)`: the group width
/// `quantize_per_channel_group` uses along a last dim of size `last`:
/// the whole dim when `group_size` is wider and there is one scale per
/// row (`scales.shape[-1] == 1`), else `group_size`; each comparison a
/// Python `if`.
pub fn channel_group(
    cx: &mut Cx<'_>,
    group_size: i64,
    last: SymInt,
    scales: &TensorMeta,
) -> Result<SymInt> {
    let wider = cx.env.gt(SymInt::Int(group_size), last)?;
    if cx.env.guard_bool(wider, cx.op)? {
        let Some(&per_row) = scales.sizes.last() else {
            return Err(invalid(cx, "tuple index out of range".to_string()));
        };
        let one = cx.env.eq(per_row, SymInt::Int(1))?;
        if cx.env.guard_bool(one, cx.op)? {
            return Ok(last);
        }
    }
    Ok(SymInt::Int(group_size))
}

/// `c10_name(d)`: the name ATen's dispatch macros print for `d` (`Long`,
/// `Bool`) in their "not implemented for" refusals.
pub fn c10_name(_cx: &mut Cx<'_>, d: DType) -> Result<&'static str> {
    Ok(d.c10_name())
}
