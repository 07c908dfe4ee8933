//! Linear-algebra intrinsics: the layouts of LAPACK-style results (batches
//! of column-major matrices, `make_contiguous_strides_for(shape,
//! row_major=False)`), the complex dtype of eigen-decompositions, the
//! string modes of `linalg_qr`, and choices between two shapes the meta
//! kernels make from a flag.

use super::*;

// ---- layouts ---------------------------------------------------------------------

/// `column_major(shape)`: strides of a batch of column-major matrices
/// (`make_contiguous_strides_for(shape, row_major=False)`): the last two
/// dims transposed, the batch row-major; a shape of rank 0 or 1 is
/// row-major.
pub fn column_major(cx: &mut Cx<'_>, shape: Dims) -> Result<Dims> {
    matrix_strides(cx, shape, false)
}

/// `matrix_strides(shape, row_major)`: `make_contiguous_strides_for(shape,
/// row_major)`, row-major strides or [`column_major`]'s.
pub fn matrix_strides(cx: &mut Cx<'_>, shape: Dims, row_major: bool) -> Result<Dims> {
    let mut strides = fake_runtime::strides::contiguous(cx.env, &shape)?;
    let n = shape.len();
    if !row_major && n >= 2 {
        strides[n - 2] = SymInt::Int(1);
        strides[n - 1] = cx.env.max(shape[n - 2], SymInt::Int(1))?;
    }
    Ok(strides)
}

/// `is_cuda(device)`: a CUDA device (`device_hint(t) == "cuda"`).
pub fn is_cuda(_cx: &mut Cx<'_>, device: Device) -> Result<bool> {
    Ok(device.ty == fake_runtime::DeviceType::Cuda)
}

// ---- dtypes ----------------------------------------------------------------------

/// `complex_dtype(d)`: a complex `d` itself, else
/// `corresponding_complex_dtype(d)` (float16, float32 and float64 only).
pub fn complex_dtype(cx: &mut Cx<'_>, d: DType) -> Result<DType> {
    match d {
        DType::Float16 | DType::Float32 | DType::Float64 => Ok(d.to_complex()),
        d if d.is_complex() => Ok(d),
        d => Err(invalid(cx, format!("no complex dtype corresponds to {d}"))),
    }
}

/// `is_linalg_precision(d)`: float32, float64, complex64 or complex128
/// (`checkFloatingOrComplex(allow_low_precision_dtypes=False)`).
pub fn is_linalg_precision(_cx: &mut Cx<'_>, d: DType) -> Result<bool> {
    Ok(matches!(
        d,
        DType::Float32 | DType::Float64 | DType::Complex64 | DType::Complex128
    ))
}

// ---- flags -----------------------------------------------------------------------

/// `pick(c, a, b)`: `a` when `c`, else `b` (a meta kernel's `if` between
/// two shapes).
pub fn pick(_cx: &mut Cx<'_>, c: bool, a: Dims, b: Dims) -> Result<Dims> {
    Ok(if c { a } else { b })
}

/// `pick_size(c, a, b)`: `a` when `c`, else `b`.
pub fn pick_size(_cx: &mut Cx<'_>, c: bool, a: SymInt, b: SymInt) -> Result<SymInt> {
    Ok(if c { a } else { b })
}

/// `_parse_qr_mode(mode)`: `(compute_q, reduced)` of `"reduced"`,
/// `"complete"` or `"r"`, or PyTorch's refusal.
fn qr_mode(cx: &Cx<'_>, mode: &str) -> Result<(bool, bool)> {
    match mode {
        "reduced" => Ok((true, true)),
        "complete" => Ok((true, false)),
        "r" => Ok((false, true)),
        _ => Err(invalid(
            cx,
            format!(
                "qr received unrecognized mode '{mode}' but expected one of 'reduced' (default), 'r', or 'complete'"
            ),
        )),
    }
}

/// `qr_computes_q(mode)`: whether `linalg_qr`'s mode computes `Q` (not
/// `"r"`); refuses an unknown mode.
pub fn qr_computes_q(cx: &mut Cx<'_>, mode: &str) -> Result<bool> {
    Ok(qr_mode(cx, mode)?.0)
}

/// `qr_reduced(mode)`: whether `linalg_qr`'s mode is reduced (`"reduced"`
/// or `"r"`); refuses an unknown mode.
pub fn qr_reduced(cx: &mut Cx<'_>, mode: &str) -> Result<bool> {
    Ok(qr_mode(cx, mode)?.1)
}

/// `valid_uplo(uplo)`: `checkUplo`, one letter, `L` or `U` in either case.
pub fn valid_uplo(_cx: &mut Cx<'_>, uplo: &str) -> Result<bool> {
    Ok(matches!(uplo, "L" | "l" | "U" | "u"))
}

// ---- solvers ---------------------------------------------------------------------

/// `solve_is_vector_rhs(input, other)`: `linalg_solve_is_vector_rhs`,
/// whether `other` is a vector (or a batch of vectors of `input`'s batch
/// shape) rather than a matrix; the sizes are compared one by one, as
/// Python compares the shapes (a guard each).
pub fn solve_is_vector_rhs(
    cx: &mut Cx<'_>,
    input: &TensorMeta,
    other: &TensorMeta,
) -> Result<bool> {
    if other.dim() == 1 {
        return Ok(true);
    }
    if input.dim() == 0 || input.dim() - 1 != other.dim() {
        return Ok(false);
    }
    for (&a, &b) in other.sizes.iter().zip(&input.sizes) {
        if !shape::guard_eq(cx.env, a, b, cx.op)? {
            return Ok(false);
        }
    }
    Ok(true)
}

/// `same_dims(a, b)`: the shapes are equal (as `torch._check(a == b)` on
/// two shapes: the same rank, then every size).
pub fn same_dims(cx: &mut Cx<'_>, a: Dims, b: Dims) -> Result<SymBool> {
    dims_eq(cx, &a, &b)
}
