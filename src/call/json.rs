//! The JSON form of a call: `{"op": .., "args": [..], "kwargs": {..}}`.

use super::parse::{Parser, dtype_named};
use super::{Call, CallError, CallValue, MAX_DEPTH, Size, TensorSpec};
use fake_runtime::Device;
use serde_json::{Map, Value as Json};

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
/// (`{"dtype": "int64"}`), a memory format, layout or device, a number
/// (`{"float": "inf"}` for one JSON cannot hold: `inf`, `-inf`, `nan`), a
/// SymInt as PyTorch prints one (`{"sym": "s0*s1"}`), a string, a bool,
/// `null` or a list of these.
pub fn value_from_json(v: &Json) -> Result<CallValue, CallError> {
    json_value(v, 0)
}

fn json_size(v: &Json, what: &str) -> Result<Size, CallError> {
    match v {
        Json::Number(n) => n
            .as_i64()
            .map(Size::Int)
            .ok_or_else(|| CallError::Json(format!("size {n} is not an integer"))),
        Json::String(s) if super::size_expr::is_name(s) => Ok(Size::Sym(s.clone())),
        Json::String(s) => super::size_expr::parse(s, what).map(Size::Expr),
        other => Err(CallError::Json(format!(
            "{what} {other} is not an integer, a symbol or an expression"
        ))),
    }
}

fn json_sizes(v: &Json, what: &str) -> Result<Vec<Size>, CallError> {
    v.as_array()
        .ok_or_else(|| CallError::Json(format!("`{what}` must be a list")))?
        .iter()
        .map(|x| json_size(x, what))
        .collect()
}

fn json_value(v: &Json, depth: usize) -> Result<CallValue, CallError> {
    if depth > MAX_DEPTH {
        return Err(CallError::Json(format!(
            "lists nested too deeply (more than {MAX_DEPTH} levels)"
        )));
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
                // A SymInt as PyTorch prints it: `{"sym": "s0*s1"}`.
                "sym" => match json_size(x, "sym")? {
                    Size::Int(v) => CallValue::Int(v),
                    Size::Sym(name) => CallValue::Sym(name),
                    Size::Expr(e) => CallValue::SymExpr(e),
                },
                // JSON has no infinities or NaN: `{"float": "inf"}`.
                "float" => match x {
                    Json::Number(n) => CallValue::Float(n.as_f64().unwrap_or(f64::NAN)),
                    _ => {
                        let text = named(Some(x), "float")?;
                        CallValue::Float(
                            text.trim()
                                .parse()
                                .map_err(|_| CallError::Json(format!("`{text}` is not a float")))?,
                        )
                    }
                },
                "complex" => match x.as_array().map(Vec::as_slice) {
                    Some([re, im]) => {
                        CallValue::Complex(json_float(re, "complex")?, json_float(im, "complex")?)
                    }
                    _ => {
                        return Err(CallError::Json(
                            "`complex` must be a list of two numbers, [re, im]".into(),
                        ));
                    }
                },
                other => return Err(CallError::Json(format!("unknown value kind `{other}`"))),
            }
        }
        Json::Object(_) => return Err(CallError::Json("a value object has one key".into())),
    })
}

/// A number of a value object (`{"complex": [re, im]}`), or the text of a
/// float JSON cannot write (`"inf"`).
fn json_float(v: &Json, what: &str) -> Result<f64, CallError> {
    match v {
        Json::Number(n) => n
            .as_f64()
            .ok_or_else(|| CallError::Json(format!("`{what}`: {n} is not a float"))),
        Json::String(t) => t
            .trim()
            .parse()
            .map_err(|_| CallError::Json(format!("`{what}`: `{t}` is not a float"))),
        other => Err(CallError::Json(format!(
            "`{what}`: {other} is not a number"
        ))),
    }
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
        .map(|v| json_size(v, "storage_offset"))
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
