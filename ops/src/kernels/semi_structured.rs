//! The 2:4 semi-structured sparse products (`_sparse_semi_structured_linear`,
//! `_mm`, `_addmm`: CUTLASS; `_cslt_sparse_mm`: cuSPARSELt), as their
//! Python metas answer: the compressed operand holds half of each row, the
//! checks are assertions in the metas' order, and `out_dtype` is allowed
//! for the 8-bit inputs only.

use super::invalid;
use fake_runtime::shape::Dims;
use fake_runtime::support::{args, sizes_equal as equal};
use fake_runtime::{Alias, Arg, Cx, DType, Out, Outs, Result, SymInt, TensorMeta};

/// The one new contiguous result, of `sizes` and `dtype` on `like`'s
/// device (`new_empty`).
fn result(cx: &mut Cx<'_>, like: &TensorMeta, sizes: &[SymInt], dtype: DType) -> Result<Outs> {
    let out = super::new_tensor(cx, sizes, dtype, like.device)?;
    Ok(std::iter::once(out).collect())
}

/// `half.size(k) != full.size(j) / 2`, the compressed operand's check:
/// the integer `half` against the float half of `full` (compared as
/// `2 * half == full`), printed as Python prints both.
fn check_half(cx: &mut Cx<'_>, half: (&str, SymInt), full: (&str, SymInt)) -> Result<()> {
    let doubled = cx.env.mul(half.1, SymInt::Int(2))?;
    if equal(cx, doubled, full.1)? {
        return Ok(());
    }
    let ratio = cx.env.int_truediv(full.1, SymInt::Int(2))?;
    let message = format!(
        "{}={} != {}/2={}",
        half.0,
        cx.env.display(half.1),
        full.0,
        cx.env.display_float(ratio)
    );
    Err(invalid(cx, message))
}

/// `out_dtype` allowed only for int8 operands giving int32.
fn int8_out(cx: &Cx<'_>, name: &str, input: DType, out: Option<DType>) -> Result<DType> {
    match out {
        None => Ok(input),
        Some(DType::Int32) if input == DType::Int8 => Ok(DType::Int32),
        Some(o) => Err(invalid(
            cx,
            format!(
                "out_dtype is only supported for i8i8->i32 linear operator, got {name}.dtype=torch.{input}, out_dtype=torch.{o}"
            ),
        )),
    }
}

/// Refuse an operand whose rank is not 2.
fn two_d(cx: &Cx<'_>, name: &str, t: &TensorMeta) -> Result<()> {
    if t.dim() == 2 {
        return Ok(());
    }
    Err(invalid(cx, format!("{name} must be 2D, got {}D", t.dim())))
}

/// `_sparse_semi_structured_linear(Tensor input, Tensor weight, Tensor
/// meta, *, Tensor? bias=None, str? activation=None, ScalarType?
/// out_dtype=None) -> Tensor`: `input`'s sizes with the last one
/// `weight.size(0)`, transposed (`(1, input.size(0))`) for the squashed
/// 2-D input, the only one allowed.
pub(crate) fn sparse_semi_structured_linear(cx: &mut Cx<'_>, a: &[Arg<'_>]) -> Result<Outs> {
    let input = args::tensor(cx, a, 0, "input")?;
    let weight = args::tensor(cx, a, 1, "weight")?;
    let bias = args::opt_tensor(cx, a, 3, "bias")?;
    let out_dtype = args::opt_dtype(cx, a, 5, "out_dtype", None)?;
    // The Python meta takes no `activation`: one given is refused before
    // anything is checked.
    if args::opt_str(cx, a, 4, "activation", None)?.is_some() {
        return Err(invalid(
            cx,
            "meta_sparse_structured_linear() got an unexpected keyword argument 'activation'",
        ));
    }
    if weight.dim() < 2 || input.dim() == 0 {
        return Err(invalid(cx, "dimension out of range"));
    }
    if let Some(bias) = bias {
        let (w0, b0) = (weight.sizes[0], bias.sizes.first().copied());
        let Some(b0) = b0 else {
            return Err(invalid(cx, "dimension out of range"));
        };
        if !equal(cx, w0, b0)? {
            let message = format!(
                "output size mismatch: weight.size(0)={} != bias.size(0)={}",
                cx.env.display(w0),
                cx.env.display(b0)
            );
            return Err(invalid(cx, message));
        }
    }
    let last = input.sizes[input.dim() - 1];
    check_half(
        cx,
        ("weight.size(1)", weight.sizes[1]),
        ("input.size(-1)", last),
    )?;
    let mut sizes = input.sizes.clone();
    let n = sizes.len();
    sizes[n - 1] = weight.sizes[0];
    if input.dim() != 2 {
        return Err(invalid(
            cx,
            format!(
                "we can only handle the squashed input case, got {}D input",
                input.dim()
            ),
        ));
    }
    if let Some(o) = out_dtype
        && !(input.dtype == DType::Int8 && o == DType::Int32)
    {
        return Err(invalid(
            cx,
            format!(
                "out_dtype is only supported for i8i8->i32 linear operator, got input.dtype=torch.{}, out_dtype=torch.{o}",
                input.dtype
            ),
        ));
    }
    // `new_empty_strided(sizes, (1, input.size(0)))`: transposed.
    let strides = Dims::from([SymInt::Int(1), input.sizes[0]]);
    let out = super::fresh(cx, input, sizes, strides);
    let dtype = out_dtype.unwrap_or(input.dtype);
    Ok(std::iter::once(Out::Tensor(TensorMeta { dtype, ..out }, Alias::Fresh)).collect())
}

/// `_sparse_semi_structured_mm(Tensor mat1, Tensor mat1_meta, Tensor
/// mat2, *, ScalarType? out_dtype=None) -> Tensor`: `[mat1.size(0),
/// mat2.size(1)]` of `mat2`'s dtype.
pub(crate) fn sparse_semi_structured_mm(cx: &mut Cx<'_>, a: &[Arg<'_>]) -> Result<Outs> {
    let mat1 = args::tensor(cx, a, 0, "mat1")?;
    let meta = args::tensor(cx, a, 1, "mat1_meta")?;
    let mat2 = args::tensor(cx, a, 2, "mat2")?;
    let out_dtype = args::opt_dtype(cx, a, 3, "out_dtype", None)?;
    product(cx, mat1, meta, mat2, out_dtype)
}

/// `_sparse_semi_structured_addmm(Tensor input, Tensor mat1, Tensor
/// mat1_meta, Tensor mat2, *, Scalar alpha=1, Scalar beta=1, ScalarType?
/// out_dtype=None) -> Tensor`: the product's, `input` a vector of one
/// value per row of `mat1`.
pub(crate) fn sparse_semi_structured_addmm(cx: &mut Cx<'_>, a: &[Arg<'_>]) -> Result<Outs> {
    let input = args::tensor(cx, a, 0, "input")?;
    let mat1 = args::tensor(cx, a, 1, "mat1")?;
    let meta = args::tensor(cx, a, 2, "mat1_meta")?;
    let mat2 = args::tensor(cx, a, 3, "mat2")?;
    let out_dtype = args::opt_dtype(cx, a, 6, "out_dtype", None)?;
    if input.dim() != 1 {
        return Err(invalid(
            cx,
            format!(
                "only input broadcasted to columns of mat1 * mat2 product is supported, got {}D input",
                input.dim()
            ),
        ));
    }
    two_d(cx, "mat1", mat1)?;
    two_d(cx, "mat1_meta", meta)?;
    two_d(cx, "mat2", mat2)?;
    let (rows, m0) = (input.sizes[0], mat1.sizes[0]);
    if !equal(cx, rows, m0)? {
        let message = format!(
            "only input broadcasted to columns of mat1 * mat2 product is supported, input.size(0)={} != mat1.size(0)={}",
            cx.env.display(rows),
            cx.env.display(m0)
        );
        return Err(invalid(cx, message));
    }
    product(cx, mat1, meta, mat2, out_dtype)
}

/// The products' checks after their own: ranks, the compressed inner
/// size, `out_dtype`; then `[mat1.size(0), mat2.size(1)]`.
fn product(
    cx: &mut Cx<'_>,
    mat1: &TensorMeta,
    meta: &TensorMeta,
    mat2: &TensorMeta,
    out_dtype: Option<DType>,
) -> Result<Outs> {
    two_d(cx, "mat1", mat1)?;
    two_d(cx, "mat1_meta", meta)?;
    two_d(cx, "mat2", mat2)?;
    check_half(
        cx,
        ("mat1.size(1)", mat1.sizes[1]),
        ("mat2.size(0)", mat2.sizes[0]),
    )?;
    let sizes = [mat1.sizes[0], mat2.sizes[1]];
    let dtype = int8_out(cx, "mat2", mat2.dtype, out_dtype)?;
    result(cx, mat2, &sizes, dtype)
}

/// `_cslt_sparse_mm(Tensor compressed_A, Tensor dense_B, Tensor?
/// bias=None, Tensor? alpha=None, ScalarType? out_dtype=None, bool
/// transpose_result=False, int alg_id=0, int split_k=1, int
/// split_k_mode=-1) -> Tensor`: `[m, n]` (or `[n, m]` transposed), `m`
/// the compressed operand's rows, `n` the dense operand's columns.
pub(crate) fn cslt_sparse_mm(cx: &mut Cx<'_>, a: &[Arg<'_>]) -> Result<Outs> {
    let compressed = args::tensor(cx, a, 0, "compressed_A")?;
    let dense = args::tensor(cx, a, 1, "dense_B")?;
    let bias = args::opt_tensor(cx, a, 2, "bias")?;
    let out_dtype = args::opt_dtype(cx, a, 4, "out_dtype", None)?;
    let transpose = args::bool(cx, a, 5, "transpose_result", Some(false))?;
    let fp8 = |d: DType| matches!(d, DType::Float8E4M3Fn | DType::Float8E4M3Fnuz);
    if !(matches!(
        dense.dtype,
        DType::Float32 | DType::Float16 | DType::BFloat16 | DType::Int8
    ) || fp8(dense.dtype))
    {
        return Err(invalid(
            cx,
            format!(
                "_cslt_sparse_mm only supports fp16, bf16, int8, fp8e4m3, and fp8e4m3fnuz, got torch.{}",
                dense.dtype
            ),
        ));
    }
    if compressed.dtype != dense.dtype {
        return Err(invalid(
            cx,
            format!(
                "inputs must have the same dtype, got torch.{} and torch.{}",
                compressed.dtype, dense.dtype
            ),
        ));
    }
    if dense.dim() != 2 {
        return Err(invalid(
            cx,
            format!(
                "_cslt_sparse_mm only supports 2d inputs, got {}D",
                dense.dim()
            ),
        ));
    }
    let eight_bit = compressed.dtype == DType::Int8 || fp8(compressed.dtype);
    let (n, Some(&m)) = (dense.sizes[1], compressed.sizes.first()) else {
        return Err(invalid(cx, "dimension out of range"));
    };
    if let Some(bias) = bias {
        let Some(&b0) = bias.sizes.first() else {
            return Err(invalid(cx, "dimension out of range"));
        };
        if !equal(cx, m, b0)? {
            let message = format!(
                "bias size mismatch: m={} != bias.size(0)={}",
                cx.env.display(m),
                cx.env.display(b0)
            );
            return Err(invalid(cx, message));
        }
    }
    if let Some(o) = out_dtype {
        let supported = matches!(
            o,
            DType::Float16 | DType::BFloat16 | DType::Float32 | DType::Int32 | DType::Float8E4M3Fn
        );
        if !(eight_bit && supported) {
            return Err(invalid(
                cx,
                format!(
                    "out_dtype is not supported for torch.{} x torch.{} -> torch.{o} matmul!",
                    compressed.dtype, dense.dtype
                ),
            ));
        }
    }
    let sizes = if transpose { [n, m] } else { [m, n] };
    result(cx, dense, &sizes, out_dtype.unwrap_or(dense.dtype))
}
