//! Walks over an expression: the symbols it mentions, substitution
//! (replacements, hints as constants) and evaluation at given values.

use super::*;

impl ExprArena {
    /// Every symbol `id` mentions, in ascending order.
    pub fn free_symbols(&self, id: ExprId) -> Vec<Symbol> {
        let mut out = Vec::new();
        self.collect_symbols(id, &mut out);
        out.sort();
        out.dedup();
        out
    }

    /// True when every symbol `id` mentions is backed and was made before
    /// the first `count` symbols were (walks without allocating).
    pub fn only_backed_symbols_below(&self, id: ExprId, count: usize) -> bool {
        // The summary answers without walking the expression.
        self.summaries
            .get(id.0 as usize)
            .is_some_and(|s| !s.unbacked && (s.symbols_end as usize) <= count)
    }

    fn collect_symbols(&self, id: ExprId, out: &mut Vec<Symbol>) {
        match self.node(id) {
            Node::Int(_) | Node::Bool(_) => {}
            Node::Symbol(s) => out.push(*s),
            Node::Sum { terms, .. } => {
                for (m, _) in terms {
                    for &(a, _) in m {
                        self.collect_symbols(a, out);
                    }
                }
            }
            Node::FloorDiv(a, b) | Node::Mod(a, b) => {
                self.collect_symbols(*a, out);
                self.collect_symbols(*b, out);
            }
            Node::Rel(_, p) | Node::TruncScaled(_, p) => self.collect_symbols(*p, out),
            Node::Max(args) | Node::Min(args) | Node::And(args) | Node::Or(args) => {
                for &a in args {
                    self.collect_symbols(a, out);
                }
            }
        }
    }

    /// Rebuild `id` with every symbol `s` for which `f(s)` is `Some(e)`
    /// replaced by `e`, re-canonicalising on the way up.
    pub fn subst(
        &mut self,
        id: ExprId,
        f: &mut dyn FnMut(Symbol) -> Option<ExprId>,
    ) -> Result<ExprId> {
        let mut memo = FxHashMap::default();
        self.subst_memo(id, f, false, &mut memo)
    }

    /// Rebuild `id` bottom-up with the canonicalising constructors, each
    /// symbol replaced by `f`'s answer (when it has one), and, with
    /// `prune`, `Min`/`Max` arguments the ranges order dropped and exact
    /// divisions carried out ([`ExprArena::prune_extrema`]).
    pub(crate) fn subst_memo(
        &mut self,
        id: ExprId,
        f: &mut dyn FnMut(Symbol) -> Option<ExprId>,
        prune: bool,
        memo: &mut FxHashMap<ExprId, ExprId>,
    ) -> Result<ExprId> {
        if let Some(&done) = memo.get(&id) {
            return Ok(done);
        }
        let out = match self.node(id).clone() {
            Node::Int(_) | Node::Bool(_) => id,
            Node::Symbol(s) => f(s).unwrap_or(id),
            Node::Sum { constant, terms } => {
                let mut acc = self.int(constant);
                for (m, c) in terms {
                    let mut t = self.int(c);
                    for (atom, pow) in m {
                        let a = self.subst_memo(atom, f, prune, memo)?;
                        for _ in 0..pow {
                            t = self.mul(t, a)?;
                        }
                    }
                    acc = self.add(acc, t)?;
                }
                acc
            }
            Node::FloorDiv(a, b) => {
                let (a, b) = (
                    self.subst_memo(a, f, prune, memo)?,
                    self.subst_memo(b, f, prune, memo)?,
                );
                match prune.then(|| self.exact_quotient(a, b)).flatten() {
                    Some(q) => q,
                    None => self.floordiv(a, b)?,
                }
            }
            Node::Mod(a, b) => {
                let (a, b) = (
                    self.subst_memo(a, f, prune, memo)?,
                    self.subst_memo(b, f, prune, memo)?,
                );
                self.modulo(a, b)?
            }
            Node::TruncScaled(scale, a) => {
                let a = self.subst_memo(a, f, prune, memo)?;
                self.trunc_scaled(f64::from_bits(scale), a)?
            }
            Node::Max(args) | Node::Min(args) => {
                let is_max = matches!(self.node(id), Node::Max(_));
                let mut new = Args::new();
                for a in args {
                    new.push(self.subst_memo(a, f, prune, memo)?);
                }
                if prune {
                    new = self.ordered_out(new, is_max)?;
                }
                if is_max {
                    self.max(&new)?
                } else {
                    self.min(&new)?
                }
            }
            Node::Rel(op, p) => {
                let p = self.subst_memo(p, f, prune, memo)?;
                let zero = self.int(0);
                self.rel(op, p, zero)?
            }
            Node::And(args) | Node::Or(args) => {
                let is_and = matches!(self.node(id), Node::And(_));
                let mut new = Args::new();
                for a in args {
                    new.push(self.subst_memo(a, f, prune, memo)?);
                }
                if is_and {
                    self.and(&new)
                } else {
                    self.or(&new)
                }
            }
        };
        memo.insert(id, out);
        Ok(out)
    }

    /// The value of `id` when every symbol has the value `value(s)`;
    /// `Ok(None)` when some symbol it needs has none. Booleans are 0 or 1.
    /// Computed in 128 bits, as Python's integers would not overflow where
    /// a canonical form multiplies what the original divided first
    /// (`(a // b) // c` is `a // (b*c)`): an error only when the value
    /// itself, or a step past 128 bits, does not fit.
    pub fn eval(&self, id: ExprId, value: &dyn Fn(Symbol) -> Option<i64>) -> Result<Option<i64>> {
        match self.eval_wide(id, value)? {
            None => Ok(None),
            Some(v) => i64::try_from(v).map(Some).map_err(|_| {
                Error::from(ErrorKind::Overflow {
                    op: "evaluation",
                    lhs: v.to_string(),
                    rhs: i64::MAX.to_string(),
                })
            }),
        }
    }

    /// [`Self::eval`] in 128 bits.
    fn eval_wide(&self, id: ExprId, value: &dyn Fn(Symbol) -> Option<i64>) -> Result<Option<i128>> {
        let ov = |op: &'static str, a: i128, b: i128| {
            Error::from(ErrorKind::Overflow {
                op,
                lhs: a.to_string(),
                rhs: b.to_string(),
            })
        };
        let dz = |op: &'static str, a: i128, b: i128| {
            Error::from(ErrorKind::DivisionByZero {
                op,
                lhs: a.to_string(),
                rhs: b.to_string(),
            })
        };
        macro_rules! get {
            ($e:expr) => {
                match self.eval_wide($e, value)? {
                    Some(v) => v,
                    None => return Ok(None),
                }
            };
        }
        Ok(Some(match self.node(id) {
            Node::Int(v) => i128::from(*v),
            Node::Bool(b) => i128::from(*b),
            Node::Symbol(s) => match value(*s) {
                Some(v) => i128::from(v),
                None => return Ok(None),
            },
            Node::Sum { constant, terms } => {
                let mut acc = i128::from(*constant);
                for (m, c) in terms {
                    let mut t = i128::from(*c);
                    for &(atom, pow) in m {
                        let a = get!(atom);
                        for _ in 0..pow {
                            t = t.checked_mul(a).ok_or_else(|| ov("*", t, a))?;
                        }
                    }
                    acc = acc.checked_add(t).ok_or_else(|| ov("+", acc, t))?;
                }
                acc
            }
            Node::FloorDiv(a, b) => {
                let (a, b) = (get!(*a), get!(*b));
                if b == 0 {
                    return Err(dz("//", a, b));
                }
                crate::sym::expr::wide_floor_div(a, b).ok_or_else(|| ov("//", a, b))?
            }
            Node::Mod(a, b) => {
                let (a, b) = (get!(*a), get!(*b));
                if b == 0 {
                    return Err(dz("%", a, b));
                }
                crate::sym::expr::wide_py_mod(a, b).ok_or_else(|| ov("%", a, b))?
            }
            Node::Max(args) | Node::Min(args) => {
                let is_max = matches!(self.node(id), Node::Max(_));
                let mut acc: Option<i128> = None;
                for &a in args {
                    let v = get!(a);
                    acc = Some(match acc {
                        None => v,
                        Some(x) if is_max => x.max(v),
                        Some(x) => x.min(v),
                    });
                }
                acc.unwrap_or(0)
            }
            Node::Rel(op, p) => i128::from(op.holds(get!(*p).cmp(&0))),
            Node::TruncScaled(scale, a) => {
                let a = get!(*a);
                let c = f64::from_bits(*scale);
                let overflow = || {
                    Error::from(ErrorKind::Overflow {
                        op: "TruncToInt",
                        lhs: crate::sym::float::sympy_float(c),
                        rhs: a.to_string(),
                    })
                };
                let a = i64::try_from(a).map_err(|_| overflow())?;
                i128::from(crate::sym::division::trunc_scaled_value(c, a).ok_or_else(overflow)?)
            }
            Node::And(args) => {
                let mut all = true;
                for &a in args {
                    all &= get!(a) != 0;
                }
                i128::from(all)
            }
            Node::Or(args) => {
                let mut any = false;
                for &a in args {
                    any |= get!(a) != 0;
                }
                i128::from(any)
            }
        }))
    }
}
