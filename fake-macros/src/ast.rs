//! The syntax tree of a rules file, as written: names are not resolved
//! and nothing is checked beyond the grammar. Every node keeps its
//! [`Span`] so later phases can point at it.

use crate::diagnostic::Span;

/// A name with its place.
#[derive(Debug, Clone, PartialEq, Eq)]
pub(crate) struct Ident {
    /// The name.
    pub(crate) name: String,
    /// Where it is written.
    pub(crate) span: Span,
}

/// One rule: `@tags op(params) -> outputs` and its clauses.
#[derive(Debug, Clone, PartialEq)]
pub(crate) struct Rule {
    /// Tags, in order.
    pub(crate) tags: Vec<Tag>,
    /// The operator.
    pub(crate) op: OpRef,
    /// The parameter list; `None` when the rule has no parentheses.
    pub(crate) params: Option<Vec<Param>>,
    /// The outputs; `None` when the rule has no `->`.
    pub(crate) outputs: Option<Outputs>,
    /// Clauses, in order.
    pub(crate) clauses: Vec<Clause>,
    /// The whole rule.
    pub(crate) span: Span,
}

/// `@name` or `@name(args)`.
#[derive(Debug, Clone, PartialEq)]
pub(crate) struct Tag {
    /// The name, without `@` (its span includes the `@`).
    pub(crate) name: Ident,
    /// The arguments, `None` without parentheses.
    pub(crate) args: Option<Vec<TagArg>>,
    /// The whole tag.
    pub(crate) span: Span,
}

/// `promote = default` or `convolution`.
#[derive(Debug, Clone, PartialEq)]
pub(crate) struct TagArg {
    /// `promote` in `promote = default`.
    pub(crate) key: Option<Ident>,
    /// The value.
    pub(crate) value: Ident,
    /// The whole argument.
    pub(crate) span: Span,
}

/// `aten::add.Tensor`, `relu`.
#[derive(Debug, Clone, PartialEq)]
pub(crate) struct OpRef {
    /// `aten` when written.
    pub(crate) namespace: Option<Ident>,
    /// `add`.
    pub(crate) name: Ident,
    /// `Tensor`; `None` means the default overload.
    pub(crate) overload: Option<Ident>,
    /// The whole reference.
    pub(crate) span: Span,
}

/// A parameter: a schema argument's name, with a pattern for tensors.
#[derive(Debug, Clone, PartialEq)]
pub(crate) struct Param {
    /// The argument's name.
    pub(crate) name: Ident,
    /// The shape pattern.
    pub(crate) pattern: Option<Pattern>,
    /// The whole parameter.
    pub(crate) span: Span,
}

/// `[n, *s]`, with suffixes `?` and `[]`.
#[derive(Debug, Clone, PartialEq)]
pub(crate) struct Pattern {
    /// The dims, in order.
    pub(crate) dims: Vec<DimPattern>,
    /// `?` and `[]` marks, in order, with their places.
    pub(crate) suffixes: Vec<(PatternSuffix, Span)>,
    /// The whole pattern.
    pub(crate) span: Span,
}

/// A pattern suffix.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) enum PatternSuffix {
    /// `?`.
    Optional,
    /// `[]`.
    List,
}

/// One dim of a pattern.
#[derive(Debug, Clone, PartialEq)]
pub(crate) enum DimPattern {
    /// `n`: binds the size, or checks it against `n` if bound.
    Name(Ident),
    /// `3`: the size must be 3.
    Int(i64, Span),
    /// `_`: any size.
    Wildcard(Span),
    /// `*s` (`Some`) or `*_` (`None`): any number of dims.
    Pack(Option<Ident>, Span),
}

impl DimPattern {
    #[allow(
        dead_code,
        reason = "part of the front end's API; not every phase uses it yet"
    )]
    /// Where the dim is written.
    pub(crate) fn span(&self) -> Span {
        match self {
            DimPattern::Name(i) => i.span,
            DimPattern::Int(_, s) | DimPattern::Wildcard(s) | DimPattern::Pack(_, s) => *s,
        }
    }
}

/// `-> x` or `-> (x, y)`.
#[derive(Debug, Clone, PartialEq)]
pub(crate) struct Outputs {
    /// One expression per output.
    pub(crate) exprs: Vec<Expr>,
    /// Whether written as a parenthesised tuple.
    pub(crate) tuple: bool,
    /// From `->` to the end.
    pub(crate) span: Span,
}

/// A clause after the head.
#[derive(Debug, Clone, PartialEq)]
pub(crate) enum Clause {
    /// `where name = value`.
    Where {
        /// The bound name.
        name: Ident,
        /// Its value.
        value: Expr,
        /// The whole clause.
        span: Span,
    },
    /// `check cond` or `check cond, "message"`.
    Check {
        /// The condition.
        cond: Expr,
        /// The message, unescaped.
        message: Option<String>,
        /// The whole clause.
        span: Span,
    },
    /// `dtype = ...`, `strides.1 = ...`.
    Attr {
        /// `dtype`, as written (checked later).
        attr: Ident,
        /// `.1` or `.indices`.
        selector: Option<Selector>,
        /// The value.
        value: Expr,
        /// The whole clause.
        span: Span,
    },
}

/// Which output a clause is about.
#[derive(Debug, Clone, PartialEq, Eq)]
pub(crate) enum Selector {
    /// `.1`.
    Index(usize, Span),
    /// `.indices`.
    Name(Ident),
}

impl Selector {
    /// Where it is written.
    pub(crate) fn span(&self) -> Span {
        match self {
            Selector::Index(_, s) => *s,
            Selector::Name(i) => i.span,
        }
    }
}

/// An expression.
#[derive(Debug, Clone, PartialEq)]
pub(crate) struct Expr {
    /// What it is.
    pub(crate) node: ExprNode,
    /// Where it is written.
    pub(crate) span: Span,
}

/// The forms of an expression.
#[derive(Debug, Clone, PartialEq)]
pub(crate) enum ExprNode {
    /// `3`.
    Int(i64),
    /// `0.5`.
    Float(f64),
    /// `true`.
    Bool(bool),
    /// `s`, `self`, `int64`.
    Name(String),
    /// `f(a, key = b)`.
    Call {
        /// The intrinsic's name.
        name: Ident,
        /// The arguments in order.
        args: Vec<CallArg>,
    },
    /// `self.dtype`.
    Field {
        /// What the field is read from.
        base: Box<Expr>,
        /// The field.
        field: Ident,
    },
    /// `-a`, `not a`.
    Unary {
        /// The operator.
        op: UnaryOp,
        /// The operand.
        expr: Box<Expr>,
    },
    /// `a + b`, `a == b`, `a and b`, `a ?? b`.
    Binary {
        /// The operator.
        op: BinaryOp,
        /// Left operand.
        lhs: Box<Expr>,
        /// Right operand.
        rhs: Box<Expr>,
    },
    /// `[n, *s]`.
    List(Vec<ListItem>),
}

/// An argument of a call.
#[derive(Debug, Clone, PartialEq)]
pub(crate) struct CallArg {
    /// `max` in `max = n`.
    pub(crate) name: Option<Ident>,
    /// The value.
    pub(crate) value: Expr,
}

/// An element of a list expression.
#[derive(Debug, Clone, PartialEq)]
pub(crate) struct ListItem {
    /// Written with `*`.
    pub(crate) splice: bool,
    /// The value.
    pub(crate) expr: Expr,
    /// The whole item, `*` included.
    pub(crate) span: Span,
}

/// Prefix operators.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) enum UnaryOp {
    /// `-`.
    Neg,
    /// `not`.
    Not,
}

/// Infix operators.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub(crate) enum BinaryOp {
    /// `+`.
    Add,
    /// `-`.
    Sub,
    /// `*`.
    Mul,
    /// `//`: floor division.
    FloorDiv,
    /// `%`: Python modulo (the sign of the divisor).
    Mod,
    /// `==`.
    Eq,
    /// `!=`.
    Ne,
    /// `<`.
    Lt,
    /// `<=`.
    Le,
    /// `>`.
    Gt,
    /// `>=`.
    Ge,
    /// `and`.
    And,
    /// `or`.
    Or,
    /// `??`.
    Coalesce,
}

impl BinaryOp {
    /// The operator as written.
    pub(crate) fn symbol(self) -> &'static str {
        match self {
            BinaryOp::Add => "+",
            BinaryOp::Sub => "-",
            BinaryOp::Mul => "*",
            BinaryOp::FloorDiv => "//",
            BinaryOp::Mod => "%",
            BinaryOp::Eq => "==",
            BinaryOp::Ne => "!=",
            BinaryOp::Lt => "<",
            BinaryOp::Le => "<=",
            BinaryOp::Gt => ">",
            BinaryOp::Ge => ">=",
            BinaryOp::And => "and",
            BinaryOp::Or => "or",
            BinaryOp::Coalesce => "??",
        }
    }
}
