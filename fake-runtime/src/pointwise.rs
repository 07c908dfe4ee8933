//! The pointwise fast path: output metadata of an elementwise operator
//! (broadcast sizes, output strides, the common device) in one call. When
//! every input is static and laid out the usual way the whole computation
//! is done on `i64`s and never touches the ShapeEnv.

use crate::error::Result;
use crate::kernel::Cx;
use crate::meta::TensorMeta;
use crate::shape::Dims;
use crate::shape_env::{Remembered, ShapeEnv, remembered_kind, return_recalled};
use crate::strides::{Decide, Operand};
use crate::sym::SymInt;
use crate::{DType, Layout};
use smallvec::SmallVec;

/// How an elementwise operator's output strides come about in PyTorch's
/// fake mode. Every rule starts from the references' order
/// ([`crate::strides::pointwise`]); they differ in what answers first.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub enum StrideRule {
    /// The references' `_prim_elementwise_meta` (`sin`, `atan2`,
    /// `where`).
    #[default]
    Elementwise,
    /// `add`, `sub`, `mul` and `div` of two tensors: on symbolic sizes the
    /// fake mode's fast path answers first (`make_fast_binary_impl`):
    /// when an input has the output's shape, contiguous if every input
    /// is, channels-last if every input is.
    FastBinary,
    /// `where(cond(self), self, number)` (`hardshrink`'s kernel) or, of
    /// two operands, `where(first, number, second)`: the condition laid
    /// out afresh, then `self`; inside the meta kernel the number is a
    /// zero-dim tensor that takes part ([`StrideRule::WithNumber`]).
    WhereNumber,
    /// [`StrideRule::WhereNumber`] written in a reference as
    /// `torch.where(cond, number, self)` (`relu`, `threshold`, `clamp` by
    /// numbers, `masked_fill`): under the Python dispatcher
    /// ([`crate::Defaults::python_dispatcher`]) `_refs.where` gets the
    /// number itself, which takes no part.
    RefWhereNumber,
    /// The inputs and a number made a zero-dim tensor (`scalar_tensor`)
    /// by the decomposition (`where.ScalarOther`): inside the meta kernel
    /// it takes part, broadcast with zero strides, so the inputs are never
    /// all contiguous and their strides order the dims; on symbolic sizes
    /// it does not.
    WithNumber,
    /// [`StrideRule::WithNumber`] of a number a reference hands an
    /// operator (`torch.where(c, x, 0)` inside a decomposition): under the
    /// Python dispatcher ([`crate::Defaults::python_dispatcher`]) it stays
    /// a number and takes no part.
    RefWithNumber,
    /// Decompositions that first lay each input out afresh, as a unary
    /// elementwise operator would (`logical_and` compares each input with
    /// 0 first), then combine them elementwise.
    Decomposed,
    /// `logical_and`, `logical_or` and `logical_xor`, decompositions under
    /// the references' binary elementwise wrapper: the inputs broadcast,
    /// then each compared with 0 (laid out afresh in the broadcast shape)
    /// and combined, unless every input is bool, when they go to
    /// `bitwise_and` and friends as they are.
    Logical,
}

/// Output metadata of an elementwise operator over `inputs` with result
/// dtype `dtype`: sizes broadcast, strides as the operator's meta kernel
/// computes them (`rule`), on the common device.
#[inline]
pub fn output(
    cx: &mut Cx<'_>,
    inputs: &[&TensorMeta],
    dtype: DType,
    rule: StrideRule,
) -> Result<TensorMeta> {
    let (sizes, strides) = match static_output(inputs) {
        Some(ss) => ss,
        None => general(cx, inputs, rule)?,
    };
    Ok(result(cx, sizes, strides, dtype))
}

/// A fresh elementwise result of these sizes, strides and dtype on the
/// call's device.
#[inline]
fn result(cx: &Cx<'_>, sizes: Dims, strides: Dims, dtype: DType) -> TensorMeta {
    TensorMeta {
        sizes,
        strides,
        storage_offset: SymInt::Int(0),
        dtype,
        device: cx.device,
        layout: Layout::Strided,
        requires_grad: false,
        wrapped_number: false,
    }
}

/// [`output`] of a `FastBinary` operator whose operands the promotion
/// converted: FakeTensorMode's fast path (`make_fast_binary_impl`) tests
/// the operands as `given`, before any conversion; only when it does not
/// answer (some size symbolic) does the reference run, on the `converted`
/// operands, whose conversion may have made a non-dense operand dense.
/// `scaled`: the reference multiplies its second operand, broadcast, by a
/// number first (`torch._refs.add` and `sub` given an `alpha`), which lays
/// the product out afresh, as a unary elementwise operator would.
pub fn output_fast_binary(
    cx: &mut Cx<'_>,
    given: &[&TensorMeta],
    converted: &[&TensorMeta],
    dtype: DType,
    scaled: bool,
) -> Result<TensorMeta> {
    let outside = outside_kernel(given);
    if outside && let Some((sizes, strides)) = fast_path(cx, given)? {
        return Ok(result(cx, sizes, strides, dtype));
    }
    // The reference: `FastBinary` adds nothing to it but the fast path.
    if scaled && let [first, second] = converted {
        let sizes = broadcast_sizes(cx, converted)?;
        let second = maybe_broadcast(cx, second, &sizes, outside)?;
        let product = laid_out(cx, &second)?;
        return output(cx, &[first, &product], dtype, StrideRule::Elementwise);
    }
    output(cx, converted, dtype, StrideRule::Elementwise)
}

/// FakeTensorMode's fast binary path on symbolic `inputs`
/// (`make_fast_binary_impl`): the sizes and strides when it answers.
fn fast_path(cx: &mut Cx<'_>, inputs: &[&TensorMeta]) -> Result<Option<(Dims, Dims)>> {
    // Remembered, keyed by the inputs' layouts.
    // On the stack: the path takes two tensors (four at most here).
    if inputs.len() > 4 {
        return fast_path_computed(cx, inputs);
    }
    let mut key: [&[SymInt]; 9] = [&[]; 9];
    key[0] = &remembered_kind::FAST_BINARY;
    let mut n = 1;
    for t in inputs {
        key[n] = &t.sizes;
        key[n + 1] = &t.strides;
        n += 2;
    }
    let parts = &key[..n];
    return_recalled!(cx.env, parts, Remembered::Geometry(known) => known.clone());
    let since = cx.env.remembering();
    let answer = fast_path_computed(cx, inputs)?;
    cx.env
        .remember(since, parts, Remembered::Geometry(answer.clone()));
    Ok(answer)
}

/// [`fast_path`], computed.
fn fast_path_computed(cx: &mut Cx<'_>, inputs: &[&TensorMeta]) -> Result<Option<(Dims, Dims)>> {
    let sizes = fast_binary_sizes(cx, inputs)?;
    Ok(fast_binary(cx, &sizes, inputs)?.map(|strides| (sizes, strides)))
}

/// The inputs as layout operands.
fn operands<'a>(inputs: &[&'a TensorMeta]) -> SmallVec<[Operand<'a>; 4]> {
    inputs.iter().map(|t| Operand::of(t)).collect()
}

/// `t` laid out as a unary elementwise operator lays out its result: dense,
/// in `t`'s own order (`compute_elementwise_output_strides(t)`).
pub fn laid_out(cx: &mut Cx<'_>, t: &TensorMeta) -> Result<TensorMeta> {
    let mut fresh = t.clone();
    if !t.sizes.is_empty() {
        let own = [Operand {
            sizes: &t.sizes,
            strides: &t.strides,
        }];
        fresh.strides = crate::strides::pointwise(cx.env, &t.sizes, &own, cx.op)?;
    }
    Ok(fresh)
}

/// `t` expanded to `sizes` (a broadcast operand as the references hand it
/// to the next step): `expand`'s strides, zero on broadcast dims.
pub fn broadcast_to(cx: &mut Cx<'_>, t: &TensorMeta, sizes: &[SymInt]) -> Result<TensorMeta> {
    Ok(TensorMeta {
        sizes: Dims::from_slice(sizes),
        strides: crate::strides::expanded(cx.env, sizes, &Operand::of(t))?,
        ..t.clone()
    })
}

/// `t` as the references' `_maybe_broadcast` hands it to the next step
/// in a call over `sizes`: unchanged when it has those sizes, or when it
/// is a CPU scalar (a zero-dim CPU tensor) and the call runs `outside`
/// the meta kernel (FakeTensorMode runs the references itself on symbolic
/// inputs, where fake tensors report their device; inside the kernel they
/// report `meta` and every tensor expands); else [`broadcast_to`].
pub fn maybe_broadcast(
    cx: &mut Cx<'_>,
    t: &TensorMeta,
    sizes: &[SymInt],
    outside: bool,
) -> Result<TensorMeta> {
    if t.sizes.as_slice() == sizes || outside && t.sizes.is_empty() && t.device.is_cpu() {
        return Ok(t.clone());
    }
    broadcast_to(cx, t, sizes)
}

/// Whether a call over `inputs` runs outside the meta kernel: some size,
/// stride or offset is symbolic.
pub fn outside_kernel(inputs: &[&TensorMeta]) -> bool {
    !inputs.iter().all(|t| t.is_static())
}

/// Sizes and strides without the static path (what it must agree with):
/// on symbolic inputs, by a rule that lays operands out afresh first,
/// remembered in the ShapeEnv, keyed by the rule and every input's
/// metadata (`support::remembered`), since the broadcast and
/// each operand's layout decide relations.
pub(crate) fn general(
    cx: &mut Cx<'_>,
    inputs: &[&TensorMeta],
    rule: StrideRule,
) -> Result<(Dims, Dims)> {
    let symbolic = outside_kernel(inputs);
    // Only the rules that lay operands out afresh before the elementwise
    // rule take several remembered layouts: the others take one.
    let steps = matches!(
        rule,
        StrideRule::WhereNumber
            | StrideRule::RefWhereNumber
            | StrideRule::Decomposed
            | StrideRule::Logical
    );
    if !(symbolic && steps) {
        return computed(cx, inputs, rule, symbolic);
    }
    let kind = &remembered_kind::POINTWISE;
    crate::support::remembered(cx, kind, rule as i64, inputs, &[], |cx| {
        computed(cx, inputs, rule, true)
    })
}

/// [`general`], computed (`symbolic`: some input's size, stride or offset
/// is).
fn computed(
    cx: &mut Cx<'_>,
    inputs: &[&TensorMeta],
    rule: StrideRule,
    symbolic: bool,
) -> Result<(Dims, Dims)> {
    if symbolic
        && rule == StrideRule::FastBinary
        && let Some(answer) = fast_path(cx, inputs)?
    {
        return Ok(answer);
    }
    let sizes = broadcast_sizes(cx, inputs)?;
    // Only a symbolic size can equal 1 under a guard alone.
    let sizes = if symbolic {
        first_operand_sizes(sizes, inputs)
    } else {
        sizes
    };
    // Each input as a unary elementwise operator lays it out: dense, in
    // its own order.
    let mut fresh: SmallVec<[TensorMeta; 4]> = SmallVec::new();
    let broadcast_first =
        rule == StrideRule::Logical && !inputs.iter().all(|t| t.dtype == DType::Bool);
    if rule == StrideRule::Decomposed {
        for t in inputs {
            fresh.push(laid_out(cx, t)?);
        }
    } else if broadcast_first {
        // Each input expanded to the broadcast shape, then laid out.
        for t in inputs {
            let t = broadcast_to(cx, t, &sizes)?;
            fresh.push(laid_out(cx, &t)?);
        }
    }
    let fresh_refs: SmallVec<[&TensorMeta; 4]> = fresh.iter().collect();
    let inputs: &[&TensorMeta] = if fresh.is_empty() {
        inputs
    } else {
        &fresh_refs
    };
    // Wrapped numbers take no part; outside the meta kernel (symbolic
    // calls), where fake tensors report their own device, neither do CPU
    // scalars.
    let outside = symbolic;
    let kept: SmallVec<[&TensorMeta; 4]> = inputs
        .iter()
        .copied()
        .filter(|t| !(t.wrapped_number || outside && t.sizes.is_empty() && t.device.is_cpu()))
        .collect();
    let cond;
    let mut operands = operands(&kept);
    if matches!(rule, StrideRule::WhereNumber | StrideRule::RefWhereNumber)
        && let [t] = kept.as_slice()
    {
        cond = laid_out(cx, t)?;
        operands.insert(0, Operand::of(&cond));
    }
    // Under the Python dispatcher a reference's `torch.where(cond,
    // number, t)` reaches `_refs.where` with the number itself, which
    // takes no part either.
    let number = match rule {
        StrideRule::RefWhereNumber | StrideRule::RefWithNumber => !cx.defaults.python_dispatcher,
        StrideRule::WhereNumber | StrideRule::WithNumber => true,
        _ => false,
    };
    if number && !outside {
        operands.push(Operand {
            sizes: &[],
            strides: &[],
        });
    }
    let strides = crate::strides::pointwise(cx.env, &sizes, &operands, cx.op)?;
    Ok((sizes, strides))
}

/// The output sizes the references' elementwise meta reports for the
/// common `sizes` of `inputs`: those of its first tensor operand
/// (`extract_shape`, CPU scalars aside), which `_maybe_broadcast` expands
/// to `sizes` only where they differ. So a size decided to be 1 stays the
/// operand's own expression where `_broadcast_shapes` keeps a literal 1.
fn first_operand_sizes(sizes: Dims, inputs: &[&TensorMeta]) -> Dims {
    let first = inputs
        .iter()
        .find(|t| !(t.wrapped_number || t.sizes.is_empty() && t.device.is_cpu()));
    match first {
        Some(t)
            if t.sizes.len() == sizes.len()
                && t.sizes.as_slice() != sizes.as_slice()
                && t.sizes
                    .iter()
                    .zip(&sizes)
                    .all(|(own, common)| own == common || *common == SymInt::Int(1)) =>
        {
            t.sizes.clone()
        }
        _ => sizes,
    }
}

/// The broadcast sizes of `inputs` ([`crate::shape::broadcast`]), taking
/// the steps that need no decision without the ShapeEnv first.
pub(crate) fn broadcast_sizes(cx: &mut Cx<'_>, inputs: &[&TensorMeta]) -> Result<Dims> {
    if let Some(sizes) = broadcast_undecided(cx.env, inputs) {
        return Ok(sizes);
    }
    let shapes: SmallVec<[&[SymInt]; 4]> = inputs.iter().map(|t| t.sizes.as_slice()).collect();
    crate::shape::broadcast(cx.env, cx.op, &shapes)
}

/// [`crate::shape::broadcast`]'s steps when each is settled without a
/// decision: equal sizes, constants, and sizes known not to be 1
/// ([`ShapeEnv::known_ne`]: `== 1` decided false, nothing recorded).
/// `None` as soon as a step needs the ShapeEnv (or finds a mismatch):
/// the full broadcast then takes every step, none taken here having left
/// a trace.
fn broadcast_undecided(env: &ShapeEnv, inputs: &[&TensorMeta]) -> Option<Dims> {
    let is_one = |d: SymInt| match d {
        SymInt::Int(v) => Some(v == 1),
        _ => env.known_ne(d, 1).then_some(false),
    };
    let rank = inputs.iter().map(|t| t.dim()).max().unwrap_or(0);
    let mut out: Dims = Dims::from_elem(SymInt::Int(1), rank);
    for t in inputs {
        let offset = rank - t.dim();
        for (&d, cur) in t.sizes.iter().zip(&mut out[offset..]) {
            if *cur == d || is_one(d)? {
                continue;
            }
            if !is_one(*cur)? {
                return None;
            }
            *cur = d;
        }
    }
    Some(out)
}

/// The broadcast sizes of the fake mode's fast path for symbolic `add`,
/// `sub`, `mul` and `div`: `fake_impls.infer_size` folded over the
/// operands from the first one's sizes. Where a size is decided to be 1
/// (`guard_or_false`) the other operand's size is taken, as it is, so a
/// size that equals 1 only under a guard keeps its expression (the
/// references' `_broadcast_shapes` start from a literal 1 and keep it).
fn fast_binary_sizes(cx: &mut Cx<'_>, inputs: &[&TensorMeta]) -> Result<Dims> {
    let Some(first) = inputs.first() else {
        return Ok(Dims::new());
    };
    let mut out = first.sizes.clone();
    for t in inputs {
        out = infer_size(cx, &out, &t.sizes)?;
    }
    Ok(out)
}

/// The sizes of the fake mode's fast path for `add`, `sub`, `mul` or
/// `div` between a tensor of `sizes` and a Python number (whose shape is
/// `()`): `fake_impls.infer_size(sizes, ())`. A size decided to be 1
/// (`guard_or_false`: a guard where it is backed) becomes the constant 1,
/// so decompositions that scale `arange(size)` by a number (the
/// upsamplings' source indices) end up with a literal 1 there.
pub fn with_number_sizes(cx: &mut Cx<'_>, sizes: &[SymInt]) -> Result<Dims> {
    infer_size(cx, sizes, &[])
}

/// `fake_impls.infer_size(a, b)`: right-aligned; `b`'s size where `a`'s
/// is decided to be 1, else `a`'s, which must be 1 or equal `b`'s
/// (`torch._check`).
fn infer_size(cx: &mut Cx<'_>, a: &[SymInt], b: &[SymInt]) -> Result<Dims> {
    let rank = a.len().max(b.len());
    let mut out: Dims = Dims::from_elem(SymInt::Int(1), rank);
    for i in (0..rank).rev() {
        let offset = rank - 1 - i;
        let size_a = a
            .len()
            .checked_sub(offset + 1)
            .map_or(SymInt::Int(1), |d| a[d]);
        let size_b = b
            .len()
            .checked_sub(offset + 1)
            .map_or(SymInt::Int(1), |d| b[d]);
        let a_one = is_one_or_false(cx, size_a)?;
        if !a_one && size_a != size_b && !is_one_or_false(cx, size_b)? {
            crate::shape::check_eq(cx.env, size_a, size_b, cx.op, &|| {
                format!(
                    "the size of tensor a must match the size of tensor b at non-singleton dimension {i}"
                )
            })?;
        }
        out[i] = if a_one { size_b } else { size_a };
    }
    Ok(out)
}

/// `guard_or_false(d == 1)`, without building the condition where the
/// size is a constant or known not to be 1.
fn is_one_or_false(cx: &mut Cx<'_>, d: SymInt) -> Result<bool> {
    match d {
        SymInt::Int(v) => Ok(v == 1),
        _ if cx.env.known_ne(d, 1) => Ok(false),
        _ => {
            let c = cx.env.eq(d, SymInt::Int(1))?;
            cx.env.guard_or_false(c, cx.op)
        }
    }
}

/// The fake mode's fast path for symbolic `add`, `sub`, `mul` and `div`:
/// `None` (the references answer) unless an input has the output's shape
/// and every input is contiguous, or every input channels-last (decided
/// with `guard_or_false`, on the inputs as given).
fn fast_binary(cx: &mut Cx<'_>, sizes: &[SymInt], inputs: &[&TensorMeta]) -> Result<Option<Dims>> {
    let mut full = false;
    for t in inputs {
        if t.sizes.as_slice() == sizes {
            full = true;
            break;
        }
        if t.dim() == sizes.len() {
            let eq = crate::support::dims_eq(cx, &t.sizes, sizes)?;
            if cx.env.guard_or_false(eq, cx.op)? {
                full = true;
                break;
            }
        }
    }
    if !full {
        return Ok(None);
    }
    let (env, op) = (&mut *cx.env, cx.op);
    let mut contiguous = true;
    let mut cl = true;
    for t in inputs {
        contiguous = contiguous
            && crate::strides::is_contiguous(env, &t.sizes, &t.strides, op, Decide::OrFalse)?;
        cl = cl
            && t.dim() == 4
            && crate::strides::is_channels_last(env, &t.sizes, &t.strides, op, Decide::OrFalse)?;
    }
    if contiguous {
        return crate::strides::contiguous(env, sizes).map(Some);
    }
    if cl {
        return crate::strides::channels_last_dense(env, sizes).map(Some);
    }
    Ok(None)
}

/// The static path: broadcast sizes and contiguous strides when every
/// input is static and has exactly the contiguous strides of its sizes,
/// and no size is 0 (then every rule gives contiguous strides). `None`
/// otherwise, and on a broadcast mismatch: the general path decides and
/// reports.
#[inline]
pub(crate) fn static_output(inputs: &[&TensorMeta]) -> Option<(Dims, Dims)> {
    let rank = inputs.iter().map(|t| t.dim()).max().unwrap_or(0);
    let mut sizes: Dims = Dims::from_elem(SymInt::Int(1), rank);
    let out = sizes.as_mut_slice();
    for t in inputs {
        let (own, strides) = (t.sizes.as_slice(), t.strides.as_slice());
        if strides.len() != own.len() {
            return None;
        }
        let out = &mut out[rank - own.len()..];
        let mut expected = 1i64;
        for ((&s, &st), cur) in own.iter().zip(strides).zip(out).rev() {
            let (SymInt::Int(s), SymInt::Int(st), SymInt::Int(cur)) = (s, st, cur) else {
                return None;
            };
            if st != expected || s == 0 {
                return None;
            }
            expected = expected.checked_mul(s)?;
            if s == *cur || s == 1 {
                continue;
            }
            if *cur == 1 {
                *cur = s;
            } else {
                return None;
            }
        }
    }
    let mut strides: Dims = Dims::from_elem(SymInt::Int(1), rank);
    let mut acc = 1i64;
    for (st, s) in strides.iter_mut().zip(&sizes).rev() {
        *st = SymInt::Int(acc);
        acc = acc.checked_mul(s.as_int()?)?;
    }
    Some((sizes, strides))
}
