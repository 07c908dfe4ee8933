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
use fake_runtime::mode::{Output, Recording, Value};
use fake_runtime::schema::{BaseType, DefaultValue, ListType, ParamType};
use fake_runtime::sym::{Symbol, ValueRange};
use fake_runtime::{
    FakeTensorMode, OpDef, Registry, Scalar, ShapeEnv, Source, SymBool, SymFloat, SymInt, TensorId,
    TensorMeta,
};
use smallvec::SmallVec;
use std::collections::{BTreeMap, HashMap};
use std::sync::Arc;
use thiserror::Error;

pub(crate) mod args;
mod recorded;
mod traced;
use recorded::{parse_recorded, static_meta};
mod plan;
mod reuse;
mod runner;
pub use plan::Plan;
pub(crate) use plan::custom_op_reason;
use plan::{ArgSource, Shared, Step};
mod symbols;

use args::convert_const;
pub(crate) use args::{Owned, default_arg};
pub use runner::{InputSizes, Runner};
pub use symbols::FileSymbols;

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
    /// The mode could not be put back to where a run starts.
    #[error("cannot restore the mode: {0}")]
    Checkpoint(String),
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

/// Propagate through `graph` with `registry` (plan and run).
pub fn propagate<R: Registry + Clone + 'static>(
    graph: &Graph,
    registry: R,
) -> Result<Propagation, PropError> {
    Plan::new(graph, &registry).run(graph, registry)
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
    /// The grad mode outside `wrap_with_set_grad_enabled` regions
    /// ([`Plan::set_grad_enabled`]).
    grad_enabled: bool,
    /// Arguments converted for the node running now (kept for its
    /// allocation).
    scratch: Vec<Owned>,
    /// Per class of calls that may repeat, the last one recorded this run.
    recordings: Vec<Recording>,
    /// The wrapped-number tensors of the plan's constant numbers
    /// ([`ArgSource::Number`]), made with the inputs.
    numbers: Vec<TensorId>,
    /// The batch dims of the tensors `vmap` batches in this run
    /// ([`crate::vmap`]).
    pub(crate) batched: HashMap<TensorId, crate::vmap::BatchDims>,
    /// Tensors of a `vmap` region whose batch dims are not modelled: the
    /// nodes that take them are unsupported ([`crate::vmap`]).
    pub(crate) unmodelled: std::collections::HashSet<TensorId>,
    /// Whether the node running now found an argument of
    /// [`Self::unmodelled`]: its results (the recorded ones) join it.
    pub(crate) spreads_unmodelled: bool,
}

impl Propagation {
    /// Whether autograd recorded outside `wrap_with_set_grad_enabled`
    /// regions in this run ([`Plan::set_grad_enabled`],
    /// [`Plan::run_as_traced`]).
    pub fn grad_enabled(&self) -> bool {
        self.grad_enabled
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

    fn run_node(&mut self, graph: &Graph, i: usize, step: &Step) -> Status {
        let node = &graph.nodes[i];
        match step {
            Step::Unsupported(reason) => Status::Unsupported(reason.clone()),
            Step::Vmap(n) => match self.run_vmap(graph, i, *n) {
                Ok(()) => Status::Ran,
                Err(crate::vmap::Refusal::Failed(e)) => Status::Failed(e),
                Err(crate::vmap::Refusal::Unmodelled(e)) => Status::Unsupported(e),
            },
            Step::Builtin(b) => match self.run_builtin(graph, i, b) {
                Ok(()) => Status::Ran,
                Err(e) => Status::Failed(e),
            },
            Step::Op { def, args, class } => {
                // Inside a `vmap` region, a call its batch dims are not
                // modelled for is unsupported (and so is what it makes).
                if (!self.unmodelled.is_empty() || !self.batched.is_empty())
                    && let Some(why) = self.vmap_refusal(graph, i, def)
                {
                    self.spreads_unmodelled = true;
                    return Status::Unsupported(why);
                }
                // A `wrap_with_set_grad_enabled` region's mode, else the
                // program's; the mode changes (emptying its dispatch
                // cache) only where a region starts or ends.
                let grad = node.grad_enabled.unwrap_or(self.grad_enabled);
                if grad != self.mode.grad_enabled() {
                    self.mode.set_grad_enabled(grad);
                }
                // Arguments that name graph values are converted into the
                // scratch list first; the call then borrows them and the
                // plan's constants.
                let mut scratch = std::mem::take(&mut self.scratch);
                scratch.clear();
                for (ty, src) in args {
                    if let ArgSource::Given(j) = src {
                        match self.convert(*ty, &node.args[*j].1) {
                            Ok(o) => scratch.push(o),
                            Err(e) => {
                                self.scratch = scratch;
                                return Status::Failed(format!(
                                    "argument '{}': {e}",
                                    node.args[*j].0
                                ));
                            }
                        }
                    }
                }
                let mut converted = scratch.iter();
                let mut values: SmallVec<[Value<'_>; 10]> = SmallVec::new();
                for (_, src) in args {
                    values.push(match src {
                        ArgSource::Tensor(j, v) => match self.slots.get(v.0 as usize) {
                            Some(Slot::Tensor(t)) => Value::Tensor(*t),
                            _ => {
                                return Status::Failed(format!(
                                    "argument '{}': value #{} is not a tensor",
                                    node.args[*j].0, v.0
                                ));
                            }
                        },
                        ArgSource::Given(_) => converted.next().map_or(Value::None, Owned::value),
                        ArgSource::Const(o) => o.value(),
                        ArgSource::Number(k) => Value::Tensor(self.numbers[*k]),
                        ArgSource::Absent => Value::None,
                    });
                }
                let mut replayed = false;
                let result = match (node.autocast, class) {
                    (None, Some(c)) if (*c as usize) < self.recordings.len() => {
                        let rec = &mut self.recordings[*c as usize];
                        let before = rec.replayed();
                        let result = self.mode.dispatch_recorded(def, &values, rec);
                        replayed = rec.replayed() != before;
                        result
                    }
                    // No other node shares its operator and constants.
                    (None, None) => self.mode.dispatch_unrepeated(def, &values),
                    (None, _) => self.mode.dispatch(def, &values),
                    (Some(r), _) => {
                        self.mode.set_autocast(Some(fake_runtime::mode::Autocast {
                            device: r.device,
                            dtype: r.dtype,
                            policies: fake_ops::autocast_policy,
                        }));
                        let result = self.mode.dispatch(def, &values);
                        self.mode.set_autocast(None);
                        result
                    }
                };
                drop(values);
                self.scratch = scratch;
                match result {
                    Ok(outs) => {
                        let status = self.bind_outputs(graph, i, &outs, replayed);
                        if !self.batched.is_empty() && status == Status::Ran {
                            self.batch_results(graph, i, &outs);
                        }
                        status
                    }
                    Err(e) => Status::Failed(self.describe_error(&e)),
                }
            }
        }
    }

    /// Bind a node's results to its outputs (`replayed`: answered from a
    /// recording of an earlier call of this run, whose results' metadata
    /// guards are recorded already).
    // Inlined into `run_node`, its hot caller (`auto_functionalized` is
    // the other).
    #[inline(always)]
    pub(crate) fn bind_outputs(
        &mut self,
        graph: &Graph,
        i: usize,
        outs: &[Output],
        replayed: bool,
    ) -> Status {
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
        // Export extracted every traced tensor's metadata, guarding as
        // its layout tests do (nothing to guard without a symbol, nothing
        // new for a replayed call's results, whose layouts were tested
        // when recorded).
        if !replayed && self.mode.env().symbol_count() > 0 {
            for o in outs {
                let ts = match o {
                    Output::Tensor(t) => std::slice::from_ref(t),
                    Output::Tensors(ts) => ts.as_slice(),
                    _ => &[],
                };
                for &t in ts {
                    if let Err(e) = self.metadata_guards(t, &node.target) {
                        return Status::Failed(e);
                    }
                }
            }
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

    /// The guards export's metadata extraction records for tensor `t`
    /// ([`fake_runtime::strides::metadata_guards`]).
    fn metadata_guards(&mut self, t: TensorId, op: &str) -> Result<(), String> {
        let Ok((meta, env)) = self.mode.meta_and_env(t) else {
            return Ok(());
        };
        match fake_runtime::strides::metadata_guards(env, &meta.sizes, &meta.strides, op) {
            Ok(()) => Ok(()),
            Err(e) => Err(self.describe_error(&e)),
        }
    }

    /// Compare again, against the final ShapeEnv, each size, stride or
    /// offset that differed when its node ran, as both sides were then:
    /// PyTorch's SymInt arithmetic applies the replacements its trace knew
    /// (`SymNode.expr`), some from checks of operators a core ATen program
    /// decomposed away (`scaled_dot_product_attention`'s
    /// `Eq(batch_q, batch_k)`), which this run learns only at a later node.
    /// The program holds only where all its guards do, so two expressions
    /// its final ShapeEnv proves equal do not differ.
    fn recheck_sizes(&mut self) {
        let Some(mut checks) = self.checks.take() else {
            return;
        };
        let env = self.mode.env_mut();
        for found in &mut checks {
            found.retain(|m| match m.values {
                Some((ours, theirs)) => {
                    !env.provably_equal(ours, theirs).unwrap_or(false)
                        && !env.equal_where_guards_hold(ours, theirs).unwrap_or(false)
                }
                None => true,
            });
        }
        self.checks = Some(checks);
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
    pub(crate) fn describe_error(&mut self, e: &fake_runtime::Error) -> String {
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

    /// How many calls of this run were answered from an earlier call's
    /// recorded results ([`Plan::set_reuse`]).
    pub fn replayed(&self) -> usize {
        self.recordings.iter().map(Recording::replayed).sum()
    }

    /// Whether node `i`'s outputs were computed (not taken from the file).
    pub fn ran(&self, i: usize) -> bool {
        self.status.get(i) == Some(&Status::Ran)
    }
}
