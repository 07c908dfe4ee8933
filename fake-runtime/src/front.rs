//! The front door for a compiler that embeds the runtime: inputs with named
//! symbolic dims, operators called by name with their overload resolved
//! from the arguments (as `torch.ops.aten.add(...)` resolves one), typed
//! accessors on the results, sizes that print themselves, and guards whose
//! names say what they return.
//!
//! ```
//! use fake_runtime::front::Dim;
//! use fake_runtime::mode::Value;
//! use fake_runtime::{DType, FakeTensorMode, StaticRegistry};
//! # fn registry() -> StaticRegistry { StaticRegistry(&[]) }
//!
//! let mut mode = FakeTensorMode::new(registry());
//! // A batch of symbolic size (hint 8) and three static dims.
//! let x = mode.input([Dim::dynamic("batch", 8), 3.into(), 224.into(), 224.into()], DType::Float32)?;
//! assert_eq!(mode.sizes(x)?.to_string(), "[batch, 3, 224, 224]");
//! // With fake-ops' registry: `mode.call("aten::relu", &[Value::Tensor(x)])?.tensor()?`.
//! # let _ = Value::Tensor(x);
//! assert!(mode.guards_on_inputs().is_empty());
//! # Ok::<(), fake_runtime::Error>(())
//! ```

use crate::error::{ErrorKind, Result};
use crate::kernel::{OpDef, Registry};
use crate::mode::{FakeTensorMode, Output, OutputList, Value};
use crate::schema::{BaseType, ParamDef};
use crate::shape_env::{DimDynamic, Source};
use crate::sym::SymInt;
use crate::tensor::TensorId;
use crate::{DType, Device, TensorMeta};
use smallvec::SmallVec;
use std::fmt;

/// One dimension of an input: a known size, or a symbol with a name (the
/// same name in several inputs is the same symbol) and a hint (the size
/// seen at trace time).
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Dim {
    /// A known size.
    Static(i64),
    /// A symbolic size.
    Dynamic {
        /// The symbol's name, as guards print it (`batch`).
        name: String,
        /// Its hint.
        hint: i64,
    },
}

impl Dim {
    /// A symbolic dim called `name` with hint `hint`.
    pub fn dynamic(name: impl Into<String>, hint: i64) -> Dim {
        Dim::Dynamic {
            name: name.into(),
            hint,
        }
    }
}

impl From<i64> for Dim {
    fn from(v: i64) -> Dim {
        Dim::Static(v)
    }
}

impl From<i32> for Dim {
    fn from(v: i32) -> Dim {
        Dim::Static(i64::from(v))
    }
}

/// The results of [`FakeTensorMode::call`], with typed accessors.
#[derive(Debug, Clone, PartialEq)]
pub struct Outputs(pub OutputList);

impl Outputs {
    /// The only result, a tensor; an error otherwise.
    pub fn tensor(&self) -> Result<TensorId> {
        match self.0.as_slice() {
            [Output::Tensor(t)] => Ok(*t),
            other => Err(unexpected("one tensor", other)),
        }
    }

    /// Result `i`, a tensor; an error otherwise.
    pub fn tensor_at(&self, i: usize) -> Result<TensorId> {
        match self.0.get(i) {
            Some(Output::Tensor(t)) => Ok(*t),
            _ => Err(unexpected(&format!("a tensor at result {i}"), &self.0)),
        }
    }

    /// The only result, a list of tensors; an error otherwise.
    pub fn tensors(&self) -> Result<&[TensorId]> {
        match self.0.as_slice() {
            [Output::Tensors(ts)] => Ok(ts),
            other => Err(unexpected("one list of tensors", other)),
        }
    }

    /// The only result, an integer; an error otherwise.
    pub fn int(&self) -> Result<SymInt> {
        match self.0.as_slice() {
            [Output::Int(v)] => Ok(*v),
            other => Err(unexpected("one integer", other)),
        }
    }

    /// Every result.
    pub fn all(&self) -> &[Output] {
        &self.0
    }
}

fn unexpected(want: &str, got: &[Output]) -> crate::Error {
    ErrorKind::BadArguments {
        op: "results".into(),
        reason: format!("expected {want}, the call gave {got:?}"),
    }
    .into()
}

/// A list of sizes that prints itself with the symbols' names
/// (`[batch, 3, 2*batch]`), as [`FakeTensorMode::sizes`] gives it.
#[derive(Debug, Clone)]
pub struct Sizes {
    /// Each size, printed.
    printed: Vec<String>,
    /// The sizes.
    pub values: Vec<SymInt>,
}

impl fmt::Display for Sizes {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "[{}]", self.printed.join(", "))
    }
}

impl FakeTensorMode {
    /// A contiguous input tensor on the CPU with `dims`: static sizes and
    /// named symbols (a name used again, here or in another input, is the
    /// same symbol). Under the ShapeEnv's default settings a hint of 0 or 1
    /// makes the dim static (PyTorch's 0/1 specialisation), which
    /// [`FakeTensorMode::guards_on_inputs`] then states.
    pub fn input(&mut self, dims: impl IntoIterator<Item = Dim>, dtype: DType) -> Result<TensorId> {
        self.input_on(dims, dtype, Device::cpu())
    }

    /// As [`FakeTensorMode::input`], on `device`.
    pub fn input_on(
        &mut self,
        dims: impl IntoIterator<Item = Dim>,
        dtype: DType,
        device: Device,
    ) -> Result<TensorId> {
        let mut sizes: SmallVec<[SymInt; 6]> = SmallVec::new();
        for d in dims {
            sizes.push(match d {
                Dim::Static(v) => {
                    if v < 0 {
                        return Err(ErrorKind::NegativeSize {
                            source_name: "an input's dim".into(),
                            value: v,
                        }
                        .into());
                    }
                    SymInt::Int(v)
                }
                Dim::Dynamic { name, hint } => self.named_symbol(&name, hint)?,
            });
        }
        let meta = TensorMeta::contiguous(self.env_mut(), &sizes, dtype, device)?;
        Ok(self.add_tensor(meta, None, true))
    }

    /// The symbol called `name`, made with `hint` the first time; asked
    /// again with another hint, an error.
    fn named_symbol(&mut self, name: &str, hint: i64) -> Result<SymInt> {
        if let Some(&(h, v)) = self.named.get(name) {
            if h != hint {
                return Err(ErrorKind::BadArguments {
                    op: "input".into(),
                    reason: format!("symbol `{name}` given hint {hint} after hint {h}"),
                }
                .into());
            }
            return Ok(v);
        }
        let v = self.env_mut().create_symbol(
            hint,
            Source::Local(name.to_string()),
            DimDynamic::Dynamic,
            None,
        )?;
        self.named.insert(name.to_string(), (hint, v));
        Ok(v)
    }

    /// Call operator `name` on `args` (schema order): an overload name
    /// (`aten::add.Tensor`) or an operator's (`aten::add`), whose first
    /// overload in the registry's order that takes the arguments is called.
    /// No overload taking them is an error listing each one's schema.
    pub fn call(&mut self, name: &str, args: &[Value<'_>]) -> Result<Outputs> {
        let op = *resolve(self.registry(), name, args, &[])?;
        let fitted = fit_all(op.params, args.iter().cloned());
        self.dispatch(&op, &fitted).map(Outputs)
    }

    /// `t`'s sizes, printing with the symbols' names.
    pub fn sizes(&self, t: TensorId) -> Result<Sizes> {
        let values: Vec<SymInt> = self.meta(t)?.sizes.to_vec();
        let env = self.env();
        let printed = values
            .iter()
            .map(|&v| match v {
                SymInt::Int(i) => i.to_string(),
                SymInt::Expr(e) => env.display_with_sources(e),
            })
            .collect();
        Ok(Sizes { printed, values })
    }

    /// The guards recorded so far (conditions the operators' decisions
    /// assumed), printed in terms of the inputs' sources and symbol names
    /// (`batch >= 2`): what must hold for the results to hold.
    pub fn guards_on_inputs(&self) -> Vec<String> {
        self.env().format_guards()
    }

    /// Every condition a reuse of the results depends on, including the
    /// ones made by creating inputs (dims specialised to 0 or 1, symbol
    /// ranges, dims sharing a symbol), then the guards.
    pub fn all_conditions_on_inputs(&self) -> Vec<String> {
        self.env().produce_guards()
    }
}

/// Whether `v` can be passed for parameter `p` (overload resolution: a
/// tensor where a tensor goes, a number where a number goes, and so on).
pub fn fits(v: &Value<'_>, p: &ParamDef) -> bool {
    let ty = p.ty;
    let list = ty.list.is_some();
    // A single int stands for an `int[N]` (repeated), not for a
    // `SymInt[N]`: the binding broadcasts only the former ("Expected a
    // value of type 'List[int]' for argument 'stride'" of `conv2d`).
    let fixed_list = ty.base == BaseType::Int && ty.list.is_some_and(|l| l.len.is_some());
    // `Any` (a collective's group name or reduction) takes every value,
    // as Python's binding does.
    if ty.base == BaseType::Other("Any") && !list {
        return true;
    }
    match v {
        // PyTorch's binding refuses `None` for a parameter that is not
        // optional ("Expected a value of type 'number' for argument 'ord'
        // but instead found type 'NoneType'"), default or not, but for a
        // bool, which it reads as `False`, and a tensor, which it makes an
        // undefined tensor (`attn_bias` of the attention backwards).
        Value::None => {
            ty.optional
                || matches!(
                    ty.base,
                    BaseType::Bool | BaseType::SymBool | BaseType::Tensor
                ) && !list
        }
        Value::Tensor(_) | Value::Real(_) => ty.base == BaseType::Tensor && !list,
        Value::Tensors(_) | Value::OptTensors(_) => ty.base == BaseType::Tensor && list,
        // Python's binding takes a bool (an int subclass) wherever it
        // takes an int: an `int`, a `SymInt`, an `int[N]` it repeats, a
        // float, a Scalar (`mode(x, False)` is `dim=0`).
        Value::Bool(_) => {
            matches!(
                ty.base,
                BaseType::Bool
                    | BaseType::SymBool
                    | BaseType::Scalar
                    | BaseType::Float
                    | BaseType::ScalarType
            ) && !list
                || ty.base.is_integer() && (!list || fixed_list)
        }
        Value::SymBool(_) => {
            matches!(
                ty.base,
                BaseType::Bool | BaseType::SymBool | BaseType::Scalar
            ) && !list
        }
        // And reads any number for a bool by its truth (`-3` and `2.5`
        // are `True`), and an integer for a dtype by its `ScalarType`
        // number (`5` is `float16`).
        Value::Int(_) => {
            ty.base.is_integer() && (!list || fixed_list)
                || matches!(
                    ty.base,
                    BaseType::Scalar
                        | BaseType::Float
                        | BaseType::Bool
                        | BaseType::SymBool
                        | BaseType::ScalarType
                ) && !list
        }
        Value::Float(_) => {
            matches!(
                ty.base,
                BaseType::Scalar | BaseType::Float | BaseType::Bool | BaseType::SymBool
            ) && !list
        }
        Value::Scalar(_) => ty.base == BaseType::Scalar && !list,
        Value::Str(_) => ty.base == BaseType::Str,
        // An empty list fits any list.
        Value::Ints([]) => list,
        // A `Scalar[]` takes a list of numbers, as the export writes one.
        Value::Ints(_) => (ty.base.is_integer() || ty.base == BaseType::Scalar) && list,
        Value::Floats(_) => matches!(ty.base, BaseType::Float | BaseType::Scalar) && list,
        Value::Bools(_) => ty.base == BaseType::Bool && list,
        // A dtype stands for its `ScalarType` number wherever an int or a
        // Scalar is taken, lists aside (`add.Scalar(x, torch.int32)`).
        Value::DType(_) => {
            ty.base == BaseType::ScalarType
                || (ty.base.is_integer() || ty.base == BaseType::Scalar) && !list
        }
        Value::MemoryFormat(_) => ty.base == BaseType::MemoryFormat,
        Value::Layout(_) => ty.base == BaseType::Layout,
        Value::Device(_) => ty.base == BaseType::Device,
    }
}

/// `v` as parameter `p` takes it, once [`fits`] has said it does: what
/// Python's binding converts on the way in. A bool given for an integer is
/// `0` or `1` (a list of one for an `int[N]`), a number given for a bool
/// its truth, `None` given for a bool that may not be `None` is `False`,
/// a dtype given for a number its `ScalarType` number and a number given
/// for a dtype the dtype of that number; anything else is left as it is.
pub fn fit_value<'a>(v: Value<'a>, p: &ParamDef) -> Value<'a> {
    const BITS: [SymInt; 2] = [SymInt::Int(0), SymInt::Int(1)];
    let ty = p.ty;
    let boolean = matches!(ty.base, BaseType::Bool | BaseType::SymBool) && ty.list.is_none();
    match v {
        Value::Bool(b) if ty.base.is_integer() => {
            let bit = usize::from(b);
            if ty.list.is_some() {
                Value::Ints(&BITS[bit..=bit])
            } else {
                Value::Int(BITS[bit])
            }
        }
        Value::Int(SymInt::Int(i)) if boolean => Value::Bool(i != 0),
        Value::Float(f) if boolean => Value::Bool(f != 0.0),
        Value::None if boolean && !ty.optional => Value::Bool(false),
        Value::DType(d) if ty.base != BaseType::ScalarType => {
            Value::Int(SymInt::Int(d.scalar_type_number()))
        }
        Value::Int(SymInt::Int(n)) if ty.base == BaseType::ScalarType => {
            DType::from_scalar_type_number(n).map_or(v, Value::DType)
        }
        Value::Bool(b) if ty.base == BaseType::ScalarType => {
            DType::from_scalar_type_number(i64::from(b)).map_or(v, Value::DType)
        }
        other => other,
    }
}

/// Every argument of `values` (in schema order, one per parameter of
/// `params`) as its parameter takes it ([`fit_value`]): what a front end
/// dispatches once [`resolve`] has chosen the overload.
pub fn fit_all<'a>(
    params: &[ParamDef],
    values: impl IntoIterator<Item = Value<'a>>,
) -> SmallVec<[Value<'a>; 8]> {
    values
        .into_iter()
        .zip(params)
        .map(|(v, p)| fit_value(v, p))
        .collect()
}

/// Why `def` does not take `args` then `kwargs` (by parameter name), or
/// `Ok` when it does: not too many, every keyword known and given once,
/// every required parameter given, every argument fitting. A parameter
/// without a default is required even when it may be `None` (`Tensor?
/// weight`): PyTorch's operators refuse a call leaving it out ("missing
/// value for argument 'weight'").
pub fn check_fits(
    def: &OpDef,
    args: &[Value<'_>],
    kwargs: &[(&str, Value<'_>)],
) -> std::result::Result<(), String> {
    check_fits_as(def, args, kwargs, false)
}

/// The operators (names without their overload) whose tensor parameters
/// PyTorch's binding of a named overload lets a number stand for, making
/// it a wrapped number (`aten::mul.Tensor(x, 2.5)`, the calls
/// decompositions make): its `should_allow_numbers_as_tensors` list, and
/// every `prims::` operator. Any other operator refuses a number for a
/// tensor ("Expected a value of type 'Tensor' for argument 'other' but
/// instead found type 'int'").
const NUMBERS_AS_TENSORS: &[&str] = &[
    "add",
    "add_",
    "div",
    "div_",
    "divide",
    "divide_",
    "mul",
    "mul_",
    "multiply",
    "multiply_",
    "sub",
    "sub_",
    "subtract",
    "subtract_",
    "true_divide",
    "true_divide_",
    "to",
    "_to_copy",
    "copy_",
    "floor_divide",
    "floor_divide_",
    "_conj",
];

/// Whether operator `op` (`aten::mul.Tensor`) takes a number for its
/// tensor parameters ([`NUMBERS_AS_TENSORS`]).
fn takes_numbers_as_tensors(op: &str) -> bool {
    let (namespace, rest) = op.split_once("::").unwrap_or(("", op));
    let base = rest.split_once('.').map_or(rest, |(b, _)| b);
    namespace == "prims" || namespace == "aten" && NUMBERS_AS_TENSORS.contains(&base)
}

/// Whether a number may stand for a (non-list, non-optional) tensor
/// parameter `p` of an operator that takes numbers for tensors
/// (`NUMBERS_AS_TENSORS`).
pub fn number_for_tensor(v: &Value<'_>, p: &ParamDef) -> bool {
    matches!(
        v,
        Value::Int(_) | Value::Float(_) | Value::Bool(_) | Value::SymBool(_) | Value::Scalar(_)
    ) && p.ty.base == BaseType::Tensor
        && p.ty.list.is_none()
        && !p.ty.optional
}

/// [`check_fits`], numbers standing for tensors when `numbers_as_tensors`
/// (an overload named in full).
fn check_fits_as(
    def: &OpDef,
    args: &[Value<'_>],
    kwargs: &[(&str, Value<'_>)],
    numbers_as_tensors: bool,
) -> std::result::Result<(), String> {
    let numbers_as_tensors = numbers_as_tensors && takes_numbers_as_tensors(def.name);
    let fits =
        |a: &Value<'_>, p: &ParamDef| fits(a, p) || numbers_as_tensors && number_for_tensor(a, p);
    let positional = def.params.iter().take_while(|p| !p.kwarg_only).count();
    if args.len() > positional {
        return Err(format!(
            "{} positional arguments given, it takes {positional}",
            args.len()
        ));
    }
    let mut given = vec![false; def.params.len()];
    for (i, a) in args.iter().enumerate() {
        if !fits(a, &def.params[i]) {
            return Err(format!("argument {i} does not fit `{}`", def.params[i]));
        }
        given[i] = true;
    }
    for (k, a) in kwargs {
        let Some(i) = def.params.iter().position(|p| p.name == *k) else {
            return Err(format!("no parameter `{k}`"));
        };
        if given[i] {
            return Err(format!("`{k}` given twice"));
        }
        if !fits(a, &def.params[i]) {
            return Err(format!("`{k}` does not fit `{}`", def.params[i]));
        }
        given[i] = true;
    }
    if let Some((p, _)) = def
        .params
        .iter()
        .zip(&given)
        .find(|(p, g)| !**g && p.default.is_none())
    {
        return Err(format!("`{}` is required", p.name));
    }
    Ok(())
}

/// The overload `name` names, or the first of its overloads (in the
/// registry's order) whose parameters take `args` and `kwargs`. An unknown
/// name, or no overload taking them, is an error naming the candidates.
pub fn resolve<'r>(
    registry: &'r dyn Registry,
    name: &str,
    args: &[Value<'_>],
    kwargs: &[(&str, Value<'_>)],
) -> Result<&'r OpDef> {
    let refuse = |reason: String, candidates: &[&OpDef]| -> crate::Error {
        let list: Vec<&str> = candidates.iter().map(|d| d.schema).collect();
        ErrorKind::NoOverload {
            name: name.to_string(),
            reason,
            candidates: list.join("\n  "),
        }
        .into()
    };
    // An overload named in full (`aten::add.Tensor`, `aten::relu.default`)
    // is the only candidate; an operator's name (`aten::arange`) tries its
    // default overload first, then the others in the registry's order.
    let overload_named = name
        .split_once("::")
        .is_some_and(|(_, rest)| rest.contains('.'));
    if overload_named && let Some(def) = registry.lookup(name) {
        check_fits_as(def, args, kwargs, true).map_err(|r| refuse(r, &[def]))?;
        return Ok(def);
    }
    let prefix = format!("{name}.");
    let candidates: Vec<&OpDef> = registry
        .lookup(name)
        .into_iter()
        .chain(
            registry
                .ops()
                .iter()
                .filter(|d| d.name.starts_with(&prefix)),
        )
        .collect();
    if candidates.is_empty() {
        return Err(ErrorKind::UnknownOp {
            name: name.to_string(),
        }
        .into());
    }
    let mut reason = String::new();
    for def in &candidates {
        match check_fits(def, args, kwargs) {
            Ok(()) => return Ok(def),
            Err(r) => reason = format!("{}: {r}", def.name),
        }
    }
    Err(refuse(reason, &candidates))
}
