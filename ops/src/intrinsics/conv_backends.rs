//! Output sizes and memory formats of the convolution backends
//! `aten::convolution` dispatches to: the im2col kernels
//! (`_slow_conv2d_forward`, `slow_conv3d_forward`), the dilated ones
//! (`slow_conv_dilated2d` / `3d`), the transposed ones
//! (`slow_conv_transpose2d` / `3d`) and `conv_tbc`, with their kernels'
//! checks. None of them takes symbolic sizes under PyTorch's fake mode
//! (it runs their CPU kernels on zeros, or a C++ meta kernel reading plain
//! sizes), so their rules check `static_layout` first and these read the
//! sizes as integers.

use super::*;

/// A tensor's sizes or a list argument as integers, refused when symbolic
/// (the kernels read plain integers; for tensors the rules check
/// `static_layout` first, so this is a second line).
fn ints(cx: &Cx<'_>, v: &[SymInt]) -> Result<Vec<i64>> {
    v.iter()
        .map(|s| {
            s.as_int()
                .ok_or_else(|| invalid(cx, "expected static sizes and lists".into()))
        })
        .collect()
}

/// Refuses unless each of `v` is positive, naming the list as the kernels'
/// checks do.
fn positive(cx: &Cx<'_>, what: &str, v: &[i64]) -> Result<()> {
    if v.iter().all(|&x| x > 0) {
        Ok(())
    } else {
        Err(invalid(
            cx,
            format!("{what} should be greater than zero, but got {v:?}"),
        ))
    }
}

/// Refuses unless `v` has one element per spatial dim.
fn per_spatial(cx: &Cx<'_>, what: &str, v: &[i64], n: usize) -> Result<()> {
    if v.len() == n {
        Ok(())
    } else {
        Err(invalid(
            cx,
            format!("expected {what} to have {n} elements, got {}", v.len()),
        ))
    }
}

/// `bias` is absent, or one-dimensional of `len` elements
/// (`check_dim_size(bias, 1, 0, len)`).
fn bias_of(cx: &Cx<'_>, bias: Option<&TensorMeta>, len: i64) -> Result<()> {
    let Some(b) = bias else { return Ok(()) };
    let sizes = ints(cx, &b.sizes)?;
    if sizes.len() == 1 && sizes[0] == len {
        Ok(())
    } else {
        Err(invalid(
            cx,
            format!(
                "Expected a tensor of dimension 1 and tensor.size[0] == {len} but got: dimension {} and tensor.size[0] = {:?}",
                sizes.len(),
                sizes.first()
            ),
        ))
    }
}

/// The weight's sizes: non-empty, two-dimensional (already viewed as
/// `[out, in * kernel]`) or of the input's batched rank.
fn weight_of(cx: &Cx<'_>, weight: &TensorMeta, n: usize) -> Result<Vec<i64>> {
    let w = ints(cx, &weight.sizes)?;
    if w.iter().product::<i64>() > 0 && (w.len() == 2 || w.len() == n + 2) {
        Ok(w)
    } else {
        Err(invalid(
            cx,
            format!(
                "non-empty 2D or {}D weight tensor expected, but got: {w:?}",
                n + 2
            ),
        ))
    }
}

/// `im2col_conv_sizes(input, weight, kernel_size, bias, stride, padding)`:
/// sizes of `_slow_conv2d_forward`'s or `slow_conv3d_forward`'s output
/// (`slow_conv2d_shape_check` / `slow_conv3d_shape_check`): a batched
/// input (an empty batch only), the lengths from `kernel_size` (not the
/// weight's), the input channels those of the weight viewed as
/// `[out, in * kernel]` (times the groups the 3-D kernel infers).
pub fn im2col_conv_sizes(
    cx: &mut Cx<'_>,
    input: &TensorMeta,
    weight: &TensorMeta,
    kernel_size: Dims,
    bias: Option<&TensorMeta>,
    stride: Dims,
    padding: Dims,
) -> Result<Dims> {
    let (kernel_size, stride, padding) = (
        ints(cx, &kernel_size)?,
        ints(cx, &stride)?,
        ints(cx, &padding)?,
    );
    let n = kernel_size.len();
    per_spatial(cx, "stride", &stride, n)?;
    per_spatial(cx, "padding", &padding, n)?;
    positive(cx, "kernel size", &kernel_size)?;
    positive(cx, "stride", &stride)?;
    let x = ints(cx, &input.sizes)?;
    if x.len() != n + 2 {
        return Err(invalid(
            cx,
            format!("Expected {}D input tensor, but got: {x:?}", n + 2),
        ));
    }
    let w = weight_of(cx, weight, n)?;
    bias_of(cx, bias, w[0])?;
    let empty_batch = x[0] == 0 && x[1..].iter().all(|&s| s != 0);
    if x.iter().product::<i64>() == 0 && !empty_batch {
        return Err(invalid(
            cx,
            format!("non-empty {}D input tensor expected but got: {x:?}", n + 2),
        ));
    }
    let mut out = vec![x[0], w[0]];
    for i in 0..n {
        let padded = x[i + 2] + 2 * padding[i];
        if padded < kernel_size[i] {
            return Err(invalid(
                cx,
                format!(
                    "Calculated padded input size per channel: {padded}. Kernel size: {}. Kernel size can't be greater than actual input size",
                    kernel_size[i]
                ),
            ));
        }
        out.push((padded - kernel_size[i]) / stride[i] + 1);
    }
    // The 3-D kernel infers groups from the weight as given.
    let groups = if n == 3 && w.len() == 5 && w[1] > 0 {
        x[1] / w[1]
    } else {
        1
    };
    let columns: i64 = w[1..].iter().product();
    let planes = columns / kernel_size.iter().product::<i64>() * groups;
    if x[1] != 0 && x[1] != planes {
        return Err(invalid(
            cx,
            format!(
                "Expected a tensor of dimension {} and tensor.size[1] == {planes} but got: dimension {} and tensor.size[1] = {}",
                n + 2,
                x.len(),
                x[1]
            ),
        ));
    }
    Ok(out.into_iter().map(SymInt::Int).collect())
}

/// `dilated_conv_sizes(input, weight, kernel_size, bias, stride, padding,
/// dilation)`: sizes of `slow_conv_dilated2d`'s or `3d`'s output
/// (`slow_conv_dilated_shape_check`, `conv_output_size`): an unbatched
/// input allowed, the weight's spatial sizes `kernel_size`, each length
/// `(in + 2 * padding - dilation * (kernel - 1) - 1) / stride + 1` rounded
/// toward zero and refused below zero.
#[allow(clippy::too_many_arguments)]
pub fn dilated_conv_sizes(
    cx: &mut Cx<'_>,
    input: &TensorMeta,
    weight: &TensorMeta,
    kernel_size: Dims,
    bias: Option<&TensorMeta>,
    stride: Dims,
    padding: Dims,
    dilation: Dims,
) -> Result<Dims> {
    let (kernel_size, stride) = (ints(cx, &kernel_size)?, ints(cx, &stride)?);
    let (padding, dilation) = (ints(cx, &padding)?, ints(cx, &dilation)?);
    let n = kernel_size.len();
    per_spatial(cx, "stride", &stride, n)?;
    per_spatial(cx, "padding", &padding, n)?;
    per_spatial(cx, "dilation", &dilation, n)?;
    positive(cx, "kernel size", &kernel_size)?;
    positive(cx, "stride", &stride)?;
    positive(cx, "dilation", &dilation)?;
    if padding.iter().any(|&p| p < 0) {
        return Err(invalid(
            cx,
            format!("padding should be non-negative, but got {padding:?}"),
        ));
    }
    let w = ints(cx, &weight.sizes)?;
    if w.len() != n + 2 || w[2..] != kernel_size[..] {
        return Err(invalid(
            cx,
            format!(
                "weight[2:] shape {:?} must be equal to kernel_size {kernel_size:?}",
                w.get(2..).unwrap_or_default()
            ),
        ));
    }
    let mut x = ints(cx, &input.sizes)?;
    let batched = x.len() == n + 2;
    if !batched && x.len() != n + 1 {
        return Err(invalid(
            cx,
            format!("input must be 4D or 5D tensor but got {}D tensor", x.len()),
        ));
    }
    if !batched {
        x.insert(0, 1);
    }
    if x[1] != w[1] {
        return Err(invalid(
            cx,
            format!(
                "Need input of dimension {} and input.size[1] == {} but got input to be of shape {x:?}",
                n + 2,
                w[1]
            ),
        ));
    }
    if let Some(b) = bias {
        let b = ints(cx, &b.sizes)?;
        if b.len() != 1 || b[0] != w[0] {
            return Err(invalid(
                cx,
                format!(
                    "Need bias of dimension 1 and bias.size[0] == {} but got input to be of shape {b:?}",
                    w[0]
                ),
            ));
        }
    }
    let mut out = vec![x[0], w[0]];
    for i in 0..n {
        let kernel = dilation[i] * (w[i + 2] - 1) + 1;
        // C++ integer division: toward zero.
        out.push((x[i + 2] + 2 * padding[i] - kernel) / stride[i] + 1);
    }
    if out[2..].iter().any(|&s| s < 0) {
        return Err(invalid(
            cx,
            format!(
                "calculated output size {:?} is too small (all sizes must be non-negative)",
                &out[2..]
            ),
        ));
    }
    if !batched {
        out.remove(0);
    }
    Ok(out.into_iter().map(SymInt::Int).collect())
}

/// `transposed_conv_sizes(input, weight, kernel_size, bias, stride,
/// padding, output_padding, dilation)`: sizes of `slow_conv_transpose2d`'s
/// or `3d`'s output (`slow_conv_transpose{2,3}d_shape_check`): a non-empty
/// input, batched or not, each length `(in - 1) * stride - 2 * padding +
/// dilation * (kernel - 1) + 1 + output_padding` from `kernel_size`, at
/// least one, `weight.size(1)` channels. An unbatched input gives a batch
/// of one (2-D, the meta kernel's) or none (3-D, the CPU kernel's).
#[allow(clippy::too_many_arguments)]
pub fn transposed_conv_sizes(
    cx: &mut Cx<'_>,
    input: &TensorMeta,
    weight: &TensorMeta,
    kernel_size: Dims,
    bias: Option<&TensorMeta>,
    stride: Dims,
    padding: Dims,
    output_padding: Dims,
    dilation: Dims,
) -> Result<Dims> {
    let (kernel_size, stride) = (ints(cx, &kernel_size)?, ints(cx, &stride)?);
    let (padding, dilation) = (ints(cx, &padding)?, ints(cx, &dilation)?);
    let output_padding = ints(cx, &output_padding)?;
    let n = kernel_size.len();
    for (what, v) in [
        ("stride", &stride),
        ("padding", &padding),
        ("output_padding", &output_padding),
        ("dilation", &dilation),
    ] {
        per_spatial(cx, what, v, n)?;
    }
    positive(cx, "kernel size", &kernel_size)?;
    positive(cx, "stride", &stride)?;
    positive(cx, "dilation", &dilation)?;
    if (0..n).any(|i| output_padding[i] >= stride[i] && output_padding[i] >= dilation[i]) {
        return Err(invalid(
            cx,
            format!(
                "output padding must be smaller than either stride or dilation, but got output_padding: {output_padding:?} stride: {stride:?} dilation: {dilation:?}"
            ),
        ));
    }
    let w = weight_of(cx, weight, n)?;
    // The 3-D kernel's shape check: the weight's spatial sizes are the
    // kernel's.
    if n == 3 && w.len() == 5 && w[2..] != kernel_size[..] {
        let tuple = |v: &[i64]| {
            let parts: Vec<String> = v.iter().map(i64::to_string).collect();
            format!("({})", parts.join(", "))
        };
        return Err(invalid(
            cx,
            format!(
                "kernel_size {} must match weight spatial dimensions {}",
                tuple(&kernel_size),
                tuple(&w[2..])
            ),
        ));
    }
    bias_of(cx, bias, w[1])?;
    let x = ints(cx, &input.sizes)?;
    let batched = x.len() == n + 2;
    if (!batched && x.len() != n + 1) || x.iter().product::<i64>() == 0 {
        return Err(invalid(
            cx,
            format!(
                "non-empty {}D or {}D input tensor expected but got a tensor with size {x:?}",
                n + 1,
                n + 2
            ),
        ));
    }
    let first = usize::from(batched);
    let mut out = Vec::with_capacity(n + 2);
    for i in 0..n {
        let len = (x[first + 1 + i] - 1) * stride[i] - 2 * padding[i]
            + dilation[i] * (kernel_size[i] - 1)
            + 1
            + output_padding[i];
        if len < 1 {
            return Err(invalid(
                cx,
                format!("Given input size per channel: {x:?}. Output size is too small"),
            ));
        }
        out.push(len);
    }
    if x[first] != w[0] {
        return Err(invalid(
            cx,
            format!(
                "Expected a tensor of dimension {} and tensor.size[{first}] == {} but got: dimension {} and tensor.size[{first}] = {}",
                x.len(),
                w[0],
                x.len(),
                x[first]
            ),
        ));
    }
    let lead = match (batched, n) {
        (true, _) => vec![x[0], w[1]],
        (false, 2) => vec![1, w[1]],
        (false, _) => vec![w[1]],
    };
    Ok(lead.into_iter().chain(out).map(SymInt::Int).collect())
}

/// `thnn_format(input, weight)`: the memory format of the CPU im2col and
/// dilated 2-D kernels' output (`thnn_conv_use_channels_last`):
/// channels-last when either the input or the weight suggests it, else
/// contiguous.
pub fn thnn_format(
    cx: &mut Cx<'_>,
    input: &TensorMeta,
    weight: &TensorMeta,
) -> Result<MemoryFormat> {
    let cl = MemoryFormat::ChannelsLast;
    let suggests = |cx: &mut Cx<'_>, t: &TensorMeta| -> Result<bool> {
        Ok(t.dim() == 4 && suggest_format(cx, t, Some(cl))? == cl)
    };
    Ok(if suggests(cx, input)? || suggests(cx, weight)? {
        cl
    } else {
        MemoryFormat::Contiguous
    })
}

/// `thnn_weight_viewable(input, weight)`: whether the im2col kernel's
/// `view_weight_2d` can lay the weight out in [`thnn_format`]: a weight
/// already 2-D takes `contiguous(memory_format)` too, which refuses
/// channels-last below four dims.
pub fn thnn_weight_viewable(
    cx: &mut Cx<'_>,
    input: &TensorMeta,
    weight: &TensorMeta,
) -> Result<bool> {
    Ok(weight.dim() == 4 || thnn_format(cx, input, weight)? != MemoryFormat::ChannelsLast)
}

/// `conv_tbc_sizes(input, weight, bias, pad)`: sizes of `conv_tbc`'s
/// output (time, batch, channels): three-dimensional input and weight, a
/// one-dimensional bias, `time - kernel + 1 + 2 * pad` steps (refused below
/// zero), then the channel checks and the views of the input each kernel
/// tap takes. Symbolic sizes are guarded to their hints, then refused, as
/// the composite does.
pub fn conv_tbc_sizes(
    cx: &mut Cx<'_>,
    input: &TensorMeta,
    weight: &TensorMeta,
    bias: &TensorMeta,
    pad: i64,
) -> Result<Dims> {
    if [input, weight, bias]
        .iter()
        .any(|t| t.sizes.iter().any(|s| !s.is_static()))
    {
        // ATen's composite reads every size as an integer (each guarded
        // to its hint), then asks for the input's storage offset, which a
        // tensor of symbolic sizes refuses.
        for t in [input, weight, bias] {
            specialize(cx, t.sizes.clone())?;
        }
        return Err(invalid(
            cx,
            "Cannot call storage_offset() on tensor with symbolic sizes/strides".into(),
        ));
    }
    let (x, w, b) = (
        ints(cx, &input.sizes)?,
        ints(cx, &weight.sizes)?,
        ints(cx, &bias.sizes)?,
    );
    if x.len() != 3 {
        return Err(invalid(
            cx,
            "Input must have 3 dims: time, batch, in_channel".into(),
        ));
    }
    if w.len() != 3 {
        return Err(invalid(
            cx,
            "Weight tensor must have 3 dims: kernel_width, in_channels, out_channels.".into(),
        ));
    }
    if b.len() != 1 {
        return Err(invalid(cx, "Bias must be 1-D".into()));
    }
    let steps = x[0] - w[0] + 1 + 2 * pad;
    if steps < 0 {
        return Err(invalid(
            cx,
            format!("Trying to create tensor with negative dimension {steps}"),
        ));
    }
    if b[0] != w[2] {
        return Err(invalid(
            cx,
            "Bias size must equal dim 2 in the weight tensor (output channels).".into(),
        ));
    }
    if x[2] != w[1] {
        return Err(invalid(
            cx,
            "Input dim 2 (input channels) is not == dim 1 in the weight tensor".into(),
        ));
    }
    // Each kernel tap views the time steps it reads as `[t * batch,
    // channels]`, which the input's strides must allow.
    let pad = (steps - x[0] + 1) / 2;
    for k in 0..w[0] {
        let skip = (pad - k).max(0);
        let t = (x[0] + pad - k).min(steps) - skip;
        if t <= 0 {
            continue;
        }
        let sizes = [SymInt::Int(t), SymInt::Int(x[1]), SymInt::Int(x[2])];
        let rows = [SymInt::Int(t * x[1]), SymInt::Int(x[2])];
        let view = fake_runtime::strides::view_strides(
            cx.env,
            &sizes,
            &input.strides,
            &rows,
            cx.op,
            Decide::Guard,
        )?;
        if view.is_none() {
            return Err(invalid(
                cx,
                "view size is not compatible with input tensor's size and stride (at least one dimension spans across two contiguous subspaces). Use .reshape(...) instead.".into(),
            ));
        }
    }
    Ok([steps, x[1], w[2]].into_iter().map(SymInt::Int).collect())
}
