//! The runtime of fake-tensor: symbolic integers, the ShapeEnv that decides
//! what may be assumed about sizes not known yet, dtypes and devices, and
//! (built on those) fake tensors and the mode that dispatches operators on
//! them.
//!
//! The runtime never names a concrete operator: it knows the kernel
//! interface, and a registry of kernels is handed to it by `fake-ops`.

#![warn(missing_docs)]

pub mod autograd;
pub mod convert;
pub mod device;
pub mod dims;
pub mod dtype;
pub mod error;
pub mod front;
pub mod kernel;
pub mod layout;
pub mod limits;
pub mod meta;
pub mod mode;
pub mod pointwise;
pub mod promotion;
#[cfg(feature = "safetensors")]
pub mod safetensors;
pub mod schema;
pub mod shape;
pub mod shape_env;
pub mod strides;
pub mod support;
pub mod sym;
pub mod tensor;
pub mod view;

pub use autograd::{Autograd, AutogradStep};
pub use convert::{HostTensor, RealTensor, SymbolicContext};
pub use device::{Device, DeviceType};
pub use dtype::DType;
pub use error::{Error, ErrorKind, Result};
pub use front::Dim;
pub use kernel::{
    Alias, Arg, Backends, Cx, Defaults, ExtendedRegistry, OpDef, Out, Outs, PlainMode, Registry,
    StaticRegistry, Tags, UnbackedMemo,
};
pub use layout::{Layout, MemoryFormat};
pub use meta::{Scalar, TensorMeta};
pub use mode::FakeTensorMode;
pub use promotion::{PromotionKind, promote_types, result_type};
pub use schema::{
    AliasInfo, BaseType, DefaultValue, ListType, ParamDef, ParamType, ReturnDef, Signature,
};
pub use shape_env::{DimDynamic, Points, ShapeEnv, ShapeEnvSettings, Source};
pub use sym::{SymBool, SymFloat, SymInt};
pub use tensor::{Constant, FakeTensor, TensorId};
