//! The intrinsics rules call by name (`broadcast(a, b)`,
//! `reduce(s, dim, keepdim)`, `conv(...)`), grouped by family, one file
//! each.
//!
//! Each `pub fn` here taking `&mut Cx` first is an intrinsic, and its Rust
//! signature is its only declaration: the `rules!` macro reads these files
//! and checks every call in `rules/*.rules` against the parameter names
//! and types written here (the kinds map to Rust types as the table in
//! [`fake_runtime::support`] says; `Option<T>` parameters may be left out
//! or given by name), reporting a mistake at the rule. The first line of
//! the doc comment is what messages show. Helpers that are not intrinsics
//! are private or `pub(crate)`.
//!
//! The arithmetic itself lives in the runtime ([`fake_runtime::shape`],
//! [`fake_runtime::strides`], [`fake_runtime::promotion`],
//! [`fake_runtime::view`]); what is specific to some operators
//! (convolution and pooling sizes, `arange`'s length) lives here.

pub mod attention;
pub mod checks;
pub mod collectives;
pub mod complex;
pub mod composites;
pub mod conv_backends;
pub mod data;
pub mod decomposed;
pub mod dtypes;
pub mod fixed_sizes;
pub mod gradients;
pub mod indexing;
pub mod layers;
pub mod layout;
pub mod linalg;
pub mod nn;
pub mod plain_mode;
pub mod pooling;
pub mod predicates;
pub mod quantization;
pub mod queries;
pub mod reductions;
pub mod shapes;
pub mod slicing;
pub mod spatial;
pub mod splitting;

pub use attention::*;
pub use checks::*;
pub use collectives::*;
pub use complex::*;
pub use composites::*;
pub use conv_backends::*;
pub use data::*;
pub use decomposed::*;
pub use dtypes::*;
pub use fixed_sizes::*;
pub use gradients::*;
pub use indexing::*;
pub use layers::*;
pub use layout::*;
pub use linalg::*;
pub use nn::*;
pub use plain_mode::*;
pub use pooling::*;
pub use predicates::*;
pub use quantization::*;
pub use reductions::*;
pub use shapes::*;
pub use slicing::*;
pub use spatial::*;
pub use splitting::*;

use fake_runtime::error::Result;
use fake_runtime::kernel::Cx;
use fake_runtime::promotion::Operand;
use fake_runtime::shape::{self, Dims};
use fake_runtime::strides::Decide;
use fake_runtime::support::{
    IntList, UnbackedFlavor, dims_eq, require, scalar_operand, stride_at, tensor_operand, to_int,
    to_ints,
};
use fake_runtime::sym::{SymBool, SymInt};
use fake_runtime::{DType, Device, Layout, MemoryFormat, Scalar, TensorMeta};
use smallvec::SmallVec;

/// An invalid-arguments error of the current operator.
fn invalid(cx: &Cx<'_>, reason: String) -> fake_runtime::Error {
    fake_runtime::Error::invalid(cx.op, reason)
}
