//! The syntax tree of a rules file, as written: names are not resolved
//! and nothing is checked beyond the grammar. Every node keeps its
//! [`Span`] so later phases can point at it.

use crate::diagnostic::Span;

/// A name with its place.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Ident {
    /// The name.
    pub name: String,
    /// Where it is written.
    pub span: Span,
}

/// One rule: `@tags op(params) -> outputs` and its clauses.
#[derive(Debug, Clone, PartialEq)]
pub struct Rule {
    /// Tags, in order.
    pub tags: Vec<Tag>,
    /// The operator.
    pub op: OpRef,
    /// The parameter list; `None` when the rule has no parentheses.
    pub params: Option<Vec<Param>>,
    /// The outputs; `None` when the rule has no `->`.
    pub outputs: Option<Outputs>,
    /// Clauses, in order.
    pub clauses: Vec<Clause>,
    /// The whole rule.
    pub span: Span,
}

/// `@name` or `@name(args)`.
#[derive(Debug, Clone, PartialEq)]
pub struct Tag {
    /// The name, without `@` (its span includes the `@`).
    pub name: Ident,
    /// The arguments, `None` without parentheses.
    pub args: Option<Vec<TagArg>>,
    /// The whole tag.
    pub span: Span,
}

/// `promote = default` or `convolution`.
#[derive(Debug, Clone, PartialEq)]
pub struct TagArg {
    /// `promote` in `promote = default`.
    pub key: Option<Ident>,
    /// The value.
    pub value: Ident,
    /// The whole argument.
    pub span: Span,
}

/// `aten::add.Tensor`, `relu`.
#[derive(Debug, Clone, PartialEq)]
pub struct OpRef {
    /// `aten` when written.
    pub namespace: Option<Ident>,
    /// `add`.
    pub name: Ident,
    /// `Tensor`; `None` means the default overload.
    pub overload: Option<Ident>,
    /// The whole reference.
    pub span: Span,
}

/// A parameter: a schema argument's name, with a pattern for tensors.
#[derive(Debug, Clone, PartialEq)]
pub struct Param {
    /// The argument's name.
    pub name: Ident,
    /// The shape pattern.
    pub pattern: Option<Pattern>,
    /// The whole parameter.
    pub span: Span,
}

/// `[n, *s]`, with suffixes `?` and `[]`.
#[derive(Debug, Clone, PartialEq)]
pub struct Pattern {
    /// The dims, in order.
    pub dims: Vec<DimPattern>,
    /// `?` and `[]` marks, in order, with their places.
    pub suffixes: Vec<(PatternSuffix, Span)>,
    /// The whole pattern.
    pub span: Span,
}

/// A pattern suffix.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum PatternSuffix {
    /// `?`.
    Optional,
    /// `[]`.
    List,
}

/// One dim of a pattern.
#[derive(Debug, Clone, PartialEq)]
pub enum DimPattern {
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
    pub fn span(&self) -> Span {
        match self {
            DimPattern::Name(i) => i.span,
            DimPattern::Int(_, s) | DimPattern::Wildcard(s) | DimPattern::Pack(_, s) => *s,
        }
    }
}

/// `-> x` or `-> (x, y)`.
#[derive(Debug, Clone, PartialEq)]
pub struct Outputs {
    /// One expression per output.
    pub exprs: Vec<Expr>,
    /// Whether written as a parenthesised tuple.
    pub tuple: bool,
    /// From `->` to the end.
    pub span: Span,
}

/// A clause after the head.
#[derive(Debug, Clone, PartialEq)]
pub enum Clause {
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
pub enum Selector {
    /// `.1`.
    Index(usize, Span),
    /// `.indices`.
    Name(Ident),
}

impl Selector {
    /// Where it is written.
    pub fn span(&self) -> Span {
        match self {
            Selector::Index(_, s) => *s,
            Selector::Name(i) => i.span,
        }
    }
}

/// An expression.
#[derive(Debug, Clone, PartialEq)]
pub struct Expr {
    /// What it is.
    pub node: ExprNode,
    /// Where it is written.
    pub span: Span,
}

/// The forms of an expression.
#[derive(Debug, Clone, PartialEq)]
pub enum ExprNode {
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
pub struct CallArg {
    /// `max` in `max = n`.
    pub name: Option<Ident>,
    /// The value.
    pub value: Expr,
}

/// An element of a list expression.
#[derive(Debug, Clone, PartialEq)]
pub struct ListItem {
    /// Written with `*`.
    pub splice: bool,
    /// The value.
    pub expr: Expr,
    /// The whole item, `*` included.
    pub span: Span,
}

/// Prefix operators.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum UnaryOp {
    /// `-`.
    Neg,
    /// `not`.
    Not,
}

/// Infix operators.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum BinaryOp {
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
    pub fn symbol(self) -> &'static str {
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
