//! Operators PyTorch has no meta kernel or fake implementation for: the
//! fake mode runs ATen's CPU kernel on zeros of the fake tensors' sizes
//! (static layouts only, `@no_meta`), and their `out=` forms' tensors
//! come back as they were, the fallback writing no metadata back. Here
//! `glu_jvp` (forward-mode AD's `glu` tangent) and the `out=` forms'
//! shared checks. Only the CPU kernels are modelled: a tensor on another
//! device is refused rather than answered as the CPU would.

use super::invalid;
use super::loss_steps::call;
use crate::erased as k;
use crate::intrinsics::{empty_like_strides, static_layout};
use fake_runtime::support::{args, require_exact_dtype};
use fake_runtime::{
    Alias, Arg, Cx, DType, DeviceType, Out, Outs, Result, SymInt, TensorMeta, shape,
};

/// Refuse a tensor off the CPU: the fake mode runs the kernel of the
/// tensors' device, and only the CPU kernel is modelled (another
/// device's kernel takes other dtypes and lays its results out its own
/// way).
pub(super) fn cpu_only(cx: &Cx<'_>, t: &TensorMeta) -> Result<()> {
    if t.device.ty == DeviceType::Cpu || t.device.ty == DeviceType::Meta {
        return Ok(());
    }
    Err(invalid(
        cx,
        format!(
            "only the CPU kernel, which the fake mode runs on zeros, is modelled; got a tensor on {}",
            t.device
        ),
    ))
}

/// The `out=` form of a fallback operator whose outs start at argument
/// `first`: `functional`'s checks, each out of exactly its result's
/// dtype (the generated `out=` kernel's check), the outs returned as
/// they were.
pub(super) fn unwritten_outs(
    cx: &mut Cx<'_>,
    a: &[Arg<'_>],
    first: usize,
    functional: super::loss_steps::Kernel,
) -> Result<Outs> {
    let results = functional(cx, &a[..first.min(a.len())])?;
    let mut outs = Outs::new();
    for (i, result) in results.into_iter().enumerate() {
        let index = first + i;
        let out = args::tensor(cx, a, index, "out")?;
        static_layout(cx, out)?;
        if let Out::Tensor(r, _) = result {
            require_exact_dtype(cx, r.dtype, out.dtype)?;
        }
        let at = u8::try_from(index).map_err(|_| invalid(cx, "too many arguments"))?;
        outs.push(Out::Tensor(out.clone(), Alias::InPlace(at)));
    }
    Ok(outs)
}

/// `glu_jvp(Tensor glu, Tensor x, Tensor dx, int dim) -> Tensor`: ATen's
/// CPU kernel. `dim` of `x`; `glu`'s size there, `n`; `x` narrowed to
/// its second half and `dx` to both halves (`narrow`'s checks); then a
/// TensorIterator writing `empty_like(glu)`, which wants one dtype of
/// every operand, `float32` or `float64`. Operands that broadcast beyond
/// `glu`'s shape (which would resize the output) are refused as not
/// modelled.
pub(crate) fn glu_jvp(cx: &mut Cx<'_>, a: &[Arg<'_>]) -> Result<Outs> {
    let glu = args::tensor(cx, a, 0, "glu")?;
    let x = args::tensor(cx, a, 1, "x")?;
    let dx = args::tensor(cx, a, 2, "dx")?;
    let dim = args::int(cx, a, 3, "dim", None)?;
    for t in [glu, x, dx] {
        static_layout(cx, t)?;
        cpu_only(cx, t)?;
    }
    let d = shape::wrap_dim(cx.op, dim, x.dim())?;
    // `glu.size(dim)`: a zero-dim `glu` has no size at all.
    let n = super::attention::size_at(cx, glu, d as i64)?;
    let narrow = |cx: &mut Cx<'_>, t: &TensorMeta, start: SymInt| {
        call(
            cx,
            k::narrow,
            &[
                Arg::Tensor(t),
                Arg::Int(SymInt::Int(d as i64)),
                Arg::Int(start),
                Arg::Int(n),
            ],
        )
    };
    let b = narrow(cx, x, n)?;
    let da = narrow(cx, dx, SymInt::Int(0))?;
    let db = narrow(cx, dx, n)?;
    let operands = [glu, &b, &da, &db];
    let sizes: Vec<&[SymInt]> = operands.iter().map(|t| &t.sizes[..]).collect();
    let common = shape::broadcast(cx.env, cx.op, &sizes)?;
    if common[..] != glu.sizes[..] {
        return Err(invalid(
            cx,
            "glu_jvp of operands broadcasting beyond glu's shape is not modelled",
        ));
    }
    // `check_all_same_dtype`: the output's (`glu`'s) dtype expected.
    for t in operands {
        if t.dtype != glu.dtype {
            return Err(invalid(
                cx,
                format!(
                    "Found dtype {} but expected {}",
                    t.dtype.c10_name(),
                    glu.dtype.c10_name()
                ),
            ));
        }
    }
    if !matches!(glu.dtype, DType::Float32 | DType::Float64) {
        return Err(invalid(
            cx,
            format!(
                "\"glu_jvp_cpu\" not implemented for '{}'",
                glu.dtype.c10_name()
            ),
        ));
    }
    let strides = empty_like_strides(cx, glu, None)?;
    Ok(super::fresh_out(cx, glu, glu.sizes.clone(), strides))
}

/// `glu_jvp.out(Tensor glu, Tensor x, Tensor dx, int dim, *, Tensor(a!)
/// out)`.
pub(crate) fn glu_jvp_out(cx: &mut Cx<'_>, a: &[Arg<'_>]) -> Result<Outs> {
    unwritten_outs(cx, a, 4, glu_jvp)
}
