//! SymFloat arithmetic of the ShapeEnv: conversions from SymInts, true
//! division, float operations and functions, unbacked floats and bools
//! from `item()`. Constants fold; anything else is a node of the float
//! table with its value at the hints.

use super::ShapeEnv;
use crate::error::{Error, ErrorKind, Result};
use crate::sym::float::{FloatFn, FloatNode, FloatOp, SymFloat};
use crate::sym::{SymBool, SymInt, ValueRange};

impl ShapeEnv {
    /// `torch.sym_float(v)` (`ToFloat(v)`).
    pub fn sym_float(&mut self, v: SymInt) -> Result<SymFloat> {
        match v {
            SymInt::Int(x) => Ok(SymFloat::Const(x as f64)),
            SymInt::Expr(_) => {
                let e = self.expr_of(v)?;
                let hint = self.size_hint(v)?.map(|h| h as f64);
                Ok(self.floats.push(FloatNode::ToFloat(e), hint))
            }
        }
    }

    /// `a / b` on integers (Python's true division, `IntTrueDiv`).
    pub fn int_truediv(&mut self, a: SymInt, b: SymInt) -> Result<SymFloat> {
        if let (SymInt::Int(x), SymInt::Int(y)) = (a, b) {
            if y == 0 {
                return Err(Error::from(ErrorKind::DivisionByZero {
                    op: "/",
                    lhs: x.to_string(),
                    rhs: y.to_string(),
                }));
            }
            return Ok(SymFloat::Const(x as f64 / y as f64));
        }
        let (x, y) = (self.expr_of(a)?, self.expr_of(b)?);
        let hint = match (self.size_hint(a)?, self.size_hint(b)?) {
            (Some(p), Some(q)) if q != 0 => Some(p as f64 / q as f64),
            _ => None,
        };
        Ok(self.floats.push(FloatNode::IntTrueDiv(x, y), hint))
    }

    /// `a OP b` on floats.
    pub fn float_op(&mut self, op: FloatOp, a: SymFloat, b: SymFloat) -> Result<SymFloat> {
        if let (SymFloat::Const(x), SymFloat::Const(y)) = (a, b) {
            return Ok(SymFloat::Const(op.apply(x, y)));
        }
        self.check_float(a)?;
        self.check_float(b)?;
        let hint = match (self.float_hint(a), self.float_hint(b)) {
            (Some(x), Some(y)) => Some(op.apply(x, y)),
            _ => None,
        };
        Ok(self.floats.push(FloatNode::Binary(op, a, b), hint))
    }

    /// `f(x)` on a float.
    pub fn float_fn(&mut self, f: FloatFn, x: SymFloat) -> Result<SymFloat> {
        if let SymFloat::Const(v) = x {
            return Ok(SymFloat::Const(f.apply(v)));
        }
        self.check_float(x)?;
        let hint = self.float_hint(x).map(|v| f.apply(v));
        Ok(self.floats.push(FloatNode::Unary(f, x), hint))
    }

    /// A fresh unbacked float (`zuf0`), as `item()` of a floating tensor
    /// gives it.
    pub fn create_unbacked_float(&mut self) -> SymFloat {
        let n = self.floats.unbacked;
        self.floats.unbacked += 1;
        self.floats.push(FloatNode::Unbacked { n }, None)
    }

    /// A fresh unbacked bool, as `item()` of a bool tensor gives it
    /// (PyTorch's `create_unbacked_symbool`): `Eq(u, 1)` for a fresh
    /// unbacked `u` in `[0, 1]`.
    pub fn create_unbacked_bool(&mut self, origin: &str) -> Result<SymBool> {
        let u = self.create_unbacked(false, origin);
        if let Some(s) = self.as_symbol(u) {
            self.exprs
                .set_symbol_range(s, ValueRange::new(Some(0), Some(1)));
        }
        self.eq(u, SymInt::Int(1))
    }

    /// The 0/1 integer `u` when `c` is `Eq(u, 1)` for a symbol `u` in
    /// `[0, 1]` (an unbacked bool from `item()`): `sym_ite(c, 1, 0)`.
    pub fn indicator_of(&self, c: SymBool) -> Option<SymInt> {
        let SymBool::Expr(e) = c else { return None };
        let (op, p) = self.exprs.as_rel(e)?;
        if op != crate::sym::RelOp::Eq {
            return None;
        }
        // `u - 1 == 0`.
        let (terms, constant) = self.exprs.linear_terms(p)?;
        match (terms.as_slice(), constant) {
            ([(s, 1)], -1) => {
                let r = self.exprs.symbol_range(*s);
                (r.lo().is_some_and(|lo| lo >= 0) && r.hi().is_some_and(|hi| hi <= 1))
                    .then(|| SymInt::Expr(self.exprs.symbol_expr(*s)))
            }
            _ => None,
        }
    }

    /// The sign of `v` from its value range: `Some(true)` when `v >= 0`,
    /// `Some(false)` when `v <= 0`, `None` when the range says neither.
    pub fn sign(&mut self, v: SymInt) -> Result<Option<bool>> {
        let r = self.value_range(v)?;
        Ok(if r.lo().is_some_and(|lo| lo >= 0) {
            Some(true)
        } else if r.hi().is_some_and(|hi| hi <= 0) {
            Some(false)
        } else {
            None
        })
    }

    /// The sign of a float built from integers (its exact ratio `p / q`)
    /// from the value ranges: `Some(1)`, `Some(-1)`, `Some(0)`, or `None`
    /// when the ranges do not tell or `f` is no such ratio. `strict` asks
    /// `f` known nonzero (or zero); else `Some(1)` means only `f >= 0`
    /// and `Some(-1)` `f <= 0`.
    pub fn float_sign(&mut self, f: SymFloat, strict: bool) -> Result<Option<i64>> {
        let Some((p, q)) = self.exact_ratio(f)? else {
            return Ok(None);
        };
        let bound = i64::from(strict);
        let mut side = |v: SymInt| -> Result<Option<i64>> {
            let r = self.value_range(v)?;
            let (lo, hi) = (r.lo(), r.hi());
            Ok(if lo == Some(0) && hi == Some(0) {
                Some(0)
            } else if lo.is_some_and(|l| l >= bound) {
                Some(1)
            } else if hi.is_some_and(|h| h <= -bound) {
                Some(-1)
            } else {
                None
            })
        };
        Ok(match (side(p)?, side(q)?) {
            (Some(0), _) => Some(0),
            (Some(a), Some(b)) if b != 0 => Some(a * b),
            _ => None,
        })
    }

    /// `math.trunc(f)` (`TruncToInt`): the integer toward zero. A float
    /// built from integers by `+ - * /` and constants is an exact ratio
    /// `p / q` (a constant is the exact value of its shortest decimal, as
    /// an exported `Float('1.7')` is read), truncated as `p // q` when the
    /// value ranges show the ratio non-negative and as the ceiling
    /// division when they show it non-positive. Anything else (an
    /// unbacked float, `sqrt`, a ratio of unknown sign) is refused.
    pub fn trunc_to_int(&mut self, f: SymFloat) -> Result<SymInt> {
        let refuse = |why: &str| {
            Error::from(ErrorKind::InvalidArgument {
                op: "math.trunc".into(),
                reason: format!("truncating a symbolic float {why} is not modelled"),
            })
        };
        if let SymFloat::Const(x) = f {
            return if x.is_finite() && x.abs() < 9.2e18 {
                Ok(SymInt::Int(x.trunc() as i64))
            } else {
                Err(refuse(&format!("({x})")))
            };
        }
        self.check_float(f)?;
        if let Some((c, e)) = self.scaled_size(f) {
            return self.trunc_scaled(e, c);
        }
        let Some((p, q)) = self.exact_ratio(f)? else {
            return Err(refuse(&format!(
                "{} that is not a ratio of integers",
                self.display_float(f)
            )));
        };
        if q == SymInt::Int(1) {
            return Ok(p);
        }
        match (self.sign(p)?, self.sign(q)?) {
            (Some(a), Some(b)) if a == b => self.floordiv(p, q),
            (Some(_), Some(_)) => self.ceil_ratio(p, q),
            _ => Err(refuse(&format!(
                "{} whose sign the value ranges do not give",
                self.display_float(f)
            ))),
        }
    }

    /// `(c, a)` when `f` is `c*ToFloat(a)` for a constant `c`: an
    /// integer size scaled by a float, which PyTorch truncates as
    /// `TruncToInt(c*ToFloat(a))` rather than as a ratio.
    fn scaled_size(&self, f: SymFloat) -> Option<(f64, SymInt)> {
        let SymFloat::Expr(id) = f else { return None };
        let (FloatNode::Binary(FloatOp::Mul, x, y), _) = self.floats.get(id)? else {
            return None;
        };
        let (c, v) = match (*x, *y) {
            (SymFloat::Const(c), SymFloat::Expr(v)) | (SymFloat::Expr(v), SymFloat::Const(c)) => {
                (c, v)
            }
            _ => return None,
        };
        match self.floats.get(v)? {
            (FloatNode::ToFloat(e), _) => Some((c, self.symint_of(*e))),
            _ => None,
        }
    }

    /// `math.ceil(f)` (`CeilToInt`): the least integer not below `f`. As
    /// [`Self::trunc_to_int`], `f` must be an exact ratio `p / q` of
    /// integers, and is rounded as `CeilDiv(p, q)`, whatever its sign.
    pub fn ceil_to_int(&mut self, f: SymFloat) -> Result<SymInt> {
        if let SymFloat::Const(x) = f {
            return if x.is_finite() && x.abs() < 9.2e18 {
                Ok(SymInt::Int(x.ceil() as i64))
            } else {
                Err(Error::from(ErrorKind::InvalidArgument {
                    op: "math.ceil".into(),
                    reason: format!("ceil of {x} is not an integer size"),
                }))
            };
        }
        self.check_float(f)?;
        let Some((p, q)) = self.exact_ratio(f)? else {
            return Err(Error::from(ErrorKind::InvalidArgument {
                op: "math.ceil".into(),
                reason: format!(
                    "ceil of a symbolic float {} that is not a ratio of integers is not modelled",
                    self.display_float(f)
                ),
            }));
        };
        self.ceil_ratio(p, q)
    }

    /// `ceil(p / q)` for integers: `CeilDiv(p, q)` (`(p + q - 1) // q`,
    /// which holds for a positive `q`) once a divisor the ranges show
    /// negative has moved its sign to `p`.
    pub fn ceil_ratio(&mut self, p: SymInt, q: SymInt) -> Result<SymInt> {
        let (p, q) = if self.sign(q)? == Some(false) {
            (self.neg(p)?, self.neg(q)?)
        } else {
            (p, q)
        };
        self.ceildiv(p, q)
    }

    /// `f` as an exact ratio of integers `(p, q)`, when it is built from
    /// integers and constants by `+ - * /` and negation (`None`
    /// otherwise: an unbacked float, `sqrt`, a power).
    pub fn exact_ratio(&mut self, f: SymFloat) -> Result<Option<(SymInt, SymInt)>> {
        let node = match f {
            SymFloat::Const(x) => {
                return Ok(crate::sym::float::exact_decimal(x)
                    .map(|(p, q)| (SymInt::Int(p), SymInt::Int(q))));
            }
            SymFloat::Expr(id) => match self.floats.get(id) {
                Some((node, _)) => node.clone(),
                None => return Err(Error::from(ErrorKind::ForeignExpr { id: id.index() })),
            },
        };
        let (p, q) = match node {
            FloatNode::ToFloat(e) => (self.symint_of(e), SymInt::Int(1)),
            FloatNode::IntTrueDiv(a, b) => (self.symint_of(a), self.symint_of(b)),
            FloatNode::Unary(FloatFn::Neg, x) => match self.exact_ratio(x)? {
                Some((p, q)) => (self.neg(p)?, q),
                None => return Ok(None),
            },
            FloatNode::Binary(op, a, b) => {
                let (Some((p1, q1)), Some((p2, q2))) = (self.exact_ratio(a)?, self.exact_ratio(b)?)
                else {
                    return Ok(None);
                };
                let combine = |env: &mut Self, x, y| match op {
                    FloatOp::Add => env.add(x, y),
                    _ => env.sub(x, y),
                };
                match op {
                    FloatOp::Mul => (self.mul(p1, p2)?, self.mul(q1, q2)?),
                    FloatOp::Div => (self.mul(p1, q2)?, self.mul(q1, p2)?),
                    FloatOp::Add | FloatOp::Sub if q1 == q2 => (combine(self, p1, p2)?, q1),
                    FloatOp::Add | FloatOp::Sub => {
                        let (x, y) = (self.mul(p1, q2)?, self.mul(p2, q1)?);
                        (combine(self, x, y)?, self.mul(q1, q2)?)
                    }
                    FloatOp::Pow => return Ok(None),
                }
            }
            FloatNode::Unbacked { .. } | FloatNode::Unary(..) => return Ok(None),
        };
        Ok(Some(normal_ratio(p, q)))
    }

    /// The value of `f` at the hints (`None` when it needs an unbacked
    /// value).
    pub fn float_hint(&self, f: SymFloat) -> Option<f64> {
        match f {
            SymFloat::Const(v) => Some(v),
            SymFloat::Expr(id) => self.floats.get(id).and_then(|(_, h)| *h),
        }
    }

    /// `f` printed as PyTorch prints it (`ToFloat(s0)`, `zuf0`).
    pub fn display_float(&self, f: SymFloat) -> String {
        self.floats.display(f, &|e| self.display(SymInt::Expr(e)))
    }

    /// `f` printed with every symbol named by `names`.
    pub fn display_float_with(
        &self,
        f: SymFloat,
        names: &dyn Fn(crate::sym::Symbol) -> String,
    ) -> String {
        self.floats
            .display(f, &|e| self.exprs.display_with(e, names))
    }

    fn check_float(&self, f: SymFloat) -> Result<()> {
        match f {
            SymFloat::Expr(id) if self.floats.get(id).is_none() => {
                Err(Error::from(ErrorKind::ForeignExpr { id: id.index() }))
            }
            _ => Ok(()),
        }
    }
}

/// A ratio as exported expressions are read back (`fake-tensor`'s srepr
/// lowering): a constant one reduced, its denominator positive; a
/// symbolic one as it is.
fn normal_ratio(p: SymInt, q: SymInt) -> (SymInt, SymInt) {
    match (p, q) {
        (SymInt::Int(a), SymInt::Int(b)) if b != 0 => {
            let g = crate::sym::gcd(a, b).max(1);
            let (a, b) = (a / g, b / g);
            match (a.checked_neg(), b.checked_neg()) {
                (Some(na), Some(nb)) if b < 0 => (SymInt::Int(na), SymInt::Int(nb)),
                _ => (SymInt::Int(a), SymInt::Int(b)),
            }
        }
        _ => (p, q),
    }
}
