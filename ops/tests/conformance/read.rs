//! Reading fixture values: typed accessors that name where a malformed
//! fixture went wrong (never a panic), and a case's inputs as dispatch
//! arguments.

use fake_runtime::mode::Value;
use fake_runtime::{
    DType, FakeTensorMode, Layout, MemoryFormat, Scalar, SymBool, SymInt, TensorId, TensorMeta,
};
use serde_json::{Map, Value as Json};

/// A malformed fixture: a message naming where.
pub(crate) type Bad = String;

/// `j[key]`, or a message naming `at`.
/// A fresh mode for a case: under the Python dispatcher when its record
/// says PyTorch ran it so (`"python_dispatcher": true`).
pub(crate) fn mode_for(case: &Json, at: &str) -> Result<FakeTensorMode, Bad> {
    let python_dispatcher = match case.get("python_dispatcher") {
        None => false,
        Some(b) => boolean(b, at)?,
    };
    let settings = fake_runtime::mode::ModeSettings {
        defaults: fake_runtime::Defaults {
            python_dispatcher,
            ..Default::default()
        },
        ..Default::default()
    };
    Ok(FakeTensorMode::with(
        fake_ops::registry(),
        fake_runtime::ShapeEnv::new(),
        settings,
    ))
}

pub(crate) fn field<'j>(j: &'j Json, key: &str, at: &str) -> Result<&'j Json, Bad> {
    j.get(key).ok_or_else(|| format!("{at}: missing \"{key}\""))
}

/// `j` as an object.
pub(crate) fn obj<'j>(j: &'j Json, at: &str) -> Result<&'j Map<String, Json>, Bad> {
    j.as_object()
        .ok_or_else(|| format!("{at}: expected an object, got {j}"))
}

/// `j` as a list.
pub(crate) fn arr<'j>(j: &'j Json, at: &str) -> Result<&'j [Json], Bad> {
    j.as_array()
        .map(Vec::as_slice)
        .ok_or_else(|| format!("{at}: expected a list, got {j}"))
}

/// `j` as a string.
pub(crate) fn string<'j>(j: &'j Json, at: &str) -> Result<&'j str, Bad> {
    j.as_str()
        .ok_or_else(|| format!("{at}: expected a string, got {j}"))
}

/// `j` as an integer.
pub(crate) fn int(j: &Json, at: &str) -> Result<i64, Bad> {
    j.as_i64()
        .ok_or_else(|| format!("{at}: expected an integer, got {j}"))
}

/// `j` as a list of integers.
pub(crate) fn ints(j: &Json, at: &str) -> Result<Vec<i64>, Bad> {
    arr(j, at)?.iter().map(|v| int(v, at)).collect()
}

/// `j` as a number: a JSON number, or `"inf"`, `"-inf"` or `"nan"`, which
/// JSON has no numbers for.
pub(crate) fn float(j: &Json, at: &str) -> Result<f64, Bad> {
    match j.as_str() {
        Some("inf") => Ok(f64::INFINITY),
        Some("-inf") => Ok(f64::NEG_INFINITY),
        Some("nan") => Ok(f64::NAN),
        _ => j
            .as_f64()
            .ok_or_else(|| format!("{at}: expected a number, got {j}")),
    }
}

/// `j` as a bool.
pub(crate) fn boolean(j: &Json, at: &str) -> Result<bool, Bad> {
    j.as_bool()
        .ok_or_else(|| format!("{at}: expected a bool, got {j}"))
}

/// `j`, a string, parsed (`"float32"`, `"cuda:0"`, `"channels_last"`).
pub(crate) fn parsed<T: std::str::FromStr>(j: &Json, at: &str) -> Result<T, Bad>
where
    T::Err: std::fmt::Display,
{
    let s = string(j, at)?;
    s.parse().map_err(|e| format!("{at}: {e}"))
}

/// The single `{"kind": payload}` of a typed value.
pub(crate) fn tagged<'j>(j: &'j Json, at: &str) -> Result<(&'j str, &'j Json), Bad> {
    let o = obj(j, at)?;
    match o.iter().next() {
        Some((k, v)) if o.len() == 1 => Ok((k.as_str(), v)),
        _ => Err(format!("{at}: expected one key, got {j}")),
    }
}

/// A static input tensor's metadata.
pub(crate) fn static_meta(j: &Json, at: &str) -> Result<TensorMeta, Bad> {
    let dims = |key: &str| -> Result<Vec<SymInt>, Bad> {
        Ok(ints(field(j, key, at)?, &format!("{at}.{key}"))?
            .into_iter()
            .map(SymInt::Int)
            .collect())
    };
    Ok(TensorMeta {
        sizes: dims("sizes")?.into_iter().collect(),
        strides: dims("strides")?.into_iter().collect(),
        storage_offset: SymInt::Int(int(field(j, "storage_offset", at)?, at)?),
        dtype: parsed(field(j, "dtype", at)?, at)?,
        device: parsed(field(j, "device", at)?, at)?,
        layout: Layout::Strided,
        requires_grad: j.get("requires_grad").and_then(Json::as_bool) == Some(true),
        wrapped_number: false,
    })
}

/// A `Scalar` argument: `{"int": 2}`, `{"float": ..}`, `{"bool": ..}`, `{"complex": [re, im]}`.
pub(crate) fn scalar(j: &Json, at: &str) -> Result<Scalar, Bad> {
    let (kind, v) = tagged(j, at)?;
    Ok(match kind {
        "int" => Scalar::Int(SymInt::Int(int(v, at)?)),
        "float" => Scalar::from(float(v, at)?),
        "bool" => Scalar::Bool(SymBool::Bool(boolean(v, at)?)),
        "complex" => {
            let parts = arr(v, at)?;
            match parts {
                [re, im] => Scalar::Complex(float(re, at)?, float(im, at)?),
                _ => return Err(format!("{at}: a complex is [re, im], got {v}")),
            }
        }
        other => return Err(format!("{at}: unknown scalar kind {other:?}")),
    })
}

/// An argument, owning what [`Value`] borrows.
pub(crate) enum Arg {
    None,
    Tensor(TensorId),
    Tensors(Vec<TensorId>),
    OptTensors(Vec<Option<TensorId>>),
    Int(SymInt),
    Ints(Vec<SymInt>),
    Float(f64),
    Floats(Vec<f64>),
    Bool(bool),
    Bools(Vec<bool>),
    Str(String),
    Scalar(Scalar),
    DType(DType),
    Layout(Layout),
    Device(fake_runtime::Device),
    MemoryFormat(MemoryFormat),
}

impl Arg {
    /// The dispatch argument, borrowing from `self`.
    pub(crate) fn value(&self) -> Value<'_> {
        match self {
            Arg::None => Value::None,
            Arg::Tensor(t) => Value::Tensor(*t),
            Arg::Tensors(ts) => Value::Tensors(ts),
            Arg::OptTensors(ts) => Value::OptTensors(ts),
            Arg::Int(v) => Value::Int(*v),
            Arg::Ints(v) => Value::Ints(v),
            Arg::Float(v) => Value::Float(*v),
            Arg::Floats(v) => Value::Floats(v),
            Arg::Bool(v) => Value::Bool(*v),
            Arg::Bools(v) => Value::Bools(v),
            Arg::Str(s) => Value::Str(s),
            Arg::Scalar(s) => Value::Scalar(*s),
            Arg::DType(d) => Value::DType(*d),
            Arg::Layout(l) => Value::Layout(*l),
            Arg::Device(d) => Value::Device(*d),
            Arg::MemoryFormat(m) => Value::MemoryFormat(*m),
        }
    }
}

/// How the tensors and integers of a case's inputs become values of the
/// mode: static ones as recorded, symbolic ones through the ShapeEnv.
pub(crate) trait Inputs {
    /// A tensor argument (`TENSOR` of the fixture).
    fn tensor(&mut self, mode: &mut FakeTensorMode, j: &Json, at: &str) -> Result<TensorId, Bad>;

    /// An integer argument: a number, or (in a symbolic case) the name of
    /// a symbol, whose value seen is `hint`.
    fn int(
        &mut self,
        mode: &mut FakeTensorMode,
        j: &Json,
        hint: Option<&Json>,
        at: &str,
    ) -> Result<SymInt, Bad>;
}

/// The inputs of a static case: tensors on their own storage with the
/// recorded metadata, plain integers.
pub(crate) struct StaticInputs;

impl Inputs for StaticInputs {
    fn tensor(&mut self, mode: &mut FakeTensorMode, j: &Json, at: &str) -> Result<TensorId, Bad> {
        Ok(mode.add_tensor(static_meta(j, at)?, None, true))
    }

    fn int(
        &mut self,
        _: &mut FakeTensorMode,
        j: &Json,
        _: Option<&Json>,
        at: &str,
    ) -> Result<SymInt, Bad> {
        Ok(SymInt::Int(int(j, at)?))
    }
}

/// The arguments of a case, in schema order.
pub(crate) fn arguments(
    mode: &mut FakeTensorMode,
    inputs: &[Json],
    make: &mut dyn Inputs,
) -> Result<Vec<Arg>, Bad> {
    let mut args = Vec::with_capacity(inputs.len());
    for (i, input) in inputs.iter().enumerate() {
        let at = format!("input {i}");
        let (kind, v) = tagged(field(input, "value", &at)?, &at)?;
        let hints = input.get("hints");
        args.push(match kind {
            "none" => Arg::None,
            "tensor" => Arg::Tensor(make.tensor(mode, v, &at)?),
            "tensors" => Arg::Tensors(
                arr(v, &at)?
                    .iter()
                    .map(|t| make.tensor(mode, t, &at))
                    .collect::<Result<_, _>>()?,
            ),
            "opt_tensors" => Arg::OptTensors(
                arr(v, &at)?
                    .iter()
                    .map(|t| match t {
                        Json::Null => Ok(None),
                        t => make.tensor(mode, t, &at).map(Some),
                    })
                    .collect::<Result<_, _>>()?,
            ),
            "int" => Arg::Int(make.int(mode, v, hints, &at)?),
            "ints" => {
                let items = arr(v, &at)?;
                let hints = match hints {
                    Some(h) => Some(arr(h, &at)?),
                    None => None,
                };
                if hints.is_some_and(|h| h.len() != items.len()) {
                    return Err(format!("{at}: \"hints\" and the list differ in length"));
                }
                let mut list = Vec::with_capacity(items.len());
                for (k, item) in items.iter().enumerate() {
                    list.push(make.int(mode, item, hints.map(|h| &h[k]), &at)?);
                }
                Arg::Ints(list)
            }
            "float" => Arg::Float(float(v, &at)?),
            "floats" => Arg::Floats(
                arr(v, &at)?
                    .iter()
                    .map(|f| float(f, &at))
                    .collect::<Result<_, _>>()?,
            ),
            "bool" => Arg::Bool(boolean(v, &at)?),
            "bools" => Arg::Bools(
                arr(v, &at)?
                    .iter()
                    .map(|b| boolean(b, &at))
                    .collect::<Result<_, _>>()?,
            ),
            "str" => Arg::Str(string(v, &at)?.to_string()),
            "scalar" => Arg::Scalar(scalar(v, &at)?),
            "dtype" => Arg::DType(parsed(v, &at)?),
            "layout" => Arg::Layout(parsed(v, &at)?),
            "device" => Arg::Device(parsed(v, &at)?),
            "memory_format" => Arg::MemoryFormat(parsed(v, &at)?),
            other => return Err(format!("{at}: unknown value kind {other:?}")),
        });
    }
    Ok(args)
}
