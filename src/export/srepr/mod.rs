//! Symbolic sizes as `torch.export` writes them: sympy `srepr` strings such
//! as `Add(Symbol('s17', positive=True, integer=True), Integer(1))`.
//!
//! Two phases. [`parse`] reads the text into a small AST ([`Expr`], whose
//! [`Node`]s keep their byte spans) and rejects malformed text, unknown
//! functions and wrong arities. [`lower`] turns the AST into the runtime's
//! symbolic values ([`Value`]: a [`SymInt`](fake_runtime::SymInt) or a
//! [`SymBool`](fake_runtime::SymBool)) with the
//! ShapeEnv's arithmetic, so the result is in the runtime's canonical form
//! and compares equal to the same size computed by a shape rule. Symbols
//! are looked up through a caller-supplied resolver.
//!
//! # What each function means
//!
//! The semantics are those of `torch/utils/_sympy/functions.py` and sympy:
//!
//! | srepr | lowered as |
//! |---|---|
//! | `Integer(n)`, `One()`, `Zero()`, `NegativeOne()` | the constant |
//! | `Symbol('s0', ...)` | the resolver's value for `s0` |
//! | `Add`, `Mul` (n-ary) | sum, product |
//! | `Pow(b, Integer(k))`, `PowByNatural` | repeated product (`k < 0`: reciprocal) |
//! | `FloorDiv(a, b)`, `CleanDiv(a, b)` | `a // b` (Python, rounds to -inf; CleanDiv is exact) |
//! | `CeilDiv(a, b)` | `-((-a) // b)` |
//! | `Mod(a, b)`, `PythonMod(a, b)` | `a % b` (Python, sign of `b`) |
//! | `ModularIndexing(a, b, c)` | `(a // b) % c` |
//! | `Max(...)`, `Min(...)` | n-ary max, min |
//! | `IntTrueDiv(a, b)`, `FloatTrueDiv(a, b)` | the exact quotient `a / b` (a float) |
//! | `ToFloat(x)`, `Identity(x)` | `x` |
//! | `FloorToInt`, `CeilToInt`, `TruncToInt`, `RoundToInt` | rounding of a quotient |
//! | `Rational(p, q)` | `p / q`, where the whole expression is an integer |
//! | `Float('1.5', precision=53)` | the decimal's exact value, `3/2` |
//! | `Eq`/`Equality`, `Ne`/`Unequality`, `Lt`/`StrictLessThan`, `Le`/`LessThan`, `Gt`/`StrictGreaterThan`, `Ge`/`GreaterThan` | relations |
//! | `And`, `Or`, `Not`, `true`, `false`, `BooleanTrue()`, `BooleanFalse()` | logic |
//!
//! Non-integer intermediate values (quotients, decimals) are exact
//! rationals `num / den` with symbolic numerator and denominator; they must
//! be rounded (`FloorToInt(IntTrueDiv(a, b))` is `a // b`) or be integers
//! by construction (sympy writes `Mul(Rational(1, 2), s0)` only when `s0`
//! is known even; it lowers to the exact division `s0 // 2`). A
//! float-valued expression at the top (a SymFloat) is an error.
//!
//! # Deviations
//!
//! - `Float` literals are taken as the exact value of their shortest
//!   decimal form: `Float('0.69999999999999996')` (the double nearest 0.7)
//!   is `7/10`, except in `TruncToInt(Mul(Float(c), ToFloat(x)))`, a size
//!   scaled by a float, which is the runtime's own node for it, computed
//!   in floating point as PyTorch computes it (`0.29 * 100` is
//!   `28.999...`, truncated to 28). Elsewhere a float is an exact
//!   rational, which can differ from PyTorch's floating point.
//! - `TruncToInt` of a symbolic quotient needs the sign of the quotient
//!   from the value ranges (it is floor for non-negative values, ceiling
//!   for non-positive ones); when the ranges do not say, it is an
//!   [`SreprErrorKind::Unsupported`] error, as are `Where` with a symbolic
//!   condition, `RoundToInt` of a symbolic quotient, infinities, and
//!   torch's opaque functions (`OpaqueUnaryFn_*`,
//!   `IsNonOverlappingAndDenseIndicator`).

mod lower;
mod parse;

pub use lower::{ResolveError, Resolver, Value, lower, lower_bool, lower_int, lower_str};
pub use parse::parse;

use std::fmt;

/// A byte range of the source text.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct Span {
    /// First byte.
    pub start: usize,
    /// One past the last byte.
    pub end: usize,
}

/// A parsed srepr expression: the source text and its AST.
#[derive(Debug, Clone, PartialEq)]
pub struct Expr {
    text: String,
    root: Node,
}

impl Expr {
    /// Parse `text` (same as [`parse`]).
    pub fn parse(text: &str) -> Result<Expr, SreprError> {
        parse(text)
    }

    /// The source text.
    pub fn text(&self) -> &str {
        &self.text
    }

    /// The root of the AST.
    pub fn root(&self) -> &Node {
        &self.root
    }

    /// Every symbol the expression mentions, once each, in order of first
    /// appearance (with the assumptions written at that appearance).
    pub fn symbols(&self) -> Vec<&SymbolDecl> {
        fn walk<'a>(n: &'a Node, out: &mut Vec<&'a SymbolDecl>) {
            match &n.kind {
                NodeKind::Symbol(s) if !out.iter().any(|o| o.name == s.name) => out.push(s),
                NodeKind::Call(_, args) => {
                    for a in args {
                        walk(a, out);
                    }
                }
                _ => {}
            }
        }
        let mut out = Vec::new();
        walk(&self.root, &mut out);
        out
    }

    /// The value of the one unknown symbol of an expression affine in it
    /// (`s0`, `2*s0`, `s0 + 1`, `2*s0 - 1`, `s1*s0` with `s1` known) at
    /// which the expression equals `value`, the other symbols having the
    /// values `known` gives: how a recorded size's hint gives the hint of
    /// the symbol it is made of (a derived `Dim`, `2*dx`, is recorded as
    /// `2*s26`; a stride `s46*s47` whose `s47` appears nowhere else).
    /// `None` for any other form, or when no integer solves it.
    pub fn solve_affine(
        &self,
        value: i64,
        known: &dyn Fn(&str) -> Option<i64>,
    ) -> Option<(&SymbolDecl, i64)> {
        /// The value of a node all of whose symbols are known.
        fn eval(n: &Node, known: &dyn Fn(&str) -> Option<i64>) -> Option<i64> {
            match &n.kind {
                NodeKind::Integer(k) => Some(*k),
                NodeKind::Symbol(s) => known(&s.name),
                NodeKind::Call(Func::Add, args) => args
                    .iter()
                    .try_fold(0i64, |acc, a| acc.checked_add(eval(a, known)?)),
                NodeKind::Call(Func::Mul, args) => args
                    .iter()
                    .try_fold(1i64, |acc, a| acc.checked_mul(eval(a, known)?)),
                _ => None,
            }
        }
        /// The one argument of `args` that does not evaluate, and the
        /// values of the others.
        fn split<'n>(
            args: &'n [Node],
            known: &dyn Fn(&str) -> Option<i64>,
        ) -> Option<(&'n Node, Vec<i64>)> {
            let mut unknown = None;
            let mut values = Vec::with_capacity(args.len());
            for a in args {
                match eval(a, known) {
                    Some(v) => values.push(v),
                    None if unknown.is_none() => unknown = Some(a),
                    None => return None,
                }
            }
            Some((unknown?, values))
        }
        fn solve<'n>(
            n: &'n Node,
            value: i64,
            known: &dyn Fn(&str) -> Option<i64>,
        ) -> Option<(&'n SymbolDecl, i64)> {
            match &n.kind {
                NodeKind::Symbol(s) if known(&s.name).is_none() => Some((s, value)),
                NodeKind::Call(Func::Add, args) => {
                    let (var, rest) = split(args, known)?;
                    let rest = rest.iter().try_fold(value, |acc, k| acc.checked_sub(*k))?;
                    solve(var, rest, known)
                }
                NodeKind::Call(Func::Mul, args) => {
                    let (var, rest) = split(args, known)?;
                    let factor = rest.iter().try_fold(1i64, |acc, k| acc.checked_mul(*k))?;
                    if factor == 0 || value % factor != 0 {
                        return None;
                    }
                    solve(var, value / factor, known)
                }
                _ => None,
            }
        }
        solve(&self.root, value, known)
    }

    pub(crate) fn error(&self, span: Span, kind: SreprErrorKind) -> SreprError {
        SreprError {
            kind,
            offset: span.start,
            text: self.text.clone(),
        }
    }
}

/// A node of the AST, with the bytes it was read from.
#[derive(Debug, Clone, PartialEq)]
pub struct Node {
    /// What the node is.
    pub kind: NodeKind,
    /// Where it was read.
    pub span: Span,
}

/// What a node is.
#[derive(Debug, Clone, PartialEq)]
pub enum NodeKind {
    /// `Integer(n)`, `One()`, `Zero()`, `NegativeOne()`.
    Integer(i64),
    /// `Integer(n)` beyond 64 bits: a value-range bound sympy keeps exact
    /// (`4 * (2**63 - 2)`), read only as one side of a relation.
    WideInteger(i128),
    /// `Rational(p, q)` (and `Half()`), as written; `q != 0`.
    Rational(i64, i64),
    /// `Float('1.5', precision=53)`: the decimal text.
    Float(String),
    /// `Symbol('s0', positive=True, integer=True)`.
    Symbol(SymbolDecl),
    /// `true`, `false`, `BooleanTrue()`, `BooleanFalse()`.
    Bool(bool),
    /// `oo`, `-oo`, `int_oo`, `-int_oo`, `zoo`, `nan` and their class
    /// forms (`IntInfinity()`).
    Infinity(Infinity),
    /// A function applied to arguments.
    Call(Func, Vec<Node>),
}

/// A symbol and the assumptions written with it.
#[derive(Debug, Clone, PartialEq, Eq, Hash)]
pub struct SymbolDecl {
    /// The name (`s0`, `u3`).
    pub name: String,
    /// The assumptions, as written (`positive=True`, `integer=True`).
    pub assumptions: Vec<(String, bool)>,
}

impl SymbolDecl {
    /// The value of assumption `key` (`"positive"`), if written.
    pub fn assumption(&self, key: &str) -> Option<bool> {
        self.assumptions
            .iter()
            .find(|(k, _)| k == key)
            .map(|&(_, v)| v)
    }
}

/// The infinities and non-numbers of sympy and torch.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Infinity {
    /// `int_oo` (torch's integer infinity).
    IntPositive,
    /// `-int_oo`.
    IntNegative,
    /// `oo`.
    Positive,
    /// `-oo`.
    Negative,
    /// `zoo` (complex infinity).
    Complex,
    /// `nan`.
    NaN,
}

impl Infinity {
    /// As sympy prints it (`int_oo`).
    pub fn name(self) -> &'static str {
        match self {
            Infinity::IntPositive => "int_oo",
            Infinity::IntNegative => "-int_oo",
            Infinity::Positive => "oo",
            Infinity::Negative => "-oo",
            Infinity::Complex => "zoo",
            Infinity::NaN => "nan",
        }
    }
}

/// The functions torch writes in symbolic sizes.
#[derive(Debug, Clone, PartialEq, Eq, Hash)]
#[non_exhaustive]
pub enum Func {
    /// `Add(a, b, ...)`
    Add,
    /// `Mul(a, b, ...)`
    Mul,
    /// `Pow(b, e)`
    Pow,
    /// `PowByNatural(b, e)`: `b ** e` with `e >= 0`.
    PowByNatural,
    /// `FloatPow(b, e)`: `b ** e` on floats.
    FloatPow,
    /// `FloorDiv(a, b)`: Python `a // b`.
    FloorDiv,
    /// `CleanDiv(a, b)`: `a // b` known to be exact.
    CleanDiv,
    /// `CeilDiv(a, b)`: `-((-a) // b)`.
    CeilDiv,
    /// `Mod(a, b)`: modulus (non-negative arguments in torch; Python's in
    /// sympy).
    Mod,
    /// `PythonMod(a, b)`: Python `a % b` (sign of `b`).
    PythonMod,
    /// `ModularIndexing(a, b, c)`: `(a // b) % c`.
    ModularIndexing,
    /// `Max(a, b, ...)`
    Max,
    /// `Min(a, b, ...)`
    Min,
    /// `CeilToInt(x)`: `ceil` of a float.
    CeilToInt,
    /// `FloorToInt(x)`: `floor` of a float.
    FloorToInt,
    /// `TruncToInt(x)`: truncation toward zero of a float.
    TruncToInt,
    /// `RoundToInt(x)`: Python `round(x)` (half to even).
    RoundToInt,
    /// `TruncToFloat(x)`: truncation, as a float.
    TruncToFloat,
    /// `IntTrueDiv(a, b)`: `a / b` of integers, a float.
    IntTrueDiv,
    /// `FloatTrueDiv(a, b)`: `a / b` of floats.
    FloatTrueDiv,
    /// `ToFloat(x)`: an integer as a float.
    ToFloat,
    /// `Identity(x)`: `x`.
    Identity,
    /// `Where(c, a, b)`: `a if c else b`.
    Where,
    /// `Abs(x)`
    Abs,
    /// sympy `floor(x)`
    Floor,
    /// sympy `ceiling(x)`
    Ceiling,
    /// `LShift(a, b)`: `a << b`.
    LShift,
    /// `RShift(a, b)`: `a >> b`.
    RShift,
    /// `RoundDecimal(x, n)`: `round(x, n)`, a float.
    RoundDecimal,
    /// `IsNonOverlappingAndDenseIndicator(...)`
    IsNonOverlappingAndDenseIndicator,
    /// An opaque torch function (`OpaqueUnaryFn_sqrt`, `BitwiseFn_bitwise_and`).
    Opaque(String),
    /// `Eq`/`Equality(a, b)`
    Eq,
    /// `Ne`/`Unequality(a, b)`
    Ne,
    /// `Lt`/`StrictLessThan(a, b)`
    Lt,
    /// `Le`/`LessThan(a, b)`
    Le,
    /// `Gt`/`StrictGreaterThan(a, b)`
    Gt,
    /// `Ge`/`GreaterThan(a, b)`
    Ge,
    /// `And(a, b, ...)`
    And,
    /// `Or(a, b, ...)`
    Or,
    /// `Not(a)`
    Not,
    /// `Piecewise(ExprCondPair(v, c), ...)`: the first `v` whose `c` holds.
    Piecewise,
    /// `ExprCondPair(v, c)`, an argument of `Piecewise`.
    ExprCondPair,
}

impl Func {
    /// The function's name, as sympy writes it.
    pub fn name(&self) -> &str {
        match self {
            Func::Add => "Add",
            Func::Mul => "Mul",
            Func::Pow => "Pow",
            Func::PowByNatural => "PowByNatural",
            Func::FloatPow => "FloatPow",
            Func::FloorDiv => "FloorDiv",
            Func::CleanDiv => "CleanDiv",
            Func::CeilDiv => "CeilDiv",
            Func::Mod => "Mod",
            Func::PythonMod => "PythonMod",
            Func::ModularIndexing => "ModularIndexing",
            Func::Max => "Max",
            Func::Min => "Min",
            Func::CeilToInt => "CeilToInt",
            Func::FloorToInt => "FloorToInt",
            Func::TruncToInt => "TruncToInt",
            Func::RoundToInt => "RoundToInt",
            Func::TruncToFloat => "TruncToFloat",
            Func::IntTrueDiv => "IntTrueDiv",
            Func::FloatTrueDiv => "FloatTrueDiv",
            Func::ToFloat => "ToFloat",
            Func::Identity => "Identity",
            Func::Where => "Where",
            Func::Abs => "Abs",
            Func::Floor => "floor",
            Func::Ceiling => "ceiling",
            Func::LShift => "LShift",
            Func::RShift => "RShift",
            Func::RoundDecimal => "RoundDecimal",
            Func::IsNonOverlappingAndDenseIndicator => "IsNonOverlappingAndDenseIndicator",
            Func::Opaque(name) => name,
            Func::Eq => "Equality",
            Func::Ne => "Unequality",
            Func::Lt => "StrictLessThan",
            Func::Le => "LessThan",
            Func::Gt => "StrictGreaterThan",
            Func::Ge => "GreaterThan",
            Func::And => "And",
            Func::Or => "Or",
            Func::Not => "Not",
            Func::Piecewise => "Piecewise",
            Func::ExprCondPair => "ExprCondPair",
        }
    }

    /// The function called `name` in srepr, if known.
    pub fn from_name(name: &str) -> Option<Func> {
        Some(match name {
            "Add" => Func::Add,
            "Mul" => Func::Mul,
            "Pow" => Func::Pow,
            "PowByNatural" => Func::PowByNatural,
            "FloatPow" => Func::FloatPow,
            "FloorDiv" => Func::FloorDiv,
            "CleanDiv" => Func::CleanDiv,
            "CeilDiv" => Func::CeilDiv,
            "Mod" => Func::Mod,
            "PythonMod" => Func::PythonMod,
            "ModularIndexing" => Func::ModularIndexing,
            "Max" => Func::Max,
            "Min" => Func::Min,
            "CeilToInt" => Func::CeilToInt,
            "FloorToInt" => Func::FloorToInt,
            "TruncToInt" => Func::TruncToInt,
            "RoundToInt" => Func::RoundToInt,
            "TruncToFloat" => Func::TruncToFloat,
            "IntTrueDiv" => Func::IntTrueDiv,
            "FloatTrueDiv" => Func::FloatTrueDiv,
            "ToFloat" => Func::ToFloat,
            "Identity" => Func::Identity,
            "Where" => Func::Where,
            "Abs" => Func::Abs,
            "floor" => Func::Floor,
            "ceiling" => Func::Ceiling,
            "LShift" => Func::LShift,
            "RShift" => Func::RShift,
            "RoundDecimal" => Func::RoundDecimal,
            "IsNonOverlappingAndDenseIndicator" => Func::IsNonOverlappingAndDenseIndicator,
            "Eq" | "Equality" => Func::Eq,
            "Ne" | "Unequality" => Func::Ne,
            "Lt" | "StrictLessThan" => Func::Lt,
            "Le" | "LessThan" => Func::Le,
            "Gt" | "StrictGreaterThan" => Func::Gt,
            "Ge" | "GreaterThan" => Func::Ge,
            "And" => Func::And,
            "Or" => Func::Or,
            "Not" => Func::Not,
            "Piecewise" => Func::Piecewise,
            "ExprCondPair" => Func::ExprCondPair,
            _ if name.starts_with("OpaqueUnaryFn_") || name.starts_with("BitwiseFn_") => {
                Func::Opaque(name.to_string())
            }
            _ => return None,
        })
    }

    /// How many arguments it takes: `(min, max)`, `max = None` for n-ary.
    pub fn arity(&self) -> (usize, Option<usize>) {
        match self {
            Func::Add
            | Func::Mul
            | Func::Max
            | Func::Min
            | Func::And
            | Func::Or
            | Func::Piecewise => (1, None),
            Func::IsNonOverlappingAndDenseIndicator => (0, None),
            Func::ModularIndexing | Func::Where => (3, Some(3)),
            Func::CeilToInt
            | Func::FloorToInt
            | Func::TruncToInt
            | Func::RoundToInt
            | Func::TruncToFloat
            | Func::ToFloat
            | Func::Identity
            | Func::Abs
            | Func::Floor
            | Func::Ceiling
            | Func::Not => (1, Some(1)),
            Func::Opaque(name) if name.starts_with("OpaqueUnaryFn_") => (1, Some(1)),
            Func::Opaque(_)
            | Func::Pow
            | Func::PowByNatural
            | Func::FloatPow
            | Func::FloorDiv
            | Func::CleanDiv
            | Func::CeilDiv
            | Func::Mod
            | Func::PythonMod
            | Func::IntTrueDiv
            | Func::FloatTrueDiv
            | Func::LShift
            | Func::RShift
            | Func::RoundDecimal
            | Func::Eq
            | Func::Ne
            | Func::Lt
            | Func::Le
            | Func::Gt
            | Func::Ge
            | Func::ExprCondPair => (2, Some(2)),
        }
    }
}

impl fmt::Display for Func {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

/// An error reading or lowering an srepr expression: what, at which byte,
/// in which text.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct SreprError {
    /// What went wrong.
    pub kind: SreprErrorKind,
    /// The byte offset in [`SreprError::text`] where it went wrong.
    pub offset: usize,
    /// The whole expression text.
    pub text: String,
}

impl fmt::Display for SreprError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "{} at byte {} in \"{}\"",
            self.kind,
            self.offset,
            excerpt(&self.text, self.offset)
        )
    }
}

impl std::error::Error for SreprError {
    fn source(&self) -> Option<&(dyn std::error::Error + 'static)> {
        match &self.kind {
            SreprErrorKind::Resolve { source, .. } => Some(source),
            SreprErrorKind::Runtime(e) => Some(e),
            _ => None,
        }
    }
}

/// The text, or a window of it around `offset` when it is long.
fn excerpt(text: &str, offset: usize) -> String {
    const WHOLE: usize = 160;
    const SIDE: usize = 60;
    if text.len() <= WHOLE {
        return text.to_string();
    }
    let mut start = offset.saturating_sub(SIDE).min(text.len());
    while !text.is_char_boundary(start) {
        start -= 1;
    }
    let mut end = offset.saturating_add(SIDE).min(text.len());
    while !text.is_char_boundary(end) {
        end += 1;
    }
    let mut s = String::new();
    if start > 0 {
        s.push_str("...");
    }
    s.push_str(&text[start..end]);
    if end < text.len() {
        s.push_str("...");
    }
    s
}

/// What went wrong reading or lowering an srepr expression.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[non_exhaustive]
pub enum SreprErrorKind {
    /// The text does not continue as the grammar requires.
    #[error("expected {expected} but found {found}")]
    Expected {
        /// What the grammar wants (`')'`, `an expression`).
        expected: String,
        /// What is there (`end of input`, `'x'`).
        found: String,
    },
    /// A function name this reader does not know.
    #[error("unknown function `{name}`")]
    UnknownFunction {
        /// The name.
        name: String,
    },
    /// A bare name that is not `true`, `false`, `oo`, `int_oo`, `zoo` or
    /// `nan`.
    #[error("unknown name `{name}`")]
    UnknownName {
        /// The name.
        name: String,
    },
    /// A function applied to the wrong number of arguments.
    #[error("{func} takes {expected} argument(s), got {got}")]
    Arity {
        /// The function.
        func: String,
        /// How many it takes (`2`, `at least 1`).
        expected: String,
        /// How many it got.
        got: usize,
    },
    /// An argument of the wrong form (`Integer('x')`, `Symbol(1)`).
    #[error("{func} expects {expected}")]
    BadArgument {
        /// The function.
        func: String,
        /// What it expects.
        expected: &'static str,
    },
    /// A keyword argument where none is allowed, or an unknown one.
    #[error("unexpected keyword argument `{name}` to {func}")]
    UnexpectedKeyword {
        /// The function.
        func: String,
        /// The keyword.
        name: String,
    },
    /// An integer literal that does not fit in 64 bits.
    #[error("integer {literal} does not fit in 64 bits")]
    IntegerOutOfRange {
        /// The literal.
        literal: String,
    },
    /// A malformed literal (`Rational(1, 0)`, a bad string escape, a
    /// float that is not a number).
    #[error("invalid {what}: {reason}")]
    InvalidLiteral {
        /// What kind of literal.
        what: &'static str,
        /// Why.
        reason: String,
    },
    /// Nesting deeper than the reader accepts.
    #[error("expression nested deeper than {limit} levels")]
    TooDeep {
        /// The limit.
        limit: usize,
    },
    /// The resolver did not give a value for a symbol.
    #[error("cannot resolve symbol `{name}`: {source}")]
    Resolve {
        /// The symbol.
        name: String,
        /// Why.
        source: ResolveError,
    },
    /// An operand of the wrong type (a condition where an integer is
    /// needed, ...).
    #[error("expected {expected}, found {found}")]
    TypeMismatch {
        /// What was needed (`an integer`).
        expected: &'static str,
        /// What was found (`a condition`).
        found: &'static str,
    },
    /// A value that must be an integer is not (`Rational(1, 2)` alone, a
    /// float-valued expression).
    #[error("{what} is not an integer")]
    NotInteger {
        /// The value, described.
        what: String,
    },
    /// Something the runtime's symbolic integers cannot express.
    #[error("{what} cannot be lowered to the ShapeEnv")]
    Unsupported {
        /// What.
        what: String,
    },
    /// The runtime refused an operation (overflow, division by zero).
    #[error("{0}")]
    Runtime(fake_runtime::Error),
}
