//! `auto_functionalized_v2`: a custom operator that writes to its
//! arguments, made functional when a program is decomposed to the Core
//! ATen IR (`torch/_higher_order_ops/auto_functionalize.py`).
//!
//! It names each tensor the operator writes
//! by the base it is a view of: `_all_bases` lists the bases, and each
//! written argument `x` has `_x_base_index` and how to make it again from
//! its base: `_x_alias` (`alias(base)`), `_x_size`, `_x_stride` and
//! `_x_storage_offset` (`as_strided`), `_x_slice_dim`, `_x_slice_start`
//! and `_x_slice_end` (`slice`), or nothing (the base itself); a written
//! list has `_x_length` and the same per element (`_x_0_base_index`, ...).
//! Its fake implementation (`auto_functionalized_v2_dense`) copies every
//! base (`clone_preserve_strides`), makes the written arguments again from
//! the copies, calls the operator, and returns the operator's results
//! followed by the copies. (Export writes no version 1,
//! `auto_functionalized`, which is not modelled.)
//!
//! The operator's results need its kernel (a custom operator registered
//! through `fake_runtime::ExtendedRegistry`). One whose results the
//! program records as nothing (a custom operator that only writes, whose
//! fake implementation returns `None`) needs none: the copies are all the
//! node computes.

use super::Propagation;
use crate::graph::{Arg, Graph, Node, NodeOutput, op_name};
use crate::prop::{Owned, Status, default_arg};
use fake_runtime::mode::{Output, Value};
use fake_runtime::{Registry, SymInt, TensorId};

/// The argument of an `auto_functionalized` node that names its operator
/// (its target: `torch.ops.mylib.scale_.default`).
pub(crate) const MUTABLE_OP: &str = "_mutable_op";

/// Node argument `name`.
fn arg<'a>(node: &'a Node, name: &str) -> Option<&'a Arg> {
    node.args.iter().find(|(n, _)| n == name).map(|(_, a)| a)
}

/// The registry name of the operator an `auto_functionalized` node calls.
fn operator(node: &Node) -> Result<String, String> {
    match arg(node, MUTABLE_OP) {
        Some(Arg::Str(t)) => op_name(t).ok_or_else(|| format!("{t} is not an operator")),
        _ => Err("no operator to call".into()),
    }
}

/// The bases of a version 2 node (`_all_bases`; `None` for an argument
/// given as `None`).
fn bases(node: &Node) -> Result<Vec<Option<crate::graph::ValueId>>, String> {
    Ok(match arg(node, "_all_bases") {
        None | Some(Arg::None) => Vec::new(),
        Some(Arg::Tensors(vs)) => vs.iter().copied().map(Some).collect(),
        Some(Arg::OptTensors(vs)) => vs.clone(),
        Some(other) => {
            return Err(format!(
                "_all_bases is {}, not a list of tensors",
                crate::builtins::kind(other)
            ));
        }
    })
}

/// Whether parameter `p` of the operator is written to (`Tensor(a!)`).
fn written(p: &fake_runtime::ParamDef) -> bool {
    p.alias.is_some_and(|a| a.write)
}

/// Why an `auto_functionalized_v2` node cannot run with `registry`, if
/// it cannot: its operator's results are recorded and no kernel is
/// registered for it, or it is an `out=` operator (whose node makes its
/// outputs from recorded metadata instead of bases).
pub(crate) fn unmodelled(node: &Node, registry: &dyn Registry) -> Option<String> {
    let op = match operator(node) {
        Ok(op) => op,
        Err(e) => return Some(e),
    };
    if let Some(def) = registry.lookup(&op) {
        let out = def.params.iter().any(|p| p.kwarg_only && written(p));
        return out
            .then(|| format!("auto_functionalized_v2 of {op}, an out= operator, is not modelled"));
    }
    let results_recorded = match bases(node) {
        Ok(b) => {
            let n = node.outputs.len().saturating_sub(b.len());
            node.outputs[..n]
                .iter()
                .any(|o| !matches!(o, NodeOutput::None))
        }
        Err(_) => true,
    };
    results_recorded.then(|| crate::prop::custom_op_reason(&op))
}

impl Propagation {
    /// Run node `i`, of `auto_functionalized_v2`.
    pub(crate) fn auto_functionalized(&mut self, graph: &Graph, i: usize) -> Result<(), String> {
        let node = &graph.nodes[i];
        let op = operator(node)?;
        let def = self.mode.registry().lookup(&op).copied();
        let mut new_bases = Vec::new();
        for b in bases(node)? {
            new_bases.push(match b {
                Some(v) => {
                    let t = self.tensor_of(v)?;
                    Some(self.clone_preserve_strides(t)?)
                }
                None => None,
            });
        }
        let copies = new_bases
            .iter()
            .map(|b| b.map_or(Output::None, Output::Tensor));
        // The operator's results: from its kernel, called on the written
        // arguments made again from the copies, or nothing for an
        // operator not registered whose results are recorded as nothing
        // (see [`unmodelled`]).
        let mut outs: Vec<Output> = match &def {
            Some(def) => {
                let mut given: Vec<Owned> = Vec::with_capacity(def.params.len());
                for p in def.params {
                    given.push(self.argument(node, p, &new_bases)?);
                }
                let values: Vec<Value<'_>> = given.iter().map(Owned::value).collect();
                let outs = self
                    .mode
                    .dispatch_named(&op, &values)
                    .map_err(|e| self.describe_error(&e))?;
                if outs.is_empty() {
                    vec![Output::None]
                } else {
                    outs.to_vec()
                }
            }
            None => vec![Output::None; node.outputs.len().saturating_sub(new_bases.len())],
        };
        outs.extend(copies);
        match self.bind_outputs(graph, i, &outs, false) {
            Status::Ran => Ok(()),
            Status::Failed(e) | Status::Unsupported(e) => Err(e),
        }
    }

    /// Parameter `p` of the operator: a written argument made again from
    /// the copied `bases` (a list: each element), else as node `node`
    /// gives it, else its default, else `None`.
    fn argument(
        &mut self,
        node: &Node,
        p: &fake_runtime::ParamDef,
        bases: &[Option<TensorId>],
    ) -> Result<Owned, String> {
        if arg(node, &format!("_{}_base_index", p.name)).is_some() {
            let prefix = format!("_{}", p.name);
            return Ok(self
                .regenerate(node, &prefix, bases)?
                .map_or(Owned::None, Owned::Tensor));
        }
        match arg(node, &format!("_{}_length", p.name)) {
            Some(Arg::None) => return Ok(Owned::None),
            Some(Arg::Int(n)) => {
                let mut views = Vec::new();
                for k in 0..*n {
                    let prefix = format!("_{}_{k}", p.name);
                    views.push(self.regenerate(node, &prefix, bases)?);
                }
                return Ok(if views.iter().all(Option::is_some) {
                    Owned::Tensors(views.into_iter().flatten().collect())
                } else {
                    Owned::OptTensors(views.into_iter().collect())
                });
            }
            Some(_) => return Err(format!("_{}_length is not an integer", p.name)),
            None => {}
        }
        self.given(node, p)
    }

    /// Parameter `p` of the operator as node `node` gives it: its argument,
    /// else its default, else `None`.
    fn given(&mut self, node: &Node, p: &fake_runtime::ParamDef) -> Result<Owned, String> {
        match arg(node, p.name) {
            Some(a) => self
                .convert(p.ty, a)
                .map_err(|e| format!("argument '{}': {e}", p.name)),
            None => Ok(p
                .default
                .and_then(|d| default_arg(p.ty, d))
                .unwrap_or(Owned::None)),
        }
    }

    /// A written argument made again from the copied bases
    /// (`read_single_view` then `regenerate_view`): `None` when its base
    /// index is `None`.
    fn regenerate(
        &mut self,
        node: &Node,
        prefix: &str,
        bases: &[Option<TensorId>],
    ) -> Result<Option<TensorId>, String> {
        let key = |what: &str| format!("{prefix}_{what}");
        let index = match arg(node, &key("base_index")) {
            None | Some(Arg::None) => return Ok(None),
            Some(Arg::Int(k)) => *k,
            Some(other) => {
                return Err(format!(
                    "{} is {}, not an integer",
                    key("base_index"),
                    crate::builtins::kind(other)
                ));
            }
        };
        let base = usize::try_from(index)
            .ok()
            .and_then(|k| bases.get(k).copied().flatten())
            .ok_or_else(|| format!("{} is {index}: no such base", key("base_index")))?;
        let int = |p: &Self, what: &str| -> Result<SymInt, String> {
            match arg(node, &key(what)) {
                Some(a) => p.int_arg(a).map_err(|e| format!("{}: {e}", key(what))),
                None => Err(format!("{} is missing", key(what))),
            }
        };
        let ints = |p: &Self, what: &str| -> Result<Vec<SymInt>, String> {
            match arg(node, &key(what)) {
                Some(a) => p.ints_arg(a).map_err(|e| format!("{}: {e}", key(what))),
                None => Err(format!("{} is missing", key(what))),
            }
        };
        if arg(node, &key("alias")).is_some() {
            return self.call("aten::alias", &[Value::Tensor(base)]).map(Some);
        }
        if arg(node, &key("storage_offset")).is_some() {
            let (size, stride) = (ints(self, "size")?, ints(self, "stride")?);
            let offset = int(self, "storage_offset")?;
            let args = [
                Value::Tensor(base),
                Value::Ints(&size),
                Value::Ints(&stride),
                Value::Int(offset),
            ];
            return self.call("aten::as_strided", &args).map(Some);
        }
        if arg(node, &key("slice_dim")).is_some() {
            let dim = int(self, "slice_dim")?;
            let (start, end) = (int(self, "slice_start")?, int(self, "slice_end")?);
            let args = [
                Value::Tensor(base),
                Value::Int(dim),
                Value::Int(start),
                Value::Int(end),
                Value::Int(SymInt::Int(1)),
            ];
            return self.call("aten::slice.Tensor", &args).map(Some);
        }
        Ok(Some(base))
    }

    /// `clone_preserve_strides(t)` (`torch._prims_common`): a copy of the
    /// storage `t` addresses (`compute_required_storage_length`: none
    /// when `t` has no elements, as `guard_or_false` decides), viewed
    /// with `t`'s sizes, strides and offset.
    pub(crate) fn clone_preserve_strides(&mut self, t: TensorId) -> Result<TensorId, String> {
        let m = self.meta(t)?.clone();
        let env = self.mode.env_mut();
        let length = (|| -> fake_runtime::Result<SymInt> {
            let numel = fake_runtime::shape::numel(env, &m.sizes)?;
            let empty = env.eq(numel, SymInt::Int(0))?;
            if env.guard_or_false(empty, "clone_preserve_strides")? {
                return Ok(SymInt::Int(0));
            }
            let mut max_offset = SymInt::Int(0);
            for (&size, &stride) in m.sizes.iter().zip(&m.strides) {
                let steps = env.sub(size, SymInt::Int(1))?;
                let span = env.mul(steps, stride)?;
                max_offset = env.add(max_offset, span)?;
            }
            let first = env.add(SymInt::Int(1), m.storage_offset)?;
            env.add(first, max_offset)
        })()
        .map_err(|e| e.to_string())?;
        let flat = self.call(
            "aten::as_strided",
            &[
                Value::Tensor(t),
                Value::Ints(&[length]),
                Value::Ints(&[SymInt::Int(1)]),
                Value::Int(SymInt::Int(0)),
            ],
        )?;
        let buffer = self.call("aten::clone", &[Value::Tensor(flat), Value::None])?;
        self.call(
            "aten::as_strided",
            &[
                Value::Tensor(buffer),
                Value::Ints(&m.sizes),
                Value::Ints(&m.strides),
                Value::Int(m.storage_offset),
            ],
        )
    }
}

impl Propagation {
    /// An integer argument (a constant or a SymInt of the graph).
    fn int_arg(&self, a: &Arg) -> Result<SymInt, String> {
        match a {
            Arg::Int(v) => Ok(SymInt::Int(*v)),
            Arg::SymInt(s) => self.int_of(*s),
            other => Err(format!(
                "{} is not an integer",
                crate::builtins::kind(other)
            )),
        }
    }

    /// A list of integers argument.
    fn ints_arg(&self, a: &Arg) -> Result<Vec<SymInt>, String> {
        match a {
            Arg::Ints(v) => Ok(v.iter().map(|&x| SymInt::Int(x)).collect()),
            Arg::SymInts(v) => v.iter().map(|&s| self.int_of(s)).collect(),
            other => Err(format!(
                "{} is not a list of integers",
                crate::builtins::kind(other)
            )),
        }
    }
}
