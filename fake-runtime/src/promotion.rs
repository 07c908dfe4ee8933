//! Type promotion exactly as PyTorch does it: `torch.promote_types` (the
//! table of `c10/core/ScalarType.cpp`), `torch.result_type` (the three
//! priority classes of `aten/src/ATen/native/TypeProperties.cpp`) and the
//! elementwise promotion kinds of `torch._prims_common`.

use crate::dtype::DType;
use crate::error::{ErrorKind, Result};

/// `torch.promote_types(a, b)`: the smallest dtype both convert to without
/// changing category. Float8 kinds promote only with themselves; the
/// barebones unsigned types (`uint16..uint64`) only with floating types
/// (float4 included); float4 with nothing else. The checks run in
/// PyTorch's order, which decides the mixed cases.
pub fn promote_types(a: DType, b: DType) -> Result<DType> {
    if a == b {
        return Ok(a);
    }
    let refuse = || {
        ErrorKind::UnsupportedPromotion {
            a: a.to_string(),
            b: b.to_string(),
        }
        .into()
    };
    if a.is_float8() || b.is_float8() {
        return Err(refuse());
    }
    if a.is_barebones_unsigned() || b.is_barebones_unsigned() {
        return if a.is_floating_point() {
            Ok(a)
        } else if b.is_floating_point() {
            Ok(b)
        } else {
            Err(refuse())
        };
    }
    if a == DType::Float4E2M1FnX2 || b == DType::Float4E2M1FnX2 {
        return Err(refuse());
    }
    Ok(promote_plain(a, b))
}

/// Promotion among the classic dtypes (no float8/float4, no barebones
/// unsigned).
fn promote_plain(a: DType, b: DType) -> DType {
    use DType::*;
    if a == Bool {
        return b;
    }
    if b == Bool {
        return a;
    }
    match (a.category(), b.category()) {
        (1, 1) => match (a, b) {
            (UInt8, Int8) | (Int8, UInt8) => Int16,
            (UInt8, other) | (other, UInt8) => other,
            _ => wider(a, b),
        },
        (2, 2) => match (a, b) {
            (Float16, BFloat16) | (BFloat16, Float16) => Float32,
            _ => wider(a, b),
        },
        (3, 3) => promote_plain(a.to_real(), b.to_real()).to_complex(),
        (3, 2) => promote_plain(a.to_real(), b).to_complex(),
        (2, 3) => promote_plain(a, b.to_real()).to_complex(),
        (ca, cb) => {
            if ca > cb {
                a
            } else {
                b
            }
        }
    }
}

/// The wider of two dtypes of one category.
fn wider(a: DType, b: DType) -> DType {
    if a.itemsize() >= b.itemsize() { a } else { b }
}

/// The kind of a Python number passed where a tensor could be.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum ScalarKind {
    /// `bool`.
    Bool,
    /// `int`.
    Int,
    /// `float`.
    Float,
    /// `complex`.
    Complex,
}

/// One participant in `torch.result_type`.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Operand {
    /// A tensor with at least one dimension.
    Tensor(DType),
    /// A zero-dim tensor: weaker than dimensioned tensors of its category.
    ZeroDim(DType),
    /// A Python number: weaker still.
    Scalar(ScalarKind),
}

/// `promote_skip_undefined`.
fn promote_opt(a: Option<DType>, b: DType) -> Result<DType> {
    match a {
        None => Ok(b),
        Some(a) => promote_types(a, b),
    }
}

/// `combine_categories(higher, lower)`: the lower class wins only when it
/// is of a higher category.
fn combine(higher: Option<DType>, lower: Option<DType>) -> Result<Option<DType>> {
    let (Some(h), Some(l)) = (higher, lower) else {
        return Ok(higher.or(lower));
    };
    if h.is_complex() {
        return Ok(Some(h));
    }
    if l.is_complex() {
        return Ok(Some(if h.is_floating_point() {
            h.to_complex()
        } else {
            l
        }));
    }
    if h.is_floating_point() {
        return Ok(Some(h));
    }
    if h == DType::Bool || l.is_floating_point() {
        return promote_types(h, l).map(Some);
    }
    Ok(Some(h))
}

/// `torch.result_type` over any number of operands, with `default_float`
/// the default dtype (`torch.get_default_dtype()`). With no operands the
/// answer is `default_float`.
pub fn result_type(operands: &[Operand], default_float: DType) -> Result<DType> {
    let (mut dim, mut zero, mut wrapped) = (None, None, None);
    for op in operands {
        match *op {
            Operand::Tensor(d) => dim = Some(promote_opt(dim, d)?),
            Operand::ZeroDim(d) => zero = Some(promote_opt(zero, d)?),
            Operand::Scalar(k) => {
                let d = match k {
                    ScalarKind::Bool => DType::Bool,
                    ScalarKind::Int => DType::Int64,
                    ScalarKind::Float => default_float,
                    ScalarKind::Complex => default_float.to_complex(),
                };
                wrapped = Some(promote_opt(wrapped, d)?);
            }
        }
    }
    Ok(combine(dim, combine(zero, wrapped)?)?.unwrap_or(default_float))
}

/// `torch._prims_common.ELEMENTWISE_TYPE_PROMOTION_KIND`: how an elementwise
/// operator turns the promoted dtype into its computation and result dtypes.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum PromotionKind {
    /// Result is the promoted dtype; low-precision floats compute in float32.
    Default,
    /// Result and computation are the promoted dtype.
    NoOpmath,
    /// Integral (and bool) results become the default float (`div`, `exp`).
    IntToFloat,
    /// The result is `bool` (comparisons).
    AlwaysBool,
    /// Complex results become their real type (`abs`).
    ComplexToFloat,
    /// A `bool` result becomes `int64` (`sum`-like).
    BoolToLong,
}

impl PromotionKind {
    /// The kind as written in rules and in `torch._prims_common`
    /// (`DEFAULT`, `INT_TO_FLOAT`, ...).
    pub const fn name(self) -> &'static str {
        match self {
            PromotionKind::Default => "DEFAULT",
            PromotionKind::NoOpmath => "NO_OPMATH",
            PromotionKind::IntToFloat => "INT_TO_FLOAT",
            PromotionKind::AlwaysBool => "ALWAYS_BOOL",
            PromotionKind::ComplexToFloat => "COMPLEX_TO_FLOAT",
            PromotionKind::BoolToLong => "BOOL_TO_LONG",
        }
    }
}

/// The dtype arithmetic is carried out in for `dtype` (`get_computation_dtype`).
pub const fn computation_dtype(dtype: DType) -> DType {
    match dtype {
        DType::Float16 | DType::BFloat16 => DType::Float32,
        DType::Complex32 | DType::BComplex32 => DType::Complex64,
        _ => dtype,
    }
}

/// `elementwise_dtypes(..., type_promotion_kind)`: the computation dtype
/// and the result dtype of an elementwise operator.
pub fn elementwise_dtypes(
    operands: &[Operand],
    kind: PromotionKind,
    default_float: DType,
) -> Result<(DType, DType)> {
    let promoted = result_type(operands, default_float)?;
    Ok(apply_kind(promoted, kind, default_float))
}

/// The (computation, result) dtypes of `kind` given the promoted dtype.
pub const fn apply_kind(
    promoted: DType,
    kind: PromotionKind,
    default_float: DType,
) -> (DType, DType) {
    let computation = computation_dtype(promoted);
    match kind {
        PromotionKind::Default => (computation, promoted),
        PromotionKind::NoOpmath => (promoted, promoted),
        PromotionKind::IntToFloat => {
            if promoted.is_integral(true) {
                (default_float, default_float)
            } else {
                (computation, promoted)
            }
        }
        PromotionKind::AlwaysBool => (computation, DType::Bool),
        PromotionKind::ComplexToFloat => (computation, promoted.to_real()),
        PromotionKind::BoolToLong => {
            if matches!(promoted, DType::Bool) {
                (DType::Int64, DType::Int64)
            } else {
                (computation, promoted)
            }
        }
    }
}
