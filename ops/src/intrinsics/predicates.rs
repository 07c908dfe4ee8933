//! Predicates and small answers rules test: sizes all nonnegative or
//! positive, reduced dims nonempty, optional arguments given, a number
//! usable with a dtype, the dtypes some operators answer with.

use super::*;

/// `all_nonneg(s)`: every size is `>= 0` (factories refuse negative
/// dims).
pub fn all_nonneg(cx: &mut Cx<'_>, s: Dims) -> Result<SymBool> {
    let mut acc = SymBool::Bool(true);
    for &d in &s {
        let c = cx.env.ge(d, SymInt::Int(0))?;
        acc = cx.env.and(acc, c)?;
    }
    Ok(acc)
}

/// `all_positive(s)`: every size is `> 0`.
pub fn all_positive(cx: &mut Cx<'_>, s: Dims) -> Result<SymBool> {
    let mut acc = SymBool::Bool(true);
    for &d in &s {
        let c = cx.env.gt(d, SymInt::Int(0))?;
        acc = cx.env.and(acc, c)?;
    }
    Ok(acc)
}

/// `reduced_nonempty(s, dim)`: every dim reduced over (all when `dim` is
/// absent or empty) has a size other than 0 (reductions without an
/// identity, as `amax`, refuse empty dims).
pub fn reduced_nonempty(cx: &mut Cx<'_>, s: Dims, dim: Option<IntList>) -> Result<SymBool> {
    let dims: SmallVec<[usize; 6]> = match dim.as_deref() {
        None | Some([]) => (0..s.len()).collect(),
        Some(list) => list
            .iter()
            .map(|&d| shape::wrap_dim(cx.op, d, s.len()))
            .collect::<Result<_>>()?,
    };
    let mut acc = SymBool::Bool(true);
    for d in dims {
        if let Some(&size) = s.get(d) {
            let c = cx.env.ne(size, SymInt::Int(0))?;
            acc = cx.env.and(acc, c)?;
        }
    }
    Ok(acc)
}

/// `shape_or_absent(t, shape)`: `t` is absent or has sizes `shape`.
pub fn shape_or_absent(cx: &mut Cx<'_>, t: Option<&TensorMeta>, shape: Dims) -> Result<SymBool> {
    match t {
        None => Ok(SymBool::Bool(true)),
        Some(t) => dims_eq(cx, &t.sizes, &shape),
    }
}

/// `any_dtype(dtype)`: the dtype of `any`/`all`, `uint8` for `uint8`
/// inputs (a legacy ATen keeps) and `bool` for everything else.
pub fn any_dtype(_cx: &mut Cx<'_>, dtype: DType) -> Result<DType> {
    Ok(if dtype == DType::UInt8 {
        DType::UInt8
    } else {
        DType::Bool
    })
}

/// `real_dtype(dtype)`: the real dtype of a complex one (`complex64` ->
/// `float32`), any other unchanged.
pub fn real_dtype(_cx: &mut Cx<'_>, dtype: DType) -> Result<DType> {
    Ok(dtype.to_real())
}

/// `present(x)`: the optional number `x` is given.
pub fn present(_cx: &mut Cx<'_>, x: Option<Scalar>) -> Result<bool> {
    Ok(x.is_some())
}

/// `given(t)`: the optional tensor `t` is given.
pub fn given(_cx: &mut Cx<'_>, t: Option<&TensorMeta>) -> Result<bool> {
    Ok(t.is_some())
}

/// `scalar_fits(dtype, s)`: `s` can be used with a tensor of `dtype`
/// without losing its kind (PyTorch refuses a float `alpha` for integer
/// tensors): bool tensors take anything, others what [`weakly_fits`]
/// takes (`torch._refs.add`'s check of `alpha`).
pub fn scalar_fits(cx: &mut Cx<'_>, dtype: DType, s: Scalar) -> Result<bool> {
    Ok(dtype == DType::Bool || weakly_fits(cx, dtype, s)?)
}

/// `is_one(s)`: `s == 1` as Python compares numbers (`True`, `1`, `1.0`,
/// `1+0j`); a symbolic number is not known to be one.
pub fn is_one(_cx: &mut Cx<'_>, s: Scalar) -> Result<bool> {
    Ok(match s {
        Scalar::Int(SymInt::Int(v)) => v == 1,
        Scalar::Float(f) => f.as_f64() == Some(1.0),
        Scalar::Bool(SymBool::Bool(b)) => b,
        Scalar::Complex(re, im) => re == 1.0 && im == 0.0,
        _ => false,
    })
}
