//! The checked form of the rules that code generation consumes: every name
//! resolved to a variable, argument or constant, every expression typed
//! with its [`Kind`], every coercion explicit, and every operator paired
//! with its schema.

use crate::kind::Kind;
use crate::schema::{DefaultValue, ReturnAlias};

/// One operator overload.
#[derive(Debug, Clone)]
pub struct OpIr {
    /// `aten::add.Tensor`.
    pub name: String,
    /// The schema text.
    pub schema: String,
    /// The typed kernel's name (`add_tensor`).
    pub fn_name: String,
    /// The `Op` variant (`AddTensor`).
    pub variant: String,
    /// Schema arguments in order.
    pub args: Vec<ArgIr>,
    /// Tags.
    pub tags: TagsIr,
    /// How outputs are computed.
    pub body: Body,
    /// What autograd's kernel checks and records.
    pub autograd: crate::autograd::AutogradIr,
}

/// Properties of an operator (mirrors `fake_runtime::Tags`).
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub struct TagsIr {
    /// `@pointwise`.
    pub pointwise: bool,
    /// `@view` or a view return.
    pub view: bool,
    /// `@inplace` or a written argument.
    pub inplace: bool,
    /// `@factory`.
    pub factory: bool,
    /// `@data_dependent`.
    pub data_dependent: bool,
    /// `@data_dependent(memo = ...)`'s `UnbackedMemo` variant.
    pub memo: Option<&'static str>,
    /// `@no_grad`.
    pub no_grad: bool,
    /// `@multi_device`.
    pub multi_device: bool,
    /// `@seeded`.
    pub seeded: bool,
    /// `@no_meta`.
    pub no_meta: bool,
    /// `@plain(...)`'s `PlainMode` variant.
    pub plain: Option<&'static str>,
    /// `@plain(derived = ...)`: the variant the rule's derived overloads
    /// take (`Some(None)`: none), when it is not the rule's own.
    pub plain_derived: Option<Option<&'static str>>,
    /// `@kernel(...)`.
    pub hand_written: bool,
    /// Derived from a functional rule (`@derive`).
    pub derived: bool,
}

/// One schema argument.
#[derive(Debug, Clone)]
pub struct ArgIr {
    /// The schema name (`self`).
    pub name: String,
    /// The Rust identifier (`self_`).
    pub ident: String,
    /// Its kind; `Opaque` and `Generator` arguments are not passed to the
    /// typed kernel.
    pub kind: Kind,
    /// The schema default.
    pub default: Option<DefaultValue>,
}

/// How an operator's outputs are computed.
#[derive(Debug, Clone)]
pub enum Body {
    /// A hand-written kernel `crate::kernels::<name>`.
    Kernel(String),
    /// A rule.
    Rule(RuleIr),
    /// Derived from the functional operator `functional` (`@derive`).
    Derived {
        /// Its name (`aten::add.Tensor`).
        functional: String,
        /// The Rust path of its erased entry, filled in once names are
        /// final (`super::erased::add_tensor`, `crate::kernels::div_tensor_mode`).
        path: String,
        /// Which family.
        how: Derive,
    },
}

/// A derived family.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Derive {
    /// `op_`: `self` written, as a reference's `_make_inplace` or a
    /// decomposition's `register_inplace` writes it (by `copy_`).
    InPlace,
    /// `op_` whose Python meta is its own (`meta_scatter_`): `self`
    /// written with [`Derive::InPlace`]'s checks, not by `copy_`.
    InPlaceOwnMeta,
    /// `op_` as `torch._meta_registrations._register_inplace_meta` makes
    /// it: `self` written with only the broadcast checked, whatever the
    /// functional result's dtype.
    InPlaceMeta,
    /// `out=`: `count` out tensors from argument `first` on.
    Out {
        /// The first out argument.
        first: u8,
        /// How many.
        count: u8,
        /// The variant of `fake_runtime::support::OutForm` its family
        /// names ([`crate::intrinsics::OUT_FORMS`]): which dtype an out
        /// tensor may have, and how it is laid out when resized.
        form: &'static str,
    },
    /// A factory's `out=` (`zeros.out` of `zeros`): the functional's
    /// arguments less its tensor options, then one out tensor at `out`;
    /// the functional runs with the out's dtype and device, as
    /// `out_wrapper` runs a factory's reference.
    FactoryOut {
        /// The out argument.
        out: u8,
        /// Bit `j` set: the functional's argument `j` is a tensor option
        /// the `out=` overload does not take.
        options: u32,
        /// The functional's `dtype` argument.
        dtype: u8,
        /// The functional's `device` argument.
        device: u8,
        /// The variant of `fake_runtime::support::OutForm` the result is
        /// written in (`CASTABLE` for `@derive(factory_out)`, another by
        /// `@derive(factory_out = <out form>)`).
        form: &'static str,
    },
    /// `op_copy`: the view's results cloned with `contiguous_format`, as
    /// torchgen's view-copy kernels clone them.
    Copy,
    /// `_foreach_op`: the operator on every element of its lists (`@foreach`),
    /// each list argument's `i`-th element where the element operator takes
    /// one value; `in_place` when it writes its `self` list and returns
    /// nothing (`_foreach_add_.List`, whose elements run `add_.Tensor`).
    Foreach {
        /// Whether the `self` list is written and nothing returned.
        in_place: bool,
        /// Bit `j` set: argument `j` is a list whose `i`-th element the
        /// `i`-th call takes (else every call takes it whole).
        lists: u32,
    },
    /// `op.<overload>_hacked_twin`: the same operator with its `Tensor?[]`
    /// argument declared `Tensor[]` (a TorchScript workaround), every
    /// element present.
    HackedTwin,
}

/// A checked rule.
#[derive(Debug, Clone)]
pub struct RuleIr {
    /// Pattern checks, `where` bindings and `check`s, in order.
    pub stmts: Vec<Stmt>,
    /// For `@pointwise`: the fast path.
    pub pointwise: Option<Box<Pointwise>>,
    /// One per schema return (empty for pointwise rules).
    pub outputs: Vec<OutputIr>,
}

/// The fast path of an elementwise operator.
#[derive(Debug, Clone)]
pub struct Pointwise {
    /// Tensor arguments that broadcast together: `(ident, optional)`; an
    /// absent optional one takes no part.
    pub tensors: Vec<(String, bool)>,
    /// Promotion operands: `(ident, is_tensor, optional)`; an absent
    /// optional one takes no part.
    pub operands: Vec<(String, bool, bool)>,
    /// The `PromotionKind` variant.
    pub promote: String,
    /// The `StrideRule` variant (`@pointwise(strides = refs)`).
    pub strides: String,
    /// What a promotion operand is converted to before the layout is
    /// decided (`@pointwise(convert = ...)`, one of
    /// `intrinsics::CONVERSIONS`): `computation` (the references'
    /// `elementwise_type_promotion_wrapper`, the default), `result`
    /// (`_meta_registrations.elementwise_meta`), `result_functional` or
    /// `own`.
    pub convert: String,
    /// A `dtype = ...` clause, overriding promotion.
    pub dtype: Option<TExpr>,
    /// Whether the result is written into argument 0 (`add_`).
    pub inplace: Option<usize>,
    /// `@pointwise(scale = alpha)`: the number parameter (its ident) the
    /// second tensor operand is multiplied by before the two are combined
    /// (`prims.mul(b, alpha)` in `torch._refs.add`), and its schema
    /// default, which a Python kernel is not passed: given any other
    /// value, the product is laid out afresh.
    pub scale: Option<(String, i64)>,
    /// `@pointwise(meta = reference)`: static inputs laid out afresh
    /// before the stride rule (`support::stepped_inputs`); `Some("all")`,
    /// or `Some("floating")` for `meta = float_reference` (only when an
    /// input is floating or complex).
    pub stepped: Option<String>,
}

/// A statement of a rule body.
#[derive(Debug, Clone)]
pub enum Stmt {
    /// Match a tensor's sizes against a pattern.
    Match {
        /// The argument's ident.
        arg: String,
        /// The argument's schema name, for messages.
        arg_name: String,
        /// How the tensor is held.
        holder: Holder,
        /// The dims.
        dims: Vec<DimIr>,
    },
    /// `where name = value`.
    Let {
        /// The variable's ident.
        var: String,
        /// Its value.
        value: TExpr,
    },
    /// `check cond, "message"`.
    Check {
        /// The condition (`Bool` or `SymBool`).
        cond: TExpr,
        /// The message: text, and values (`{lambd}`) printed into it
        /// when the check fails.
        message: Vec<MessagePart>,
    },
}

/// How a matched tensor argument is held.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Holder {
    /// `Tensor`.
    One,
    /// `Tensor?`: checked when present.
    Optional,
    /// `Tensor[]`: every element checked.
    List,
    /// `Tensor?[]`: every present element checked.
    OptionalList,
}

/// One dim of a checked pattern.
#[derive(Debug, Clone)]
pub enum DimIr {
    /// Bind a new size variable.
    Bind(String),
    /// Check against a bound size variable (named in messages).
    Check(String, String),
    /// Check against a literal.
    Literal(i64),
    /// Anything.
    Wildcard,
    /// Bind a run of dims.
    BindPack(String),
    /// Check a run of dims against a bound one.
    CheckPack(String, String),
    /// Any run of dims.
    AnyPack,
}

/// One output of a rule.
#[derive(Debug, Clone)]
pub struct OutputIr {
    /// How it relates to the arguments.
    pub alias: ReturnAlias,
    /// What is returned.
    pub ret: RetKind,
    /// Sizes (tensor), the list of sizes (tensor list) or the value (int /
    /// bool).
    pub value: Option<TExpr>,
    /// `strides = ...`.
    pub strides: Option<TExpr>,
    /// `offset = ...`.
    pub offset: Option<TExpr>,
    /// `dtype = ...`.
    pub dtype: Option<TExpr>,
    /// `device = ...`.
    pub device: Option<TExpr>,
}

/// The kind of a returned value.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum RetKind {
    /// A tensor.
    Tensor,
    /// An `int` / `SymInt`.
    Int,
    /// A `bool` / `SymBool`.
    Bool,
    /// A `Tensor[]`: the value is the list of sizes (`DimsList`); strides
    /// and offset are each one for all elements or a list of them.
    TensorList,
    /// A `Scalar` (a Python number, possibly symbolic).
    Scalar,
    /// A `float`.
    Float,
}

/// A typed expression.
#[derive(Debug, Clone, PartialEq)]
pub struct TExpr {
    /// What it is.
    pub node: TNode,
    /// Its kind.
    pub kind: Kind,
}

/// The forms of a typed expression.
#[derive(Debug, Clone, PartialEq)]
pub enum TNode {
    /// An `Int` literal.
    Int(i64),
    /// A `Float` literal.
    Float(f64),
    /// A `Bool` literal.
    Bool(bool),
    /// A variable or argument, by ident.
    Var(String),
    /// A named constant (path under the runtime's `rt` or `intrinsics`).
    Const(String),
    /// An intrinsic call; absent optional parameters are `None` nodes.
    Call(String, Vec<TExpr>),
    /// `None`, for an optional parameter left out.
    NoneLit,
    /// A tensor's field.
    Field(Box<TExpr>, Field),
    /// `-a` on `Int` / `Size`.
    Neg(Box<TExpr>),
    /// `not a` on `Bool` / `SymBool`.
    Not(Box<TExpr>),
    /// Arithmetic, comparison or logic; operands already coerced.
    Binary(crate::ast::BinaryOp, Box<TExpr>, Box<TExpr>),
    /// `a ?? b`: `a` optional, `b` its present kind.
    Coalesce(Box<TExpr>, Box<TExpr>),
    /// A list of sizes: `(splice, element)`.
    List(Vec<(bool, TExpr)>),
    /// A coercion from the inner expression's kind to this one's.
    Coerce(Box<TExpr>),
}

/// A field of a tensor.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Field {
    /// `.sizes` / `.shape`.
    Sizes,
    /// `.strides`.
    Strides,
    /// `.offset`.
    Offset,
    /// `.dtype`.
    DType,
    /// `.device`.
    Device,
    /// `.dim`.
    Dim,
}

impl Field {
    /// Every field with its names and kind.
    pub const ALL: &'static [(&'static str, Field, crate::kind::Base)] = &[
        ("sizes", Field::Sizes, crate::kind::Base::Dims),
        ("shape", Field::Sizes, crate::kind::Base::Dims),
        ("strides", Field::Strides, crate::kind::Base::Dims),
        ("offset", Field::Offset, crate::kind::Base::Size),
        ("dtype", Field::DType, crate::kind::Base::DType),
        ("device", Field::Device, crate::kind::Base::Device),
        ("dim", Field::Dim, crate::kind::Base::Int),
    ];
}

/// A piece of a `check`'s message.
#[derive(Debug, Clone)]
pub enum MessagePart {
    /// Text as written (`{{` and `}}` unescaped).
    Text(String),
    /// A value in scope, printed as PyTorch prints it (`{rtol}`).
    Value(TExpr),
}
