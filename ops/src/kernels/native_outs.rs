//! `out=` overloads of C++ kernels that fix symbolic sizes for some
//! arguments and refuse them for others: the fake mode runs them on fake
//! tensors, whose C++ size accessors read each size as an integer (fixed
//! at its hint, guarded), while their element count refuses a symbolic
//! one ("Cannot call numel() on tensor with symbolic sizes/strides").
//! (`gather.out` and the antialiased upsamplings' outs read some sizes so
//! before refusing.) And the `out=` overloads whose refusals come before
//! their derived form's checks (`max_pool2d_with_indices.out` of a
//! complex input, `empty.out` given a memory format), whose form depends on an argument (`matrix_power.out`
//! by the power), or that take several devices (`copy.out`).

use super::invalid;
use fake_runtime::kernel::ErasedKernel;
use fake_runtime::shape::{self, wrap_dim};
use fake_runtime::support::{
    OutForm, args, factory_out_variant, has_symbolic_tensor, out_variant, resize_output,
    specialized_sizes,
};
use fake_runtime::{Alias, Arg, Cx, DType, Out, Outs, Result, SymInt};

/// `argmax.out` / `argmin.out` with `functional` their functional kernel:
/// the structured meta reads the sizes of the reduced dim with one given
/// (fixed), else asks for the element count (refused); the CPU kernel
/// after it refuses a bool input, and its dispatch a complex one first.
fn arg_reduce_out(
    cx: &mut Cx<'_>,
    a: &[Arg<'_>],
    functional: ErasedKernel,
    name: &str,
) -> Result<Outs> {
    let form = match a.get(1) {
        Some(Arg::Int(_)) => OutForm::FIXED_STRUCTURED,
        _ => OutForm::NATIVE,
    };
    // The CPU kernel's dispatch refuses a complex input before any check.
    if let Some(Arg::Tensor(t)) = a.first()
        && t.dtype.is_complex()
    {
        return Err(invalid(
            cx,
            format!("{name}(): does not support complex input"),
        ));
    }
    let outs = out_variant(cx, a, 3, 1, form, functional)?;
    if let Some(Arg::Tensor(t)) = a.first()
        && t.dtype == DType::Bool
    {
        return Err(invalid(
            cx,
            format!("{name}(): does not support bool input"),
        ));
    }
    Ok(outs)
}

/// `argmax.out(Tensor self, int? dim=None, bool keepdim=False, *, Tensor(a!)
/// out) -> Tensor(a!)`: see [`arg_reduce_out`].
pub(crate) fn argmax_out(cx: &mut Cx<'_>, a: &[Arg<'_>]) -> Result<Outs> {
    arg_reduce_out(cx, a, crate::erased::argmax, "argmax")
}

/// `argmin.out`: see [`arg_reduce_out`].
pub(crate) fn argmin_out(cx: &mut Cx<'_>, a: &[Arg<'_>]) -> Result<Outs> {
    arg_reduce_out(cx, a, crate::erased::argmin, "argmin")
}

/// `log_softmax.int_out(Tensor self, int dim, ScalarType? dtype=None, *,
/// Tensor(a!) out) -> Tensor(a!)`: ATen converts `self` to a `dtype` it
/// does not have with `toType`, whose copy fixes the sizes; otherwise the
/// kernel resizes `out` to the symbolic sizes, which it refuses.
pub(crate) fn log_softmax_int_out(cx: &mut Cx<'_>, a: &[Arg<'_>]) -> Result<Outs> {
    let converts = match (a.first(), a.get(2)) {
        (Some(Arg::Tensor(t)), Some(Arg::DType(d))) => t.dtype != *d,
        _ => false,
    };
    let form = if converts {
        OutForm::FIXED_STRUCTURED
    } else {
        OutForm::NATIVE
    };
    out_variant(cx, a, 3, 1, form, crate::erased::log_softmax_int)
}

/// `max_pool2d_with_indices.out(Tensor self, int[2] kernel_size, int[2]
/// stride=[], int[2] padding=0, int[2] dilation=1, bool ceil_mode=False,
/// *, Tensor(a!) out, Tensor(b!) indices)`: the functional's sizes fixed
/// ([`OutForm::FIXED_CASTABLE`]), after the decomposition's initial value,
/// `torch.iinfo` of a dtype that is not floating, refuses a complex input.
pub(crate) fn max_pool2d_with_indices_out(cx: &mut Cx<'_>, a: &[Arg<'_>]) -> Result<Outs> {
    if let Some(Arg::Tensor(t)) = a.first()
        && t.dtype.is_complex()
    {
        return Err(invalid(
            cx,
            "torch.iinfo() requires an integer input type. Use torch.finfo to handle 'torch.iinfo'",
        ));
    }
    out_variant(
        cx,
        a,
        6,
        2,
        OutForm::FIXED_CASTABLE,
        crate::erased::max_pool2d_with_indices,
    )
}

/// `bucketize.Scalar_out(Scalar self, Tensor boundaries, *, bool
/// out_int32=False, bool right=False, Tensor(a!) out)`: the fake mode
/// calls `meta_bucketize_scalar`, registered for the functional form,
/// with an `out` it does not take (a `TypeError`), whatever the
/// arguments.
pub(crate) fn bucketize_scalar_out(cx: &mut Cx<'_>, _: &[Arg<'_>]) -> Result<Outs> {
    Err(invalid(
        cx,
        "meta_bucketize_scalar() got an unexpected keyword argument 'out'",
    ))
}

/// `range.out(Scalar start, Scalar end, Scalar step=1, *, Tensor(a!)
/// out)` and `range.out_` (no step): ATen's `range_out`, which resizes
/// the out to the range's length only when its element count differs (an
/// out of that many elements keeps its sizes and strides), after the
/// factory's checks with the out's dtype and device; an out of symbolic
/// sizes is refused.
fn range_out(cx: &mut Cx<'_>, a: &[Arg<'_>], out: u8, functional: ErasedKernel) -> Result<Outs> {
    let given = args::tensor(cx, a, usize::from(out), "out")?.clone();
    // The factory's arguments: the scalars, then its four tensor options.
    let options = 0b1111u32 << out;
    let written = factory_out_variant(
        cx,
        a,
        out,
        options,
        (out, out + 2),
        OutForm::NATIVE,
        functional,
    )?;
    // The out's element count, and the range's (an out of symbolic sizes
    // was refused above).
    let count = given.numel(cx.env)?;
    let kept = match written.first() {
        Some(Out::Tensor(w, _)) => w.numel(cx.env)? == count,
        _ => false,
    };
    if kept {
        return Ok(std::iter::once(Out::Tensor(given, Alias::InPlace(out))).collect());
    }
    Ok(written)
}

/// `range.out`: see [`range_out`].
pub(crate) fn range_step_out(cx: &mut Cx<'_>, a: &[Arg<'_>]) -> Result<Outs> {
    range_out(cx, a, 3, crate::erased::range_step)
}

/// `range.out_`: see [`range_out`].
pub(crate) fn range_no_step_out(cx: &mut Cx<'_>, a: &[Arg<'_>]) -> Result<Outs> {
    range_out(cx, a, 2, crate::erased::range)
}

/// `empty.out(SymInt[] size, *, MemoryFormat? memory_format=None,
/// Tensor(a!) out)`: ATen's `empty_out` refuses a memory format ("Preferably,
/// this argument would not be accepted by _out"), then is the factory's
/// out form: `empty.memory_format` (tensor options: arguments 1 to 4)
/// into the out. Under the Python dispatcher it is `torch._refs`'
/// `empty_out`: the out, resized to `size` in the memory format given
/// when its sizes differ, as it is otherwise.
pub(crate) fn empty_out(cx: &mut Cx<'_>, a: &[Arg<'_>]) -> Result<Outs> {
    let format = args::opt_memory_format(cx, a, 1, "memory_format", None)?;
    if cx.defaults.python_dispatcher {
        let size = args::sizes(cx, a, 0, "size", None)?;
        let out = args::tensor(cx, a, 2, "out")?;
        let written = if shape::guard_sizes_eq(cx.env, &out.sizes, &size, cx.op)? {
            out.clone()
        } else {
            resize_output(cx, out, &size, format)?
        };
        return Ok(smallvec::smallvec![Out::Tensor(written, Alias::InPlace(2))]);
    }
    if format.is_some() {
        return Err(invalid(
            cx,
            "'memory_format' argument is incompatible with 'out' tensor argument",
        ));
    }
    let options = 0b1_1110;
    factory_out_variant(
        cx,
        a,
        2,
        options,
        (1, 3),
        OutForm::CASTABLE,
        crate::erased::empty_memory_format,
    )
}

/// `native_group_norm.out(Tensor input, Tensor? weight, Tensor? bias,
/// SymInt N, SymInt C, SymInt HxW, int group, float eps, *, Tensor(a!)
/// out0, Tensor(b!) out1, Tensor(c!) out2)`: torchgen's generated kernel,
/// which resizes the outs to the results' sizes read as integers. In a
/// plain fake mode the functional with a weight is the decomposition's,
/// whose results refuse that read when symbolic; otherwise (no weight,
/// or under the Python dispatcher) each result's sizes are fixed at
/// their hints.
pub(crate) fn native_group_norm_out(cx: &mut Cx<'_>, a: &[Arg<'_>]) -> Result<Outs> {
    let affine = matches!(a.get(1), Some(Arg::Tensor(_)));
    let form = if affine && !cx.defaults.python_dispatcher {
        OutForm::COMPOSITE_EXACT
    } else {
        OutForm::SETTLED_EXACT
    };
    out_variant(cx, a, 8, 3, form, super::native_group_norm)
}

/// `gather.out(Tensor self, int dim, Tensor index, *, bool
/// sparse_grad=False, Tensor(a!) out)`: with a tensor of symbolic sizes
/// among the arguments, the structured meta wraps `dim`, then sets the
/// output's sizes from `index.sizes()`, read as integers (guarded), and
/// `resize_out` compares the out's with them, read so too, before its
/// overlap checks ask an element count, which refuses them
/// ([`OutForm::CHECKED_NATIVE`]).
pub(crate) fn gather_out(cx: &mut Cx<'_>, a: &[Arg<'_>]) -> Result<Outs> {
    if a.iter().any(has_symbolic_tensor) {
        let t = args::tensor(cx, a, 0, "self")?;
        let dim = args::int(cx, a, 1, "dim", None)?;
        wrap_dim(cx.op, dim, t.dim())?;
        specialized_sizes(cx, args::tensor(cx, a, 2, "index")?)?;
        // `resize_out` compares the out's sizes with those, read as
        // integers too.
        specialized_sizes(cx, args::tensor(cx, a, 4, "out")?)?;
    }
    out_variant(cx, a, 4, 1, OutForm::CHECKED_NATIVE, crate::erased::gather)
}

/// `take_along_dim.out(Tensor self, Tensor indices, int? dim=None, *,
/// Tensor(a!) out)`: with a tensor of symbolic sizes among the
/// arguments, ATen's composite computes the operands as the functional
/// does (`take_along_dim_operands`: broadcasts, the input's sizes read as
/// integers), then calls `gather.out` on them ([`gather_out`]), which
/// refuses them after reading the index's.
pub(crate) fn take_along_dim_out(cx: &mut Cx<'_>, a: &[Arg<'_>]) -> Result<Outs> {
    if !a.iter().any(has_symbolic_tensor) {
        return out_variant(cx, a, 3, 1, OutForm::CHECKED_NATIVE, super::take_along_dim);
    }
    let (src, d, idx) = super::shape_composites::take_along_dim_operands(cx, a)?;
    let out = args::tensor(cx, a, 3, "out")?;
    gather_out(
        cx,
        &[
            Arg::Tensor(&src),
            Arg::Int(SymInt::Int(d as i64)),
            Arg::Tensor(&idx),
            Arg::Bool(false),
            Arg::Tensor(out),
        ],
    )
}

/// The antialiased upsamplings' `out=` overloads (`self, output_size,
/// align_corners, scales_h, scales_w, *, out`): with a tensor of symbolic
/// sizes among the arguments, the structured meta's
/// `upsample_2d_common_check` takes `input.sizes()`, read as integers
/// (guarded), before the kernel asks an element count, which refuses
/// them ([`OutForm::NATIVE`]); the out's sizes are not read.
fn upsample_aa_out(cx: &mut Cx<'_>, a: &[Arg<'_>], functional: ErasedKernel) -> Result<Outs> {
    if a.iter().any(has_symbolic_tensor) {
        specialized_sizes(cx, args::tensor(cx, a, 0, "self")?)?;
    }
    out_variant(cx, a, 5, 1, OutForm::NATIVE, functional)
}

/// `_upsample_bilinear2d_aa.out`: see [`upsample_aa_out`].
pub(crate) fn upsample_bilinear2d_aa_out(cx: &mut Cx<'_>, a: &[Arg<'_>]) -> Result<Outs> {
    upsample_aa_out(cx, a, crate::erased::_upsample_bilinear2d_aa)
}

/// `_upsample_bicubic2d_aa.out`: see [`upsample_aa_out`].
pub(crate) fn upsample_bicubic2d_aa_out(cx: &mut Cx<'_>, a: &[Arg<'_>]) -> Result<Outs> {
    upsample_aa_out(cx, a, crate::erased::_upsample_bicubic2d_aa)
}

/// `_upsample_lanczos2d_aa.out`: see [`upsample_aa_out`].
pub(crate) fn upsample_lanczos2d_aa_out(cx: &mut Cx<'_>, a: &[Arg<'_>]) -> Result<Outs> {
    upsample_aa_out(cx, a, crate::erased::_upsample_lanczos2d_aa)
}

/// `copy.out(Tensor self, Tensor src, bool non_blocking=False, *,
/// Tensor(a!) out)`: torchgen's generated kernel (symbolic sizes fixed, a
/// resized out contiguous, exactly the result's dtype), which the fake
/// mode runs on tensors of any devices (`multi_device_op_out`).
pub(crate) fn copy_out(cx: &mut Cx<'_>, a: &[Arg<'_>]) -> Result<Outs> {
    out_variant(cx, a, 3, 1, OutForm::FIXED_EXACT, crate::erased::copy)
}

/// `linalg_matrix_power.out(Tensor self, int n, *, Tensor(a!) out)` (and
/// `matrix_power.out`, which ATen forwards to it) with `functional` its
/// functional kernel: `checkLinalgCompatibleDtype` (an out the result
/// casts to), then a copy for powers 0 and 1 and `linalg_inv_out` for -1,
/// otherwise `matmul_out`, which wants exactly the result's dtype (but
/// under the Python dispatcher, whose `matmul.out` casts).
fn matrix_power_out_of(cx: &mut Cx<'_>, a: &[Arg<'_>], functional: ErasedKernel) -> Result<Outs> {
    let n = args::int(cx, a, 1, "n", None)?;
    let form = match n {
        _ if cx.defaults.python_dispatcher => OutForm::CASTABLE,
        -1..=1 => OutForm::CASTABLE,
        _ => OutForm::EXACT,
    };
    out_variant(cx, a, 2, 1, form, functional)
}

/// `linalg_matrix_power.out`: see [`matrix_power_out_of`].
pub(crate) fn linalg_matrix_power_out(cx: &mut Cx<'_>, a: &[Arg<'_>]) -> Result<Outs> {
    matrix_power_out_of(cx, a, crate::erased::linalg_matrix_power)
}

/// `matrix_power.out`: see [`matrix_power_out_of`].
pub(crate) fn matrix_power_out(cx: &mut Cx<'_>, a: &[Arg<'_>]) -> Result<Outs> {
    matrix_power_out_of(cx, a, crate::erased::matrix_power)
}

/// `index.Tensor_out(Tensor self, Tensor?[] indices, *, Tensor(a!) out)`:
/// ATen's structured kernel, built on a TensorIterator (an out that
/// overlaps itself is refused, symbolic sizes fixed at their hints,
/// [`OutForm::ITER_FIXED_STRUCTURED`]), whose meta broadcasts every index
/// (`advanced_index` as a kernel, unlike the fake mode's `index.Tensor`).
pub(crate) fn index_tensor_out(cx: &mut Cx<'_>, a: &[Arg<'_>]) -> Result<Outs> {
    out_variant(
        cx,
        a,
        2,
        1,
        OutForm::ITER_FIXED_STRUCTURED,
        structured_index,
    )
}

/// [`index_tensor_out`]'s functional result.
fn structured_index(cx: &mut Cx<'_>, a: &[Arg<'_>]) -> Result<Outs> {
    let t = args::tensor(cx, a, 0, "self")?;
    let indices = args::opt_tensors(cx, a, 1, "indices")?;
    let r = crate::intrinsics::advanced_index(cx, t, indices, false)?;
    // `AdvancedIndex`: an indexed dim of size 0 with a replacement shape
    // (the indices' broadcast) of no 0 means an index out of bounds. A
    // mask's count is data-dependent: not decided here.
    let mut dim = 0;
    let mut empty_indexed = false;
    let mut maybe_empty_replacement = false;
    for idx in indices {
        let Some(idx) = idx else {
            dim += 1;
            continue;
        };
        let masked = matches!(idx.dtype, DType::Bool | DType::Int8 | DType::UInt8);
        let covered = if masked { idx.dim() } else { 1 };
        empty_indexed |= t.sizes[dim..(dim + covered).min(t.dim())].contains(&SymInt::Int(0));
        maybe_empty_replacement |= masked
            || idx
                .sizes
                .iter()
                .any(|&s| s == SymInt::Int(0) || !s.is_static());
        dim += covered;
    }
    if empty_indexed && !maybe_empty_replacement {
        return Err(invalid(
            cx,
            "index is out of bounds for dimension with size 0",
        ));
    }
    Ok(super::fresh_out(cx, t, r.sizes, r.strides))
}
