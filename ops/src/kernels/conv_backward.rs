//! `convolution_backward`, as FakeTensorMode runs it: its fake
//! implementation (`fake_impls.conv`) checks the devices and, when every
//! size has a hint and the input is batched, selects ATen's backend
//! (`select_conv_backend`: the parameters expanded, `check_shape_forward`,
//! empty inputs) and asks it for a memory format; the meta kernel
//! (`meta_convolution_backward`) makes the gradients asked for by
//! `output_mask` (the others are `None`, which no rule can return), laid
//! out in the memory format the input or weight suggests; the fake
//! implementation then converts the input's and weight's gradients to the
//! backend's format.

use super::invalid;
use crate::kernels::fresh;
use fake_runtime::shape::{self, Dims};
use fake_runtime::support::{args, format_strides, require};
use fake_runtime::{
    Alias, Arg, Cx, DType, DeviceType, MemoryFormat, Out, Outs, Result, SymBool, SymInt, TensorMeta,
};

/// `suggest_memory_format` of sizes and strides.
fn suggested(cx: &mut Cx<'_>, sizes: &[SymInt], strides: &[SymInt]) -> Result<MemoryFormat> {
    fake_runtime::strides::suggested_format(cx.env, sizes, strides, cx.op)
}

/// The strides of `t.to(memory_format=format)`: `t`'s own when `t`
/// already suggests `format` (C++ `to_will_alias`), else a copy laid out
/// in it.
fn to_format(
    cx: &mut Cx<'_>,
    sizes: &[SymInt],
    strides: Dims,
    format: MemoryFormat,
) -> Result<Dims> {
    if suggested(cx, sizes, &strides)? == format {
        Ok(strides)
    } else {
        format_strides(cx, sizes, Some(format))
    }
}

/// `convert(t, mem_fmt)` of `fake_impls.conv`: a 3-D gradient goes to
/// channels-last through a size-1 dim 2 (`unsqueeze(2).to(...)
/// .squeeze(2)`), any other straight to the format.
pub(super) fn convert(
    cx: &mut Cx<'_>,
    sizes: &Dims,
    strides: Dims,
    format: MemoryFormat,
) -> Result<Dims> {
    if sizes.len() == 3 && format == MemoryFormat::ChannelsLast {
        let mut s4 = sizes.clone();
        s4.insert(2, SymInt::Int(1));
        let mut st4 = strides.clone();
        let inner = cx.env.mul(sizes[2], strides[2])?;
        st4.insert(2, inner);
        let mut out = to_format(cx, &s4, st4, format)?;
        out.remove(2);
        return Ok(out);
    }
    to_format(cx, sizes, strides, format)
}

/// A list parameter of a convolution: borrowed from the call where it
/// is one, made where it is not (a default, a single value broadcast, the
/// dim a 1-D convolution gains).
pub(super) enum List<'a> {
    /// The call's own list.
    Borrowed(&'a [SymInt]),
    /// A list made for the call.
    Owned(Dims),
}

impl std::ops::Deref for List<'_> {
    type Target = [SymInt];

    fn deref(&self) -> &[SymInt] {
        match self {
            List::Borrowed(v) => v,
            List::Owned(v) => v,
        }
    }
}

impl List<'_> {
    /// The list made the caller's own, to change.
    fn to_mut(&mut self) -> &mut Dims {
        if let List::Borrowed(v) = *self {
            *self = List::Owned(Dims::from_slice(v));
        }
        match self {
            List::Owned(v) => v,
            List::Borrowed(_) => unreachable!("made owned above"),
        }
    }
}

/// `expand_param_if_needed(param, name, dims)`: one value for every
/// spatial dim, or exactly one per dim.
fn expand_param<'a>(cx: &Cx<'_>, v: &'a [SymInt], name: &str, dims: usize) -> Result<List<'a>> {
    match v.len() {
        1 => Ok(List::Owned(Dims::from_elem(v[0], dims))),
        l if l == dims => Ok(List::Borrowed(v)),
        _ => Err(invalid(
            cx,
            format!(
                "expected {name} to be a single integer value or a list of {dims} values to match the convolution dimensions, but got {name}={}",
                shape::display_dims(cx.env, v)
            ),
        )),
    }
}

/// Whether any element of `v` satisfies `test` against `bound` (each
/// comparison decided with a guard, as C++ converts a `SymBool`).
fn any(
    cx: &mut Cx<'_>,
    v: &[SymInt],
    test: fn(&mut fake_runtime::ShapeEnv, SymInt, SymInt) -> Result<SymBool>,
    bound: i64,
) -> Result<bool> {
    for &x in v {
        let c = test(cx.env, x, SymInt::Int(bound))?;
        if cx.env.guard_bool(c, cx.op)? {
            return Ok(true);
        }
    }
    Ok(false)
}

/// The convolution parameters after `expand_param_if_needed`.
struct Params<'a> {
    stride: List<'a>,
    padding: List<'a>,
    dilation: List<'a>,
    output_padding: List<'a>,
    transposed: bool,
    groups: SymInt,
}

impl Params<'_> {
    /// `is_strided` (`stride`) or `is_dilated` (`dilation`): some value of
    /// `list` is not 1, each test decided in turn.
    fn any_not_one(cx: &mut Cx<'_>, list: &[SymInt]) -> Result<bool> {
        for &v in list {
            let c = cx.env.ne(v, SymInt::Int(1))?;
            if cx.env.guard_bool(c, cx.op)? {
                return Ok(true);
            }
        }
        Ok(false)
    }

    /// `is_output_padding_big`: an output padding at least its stride.
    fn is_output_padding_big(&self, cx: &mut Cx<'_>) -> Result<bool> {
        for (&p, &s) in self.output_padding.iter().zip(self.stride.iter()) {
            let c = cx.env.ge(p, s)?;
            if cx.env.guard_bool(c, cx.op)? {
                return Ok(true);
            }
        }
        Ok(false)
    }
}

/// Whether every value [`check_shape_forward`] reads is static: the
/// parameters, the groups, the input's sizes past the batch and the
/// weight's.
fn reads_static(input: &TensorMeta, weight: &TensorMeta, p: &Params) -> bool {
    let lists = [&p.padding, &p.output_padding, &p.stride, &p.dilation];
    p.groups.is_static()
        && lists.iter().all(|v| v.iter().all(|s| s.is_static()))
        && input.sizes.iter().skip(1).all(|s| s.is_static())
        && weight.sizes.iter().all(|s| s.is_static())
}

/// ATen's `check_shape_forward` (without a bias), in its order. With
/// `checked`, the forward meta kernel (`intrinsics::conv`) has already
/// made the checks the two share on these values (the signs of the
/// parameters and of the groups, the ranks, the channels, the kernel
/// against the padded input); where every value read is static they hold
/// again and record nothing, so only the ranks and the weight's count
/// against the groups (at least as many, divisible) are checked.
fn check_shape_forward(
    cx: &mut Cx<'_>,
    input: &TensorMeta,
    weight: &TensorMeta,
    p: &Params,
    checked: bool,
) -> Result<()> {
    let repeated = checked && reads_static(input, weight, p);
    if !repeated {
        check_params(cx, p)?;
    }
    let (k, wdim) = (input.dim(), weight.dim());
    let (ws, is) = (&weight.sizes, &input.sizes);
    if wdim != k {
        return Err(invalid(
            cx,
            format!(
                "Expected {wdim}-dimensional input for {wdim}-dimensional weight {}, but got {k}-dimensional input of size {} instead",
                shape::display_dims(cx.env, ws),
                shape::display_dims(cx.env, is)
            ),
        ));
    }
    let groups = p.groups;
    let enough = cx.env.ge(ws[0], groups)?;
    shape::check_printing(cx.env, enough, cx.op, &|env| {
        format!(
            "Given groups={}, expected weight to be at least {} at dimension 0, but got weight of size {} instead",
            env.display(groups),
            env.display(groups),
            shape::display_dims(env, ws)
        )
    })?;
    let rem = cx.env.modulo(ws[0], groups)?;
    let divisible = cx.env.eq(rem, SymInt::Int(0))?;
    shape::check_printing(cx.env, divisible, cx.op, &|env| {
        format!(
            "Given groups={}, expected weight to be divisible by {} at dimension 0, but got weight of size [{}] instead",
            env.display(groups),
            env.display(groups),
            shape::display_dims(env, ws)
        )
    })?;
    if repeated {
        return Ok(());
    }
    if p.transposed {
        let same = cx.env.eq(is[1], ws[0])?;
        shape::check_printing(cx.env, same, cx.op, &|env| {
            format!(
                "Given transposed=1, weight of size {}, expected input{} to have {} channels, but got {} channels instead",
                shape::display_dims(env, ws),
                shape::display_dims(env, is),
                env.display(ws[0]),
                env.display(is[1])
            )
        })?;
        return Ok(());
    }
    let channels = cx.env.mul(ws[1], groups)?;
    let same = cx.env.eq(is[1], channels)?;
    shape::check_printing(cx.env, same, cx.op, &|env| {
        format!(
            "Given groups={}, weight of size {}, expected input{} to have {} channels, but got {} channels instead",
            env.display(groups),
            shape::display_dims(env, ws),
            shape::display_dims(env, is),
            env.display(channels),
            env.display(is[1])
        )
    })?;
    let mut padded = Dims::new();
    let mut kernel = Dims::new();
    let mut fits = true;
    for i in 2..k {
        let pad2 = cx.env.mul(SymInt::Int(2), p.padding[i - 2])?;
        let size = cx.env.add(is[i], pad2)?;
        let k1 = cx.env.sub(ws[i], SymInt::Int(1))?;
        let span = cx.env.mul(p.dilation[i - 2], k1)?;
        let span = cx.env.add(span, SymInt::Int(1))?;
        let small = cx.env.lt(size, span)?;
        if cx.env.guard_or_false(small, cx.op)? {
            fits = false;
        }
        padded.push(size);
        kernel.push(span);
    }
    if !fits {
        let show = |v: &Dims| {
            v.iter()
                .map(|&x| cx.env.display(x))
                .collect::<Vec<_>>()
                .join(" x ")
        };
        return Err(invalid(
            cx,
            format!(
                "Calculated padded input size per channel: ({}). Kernel size: ({}). Kernel size can't be greater than actual input size",
                show(&padded),
                show(&kernel)
            ),
        ));
    }
    Ok(())
}

/// `check_shape_forward`'s first checks: the signs of the parameters,
/// then of the groups.
fn check_params(cx: &mut Cx<'_>, p: &Params) -> Result<()> {
    if any(cx, &p.padding, fake_runtime::ShapeEnv::lt, 0)? {
        return Err(invalid(cx, "negative padding is not supported"));
    }
    if any(cx, &p.output_padding, fake_runtime::ShapeEnv::lt, 0)? {
        return Err(invalid(cx, "negative output_padding is not supported"));
    }
    if any(cx, &p.stride, fake_runtime::ShapeEnv::le, 0)? {
        return Err(invalid(cx, "non-positive stride is not supported"));
    }
    if any(cx, &p.dilation, fake_runtime::ShapeEnv::lt, 0)? {
        return Err(invalid(cx, "dilation should be greater than zero"));
    }
    let positive = cx.env.gt(p.groups, SymInt::Int(0))?;
    if !cx.env.guard_bool(positive, cx.op)? {
        return Err(invalid(
            cx,
            format!(
                "expected groups to be greater than 0, but got groups={}",
                cx.env.display(p.groups)
            ),
        ));
    }
    Ok(())
}

/// `use_mkldnn` for a CPU input (never when oneDNN is disabled, as
/// `torch.export` traces; bfloat16 and float16 inputs take it on CPUs with
/// native support, taken as present; more than one intra-op thread, as on
/// any multi-core machine). `select_conv_backend` asks it of every CPU
/// convolution, so its guards are recorded whatever the format.
fn use_mkldnn(
    cx: &mut Cx<'_>,
    input: &TensorMeta,
    weight: &TensorMeta,
    p: &Params,
) -> Result<bool> {
    if !cx.defaults.backends.mkldnn {
        return Ok(false);
    }
    if p.transposed && p.is_output_padding_big(cx)? {
        return Ok(false);
    }
    // oneDNN takes every half-precision CPU convolution where the CPU has
    // the instructions for it (`mkldnn_bf16_device_check`,
    // `mkldnn_fp16_device_check`: AVX-512 BF16 and FP16, as on the
    // machines PyTorch's answers were recorded on).
    if input.device.ty == DeviceType::Cpu && matches!(input.dtype, DType::BFloat16 | DType::Float16)
    {
        return Ok(true);
    }
    if input.dtype != DType::Float32 {
        return Ok(false);
    }
    let (n, w) = (input.dim(), weight.dim());
    let int = SymInt::Int;
    let (batch, kw, kh) = (input.sizes[0], weight.sizes[w - 1], weight.sizes[w - 2]);
    // The first clause holds with several threads, its last test; the
    // ones before it are decided in turn until one holds (`||`): strided,
    // dilated, a batch of at least 16, a kernel wider or higher than 1.
    if !Params::any_not_one(cx, &p.stride)? && !Params::any_not_one(cx, &p.dilation)? {
        let big_batch = cx.env.ge(batch, int(16))?;
        if !cx.env.guard_bool(big_batch, cx.op)? {
            let wide = cx.env.ne(kw, int(1))?;
            if !cx.env.guard_bool(wide, cx.op)? {
                let high = cx.env.ne(kh, int(1))?;
                cx.env.guard_bool(high, cx.op)?;
            }
        }
    }
    // The second:
    let grouped = cx.env.gt(p.groups, int(1))?;
    if cx.env.guard_bool(grouped, cx.op)? {
        return Ok(true);
    }
    // `kw > 3 && kh > 3`: the height only asked when the width holds.
    let wide = cx.env.gt(kw, int(3))?;
    if cx.env.guard_bool(wide, cx.op)? {
        let high = cx.env.gt(kh, int(3))?;
        if cx.env.guard_bool(high, cx.op)? {
            return Ok(true);
        }
    }
    let batched = cx.env.gt(batch, int(1))?;
    if cx.env.guard_bool(batched, cx.op)? {
        return Ok(true);
    }
    let mut elems = int(1);
    for &s in &input.sizes[..n.min(4)] {
        elems = cx.env.mul(elems, s)?;
    }
    let large = cx.env.gt(elems, int(20480))?;
    cx.env.guard_bool(large, cx.op)
}

/// `_conv_determine_backend_memory_format` of the backend
/// `select_conv_backend` picks, for a batched input (1-D convolutions seen
/// as 2-D ones of height 1): contiguous for empty inputs (the `Empty`
/// backend); on CUDA (cuDNN) channels-last (3d) when either operand
/// suggests it, except in float64, and contiguous when cuDNN is disabled;
/// on the CPU, a 4-D convolution is channels-last when either operand
/// suggests it (oneDNN or the THNN kernels), a 5-D one channels-last-3d
/// only through oneDNN.
/// `input_format` is the input's suggested format when the caller has
/// asked it already.
fn backend_format(
    cx: &mut Cx<'_>,
    input: &TensorMeta,
    weight: &TensorMeta,
    p: &Params,
    input_format: Option<MemoryFormat>,
) -> Result<MemoryFormat> {
    let zero = SymInt::Int(0);
    let no_batch = cx.env.eq(input.sizes[0], zero)?;
    let no_channels = cx.env.eq(input.sizes[1], zero)?;
    let empty = cx.env.or(no_batch, no_channels)?;
    if cx.env.guard_bool(empty, cx.op)? {
        return Ok(MemoryFormat::Contiguous);
    }
    if !nonempty_follows(cx.env, &input.sizes) {
        refuse_no_elements(cx, &input.sizes)?;
    }
    let n = input.dim();
    // No CPU backend is asked of before oneDNN: not the depthwise kernels,
    // cuDNN or MIOpen, whose tests fail on the device first.
    let mkldnn = input.device.ty == DeviceType::Cpu && use_mkldnn(cx, input, weight, p)?;
    let fi = match input_format {
        Some(f) => f,
        None => suggested(cx, &input.sizes, &input.strides)?,
    };
    let fw = suggested(cx, &weight.sizes, &weight.strides)?;
    let either = |f: MemoryFormat| fi == f || fw == f;
    match input.device.ty {
        // Without cuDNN, no CUDA backend lays its output out otherwise.
        DeviceType::Cuda if !cx.defaults.backends.cudnn => Ok(MemoryFormat::Contiguous),
        DeviceType::Cuda => {
            let double = input.dtype == DType::Float64 || weight.dtype == DType::Float64;
            let floating = input.dtype.is_floating_point();
            Ok(match n {
                4 if floating && !double && either(MemoryFormat::ChannelsLast) => {
                    MemoryFormat::ChannelsLast
                }
                5 if floating && !double && either(MemoryFormat::ChannelsLast3d) => {
                    MemoryFormat::ChannelsLast3d
                }
                _ => MemoryFormat::Contiguous,
            })
        }
        DeviceType::Cpu => match n {
            4 => Ok(if either(MemoryFormat::ChannelsLast) {
                MemoryFormat::ChannelsLast
            } else {
                MemoryFormat::Contiguous
            }),
            5 => Ok(if mkldnn && either(MemoryFormat::ChannelsLast3d) {
                MemoryFormat::ChannelsLast3d
            } else {
                MemoryFormat::Contiguous
            }),
            _ => Err(invalid(cx, "unsupported ConvNd parameters")),
        },
        _ => Ok(MemoryFormat::Contiguous),
    }
}

/// Whether the input's `numel == 0` is known false once neither its batch
/// nor its channels are zero, without asking: every size past those two
/// static and nonzero, and at most one of the two symbolic, a symbol `s`.
/// Then `numel` is `k*s` with `k > 0` (or a nonzero integer), and the
/// ShapeEnv keeps `k*s == 0` divided by `k`: it is the very condition
/// `s == 0` just decided false, which it would answer again from that
/// decision, recording nothing. A product past `i64` is left to the
/// general path, which reports it.
fn nonempty_follows(env: &fake_runtime::ShapeEnv, sizes: &[SymInt]) -> bool {
    let mut k: i64 = 1;
    let mut symbolic = false;
    for (d, &s) in sizes.iter().enumerate() {
        match s {
            SymInt::Int(x) if x != 0 => match k.checked_mul(x) {
                Some(p) => k = p,
                None => return false,
            },
            SymInt::Int(_) => return false,
            SymInt::Expr(_) if d < 2 && !symbolic && env.as_symbol(s).is_some() => {
                symbolic = true;
            }
            SymInt::Expr(_) => return false,
        }
    }
    true
}

/// `select_conv_backend`'s refusal of an input with no elements that has
/// a batch and channels: `numel == 0` decided with a guard.
fn refuse_no_elements(cx: &mut Cx<'_>, sizes: &[SymInt]) -> Result<()> {
    let numel = shape::numel(cx.env, sizes)?;
    let none = cx.env.eq(numel, SymInt::Int(0))?;
    if cx.env.guard_bool(none, cx.op)? {
        return Err(invalid(
            cx,
            format!(
                "Only zero batch or zero channel inputs are supported, but got input shape: {}",
                shape::display_dims(cx.env, sizes)
            ),
        ));
    }
    Ok(())
}

/// A tensor with these sizes and strides unsqueezed at dim 2 (`view4d`).
fn view4d(cx: &mut Cx<'_>, t: &TensorMeta) -> Result<TensorMeta> {
    let mut out = t.clone();
    let inner = cx.env.mul(t.sizes[2], t.strides[2])?;
    out.sizes.insert(2, SymInt::Int(1));
    out.strides.insert(2, inner);
    Ok(out)
}

/// The memory format `fake_impls.conv` converts the gradients to, if any,
/// for `convolution_backward`'s arguments `a`: [`backend_conversion`].
fn conversion(
    cx: &mut Cx<'_>,
    input: &TensorMeta,
    weight: &TensorMeta,
    a: &[Arg<'_>],
) -> Result<Option<MemoryFormat>> {
    let (stride, padding, dilation, output_padding) = (
        list(cx, a, 4, "stride", None)?,
        list(cx, a, 5, "padding", None)?,
        list(cx, a, 6, "dilation", None)?,
        list(cx, a, 8, "output_padding", None)?,
    );
    let conv = ConvArgs {
        stride: &stride,
        padding: &padding,
        dilation: &dilation,
        output_padding: &output_padding,
        transposed: args::bool(cx, a, 7, "transposed", None)?,
        groups: args::size(cx, a, 9, "groups", None)?,
    };
    backend_conversion(cx, input, weight, &conv, Known::default())
}

/// A `SymInt[]` argument, borrowed when the call passes a list (else
/// [`args::sizes`]: a default, a single value, the refusal).
pub(super) fn list<'a>(
    cx: &Cx<'_>,
    a: &'a [Arg<'_>],
    i: usize,
    name: &str,
    default: Option<&[i64]>,
) -> Result<List<'a>> {
    match a.get(i) {
        Some(Arg::Ints(v)) => Ok(List::Borrowed(v)),
        _ => args::sizes(cx, a, i, name, default).map(List::Owned),
    }
}

/// The parameters of a convolution as its schema takes them (one value or
/// one per spatial dim).
pub(super) struct ConvArgs<'a> {
    /// `stride`.
    pub stride: &'a [SymInt],
    /// `padding`.
    pub padding: &'a [SymInt],
    /// `dilation`.
    pub dilation: &'a [SymInt],
    /// `output_padding`.
    pub output_padding: &'a [SymInt],
    /// `transposed`.
    pub transposed: bool,
    /// `groups`.
    pub groups: SymInt,
}

/// What the forward kernel has already established when it asks for the
/// backend's format (nothing, by default).
#[derive(Default, Clone, Copy)]
pub(super) struct Known {
    /// `intrinsics::conv` has made the checks it shares with
    /// `check_shape_forward`, on the same input, weight and parameters.
    pub checked: bool,
    /// The input's suggested format (`suggested_format` of its sizes and
    /// strides), when asked already.
    pub input_format: Option<MemoryFormat>,
}

/// The memory format `fake_impls.conv` converts a convolution's outputs
/// (or the input's and weight's gradients) to, if any: none for inputs
/// with sizes that have no hint or an unbatched input, else the format of
/// the backend ATen selects.
pub(super) fn backend_conversion(
    cx: &mut Cx<'_>,
    input: &TensorMeta,
    weight: &TensorMeta,
    conv: &ConvArgs<'_>,
    known: Known,
) -> Result<Option<MemoryFormat>> {
    for &s in input.sizes.iter().chain(&weight.sizes) {
        if cx.env.size_hint(s)?.is_none() {
            return Ok(None);
        }
    }
    let k = weight.dim();
    if input.dim() + 1 == k {
        return Ok(None);
    }
    if k < 3 {
        return Err(invalid(cx, "weight should have at least three dimensions"));
    }
    let dims = k - 2;
    let mut p = Params {
        stride: expand_param(cx, conv.stride, "stride", dims)?,
        padding: expand_param(cx, conv.padding, "padding", dims)?,
        dilation: expand_param(cx, conv.dilation, "dilation", dims)?,
        output_padding: expand_param(cx, conv.output_padding, "output_padding", dims)?,
        transposed: conv.transposed,
        groups: conv.groups,
    };
    check_shape_forward(cx, input, weight, &p, known.checked)?;
    if k == 3 {
        // `input.contiguous()` (the input itself where it is contiguous
        // but for size-1 dims, their strides kept) and `view1d_as_2d`, as
        // both the backend selection and the fake implementation do.
        let strides =
            crate::intrinsics::contiguous_kept(cx, input.sizes.clone(), input.strides.clone())?;
        let contiguous = TensorMeta {
            strides,
            ..input.clone()
        };
        let (input4, weight4) = (view4d(cx, &contiguous)?, view4d(cx, weight)?);
        for (v, first) in [
            (&mut p.stride, 1),
            (&mut p.padding, 0),
            (&mut p.dilation, 1),
            (&mut p.output_padding, 0),
        ] {
            v.to_mut().insert(0, SymInt::Int(first));
        }
        return backend_format(cx, &input4, &weight4, &p, None).map(Some);
    }
    backend_format(cx, input, weight, &p, known.input_format).map(Some)
}

/// `meta_convolution_backward`'s memory format: channels-last (3d) when
/// the input or the weight suggests it.
fn meta_format(cx: &mut Cx<'_>, input: &TensorMeta, weight: &TensorMeta) -> Result<MemoryFormat> {
    let fi = suggested(cx, &input.sizes, &input.strides)?;
    let fw = suggested(cx, &weight.sizes, &weight.strides)?;
    for f in [MemoryFormat::ChannelsLast, MemoryFormat::ChannelsLast3d] {
        if fi == f || fw == f {
            return Ok(f);
        }
    }
    Ok(MemoryFormat::Contiguous)
}

/// The devices of the tensor arguments agree (`cuda` and `cuda:0` do).
fn check_devices(cx: &Cx<'_>, input: &TensorMeta, others: [(&str, &TensorMeta); 2]) -> Result<()> {
    let d = input.device;
    for (name, t) in others {
        let e = t.device;
        let same = e.ty == d.ty && (e.index.is_none() || d.index.is_none() || e.index == d.index);
        if !same {
            return Err(invalid(
                cx,
                format!(
                    "Expected all tensors to be on the same device, but got {name} is on {e}, different from other tensors on {d}"
                ),
            ));
        }
    }
    Ok(())
}

/// `convolution_backward(Tensor grad_output, Tensor input, Tensor weight,
/// SymInt[]? bias_sizes, SymInt[] stride, SymInt[] padding, SymInt[]
/// dilation, bool transposed, SymInt[] output_padding, SymInt groups,
/// bool[3] output_mask) -> (Tensor, Tensor, Tensor)`.
pub(crate) fn convolution_backward(cx: &mut Cx<'_>, a: &[Arg<'_>]) -> Result<Outs> {
    let grad_output = args::tensor(cx, a, 0, "grad_output")?;
    let input = args::tensor(cx, a, 1, "input")?;
    let weight = args::tensor(cx, a, 2, "weight")?;
    let bias_sizes = args::opt_sizes(cx, a, 3, "bias_sizes", None)?;
    let mask = args::bools::<3>(cx, a, 10, "output_mask")?;
    check_devices(
        cx,
        input,
        [("grad_output", grad_output), ("weight", weight)],
    )?;
    let convert_to = conversion(cx, input, weight, a)?;
    let format = meta_format(cx, input, weight)?;
    let mut outs = Outs::new();
    for (i, t) in [input, weight].into_iter().enumerate() {
        if !mask[i] {
            outs.push(Out::None);
            continue;
        }
        let contiguous = fake_runtime::strides::contiguous(cx.env, &t.sizes)?;
        let mut strides = to_format(cx, &t.sizes, contiguous, format)?;
        if let Some(f) = convert_to {
            strides = convert(cx, &t.sizes, strides, f)?;
        }
        let mut g = fresh(cx, grad_output, t.sizes.clone(), strides);
        g.device = input.device;
        outs.push(Out::Tensor(g, Alias::Fresh));
    }
    if mask[2] {
        let Some(sizes) = bias_sizes else {
            return Err(invalid(
                cx,
                "new_empty(): argument 'size' must be a tuple of ints, not NoneType",
            ));
        };
        let nonneg = crate::intrinsics::all_nonneg(cx, sizes.clone())?;
        require(
            cx,
            nonneg,
            "Trying to create tensor with negative dimension",
        )?;
        let strides = fake_runtime::strides::contiguous(cx.env, &sizes)?;
        let mut g = fresh(cx, grad_output, sizes, strides);
        g.device = input.device;
        outs.push(Out::Tensor(g, Alias::Fresh));
    } else {
        outs.push(Out::None);
    }
    Ok(outs)
}

#[cfg(test)]
mod tests {
    use super::*;
    use fake_runtime::shape_env::{ShapeEnv, Source};
    use fake_runtime::sym::ValueRange;

    /// Where [`nonempty_follows`] leaves out the element count, the count
    /// asked after the batch-and-channels test (as `backend_format` asks
    /// it) passes and records no guard: a symbol of several ranges (one
    /// that a guard must settle included) at the batch or the channels,
    /// the other sizes static with zeros and ones among them.
    #[test]
    fn element_count_left_out_only_where_it_is_known() {
        let ranges = [
            ValueRange::at_least(0),
            ValueRange::at_least(1),
            ValueRange::at_least(2),
            ValueRange::new(Some(2), Some(1024)),
        ];
        let (mut checked, mut left_out) = (0, 0);
        for range in ranges {
            for at in [None, Some(0), Some(1), Some(2)] {
                for code in 0..3usize.pow(4) {
                    let mut env = ShapeEnv::new();
                    let s = env
                        .create_symint_input(4, Source::size("x", 0), range)
                        .expect("symbol");
                    let sizes: Dims = (0..4)
                        .map(|d| match at {
                            Some(a) if a == d => s,
                            _ => SymInt::Int([0, 1, 3][code / 3usize.pow(d as u32) % 3]),
                        })
                        .collect();
                    let mut cx = crate::cpu_cx(&mut env, "aten::convolution");
                    let no_batch = cx.env.eq(sizes[0], SymInt::Int(0)).unwrap();
                    let no_channels = cx.env.eq(sizes[1], SymInt::Int(0)).unwrap();
                    let empty = cx.env.or(no_batch, no_channels).unwrap();
                    if cx.env.guard_bool(empty, cx.op).unwrap() {
                        continue;
                    }
                    checked += 1;
                    if nonempty_follows(cx.env, &sizes) {
                        let guards = cx.env.guards().len();
                        assert!(refuse_no_elements(&mut cx, &sizes).is_ok(), "{sizes:?}");
                        assert_eq!(cx.env.guards().len(), guards, "{sizes:?}");
                        left_out += 1;
                    }
                }
            }
        }
        assert!(checked > 200 && left_out > 50, "{checked}, {left_out}");
    }
}
