//! `reflection_pad1d/2d/3d` and `replication_pad2d/3d`, as their meta
//! kernels (`_pad1d_common`, `_pad2d_common`, `_pad3d_common`): which dims
//! are padded depends on the input's rank (a leading batch dim or not),
//! and reflection bounds every pad by its dim, which a rule cannot say.

use super::invalid;
use crate::intrinsics::like_strides;
use fake_runtime::shape::Dims;
use fake_runtime::support::{args, contiguous, require_printing};
use fake_runtime::{
    Arg, Cx, DType, DeviceType, Outs, Result, ShapeEnv, SymBool, SymInt, TensorMeta, shape,
};

/// `_padding_check_valid_input`: `2 * dims` pads; every dim non-empty but
/// a batch dim (present when the rank is `dims + 2`).
fn check_input(cx: &mut Cx<'_>, t: &TensorMeta, pads: usize, dims: usize) -> Result<()> {
    if pads != 2 * dims {
        return Err(invalid(
            cx,
            format!(
                "padding size is expected to be {}, but got: {pads}",
                2 * dims
            ),
        ));
    }
    let batch = t.dim() == dims + 2;
    let mut valid = SymBool::Bool(true);
    for &s in &t.sizes[usize::from(batch)..] {
        let ne = cx.env.ne(s, SymInt::Int(0))?;
        valid = cx.env.and(valid, ne)?;
    }
    require_printing(cx, valid, &|env| {
        format!(
            "Expected {}D or {}D (batch mode) tensor with possibly 0 batch size and other non-zero dimensions for input, but got: {}",
            dims + 1,
            dims + 2,
            shape::display_torch_size(env, &t.sizes)
        )
    })
}

/// `t`'s size at `d`, refused as an index error (a dim out of range) when
/// `t` has no such dim.
fn size_at(cx: &Cx<'_>, t: &TensorMeta, d: usize) -> Result<SymInt> {
    let i = shape::wrap_dim(cx.op, d as i64, t.dim())?;
    t.sizes
        .get(i)
        .copied()
        .ok_or_else(|| invalid(cx, format!("dim {d} of a tensor of no dims")))
}

/// The padded operator for `dims` spatial dims: output sizes as the meta
/// kernel builds them.
fn pad(cx: &mut Cx<'_>, a: &[Arg<'_>], dims: usize, reflection: bool) -> Result<Outs> {
    let t = args::tensor(cx, a, 0, "self")?;
    let padding = args::sizes(cx, a, 1, "padding", None)?;
    if !reflection && t.dtype == DType::Bool {
        let name = cx.op.trim_start_matches("aten::").to_string();
        return Err(invalid(
            cx,
            format!("\"{name}\" not implemented for 'Bool'"),
        ));
    }
    check_input(cx, t, padding.len(), dims)?;
    let batch = t.dim() == dims + 2;
    let first = usize::from(batch);
    let nplane = size_at(cx, t, first)?;
    // Spatial dims, innermost last; pads come innermost first.
    // The meta checks a reflection's pads innermost dim first (`Argument
    // #4` the width's, `#6` the height's, `#8` the depth's).
    if reflection {
        for k in 0..dims {
            let d = first + dims - k;
            let input = size_at(cx, t, d)?;
            let (lo, hi) = (padding[2 * k], padding[2 * k + 1]);
            let lo_ok = cx.env.lt(lo, input)?;
            let hi_ok = cx.env.lt(hi, input)?;
            let ok = cx.env.and(lo_ok, hi_ok)?;
            require_printing(cx, ok, &|env| {
                format!(
                    "Argument #{}: Padding size should be less than the corresponding input dimension, but got: padding ({}, {}) at dimension {d} of input {}",
                    4 + 2 * k,
                    env.display(lo),
                    env.display(hi),
                    shape::display_torch_size(env, &t.sizes)
                )
            })?;
        }
    }
    let mut inputs: Dims = Dims::new();
    let mut spatial: Dims = Dims::new();
    for i in 0..dims {
        let input = size_at(cx, t, first + 1 + i)?;
        let k = dims - 1 - i;
        let (lo, hi) = (padding[2 * k], padding[2 * k + 1]);
        let grown = cx.env.add(input, lo)?;
        inputs.push(input);
        spatial.push(cx.env.add(grown, hi)?);
    }
    let mut ok = SymBool::Bool(true);
    for &o in &spatial {
        let ge = cx.env.ge(o, SymInt::Int(1))?;
        ok = cx.env.and(ok, ge)?;
    }
    require_printing(cx, ok, &|env| too_small(env, &inputs, &spatial))?;
    // `new_empty` with a batch dim for rank `dims + 2` (for 1-D and 2-D
    // padding, for every rank but `dims + 1`).
    let with_batch = if dims == 3 {
        batch
    } else {
        t.dim() != dims + 1
    };
    let mut sizes: Dims = Dims::new();
    if with_batch {
        sizes.push(if batch { t.sizes[0] } else { SymInt::Int(1) });
    }
    sizes.push(nplane);
    sizes.extend(spatial);
    // 2-D padding keeps channels-last off CUDA.
    let strides = if dims == 2 && with_batch && t.device.ty != DeviceType::Cuda {
        like_strides(cx, t, sizes.clone())?
    } else {
        contiguous(cx, sizes.clone())?
    };
    Ok(super::fresh_out(cx, t, sizes, strides))
}

/// The metas' message for an output size below 1: the output's and the
/// input's spatial sizes, outermost first, named `D`, `H`, `W`.
fn too_small(env: &ShapeEnv, inputs: &[SymInt], outputs: &[SymInt]) -> String {
    let names = &["D", "H", "W"][3 - inputs.len()..];
    if let ([w], [o]) = (inputs, outputs) {
        return format!(
            "input (W: {}) is too small. Calculated output W: {}",
            env.display(*w),
            env.display(*o)
        );
    }
    let out: Vec<String> = names
        .iter()
        .zip(outputs)
        .map(|(n, &o)| format!("{n}: {}", env.display(o)))
        .collect();
    let given: Vec<String> = names
        .iter()
        .zip(inputs)
        .map(|(n, &i)| format!("{n}: {}", env.display(i)))
        .collect();
    format!(
        "Calculated output {} must be >= 1 in every dimension (input {})",
        out.join(" "),
        given.join(", ")
    )
}

/// `reflection_pad1d(Tensor self, SymInt[2] padding) -> Tensor`.
pub(crate) fn reflection_pad1d(cx: &mut Cx<'_>, a: &[Arg<'_>]) -> Result<Outs> {
    pad(cx, a, 1, true)
}

/// `reflection_pad2d(Tensor self, SymInt[4] padding) -> Tensor`.
pub(crate) fn reflection_pad2d(cx: &mut Cx<'_>, a: &[Arg<'_>]) -> Result<Outs> {
    pad(cx, a, 2, true)
}

/// `reflection_pad3d(Tensor self, SymInt[6] padding) -> Tensor`.
pub(crate) fn reflection_pad3d(cx: &mut Cx<'_>, a: &[Arg<'_>]) -> Result<Outs> {
    pad(cx, a, 3, true)
}

/// `replication_pad1d(Tensor self, SymInt[2] padding) -> Tensor`: bool
/// inputs refused.
pub(crate) fn replication_pad1d(cx: &mut Cx<'_>, a: &[Arg<'_>]) -> Result<Outs> {
    pad(cx, a, 1, false)
}

/// `replication_pad2d(Tensor self, SymInt[4] padding) -> Tensor`: bool
/// inputs refused.
pub(crate) fn replication_pad2d(cx: &mut Cx<'_>, a: &[Arg<'_>]) -> Result<Outs> {
    pad(cx, a, 2, false)
}

/// `replication_pad3d(Tensor self, SymInt[6] padding) -> Tensor`: bool
/// inputs refused.
pub(crate) fn replication_pad3d(cx: &mut Cx<'_>, a: &[Arg<'_>]) -> Result<Outs> {
    pad(cx, a, 3, false)
}
