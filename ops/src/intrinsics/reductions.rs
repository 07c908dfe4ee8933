//! Reduction intrinsics beyond `reduce`: an optional single dim, as the
//! reductions whose schema takes `int? dim` read it.

use super::*;

/// `reduce_optional(s, dim, keepdim)`: sizes after reducing over the one
/// dim `dim`, or over every dim when it is absent.
pub fn reduce_optional(cx: &mut Cx<'_>, s: Dims, dim: Option<i64>, keepdim: bool) -> Result<Dims> {
    match dim {
        Some(d) => shape::reduce(cx.op, &s, Some(&[d]), keepdim),
        None => shape::reduce(cx.op, &s, None, keepdim),
    }
}

/// `dim_list(dim)`: the optional single dim as an optional list of dims.
pub fn dim_list(_cx: &mut Cx<'_>, dim: Option<i64>) -> Result<Option<IntList>> {
    Ok(dim.map(|d| IntList::from_slice(&[d])))
}

/// `logsumexp_shape(s, dim, keepdim)`: the sizes `torch._refs.logsumexp`
/// gives: those of the reduction, except that an empty `dim` without
/// `keepdim` on a non-empty input keeps every dim as a one (the kept
/// maxima are added back unsqueezed).
pub fn logsumexp_shape(cx: &mut Cx<'_>, s: Dims, dim: IntList, keepdim: bool) -> Result<Dims> {
    if dim.is_empty() && !keepdim {
        let n = shape::numel(cx.env, &s)?;
        if !shape::guard_eq(cx.env, n, SymInt::Int(0), cx.op)? {
            return Ok(Dims::from_elem(SymInt::Int(1), s.len()));
        }
    }
    shape::reduce(cx.op, &s, Some(&dim), keepdim)
}

/// `leading_sizes_match(boundaries, values)`: `searchsorted`'s check: a
/// 1-D (or zero-dim) `boundaries`, or one whose sizes but the last are
/// those of `values`.
pub fn leading_sizes_match(cx: &mut Cx<'_>, boundaries: Dims, values: Dims) -> Result<SymBool> {
    if boundaries.len() <= 1 {
        return Ok(SymBool::Bool(true));
    }
    if values.is_empty() {
        return Ok(SymBool::Bool(false));
    }
    let a: Dims = boundaries[..boundaries.len() - 1].iter().copied().collect();
    let b: Dims = values[..values.len() - 1].iter().copied().collect();
    sizes_eq(cx, a, b)
}

/// `sides_agree(right, side)`: `meta_searchsorted`'s check that `side`
/// and `right` do not say opposites (`side="left"` with `right=True`);
/// another `side` is not checked there.
pub fn sides_agree(_cx: &mut Cx<'_>, right: bool, side: Option<&str>) -> Result<bool> {
    Ok(!(right && side == Some("left")))
}

/// `trilu_count(row, col, offset, upper)`: how many `(i, j)` of a `row` by
/// `col` grid have `j - i <= offset` (`tril_indices`), or `>= offset`
/// (`triu_indices`, with `upper`).
pub fn trilu_count(
    cx: &mut Cx<'_>,
    row: i64,
    col: i64,
    offset: i64,
    upper: bool,
) -> Result<SymInt> {
    if row < 0 || col < 0 {
        return Err(invalid(
            cx,
            format!("row and col must be non-negative, got {row} and {col}"),
        ));
    }
    let (row, col, offset) = (i128::from(row), i128::from(col), i128::from(offset));
    let n = if upper {
        row * col - clamped_sum(offset, row, col)
    } else {
        clamped_sum(offset + 1, row, col)
    };
    i64::try_from(n)
        .map(SymInt::Int)
        .map_err(|_| invalid(cx, "too many indices".into()))
}

/// `sum(clamp(x, 0, col) for x in c .. c + n)`.
fn clamped_sum(c: i128, n: i128, col: i128) -> i128 {
    let sum = |a: i128, b: i128| if b < a { 0 } else { (a + b) * (b - a + 1) / 2 };
    let (lo, hi) = (c, c + n - 1);
    if hi < lo {
        return 0;
    }
    let mid = sum(lo.max(0), hi.min(col));
    let above = (hi - lo.max(col + 1) + 1).max(0) * col;
    mid + above
}

/// `hash_dtype(d)`: the dtype of `hash_tensor`, `uint64` whatever `d`.
pub fn hash_dtype(_cx: &mut Cx<'_>, _d: DType) -> Result<DType> {
    Ok(DType::UInt64)
}

/// `bincount_length(s, minlength)`: the length of `bincount` of an input
/// of sizes `s` (`fake_impls.bincount`): `minlength` for a statically
/// empty input, else a fresh size-like unbacked symbol at least
/// `minlength`.
pub fn bincount_length(cx: &mut Cx<'_>, s: Dims, minlength: SymInt) -> Result<SymInt> {
    let n = shape::numel(cx.env, &s)?;
    if n == SymInt::Int(0) {
        return Ok(minlength);
    }
    let u = unbacked(cx, UnbackedFlavor::SizeLike, None)?;
    let c = cx.env.ge(u, minlength)?;
    cx.env.expect_true(c, cx.op)?;
    Ok(u)
}

/// `bincount_dtype(self, weights)`: int64 counts without weights or of
/// an input known to be empty (`fake_impls.bincount` answers one before
/// reading the weights), else `float32` weights' dtype or `float64` (on
/// MPS float32, int32 and float16 weights keep theirs, others count in
/// int32).
pub fn bincount_dtype(
    cx: &mut Cx<'_>,
    t: &TensorMeta,
    weights: Option<&TensorMeta>,
) -> Result<DType> {
    let Some(w) = weights else {
        return Ok(DType::Int64);
    };
    if t.numel(cx.env)? == SymInt::Int(0) {
        return Ok(DType::Int64);
    }
    Ok(if w.device.ty == fake_runtime::DeviceType::Mps {
        match w.dtype {
            DType::Float32 | DType::Int32 | DType::Float16 => w.dtype,
            _ => DType::Int32,
        }
    } else if w.dtype == DType::Float32 {
        DType::Float32
    } else {
        DType::Float64
    })
}

/// `reduced_strides(self, dim, keepdim)`: the layout of a reduction the
/// reference computes with a `prims` reduction: the kept dims' contiguous
/// strides, and with `keepdim` each reduced dim (a 1) at
/// `broadcast_in_dim`'s stride for a new dim: the next kept dim's stride
/// times its size (no `max(size, 1)`: 0 before an empty dim), 1 after the
/// last kept dim.
pub fn reduced_strides(
    cx: &mut Cx<'_>,
    t: &TensorMeta,
    dim: Option<IntList>,
    keepdim: bool,
) -> Result<Dims> {
    let reduced = shape::reduced_dims(cx.op, t.dim(), dim.as_deref())?;
    let kept: Dims = t
        .sizes
        .iter()
        .zip(&reduced)
        .filter(|(_, r)| !**r)
        .map(|(s, _)| *s)
        .collect();
    let strides = fake_runtime::strides::contiguous(cx.env, &kept)?;
    if !keepdim {
        return Ok(strides);
    }
    let mut out = Dims::with_capacity(t.dim());
    let mut k = 0;
    for r in reduced {
        out.push(if !r {
            k += 1;
            strides[k - 1]
        } else if k == kept.len() {
            SymInt::Int(1)
        } else {
            cx.env.mul(strides[k], kept[k])?
        });
    }
    Ok(out)
}

/// `complex_count_fixed(self, dim, dtype)`: `torch._refs.mean` divides
/// the sum by the reduced element count, a Python number, which a
/// complex result converts with `complex()`: a symbolic count is fixed at
/// its hint (a guard). Always true (a `check` for its guard).
pub fn complex_count_fixed(
    cx: &mut Cx<'_>,
    t: &TensorMeta,
    dim: Option<IntList>,
    dtype: DType,
) -> Result<bool> {
    if !dtype.is_complex() || t.dim() == 0 {
        return Ok(true);
    }
    let reduced = shape::reduced_dims(cx.op, t.dim(), dim.as_deref())?;
    let mut count = SymInt::Int(1);
    for (&s, r) in t.sizes.iter().zip(reduced) {
        if r {
            count = cx.env.mul(count, s)?;
        }
    }
    cx.env.guard_int(count, cx.op)?;
    Ok(true)
}

/// `complex_numel_fixed(self, dtype)`: [`complex_count_fixed`] of a
/// reduction over every dim (`mean(self)`).
pub fn complex_numel_fixed(cx: &mut Cx<'_>, t: &TensorMeta, dtype: DType) -> Result<bool> {
    complex_count_fixed(cx, t, None, dtype)
}

/// `listed_reduction_strides(self, dim, shape, negated)`: the layout of
/// `torch._refs.any` (and, `negated`, of `all`: `logical_not(any(logical_not(a)))`)
/// over a dim list: an empty list reduces nothing and the reference
/// clones the input, laid out as `prims.clone` lays out one tensor
/// ([`super::cloned_strides`]), for `all` after an elementwise
/// `logical_not` (which lays an empty input out contiguously); any other
/// list, or none, a reduction's contiguous `shape`.
pub fn listed_reduction_strides(
    cx: &mut Cx<'_>,
    t: &TensorMeta,
    dim: Option<IntList>,
    shape: Dims,
    negated: bool,
) -> Result<Dims> {
    match dim.as_deref() {
        Some([]) if negated => {
            let negation = fake_runtime::pointwise::laid_out(cx, t)?;
            cloned_strides(cx, &negation)
        }
        Some([]) => cloned_strides(cx, t),
        _ => fake_runtime::strides::contiguous(cx.env, &shape),
    }
}

/// `vector_norm_strides(self, ord, dim, keepdim)`: the layout of
/// `torch._refs.linalg.vector_norm` (the meta kernel of
/// `linalg_vector_norm`, and of the `norm` overloads through it). The
/// reduction's layout
/// (`reduced_strides`: `sum` for order 0, `amax`/`amin` for infinite
/// orders), for another order taken to the power `1 / ord` (a clone for
/// order 1, else laid out as an elementwise result; a conversion to the
/// result dtype keeps it); but
/// for a finite nonzero `ord` over dims known to be ones (every dim of a
/// one-element tensor when `dim` is absent or empty): no reduction runs,
/// the result is `abs(self)` (laid out as an elementwise result), made
/// contiguous with `keepdim` (which keeps the strides of its size-1 dims)
/// or viewed without the reduced dims (ATen's view) and made contiguous.
pub fn vector_norm_strides(
    cx: &mut Cx<'_>,
    t: &TensorMeta,
    ord: Scalar,
    dim: Option<IntList>,
    keepdim: bool,
) -> Result<Dims> {
    let sizes = shape::reduce(cx.op, &t.sizes, dim.as_deref(), keepdim)?;
    let value = match ord {
        Scalar::Float(fake_runtime::SymFloat::Const(v)) => Some(v),
        Scalar::Int(SymInt::Int(v)) => Some(v as f64),
        // A Python bool is the number it is.
        Scalar::Bool(SymBool::Bool(b)) => Some(f64::from(u8::from(b))),
        _ => None,
    };
    let special = value.is_some_and(|v| v != 0.0 && v.is_finite());
    let dims = match dim.as_deref() {
        // A number's dims are never tested (`x.ndim > 0`): it reduces.
        Some(d) if !d.is_empty() && t.dim() == 0 => {
            return fake_runtime::strides::contiguous(cx.env, &sizes);
        }
        Some(d) if !d.is_empty() => Some(
            d.iter()
                .map(|&d| shape::wrap_dim(cx.op, d, t.dim()))
                .collect::<Result<SmallVec<[usize; 4]>>>()?,
        ),
        _ => None,
    };
    let mut all = special;
    // Every size tested (`guard_or_false`) until one is not known to be 1.
    let tested: SmallVec<[SymInt; 4]> = match &dims {
        None => smallvec::smallvec![t.numel(cx.env)?],
        Some(dims) => dims.iter().map(|&d| t.sizes[d]).collect(),
    };
    for size in tested {
        if !all {
            break;
        }
        let one = cx.env.eq(size, SymInt::Int(1))?;
        all = cx.env.guard_or_false(one, cx.op)?;
    }
    if !all {
        let reduced = reduced_strides(cx, t, dim, keepdim)?;
        let Some(v) = value.filter(|v| *v != 0.0 && v.is_finite()) else {
            return Ok(reduced);
        };
        if v == 1.0 {
            return Ok(reduced);
        }
        let summed = TensorMeta {
            sizes,
            strides: reduced,
            storage_offset: SymInt::Int(0),
            ..t.clone()
        };
        return Ok(fake_runtime::pointwise::laid_out(cx, &summed)?.strides);
    }
    let abs = fake_runtime::pointwise::laid_out(cx, t)?;
    if keepdim || t.dim() == 0 {
        return contiguous_kept(cx, abs.sizes, abs.strides);
    }
    let Some(dims) = dims else {
        return Ok(Dims::new());
    };
    // Dropping size-1 dims is always a view.
    let decide = fake_runtime::view::view_decide(cx.env, &abs.sizes, &abs.strides, &sizes)?;
    let viewed = fake_runtime::strides::view_strides(
        cx.env,
        &abs.sizes,
        &abs.strides,
        &sizes,
        cx.op,
        decide,
    )?;
    let strides = match viewed {
        Some(strides) => strides,
        None => (0..t.dim())
            .filter(|d| !dims.contains(d))
            .map(|d| abs.strides[d])
            .collect(),
    };
    contiguous_kept(cx, sizes, strides)
}
