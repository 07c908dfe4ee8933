//! The srepr reader: text -> [`Expr`], by recursive descent, with byte
//! offsets in every node and error.
//!
//! ```text
//! expr     := '-'? NAME ( '(' args? ')' )?
//! args     := arg ( ',' arg )* ','?
//! arg      := NAME '=' value | value
//! value    := STRING | NUMBER | expr
//! ```
//!
//! Numbers appear only inside `Integer`, `Rational` and `Float`; strings
//! only inside `Symbol` and `Float`; keyword arguments only in `Symbol`
//! (assumptions) and `Float` (`precision`).

use super::{Expr, Func, Infinity, Node, NodeKind, Span, SreprError, SreprErrorKind, SymbolDecl};

/// Deepest nesting accepted, so a hostile input cannot overflow the stack.
pub const MAX_DEPTH: usize = 200;

/// Parse an srepr string.
pub fn parse(text: &str) -> Result<Expr, SreprError> {
    let mut p = Parser {
        text,
        bytes: text.as_bytes(),
        pos: 0,
    };
    let root = p.expr(0)?;
    p.skip_ws();
    if p.pos < p.bytes.len() {
        return Err(p.expected("end of input"));
    }
    Ok(Expr {
        text: text.to_string(),
        root,
    })
}

struct Parser<'a> {
    text: &'a str,
    bytes: &'a [u8],
    pos: usize,
}

/// An argument of a call, before it is known what the call wants.
enum Arg {
    Node(Node),
    Str(String, Span),
    Num(String, Span),
    Keyword(String, Box<Arg>, Span),
}

impl Arg {
    fn span(&self) -> Span {
        match self {
            Arg::Node(n) => n.span,
            Arg::Str(_, s) | Arg::Num(_, s) | Arg::Keyword(_, _, s) => *s,
        }
    }
}

fn is_name_start(b: u8) -> bool {
    b.is_ascii_alphabetic() || b == b'_'
}

fn is_name_char(b: u8) -> bool {
    b.is_ascii_alphanumeric() || b == b'_'
}

impl<'a> Parser<'a> {
    fn error_at(&self, offset: usize, kind: SreprErrorKind) -> SreprError {
        SreprError {
            kind,
            offset,
            text: self.text.to_string(),
        }
    }

    fn found(&self) -> String {
        match self.text.get(self.pos..).and_then(|s| s.chars().next()) {
            None => "end of input".to_string(),
            Some(c) => format!("{c:?}"),
        }
    }

    fn expected(&self, what: &str) -> SreprError {
        self.error_at(
            self.pos,
            SreprErrorKind::Expected {
                expected: what.to_string(),
                found: self.found(),
            },
        )
    }

    fn skip_ws(&mut self) {
        while self.pos < self.bytes.len() && self.bytes[self.pos].is_ascii_whitespace() {
            self.pos += 1;
        }
    }

    fn peek(&self) -> Option<u8> {
        self.bytes.get(self.pos).copied()
    }

    fn eat(&mut self, b: u8) -> bool {
        self.skip_ws();
        if self.peek() == Some(b) {
            self.pos += 1;
            true
        } else {
            false
        }
    }

    fn name(&mut self) -> Option<(&'a str, Span)> {
        self.skip_ws();
        let start = self.pos;
        if !self.peek().is_some_and(is_name_start) {
            return None;
        }
        while self.peek().is_some_and(is_name_char) {
            self.pos += 1;
        }
        Some((
            &self.text[start..self.pos],
            Span {
                start,
                end: self.pos,
            },
        ))
    }

    /// `expr := '-'? NAME ( '(' args ')' )?`
    fn expr(&mut self, depth: usize) -> Result<Node, SreprError> {
        self.skip_ws();
        let start = self.pos;
        if depth > MAX_DEPTH {
            return Err(self.error_at(start, SreprErrorKind::TooDeep { limit: MAX_DEPTH }));
        }
        let negative = self.eat(b'-');
        let Some((name, name_span)) = self.name() else {
            return Err(self.expected("an expression"));
        };
        if negative {
            let inf = match name {
                "oo" => Infinity::Negative,
                "int_oo" => Infinity::IntNegative,
                _ => {
                    return Err(self.error_at(
                        start,
                        SreprErrorKind::Expected {
                            expected: "`-oo` or `-int_oo`".to_string(),
                            found: format!("`-{name}`"),
                        },
                    ));
                }
            };
            return Ok(Node {
                kind: NodeKind::Infinity(inf),
                span: Span {
                    start,
                    end: self.pos,
                },
            });
        }
        if !self.eat(b'(') {
            let kind = match name {
                "true" | "True" => NodeKind::Bool(true),
                "false" | "False" => NodeKind::Bool(false),
                "oo" => NodeKind::Infinity(Infinity::Positive),
                "int_oo" => NodeKind::Infinity(Infinity::IntPositive),
                "zoo" => NodeKind::Infinity(Infinity::Complex),
                "nan" => NodeKind::Infinity(Infinity::NaN),
                _ => {
                    return Err(self.error_at(
                        start,
                        SreprErrorKind::UnknownName {
                            name: name.to_string(),
                        },
                    ));
                }
            };
            return Ok(Node {
                kind,
                span: name_span,
            });
        }
        let args = self.args(depth)?;
        let span = Span {
            start,
            end: self.pos,
        };
        let kind = self.call(name, span, args)?;
        Ok(Node { kind, span })
    }

    /// The arguments after `(`, through the closing `)`.
    fn args(&mut self, depth: usize) -> Result<Vec<Arg>, SreprError> {
        let mut args = Vec::new();
        if self.eat(b')') {
            return Ok(args);
        }
        loop {
            args.push(self.arg(depth)?);
            if self.eat(b')') {
                return Ok(args);
            }
            if !self.eat(b',') {
                self.skip_ws();
                return Err(self.expected("',' or ')'"));
            }
            if self.eat(b')') {
                return Ok(args);
            }
        }
    }

    /// `arg := NAME '=' value | value`
    fn arg(&mut self, depth: usize) -> Result<Arg, SreprError> {
        self.skip_ws();
        let start = self.pos;
        if self.peek().is_some_and(is_name_start) {
            let save = self.pos;
            if let Some((name, _)) = self.name() {
                self.skip_ws();
                if self.peek() == Some(b'=') && self.bytes.get(self.pos + 1) != Some(&b'=') {
                    self.pos += 1;
                    let value = self.value(depth)?;
                    return Ok(Arg::Keyword(
                        name.to_string(),
                        Box::new(value),
                        Span {
                            start,
                            end: self.pos,
                        },
                    ));
                }
            }
            self.pos = save;
        }
        self.value(depth)
    }

    /// `value := STRING | NUMBER | expr`
    fn value(&mut self, depth: usize) -> Result<Arg, SreprError> {
        self.skip_ws();
        let start = self.pos;
        match self.peek() {
            Some(q @ (b'\'' | b'"')) => {
                self.pos += 1;
                let s = self.string(q, start)?;
                Ok(Arg::Str(
                    s,
                    Span {
                        start,
                        end: self.pos,
                    },
                ))
            }
            Some(b'0'..=b'9' | b'+' | b'.') => self.number(start),
            Some(b'-') if self.bytes.get(self.pos + 1).is_some_and(u8::is_ascii_digit) => {
                self.number(start)
            }
            _ => Ok(Arg::Node(self.expr(depth + 1)?)),
        }
    }

    /// A number literal: sign, digits, fraction, exponent (checked later).
    fn number(&mut self, start: usize) -> Result<Arg, SreprError> {
        if matches!(self.peek(), Some(b'-' | b'+')) {
            self.pos += 1;
        }
        while self
            .peek()
            .is_some_and(|b| b.is_ascii_alphanumeric() || b == b'.' || b == b'_')
            || (matches!(self.peek(), Some(b'-' | b'+'))
                && self.pos > start
                && matches!(self.bytes.get(self.pos - 1), Some(b'e' | b'E')))
        {
            self.pos += 1;
        }
        let span = Span {
            start,
            end: self.pos,
        };
        Ok(Arg::Num(self.text[start..self.pos].to_string(), span))
    }

    /// A Python string literal body after its opening quote `q`.
    fn string(&mut self, q: u8, start: usize) -> Result<String, SreprError> {
        let mut out = String::new();
        loop {
            let rest = &self.text[self.pos..];
            let Some(c) = rest.chars().next() else {
                return Err(self.error_at(
                    start,
                    SreprErrorKind::InvalidLiteral {
                        what: "string",
                        reason: "unterminated".to_string(),
                    },
                ));
            };
            self.pos += c.len_utf8();
            if c as u32 == u32::from(q) {
                return Ok(out);
            }
            if c != '\\' {
                out.push(c);
                continue;
            }
            let esc_at = self.pos - 1;
            let bad = |p: &Self, reason: &str| {
                p.error_at(
                    esc_at,
                    SreprErrorKind::InvalidLiteral {
                        what: "string escape",
                        reason: reason.to_string(),
                    },
                )
            };
            let Some(e) = self.text[self.pos..].chars().next() else {
                return Err(bad(self, "backslash at end of input"));
            };
            self.pos += e.len_utf8();
            match e {
                '\\' => out.push('\\'),
                '\'' => out.push('\''),
                '"' => out.push('"'),
                'n' => out.push('\n'),
                't' => out.push('\t'),
                'r' => out.push('\r'),
                '0' => out.push('\0'),
                'x' | 'u' | 'U' => {
                    let n = match e {
                        'x' => 2,
                        'u' => 4,
                        _ => 8,
                    };
                    let hex = self
                        .text
                        .get(self.pos..self.pos + n)
                        .ok_or_else(|| bad(self, "too few hex digits"))?;
                    let code =
                        u32::from_str_radix(hex, 16).map_err(|_| bad(self, "bad hex digits"))?;
                    let ch = char::from_u32(code).ok_or_else(|| bad(self, "not a character"))?;
                    out.push(ch);
                    self.pos += n;
                }
                _ => return Err(bad(self, "unknown escape")),
            }
        }
    }

    /// Build the node for `name(args)`.
    fn call(&self, name: &str, span: Span, args: Vec<Arg>) -> Result<NodeKind, SreprError> {
        let arity = |min: usize, max: usize, args: &[Arg]| {
            if args.len() < min || args.len() > max {
                let expected = if min == max {
                    min.to_string()
                } else {
                    format!("{min} to {max}")
                };
                return Err(self.error_at(
                    span.start,
                    SreprErrorKind::Arity {
                        func: name.to_string(),
                        expected,
                        got: args.len(),
                    },
                ));
            }
            Ok(())
        };
        let bad = |at: Span, expected: &'static str| {
            self.error_at(
                at.start,
                SreprErrorKind::BadArgument {
                    func: name.to_string(),
                    expected,
                },
            )
        };
        match name {
            "Integer" => {
                arity(1, 1, &args)?;
                match &args[0] {
                    Arg::Num(lit, s) => match self.integer(lit, *s) {
                        Ok(v) => Ok(NodeKind::Integer(v)),
                        Err(e) => lit
                            .parse::<i128>()
                            .map(NodeKind::WideInteger)
                            .map_err(|_| e),
                    },
                    other => Err(bad(other.span(), "an integer literal")),
                }
            }
            "Rational" => {
                arity(2, 2, &args)?;
                let (Arg::Num(p, ps), Arg::Num(q, qs)) = (&args[0], &args[1]) else {
                    return Err(bad(span, "two integer literals"));
                };
                let p = self.integer(p, *ps)?;
                let q = self.integer(q, *qs)?;
                if q == 0 {
                    return Err(self.error_at(
                        qs.start,
                        SreprErrorKind::InvalidLiteral {
                            what: "Rational",
                            reason: "denominator 0".to_string(),
                        },
                    ));
                }
                Ok(NodeKind::Rational(p, q))
            }
            "Float" => {
                let (positional, keywords) = split_keywords(args);
                arity(1, 1, &positional)?;
                for (k, _, s) in &keywords {
                    if k != "precision" && k != "dps" {
                        return Err(self.error_at(
                            s.start,
                            SreprErrorKind::UnexpectedKeyword {
                                func: name.to_string(),
                                name: k.clone(),
                            },
                        ));
                    }
                }
                let (lit, s) = match &positional[0] {
                    Arg::Str(lit, s) | Arg::Num(lit, s) => (lit.as_str(), *s),
                    other => return Err(bad(other.span(), "a number or a string")),
                };
                match lit.trim().parse::<f64>() {
                    Ok(v) if v.is_finite() => Ok(NodeKind::Float(lit.trim().to_string())),
                    Ok(_) => Err(self.error_at(
                        s.start,
                        SreprErrorKind::InvalidLiteral {
                            what: "Float",
                            reason: format!("{lit:?} is not finite"),
                        },
                    )),
                    Err(_) => Err(self.error_at(
                        s.start,
                        SreprErrorKind::InvalidLiteral {
                            what: "Float",
                            reason: format!("{lit:?} is not a number"),
                        },
                    )),
                }
            }
            "Symbol" | "Dummy" => {
                let (positional, keywords) = split_keywords(args);
                arity(1, 1, &positional)?;
                let Arg::Str(sym, _) = &positional[0] else {
                    return Err(bad(positional[0].span(), "a string (the symbol's name)"));
                };
                if sym.is_empty() {
                    return Err(bad(positional[0].span(), "a non-empty name"));
                }
                let mut assumptions = Vec::new();
                for (k, v, s) in keywords {
                    match *v {
                        Arg::Node(Node {
                            kind: NodeKind::Bool(b),
                            ..
                        }) => assumptions.push((k, b)),
                        // `Dummy('x', dummy_index=3)`
                        Arg::Num(..) if k == "dummy_index" => {}
                        _ => return Err(bad(s, "assumptions written `name=True` or `name=False`")),
                    }
                }
                Ok(NodeKind::Symbol(SymbolDecl {
                    name: sym.clone(),
                    assumptions,
                }))
            }
            "One"
            | "Zero"
            | "NegativeOne"
            | "Half"
            | "BooleanTrue"
            | "BooleanFalse"
            | "IntInfinity"
            | "NegativeIntInfinity"
            | "Infinity"
            | "NegativeInfinity"
            | "ComplexInfinity"
            | "NaN" => {
                arity(0, 0, &args)?;
                Ok(match name {
                    "One" => NodeKind::Integer(1),
                    "Zero" => NodeKind::Integer(0),
                    "NegativeOne" => NodeKind::Integer(-1),
                    "Half" => NodeKind::Rational(1, 2),
                    "BooleanTrue" => NodeKind::Bool(true),
                    "BooleanFalse" => NodeKind::Bool(false),
                    "IntInfinity" => NodeKind::Infinity(Infinity::IntPositive),
                    "NegativeIntInfinity" => NodeKind::Infinity(Infinity::IntNegative),
                    "Infinity" => NodeKind::Infinity(Infinity::Positive),
                    "NegativeInfinity" => NodeKind::Infinity(Infinity::Negative),
                    "ComplexInfinity" => NodeKind::Infinity(Infinity::Complex),
                    _ => NodeKind::Infinity(Infinity::NaN),
                })
            }
            _ => {
                let Some(func) = Func::from_name(name) else {
                    return Err(self.error_at(
                        span.start,
                        SreprErrorKind::UnknownFunction {
                            name: name.to_string(),
                        },
                    ));
                };
                let (min, max) = func.arity();
                if args.len() < min || max.is_some_and(|m| args.len() > m) {
                    let expected = match max {
                        Some(m) if m == min => min.to_string(),
                        Some(m) => format!("{min} to {m}"),
                        None => format!("at least {min}"),
                    };
                    return Err(self.error_at(
                        span.start,
                        SreprErrorKind::Arity {
                            func: name.to_string(),
                            expected,
                            got: args.len(),
                        },
                    ));
                }
                let mut nodes = Vec::with_capacity(args.len());
                for a in args {
                    match a {
                        Arg::Node(n) => nodes.push(n),
                        Arg::Keyword(k, _, s) => {
                            return Err(self.error_at(
                                s.start,
                                SreprErrorKind::UnexpectedKeyword {
                                    func: name.to_string(),
                                    name: k,
                                },
                            ));
                        }
                        other => return Err(bad(other.span(), "expressions as arguments")),
                    }
                }
                Ok(NodeKind::Call(func, nodes))
            }
        }
    }

    /// An integer literal, checked to fit in `i64`.
    fn integer(&self, lit: &str, span: Span) -> Result<i64, SreprError> {
        let digits = lit.strip_prefix(['-', '+']).unwrap_or(lit);
        if digits.is_empty() || !digits.bytes().all(|b| b.is_ascii_digit()) {
            return Err(self.error_at(
                span.start,
                SreprErrorKind::InvalidLiteral {
                    what: "integer",
                    reason: format!("{lit:?} is not an integer"),
                },
            ));
        }
        lit.parse::<i64>().map_err(|_| {
            self.error_at(
                span.start,
                SreprErrorKind::IntegerOutOfRange {
                    literal: lit.to_string(),
                },
            )
        })
    }
}

/// Positional arguments, and keyword arguments as `(name, value, span)`.
#[allow(clippy::type_complexity)]
fn split_keywords(args: Vec<Arg>) -> (Vec<Arg>, Vec<(String, Box<Arg>, Span)>) {
    let mut positional = Vec::new();
    let mut keywords = Vec::new();
    for a in args {
        match a {
            Arg::Keyword(k, v, s) => keywords.push((k, v, s)),
            other => positional.push(other),
        }
    }
    (positional, keywords)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn kind(text: &str) -> NodeKind {
        parse(text).unwrap().root.kind
    }

    #[test]
    fn literals() {
        assert_eq!(kind("Integer(-12)"), NodeKind::Integer(-12));
        assert_eq!(kind(" One() "), NodeKind::Integer(1));
        assert_eq!(kind("Rational(1, 2)"), NodeKind::Rational(1, 2));
        assert_eq!(
            kind("Float('1.5', precision=53)"),
            NodeKind::Float("1.5".into())
        );
        assert_eq!(kind("true"), NodeKind::Bool(true));
        assert_eq!(kind("-int_oo"), NodeKind::Infinity(Infinity::IntNegative));
    }

    #[test]
    fn symbol_with_assumptions() {
        let NodeKind::Symbol(s) = kind("Symbol('s17', positive=True, integer=True)") else {
            panic!()
        };
        assert_eq!(s.name, "s17");
        assert_eq!(s.assumption("positive"), Some(true));
        assert_eq!(s.assumption("integer"), Some(true));
        assert_eq!(s.assumption("even"), None);
        let NodeKind::Symbol(s) = kind(r#"Symbol("a'b")"#) else {
            panic!()
        };
        assert_eq!(s.name, "a'b");
    }

    #[test]
    fn spans() {
        let e = parse("Add(Symbol('s0'), Integer(2))").unwrap();
        let NodeKind::Call(Func::Add, args) = &e.root.kind else {
            panic!()
        };
        assert_eq!(args[0].span, Span { start: 4, end: 16 });
        assert_eq!(args[1].span, Span { start: 18, end: 28 });
        assert_eq!(e.root.span, Span { start: 0, end: 29 });
    }

    #[test]
    fn the_example_error() {
        let e = parse("Add(Symbol('s0'").unwrap_err();
        assert_eq!(
            e.to_string(),
            "expected ',' or ')' but found end of input at byte 15 in \"Add(Symbol('s0'\""
        );
    }

    #[test]
    fn depth_is_bounded() {
        let deep = "Add(".repeat(10_000);
        let e = parse(&deep).unwrap_err();
        assert!(matches!(e.kind, SreprErrorKind::TooDeep { .. }), "{e}");
    }
}
