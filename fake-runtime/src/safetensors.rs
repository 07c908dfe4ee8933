//! Fake tensors from a `.safetensors` file (cargo feature `safetensors`):
//! a model's real weights become fake tensors without their data being
//! read.
//!
//! [`SafetensorsTensor`] implements [`RealTensor`] for one entry of a file:
//! its identity is the file plus the entry's name; its storage is the file
//! plus the byte range it lies in, so entries over the same bytes (tied
//! weights) are converted onto one fake storage, with element offsets when
//! one lies inside another. [`SafetensorsTensor::from_view`] wraps a
//! [`::safetensors::tensor::TensorView`] of the standard crate;
//! [`fakeify`] converts every entry of a file's bytes.
//!
//! The standard reader (`SafeTensors::deserialize`) insists that entries
//! tile the data section without overlap, so a file that spells a tie as
//! two names over one byte range is refused there. [`read_header`] checks
//! everything else the standard reader checks (header size and shape,
//! dtypes, byte counts, bounds) and accepts such ties.

use crate::DType;
use crate::convert::{RealTensor, SymbolicContext};
use crate::device::Device;
use crate::error::{ErrorKind, Result};
use crate::meta::Scalar;
use crate::mode::FakeTensorMode;
use crate::sym::SymInt;
use crate::tensor::TensorId;
use ::safetensors::tensor::{Dtype, TensorView};
use std::hash::{Hash, Hasher};

/// The largest header the standard reader accepts (100 MB).
const MAX_HEADER: usize = 100_000_000;

/// Identities of safetensors entries have the top bit set, so they never
/// meet the small counters [`crate::convert::HostTensor`] uses.
const ID_TAG: u64 = 1 << 63;

fn error(reason: impl Into<String>) -> crate::Error {
    ErrorKind::InvalidArgument {
        op: "safetensors".into(),
        reason: reason.into(),
    }
    .into()
}

/// The runtime's dtype of a safetensors dtype; `None` for the sub-byte
/// formats PyTorch has no single dtype for (F4 unpacked, F6).
pub fn dtype_of(d: Dtype) -> Option<DType> {
    Some(match d {
        Dtype::BOOL => DType::Bool,
        Dtype::U8 => DType::UInt8,
        Dtype::I8 => DType::Int8,
        Dtype::F8_E5M2 => DType::Float8E5M2,
        Dtype::F8_E4M3 => DType::Float8E4M3Fn,
        Dtype::F8_E8M0 => DType::Float8E8M0Fnu,
        Dtype::F8_E4M3FNUZ => DType::Float8E4M3Fnuz,
        Dtype::F8_E5M2FNUZ => DType::Float8E5M2Fnuz,
        Dtype::I16 => DType::Int16,
        Dtype::U16 => DType::UInt16,
        Dtype::F16 => DType::Float16,
        Dtype::BF16 => DType::BFloat16,
        Dtype::I32 => DType::Int32,
        Dtype::U32 => DType::UInt32,
        Dtype::F32 => DType::Float32,
        Dtype::C64 => DType::Complex64,
        Dtype::F64 => DType::Float64,
        Dtype::I64 => DType::Int64,
        Dtype::U64 => DType::UInt64,
        _ => return None,
    })
}

/// The runtime's dtype of a dtype as the header spells it (`"F32"`).
fn dtype_named(name: &str) -> Option<DType> {
    Some(match name {
        "BOOL" => DType::Bool,
        "U8" => DType::UInt8,
        "I8" => DType::Int8,
        "F8_E5M2" => DType::Float8E5M2,
        "F8_E4M3" => DType::Float8E4M3Fn,
        "F8_E8M0" => DType::Float8E8M0Fnu,
        "F8_E4M3FNUZ" => DType::Float8E4M3Fnuz,
        "F8_E5M2FNUZ" => DType::Float8E5M2Fnuz,
        "I16" => DType::Int16,
        "U16" => DType::UInt16,
        "F16" => DType::Float16,
        "BF16" => DType::BFloat16,
        "I32" => DType::Int32,
        "U32" => DType::UInt32,
        "F32" => DType::Float32,
        "C64" => DType::Complex64,
        "F64" => DType::Float64,
        "I64" => DType::Int64,
        "U64" => DType::UInt64,
        _ => return None,
    })
}

/// One entry of a file's header.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Entry {
    /// The tensor's name (`model.embed.weight`).
    pub name: String,
    /// Element type.
    pub dtype: DType,
    /// Sizes.
    pub shape: Vec<i64>,
    /// Byte range in the data section, `[start, end)`.
    pub range: (usize, usize),
}

/// Read and check a file's header: every entry with its dtype, shape and
/// byte range, ordered by range then name. Checks as the standard reader
/// does (header length and JSON, dtypes, byte count = elements x item
/// size, ranges inside the data section) except that ranges may coincide
/// or nest (tied weights).
pub fn read_header(bytes: &[u8]) -> Result<(Vec<Entry>, usize)> {
    let len_bytes: [u8; 8] = bytes
        .get(..8)
        .and_then(|b| b.try_into().ok())
        .ok_or_else(|| error(format!("{} bytes: too short for a header", bytes.len())))?;
    let n = usize::try_from(u64::from_le_bytes(len_bytes))
        .map_err(|_| error("header length does not fit in memory"))?;
    if n > MAX_HEADER {
        return Err(error(format!("header of {n} bytes is too large")));
    }
    let data_start = 8usize
        .checked_add(n)
        .filter(|&e| e <= bytes.len())
        .ok_or_else(|| error(format!("header of {n} bytes runs past the file")))?;
    let header: serde_json::Value = serde_json::from_slice(&bytes[8..data_start])
        .map_err(|e| error(format!("header is not JSON: {e}")))?;
    let object = header
        .as_object()
        .ok_or_else(|| error("header is not a JSON object"))?;
    let data_len = bytes.len() - data_start;
    let mut entries = Vec::with_capacity(object.len());
    for (name, info) in object {
        if name == "__metadata__" {
            continue;
        }
        let bad = |what: &str| error(format!("tensor {name:?}: {what}"));
        let dtype_name = info["dtype"].as_str().ok_or_else(|| bad("no dtype"))?;
        let dtype = dtype_named(dtype_name)
            .ok_or_else(|| bad(&format!("unsupported dtype {dtype_name}")))?;
        let shape: Vec<i64> = info["shape"]
            .as_array()
            .ok_or_else(|| bad("no shape"))?
            .iter()
            .map(|v| v.as_i64().filter(|&s| s >= 0))
            .collect::<Option<_>>()
            .ok_or_else(|| bad("shape entries must be non-negative integers"))?;
        let offsets = info["data_offsets"]
            .as_array()
            .filter(|a| a.len() == 2)
            .ok_or_else(|| bad("data_offsets must be [start, end]"))?;
        let (start, end) = match (offsets[0].as_u64(), offsets[1].as_u64()) {
            (Some(s), Some(e)) => (s as usize, e as usize),
            _ => return Err(bad("data_offsets must be integers")),
        };
        if start > end || end > data_len {
            return Err(bad(&format!(
                "data_offsets [{start}, {end}] outside the data section of {data_len} bytes"
            )));
        }
        let numel = shape
            .iter()
            .try_fold(1usize, |acc, &s| acc.checked_mul(s as usize))
            .and_then(|n| n.checked_mul(dtype.itemsize()))
            .ok_or_else(|| bad("size overflows"))?;
        if numel != end - start {
            return Err(bad(&format!(
                "{} bytes for shape {shape:?} of {dtype_name}, but data_offsets span {}",
                numel,
                end - start
            )));
        }
        entries.push(Entry {
            name: name.clone(),
            dtype,
            shape,
            range: (start, end),
        });
    }
    entries.sort_by(|a, b| a.range.cmp(&b.range).then_with(|| a.name.cmp(&b.name)));
    Ok((entries, data_start))
}

/// One entry of a safetensors file, as a real tensor.
#[derive(Debug, Clone)]
pub struct SafetensorsTensor<'a> {
    id: u64,
    storage: u64,
    sizes: Vec<i64>,
    strides: Vec<i64>,
    offset: i64,
    dtype: DType,
    data: &'a [u8],
}

fn tagged_hash(parts: impl Hash) -> u64 {
    let mut h = rustc_hash::FxHasher::default();
    parts.hash(&mut h);
    h.finish() | ID_TAG
}

fn contiguous(sizes: &[i64]) -> Vec<i64> {
    let mut strides = vec![1i64; sizes.len()];
    for i in (0..sizes.len().saturating_sub(1)).rev() {
        strides[i] = strides[i + 1].saturating_mul(sizes[i + 1].max(1));
    }
    strides
}

impl<'a> SafetensorsTensor<'a> {
    /// Entry `name` of the file held in `file`, with its data `view` (as
    /// the standard crate's `SafeTensors::deserialize(file)` gives it).
    /// Its storage is the view's byte range within `file`.
    pub fn from_view(file: &'a [u8], name: &str, view: &TensorView<'a>) -> Result<Self> {
        let dtype = dtype_of(view.dtype()).ok_or_else(|| {
            error(format!(
                "tensor {name:?}: unsupported dtype {:?}",
                view.dtype()
            ))
        })?;
        let data = view.data();
        let start = (data.as_ptr() as usize)
            .checked_sub(file.as_ptr() as usize)
            .filter(|&s| s + data.len() <= file.len())
            .ok_or_else(|| error(format!("tensor {name:?}: view does not lie in the file")))?;
        let sizes: Vec<i64> = view
            .shape()
            .iter()
            .map(|&s| i64::try_from(s).map_err(|_| error(format!("tensor {name:?}: size {s}"))))
            .collect::<Result<_>>()?;
        let file_id = (file.as_ptr() as usize, file.len());
        Ok(SafetensorsTensor {
            id: tagged_hash((file_id, name)),
            storage: tagged_hash((file_id, start, start + data.len())),
            strides: contiguous(&sizes),
            sizes,
            offset: 0,
            dtype,
            data,
        })
    }

    /// Every entry of the file held in `file`, ordered by byte range then
    /// name; entries over overlapping byte ranges share a storage, with
    /// their element offset in it.
    pub fn all(file: &'a [u8]) -> Result<Vec<(String, Self)>> {
        let (entries, data_start) = read_header(file)?;
        let file_id = (file.as_ptr() as usize, file.len());
        let mut out = Vec::with_capacity(entries.len());
        // Entries are sorted by start: a storage is a maximal run of
        // overlapping ranges.
        let (mut group_start, mut group_end) = (0usize, 0usize);
        for (i, e) in entries.iter().enumerate() {
            let (start, end) = e.range;
            if i == 0 || start >= group_end || start == end {
                group_start = start;
                group_end = end;
            } else {
                group_end = group_end.max(end);
            }
            let within = start - group_start;
            if within % e.dtype.itemsize() != 0 {
                return Err(error(format!(
                    "tensor {:?} starts {within} bytes into a tied storage, not a whole {} element",
                    e.name, e.dtype
                )));
            }
            out.push((
                e.name.clone(),
                SafetensorsTensor {
                    id: tagged_hash((file_id, e.name.as_str())),
                    storage: tagged_hash((file_id, group_start)),
                    strides: contiguous(&e.shape),
                    sizes: e.shape.clone(),
                    offset: (within / e.dtype.itemsize()) as i64,
                    dtype: e.dtype,
                    data: &file[data_start + start..data_start + end],
                },
            ));
        }
        Ok(out)
    }

    /// The entry's bytes.
    pub fn data(&self) -> &'a [u8] {
        self.data
    }
}

impl RealTensor for SafetensorsTensor<'_> {
    fn id(&self) -> u64 {
        self.id
    }
    fn storage_id(&self) -> u64 {
        self.storage
    }
    fn sizes(&self) -> &[i64] {
        &self.sizes
    }
    fn strides(&self) -> &[i64] {
        &self.strides
    }
    fn storage_offset(&self) -> i64 {
        self.offset
    }
    fn dtype(&self) -> DType {
        self.dtype
    }
    fn device(&self) -> Device {
        Device::cpu()
    }
    fn requires_grad(&self) -> bool {
        false
    }
    fn is_leaf(&self) -> bool {
        true
    }
    fn scalar_value(&self) -> Option<Scalar> {
        if self.sizes.iter().product::<i64>() != 1 {
            return None;
        }
        let d = self.data;
        Some(match self.dtype {
            DType::Float32 => Scalar::from(f64::from(f32::from_le_bytes(d.try_into().ok()?))),
            DType::Float64 => Scalar::from(f64::from_le_bytes(d.try_into().ok()?)),
            DType::Int64 => Scalar::Int(SymInt::Int(i64::from_le_bytes(d.try_into().ok()?))),
            DType::Int32 => Scalar::Int(SymInt::Int(i64::from(i32::from_le_bytes(
                d.try_into().ok()?,
            )))),
            DType::Bool => Scalar::Bool(crate::SymBool::Bool(*d.first()? != 0)),
            _ => return None,
        })
    }
}

/// Convert every tensor of the `.safetensors` file held in `file` into
/// `mode`, each with the symbolic context `ctx(name, rank)` gives (use
/// [`SymbolicContext::static_`] for static weights). Returns the names and
/// fake tensors ordered by byte range then name; tied entries share a fake
/// storage.
pub fn fakeify(
    mode: &mut FakeTensorMode,
    file: &[u8],
    ctx: &dyn Fn(&str, usize) -> SymbolicContext,
) -> Result<Vec<(String, TensorId)>> {
    let tensors = SafetensorsTensor::all(file)?;
    let mut out = Vec::with_capacity(tensors.len());
    for (name, t) in tensors {
        let fake = mode.from_real(&t, &ctx(&name, t.sizes.len()))?;
        out.push((name, fake));
    }
    Ok(out)
}
