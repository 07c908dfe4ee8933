//! ATen's metadata queries (`size.int`, `numel`, `is_signed`,
//! `get_device`, ...) as the fake tensor's C++ accessors answer them:
//! plain values, a symbolic size read as an integer guarded to its hint,
//! or refused where the accessor takes no symbolic sizes.

use super::*;

/// `plain_layout(t)`: whether `t`'s sizes, strides and offset are plain
/// integers (ATen's `numel()` and `storage_offset()` refuse a tensor of
/// symbolic ones: "Cannot call numel() on tensor with symbolic
/// sizes/strides").
pub fn plain_layout(_cx: &mut Cx<'_>, t: &TensorMeta) -> Result<bool> {
    Ok(t.sizes
        .iter()
        .chain(&t.strides)
        .chain(std::iter::once(&t.storage_offset))
        .all(|v| v.is_static()))
}

/// `is_signed(d)`: c10's `isSignedType`: false for `bool`, the unsigned
/// integers and `float8_e8m0fnu` (an exponent alone), true for the rest.
pub fn is_signed(_cx: &mut Cx<'_>, d: DType) -> Result<bool> {
    Ok(d.is_signed())
}

/// `device_index(t)`: `Tensor::get_device()`: the index of `t`'s device,
/// -1 for a device without one (the CPU).
pub fn device_index(_cx: &mut Cx<'_>, t: &TensorMeta) -> Result<i64> {
    Ok(t.device.index.map_or(-1, i64::from))
}
