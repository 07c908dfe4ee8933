//! Exact divisions known from divisibility facts: the `CleanDiv` pass of
//! PyTorch's `ShapeEnv.simplify`. Once `Eq(Mod(a, k), 0)` is known, the
//! floor division `a // k` is a `CleanDiv`, and a product holding it and
//! its divisor `k` as another factor is `a` (`2*((s0//2))` is `s0`;
//! `4*((s0//2))` and `(s0//2)` alone stay as they are).

use super::*;
use rustc_hash::FxHashSet;
use smallvec::SmallVec;

impl ExprArena {
    /// `id` with each product of an exact floor division (its `Mod` in
    /// `divisible`) and its divisor replaced by the dividend, everywhere in
    /// the expression (relations, their junctions, the arguments of
    /// divisions, moduli, maxima and minima).
    pub(crate) fn clean_divisions(
        &mut self,
        id: ExprId,
        divisible: &FxHashSet<ExprId>,
    ) -> Result<ExprId> {
        match self.node(id).clone() {
            Node::Int(_) | Node::Bool(_) | Node::Symbol(_) => Ok(id),
            Node::Rel(op, p) => {
                let q = self.clean_sum(p, divisible, true)?;
                if q == p {
                    return Ok(id);
                }
                let zero = self.int(0);
                self.rel(op, q, zero)
            }
            Node::And(args) | Node::Or(args) => {
                let is_and = matches!(self.node(id), Node::And(_));
                let mut new = Args::new();
                for a in args {
                    new.push(self.clean_divisions(a, divisible)?);
                }
                Ok(if is_and {
                    self.and(&new)
                } else {
                    self.or(&new)
                })
            }
            _ => self.clean_sum(id, divisible, false),
        }
    }

    /// [`Self::clean_divisions`] of an integer expression.
    fn clean_sum(
        &mut self,
        id: ExprId,
        divisible: &FxHashSet<ExprId>,
        in_rel: bool,
    ) -> Result<ExprId> {
        let inner = self.clean_atoms(id, divisible)?;
        // Overflow while rewriting keeps the expression as it is.
        Ok(self
            .clean_poly(inner, divisible, in_rel)
            .ok()
            .flatten()
            .unwrap_or(inner))
    }

    /// `id` with the arguments of its divisions, moduli, maxima and minima
    /// cleaned ([`Self::clean_divisions`]), as PyTorch replaces every
    /// floor division of the expression.
    fn clean_atoms(&mut self, id: ExprId, divisible: &FxHashSet<ExprId>) -> Result<ExprId> {
        if let Some(k) = self.nested_exact_division(id, divisible)? {
            return Ok(k);
        }
        match self.node(id).clone() {
            Node::FloorDiv(a, b) | Node::Mod(a, b) => {
                let is_div = matches!(self.node(id), Node::FloorDiv(..));
                let (na, nb) = (
                    self.clean_divisions(a, divisible)?,
                    self.clean_divisions(b, divisible)?,
                );
                if (na, nb) == (a, b) {
                    Ok(id)
                } else if is_div {
                    self.floordiv(na, nb)
                } else {
                    self.modulo(na, nb)
                }
            }
            Node::Max(args) | Node::Min(args) => {
                let is_max = matches!(self.node(id), Node::Max(_));
                let mut new = Args::new();
                for &a in &args {
                    new.push(self.clean_divisions(a, divisible)?);
                }
                if new == args {
                    Ok(id)
                } else if is_max {
                    self.max(&new)
                } else {
                    self.min(&new)
                }
            }
            Node::Sum { constant, terms } => {
                let mut changed = false;
                let mut acc = self.int(constant);
                for (m, c) in terms {
                    let mut t = self.int(c);
                    for (atom, pow) in m {
                        let a = self.clean_atoms(atom, divisible)?;
                        changed |= a != atom;
                        for _ in 0..pow {
                            t = self.mul(t, a)?;
                        }
                    }
                    acc = self.add(acc, t)?;
                }
                Ok(if changed { acc } else { id })
            }
            _ => Ok(id),
        }
    }

    /// `k` when `id` is `a // (a // k)` with both divisions exact (`Mod(a,
    /// a // k)` and `Mod(a, k)` in `divisible`): the first pass of
    /// PyTorch's `simplify`, before its `CleanDiv` one (`n // (n // 2)` is
    /// `2` once `n` is even and `n // 2` divides it, as `view(-1, 2)`
    /// infers the size it then splits off).
    fn nested_exact_division(
        &mut self,
        id: ExprId,
        divisible: &FxHashSet<ExprId>,
    ) -> Result<Option<ExprId>> {
        let Node::FloorDiv(a, b) = *self.node(id) else {
            return Ok(None);
        };
        let Node::FloorDiv(a1, k) = *self.node(b) else {
            return Ok(None);
        };
        if a1 != a {
            return Ok(None);
        }
        let (outer, inner) = (self.modulo(a, b)?, self.modulo(a1, k)?);
        Ok((divisible.contains(&outer) && divisible.contains(&inner)).then_some(k))
    }

    /// `(a, b)` when `atom` is the floor division `a // b` and `Mod(a, b)`
    /// is in `divisible` (PyTorch makes it a `CleanDiv`).
    fn clean_div_args(
        &mut self,
        atom: ExprId,
        divisible: &FxHashSet<ExprId>,
    ) -> Result<Option<(ExprId, ExprId)>> {
        let Node::FloorDiv(a, b) = *self.node(atom) else {
            return Ok(None);
        };
        let m = self.modulo(a, b)?;
        Ok(divisible.contains(&m).then_some((a, b)))
    }

    /// The sum `id` with PyTorch's `C * CleanDiv(x, C) -> x` applied to
    /// each term: an exact division of power 1 cancels against a factor
    /// equal to its divisor (the term's coefficient, or an atom of power
    /// 1), `None` when no term has one. In a relation (`in_rel`) the sides
    /// are not kept, so a coefficient cancels whatever its sign.
    fn clean_poly(
        &mut self,
        id: ExprId,
        divisible: &FxHashSet<ExprId>,
        in_rel: bool,
    ) -> Result<Option<ExprId>> {
        let p = self.poly(id);
        let mut any = false;
        let mut total = self.int(p.constant);
        for (m, c) in &p.terms {
            let mut coeff = *c;
            let mut factors: SmallVec<[(ExprId, u32); 4]> = m.iter().copied().collect();
            let mut extra: SmallVec<[ExprId; 2]> = SmallVec::new();
            'cancel: loop {
                for i in 0..factors.len() {
                    let (atom, pow) = factors[i];
                    if pow != 1 {
                        continue;
                    }
                    let Some((a, b)) = self.clean_div_args(atom, divisible)? else {
                        continue;
                    };
                    if let Some(k) = self.as_int(b) {
                        let matches = coeff == k || (in_rel && coeff == -k);
                        if k != 1 && matches {
                            coeff /= k;
                            factors.remove(i);
                            extra.push(a);
                            any = true;
                            continue 'cancel;
                        }
                    } else if let Some(j) = factors.iter().position(|&(f, p)| f == b && p == 1) {
                        factors.remove(i.max(j));
                        factors.remove(i.min(j));
                        extra.push(a);
                        any = true;
                        continue 'cancel;
                    }
                }
                break;
            }
            let mut t = self.int(coeff);
            for (atom, pow) in factors {
                for _ in 0..pow {
                    t = self.mul(t, atom)?;
                }
            }
            for a in extra {
                t = self.mul(t, a)?;
            }
            total = self.add(total, t)?;
        }
        Ok(any.then_some(total))
    }
}
