//! Pruning `Min`/`Max` arguments that the symbols' ranges order, and
//! carrying out floor divisions that are exact: the form in which two
//! expressions that are equal over the ranges become the same expression
//! (`Min(s0, s0*s1)` with `s1 >= 1` is `s0`; `(2*s0**2)//s0` with `s0 >= 2`
//! is `2*s0`). Construction keeps both, as sympy does (PyTorch prints them
//! and guards on them); comparisons that ask "equal for every allowed
//! value?" prune first.

use super::arena::ExprArena;
use super::expr::{Args, Node};
use super::{ExprId, RelOp};
use crate::error::Result;
use rustc_hash::FxHashMap;
use smallvec::SmallVec;

impl ExprArena {
    /// `id` with every `Min`/`Max` argument dropped that another argument
    /// bounds for all values in the ranges (decided by
    /// [`ExprArena::decide_by_ranges`], PyTorch's reallocation included),
    /// and every floor division whose divisor divides its dividend as a
    /// polynomial replaced by the quotient.
    pub fn prune_extrema(&mut self, id: ExprId) -> Result<ExprId> {
        let mut memo = FxHashMap::default();
        self.subst_memo(id, &mut |_| None, true, &mut memo)
    }

    /// `a // b` when `b` is never zero and divides `a` as a polynomial with
    /// integer coefficients: then `a / b` is that quotient, an integer, at
    /// every value (`(2*s0**2)//s0` is `2*s0`).
    pub(crate) fn exact_quotient(&mut self, a: ExprId, b: ExprId) -> Option<ExprId> {
        if !self.known_nonzero(b) {
            return None;
        }
        let (pa, pb) = (self.poly(a), self.poly(b));
        let q = self.poly_div_exact(&pa, &pb)?;
        Some(self.intern_poly(q))
    }

    /// The arguments of a `Max` (`is_max`) or `Min` without those another
    /// one always bounds: `x` goes when a kept-or-later `y` is always at
    /// least (`Max`) or at most (`Min`) `x`.
    pub(crate) fn ordered_out(&mut self, args: Args, is_max: bool) -> Result<Args> {
        let mut kept = Args::new();
        for (i, &x) in args.iter().enumerate() {
            let mut dominated = false;
            for (j, &y) in args.iter().enumerate() {
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
            kept.push(args[0]);
        }
        Ok(kept)
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
}
