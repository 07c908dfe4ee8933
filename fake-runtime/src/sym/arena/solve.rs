//! Range refinement from a fact, as PyTorch's `ShapeEnv._refine_ranges`
//! does it: for each free symbol, `try_solve` isolates the symbol on one
//! side of the relation (moving the other terms across, dividing by the
//! factors without the symbol whose sign sympy knows, and turning a floor
//! division by a positive constant into the bounds of its dividend), and a
//! solution whose other side is an integer bounds the symbol by that
//! side's range.

use super::*;
use crate::sym::expr::{Monomial, Terms};

/// At most this many steps isolate a symbol (`try_solve`'s `trials`).
const TRIALS: usize = 5;

/// A relation being solved: `coeff * monomial OP rhs`.
struct Side {
    coeff: i64,
    monomial: Monomial,
}

impl ExprArena {
    /// The bounds `p OP 0` gives its symbols, as `_refine_ranges` finds
    /// them: `(symbol, range)` for every symbol that `try_solve` isolates
    /// with an integer other side, the range narrowed only where the other
    /// side's range improves on the symbol's own. Only symbols sympy knows
    /// positive ([`Self::assumed_positive`]) divide. `!=` refines nothing
    /// (`_maybe_guard_rel` returns first), and neither does a fact of more
    /// than five symbols.
    ///
    /// Remembered by `op`, `p` and the state of the symbols' ranges it
    /// reads ([`Self::refinements`]), as the memoised constructors are.
    pub(crate) fn refined_ranges(&mut self, op: RelOp, p: ExprId) -> Refinements {
        let key = (op, p, self.ranges);
        if let Some(known) = self.refinements.get(&key) {
            return known.clone();
        }
        let out = self.solve_ranges(op, p);
        self.refinements.insert(key, out.clone());
        out
    }

    /// [`Self::refined_ranges`], found for the first time.
    fn solve_ranges(&mut self, op: RelOp, p: ExprId) -> Refinements {
        let free = self.free_symbols(p);
        if op == RelOp::Ne || free.len() > 5 {
            return Refinements::new();
        }
        let mut out = Refinements::new();
        for &s in free.iter() {
            let Some((op, rhs)) = self.isolate(op, p, s) else {
                continue;
            };
            let rhs = self.intern_poly(rhs);
            let r = self.range(rhs);
            let cur = self.symbol_range(s);
            let (mut lo, mut hi) = (cur.lo_raw(), cur.hi_raw());
            if matches!(op, RelOp::Eq | RelOp::Ge | RelOp::Gt) && lo <= r.lo_raw() {
                lo = r.lo_raw() + i128::from(op == RelOp::Gt);
            }
            if matches!(op, RelOp::Eq | RelOp::Le | RelOp::Lt) && hi >= r.hi_raw() {
                hi = r.hi_raw() - i128::from(op == RelOp::Lt);
            }
            let new = ValueRange::raw(lo, hi);
            // An empty range would contradict a fact that holds at the
            // hints: leave such a solution (of a division by zero) alone.
            if new != cur && !new.is_empty() {
                out.push((s, new));
            }
        }
        out
    }

    /// `p OP 0` solved for `s`: `s OP' rhs`, or `None` where `try_solve`
    /// gives up or its other side is not known to be an integer.
    fn isolate(&self, op: RelOp, p: ExprId, s: Symbol) -> Option<(RelOp, Poly)> {
        let mut op = op;
        // `lhs OP rhs`, the lhs a sum whose one term holds `s`.
        let mut lhs = self.poly(p);
        let mut rhs = Poly::constant(0);
        for _ in 0..TRIALS {
            let side = self.split_off(&lhs, &mut rhs, s)?;
            let (factor, e) = self.divide_out(side, &mut op, &mut rhs, s)?;
            if e != 1 {
                return None;
            }
            match self.node(factor) {
                Node::Symbol(x) if *x == s => return Some((op, rhs)),
                Node::FloorDiv(n, c) => {
                    let c = self.as_int(*c).filter(|&c| c > 0)?;
                    let n = self.poly(*n);
                    // The bounds of the dividend.
                    let (new_op, quotient) = match op {
                        RelOp::Ge => (RelOp::Ge, rhs.clone()),
                        RelOp::Gt => (RelOp::Ge, rhs.add_scaled(&Poly::constant(1), 1).ok()?),
                        RelOp::Lt => (RelOp::Lt, rhs.clone()),
                        RelOp::Le => (RelOp::Lt, rhs.add_scaled(&Poly::constant(1), 1).ok()?),
                        // `n >= q*c and n < (q + 1)*c`: one relation only
                        // where sympy settles the first half, `n = s + d`
                        // with `s` positive and `1 + d >= q*c`.
                        RelOp::Eq => {
                            let q = rhs.as_constant()?;
                            let d = match (n.constant, n.terms.as_slice()) {
                                (d, [(m, 1)]) if m.as_slice() == [(self.symbol_expr(s), 1)] => d,
                                _ => return None,
                            };
                            let first_settled = self.assumed_positive(s)
                                && q.checked_mul(c)
                                    .zip(d.checked_add(1))
                                    .is_some_and(|(qc, d1)| d1 >= qc);
                            if !first_settled {
                                return None;
                            }
                            (RelOp::Lt, Poly::constant(q.checked_add(1)?))
                        }
                        RelOp::Ne => return None,
                    };
                    op = new_op;
                    rhs = quotient.scale(c).ok()?;
                    lhs = n;
                }
                _ => return None,
            }
        }
        None
    }

    /// Move every term of `lhs` without `s` to `rhs`; the one term left
    /// (exactly one must hold `s`).
    fn split_off(&self, lhs: &Poly, rhs: &mut Poly, s: Symbol) -> Option<Side> {
        let mut found = None;
        let mut rest = Poly::constant(lhs.constant);
        for (m, c) in &lhs.terms {
            if m.iter().any(|&(a, _)| self.mentions(a, s)) {
                if found.is_some() {
                    return None;
                }
                found = Some(Side {
                    coeff: *c,
                    monomial: m.clone(),
                });
            } else {
                let mut t = Terms::new();
                t.push((m.clone(), *c));
                rest = rest
                    .add_scaled(
                        &Poly {
                            constant: 0,
                            terms: t,
                        },
                        1,
                    )
                    .ok()?;
            }
        }
        *rhs = rhs.add_scaled(&rest, -1).ok()?;
        found
    }

    /// Divide `coeff * monomial OP rhs` by the coefficient and the factors
    /// without `s`; the factor left and its exponent. Only constants and
    /// positive symbols divide (an inequality flipped by a negative
    /// constant), and an equality not when `rhs` is zero. The quotient must be exact (else sympy's other side is not
    /// known to be an integer).
    fn divide_out(
        &self,
        side: Side,
        op: &mut RelOp,
        rhs: &mut Poly,
        s: Symbol,
    ) -> Option<(ExprId, u32)> {
        let mut with_s = None;
        let mut others: Monomial = Monomial::new();
        for &(a, e) in &side.monomial {
            if self.mentions(a, s) {
                if with_s.is_some() {
                    return None;
                }
                with_s = Some((a, e));
            } else {
                others.push((a, e));
            }
        }
        let (factor, e) = with_s?;
        if side.coeff == 1 && others.is_empty() {
            return Some((factor, e));
        }
        // Only factors known positive divide (sympy needs an inequality's
        // divisor's sign, and an equality's divisor must not vanish: an
        // atom such as `1 // s` may be zero).
        if !others
            .iter()
            .all(|&(a, _)| self.as_symbol(a).is_some_and(|x| self.assumed_positive(x)))
        {
            return None;
        }
        let inequality = !matches!(op, RelOp::Eq | RelOp::Ne);
        if !inequality && rhs.as_constant() == Some(0) {
            return None;
        }
        // `rhs / (coeff * others)`, exactly.
        let k = side.coeff;
        if rhs.constant % k != 0 || !others.is_empty() && rhs.constant != 0 {
            return None;
        }
        let mut terms = Terms::new();
        for (m, c) in &rhs.terms {
            if c % k != 0 {
                return None;
            }
            terms.push((divide_monomial(m, &others)?, c / k));
        }
        terms.sort_by(|a, b| a.0.cmp(&b.0));
        let quotient = Poly {
            constant: rhs.constant / k,
            terms,
        };
        // Sort and merge equal monomials through an addition to zero.
        *rhs = Poly::constant(0).add_scaled(&quotient, 1).ok()?;
        if inequality && k < 0 {
            *op = op.flip();
        }
        Some((factor, e))
    }

    /// Whether sympy knows `s` positive: a backed size (PyTorch makes size
    /// symbols `positive=True`; unbacked ones and unspecified integers,
    /// whose range reaches below zero, are not).
    fn assumed_positive(&self, s: Symbol) -> bool {
        !self.is_unbacked(s) && self.symbol_range(s).lo().is_some_and(|lo| lo >= 0)
    }

    /// Whether `s` occurs in `id`.
    fn mentions(&self, id: ExprId, s: Symbol) -> bool {
        self.free_symbols(id).contains(&s)
    }
}

/// `m / d` when every factor of `d` divides `m`.
fn divide_monomial(m: &Monomial, d: &Monomial) -> Option<Monomial> {
    let mut out = m.clone();
    for &(a, e) in d {
        let i = out.iter().position(|&(b, _)| b == a)?;
        if out[i].1 < e {
            return None;
        }
        out[i].1 -= e;
        if out[i].1 == 0 {
            out.remove(i);
        }
    }
    Some(out)
}
