//! Complex-number intrinsics: the dtypes of complex parts (a complex
//! result's dtype is `linalg::complex_dtype`), and
//! the strides of `view_as_real` / `view_as_complex`, which reinterpret a
//! complex element as two real ones (ATen's `computeStrideForViewAsReal`
//! and `computeStrideForViewAsComplex`).

use super::*;

/// `is_complex_part(d)`: `float16`, `float32` or `float64`, the dtypes
/// `complex`, `polar` and `view_as_complex` take.
pub fn is_complex_part(_cx: &mut Cx<'_>, d: DType) -> Result<bool> {
    Ok(matches!(
        d,
        DType::Float16 | DType::Float32 | DType::Float64
    ))
}

/// `real_view_strides(t)`: the strides of `view_as_real(t)`: each stride
/// doubled, then 1 for the new last dim of the two parts.
pub fn real_view_strides(cx: &mut Cx<'_>, t: &TensorMeta) -> Result<Dims> {
    let mut out = Dims::new();
    for &st in &t.strides {
        out.push(cx.env.mul(st, SymInt::Int(2))?);
    }
    out.push(SymInt::Int(1));
    Ok(out)
}

/// `complex_view_strides(t)`: the strides of `view_as_complex(t)`: the
/// last stride must be 1, the others even (but for size-1 dims), and are
/// halved.
pub fn complex_view_strides(cx: &mut Cx<'_>, t: &TensorMeta) -> Result<Dims> {
    let Some((&last, rest)) = t.strides.split_last() else {
        return Err(invalid(
            cx,
            "Tensor must have a last dimension with stride 1".into(),
        ));
    };
    let one = cx.env.eq(last, SymInt::Int(1))?;
    shape::check(cx.env, one, cx.op, &|| {
        "Tensor must have a last dimension with stride 1".into()
    })?;
    let mut out = Dims::new();
    for (&st, &size) in rest.iter().zip(&t.sizes) {
        // A size-1 dim's stride is not checked (it steps over nothing).
        let m = cx.env.modulo(st, SymInt::Int(2))?;
        let even = cx.env.eq(m, SymInt::Int(0))?;
        let single = cx.env.eq(size, SymInt::Int(1))?;
        let even = cx.env.or(even, single)?;
        shape::check(cx.env, even, cx.op, &|| {
            "Tensor must have a stride divisible by 2 for all but last dimension".into()
        })?;
        out.push(cx.env.floordiv(st, SymInt::Int(2))?);
    }
    Ok(out)
}

/// `doubled(s)`: every element times 2.
pub fn doubled(cx: &mut Cx<'_>, s: Dims) -> Result<Dims> {
    s.into_iter()
        .map(|x| cx.env.mul(x, SymInt::Int(2)))
        .collect()
}
