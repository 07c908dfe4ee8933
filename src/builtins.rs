//! The nodes of exported graphs that are not tensor operators: SymInt,
//! SymFloat and SymBool arithmetic (`_operator.add`, `_operator.truediv`,
//! `torch.sym_float`, `torch._sym_sqrt`, `math.sqrt`, `torch.sym_ite`,
//! comparisons) and the size queries (`sym_size`, `sym_stride`,
//! `sym_numel`, `sym_storage_offset`) when the registry lacks them. They
//! run on the ShapeEnv directly. Also the inner tensors of tensor-subclass
//! parameters (`export::access_subclass_inner_tensor`), which the program
//! holds as it holds parameters.
//!
//! Python's rules for mixed operands hold: an operation with a float
//! operand is a float operation (`s0 * 0.5` is `ToFloat(s0)*0.5`), `/` is
//! always true division, `**` of integers with a non-negative static
//! exponent stays an integer.

use crate::graph::{Arg, Graph, NodeOutput, SymIntArg};
use crate::prop::{Propagation, Slot};
use fake_runtime::sym::RelOp;
use fake_runtime::sym::float::{FloatFn, FloatOp};
use fake_runtime::{ShapeEnv, SymBool, SymFloat, SymInt, TensorId};

/// A built-in node.
#[derive(Debug, Clone)]
pub(crate) enum Builtin {
    SymSize,
    SymStride,
    SymNumel,
    SymStorageOffset,
    /// Integer arithmetic, and the float operation for float operands
    /// (`None`: no float counterpart, as `//` and `%` here).
    Binary(
        fn(&mut ShapeEnv, SymInt, SymInt) -> fake_runtime::Result<SymInt>,
        Option<FloatOp>,
    ),
    TrueDiv,
    Pow,
    Compare(RelOp, bool),
    Neg,
    ToFloat,
    FloatFn(FloatFn),
    SymIte,
    Not,
    /// `+x`.
    Pos,
    /// `and_` / `or_` of two SymBools (`true`: `and`).
    Logic(bool),
    /// `<<` / `>>` of integers (`true`: left), a static shift.
    Shift(bool),
    /// `math.trunc` / `torch.sym_int`: a float to an integer, toward zero.
    Trunc,
    /// A custom operator with no kernel whose results the program records
    /// as nothing (one that only writes to its arguments): nothing to
    /// compute, no metadata changes.
    Writes,
    /// An inlined higher-order operator's node (`None`: the first slices
    /// of a `map_impl` or a `scan`).
    Hop(Option<crate::hop::Hop>),
    /// `export::access_subclass_inner_tensor(subclass, attr)`: an inner
    /// tensor of a tensor-subclass parameter (a quantized weight's
    /// `qdata`, `scale`), which the program holds as it holds parameters:
    /// made from its recorded metadata, as a placeholder is.
    SubclassInner,
}

/// The built-in for a node's target, if it is one.
pub(crate) fn builtin(target: &str, op: Option<&str>) -> Option<Builtin> {
    let name = op.map(|o| o.strip_suffix(".default").unwrap_or(o));
    if let Some(h) = crate::hop::Hop::of(target) {
        return Some(Builtin::Hop(Some(h)));
    }
    Some(match (target, name) {
        (crate::hop::FIRST_SLICES, _) => Builtin::Hop(None),
        (_, Some("aten::sym_size.int")) => Builtin::SymSize,
        (_, Some("aten::sym_stride.int")) => Builtin::SymStride,
        (_, Some("aten::sym_numel")) => Builtin::SymNumel,
        (_, Some("aten::sym_storage_offset")) => Builtin::SymStorageOffset,
        (_, Some("export::access_subclass_inner_tensor")) => Builtin::SubclassInner,
        ("_operator.add", _) => Builtin::Binary(ShapeEnv::add, Some(FloatOp::Add)),
        ("_operator.sub", _) => Builtin::Binary(ShapeEnv::sub, Some(FloatOp::Sub)),
        ("_operator.mul", _) => Builtin::Binary(ShapeEnv::mul, Some(FloatOp::Mul)),
        ("_operator.floordiv", _) => Builtin::Binary(ShapeEnv::floordiv, None),
        ("_operator.mod", _) => Builtin::Binary(ShapeEnv::modulo, None),
        ("_operator.truediv", _) => Builtin::TrueDiv,
        ("_operator.pow", _) => Builtin::Pow,
        ("torch.sym_max", _) => Builtin::Binary(ShapeEnv::max, None),
        ("torch.sym_min", _) => Builtin::Binary(ShapeEnv::min, None),
        ("_operator.neg", _) => Builtin::Neg,
        ("_operator.eq", _) => Builtin::Compare(RelOp::Eq, false),
        ("_operator.ne", _) => Builtin::Compare(RelOp::Ne, false),
        ("_operator.lt", _) => Builtin::Compare(RelOp::Lt, false),
        ("_operator.le", _) => Builtin::Compare(RelOp::Le, false),
        ("_operator.gt", _) => Builtin::Compare(RelOp::Lt, true),
        ("_operator.ge", _) => Builtin::Compare(RelOp::Le, true),
        ("torch.sym_float", _) => Builtin::ToFloat,
        ("torch.sym_ite", _) => Builtin::SymIte,
        ("torch.sym_not" | "_operator.not_", _) => Builtin::Not,
        ("_operator.pos", _) => Builtin::Pos,
        ("_operator.and_", _) => Builtin::Logic(true),
        ("_operator.or_", _) => Builtin::Logic(false),
        ("_operator.lshift", _) => Builtin::Shift(true),
        ("_operator.rshift", _) => Builtin::Shift(false),
        ("math.trunc" | "torch.sym_int", _) => Builtin::Trunc,
        ("torch.sym_sqrt", _) => Builtin::FloatFn(FloatFn::Sqrt),
        (t, _) => {
            let f = t
                .strip_prefix("torch._sym_")
                .or_else(|| t.strip_prefix("math."))?;
            Builtin::FloatFn(FloatFn::from_name(f)?)
        }
    })
}

/// A number argument: an integer or a float.
#[derive(Debug, Clone, Copy)]
enum Num {
    Int(SymInt),
    Float(SymFloat),
}

impl Propagation {
    /// [`Builtin::SubclassInner`]: the node's tensor from its recorded
    /// metadata, a new input of the mode.
    fn subclass_inner(&mut self, graph: &Graph, i: usize) -> Result<(), String> {
        let node = &graph.nodes[i];
        let Some(NodeOutput::Tensor(v)) = node.outputs.first() else {
            return Err(format!("result recorded as {:?}", node.outputs.first()));
        };
        let info = graph.value(*v);
        let crate::graph::Recorded::Tensor(meta) = &info.recorded else {
            return Err("the inner tensor's metadata is not recorded".into());
        };
        let t = self
            .tensor_from_recorded(*v, &info.name, meta, true, "subclass inner tensor")
            .map_err(|e| e.to_string())?;
        self.slots[v.0 as usize] = Slot::Tensor(t);
        Ok(())
    }

    /// Argument `k` of `node` as a number.
    fn num_arg(&self, graph: &Graph, i: usize, k: usize) -> Result<Num, String> {
        match graph.nodes[i].args.get(k).map(|(_, a)| a) {
            Some(Arg::Int(v)) => Ok(Num::Int(SymInt::Int(*v))),
            Some(Arg::SymInt(s)) => self.int_of(*s).map(Num::Int),
            Some(Arg::Float(f)) => Ok(Num::Float(SymFloat::Const(*f))),
            Some(Arg::SymFloat(v)) => match self.slot(*v) {
                Slot::Float(f) => Ok(Num::Float(f)),
                _ => Err(format!("argument {k} is not a float")),
            },
            Some(Arg::Bool(b)) => Ok(Num::Int(SymInt::Int(i64::from(*b)))),
            Some(other) => Err(format!("argument {k} is {}, not a number", kind(other))),
            None => Err(format!("argument {k} is missing")),
        }
    }

    /// A comparison with an integer constant beyond 64 bits (a range
    /// check's bound, such as `u1 <= 4 * (2**63 - 2)`), decided: every
    /// other operand is a 64-bit integer. `None` when neither operand is
    /// such a constant.
    fn compare_wide(
        &self,
        graph: &Graph,
        i: usize,
        op: RelOp,
        flip: bool,
    ) -> Result<Option<bool>, String> {
        let wide = |k: usize| match graph.nodes[i].args.get(k).map(|(_, a)| a) {
            Some(Arg::WideInt(v)) => Some(*v),
            _ => None,
        };
        let (a, c) = (wide(0), wide(1));
        if a.is_none() && c.is_none() {
            return Ok(None);
        }
        // Each side a known integer, or an expression (within 64 bits,
        // so on the near side of the other, wide, operand).
        let side = |k: usize| -> Result<Option<i128>, String> {
            if let Some(v) = wide(k) {
                return Ok(Some(v));
            }
            match self.num_arg(graph, i, k)? {
                Num::Int(SymInt::Int(v)) => Ok(Some(i128::from(v))),
                Num::Int(SymInt::Expr(_)) => Ok(None),
                Num::Float(_) => Err(format!("argument {k} is a float, not an integer")),
            }
        };
        let (l, r) = (side(0)?, side(1)?);
        let (l, r) = if flip { (r, l) } else { (l, r) };
        Ok(crate::export::schema::relation_beyond_64_bits(op, l, r))
    }

    /// Argument `k` as a float (integers converted, as Python does).
    fn float_of(&mut self, n: Num) -> Result<SymFloat, String> {
        match n {
            Num::Float(f) => Ok(f),
            Num::Int(v) => self.mode.env_mut().sym_float(v).map_err(|e| e.to_string()),
        }
    }

    fn bool_arg(&self, graph: &Graph, i: usize, k: usize) -> Result<SymBool, String> {
        match graph.nodes[i].args.get(k).map(|(_, a)| a) {
            Some(Arg::Bool(b)) => Ok(SymBool::Bool(*b)),
            Some(Arg::SymBool(v)) => match self.slot(*v) {
                Slot::Bool(b) => Ok(b),
                _ => Err(format!("argument {k} is not a bool")),
            },
            Some(other) => Err(format!("argument {k} is {}, not a bool", kind(other))),
            None => Err(format!("argument {k} is missing")),
        }
    }

    /// Run built-in `b` at node `i`.
    pub(crate) fn run_builtin(
        &mut self,
        graph: &Graph,
        i: usize,
        b: &Builtin,
    ) -> Result<(), String> {
        let node = &graph.nodes[i];
        let int_arg = |p: &Self, k: usize| -> Result<SymInt, String> {
            match p.num_arg(graph, i, k)? {
                Num::Int(v) => Ok(v),
                Num::Float(_) => Err(format!("argument {k} is a float, not an integer")),
            }
        };
        let tensor_arg = |p: &Self| -> Result<TensorId, String> {
            match node.args.first().map(|(_, a)| a) {
                Some(Arg::Tensor(v)) => p.tensor_of(*v),
                Some(other) => Err(format!("argument 0 is {}, not a tensor", kind(other))),
                None => Err("argument 0 is missing".into()),
            }
        };
        let dim_of = |p: &Self, t: TensorId| -> Result<usize, String> {
            let rank = p.mode.meta(t).map_err(|e| e.to_string())?.dim() as i64;
            let d = match int_arg(p, 1)? {
                SymInt::Int(d) => d,
                _ => return Err("a symbolic dim".into()),
            };
            let w = if d < 0 { d + rank } else { d };
            if (0..rank).contains(&w) {
                Ok(w as usize)
            } else {
                Err(format!("dim {d} out of range for rank {rank}"))
            }
        };
        let err = |e: fake_runtime::Error| e.to_string();
        let out = match b {
            Builtin::Hop(h) => return self.run_hop(graph, i, *h),
            Builtin::Writes => return Ok(()),
            Builtin::SubclassInner => {
                tensor_arg(self)?;
                return self.subclass_inner(graph, i);
            }
            Builtin::SymSize | Builtin::SymStride => {
                let t = tensor_arg(self)?;
                let d = dim_of(self, t)?;
                let m = self.mode.meta(t).map_err(err)?;
                Slot::Int(if matches!(b, Builtin::SymSize) {
                    m.sizes[d]
                } else {
                    m.strides[d]
                })
            }
            Builtin::SymNumel => {
                let t = tensor_arg(self)?;
                let m = self.mode.meta(t).map_err(err)?.clone();
                Slot::Int(m.numel(self.mode.env_mut()).map_err(err)?)
            }
            Builtin::SymStorageOffset => {
                let t = tensor_arg(self)?;
                Slot::Int(self.mode.meta(t).map_err(err)?.storage_offset)
            }
            Builtin::Binary(f, fop) => {
                match (self.num_arg(graph, i, 0)?, self.num_arg(graph, i, 1)?, fop) {
                    (Num::Int(a), Num::Int(c), _) => {
                        Slot::Int(f(self.mode.env_mut(), a, c).map_err(err)?)
                    }
                    (a, c, Some(op)) => {
                        let (a, c) = (self.float_of(a)?, self.float_of(c)?);
                        Slot::Float(self.mode.env_mut().float_op(*op, a, c).map_err(err)?)
                    }
                    (_, _, None) => {
                        return Err(format!("{}: float operands are not supported", node.target));
                    }
                }
            }
            Builtin::TrueDiv => match (self.num_arg(graph, i, 0)?, self.num_arg(graph, i, 1)?) {
                (Num::Int(a), Num::Int(c)) => {
                    Slot::Float(self.mode.env_mut().int_truediv(a, c).map_err(err)?)
                }
                (a, c) => {
                    let (a, c) = (self.float_of(a)?, self.float_of(c)?);
                    let env = self.mode.env_mut();
                    Slot::Float(env.float_op(FloatOp::Div, a, c).map_err(err)?)
                }
            },
            Builtin::Pow => match (self.num_arg(graph, i, 0)?, self.num_arg(graph, i, 1)?) {
                (Num::Int(a), Num::Int(SymInt::Int(k))) if k >= 0 => {
                    let env = self.mode.env_mut();
                    let mut acc = SymInt::Int(1);
                    for _ in 0..k.min(64) {
                        acc = env.mul(acc, a).map_err(err)?;
                    }
                    if k > 64 {
                        return Err(format!("an integer power of exponent {k}"));
                    }
                    Slot::Int(acc)
                }
                (a, c) => {
                    let (a, c) = (self.float_of(a)?, self.float_of(c)?);
                    let env = self.mode.env_mut();
                    Slot::Float(env.float_op(FloatOp::Pow, a, c).map_err(err)?)
                }
            },
            Builtin::Neg => match self.num_arg(graph, i, 0)? {
                Num::Int(a) => Slot::Int(self.mode.env_mut().neg(a).map_err(err)?),
                Num::Float(f) => {
                    Slot::Float(self.mode.env_mut().float_fn(FloatFn::Neg, f).map_err(err)?)
                }
            },
            Builtin::ToFloat => {
                let a = self.num_arg(graph, i, 0)?;
                Slot::Float(self.float_of(a)?)
            }
            Builtin::FloatFn(f) => {
                let a = self.num_arg(graph, i, 0)?;
                let x = self.float_of(a)?;
                Slot::Float(self.mode.env_mut().float_fn(*f, x).map_err(err)?)
            }
            Builtin::Compare(op, flip) => {
                if let Some(b) = self.compare_wide(graph, i, *op, *flip)? {
                    Slot::Bool(SymBool::Bool(b))
                } else {
                    let a = int_arg(self, 0)?;
                    let c = int_arg(self, 1)?;
                    let (a, c) = if *flip { (c, a) } else { (a, c) };
                    Slot::Bool(self.mode.env_mut().compare(*op, a, c).map_err(err)?)
                }
            }
            Builtin::Pos => match self.num_arg(graph, i, 0)? {
                Num::Int(v) => Slot::Int(v),
                Num::Float(f) => Slot::Float(f),
            },
            Builtin::Logic(and) => {
                let (a, c) = (self.bool_arg(graph, i, 0)?, self.bool_arg(graph, i, 1)?);
                let env = self.mode.env_mut();
                Slot::Bool(if *and { env.and(a, c) } else { env.or(a, c) }.map_err(err)?)
            }
            Builtin::Shift(left) => {
                let a = int_arg(self, 0)?;
                let k = match int_arg(self, 1)? {
                    SymInt::Int(k) if (0..63).contains(&k) => k,
                    k => {
                        return Err(format!(
                            "a shift by {k:?}: only a static shift below 63 is modelled"
                        ));
                    }
                };
                let env = self.mode.env_mut();
                let p = SymInt::Int(1 << k);
                Slot::Int(
                    if *left {
                        env.mul(a, p)
                    } else {
                        env.floordiv(a, p)
                    }
                    .map_err(err)?,
                )
            }
            Builtin::Trunc => match self.num_arg(graph, i, 0)? {
                Num::Int(v) => Slot::Int(v),
                Num::Float(f) => Slot::Int(self.mode.env_mut().trunc_to_int(f).map_err(err)?),
            },
            Builtin::Not => {
                let c = self.bool_arg(graph, i, 0)?;
                Slot::Bool(self.mode.env_mut().not(c).map_err(err)?)
            }
            Builtin::SymIte => {
                let c = self.bool_arg(graph, i, 0)?;
                let (t, f) = (self.num_arg(graph, i, 1)?, self.num_arg(graph, i, 2)?);
                match (c, t, f) {
                    (SymBool::Bool(true), Num::Int(v), _)
                    | (SymBool::Bool(false), _, Num::Int(v)) => Slot::Int(v),
                    (SymBool::Bool(true), Num::Float(v), _)
                    | (SymBool::Bool(false), _, Num::Float(v)) => Slot::Float(v),
                    (c, Num::Int(SymInt::Int(1)), Num::Int(SymInt::Int(0))) => {
                        // sym_ite(b, 1, 0) of an unbacked bool `Eq(u, 1)`
                        // with u in [0, 1] is u itself.
                        Slot::Int(
                            self.mode.env().indicator_of(c).ok_or(
                                "sym_ite of a symbolic condition that is not a 0/1 indicator",
                            )?,
                        )
                    }
                    _ => return Err("sym_ite of a symbolic condition".into()),
                }
            }
        };
        match (node.outputs.first(), out) {
            (
                Some(
                    NodeOutput::SymInt(SymIntArg::Value(v))
                    | NodeOutput::SymBool(v)
                    | NodeOutput::SymFloat(v),
                ),
                out,
            ) => {
                self.slots[v.0 as usize] = out;
                Ok(())
            }
            (Some(NodeOutput::SymInt(SymIntArg::Int(_))), _) => Ok(()),
            (other, _) => Err(format!("result recorded as {other:?}")),
        }
    }
}

/// What an argument is, for messages (never its internal handles).
pub(crate) fn kind(a: &Arg) -> &'static str {
    match a {
        Arg::None => "None",
        Arg::Tensor(_) => "a tensor",
        Arg::Tensors(_) | Arg::OptTensors(_) => "a list of tensors",
        Arg::Int(_) | Arg::SymInt(_) => "an integer",
        Arg::WideInt(_) => "an integer beyond 64 bits",
        Arg::Float(_) | Arg::SymFloat(_) => "a float",
        Arg::Bool(_) | Arg::SymBool(_) => "a bool",
        _ => "another kind of value",
    }
}
