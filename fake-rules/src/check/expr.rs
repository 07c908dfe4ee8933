//! Typing of the rules' expressions: coercions between kinds, operators,
//! intrinsic calls checked against the intrinsic table, each mistake a
//! [`Diag`] at the expression's span.

use super::Checker;
use crate::ast::{self, BinaryOp, CallArg, Expr, ExprNode, UnaryOp};
use crate::diagnostic::{Diag, Span, closest};
use crate::intrinsics;
use crate::ir::{Field, TExpr, TNode};
use crate::kind::{Base, Kind};

impl Checker<'_> {
    /// Make `e` fit `want`, or report why not.
    pub(super) fn coerce(&mut self, e: TExpr, want: Kind, span: Span) -> Option<TExpr> {
        if e.kind == want {
            return Some(e);
        }
        if e.kind.coerces_to(want) {
            return Some(TExpr {
                node: TNode::Coerce(Box::new(e)),
                kind: want,
            });
        }
        let hint = if e.kind.optional && !want.optional {
            Some("it may be absent: give a fallback with `??`")
        } else {
            None
        };
        let d = Diag::new(span, format!("expected {want}, found {}", e.kind))
            .label(format!("this is a {}", e.kind));
        self.err(match hint {
            Some(h) => d.help(h),
            None => d,
        });
        None
    }

    /// Type an expression.
    pub(super) fn expr(&mut self, e: &Expr) -> Option<TExpr> {
        let t = |node, base| {
            Some(TExpr {
                node,
                kind: Kind::of(base),
            })
        };
        match &e.node {
            ExprNode::Int(v) => t(TNode::Int(*v), Base::Int),
            ExprNode::Float(v) => t(TNode::Float(*v), Base::Float),
            ExprNode::Bool(v) => t(TNode::Bool(*v), Base::Bool),
            ExprNode::Name(n) => {
                if let Some(b) = self.scope.get(n) {
                    return Some(TExpr {
                        node: TNode::Var(b.ident.clone()),
                        kind: b.kind,
                    });
                }
                if let Some(c) = intrinsics::constant(n) {
                    return t(TNode::Const(c.rust.to_string()), c.kind);
                }
                if self.intrinsics.lookup(n).is_some() {
                    self.err(
                        Diag::new(e.span, format!("`{n}` is an intrinsic, not a value"))
                            .label("call it")
                            .help(format!("write `{n}(...)`")),
                    );
                    return None;
                }
                let s = closest(n, self.order.iter().map(String::as_str));
                self.err(
                    Diag::new(e.span, format!("unbound variable `{n}`"))
                        .label("not bound by a pattern, a `where` or the schema")
                        .suggest(s),
                );
                None
            }
            ExprNode::Call { name, args } => self.call(name, args, e.span),
            ExprNode::Field { base, field } => {
                let b = self.expr(base)?;
                if b.kind != Kind::of(Base::Tensor) {
                    self.err(
                        Diag::new(field.span, format!("`.{}` on a {}", field.name, b.kind))
                            .label("fields are read from tensors"),
                    );
                    return None;
                }
                match Field::ALL.iter().find(|(n, _, _)| *n == field.name) {
                    Some((_, f, k)) => t(TNode::Field(Box::new(b), *f), *k),
                    None => {
                        let s = closest(&field.name, Field::ALL.iter().map(|(n, _, _)| *n));
                        self.err(
                            Diag::new(
                                field.span,
                                format!("a tensor has no field `{}`", field.name),
                            )
                            .label("unknown field")
                            .suggest(s),
                        );
                        None
                    }
                }
            }
            ExprNode::Unary { op, expr } => {
                let x = self.expr(expr)?;
                match (op, x.kind) {
                    (UnaryOp::Neg, k) if k == Kind::of(Base::Int) || k == Kind::of(Base::Size) => {
                        Some(TExpr {
                            node: TNode::Neg(Box::new(x)),
                            kind: k,
                        })
                    }
                    (UnaryOp::Not, k)
                        if k == Kind::of(Base::Bool) || k == Kind::of(Base::SymBool) =>
                    {
                        Some(TExpr {
                            node: TNode::Not(Box::new(x)),
                            kind: k,
                        })
                    }
                    (op, k) => {
                        let o = if *op == UnaryOp::Neg { "-" } else { "not" };
                        self.err(
                            Diag::new(e.span, format!("`{o}` cannot be applied to a {k}"))
                                .label("wrong kind"),
                        );
                        None
                    }
                }
            }
            ExprNode::Binary { op, lhs, rhs } => self.binary(*op, lhs, rhs, e.span),
            ExprNode::List(items) => {
                let mut out = Vec::new();
                let mut all_int = true;
                let mut ok = true;
                for it in items {
                    let Some(x) = self.expr(&it.expr) else {
                        ok = false;
                        continue;
                    };
                    let (splice, elem_int) = match x.kind {
                        k if k == Kind::of(Base::Int) => (false, true),
                        k if k == Kind::of(Base::Size) => (false, false),
                        k if k == Kind::of(Base::IntList) => (true, true),
                        k if k == Kind::of(Base::Dims) => (true, false),
                        k => {
                            self.err(
                                Diag::new(it.span, format!("a {k} cannot be a size"))
                                    .label("expected a size or a list of sizes"),
                            );
                            ok = false;
                            continue;
                        }
                    };
                    if it.splice && !splice {
                        self.err(
                            Diag::new(it.span, "`*` splices a list, but this is one size")
                                .label("not a list"),
                        );
                        ok = false;
                        continue;
                    }
                    all_int &= elem_int;
                    out.push((splice, x));
                }
                if !ok {
                    return None;
                }
                t(
                    TNode::List(out),
                    if all_int && !items.is_empty() {
                        Base::IntList
                    } else {
                        Base::Dims
                    },
                )
            }
        }
    }

    /// Type a binary expression.
    fn binary(&mut self, op: BinaryOp, lhs: &Expr, rhs: &Expr, span: Span) -> Option<TExpr> {
        let l = self.expr(lhs);
        let r = self.expr(rhs);
        let (l, r) = (l?, r?);
        let bad = |this: &mut Self, l: Kind, r: Kind| {
            this.err(
                Diag::new(
                    span,
                    format!("`{}` cannot be applied to {l} and {r}", op.symbol()),
                )
                .label("wrong kinds"),
            );
            None
        };
        let int = Kind::of(Base::Int);
        let size = Kind::of(Base::Size);
        let float = Kind::of(Base::Float);
        let scalar = Kind::of(Base::Scalar);
        let mk = |this: &mut Self, l: TExpr, r: TExpr, k: Kind, res: Kind| -> Option<TExpr> {
            let l = this.coerce(l, k, lhs.span)?;
            let r = this.coerce(r, k, rhs.span)?;
            Some(TExpr {
                node: TNode::Binary(op, Box::new(l), Box::new(r)),
                kind: res,
            })
        };
        use BinaryOp::*;
        match op {
            Add | Sub | Mul | FloorDiv | Mod => {
                if l.kind == int && r.kind == int {
                    mk(self, l, r, int, int)
                } else if l.kind.coerces_to(size) && r.kind.coerces_to(size) {
                    mk(self, l, r, size, size)
                } else {
                    bad(self, l.kind, r.kind)
                }
            }
            Eq | Ne | Lt | Le | Gt | Ge => {
                let ordered = matches!(op, Lt | Le | Gt | Ge);
                if l.kind == int && r.kind == int {
                    mk(self, l, r, int, Kind::of(Base::Bool))
                } else if l.kind.coerces_to(size) && r.kind.coerces_to(size) {
                    mk(self, l, r, size, Kind::of(Base::SymBool))
                } else if l.kind.coerces_to(float) && r.kind.coerces_to(float) {
                    mk(self, l, r, float, Kind::of(Base::Bool))
                } else if l.kind.coerces_to(scalar) && r.kind.coerces_to(scalar) {
                    mk(self, l, r, scalar, Kind::of(Base::SymBool))
                } else if !ordered
                    && l.kind.coerces_to(Kind::of(Base::Dims))
                    && r.kind.coerces_to(Kind::of(Base::Dims))
                {
                    mk(self, l, r, Kind::of(Base::Dims), Kind::of(Base::SymBool))
                } else if !ordered
                    && l.kind == r.kind
                    && matches!(
                        l.kind.base,
                        Base::DType | Base::Device | Base::Bool | Base::MemoryFormat
                    )
                    && !l.kind.optional
                {
                    let k = l.kind;
                    mk(self, l, r, k, Kind::of(Base::Bool))
                } else {
                    bad(self, l.kind, r.kind)
                }
            }
            And | Or => {
                let b = Kind::of(Base::Bool);
                let sb = Kind::of(Base::SymBool);
                if l.kind == b && r.kind == b {
                    mk(self, l, r, b, b)
                } else if l.kind.coerces_to(sb) && r.kind.coerces_to(sb) {
                    mk(self, l, r, sb, sb)
                } else {
                    bad(self, l.kind, r.kind)
                }
            }
            Coalesce => {
                if !l.kind.optional {
                    self.err(
                        Diag::new(
                            lhs.span,
                            format!("`??` needs an optional value on its left, found {}", l.kind),
                        )
                        .label("never absent"),
                    );
                    return None;
                }
                let present = l.kind.with_optional(false);
                let (present, l) = if r.kind.coerces_to(present) {
                    (present, l)
                } else if present.coerces_to(r.kind.with_optional(false)) {
                    let k = r.kind.with_optional(false);
                    let l = self.coerce(l, k.with_optional(true), lhs.span)?;
                    (k, l)
                } else {
                    return bad(self, l.kind, r.kind);
                };
                let r = self.coerce(r, present, rhs.span)?;
                Some(TExpr {
                    node: TNode::Coalesce(Box::new(l), Box::new(r)),
                    kind: present,
                })
            }
        }
    }

    /// Type an intrinsic call.
    fn call(&mut self, name: &ast::Ident, args: &[CallArg], span: Span) -> Option<TExpr> {
        let intrinsics = self.intrinsics;
        let Some(intr) = intrinsics.lookup(&name.name) else {
            let s = closest(&name.name, intrinsics.names());
            // Still check the arguments, for their own mistakes.
            for a in args {
                let _ = self.expr(&a.value);
            }
            self.err(
                Diag::new(name.span, format!("unknown intrinsic `{}`", name.name))
                    .label("not an intrinsic")
                    .suggest(s),
            );
            return None;
        };
        let sig = intrinsics::signature(intr);
        let mut slots: Vec<Option<(TExpr, Span)>> = vec![None; intr.params.len()];
        let mut ok = true;
        let mut positional = 0;
        let required = intr.params.iter().filter(|p| !p.kind.optional).count();
        for a in args {
            let idx = match &a.name {
                None => {
                    let i = positional;
                    positional += 1;
                    if i >= intr.params.len() {
                        self.err(
                            Diag::new(
                                a.value.span,
                                format!(
                                    "`{}` takes {} argument{} but {} were given",
                                    intr.name,
                                    intr.params.len(),
                                    if intr.params.len() == 1 { "" } else { "s" },
                                    args.len()
                                ),
                            )
                            .label("unexpected argument")
                            .note(format!("`{sig}`: {}", intr.doc)),
                        );
                        ok = false;
                        let _ = self.expr(&a.value);
                        continue;
                    }
                    i
                }
                Some(k) => match intr.params.iter().position(|p| p.name == k.name) {
                    Some(i) => i,
                    None => {
                        self.err(
                            Diag::new(
                                k.span,
                                format!("`{}` has no parameter `{}`", intr.name, k.name),
                            )
                            .label("unknown parameter")
                            .suggest(closest(
                                &k.name,
                                intr.params.iter().map(|p| p.name.as_str()),
                            ))
                            .note(format!("`{sig}`")),
                        );
                        ok = false;
                        let _ = self.expr(&a.value);
                        continue;
                    }
                },
            };
            let Some(x) = self.expr(&a.value) else {
                ok = false;
                continue;
            };
            if slots[idx].is_some() {
                self.err(
                    Diag::new(
                        a.value.span,
                        format!("parameter `{}` given twice", intr.params[idx].name),
                    )
                    .label("again"),
                );
                ok = false;
                continue;
            }
            let want = intr.params[idx].kind;
            match self.coerce_arg(x, want, a.value.span, intr, idx, &sig) {
                Some(x) => slots[idx] = Some((x, a.value.span)),
                None => ok = false,
            }
        }
        let missing: Vec<&str> = intr
            .params
            .iter()
            .zip(&slots)
            .filter(|(p, s)| !p.kind.optional && s.is_none())
            .map(|(p, _)| p.name.as_str())
            .collect();
        if ok && !missing.is_empty() {
            self.err(
                Diag::new(
                    name.span.to(span),
                    format!(
                        "`{}` takes {required} argument{} but {} {} given",
                        intr.name,
                        if required == 1 { "" } else { "s" },
                        args.len(),
                        if args.len() == 1 { "was" } else { "were" }
                    ),
                )
                .label(format!("missing `{}`", missing.join("`, `")))
                .note(format!("`{sig}`: {}", intr.doc)),
            );
            return None;
        }
        if !ok {
            return None;
        }
        let args = slots
            .into_iter()
            .zip(&intr.params)
            .map(|(s, p)| match s {
                Some((x, _)) => x,
                None => TExpr {
                    node: TNode::NoneLit,
                    kind: p.kind,
                },
            })
            .collect();
        Some(TExpr {
            node: TNode::Call(intr.path.clone(), args),
            kind: intr.ret,
        })
    }

    /// Coerce an intrinsic argument, naming the parameter on a mismatch.
    fn coerce_arg(
        &mut self,
        x: TExpr,
        want: Kind,
        span: Span,
        intr: &intrinsics::Intrinsic,
        idx: usize,
        sig: &str,
    ) -> Option<TExpr> {
        if x.kind.coerces_to(want) {
            return self.coerce(x, want, span);
        }
        self.err(
            Diag::new(
                span,
                format!(
                    "argument `{}` of `{}` expects {want}, found {}",
                    intr.params[idx].name, intr.name, x.kind
                ),
            )
            .label(format!("this is a {}", x.kind))
            .note(format!("`{sig}`")),
        );
        None
    }
}

/// A short rendering of an expression for default `check` messages.
pub(super) fn show_expr(e: &Expr) -> String {
    match &e.node {
        ExprNode::Int(v) => v.to_string(),
        ExprNode::Float(v) => v.to_string(),
        ExprNode::Bool(v) => v.to_string(),
        ExprNode::Name(n) => n.clone(),
        ExprNode::Call { name, args } => {
            let a: Vec<String> = args.iter().map(|a| show_expr(&a.value)).collect();
            format!("{}({})", name.name, a.join(", "))
        }
        ExprNode::Field { base, field } => format!("{}.{}", show_expr(base), field.name),
        ExprNode::Unary { op, expr } => match op {
            UnaryOp::Neg => format!("-{}", show_expr(expr)),
            UnaryOp::Not => format!("not {}", show_expr(expr)),
        },
        ExprNode::Binary { op, lhs, rhs } => {
            format!("{} {} {}", show_expr(lhs), op.symbol(), show_expr(rhs))
        }
        ExprNode::List(items) => {
            let a: Vec<String> = items.iter().map(|i| show_expr(&i.expr)).collect();
            format!("[{}]", a.join(", "))
        }
    }
}
