//! `conv1d`, `conv2d`, `conv3d`: `convolution` on a batched input, and on
//! an unbatched one (one dim fewer) through ATen's `batchify`: the input
//! gets a batch dim of 1 (`unsqueeze(0)`) and the output loses it again
//! (`squeeze(0)`), strides included. Whether the input is batched is
//! decided by its rank, which a rule cannot branch on.

use crate::intrinsics;
use fake_runtime::shape::Dims;
use fake_runtime::support::args;
use fake_runtime::{Arg, Cx, Error, Outs, Result, SymInt};

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
    let stride = args::sizes(cx, a, 3, "stride", Some(ones))?;
    let padding = args::sizes(cx, a, 4, "padding", Some(zeros))?;
    let dilation = args::sizes(cx, a, 5, "dilation", Some(ones))?;
    let groups = args::size(cx, a, 6, "groups", Some(1))?;
    let unbatched = spatial + 1;
    let batched = if input.dim() == unbatched + 1 {
        None
    } else if input.dim() == unbatched {
        // unsqueeze(0): the new dim's stride is size[0] * stride[0].
        let mut t = input.clone();
        let outer = cx.env.mul(input.sizes[0], input.strides[0])?;
        t.sizes.insert(0, SymInt::Int(1));
        t.strides.insert(0, outer);
        Some(t)
    } else {
        let sizes: Vec<String> = input.sizes.iter().map(|&s| cx.env.display(s)).collect();
        return Err(Error::invalid(
            cx.op,
            format!(
                "Expected {unbatched}D (unbatched) or {}D (batched) input to {}, but got input of size: [{}]",
                unbatched + 1,
                cx.op.trim_start_matches("aten::"),
                sizes.join(", ")
            ),
        ));
    };
    let x = batched.as_ref().unwrap_or(input);
    let zero_pad: Dims = Dims::from_elem(SymInt::Int(0), spatial);
    let mut sizes = intrinsics::conv(
        cx, x, weight, bias, stride, padding, dilation, false, zero_pad, groups,
    )?;
    let mut strides = intrinsics::conv_strides(cx, x, weight, sizes.clone())?;
    if batched.is_some() {
        // squeeze(0)
        sizes.remove(0);
        strides.remove(0);
    }
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
