//! Verification: every propagated node's results against the metadata
//! PyTorch recorded in the file: sizes, strides, storage offset, dtype and
//! device of tensors, and the value of every SymInt and SymBool.
//!
//! Symbolic values are compared as expressions: the recorded srepr is
//! lowered into the same ShapeEnv, so both sides are canonical forms and
//! compare by identity (after the replacements in force); a pair the
//! canonical forms do not settle matches when the ShapeEnv proves them
//! equal over the symbols' ranges ([`fake_runtime::ShapeEnv::provably_equal`]:
//! `Min`/`Max` arms the ranges order, a difference whose range is 0). An unbacked symbol the file names for the first
//! time (`u3`) is bound to ours when ours is a bare unbacked symbol too:
//! unbacked symbols are compared up to renaming.
//!
//! The guards are compared too, as the input sizes they admit
//! ([`guards`]).

mod guard_code;
pub mod guards;

use crate::export::{convert, schema};
use crate::graph::{Graph, NodeOutput, Recorded, SymIntArg, ValueId};
use crate::prop::{Propagation, Slot, Status};
use fake_runtime::{SymBool, SymInt};
use std::fmt;

/// One difference between ours and PyTorch's.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Mismatch {
    /// The node's name.
    pub node: String,
    /// What differs (`add_3.sizes[1]`, `getitem.dtype`, `error`).
    pub field: String,
    /// Our value.
    pub ours: String,
    /// PyTorch's value.
    pub theirs: String,
    /// Both sides of a differing SymInt (ours, PyTorch's), compared again
    /// once the whole program has run.
    pub(crate) values: Option<(SymInt, SymInt)>,
}

impl fmt::Display for Mismatch {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "mismatch: node '{}', {}: ours {}, PyTorch {}",
            self.node, self.field, self.ours, self.theirs
        )
    }
}

/// The verdict on one node.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Verdict {
    /// Every result matches.
    Match,
    /// Some results differ (or the kernel failed where PyTorch did not).
    Mismatch(Vec<Mismatch>),
    /// The operator has no rule: the reason.
    Unsupported(String),
}

/// The verdicts on every node of a graph, and on its guards.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Report {
    /// Per node, in order: its name, target and verdict.
    pub nodes: Vec<(String, String, Verdict)>,
    /// PyTorch's guards against ours.
    pub guards: guards::GuardCheck,
}

impl Report {
    /// Number of nodes.
    pub fn total(&self) -> usize {
        self.nodes.len()
    }

    /// Number of matching nodes.
    pub fn matched(&self) -> usize {
        self.count(|v| matches!(v, Verdict::Match))
    }

    /// Number of mismatching nodes.
    pub fn mismatched(&self) -> usize {
        self.count(|v| matches!(v, Verdict::Mismatch(_)))
    }

    /// Number of unsupported nodes.
    pub fn unsupported(&self) -> usize {
        self.count(|v| matches!(v, Verdict::Unsupported(_)))
    }

    fn count(&self, f: impl Fn(&Verdict) -> bool) -> usize {
        self.nodes.iter().filter(|(_, _, v)| f(v)).count()
    }

    /// Every mismatch, in node order.
    pub fn mismatches(&self) -> impl Iterator<Item = &Mismatch> {
        self.nodes.iter().flat_map(|(_, _, v)| match v {
            Verdict::Mismatch(m) => m.as_slice(),
            _ => &[],
        })
    }
}

struct Checker<'a> {
    p: &'a mut Propagation,
    node: String,
    out: Vec<Mismatch>,
}

impl Checker<'_> {
    fn push(&mut self, field: String, ours: String, theirs: String) {
        self.out.push(Mismatch {
            node: self.node.clone(),
            field,
            ours,
            theirs,
            values: None,
        });
    }

    /// Compare one SymInt with its recorded value.
    fn int(&mut self, field: String, ours: SymInt, theirs: &schema::SymInt) {
        self.bind_unbacked(ours, theirs);
        let t = match self.p.lower_recorded(theirs, None, &self.node.clone()) {
            Ok(t) => t,
            Err(e) => {
                let o = self.p.display(ours);
                self.push(field, o, format!("{theirs} (unreadable: {e})"));
                return;
            }
        };
        if !self.equal(ours, t) {
            let o = self.p.display(ours);
            let th = self.p.display(t);
            self.push(field, o, th);
            if let Some(m) = self.out.last_mut() {
                m.values = Some((ours, t));
            }
        }
    }

    /// When the file names an unbacked symbol for the first time where we
    /// have a bare unbacked symbol, they are the same symbol.
    fn bind_unbacked(&mut self, ours: SymInt, theirs: &schema::SymInt) {
        let schema::SymInt::Expr(e) = theirs else {
            return;
        };
        let Ok(expr) = crate::export::srepr::parse(&e.expr_str) else {
            return;
        };
        let crate::export::srepr::NodeKind::Symbol(decl) = &expr.root().kind else {
            return;
        };
        self.bind_name(ours, &decl.name);
    }

    /// An unbacked bool the file names for the first time (`Eq(u3, 1)`)
    /// where ours is one too (`Eq(u0, 1)`, from `item()` of a bool): the
    /// two indicator symbols are the same symbol.
    fn bind_unbacked_bool(&mut self, ours: SymBool, theirs: &schema::SymBool) {
        use crate::export::srepr::{Func, NodeKind};
        let schema::SymBool::Expr(e) = theirs else {
            return;
        };
        let Ok(expr) = crate::export::srepr::parse(&e.expr_str) else {
            return;
        };
        let NodeKind::Call(Func::Eq, args) = &expr.root().kind else {
            return;
        };
        let (NodeKind::Symbol(decl), NodeKind::Integer(1)) = (&args[0].kind, &args[1].kind) else {
            return;
        };
        if let Some(u) = self.p.mode.env().indicator_of(ours) {
            self.bind_name(u, &decl.name);
        }
    }

    /// Bind file symbol `name`, not seen before, to our bare unbacked
    /// symbol `ours`.
    fn bind_name(&mut self, ours: SymInt, name: &str) {
        if self.p.symbols.get(name).is_some() {
            return;
        }
        let env = self.p.mode.env();
        // The renaming is one to one: a symbol of ours the file already
        // names otherwise is not bound again.
        if let Some(s) = env.as_symbol(ours)
            && env.arena().is_unbacked(s)
            && self.p.symbols.name_of(s).is_none()
        {
            self.p.symbols.bind_unbacked(env, name, ours);
        }
    }

    fn equal(&mut self, a: SymInt, b: SymInt) -> bool {
        self.p.mode.env_mut().provably_equal(a, b).unwrap_or(false)
    }

    fn bool(&mut self, field: String, ours: SymBool, theirs: &schema::SymBool) {
        self.bind_unbacked_bool(ours, theirs);
        let t = match theirs {
            schema::SymBool::Bool(b) => SymBool::Bool(*b),
            schema::SymBool::Expr(e) => {
                let mut r = crate::export::srepr::parse(&e.expr_str).map_err(|e| e.to_string());
                let v = r.as_mut().map_err(|e| e.clone()).and_then(|expr| {
                    crate::export::srepr::lower_bool(
                        expr,
                        self.p.mode.env_mut(),
                        &mut self.p.symbols,
                    )
                    .map_err(|e| e.to_string())
                });
                match v {
                    Ok(v) => v,
                    Err(err) => {
                        let o = self.p.display_bool(ours);
                        self.push(field, o, format!("{} (unreadable: {err})", e.expr_str));
                        return;
                    }
                }
            }
        };
        // A recorded constant matches a condition of ours the ShapeEnv
        // decides to that constant (sympy evaluated it where we keep it).
        // PyTorch serialises a SymBool with the trace's replacements
        // applied (a later equality can replace a symbol of it): ours
        // matches as it was made or as the replacements in force make it.
        let env = self.p.mode.env_mut();
        let same = ours == t
            || env.replaced_bool(ours).is_ok_and(|r| r == t)
            || match t {
                SymBool::Bool(true) => env.statically_known_true(ours),
                SymBool::Bool(false) => env.not(ours).is_ok_and(|n| env.statically_known_true(n)),
                SymBool::Expr(_) => false,
            };
        if !same {
            let o = self.p.display_bool(ours);
            let th = self.p.display_bool(t);
            self.push(field, o, th);
        }
    }

    /// Compare a SymFloat by value: a recorded constant, or the recorded
    /// hint of an expression, against ours at the hints (relative error
    /// 1e-9). Unbacked floats have no value to compare.
    fn float(&mut self, field: String, ours: fake_runtime::SymFloat, theirs: &schema::SymFloat) {
        let want = match theirs {
            schema::SymFloat::Float(v) => Some(v.0),
            schema::SymFloat::Expr(e) => match &e.hint {
                Some(schema::SymExprHint::Float(v)) => Some(v.0),
                Some(schema::SymExprHint::Int(v)) => Some(*v as f64),
                _ => None,
            },
        };
        let got = self.p.mode.env().float_hint(ours);
        if let (Some(w), Some(g)) = (want, got)
            && (w - g).abs() > 1e-9 * w.abs().max(1.0)
        {
            let o = self.p.display_float(ours);
            self.push(field, format!("{o} (= {g} at the hints)"), w.to_string());
        }
    }

    fn value(&mut self, graph: &Graph, v: ValueId) {
        let info = graph.value(v);
        let name = info.name.clone();
        let slot = self.p.slots[v.0 as usize];
        match (&info.recorded, slot) {
            (Recorded::Tensor(meta), Slot::Tensor(t)) => {
                let Ok(ours) = self.p.mode.meta(t).cloned() else {
                    self.push(name, "a foreign tensor".into(), "a tensor".into());
                    return;
                };
                if ours.sizes.len() != meta.sizes.len() {
                    let o: Vec<String> = ours.sizes.iter().map(|s| self.p.display(*s)).collect();
                    let th: Vec<String> = meta.sizes.iter().map(ToString::to_string).collect();
                    self.push(
                        format!("{name}.sizes"),
                        format!("[{}]", o.join(", ")),
                        format!("[{}]", th.join(", ")),
                    );
                    return;
                }
                for (d, (o, th)) in ours.sizes.iter().zip(&meta.sizes).enumerate() {
                    self.int(format!("{name}.sizes[{d}]"), *o, th);
                }
                if ours.strides.len() == meta.strides.len() {
                    for (d, (o, th)) in ours.strides.iter().zip(&meta.strides).enumerate() {
                        self.int(format!("{name}.strides[{d}]"), *o, th);
                    }
                } else {
                    self.push(
                        format!("{name}.strides"),
                        format!("{} strides", ours.strides.len()),
                        format!("{} strides", meta.strides.len()),
                    );
                }
                self.int(
                    format!("{name}.storage_offset"),
                    ours.storage_offset,
                    &meta.storage_offset,
                );
                match convert::dtype(meta.dtype) {
                    Some(d) if d == ours.dtype => {}
                    Some(d) => self.push(
                        format!("{name}.dtype"),
                        ours.dtype.to_string(),
                        d.to_string(),
                    ),
                    None => self.push(
                        format!("{name}.dtype"),
                        ours.dtype.to_string(),
                        format!("ScalarType {}", meta.dtype),
                    ),
                }
                match convert::device(&meta.device) {
                    Some(d) if d == ours.device => {}
                    other => self.push(
                        format!("{name}.device"),
                        ours.device.to_string(),
                        other.map_or_else(|| format!("{:?}", meta.device), |d| d.to_string()),
                    ),
                }
            }
            (Recorded::SymInt(s), Slot::Int(i)) => self.int(name, i, s),
            (Recorded::SymBool(s), Slot::Bool(b)) => self.bool(name, b, s),
            (Recorded::SymFloat(s), Slot::Float(f)) => self.float(name, f, s),
            (Recorded::SymFloat(_) | Recorded::CustomObj, _) => {}
            (_, got) => self.push(name, format!("{got:?}"), "a value".into()),
        }
    }
}

/// Compare node `i`'s results with the recorded metadata, binding the
/// unbacked symbols it names for the first time. Run right after the node
/// (as [`crate::prop::Plan::run_checked`] does), so later in-place changes
/// (`resize_`) do not show, and the file's unbacked symbols are bound to ours
/// before any later node reads them.
pub(crate) fn check_node(graph: &Graph, p: &mut Propagation, i: usize) -> Vec<Mismatch> {
    let node = &graph.nodes[i];
    let mut c = Checker {
        p,
        node: node.name.clone(),
        out: Vec::new(),
    };
    for o in &node.outputs {
        match o {
            NodeOutput::Tensor(v)
            | NodeOutput::SymInt(SymIntArg::Value(v))
            | NodeOutput::SymBool(v)
            | NodeOutput::SymFloat(v) => c.value(graph, *v),
            NodeOutput::Tensors(vs) => {
                for v in vs {
                    c.value(graph, *v);
                }
            }
            _ => {}
        }
    }
    c.out
}

/// Compare every node of a propagated graph with the recorded metadata.
/// A propagation made by [`crate::prop::Plan::run_checked`] was compared
/// node by node as it ran; otherwise the nodes are compared now, after the
/// whole program ran (an in-place op then shows in the nodes before it).
pub fn verify(graph: &Graph, p: &mut Propagation) -> Report {
    let mut nodes = Vec::with_capacity(graph.nodes.len());
    for (i, node) in graph.nodes.iter().enumerate() {
        let verdict = match p.status.get(i).cloned() {
            Some(Status::Unsupported(reason)) => Verdict::Unsupported(reason),
            Some(Status::Failed(err)) => Verdict::Mismatch(vec![Mismatch {
                node: node.name.clone(),
                field: "error".into(),
                ours: err,
                theirs: "no error".into(),
                values: None,
            }]),
            None => Verdict::Unsupported("not run".into()),
            Some(Status::Ran) => {
                let out = match p.checks.as_mut() {
                    Some(checks) => std::mem::take(&mut checks[i]),
                    None => check_node(graph, p, i),
                };
                if out.is_empty() {
                    Verdict::Match
                } else {
                    Verdict::Mismatch(out)
                }
            }
        };
        nodes.push((node.name.clone(), node.target.clone(), verdict));
    }
    let guards = guards::compare(graph, p);
    Report { nodes, guards }
}
