//! `_grouped_mm` and `_scaled_grouped_mm` (`meta_grouped_mm`,
//! `meta_scaled_grouped_mm`, both `_meta_grouped_mm_common`, the second
//! with float8 operands and their scales): groups of matrix products of a
//! 2-D or 3-D `self` and `mat2`,
//! a 2-D operand split along its rows or columns by the `offs` ends. The
//! checks of `_grouped_mm_validate_inputs` in their order; the result's
//! last dim padded to 16 bytes in its strides, as the meta does on a
//! CUDA build of PyTorch (the wheels this project's fixtures come from),
//! whichever device the operands are on. `_scaled_grouped_mm_v2`
//! (`meta_scaled_grouped_mm_v2`) makes the same result and checks nothing
//! before it (its validation is a C++ meta the fake mode does not run).

use super::attention::size_at;
use super::invalid;
use fake_runtime::shape::{Dims, display_torch_size};
use fake_runtime::support::{args, require, require_printing, round_up, sizes_equal};
use fake_runtime::{Alias, Arg, Cx, DType, Out, Outs, Result, SymInt, TensorMeta};

/// `_grouped_mm(Tensor self, Tensor mat2, Tensor? offs=None, Tensor?
/// bias=None, ScalarType? out_dtype=None) -> Tensor`.
pub(crate) fn grouped_mm(cx: &mut Cx<'_>, a: &[Arg<'_>]) -> Result<Outs> {
    let mat_a = args::tensor(cx, a, 0, "self")?;
    let mat_b = args::tensor(cx, a, 1, "mat2")?;
    let offs = args::opt_tensor(cx, a, 2, "offs")?;
    let bias = args::opt_tensor(cx, a, 3, "bias")?;
    let out_dtype = args::opt_dtype(cx, a, 4, "out_dtype", None)?;
    common(cx, [mat_a, mat_b], None, offs, bias, out_dtype)
}

/// `_scaled_grouped_mm(Tensor self, Tensor mat2, Tensor scale_a, Tensor
/// scale_b, Tensor? offs=None, Tensor? bias=None, Tensor?
/// scale_result=None, ScalarType? out_dtype=None, bool
/// use_fast_accum=False) -> Tensor`: float8 E4M3 operands, `self`
/// row-major and `mat2` column-major, float32 (or MXFP8's float8_e8m0fnu)
/// scales of the groups' rows and columns; a bfloat16 result.
pub(crate) fn scaled_grouped_mm(cx: &mut Cx<'_>, a: &[Arg<'_>]) -> Result<Outs> {
    let mat_a = args::tensor(cx, a, 0, "self")?;
    let mat_b = args::tensor(cx, a, 1, "mat2")?;
    let scale_a = args::tensor(cx, a, 2, "scale_a")?;
    let scale_b = args::tensor(cx, a, 3, "scale_b")?;
    let offs = args::opt_tensor(cx, a, 4, "offs")?;
    let bias = args::opt_tensor(cx, a, 5, "bias")?;
    let scale_result = args::opt_tensor(cx, a, 6, "scale_result")?;
    // `meta_scaled_grouped_mm`: `out_dtype or torch.bfloat16`.
    let out_dtype = args::opt_dtype(cx, a, 7, "out_dtype", None)?.unwrap_or(DType::BFloat16);
    let scales = Scales {
        a: scale_a,
        b: scale_b,
        result: scale_result,
    };
    common(
        cx,
        [mat_a, mat_b],
        Some(scales),
        offs,
        bias,
        Some(out_dtype),
    )
}

/// `_scaled_grouped_mm_v2(Tensor self, Tensor mat2, Tensor[] scale_a,
/// int[] recipe_a, int[] swizzle_a, Tensor[] scale_b, int[] recipe_b,
/// int[] swizzle_b, Tensor? offs=None, Tensor? bias=None, ScalarType?
/// out_dtype=None, int[] contraction_dim=[], bool use_fast_accum=False)
/// -> Tensor`: the result alone, in `out_dtype` (bfloat16 when absent);
/// the operands' dtypes and layouts, the scales, recipes, bias and
/// contraction dims are not read.
pub(crate) fn scaled_grouped_mm_v2(cx: &mut Cx<'_>, a: &[Arg<'_>]) -> Result<Outs> {
    let mat_a = args::tensor(cx, a, 0, "self")?;
    let mat_b = args::tensor(cx, a, 1, "mat2")?;
    let offs = args::opt_tensor(cx, a, 8, "offs")?;
    let out_dtype = args::opt_dtype(cx, a, 10, "out_dtype", None)?.unwrap_or(DType::BFloat16);
    output(cx, mat_a, mat_b, offs, out_dtype)
}

/// The scales of a scaled grouped product.
struct Scales<'a> {
    a: &'a TensorMeta,
    b: &'a TensorMeta,
    result: Option<&'a TensorMeta>,
}

/// `_meta_grouped_mm_common`: its checks in order, then the output.
fn common(
    cx: &mut Cx<'_>,
    [mat_a, mat_b]: [&TensorMeta; 2],
    scales: Option<Scales<'_>>,
    offs: Option<&TensorMeta>,
    bias: Option<&TensorMeta>,
    out_dtype: Option<DType>,
) -> Result<Outs> {
    if scales.is_some() {
        if mat_a.dtype != DType::Float8E4M3Fn || mat_b.dtype != DType::Float8E4M3Fn {
            return Err(invalid(
                cx,
                format!(
                    "Expected inputs of E4M3 FP8 type but got mat_a.dtype=torch.{} and mat_b.dtype=torch.{}.",
                    mat_a.dtype, mat_b.dtype
                ),
            ));
        }
    } else {
        for (name, m) in [("mat_a", mat_a), ("mat_b", mat_b)] {
            if !matches!(m.dtype, DType::BFloat16 | DType::Float32 | DType::Float16) {
                return Err(invalid(
                    cx,
                    format!(
                        "Expected {name} to be Float32, BFloat16 or Float16 matrix, got torch.{}.",
                        m.dtype
                    ),
                ));
            }
        }
    }
    let (da, db) = (mat_a.dim(), mat_b.dim());
    if !(2..=3).contains(&da) || !(2..=3).contains(&db) {
        return Err(invalid(
            cx,
            format!("Multiplicands must be 2D or 3D but got mat_a.dim()={da} and mat_b.dim()={db}"),
        ));
    }
    let (a2, b2) = (da == 2, db == 2);
    if !a2 || !b2 {
        let same = cx.env.eq(mat_a.sizes[da - 1], mat_b.sizes[db - 2])?;
        require(
            cx,
            same,
            "contraction dimension of mat_a and mat_b must match",
        )?;
    }
    if scales.is_some() {
        check_major(cx, "mat_a", mat_a, true)?;
        check_major(cx, "mat_b", mat_b, false)?;
    }
    valid_strides(cx, "mat_a", mat_a)?;
    valid_strides(cx, "mat_b", mat_b)?;
    if let Some(scales) = &scales {
        check_scales(cx, [mat_a, mat_b], scales, offs)?;
    }
    if a2 || b2 {
        let Some(o) = offs else {
            return Err(invalid(
                cx,
                format!(
                    "Offsets tensor not provided, but is needed for {da}D/{db}D multiplicand layouts."
                ),
            ));
        };
        if o.dim() != 1 {
            return Err(invalid(
                cx,
                format!("Offsets tensor must be 1D, but got offs.dim()={}.", o.dim()),
            ));
        }
        if o.dtype != DType::Int32 {
            return Err(invalid(
                cx,
                format!(
                    "Offsets tensor must be integer (int32) tensor, but got torch.{}.",
                    o.dtype
                ),
            ));
        }
        let unit = cx.env.eq(o.strides[0], SymInt::Int(1))?;
        let stride = o.strides[0];
        require_printing(cx, unit, &|env| {
            format!(
                "Offsets tensor must have stride (1,), but got ({},).",
                env.display(stride)
            )
        })?;
    } else if offs.is_some() {
        return Err(invalid(
            cx,
            "Offsets tensor provided, but is not needed for 3D/3D multiplicand layouts.",
        ));
    }
    if bias.is_some() {
        return Err(invalid(
            cx,
            "Bias tensor provided, but it is not supported yet.",
        ));
    }
    let dtype = if scales.is_some() {
        if out_dtype.is_some_and(|d| d != DType::BFloat16) {
            return Err(invalid(
                cx,
                "If output dtype provided, it must be torch.bfloat16.",
            ));
        }
        out_dtype.unwrap_or(DType::BFloat16)
    } else {
        // The result has `mat_a`'s dtype: the only one `out_dtype` may name.
        if out_dtype.is_some_and(|d| d != mat_a.dtype) {
            return Err(invalid(
                cx,
                "Grouped gemm output dtype must match `mat_a` dtype.",
            ));
        }
        mat_a.dtype
    };
    output(cx, mat_a, mat_b, offs, dtype)
}

/// `is_row_major(mat)` (`row`: `stride[-2] > 1 and stride[-1] == 1`) or
/// `is_col_major(mat)`, each comparison a guard, checked.
fn check_major(cx: &mut Cx<'_>, name: &str, m: &TensorMeta, row: bool) -> Result<()> {
    let n = m.dim();
    let (s, t) = (m.strides[n - 2], m.strides[n - 1]);
    // Row-major: `s > 1 and t == 1`; column-major: `s == 1 and t > 1`.
    let (first, second) = if row {
        (cx.env.gt(s, SymInt::Int(1))?, cx.env.eq(t, SymInt::Int(1))?)
    } else {
        (cx.env.eq(s, SymInt::Int(1))?, cx.env.gt(t, SymInt::Int(1))?)
    };
    let ok = cx.env.guard_bool(first, cx.op)? && cx.env.guard_bool(second, cx.op)?;
    if ok {
        return Ok(());
    }
    let layout = if row { "row" } else { "column" };
    let shown = super::inplace_refs::python_tuple(cx, &m.strides[n - 2..]);
    Err(invalid(
        cx,
        format!(
            "Expected {name} tensor to be {layout} major in the last two dimensions, got strides {shown}"
        ),
    ))
}

/// The scales' dtypes (both float32, or both float8_e8m0fnu for MXFP8),
/// then `check_scale` of each: a 2-D operand's scale contiguous, one per
/// row (`mat_a`) or column (`mat_b`) of every group; a 3-D operand's
/// contiguous in its last dim, one row per batch.
fn check_scales(
    cx: &mut Cx<'_>,
    [mat_a, mat_b]: [&TensorMeta; 2],
    scales: &Scales<'_>,
    offs: Option<&TensorMeta>,
) -> Result<()> {
    let (sa, sb) = (scales.a.dtype, scales.b.dtype);
    let mxfp8 = sa == DType::Float8E8M0Fnu && sb == DType::Float8E8M0Fnu;
    if !(mxfp8 || (sa == DType::Float32 && sb == DType::Float32)) {
        return Err(invalid(
            cx,
            format!(
                "For FP8 scales must both be float32, or for MXFP8 both scales must be float8_e8m0fnu. Got scale_a.dtype=torch.{sa} and scale_b.dtype=torch.{sb}."
            ),
        ));
    }
    let multiplier = match offs {
        Some(o) if mat_a.dim() == 2 && mat_b.dim() == 2 => match o.sizes.first() {
            Some(&groups) => groups,
            None => return Err(invalid(cx, "tuple index out of range")),
        },
        _ => SymInt::Int(1),
    };
    check_scale(cx, "scale_a", scales.a, mat_a, 0, multiplier, mxfp8)?;
    check_scale(cx, "scale_b", scales.b, mat_b, 1, multiplier, mxfp8)?;
    if scales.result.is_some() {
        return Err(invalid(
            cx,
            "Scale result tensor provided, but it is not supported yet.",
        ));
    }
    Ok(())
}

/// `check_scale(name, scale, mat, scaled_dim, scale_multiplier)`.
fn check_scale(
    cx: &mut Cx<'_>,
    name: &str,
    scale: &TensorMeta,
    mat: &TensorMeta,
    scaled_dim: usize,
    multiplier: SymInt,
    mxfp8: bool,
) -> Result<()> {
    if mat.dim() == 2 {
        let contiguous = fake_runtime::strides::is_contiguous(
            cx.env,
            &scale.sizes,
            &scale.strides,
            cx.op,
            fake_runtime::strides::Decide::Guard,
        )?;
        if !contiguous {
            return Err(invalid(cx, format!("Expected {name} to be contiguous.")));
        }
        if mxfp8 {
            if scale.dim() != mat.dim() {
                return Err(invalid(
                    cx,
                    format!(
                        "For MXFP8, scale must have same number of dimensions as target tensor, but {name} has mat.ndim={} and scale.ndim={}",
                        mat.dim(),
                        scale.dim()
                    ),
                ));
            }
            return Ok(());
        }
        if scale.dim() != 1 {
            return Err(invalid(
                cx,
                format!(
                    "Expected {name} to be 1D tensor, but got {}D tensor.",
                    scale.dim()
                ),
            ));
        }
        let want = cx.env.mul(mat.sizes[scaled_dim], multiplier)?;
        let got = scale.sizes[0];
        let same = cx.env.eq(got, want)?;
        return require_printing(cx, same, &|env| {
            format!(
                "Expected {name} to have {} elements, got {} elements.",
                env.display(want),
                env.display(got)
            )
        });
    }
    let Some(&last) = scale.strides.last() else {
        return Err(invalid(
            cx,
            "Dimension specified as -1 but tensor has no dimensions",
        ));
    };
    let unit = cx.env.eq(last, SymInt::Int(1))?;
    require(
        cx,
        unit,
        &format!("Expected {name} to be contiguous in the last dimension."),
    )?;
    let (batch, got) = (mat.sizes[0], scale.sizes[0]);
    let same = cx.env.eq(got, batch)?;
    require_printing(cx, same, &|env| {
        format!(
            "Expected {name} batch dimension to be {}, got {}.",
            env.display(batch),
            env.display(got)
        )
    })?;
    if mxfp8 {
        if scale.dim() != mat.dim() - 1 {
            return Err(invalid(
                cx,
                format!(
                    "For MXFP8, 3d tensor should have 2d scales, but {name} has mat.ndim={} and scale.ndim={}",
                    mat.dim(),
                    scale.dim()
                ),
            ));
        }
        return check_mxfp8_blocks(cx, scale, mat);
    }
    if scale.dim() != 2 {
        return Err(invalid(
            cx,
            format!(
                "Expected {name} to be 2D tensor, but got {}D tensor.",
                scale.dim()
            ),
        ));
    }
    let (want, got) = (mat.sizes[1 + scaled_dim], scale.sizes[1]);
    let same = cx.env.eq(got, want)?;
    require_printing(cx, same, &|env| {
        format!(
            "Expected {name} non-batch dimension to be {}, got {}.",
            env.display(want),
            env.display(got)
        )
    })
}

/// A 3-D MXFP8 operand's blocked scales: `[G, blocked_K * blocked_N]`,
/// `blocked_K = round_up(K / 32, 4)` (a float: `floor((K + 96) / 128) *
/// 4` exactly, printed as one) and `blocked_N = round_up(N, 128)`.
fn check_mxfp8_blocks(cx: &mut Cx<'_>, scale: &TensorMeta, mat: &TensorMeta) -> Result<()> {
    let (g, k, n) = (mat.sizes[0], mat.sizes[1], mat.sizes[2]);
    let k_up = cx.env.add(k, SymInt::Int(96))?;
    let k_blocks = cx.env.floordiv(k_up, SymInt::Int(128))?;
    let blocked_k = cx.env.mul(k_blocks, SymInt::Int(4))?;
    let blocked_n = round_up(cx, n, 128)?;
    let blocked = cx.env.mul(blocked_k, blocked_n)?;
    let fits = sizes_equal(cx, scale.sizes[0], g)? && sizes_equal(cx, scale.sizes[1], blocked)?;
    if fits {
        return Ok(());
    }
    let message = format!(
        "For MXFP8, expected mat.shape={} to have scale shape of ({},{}.0), but got {}",
        display_torch_size(cx.env, &mat.sizes),
        cx.env.display(g),
        cx.env.display(blocked),
        display_torch_size(cx.env, &scale.sizes)
    );
    Err(invalid(cx, message))
}

/// `check_valid_strides(name, mat)`: the last two dims laid out as a
/// column-major or a row-major matrix, its leading stride a multiple of
/// 16 bytes.
fn valid_strides(cx: &mut Cx<'_>, name: &str, m: &TensorMeta) -> Result<()> {
    let end = m.dim() - 1;
    let alignment = SymInt::Int(16 / m.dtype.itemsize() as i64);
    let one = SymInt::Int(1);
    let (s, t) = (m.strides[end - 1], m.strides[end]);
    // `stride[d] == 1 and stride[e] >= max(1, size[d])`, each a guard.
    let leading = |cx: &mut Cx<'_>, unit: SymInt, lead: SymInt, size: SymInt| {
        let is_unit = cx.env.eq(unit, one)?;
        if !cx.env.guard_bool(is_unit, cx.op)? {
            return Ok(false);
        }
        let floor = cx.env.max(one, size)?;
        let wide = cx.env.ge(lead, floor)?;
        cx.env.guard_bool(wide, cx.op)
    };
    let (dim, lead) = if leading(cx, s, t, m.sizes[end - 1])? {
        (end, t)
    } else if leading(cx, t, s, m.sizes[end])? {
        (end - 1, s)
    } else {
        let message = format!(
            "Invalid strides/sizes, got {} for strides and {} for sizes.",
            super::inplace_refs::python_tuple(cx, &m.strides),
            display_torch_size(cx.env, &m.sizes)
        );
        return Err(invalid(cx, message));
    };
    let rem = cx.env.modulo(lead, alignment)?;
    let aligned = cx.env.eq(rem, SymInt::Int(0))?;
    require_printing(cx, aligned, &|env| {
        format!(
            "Expected {name} stride along {dim} dim to be multiple of 16 bytes, got {}.",
            env.display(lead)
        )
    })
}

/// `_create_grouped_mm_output_tensor`: the groups' sizes (a batch per
/// offset when both operands are 2-D), in `dtype`, the last dim's stride
/// padded to 16 bytes of it. Operands of other ranks and a missing or
/// zero-dim `offs` are refused as its Python refuses them (an operand
/// of neither 2 nor 3 dims is read as a batched one).
fn output(
    cx: &mut Cx<'_>,
    mat_a: &TensorMeta,
    mat_b: &TensorMeta,
    offs: Option<&TensorMeta>,
    dtype: DType,
) -> Result<Outs> {
    let (a2, b2) = (mat_a.dim() == 2, mat_b.dim() == 2);
    // `offs.size(0)`.
    let groups = |cx: &Cx<'_>| match offs {
        Some(o) => size_at(cx, o, 0),
        None => Err(invalid(cx, "'NoneType' object has no attribute 'size'")),
    };
    let batches_match = |cx: &mut Cx<'_>, a: SymInt, b: SymInt, message: &str| {
        let same = cx.env.eq(a, b)?;
        require(cx, same, message)
    };
    let sizes: Dims = match (a2, b2) {
        (true, true) => Dims::from([groups(cx)?, size_at(cx, mat_a, 0)?, size_at(cx, mat_b, 1)?]),
        (true, false) => {
            let (g, b) = (groups(cx)?, size_at(cx, mat_b, 0)?);
            batches_match(cx, g, b, "matrix batch sizes have to match")?;
            Dims::from([size_at(cx, mat_a, 0)?, size_at(cx, mat_b, -1)?])
        }
        (false, true) => {
            let (g, b) = (groups(cx)?, size_at(cx, mat_a, 0)?);
            batches_match(cx, g, b, "matrix batch sizes have to match")?;
            Dims::from([size_at(cx, mat_a, 1)?, size_at(cx, mat_b, 1)?])
        }
        (false, false) => {
            let (a0, b0) = (size_at(cx, mat_a, 0)?, size_at(cx, mat_b, 0)?);
            batches_match(cx, a0, b0, "batched dimension has to match")?;
            Dims::from([a0, size_at(cx, mat_a, 1)?, size_at(cx, mat_b, -1)?])
        }
    };
    let alignment = 16 / dtype.itemsize() as i64;
    let last = sizes[sizes.len() - 1];
    let padded = round_up(cx, last, alignment)?;
    let strides: Dims = if a2 == b2 {
        let outer = cx.env.mul(sizes[1], padded)?;
        Dims::from([outer, padded, SymInt::Int(1)])
    } else {
        Dims::from([padded, SymInt::Int(1)])
    };
    let out = super::fresh(cx, mat_a, sizes, strides);
    Ok(std::iter::once(Out::Tensor(TensorMeta { dtype, ..out }, Alias::Fresh)).collect())
}
