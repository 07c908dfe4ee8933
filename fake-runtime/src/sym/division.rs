//! Floor division, ceiling division and Python modulus of symbolic
//! integers, canonicalised as PyTorch canonicalises them in
//! `torch/utils/_sympy/functions.py` (`FloorDiv`, `CeilDiv`, `Mod`).

use super::arena::{BinOp, ExprArena};
use super::expr::{CoeffOverflow, ExprId, Node, Poly, floor_div, gcd, py_mod};
use crate::error::Result;
use std::cmp::Ordering;

impl ExprArena {
    /// Floor division `a // b`, canonicalised as PyTorch's `FloorDiv`: terms
    /// whose coefficient the divisor divides are taken out of the division,
    /// nested divisions by constants merge, and a remainder whose range lies
    /// in `[0, b)` vanishes.
    pub fn floordiv(&mut self, a: ExprId, b: ExprId) -> Result<ExprId> {
        self.cached(BinOp::FloorDiv, a, b, Self::floordiv_uncached)
    }

    fn floordiv_uncached(&mut self, a: ExprId, b: ExprId) -> Result<ExprId> {
        match (self.node(a).clone(), self.node(b).clone()) {
            (_, Node::Int(0)) => Err(self.div_zero("//", a, b)),
            (Node::Int(x), Node::Int(y)) => match floor_div(x, y) {
                Some(v) => Ok(self.int(v)),
                None => Err(self.overflow("//", a, b)),
            },
            (_, Node::Int(1)) => Ok(a),
            (Node::Int(0), _) => Ok(a),
            (_, Node::Int(d)) if d > 0 => self.floordiv_const(a, d),
            _ => self.floordiv_symbolic(a, b),
        }
    }

    fn floordiv_const(&mut self, a: ExprId, d: i64) -> Result<ExprId> {
        let p = self.poly(a);
        let mut quotient = Poly::constant(0);
        let mut rest = Poly::constant(0);
        if p.constant % d == 0 {
            quotient.constant = p.constant / d;
        } else {
            rest.constant = p.constant;
        }
        for (m, c) in p.terms {
            if c % d == 0 {
                quotient.terms.push((m, c / d));
            } else {
                rest.terms.push((m, c));
            }
        }
        let q = self.intern_poly(quotient);
        if rest.terms.is_empty() {
            // Only a constant that `d` does not divide is left.
            let v = floor_div(rest.constant, d).unwrap_or(0);
            let v = self.int(v);
            return self.add(q, v);
        }
        // Divide the remainder and the divisor by their common factor.
        let g = gcd(gcd(rest.content(), rest.constant), d);
        let (rest, d) = if g > 1 {
            (rest.div_exact(g), d / g)
        } else {
            (rest, d)
        };
        let r = self.intern_poly(rest);
        let range = self.range(r);
        if range.lo_raw() >= 0 && range.hi_raw() < i128::from(d) {
            return Ok(q);
        }
        let div = if d == 1 {
            r
        } else if let Node::FloorDiv(inner, d1) = self.node(r).clone() {
            match self.as_int(d1).and_then(|d1| d1.checked_mul(d)) {
                Some(dd) if self.as_int(d1).is_some_and(|d1| d1 > 0) => {
                    let dd = self.int(dd);
                    self.intern(Node::FloorDiv(inner, dd))
                }
                _ => {
                    let dd = self.int(d);
                    self.intern(Node::FloorDiv(r, dd))
                }
            }
        } else {
            let dd = self.int(d);
            self.intern(Node::FloorDiv(r, dd))
        };
        self.add(q, div)
    }

    fn floordiv_symbolic(&mut self, a: ExprId, b: ExprId) -> Result<ExprId> {
        let b_range = self.range(b);
        let nonzero = b_range.lo_raw() > 0 || b_range.hi_raw() < 0;
        if a == b && nonzero {
            return Ok(self.int(1));
        }
        // Exact division by a monomial divisor: (s0*s1 + 2*s1) // s1 = s0 + 2,
        // (64*s0*s1) // (64*s0) = s1.
        let bp = self.poly(b);
        if nonzero && let (0, [(bm, k)]) = (bp.constant, bp.terms.as_slice()) {
            let k = *k;
            let ap = self.poly(a);
            if ap.constant == 0 {
                let mut out = Poly::constant(0);
                let mut exact = true;
                for (m, c) in &ap.terms {
                    let coeff = match c.checked_rem(k) {
                        Some(0) => c.checked_div(k),
                        _ => None,
                    };
                    match (divide_monomial(m, bm), coeff) {
                        (Some(q), Some(c)) => out.terms.push((q, c)),
                        _ => {
                            exact = false;
                            break;
                        }
                    }
                }
                if exact {
                    // Quotient monomials may now coincide or be constant.
                    let mut acc = Poly::constant(0);
                    for (m, c) in out.terms {
                        let term = if m.is_empty() {
                            Poly::constant(c)
                        } else {
                            let mut t = Poly::constant(0);
                            t.terms.push((m, c));
                            t
                        };
                        acc = acc
                            .add_scaled(&term, 1)
                            .map_err(|CoeffOverflow| self.overflow("//", a, b))?;
                    }
                    return Ok(self.intern_poly(acc));
                }
            }
        }
        Ok(self.intern(Node::FloorDiv(a, b)))
    }

    /// Ceiling division, as PyTorch's `CeilDiv`: `(a + b - 1) // b`.
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
        let one = self.int(1);
        let bm1 = self.sub(b, one)?;
        let num = self.add(a, bm1)?;
        self.floordiv(num, b)
    }

    /// Python modulus `a % b`: coefficients reduce modulo a constant divisor
    /// (`(4*s0) % 2 = 0`), and a dividend already in `[0, b)` is itself.
    pub fn modulo(&mut self, a: ExprId, b: ExprId) -> Result<ExprId> {
        self.cached(BinOp::Mod, a, b, Self::modulo_uncached)
    }

    fn modulo_uncached(&mut self, a: ExprId, b: ExprId) -> Result<ExprId> {
        match (self.node(a).clone(), self.node(b).clone()) {
            (_, Node::Int(0)) => Err(self.div_zero("%", a, b)),
            (Node::Int(x), Node::Int(y)) => match py_mod(x, y) {
                Some(v) => Ok(self.int(v)),
                None => Err(self.overflow("%", a, b)),
            },
            (_, Node::Int(1) | Node::Int(-1)) => Ok(self.int(0)),
            (_, Node::Int(d)) if d > 0 => {
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
                let range = self.range(r);
                if range.lo_raw() >= 0 && range.hi_raw() < i128::from(d) {
                    return Ok(r);
                }
                Ok(self.intern(Node::Mod(r, b)))
            }
            _ => {
                let b_range = self.range(b);
                let nonzero = b_range.lo_raw() > 0 || b_range.hi_raw() < 0;
                if a == b && nonzero {
                    return Ok(self.int(0));
                }
                // A multiple of the divisor: (s0*s1) % s1 = 0,
                // (64*s0*s1) % (16*s0*s1) = 0.
                if nonzero {
                    let q = self.floordiv(a, b)?;
                    if self.mul(q, b)? == a {
                        return Ok(self.int(0));
                    }
                }
                Ok(self.intern(Node::Mod(a, b)))
            }
        }
    }
}

/// `m / d` when the monomial `d` divides `m`.
fn divide_monomial(
    m: &super::expr::Monomial,
    d: &super::expr::Monomial,
) -> Option<super::expr::Monomial> {
    let mut out = m.clone();
    for &(atom, pow) in d {
        let pos = out.iter().position(|&(a, _)| a == atom)?;
        match out[pos].1.cmp(&pow) {
            Ordering::Less => return None,
            Ordering::Equal => {
                out.remove(pos);
            }
            Ordering::Greater => out[pos].1 -= pow,
        }
    }
    Some(out)
}
