//! `to.dtype`, `to.dtype_layout`, `to.device`, `to.other` and `type_as`: `self` itself
//! when nothing changes (`Alias::Same`, as PyTorch returns the same
//! tensor), else a copy as `_to_copy` makes it. Which one depends on the arguments' values, so no
//! rule (whose aliasing is fixed by the schema) can say it.

use crate::intrinsics::preserve_strides;
use fake_runtime::support::args;
use fake_runtime::{
    Alias, Arg, Cx, DType, Device, MemoryFormat, Out, Outs, Result, SymInt, TensorMeta,
};

/// The result of converting `t`.
fn convert(
    cx: &mut Cx<'_>,
    t: &TensorMeta,
    dtype: Option<DType>,
    device: Option<Device>,
    copy: bool,
    memory_format: Option<MemoryFormat>,
) -> Result<Outs> {
    let dtype = dtype.unwrap_or(t.dtype);
    let device = device.unwrap_or(t.device);
    // ATen's `to_will_alias`: no format asked, or the one `self` suggests.
    let same_format = match memory_format {
        None | Some(MemoryFormat::Preserve) => true,
        Some(f) => crate::intrinsics::suggest_format(cx, t, None)? == f,
    };
    let mut outs = Outs::new();
    if !copy && dtype == t.dtype && device == t.device && same_format {
        outs.push(Out::Tensor(t.clone(), Alias::Same(0)));
        return Ok(outs);
    }
    let strides = preserve_strides(cx, t, memory_format)?;
    outs.push(Out::Tensor(
        TensorMeta {
            sizes: t.sizes.clone(),
            strides,
            storage_offset: SymInt::Int(0),
            dtype,
            device,
            layout: t.layout,
            requires_grad: false,
            wrapped_number: false,
        },
        Alias::Fresh,
    ));
    Ok(outs)
}

/// `to.dtype(Tensor(a) self, ScalarType dtype, bool non_blocking=False,
/// bool copy=False, MemoryFormat? memory_format=None)`.
pub(crate) fn to_dtype(cx: &mut Cx<'_>, a: &[Arg<'_>]) -> Result<Outs> {
    let t = args::tensor(cx, a, 0, "self")?;
    let dtype = args::opt_dtype(cx, a, 1, "dtype", None)?;
    let dtype = args::required(cx, 1, "dtype", dtype)?;
    let copy = args::bool(cx, a, 3, "copy", Some(false))?;
    let mf = args::opt_memory_format(cx, a, 4, "memory_format", None)?;
    convert(cx, t, Some(dtype), None, copy, mf)
}

/// `to.dtype_layout(Tensor(a) self, *, ScalarType? dtype=None, Layout?
/// layout=None, Device? device=None, bool? pin_memory=None, bool
/// non_blocking=False, bool copy=False, MemoryFormat? memory_format=None)`.
pub(crate) fn to_dtype_layout(cx: &mut Cx<'_>, a: &[Arg<'_>]) -> Result<Outs> {
    let t = args::tensor(cx, a, 0, "self")?;
    let dtype = args::opt_dtype(cx, a, 1, "dtype", None)?;
    let device = args::opt_device(cx, a, 3, "device", None)?;
    let copy = args::bool(cx, a, 6, "copy", Some(false))?;
    let mf = args::opt_memory_format(cx, a, 7, "memory_format", None)?;
    convert(cx, t, dtype, device, copy, mf)
}

/// `to.device(Tensor(a) self, Device device, ScalarType dtype, bool
/// non_blocking=False, bool copy=False, MemoryFormat? memory_format=None)`.
pub(crate) fn to_device(cx: &mut Cx<'_>, a: &[Arg<'_>]) -> Result<Outs> {
    let t = args::tensor(cx, a, 0, "self")?;
    let device = args::opt_device(cx, a, 1, "device", None)?;
    let device = args::required(cx, 1, "device", device)?;
    let dtype = args::opt_dtype(cx, a, 2, "dtype", None)?;
    let dtype = args::required(cx, 2, "dtype", dtype)?;
    let copy = args::bool(cx, a, 4, "copy", Some(false))?;
    let mf = args::opt_memory_format(cx, a, 5, "memory_format", None)?;
    convert(cx, t, Some(dtype), Some(device), copy, mf)
}

/// `type_as(Tensor self, Tensor other)`: `self.to(other.options())`,
/// `self` itself when dtype and device already agree.
pub(crate) fn type_as(cx: &mut Cx<'_>, a: &[Arg<'_>]) -> Result<Outs> {
    let t = args::tensor(cx, a, 0, "self")?;
    let other = args::tensor(cx, a, 1, "other")?;
    convert(cx, t, Some(other.dtype), Some(other.device), false, None)
}

/// `to.other(Tensor(a) self, Tensor other, bool non_blocking=False, bool
/// copy=False, MemoryFormat? memory_format=None)`: to `other`'s dtype and
/// device.
pub(crate) fn to_other(cx: &mut Cx<'_>, a: &[Arg<'_>]) -> Result<Outs> {
    let t = args::tensor(cx, a, 0, "self")?;
    let other = args::tensor(cx, a, 1, "other")?;
    let copy = args::bool(cx, a, 3, "copy", Some(false))?;
    let mf = args::opt_memory_format(cx, a, 4, "memory_format", None)?;
    convert(cx, t, Some(other.dtype), Some(other.device), copy, mf)
}
