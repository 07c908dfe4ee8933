//! The graph IR: a torch.export program reduced to what propagation needs.
//! Values are numbered ([`ValueId`]) and keep the metadata PyTorch recorded
//! for them; nodes name their operator (`aten::add.Tensor`) and carry their
//! arguments by parameter name, with references to values resolved and the
//! schema's enums mapped to the runtime's types; the signature says which
//! inputs are user inputs, parameters, buffers or constants.
//!
//! [`Graph::from_program`] builds it from a loaded
//! [`ExportedProgram`], which has already
//! been checked for dangling references; anything else it cannot represent
//! is a [`GraphError`] naming the node, the argument and why.

use crate::export::convert;
use crate::export::schema::{
    self, Argument, ExportedProgram, InputSpec, OptionalTensorArgument, SymBoolArgument,
    SymFloatArgument, SymIntArgument,
};
use fake_runtime::{DType, Device, Layout, MemoryFormat};
use std::collections::{BTreeMap, HashMap};
use thiserror::Error;

/// A value of the graph: an index into [`Graph::values`].
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct ValueId(pub u32);

/// What PyTorch recorded for a value.
#[derive(Debug, Clone, PartialEq)]
pub enum Recorded {
    /// A tensor's metadata.
    Tensor(schema::TensorMeta),
    /// A SymInt's value.
    SymInt(schema::SymInt),
    /// A SymBool's value.
    SymBool(schema::SymBool),
    /// A SymFloat's value.
    SymFloat(schema::SymFloat),
    /// A custom object (no metadata).
    CustomObj,
}

/// Where a value comes from.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Producer {
    /// Graph input number `i`.
    Input(usize),
    /// An output of node number `i`.
    Node(usize),
}

/// One value of the graph.
#[derive(Debug, Clone, PartialEq)]
pub struct ValueInfo {
    /// The name in the program (`add_3`, `x`).
    pub name: String,
    /// What PyTorch recorded.
    pub recorded: Recorded,
    /// Who defines it.
    pub producer: Producer,
}

/// A symbolic integer argument: a value of the graph or a constant.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum SymIntArg {
    /// A SymInt value.
    Value(ValueId),
    /// A constant.
    Int(i64),
}

/// An argument of a node, with references resolved.
#[derive(Debug, Clone, PartialEq)]
#[non_exhaustive]
pub enum Arg {
    /// `None`.
    None,
    /// A tensor.
    Tensor(ValueId),
    /// `Tensor[]`.
    Tensors(Vec<ValueId>),
    /// `Tensor?` / `Tensor?[]` elements.
    OptTensors(Vec<Option<ValueId>>),
    /// An integer constant.
    Int(i64),
    /// A list of integer constants.
    Ints(Vec<i64>),
    /// A SymInt.
    SymInt(SymIntArg),
    /// A list of SymInts.
    SymInts(Vec<SymIntArg>),
    /// A float constant.
    Float(f64),
    /// A list of float constants.
    Floats(Vec<f64>),
    /// A boolean constant.
    Bool(bool),
    /// A list of boolean constants.
    Bools(Vec<bool>),
    /// A SymBool value.
    SymBool(ValueId),
    /// A SymFloat value.
    SymFloat(ValueId),
    /// A string.
    Str(String),
    /// A list of strings.
    Strs(Vec<String>),
    /// A dtype.
    DType(DType),
    /// A layout.
    Layout(Layout),
    /// A device.
    Device(Device),
    /// A memory format.
    MemoryFormat(MemoryFormat),
    /// A complex constant `(re, im)`.
    Complex(f64, f64),
    /// Something propagation does not model (a subgraph, a custom object,
    /// an operator, a kind from a newer schema): the serialized tag.
    Opaque(String),
}

/// What one result of a node defines.
#[derive(Debug, Clone, PartialEq)]
pub enum NodeOutput {
    /// Nothing (an unused or `None` result).
    None,
    /// A tensor value.
    Tensor(ValueId),
    /// A list of tensor values.
    Tensors(Vec<ValueId>),
    /// A SymInt value (or a constant the tracer folded).
    SymInt(SymIntArg),
    /// A SymBool value.
    SymBool(ValueId),
    /// A SymFloat value.
    SymFloat(ValueId),
    /// A result propagation does not model: the serialized tag.
    Opaque(String),
}

/// One operator call.
#[derive(Debug, Clone, PartialEq)]
pub struct Node {
    /// The node's name (`add_3`).
    pub name: String,
    /// The serialized target (`torch.ops.aten.add.Tensor`, `_operator.mul`).
    pub target: String,
    /// The operator as the registry names it (`aten::add.Tensor`), for
    /// `torch.ops.*` targets.
    pub op: Option<String>,
    /// Arguments by parameter name, in the order written.
    pub args: Vec<(String, Arg)>,
    /// The results.
    pub outputs: Vec<NodeOutput>,
}

impl Node {
    /// The argument of parameter `name`.
    pub fn arg(&self, name: &str) -> Option<&Arg> {
        self.args.iter().find(|(n, _)| n == name).map(|(_, a)| a)
    }
}

/// What a graph input is.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum InputKind {
    /// Passed by the user.
    User,
    /// A parameter (its fully qualified name).
    Parameter(String),
    /// A buffer (its fully qualified name).
    Buffer(String),
    /// A constant tensor (its fully qualified name).
    Constant(String),
    /// Anything else (tokens, custom objects, lifted constants).
    Other,
}

/// One graph input.
#[derive(Debug, Clone, PartialEq)]
pub struct Input {
    /// The value it defines (`None` for inputs without one, such as
    /// constants lifted to inputs).
    pub value: Option<ValueId>,
    /// What it is.
    pub kind: InputKind,
}

/// A symbol's range from the program's `range_constraints`.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Range {
    /// Lower bound, inclusive (`None`: unbounded).
    pub min: Option<i64>,
    /// Upper bound, inclusive (`None`: unbounded).
    pub max: Option<i64>,
}

/// A program as a graph of numbered values.
#[derive(Debug, Clone, PartialEq)]
pub struct Graph {
    /// Every value, inputs first, then node outputs in order.
    pub values: Vec<ValueInfo>,
    /// The graph inputs, in order.
    pub inputs: Vec<Input>,
    /// The nodes, in execution order.
    pub nodes: Vec<Node>,
    /// The graph outputs.
    pub outputs: Vec<NodeOutput>,
    /// Ranges of the program's symbols, by name (`s77`).
    pub ranges: BTreeMap<String, Range>,
}

/// Why a program cannot be represented.
#[derive(Debug, Clone, PartialEq, Eq, Error)]
#[non_exhaustive]
pub enum GraphError {
    /// An argument names a value that is not defined before it.
    #[error("node '{node}', argument '{arg}': `{value}` is not defined before it")]
    Undefined {
        /// The node.
        node: String,
        /// The argument (or `output #i`).
        arg: String,
        /// The value.
        value: String,
    },
    /// An enum value this crate does not know.
    #[error("node '{node}', argument '{arg}': unknown {what} {value}")]
    UnknownEnum {
        /// The node.
        node: String,
        /// The argument.
        arg: String,
        /// `dtype`, `layout`, `memory format`, `device`.
        what: &'static str,
        /// The value, printed.
        value: String,
    },
    /// A value is defined without metadata.
    #[error("`{value}` ({what}) has no recorded metadata")]
    NoMetadata {
        /// The value.
        value: String,
        /// Its kind.
        what: &'static str,
    },
}

/// The registry name of a `torch.ops.<ns>.<op>.<overload>` target
/// (`aten::add.Tensor`; `.default` is kept, registries strip it).
pub fn op_name(target: &str) -> Option<String> {
    let rest = target.strip_prefix("torch.ops.")?;
    let (ns, op) = rest.split_once('.')?;
    if ns.is_empty() || op.is_empty() {
        return None;
    }
    Some(format!("{ns}::{op}"))
}

struct Builder<'p> {
    graph: &'p schema::Graph,
    values: Vec<ValueInfo>,
    by_name: HashMap<String, ValueId>,
}

impl Builder<'_> {
    fn define(
        &mut self,
        name: &str,
        kind: ValueKindOf,
        producer: Producer,
    ) -> Result<ValueId, GraphError> {
        let g = self.graph;
        let missing = |what| GraphError::NoMetadata {
            value: name.to_string(),
            what,
        };
        let recorded = match kind {
            ValueKindOf::Tensor => Recorded::Tensor(
                g.tensor_values
                    .get(name)
                    .ok_or_else(|| missing("tensor"))?
                    .clone(),
            ),
            ValueKindOf::SymInt => Recorded::SymInt(
                g.sym_int_values
                    .get(name)
                    .ok_or_else(|| missing("SymInt"))?
                    .clone(),
            ),
            ValueKindOf::SymBool => Recorded::SymBool(
                g.sym_bool_values
                    .get(name)
                    .ok_or_else(|| missing("SymBool"))?
                    .clone(),
            ),
            ValueKindOf::SymFloat => Recorded::SymFloat(
                g.sym_float_values
                    .get(name)
                    .ok_or_else(|| missing("SymFloat"))?
                    .clone(),
            ),
            ValueKindOf::CustomObj => Recorded::CustomObj,
        };
        let id = ValueId(self.values.len() as u32);
        self.values.push(ValueInfo {
            name: name.to_string(),
            recorded,
            producer,
        });
        self.by_name.insert(name.to_string(), id);
        Ok(id)
    }

    fn lookup(&self, node: &str, arg: &str, name: &str) -> Result<ValueId, GraphError> {
        self.by_name
            .get(name)
            .copied()
            .ok_or_else(|| GraphError::Undefined {
                node: node.to_string(),
                arg: arg.to_string(),
                value: name.to_string(),
            })
    }

    fn sym_int(&self, node: &str, arg: &str, a: &SymIntArgument) -> Result<SymIntArg, GraphError> {
        Ok(match a {
            SymIntArgument::Name(n) => SymIntArg::Value(self.lookup(node, arg, n)?),
            SymIntArgument::Int(v) => SymIntArg::Int(*v),
        })
    }

    /// Resolve an argument of node `node`, parameter `arg`.
    fn arg(&self, node: &str, arg: &str, a: &Argument) -> Result<Arg, GraphError> {
        let unknown = |what, value: String| GraphError::UnknownEnum {
            node: node.to_string(),
            arg: arg.to_string(),
            what,
            value,
        };
        let look = |n: &str| self.lookup(node, arg, n);
        Ok(match a {
            Argument::None => Arg::None,
            Argument::Tensor(t) => Arg::Tensor(look(&t.name)?),
            Argument::Tensors(ts) => {
                Arg::Tensors(ts.iter().map(|t| look(&t.name)).collect::<Result<_, _>>()?)
            }
            Argument::OptionalTensor(OptionalTensorArgument::Tensor(t)) => {
                Arg::Tensor(look(&t.name)?)
            }
            Argument::OptionalTensor(OptionalTensorArgument::None) => Arg::None,
            Argument::OptionalTensors(ts) => Arg::OptTensors(
                ts.iter()
                    .map(|t| match t {
                        OptionalTensorArgument::Tensor(t) => look(&t.name).map(Some),
                        OptionalTensorArgument::None => Ok(None),
                    })
                    .collect::<Result<_, _>>()?,
            ),
            Argument::Int(v) => Arg::Int(*v),
            Argument::Ints(v) => Arg::Ints(v.clone()),
            Argument::Float(v) => Arg::Float(v.0),
            Argument::Floats(v) => Arg::Floats(v.iter().map(|f| f.0).collect()),
            Argument::String(s) => Arg::Str(s.clone()),
            Argument::Strings(s) => Arg::Strs(s.clone()),
            Argument::SymInt(s) => Arg::SymInt(self.sym_int(node, arg, s)?),
            Argument::SymInts(v) => Arg::SymInts(
                v.iter()
                    .map(|s| self.sym_int(node, arg, s))
                    .collect::<Result<_, _>>()?,
            ),
            Argument::ScalarType(v) => {
                Arg::DType(convert::dtype(*v).ok_or_else(|| unknown("dtype", v.to_string()))?)
            }
            Argument::Layout(v) => {
                Arg::Layout(convert::layout(*v).ok_or_else(|| unknown("layout", v.to_string()))?)
            }
            Argument::MemoryFormat(v) => Arg::MemoryFormat(
                convert::memory_format(*v)
                    .ok_or_else(|| unknown("memory format", v.to_string()))?,
            ),
            Argument::Device(d) => {
                Arg::Device(convert::device(d).ok_or_else(|| unknown("device", format!("{d:?}")))?)
            }
            Argument::Bool(b) => Arg::Bool(*b),
            Argument::Bools(b) => Arg::Bools(b.clone()),
            Argument::SymBool(SymBoolArgument::Name(n)) => Arg::SymBool(look(n)?),
            Argument::SymBool(SymBoolArgument::Bool(b)) => Arg::Bool(*b),
            Argument::SymFloat(SymFloatArgument::Name(n)) => Arg::SymFloat(look(n)?),
            Argument::SymFloat(SymFloatArgument::Float(f)) => Arg::Float(f.0),
            Argument::Complex(c) => Arg::Complex(c.real.0, c.imag.0),
            other => Arg::Opaque(other.tag().to_string()),
        })
    }

    /// Define the values a node result (or graph input) names.
    fn define_output(
        &mut self,
        a: &Argument,
        producer: Producer,
    ) -> Result<NodeOutput, GraphError> {
        Ok(match a {
            Argument::None => NodeOutput::None,
            Argument::Tensor(t) => {
                NodeOutput::Tensor(self.define(&t.name, ValueKindOf::Tensor, producer)?)
            }
            Argument::Tensors(ts) => NodeOutput::Tensors(
                ts.iter()
                    .map(|t| self.define(&t.name, ValueKindOf::Tensor, producer))
                    .collect::<Result<_, _>>()?,
            ),
            Argument::SymInt(SymIntArgument::Name(n)) => NodeOutput::SymInt(SymIntArg::Value(
                self.define(n, ValueKindOf::SymInt, producer)?,
            )),
            Argument::SymInt(SymIntArgument::Int(v)) | Argument::Int(v) => {
                NodeOutput::SymInt(SymIntArg::Int(*v))
            }
            Argument::SymBool(SymBoolArgument::Name(n)) => {
                NodeOutput::SymBool(self.define(n, ValueKindOf::SymBool, producer)?)
            }
            Argument::SymFloat(SymFloatArgument::Name(n)) => {
                NodeOutput::SymFloat(self.define(n, ValueKindOf::SymFloat, producer)?)
            }
            Argument::CustomObj(c) => {
                self.define(&c.name, ValueKindOf::CustomObj, producer)?;
                NodeOutput::Opaque(a.tag().to_string())
            }
            other => NodeOutput::Opaque(other.tag().to_string()),
        })
    }

    /// The values a graph output names.
    fn use_output(&self, i: usize, a: &Argument) -> Result<NodeOutput, GraphError> {
        let arg = format!("output #{i}");
        Ok(match self.arg("output", &arg, a)? {
            Arg::Tensor(v) => NodeOutput::Tensor(v),
            Arg::Tensors(v) => NodeOutput::Tensors(v),
            Arg::SymInt(s) => NodeOutput::SymInt(s),
            Arg::Int(v) => NodeOutput::SymInt(SymIntArg::Int(v)),
            Arg::SymBool(v) => NodeOutput::SymBool(v),
            Arg::SymFloat(v) => NodeOutput::SymFloat(v),
            Arg::None => NodeOutput::None,
            _ => NodeOutput::Opaque(a.tag().to_string()),
        })
    }
}

#[derive(Clone, Copy)]
enum ValueKindOf {
    Tensor,
    SymInt,
    SymBool,
    SymFloat,
    CustomObj,
}

impl Graph {
    /// The graph of a loaded program (its top-level graph; subgraphs of
    /// higher-order operators stay opaque arguments).
    pub fn from_program(program: &ExportedProgram) -> Result<Graph, GraphError> {
        let g = program.graph();
        let mut b = Builder {
            graph: g,
            values: Vec::new(),
            by_name: HashMap::new(),
        };
        let specs = &program.signature().input_specs;
        let mut inputs = Vec::with_capacity(g.inputs.len());
        for (i, a) in g.inputs.iter().enumerate() {
            let value = match b.define_output(a, Producer::Input(i))? {
                NodeOutput::Tensor(v)
                | NodeOutput::SymInt(SymIntArg::Value(v))
                | NodeOutput::SymBool(v)
                | NodeOutput::SymFloat(v) => Some(v),
                _ => None,
            };
            let kind = match specs.get(i) {
                Some(InputSpec::UserInput(_)) => InputKind::User,
                Some(InputSpec::Parameter(p)) => InputKind::Parameter(p.parameter_name.clone()),
                Some(InputSpec::Buffer(p)) => InputKind::Buffer(p.buffer_name.clone()),
                Some(InputSpec::TensorConstant(p)) => {
                    InputKind::Constant(p.tensor_constant_name.clone())
                }
                _ => InputKind::Other,
            };
            inputs.push(Input { value, kind });
        }
        let mut nodes = Vec::with_capacity(g.nodes.len());
        for (index, n) in g.nodes.iter().enumerate() {
            let name = n.name.clone().unwrap_or_else(|| format!("#{index}"));
            let mut args = Vec::with_capacity(n.inputs.len());
            for input in &n.inputs {
                args.push((input.name.clone(), b.arg(&name, &input.name, &input.arg)?));
            }
            let mut outputs = Vec::with_capacity(n.outputs.len());
            for o in &n.outputs {
                outputs.push(b.define_output(o, Producer::Node(index))?);
            }
            nodes.push(Node {
                op: op_name(&n.target),
                name,
                target: n.target.clone(),
                args,
                outputs,
            });
        }
        let outputs = g
            .outputs
            .iter()
            .enumerate()
            .map(|(i, a)| b.use_output(i, a))
            .collect::<Result<_, _>>()?;
        let ranges = program
            .range_constraints
            .iter()
            .map(|(k, r)| {
                (
                    k.clone(),
                    Range {
                        min: r.min_val,
                        max: r.max_val,
                    },
                )
            })
            .collect();
        Ok(Graph {
            values: b.values,
            inputs,
            nodes,
            outputs,
            ranges,
        })
    }

    /// The value `id`.
    pub fn value(&self, id: ValueId) -> &ValueInfo {
        &self.values[id.0 as usize]
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn op_names() {
        assert_eq!(
            op_name("torch.ops.aten.add.Tensor").as_deref(),
            Some("aten::add.Tensor")
        );
        assert_eq!(
            op_name("torch.ops.aten.relu.default").as_deref(),
            Some("aten::relu.default")
        );
        assert_eq!(op_name("_operator.mul"), None);
        assert_eq!(op_name("torch.ops.aten"), None);
    }
}
