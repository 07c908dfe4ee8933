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

/// `cuda_or_xpu(device)`: a CUDA or XPU device (`device_hint(t) in
/// ("cuda", "xpu")`).
pub fn cuda_or_xpu(_cx: &mut Cx<'_>, device: Device) -> Result<bool> {
    Ok(matches!(
        device.ty,
        fake_runtime::DeviceType::Cuda | fake_runtime::DeviceType::Xpu
    ))
}

// ---- dtypes ----------------------------------------------------------------------

/// `complex_dtype(d)`: a complex `d` itself, else
/// `corresponding_complex_dtype(d)` (float16, bfloat16 as `bcomplex32`,
/// float32 and float64 only).
pub fn complex_dtype(cx: &mut Cx<'_>, d: DType) -> Result<DType> {
    match d {
        DType::Float16 | DType::BFloat16 | DType::Float32 | DType::Float64 => Ok(d.to_complex()),
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

/// `specialize_unless(c, s)`: `s` when `c`, else every size fixed at its
/// hint ([`specialize`]), as a composite that reads the sizes as
/// integers on that path only (`svd` without `compute_uv`).
pub fn specialize_unless(cx: &mut Cx<'_>, c: bool, s: Dims) -> Result<Dims> {
    if c { Ok(s) } else { specialize(cx, s) }
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

/// `pinv_batch(input, atol, rtol)`: the batch dims of `linalg_pinv`'s
/// result: `input`'s when it has no elements (the composite's early
/// return, a guard), else broadcast with the tolerances' sizes (`tol`
/// compares against the singular values, and its batch reaches the
/// product); complex tolerances are refused. Without `rtol`, the default
/// one is computed first (`pinv_default_rtol`).
pub fn pinv_batch(
    cx: &mut Cx<'_>,
    input: &TensorMeta,
    atol: Option<&TensorMeta>,
    rtol: Option<&TensorMeta>,
) -> Result<Dims> {
    if rtol.is_none() {
        pinv_default_rtol(cx, input)?;
    }
    for (t, name) in [(atol, "atol"), (rtol, "rtol")] {
        if let Some(t) = t
            && t.dtype.is_complex()
        {
            return Err(invalid(
                cx,
                format!("torch.linalg.pinv: {name} tensor of complex type is not supported."),
            ));
        }
    }
    let rank = input.dim();
    let batch: Dims = input.sizes[..rank.saturating_sub(2)]
        .iter()
        .copied()
        .collect();
    let numel = shape::numel(cx.env, &input.sizes)?;
    let empty = cx.env.eq(numel, SymInt::Int(0))?;
    if cx.env.guard_bool(empty, cx.op)? {
        return Ok(batch);
    }
    let a: Dims = atol.map(|t| t.sizes.clone()).unwrap_or_default();
    // Without `rtol`, a given `atol` decides the default one elementwise.
    let r: Dims = rtol.map(|t| t.sizes.clone()).unwrap_or_else(|| a.clone());
    let tol = shape::broadcast(cx.env, cx.op, &[&r, &batch])?;
    let tol = shape::broadcast(cx.env, cx.op, &[&a, &tol])?;
    shape::broadcast(cx.env, cx.op, &[&batch, &tol])
}

/// `pinv_float_batch(input, rtol)`: [`pinv_batch`] of the overloads with
/// `float` tolerances (0-dim tensors): `input`'s batch dims, the default
/// `rtol` computed when none is given (`pinv_default_rtol`).
pub fn pinv_float_batch(cx: &mut Cx<'_>, input: &TensorMeta, rtol: Option<f64>) -> Result<Dims> {
    if rtol.is_none() {
        pinv_default_rtol(cx, input)?;
    }
    // `at::full({}, rtol, input.options().dtype(kDouble))`.
    let scalar = TensorMeta {
        sizes: Dims::new(),
        strides: Dims::new(),
        dtype: DType::Float64,
        ..input.clone()
    };
    pinv_batch(cx, input, None, Some(&scalar))
}

/// `get_atol_rtol`'s default relative tolerance, `eps * std::max(n, m)`:
/// the comparison `n < m` of `input`'s last two sizes, a guard; the
/// epsilon (`_get_epsilon`) exists for single and double precision only.
fn pinv_default_rtol(cx: &mut Cx<'_>, input: &TensorMeta) -> Result<()> {
    if !matches!(input.dtype.to_real(), DType::Float32 | DType::Float64) {
        return Err(invalid(
            cx,
            "This function doesn't handle types other than float and double".into(),
        ));
    }
    let rank = input.dim();
    if rank >= 2 {
        let lt = cx.env.lt(input.sizes[rank - 1], input.sizes[rank - 2])?;
        cx.env.guard_bool(lt, cx.op)?;
    }
    Ok(())
}

/// `solve_result(A, B, left)`: the sizes of `linalg_solve`'s result, as
/// `_linalg_solve_ex`'s meta kernel checks and computes them: `B` a vector
/// (or a batch of vectors, [`solve_is_vector_rhs`]) is solved as a
/// one-column matrix whose column is dropped again; `A` square, the sizes
/// of the equation compatible, the batch dims broadcast.
pub fn solve_result(cx: &mut Cx<'_>, a: &TensorMeta, b: &TensorMeta, left: bool) -> Result<Dims> {
    if !(a.dtype.is_floating_point() || a.dtype.is_complex()) {
        return Err(invalid(
            cx,
            format!(
                "linalg.solve: Expected a floating point or complex tensor as input. Got {}",
                a.dtype
            ),
        ));
    }
    if a.dtype != b.dtype {
        return Err(invalid(
            cx,
            format!(
                "linalg.solve: Expected A and B to have the same dtype, but found A of type {} and B of type {} instead",
                a.dtype, b.dtype
            ),
        ));
    }
    let vector = solve_is_vector_rhs(cx, a, b)?;
    let mut rhs = b.sizes.clone();
    if vector {
        rhs.push(SymInt::Int(1));
    }
    let (ra, rb) = (a.dim(), rhs.len());
    if ra < 2 {
        return Err(invalid(
            cx,
            format!("linalg.solve: The input tensor must have at least 2 dimensions, got {ra}"),
        ));
    }
    let square = cx.env.eq(a.sizes[ra - 1], a.sizes[ra - 2])?;
    require(
        cx,
        square,
        "linalg.solve: A must be batches of square matrices",
    )?;
    if rb < 2 {
        return Err(invalid(
            cx,
            "linalg.solve: The input tensor B must have at least 2 dimensions.".into(),
        ));
    }
    let side = if left { 2 } else { 1 };
    let fits = cx.env.eq(a.sizes[ra - side], rhs[rb - side])?;
    require(
        cx,
        fits,
        "linalg.solve: Incompatible shapes of A and B for the equation",
    )?;
    let mut full = shape::broadcast(cx.env, cx.op, &[&rhs[..rb - 2], &a.sizes[..ra - 2]])?;
    full.extend_from_slice(&rhs[rb - 2..]);
    if !left && vector {
        return Err(invalid(
            cx,
            "linalg.solve: Vector broadcasting of the left hand side is not supported for left=False. In this case linalg.solve is equivalent to B / A.squeeze(-1)".into(),
        ));
    }
    if vector {
        full.pop();
    }
    Ok(full)
}

/// `pick_format(c, a, b)`: memory format `a` when `c`, else `b`.
pub fn pick_format(
    _cx: &mut Cx<'_>,
    c: bool,
    a: MemoryFormat,
    b: MemoryFormat,
) -> Result<MemoryFormat> {
    Ok(if c { a } else { b })
}

/// Whether the decompositions of the `add*` products drop the bias: a
/// `beta` of zero (`int(beta)` for a `self` of dtype `d` neither floating
/// nor complex, so `0.2` is zero there).
fn scaled_away(beta: &Scalar, d: DType) -> bool {
    zero_number(beta, !d.is_floating_point() && !d.is_complex())
}

/// `bias_fits(c, sizes, beta, d)`: the check of `addmm`'s decomposition
/// (and `addmm_dtype`'s, `_addmm_activation`'s) on a bias of sizes `c`:
/// expanded to the product's `sizes` (`expand_as`), unless `beta` drops
/// it (a zero `beta`, truncated for a `self` of dtype `d` neither
/// floating nor complex).
pub fn bias_fits(cx: &mut Cx<'_>, c: Dims, sizes: Dims, beta: Scalar, d: DType) -> Result<bool> {
    if !scaled_away(&beta, d) {
        shape::expand(cx.env, cx.op, &c, &sizes)?;
    }
    Ok(true)
}

/// `addmv_sizes(s, n, beta, d)`: the sizes of `addmv`'s decomposition
/// (`_addmv_impl`) for a `self` of sizes `s` and dtype `d` and a product
/// of `n` rows: the product's when `beta` is zero (`int(beta)` for a
/// `self` neither floating nor complex, so `0.2` is zero there),
/// `self`'s when the product is empty (a guard), else `self` expanded to
/// the product's (`expand_as`).
pub fn addmv_sizes(cx: &mut Cx<'_>, s: Dims, n: SymInt, beta: Scalar, d: DType) -> Result<Dims> {
    let product: Dims = Dims::from([n]);
    if scaled_away(&beta, d) {
        return Ok(product);
    }
    let empty = cx.env.eq(n, SymInt::Int(0))?;
    if cx.env.guard_bool(empty, cx.op)? {
        return Ok(s);
    }
    shape::expand(cx.env, cx.op, &s, &product)
}

/// `float_dtype(d)`: the dtype of `t + 1.0` for a tensor of dtype `d`: the
/// default float for integers and bool, else `d`.
pub fn float_dtype(cx: &mut Cx<'_>, d: DType) -> Result<DType> {
    Ok(if d.is_integral(true) {
        cx.defaults.dtype
    } else {
        d
    })
}

/// `default_cross_dim(s, dim)`: `cross`'s dim, `dim` when given, else the
/// first dim of size 3 (a guard each), as `_default_cross_dim`.
pub fn default_cross_dim(cx: &mut Cx<'_>, s: Dims, dim: Option<i64>) -> Result<i64> {
    if let Some(d) = dim {
        return Ok(d);
    }
    for (i, &size) in s.iter().enumerate() {
        if shape::guard_eq(cx.env, size, SymInt::Int(3), cx.op)? {
            return Ok(i as i64);
        }
    }
    Err(invalid(cx, "no dimension of size 3 in input".into()))
}

/// `dot_lengths(self, other)`: `torch._refs`' `_dot_check` of two
/// vectors' element counts, in its words (their missing space
/// included). True when they are equal.
pub fn dot_lengths(cx: &mut Cx<'_>, a: &TensorMeta, b: &TensorMeta) -> Result<bool> {
    let (n, m) = (a.numel(cx.env)?, b.numel(cx.env)?);
    let same = cx.env.eq(n, m)?;
    shape::check_printing(cx.env, same, cx.op, &|env| {
        let (n, m) = (env.display(n), env.display(m));
        format!(
            "inconsistent tensor size, expected tensor [{n}] and src [{m}] to have thesame number of elements, but got {n} and {m} elements respectively"
        )
    })?;
    Ok(true)
}

/// `vecdot_shape(x, y, dim)`: ATen's `linalg_vecdot`: two vectors are
/// `vdot`'s (`dim` ignored; their element counts equal,
/// [`dot_lengths`]), anything else `(x.conj() * y).sum(dim)`.
pub fn vecdot_shape(cx: &mut Cx<'_>, x: &TensorMeta, y: &TensorMeta, dim: i64) -> Result<Dims> {
    if x.dim() == 1 && y.dim() == 1 {
        dot_lengths(cx, x, y)?;
        return Ok(Dims::new());
    }
    let shape = shape::broadcast(cx.env, cx.op, &[&x.sizes, &y.sizes])?;
    shape::reduce(cx.op, &shape, Some(&[dim]), false)
}

/// `linear_combination_fits(input, coefficients)`: `_compute_linear_combination`
/// views `coefficients` as `[c0, 1, ...]` (one dim past `input`'s) of
/// strides `[coefficients.stride(0), 0, ...]`, on the zeros the fake mode
/// runs its CPU kernel on (`zeros_like`): that view must fit their storage,
/// which an empty `coefficients` of a non-empty first dim does not have
/// ("setStorage: ... out of bounds").
pub fn linear_combination_fits(
    cx: &mut Cx<'_>,
    input: &TensorMeta,
    coefficients: &TensorMeta,
) -> Result<bool> {
    let real = TensorMeta {
        strides: preserve_strides(cx, coefficients, None)?,
        storage_offset: SymInt::Int(0),
        ..coefficients.clone()
    };
    let rank = input.dim() + 1;
    let mut sizes = Dims::from_elem(SymInt::Int(1), rank);
    let mut strides = Dims::from_elem(SymInt::Int(0), rank);
    sizes[0] = real.sizes.first().copied().unwrap_or(SymInt::Int(1));
    strides[0] = real.strides.first().copied().unwrap_or(SymInt::Int(1));
    fake_runtime::support::set_strided(cx, &real, sizes, strides, SymInt::Int(0))?;
    Ok(true)
}
