//! Pooling intrinsics of the meta kernels in `torch/_meta_registrations.py`:
//! the parameter unpacking, output sizes and shape checks of the 2-D
//! pools (`max_pool2d_checks_and_compute_shape`, `pool2d_shape_check`),
//! of `max_pool3d_with_indices` (`pool3d_shape_check`), and the
//! `check_dim_size` calls their backward kernels make.

use super::nn::pool_len;
use super::*;

/// `unpack(name, val)` of the pooling meta kernels: one value for every
/// spatial dim, or one per dim (`n` of them); `None` when the length is
/// wrong.
fn unpack<const N: usize>(v: &[i64]) -> Option<[i64; N]> {
    match v.len() {
        1 => Some([v[0]; N]),
        l if l == N => {
            let mut out = [0; N];
            out.copy_from_slice(v);
            Some(out)
        }
        _ => None,
    }
}

/// A 2-D parameter unpacked, or PyTorch's refusal naming it.
fn unpack2(cx: &Cx<'_>, pool: &str, name: &str, v: &[i64]) -> Result<[i64; 2]> {
    unpack::<2>(v).ok_or_else(|| {
        invalid(
            cx,
            format!("{pool}: {name} must either be a single int, or a tuple of two ints"),
        )
    })
}

/// The stride of a 2-D pool: the kernel size when omitted.
fn stride2(cx: &Cx<'_>, pool: &str, stride: &[i64], kernel: [i64; 2]) -> Result<[i64; 2]> {
    if stride.is_empty() {
        return Ok(kernel);
    }
    unpack::<2>(stride).ok_or_else(|| {
        invalid(
            cx,
            format!("{pool}: stride must either be omitted, a single int, or a tuple of two ints"),
        )
    })
}

/// `input.size(d)` for a negative `d`, with PyTorch's refusal when the
/// input has fewer dims.
fn size_from_end(cx: &Cx<'_>, t: &TensorMeta, back: usize) -> Result<SymInt> {
    let n = t.dim();
    if back > n {
        return Err(fake_runtime::ErrorKind::DimOutOfRange {
            op: cx.op.to_string(),
            dim: -(back as i64),
            min: -(n.max(1) as i64),
            max: n.max(1) as i64 - 1,
        }
        .into());
    }
    Ok(t.sizes[n - back])
}

/// `pool2d_shape_check` after the output sizes are known, in its order.
#[allow(clippy::too_many_arguments)]
fn pool2d_shape_check(
    cx: &mut Cx<'_>,
    input: &TensorMeta,
    [kh, kw]: [i64; 2],
    [dh, dw]: [i64; 2],
    [padh, padw]: [i64; 2],
    [dilh, dilw]: [i64; 2],
    [oh, ow]: [SymInt; 2],
    format: MemoryFormat,
) -> Result<()> {
    let refuse = |cx: &Cx<'_>, reason: String| Err(invalid(cx, reason));
    if kw <= 0 || kh <= 0 {
        return refuse(
            cx,
            format!("kernel size should be greater than zero, but got kH: {kh}, kW: {kw}"),
        );
    }
    if dw <= 0 || dh <= 0 {
        return refuse(
            cx,
            format!("stride should be greater than zero, but got dH: {dh}, dW: {dw}"),
        );
    }
    if dilh <= 0 || dilw <= 0 {
        return refuse(
            cx,
            format!(
                "dilation should be greater than zero, but got dilationH: {dilh}, dilationW: {dilw}"
            ),
        );
    }
    let n = input.dim();
    let s = &input.sizes;
    let nonzero = |cx: &mut Cx<'_>, d: usize| -> Result<SymBool> {
        match s.get(d) {
            Some(&size) => cx.env.ne(size, SymInt::Int(0)),
            None => Ok(SymBool::Bool(false)),
        }
    };
    // `valid_dims`: sizes 1 and 2, whatever the rank.
    let (s1, s2) = (nonzero(cx, 1)?, nonzero(cx, 2)?);
    let valid = cx.env.and(s1, s2)?;
    let sizes = s.clone();
    if format == MemoryFormat::ChannelsLast {
        let ok = if n == 4 {
            let s3 = nonzero(cx, 3)?;
            cx.env.and(valid, s3)?
        } else {
            SymBool::Bool(false)
        };
        shape::check_printing(cx.env, ok, cx.op, &|env| {
            format!(
                "Expected 4D (batch mode) tensor expected for input with channels_last layout with optional 0 dim batch size for input, but got: {}",
                shape::display_dims(env, &sizes)
            )
        })?;
    } else {
        let ok = match n {
            3 => {
                let s0 = nonzero(cx, 0)?;
                cx.env.and(s0, valid)?
            }
            4 => {
                let s3 = nonzero(cx, 3)?;
                cx.env.and(valid, s3)?
            }
            _ => SymBool::Bool(false),
        };
        shape::check_printing(cx.env, ok, cx.op, &|env| {
            format!(
                "Expected 3D or 4D (batch mode) tensor with optional 0 dim batch size for input, but got: {}",
                shape::display_dims(env, &sizes)
            )
        })?;
    }
    if kw / 2 < padw || kh / 2 < padh {
        return refuse(
            cx,
            format!(
                "pad should be smaller than or equal to half of kernel size, but got padW = {padw}, padH = {padh}, kW = {kw}, kH = {kh}"
            ),
        );
    }
    let w_ok = cx.env.ge(ow, SymInt::Int(1))?;
    let h_ok = cx.env.ge(oh, SymInt::Int(1))?;
    let ok = cx.env.and(w_ok, h_ok)?;
    shape::check_printing(cx.env, ok, cx.op, &|env| {
        let at = |i: usize| env.display(sizes[i]);
        format!(
            "Given input size: ({}x{}x{}). Calculated output size: ({}x{}x{}). Output size is too small",
            at(n - 3),
            at(n - 2),
            at(n - 1),
            at(n - 3),
            env.display(oh),
            env.display(ow)
        )
    })
}

/// The two output lengths of a 2-D pool (`pooling_output_shape` for the
/// height, then the width).
#[allow(clippy::too_many_arguments)]
fn pool2d_lengths(
    cx: &mut Cx<'_>,
    input: &TensorMeta,
    [kh, kw]: [i64; 2],
    [dh, dw]: [i64; 2],
    [padh, padw]: [i64; 2],
    [dilh, dilw]: [i64; 2],
    ceil_mode: bool,
) -> Result<[SymInt; 2]> {
    let n = input.dim();
    let oh = pool_len(
        cx.env,
        cx.op,
        input.sizes[n - 2],
        kh,
        dh,
        padh,
        dilh,
        ceil_mode,
    )?;
    let ow = pool_len(
        cx.env,
        cx.op,
        input.sizes[n - 1],
        kw,
        dw,
        padw,
        dilw,
        ceil_mode,
    )?;
    Ok([oh, ow])
}

/// `max_pool2d_out(input, kernel_size, stride, padding, dilation,
/// ceil_mode)`: `[channels, height, width]` of a 2-D max pool's output, as
/// `max_pool2d_checks_and_compute_shape` (an empty stride is the kernel
/// size; the input's suggested memory format must be channels-last with 4
/// dims or contiguous with 3 or 4).
pub fn max_pool2d_out(
    cx: &mut Cx<'_>,
    input: &TensorMeta,
    kernel_size: IntList,
    stride: IntList,
    padding: IntList,
    dilation: IntList,
    ceil_mode: bool,
) -> Result<Dims> {
    let k = unpack2(cx, "max_pool2d", "kernel_size", &kernel_size)?;
    let d = stride2(cx, "max_pool2d", &stride, k)?;
    let p = unpack2(cx, "max_pool2d", "padding", &padding)?;
    let dil = unpack2(cx, "max_pool2d", "dilation", &dilation)?;
    let planes = size_from_end(cx, input, 3)?;
    let format = suggest_format(cx, input, None)?;
    match format {
        MemoryFormat::ChannelsLast if input.dim() != 4 => {
            return Err(invalid(
                cx,
                "non-empty 4D (batch mode) tensor expected for input with channels_last layout"
                    .into(),
            ));
        }
        MemoryFormat::Contiguous if !(3..=4).contains(&input.dim()) => {
            return Err(invalid(
                cx,
                "non-empty 3D or 4D (batch mode) tensor expected for input".into(),
            ));
        }
        MemoryFormat::ChannelsLast | MemoryFormat::Contiguous => {}
        _ => {
            return Err(invalid(
                cx,
                "Unsupported memory format. Supports only ChannelsLast, Contiguous".into(),
            ));
        }
    }
    let out = pool2d_lengths(cx, input, k, d, p, dil, ceil_mode)?;
    pool2d_shape_check(cx, input, k, d, p, dil, out, format)?;
    Ok(Dims::from([planes, out[0], out[1]]))
}

/// `avg_pool2d_out(input, kernel_size, stride, padding, ceil_mode)`:
/// `[channels, height, width]` of a 2-D average pool's output, as the meta
/// kernel of `avg_pool2d_backward` computes them (an empty stride is the
/// kernel size; `pool2d_shape_check` in the input's suggested memory
/// format).
pub fn avg_pool2d_out(
    cx: &mut Cx<'_>,
    input: &TensorMeta,
    kernel_size: IntList,
    stride: IntList,
    padding: IntList,
    ceil_mode: bool,
) -> Result<Dims> {
    let k = unpack2(cx, "avg_pool2d", "kernel_size", &kernel_size)?;
    let d = stride2(cx, "avg_pool2d", &stride, k)?;
    let p = unpack2(cx, "avg_pool2d", "padding", &padding)?;
    let planes = size_from_end(cx, input, 3)?;
    let out = pool2d_lengths(cx, input, k, d, p, [1, 1], ceil_mode)?;
    let format = suggest_format(cx, input, None)?;
    pool2d_shape_check(cx, input, k, d, p, [1, 1], out, format)?;
    Ok(Dims::from([planes, out[0], out[1]]))
}

/// A 3-D parameter unpacked, or PyTorch's refusal.
fn unpack3(cx: &Cx<'_>, v: &[i64], message: &str) -> Result<[i64; 3]> {
    unpack::<3>(v).ok_or_else(|| invalid(cx, message.to_string()))
}

/// `max_pool3d_out(input, kernel_size, stride, padding, dilation,
/// ceil_mode)`: the sizes of `max_pool3d_with_indices`'s outputs, as
/// `meta_max_pool3d_with_indices` (an empty stride is the kernel size) and
/// `pool3d_shape_check`.
pub fn max_pool3d_out(
    cx: &mut Cx<'_>,
    input: &TensorMeta,
    kernel_size: IntList,
    stride: IntList,
    padding: IntList,
    dilation: IntList,
    ceil_mode: bool,
) -> Result<Dims> {
    let Pool3d { k, d, p, dil } = pool3d_params(cx, &kernel_size, &stride, &padding, &dilation)?;
    let n = pool3d_rank(cx, input)?;
    let slices = input.sizes[n - 4];
    let mut out = [SymInt::Int(0); 3];
    for i in 0..3 {
        out[i] = pool_len(
            cx.env,
            cx.op,
            input.sizes[n - 3 + i],
            k[i],
            d[i],
            p[i],
            dil[i],
            ceil_mode,
        )?;
    }
    pool3d_checks(
        cx,
        input,
        Pool3d { k, d, p, dil },
        "max_pool3d_with_indices()",
    )?;
    let sizes = input.sizes.clone();
    let mut big = SymBool::Bool(true);
    for i in [0, 2, 1] {
        let ge = cx.env.ge(out[i], SymInt::Int(1))?;
        big = cx.env.and(big, ge)?;
    }
    shape::check_printing(cx.env, big, cx.op, &|env| {
        let at = |i: usize| env.display(sizes[i]);
        format!(
            "Given input size: ({}x{}x{}x{}). Calculated output size: ({}x{}x{}x{}). Output size is too small",
            env.display(slices),
            at(n - 3),
            at(n - 2),
            at(n - 1),
            env.display(slices),
            env.display(out[0]),
            env.display(out[1]),
            env.display(out[2])
        )
    })?;
    let mut shape: Dims = input.sizes[..n - 3].iter().copied().collect();
    shape.extend(out);
    Ok(shape)
}

/// `max_pool3d_backward_checks(input, kernel_size, stride, padding,
/// dilation)`: the checks `max_pool3d_with_indices_backward`'s meta makes
/// of its parameters and input (`pool3d_shape_check` named for it), the
/// output sizes aside (the gradient's, which the rule checks): true when
/// they pass.
pub fn max_pool3d_backward_checks(
    cx: &mut Cx<'_>,
    input: &TensorMeta,
    kernel_size: IntList,
    stride: IntList,
    padding: IntList,
    dilation: IntList,
) -> Result<bool> {
    let params = pool3d_params(cx, &kernel_size, &stride, &padding, &dilation)?;
    pool3d_rank(cx, input)?;
    pool3d_checks(cx, input, params, "max_pool3d_with_indices_backward()")?;
    Ok(true)
}

/// A 3-D pool's kernel, stride, padding and dilation, each unpacked to
/// three values.
#[derive(Clone, Copy)]
struct Pool3d {
    k: [i64; 3],
    d: [i64; 3],
    p: [i64; 3],
    dil: [i64; 3],
}

/// The 3-D max pool's parameters unpacked (an empty stride is the kernel
/// size), refused in `meta_max_pool3d_with_indices`' words.
fn pool3d_params(
    cx: &Cx<'_>,
    kernel_size: &[i64],
    stride: &[i64],
    padding: &[i64],
    dilation: &[i64],
) -> Result<Pool3d> {
    let k = unpack3(
        cx,
        kernel_size,
        "max_pool3d: kernel_size must either be a single int, or a tuple of three ints",
    )?;
    let d = if stride.is_empty() {
        k
    } else {
        unpack3(
            cx,
            stride,
            "max_pool3d: stride must either be omitted, a single int, or a tuple of three ints",
        )?
    };
    let p = unpack3(
        cx,
        padding,
        "max_pool3d: padding must either be a single int, or a tuple of three ints",
    )?;
    let dil = unpack3(
        cx,
        dilation,
        "max_pool3d: dilation must be either a single int, or a tuple of three ints",
    )?;
    Ok(Pool3d { k, d, p, dil })
}

/// `avg_pool3d_input_fits(input, kernel_size)`: `pool3d_shape_check`'s
/// `check_input_size` of the average pools (forward and backward): the
/// input's last three sizes at least the kernel's, padding aside (a
/// guard or a runtime assert where symbolic), refused in PyTorch's words.
/// True when it returns.
pub fn avg_pool3d_input_fits(
    cx: &mut Cx<'_>,
    input: &TensorMeta,
    kernel_size: IntList,
) -> Result<bool> {
    let n = input.dim();
    let (Some(k), true) = (unpack::<3>(&kernel_size), n >= 3) else {
        return Err(invalid(
            cx,
            "avg_pool3d: kernel_size must be a single int, or a tuple of three ints".into(),
        ));
    };
    let i = [input.sizes[n - 3], input.sizes[n - 2], input.sizes[n - 1]];
    let mut fits = SymBool::Bool(true);
    for d in 0..3 {
        let ge = cx.env.ge(i[d], SymInt::Int(k[d]))?;
        fits = cx.env.and(fits, ge)?;
    }
    let [kt, kh, kw] = k;
    shape::check_printing(cx.env, fits, cx.op, &|env| {
        format!(
            "input image (T: {} H: {} W: {}) smaller than kernel size (kT: {kt} kH: {kh} kW: {kw})",
            env.display(i[0]),
            env.display(i[1]),
            env.display(i[2])
        )
    })?;
    Ok(true)
}

/// The rank of a 3-D pool's input: 4 (unbatched) or 5.
fn pool3d_rank(cx: &Cx<'_>, input: &TensorMeta) -> Result<usize> {
    match input.dim() {
        n @ (4 | 5) => Ok(n),
        _ => Err(invalid(
            cx,
            "non-empty 4D or 5D (batch mode) tensor expected for input".into(),
        )),
    }
}

/// `pool3d_shape_check` up to the output sizes, in its order: positive
/// kernel, stride and dilation, no empty dim but the batch, padding at
/// most half the kernel.
fn pool3d_checks(cx: &mut Cx<'_>, input: &TensorMeta, params: Pool3d, name: &str) -> Result<()> {
    let Pool3d { k, d, p, dil } = params;
    let n = input.dim();
    let refuse = |cx: &Cx<'_>, reason: String| Err(invalid(cx, reason));
    let [kt, kh, kw] = k;
    if k.iter().any(|&x| x <= 0) {
        return refuse(
            cx,
            format!(
                "kernel size should be greater than zero, but got kT: {kt}, kH: {kh}, kW: {kw}"
            ),
        );
    }
    let [dt, dh, dw] = d;
    if d.iter().any(|&x| x <= 0) {
        return refuse(
            cx,
            format!("stride should be greater than zero, but got dT: {dt}, dH: {dh}, dW: {dw}"),
        );
    }
    let [dilt, dilh, dilw] = dil;
    if dil.iter().any(|&x| x <= 0) {
        return refuse(
            cx,
            format!(
                "dilation should be greater than zero, but got dilationT: {dilt}, dilationH: {dilh}, dilationW: {dilw}"
            ),
        );
    }
    let sizes = input.sizes.clone();
    for (i, &size) in input.sizes.iter().enumerate() {
        if n == 5 && i == 0 {
            // The batch may be empty.
            continue;
        }
        let ok = cx.env.gt(size, SymInt::Int(0))?;
        shape::check_printing(cx.env, ok, cx.op, &|env| {
            format!(
                "{name}: Expected input to have non-zero size for non-batch dimensions, but input has sizes {} with dimension {i} being empty",
                shape::display_dims(env, &sizes)
            )
        })?;
    }
    // `kT / 2 >= pT` in true division.
    let [pt, ph, pw] = p;
    if (0..3).any(|i| k[i] < 2 * p[i]) {
        return refuse(
            cx,
            format!(
                "pad should be smaller than or equal to half of kernel size, but got kT: {kt} kW: {kw} kH: {kh} padT: {pt} padW: {pw} padH: {ph}"
            ),
        );
    }
    Ok(())
}

/// `check_dim_sizes(t, rank, sizes)`: `t` has `rank` dims and ends with
/// `sizes`, as one `check_dim_size(t, rank, rank - k, size)` per trailing
/// size (with its message), each a guard or a runtime assert where
/// symbolic. Always true when it returns.
pub fn check_dim_sizes(cx: &mut Cx<'_>, t: &TensorMeta, rank: i64, sizes: Dims) -> Result<SymBool> {
    let n = t.dim() as i64;
    for (k, &size) in sizes.iter().enumerate() {
        let at = rank - sizes.len() as i64 + k as i64;
        let got = usize::try_from(at)
            .ok()
            .and_then(|a| t.sizes.get(a).copied());
        let ok = match got {
            Some(g) if n == rank => cx.env.eq(g, size)?,
            _ => SymBool::Bool(false),
        };
        shape::check_printing(cx.env, ok, cx.op, &|env| {
            format!(
                "Expected a tensor of dimension {rank} and tensor.size[{at}] == {}, but got : dimension {n} and tensor.size[{at}] = {}",
                env.display(size),
                got.map_or("?".to_string(), |g| env.display(g))
            )
        })?;
    }
    Ok(SymBool::Bool(true))
}

/// `unpool_format(t)`: the memory format `_max_unpoolnd` lays a 2-D
/// unpooling's result out in: `suggest_memory_format(t)` on the CPU and
/// XPU (their kernels keep the input's format), contiguous elsewhere.
pub fn unpool_format(cx: &mut Cx<'_>, t: &TensorMeta) -> Result<MemoryFormat> {
    match t.device.ty {
        fake_runtime::DeviceType::Cpu | fake_runtime::DeviceType::Xpu => {
            suggest_format(cx, t, None)
        }
        _ => Ok(MemoryFormat::Contiguous),
    }
}

/// `segment_count(lengths, indices, offsets, axis)`: the number of
/// segments `segment_reduce` reduces `data` to along `axis`:
/// `lengths.shape[axis]`, else `offsets.shape[axis] - 1` (Python indexes
/// the shapes); indices are not supported, and one of the others is
/// needed.
pub fn segment_count(
    cx: &mut Cx<'_>,
    lengths: Option<&TensorMeta>,
    indices: Option<&TensorMeta>,
    offsets: Option<&TensorMeta>,
    axis: i64,
) -> Result<SymInt> {
    if indices.is_some() {
        return Err(invalid(
            cx,
            "segment_reduce(): indices based reduction is not supported yet.".into(),
        ));
    }
    let at = |cx: &Cx<'_>, t: &TensorMeta| -> Result<SymInt> {
        let n = t.dim() as i64;
        let i = if axis < 0 { axis + n } else { axis };
        usize::try_from(i)
            .ok()
            .and_then(|i| t.sizes.get(i).copied())
            .ok_or_else(|| invalid(cx, "tuple index out of range".into()))
    };
    if let Some(l) = lengths {
        return at(cx, l);
    }
    if let Some(o) = offsets {
        let n = at(cx, o)?;
        return cx.env.sub(n, SymInt::Int(1));
    }
    Err(invalid(
        cx,
        "segment_reduce(): Either lengths or offsets must be defined.".into(),
    ))
}
