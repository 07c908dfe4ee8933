//! What a serialized argument names: the kind of graph value each name
//! refers to, and the names and subgraphs an [`Argument`] carries.

use super::*;

/// What kind of graph value a name refers to.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum ValueKind {
    /// A tensor ([`Graph::tensor_values`]).
    Tensor,
    /// A SymInt ([`Graph::sym_int_values`]).
    SymInt,
    /// A SymBool ([`Graph::sym_bool_values`]).
    SymBool,
    /// A SymFloat ([`Graph::sym_float_values`]).
    SymFloat,
    /// A custom object ([`Graph::custom_obj_values`]).
    CustomObj,
}

impl ValueKind {
    /// The kind, for messages (`tensor`, `SymInt`).
    pub fn name(self) -> &'static str {
        match self {
            ValueKind::Tensor => "tensor",
            ValueKind::SymInt => "SymInt",
            ValueKind::SymBool => "SymBool",
            ValueKind::SymFloat => "SymFloat",
            ValueKind::CustomObj => "custom object",
        }
    }

    /// The field of [`Graph`] that holds values of this kind.
    pub fn table(self) -> &'static str {
        match self {
            ValueKind::Tensor => "tensor_values",
            ValueKind::SymInt => "sym_int_values",
            ValueKind::SymBool => "sym_bool_values",
            ValueKind::SymFloat => "sym_float_values",
            ValueKind::CustomObj => "custom_obj_values",
        }
    }
}

impl Argument {
    /// Every graph value this argument names, in order, with its kind:
    /// tensors, SymInts, SymBools, SymFloats and custom objects. Constants
    /// and subgraphs name none.
    pub fn value_refs(&self) -> Vec<(ValueKind, &str)> {
        let mut out = Vec::new();
        self.collect_refs(&mut out);
        out
    }

    fn collect_refs<'a>(&'a self, out: &mut Vec<(ValueKind, &'a str)>) {
        use ValueKind as K;
        match self {
            Argument::Tensor(t) => out.push((K::Tensor, &t.name)),
            Argument::Tensors(ts) => out.extend(ts.iter().map(|t| (K::Tensor, t.name.as_str()))),
            Argument::OptionalTensor(OptionalTensorArgument::Tensor(t)) => {
                out.push((K::Tensor, &t.name))
            }
            Argument::OptionalTensors(ts) => out.extend(ts.iter().filter_map(|t| match t {
                OptionalTensorArgument::Tensor(t) => Some((K::Tensor, t.name.as_str())),
                OptionalTensorArgument::None => None,
            })),
            Argument::NestedTensors(tss) => {
                out.extend(tss.iter().flatten().map(|t| (K::Tensor, t.name.as_str())))
            }
            Argument::SymInt(SymIntArgument::Name(n)) => out.push((K::SymInt, n)),
            Argument::SymBool(SymBoolArgument::Name(n)) => out.push((K::SymBool, n)),
            Argument::SymFloat(SymFloatArgument::Name(n)) => out.push((K::SymFloat, n)),
            Argument::SymInts(xs) => out.extend(xs.iter().filter_map(|x| match x {
                SymIntArgument::Name(n) => Some((K::SymInt, n.as_str())),
                SymIntArgument::Int(_) => None,
            })),
            Argument::SymBools(xs) => out.extend(xs.iter().filter_map(|x| match x {
                SymBoolArgument::Name(n) => Some((K::SymBool, n.as_str())),
                SymBoolArgument::Bool(_) => None,
            })),
            Argument::SymFloats(xs) => out.extend(xs.iter().filter_map(|x| match x {
                SymFloatArgument::Name(n) => Some((K::SymFloat, n.as_str())),
                SymFloatArgument::Float(_) => None,
            })),
            Argument::CustomObj(c) => out.push((K::CustomObj, &c.name)),
            Argument::StringToArgument(m) => {
                for a in m.values() {
                    a.collect_refs(out);
                }
            }
            Argument::None
            | Argument::SymInt(SymIntArgument::Int(_))
            | Argument::SymBool(SymBoolArgument::Bool(_))
            | Argument::SymFloat(SymFloatArgument::Float(_))
            | Argument::Int(_)
            | Argument::Ints(_)
            | Argument::Float(_)
            | Argument::Floats(_)
            | Argument::String(_)
            | Argument::Strings(_)
            | Argument::ScalarType(_)
            | Argument::MemoryFormat(_)
            | Argument::Layout(_)
            | Argument::Device(_)
            | Argument::Bool(_)
            | Argument::Bools(_)
            | Argument::Graph(_)
            | Argument::OptionalTensor(OptionalTensorArgument::None)
            | Argument::Operator(_)
            | Argument::Complex(_)
            | Argument::IntLists(_)
            | Argument::FloatLists(_)
            | Argument::Unknown { .. } => {}
        }
    }

    /// The name of the value this argument defines or names, for a
    /// single tensor, SymInt, SymBool or SymFloat.
    pub fn value_name(&self) -> Option<&str> {
        match self {
            Argument::Tensor(t) => Some(&t.name),
            Argument::SymInt(SymIntArgument::Name(n))
            | Argument::SymBool(SymBoolArgument::Name(n))
            | Argument::SymFloat(SymFloatArgument::Name(n)) => Some(n),
            _ => None,
        }
    }

    /// The subgraphs this argument carries (of higher-order operators).
    pub fn subgraphs(&self) -> Vec<&GraphArgument> {
        match self {
            Argument::Graph(g) => vec![g],
            Argument::StringToArgument(m) => m.values().flat_map(Argument::subgraphs).collect(),
            _ => Vec::new(),
        }
    }
}
