//! Convolution and pooling intrinsics: output sizes with ATen's checks,
//! output memory formats; the arguments of activations.

use super::*;
use fake_runtime::ShapeEnv;

// ---- convolution and pooling -----------------------------------------------------

/// `conv_out(input, kernel, stride, padding, dilation)`: one output length.
pub fn conv_out(
    cx: &mut Cx<'_>,
    input: SymInt,
    kernel: SymInt,
    stride: i64,
    padding: i64,
    dilation: i64,
) -> Result<SymInt> {
    conv_len::<Syms>(cx, input, kernel, stride, SymInt::Int(padding), dilation)
}

/// `pool_out(input, kernel, stride, padding, dilation, ceil_mode)`: one
/// pooling output length.
pub fn pool_out(
    cx: &mut Cx<'_>,
    input: SymInt,
    kernel: i64,
    stride: i64,
    padding: i64,
    dilation: i64,
    ceil_mode: bool,
) -> Result<SymInt> {
    pool_len(
        cx.env, cx.op, input, kernel, stride, padding, dilation, ceil_mode,
    )
}

/// `v` as ints: read as they are when every element is static, else
/// through `to_ints` (each symbolic element guarded to its value).
#[inline]
fn ints(cx: &mut Cx<'_>, v: &[SymInt]) -> Result<IntList> {
    let mut out = IntList::new();
    for &x in v {
        match x {
            SymInt::Int(x) => out.push(x),
            SymInt::Expr(_) => return to_ints(cx, v),
        }
    }
    Ok(out)
}

/// The element of a per-spatial-dim parameter, broadcasting a single value.
#[inline]
fn per_dim<T: Copy>(cx: &Cx<'_>, what: &str, v: &[T], i: usize, n: usize) -> Result<T> {
    match v.len() {
        1 => Ok(v[0]),
        l if l == n => Ok(v[i]),
        l => Err(per_dim_refusal(cx, what, l, n)),
    }
}

/// [`per_dim`]'s refusal of a list of `l` elements for `n` dims.
#[cold]
#[inline(never)]
fn per_dim_refusal(cx: &Cx<'_>, what: &str, l: usize, n: usize) -> fake_runtime::Error {
    invalid(
        cx,
        format!("expected {what} to have 1 or {n} elements, got {l}"),
    )
}

/// `conv(input, weight, bias, stride, padding, dilation, transposed,
/// output_padding, groups)`: sizes of `aten::convolution`'s output
/// (`conv_sizes`).
#[allow(clippy::too_many_arguments)]
pub fn conv(
    cx: &mut Cx<'_>,
    input: &TensorMeta,
    weight: &TensorMeta,
    bias: Option<&TensorMeta>,
    stride: Dims,
    padding: Dims,
    dilation: Dims,
    transposed: bool,
    output_padding: Dims,
    groups: SymInt,
) -> Result<Dims> {
    conv_sizes(
        cx,
        input,
        weight,
        bias,
        &stride,
        &padding,
        &dilation,
        transposed,
        &output_padding,
        groups,
    )
}

/// Sizes of `aten::convolution`'s output, after the checks of
/// FakeTensorMode's convolution, `check_shape_forward` and `_convolution`
/// in their order; the lists borrowed (the convolution kernels' own
/// arguments).
#[allow(clippy::too_many_arguments)]
pub(crate) fn conv_sizes(
    cx: &mut Cx<'_>,
    input: &TensorMeta,
    weight: &TensorMeta,
    bias: Option<&TensorMeta>,
    stride: &[SymInt],
    padding: &[SymInt],
    dilation: &[SymInt],
    transposed: bool,
    output_padding: &[SymInt],
    groups: SymInt,
) -> Result<Dims> {
    // FakeTensorMode's own convolution implementation refuses this first.
    if input.dtype != weight.dtype {
        return Err(invalid(
            cx,
            format!(
                "Input type (torch.{}) and weight type (torch.{}) should be the same",
                input.dtype, weight.dtype
            ),
        ));
    }
    let n = input.dim();
    if n < 3 || weight.dim() != n {
        return Err(invalid(
            cx,
            format!(
                "expected input and weight of the same rank >= 3, got input of rank {n} and weight of rank {}",
                weight.dim()
            ),
        ));
    }
    // The padding may stay symbolic (`padding="same"` of a weight of
    // symbolic sizes): ATen's `ConvParams<SymInt>` computes with it.
    let (stride, dilation, output_padding) = (
        ints(cx, stride)?,
        ints(cx, dilation)?,
        ints(cx, output_padding)?,
    );
    // ATen's `check_shape_forward` and `_convolution`, in their order.
    let refuse = |cx: &Cx<'_>, reason: &str| Err(invalid(cx, reason.to_string()));
    for &p in padding {
        let negative = cx.env.lt(p, SymInt::Int(0))?;
        if cx.env.guard_bool(negative, cx.op)? {
            return refuse(cx, "negative padding is not supported");
        }
    }
    if output_padding.iter().any(|&p| p < 0) {
        return refuse(cx, "negative output_padding is not supported");
    }
    if stride.iter().any(|&s| s <= 0) {
        return refuse(cx, "non-positive stride is not supported");
    }
    if dilation.iter().any(|&d| d < 0) {
        return refuse(cx, "dilation should be greater than zero");
    }
    // A zero dilation is computed with, as PyTorch's fake kernel does (its
    // eager kernels refuse it: "non-positive dilation is not supported").
    if let SymInt::Int(g) = groups
        && g <= 0
    {
        return Err(invalid(
            cx,
            format!("expected groups to be greater than 0, but got groups={g}"),
        ));
    }
    let params = Params {
        stride: &stride,
        padding,
        dilation: &dilation,
        output_padding: &output_padding,
        transposed,
        groups,
    };
    // Answered on plain integers when every value read is static; the
    // general instantiation otherwise (and where the integers give up on a
    // failed check or an overflow), which decides and reports as if asked
    // first.
    if let Ok(out) = shaped(Ints, cx, input, weight, bias, &params) {
        return Ok(out);
    }
    shaped(Syms, cx, input, weight, bias, &params)
}

/// The convolution parameters [`shaped`] reads, after the checks of their
/// signs.
struct Params<'a> {
    stride: &'a [i64],
    padding: &'a [SymInt],
    dilation: &'a [i64],
    output_padding: &'a [i64],
    transposed: bool,
    groups: SymInt,
}

/// The arithmetic and the checks the convolution lengths are written in,
/// so that one formula serves static and symbolic sizes: plain integers
/// ([`Ints`]) or `SymInt`s through the ShapeEnv ([`Syms`]).
trait Lengths {
    /// A length.
    type Len: Copy;
    /// A condition on lengths.
    type Cond: Copy;
    /// Why no answer was given.
    type Error;
    /// A size or the groups as a length.
    fn read(v: SymInt) -> std::result::Result<Self::Len, Self::Error>;
    /// An integer parameter as a length.
    fn int(v: i64) -> Self::Len;
    /// A length as a size of the output.
    fn size(v: Self::Len) -> SymInt;
    /// A condition known without a look.
    fn known(b: bool) -> Self::Cond;
    /// A refusal reported by a helper on plain integers.
    fn reported(e: fake_runtime::Error) -> Self::Error;
    /// `a + b`.
    fn add(
        cx: &mut Cx<'_>,
        a: Self::Len,
        b: Self::Len,
    ) -> std::result::Result<Self::Len, Self::Error>;
    /// `a - b`.
    fn sub(
        cx: &mut Cx<'_>,
        a: Self::Len,
        b: Self::Len,
    ) -> std::result::Result<Self::Len, Self::Error>;
    /// `a * b`.
    fn mul(
        cx: &mut Cx<'_>,
        a: Self::Len,
        b: Self::Len,
    ) -> std::result::Result<Self::Len, Self::Error>;
    /// `a // b`.
    fn floordiv(
        cx: &mut Cx<'_>,
        a: Self::Len,
        b: Self::Len,
    ) -> std::result::Result<Self::Len, Self::Error>;
    /// `a == b`.
    fn eq(
        cx: &mut Cx<'_>,
        a: Self::Len,
        b: Self::Len,
    ) -> std::result::Result<Self::Cond, Self::Error>;
    /// `a >= b`.
    fn ge(
        cx: &mut Cx<'_>,
        a: Self::Len,
        b: Self::Len,
    ) -> std::result::Result<Self::Cond, Self::Error>;
    /// Require `c` ([`shape::check_printing`]).
    fn check(
        cx: &mut Cx<'_>,
        c: Self::Cond,
        reason: &dyn Fn(&ShapeEnv) -> String,
    ) -> std::result::Result<(), Self::Error>;
    /// Require `expected == got` ([`shape::check_eq`]).
    fn check_eq(
        cx: &mut Cx<'_>,
        expected: Self::Len,
        got: Self::Len,
        what: &dyn Fn() -> String,
    ) -> std::result::Result<(), Self::Error>;
}

/// Static values as plain integers: gives up (`Err(())`) on a symbolic
/// value, an overflow, a division by a non-positive number or a failed
/// check, leaving the answer to [`Syms`], which then decides (and reports)
/// exactly as if asked first. Nothing is asked of the ShapeEnv.
struct Ints;

impl Lengths for Ints {
    type Len = i64;
    type Cond = bool;
    type Error = ();

    #[inline(always)]
    fn read(v: SymInt) -> std::result::Result<i64, ()> {
        v.as_int().ok_or(())
    }

    #[inline(always)]
    fn int(v: i64) -> i64 {
        v
    }

    #[inline(always)]
    fn size(v: i64) -> SymInt {
        SymInt::Int(v)
    }

    #[inline(always)]
    fn known(b: bool) -> bool {
        b
    }

    #[cold]
    fn reported(_: fake_runtime::Error) {}

    #[inline(always)]
    fn add(_: &mut Cx<'_>, a: i64, b: i64) -> std::result::Result<i64, ()> {
        a.checked_add(b).ok_or(())
    }

    #[inline(always)]
    fn sub(_: &mut Cx<'_>, a: i64, b: i64) -> std::result::Result<i64, ()> {
        a.checked_sub(b).ok_or(())
    }

    #[inline(always)]
    fn mul(_: &mut Cx<'_>, a: i64, b: i64) -> std::result::Result<i64, ()> {
        a.checked_mul(b).ok_or(())
    }

    #[inline(always)]
    fn floordiv(_: &mut Cx<'_>, a: i64, b: i64) -> std::result::Result<i64, ()> {
        // Floor division is Euclid's for a positive divisor.
        if b > 0 { Ok(a.div_euclid(b)) } else { Err(()) }
    }

    #[inline(always)]
    fn eq(_: &mut Cx<'_>, a: i64, b: i64) -> std::result::Result<bool, ()> {
        Ok(a == b)
    }

    #[inline(always)]
    fn ge(_: &mut Cx<'_>, a: i64, b: i64) -> std::result::Result<bool, ()> {
        Ok(a >= b)
    }

    #[inline(always)]
    fn check(
        _: &mut Cx<'_>,
        c: bool,
        _: &dyn Fn(&ShapeEnv) -> String,
    ) -> std::result::Result<(), ()> {
        if c { Ok(()) } else { Err(()) }
    }

    #[inline(always)]
    fn check_eq(
        _: &mut Cx<'_>,
        expected: i64,
        got: i64,
        _: &dyn Fn() -> String,
    ) -> std::result::Result<(), ()> {
        if expected == got { Ok(()) } else { Err(()) }
    }
}

/// Any values, through the ShapeEnv (guards recorded as PyTorch's, errors
/// naming the operator).
struct Syms;

impl Lengths for Syms {
    type Len = SymInt;
    type Cond = SymBool;
    type Error = fake_runtime::Error;

    fn read(v: SymInt) -> Result<SymInt> {
        Ok(v)
    }

    fn int(v: i64) -> SymInt {
        SymInt::Int(v)
    }

    fn size(v: SymInt) -> SymInt {
        v
    }

    fn known(b: bool) -> SymBool {
        SymBool::Bool(b)
    }

    fn reported(e: fake_runtime::Error) -> fake_runtime::Error {
        e
    }

    fn add(cx: &mut Cx<'_>, a: SymInt, b: SymInt) -> Result<SymInt> {
        cx.env.add(a, b)
    }

    fn sub(cx: &mut Cx<'_>, a: SymInt, b: SymInt) -> Result<SymInt> {
        cx.env.sub(a, b)
    }

    fn mul(cx: &mut Cx<'_>, a: SymInt, b: SymInt) -> Result<SymInt> {
        cx.env.mul(a, b)
    }

    fn floordiv(cx: &mut Cx<'_>, a: SymInt, b: SymInt) -> Result<SymInt> {
        cx.env.floordiv(a, b)
    }

    fn eq(cx: &mut Cx<'_>, a: SymInt, b: SymInt) -> Result<SymBool> {
        cx.env.eq(a, b)
    }

    fn ge(cx: &mut Cx<'_>, a: SymInt, b: SymInt) -> Result<SymBool> {
        cx.env.ge(a, b)
    }

    fn check(cx: &mut Cx<'_>, c: SymBool, reason: &dyn Fn(&ShapeEnv) -> String) -> Result<()> {
        shape::check_printing(cx.env, c, cx.op, reason)
    }

    fn check_eq(
        cx: &mut Cx<'_>,
        expected: SymInt,
        got: SymInt,
        what: &dyn Fn() -> String,
    ) -> Result<()> {
        shape::check_eq(cx.env, expected, got, cx.op, what)
    }
}

/// [`conv_sizes`] past the checks of the parameters' signs: the channels
/// and the bias checked against the weight, then each spatial length (the
/// kernel checked against the padded input first), in ATen's order.
#[inline(always)]
fn shaped<L: Lengths>(
    _: L,
    cx: &mut Cx<'_>,
    input: &TensorMeta,
    weight: &TensorMeta,
    bias: Option<&TensorMeta>,
    p: &Params<'_>,
) -> std::result::Result<Dims, L::Error> {
    let (is, ws) = (input.sizes.as_slice(), weight.sizes.as_slice());
    let spatial = is.len() - 2;
    let transposed = p.transposed;
    // The batch, then the channels and spatial lengths written below.
    let mut out = Dims::from_slice(is);
    let wg = L::mul(cx, L::read(ws[1])?, L::read(p.groups)?)?;
    // The bias has one element per output channel.
    let bias_len = if transposed {
        let same = L::eq(cx, L::read(is[1])?, L::read(ws[0])?)?;
        L::check(cx, same, &|env| {
            format!(
                "Given transposed=1, weight of size {}, expected input{} to have {} channels, but got {} channels instead",
                shape::display_dims(env, ws),
                shape::display_dims(env, is),
                env.display(ws[0]),
                env.display(is[1])
            )
        })?;
        wg
    } else {
        L::check_eq(cx, wg, L::read(is[1])?, &|| {
            "input channels (weight.size(1) * groups)".to_string()
        })?;
        L::read(ws[0])?
    };
    out[1] = L::size(bias_len);
    if let Some(bias) = bias {
        let fits = if bias.dim() == 1 {
            L::eq(cx, L::read(bias.sizes[0])?, bias_len)?
        } else {
            L::known(false)
        };
        let bias_sizes = bias.sizes.as_slice();
        L::check(cx, fits, &|env| {
            format!(
                "Given {}weight of size {}, expected bias to be 1-dimensional with {} elements, but got bias of size {} instead",
                if transposed { "transposed=1, " } else { "" },
                shape::display_dims(env, ws),
                env.display(L::size(bias_len)),
                shape::display_dims(env, bias_sizes)
            )
        })?;
    }
    for i in 0..spatial {
        let at = |v, what| per_dim(cx, what, v, i, spatial).map_err(L::reported);
        let (s, d) = (at(p.stride, "stride")?, at(p.dilation, "dilation")?);
        let pad = L::read(per_dim(cx, "padding", p.padding, i, spatial).map_err(L::reported)?)?;
        let (input_len, kernel) = (L::read(is[i + 2])?, L::read(ws[i + 2])?);
        if !transposed {
            // ATen: "Kernel size can't be greater than actual input size".
            let pad2 = L::mul(cx, L::int(2), pad)?;
            let padded = L::add(cx, input_len, pad2)?;
            let k1 = L::sub(cx, kernel, L::int(1))?;
            let dk = L::mul(cx, L::int(d), k1)?;
            let eff = L::add(cx, dk, L::int(1))?;
            let ok = L::ge(cx, padded, eff)?;
            L::check(cx, ok, &|env| {
                format!(
                    "Calculated padded input size per channel: ({}). Kernel size: ({}). Kernel size can't be greater than actual input size",
                    env.display(L::size(padded)),
                    env.display(L::size(eff))
                )
            })?;
        }
        let len = if transposed {
            let op = if p.output_padding.is_empty() {
                0
            } else {
                per_dim(cx, "output_padding", p.output_padding, i, spatial).map_err(L::reported)?
            };
            conv_transpose_len::<L>(cx, input_len, kernel, s, pad, d, op)?
        } else {
            conv_len::<L>(cx, input_len, kernel, s, pad, d)?
        };
        out[i + 2] = L::size(len);
    }
    Ok(out)
}

/// `max_pool2d(input, kernel_size, stride, padding, dilation, ceil_mode)`:
/// sizes of `max_pool2d_with_indices`'s outputs (`stride = []` means the
/// kernel size): the batch dims, then [`max_pool2d_out`]'s channels,
/// height and width (`max_pool2d_checks_and_compute_shape`).
pub fn max_pool2d(
    cx: &mut Cx<'_>,
    input: &TensorMeta,
    kernel_size: IntList,
    stride: IntList,
    padding: IntList,
    dilation: IntList,
    ceil_mode: bool,
) -> Result<Dims> {
    let pooled = max_pool2d_out(cx, input, kernel_size, stride, padding, dilation, ceil_mode)?;
    let batch = input.dim().saturating_sub(3);
    Ok(input.sizes[..batch].iter().copied().chain(pooled).collect())
}

/// `avg_pool2d(input, kernel_size, stride, padding, ceil_mode,
/// divisor_override)`: sizes of `avg_pool2d`'s output, after
/// `meta_avg_pool2d`'s checks in its order: the lengths of the lists, an
/// unsigned input refused, a zero divisor refused, then the input's dims
/// read from the end (`input.size(-3)`: dimension out of range below three
/// dims), then [`avg_pool2d_out`]'s sizes and `pool2d_shape_check`.
#[allow(clippy::too_many_arguments)]
pub fn avg_pool2d(
    cx: &mut Cx<'_>,
    input: &TensorMeta,
    kernel_size: IntList,
    stride: IntList,
    padding: IntList,
    ceil_mode: bool,
    divisor_override: Option<i64>,
) -> Result<Dims> {
    let one_or_two = |cx: &Cx<'_>, name: &str, v: &IntList| -> Result<()> {
        if matches!(v.len(), 1 | 2) {
            Ok(())
        } else {
            Err(invalid(
                cx,
                format!("avg_pool2d: {name} must either be a single int, or a tuple of two ints"),
            ))
        }
    };
    one_or_two(cx, "kernel_size", &kernel_size)?;
    if stride.len() > 2 {
        return Err(invalid(
            cx,
            "avg_pool2d: stride must either be omitted, a single int, or a tuple of two ints"
                .into(),
        ));
    }
    if matches!(
        input.dtype,
        DType::UInt8 | DType::UInt16 | DType::UInt32 | DType::UInt64
    ) {
        return Err(invalid(
            cx,
            format!("\"avg_pool2d\" not implemented for 'torch.{}'", input.dtype),
        ));
    }
    one_or_two(cx, "padding", &padding)?;
    if divisor_override == Some(0) {
        return Err(invalid(cx, "divisor must be not zero".into()));
    }
    shape::wrap_dim(cx.op, -3, input.dim())?;
    let pooled = avg_pool2d_out(cx, input, kernel_size, stride, padding, ceil_mode)?;
    let batch = input.dim().saturating_sub(3);
    Ok(input.sizes[..batch].iter().copied().chain(pooled).collect())
}

/// `like_strides(t, shape)`: channels-last strides for `shape` when `t` is
/// a 4-D tensor whose strides suggest channels-last
/// (`utils.suggest_memory_format`, as the pooling, padding and upsampling
/// metas ask), else contiguous. `torch.empty` refuses channels-last
/// strides for a `shape` of another rank.
pub fn like_strides(cx: &mut Cx<'_>, t: &TensorMeta, shape: Dims) -> Result<Dims> {
    let cl = MemoryFormat::ChannelsLast;
    if t.dim() == 4 && suggest_format(cx, t, Some(cl))? == cl {
        if shape.len() != 4 {
            return Err(invalid(
                cx,
                "required rank 4 tensor to use channels_last format".into(),
            ));
        }
        fake_runtime::strides::channels_last(cx.env, &shape)
    } else {
        fake_runtime::strides::contiguous(cx.env, &shape)
    }
}

/// `batch_norm_output(input, weight, bias, running_mean, running_var,
/// training)`: `batch_norm`'s result, which is `native_batch_norm`'s (its
/// Python decomposition: the input centred and scaled by broadcast
/// statistics, laid out elementwise in the input's order, of its dtype);
/// for an empty input ATen's `input.clone() * weight[0] + bias[0]`, which
/// promotes with the zero-dim elements (an integral input with float
/// parameters becomes float), before any shape is checked (a 1-D empty
/// input, parameters of any length); else the channels in dim 1 and the
/// parameters' element counts checked first.
pub fn batch_norm_output(
    cx: &mut Cx<'_>,
    input: &TensorMeta,
    weight: Option<&TensorMeta>,
    bias: Option<&TensorMeta>,
    running_mean: Option<&TensorMeta>,
    running_var: Option<&TensorMeta>,
    training: bool,
) -> Result<TensorMeta> {
    // An empty input is cloned, then scaled by `weight[0]` and shifted by
    // `bias[0]` (zero-dim operands).
    let numel = input.numel(cx.env)?;
    if shape::guard_eq(cx.env, numel, SymInt::Int(0), cx.op)? {
        return empty_batch_norm(cx, input, weight, bias);
    }
    // Then the shapes: channels in dim 1, as many elements in each
    // statistic and parameter given.
    crate::kernels::batch_norm_check_features(
        cx,
        input,
        [weight, bias],
        [running_mean, running_var],
        training,
    )?;
    // `_batch_norm_impl_index` then runs `native_batch_norm`.
    crate::kernels::running_pair(cx, running_mean.is_some(), running_var.is_some())?;
    // The cuDNN backend (`_select_batch_norm_backend`) is given the input
    // made contiguous in its suggested memory format.
    // Both running statistics, or (training) neither.
    let stats =
        running_mean.is_some() == running_var.is_some() && (training || running_mean.is_some());
    let cudnn_input = if stats && cudnn_batch_norm(cx, input, weight, bias)? {
        let format = suggest_format(cx, input, None)?;
        Some(TensorMeta {
            strides: format_strides(cx, input.sizes.clone(), Some(format))?,
            storage_offset: SymInt::Int(0),
            ..input.clone()
        })
    } else {
        None
    };
    let input = cudnn_input.as_ref().unwrap_or(input);
    let running = [running_mean, running_var];
    let (output, _, _) =
        crate::kernels::batch_norm_helper(cx, input, weight, bias, running, training, true)?;
    // A new tensor: the input's sizes and dtype, its own storage.
    Ok(TensorMeta {
        strides: output.strides,
        storage_offset: SymInt::Int(0),
        ..input.clone()
    })
}

/// ATen's batch norm of an empty input (`_batch_norm_impl_index`): the
/// input cloned, then `out * weight[0]` and `out + bias[0]`, each a
/// `mul`/`add` of the parameter's first element along dim 0 (zero-dim for
/// a vector, which promotes as such; of the parameter's other dims
/// otherwise, which must broadcast with the input). An empty or zero-dim
/// parameter is refused by the indexing.
pub(crate) fn empty_batch_norm(
    cx: &mut Cx<'_>,
    input: &TensorMeta,
    weight: Option<&TensorMeta>,
    bias: Option<&TensorMeta>,
) -> Result<TensorMeta> {
    let mut out = TensorMeta {
        strides: preserve_strides(cx, input, None)?,
        storage_offset: SymInt::Int(0),
        ..input.clone()
    };
    for (t, scales) in [(weight, true), (bias, false)] {
        let Some(t) = t else { continue };
        // `t[0]`: refused when `t` is empty or zero-dim.
        let offset = select_offset(cx, t, 0, SymInt::Int(0))?;
        let element = TensorMeta {
            sizes: Dims::from_slice(&t.sizes[1..]),
            strides: Dims::from_slice(&t.strides[1..]),
            storage_offset: offset,
            ..t.clone()
        };
        let outs = {
            let call = [
                fake_runtime::Arg::Tensor(&out),
                fake_runtime::Arg::Tensor(&element),
            ];
            if scales {
                crate::erased::mul_tensor(cx, &call)?
            } else {
                crate::erased::add_tensor(cx, &call)?
            }
        };
        out = match outs.into_iter().next() {
            Some(fake_runtime::Out::Tensor(t, _)) => t,
            _ => {
                return Err(invalid(
                    cx,
                    "batch norm's affine step gave no tensor".into(),
                ));
            }
        };
    }
    Ok(out)
}

/// Whether `_select_batch_norm_backend` picks cuDNN, given running
/// statistics it takes (both, or in training neither): a CUDA input and
/// weight not in bfloat16 (a half input only with a float weight), weight
/// and bias given, at least 3 dims, fewer than 2^31 - 1 elements (cuDNN is
/// taken as present and enabled, its minimum epsilon 0).
fn cudnn_batch_norm(
    cx: &mut Cx<'_>,
    input: &TensorMeta,
    weight: Option<&TensorMeta>,
    bias: Option<&TensorMeta>,
) -> Result<bool> {
    let (Some(weight), Some(_)) = (weight, bias) else {
        return Ok(false);
    };
    if input.device.ty != fake_runtime::DeviceType::Cuda
        || input.dtype == DType::BFloat16
        || weight.dtype == DType::BFloat16
        || (input.dtype == DType::Float16 && weight.dtype != DType::Float32)
        || input.dim() < 3
    {
        return Ok(false);
    }
    let numel = input.numel(cx.env)?;
    let small = cx.env.lt(numel, SymInt::Int(i64::from(i32::MAX)))?;
    cx.env.guard_bool(small, cx.op)
}

// ---- lengths ---------------------------------------------------------------------

/// Convolution output length: `(in + 2*pad - dilation*(kernel - 1) - 1) // stride + 1`.
#[inline]
fn conv_len<L: Lengths>(
    cx: &mut Cx<'_>,
    input: L::Len,
    kernel: L::Len,
    stride: i64,
    padding: L::Len,
    dilation: i64,
) -> std::result::Result<L::Len, L::Error> {
    let k1 = L::sub(cx, kernel, L::int(1))?;
    let span = L::mul(cx, k1, L::int(dilation))?;
    let pad2 = L::mul(cx, L::int(2), padding)?;
    let x = L::add(cx, input, pad2)?;
    let x = L::sub(cx, x, span)?;
    let x = L::sub(cx, x, L::int(1))?;
    let x = L::floordiv(cx, x, L::int(stride))?;
    L::add(cx, x, L::int(1))
}

/// Transposed convolution output length:
/// `(in - 1)*stride - 2*pad + dilation*(kernel - 1) + output_padding + 1`.
#[inline]
fn conv_transpose_len<L: Lengths>(
    cx: &mut Cx<'_>,
    input: L::Len,
    kernel: L::Len,
    stride: i64,
    padding: L::Len,
    dilation: i64,
    output_padding: i64,
) -> std::result::Result<L::Len, L::Error> {
    let x = L::sub(cx, input, L::int(1))?;
    let x = L::mul(cx, x, L::int(stride))?;
    let pad2 = L::mul(cx, L::int(2), padding)?;
    let x = L::sub(cx, x, pad2)?;
    let k1 = L::sub(cx, kernel, L::int(1))?;
    let span = L::mul(cx, k1, L::int(dilation))?;
    let x = L::add(cx, x, span)?;
    let x = L::add(cx, x, L::int(output_padding))?;
    L::add(cx, x, L::int(1))
}

/// Pooling output length, as ATen's `pooling_output_shape` (with its
/// checks, in its order: stride not zero, padding non-negative and at most
/// half the effective kernel): with `ceil_mode`, rounds up, but the last
/// window must start inside the input or the left padding. The caller
/// checks what `pool2d_shape_check` checks.
#[allow(clippy::too_many_arguments)]
pub(crate) fn pool_len(
    env: &mut ShapeEnv,
    op: &str,
    input: SymInt,
    kernel: i64,
    stride: i64,
    padding: i64,
    dilation: i64,
    ceil_mode: bool,
) -> Result<SymInt> {
    if stride == 0 {
        return Err(fake_runtime::Error::invalid(
            op,
            "stride should not be zero".to_string(),
        ));
    }
    if padding < 0 {
        return Err(fake_runtime::Error::invalid(
            op,
            format!("pad must be non-negative, but got pad: {padding}"),
        ));
    }
    // (kernel - 1) * dilation + 1, in checked arithmetic.
    let k1 = env.sub(SymInt::Int(kernel), SymInt::Int(1))?;
    let span = env.mul(k1, SymInt::Int(dilation))?;
    let effective = env.add(span, SymInt::Int(1))?;
    let half = env.floordiv(effective, SymInt::Int(2))?;
    if half.as_int().is_some_and(|h| padding > h) {
        return Err(fake_runtime::Error::invalid(
            op,
            format!(
                "pad should be at most half of effective kernel size, but got pad={padding}, kernel_size={kernel} and dilation={dilation}"
            ),
        ));
    }
    let pad2 = env.mul(SymInt::Int(2), SymInt::Int(padding))?;
    let x = env.add(input, pad2)?;
    let x = env.sub(x, effective)?;
    let x = if ceil_mode {
        let s1 = env.sub(SymInt::Int(stride), SymInt::Int(1))?;
        env.add(x, s1)?
    } else {
        x
    };
    let q = env.floordiv(x, SymInt::Int(stride))?;
    let mut out = env.add(q, SymInt::Int(1))?;
    if ceil_mode {
        // ensure that the last pooling starts inside the image
        let last = env.sub(out, SymInt::Int(1))?;
        let last = env.mul(last, SymInt::Int(stride))?;
        let limit = env.add(input, SymInt::Int(padding))?;
        let c = env.ge(last, limit)?;
        if env.guard_bool(c, op)? {
            out = env.sub(out, SymInt::Int(1))?;
        }
    }
    Ok(out)
}

// ---- activations -----------------------------------------------------------------

/// `gelu_approximation(approximate)`: `approximate` names one of `gelu`'s
/// forms, `"none"` or `"tanh"`.
pub fn gelu_approximation(_cx: &mut Cx<'_>, approximate: &str) -> Result<bool> {
    Ok(matches!(approximate, "none" | "tanh"))
}

#[cfg(test)]
mod tests {
    use super::*;
    use fake_runtime::shape_env::Source;
    use fake_runtime::sym::ValueRange;

    fn meta(env: &mut ShapeEnv, sizes: &[SymInt]) -> TensorMeta {
        TensorMeta::contiguous(env, sizes, DType::Float32, Device::cpu()).expect("contiguous")
    }

    fn ints(v: &[i64]) -> Dims {
        v.iter().map(|&x| SymInt::Int(x)).collect()
    }

    /// The convolution sizes on plain integers are the general ones
    /// wherever the integers answer, and they answer wherever the general
    /// instantiation does on static values: over a grid of 1-D and 2-D
    /// convolutions (transposed or not, grouped, with fitting and unfitting
    /// biases, kernels larger than the padded input); a symbolic size or an
    /// overflow leaves the answer to the general path.
    #[test]
    fn static_conv_sizes_agree() {
        let mut env = ShapeEnv::new();
        let mut cx = crate::cpu_cx(&mut env, "aten::convolution");
        let (mut checked, mut answered) = (0, 0);
        for spatial in 1..=2usize {
            for code in 0..2 * 3 * 3 * 2 * 2 * 2 * 2 * 2 * 3 {
                let mut c = code;
                let mut digit = |base: usize| {
                    let d = c % base;
                    c /= base;
                    d
                };
                let transposed = digit(2) == 1;
                let length = [1, 3, 6][digit(3)];
                let kernel = [1, 2, 3][digit(3)];
                let stride = [1, 2][digit(2)];
                let padding = [0, 1][digit(2)];
                let dilation = [1, 2][digit(2)];
                let output_padding = [0, 1][digit(2)];
                let groups = [1, 2][digit(2)];
                let bias = digit(3);
                let in_channels = 4;
                let (weight0, weight1) = if transposed {
                    (in_channels, 3)
                } else {
                    (6, in_channels / groups)
                };
                let input = meta(
                    cx.env,
                    &ints(&[[2, in_channels].as_slice(), &vec![length; spatial]].concat()),
                );
                let weight = meta(
                    cx.env,
                    &ints(&[[weight0, weight1].as_slice(), &vec![kernel; spatial]].concat()),
                );
                let out_channels = if transposed {
                    weight1 * groups
                } else {
                    weight0
                };
                let bias = match bias {
                    0 => None,
                    1 => Some(meta(cx.env, &ints(&[out_channels]))),
                    _ => Some(meta(cx.env, &ints(&[out_channels + 1]))),
                };
                let params = Params {
                    stride: &[stride],
                    padding: &vec![SymInt::Int(padding); spatial],
                    dilation: &[dilation],
                    output_padding: &[output_padding],
                    transposed,
                    groups: SymInt::Int(groups),
                };
                let fast = shaped(Ints, &mut cx, &input, &weight, bias.as_ref(), &params);
                let general = shaped(Syms, &mut cx, &input, &weight, bias.as_ref(), &params);
                match (fast, general) {
                    (Ok(f), Ok(g)) => {
                        assert_eq!(f, g);
                        answered += 1;
                    }
                    (Err(()), Err(_)) => {}
                    (f, g) => panic!("{code}: {f:?} against {g:?}"),
                }
                checked += 1;
            }
        }
        assert!(checked > 1000 && answered > 300, "{checked}, {answered}");
        // A symbolic spatial size: the integers give up, the general path
        // answers (the batch may be symbolic either way).
        let s = cx
            .env
            .create_symint_input(5, Source::size("x", 2), ValueRange::at_least(2))
            .expect("symbol");
        let weight = meta(cx.env, &ints(&[6, 4, 3]));
        let params = Params {
            stride: &[1],
            padding: &[SymInt::Int(0)],
            dilation: &[1],
            output_padding: &[0],
            transposed: false,
            groups: SymInt::Int(1),
        };
        let input = meta(cx.env, &[SymInt::Int(2), SymInt::Int(4), s]);
        assert!(shaped(Ints, &mut cx, &input, &weight, None, &params).is_err());
        assert!(shaped(Syms, &mut cx, &input, &weight, None, &params).is_ok());
        let batched = meta(cx.env, &[s, SymInt::Int(4), SymInt::Int(5)]);
        let fast = shaped(Ints, &mut cx, &batched, &weight, None, &params);
        let general = shaped(Syms, &mut cx, &batched, &weight, None, &params);
        assert_eq!(fast.ok(), general.ok());
        // An overflow: the general path reports it.
        let (huge, weight) = (
            meta(cx.env, &ints(&[1, 1, i64::MAX])),
            meta(cx.env, &ints(&[6, 1, 3])),
        );
        let padded = Params {
            padding: &[SymInt::Int(1)],
            ..params
        };
        assert!(shaped(Ints, &mut cx, &huge, &weight, None, &padded).is_err());
        assert!(shaped(Syms, &mut cx, &huge, &weight, None, &padded).is_err());
    }
}
