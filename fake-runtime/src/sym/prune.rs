//! Pruning `Min`/`Max` arguments that the symbols' ranges order, and
//! carrying out floor divisions that are exact: the form in which two
//! expressions that are equal over the ranges become the same expression
//! (`Min(s0, s0*s1)` with `s1 >= 1` is `s0`; `(2*s0**2)//s0` with `s0 >= 2`
//! is `2*s0`). Construction keeps both, as sympy does (PyTorch prints them
//! and guards on them); comparisons that ask "equal for every allowed
//! value?" prune first.

use super::arena::ExprArena;
use super::expr::{Args, Monomial, Node};
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

/// A `Min` or `Max` found in an expression: its handle, its kind and its
/// arguments.
pub(crate) struct Extremum {
    /// The extremum itself.
    pub(crate) id: ExprId,
    /// `Max` (else `Min`).
    pub(crate) is_max: bool,
    /// Its arguments, in the arena's order.
    pub(crate) args: Args,
}

impl ExprArena {
    /// Every `Min`/`Max` in `id`, outer ones before those they hold, each
    /// once (sympy's `expr.atoms(Min, Max)`).
    pub(crate) fn extrema(&self, id: ExprId) -> Vec<Extremum> {
        let mut out: Vec<Extremum> = Vec::new();
        let mut stack = vec![id];
        while let Some(e) = stack.pop() {
            match self.node(e) {
                Node::Int(_) | Node::Bool(_) | Node::Symbol(_) => {}
                Node::Sum { terms, .. } => {
                    stack.extend(terms.iter().flat_map(|(m, _)| m.iter().map(|&(a, _)| a)))
                }
                Node::FloorDiv(a, b) | Node::Mod(a, b) => stack.extend([*a, *b]),
                Node::Rel(_, p) | Node::TruncScaled(_, p) => stack.push(*p),
                Node::And(args) | Node::Or(args) => stack.extend(args.iter().copied()),
                Node::Max(args) | Node::Min(args) => {
                    if !out.iter().any(|x| x.id == e) {
                        out.push(Extremum {
                            id: e,
                            is_max: matches!(self.node(e), Node::Max(_)),
                            args: args.clone(),
                        });
                    }
                    stack.extend(args.iter().copied());
                }
            }
        }
        out
    }

    /// `Max(args)` (`is_max`) or `Min(args)` as given, nothing folded or
    /// dropped (sympy's `evaluate=False`); the argument itself when there
    /// is one.
    pub(crate) fn extremum_as_given(&mut self, is_max: bool, args: Args) -> ExprId {
        match args.as_slice() {
            [one] => *one,
            _ if is_max => self.intern(Node::Max(args)),
            _ => self.intern(Node::Min(args)),
        }
    }
}

impl ExprArena {
    /// `id` as a product `c * atoms`, when it is one: a single term of a
    /// sum, or an atom (a symbol, a division, a remainder, an extremum).
    pub(crate) fn as_product(&self, id: ExprId) -> Option<(i64, Monomial)> {
        match self.node(id) {
            Node::Sum { constant: 0, terms } => match terms.as_slice() {
                [(m, c)] => Some((*c, m.clone())),
                _ => None,
            },
            Node::Symbol(_)
            | Node::FloorDiv(..)
            | Node::Mod(..)
            | Node::TruncScaled(..)
            | Node::Max(_)
            | Node::Min(_) => Some((1, std::iter::once((id, 1)).collect())),
            Node::Sum { .. }
            | Node::Int(_)
            | Node::Bool(_)
            | Node::Rel(..)
            | Node::And(_)
            | Node::Or(_) => None,
        }
    }
}
