//! The transforms of `torch.fft` (`fft_fft`, `fft_ifft`, `fft_rfft`,
//! `fft_irfft`, `fft_hfft`, `fft_ihfft` and the n-dimensional `fft_fftn`,
//! `fft_ifftn`, `fft_rfftn`, `fft_irfftn`, `fft_hfftn`, `fft_ihfftn` with
//! their 2-D forms), as ATen's
//! composites
//! (`SpectralOps.cpp`): the input promoted (integers to the default float,
//! to complex where the transform needs it; `to`, which keeps the
//! layout), resized to `n` along `dim` when `n` is given (a slice, or a
//! `constant_pad_nd` copy; the n-dimensional ones take their dims and
//! sizes from `canonicalize_fft_shape_and_dim_args`), then one of
//! `_fft_c2c`, `_fft_r2c` or
//! `_fft_c2r`, whose kernels lay the result out. The kind of transform and
//! whether to slice or pad are decided by dtypes and sizes (a guard each),
//! which no rule can say.

use super::invalid;
use fake_runtime::shape::{self, Dims, wrap_dim};
use fake_runtime::support::{args, require};
use fake_runtime::{Arg, Cx, DType, DeviceType, Out, Outs, Result, Scalar, SymInt, TensorMeta};

/// The one tensor a kernel returned.
fn one(cx: &Cx<'_>, outs: Outs) -> Result<TensorMeta> {
    match outs.into_iter().next() {
        Some(Out::Tensor(t, _)) => Ok(t),
        _ => Err(invalid(cx, "a composed operator gave no tensor")),
    }
}

/// `promote_type_fft`: complex stays, integers become the default float;
/// only float and double (and half on CUDA) are transformed; complex when
/// required.
fn promote_type(cx: &Cx<'_>, t: &TensorMeta, require_complex: bool) -> Result<DType> {
    if t.dtype.is_complex() {
        return Ok(t.dtype);
    }
    let real = if t.dtype.is_floating_point() {
        t.dtype
    } else {
        cx.defaults.dtype
    };
    let half = t.device.ty == DeviceType::Cuda || t.device.ty == DeviceType::Meta;
    if !(matches!(real, DType::Float32 | DType::Float64) || (half && real == DType::Float16)) {
        return Err(invalid(cx, format!("Unsupported dtype {real}")));
    }
    Ok(if require_complex {
        real.to_complex()
    } else {
        real
    })
}

/// `promote_tensor_fft(t, require_complex)`: `t`, or `t.to(dtype)`.
fn promote(cx: &mut Cx<'_>, t: &TensorMeta, require_complex: bool) -> Result<TensorMeta> {
    let dtype = promote_type(cx, t, require_complex)?;
    if dtype == t.dtype {
        return Ok(t.clone());
    }
    let outs = super::to_dtype(
        cx,
        &[
            Arg::Tensor(t),
            Arg::DType(dtype),
            Arg::Bool(false),
            Arg::Bool(false),
            Arg::None,
        ],
    )?;
    one(cx, outs)
}

/// `resize_fft_input(x, {dim}, {n})`: sliced to `n` along `dim`, or
/// zero-padded at its end (`constant_pad_nd`, a copy).
fn resize(cx: &mut Cx<'_>, x: TensorMeta, dim: usize, n: SymInt) -> Result<TensorMeta> {
    resize_dims(cx, x, &[dim], &[n])
}

/// `resize_fft_input(x, dims, sizes)`: each dim sliced to its size, or
/// padded to it (the pads of all dims in one `constant_pad_nd` at the end),
/// compared with the sizes `x` had at the start.
fn resize_dims(
    cx: &mut Cx<'_>,
    mut x: TensorMeta,
    dims: &[usize],
    sizes: &[SymInt],
) -> Result<TensorMeta> {
    let original = x.sizes.clone();
    let rank = x.dim();
    let mut pad = vec![SymInt::Int(0); 2 * rank];
    let mut must_copy = false;
    for (&dim, &n) in dims.iter().zip(sizes) {
        let size = original[dim];
        let short = cx.env.lt(size, n)?;
        if cx.env.guard_bool(short, cx.op)? {
            must_copy = true;
            pad[2 * rank - 2 * dim - 1] = cx.env.sub(n, size)?;
        }
        let long = cx.env.gt(size, n)?;
        if cx.env.guard_bool(long, cx.op)? {
            let outs = crate::erased::slice_tensor(
                cx,
                &[
                    Arg::Tensor(&x),
                    Arg::Int(SymInt::Int(dim as i64)),
                    Arg::Int(SymInt::Int(0)),
                    Arg::Int(n),
                    Arg::Int(SymInt::Int(1)),
                ],
            )?;
            x = one(cx, outs)?;
        }
    }
    if !must_copy {
        return Ok(x);
    }
    let outs = crate::erased::constant_pad_nd(
        cx,
        &[
            Arg::Tensor(&x),
            Arg::Ints(pad.into_iter().collect()),
            Arg::Scalar(Scalar::Int(SymInt::Int(0))),
        ],
    )?;
    one(cx, outs)
}

/// `norm_from_string`: a known normalization mode.
fn check_norm(cx: &Cx<'_>, norm: Option<&str>) -> Result<()> {
    match norm {
        None | Some("backward" | "forward" | "ortho") => Ok(()),
        Some(other) => Err(invalid(
            cx,
            format!("Invalid normalization mode: \"{other}\""),
        )),
    }
}

/// Which composite a transform is.
#[derive(Clone, Copy)]
enum Kind {
    /// `fft_c2c`: complex to complex.
    C2c { forward: bool },
    /// `fft_r2c`: real to complex, with `onesided` the half spectrum.
    R2c { onesided: bool },
    /// `fft_c2r`: complex (a half spectrum) to real.
    C2r,
}

/// The composite of `kind` on the arguments `(self, n, dim, norm)`.
fn transform(cx: &mut Cx<'_>, a: &[Arg<'_>], kind: Kind) -> Result<Outs> {
    let t = args::tensor(cx, a, 0, "self")?;
    let n = args::opt_size(cx, a, 1, "n", None)?;
    let dim = args::int(cx, a, 2, "dim", Some(-1))?;
    let norm = args::opt_str(cx, a, 3, "norm", None)?;
    if let Kind::R2c { .. } = kind
        && t.dtype.is_complex()
    {
        return Err(invalid(
            cx,
            format!("expects a real input tensor, but got {}", t.dtype),
        ));
    }
    let input = promote(cx, t, !matches!(kind, Kind::R2c { .. }))?;
    let d = wrap_dim(cx.op, dim, input.dim())?;
    let input_size = input
        .sizes
        .get(d)
        .copied()
        .ok_or_else(|| invalid(cx, "Dimension specified as -1 but tensor has no dimensions"))?;
    let points = match (kind, n) {
        (_, Some(n)) => n,
        (Kind::C2r, None) => {
            let m = cx.env.sub(input_size, SymInt::Int(1))?;
            cx.env.mul(SymInt::Int(2), m)?
        }
        (_, None) => input_size,
    };
    let positive = cx.env.ge(points, SymInt::Int(1))?;
    require(cx, positive, "Invalid number of data points specified")?;
    let input = match (kind, n) {
        (Kind::C2r, Some(n)) => {
            let half = cx.env.floordiv(n, SymInt::Int(2))?;
            let half = cx.env.add(half, SymInt::Int(1))?;
            resize(cx, input, d, half)?
        }
        (_, Some(n)) => resize(cx, input, d, n)?,
        (_, None) => input,
    };
    check_norm(cx, norm)?;
    let dims = Arg::Ints(vec![SymInt::Int(d as i64)].into());
    let normalization = Arg::Int(SymInt::Int(0));
    match kind {
        Kind::C2c { forward } => super::fft_c2c_op(
            cx,
            &[Arg::Tensor(&input), dims, normalization, Arg::Bool(forward)],
        ),
        Kind::R2c { onesided } => super::fft_r2c(
            cx,
            &[
                Arg::Tensor(&input),
                dims,
                normalization,
                Arg::Bool(onesided),
            ],
        ),
        Kind::C2r => super::fft_c2r(
            cx,
            &[Arg::Tensor(&input), dims, normalization, Arg::Int(points)],
        ),
    }
}

/// `fft_fft(Tensor self, SymInt? n=None, int dim=-1, str? norm=None)`: a
/// complex input's C2C transform, a real one's two-sided R2C.
pub(crate) fn fft_fft(cx: &mut Cx<'_>, a: &[Arg<'_>]) -> Result<Outs> {
    let t = args::tensor(cx, a, 0, "self")?;
    if t.dtype.is_complex() {
        transform(cx, a, Kind::C2c { forward: true })
    } else {
        transform(cx, a, Kind::R2c { onesided: false })
    }
}

/// `fft_ifft`: as [`fft_fft`], backward (a real input's result
/// conjugated, which changes no metadata).
pub(crate) fn fft_ifft(cx: &mut Cx<'_>, a: &[Arg<'_>]) -> Result<Outs> {
    let t = args::tensor(cx, a, 0, "self")?;
    if t.dtype.is_complex() {
        transform(cx, a, Kind::C2c { forward: false })
    } else {
        transform(cx, a, Kind::R2c { onesided: false })
    }
}

/// `fft_rfft` and `fft_ihfft`: a real input's one-sided R2C transform
/// (`ihfft`'s conjugated).
pub(crate) fn fft_rfft(cx: &mut Cx<'_>, a: &[Arg<'_>]) -> Result<Outs> {
    transform(cx, a, Kind::R2c { onesided: true })
}

/// `fft_irfft` and `fft_hfft`: the C2R transform of a half spectrum, `n`
/// (by default `2 * (size - 1)`) real values along `dim`.
pub(crate) fn fft_irfft(cx: &mut Cx<'_>, a: &[Arg<'_>]) -> Result<Outs> {
    transform(cx, a, Kind::C2r)
}

/// `canonicalize_fft_shape_and_dim_args(input, s, dim)`: the transformed
/// dims (wrapped, unique; by default the last `len(s)` dims, or all) and
/// their sizes (`s`, `-1` meaning the input's, by default the input's),
/// each at least 1.
fn canonicalize(
    cx: &mut Cx<'_>,
    input: &TensorMeta,
    s: Option<Dims>,
    dim: Option<&[i64]>,
) -> Result<(Vec<usize>, Vec<SymInt>)> {
    let rank = input.dim();
    let mut dims: Vec<usize> = Vec::new();
    if let Some(dim) = dim {
        for &d in dim {
            // No scalar wrapping: a zero-dim input has no dim to transform.
            dims.push(shape::wrap_size_dim(cx.op, d, rank)?);
        }
        let mut sorted = dims.clone();
        sorted.sort_unstable();
        if sorted.windows(2).any(|w| w[0] == w[1]) {
            return Err(invalid(cx, "FFT dims must be unique"));
        }
    }
    let shape: Vec<SymInt> = if let Some(s) = s {
        if dim.is_some_and(|d| d.len() != s.len()) {
            return Err(invalid(
                cx,
                "When given, dim and shape arguments must have the same length",
            ));
        }
        if s.len() > rank {
            return Err(invalid(
                cx,
                format!(
                    "Got shape with {} values but input tensor only has {rank} dimensions.",
                    s.len()
                ),
            ));
        }
        if dim.is_none() {
            dims = (rank - s.len()..rank).collect();
        }
        s.iter()
            .zip(&dims)
            .map(|(&n, &d)| {
                if n == SymInt::Int(-1) {
                    input.sizes[d]
                } else {
                    n
                }
            })
            .collect()
    } else {
        if dim.is_none() {
            dims = (0..rank).collect();
        }
        dims.iter().map(|&d| input.sizes[d]).collect()
    };
    for &n in &shape {
        let positive = cx.env.gt(n, SymInt::Int(0))?;
        require(cx, positive, "Invalid number of data points specified")?;
    }
    Ok((dims, shape))
}

/// Which n-dimensional composite a transform is.
#[derive(Clone, Copy)]
enum KindN {
    /// `fftn_c2c`.
    C2c { forward: bool },
    /// `rfftn`: real to a half spectrum.
    R2c,
    /// `irfftn`: a half spectrum to real.
    C2r,
    /// `hfftn`: forward C2C over all dims but the last, then C2R of the
    /// (conjugated) half spectrum along it.
    Hermitian,
    /// `ihfftn`: one-sided R2C along the last dim, then (conjugated with
    /// `conj_physical`) forward C2C over the others.
    InverseHermitian,
}

/// The n-dimensional composite of `kind` on `(self, s, dim, norm)`, with
/// `default_dim` the schema's default dims (`[-2, -1]` for the 2-D ones).
fn transform_n(
    cx: &mut Cx<'_>,
    a: &[Arg<'_>],
    kind: KindN,
    default_dim: Option<&[i64]>,
) -> Result<Outs> {
    let t = args::tensor(cx, a, 0, "self")?;
    let s = args::opt_sizes(cx, a, 1, "s", None)?;
    let dim = args::opt_ints(cx, a, 2, "dim", default_dim)?;
    let norm = args::opt_str(cx, a, 3, "norm", None)?;
    if let KindN::R2c = kind
        && t.dtype.is_complex()
    {
        return Err(invalid(
            cx,
            format!(
                "rfftn expects a real-valued input tensor, but got {}",
                t.dtype
            ),
        ));
    }
    let given_last = s.as_ref().and_then(|s| s.last().copied());
    let (dims, mut shape) = canonicalize(cx, t, s, dim.as_deref())?;
    let mut last_dim_size = SymInt::Int(0);
    match kind {
        KindN::R2c | KindN::C2r | KindN::Hermitian | KindN::InverseHermitian
            if shape.is_empty() =>
        {
            return Err(invalid(cx, "must transform at least one axis"));
        }
        KindN::C2r | KindN::Hermitian => {
            let last = shape.len() - 1;
            last_dim_size = match given_last {
                Some(n) if n != SymInt::Int(-1) => shape[last],
                _ => {
                    let m = cx.env.sub(t.sizes[dims[last]], SymInt::Int(1))?;
                    cx.env.mul(SymInt::Int(2), m)?
                }
            };
            let positive = cx.env.ge(last_dim_size, SymInt::Int(1))?;
            require(cx, positive, "Invalid number of data points specified")?;
            let half = cx.env.floordiv(last_dim_size, SymInt::Int(2))?;
            shape[last] = cx.env.add(half, SymInt::Int(1))?;
        }
        _ => {}
    }
    let complex = !matches!(kind, KindN::R2c | KindN::InverseHermitian);
    let input = promote(cx, t, complex)?;
    let x = resize_dims(cx, input, &dims, &shape)?;
    check_norm(cx, norm)?;
    let dims_arg = Arg::Ints(dims.iter().map(|&d| SymInt::Int(d as i64)).collect());
    let normalization = Arg::Int(SymInt::Int(0));
    match kind {
        KindN::C2c { forward } => super::fft_c2c_op(
            cx,
            &[Arg::Tensor(&x), dims_arg, normalization, Arg::Bool(forward)],
        ),
        KindN::R2c => super::fft_r2c(
            cx,
            &[Arg::Tensor(&x), dims_arg, normalization, Arg::Bool(true)],
        ),
        KindN::C2r => super::fft_c2r(
            cx,
            &[
                Arg::Tensor(&x),
                dims_arg,
                normalization,
                Arg::Int(last_dim_size),
            ],
        ),
        KindN::Hermitian => {
            let (last, rest) = split_last(&dims);
            let tmp = if dims.len() == 1 {
                x
            } else {
                let outs = super::fft_c2c_op(
                    cx,
                    &[
                        Arg::Tensor(&x),
                        Arg::Ints(rest[..].into()),
                        Arg::Int(SymInt::Int(0)),
                        Arg::Bool(true),
                    ],
                )?;
                one(cx, outs)?
            };
            // `tmp.conj()`: a view with the conjugate bit, same metadata;
            // under the Python dispatcher resolved by a `clone` (which
            // keeps a dense layout, a size-1 dim's stride included, and
            // lays out afresh an expanded input's stride-0 dim).
            let tmp = if cx.defaults.python_dispatcher {
                let outs = crate::erased::clone(cx, &[Arg::Tensor(&tmp), Arg::None])?;
                one(cx, outs)?
            } else {
                tmp
            };
            super::fft_c2r(
                cx,
                &[
                    Arg::Tensor(&tmp),
                    Arg::Ints(last[..].into()),
                    Arg::Int(SymInt::Int(0)),
                    Arg::Int(last_dim_size),
                ],
            )
        }
        KindN::InverseHermitian => {
            let (last, rest) = split_last(&dims);
            let outs = super::fft_r2c(
                cx,
                &[
                    Arg::Tensor(&x),
                    Arg::Ints(last[..].into()),
                    Arg::Int(SymInt::Int(0)),
                    Arg::Bool(true),
                ],
            )?;
            if dims.len() == 1 {
                // `tmp.conj()`: the same metadata.
                return Ok(outs);
            }
            let tmp = one(cx, outs)?;
            let outs = super::conj_physical(cx, &[Arg::Tensor(&tmp)])?;
            let conj = one(cx, outs)?;
            super::fft_c2c_op(
                cx,
                &[
                    Arg::Tensor(&conj),
                    Arg::Ints(rest[..].into()),
                    Arg::Int(SymInt::Int(0)),
                    Arg::Bool(true),
                ],
            )
        }
    }
}

/// The last transformed dim and the others, as dim lists.
fn split_last(dims: &[usize]) -> (Dims, Dims) {
    let list = |d: &[usize]| -> Dims { d.iter().map(|&d| SymInt::Int(d as i64)).collect() };
    let n = dims.len();
    (list(&dims[n - 1..]), list(&dims[..n - 1]))
}

/// The 2-D transforms' default dims.
const LAST_TWO: &[i64] = &[-2, -1];

/// `fft_fftn(Tensor self, SymInt[1]? s=None, int[1]? dim=None, str?
/// norm=None)`: the input promoted to complex, resized, `_fft_c2c`.
pub(crate) fn fft_fftn(cx: &mut Cx<'_>, a: &[Arg<'_>]) -> Result<Outs> {
    transform_n(cx, a, KindN::C2c { forward: true }, None)
}

/// `fft_fft2`: [`fft_fftn`] over the last two dims by default.
pub(crate) fn fft_fft2(cx: &mut Cx<'_>, a: &[Arg<'_>]) -> Result<Outs> {
    transform_n(cx, a, KindN::C2c { forward: true }, Some(LAST_TWO))
}

/// `fft_ifftn`: [`fft_fftn`], backward.
pub(crate) fn fft_ifftn(cx: &mut Cx<'_>, a: &[Arg<'_>]) -> Result<Outs> {
    transform_n(cx, a, KindN::C2c { forward: false }, None)
}

/// `fft_ifft2`: [`fft_ifftn`] over the last two dims by default.
pub(crate) fn fft_ifft2(cx: &mut Cx<'_>, a: &[Arg<'_>]) -> Result<Outs> {
    transform_n(cx, a, KindN::C2c { forward: false }, Some(LAST_TWO))
}

/// `fft_rfftn`: a real input resized, `_fft_r2c` one-sided.
pub(crate) fn fft_rfftn(cx: &mut Cx<'_>, a: &[Arg<'_>]) -> Result<Outs> {
    transform_n(cx, a, KindN::R2c, None)
}

/// `fft_rfft2`: [`fft_rfftn`] over the last two dims by default.
pub(crate) fn fft_rfft2(cx: &mut Cx<'_>, a: &[Arg<'_>]) -> Result<Outs> {
    transform_n(cx, a, KindN::R2c, Some(LAST_TWO))
}

/// `fft_irfftn`: a half spectrum resized (the last dim to
/// `last_dim_size / 2 + 1`), `_fft_c2r` to `last_dim_size` real values.
pub(crate) fn fft_irfftn(cx: &mut Cx<'_>, a: &[Arg<'_>]) -> Result<Outs> {
    transform_n(cx, a, KindN::C2r, None)
}

/// `fft_irfft2`: [`fft_irfftn`] over the last two dims by default.
pub(crate) fn fft_irfft2(cx: &mut Cx<'_>, a: &[Arg<'_>]) -> Result<Outs> {
    transform_n(cx, a, KindN::C2r, Some(LAST_TWO))
}

/// `fft_hfftn(Tensor self, SymInt[1]? s=None, int[1]? dim=None, str?
/// norm=None)`: the input promoted to complex and resized as for
/// [`fft_irfftn`], a forward `_fft_c2c` over all dims but the last, then
/// `_fft_c2r` of the last to `last_dim_size` real values.
pub(crate) fn fft_hfftn(cx: &mut Cx<'_>, a: &[Arg<'_>]) -> Result<Outs> {
    transform_n(cx, a, KindN::Hermitian, None)
}

/// `fft_hfft2`: [`fft_hfftn`] over the last two dims by default.
pub(crate) fn fft_hfft2(cx: &mut Cx<'_>, a: &[Arg<'_>]) -> Result<Outs> {
    transform_n(cx, a, KindN::Hermitian, Some(LAST_TWO))
}

/// `fft_ihfftn`: a real input resized, a one-sided `_fft_r2c` of the last
/// dim, then (for several dims) `conj_physical` and a forward `_fft_c2c`
/// over the others.
pub(crate) fn fft_ihfftn(cx: &mut Cx<'_>, a: &[Arg<'_>]) -> Result<Outs> {
    transform_n(cx, a, KindN::InverseHermitian, None)
}

/// `fft_ihfft2`: [`fft_ihfftn`] over the last two dims by default.
pub(crate) fn fft_ihfft2(cx: &mut Cx<'_>, a: &[Arg<'_>]) -> Result<Outs> {
    transform_n(cx, a, KindN::InverseHermitian, Some(LAST_TWO))
}

/// The `out=` overload of a transform to real values (`fft_irfft.out`,
/// `fft_hfftn.out`, ...), ATen's `fft_c2r_maybe_out`: the transform's
/// checks, then an out of a floating dtype ("irfftn expects a floating
/// point output tensor", `fname` the ATen function's name), then
/// `_fft_c2r.out`'s out wrapper (a castable dtype, resized contiguous).
fn c2r_out(
    cx: &mut Cx<'_>,
    a: &[Arg<'_>],
    functional: fake_runtime::kernel::ErasedKernel,
    fname: &str,
) -> Result<Outs> {
    // The transform's own arguments: `self`, the sizes, the dims, `norm`.
    const FIRST: u8 = 4;
    functional(cx, &a[..usize::from(FIRST).min(a.len())])?;
    let out = args::tensor(cx, a, usize::from(FIRST), "out")?;
    if !out.dtype.is_floating_point() {
        return Err(invalid(
            cx,
            format!(
                "{fname} expects a floating point output tensor, but got {}",
                out.dtype.c10_name()
            ),
        ));
    }
    fake_runtime::support::out_variant(
        cx,
        a,
        FIRST,
        1,
        fake_runtime::support::OutForm::CASTABLE,
        functional,
    )
}

/// `fft_irfft.out`: see [`c2r_out`].
pub(crate) fn fft_irfft_out(cx: &mut Cx<'_>, a: &[Arg<'_>]) -> Result<Outs> {
    c2r_out(cx, a, fft_irfft, "irfft")
}

/// `fft_hfft.out`: see [`c2r_out`].
pub(crate) fn fft_hfft_out(cx: &mut Cx<'_>, a: &[Arg<'_>]) -> Result<Outs> {
    c2r_out(cx, a, fft_irfft, "hfft")
}

/// `fft_irfftn.out`: see [`c2r_out`].
pub(crate) fn fft_irfftn_out(cx: &mut Cx<'_>, a: &[Arg<'_>]) -> Result<Outs> {
    c2r_out(cx, a, fft_irfftn, "irfftn")
}

/// `fft_irfft2.out`: see [`c2r_out`].
pub(crate) fn fft_irfft2_out(cx: &mut Cx<'_>, a: &[Arg<'_>]) -> Result<Outs> {
    c2r_out(cx, a, fft_irfft2, "irfftn")
}

/// `fft_hfftn.out`: see [`c2r_out`].
pub(crate) fn fft_hfftn_out(cx: &mut Cx<'_>, a: &[Arg<'_>]) -> Result<Outs> {
    c2r_out(cx, a, fft_hfftn, "hfftn")
}

/// `fft_hfft2.out`: see [`c2r_out`].
pub(crate) fn fft_hfft2_out(cx: &mut Cx<'_>, a: &[Arg<'_>]) -> Result<Outs> {
    c2r_out(cx, a, fft_hfft2, "hfftn")
}

/// The `out=` overload of `ifft`: of a real input the reference's
/// backward real-to-complex transform, a conjugate view, which the out
/// wrapper wants of exactly the out's dtype; of a complex one any dtype
/// the result casts to.
pub(crate) fn fft_ifft_out(cx: &mut Cx<'_>, a: &[Arg<'_>]) -> Result<Outs> {
    use fake_runtime::support::OutForm;
    let real = matches!(a.first(), Some(Arg::Tensor(t)) if !t.dtype.is_complex());
    let form = if real {
        OutForm::EXACT
    } else {
        OutForm::CASTABLE
    };
    fake_runtime::support::out_variant(cx, a, 4, 1, form, fft_ifft)
}
