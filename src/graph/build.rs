//! Building a [`Graph`] from a loaded [`ExportedProgram`]: values defined
//! as the graph's inputs and nodes name them, arguments resolved and
//! mapped to the runtime's types, higher-order subgraphs inlined.

use super::*;
struct Builder<'p> {
    /// The graph whose names are being read (a subgraph while inlining).
    graph: &'p schema::Graph,
    /// What the names of `graph` are prefixed with (`cond.true_graph_0.`
    /// inside a branch), so inlined names stay unique.
    prefix: String,
    values: Vec<ValueInfo>,
    by_name: HashMap<String, ValueId>,
    /// The autocast region of the nodes being read.
    autocast: Option<AutocastRegion>,
    /// The grad mode of the `wrap_with_set_grad_enabled` region of the
    /// nodes being read.
    grad_enabled: Option<bool>,
}

impl<'p> Builder<'p> {
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
        let scoped = format!("{}{name}", self.prefix);
        self.values.push(ValueInfo {
            name: scoped.clone(),
            recorded,
            producer,
        });
        self.by_name.insert(scoped, id);
        Ok(id)
    }

    fn lookup(&self, node: &str, arg: &str, name: &str) -> Result<ValueId, GraphError> {
        self.by_name
            .get(&format!("{}{name}", self.prefix))
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
            Argument::Int(PyInt::Int(v)) => Arg::Int(*v),
            Argument::Int(PyInt::Wide(v)) => Arg::WideInt(*v),
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
            Argument::SymInt(SymIntArgument::Int(v)) | Argument::Int(PyInt::Int(v)) => {
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

/// The region of `wrap_with_autocast(device_type, dtype, enabled,
/// cache_enabled, body, *operands)`: `None` when `enabled` is false; the
/// dtype, when `None`, is the device's default (`torch.get_autocast_dtype`:
/// `bfloat16` on the CPU, `float16` elsewhere).
fn autocast_region(inputs: &[&Argument]) -> Result<Option<AutocastRegion>, String> {
    let device = match inputs.first() {
        Some(Argument::String(d)) => {
            d.parse::<Device>()
                .map_err(|e| format!("device_type `{d}`: {e}"))?
                .ty
        }
        _ => return Err("device_type is not a string".into()),
    };
    let dtype = match inputs.get(1) {
        Some(Argument::ScalarType(v)) => {
            convert::dtype(*v).ok_or_else(|| format!("dtype {v} is not a dtype"))?
        }
        Some(Argument::None) | None => match device {
            fake_runtime::DeviceType::Cpu => DType::BFloat16,
            _ => DType::Float16,
        },
        _ => return Err("dtype is not a dtype".into()),
    };
    match inputs.get(2) {
        Some(Argument::Bool(true)) => Ok(Some(AutocastRegion { device, dtype })),
        Some(Argument::Bool(false)) => Ok(None),
        _ => Err("enabled is not a bool".into()),
    }
}

impl<'p> Builder<'p> {
    /// Add the nodes of the current graph (and of the subgraphs they
    /// inline) to `nodes`.
    fn nodes(&mut self, list: &'p [schema::Node], nodes: &mut Vec<Node>) -> Result<(), GraphError> {
        for (index, n) in list.iter().enumerate() {
            if nodes.len() >= MAX_NODES {
                return Err(GraphError::TooManyNodes { limit: MAX_NODES });
            }
            let name = format!(
                "{}{}",
                self.prefix,
                n.name.clone().unwrap_or_else(|| format!("#{index}"))
            );
            if let Some(hop) = crate::hop::Hop::of(&n.target) {
                self.inline(hop, n, &name, nodes)?;
                continue;
            }
            let mut args = Vec::with_capacity(n.inputs.len());
            for input in &n.inputs {
                args.push((
                    input.name.clone(),
                    self.arg(&name, &input.name, &input.arg)?,
                ));
            }
            let mut outputs = Vec::with_capacity(n.outputs.len());
            for o in &n.outputs {
                outputs.push(self.define_output(o, Producer::Node(nodes.len()))?);
            }
            nodes.push(Node {
                op: op_name(&n.target),
                name,
                target: n.target.clone(),
                args,
                outputs,
                autocast: self.autocast,
                grad_enabled: self.grad_enabled,
            });
        }
        Ok(())
    }

    /// Inline higher-order operator node `n`: its subgraphs' nodes with
    /// their inputs bound to the operands, then one node of the operator's
    /// own target whose arguments are the values it combines (see
    /// the `hop` module) and whose outputs are the node's.
    fn inline(
        &mut self,
        hop: crate::hop::Hop,
        n: &'p schema::Node,
        name: &str,
        nodes: &mut Vec<Node>,
    ) -> Result<(), GraphError> {
        use crate::hop::Hop;
        let bad = |why: &str| GraphError::BadHop {
            node: name.to_string(),
            reason: why.to_string(),
        };
        let inputs: Vec<&Argument> = n.inputs.iter().map(|i| &i.arg).collect();
        let graph_at = |k: usize| match inputs.get(k) {
            Some(Argument::Graph(g)) => Ok(g),
            _ => Err(bad(&format!("input {k} is not a subgraph"))),
        };
        let values_at = |b: &Self, k: usize| -> Result<Vec<Arg>, GraphError> {
            match inputs.get(k) {
                Some(Argument::Tensors(ts)) => ts
                    .iter()
                    .map(|t| b.lookup(name, "operands", &t.name).map(Arg::Tensor))
                    .collect(),
                Some(a) => Ok(vec![b.arg(name, "operands", a)?]),
                None => Err(bad(&format!("input {k} is missing"))),
            }
        };
        let mut args: Vec<(String, Arg)> = Vec::new();
        match hop {
            Hop::SetGradEnabled => {
                let enabled = match inputs.first() {
                    Some(Argument::Bool(b)) => *b,
                    _ => return Err(bad("enabled is not a bool")),
                };
                let operands: Vec<Arg> = inputs
                    .iter()
                    .skip(2)
                    .map(|a| self.arg(name, "operands", a))
                    .collect::<Result<_, _>>()?;
                let outer = self.grad_enabled.replace(enabled);
                let outs = self.subgraph(graph_at(1)?, name, &operands, nodes);
                self.grad_enabled = outer;
                args.extend(outs?.into_iter().map(|a| ("out".to_string(), a)));
            }
            Hop::Autocast => {
                let region = autocast_region(&inputs).map_err(|why| bad(&why))?;
                let operands: Vec<Arg> = inputs
                    .iter()
                    .skip(5)
                    .map(|a| self.arg(name, "operands", a))
                    .collect::<Result<_, _>>()?;
                let outer = std::mem::replace(&mut self.autocast, region);
                let outs = self.subgraph(graph_at(4)?, name, &operands, nodes);
                self.autocast = outer;
                args.extend(outs?.into_iter().map(|a| ("out".to_string(), a)));
            }
            Hop::Cond => {
                let pred = self.arg(
                    name,
                    "pred",
                    inputs.first().ok_or_else(|| bad("no predicate"))?,
                )?;
                let operands = values_at(self, 3)?;
                let t = self.subgraph(graph_at(1)?, name, &operands, nodes)?;
                let f = self.subgraph(graph_at(2)?, name, &operands, nodes)?;
                if t.len() != f.len() {
                    return Err(bad("the branches return different numbers of values"));
                }
                args.push(("pred".to_string(), pred));
                args.extend(t.into_iter().map(|a| ("true".to_string(), a)));
                args.extend(f.into_iter().map(|a| ("false".to_string(), a)));
            }
            Hop::WhileLoop => {
                let carried = values_at(self, 2)?;
                let additional = values_at(self, 3)?;
                let all: Vec<Arg> = carried.iter().chain(&additional).cloned().collect();
                self.subgraph(graph_at(0)?, name, &all, nodes)?;
                let body = self.subgraph(graph_at(1)?, name, &all, nodes)?;
                args.extend(carried.into_iter().map(|a| ("carried".to_string(), a)));
                args.extend(body.into_iter().map(|a| ("body".to_string(), a)));
            }
            Hop::WithEffects => return self.with_effects(n, name, nodes),
            Hop::HintsWrapper => {
                match inputs.get(2) {
                    Some(Argument::StringToArgument(m)) if m.is_empty() => {}
                    _ => return Err(bad("a body taking keyword arguments")),
                }
                let operands = values_at(self, 1)?;
                let outs = self.subgraph(graph_at(0)?, name, &operands, nodes)?;
                args.extend(outs.into_iter().map(|a| ("out".to_string(), a)));
            }
            Hop::Print => {}
            Hop::AutoFunctionalized => {
                let Some((first, rest)) = n.inputs.split_first() else {
                    return Err(bad("no operator"));
                };
                let Argument::Operator(target) = &first.arg else {
                    return Err(bad("its first argument is not an operator"));
                };
                args.push((crate::hop::MUTABLE_OP.to_string(), Arg::Str(target.clone())));
                for input in rest {
                    args.push((input.name.clone(), self.arg(name, &input.name, &input.arg)?));
                }
            }
            Hop::Map => {
                let xs = values_at(self, 1)?;
                let additional = values_at(self, 2)?;
                let body = graph_at(0)?;
                let slices = self.first_slices(body, name, 0, &xs, nodes)?;
                let mut operands: Vec<Arg> = slices.iter().map(output_arg).collect();
                operands.extend(additional);
                let outs = self.subgraph(body, name, &operands, nodes)?;
                args.extend(xs.into_iter().map(|a| ("xs".to_string(), a)));
                args.extend(outs.into_iter().map(|a| ("out".to_string(), a)));
            }
            Hop::Scan => {
                let init = values_at(self, 1)?;
                let xs = values_at(self, 2)?;
                let additional = values_at(self, 3)?;
                if xs.is_empty() {
                    return Err(bad("scan over no tensor"));
                }
                let body = graph_at(0)?;
                let slices = self.first_slices(body, name, init.len(), &xs, nodes)?;
                let mut operands = init.clone();
                operands.extend(slices.iter().map(output_arg));
                operands.extend(additional);
                let outs = self.subgraph(body, name, &operands, nodes)?;
                if outs.len() < init.len() {
                    return Err(bad(
                        "the combine function returns fewer values than it carries",
                    ));
                }
                args.extend(init.into_iter().map(|a| ("carried".to_string(), a)));
                args.extend(xs.into_iter().map(|a| ("xs".to_string(), a)));
                args.extend(outs.into_iter().map(|a| ("out".to_string(), a)));
            }
        }
        let mut outputs = Vec::with_capacity(n.outputs.len());
        for o in &n.outputs {
            outputs.push(self.define_output(o, Producer::Node(nodes.len()))?);
        }
        nodes.push(Node {
            op: None,
            name: name.to_string(),
            target: n.target.clone(),
            args,
            outputs,
            autocast: self.autocast,
            grad_enabled: self.grad_enabled,
        });
        Ok(())
    }

    /// The first slice of each of `xs` as the inputs of `body` after its
    /// first `skip` (`map_impl`'s and `scan`'s `first_slice_copy`): one
    /// node, of target [`crate::hop::FIRST_SLICES`], defining those
    /// placeholders, whose outputs are returned.
    fn first_slices(
        &mut self,
        body: &'p schema::GraphArgument,
        name: &str,
        skip: usize,
        xs: &[Arg],
        nodes: &mut Vec<Node>,
    ) -> Result<Vec<NodeOutput>, GraphError> {
        let at = nodes.len();
        let outer = std::mem::replace(&mut self.prefix, format!("{name}.{}.", body.name));
        let graph = std::mem::replace(&mut self.graph, &body.graph);
        let slices = body
            .graph
            .inputs
            .iter()
            .skip(skip)
            .take(xs.len())
            .map(|a| self.define_output(a, Producer::Node(at)))
            .collect::<Result<Vec<_>, _>>();
        self.graph = graph;
        self.prefix = outer;
        let slices = slices?;
        nodes.push(Node {
            name: format!("{name}.slice"),
            target: crate::hop::FIRST_SLICES.to_string(),
            op: None,
            args: xs.iter().cloned().map(|a| ("xs".to_string(), a)).collect(),
            outputs: slices.clone(),
            autocast: self.autocast,
            grad_enabled: self.grad_enabled,
        });
        Ok(slices)
    }

    /// `with_effects(token, op, *args, **kwargs)` node `n`: the effectful
    /// operator's own node (the arguments after the token and the
    /// operator, positional ones unnamed; the outputs after the token),
    /// then the node of `with_effects` itself, which takes the token and
    /// makes the new one.
    fn with_effects(
        &mut self,
        n: &'p schema::Node,
        name: &str,
        nodes: &mut Vec<Node>,
    ) -> Result<(), GraphError> {
        let bad = |why: &str| GraphError::BadHop {
            node: name.to_string(),
            reason: why.to_string(),
        };
        let (Some(token), Some(Argument::Operator(target))) =
            (n.inputs.first(), n.inputs.get(1).map(|i| &i.arg))
        else {
            return Err(bad("expected a token and an operator"));
        };
        let token = self.arg(name, "token", &token.arg)?;
        let mut args = Vec::with_capacity(n.inputs.len() - 2);
        for input in &n.inputs[2..] {
            args.push((input.name.clone(), self.arg(name, &input.name, &input.arg)?));
        }
        let Some((first, rest)) = n.outputs.split_first() else {
            return Err(bad("no token among the outputs"));
        };
        let mut outputs = Vec::with_capacity(rest.len());
        for o in rest {
            outputs.push(self.define_output(o, Producer::Node(nodes.len()))?);
        }
        nodes.push(Node {
            op: op_name(target),
            name: format!("{name}.op"),
            target: target.clone(),
            args,
            outputs,
            autocast: self.autocast,
            grad_enabled: self.grad_enabled,
        });
        let token_out = self.define_output(first, Producer::Node(nodes.len()))?;
        nodes.push(Node {
            op: None,
            name: name.to_string(),
            target: n.target.clone(),
            args: vec![("token".to_string(), token)],
            outputs: vec![token_out],
            autocast: self.autocast,
            grad_enabled: self.grad_enabled,
        });
        Ok(())
    }

    /// Inline subgraph `g` of node `node` with its inputs bound to
    /// `operands` (values of the enclosing scope): its nodes go to
    /// `nodes`, and its outputs are returned as arguments.
    fn subgraph(
        &mut self,
        g: &'p schema::GraphArgument,
        node: &str,
        operands: &[Arg],
        nodes: &mut Vec<Node>,
    ) -> Result<Vec<Arg>, GraphError> {
        let inner = format!("{node}.{}.", g.name);
        if g.graph.inputs.len() != operands.len() {
            return Err(GraphError::BadHop {
                node: node.to_string(),
                reason: format!(
                    "subgraph {} takes {} inputs but is given {}",
                    g.name,
                    g.graph.inputs.len(),
                    operands.len()
                ),
            });
        }
        // Bind the subgraph's inputs to the operands' values.
        for (input, operand) in g.graph.inputs.iter().zip(operands) {
            let value = match operand {
                Arg::Tensor(v) | Arg::SymBool(v) | Arg::SymFloat(v) => Some(*v),
                Arg::SymInt(SymIntArg::Value(v)) => Some(*v),
                _ => None,
            };
            if let (Some(name), Some(v)) = (input.value_name(), value) {
                self.by_name.insert(format!("{inner}{name}"), v);
            }
        }
        let outer = std::mem::replace(&mut self.prefix, inner);
        let graph = std::mem::replace(&mut self.graph, &g.graph);
        let result = self.nodes(&g.graph.nodes, nodes).and_then(|()| {
            g.graph
                .outputs
                .iter()
                .enumerate()
                .map(|(i, a)| self.arg(node, &format!("output #{i}"), a))
                .collect::<Result<Vec<_>, _>>()
        });
        self.graph = graph;
        self.prefix = outer;
        result
    }
}

/// A node result as an argument of a later node.
fn output_arg(o: &NodeOutput) -> Arg {
    match o {
        NodeOutput::Tensor(v) => Arg::Tensor(*v),
        NodeOutput::Tensors(v) => Arg::Tensors(v.clone()),
        NodeOutput::SymInt(s) => Arg::SymInt(*s),
        NodeOutput::SymBool(v) => Arg::SymBool(*v),
        NodeOutput::SymFloat(v) => Arg::SymFloat(*v),
        NodeOutput::None => Arg::None,
        NodeOutput::Opaque(t) => Arg::Opaque(t.clone()),
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
    /// The graph of a loaded program. The subgraphs of the higher-order
    /// operators propagation models (`cond`, `while_loop`, `map_impl`,
    /// `wrap_with_set_grad_enabled`) are inlined (see the `hop` module);
    /// others stay opaque arguments.
    pub fn from_program(program: &ExportedProgram) -> Result<Graph, GraphError> {
        let g = program.graph();
        let mut b = Builder {
            graph: g,
            prefix: String::new(),
            values: Vec::new(),
            by_name: HashMap::new(),
            autocast: None,
            grad_enabled: None,
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
        b.nodes(&g.nodes, &mut nodes)?;
        let outputs = g
            .outputs
            .iter()
            .enumerate()
            .map(|(i, a)| b.use_output(i, a))
            .collect::<Result<_, _>>()?;
        let ranges = program
            .range_constraints
            .iter()
            .map(|(k, r)| Ok((k.clone(), Range::of(k, r)?)))
            .collect::<Result<_, GraphError>>()?;
        Ok(Graph {
            values: b.values,
            inputs,
            nodes,
            outputs,
            ranges,
            guards_code: program.guards_code.clone(),
            functional: !program.verifiers.iter().any(|v| v == "TRAINING"),
        })
    }
}
