//! `_scaled_mm`, `_scaled_mm_v2` and `_scaled_addmm`, the float8 (and
//! float4) matrix products, as their Python metas (`_check_scaled_mm_sizes`,
//! `meta_scaled_mm_v2`, `meta_scaled_addmm`): a new contiguous `[m, n]` of
//! `out_dtype` (else `self`'s dtype). The first checks the operands'
//! layouts and the scales' configuration (tensorwise, rowwise, blockwise)
//! in the meta's order, on devices other than the CPU the layouts and the
//! multiples of 16 too, but not that the inner sizes agree; the second
//! checks only the sizes, and the third the second's and its addend's.

use super::invalid;
use fake_runtime::shape::display_torch_size;
use fake_runtime::strides::{Decide, is_contiguous};
use fake_runtime::support::{args, ceil_div, require_printing, round_up, sizes_equal as equal};
use fake_runtime::{Arg, Cx, DType, DeviceType, Outs, Result, Scalar, SymBool, SymInt, TensorMeta};

/// The dtypes the operands may have (`is_fp8_or_fp4_type`).
fn fp8_or_fp4(d: DType) -> bool {
    matches!(
        d,
        DType::Float8E4M3Fn
            | DType::Float8E5M2
            | DType::Float8E4M3Fnuz
            | DType::Float8E5M2Fnuz
            | DType::Float4E2M1FnX2
    )
}

/// A Python `bool()` of a condition on sizes: a guard where it is
/// symbolic.
fn truth(cx: &mut Cx<'_>, c: SymBool) -> Result<bool> {
    cx.env.guard_bool(c, cx.op)
}

/// `t.is_contiguous()` on a fake tensor (a guard where symbolic).
fn contiguous(cx: &mut Cx<'_>, t: &TensorMeta) -> Result<bool> {
    is_contiguous(cx.env, &t.sizes, &t.strides, cx.op, Decide::Guard)
}

/// `is_row_major(stride) or has_zero_dim(t)` (`row`), or the column-major
/// form.
fn major_or_empty(cx: &mut Cx<'_>, t: &TensorMeta, row: bool) -> Result<bool> {
    let (s0, s1) = (t.strides[0], t.strides[1]);
    let major = if row {
        let c = cx.env.gt(s0, s1)?;
        truth(cx, c)? && equal(cx, s1, SymInt::Int(1))?
    } else {
        equal(cx, s0, SymInt::Int(1))? && {
            let c = cx.env.gt(s1, SymInt::Int(1))?;
            truth(cx, c)?
        }
    };
    Ok(major || equal(cx, t.sizes[0], SymInt::Int(0))? || equal(cx, t.sizes[1], SymInt::Int(0))?)
}

/// `size % 16 == 0`.
fn multiple_of_16(cx: &mut Cx<'_>, size: SymInt) -> Result<SymBool> {
    let rem = cx.env.modulo(size, SymInt::Int(16))?;
    cx.env.eq(rem, SymInt::Int(0))
}

/// Both operands matrices.
fn check_matrices(cx: &Cx<'_>, mat_a: &TensorMeta, mat_b: &TensorMeta) -> Result<()> {
    if mat_a.dim() == 2 && mat_b.dim() == 2 {
        return Ok(());
    }
    Err(invalid(
        cx,
        format!(
            "Inputs must be 2D but got self.dim()={} and mat2.dim()={}",
            mat_a.dim(),
            mat_b.dim()
        ),
    ))
}

/// The new `[m, n]` result.
fn product(cx: &mut Cx<'_>, m: &TensorMeta, n: SymInt, dtype: DType) -> Result<Outs> {
    let out = super::new_tensor(cx, &[m.sizes[0], n], dtype, m.device)?;
    Ok(std::iter::once(out).collect())
}

/// `_scaled_mm(Tensor self, Tensor mat2, Tensor scale_a, Tensor scale_b,
/// Tensor? bias=None, Tensor? scale_result=None, ScalarType?
/// out_dtype=None, bool use_fast_accum=False) -> Tensor`.
pub(crate) fn scaled_mm(cx: &mut Cx<'_>, a: &[Arg<'_>]) -> Result<Outs> {
    let mat_a = args::tensor(cx, a, 0, "self")?;
    let mat_b = args::tensor(cx, a, 1, "mat2")?;
    let scale_a = args::tensor(cx, a, 2, "scale_a")?;
    let scale_b = args::tensor(cx, a, 3, "scale_b")?;
    let out_dtype = args::opt_dtype(cx, a, 6, "out_dtype", None)?;
    check_matrices(cx, mat_a, mat_b)?;
    if !fp8_or_fp4(mat_a.dtype) || !fp8_or_fp4(mat_b.dtype) {
        return Err(invalid(
            cx,
            format!(
                "Expected both inputs to be fp8 or fp4 types but got self.dtype=torch.{} and mat2.dtype=torch.{}",
                mat_a.dtype, mat_b.dtype
            ),
        ));
    }
    let device = mat_a.device.ty;
    if matches!(device, DeviceType::Cuda | DeviceType::Xpu | DeviceType::Cpu) {
        if device != DeviceType::Cpu {
            check_operand_layouts(cx, mat_a, mat_b)?;
        }
        check_scales(cx, mat_a, mat_b, scale_a, scale_b)?;
    }
    product(cx, mat_a, mat_b.sizes[1], out_dtype.unwrap_or(mat_a.dtype))
}

/// Off the CPU: `self` row-major and `mat2` column-major (or empty), the
/// inner and outer sizes multiples of 16.
fn check_operand_layouts(cx: &mut Cx<'_>, mat_a: &TensorMeta, mat_b: &TensorMeta) -> Result<()> {
    if !major_or_empty(cx, mat_a, true)? {
        let shown = super::inplace_refs::python_tuple(cx, &mat_a.strides);
        return Err(invalid(
            cx,
            format!("self must be row_major, got stride {shown}"),
        ));
    }
    if !major_or_empty(cx, mat_b, false)? {
        let shown = super::inplace_refs::python_tuple(cx, &mat_b.strides);
        return Err(invalid(
            cx,
            format!("mat2 must be col_major, got stride {shown}"),
        ));
    }
    let k = mat_a.sizes[1];
    let inner = multiple_of_16(cx, k)?;
    require_printing(cx, inner, &|env| {
        format!(
            "Expected self.size(1) to be divisible by 16, but got self.size(1)={}",
            env.display(k)
        )
    })?;
    // Python's `and`: the first test decided, the second checked.
    let rows = multiple_of_16(cx, mat_b.sizes[0])?;
    let both = if truth(cx, rows)? {
        multiple_of_16(cx, mat_b.sizes[1])?
    } else {
        SymBool::Bool(false)
    };
    let sizes = mat_b.sizes.clone();
    require_printing(cx, both, &|env| {
        format!(
            "Expected both dimensions of mat2 to be divisible by 16 but got {}",
            display_torch_size(env, &sizes)
        )
    })
}

/// The scales' configuration: tensorwise (one element each), blockwise
/// (both float8_e8m0fnu or both float8_e4m3fn, their counts those of the
/// padded blocks), else rowwise or one of the 128-blocks' shapes.
fn check_scales(
    cx: &mut Cx<'_>,
    mat_a: &TensorMeta,
    mat_b: &TensorMeta,
    scale_a: &TensorMeta,
    scale_b: &TensorMeta,
) -> Result<()> {
    let (m, k, n) = (mat_a.sizes[0], mat_a.sizes[1], mat_b.sizes[1]);
    let blockwise = (scale_a.dtype == DType::Float8E8M0Fnu
        && scale_b.dtype == DType::Float8E8M0Fnu)
        || (scale_a.dtype == DType::Float8E4M3Fn && scale_b.dtype == DType::Float8E4M3Fn);
    let numel_a = scale_a.numel(cx.env)?;
    let numel_b = scale_b.numel(cx.env)?;
    let both_fp32 = scale_a.dtype == DType::Float32 && scale_b.dtype == DType::Float32;
    if equal(cx, numel_a, SymInt::Int(1))? && equal(cx, numel_b, SymInt::Int(1))? {
        if !both_fp32 {
            return Err(invalid(
                cx,
                "For tensorwise scaling, both scale_a and scale_b must be float (fp32) tensors.",
            ));
        }
        return Ok(());
    }
    if blockwise {
        return check_blockwise(cx, [mat_a, mat_b], [scale_a, scale_b], [numel_a, numel_b]);
    }
    if !both_fp32 {
        return Err(invalid(
            cx,
            "For rowwise scaling, both scale_a and scale_b must be float (fp32) tensors.",
        ));
    }
    if scale_a.dim() != 2 || scale_b.dim() != 2 {
        return Err(invalid(
            cx,
            format!(
                "For non-tensorwise scaling, scale tensors must be 2D, but got scale_a.dim()={} and scale_b.dim()={}",
                scale_a.dim(),
                scale_b.dim()
            ),
        ));
    }
    let (a0, a1, b0, b1) = (
        scale_a.sizes[0],
        scale_a.sizes[1],
        scale_b.sizes[0],
        scale_b.sizes[1],
    );
    if equal(cx, a0, m)?
        && equal(cx, a1, SymInt::Int(1))?
        && equal(cx, b0, SymInt::Int(1))?
        && equal(cx, b1, n)?
    {
        if !(contiguous(cx, scale_a)? && contiguous(cx, scale_b)?) {
            return Err(invalid(
                cx,
                "Both scale_a and scale_b must be contiguous for rowwise scaling.",
            ));
        }
        return Ok(());
    }
    let k_blocks = ceil_div(cx, k, 128)?;
    let n_blocks = ceil_div(cx, n, 128)?;
    let m_blocks = ceil_div(cx, m, 128)?;
    // `scale_a.size(1) == scale_b.size(0) == ceil_div(_k, 128)`: a chained
    // comparison, decided left to right.
    let inner =
        |cx: &mut Cx<'_>| -> Result<bool> { Ok(equal(cx, a1, b0)? && equal(cx, b0, k_blocks)?) };
    let block_1x128_128x128 = equal(cx, a0, m)? && inner(cx)? && equal(cx, b1, n_blocks)?;
    if block_1x128_128x128 {
        return Ok(());
    }
    let block_1x128_1x128 = equal(cx, a0, m)? && inner(cx)? && equal(cx, b1, n)?;
    if block_1x128_1x128 {
        return Ok(());
    }
    let block_128x128_1x128 = equal(cx, a0, m_blocks)? && inner(cx)? && equal(cx, b1, n)?;
    if block_128x128_1x128 {
        return Ok(());
    }
    let d = |v: SymInt| cx.env.display(v);
    let (m, kb, nb, mb) = (d(m), d(k_blocks), d(n_blocks), d(m_blocks));
    let n = d(n);
    let got = format!(
        "Got scale_a.size()=({}, {}) and scale_b.size()=({}, {})",
        d(a0),
        d(a1),
        d(b0),
        d(b1)
    );
    Err(invalid(
        cx,
        format!(
            "Invalid scaling configuration. For tensorwise scaling, both scales should be scalar. \
             For rowwise scaling, scale_a should be ({m}, 1), scale_b should be (1, {n}). \
             For (BlockWise1x128, BlockWise128x128), scale_a should be ({m}, {kb}), scale_b should be ({kb}, {nb}). \
             For (BlockWise1x128, BlockWise1x128), scale_a should be ({m}, {kb}), scale_b should be ({kb}, {n}). \
             For (BlockWise128x128, BlockWise1x128), scale_a should be ({mb}, {kb}), scale_b should be ({kb}, {n}). \
             {got}"
        ),
    ))
}

/// Blockwise scales: as many elements as the blocks of `self` and `mat2`
/// (on CUDA and the CPU padded to 128 rows and to four blocks of the
/// inner size, on XPU unpadded), contiguous (on XPU or column-major).
fn check_blockwise(
    cx: &mut Cx<'_>,
    [mat_a, mat_b]: [&TensorMeta; 2],
    [scale_a, scale_b]: [&TensorMeta; 2],
    numels: [SymInt; 2],
) -> Result<()> {
    let (m, mut k, n) = (mat_a.sizes[0], mat_a.sizes[1], mat_b.sizes[1]);
    let block_k = if scale_a.dtype == DType::Float8E4M3Fn {
        k = cx.env.mul(k, SymInt::Int(2))?;
        16
    } else {
        if mat_a.dtype == DType::Float4E2M1FnX2 {
            k = cx.env.mul(k, SymInt::Int(2))?;
        }
        32
    };
    let k_blocks = ceil_div(cx, k, block_k)?;
    let xpu = mat_a.device.ty == DeviceType::Xpu;
    let expected = if xpu {
        [cx.env.mul(k_blocks, m)?, cx.env.mul(k_blocks, n)?]
    } else {
        let padded = round_up(cx, k_blocks, 4)?;
        let mut sizes = [SymInt::Int(0); 2];
        for (size, rows) in sizes.iter_mut().zip([m, n]) {
            let rows = round_up(cx, rows, 128)?;
            *size = cx.env.mul(rows, padded)?;
        }
        sizes
    };
    if !(equal(cx, numels[0], expected[0])? && equal(cx, numels[1], expected[1])?) {
        let d = |v: SymInt| cx.env.display(v);
        let message = format!(
            "Invalid blockwise scaling configuration. For blockwise scaling, scale_a should have {} elements, got {}, scale_b should have {} elements, got {}.",
            d(expected[0]),
            d(numels[0]),
            d(expected[1]),
            d(numels[1])
        );
        return Err(invalid(cx, message));
    }
    for (name, scale) in [("scale_a", scale_a), ("scale_b", scale_b)] {
        let ok = contiguous(cx, scale)? || (xpu && transposed_contiguous(cx, scale)?);
        if !ok {
            let message = if xpu {
                format!("{name} must be contiguous or column-major contiguous")
            } else {
                format!("{name} must be contiguous")
            };
            return Err(invalid(cx, message));
        }
    }
    Ok(())
}

/// `t.t().is_contiguous()` (a tensor of at most two dims).
fn transposed_contiguous(cx: &mut Cx<'_>, t: &TensorMeta) -> Result<bool> {
    if t.dim() > 2 {
        return Err(invalid(
            cx,
            format!(
                "t() expects a tensor with <= 2 dimensions, but self is {}D",
                t.dim()
            ),
        ));
    }
    let sizes: Vec<SymInt> = t.sizes.iter().rev().copied().collect();
    let strides: Vec<SymInt> = t.strides.iter().rev().copied().collect();
    is_contiguous(cx.env, &sizes, &strides, cx.op, Decide::Guard)
}

/// `_scaled_mm_v2(Tensor self, Tensor mat2, Tensor[] scale_a, int[]
/// recipe_a, int[] swizzle_a, Tensor[] scale_b, int[] recipe_b, int[]
/// swizzle_b, Tensor? bias, ScalarType? out_dtype, int[]
/// contraction_dim=[], bool use_fast_accum=False) -> Tensor`: the sizes
/// only (the recipes are checked by a C++ meta the fake mode does not
/// run).
pub(crate) fn scaled_mm_v2(cx: &mut Cx<'_>, a: &[Arg<'_>]) -> Result<Outs> {
    let mat_a = args::tensor(cx, a, 0, "self")?;
    let mat_b = args::tensor(cx, a, 1, "mat2")?;
    let bias = args::opt_tensor(cx, a, 8, "bias")?;
    let out_dtype = args::opt_dtype(cx, a, 9, "out_dtype", None)?;
    let contraction = args::ints(cx, a, 10, "contraction_dim", Some(&[]))?;
    let dtype = out_dtype.unwrap_or(mat_a.dtype);
    let n = v2_sizes(cx, mat_a, mat_b, bias, &contraction)?;
    product(cx, mat_a, n, dtype)
}

/// `contraction_dim` empty or `(1, 0)` (negative dims too).
fn standard_contraction(contraction: &[i64]) -> bool {
    contraction.is_empty()
        || (contraction.len() == 2
            && matches!(contraction[0], 1 | -1)
            && matches!(contraction[1], 0 | -2))
}

/// `meta_scaled_mm_v2`'s checks; the result's columns.
fn v2_sizes(
    cx: &mut Cx<'_>,
    mat_a: &TensorMeta,
    mat_b: &TensorMeta,
    bias: Option<&TensorMeta>,
    contraction: &[i64],
) -> Result<SymInt> {
    check_matrices(cx, mat_a, mat_b)?;
    if !standard_contraction(contraction) {
        return Err(invalid(
            cx,
            "torch._scaled_mm_v2 only supports contraction_dim=(1, 0)",
        ));
    }
    let inner = cx.env.eq(mat_a.sizes[1], mat_b.sizes[0])?;
    let (sa, sb) = (mat_a.sizes.clone(), mat_b.sizes.clone());
    require_printing(cx, inner, &|env| {
        format!(
            "mat_a and mat_b shapes cannot be multiplied ({} and {})",
            display_torch_size(env, &sa),
            display_torch_size(env, &sb)
        )
    })?;
    let n = mat_b.sizes[1];
    if let Some(bias) = bias {
        let count = bias.numel(cx.env)?;
        let fits = cx.env.eq(count, n)?;
        require_printing(cx, fits, &|env| {
            format!(
                "Bias must be size {} but got {}",
                env.display(n),
                env.display(count)
            )
        })?;
    }
    Ok(n)
}

/// `_scaled_addmm(Tensor self, Tensor mat1, Tensor mat2, Tensor[] scale_a,
/// int[] recipe_a, int[] swizzle_a, Tensor[] scale_b, int[] recipe_b,
/// int[] swizzle_b, int[] contraction_dim=[], *, Scalar beta=1, Scalar
/// alpha=1, bool use_fast_accum=False) -> Tensor`: real `alpha` and
/// `beta`, `_scaled_mm_v2`'s product in `self`'s dtype, then `self` a
/// row-major matrix of the product's sizes in a floating dtype; a new
/// result.
pub(crate) fn scaled_addmm(cx: &mut Cx<'_>, a: &[Arg<'_>]) -> Result<Outs> {
    let input = args::tensor(cx, a, 0, "self")?;
    let mat_a = args::tensor(cx, a, 1, "mat1")?;
    let mat_b = args::tensor(cx, a, 2, "mat2")?;
    let contraction = args::ints(cx, a, 9, "contraction_dim", Some(&[]))?;
    let one = Some(Scalar::Int(SymInt::Int(1)));
    let beta = args::scalar(cx, a, 10, "beta", one)?;
    let alpha = args::scalar(cx, a, 11, "alpha", one)?;
    let complex = |s: &Scalar| matches!(s, Scalar::Complex(..));
    if complex(&alpha) || complex(&beta) {
        return Err(invalid(
            cx,
            "torch._scaled_addmm only supports real alpha and beta values",
        ));
    }
    if !standard_contraction(&contraction) {
        return Err(invalid(
            cx,
            "torch._scaled_addmm only supports contraction_dim=(1, 0)",
        ));
    }
    let n = v2_sizes(cx, mat_a, mat_b, None, &contraction)?;
    if input.dim() != 2 {
        return Err(invalid(
            cx,
            format!("input must be a matrix, but got {} dimensions", input.dim()),
        ));
    }
    for (d, want) in [(0, mat_a.sizes[0]), (1, n)] {
        let got = input.sizes[d];
        let same = cx.env.eq(got, want)?;
        require_printing(cx, same, &|env| {
            format!(
                "input dim {d} must be {}, but got {}",
                env.display(want),
                env.display(got)
            )
        })?;
    }
    if !matches!(
        input.dtype,
        DType::BFloat16 | DType::Float16 | DType::Float32
    ) {
        return Err(invalid(
            cx,
            format!(
                "input must have dtype BFloat16, Half, or Float, but got torch.{}",
                input.dtype
            ),
        ));
    }
    // `self.stride(1) == 1 and self.stride(0) == sym_max(1, self.size(1))`:
    // the first decided, the second checked.
    let unit = cx.env.eq(input.strides[1], SymInt::Int(1))?;
    let rows = if cx.env.guard_bool(unit, cx.op)? {
        let lead = cx.env.max(SymInt::Int(1), input.sizes[1])?;
        cx.env.eq(input.strides[0], lead)?
    } else {
        SymBool::Bool(false)
    };
    fake_runtime::support::require(
        cx,
        rows,
        "input must have canonical contiguous row-major strides",
    )?;
    product(cx, mat_a, n, input.dtype)
}
