//! Kinds: the types of the values a rule computes with.
//!
//! Every schema argument, pattern variable, `where` binding, intrinsic
//! parameter and expression has a [`Kind`]: a [`Base`] kind, possibly
//! optional. Sizes come in two flavours, mirroring PyTorch's schemas:
//! `SymInt` (a possibly symbolic size, kind `Size`) and `int` (a plain
//! integer such as a dim index, kind `Int`); lists likewise (`Dims` and
//! `IntList`), and so do booleans (`SymBool`, the result of comparing sizes,
//! and plain `Bool`).
//!
//! A value of one kind may be used where another is expected only along
//! the [coercions](Kind::coerces_to): `Int -> Size`, `IntList -> Dims`,
//! `Bool -> SymBool`, `Int -> Float`, `Int`, `Size` and `Float -> Scalar`
//! (a number), and
//! `T -> Optional<T>`. The checker makes every
//! coercion explicit in the IR, so the generated code never guesses.

use std::fmt;

/// A kind without optionality.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Base {
    /// A list of sizes (`SymInt[]`, a tensor's sizes or strides).
    Dims,
    /// A list of shapes (the sizes of a `Tensor[]` output).
    DimsList,
    /// A possibly symbolic integer (`SymInt`).
    Size,
    /// A plain integer (`int`): dim indices, counts, flags.
    Int,
    /// A list of plain integers (`int[]`).
    IntList,
    /// A plain boolean (`bool`).
    Bool,
    /// A possibly symbolic boolean (`SymBool`, a comparison of sizes).
    SymBool,
    /// `bool[]`.
    BoolList,
    /// `float`.
    Float,
    /// `float[]`.
    FloatList,
    /// A Python number (`Scalar`).
    Scalar,
    /// `str`.
    Str,
    /// `ScalarType`: a dtype.
    DType,
    /// `Device`.
    Device,
    /// `Layout`.
    Layout,
    /// `MemoryFormat`.
    MemoryFormat,
    /// `Tensor`.
    Tensor,
    /// `Tensor[]`.
    TensorList,
    /// `Tensor?[]`: a list whose elements may be `None`.
    OptTensorList,
    /// `Generator`.
    Generator,
    /// How `promote` combines dtypes (`torch._prims_common`'s
    /// `ELEMENTWISE_TYPE_PROMOTION_KIND`).
    #[allow(
        dead_code,
        reason = "promotion kinds are tag arguments, not values, so far"
    )]
    PromotionKind,
    /// What an unbacked symbol stands for (`size_like`: a size, `>= 0`).
    UnbackedFlavor,
    /// A schema type rules cannot compute with (`Dimname`, `Stream`, ...).
    Opaque,
}

impl Base {
    /// The name shown in messages.
    pub fn name(self) -> &'static str {
        match self {
            Base::Dims => "Dims",
            Base::DimsList => "DimsList",
            Base::Size => "Size",
            Base::Int => "Int",
            Base::IntList => "IntList",
            Base::Bool => "Bool",
            Base::SymBool => "SymBool",
            Base::BoolList => "BoolList",
            Base::Float => "Float",
            Base::FloatList => "FloatList",
            Base::Scalar => "Scalar",
            Base::Str => "Str",
            Base::DType => "DType",
            Base::Device => "Device",
            Base::Layout => "Layout",
            Base::MemoryFormat => "MemoryFormat",
            Base::Tensor => "Tensor",
            Base::TensorList => "TensorList",
            Base::OptTensorList => "OptTensorList",
            Base::Generator => "Generator",
            Base::PromotionKind => "PromotionKind",
            Base::UnbackedFlavor => "UnbackedFlavor",
            Base::Opaque => "Opaque",
        }
    }

    /// Whether a value of kind `self` may be used where `to` is expected
    /// (both non-optional).
    pub fn coerces_to(self, to: Base) -> bool {
        self == to
            || matches!(
                (self, to),
                (Base::Int, Base::Size)
                    | (Base::IntList, Base::Dims)
                    | (Base::Bool, Base::SymBool)
                    | (Base::Int, Base::Scalar)
                    | (Base::Size, Base::Scalar)
                    | (Base::Int, Base::Float)
                    | (Base::Float, Base::Scalar)
            )
    }

    #[allow(
        dead_code,
        reason = "part of the front end's API; not every phase uses it yet"
    )]
    /// Any tensor kind: `Tensor`, `Tensor[]`, `Tensor?[]`.
    pub fn is_tensor_like(self) -> bool {
        matches!(self, Base::Tensor | Base::TensorList | Base::OptTensorList)
    }
}

/// The kind of a value: a [`Base`], possibly optional (`None` allowed).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Kind {
    /// The kind of the value when present.
    pub base: Base,
    /// Whether the value may be absent.
    pub optional: bool,
}

impl Kind {
    /// A non-optional kind.
    pub const fn of(base: Base) -> Kind {
        Kind {
            base,
            optional: false,
        }
    }

    /// An optional kind.
    pub const fn opt(base: Base) -> Kind {
        Kind {
            base,
            optional: true,
        }
    }

    /// The same kind, made optional or not.
    pub const fn with_optional(self, optional: bool) -> Kind {
        Kind {
            base: self.base,
            optional,
        }
    }

    /// Whether a value of kind `self` may be used where `to` is expected:
    /// the base coerces, and an optional value is not used where a present
    /// one is needed.
    pub fn coerces_to(self, to: Kind) -> bool {
        self.base.coerces_to(to.base) && (!self.optional || to.optional)
    }

    #[allow(
        dead_code,
        reason = "part of the front end's API; not every phase uses it yet"
    )]
    /// The kind both `a` and `b` coerce to, if one coerces to the other.
    pub fn join(a: Kind, b: Kind) -> Option<Kind> {
        if a.coerces_to(b) {
            Some(b)
        } else if b.coerces_to(a) {
            Some(a)
        } else {
            None
        }
    }
}

impl fmt::Display for Kind {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        if self.optional {
            write!(f, "Optional<{}>", self.base.name())
        } else {
            f.write_str(self.base.name())
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn coercions() {
        let int = Kind::of(Base::Int);
        let size = Kind::of(Base::Size);
        assert!(int.coerces_to(size));
        assert!(!size.coerces_to(int));
        assert!(int.coerces_to(Kind::opt(Base::Size)));
        assert!(!Kind::opt(Base::Size).coerces_to(size));
        assert_eq!(Kind::join(int, size), Some(size));
        assert_eq!(
            Kind::join(int, Kind::of(Base::Float)),
            Some(Kind::of(Base::Float))
        );
        assert_eq!(Kind::join(size, Kind::of(Base::Float)), None);
        assert_eq!(Kind::opt(Base::Dims).to_string(), "Optional<Dims>");
    }
}
