//! Floor division, ceiling division and Python modulus of symbolic
//! integers, canonicalised as PyTorch 2.15 canonicalises them in
//! `torch/utils/_sympy/functions.py` (`FloorDiv.eval`, `CeilDiv`,
//! `Mod.eval`, `PythonMod.eval`), rule for rule and in the same order.
//!
//! `a // b`:
//!
//! 1. `b == 0` is an error; `0 // b = 0`; `a // 1 = a`; `a // -1 = -a`;
//!    `a // a = 1`; constants fold.
//! 2. A nested division merges: `(x // y) // b = x // (y*b)`.
//! 3. A constant divisor takes out the terms it divides:
//!    `(4*s0 + 5) // 2 = 2*s0 + 5 // 2`.
//! 4. Common factors cancel (`simple_floordiv_gcd`): the integer gcd of
//!    every coefficient of the dividend and the divisor, times each
//!    factor of a one-term divisor that is, syntactically, a factor of
//!    every term of the dividend (`s0` of `s0*s1 + 2*s0`, but not of
//!    `s0**2*s1`; a `-1` when every term is negated). Failing that, when
//!    the divisor is a sum, the polynomial gcd (`sympy.gcd`, leading
//!    coefficient positive in sympy's generator order) of dividend and
//!    divisor, unless either has more than
//!    [`MAX_ADD_TERMS_FOR_POLY_GCD`] terms. What is left is divided
//!    again, so the rules apply to the quotients:
//!    `(X*Y + X + Y + 1) // (X + 1) = (Y + 1) // 1 = Y + 1`.
//!
//! `a % b` is PyTorch's `Mod` when both operands are known to be
//! non-negative and `PythonMod` otherwise (the choice `SymNode` makes from
//! the operands' value ranges). Both give `0` for `a % a`, `a % -a`,
//! `a % 1` and for a one-term dividend that a one-term divisor divides
//! (`(6*s0*s1) % (2*s1)`, sympy's `(p/q).is_integer`); `PythonMod` also
//! gives `0` when the divisor divides the dividend as a polynomial
//! (`sympy.Mod(p, q) == 0`: `(2*s0 + 2) % (s0 + 1)`), where `Mod` keeps
//! `Mod(2*s0 + 2, s0 + 1)`.
//!
//! `CeilDiv(a, b)` is `a // b` when `b` is `sympy.gcd(a, b)` (it divides
//! `a` and its leading coefficient is positive), and `(a + b - 1) // b`
//! otherwise.
//!
//! Where PyTorch's rules would change a value, or divide by zero where the
//! original did not, ours hold back (sizes, which are positive, always
//! pass both conditions): a nested division merges only when the outer
//! divisor is non-negative (`(s0//2)//(-3)` stays; PyTorch's `s0//(-6)`
//! differs at `s0 = 1`), and a symbolic common factor cancels only when
//! the ranges say the divisor is not zero (as `a // a = 1` and
//! `a % a = 0`).
//!
//! The arena keeps polynomials expanded, in one canonical form; sympy
//! keeps the syntax it is given. After a cancellation PyTorch divides
//! `sympy.simplify(base / gcd)`, which factors out the common monomial
//! (`s0*(s0*s1 + 1)`), and the rules then apply to that syntax: a factor
//! can cancel that is no factor of every expanded term, and a constant
//! divisor takes out all or nothing of a factored dividend. Ours goes on
//! with the expanded quotient, so after a first cancellation the result
//! can be less or more simplified than PyTorch's (the same value), and it
//! prints expanded where sympy prints factored (`s0*(s1 + 1)`), as it
//! does for a merged divisor `s2*(s1 + 1)`.
//!
//! `Mod` (not `PythonMod`) gives `p` when sympy's assumptions prove
//! `p < q` and `p/q` positive (`Mod(s0, 5*s0) = s0` for sizes, made
//! `positive=True`); ours proves it for polynomials with no negative
//! coefficient over such symbols.
//! Ours and not PyTorch's: a division by a positive constant of a
//! dividend in `[0, d)` is `0`, and a modulus by a positive constant
//! reduces every coefficient. A modulus by a constant is not its dividend
//! because the dividend's value range lies in `[0, d)`: sympy's `Mod`
//! knows assumptions, not ranges, so `Eq(Mod(8*u0, 11), 0)` stays an
//! assert of divisibility and does not solve `u0` to 0.

use super::arena::{BinOp, ExprArena};
use super::expr::{ExprId, Monomial, Node, Poly, RelOp, floor_div, gcd, py_mod};
use super::polynomial::{self, Exps, MPoly};
use crate::error::{Error, ErrorKind, Result};
use smallvec::SmallVec;

/// Sums with more arguments than this are not given to the polynomial
/// gcd (PyTorch's `_MAX_ADD_TERMS_FOR_POLY_GCD`).
pub(crate) const MAX_ADD_TERMS_FOR_POLY_GCD: usize = 20;

/// sympy's order of polynomial generators (`_sort_gens`): symbols first,
/// `s` before `u` and by number, then other atoms by their printed form.
#[derive(Debug, Clone, PartialEq, Eq, PartialOrd, Ord)]
enum GenKey {
    Symbol { unbacked: bool, ordinal: u32 },
    Other(String),
}

/// One factor of a product as `sympy.Mul.make_args` lists it.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Factor {
    /// A number (a coefficient other than 1, or a constant term).
    Num(i64),
    /// An atom to a power (`s0**2` is one factor).
    Pow(ExprId, u32),
}

impl ExprArena {
    /// Floor division `a // b`, canonicalised as PyTorch's `FloorDiv`
    /// (see the module documentation for the rules).
    pub fn floordiv(&mut self, a: ExprId, b: ExprId) -> Result<ExprId> {
        self.cached(BinOp::FloorDiv, a, b, Self::floordiv_uncached)
    }

    fn floordiv_uncached(&mut self, a: ExprId, b: ExprId) -> Result<ExprId> {
        match (self.node(a), self.node(b)) {
            (_, Node::Int(0)) => return Err(self.div_zero("//", a, b)),
            (Node::Int(0), _) | (_, Node::Int(1)) => return Ok(a),
            (_, Node::Int(-1)) => return self.neg(a),
            (&Node::Int(x), &Node::Int(y)) => {
                return match floor_div(x, y) {
                    Some(v) => Ok(self.int(v)),
                    None => Err(self.overflow("//", a, b)),
                };
            }
            _ => {}
        }
        // `FloorDiv.eval`: `base == divisor` is 1, zero or not.
        if a == b {
            return Ok(self.int(1));
        }
        // floor(floor(x/y)/b) = floor(x/(y*b)) for an integer b > 0 (and
        // both sides divide by zero when b = 0).
        if let Node::FloorDiv(x, y) = *self.node(a)
            && self.range(b).lo_raw() >= 0
            && let Ok(yb) = self.mul(y, b)
        {
            return self.floordiv(x, yb);
        }
        if let Some(d) = self.as_int(b)
            && let Some(q) = self.take_out_multiples(a, d)?
        {
            return Ok(q);
        }
        if let Some(q) = self.cancel_common_factor(a, b)? {
            return Ok(q);
        }
        if let Some(d) = self.as_int(b)
            && d > 0
        {
            let r = self.range(a);
            if r.lo_raw() >= 0 && r.hi_raw() < i128::from(d) {
                return Ok(self.int(0));
            }
        }
        Ok(self.intern(Node::FloorDiv(a, b)))
    }

    /// `(q*d + r) // d = q + r // d` for the terms `q*d` whose coefficient
    /// `d` divides; `None` when there are none.
    fn take_out_multiples(&mut self, a: ExprId, d: i64) -> Result<Option<ExprId>> {
        let divides = |c: i64| c.checked_rem(d) == Some(0);
        let p = self.poly(a);
        let mut quotient = Poly::constant(0);
        let mut rest = Poly::constant(0);
        let mut taken = false;
        match p.constant.checked_div(d) {
            Some(q) if p.constant != 0 && divides(p.constant) => {
                quotient.constant = q;
                taken = true;
            }
            _ => rest.constant = p.constant,
        }
        for (m, c) in p.terms {
            match c.checked_div(d) {
                Some(q) if divides(c) => {
                    quotient.terms.push((m, q));
                    taken = true;
                }
                _ => rest.terms.push((m, c)),
            }
        }
        if !taken {
            return Ok(None);
        }
        let (rest, quotient) = (self.intern_poly(rest), self.intern_poly(quotient));
        let divisor = self.int(d);
        let div = self.floordiv(rest, divisor)?;
        Ok(Some(self.add(div, quotient)?))
    }

    /// `(g*p) // (g*q) = p // q` for the common factor `g` PyTorch finds
    /// (`simple_floordiv_gcd`, then `sympy.gcd` for a sum divisor);
    /// `None` when there is none. As sympy's `simplify(base / gcd)`, a
    /// symbolic factor cancels whether or not it may be zero.
    fn cancel_common_factor(&mut self, a: ExprId, b: ExprId) -> Result<Option<ExprId>> {
        let (pa, pb) = (self.poly(a), self.poly(b));
        let mut g = simple_floordiv_gcd(&pa, &pb);
        if g.as_constant() == Some(1)
            && sum_args(&pb) >= 2
            && sum_args(&pa) <= MAX_ADD_TERMS_FOR_POLY_GCD
            && sum_args(&pb) <= MAX_ADD_TERMS_FOR_POLY_GCD
        {
            g = self.poly_gcd(&pa, &pb).unwrap_or(Poly::constant(1));
        }
        if g.as_constant() == Some(1) {
            return Ok(None);
        }
        let (Some(qa), Some(qb)) = (self.poly_div_exact(&pa, &g), self.poly_div_exact(&pb, &g))
        else {
            return Ok(None);
        };
        let (qa, qb) = (self.intern_poly(qa), self.intern_poly(qb));
        Ok(Some(self.floordiv(qa, qb)?))
    }

    /// True when the ranges say `b` is never zero (interval bound, then
    /// PyTorch's reallocation of symbols above their lower bounds).
    pub(crate) fn known_nonzero(&self, b: ExprId) -> bool {
        let nonzero = |r: super::range::ValueRange| r.lo_raw() > 0 || r.hi_raw() < 0;
        nonzero(self.range(b)) || self.shifted_range(b).is_some_and(nonzero)
    }

    /// `TruncToInt(c * ToFloat(a))`, PyTorch's size of `a` scaled by a
    /// float (an interpolation's `scale_factor`): a constant `a` folds in
    /// `f64`, a zero `c` is 0 (as sympy's `0.0*x`), anything else is the
    /// node, even for an integral `c` (sympy keeps `2.0*ToFloat(s0)`),
    /// evaluated and bounded in `f64` as Python computes it.
    pub fn trunc_scaled(&mut self, c: f64, a: ExprId) -> Result<ExprId> {
        let overflow = |arena: &Self| {
            Error::from(ErrorKind::Overflow {
                op: "TruncToInt",
                lhs: super::float::sympy_float(c),
                rhs: arena.display(a),
            })
        };
        if !c.is_finite() {
            return Err(overflow(self));
        }
        if let Some(v) = self.as_int(a) {
            return match trunc_scaled_value(c, v) {
                Some(t) => Ok(self.int(t)),
                None => Err(overflow(self)),
            };
        }
        if c == 0.0 {
            return Ok(self.int(0));
        }
        Ok(self.intern(Node::TruncScaled(c.to_bits(), a)))
    }

    /// Ceiling division, as PyTorch's `CeilDiv`: `a // b` when `b` is
    /// `gcd(a, b)` (PyTorch's `CleanDiv`), `(a + b - 1) // b` otherwise.
    pub fn ceildiv(&mut self, a: ExprId, b: ExprId) -> Result<ExprId> {
        if self.as_int(b) == Some(0) {
            return Err(self.div_zero("CeilDiv", a, b));
        }
        if let (Some(x), Some(y)) = (self.as_int(a), self.as_int(b)) {
            // -((-x) // y), checked.
            return match x
                .checked_neg()
                .and_then(|nx| floor_div(nx, y))
                .and_then(i64::checked_neg)
            {
                Some(v) => Ok(self.int(v)),
                None => Err(self.overflow("CeilDiv", a, b)),
            };
        }
        // For a constant divisor both forms give the same result.
        if self.as_int(b).is_none() && self.is_gcd_of(b, a) {
            return self.floordiv(a, b);
        }
        let one = self.int(1);
        let bm1 = self.sub(b, one)?;
        let num = self.add(a, bm1)?;
        self.floordiv(num, b)
    }

    /// True when `sympy.gcd(a, b) == b`: `b` divides `a` and its leading
    /// coefficient (in sympy's generator order) is positive.
    fn is_gcd_of(&self, b: ExprId, a: ExprId) -> bool {
        let (pa, pb) = (self.poly(a), self.poly(b));
        let atoms = self.generators(&[&pa, &pb]);
        let (Some(ma), Some(mb)) = (to_mpoly(&pa, &atoms), to_mpoly(&pb, &atoms)) else {
            return false;
        };
        let leads_positive = mb.terms().last().is_some_and(|(_, c)| c > 0);
        leads_positive && ma.div_exact(&mb).is_some()
    }

    /// Python modulus `a % b`, canonicalised as PyTorch's `Mod` (both
    /// operands non-negative) or `PythonMod` (see the module
    /// documentation for the rules).
    pub fn modulo(&mut self, a: ExprId, b: ExprId) -> Result<ExprId> {
        self.cached(BinOp::Mod, a, b, Self::modulo_uncached)
    }

    fn modulo_uncached(&mut self, a: ExprId, b: ExprId) -> Result<ExprId> {
        match (self.node(a), self.node(b)) {
            (_, Node::Int(0)) => Err(self.div_zero("%", a, b)),
            (&Node::Int(x), &Node::Int(y)) => match py_mod(x, y) {
                Some(v) => Ok(self.int(v)),
                None => Err(self.overflow("%", a, b)),
            },
            (_, Node::Int(1) | Node::Int(-1)) | (Node::Int(0), _) => Ok(self.int(0)),
            (_, &Node::Int(d)) if d > 0 => self.modulo_const(a, b, d),
            _ => Ok(self.modulo_symbolic(a, b)),
        }
    }

    /// `a % d` for a constant `d > 0`: coefficients reduce modulo `d`
    /// (`(4*s0) % 2 = 0`).
    fn modulo_const(&mut self, a: ExprId, b: ExprId, d: i64) -> Result<ExprId> {
        let p = self.poly(a);
        let mut rest = Poly::constant(p.constant.rem_euclid(d));
        for (m, c) in p.terms {
            let r = c.rem_euclid(d);
            if r != 0 {
                rest.terms.push((m, r));
            }
        }
        if rest.terms.is_empty() {
            return Ok(self.int(rest.constant));
        }
        let r = self.intern_poly(rest);
        Ok(self.intern(Node::Mod(r, b)))
    }

    fn modulo_symbolic(&mut self, a: ExprId, b: ExprId) -> ExprId {
        if !self.known_nonzero(b) {
            return self.intern(Node::Mod(a, b));
        }
        let (pa, pb) = (self.poly(a), self.poly(b));
        if a == b || pb.scale(-1).is_ok_and(|nb| nb == pa) {
            return self.int(0);
        }
        // `Mod` knows `p % q = 0` only when sympy's `p/q` is an integer,
        // which for polynomials means one term over one term;
        // `PythonMod` asks `sympy.Mod`, which cancels their gcd first.
        let python = self.range(a).lo_raw() < 0 || self.range(b).lo_raw() < 0;
        let one_term = |p: &Poly| p.constant == 0 && p.terms.len() == 1;
        if (python || (one_term(&pa) && one_term(&pb))) && self.poly_div_exact(&pa, &pb).is_some() {
            return self.int(0);
        }
        // `Mod`'s last rule: `p < q` (sympy's `q - p` positive) and `p/q`
        // positive give `p`.
        if !python && self.sympy_positive(&pa) && self.sympy_positive(&pb) {
            let diff = self.sub(b, a);
            if diff.is_ok_and(|d| self.sympy_positive(&self.poly(d))) {
                return a;
            }
        }
        self.intern(Node::Mod(a, b))
    }

    /// `p OP 0` as sympy's assumptions alone decide it (every atom a
    /// positive symbol): true or false where `p` is positive, or for `>=`
    /// and `<` non-negative ([`super::decide::positive_polynomial`] of
    /// `p + 1`); `None` otherwise.
    pub(super) fn sympy_sign_decides(&self, op: RelOp, p: &Poly) -> Option<bool> {
        if p.terms.is_empty() || !self.positive_atoms(p) {
            return None;
        }
        if self.sympy_positive(p) {
            return Some(matches!(op, RelOp::Ne | RelOp::Gt | RelOp::Ge));
        }
        if matches!(op, RelOp::Ge | RelOp::Lt) {
            let shifted = Poly {
                constant: p.constant.checked_add(1)?,
                terms: p.terms.clone(),
            };
            if self.sympy_positive(&shifted) {
                return Some(op == RelOp::Ge);
            }
        }
        None
    }

    /// Whether every atom of `p` is a symbol made positive.
    fn positive_atoms(&self, p: &Poly) -> bool {
        let positive = |atom: ExprId| match self.node(atom) {
            Node::Symbol(s) => self.symbols[s.index() as usize].positive,
            _ => false,
        };
        p.terms
            .iter()
            .all(|(m, _)| m.iter().all(|&(a, _)| positive(a)))
    }

    /// sympy's `is_positive` of a polynomial as its assumptions prove it:
    /// every atom a symbol made positive, then
    /// [`super::decide::positive_polynomial`].
    fn sympy_positive(&self, p: &Poly) -> bool {
        if !self.positive_atoms(p) {
            return false;
        }
        let atoms: SmallVec<[SmallVec<[ExprId; 2]>; 4]> = p
            .terms
            .iter()
            .map(|(m, _)| m.iter().map(|&(a, _)| a).collect())
            .collect();
        let terms = p
            .terms
            .iter()
            .zip(&atoms)
            .map(|((_, c), a)| (i128::from(*c), a.as_slice()));
        super::decide::positive_polynomial(i128::from(p.constant), terms)
    }

    // ---- polynomials over the arena's atoms ----------------------------------

    /// The atoms of `polys`, in sympy's generator order.
    fn generators(&self, polys: &[&Poly]) -> Vec<ExprId> {
        let mut atoms: Vec<ExprId> = Vec::new();
        for p in polys {
            for (m, _) in &p.terms {
                for &(atom, _) in m {
                    if !atoms.contains(&atom) {
                        atoms.push(atom);
                    }
                }
            }
        }
        let mut keyed: Vec<(GenKey, ExprId)> =
            atoms.into_iter().map(|a| (self.gen_key(a), a)).collect();
        keyed.sort();
        keyed.into_iter().map(|(_, a)| a).collect()
    }

    fn gen_key(&self, atom: ExprId) -> GenKey {
        match self.node(atom) {
            Node::Symbol(s) => GenKey::Symbol {
                unbacked: self.is_unbacked(*s),
                ordinal: self.symbols[s.index() as usize].ordinal,
            },
            _ => GenKey::Other(self.display(atom)),
        }
    }

    /// `sympy.gcd(p, q)`; `None` when the computation gives up.
    fn poly_gcd(&self, p: &Poly, q: &Poly) -> Option<Poly> {
        let atoms = self.generators(&[p, q]);
        let g = polynomial::gcd(&to_mpoly(p, &atoms)?, &to_mpoly(q, &atoms)?)?;
        from_mpoly(&g, &atoms)
    }

    /// `p / d` when `d` divides `p` exactly.
    pub(crate) fn poly_div_exact(&self, p: &Poly, d: &Poly) -> Option<Poly> {
        let atoms = self.generators(&[p, d]);
        let q = to_mpoly(p, &atoms)?.div_exact(&to_mpoly(d, &atoms)?)?;
        from_mpoly(&q, &atoms)
    }
}

/// The number of arguments of `p` as a sympy `Add` (0 or 1: not an `Add`).
fn sum_args(p: &Poly) -> usize {
    p.terms.len() + usize::from(p.constant != 0)
}

/// PyTorch's `simple_floordiv_gcd(p, q)`: the integer gcd of all
/// coefficients of `p` and `q`, times each factor of `q / gcd` (when `q` is
/// not a sum) that is a factor of every term of `p / gcd`.
fn simple_floordiv_gcd(p: &Poly, q: &Poly) -> Poly {
    let integer_factor = |p: &Poly| {
        let constant = (p.constant != 0).then_some(p.constant);
        p.terms.iter().map(|(_, c)| *c).chain(constant).fold(0, gcd)
    };
    let n = gcd(integer_factor(p), integer_factor(q));
    if n == 0 {
        return Poly::constant(1);
    }
    let (p, q) = (p.div_exact(n), q.div_exact(n));
    let mut coeff = n;
    let mut common = Monomial::new();
    if sum_args(&q) < 2 {
        let mut divisor: SmallVec<[Factor; 4]> = SmallVec::new();
        match q.terms.as_slice() {
            [] => divisor.push(Factor::Num(q.constant)),
            [(m, c)] => {
                if *c != 1 {
                    divisor.push(Factor::Num(*c));
                }
                divisor.extend(m.iter().map(|&(a, k)| Factor::Pow(a, k)));
            }
            _ => {}
        }
        let in_every_term = |x: Factor| {
            let constant_ok = p.constant == 0 || x == Factor::Num(p.constant);
            constant_ok
                && p.terms.iter().all(|(m, c)| match x {
                    Factor::Num(k) => *c != 1 && *c == k,
                    Factor::Pow(a, k) => m.contains(&(a, k)),
                })
        };
        for x in divisor {
            if in_every_term(x) {
                match x {
                    Factor::Num(k) => coeff = coeff.checked_mul(k).unwrap_or(coeff),
                    Factor::Pow(a, k) => common.push((a, k)),
                }
            }
        }
    }
    if common.is_empty() {
        return Poly::constant(coeff);
    }
    let mut g = Poly::constant(0);
    g.terms.push((common, coeff));
    g
}

/// `p` over the variables `atoms` (`None` when `p` mentions another atom).
fn to_mpoly(p: &Poly, atoms: &[ExprId]) -> Option<MPoly> {
    let n = atoms.len();
    let mut out = MPoly::constant(n, i128::from(p.constant));
    for (m, c) in &p.terms {
        let mut e: Exps = SmallVec::from_elem(0, n);
        for &(atom, k) in m {
            e[atoms.iter().position(|&x| x == atom)?] = k;
        }
        out.add_term(e, i128::from(*c))?;
    }
    Some(out)
}

/// The arena's form of `m` (`None` when a coefficient does not fit).
fn from_mpoly(m: &MPoly, atoms: &[ExprId]) -> Option<Poly> {
    let mut p = Poly::constant(0);
    for (e, c) in m.terms() {
        let c = i64::try_from(c).ok()?;
        let mut mono = Monomial::new();
        for (i, &k) in e.iter().enumerate() {
            if k > 0 {
                mono.push((atoms[i], k));
            }
        }
        if mono.is_empty() {
            p.constant = c;
        } else {
            mono.sort();
            p.terms.push((mono, c));
        }
    }
    p.terms.sort_by(|x, y| x.0.cmp(&y.0));
    Some(p)
}

/// `math.trunc(c * float(a))` in `f64`, as Python computes it; `None`
/// when the result is not a 64-bit integer.
pub(crate) fn trunc_scaled_value(c: f64, a: i64) -> Option<i64> {
    let x = (a as f64 * c).trunc();
    (x.is_finite() && x.abs() < 9.2e18).then_some(x as i64)
}
