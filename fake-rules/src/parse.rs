//! From rules text to the [`ast`](crate::ast), with syntax errors as
//! diagnostics.
//!
//! A file is first split into one chunk per rule along its layout (a rule
//! starts at the beginning of a line, its other lines are indented; tag
//! lines `@...` belong to the rule below them). Each chunk is parsed on its
//! own with the grammar of `rules.pest`, so a syntax error in one rule does
//! not hide the errors of the others. Before pest sees a chunk, its
//! bracket nesting is bounded, and while the tree is built its depth is
//! bounded too: deep input is an error, never a stack overflow.

use crate::ast::{
    BinaryOp, CallArg, Clause, DimPattern, Expr, ExprNode, Ident, ListItem, OpRef, Outputs, Param,
    Pattern, PatternSuffix, Rule, Selector, Tag, TagArg, UnaryOp,
};
use crate::diagnostic::{Diag, FileId, Span};
use pest::Parser as _;
use pest::RuleType;
use pest::error::InputLocation;
use pest::iterators::Pair;

/// The pest parser of `rules.pest`.
mod grammar {
    #![allow(missing_docs, clippy::missing_docs_in_private_items)]
    /// Parser generated from `rules.pest`.
    #[derive(pest_derive::Parser)]
    #[grammar = "rules.pest"]
    pub struct RulesParser;
}

use grammar::{Rule as R, RulesParser};

/// Deepest bracket nesting a rule may have.
const MAX_NESTING: usize = 48;

/// Deepest expression tree a rule may build (operator chains count).
const MAX_DEPTH: usize = 200;

/// Parse a rules file. Syntax errors go to `diags`; the rules that parsed
/// are returned.
pub fn parse_rules_file(file: FileId, text: &str, diags: &mut Vec<Diag>) -> Vec<Rule> {
    pest::set_error_detail(true);
    let mut rules = Vec::new();
    for chunk in split_chunks(file, text, diags) {
        let Some(src) = text.get(chunk.clone()) else {
            continue;
        };
        if let Some(rule) = parse_chunk(file, chunk.start, src, diags) {
            rules.push(rule);
        }
    }
    rules
}

/// What a line of a rules file is, for splitting.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum LineKind {
    /// Blank, or only a comment.
    Trivia,
    /// Starts with a blank: continues the rule above.
    Continuation,
    /// Starts at column 1 with tags only (`@view`, `@kernel(x)`).
    Tags,
    /// Starts at column 1 with anything else: a rule's head.
    Head,
}

/// Classify one line (without its line break).
fn line_kind(line: &str) -> LineKind {
    let trimmed = line.trim_start();
    if trimmed.is_empty() || trimmed.starts_with('#') {
        return LineKind::Trivia;
    }
    if trimmed.len() != line.len() {
        return LineKind::Continuation;
    }
    if only_tags(line) {
        LineKind::Tags
    } else {
        LineKind::Head
    }
}

/// Whether a line holds nothing but tags (and maybe a comment).
fn only_tags(line: &str) -> bool {
    let b = line.as_bytes();
    let mut i = 0;
    loop {
        while i < b.len() && (b[i] == b' ' || b[i] == b'\t') {
            i += 1;
        }
        if i >= b.len() || b[i] == b'#' {
            return true;
        }
        if b[i] != b'@' {
            return false;
        }
        i += 1;
        while i < b.len() && (b[i].is_ascii_alphanumeric() || b[i] == b'_') {
            i += 1;
        }
        while i < b.len() && (b[i] == b' ' || b[i] == b'\t') {
            i += 1;
        }
        if i < b.len() && b[i] == b'(' {
            while i < b.len() && b[i] != b')' {
                i += 1;
            }
            i += 1;
        }
    }
}

/// Split a file into byte ranges, one per rule. An indented line with no
/// rule above it is reported.
fn split_chunks(file: FileId, text: &str, diags: &mut Vec<Diag>) -> Vec<std::ops::Range<usize>> {
    let mut chunks: Vec<std::ops::Range<usize>> = Vec::new();
    // Whether the current chunk has seen its head line yet.
    let mut has_head = false;
    let mut offset = 0;
    for raw in text.split_inclusive('\n') {
        let start = offset;
        offset += raw.len();
        let line = raw.trim_end_matches(['\n', '\r']);
        match line_kind(line) {
            LineKind::Trivia => {
                if let Some(c) = chunks.last_mut() {
                    c.end = offset;
                }
            }
            LineKind::Continuation => match chunks.last_mut() {
                Some(c) => c.end = offset,
                None => {
                    let lead = line.len() - line.trim_start().len();
                    diags.push(
                        Diag::new(
                            Span::new(file, start + lead, start + line.len()),
                            "indented line outside any rule",
                        )
                        .label("no rule starts above this line")
                        .help("a rule starts at the beginning of a line; only its continuation lines are indented"),
                    );
                }
            },
            kind @ (LineKind::Tags | LineKind::Head) => {
                match chunks.last_mut() {
                    Some(c) if !has_head => c.end = offset,
                    _ => chunks.push(start..offset),
                }
                has_head = kind == LineKind::Head;
            }
        }
    }
    chunks
}

/// Report brackets nested deeper than [`MAX_NESTING`] (comments and
/// strings skipped).
fn check_nesting(file: FileId, base: usize, src: &str) -> Result<(), Diag> {
    let mut depth = 0usize;
    let mut chars = src.char_indices();
    while let Some((i, c)) = chars.next() {
        match c {
            '#' => {
                for (_, c) in chars.by_ref() {
                    if c == '\n' {
                        break;
                    }
                }
            }
            '"' => {
                let mut escaped = false;
                for (_, c) in chars.by_ref() {
                    if escaped {
                        escaped = false;
                    } else if c == '\\' {
                        escaped = true;
                    } else if c == '"' || c == '\n' {
                        break;
                    }
                }
            }
            '(' | '[' => {
                depth += 1;
                if depth > MAX_NESTING {
                    return Err(Diag::new(
                        Span::new(file, base + i, base + i + 1),
                        format!("brackets nested more than {MAX_NESTING} deep"),
                    )
                    .label("too deep"));
                }
            }
            ')' | ']' => depth = depth.saturating_sub(1),
            _ => {}
        }
    }
    Ok(())
}

/// Parse one rule that starts at byte `base` of `file`.
fn parse_chunk(file: FileId, base: usize, src: &str, diags: &mut Vec<Diag>) -> Option<Rule> {
    if let Err(d) = check_nesting(file, base, src) {
        diags.push(d);
        return None;
    }
    let mut pairs = match RulesParser::parse(R::rule_chunk, src) {
        Ok(p) => p,
        Err(e) => {
            let mut d = syntax_error(&e, src, file, base, describe, "the end of the rule");
            if let Some(help) = layout_help(src, &e) {
                d = d.help(help);
            }
            diags.push(d);
            return None;
        }
    };
    let chunk = pairs.next()?;
    let rule = chunk.into_inner().find(|p| p.as_rule() == R::rule)?;
    let mut b = Builder {
        file,
        base,
        diags: Vec::new(),
    };
    let out = b.rule(rule);
    if b.diags.is_empty() {
        out
    } else {
        diags.append(&mut b.diags);
        None
    }
}

/// A hint for errors caused by layout: a clause written at the start of a
/// line becomes a rule of its own.
fn layout_help<E: RuleType>(src: &str, _e: &pest::error::Error<E>) -> Option<&'static str> {
    let first = src.trim_start();
    let word: String = first
        .chars()
        .take_while(|c| c.is_ascii_alphanumeric() || *c == '_')
        .collect();
    let rest = first.get(word.len()..).unwrap_or("").trim_start();
    let clause_like = matches!(word.as_str(), "where" | "check")
        || (matches!(word.as_str(), "dtype" | "device" | "strides" | "offset")
            && rest.starts_with('='));
    clause_like.then_some("a clause belongs to the rule above it: indent it")
}

/// What the rules parser expected, for syntax errors.
fn describe(r: R) -> Option<&'static str> {
    Some(match r {
        R::rule | R::op_ref | R::op_name | R::op_namespace => "an operator name",
        R::op_overload => "an overload name",
        R::tag | R::tag_name => "a tag like `@view`",
        R::tag_args => "tag arguments",
        R::tag_arg | R::tag_value => "a tag argument",
        R::param => "a parameter",
        R::pattern => "a shape pattern like `[n, *s]`",
        R::pack_pattern => "a pack like `*s`",
        R::wildcard => "`_`",
        R::selector => "an output index or name",
        R::expr
        | R::disjunction
        | R::conjunction
        | R::negation
        | R::comparison
        | R::sum
        | R::product
        | R::unary
        | R::postfix
        | R::splice
        | R::call
        | R::named_arg => "an expression",
        R::coalesce_op | R::or_op | R::and_op | R::cmp_op | R::add_op | R::mul_op => "an operator",

        R::int_lit => "an integer",
        R::float_lit => "a number",
        R::string => "a string",
        R::name => "a name",
        R::EOI => "the end of the rule",
        _ => return None,
    })
}

/// Infix operators, listed as one "an operator" in syntax errors.
const OPERATORS: &[&str] = &[
    "??", "or", "and", "==", "!=", "<", "<=", ">", ">=", "+", "-", "*", "//", "%",
];

/// Turn a pest error in `input` (which starts at byte `base` of `file`)
/// into a diagnostic: `expected one of ..., found ...`. `describe` names
/// the grammar's rules for people (`None` for rules whose first token
/// already says it); `end` names the end of the input.
pub fn syntax_error<Rl: RuleType>(
    err: &pest::error::Error<Rl>,
    input: &str,
    file: FileId,
    base: usize,
    describe: fn(Rl) -> Option<&'static str>,
    end: &str,
) -> Diag {
    let pos = match err.location {
        InputLocation::Pos(p) => p,
        InputLocation::Span((s, _)) => s,
    };
    let mut pos = pos.min(input.len());
    while !input.is_char_boundary(pos) {
        pos -= 1;
    }
    let mut tokens: Vec<String> = Vec::new();
    let mut operator = false;
    if let Some(attempts) = err.parse_attempts() {
        for t in attempts.expected_tokens() {
            // `ParsingToken` is not exported; its display is the literal
            // for literals, `a..z` for ranges and `BUILTIN_RULE` otherwise.
            let token = t.to_string();
            let chars: Vec<char> = token.chars().collect();
            let is_range = chars.len() == 4 && chars[1] == '.' && chars[2] == '.';
            if is_range
                || token == "BUILTIN_RULE"
                || matches!(
                    token.as_str(),
                    " " | "\t" | "\n" | "\r\n" | "\r" | "#" | "_"
                )
            {
                continue;
            }
            if OPERATORS.contains(&token.as_str()) {
                operator = true;
                continue;
            }
            let token = format!("`{token}`");
            if !tokens.contains(&token) {
                tokens.push(token);
            }
        }
    }
    let mut descriptions: Vec<String> = Vec::new();
    if let pest::error::ErrorVariant::ParsingError { positives, .. } = &err.variant {
        for r in positives {
            if let Some(d) = describe(*r) {
                if d == "an operator" {
                    operator = true;
                } else if !descriptions.iter().any(|x| x == d) {
                    descriptions.push(d.to_owned());
                }
            }
        }
    }
    tokens.sort();
    if operator {
        descriptions.insert(0, "an operator".to_owned());
    }
    // The end of the input reads best last.
    descriptions.sort_by_key(|d| d == end);
    let mut expected = tokens;
    expected.extend(descriptions);
    // pest reports some failures before the blanks that precede the
    // offending token: point at the token, or right after the last one
    // when only blanks and comments follow.
    let next = skip_blanks(input, pos);
    let (at, found, width) = match input.get(next..).and_then(|r| r.chars().next()) {
        None => {
            let mut back = pos;
            while back > 0 && input[..back].ends_with(|c: char| c.is_whitespace()) {
                back -= input[..back].chars().next_back().map_or(1, char::len_utf8);
            }
            (back, end.to_owned(), 0)
        }
        Some(c) if c.is_ascii_alphanumeric() || c == '_' => {
            let rest = input.get(next..).unwrap_or("");
            let w: String = rest
                .chars()
                .take_while(|c| c.is_ascii_alphanumeric() || *c == '_')
                .take(40)
                .collect();
            (next, format!("`{w}`"), w.len())
        }
        Some(c) => (next, format!("`{c}`"), c.len_utf8()),
    };
    let list = match expected.as_slice() {
        [] => "something else".to_owned(),
        [one] => one.clone(),
        [a, b] => format!("{a} or {b}"),
        [init @ .., last] => format!("one of {}, or {last}", init.join(", ")),
    };
    Diag::new(
        Span::new(file, base + at, base + at + width),
        format!("expected {list}, found {found}"),
    )
    .label(format!("expected {list}"))
}

/// The first position at or after `pos` that is not a blank, a line break
/// or inside a `#` comment.
fn skip_blanks(input: &str, mut pos: usize) -> usize {
    loop {
        let Some(rest) = input.get(pos..) else {
            return input.len();
        };
        let mut chars = rest.chars();
        match chars.next() {
            Some(c) if c.is_whitespace() => pos += c.len_utf8(),
            Some('#') => pos += rest.find('\n').unwrap_or(rest.len()),
            _ => return pos,
        }
    }
}

/// Turns pest pairs into AST nodes, collecting the mistakes the grammar
/// cannot see (integers out of range, trees too deep).
struct Builder {
    /// The file.
    file: FileId,
    /// Byte offset of the chunk in the file.
    base: usize,
    /// Mistakes found.
    diags: Vec<Diag>,
}

impl Builder {
    /// The file span of a pair.
    fn span(&self, pair: &Pair<'_, R>) -> Span {
        let s = pair.as_span();
        Span::new(self.file, self.base + s.start(), self.base + s.end())
    }

    /// An identifier from a pair.
    fn ident(&self, pair: &Pair<'_, R>) -> Ident {
        Ident {
            name: pair.as_str().to_owned(),
            span: self.span(pair),
        }
    }

    /// A rule.
    fn rule(&mut self, pair: Pair<'_, R>) -> Option<Rule> {
        let span = self.span(&pair);
        let mut tags = Vec::new();
        let mut op = None;
        let mut params = None;
        let mut outputs = None;
        let mut clauses = Vec::new();
        for p in pair.into_inner() {
            match p.as_rule() {
                R::tag => tags.push(self.tag(p)),
                R::op_ref => op = Some(self.op_ref(p)),
                R::params => {
                    params = Some(p.into_inner().filter_map(|q| self.param(q)).collect());
                }
                R::outputs => outputs = self.outputs(p),
                R::where_clause | R::check_clause | R::attr_clause => {
                    if let Some(c) = self.clause(p) {
                        clauses.push(c);
                    }
                }
                _ => {}
            }
        }
        Some(Rule {
            tags,
            op: op?,
            params,
            outputs,
            clauses,
            span,
        })
    }

    /// A tag.
    fn tag(&mut self, pair: Pair<'_, R>) -> Tag {
        let span = self.span(&pair);
        let mut name = Ident {
            name: String::new(),
            span,
        };
        let mut args = None;
        for p in pair.into_inner() {
            match p.as_rule() {
                R::tag_name => {
                    name = self.ident(&p);
                    name.name = name.name.trim_start_matches('@').to_owned();
                }
                R::tag_args => {
                    let mut list = Vec::new();
                    for a in p.into_inner() {
                        let aspan = self.span(&a);
                        let names: Vec<Ident> = a.into_inner().map(|n| self.ident(&n)).collect();
                        match names.as_slice() {
                            [v] => list.push(TagArg {
                                key: None,
                                value: v.clone(),
                                span: aspan,
                            }),
                            [k, v] => list.push(TagArg {
                                key: Some(k.clone()),
                                value: v.clone(),
                                span: aspan,
                            }),
                            _ => {}
                        }
                    }
                    args = Some(list);
                }
                _ => {}
            }
        }
        Tag { name, args, span }
    }

    /// An operator reference.
    fn op_ref(&mut self, pair: Pair<'_, R>) -> OpRef {
        let span = self.span(&pair);
        let mut namespace = None;
        let mut name = Ident {
            name: String::new(),
            span,
        };
        let mut overload = None;
        for p in pair.into_inner() {
            match p.as_rule() {
                R::op_namespace => namespace = Some(self.ident(&p)),
                R::op_name => name = self.ident(&p),
                R::op_overload => overload = Some(self.ident(&p)),
                _ => {}
            }
        }
        OpRef {
            namespace,
            name,
            overload,
            span,
        }
    }

    /// A parameter.
    fn param(&mut self, pair: Pair<'_, R>) -> Option<Param> {
        let span = self.span(&pair);
        let mut inner = pair.into_inner();
        let name = self.ident(&inner.next()?);
        let pattern = inner.next().map(|p| self.pattern(p));
        Some(Param {
            name,
            pattern,
            span,
        })
    }

    /// A shape pattern.
    fn pattern(&mut self, pair: Pair<'_, R>) -> Pattern {
        let span = self.span(&pair);
        let mut dims = Vec::new();
        let mut suffixes = Vec::new();
        for p in pair.into_inner() {
            match p.as_rule() {
                R::dims_pattern => {
                    for d in p.into_inner() {
                        let dspan = self.span(&d);
                        match d.as_rule() {
                            R::name => dims.push(DimPattern::Name(self.ident(&d))),
                            R::wildcard => dims.push(DimPattern::Wildcard(dspan)),
                            R::int_lit => {
                                if let Some(v) = self.int(&d) {
                                    dims.push(DimPattern::Int(v, dspan));
                                }
                            }
                            R::pack_pattern => {
                                let name = d
                                    .into_inner()
                                    .find(|q| q.as_rule() == R::name)
                                    .map(|q| self.ident(&q));
                                dims.push(DimPattern::Pack(name, dspan));
                            }
                            _ => {}
                        }
                    }
                }
                R::optional_mark => suffixes.push((PatternSuffix::Optional, self.span(&p))),
                R::list_mark => suffixes.push((PatternSuffix::List, self.span(&p))),
                _ => {}
            }
        }
        Pattern {
            dims,
            suffixes,
            span,
        }
    }

    /// An integer literal.
    fn int(&mut self, pair: &Pair<'_, R>) -> Option<i64> {
        match pair.as_str().parse::<i64>() {
            Ok(v) => Some(v),
            Err(_) => {
                self.diags.push(
                    Diag::new(self.span(pair), "integer literal out of range")
                        .label("larger than `i64::MAX`"),
                );
                None
            }
        }
    }

    /// The outputs.
    fn outputs(&mut self, pair: Pair<'_, R>) -> Option<Outputs> {
        let span = self.span(&pair);
        let inner = pair.into_inner().next()?;
        let (exprs, tuple) = if inner.as_rule() == R::output_tuple {
            let exprs: Option<Vec<Expr>> = inner.into_inner().map(|e| self.expr(e, 0)).collect();
            (exprs?, true)
        } else {
            (vec![self.expr(inner, 0)?], false)
        };
        Some(Outputs { exprs, tuple, span })
    }

    /// A clause.
    fn clause(&mut self, pair: Pair<'_, R>) -> Option<Clause> {
        let span = self.span(&pair);
        let which = pair.as_rule();
        let mut inner = pair.into_inner();
        match which {
            R::where_clause => {
                let _kw = inner.next()?;
                let name = self.ident(&inner.next()?);
                let value = self.expr(inner.next()?, 0)?;
                Some(Clause::Where { name, value, span })
            }
            R::check_clause => {
                let _kw = inner.next()?;
                let cond = self.expr(inner.next()?, 0)?;
                let message = inner.next().map(|s| unescape(s.as_str()));
                Some(Clause::Check {
                    cond,
                    message,
                    span,
                })
            }
            _ => {
                let target = inner.next()?;
                let mut t = target.into_inner();
                let attr = self.ident(&t.next()?);
                let selector = match t.next() {
                    Some(s) => {
                        let sspan = self.span(&s);
                        let text = s.as_str();
                        if text.starts_with(|c: char| c.is_ascii_digit()) {
                            match text.parse::<usize>() {
                                Ok(v) => Some(Selector::Index(v, sspan)),
                                Err(_) => {
                                    self.diags
                                        .push(Diag::new(sspan, "output index out of range"));
                                    return None;
                                }
                            }
                        } else {
                            Some(Selector::Name(self.ident(&s)))
                        }
                    }
                    None => None,
                };
                let value = self.expr(inner.next()?, 0)?;
                Some(Clause::Attr {
                    attr,
                    selector,
                    value,
                    span,
                })
            }
        }
    }

    /// Report a tree deeper than [`MAX_DEPTH`] once.
    fn too_deep(&mut self, span: Span) {
        if !self
            .diags
            .iter()
            .any(|d| d.message.starts_with("expression nested"))
        {
            self.diags.push(
                Diag::new(
                    span,
                    format!("expression nested more than {MAX_DEPTH} deep"),
                )
                .help("split it with `where` bindings"),
            );
        }
    }

    /// An expression at any precedence level; `depth` is the depth of the
    /// node being built.
    fn expr(&mut self, pair: Pair<'_, R>, depth: usize) -> Option<Expr> {
        let span = self.span(&pair);
        if depth > MAX_DEPTH {
            self.too_deep(span);
            return None;
        }
        match pair.as_rule() {
            R::expr | R::disjunction | R::conjunction | R::comparison | R::sum | R::product => {
                self.binary_chain(pair, depth)
            }
            R::negation | R::unary => {
                let mut ops = Vec::new();
                let mut operand = None;
                for p in pair.into_inner() {
                    match p.as_rule() {
                        R::not_op => ops.push((UnaryOp::Not, self.span(&p))),
                        R::neg_op => ops.push((UnaryOp::Neg, self.span(&p))),
                        _ => operand = Some(p),
                    }
                }
                if depth + ops.len() > MAX_DEPTH {
                    self.too_deep(span);
                    return None;
                }
                let mut e = self.expr(operand?, depth + ops.len())?;
                for (op, s) in ops.into_iter().rev() {
                    e = Expr {
                        span: s.to(e.span),
                        node: ExprNode::Unary {
                            op,
                            expr: Box::new(e),
                        },
                    };
                }
                Some(e)
            }
            R::postfix => {
                let mut inner = pair.into_inner();
                let first = inner.next()?;
                let fields: Vec<Pair<'_, R>> = inner.collect();
                if depth + fields.len() > MAX_DEPTH {
                    self.too_deep(span);
                    return None;
                }
                let mut e = self.expr(first, depth + fields.len())?;
                for f in fields {
                    let name = f.into_inner().next()?;
                    let field = self.ident(&name);
                    e = Expr {
                        span: e.span.to(field.span),
                        node: ExprNode::Field {
                            base: Box::new(e),
                            field,
                        },
                    };
                }
                Some(e)
            }
            R::paren => self.expr(pair.into_inner().next()?, depth),
            R::int_lit => Some(Expr {
                node: ExprNode::Int(self.int(&pair)?),
                span,
            }),
            R::float_lit => match pair.as_str().parse::<f64>() {
                Ok(v) => Some(Expr {
                    node: ExprNode::Float(v),
                    span,
                }),
                Err(_) => {
                    self.diags.push(Diag::new(span, "cannot read this number"));
                    None
                }
            },
            R::bool_lit => Some(Expr {
                node: ExprNode::Bool(pair.as_str() == "true"),
                span,
            }),
            R::name => Some(Expr {
                node: ExprNode::Name(pair.as_str().to_owned()),
                span,
            }),
            R::call => {
                let mut inner = pair.into_inner();
                let name = self.ident(&inner.next()?);
                let mut args = Vec::new();
                for a in inner {
                    if a.as_rule() == R::named_arg {
                        let mut kv = a.into_inner();
                        let key = self.ident(&kv.next()?);
                        let value = self.expr(kv.next()?, depth + 1)?;
                        args.push(CallArg {
                            name: Some(key),
                            value,
                        });
                    } else {
                        let value = self.expr(a, depth + 1)?;
                        args.push(CallArg { name: None, value });
                    }
                }
                Some(Expr {
                    node: ExprNode::Call { name, args },
                    span,
                })
            }
            R::list_lit => {
                let mut items = Vec::new();
                for item in pair.into_inner() {
                    let ispan = self.span(&item);
                    if item.as_rule() == R::splice {
                        let e = self.expr(item.into_inner().next()?, depth + 1)?;
                        items.push(ListItem {
                            splice: true,
                            expr: e,
                            span: ispan,
                        });
                    } else {
                        let e = self.expr(item, depth + 1)?;
                        items.push(ListItem {
                            splice: false,
                            expr: e,
                            span: ispan,
                        });
                    }
                }
                Some(Expr {
                    node: ExprNode::List(items),
                    span,
                })
            }
            _ => None,
        }
    }

    /// `a op b op c ...`, left-associative.
    fn binary_chain(&mut self, pair: Pair<'_, R>, depth: usize) -> Option<Expr> {
        let span = self.span(&pair);
        let items: Vec<Pair<'_, R>> = pair.into_inner().collect();
        let operators = items.len() / 2;
        if depth + operators > MAX_DEPTH {
            self.too_deep(span);
            return None;
        }
        let mut it = items.into_iter();
        let mut lhs = self.expr(it.next()?, depth + operators)?;
        while let (Some(op), Some(rhs)) = (it.next(), it.next()) {
            let op = match op.as_str() {
                "??" => BinaryOp::Coalesce,
                "or" => BinaryOp::Or,
                "and" => BinaryOp::And,
                "==" => BinaryOp::Eq,
                "!=" => BinaryOp::Ne,
                "<" => BinaryOp::Lt,
                "<=" => BinaryOp::Le,
                ">" => BinaryOp::Gt,
                ">=" => BinaryOp::Ge,
                "+" => BinaryOp::Add,
                "-" => BinaryOp::Sub,
                "*" => BinaryOp::Mul,
                "//" => BinaryOp::FloorDiv,
                _ => BinaryOp::Mod,
            };
            let rhs = self.expr(rhs, depth + operators)?;
            lhs = Expr {
                span: lhs.span.to(rhs.span),
                node: ExprNode::Binary {
                    op,
                    lhs: Box::new(lhs),
                    rhs: Box::new(rhs),
                },
            };
        }
        Some(lhs)
    }
}

/// The text of a string literal without quotes, escapes resolved.
fn unescape(lit: &str) -> String {
    let body = lit
        .strip_prefix('"')
        .and_then(|s| s.strip_suffix('"'))
        .unwrap_or(lit);
    let mut out = String::with_capacity(body.len());
    let mut chars = body.chars();
    while let Some(c) = chars.next() {
        if c == '\\' {
            match chars.next() {
                Some('n') => out.push('\n'),
                Some('t') => out.push('\t'),
                Some(other) => out.push(other),
                None => {}
            }
        } else {
            out.push(c);
        }
    }
    out
}

#[cfg(test)]
mod tests;
