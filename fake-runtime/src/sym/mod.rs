//! Symbolic integers and booleans.
//!
//! A [`SymInt`] is either a plain `i64` or a handle to an interned
//! expression in a [`crate::ShapeEnv`]'s arena; a static value never
//! allocates and never touches the ShapeEnv. The invariant that makes this
//! cheap: a `SymInt::Expr` never holds a constant (constants are always
//! folded back to `SymInt::Int`), so `SymInt::Int(3) == x` is a plain
//! comparison.

mod arena;
mod decide;
mod division;
mod expr;
pub mod float;
pub(crate) mod list_memo;
mod polynomial;
mod print;
mod prune;
mod range;

pub use arena::ExprArena;
pub(crate) use division::trunc_scaled_value;
pub use expr::{ExprId, RelOp, Symbol};
pub(crate) use expr::{floor_div, gcd, py_mod};
pub use float::SymFloat;
pub(crate) use prune::Extremum;
pub use range::{MAXSIZE_BOUND, ValueRange};

/// A size, stride or other integer that may be symbolic.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum SymInt {
    /// A known value.
    Int(i64),
    /// An expression over symbols (never a constant).
    Expr(ExprId),
}

impl SymInt {
    /// The value, when static.
    #[inline]
    pub fn as_int(self) -> Option<i64> {
        match self {
            SymInt::Int(v) => Some(v),
            SymInt::Expr(_) => None,
        }
    }

    /// True when the value is known without a ShapeEnv.
    #[inline]
    pub fn is_static(self) -> bool {
        matches!(self, SymInt::Int(_))
    }
}

impl From<i64> for SymInt {
    #[inline]
    fn from(v: i64) -> Self {
        SymInt::Int(v)
    }
}

/// A condition that may be symbolic.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum SymBool {
    /// A known truth value.
    Bool(bool),
    /// A condition over symbols (never a constant).
    Expr(ExprId),
}

impl SymBool {
    /// The value, when static.
    #[inline]
    pub fn as_bool(self) -> Option<bool> {
        match self {
            SymBool::Bool(b) => Some(b),
            SymBool::Expr(_) => None,
        }
    }
}

impl From<bool> for SymBool {
    #[inline]
    fn from(b: bool) -> Self {
        SymBool::Bool(b)
    }
}
