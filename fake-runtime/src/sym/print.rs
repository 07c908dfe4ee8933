//! Printing expressions the way PyTorch (sympy's `str`) prints them:
//! `s0 + 2*s1`, `(((s0 - 3)//2)) + 1`, `Max(1, s0)`, `Eq(s0, 4)`,
//! `s0 + s1 > 2`.
//!
//! Two sympy habits decide the layout. Order: terms of a sum are in
//! lexicographic order of their exponents over the atoms, and factors,
//! `Max`/`Min` arguments and the atoms themselves are in sympy's sort-key
//! order (numbers, then symbols by name, then `FloorDiv`/`Mod`, then
//! `Max`/`Min`). Parentheses: PyTorch gives `FloorDiv` and `Mod` a
//! precedence below `+`, so inside a sum, a product, a power or an ordering
//! relation they are wrapped once more (`2*((s0//2))`), but not as the
//! arguments of a call (`Max(s1, (s0//2))`, `Eq((s0//2), 3)`).
//!
//! Symbols are named by a caller-supplied function, so the same expression
//! prints as `s0 + s1` or, in a guard, as `x.size()[0] + y.size()[0]`;
//! the order follows the names the caller says decide it (the symbols'
//! own names, as in PyTorch, unless the printed names are PyTorch's).

use super::arena::{ExprArena, PrintForm};
use super::expr::{ExprId, Monomial, Node, RelOp, Symbol};

/// Prints expressions of one arena with one naming of symbols.
pub(crate) struct Printer<'a> {
    pub(crate) arena: &'a ExprArena,
    pub(crate) names: &'a dyn Fn(Symbol) -> String,
    /// The names that decide the order of symbols (sympy sorts by the
    /// symbol's own name, whatever it is printed as).
    pub(crate) order: &'a dyn Fn(Symbol) -> String,
}

impl Printer<'_> {
    pub(crate) fn print(&self, id: ExprId) -> String {
        let mut out = String::new();
        self.expr(id, &mut out);
        out
    }

    /// A product kept as sympy keeps it ([`PrintForm`]): each term of the
    /// expanded `base` times the whole sums, except that a number times a
    /// single sum is distributed over it, as sympy's `Mul` does.
    pub(crate) fn print_form(&self, value: ExprId, form: &PrintForm) -> String {
        let base = self.arena.poly(form.base);
        let with_sums = |m: &Monomial| -> Monomial {
            let mut m = m.clone();
            for &s in &form.sums {
                match m.iter_mut().find(|(a, _)| *a == s) {
                    Some((_, pow)) => *pow += 1,
                    None => m.push((s, 1)),
                }
            }
            m
        };
        let mut terms: Vec<(Monomial, i64)> = Vec::new();
        let mut constant = 0i64;
        if base.constant != 0 {
            match form.sums.as_slice() {
                [only] => {
                    let q = self.arena.poly(*only);
                    let k = base.constant;
                    let scaled: Option<Vec<(Monomial, i64)>> = q
                        .terms
                        .iter()
                        .map(|(m, c)| Some((m.clone(), c.checked_mul(k)?)))
                        .collect();
                    // On overflow, the canonical (expanded) form.
                    let (Some(c), Some(scaled)) = (q.constant.checked_mul(k), scaled) else {
                        return self.print(value);
                    };
                    constant = c;
                    terms = scaled;
                }
                _ => terms.push((with_sums(&Monomial::new()), base.constant)),
            }
        }
        terms.extend(base.terms.iter().map(|(m, c)| (with_sums(m), *c)));
        let mut out = String::new();
        self.sum(&terms, constant, &mut out);
        out
    }

    fn expr(&self, id: ExprId, out: &mut String) {
        match self.arena.node(id) {
            Node::Int(v) => out.push_str(&v.to_string()),
            Node::Bool(b) => out.push_str(if *b { "True" } else { "False" }),
            Node::Symbol(s) => out.push_str(&(self.names)(*s)),
            Node::Sum { constant, terms } => self.sum(terms, *constant, out),
            Node::FloorDiv(a, b) => {
                out.push('(');
                self.operand(*a, out);
                out.push_str("//");
                self.operand(*b, out);
                out.push(')');
            }
            Node::TruncScaled(c, a) => {
                out.push_str("TruncToInt(");
                out.push_str(&super::float::sympy_float(f64::from_bits(*c)));
                out.push_str("*ToFloat(");
                self.expr(*a, out);
                out.push_str("))");
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

    /// An operand of `//`: parenthesised unless it is a symbol, a
    /// non-negative constant or a call (sympy wraps anything of lower
    /// precedence than an atom, and a negative number has the precedence
    /// of a sum: `(s0//(-3))`).
    fn operand(&self, id: ExprId, out: &mut String) {
        if matches!(
            self.arena.node(id),
            Node::Sum { .. } | Node::FloorDiv(..) | Node::Mod(..)
        ) || self.arena.as_int(id).is_some_and(|v| v < 0)
        {
            out.push('(');
            self.expr(id, out);
            out.push(')');
        } else {
            self.expr(id, out);
        }
    }

    fn call(&self, name: &str, args: &[ExprId], out: &mut String) {
        // sympy sorts the arguments by their sort key.
        let mut printed: Vec<(SortKey, String)> =
            args.iter().map(|&a| (self.key(a), self.print(a))).collect();
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
        // Print `terms OP -constant`, the leading term positive (the
        // canonical form keeps one side; sympy keeps the sides it was given).
        let mut op = op;
        let (lhs, rhs) = match self.arena.node(p) {
            Node::Sum { constant, terms } => {
                let flipped;
                let (constant, terms) = if self.leads_negative(terms) {
                    op = op.flip();
                    flipped = terms
                        .iter()
                        .map(|(m, c)| (m.clone(), c.saturating_neg()))
                        .collect::<Vec<_>>();
                    (constant.saturating_neg(), &flipped[..])
                } else {
                    (*constant, &terms[..])
                };
                let constant = &constant;
                let mut lhs = String::new();
                match terms {
                    // A bare call as an argument of `Eq`/`Ne` is not wrapped.
                    [(m, 1)] if matches!(op, RelOp::Eq | RelOp::Ne) && is_atom(m) => {
                        self.expr(m[0].0, &mut lhs)
                    }
                    _ => self.sum(terms, 0, &mut lhs),
                }
                (
                    lhs,
                    constant
                        .checked_neg()
                        .map_or_else(|| format!("{}", -(*constant as i128)), |c| c.to_string()),
                )
            }
            Node::FloorDiv(..) | Node::Mod(..) if !matches!(op, RelOp::Eq | RelOp::Ne) => {
                (format!("({})", self.print(p)), "0".to_string())
            }
            _ => (self.print(p), "0".to_string()),
        };
        match op {
            RelOp::Eq => out.push_str(&format!("Eq({lhs}, {rhs})")),
            RelOp::Ne => out.push_str(&format!("Ne({lhs}, {rhs})")),
            _ => out.push_str(&format!("{lhs} {} {rhs}", op.symbol())),
        }
    }

    /// sympy's sort key of an expression, coarsely: its class first
    /// (number, symbol, product, sum, call), then the symbol's own name,
    /// a call's arguments' keys in order (as `Function.sort_key` compares
    /// them: `(s2//2)` before `((s3 + 1)//2)`), or the printed form. A
    /// coefficient is ignored and a power sorts as its base, as sympy's
    /// `Expr.sort_key` does.
    fn key(&self, id: ExprId) -> SortKey {
        // Printed with the names that decide the order, as sympy compares
        // the symbols' own names inside a sum or a call.
        let ordering = Printer {
            arena: self.arena,
            names: self.order,
            order: self.order,
        };
        let canonical = |id| ordering.print(id);
        let leaf = |class: u8, num: i64, name: String| SortKey {
            class,
            num,
            name,
            args: Vec::new(),
        };
        let call = |class: u8, num: i64, args: &[ExprId]| SortKey {
            class,
            num,
            name: String::new(),
            args: args.iter().map(|&a| self.key(a)).collect(),
        };
        match self.arena.node(id) {
            Node::Int(v) => leaf(0, *v, String::new()),
            Node::Bool(b) => leaf(0, i64::from(*b), String::new()),
            Node::Symbol(s) => leaf(1, 0, (self.order)(*s)),
            Node::Sum { constant: 0, terms } if terms.len() == 1 => match &terms[0].0[..] {
                [(atom, _)] => self.key(*atom),
                _ => leaf(2, 0, canonical(id)),
            },
            Node::Sum { .. } => leaf(3, 0, canonical(id)),
            Node::FloorDiv(a, b) => call(4, 0, &[*a, *b]),
            Node::Mod(a, b) => call(4, 1, &[*a, *b]),
            // `Mul.sort_key` compares the factors before the coefficient.
            Node::TruncScaled(c, a) => {
                let mut key = call(4, 2, &[*a]);
                let bits = *c as i64;
                key.args.push(leaf(
                    0,
                    if bits < 0 { bits ^ i64::MAX } else { bits },
                    String::new(),
                ));
                key
            }
            // `Basic.sort_key` of a lattice: the number of arguments, then
            // their keys in sorted order.
            Node::Max(args) | Node::Min(args) => {
                let num = i64::from(matches!(self.arena.node(id), Node::Min(_)));
                let mut keys: Vec<SortKey> = args.iter().map(|&a| self.key(a)).collect();
                keys.sort();
                keys.insert(0, leaf(0, keys.len() as i64, String::new()));
                SortKey {
                    class: 5,
                    num,
                    name: String::new(),
                    args: keys,
                }
            }
            Node::Rel(..) | Node::And(_) | Node::Or(_) => leaf(6, 0, canonical(id)),
        }
    }

    /// A factor of a product or the base of a power: `FloorDiv` and `Mod`
    /// wrapped once more.
    fn factor(&self, atom: ExprId) -> String {
        let printed = self.print(atom);
        if matches!(self.arena.node(atom), Node::FloorDiv(..) | Node::Mod(..))
            || self.arena.is_sum(atom)
        {
            format!("({printed})")
        } else {
            printed
        }
    }

    /// A product of atoms, factors in sort-key order.
    fn monomial(&self, m: &Monomial) -> String {
        let mut factors: Vec<(SortKey, u32, String)> = m
            .iter()
            .map(|&(atom, pow)| (self.key(atom), pow, self.factor(atom)))
            .collect();
        factors.sort();
        let factors: Vec<String> = factors
            .into_iter()
            .map(|(_, pow, base)| {
                if pow == 1 {
                    base
                } else {
                    format!("{base}**{pow}")
                }
            })
            .collect();
        factors.join("*")
    }

    /// `terms + constant` in sympy's layout: terms in lexicographic order of
    /// their exponents over the atoms (atoms in sort-key order), the
    /// constant last, except that `3 - s0` (a positive constant and one
    /// negated atom or power) keeps the constant first.
    fn sum(&self, terms: &[(Monomial, i64)], constant: i64, out: &mut String) {
        let ordered = self.ordered(terms);
        let mut parts: Vec<(bool, String)> = ordered
            .into_iter()
            .map(|(m, c)| {
                let neg = c < 0;
                let mag = c.unsigned_abs();
                let m = self.monomial(m);
                (neg, if mag == 1 { m } else { format!("{mag}*{m}") })
            })
            .collect();
        if constant != 0 {
            let entry = (constant < 0, constant.unsigned_abs().to_string());
            let constant_first =
                constant > 0 && terms.len() == 1 && terms[0].1 < 0 && terms[0].0.len() == 1;
            if constant_first {
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

    /// Whether the first term in printing order has a negative coefficient.
    fn leads_negative(&self, terms: &[(Monomial, i64)]) -> bool {
        self.ordered(terms).first().is_some_and(|&(_, c)| c < 0)
    }

    /// The terms in lexicographic order of their exponents over the atoms.
    fn ordered<'t>(&self, terms: &'t [(Monomial, i64)]) -> Vec<(&'t Monomial, i64)> {
        let mut atoms: Vec<(SortKey, ExprId)> = Vec::new();
        for (m, _) in terms {
            for &(a, _) in m {
                if !atoms.iter().any(|&(_, b)| b == a) {
                    atoms.push((self.key(a), a));
                }
            }
        }
        atoms.sort();
        let exponents = |m: &Monomial| -> Vec<u32> {
            atoms
                .iter()
                .map(|&(_, a)| m.iter().find(|&&(b, _)| b == a).map_or(0, |&(_, p)| p))
                .collect()
        };
        let mut ordered: Vec<(Vec<u32>, &Monomial, i64)> =
            terms.iter().map(|(m, c)| (exponents(m), m, *c)).collect();
        ordered.sort_by(|a, b| b.0.cmp(&a.0));
        ordered.into_iter().map(|(_, m, c)| (m, c)).collect()
    }
}

/// sympy's sort key, coarsely: class, a number's value, a name or the
/// printed form, then a call's arguments' keys.
#[derive(Debug, Clone, PartialEq, Eq, PartialOrd, Ord)]
struct SortKey {
    class: u8,
    num: i64,
    name: String,
    args: Vec<SortKey>,
}

/// A monomial of one atom to the first power.
fn is_atom(m: &Monomial) -> bool {
    matches!(&m[..], [(_, 1)])
}
