//! `upsample_nearest1d.vec`, `upsample_nearest2d.vec`,
//! `upsample_nearest3d.vec` (and the exact nearest ones),
//! `upsample_bilinear2d.vec`, `upsample_linear1d.vec`,
//! `upsample_trilinear3d.vec`, `upsample_bicubic2d.vec` and the
//! antialiased `_upsample_bilinear2d_aa.vec`, `_upsample_bicubic2d_aa.vec`
//! and `_upsample_lanczos2d_aa.vec`: the output size
//! from `output_size` or from `scale_factors`, as PyTorch's
//! `upsample_compute_output_size` (the Python one export runs, which keeps
//! symbolic sizes), then each one's checks and memory format.
//! `scale_factors` is a `float[]?`, which rules do not read, so these are
//! written by hand.

use super::invalid;
use crate::intrinsics::{advanced_index, format_strides, suggest_format};
use fake_runtime::pointwise::with_number_sizes;
use fake_runtime::shape::Dims;
use fake_runtime::strides::{Decide, contiguous};
use fake_runtime::support::{args, require};
use fake_runtime::{Arg, Cx, DType, DeviceType, MemoryFormat, Outs, Result, SymInt, TensorMeta};

/// `upsample_nearest2d.vec(Tensor input, SymInt[]? output_size, float[]?
/// scale_factors) -> Tensor`. Under the Python dispatcher (what export
/// runs) as PyTorch's Python implementation: source indices per spatial
/// dim, then an index of the
/// input made contiguous in its memory format (contiguous on CUDA with
/// fewer than 4 channels). An empty output dim is refused (a division by
/// zero there), as is an empty input dim scaled by a factor; empty batch
/// and channel dims are not. Outside it, as the form with the output size
/// given (see [`upsample_nearest_vec`]).
pub(crate) fn upsample_nearest2d_vec(cx: &mut Cx<'_>, a: &[Arg<'_>]) -> Result<Outs> {
    upsample_nearest_vec(cx, a, 2)
}

/// `upsample_nearest1d.vec` and `_upsample_nearest_exact1d.vec`: as
/// [`upsample_nearest2d_vec`] for one spatial dim, where the result is the
/// index of the input (`_unsafe_index`) as it comes, no memory format
/// applied (the exact variant only moves the sampled positions).
pub(crate) fn upsample_nearest1d_vec(cx: &mut Cx<'_>, a: &[Arg<'_>]) -> Result<Outs> {
    upsample_nearest_vec(cx, a, 1)
}

/// `upsample_nearest3d.vec` and `_upsample_nearest_exact3d.vec`: as
/// [`upsample_nearest2d_vec`] for three spatial dims, the index made
/// contiguous in the input's suggested memory format (no channel-count
/// heuristic).
pub(crate) fn upsample_nearest3d_vec(cx: &mut Cx<'_>, a: &[Arg<'_>]) -> Result<Outs> {
    upsample_nearest_vec(cx, a, 3)
}

/// `_upsample_nearest_vec` for `spatial` spatial dims: the output size
/// (`upsample_compute_output_size`, which checks the input's rank against
/// the sizes or scales given), then, outside the Python dispatcher, ATen's
/// C++ composite calls the form with the output size given, whose Python
/// meta FakeTensorMode runs ([`nearest_meta`]); under it, the
/// decomposition `_upsample_nearest`.
fn upsample_nearest_vec(cx: &mut Cx<'_>, a: &[Arg<'_>], spatial: usize) -> Result<Outs> {
    let t = args::tensor(cx, a, 0, "input")?;
    let output_size = args::opt_sizes(cx, a, 1, "output_size", None)?;
    let scales = args::opt_floats(cx, a, 2, "scale_factors")?;
    let osize = output_sizes(cx, &t.sizes, output_size, scales.as_deref())?;
    if !cx.defaults.python_dispatcher {
        return nearest_meta(cx, t, &osize, spatial);
    }
    let scales: Vec<Option<f64>> = match &scales {
        Some(f) => f.iter().map(|&v| Some(v)).collect(),
        None => vec![None; osize.len()],
    };
    upsample_nearest(cx, t, &osize, &scales)
}

/// `_upsample_nearest(input, output_size, scales)`: per output size
/// `osize[d]`, source indices `arange(osize[d])` scaled by `isize /
/// (isize * scales[d])` where that scale is given and positive, else by
/// `isize / osize[d]` (`isize` the input's size
/// `input.shape[-len(osize) + d]`; either division refused by zero, as
/// Python does; an output size past the scales given refused, as Python
/// indexes them); then
/// `aten._unsafe_index(input, [None, None, *indices])`, each index
/// unsqueezed to broadcast against the later ones (`[OH, 1]`, `[OW]`),
/// made contiguous in the input's suggested memory format when the result
/// has 4 or 5 dims.
fn upsample_nearest(
    cx: &mut Cx<'_>,
    t: &TensorMeta,
    osize: &[SymInt],
    scales: &[Option<f64>],
) -> Result<Outs> {
    let spatial = osize.len();
    if t.dim() < spatial {
        return Err(invalid(cx, "tuple index out of range"));
    }
    for (d, &o) in osize.iter().enumerate() {
        let isize = t.sizes[t.dim() - spatial + d];
        // `scales[d]`: the forms with the output size given pass one
        // scale per spatial dim of the operator, which more output sizes
        // run past.
        let Some(&scale) = scales.get(d) else {
            return Err(invalid(cx, "list index out of range"));
        };
        if scale.is_some_and(|v| v > 0.0) {
            let nonzero = cx.env.ne(isize, SymInt::Int(0))?;
            require(cx, nonzero, "float division by zero")?;
        } else {
            let nonzero = cx.env.ne(o, SymInt::Int(0))?;
            require(cx, nonzero, "division by zero")?;
        }
        let nonneg = cx.env.ge(o, SymInt::Int(0))?;
        require(
            cx,
            nonneg,
            "upsample_nearest: output sizes must be positive",
        )?;
    }
    let osize = with_number_sizes(cx, osize)?;
    let mut index_metas = Vec::with_capacity(spatial);
    for (d, &o) in osize.iter().enumerate() {
        let mut sizes = Dims::from([o]);
        sizes.extend(std::iter::repeat_n(SymInt::Int(1), spatial - 1 - d));
        index_metas.push(TensorMeta::contiguous(
            cx.env,
            &sizes,
            DType::Int64,
            t.device,
        )?);
    }
    let mut indices: Vec<Option<&TensorMeta>> = vec![None, None];
    indices.extend(index_metas.iter().map(Some));
    let out = advanced_index(cx, t, &indices, false)?;
    let ndim = out.sizes.len();
    if ndim != 4 && ndim != 5 {
        return Ok(super::fresh_out(cx, t, out.sizes, out.strides));
    }
    // Then `.contiguous(memory_format=suggest_memory_format(input))`,
    // which keeps the index's strides where they are contiguous in it
    // (a size-1 dim's own stride); "only use channels_last path when it's
    // faster than the contiguous path": not for a 4-D result on CUDA with
    // fewer than 4 channels.
    let few_channels = cx.env.lt(t.sizes[1], SymInt::Int(4))?;
    let format = if ndim == 4
        && t.device.ty == DeviceType::Cuda
        && cx.env.guard_bool(few_channels, cx.op)?
    {
        MemoryFormat::Contiguous
    } else {
        suggest_format(cx, t, None)?
    };
    let sizes = out.sizes.clone();
    let index = super::fresh(cx, t, out.sizes, out.strides);
    let laid = super::loss_steps::call(
        cx,
        super::contiguous,
        &[Arg::Tensor(&index), Arg::MemoryFormat(format)],
    )?;
    Ok(super::fresh_out(cx, t, sizes, laid.strides))
}

/// `upsample_nearest{1,2,3}d(Tensor self, SymInt[N] output_size, float?
/// scales...)` and the exact ones, as their Python metas
/// (`upsample_nearest1d` of `_meta_registrations`): an empty input refused
/// (the check's condition is then an integer), `upsample_common_check`,
/// then a new tensor in the input's suggested memory format (with no
/// channel-count heuristic on CUDA). Under the Python dispatcher their
/// decomposition runs, as the `.vec` overloads' ([`upsample_nearest_vec`]). Export traces their
/// Python decomposition instead, whose source indices leave a spatial
/// size decided to be 1 as the constant 1 ([`sampled`]); the two agree
/// everywhere else.
fn upsample_nearest_default(cx: &mut Cx<'_>, a: &[Arg<'_>], spatial: usize) -> Result<Outs> {
    let t = args::tensor(cx, a, 0, "self")?;
    let osize = args::sizes(cx, a, 1, "output_size", None)?;
    for i in 0..spatial {
        args::opt_float(cx, a, 2 + i, "scales", None)?;
    }
    if cx.defaults.python_dispatcher {
        return upsample_nearest_decomposed(cx, a, spatial);
    }
    nearest_meta(cx, t, &osize, spatial)
}

/// The Python meta of `upsample_nearest{N}d` (and the exact ones) for
/// `spatial` spatial dims: an empty input refused, `upsample_common_check`,
/// then [`nearest_result`].
fn nearest_meta(cx: &mut Cx<'_>, t: &TensorMeta, osize: &[SymInt], spatial: usize) -> Result<Outs> {
    // `torch._check(input.numel() != 0 or multiply_integers(input.size()[1:]))`:
    // for an empty input the `or` gives an integer, which `torch._check`
    // refuses whatever its value.
    let numel = t.numel(cx.env)?;
    let empty = cx.env.eq(numel, SymInt::Int(0))?;
    if cx.env.guard_bool(empty, cx.op)? {
        return Err(invalid(cx, "cond must be a bool, but got <class 'int'>"));
    }
    let shape = common_check(cx, &t.sizes, osize, spatial)?;
    nearest_result(cx, t, shape, spatial)
}

/// [`upsample_nearest_default`]'s result of `shape`, once checked.
fn nearest_result(cx: &mut Cx<'_>, t: &TensorMeta, shape: Dims, spatial: usize) -> Result<Outs> {
    let shape = sampled(cx, shape)?;
    // The 2-D meta makes its result `.contiguous()` in that format, which
    // keeps a single channel's contiguous strides.
    let format = suggest_format(cx, t, None)?;
    let strides = if spatial == 2 {
        contiguous_in(cx, &shape, format)?
    } else {
        format_strides(cx, shape.clone(), Some(format))?
    };
    Ok(super::fresh_out(cx, t, shape, strides))
}

/// `upsample_nearest1d` and `_upsample_nearest_exact1d`: see
/// [`upsample_nearest_default`].
pub(crate) fn upsample_nearest1d_default(cx: &mut Cx<'_>, a: &[Arg<'_>]) -> Result<Outs> {
    upsample_nearest_default(cx, a, 1)
}

/// `upsample_nearest2d` and `_upsample_nearest_exact2d`: see
/// [`upsample_nearest_default`].
pub(crate) fn upsample_nearest2d_default(cx: &mut Cx<'_>, a: &[Arg<'_>]) -> Result<Outs> {
    upsample_nearest_default(cx, a, 2)
}

/// `upsample_nearest3d` and `_upsample_nearest_exact3d`: see
/// [`upsample_nearest_default`].
pub(crate) fn upsample_nearest3d_default(cx: &mut Cx<'_>, a: &[Arg<'_>]) -> Result<Outs> {
    upsample_nearest_default(cx, a, 3)
}

/// The decomposition of `upsample_nearest{N}d(self, output_size,
/// scales...)`, as the `.vec` overload's (an empty batch or channel dim
/// taken), each dim's scale given on its own.
fn upsample_nearest_decomposed(cx: &mut Cx<'_>, a: &[Arg<'_>], spatial: usize) -> Result<Outs> {
    let t = args::tensor(cx, a, 0, "self")?;
    let mut scales = Vec::with_capacity(spatial);
    for i in 0..spatial {
        scales.push(args::opt_float(cx, a, 2 + i, "scales", None)?);
    }
    let osize = args::sizes(cx, a, 1, "output_size", None)?;
    upsample_nearest(cx, t, &osize, &scales)
}

/// `upsample_nearest1d.out` and `_upsample_nearest_exact1d.out`: the
/// decomposition (which takes an empty input the functional form's Python
/// meta refuses) in its `out_wrapper(preserve_memory_format=True,
/// exact_dtype=True)` (an `out` resized in the result's memory format; its
/// dtype exactly the result's).
pub(crate) fn upsample_nearest1d_out(cx: &mut Cx<'_>, a: &[Arg<'_>]) -> Result<Outs> {
    fake_runtime::support::exact_out_variant(cx, a, 3, |cx, a| {
        upsample_nearest_decomposed(cx, a, 1)
    })
}

/// `upsample_nearest2d.out` and `_upsample_nearest_exact2d.out`: see
/// [`upsample_nearest1d_out`].
pub(crate) fn upsample_nearest2d_out(cx: &mut Cx<'_>, a: &[Arg<'_>]) -> Result<Outs> {
    fake_runtime::support::exact_out_variant(cx, a, 4, |cx, a| {
        upsample_nearest_decomposed(cx, a, 2)
    })
}

/// `upsample_nearest3d.out` and `_upsample_nearest_exact3d.out`: see
/// [`upsample_nearest1d_out`].
pub(crate) fn upsample_nearest3d_out(cx: &mut Cx<'_>, a: &[Arg<'_>]) -> Result<Outs> {
    fake_runtime::support::exact_out_variant(cx, a, 5, |cx, a| {
        upsample_nearest_decomposed(cx, a, 3)
    })
}

/// `upsample_linear1d.vec`, `upsample_bilinear2d.vec` and
/// `upsample_trilinear3d.vec(Tensor input,
/// SymInt[]? output_size, bool align_corners, float[]? scale_factors)`:
/// the output size (`upsample_compute_output_size`), then, under the
/// Python dispatcher, PyTorch's Python `_upsample_linear` with the scale
/// factors (or a `None` per output size, also for an empty list);
/// outside it ATen's composite, which reads one scale per spatial dim of
/// the operator from the factors given ("ArrayRef: invalid index" past
/// them) and calls the functional overload ([`upsample_linear_default`]).
pub(crate) fn upsample_linear_vec(cx: &mut Cx<'_>, a: &[Arg<'_>]) -> Result<Outs> {
    let t = args::tensor(cx, a, 0, "input")?;
    let output_size = args::opt_sizes(cx, a, 1, "output_size", None)?;
    let align_corners = args::bool(cx, a, 2, "align_corners", None)?;
    let factors = args::opt_floats(cx, a, 3, "scale_factors")?;
    let osize = output_sizes(cx, &t.sizes, output_size, factors.as_deref())?;
    let scales: Vec<Option<f64>> = match (&factors, cx.defaults.python_dispatcher) {
        (Some(f), true) if !f.is_empty() => f.iter().map(|&v| Some(v)).collect(),
        (_, true) => vec![None; osize.len()],
        (Some(f), false) => {
            let count = linear_scale_count(cx.op);
            if f.len() < count {
                return Err(invalid(
                    cx,
                    format!(
                        "ArrayRef: invalid index Index = {}; Length = {}",
                        f.len(),
                        f.len()
                    ),
                ));
            }
            f[..count].iter().map(|&v| Some(v)).collect()
        }
        (None, false) => vec![None; linear_scale_count(cx.op)],
    };
    decomposed_linear(cx, t, &osize, align_corners, &scales)
}

/// The scales the functional overload of a linear upsampling takes: one,
/// two or three.
fn linear_scale_count(op: &str) -> usize {
    if op.contains("linear1d") {
        1
    } else if op.contains("bilinear2d") {
        2
    } else {
        3
    }
}

/// `upsample_linear1d(Tensor self, SymInt[1] output_size, bool
/// align_corners, float? scales=None)` and `upsample_trilinear3d(...,
/// float? scales_d=None, float? scales_h=None, float? scales_w=None)`:
/// their Python decompositions (which FakeTensorMode runs), the same
/// `_upsample_linear` as [`upsample_linear_vec`] ([`decomposed_linear`]).
pub(crate) fn upsample_linear_default(cx: &mut Cx<'_>, a: &[Arg<'_>]) -> Result<Outs> {
    let t = args::tensor(cx, a, 0, "self")?;
    let osize = args::sizes(cx, a, 1, "output_size", None)?;
    let align_corners = args::bool(cx, a, 2, "align_corners", None)?;
    let mut scales = Vec::new();
    for i in 0..linear_scale_count(cx.op) {
        scales.push(args::opt_float(cx, a, 3 + i, "scales", None)?);
    }
    decomposed_linear(cx, t, &osize, align_corners, &scales)
}

/// `_upsample_linear(input, output_size, align_corners, scales)`, which
/// interpolates the input's dims after the first two, each zipped with an
/// output size and a scale: an output size past them is ignored (a 3-D
/// input to `upsample_bilinear2d` is sampled in its last dim only), a dim
/// past the output sizes or the scales is an index out of range, and
/// nothing zipped at all a failed unpacking; then its steps
/// ([`super::upsample_linear::linear_steps`]).
fn decomposed_linear(
    cx: &mut Cx<'_>,
    t: &TensorMeta,
    osize: &[SymInt],
    align_corners: bool,
    scales: &[Option<f64>],
) -> Result<Outs> {
    // `input.shape[1]`, then the input's spatial dims zipped with the
    // output sizes and scales.
    let Some(spatial) = t.dim().checked_sub(2) else {
        return Err(invalid(cx, "tuple index out of range"));
    };
    let n = spatial.min(osize.len()).min(scales.len());
    if !align_corners {
        check_scalable(cx, &osize[..n], &scales[..n])?;
    }
    if n == 0 {
        return Err(invalid(
            cx,
            format!(
                "not enough values to unpack (expected 3, got 0): {spatial} spatial dims, {} output sizes",
                osize.len()
            ),
        ));
    }
    if spatial > n {
        return Err(invalid(
            cx,
            format!(
                "tuple index out of range: {spatial} spatial dims, {} output sizes, {} scales",
                osize.len(),
                scales.len()
            ),
        ));
    }
    let result =
        super::upsample_linear::linear_steps(cx, t, &osize[..n], align_corners, &scales[..n])?;
    Ok(super::fresh_out(
        cx,
        t,
        result.sizes.clone(),
        result.strides.clone(),
    ))
}

/// `_compute_scale` without `align_corners`: `in / out` when no positive
/// scale is given, a division by zero for an empty output.
fn check_scalable(cx: &Cx<'_>, osize: &[SymInt], scales: &[Option<f64>]) -> Result<()> {
    for (o, s) in osize.iter().zip(scales) {
        if *o == SymInt::Int(0) && !s.is_some_and(|s| s > 0.0) {
            return Err(invalid(cx, "division by zero"));
        }
    }
    Ok(())
}

/// `upsample_bicubic2d(Tensor self, SymInt[2] output_size, bool
/// align_corners, float? scales_h=None, float? scales_w=None)`: its Python
/// decomposition (which FakeTensorMode runs): a 4-D input, two output
/// sizes, the result made contiguous in the input's suggested memory
/// format.
pub(crate) fn upsample_bicubic2d_default(cx: &mut Cx<'_>, a: &[Arg<'_>]) -> Result<Outs> {
    let t = args::tensor(cx, a, 0, "self")?;
    let osize = args::sizes(cx, a, 1, "output_size", None)?;
    let align_corners = args::bool(cx, a, 2, "align_corners", None)?;
    let scales = [
        args::opt_float(cx, a, 3, "scales_h", None)?,
        args::opt_float(cx, a, 4, "scales_w", None)?,
    ];
    // `n, c, h, w = input.shape`.
    super::unpacked(cx, 4, t.dim())?;
    if osize.len() < 2 {
        return Err(invalid(cx, "list index out of range"));
    }
    super::upsample_cubic::cubic_steps(cx, t, [osize[0], osize[1]], align_corners, scales)
}

/// `upsample_bicubic2d.vec(Tensor input, SymInt[]? output_size, bool
/// align_corners, float[]? scale_factors)`: PyTorch's Python
/// decomposition: exactly one of a non-empty `output_size` and
/// `scale_factors` (each size truncated from `float(size) * scale`), a
/// 4-D input, the input's dtype, the result made contiguous in the
/// input's suggested memory format.
pub(crate) fn upsample_bicubic2d_vec(cx: &mut Cx<'_>, a: &[Arg<'_>]) -> Result<Outs> {
    let t = args::tensor(cx, a, 0, "input")?;
    let output_size = args::opt_sizes(cx, a, 1, "output_size", None)?;
    let align_corners = args::bool(cx, a, 2, "align_corners", None)?;
    let scales = args::opt_floats(cx, a, 3, "scale_factors")?;
    if cx.defaults.python_dispatcher {
        // The decomposition: exactly one of the two non-empty.
        let given = |n: Option<usize>| usize::from(n.is_some_and(|n| n > 0));
        if given(output_size.as_ref().map(|o| o.len())) + given(scales.as_ref().map(|f| f.len()))
            != 1
        {
            return Err(invalid(
                cx,
                "Must specify exactly one of output_size and scale_factors.",
            ));
        }
    } else {
        // A plain fake mode runs ATen's composite first, whose
        // `upsample_compute_output_size` wants exactly one of the two
        // given, of one element per spatial dim.
        output_sizes(cx, &t.sizes, output_size.clone(), scales.as_deref())?;
    }
    // `n, c, h, w = input.shape`.
    super::unpacked(cx, 4, t.dim())?;
    // Under the Python dispatcher its decomposition unpacks scale factors
    // into two (`scale_h, scale_w = scale_factors if scale_factors else
    // (None, None)`: an empty list is none), then reads a given
    // `output_size` (even an empty one, beside scale factors) at its
    // indices 0 and 1, whatever its length.
    let mut per_dim = [None, None];
    if let Some(f) = scales.as_ref().filter(|f| !f.is_empty()) {
        super::unpacked(cx, 2, f.len())?;
        per_dim = [Some(f[0]), Some(f[1])];
    }
    if output_size.as_ref().is_some_and(|o| o.len() < 2) {
        return Err(invalid(cx, "list index out of range"));
    }
    let osize = match (output_size, per_dim) {
        (Some(o), _) => [o[0], o[1]],
        // `sym_int(sym_float(w) * scale)`, an integral scale too.
        (None, [Some(h), Some(w)]) => [
            cx.env.trunc_scaled(t.sizes[2], h)?,
            cx.env.trunc_scaled(t.sizes[3], w)?,
        ],
        _ => return Err(invalid(cx, "neither an output size nor scale factors")),
    };
    super::upsample_cubic::cubic_steps(cx, t, osize, align_corners, per_dim)
}

/// `_upsample_bilinear2d_aa.vec(Tensor input, SymInt[]? output_size, bool
/// align_corners, float[]? scale_factors)`: the output size computed as
/// [`output_sizes`] does, then `_upsample_bilinear2d_aa` with each
/// spatial dim's scale.
pub(crate) fn upsample_bilinear2d_aa_vec(cx: &mut Cx<'_>, a: &[Arg<'_>]) -> Result<Outs> {
    upsample_aa_vec(cx, a, crate::erased::_upsample_bilinear2d_aa)
}

/// `_upsample_bicubic2d_aa.vec`: as [`upsample_bilinear2d_aa_vec`], then
/// `_upsample_bicubic2d_aa`.
pub(crate) fn upsample_bicubic2d_aa_vec(cx: &mut Cx<'_>, a: &[Arg<'_>]) -> Result<Outs> {
    upsample_aa_vec(cx, a, crate::erased::_upsample_bicubic2d_aa)
}

/// `_upsample_lanczos2d_aa.vec`: as [`upsample_bilinear2d_aa_vec`], then
/// `_upsample_lanczos2d_aa`.
pub(crate) fn upsample_lanczos2d_aa_vec(cx: &mut Cx<'_>, a: &[Arg<'_>]) -> Result<Outs> {
    upsample_aa_vec(cx, a, crate::erased::_upsample_lanczos2d_aa)
}

/// The antialiased upsamplings' `.vec` decompositions: the output size
/// from `upsample_compute_output_size`, then `functional(input, osize,
/// align_corners, scale_h, scale_w)`.
fn upsample_aa_vec(
    cx: &mut Cx<'_>,
    a: &[Arg<'_>],
    functional: fn(&mut Cx<'_>, &[Arg<'_>]) -> Result<Outs>,
) -> Result<Outs> {
    let t = args::tensor(cx, a, 0, "input")?;
    let output_size = args::opt_sizes(cx, a, 1, "output_size", None)?;
    let align_corners = args::bool(cx, a, 2, "align_corners", None)?;
    let scales = args::opt_floats(cx, a, 3, "scale_factors")?;
    let osize = output_sizes(cx, &t.sizes, output_size, scales.as_deref())?;
    let scale = |i: usize| match &scales {
        Some(f) => f.get(i).map_or(Arg::None, |&v| Arg::Float(v)),
        None => Arg::None,
    };
    functional(
        cx,
        &[
            Arg::Tensor(t),
            Arg::Ints(osize[..].into()),
            Arg::Bool(align_corners),
            scale(0),
            scale(1),
        ],
    )
}

/// `shape` with its spatial sizes (all but the first two) as the Python
/// decompositions that export runs leave them: each dim's source indices
/// are `arange(size)` combined with a number on the fast binary path
/// ([`with_number_sizes`]), so a size decided to be 1 is the constant 1
/// (a size `s // 2` whose hint is 1, say).
fn sampled(cx: &mut Cx<'_>, mut shape: Dims) -> Result<Dims> {
    let spatial = with_number_sizes(cx, &shape[2..])?;
    shape[2..].copy_from_slice(&spatial);
    Ok(shape)
}

/// `upsample_compute_output_size`: `output_size` as given, or each spatial
/// size times its scale factor: an integral factor multiplies, another
/// truncates the product (`sym_int(size * scale)`).
fn output_sizes(
    cx: &mut Cx<'_>,
    input: &[SymInt],
    output_size: Option<Dims>,
    scales: Option<&[f64]>,
) -> Result<Dims> {
    // `len(input_size) - 2`, negative for fewer than two dims (matching
    // no list's length).
    let spatial = input.len() as i64 - 2;
    match (output_size, scales) {
        (Some(o), None) => {
            if o.len() as i64 != spatial {
                return Err(invalid(
                    cx,
                    "Expected static_cast<int64_t>(output_size->size()) == spatial_dimensions to be true, but got false.  (Could this error message be improved?  If so, please report an enhancement request to PyTorch.)",
                ));
            }
            Ok(o)
        }
        (None, Some(f)) => {
            if f.len() as i64 != spatial {
                return Err(invalid(
                    cx,
                    "Expected static_cast<int64_t>(scale_factors->size()) == spatial_dimensions to be true, but got false.  (Could this error message be improved?  If so, please report an enhancement request to PyTorch.)",
                ));
            }
            let mut out = Dims::new();
            for (&size, &scale) in input[2..].iter().zip(f) {
                out.push(scaled(cx, size, scale)?);
            }
            Ok(out)
        }
        _ => Err(invalid(
            cx,
            "Must specify exactly one of output_size and scale_factors",
        )),
    }
}

/// `size * scale` as PyTorch's `upsample_compute_output_size` computes
/// an output size: `size * int(scale)` for an integral factor, else
/// `sym_int(size * scale)`, which is `TruncToInt(scale*ToFloat(size))`
/// (a static size is multiplied in `f64`, as Python does).
fn scaled(cx: &mut Cx<'_>, size: SymInt, scale: f64) -> Result<SymInt> {
    if scale.is_finite() && scale.trunc() == scale && scale.abs() < 9.0e15 {
        return cx.env.mul(size, SymInt::Int(scale as i64));
    }
    cx.env.trunc_scaled(size, scale)
}

/// `upsample_common_check` for `spatial` spatial dims: that many output
/// sizes, an input of two more dims, positive spatial sizes in and out;
/// the output's full sizes.
fn common_check(
    cx: &mut Cx<'_>,
    input: &[SymInt],
    osize: &[SymInt],
    spatial: usize,
) -> Result<Dims> {
    if osize.len() != spatial {
        return Err(invalid(
            cx,
            format!(
                "It is expected output_size equals to {spatial}, but got size {}",
                osize.len()
            ),
        ));
    }
    if input.len() != spatial + 2 {
        return Err(invalid(
            cx,
            format!(
                "It is expected input_size equals to {}, but got size {}",
                spatial + 2,
                input.len()
            ),
        ));
    }
    for &s in input[2..].iter().chain(osize) {
        let positive = cx.env.gt(s, SymInt::Int(0))?;
        require(
            cx,
            positive,
            "Input and output sizes should be greater than 0",
        )?;
    }
    let mut shape = Dims::new();
    shape.extend([input[0], input[1]]);
    shape.extend(osize.iter().copied());
    Ok(shape)
}

/// The strides of a new contiguous tensor of `shape` made contiguous in
/// `format` (`.contiguous(memory_format=format)`): its own when they are
/// contiguous in `format` too (a single channel), else the format's.
fn contiguous_in(cx: &mut Cx<'_>, shape: &[SymInt], format: MemoryFormat) -> Result<Dims> {
    let strides = contiguous(cx.env, shape)?;
    let channels_last = matches!(
        (format, shape.len()),
        (MemoryFormat::ChannelsLast, 4) | (MemoryFormat::ChannelsLast3d, 5)
    );
    if channels_last
        && !fake_runtime::strides::is_channels_last(cx.env, shape, &strides, cx.op, Decide::Guard)?
    {
        return format_strides(cx, Dims::from_slice(shape), Some(format));
    }
    Ok(strides)
}
