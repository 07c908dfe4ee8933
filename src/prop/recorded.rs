//! The metadata PyTorch recorded, made into the runtime's: every recorded
//! expression parsed once per plan, the graph's inputs made as fake tensors
//! (their symbols first, each with the hint and source of its first
//! appearance), and the outputs of a node that did not run taken from the
//! file.

use super::*;

/// The recorded metadata as the runtime's, when every size, stride and
/// the offset are constants.
pub(super) fn static_meta(meta: &schema::TensorMeta) -> Option<TensorMeta> {
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
        wrapped_number: false,
    })
}

/// Parse every recorded expression of `graph` (those that parse; the others
/// are reported where they are used).
pub(super) fn parse_recorded(graph: &Graph) -> HashMap<String, srepr::Expr> {
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
                let hint = e.hint.as_ref().and_then(schema::SymExprHint::as_int);
                self.symbols.hinted_size = hint.is_some();
                let (symbols, env) = (&self.symbols, self.mode.env());
                let known = |name: &str| match symbols.get(name)? {
                    SymInt::Int(v) => Some(v),
                    v => env.symbol_hint(env.as_symbol(v)?),
                };
                self.symbols.hint = hint
                    .and_then(|h| expr.solve_affine(h, &known))
                    .map(|(s, h)| (s.name.clone(), h));
                self.symbols.source = source;
                if self.symbols.origin != origin {
                    self.symbols.origin = origin.to_string();
                }
                let r = srepr::lower_int(expr, self.mode.env_mut(), &mut self.symbols);
                self.symbols.hint = None;
                self.symbols.hinted_size = false;
                self.symbols.source = None;
                r.map_err(|e| e.to_string())
            }
        }
    }

    /// Lower a recorded SymBool.
    pub(super) fn lower_recorded_bool(
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
    pub(crate) fn tensor_from_recorded(
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
            wrapped_number: false,
        };
        Ok(self.mode.add_tensor(m, None, is_input))
    }

    pub(super) fn make_inputs(&mut self, graph: &Graph) -> Result<(), PropError> {
        let inputs: Vec<ValueId> = graph.inputs.iter().filter_map(|i| i.value).collect();
        // Symbols first, from sizes (then strides) that are exactly a
        // symbol, so each gets the hint and the source of its first
        // appearance: a stride recorded as a product can name a symbol
        // that only a later stride gives exactly (`s0*s1` before `s1`).
        for &v in &inputs {
            let info = graph.value(v);
            match &info.recorded {
                Recorded::Tensor(meta) => {
                    let sizes = meta
                        .sizes
                        .iter()
                        .enumerate()
                        .map(|(d, s)| (s, Source::size(&info.name, d), format!("sizes[{d}]")));
                    let strides = meta.strides.iter().enumerate().map(|(d, s)| {
                        let source = Source::Stride {
                            tensor: info.name.clone(),
                            dim: d,
                        };
                        (s, source, format!("strides[{d}]"))
                    });
                    for (s, source, field) in sizes.chain(strides) {
                        if let schema::SymInt::Expr(e) = s
                            && let Ok(expr) = srepr::parse(&e.expr_str)
                            && let srepr::NodeKind::Symbol(_) = expr.root().kind
                        {
                            self.lower_recorded(s, Some(source), "input")
                                .map_err(|reason| PropError::Input {
                                    value: info.name.clone(),
                                    field,
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
        for input in &graph.inputs {
            let Some(v) = input.value else { continue };
            let info = graph.value(v);
            if let Recorded::Tensor(meta) = &info.recorded {
                let t = self.tensor_from_recorded(v, &info.name, meta, true, "input")?;
                // A lifted tensor constant small enough is a constant of
                // PyTorch's mode, which runs what uses it for real.
                if matches!(input.kind, crate::graph::InputKind::Constant(_)) {
                    self.mode.make_constant(t).map_err(|e| PropError::Input {
                        value: info.name.clone(),
                        field: "constant".into(),
                        reason: e.to_string(),
                    })?;
                }
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
    pub(super) fn outputs_from_recorded(&mut self, graph: &Graph, i: usize) {
        let node = &graph.nodes[i];
        let origin = node.op.clone().unwrap_or_else(|| node.target.clone());
        for v in crate::report::output_values(&node.outputs) {
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
}
