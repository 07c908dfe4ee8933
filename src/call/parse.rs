//! The text form of a call: `aten::add(f32[s0,3]{1,s0}+2@cuda, 2.5, alpha=2)`.

use super::{Call, CallError, CallValue, MAX_DEPTH, Size, SizeExpr, TensorSpec};
use fake_runtime::{DType, Device, Layout, MemoryFormat};

/// Parse a call written as text.
pub fn parse(text: &str) -> Result<Call, CallError> {
    let mut p = Parser {
        s: text.as_bytes(),
        i: 0,
    };
    p.blank();
    let op = p.op_name()?;
    p.expect(b'(')?;
    let (mut args, mut kwargs) = (Vec::new(), Vec::new());
    loop {
        p.blank();
        if p.eat(b')') {
            break;
        }
        // `name=value`?
        let save = p.i;
        if let Some(name) = p.ident()
            && p.eat(b'=')
        {
            kwargs.push((name, p.value(0)?));
        } else {
            p.i = save;
            if !kwargs.is_empty() {
                return Err(p.err("a positional argument after a keyword argument"));
            }
            args.push(p.value(0)?);
        }
        p.blank();
        if p.eat(b',') {
            continue;
        }
        p.expect(b')')?;
        break;
    }
    p.blank();
    if p.i != p.s.len() {
        return Err(p.err("text after the call"));
    }
    Ok(Call { op, args, kwargs })
}

/// A cursor over a call's text.
pub(super) struct Parser<'a> {
    /// The text.
    pub(super) s: &'a [u8],
    /// The position.
    pub(super) i: usize,
}

impl Parser<'_> {
    fn err(&self, reason: &str) -> CallError {
        CallError::Syntax {
            at: self.i,
            reason: reason.to_string(),
        }
    }

    fn blank(&mut self) {
        while self.i < self.s.len() && self.s[self.i].is_ascii_whitespace() {
            self.i += 1;
        }
    }

    fn eat(&mut self, c: u8) -> bool {
        self.blank();
        if self.s.get(self.i) == Some(&c) {
            self.i += 1;
            true
        } else {
            false
        }
    }

    fn expect(&mut self, c: u8) -> Result<(), CallError> {
        if self.eat(c) {
            Ok(())
        } else {
            Err(self.err(&format!("expected `{}`", c as char)))
        }
    }

    /// A word: letters, digits, `_` and `.` (`torch.float16`, `s0`).
    fn ident(&mut self) -> Option<String> {
        self.blank();
        let start = self.i;
        while self.i < self.s.len()
            && (self.s[self.i].is_ascii_alphanumeric() || matches!(self.s[self.i], b'_' | b'.'))
        {
            self.i += 1;
        }
        let word = std::str::from_utf8(&self.s[start..self.i]).ok()?;
        if word.is_empty() || word.as_bytes()[0].is_ascii_digit() {
            self.i = start;
            return None;
        }
        Some(word.to_string())
    }

    /// `aten::add.Tensor`, `torch.ops.aten.add.Tensor`, `add`.
    pub(super) fn op_name(&mut self) -> Result<String, CallError> {
        let start = self.i;
        while self.i < self.s.len()
            && (self.s[self.i].is_ascii_alphanumeric()
                || matches!(self.s[self.i], b'_' | b'.' | b':'))
        {
            self.i += 1;
        }
        let name = std::str::from_utf8(&self.s[start..self.i]).unwrap_or_default();
        if name.is_empty() {
            return Err(self.err("expected an operator name"));
        }
        let name = name.strip_prefix("torch.ops.").unwrap_or(name);
        Ok(match name.split_once("::") {
            Some(_) => name.to_string(),
            None => match name.split_once('.') {
                Some((ns, rest)) if matches!(ns, "aten" | "prims") => format!("{ns}::{rest}"),
                _ => format!("aten::{name}"),
            },
        })
    }

    /// An integer written as an expression over symbols (`s0*s1`,
    /// `2*s0 - 1`, `-s0`, `Max(1, s0)`), up to the `,` or closing bracket
    /// that ends the value, and where it ends; `None` when the value is not
    /// one (a number, a name alone, a tensor, a string, a float such as
    /// `1e-5`).
    fn symbolic(&self) -> Option<(SizeExpr, usize)> {
        self.expression(b",]")
    }

    /// [`Self::symbolic`] ending at one of `stops` (or an unmatched `)`)
    /// at depth 0.
    fn expression(&self, stops: &[u8]) -> Option<(SizeExpr, usize)> {
        let start = self.i;
        let mut depth = 0usize;
        let mut end = start;
        while let Some(&c) = self.s.get(end) {
            match c {
                b'(' => depth += 1,
                b')' if depth == 0 => break,
                b')' => depth -= 1,
                c if depth == 0 && stops.contains(&c) => break,
                b'[' | b'"' | b'\'' | b'{' | b'}' | b'@' => return None,
                _ => {}
            }
            end += 1;
        }
        let text = std::str::from_utf8(&self.s[start..end]).ok()?;
        let e = super::size_expr::parse(text, "integer").ok()?;
        (!matches!(e, SizeExpr::Sym(_)) && e.mentions_symbol()).then_some((e, end))
    }

    fn number(&mut self) -> Result<CallValue, CallError> {
        self.blank();
        let start = self.i;
        while self.i < self.s.len()
            && (self.s[self.i].is_ascii_alphanumeric()
                || matches!(self.s[self.i], b'-' | b'+' | b'.'))
        {
            // A sign only leads a number or follows an exponent's `e`.
            if matches!(self.s[self.i], b'-' | b'+')
                && self.i != start
                && !matches!(self.s[self.i - 1], b'e' | b'E')
            {
                break;
            }
            self.i += 1;
        }
        let text = std::str::from_utf8(&self.s[start..self.i]).unwrap_or_default();
        if let Ok(v) = text.parse::<i64>() {
            return Ok(CallValue::Int(v));
        }
        // An imaginary literal, as Python writes one: `2j`, `-1.5j`.
        if let Some(im) = text.strip_suffix(['j', 'J'])
            && let Ok(v) = im.parse::<f64>()
        {
            return Ok(CallValue::Complex(0.0, v));
        }
        match text {
            "inf" => return Ok(CallValue::Float(f64::INFINITY)),
            "-inf" => return Ok(CallValue::Float(f64::NEG_INFINITY)),
            "nan" => return Ok(CallValue::Float(f64::NAN)),
            _ => {}
        }
        text.parse::<f64>()
            .map(CallValue::Float)
            .map_err(|_| CallError::Syntax {
                at: start,
                reason: format!("`{text}` is not a number"),
            })
    }

    /// A size, stride or offset: an integer, a symbol, or an expression
    /// over symbols (`s0*s1`, `2*s0 + 1`) up to one of `stops` at depth 0.
    fn size(&mut self, stops: &[u8]) -> Result<Size, CallError> {
        self.blank();
        if let Some((e, end)) = self.expression(stops) {
            self.i = end;
            return Ok(Size::Expr(e));
        }
        if let Some(name) = self.ident() {
            return Ok(Size::Sym(name));
        }
        match self.number()? {
            CallValue::Int(v) => Ok(Size::Int(v)),
            _ => Err(self.err("a size is an integer or a symbol")),
        }
    }

    fn sizes(&mut self, close: u8) -> Result<Vec<Size>, CallError> {
        let mut out = Vec::new();
        if self.eat(close) {
            return Ok(out);
        }
        loop {
            out.push(self.size(&[b',', close])?);
            if self.eat(close) {
                return Ok(out);
            }
            self.expect(b',')?;
        }
    }

    fn value(&mut self, depth: usize) -> Result<CallValue, CallError> {
        if depth > MAX_DEPTH {
            return Err(self.err(&format!(
                "lists nested too deeply (more than {MAX_DEPTH} levels)"
            )));
        }
        self.blank();
        match self.s.get(self.i) {
            None => Err(self.err("expected a value")),
            Some(b'[') | Some(b'(') => {
                let close = if self.s[self.i] == b'[' { b']' } else { b')' };
                self.i += 1;
                let mut items = Vec::new();
                if self.eat(close) {
                    return Ok(CallValue::List(items));
                }
                loop {
                    items.push(self.value(depth + 1)?);
                    if self.eat(close) {
                        return Ok(CallValue::List(items));
                    }
                    self.expect(b',')?;
                    if self.eat(close) {
                        return Ok(CallValue::List(items));
                    }
                }
            }
            Some(b'"') | Some(b'\'') => {
                let q = self.s[self.i];
                let start = self.i + 1;
                let end = self.s[start..]
                    .iter()
                    .position(|&c| c == q)
                    .ok_or_else(|| self.err("unterminated string"))?;
                self.i = start + end + 1;
                Ok(CallValue::Str(
                    String::from_utf8_lossy(&self.s[start..start + end]).into_owned(),
                ))
            }
            Some(_) if let Some((e, end)) = self.symbolic() => {
                self.i = end;
                Ok(CallValue::SymExpr(e))
            }
            Some(c) if c.is_ascii_digit() || matches!(c, b'-' | b'+' | b'.') => self.number(),
            Some(_) => {
                let start = self.i;
                let word = self.ident().ok_or_else(|| self.err("expected a value"))?;
                if self.s.get(self.i) == Some(&b'[') {
                    self.i = start;
                    return self.tensor().map(CallValue::Tensor);
                }
                Ok(match word.as_str() {
                    "None" => CallValue::None,
                    "True" => CallValue::Bool(true),
                    "False" => CallValue::Bool(false),
                    "inf" => CallValue::Float(f64::INFINITY),
                    "nan" => CallValue::Float(f64::NAN),
                    w => named_constant(w).unwrap_or_else(|| CallValue::Sym(w.to_string())),
                })
            }
        }
    }

    /// `f32[2,s0]{s0,1}+3@cuda`.
    fn tensor(&mut self) -> Result<TensorSpec, CallError> {
        let start = self.i;
        let word = self.ident().ok_or_else(|| self.err("expected a dtype"))?;
        let dtype = dtype_named(&word).ok_or(CallError::Syntax {
            at: start,
            reason: format!("`{word}` is not a dtype"),
        })?;
        self.expect(b'[')?;
        let sizes = self.sizes(b']')?;
        let strides = if self.eat(b'{') {
            Some(self.sizes(b'}')?)
        } else {
            None
        };
        let storage_offset = if self.eat(b'+') {
            self.size(b"@,)]")?
        } else {
            Size::Int(0)
        };
        let device = if self.eat(b'@') {
            let at = self.i;
            let mut end = at;
            while end < self.s.len() && (self.s[end].is_ascii_alphanumeric() || self.s[end] == b':')
            {
                end += 1;
            }
            self.i = end;
            let text = std::str::from_utf8(&self.s[at..end]).unwrap_or_default();
            text.parse::<Device>().map_err(|_| CallError::Syntax {
                at,
                reason: format!("`{text}` is not a device"),
            })?
        } else {
            Device::cpu()
        };
        Ok(TensorSpec {
            dtype,
            sizes,
            strides,
            storage_offset,
            device,
            requires_grad: false,
        })
    }
}

/// A dtype by its short (`f32`, `i64`, `b8`) or PyTorch name.
pub(super) fn dtype_named(w: &str) -> Option<DType> {
    let short = match w {
        "f16" => Some(DType::Float16),
        "bf16" => Some(DType::BFloat16),
        "f32" => Some(DType::Float32),
        "f64" => Some(DType::Float64),
        "i8" => Some(DType::Int8),
        "i16" => Some(DType::Int16),
        "i32" => Some(DType::Int32),
        "i64" => Some(DType::Int64),
        "u8" => Some(DType::UInt8),
        "b8" | "bool" => Some(DType::Bool),
        "c64" => Some(DType::Complex64),
        "c128" => Some(DType::Complex128),
        _ => None,
    };
    short.or_else(|| w.parse().ok())
}

/// `torch.float16`, `torch.channels_last`, `torch.strided` as values.
fn named_constant(w: &str) -> Option<CallValue> {
    let bare = w.strip_prefix("torch.")?;
    if let Ok(d) = bare.parse::<DType>() {
        return Some(CallValue::DType(d));
    }
    if let Ok(m) = bare.parse::<MemoryFormat>() {
        return Some(CallValue::MemoryFormat(m));
    }
    bare.parse::<Layout>().ok().map(CallValue::Layout)
}

#[cfg(test)]
mod tests {
    use super::*;
    use fake_runtime::DType;

    #[test]
    fn the_text_form() {
        let c = parse("aten::conv2d(f32[s0,3,224,224], f32[64,3,7,7]{147,49,7,1}+2@cuda:0, None, [2,2], padding=[3,3])")
            .expect("parses");
        assert_eq!(c.op, "aten::conv2d");
        assert_eq!(c.args.len(), 4);
        let CallValue::Tensor(w) = &c.args[1] else {
            panic!("a tensor")
        };
        assert_eq!(w.storage_offset, Size::Int(2));
        assert_eq!(w.device.to_string(), "cuda:0");
        assert_eq!(c.kwargs[0].0, "padding");
        assert_eq!(
            parse("add(f32[2], -1.5e-3)").expect("parses").args[1],
            CallValue::Float(-1.5e-3)
        );
        assert_eq!(
            parse("torch.ops.aten.sum.default(f32[2], dtype=torch.float16)")
                .expect("parses")
                .kwargs[0]
                .1,
            CallValue::DType(DType::Float16)
        );
    }

    #[test]
    fn bad_text_is_an_error_with_its_place() {
        for bad in [
            "",
            "add(",
            "add(f32[2]",
            "add(x=1, f32[2])",
            "add(q32[2])",
            "add(f32[2]) extra",
            &format!("add({}1{})", "[".repeat(40), "]".repeat(40)),
            "add(\"open)",
        ] {
            assert!(parse(bad).is_err(), "{bad:?} parsed");
        }
    }
}
