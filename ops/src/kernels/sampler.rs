//! `grid_sampler`: ATen's composite picks `grid_sampler_2d` or
//! `grid_sampler_3d` by the input's rank, which a rule cannot branch on;
//! the samplers' backwards, whose input gradient is `None` unless
//! `output_mask` asks for it, which no rule can return.

use super::invalid;
use fake_runtime::strides::contiguous;
use fake_runtime::support::{args, require};
use fake_runtime::{Alias, Arg, Cx, DeviceType, Out, Outs, Result, SymInt, TensorMeta};

/// `grid_sampler(Tensor input, Tensor grid, int interpolation_mode, int
/// padding_mode, bool align_corners) -> Tensor`.
pub(crate) fn grid_sampler(cx: &mut Cx<'_>, a: &[Arg<'_>]) -> Result<Outs> {
    let input = args::tensor(cx, a, 0, "input")?;
    if input.dim() == 4 {
        crate::erased::grid_sampler_2d(cx, a)
    } else {
        crate::erased::grid_sampler_3d(cx, a)
    }
}

/// `grid_sampler_2d_backward(Tensor grad_output, Tensor input, Tensor
/// grid, int interpolation_mode, int padding_mode, bool align_corners,
/// bool[2] output_mask) -> (Tensor, Tensor)`: the meta kernel's contiguous
/// gradients of the input (`None` unless `output_mask` asks for it) and of
/// the grid.
pub(crate) fn grid_sampler_2d_backward(cx: &mut Cx<'_>, a: &[Arg<'_>]) -> Result<Outs> {
    sampler_backward(cx, a, false)
}

/// `grid_sampler_3d_backward(...)`: as [`grid_sampler_2d_backward`],
/// after the 3-D sampler's checks of the input and the grid.
pub(crate) fn grid_sampler_3d_backward(cx: &mut Cx<'_>, a: &[Arg<'_>]) -> Result<Outs> {
    sampler_backward(cx, a, true)
}

/// The gradients of a grid sampler, checked as the 3-D meta kernel checks
/// when `checked`.
fn sampler_backward(cx: &mut Cx<'_>, a: &[Arg<'_>], checked: bool) -> Result<Outs> {
    let input = args::tensor(cx, a, 1, "input")?;
    let grid = args::tensor(cx, a, 2, "grid")?;
    let mode = args::int(cx, a, 3, "interpolation_mode", None)?;
    let mask = args::bools::<2>(cx, a, 6, "output_mask")?;
    if checked {
        check_3d(cx, input, grid, mode)?;
    }
    let mut outs = Outs::new();
    if mask[0] {
        let strides = contiguous(cx.env, &input.sizes)?;
        let t = super::fresh(cx, input, input.sizes.clone(), strides);
        outs.push(Out::Tensor(t, Alias::Fresh));
    } else {
        outs.push(Out::None);
    }
    let strides = contiguous(cx.env, &grid.sizes)?;
    let t = super::fresh(cx, grid, grid.sizes.clone(), strides);
    outs.push(Out::Tensor(t, Alias::Fresh));
    Ok(outs)
}

/// `check_grid_sampler_common` and `check_grid_sampler_3d`, in their
/// order.
fn check_3d(cx: &mut Cx<'_>, input: &TensorMeta, grid: &TensorMeta, mode: i64) -> Result<()> {
    if input.device != grid.device {
        return Err(invalid(
            cx,
            "grid_sampler(): expected input and grid to be on same device",
        ));
    }
    if input.dim() == 0 || grid.dim() == 0 {
        return Err(invalid(
            cx,
            "grid_sampler(): expected input and grid to have dims",
        ));
    }
    let same = cx.env.eq(input.sizes[0], grid.sizes[0])?;
    require(
        cx,
        same,
        "grid_sampler(): expected grid and input to have same batch size",
    )?;
    let last = cx.env.eq(
        grid.sizes[grid.dim() - 1],
        SymInt::Int(input.dim() as i64 - 2),
    )?;
    require(
        cx,
        last,
        "grid_sampler(): expected grid to have size of the input's spatial dims in last dimension",
    )?;
    for i in 2..input.dim() {
        let nonempty = cx.env.gt(input.sizes[i], SymInt::Int(0))?;
        require(
            cx,
            nonempty,
            "grid_sampler(): expected input to have non-empty spatial dimensions",
        )?;
    }
    if input.dim() != 5 || grid.dim() != 5 {
        return Err(invalid(
            cx,
            "grid_sampler(): expected 5D input and grid with same number of dimensions",
        ));
    }
    if mode == 2 && !matches!(input.device.ty, DeviceType::Cpu | DeviceType::Cuda) {
        return Err(invalid(
            cx,
            "grid_sampler(): bicubic interpolation with 5D input is not supported",
        ));
    }
    Ok(())
}
