//! What a meta kernel reads and writes: the metadata of a tensor (sizes,
//! strides, storage offset, dtype, device, layout), and the scalars that
//! schema arguments carry.

use crate::error::Result;
use crate::shape::Dims;
use crate::shape_env::ShapeEnv;
use crate::sym::{SymBool, SymFloat, SymInt};
use crate::{DType, Device, Layout};

/// A tensor's metadata, as a kernel sees it.
#[derive(Debug, Clone, PartialEq)]
pub struct TensorMeta {
    /// Sizes, one per dim.
    pub sizes: Dims,
    /// Strides in elements, one per dim.
    pub strides: Dims,
    /// Offset of the first element in the storage, in elements.
    pub storage_offset: SymInt,
    /// Element type.
    pub dtype: DType,
    /// Device (fake: no memory is ever allocated there).
    pub device: Device,
    /// Layout.
    pub layout: Layout,
    /// Whether autograd records operations on it.
    pub requires_grad: bool,
    /// A Python number passed where the schema wants a tensor (c10's
    /// `is_wrapped_number`): a zero-dim CPU tensor that promotes as a
    /// number and is no operand of TensorIterator's layout decisions.
    /// Operator results never are.
    pub wrapped_number: bool,
}

impl TensorMeta {
    /// A contiguous tensor of `sizes`; more than
    /// [`crate::limits::MAX_RANK`] dims is
    /// [`crate::ErrorKind::RankTooLarge`].
    pub fn contiguous(
        env: &mut ShapeEnv,
        sizes: &[SymInt],
        dtype: DType,
        device: Device,
    ) -> Result<Self> {
        check_rank("input", sizes.len())?;
        Ok(TensorMeta {
            strides: crate::strides::contiguous(env, sizes)?,
            sizes: Dims::from_slice(sizes),
            storage_offset: SymInt::Int(0),
            dtype,
            device,
            layout: Layout::Strided,
            requires_grad: false,
            wrapped_number: false,
        })
    }

    /// Number of dims.
    #[inline]
    pub fn dim(&self) -> usize {
        self.sizes.len()
    }

    /// Number of elements.
    pub fn numel(&self, env: &mut ShapeEnv) -> Result<SymInt> {
        crate::shape::numel(env, &self.sizes)
    }

    /// True when every size and stride is static.
    pub fn is_static(&self) -> bool {
        self.sizes
            .iter()
            .chain(&self.strides)
            .all(|s| s.is_static())
            && self.storage_offset.is_static()
    }
}

/// A Python number as a schema `Scalar` argument carries it.
#[derive(Debug, Clone, Copy, PartialEq)]
pub enum Scalar {
    /// `True` / `False`, possibly symbolic (`u0 > 2`, a SymBool from
    /// `item()` of a bool tensor).
    Bool(SymBool),
    /// An integer, possibly symbolic.
    Int(SymInt),
    /// A float, possibly symbolic (`ToFloat(s0)`, an unbacked `zuf0`).
    Float(SymFloat),
    /// A complex number `(re, im)`.
    Complex(f64, f64),
}

impl From<f64> for Scalar {
    fn from(v: f64) -> Self {
        Scalar::Float(SymFloat::Const(v))
    }
}

impl Scalar {
    /// The dtype PyTorch gives a tensor made from this scalar
    /// (`torch.tensor(x)` with the default float dtype for floats).
    pub fn default_dtype(&self, default_float: DType) -> DType {
        match self {
            Scalar::Bool(_) => DType::Bool,
            Scalar::Int(_) => DType::Int64,
            Scalar::Float(_) => default_float,
            Scalar::Complex(..) => default_float.to_complex(),
        }
    }
}

/// [`crate::ErrorKind::RankTooLarge`] when a tensor made by `op` would
/// have more than [`crate::limits::MAX_RANK`] dims.
pub fn check_rank(op: &str, rank: usize) -> Result<()> {
    if rank > crate::limits::MAX_RANK {
        return Err(crate::ErrorKind::RankTooLarge {
            op: op.to_string(),
            rank,
            limit: crate::limits::MAX_RANK,
        }
        .into());
    }
    Ok(())
}
