//! The kernel interface: what a meta kernel is handed and what it returns,
//! and the description of an operator that a registry gives the mode.
//!
//! The runtime never names a concrete operator. `fake-ops` generates, for
//! every declared schema, a typed kernel and an [`OpDef`] whose
//! [`ErasedKernel`] takes the arguments as [`Arg`]s in schema order; the
//! mode dispatches through a [`Registry`] of them. An [`OpDef`] carries its
//! schema as data ([`crate::schema`]).

use crate::error::Result;
use crate::meta::{Scalar, TensorMeta};
use crate::schema::{ParamDef, ReturnDef, Signature};
use crate::shape::Dims;
use crate::shape_env::ShapeEnv;
use crate::sym::{SymBool, SymInt};
use crate::{DType, Device, Layout, MemoryFormat};
use smallvec::SmallVec;

/// Defaults a factory or promotion needs when an argument does not say.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Defaults {
    /// `torch.get_default_dtype()`.
    pub dtype: DType,
    /// The device factories use when none is given.
    pub device: Device,
}

/// The context of one kernel call.
pub struct Cx<'a> {
    /// Where symbolic decisions are taken and recorded.
    pub env: &'a mut ShapeEnv,
    /// The operator being run (`aten::add.Tensor`), for guards and errors.
    pub op: &'static str,
    /// Default dtype and device.
    pub defaults: Defaults,
    /// The device of the operator's outputs: the common device of its
    /// tensor arguments (a zero-dim CPU tensor joins any device), or the
    /// default device when there are none.
    pub device: Device,
    /// The known value of the first tensor argument, when it has at most
    /// one element and its value is known (so `item()` can answer).
    pub constant: Option<Scalar>,
}

/// One argument, in schema order. Absent optional arguments are
/// [`Arg::None`].
#[derive(Debug, Clone)]
pub enum Arg<'a> {
    /// `None` (an absent optional, or a defaulted argument not given).
    None,
    /// `Tensor`.
    Tensor(&'a TensorMeta),
    /// `Tensor[]`.
    Tensors(SmallVec<[&'a TensorMeta; 4]>),
    /// `Tensor?[]`.
    OptTensors(SmallVec<[Option<&'a TensorMeta>; 4]>),
    /// `int` / `SymInt`.
    Int(SymInt),
    /// `int[]` / `SymInt[]`.
    Ints(Dims),
    /// `float`.
    Float(f64),
    /// `float[]`.
    Floats(SmallVec<[f64; 4]>),
    /// `bool`.
    Bool(bool),
    /// `bool[]`.
    Bools(SmallVec<[bool; 4]>),
    /// `SymBool`.
    SymBool(SymBool),
    /// `str`.
    Str(&'a str),
    /// `Scalar`.
    Scalar(Scalar),
    /// `ScalarType`.
    DType(DType),
    /// `Layout`.
    Layout(Layout),
    /// `Device`.
    Device(Device),
    /// `MemoryFormat`.
    MemoryFormat(MemoryFormat),
}

/// How an output tensor relates to the inputs.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Alias {
    /// A new tensor on a new storage.
    Fresh,
    /// A view of the tensor argument at this index: shares its storage.
    ViewOf(u8),
    /// The tensor argument at this index itself, its metadata changed in
    /// place (`add_`, `unsqueeze_`, `out=`).
    InPlace(u8),
    /// The tensor argument at this index itself, returned untouched (a
    /// composite that had nothing to do, as `diff` over a zero-length dim):
    /// no new tensor, no version bump.
    Same(u8),
}

/// One result of a kernel.
#[derive(Debug, Clone, PartialEq)]
pub enum Out {
    /// A tensor.
    Tensor(TensorMeta, Alias),
    /// A list of tensors (`Tensor[]` returns; all fresh unless said).
    Tensors(Vec<(TensorMeta, Alias)>),
    /// A `SymInt` / `int` return.
    Int(SymInt),
    /// A `Scalar` return (`_local_scalar_dense`).
    Scalar(Scalar),
    /// A `SymBool` / `bool` return.
    Bool(SymBool),
    /// No value.
    None,
}

/// Outputs of one kernel call, in schema order.
pub type Outs = SmallVec<[Out; 1]>;

/// A kernel taking its arguments in schema order.
pub type ErasedKernel = for<'a, 'b> fn(&mut Cx<'b>, &[Arg<'a>]) -> Result<Outs>;

/// Properties of an operator the mode and its caches need.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub struct Tags {
    /// Elementwise: broadcasting, promotion, TensorIterator output strides.
    pub pointwise: bool,
    /// Every tensor output is a view of an input.
    pub view: bool,
    /// Mutates an input's metadata (or writes an `out=` argument).
    pub inplace: bool,
    /// Makes tensors from nothing (honours dtype/device arguments).
    pub factory: bool,
    /// Output sizes depend on data: unbacked symbols.
    pub data_dependent: bool,
    /// Implemented by a hand-written kernel rather than a rule.
    pub hand_written: bool,
    /// Derived from a functional operator's rule (its in-place or `out=`
    /// overload).
    pub derived: bool,
}

/// An operator overload: its name, schema, tags and kernel.
#[derive(Debug, Clone, Copy)]
pub struct OpDef {
    /// `aten::add.Tensor` (`.default` is omitted, as PyTorch prints it).
    pub name: &'static str,
    /// The schema string, for display; its content is [`OpDef::params`]
    /// and [`OpDef::returns`].
    pub schema: &'static str,
    /// The parameters in schema order: types, defaults, keyword-only
    /// marks and alias annotations.
    pub params: &'static [ParamDef],
    /// The returned values in schema order.
    pub returns: &'static [ReturnDef],
    /// Properties.
    pub tags: Tags,
    /// The kernel.
    pub kernel: ErasedKernel,
}

impl OpDef {
    /// The parameters and returns printed as a schema writes them
    /// (`(Tensor self, Tensor other, *, Scalar alpha=1) -> Tensor`).
    pub fn signature(&self) -> Signature<'static> {
        Signature {
            params: self.params,
            returns: self.returns,
        }
    }
}

/// A table of operators the mode dispatches through.
pub trait Registry {
    /// The operator of this name (`aten::add.Tensor`; `aten::relu` and
    /// `aten::relu.default` are the same).
    fn lookup(&self, name: &str) -> Option<&OpDef>;
    /// Every operator, in a stable order.
    fn ops(&self) -> &[OpDef];
}

/// A registry over a static table sorted by name.
#[derive(Debug, Clone, Copy)]
pub struct StaticRegistry(pub &'static [OpDef]);

impl Registry for StaticRegistry {
    fn lookup(&self, name: &str) -> Option<&OpDef> {
        let name = name.strip_suffix(".default").unwrap_or(name);
        self.0
            .binary_search_by(|d| d.name.cmp(name))
            .ok()
            .map(|i| &self.0[i])
    }

    fn ops(&self) -> &[OpDef] {
        self.0
    }
}
