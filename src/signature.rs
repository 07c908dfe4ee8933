//! The parameter list of a PyTorch operator schema
//! (`aten::add.Tensor(Tensor self, Tensor other, *, Scalar alpha=1) -> Tensor`):
//! each parameter's name, type and default, so a node's named arguments can
//! be put in schema order, converted to the kind the schema wants (an
//! `as_int` is a `Scalar` for `alpha`, an `int` for `dim`) and completed
//! with defaults.

use fake_runtime::{DType, MemoryFormat};
use thiserror::Error;

/// The kind of a parameter, as propagation needs it.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Kind {
    /// `Tensor` (also `Tensor?`).
    Tensor,
    /// `Tensor[]`.
    Tensors,
    /// `Tensor?[]`.
    OptTensors,
    /// `int`, `SymInt`.
    Int,
    /// `int[]`, `SymInt[]`, `int[N]`: the length `N` when fixed.
    Ints(Option<usize>),
    /// `float`.
    Float,
    /// `float[]`.
    Floats,
    /// `bool`.
    Bool,
    /// `bool[]`, `bool[N]`.
    Bools,
    /// `str`.
    Str,
    /// `Scalar`.
    Scalar,
    /// `ScalarType`.
    DType,
    /// `Layout`.
    Layout,
    /// `Device`.
    Device,
    /// `MemoryFormat`.
    MemoryFormat,
    /// Anything else (`Generator`, `Dimname`, `Storage`, ...): passed as
    /// `None`.
    Other,
}

/// A default value, as the schema writes it.
#[derive(Debug, Clone, PartialEq)]
pub enum Default {
    /// `None`.
    None,
    /// An integer (or an integer list of one repeated value).
    Int(i64),
    /// A list of integers.
    Ints(Vec<i64>),
    /// A float.
    Float(f64),
    /// A boolean.
    Bool(bool),
    /// A string.
    Str(String),
    /// A dtype (`ScalarType? dtype=4`).
    DType(DType),
    /// A memory format (`contiguous_format`).
    MemoryFormat(MemoryFormat),
}

/// One parameter.
#[derive(Debug, Clone, PartialEq)]
pub struct Param {
    /// The name (`self`, `alpha`).
    pub name: String,
    /// Its kind.
    pub kind: Kind,
    /// Whether it may be `None` (`int?`).
    pub optional: bool,
    /// Its default, when it has one.
    pub default: Option<Default>,
}

/// A schema string that cannot be read.
#[derive(Debug, Clone, PartialEq, Eq, Error)]
#[error("cannot read the schema `{schema}`: {reason}")]
pub struct SignatureError {
    /// The schema.
    pub schema: String,
    /// Why.
    pub reason: String,
}

/// The parameters of `schema`, in order.
pub fn params(schema: &str) -> Result<Vec<Param>, SignatureError> {
    let err = |reason: &str| SignatureError {
        schema: schema.to_string(),
        reason: reason.to_string(),
    };
    let open = schema.find('(').ok_or_else(|| err("no `(`"))?;
    let mut depth = 0usize;
    let mut close = None;
    for (i, c) in schema[open..].char_indices() {
        match c {
            '(' | '[' => depth += 1,
            ')' | ']' => {
                depth = depth.saturating_sub(1);
                if depth == 0 {
                    close = Some(open + i);
                    break;
                }
            }
            _ => {}
        }
    }
    let close = close.ok_or_else(|| err("unbalanced parentheses"))?;
    let list = &schema[open + 1..close];
    let mut out = Vec::new();
    for piece in split_top(list) {
        let piece = piece.trim();
        if piece.is_empty() || piece == "*" {
            continue;
        }
        let (decl, default) = match split_default(piece) {
            Some((d, v)) => (d.trim(), Some(v.trim())),
            None => (piece, None),
        };
        let (ty, name) = decl
            .rsplit_once(char::is_whitespace)
            .ok_or_else(|| err("a parameter without a name"))?;
        let ty = strip_annotations(ty.trim());
        let (kind, optional) = kind_of(&ty);
        let default = default.map(|d| parse_default(d, kind));
        out.push(Param {
            name: name.to_string(),
            kind,
            optional,
            default,
        });
    }
    Ok(out)
}

/// Split at commas outside brackets and quotes.
fn split_top(s: &str) -> Vec<&str> {
    let mut out = Vec::new();
    let mut depth = 0i32;
    let mut quote: Option<char> = None;
    let mut start = 0;
    for (i, c) in s.char_indices() {
        match (quote, c) {
            (Some(q), c) if c == q => quote = None,
            (Some(_), _) => {}
            (None, '\'' | '"') => quote = Some(c),
            (None, '(' | '[') => depth += 1,
            (None, ')' | ']') => depth -= 1,
            (None, ',') if depth == 0 => {
                out.push(&s[start..i]);
                start = i + 1;
            }
            _ => {}
        }
    }
    out.push(&s[start..]);
    out
}

/// `decl=default` at the first `=` outside brackets.
fn split_default(s: &str) -> Option<(&str, &str)> {
    let mut depth = 0i32;
    for (i, c) in s.char_indices() {
        match c {
            '(' | '[' => depth += 1,
            ')' | ']' => depth -= 1,
            '=' if depth == 0 => return Some((&s[..i], &s[i + 1..])),
            _ => {}
        }
    }
    None
}

/// `Tensor(a!)` -> `Tensor`.
fn strip_annotations(ty: &str) -> String {
    let mut out = String::with_capacity(ty.len());
    let mut depth = 0;
    for c in ty.chars() {
        match c {
            '(' => depth += 1,
            ')' => depth -= 1,
            _ if depth == 0 && !c.is_whitespace() => out.push(c),
            _ => {}
        }
    }
    out
}

fn kind_of(ty: &str) -> (Kind, bool) {
    let (ty, optional) = match ty.strip_suffix('?') {
        Some(t) => (t, true),
        None => (ty, false),
    };
    if let Some(base) = ty.strip_suffix(']')
        && let Some((elem, len)) = base.split_once('[')
    {
        let n = len.parse::<usize>().ok();
        let kind = match elem {
            "Tensor" => Kind::Tensors,
            "Tensor?" => Kind::OptTensors,
            "int" | "SymInt" => Kind::Ints(n),
            "float" => Kind::Floats,
            "bool" => Kind::Bools,
            _ => Kind::Other,
        };
        return (kind, optional);
    }
    let kind = match ty {
        "Tensor" => Kind::Tensor,
        "int" | "SymInt" => Kind::Int,
        "float" => Kind::Float,
        "bool" => Kind::Bool,
        "str" => Kind::Str,
        "Scalar" => Kind::Scalar,
        "ScalarType" => Kind::DType,
        "Layout" => Kind::Layout,
        "Device" => Kind::Device,
        "MemoryFormat" => Kind::MemoryFormat,
        _ => Kind::Other,
    };
    (kind, optional)
}

/// c10's `ScalarType` numbering, as schemas write dtype defaults.
fn c10_dtype(v: i64) -> Option<DType> {
    Some(match v {
        0 => DType::UInt8,
        1 => DType::Int8,
        2 => DType::Int16,
        3 => DType::Int32,
        4 => DType::Int64,
        5 => DType::Float16,
        6 => DType::Float32,
        7 => DType::Float64,
        8 => DType::Complex32,
        9 => DType::Complex64,
        10 => DType::Complex128,
        11 => DType::Bool,
        15 => DType::BFloat16,
        _ => return None,
    })
}

fn parse_default(d: &str, kind: Kind) -> Default {
    if d == "None" {
        return Default::None;
    }
    match d {
        "True" => return Default::Bool(true),
        "False" => return Default::Bool(false),
        "contiguous_format" => return Default::MemoryFormat(MemoryFormat::Contiguous),
        "preserve_format" => return Default::MemoryFormat(MemoryFormat::Preserve),
        "channels_last" => return Default::MemoryFormat(MemoryFormat::ChannelsLast),
        // at::Reduction
        "Mean" => return Default::Int(1),
        "Sum" => return Default::Int(2),
        _ => {}
    }
    if let Some(list) = d.strip_prefix('[').and_then(|l| l.strip_suffix(']')) {
        let items: Option<Vec<i64>> = list
            .split(',')
            .map(str::trim)
            .filter(|s| !s.is_empty())
            .map(|s| s.parse().ok())
            .collect();
        return items.map_or(Default::None, Default::Ints);
    }
    if let Some(s) = d
        .strip_prefix('"')
        .and_then(|s| s.strip_suffix('"'))
        .or_else(|| d.strip_prefix('\'').and_then(|s| s.strip_suffix('\'')))
    {
        return Default::Str(s.to_string());
    }
    if let Ok(v) = d.parse::<i64>() {
        return match kind {
            Kind::Float => Default::Float(v as f64),
            Kind::DType => c10_dtype(v).map_or(Default::None, Default::DType),
            // `contiguous(..., MemoryFormat memory_format=0)`: c10's index.
            Kind::MemoryFormat => match v {
                0 => Default::MemoryFormat(MemoryFormat::Contiguous),
                1 => Default::MemoryFormat(MemoryFormat::Preserve),
                2 => Default::MemoryFormat(MemoryFormat::ChannelsLast),
                3 => Default::MemoryFormat(MemoryFormat::ChannelsLast3d),
                _ => Default::None,
            },
            _ => Default::Int(v),
        };
    }
    match d.parse::<f64>() {
        Ok(v) => Default::Float(v),
        Err(_) => Default::None,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn add() {
        let p = params("aten::add.Tensor(Tensor self, Tensor other, *, Scalar alpha=1) -> Tensor")
            .unwrap();
        assert_eq!(p.len(), 3);
        assert_eq!(p[2].name, "alpha");
        assert_eq!(p[2].kind, Kind::Scalar);
        assert_eq!(p[2].default, Some(Default::Int(1)));
    }

    #[test]
    fn lists_annotations_and_defaults() {
        let p = params(
            "aten::max_pool2d(Tensor(a!) self, int[2] kernel_size, int[2] stride=[], \
             int[2] padding=0, float eps=1e-05, str mode=\"constant\", ScalarType? dtype=4, \
             Tensor?[] indices, MemoryFormat? memory_format=contiguous_format) -> Tensor",
        )
        .unwrap();
        assert_eq!(p[0].kind, Kind::Tensor);
        assert_eq!(p[1].kind, Kind::Ints(Some(2)));
        assert_eq!(p[2].default, Some(Default::Ints(vec![])));
        assert_eq!(p[3].default, Some(Default::Int(0)));
        assert_eq!(p[4].default, Some(Default::Float(1e-5)));
        assert_eq!(p[5].default, Some(Default::Str("constant".into())));
        assert_eq!(p[6].default, Some(Default::DType(DType::Int64)));
        assert!(p[6].optional);
        assert_eq!(p[7].kind, Kind::OptTensors);
        assert_eq!(
            p[8].default,
            Some(Default::MemoryFormat(MemoryFormat::Contiguous))
        );
        assert!(params("nonsense").is_err());
    }

    #[test]
    fn memory_format_default_as_an_index() {
        let p = params(
            "aten::contiguous(Tensor(a) self, *, MemoryFormat memory_format=0) -> Tensor(a)",
        )
        .unwrap();
        assert_eq!(
            p[1].default,
            Some(Default::MemoryFormat(MemoryFormat::Contiguous))
        );
    }
}
