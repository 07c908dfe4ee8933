//! Higher-order operators of exported programs: `cond`, `while_loop`,
//! `map_impl`, `scan`, `wrap_with_set_grad_enabled`, `wrap_with_autocast`
//! and `with_effects`.
//!
//! Their subgraphs are inlined when the graph is built
//! ([`crate::graph::Graph::from_program`]): each subgraph's nodes join the
//! program's, named `<node>.<subgraph>.<name>`, with the subgraph's inputs
//! bound to the operator's operands, so every inner node is propagated and
//! verified like any other. The operator's own node follows, its arguments
//! being the values it combines; here is what it computes from them, as
//! PyTorch's FakeTensorMode implementations
//! (`torch/_higher_order_ops/{cond,while_loop,map,wrap}.py`) do:
//!
//! - `wrap_with_set_grad_enabled`: the subgraph's outputs themselves.
//! - `wrap_with_autocast(device_type, dtype, enabled, cache_enabled, body,
//!   *operands)`: the subgraph's outputs themselves; its nodes run in the
//!   autocast region when it is enabled ([`crate::graph::Node::autocast`]:
//!   the mode casts the arguments of an operator with a cast policy,
//!   `fake_ops::autocast_policy`, before dispatching it). A region with
//!   autocast off runs its nodes as given, even inside an enabled one.
//! - `cond`: each pair of branch outputs merged (`_merge_output`): dtype,
//!   device, layout, rank and storage offset must agree; a size kept when
//!   both branches give the same expression without unbacked symbols, else
//!   a fresh unbacked size bounded by both; strides accumulated over the
//!   merged sizes in the branches' stride order; a new tensor
//!   (`empty_strided`). Both branches are propagated, whatever the
//!   predicate.
//! - `while_loop`: the body is propagated once on the carried values; its
//!   outputs must have the carried values' sizes and dtypes
//!   (`check_meta_consistency`) and are the results.
//! - `hints_wrapper(body, args, kwargs, hints)`: the subgraph's outputs
//!   themselves (the hints are for a backend; a body taking keyword
//!   arguments is refused when the graph is built).
//! - `print(format, *args)`: nothing (`print_fake_tensor_mode` returns
//!   `None`); in the Core ATen IR it is `with_effects`' operator.
//! - `auto_functionalized_v2(op, **kwargs)`: a custom operator that
//!   writes to its arguments made functional (see [`functionalized`]):
//!   the operator's results, then copies of what it writes to.
//! - `with_effects(token, op, *args)`: not a subgraph, an effectful
//!   operator (`_linalg_check_errors` in the Core ATen IR) threaded by a
//!   token. The operator gets a node of its own (its arguments, its
//!   outputs after the token), and `with_effects`' node makes the new
//!   token (`new_token_tensor()`: `torch.tensor([])`).
//! - `map_impl`: the body is propagated on the first slice of each mapped
//!   tensor (`first_slice_copy`: `select` then a contiguous copy, or zeros
//!   for an empty batch), and each output is broadcast to the batch
//!   (`unsqueeze(0).expand(n, ...).clone(contiguous_format)`).
//! - `scan(combine_fn, init, xs, additional_inputs)`: the combine function
//!   is propagated once, on `init`, the first slice of each scanned tensor
//!   (as `map_impl`'s) and the additional inputs; its first outputs are
//!   the new carries, which must have `init`'s sizes and dtypes
//!   (`check_meta_consistency`) and are the results themselves; each
//!   other output is stacked along the scanned length (`stack_y`:
//!   `unsqueeze(0).repeat(n, 1, ...).clone(contiguous_format)`).
//!

mod functionalized;
pub(crate) use functionalized::{MUTABLE_OP, unmodelled};

use crate::graph::{Arg, Graph, NodeOutput, SymIntArg};
use crate::prop::{Propagation, Slot};
use fake_runtime::mode::{Output, Value};
use fake_runtime::{MemoryFormat, SymInt, TensorId, TensorMeta};

/// The target of the node that takes the first slices of the tensors
/// `map_impl` maps or `scan` scans (no PyTorch operator: it stands for the
/// `first_slice_copy` calls of their fake implementations).
pub(crate) const FIRST_SLICES: &str = "higher_order.first_slice_copy";

/// A higher-order operator whose subgraphs are inlined.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) enum Hop {
    /// `torch.ops.higher_order.cond`.
    Cond,
    /// `torch.ops.higher_order.while_loop`.
    WhileLoop,
    /// `torch.ops.higher_order.map_impl`.
    Map,
    /// `torch.ops.higher_order.scan`.
    Scan,
    /// `torch.ops.higher_order.wrap_with_set_grad_enabled`.
    SetGradEnabled,
    /// `torch.ops.higher_order.wrap_with_autocast`.
    Autocast,
    /// `torch.ops.higher_order.with_effects`.
    WithEffects,
    /// `torch.ops.higher_order.hints_wrapper`.
    HintsWrapper,
    /// `torch.ops.higher_order.print`.
    Print,
    /// `torch.ops.higher_order.auto_functionalized_v2`.
    AutoFunctionalized,
}

impl Hop {
    /// The operator a node's target names, when its subgraphs are inlined.
    pub(crate) fn of(target: &str) -> Option<Hop> {
        Some(match target.strip_prefix("torch.ops.higher_order.")? {
            "cond" => Hop::Cond,
            "while_loop" => Hop::WhileLoop,
            "map_impl" => Hop::Map,
            "scan" => Hop::Scan,
            "wrap_with_set_grad_enabled" => Hop::SetGradEnabled,
            "wrap_with_autocast" => Hop::Autocast,
            "with_effects" => Hop::WithEffects,
            "hints_wrapper" => Hop::HintsWrapper,
            "print" => Hop::Print,
            "auto_functionalized_v2" => Hop::AutoFunctionalized,
            _ => return None,
        })
    }
}

/// The values of a node's arguments named `name`, in order.
fn named<'g>(args: &'g [(String, Arg)], name: &str) -> Vec<&'g Arg> {
    args.iter()
        .filter(|(n, _)| n == name)
        .map(|(_, a)| a)
        .collect()
}

impl Propagation {
    /// The slot an argument of an inlined operator's node refers to.
    fn arg_slot(&self, a: &Arg) -> Result<Slot, String> {
        Ok(match a {
            Arg::Tensor(v) | Arg::SymBool(v) | Arg::SymFloat(v) => self.slot(*v),
            Arg::SymInt(SymIntArg::Value(v)) => self.slot(*v),
            Arg::SymInt(SymIntArg::Int(i)) | Arg::Int(i) => Slot::Int(SymInt::Int(*i)),
            Arg::Bool(b) => Slot::Bool(fake_runtime::SymBool::Bool(*b)),
            Arg::None => Slot::Empty,
            other => return Err(format!("{} is not a value", crate::builtins::kind(other))),
        })
    }

    /// Set node `i`'s outputs, in order, to `slots`.
    fn set_outputs(&mut self, graph: &Graph, i: usize, slots: &[Slot]) -> Result<(), String> {
        let outputs = &graph.nodes[i].outputs;
        if outputs.len() != slots.len() {
            return Err(format!(
                "{} results computed for {} recorded",
                slots.len(),
                outputs.len()
            ));
        }
        for (o, s) in outputs.iter().zip(slots) {
            match o {
                NodeOutput::Tensor(v)
                | NodeOutput::SymBool(v)
                | NodeOutput::SymFloat(v)
                | NodeOutput::SymInt(SymIntArg::Value(v)) => self.slots[v.0 as usize] = *s,
                NodeOutput::None | NodeOutput::SymInt(SymIntArg::Int(_)) => {}
                other => return Err(format!("a result recorded as {other:?}")),
            }
        }
        Ok(())
    }

    /// Run the node of an inlined higher-order operator (or the first
    /// slices of a `map_impl`).
    pub(crate) fn run_hop(
        &mut self,
        graph: &Graph,
        i: usize,
        hop: Option<Hop>,
    ) -> Result<(), String> {
        let args = &graph.nodes[i].args;
        let slots = |p: &Self, name: &str| -> Result<Vec<Slot>, String> {
            named(args, name)
                .into_iter()
                .map(|a| p.arg_slot(a))
                .collect()
        };
        let out = match hop {
            Some(Hop::SetGradEnabled | Hop::Autocast | Hop::HintsWrapper) => slots(self, "out")?,
            Some(Hop::Print) => vec![Slot::Empty; graph.nodes[i].outputs.len()],
            Some(Hop::AutoFunctionalized) => return self.auto_functionalized(graph, i),
            // `new_token_tensor()`: `torch.tensor([])`.
            Some(Hop::WithEffects) => {
                let defaults = self.mode.settings().defaults;
                let t = self
                    .mode
                    .empty(&[SymInt::Int(0)], defaults.dtype, defaults.device)
                    .map_err(|e| e.to_string())?;
                vec![Slot::Tensor(t)]
            }
            Some(Hop::Cond) => {
                let t = slots(self, "true")?;
                let f = slots(self, "false")?;
                t.iter()
                    .zip(&f)
                    .map(|(a, b)| self.merge(*a, *b))
                    .collect::<Result<_, _>>()?
            }
            Some(Hop::WhileLoop) => {
                let carried = slots(self, "carried")?;
                let body = slots(self, "body")?;
                for (k, (c, b)) in carried.iter().zip(&body).enumerate() {
                    self.consistent(("carried_inputs", "body_output"), k, *c, *b)?;
                }
                body.iter()
                    .map(|s| match s {
                        Slot::Int(_) => self.fresh_int(),
                        s => Ok(*s),
                    })
                    .collect::<Result<_, _>>()?
            }
            Some(Hop::Map) => {
                let xs = slots(self, "xs")?;
                let batch = match xs.first() {
                    Some(Slot::Tensor(t)) => self.meta(*t)?.sizes.first().copied(),
                    _ => None,
                }
                .ok_or("map over no tensor, or a 0-dim one")?;
                slots(self, "out")?
                    .into_iter()
                    .map(|s| self.batched(s, batch, false))
                    .collect::<Result<_, _>>()?
            }
            Some(Hop::Scan) => {
                let init = slots(self, "carried")?;
                let n = match slots(self, "xs")?.first() {
                    Some(Slot::Tensor(t)) => self.meta(*t)?.sizes.first().copied(),
                    _ => None,
                }
                .ok_or("scan over no tensor, or a 0-dim one")?;
                let out = slots(self, "out")?;
                let (carry, ys) = out.split_at(init.len().min(out.len()));
                for (k, (c, b)) in init.iter().zip(carry).enumerate() {
                    self.consistent(("init", "carry"), k, *c, *b)?;
                }
                let mut result = carry.to_vec();
                for &y in ys {
                    result.push(match y {
                        Slot::Empty => Slot::Empty,
                        y => self.batched(y, n, true)?,
                    });
                }
                result
            }
            None => slots(self, "xs")?
                .into_iter()
                .map(|s| self.first_slice(s))
                .collect::<Result<_, _>>()?,
        };
        self.set_outputs(graph, i, &out)
    }

    fn meta(&self, t: TensorId) -> Result<&TensorMeta, String> {
        self.mode.meta(t).map_err(|e| e.to_string())
    }

    /// Dispatch `op` on `args` for its one tensor result.
    pub(crate) fn call(&mut self, op: &str, args: &[Value<'_>]) -> Result<TensorId, String> {
        match self
            .mode
            .dispatch_named(op, args)
            .map_err(|e| e.to_string())?
            .first()
        {
            Some(Output::Tensor(t)) => Ok(*t),
            _ => Err(format!("{op} gave no tensor")),
        }
    }

    fn fresh_int(&mut self) -> Result<Slot, String> {
        let env = self.mode.env_mut();
        Ok(Slot::Int(env.create_unbacked(false, "while_loop")))
    }

    /// `first_slice_copy(t)`: `select(t, 0, 0)` copied contiguous, or
    /// zeros of the slice's sizes for an empty batch.
    fn first_slice(&mut self, s: Slot) -> Result<Slot, String> {
        let Slot::Tensor(t) = s else {
            return Err("a mapped or scanned value that is not a tensor".into());
        };
        let m = self.meta(t)?.clone();
        let Some(&n) = m.sizes.first() else {
            return Err("the first slice of a 0-dim tensor".into());
        };
        let env = self.mode.env_mut();
        let empty = env.eq(n, SymInt::Int(0)).map_err(|e| e.to_string())?;
        if env
            .guard_bool(empty, "first_slice_copy")
            .map_err(|e| e.to_string())?
        {
            let t = self
                .mode
                .empty(&m.sizes[1..], m.dtype, m.device)
                .map_err(|e| e.to_string())?;
            return Ok(Slot::Tensor(t));
        }
        let row = self.call(
            "aten::select.int",
            &[
                Value::Tensor(t),
                Value::Int(SymInt::Int(0)),
                Value::Int(SymInt::Int(0)),
            ],
        )?;
        let copy = self.call(
            "aten::clone",
            &[
                Value::Tensor(row),
                Value::MemoryFormat(MemoryFormat::Contiguous),
            ],
        )?;
        Ok(Slot::Tensor(copy))
    }

    /// `t` along a new leading dim of length `n`, copied contiguous:
    /// `t.unsqueeze(0).expand(n, *t.shape)` (`map_impl`'s outputs) or,
    /// with `repeat`, `t.unsqueeze(0).repeat(n, 1, ...)` (`scan`'s
    /// `stack_y`), then `.clone(contiguous_format)`.
    fn batched(&mut self, s: Slot, n: SymInt, repeat: bool) -> Result<Slot, String> {
        let Slot::Tensor(t) = s else {
            return Err("the subgraph returned a value that is not a tensor".into());
        };
        let u = self.call(
            "aten::unsqueeze",
            &[Value::Tensor(t), Value::Int(SymInt::Int(0))],
        )?;
        let mut sizes = vec![n];
        let b = if repeat {
            sizes.resize(self.meta(t)?.dim() + 1, SymInt::Int(1));
            self.call("aten::repeat", &[Value::Tensor(u), Value::Ints(&sizes)])?
        } else {
            sizes.extend(self.meta(t)?.sizes.iter().copied());
            let args = [Value::Tensor(u), Value::Ints(&sizes), Value::Bool(false)];
            self.call("aten::expand", &args)?
        };
        let c = self.call(
            "aten::clone",
            &[
                Value::Tensor(b),
                Value::MemoryFormat(MemoryFormat::Contiguous),
            ],
        )?;
        Ok(Slot::Tensor(c))
    }

    /// `check_meta_consistency` of a carried value and the body's output
    /// `k` (named as `names` says): the same kind, and for tensors the
    /// same sizes and dtype.
    fn consistent(
        &mut self,
        names: (&str, &str),
        k: usize,
        carried: Slot,
        body: Slot,
    ) -> Result<(), String> {
        let (lhs, rhs) = names;
        match (carried, body) {
            (Slot::Tensor(a), Slot::Tensor(b)) => {
                let (a, b) = (self.meta(a)?.clone(), self.meta(b)?.clone());
                if a.dtype != b.dtype || a.sizes.len() != b.sizes.len() {
                    return Err(format!("{lhs}[{k}] and {rhs}[{k}] differ in dtype or rank"));
                }
                let env = self.mode.env_mut();
                for (&x, &y) in a.sizes.iter().zip(&b.sizes) {
                    if !env.provably_equal(x, y).map_err(|e| e.to_string())? {
                        return Err(format!(
                            "{lhs}[{k}] and {rhs}[{k}] differ in shape: {} vs {}",
                            fake_runtime::shape::display_dims(env, &a.sizes),
                            fake_runtime::shape::display_dims(env, &b.sizes)
                        ));
                    }
                }
                Ok(())
            }
            (Slot::Int(_), Slot::Int(_))
            | (Slot::Bool(_), Slot::Bool(_))
            | (Slot::Float(_), Slot::Float(_)) => Ok(()),
            _ => Err(format!("{lhs}[{k}] and {rhs}[{k}] are of different kinds")),
        }
    }

    /// `_merge_output` of two branch outputs.
    fn merge(&mut self, a: Slot, b: Slot) -> Result<Slot, String> {
        let (a, b) = match (a, b) {
            (Slot::Int(SymInt::Int(x)), Slot::Int(SymInt::Int(y))) => {
                if x == y {
                    return Ok(Slot::Int(SymInt::Int(x)));
                }
                let env = self.mode.env_mut();
                let u = env.create_unbacked(false, "cond");
                env.constrain_range(u, Some(x.min(y)), Some(x.max(y)), "cond")
                    .map_err(|e| e.to_string())?;
                return Ok(Slot::Int(u));
            }
            (Slot::Empty, Slot::Empty) => return Ok(Slot::Empty),
            (Slot::Tensor(a), Slot::Tensor(b)) => (self.meta(a)?.clone(), self.meta(b)?.clone()),
            _ => return Err("cond's branches return values of different kinds".into()),
        };
        let prefix = "When merging two branches' output in torch.cond, ";
        if a.dtype != b.dtype {
            return Err(format!(
                "{prefix}expected same dtype but got {} and {}.",
                a.dtype, b.dtype
            ));
        }
        if a.device != b.device {
            return Err(format!(
                "{prefix}expected same device but got {} and {}.",
                a.device, b.device
            ));
        }
        if a.dim() != b.dim() {
            return Err(format!(
                "{prefix}expected same dim but got {} and {}.",
                a.dim(),
                b.dim()
            ));
        }
        let env = self.mode.env_mut();
        if !env
            .provably_equal(a.storage_offset, b.storage_offset)
            .map_err(|e| e.to_string())?
        {
            return Err(format!("{prefix}expected same storage_offset."));
        }
        let mut sizes = Vec::with_capacity(a.dim());
        let mut changed = false;
        for (&x, &y) in a.sizes.iter().zip(&b.sizes) {
            // The same expression with no unbacked symbol (whose hint is
            // unknown) is kept.
            let backed = env.size_hint(x).map_err(|e| e.to_string())?.is_some();
            if x == y && backed {
                sizes.push(x);
                continue;
            }
            changed = true;
            let (rx, ry) = (
                env.value_range(x).map_err(|e| e.to_string())?,
                env.value_range(y).map_err(|e| e.to_string())?,
            );
            let lo = match (rx.lo(), ry.lo()) {
                (Some(p), Some(q)) => Some(p.min(q)),
                _ => None,
            };
            let hi = match (rx.hi(), ry.hi()) {
                (Some(p), Some(q)) => Some(p.max(q)),
                _ => None,
            };
            let u = env.create_unbacked(false, "cond");
            env.constrain_range(u, lo, hi, "cond")
                .map_err(|e| e.to_string())?;
            sizes.push(u);
        }
        let strides = if !changed && a.strides == b.strides {
            a.strides.clone()
        } else {
            self.bound_strides(&a, &b, &sizes)?
        };
        let meta = TensorMeta {
            sizes: sizes.into_iter().collect(),
            strides,
            storage_offset: SymInt::Int(0),
            dtype: a.dtype,
            device: a.device,
            layout: a.layout,
            requires_grad: false,
            wrapped_number: false,
        };
        Ok(Slot::Tensor(self.mode.add_tensor(meta, None, false)))
    }

    /// `_bound_stride`: the merged strides, accumulated over the merged
    /// sizes in the branches' common stride order (ascending stride, ties
    /// broken by descending dim); a zero stride stays zero. Branches whose
    /// orders differ, or whose strides are not accumulations of their
    /// sizes (a slice), are refused as PyTorch refuses them.
    fn bound_strides(
        &mut self,
        a: &TensorMeta,
        b: &TensorMeta,
        merged: &[SymInt],
    ) -> Result<fake_runtime::shape::Dims, String> {
        let env = self.mode.env_mut();
        let hint = |env: &mut fake_runtime::ShapeEnv, v: SymInt| -> Result<i64, String> {
            env.size_hint(v)
                .map_err(|e| e.to_string())?
                .ok_or_else(|| "a stride of cond's output depends on data".to_string())
        };
        let mut order = |m: &TensorMeta| -> Result<Vec<usize>, String> {
            let mut keyed = Vec::with_capacity(m.dim());
            for d in 0..m.dim() {
                keyed.push((hint(env, m.strides[d])?, std::cmp::Reverse(d), d));
            }
            keyed.sort();
            Ok(keyed.into_iter().map(|(_, _, d)| d).collect())
        };
        let (oa, ob) = (order(a)?, order(b)?);
        if oa != ob {
            return Err(format!(
                "The sorted order of strides of the two branches' output doesn't match. True branch has stride {} but false branch has stride {}.",
                fake_runtime::shape::display_dims(env, &a.strides),
                fake_runtime::shape::display_dims(env, &b.strides)
            ));
        }
        // Stride values (at the hints) to their merged expression, as
        // PyTorch's `a_stride_expr`.
        let mut known: Vec<(i64, SymInt)> = Vec::new();
        let mut out = vec![SymInt::Int(0); a.dim()];
        for &d in &oa {
            let (va, vb) = (hint(env, a.strides[d])?, hint(env, b.strides[d])?);
            if va == 0 {
                if vb != 0 {
                    return Err("cond's branches differ in a zero stride".into());
                }
                continue;
            }
            out[d] = match known.iter().find(|(v, _)| *v == va) {
                Some((_, e)) => *e,
                None if va == 1 && vb == 1 => SymInt::Int(1),
                None => {
                    return Err(format!(
                        "It seems one of cond's output stride is not a simple accumulative multiplication of sizes. True branch has stride {} and false branch has stride {}. Hint: can call t.contiguous().",
                        fake_runtime::shape::display_dims(env, &a.strides),
                        fake_runtime::shape::display_dims(env, &b.strides)
                    ));
                }
            };
            let next = env.mul(out[d], merged[d]).map_err(|e| e.to_string())?;
            let size = hint(env, a.sizes[d])?;
            known.push((va * size, next));
            known.push((va * size.max(1), next));
        }
        Ok(out.into_iter().collect())
    }
}
