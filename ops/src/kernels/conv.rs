//! `conv1d`, `conv2d`, `conv3d`, their `padding` overloads (a string,
//! `"valid"` or `"same"`) and `conv_transpose1d` / `conv_transpose2d` /
//! `conv_transpose3d` and ATen's `_convolution_mode`, which the `padding`
//! overloads call: `convolution` on a batched input, and on an
//! unbatched one (one dim fewer) through ATen's `batchify`: the input gets
//! a batch dim of 1 (`unsqueeze(0)`) and the output loses it again
//! (`squeeze(0)`), strides included. Whether the input is batched is
//! decided by its rank, which a rule cannot branch on; `"same"` padding is
//! ATen's `_convolution_same`, which pads the input first when the padding
//! it needs is not symmetric.

use super::conv_backward::{ConvArgs, Known, List, backend_conversion, convert, list};
use super::invalid;
use crate::intrinsics;
use fake_runtime::shape::Dims;
use fake_runtime::support::{args, remembered_geometry};
use fake_runtime::{
    Arg, Cx, DeviceType, Error, Layout, MemoryFormat, Outs, Result, SymInt, TensorMeta,
};
use smallvec::{SmallVec, smallvec};

/// Zero for every spatial dim: the output padding of a convolution that
/// is not transposed, the padding of `"valid"`.
const ZEROS: &[SymInt] = &[SymInt::Int(0); 3];

/// ATen's `batchify`: `None` for a batched input (`spatial + 2` dims), the
/// input unsqueezed at 0 for an unbatched one, else the refusal naming
/// `cx`'s operator.
fn batchify(cx: &mut Cx<'_>, input: &TensorMeta, spatial: usize) -> Result<Option<TensorMeta>> {
    let unbatched = spatial + 1;
    if input.dim() == unbatched + 1 {
        Ok(None)
    } else if input.dim() == unbatched {
        // unsqueeze(0): the new dim's stride is size[0] * stride[0].
        let mut t = input.clone();
        let outer = cx.env.mul(input.sizes[0], input.strides[0])?;
        t.sizes.insert(0, SymInt::Int(1));
        t.strides.insert(0, outer);
        Ok(Some(t))
    } else {
        let sizes: Vec<String> = input.sizes.iter().map(|&s| cx.env.display(s)).collect();
        let name = cx.op.trim_start_matches("aten::");
        let name = name.split('.').next().unwrap_or(name);
        Err(Error::invalid(
            cx.op,
            format!(
                "Expected {unbatched}D (unbatched) or {}D (batched) input to {name}, but got input of size: [{}]",
                unbatched + 1,
                sizes.join(", ")
            ),
        ))
    }
}

/// The parameters of one `convolution` call.
struct Conv<'t> {
    weight: &'t TensorMeta,
    bias: Option<&'t TensorMeta>,
    stride: List<'t>,
    padding: List<'t>,
    dilation: List<'t>,
    transposed: bool,
    output_padding: List<'t>,
    groups: SymInt,
}

/// `convolution` of the (batched) input `x`: its sizes, and its strides
/// as `fake_impls.conv` lays it out: the meta kernel's (channels-last when
/// a 4-D input suggests it, or on CUDA the weight), then converted to the
/// memory format of the backend ATen selects when every size has a hint.
fn convolution(cx: &mut Cx<'_>, x: &TensorMeta, c: Conv<'_>) -> Result<(Dims, Dims)> {
    convolution_sized(cx, x, c, None)
}

/// [`convolution`], with the spatial sizes of the result replaced by
/// `spatial` when given (sizes known exactly, which the arithmetic on the
/// parameters does not simplify to).
///
/// On a symbolic input or weight the answer is remembered in the
/// ShapeEnv, keyed by everything it reads (`remembered_geometry`).
fn convolution_sized(
    cx: &mut Cx<'_>,
    x: &TensorMeta,
    c: Conv<'_>,
    spatial: Option<&[SymInt]>,
) -> Result<(Dims, Dims)> {
    // Symbolic sizes come in through the input (the weight's are a
    // module's parameters): where the sizes of both are static (strides
    // follow them but for views on symbolic strides, which compute
    // without the memo), it computes directly.
    if [&x.sizes, &c.weight.sizes]
        .iter()
        .all(|l| l.iter().all(|v| v.is_static()))
    {
        return convolution_computed(cx, x, &c, spatial);
    }
    let flags = [
        SymInt::Int(i64::from(c.transposed)),
        c.groups,
        SymInt::Int(i64::from(spatial.is_some())),
    ];
    let lists = [
        &c.stride[..],
        &c.padding,
        &c.dilation,
        &c.output_padding,
        &flags,
        spatial.unwrap_or(&[]),
    ];
    let mut tensors: SmallVec<[&TensorMeta; 3]> = smallvec![x, c.weight];
    tensors.extend(c.bias);
    let tag = super::Remembered::Convolution as i64;
    remembered_geometry(cx, tag, &tensors, &lists, |cx| {
        convolution_computed(cx, x, &c, spatial)
    })
}

/// [`convolution_sized`], computed.
#[inline(always)]
fn convolution_computed(
    cx: &mut Cx<'_>,
    x: &TensorMeta,
    c: &Conv<'_>,
    spatial: Option<&[SymInt]>,
) -> Result<(Dims, Dims)> {
    let mut sizes = intrinsics::nn::conv_sizes(
        cx,
        x,
        c.weight,
        c.bias,
        &c.stride,
        &c.padding,
        &c.dilation,
        c.transposed,
        &c.output_padding,
        c.groups,
    )?;
    if let Some(spatial) = spatial {
        sizes.truncate(2);
        sizes.extend(spatial.iter().copied());
    }
    // The input's suggested format (`suggest_memory_format`: only a
    // strided tensor is channels-last), asked once: the backend's
    // selection asks it again of the same sizes and strides.
    let cl = MemoryFormat::ChannelsLast;
    let input_format = if x.dim() == 4 && x.layout == Layout::Strided {
        Some(fake_runtime::strides::suggested_format(
            cx.env, &x.sizes, &x.strides, cx.op,
        )?)
    } else {
        None
    };
    let meta_cl = x.dim() == 4
        && (input_format == Some(cl)
            || (x.device.ty == DeviceType::Cuda
                && intrinsics::suggest_format(cx, c.weight, Some(cl))? == cl));
    let meta_format = if meta_cl {
        cl
    } else {
        MemoryFormat::Contiguous
    };
    let meta = fake_runtime::support::format_strides(cx, &sizes, Some(meta_format))?;
    let args = ConvArgs {
        stride: &c.stride,
        padding: &c.padding,
        dilation: &c.dilation,
        output_padding: &c.output_padding,
        transposed: c.transposed,
        groups: c.groups,
    };
    let known = Known {
        checked: true,
        input_format,
    };
    let strides = match backend_conversion(cx, x, c.weight, &args, known)? {
        // Strides laid out in `format` are what `to(format)` keeps or
        // lays out again; on static sizes the test that tells which
        // records nothing, so it is not made.
        Some(format) if format == meta_format && sizes.iter().all(|s| s.is_static()) => meta,
        Some(format) => convert(cx, &sizes, meta, format)?,
        None => meta,
    };
    Ok((sizes, strides))
}

/// The convolution of `input` batched when it is not, the batch dim
/// squeezed away again; `conv` gets the batched input.
fn batched(
    cx: &mut Cx<'_>,
    input: &TensorMeta,
    spatial: usize,
    conv: impl FnOnce(&mut Cx<'_>, &TensorMeta) -> Result<(Dims, Dims)>,
) -> Result<Outs> {
    let unsqueezed = batchify(cx, input, spatial)?;
    let x = unsqueezed.as_ref().unwrap_or(input);
    let (mut sizes, mut strides) = conv(cx, x)?;
    if unsqueezed.is_some() {
        // squeeze(0)
        sizes.remove(0);
        strides.remove(0);
    }
    Ok(super::fresh_out(cx, input, sizes, strides))
}

/// `conv{n}d(Tensor input, Tensor weight, Tensor? bias=None, SymInt[n]
/// stride, SymInt[n] padding, SymInt[n] dilation, SymInt groups=1)`.
fn conv_nd(cx: &mut Cx<'_>, a: &[Arg<'_>], spatial: usize) -> Result<Outs> {
    let input = args::tensor(cx, a, 0, "input")?;
    let weight = args::tensor(cx, a, 1, "weight")?;
    let bias = args::opt_tensor(cx, a, 2, "bias")?;
    // ATen's conv{n}d checks the bias's dtype itself; `convolution` (and
    // its meta kernel) does not.
    if let Some(b) = bias
        && b.dtype != input.dtype
    {
        return Err(Error::invalid(
            cx.op,
            format!(
                "Input type ({}) and bias type ({}) should be the same",
                input.dtype, b.dtype
            ),
        ));
    }
    let (ones, zeros) = (&[1; 3][..spatial], &[0; 3][..spatial]);
    let stride = list(cx, a, 3, "stride", Some(ones))?;
    let padding = list(cx, a, 4, "padding", Some(zeros))?;
    let dilation = list(cx, a, 5, "dilation", Some(ones))?;
    let groups = args::size(cx, a, 6, "groups", Some(1))?;
    batched(cx, input, spatial, |cx, x| {
        let conv = Conv {
            weight,
            bias,
            stride,
            padding,
            dilation,
            transposed: false,
            output_padding: List::Borrowed(&ZEROS[..spatial]),
            groups,
        };
        convolution(cx, x, conv)
    })
}

/// `convolution(Tensor input, Tensor weight, Tensor? bias, SymInt[]
/// stride, SymInt[] padding, SymInt[] dilation, bool transposed, SymInt[]
/// output_padding, SymInt groups)`: `fake_impls.conv` on a batched input,
/// the memory format of the backend ATen selects included (an empty
/// input stays contiguous; a 1-D convolution is seen as a 2-D one of
/// height 1).
pub(crate) fn convolution_op(cx: &mut Cx<'_>, a: &[Arg<'_>]) -> Result<Outs> {
    let input = args::tensor(cx, a, 0, "input")?;
    let conv = Conv {
        weight: args::tensor(cx, a, 1, "weight")?,
        bias: args::opt_tensor(cx, a, 2, "bias")?,
        stride: list(cx, a, 3, "stride", None)?,
        padding: list(cx, a, 4, "padding", None)?,
        dilation: list(cx, a, 5, "dilation", None)?,
        transposed: args::bool(cx, a, 6, "transposed", None)?,
        output_padding: list(cx, a, 7, "output_padding", None)?,
        groups: args::size(cx, a, 8, "groups", None)?,
    };
    let (sizes, strides) = convolution(cx, input, conv)?;
    Ok(super::fresh_out(cx, input, sizes, strides))
}

/// `conv1d`.
pub(crate) fn conv1d(cx: &mut Cx<'_>, a: &[Arg<'_>]) -> Result<Outs> {
    conv_nd(cx, a, 1)
}

/// `conv2d`.
pub(crate) fn conv2d(cx: &mut Cx<'_>, a: &[Arg<'_>]) -> Result<Outs> {
    conv_nd(cx, a, 2)
}

/// `conv3d`.
pub(crate) fn conv3d(cx: &mut Cx<'_>, a: &[Arg<'_>]) -> Result<Outs> {
    conv_nd(cx, a, 3)
}

/// `conv_transpose{n}d(Tensor input, Tensor weight, Tensor? bias=None,
/// SymInt[n] stride=1, SymInt[n] padding=0, SymInt[n] output_padding=0,
/// SymInt groups=1, SymInt[n] dilation=1)`: a transposed `convolution`
/// (the bias's dtype unchecked).
fn conv_transpose_nd(cx: &mut Cx<'_>, a: &[Arg<'_>], spatial: usize) -> Result<Outs> {
    let input = args::tensor(cx, a, 0, "input")?;
    let weight = args::tensor(cx, a, 1, "weight")?;
    let bias = args::opt_tensor(cx, a, 2, "bias")?;
    let (ones, zeros) = (&[1; 3][..spatial], &[0; 3][..spatial]);
    let stride = list(cx, a, 3, "stride", Some(ones))?;
    let padding = list(cx, a, 4, "padding", Some(zeros))?;
    let output_padding = list(cx, a, 5, "output_padding", Some(zeros))?;
    let groups = args::size(cx, a, 6, "groups", Some(1))?;
    let dilation = list(cx, a, 7, "dilation", Some(ones))?;
    batched(cx, input, spatial, |cx, x| {
        let conv = Conv {
            weight,
            bias,
            stride,
            padding,
            dilation,
            transposed: true,
            output_padding,
            groups,
        };
        convolution(cx, x, conv)
    })
}

/// `conv_transpose1d`.
pub(crate) fn conv_transpose1d(cx: &mut Cx<'_>, a: &[Arg<'_>]) -> Result<Outs> {
    conv_transpose_nd(cx, a, 1)
}

/// `conv_transpose2d.input`.
pub(crate) fn conv_transpose2d(cx: &mut Cx<'_>, a: &[Arg<'_>]) -> Result<Outs> {
    conv_transpose_nd(cx, a, 2)
}

/// `conv_transpose3d.input`.
pub(crate) fn conv_transpose3d(cx: &mut Cx<'_>, a: &[Arg<'_>]) -> Result<Outs> {
    conv_transpose_nd(cx, a, 3)
}

/// `conv{n}d.padding(Tensor input, Tensor weight, Tensor? bias=None,
/// SymInt[n] stride=1, str padding="valid", SymInt[n] dilation=1, SymInt
/// groups=1)`: ATen's `_convolution_mode` of the input batched.
fn conv_padding_nd(cx: &mut Cx<'_>, a: &[Arg<'_>], spatial: usize) -> Result<Outs> {
    let input = args::tensor(cx, a, 0, "input")?;
    let weight = args::tensor(cx, a, 1, "weight")?;
    let bias = args::opt_tensor(cx, a, 2, "bias")?;
    let ones = &[1; 3][..spatial];
    let stride = list(cx, a, 3, "stride", Some(ones))?;
    let mode = args::opt_str(cx, a, 4, "padding", Some("valid"))?.unwrap_or("valid");
    let dilation = list(cx, a, 5, "dilation", Some(ones))?;
    let groups = args::size(cx, a, 6, "groups", Some(1))?;
    batched(cx, input, spatial, |cx, x| {
        let same = Same {
            weight,
            bias,
            stride,
            dilation,
            groups,
        };
        convolution_mode(cx, x, same, mode, spatial)
    })
}

/// `_convolution_mode(Tensor input, Tensor weight, Tensor? bias, SymInt[]
/// stride, str padding, SymInt[] dilation, SymInt groups)`: what
/// `conv{n}d.padding` computes of a batched input, the spatial dims the
/// input's.
pub(crate) fn convolution_mode_op(cx: &mut Cx<'_>, a: &[Arg<'_>]) -> Result<Outs> {
    let input = args::tensor(cx, a, 0, "input")?;
    let same = Same {
        weight: args::tensor(cx, a, 1, "weight")?,
        bias: args::opt_tensor(cx, a, 2, "bias")?,
        stride: list(cx, a, 3, "stride", None)?,
        dilation: list(cx, a, 5, "dilation", None)?,
        groups: args::size(cx, a, 6, "groups", None)?,
    };
    let mode = args::opt_str(cx, a, 4, "padding", None)?.unwrap_or("valid");
    // No more than three spatial dims have zeros here; `convolution`
    // refuses other ranks itself.
    let spatial = input.dim().saturating_sub(2).clamp(1, 3);
    let (sizes, strides) = convolution_mode(cx, input, same, mode, spatial)?;
    Ok(super::fresh_out(cx, input, sizes, strides))
}

/// The parameters of a convolution whose padding a string gives.
struct Same<'t> {
    weight: &'t TensorMeta,
    bias: Option<&'t TensorMeta>,
    stride: List<'t>,
    dilation: List<'t>,
    groups: SymInt,
}

/// ATen's `_convolution_mode` of the batched input `x`: `"valid"` is no
/// padding, `"same"` is [`convolution_same`], another string is refused.
fn convolution_mode(
    cx: &mut Cx<'_>,
    x: &TensorMeta,
    c: Same<'_>,
    mode: &str,
    spatial: usize,
) -> Result<(Dims, Dims)> {
    let zeros = || List::Borrowed(&ZEROS[..spatial]);
    match mode {
        "valid" => {
            let conv = Conv {
                weight: c.weight,
                bias: c.bias,
                stride: c.stride,
                padding: zeros(),
                dilation: c.dilation,
                transposed: false,
                output_padding: zeros(),
                groups: c.groups,
            };
            convolution(cx, x, conv)
        }
        "same" => convolution_same(
            cx,
            x,
            c.weight,
            c.bias,
            c.stride,
            c.dilation,
            c.groups,
            zeros(),
        ),
        other => Err(invalid(cx, format!("Invalid padding string: '{other}'"))),
    }
}

/// ATen's `_convolution_same`: stride 1 only; the padding each spatial dim
/// needs (`pooling_same_mode_padding_lr`: `dilation * (kernel - 1)`, the
/// smaller half on the left); a symmetric padding is passed to
/// `convolution`, else the input is first padded (`constant_pad_nd`) by
/// the difference.
#[allow(clippy::too_many_arguments)]
fn convolution_same(
    cx: &mut Cx<'_>,
    x: &TensorMeta,
    weight: &TensorMeta,
    bias: Option<&TensorMeta>,
    stride: List<'_>,
    dilation: List<'_>,
    groups: SymInt,
    output_padding: List<'_>,
) -> Result<(Dims, Dims)> {
    let k = weight.dim();
    if k <= 2 {
        return Err(invalid(cx, "weight should have at least three dimensions"));
    }
    let positive = cx.env.gt(groups, SymInt::Int(0))?;
    fake_runtime::support::require(cx, positive, "non-positive groups is not supported")?;
    let dim = k - 2;
    if k != x.dim() {
        return Err(invalid(
            cx,
            format!(
                "Expected {k}-dimensional input for {k}-dimensional weight, but got {}-dimensional input",
                x.dim()
            ),
        ));
    }
    if stride.len() != dim && stride.len() != 1 {
        return Err(invalid(
            cx,
            format!("stride cannot broadcast to {dim} dimensions"),
        ));
    }
    if dilation.len() != dim && dilation.len() != 1 {
        return Err(invalid(
            cx,
            format!("dilation cannot broadcast to {dim} dimensions"),
        ));
    }
    for &s in stride.iter() {
        let one = cx.env.eq(s, SymInt::Int(1))?;
        fake_runtime::support::require(
            cx,
            one,
            "padding='same' is not supported for strided convolutions",
        )?;
    }
    let mut left = Dims::new();
    let mut right = Dims::new();
    let mut symmetric = true;
    for i in 0..dim {
        let d = dilation[if dilation.len() == 1 { 0 } else { i }];
        // Stride 1: no wiggle room to take.
        let k1 = cx.env.sub(weight.sizes[i + 2], SymInt::Int(1))?;
        let total = cx.env.mul(d, k1)?;
        let l = cx.env.floordiv(total, SymInt::Int(2))?;
        let r = cx.env.sub(total, l)?;
        let ne = cx.env.ne(l, r)?;
        if cx.env.guard_bool(ne, cx.op)? {
            symmetric = false;
        }
        left.push(l);
        right.push(r);
    }
    if symmetric {
        let conv = Conv {
            weight,
            bias,
            stride,
            padding: List::Owned(left),
            dilation,
            transposed: false,
            output_padding,
            groups,
        };
        // Its sizes by the convolution's arithmetic, as ATen computes
        // them (`s - k + 2*(((k - 1)//2)) + 1` for a symbolic kernel).
        return convolution(cx, x, conv);
    }
    let mut pad = vec![SymInt::Int(0); 2 * dim];
    for i in 0..dim {
        let delta = cx.env.sub(right[i], left[i])?;
        let at = 2 * (dim - 1 - i);
        let positive = cx.env.gt(delta, SymInt::Int(0))?;
        if cx.env.guard_bool(positive, cx.op)? {
            pad[at + 1] = delta;
        } else {
            pad[at] = delta;
            left[i] = right[i];
        }
    }
    // `constant_pad_nd` (the Python one export runs: a `cat` of the input
    // and filled blocks, so laid out as the input suggests; a plain fake
    // mode runs ATen's, which reads the input's sizes as integers).
    let fixed;
    let x = if cx.defaults.python_dispatcher {
        x
    } else {
        fixed = fake_runtime::support::specialized_sizes(cx, x)?;
        &fixed
    };
    let mut sizes = x.sizes.clone();
    for i in 0..dim {
        let at = 2 * (dim - 1 - i);
        let grown = cx.env.add(sizes[i + 2], pad[at])?;
        sizes[i + 2] = cx.env.add(grown, pad[at + 1])?;
    }
    let format = intrinsics::suggest_format(cx, x, None)?;
    let strides = intrinsics::format_strides(cx, sizes.clone(), Some(format))?;
    let padded = TensorMeta {
        sizes,
        strides,
        storage_offset: SymInt::Int(0),
        ..x.clone()
    };
    let conv = Conv {
        weight,
        bias,
        stride,
        padding: List::Owned(left),
        dilation,
        transposed: false,
        output_padding,
        groups,
    };
    // Stride 1 and `left + right == dilation * (kernel - 1)`: the output
    // has the input's spatial sizes.
    convolution_sized(cx, &padded, conv, Some(&x.sizes[2..]))
}

/// `conv1d.padding`.
pub(crate) fn conv1d_padding(cx: &mut Cx<'_>, a: &[Arg<'_>]) -> Result<Outs> {
    conv_padding_nd(cx, a, 1)
}

/// `conv2d.padding`.
pub(crate) fn conv2d_padding(cx: &mut Cx<'_>, a: &[Arg<'_>]) -> Result<Outs> {
    conv_padding_nd(cx, a, 2)
}

/// `conv3d.padding`.
pub(crate) fn conv3d_padding(cx: &mut Cx<'_>, a: &[Arg<'_>]) -> Result<Outs> {
    conv_padding_nd(cx, a, 3)
}
