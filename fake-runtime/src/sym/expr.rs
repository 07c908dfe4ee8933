//! Expression nodes and the polynomial form they are canonicalised through.
//!
//! Integer expressions are kept as sums of monomials with integer
//! coefficients over *atoms* (symbols and the non-polynomial functions
//! `FloorDiv`, `Mod`, `Max`, `Min`); relations are kept as `p OP 0` with the
//! first coefficient of `p` positive, and negation is pushed inwards, so
//! there is no `Not` node. Equal canonical forms are equal nodes, and the
//! arena hands out one [`ExprId`] per node.

use smallvec::SmallVec;
use std::cmp::Ordering;

/// A handle to an interned expression. Equal expressions (in canonical
/// form) have equal handles, so comparison and hashing are O(1).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct ExprId(pub(crate) u32);

impl ExprId {
    /// The raw index, for diagnostics.
    pub fn index(self) -> u32 {
        self.0
    }
}

/// A symbol of a ShapeEnv: a backed size (`s0`, with a hint) or an unbacked
/// one (`u0`, from a data-dependent operator).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Symbol(pub(crate) u32);

impl Symbol {
    /// The raw index into the ShapeEnv's symbol table.
    pub fn index(self) -> u32 {
        self.0
    }
}

/// A relation of a canonical condition `p OP 0`.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum RelOp {
    /// `p == 0`
    Eq,
    /// `p != 0`
    Ne,
    /// `p < 0`
    Lt,
    /// `p <= 0`
    Le,
    /// `p > 0`
    Gt,
    /// `p >= 0`
    Ge,
}

impl RelOp {
    /// The relation that holds exactly when this one does not.
    pub fn negate(self) -> RelOp {
        match self {
            RelOp::Eq => RelOp::Ne,
            RelOp::Ne => RelOp::Eq,
            RelOp::Lt => RelOp::Ge,
            RelOp::Le => RelOp::Gt,
            RelOp::Gt => RelOp::Le,
            RelOp::Ge => RelOp::Lt,
        }
    }

    /// The relation with its sides swapped (`a < b` is `b > a`).
    pub fn flip(self) -> RelOp {
        match self {
            RelOp::Eq | RelOp::Ne => self,
            RelOp::Lt => RelOp::Gt,
            RelOp::Le => RelOp::Ge,
            RelOp::Gt => RelOp::Lt,
            RelOp::Ge => RelOp::Le,
        }
    }

    /// Decide `v OP 0` for a known `v`.
    pub fn holds(self, ordering: Ordering) -> bool {
        match self {
            RelOp::Eq => ordering == Ordering::Equal,
            RelOp::Ne => ordering != Ordering::Equal,
            RelOp::Lt => ordering == Ordering::Less,
            RelOp::Le => ordering != Ordering::Greater,
            RelOp::Gt => ordering == Ordering::Greater,
            RelOp::Ge => ordering != Ordering::Less,
        }
    }

    /// The operator as printed between two sides.
    pub fn symbol(self) -> &'static str {
        match self {
            RelOp::Eq => "==",
            RelOp::Ne => "!=",
            RelOp::Lt => "<",
            RelOp::Le => "<=",
            RelOp::Gt => ">",
            RelOp::Ge => ">=",
        }
    }
}

/// A product of atoms with positive powers, sorted by atom.
pub(crate) type Monomial = SmallVec<[(ExprId, u32); 2]>;

/// Terms of a sum: monomials with non-zero coefficients, sorted by monomial.
pub(crate) type Terms = SmallVec<[(Monomial, i64); 2]>;

/// Arguments of `Max`/`Min`/`And`/`Or`: sorted, without duplicates.
pub(crate) type Args = SmallVec<[ExprId; 2]>;

/// One interned node.
#[derive(Debug, Clone, PartialEq, Eq, Hash)]
pub(crate) enum Node {
    /// An integer constant (only ever an argument of another node: a
    /// [`super::SymInt`] never holds one).
    Int(i64),
    /// A boolean constant.
    Bool(bool),
    /// A symbol.
    Symbol(Symbol),
    /// `constant + sum(coeff * monomial)`; never a bare constant, never a
    /// bare atom.
    Sum { constant: i64, terms: Terms },
    /// Floor division `a // b`.
    FloorDiv(ExprId, ExprId),
    /// `TruncToInt(c * ToFloat(a))`: an integer scaled by the float `c`
    /// (its bits) and truncated in `f64`, as Python computes it.
    TruncScaled(u64, ExprId),
    /// Python modulus `a % b` (sign follows the divisor).
    Mod(ExprId, ExprId),
    /// Maximum of at least two arguments.
    Max(Args),
    /// Minimum of at least two arguments.
    Min(Args),
    /// `p OP 0`, with `p` a polynomial whose first coefficient is positive.
    Rel(RelOp, ExprId),
    /// Conjunction of at least two conditions.
    And(Args),
    /// Disjunction of at least two conditions.
    Or(Args),
}

/// Arithmetic overflowed while combining coefficients.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) struct CoeffOverflow;

/// The working form of an integer expression: `constant + sum(terms)`.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub(crate) struct Poly {
    pub(crate) constant: i64,
    pub(crate) terms: Terms,
}

impl Poly {
    pub(crate) fn constant(v: i64) -> Poly {
        Poly {
            constant: v,
            terms: Terms::new(),
        }
    }

    pub(crate) fn atom(e: ExprId) -> Poly {
        let mut m = Monomial::new();
        m.push((e, 1));
        let mut terms = Terms::new();
        terms.push((m, 1));
        Poly { constant: 0, terms }
    }

    pub(crate) fn as_constant(&self) -> Option<i64> {
        self.terms.is_empty().then_some(self.constant)
    }

    /// The atom, when the polynomial is exactly one atom.
    pub(crate) fn as_atom(&self) -> Option<ExprId> {
        match (self.constant, self.terms.as_slice()) {
            (0, [(m, 1)]) if m.len() == 1 && m[0].1 == 1 => Some(m[0].0),
            _ => None,
        }
    }

    /// `self + sign * other`, merging the sorted term lists.
    pub(crate) fn add_scaled(&self, other: &Poly, sign: i64) -> Result<Poly, CoeffOverflow> {
        merge_scaled(
            self.constant,
            &self.terms,
            other.constant,
            &other.terms,
            sign,
        )
    }

    /// `c * self`.
    pub(crate) fn scale(&self, c: i64) -> Result<Poly, CoeffOverflow> {
        if c == 0 {
            return Ok(Poly::constant(0));
        }
        let mut terms = Terms::with_capacity(self.terms.len());
        for (m, k) in &self.terms {
            terms.push((m.clone(), k.checked_mul(c).ok_or(CoeffOverflow)?));
        }
        Ok(Poly {
            constant: self.constant.checked_mul(c).ok_or(CoeffOverflow)?,
            terms,
        })
    }

    /// `self * other`.
    pub(crate) fn mul(&self, other: &Poly) -> Result<Poly, CoeffOverflow> {
        if let Some(c) = other.as_constant() {
            return self.scale(c);
        }
        if let Some(c) = self.as_constant() {
            return other.scale(c);
        }
        let mut acc = Poly::constant(0);
        let mut partial = other.scale(self.constant)?;
        acc = acc.add_scaled(&partial, 1)?;
        for (m, c) in &self.terms {
            partial.constant = 0;
            partial.terms.clear();
            if other.constant != 0 {
                partial.terms.push((
                    m.clone(),
                    c.checked_mul(other.constant).ok_or(CoeffOverflow)?,
                ));
            }
            for (m2, c2) in &other.terms {
                partial.terms.push((
                    mul_monomials(m, m2)?,
                    c.checked_mul(*c2).ok_or(CoeffOverflow)?,
                ));
            }
            partial.terms.sort_by(|a, b| a.0.cmp(&b.0));
            combine_sorted(&mut partial.terms)?;
            acc = acc.add_scaled(&partial, 1)?;
        }
        Ok(acc)
    }

    /// Greatest common divisor of the term coefficients (positive), 0 when
    /// there are no terms.
    pub(crate) fn content(&self) -> i64 {
        self.terms.iter().fold(0, |g, (_, c)| gcd(g, *c))
    }

    /// Exact division of every coefficient and the constant by `d`.
    pub(crate) fn div_exact(&self, d: i64) -> Poly {
        Poly {
            constant: self.constant / d,
            terms: self.terms.iter().map(|(m, c)| (m.clone(), c / d)).collect(),
        }
    }
}

/// `(ca + ta) + sign * (cb + tb)` for borrowed sorted term lists.
pub(crate) fn merge_scaled(
    ca: i64,
    ta: &[(Monomial, i64)],
    cb: i64,
    tb: &[(Monomial, i64)],
    sign: i64,
) -> Result<Poly, CoeffOverflow> {
    let constant = cb
        .checked_mul(sign)
        .and_then(|c| ca.checked_add(c))
        .ok_or(CoeffOverflow)?;
    let mut terms = Terms::with_capacity(ta.len() + tb.len());
    let (mut i, mut j) = (0, 0);
    while i < ta.len() || j < tb.len() {
        let ord = match (ta.get(i), tb.get(j)) {
            (Some(a), Some(b)) => a.0.cmp(&b.0),
            (Some(_), None) => Ordering::Less,
            _ => Ordering::Greater,
        };
        match ord {
            Ordering::Less => {
                terms.push(ta[i].clone());
                i += 1;
            }
            Ordering::Greater => {
                let (m, c) = &tb[j];
                terms.push((m.clone(), c.checked_mul(sign).ok_or(CoeffOverflow)?));
                j += 1;
            }
            Ordering::Equal => {
                let (m, a) = &ta[i];
                let b = tb[j].1.checked_mul(sign).ok_or(CoeffOverflow)?;
                let c = a.checked_add(b).ok_or(CoeffOverflow)?;
                if c != 0 {
                    terms.push((m.clone(), c));
                }
                i += 1;
                j += 1;
            }
        }
    }
    Ok(Poly { constant, terms })
}

/// Merge adjacent equal monomials of a sorted term list, dropping zeros.
fn combine_sorted(terms: &mut Terms) -> Result<(), CoeffOverflow> {
    let mut out = Terms::with_capacity(terms.len());
    for (m, c) in terms.drain(..) {
        match out.last_mut() {
            Some((last, lc)) if *last == m => {
                *lc = lc.checked_add(c).ok_or(CoeffOverflow)?;
            }
            _ => out.push((m, c)),
        }
    }
    out.retain(|(_, c)| *c != 0);
    *terms = out;
    Ok(())
}

fn mul_monomials(a: &Monomial, b: &Monomial) -> Result<Monomial, CoeffOverflow> {
    let mut out = Monomial::with_capacity(a.len() + b.len());
    let (mut i, mut j) = (0, 0);
    while i < a.len() || j < b.len() {
        match (a.get(i), b.get(j)) {
            (Some(x), Some(y)) if x.0 == y.0 => {
                out.push((x.0, x.1.checked_add(y.1).ok_or(CoeffOverflow)?));
                i += 1;
                j += 1;
            }
            (Some(x), Some(y)) if x.0 < y.0 => {
                out.push(*x);
                i += 1;
            }
            (Some(_), Some(y)) | (None, Some(y)) => {
                out.push(*y);
                j += 1;
            }
            (Some(x), None) => {
                out.push(*x);
                i += 1;
            }
            (None, None) => break,
        }
    }
    Ok(out)
}

/// Positive greatest common divisor; `gcd(0, 0) == 0`.
pub(crate) fn gcd(a: i64, b: i64) -> i64 {
    let (mut a, mut b) = (a.unsigned_abs(), b.unsigned_abs());
    while b != 0 {
        (a, b) = (b, a % b);
    }
    i64::try_from(a).unwrap_or(i64::MAX)
}

/// Python's `a // b` (rounds towards negative infinity); `None` on overflow
/// or `b == 0`.
pub(crate) fn floor_div(a: i64, b: i64) -> Option<i64> {
    i64::try_from(wide_floor_div(i128::from(a), i128::from(b))?).ok()
}

/// Python's `a % b` (the sign follows the divisor); `None` when `b == 0`.
pub(crate) fn py_mod(a: i64, b: i64) -> Option<i64> {
    i64::try_from(wide_py_mod(i128::from(a), i128::from(b))?).ok()
}

/// [`floor_div`] in 128 bits.
pub(crate) fn wide_floor_div(a: i128, b: i128) -> Option<i128> {
    let q = a.checked_div(b)?;
    if a % b != 0 && ((a < 0) != (b < 0)) {
        q.checked_sub(1)
    } else {
        Some(q)
    }
}

/// [`py_mod`] in 128 bits.
pub(crate) fn wide_py_mod(a: i128, b: i128) -> Option<i128> {
    if b == -1 {
        return Some(0);
    }
    let r = a.checked_rem(b)?;
    if r != 0 && ((r < 0) != (b < 0)) {
        Some(r + b)
    } else {
        Some(r)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn python_division_semantics() {
        assert_eq!(floor_div(7, 2), Some(3));
        assert_eq!(floor_div(-7, 2), Some(-4));
        assert_eq!(floor_div(7, -2), Some(-4));
        assert_eq!(floor_div(i64::MIN, -1), None);
        assert_eq!(floor_div(1, 0), None);
        assert_eq!(py_mod(-7, 2), Some(1));
        assert_eq!(py_mod(7, -2), Some(-1));
        assert_eq!(py_mod(i64::MIN, -1), Some(0));
        assert_eq!(gcd(-4, 6), 2);
    }
}
