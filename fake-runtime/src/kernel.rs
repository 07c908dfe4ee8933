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
use crate::shape_env::ShapeEnv;
use crate::sym::{SymBool, SymInt};
use crate::{DType, Device, Layout, MemoryFormat};
use smallvec::SmallVec;
use std::borrow::Cow;

/// The global settings kernels read: what a factory or promotion needs
/// when an argument does not say, and which backends ATen may choose.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Defaults {
    /// `torch.get_default_dtype()`.
    pub dtype: DType,
    /// The device factories use when none is given.
    pub device: Device,
    /// The accelerated backends enabled in ATen's global context.
    pub backends: Backends,
    /// Whether PyTorch's Python dispatcher is on, as `torch.export` traces
    /// (`enable_python_dispatcher`): an operator whose `Meta` kernel is a
    /// Python function (a reference registered by `activate_meta`) then
    /// runs it on static tensors too, where a plain fake mode runs ATen's
    /// C++ kernel (on symbolic ones the fake mode prefers the reference
    /// either way). Kernels whose two answers differ read it.
    pub python_dispatcher: bool,
    /// Whether Python's builtin `min` and `max` of SymInts are `sym_min`
    /// and `sym_max` (a `Min`/`Max` expression, no guard), as while
    /// non-strict `torch.export` traces (`_override_builtin_ops`): the
    /// references it runs then keep the expression where a plain fake
    /// mode decides with a guard (`_collapse_view_helper`'s stride).
    pub symbolic_builtins: bool,
    /// Whether the kernel runs as a step of a Python reference that the
    /// fake mode runs on its tensors as meta tensors, outside the Python
    /// dispatcher (a `_foreach_` operator's elements in a plain fake mode,
    /// ATen's slow path): the reference's C++ `to` and `expand` read plain
    /// sizes, so an operand its type promotion converts has its sizes
    /// fixed at their hints, and a broadcast that expands to symbolic
    /// sizes is refused.
    pub refs_as_meta: bool,
}

impl Default for Defaults {
    /// `float32` on the CPU, every backend enabled, no Python dispatcher,
    /// Python's own `min` and `max`: a new process.
    fn default() -> Self {
        Defaults {
            dtype: DType::Float32,
            device: Device::cpu(),
            backends: Backends::ENABLED,
            python_dispatcher: false,
            symbolic_builtins: false,
            refs_as_meta: false,
        }
    }
}

/// Which of ATen's accelerated backends are enabled
/// (`torch.backends.mkldnn.enabled`, `torch.backends.cudnn.enabled`).
/// Kernels that choose a backend choose as ATen's global context would:
/// the memory format of a convolution's output (`_select_conv_backend`
/// and `_conv_determine_backend_memory_format`: without oneDNN a 5-D CPU
/// convolution is contiguous; without cuDNN every CUDA one is) and the
/// LSTM's layer function (`select_one_layer_lstm_function`).
/// `torch.export` traces with both off (`_ignore_backend_decomps`), so
/// the metadata an exported program records is computed without them.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Backends {
    /// oneDNN (`torch.backends.mkldnn.enabled`).
    pub mkldnn: bool,
    /// cuDNN (`torch.backends.cudnn.enabled`).
    pub cudnn: bool,
}

impl Backends {
    /// Both enabled, as in a new process.
    pub const ENABLED: Backends = Backends {
        mkldnn: true,
        cudnn: true,
    };
    /// Both disabled, as `torch.export` traces.
    pub const DISABLED: Backends = Backends {
        mkldnn: false,
        cudnn: false,
    };
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
    /// PyTorch runs this call for real, in eager mode, on constants (its
    /// constant propagation): a kernel whose eager layout differs from
    /// the meta kernel's gives the eager one where the result is small
    /// enough to be a constant.
    pub eager: bool,
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
    /// `int[]` / `SymInt[]`: borrowed from the caller's list (a kernel
    /// composing others may own it).
    Ints(Cow<'a, [SymInt]>),
    /// `float`.
    Float(f64),
    /// `float[]`.
    Floats(Cow<'a, [f64]>),
    /// `bool`.
    Bool(bool),
    /// `bool[]`.
    Bools(Cow<'a, [bool]>),
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

impl Arg<'_> {
    /// This argument borrowing from `self` (lists borrowed, not copied
    /// where they are slices), so it can sit in one list with arguments
    /// of a shorter life (`Arg` is invariant in its lifetime).
    #[must_use]
    pub fn reborrow(&self) -> Arg<'_> {
        match self {
            Arg::None => Arg::None,
            Arg::Tensor(t) => Arg::Tensor(t),
            Arg::Tensors(ts) => Arg::Tensors(ts.iter().copied().collect()),
            Arg::OptTensors(ts) => Arg::OptTensors(ts.iter().copied().collect()),
            Arg::Int(v) => Arg::Int(*v),
            Arg::Ints(v) => Arg::Ints(Cow::Borrowed(v)),
            Arg::Float(v) => Arg::Float(*v),
            Arg::Floats(v) => Arg::Floats(Cow::Borrowed(v)),
            Arg::Bool(v) => Arg::Bool(*v),
            Arg::Bools(v) => Arg::Bools(Cow::Borrowed(v)),
            Arg::SymBool(v) => Arg::SymBool(*v),
            Arg::Str(s) => Arg::Str(s),
            Arg::Scalar(v) => Arg::Scalar(*v),
            Arg::DType(v) => Arg::DType(*v),
            Arg::Layout(v) => Arg::Layout(*v),
            Arg::Device(v) => Arg::Device(*v),
            Arg::MemoryFormat(v) => Arg::MemoryFormat(*v),
        }
    }
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

/// A fake tensor attribute in which PyTorch's fake implementations keep
/// a data-dependent operator's unbacked count (`nonzero_memo`, ...): a
/// later call with the same tensor as its first argument, not written to
/// since, answers from it. The unique memos hold only counts of the whole
/// tensor (no `dim` given).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum UnbackedMemo {
    /// `nonzero_memo`.
    Nonzero,
    /// `item_memo`.
    Item,
    /// `unique_memo`.
    Unique,
    /// `unique_consecutive_memo`.
    UniqueConsecutive,
    /// The `nonzero_memo` of each mask (a bool or `int8` tensor) among the
    /// indices, in order: `meta_index_Tensor` calls `nonzero` on each, so
    /// indexing by a mask shares its count with `nonzero`, `where` and
    /// other indexing by the same mask.
    IndexMasks,
}

/// What a plain fake mode (no Python dispatcher) does with an operator
/// whose Python implementation, which the dispatcher runs (as export
/// traces), is not what runs without it: ATen's C++ kernel runs on the
/// fake tensors instead.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum PlainMode {
    /// ATen's composite reads every tensor argument's sizes as integers:
    /// each symbolic size is guarded to its hint (`guard_int`), and the
    /// kernel runs on the tensors so fixed; an integer list argument
    /// holding a symbol is refused (the composite takes an `IntArrayRef`).
    Specialize,
    /// As [`PlainMode::Specialize`], the integer lists' symbols guarded
    /// to their hints too.
    SpecializeAll,
    /// ATen's kernel asks a tensor argument for its storage offset, which
    /// PyTorch refuses when the tensor's sizes or strides are symbolic.
    RefuseSymbolic,
    /// As [`PlainMode::RefuseSymbolic`], after the kernel's own checks and
    /// reading that tensor's sizes as integers (each guarded to its hint).
    ReadThenRefuse,
}

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
    /// Where PyTorch keeps the unbacked count of a data-dependent
    /// operator, so a later call on the same tensor reuses it; `None`: a
    /// fresh one at every call.
    pub memo: Option<UnbackedMemo>,
    /// The outputs never require grad, whatever the inputs (`detach`).
    pub no_grad: bool,
    /// Takes tensors on several devices without refusing them; the results
    /// are on the first tensor's device (`copy_`, `resize_as_`: PyTorch's
    /// `multi_device_op_default`).
    pub multi_device: bool,
    /// Draws from the random generator (PyTorch's `nondeterministic_seeded`
    /// tag): never run for real on constants.
    pub seeded: bool,
    /// PyTorch registers neither a meta kernel nor a fake implementation:
    /// FakeTensorMode runs ATen's kernel on zeros of the fake device
    /// (`run_fallback_kernel`), which the meta device has none of, so
    /// meta tensors are refused.
    pub no_meta: bool,
    /// What a plain fake mode does with the operator where the Python
    /// dispatcher would run its Python implementation; `None`: the same.
    pub plain: Option<PlainMode>,
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
    /// What autograd's kernel checks and records.
    pub autograd: crate::autograd::Autograd,
}

impl OpDef {
    /// Refuse a call on `device` that PyTorch's fake mode cannot run:
    /// meta tensors given to an operator without a meta kernel
    /// ([`Tags::no_meta`]).
    pub fn check_device(&self, device: Device) -> Result<()> {
        if self.tags.no_meta && device.ty == crate::DeviceType::Meta {
            return Err(crate::ErrorKind::NoMetaKernel {
                op: self.name.to_string(),
            }
            .into());
        }
        Ok(())
    }

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

/// A registry extended with operators the embedding program defines
/// (custom operators of `torch.library`, or replacements of built-in
/// ones): a sorted table of its own, cheap to clone.
///
/// ```
/// use fake_runtime::schema::{BaseType, ParamDef, ParamType, ReturnDef};
/// use fake_runtime::{Arg, Cx, ExtendedRegistry, OpDef, Outs, Registry, Result, StaticRegistry, Tags};
///
/// fn scale(cx: &mut Cx<'_>, args: &[Arg<'_>]) -> Result<Outs> {
///     // A pointwise custom operator: the output looks like `x`.
///     let x = fake_runtime::support::args::tensor(cx, args, 0, "x")?;
///     let mut outs = Outs::new();
///     outs.push(fake_runtime::Out::Tensor(x.clone(), fake_runtime::Alias::Fresh));
///     Ok(outs)
/// }
///
/// static PARAMS: [ParamDef; 2] = [
///     ParamDef::new("x", ParamType::of(BaseType::Tensor)),
///     ParamDef::new("factor", ParamType::of(BaseType::Float)),
/// ];
/// static RETURNS: [ReturnDef; 1] = [ReturnDef::new(ParamType::of(BaseType::Tensor))];
///
/// let registry = ExtendedRegistry::new(&StaticRegistry(&[]))
///     .with(OpDef {
///         name: "mylib::scale",
///         schema: "mylib::scale(Tensor x, float factor) -> Tensor",
///         params: &PARAMS,
///         returns: &RETURNS,
///         tags: Tags { pointwise: true, ..Tags::default() },
///         kernel: scale,
///         autograd: fake_runtime::Autograd::Composite,
///     })?;
/// assert!(registry.lookup("mylib::scale.default").is_some());
/// # Ok::<(), fake_runtime::Error>(())
/// ```
#[derive(Debug, Clone)]
pub struct ExtendedRegistry {
    /// Every operator, sorted by name.
    ops: std::sync::Arc<Vec<OpDef>>,
}

impl ExtendedRegistry {
    /// The operators of `base`, to be extended.
    pub fn new(base: &dyn Registry) -> ExtendedRegistry {
        let mut ops = base.ops().to_vec();
        ops.sort_by(|a, b| a.name.cmp(b.name));
        ExtendedRegistry {
            ops: std::sync::Arc::new(ops),
        }
    }

    /// With operator `def` added; an operator of the same name already
    /// registered is an error (use [`ExtendedRegistry::replacing`] to
    /// replace one on purpose).
    pub fn with(self, def: OpDef) -> Result<ExtendedRegistry> {
        if self.lookup(def.name).is_some() {
            return Err(crate::error::ErrorKind::BadArguments {
                op: def.name.to_string(),
                reason: "an operator of this name is already registered".into(),
            }
            .into());
        }
        Ok(self.replacing(def))
    }

    /// With operator `def` added, replacing one of the same name.
    pub fn replacing(self, def: OpDef) -> ExtendedRegistry {
        let mut ops = std::sync::Arc::unwrap_or_clone(self.ops);
        let name = def.name.strip_suffix(".default").unwrap_or(def.name);
        let def = OpDef { name, ..def };
        match ops.binary_search_by(|d| d.name.cmp(name)) {
            Ok(i) => ops[i] = def,
            Err(i) => ops.insert(i, def),
        }
        ExtendedRegistry {
            ops: std::sync::Arc::new(ops),
        }
    }
}

impl Registry for ExtendedRegistry {
    fn lookup(&self, name: &str) -> Option<&OpDef> {
        let name = name.strip_suffix(".default").unwrap_or(name);
        self.ops
            .binary_search_by(|d| d.name.cmp(name))
            .ok()
            .map(|i| &self.ops[i])
    }

    fn ops(&self) -> &[OpDef] {
        &self.ops
    }
}
