//! What an expression's symbols' ranges say about it: its interval
//! (`ExprArena::range`, sound interval arithmetic) and the conditions they
//! decide (`ExprArena::decide_by_ranges`, with PyTorch's reallocation of
//! each symbol above its lower bound).

use super::arena::ExprArena;
use super::expr::{ExprId, Node, RelOp, Symbol, Terms};
use super::range::{INF, ValueRange};
use smallvec::SmallVec;
use std::borrow::Cow;

impl ExprArena {
    /// What values `id` can take, from the symbol ranges, by interval
    /// arithmetic (sound, not always tight).
    pub fn range(&self, id: ExprId) -> ValueRange {
        self.range_with(id, &|s| self.symbol_range(s), false)
    }

    /// What sympy's assumptions alone say `id` is at least (a backed size
    /// symbol is a positive integer, an unbacked one an integer): whether
    /// `Max(1, id)` folds to `id` as it is made, before any ShapeEnv range
    /// is consulted.
    pub(crate) fn assumed_at_least_one(&self, id: ExprId) -> bool {
        let r = self.range_with(
            id,
            &|s| {
                if self.is_unbacked(s) {
                    ValueRange::UNBOUNDED
                } else {
                    ValueRange::at_least(1)
                }
            },
            true,
        );
        r.lo_raw() >= 1
    }

    /// [`Self::range`] with each symbol's range given by `sym`. With
    /// `signs_only`, as sympy's assumptions see it: a remainder or a
    /// floor division is known nonnegative (`Mod.is_nonnegative`,
    /// `FloorDiv._eval_is_nonnegative`) and nothing more, so
    /// `s0 - Mod(s0, 16) + 16` is not known to be positive, and a sum of
    /// several symbols with a negative constant is unbounded.
    fn range_with<F: Fn(Symbol) -> ValueRange>(
        &self,
        id: ExprId,
        sym: &F,
        signs_only: bool,
    ) -> ValueRange {
        match self.node(id) {
            Node::Int(v) => ValueRange::exact(*v),
            Node::Bool(b) => ValueRange::exact(i64::from(*b)),
            Node::Symbol(s) => sym(*s),
            // sympy bounds a sum with a negative constant only in one
            // symbol (`_monotonic_sign` of a univariate polynomial:
            // `2*s0 - 1 >= 1`); of several, it knows no more than the
            // signs of the terms, which a negative constant defeats
            // (`s0 + s1 - 1` is not known to be at least 1).
            Node::Sum { constant, .. }
                if signs_only && *constant < 0 && self.free_symbols(id).len() > 1 =>
            {
                ValueRange::UNBOUNDED
            }
            Node::Sum { constant, terms } => {
                let mut acc = ValueRange::exact(*constant);
                for (m, c) in terms {
                    let mut r = ValueRange::exact(1);
                    for &(atom, pow) in m {
                        r = r.mul(&self.range_with(atom, sym, signs_only).pow(pow));
                    }
                    acc = acc.add(&r.scale(*c));
                }
                acc
            }
            Node::FloorDiv(a, b) if signs_only => {
                let (ra, rb) = (
                    self.range_with(*a, sym, signs_only),
                    self.range_with(*b, sym, signs_only),
                );
                if ra.lo_raw() >= 0 && rb.lo_raw() >= 0 {
                    ValueRange::at_least(0)
                } else {
                    ValueRange::UNBOUNDED
                }
            }
            // sympy's `TruncToInt` is an integer and nothing more.
            Node::TruncScaled(..) if signs_only => ValueRange::UNBOUNDED,
            Node::TruncScaled(c, a) => self
                .range_with(*a, sym, signs_only)
                .trunc_scaled(f64::from_bits(*c)),
            Node::Mod(_, b) if signs_only => {
                if self.range_with(*b, sym, signs_only).lo_raw() >= 1 {
                    ValueRange::at_least(0)
                } else {
                    ValueRange::UNBOUNDED
                }
            }
            Node::FloorDiv(a, b) => {
                let ra = self.range_with(*a, sym, signs_only);
                match self.as_int(*b) {
                    Some(d) if d > 0 => ra.floordiv_const(d),
                    _ => ra.floordiv(&self.range_with(*b, sym, signs_only)),
                }
            }
            Node::Mod(a, b) => {
                let ra = self.range_with(*a, sym, signs_only);
                let rb = self.range_with(*b, sym, signs_only);
                // `0 <= a < b`: the remainder is `a` itself (as sympy's
                // `Mod` folds once the ShapeEnv shifts each symbol by its
                // lower bound: `Mod(1, s0)` with `s0 >= 2` is 1).
                if ra.lo_raw() >= 0 && ra.hi_raw() < rb.lo_raw() {
                    return ra;
                }
                if rb.lo_raw() >= 1 {
                    let top = rb.hi_raw() - 1;
                    let top = if ra.lo_raw() >= 0 {
                        top.min(ra.hi_raw())
                    } else {
                        top
                    };
                    ValueRange::raw(0, top)
                } else {
                    ValueRange::UNBOUNDED
                }
            }
            Node::Max(args) => args
                .iter()
                .map(|&a| self.range_with(a, sym, signs_only))
                .reduce(|x, y| x.max(&y))
                .unwrap_or(ValueRange::UNBOUNDED),
            Node::Min(args) => args
                .iter()
                .map(|&a| self.range_with(a, sym, signs_only))
                .reduce(|x, y| x.min(&y))
                .unwrap_or(ValueRange::UNBOUNDED),
            Node::Rel(..) | Node::And(_) | Node::Or(_) => ValueRange::new(Some(0), Some(1)),
        }
    }

    /// Decide a condition from ranges alone: `Some(answer)` when every value
    /// the symbols may take gives the same answer.
    pub fn decide_by_ranges(&self, cond: ExprId) -> Option<bool> {
        match self.node(cond) {
            Node::Bool(b) => Some(*b),
            Node::Rel(op, p) => {
                let decided = self.decide_rel(*op, self.range(*p));
                if decided.is_some() {
                    return decided;
                }
                if let Node::Mod(a, b) = self.node(*p) {
                    return self.decide_rel(*op, self.shifted_mod_range(*a, *b)?);
                }
                self.decide_rel(*op, self.shifted_range(*p)?)
            }
            Node::And(args) => {
                let mut all = true;
                for &a in args {
                    match self.decide_by_ranges(a) {
                        Some(false) => return Some(false),
                        Some(true) => {}
                        None => all = false,
                    }
                }
                all.then_some(true)
            }
            Node::Or(args) => {
                let mut none = true;
                for &a in args {
                    match self.decide_by_ranges(a) {
                        Some(true) => return Some(true),
                        Some(false) => {}
                        None => none = false,
                    }
                }
                none.then_some(false)
            }
            _ => {
                let r = self.range(cond);
                decide_range(
                    r.lo_raw() > 0 || r.hi_raw() < 0,
                    r.lo_raw() == 0 && r.hi_raw() == 0,
                )
            }
        }
    }

    /// Decide `v OP 0` for `v` in `r`.
    fn decide_rel(&self, op: RelOp, r: ValueRange) -> Option<bool> {
        let (lo, hi) = (r.lo_raw(), r.hi_raw());
        match op {
            RelOp::Eq | RelOp::Ne => {
                let eq = if lo == 0 && hi == 0 {
                    Some(true)
                } else if lo > 0 || hi < 0 {
                    Some(false)
                } else {
                    None
                };
                eq.map(|e| e == (op == RelOp::Eq))
            }
            RelOp::Lt => decide_range(hi < 0, lo >= 0),
            RelOp::Le => decide_range(hi <= 0, lo > 0),
            RelOp::Gt => decide_range(lo > 0, hi <= 0),
            RelOp::Ge => decide_range(lo >= 0, hi < 0),
        }
    }

    /// The range of the polynomial `p` after PyTorch's reallocation of its
    /// symbols (`_maybe_evaluate_static_worker`): each symbol `s` with a
    /// finite lower bound `L` is written `t + (L - 1)` with `t >= 1`, the
    /// polynomial is expanded, and the interval bound is taken term by
    /// term. `s0*s1 - s0` with `s0, s1 >= 2` becomes `t0*t1 + t1` with
    /// `t0, t1 >= 1`, so `s0*s1 - s0 > 0` is decided without a guard.
    /// `None` when `p` is not a polynomial over symbols or the expansion
    /// gets too big.
    pub(super) fn shifted_range(&self, p: ExprId) -> Option<ValueRange> {
        if !matches!(self.node(p), Node::Sum { .. }) {
            return None;
        }
        let (atoms, polys) = self.shifted(&[p])?;
        if atoms.iter().all(|&(_, offset, _)| offset == 0) {
            return None;
        }
        Some(shifted_poly_range(&atoms, &polys[0]))
    }

    /// The range of `a % b` (PyTorch's `Mod`) after the reallocation, where
    /// `Mod`'s rule `p < q and p/q positive => p` applies to the shifted
    /// operands as sympy's assumptions prove it (every shifted symbol is a
    /// positive integer): `Mod(s0, s0*s1)` with `s0, s1 >= 2` is
    /// `Mod(t0 + 1, t0*t1 + t0 + t1 + 1) = t0 + 1`, never 0. `None` when the
    /// rule does not apply.
    fn shifted_mod_range(&self, a: ExprId, b: ExprId) -> Option<ValueRange> {
        let (atoms, polys) = self.shifted(&[a, b])?;
        let (pa, pb) = (&polys[0], &polys[1]);
        let mut diff = pb.clone();
        for (e, c) in pa {
            match diff.iter_mut().find(|(f, _)| f == e) {
                Some((_, acc)) => *acc = acc.checked_sub(*c)?,
                None => diff.push((e.clone(), c.checked_neg()?)),
            }
        }
        (shifted_positive(pa) && shifted_positive(pb) && shifted_positive(&diff))
            .then(|| shifted_poly_range(&atoms, pa))
    }

    /// The polynomials `ids` (symbols or sums over symbols) expanded over
    /// their reallocated symbols: the symbols with their offsets and the
    /// ranges of the shifted ones, and per id its terms (exponent vectors
    /// over those symbols, coefficients). `None` when an id is not such a
    /// polynomial, a symbol has no lower bound, or an expansion gets too
    /// big.
    fn shifted(&self, ids: &[ExprId]) -> Option<(Vec<ShiftedAtom>, Vec<Expansion>)> {
        /// Terms an expansion may have before the attempt is dropped.
        const MAX_TERMS: usize = 64;
        // Each id as a constant and terms, a sum's own terms borrowed.
        let poly_of = |id: ExprId| -> Option<(i64, Cow<'_, Terms>)> {
            match self.node(id) {
                Node::Sum { constant, terms } => Some((*constant, Cow::Borrowed(terms))),
                Node::Symbol(_) => Some((
                    0,
                    Cow::Owned(smallvec::smallvec![(smallvec::smallvec![(id, 1)], 1)]),
                )),
                Node::Int(v) => Some((*v, Cow::Owned(Terms::new()))),
                _ => None,
            }
        };
        let polys: SmallVec<[(i64, Cow<'_, Terms>); 2]> =
            ids.iter().map(|&id| poly_of(id)).collect::<Option<_>>()?;
        // The symbols, their offsets and the ranges of the shifted symbols.
        let mut atoms: Vec<ShiftedAtom> = Vec::new();
        for (_, terms) in &polys {
            for (m, _) in terms.iter() {
                for &(a, _) in m {
                    if atoms.iter().any(|&(b, ..)| b == a) {
                        continue;
                    }
                    let Node::Symbol(sym) = self.node(a) else {
                        return None;
                    };
                    let r = self.symbol_range(*sym);
                    let lo = r.lo_raw();
                    if lo <= -INF {
                        return None;
                    }
                    let offset = lo - 1;
                    atoms.push((
                        a,
                        offset,
                        ValueRange::raw(1, r.hi_raw().saturating_sub(offset)),
                    ));
                }
            }
        }
        let n = atoms.len();
        let mut out = Vec::with_capacity(polys.len());
        for (constant, terms) in &polys {
            let mut poly: Expansion = vec![(SmallVec::from_elem(0, n), i128::from(*constant))];
            for (m, c) in terms.iter() {
                let mut term: Expansion = vec![(SmallVec::from_elem(0, n), i128::from(*c))];
                for &(a, pow) in m {
                    let i = atoms.iter().position(|&(b, ..)| b == a)?;
                    let offset = atoms[i].1;
                    let mut next = Vec::new();
                    for (exps, coef) in &term {
                        // (t + offset)^pow = sum_k C(pow, k) offset^(pow-k) t^k
                        let mut binom: i128 = 1;
                        for k in 0..=pow {
                            let rest = offset.checked_pow(pow - k)?;
                            let c = coef.checked_mul(binom)?.checked_mul(rest)?;
                            if c != 0 {
                                let mut e = exps.clone();
                                e[i] += k;
                                next.push((e, c));
                            }
                            binom = binom.checked_mul(i128::from(pow - k))? / i128::from(k + 1);
                        }
                    }
                    term = next;
                    if term.len() > MAX_TERMS {
                        return None;
                    }
                }
                for (e, c) in term {
                    match poly.iter_mut().find(|(f, _)| *f == e) {
                        Some((_, acc)) => *acc = acc.checked_add(c)?,
                        None => poly.push((e, c)),
                    }
                }
                if poly.len() > MAX_TERMS {
                    return None;
                }
            }
            out.push(poly);
        }
        Some((atoms, out))
    }
}

/// A reallocated symbol: its expression, its offset (`s = t + offset`) and
/// the range of `t`.
type ShiftedAtom = (ExprId, i128, ValueRange);

/// An expanded polynomial over reallocated symbols: exponent vectors and
/// coefficients (the constant's vector all zeros).
type Expansion = Vec<(SmallVec<[u32; 4]>, i128)>;

/// The interval bound of an expansion, term by term.
fn shifted_poly_range(atoms: &[ShiftedAtom], poly: &Expansion) -> ValueRange {
    let mut acc = ValueRange::exact(0);
    for (exps, coef) in poly {
        if *coef == 0 {
            continue;
        }
        let mut r = ValueRange::raw(*coef, *coef);
        for (i, &k) in exps.iter().enumerate() {
            if k > 0 {
                r = r.mul(&atoms[i].2.pow(k));
            }
        }
        acc = acc.add(&r);
    }
    acc
}

/// sympy's `is_positive` of an expansion over positive integer symbols
/// (see [`positive_polynomial`]).
fn shifted_positive(poly: &Expansion) -> bool {
    let mut constant = 0i128;
    let mut terms: SmallVec<[(i128, SmallVec<[usize; 4]>); 8]> = SmallVec::new();
    for (exps, c) in poly {
        if exps.iter().all(|&k| k == 0) {
            constant += *c;
        } else if *c != 0 {
            let atoms = exps
                .iter()
                .enumerate()
                .filter(|&(_, &k)| k > 0)
                .map(|(i, _)| i);
            terms.push((*c, atoms.collect()));
        }
    }
    positive_polynomial(
        constant,
        terms.iter().map(|(c, atoms)| (*c, atoms.as_slice())),
    )
}

/// sympy's `is_positive` of `constant + sum(coefficient * product of
/// atoms)`, every atom a positive integer symbol, as far as ours proves
/// it: every coefficient positive, and a non-negative constant with
/// something left, or one symbol and a positive value at 1 (sympy's
/// `_monotonic_sign` of a univariate polynomial increasing from its
/// symbol's least value: `3*s0 - 1`). A conservative reading: sympy
/// proves a few more (`2*s0*s1 - 1`).
pub(super) fn positive_polynomial<'a, A: Copy + PartialEq + 'a>(
    constant: i128,
    terms: impl IntoIterator<Item = (i128, &'a [A])>,
) -> bool {
    let mut symbol: Option<A> = None;
    let mut one_symbol = true;
    let mut at_one = constant;
    let mut any_term = false;
    for (c, atoms) in terms {
        if c <= 0 {
            return false;
        }
        any_term = true;
        at_one += c;
        for &atom in atoms {
            one_symbol &= symbol.is_none_or(|x| x == atom);
            symbol = Some(atom);
        }
    }
    if constant >= 0 {
        constant > 0 || any_term
    } else {
        one_symbol && symbol.is_some() && at_one > 0
    }
}

fn decide_range(is_true: bool, is_false: bool) -> Option<bool> {
    if is_true {
        Some(true)
    } else if is_false {
        Some(false)
    } else {
        None
    }
}

/// `a / b` rounded up, for `b > 0`.
pub(super) fn ceil_div(a: i64, b: i64) -> i64 {
    // b > 0 here; -((-a) div_euclid b) without overflow for a = i64::MIN.
    let q = a.div_euclid(b);
    if a.rem_euclid(b) == 0 { q } else { q + 1 }
}
