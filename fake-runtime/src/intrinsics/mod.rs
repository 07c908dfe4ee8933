//! Rule intrinsics: the functions `ops/*.rules` call (`broadcast(a, b)`,
//! `reduce(s, dim, keepdim)`, `unbacked(size_like, max = n)`, ...), and the
//! helpers the generated kernels use to read their arguments.
//!
//! Every intrinsic has the same shape: `&mut Cx` first, then its arguments
//! in the order the macro's table of intrinsics (`fake-macros`) lists
//! them, returning a [`Result`]. They are thin wrappers over
//! [`shape`], [`strides`](crate::strides) and
//! [`promotion`](crate::promotion), so that the rules read like the
//! arithmetic and the arithmetic lives in one place. The kind of each
//! parameter maps to one Rust type:
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
use crate::promotion::{Operand, PromotionKind, ScalarKind};
use crate::shape::{self, Dims};
use crate::strides::Decide;
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
    pub use crate::error::{ErrorKind, Result};
    pub use crate::kernel::{Alias, Arg, Cx, ErasedKernel, OpDef, Out, Outs, Tags};
    pub use crate::layout::{Layout, MemoryFormat};
    pub use crate::meta::{Scalar, TensorMeta};
    pub use crate::promotion::{Operand, PromotionKind};
    pub use crate::shape::Dims;
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
    v.iter().map(|&x| static_int(cx, x)).collect()
}

pub mod args;
mod conditions;
mod dtypes;
mod elementwise;
mod layout;
mod nn;
mod shapes;
mod slicing;

pub use conditions::*;
pub use dtypes::*;
pub use elementwise::*;
pub use layout::*;
pub use nn::*;
pub use shapes::*;
pub use slicing::*;

#[cfg(test)]
mod tests {
    use super::*;
    use crate::kernel::Defaults;
    use crate::shape_env::ShapeEnv;

    fn with_cx<R>(f: impl FnOnce(&mut Cx<'_>) -> R) -> R {
        let mut env = ShapeEnv::new();
        let mut cx = Cx {
            env: &mut env,
            op: "aten::test",
            defaults: Defaults {
                dtype: DType::Float32,
                device: Device::cpu(),
            },
            device: Device::cpu(),
            constant: None,
        };
        f(&mut cx)
    }

    fn d(v: &[i64]) -> Dims {
        from_ints(v)
    }

    #[test]
    fn shapes() {
        with_cx(|cx| {
            assert_eq!(
                broadcast(cx, d(&[2, 1, 4]), d(&[3, 1])).unwrap(),
                d(&[2, 3, 4])
            );
            assert_eq!(
                reduce(cx, d(&[2, 3, 4]), Some(IntList::from_slice(&[-1])), true).unwrap(),
                d(&[2, 3, 1])
            );
            assert_eq!(squeeze(cx, d(&[1, 3, 1]), None).unwrap(), d(&[3]));
            assert_eq!(
                permute(cx, d(&[2, 3, 4]), IntList::from_slice(&[2, 0, 1])).unwrap(),
                d(&[4, 2, 3])
            );
            assert!(broadcast(cx, d(&[2]), d(&[3])).is_err());
            assert_eq!(suffix_axis(cx, d(&[2, 3, 4]), d(&[4])).unwrap(), 2);
            assert!(suffix_axis(cx, d(&[2, 3, 4]), d(&[3])).is_err());
            assert!(can_cast(cx, DType::Int64, DType::Float32).unwrap());
            assert!(!can_cast(cx, DType::Float32, DType::Int64).unwrap());
        });
    }

    #[test]
    fn the_static_pointwise_path_matches_the_general_one() {
        let mut env = ShapeEnv::new();
        let shapes: [&[i64]; 5] = [&[8, 1, 16, 32], &[4, 1, 32], &[], &[1], &[0, 3]];
        for a in shapes {
            for b in shapes {
                let m = |env: &mut ShapeEnv, s: &[i64]| {
                    TensorMeta::contiguous(env, &from_ints(s), DType::Float32, Device::cpu())
                        .unwrap()
                };
                let (ta, tb) = (m(&mut env, a), m(&mut env, b));
                let mut cx = Cx {
                    env: &mut env,
                    op: "aten::add.Tensor",
                    defaults: Defaults {
                        dtype: DType::Float32,
                        device: Device::cpu(),
                    },
                    device: Device::cpu(),
                    constant: None,
                };
                let fast = pointwise_output(&mut cx, &[&ta, &tb], DType::Float32);
                let general = crate::pointwise::output(&mut cx, &[&ta, &tb], DType::Float32);
                assert_eq!(fast.is_ok(), general.is_ok(), "{a:?} {b:?}");
                if let (Ok(f), Ok(g)) = (fast, general) {
                    assert_eq!(f, g, "{a:?} {b:?}");
                }
            }
        }
    }

    #[test]
    fn unbacked_sizes() {
        with_cx(|cx| {
            assert_eq!(
                unbacked(cx, UnbackedFlavor::SizeLike, Some(SymInt::Int(0))).unwrap(),
                SymInt::Int(0)
            );
            let u = unbacked(cx, UnbackedFlavor::SizeLike, Some(SymInt::Int(24))).unwrap();
            assert!(!u.is_static());
            let r = cx.env.value_range(u).unwrap();
            assert_eq!(r.hi(), Some(24));
        });
    }
}
