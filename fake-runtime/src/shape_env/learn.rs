//! Learning from a decided condition: an equality becomes a replacement
//! (solved for one symbol as `try_solve` solves it, the symbol chosen as
//! `_smart_symbol_sort` chooses), an inequality narrows ranges, a
//! divisibility is remembered.

use super::ShapeEnv;
use crate::error::{Error, ErrorKind, Result};
use crate::sym::{ExprId, RelOp, Symbol, ValueRange};
use smallvec::SmallVec;

/// An atom of a monomial and its exponent.
type Power = (ExprId, u32);

impl ShapeEnv {
    /// Take a fact (true from now on) into the ranges, replacements and the
    /// decided conditions.
    pub(super) fn learn(&mut self, fact: ExprId) -> Result<()> {
        self.learn_as(fact, Narrow::All)
    }

    /// [`Self::learn`], narrowing the ranges of the symbols `narrow` says.
    /// The fact (and its cleaned form) is decided true from now on; what
    /// it teaches besides is [`Self::learn_effects`]'s.
    pub(super) fn learn_as(&mut self, fact: ExprId, narrow: Narrow) -> Result<()> {
        let full = self.cleaned(fact)?;
        self.decided.insert(fact, true);
        let negation = self.exprs.not(fact);
        self.decided.insert(negation, false);
        if full != fact {
            self.decided.insert(full, true);
            let negation = self.exprs.not(full);
            self.decided.insert(negation, false);
        }
        self.learn_effects(fact, narrow, true)
    }

    /// Whether relation `r`, or the relation it negates, was last compared
    /// rounded ([`Self::rounded`], which holds both).
    fn is_rounded(&self, r: ExprId) -> bool {
        !self.rounded.is_empty() && self.rounded.contains(&r)
    }

    /// What a fact teaches besides itself: for a relation, what it implies
    /// of the same difference (when `implications`), the ranges it
    /// refines, its divisibility and replacements; for a conjunction, its
    /// parts' ranges, divisibility and replacements (`_maybe_guard_rel`
    /// recurses into an `And`), but neither the parts themselves nor what
    /// they imply: PyTorch's axioms (`get_implications`) hold the
    /// conjunction and its negation, not its parts, so a later query of a
    /// part alone on unbacked symbols still falls back. A disjunction
    /// teaches nothing.
    fn learn_effects(&mut self, fact: ExprId, narrow: Narrow, implications: bool) -> Result<()> {
        let Some((op, p)) = self.exprs.as_rel(fact) else {
            if let Some(parts) = self.exprs.as_and(fact) {
                for part in parts {
                    self.learn_effects(part, narrow, false)?;
                }
            }
            return Ok(());
        };
        // What the relation implies of the same difference (PyTorch's
        // `_get_expr_implications`): `p < 0` gives `p <= 0` and `p != 0`.
        let implied: &[RelOp] = match op {
            RelOp::Lt => &[RelOp::Le, RelOp::Ne],
            RelOp::Gt => &[RelOp::Ge, RelOp::Ne],
            RelOp::Eq => &[RelOp::Le, RelOp::Ge],
            RelOp::Le | RelOp::Ge | RelOp::Ne => &[],
        };
        for &op2 in implied.iter().filter(|_| implications) {
            let r = self.exprs.rel_of_poly(op2, p);
            self.decided.insert(r, true);
            let n = self.exprs.not(r);
            self.decided.insert(n, false);
            // Implied by an exact relation, it is an axiom whatever an
            // earlier rounded comparison made of it.
            if !self.rounded.is_empty() && self.rounded.remove(&r) {
                self.rounded.remove(&n);
            }
        }
        // PyTorch's range refinement (`_refine_ranges`): each symbol the
        // fact can be solved for is bounded by the other side's range. A
        // linear equality is left to the replacement below. A relation
        // whose canonical form rounded its constant (`49*x >= 2` as `x >=
        // 1`) refines nothing: PyTorch solves the relation undivided, and
        // its bound on any symbol is no integer.
        let refine = !self.is_rounded(fact);
        let linear = self.exprs.linear_terms(p);
        if refine && !(op == RelOp::Eq && linear.is_some()) {
            for (s, r) in self.exprs.refined_ranges(op, p) {
                if narrow.allows(self.exprs.is_unbacked(s)) {
                    self.narrow(s, r)?;
                }
            }
        }
        // `_refine_ranges` reads the fact as `simplify` gives it, exact
        // divisions cancelled before a common factor was divided out: a
        // constant it then equals is a replacement.
        if refine
            && let Some(&cleaned) = self.cleaned_rels.get(&fact)
            && let Some((op, p)) = self.exprs.as_rel(cleaned)
        {
            for (s, r) in self.exprs.refined_ranges(op, p) {
                if narrow.allows(self.exprs.is_unbacked(s)) {
                    self.narrow(s, r)?;
                }
            }
        }
        if op == RelOp::Eq {
            self.learn_divisible(p);
        }
        match (op, linear) {
            // `c*s + rest == 0` with c = +-1: replace s by -c*rest.
            (RelOp::Eq, Some((terms, constant))) => self.learn_equality(&terms, constant),
            (RelOp::Eq, None) => self.learn_product_equality(p),
            // `s + k OP 0`: narrow the range of s.
            (_, Some((terms, constant))) if refine && terms.len() == 1 && terms[0].1 == 1 => {
                let (s, k) = (terms[0].0, constant);
                let neg_k = k.checked_neg();
                let r = match (op, neg_k) {
                    (RelOp::Gt, Some(nk)) => {
                        nk.checked_add(1).map(|v| ValueRange::new(Some(v), None))
                    }
                    (RelOp::Ge, Some(nk)) => Some(ValueRange::new(Some(nk), None)),
                    (RelOp::Lt, Some(nk)) => {
                        nk.checked_sub(1).map(|v| ValueRange::new(None, Some(v)))
                    }
                    (RelOp::Le, Some(nk)) => Some(ValueRange::new(None, Some(nk))),
                    // `!=` narrows nothing, even at a bound (PyTorch's
                    // `_refine_ranges` and `_maybe_guard_rel` skip it): the
                    // fact itself is remembered as decided above.
                    _ => None,
                };
                if let Some(r) = r
                    && narrow.allows(self.exprs.is_unbacked(s))
                {
                    self.narrow(s, r)?;
                }
                Ok(())
            }
            _ => Ok(()),
        }
    }

    /// `p == 0` with `p` a multiple of one `Mod(a, k)`: remember that `k`
    /// divides `a` (PyTorch's `_add_divisible`, from `_maybe_guard_rel`).
    fn learn_divisible(&mut self, p: ExprId) {
        if let Some(m) = self.exprs.single_mod_term(p) {
            self.divisible.insert(m);
        }
    }

    pub(super) fn narrow(&mut self, s: Symbol, r: ValueRange) -> Result<()> {
        // A size-like symbol's range never ends below 2
        // (`_update_var_to_range`): size-oblivious tests intersect it
        // with `[2, oo]`, which must stay satisfiable.
        let r = match r.hi() {
            Some(hi) if hi < 2 && self.size_like.contains(&s) => ValueRange::new(r.lo(), Some(2)),
            _ => r,
        };
        let cur = self.exprs.symbol_range(s);
        let new = cur.intersect(&r);
        if new.is_empty() {
            return Err(Error::from(ErrorKind::InvalidRange {
                symbol: self.exprs.symbol_name(s),
                min: r.to_string(),
                max: String::new(),
                reason: format!("it is known to be in {cur}"),
            }));
        }
        self.exprs.set_symbol_range(s, new);
        if let Some(v) = new.as_exact() {
            let c = self.exprs.int(v);
            self.add_replacement(s, c)?;
        }
        Ok(())
    }

    /// `sum(c_i * s_i) + constant == 0`: replace one symbol, as
    /// `_maybe_guard_rel` does. It solves only for the first symbol of
    /// `_smart_symbol_sort` in reverse: the largest hint (an unbacked
    /// symbol counting as larger than any), ties broken by the larger
    /// PyTorch name ([`Self::pytorch_name`]: hashes of the symbols'
    /// sources, as `_generate_unique_id` makes them). The solution must be
    /// an integer expression (its coefficient divides every other one and
    /// the constant: `Eq(3*s0, 18)` gives 6, `Eq(2*s0, 2*s1 + 4)` gives
    /// `s1 + 2`) that names no unbacked symbol; otherwise nothing is
    /// replaced.
    fn learn_equality(&mut self, terms: &[(Symbol, i64)], constant: i64) -> Result<()> {
        // PyTorch's names are unique: the largest key is one symbol's.
        let target = terms
            .iter()
            .copied()
            .max_by_key(|&(s, _)| self.solve_order(s));
        let Some((target, c)) = target else {
            return Ok(());
        };
        let others = || terms.iter().filter(|&&(s, _)| s != target);
        // `-k / c` when exact (and representable).
        let quotient = |k: i64| {
            (k.checked_rem(c) == Some(0))
                .then(|| k.checked_div(c).and_then(i64::checked_neg))
                .flatten()
        };
        let Some(v) = quotient(constant) else {
            return Ok(());
        };
        if terms.len() == 1 {
            // `c*s + k == 0`: `s` is the integer `-k / c`.
            return self.narrow(target, ValueRange::exact(v));
        }
        let mut coefficients = Vec::with_capacity(terms.len() - 1);
        for &(s, k) in others() {
            match quotient(k) {
                Some(q) if !self.exprs.is_unbacked(s) => coefficients.push((s, q)),
                _ => return Ok(()),
            }
        }
        // target = -(constant + sum of the others) / c
        let mut value = self.exprs.int(v);
        for (s, q) in coefficients {
            let k = self.exprs.int(q);
            let se = self.exprs.symbol_expr(s);
            let t = self.exprs.mul(k, se)?;
            value = self.exprs.add(value, t)?;
        }
        self.replace_solved(target, value)
    }

    /// Replace `target` by `value`, the equality solved for it; a symbol
    /// `value` inherits the target's range.
    fn replace_solved(&mut self, target: Symbol, value: ExprId) -> Result<()> {
        let target_range = self.exprs.symbol_range(target);
        if let Some(other) = self.exprs.as_symbol(value) {
            let merged = self.exprs.symbol_range(other).intersect(&target_range);
            if !merged.is_empty() {
                self.exprs.set_symbol_range(other, merged);
            }
        }
        self.add_replacement(target, value)
    }

    /// PyTorch's `_smart_symbol_sort` key of `s`, the largest solved for
    /// first: its hint (an unbacked symbol's above every hint), then its
    /// PyTorch name, compared as text.
    fn solve_order(&self, s: Symbol) -> (i64, &str) {
        let size = match self.symbol_hint(s) {
            Some(h) if !self.exprs.is_unbacked(s) => h,
            _ => i64::MAX,
        };
        (size, self.pytorch_name(s))
    }

    /// A polynomial equality `p == 0` that is not linear, solved as
    /// PyTorch's `try_solve` solves it for the symbol `_smart_symbol_sort`
    /// puts first (of the largest hint, then PyTorch name): when one term
    /// holds that symbol, to the first power, `c*m*s + rest == 0` gives
    /// `s = -rest / (c*m)` where sympy's division comes out whole: a
    /// numeric `c*m` dividing every coefficient of `rest`, or a monomial
    /// `c*m` dividing `rest`'s single term (`s0*s1 == s0*s3` gives
    /// `s1 = s3`). Nothing for anything else (a `Mod`, a floor division
    /// or another function among the atoms, more than five symbols, an
    /// unbacked symbol in the answer).
    fn learn_product_equality(&mut self, p: ExprId) -> Result<()> {
        let poly = self.exprs.poly(p);
        let mut free: SmallVec<[Symbol; 6]> = SmallVec::new();
        for (m, _) in &poly.terms {
            for &(atom, _) in m {
                let Some(s) = self.exprs.as_symbol(atom) else {
                    return Ok(());
                };
                if !free.contains(&s) {
                    free.push(s);
                }
            }
        }
        if free.len() > 5 {
            return Ok(());
        }
        let Some(target) = free.iter().copied().max_by_key(|&s| self.solve_order(s)) else {
            return Ok(());
        };
        let target_atom = self.exprs.symbol_expr(target);
        let mut holding = poly
            .terms
            .iter()
            .filter(|(m, _)| m.iter().any(|&(a, _)| a == target_atom));
        let (Some((m, c)), None) = (holding.next(), holding.next()) else {
            return Ok(());
        };
        if !m.iter().any(|&(a, e)| a == target_atom && e == 1) {
            return Ok(());
        }
        let divisor: SmallVec<[Power; 2]> = m
            .iter()
            .copied()
            .filter(|&(a, _)| a != target_atom)
            .collect();
        let c = *c;
        let rest: SmallVec<[(&[Power], i64); 2]> = poly
            .terms
            .iter()
            .filter(|(t, _)| !t.iter().any(|&(a, _)| a == target_atom))
            .map(|(t, k)| (t.as_slice(), *k))
            .collect();
        // -k / c when exact.
        let quotient = |k: i64| {
            (k.checked_rem(c) == Some(0))
                .then(|| k.checked_div(c).and_then(i64::checked_neg))
                .flatten()
        };
        let mut value = if divisor.is_empty() {
            // A numeric coefficient: sympy divides every term by it.
            let Some(k) = quotient(poly.constant) else {
                return Ok(());
            };
            let mut value = self.exprs.int(k);
            for (t, coefficient) in rest {
                let Some(q) = quotient(coefficient) else {
                    return Ok(());
                };
                let term = self.monomial(t, &[], q)?;
                value = self.exprs.add(value, term)?;
            }
            value
        } else {
            // A symbolic one: the other side must be one term it divides
            // (a zero other side is not divided: nothing is solved).
            let ([(t, coefficient)], 0) = (rest.as_slice(), poly.constant) else {
                return Ok(());
            };
            let Some(q) = quotient(*coefficient) else {
                return Ok(());
            };
            let divides = divisor
                .iter()
                .all(|&(a, e)| t.iter().any(|&(b, f)| a == b && f >= e));
            if !divides {
                return Ok(());
            }
            self.monomial(t, &divisor, q)?
        };
        value = self.simplify(value)?;
        if self.exprs.mentions_unbacked(value) {
            return Ok(());
        }
        self.replace_solved(target, value)
    }

    /// `k * t / d` for monomials `t` and `d` (`d` dividing `t`).
    fn monomial(&mut self, t: &[Power], d: &[Power], k: i64) -> Result<ExprId> {
        let mut value = self.exprs.int(k);
        for &(atom, e) in t {
            let less = d.iter().find(|&&(a, _)| a == atom).map_or(0, |&(_, f)| f);
            for _ in less..e {
                value = self.exprs.mul(value, atom)?;
            }
        }
        Ok(value)
    }

    fn add_replacement(&mut self, target: Symbol, value: ExprId) -> Result<()> {
        let value = self.simplify(value)?;
        if self.exprs.as_symbol(value) == Some(target) {
            return Ok(());
        }
        if self.size_like.contains(&target) && !self.size_oblivious_at_least_two(value) {
            return Ok(());
        }
        if let Some(v) = self.exprs.as_int(value) {
            self.exprs.set_symbol_range(target, ValueRange::exact(v));
        }
        self.replacements.insert(target, value);
        // Keep every replacement fully resolved.
        let keys: Vec<Symbol> = self.replacements.keys().copied().collect();
        for k in keys {
            let v = self.replacements[&k];
            let mut lookup = |s: Symbol| if s == target { Some(value) } else { None };
            let nv = self.exprs.subst(v, &mut lookup)?;
            self.replacements.insert(k, nv);
        }
        // A divisibility fact whose `Mod` is now a number says nothing
        // more (PyTorch's `_update_divisible`); the others are kept in
        // their replaced form.
        let divisible: Vec<ExprId> = self.divisible.drain().collect();
        for m in divisible {
            let mut lookup = |s: Symbol| if s == target { Some(value) } else { None };
            let nm = self.exprs.subst(m, &mut lookup)?;
            if self.exprs.as_int(nm).is_none() {
                self.divisible.insert(nm);
            }
        }
        self.simplified.clear();
        self.forget_layouts();
        Ok(())
    }

    /// Whether `e` is at least 2 when every size-like symbol is (its
    /// upper end dropped): PyTorch's `_set_replacement` replaces a
    /// size-like symbol only by what its size-oblivious bound, `[2, oo]`,
    /// holds, so a count refined to 0 or 1 stays a symbol (its range
    /// says the value) and size-oblivious tests stay consistent.
    fn size_oblivious_at_least_two(&mut self, e: ExprId) -> bool {
        // `bound_sympy(size_oblivious=True)`: `[2, oo]`, the upper end
        // dropped.
        let at_least_two = |env: &mut Self| env.exprs.range(e).lo().is_some_and(|lo| lo >= 2);
        match self.with_size_like_ranges(e, |_| Some(ValueRange::at_least(2)), at_least_two) {
            Some(b) => b,
            None => at_least_two(self),
        }
    }
}

/// Which symbols' ranges a fact narrows ([`ShapeEnv::learn_as`]).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(super) enum Narrow {
    /// Every symbol's.
    All,
    /// Unbacked symbols' only (a runtime assert when
    /// [`super::ShapeEnvSettings::backed_ranges_final`]).
    Unbacked,
}

impl Narrow {
    /// Whether a symbol (`unbacked` or not) is narrowed.
    fn allows(self, unbacked: bool) -> bool {
        self == Narrow::All || unbacked
    }
}
