//! `stft` (ATen's composite, `SpectralOps.cpp`): it reads the input's
//! sizes and strides as plain integers, so FakeTensorMode fixes them at
//! their hints; then frames are an `as_strided` view of the (batched)
//! input, multiplied by the window (padded to `n_fft` when shorter), a
//! one-sided or two-sided `_fft_r2c` (`_fft_c2c` for complex data) along
//! the frame, transposed to `[batch, freq, frames]`, the batch squeezed
//! for a 1-D input, and `view_as_real` unless `return_complex`. Which
//! steps run is decided by argument values and dtypes.

use super::invalid;
use fake_runtime::support::{args, require};
use fake_runtime::{Alias, Arg, Cx, Out, Outs, Result, SymBool, SymInt, TensorMeta};

/// The one tensor a kernel returned.
fn one(cx: &Cx<'_>, outs: Outs) -> Result<TensorMeta> {
    match outs.into_iter().next() {
        Some(Out::Tensor(t, _)) => Ok(t),
        _ => Err(invalid(cx, "a step of stft gave no tensor")),
    }
}

/// `t` with every size and stride fixed at its hint.
fn fixed(cx: &mut Cx<'_>, t: &TensorMeta) -> Result<TensorMeta> {
    let mut out = t.clone();
    for v in out.sizes.iter_mut().chain(out.strides.iter_mut()) {
        *v = SymInt::Int(cx.env.guard_int(*v, cx.op)?);
    }
    Ok(out)
}

/// The static value of a size fixed by [`fixed`].
fn int(v: SymInt) -> i64 {
    match v {
        SymInt::Int(i) => i,
        SymInt::Expr(_) => 0,
    }
}

/// The frames `[batch, n_frames, n_fft]` of ATen's composite: sizes and
/// strides read as integers (fixed at their hints), its checks in its
/// order; with `align_to_window`, of the input padded to align them.
fn composite_frames(
    cx: &mut Cx<'_>,
    given: &TensorMeta,
    [n_fft, hop, win]: [i64; 3],
    window: Option<&TensorMeta>,
    align: bool,
) -> Result<TensorMeta> {
    let rank = given.dim();
    let t = fixed(cx, given)?;
    // unsqueeze(0) of a 1-D input.
    let (batch, len, stride0, stride1) = if rank == 1 {
        let (n, s) = (int(t.sizes[0]), int(t.strides[0]));
        (1, n, n * s, s)
    } else {
        (
            int(t.sizes[0]),
            int(t.sizes[1]),
            int(t.strides[0]),
            int(t.strides[1]),
        )
    };
    if n_fft <= 0 || n_fft > len {
        return Err(invalid(
            cx,
            format!("stft: expected 0 < n_fft < {len}, but got n_fft={win}"),
        ));
    }
    check_lengths(cx, hop, win, n_fft)?;
    // The window's sizes are read as integers too.
    if let Some(w) = window {
        let w = fixed(cx, w)?;
        if w.dim() != 1 || int(w.sizes[0]) != win {
            let shown: Vec<String> = w.sizes.iter().map(|&s| int(s).to_string()).collect();
            return Err(invalid(
                cx,
                format!(
                    "stft: expected a 1D window tensor of size equal to win_length={win}, but got window with size [{}]",
                    shown.join(", ")
                ),
            ));
        }
    }
    // With `align_to_window` the frames are taken from the input padded
    // by `n_fft - win_length` (a new contiguous tensor).
    let (n_frames, stride0, stride1) = if align {
        (1 + (len - win) / hop, len + n_fft - win, 1)
    } else {
        (1 + (len - n_fft) / hop, stride0, stride1)
    };
    Ok(TensorMeta {
        sizes: [batch, n_frames, n_fft]
            .into_iter()
            .map(SymInt::Int)
            .collect(),
        strides: [stride0, hop * stride1, stride1]
            .into_iter()
            .map(SymInt::Int)
            .collect(),
        ..t
    })
}

/// The input batched (`unsqueeze(0)` of a 1-D one), viewed as
/// `[1, batch, length]`, padded by `n_fft // 2` on both sides in `mode`
/// and viewed back as `[batch, length + 2 * (n_fft // 2)]`. ATen's
/// composite reads the input's sizes as integers first (fixed at their
/// hints); the reference keeps them symbolic.
fn centered_input(
    cx: &mut Cx<'_>,
    given: &TensorMeta,
    n_fft: i64,
    mode: &str,
) -> Result<TensorMeta> {
    let mut t = given.clone();
    if !cx.defaults.python_dispatcher {
        for v in t.sizes.iter_mut() {
            *v = SymInt::Int(cx.env.guard_int(*v, cx.op)?);
        }
    }
    let batched = if t.dim() == 1 {
        super::loss_steps::unsqueeze(cx, &t, 0)?
    } else {
        t
    };
    let mut extended = batched.sizes.clone();
    extended.insert(0, SymInt::Int(1));
    let viewed = super::loss_steps::view(cx, &batched, extended)?;
    // C++'s truncating `n_fft / 2`, Python's flooring `n_fft // 2`.
    let amount = SymInt::Int(if cx.defaults.python_dispatcher {
        n_fft.div_euclid(2)
    } else {
        n_fft / 2
    });
    let outs = super::pad(
        cx,
        &[
            Arg::Tensor(&viewed),
            Arg::Ints(vec![amount, amount].into()),
            Arg::Str(mode),
            Arg::None,
        ],
    )?;
    let padded = one(cx, outs)?;
    let sizes = padded.sizes[1..].iter().copied().collect();
    super::loss_steps::view(cx, &padded, sizes)
}

/// `window.shape == (win_length,)`: one dim of that size.
fn window_fits(cx: &mut Cx<'_>, w: &TensorMeta, win: i64) -> Result<SymBool> {
    if w.dim() == 1 {
        cx.env.eq(w.sizes[0], SymInt::Int(win))
    } else {
        Ok(SymBool::Bool(false))
    }
}

/// `hop_length > 0` and `0 < win_length <= n_fft`, as both paths check.
fn check_lengths(cx: &Cx<'_>, hop: i64, win: i64, n_fft: i64) -> Result<()> {
    if hop <= 0 {
        return Err(invalid(
            cx,
            format!("stft: expected hop_length > 0, but got hop_length={hop}"),
        ));
    }
    if win <= 0 || win > n_fft {
        return Err(invalid(
            cx,
            format!("stft: expected 0 < win_length <= n_fft, but got win_length={win}"),
        ));
    }
    Ok(())
}

/// The frames of `torch._refs.stft` with `center=False`: the input
/// unsqueezed to a batch, reflect-padded by `(n_fft - win_length) // 2`
/// on each side with `align_to_window` (a new contiguous tensor), then
/// `unfold(-1, n_fft, hop_length)`; its checks (`torch._check`, guarded
/// on symbolic sizes) in its order.
fn ref_frames(
    cx: &mut Cx<'_>,
    given: &TensorMeta,
    [n_fft, hop, win]: [i64; 3],
    window: Option<&TensorMeta>,
    align: bool,
) -> Result<TensorMeta> {
    let env = &mut *cx.env;
    let (batch, len, stride0, stride1) = if given.dim() == 1 {
        let (n, s) = (given.sizes[0], given.strides[0]);
        (SymInt::Int(1), n, env.mul(n, s)?, s)
    } else {
        (
            given.sizes[0],
            given.sizes[1],
            given.strides[0],
            given.strides[1],
        )
    };
    let fits = cx.env.ge(len, SymInt::Int(n_fft))?;
    if n_fft <= 0 || fits == SymBool::Bool(false) {
        let shown = cx.env.display(len);
        return Err(invalid(
            cx,
            format!("stft expected 0 < n_fft <= {shown}, but got n_fft={n_fft}"),
        ));
    }
    require(cx, fits, "stft expected 0 < n_fft <= length")?;
    check_lengths(cx, hop, win, n_fft)?;
    if let Some(w) = window {
        let same = window_fits(cx, w, win)?;
        require(
            cx,
            same,
            &format!("expected a 1D window tensor of size equal to win_length={win}"),
        )?;
    }
    let (len, stride0, stride1) = if align {
        let pad = SymInt::Int(2 * ((n_fft - win) / 2));
        let padded = cx.env.add(len, pad)?;
        (padded, padded, SymInt::Int(1))
    } else {
        (len, stride0, stride1)
    };
    let span = cx.env.sub(len, SymInt::Int(n_fft))?;
    let steps = cx.env.floordiv(span, SymInt::Int(hop))?;
    let n_frames = cx.env.add(steps, SymInt::Int(1))?;
    let step = cx.env.mul(stride1, SymInt::Int(hop))?;
    Ok(TensorMeta {
        sizes: [batch, n_frames, SymInt::Int(n_fft)].into_iter().collect(),
        strides: [stride0, step, stride1].into_iter().collect(),
        storage_offset: if align {
            SymInt::Int(0)
        } else {
            given.storage_offset
        },
        ..given.clone()
    })
}

/// `stft(Tensor self, int n_fft, int? hop_length=None, int?
/// win_length=None, Tensor? window=None, bool normalized=False, bool?
/// onesided=None, bool? return_complex=None, bool? align_to_window=None)`:
/// the transform without centering.
pub(crate) fn stft(cx: &mut Cx<'_>, a: &[Arg<'_>]) -> Result<Outs> {
    transform(cx, a, None)
}

/// `stft.center(Tensor self, int n_fft, int? hop_length=None, int?
/// win_length=None, Tensor? window=None, bool center=True, str
/// pad_mode="reflect", bool normalized=False, bool? onesided=None, bool?
/// return_complex=None, bool? align_to_window=None)`: with `center`, the
/// (batched) input is viewed as 3-D, padded by `n_fft // 2` on both
/// sides of its last dim in `pad_mode` (`aten::pad`) and viewed back
/// before its frames are taken.
pub(crate) fn stft_center(cx: &mut Cx<'_>, a: &[Arg<'_>]) -> Result<Outs> {
    let center = args::bool(cx, a, 5, "center", Some(true))?;
    let mode = args::opt_str(cx, a, 6, "pad_mode", Some("reflect"))?.unwrap_or("reflect");
    let rest: Vec<Arg<'_>> = a[..5.min(a.len())]
        .iter()
        .cloned()
        .chain(a.iter().skip(7).cloned())
        .collect();
    if center && !matches!(a.get(10), None | Some(Arg::None)) {
        return Err(invalid(
            cx,
            "stft align_to_window should only be set when center = false.",
        ));
    }
    transform(cx, &rest, center.then_some(mode))
}

/// The transform of `stft`'s arguments (`center`'s `pad_mode` when
/// centered).
fn transform(cx: &mut Cx<'_>, a: &[Arg<'_>], center: Option<&str>) -> Result<Outs> {
    let given = args::tensor(cx, a, 0, "self")?;
    let n_fft = args::int(cx, a, 1, "n_fft", None)?;
    let hop = args::opt_int(cx, a, 2, "hop_length", None)?.unwrap_or(n_fft >> 2);
    let win = args::opt_int(cx, a, 3, "win_length", None)?.unwrap_or(n_fft);
    let window = args::opt_tensor(cx, a, 4, "window")?;
    let onesided = args::opt_bool(cx, a, 6, "onesided", None)?;
    let return_complex = args::opt_bool(cx, a, 7, "return_complex", None)?;
    let align = args::opt_bool(cx, a, 8, "align_to_window", None)?.unwrap_or(false);
    let complex_window = window.is_some_and(|w| w.dtype.is_complex());
    let complex = return_complex.unwrap_or(given.dtype.is_complex() || complex_window);
    if !complex && return_complex.is_none() {
        return Err(invalid(
            cx,
            "stft requires the return_complex parameter be given for real inputs, and will further require that return_complex=True in a future PyTorch release.",
        ));
    }
    if !given.dtype.is_floating_point() && !given.dtype.is_complex() {
        return Err(invalid(
            cx,
            "stft: expected a tensor of floating point or complex values",
        ));
    }
    let rank = given.dim();
    if !(1..=2).contains(&rank) {
        return Err(invalid(cx, "stft: expected a 1D or 2D tensor"));
    }
    // Under the Python dispatcher (as export traces) `stft` is
    // `torch._refs.stft` with `center=False`, on symbolic sizes; else
    // ATen's composite, which fixes them at their hints.
    let centered;
    let given = match center {
        Some(mode) => {
            centered = centered_input(cx, given, n_fft, mode)?;
            &centered
        }
        None => given,
    };
    let frames = if cx.defaults.python_dispatcher {
        ref_frames(cx, given, [n_fft, hop, win], window, align)?
    } else {
        composite_frames(cx, given, [n_fft, hop, win], window, align)?
    };
    // The window padded to `n_fft` (zeros of the window's or the input's
    // options) when shorter.
    let padded_window = if win < n_fft {
        let dtype = window.map_or(given.dtype, |w| w.dtype);
        Some(TensorMeta::contiguous(
            cx.env,
            &[SymInt::Int(n_fft)],
            dtype,
            given.device,
        )?)
    } else {
        window.cloned()
    };
    let input = match &padded_window {
        Some(w) => {
            let outs = crate::erased::mul_tensor(cx, &[Arg::Tensor(&frames), Arg::Tensor(w)])?;
            one(cx, outs)?
        }
        None => frames,
    };
    let complex_fft = input.dtype.is_complex();
    let onesided = onesided.unwrap_or(!complex_fft);
    let last = Arg::Ints(vec![SymInt::Int(2)].into());
    let normalization = Arg::Int(SymInt::Int(0));
    let outs = if complex_fft {
        if onesided {
            return Err(invalid(
                cx,
                "Cannot have onesided output if window or input is complex",
            ));
        }
        super::fft_c2c_op(
            cx,
            &[Arg::Tensor(&input), last, normalization, Arg::Bool(true)],
        )?
    } else {
        super::fft_r2c(
            cx,
            &[
                Arg::Tensor(&input),
                last,
                normalization,
                Arg::Bool(onesided),
            ],
        )?
    };
    let mut out = one(cx, outs)?;
    out.sizes.swap(1, 2);
    out.strides.swap(1, 2);
    if rank == 1 {
        out.sizes.remove(0);
        out.strides.remove(0);
    }
    if !complex {
        let outs = crate::erased::view_as_real(cx, &[Arg::Tensor(&out)])?;
        out = one(cx, outs)?;
    }
    let mut result = Outs::new();
    result.push(Out::Tensor(out, Alias::Fresh));
    Ok(result)
}

/// `istft(Tensor self, int n_fft, int? hop_length=None, int?
/// win_length=None, Tensor? window=None, bool center=True, bool
/// normalized=False, bool? onesided=None, int? length=None, bool
/// return_complex=False)`, as `torch._refs.istft` (the Python kernel
/// export runs): its checks in its order; the frames' inverse transform
/// (complex with `return_complex`, else real) times the window, overlapped
/// and added into `[batch, n_fft + hop * (frames - 1)]` (`unfold_backward`,
/// a new contiguous tensor, as is the window envelope), both sliced from
/// `n_fft // 2` (with `center`) to `length` or the end, divided, the batch
/// squeezed for a 2-D input, then zero-padded to `length` when the signal
/// may be shorter.
pub(crate) fn istft(cx: &mut Cx<'_>, a: &[Arg<'_>]) -> Result<Outs> {
    let t = args::tensor(cx, a, 0, "self")?;
    let n_fft = args::int(cx, a, 1, "n_fft", None)?;
    let hop = args::opt_int(cx, a, 2, "hop_length", None)?.unwrap_or(n_fft.div_euclid(4));
    let win = args::opt_int(cx, a, 3, "win_length", None)?.unwrap_or(n_fft);
    let window = args::opt_tensor(cx, a, 4, "window")?;
    let center = args::bool(cx, a, 5, "center", Some(true))?;
    let onesided = args::opt_bool(cx, a, 7, "onesided", None)?;
    let length = args::opt_size(cx, a, 8, "length", None)?;
    let return_complex = args::bool(cx, a, 9, "return_complex", Some(false))?;
    if let Some(w) = window
        && w.device != t.device
    {
        return Err(invalid(
            cx,
            "istft input and window must be on the same device",
        ));
    }
    if !t.dtype.is_complex() {
        return Err(invalid(
            cx,
            "istft requires a complex-valued input tensor matching the output from stft with return_complex=True.",
        ));
    }
    let rank = t.dim();
    // `input.size(-2)`: a dim out of range below two dims.
    fake_runtime::shape::wrap_dim(cx.op, -2, rank)?;
    let (frames, fft_size) = (t.sizes[rank - 1], t.sizes[rank - 2]);
    let f1 = cx.env.sub(frames, SymInt::Int(1))?;
    let span = cx.env.mul(SymInt::Int(hop), f1)?;
    let expected = cx.env.add(SymInt::Int(n_fft), span)?;
    let numel = t.numel(cx.env)?;
    let nonempty = cx.env.gt(numel, SymInt::Int(0))?;
    require(cx, nonempty, "istft input tensor cannot be empty")?;
    if !(2..=3).contains(&rank) {
        return Err(invalid(
            cx,
            format!("istft expected a tensor with 2 or 3 dimensions, but got {rank}"),
        ));
    }
    let onesided = match onesided {
        Some(o) => o,
        None => {
            let ne = cx.env.ne(fft_size, SymInt::Int(n_fft))?;
            cx.env.guard_bool(ne, cx.op)?
        }
    };
    if onesided {
        let eq = cx.env.eq(fft_size, SymInt::Int(n_fft.div_euclid(2) + 1))?;
        require(
            cx,
            eq,
            "istft expected the frequency dimension (3rd to the last) of the input tensor to match n_fft / 2 + 1 when onesided=True",
        )?;
    } else {
        let eq = cx.env.eq(fft_size, SymInt::Int(n_fft))?;
        require(
            cx,
            eq,
            "istft expected the frequency dimension (3rd to the last) of the input tensor to match n_fft when onesided=False",
        )?;
    }
    if !(0 < hop && hop <= win) {
        return Err(invalid(cx, "istft expected 0 < hop_length <= win_length"));
    }
    if !(0 < win && win <= n_fft) {
        return Err(invalid(cx, "istft expected 0 < win_length <= n_fft"));
    }
    if let Some(w) = window {
        let fits = window_fits(cx, w, win)?;
        require(
            cx,
            fits,
            "Invalid window shape. window has to be 1D and length of `win_length`",
        )?;
    }
    let window_dtype = window.map_or(t.dtype.to_real(), |w| w.dtype);
    let fft_dtype = if return_complex {
        if onesided {
            return Err(invalid(
                cx,
                "cannot have onesided output if window or input is complex",
            ));
        }
        t.dtype
    } else {
        if window.is_some_and(|w| w.dtype.is_complex()) {
            return Err(invalid(
                cx,
                "Complex windows are incompatible with return_complex=False",
            ));
        }
        t.dtype.to_real()
    };
    let y_dtype = fake_runtime::promote_types(fft_dtype, window_dtype)?;
    let batch = if rank == 3 {
        t.sizes[0]
    } else {
        SymInt::Int(1)
    };
    let full = [batch, expected];
    let y = TensorMeta::contiguous(cx.env, &full, y_dtype, t.device)?;
    let envelope = TensorMeta::contiguous(cx.env, &full, window_dtype, t.device)?;
    let start = if center { n_fft.div_euclid(2) } else { 0 };
    let end = match length {
        Some(l) => cx.env.add(SymInt::Int(start), l)?,
        None if center => cx.env.sub(expected, SymInt::Int(n_fft.div_euclid(2)))?,
        None => expected,
    };
    let clamped = cx.env.min(end, expected)?;
    let slice = |cx: &mut Cx<'_>, x: &TensorMeta| -> Result<TensorMeta> {
        let outs = crate::erased::slice_tensor(
            cx,
            &[
                Arg::Tensor(x),
                Arg::Int(SymInt::Int(1)),
                Arg::Int(SymInt::Int(start)),
                Arg::Int(clamped),
                Arg::Int(SymInt::Int(1)),
            ],
        )?;
        one(cx, outs)
    };
    let y = slice(cx, &y)?;
    let envelope = slice(cx, &envelope)?;
    let outs = crate::erased::div_tensor(cx, &[Arg::Tensor(&y), Arg::Tensor(&envelope)])?;
    let mut out = one(cx, outs)?;
    if rank == 2 {
        let outs = crate::erased::squeeze_dim(cx, &[Arg::Tensor(&out), Arg::Int(SymInt::Int(0))])?;
        out = one(cx, outs)?;
    }
    let fits = cx.env.le(end, expected)?;
    if !cx.env.statically_known_true(fits) {
        let short = cx.env.sub(end, expected)?;
        let pad = cx.env.max(short, SymInt::Int(0))?;
        let outs = crate::erased::constant_pad_nd(
            cx,
            &[
                Arg::Tensor(&out),
                Arg::Ints([SymInt::Int(0), pad].into_iter().collect()),
                Arg::Scalar(fake_runtime::Scalar::Int(SymInt::Int(0))),
            ],
        )?;
        out = one(cx, outs)?;
    }
    let mut result = Outs::new();
    result.push(Out::Tensor(out, Alias::Fresh));
    Ok(result)
}
