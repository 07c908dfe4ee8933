//! The plan of a graph: every node's operator looked up and its arguments
//! matched to the operator's schema once, with the constants converted,
//! and the runs that execute it ([`Plan::run`] and its variants).

use super::*;
use crate::hop::Hop;
/// Where an argument of a planned call comes from.
#[derive(Debug, Clone)]
pub(super) enum ArgSource {
    /// Argument number `i` of the node, converted at every run (it names
    /// values of the graph).
    Given(usize),
    /// Argument number `i` of the node, a tensor value of the graph given
    /// where the schema wants a tensor.
    Tensor(usize, ValueId),
    /// A constant of the node or the parameter's default, converted when
    /// the plan was made.
    Const(Owned),
    /// A constant Python number given where the schema wants a tensor:
    /// its wrapped-number tensor is made once per mode, with the inputs,
    /// and is entry `k` of
    /// [`Propagation::numbers`] (nothing writes to it: no operator mutates
    /// a wrapped number in place).
    Number(usize),
    /// Not given and no default: `None`.
    Absent,
}

#[derive(Debug, Clone)]
pub(super) enum Step {
    Op {
        def: OpDef,
        args: Vec<(ParamType, ArgSource)>,
        /// Which calls it may repeat ([`reuse`]).
        class: Option<u32>,
    },
    Builtin(Builtin),
    /// A pre-dispatch node of `vmap` ([`crate::vmap`]).
    Vmap(crate::vmap::VmapNode),
    Unsupported(String),
}

/// Operators looked up and arguments matched to schemas, for one graph.
#[derive(Debug, Clone)]
pub struct Plan {
    pub(super) steps: Vec<Step>,
    /// Whether runs answer repeated calls from recordings.
    pub(super) reuse: bool,
    /// Whether autograd records outside `wrap_with_set_grad_enabled`
    /// regions ([`Plan::set_grad_enabled`]).
    pub(super) grad_enabled: bool,
    /// Whether backed sizes are reasoned about size-obliviously; `None`:
    /// as the file shows ([`Plan::set_backed_size_oblivious`]).
    pub(super) size_oblivious: Option<bool>,
    /// What runs share: parsed expressions and static metadata.
    pub(super) shared: Arc<Shared>,
}

/// Work done once per graph for every run.
#[derive(Debug)]
pub(super) struct Shared {
    /// Every recorded srepr string of the graph, parsed once.
    pub(super) exprs: HashMap<String, srepr::Expr>,
    /// Per value: its recorded tensor metadata as the runtime's, when it is
    /// all static.
    pub(super) statics: Vec<Option<TensorMeta>>,
    /// Per node: whether its recorded results name an unbacked symbol, so
    /// a run binds the file's name to ours after it.
    pub(super) names_unbacked: Vec<bool>,
    /// Per class of calls that may repeat, the positions of its constant
    /// arguments ([`reuse`]).
    pub(super) fixed: Vec<u64>,
    /// The constant Python numbers given where a tensor is wanted
    /// ([`ArgSource::Number`]).
    pub(super) numbers: Vec<Arg>,
    /// Whether the file shows it was traced with `backed_size_oblivious`
    /// ([`symbols::traced_size_obliviously`]).
    pub(super) traced_size_obliviously: bool,
}

/// Why a call of custom operator `op` cannot run: no kernel is
/// registered for it.
pub(crate) fn custom_op_reason(op: &str) -> String {
    format!(
        "{op} is a custom operator and no kernel is registered for it (an embedding program registers one with fake_runtime::ExtendedRegistry: examples/custom_op.rs)"
    )
}

impl Plan {
    /// Look up every node's operator in `registry` and match its arguments
    /// to the operator's schema.
    pub fn new(graph: &Graph, registry: &dyn Registry) -> Plan {
        let mut numbers = Vec::new();
        let mut steps = graph
            .nodes
            .iter()
            .map(|node| {
                let def = node.op.as_deref().and_then(|o| registry.lookup(o)).copied();
                let Some(def) = def else {
                    if let Some(Hop::AutoFunctionalized) = Hop::of(&node.target)
                        && let Some(why) = crate::hop::unmodelled(node, registry)
                    {
                        return Step::Unsupported(why);
                    }
                    if let Some(v) = crate::vmap::VmapNode::of(&node.target) {
                        return Step::Vmap(v);
                    }
                    if let Some(b) = builtin(&node.target, node.op.as_deref()) {
                        return Step::Builtin(b);
                    }
                    // A custom operator that only writes to its arguments
                    // (its results recorded as nothing): its fake
                    // implementation returns `None` and changes no
                    // metadata, so no kernel is needed.
                    if let Some(op) = node.op.as_deref()
                        && is_custom(op)
                        && !op.starts_with("higher_order::")
                        && node.outputs.iter().all(|o| matches!(o, NodeOutput::None))
                    {
                        return Step::Builtin(Builtin::Writes);
                    }
                    return Step::Unsupported(match &node.op {
                        Some(op) if op.starts_with("higher_order::") => {
                            format!("the higher-order operator {op} is not modelled")
                        }
                        Some(op) if is_custom(op) => custom_op_reason(op),
                        Some(op) => format!("no rule for {op}"),
                        None => format!("{} is not an operator", node.target),
                    });
                };
                let mut used = vec![false; node.args.len()];
                let mut args = Vec::with_capacity(def.params.len());
                // Unnamed arguments (an operator `with_effects` calls) come
                // first, in schema order.
                let positional = node.args.iter().take_while(|(n, _)| n.is_empty()).count();
                for (j, p) in def.params.iter().enumerate() {
                    let given = if j < positional {
                        Some(j)
                    } else {
                        node.args.iter().position(|(n, _)| *n == p.name)
                    };
                    let src = match given {
                        Some(i) => {
                            used[i] = true;
                            match (&node.args[i].1, convert_const(p.ty, &node.args[i].1)) {
                                (Arg::Tensor(v), _)
                                    if p.ty.base == BaseType::Tensor && p.ty.list.is_none() =>
                                {
                                    ArgSource::Tensor(i, *v)
                                }
                                (_, Some(Ok(o))) => ArgSource::Const(o),
                                (
                                    Arg::Int(_) | Arg::Float(_) | Arg::Bool(_) | Arg::Complex(..),
                                    _,
                                ) if p.ty.base == BaseType::Tensor && p.ty.list.is_none() => {
                                    let k = numbers.len();
                                    numbers.push(node.args[i].1.clone());
                                    ArgSource::Number(k)
                                }
                                _ => ArgSource::Given(i),
                            }
                        }
                        None => match p.default {
                            Some(d) => match default_arg(p.ty, d) {
                                Some(o) => ArgSource::Const(o),
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
                Step::Op {
                    def,
                    args,
                    class: None,
                }
            })
            .collect::<Vec<_>>();
        let (classes, fixed) = reuse::classes(&steps, graph);
        for (step, c) in steps.iter_mut().zip(classes) {
            if let Step::Op { class, .. } = step {
                *class = c;
            }
        }
        Plan {
            steps,
            reuse: true,
            grad_enabled: true,
            size_oblivious: None,
            shared: Arc::new(Shared {
                traced_size_obliviously: symbols::traced_size_obliviously(graph),
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
                fixed,
                numbers,
            }),
        }
    }

    /// Whether runs answer a call that repeats an earlier one (the
    /// same operator, constants and argument metadata) from the earlier
    /// call's recorded results, as the dispatch cache would (a fresh
    /// result rebuilt at offset 0), instead of asking the dispatch cache;
    /// on by default.
    pub fn set_reuse(&mut self, on: bool) {
        self.reuse = on;
    }

    /// Whether autograd records operations (`torch.is_grad_enabled()`) as
    /// the program was traced: on by default, off for a program exported
    /// under `torch.no_grad()`. The file does not say (PyTorch records
    /// every result detached), yet the mode decides some layouts: the CPU
    /// flash attention kernel refuses a mask that requires grad, so
    /// `scaled_dot_product_attention` with a mask computed from a
    /// parameter is laid out as the flash kernel lays it out only without
    /// grad. Nodes inside a `wrap_with_set_grad_enabled` region run in
    /// that region's mode whatever this says.
    pub fn set_grad_enabled(&mut self, on: bool) {
        self.grad_enabled = on;
    }

    /// The grad mode runs start in ([`Plan::set_grad_enabled`]).
    pub fn grad_enabled(&self) -> bool {
        self.grad_enabled
    }

    /// Whether the program was traced with PyTorch's
    /// `backed_size_oblivious` (`torch.fx.experimental._config`, set by
    /// the ONNX exporter and by hand for export), which changes guards
    /// and layouts ([`fake_runtime::ShapeEnvSettings::backed_size_oblivious`]).
    /// `None`, the default, reads it from the file: a tensor size that
    /// is a symbol with a hint of 0 or 1 exists only under that setting
    /// (otherwise 0 and 1 are specialised). A file without such a size
    /// does not say, and is taken as traced without it.
    pub fn set_backed_size_oblivious(&mut self, on: Option<bool>) {
        self.size_oblivious = on;
    }

    /// Whether runs reason about backed sizes size-obliviously
    /// ([`Plan::set_backed_size_oblivious`]).
    pub fn backed_size_oblivious(&self) -> bool {
        self.size_oblivious
            .unwrap_or(self.shared.traced_size_obliviously)
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
        let mut p = self.start(graph, registry, check, hints, InputSizes::Symbolic)?;
        self.execute(graph, &mut p);
        Ok(p)
    }

    /// A fresh mode with the graph's inputs made, ready to run the nodes.
    pub(super) fn start(
        &self,
        graph: &Graph,
        registry: impl Registry + 'static,
        check: bool,
        hints: &BTreeMap<String, i64>,
        sizes: InputSizes,
    ) -> Result<Propagation, PropError> {
        if self.steps.len() != graph.nodes.len() {
            return Err(PropError::PlanMismatch {
                plan: self.steps.len(),
                graph: graph.nodes.len(),
            });
        }
        // An exported program was traced with oneDNN and cuDNN disabled,
        // under the Python dispatcher, with Python's `min` and `max` of
        // SymInts symbolic (non-strict export), functionalized unless it
        // is in the training IR.
        let defaults = fake_runtime::Defaults {
            backends: fake_runtime::Backends::DISABLED,
            python_dispatcher: true,
            symbolic_builtins: true,
            ..Default::default()
        };
        let settings = fake_runtime::mode::ModeSettings {
            functional: graph.functional,
            grad_enabled: self.grad_enabled,
            defaults,
            ..Default::default()
        };
        let env = ShapeEnv::with_settings(fake_runtime::ShapeEnvSettings {
            backed_size_oblivious: self.backed_size_oblivious(),
            // The file's range constraints are PyTorch's final ranges.
            backed_ranges_final: true,
            ..Default::default()
        });
        let mode = FakeTensorMode::with(registry, env, settings);
        let mut p = Propagation {
            mode,
            slots: vec![Slot::Empty; graph.values.len()],
            status: Vec::with_capacity(graph.nodes.len()),
            symbols: FileSymbols {
                static_sizes: sizes == InputSizes::Static,
                ..FileSymbols::new(graph, hints)
            },
            checks: check.then(|| vec![Vec::new(); graph.nodes.len()]),
            shared: Arc::clone(&self.shared),
            scratch: Vec::new(),
            grad_enabled: self.grad_enabled,
            // Repeated calls are answered from recordings, as the
            // dispatch cache would answer them.
            recordings: if self.reuse {
                self.shared
                    .fixed
                    .iter()
                    .map(|&f| Recording::with_fixed(f))
                    .collect()
            } else {
                Vec::new()
            },
            numbers: Vec::new(),
            batched: HashMap::new(),
            unmodelled: Default::default(),
            spreads_unmodelled: false,
        };
        p.make_inputs(graph)?;
        for v in graph.inputs.iter().filter_map(|input| input.value) {
            if let Slot::Tensor(t) = p.slots[v.0 as usize] {
                p.metadata_guards(t, "an input")
                    .map_err(|reason| PropError::Input {
                        value: graph.value(v).name.clone(),
                        field: "layout".into(),
                        reason,
                    })?;
            }
        }
        p.numbers = self
            .shared
            .numbers
            .iter()
            .map(|a| p.wrapped_number(a))
            .collect::<Result<_, _>>()
            .map_err(|reason| PropError::Input {
                value: "a constant number".into(),
                field: "value".into(),
                reason,
            })?;
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
        Ok(p)
    }

    /// Run every node on a propagation whose inputs are made.
    pub(super) fn execute(&self, graph: &Graph, p: &mut Propagation) {
        let check = p.checks.is_some();
        p.batched.clear();
        p.unmodelled.clear();
        for (i, step) in self.steps.iter().enumerate() {
            let status = p.run_node(graph, i, step);
            if status == Status::Ran {
                if check {
                    let found = crate::verify::check_node(graph, p, i);
                    if let Some(checks) = p.checks.as_mut() {
                        checks[i] = found;
                    }
                } else if self.shared.names_unbacked[i] {
                    // Bind the file's unbacked symbols to ours (the
                    // comparison is thrown away).
                    crate::verify::check_node(graph, p, i);
                }
            } else {
                p.outputs_from_recorded(graph, i);
                if std::mem::take(&mut p.spreads_unmodelled) {
                    p.mark_unmodelled(graph, i);
                }
            }
            p.status.push(status);
        }
        if check {
            p.recheck_values(graph);
            p.recheck_sizes();
        }
    }
}

/// Whether `op` (`mylib::scale.default`) is outside PyTorch's own
/// namespaces: a custom operator of `torch.library`.
fn is_custom(op: &str) -> bool {
    let ns = op.split("::").next().unwrap_or(op);
    !matches!(
        ns,
        "aten"
            | "prims"
            | "quantized"
            | "_quantized"
            | "quantized_decomposed"
            | "rngprims"
            | "torch_nn"
            | "torchao"
    )
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
