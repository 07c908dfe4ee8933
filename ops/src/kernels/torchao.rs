//! torchao's affine quantization primitives (`torchao::`, registered by
//! `torchao.quantization.quant_primitives` as CompositeImplicitAutograd
//! custom operators, which export keeps whole): under FakeTensorMode
//! their Python bodies run on fake tensors, so their results, checks and
//! guards are those of the steps below.
//!
//! Common to the three: `_get_and_check_qmin_qmax` (the bounds of the
//! quantized dtype, a float8 dtype's `finfo`, or a refusal), then
//! `_get_reduction_params`, which splits every dim whose block is neither
//! the whole dim nor 1 into `[size // block, block]` (a Python `!=`, `>`
//! and divisibility `assert` on each: guards on symbolic sizes) and notes
//! the dims each block spans.
//!
//! - `quantize_affine`: a float input viewed in blocks, times the
//!   reciprocal of the scale, rounded, plus the zero point, clamped to the
//!   bounds, viewed back and converted to the quantized dtype.
//! - `dequantize_affine`: the quantized input converted (a copy) to the
//!   output dtype, minus the zero point, times the scale, viewed back and
//!   converted to the output dtype.
//! - `choose_qparams_affine`: the scale and zero point of every block,
//!   `amin`/`amax` over the block dims (every dim when no block spans
//!   one), then elementwise steps on those: contiguous, kept dims only with
//!   `keepdim` (reshaped to one per block).

use super::invalid;
use crate::intrinsics::{self, Steps};
use fake_runtime::meta::Scalar;
use fake_runtime::pointwise::{StrideRule, laid_out};
use fake_runtime::shape::Dims;
use fake_runtime::support::{args, pointwise_output_by};
use fake_runtime::sym::SymFloat;
use fake_runtime::{Alias, Arg, Cx, DType, Out, Outs, Result, SymInt, TensorMeta};

/// The values a quantized dtype holds (`_DTYPE_TO_QVALUE_BOUNDS`, or a
/// float8 dtype's `finfo`), as `_get_and_check_qmin_qmax` reads them.
fn dtype_bounds(d: DType) -> Option<(f64, f64)> {
    if d.is_float8() {
        return d.finfo_max().map(|m| (-m, m));
    }
    Some(match d {
        DType::UInt8 => (0.0, 255.0),
        DType::Int8 => (-128.0, 127.0),
        DType::Int16 => (-32768.0, 32767.0),
        DType::Int32 => (f64::from(i32::MIN), f64::from(i32::MAX)),
        _ => return None,
    })
}

/// A bound given as a Python number.
fn number(cx: &Cx<'_>, name: &str, s: &Scalar) -> Result<f64> {
    match s {
        Scalar::Int(SymInt::Int(i)) => Ok(*i as f64),
        Scalar::Float(SymFloat::Const(f)) => Ok(*f),
        Scalar::Bool(fake_runtime::SymBool::Bool(b)) => Ok(f64::from(u8::from(*b))),
        _ => Err(invalid(cx, format!("{name} must be a plain number"))),
    }
}

/// A number as Python prints it (`-128`, `-448.0`).
fn py_number(v: f64) -> String {
    if v.fract() == 0.0 && v.abs() < 1e16 {
        format!("{}", v as i64)
    } else {
        format!("{v:?}")
    }
}

/// `_get_and_check_qmin_qmax(dtype, quant_min, quant_max)`: the bounds
/// of `dtype` unless given, each checked against them.
fn qmin_qmax(
    cx: &Cx<'_>,
    d: DType,
    qmin: Option<Scalar>,
    qmax: Option<Scalar>,
) -> Result<(f64, f64)> {
    let Some((lower, upper)) = dtype_bounds(d) else {
        return Err(invalid(cx, format!("Unsupported dtype: torch.{d}")));
    };
    let qmin = qmin.map_or(Ok(lower), |s| number(cx, "quant_min", &s))?;
    let qmax = qmax.map_or(Ok(upper), |s| number(cx, "quant_max", &s))?;
    if qmin < lower {
        return Err(invalid(
            cx,
            format!(
                "quant_min out of bound for dtype, quant_min_lower_bound: {} quant_min: {}",
                py_number(lower),
                py_number(qmin)
            ),
        ));
    }
    if qmax > upper {
        return Err(invalid(
            cx,
            format!(
                "quant_max out of bound for dtype, quant_max_upper_bound: {} quant_max: {}",
                py_number(upper),
                py_number(qmax)
            ),
        ));
    }
    Ok((qmin, qmax))
}

/// The `assert len(block_size) == input.dim()` every primitive makes.
fn check_block_rank(cx: &Cx<'_>, t: &TensorMeta, block: &[SymInt]) -> Result<()> {
    if block.len() != t.dim() {
        let shown: Vec<String> = block.iter().map(|&b| cx.env.display(b)).collect();
        return Err(invalid(
            cx,
            format!(
                "Got input dim:{}, block_size: [{}]",
                t.dim(),
                shown.join(", ")
            ),
        ));
    }
    Ok(())
}

/// A Python `if` on `a != b`.
fn differs(cx: &mut Cx<'_>, a: SymInt, b: SymInt) -> Result<bool> {
    let c = cx.env.ne(a, b)?;
    cx.env.guard_bool(c, cx.op)
}

/// `_get_reduction_params(block_size, input.size())`: the sizes the input
/// is viewed as, and the dims of that view each block spans.
fn reduction_params(
    cx: &mut Cx<'_>,
    block: &[SymInt],
    sizes: &[SymInt],
) -> Result<(Dims, Vec<usize>)> {
    let mut shape = Dims::new();
    let mut reduced = Vec::new();
    for (i, (&b, &n)) in block.iter().zip(sizes).enumerate() {
        let split = differs(cx, b, n)? && {
            let c = cx.env.gt(b, SymInt::Int(1))?;
            cx.env.guard_bool(c, cx.op)?
        };
        if split {
            let rem = cx.env.modulo(n, b)?;
            let divides = cx.env.eq(rem, SymInt::Int(0))?;
            if !cx.env.guard_bool(divides, cx.op)? {
                return Err(invalid(
                    cx,
                    format!(
                        "Expecting input size at {i} dimension: {} to be divisible by block_size \
                         at {i} dimension: {}",
                        cx.env.display(n),
                        cx.env.display(b)
                    ),
                ));
            }
            shape.push(cx.env.floordiv(n, b)?);
            shape.push(b);
            reduced.push(shape.len() - 1);
        } else {
            shape.push(n);
            if differs(cx, b, SymInt::Int(1))? {
                reduced.push(shape.len() - 1);
            }
        }
    }
    Ok((shape, reduced))
}

/// `t.view(shape)`: as many elements, then the view's geometry.
fn viewed(cx: &mut Cx<'_>, t: &TensorMeta, shape: &Dims) -> Result<TensorMeta> {
    let numel = t.numel(cx.env)?;
    let shape = intrinsics::infer_view(cx, numel, shape.clone())?;
    let (sizes, strides) = intrinsics::view_geometry(cx, t, &shape)?;
    Ok(TensorMeta {
        sizes,
        strides,
        ..t.clone()
    })
}

/// `shape` with the dims a block spans made 1 (`shape_after_reduction`).
fn after_reduction(shape: &Dims, reduced: &[usize]) -> Dims {
    let mut out = shape.clone();
    for &d in reduced {
        out[d] = SymInt::Int(1);
    }
    out
}

/// `t.to(dtype)` (`copy`: `_to_copy` even to the same dtype): a dense
/// tensor keeps its strides, another is laid out afresh.
fn to_dtype(cx: &mut Cx<'_>, t: &TensorMeta, dtype: DType, copy: bool) -> Result<TensorMeta> {
    if t.dtype == dtype && !copy {
        return Ok(t.clone());
    }
    let dense =
        fake_runtime::strides::is_non_overlapping_and_dense(cx.env, &t.sizes, &t.strides, cx.op)?;
    let mut out = if dense { t.clone() } else { laid_out(cx, t)? };
    out.dtype = dtype;
    out.storage_offset = SymInt::Int(0);
    Ok(out)
}

/// A binary arithmetic step (`a * b`, `a + b`) through the mode, in the
/// promoted dtype.
fn arithmetic(cx: &mut Cx<'_>, a: &TensorMeta, b: &TensorMeta) -> Result<TensorMeta> {
    let dtype = fake_runtime::promotion::promote_types(a.dtype, b.dtype)?;
    Steps { dtype }.arithmetic(cx, a, b)
}

/// The result, fresh.
fn one(t: TensorMeta) -> Outs {
    let mut outs = Outs::new();
    outs.push(Out::Tensor(t, Alias::Fresh));
    outs
}

/// The arguments `quantize_affine` and `dequantize_affine` share, in
/// their places: the tensor, its blocks, the scale and zero point, the
/// quantized dtype (named `dtype_name`) and its bounds.
struct Affine<'a> {
    input: &'a TensorMeta,
    block: Dims,
    scale: &'a TensorMeta,
    zero_point: Option<&'a TensorMeta>,
    quantized: DType,
    bounds: (Option<Scalar>, Option<Scalar>),
}

impl<'a> Affine<'a> {
    fn read(cx: &Cx<'_>, a: &[Arg<'a>], dtype_name: &str) -> Result<Affine<'a>> {
        let quantized = args::opt_dtype(cx, a, 4, dtype_name, None)?;
        Ok(Affine {
            input: args::tensor(cx, a, 0, "input")?,
            block: args::sizes(cx, a, 1, "block_size", None)?,
            scale: args::tensor(cx, a, 2, "scale")?,
            zero_point: args::opt_tensor(cx, a, 3, "zero_point")?,
            quantized: args::required(cx, 4, dtype_name, quantized)?,
            bounds: (
                args::opt_scalar(cx, a, 5, "quant_min", None)?,
                args::opt_scalar(cx, a, 6, "quant_max", None)?,
            ),
        })
    }

    /// The input viewed in blocks (its block rank checked first), the
    /// scale viewed as one value per block, and those per-block sizes.
    fn blocks(&self, cx: &mut Cx<'_>) -> Result<(TensorMeta, TensorMeta, Dims)> {
        check_block_rank(cx, self.input, &self.block)?;
        let (shape, reduced) = reduction_params(cx, &self.block, &self.input.sizes)?;
        let x = viewed(cx, self.input, &shape)?;
        let after = after_reduction(&shape, &reduced);
        let scale = viewed(cx, self.scale, &after)?;
        Ok((x, scale, after))
    }
}

/// `torchao::quantize_affine(Tensor input, SymInt[] block_size, Tensor
/// scale, Tensor? zero_point, ScalarType output_dtype, Scalar?
/// quant_min=None, Scalar? quant_max=None) -> Tensor`.
pub(crate) fn quantize_affine(cx: &mut Cx<'_>, a: &[Arg<'_>]) -> Result<Outs> {
    let q = Affine::read(cx, a, "output_dtype")?;
    qmin_qmax(cx, q.quantized, q.bounds.0, q.bounds.1)?;
    let input = q.input;
    if !matches!(
        input.dtype,
        DType::Float32 | DType::Float16 | DType::BFloat16
    ) {
        return Err(invalid(
            cx,
            format!("Unsupported input dtype: torch.{}", input.dtype),
        ));
    }
    let (x, scale, after) = q.blocks(cx)?;
    // `if zero_point is not None and zero_point.numel() > 0`, else None,
    // which the addition below refuses.
    let zero_point = match q.zero_point {
        Some(z) => {
            let numel = z.numel(cx.env)?;
            let some = cx.env.gt(numel, SymInt::Int(0))?;
            if cx.env.guard_bool(some, cx.op)? {
                Some(viewed(cx, z, &after)?)
            } else {
                None
            }
        }
        None => None,
    };
    let Some(zero_point) = zero_point else {
        return Err(invalid(
            cx,
            "unsupported operand type(s) for +: 'Tensor' and 'NoneType'",
        ));
    };
    // `input * (1.0 / scale)`: `scale.reciprocal() * 1.0`, then the product.
    let recip = laid_out(cx, &scale)?;
    let recip = pointwise_output_by(cx, &[&recip], recip.dtype, StrideRule::FastBinary)?;
    let product = arithmetic(cx, &x, &recip)?;
    let rounded = laid_out(cx, &product)?;
    let shifted = arithmetic(cx, &rounded, &zero_point)?;
    let clamped = TensorMeta {
        strides: intrinsics::clamp_number_strides(cx, &shifted, true, true, shifted.dtype)?,
        ..shifted
    };
    let back = viewed(cx, &clamped, &input.sizes)?;
    Ok(one(to_dtype(cx, &back, q.quantized, false)?))
}

/// `torchao::dequantize_affine(Tensor input, SymInt[] block_size, Tensor
/// scale, Tensor? zero_point, ScalarType input_dtype, Scalar?
/// quant_min=None, Scalar? quant_max=None, ScalarType
/// output_dtype=float32) -> Tensor`.
pub(crate) fn dequantize_affine(cx: &mut Cx<'_>, a: &[Arg<'_>]) -> Result<Outs> {
    let q = Affine::read(cx, a, "input_dtype")?;
    let output_dtype = args::opt_dtype(cx, a, 7, "output_dtype", Some(DType::Float32))?;
    let output_dtype = args::required(cx, 7, "output_dtype", output_dtype)?;
    let (input, input_dtype) = (q.input, q.quantized);
    if input.dtype != input_dtype {
        return Err(invalid(
            cx,
            format!("Expected: torch.{input_dtype}, got: torch.{}", input.dtype),
        ));
    }
    if !matches!(
        output_dtype,
        DType::Float32 | DType::Float16 | DType::BFloat16
    ) {
        return Err(invalid(
            cx,
            format!("Unsupported output dtype: torch.{output_dtype}"),
        ));
    }
    qmin_qmax(cx, input_dtype, q.bounds.0, q.bounds.1)?;
    let (x, scale, after) = q.blocks(cx)?;
    let zero_point = match q.zero_point {
        Some(z) => Some(viewed(cx, z, &after)?),
        None => None,
    };
    // A copy, then `- zero_point.to(output_dtype)` and `* scale`.
    let mut dequant = to_dtype(cx, &x, output_dtype, true)?;
    if let Some(z) = zero_point {
        let z = to_dtype(cx, &z, output_dtype, false)?;
        dequant = arithmetic(cx, &dequant, &z)?;
    }
    let dequant = arithmetic(cx, &dequant, &scale)?;
    let back = viewed(cx, &dequant, &input.sizes)?;
    Ok(one(to_dtype(cx, &back, output_dtype, false)?))
}

/// The mapping types `choose_qparams_affine` takes.
const MAPPING_TYPES: [&str; 3] = ["SYMMETRIC", "SYMMETRIC_NO_CLIPPING_ERR", "ASYMMETRIC"];

/// `torchao::choose_qparams_affine(Tensor? input, str mapping_type,
/// SymInt[] block_size, ScalarType target_dtype, Scalar? quant_min=None,
/// Scalar? quant_max=None, float? eps=None, ScalarType? scale_dtype=None,
/// ScalarType? zero_point_dtype=None, bool keepdim=False) -> (Tensor,
/// Tensor)`.
pub(crate) fn choose_qparams_affine(cx: &mut Cx<'_>, a: &[Arg<'_>]) -> Result<Outs> {
    let input = args::opt_tensor(cx, a, 0, "input")?;
    let mapping = args::opt_str(cx, a, 1, "mapping_type", None)?;
    let mapping = args::required(cx, 1, "mapping_type", mapping)?;
    let block = args::sizes(cx, a, 2, "block_size", None)?;
    let target = args::opt_dtype(cx, a, 3, "target_dtype", None)?;
    let target = args::required(cx, 3, "target_dtype", target)?;
    let (qmin, qmax) = (
        args::opt_scalar(cx, a, 4, "quant_min", None)?,
        args::opt_scalar(cx, a, 5, "quant_max", None)?,
    );
    let scale_dtype = args::opt_dtype(cx, a, 7, "scale_dtype", None)?;
    let zero_point_dtype = args::opt_dtype(cx, a, 8, "zero_point_dtype", None)?;
    let keepdim = args::bool(cx, a, 9, "keepdim", Some(false))?;
    qmin_qmax(cx, target, qmin, qmax)?;
    if !MAPPING_TYPES.contains(&mapping) {
        return Err(invalid(cx, format!("Unsupported mapping type: {mapping}")));
    }
    let Some(input) = input else {
        return Err(invalid(cx, "'NoneType' object has no attribute 'dtype'"));
    };
    // An `eps` left out is `torch.finfo(input.dtype).smallest_normal`.
    if args::opt_float(cx, a, 6, "eps", None)?.is_none()
        && !(input.dtype.is_floating_point() || input.dtype.is_complex())
    {
        return Err(invalid(
            cx,
            "torch.finfo() requires a floating point input type. Use torch.iinfo to handle \
             'torch.finfo'",
        ));
    }
    check_block_rank(cx, input, &block)?;
    let (shape, reduced) = reduction_params(cx, &block, &input.sizes)?;
    viewed(cx, input, &shape)?;
    // `amin`/`amax` over the block dims (`dim=[]`: every dim), which
    // refuse an empty one.
    let every: Vec<usize>;
    let dims = if reduced.is_empty() {
        every = (0..shape.len()).collect();
        &every
    } else {
        &reduced
    };
    for &d in dims {
        let empty = cx.env.eq(shape[d], SymInt::Int(0))?;
        if cx.env.guard_bool(empty, cx.op)? {
            return Err(invalid(
                cx,
                format!("amin(): Expected reduction dim {d} to have non-zero size."),
            ));
        }
    }
    let sizes: Dims = if keepdim {
        // One per block: `input.size(i) // block_size[i]`.
        let mut out = Dims::new();
        for (&n, &b) in input.sizes.iter().zip(&block) {
            out.push(cx.env.floordiv(n, b)?);
        }
        out
    } else {
        shape
            .iter()
            .enumerate()
            .filter(|(i, _)| !dims.contains(i))
            .map(|(_, &n)| n)
            .collect()
    };
    if keepdim && reduced.is_empty() {
        // The one value of `amin(dim=[], keepdim=True)` reshaped to a
        // value per element.
        let numel = fake_runtime::shape::numel(cx.env, &sizes)?;
        let one = cx.env.eq(numel, SymInt::Int(1))?;
        if !cx.env.guard_bool(one, cx.op)? {
            return Err(invalid(
                cx,
                format!(
                    "shape '{}' is invalid for input of size 1",
                    fake_runtime::shape::display_dims(cx.env, &sizes)
                ),
            ));
        }
    }
    let scale_dtype = scale_dtype.unwrap_or(input.dtype);
    // The symmetric zero point is `full_like(scale)`, of the scale's dtype
    // before its conversion (a true division's: the default float for an
    // integral input), unless one is asked for; the asymmetric one
    // defaults to int32.
    let divided = if input.dtype.is_floating_point() || input.dtype.is_complex() {
        input.dtype
    } else {
        cx.defaults.dtype
    };
    let zero_point_dtype = zero_point_dtype.unwrap_or(if mapping == "ASYMMETRIC" {
        DType::Int32
    } else {
        divided
    });
    let mut outs = Outs::new();
    outs.push(super::new_tensor(cx, &sizes, scale_dtype, input.device)?);
    outs.push(super::new_tensor(
        cx,
        &sizes,
        zero_point_dtype,
        input.device,
    )?);
    Ok(outs)
}
