//! What generated kernels (and hand-written ones) call besides the rule
//! intrinsics: reading erased arguments in schema order ([`args`]), the
//! checks a rule states and pattern variables imply (`require`,
//! `require_eq`, ...), integer arithmetic on plain `int`s, the pointwise
//! fast path (`pointwise_output`) and type promotion of operands.
//!
//! The intrinsics a rule calls by name (`broadcast(a, b)`) are not here:
//! they are Rust functions of `fake-ops` (`ops/src/intrinsics/`), whose
//! signatures the `rules!` macro reads. The kind of each value maps to one
//! Rust type, the same in both places:
//!
//! | kind | Rust type |
//! |------|-----------|
//! | `Dims` | [`Dims`] |
//! | `Size` | [`SymInt`] |
//! | `Int` | `i64` |
//! | `IntList` | [`IntList`] |
//! | `Bool` / `SymBool` | `bool` / [`SymBool`] |
//! | `Float` | `f64` |
//! | `Tensor` / `TensorList` | `&TensorMeta` / `&[&TensorMeta]` |
//! | `DType`, `Device`, `MemoryFormat`, `Scalar` | the runtime types |
//! | `Optional<T>` | `Option<T>` |

use crate::error::{ErrorKind, Result};
use crate::kernel::{Arg, Cx};
use crate::layout::MemoryFormat;
use crate::meta::{Scalar, TensorMeta};
use crate::pointwise::StrideRule;
use crate::promotion::{Operand, PromotionKind, ScalarKind};
use crate::shape::{self, Dims};
use crate::sym::{SymBool, SymInt};
use crate::{DType, Device, Layout};
use smallvec::SmallVec;

/// A list of plain integers (`int[]` arguments: dims, kernel sizes).
pub type IntList = SmallVec<[i64; 6]>;

/// What an unbacked symbol stands for.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum UnbackedFlavor {
    /// A size: known to be `>= 0` (`size_like`).
    SizeLike,
    /// Any integer (`any_int`).
    AnyInt,
}

/// The items generated kernels name, through one path.
pub mod rt {
    pub use crate::autograd::{Autograd, AutogradStep};
    pub use crate::error::{ErrorKind, Result};
    pub use crate::kernel::{
        Alias, Arg, Cx, ErasedKernel, OpDef, Out, Outs, PlainMode, Tags, UnbackedMemo,
    };
    pub use crate::layout::{Layout, MemoryFormat};
    pub use crate::meta::{Scalar, TensorMeta};
    pub use crate::pointwise::StrideRule;
    pub use crate::promotion::{Operand, PromotionKind};
    pub use crate::schema;
    pub use crate::shape::Dims;
    pub use crate::support::run_plain;
    pub use crate::sym::{SymBool, SymFloat, SymInt};
    pub use crate::{DType, Device};
    pub use smallvec::{SmallVec, smallvec};
}

fn invalid(cx: &Cx<'_>, reason: String) -> crate::error::Error {
    crate::error::Error::invalid(cx.op, reason)
}

/// The stride of `t` at `d`, or an error when `t`'s strides are shorter
/// than its sizes (malformed metadata is refused, never indexed).
pub fn stride_at(cx: &Cx<'_>, t: &TensorMeta, d: usize) -> Result<SymInt> {
    t.strides.get(d).copied().ok_or_else(|| {
        invalid(
            cx,
            format!(
                "tensor with {} sizes but {} strides",
                t.dim(),
                t.strides.len()
            ),
        )
    })
}

fn static_int(cx: &mut Cx<'_>, v: SymInt) -> Result<i64> {
    match v {
        SymInt::Int(i) => Ok(i),
        SymInt::Expr(_) => cx.env.guard_int(v, cx.op),
    }
}

fn static_ints(cx: &mut Cx<'_>, v: &[SymInt]) -> Result<IntList> {
    let mut out = IntList::with_capacity(v.len());
    for &x in v {
        out.push(static_int(cx, x)?);
    }
    Ok(out)
}

pub mod args;
mod conditions;
mod derived;
mod elementwise;
mod foreach;
mod overlap;
mod plain;
mod remembered;
mod storage;

pub use conditions::*;
pub use derived::*;
pub use elementwise::*;
pub use foreach::*;
pub use overlap::*;
pub use plain::*;
pub(crate) use remembered::remembered;
pub use remembered::remembered_geometry;
pub use storage::*;

#[cfg(test)]
mod tests {
    use super::*;
    use crate::kernel::Defaults;
    use crate::shape_env::ShapeEnv;

    fn m(env: &mut ShapeEnv, s: &[i64]) -> TensorMeta {
        TensorMeta::contiguous(env, &from_ints(s), DType::Float32, Device::cpu()).unwrap()
    }

    #[test]
    fn the_static_pointwise_path_matches_the_general_one() {
        let mut env = ShapeEnv::new();
        let shapes: [&[i64]; 6] = [&[8, 1, 16, 32], &[4, 1, 32], &[], &[1], &[0, 3], &[3, 1]];
        for a in shapes {
            for b in shapes {
                let (ta, tb) = (m(&mut env, a), m(&mut env, b));
                let mut cx = Cx {
                    env: &mut env,
                    op: "aten::add.Tensor",
                    defaults: Defaults::default(),
                    device: Device::cpu(),
                    constant: None,
                    eager: false,
                };
                for rule in [
                    StrideRule::Elementwise,
                    StrideRule::FastBinary,
                    StrideRule::WhereNumber,
                    StrideRule::RefWhereNumber,
                    StrideRule::WithNumber,
                    StrideRule::RefWithNumber,
                    StrideRule::Decomposed,
                    StrideRule::Logical,
                ] {
                    let fast = pointwise_output_by(&mut cx, &[&ta, &tb], DType::Float32, rule);
                    let general = crate::pointwise::general(&mut cx, &[&ta, &tb], rule);
                    assert_eq!(fast.is_ok(), general.is_ok(), "{a:?} {b:?} {rule:?}");
                    if let (Ok(f), Ok((sizes, strides))) = (fast, general) {
                        assert_eq!(
                            (f.sizes, f.strides),
                            (sizes, strides),
                            "{a:?} {b:?} {rule:?}"
                        );
                    }
                }
            }
        }
    }
}
