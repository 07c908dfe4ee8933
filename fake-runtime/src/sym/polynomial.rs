//! Multivariate polynomials with integer coefficients, for cancelling
//! common factors in floor division and modulus: exact division, and the
//! greatest common divisor as `sympy.gcd` gives it.
//!
//! Variables are indices into an order the caller chooses; exponent
//! vectors compare lexicographically, so the leading term is the one of
//! highest degree in the first variable, then the second, and so on
//! (sympy's `lex`). A gcd is normalised as sympy normalises it over the
//! integers: the integer content is included and the leading coefficient
//! is positive.
//!
//! Coefficients are `i128` with checked arithmetic; every operation that
//! could overflow, or that would take more than [`MAX_STEPS`] reduction
//! steps, answers `None` (the caller then cancels nothing). Nothing here
//! panics.

use smallvec::SmallVec;
use std::collections::BTreeMap;

/// Exponents of the variables, one per variable.
pub(crate) type Exps = SmallVec<[u32; 4]>;

/// Reduction steps (division steps, pseudo-remainder steps) one
/// operation may take before it gives up.
pub(crate) const MAX_STEPS: usize = 4096;

/// A polynomial over `nvars` variables: exponent vectors to non-zero
/// coefficients.
#[derive(Debug, Clone, PartialEq, Eq)]
pub(crate) struct MPoly {
    nvars: usize,
    terms: BTreeMap<Exps, i128>,
}

impl MPoly {
    /// The zero polynomial.
    pub(crate) fn zero(nvars: usize) -> MPoly {
        MPoly {
            nvars,
            terms: BTreeMap::new(),
        }
    }

    /// The constant `c`.
    pub(crate) fn constant(nvars: usize, c: i128) -> MPoly {
        let mut p = MPoly::zero(nvars);
        if c != 0 {
            p.terms.insert(SmallVec::from_elem(0, nvars), c);
        }
        p
    }

    /// Add `c * x^e` in place (`None` on overflow).
    pub(crate) fn add_term(&mut self, e: Exps, c: i128) -> Option<()> {
        if c == 0 {
            return Some(());
        }
        match self.terms.get_mut(&e) {
            Some(acc) => {
                *acc = acc.checked_add(c)?;
                if *acc == 0 {
                    self.terms.remove(&e);
                }
            }
            None => {
                self.terms.insert(e, c);
            }
        }
        Some(())
    }

    /// The terms, in increasing lexicographic order of exponents.
    pub(crate) fn terms(&self) -> impl Iterator<Item = (&Exps, i128)> {
        self.terms.iter().map(|(e, &c)| (e, c))
    }

    /// True for the zero polynomial.
    pub(crate) fn is_zero(&self) -> bool {
        self.terms.is_empty()
    }

    /// The value, when the polynomial is a constant.
    pub(crate) fn as_constant(&self) -> Option<i128> {
        match self.terms.len() {
            0 => Some(0),
            1 => {
                let (e, &c) = self.terms.iter().next()?;
                e.iter().all(|&k| k == 0).then_some(c)
            }
            _ => None,
        }
    }

    /// The leading term (highest in lexicographic order).
    fn leading(&self) -> Option<(&Exps, i128)> {
        self.terms.last_key_value().map(|(e, &c)| (e, c))
    }

    /// `-self`.
    fn neg(&self) -> Option<MPoly> {
        self.scale(-1)
    }

    /// `c * self`.
    fn scale(&self, c: i128) -> Option<MPoly> {
        let mut out = MPoly::zero(self.nvars);
        for (e, &k) in &self.terms {
            out.add_term(e.clone(), k.checked_mul(c)?)?;
        }
        Some(out)
    }

    /// `self - other`.
    fn sub(&self, other: &MPoly) -> Option<MPoly> {
        let mut out = self.clone();
        for (e, &k) in &other.terms {
            out.add_term(e.clone(), k.checked_neg()?)?;
        }
        Some(out)
    }

    /// `c * x^e * self`.
    fn mul_term(&self, e: &Exps, c: i128) -> Option<MPoly> {
        let mut out = MPoly::zero(self.nvars);
        for (f, &k) in &self.terms {
            let mut g = f.clone();
            for (x, &y) in g.iter_mut().zip(e) {
                *x = x.checked_add(y)?;
            }
            out.add_term(g, k.checked_mul(c)?)?;
        }
        Some(out)
    }

    /// `self * other`.
    pub(crate) fn mul(&self, other: &MPoly) -> Option<MPoly> {
        let mut out = MPoly::zero(self.nvars);
        for (e, &c) in &other.terms {
            for (f, k) in self.mul_term(e, c)?.terms {
                out.add_term(f, k)?;
            }
        }
        Some(out)
    }

    /// `self / d` when `d` divides `self` exactly (with an integer
    /// quotient); `None` otherwise, on overflow, or when `d` is zero.
    pub(crate) fn div_exact(&self, d: &MPoly) -> Option<MPoly> {
        let (de, dc) = d.leading()?;
        let (de, dc) = (de.clone(), dc);
        let mut rest = self.clone();
        let mut quotient = MPoly::zero(self.nvars);
        for _ in 0..MAX_STEPS {
            let Some((e, c)) = rest.leading() else {
                return Some(quotient);
            };
            if c.checked_rem(dc)? != 0 {
                return None;
            }
            let mut q: Exps = SmallVec::with_capacity(self.nvars);
            for (&x, &y) in e.iter().zip(&de) {
                q.push(x.checked_sub(y)?);
            }
            let k = c.checked_div(dc)?;
            // The leading terms cancel, so the leading term of `rest`
            // strictly decreases.
            rest = rest.sub(&d.mul_term(&q, k)?)?;
            quotient.add_term(q, k)?;
        }
        None
    }

    /// The highest exponent of variable `v`.
    fn degree(&self, v: usize) -> u32 {
        self.terms.keys().map(|e| e[v]).max().unwrap_or(0)
    }

    /// The coefficient of `x_v^k`, a polynomial free of `x_v`.
    fn coeff(&self, v: usize, k: u32) -> MPoly {
        let mut out = MPoly::zero(self.nvars);
        for (e, &c) in &self.terms {
            if e[v] == k {
                let mut f = e.clone();
                f[v] = 0;
                out.terms.insert(f, c);
            }
        }
        out
    }

    /// The coefficients of `self` as a polynomial in `x_v`.
    fn coeffs(&self, v: usize) -> BTreeMap<u32, MPoly> {
        let mut out: BTreeMap<u32, MPoly> = BTreeMap::new();
        for (e, &c) in &self.terms {
            let mut f = e.clone();
            f[v] = 0;
            out.entry(e[v])
                .or_insert_with(|| MPoly::zero(self.nvars))
                .terms
                .insert(f, c);
        }
        out
    }

    /// The content in `x_v`: the gcd of the coefficients.
    fn content(&self, v: usize) -> Option<MPoly> {
        let mut acc = MPoly::zero(self.nvars);
        for c in self.coeffs(v).values() {
            acc = gcd(&acc, c)?;
            if acc.as_constant() == Some(1) {
                break;
            }
        }
        Some(acc)
    }

    /// The primitive part in `x_v` (the polynomial over its content).
    fn primitive(&self, v: usize) -> Option<MPoly> {
        self.div_exact(&self.content(v)?)
    }

    /// The pseudo-remainder of `self` by `d` in `x_v`: `lc(d)^k * self`
    /// reduced until its degree in `x_v` is below `d`'s.
    fn prem(&self, d: &MPoly, v: usize) -> Option<MPoly> {
        let dd = d.degree(v);
        let lc = d.coeff(v, dd);
        let mut r = self.clone();
        for _ in 0..MAX_STEPS {
            if r.is_zero() || r.degree(v) < dd {
                return Some(r);
            }
            let dr = r.degree(v);
            let lr = r.coeff(v, dr);
            let mut shift: Exps = SmallVec::from_elem(0, self.nvars);
            shift[v] = dr - dd;
            r = lc.mul(&r)?.sub(&lr.mul(&d.mul_term(&shift, 1)?)?)?;
        }
        None
    }

    /// `self` or `-self`, whichever has a positive leading coefficient.
    fn normalized(self) -> Option<MPoly> {
        match self.leading() {
            Some((_, c)) if c < 0 => self.neg(),
            _ => Some(self),
        }
    }

    /// The lowest-numbered variable `self` mentions.
    fn first_variable(&self) -> Option<usize> {
        self.terms
            .keys()
            .filter_map(|e| e.iter().position(|&k| k > 0))
            .min()
    }
}

/// The greatest common divisor of `f` and `g` (integer content included,
/// leading coefficient positive; `gcd(0, 0) = 0`), by primitive
/// pseudo-remainder sequences, one variable at a time.
pub(crate) fn gcd(f: &MPoly, g: &MPoly) -> Option<MPoly> {
    if f.is_zero() {
        return g.clone().normalized();
    }
    if g.is_zero() {
        return f.clone().normalized();
    }
    if let (Some(a), Some(b)) = (f.as_constant(), g.as_constant()) {
        return Some(MPoly::constant(f.nvars, i128_gcd(a, b)?));
    }
    let v = match (f.first_variable(), g.first_variable()) {
        (Some(a), Some(b)) => a.min(b),
        (Some(a), None) | (None, Some(a)) => a,
        (None, None) => return None,
    };
    // A polynomial free of `x_v` shares with the other only what the
    // other's coefficients in `x_v` have in common.
    if f.degree(v) == 0 {
        return gcd(f, &g.content(v)?);
    }
    if g.degree(v) == 0 {
        return gcd(&f.content(v)?, g);
    }
    let (cf, cg) = (f.content(v)?, g.content(v)?);
    let content = gcd(&cf, &cg)?;
    let (mut a, mut b) = (f.div_exact(&cf)?, g.div_exact(&cg)?);
    if a.degree(v) < b.degree(v) {
        std::mem::swap(&mut a, &mut b);
    }
    for _ in 0..MAX_STEPS {
        let r = a.prem(&b, v)?;
        if r.is_zero() {
            return content.mul(&b)?.normalized();
        }
        if r.degree(v) == 0 {
            // Coprime in `x_v`: only the contents are shared.
            return content.normalized();
        }
        a = b;
        b = r.primitive(v)?;
    }
    None
}

fn i128_gcd(a: i128, b: i128) -> Option<i128> {
    let (mut a, mut b) = (a.unsigned_abs(), b.unsigned_abs());
    while b != 0 {
        (a, b) = (b, a % b);
    }
    i128::try_from(a).ok()
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A polynomial in `n` variables from `(exponents, coefficient)` pairs.
    fn p(n: usize, terms: &[(&[u32], i128)]) -> MPoly {
        let mut out = MPoly::zero(n);
        for &(e, c) in terms {
            out.add_term(SmallVec::from_slice(e), c).unwrap();
        }
        out
    }

    #[test]
    fn gcd_of_products_is_the_common_factor() {
        // x*y + x + y + 1 = (x + 1)(y + 1) and x + 1.
        let f = p(2, &[(&[1, 1], 1), (&[1, 0], 1), (&[0, 1], 1), (&[0, 0], 1)]);
        let g = p(2, &[(&[1, 0], 1), (&[0, 0], 1)]);
        assert_eq!(gcd(&f, &g), Some(g.clone()));
        assert_eq!(f.div_exact(&g), Some(p(2, &[(&[0, 1], 1), (&[0, 0], 1)])));
        // 4x + 4 and 6x + 6: content included.
        let f = p(1, &[(&[1], 4), (&[0], 4)]);
        let g = p(1, &[(&[1], 6), (&[0], 6)]);
        assert_eq!(gcd(&f, &g), Some(p(1, &[(&[1], 2), (&[0], 2)])));
        // x^2 - 1 and x^2 - 2x + 1 share x - 1.
        let f = p(1, &[(&[2], 1), (&[0], -1)]);
        let g = p(1, &[(&[2], 1), (&[1], -2), (&[0], 1)]);
        assert_eq!(gcd(&f, &g), Some(p(1, &[(&[1], 1), (&[0], -1)])));
    }

    #[test]
    fn gcd_leading_coefficient_is_positive() {
        // gcd(y - x, x - y) = x - y: positive in the first variable.
        let f = p(2, &[(&[0, 1], 1), (&[1, 0], -1)]);
        let g = p(2, &[(&[1, 0], 1), (&[0, 1], -1)]);
        assert_eq!(gcd(&f, &g), Some(g.clone()));
        assert_eq!(gcd(&f, &f), Some(g));
    }

    #[test]
    fn coprime_polynomials_have_gcd_one() {
        let f = p(2, &[(&[1, 1], 1), (&[0, 0], 1)]);
        let g = p(2, &[(&[1, 0], 1), (&[0, 1], 1)]);
        assert_eq!(gcd(&f, &g), Some(MPoly::constant(2, 1)));
        assert_eq!(f.div_exact(&g), None);
    }

    #[test]
    fn overflow_gives_up_instead_of_wrapping() {
        let big = i128::MAX / 2 + 1;
        let f = p(1, &[(&[1], big), (&[0], 1)]);
        assert_eq!(f.scale(4), None);
        let g = p(1, &[(&[1], 3), (&[0], 1)]);
        assert_eq!(f.mul(&g), None);
    }
}
