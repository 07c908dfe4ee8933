//! The memo converter: real tensors in, fake tensors out.
//!
//! `from_real` is memoised on the real tensor's identity and on its
//! storage's identity, as PyTorch's `FakeTensorConverter` is: converting
//! the same tensor twice gives the same fake tensor, and two views of one
//! storage (tied weights) give fake tensors on one fake storage with the
//! real strides and offsets. A [`SymbolicContext`] says per dimension
//! whether the size becomes a symbol, and names the sources for guards.

use crate::error::{ErrorKind, Result};
use crate::meta::TensorMeta;
use crate::mode::FakeTensorMode;
use crate::shape::Dims;
use crate::shape_env::{DimDynamic, Source};
use crate::sym::{SymInt, ValueRange};
use crate::tensor::{Constant, TensorId};
use crate::{DType, Device, Layout};
use std::sync::Arc;

/// What the converter needs of a real tensor, whatever its host type.
pub trait RealTensor {
    /// Identity of the tensor object (equal for the same tensor).
    fn id(&self) -> u64;
    /// Identity of its storage (equal for views of one storage).
    fn storage_id(&self) -> u64;
    /// Sizes.
    fn sizes(&self) -> &[i64];
    /// Strides in elements.
    fn strides(&self) -> &[i64];
    /// Storage offset in elements.
    fn storage_offset(&self) -> i64;
    /// Element type.
    fn dtype(&self) -> DType;
    /// Device.
    fn device(&self) -> Device;
    /// Whether autograd tracks it.
    fn requires_grad(&self) -> bool;
    /// Whether it is an autograd leaf.
    fn is_leaf(&self) -> bool;
    /// The value of a one-element tensor, when the host can tell it.
    fn scalar_value(&self) -> Option<crate::meta::Scalar> {
        None
    }
    /// Its version counter (bumped by in-place writes); a new fake storage
    /// starts from it.
    fn version(&self) -> u32 {
        0
    }
}

/// How the dims of one converted tensor become sizes.
#[derive(Debug, Clone, PartialEq)]
pub struct SymbolicContext {
    /// The tensor's name in sources (`x` gives `x.size()[0]`).
    pub name: String,
    /// Per dim: static, dynamic or duck-sized. Missing dims are static.
    pub dynamic: Vec<DimDynamic>,
    /// Per dim: an optional `[min, max]` range.
    pub constraints: Vec<Option<ValueRange>>,
}

impl SymbolicContext {
    /// Every dim static.
    pub fn static_(name: impl Into<String>) -> Self {
        SymbolicContext {
            name: name.into(),
            dynamic: Vec::new(),
            constraints: Vec::new(),
        }
    }

    /// Every one of `rank` dims duck-sized.
    pub fn duck(name: impl Into<String>, rank: usize) -> Self {
        SymbolicContext {
            name: name.into(),
            dynamic: vec![DimDynamic::Duck; rank],
            constraints: Vec::new(),
        }
    }
}

impl FakeTensorMode {
    /// The fake tensor of `real`, made once: a second call with the same
    /// tensor returns the same handle (whatever `ctx` says then, as
    /// PyTorch's converter memo); tensors sharing a storage share a fake
    /// storage, with their own strides and offsets.
    ///
    /// Sizes become symbols as `ctx` says. Strides and the offset follow
    /// PyTorch's `_create_symbolic_sizes_strides_storage_offset`: strides
    /// are visited from the smallest; a stride equal to an earlier dim's
    /// size times its stride is that product (so contiguous and permuted
    /// tensors get strides in terms of the size symbols), a stride of 0 or
    /// 1 stays, any other becomes a symbol of its own (`x.stride()[i]`),
    /// static when every size is; the offset is a duck-sized symbol
    /// (`x.storage_offset()`) unless every size is static.
    ///
    /// A context with an empty name and every dim static records nothing
    /// in the ShapeEnv (no source to guard on), as PyTorch converts a real
    /// tensor met as an operator input.
    ///
    /// The fake tensor has no constant: see [`FakeTensorMode::lift`].
    pub fn from_real(&mut self, real: &dyn RealTensor, ctx: &SymbolicContext) -> Result<TensorId> {
        if let Some(&t) = self.memo_tensors.get(&real.id()) {
            return Ok(t);
        }
        let (ex_sizes, ex_strides) = (real.sizes(), real.strides());
        if ex_sizes.len() != ex_strides.len() {
            return Err(ErrorKind::InvalidArgument {
                op: "from_real".into(),
                reason: format!(
                    "{} sizes but {} strides ({:?}, {:?})",
                    ex_sizes.len(),
                    ex_strides.len(),
                    ex_sizes,
                    ex_strides
                ),
            }
            .into());
        }
        let policy = |d: usize| ctx.dynamic.get(d).copied().unwrap_or(DimDynamic::Static);
        if ctx.name.is_empty() && (0..ex_sizes.len()).all(|d| policy(d) == DimDynamic::Static) {
            // No source to guard on (a real tensor met as an operator
            // input): plain sizes, nothing recorded in the ShapeEnv.
            let int = |v: &[i64]| v.iter().map(|&x| SymInt::Int(x)).collect();
            let meta = TensorMeta {
                sizes: int(ex_sizes),
                strides: int(ex_strides),
                storage_offset: SymInt::Int(real.storage_offset()),
                dtype: real.dtype(),
                device: real.device(),
                layout: Layout::Strided,
                requires_grad: real.requires_grad(),
                wrapped_number: false,
            };
            return Ok(self.add_converted(real, meta));
        }
        let env = self.env_mut();
        let mut sizes = Dims::new();
        for (d, &h) in ex_sizes.iter().enumerate() {
            let constraint = ctx.constraints.get(d).copied().flatten();
            sizes.push(env.create_symbol(
                h,
                Source::size(ctx.name.clone(), d),
                policy(d),
                constraint,
            )?);
        }
        // As PyTorch, by policy rather than by value: a dynamic dim whose
        // size specialised to 0 or 1 still makes the strides symbolic.
        let derived = if (0..ex_sizes.len()).all(|d| policy(d) == DimDynamic::Static) {
            DimDynamic::Static
        } else {
            DimDynamic::Duck
        };
        let strides = if derived == DimDynamic::Static {
            ex_strides.iter().map(|&s| SymInt::Int(s)).collect()
        } else {
            symbolic_strides(env, &ctx.name, ex_sizes, ex_strides, &sizes, derived)?
        };
        let offset_policy = derived;
        let storage_offset = env.create_symbol(
            real.storage_offset(),
            Source::StorageOffset {
                tensor: ctx.name.clone(),
            },
            offset_policy,
            None,
        )?;
        let meta = TensorMeta {
            sizes,
            strides,
            storage_offset,
            dtype: real.dtype(),
            device: real.device(),
            layout: Layout::Strided,
            requires_grad: real.requires_grad(),
            wrapped_number: false,
        };
        Ok(self.add_converted(real, meta))
    }

    /// Add the fake tensor of `real` on the fake storage of its storage,
    /// and remember both.
    fn add_converted(&mut self, real: &dyn RealTensor, meta: TensorMeta) -> TensorId {
        let storage = match self.memo_storages.get(&real.storage_id()) {
            Some(&s) => s,
            None => {
                let s = self.new_storage(real.version());
                self.memo_storages.insert(real.storage_id(), s);
                s
            }
        };
        let t = self.add_tensor(meta, Some(storage), real.is_leaf());
        self.memo_tensors.insert(real.id(), t);
        t
    }

    /// The fake tensor of `real` with static sizes, a constant when it has
    /// at most [`crate::tensor::CONSTANT_NUMEL_LIMIT`] element, as PyTorch
    /// makes `torch.tensor(...)` under the mode (`lift_fresh`,
    /// `make_constant=True`): `item()` on it then gives the value when the
    /// host can tell it.
    pub fn lift(&mut self, real: &dyn RealTensor) -> Result<TensorId> {
        let known = self.memo_tensors.contains_key(&real.id());
        let t = self.from_real(real, &SymbolicContext::static_(""))?;
        if !known
            && real.sizes().iter().product::<i64>() <= crate::tensor::CONSTANT_NUMEL_LIMIT as i64
        {
            let value = real.scalar_value();
            self.set_constant(t, value.map_or(Constant::Unknown, Constant::Known));
        }
        Ok(t)
    }
}

/// PyTorch's `_compute_symbolic_stride`.
fn symbolic_strides(
    env: &mut crate::ShapeEnv,
    name: &str,
    ex_sizes: &[i64],
    ex_strides: &[i64],
    sizes: &[SymInt],
    derived: DimDynamic,
) -> Result<Dims> {
    let n = ex_sizes.len();
    let mut order: Vec<usize> = (0..n).collect();
    // Ascending stride; on ties the last dim first.
    order.sort_by(|&a, &b| ex_strides[a].cmp(&ex_strides[b]).then(b.cmp(&a)));
    let mut out: Dims = Dims::from_elem(SymInt::Int(0), n);
    let mut candidates: Vec<(i64, SymInt)> = Vec::new();
    for i in order {
        let val = ex_strides[i];
        let contiguous_stride =
            i + 1 < n && ex_sizes[i + 1].checked_mul(ex_strides[i + 1]) == Some(val);
        let stride = if (val == 0 || val == 1) && !contiguous_stride {
            SymInt::Int(val)
        } else if let Some(&(_, c)) = candidates.iter().find(|(v, _)| *v == val) {
            c
        } else {
            env.create_symbol(
                val,
                Source::Stride {
                    tensor: name.to_string(),
                    dim: i,
                },
                derived,
                None,
            )?
        };
        out[i] = stride;
        let key = ex_sizes[i].saturating_mul(val);
        let expr = env.mul(sizes[i], stride)?;
        match candidates.iter_mut().find(|(v, _)| *v == key) {
            Some(slot) => slot.1 = expr,
            None => candidates.push((key, expr)),
        }
    }
    Ok(out)
}

/// The storage of a [`HostTensor`]: bytes with an identity.
#[derive(Debug)]
pub struct HostStorage {
    id: u64,
    /// The bytes (little-endian elements).
    pub bytes: Vec<u8>,
}

static NEXT_HOST_ID: std::sync::atomic::AtomicU64 = std::sync::atomic::AtomicU64::new(1);

fn next_id() -> u64 {
    NEXT_HOST_ID.fetch_add(1, std::sync::atomic::Ordering::Relaxed)
}

/// A small owned host tensor (for tests and examples): real data, a
/// shared storage, any strides.
#[derive(Debug, Clone)]
pub struct HostTensor {
    id: u64,
    storage: Arc<HostStorage>,
    sizes: Vec<i64>,
    strides: Vec<i64>,
    offset: i64,
    dtype: DType,
    device: Device,
    requires_grad: bool,
}

impl HostTensor {
    /// A contiguous tensor of zeros.
    pub fn zeros(sizes: &[i64], dtype: DType) -> Self {
        let numel: i64 = sizes.iter().product();
        let bytes = vec![0u8; (numel.max(0) as usize) * dtype.itemsize()];
        let mut strides = vec![1i64; sizes.len()];
        for i in (0..sizes.len().saturating_sub(1)).rev() {
            strides[i] = strides[i + 1] * sizes[i + 1].max(1);
        }
        HostTensor {
            id: next_id(),
            storage: Arc::new(HostStorage {
                id: next_id(),
                bytes,
            }),
            sizes: sizes.to_vec(),
            strides,
            offset: 0,
            dtype,
            device: Device::cpu(),
            requires_grad: false,
        }
    }

    /// A one-element float32 tensor holding `v` (zero-dim).
    pub fn scalar_f32(v: f32) -> Self {
        let mut t = HostTensor::zeros(&[], DType::Float32);
        if let Some(s) = Arc::get_mut(&mut t.storage) {
            s.bytes = v.to_le_bytes().to_vec();
        }
        t
    }

    /// A view of the same storage with other sizes, strides and offset (a
    /// new tensor identity).
    pub fn view_as_strided(&self, sizes: &[i64], strides: &[i64], offset: i64) -> Self {
        HostTensor {
            id: next_id(),
            storage: Arc::clone(&self.storage),
            sizes: sizes.to_vec(),
            strides: strides.to_vec(),
            offset,
            ..*self
        }
    }

    /// The same tensor with `requires_grad` set.
    pub fn requires_grad_(mut self, r: bool) -> Self {
        self.requires_grad = r;
        self
    }
}

impl RealTensor for HostTensor {
    fn id(&self) -> u64 {
        self.id
    }
    fn storage_id(&self) -> u64 {
        self.storage.id
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
        self.device
    }
    fn requires_grad(&self) -> bool {
        self.requires_grad
    }
    fn is_leaf(&self) -> bool {
        true
    }
    fn scalar_value(&self) -> Option<crate::meta::Scalar> {
        if self.dtype != DType::Float32 || self.sizes.iter().product::<i64>() != 1 {
            return None;
        }
        let start = (self.offset as usize).checked_mul(4)?;
        let b = self.storage.bytes.get(start..start + 4)?;
        let v = f32::from_le_bytes([b[0], b[1], b[2], b[3]]);
        Some(crate::meta::Scalar::from(f64::from(v)))
    }
}
