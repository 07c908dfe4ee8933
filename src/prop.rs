//! Propagation: fake tensors through every node of a [`Graph`].
//!
//! The graph's inputs become fake tensors made from the metadata PyTorch
//! recorded for them: every symbol the file names (`s77`) becomes one
//! ShapeEnv symbol, with its hint from the recorded size and its range from
//! the program's `range_constraints`. Then every node is dispatched through
//! a [`FakeTensorMode`]: arguments are put in schema order (the parameters
//! come from the registry's [`OpDef::params`]), converted to what each
//! parameter's type takes and completed with its defaults. A few nodes that
//! are not tensor operators
//! are built in: SymInt arithmetic (`_operator.add`, ...) and `sym_size`
//! when the registry lacks it.
//!
//! A node whose operator is not in the registry is *unsupported* (its
//! arguments are not read: no schema is needed for it); one whose kernel
//! fails has *failed*. Either way its outputs are made from the recorded
//! metadata, so the nodes after it are still propagated (and checked) from
//! PyTorch's own inputs.
//!
//! A [`Plan`] (operators looked up, schemas read, arguments matched) is made
//! once per graph and can run many times.

use crate::builtins::{Builtin, builtin};
use crate::export::convert;
use crate::export::schema;
use crate::export::srepr::{self, ResolveError, Resolver, SymbolDecl};
use crate::graph::{Arg, Graph, NodeOutput, Recorded, SymIntArg, ValueId};
use fake_runtime::mode::{Output, Value};
use fake_runtime::schema::{BaseType, DefaultValue, ListType, ParamType};
use fake_runtime::sym::{Symbol, ValueRange};
use fake_runtime::{
    FakeTensorMode, OpDef, Registry, Scalar, ShapeEnv, Source, SymBool, SymFloat, SymInt, TensorId,
    TensorMeta,
};
use std::collections::{BTreeMap, HashMap};
use std::sync::Arc;
use thiserror::Error;

/// An error that stops propagation before any node runs: the inputs cannot
/// be made from the recorded metadata.
#[derive(Debug, Clone, PartialEq, Eq, Error)]
#[non_exhaustive]
pub enum PropError {
    /// A recorded value of an input cannot be read.
    #[error("input `{value}`, {field}: {reason}")]
    Input {
        /// The input's name.
        value: String,
        /// The field (`sizes[0]`, `dtype`).
        field: String,
        /// Why.
        reason: String,
    },
    /// A hint was given for a name that is not a symbol of the program's
    /// inputs.
    #[error("no input symbol `{name}` to give a hint to; the program's input symbols: {known}")]
    UnknownSymbol {
        /// The name given.
        name: String,
        /// The input symbols, comma-separated (`s77, s70`), or `none`.
        known: String,
    },
    /// A plan run on a graph other than the one it was made for.
    #[error("the plan has {plan} nodes but the graph has {graph}")]
    PlanMismatch {
        /// Nodes of the plan.
        plan: usize,
        /// Nodes of the graph.
        graph: usize,
    },
}

/// What happened at one node.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Status {
    /// The operator ran.
    Ran,
    /// The operator is not in the registry (or cannot be called from this
    /// node): the reason. Outputs come from the recorded metadata.
    Unsupported(String),
    /// The kernel (or argument conversion) failed: the error. Outputs come
    /// from the recorded metadata.
    Failed(String),
}

/// A value after propagation.
#[derive(Debug, Clone, Copy, PartialEq)]
pub enum Slot {
    /// Not computed (an opaque value).
    Empty,
    /// A fake tensor.
    Tensor(TensorId),
    /// An integer.
    Int(SymInt),
    /// A condition.
    Bool(SymBool),
    /// A float, possibly symbolic.
    Float(SymFloat),
}

/// Where an argument of a planned call comes from.
#[derive(Debug, Clone)]
enum ArgSource {
    /// Argument number `i` of the node.
    Given(usize),
    /// The parameter's default, converted when the plan was made.
    Default(Owned),
    /// Not given and no default: `None`.
    Absent,
}

#[derive(Debug, Clone)]
enum Step {
    Op {
        def: OpDef,
        args: Vec<(ParamType, ArgSource)>,
    },
    Builtin(Builtin),
    Unsupported(String),
}

/// Operators looked up and arguments matched to schemas, for one graph.
#[derive(Debug, Clone)]
pub struct Plan {
    steps: Vec<Step>,
    /// What runs share: parsed expressions and static metadata.
    shared: Arc<Shared>,
}

/// Work done once per graph for every run.
#[derive(Debug)]
struct Shared {
    /// Every recorded srepr string of the graph, parsed once.
    exprs: HashMap<String, srepr::Expr>,
    /// Per value: its recorded tensor metadata as the runtime's, when it is
    /// all static.
    statics: Vec<Option<TensorMeta>>,
    /// Per node: whether its recorded results name an unbacked symbol, so
    /// a run binds the file's name to ours after it.
    names_unbacked: Vec<bool>,
}

/// The recorded metadata as the runtime's, when every size, stride and
/// the offset are constants.
fn static_meta(meta: &schema::TensorMeta) -> Option<TensorMeta> {
    let int = |s: &schema::SymInt| match s {
        schema::SymInt::Int(v) => Some(SymInt::Int(*v)),
        schema::SymInt::Expr(_) => None,
    };
    Some(TensorMeta {
        sizes: meta.sizes.iter().map(int).collect::<Option<_>>()?,
        strides: meta.strides.iter().map(int).collect::<Option<_>>()?,
        storage_offset: int(&meta.storage_offset)?,
        dtype: convert::dtype(meta.dtype)?,
        device: convert::device(&meta.device)?,
        layout: convert::layout(meta.layout)?,
        requires_grad: meta.requires_grad,
    })
}

/// Parse every recorded expression of `graph` (those that parse; the others
/// are reported where they are used).
fn parse_recorded(graph: &Graph) -> HashMap<String, srepr::Expr> {
    let mut out = HashMap::new();
    let mut add = |s: &schema::SymInt| {
        if let schema::SymInt::Expr(e) = s
            && !out.contains_key(&e.expr_str)
            && let Ok(expr) = srepr::parse(&e.expr_str)
        {
            out.insert(e.expr_str.clone(), expr);
        }
    };
    for v in &graph.values {
        match &v.recorded {
            Recorded::Tensor(m) => {
                m.sizes.iter().chain(&m.strides).for_each(&mut add);
                add(&m.storage_offset);
            }
            Recorded::SymInt(i) => add(i),
            _ => {}
        }
    }
    out
}

impl Plan {
    /// Look up every node's operator in `registry` and match its arguments
    /// to the operator's schema.
    pub fn new(graph: &Graph, registry: &dyn Registry) -> Plan {
        let steps = graph
            .nodes
            .iter()
            .map(|node| {
                let def = node.op.as_deref().and_then(|o| registry.lookup(o)).copied();
                let Some(def) = def else {
                    if let Some(b) = builtin(&node.target, node.op.as_deref()) {
                        return Step::Builtin(b);
                    }
                    return Step::Unsupported(match &node.op {
                        Some(op) if is_custom(op) => format!(
                            "{op} is a custom operator and no kernel is registered for it (an embedding program registers one with fake_runtime::ExtendedRegistry: examples/custom_op.rs)"
                        ),
                        Some(op) => format!("no rule for {op}"),
                        None => format!("{} is not an operator", node.target),
                    });
                };
                let mut used = vec![false; node.args.len()];
                let mut args = Vec::with_capacity(def.params.len());
                for p in def.params {
                    let src = match node.args.iter().position(|(n, _)| *n == p.name) {
                        Some(i) => {
                            used[i] = true;
                            ArgSource::Given(i)
                        }
                        None => match p.default {
                            Some(d) => match default_arg(p.ty, d) {
                                Some(o) => ArgSource::Default(o),
                                None => {
                                    return Step::Unsupported(format!(
                                        "the default `{d}` of '{}' is not a `{}`",
                                        p.name, p.ty
                                    ));
                                }
                            },
                            None => ArgSource::Absent,
                        },
                    };
                    args.push((p.ty, src));
                }
                if let Some(i) = used.iter().position(|u| !u) {
                    return Step::Unsupported(format!(
                        "argument '{}' is not in the schema `{}`",
                        node.args[i].0, def.schema
                    ));
                }
                Step::Op { def, args }
            })
            .collect();
        Plan {
            steps,
            shared: Arc::new(Shared {
                exprs: parse_recorded(graph),
                statics: graph
                    .values
                    .iter()
                    .map(|v| match &v.recorded {
                        Recorded::Tensor(m) => static_meta(m),
                        _ => None,
                    })
                    .collect(),
                names_unbacked: graph
                    .nodes
                    .iter()
                    .map(|n| names_unbacked(graph, n))
                    .collect(),
            }),
        }
    }

    /// Run the plan in a fresh mode over `registry`.
    pub fn run(
        &self,
        graph: &Graph,
        registry: impl Registry + 'static,
    ) -> Result<Propagation, PropError> {
        self.run_with(graph, registry, false, &BTreeMap::new())
    }

    /// Run the plan with other hints for the program's input symbols, by
    /// their names in the file (`{"s77": 16}`), instead of the sizes the
    /// program was exported with: decisions taken on the hints (and the
    /// guards they record) follow the new values. A hint outside the
    /// symbol's range, or for a name that is not an input symbol, is an
    /// error.
    pub fn run_with_hints(
        &self,
        graph: &Graph,
        registry: impl Registry + 'static,
        hints: &BTreeMap<String, i64>,
    ) -> Result<Propagation, PropError> {
        self.run_with(graph, registry, false, hints)
    }

    /// Run the plan and compare every node with the recorded metadata right
    /// after it ran ([`crate::verify::verify`] then reports those
    /// comparisons): what a later in-place op does to a result does not
    /// show, and every unbacked symbol the file names is bound to ours
    /// before a later node reads it.
    pub fn run_checked(
        &self,
        graph: &Graph,
        registry: impl Registry + 'static,
    ) -> Result<Propagation, PropError> {
        self.run_with(graph, registry, true, &BTreeMap::new())
    }

    fn run_with(
        &self,
        graph: &Graph,
        registry: impl Registry + 'static,
        check: bool,
        hints: &BTreeMap<String, i64>,
    ) -> Result<Propagation, PropError> {
        if self.steps.len() != graph.nodes.len() {
            return Err(PropError::PlanMismatch {
                plan: self.steps.len(),
                graph: graph.nodes.len(),
            });
        }
        let mode = FakeTensorMode::new(registry);
        let mut p = Propagation {
            mode,
            slots: vec![Slot::Empty; graph.values.len()],
            status: Vec::with_capacity(graph.nodes.len()),
            symbols: FileSymbols::new(graph, hints),
            checks: check.then(|| vec![Vec::new(); graph.nodes.len()]),
            shared: Arc::clone(&self.shared),
        };
        p.make_inputs(graph)?;
        if let Some(name) = hints.keys().find(|n| p.symbols.get(n).is_none()) {
            let known: Vec<&str> = p.symbols.iter().into_iter().map(|(n, _)| n).collect();
            return Err(PropError::UnknownSymbol {
                name: name.clone(),
                known: if known.is_empty() {
                    "none".into()
                } else {
                    known.join(", ")
                },
            });
        }
        for (i, step) in self.steps.iter().enumerate() {
            let status = p.run_node(graph, i, step);
            if status == Status::Ran {
                if check {
                    let found = crate::verify::check_node(graph, &mut p, i);
                    if let Some(checks) = p.checks.as_mut() {
                        checks[i] = found;
                    }
                } else if self.shared.names_unbacked[i] {
                    // Bind the file's unbacked symbols to ours (the
                    // comparison is thrown away).
                    crate::verify::check_node(graph, &mut p, i);
                }
            } else {
                p.outputs_from_recorded(graph, i);
            }
            p.status.push(status);
        }
        if check {
            p.recheck_values(graph);
        }
        Ok(p)
    }
}

/// Whether `op` (`mylib::scale.default`) is outside PyTorch's own
/// namespaces: a custom operator of `torch.library`.
fn is_custom(op: &str) -> bool {
    let ns = op.split("::").next().unwrap_or(op);
    !matches!(
        ns,
        "aten" | "prims" | "quantized" | "_quantized" | "rngprims"
    )
}

/// What a kernel's result is, for messages (never its handles).
fn output_kind(o: &Output) -> &'static str {
    match o {
        Output::Tensor(_) => "a tensor",
        Output::Tensors(_) => "a list of tensors",
        Output::Int(_) | Output::Scalar(Scalar::Int(_)) => "an integer",
        Output::Bool(_) | Output::Scalar(Scalar::Bool(_)) => "a bool",
        Output::Scalar(Scalar::Float(_)) => "a float",
        Output::Scalar(Scalar::Complex(..)) => "a complex number",
        Output::None => "nothing",
    }
}

/// What a recorded result is, for messages.
fn recorded_kind(o: &NodeOutput) -> &'static str {
    match o {
        NodeOutput::Tensor(_) => "a tensor",
        NodeOutput::Tensors(_) => "a list of tensors",
        NodeOutput::SymInt(_) => "an integer",
        NodeOutput::SymBool(_) => "a bool",
        NodeOutput::SymFloat(_) => "a float",
        _ => "another kind of value",
    }
}

/// Whether the recorded results of `node` mention an unbacked symbol.
fn names_unbacked(graph: &Graph, node: &crate::graph::Node) -> bool {
    let unbacked = |s: &schema::SymInt| match s {
        schema::SymInt::Expr(e) => e.expr_str.contains("Symbol('u"),
        schema::SymInt::Int(_) => false,
    };
    let mut values = Vec::new();
    for o in &node.outputs {
        match o {
            NodeOutput::Tensor(v) | NodeOutput::SymInt(SymIntArg::Value(v)) => values.push(*v),
            NodeOutput::Tensors(vs) => values.extend(vs),
            _ => {}
        }
    }
    values.iter().any(|&v| match &graph.value(v).recorded {
        Recorded::Tensor(m) => m
            .sizes
            .iter()
            .chain(&m.strides)
            .chain(std::iter::once(&m.storage_offset))
            .any(unbacked),
        Recorded::SymInt(s) => unbacked(s),
        _ => false,
    })
}

/// Propagate through `graph` with `registry` (plan and run).
pub fn propagate<R: Registry + Clone + 'static>(
    graph: &Graph,
    registry: R,
) -> Result<Propagation, PropError> {
    Plan::new(graph, &registry).run(graph, registry)
}

/// The file's symbols (`s77`, `u3`) as ShapeEnv values.
#[derive(Debug, Clone)]
pub struct FileSymbols {
    map: HashMap<String, SymInt>,
    names: HashMap<Symbol, String>,
    ranges: HashMap<String, ValueRange>,
    /// Hints given instead of the recorded ones, by name.
    overrides: BTreeMap<String, i64>,
    /// The hint to give a symbol created now (a bare recorded symbol).
    hint: Option<i64>,
    source: Option<Source>,
    origin: String,
}

impl FileSymbols {
    fn new(graph: &Graph, overrides: &BTreeMap<String, i64>) -> Self {
        FileSymbols {
            map: HashMap::new(),
            names: HashMap::new(),
            ranges: graph
                .ranges
                .iter()
                .map(|(k, r)| (k.clone(), ValueRange::new(r.min, r.max)))
                .collect(),
            overrides: overrides.clone(),
            hint: None,
            source: None,
            origin: String::new(),
        }
    }

    /// The ShapeEnv value of file symbol `name`, if it has one yet.
    pub fn get(&self, name: &str) -> Option<SymInt> {
        self.map.get(name).copied()
    }

    /// Every file symbol with its ShapeEnv value, sorted by name.
    pub fn iter(&self) -> Vec<(&str, SymInt)> {
        let mut v: Vec<(&str, SymInt)> = self.map.iter().map(|(k, v)| (k.as_str(), *v)).collect();
        v.sort_unstable_by(|a, b| a.0.cmp(b.0));
        v
    }

    /// The file's name of a ShapeEnv symbol, if it came from the file.
    pub fn name_of(&self, s: Symbol) -> Option<&str> {
        self.names.get(&s).map(String::as_str)
    }

    /// Bind file symbol `name` to `v` (an unbacked symbol of ours that the
    /// file names differently).
    pub(crate) fn bind_unbacked(&mut self, env: &ShapeEnv, name: &str, v: SymInt) {
        self.bind(env, name, v);
    }

    fn bind(&mut self, env: &ShapeEnv, name: &str, v: SymInt) {
        self.map.insert(name.to_string(), v);
        if let Some(s) = env.as_symbol(v) {
            self.names.entry(s).or_insert_with(|| name.to_string());
        }
    }
}

impl Resolver for FileSymbols {
    fn resolve(&mut self, env: &mut ShapeEnv, d: &SymbolDecl) -> Result<SymInt, ResolveError> {
        if let Some(v) = self.map.get(&d.name) {
            return Ok(*v);
        }
        let v = match self.hint {
            Some(recorded) if !d.name.starts_with('u') => {
                let hint = self.overrides.get(&d.name).copied().unwrap_or(recorded);
                let mut range = self
                    .ranges
                    .get(&d.name)
                    .copied()
                    .unwrap_or(ValueRange::at_least(0));
                let source = self
                    .source
                    .clone()
                    .unwrap_or_else(|| Source::Local(d.name.clone()));
                // A tensor size PyTorch traced with a hint of 2 or more
                // was, inside its ShapeEnv, at least 2 (0/1
                // specialisation), whatever lower bound the user gave
                // `Dim` and the file's `range_constraints` repeat. (The
                // recorded hint decides: a hint given instead must lie
                // in the range the program was traced for.)
                if matches!(source, Source::Size { .. })
                    && recorded >= 2
                    && env.settings().specialize_zero_one
                {
                    range = range.intersect(&ValueRange::at_least(2));
                }
                env.create_symint_input(hint, source, range)
                    .map_err(|e| ResolveError::Refused(e.to_string()))?
            }
            _ if d.name.starts_with('u') => {
                let v = env.create_unbacked(false, &self.origin);
                if let Some(r) = self.ranges.get(&d.name) {
                    env.constrain_range(v, r.lo(), r.hi(), &self.origin)
                        .map_err(|e| ResolveError::Refused(e.to_string()))?;
                }
                v
            }
            _ => return Err(ResolveError::Unknown),
        };
        self.bind(env, &d.name, v);
        Ok(v)
    }
}

/// The result of propagating through a graph: the mode (tensors, ShapeEnv,
/// guards), the value of every graph value and what happened at each node.
#[derive(Debug)]
pub struct Propagation {
    /// The mode the graph ran in.
    pub mode: FakeTensorMode,
    /// Every value, by [`ValueId`].
    pub slots: Vec<Slot>,
    /// Per node.
    pub status: Vec<Status>,
    /// The file's symbols.
    pub symbols: FileSymbols,
    /// Per node, its comparison with the recorded metadata, made right
    /// after it ran ([`Plan::run_checked`]).
    pub(crate) checks: Option<Vec<Vec<crate::verify::Mismatch>>>,
    shared: Arc<Shared>,
}

/// Owned argument storage, borrowed as [`Value`]s for dispatch.
#[derive(Debug, Clone, PartialEq)]
enum Owned {
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
    SymBool(SymBool),
    Str(String),
    Scalar(Scalar),
    DType(fake_runtime::DType),
    Layout(fake_runtime::Layout),
    Device(fake_runtime::Device),
    MemoryFormat(fake_runtime::MemoryFormat),
}

impl Owned {
    fn value(&self) -> Value<'_> {
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
fn default_arg(ty: ParamType, d: DefaultValue) -> Option<Owned> {
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
        (B::Float, Some(_), D::Floats(vs)) => Owned::Floats(vs.to_vec()),
        (B::Float, Some(_), D::Ints(vs)) => Owned::Floats(vs.iter().map(|&v| v as f64).collect()),
        (B::Bool | B::SymBool, None, D::Bool(b)) => Owned::Bool(b),
        (B::Bool, Some(_), D::Bools(bs)) => Owned::Bools(bs.to_vec()),
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

impl Propagation {
    /// Lower a recorded SymInt into the ShapeEnv (creating file symbols on
    /// first sight: backed ones with the recorded hint when the size is
    /// exactly the symbol, unbacked ones fresh).
    pub fn lower_recorded(
        &mut self,
        s: &schema::SymInt,
        source: Option<Source>,
        origin: &str,
    ) -> Result<SymInt, String> {
        match s {
            schema::SymInt::Int(v) => Ok(SymInt::Int(*v)),
            schema::SymInt::Expr(e) => {
                let parsed;
                let expr = match self.shared.exprs.get(&e.expr_str) {
                    Some(x) => x,
                    None => {
                        parsed = srepr::parse(&e.expr_str).map_err(|e| e.to_string())?;
                        &parsed
                    }
                };
                self.symbols.hint = e.hint.as_ref().and_then(schema::SymExprHint::as_int);
                self.symbols.source = source;
                if self.symbols.origin != origin {
                    self.symbols.origin = origin.to_string();
                }
                let r = srepr::lower_int(expr, self.mode.env_mut(), &mut self.symbols);
                self.symbols.hint = None;
                self.symbols.source = None;
                r.map_err(|e| e.to_string())
            }
        }
    }

    /// Lower a recorded SymBool.
    fn lower_recorded_bool(
        &mut self,
        s: &schema::SymBool,
        origin: &str,
    ) -> Result<SymBool, String> {
        match s {
            schema::SymBool::Bool(b) => Ok(SymBool::Bool(*b)),
            schema::SymBool::Expr(e) => {
                let expr = srepr::parse(&e.expr_str).map_err(|e| e.to_string())?;
                self.symbols.origin = origin.to_string();
                srepr::lower_bool(&expr, self.mode.env_mut(), &mut self.symbols)
                    .map_err(|e| e.to_string())
            }
        }
    }

    /// A tensor made from recorded metadata.
    fn tensor_from_recorded(
        &mut self,
        v: ValueId,
        name: &str,
        meta: &schema::TensorMeta,
        is_input: bool,
        origin: &str,
    ) -> Result<TensorId, PropError> {
        if let Some(Some(m)) = self.shared.statics.get(v.0 as usize) {
            let m = m.clone();
            return Ok(self.mode.add_tensor(m, None, is_input));
        }
        let bad = |field: String, reason: String| PropError::Input {
            value: name.to_string(),
            field,
            reason,
        };
        let mut sizes = Vec::with_capacity(meta.sizes.len());
        for (d, s) in meta.sizes.iter().enumerate() {
            let source = is_input.then(|| Source::size(name, d));
            sizes.push(
                self.lower_recorded(s, source, origin)
                    .map_err(|r| bad(format!("sizes[{d}]"), r))?,
            );
        }
        let mut strides = Vec::with_capacity(meta.strides.len());
        for (d, s) in meta.strides.iter().enumerate() {
            strides.push(
                self.lower_recorded(s, None, origin)
                    .map_err(|r| bad(format!("strides[{d}]"), r))?,
            );
        }
        let storage_offset = self
            .lower_recorded(&meta.storage_offset, None, origin)
            .map_err(|r| bad("storage_offset".into(), r))?;
        let dtype = convert::dtype(meta.dtype)
            .ok_or_else(|| bad("dtype".into(), format!("unknown ScalarType {}", meta.dtype)))?;
        let device = convert::device(&meta.device)
            .ok_or_else(|| bad("device".into(), format!("unknown device {:?}", meta.device)))?;
        let layout = convert::layout(meta.layout)
            .ok_or_else(|| bad("layout".into(), format!("unknown Layout {}", meta.layout)))?;
        let m = TensorMeta {
            sizes: sizes.into_iter().collect(),
            strides: strides.into_iter().collect(),
            storage_offset,
            dtype,
            device,
            layout,
            requires_grad: meta.requires_grad,
        };
        Ok(self.mode.add_tensor(m, None, is_input))
    }

    fn make_inputs(&mut self, graph: &Graph) -> Result<(), PropError> {
        let inputs: Vec<ValueId> = graph.inputs.iter().filter_map(|i| i.value).collect();
        // Symbols first, from sizes that are exactly a symbol, so each gets
        // the hint and the source of its first appearance.
        for &v in &inputs {
            let info = graph.value(v);
            match &info.recorded {
                Recorded::Tensor(meta) => {
                    for (d, s) in meta.sizes.iter().enumerate() {
                        if let schema::SymInt::Expr(e) = s
                            && let Ok(expr) = srepr::parse(&e.expr_str)
                            && let srepr::NodeKind::Symbol(_) = expr.root().kind
                        {
                            self.lower_recorded(s, Some(Source::size(&info.name, d)), "input")
                                .map_err(|reason| PropError::Input {
                                    value: info.name.clone(),
                                    field: format!("sizes[{d}]"),
                                    reason,
                                })?;
                        }
                    }
                }
                Recorded::SymInt(s) => {
                    let source = Some(Source::Local(info.name.clone()));
                    let x = self.lower_recorded(s, source, "input").map_err(|reason| {
                        PropError::Input {
                            value: info.name.clone(),
                            field: "value".into(),
                            reason,
                        }
                    })?;
                    self.slots[v.0 as usize] = Slot::Int(x);
                }
                _ => {}
            }
        }
        for &v in &inputs {
            let info = graph.value(v);
            if let Recorded::Tensor(meta) = &info.recorded {
                let t = self.tensor_from_recorded(v, &info.name, meta, true, "input")?;
                self.slots[v.0 as usize] = Slot::Tensor(t);
            } else if let Recorded::SymBool(b) = &info.recorded {
                let x =
                    self.lower_recorded_bool(b, "input")
                        .map_err(|reason| PropError::Input {
                            value: info.name.clone(),
                            field: "value".into(),
                            reason,
                        })?;
                self.slots[v.0 as usize] = Slot::Bool(x);
            }
        }
        Ok(())
    }

    /// Give a node's outputs the values PyTorch recorded.
    fn outputs_from_recorded(&mut self, graph: &Graph, i: usize) {
        let node = &graph.nodes[i];
        let origin = node.op.clone().unwrap_or_else(|| node.target.clone());
        let mut ids = Vec::new();
        for o in &node.outputs {
            match o {
                NodeOutput::Tensor(v)
                | NodeOutput::SymInt(SymIntArg::Value(v))
                | NodeOutput::SymBool(v)
                | NodeOutput::SymFloat(v) => ids.push(*v),
                NodeOutput::Tensors(vs) => ids.extend(vs),
                _ => {}
            }
        }
        for v in ids {
            let info = graph.value(v);
            let slot = match &info.recorded {
                Recorded::Tensor(meta) => self
                    .tensor_from_recorded(v, &info.name, meta, false, &origin)
                    .map_or(Slot::Empty, Slot::Tensor),
                Recorded::SymInt(s) => self
                    .lower_recorded(s, None, &origin)
                    .map_or(Slot::Empty, Slot::Int),
                Recorded::SymBool(b) => self
                    .lower_recorded_bool(b, &origin)
                    .map_or(Slot::Empty, Slot::Bool),
                // Only a float's being a float matters to later nodes.
                Recorded::SymFloat(schema::SymFloat::Float(f)) => Slot::Float(SymFloat::Const(f.0)),
                Recorded::SymFloat(schema::SymFloat::Expr(_)) => {
                    Slot::Float(self.mode.env_mut().create_unbacked_float())
                }
                _ => Slot::Empty,
            };
            self.slots[v.0 as usize] = slot;
        }
    }

    pub(crate) fn slot(&self, v: ValueId) -> Slot {
        self.slots.get(v.0 as usize).copied().unwrap_or(Slot::Empty)
    }

    pub(crate) fn tensor_of(&self, v: ValueId) -> Result<TensorId, String> {
        match self.slot(v) {
            Slot::Tensor(t) => Ok(t),
            _ => Err(format!("value #{} is not a tensor", v.0)),
        }
    }

    pub(crate) fn int_of(&self, s: SymIntArg) -> Result<SymInt, String> {
        match s {
            SymIntArg::Int(v) => Ok(SymInt::Int(v)),
            SymIntArg::Value(v) => match self.slot(v) {
                Slot::Int(i) => Ok(i),
                _ => Err(format!("value #{} is not an integer", v.0)),
            },
        }
    }

    /// Convert an argument to what a parameter of type `ty` takes.
    fn convert(&mut self, ty: ParamType, arg: &Arg) -> Result<Owned, String> {
        use BaseType as B;
        let wrong = || {
            format!(
                "{} where the schema wants `{ty}`",
                crate::builtins::kind(arg)
            )
        };
        if !is_read(ty.base) {
            return Ok(Owned::None);
        }
        let opt_elems = |l: ListType| l.elem_optional;
        Ok(match (ty.base, ty.list, arg) {
            (_, _, Arg::None) => Owned::None,
            (B::Tensor, None, Arg::Tensor(v)) => Owned::Tensor(self.tensor_of(*v)?),
            (
                B::Tensor,
                None,
                Arg::Int(_)
                | Arg::SymInt(_)
                | Arg::Float(_)
                | Arg::SymFloat(_)
                | Arg::Bool(_)
                | Arg::SymBool(_),
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
            (B::Int | B::SymInt, None, Arg::Int(v)) => Owned::Int(SymInt::Int(*v)),
            (B::Int | B::SymInt, None, Arg::SymInt(s)) => Owned::Int(self.int_of(*s)?),
            (B::Int | B::SymInt, None, Arg::Bool(b)) => Owned::Int(SymInt::Int(i64::from(*b))),
            (B::Int | B::SymInt, Some(_), Arg::Ints(v)) => {
                Owned::Ints(v.iter().map(|&x| SymInt::Int(x)).collect())
            }
            (B::Int | B::SymInt, Some(_), Arg::SymInts(v)) => Owned::Ints(
                v.iter()
                    .map(|s| self.int_of(*s))
                    .collect::<Result<_, _>>()?,
            ),
            // One value where a list of fixed length is wanted: repeated,
            // as Python's argument parser does (`int[2] padding=1`).
            (B::Int | B::SymInt, Some(l), Arg::Int(v)) => {
                Owned::Ints(vec![SymInt::Int(*v); repeat(l)])
            }
            (B::Int | B::SymInt, Some(l), Arg::SymInt(s)) => {
                Owned::Ints(vec![self.int_of(*s)?; repeat(l)])
            }
            (B::Float, None, Arg::Float(f)) => Owned::Float(*f),
            (B::Float, None, Arg::Int(v)) => Owned::Float(*v as f64),
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
            (B::Float, Some(_), Arg::Floats(f)) => Owned::Floats(f.clone()),
            (B::Bool | B::SymBool, None, Arg::Bool(b)) => Owned::Bool(*b),
            (B::Bool | B::SymBool, None, Arg::Int(v)) => Owned::Bool(*v != 0),
            (B::Bool | B::SymBool, None, Arg::SymBool(v)) => match self.slot(*v) {
                Slot::Bool(SymBool::Bool(b)) => Owned::Bool(b),
                Slot::Bool(b) => Owned::SymBool(b),
                _ => return Err(wrong()),
            },
            (B::Bool, Some(_), Arg::Bools(b)) => Owned::Bools(b.clone()),
            (B::Str, None, Arg::Str(s)) => Owned::Str(s.clone()),
            (B::Scalar, None, Arg::Int(v)) => Owned::Scalar(Scalar::Int(SymInt::Int(*v))),
            (B::Scalar, None, Arg::SymInt(s)) => Owned::Scalar(Scalar::Int(self.int_of(*s)?)),
            (B::Scalar, None, Arg::Float(f)) => Owned::Scalar(Scalar::from(*f)),
            (B::Scalar, None, Arg::SymFloat(v)) => match self.slot(*v) {
                Slot::Float(f) => Owned::Scalar(Scalar::Float(f)),
                _ => return Err(wrong()),
            },
            (B::Scalar, None, Arg::Bool(b)) => Owned::Scalar(Scalar::Bool(SymBool::Bool(*b))),
            (B::Scalar, None, Arg::SymBool(v)) => match self.slot(*v) {
                Slot::Bool(b) => Owned::Scalar(Scalar::Bool(b)),
                _ => return Err(wrong()),
            },
            (B::Scalar, None, Arg::Complex(re, im)) => Owned::Scalar(Scalar::Complex(*re, *im)),
            (B::ScalarType, None, Arg::DType(d)) => Owned::DType(*d),
            (B::Layout, None, Arg::Layout(l)) => Owned::Layout(*l),
            (B::Device, None, Arg::Device(d)) => Owned::Device(*d),
            (B::MemoryFormat, None, Arg::MemoryFormat(m)) => Owned::MemoryFormat(*m),
            _ => return Err(wrong()),
        })
    }

    /// A Python number where the schema wants a tensor (`add.Tensor(x, 1)`
    /// in a traced graph), as PyTorch's wrapped number: a zero-dim CPU
    /// tensor of the dtype a Python scalar promotes as (`int64`, the
    /// default float dtype, `bool`), holding the value.
    fn wrapped_number(&mut self, arg: &Arg) -> Result<TensorId, String> {
        let defaults = self.mode.settings().defaults;
        let (value, dtype) = match arg {
            Arg::Int(v) => (Scalar::Int(SymInt::Int(*v)), fake_runtime::DType::Int64),
            Arg::SymInt(s) => (Scalar::Int(self.int_of(*s)?), fake_runtime::DType::Int64),
            Arg::Float(f) => (Scalar::from(*f), defaults.dtype),
            Arg::SymFloat(v) => match self.slot(*v) {
                Slot::Float(f) => (Scalar::Float(f), defaults.dtype),
                _ => return Err(format!("value #{} is not a float", v.0)),
            },
            Arg::SymBool(v) => match self.slot(*v) {
                Slot::Bool(b) => (Scalar::Bool(b), fake_runtime::DType::Bool),
                _ => return Err(format!("value #{} is not a bool", v.0)),
            },
            Arg::Bool(b) => (Scalar::Bool(SymBool::Bool(*b)), fake_runtime::DType::Bool),
            other => return Err(format!("{other:?} is not a number")),
        };
        self.mode
            .scalar_tensor(value, dtype, fake_runtime::Device::cpu())
            .map_err(|e| e.to_string())
    }

    fn run_node(&mut self, graph: &Graph, i: usize, step: &Step) -> Status {
        let node = &graph.nodes[i];
        match step {
            Step::Unsupported(reason) => Status::Unsupported(reason.clone()),
            Step::Builtin(b) => match self.run_builtin(graph, i, b) {
                Ok(()) => Status::Ran,
                Err(e) => Status::Failed(e),
            },
            Step::Op { def, args } => {
                let mut owned = Vec::with_capacity(args.len());
                for (ty, src) in args {
                    let o = match src {
                        ArgSource::Given(j) => match self.convert(*ty, &node.args[*j].1) {
                            Ok(o) => o,
                            Err(e) => {
                                return Status::Failed(format!(
                                    "argument '{}': {e}",
                                    node.args[*j].0
                                ));
                            }
                        },
                        ArgSource::Default(o) => o.clone(),
                        ArgSource::Absent => Owned::None,
                    };
                    owned.push(o);
                }
                let values: Vec<Value<'_>> = owned.iter().map(Owned::value).collect();
                match self.mode.dispatch(def, &values) {
                    Ok(outs) => self.bind_outputs(graph, i, &outs),
                    Err(e) => Status::Failed(self.describe_error(&e)),
                }
            }
        }
    }

    fn bind_outputs(&mut self, graph: &Graph, i: usize, outs: &[Output]) -> Status {
        let node = &graph.nodes[i];
        // A single `Tensor[]` result may be written as one `as_tensors` or
        // as one `as_tensor` per element.
        let flat: Vec<Output>;
        let outs = match (outs, node.outputs.as_slice()) {
            ([Output::Tensors(ts)], [first, ..])
                if node.outputs.len() == ts.len() && !matches!(first, NodeOutput::Tensors(_)) =>
            {
                flat = ts.iter().map(|t| Output::Tensor(*t)).collect();
                &flat[..]
            }
            _ => outs,
        };
        if node.outputs[outs.len().min(node.outputs.len())..]
            .iter()
            .any(|o| !matches!(o, NodeOutput::None))
        {
            return Status::Failed(format!(
                "{} results, PyTorch recorded {}",
                outs.len(),
                node.outputs.len()
            ));
        }
        for (o, want) in outs.iter().zip(&node.outputs) {
            let set = |slots: &mut Vec<Slot>, v: &ValueId, s: Slot| slots[v.0 as usize] = s;
            match (o, want) {
                (_, NodeOutput::None | NodeOutput::Opaque(_)) => {}
                (Output::Tensor(t), NodeOutput::Tensor(v)) => {
                    set(&mut self.slots, v, Slot::Tensor(*t))
                }
                (Output::Tensors(ts), NodeOutput::Tensors(vs)) if ts.len() == vs.len() => {
                    for (t, v) in ts.iter().zip(vs) {
                        set(&mut self.slots, v, Slot::Tensor(*t));
                    }
                }
                (Output::Int(x), NodeOutput::SymInt(SymIntArg::Value(v))) => {
                    set(&mut self.slots, v, Slot::Int(*x))
                }
                (Output::Int(_), NodeOutput::SymInt(SymIntArg::Int(_))) => {}
                (Output::Bool(b), NodeOutput::SymBool(v)) => {
                    set(&mut self.slots, v, Slot::Bool(*b))
                }
                (Output::Scalar(Scalar::Int(x)), NodeOutput::SymInt(SymIntArg::Value(v))) => {
                    set(&mut self.slots, v, Slot::Int(*x))
                }
                (Output::Scalar(Scalar::Float(f)), NodeOutput::SymFloat(v)) => {
                    set(&mut self.slots, v, Slot::Float(*f))
                }
                (Output::Scalar(Scalar::Bool(b)), NodeOutput::SymBool(v)) => {
                    set(&mut self.slots, v, Slot::Bool(*b))
                }
                (got, want) => {
                    return Status::Failed(format!(
                        "a result that is {} where PyTorch recorded {}",
                        output_kind(got),
                        recorded_kind(want)
                    ));
                }
            }
        }
        Status::Ran
    }

    /// Compare again, against the final ShapeEnv, the mismatching nodes
    /// whose results are all SymInts, SymBools or SymFloats: PyTorch serialises those
    /// with the replacements of the whole trace (a later
    /// `torch._check(flag)` makes an earlier `item()` of a bool `True`), and
    /// unlike tensors they cannot have changed since.
    fn recheck_values(&mut self, graph: &Graph) {
        let Some(checks) = self.checks.as_ref() else {
            return;
        };
        let again: Vec<usize> = checks
            .iter()
            .enumerate()
            .filter(|(i, found)| {
                !found.is_empty()
                    && graph.nodes[*i].outputs.iter().all(|o| {
                        matches!(
                            o,
                            NodeOutput::SymInt(_)
                                | NodeOutput::SymBool(_)
                                | NodeOutput::SymFloat(_)
                                | NodeOutput::None
                        )
                    })
            })
            .map(|(i, _)| i)
            .collect();
        for i in again {
            let found = crate::verify::check_node(graph, self, i);
            if let Some(checks) = self.checks.as_mut() {
                checks[i] = found;
            }
        }
    }

    /// A kernel's error as the user should read it: a data-dependent
    /// decision is printed with the program's own symbol names, each with
    /// where it comes from (an input's size, or the operator that made an
    /// unbacked symbol).
    fn describe_error(&mut self, e: &fake_runtime::Error) -> String {
        let fake_runtime::ErrorKind::DataDependent {
            op,
            cond: Some(cond),
            ..
        } = e.kind()
        else {
            return e.to_string();
        };
        let (op, cond) = (op.clone(), *cond);
        let env = self.mode.env();
        if !env.arena().owns(cond) {
            return e.to_string();
        }
        let expr = if env.arena().is_bool(cond) {
            self.display_bool(SymBool::Expr(cond))
        } else {
            self.display(SymInt::Expr(cond))
        };
        let env = self.mode.env();
        let symbols: Vec<String> = env
            .arena()
            .free_symbols(cond)
            .into_iter()
            .map(|s| {
                let name = self
                    .symbols
                    .name_of(s)
                    .map_or_else(|| env.arena().symbol_name(s), str::to_string);
                match env.symbol_sources(s).first() {
                    Some(src) => format!("{name} = {src}"),
                    None if env.arena().is_unbacked(s) => {
                        format!("{name} unbacked, from {}", env.symbol_origin(s))
                    }
                    None => name,
                }
            })
            .collect();
        format!(
            "could not guard on data-dependent expression {expr} in {op} ({}); add a runtime \
             assert (torch._check) or constrain_range to decide it",
            symbols.join("; ")
        )
    }

    /// `v` printed with the file's symbol names (`s77*64`), simplified by
    /// the replacements in force.
    pub fn display(&mut self, v: SymInt) -> String {
        let v = self.mode.env_mut().simplify_int(v).unwrap_or(v);
        match v {
            SymInt::Int(x) => x.to_string(),
            SymInt::Expr(e) => {
                let env = self.mode.env();
                let arena = env.arena();
                if !arena.owns(e) {
                    return env.display(v);
                }
                let names = &self.symbols;
                arena.display_with(e, &|s| match names.name_of(s) {
                    Some(n) => n.to_string(),
                    None => arena.symbol_name(s),
                })
            }
        }
    }

    /// `f` printed with the file's symbol names.
    pub fn display_float(&self, f: SymFloat) -> String {
        let env = self.mode.env();
        let arena = env.arena();
        let names = &self.symbols;
        env.display_float_with(f, &|s| match names.name_of(s) {
            Some(n) => n.to_string(),
            None => arena.symbol_name(s),
        })
    }

    /// `c` printed with the file's symbol names.
    pub fn display_bool(&mut self, c: SymBool) -> String {
        match c {
            SymBool::Bool(b) => if b { "True" } else { "False" }.to_string(),
            SymBool::Expr(e) => {
                let env = self.mode.env();
                let arena = env.arena();
                if !arena.owns(e) {
                    return env.display_bool(c);
                }
                let names = &self.symbols;
                arena.display_with(e, &|s| match names.name_of(s) {
                    Some(n) => n.to_string(),
                    None => arena.symbol_name(s),
                })
            }
        }
    }

    /// Whether node `i`'s outputs were computed (not taken from the file).
    pub fn ran(&self, i: usize) -> bool {
        self.status.get(i) == Some(&Status::Ran)
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
            Some(Owned::Floats(vec![]))
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
