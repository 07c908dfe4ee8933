//! Strides: contiguous and channels-last layouts, contiguity tests, the
//! strides of a view (ATen's `computeStride`, `view`), the output strides
//! of a pointwise operator (TensorIterator's rule: the output follows the
//! memory order of its inputs, `elementwise`), and whether a tensor
//! overlaps itself (`overlap`).

use crate::error::Result;
use crate::shape::Dims;
use crate::shape_env::{Remembered, ShapeEnv, remembered_kind, return_recalled};
use crate::sym::{SymBool, SymInt};
use smallvec::SmallVec;

mod arith;
mod elementwise;
mod overlap;
use arith::{Guarded, Ints, LayoutArith, ints_first};
mod view;
pub use elementwise::{Operand, expanded, pointwise};
pub use overlap::{MemOverlap, internal_overlap};
pub use view::view_strides;

/// Row-major strides for `sizes` (`make_contiguous_strides_for`): sizes of
/// 0 count as 1.
pub fn contiguous(env: &mut ShapeEnv, sizes: &[SymInt]) -> Result<Dims> {
    if let Some(out) = contiguous_static(env, sizes) {
        return Ok(out);
    }
    contiguous_general(env, sizes)
}

/// [`contiguous`] through the ShapeEnv, remembered.
fn contiguous_general(env: &mut ShapeEnv, sizes: &[SymInt]) -> Result<Dims> {
    // Pure arena arithmetic: remembered as the arena's constructor
    // results are (in the ranges it was made in).
    if let Some(out) = env.exprs.contiguous_memo(sizes, &[]) {
        return Ok(out.clone());
    }
    let mut out: Dims = Dims::from_elem(SymInt::Int(1), sizes.len());
    let mut acc = SymInt::Int(1);
    // The product as PyTorch's sympy keeps it for printing (`PrintForm`):
    // `base` times the sizes whose `Max(1, size)` sympy did not fold as it
    // made it; `base` is `acc` itself until the first such size.
    let mut base = SymInt::Int(1);
    let mut sums: SmallVec<[crate::sym::ExprId; 2]> = SmallVec::new();
    for i in (0..sizes.len()).rev() {
        out[i] = acc;
        if let (SymInt::Expr(v), false) = (acc, sums.is_empty()) {
            let b = env.expr_of(base)?;
            env.exprs.note_print_form(v, b, &sums);
        }
        let s = env.max(sizes[i], SymInt::Int(1))?;
        let before = acc;
        acc = env.mul(acc, s)?;
        match (s, sizes[i]) {
            (SymInt::Expr(e), SymInt::Expr(z))
                if e == z && env.exprs.is_sum(e) && !env.exprs.assumed_at_least_one(e) =>
            {
                if sums.is_empty() {
                    base = before;
                }
                sums.push(e)
            }
            _ if !sums.is_empty() => base = env.mul(base, s)?,
            _ => {}
        }
    }
    env.exprs.remember_contiguous(sizes, &[], out.clone());
    Ok(out)
}

/// [`contiguous`] on `i64`s when every size is static, or every size but
/// the first, which is then a symbol (a symbolic batch): the first size
/// enters no stride, only the product past the last one, which the general
/// path makes (`k*s` or `k*Max(1, s)`, with nothing to overflow) and drops.
/// `None` otherwise or when a stride overflows: the general path decides.
#[inline]
fn contiguous_static(env: &ShapeEnv, sizes: &[SymInt]) -> Option<Dims> {
    let mut out: Dims = Dims::from_elem(SymInt::Int(1), sizes.len());
    let mut acc = 1i64;
    for (i, s) in sizes.iter().enumerate().rev() {
        out[i] = SymInt::Int(acc);
        let v = match *s {
            SymInt::Int(v) => v,
            SymInt::Expr(e) if i == 0 && env.exprs.owns(e) && env.exprs.as_symbol(e).is_some() => {
                break;
            }
            SymInt::Expr(_) => return None,
        };
        acc = acc.checked_mul(v.max(1))?;
    }
    Some(out)
}

/// The channels-last memory format's strides for a 4-D (NHWC) or 5-D
/// (NDHWC) tensor, as c10's `get_channels_last_strides_2d/3d` and the
/// references' `make_channels_last_strides_for` make them: sizes
/// multiplied as they are, so a zero size zeroes the strides outside it
/// (where contiguous strides count it as 1). Other ranks get contiguous
/// strides.
pub fn channels_last(env: &mut ShapeEnv, sizes: &[SymInt]) -> Result<Dims> {
    let n = sizes.len();
    if n != 4 && n != 5 {
        return contiguous(env, sizes);
    }
    let mut out: Dims = Dims::from_elem(SymInt::Int(1), n);
    let mut acc = SymInt::Int(1);
    for d in channels_last_order(n).into_iter().rev() {
        out[d] = acc;
        acc = env.mul(acc, sizes[d])?;
    }
    Ok(out)
}

/// Dense strides in channels-last order as the elementwise stride rule
/// lays them out (`make_contiguous_strides_for` of the permuted sizes,
/// each counted as at least 1). 4-D and 5-D sizes only.
pub fn channels_last_dense(env: &mut ShapeEnv, sizes: &[SymInt]) -> Result<Dims> {
    with_physical_order(env, sizes, &channels_last_order(sizes.len()))
}

/// Channels-last physical order of `n` dims, outermost first: N, the
/// spatial dims, C.
fn channels_last_order(n: usize) -> SmallVec<[usize; 6]> {
    let mut order: SmallVec<[usize; 6]> = SmallVec::new();
    order.push(0);
    order.extend(2..n);
    order.push(1);
    order
}

/// Strides that lay out `sizes` in the physical order `perm` (outermost
/// first): `perm = [0, 2, 3, 1]` is channels-last.
pub fn with_physical_order(env: &mut ShapeEnv, sizes: &[SymInt], perm: &[usize]) -> Result<Dims> {
    let mut out: Dims = Dims::from_elem(SymInt::Int(1), sizes.len());
    let mut acc = SymInt::Int(1);
    for &d in perm.iter().rev() {
        out[d] = acc;
        let s = env.max(sizes[d], SymInt::Int(1))?;
        acc = env.mul(acc, s)?;
    }
    Ok(out)
}

/// How a layout test decides a condition it cannot settle statically.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Decide {
    /// Guard on backed sizes; a condition on unbacked ones is
    /// [`crate::ErrorKind::DataDependent`] (PyTorch's `eval_eager`).
    Guard,
    /// Answer "not this layout" where that needs an unbacked symbol's value,
    /// recording nothing (PyTorch's `false_if_dde=True`:
    /// `is_contiguous_or_false`, `is_channels_last_contiguous_or_false`).
    OrFalse,
}

impl Decide {
    /// A symbolic `c` decided with a guard, or with `fallback`
    /// (`guard_or_false` / `guard_or_true`): out of line, so the static
    /// comparisons above inline.
    #[inline(never)]
    fn decide(
        self,
        env: &mut ShapeEnv,
        c: SymBool,
        op: &str,
        fallback: fn(&mut ShapeEnv, SymBool, &str) -> Result<bool>,
    ) -> Result<bool> {
        match self {
            Decide::Guard => env.guard_bool(c, op),
            Decide::OrFalse => fallback(env, c, op),
        }
    }

    /// `a == b` decided with `guard_or_false` or a guard.
    #[inline(always)]
    fn eq_or_false(self, env: &mut ShapeEnv, a: SymInt, b: SymInt, op: &str) -> Result<bool> {
        if let (SymInt::Int(x), SymInt::Int(y)) = (a, b) {
            return Ok(x == y);
        }
        // A lone symbol whose range excludes the constant: the condition
        // is false and deciding it would record nothing.
        if let SymInt::Int(y) = b
            && env.known_ne(a, y)
        {
            return Ok(false);
        }
        let c = env.eq(a, b)?;
        self.decide(env, c, op, ShapeEnv::guard_or_false)
    }

    /// `a < b` decided with `guard_or_true` or a guard.
    #[inline(always)]
    fn lt_or_true(self, env: &mut ShapeEnv, a: SymInt, b: SymInt, op: &str) -> Result<bool> {
        if let (SymInt::Int(x), SymInt::Int(y)) = (a, b) {
            return Ok(x < y);
        }
        let c = env.lt(a, b)?;
        self.decide(env, c, op, ShapeEnv::guard_or_true)
    }

    /// `a != b` decided with `guard_or_true` or a guard.
    #[inline(always)]
    fn ne_or_true(self, env: &mut ShapeEnv, a: SymInt, b: SymInt, op: &str) -> Result<bool> {
        if let (SymInt::Int(x), SymInt::Int(y)) = (a, b) {
            return Ok(x != y);
        }
        if let SymInt::Int(y) = b
            && env.known_ne(a, y)
        {
            return Ok(true);
        }
        let c = env.ne(a, b)?;
        self.decide(env, c, op, ShapeEnv::guard_or_true)
    }
}

/// True when every size and stride is static and the strides are exactly
/// the contiguous strides of the sizes, size-one dims included (`[2, 1, 3]`
/// with `[3, 3, 1]`, not `[3, 7, 1]`): the layout whose every view and
/// elementwise result is contiguous too, decided without the ShapeEnv.
pub fn is_exactly_contiguous(sizes: &[SymInt], strides: &[SymInt]) -> bool {
    if sizes.len() != strides.len() {
        return false;
    }
    let mut expected: i64 = 1;
    for (&size, &stride) in sizes.iter().zip(strides).rev() {
        let (SymInt::Int(size), SymInt::Int(stride)) = (size, stride) else {
            return false;
        };
        if stride != expected {
            return false;
        }
        match expected.checked_mul(size.max(1)) {
            Some(next) => expected = next,
            None => return false,
        }
    }
    true
}

/// A layout flag of a tensor, as c10 keeps it ([`tensor_flag`]).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Flag {
    /// `is_contiguous()`.
    Contiguous,
    /// `is_contiguous(channels_last)` of a 4-D tensor, or
    /// `channels_last_3d` of a 5-D one.
    ChannelsLast,
}

/// A tensor's own layout flag as C++ asks it (`is_contiguous_or_false()`,
/// and `contiguous()`; c10's `SymbolicShapeMeta`): decided as
/// [`Decide::OrFalse`] first. Where that cannot say yes under
/// `backed_size_oblivious` (whose `guard_or_false` falls back on backed
/// sizes too), c10 builds the flag as one expression, which stands when
/// it folds to a constant (`_compute_contiguous_sym`); else, when every
/// size and stride has a hint, it computes the flag again with plain
/// comparisons, which guard. Without that setting the first answer
/// stands: on hinted sizes it guarded already.
pub fn tensor_flag(
    env: &mut ShapeEnv,
    flag: Flag,
    sizes: &[SymInt],
    strides: &[SymInt],
    op: &str,
) -> Result<bool> {
    let test = |env: &mut ShapeEnv, d: Decide| match flag {
        Flag::Contiguous => is_contiguous(env, sizes, strides, op, d),
        Flag::ChannelsLast => is_channels_last(env, sizes, strides, op, d),
    };
    let first = test(env, Decide::OrFalse)?;
    if first || !env.backed_size_oblivious() {
        return Ok(first);
    }
    let folded = match flag {
        Flag::Contiguous => contiguity_expression(env, sizes, strides)?,
        Flag::ChannelsLast => None,
    };
    if let Some(b) = folded {
        return Ok(b);
    }
    for &v in sizes.iter().chain(strides) {
        if !v.is_static() && env.size_hint(v)?.is_none() {
            return Ok(false);
        }
    }
    test(env, Decide::Guard)
}

/// The expression `_compute_contiguous_sym` builds, `Or(And(Or(Eq(size,
/// 1), Eq(stride, expected)), ...), Eq(numel, 0))`, as far as it folds
/// without the ShapeEnv: comparisons of constants and of equal
/// expressions only. `None` when it stays symbolic.
fn contiguity_expression(
    env: &mut ShapeEnv,
    sizes: &[SymInt],
    strides: &[SymInt],
) -> Result<Option<bool>> {
    let folds = |a: SymInt, b: SymInt| match (a, b) {
        (SymInt::Int(x), SymInt::Int(y)) => Some(x == y),
        _ if a == b => Some(true),
        _ => None,
    };
    let numel = numel(env, sizes)?;
    let empty = folds(numel, SymInt::Int(0));
    let mut all = Some(true);
    let mut expected = SymInt::Int(1);
    for (&size, &stride) in sizes.iter().zip(strides).rev() {
        let term = match (folds(size, SymInt::Int(1)), folds(stride, expected)) {
            (Some(true), _) | (_, Some(true)) => Some(true),
            (Some(false), Some(false)) => Some(false),
            _ => None,
        };
        all = match (all, term) {
            (Some(false), _) | (_, Some(false)) => Some(false),
            (Some(true), Some(true)) => Some(true),
            _ => None,
        };
        expected = env.mul(expected, size)?;
    }
    Ok(match (all, empty) {
        (Some(true), _) | (_, Some(true)) => Some(true),
        (Some(false), Some(false)) => Some(false),
        _ => None,
    })
}

/// True when `strides` are the contiguous strides of `sizes`, ignoring
/// dims of size 1 (`torch._prims_common.is_contiguous`: fewer than two
/// elements is contiguous, then `check_contiguous_sizes_strides`, which
/// accepts both `size` and `Max(size, 1)` products as expected strides).
pub fn is_contiguous(
    env: &mut ShapeEnv,
    sizes: &[SymInt],
    strides: &[SymInt],
    op: &str,
    decide: Decide,
) -> Result<bool> {
    let symbolic = sizes.iter().chain(strides).any(|v| !v.is_static());
    if symbolic && let Some(b) = env.recall_layout(sizes, strides)? {
        return Ok(b);
    }
    let since = env.remembering();
    let answer = test_contiguous(env, sizes, strides, op, decide)?;
    // An answer that fell back on an unbacked size (`guard_or_false`) is
    // not one a guarding test may reuse.
    let exact = decide == Decide::Guard || env.only_backed(sizes.iter().chain(strides));
    if symbolic && exact {
        env.remember_layout(since, sizes, strides, answer);
    }
    Ok(answer)
}

/// [`is_contiguous`], asked for the first time: on plain integers when
/// every value is static, else (or on an overflow) through the ShapeEnv.
fn test_contiguous(
    env: &mut ShapeEnv,
    sizes: &[SymInt],
    strides: &[SymInt],
    op: &str,
    decide: Decide,
) -> Result<bool> {
    let guarded = Guarded { env, op, decide };
    ints_first!(
        all_static(sizes, strides),
        contiguous_with(sizes, strides),
        guarded
    )
}

/// Whether every size and stride is static.
#[inline(always)]
fn all_static(sizes: &[SymInt], strides: &[SymInt]) -> bool {
    sizes.iter().chain(strides).all(|v| v.is_static())
}

/// [`test_contiguous`] in `a`'s arithmetic.
#[inline(always)]
fn contiguous_with<A: LayoutArith>(
    a: &mut A,
    sizes: &[SymInt],
    strides: &[SymInt],
) -> std::result::Result<bool, A::Error> {
    if fewer_than_two_elements(a, sizes)? {
        return Ok(true);
    }
    dense_in_order(a, sizes.iter().copied().zip(strides.iter().copied()).rev())
}

/// Whether `sizes` hold fewer than two elements (a layout any strides
/// describe densely).
#[inline(always)]
fn fewer_than_two_elements<A: LayoutArith>(
    a: &mut A,
    sizes: &[SymInt],
) -> std::result::Result<bool, A::Error> {
    let numel = a.numel(sizes)?;
    a.lt(numel, SymInt::Int(2))
}

/// `check_contiguous_sizes_strides` of `(size, stride)` pairs given
/// innermost first: each stride, size-1 dims aside, the product of the
/// sizes inside it (as `size` or as `Max(size, 1)`).
#[inline(always)]
fn dense_in_order<A: LayoutArith>(
    a: &mut A,
    dims: impl Iterator<Item = (SymInt, SymInt)>,
) -> std::result::Result<bool, A::Error> {
    let mut expected = SymInt::Int(1);
    let mut expected_max = SymInt::Int(1);
    for (s, st) in dims {
        if a.eq(s, SymInt::Int(1))? {
            continue;
        }
        if a.ne(st, expected)? && (expected_max == expected || a.ne(st, expected_max)?) {
            return Ok(false);
        }
        (expected, expected_max) = a.next_expected(expected, expected_max, s)?;
    }
    Ok(true)
}

/// The product of `sizes`, as [`crate::shape::numel`] makes it; for a
/// symbolic batch (a symbol first, every other size static) the symbol
/// times the others' product, made once: the same interned polynomial,
/// without the partial products. A product past `i64` is left to
/// [`crate::shape::numel`], which reports it.
#[inline]
fn numel(env: &mut ShapeEnv, sizes: &[SymInt]) -> Result<SymInt> {
    if let Some((&first @ SymInt::Expr(e), rest)) = sizes.split_first()
        && env.exprs.owns(e)
        && env.exprs.as_symbol(e).is_some()
    {
        let mut k = 1i64;
        for &r in rest {
            match r.as_int().and_then(|x| k.checked_mul(x)) {
                Some(p) => k = p,
                None => return crate::shape::numel(env, sizes),
            }
        }
        return env.mul(first, SymInt::Int(k));
    }
    crate::shape::numel(env, sizes)
}

/// The expected strides of `check_contiguous_sizes_strides` after a dim of
/// size `s`: the product of the sizes, and of `Max(size, 1)`. `Max(s, 1)`
/// is `s` for a size known to be at least 1 (a constant, or a symbol whose
/// range says so), so while that holds the two products stay one.
#[inline]
pub(crate) fn next_expected(
    env: &mut ShapeEnv,
    expected: SymInt,
    expected_max: SymInt,
    s: SymInt,
) -> Result<(SymInt, SymInt)> {
    let at_least_one = match s {
        SymInt::Int(v) => v >= 1,
        e => env
            .as_symbol(e)
            .is_some_and(|sym| env.symbol_range(sym).lo().is_some_and(|lo| lo >= 1)),
    };
    if at_least_one && expected_max == expected {
        let product = env.mul(expected, s)?;
        return Ok((product, product));
    }
    let m = env.max(s, SymInt::Int(1))?;
    Ok((env.mul(expected, s)?, env.mul(expected_max, m)?))
}

/// True when `strides` are channels-last strides of a 4-D/5-D `sizes`,
/// ignoring dims of size 1 (`is_channels_last_contiguous_2d` / `_3d`).
pub fn is_channels_last(
    env: &mut ShapeEnv,
    sizes: &[SymInt],
    strides: &[SymInt],
    op: &str,
    decide: Decide,
) -> Result<bool> {
    let guarded = Guarded { env, op, decide };
    ints_first!(
        all_static(sizes, strides),
        channels_last_with(sizes, strides),
        guarded
    )
}

/// [`is_channels_last`] in `a`'s arithmetic.
#[inline(always)]
fn channels_last_with<A: LayoutArith>(
    a: &mut A,
    sizes: &[SymInt],
    strides: &[SymInt],
) -> std::result::Result<bool, A::Error> {
    let n = sizes.len();
    if n != 4 && n != 5 {
        return Ok(false);
    }
    let mut expected = SymInt::Int(1);
    for d in channels_last_order(n).into_iter().rev() {
        let s = sizes[d];
        if a.eq(s, SymInt::Int(1))? {
            continue;
        }
        if a.ne(strides[d], expected)? {
            return Ok(false);
        }
        expected = a.mul(expected, s)?;
    }
    Ok(true)
}

/// The layout tests export makes of every tensor it traces, for the
/// guards they record (`fx.passes.shape_prop._extract_tensor_metadata`:
/// contiguous, else channels-last of a 4-D or channels-last-3d of a 5-D
/// tensor, each with `guard_or_false` / `guard_or_true`). On a backed size
/// expression that is 1 at its hint this records `Eq(e, 1)`, which later
/// broadcasts read as a literal 1. Nothing is asked of a static layout.
pub fn metadata_guards(
    env: &mut ShapeEnv,
    sizes: &[SymInt],
    strides: &[SymInt],
    op: &str,
) -> Result<()> {
    if sizes.iter().chain(strides).all(|v| v.is_static()) {
        return Ok(());
    }
    if !is_contiguous(env, sizes, strides, op, Decide::OrFalse)? {
        is_channels_last(env, sizes, strides, op, Decide::OrFalse)?;
    }
    Ok(())
}

/// `suggest_memory_format` of sizes and strides: channels-last for a 4-D
/// layout (channels-last-3d for a 5-D one) whose strides look so
/// ([`are_strides_like_channels_last`]), else contiguous.
pub fn suggested_format(
    env: &mut ShapeEnv,
    sizes: &[SymInt],
    strides: &[SymInt],
    op: &str,
) -> Result<crate::MemoryFormat> {
    use crate::MemoryFormat::{ChannelsLast, ChannelsLast3d, Contiguous};
    Ok(
        if !are_strides_like_channels_last(env, sizes, strides, op)? {
            Contiguous
        } else if sizes.len() == 4 {
            ChannelsLast
        } else {
            ChannelsLast3d
        },
    )
}

/// `suggest_memory_format(t)` (`torch._prims_common`): only a strided
/// tensor is ever channels-last ([`suggested_format`]).
pub fn suggest_memory_format(
    env: &mut ShapeEnv,
    t: &crate::TensorMeta,
    op: &str,
) -> Result<crate::MemoryFormat> {
    if t.layout != crate::Layout::Strided {
        return Ok(crate::MemoryFormat::Contiguous);
    }
    suggested_format(env, &t.sizes, &t.strides, op)
}

/// True when a 4-D/5-D tensor's strides look channels-last
/// (`are_strides_like_channels_last_or_false`, the C++
/// `is_channels_last_strides_2d/3d` that `suggest_memory_format` uses):
/// the strides grow in the order C, W, H, (D,) N, each at least the last
/// one times its size, and N does not repeat C's stride (the ambiguous
/// N111 case stays contiguous). Decided with `guard_or_true`, so a test
/// that needs an unbacked value answers "not channels-last".
pub fn are_strides_like_channels_last(
    env: &mut ShapeEnv,
    sizes: &[SymInt],
    strides: &[SymInt],
    op: &str,
) -> Result<bool> {
    let order: &[usize] = match sizes.len() {
        4 => &[1, 3, 2, 0],
        5 => &[1, 4, 3, 2, 0],
        _ => return Ok(false),
    };
    if let Ok(answer) = like_channels_last(&mut Ints, sizes, strides, order) {
        return Ok(answer);
    }
    // Symbolic: remembered (a convolution asks it of its input and weight
    // at every call).
    let kind = &remembered_kind::LIKE_CHANNELS_LAST;
    remembered_answer(env, kind, sizes, strides, |env| {
        let decide = Decide::OrFalse;
        like_channels_last(&mut Guarded { env, op, decide }, sizes, strides, order)
    })
}

/// `test`'s answer on symbolic `sizes` and `strides`, remembered in the
/// ShapeEnv under `kind` as the contiguity test's answers are (reused
/// while its computation's guards stand, and by a replay when it
/// recorded none).
fn remembered_answer(
    env: &mut ShapeEnv,
    kind: &[SymInt; 1],
    sizes: &[SymInt],
    strides: &[SymInt],
    test: impl FnOnce(&mut ShapeEnv) -> Result<bool>,
) -> Result<bool> {
    let parts: [&[SymInt]; 3] = [kind, sizes, strides];
    return_recalled!(env, &parts, Remembered::Answer(known) => *known);
    let since = env.remembering();
    let answer = test(env)?;
    env.remember(since, &parts, Remembered::Answer(answer));
    Ok(answer)
}

/// [`are_strides_like_channels_last`] of a 4-D/5-D layout, dims visited
/// in `order` (C, the spatial dims innermost first, N).
#[inline(always)]
fn like_channels_last<A: LayoutArith>(
    a: &mut A,
    sizes: &[SymInt],
    strides: &[SymInt],
    order: &[usize],
) -> std::result::Result<bool, A::Error> {
    if a.eq_or_true(strides[1], SymInt::Int(0))? {
        return Ok(false);
    }
    let mut min = SymInt::Int(0);
    for &d in order {
        if a.eq_or_true(sizes[d], SymInt::Int(0))? {
            return Ok(false);
        }
        if a.lt_or_true(strides[d], min)? {
            return Ok(false);
        }
        // Python's `min == strides[1]` on SymInts: a guard.
        if d == 0 && a.guard_eq(min, strides[1])? {
            return Ok(false);
        }
        min = a.mul(strides[d], sizes[d])?;
    }
    Ok(true)
}

/// True when some order of the dims makes `strides` contiguous strides of
/// `sizes` (`_is_non_overlapping_and_dense_or_false`): decided with
/// `guard_or_false`, so it is `false` where that needs an unbacked value.
/// Dims are sorted by stride as PyTorch's `K.__lt__` orders them (a
/// stride that divides another is smaller: `u0 < 2*u0`).
///
/// On symbolic sizes the answer is remembered, as the contiguity test's
/// is (an in-place kernel asks it of its target at every call).
pub fn is_non_overlapping_and_dense(
    env: &mut ShapeEnv,
    sizes: &[SymInt],
    strides: &[SymInt],
    op: &str,
) -> Result<bool> {
    if sizes.iter().chain(strides).all(|v| v.is_static()) {
        return test_non_overlapping_and_dense(env, sizes, strides, op);
    }
    let kind = &remembered_kind::NON_OVERLAPPING_AND_DENSE;
    remembered_answer(env, kind, sizes, strides, |env| {
        test_non_overlapping_and_dense(env, sizes, strides, op)
    })
}

/// [`is_non_overlapping_and_dense`], asked for the first time: on plain
/// integers when every value is static, else (or on an overflow) through
/// the ShapeEnv.
fn test_non_overlapping_and_dense(
    env: &mut ShapeEnv,
    sizes: &[SymInt],
    strides: &[SymInt],
    op: &str,
) -> Result<bool> {
    let guarded = Guarded {
        env,
        op,
        decide: Decide::OrFalse,
    };
    let statics = all_static(sizes, strides);
    ints_first!(
        statics,
        non_overlapping_and_dense_with(sizes, strides),
        guarded
    )
}

/// [`test_non_overlapping_and_dense`] in `a`'s arithmetic (its plain
/// comparisons decided with `guard_or_false` / `guard_or_true`).
#[inline(always)]
fn non_overlapping_and_dense_with<A: LayoutArith>(
    a: &mut A,
    sizes: &[SymInt],
    strides: &[SymInt],
) -> std::result::Result<bool, A::Error> {
    if fewer_than_two_elements(a, sizes)? {
        return Ok(true);
    }
    if sizes.len() == 1 {
        return a.eq(strides[0], SymInt::Int(1));
    }
    let lt = |a: &mut A, x: SymInt, y: SymInt| -> std::result::Result<bool, A::Error> {
        if a.lt(x, y)? {
            return Ok(true);
        }
        let divides = if a.eq(x, SymInt::Int(0))? {
            true
        } else {
            let m = a.modulo(y, x)?;
            a.eq(m, SymInt::Int(0))?
        };
        if !divides {
            return Ok(false);
        }
        a.ne(x, y)
    };
    // A stable insertion sort by stride, ascending.
    let mut order: SmallVec<[usize; 6]> = SmallVec::new();
    for d in 0..sizes.len() {
        let mut at = order.len();
        while at > 0 && lt(a, strides[d], strides[order[at - 1]])? {
            at -= 1;
        }
        order.insert(at, d);
    }
    // Innermost first, as `check_contiguous_sizes_strides` reads them
    // (from its last dim).
    dense_in_order(a, order.iter().map(|&d| (sizes[d], strides[d])))
}

#[cfg(test)]
mod tests {
    use super::*;

    fn ints(v: &[i64]) -> Dims {
        v.iter().map(|&x| SymInt::Int(x)).collect()
    }

    /// A contiguity test that recorded a guard (`Ne(s - 1, 1)`, a size
    /// that may be 1) keeps its answer across a replay's restore, and the
    /// replay asking it records that guard again, as the fresh test did.
    #[test]
    fn guarded_contiguity_answers_record_their_guards_again() {
        use crate::shape_env::{DimDynamic, Source};
        let mut env = ShapeEnv::new();
        let s = env
            .create_symbol(5, Source::size("x", 0), DimDynamic::Dynamic, None)
            .unwrap();
        let rows = env.sub(s, SymInt::Int(1)).unwrap();
        let (sizes, strides) = ([rows, SymInt::Int(3)], ints(&[1, 1]));
        let saved = env.clone();
        let ask = |env: &mut ShapeEnv| is_contiguous(env, &sizes, &strides, "t", Decide::OrFalse);
        let fresh = ask(&mut env).unwrap();
        let guards = env.guards.clone();
        assert_eq!(guards.len(), 1, "the size-1 test's guard");
        env.restore_from(&saved, true);
        assert!(env.guards.is_empty());
        assert!(
            env.layouts.get(&sizes, &strides).is_some(),
            "kept across the replay"
        );
        assert_eq!(ask(&mut env).unwrap(), fresh);
        assert_eq!(env.guards, guards, "its guard recorded again");
        env.restore_from(&saved, false);
        assert!(
            env.layouts.get(&sizes, &strides).is_none(),
            "not kept otherwise"
        );
    }

    /// The static instantiation of the channels-last test answers as the
    /// guarded one over a grid of 4-D and 5-D layouts (zero and one
    /// sizes, zero, repeated and permuted strides).
    #[test]
    fn channels_last_test_static_agrees() {
        let mut env = ShapeEnv::new();
        let sizes_4d = [
            [2, 3, 4, 5],
            [1, 3, 1, 1],
            [2, 1, 4, 5],
            [0, 3, 4, 5],
            [2, 3, 1, 5],
        ];
        let mut checked = 0;
        for s in sizes_4d {
            let sizes = ints(&s);
            let mut layouts = vec![
                contiguous(&mut env, &sizes).unwrap(),
                channels_last(&mut env, &sizes).unwrap(),
                ints(&[0, 0, 0, 0]),
                ints(&[1, 1, 1, 1]),
                ints(&[60, 1, 3, 12]),
            ];
            layouts.push(ints(&[s[1], 1, s[1] * s[3], s[1]]));
            for strides in layouts {
                for order in [&[1usize, 3, 2, 0][..], &[1, 2, 3, 0]] {
                    let fast = like_channels_last(&mut Ints, &sizes, &strides, order);
                    let general = like_channels_last(
                        &mut Guarded {
                            env: &mut env,
                            op: "t",
                            decide: Decide::OrFalse,
                        },
                        &sizes,
                        &strides,
                        order,
                    )
                    .unwrap();
                    assert_eq!(fast, Ok(general), "{s:?} {strides:?}");
                    checked += 1;
                }
            }
        }
        let sizes = ints(&[2, 3, 4, 5, 6]);
        let cl3d = channels_last(&mut env, &sizes).unwrap();
        let order = [1usize, 4, 3, 2, 0];
        assert_eq!(
            like_channels_last(&mut Ints, &sizes, &cl3d, &order),
            Ok(true)
        );
        // An overflow gives up, leaving the answer (an error) to the guarded path.
        let (sizes, huge) = (ints(&[2, 2, 2, 2]), ints(&[i64::MAX, 1, 4, 2]));
        assert_eq!(
            like_channels_last(&mut Ints, &sizes, &huge, &[1, 3, 2, 0]),
            Err(())
        );
        assert!(are_strides_like_channels_last(&mut env, &sizes, &huge, "t").is_err());
        assert!(checked > 0);
    }

    /// The contiguous strides on `i64`s are the general path's wherever
    /// they answer, over sizes with zeros and ones, all static or with a
    /// symbol (of a range with or without 0 and 1) first; a symbol
    /// elsewhere, or an expression first, is left to the general path.
    #[test]
    fn contiguous_static_agrees() {
        use crate::shape_env::Source;
        use crate::sym::ValueRange;
        let mut env = ShapeEnv::new();
        let symbols = [ValueRange::at_least(0), ValueRange::at_least(2)]
            .into_iter()
            .enumerate()
            .map(|(i, r)| {
                env.create_symint_input(3, Source::size("x", i), r)
                    .expect("symbol")
            })
            .collect::<Vec<_>>();
        let mut answered = 0;
        for rank in 1..=4usize {
            for code in 0..3usize.pow(rank as u32) {
                let digits: Vec<i64> = (0..rank)
                    .map(|d| [0, 1, 3][code / 3usize.pow(d as u32) % 3])
                    .collect();
                let mut cases = vec![ints(&digits)];
                for &s in &symbols {
                    for at in 0..rank {
                        let mut sizes = ints(&digits);
                        sizes[at] = s;
                        cases.push(sizes);
                    }
                }
                for sizes in cases {
                    let general = contiguous_general(&mut env, &sizes).unwrap();
                    match contiguous_static(&env, &sizes) {
                        Some(fast) => {
                            assert_eq!(fast, general, "{sizes:?}");
                            answered += 1;
                        }
                        None => assert!(!sizes[1..].iter().all(|s| s.is_static())),
                    }
                }
            }
        }
        assert!(answered > 100, "{answered}");
        let s = symbols[1];
        let doubled = env.mul(s, SymInt::Int(2)).unwrap();
        assert_eq!(contiguous_static(&env, &[doubled, SymInt::Int(3)]), None);
        assert_eq!(contiguous_static(&env, &[SymInt::Int(3), s]), None);
        // An overflow is left to the general path, which reports it.
        let huge = ints(&[2, i64::MAX, 2]);
        assert_eq!(contiguous_static(&env, &huge), None);
        assert!(contiguous(&mut env, &huge).is_err());
    }

    /// [`numel`] of a symbolic batch is the very expression
    /// [`crate::shape::numel`] makes, over static sizes with zeros and
    /// ones after a symbol (or an expression) first; an overflow is
    /// reported as there.
    #[test]
    fn numel_of_a_symbolic_batch_agrees() {
        use crate::shape_env::Source;
        use crate::sym::ValueRange;
        let mut env = ShapeEnv::new();
        let s = env
            .create_symint_input(3, Source::size("x", 0), ValueRange::at_least(0))
            .expect("symbol");
        let doubled = env.mul(s, SymInt::Int(2)).unwrap();
        let mut checked = 0;
        for rank in 0..=3usize {
            for code in 0..3usize.pow(rank as u32) {
                for first in [s, doubled, SymInt::Int(4)] {
                    let mut sizes: Dims = (0..rank)
                        .map(|d| SymInt::Int([0, 1, 3][code / 3usize.pow(d as u32) % 3]))
                        .collect();
                    sizes.insert(0, first);
                    let general = crate::shape::numel(&mut env, &sizes).unwrap();
                    assert_eq!(numel(&mut env, &sizes).unwrap(), general, "{sizes:?}");
                    checked += 1;
                }
            }
        }
        assert!(checked > 100, "{checked}");
        let huge = [s, SymInt::Int(i64::MAX), SymInt::Int(2)];
        assert!(numel(&mut env, &huge).is_err());
        assert!(crate::shape::numel(&mut env, &huge).is_err());
    }

    #[test]
    fn contiguous_and_views() {
        let mut env = ShapeEnv::new();
        assert_eq!(
            contiguous(&mut env, &ints(&[2, 3, 4])).unwrap(),
            ints(&[12, 4, 1])
        );
        assert_eq!(
            contiguous(&mut env, &ints(&[2, 0, 4])).unwrap(),
            ints(&[4, 4, 1])
        );
        assert_eq!(
            channels_last(&mut env, &ints(&[2, 3, 4, 5])).unwrap(),
            ints(&[60, 1, 15, 3])
        );
        // A transposed [3, 4] tensor (strides [1, 3]) cannot be flattened.
        let v = view_strides(
            &mut env,
            &ints(&[3, 4]),
            &ints(&[1, 3]),
            &ints(&[12]),
            "view",
            Decide::Guard,
        )
        .unwrap();
        assert_eq!(v, None);
        let v = view_strides(
            &mut env,
            &ints(&[2, 3, 4]),
            &ints(&[12, 4, 1]),
            &ints(&[6, 4]),
            "view",
            Decide::Guard,
        )
        .unwrap();
        assert_eq!(v, Some(ints(&[4, 1])));
    }
}
