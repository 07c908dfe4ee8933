//! `_to_copy`, `to.dtype`, `to.dtype_layout`, `to.device`, `to.other`,
//! `type_as`, the legacy `_cast_*` and the JIT autocast helpers: `self` itself
//! when nothing changes (`Alias::Same`, as PyTorch returns the same
//! tensor), else a copy as `_to_copy` makes it. Which one depends on the arguments' values, so no
//! rule (whose aliasing is fixed by the schema) can say it.

use crate::intrinsics::{clone_strides, preserve_strides};
use fake_runtime::support::args;
use fake_runtime::{
    Alias, Arg, Cx, DType, Device, DeviceType, MemoryFormat, Out, Outs, Result, SymInt, TensorMeta,
};

/// The result of converting `t` (ATen's `to_impl`): `t` itself when
/// nothing changes, else `_to_copy` with the arguments as given.
fn convert(
    cx: &mut Cx<'_>,
    t: &TensorMeta,
    dtype: Option<DType>,
    device: Option<Device>,
    copy: bool,
    memory_format: Option<MemoryFormat>,
    pinned: bool,
) -> Result<Outs> {
    // ATen's `to_will_alias`: no format asked, or the one `self` suggests.
    let same_format = match memory_format {
        None | Some(MemoryFormat::Preserve) => true,
        Some(f) => crate::intrinsics::suggest_format(cx, t, None)? == f,
    };
    if !copy
        && dtype.is_none_or(|d| d == t.dtype)
        && device.is_none_or(|d| d == t.device)
        && same_format
    {
        let mut outs = Outs::new();
        outs.push(Out::Tensor(t.clone(), Alias::Same(0)));
        return Ok(outs);
    }
    copied(cx, t, dtype, device, memory_format, pinned)
}

/// `_to_copy` as its decomposition (the fake mode's meta kernel) makes
/// it. With only a `device`: `self` itself when it is `self`'s, else
/// `self` moved as it is (`prims.device_put`: the same strides, whatever
/// they are). With nothing asked, `self.clone()` ([`clone_strides`]).
/// Otherwise `convert_element_type` keeps dense strides
/// ([`preserve_strides`]), then a memory format asked is a `clone` in it.
/// The decomposition asserts that no pinned memory (`pinned`) is asked
/// first.
fn copied(
    cx: &mut Cx<'_>,
    t: &TensorMeta,
    dtype: Option<DType>,
    device: Option<Device>,
    memory_format: Option<MemoryFormat>,
    pinned: bool,
) -> Result<Outs> {
    if pinned {
        return Err(super::invalid(
            cx,
            "pin_memory=True is not supported in _to_copy decomposition",
        ));
    }
    let mut outs = Outs::new();
    let moved_only = dtype.is_none() && memory_format.is_none();
    if moved_only && device == Some(t.device) {
        outs.push(Out::Tensor(t.clone(), Alias::Same(0)));
        return Ok(outs);
    }
    let strides = match device {
        Some(_) if moved_only => t.strides.clone(),
        // Nothing asked: `x.clone()`.
        None if dtype.is_none() && memory_format.is_none() => clone_strides(cx, t, None)?,
        _ => {
            // `prims.convert_element_type` keeps dense strides
            // (`device_put` any), then `clone` lays out a format asked.
            let strides = match dtype {
                Some(_) => preserve_strides(cx, t, None)?,
                None => t.strides.clone(),
            };
            match memory_format {
                Some(format) => {
                    let converted = TensorMeta {
                        strides,
                        ..t.clone()
                    };
                    clone_strides(cx, &converted, Some(format))?
                }
                None => strides,
            }
        }
    };
    outs.push(Out::Tensor(
        TensorMeta {
            sizes: t.sizes.clone(),
            strides,
            storage_offset: SymInt::Int(0),
            dtype: dtype.unwrap_or(t.dtype),
            device: device.unwrap_or(t.device),
            layout: t.layout,
            requires_grad: false,
            wrapped_number: false,
        },
        Alias::Fresh,
    ));
    Ok(outs)
}

/// `_to_copy(Tensor self, *, ScalarType? dtype=None, Layout? layout=None,
/// Device? device=None, bool? pin_memory=None, bool non_blocking=False,
/// MemoryFormat? memory_format=None)`.
pub(crate) fn to_copy(cx: &mut Cx<'_>, a: &[Arg<'_>]) -> Result<Outs> {
    let t = args::tensor(cx, a, 0, "self")?;
    let dtype = args::opt_dtype(cx, a, 1, "dtype", None)?;
    let device = args::opt_device(cx, a, 3, "device", None)?;
    let pinned = args::opt_bool(cx, a, 4, "pin_memory", None)?.unwrap_or(false);
    let mf = args::opt_memory_format(cx, a, 6, "memory_format", None)?;
    copied(cx, t, dtype, device, mf, pinned)
}

/// `to.dtype(Tensor(a) self, ScalarType dtype, bool non_blocking=False,
/// bool copy=False, MemoryFormat? memory_format=None)`.
pub(crate) fn to_dtype(cx: &mut Cx<'_>, a: &[Arg<'_>]) -> Result<Outs> {
    let t = args::tensor(cx, a, 0, "self")?;
    let dtype = args::opt_dtype(cx, a, 1, "dtype", None)?;
    let dtype = args::required(cx, 1, "dtype", dtype)?;
    let copy = args::bool(cx, a, 3, "copy", Some(false))?;
    let mf = args::opt_memory_format(cx, a, 4, "memory_format", None)?;
    convert(cx, t, Some(dtype), None, copy, mf, false)
}

/// `to.dtype_layout(Tensor(a) self, *, ScalarType? dtype=None, Layout?
/// layout=None, Device? device=None, bool? pin_memory=None, bool
/// non_blocking=False, bool copy=False, MemoryFormat? memory_format=None)`.
pub(crate) fn to_dtype_layout(cx: &mut Cx<'_>, a: &[Arg<'_>]) -> Result<Outs> {
    let t = args::tensor(cx, a, 0, "self")?;
    let dtype = args::opt_dtype(cx, a, 1, "dtype", None)?;
    let device = args::opt_device(cx, a, 3, "device", None)?;
    let pinned = args::opt_bool(cx, a, 4, "pin_memory", None)?.unwrap_or(false);
    let copy = args::bool(cx, a, 6, "copy", Some(false))?;
    let mf = args::opt_memory_format(cx, a, 7, "memory_format", None)?;
    convert(cx, t, dtype, device, copy, mf, pinned)
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
    convert(cx, t, Some(dtype), Some(device), copy, mf, false)
}

/// `t.to(dtype)` as a step of a composite: `t` itself when of `dtype`,
/// else `_to_copy` ([`convert`]).
pub(super) fn converted_to(cx: &mut Cx<'_>, t: &TensorMeta, dtype: DType) -> Result<TensorMeta> {
    super::one(convert(cx, t, Some(dtype), None, false, None, false)?, cx)
}

/// `chalf(Tensor self, *, MemoryFormat? memory_format=None)`:
/// `self.to(complex32, false, false, memory_format)`.
pub(crate) fn chalf(cx: &mut Cx<'_>, a: &[Arg<'_>]) -> Result<Outs> {
    let t = args::tensor(cx, a, 0, "self")?;
    let mf = args::opt_memory_format(cx, a, 1, "memory_format", None)?;
    convert(cx, t, Some(DType::Complex32), None, false, mf, false)
}

/// `type_as(Tensor self, Tensor other)`: `self.to(other.options())`,
/// `self` itself when dtype and device already agree.
pub(crate) fn type_as(cx: &mut Cx<'_>, a: &[Arg<'_>]) -> Result<Outs> {
    let t = args::tensor(cx, a, 0, "self")?;
    let other = args::tensor(cx, a, 1, "other")?;
    convert(
        cx,
        t,
        Some(other.dtype),
        Some(other.device),
        false,
        None,
        false,
    )
}

/// `to.other(Tensor(a) self, Tensor other, bool non_blocking=False, bool
/// copy=False, MemoryFormat? memory_format=None)`: to `other`'s dtype and
/// device.
pub(crate) fn to_other(cx: &mut Cx<'_>, a: &[Arg<'_>]) -> Result<Outs> {
    let t = args::tensor(cx, a, 0, "self")?;
    let other = args::tensor(cx, a, 1, "other")?;
    let copy = args::bool(cx, a, 3, "copy", Some(false))?;
    let mf = args::opt_memory_format(cx, a, 4, "memory_format", None)?;
    convert(
        cx,
        t,
        Some(other.dtype),
        Some(other.device),
        copy,
        mf,
        false,
    )
}

/// The legacy casts `_cast_Byte(Tensor self, bool non_blocking=False)`
/// and its siblings: ATen's composites, `self.to(dtype, non_blocking)`
/// (`self` itself when already of that dtype).
macro_rules! legacy_casts {
    ($($(#[$doc:meta])* $name:ident => $dtype:ident;)*) => {
        $(
            $(#[$doc])*
            pub(crate) fn $name(cx: &mut Cx<'_>, a: &[Arg<'_>]) -> Result<Outs> {
                let t = args::tensor(cx, a, 0, "self")?;
                convert(cx, t, Some(DType::$dtype), None, false, None, false)
            }
        )*
    };
}

legacy_casts! {
    /// `_cast_Byte`: to `uint8`.
    cast_byte => UInt8;
    /// `_cast_Char`: to `int8`.
    cast_char => Int8;
    /// `_cast_Double`: to `float64`.
    cast_double => Float64;
    /// `_cast_Float`: to `float32`.
    cast_float => Float32;
    /// `_cast_Half`: to `float16`.
    cast_half => Float16;
    /// `_cast_Int`: to `int32`.
    cast_int => Int32;
    /// `_cast_Long`: to `int64`.
    cast_long => Int64;
    /// `_cast_Short`: to `int16`.
    cast_short => Int16;
}

/// Whether the JIT autocast helpers act on `t`: a CUDA tensor with
/// `cuda_enabled`, or a CPU one with `cpu_enabled`.
fn autocast_device(cx: &Cx<'_>, a: &[Arg<'_>], t: &TensorMeta) -> Result<bool> {
    let cuda = args::bool(cx, a, 1, "cuda_enabled", None)?;
    let cpu = args::bool(cx, a, 2, "cpu_enabled", None)?;
    Ok(match t.device.ty {
        DeviceType::Cuda => cuda,
        DeviceType::Cpu => cpu,
        _ => false,
    })
}

/// `_autocast_to_reduced_precision(Tensor(a) self, bool cuda_enabled,
/// bool cpu_enabled, ScalarType cuda_dtype, ScalarType cpu_dtype)`: a
/// `float32` tensor on an enabled device converted to that device's
/// dtype (`to_impl`: itself when already of it), anything else itself.
pub(crate) fn autocast_to_reduced_precision(cx: &mut Cx<'_>, a: &[Arg<'_>]) -> Result<Outs> {
    let t = args::tensor(cx, a, 0, "self")?;
    // Both dtypes are required arguments: a missing one is refused, not
    // taken as "no conversion".
    let cuda_dtype = args::opt_dtype(cx, a, 3, "cuda_dtype", None)?;
    let cuda_dtype = args::required(cx, 3, "cuda_dtype", cuda_dtype)?;
    let cpu_dtype = args::opt_dtype(cx, a, 4, "cpu_dtype", None)?;
    let cpu_dtype = args::required(cx, 4, "cpu_dtype", cpu_dtype)?;
    let target = if t.device.ty == DeviceType::Cuda {
        cuda_dtype
    } else {
        cpu_dtype
    };
    let target = (t.dtype == DType::Float32 && autocast_device(cx, a, t)?).then_some(target);
    convert(cx, t, target, None, false, None, false)
}

/// `_autocast_to_full_precision(Tensor(a) self, bool cuda_enabled, bool
/// cpu_enabled)`: a `float16` or `bfloat16` tensor on an enabled device
/// converted to `float32`, anything else itself.
pub(crate) fn autocast_to_full_precision(cx: &mut Cx<'_>, a: &[Arg<'_>]) -> Result<Outs> {
    let t = args::tensor(cx, a, 0, "self")?;
    let reduced = matches!(t.dtype, DType::Float16 | DType::BFloat16);
    let target = (reduced && autocast_device(cx, a, t)?).then_some(DType::Float32);
    convert(cx, t, target, None, false, None, false)
}
