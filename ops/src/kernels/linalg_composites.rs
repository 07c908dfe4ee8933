//! ATen's linear-algebra composites (`LinearAlgebra.cpp`) whose steps
//! depend on argument values: the matrix and general norms (the order, a
//! number or a string, picks singular values, a vector norm and an
//! extremum, or a sum), the condition number (singular values for `2`,
//! norms of the inverse otherwise, zeros for an empty input),
//! `multi_dot` (sizes read as integers), `vander` (a scan and a
//! concatenation) and the tensor inverse and solve (reshapes around a
//! matrix inverse or solve). Each step is the kernel of the operator ATen
//! calls, so its layout, dtype and checks are that operator's.

use super::einsum::fresh_result;
use super::{invalid, one};
use crate::intrinsics::composites::{NormWording, check_norm_dtype};
use fake_runtime::shape::{self, Dims, wrap_dim};
use fake_runtime::support::args;
use fake_runtime::{Arg, Cx, DType, Outs, Result, Scalar, SymInt, TensorMeta};

/// Static ints as an `int[]` argument.
fn ints<'a>(v: impl IntoIterator<Item = i64>) -> Arg<'a> {
    Arg::Ints(v.into_iter().map(SymInt::Int).collect())
}

/// The value of a real number argument (a symbolic one has none here).
fn real_value(cx: &Cx<'_>, s: &Scalar) -> Result<f64> {
    match s {
        Scalar::Int(SymInt::Int(v)) => Ok(*v as f64),
        Scalar::Float(f) => f
            .as_f64()
            .ok_or_else(|| invalid(cx, "a symbolic norm order is not supported")),
        Scalar::Bool(fake_runtime::SymBool::Bool(b)) => Ok(f64::from(u8::from(*b))),
        _ => Err(invalid(cx, "the norm order must be a real number")),
    }
}

/// ATen's `create_dim_backshift_permutation`: every other dim, then `d0`
/// and `d1`.
fn backshift(d0: usize, d1: usize, rank: usize) -> Vec<i64> {
    (0..rank)
        .filter(|&d| d != d0 && d != d1)
        .chain([d0, d1])
        .map(|d| d as i64)
        .collect()
}

/// The inverse of a permutation.
fn reverse(perm: &[i64]) -> Vec<i64> {
    let mut out = vec![0; perm.len()];
    for (i, &p) in perm.iter().enumerate() {
        if let Some(slot) = usize::try_from(p).ok().and_then(|p| out.get_mut(p)) {
            *slot = i as i64;
        }
    }
    out
}

/// `t.permute(perm)`.
fn permute(cx: &mut Cx<'_>, t: &TensorMeta, perm: &[i64]) -> Result<TensorMeta> {
    let call = [Arg::Tensor(t), ints(perm.iter().copied())];
    one(crate::erased::permute(cx, &call)?, cx)
}

/// `t.unsqueeze(dim)`.
fn unsqueeze(cx: &mut Cx<'_>, t: &TensorMeta, dim: i64) -> Result<TensorMeta> {
    let call = [Arg::Tensor(t), Arg::Int(SymInt::Int(dim))];
    one(crate::erased::unsqueeze(cx, &call)?, cx)
}

/// `amax(t, dim, keepdim)` for a positive order, else `amin`, as the
/// matrix norm calls it: on `t`'s sizes read as integers (guarded), as
/// PyTorch's trace of the composite records them. A positive order over
/// an empty dim gives zeros of the reduced sizes (contiguous, `t`'s dtype
/// and device) instead: `amax` has no identity (the composite's
/// `max_min_wrapper`); `amin` refuses it.
fn max_min(
    cx: &mut Cx<'_>,
    t: &TensorMeta,
    positive: bool,
    dim: i64,
    keepdim: bool,
) -> Result<TensorMeta> {
    let t = &super::aten_composites::specialized_sizes(cx, t)?;
    let d = wrap_dim(cx.op, dim, t.dim())?;
    if positive && t.sizes[d] == SymInt::Int(0) {
        let mut sizes = t.sizes.clone();
        if keepdim {
            sizes[d] = SymInt::Int(1);
        } else {
            sizes.remove(d);
        }
        return TensorMeta::contiguous(cx.env, &sizes, t.dtype, t.device);
    }
    let call = [Arg::Tensor(t), ints([dim]), Arg::Bool(keepdim)];
    let outs = if positive {
        crate::erased::amax(cx, &call)?
    } else {
        crate::erased::amin(cx, &call)?
    };
    one(outs, cx)
}

/// `linalg_vector_norm(t, ord, dims, keepdim, dtype)`.
fn vector_norm(
    cx: &mut Cx<'_>,
    t: &TensorMeta,
    ord: Scalar,
    dims: Option<&[i64]>,
    keepdim: bool,
    dtype: Option<DType>,
) -> Result<TensorMeta> {
    let call = [
        Arg::Tensor(t),
        Arg::Scalar(ord),
        dims.map_or(Arg::None, |d| ints(d.iter().copied())),
        Arg::Bool(keepdim),
        dtype.map_or(Arg::None, Arg::DType),
    ];
    one(crate::erased::linalg_vector_norm(cx, &call)?, cx)
}

/// `t.to(dtype)` when a dtype is given, else `t`.
fn maybe_to(cx: &mut Cx<'_>, t: &TensorMeta, dtype: Option<DType>) -> Result<TensorMeta> {
    let Some(dtype) = dtype else {
        return Ok(t.clone());
    };
    let call = [
        Arg::Tensor(t),
        Arg::DType(dtype),
        Arg::Bool(false),
        Arg::Bool(false),
        Arg::None,
    ];
    one(super::to_dtype(cx, &call)?, cx)
}

/// `linalg_svdvals(t)`.
fn svdvals(cx: &mut Cx<'_>, t: &TensorMeta) -> Result<TensorMeta> {
    one(crate::erased::linalg_svdvals(cx, &[Arg::Tensor(t)])?, cx)
}

/// `_linalg_matrix_norm_checks`: a floating or complex batch of matrices
/// (low precision allowed only where the order allows it), two distinct
/// dims (wrapped), and `check_linalg_norm_dtype`.
fn matrix_norm_checks(
    cx: &Cx<'_>,
    a: &TensorMeta,
    dim: &[i64],
    dtype: Option<DType>,
    low_precision: bool,
) -> Result<(usize, usize)> {
    let name = "linalg.matrix_norm";
    if a.dim() < 2 {
        return Err(invalid(
            cx,
            format!("{name}: The input tensor A must have at least 2 dimensions."),
        ));
    }
    if !a.dtype.is_floating_point() && !a.dtype.is_complex() {
        return Err(invalid(
            cx,
            format!(
                "{name}: Expected a floating point or complex tensor as input. Got {}",
                a.dtype
            ),
        ));
    }
    if !low_precision
        && !matches!(
            a.dtype,
            DType::Float32 | DType::Float64 | DType::Complex64 | DType::Complex128
        )
    {
        return Err(invalid(
            cx,
            format!(
                "{name}: Low precision dtypes not supported. Got {}",
                a.dtype
            ),
        ));
    }
    let [d0, d1] = dim else {
        let shown: Vec<String> = dim.iter().map(i64::to_string).collect();
        return Err(invalid(
            cx,
            format!("{name}: dim must be a 2-tuple. Got {}", shown.join(" ")),
        ));
    };
    let d0 = wrap_dim(cx.op, *d0, a.dim())?;
    let d1 = wrap_dim(cx.op, *d1, a.dim())?;
    if d0 == d1 {
        return Err(invalid(
            cx,
            format!("{name}: dims must be different. Got ({d0}, {d1})"),
        ));
    }
    check_norm_dtype(cx, name, a.dtype, dtype, NormWording::Aten)?;
    Ok((d0, d1))
}

/// The matrix norm of a numeric order (`1`, `2`, `inf` and their
/// negatives).
fn matrix_norm_scalar(
    cx: &mut Cx<'_>,
    a: &TensorMeta,
    ord: f64,
    dim: &[i64],
    keepdim: bool,
    dtype: Option<DType>,
) -> Result<TensorMeta> {
    let abs = ord.abs();
    if abs != 2.0 && abs != 1.0 && abs != f64::INFINITY {
        return Err(invalid(
            cx,
            format!(
                "linalg.matrix_norm: Order {} not supported.",
                show_float(ord)
            ),
        ));
    }
    let (d0, d1) = matrix_norm_checks(cx, a, dim, dtype, abs != 2.0)?;
    if abs == 2.0 {
        let perm = backshift(d0, d1, a.dim());
        let converted = maybe_to(cx, a, dtype)?;
        let moved = permute(cx, &converted, &perm)?;
        let values = svdvals(cx, &moved)?;
        let mut result = max_min(cx, &values, ord > 0.0, -1, keepdim)?;
        if keepdim {
            let unsqueezed = unsqueeze(cx, &result, -1)?;
            result = permute(cx, &unsqueezed, &reverse(&perm))?;
        }
        return Ok(result);
    }
    let (mut first, mut second) = (d0 as i64, d1 as i64);
    if abs == f64::INFINITY {
        std::mem::swap(&mut first, &mut second);
    }
    if !keepdim && first < second {
        second -= 1;
    }
    let norms = vector_norm(cx, a, Scalar::from(1.0), Some(&[first]), keepdim, dtype)?;
    max_min(cx, &norms, ord > 0.0, second, keepdim)
}

/// The matrix norm of a named order (`"fro"` or `"nuc"`).
fn matrix_norm_str(
    cx: &mut Cx<'_>,
    a: &TensorMeta,
    ord: &str,
    dim: &[i64],
    keepdim: bool,
    dtype: Option<DType>,
) -> Result<TensorMeta> {
    if ord != "fro" && ord != "nuc" {
        return Err(invalid(
            cx,
            format!("linalg.matrix_norm: Order {ord} not supported."),
        ));
    }
    let (d0, d1) = matrix_norm_checks(cx, a, dim, dtype, ord != "nuc")?;
    if ord == "fro" {
        return vector_norm(cx, a, Scalar::from(2.0), Some(dim), keepdim, dtype);
    }
    let converted = maybe_to(cx, a, dtype)?;
    let perm = backshift(d0, d1, converted.dim());
    let moved = permute(cx, &converted, &perm)?;
    let values = svdvals(cx, &moved)?;
    let call = [
        Arg::Tensor(&values),
        ints([-1]),
        Arg::Bool(keepdim),
        Arg::None,
    ];
    let mut result = one(crate::erased::sum_dim_intlist(cx, &call)?, cx)?;
    if keepdim {
        let unsqueezed = unsqueeze(cx, &result, -1)?;
        result = permute(cx, &unsqueezed, &reverse(&perm))?;
    }
    Ok(result)
}

/// A float as PyTorch's `<<` prints an order (`3`, `inf`, `0.5`).
fn show_float(v: f64) -> String {
    if v.is_infinite() {
        if v > 0.0 { "inf".into() } else { "-inf".into() }
    } else if v.fract() == 0.0 && v.abs() < 1e15 {
        format!("{}", v as i64)
    } else {
        format!("{v}")
    }
}

/// `linalg_matrix_norm(Tensor self, Scalar ord, int[] dim=[-2, -1], bool
/// keepdim=False, *, ScalarType? dtype=None) -> Tensor`.
pub(crate) fn linalg_matrix_norm(cx: &mut Cx<'_>, a: &[Arg<'_>]) -> Result<Outs> {
    let t = args::tensor(cx, a, 0, "self")?;
    let ord = args::scalar(cx, a, 1, "ord", None)?;
    let dim = args::ints(cx, a, 2, "dim", Some(&[-2, -1]))?;
    let keepdim = args::bool(cx, a, 3, "keepdim", Some(false))?;
    let dtype = args::opt_dtype(cx, a, 4, "dtype", None)?;
    let ord = real_value(cx, &ord)?;
    let out = matrix_norm_scalar(cx, t, ord, &dim, keepdim, dtype)?;
    Ok(fresh_result(out))
}

/// `linalg_matrix_norm.str_ord(Tensor self, str ord="fro", int[]
/// dim=[-2, -1], bool keepdim=False, *, ScalarType? dtype=None) -> Tensor`.
pub(crate) fn linalg_matrix_norm_str(cx: &mut Cx<'_>, a: &[Arg<'_>]) -> Result<Outs> {
    let t = args::tensor(cx, a, 0, "self")?;
    let ord = args::opt_str(cx, a, 1, "ord", Some("fro"))?.unwrap_or("fro");
    let dim = args::ints(cx, a, 2, "dim", Some(&[-2, -1]))?;
    let keepdim = args::bool(cx, a, 3, "keepdim", Some(false))?;
    let dtype = args::opt_dtype(cx, a, 4, "dtype", None)?;
    let out = matrix_norm_str(cx, t, ord, &dim, keepdim, dtype)?;
    Ok(fresh_result(out))
}

/// `linalg_norm(Tensor self, Scalar? ord=None, int[1]? dim=None, bool
/// keepdim=False, *, ScalarType? dtype=None) -> Tensor`: the matrix norm
/// for an order over two dims (or a matrix without dims), else the vector
/// norm (order 2 by default).
pub(crate) fn linalg_norm(cx: &mut Cx<'_>, a: &[Arg<'_>]) -> Result<Outs> {
    let t = args::tensor(cx, a, 0, "self")?;
    let ord = args::opt_scalar(cx, a, 1, "ord", None)?;
    let dim = args::opt_ints(cx, a, 2, "dim", None)?;
    let keepdim = args::bool(cx, a, 3, "keepdim", Some(false))?;
    let dtype = args::opt_dtype(cx, a, 4, "dtype", None)?;
    match &dim {
        Some(d) if d.len() != 1 && d.len() != 2 => {
            return Err(invalid(
                cx,
                format!("linalg.norm: If dim is specified, it must be of length 1 or 2. Got {d:?}"),
            ));
        }
        None if ord.is_some() && t.dim() != 1 && t.dim() != 2 => {
            return Err(invalid(
                cx,
                format!(
                    "linalg.norm: If dim is not specified but ord is, the input must be 1D or 2D. Got {}D.",
                    t.dim()
                ),
            ));
        }
        _ => {}
    }
    let matrix = match &dim {
        Some(d) => d.len() == 2,
        None => t.dim() == 2,
    };
    let out = match ord {
        Some(ord) if matrix => {
            let ord = real_value(cx, &ord)?;
            let dims = dim.map_or_else(|| vec![0, 1], |d| d.to_vec());
            matrix_norm_scalar(cx, t, ord, &dims, keepdim, dtype)?
        }
        ord => {
            let ord = ord.unwrap_or(Scalar::from(2.0));
            vector_norm(cx, t, ord, dim.as_deref(), keepdim, dtype)?
        }
    };
    Ok(fresh_result(out))
}

/// `linalg_norm.ord_str(Tensor self, str ord, int[1]? dim=None, bool
/// keepdim=False, *, ScalarType? dtype=None) -> Tensor`: the matrix norm
/// over `dim` (the first two dims of a matrix by default).
pub(crate) fn linalg_norm_str(cx: &mut Cx<'_>, a: &[Arg<'_>]) -> Result<Outs> {
    let t = args::tensor(cx, a, 0, "self")?;
    let ord = args::opt_str(cx, a, 1, "ord", None)?.unwrap_or("fro");
    let dim = args::opt_ints(cx, a, 2, "dim", None)?;
    let keepdim = args::bool(cx, a, 3, "keepdim", Some(false))?;
    let dtype = args::opt_dtype(cx, a, 4, "dtype", None)?;
    match &dim {
        Some(d) if d.len() != 1 && d.len() != 2 => {
            return Err(invalid(
                cx,
                format!("linalg.norm: If dim is specified, it mut be of length 1 or 2. Got {d:?}"),
            ));
        }
        None if t.dim() != 1 && t.dim() != 2 => {
            return Err(invalid(
                cx,
                format!(
                    "linalg.norm: If dim is not specified but ord is, the input must be 1D or 2D. Got {}D.",
                    t.dim()
                ),
            ));
        }
        _ => {}
    }
    let dims = dim.map_or_else(|| vec![0, 1], |d| d.to_vec());
    let out = matrix_norm_str(cx, t, ord, &dims, keepdim, dtype)?;
    Ok(fresh_result(out))
}

/// `linalg_cond(Tensor self, Scalar? p=None) -> Tensor`: zeros of the
/// batch for an empty input; for order `±2` (the default) the ratio of
/// the extreme singular values; for `±1` and `±inf` the product of the
/// matrix norms of square matrices and their inverses.
pub(crate) fn linalg_cond(cx: &mut Cx<'_>, a: &[Arg<'_>]) -> Result<Outs> {
    let t = args::tensor(cx, a, 0, "self")?;
    let p = args::opt_scalar(cx, a, 1, "p", None)?;
    if t.dim() < 2 {
        return Err(invalid(
            cx,
            "linalg.cond: The input tensor must have at least 2 dimensions.",
        ));
    }
    let ord = match &p {
        Some(p) => real_value(cx, p)?,
        None => 2.0,
    };
    let abs = ord.abs();
    if abs != 2.0 && abs != 1.0 && abs != f64::INFINITY {
        return Err(invalid(
            cx,
            format!("linalg.cond got an invalid norm type: {}", show_float(ord)),
        ));
    }
    let mut n = SymInt::Int(1);
    for &s in &t.sizes {
        n = cx.env.mul(n, s)?;
    }
    if shape::guard_eq(cx.env, n, SymInt::Int(0), cx.op)? {
        return cond_of_empty(cx, t);
    }
    if abs == 2.0 {
        let values = svdvals(cx, t)?;
        let narrow = |cx: &mut Cx<'_>, start: i64| {
            let call = [
                Arg::Tensor(&values),
                Arg::Int(SymInt::Int(-1)),
                Arg::Int(SymInt::Int(start)),
                Arg::Int(SymInt::Int(1)),
            ];
            one(crate::erased::narrow(cx, &call)?, cx)
        };
        let s_max = narrow(cx, 0)?;
        let s_min = narrow(cx, -1)?;
        let (num, den) = if ord == -2.0 {
            (s_min, s_max)
        } else {
            (s_max, s_min)
        };
        let ratio = one(
            crate::erased::div_tensor(cx, &[Arg::Tensor(&num), Arg::Tensor(&den)])?,
            cx,
        )?;
        let call = [Arg::Tensor(&ratio), Arg::Int(SymInt::Int(-1))];
        let out = one(crate::erased::squeeze_dim(cx, &call)?, cx)?;
        return Ok(fresh_result(out));
    }
    square_matrices(cx, t, &format!("linalg.cond(ord={})", show_float(ord)))?;
    let call = [Arg::Tensor(t), Arg::Bool(false)];
    let inverse = one(crate::erased::linalg_inv_ex(cx, &call)?, cx)?;
    let dims = [-2, -1];
    let norm_self = matrix_norm_scalar(cx, t, ord, &dims, false, None)?;
    let norm_inverse = matrix_norm_scalar(cx, &inverse, ord, &dims, false, None)?;
    let out = one(
        crate::erased::mul_tensor(cx, &[Arg::Tensor(&norm_self), Arg::Tensor(&norm_inverse)])?,
        cx,
    )?;
    Ok(fresh_result(out))
}

/// `_linalg_cond_empty_matrix`: the condition number of matrices without
/// elements, zeros of the batch's sizes (read as integers) in the real
/// dtype.
fn cond_of_empty(cx: &mut Cx<'_>, t: &TensorMeta) -> Result<Outs> {
    let mut batch = Dims::new();
    for &s in &t.sizes[..t.dim() - 2] {
        batch.push(SymInt::Int(cx.env.guard_int(s, cx.op)?));
    }
    let call = [
        Arg::Ints(batch[..].into()),
        Arg::DType(t.dtype.to_real()),
        Arg::None,
        Arg::Device(t.device),
        Arg::None,
    ];
    crate::erased::zeros(cx, &call)
}

/// `linalg_cond.p_str(Tensor self, str p) -> Tensor`: square matrices
/// (a guard), the order `"fro"` or `"nuc"`; zeros for no elements; the
/// nuclear order is the sum of the singular values times the sum of their
/// reciprocals, the Frobenius one the product of the norms of the
/// matrices and their inverses.
pub(crate) fn linalg_cond_str(cx: &mut Cx<'_>, a: &[Arg<'_>]) -> Result<Outs> {
    let t = args::tensor(cx, a, 0, "self")?;
    let ord = args::opt_str(cx, a, 1, "p", None)?.unwrap_or("");
    let what = format!("linalg.cond(ord={ord})");
    if t.dim() < 2 {
        return Err(invalid(
            cx,
            format!("{what}: The input tensor A must have at least 2 dimensions."),
        ));
    }
    square_matrices(cx, t, &what)?;
    if ord != "fro" && ord != "nuc" {
        return Err(invalid(
            cx,
            format!("linalg.cond got an invalid norm type: {ord}"),
        ));
    }
    let n = t.numel(cx.env)?;
    if shape::guard_eq(cx.env, n, SymInt::Int(0), cx.op)? {
        return cond_of_empty(cx, t);
    }
    let out = if ord == "nuc" {
        let values = svdvals(cx, t)?;
        let sum = |cx: &mut Cx<'_>, v: &TensorMeta| {
            let call = [Arg::Tensor(v), ints([-1]), Arg::Bool(false), Arg::None];
            one(crate::erased::sum_dim_intlist(cx, &call)?, cx)
        };
        let total = sum(cx, &values)?;
        let inverted = one(crate::erased::reciprocal(cx, &[Arg::Tensor(&values)])?, cx)?;
        let inverted_total = sum(cx, &inverted)?;
        let call = [Arg::Tensor(&total), Arg::Tensor(&inverted_total)];
        one(crate::erased::mul_tensor(cx, &call)?, cx)?
    } else {
        let call = [Arg::Tensor(t), Arg::Bool(false)];
        let inverse = one(crate::erased::linalg_inv_ex(cx, &call)?, cx)?;
        let dims = [-2, -1];
        let norm_self = matrix_norm_str(cx, t, ord, &dims, false, None)?;
        let norm_inverse = matrix_norm_str(cx, &inverse, ord, &dims, false, None)?;
        let call = [Arg::Tensor(&norm_self), Arg::Tensor(&norm_inverse)];
        one(crate::erased::mul_tensor(cx, &call)?, cx)?
    };
    Ok(fresh_result(out))
}

/// `nuclear_norm(Tensor self, bool keepdim=False) -> Tensor`: ATen's
/// composite, `linalg_matrix_norm(self, "nuc", [-2, -1], keepdim)`.
pub(crate) fn nuclear_norm(cx: &mut Cx<'_>, a: &[Arg<'_>]) -> Result<Outs> {
    let t = args::tensor(cx, a, 0, "self")?;
    let keepdim = args::bool(cx, a, 1, "keepdim", Some(false))?;
    let out = matrix_norm_str(cx, t, "nuc", &[-2, -1], keepdim, None)?;
    Ok(fresh_result(out))
}

/// `nuclear_norm.dim(Tensor self, int[2] dim, bool keepdim=False) ->
/// Tensor`: `linalg_matrix_norm(self, "nuc", dim, keepdim)`.
pub(crate) fn nuclear_norm_dim(cx: &mut Cx<'_>, a: &[Arg<'_>]) -> Result<Outs> {
    let t = args::tensor(cx, a, 0, "self")?;
    let dim = args::ints(cx, a, 1, "dim", None)?;
    let keepdim = args::bool(cx, a, 2, "keepdim", Some(false))?;
    let out = matrix_norm_str(cx, t, "nuc", &dim, keepdim, None)?;
    Ok(fresh_result(out))
}

/// `orgqr(Tensor self, Tensor input2) -> Tensor`: ATen's composite, the
/// generated `linalg_householder_product` of the same arguments.
pub(crate) fn orgqr(cx: &mut Cx<'_>, a: &[Arg<'_>]) -> Result<Outs> {
    crate::erased::linalg_householder_product(cx, a)
}

/// `linalg_multi_dot(Tensor[] tensors) -> Tensor`: ATen reads every size
/// as an integer (guarded); a first vector is a row, a last one a column;
/// the chain of `mm`s gives a new contiguous matrix, viewed without the
/// vectors' dims.
pub(crate) fn linalg_multi_dot(cx: &mut Cx<'_>, a: &[Arg<'_>]) -> Result<Outs> {
    let tensors = args::tensors(cx, a, 0, "tensors")?;
    let n = tensors.len();
    if n < 2 {
        return Err(invalid(
            cx,
            format!("multi_dot(): expected at least 2 tensors but got {n}"),
        ));
    }
    let mut shapes: Vec<Vec<i64>> = Vec::with_capacity(n);
    for t in tensors {
        let mut s = Vec::with_capacity(t.dim());
        for &d in &t.sizes {
            s.push(cx.env.guard_int(d, cx.op)?);
        }
        shapes.push(s);
    }
    let mut out_shape: Vec<i64> = Vec::new();
    let mut mats = shapes.clone();
    match shapes[0].len() {
        1 => mats[0].insert(0, 1),
        2 => out_shape.push(shapes[0][0]),
        d => {
            return Err(invalid(
                cx,
                format!("multi_dot(): the first tensor must be 1D or 2D but got {d}D"),
            ));
        }
    }
    match shapes[n - 1].len() {
        1 => mats[n - 1].push(1),
        2 => out_shape.push(shapes[n - 1][1]),
        d => {
            return Err(invalid(
                cx,
                format!("multi_dot(): the last tensor must be 1D or 2D but got {d}D"),
            ));
        }
    }
    for (i, s) in shapes.iter().enumerate().take(n - 1).skip(1) {
        if s.len() != 2 {
            return Err(invalid(
                cx,
                format!("multi_dot(): tensor {i} must be 2D but got {}D", s.len()),
            ));
        }
    }
    for i in 1..n {
        if tensors[i].dtype != tensors[0].dtype {
            return Err(invalid(
                cx,
                format!(
                    "multi_dot(): all tensors must have be the same dtype but tensor 0 is {} and tensor {i} {}",
                    tensors[0].dtype, tensors[i].dtype
                ),
            ));
        }
        if tensors[i].device != tensors[0].device {
            return Err(invalid(
                cx,
                format!(
                    "multi_dot(): all tensors must be on the same device but tensor 0 is on {} and tensor {i} on {}",
                    tensors[0].device, tensors[i].device
                ),
            ));
        }
        if mats[i - 1][1] != mats[i][0] {
            return Err(invalid(
                cx,
                format!(
                    "multi_dot(): tensors {} and {i} with shapes {:?} and {:?} cannot be multiplied",
                    i - 1,
                    shapes[i - 1],
                    shapes[i]
                ),
            ));
        }
    }
    let sizes: Dims = out_shape.into_iter().map(SymInt::Int).collect();
    let strides = fake_runtime::strides::contiguous(cx.env, &sizes)?;
    Ok(super::fresh_out(cx, tensors[0], sizes, strides))
}

/// `linalg_vander(Tensor x, *, SymInt? N=None) -> Tensor`: a row of ones
/// concatenated with the cumulative product of `x` expanded to `N - 1`
/// columns: `[*x, N]`, contiguous, in `cumprod`'s dtype.
pub(crate) fn linalg_vander(cx: &mut Cx<'_>, a: &[Arg<'_>]) -> Result<Outs> {
    let x = args::tensor(cx, a, 0, "x")?;
    let n = args::opt_size(cx, a, 1, "N", None)?;
    let d = x.dtype;
    if !(d == DType::Float32
        || d == DType::Float64
        || d == DType::Complex64
        || d == DType::Complex128
        || (d.is_integral(false)))
    {
        return Err(invalid(
            cx,
            format!(
                "linalg.vander supports floating point, complex, and integer tensors, but got {d}"
            ),
        ));
    }
    let x_ = if x.dim() == 0 {
        unsqueeze(cx, x, -1)?
    } else {
        x.clone()
    };
    let mut shape: Dims = x_.sizes.clone();
    let n = match n {
        Some(n) => n,
        None => shape[shape.len() - 1],
    };
    let more = cx.env.gt(n, SymInt::Int(1))?;
    if !cx.env.guard_bool(more, cx.op)? {
        return Err(invalid(cx, "N must be greater than 1."));
    }
    shape.push(cx.env.sub(n, SymInt::Int(1))?);
    let col = unsqueeze(cx, &x_, -1)?;
    let call = [
        Arg::Tensor(&col),
        Arg::Ints(shape.to_vec().into()),
        Arg::Bool(false),
    ];
    let expanded = one(crate::erased::expand(cx, &call)?, cx)?;
    let call = [Arg::Tensor(&expanded), Arg::Int(SymInt::Int(-1)), Arg::None];
    let powers = one(crate::erased::cumprod(cx, &call)?, cx)?;
    let last = shape.len() - 1;
    shape[last] = SymInt::Int(1);
    let call = [
        Arg::Tensor(&powers),
        Arg::Ints(shape[..].into()),
        Arg::None,
        Arg::None,
        Arg::None,
        Arg::None,
    ];
    let ones = one(crate::erased::new_ones(cx, &call)?, cx)?;
    let call = [
        Arg::Tensors([&ones, &powers].into_iter().collect()),
        Arg::Int(SymInt::Int(-1)),
    ];
    crate::erased::cat(cx, &call)
}

/// `t.reshape(sizes)`.
fn reshape(cx: &mut Cx<'_>, t: &TensorMeta, sizes: Dims) -> Result<TensorMeta> {
    one(
        super::reshape(cx, &[Arg::Tensor(t), Arg::Ints(sizes[..].into())])?,
        cx,
    )
}

/// The product of sizes.
fn product(cx: &mut Cx<'_>, s: &[SymInt]) -> Result<SymInt> {
    let mut p = SymInt::Int(1);
    for &d in s {
        p = cx.env.mul(p, d)?;
    }
    Ok(p)
}

/// `linalg_tensorinv(Tensor self, int ind=2) -> Tensor`: `self` reshaped
/// to a square matrix (the product of its first `ind` sizes rows), its
/// `linalg_inv_ex` (column-major) reshaped to the last sizes then the
/// first.
pub(crate) fn linalg_tensorinv(cx: &mut Cx<'_>, a: &[Arg<'_>]) -> Result<Outs> {
    let t = args::tensor(cx, a, 0, "self")?;
    let ind = args::int(cx, a, 1, "ind", Some(2))?;
    if ind <= 0 {
        return Err(invalid(
            cx,
            format!("Expected a strictly positive integer for 'ind', but got {ind}"),
        ));
    }
    let split = usize::try_from(ind).unwrap_or(usize::MAX);
    if split > t.dim() {
        return Err(invalid(
            cx,
            format!("ArrayRef: invalid slice, N = {ind}; size = {}", t.dim()),
        ));
    }
    let (start, end) = t.sizes.split_at(split);
    let prod_end = product(cx, end)?;
    let prod_start = product(cx, start)?;
    if !shape::guard_eq(cx.env, prod_end, prod_start, cx.op)? {
        let (e, s) = (cx.env.display(prod_end), cx.env.display(prod_start));
        return Err(invalid(
            cx,
            format!(
                "Expected self to satisfy the requirement prod(self.shape[ind:]) == prod(self.shape[:ind]), but got {e} != {s}"
            ),
        ));
    }
    let mut result_shape: Dims = end.iter().copied().collect();
    result_shape.extend(start.iter().copied());
    let square = reshape(cx, t, [prod_end, prod_end].into_iter().collect())?;
    let inverse = one(
        crate::erased::linalg_inv_ex(cx, &[Arg::Tensor(&square), Arg::Bool(false)])?,
        cx,
    )?;
    let out = reshape(cx, &inverse, result_shape)?;
    Ok(fresh_result(out))
}

/// `linalg_tensorsolve(Tensor self, Tensor other, int[]? dims=None) ->
/// Tensor`: `dims` moved to the end, `self` reshaped to a square matrix
/// the size of `other`'s elements, `linalg_solve` with `other` flattened,
/// the solution reshaped to `self`'s remaining sizes.
pub(crate) fn linalg_tensorsolve(cx: &mut Cx<'_>, a: &[Arg<'_>]) -> Result<Outs> {
    let t = args::tensor(cx, a, 0, "self")?;
    let other = args::tensor(cx, a, 1, "other")?;
    let dims = args::opt_ints(cx, a, 2, "dims", None)?;
    let ndim = t.dim();
    let moved = match dims {
        Some(d) => {
            // `std::iota` from `ndim - len(dims)`: negative destinations
            // (more dims than `self` has) are left to `movedim` to refuse.
            let first = ndim as i64 - d.len() as i64;
            let dest: Vec<i64> = (0..d.len() as i64).map(|i| first + i).collect();
            let call = [Arg::Tensor(t), ints(d.iter().copied()), ints(dest)];
            one(crate::erased::movedim_intlist(cx, &call)?, cx)?
        }
        None => t.clone(),
    };
    // `sizes().slice(other.dim(), ndim - other.dim()).vec()`: a negative
    // length wraps to a vector too long to make.
    if other.dim() > ndim {
        return Err(invalid(
            cx,
            "cannot create std::vector larger than max_size()",
        ));
    }
    let result_shape: Dims = moved.sizes[other.dim()..].iter().copied().collect();
    let result_product = product(cx, &result_shape)?;
    let other_product = product(cx, &other.sizes)?;
    if !shape::guard_eq(cx.env, result_product, other_product, cx.op)? {
        let (r, o) = (
            cx.env.display(result_product),
            cx.env.display(other_product),
        );
        return Err(invalid(
            cx,
            format!(
                "Expected self to satisfy the requirement prod(self.shape[other.ndim:]) == prod(self.shape[:other.ndim]), but got {r} != {o}"
            ),
        ));
    }
    let square = reshape(
        cx,
        &moved,
        [result_product, result_product].into_iter().collect(),
    )?;
    let call = [
        Arg::Tensor(other),
        Arg::Int(SymInt::Int(0)),
        Arg::Int(SymInt::Int(-1)),
    ];
    let flat = one(super::flatten_using_ints(cx, &call)?, cx)?;
    let call = [Arg::Tensor(&square), Arg::Tensor(&flat), Arg::Bool(true)];
    let solution = one(crate::erased::linalg_solve(cx, &call)?, cx)?;
    let out = reshape(cx, &solution, result_shape)?;
    Ok(fresh_result(out))
}

/// `linalg.cond`'s check that `t` (at least 2-D) holds batches of square
/// matrices, a guard on symbolic sizes; `what` opens the message.
fn square_matrices(cx: &mut Cx<'_>, t: &TensorMeta, what: &str) -> Result<()> {
    let (m, k) = (t.sizes[t.dim() - 2], t.sizes[t.dim() - 1]);
    if !shape::guard_eq(cx.env, m, k, cx.op)? {
        let (ms, ks) = (cx.env.display(m), cx.env.display(k));
        return Err(invalid(
            cx,
            format!(
                "{what}: A must be batches of square matrices, but they are {ms} by {ks} matrices"
            ),
        ));
    }
    Ok(())
}
