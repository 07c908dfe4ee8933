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
fn stride_at(cx: &Cx<'_>, t: &TensorMeta, d: usize) -> Result<SymInt> {
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

// ---- shapes -------------------------------------------------------------------

/// `broadcast(a, b)`: the broadcast of two shapes.
pub fn broadcast(cx: &mut Cx<'_>, a: Dims, b: Dims) -> Result<Dims> {
    shape::broadcast(cx.env, cx.op, &[&a, &b])
}

/// `reduce(s, dim, keepdim)`: sizes after reducing over `dim` (all dims
/// when absent or empty).
pub fn reduce(cx: &mut Cx<'_>, s: Dims, dim: Option<IntList>, keepdim: bool) -> Result<Dims> {
    shape::reduce(cx.op, &s, dim.as_deref(), keepdim)
}

/// `reduce_one(s, dim, keepdim)`: sizes after reducing over the one dim
/// `dim`.
pub fn reduce_one(cx: &mut Cx<'_>, s: Dims, dim: i64, keepdim: bool) -> Result<Dims> {
    shape::reduce(cx.op, &s, Some(&[dim]), keepdim)
}

/// `arg_reduce(s, dim, keepdim)`: sizes of `argmax`/`argmin`. Without a
/// dim every dim is reduced (kept as ones with `keepdim`) and the input
/// must not be empty; with one, that dim must not be empty.
pub fn arg_reduce(cx: &mut Cx<'_>, s: Dims, dim: Option<i64>, keepdim: bool) -> Result<Dims> {
    let name = cx.op.trim_start_matches("aten::").to_string();
    match dim {
        None => {
            let n = shape::numel(cx.env, &s)?;
            let nonempty = cx.env.ne(n, SymInt::Int(0))?;
            shape::check(cx.env, nonempty, cx.op, &|| {
                format!("{name}: Expected reduction dim to be specified for input.numel() == 0.")
            })?;
            Ok(if keepdim {
                SmallVec::from_elem(SymInt::Int(1), s.len())
            } else {
                Dims::new()
            })
        }
        Some(d) => {
            if !s.is_empty() {
                let w = shape::wrap_dim(cx.op, d, s.len())?;
                let nonempty = cx.env.ne(s[w], SymInt::Int(0))?;
                shape::check(cx.env, nonempty, cx.op, &|| {
                    format!("{name}: Expected reduction dim {w} to have non-zero size.")
                })?;
            }
            shape::reduce(cx.op, &s, Some(&[d]), keepdim)
        }
    }
}

/// `size_or_one(s, dim)`: the size at `dim` (wrapped), or 1 when `s` is
/// zero-dim, as ATen's `ensure_nonempty_size`.
pub fn size_or_one(cx: &mut Cx<'_>, s: Dims, dim: i64) -> Result<SymInt> {
    let w = shape::wrap_dim(cx.op, dim, s.len())?;
    Ok(s.get(w).copied().unwrap_or(SymInt::Int(1)))
}

/// `with_dim(s, dim, value)`: `s` with the size at `dim` replaced by
/// `value`; a zero-dim `s` (which takes dim 0 or -1) stays zero-dim.
pub fn with_dim(cx: &mut Cx<'_>, s: Dims, dim: i64, value: SymInt) -> Result<Dims> {
    let w = shape::wrap_dim(cx.op, dim, s.len())?;
    let mut out = s;
    if let Some(size) = out.get_mut(w) {
        *size = value;
    }
    Ok(out)
}

/// `distinct_dims(dims, rank)`: no dim repeats once wrapped against
/// `rank`.
pub fn distinct_dims(cx: &mut Cx<'_>, dims: IntList, rank: i64) -> Result<bool> {
    let rank = usize::try_from(rank).map_err(|_| invalid(cx, format!("negative rank {rank}")))?;
    let mut seen: SmallVec<[usize; 6]> = SmallVec::new();
    for &d in &dims {
        let w = shape::wrap_dim(cx.op, d, rank)?;
        if seen.contains(&w) {
            return Ok(false);
        }
        seen.push(w);
    }
    Ok(true)
}

/// `repeat_sizes(s, repeats)`: sizes of `repeat`: `s` right-aligned under
/// `repeats` (at least as long), each size multiplied by its repeat.
pub fn repeat_sizes(cx: &mut Cx<'_>, s: Dims, repeats: Dims) -> Result<Dims> {
    if repeats.len() < s.len() {
        return Err(invalid(
            cx,
            "Number of dimensions of repeat dims can not be smaller than number of dimensions of tensor".into(),
        ));
    }
    let lead = repeats.len() - s.len();
    let mut out = Dims::new();
    for (i, &r) in repeats.iter().enumerate() {
        let nonneg = cx.env.ge(r, SymInt::Int(0))?;
        require(
            cx,
            nonneg,
            "Trying to create tensor with negative dimension",
        )?;
        out.push(if i < lead {
            r
        } else {
            cx.env.mul(s[i - lead], r)?
        });
    }
    Ok(out)
}

/// `pad_sizes(s, pad)`: sizes of `constant_pad_nd`: `pad` holds (before,
/// after) pairs from the last dim backwards; a negative pad crops, and no
/// size may end up negative.
pub fn pad_sizes(cx: &mut Cx<'_>, s: Dims, pad: Dims) -> Result<Dims> {
    if !pad.len().is_multiple_of(2) {
        return Err(invalid(
            cx,
            format!(
                "Length of pad must be even but instead it equals {}",
                pad.len()
            ),
        ));
    }
    if pad.len() / 2 > s.len() {
        return Err(invalid(
            cx,
            format!(
                "Length of pad should be no more than twice the number of dimensions of the input. Pad length is {} while the input has {} dimensions.",
                pad.len(),
                s.len()
            ),
        ));
    }
    let mut out = s;
    let n = out.len();
    for (k, pair) in pad.chunks(2).enumerate() {
        let d = n - 1 - k;
        let grown = cx.env.add(out[d], pair[0])?;
        let grown = cx.env.add(grown, pair[1])?;
        let nonneg = cx.env.ge(grown, SymInt::Int(0))?;
        let (size, before, after) = (out[d], pair[0], pair[1]);
        shape::check_printing(cx.env, nonneg, cx.op, &|env| {
            format!(
                "The input size {}, plus negative padding {} and {} resulted in a negative output size, which is invalid. Check dimension {d} of your input.",
                env.display(size),
                env.display(before),
                env.display(after)
            )
        })?;
        out[d] = grown;
    }
    Ok(out)
}

/// `wrap_dim(dim, rank)`: a dim index wrapped into `[0, rank)`.
pub fn wrap_dim(cx: &mut Cx<'_>, dim: i64, rank: i64) -> Result<i64> {
    let rank = usize::try_from(rank).map_err(|_| invalid(cx, format!("negative rank {rank}")))?;
    shape::wrap_dim(cx.op, dim, rank).map(|d| d as i64)
}

/// `insert(s, dim, value)`: `value` inserted at `dim` (wrapped against
/// `rank + 1`, as `unsqueeze`).
pub fn insert(cx: &mut Cx<'_>, s: Dims, dim: i64, value: SymInt) -> Result<Dims> {
    shape::insert(cx.op, &s, dim, value)
}

/// `remove(s, dim)`: `s` without `dim`.
pub fn remove(cx: &mut Cx<'_>, s: Dims, dim: i64) -> Result<Dims> {
    shape::remove(cx.op, &s, dim)
}

/// `permute(s, dims)`: `s` reordered (`out[i] = s[dims[i]]`), after
/// validating the permutation.
pub fn permute(cx: &mut Cx<'_>, s: Dims, dims: IntList) -> Result<Dims> {
    let perm = shape::permutation(cx.op, &dims, s.len())?;
    Ok(shape::apply_perm(&s, &perm))
}

/// `swap(s, a, b)`: `s` with the elements at dims `a` and `b` exchanged
/// (both wrapped), as `transpose`.
pub fn swap(cx: &mut Cx<'_>, s: Dims, a: i64, b: i64) -> Result<Dims> {
    let a = shape::wrap_dim(cx.op, a, s.len())?;
    let b = shape::wrap_dim(cx.op, b, s.len())?;
    let mut out = s;
    if a < out.len() && b < out.len() {
        out.swap(a, b);
    }
    Ok(out)
}

/// `movedim(s, source, destination)`: the element at `source` moved to
/// `destination` (both wrapped), the others keeping their order, as
/// `movedim.int`'s permutation; a zero-dim `s` is unchanged.
pub fn movedim(cx: &mut Cx<'_>, s: Dims, source: i64, destination: i64) -> Result<Dims> {
    let from = shape::wrap_dim(cx.op, source, s.len())?;
    let to = shape::wrap_dim(cx.op, destination, s.len())?;
    let mut out = s;
    if from < out.len() && to < out.len() {
        let moved = out.remove(from);
        out.insert(to, moved);
    }
    Ok(out)
}

/// `at(s, dim)`: the element at `dim` (wrapped), as `sym_size.int`.
pub fn at(cx: &mut Cx<'_>, s: Dims, dim: i64) -> Result<SymInt> {
    let d = shape::wrap_dim(cx.op, dim, s.len())?;
    s.get(d)
        .copied()
        .ok_or_else(|| invalid(cx, format!("dim {dim} of a 0-dim tensor")))
}

/// `flatten(s, start, end)`: dims `start..=end` (wrapped) merged into
/// one; a zero-dim tensor becomes `[1]`.
pub fn flatten(cx: &mut Cx<'_>, s: Dims, start: i64, end: i64) -> Result<Dims> {
    if s.is_empty() {
        return Ok(smallvec::smallvec![SymInt::Int(1)]);
    }
    let a = shape::wrap_dim(cx.op, start, s.len())?;
    let b = shape::wrap_dim(cx.op, end, s.len())?;
    if a > b {
        return Err(invalid(
            cx,
            "flatten() has invalid args: start_dim cannot come after end_dim".into(),
        ));
    }
    let mut out: Dims = s[..a].iter().copied().collect();
    out.push(shape::numel(cx.env, &s[a..=b])?);
    out.extend(s[b + 1..].iter().copied());
    Ok(out)
}

/// `matmul(a, b)`: sizes of `torch.matmul` (1-D operands get a dim
/// added and removed, batch dims broadcast, the contracted sizes must
/// agree).
pub fn matmul(cx: &mut Cx<'_>, a: Dims, b: Dims) -> Result<Dims> {
    if a.is_empty() || b.is_empty() {
        return Err(invalid(
            cx,
            "both arguments to matmul need to be at least 1D".into(),
        ));
    }
    let (a1, b1) = (a.len() == 1, b.len() == 1);
    let a2: Dims = if a1 {
        smallvec::smallvec![SymInt::Int(1), a[0]]
    } else {
        a.clone()
    };
    let b2: Dims = if b1 {
        smallvec::smallvec![b[0], SymInt::Int(1)]
    } else {
        b.clone()
    };
    let (n, k) = (a2[a2.len() - 2], a2[a2.len() - 1]);
    let (k2, m) = (b2[b2.len() - 2], b2[b2.len() - 1]);
    let (da, db) = (
        shape::display_dims(cx.env, &a),
        shape::display_dims(cx.env, &b),
    );
    shape::check_eq(cx.env, k, k2, cx.op, &|| {
        format!("a and b must have same reduction dim, but got {da} X {db}")
    })?;
    let batch = shape::broadcast(cx.env, cx.op, &[&a2[..a2.len() - 2], &b2[..b2.len() - 2]])?;
    let mut out = batch;
    if !a1 {
        out.push(n);
    }
    if !b1 {
        out.push(m);
    }
    Ok(out)
}

/// `reverse(s)`: `s` in reverse order.
pub fn reverse(_cx: &mut Cx<'_>, s: Dims) -> Result<Dims> {
    Ok(s.into_iter().rev().collect())
}

/// `take(s, n)`: the first `n` elements of `s`.
pub fn take(cx: &mut Cx<'_>, s: Dims, n: i64) -> Result<Dims> {
    let n = usize::try_from(n)
        .ok()
        .filter(|&n| n <= s.len())
        .ok_or_else(|| invalid(cx, format!("cannot take {n} of {} dims", s.len())))?;
    Ok(s[..n].iter().copied().collect())
}

/// `ones(n)`: `n` sizes of 1.
pub fn ones(cx: &mut Cx<'_>, n: i64) -> Result<Dims> {
    let n = usize::try_from(n).map_err(|_| invalid(cx, format!("negative count {n}")))?;
    Ok(SmallVec::from_elem(SymInt::Int(1), n))
}

/// `squeeze(s, dims)`: `s` without the dims of size 1 among `dims` (all
/// when absent).
pub fn squeeze(cx: &mut Cx<'_>, s: Dims, dims: Option<IntList>) -> Result<Dims> {
    squeeze_like(cx, s.clone(), s, dims)
}

/// `squeeze_like(sizes, other, dims)`: `other` (strides, say) without the
/// dims `squeeze(sizes, dims)` removes.
pub fn squeeze_like(
    cx: &mut Cx<'_>,
    sizes: Dims,
    other: Dims,
    dims: Option<IntList>,
) -> Result<Dims> {
    let mask = shape::squeeze_mask(cx.env, cx.op, &sizes, dims.as_deref())?;
    Ok(other
        .iter()
        .zip(mask.iter())
        .filter(|(_, m)| !**m)
        .map(|(x, _)| *x)
        .collect())
}

/// `expand(s, size)`: sizes of `expand` (`-1` keeps a size).
pub fn expand(cx: &mut Cx<'_>, s: Dims, size: Dims) -> Result<Dims> {
    shape::expand(cx.env, cx.op, &s, &size)
}

/// `expand_strides(t, shape)`: strides of `t` expanded to `shape` (new and
/// stretched dims get stride 0).
pub fn expand_strides(cx: &mut Cx<'_>, t: &TensorMeta, shape: Dims) -> Result<Dims> {
    if shape.len() < t.dim() || t.strides.len() != t.dim() {
        return Err(invalid(
            cx,
            format!(
                "cannot expand a tensor of rank {} to {} dims",
                t.dim(),
                shape.len()
            ),
        ));
    }
    // `prims.broadcast_in_dim`, as the fake `expand` runs it: a size-1 dim
    // stretched to another length (or a new dim longer than 1) gets stride
    // 0, decided with `guard_or_false`/`guard_or_true`; a new size-1 dim
    // gets the stride of the dim it precedes times its length (1 in front
    // of a 0-dim tensor).
    let off = shape.len() - t.dim();
    let mut out: Dims = SmallVec::from_elem(SymInt::Int(0), shape.len());
    for (idx, &want) in shape.iter().enumerate() {
        out[idx] = if idx >= off {
            let i = idx - off;
            let (size, stride) = (t.sizes[i], t.strides[i]);
            let one = cx.env.eq(size, SymInt::Int(1))?;
            if cx.env.guard_or_false(one, cx.op)? {
                let same = cx.env.eq(size, want)?;
                if cx.env.guard_or_false(same, cx.op)? {
                    stride
                } else {
                    SymInt::Int(0)
                }
            } else {
                shape::check_eq(cx.env, size, want, cx.op, &|| {
                    format!("expanded size of dim {idx}")
                })?;
                stride
            }
        } else {
            let longer = cx.env.ne(want, SymInt::Int(1))?;
            if cx.env.guard_or_true(longer, cx.op)? {
                SymInt::Int(0)
            } else if t.dim() == 0 {
                SymInt::Int(1)
            } else {
                cx.env.mul(t.strides[0], t.sizes[0])?
            }
        };
    }
    Ok(out)
}

/// `unflatten(s, dim, sizes)`: dim `dim` (wrapped) split into `sizes`, one
/// `-1` inferred from its size (as `unflatten.int`).
pub fn unflatten(cx: &mut Cx<'_>, s: Dims, dim: i64, sizes: Dims) -> Result<Dims> {
    let d = shape::wrap_dim(cx.op, dim, s.len())?;
    let size = s
        .get(d)
        .copied()
        .ok_or_else(|| invalid(cx, format!("dim {dim} of a 0-dim tensor")))?;
    let inferred = shape::infer_view(cx.env, cx.op, size, &sizes)?;
    let mut out = Dims::new();
    out.extend(s[..d].iter().copied());
    out.extend(inferred);
    out.extend(s[d + 1..].iter().copied());
    Ok(out)
}

/// `repeat_interleave_sizes(s, repeats, dim)`: sizes of
/// `repeat_interleave.self_int`: `s` flattened when `dim` is absent, then
/// the size at `dim` (wrapped against `s`'s rank) times `repeats`.
pub fn repeat_interleave_sizes(
    cx: &mut Cx<'_>,
    s: Dims,
    repeats: SymInt,
    dim: Option<i64>,
) -> Result<Dims> {
    let d = shape::wrap_dim(cx.op, dim.unwrap_or(0), s.len())?;
    let (mut out, d) = match dim {
        Some(_) => (s, d),
        None => (smallvec::smallvec![shape::numel(cx.env, &s)?], 0),
    };
    if let Some(size) = out.get(d).copied() {
        out[d] = cx.env.mul(size, repeats)?;
    }
    Ok(out)
}

/// The geometry of `reshape(t, shape)` as C++ `reshape_symint` gives it
/// (for the `reshape` and `flatten` kernels of `fake-ops`): a
/// view when ATen's `computeStride` finds one (its sizes and strides from
/// [`crate::view::reshape_view`]), else the view of a contiguous copy.
/// The second value says whether it is the copy.
pub fn reshape_geometry(
    cx: &mut Cx<'_>,
    t: &TensorMeta,
    shape: &Dims,
) -> Result<(Dims, Dims, bool)> {
    // C++ computeStride decides size-obliviously where a size is unbacked.
    let unbacked = crate::view::has_unbacked(cx.env, &t.sizes, &t.strides, shape)?;
    let decide = if unbacked {
        Decide::OrFalse
    } else {
        Decide::Guard
    };
    let viewable =
        crate::strides::view_strides(cx.env, &t.sizes, &t.strides, shape, cx.op, decide)?.is_some();
    let (strides, copy) = if viewable {
        (t.strides.clone(), false)
    } else {
        (crate::strides::contiguous(cx.env, &t.sizes)?, true)
    };
    let geometry = if unbacked {
        crate::view::unbacked_view(cx.env, &t.sizes, &strides, shape, cx.op)?
    } else {
        crate::view::reshape_view(cx.env, &t.sizes, &strides, shape, cx.op)?
    };
    match geometry {
        Some((sizes, strides)) => Ok((sizes, strides, copy)),
        None => Err(view_refused(cx)),
    }
}

fn view_refused(cx: &Cx<'_>) -> crate::Error {
    invalid(
        cx,
        "view size is not compatible with input tensor's size and stride (at least one dimension spans across two contiguous subspaces). Use .reshape(...) instead.".into(),
    )
}

/// The geometry of `view(t, shape)` (the fake `view` runs
/// `_reshape_view_helper` alone, without ATen's `computeStride`, or
/// `_view_unbacked_meta` when a size needs an unbacked value): refused when
/// dims that must merge are not contiguous with each other. (For the
/// `view` kernels of `fake-ops`; static views skip the algorithm's
/// symbolic work only in what they compare.)
pub fn view_geometry(cx: &mut Cx<'_>, t: &TensorMeta, shape: &Dims) -> Result<(Dims, Dims)> {
    if crate::view::has_unbacked(cx.env, &t.sizes, &t.strides, shape)? {
        return crate::view::unbacked_view(cx.env, &t.sizes, &t.strides, shape, cx.op)?
            .ok_or_else(|| view_refused(cx));
    }
    crate::view::reshape_view(cx.env, &t.sizes, &t.strides, shape, cx.op)?
        .ok_or_else(|| view_refused(cx))
}

/// `infer_view(numel, size)`: the sizes of a view, inferring one `-1`.
pub fn infer_view(cx: &mut Cx<'_>, numel: SymInt, size: Dims) -> Result<Dims> {
    shape::infer_view(cx.env, cx.op, numel, &size)
}

/// `unsqueeze_strides(t, dim)`: strides of `t.unsqueeze(dim)`.
pub fn unsqueeze_strides(cx: &mut Cx<'_>, t: &TensorMeta, dim: i64) -> Result<Dims> {
    let d = shape::wrap_dim(cx.op, dim, t.dim() + 1)?;
    let new = if d >= t.dim() {
        SymInt::Int(1)
    } else {
        // ATen's `inferUnsqueezeGeometry`: no clamp, so a stride-0 dim
        // gives a stride-0 new dim.
        let st = stride_at(cx, t, d)?;
        cx.env.mul(t.sizes[d], st)?
    };
    let mut out = t.strides.clone();
    out.insert(d, new);
    Ok(out)
}

/// `cat(tensors, dim)`: sizes of the concatenation.
pub fn cat(cx: &mut Cx<'_>, tensors: &[&TensorMeta], dim: i64) -> Result<Dims> {
    let shapes: SmallVec<[&[SymInt]; 4]> = tensors.iter().map(|t| t.sizes.as_slice()).collect();
    shape::cat(cx.env, cx.op, &shapes, dim)
}

/// `cat_strides(tensors, shape)`: channels-last when every input is,
/// otherwise contiguous (ATen's `cat` output memory format).
pub fn cat_strides(cx: &mut Cx<'_>, tensors: &[&TensorMeta], shape: Dims) -> Result<Dims> {
    let mut all_cl = !tensors.is_empty();
    for t in tensors {
        if !crate::strides::is_channels_last(cx.env, &t.sizes, &t.strides, cx.op, Decide::Guard)?
            || crate::strides::is_contiguous(cx.env, &t.sizes, &t.strides, cx.op, Decide::Guard)?
        {
            all_cl = false;
            break;
        }
    }
    if all_cl && shape.len() == 4 {
        crate::strides::channels_last(cx.env, &shape)
    } else {
        crate::strides::contiguous(cx.env, &shape)
    }
}

/// `narrow_start(start, size)`: a negative `start` counted from the end
/// (`start + size`), decided as `narrow` does with `guard_or_false(start <
/// 0)`: a start whose sign needs an unbacked value is taken as given.
pub fn narrow_start(cx: &mut Cx<'_>, start: SymInt, size: SymInt) -> Result<SymInt> {
    let negative = cx.env.lt(start, SymInt::Int(0))?;
    if cx.env.guard_or_false(negative, cx.op)? {
        cx.env.add(start, size)
    } else {
        Ok(start)
    }
}

/// `numel(s)`: the product of the sizes.
pub fn numel(cx: &mut Cx<'_>, s: Dims) -> Result<SymInt> {
    shape::numel(cx.env, &s)
}

/// `rank(s)`: the number of sizes.
pub fn rank(_cx: &mut Cx<'_>, s: Dims) -> Result<i64> {
    Ok(s.len() as i64)
}

/// `len(l)`: the length of a list.
pub fn len(_cx: &mut Cx<'_>, l: Dims) -> Result<i64> {
    Ok(l.len() as i64)
}

/// `max(a, b)` of two sizes.
pub fn max(cx: &mut Cx<'_>, a: SymInt, b: SymInt) -> Result<SymInt> {
    cx.env.max(a, b)
}

/// `min(a, b)` of two sizes.
pub fn min(cx: &mut Cx<'_>, a: SymInt, b: SymInt) -> Result<SymInt> {
    cx.env.min(a, b)
}

/// `suffix_axis(s, normalized)`: checks that `s` ends with `normalized`
/// (as `layer_norm` requires) and returns where that suffix starts.
pub fn suffix_axis(cx: &mut Cx<'_>, s: Dims, normalized: Dims) -> Result<i64> {
    if normalized.len() > s.len() {
        return Err(invalid(
            cx,
            format!(
                "normalized shape {} is longer than the input's shape {}",
                shape::display_dims(cx.env, &normalized),
                shape::display_dims(cx.env, &s)
            ),
        ));
    }
    let axis = s.len() - normalized.len();
    for (i, (&a, &b)) in normalized.iter().zip(&s[axis..]).enumerate() {
        shape::check_eq(cx.env, a, b, cx.op, &|| {
            format!("input size at dim {} (normalized_shape[{i}])", axis + i)
        })?;
    }
    Ok(axis as i64)
}

/// `dims_eq(a, b)`: whether two shapes are equal (symbolic when sizes are).
pub fn dims_eq(cx: &mut Cx<'_>, a: &Dims, b: &Dims) -> Result<SymBool> {
    if a.len() != b.len() {
        return Ok(SymBool::Bool(false));
    }
    let mut acc = SymBool::Bool(true);
    for (&x, &y) in a.iter().zip(b) {
        let e = cx.env.eq(x, y)?;
        acc = cx.env.and(acc, e)?;
    }
    Ok(acc)
}

/// `all_nonneg(s)`: every size is `>= 0` (factories refuse negative
/// dims).
pub fn all_nonneg(cx: &mut Cx<'_>, s: Dims) -> Result<SymBool> {
    let mut acc = SymBool::Bool(true);
    for &d in &s {
        let c = cx.env.ge(d, SymInt::Int(0))?;
        acc = cx.env.and(acc, c)?;
    }
    Ok(acc)
}

/// `reduced_nonempty(s, dim)`: every dim reduced over (all when `dim` is
/// absent or empty) has a size other than 0 (reductions without an
/// identity, as `amax`, refuse empty dims).
pub fn reduced_nonempty(cx: &mut Cx<'_>, s: Dims, dim: Option<IntList>) -> Result<SymBool> {
    let dims: SmallVec<[usize; 6]> = match dim.as_deref() {
        None | Some([]) => (0..s.len()).collect(),
        Some(list) => list
            .iter()
            .map(|&d| shape::wrap_dim(cx.op, d, s.len()))
            .collect::<Result<_>>()?,
    };
    let mut acc = SymBool::Bool(true);
    for d in dims {
        if let Some(&size) = s.get(d) {
            let c = cx.env.ne(size, SymInt::Int(0))?;
            acc = cx.env.and(acc, c)?;
        }
    }
    Ok(acc)
}

/// `shape_or_absent(t, shape)`: `t` is absent or has sizes `shape`.
pub fn shape_or_absent(cx: &mut Cx<'_>, t: Option<&TensorMeta>, shape: Dims) -> Result<SymBool> {
    match t {
        None => Ok(SymBool::Bool(true)),
        Some(t) => dims_eq(cx, &t.sizes, &shape),
    }
}

/// `any_dtype(dtype)`: the dtype of `any`/`all`, `uint8` for `uint8`
/// inputs (a legacy ATen keeps) and `bool` for everything else.
pub fn any_dtype(_cx: &mut Cx<'_>, dtype: DType) -> Result<DType> {
    Ok(if dtype == DType::UInt8 {
        DType::UInt8
    } else {
        DType::Bool
    })
}

/// `real_dtype(dtype)`: the real dtype of a complex one (`complex64` ->
/// `float32`), any other unchanged.
pub fn real_dtype(_cx: &mut Cx<'_>, dtype: DType) -> Result<DType> {
    Ok(dtype.to_real())
}

/// `present(x)`: the optional number `x` is given.
pub fn present(_cx: &mut Cx<'_>, x: Option<Scalar>) -> Result<bool> {
    Ok(x.is_some())
}

/// `scalar_fits(dtype, s)`: `s` can be used with a tensor of `dtype`
/// without losing its kind (PyTorch refuses a float `alpha` for integer
/// tensors): bool tensors take anything, integers take bools and ints,
/// floats everything but complex numbers.
pub fn scalar_fits(_cx: &mut Cx<'_>, dtype: DType, s: Scalar) -> Result<bool> {
    Ok(match s {
        _ if dtype == DType::Bool => true,
        Scalar::Bool(_) | Scalar::Int(_) => true,
        Scalar::Float(_) => !dtype.is_integral(false),
        Scalar::Complex(..) => dtype.is_complex(),
    })
}

// ---- convolution and pooling -----------------------------------------------------

/// `conv_out(input, kernel, stride, padding, dilation)`: one output length.
pub fn conv_out(
    cx: &mut Cx<'_>,
    input: SymInt,
    kernel: SymInt,
    stride: i64,
    padding: i64,
    dilation: i64,
) -> Result<SymInt> {
    shape::conv_out(cx.env, input, kernel, stride, padding, dilation)
}

/// `pool_out(input, kernel, stride, padding, dilation, ceil_mode)`: one
/// pooling output length.
pub fn pool_out(
    cx: &mut Cx<'_>,
    input: SymInt,
    kernel: i64,
    stride: i64,
    padding: i64,
    dilation: i64,
    ceil_mode: bool,
) -> Result<SymInt> {
    shape::pool_out(
        cx.env, cx.op, input, kernel, stride, padding, dilation, ceil_mode,
    )
}

/// The element of a per-spatial-dim parameter, broadcasting a single value.
fn per_dim(cx: &Cx<'_>, what: &str, v: &[i64], i: usize, n: usize) -> Result<i64> {
    match v.len() {
        1 => Ok(v[0]),
        l if l == n => Ok(v[i]),
        l => Err(invalid(
            cx,
            format!("expected {what} to have 1 or {n} elements, got {l}"),
        )),
    }
}

/// `conv(input, weight, stride, padding, dilation, transposed,
/// output_padding, groups)`: sizes of `aten::convolution`'s output.
#[allow(clippy::too_many_arguments)]
pub fn conv(
    cx: &mut Cx<'_>,
    input: &TensorMeta,
    weight: &TensorMeta,
    stride: Dims,
    padding: Dims,
    dilation: Dims,
    transposed: bool,
    output_padding: Dims,
    groups: SymInt,
) -> Result<Dims> {
    let n = input.dim();
    if n < 3 || weight.dim() != n {
        return Err(invalid(
            cx,
            format!(
                "expected input and weight of the same rank >= 3, got input of rank {n} and weight of rank {}",
                weight.dim()
            ),
        ));
    }
    let spatial = n - 2;
    let (stride, padding, dilation, output_padding) = (
        static_ints(cx, &stride)?,
        static_ints(cx, &padding)?,
        static_ints(cx, &dilation)?,
        static_ints(cx, &output_padding)?,
    );
    // ATen's `check_shape_forward` and `_convolution`, in their order.
    let refuse = |cx: &Cx<'_>, reason: &str| Err(invalid(cx, reason.to_string()));
    if padding.iter().any(|&p| p < 0) {
        return refuse(cx, "negative padding is not supported");
    }
    if output_padding.iter().any(|&p| p < 0) {
        return refuse(cx, "negative output_padding is not supported");
    }
    if stride.iter().any(|&s| s <= 0) {
        return refuse(cx, "non-positive stride is not supported");
    }
    if dilation.iter().any(|&d| d < 0) {
        return refuse(cx, "dilation should be greater than zero");
    }
    if dilation.contains(&0) {
        // PyTorch's fake kernel computes with a zero dilation; its eager
        // kernels refuse it, and so do we.
        return refuse(cx, "non-positive dilation is not supported");
    }
    if let SymInt::Int(g) = groups
        && g <= 0
    {
        return Err(invalid(
            cx,
            format!("expected groups to be greater than 0, but got groups={g}"),
        ));
    }
    let mut out = Dims::new();
    out.push(input.sizes[0]);
    if transposed {
        out.push(cx.env.mul(weight.sizes[1], groups)?);
    } else {
        let wg = cx.env.mul(weight.sizes[1], groups)?;
        shape::check_eq(cx.env, wg, input.sizes[1], cx.op, &|| {
            "input channels (weight.size(1) * groups)".to_string()
        })?;
        out.push(weight.sizes[0]);
    }
    for i in 0..spatial {
        let (s, p, d) = (
            per_dim(cx, "stride", &stride, i, spatial)?,
            per_dim(cx, "padding", &padding, i, spatial)?,
            per_dim(cx, "dilation", &dilation, i, spatial)?,
        );
        if !transposed {
            // ATen: "Kernel size can't be greater than actual input size".
            let pad2 = cx.env.mul(SymInt::Int(2), SymInt::Int(p))?;
            let padded = cx.env.add(input.sizes[i + 2], pad2)?;
            let k1 = cx.env.sub(weight.sizes[i + 2], SymInt::Int(1))?;
            let dk = cx.env.mul(SymInt::Int(d), k1)?;
            let eff = cx.env.add(dk, SymInt::Int(1))?;
            let ok = cx.env.ge(padded, eff)?;
            shape::check_printing(cx.env, ok, cx.op, &|env| {
                format!(
                    "Calculated padded input size per channel: ({}). Kernel size: ({}). Kernel size can't be greater than actual input size",
                    env.display(padded),
                    env.display(eff)
                )
            })?;
        }
        let len = if transposed {
            let op = if output_padding.is_empty() {
                0
            } else {
                per_dim(cx, "output_padding", &output_padding, i, spatial)?
            };
            shape::conv_transpose_out(cx.env, input.sizes[i + 2], weight.sizes[i + 2], s, p, d, op)?
        } else {
            shape::conv_out(cx.env, input.sizes[i + 2], weight.sizes[i + 2], s, p, d)?
        };
        out.push(len);
    }
    Ok(out)
}

/// `conv_strides(input, weight, shape)`: channels-last when the input or
/// the weight is (ATen's convolution memory format), else contiguous.
pub fn conv_strides(
    cx: &mut Cx<'_>,
    input: &TensorMeta,
    weight: &TensorMeta,
    shape: Dims,
) -> Result<Dims> {
    // `_conv_determine_backend_memory_format`: channels-last when either
    // operand's `suggest_memory_format` says so; inputs with unbacked
    // sizes keep the meta kernel's contiguous output (fake_impls.conv).
    let cl = |cx: &mut Cx<'_>, t: &TensorMeta| -> Result<bool> {
        crate::strides::are_strides_like_channels_last(cx.env, &t.sizes, &t.strides, cx.op)
    };
    let hinted = |cx: &mut Cx<'_>, t: &TensorMeta| -> Result<bool> {
        for &s in &t.sizes {
            if cx.env.size_hint(s)?.is_none() {
                return Ok(false);
            }
        }
        Ok(true)
    };
    if shape.len() == 4
        && hinted(cx, input)?
        && hinted(cx, weight)?
        && (cl(cx, input)? || cl(cx, weight)?)
    {
        crate::strides::channels_last(cx.env, &shape)
    } else {
        crate::strides::contiguous(cx.env, &shape)
    }
}

/// `max_pool2d(input, kernel_size, stride, padding, dilation, ceil_mode)`:
/// sizes of `max_pool2d_with_indices`'s outputs (`stride = []` means the
/// kernel size).
pub fn max_pool2d(
    cx: &mut Cx<'_>,
    input: &TensorMeta,
    kernel_size: IntList,
    stride: IntList,
    padding: IntList,
    dilation: IntList,
    ceil_mode: bool,
) -> Result<Dims> {
    let n = input.dim();
    if n != 3 && n != 4 {
        return Err(invalid(
            cx,
            format!("non-empty 3D or 4D (batch mode) tensor expected for input, got rank {n}"),
        ));
    }
    let stride = if stride.is_empty() {
        kernel_size.clone()
    } else {
        stride
    };
    let mut out: Dims = input.sizes[..n - 2].iter().copied().collect();
    let mut params = [[0i64; 4]; 2];
    for (i, param) in params.iter_mut().enumerate() {
        let k = per_dim(cx, "kernel_size", &kernel_size, i, 2)?;
        let s = per_dim(cx, "stride", &stride, i, 2)?;
        let p = per_dim(cx, "padding", &padding, i, 2)?;
        let d = per_dim(cx, "dilation", &dilation, i, 2)?;
        *param = [k, s, p, d];
        out.push(shape::pool_out(
            cx.env,
            cx.op,
            input.sizes[n - 2 + i],
            k,
            s,
            p,
            d,
            ceil_mode,
        )?);
    }
    // ATen's `pool2d_shape_check`, in its order.
    let [[kh, dh, padh, dilh], [kw, dw, padw, dilw]] = params;
    let refuse = |cx: &Cx<'_>, reason: String| Err(invalid(cx, reason));
    if kw <= 0 || kh <= 0 {
        return refuse(
            cx,
            format!("kernel size should be greater than zero, but got kH: {kh}, kW: {kw}"),
        );
    }
    if dw <= 0 || dh <= 0 {
        return refuse(
            cx,
            format!("stride should be greater than zero, but got dH: {dh}, dW: {dw}"),
        );
    }
    if dilw <= 0 || dilh <= 0 {
        return refuse(
            cx,
            format!(
                "dilation should be greater than zero, but got dilationH: {dilh}, dilationW: {dilw}"
            ),
        );
    }
    // Every dim but the batch is non-empty.
    let mut nonempty = SymBool::Bool(true);
    for &size in &input.sizes[n - 3..] {
        let ne = cx.env.ne(size, SymInt::Int(0))?;
        nonempty = cx.env.and(nonempty, ne)?;
    }
    if n == 3 {
        let ne = cx.env.ne(input.sizes[0], SymInt::Int(0))?;
        nonempty = cx.env.and(nonempty, ne)?;
    }
    let sizes = input.sizes.clone();
    shape::check_printing(cx.env, nonempty, cx.op, &|env| {
        format!(
            "Expected 3D or 4D (batch mode) tensor with optional 0 dim batch size for input, but got: {}",
            shape::display_dims(env, &sizes)
        )
    })?;
    if kw / 2 < padw || kh / 2 < padh {
        return refuse(
            cx,
            format!(
                "pad should be smaller than or equal to half of kernel size, but got padW = {padw}, padH = {padh}, kW = {kw}, kH = {kh}"
            ),
        );
    }
    let (oh, ow) = (out[n - 2], out[n - 1]);
    let h_ok = cx.env.ge(oh, SymInt::Int(1))?;
    let w_ok = cx.env.ge(ow, SymInt::Int(1))?;
    let ok = cx.env.and(h_ok, w_ok)?;
    shape::check_printing(cx.env, ok, cx.op, &|env| {
        let at = |i: usize| env.display(sizes[i]);
        format!(
            "Given input size: ({}x{}x{}). Calculated output size: ({}x{}x{}). Output size is too small",
            at(n - 3),
            at(n - 2),
            at(n - 1),
            at(n - 3),
            env.display(oh),
            env.display(ow)
        )
    })?;
    Ok(out)
}

/// `like_strides(t, shape)`: channels-last strides for `shape` when `t` is
/// a channels-last (and not contiguous) 4-D tensor, else contiguous (the
/// `suggest_memory_format` of pooling kernels).
pub fn like_strides(cx: &mut Cx<'_>, t: &TensorMeta, shape: Dims) -> Result<Dims> {
    if shape.len() == 4
        && t.dim() == 4
        && crate::strides::is_channels_last(cx.env, &t.sizes, &t.strides, cx.op, Decide::Guard)?
        && !crate::strides::is_contiguous(cx.env, &t.sizes, &t.strides, cx.op, Decide::Guard)?
    {
        crate::strides::channels_last(cx.env, &shape)
    } else {
        crate::strides::contiguous(cx.env, &shape)
    }
}

// ---- strides and memory formats -------------------------------------------------

/// `contiguous(shape)`: row-major strides.
pub fn contiguous(cx: &mut Cx<'_>, shape: Dims) -> Result<Dims> {
    crate::strides::contiguous(cx.env, &shape)
}

/// `format_strides(shape, memory_format)`: strides of a new tensor in a
/// memory format (contiguous when absent).
pub fn format_strides(
    cx: &mut Cx<'_>,
    shape: Dims,
    memory_format: Option<MemoryFormat>,
) -> Result<Dims> {
    match memory_format {
        None | Some(MemoryFormat::Contiguous) => crate::strides::contiguous(cx.env, &shape),
        Some(MemoryFormat::ChannelsLast) if shape.len() == 4 => {
            crate::strides::channels_last(cx.env, &shape)
        }
        Some(MemoryFormat::ChannelsLast3d) if shape.len() == 5 => {
            crate::strides::channels_last(cx.env, &shape)
        }
        Some(MemoryFormat::Preserve) => Err(invalid(
            cx,
            "preserve_format is not supported for a tensor made from nothing".into(),
        )),
        Some(f) => Err(invalid(
            cx,
            format!(
                "memory format {f} does not fit a tensor of rank {}",
                shape.len()
            ),
        )),
    }
}

/// `preserve_strides(t, memory_format)`: strides of a copy of `t`
/// (`_to_copy`, `empty_like`): with `preserve_format` (or none) the copy
/// keeps `t`'s strides when they are dense and non-overlapping, else
/// follows `t`'s memory order (as TensorIterator would).
pub fn preserve_strides(
    cx: &mut Cx<'_>,
    t: &TensorMeta,
    memory_format: Option<MemoryFormat>,
) -> Result<Dims> {
    match memory_format {
        None | Some(MemoryFormat::Preserve) => {
            // `empty_like`: dense strides are kept as they are.
            if crate::strides::is_non_overlapping_and_dense(cx.env, &t.sizes, &t.strides, cx.op)? {
                return Ok(t.strides.clone());
            }
            let op = crate::strides::Operand {
                sizes: &t.sizes,
                strides: &t.strides,
            };
            crate::strides::pointwise(cx.env, &t.sizes, &[op], cx.op)
        }
        f => format_strides(cx, t.sizes.clone(), f),
    }
}

/// Whether `t` certainly overlaps itself (`has_internal_overlap` is
/// `YES`: a dim of stride 0 and size above 1), not asked when `t` has an
/// unbacked size, stride or offset (as `_scatter_meta_output`).
fn overlaps_itself(cx: &mut Cx<'_>, t: &TensorMeta) -> Result<bool> {
    for &v in t.sizes.iter().chain(&t.strides) {
        if cx.env.size_hint(v)?.is_none() {
            return Ok(false);
        }
    }
    if cx.env.size_hint(t.storage_offset)?.is_none() {
        return Ok(false);
    }
    for (&size, &stride) in t.sizes.iter().zip(&t.strides) {
        if stride == SymInt::Int(0) {
            let big = cx.env.gt(size, SymInt::Int(1))?;
            if cx.env.guard_bool(big, cx.op)? {
                return Ok(true);
            }
        }
    }
    Ok(false)
}

/// `preserved_strides(t)`: strides of ATen's `clone_preserve_strides(t)`
/// (`copy`'s result): `t`'s own, or a clone's when `t` overlaps itself.
pub fn preserved_strides(cx: &mut Cx<'_>, t: &TensorMeta) -> Result<Dims> {
    if overlaps_itself(cx, t)? {
        preserve_strides(cx, t, None)
    } else {
        Ok(t.strides.clone())
    }
}

/// `preserved_offset(t)`: storage offset of `clone_preserve_strides(t)`:
/// `t`'s own, 0 for the clone of a `t` that overlaps itself.
pub fn preserved_offset(cx: &mut Cx<'_>, t: &TensorMeta) -> Result<SymInt> {
    if overlaps_itself(cx, t)? {
        Ok(SymInt::Int(0))
    } else {
        Ok(t.storage_offset)
    }
}

// ---- slicing ---------------------------------------------------------------

/// The wrapped dim and the static step of a slice.
fn slice_dim(cx: &mut Cx<'_>, t: &TensorMeta, dim: i64, step: SymInt) -> Result<(usize, i64)> {
    let d = shape::wrap_dim(cx.op, dim, t.dim())?;
    if t.dim() == 0 {
        return Err(invalid(
            cx,
            "slice() cannot be applied to a 0-dim tensor.".into(),
        ));
    }
    Ok((d, static_int(cx, step)?))
}

/// `slice_sizes(t, dim, start, end, step)`: sizes of `slice.Tensor`.
pub fn slice_sizes(
    cx: &mut Cx<'_>,
    t: &TensorMeta,
    dim: i64,
    start: Option<SymInt>,
    end: Option<SymInt>,
    step: SymInt,
) -> Result<Dims> {
    let (d, step) = slice_dim(cx, t, dim, step)?;
    let len = shape::slice_len(cx.env, cx.op, t.sizes[d], start, end, step)?;
    let mut out = t.sizes.clone();
    out[d] = len;
    Ok(out)
}

/// `slice_strides(t, dim, step)`: strides of `slice.Tensor`.
pub fn slice_strides(cx: &mut Cx<'_>, t: &TensorMeta, dim: i64, step: SymInt) -> Result<Dims> {
    let d = shape::wrap_dim(cx.op, dim, t.dim())?;
    let mut out = t.strides.clone();
    if d < out.len() {
        out[d] = cx.env.mul(out[d], step)?;
    }
    Ok(out)
}

/// `slice_offset(t, dim, start, end, step)`: storage offset of
/// `slice.Tensor`; a fresh unbacked offset (at least 0) when the start
/// cannot be told.
pub fn slice_offset(
    cx: &mut Cx<'_>,
    t: &TensorMeta,
    dim: i64,
    start: Option<SymInt>,
    _end: Option<SymInt>,
    step: SymInt,
) -> Result<SymInt> {
    let (d, step) = slice_dim(cx, t, dim, step)?;
    match shape::slice_start(cx.env, cx.op, t.sizes[d], start, step)? {
        Some(s) => {
            let st = stride_at(cx, t, d)?;
            let o = cx.env.mul(s, st)?;
            cx.env.add(t.storage_offset, o)
        }
        None => {
            let o = cx.env.create_unbacked(false, cx.op);
            let c = cx.env.ge(o, SymInt::Int(0))?;
            cx.env.expect_true(c, cx.op)?;
            Ok(o)
        }
    }
}

/// `select_offset(t, dim, index)`: storage offset of `select.int`
/// (checks the index).
pub fn select_offset(cx: &mut Cx<'_>, t: &TensorMeta, dim: i64, index: SymInt) -> Result<SymInt> {
    if t.dim() == 0 {
        return Err(invalid(
            cx,
            "select() cannot be applied to a 0-dim tensor.".into(),
        ));
    }
    let d = shape::wrap_dim(cx.op, dim, t.dim())?;
    let i = shape::select_index(cx.env, cx.op, t.sizes[d], index)?;
    let st = stride_at(cx, t, d)?;
    let o = cx.env.mul(i, st)?;
    cx.env.add(t.storage_offset, o)
}

// ---- unbacked sizes --------------------------------------------------------------

/// `unbacked(size_like, max = n)`: a fresh unbacked symbol; size-like ones
/// are `>= 0`, and `<= max` when a static bound is given (as
/// `_constrain_range_for_size`). A static `max` of 0 gives 0 (no symbol,
/// as PyTorch's `nonzero` on an empty tensor).
pub fn unbacked(cx: &mut Cx<'_>, flavor: UnbackedFlavor, max: Option<SymInt>) -> Result<SymInt> {
    let size_like = flavor == UnbackedFlavor::SizeLike;
    if size_like && max == Some(SymInt::Int(0)) {
        return Ok(SymInt::Int(0));
    }
    let u = cx.env.create_unbacked(size_like, cx.op);
    let hi = match max {
        Some(SymInt::Int(m)) => Some(m),
        Some(m @ SymInt::Expr(_)) => cx.env.value_range(m)?.hi(),
        None => None,
    };
    if size_like || hi.is_some() {
        cx.env
            .constrain_range(u, size_like.then_some(0), hi, cx.op)?;
    }
    Ok(u)
}

// ---- the pointwise fast path ---------------------------------------------------

/// Output metadata of an elementwise operator over `inputs` with result
/// dtype `dtype`. When every input is static and contiguous (the common
/// case) sizes and strides are computed in one pass over `i64`s, never
/// touching the ShapeEnv; anything else (symbolic sizes, permuted or
/// channels-last inputs, a broadcast mismatch to report) takes
/// [`pointwise::output`](crate::pointwise::output).
#[inline]
pub fn pointwise_output(
    cx: &mut Cx<'_>,
    inputs: &[&TensorMeta],
    dtype: DType,
) -> Result<TensorMeta> {
    if let Some((sizes, strides)) = static_contiguous(inputs) {
        return Ok(TensorMeta {
            sizes,
            strides,
            storage_offset: SymInt::Int(0),
            dtype,
            device: cx.device,
            layout: Layout::Strided,
            requires_grad: false,
        });
    }
    crate::pointwise::output(cx, inputs, dtype)
}

/// Broadcast sizes and contiguous strides when every input is static and
/// contiguous (sizes of 1 ignored, as ATen's `is_contiguous`); `None`
/// otherwise.
#[inline]
fn static_contiguous(inputs: &[&TensorMeta]) -> Option<(Dims, Dims)> {
    let rank = inputs.iter().map(|t| t.dim()).max().unwrap_or(0);
    let mut sizes: Dims = SmallVec::from_elem(SymInt::Int(1), rank);
    for t in inputs {
        if t.strides.len() != t.dim() {
            return None;
        }
        let off = rank - t.dim();
        let mut expected = 1i64;
        let mut decided = false;
        for i in (0..t.dim()).rev() {
            let (SymInt::Int(s), SymInt::Int(st)) = (t.sizes[i], t.strides[i]) else {
                return None;
            };
            if !decided {
                if s == 0 {
                    decided = true;
                } else if s != 1 {
                    if st != expected {
                        return None;
                    }
                    expected = expected.checked_mul(s)?;
                }
            }
            let cur = &mut sizes[off + i];
            let SymInt::Int(c) = *cur else { return None };
            if s != c && s != 1 {
                if c != 1 {
                    return None;
                }
                *cur = SymInt::Int(s);
            }
        }
    }
    let mut strides: Dims = SmallVec::from_elem(SymInt::Int(1), rank);
    let mut acc = 1i64;
    for i in (0..rank).rev() {
        strides[i] = SymInt::Int(acc);
        let SymInt::Int(s) = sizes[i] else {
            return None;
        };
        acc = acc.checked_mul(s.max(1))?;
    }
    Some((sizes, strides))
}

// ---- dtypes -------------------------------------------------------------------

/// The promotion operand of a tensor.
#[inline]
pub fn tensor_operand(t: &TensorMeta) -> Operand {
    if t.sizes.is_empty() {
        Operand::ZeroDim(t.dtype)
    } else {
        Operand::Tensor(t.dtype)
    }
}

/// The promotion operand of a Python number.
#[inline]
pub fn scalar_operand(s: &Scalar) -> Operand {
    Operand::Scalar(match s {
        Scalar::Bool(_) => ScalarKind::Bool,
        Scalar::Int(_) => ScalarKind::Int,
        Scalar::Float(_) => ScalarKind::Float,
        Scalar::Complex(..) => ScalarKind::Complex,
    })
}

/// The result dtype of an elementwise operator over `operands` with
/// promotion `kind` (`elementwise_dtypes`' second answer).
#[inline]
pub fn promote(cx: &mut Cx<'_>, operands: &[Operand], kind: PromotionKind) -> Result<DType> {
    // The common case, two tensors of one dtype, needs no table.
    if let [Operand::Tensor(a), Operand::Tensor(b)] = operands
        && a == b
        && matches!(kind, PromotionKind::Default | PromotionKind::NoOpmath)
    {
        return Ok(*a);
    }
    crate::promotion::elementwise_dtypes(operands, kind, cx.defaults.dtype).map(|(_, r)| r)
}

/// `result_type(a, b)`: `torch.result_type` of two tensors.
pub fn result_type(cx: &mut Cx<'_>, a: &TensorMeta, b: &TensorMeta) -> Result<DType> {
    crate::promotion::result_type(&[tensor_operand(a), tensor_operand(b)], cx.defaults.dtype)
}

/// `result_type_scalar(t, s)`: `torch.result_type` of a tensor and a
/// number.
pub fn result_type_scalar(cx: &mut Cx<'_>, t: &TensorMeta, s: Scalar) -> Result<DType> {
    crate::promotion::result_type(&[tensor_operand(t), scalar_operand(&s)], cx.defaults.dtype)
}

/// `result_type_list(tensors)`: `torch.result_type` over a list.
pub fn result_type_list(cx: &mut Cx<'_>, tensors: &[&TensorMeta]) -> Result<DType> {
    let ops: SmallVec<[Operand; 4]> = tensors.iter().map(|t| tensor_operand(t)).collect();
    crate::promotion::result_type(&ops, cx.defaults.dtype)
}

/// `promote_types(a, b)`: `torch.promote_types`.
pub fn promote_types(_cx: &mut Cx<'_>, a: DType, b: DType) -> Result<DType> {
    crate::promotion::promote_types(a, b)
}

/// `sum_dtype(d)`: the dtype `sum` gives without a `dtype` argument
/// (integral and bool sum to `int64`).
pub fn sum_dtype(_cx: &mut Cx<'_>, d: DType) -> Result<DType> {
    Ok(if d.is_integral(true) { DType::Int64 } else { d })
}

/// `scalar_dtype(s)`: the dtype of a tensor made from `s` (`full`).
pub fn scalar_dtype(cx: &mut Cx<'_>, s: Scalar) -> Result<DType> {
    Ok(s.default_dtype(cx.defaults.dtype))
}

/// `softmax_dtype(d, half_to_float)`: `float32` when `half_to_float`
/// (which needs a `float16` input), else `d`.
pub fn softmax_dtype(cx: &mut Cx<'_>, d: DType, half_to_float: bool) -> Result<DType> {
    if !half_to_float {
        return Ok(d);
    }
    if d != DType::Float16 {
        return Err(invalid(
            cx,
            format!(
                "conversion from {d} to float32 is not supported (half_to_float needs float16)"
            ),
        ));
    }
    Ok(DType::Float32)
}

/// `is_floating(d)`: a floating-point dtype.
pub fn is_floating(_cx: &mut Cx<'_>, d: DType) -> Result<bool> {
    Ok(d.is_floating_point())
}

/// `is_complex(d)`: a complex dtype.
pub fn is_complex(_cx: &mut Cx<'_>, d: DType) -> Result<bool> {
    Ok(d.is_complex())
}

/// `is_cpu(device)`: a CPU device.
pub fn is_cpu(_cx: &mut Cx<'_>, device: Device) -> Result<bool> {
    Ok(device.ty == crate::DeviceType::Cpu)
}

/// `scalar_le(a, b)`: `a <= b` on two real numbers (an unknown symbolic
/// float compares as true: nothing is refused that PyTorch might accept).
pub fn scalar_le(cx: &mut Cx<'_>, a: Scalar, b: Scalar) -> Result<bool> {
    let real = |s: Scalar| match s {
        Scalar::Int(SymInt::Int(v)) => Some(v as f64),
        Scalar::Float(f) => f.as_f64(),
        Scalar::Bool(SymBool::Bool(b)) => Some(f64::from(u8::from(b))),
        _ => None,
    };
    if let (Scalar::Int(x), Scalar::Int(y)) = (a, b)
        && !(x.is_static() && y.is_static())
    {
        let c = cx.env.le(x, y)?;
        return cx.env.guard_bool(c, cx.op);
    }
    Ok(match (real(a), real(b)) {
        (Some(x), Some(y)) => x <= y,
        _ => true,
    })
}

/// `physical_strides(shape, order)`: dense strides laying `shape` out in
/// memory in the order `order` (outermost first), as `empty_permuted`.
pub fn physical_strides(cx: &mut Cx<'_>, shape: Dims, order: IntList) -> Result<Dims> {
    let mut perm: SmallVec<[usize; 6]> = SmallVec::new();
    for &d in &order {
        perm.push(shape::wrap_dim(cx.op, d, shape.len())?);
    }
    crate::strides::with_physical_order(cx.env, &shape, &perm)
}

/// `is_integral(d)`: an integral dtype, `bool` included.
pub fn is_integral(_cx: &mut Cx<'_>, d: DType) -> Result<bool> {
    Ok(d.is_integral(true))
}

/// `can_cast(from, to)`: `torch.can_cast` (no complex to real, no float to
/// integral, nothing but bool to bool).
pub fn can_cast(_cx: &mut Cx<'_>, from: DType, to: DType) -> Result<bool> {
    Ok(!(from.is_complex() && !to.is_complex()
        || from.is_floating_point() && to.is_integral(true)
        || from != DType::Bool && to == DType::Bool))
}

/// `arange_len(start, end, step)`: the length of `arange`, as
/// `torch._refs.arange`: integer bounds give `(end - start + step - sgn)
/// // step` with the bounds checked against the step's sign (a runtime
/// assert or guard when symbolic) and no clamp; real bounds give
/// `ceil((end - start) / step)`.
pub fn arange_len(cx: &mut Cx<'_>, start: Scalar, end: Scalar, step: Scalar) -> Result<SymInt> {
    let float = |s: Scalar| -> Option<f64> {
        match s {
            Scalar::Int(SymInt::Int(v)) => Some(v as f64),
            Scalar::Float(v) => v.as_f64(),
            Scalar::Bool(SymBool::Bool(b)) => Some(f64::from(u8::from(b))),
            _ => None,
        }
    };
    if let (Scalar::Int(a), Scalar::Int(b), Scalar::Int(st)) = (start, end, step) {
        let nonzero = cx.env.ne(st, SymInt::Int(0))?;
        shape::check(cx.env, nonzero, cx.op, &|| "step must be nonzero".into())?;
        let positive = cx.env.gt(st, SymInt::Int(0))?;
        let sgn = if cx.env.guard_bool(positive, cx.op)? {
            let ok = cx.env.ge(b, a)?;
            shape::check(cx.env, ok, cx.op, &|| {
                "upper bound and lower bound inconsistent with step sign".into()
            })?;
            1
        } else {
            let ok = cx.env.le(b, a)?;
            shape::check(cx.env, ok, cx.op, &|| {
                "upper bound and lower bound inconsistent with step sign".into()
            })?;
            -1
        };
        let span = cx.env.sub(b, a)?;
        let span = cx.env.add(span, st)?;
        let span = cx.env.sub(span, SymInt::Int(sgn))?;
        return cx.env.floordiv(span, st);
    }
    let (Some(a), Some(b), Some(st)) = (float(start), float(end), float(step)) else {
        return Err(invalid(cx, "arange bounds must be real numbers".into()));
    };
    if st == 0.0 {
        return Err(invalid(cx, "step must be nonzero".into()));
    }
    if (st > 0.0 && b < a) || (st < 0.0 && b > a) {
        return Err(invalid(
            cx,
            "upper bound and larger bound inconsistent with step sign".into(),
        ));
    }
    let n = ((b - a) / st).ceil();
    if !n.is_finite() || n > i64::MAX as f64 {
        return Err(invalid(cx, format!("arange of {n} elements")));
    }
    Ok(SymInt::Int(n.max(0.0) as i64))
}

/// `arange_dtype(start, end, step)`: `int64` when every bound is an
/// integer, else the default dtype.
pub fn arange_dtype(cx: &mut Cx<'_>, start: Scalar, end: Scalar, step: Scalar) -> Result<DType> {
    let int = |s: Scalar| matches!(s, Scalar::Int(_) | Scalar::Bool(_));
    Ok(if int(start) && int(end) && int(step) {
        DType::Int64
    } else {
        cx.defaults.dtype
    })
}

/// `default_dtype()`: `torch.get_default_dtype()`.
pub fn default_dtype(cx: &mut Cx<'_>) -> Result<DType> {
    Ok(cx.defaults.dtype)
}

/// `default_device()`: the device factories use when none is given.
pub fn default_device(cx: &mut Cx<'_>) -> Result<Device> {
    Ok(cx.defaults.device)
}

/// `common_device()`: the device of the operator's outputs (the common
/// device of its tensor arguments).
pub fn common_device(cx: &mut Cx<'_>) -> Result<Device> {
    Ok(cx.device)
}

// ---- conditions ------------------------------------------------------------------

/// Require a condition (`check` in a rule): a static false is an error
/// with `message`; a symbolic one is guarded (backed) or asserted at run
/// time (unbacked).
pub fn require(cx: &mut Cx<'_>, c: SymBool, message: &str) -> Result<()> {
    match c {
        SymBool::Bool(true) => Ok(()),
        SymBool::Bool(false) => Err(invalid(cx, message.to_string())),
        SymBool::Expr(_) => shape::check(cx.env, c, cx.op, &|| message.to_string()),
    }
}

/// Require `a == b` for a repeated pattern variable: static mismatch is a
/// [`ErrorKind::SizeMismatch`] naming the argument and dim; symbolic is a
/// guard or a runtime assert.
#[inline]
pub fn require_eq(
    cx: &mut Cx<'_>,
    expected: SymInt,
    got: SymInt,
    what: &dyn Fn() -> String,
) -> Result<()> {
    if let (SymInt::Int(a), SymInt::Int(b)) = (expected, got)
        && a == b
    {
        return Ok(());
    }
    shape::check_eq(cx.env, expected, got, cx.op, what)
}

/// Require two runs of dims to be equal (a repeated `*s` in patterns).
pub fn require_dims(
    cx: &mut Cx<'_>,
    expected: &[SymInt],
    got: &[SymInt],
    what: &dyn Fn() -> String,
) -> Result<()> {
    if expected.len() != got.len() {
        return Err(ErrorKind::SizeMismatch {
            op: cx.op.to_string(),
            what: what(),
            expected: shape::display_dims(cx.env, expected),
            got: shape::display_dims(cx.env, got),
        }
        .into());
    }
    for (&a, &b) in expected.iter().zip(got) {
        require_eq(cx, a, b, what)?;
    }
    Ok(())
}

/// Require a tensor argument of exactly `rank` dims (`exact`) or at least
/// `rank` dims.
#[inline]
pub fn require_rank(
    cx: &mut Cx<'_>,
    arg: &str,
    t: &TensorMeta,
    rank: usize,
    exact: bool,
) -> Result<()> {
    let ok = if exact {
        t.dim() == rank
    } else {
        t.dim() >= rank
    };
    if ok {
        return Ok(());
    }
    Err(invalid(
        cx,
        format!(
            "expected `{arg}` to have {}{rank} dims, got {} (sizes {})",
            if exact { "" } else { "at least " },
            t.dim(),
            shape::display_dims(cx.env, &t.sizes)
        ),
    ))
}

/// A plain integer from a size, guarding when it is symbolic.
pub fn to_int(cx: &mut Cx<'_>, v: SymInt) -> Result<i64> {
    static_int(cx, v)
}

/// Plain integers from sizes, guarding the symbolic ones.
pub fn to_ints(cx: &mut Cx<'_>, v: &[SymInt]) -> Result<IntList> {
    static_ints(cx, v)
}

/// Sizes from plain integers.
#[inline]
pub fn from_ints(v: &[i64]) -> Dims {
    v.iter().map(|&x| SymInt::Int(x)).collect()
}

/// The condition of a `bool` (for `check` on plain booleans).
#[inline]
pub fn sym_bool(b: bool) -> SymBool {
    SymBool::Bool(b)
}

/// Floor division and Python modulo of plain integers, checked.
pub fn int_floordiv(cx: &mut Cx<'_>, a: i64, b: i64) -> Result<i64> {
    match cx.env.floordiv(SymInt::Int(a), SymInt::Int(b))? {
        SymInt::Int(v) => Ok(v),
        SymInt::Expr(_) => Err(invalid(cx, "non-constant integer division".into())),
    }
}

/// Python modulo of plain integers, checked.
pub fn int_mod(cx: &mut Cx<'_>, a: i64, b: i64) -> Result<i64> {
    match cx.env.modulo(SymInt::Int(a), SymInt::Int(b))? {
        SymInt::Int(v) => Ok(v),
        SymInt::Expr(_) => Err(invalid(cx, "non-constant integer modulo".into())),
    }
}

/// Checked `+ - *` of plain integers.
pub fn int_arith(op: char, a: i64, b: i64) -> Result<i64> {
    let (r, name) = match op {
        '+' => (a.checked_add(b), "+"),
        '-' => (a.checked_sub(b), "-"),
        _ => (a.checked_mul(b), "*"),
    };
    r.ok_or_else(|| {
        ErrorKind::Overflow {
            op: name,
            lhs: a.to_string(),
            rhs: b.to_string(),
        }
        .into()
    })
}

// ---- arguments of erased kernels ---------------------------------------------------

/// Reading the arguments of an erased kernel: argument `i` of `args`, or
/// its schema default when absent (`args` shorter, or [`Arg::None`]).
pub mod args {
    use super::*;

    fn bad(cx: &Cx<'_>, i: usize, name: &str, want: &str, got: Option<&Arg<'_>>) -> crate::Error {
        ErrorKind::BadArguments {
            op: cx.op.to_string(),
            reason: format!(
                "argument {i} (`{name}`) should be {want}, got {}",
                match got {
                    None => "nothing".to_string(),
                    Some(a) => format!("{a:?}").chars().take(60).collect(),
                }
            ),
        }
        .into()
    }

    fn missing<T>(cx: &Cx<'_>, i: usize, name: &str, want: &str, default: Option<T>) -> Result<T> {
        default.ok_or_else(|| bad(cx, i, name, want, None))
    }

    /// A `Tensor`.
    #[inline]
    pub fn tensor<'a>(
        cx: &Cx<'_>,
        args: &[Arg<'a>],
        i: usize,
        name: &str,
    ) -> Result<&'a TensorMeta> {
        match args.get(i) {
            Some(Arg::Tensor(t)) => Ok(*t),
            a => Err(bad(cx, i, name, "a tensor", a)),
        }
    }

    /// A `Tensor?`.
    pub fn opt_tensor<'a>(
        cx: &Cx<'_>,
        args: &[Arg<'a>],
        i: usize,
        name: &str,
    ) -> Result<Option<&'a TensorMeta>> {
        match args.get(i) {
            Some(Arg::Tensor(t)) => Ok(Some(*t)),
            None | Some(Arg::None) => Ok(None),
            a => Err(bad(cx, i, name, "a tensor or None", a)),
        }
    }

    /// A `Tensor[]`.
    pub fn tensors<'a, 'b>(
        cx: &Cx<'_>,
        args: &'b [Arg<'a>],
        i: usize,
        name: &str,
    ) -> Result<&'b [&'a TensorMeta]> {
        match args.get(i) {
            Some(Arg::Tensors(ts)) => Ok(ts.as_slice()),
            a => Err(bad(cx, i, name, "a list of tensors", a)),
        }
    }

    /// A `Tensor?[]`.
    pub fn opt_tensors<'a, 'b>(
        cx: &Cx<'_>,
        args: &'b [Arg<'a>],
        i: usize,
        name: &str,
    ) -> Result<&'b [Option<&'a TensorMeta>]> {
        match args.get(i) {
            Some(Arg::OptTensors(ts)) => Ok(ts.as_slice()),
            a => Err(bad(cx, i, name, "a list of optional tensors", a)),
        }
    }

    /// An `int`.
    pub fn int(
        cx: &mut Cx<'_>,
        args: &[Arg<'_>],
        i: usize,
        name: &str,
        default: Option<i64>,
    ) -> Result<i64> {
        match args.get(i) {
            Some(Arg::Int(v)) => static_int(cx, *v),
            None | Some(Arg::None) => missing(cx, i, name, "an int", default),
            a => Err(bad(cx, i, name, "an int", a)),
        }
    }

    /// An `int?`.
    pub fn opt_int(
        cx: &mut Cx<'_>,
        args: &[Arg<'_>],
        i: usize,
        name: &str,
        default: Option<i64>,
    ) -> Result<Option<i64>> {
        match args.get(i) {
            Some(Arg::Int(v)) => static_int(cx, *v).map(Some),
            None | Some(Arg::None) => Ok(default),
            a => Err(bad(cx, i, name, "an int or None", a)),
        }
    }

    /// A `SymInt`.
    pub fn size(
        cx: &Cx<'_>,
        args: &[Arg<'_>],
        i: usize,
        name: &str,
        default: Option<i64>,
    ) -> Result<SymInt> {
        match args.get(i) {
            Some(Arg::Int(v)) => Ok(*v),
            None | Some(Arg::None) => missing(cx, i, name, "an int", default.map(SymInt::Int)),
            a => Err(bad(cx, i, name, "an int", a)),
        }
    }

    /// A `SymInt?`.
    pub fn opt_size(
        cx: &Cx<'_>,
        args: &[Arg<'_>],
        i: usize,
        name: &str,
        default: Option<i64>,
    ) -> Result<Option<SymInt>> {
        match args.get(i) {
            Some(Arg::Int(v)) => Ok(Some(*v)),
            None | Some(Arg::None) => Ok(default.map(SymInt::Int)),
            a => Err(bad(cx, i, name, "an int or None", a)),
        }
    }

    /// An `int[]`.
    pub fn ints(
        cx: &mut Cx<'_>,
        args: &[Arg<'_>],
        i: usize,
        name: &str,
        default: Option<&[i64]>,
    ) -> Result<IntList> {
        match args.get(i) {
            Some(Arg::Ints(v)) => static_ints(cx, v),
            Some(Arg::Int(v)) => Ok(smallvec::smallvec![static_int(cx, *v)?]),
            None | Some(Arg::None) => missing(
                cx,
                i,
                name,
                "a list of ints",
                default.map(IntList::from_slice),
            ),
            a => Err(bad(cx, i, name, "a list of ints", a)),
        }
    }

    /// An `int[]?`.
    pub fn opt_ints(
        cx: &mut Cx<'_>,
        args: &[Arg<'_>],
        i: usize,
        name: &str,
        default: Option<&[i64]>,
    ) -> Result<Option<IntList>> {
        match args.get(i) {
            Some(Arg::Ints(v)) => static_ints(cx, v).map(Some),
            Some(Arg::Int(v)) => Ok(Some(smallvec::smallvec![static_int(cx, *v)?])),
            None | Some(Arg::None) => Ok(default.map(IntList::from_slice)),
            a => Err(bad(cx, i, name, "a list of ints or None", a)),
        }
    }

    /// A `SymInt[]`.
    pub fn sizes(
        cx: &Cx<'_>,
        args: &[Arg<'_>],
        i: usize,
        name: &str,
        default: Option<&[i64]>,
    ) -> Result<Dims> {
        match args.get(i) {
            Some(Arg::Ints(v)) => Ok(v.clone()),
            Some(Arg::Int(v)) => Ok(smallvec::smallvec![*v]),
            None | Some(Arg::None) => {
                missing(cx, i, name, "a list of ints", default.map(from_ints))
            }
            a => Err(bad(cx, i, name, "a list of ints", a)),
        }
    }

    /// A `SymInt[]?`.
    pub fn opt_sizes(
        cx: &Cx<'_>,
        args: &[Arg<'_>],
        i: usize,
        name: &str,
        default: Option<&[i64]>,
    ) -> Result<Option<Dims>> {
        match args.get(i) {
            Some(Arg::Ints(v)) => Ok(Some(v.clone())),
            Some(Arg::Int(v)) => Ok(Some(smallvec::smallvec![*v])),
            None | Some(Arg::None) => Ok(default.map(from_ints)),
            a => Err(bad(cx, i, name, "a list of ints or None", a)),
        }
    }

    /// A `float[]?`.
    pub fn opt_floats(
        cx: &Cx<'_>,
        args: &[Arg<'_>],
        i: usize,
        name: &str,
    ) -> Result<Option<SmallVec<[f64; 4]>>> {
        match args.get(i) {
            Some(Arg::Floats(v)) => Ok(Some(v.clone())),
            Some(Arg::Float(v)) => Ok(Some(smallvec::smallvec![*v])),
            None | Some(Arg::None) => Ok(None),
            a => Err(bad(cx, i, name, "a list of floats or None", a)),
        }
    }

    /// A `float`.
    pub fn float(
        cx: &Cx<'_>,
        args: &[Arg<'_>],
        i: usize,
        name: &str,
        default: Option<f64>,
    ) -> Result<f64> {
        match args.get(i) {
            Some(Arg::Float(v)) => Ok(*v),
            Some(Arg::Int(SymInt::Int(v))) => Ok(*v as f64),
            None | Some(Arg::None) => missing(cx, i, name, "a float", default),
            a => Err(bad(cx, i, name, "a float", a)),
        }
    }

    /// A `float?`.
    pub fn opt_float(
        cx: &Cx<'_>,
        args: &[Arg<'_>],
        i: usize,
        name: &str,
        default: Option<f64>,
    ) -> Result<Option<f64>> {
        match args.get(i) {
            Some(Arg::Float(v)) => Ok(Some(*v)),
            Some(Arg::Int(SymInt::Int(v))) => Ok(Some(*v as f64)),
            None | Some(Arg::None) => Ok(default),
            a => Err(bad(cx, i, name, "a float or None", a)),
        }
    }

    /// A `bool`.
    pub fn bool(
        cx: &Cx<'_>,
        args: &[Arg<'_>],
        i: usize,
        name: &str,
        default: Option<bool>,
    ) -> Result<bool> {
        match args.get(i) {
            Some(Arg::Bool(v)) => Ok(*v),
            Some(Arg::SymBool(SymBool::Bool(v))) => Ok(*v),
            None | Some(Arg::None) => missing(cx, i, name, "a bool", default),
            a => Err(bad(cx, i, name, "a bool", a)),
        }
    }

    /// A `bool?`.
    pub fn opt_bool(
        cx: &Cx<'_>,
        args: &[Arg<'_>],
        i: usize,
        name: &str,
        default: Option<bool>,
    ) -> Result<Option<bool>> {
        match args.get(i) {
            Some(Arg::Bool(v)) => Ok(Some(*v)),
            None | Some(Arg::None) => Ok(default),
            a => Err(bad(cx, i, name, "a bool or None", a)),
        }
    }

    /// A `Scalar`.
    pub fn scalar(
        cx: &Cx<'_>,
        args: &[Arg<'_>],
        i: usize,
        name: &str,
        default: Option<Scalar>,
    ) -> Result<Scalar> {
        match args.get(i) {
            Some(Arg::Scalar(v)) => Ok(*v),
            Some(Arg::Int(v)) => Ok(Scalar::Int(*v)),
            Some(Arg::Float(v)) => Ok(Scalar::from(*v)),
            Some(Arg::Bool(v)) => Ok(Scalar::Bool(SymBool::Bool(*v))),
            Some(Arg::SymBool(v)) => Ok(Scalar::Bool(*v)),
            None | Some(Arg::None) => missing(cx, i, name, "a number", default),
            a => Err(bad(cx, i, name, "a number", a)),
        }
    }

    /// A `Scalar?`.
    pub fn opt_scalar(
        cx: &Cx<'_>,
        args: &[Arg<'_>],
        i: usize,
        name: &str,
        default: Option<Scalar>,
    ) -> Result<Option<Scalar>> {
        match args.get(i) {
            None | Some(Arg::None) => Ok(default),
            _ => scalar(cx, args, i, name, None).map(Some),
        }
    }

    /// A `ScalarType?` (a `ScalarType` is read the same way and unwrapped
    /// by the caller).
    pub fn opt_dtype(
        cx: &Cx<'_>,
        args: &[Arg<'_>],
        i: usize,
        name: &str,
        default: Option<DType>,
    ) -> Result<Option<DType>> {
        match args.get(i) {
            Some(Arg::DType(v)) => Ok(Some(*v)),
            None | Some(Arg::None) => Ok(default),
            a => Err(bad(cx, i, name, "a dtype", a)),
        }
    }

    /// A `Device?`.
    pub fn opt_device(
        cx: &Cx<'_>,
        args: &[Arg<'_>],
        i: usize,
        name: &str,
        default: Option<Device>,
    ) -> Result<Option<Device>> {
        match args.get(i) {
            Some(Arg::Device(v)) => Ok(Some(*v)),
            None | Some(Arg::None) => Ok(default),
            a => Err(bad(cx, i, name, "a device", a)),
        }
    }

    /// A `Layout?`.
    pub fn opt_layout(
        cx: &Cx<'_>,
        args: &[Arg<'_>],
        i: usize,
        name: &str,
        default: Option<Layout>,
    ) -> Result<Option<Layout>> {
        match args.get(i) {
            Some(Arg::Layout(v)) => Ok(Some(*v)),
            None | Some(Arg::None) => Ok(default),
            a => Err(bad(cx, i, name, "a layout", a)),
        }
    }

    /// A `MemoryFormat?`.
    pub fn opt_memory_format(
        cx: &Cx<'_>,
        args: &[Arg<'_>],
        i: usize,
        name: &str,
        default: Option<MemoryFormat>,
    ) -> Result<Option<MemoryFormat>> {
        match args.get(i) {
            Some(Arg::MemoryFormat(v)) => Ok(Some(*v)),
            None | Some(Arg::None) => Ok(default),
            a => Err(bad(cx, i, name, "a memory format", a)),
        }
    }

    /// A `str?`.
    pub fn opt_str<'a>(
        cx: &Cx<'_>,
        args: &[Arg<'a>],
        i: usize,
        name: &str,
        default: Option<&'static str>,
    ) -> Result<Option<&'a str>> {
        match args.get(i) {
            Some(Arg::Str(v)) => Ok(Some(*v)),
            None | Some(Arg::None) => Ok(default),
            a => Err(bad(cx, i, name, "a string", a)),
        }
    }

    /// Present-or-error for a non-optional argument read through an
    /// optional reader.
    pub fn required<T>(cx: &Cx<'_>, i: usize, name: &str, v: Option<T>) -> Result<T> {
        v.ok_or_else(|| bad(cx, i, name, "a value", None))
    }
}

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
