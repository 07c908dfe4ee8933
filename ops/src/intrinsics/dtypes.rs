//! Dtype intrinsics: promotion, result and reduction dtypes, casts,
//! `arange`'s length and dtype.

use super::*;
use fake_runtime::sym::SymFloat;
use fake_runtime::sym::float::FloatOp;

// ---- dtypes -------------------------------------------------------------------

/// `result_type(a, b)`: `torch.result_type` of two tensors.
pub fn result_type(cx: &mut Cx<'_>, a: &TensorMeta, b: &TensorMeta) -> Result<DType> {
    fake_runtime::promotion::result_type(&[tensor_operand(a), tensor_operand(b)], cx.defaults.dtype)
}

/// `euclidean_dist_dtype(x1, x2)`: the dtype of `torch._decomp`'s
/// `_euclidean_dist` product `x1_ @ x2_.mT`, each operand padded with two
/// columns of its squared norms and ones (contiguous, by `cat`): of the
/// input's dtype when floating or complex, else int64 (an integer sum),
/// so two integral inputs of different dtypes multiply.
pub fn euclidean_dist_dtype(cx: &mut Cx<'_>, x1: &TensorMeta, x2: &TensorMeta) -> Result<DType> {
    let padded = |cx: &mut Cx<'_>, t: &TensorMeta| -> Result<TensorMeta> {
        let mut sizes = t.sizes.clone();
        if let Some(last) = sizes.last_mut() {
            *last = cx.env.add(*last, SymInt::Int(2))?;
        }
        let dtype = if t.dtype.is_floating_point() || t.dtype.is_complex() {
            t.dtype
        } else {
            DType::Int64
        };
        TensorMeta::contiguous(cx.env, &sizes, dtype, t.device)
    };
    let a = padded(cx, x1)?;
    let mut b = padded(cx, x2)?;
    let n = b.dim();
    if n >= 2 {
        b.sizes.swap(n - 1, n - 2);
        b.strides.swap(n - 1, n - 2);
    }
    matmul_dtype(cx, &a, &b)
}

/// `matmul_dtype(self, other)`: the dtype of `matmul`'s result, decided
/// by the product ATen's `_matmul_impl` calls: `dot` and `bmm` want one
/// dtype, `mv` (its decomposition, `pw_cast_for_opmath`) promotes, `mm`
/// gives its first operand's.
pub fn matmul_dtype(cx: &mut Cx<'_>, a: &TensorMeta, b: &TensorMeta) -> Result<DType> {
    if a.dtype == b.dtype {
        return Ok(a.dtype);
    }
    let (da, db) = (a.dim(), b.dim());
    match (da, db) {
        (1, 1) => Err(invalid(
            cx,
            format!(
                "dot : expected both vectors to have same dtype, but found {} and {}",
                a.dtype, b.dtype
            ),
        )),
        (2, 1) => result_type(cx, a, b),
        (1 | 2, 2) => Ok(a.dtype),
        _ => {
            // `should_fold`: the larger operand (`other.mT()` when it is
            // `other`) folded into a matrix for `mm` or `mv`.
            let larger_first = da >= db;
            let (big, small) = if larger_first { (a, b) } else { (b, a) };
            if big.dim() >= 3 && small.dim() <= 2 && matmul_folds(cx, a, big, small, larger_first)?
            {
                if small.dim() == 1 {
                    result_type(cx, a, b)
                } else {
                    Ok(big.dtype)
                }
            } else {
                Err(invalid(
                    cx,
                    format!("expected scalar type {} but found {}", a.dtype, b.dtype),
                ))
            }
        }
    }
}

/// ATen's `should_fold` for `matmul(a, ...)` whose larger operand `big`
/// has three dims or more and the other, `small`, at most two; under the
/// Python dispatcher the decomposition's ([`decomposition_folds`], on
/// `big` itself, never transposed).
pub(super) fn matmul_folds(
    cx: &mut Cx<'_>,
    a: &TensorMeta,
    big: &TensorMeta,
    small: &TensorMeta,
    larger_first: bool,
) -> Result<bool> {
    if small.requires_grad {
        return Ok(true);
    }
    if a.dim() == 2 {
        return Ok(false);
    }
    if cx.defaults.python_dispatcher {
        return decomposition_folds(cx, big, false);
    }
    let numel = big.numel(cx.env)?;
    if shape::guard_eq(cx.env, numel, SymInt::Int(0), cx.op)? {
        return Ok(true);
    }
    let (mut sizes, mut strides) = (big.sizes.clone(), big.strides.clone());
    if !larger_first {
        let n = sizes.len();
        sizes.swap(n - 2, n - 1);
        strides.swap(n - 2, n - 1);
    }
    // Viewable as `[-1, sizes[-1]]`: the leading dims (size-1 dims aside)
    // each spanning the next.
    let mut inner: Option<usize> = None;
    for i in (0..sizes.len() - 1).rev() {
        if shape::guard_eq(cx.env, sizes[i], SymInt::Int(1), cx.op)? {
            continue;
        }
        if let Some(j) = inner {
            let span = cx.env.mul(strides[j], sizes[j])?;
            if !shape::guard_eq(cx.env, strides[i], span, cx.op)? {
                return Ok(false);
            }
        }
        inner = Some(i);
    }
    Ok(true)
}

/// The decomposition's `should_fold` (`torch._decomp`'s `matmul`, which
/// the Python dispatcher runs) for `a` of three or more dims, the larger
/// operand, times one of at most two: the other needs a gradient, `a`
/// is empty, or `a` is contiguous (size-1 dims skipped), each test
/// `guard_or_false`. (ATen's asks less of `a`: [`matmul_folds`].)
pub(crate) fn decomposition_folds(
    cx: &mut Cx<'_>,
    a: &TensorMeta,
    b_requires_grad: bool,
) -> Result<bool> {
    if b_requires_grad {
        return Ok(true);
    }
    let numel = shape::numel(cx.env, &a.sizes)?;
    let empty = cx.env.eq(numel, SymInt::Int(0))?;
    if cx.env.guard_or_false(empty, cx.op)? {
        return Ok(true);
    }
    // The row-major strides of `a`'s sizes, then each dim in order.
    let mut expected: Dims = Dims::from_elem(SymInt::Int(1), a.dim());
    for d in (0..a.dim().saturating_sub(1)).rev() {
        expected[d] = cx.env.mul(a.sizes[d + 1], expected[d + 1])?;
    }
    for d in 0..a.dim() {
        let one = cx.env.eq(a.sizes[d], SymInt::Int(1))?;
        if cx.env.guard_or_false(one, cx.op)? {
            continue;
        }
        let dense = cx.env.eq(a.strides[d], expected[d])?;
        if !cx.env.guard_or_false(dense, cx.op)? {
            return Ok(false);
        }
    }
    Ok(true)
}

/// `result_type_scalar(t, s)`: `torch.result_type` of a tensor and a
/// number.
pub fn result_type_scalar(cx: &mut Cx<'_>, t: &TensorMeta, s: Scalar) -> Result<DType> {
    fake_runtime::promotion::result_type(
        &[tensor_operand(t), scalar_operand(&s)],
        cx.defaults.dtype,
    )
}

/// `clamp_number_dtype(t, min, max)`: the dtype `t` and the bounds given
/// promote to (`clamp`'s default promotion of the tensor and numbers).
pub fn clamp_number_dtype(
    cx: &mut Cx<'_>,
    t: &TensorMeta,
    min: Option<Scalar>,
    max: Option<Scalar>,
) -> Result<DType> {
    let mut ops: SmallVec<[Operand; 3]> = SmallVec::new();
    ops.push(tensor_operand(t));
    for s in [min, max].iter().flatten() {
        ops.push(scalar_operand(s));
    }
    fake_runtime::promotion::result_type(&ops, cx.defaults.dtype)
}

/// `clamp_bounds_in_range(t, min, max)`: `torch._refs.clamp`'s check of
/// integer bounds on an integer result (of `t` and the bounds promoted):
/// a lower bound above the dtype's range, or an upper bound below it,
/// would make every element unrepresentable and is refused ("Clamp max
/// value -1 is outside the representable range of torch.uint8"); a
/// bound beyond the range on the other side is a no-op.
pub fn clamp_bounds_in_range(
    cx: &mut Cx<'_>,
    t: &TensorMeta,
    min: Option<Scalar>,
    max: Option<Scalar>,
) -> Result<bool> {
    let dtype = clamp_number_dtype(cx, t, min, max)?;
    let Some((lo, hi)) = integer_limits(dtype) else {
        return Ok(true);
    };
    let refused = match (python_int(min), python_int(max)) {
        (Some(v), _) if v > hi => Some(("min", v)),
        (_, Some(v)) if v < lo => Some(("max", v)),
        _ => None,
    };
    match refused {
        Some((which, v)) => Err(invalid(
            cx,
            format!("Clamp {which} value {v} is outside the representable range of torch.{dtype}"),
        )),
        None => Ok(true),
    }
}

/// The range an integer dtype (bool not among them) holds.
fn integer_limits(dtype: DType) -> Option<(i128, i128)> {
    Some(match dtype {
        DType::UInt8 => (0, u8::MAX.into()),
        DType::Int8 => (i8::MIN.into(), i8::MAX.into()),
        DType::Int16 => (i16::MIN.into(), i16::MAX.into()),
        DType::UInt16 => (0, u16::MAX.into()),
        DType::Int32 => (i32::MIN.into(), i32::MAX.into()),
        DType::UInt32 => (0, u32::MAX.into()),
        DType::Int64 => (i64::MIN.into(), i64::MAX.into()),
        DType::UInt64 => (0, u64::MAX.into()),
        _ => return None,
    })
}

/// A bound that is a Python int (bools among them): a float or symbolic
/// one is not compared with the dtype's range.
fn python_int(s: Option<Scalar>) -> Option<i128> {
    match s {
        Some(Scalar::Int(SymInt::Int(v))) => Some(i128::from(v)),
        Some(Scalar::Bool(SymBool::Bool(b))) => Some(i128::from(b)),
        _ => None,
    }
}

/// `clamp_bound_kept(t, bound, lower)`: whether `torch._refs.clamp` keeps
/// a bound (the lower one when `lower`): given, and not a Python int
/// beyond an integer `t`'s range on the side where it does nothing (a
/// lower bound below it, an upper one above it), which the reference
/// drops; with both dropped it returns `t`'s clone.
pub fn clamp_bound_kept(
    _cx: &mut Cx<'_>,
    t: &TensorMeta,
    bound: Option<Scalar>,
    lower: bool,
) -> Result<bool> {
    if bound.is_none() {
        return Ok(false);
    }
    let (Some((lo, hi)), Some(v)) = (integer_limits(t.dtype), python_int(bound)) else {
        return Ok(true);
    };
    Ok(if lower { v >= lo } else { v <= hi })
}

/// `hardtanh_bounds_in_range(t, min, max)`: `torch._refs`' `_hardtanh`
/// truncates the bounds of an integral `t` to Python ints (`int(2.5)` is
/// 2), then `clamp` checks them ([`clamp_bounds_in_range`]).
pub fn hardtanh_bounds_in_range(
    cx: &mut Cx<'_>,
    t: &TensorMeta,
    min: Scalar,
    max: Scalar,
) -> Result<bool> {
    let integral = t.dtype.is_integral(false);
    let truncated = |s: Scalar| match s {
        Scalar::Float(SymFloat::Const(v)) if integral && v.is_finite() => {
            Scalar::Int(SymInt::Int(v.trunc() as i64))
        }
        other => other,
    };
    clamp_bounds_in_range(cx, t, Some(truncated(min)), Some(truncated(max)))
}

/// `addmm_dtype_result(out_dtype, beta, alpha)`: the dtype of
/// `torch._decomp`'s `addmm_dtype`, `alpha * mm(.., out_dtype)` plus
/// (unless `beta` is 0) `beta * self.to(out_dtype)`: each product of an
/// `out_dtype` tensor and a number promotes (a bool one by an int is
/// `int64`).
pub fn addmm_dtype_result(
    cx: &mut Cx<'_>,
    out_dtype: DType,
    beta: Scalar,
    alpha: Scalar,
) -> Result<DType> {
    use fake_runtime::promotion::{Operand, result_type};
    let scaled = |cx: &Cx<'_>, s: &Scalar| {
        result_type(
            &[Operand::Tensor(out_dtype), scalar_operand(s)],
            cx.defaults.dtype,
        )
    };
    let product = scaled(cx, &alpha)?;
    if zero_number(&beta, false) {
        return Ok(product);
    }
    let bias = scaled(cx, &beta)?;
    fake_runtime::promotion::promote_types(product, bias)
}

/// `result_type_scalars(a, b)`: the dtype two numbers promote to (ATen's
/// `result_type` of two scalars: wrapped numbers, floats to the default
/// dtype).
pub fn result_type_scalars(cx: &mut Cx<'_>, a: Scalar, b: Scalar) -> Result<DType> {
    fake_runtime::promotion::result_type(
        &[scalar_operand(&a), scalar_operand(&b)],
        cx.defaults.dtype,
    )
}

/// `result_type_list(tensors)`: `torch.result_type` over a list.
pub fn result_type_list(cx: &mut Cx<'_>, tensors: &[&TensorMeta]) -> Result<DType> {
    let ops: SmallVec<[Operand; 4]> = tensors.iter().map(|t| tensor_operand(t)).collect();
    fake_runtime::promotion::result_type(&ops, cx.defaults.dtype)
}

/// `promote_types(a, b)`: `torch.promote_types`.
pub fn promote_types(_cx: &mut Cx<'_>, a: DType, b: DType) -> Result<DType> {
    fake_runtime::promotion::promote_types(a, b)
}

/// `sum_dtype(d)`: the dtype `sum` gives without a `dtype` argument
/// (integral and bool sum to `int64`).
pub fn sum_dtype(_cx: &mut Cx<'_>, d: DType) -> Result<DType> {
    Ok(if d.is_integral(true) { DType::Int64 } else { d })
}

/// `powsum_dtype(d, ord, dtype)`: the dtype of `linalg._powsum` (the
/// sum of `|x| ** ord`), of the input converted to `dtype` when given:
/// a complex dtype's real one, a floating one itself; an integral or
/// bool one's power promotes with `ord` (an integer keeps it integral,
/// a float makes it the default dtype), and an integral sum is `int64`
/// but in a given integral dtype (not `bool`).
pub fn powsum_dtype(cx: &mut Cx<'_>, d: DType, ord: Scalar, dtype: Option<DType>) -> Result<DType> {
    let d = dtype.unwrap_or(d);
    if d.is_complex() {
        return Ok(d.to_real());
    }
    if d.is_floating_point() {
        return Ok(d);
    }
    Ok(match ord {
        Scalar::Int(_) | Scalar::Bool(_) => match dtype {
            Some(given) if given != DType::Bool => given,
            _ => DType::Int64,
        },
        Scalar::Float(_) => cx.defaults.dtype,
        Scalar::Complex(..) => cx.defaults.dtype.to_complex(),
    })
}

/// `powsum_converts(d, ord, dtype)`: whether `linalg._powsum` converts
/// its input (of dtype `d`) with ATen's C++ `to` first: to a given
/// `dtype` other than `d`, else, for a real input, to its result dtype
/// ([`powsum_dtype`]) when that is not `d` (an integral input with a
/// float order, an `int32` one summed as `int64`); a complex input is
/// taken its absolute value of instead.
pub fn powsum_converts(
    cx: &mut Cx<'_>,
    d: DType,
    ord: Scalar,
    dtype: Option<DType>,
) -> Result<bool> {
    Ok(match dtype {
        Some(given) => given != d,
        None => !d.is_complex() && powsum_dtype(cx, d, ord, None)? != d,
    })
}

/// `scalar_dtype(s)`: the dtype of a tensor made from `s` (`full`).
pub fn scalar_dtype(cx: &mut Cx<'_>, s: Scalar) -> Result<DType> {
    Ok(s.default_dtype(cx.defaults.dtype))
}

/// `softmax_dtype(d, half_to_float, bfloat16)`: the computation dtype
/// (`float32`) when `half_to_float`, which needs a `float16` input (or a
/// `bfloat16` one when `bfloat16`: `_softmax`'s meta takes both,
/// `_log_softmax`'s decomposition half only), else `d`.
pub fn softmax_dtype(
    cx: &mut Cx<'_>,
    d: DType,
    half_to_float: bool,
    bfloat16: bool,
) -> Result<DType> {
    if !half_to_float {
        return Ok(d);
    }
    if d == DType::Float16 || bfloat16 && d == DType::BFloat16 {
        return Ok(DType::Float32);
    }
    let expected = if bfloat16 {
        "half or bfloat16"
    } else {
        "torch.half"
    };
    Err(invalid(
        cx,
        format!("half_to_float is True but x.dtype is torch.{d}, expected {expected}"),
    ))
}

/// `is_floating(d)`: a floating-point dtype.
pub fn is_floating(_cx: &mut Cx<'_>, d: DType) -> Result<bool> {
    Ok(d.is_floating_point())
}

/// `dispatch_floating(d)`: float32 or float64, the dtypes a CPU kernel
/// dispatched by `AT_DISPATCH_FLOATING_TYPES` takes (others, half
/// precision included, are "not implemented for" it).
pub fn dispatch_floating(_cx: &mut Cx<'_>, d: DType) -> Result<bool> {
    Ok(matches!(d, DType::Float32 | DType::Float64))
}

/// `is_complex(d)`: a complex dtype.
pub fn is_complex(_cx: &mut Cx<'_>, d: DType) -> Result<bool> {
    Ok(d.is_complex())
}

/// `is_cpu(device)`: a CPU device.
pub fn is_cpu(_cx: &mut Cx<'_>, device: Device) -> Result<bool> {
    Ok(device.ty == fake_runtime::DeviceType::Cpu)
}

/// `finfo_max(d)`: `torch.finfo(d).max`, refused as `torch.finfo`
/// refuses a dtype that is not floating or complex.
pub fn finfo_max(cx: &mut Cx<'_>, d: DType) -> Result<f64> {
    d.finfo_max().ok_or_else(|| {
        invalid(
            cx,
            "torch.finfo() requires a floating point input type.".into(),
        )
    })
}

/// `physical_strides(shape, order)`: dense strides laying `shape` out in
/// memory in the order `order` (outermost first), as `empty_permuted`.
pub fn physical_strides(cx: &mut Cx<'_>, shape: Dims, order: IntList) -> Result<Dims> {
    let mut perm: SmallVec<[usize; 6]> = SmallVec::new();
    for &d in &order {
        perm.push(shape::wrap_dim(cx.op, d, shape.len())?);
    }
    fake_runtime::strides::with_physical_order(cx.env, &shape, &perm)
}

/// `is_integral(d)`: an integral dtype, `bool` included.
pub fn is_integral(_cx: &mut Cx<'_>, d: DType) -> Result<bool> {
    Ok(d.is_integral(true))
}

/// A bound's value when it is a static number.
fn static_f64(s: Scalar) -> Option<f64> {
    match s {
        Scalar::Int(SymInt::Int(v)) => Some(v as f64),
        Scalar::Float(v) => v.as_f64(),
        Scalar::Bool(SymBool::Bool(b)) => Some(f64::from(u8::from(b))),
        _ => None,
    }
}

/// The sign of an integer `step` (possibly symbolic) once it is checked
/// nonzero and consistent with the bounds' order (a runtime assert or a
/// guard when symbolic), as `arange` and `range` check it.
fn int_step_sign(cx: &mut Cx<'_>, a: SymInt, b: SymInt, st: SymInt) -> Result<i64> {
    let nonzero = cx.env.ne(st, SymInt::Int(0))?;
    shape::check(cx.env, nonzero, cx.op, &|| "step must be nonzero".into())?;
    let positive = cx.env.gt(st, SymInt::Int(0))?;
    let (ordered, sgn) = if cx.env.guard_bool(positive, cx.op)? {
        (cx.env.ge(b, a)?, 1)
    } else {
        (cx.env.le(b, a)?, -1)
    };
    shape::check(cx.env, ordered, cx.op, &|| {
        "upper bound and lower bound inconsistent with step sign".into()
    })?;
    Ok(sgn)
}

/// The length of an integer `arange` (`torch._refs.arange`'s
/// `(end - start + step - sgn) // step`), the bounds checked against the
/// step's sign (a runtime assert or guard when symbolic), no clamp.
fn int_arange_len(cx: &mut Cx<'_>, a: SymInt, b: SymInt, st: SymInt) -> Result<SymInt> {
    let sgn = int_step_sign(cx, a, b, st)?;
    let span = cx.env.sub(b, a)?;
    let span = cx.env.add(span, st)?;
    let span = cx.env.sub(span, SymInt::Int(sgn))?;
    cx.env.floordiv(span, st)
}

/// `arange_len(start, end, step)`: the length of `arange`: integer bounds
/// give `(end - start + step - sgn) // step` (`torch._refs.arange`); real
/// bounds `ceil((end - start) / step)`, whatever the dtype (an `int64`
/// result included, as PyTorch records it, static or symbolic).
pub fn arange_len(cx: &mut Cx<'_>, start: Scalar, end: Scalar, step: Scalar) -> Result<SymInt> {
    if let (Scalar::Int(a), Scalar::Int(b), Scalar::Int(st)) = (start, end, step) {
        return int_arange_len(cx, a, b, st);
    }
    let (Some(a), Some(b), Some(st)) = (static_f64(start), static_f64(end), static_f64(step))
    else {
        return symbolic_real_arange_len(cx, [start, end, step]);
    };
    if st == 0.0 {
        return Err(invalid(cx, "step must be nonzero".into()));
    }
    if (st > 0.0 && b < a) || (st < 0.0 && b > a) {
        return Err(invalid(
            cx,
            "upper bound and larger bound inconsistent with step sign".into(),
        ));
    }
    let n = ((b - a) / st).ceil();
    if !n.is_finite() || n > i64::MAX as f64 {
        return Err(invalid(cx, format!("arange of {n} elements")));
    }
    Ok(SymInt::Int(n.max(0.0) as i64))
}

/// A bound as a float (a size as `ToFloat(size)`).
fn bound_float(cx: &mut Cx<'_>, s: Scalar) -> Result<SymFloat> {
    match s {
        Scalar::Int(v) => cx.env.sym_float(v),
        Scalar::Bool(SymBool::Bool(b)) => Ok(SymFloat::Const(f64::from(u8::from(b)))),
        Scalar::Float(f) => Ok(f),
        _ => Err(invalid(cx, "arange bounds must be real numbers".into())),
    }
}

/// [`arange_len`] of bounds not all integers, some symbolic, as
/// `torch._refs.arange`: `step != 0` and the bounds ordered by the step's
/// sign (decided here from the value ranges), then `math.ceil((end -
/// start) / step)` of the floats (`CeilToInt` of the exact quotient).
fn symbolic_real_arange_len(cx: &mut Cx<'_>, bounds: [Scalar; 3]) -> Result<SymInt> {
    let start = bound_float(cx, bounds[0])?;
    let end = bound_float(cx, bounds[1])?;
    let step = bound_float(cx, bounds[2])?;
    let undecided = |cx: &Cx<'_>, what: &str| {
        invalid(
            cx,
            format!("arange whose {what} the value ranges do not decide is not modelled"),
        )
    };
    let sgn = match cx.env.float_sign(step, true)? {
        Some(0) => return Err(invalid(cx, "step must be nonzero".into())),
        Some(s) => s,
        None => return Err(undecided(cx, "step sign")),
    };
    let span = cx.env.float_op(FloatOp::Sub, end, start)?;
    match cx.env.float_sign(span, false)? {
        Some(s) if s * sgn >= 0 => {}
        Some(_) => {
            return Err(invalid(
                cx,
                "upper bound and larger bound inconsistent with step sign".into(),
            ));
        }
        None => return Err(undecided(cx, "bounds' order")),
    }
    let n = cx.env.float_op(FloatOp::Div, span, step)?;
    cx.env.ceil_to_int(n)
}

/// `range_len(start, end, step, dtype)`: the length of the deprecated
/// `torch.range` (ATen's `range_out`, end included): `trunc((end - start)
/// / step) + 1` once the step is nonzero and agrees with the bounds' order;
/// integer bounds (possibly symbolic) give `(end - start) // step + 1`.
/// For an integral `dtype` the bounds are that dtype's accumulation type,
/// `int64`, first (a float truncated).
pub fn range_len(
    cx: &mut Cx<'_>,
    start: Scalar,
    end: Scalar,
    step: Scalar,
    dtype: DType,
) -> Result<SymInt> {
    let as_int = |s: Scalar| match s {
        Scalar::Float(f) if dtype.is_integral(false) => match f.as_f64() {
            Some(v) if v.is_finite() => Scalar::Int(SymInt::Int(v.trunc() as i64)),
            _ => s,
        },
        s => s,
    };
    // The bounds' order against the step's sign is checked on the numbers
    // as given, before an integral dtype truncates them.
    if let (Some(a), Some(b), Some(st)) = (static_f64(start), static_f64(end), static_f64(step))
        && ((st > 0.0 && b < a) || (st < 0.0 && b > a))
    {
        return Err(invalid(
            cx,
            "upper bound and lower bound inconsistent with step sign".into(),
        ));
    }
    let (start, end, step) = (as_int(start), as_int(end), as_int(step));
    if let (Scalar::Int(a), Scalar::Int(b), Scalar::Int(st)) = (start, end, step) {
        int_step_sign(cx, a, b, st)?;
        let span = cx.env.sub(b, a)?;
        let n = cx.env.floordiv(span, st)?;
        return cx.env.add(n, SymInt::Int(1));
    }
    let (Some(a), Some(b), Some(st)) = (static_f64(start), static_f64(end), static_f64(step))
    else {
        return Err(invalid(cx, "range bounds must be real numbers".into()));
    };
    if st == 0.0 {
        return Err(invalid(cx, "step must be nonzero".into()));
    }
    if !a.is_finite() || !b.is_finite() {
        return Err(invalid(cx, format!("unsupported range: {a} -> {b}")));
    }
    if (st > 0.0 && b < a) || (st < 0.0 && b > a) {
        return Err(invalid(
            cx,
            "upper bound and lower bound inconsistent with step sign".into(),
        ));
    }
    let n = ((b - a) / st).trunc() + 1.0;
    if !n.is_finite() || n > i64::MAX as f64 {
        return Err(invalid(cx, format!("range of {n} elements")));
    }
    Ok(SymInt::Int(n as i64))
}

/// `arange_dtype(start, end, step)`: `int64` when every bound is an
/// integer, else the default dtype.
pub fn arange_dtype(cx: &mut Cx<'_>, start: Scalar, end: Scalar, step: Scalar) -> Result<DType> {
    let int = |s: Scalar| matches!(s, Scalar::Int(_) | Scalar::Bool(_));
    Ok(if int(start) && int(end) && int(step) {
        DType::Int64
    } else {
        cx.defaults.dtype
    })
}

/// `default_dtype()`: `torch.get_default_dtype()`.
pub fn default_dtype(cx: &mut Cx<'_>) -> Result<DType> {
    Ok(cx.defaults.dtype)
}

/// `eye_dtype(dtype, pin_memory)`: the dtype of `eye`'s reference, which
/// converts its boolean diagonal to `dtype` (the default dtype unless
/// given), but with pinned memory takes `where(cond, ones((1,),
/// dtype=dtype), 0)`, whose integer `0` promotes a bool `one` to int64.
pub fn eye_dtype(cx: &mut Cx<'_>, dtype: Option<DType>, pin_memory: Option<bool>) -> Result<DType> {
    let dtype = dtype.unwrap_or(cx.defaults.dtype);
    Ok(if pin_memory == Some(true) && dtype == DType::Bool {
        DType::Int64
    } else {
        dtype
    })
}

/// `default_device()`: the device factories use when none is given.
pub fn default_device(cx: &mut Cx<'_>) -> Result<Device> {
    Ok(cx.defaults.device)
}

/// `dtype_given(dtype)`: an optional dtype argument was given.
pub fn dtype_given(_cx: &mut Cx<'_>, dtype: Option<DType>) -> Result<bool> {
    Ok(dtype.is_some())
}

/// `device_given(device)`: an optional device argument was given.
pub fn device_given(_cx: &mut Cx<'_>, device: Option<Device>) -> Result<bool> {
    Ok(device.is_some())
}

/// `common_device()`: the device of the operator's outputs (the common
/// device of its tensor arguments).
pub fn common_device(cx: &mut Cx<'_>) -> Result<Device> {
    Ok(cx.device)
}

/// `can_cast(from, to)`: `torch.can_cast` (no complex to real, no float to
/// integral, nothing but bool to bool).
pub fn can_cast(cx: &mut Cx<'_>, from: DType, to: DType) -> Result<bool> {
    fake_runtime::support::can_cast(cx, from, to)
}

/// `int_to_float(d)`: the default float dtype for an integral or bool
/// `d`, any other unchanged (`INT_TO_FLOAT` promotion of a result).
pub fn int_to_float(cx: &mut Cx<'_>, d: DType) -> Result<DType> {
    Ok(if d.is_integral(true) {
        cx.defaults.dtype
    } else {
        d
    })
}

/// `bool_to_long(d)`: `int64` for `bool`, any other unchanged
/// (`BOOL_TO_LONG` promotion of a result).
pub fn bool_to_long(cx: &mut Cx<'_>, d: DType) -> Result<DType> {
    use fake_runtime::promotion::{PromotionKind, apply_kind};
    Ok(apply_kind(d, PromotionKind::BoolToLong, cx.defaults.dtype).1)
}

/// `ldexp_dtype(self, other)`: the dtype of `ldexp`'s decomposition,
/// `self * pow(two, other)` with `two` a zero-dim tensor of `self`'s
/// dtype (`float32` for an integral or bool `self`).
pub fn ldexp_dtype(cx: &mut Cx<'_>, t: &TensorMeta, other: &TensorMeta) -> Result<DType> {
    use fake_runtime::promotion::result_type;
    let two = if t.dtype.is_integral(true) {
        DType::Float32
    } else {
        t.dtype
    };
    let power = result_type(
        &[Operand::ZeroDim(two), tensor_operand(other)],
        cx.defaults.dtype,
    )?;
    let power = if other.sizes.is_empty() {
        Operand::ZeroDim(power)
    } else {
        Operand::Tensor(power)
    };
    result_type(&[tensor_operand(t), power], cx.defaults.dtype)
}

/// `int32_or_int64(out_int32)`: the index dtype of `searchsorted` and
/// `bucketize`.
pub fn int32_or_int64(_cx: &mut Cx<'_>, out_int32: bool) -> Result<DType> {
    Ok(if out_int32 {
        DType::Int32
    } else {
        DType::Int64
    })
}

/// `range_dtype(start, end)`: the dtype `linspace` and `logspace` give
/// without one: the default complex dtype when an end is a complex number,
/// else the default dtype.
pub fn range_dtype(cx: &mut Cx<'_>, start: Scalar, end: Scalar) -> Result<DType> {
    let complex = matches!(start, Scalar::Complex(..)) || matches!(end, Scalar::Complex(..));
    Ok(if complex {
        cx.defaults.dtype.to_complex()
    } else {
        cx.defaults.dtype
    })
}

/// `computation_dtype(d)`: the dtype `d` is computed in
/// (`utils.get_computation_dtype`: `float32` for the half-precision
/// floats, `complex64` for `complex32`, else `d`).
pub fn computation_dtype(_cx: &mut Cx<'_>, d: DType) -> Result<DType> {
    Ok(fake_runtime::promotion::computation_dtype(d))
}

/// `norm_stats_dtype(d, device)`: the dtype of `native_layer_norm`'s mean
/// and rstd (`torch._refs.native_layer_norm`): computed in `d`'s
/// computation dtype, and converted back to `d` on the CPU (and MTIA)
/// only, so half-precision inputs elsewhere give `float32` statistics.
pub fn norm_stats_dtype(_cx: &mut Cx<'_>, d: DType, device: Device) -> Result<DType> {
    use fake_runtime::DeviceType::{Cpu, Mtia};
    Ok(if matches!(device.ty, Cpu | Mtia) {
        d
    } else {
        fake_runtime::promotion::computation_dtype(d)
    })
}

/// `double_dtype(d)`: `complex128` for a complex `d`, else `float64`
/// (`float_power`'s computation dtype).
pub fn double_dtype(_cx: &mut Cx<'_>, d: DType) -> Result<DType> {
    Ok(if d.is_complex() {
        DType::Complex128
    } else {
        DType::Float64
    })
}
