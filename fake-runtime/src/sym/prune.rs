//! Pruning `Min`/`Max` arguments that the symbols' ranges order: the form
//! in which two expressions that are equal over the ranges become the same
//! expression (`Min(s0, s0*s1)` with `s1 >= 1` is `s0`). Construction keeps
//! such arguments, as sympy does (PyTorch prints them); comparisons that
//! ask "equal for every allowed value?" prune first.

use super::arena::ExprArena;
use super::expr::{Args, Node};
use super::{ExprId, RelOp};
use crate::error::Result;
use rustc_hash::FxHashMap;
use smallvec::SmallVec;

impl ExprArena {
    /// `id` with every `Min`/`Max` argument dropped that another argument
    /// bounds for all values in the ranges (decided by
    /// [`ExprArena::decide_by_ranges`], PyTorch's reallocation included).
    pub fn prune_extrema(&mut self, id: ExprId) -> Result<ExprId> {
        let mut memo = FxHashMap::default();
        self.prune_memo(id, &mut memo)
    }

    /// True when `d >= 0` for every value in the ranges: by the ranges
    /// (with PyTorch's reallocation), or, for a sum without a constant
    /// whose terms share a nonnegative factor, when the sum with that
    /// factor taken out is (`s0*s1 - s0 = s0*(s1 - 1)`).
    fn nonnegative(&mut self, d: ExprId) -> Result<bool> {
        let zero = self.int(0);
        let c = self.rel(RelOp::Ge, d, zero)?;
        if self.decide_by_ranges(c) == Some(true) {
            return Ok(true);
        }
        let Node::Sum { constant: 0, terms } = self.node(d).clone() else {
            return Ok(false);
        };
        let Some((first, _)) = terms.first() else {
            return Ok(false);
        };
        let common: SmallVec<[ExprId; 4]> = first
            .iter()
            .map(|&(a, _)| a)
            .filter(|a| terms.iter().all(|(m, _)| m.iter().any(|(b, _)| b == a)))
            .filter(|&a| self.range(a).lo_raw() >= 0)
            .collect();
        let Some(&factor) = common.first() else {
            return Ok(false);
        };
        let mut rest = self.int(0);
        for (m, c) in terms {
            let mut t = self.int(c);
            for (atom, pow) in m {
                let pow = if atom == factor { pow - 1 } else { pow };
                for _ in 0..pow {
                    t = self.mul(t, atom)?;
                }
            }
            rest = self.add(rest, t)?;
        }
        self.nonnegative(rest)
    }

    fn prune_memo(&mut self, id: ExprId, memo: &mut FxHashMap<ExprId, ExprId>) -> Result<ExprId> {
        if let Some(&done) = memo.get(&id) {
            return Ok(done);
        }
        let out = match self.node(id).clone() {
            Node::Int(_) | Node::Bool(_) | Node::Symbol(_) => id,
            Node::Sum { constant, terms } => {
                let mut acc = self.int(constant);
                for (m, c) in terms {
                    let mut t = self.int(c);
                    for (atom, pow) in m {
                        let a = self.prune_memo(atom, memo)?;
                        for _ in 0..pow {
                            t = self.mul(t, a)?;
                        }
                    }
                    acc = self.add(acc, t)?;
                }
                acc
            }
            Node::FloorDiv(a, b) => {
                let (a, b) = (self.prune_memo(a, memo)?, self.prune_memo(b, memo)?);
                self.floordiv(a, b)?
            }
            Node::Mod(a, b) => {
                let (a, b) = (self.prune_memo(a, memo)?, self.prune_memo(b, memo)?);
                self.modulo(a, b)?
            }
            Node::Max(args) | Node::Min(args) => {
                let is_max = matches!(self.node(id), Node::Max(_));
                let mut new = Args::new();
                for a in args {
                    new.push(self.prune_memo(a, memo)?);
                }
                // Keep x unless some kept-or-later y is always at least
                // (Max) or at most (Min) x.
                let mut kept = Args::new();
                for (i, &x) in new.iter().enumerate() {
                    let mut dominated = false;
                    for (j, &y) in new.iter().enumerate() {
                        if i == j || (j < i && !kept.contains(&y)) {
                            continue;
                        }
                        // Max: y - x >= 0 drops x; Min: x - y >= 0 drops x.
                        let d = if is_max {
                            self.sub(y, x)?
                        } else {
                            self.sub(x, y)?
                        };
                        if self.nonnegative(d)? {
                            dominated = true;
                            break;
                        }
                    }
                    if !dominated {
                        kept.push(x);
                    }
                }
                if kept.is_empty() {
                    kept.push(new[0]);
                }
                if is_max {
                    self.max(&kept)?
                } else {
                    self.min(&kept)?
                }
            }
            Node::Rel(op, p) => {
                let p = self.prune_memo(p, memo)?;
                let zero = self.int(0);
                self.rel(op, p, zero)?
            }
            Node::And(args) | Node::Or(args) => {
                let is_and = matches!(self.node(id), Node::And(_));
                let mut new = Args::new();
                for a in args {
                    new.push(self.prune_memo(a, memo)?);
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
}
