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
//! The JSON form (`{"op": .., "args": [..], "kwargs": {..}}`) writes a
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
    DType, Device, DimDynamic, FakeTensorMode, Layout, MemoryFormat, Registry, Scalar, Source,
    SymBool, SymInt, TensorId, TensorMeta,
};
use serde_json::{Map, Value as Json};
use std::collections::BTreeMap;
use thiserror::Error;

/// The deepest nesting of lists the parsers accept.
const MAX_DEPTH: usize = 32;

/// A size or stride as written: a number or a symbol's name.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Size {
    /// A known value.
    Int(i64),
    /// A symbol, by name.
    Sym(String),
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
    /// A string (`"mean"`).
    Str(String),
    /// A symbol used as an integer (`s0`).
    Sym(String),
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

// ---- the text form ----------------------------------------------------------------

/// Parse a call written as text.
pub fn parse(text: &str) -> Result<Call, CallError> {
    let mut p = Parser {
        s: text.as_bytes(),
        i: 0,
    };
    p.blank();
    let op = p.op_name()?;
    p.expect(b'(')?;
    let (mut args, mut kwargs) = (Vec::new(), Vec::new());
    loop {
        p.blank();
        if p.eat(b')') {
            break;
        }
        // `name=value`?
        let save = p.i;
        if let Some(name) = p.ident()
            && p.eat(b'=')
        {
            kwargs.push((name, p.value(0)?));
        } else {
            p.i = save;
            if !kwargs.is_empty() {
                return Err(p.err("a positional argument after a keyword argument"));
            }
            args.push(p.value(0)?);
        }
        p.blank();
        if p.eat(b',') {
            continue;
        }
        p.expect(b')')?;
        break;
    }
    p.blank();
    if p.i != p.s.len() {
        return Err(p.err("text after the call"));
    }
    Ok(Call { op, args, kwargs })
}

struct Parser<'a> {
    s: &'a [u8],
    i: usize,
}

impl Parser<'_> {
    fn err(&self, reason: &str) -> CallError {
        CallError::Syntax {
            at: self.i,
            reason: reason.to_string(),
        }
    }

    fn blank(&mut self) {
        while self.i < self.s.len() && self.s[self.i].is_ascii_whitespace() {
            self.i += 1;
        }
    }

    fn eat(&mut self, c: u8) -> bool {
        self.blank();
        if self.s.get(self.i) == Some(&c) {
            self.i += 1;
            true
        } else {
            false
        }
    }

    fn expect(&mut self, c: u8) -> Result<(), CallError> {
        if self.eat(c) {
            Ok(())
        } else {
            Err(self.err(&format!("expected `{}`", c as char)))
        }
    }

    /// A word: letters, digits, `_` and `.` (`torch.float16`, `s0`).
    fn ident(&mut self) -> Option<String> {
        self.blank();
        let start = self.i;
        while self.i < self.s.len()
            && (self.s[self.i].is_ascii_alphanumeric() || matches!(self.s[self.i], b'_' | b'.'))
        {
            self.i += 1;
        }
        let word = std::str::from_utf8(&self.s[start..self.i]).ok()?;
        if word.is_empty() || word.as_bytes()[0].is_ascii_digit() {
            self.i = start;
            return None;
        }
        Some(word.to_string())
    }

    /// `aten::add.Tensor`, `torch.ops.aten.add.Tensor`, `add`.
    fn op_name(&mut self) -> Result<String, CallError> {
        let start = self.i;
        while self.i < self.s.len()
            && (self.s[self.i].is_ascii_alphanumeric()
                || matches!(self.s[self.i], b'_' | b'.' | b':'))
        {
            self.i += 1;
        }
        let name = std::str::from_utf8(&self.s[start..self.i]).unwrap_or_default();
        if name.is_empty() {
            return Err(self.err("expected an operator name"));
        }
        let name = name.strip_prefix("torch.ops.").unwrap_or(name);
        Ok(match name.split_once("::") {
            Some(_) => name.to_string(),
            None => match name.split_once('.') {
                Some((ns, rest)) if matches!(ns, "aten" | "prims") => format!("{ns}::{rest}"),
                _ => format!("aten::{name}"),
            },
        })
    }

    fn number(&mut self) -> Result<CallValue, CallError> {
        self.blank();
        let start = self.i;
        while self.i < self.s.len()
            && (self.s[self.i].is_ascii_alphanumeric()
                || matches!(self.s[self.i], b'-' | b'+' | b'.'))
        {
            // A sign only leads a number or follows an exponent's `e`.
            if matches!(self.s[self.i], b'-' | b'+')
                && self.i != start
                && !matches!(self.s[self.i - 1], b'e' | b'E')
            {
                break;
            }
            self.i += 1;
        }
        let text = std::str::from_utf8(&self.s[start..self.i]).unwrap_or_default();
        if let Ok(v) = text.parse::<i64>() {
            return Ok(CallValue::Int(v));
        }
        match text {
            "inf" => return Ok(CallValue::Float(f64::INFINITY)),
            "-inf" => return Ok(CallValue::Float(f64::NEG_INFINITY)),
            "nan" => return Ok(CallValue::Float(f64::NAN)),
            _ => {}
        }
        text.parse::<f64>()
            .map(CallValue::Float)
            .map_err(|_| CallError::Syntax {
                at: start,
                reason: format!("`{text}` is not a number"),
            })
    }

    fn size(&mut self) -> Result<Size, CallError> {
        self.blank();
        if let Some(name) = self.ident() {
            return Ok(Size::Sym(name));
        }
        match self.number()? {
            CallValue::Int(v) => Ok(Size::Int(v)),
            _ => Err(self.err("a size is an integer or a symbol")),
        }
    }

    fn sizes(&mut self, close: u8) -> Result<Vec<Size>, CallError> {
        let mut out = Vec::new();
        if self.eat(close) {
            return Ok(out);
        }
        loop {
            out.push(self.size()?);
            if self.eat(close) {
                return Ok(out);
            }
            self.expect(b',')?;
        }
    }

    fn value(&mut self, depth: usize) -> Result<CallValue, CallError> {
        if depth > MAX_DEPTH {
            return Err(self.err("lists nested too deeply"));
        }
        self.blank();
        match self.s.get(self.i) {
            None => Err(self.err("expected a value")),
            Some(b'[') | Some(b'(') => {
                let close = if self.s[self.i] == b'[' { b']' } else { b')' };
                self.i += 1;
                let mut items = Vec::new();
                if self.eat(close) {
                    return Ok(CallValue::List(items));
                }
                loop {
                    items.push(self.value(depth + 1)?);
                    if self.eat(close) {
                        return Ok(CallValue::List(items));
                    }
                    self.expect(b',')?;
                    if self.eat(close) {
                        return Ok(CallValue::List(items));
                    }
                }
            }
            Some(b'"') | Some(b'\'') => {
                let q = self.s[self.i];
                let start = self.i + 1;
                let end = self.s[start..]
                    .iter()
                    .position(|&c| c == q)
                    .ok_or_else(|| self.err("unterminated string"))?;
                self.i = start + end + 1;
                Ok(CallValue::Str(
                    String::from_utf8_lossy(&self.s[start..start + end]).into_owned(),
                ))
            }
            Some(c) if c.is_ascii_digit() || matches!(c, b'-' | b'+' | b'.') => self.number(),
            Some(_) => {
                let start = self.i;
                let word = self.ident().ok_or_else(|| self.err("expected a value"))?;
                if self.s.get(self.i) == Some(&b'[') {
                    self.i = start;
                    return self.tensor().map(CallValue::Tensor);
                }
                Ok(match word.as_str() {
                    "None" => CallValue::None,
                    "True" => CallValue::Bool(true),
                    "False" => CallValue::Bool(false),
                    "inf" => CallValue::Float(f64::INFINITY),
                    "nan" => CallValue::Float(f64::NAN),
                    w => named_constant(w).unwrap_or_else(|| CallValue::Sym(w.to_string())),
                })
            }
        }
    }

    /// `f32[2,s0]{s0,1}+3@cuda`.
    fn tensor(&mut self) -> Result<TensorSpec, CallError> {
        let start = self.i;
        let word = self.ident().ok_or_else(|| self.err("expected a dtype"))?;
        let dtype = dtype_named(&word).ok_or(CallError::Syntax {
            at: start,
            reason: format!("`{word}` is not a dtype"),
        })?;
        self.expect(b'[')?;
        let sizes = self.sizes(b']')?;
        let strides = if self.eat(b'{') {
            Some(self.sizes(b'}')?)
        } else {
            None
        };
        let storage_offset = if self.eat(b'+') {
            self.size()?
        } else {
            Size::Int(0)
        };
        let device = if self.eat(b'@') {
            let at = self.i;
            let mut end = at;
            while end < self.s.len() && (self.s[end].is_ascii_alphanumeric() || self.s[end] == b':')
            {
                end += 1;
            }
            self.i = end;
            let text = std::str::from_utf8(&self.s[at..end]).unwrap_or_default();
            text.parse::<Device>().map_err(|_| CallError::Syntax {
                at,
                reason: format!("`{text}` is not a device"),
            })?
        } else {
            Device::cpu()
        };
        Ok(TensorSpec {
            dtype,
            sizes,
            strides,
            storage_offset,
            device,
            requires_grad: false,
        })
    }
}

/// A dtype by its short (`f32`, `i64`, `b8`) or PyTorch name.
fn dtype_named(w: &str) -> Option<DType> {
    let short = match w {
        "f16" => Some(DType::Float16),
        "bf16" => Some(DType::BFloat16),
        "f32" => Some(DType::Float32),
        "f64" => Some(DType::Float64),
        "i8" => Some(DType::Int8),
        "i16" => Some(DType::Int16),
        "i32" => Some(DType::Int32),
        "i64" => Some(DType::Int64),
        "u8" => Some(DType::UInt8),
        "b8" | "bool" => Some(DType::Bool),
        "c64" => Some(DType::Complex64),
        "c128" => Some(DType::Complex128),
        _ => None,
    };
    short.or_else(|| w.parse().ok())
}

/// `torch.float16`, `torch.channels_last`, `torch.strided` as values.
fn named_constant(w: &str) -> Option<CallValue> {
    let bare = w.strip_prefix("torch.")?;
    if let Ok(d) = bare.parse::<DType>() {
        return Some(CallValue::DType(d));
    }
    if let Ok(m) = bare.parse::<MemoryFormat>() {
        return Some(CallValue::MemoryFormat(m));
    }
    bare.parse::<Layout>().ok().map(CallValue::Layout)
}

// ---- the JSON form ----------------------------------------------------------------

/// Read a call from its JSON form.
pub fn from_json(v: &Json) -> Result<Call, CallError> {
    let bad = |m: &str| CallError::Json(m.to_string());
    let o = v
        .as_object()
        .ok_or_else(|| bad("a call is a JSON object"))?;
    let op = o
        .get("op")
        .and_then(Json::as_str)
        .ok_or_else(|| bad("`op` must be a string"))?;
    let op = Parser {
        s: op.as_bytes(),
        i: 0,
    }
    .op_name()?;
    let args = match o.get("args") {
        None => Vec::new(),
        Some(Json::Array(a)) => a
            .iter()
            .map(|x| json_value(x, 0))
            .collect::<Result<_, _>>()?,
        Some(_) => return Err(bad("`args` must be a list")),
    };
    let kwargs = match o.get("kwargs") {
        None => Vec::new(),
        Some(Json::Object(m)) => m
            .iter()
            .map(|(k, x)| Ok((k.clone(), json_value(x, 0)?)))
            .collect::<Result<_, CallError>>()?,
        Some(_) => return Err(bad("`kwargs` must be an object")),
    };
    if let Some(k) = o
        .keys()
        .find(|k| !matches!(k.as_str(), "op" | "args" | "kwargs"))
    {
        return Err(CallError::Json(format!("unknown field `{k}`")));
    }
    Ok(Call { op, args, kwargs })
}

/// Read one argument from its JSON form: a tensor
/// (`{"tensor": {"dtype": "float32", "sizes": [2, "s0"]}}`), a dtype
/// (`{"dtype": "int64"}`), a memory format, layout or device, a number, a
/// string, a bool, `null` or a list of these.
pub fn value_from_json(v: &Json) -> Result<CallValue, CallError> {
    json_value(v, 0)
}

fn json_size(v: &Json) -> Result<Size, CallError> {
    match v {
        Json::Number(n) => n
            .as_i64()
            .map(Size::Int)
            .ok_or_else(|| CallError::Json(format!("size {n} is not an integer"))),
        Json::String(s) => Ok(Size::Sym(s.clone())),
        other => Err(CallError::Json(format!(
            "size {other} is not an integer or a symbol"
        ))),
    }
}

fn json_sizes(v: &Json, what: &str) -> Result<Vec<Size>, CallError> {
    v.as_array()
        .ok_or_else(|| CallError::Json(format!("`{what}` must be a list")))?
        .iter()
        .map(json_size)
        .collect()
}

fn json_value(v: &Json, depth: usize) -> Result<CallValue, CallError> {
    if depth > MAX_DEPTH {
        return Err(CallError::Json("lists nested too deeply".into()));
    }
    let named = |s: Option<&Json>, what: &str| -> Result<String, CallError> {
        s.and_then(Json::as_str)
            .map(str::to_string)
            .ok_or_else(|| CallError::Json(format!("`{what}` must be a string")))
    };
    Ok(match v {
        Json::Null => CallValue::None,
        Json::Bool(b) => CallValue::Bool(*b),
        Json::Number(n) => match n.as_i64() {
            Some(i) => CallValue::Int(i),
            None => CallValue::Float(n.as_f64().unwrap_or(f64::NAN)),
        },
        Json::String(s) => CallValue::Str(s.clone()),
        Json::Array(a) => CallValue::List(
            a.iter()
                .map(|x| json_value(x, depth + 1))
                .collect::<Result<_, _>>()?,
        ),
        Json::Object(o) if o.len() == 1 => {
            let (k, x) = o
                .iter()
                .next()
                .ok_or_else(|| CallError::Json("empty object".into()))?;
            let parse_err = |e: fake_runtime::Error| CallError::Json(e.to_string());
            match k.as_str() {
                "tensor" => CallValue::Tensor(json_tensor(x)?),
                "dtype" => CallValue::DType(named(Some(x), "dtype")?.parse().map_err(parse_err)?),
                "memory_format" => CallValue::MemoryFormat(
                    named(Some(x), "memory_format")?
                        .parse()
                        .map_err(parse_err)?,
                ),
                "layout" => {
                    CallValue::Layout(named(Some(x), "layout")?.parse().map_err(parse_err)?)
                }
                "device" => {
                    CallValue::Device(named(Some(x), "device")?.parse().map_err(parse_err)?)
                }
                other => return Err(CallError::Json(format!("unknown value kind `{other}`"))),
            }
        }
        Json::Object(_) => return Err(CallError::Json("a value object has one key".into())),
    })
}

fn json_tensor(v: &Json) -> Result<TensorSpec, CallError> {
    let o: &Map<String, Json> = v
        .as_object()
        .ok_or_else(|| CallError::Json("`tensor` must be an object".into()))?;
    for k in o.keys() {
        if !matches!(
            k.as_str(),
            "dtype" | "sizes" | "strides" | "storage_offset" | "device" | "requires_grad"
        ) {
            return Err(CallError::Json(format!("unknown tensor field `{k}`")));
        }
    }
    let dtype = o
        .get("dtype")
        .and_then(Json::as_str)
        .and_then(dtype_named)
        .ok_or_else(|| CallError::Json("a tensor needs a known `dtype`".into()))?;
    let sizes = json_sizes(
        o.get("sizes")
            .ok_or_else(|| CallError::Json("a tensor needs `sizes`".into()))?,
        "sizes",
    )?;
    let strides = o
        .get("strides")
        .map(|s| json_sizes(s, "strides"))
        .transpose()?;
    let storage_offset = o
        .get("storage_offset")
        .map(json_size)
        .transpose()?
        .unwrap_or(Size::Int(0));
    let device = match o.get("device") {
        None => Device::cpu(),
        Some(Json::String(s)) => s
            .parse()
            .map_err(|e: fake_runtime::Error| CallError::Json(e.to_string()))?,
        Some(_) => return Err(CallError::Json("`device` must be a string".into())),
    };
    let requires_grad = match o.get("requires_grad") {
        None => false,
        Some(Json::Bool(b)) => *b,
        Some(_) => return Err(CallError::Json("`requires_grad` must be a bool".into())),
    };
    Ok(TensorSpec {
        dtype,
        sizes,
        strides,
        storage_offset,
        device,
        requires_grad,
    })
}

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
    let mut mode = FakeTensorMode::new(registry.clone());
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
    let values: Vec<Value<'_>> = ordered
        .iter()
        .enumerate()
        .map(|(i, a)| match a {
            None => Value::None,
            Some(m) => m.as_value(def.params[i], &storage[i], &tensor_lists[i]),
        })
        .collect();
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
    let printer = Printer {
        mode: &mode,
        names: &names,
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

/// An argument made in the mode.
#[derive(Debug, Clone)]
enum Made {
    None,
    Bool(bool),
    Int(SymInt),
    Float(f64),
    Str(String),
    Ints(Vec<SymInt>),
    Floats(Vec<f64>),
    Bools(Vec<bool>),
    Tensor(TensorId),
    Tensors(Vec<TensorId>),
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
                self.symbols.push((name.clone(), v));
                Ok(v)
            }
        }
    }

    fn value(&mut self, v: &CallValue, name: &str) -> Result<Made, CallError> {
        Ok(match v {
            CallValue::None => Made::None,
            CallValue::Bool(b) => Made::Bool(*b),
            CallValue::Int(i) => Made::Int(SymInt::Int(*i)),
            CallValue::Float(f) => Made::Float(*f),
            CallValue::Str(s) => Made::Str(s.clone()),
            CallValue::Sym(s) => {
                Made::Int(self.size(&Size::Sym(s.clone()), Source::Local(s.clone()))?)
            }
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
                } else if items
                    .iter()
                    .all(|x| matches!(x, CallValue::Int(_) | CallValue::Sym(_)))
                {
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
                        "argument `{name}`: a list must hold tensors, integers, floats or bools, one kind"
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
            Made::Str(s) => Value::Str(s),
            Made::Ints(_) => Value::Ints(ints),
            Made::Floats(f) => Value::Floats(f),
            Made::Bools(b) => Value::Bools(b),
            Made::Tensor(t) => Value::Tensor(*t),
            Made::Tensors(_) => Value::Tensors(tensors),
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
    ) -> Value<'a> {
        let number = matches!(p.ty.base, BaseType::Scalar) && p.ty.list.is_none();
        match self {
            Made::None => Value::None,
            Made::Bool(b) if number => Value::Scalar(Scalar::Bool(SymBool::Bool(*b))),
            Made::Bool(b) => Value::Bool(*b),
            Made::Int(v) if number => Value::Scalar(Scalar::Int(*v)),
            Made::Int(v) if matches!(p.ty.base, BaseType::Float) => match v {
                SymInt::Int(i) => Value::Float(*i as f64),
                _ => Value::Int(*v),
            },
            Made::Int(v) if p.ty.list.is_some() => Value::Ints(std::slice::from_ref(v)),
            Made::Int(v) => Value::Int(*v),
            Made::Float(f) if number => Value::Scalar(Scalar::from(*f)),
            Made::Float(f) => Value::Float(*f),
            Made::Str(s) => Value::Str(s),
            // An empty list is of the list kind the parameter wants.
            Made::Ints(v) if v.is_empty() && p.ty.base == BaseType::Tensor => Value::Tensors(&[]),
            Made::Ints(v) if v.is_empty() && p.ty.base == BaseType::Float => Value::Floats(&[]),
            Made::Ints(v) if v.is_empty() && p.ty.base == BaseType::Bool => Value::Bools(&[]),
            Made::Ints(_) => Value::Ints(ints),
            Made::Floats(f) => Value::Floats(f),
            Made::Bools(b) => Value::Bools(b),
            Made::Tensor(t) => Value::Tensor(*t),
            Made::Tensors(_) => Value::Tensors(tensors),
            Made::DType(d) => Value::DType(*d),
            Made::MemoryFormat(m) => Value::MemoryFormat(*m),
            Made::Layout(l) => Value::Layout(*l),
            Made::Device(d) => Value::Device(*d),
        }
    }
}

struct Printer<'a> {
    mode: &'a FakeTensorMode,
    names: &'a BTreeMap<fake_runtime::sym::Symbol, String>,
}

impl Printer<'_> {
    fn int(&self, v: SymInt) -> Printed {
        match v {
            SymInt::Int(i) => Printed::Int(i),
            SymInt::Expr(e) => Printed::Text(self.expr(e)),
        }
    }

    fn expr(&self, e: fake_runtime::sym::ExprId) -> String {
        let arena = self.mode.env().arena();
        if !arena.owns(e) {
            return format!("<foreign expression {}>", e.index());
        }
        arena.display_with(e, &|s| {
            self.names
                .get(&s)
                .cloned()
                .unwrap_or_else(|| arena.symbol_name(s))
        })
    }

    fn bool_expr(&self, e: fake_runtime::sym::ExprId) -> String {
        self.expr(e)
    }

    fn tensor(&self, t: TensorId, args: &[Option<TensorId>]) -> Result<Outcome, CallError> {
        let m = self.mode.meta(t)?;
        let storage = self.mode.tensor(t)?.storage;
        let alias = args.iter().enumerate().find_map(|(i, a)| {
            let a = (*a)?;
            let same = self.mode.tensor(a).ok()?.storage == storage;
            same.then(|| {
                if a == t {
                    format!("argument {i} itself")
                } else {
                    format!("view of argument {i}")
                }
            })
        });
        Ok(Outcome::Tensor {
            dtype: m.dtype.to_string(),
            sizes: m.sizes.iter().map(|&s| self.int(s)).collect(),
            strides: m.strides.iter().map(|&s| self.int(s)).collect(),
            storage_offset: self.int(m.storage_offset),
            device: m.device.to_string(),
            alias,
        })
    }

    fn output(&self, o: &Output, args: &[Option<TensorId>]) -> Result<Outcome, CallError> {
        Ok(match o {
            Output::Tensor(t) => self.tensor(*t, args)?,
            Output::Tensors(ts) => Outcome::Tensors(
                ts.iter()
                    .map(|t| self.tensor(*t, args))
                    .collect::<Result<_, _>>()?,
            ),
            Output::Int(v) => Outcome::Value(self.int(*v)),
            Output::Bool(SymBool::Bool(b)) => {
                Outcome::Value(Printed::Text(if *b { "True" } else { "False" }.into()))
            }
            Output::Bool(SymBool::Expr(e)) => Outcome::Value(Printed::Text(self.expr(*e))),
            Output::Scalar(s) => Outcome::Value(Printed::Text(match s {
                Scalar::Int(v) => match self.int(*v) {
                    Printed::Int(i) => i.to_string(),
                    Printed::Text(t) => t,
                },
                other => format!("{other:?}"),
            })),
            Output::None => Outcome::None,
        })
    }
}

// ---- printing ----------------------------------------------------------------------

impl Printed {
    fn json(&self) -> Json {
        match self {
            Printed::Int(i) => Json::from(*i),
            Printed::Text(t) => Json::from(t.as_str()),
        }
    }
}

impl std::fmt::Display for Printed {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            Printed::Int(i) => write!(f, "{i}"),
            Printed::Text(t) => f.write_str(t),
        }
    }
}

fn list(v: &[Printed]) -> String {
    let items: Vec<String> = v.iter().map(ToString::to_string).collect();
    format!("[{}]", items.join(", "))
}

impl Outcome {
    /// The result in the JSON form of the call's arguments.
    pub fn json(&self) -> Json {
        match self {
            Outcome::Tensor {
                dtype,
                sizes,
                strides,
                storage_offset,
                device,
                alias,
            } => {
                let mut t = Map::new();
                t.insert("dtype".into(), Json::from(dtype.as_str()));
                t.insert(
                    "sizes".into(),
                    Json::Array(sizes.iter().map(Printed::json).collect()),
                );
                t.insert(
                    "strides".into(),
                    Json::Array(strides.iter().map(Printed::json).collect()),
                );
                t.insert("storage_offset".into(), storage_offset.json());
                t.insert("device".into(), Json::from(device.as_str()));
                let mut o = Map::new();
                o.insert("tensor".into(), Json::Object(t));
                if let Some(a) = alias {
                    o.insert("alias".into(), Json::from(a.as_str()));
                }
                Json::Object(o)
            }
            Outcome::Tensors(ts) => Json::Array(ts.iter().map(Outcome::json).collect()),
            Outcome::Value(v) => v.json(),
            Outcome::None => Json::Null,
        }
    }
}

impl std::fmt::Display for Outcome {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            Outcome::Tensor {
                dtype,
                sizes,
                strides,
                storage_offset,
                device,
                alias,
            } => {
                write!(f, "{dtype}{} strides {}", list(sizes), list(strides))?;
                if *storage_offset != Printed::Int(0) {
                    write!(f, " offset {storage_offset}")?;
                }
                write!(f, " {device}")?;
                if let Some(a) = alias {
                    write!(f, " ({a})")?;
                }
                Ok(())
            }
            Outcome::Tensors(ts) => {
                let items: Vec<String> = ts.iter().map(ToString::to_string).collect();
                write!(f, "[{}]", items.join(", "))
            }
            Outcome::Value(v) => write!(f, "{v}"),
            Outcome::None => f.write_str("None"),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_text_form() {
        let c = parse("aten::conv2d(f32[s0,3,224,224], f32[64,3,7,7]{147,49,7,1}+2@cuda:0, None, [2,2], padding=[3,3])")
            .expect("parses");
        assert_eq!(c.op, "aten::conv2d");
        assert_eq!(c.args.len(), 4);
        let CallValue::Tensor(w) = &c.args[1] else {
            panic!("a tensor")
        };
        assert_eq!(w.storage_offset, Size::Int(2));
        assert_eq!(w.device.to_string(), "cuda:0");
        assert_eq!(c.kwargs[0].0, "padding");
        assert_eq!(
            parse("add(f32[2], -1.5e-3)").expect("parses").args[1],
            CallValue::Float(-1.5e-3)
        );
        assert_eq!(
            parse("torch.ops.aten.sum.default(f32[2], dtype=torch.float16)")
                .expect("parses")
                .kwargs[0]
                .1,
            CallValue::DType(DType::Float16)
        );
    }

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
    fn bad_text_is_an_error_with_its_place() {
        for bad in [
            "",
            "add(",
            "add(f32[2]",
            "add(x=1, f32[2])",
            "add(q32[2])",
            "add(f32[2]) extra",
            &format!("add({}1{})", "[".repeat(40), "]".repeat(40)),
            "add(\"open)",
        ] {
            assert!(parse(bad).is_err(), "{bad:?} parsed");
        }
    }
}
