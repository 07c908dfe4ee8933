//! A `check`'s message: text with values in braces (`"rtol must be
//! greater than or equal to zero, but got {rtol}"`), each the name of a
//! value in scope of a kind that prints (numbers, sizes, lists of sizes,
//! dtypes, bools, strings; an optional one prints `None` when absent),
//! `{{` and `}}` for braces themselves. The text is built only when the
//! check fails.

use super::Checker;
use crate::diagnostic::{Diag, Span, closest};
use crate::ir::{MessagePart, TExpr, TNode};
use crate::kind::Base;

/// The kinds a message can print.
const PRINTABLE: &[Base] = &[
    Base::Int,
    Base::Size,
    Base::Float,
    Base::Scalar,
    Base::Dims,
    Base::IntList,
    Base::DType,
    Base::Device,
    Base::Bool,
    Base::Str,
];

impl Checker<'_> {
    /// `text` split into its pieces, each value resolved in the current
    /// scope; `None` (after reporting at `span`, the clause) when a brace
    /// is unmatched or names nothing printable in scope.
    pub(super) fn message(&mut self, text: &str, span: Span) -> Option<Vec<MessagePart>> {
        let mut parts = Vec::new();
        let mut lit = String::new();
        let mut chars = text.chars().peekable();
        let mut ok = true;
        while let Some(c) = chars.next() {
            match c {
                '{' if chars.peek() == Some(&'{') => {
                    chars.next();
                    lit.push('{');
                }
                '}' if chars.peek() == Some(&'}') => {
                    chars.next();
                    lit.push('}');
                }
                '{' => {
                    let mut name = String::new();
                    let mut closed = false;
                    for c in chars.by_ref() {
                        if c == '}' {
                            closed = true;
                            break;
                        }
                        name.push(c);
                    }
                    if !closed {
                        self.err(
                            Diag::new(span, "a `{` in a check's message is not closed")
                                .label("in this check")
                                .help("write `{{` for a brace"),
                        );
                        ok = false;
                        continue;
                    }
                    if !lit.is_empty() {
                        parts.push(MessagePart::Text(std::mem::take(&mut lit)));
                    }
                    match self.message_value(name.trim(), span) {
                        Some(v) => parts.push(MessagePart::Value(v)),
                        None => ok = false,
                    }
                }
                '}' => {
                    self.err(
                        Diag::new(span, "a `}` in a check's message closes nothing")
                            .label("in this check")
                            .help("write `}}` for a brace"),
                    );
                    ok = false;
                }
                c => lit.push(c),
            }
        }
        if !lit.is_empty() {
            parts.push(MessagePart::Text(lit));
        }
        ok.then_some(parts)
    }

    /// The value `{name}` prints.
    fn message_value(&mut self, name: &str, span: Span) -> Option<TExpr> {
        let Some(b) = self.scope.get(name) else {
            let known: Vec<&str> = self.scope.keys().map(String::as_str).collect();
            let d = Diag::new(
                span,
                format!("`{{{name}}}` in a check's message names nothing in scope"),
            )
            .label("in this check");
            let near = closest(name, known.iter().copied()).map(|s| format!("{{{s}}}"));
            self.err(match near {
                Some(s) => d.suggest(Some(&s)),
                None => d.help("name a parameter or a `where` binding, or write `{{` for a brace"),
            });
            return None;
        };
        if !PRINTABLE.contains(&b.kind.base) {
            let kind = b.kind;
            self.err(
                Diag::new(
                    span,
                    format!("`{{{name}}}` is a {kind}, which a message cannot print"),
                )
                .label("in this check"),
            );
            return None;
        }
        Some(TExpr {
            node: TNode::Var(b.ident.clone()),
            kind: b.kind,
        })
    }
}
