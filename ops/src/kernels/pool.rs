//! `avg_pool1d`, `adaptive_avg_pool1d` and `avg_pool3d`. The 1-D pools are
//! ATen's composites (the input unsqueezed at `-2`, the 2-D pool, the dim
//! squeezed again), so their layout is the 2-D pool's; `avg_pool3d` is its
//! meta kernel (`meta_avg_pool3d` and `pool3d_shape_check`), whose
//! per-dim parameters broadcast a single value.

use super::invalid;
use crate::intrinsics::{pool_out, suggest_format};
use fake_runtime::shape::Dims;
use fake_runtime::support::{args, contiguous, require};
use fake_runtime::{
    Alias, Arg, Cx, DType, MemoryFormat, Out, Outs, Result, SymBool, SymInt, TensorMeta,
};

/// `checkDimRange(name, self, 2, 4)`: a 2-D or 3-D input.
fn check_rank(cx: &Cx<'_>, t: &TensorMeta, name: &str) -> Result<()> {
    let n = t.dim();
    if (2..4).contains(&n) {
        return Ok(());
    }
    Err(invalid(
        cx,
        format!(
            "Expected 2 to 3 dimensions, but got {n}-dimensional tensor for argument #1 'self' (while checking arguments for {name})"
        ),
    ))
}

/// `check1d(name, arg, v)`: exactly one int.
fn one(cx: &Cx<'_>, name: &str, arg: &str, v: &[i64]) -> Result<i64> {
    match v {
        [x] => Ok(*x),
        _ => Err(invalid(
            cx,
            format!(
                "{name}() argument '{arg}' should contain one int (got {})",
                v.len()
            ),
        )),
    }
}

/// The one tensor a kernel returned.
fn only(cx: &Cx<'_>, outs: Outs) -> Result<TensorMeta> {
    match outs.into_iter().next() {
        Some(Out::Tensor(t, _)) => Ok(t),
        _ => Err(invalid(cx, "the 2-D pool gave no tensor")),
    }
}

/// `pooled(self.unsqueeze(-2)).squeeze(-2)`, the result on its own
/// storage (the squeeze is a view of the pool's fresh output).
fn through_2d(
    cx: &mut Cx<'_>,
    t: &TensorMeta,
    pool: impl FnOnce(&mut Cx<'_>, &TensorMeta) -> Result<Outs>,
) -> Result<Outs> {
    let minus2 = || Arg::Int(SymInt::Int(-2));
    let outs = crate::erased::unsqueeze(cx, &[Arg::Tensor(t), minus2()])?;
    let unsqueezed = only(cx, outs)?;
    let outs = pool(cx, &unsqueezed)?;
    let pooled = only(cx, outs)?;
    let outs = crate::erased::squeeze_dim(cx, &[Arg::Tensor(&pooled), minus2()])?;
    let squeezed = only(cx, outs)?;
    let mut outs = Outs::new();
    outs.push(Out::Tensor(squeezed, Alias::Fresh));
    Ok(outs)
}

/// Static ints as a list argument.
fn ints<'a>(v: &[i64]) -> Arg<'a> {
    Arg::Ints(v.iter().map(|&x| SymInt::Int(x)).collect())
}

/// `avg_pool1d(Tensor self, int[1] kernel_size, int[1] stride=[], int[1]
/// padding=[0], bool ceil_mode=False, bool count_include_pad=True)`: an
/// empty stride is the kernel size.
pub(crate) fn avg_pool1d(cx: &mut Cx<'_>, a: &[Arg<'_>]) -> Result<Outs> {
    let t = args::tensor(cx, a, 0, "self")?;
    let kernel = args::ints(cx, a, 1, "kernel_size", None)?;
    let stride = args::ints(cx, a, 2, "stride", Some(&[]))?;
    let padding = args::ints(cx, a, 3, "padding", Some(&[0]))?;
    let ceil_mode = args::bool(cx, a, 4, "ceil_mode", Some(false))?;
    let count_include_pad = args::bool(cx, a, 5, "count_include_pad", Some(true))?;
    let stride = if stride.is_empty() {
        kernel.clone()
    } else {
        stride
    };
    check_rank(cx, t, "avg_pool1d")?;
    let k = one(cx, "avg_pool1d", "kernel_size", &kernel)?;
    let s = one(cx, "avg_pool1d", "stride", &stride)?;
    let p = one(cx, "avg_pool1d", "padding", &padding)?;
    through_2d(cx, t, |cx, u| {
        crate::erased::avg_pool2d(
            cx,
            &[
                Arg::Tensor(u),
                ints(&[1, k]),
                ints(&[1, s]),
                ints(&[0, p]),
                Arg::Bool(ceil_mode),
                Arg::Bool(count_include_pad),
                Arg::None,
            ],
        )
    })
}

/// `adaptive_avg_pool1d(Tensor self, int[1] output_size) -> Tensor`.
pub(crate) fn adaptive_avg_pool1d(cx: &mut Cx<'_>, a: &[Arg<'_>]) -> Result<Outs> {
    let t = args::tensor(cx, a, 0, "self")?;
    let output_size = args::ints(cx, a, 1, "output_size", None)?;
    check_rank(cx, t, "adaptive_avg_pool1d")?;
    let o = one(cx, "adaptive_avg_pool1d", "output_size", &output_size)?;
    through_2d(cx, t, |cx, u| {
        adaptive_avg_pool2d(cx, &[Arg::Tensor(u), ints(&[1, o])])
    })
}

/// A per-dim parameter of `avg_pool3d`: one value for every dim, or three.
fn triple(cx: &Cx<'_>, v: &[i64], message: &str) -> Result<[i64; 3]> {
    match *v {
        [x] => Ok([x; 3]),
        [t, h, w] => Ok([t, h, w]),
        _ => Err(invalid(cx, message)),
    }
}

/// `avg_pool3d(Tensor self, int[3] kernel_size, int[3] stride=[], int[3]
/// padding=0, bool ceil_mode=False, bool count_include_pad=True, int?
/// divisor_override=None)`: contiguous (`new_empty`).
pub(crate) fn avg_pool3d(cx: &mut Cx<'_>, a: &[Arg<'_>]) -> Result<Outs> {
    let t = args::tensor(cx, a, 0, "self")?;
    let kernel = args::ints(cx, a, 1, "kernel_size", None)?;
    let stride = args::ints(cx, a, 2, "stride", Some(&[]))?;
    let padding = args::ints(cx, a, 3, "padding", Some(&[0]))?;
    let ceil_mode = args::bool(cx, a, 4, "ceil_mode", Some(false))?;
    let divisor = args::opt_int(cx, a, 6, "divisor_override", None)?;
    let k = triple(
        cx,
        &kernel,
        "avg_pool3d: kernel_size must be a single int, or a tuple of three ints",
    )?;
    let d = if stride.is_empty() {
        k
    } else {
        triple(
            cx,
            &stride,
            "avg_pool3d: stride must be omitted, a single int, or a tuple of three ints",
        )?
    };
    if matches!(t.dtype, DType::UInt8) {
        return Err(invalid(cx, "\"avg_pool3d\" not implemented for 'Byte'"));
    }
    let p = triple(
        cx,
        &padding,
        "avg_pool3d: padding must be a single int, or a tuple of three ints",
    )?;
    let n = t.dim();
    if n != 4 && n != 5 {
        return Err(invalid(
            cx,
            "non-empty 4D or 5D (batch mode) tensor expected for input",
        ));
    }
    if divisor == Some(0) {
        return Err(invalid(cx, "divisor must be not zero"));
    }
    let input = [t.sizes[n - 3], t.sizes[n - 2], t.sizes[n - 1]];
    let mut out = [SymInt::Int(0); 3];
    for i in 0..3 {
        out[i] = pool_out(cx, input[i], k[i], d[i], p[i], 1, ceil_mode)?;
    }
    // `pool3d_shape_check`, in its order.
    if k.iter().any(|&x| x <= 0) {
        return Err(invalid(cx, "kernel size should be greater than zero"));
    }
    if d.iter().any(|&x| x <= 0) {
        return Err(invalid(cx, "stride should be greater than zero"));
    }
    let mut nonempty = SymBool::Bool(true);
    for &s in &t.sizes[usize::from(n == 5)..] {
        let gt = cx.env.gt(s, SymInt::Int(0))?;
        nonempty = cx.env.and(nonempty, gt)?;
    }
    require(
        cx,
        nonempty,
        "avg_pool3d(): Expected input to have non-zero size for non-batch dimensions",
    )?;
    crate::intrinsics::avg_pool3d_input_fits(cx, t, kernel.clone())?;
    // `kT / 2 >= pT` in true division.
    if (0..3).any(|i| k[i] < 2 * p[i]) {
        return Err(invalid(
            cx,
            "pad should be smaller than or equal to half of kernel size",
        ));
    }
    let mut big = SymBool::Bool(true);
    for &o in &out {
        let ge = cx.env.ge(o, SymInt::Int(1))?;
        big = cx.env.and(big, ge)?;
    }
    require(cx, big, "Output size is too small")?;
    let mut sizes: Dims = t.sizes[..n - 3].iter().copied().collect();
    sizes.extend(out);
    let strides = contiguous(cx, sizes.clone())?;
    Ok(super::fresh_out(cx, t, sizes, strides))
}

/// The tensors a kernel returned, in order.
fn tensors(outs: Outs) -> Vec<TensorMeta> {
    outs.into_iter()
        .filter_map(|o| match o {
            Out::Tensor(t, _) => Some(t),
            _ => None,
        })
        .collect()
}

/// Each tensor `squeeze(-2)`, as fresh outputs (views of the pool's own
/// fresh results).
fn squeezed(cx: &mut Cx<'_>, pooled: Vec<TensorMeta>) -> Result<Outs> {
    let mut outs = Outs::new();
    for t in pooled {
        let o = crate::erased::squeeze_dim(cx, &[Arg::Tensor(&t), Arg::Int(SymInt::Int(-2))])?;
        outs.push(Out::Tensor(only(cx, o)?, Alias::Fresh));
    }
    Ok(outs)
}

/// `max_pool1d_with_indices(Tensor self, int[1] kernel_size, int[1]
/// stride=[], int[1] padding=0, int[1] dilation=1, bool ceil_mode=False)`:
/// `max_pool2d_with_indices` of the input unsqueezed at `-2`, both results
/// squeezed again.
pub(crate) fn max_pool1d_with_indices(cx: &mut Cx<'_>, a: &[Arg<'_>]) -> Result<Outs> {
    let t = args::tensor(cx, a, 0, "self")?;
    pool1d_with_indices(cx, t, a)
}

/// [`max_pool1d_with_indices`] of `t` with the other arguments of `a`.
fn pool1d_with_indices(cx: &mut Cx<'_>, t: &TensorMeta, a: &[Arg<'_>]) -> Result<Outs> {
    let kernel = args::ints(cx, a, 1, "kernel_size", None)?;
    let stride = args::ints(cx, a, 2, "stride", Some(&[]))?;
    let padding = args::ints(cx, a, 3, "padding", Some(&[0]))?;
    let dilation = args::ints(cx, a, 4, "dilation", Some(&[1]))?;
    let ceil_mode = args::bool(cx, a, 5, "ceil_mode", Some(false))?;
    let stride = if stride.is_empty() {
        kernel.clone()
    } else {
        stride
    };
    check_rank(cx, t, "max_pool1d")?;
    let k = one(cx, "max_pool1d", "kernel_size", &kernel)?;
    let s = one(cx, "max_pool1d", "stride", &stride)?;
    let p = one(cx, "max_pool1d", "padding", &padding)?;
    let d = one(cx, "max_pool1d", "dilation", &dilation)?;
    let minus2 = Arg::Int(SymInt::Int(-2));
    let outs = crate::erased::unsqueeze(cx, &[Arg::Tensor(t), minus2])?;
    let u = only(cx, outs)?;
    let pooled = crate::erased::max_pool2d_with_indices(
        cx,
        &[
            Arg::Tensor(&u),
            ints(&[1, k]),
            ints(&[1, s]),
            ints(&[0, p]),
            ints(&[1, d]),
            Arg::Bool(ceil_mode),
        ],
    )?;
    squeezed(cx, tensors(pooled))
}

/// `max_pool1d(...)`: a 2-D input with both dims non-empty or a 3-D one
/// with non-empty channels and length (an empty batch allowed), its
/// length fixed at its hint (`check_max_pool1d` reads it as an integer),
/// then, for a fake tensor (a tensor subclass), the values of
/// [`max_pool1d_with_indices`].
pub(crate) fn max_pool1d(cx: &mut Cx<'_>, a: &[Arg<'_>]) -> Result<Outs> {
    let t = args::tensor(cx, a, 0, "self")?;
    let n = t.dim();
    let nonempty = match n {
        2 | 3 => {
            let x = cx.env.ne(t.sizes[n - 2], SymInt::Int(0))?;
            let y = cx.env.ne(t.sizes[n - 1], SymInt::Int(0))?;
            cx.env.and(x, y)?
        }
        _ => SymBool::Bool(false),
    };
    if !matches!(nonempty, SymBool::Bool(true)) {
        let sizes: Vec<String> = t.sizes.iter().map(|&s| cx.env.display(s)).collect();
        let message = format!(
            "max_pool1d: Expected 2D or 3D (batch mode) tensor with optional 0 dim batch size for input, but got:[{}]",
            sizes.join(", ")
        );
        require(cx, nonempty, &message)?;
    }
    // `check_max_pool1d` reads the length as a plain integer: fixed at its
    // hint.
    let mut fixed = t.clone();
    if n >= 1 {
        fixed.sizes[n - 1] = SymInt::Int(cx.env.guard_int(t.sizes[n - 1], cx.op)?);
    }
    let mut outs = pool1d_with_indices(cx, &fixed, a)?;
    outs.truncate(1);
    Ok(outs)
}

/// `max_pool3d(...)`: the values of `max_pool3d_with_indices`.
pub(crate) fn max_pool3d(cx: &mut Cx<'_>, a: &[Arg<'_>]) -> Result<Outs> {
    let mut outs = crate::erased::max_pool3d_with_indices(cx, a)?;
    outs.truncate(1);
    Ok(outs)
}

/// `adaptive_max_pool1d(Tensor self, int[1] output_size) -> (Tensor,
/// Tensor)`: `adaptive_max_pool2d` of the input unsqueezed at `-2`, both
/// results squeezed again.
pub(crate) fn adaptive_max_pool1d(cx: &mut Cx<'_>, a: &[Arg<'_>]) -> Result<Outs> {
    let t = args::tensor(cx, a, 0, "self")?;
    let output_size = args::ints(cx, a, 1, "output_size", None)?;
    check_rank(cx, t, "adaptive_max_pool1d")?;
    let o = one(cx, "adaptive_max_pool1d", "output_size", &output_size)?;
    for i in 1..t.dim() {
        let nonempty = cx.env.gt(t.sizes[i], SymInt::Int(0))?;
        if !matches!(nonempty, SymBool::Bool(true)) {
            let sizes: Vec<String> = t.sizes.iter().map(|&s| cx.env.display(s)).collect();
            let message = format!(
                "adaptive_max_pool1d(): Expected input to have non-zero size for non-batch dimensions, but input has sizes [{}] with dimension {i} being empty",
                sizes.join(", ")
            );
            require(cx, nonempty, &message)?;
        }
    }
    let minus2 = Arg::Int(SymInt::Int(-2));
    let outs = crate::erased::unsqueeze(cx, &[Arg::Tensor(t), minus2])?;
    let u = only(cx, outs)?;
    let pooled = crate::erased::adaptive_max_pool2d(cx, &[Arg::Tensor(&u), ints(&[1, o])])?;
    squeezed(cx, tensors(pooled))
}

/// `adaptive_avg_pool2d(Tensor self, SymInt[2] output_size)`: see
/// [`adaptive_avg_pool_nd`].
pub(crate) fn adaptive_avg_pool2d(cx: &mut Cx<'_>, a: &[Arg<'_>]) -> Result<Outs> {
    adaptive_avg_pool_nd(cx, a, 2)
}

/// `adaptive_avg_pool3d(Tensor self, SymInt[3] output_size)`: see
/// [`adaptive_avg_pool_nd`].
pub(crate) fn adaptive_avg_pool3d(cx: &mut Cx<'_>, a: &[Arg<'_>]) -> Result<Outs> {
    adaptive_avg_pool_nd(cx, a, 3)
}

/// ATen's composite `adaptive_avg_pool{2,3}d` over `n` spatial dims: for
/// an output size of ones a mean over the last `n` dims, kept (any rank,
/// floating or complex only; restrided `[n, c, 1, ..]` with strides
/// `[c, 1, c, ..]` when the input suggests channels-last), else
/// `_adaptive_avg_pool{2,3}d`.
fn adaptive_avg_pool_nd(cx: &mut Cx<'_>, a: &[Arg<'_>], n: usize) -> Result<Outs> {
    let name = if n == 2 {
        "adaptive_avg_pool2d"
    } else {
        "adaptive_avg_pool3d"
    };
    let t = args::tensor(cx, a, 0, "self")?;
    let output_size = args::sizes(cx, a, 1, "output_size", None)?;
    if output_size.len() != n {
        return Err(invalid(cx, format!("{name}: output_size must be {n}")));
    }
    let mut nonneg = SymBool::Bool(true);
    let mut ones = SymBool::Bool(true);
    for &o in &output_size {
        let ge = cx.env.ge(o, SymInt::Int(0))?;
        nonneg = cx.env.and(nonneg, ge)?;
        let eq = cx.env.eq(o, SymInt::Int(1))?;
        ones = cx.env.and(ones, eq)?;
    }
    if !matches!(nonneg, SymBool::Bool(true)) {
        let shown: Vec<String> = output_size.iter().map(|&s| cx.env.display(s)).collect();
        let message = format!(
            "{name}: elements of output_size must be greater than or equal to 0 but received {{{}}}",
            shown.join(", ")
        );
        require(cx, nonneg, &message)?;
    }
    if !cx.env.guard_bool(ones, cx.op)? {
        return if n == 2 {
            crate::erased::_adaptive_avg_pool2d(cx, a)
        } else {
            crate::erased::_adaptive_avg_pool3d(cx, a)
        };
    }
    let dims = Arg::Ints((1..=n as i64).map(|d| SymInt::Int(-d)).collect());
    let outs = crate::erased::mean_dim(cx, &[Arg::Tensor(t), dims, Arg::Bool(true), Arg::None])?;
    let mut out = only(cx, outs)?;
    let channels_last = if n == 2 {
        MemoryFormat::ChannelsLast
    } else {
        MemoryFormat::ChannelsLast3d
    };
    if suggest_format(cx, t, None)? == channels_last {
        let c = t.sizes[1];
        out.sizes = [t.sizes[0], c]
            .into_iter()
            .chain(std::iter::repeat_n(SymInt::Int(1), n))
            .collect();
        out.strides = [c, SymInt::Int(1)]
            .into_iter()
            .chain(std::iter::repeat_n(c, n))
            .collect();
    }
    let mut result = Outs::new();
    result.push(Out::Tensor(out, Alias::Fresh));
    Ok(result)
}
