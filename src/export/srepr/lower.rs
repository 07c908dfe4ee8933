//! Lowering a parsed srepr [`Expr`] to the runtime's symbolic values, with
//! the ShapeEnv's arithmetic (so the result is canonical), symbols looked up
//! through a [`Resolver`].
//!
//! Intermediate values may be exact rationals `num / den` (from `Rational`,
//! `Float`, `IntTrueDiv`, negative powers); see the module docs of
//! [`crate::export::srepr`] for when they must be integers.

use super::{Expr, Func, Infinity, Node, NodeKind, SreprError, SreprErrorKind, SymbolDecl};
use fake_runtime::sym::RelOp;
use fake_runtime::{ShapeEnv, SymBool, SymInt};
use std::collections::HashMap;

/// Why a [`Resolver`] has no value for a symbol.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[non_exhaustive]
pub enum ResolveError {
    /// The symbol is not defined where the expression is read.
    #[error("no symbol of that name is defined here")]
    Unknown,
    /// The resolver refused it, for the given reason.
    #[error("{0}")]
    Refused(String),
}

/// Gives the runtime value of each symbol an expression mentions.
pub trait Resolver {
    /// The value of `symbol` (its name and written assumptions); `env` is
    /// the ShapeEnv the expression is lowered into, so a resolver may create
    /// symbols on first use.
    fn resolve(&mut self, env: &mut ShapeEnv, symbol: &SymbolDecl) -> Result<SymInt, ResolveError>;
}

impl<F> Resolver for F
where
    F: FnMut(&mut ShapeEnv, &SymbolDecl) -> Result<SymInt, ResolveError>,
{
    fn resolve(&mut self, env: &mut ShapeEnv, symbol: &SymbolDecl) -> Result<SymInt, ResolveError> {
        self(env, symbol)
    }
}

impl Resolver for HashMap<String, SymInt> {
    fn resolve(&mut self, _: &mut ShapeEnv, symbol: &SymbolDecl) -> Result<SymInt, ResolveError> {
        self.get(&symbol.name).copied().ok_or(ResolveError::Unknown)
    }
}

/// A lowered expression: an integer (a size) or a condition.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Value {
    /// An integer, possibly symbolic.
    Int(SymInt),
    /// A condition, possibly symbolic.
    Bool(SymBool),
}

/// A value during lowering: integers, exact rationals and conditions.
#[derive(Debug, Clone, Copy)]
enum V {
    Int(SymInt),
    /// `num / den`, `den != 0`; not known to be an integer.
    Rat(SymInt, SymInt),
    Bool(SymBool),
}

/// Lower `expr` into `env`, symbols resolved by `resolver`.
pub fn lower(
    expr: &Expr,
    env: &mut ShapeEnv,
    resolver: &mut dyn Resolver,
) -> Result<Value, SreprError> {
    let mut l = Lowerer {
        expr,
        env,
        resolver,
    };
    match l.node(expr.root())? {
        V::Int(i) => Ok(Value::Int(i)),
        V::Bool(b) => Ok(Value::Bool(b)),
        r @ V::Rat(..) => l.integer(r, expr.root()).map(Value::Int),
    }
}

/// Lower `expr`, which must be an integer.
pub fn lower_int(
    expr: &Expr,
    env: &mut ShapeEnv,
    resolver: &mut dyn Resolver,
) -> Result<SymInt, SreprError> {
    match lower(expr, env, resolver)? {
        Value::Int(i) => Ok(i),
        Value::Bool(_) => Err(expr.error(
            expr.root().span,
            SreprErrorKind::TypeMismatch {
                expected: "an integer",
                found: "a condition",
            },
        )),
    }
}

/// Lower `expr`, which must be a condition.
pub fn lower_bool(
    expr: &Expr,
    env: &mut ShapeEnv,
    resolver: &mut dyn Resolver,
) -> Result<SymBool, SreprError> {
    match lower(expr, env, resolver)? {
        Value::Bool(b) => Ok(b),
        Value::Int(_) => Err(expr.error(
            expr.root().span,
            SreprErrorKind::TypeMismatch {
                expected: "a condition",
                found: "an integer",
            },
        )),
    }
}

/// Parse and lower `text`.
pub fn lower_str(
    text: &str,
    env: &mut ShapeEnv,
    resolver: &mut dyn Resolver,
) -> Result<Value, SreprError> {
    let expr = super::parse(text)?;
    lower(&expr, env, resolver)
}

struct Lowerer<'a> {
    expr: &'a Expr,
    env: &'a mut ShapeEnv,
    resolver: &'a mut dyn Resolver,
}

fn gcd(mut a: i64, mut b: i64) -> i64 {
    while b != 0 {
        let t = a.wrapping_rem(b);
        a = b;
        b = t;
    }
    a.wrapping_abs()
}

impl Lowerer<'_> {
    fn err(&self, n: &Node, kind: SreprErrorKind) -> SreprError {
        self.expr.error(n.span, kind)
    }

    fn rt<T>(&self, n: &Node, r: fake_runtime::Result<T>) -> Result<T, SreprError> {
        r.map_err(|e| self.err(n, SreprErrorKind::Runtime(e)))
    }

    fn unsupported(&self, n: &Node, what: impl Into<String>) -> SreprError {
        self.err(n, SreprErrorKind::Unsupported { what: what.into() })
    }

    /// `num / den` in lowest terms when both are constants, an integer when
    /// the denominator is 1.
    fn rat(&self, n: &Node, num: SymInt, den: SymInt) -> Result<V, SreprError> {
        match (num, den) {
            (_, SymInt::Int(0)) => Err(self.err(
                n,
                SreprErrorKind::Runtime(
                    fake_runtime::ErrorKind::DivisionByZero {
                        op: "/",
                        lhs: self.env.display(num),
                        rhs: "0".into(),
                    }
                    .into(),
                ),
            )),
            (_, SymInt::Int(1)) => Ok(V::Int(num)),
            (SymInt::Int(p), SymInt::Int(q)) => {
                let g = gcd(p, q);
                let (mut p, mut q) = (p / g, q / g);
                if q < 0 {
                    p = p.checked_neg().ok_or_else(|| self.overflow(n))?;
                    q = q.checked_neg().ok_or_else(|| self.overflow(n))?;
                }
                if q == 1 {
                    Ok(V::Int(SymInt::Int(p)))
                } else {
                    Ok(V::Rat(SymInt::Int(p), SymInt::Int(q)))
                }
            }
            _ => Ok(V::Rat(num, den)),
        }
    }

    fn overflow(&self, n: &Node) -> SreprError {
        self.err(
            n,
            SreprErrorKind::Unsupported {
                what: "a rational whose terms overflow 64 bits".into(),
            },
        )
    }

    /// `(num, den)` of a numeric value.
    fn frac(&self, n: &Node, v: V) -> Result<(SymInt, SymInt), SreprError> {
        match v {
            V::Int(i) => Ok((i, SymInt::Int(1))),
            V::Rat(p, q) => Ok((p, q)),
            V::Bool(_) => Err(self.err(
                n,
                SreprErrorKind::TypeMismatch {
                    expected: "a number",
                    found: "a condition",
                },
            )),
        }
    }

    fn int_of(&mut self, n: &Node) -> Result<SymInt, SreprError> {
        let v = self.node(n)?;
        self.integer(v, n)
    }

    /// A value that must be an integer. A rational with a constant
    /// denominator is taken as exact (sympy writes `s0/2` only when `s0` is
    /// known even) and lowered to floor division.
    fn integer(&mut self, v: V, n: &Node) -> Result<SymInt, SreprError> {
        match v {
            V::Int(i) => Ok(i),
            V::Rat(p, q @ SymInt::Int(_)) if !p.is_static() => {
                let r = self.env.floordiv(p, q);
                self.rt(n, r)
            }
            V::Rat(p, q) => Err(self.err(
                n,
                SreprErrorKind::NotInteger {
                    what: format!("({}) / ({})", self.env.display(p), self.env.display(q)),
                },
            )),
            V::Bool(_) => Err(self.err(
                n,
                SreprErrorKind::TypeMismatch {
                    expected: "an integer",
                    found: "a condition",
                },
            )),
        }
    }

    fn bool_of(&mut self, n: &Node) -> Result<SymBool, SreprError> {
        match self.node(n)? {
            V::Bool(b) => Ok(b),
            // sympy accepts integers as truth values in And/Or only when
            // they are 0/1 constants.
            V::Int(SymInt::Int(v)) => Ok(SymBool::Bool(v != 0)),
            _ => Err(self.err(
                n,
                SreprErrorKind::TypeMismatch {
                    expected: "a condition",
                    found: "a number",
                },
            )),
        }
    }

    fn add(&mut self, n: &Node, a: V, b: V) -> Result<V, SreprError> {
        if let (V::Int(x), V::Int(y)) = (a, b) {
            let r = self.env.add(x, y);
            return self.rt(n, r).map(V::Int);
        }
        let (p, q) = self.frac(n, a)?;
        let (r, s) = self.frac(n, b)?;
        if q == s {
            let num = self.env.add(p, r);
            let num = self.rt(n, num)?;
            return self.rat(n, num, q);
        }
        let ps = self.env.mul(p, s);
        let ps = self.rt(n, ps)?;
        let rq = self.env.mul(r, q);
        let rq = self.rt(n, rq)?;
        let num = self.env.add(ps, rq);
        let num = self.rt(n, num)?;
        let den = self.env.mul(q, s);
        let den = self.rt(n, den)?;
        self.rat(n, num, den)
    }

    fn mul(&mut self, n: &Node, a: V, b: V) -> Result<V, SreprError> {
        if let (V::Int(x), V::Int(y)) = (a, b) {
            let r = self.env.mul(x, y);
            return self.rt(n, r).map(V::Int);
        }
        let (p, q) = self.frac(n, a)?;
        let (r, s) = self.frac(n, b)?;
        let num = self.env.mul(p, r);
        let num = self.rt(n, num)?;
        let den = self.env.mul(q, s);
        let den = self.rt(n, den)?;
        self.rat(n, num, den)
    }

    /// `a / b` exactly.
    fn div(&mut self, n: &Node, a: V, b: V) -> Result<V, SreprError> {
        let (p, q) = self.frac(n, a)?;
        let (r, s) = self.frac(n, b)?;
        let num = self.env.mul(p, s);
        let num = self.rt(n, num)?;
        let den = self.env.mul(q, r);
        let den = self.rt(n, den)?;
        self.rat(n, num, den)
    }

    /// `floor(v)` (or `ceil(v)` when `ceil`).
    fn round_down(&mut self, n: &Node, v: V, ceil: bool) -> Result<SymInt, SreprError> {
        match v {
            V::Int(i) => Ok(i),
            V::Rat(p, q) => {
                let r = if ceil {
                    self.env.ceil_ratio(p, q)
                } else {
                    self.env.floordiv(p, q)
                };
                self.rt(n, r)
            }
            V::Bool(_) => self.integer(v, n),
        }
    }

    /// The sign of `v` from the value ranges: `Some(true)` when `>= 0`,
    /// `Some(false)` when `<= 0`.
    fn sign(&mut self, n: &Node, v: SymInt) -> Result<Option<bool>, SreprError> {
        let s = self.env.sign(v);
        self.rt(n, s)
    }

    /// `(c, x)` when `n` is `Mul(Float(c), ToFloat(x))`, the factors in
    /// any order (sympy writes `-1.0*ToFloat(s0)` as
    /// `Mul(Integer(-1), Float('1.0'), ToFloat(s0))`): an integer scaled by
    /// a float, which `TruncToInt` truncates in floating point as PyTorch
    /// does.
    fn scaled_size<'n>(&self, n: &'n Node) -> Option<(f64, &'n Node)> {
        let NodeKind::Call(Func::Mul, factors) = &n.kind else {
            return None;
        };
        let (mut c, mut floats, mut x) = (1.0_f64, 0, None);
        for f in factors {
            match &f.kind {
                NodeKind::Float(t) => {
                    c *= t.trim().parse::<f64>().ok()?;
                    floats += 1;
                }
                NodeKind::Integer(k) => c *= *k as f64,
                NodeKind::Call(Func::ToFloat, inner) if x.is_none() => x = Some(inner.first()?),
                _ => return None,
            }
        }
        (floats == 1).then_some((c, x?))
    }

    fn node(&mut self, n: &Node) -> Result<V, SreprError> {
        match &n.kind {
            NodeKind::Integer(v) => Ok(V::Int(SymInt::Int(*v))),
            NodeKind::WideInteger(v) => Err(self.err(
                n,
                SreprErrorKind::IntegerOutOfRange {
                    literal: v.to_string(),
                },
            )),
            NodeKind::Rational(p, q) => self.rat(n, SymInt::Int(*p), SymInt::Int(*q)),
            NodeKind::Float(text) => {
                let (p, q) = text
                    .trim()
                    .parse::<f64>()
                    .ok()
                    .and_then(fake_runtime::sym::float::exact_decimal)
                    .ok_or_else(|| {
                        self.unsupported(n, format!("Float('{text}') as an exact 64-bit rational"))
                    })?;
                self.rat(n, SymInt::Int(p), SymInt::Int(q))
            }
            NodeKind::Bool(b) => Ok(V::Bool(SymBool::Bool(*b))),
            NodeKind::Infinity(inf) => Err(self.unsupported(n, format!("`{}`", inf_name(*inf)))),
            NodeKind::Symbol(decl) => match self.resolver.resolve(self.env, decl) {
                Ok(v) => Ok(V::Int(v)),
                Err(source) => Err(self.err(
                    n,
                    SreprErrorKind::Resolve {
                        name: decl.name.clone(),
                        source,
                    },
                )),
            },
            NodeKind::Call(func, args) => self.call(n, func, args),
        }
    }

    /// `Piecewise((v0, c0), (v1, c1), ...)`: the first arm whose condition
    /// is known true, skipping arms known false; `Piecewise((1, b), (0,
    /// True))` of an unbacked bool `b = Eq(u, 1)` (`u` in `[0, 1]`, what
    /// `sym_ite(b, 1, 0)` records) is `u` itself.
    fn piecewise(&mut self, n: &Node, args: &[Node]) -> Result<V, SreprError> {
        let mut arms = Vec::with_capacity(args.len());
        for a in args {
            match &a.kind {
                NodeKind::Call(Func::ExprCondPair, pair) => arms.push((&pair[0], &pair[1])),
                _ => {
                    return Err(
                        self.unsupported(a, "a Piecewise argument that is not an ExprCondPair")
                    );
                }
            }
        }
        for (i, &(v, c)) in arms.iter().enumerate() {
            match self.bool_of(c)? {
                SymBool::Bool(true) => return self.node(v),
                SymBool::Bool(false) => continue,
                cond @ SymBool::Expr(_) => {
                    let rest = &arms[i + 1..];
                    if let ([(f, last)], V::Int(SymInt::Int(1))) = (rest, self.node(v)?)
                        && self.bool_of(last)? == SymBool::Bool(true)
                        && matches!(self.node(f)?, V::Int(SymInt::Int(0)))
                        && let Some(u) = self.env.indicator_of(cond)
                    {
                        return Ok(V::Int(u));
                    }
                    return Err(self.unsupported(n, "Piecewise with a symbolic condition"));
                }
            }
        }
        Err(self.unsupported(n, "Piecewise with no arm that holds"))
    }

    fn call(&mut self, n: &Node, func: &Func, args: &[Node]) -> Result<V, SreprError> {
        match func {
            Func::Add | Func::Mul => {
                let mut acc = self.node(&args[0])?;
                for a in &args[1..] {
                    let v = self.node(a)?;
                    acc = if *func == Func::Add {
                        self.add(n, acc, v)?
                    } else {
                        self.mul(n, acc, v)?
                    };
                }
                Ok(acc)
            }
            Func::Pow | Func::PowByNatural | Func::FloatPow => {
                let base = self.node(&args[0])?;
                let exp = match self.node(&args[1])? {
                    V::Int(SymInt::Int(k)) => k,
                    _ => return Err(self.unsupported(n, "a power with a non-constant exponent")),
                };
                if exp.unsigned_abs() > 64 {
                    return Err(self.unsupported(n, format!("a power with exponent {exp}")));
                }
                let mut acc = V::Int(SymInt::Int(1));
                for _ in 0..exp.unsigned_abs() {
                    acc = self.mul(n, acc, base)?;
                }
                if exp < 0 {
                    acc = self.div(n, V::Int(SymInt::Int(1)), acc)?;
                }
                Ok(acc)
            }
            Func::FloorDiv | Func::CleanDiv => {
                let a = self.node(&args[0])?;
                let b = self.node(&args[1])?;
                if let (V::Int(x), V::Int(y)) = (a, b) {
                    let r = self.env.floordiv(x, y);
                    return self.rt(n, r).map(V::Int);
                }
                let q = self.div(n, a, b)?;
                self.round_down(n, q, false).map(V::Int)
            }
            Func::CeilDiv => {
                let a = self.int_of(&args[0])?;
                let b = self.int_of(&args[1])?;
                let r = self.env.ceildiv(a, b);
                self.rt(n, r).map(V::Int)
            }
            Func::Mod | Func::PythonMod => {
                let a = self.int_of(&args[0])?;
                let b = self.int_of(&args[1])?;
                let r = self.env.modulo(a, b);
                self.rt(n, r).map(V::Int)
            }
            Func::ModularIndexing => {
                let a = self.int_of(&args[0])?;
                let b = self.int_of(&args[1])?;
                let c = self.int_of(&args[2])?;
                let q = self.env.floordiv(a, b);
                let q = self.rt(n, q)?;
                let r = self.env.modulo(q, c);
                self.rt(n, r).map(V::Int)
            }
            Func::Max | Func::Min => {
                let mut acc = self.int_of(&args[0])?;
                for a in &args[1..] {
                    let v = self.int_of(a)?;
                    let r = if *func == Func::Max {
                        self.env.max(acc, v)
                    } else {
                        self.env.min(acc, v)
                    };
                    acc = self.rt(n, r)?;
                }
                Ok(V::Int(acc))
            }
            Func::IntTrueDiv | Func::FloatTrueDiv => {
                let a = self.node(&args[0])?;
                let b = self.node(&args[1])?;
                self.div(n, a, b)
            }
            Func::ToFloat | Func::Identity => self.node(&args[0]),
            Func::FloorToInt | Func::Floor => {
                let v = self.node(&args[0])?;
                self.round_down(n, v, false).map(V::Int)
            }
            Func::CeilToInt | Func::Ceiling => {
                let v = self.node(&args[0])?;
                self.round_down(n, v, true).map(V::Int)
            }
            Func::TruncToInt if let Some((c, x)) = self.scaled_size(&args[0]) => {
                let x = self.int_of(x)?;
                let r = self.env.trunc_scaled(x, c);
                self.rt(n, r).map(V::Int)
            }
            Func::TruncToInt | Func::TruncToFloat => match self.node(&args[0])? {
                V::Int(i) => Ok(V::Int(i)),
                V::Rat(p, q) => {
                    let sp = self.sign(n, p)?;
                    let sq = self.sign(n, q)?;
                    match (sp, sq) {
                        (Some(a), Some(b)) => {
                            // Non-negative quotient: floor; non-positive: ceil.
                            self.round_down(n, V::Rat(p, q), a != b).map(V::Int)
                        }
                        _ => Err(self.unsupported(
                            n,
                            "truncation of a quotient whose sign the ranges do not give",
                        )),
                    }
                }
                b @ V::Bool(_) => self.integer(b, n).map(V::Int),
            },
            Func::RoundToInt => match self.node(&args[0])? {
                V::Int(i) => Ok(V::Int(i)),
                V::Rat(SymInt::Int(p), SymInt::Int(q)) => Ok(V::Int(SymInt::Int(
                    round_half_even(p, q).ok_or_else(|| self.overflow(n))?,
                ))),
                V::Rat(..) => Err(self.unsupported(n, "rounding of a symbolic quotient")),
                b @ V::Bool(_) => self.integer(b, n).map(V::Int),
            },
            Func::Piecewise => self.piecewise(n, args),
            Func::ExprCondPair => Err(self.unsupported(n, "ExprCondPair outside Piecewise")),
            Func::Where => match self.bool_of(&args[0])? {
                SymBool::Bool(true) => self.node(&args[1]),
                SymBool::Bool(false) => self.node(&args[2]),
                SymBool::Expr(_) => Err(self.unsupported(n, "Where with a symbolic condition")),
            },
            Func::Abs => {
                let v = self.int_of(&args[0])?;
                match v {
                    SymInt::Int(x) => x
                        .checked_abs()
                        .map(|a| V::Int(SymInt::Int(a)))
                        .ok_or_else(|| self.overflow(n)),
                    _ => match self.sign(n, v)? {
                        Some(true) => Ok(V::Int(v)),
                        Some(false) => {
                            let r = self.env.neg(v);
                            self.rt(n, r).map(V::Int)
                        }
                        None => {
                            Err(self
                                .unsupported(n, "Abs of a value whose sign the ranges do not give"))
                        }
                    },
                }
            }
            Func::LShift | Func::RShift => {
                let a = self.int_of(&args[0])?;
                let k = match self.int_of(&args[1])? {
                    SymInt::Int(k) if (0..63).contains(&k) => k,
                    _ => return Err(self.unsupported(n, "a shift by a non-constant amount")),
                };
                let p = SymInt::Int(1i64 << k);
                let r = if *func == Func::LShift {
                    self.env.mul(a, p)
                } else {
                    self.env.floordiv(a, p)
                };
                self.rt(n, r).map(V::Int)
            }
            Func::RoundDecimal | Func::IsNonOverlappingAndDenseIndicator | Func::Opaque(_) => {
                Err(self.unsupported(n, format!("`{}`", func.name())))
            }
            Func::Eq | Func::Ne | Func::Lt | Func::Le | Func::Gt | Func::Ge => {
                let (a, b) = (&args[0], &args[1]);
                let (op, a, b) = match func {
                    Func::Eq => (RelOp::Eq, a, b),
                    Func::Ne => (RelOp::Ne, a, b),
                    Func::Lt => (RelOp::Lt, a, b),
                    Func::Le => (RelOp::Le, a, b),
                    Func::Gt => (RelOp::Lt, b, a),
                    _ => (RelOp::Le, b, a),
                };
                if let Some(b) = self.wide_relation(op, a, b)? {
                    return Ok(V::Bool(SymBool::Bool(b)));
                }
                let a = self.node(a)?;
                let b = self.node(b)?;
                self.compare(n, op, a, b).map(V::Bool)
            }
            Func::And | Func::Or => {
                let mut acc = self.bool_of(&args[0])?;
                for a in &args[1..] {
                    let v = self.bool_of(a)?;
                    let r = if *func == Func::And {
                        self.env.and(acc, v)
                    } else {
                        self.env.or(acc, v)
                    };
                    acc = self.rt(n, r)?;
                }
                Ok(V::Bool(acc))
            }
            Func::Not => {
                let v = self.bool_of(&args[0])?;
                let r = self.env.not(v);
                self.rt(n, r).map(V::Bool)
            }
        }
    }

    /// A relation with an integer beyond 64 bits on one side (a range
    /// check's bound), decided: the other side is a 64-bit integer, so it
    /// is on the near side of the bound unless it is a literal itself.
    /// `None` when neither side is such an integer.
    fn wide_relation(&mut self, op: RelOp, a: &Node, b: &Node) -> Result<Option<bool>, SreprError> {
        let wide = |n: &Node| match n.kind {
            NodeKind::WideInteger(v) => Some(v),
            _ => None,
        };
        if wide(a).is_none() && wide(b).is_none() {
            return Ok(None);
        }
        let mut side = |n: &Node| -> Result<Option<i128>, SreprError> {
            if let Some(v) = wide(n) {
                return Ok(Some(v));
            }
            Ok(match self.int_of(n)? {
                SymInt::Int(v) => Some(i128::from(v)),
                SymInt::Expr(_) => None,
            })
        };
        let (l, r) = (side(a)?, side(b)?);
        Ok(crate::export::schema::relation_beyond_64_bits(op, l, r))
    }

    fn compare(&mut self, n: &Node, op: RelOp, a: V, b: V) -> Result<SymBool, SreprError> {
        if let (V::Bool(x), V::Bool(y)) = (a, b)
            && matches!(op, RelOp::Eq | RelOp::Ne)
        {
            let (x, y) = (x.as_bool(), y.as_bool());
            return match (x, y) {
                (Some(x), Some(y)) => Ok(SymBool::Bool((x == y) == (op == RelOp::Eq))),
                _ => Err(self.unsupported(n, "a comparison of symbolic conditions")),
            };
        }
        let (p, q) = self.frac(n, a)?;
        let (r, s) = self.frac(n, b)?;
        let (lhs, rhs) = if q == s {
            (p, r)
        } else {
            // p/q OP r/s  <=>  p*s OP r*q when q*s > 0.
            match (q, s) {
                (SymInt::Int(x), SymInt::Int(y)) if x > 0 && y > 0 => {
                    let l = self.env.mul(p, s);
                    let l = self.rt(n, l)?;
                    let r2 = self.env.mul(r, q);
                    let r2 = self.rt(n, r2)?;
                    (l, r2)
                }
                _ => {
                    return Err(
                        self.unsupported(n, "a comparison of quotients with symbolic denominators")
                    );
                }
            }
        };
        if let SymInt::Int(d) = q
            && q == s
            && d < 0
        {
            let c = self.env.compare(op, rhs, lhs);
            return self.rt(n, c);
        }
        let c = self.env.compare(op, lhs, rhs);
        self.rt(n, c)
    }
}

fn inf_name(i: Infinity) -> &'static str {
    i.name()
}

/// Python's `round(p / q)` (half to even), `q > 0`.
fn round_half_even(p: i64, q: i64) -> Option<i64> {
    let rem = p.checked_rem_euclid(q)?;
    let fl = p.checked_sub(rem)?.checked_div(q)?;
    let twice = rem.checked_mul(2)?;
    Some(match twice.cmp(&q) {
        std::cmp::Ordering::Less => fl,
        std::cmp::Ordering::Greater => fl.checked_add(1)?,
        std::cmp::Ordering::Equal if fl % 2 == 0 => fl,
        std::cmp::Ordering::Equal => fl.checked_add(1)?,
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn rounding() {
        assert_eq!(round_half_even(5, 2), Some(2));
        assert_eq!(round_half_even(7, 2), Some(4));
        assert_eq!(round_half_even(-5, 2), Some(-2));
        assert_eq!(round_half_even(4, 3), Some(1));
        assert_eq!(round_half_even(5, 3), Some(2));
    }
}
