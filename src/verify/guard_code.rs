//! PyTorch's guards as `torch.export` records them (`guards_code`): Python
//! expressions over the user inputs' sizes, strides and offsets
//! (`L['x'].size()[0] >= 2`, `(L['xs'][1].size()[0] // 2) == 3`,
//! `math.trunc(0.5*torch.sym_float(L['a'].size()[2])) == 1`), parsed once
//! and evaluated with Python's arithmetic at given input metadata.
//!
//! The language is the subset the guards are printed in: integer and float
//! literals, `+ - * / // % **`, comparisons (chained as in Python), `and`,
//! `or`, `not`, and the functions `math.ceil`, `math.floor`, `math.trunc`,
//! `math.sqrt`, `torch.sym_float`, `torch.sym_int`, `torch.sym_max`,
//! `torch.sym_min`, `torch.sym_sqrt`, `torch.sym_not`, `abs`, `int`,
//! `float`, `max` and `min`. Anything else (a `._base`, a metadata check
//! function) is a parse error, and the guard is left uncompared.

use fake_runtime::sym::RelOp as Cmp;
use std::fmt;

/// A Python value a guard computes.
#[derive(Debug, Clone, Copy, PartialEq)]
pub(crate) enum Py {
    /// An `int` (Python's are unbounded; wider than `i128` is an overflow).
    Int(i128),
    /// A `float`.
    Float(f64),
    /// A `bool`.
    Bool(bool),
}

impl Py {
    fn as_f64(self) -> f64 {
        match self {
            Py::Int(v) => v as f64,
            Py::Float(v) => v,
            Py::Bool(b) => f64::from(u8::from(b)),
        }
    }

    fn as_int(self) -> Option<i128> {
        match self {
            Py::Int(v) => Some(v),
            Py::Bool(b) => Some(i128::from(b)),
            Py::Float(_) => None,
        }
    }

    /// Python truthiness.
    pub(crate) fn truthy(self) -> bool {
        match self {
            Py::Int(v) => v != 0,
            Py::Float(v) => v != 0.0,
            Py::Bool(b) => b,
        }
    }
}

/// An input's metadata a guard reads.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) enum Field {
    /// `.size()[i]`.
    Size(usize),
    /// `.stride()[i]`.
    Stride(usize),
    /// `.storage_offset()`.
    StorageOffset,
    /// The input itself, an integer (`L['n']`).
    Value,
}

/// A binary arithmetic operator.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) enum Bin {
    Add,
    Sub,
    Mul,
    Div,
    FloorDiv,
    Mod,
    Pow,
}

/// A function a guard calls.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) enum Func {
    Ceil,
    Floor,
    Trunc,
    Sqrt,
    ToFloat,
    ToInt,
    Max,
    Min,
    Not,
    Abs,
}

impl Func {
    fn of(name: &str) -> Option<Func> {
        Some(match name {
            "math.ceil" => Func::Ceil,
            "math.floor" => Func::Floor,
            "math.trunc" => Func::Trunc,
            "math.sqrt" | "torch.sym_sqrt" | "torch._sym_sqrt" => Func::Sqrt,
            "torch.sym_float" | "float" => Func::ToFloat,
            "torch.sym_int" | "int" => Func::ToInt,
            "torch.sym_max" | "max" => Func::Max,
            "torch.sym_min" | "min" => Func::Min,
            "torch.sym_not" => Func::Not,
            "abs" => Func::Abs,
            _ => return None,
        })
    }
}

/// A parsed guard.
#[derive(Debug, Clone, PartialEq)]
pub(crate) enum Expr {
    Const(Py),
    /// `L['x'].size()[0]`: the input named by the path (`x`, `xs_1` for
    /// `L['xs'][1]`, as export names flattened inputs) and the field.
    Input(String, Field),
    Neg(Box<Expr>),
    Not(Box<Expr>),
    Binary(Bin, Box<Expr>, Box<Expr>),
    /// `a < b <= c`.
    Compare(Box<Expr>, Vec<(Cmp, Expr)>),
    And(Vec<Expr>),
    Or(Vec<Expr>),
    Call(Func, Vec<Expr>),
}

/// Why a guard could not be parsed.
#[derive(Debug, Clone, PartialEq, Eq)]
pub(crate) struct ParseError {
    /// Byte offset in the guard.
    pub(crate) at: usize,
    /// What was wrong there.
    pub(crate) what: String,
}

impl fmt::Display for ParseError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "at byte {}: {}", self.at, self.what)
    }
}

#[derive(Debug, Clone, PartialEq)]
enum Tok {
    Int(i128),
    Float(f64),
    Name(String),
    Str(String),
    Op(&'static str),
}

const OPS: [&str; 19] = [
    "**", "//", "==", "!=", "<=", ">=", "<", ">", "+", "-", "*", "/", "%", "(", ")", "[", "]", ",",
    ".",
];

fn tokenize(text: &str) -> Result<Vec<(usize, Tok)>, ParseError> {
    let b = text.as_bytes();
    let mut out = Vec::new();
    let mut i = 0;
    let err = |at: usize, what: &str| ParseError {
        at,
        what: what.to_string(),
    };
    while i < b.len() {
        let c = b[i];
        if c.is_ascii_whitespace() {
            i += 1;
        } else if c.is_ascii_digit() {
            let start = i;
            while i < b.len() && b[i].is_ascii_digit() {
                i += 1;
            }
            let mut float = false;
            if i + 1 < b.len() && b[i] == b'.' && b[i + 1].is_ascii_digit() {
                float = true;
                i += 1;
                while i < b.len() && b[i].is_ascii_digit() {
                    i += 1;
                }
            }
            if i < b.len() && (b[i] == b'e' || b[i] == b'E') {
                float = true;
                i += 1;
                if i < b.len() && (b[i] == b'+' || b[i] == b'-') {
                    i += 1;
                }
                while i < b.len() && b[i].is_ascii_digit() {
                    i += 1;
                }
            }
            let s = &text[start..i];
            out.push((
                start,
                if float {
                    Tok::Float(s.parse().map_err(|_| err(start, "a bad float"))?)
                } else {
                    Tok::Int(
                        s.parse()
                            .map_err(|_| err(start, "an integer beyond 128 bits"))?,
                    )
                },
            ));
        } else if c.is_ascii_alphabetic() || c == b'_' {
            let start = i;
            // Dotted names (`math.ceil`) are one token; a method after
            // a subscript (`].size`) comes as `.` then a name.
            while i < b.len() && (b[i].is_ascii_alphanumeric() || b[i] == b'_' || b[i] == b'.') {
                i += 1;
            }
            out.push((start, Tok::Name(text[start..i].to_string())));
        } else if c == b'\'' || c == b'"' {
            let start = i;
            i += 1;
            while i < b.len() && b[i] != c {
                i += 1;
            }
            if i >= b.len() {
                return Err(err(start, "an unterminated string"));
            }
            out.push((start, Tok::Str(text[start + 1..i].to_string())));
            i += 1;
        } else {
            let op = OPS
                .iter()
                .find(|op| text[i..].starts_with(**op))
                .ok_or_else(|| err(i, &format!("unexpected {:?}", c as char)))?;
            out.push((i, Tok::Op(op)));
            i += op.len();
        }
    }
    Ok(out)
}

/// Deepest nesting of parentheses, calls and unary operators a guard may
/// have: far beyond any PyTorch prints, it keeps a hostile file from
/// exhausting the stack.
const MAX_DEPTH: usize = 200;

struct Parser {
    toks: Vec<(usize, Tok)>,
    pos: usize,
    end: usize,
    depth: usize,
}

impl Parser {
    fn at(&self) -> usize {
        self.toks.get(self.pos).map_or(self.end, |t| t.0)
    }

    fn peek(&self) -> Option<&Tok> {
        self.toks.get(self.pos).map(|t| &t.1)
    }

    fn err<T>(&self, what: &str) -> Result<T, ParseError> {
        Err(ParseError {
            at: self.at(),
            what: what.to_string(),
        })
    }

    fn eat_op(&mut self, op: &str) -> bool {
        if matches!(self.peek(), Some(Tok::Op(o)) if *o == op) {
            self.pos += 1;
            true
        } else {
            false
        }
    }

    fn expect_op(&mut self, op: &str) -> Result<(), ParseError> {
        if self.eat_op(op) {
            Ok(())
        } else {
            self.err(&format!("expected `{op}`"))
        }
    }

    fn eat_keyword(&mut self, k: &str) -> bool {
        if matches!(self.peek(), Some(Tok::Name(n)) if n == k) {
            self.pos += 1;
            true
        } else {
            false
        }
    }

    /// One level deeper, refused past [`MAX_DEPTH`].
    fn nested<T>(&mut self, f: fn(&mut Self) -> Result<T, ParseError>) -> Result<T, ParseError> {
        if self.depth >= MAX_DEPTH {
            return self.err(&format!("nested deeper than {MAX_DEPTH} levels"));
        }
        self.depth += 1;
        let r = f(self);
        self.depth -= 1;
        r
    }

    fn or(&mut self) -> Result<Expr, ParseError> {
        self.nested(|p| {
            let mut v = vec![p.and()?];
            while p.eat_keyword("or") {
                v.push(p.and()?);
            }
            Ok(if v.len() == 1 {
                v.remove(0)
            } else {
                Expr::Or(v)
            })
        })
    }

    fn and(&mut self) -> Result<Expr, ParseError> {
        let mut v = vec![self.not()?];
        while self.eat_keyword("and") {
            v.push(self.not()?);
        }
        Ok(if v.len() == 1 {
            v.remove(0)
        } else {
            Expr::And(v)
        })
    }

    fn not(&mut self) -> Result<Expr, ParseError> {
        if self.eat_keyword("not") {
            return Ok(Expr::Not(Box::new(self.nested(Self::not)?)));
        }
        self.comparison()
    }

    fn comparison(&mut self) -> Result<Expr, ParseError> {
        let first = self.sum()?;
        let mut rest = Vec::new();
        loop {
            let op = match self.peek() {
                Some(Tok::Op("==")) => Cmp::Eq,
                Some(Tok::Op("!=")) => Cmp::Ne,
                Some(Tok::Op("<")) => Cmp::Lt,
                Some(Tok::Op("<=")) => Cmp::Le,
                Some(Tok::Op(">")) => Cmp::Gt,
                Some(Tok::Op(">=")) => Cmp::Ge,
                _ => break,
            };
            self.pos += 1;
            rest.push((op, self.sum()?));
        }
        Ok(if rest.is_empty() {
            first
        } else {
            Expr::Compare(Box::new(first), rest)
        })
    }

    fn sum(&mut self) -> Result<Expr, ParseError> {
        let mut e = self.term()?;
        loop {
            let op = if self.eat_op("+") {
                Bin::Add
            } else if self.eat_op("-") {
                Bin::Sub
            } else {
                return Ok(e);
            };
            e = Expr::Binary(op, Box::new(e), Box::new(self.term()?));
        }
    }

    fn term(&mut self) -> Result<Expr, ParseError> {
        let mut e = self.unary()?;
        loop {
            let op = if self.eat_op("*") {
                Bin::Mul
            } else if self.eat_op("//") {
                Bin::FloorDiv
            } else if self.eat_op("/") {
                Bin::Div
            } else if self.eat_op("%") {
                Bin::Mod
            } else {
                return Ok(e);
            };
            e = Expr::Binary(op, Box::new(e), Box::new(self.unary()?));
        }
    }

    fn unary(&mut self) -> Result<Expr, ParseError> {
        if self.eat_op("-") {
            return Ok(Expr::Neg(Box::new(self.nested(Self::unary)?)));
        }
        if self.eat_op("+") {
            return self.nested(Self::unary);
        }
        self.power()
    }

    fn power(&mut self) -> Result<Expr, ParseError> {
        let base = self.primary()?;
        if self.eat_op("**") {
            // Right-associative, and binds tighter than a unary minus on
            // its left only: `2 ** -1` is `2 ** (-1)`.
            let exp = self.nested(Self::unary)?;
            return Ok(Expr::Binary(Bin::Pow, Box::new(base), Box::new(exp)));
        }
        Ok(base)
    }

    fn primary(&mut self) -> Result<Expr, ParseError> {
        match self.peek().cloned() {
            Some(Tok::Int(v)) => {
                self.pos += 1;
                Ok(Expr::Const(Py::Int(v)))
            }
            Some(Tok::Float(v)) => {
                self.pos += 1;
                Ok(Expr::Const(Py::Float(v)))
            }
            Some(Tok::Op("(")) => {
                self.pos += 1;
                let e = self.or()?;
                self.expect_op(")")?;
                Ok(e)
            }
            Some(Tok::Name(n)) if n == "True" || n == "False" => {
                self.pos += 1;
                Ok(Expr::Const(Py::Bool(n == "True")))
            }
            Some(Tok::Name(n)) if n == "L" => {
                self.pos += 1;
                self.input()
            }
            Some(Tok::Name(n)) => {
                let Some(f) = Func::of(&n) else {
                    return self.err(&format!("unknown name `{n}`"));
                };
                self.pos += 1;
                self.expect_op("(")?;
                let mut args = Vec::new();
                if !self.eat_op(")") {
                    loop {
                        args.push(self.or()?);
                        if self.eat_op(")") {
                            break;
                        }
                        self.expect_op(",")?;
                    }
                }
                let ok = match f {
                    Func::Max | Func::Min => args.len() >= 2,
                    _ => args.len() == 1,
                };
                if !ok {
                    return self.err(&format!("`{n}` given {} arguments", args.len()));
                }
                Ok(Expr::Call(f, args))
            }
            _ => self.err("expected a value"),
        }
    }

    /// After `L`: `['x']`, then `[i]` or `['k']` for nested inputs, then
    /// `.size()[i]`, `.stride()[i]` or `.storage_offset()` of a tensor, or
    /// nothing for an integer input.
    fn input(&mut self) -> Result<Expr, ParseError> {
        let mut path: Vec<String> = Vec::new();
        while self.eat_op("[") {
            match self.peek().cloned() {
                Some(Tok::Str(s)) => path.push(s),
                Some(Tok::Int(i)) => path.push(i.to_string()),
                _ => return self.err("expected an input name or index"),
            }
            self.pos += 1;
            self.expect_op("]")?;
        }
        if path.is_empty() {
            return self.err("expected `[` after `L`");
        }
        if !self.eat_op(".") {
            // An integer input, read as it is.
            return Ok(Expr::Input(path.join("_"), Field::Value));
        }
        let method = match self.peek() {
            Some(Tok::Name(m)) => m.clone(),
            _ => return self.err("expected a method"),
        };
        self.pos += 1;
        self.expect_op("(")?;
        self.expect_op(")")?;
        let field = match method.as_str() {
            "storage_offset" => Field::StorageOffset,
            "size" | "stride" => {
                self.expect_op("[")?;
                let Some(Tok::Int(i)) = self.peek().cloned() else {
                    return self.err("expected a dim");
                };
                self.pos += 1;
                self.expect_op("]")?;
                let i = usize::try_from(i).map_err(|_| ParseError {
                    at: self.at(),
                    what: "a dim out of range".into(),
                })?;
                if method == "size" {
                    Field::Size(i)
                } else {
                    Field::Stride(i)
                }
            }
            other => return self.err(&format!("unknown method `{other}`")),
        };
        Ok(Expr::Input(path.join("_"), field))
    }
}

/// Parse one guard.
pub(crate) fn parse(text: &str) -> Result<Expr, ParseError> {
    let toks = tokenize(text)?;
    let mut p = Parser {
        toks,
        pos: 0,
        end: text.len(),
        depth: 0,
    };
    let e = p.or()?;
    if p.pos != p.toks.len() {
        return p.err("unexpected text after the guard");
    }
    Ok(e)
}

impl Expr {
    /// The value with `input(name, field)` giving the inputs' metadata;
    /// `None` where Python would raise (a division by zero, an input or
    /// dim that is not there) or an integer passes 128 bits.
    pub(crate) fn eval(&self, input: &dyn Fn(&str, Field) -> Option<i64>) -> Option<Py> {
        Some(match self {
            Expr::Const(v) => *v,
            Expr::Input(name, field) => Py::Int(i128::from(input(name, *field)?)),
            Expr::Neg(a) => match a.eval(input)? {
                Py::Float(v) => Py::Float(-v),
                v => Py::Int(v.as_int()?.checked_neg()?),
            },
            Expr::Not(a) => Py::Bool(!a.eval(input)?.truthy()),
            Expr::Binary(op, a, b) => binary(*op, a.eval(input)?, b.eval(input)?)?,
            Expr::Compare(first, rest) => {
                let mut left = first.eval(input)?;
                for (op, e) in rest {
                    let right = e.eval(input)?;
                    if !compare(*op, left, right) {
                        return Some(Py::Bool(false));
                    }
                    left = right;
                }
                Py::Bool(true)
            }
            Expr::And(v) => {
                for e in v {
                    let x = e.eval(input)?;
                    if !x.truthy() {
                        return Some(x);
                    }
                }
                Py::Bool(true)
            }
            Expr::Or(v) => {
                for e in v {
                    let x = e.eval(input)?;
                    if x.truthy() {
                        return Some(x);
                    }
                }
                Py::Bool(false)
            }
            Expr::Call(f, args) => {
                let vals: Option<Vec<Py>> = args.iter().map(|a| a.eval(input)).collect();
                call(*f, &vals?)?
            }
        })
    }
}

fn to_int(v: f64) -> Option<Py> {
    (v.is_finite() && v.abs() < 1e38).then_some(Py::Int(v as i128))
}

fn call(f: Func, args: &[Py]) -> Option<Py> {
    let a = args[0];
    Some(match f {
        Func::Ceil => match a {
            Py::Float(v) => to_int(v.ceil())?,
            v => Py::Int(v.as_int()?),
        },
        Func::Floor => match a {
            Py::Float(v) => to_int(v.floor())?,
            v => Py::Int(v.as_int()?),
        },
        Func::Trunc | Func::ToInt => match a {
            Py::Float(v) => to_int(v.trunc())?,
            v => Py::Int(v.as_int()?),
        },
        Func::Sqrt => {
            let v = a.as_f64();
            if v < 0.0 {
                return None;
            }
            Py::Float(v.sqrt())
        }
        Func::ToFloat => Py::Float(a.as_f64()),
        Func::Not => Py::Bool(!a.truthy()),
        Func::Abs => match a {
            Py::Float(v) => Py::Float(v.abs()),
            v => Py::Int(v.as_int()?.checked_abs()?),
        },
        Func::Max | Func::Min => {
            let mut best = a;
            for &b in &args[1..] {
                let take = if f == Func::Max {
                    compare(Cmp::Gt, b, best)
                } else {
                    compare(Cmp::Lt, b, best)
                };
                if take {
                    best = b;
                }
            }
            best
        }
    })
}

fn compare(op: Cmp, a: Py, b: Py) -> bool {
    let ord = match (a.as_int(), b.as_int()) {
        (Some(x), Some(y)) => x.partial_cmp(&y),
        _ => a.as_f64().partial_cmp(&b.as_f64()),
    };
    // NaN compares unequal to everything.
    ord.map_or(op == Cmp::Ne, |ord| op.holds(ord))
}

fn binary(op: Bin, a: Py, b: Py) -> Option<Py> {
    if let (Some(x), Some(y)) = (a.as_int(), b.as_int()) {
        return Some(match op {
            Bin::Add => Py::Int(x.checked_add(y)?),
            Bin::Sub => Py::Int(x.checked_sub(y)?),
            Bin::Mul => Py::Int(x.checked_mul(y)?),
            Bin::Div => {
                if y == 0 {
                    return None;
                }
                Py::Float(x as f64 / y as f64)
            }
            Bin::FloorDiv => {
                if y == 0 {
                    return None;
                }
                Py::Int(x.div_euclid(y) - i128::from(y < 0 && x.rem_euclid(y) != 0))
            }
            Bin::Mod => {
                if y == 0 {
                    return None;
                }
                let r = x.rem_euclid(y);
                Py::Int(if y < 0 && r != 0 { r + y } else { r })
            }
            Bin::Pow => {
                if y < 0 {
                    Py::Float((x as f64).powf(y as f64))
                } else {
                    Py::Int(x.checked_pow(u32::try_from(y).ok()?)?)
                }
            }
        });
    }
    let (x, y) = (a.as_f64(), b.as_f64());
    Some(Py::Float(match op {
        Bin::Add => x + y,
        Bin::Sub => x - y,
        Bin::Mul => x * y,
        Bin::Div => {
            if y == 0.0 {
                return None;
            }
            x / y
        }
        Bin::FloorDiv => {
            if y == 0.0 {
                return None;
            }
            (x / y).floor()
        }
        Bin::Mod => {
            if y == 0.0 {
                return None;
            }
            x - y * (x / y).floor()
        }
        Bin::Pow => x.powf(y),
    }))
}

#[cfg(test)]
mod tests {
    use super::*;

    fn eval(text: &str, sizes: &[i64]) -> Option<Py> {
        let e = parse(text).unwrap_or_else(|e| panic!("{text}: {e}"));
        e.eval(&|name, f| match (name, f) {
            ("x", Field::Size(i)) => sizes.get(i).copied(),
            ("xs_1", Field::Size(i)) => sizes.get(i).map(|v| v + 1),
            ("x", Field::Stride(0)) => Some(sizes[1]),
            _ => None,
        })
    }

    #[test]
    fn python_arithmetic() {
        let t = Some(Py::Bool(true));
        assert_eq!(eval("(-7) // 2 == -4", &[]), t);
        assert_eq!(eval("(-7) % 3 == 2 and 7 % (-3) == -2", &[]), t);
        assert_eq!(eval("-2 ** 2 == -4 and 2 ** -1 == 0.5", &[]), t);
        assert_eq!(eval("0 <= L['x'].size()[0] < 5", &[4]), t);
        assert_eq!(
            eval("0 <= L['x'].size()[0] < 5", &[5]),
            Some(Py::Bool(false))
        );
        assert_eq!(eval("1 // 0 == 0", &[]), None);
    }

    #[test]
    fn export_guard_forms() {
        let t = Some(Py::Bool(true));
        assert_eq!(
            eval(
                "math.trunc(0.5*torch.sym_float(L['x'].size()[2])) == 1",
                &[2, 2, 3]
            ),
            t
        );
        assert_eq!(
            eval("math.ceil(((L['x'].size()[0] / 2) / 1.0)) >= 2", &[3]),
            t
        );
        assert_eq!(
            eval(
                "torch.sym_max(0, torch.sym_min(1, (-3) + L['x'].size()[1])) == 1",
                &[2, 4]
            ),
            t
        );
        assert_eq!(eval("L['xs'][1].size()[0] == 3", &[2]), t);
        assert_eq!(
            eval("L['x'].stride()[0] != L['x'].size()[1]", &[2, 3]),
            Some(Py::Bool(false))
        );
        assert_eq!(
            eval("L['x'].size()[0] == 1 or L['x'].size()[0] == 2", &[2]),
            t
        );
    }

    #[test]
    fn hostile_nesting_is_a_parse_error() {
        for deep in [
            format!("{}1{}", "(".repeat(100_000), ")".repeat(100_000)),
            format!("{}1", "-".repeat(100_000)),
            format!("{}True", "not ".repeat(100_000)),
            format!("2{}", " ** 2".repeat(100_000)),
        ] {
            let e = parse(&deep).expect_err("too deep");
            assert!(e.what.contains("nested deeper"), "{e}");
        }
    }

    #[test]
    fn unknown_forms_are_parse_errors() {
        for bad in [
            "L['x']._base.size()[1] != 3",
            "___check_metadata_1()",
            "L['x'].size()[0] == ",
            "L['x'].size()[0] == 'a",
        ] {
            assert!(parse(bad).is_err(), "{bad}");
        }
    }
}
