//! Unbacked sizes and the pointwise fast path: output metadata of
//! elementwise operators.

use super::*;
use crate::error::Error;

// ---- unbacked sizes --------------------------------------------------------------

// ---- the pointwise fast path ---------------------------------------------------

/// The broadcast sizes of an elementwise operator's inputs, without the
/// output's strides (what an in-place operator checks against `self`).
pub fn pointwise_sizes(cx: &mut Cx<'_>, inputs: &[&TensorMeta]) -> Result<Dims> {
    crate::pointwise::broadcast_sizes(cx, inputs)
}

/// `@pointwise(meta = reference)`: the operator's Meta kernel is its
/// reference of several steps (PyTorch registers the decompositions as
/// Meta kernels, `activate_meta`), whose earlier steps lay each static
/// input out afresh ([`crate::pointwise::laid_out`]) before the last
/// combines them. The inputs so laid out, or `None` when one is symbolic
/// (the fake mode runs the reference itself there, as the stride rule
/// alone says) or, `floating_only`, when none is floating or complex
/// (the reference's other branch is one step).
pub fn stepped_inputs(
    cx: &mut Cx<'_>,
    inputs: &[&TensorMeta],
    floating_only: bool,
) -> Result<Option<SmallVec<[TensorMeta; 4]>>> {
    if crate::pointwise::outside_kernel(inputs)
        || floating_only
            && !inputs
                .iter()
                .any(|t| t.dtype.is_floating_point() || t.dtype.is_complex())
    {
        return Ok(None);
    }
    let mut laid = SmallVec::new();
    for t in inputs {
        laid.push(crate::pointwise::laid_out(cx, t)?);
    }
    Ok(Some(laid))
}

/// Output metadata of an elementwise operator over `inputs` with result
/// dtype `dtype`, strides as the references' elementwise meta gives them:
/// [`pointwise_output_by`] with [`StrideRule::Elementwise`].
#[inline]
pub fn pointwise_output(
    cx: &mut Cx<'_>,
    inputs: &[&TensorMeta],
    dtype: DType,
) -> Result<TensorMeta> {
    pointwise_output_by(cx, inputs, dtype, StrideRule::Elementwise)
}

/// Output metadata of an elementwise operator over `inputs` with result
/// dtype `dtype`, strides by `rule` (the name generated kernels call).
pub use crate::pointwise::output as pointwise_output_by;

/// Output metadata of a `FastBinary` operator over its operands as given
/// and as promotion converted them (the name generated kernels call).
pub use crate::pointwise::output_fast_binary as pointwise_output_fast_binary;

/// Whether a Python kernel is passed the keyword-only number `s` of an
/// operator call: PyTorch leaves out one equal to its schema `default`
/// (an integer; a float or bool of the same value is passed).
#[inline]
pub fn passed_scalar(s: &Scalar, default: i64) -> bool {
    !matches!(s, Scalar::Int(SymInt::Int(v)) if *v == default)
}

/// The promotion operand of a tensor (a wrapped number promotes as the
/// number it holds).
#[inline]
pub fn tensor_operand(t: &TensorMeta) -> Operand {
    if t.wrapped_number {
        return Operand::Scalar(if t.dtype == DType::Bool {
            ScalarKind::Bool
        } else if t.dtype.is_complex() {
            ScalarKind::Complex
        } else if t.dtype.is_floating_point() {
            ScalarKind::Float
        } else {
            ScalarKind::Int
        });
    }
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

/// The computation and result dtypes of an elementwise operator's
/// promotion (`elementwise_dtypes`): inputs are converted to the first
/// before the operator runs ([`converted`]), its output has the second.
#[inline]
pub fn promote_computation(
    cx: &mut Cx<'_>,
    operands: &[Operand],
    kind: PromotionKind,
) -> Result<(DType, DType)> {
    if let [Operand::Tensor(a), Operand::Tensor(b)] = operands
        && a == b
        && matches!(kind, PromotionKind::Default | PromotionKind::NoOpmath)
    {
        return Ok(crate::promotion::apply_kind(*a, kind, cx.defaults.dtype));
    }
    crate::promotion::elementwise_dtypes(operands, kind, cx.defaults.dtype)
}

/// `elementwise_meta`'s `a.to(dtype)` of an operand whose dtype is not the
/// result's (the meta kernels of `add.Scalar`, the shifts, `lerp`,
/// `addcmul`, the float-only special functions): the C++ `to` reads the
/// operand's plain sizes, so each symbolic one is fixed at its hint, the
/// element count first as PyTorch guards it. Nothing for an operand
/// already of `dtype`, nor under the Python dispatcher
/// ([`crate::Defaults::python_dispatcher`], as export traces), where `to`
/// is `_to_copy`'s Python meta on symbolic sizes.
pub fn fix_sizes_for_to(cx: &mut Cx<'_>, t: &TensorMeta, dtype: DType) -> Result<()> {
    if t.dtype == dtype || cx.defaults.python_dispatcher || t.sizes.iter().all(|s| s.is_static()) {
        return Ok(());
    }
    let numel = t.numel(cx.env)?;
    cx.env.guard_int(numel, cx.op)?;
    for &s in &t.sizes {
        cx.env.guard_int(s, cx.op)?;
    }
    Ok(())
}

/// `elementwise_meta`'s broadcast (`_maybe_broadcast`) in a plain fake
/// mode: every tensor operand whose sizes differ from the common ones is
/// `expand`ed (inside the kernel the operands are meta tensors, so a
/// zero-dim CPU tensor is expanded too), and `expand`'s C++ kernel takes
/// plain sizes, so a common shape with a symbolic size is refused
/// ([`not_inline_ints`]). Nothing under the Python dispatcher
/// ([`crate::Defaults::python_dispatcher`], as export traces), where
/// `expand` is its Python meta.
pub fn expand_for_broadcast(cx: &mut Cx<'_>, inputs: &[&TensorMeta]) -> Result<()> {
    if cx.defaults.python_dispatcher || inputs.iter().all(|t| t.is_static()) {
        return Ok(());
    }
    let common = crate::pointwise::broadcast_sizes(cx, inputs)?;
    let sizes: SmallVec<[&[SymInt]; 4]> = inputs.iter().map(|t| t.sizes.as_slice()).collect();
    refuse_plain_broadcast(cx, &sizes, &common)
}

/// A Python meta's `x.expand(to)` of a tensor of sizes `from` in a plain
/// fake mode, where inside the meta kernel the tensor is a meta tensor:
/// ATen's C++ `expand` takes plain sizes, so a `to` holding a symbol (the
/// replacements in force applied) is refused, whatever `from` is. With
/// `unless_equal`, the meta skips the `expand` when the sizes are equal
/// (`guard_or_true(not sym_eq(x.shape, to))`: one guard of the whole
/// comparison, `Eq(a, x) & Eq(b, y)`). Nothing under the Python
/// dispatcher.
pub fn refuse_plain_expand_call(
    cx: &mut Cx<'_>,
    from: &[SymInt],
    to: &[SymInt],
    unless_equal: bool,
) -> Result<()> {
    if cx.defaults.python_dispatcher || to.iter().all(|s| s.is_static()) {
        return Ok(());
    }
    if unless_equal && from.len() == to.len() {
        let mut same = SymBool::Bool(true);
        for (&f, &t) in from.iter().zip(to) {
            let eq = cx.env.eq(f, t)?;
            same = cx.env.and(same, eq)?;
        }
        if cx.env.guard_bool(same, cx.op)? {
            return Ok(());
        }
    }
    match symbolic_target(cx, to)? {
        Some(mapped) => Err(not_inline_ints(cx, &mapped)),
        None => Ok(()),
    }
}

/// `to` with the replacements in force applied, or `None` when that
/// leaves no symbol in it (an expansion ATen's plain sizes can take).
fn symbolic_target(cx: &mut Cx<'_>, to: &[SymInt]) -> Result<Option<Dims>> {
    let mapped: Dims = to
        .iter()
        .map(|&s| cx.env.maybe_as_int(s))
        .collect::<Result<_>>()?;
    Ok((!mapped.iter().all(|s| s.is_static())).then_some(mapped))
}

/// A Python meta's `x.expand(to)` of a tensor of sizes `from` in a plain
/// fake mode: [`refuse_plain_broadcast`] of the one tensor.
pub fn refuse_plain_expand(cx: &mut Cx<'_>, from: &[SymInt], to: &[SymInt]) -> Result<()> {
    refuse_plain_broadcast(cx, &[from], to)
}

/// `_maybe_broadcast`'s expansions of tensors of sizes `shapes` to their
/// common sizes `to` in a plain fake mode: refused ([`not_inline_ints`])
/// when `should_expand` holds for one of them and `to` holds a symbolic
/// size (the replacements in force applied), as ATen's C++ `expand`
/// refuses it; nothing under the Python dispatcher.
pub fn refuse_plain_broadcast(cx: &mut Cx<'_>, shapes: &[&[SymInt]], to: &[SymInt]) -> Result<()> {
    if cx.defaults.python_dispatcher {
        return Ok(());
    }
    let Some(to) = symbolic_target(cx, to)? else {
        return Ok(());
    };
    for from in shapes {
        if should_expand(cx, from, &to)? {
            return Err(not_inline_ints(cx, &to));
        }
    }
    Ok(())
}

/// `_maybe_broadcast`'s `should_expand(a, b)`: ranks differ, or a size is
/// known to differ, or one of two sizes is 1 and not both.
fn should_expand(cx: &mut Cx<'_>, a: &[SymInt], b: &[SymInt]) -> Result<bool> {
    if a.len() != b.len() {
        return Ok(true);
    }
    let one = SymInt::Int(1);
    for (&x, &y) in a.iter().zip(b) {
        let ne = cx.env.ne(x, y)?;
        if cx.env.guard_or_false(ne, cx.op)? {
            return Ok(true);
        }
        let (x1, y1) = (cx.env.eq(x, one)?, cx.env.eq(y, one)?);
        let both = cx.env.and(x1, y1)?;
        if cx.env.guard_or_false(both, cx.op)? {
            continue;
        }
        let either = cx.env.or(x1, y1)?;
        if cx.env.guard_or_false(either, cx.op)? {
            return Ok(true);
        }
    }
    Ok(false)
}

/// The dispatcher's refusal of a `SymInt[]` with a symbolic size handed to
/// a C++ kernel taking `IntArrayRef` (`C10_AS_INTARRAYREF_SLOW`), naming
/// the first symbolic size. `sizes` must hold one.
pub fn not_inline_ints(cx: &Cx<'_>, sizes: &[SymInt]) -> Error {
    let i = sizes.iter().position(|d| d.as_int().is_none()).unwrap_or(0);
    let shown: Vec<String> = sizes.iter().map(|&d| cx.env.display(d)).collect();
    Error::invalid(
        cx.op,
        format!(
            "SymIntArrayRef expected to contain only concrete integers that are stored \
             inline and can be viewed as an IntArrayRef. Found symbolic SymInt at index \
             {i}: {} in SymIntArrayRef [{}]",
            shown.get(i).map_or("", String::as_str),
            shown.join(", ")
        ),
    )
}

/// `t` as the references' type promotion hands it to the operator:
/// converted to the computation dtype `compute` (`convert_element_type`),
/// which keeps dense strides and lays anything else out afresh, as a
/// unary elementwise operator would. `None` when the layout is unchanged
/// (the dtype already matches, or `t` is dense); the dtype itself is not
/// changed, only the layout matters to the output's strides.
#[inline]
pub fn converted(cx: &mut Cx<'_>, t: &TensorMeta, compute: DType) -> Result<Option<TensorMeta>> {
    if t.dtype == compute || t.sizes.is_empty() {
        return Ok(None);
    }
    if crate::strides::is_non_overlapping_and_dense(cx.env, &t.sizes, &t.strides, cx.op)? {
        return Ok(None);
    }
    Ok(Some(crate::pointwise::laid_out(cx, t)?))
}

/// `can_cast(from, to)`: `torch.can_cast` (no complex to real, no float to
/// integral, nothing but bool to bool).
pub fn can_cast(_cx: &mut Cx<'_>, from: DType, to: DType) -> Result<bool> {
    Ok(!(from.is_complex() && !to.is_complex()
        || from.is_floating_point() && to.is_integral(true)
        || from != DType::Bool && to == DType::Bool))
}

/// `contiguous(shape)`: row-major strides.
pub fn contiguous(cx: &mut Cx<'_>, shape: Dims) -> Result<Dims> {
    crate::strides::contiguous(cx.env, &shape)
}

/// `dims_eq(a, b)`: whether two shapes are equal (symbolic when sizes are).
pub fn dims_eq(cx: &mut Cx<'_>, a: &[SymInt], b: &[SymInt]) -> Result<SymBool> {
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
