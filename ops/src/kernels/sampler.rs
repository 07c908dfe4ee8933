//! `grid_sampler`: ATen's composite picks `grid_sampler_2d` or
//! `grid_sampler_3d` by the input's rank, which a rule cannot branch on.

use fake_runtime::{Arg, Cx, Outs, Result};

/// `grid_sampler(Tensor input, Tensor grid, int interpolation_mode, int
/// padding_mode, bool align_corners) -> Tensor`.
pub(crate) fn grid_sampler(cx: &mut Cx<'_>, a: &[Arg<'_>]) -> Result<Outs> {
    let input = fake_runtime::support::args::tensor(cx, a, 0, "input")?;
    if input.dim() == 4 {
        crate::erased::grid_sampler_2d(cx, a)
    } else {
        crate::erased::grid_sampler_3d(cx, a)
    }
}
