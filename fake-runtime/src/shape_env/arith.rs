//! Integer arithmetic, relations and connectives on `SymInt`s and
//! `SymBool`s through the ShapeEnv: static values computed at once,
//! symbolic ones built in its arena (checked for depth), relations in
//! their canonical form with the notes learning reads, and the
//! expressions printed as PyTorch prints them.

use super::ShapeEnv;
use crate::error::{Error, ErrorKind, Result};
use crate::sym::{ExprArena, ExprId, RelOp, SymBool, SymInt, Symbol};

impl ShapeEnv {
    #[inline(never)]
    fn binary(
        &mut self,
        a: SymInt,
        b: SymInt,
        op: &'static str,
        f: fn(&mut ExprArena, ExprId, ExprId) -> Result<ExprId>,
    ) -> Result<SymInt> {
        let (x, y) = (self.expr_of(a)?, self.expr_of(b)?);
        let r = f(&mut self.exprs, x, y)?;
        let r = self.check_depth(op, r)?;
        Ok(self.symint_of(r))
    }

    /// `a + b`; overflow is an error.
    #[inline(always)]
    pub fn add(&mut self, a: SymInt, b: SymInt) -> Result<SymInt> {
        if let (SymInt::Int(x), SymInt::Int(y)) = (a, b) {
            return x
                .checked_add(y)
                .map(SymInt::Int)
                .ok_or_else(|| overflow("+", x, y));
        }
        self.binary(a, b, "+", ExprArena::add)
    }

    /// `a - b`; overflow is an error.
    #[inline(always)]
    pub fn sub(&mut self, a: SymInt, b: SymInt) -> Result<SymInt> {
        if let (SymInt::Int(x), SymInt::Int(y)) = (a, b) {
            return x
                .checked_sub(y)
                .map(SymInt::Int)
                .ok_or_else(|| overflow("-", x, y));
        }
        self.binary(a, b, "-", ExprArena::sub)
    }

    /// `a * b`; overflow is an error.
    #[inline(always)]
    pub fn mul(&mut self, a: SymInt, b: SymInt) -> Result<SymInt> {
        if let (SymInt::Int(x), SymInt::Int(y)) = (a, b) {
            return x
                .checked_mul(y)
                .map(SymInt::Int)
                .ok_or_else(|| overflow("*", x, y));
        }
        self.binary(a, b, "*", ExprArena::mul)
    }

    /// `-a`.
    #[inline]
    pub fn neg(&mut self, a: SymInt) -> Result<SymInt> {
        self.sub(SymInt::Int(0), a)
    }

    /// Floor division `a // b` (Python semantics); division by zero and
    /// overflow are errors.
    #[inline]
    pub fn floordiv(&mut self, a: SymInt, b: SymInt) -> Result<SymInt> {
        if let (SymInt::Int(x), SymInt::Int(y)) = (a, b) {
            if y == 0 {
                return Err(div_zero("//", x, y));
            }
            return crate::sym::floor_div(x, y)
                .map(SymInt::Int)
                .ok_or_else(|| overflow("//", x, y));
        }
        self.binary(a, b, "//", ExprArena::floordiv)
    }

    /// Ceiling division `-((-a) // b)`.
    #[inline]
    pub fn ceildiv(&mut self, a: SymInt, b: SymInt) -> Result<SymInt> {
        if let (SymInt::Int(x), SymInt::Int(y)) = (a, b) {
            if y == 0 {
                return Err(div_zero("CeilDiv", x, y));
            }
            return x
                .checked_neg()
                .and_then(|nx| crate::sym::floor_div(nx, y))
                .and_then(i64::checked_neg)
                .map(SymInt::Int)
                .ok_or_else(|| overflow("CeilDiv", x, y));
        }
        self.binary(a, b, "CeilDiv", ExprArena::ceildiv)
    }

    /// `math.trunc(c * float(a))`, PyTorch's `TruncToInt(c*ToFloat(a))`:
    /// a size scaled by a float factor (an interpolation's
    /// `scale_factor`). Static values are computed in `f64` as Python
    /// computes them; a symbolic one keeps the node even for an integral
    /// factor, as sympy keeps `2.0*ToFloat(s0)`.
    #[inline]
    pub fn trunc_scaled(&mut self, a: SymInt, c: f64) -> Result<SymInt> {
        if let SymInt::Int(x) = a {
            return crate::sym::trunc_scaled_value(c, x)
                .map(SymInt::Int)
                .ok_or_else(|| {
                    Error::from(ErrorKind::Overflow {
                        op: "TruncToInt",
                        lhs: crate::sym::float::sympy_float(c),
                        rhs: x.to_string(),
                    })
                });
        }
        let x = self.expr_of(a)?;
        let r = self.exprs.trunc_scaled(c, x)?;
        let r = self.check_depth("TruncToInt", r)?;
        Ok(self.symint_of(r))
    }

    /// Python modulus `a % b`.
    #[inline]
    pub fn modulo(&mut self, a: SymInt, b: SymInt) -> Result<SymInt> {
        if let (SymInt::Int(x), SymInt::Int(y)) = (a, b) {
            if y == 0 {
                return Err(div_zero("%", x, y));
            }
            return crate::sym::py_mod(x, y)
                .map(SymInt::Int)
                .ok_or_else(|| overflow("%", x, y));
        }
        self.binary(a, b, "%", ExprArena::modulo)
    }

    /// `Max(a, b)` (PyTorch's `sym_max`: no decision, no guard).
    #[doc(alias = "sym_max")]
    #[inline(always)]
    pub fn max(&mut self, a: SymInt, b: SymInt) -> Result<SymInt> {
        if let (SymInt::Int(x), SymInt::Int(y)) = (a, b) {
            return Ok(SymInt::Int(x.max(y)));
        }
        self.binary(a, b, "Max", |arena, x, y| arena.max(&[x, y]))
    }

    /// `Min(a, b)` (PyTorch's `sym_min`: no decision, no guard).
    #[doc(alias = "sym_min")]
    #[inline(always)]
    pub fn min(&mut self, a: SymInt, b: SymInt) -> Result<SymInt> {
        if let (SymInt::Int(x), SymInt::Int(y)) = (a, b) {
            return Ok(SymInt::Int(x.min(y)));
        }
        self.binary(a, b, "Min", |arena, x, y| arena.min(&[x, y]))
    }

    // ---- conditions -------------------------------------------------------------

    /// The condition `a OP b` (not yet decided).
    #[inline(always)]
    pub fn compare(&mut self, op: RelOp, a: SymInt, b: SymInt) -> Result<SymBool> {
        if let (SymInt::Int(x), SymInt::Int(y)) = (a, b) {
            return Ok(SymBool::Bool(op.holds(x.cmp(&y))));
        }
        if let SymInt::Expr(e) = a
            && a == b
            && self.exprs.owns(e)
        {
            // One interned expression: equal values (a stride that is the
            // very product a layout test expects).
            return Ok(SymBool::Bool(op.holds(std::cmp::Ordering::Equal)));
        }
        self.compare_symbolic(op, a, b)
    }

    /// [`Self::compare`] with a symbolic side: out of line, so the static
    /// comparison inlines into its callers.
    #[inline(never)]
    fn compare_symbolic(&mut self, op: RelOp, a: SymInt, b: SymInt) -> Result<SymBool> {
        let (x, y) = (self.expr_of(a)?, self.expr_of(b)?);
        let r = self.exprs.rel(op, x, y)?;
        // A relation and its negation are marked together; one an exact
        // comparison taught already stays an axiom (PyTorch's axioms only
        // accumulate).
        let taught = |env: &Self| env.decided.contains_key(&r) && !env.rounded.contains(&r);
        if self.exprs.made_rounded(op, x, y) && !taught(self) {
            self.rounded.insert(r);
            let n = self.exprs.not(r);
            self.rounded.insert(n);
        } else if !self.rounded.is_empty() && self.rounded.remove(&r) {
            let n = self.exprs.not(r);
            self.rounded.remove(&n);
        }
        if !self.divisible.is_empty() {
            self.remember_cleaned(op, x, y, r)?;
        }
        let r = self.check_depth(op.symbol(), r)?;
        Ok(self.symbool_of(r))
    }

    /// Note the relation `r` (`x OP y`) of sides with a division known
    /// exact in its cleaned form ([`Self::cleaned_rels`]).
    #[cold]
    fn remember_cleaned(&mut self, op: RelOp, x: ExprId, y: ExprId, r: ExprId) -> Result<()> {
        let (xc, yc) = (self.simplify_full(x)?, self.simplify_full(y)?);
        if (xc, yc) != (x, y) {
            let rc = self.exprs.rel(op, xc, yc)?;
            if rc != r {
                self.cleaned_rels.insert(r, rc);
            }
        }
        Ok(())
    }

    /// `a == b`.
    #[inline(always)]
    pub fn eq(&mut self, a: SymInt, b: SymInt) -> Result<SymBool> {
        self.compare(RelOp::Eq, a, b)
    }

    /// `a != b`.
    #[inline(always)]
    pub fn ne(&mut self, a: SymInt, b: SymInt) -> Result<SymBool> {
        self.compare(RelOp::Ne, a, b)
    }

    /// `a < b`.
    #[inline(always)]
    pub fn lt(&mut self, a: SymInt, b: SymInt) -> Result<SymBool> {
        self.compare(RelOp::Lt, a, b)
    }

    /// `a <= b`.
    #[inline(always)]
    pub fn le(&mut self, a: SymInt, b: SymInt) -> Result<SymBool> {
        self.compare(RelOp::Le, a, b)
    }

    /// `a > b`.
    #[inline(always)]
    pub fn gt(&mut self, a: SymInt, b: SymInt) -> Result<SymBool> {
        self.compare(RelOp::Gt, a, b)
    }

    /// `a >= b`.
    #[inline(always)]
    pub fn ge(&mut self, a: SymInt, b: SymInt) -> Result<SymBool> {
        self.compare(RelOp::Ge, a, b)
    }

    /// `a and b`.
    #[inline(always)]
    pub fn and(&mut self, a: SymBool, b: SymBool) -> Result<SymBool> {
        match (a, b) {
            (SymBool::Bool(false), _) | (_, SymBool::Bool(false)) => Ok(SymBool::Bool(false)),
            (SymBool::Bool(true), x) | (x, SymBool::Bool(true)) => Ok(x),
            _ => self.connective(a, b, ExprArena::and),
        }
    }

    /// `a or b`.
    #[inline(always)]
    pub fn or(&mut self, a: SymBool, b: SymBool) -> Result<SymBool> {
        match (a, b) {
            (SymBool::Bool(true), _) | (_, SymBool::Bool(true)) => Ok(SymBool::Bool(true)),
            (SymBool::Bool(false), x) | (x, SymBool::Bool(false)) => Ok(x),
            _ => self.connective(a, b, ExprArena::or),
        }
    }

    /// `a` and `b` both symbolic, joined by `f`: out of line, so the
    /// static cases of [`Self::and`] and [`Self::or`] inline.
    #[inline(never)]
    fn connective(
        &mut self,
        a: SymBool,
        b: SymBool,
        f: fn(&mut ExprArena, &[ExprId]) -> ExprId,
    ) -> Result<SymBool> {
        let (x, y) = (self.bool_expr_of(a)?, self.bool_expr_of(b)?);
        let r = f(&mut self.exprs, &[x, y]);
        Ok(self.symbool_of(r))
    }

    /// `not a`.
    #[inline(always)]
    pub fn not(&mut self, a: SymBool) -> Result<SymBool> {
        match a {
            SymBool::Bool(b) => Ok(SymBool::Bool(!b)),
            SymBool::Expr(_) => {
                let x = self.bool_expr_of(a)?;
                let r = self.exprs.not(x);
                Ok(self.symbool_of(r))
            }
        }
    }

    /// True when `a == b` for every value the symbols may take, without a
    /// guard: the same expression after replacements, known statically,
    /// the same after `Min`/`Max` arguments the ranges order are pruned, or
    /// a difference whose range is the single value 0.
    pub fn provably_equal(&mut self, a: SymInt, b: SymInt) -> Result<bool> {
        let a = self.simplify_int(a)?;
        let b = self.simplify_int(b)?;
        if a == b {
            return Ok(true);
        }
        let c = self.eq(a, b)?;
        if self.statically_known_true(c) {
            return Ok(true);
        }
        let (x, y) = (self.expr_of(a)?, self.expr_of(b)?);
        let (x, y) = (self.exprs.prune_extrema(x)?, self.exprs.prune_extrema(y)?);
        if x == y {
            return Ok(true);
        }
        let d = self.exprs.sub(x, y)?;
        Ok(self.exprs.range(d).as_exact() == Some(0))
    }

    // ---- printing ------------------------------------------------------------------

    /// `v` printed as PyTorch prints it (`s0 + 2*s1`).
    pub fn display(&self, v: SymInt) -> String {
        match v {
            SymInt::Int(x) => x.to_string(),
            SymInt::Expr(e) if self.exprs.owns(e) => self.exprs.display(e),
            SymInt::Expr(e) => format!("<foreign expression {}>", e.index()),
        }
    }

    /// `c` printed as PyTorch prints it (`s0 + s1 > 2`).
    pub fn display_bool(&self, c: SymBool) -> String {
        match c {
            SymBool::Bool(b) => if b { "True" } else { "False" }.to_string(),
            SymBool::Expr(e) if self.exprs.owns(e) => self.exprs.display(e),
            SymBool::Expr(e) => format!("<foreign expression {}>", e.index()),
        }
    }

    /// `e` printed with every backed symbol named by its source.
    pub fn display_with_sources(&self, e: ExprId) -> String {
        let names = |s: Symbol| match self
            .symbols
            .get(s.0 as usize)
            .and_then(|d| d.sources.first())
        {
            Some(src) => src.to_string(),
            None => self.exprs.symbol_name(s),
        };
        self.exprs.display_renamed(e, &names)
    }
}

#[cold]
fn overflow(op: &'static str, a: i64, b: i64) -> Error {
    Error::from(ErrorKind::Overflow {
        op,
        lhs: a.to_string(),
        rhs: b.to_string(),
    })
}

#[cold]
fn div_zero(op: &'static str, a: i64, b: i64) -> Error {
    Error::from(ErrorKind::DivisionByZero {
        op,
        lhs: a.to_string(),
        rhs: b.to_string(),
    })
}
