//! `normal`'s functional overloads (`Tensor_Tensor`, `Tensor_float`,
//! `float_Tensor`, `float_float`), as their decomposition
//! (`torch._refs.normal`), which FakeTensorMode runs: samples of the
//! broadcast sizes (or of `size`), contiguous, then `std * samples + mean`
//! elementwise, so the result is laid out as those two steps lay out their
//! operands. Whether `mean` and `std` are tensors or numbers picks the
//! steps, which no rule can say.

use super::invalid;
use fake_runtime::shape::{self, Dims};
use fake_runtime::support::{args, pointwise_output, require};
use fake_runtime::{Alias, Arg, Cx, DType, Device, Out, Outs, Result, TensorMeta};

/// A `mean` or `std` argument.
#[derive(Clone, Copy)]
enum Param<'a> {
    Tensor(&'a TensorMeta),
    Number(f64),
}

impl<'a> Param<'a> {
    fn tensor(self) -> Option<&'a TensorMeta> {
        match self {
            Param::Tensor(t) => Some(t),
            Param::Number(_) => None,
        }
    }
}

/// `normal(mean, std, size, dtype=..., device=...)`.
fn normal(
    cx: &mut Cx<'_>,
    mean: Param<'_>,
    std: Param<'_>,
    size: Option<(Dims, Option<DType>, Option<Device>)>,
) -> Result<Outs> {
    // `std >= 0` in Python: false for NaN too.
    if let Param::Number(s) = std
        && s.partial_cmp(&0.0)
            .is_none_or(|o| o == std::cmp::Ordering::Less)
    {
        return Err(invalid(
            cx,
            format!("normal expects std >= 0.0, but found std {s}"),
        ));
    }
    let (size, dtype, device) = match size {
        None => {
            let tensors: Vec<&TensorMeta> = [mean, std].iter().filter_map(|p| p.tensor()).collect();
            let Some(first) = tensors.first() else {
                return Err(invalid(
                    cx,
                    "normal expects that either mean or std is a tensor, or size is defined",
                ));
            };
            let shapes: Vec<&[_]> = tensors.iter().map(|t| &t.sizes[..]).collect();
            let size = shape::broadcast(cx.env, cx.op, &shapes)?;
            (size, first.dtype, first.device)
        }
        Some((size, dtype, device)) => {
            let nonneg = crate::intrinsics::all_nonneg(cx, size.clone())?;
            require(
                cx,
                nonneg,
                "Trying to create tensor with negative dimension",
            )?;
            (
                size,
                dtype.unwrap_or(cx.defaults.dtype),
                device.unwrap_or_else(Device::cpu),
            )
        }
    };
    if !(dtype.is_floating_point() || dtype.is_complex()) {
        return Err(invalid(
            cx,
            format!("expected a floating-point or complex dtype, but got dtype={dtype}"),
        ));
    }
    // `_maybe_convert_to_dtype`: a tensor of another dtype is converted,
    // its layout kept.
    let convert = |t: &TensorMeta| TensorMeta { dtype, ..t.clone() };
    let samples = TensorMeta::contiguous(cx.env, &size, dtype, device)?;
    let scaled = match std.tensor() {
        Some(s) => pointwise_output(cx, &[&convert(s), &samples], dtype)?,
        None => samples,
    };
    let result = match mean.tensor() {
        Some(m) => pointwise_output(cx, &[&scaled, &convert(m)], dtype)?,
        None => scaled,
    };
    let mut outs = Outs::new();
    outs.push(Out::Tensor(result, Alias::Fresh));
    Ok(outs)
}

/// `normal.Tensor_Tensor(Tensor mean, Tensor std, *, Generator? generator)`.
pub(crate) fn normal_tensor_tensor(cx: &mut Cx<'_>, a: &[Arg<'_>]) -> Result<Outs> {
    let mean = args::tensor(cx, a, 0, "mean")?;
    let std = args::tensor(cx, a, 1, "std")?;
    normal(cx, Param::Tensor(mean), Param::Tensor(std), None)
}

/// `normal.Tensor_float(Tensor mean, float std=1., *, Generator? generator)`.
pub(crate) fn normal_tensor_float(cx: &mut Cx<'_>, a: &[Arg<'_>]) -> Result<Outs> {
    let mean = args::tensor(cx, a, 0, "mean")?;
    let std = args::float(cx, a, 1, "std", Some(1.0))?;
    normal(cx, Param::Tensor(mean), Param::Number(std), None)
}

/// `normal.float_Tensor(float mean, Tensor std, *, Generator? generator)`.
pub(crate) fn normal_float_tensor(cx: &mut Cx<'_>, a: &[Arg<'_>]) -> Result<Outs> {
    let mean = args::float(cx, a, 0, "mean", None)?;
    let std = args::tensor(cx, a, 1, "std")?;
    normal(cx, Param::Number(mean), Param::Tensor(std), None)
}

/// `normal.float_float(float mean, float std, SymInt[] size, *, Generator?
/// generator, ScalarType? dtype, Layout? layout, Device? device, bool?
/// pin_memory)`.
pub(crate) fn normal_float_float(cx: &mut Cx<'_>, a: &[Arg<'_>]) -> Result<Outs> {
    let mean = args::float(cx, a, 0, "mean", None)?;
    let std = args::float(cx, a, 1, "std", None)?;
    let size = args::sizes(cx, a, 2, "size", None)?;
    let dtype = args::opt_dtype(cx, a, 4, "dtype", None)?;
    let device = args::opt_device(cx, a, 6, "device", None)?;
    normal(
        cx,
        Param::Number(mean),
        Param::Number(std),
        Some((size.iter().copied().collect(), dtype, device)),
    )
}
