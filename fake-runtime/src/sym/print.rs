//! Printing expressions the way PyTorch prints them: `s0 + 2*s1`,
//! `((s0 - 3)//2) + 1`, `Max(1, s0)`, `Eq(s0, 4)`, `s0 + s1 > 2`.
//!
//! Symbols are named by a caller-supplied function, so the same expression
//! prints as `s0 + s1` or, in a guard, as `x.size()[0] + y.size()[0]`.

use super::arena::ExprArena;
use super::expr::{ExprId, Monomial, Node, RelOp, Symbol};

/// Prints expressions of one arena with one naming of symbols.
pub(crate) struct Printer<'a> {
    pub(crate) arena: &'a ExprArena,
    pub(crate) names: &'a dyn Fn(Symbol) -> String,
}

impl Printer<'_> {
    pub(crate) fn print(&self, id: ExprId) -> String {
        let mut out = String::new();
        self.expr(id, &mut out);
        out
    }

    fn expr(&self, id: ExprId, out: &mut String) {
        match self.arena.node(id) {
            Node::Int(v) => out.push_str(&v.to_string()),
            Node::Bool(b) => out.push_str(if *b { "True" } else { "False" }),
            Node::Symbol(s) => out.push_str(&(self.names)(*s)),
            Node::Sum { constant, terms } => {
                let terms: Vec<(String, usize, i64)> = terms
                    .iter()
                    .map(|(m, c)| (self.monomial(m), degree(m), *c))
                    .collect();
                self.sum(terms, *constant, out);
            }
            Node::FloorDiv(a, b) => {
                out.push('(');
                self.operand(*a, out);
                out.push_str("//");
                self.operand(*b, out);
                out.push(')');
            }
            Node::Mod(a, b) => {
                out.push_str("Mod(");
                self.expr(*a, out);
                out.push_str(", ");
                self.expr(*b, out);
                out.push(')');
            }
            Node::Max(args) => self.call("Max", args, out),
            Node::Min(args) => self.call("Min", args, out),
            Node::Rel(op, p) => self.relation(*op, *p, out),
            Node::And(args) => self.junction(" & ", args, out),
            Node::Or(args) => self.junction(" | ", args, out),
        }
    }

    /// An operand of `//`: parenthesised unless it is an atom or constant.
    fn operand(&self, id: ExprId, out: &mut String) {
        if matches!(self.arena.node(id), Node::Sum { .. }) {
            out.push('(');
            self.expr(id, out);
            out.push(')');
        } else {
            self.expr(id, out);
        }
    }

    fn call(&self, name: &str, args: &[ExprId], out: &mut String) {
        // sympy prints numbers first, then the rest in a stable order.
        let mut printed: Vec<(bool, String)> = args
            .iter()
            .map(|&a| (self.arena.as_int(a).is_none(), self.print(a)))
            .collect();
        printed.sort();
        out.push_str(name);
        out.push('(');
        for (i, (_, s)) in printed.iter().enumerate() {
            if i > 0 {
                out.push_str(", ");
            }
            out.push_str(s);
        }
        out.push(')');
    }

    fn junction(&self, sep: &str, args: &[ExprId], out: &mut String) {
        let mut printed: Vec<String> = args.iter().map(|&a| self.print(a)).collect();
        printed.sort();
        for (i, s) in printed.iter().enumerate() {
            if i > 0 {
                out.push_str(sep);
            }
            out.push('(');
            out.push_str(s);
            out.push(')');
        }
    }

    fn relation(&self, op: RelOp, p: ExprId, out: &mut String) {
        // Print `terms OP -constant`, as sympy keeps the sides it was given.
        let (lhs, rhs) = match self.arena.node(p) {
            Node::Sum { constant, terms } => {
                let terms: Vec<(String, usize, i64)> = terms
                    .iter()
                    .map(|(m, c)| (self.monomial(m), degree(m), *c))
                    .collect();
                let mut lhs = String::new();
                self.sum(terms, 0, &mut lhs);
                (
                    lhs,
                    constant
                        .checked_neg()
                        .map_or_else(|| format!("{}", -(*constant as i128)), |c| c.to_string()),
                )
            }
            _ => (self.print(p), "0".to_string()),
        };
        match op {
            RelOp::Eq => out.push_str(&format!("Eq({lhs}, {rhs})")),
            RelOp::Ne => out.push_str(&format!("Ne({lhs}, {rhs})")),
            _ => out.push_str(&format!("{lhs} {} {rhs}", op.symbol())),
        }
    }

    fn monomial(&self, m: &Monomial) -> String {
        let mut factors: Vec<String> = m
            .iter()
            .map(|&(atom, pow)| {
                let base = self.print(atom);
                if pow == 1 {
                    base
                } else {
                    format!("{base}**{pow}")
                }
            })
            .collect();
        factors.sort();
        factors.join("*")
    }

    /// `terms + constant` with sympy's layout: higher degree first, then by
    /// name, constant last (first when it is the only positive part).
    fn sum(&self, mut terms: Vec<(String, usize, i64)>, constant: i64, out: &mut String) {
        terms.sort_by(|a, b| b.1.cmp(&a.1).then_with(|| a.0.cmp(&b.0)));
        let mut parts: Vec<(bool, String)> = terms
            .into_iter()
            .map(|(m, _, c)| {
                let neg = c < 0;
                let mag = c.unsigned_abs();
                (neg, if mag == 1 { m } else { format!("{mag}*{m}") })
            })
            .collect();
        if constant != 0 {
            let entry = (constant < 0, constant.unsigned_abs().to_string());
            if parts.first().is_some_and(|p| p.0) && constant > 0 {
                parts.insert(0, entry);
            } else {
                parts.push(entry);
            }
        }
        for (i, (neg, s)) in parts.iter().enumerate() {
            match (i, neg) {
                (0, true) => out.push('-'),
                (0, false) => {}
                (_, true) => out.push_str(" - "),
                (_, false) => out.push_str(" + "),
            }
            out.push_str(s);
        }
    }
}

fn degree(m: &Monomial) -> usize {
    m.iter().map(|&(_, p)| p as usize).sum()
}
