//! Output strides of elementwise operators as a fake tensor gets them:
//! from the references' `_prim_elementwise_meta`
//! (`compute_elementwise_output_logical_to_physical_perm` of
//! `torch._prims_common`), the Python meta kernel FakeTensorMode runs for
//! the elementwise operators on static and symbolic sizes alike. (ATen's
//! TensorIterator, which real CPU tensors use, orders some layouts
//! differently: it zeroes the strides of every dim an input lacks, where
//! `expand` gives an added dim of size 1 a stride.)

use super::arith::{Guarded, LayoutArith, ints_first};
use super::{Decide, Dims, contiguous, with_physical_order};
use crate::error::Result;
use crate::shape_env::{Remembered, ShapeEnv, remembered_kind, return_recalled};
use crate::sym::SymInt;
use smallvec::SmallVec;

/// An input of an elementwise operator: its own sizes and strides (not
/// broadcast; a zero-dim input has none).
#[derive(Debug, Clone, Copy)]
pub struct Operand<'a> {
    /// Sizes of the input.
    pub sizes: &'a [SymInt],
    /// Strides of the input.
    pub strides: &'a [SymInt],
}

impl<'a> Operand<'a> {
    /// The sizes and strides of `t`.
    pub fn of(t: &'a crate::TensorMeta) -> Self {
        Operand {
            sizes: &t.sizes,
            strides: &t.strides,
        }
    }
}

/// The strides `expand(out_sizes)` gives `o`, as the fake `expand` the
/// references' `_maybe_broadcast` calls computes them: on static sizes
/// and strides ATen's `inferExpandGeometry`; with one value symbolic the
/// reference, `prims.broadcast_in_dim`. Both give a dim broadcast from
/// size 1 or added with a size other than 1 stride 0, and keep a kept
/// dim's stride; they differ on an added dim of size 1: ATen gives it the
/// stride of the dim after it (as expanded) times that dim's size,
/// `broadcast_in_dim` the stride of `o`'s first dim times its size (1 for
/// a zero-dim `o`), whatever was added or broadcast between.
pub fn expanded(env: &mut ShapeEnv, out_sizes: &[SymInt], o: &Operand<'_>) -> Result<Dims> {
    let statics = super::all_static(o.sizes, o.strides) && out_sizes.iter().all(|s| s.is_static());
    let (op, decide) = ("expand", Decide::OrFalse);
    let guarded = Guarded { env, op, decide };
    ints_first!(statics, expanded_with(out_sizes, o, !statics), guarded)
}

/// [`expanded`] in `a`'s arithmetic (`reference`: `broadcast_in_dim`'s
/// strides for added dims of size 1, else ATen's).
#[inline(always)]
pub(super) fn expanded_with<A: LayoutArith>(
    a: &mut A,
    out_sizes: &[SymInt],
    o: &Operand<'_>,
    reference: bool,
) -> std::result::Result<Dims, A::Error> {
    let ndim = out_sizes.len();
    let offset = ndim - o.sizes.len().min(ndim);
    let mut strides: Dims = Dims::from_elem(SymInt::Int(0), ndim);
    for i in (0..ndim).rev() {
        let target = out_sizes[i];
        let (size, stride) = if i >= offset {
            (o.sizes[i - offset], o.strides[i - offset])
        } else if matches!(target, SymInt::Int(t) if t != 1) {
            // An added dim the broadcast widens: stride 0 whatever the
            // dim after it.
            continue;
        } else if reference {
            // `guard_or_true(shape[idx] != 1)`: stride 0 unless decided 1.
            if target != SymInt::Int(1) && !a.eq(target, SymInt::Int(1))? {
                continue;
            }
            strides[i] = match (o.sizes.first(), o.strides.first()) {
                (Some(&size), Some(&stride)) => a.mul(stride, size)?,
                _ => SymInt::Int(1),
            };
            continue;
        } else if i + 1 < ndim {
            (SymInt::Int(1), a.mul(out_sizes[i + 1], strides[i + 1])?)
        } else {
            (SymInt::Int(1), SymInt::Int(1))
        };
        // The same size (the common case) keeps the stride.
        let same = if size == target {
            true
        } else if let (SymInt::Int(x), SymInt::Int(y)) = (size, target) {
            x == y
        } else if let (SymInt::Int(k), v) | (v, SymInt::Int(k)) = (size, target)
            && a.known_ne(v, k)
        {
            false
        } else if size == SymInt::Int(1) || a.eq(size, SymInt::Int(1))? {
            // A size-1 dim (a literal 1, or decided to be one: a guard may
            // have said so) keeps its stride only where the target is
            // decided to be 1 too: one of data-dependent length is
            // broadcast (stride 0), as `broadcast_in_dim` answers.
            a.eq(target, SymInt::Int(1))?
        } else {
            a.eq_or_true(size, target)?
        };
        strides[i] = if same { stride } else { SymInt::Int(0) };
    }
    Ok(strides)
}

/// Output strides of an elementwise operator over `inputs` as the
/// references compute them (`_prim_elementwise_meta`): the inputs
/// broadcast with `expand`; contiguous when every one is contiguous and
/// not every one channels-last, channels-last in the opposite case (both
/// decided with `guard_or_false`), else the dims sorted by the inputs'
/// strides (`should_swap`) and laid out densely in that order. The caller
/// leaves out what takes no part: wrapped numbers, and on symbolic calls
/// CPU scalars (zero-dim CPU tensors; inside a static meta kernel every
/// fake tensor reports the meta device, so there they do take part).
pub fn pointwise(
    env: &mut ShapeEnv,
    out_sizes: &[SymInt],
    inputs: &[Operand<'_>],
    op: &str,
) -> Result<Dims> {
    let ndim = out_sizes.len();
    if ndim == 0 {
        return Ok(Dims::new());
    }
    if inputs.is_empty() || ndim == 1 {
        return contiguous(env, out_sizes);
    }
    let symbolic = !out_sizes.iter().all(|s| s.is_static());
    if !symbolic {
        let statics = inputs.iter().all(|o| super::all_static(o.sizes, o.strides));
        let guarded = Guarded {
            env,
            op,
            decide: Decide::OrFalse,
        };
        return ints_first!(statics, static_with(out_sizes, inputs), guarded);
    }
    // On symbolic sizes the rule's answer is remembered, keyed by the
    // output sizes and the inputs' own layouts.
    let mut parts: SmallVec<[&[SymInt]; 10]> = SmallVec::new();
    parts.push(&remembered_kind::ELEMENTWISE);
    parts.push(out_sizes);
    for o in inputs {
        parts.push(o.sizes);
        parts.push(o.strides);
    }
    return_recalled!(env, &parts, Remembered::Strides(known) => known.clone());
    let since = env.remembering();
    let mut all: SmallVec<[Dims; 4]> = SmallVec::new();
    for o in inputs {
        all.push(expanded(env, out_sizes, o)?);
    }
    let decide = Decide::OrFalse;
    let strides = ordered(&mut Guarded { env, op, decide }, out_sizes, &all, symbolic)?;
    env.remember(since, &parts, Remembered::Strides(strides.clone()));
    Ok(strides)
}

/// [`pointwise`] on static sizes, in `a`'s arithmetic.
#[inline(always)]
pub(super) fn static_with<A: LayoutArith>(
    a: &mut A,
    out_sizes: &[SymInt],
    inputs: &[Operand<'_>],
) -> std::result::Result<Dims, A::Error> {
    // Pushed, not collected through `Result` (measurably cheaper).
    let mut all: SmallVec<[Dims; 4]> = SmallVec::new();
    for o in inputs {
        all.push(a.expanded(out_sizes, o)?);
    }
    // No input orders any dim (every stride 0, as an index's gathered
    // dims): both layout tests fail unless there are fewer than two
    // elements, and no comparison has an opinion, so every branch of
    // `ordered` lays the dims out row-major; on static sizes no test
    // records a guard either.
    if all.iter().all(|st| st.iter().all(|&s| s == SymInt::Int(0))) {
        return a.contiguous(out_sizes);
    }
    ordered(a, out_sizes, &all, false)
}

/// [`pointwise`] past its short cuts, in `a`'s arithmetic (its plain
/// comparisons decided with `guard_or_false`): the layout tests of the
/// broadcast inputs' strides `all`, then their order (`symbolic`: some
/// size is).
fn ordered<A: LayoutArith>(
    a: &mut A,
    out_sizes: &[SymInt],
    all: &[Dims],
    symbolic: bool,
) -> std::result::Result<Dims, A::Error> {
    let ndim = out_sizes.len();
    let mut all_contiguous = true;
    let mut all_cl = true;
    for st in all {
        all_contiguous = all_contiguous && a.is_contiguous(out_sizes, st)?;
        all_cl = all_cl && ndim == 4 && a.is_channels_last(out_sizes, st)?;
    }
    if all_contiguous && !all_cl {
        return a.contiguous(out_sizes);
    }
    if all_cl && !all_contiguous {
        return a.channels_last(out_sizes);
    }
    // `v == 0`, without a decision when `v`'s range settles it.
    let is_zero = |a: &mut A, v: SymInt| -> std::result::Result<bool, A::Error> {
        if a.known_ne(v, 0) {
            return Ok(false);
        }
        a.eq(v, SymInt::Int(0))
    };
    // `x >= y` for `x, y >= 0`, as the references' `should_swap` decides it.
    let ge = |a: &mut A, x: SymInt, y: SymInt| -> std::result::Result<bool, A::Error> {
        if is_zero(a, y)? {
            return Ok(true);
        }
        if is_zero(a, x)? {
            return Ok(false);
        }
        if a.ge(x, y)? {
            return Ok(true);
        }
        let m = a.modulo(x, y)?;
        a.eq(m, SymInt::Int(0))
    };
    let should_swap = |a: &mut A, x: usize, y: usize| -> std::result::Result<i32, A::Error> {
        for st in all {
            let (sx, sy) = (st[x], st[y]);
            if is_zero(a, sx)? || is_zero(a, sy)? {
                continue;
            }
            if a.eq(sx, sy)? {
                if ge(a, out_sizes[y], out_sizes[x])? {
                    continue;
                }
                return Ok(1);
            }
            if ge(a, sy, sx)? {
                return Ok(-1);
            }
            if ge(a, sx, sy)? {
                return Ok(1);
            }
        }
        Ok(0)
    };
    let perm = insertion_sort(ndim, |x, y| should_swap(a, x, y))?;
    // perm[0] is the fastest dim; the physical order is outermost first.
    let physical: SmallVec<[usize; 6]> = perm.iter().rev().copied().collect();
    a.laid_out(out_sizes, &physical, symbolic)
}

/// [`with_physical_order`] of symbolic sizes remembered in the arena
/// beside their contiguous strides (pure arena arithmetic, kept as those
/// are, in the ranges they were made in), keyed by the sizes and the order: a second
/// list that is never empty, so never a contiguous strides' key.
pub(super) fn laid_out_in(
    env: &mut ShapeEnv,
    sizes: &[SymInt],
    physical: &[usize],
) -> Result<Dims> {
    let order: SmallVec<[SymInt; 6]> = physical.iter().map(|&d| SymInt::Int(d as i64)).collect();
    if let Some(out) = env.exprs.contiguous_memo(sizes, &order) {
        return Ok(out.clone());
    }
    let out = with_physical_order(env, sizes, physical)?;
    env.exprs.remember_contiguous(sizes, &order, out.clone());
    Ok(out)
}

/// The references' sort: dims from the fastest (`perm[0]`), starting from
/// the reverse order, moved by an insertion sort that accepts "no
/// opinion" (`0`) from `should_swap`.
fn insertion_sort<E>(
    ndim: usize,
    mut should_swap: impl FnMut(usize, usize) -> std::result::Result<i32, E>,
) -> std::result::Result<SmallVec<[usize; 6]>, E> {
    let mut perm: SmallVec<[usize; 6]> = (0..ndim).rev().collect();
    for i in 1..ndim {
        let mut dim1 = i;
        for dim0 in (0..i).rev() {
            let c = should_swap(perm[dim0], perm[dim1])?;
            if c > 0 {
                perm.swap(dim0, dim1);
                dim1 = dim0;
            } else if c < 0 {
                break;
            }
        }
    }
    Ok(perm)
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Every static shape of two to four dims over a few sizes.
    fn shapes() -> Vec<Vec<i64>> {
        crate::shape::shape_grid(&[0, 1, 2, 3], 2..=4)
    }

    /// Inputs broadcast with every stride 0 get, from the tests and the
    /// order, the row-major strides the short cut gives.
    #[test]
    fn all_zero_strides_are_laid_out_row_major() {
        let mut env = ShapeEnv::new();
        for shape in shapes() {
            let sizes: Dims = shape.iter().map(|&v| SymInt::Int(v)).collect();
            let zeros: Dims = sizes.iter().map(|_| SymInt::Int(0)).collect();
            for count in 1..=2 {
                let all: SmallVec<[Dims; 4]> = (0..count).map(|_| zeros.clone()).collect();
                let (op, decide) = ("add", Decide::OrFalse);
                let guarded = &mut Guarded {
                    env: &mut env,
                    op,
                    decide,
                };
                let steps = ordered(guarded, &sizes, &all, false).unwrap();
                let fast = contiguous(&mut env, &sizes).unwrap();
                assert_eq!(steps, fast, "{shape:?}, {count} inputs");
            }
        }
    }
}
