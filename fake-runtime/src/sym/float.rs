//! Symbolic floats (PyTorch's `SymFloat`): `torch.sym_float(s0)`, `s0 / 2`,
//! `ToFloat(s0) ** 2.0`, `sqrt`, and unbacked floats from `item()` of a
//! floating tensor (`zuf0`).
//!
//! No size is ever a float, so floats only travel between SymInt
//! arithmetic and the `Scalar` arguments of operators, where only their
//! being floats matters (a wrapped number of the default float dtype).
//! They are therefore kept simply: a table of nodes per ShapeEnv, each
//! with its value at the hints when there is one, folded when every
//! operand is a constant, printed as PyTorch prints them, never decided on.

use super::ExprId;

/// A float that may be symbolic.
#[derive(Debug, Clone, Copy, PartialEq)]
pub enum SymFloat {
    /// A known value.
    Const(f64),
    /// A node of the ShapeEnv's float table.
    Expr(FloatId),
}

impl SymFloat {
    /// The value, when known.
    #[inline]
    pub fn as_f64(self) -> Option<f64> {
        match self {
            SymFloat::Const(v) => Some(v),
            SymFloat::Expr(_) => None,
        }
    }
}

impl From<f64> for SymFloat {
    #[inline]
    fn from(v: f64) -> Self {
        SymFloat::Const(v)
    }
}

/// The handle of a symbolic float in its ShapeEnv.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct FloatId(pub(crate) u32);

impl FloatId {
    /// The position in the ShapeEnv's float table.
    pub fn index(self) -> u32 {
        self.0
    }
}

/// An arithmetic operation on floats.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum FloatOp {
    /// `a + b`.
    Add,
    /// `a - b`.
    Sub,
    /// `a * b`.
    Mul,
    /// `a / b` (`FloatTrueDiv`).
    Div,
    /// `a ** b` (`FloatPow`).
    Pow,
}

impl FloatOp {
    /// The value on known operands.
    pub fn apply(self, a: f64, b: f64) -> f64 {
        match self {
            FloatOp::Add => a + b,
            FloatOp::Sub => a - b,
            FloatOp::Mul => a * b,
            FloatOp::Div => a / b,
            FloatOp::Pow => a.powf(b),
        }
    }
}

/// A one-argument function on floats (`torch._sym_sqrt`, `math.*`).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum FloatFn {
    /// `sqrt`.
    Sqrt,
    /// `exp`.
    Exp,
    /// `log`.
    Log,
    /// `sin`.
    Sin,
    /// `cos`.
    Cos,
    /// `tanh`.
    Tanh,
    /// `-x`.
    Neg,
}

impl FloatFn {
    /// The function of a `math.<name>` / `torch._sym_<name>` target.
    pub fn from_name(name: &str) -> Option<FloatFn> {
        Some(match name {
            "sqrt" => FloatFn::Sqrt,
            "exp" => FloatFn::Exp,
            "log" => FloatFn::Log,
            "sin" => FloatFn::Sin,
            "cos" => FloatFn::Cos,
            "tanh" => FloatFn::Tanh,
            "neg" => FloatFn::Neg,
            _ => return None,
        })
    }

    /// The value on a known operand.
    pub fn apply(self, x: f64) -> f64 {
        match self {
            FloatFn::Sqrt => x.sqrt(),
            FloatFn::Exp => x.exp(),
            FloatFn::Log => x.ln(),
            FloatFn::Sin => x.sin(),
            FloatFn::Cos => x.cos(),
            FloatFn::Tanh => x.tanh(),
            FloatFn::Neg => -x,
        }
    }

    fn name(self) -> &'static str {
        match self {
            FloatFn::Sqrt => "sqrt",
            FloatFn::Exp => "exp",
            FloatFn::Log => "log",
            FloatFn::Sin => "sin",
            FloatFn::Cos => "cos",
            FloatFn::Tanh => "tanh",
            FloatFn::Neg => "neg",
        }
    }
}

/// A node of the float table.
#[derive(Debug, Clone, PartialEq)]
pub(crate) enum FloatNode {
    /// An unbacked float (`zuf0`), made by an operator.
    Unbacked { n: u32 },
    /// `ToFloat(e)`.
    ToFloat(ExprId),
    /// `IntTrueDiv(a, b)`: true division of two integers.
    IntTrueDiv(ExprId, ExprId),
    /// `a OP b`.
    Binary(FloatOp, SymFloat, SymFloat),
    /// `f(x)`.
    Unary(FloatFn, SymFloat),
}

/// The float table of a ShapeEnv: nodes and their values at the hints.
#[derive(Debug, Clone, Default)]
pub(crate) struct FloatTable {
    pub(crate) nodes: Vec<(FloatNode, Option<f64>)>,
    pub(crate) unbacked: u32,
}

impl FloatTable {
    pub(crate) fn push(&mut self, node: FloatNode, hint: Option<f64>) -> SymFloat {
        self.nodes.push((node, hint));
        SymFloat::Expr(FloatId(self.nodes.len() as u32 - 1))
    }

    pub(crate) fn get(&self, id: FloatId) -> Option<&(FloatNode, Option<f64>)> {
        self.nodes.get(id.0 as usize)
    }

    /// `f` printed as PyTorch's sympy printer prints it, integers by
    /// `int`.
    pub(crate) fn display(&self, f: SymFloat, int: &dyn Fn(ExprId) -> String) -> String {
        match f {
            SymFloat::Const(v) => format_float(v),
            SymFloat::Expr(id) => match self.get(id) {
                None => format!("<foreign float {}>", id.0),
                Some((node, _)) => match node {
                    FloatNode::Unbacked { n } => format!("zuf{n}"),
                    FloatNode::ToFloat(e) => format!("ToFloat({})", int(*e)),
                    FloatNode::IntTrueDiv(a, b) => {
                        format!("IntTrueDiv({}, {})", int(*a), int(*b))
                    }
                    FloatNode::Binary(op, a, b) => {
                        let (a, b) = (self.display(*a, int), self.display(*b, int));
                        match op {
                            FloatOp::Add => format!("{a} + {b}"),
                            FloatOp::Sub => format!("{a} - {b}"),
                            FloatOp::Mul => format!("{a}*{b}"),
                            FloatOp::Div => format!("FloatTrueDiv({a}, {b})"),
                            FloatOp::Pow => format!("FloatPow({a}, {b})"),
                        }
                    }
                    FloatNode::Unary(FloatFn::Neg, x) => format!("-{}", self.display(*x, int)),
                    FloatNode::Unary(f, x) => {
                        format!("OpaqueUnaryFn_{}({})", f.name(), self.display(*x, int))
                    }
                },
            },
        }
    }
}

/// A float as Python's `repr` writes it (`2.0`, `0.5`).
pub(crate) fn format_float(v: f64) -> String {
    if v.is_finite() && v == v.trunc() && v.abs() < 1e16 {
        format!("{v:.1}")
    } else {
        format!("{v}")
    }
}

/// A float inside a sympy expression as PyTorch's printer writes it
/// (`mpmath`'s `to_str` of a 53-bit `Float`: 15 significant digits,
/// trailing zeros stripped, fixed notation for decimal exponents from -4
/// to 14): `0.5`, `0.333333333333333`, `1.0e-20`.
pub(crate) fn sympy_float(v: f64) -> String {
    if !v.is_finite() {
        return python_repr(v);
    }
    if v == 0.0 {
        return "0.0".into();
    }
    let e = format!("{:.14e}", v.abs());
    let (mantissa, exp) = e.split_once('e').unwrap_or((&e, "0"));
    let exponent: i32 = exp.parse().unwrap_or(0);
    let digits: String = mantissa.chars().filter(char::is_ascii_digit).collect();
    let sign = if v < 0.0 { "-" } else { "" };
    let (mut body, shown) = if -5 < exponent && exponent < 15 {
        let (digits, split) = if exponent < 0 {
            ("0".repeat((-exponent) as usize) + &digits, 1)
        } else {
            (digits, exponent as usize + 1)
        };
        (format!("{}.{}", &digits[..split], &digits[split..]), 0)
    } else {
        (format!("{}.{}", &digits[..1], &digits[1..]), exponent)
    };
    body = body.trim_end_matches('0').to_string();
    if body.ends_with('.') {
        body.push('0');
    }
    match shown {
        0 => format!("{sign}{body}"),
        e if e > 0 => format!("{sign}{body}e+{e}"),
        e => format!("{sign}{body}e{e}"),
    }
}

/// `v` as `(numerator, denominator)` in lowest terms, read from the
/// shortest decimal that reads back as `v` (`0.29` is `29/100`, not the
/// double's exact binary value): how PyTorch's scale factors and sympy's
/// `Float` literals are taken exactly. `None` for a value that is not
/// finite or does not fit 64 bits.
pub fn exact_decimal(v: f64) -> Option<(i64, i64)> {
    if !v.is_finite() {
        return None;
    }
    // Rust prints the shortest string that reads back as the same double,
    // without an exponent.
    let s = format!("{}", v.abs());
    let (int, frac) = s.split_once('.').unwrap_or((s.as_str(), ""));
    let mut num: i64 = format!("{int}{frac}").parse().ok()?;
    let mut den: i64 = 10i64.checked_pow(u32::try_from(frac.len()).ok()?)?;
    let g = super::expr::gcd(num, den).max(1);
    num /= g;
    den /= g;
    Some((if v < 0.0 { -num } else { num }, den))
}

/// A float as Python's `repr` writes it: `2.0`, `0.5`, `1e-05`,
/// `1.5e+16`, `inf`, `nan` (the exponent form below `1e-4` and from
/// `1e16`).
pub fn python_repr(v: f64) -> String {
    if v.is_nan() {
        return "nan".into();
    }
    if v.is_infinite() {
        return if v > 0.0 { "inf".into() } else { "-inf".into() };
    }
    let a = v.abs();
    if a != 0.0 && !(1e-4..1e16).contains(&a) {
        let e = format!("{v:e}");
        let (mantissa, exp) = e.split_once('e').unwrap_or((&e, "0"));
        let (sign, digits) = match exp.strip_prefix('-') {
            Some(d) => ('-', d),
            None => ('+', exp),
        };
        return format!("{mantissa}e{sign}{digits:0>2}");
    }
    format_float(v)
}
