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
    self, Argument, ExportedProgram, InputSpec, OptionalTensorArgument, PyInt, RangeConstraint,
    SymBoolArgument, SymFloatArgument, SymIntArgument,
};
use fake_runtime::{DType, Device, Layout, MemoryFormat};
use std::collections::{BTreeMap, HashMap};
use thiserror::Error;

mod build;

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
    /// An integer constant beyond `i64` (a range check's bound; see
    /// [`crate::export::schema::PyInt`]).
    WideInt(i128),
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
    /// The autocast region the node runs in (`wrap_with_autocast`'s
    /// subgraph, enabled), if any.
    pub autocast: Option<AutocastRegion>,
    /// Whether autograd records inside the `wrap_with_set_grad_enabled`
    /// region the node runs in, if any (outside every region, the grad
    /// mode the program was traced in: [`crate::prop::Plan::set_grad_enabled`]).
    pub grad_enabled: Option<bool>,
}

/// An enabled autocast region of an exported program
/// (`torch.ops.higher_order.wrap_with_autocast`).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct AutocastRegion {
    /// The device type whose tensors are cast.
    pub device: fake_runtime::DeviceType,
    /// The lower-precision dtype.
    pub dtype: DType,
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

impl Range {
    /// The range of `symbol` a range constraint gives. A bound beyond
    /// `i64` on the far side bounds no 64-bit integer (no bound); one on
    /// the near side leaves none in the range (an error).
    fn of(symbol: &str, r: &RangeConstraint) -> Result<Range, GraphError> {
        let bound = |b: Option<PyInt>, side: &'static str, open: bool| match b {
            None => Ok(None),
            Some(PyInt::Int(v)) => Ok(Some(v)),
            Some(PyInt::Wide(v)) if (v > 0) == open => Ok(None),
            Some(PyInt::Wide(v)) => Err(GraphError::ImpossibleRange {
                symbol: symbol.to_string(),
                side,
                value: v.to_string(),
            }),
        };
        Ok(Range {
            min: bound(r.min_val, "lower", false)?,
            max: bound(r.max_val, "upper", true)?,
        })
    }
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
    /// The guards export recorded, as Python code (`guards_code`).
    pub guards_code: Vec<String>,
    /// Whether the program was traced functionalized: a Core ATen or
    /// inference program (`run_decompositions()`, verifier `ATEN`, and
    /// every program written before verifiers were recorded), not the
    /// training IR `torch.export` gives first (verifier `TRAINING`). A
    /// functionalized trace runs the program twice, so its results come
    /// from dispatch-cache hits where the cache holds them
    /// (`fake_runtime::mode::ModeSettings::functional`).
    pub functional: bool,
}

/// Most nodes a graph may have once its subgraphs are inlined: far above
/// any real program (a GPT-2's graph has about 2,000), it bounds the work
/// and memory a hostile file can ask for.
pub const MAX_NODES: usize = 1_000_000;

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
    /// A range constraint admits no 64-bit integer: a lower bound above
    /// `i64::MAX` or an upper bound below `i64::MIN`.
    #[error("range of symbol `{symbol}`: {side} bound {value} admits no 64-bit integer")]
    ImpossibleRange {
        /// The symbol.
        symbol: String,
        /// `lower` or `upper`.
        side: &'static str,
        /// The bound.
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
    /// The graph has more nodes than [`MAX_NODES`], subgraphs inlined.
    #[error("the graph has more than {limit} nodes (subgraphs inlined)")]
    TooManyNodes {
        /// [`MAX_NODES`].
        limit: usize,
    },
    /// A higher-order operator's node is not in the form torch.export
    /// writes (`cond(pred, true_graph, false_graph, operands)`, ...).
    #[error("node '{node}': {reason}")]
    BadHop {
        /// The node.
        node: String,
        /// What is wrong.
        reason: String,
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

impl Graph {
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

    /// A bound beyond 64 bits on the far side of a range is no bound; on
    /// the near side it leaves no 64-bit integer, an error naming it.
    #[test]
    fn range_bounds_beyond_64_bits() {
        let wide = PyInt::Wide(36_893_488_147_419_103_224);
        let range = |min, max| {
            Range::of(
                "u1",
                &RangeConstraint {
                    min_val: min,
                    max_val: max,
                },
            )
        };
        assert_eq!(
            range(Some(PyInt::Int(0)), Some(wide)).unwrap(),
            Range {
                min: Some(0),
                max: None
            }
        );
        assert_eq!(
            range(Some(PyInt::Wide(-wide_value())), Some(PyInt::Int(7))).unwrap(),
            Range {
                min: None,
                max: Some(7)
            }
        );
        let e = range(Some(wide), None).unwrap_err().to_string();
        assert_eq!(
            e,
            "range of symbol `u1`: lower bound 36893488147419103224 admits no 64-bit integer"
        );
        assert!(range(None, Some(PyInt::Wide(-wide_value()))).is_err());
    }

    fn wide_value() -> i128 {
        1 << 65
    }
}
