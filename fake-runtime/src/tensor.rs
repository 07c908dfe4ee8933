//! Fake tensors: metadata plus identity. A [`FakeTensor`] lives in a
//! [`crate::mode::FakeTensorMode`] and is named by a copyable
//! [`TensorId`]; views share a [`StorageId`]; in-place operators bump the
//! storage's version counter (shared by every view of it, as in PyTorch).

use crate::meta::{Scalar, TensorMeta};

/// A fake tensor's handle: an index into its mode, plus the mode's identity
/// so a tensor of another mode is recognised as foreign.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct TensorId {
    pub(crate) mode: u32,
    pub(crate) index: u32,
}

impl TensorId {
    /// The index within its mode (creation order).
    pub fn index(self) -> u32 {
        self.index
    }
}

/// A fake storage's handle within a mode.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct StorageId(pub(crate) u32);

impl StorageId {
    /// The index within its mode.
    pub fn index(self) -> u32 {
        self.0
    }
}

/// PyTorch's `CONSTANT_NUMEL_LIMIT`: a fake tensor remembers its value only
/// when it has at most this many elements.
pub const CONSTANT_NUMEL_LIMIT: usize = 1;

/// A tensor without data.
#[derive(Debug, Clone, PartialEq)]
pub struct FakeTensor {
    /// Sizes, strides, offset, dtype, device, layout, requires_grad.
    pub meta: TensorMeta,
    /// The storage it views (shared by views and tied weights).
    pub storage: StorageId,
    /// A leaf of the autograd graph (made by the user, not by an operator).
    pub is_leaf: bool,
    /// A view (through views) of a leaf that requires grad: autograd
    /// refuses to write it in place.
    pub view_of_leaf: bool,
    /// A constant (PyTorch's `FakeTensor.constant`): small (at most
    /// [`CONSTANT_NUMEL_LIMIT`] elements), of a known value or not. Boxed:
    /// rare, and a static tensor stays under 256 bytes.
    pub constant: Option<Box<Constant>>,
}

/// What a constant fake tensor knows of its value.
#[derive(Debug, Clone, Copy, PartialEq)]
pub enum Constant {
    /// The value, which `item()` answers.
    Known(Scalar),
    /// A value PyTorch computes and this runtime does not: the result of
    /// an operator PyTorch runs for real on constants (its constant
    /// propagation). It propagates as a constant; `item()` of it is
    /// data-dependent here.
    Unknown,
}

impl Constant {
    /// The value, when known.
    pub fn value(self) -> Option<Scalar> {
        match self {
            Constant::Known(v) => Some(v),
            Constant::Unknown => None,
        }
    }
}
