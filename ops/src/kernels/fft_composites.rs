//! The one-dimensional transforms of `torch.fft` (`fft_fft`, `fft_ifft`,
//! `fft_rfft`, `fft_irfft`, `fft_hfft`, `fft_ihfft`), as ATen's composites
//! (`SpectralOps.cpp`): the input promoted (integers to the default float,
//! to complex where the transform needs it; `to`, which keeps the
//! layout), resized to `n` along `dim` when `n` is given (a slice, or a
//! `constant_pad_nd` copy), then one of `_fft_c2c`, `_fft_r2c` or
//! `_fft_c2r`, whose kernels lay the result out. The kind of transform and
//! whether to slice or pad are decided by dtypes and sizes (a guard each),
//! which no rule can say.

use super::invalid;
use fake_runtime::shape::wrap_dim;
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
    let size = x.sizes[dim];
    let short = cx.env.lt(size, n)?;
    if cx.env.guard_bool(short, cx.op)? {
        let rank = x.dim();
        let mut pad = vec![SymInt::Int(0); 2 * rank];
        pad[2 * rank - 2 * dim - 1] = cx.env.sub(n, size)?;
        let outs = crate::erased::constant_pad_nd(
            cx,
            &[
                Arg::Tensor(&x),
                Arg::Ints(pad.into_iter().collect()),
                Arg::Scalar(Scalar::Int(SymInt::Int(0))),
            ],
        )?;
        return one(cx, outs);
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
        return one(cx, outs);
    }
    Ok(x)
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
    let dims = Arg::Ints(smallvec::smallvec![SymInt::Int(d as i64)]);
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
