//! The schema model: an operator overload's parameters and returns as
//! plain `'static` data, as PyTorch's `FunctionSchema` holds them
//! (`Argument`: name, type, fixed list length, default, keyword-only,
//! alias annotation).
//!
//! The `rules!` macro parses every declared schema string (its parser is
//! the only one) and emits these definitions into the operator's
//! [`OpDef`](crate::OpDef), so whoever needs a parameter's type, default or
//! keyword-only mark reads [`OpDef::params`](crate::OpDef::params) and
//! never the schema string. [`Signature`] prints them back as PyTorch
//! writes them (`(Tensor self, Tensor other, *, Scalar alpha=1) -> Tensor`).
//!
//! Defaults are kept as the schema writes them: a `ScalarType` default may
//! be a c10 index (`ScalarType? dtype=4`) or a name (`long`), a
//! `MemoryFormat` one an index (`0`) or a name (`contiguous_format`);
//! [`DefaultValue::dtype`], [`DefaultValue::memory_format`],
//! [`DefaultValue::layout`] and [`DefaultValue::int`] read both.

use crate::{DType, Layout, MemoryFormat};
use std::fmt;

/// The element type of a schema type: `Tensor` in `Tensor(a!)?[]`, `int`
/// in `int[2]`.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum BaseType {
    /// `Tensor`.
    Tensor,
    /// `int`: a plain integer (dims, counts, flags).
    Int,
    /// `SymInt`: a possibly symbolic size.
    SymInt,
    /// `float`.
    Float,
    /// `bool`.
    Bool,
    /// `SymBool`.
    SymBool,
    /// `str`.
    Str,
    /// `Scalar`: a Python number.
    Scalar,
    /// `ScalarType`: a dtype.
    ScalarType,
    /// `Layout`.
    Layout,
    /// `Device`.
    Device,
    /// `MemoryFormat`.
    MemoryFormat,
    /// `Generator`.
    Generator,
    /// `Dimname`.
    Dimname,
    /// Any other type (`Storage`, `Stream`, `Any`, ...), by its name.
    Other(&'static str),
}

impl BaseType {
    /// The name a schema writes.
    pub const fn name(self) -> &'static str {
        match self {
            BaseType::Tensor => "Tensor",
            BaseType::Int => "int",
            BaseType::SymInt => "SymInt",
            BaseType::Float => "float",
            BaseType::Bool => "bool",
            BaseType::SymBool => "SymBool",
            BaseType::Str => "str",
            BaseType::Scalar => "Scalar",
            BaseType::ScalarType => "ScalarType",
            BaseType::Layout => "Layout",
            BaseType::Device => "Device",
            BaseType::MemoryFormat => "MemoryFormat",
            BaseType::Generator => "Generator",
            BaseType::Dimname => "Dimname",
            BaseType::Other(name) => name,
        }
    }

    /// Whether values of this type are integers (`int` or `SymInt`).
    pub const fn is_integer(self) -> bool {
        matches!(self, BaseType::Int | BaseType::SymInt)
    }
}

/// The list part of a schema type: `[]`, `[N]`, `?[]`.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct ListType {
    /// `N` in `int[N]`: the length a single value is repeated to.
    pub len: Option<u32>,
    /// Whether elements may be `None` (`Tensor?[]`).
    pub elem_optional: bool,
}

/// The type of a parameter or return, without its alias annotation:
/// `Tensor`, `Tensor?`, `Tensor?[]`, `int[2]`, `SymInt[]?`.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct ParamType {
    /// The element type.
    pub base: BaseType,
    /// `Some` for a list.
    pub list: Option<ListType>,
    /// Whether the whole value may be `None` (`Tensor?`, `int[1]?`).
    pub optional: bool,
}

impl ParamType {
    /// A single value of `base`.
    pub const fn of(base: BaseType) -> ParamType {
        ParamType {
            base,
            list: None,
            optional: false,
        }
    }

    /// A list of `base` (`len` for `[N]`).
    pub const fn list_of(base: BaseType, len: Option<u32>) -> ParamType {
        ParamType {
            base,
            list: Some(ListType {
                len,
                elem_optional: false,
            }),
            optional: false,
        }
    }

    /// The same type, may be `None` (`?` at the end).
    pub const fn optional(self) -> ParamType {
        ParamType {
            optional: true,
            ..self
        }
    }

    /// Write the type with `alias` after the element type, as a schema
    /// does (`Tensor(a!)[]`).
    fn write(&self, alias: Option<&AliasInfo>, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.base.name())?;
        if let Some(a) = alias {
            write!(f, "{a}")?;
        }
        if let Some(l) = self.list {
            if l.elem_optional {
                f.write_str("?")?;
            }
            match l.len {
                Some(n) => write!(f, "[{n}]")?,
                None => f.write_str("[]")?,
            }
        }
        if self.optional {
            f.write_str("?")?;
        }
        Ok(())
    }
}

impl fmt::Display for ParamType {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        self.write(None, f)
    }
}

/// An alias annotation: `(a)`, `(a!)`, `(a -> *)`, `(a|b)`.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct AliasInfo {
    /// The alias sets before `->` (`a`).
    pub sets: &'static [&'static str],
    /// `!`: the value is written to.
    pub write: bool,
    /// The sets after `->`: what the elements of a list alias (`*`).
    pub after: &'static [&'static str],
}

impl fmt::Display for AliasInfo {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "({}", self.sets.join("|"))?;
        if self.write {
            f.write_str("!")?;
        }
        if !self.after.is_empty() {
            write!(f, " -> {}", self.after.join("|"))?;
        }
        f.write_str(")")
    }
}

/// A default value as the schema writes it.
#[derive(Debug, Clone, Copy, PartialEq)]
pub enum DefaultValue {
    /// `None`.
    None,
    /// `True` / `False`.
    Bool(bool),
    /// `-1`; also a c10 index (`ScalarType? dtype=4`).
    Int(i64),
    /// `1e-05`, `-inf`.
    Float(f64),
    /// `"mean"`.
    Str(&'static str),
    /// `[0, 1]`, `[]`.
    Ints(&'static [i64]),
    /// `[0.5, 1.]` (a list with a float in it).
    Floats(&'static [f64]),
    /// `[True, False]`.
    Bools(&'static [bool]),
    /// A named constant: `contiguous_format`, `long`, `Mean`.
    Name(&'static str),
}

impl DefaultValue {
    /// The integer an `int` default names: the integer, or a name of
    /// `at::Reduction` (`int reduction=Mean`, as `native_functions.yaml`
    /// writes it).
    pub fn int(self) -> Option<i64> {
        match self {
            DefaultValue::Int(v) => Some(v),
            DefaultValue::Name("Mean") => Some(1),
            DefaultValue::Name("Sum") => Some(2),
            _ => None,
        }
    }

    /// The dtype a `ScalarType` default names: a c10 index (`4` is
    /// `int64`) or a name (`long`).
    pub fn dtype(self) -> Option<DType> {
        match self {
            DefaultValue::Int(v) => DType::from_scalar_type_number(v),
            DefaultValue::Name(n) => n.parse().ok(),
            _ => None,
        }
    }

    /// The memory format a `MemoryFormat` default names: a c10 index
    /// (`c10/core/MemoryFormat.h`; `0` is `contiguous_format`) or a name.
    pub fn memory_format(self) -> Option<MemoryFormat> {
        match self {
            DefaultValue::Int(0) => Some(MemoryFormat::Contiguous),
            DefaultValue::Int(1) => Some(MemoryFormat::Preserve),
            DefaultValue::Int(2) => Some(MemoryFormat::ChannelsLast),
            DefaultValue::Int(3) => Some(MemoryFormat::ChannelsLast3d),
            DefaultValue::Name(n) => n.parse().ok(),
            _ => None,
        }
    }

    /// The layout a `Layout` default names: a c10 index
    /// (`c10/core/Layout.h`; `0` is `strided`) or a name.
    pub fn layout(self) -> Option<Layout> {
        match self {
            DefaultValue::Int(0) => Some(Layout::Strided),
            DefaultValue::Int(1) => Some(Layout::SparseCoo),
            DefaultValue::Int(2) => Some(Layout::SparseCsr),
            DefaultValue::Int(3) => Some(Layout::Mkldnn),
            DefaultValue::Int(4) => Some(Layout::SparseCsc),
            DefaultValue::Int(5) => Some(Layout::SparseBsr),
            DefaultValue::Int(6) => Some(Layout::SparseBsc),
            DefaultValue::Int(7) => Some(Layout::Jagged),
            DefaultValue::Name(n) => n.parse().ok(),
            _ => None,
        }
    }
}

/// A float as Python prints it in a schema (`1e-05`, `2.0`, `-inf`).
fn write_float(v: f64, f: &mut fmt::Formatter<'_>) -> fmt::Result {
    if v.is_finite() {
        write!(f, "{v:?}")
    } else if v.is_nan() {
        f.write_str("nan")
    } else if v > 0.0 {
        f.write_str("inf")
    } else {
        f.write_str("-inf")
    }
}

/// `[a, b]`, each item written by `item`.
fn write_list<T: Copy>(
    items: &[T],
    f: &mut fmt::Formatter<'_>,
    item: impl Fn(T, &mut fmt::Formatter<'_>) -> fmt::Result,
) -> fmt::Result {
    f.write_str("[")?;
    for (i, &x) in items.iter().enumerate() {
        if i > 0 {
            f.write_str(", ")?;
        }
        item(x, f)?;
    }
    f.write_str("]")
}

/// `True` / `False`.
fn py_bool(b: bool) -> &'static str {
    if b { "True" } else { "False" }
}

impl fmt::Display for DefaultValue {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match *self {
            DefaultValue::None => f.write_str("None"),
            DefaultValue::Bool(b) => f.write_str(py_bool(b)),
            DefaultValue::Int(v) => write!(f, "{v}"),
            DefaultValue::Float(v) => write_float(v, f),
            DefaultValue::Str(s) => write!(f, "\"{s}\""),
            DefaultValue::Ints(vs) => write_list(vs, f, |v, f| write!(f, "{v}")),
            DefaultValue::Floats(vs) => write_list(vs, f, write_float),
            DefaultValue::Bools(vs) => write_list(vs, f, |b, f| f.write_str(py_bool(b))),
            DefaultValue::Name(n) => f.write_str(n),
        }
    }
}

/// One parameter of an operator overload.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct ParamDef {
    /// `self`, `alpha`.
    pub name: &'static str,
    /// Its type.
    pub ty: ParamType,
    /// Its alias annotation (`Tensor(a!) self`).
    pub alias: Option<AliasInfo>,
    /// Its default, when it has one.
    pub default: Option<DefaultValue>,
    /// Whether it comes after the schema's `*` (keyword-only).
    pub kwarg_only: bool,
}

impl ParamDef {
    /// A positional parameter without default or annotation.
    pub const fn new(name: &'static str, ty: ParamType) -> ParamDef {
        ParamDef {
            name,
            ty,
            alias: None,
            default: None,
            kwarg_only: false,
        }
    }

    /// The same parameter with a default.
    pub const fn with_default(self, default: DefaultValue) -> ParamDef {
        ParamDef {
            default: Some(default),
            ..self
        }
    }

    /// The same parameter, keyword-only.
    pub const fn keyword_only(self) -> ParamDef {
        ParamDef {
            kwarg_only: true,
            ..self
        }
    }

    /// The same parameter with an alias annotation.
    pub const fn aliased(self, alias: AliasInfo) -> ParamDef {
        ParamDef {
            alias: Some(alias),
            ..self
        }
    }

    /// Whether the operator writes to this argument (`Tensor(a!)`).
    pub fn is_written(&self) -> bool {
        self.alias.is_some_and(|a| a.write)
    }
}

impl fmt::Display for ParamDef {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        self.ty.write(self.alias.as_ref(), f)?;
        write!(f, " {}", self.name)?;
        if let Some(d) = &self.default {
            write!(f, "={d}")?;
        }
        Ok(())
    }
}

/// One returned value of an operator overload.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct ReturnDef {
    /// `values` in `(Tensor values, Tensor indices)`.
    pub name: Option<&'static str>,
    /// Its type.
    pub ty: ParamType,
    /// Its alias annotation (`-> Tensor(a)`: a view of the argument
    /// annotated `a`).
    pub alias: Option<AliasInfo>,
}

impl ReturnDef {
    /// An unnamed return of type `ty`, not aliased.
    pub const fn new(ty: ParamType) -> ReturnDef {
        ReturnDef {
            name: None,
            ty,
            alias: None,
        }
    }
}

impl fmt::Display for ReturnDef {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        self.ty.write(self.alias.as_ref(), f)?;
        if let Some(n) = self.name {
            write!(f, " {n}")?;
        }
        Ok(())
    }
}

/// Parameters and returns printed as a schema writes them, from the
/// opening parenthesis on: `(Tensor self, *, Scalar alpha=1) -> Tensor`.
#[derive(Debug, Clone, Copy)]
pub struct Signature<'a> {
    /// The parameters.
    pub params: &'a [ParamDef],
    /// The returns.
    pub returns: &'a [ReturnDef],
}

impl fmt::Display for Signature<'_> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str("(")?;
        let mut star = false;
        for (i, p) in self.params.iter().enumerate() {
            if i > 0 {
                f.write_str(", ")?;
            }
            if p.kwarg_only && !star {
                f.write_str("*, ")?;
                star = true;
            }
            write!(f, "{p}")?;
        }
        f.write_str(") -> ")?;
        // One return, named or not, without parentheses (as c10 prints
        // `-> Tensor[] self_out`); none or several within them.
        match self.returns {
            [r] => write!(f, "{r}"),
            rs => {
                f.write_str("(")?;
                for (i, r) in rs.iter().enumerate() {
                    if i > 0 {
                        f.write_str(", ")?;
                    }
                    write!(f, "{r}")?;
                }
                f.write_str(")")
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    const A_WRITTEN: AliasInfo = AliasInfo {
        sets: &["a"],
        write: true,
        after: &[],
    };

    #[test]
    fn a_signature_prints_as_pytorch_writes_it() {
        let params = [
            ParamDef::new("self", ParamType::of(BaseType::Tensor)),
            ParamDef::new("other", ParamType::of(BaseType::Tensor)),
            ParamDef::new("alpha", ParamType::of(BaseType::Scalar))
                .with_default(DefaultValue::Int(1))
                .keyword_only(),
            ParamDef::new("out", ParamType::of(BaseType::Tensor))
                .aliased(A_WRITTEN)
                .keyword_only(),
        ];
        let returns = [ReturnDef {
            name: None,
            ty: ParamType::of(BaseType::Tensor),
            alias: Some(A_WRITTEN),
        }];
        let s = Signature {
            params: &params,
            returns: &returns,
        };
        assert_eq!(
            s.to_string(),
            "(Tensor self, Tensor other, *, Scalar alpha=1, Tensor(a!) out) -> Tensor(a!)"
        );
        assert!(params[3].is_written() && !params[0].is_written());
    }

    #[test]
    fn types_lists_and_defaults_print_as_written() {
        let mut opt_list = ParamType::list_of(BaseType::Tensor, None);
        if let Some(l) = opt_list.list.as_mut() {
            l.elem_optional = true;
        }
        let split = AliasInfo {
            sets: &["a"],
            write: false,
            after: &["*"],
        };
        let params = [
            ParamDef::new("indices", opt_list),
            ParamDef::new("dim", ParamType::list_of(BaseType::Int, Some(1)).optional())
                .with_default(DefaultValue::None),
            ParamDef::new("stride", ParamType::list_of(BaseType::SymInt, Some(2)))
                .with_default(DefaultValue::Ints(&[1, 1])),
            ParamDef::new("eps", ParamType::of(BaseType::Float))
                .with_default(DefaultValue::Float(1e-5)),
            ParamDef::new("lo", ParamType::of(BaseType::Float))
                .with_default(DefaultValue::Float(f64::NEG_INFINITY)),
            ParamDef::new("reduce", ParamType::of(BaseType::Str))
                .with_default(DefaultValue::Str("mean")),
            ParamDef::new("mask", ParamType::list_of(BaseType::Bool, Some(2)))
                .with_default(DefaultValue::Bools(&[true, false])),
            ParamDef::new("self", ParamType::of(BaseType::Tensor)).aliased(split),
        ];
        let returns = [
            ReturnDef {
                name: Some("values"),
                ty: ParamType::of(BaseType::Tensor),
                alias: None,
            },
            ReturnDef {
                name: Some("indices"),
                ty: ParamType::of(BaseType::Tensor),
                alias: None,
            },
        ];
        let s = Signature {
            params: &params,
            returns: &returns,
        };
        assert_eq!(
            s.to_string(),
            "(Tensor?[] indices, int[1]? dim=None, SymInt[2] stride=[1, 1], float eps=1e-5, \
             float lo=-inf, str reduce=\"mean\", bool[2] mask=[True, False], \
             Tensor(a -> *) self) -> (Tensor values, Tensor indices)"
        );
        let none = Signature {
            params: &[],
            returns: &[],
        };
        assert_eq!(none.to_string(), "() -> ()");
    }

    #[test]
    fn enum_defaults_read_indices_and_names() {
        assert_eq!(DefaultValue::Int(4).dtype(), Some(DType::Int64));
        assert_eq!(DefaultValue::Name("long").dtype(), Some(DType::Int64));
        assert_eq!(DefaultValue::Int(12).dtype(), None);
        assert_eq!(
            DefaultValue::Int(0).memory_format(),
            Some(MemoryFormat::Contiguous)
        );
        assert_eq!(
            DefaultValue::Name("channels_last").memory_format(),
            Some(MemoryFormat::ChannelsLast)
        );
        assert_eq!(DefaultValue::Int(0).layout(), Some(Layout::Strided));
        assert_eq!(
            DefaultValue::Name("strided").layout(),
            Some(Layout::Strided)
        );
        assert_eq!(DefaultValue::Float(0.0).layout(), None);
        assert_eq!(DefaultValue::Name("Mean").int(), Some(1));
        assert_eq!(DefaultValue::Int(-1).int(), Some(-1));
        assert_eq!(DefaultValue::Str("mean").int(), None);
    }
}
