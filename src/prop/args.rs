//! Arguments of a planned call: a node's argument converted to what a
//! schema parameter takes, owned until it is dispatched, and the
//! parameters' defaults.

use super::*;

/// A list argument: short ones (a view's sizes, a cat's inputs) need no
/// heap allocation when a run converts them again.
pub(crate) type List<T> = SmallVec<[T; 6]>;

/// Owned argument storage, borrowed as [`Value`]s for dispatch.
#[derive(Debug, Clone, PartialEq)]
pub(crate) enum Owned {
    None,
    Tensor(TensorId),
    Tensors(List<TensorId>),
    OptTensors(List<Option<TensorId>>),
    Int(SymInt),
    Ints(List<SymInt>),
    Float(f64),
    Floats(List<f64>),
    Bool(bool),
    Bools(List<bool>),
    SymBool(SymBool),
    Str(String),
    Scalar(Scalar),
    DType(fake_runtime::DType),
    Layout(fake_runtime::Layout),
    Device(fake_runtime::Device),
    MemoryFormat(fake_runtime::MemoryFormat),
}

impl Owned {
    pub(crate) fn value(&self) -> Value<'_> {
        match self {
            Owned::None => Value::None,
            Owned::Tensor(t) => Value::Tensor(*t),
            Owned::Tensors(t) => Value::Tensors(t),
            Owned::OptTensors(t) => Value::OptTensors(t),
            Owned::Int(v) => Value::Int(*v),
            Owned::Ints(v) => Value::Ints(v),
            Owned::Float(v) => Value::Float(*v),
            Owned::Floats(v) => Value::Floats(v),
            Owned::Bool(v) => Value::Bool(*v),
            Owned::Bools(v) => Value::Bools(v),
            Owned::SymBool(v) => Value::SymBool(*v),
            Owned::Str(s) => Value::Str(s),
            Owned::Scalar(s) => Value::Scalar(*s),
            Owned::DType(d) => Value::DType(*d),
            Owned::Layout(l) => Value::Layout(*l),
            Owned::Device(d) => Value::Device(*d),
            Owned::MemoryFormat(m) => Value::MemoryFormat(*m),
        }
    }
}

/// Whether kernels read arguments of this type; those of other types
/// (`Generator`, `Dimname`, `Storage`, ...) are passed as `None`.
fn is_read(base: BaseType) -> bool {
    !matches!(
        base,
        BaseType::Generator | BaseType::Dimname | BaseType::Other(_)
    )
}

/// How many times one value is repeated where a list is wanted: the
/// list's fixed length, else once.
fn repeat(list: ListType) -> usize {
    list.len.map_or(1, |n| n as usize)
}

/// A parameter's default as the argument a kernel is given, or `None` when
/// the default is not a value of the parameter's type.
pub(crate) fn default_arg(ty: ParamType, d: DefaultValue) -> Option<Owned> {
    use BaseType as B;
    use DefaultValue as D;
    let ints = |vs: &[i64]| Owned::Ints(vs.iter().map(|&x| SymInt::Int(x)).collect());
    if !is_read(ty.base) {
        return Some(Owned::None);
    }
    Some(match (ty.base, ty.list, d) {
        (_, _, D::None) => Owned::None,
        (B::Int | B::SymInt, None, d) => Owned::Int(SymInt::Int(d.int()?)),
        (B::Int | B::SymInt, Some(l), D::Int(v)) => ints(&vec![v; repeat(l)]),
        (B::Int | B::SymInt, Some(_), D::Ints(vs)) => ints(vs),
        (B::Float, None, D::Float(f)) => Owned::Float(f),
        (B::Float, None, D::Int(v)) => Owned::Float(v as f64),
        (B::Float, Some(_), D::Floats(vs)) => Owned::Floats(List::from_slice(vs)),
        (B::Float, Some(_), D::Ints(vs)) => Owned::Floats(vs.iter().map(|&v| v as f64).collect()),
        // `Scalar[]`, which the export writes as a list of floats or ints.
        (B::Scalar, Some(_), D::Floats(vs)) => Owned::Floats(List::from_slice(vs)),
        (B::Scalar, Some(_), D::Ints(vs)) => ints(vs),
        (B::Bool | B::SymBool, None, D::Bool(b)) => Owned::Bool(b),
        (B::Bool, Some(_), D::Bools(bs)) => Owned::Bools(List::from_slice(bs)),
        (B::Str, None, D::Str(s)) => Owned::Str(s.to_string()),
        (B::Scalar, None, D::Int(v)) => Owned::Scalar(Scalar::Int(SymInt::Int(v))),
        (B::Scalar, None, D::Float(f)) => Owned::Scalar(Scalar::from(f)),
        (B::Scalar, None, D::Bool(b)) => Owned::Scalar(Scalar::Bool(SymBool::Bool(b))),
        (B::ScalarType, None, d) => Owned::DType(d.dtype()?),
        (B::Layout, None, d) => Owned::Layout(d.layout()?),
        (B::MemoryFormat, None, d) => Owned::MemoryFormat(d.memory_format()?),
        (B::Device, None, D::Str(s) | D::Name(s)) => Owned::Device(s.parse().ok()?),
        _ => return None,
    })
}

/// `arg` converted to what a parameter of type `ty` takes when that needs
/// no value of the graph (a constant, or `None`), so a plan converts it
/// once; `None` when it needs values (tensors, SymInts, wrapped numbers).
pub(super) fn convert_const(ty: ParamType, arg: &Arg) -> Option<Result<Owned, String>> {
    use BaseType as B;
    if !is_read(ty.base) || matches!(arg, Arg::None) {
        return Some(Ok(Owned::None));
    }
    let wrong = || {
        Err(format!(
            "{} where the schema wants `{ty}`",
            crate::builtins::kind(arg)
        ))
    };
    Some(Ok(match (ty.base, ty.list, arg) {
        (
            B::Tensor,
            _,
            Arg::Tensor(_)
            | Arg::Tensors(_)
            | Arg::OptTensors(_)
            | Arg::Int(_)
            | Arg::SymInt(_)
            | Arg::Float(_)
            | Arg::SymFloat(_)
            | Arg::Bool(_)
            | Arg::SymBool(_)
            | Arg::Complex(..),
        ) => return None,
        (_, _, Arg::SymInt(_) | Arg::SymInts(_) | Arg::SymFloat(_) | Arg::SymBool(_)) => {
            return None;
        }
        (B::Int | B::SymInt, None, Arg::Int(v)) => Owned::Int(SymInt::Int(*v)),
        (B::Int | B::SymInt, None, Arg::Bool(b)) => Owned::Int(SymInt::Int(i64::from(*b))),
        (B::Int | B::SymInt | B::Scalar, Some(_), Arg::Ints(v)) => {
            Owned::Ints(v.iter().map(|&x| SymInt::Int(x)).collect())
        }
        // One value where a list of fixed length is wanted: repeated,
        // as Python's argument parser does (`int[2] padding=1`).
        (B::Int | B::SymInt, Some(l), Arg::Int(v)) => {
            Owned::Ints(List::from_elem(SymInt::Int(*v), repeat(l)))
        }
        (B::Float, None, Arg::Float(f)) => Owned::Float(*f),
        (B::Float, None, Arg::Int(v)) => Owned::Float(*v as f64),
        (B::Float | B::Scalar, Some(_), Arg::Floats(f)) => Owned::Floats(List::from_slice(f)),
        (B::Bool | B::SymBool, None, Arg::Bool(b)) => Owned::Bool(*b),
        (B::Bool | B::SymBool, None, Arg::Int(v)) => Owned::Bool(*v != 0),
        (B::Bool, Some(_), Arg::Bools(b)) => Owned::Bools(List::from_slice(b)),
        (B::Str, None, Arg::Str(s)) => Owned::Str(s.clone()),
        (B::Scalar, None, Arg::Int(v)) => Owned::Scalar(Scalar::Int(SymInt::Int(*v))),
        (B::Scalar, None, Arg::Float(f)) => Owned::Scalar(Scalar::from(*f)),
        (B::Scalar, None, Arg::Bool(b)) => Owned::Scalar(Scalar::Bool(SymBool::Bool(*b))),
        (B::Scalar, None, Arg::Complex(re, im)) => Owned::Scalar(Scalar::Complex(*re, *im)),
        (B::ScalarType, None, Arg::DType(d)) => Owned::DType(*d),
        (B::Layout, None, Arg::Layout(l)) => Owned::Layout(*l),
        (B::Device, None, Arg::Device(d)) => Owned::Device(*d),
        (B::MemoryFormat, None, Arg::MemoryFormat(m)) => Owned::MemoryFormat(*m),
        _ => return Some(wrong()),
    }))
}

impl Propagation {
    /// Convert an argument to what a parameter of type `ty` takes.
    pub(crate) fn convert(&mut self, ty: ParamType, arg: &Arg) -> Result<Owned, String> {
        use BaseType as B;
        if let Some(c) = convert_const(ty, arg) {
            return c;
        }
        let wrong = || {
            format!(
                "{} where the schema wants `{ty}`",
                crate::builtins::kind(arg)
            )
        };
        let opt_elems = |l: ListType| l.elem_optional;
        Ok(match (ty.base, ty.list, arg) {
            (B::Tensor, None, Arg::Tensor(v)) => Owned::Tensor(self.tensor_of(*v)?),
            (
                B::Tensor,
                None,
                Arg::Int(_)
                | Arg::SymInt(_)
                | Arg::Float(_)
                | Arg::SymFloat(_)
                | Arg::Bool(_)
                | Arg::SymBool(_)
                | Arg::Complex(..),
            ) => Owned::Tensor(self.wrapped_number(arg)?),
            (B::Tensor, Some(l), Arg::Tensors(vs)) if !opt_elems(l) => Owned::Tensors(
                vs.iter()
                    .map(|v| self.tensor_of(*v))
                    .collect::<Result<_, _>>()?,
            ),
            (B::Tensor, Some(l), Arg::OptTensors(vs)) if opt_elems(l) => Owned::OptTensors(
                vs.iter()
                    .map(|v| v.map(|v| self.tensor_of(v)).transpose())
                    .collect::<Result<_, _>>()?,
            ),
            (B::Tensor, Some(l), Arg::Tensors(vs)) if opt_elems(l) => Owned::OptTensors(
                vs.iter()
                    .map(|v| self.tensor_of(*v).map(Some))
                    .collect::<Result<_, _>>()?,
            ),
            (B::Int | B::SymInt, None, Arg::SymInt(s)) => Owned::Int(self.int_of(*s)?),
            (B::Int | B::SymInt, Some(_), Arg::SymInts(v)) => Owned::Ints(
                v.iter()
                    .map(|s| self.int_of(*s))
                    .collect::<Result<_, _>>()?,
            ),
            (B::Int | B::SymInt, Some(l), Arg::SymInt(s)) => {
                Owned::Ints(List::from_elem(self.int_of(*s)?, repeat(l)))
            }
            (B::Float, None, Arg::SymFloat(v)) => match self.slot(*v) {
                Slot::Float(SymFloat::Const(f)) => Owned::Float(f),
                Slot::Float(f) => {
                    let f = self.mode.env().display_float(f);
                    return Err(format!(
                        "the symbolic float {f} where the schema wants a float"
                    ));
                }
                _ => return Err(wrong()),
            },
            (B::Bool | B::SymBool, None, Arg::SymBool(v)) => match self.slot(*v) {
                Slot::Bool(SymBool::Bool(b)) => Owned::Bool(b),
                Slot::Bool(b) => Owned::SymBool(b),
                _ => return Err(wrong()),
            },
            (B::Scalar, None, Arg::SymInt(s)) => Owned::Scalar(Scalar::Int(self.int_of(*s)?)),
            (B::Scalar, None, Arg::SymFloat(v)) => match self.slot(*v) {
                Slot::Float(f) => Owned::Scalar(Scalar::Float(f)),
                _ => return Err(wrong()),
            },
            (B::Scalar, None, Arg::SymBool(v)) => match self.slot(*v) {
                Slot::Bool(b) => Owned::Scalar(Scalar::Bool(b)),
                _ => return Err(wrong()),
            },
            _ => return Err(wrong()),
        })
    }

    /// A Python number where the schema wants a tensor (`add.Tensor(x, 1)`
    /// in a traced graph), as PyTorch's wrapped number: a zero-dim CPU
    /// tensor of the dtype a Python scalar promotes as (`int64`, the
    /// default float dtype, its complex counterpart, `bool`), holding the
    /// value.
    pub(super) fn wrapped_number(&mut self, arg: &Arg) -> Result<TensorId, String> {
        let value = match arg {
            Arg::Int(v) => Scalar::Int(SymInt::Int(*v)),
            Arg::SymInt(s) => Scalar::Int(self.int_of(*s)?),
            Arg::Float(f) => Scalar::from(*f),
            Arg::SymFloat(v) => match self.slot(*v) {
                Slot::Float(f) => Scalar::Float(f),
                _ => return Err(format!("value #{} is not a float", v.0)),
            },
            Arg::SymBool(v) => match self.slot(*v) {
                Slot::Bool(b) => Scalar::Bool(b),
                _ => return Err(format!("value #{} is not a bool", v.0)),
            },
            Arg::Bool(b) => Scalar::Bool(SymBool::Bool(*b)),
            Arg::Complex(re, im) => Scalar::Complex(*re, *im),
            other => return Err(format!("{other:?} is not a number")),
        };
        self.mode.wrapped_scalar(value).map_err(|e| e.to_string())
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use fake_runtime::schema::ParamDef;
    use fake_runtime::{DType, MemoryFormat};

    /// Parameter `name` of the registered operator `op`.
    fn param(op: &str, name: &str) -> &'static ParamDef {
        let def = fake_ops::OPS
            .iter()
            .find(|d| d.name == op)
            .unwrap_or_else(|| panic!("`{op}` is registered"));
        def.params
            .iter()
            .find(|p| p.name == name)
            .unwrap_or_else(|| panic!("`{op}` has `{name}`"))
    }

    /// What a kernel of `op` is given for `name` when the node leaves it out.
    fn default_of(op: &str, name: &str) -> Option<Owned> {
        let p = param(op, name);
        default_arg(p.ty, p.default.expect("a default"))
    }

    fn ints(v: &[i64]) -> Owned {
        Owned::Ints(v.iter().map(|&x| SymInt::Int(x)).collect())
    }

    #[test]
    fn every_default_of_every_registered_operator_is_an_argument() {
        for def in fake_ops::OPS {
            for p in def.params {
                if let Some(d) = p.default {
                    assert!(default_arg(p.ty, d).is_some(), "{}: {p}", def.name);
                }
            }
        }
    }

    #[test]
    fn defaults_become_what_kernels_take() {
        let add = "aten::add.Tensor";
        assert_eq!(
            default_of(add, "alpha"),
            Some(Owned::Scalar(Scalar::Int(SymInt::Int(1))))
        );
        let sum = "aten::sum.dim_IntList";
        assert_eq!(default_of(sum, "keepdim"), Some(Owned::Bool(false)));
        assert_eq!(default_of(sum, "dtype"), Some(Owned::None));
        assert_eq!(default_of("aten::conv2d", "stride"), Some(ints(&[1, 1])));
        assert_eq!(
            default_of("aten::conv2d", "groups"),
            Some(Owned::Int(SymInt::Int(1)))
        );
        // `int[2] padding=0`: one value repeated to the list's length;
        // `int[2] stride=[]` stays empty.
        assert_eq!(
            default_of("aten::max_pool2d", "padding"),
            Some(ints(&[0, 0]))
        );
        assert_eq!(default_of("aten::max_pool2d", "stride"), Some(ints(&[])));
        // `ScalarType? dtype=4`: c10's index of int64.
        assert_eq!(
            default_of("aten::randperm", "dtype"),
            Some(Owned::DType(DType::Int64))
        );
    }

    #[test]
    fn enum_defaults_by_name_and_defaults_of_another_type() {
        use BaseType as B;
        let of = ParamType::of;
        assert_eq!(
            default_arg(
                of(B::MemoryFormat).optional(),
                DefaultValue::Name("contiguous_format")
            ),
            Some(Owned::MemoryFormat(MemoryFormat::Contiguous))
        );
        assert_eq!(
            default_arg(of(B::Int), DefaultValue::Name("Mean")),
            Some(Owned::Int(SymInt::Int(1)))
        );
        assert_eq!(
            default_arg(
                ParamType::list_of(B::Float, None).optional(),
                DefaultValue::Ints(&[])
            ),
            Some(Owned::Floats(List::new()))
        );
        // Arguments of types kernels do not read are `None`.
        assert_eq!(
            default_arg(of(B::Generator).optional(), DefaultValue::Name("g")),
            Some(Owned::None)
        );
        // A default that is not a value of the type is refused.
        assert_eq!(default_arg(of(B::Float), DefaultValue::Str("x")), None);
        assert_eq!(default_arg(of(B::ScalarType), DefaultValue::Int(99)), None);
    }
}
