//! A size, stride or offset written as an expression over symbols, as
//! PyTorch prints a symbolic one: `s0*s1`, `2*s0 + 1`, `(s0//2)`,
//! `Mod(s0, 3)`, `Max(1, s0)`, `-s1`. The JSON form of a call takes these
//! wherever it takes a size, so a fake tensor PyTorch made (a contiguous
//! `[s0, s1, s2]` has strides `[s1*s2, s2, 1]`) can be written as it is.
//!
//! Grammar, loosest first: `sum := term (('+' | '-') term)*`,
//! `term := unary (('*' | '//' | '%') unary)*`,
//! `unary := '-' unary | atom`, `atom := int | name | name '(' sum (','
//! sum)* ')' | '(' sum ')'`, with `Max`, `Min`, `Mod`, `FloorDiv` and
//! `CeilDiv` the functions.

use super::{CallError, MAX_DEPTH};

/// A parsed size expression.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum SizeExpr {
    /// A number.
    Int(i64),
    /// A symbol, by name.
    Sym(String),
    /// `-a`.
    Neg(Box<SizeExpr>),
    /// A binary operation.
    Bin(BinOp, Box<SizeExpr>, Box<SizeExpr>),
}

impl SizeExpr {
    /// Whether a symbol appears in it.
    pub fn mentions_symbol(&self) -> bool {
        match self {
            SizeExpr::Int(_) => false,
            SizeExpr::Sym(_) => true,
            SizeExpr::Neg(a) => a.mentions_symbol(),
            SizeExpr::Bin(_, a, b) => a.mentions_symbol() || b.mentions_symbol(),
        }
    }
}

/// The binary operations of [`SizeExpr`].
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum BinOp {
    /// `a + b`.
    Add,
    /// `a - b`.
    Sub,
    /// `a * b`.
    Mul,
    /// `a // b` (`FloorDiv(a, b)`).
    FloorDiv,
    /// `CeilDiv(a, b)`.
    CeilDiv,
    /// `a % b` (`Mod(a, b)`).
    Mod,
    /// `Max(a, b)`.
    Max,
    /// `Min(a, b)`.
    Min,
}

/// Whether `s` is a symbol's name: a letter or `_`, then letters, digits
/// or `_`.
pub fn is_name(s: &str) -> bool {
    let mut chars = s.chars();
    chars
        .next()
        .is_some_and(|c| c.is_ascii_alphabetic() || c == '_')
        && chars.all(|c| c.is_ascii_alphanumeric() || c == '_')
}

/// Parse `text` (what `what` names, for errors).
pub fn parse(text: &str, what: &str) -> Result<SizeExpr, CallError> {
    let mut p = Parser {
        s: text.as_bytes(),
        at: 0,
        depth: 0,
        what,
        text,
    };
    let e = p.sum()?;
    p.skip_space();
    if p.at < p.s.len() {
        return Err(p.err("unexpected text after the expression"));
    }
    Ok(e)
}

struct Parser<'a> {
    s: &'a [u8],
    at: usize,
    depth: usize,
    what: &'a str,
    text: &'a str,
}

impl Parser<'_> {
    fn err(&self, reason: &str) -> CallError {
        CallError::Json(format!(
            "{} `{}`: {reason} (at byte {})",
            self.what, self.text, self.at
        ))
    }

    fn skip_space(&mut self) {
        while self.s.get(self.at).is_some_and(u8::is_ascii_whitespace) {
            self.at += 1;
        }
    }

    /// Consume `tok` when it comes next.
    fn eat(&mut self, tok: &str) -> bool {
        self.skip_space();
        if self.s[self.at..].starts_with(tok.as_bytes()) {
            self.at += tok.len();
            true
        } else {
            false
        }
    }

    fn nested(&mut self) -> Result<(), CallError> {
        self.depth += 1;
        if self.depth > MAX_DEPTH {
            return Err(self.err("nested too deeply"));
        }
        Ok(())
    }

    fn sum(&mut self) -> Result<SizeExpr, CallError> {
        self.nested()?;
        let e = self.chain(&[("+", BinOp::Add), ("-", BinOp::Sub)], Self::term)?;
        self.depth -= 1;
        Ok(e)
    }

    fn term(&mut self) -> Result<SizeExpr, CallError> {
        // `//` is looked for before `*` and `%`; a lone `/` is no operator.
        self.chain(
            &[
                ("//", BinOp::FloorDiv),
                ("*", BinOp::Mul),
                ("%", BinOp::Mod),
            ],
            Self::unary,
        )
    }

    /// `operand (op operand)*` for the operators of one precedence level,
    /// left-associative.
    fn chain(
        &mut self,
        ops: &[(&str, BinOp)],
        operand: fn(&mut Self) -> Result<SizeExpr, CallError>,
    ) -> Result<SizeExpr, CallError> {
        let mut e = operand(self)?;
        while let Some(&(_, op)) = ops.iter().find(|(tok, _)| self.eat(tok)) {
            e = SizeExpr::Bin(op, Box::new(e), Box::new(operand(self)?));
        }
        Ok(e)
    }

    fn unary(&mut self) -> Result<SizeExpr, CallError> {
        if self.eat("-") {
            self.nested()?;
            let e = SizeExpr::Neg(Box::new(self.unary()?));
            self.depth -= 1;
            return Ok(e);
        }
        self.atom()
    }

    fn atom(&mut self) -> Result<SizeExpr, CallError> {
        self.skip_space();
        if self.eat("(") {
            let e = self.sum()?;
            if !self.eat(")") {
                return Err(self.err("expected `)`"));
            }
            return Ok(e);
        }
        let start = self.at;
        while self
            .s
            .get(self.at)
            .is_some_and(|c| c.is_ascii_alphanumeric() || *c == b'_')
        {
            self.at += 1;
        }
        let word = &self.text[start..self.at];
        if word.is_empty() {
            return Err(self.err("expected a number, a symbol or `(`"));
        }
        if word.as_bytes()[0].is_ascii_digit() {
            return word
                .parse()
                .map(SizeExpr::Int)
                .map_err(|_| self.err("not an integer of 64 bits"));
        }
        if !self.eat("(") {
            return Ok(SizeExpr::Sym(word.to_string()));
        }
        let op = match word {
            "Max" => BinOp::Max,
            "Min" => BinOp::Min,
            "Mod" => BinOp::Mod,
            "FloorDiv" => BinOp::FloorDiv,
            "CeilDiv" => BinOp::CeilDiv,
            _ => return Err(self.err(&format!("unknown function `{word}`"))),
        };
        let a = self.sum()?;
        if !self.eat(",") {
            return Err(self.err(&format!("`{word}` takes two arguments")));
        }
        let mut e = SizeExpr::Bin(op, Box::new(a), Box::new(self.sum()?));
        // `Max` and `Min` print with any number of arguments.
        while matches!(op, BinOp::Max | BinOp::Min) && self.eat(",") {
            e = SizeExpr::Bin(op, Box::new(e), Box::new(self.sum()?));
        }
        if !self.eat(")") {
            return Err(self.err("expected `)`"));
        }
        Ok(e)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn sym(s: &str) -> Box<SizeExpr> {
        Box::new(SizeExpr::Sym(s.into()))
    }

    #[test]
    fn precedence_and_functions() {
        use BinOp::*;
        use SizeExpr::*;
        assert_eq!(
            parse("2*s0 + 1", "stride").unwrap(),
            Bin(
                Add,
                Box::new(Bin(Mul, Box::new(Int(2)), sym("s0"))),
                Box::new(Int(1))
            )
        );
        assert_eq!(
            parse("(s0//2) - s1*s2", "size").unwrap(),
            Bin(
                Sub,
                Box::new(Bin(FloorDiv, sym("s0"), Box::new(Int(2)))),
                Box::new(Bin(Mul, sym("s1"), sym("s2")))
            )
        );
        assert_eq!(
            parse("Max(1, s0, s1)", "stride").unwrap(),
            Bin(
                Max,
                Box::new(Bin(Max, Box::new(Int(1)), sym("s0"))),
                sym("s1")
            )
        );
        assert_eq!(parse("-s3", "offset").unwrap(), Neg(sym("s3")));
    }

    #[test]
    fn malformed_expressions_are_refused_with_where() {
        for (text, want) in [
            ("s0 *", "expected a number, a symbol or `(`"),
            ("s0 s1", "unexpected text after the expression"),
            ("Sqrt(s0)", "unknown function `Sqrt`"),
            ("Mod(s0)", "`Mod` takes two arguments"),
            ("(s0", "expected `)`"),
            ("99999999999999999999", "not an integer of 64 bits"),
        ] {
            let e = parse(text, "stride").unwrap_err().to_string();
            assert!(e.contains(want) && e.contains(text), "{text}: {e}");
        }
        let deep = "(".repeat(100) + "1" + &")".repeat(100);
        assert!(
            parse(&deep, "size")
                .unwrap_err()
                .to_string()
                .contains("nested too deeply")
        );
    }

    #[test]
    fn names() {
        assert!(is_name("s0") && is_name("_x1") && is_name("u12"));
        assert!(!is_name("s0*s1") && !is_name("0s") && !is_name(""));
    }
}
