//! One operator call on fake tensors, written as text or JSON: what
//! `fake call` runs.
//!
//! The text form is Python's, with tensors written `dtype[sizes]`,
//! optionally followed by `{strides}`, `+offset` and `@device`:
//!
//! ```text
//! aten::conv2d(f32[s0,3,224,224], f32[64,3,7,7], None, [2,2], [3,3])
//! aten::add(f32[2,3]{1,2}, 2.5, alpha=2)
//! aten::sum.dim_IntList(f16[4,s1]@cuda, [1], keepdim=True, dtype=torch.float32)
//! ```
//!
//! A size may be a symbol (a name), created once per name with a hint.
//! The JSON form also takes a size, stride or offset as an expression
//! over symbols, as PyTorch prints it (`"s1*s2"`, `"2*s0 + 1"`;
//! [`size_expr`]). The JSON form (`{"op": .., "args": [..], "kwargs": {..}}`) writes a
//! tensor as `{"tensor": {"dtype", "sizes", "strides"?, "storage_offset"?,
//! "device"?, "requires_grad"?}}`, a dtype as `{"dtype": "int64"}`, and
//! likewise `memory_format`, `layout` and `device`.
//!
//! The operator's overload may be left out when the arguments decide it,
//! as `torch.ops.aten.add(...)` does: the first overload, in the
//! registry's order, whose parameters take the arguments is called.

use fake_runtime::mode::{Output, Value};
use fake_runtime::schema::{BaseType, ParamDef};
use fake_runtime::{
    DType, Device, DimDynamic, FakeTensorMode, Layout, MemoryFormat, Registry, Scalar,
    ShapeEnvSettings, Source, SymBool, SymInt, TensorId, TensorMeta,
};
use size_expr::{BinOp, SizeExpr};
use std::collections::BTreeMap;
use thiserror::Error;

/// The deepest nesting of lists the parsers accept.
const MAX_DEPTH: usize = 32;

/// A size or stride as written: a number, a symbol's name, or (in the
/// JSON form) an expression over symbols as PyTorch prints one.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Size {
    /// A known value.
    Int(i64),
    /// A symbol, by name.
    Sym(String),
    /// An expression over symbols (`s1*s2`, `2*s0 + 1`).
    Expr(SizeExpr),
}

/// A tensor argument as written.
#[derive(Debug, Clone, PartialEq)]
pub struct TensorSpec {
    /// Its dtype.
    pub dtype: DType,
    /// Its sizes.
    pub sizes: Vec<Size>,
    /// Its strides (contiguous when absent).
    pub strides: Option<Vec<Size>>,
    /// Its storage offset.
    pub storage_offset: Size,
    /// Its device.
    pub device: Device,
    /// Whether it requires grad.
    pub requires_grad: bool,
}

/// An argument as written.
#[derive(Debug, Clone, PartialEq)]
pub enum CallValue {
    /// `None`.
    None,
    /// `True` / `False`.
    Bool(bool),
    /// An integer.
    Int(i64),
    /// A float.
    Float(f64),
    /// A complex number (`1j`; in JSON `{"complex": [re, im]}`).
    Complex(f64, f64),
    /// A string (`"mean"`).
    Str(String),
    /// A symbol used as an integer (`s0`).
    Sym(String),
    /// An integer written as an expression over symbols (JSON
    /// `{"sym": "s0*s1"}`, as PyTorch prints a SymInt).
    SymExpr(SizeExpr),
    /// A list.
    List(Vec<CallValue>),
    /// A tensor.
    Tensor(TensorSpec),
    /// A dtype (`torch.float16`).
    DType(DType),
    /// A memory format (`torch.channels_last`).
    MemoryFormat(MemoryFormat),
    /// A layout (`torch.strided`).
    Layout(Layout),
    /// A device (`{"device": "cuda"}`).
    Device(Device),
}

/// One call: the operator and its arguments.
#[derive(Debug, Clone, PartialEq)]
pub struct Call {
    /// `aten::add.Tensor`, or without the overload (`aten::add`).
    pub op: String,
    /// Positional arguments.
    pub args: Vec<CallValue>,
    /// Keyword arguments, in the order written.
    pub kwargs: Vec<(String, CallValue)>,
}

/// Why a call could not be read or made.
#[derive(Debug, Error)]
#[non_exhaustive]
pub enum CallError {
    /// The text is not a call.
    #[error("not a call: {reason} (at byte {at})")]
    Syntax {
        /// Byte offset.
        at: usize,
        /// What is wrong.
        reason: String,
    },
    /// The JSON is not a call.
    #[error("not a call: {0}")]
    Json(String),
    /// The operator refused its arguments.
    #[error(transparent)]
    Op(#[from] fake_runtime::Error),
}

impl CallError {
    /// The kind of error, for machine-readable output: the runtime's error
    /// variant (`SizeMismatch`, `InvalidArgument`, ...) or this type's.
    pub fn kind(&self) -> String {
        match self {
            CallError::Syntax { .. } | CallError::Json(_) => "NotACall".into(),
            CallError::Op(e) => {
                let d = format!("{:?}", e.kind());
                d.split([' ', '{', '('])
                    .next()
                    .unwrap_or("Error")
                    .to_string()
            }
        }
    }
}

mod json;
mod parse;
mod print;
pub mod size_expr;

pub use json::{from_json, value_from_json};
pub use parse::parse;
use print::Printer;

// ---- running ---------------------------------------------------------------------

/// One result of a call.
#[derive(Debug, Clone, PartialEq)]
pub enum Outcome {
    /// A tensor: its metadata, sizes printed with the call's symbol names.
    Tensor {
        /// `float32`.
        dtype: String,
        /// Sizes: integers or expressions.
        sizes: Vec<Printed>,
        /// Strides.
        strides: Vec<Printed>,
        /// Storage offset.
        storage_offset: Printed,
        /// `cpu`, `cuda:0`.
        device: String,
        /// The layout when not strided (`sparse_coo`).
        layout: Option<String>,
        /// Whether it shares an argument's storage (`"view of argument 0"`).
        alias: Option<String>,
    },
    /// A list of tensors.
    Tensors(Vec<Outcome>),
    /// A number or condition.
    Value(Printed),
    /// Nothing.
    None,
}

/// A value printed: a known integer, or an expression.
#[derive(Debug, Clone, PartialEq)]
pub enum Printed {
    /// A known integer.
    Int(i64),
    /// An expression or any other value, printed.
    Text(String),
}

/// What a call gave, with what the ShapeEnv learned.
#[derive(Debug, Clone, PartialEq)]
pub struct Report {
    /// The overload called (`aten::add.Tensor`).
    pub op: String,
    /// Its results.
    pub outputs: Vec<Outcome>,
    /// The symbols made, with their hints.
    pub symbols: Vec<(String, i64)>,
    /// The guards recorded.
    pub guards: Vec<String>,
    /// The runtime asserts recorded.
    pub asserts: Vec<String>,
}

/// Run `call` through `registry` in a fresh mode; symbols take their hint
/// from `hints` (8 when not given).
pub fn run<R: Registry + Clone + 'static>(
    call: &Call,
    registry: &R,
    hints: &BTreeMap<String, i64>,
) -> Result<Report, CallError> {
    run_with(call, registry, hints, CallSettings::default())
}

/// How [`run_with`] runs a call.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub struct CallSettings {
    /// The ShapeEnv's policies (`fake call --backed-size-oblivious`:
    /// [`ShapeEnvSettings::backed_size_oblivious`]).
    pub env: ShapeEnvSettings,
    /// Run as under PyTorch's Python dispatcher, as `torch.export` traces
    /// (`fake call --python-dispatcher`:
    /// [`fake_runtime::Defaults::python_dispatcher`]).
    pub python_dispatcher: bool,
}

/// [`run`] with the given settings.
pub fn run_with<R: Registry + Clone + 'static>(
    call: &Call,
    registry: &R,
    hints: &BTreeMap<String, i64>,
    settings: CallSettings,
) -> Result<Report, CallError> {
    let env = fake_runtime::ShapeEnv::with_settings(settings.env);
    let mut mode_settings = fake_runtime::mode::ModeSettings::default();
    mode_settings.defaults.python_dispatcher = settings.python_dispatcher;
    let mut mode = FakeTensorMode::with(registry.clone(), env, mode_settings);
    let mut symbols: Vec<(String, SymInt)> = Vec::new();
    let mut make = Maker {
        mode: &mut mode,
        symbols: &mut symbols,
        hints,
    };
    let args: Vec<Made> = call
        .args
        .iter()
        .enumerate()
        // Each argument its own name, so each size its own source.
        .map(|(i, a)| make.value(a, &format!("arg{i}")))
        .collect::<Result<_, _>>()?;
    let kwargs: Vec<(String, Made)> = call
        .kwargs
        .iter()
        .map(|(k, a)| Ok((k.clone(), make.value(a, k)?)))
        .collect::<Result<_, CallError>>()?;
    let def = {
        let ints: Vec<Vec<SymInt>> = args.iter().map(Made::ints).collect();
        let lists: Vec<Vec<TensorId>> = args.iter().map(Made::tensor_list).collect();
        let kw_ints: Vec<Vec<SymInt>> = kwargs.iter().map(|(_, m)| m.ints()).collect();
        let kw_lists: Vec<Vec<TensorId>> = kwargs.iter().map(|(_, m)| m.tensor_list()).collect();
        let values: Vec<Value<'_>> = args
            .iter()
            .enumerate()
            .map(|(i, m)| m.neutral(&ints[i], &lists[i]))
            .collect();
        let kw_values: Vec<(&str, Value<'_>)> = kwargs
            .iter()
            .enumerate()
            .map(|(i, (k, m))| (k.as_str(), m.neutral(&kw_ints[i], &kw_lists[i])))
            .collect();
        *fake_runtime::front::resolve(registry, &call.op, &values, &kw_values)?
    };
    let def = &def;
    // Arguments in schema order.
    let mut ordered: Vec<Option<&Made>> = vec![None; def.params.len()];
    for (i, a) in args.iter().enumerate() {
        if i < ordered.len() {
            ordered[i] = Some(a);
        }
    }
    for (k, a) in &kwargs {
        if let Some(i) = def.params.iter().position(|p| p.name == k) {
            ordered[i] = Some(a);
        }
    }
    // A number where the overload wants a tensor: PyTorch's wrapped number.
    let mut wrapped: Vec<Option<Made>> = Vec::with_capacity(ordered.len());
    for (a, p) in ordered.iter().zip(def.params) {
        let value = match a {
            Some(Made::Int(v)) => Some(Scalar::Int(*v)),
            Some(Made::Float(f)) => Some(Scalar::from(*f)),
            Some(Made::Bool(b)) => Some(Scalar::Bool(SymBool::Bool(*b))),
            Some(Made::Complex(re, im)) => Some(Scalar::Complex(*re, *im)),
            _ => None,
        };
        wrapped.push(match value {
            Some(v) if p.ty.base == BaseType::Tensor && p.ty.list.is_none() => {
                Some(Made::Tensor(mode.wrapped_scalar(v)?))
            }
            _ => None,
        });
    }
    for (slot, w) in ordered.iter_mut().zip(&wrapped) {
        if w.is_some() {
            *slot = w.as_ref();
        }
    }
    let storage: Vec<Vec<SymInt>> = ordered
        .iter()
        .map(|a| match a {
            Some(Made::Ints(v)) => v.clone(),
            _ => Vec::new(),
        })
        .collect();
    let tensor_lists: Vec<Vec<TensorId>> = ordered
        .iter()
        .map(|a| match a {
            Some(Made::Tensors(v)) => v.clone(),
            _ => Vec::new(),
        })
        .collect();
    // The same lists as optional tensors, for a `Tensor?[]` parameter.
    let optional_lists: Vec<Vec<Option<TensorId>>> = tensor_lists
        .iter()
        .map(|ts| ts.iter().copied().map(Some).collect())
        .collect();
    // A parameter left out takes its schema default, as a planned call's
    // does (`randint`'s `dtype=long`, which an explicit `None` is not).
    let defaults: Vec<Option<crate::prop::args::Owned>> = ordered
        .iter()
        .zip(def.params)
        .map(|(a, p)| match (a, p.default) {
            (None, Some(d)) => crate::prop::args::default_arg(p.ty, d),
            _ => None,
        })
        .collect();
    let values = ordered.iter().enumerate().map(|(i, a)| match a {
        None => defaults[i].as_ref().map_or(Value::None, |d| d.value()),
        Some(m) => m.as_value(
            def.params[i],
            &storage[i],
            &tensor_lists[i],
            &optional_lists[i],
        ),
    });
    // As PyTorch's binding converts them (a schema default is already of
    // its parameter's kind).
    let values = fake_runtime::front::fit_all(def.params, values);
    let outs = mode.dispatch(def, &values)?;
    let arg_tensors: Vec<Option<TensorId>> = ordered
        .iter()
        .map(|a| match a {
            Some(Made::Tensor(t)) => Some(*t),
            _ => None,
        })
        .collect();
    let names: BTreeMap<fake_runtime::sym::Symbol, String> = symbols
        .iter()
        .filter_map(|(n, v)| match v {
            SymInt::Expr(e) => mode
                .env()
                .arena()
                .free_symbols(*e)
                .first()
                .map(|s| (*s, n.clone())),
            SymInt::Int(_) => None,
        })
        .collect();
    // Results print as PyTorch's `SymNode.expr` reads them: with the
    // replacements in force after the call (a guard `Eq(s0, 5)` made
    // inside it turns `s0 - 4` into 1).
    let mut current = BTreeMap::new();
    for o in &outs {
        let ints: Vec<SymInt> = match o {
            Output::Tensor(t) => metadata_ints(&mode, &[*t]),
            Output::Tensors(ts) => metadata_ints(&mode, ts),
            Output::Int(v) | Output::Scalar(Scalar::Int(v)) => vec![*v],
            _ => Vec::new(),
        };
        for v in ints {
            if let SymInt::Expr(e) = v {
                current.insert(e, mode.env_mut().simplify_int(v)?);
            }
        }
    }
    let printer = Printer {
        mode: &mode,
        names: &names,
        current: &current,
    };
    let outputs = outs
        .iter()
        .map(|o| printer.output(o, &arg_tensors))
        .collect::<Result<_, CallError>>()?;
    let env = mode.env();
    let guards = env
        .guards()
        .iter()
        .map(|g| printer.bool_expr(g.expr))
        .collect();
    let asserts = env
        .runtime_asserts()
        .iter()
        .map(|g| printer.bool_expr(g.expr))
        .collect();
    let symbols = symbols
        .iter()
        .map(|(n, _)| (n.clone(), *hints.get(n).unwrap_or(&8)))
        .collect();
    Ok(Report {
        op: def.name.to_string(),
        outputs,
        symbols,
        guards,
        asserts,
    })
}

/// One line of `fake call --jsonl`: the call the line holds as JSON, run
/// through `registry` in a fresh mode of the given settings as
/// [`run_with`] runs it.
pub fn run_json_line<R: Registry + Clone + 'static>(
    line: &str,
    registry: &R,
    hints: &BTreeMap<String, i64>,
    settings: CallSettings,
) -> Result<Report, CallError> {
    let v = serde_json::from_str::<serde_json::Value>(line)
        .map_err(|e| CallError::Json(e.to_string()))?;
    run_with(&from_json(&v)?, registry, hints, settings)
}

/// What `fake call --jsonl` writes for one line's result:
/// `{"ok": [OUT, ...], "op", "guards", "runtime_asserts"}` or
/// `{"error": {"kind", "message"}}`.
pub fn result_json(result: &Result<Report, CallError>) -> serde_json::Value {
    match result {
        Ok(report) => serde_json::json!({
            "ok": report.outputs.iter().map(Outcome::json).collect::<Vec<_>>(),
            "op": report.op,
            "guards": report.guards,
            "runtime_asserts": report.asserts,
        }),
        Err(e) => serde_json::json!({"error": {"kind": e.kind(), "message": e.to_string()}}),
    }
}

/// An argument made in the mode.
#[derive(Debug, Clone)]
enum Made {
    None,
    Bool(bool),
    Int(SymInt),
    Float(f64),
    Complex(f64, f64),
    Str(String),
    Ints(Vec<SymInt>),
    Floats(Vec<f64>),
    Bools(Vec<bool>),
    Tensor(TensorId),
    Tensors(Vec<TensorId>),
    /// A list of tensors and `None`s (`Tensor?[]`: `index`'s indices).
    OptTensors(Vec<Option<TensorId>>),
    DType(DType),
    MemoryFormat(MemoryFormat),
    Layout(Layout),
    Device(Device),
}

struct Maker<'a, 'm> {
    mode: &'m mut FakeTensorMode,
    symbols: &'a mut Vec<(String, SymInt)>,
    hints: &'a BTreeMap<String, i64>,
}

impl Maker<'_, '_> {
    fn size(&mut self, s: &Size, source: Source) -> Result<SymInt, CallError> {
        match s {
            Size::Int(v) => Ok(SymInt::Int(*v)),
            Size::Sym(name) => {
                if let Some((_, v)) = self.symbols.iter().find(|(n, _)| n == name) {
                    return Ok(*v);
                }
                let hint = *self.hints.get(name).unwrap_or(&8);
                let v =
                    self.mode
                        .env_mut()
                        .create_symbol(hint, source, DimDynamic::Dynamic, None)?;
                // The call's names are PyTorch's: they decide replacements.
                self.mode.env_mut().set_pytorch_name(v, name);
                self.symbols.push((name.clone(), v));
                Ok(v)
            }
            Size::Expr(e) => self.expr(e),
        }
    }

    /// An expression's value: its symbols made as [`Self::size`] makes
    /// them (a symbol first met inside an expression is an integer input
    /// of its own, by its name: the size the expression gives is not its
    /// value), then the ShapeEnv's arithmetic.
    fn expr(&mut self, e: &SizeExpr) -> Result<SymInt, CallError> {
        Ok(match e {
            SizeExpr::Int(v) => SymInt::Int(*v),
            SizeExpr::Sym(name) => {
                self.size(&Size::Sym(name.clone()), Source::Local(name.clone()))?
            }
            SizeExpr::Neg(a) => {
                let a = self.expr(a)?;
                self.mode.env_mut().neg(a)?
            }
            SizeExpr::Bin(op, a, b) => {
                let (a, b) = (self.expr(a)?, self.expr(b)?);
                let env = self.mode.env_mut();
                match op {
                    BinOp::Add => env.add(a, b)?,
                    BinOp::Sub => env.sub(a, b)?,
                    BinOp::Mul => env.mul(a, b)?,
                    BinOp::FloorDiv => env.floordiv(a, b)?,
                    BinOp::CeilDiv => env.ceildiv(a, b)?,
                    BinOp::Mod => env.modulo(a, b)?,
                    BinOp::Max => env.max(a, b)?,
                    BinOp::Min => env.min(a, b)?,
                }
            }
        })
    }

    fn value(&mut self, v: &CallValue, name: &str) -> Result<Made, CallError> {
        Ok(match v {
            CallValue::None => Made::None,
            CallValue::Bool(b) => Made::Bool(*b),
            CallValue::Int(i) => Made::Int(SymInt::Int(*i)),
            CallValue::Float(f) => Made::Float(*f),
            CallValue::Complex(re, im) => Made::Complex(*re, *im),
            CallValue::Str(s) => Made::Str(s.clone()),
            // A symbol alone is the expression of one symbol.
            CallValue::Sym(s) => Made::Int(self.expr(&SizeExpr::Sym(s.clone()))?),
            CallValue::SymExpr(e) => Made::Int(self.expr(e)?),
            CallValue::DType(d) => Made::DType(*d),
            CallValue::MemoryFormat(m) => Made::MemoryFormat(*m),
            CallValue::Layout(l) => Made::Layout(*l),
            CallValue::Device(d) => Made::Device(*d),
            CallValue::Tensor(t) => Made::Tensor(self.tensor(t, name)?),
            CallValue::List(items) => {
                if items.iter().all(|x| matches!(x, CallValue::Tensor(_))) && !items.is_empty() {
                    let mut ts = Vec::with_capacity(items.len());
                    for (k, x) in items.iter().enumerate() {
                        if let CallValue::Tensor(t) = x {
                            ts.push(self.tensor(t, &format!("{name}[{k}]"))?);
                        }
                    }
                    Made::Tensors(ts)
                } else if !items.is_empty()
                    && items
                        .iter()
                        .all(|x| matches!(x, CallValue::Tensor(_) | CallValue::None))
                {
                    // Tensors and `None`s, or `None`s alone (`index`'s
                    // `[None]`, every dim kept): optional tensors.
                    let mut ts = Vec::with_capacity(items.len());
                    for (k, x) in items.iter().enumerate() {
                        ts.push(match x {
                            CallValue::Tensor(t) => Some(self.tensor(t, &format!("{name}[{k}]"))?),
                            _ => None,
                        });
                    }
                    Made::OptTensors(ts)
                } else if items.iter().all(|x| {
                    matches!(
                        x,
                        CallValue::Int(_) | CallValue::Sym(_) | CallValue::SymExpr(_)
                    )
                }) {
                    let mut out = Vec::with_capacity(items.len());
                    for (k, x) in items.iter().enumerate() {
                        out.push(match self.value(x, &format!("{name}[{k}]"))? {
                            Made::Int(v) => v,
                            _ => SymInt::Int(0),
                        });
                    }
                    Made::Ints(out)
                } else if items
                    .iter()
                    .all(|x| matches!(x, CallValue::Float(_) | CallValue::Int(_)))
                {
                    Made::Floats(
                        items
                            .iter()
                            .map(|x| match x {
                                CallValue::Float(f) => *f,
                                CallValue::Int(i) => *i as f64,
                                _ => 0.0,
                            })
                            .collect(),
                    )
                } else if items.iter().all(|x| matches!(x, CallValue::Bool(_))) {
                    Made::Bools(
                        items
                            .iter()
                            .map(|x| matches!(x, CallValue::Bool(true)))
                            .collect(),
                    )
                } else {
                    return Err(CallError::Json(format!(
                        "argument `{name}`: a list must hold tensors (and `None`s), integers, floats or bools, one kind"
                    )));
                }
            }
        })
    }

    fn tensor(&mut self, t: &TensorSpec, name: &str) -> Result<TensorId, CallError> {
        let negative = t
            .sizes
            .iter()
            .chain(t.strides.iter().flatten())
            .chain(std::iter::once(&t.storage_offset))
            .find(|s| matches!(s, Size::Int(v) if *v < 0));
        if let Some(Size::Int(v)) = negative {
            return Err(CallError::Json(format!(
                "argument `{name}`: a size, stride or offset of {v}; they are never negative"
            )));
        }
        fake_runtime::meta::check_rank(&format!("argument `{name}`"), t.sizes.len())?;
        let mut sizes = Vec::with_capacity(t.sizes.len());
        for (d, s) in t.sizes.iter().enumerate() {
            sizes.push(self.size(s, Source::size(name, d))?);
        }
        let strides = match &t.strides {
            Some(st) => {
                if st.len() != sizes.len() {
                    return Err(CallError::Json(format!(
                        "argument `{name}`: {} strides for {} sizes",
                        st.len(),
                        sizes.len()
                    )));
                }
                let mut out = Vec::with_capacity(st.len());
                for (d, s) in st.iter().enumerate() {
                    out.push(self.size(
                        s,
                        Source::Stride {
                            tensor: name.to_string(),
                            dim: d,
                        },
                    )?);
                }
                out.into_iter().collect()
            }
            None => fake_runtime::strides::contiguous(self.mode.env_mut(), &sizes)?,
        };
        let storage_offset = self.size(
            &t.storage_offset,
            Source::StorageOffset {
                tensor: name.to_string(),
            },
        )?;
        let meta = TensorMeta {
            sizes: sizes.into_iter().collect(),
            strides,
            storage_offset,
            dtype: t.dtype,
            device: t.device,
            layout: Layout::Strided,
            requires_grad: t.requires_grad,
            wrapped_number: false,
        };
        Ok(self.mode.add_tensor(meta, None, true))
    }
}

impl Made {
    /// A list of integers' values (empty for anything else).
    fn ints(&self) -> Vec<SymInt> {
        match self {
            Made::Ints(v) => v.clone(),
            _ => Vec::new(),
        }
    }

    /// A list of tensors' ids (empty for anything else).
    fn tensor_list(&self) -> Vec<TensorId> {
        match self {
            Made::Tensors(v) => v.clone(),
            _ => Vec::new(),
        }
    }

    /// The argument as written, for overload resolution (before a
    /// parameter decides, say, that an integer is a `Scalar`).
    fn neutral<'a>(&'a self, ints: &'a [SymInt], tensors: &'a [TensorId]) -> Value<'a> {
        match self {
            Made::None => Value::None,
            Made::Bool(b) => Value::Bool(*b),
            Made::Int(v) => Value::Int(*v),
            Made::Float(f) => Value::Float(*f),
            Made::Complex(re, im) => Value::Scalar(Scalar::Complex(*re, *im)),
            Made::Str(s) => Value::Str(s),
            Made::Ints(_) => Value::Ints(ints),
            Made::Floats(f) => Value::Floats(f),
            Made::Bools(b) => Value::Bools(b),
            Made::Tensor(t) => Value::Tensor(*t),
            Made::Tensors(_) => Value::Tensors(tensors),
            Made::OptTensors(v) => Value::OptTensors(v),
            Made::DType(d) => Value::DType(*d),
            Made::MemoryFormat(m) => Value::MemoryFormat(*m),
            Made::Layout(l) => Value::Layout(*l),
            Made::Device(d) => Value::Device(*d),
        }
    }

    /// The argument as the parameter takes it.
    fn as_value<'a>(
        &'a self,
        p: ParamDef,
        ints: &'a [SymInt],
        tensors: &'a [TensorId],
        optional_tensors: &'a [Option<TensorId>],
    ) -> Value<'a> {
        let number = matches!(p.ty.base, BaseType::Scalar) && p.ty.list.is_none();
        let optional_elements = p.ty.list.is_some_and(|l| l.elem_optional);
        match self {
            // Tensors where the parameter is `Tensor?[]`: optional ones.
            Made::Tensors(_) if optional_elements => Value::OptTensors(optional_tensors),
            Made::Bool(b) if number => Value::Scalar(Scalar::Bool(SymBool::Bool(*b))),
            Made::Int(v) if number => Value::Scalar(Scalar::Int(*v)),
            Made::Int(SymInt::Int(i)) if p.ty.base == BaseType::Float => Value::Float(*i as f64),
            Made::Int(v) if p.ty.list.is_some() => Value::Ints(std::slice::from_ref(v)),
            Made::Float(f) if number => Value::Scalar(Scalar::from(*f)),
            // An empty list is of the list kind the parameter wants.
            Made::Ints(v) if v.is_empty() && p.ty.base == BaseType::Tensor => Value::Tensors(&[]),
            Made::Ints(v) if v.is_empty() && p.ty.base == BaseType::Float => Value::Floats(&[]),
            Made::Ints(v) if v.is_empty() && p.ty.base == BaseType::Bool => Value::Bools(&[]),
            // Anything else is what was written.
            other => other.neutral(ints, tensors),
        }
    }
}

/// Every size, stride and offset of tensors `ts`.
fn metadata_ints(mode: &FakeTensorMode, ts: &[TensorId]) -> Vec<SymInt> {
    let mut out = Vec::new();
    for &t in ts {
        if let Ok(m) = mode.meta(t) {
            out.extend(m.sizes.iter().chain(&m.strides).copied());
            out.push(m.storage_offset);
        }
    }
    out
}

#[cfg(test)]
mod tests {
    use super::print::list;
    use super::*;

    #[test]
    fn symbols_in_several_tensor_arguments() {
        // Each argument's sizes have their own sources: a symbol first seen
        // in the second tensor is not refused as a duplicate source.
        let call = parse("aten::mm(f32[s0,s1], f32[s1,s2])").expect("parses");
        let report = run(&call, &fake_ops::registry(), &BTreeMap::new()).expect("runs");
        let Outcome::Tensor { sizes, .. } = &report.outputs[0] else {
            panic!("a tensor")
        };
        assert_eq!(list(sizes), "[s0, s2]");
        let names: Vec<&str> = report.symbols.iter().map(|(n, _)| n.as_str()).collect();
        assert_eq!(names, ["s0", "s1", "s2"]);
    }

    #[test]
    fn a_layout_other_than_strided_is_printed() {
        let call = parse("aten::_to_sparse(f32[4,3])").expect("parses");
        let report = run(&call, &fake_ops::registry(), &BTreeMap::new()).expect("runs");
        let out = &report.outputs[0];
        assert!(out.to_string().ends_with(" cpu sparse_coo"), "{out}");
        assert_eq!(out.json()["tensor"]["layout"], "sparse_coo");
        let call = parse("aten::mm(f32[2,3], f32[3,4])").expect("parses");
        let report = run(&call, &fake_ops::registry(), &BTreeMap::new()).expect("runs");
        assert!(report.outputs[0].json()["tensor"].get("layout").is_none());
    }
}
