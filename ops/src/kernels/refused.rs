//! Operators FakeTensorMode refuses by their tags before any kernel
//! runs, whatever the arguments: those whose output sizes depend on
//! their inputs' data without a fake implementation that makes unbacked
//! symbols for them (`dynamic_output_shape`), and those whose output is a
//! value read from the data (`data_dependent_output`). A composite whose
//! body reaches one of these (`cov` calls `equal`) refuses with it.

use fake_runtime::support::{args, specialized_sizes};
use fake_runtime::{Arg, Cx, ErrorKind, Outs, Result};

/// PyTorch's `DynamicOutputShapeException` (`linalg_lstsq`, `_ctc_loss`,
/// `unique_dim_consecutive`).
pub(crate) fn dynamic_output_shape(cx: &mut Cx<'_>, _: &[Arg<'_>]) -> Result<Outs> {
    Err(ErrorKind::DynamicOutputShape {
        op: cx.op.to_string(),
    }
    .into())
}

/// PyTorch's `DataDependentOutputException` (`equal`, `allclose`, and
/// `cov` and `corrcoef`, whose bodies call `equal`).
pub(crate) fn data_dependent_output(cx: &mut Cx<'_>, _: &[Arg<'_>]) -> Result<Outs> {
    Err(ErrorKind::DataDependentOutput {
        op: cx.op.to_string(),
    }
    .into())
}

/// An `out=` overload whose functional's Python meta is registered for
/// every overload, so the fake mode calls it with out arguments it does
/// not take (a `TypeError`, whatever the arguments):
/// `_adaptive_avg_pool3d_backward.out`,
/// `_embedding_bag_per_sample_weights_backward.out`,
/// `grid_sampler_3d_backward.out`.
pub(crate) fn meta_takes_no_out(cx: &mut Cx<'_>, _: &[Arg<'_>]) -> Result<Outs> {
    Err(super::invalid(
        cx,
        "the Python meta the fake mode runs for it takes no out arguments (TypeError)",
    ))
}

/// `slice_inverse(Tensor(a) self, Tensor src, ...)`: a view of `src`
/// whose schema takes a second tensor, which FakeTensorMode's handling
/// of view operators refuses whatever the arguments (after the device
/// check every operator gets).
pub(crate) fn two_tensor_view(cx: &mut Cx<'_>, _: &[Arg<'_>]) -> Result<Outs> {
    Err(super::invalid(
        cx,
        "Expected exactly one tensor arg for view op, got 2",
    ))
}

/// `cov` and `corrcoef` (which calls `cov`): ATen's composite reads its
/// input's sizes as integers (each symbolic size guarded to its hint)
/// after checking its rank, then reaches `equal`, which the fake mode
/// refuses.
pub(crate) fn cov(cx: &mut Cx<'_>, a: &[Arg<'_>]) -> Result<Outs> {
    let t = args::tensor(cx, a, 0, "self")?;
    if t.dim() > 2 {
        return Err(super::invalid(
            cx,
            format!(
                "cov(): expected input to have two or fewer dimensions but got an input with {} dimensions",
                t.dim()
            ),
        ));
    }
    specialized_sizes(cx, t)?;
    data_dependent_output(cx, a)
}
