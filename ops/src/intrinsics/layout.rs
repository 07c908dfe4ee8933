//! Strides and memory formats of outputs: contiguous, a memory format,
//! `empty_like`'s preserved strides, `clone_preserve_strides`.

use super::*;
use fake_runtime::pointwise::StrideRule;
use fake_runtime::strides::{Flag, tensor_flag};

// ---- strides and memory formats -------------------------------------------------

/// `format_strides(shape, memory_format)`: strides of a new tensor in a
/// memory format (contiguous when absent).
pub fn format_strides(
    cx: &mut Cx<'_>,
    shape: Dims,
    memory_format: Option<MemoryFormat>,
) -> Result<Dims> {
    fake_runtime::support::format_strides(cx, &shape, memory_format)
}

/// `stored_strides(size, stride)`: the strides `TensorImpl::
/// set_sizes_and_strides` stores for `empty_strided`'s given ones: a
/// negative stride becomes 1 in the last dim, else the next dim's stride
/// times `max(its size, 1)` (NumPy's increasing strides). Symbolic values
/// are kept.
pub fn stored_strides(cx: &mut Cx<'_>, size: Dims, stride: Dims) -> Result<Dims> {
    let mut out = stride;
    for i in (0..out.len()).rev() {
        if out[i].as_int().is_none_or(|v| v >= 0) {
            continue;
        }
        out[i] = match (size.get(i + 1), out.get(i + 1)) {
            (Some(&next), Some(&below)) => {
                let next = cx.env.max(next, SymInt::Int(1))?;
                cx.env.mul(next, below)?
            }
            _ => SymInt::Int(1),
        };
    }
    Ok(out)
}

/// `preserve_strides(t, memory_format)`: strides of a copy of `t` as
/// ATen's `empty_like` makes it (`_to_copy`, `clone`, meta kernels): with
/// `preserve_format` (or none) `t`'s strides when they are dense and
/// non-overlapping, else as [`empty_like_strides`].
pub fn preserve_strides(
    cx: &mut Cx<'_>,
    t: &TensorMeta,
    memory_format: Option<MemoryFormat>,
) -> Result<Dims> {
    if matches!(memory_format, None | Some(MemoryFormat::Preserve))
        && fake_runtime::strides::is_non_overlapping_and_dense(cx.env, &t.sizes, &t.strides, cx.op)?
    {
        return Ok(t.strides.clone());
    }
    empty_like_strides(cx, t, memory_format)
}

/// `dense_kept_strides(t)`: `t`'s strides when they are dense and
/// non-overlapping (`is_non_overlapping_and_dense_or_false`), else
/// [`index_copy_strides`]: `index_fill`'s reference copies into `t` with
/// `index_copy`, then gives the result `t`'s layout by `prims.copy_strided`
/// where that is dense.
pub fn dense_kept_strides(cx: &mut Cx<'_>, t: &TensorMeta) -> Result<Dims> {
    if fake_runtime::strides::is_non_overlapping_and_dense(cx.env, &t.sizes, &t.strides, cx.op)? {
        return Ok(t.strides.clone());
    }
    index_copy_strides(cx, t)
}

/// `index_copy_strides(t)`: the layout of `index_copy(t, ...)`'s
/// decomposition: `index_put`'s `empty_like(t)`, then `.contiguous()`,
/// which keeps it where only size-1 dims stand out of order.
pub fn index_copy_strides(cx: &mut Cx<'_>, t: &TensorMeta) -> Result<Dims> {
    let strides = empty_like_strides(cx, t, None)?;
    contiguous_kept(cx, t.sizes.clone(), strides)
}

/// `clone_strides(self, memory_format)`: strides of `clone`. On static
/// inputs a plain fake mode runs ATen's kernel ([`preserve_strides`]);
/// where a size or stride is symbolic, or under the Python dispatcher,
/// the reference runs instead, whose `prims.clone` (`_clone_meta`) takes
/// `compute_elementwise_output_strides` ([`cloned_strides`]).
pub fn clone_strides(
    cx: &mut Cx<'_>,
    t: &TensorMeta,
    memory_format: Option<MemoryFormat>,
) -> Result<Dims> {
    if matches!(memory_format, None | Some(MemoryFormat::Preserve))
        && (cx.defaults.python_dispatcher || fake_runtime::pointwise::outside_kernel(&[t]))
    {
        return cloned_strides(cx, t);
    }
    preserve_strides(cx, t, memory_format)
}

/// `clone_if_empty_strides(t)`: strides of a composite that returns
/// `t.clone()` when `t` has no elements (a guard on its count) and else a
/// new tensor `empty_like` it (`fused_moving_avg_obs_fake_quant`):
/// [`clone_strides`] or [`empty_like_strides`].
pub fn clone_if_empty_strides(cx: &mut Cx<'_>, t: &TensorMeta) -> Result<Dims> {
    let numel = t.numel(cx.env)?;
    if shape::guard_eq(cx.env, numel, SymInt::Int(0), cx.op)? {
        clone_strides(cx, t, None)
    } else {
        empty_like_strides(cx, t, None)
    }
}

/// `compute_elementwise_output_strides(t)` of one tensor, as `prims.clone`
/// lays its copy out: none for a number, 1 for a vector (whatever its
/// stride), the tensor's own strides where they are dense and
/// non-overlapping, else `empty_like`'s.
pub fn cloned_strides(cx: &mut Cx<'_>, t: &TensorMeta) -> Result<Dims> {
    match t.dim() {
        0 => Ok(Dims::new()),
        1 => Ok(Dims::from_slice(&[SymInt::Int(1)])),
        _ if fake_runtime::strides::is_non_overlapping_and_dense(
            cx.env, &t.sizes, &t.strides, cx.op,
        )? =>
        {
            Ok(t.strides.clone())
        }
        _ => empty_like_strides(cx, t, None),
    }
}

/// `empty_like_strides(t, memory_format)`: strides of the references'
/// `empty_like`, which FakeTensorMode runs for the `*_like` factories:
/// with `preserve_format` (or none) `t`'s memory order
/// (`compute_elementwise_output_logical_to_physical_perm`: contiguous when
/// `t` is, size-one dims aside, channels-last when `t` is, else its dims
/// sorted by stride) laid out densely; else the format's strides.
pub fn empty_like_strides(
    cx: &mut Cx<'_>,
    t: &TensorMeta,
    memory_format: Option<MemoryFormat>,
) -> Result<Dims> {
    match memory_format {
        None | Some(MemoryFormat::Preserve) => {
            Ok(fake_runtime::pointwise::laid_out(cx, t)?.strides)
        }
        f => format_strides(cx, t.sizes.clone(), f),
    }
}

/// `random_fill_strides(self)`: the layout of `torch._refs`' random
/// fills (`exponential`, `cauchy`, `geometric`, `log_normal`): elementwise
/// steps over `rand_like(self)` ([`empty_like_strides`]), the first of
/// which lays that out afresh (a size-1 dim takes its contiguous stride).
pub fn random_fill_strides(cx: &mut Cx<'_>, t: &TensorMeta) -> Result<Dims> {
    let like = fake_runtime::pointwise::laid_out(cx, t)?;
    Ok(fake_runtime::pointwise::laid_out(cx, &like)?.strides)
}

/// `pad_strides(self, pad, shape)`: strides of `constant_pad_nd`'s
/// result of sizes `shape` (`_constant_pad_nd_meta`): when every pad is a
/// constant of at most 0, the clone of `self` cropped (a narrowing keeps
/// `self`'s strides; the clone, the reference's as export runs it, keeps
/// them where they are dense and non-overlapping, size-1 dims' included,
/// but lays a vector out with stride 1); else a
/// new tensor in `self`'s suggested memory format.
pub fn pad_strides(cx: &mut Cx<'_>, t: &TensorMeta, pad: Dims, shape: Dims) -> Result<Dims> {
    if pad.iter().all(|p| matches!(p, SymInt::Int(v) if *v <= 0)) {
        let cropped = TensorMeta {
            sizes: shape,
            ..t.clone()
        };
        return cloned_strides(cx, &cropped);
    }
    let format = suggest_format(cx, t, None)?;
    format_strides(cx, shape, Some(format))
}

/// `nonzero_static_strides(self, size)`: strides of `meta_nonzero_static`'s
/// `[size, rank]` result: row-major on the CPU, MPS and XPU, whose kernels
/// write rows; column-major, `(1, size)`, elsewhere (CUDA's).
pub fn nonzero_static_strides(cx: &mut Cx<'_>, t: &TensorMeta, size: SymInt) -> Result<Dims> {
    use fake_runtime::DeviceType::{Cpu, Mps, Xpu};
    if matches!(t.device.ty, Cpu | Mps | Xpu) {
        let rank = SymInt::Int(t.dim() as i64);
        fake_runtime::strides::contiguous(cx.env, &[size, rank])
    } else {
        Ok(Dims::from([SymInt::Int(1), size]))
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

/// `suggest_format(t, only)`: the memory format `t`'s strides suggest
/// (`torch._prims_common.suggest_memory_format`: channels-last for a 4-D
/// tensor, channels-last-3d for a 5-D one whose strides look so, decided
/// with `guard_or_true`, else contiguous); with `only`, that format when
/// suggested and contiguous otherwise (meta kernels that test
/// `suggest_memory_format(t) == channels_last`).
pub fn suggest_format(
    cx: &mut Cx<'_>,
    t: &TensorMeta,
    only: Option<MemoryFormat>,
) -> Result<MemoryFormat> {
    let suggested = fake_runtime::strides::suggest_memory_format(cx.env, t, cx.op)?;
    Ok(match only {
        Some(f) if f != suggested => MemoryFormat::Contiguous,
        _ => suggested,
    })
}

/// `cpu_suggested_strides(t, shape)`: strides of a new `shape` laid out in
/// the memory format `t` suggests on the CPU (channels-last or
/// channels-last-3d), contiguous elsewhere (`meta_pixel_shuffle`: the CPU
/// kernel resizes in the suggested format, the others are contiguous).
pub fn cpu_suggested_strides(cx: &mut Cx<'_>, t: &TensorMeta, shape: Dims) -> Result<Dims> {
    let format = if t.device.ty == fake_runtime::DeviceType::Cpu {
        suggest_format(cx, t, None)?
    } else {
        MemoryFormat::Contiguous
    };
    match format {
        MemoryFormat::ChannelsLast | MemoryFormat::ChannelsLast3d => {
            fake_runtime::strides::channels_last(cx.env, &shape)
        }
        _ => fake_runtime::strides::contiguous(cx.env, &shape),
    }
}

/// `roll_strides(t, dims)`: strides of `torch._refs.roll(t)`:
/// `t.clone()`'s for an empty `t` ([`clone_strides`]: its own strides in
/// a plain mode, the reference's under the Python dispatcher); contiguous
/// where `index_select` steps along `dims`; with no dims, the rolled flat copy viewed back as `t`'s shape, whose strides
/// are the view's products of sizes (`[n, 1]` for a matrix, the 1-D to
/// 2-D view's), never clamped by `Max(1, ...)`.
pub fn roll_strides(cx: &mut Cx<'_>, t: &TensorMeta, dims: IntList) -> Result<Dims> {
    if shape::guard_empty(cx.env, &t.sizes, cx.op)? {
        return clone_strides(cx, t, None);
    }
    if dims.is_empty() && t.sizes.len() > 1 {
        let numel = t.numel(cx.env)?;
        let min = fake_runtime::view::PyMin::of(&cx.defaults);
        let flat = [numel];
        let view = fake_runtime::view::reshape_view_steps(
            cx.env,
            &flat,
            &[SymInt::Int(1)],
            &t.sizes,
            min,
            cx.op,
        )?;
        if let Some((_, strides)) = view {
            return Ok(strides);
        }
    }
    fake_runtime::strides::contiguous(cx.env, &t.sizes)
}

/// `is_contiguous(t)`: `t.is_contiguous()` (row-major strides, dims of
/// size 1 ignored), guarded where sizes are symbolic.
pub fn is_contiguous(cx: &mut Cx<'_>, t: &TensorMeta) -> Result<bool> {
    fake_runtime::strides::is_contiguous(cx.env, &t.sizes, &t.strides, cx.op, Decide::Guard)
}

/// `contiguous(shape)`: row-major strides.
pub fn contiguous(cx: &mut Cx<'_>, shape: Dims) -> Result<Dims> {
    fake_runtime::support::contiguous(cx, shape)
}

/// `im2col_strides(shape, rows, cols, kernel_width)`: the layout of
/// `im2col`'s decomposition, the index of the padded input permuted to
/// `[B, C, kh, kw, rows, cols]` and reshaped: a copy, contiguous, unless
/// there is one block (`rows` and `cols` both the constant 1), when the
/// reshape is a view whose blocks dim keeps the kept `rows` dim's stride,
/// `kw` (but a view of no elements, an empty batch's, takes contiguous
/// strides, as ATen's `computeStride` gives them).
pub fn im2col_strides(
    cx: &mut Cx<'_>,
    shape: Dims,
    rows: SymInt,
    cols: SymInt,
    kernel_width: SymInt,
) -> Result<Dims> {
    let empty = shape::numel(cx.env, &shape)? == SymInt::Int(0);
    let mut strides = contiguous(cx, shape)?;
    if !empty
        && rows == SymInt::Int(1)
        && cols == SymInt::Int(1)
        && let Some(last) = strides.last_mut()
    {
        *last = kernel_width;
    }
    Ok(strides)
}

/// `is_contiguous_or_false(t, memory_format)`: whether `t` is contiguous in
/// `memory_format` as `sym_is_contiguous` answers on a fake tensor: a
/// plain bool, false where the sizes leave it open (no guard), decided
/// as the tensor's own flags are ([`tensor_flag`]).
pub fn is_contiguous_or_false(
    cx: &mut Cx<'_>,
    t: &TensorMeta,
    memory_format: MemoryFormat,
) -> Result<bool> {
    let (sizes, strides) = (&t.sizes, &t.strides);
    match memory_format {
        MemoryFormat::ChannelsLast | MemoryFormat::ChannelsLast3d => {
            let rank = if memory_format == MemoryFormat::ChannelsLast {
                4
            } else {
                5
            };
            Ok(sizes.len() == rank
                && tensor_flag(cx.env, Flag::ChannelsLast, sizes, strides, cx.op)?)
        }
        // `TensorImpl::is_contiguous_default`: any other format asks the
        // default contiguity.
        MemoryFormat::Contiguous | MemoryFormat::Preserve => {
            tensor_flag(cx.env, Flag::Contiguous, sizes, strides, cx.op)
        }
    }
}

/// `iter_strides(first, second)`: the strides the elementwise meta gives
/// the output of an operator over `first` then `second` (the operands'
/// order breaks ties of their layouts).
pub fn iter_strides(cx: &mut Cx<'_>, first: &TensorMeta, second: &TensorMeta) -> Result<Dims> {
    Ok(fake_runtime::support::pointwise_output(cx, &[first, second], first.dtype)?.strides)
}

/// `given_output_strides(given, shape, a, b, c)`: the strides of
/// `empty(given)` handed to a TensorIterator over `a`, `b` (and `c`)
/// whose broadcast sizes are `shape` (the C++ kernels without a meta that
/// allocate their result first: `_s_binomial_cpu`, `_dirichlet_grad_cpu`):
/// contiguous when `given` is `shape`, else the iterator resizes it and
/// lays it out as its inputs (an output that will be resized takes no
/// part in `reorder_dimensions`).
pub fn given_output_strides(
    cx: &mut Cx<'_>,
    given: Dims,
    shape: Dims,
    a: &TensorMeta,
    b: &TensorMeta,
    c: Option<&TensorMeta>,
) -> Result<Dims> {
    if shape::guard_sizes_eq(cx.env, &given, &shape, cx.op)? {
        return fake_runtime::strides::contiguous(cx.env, &shape);
    }
    let inputs: SmallVec<[&TensorMeta; 3]> = [Some(a), Some(b), c].into_iter().flatten().collect();
    Ok(fake_runtime::support::pointwise_output(cx, &inputs, a.dtype)?.strides)
}

/// `where_number_strides(first, second)`: the layout of a reference's
/// `torch.where(first, number, second)` (`masked_fill`'s): inside a plain
/// meta kernel the number becomes a zero-dim tensor that takes part; under
/// the Python dispatcher, and on symbolic sizes, it stays a number that
/// does not (`StrideRule::RefWhereNumber`).
pub fn where_number_strides(
    cx: &mut Cx<'_>,
    first: &TensorMeta,
    second: &TensorMeta,
) -> Result<Dims> {
    two_operand_strides(cx, first, second, second.dtype, StrideRule::RefWhereNumber)
}

/// `number_strides(first, second)`: the layout of `where(first, number,
/// second)` as the meta kernel computes it, the number a zero-dim tensor
/// that takes part (`StrideRule::WithNumber`).
pub fn number_strides(cx: &mut Cx<'_>, first: &TensorMeta, second: &TensorMeta) -> Result<Dims> {
    two_operand_strides(cx, first, second, second.dtype, StrideRule::WithNumber)
}

/// The strides of an elementwise output over `first` and `second` by
/// `rule`.
fn two_operand_strides(
    cx: &mut Cx<'_>,
    first: &TensorMeta,
    second: &TensorMeta,
    dtype: DType,
    rule: StrideRule,
) -> Result<Dims> {
    Ok(fake_runtime::support::pointwise_output_by(cx, &[first, second], dtype, rule)?.strides)
}

/// `matmul_strides(self, other, shape)`: the layout of `matmul`'s result
/// of `shape`, contiguous but where a matrix that requires grad multiplies
/// a batch of matrices: `should_fold` then folds the transposed batch into
/// one `mm` and the decomposition returns `_unsafe_view(mm).mT.contiguous()`
/// (`.contiguous()` keeps the transposed strides of a size-1 dim).
pub fn matmul_strides(
    cx: &mut Cx<'_>,
    a: &TensorMeta,
    b: &TensorMeta,
    shape: Dims,
) -> Result<Dims> {
    let n = shape.len();
    // Only a matrix times a batch folds through a transpose (the other
    // folds are an `mm` or `mv` viewed, contiguous).
    if a.dim() == 2 && b.dim() >= 3 && matmul_folds(cx, a, b, a, false)? {
        let mut folded = shape.clone();
        folded.swap(n - 2, n - 1);
        let mut strides = fake_runtime::strides::contiguous(cx.env, &folded)?;
        strides.swap(n - 2, n - 1);
        return contiguous_kept(cx, shape, strides);
    }
    // A batch times a matrix or vector is contiguous whether it folds or
    // not; folding reshapes it to `[-1, k]`, a view where `computeStride`
    // (with its guards) allows one. A static batch has nothing to guard,
    // and one with an unbacked size is left undecided: nothing here
    // changes the layout.
    if a.dim() >= 3
        && b.dim() <= 2
        && !a.sizes.iter().chain(&a.strides).all(|v| v.is_static())
        && !fake_runtime::view::views_obliviously(cx.env, &a.sizes, &a.strides, &[])?
        && matmul_folds(cx, a, a, b, true)?
    {
        let (lead, k) = a.sizes.split_at(a.dim() - 1);
        let rows = shape::numel(cx.env, lead)?;
        fake_runtime::strides::view_strides(
            cx.env,
            &a.sizes,
            &a.strides,
            &[rows, k[0]],
            cx.op,
            Decide::Guard,
        )?;
    }
    fake_runtime::strides::contiguous(cx.env, &shape)
}

/// `contiguous_kept(shape, strides)`: the strides `.contiguous()` leaves a
/// tensor of `shape`: its own when it is contiguous (size-one dims aside,
/// decided as `is_contiguous_or_false`), else contiguous ones.
pub fn contiguous_kept(cx: &mut Cx<'_>, shape: Dims, strides: Dims) -> Result<Dims> {
    if tensor_flag(cx.env, Flag::Contiguous, &shape, &strides, cx.op)? {
        return Ok(strides);
    }
    fake_runtime::strides::contiguous(cx.env, &shape)
}

/// `internal_overlap(t)`: ATen's `has_internal_overlap`
/// ([`fake_runtime::strides::internal_overlap`]), as
/// `_debug_has_internal_overlap` reports it: 0 (no overlap), 1 (overlap),
/// 2 (too hard to say).
pub fn internal_overlap(cx: &mut Cx<'_>, t: &TensorMeta) -> Result<i64> {
    use fake_runtime::strides::MemOverlap;
    Ok(
        match fake_runtime::strides::internal_overlap(cx.env, &t.sizes, &t.strides, cx.op)? {
            MemOverlap::No => 0,
            MemOverlap::Yes => 1,
            MemOverlap::TooHard => 2,
        },
    )
}

/// `copy_target(t)`: true, once `t` is taken as `copy_`'s destination as
/// its Python meta takes it (`meta_copy_`, which runs under the Python
/// dispatcher): refused, in PyTorch's words, when it
/// overlaps itself ([`fake_runtime::support::copied_into`]).
pub fn copy_target(cx: &mut Cx<'_>, t: &TensorMeta) -> Result<bool> {
    fake_runtime::support::copied_into(cx, t)?;
    Ok(true)
}

/// `strided_copy_target(t, size, stride)`: [`copy_target`] of `t`'s view
/// of these sizes and strides (`as_strided_scatter`'s decomposition copies
/// `src` into such a view of its input's clone).
pub fn strided_copy_target(
    cx: &mut Cx<'_>,
    t: &TensorMeta,
    size: Dims,
    stride: Dims,
) -> Result<bool> {
    let view = TensorMeta {
        sizes: size,
        strides: stride,
        ..t.clone()
    };
    copy_target(cx, &view)
}
