//! Intrinsics of the shape composites (`diag_embed`, `kron`, the
//! `hsplit` family, the trapezoid integrals, ...) and of the random fills'
//! argument checks: what those operators' Python references or ATen
//! composites compute that no generic intrinsic says.

use super::*;

/// `float_gt(a, b)`: `a > b` on two `float` arguments (false when either
/// is NaN, as Python compares).
pub fn float_gt(_cx: &mut Cx<'_>, a: f64, b: f64) -> Result<bool> {
    Ok(a > b)
}

/// `result_type3(a, b, c)`: `torch.result_type` of three tensors (the
/// promotion of `elementwise_type_promotion_wrapper` over three operands).
pub fn result_type3(
    cx: &mut Cx<'_>,
    a: &TensorMeta,
    b: &TensorMeta,
    c: &TensorMeta,
) -> Result<DType> {
    fake_runtime::promotion::result_type(
        &[tensor_operand(a), tensor_operand(b), tensor_operand(c)],
        cx.defaults.dtype,
    )
}

/// Whether a number is known to be zero (`False` for a bool); a symbolic
/// one is not.
fn scalar_is_zero(s: &Scalar) -> bool {
    zero_number(s, false)
}

/// Whether the number `s` is known to be zero, as Python's `s == 0` (of
/// `int(s)` when `truncated`: `0.2` is zero then); a symbolic one is not.
pub(super) fn zero_number(s: &Scalar, truncated: bool) -> bool {
    match *s {
        Scalar::Int(SymInt::Int(v)) => v == 0,
        Scalar::Float(f) => f.as_f64().is_some_and(|v| {
            if truncated {
                v.trunc() == 0.0
            } else {
                v == 0.0
            }
        }),
        Scalar::Bool(SymBool::Bool(b)) => !b,
        Scalar::Complex(re, im) => re == 0.0 && im == 0.0,
        _ => false,
    }
}

/// `addr_strides(self, n, m, beta)`: strides of `torch._refs.addr`'s
/// result: `alpha * outer(vec1, vec2)` (contiguous) when `beta` is zero,
/// else `beta * self.expand(n, m)` then added to that product, each step
/// laid out elementwise.
pub fn addr_strides(
    cx: &mut Cx<'_>,
    t: &TensorMeta,
    n: SymInt,
    m: SymInt,
    beta: Scalar,
) -> Result<Dims> {
    let shape: Dims = Dims::from_slice(&[n, m]);
    let outer = fake_runtime::strides::contiguous(cx.env, &shape)?;
    if scalar_is_zero(&beta) {
        return Ok(outer);
    }
    let expanded = expand_strides(cx, t, shape.clone())?;
    let scaled = fake_runtime::strides::pointwise(
        cx.env,
        &shape,
        &[fake_runtime::strides::Operand {
            sizes: &shape,
            strides: &expanded,
        }],
        cx.op,
    )?;
    fake_runtime::strides::pointwise(
        cx.env,
        &shape,
        &[
            fake_runtime::strides::Operand {
                sizes: &shape,
                strides: &scaled,
            },
            fake_runtime::strides::Operand {
                sizes: &shape,
                strides: &outer,
            },
        ],
        cx.op,
    )
}

/// `diag_embed_sizes(s, offset, dim1, dim2)`: `torch._refs.diag_embed`'s
/// sizes: `s` without its last size `n`, with `n + |offset|` inserted at
/// both dims (wrapped against one more dim than `s` has, distinct).
pub fn diag_embed_sizes(
    cx: &mut Cx<'_>,
    s: Dims,
    offset: i64,
    dim1: i64,
    dim2: i64,
) -> Result<Dims> {
    let rank = s.len() + 1;
    let d1 = shape::wrap_dim(cx.op, dim1, rank)?;
    let d2 = shape::wrap_dim(cx.op, dim2, rank)?;
    if d1 == d2 {
        return Err(invalid(
            cx,
            format!("diagonal dimensions cannot be identical {dim1}, {dim2}"),
        ));
    }
    let Some((&last, rest)) = s.split_last() else {
        return Err(invalid(
            cx,
            "Dimension out of range (expected to be in range of [-1, 0], but got -1)".into(),
        ));
    };
    let len = cx
        .env
        .add(last, SymInt::Int(offset.unsigned_abs() as i64))?;
    let (lo, hi) = (d1.min(d2), d1.max(d2));
    let mut out: Dims = rest.iter().copied().collect();
    out.insert(lo, len);
    out.insert(hi, len);
    Ok(out)
}

/// `block_diag_sizes(tensors)`: `[rows, cols]` of `block_diag`, each
/// tensor of at most 2 dims taken as a matrix (`view(1, -1)` for fewer).
pub fn block_diag_sizes(cx: &mut Cx<'_>, tensors: &[&TensorMeta]) -> Result<Dims> {
    if tensors.is_empty() {
        return Err(invalid(cx, "list index out of range".into()));
    }
    let (mut rows, mut cols) = (SymInt::Int(0), SymInt::Int(0));
    for (i, t) in tensors.iter().enumerate() {
        let (r, c) = match t.dim() {
            0 => (SymInt::Int(1), SymInt::Int(1)),
            1 => (SymInt::Int(1), t.sizes[0]),
            2 => (t.sizes[0], t.sizes[1]),
            d => {
                return Err(invalid(
                    cx,
                    format!(
                        "Input tensors must have 2 or fewer dimensions. Input {i} has {d} dimensions"
                    ),
                ));
            }
        };
        rows = cx.env.add(rows, r)?;
        cols = cx.env.add(cols, c)?;
    }
    Ok(Dims::from_slice(&[rows, cols]))
}

/// `block_diag_dtype(tensors)`: the dtype `cat` promotes the matrices to
/// (none of them zero-dim any more).
pub fn block_diag_dtype(_cx: &mut Cx<'_>, tensors: &[&TensorMeta]) -> Result<DType> {
    let mut d = tensors.first().map_or(DType::Float32, |t| t.dtype);
    for t in tensors {
        d = fake_runtime::promotion::promote_types(d, t.dtype)?;
    }
    Ok(d)
}

/// `rot90`'s checks and its two dims, wrapped (`torch._refs.rot90`).
fn rot90_dims(cx: &Cx<'_>, rank: usize, dims: &[i64]) -> Result<(usize, usize)> {
    if dims.len() != 2 {
        return Err(invalid(
            cx,
            format!(
                "expected total rotation dims == 2, but got dims = {}",
                dims.len()
            ),
        ));
    }
    if rank < 2 {
        return Err(invalid(
            cx,
            format!("expected total dims >= 2, but got total dims = {rank}"),
        ));
    }
    let d0 = shape::wrap_dim(cx.op, dims[0], rank)?;
    let d1 = shape::wrap_dim(cx.op, dims[1], rank)?;
    if d0 == d1 {
        return Err(invalid(
            cx,
            format!("expected rotation dims to be different, but got dim0 = {d0} and dim1 = {d1}"),
        ));
    }
    Ok((d0, d1))
}

/// `rot90_sizes(s, k, dims)`: the two dims swapped for an odd number of
/// quarter turns.
pub fn rot90_sizes(cx: &mut Cx<'_>, s: Dims, k: i64, dims: IntList) -> Result<Dims> {
    let (d0, d1) = rot90_dims(cx, s.len(), &dims)?;
    let mut out = s;
    if k.rem_euclid(2) == 1 {
        out.swap(d0, d1);
    }
    Ok(out)
}

/// `rot90_strides(t, k, dims)`: a `flip` (laid out as `flip` lays out `t`:
/// `empty_like`'s strides, which lay size-1 dims out afresh) transposed
/// for an odd number of quarter turns, a `flip` for two, a contiguous
/// clone for none.
pub fn rot90_strides(cx: &mut Cx<'_>, t: &TensorMeta, k: i64, dims: IntList) -> Result<Dims> {
    let (d0, d1) = rot90_dims(cx, t.dim(), &dims)?;
    if k.rem_euclid(4) == 0 {
        return fake_runtime::strides::contiguous(cx.env, &t.sizes);
    }
    let mut out = empty_like_strides(cx, t, None)?;
    if k.rem_euclid(2) == 1 {
        out.swap(d0, d1);
    }
    Ok(out)
}

/// `quantile_interpolation(mode)`: `get_quantile_interpolation_mode`, one
/// of `linear`, `lower`, `higher`, `midpoint` and `nearest`; refuses
/// another in PyTorch's words.
pub fn quantile_interpolation(cx: &mut Cx<'_>, mode: &str) -> Result<bool> {
    match mode {
        "linear" | "lower" | "higher" | "midpoint" | "nearest" => Ok(true),
        other => Err(invalid(
            cx,
            format!(
                "quantile() interpolation must be one of linear, lower, higher, midpoint or nearest, but got {other}"
            ),
        )),
    }
}

/// `quantile_row_len(s, dim)`: how many values each row `quantile_compute`
/// sorts holds, `sorted.size(-1)`: the size at `dim` (1 for a zero-dim
/// input), or every element when `dim` is absent (the input flattened).
pub fn quantile_row_len(cx: &mut Cx<'_>, s: Dims, dim: Option<i64>) -> Result<SymInt> {
    match dim {
        Some(d) => size_or_one(cx, s, d),
        None => shape::numel(cx.env, &s),
    }
}

/// `quantile_strides(q, reduced)`: the layout of `quantile`'s result for a
/// `q` of sizes `q` (none or one) over the reduced sizes `reduced`. The
/// values are gathered contiguously over `[*reduced, Q]` and moved to the
/// front by `unsqueeze_(0).transpose_(0, -1).squeeze_(-1)`, so the q dim
/// is innermost in memory; a zero-dim `q` gives `reduced` contiguous.
pub fn quantile_strides(cx: &mut Cx<'_>, q: Dims, reduced: Dims) -> Result<Dims> {
    let mut gathered = reduced;
    gathered.extend(q.iter().copied());
    let mut strides = fake_runtime::strides::contiguous(cx.env, &gathered)?;
    if !q.is_empty() {
        strides.rotate_right(q.len());
    }
    Ok(strides)
}

/// `histogram_edges(bins)`: one vector of `count + 1` edges per bin
/// count (`meta_histogramdd_bin_edges`).
pub fn histogram_edges(cx: &mut Cx<'_>, bins: Dims) -> Result<Vec<Dims>> {
    fake_runtime::limits::check_list_len(cx.op, bins.len() as i64)?;
    let mut out = Vec::with_capacity(bins.len());
    for &b in &bins {
        out.push(std::iter::once(cx.env.add(b, SymInt::Int(1))?).collect());
    }
    Ok(out)
}

/// `histogram_counts(bins)`: one count fewer than each bin tensor's
/// elements (`meta_histogramdd_from_bin_tensors`).
pub fn histogram_counts(cx: &mut Cx<'_>, bins: &[&TensorMeta]) -> Result<Dims> {
    let mut out = Dims::new();
    for t in bins {
        let mut n = SymInt::Int(1);
        for &s in &t.sizes {
            n = cx.env.mul(n, s)?;
        }
        out.push(cx.env.sub(n, SymInt::Int(1))?);
    }
    Ok(out)
}

/// `len_tensors(tensors)`: the number of tensors of a list.
pub fn len_tensors(_cx: &mut Cx<'_>, tensors: &[&TensorMeta]) -> Result<i64> {
    Ok(tensors.len() as i64)
}

/// `sizes_of(tensors, i)`: the sizes of the `i`-th tensor of a list
/// (Python's negative indices too).
pub fn sizes_of(cx: &mut Cx<'_>, tensors: &[&TensorMeta], i: i64) -> Result<Dims> {
    let n = tensors.len() as i64;
    let at = if i < 0 { i + n } else { i };
    match usize::try_from(at).ok().and_then(|k| tensors.get(k)) {
        Some(t) => Ok(t.sizes.clone()),
        None => Err(invalid(
            cx,
            format!("list index {i} out of range for {n} tensors"),
        )),
    }
}

/// `vector_norm_dtype(input, dtype)`: `_check_norm_dtype` of
/// `linalg.vector_norm`: an asked dtype is floating or complex like the
/// input, which converts to it without narrowing; refuses in PyTorch's
/// words (`torch._refs.linalg._check_norm_dtype`).
pub fn vector_norm_dtype(cx: &mut Cx<'_>, input: DType, dtype: Option<DType>) -> Result<bool> {
    check_norm_dtype(cx, "linalg.vector_norm", input, dtype, NormWording::Ref)?;
    Ok(true)
}

/// `shift_dims(s, dim)`: the dims `torch._refs.fft.fftshift` (and
/// `ifftshift`) rolls, `dim` or every dim of sizes `s`: refused in
/// PyTorch's words when there are none of a non-empty input (`roll` wants shifts: a zero-dim
/// input, `dim=[]`) or one is out of range.
pub fn shift_dims(cx: &mut Cx<'_>, s: Dims, dim: Option<IntList>) -> Result<bool> {
    let rank = s.len();
    let dims: Vec<i64> = match dim.as_deref() {
        Some(d) => d.to_vec(),
        None => (0..rank as i64).collect(),
    };
    // `roll` of no shifts: an empty input is cloned before its checks.
    if dims.is_empty() && !shape::guard_empty(cx.env, &s, cx.op)? {
        return Err(invalid(cx, "`shifts` required".into()));
    }
    // `input.size(d)` of each: a zero-dim input has no dim to give.
    for d in dims {
        shape::wrap_size_dim(cx.op, d, rank)?;
    }
    Ok(true)
}

/// `vector_norm_identity(input, ord, dim)`: `_check_vector_norm_args` of
/// `torch._refs.linalg.vector_norm`: a negative or infinite `ord` has no
/// identity, so an empty input needs dims to reduce, each in range and
/// not empty (a negative dim is refused too); refuses in PyTorch's words.
pub fn vector_norm_identity(
    cx: &mut Cx<'_>,
    input: &TensorMeta,
    ord: Scalar,
    dim: Option<IntList>,
) -> Result<bool> {
    norm_identity(cx, &input.sizes, ord, dim.as_deref().unwrap_or(&[]))
}

/// `dist_norm_identity(self, other, p)`: `torch._refs.dist` is
/// `vector_norm(self - other, p)`, whose [`vector_norm_identity`] refuses a
/// negative or infinite `p` of an empty difference (the operands'
/// broadcast).
pub fn dist_norm_identity(
    cx: &mut Cx<'_>,
    a: &TensorMeta,
    b: &TensorMeta,
    p: Scalar,
) -> Result<bool> {
    let sizes = shape::broadcast(cx.env, cx.op, &[&a.sizes, &b.sizes])?;
    norm_identity(cx, &sizes, p, &[])
}

/// `pairwise_norm_identity(x1, x2, p)`: ATen's `pairwise_distance` is
/// `norm(x1 - x2 + eps, p, innermost_dim)`, whose
/// [`vector_norm_identity`] refuses a negative or infinite `p` over an
/// empty innermost dim of the operands' broadcast (named by its
/// non-negative index).
pub fn pairwise_norm_identity(
    cx: &mut Cx<'_>,
    x1: &TensorMeta,
    x2: &TensorMeta,
    p: f64,
) -> Result<bool> {
    let sizes = shape::broadcast(cx.env, cx.op, &[&x1.sizes, &x2.sizes])?;
    let innermost = sizes.len() as i64 - 1;
    let p = Scalar::Float(fake_runtime::SymFloat::Const(p));
    norm_identity(cx, &sizes, p, &[innermost])
}

/// [`vector_norm_identity`] of an input of `sizes` reduced over `dims`
/// (every dim when empty).
pub(crate) fn norm_identity(
    cx: &mut Cx<'_>,
    sizes: &[SymInt],
    ord: Scalar,
    dims: &[i64],
) -> Result<bool> {
    let (v, shown) = match ord {
        Scalar::Int(SymInt::Int(i)) => (i as f64, i.to_string()),
        Scalar::Float(fake_runtime::SymFloat::Const(f)) => {
            (f, fake_runtime::sym::float::python_repr(f))
        }
        _ => return Ok(true),
    };
    if !(v < 0.0 || v == f64::INFINITY) {
        return Ok(true);
    }
    let n = shape::numel(cx.env, sizes)?;
    if !shape::guard_eq(cx.env, n, SymInt::Int(0), cx.op)? {
        return Ok(true);
    }
    if dims.is_empty() {
        return Err(invalid(
            cx,
            format!(
                "linalg.vector_norm cannot compute the {shown} norm on an empty tensor because the operation does not have an identity"
            ),
        ));
    }
    for &d in dims {
        let ok = usize::try_from(d)
            .ok()
            .filter(|&d| d < sizes.len())
            .is_some_and(|d| sizes[d] != SymInt::Int(0));
        let ok = ok && {
            let size = sizes[d as usize];
            !shape::guard_eq(cx.env, size, SymInt::Int(0), cx.op)?
        };
        if !ok {
            return Err(invalid(
                cx,
                format!(
                    "linalg.vector_norm cannot compute the {shown} norm on the dimension {d} because this dimension is empty and the operation does not have an identity"
                ),
            ));
        }
    }
    Ok(true)
}

/// Which of PyTorch's two wordings of the norm dtype checks a caller
/// repeats.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) enum NormWording {
    /// `torch._refs.linalg._check_norm_dtype` (`. Got ...`).
    Ref,
    /// ATen's `check_linalg_norm_dtype` (`, but got ...`).
    Aten,
}

/// The dtype checks of the `linalg.*norm` functions: an asked dtype is
/// floating or complex like the input, which converts to it without
/// narrowing.
pub(crate) fn check_norm_dtype(
    cx: &Cx<'_>,
    name: &str,
    input: DType,
    dtype: Option<DType>,
    wording: NormWording,
) -> Result<()> {
    let Some(dtype) = dtype else {
        return Ok(());
    };
    let got = match wording {
        NormWording::Ref => ". Got",
        NormWording::Aten => ", but got",
    };
    if !dtype.is_floating_point() && !dtype.is_complex() {
        return Err(invalid(
            cx,
            format!("{name}: dtype should be floating point or complex{got} {dtype}"),
        ));
    }
    if dtype.is_complex() != input.is_complex() {
        let kind = if input.is_complex() {
            "complex"
        } else {
            "real"
        };
        return Err(invalid(
            cx,
            format!("{name}: dtype should be {kind} for {kind} inputs{got} {dtype}"),
        ));
    }
    if fake_runtime::promotion::promote_types(input, dtype)? != dtype {
        return Err(invalid(
            cx,
            format!(
                "{name}: the dtype of the input ({input}) should be convertible without narrowing to the specified dtype ({dtype})"
            ),
        ));
    }
    Ok(())
}

/// `addr_bool_scalars(dtype, beta, alpha)`: `torch._refs.addr`'s checks of
/// bool numbers: a bool `alpha` or `beta` only for a bool result.
pub fn addr_bool_scalars(
    cx: &mut Cx<'_>,
    dtype: DType,
    beta: Scalar,
    alpha: Scalar,
) -> Result<bool> {
    for (s, name) in [(alpha, "alpha"), (beta, "beta")] {
        if matches!(s, Scalar::Bool(_)) && dtype != DType::Bool {
            return Err(invalid(
                cx,
                format!("Boolean {name} only supported for Boolean results."),
            ));
        }
    }
    Ok(true)
}

/// `addr_int_scalars(dtype, beta, alpha)`: for a bool result, `beta` and
/// `alpha` must be bools or integers (`torch._refs.addr`).
pub fn addr_int_scalars(
    cx: &mut Cx<'_>,
    dtype: DType,
    beta: Scalar,
    alpha: Scalar,
) -> Result<bool> {
    if dtype != DType::Bool {
        return Ok(true);
    }
    for (s, name) in [(beta, "beta"), (alpha, "alpha")] {
        let class = match s {
            Scalar::Float(_) => "float",
            Scalar::Complex(..) => "complex",
            _ => continue,
        };
        return Err(invalid(
            cx,
            format!("expected bool/int {name} but got <class '{class}'>"),
        ));
    }
    Ok(true)
}

/// `real_number(s)`: `s` is not a complex number.
pub fn real_number(_cx: &mut Cx<'_>, s: Scalar) -> Result<bool> {
    Ok(!matches!(s, Scalar::Complex(..)))
}

/// `int_number(s)`: `s` is a Python `int` (a `bool` is one), as
/// `isinstance(s, IntLike)`.
pub fn int_number(_cx: &mut Cx<'_>, s: Scalar) -> Result<bool> {
    Ok(matches!(s, Scalar::Int(_) | Scalar::Bool(_)))
}

/// `int_default(s, v)`: `s` is the schema default int `v` itself (an
/// int, not a bool or a float of that value), which the dispatcher leaves
/// out of a Python kernel's arguments when no later positional one is
/// given.
pub fn int_default(_cx: &mut Cx<'_>, s: Scalar, v: i64) -> Result<bool> {
    Ok(!fake_runtime::support::passed_scalar(&s, v))
}

/// `float_number(s)`: `s` is a Python `float`.
pub fn float_number(_cx: &mut Cx<'_>, s: Scalar) -> Result<bool> {
    Ok(matches!(s, Scalar::Float(_)))
}

/// `weakly_fits(dtype, s)`: `torch._prims_common.is_weakly_lesser_type`
/// of `s`'s Python type and `dtype`'s (`bool < int < float < complex`):
/// a bool tensor takes only a bool, an integral one an int or a bool.
pub fn weakly_fits(_cx: &mut Cx<'_>, dtype: DType, s: Scalar) -> Result<bool> {
    let number = match s {
        Scalar::Bool(_) => 0,
        Scalar::Int(_) => 1,
        Scalar::Float(_) => 2,
        Scalar::Complex(..) => 3,
    };
    let tensor = if dtype == DType::Bool {
        0
    } else if dtype.is_integral(false) {
        1
    } else if dtype.is_complex() {
        3
    } else {
        2
    };
    Ok(number <= tensor)
}
