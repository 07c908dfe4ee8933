//! `linear(input, weight, bias=None)`: ATen's composite (`Linear.cpp`),
//! which FakeTensorMode runs below the Python dispatcher, step for step.
//! Both operands need a dim; a matrix input with a bias is one `addmm`
//! (whose result takes the promoted dtype of all three); a bias that is
//! one dim (or one after squeezing its size-1 dims) and contiguous, with
//! a contiguous input, takes `_flatten_nd_linear` (the input reshaped to
//! rows, an `addmm`, a view back); anything else is `matmul(input,
//! weight.t())` plus the bias out of place (a fake tensor is
//! "subclass-like", so `add`, not `add_`: the bias broadcasts and
//! promotes). Each step is the generated kernel of the operator ATen
//! calls, so sizes, strides, dtypes and guards are theirs.

use super::einsum::{fresh_result, reshape};
use super::invalid;
use super::loss_steps::{binary, call, view};
use super::recurrent::{bias_fusable, product, size_at, t};
use crate::erased as k;
use crate::intrinsics::is_contiguous_or_false;
use fake_runtime::shape::Dims;
use fake_runtime::support::args;
use fake_runtime::{Arg, Cx, MemoryFormat, Out, Outs, Result, TensorMeta};

/// `aten::linear`: `at::native::linear` with ATen's own `matmul` and
/// `addmm`.
pub(crate) fn linear(cx: &mut Cx<'_>, a: &[Arg<'_>]) -> Result<Outs> {
    let input = args::tensor(cx, a, 0, "input")?;
    let weight = args::tensor(cx, a, 1, "weight")?;
    let bias = args::opt_tensor(cx, a, 2, "bias")?;
    let matmul = |cx: &mut Cx<'_>, a: &TensorMeta, b: &TensorMeta| binary(cx, k::matmul, a, b);
    let out = composite_by(cx, input, weight, bias, &matmul, &addmm)?;
    Ok(fresh_result(out))
}

/// A product of two matrices (or a batch and a matrix) as a caller's
/// `linear` computes it.
pub(super) type Product<'f> =
    &'f dyn Fn(&mut Cx<'_>, &TensorMeta, &TensorMeta) -> Result<TensorMeta>;

/// `bias + mat1 @ mat2` as a caller's `linear` computes it.
pub(super) type BiasedProduct<'f> =
    &'f dyn Fn(&mut Cx<'_>, &TensorMeta, &TensorMeta, &TensorMeta) -> Result<TensorMeta>;

/// `at::native::linear`'s steps, `matmul` and `addmm` as the caller runs
/// them (the recurrent layers' Python decompositions take the Python
/// `matmul`).
pub(super) fn composite_by(
    cx: &mut Cx<'_>,
    input: &TensorMeta,
    weight: &TensorMeta,
    bias: Option<&TensorMeta>,
    matmul: Product<'_>,
    addmm: BiasedProduct<'_>,
) -> Result<TensorMeta> {
    let (n, wn) = (input.dim(), weight.dim());
    if n == 0 || wn == 0 {
        return Err(invalid(
            cx,
            format!("both arguments to linear need to be at least 1D, but they are {n}D and {wn}D"),
        ));
    }
    if let Some(b) = bias {
        if n == 2 {
            let wt = t(cx, weight)?;
            return addmm(cx, b, input, &wt);
        }
        if bias_fusable(cx, b)? && is_contiguous_or_false(cx, input, MemoryFormat::Contiguous)? {
            // `_flatten_nd_linear`: the leading dims multiplied (no `-1`,
            // which an empty dim refuses).
            let rows = product(cx, &input.sizes[..n - 1])?;
            let flat = reshape(cx, input, Dims::from_slice(&[rows, input.sizes[n - 1]]))?;
            let wt = t(cx, weight)?;
            let out = addmm(cx, b, &flat, &wt)?;
            let mut sizes = Dims::from_slice(&input.sizes[..n - 1]);
            sizes.push(size_at(cx, &out, 1)?);
            return view(cx, &out, sizes);
        }
    }
    let wt = t(cx, weight)?;
    let out = matmul(cx, input, &wt)?;
    match bias {
        Some(b) => binary(cx, k::add_tensor, &out, b),
        None => Ok(out),
    }
}

/// `at::addmm(bias, mat1, mat2)`.
fn addmm(
    cx: &mut Cx<'_>,
    bias: &TensorMeta,
    mat1: &TensorMeta,
    mat2: &TensorMeta,
) -> Result<TensorMeta> {
    call(
        cx,
        k::addmm,
        &[Arg::Tensor(bias), Arg::Tensor(mat1), Arg::Tensor(mat2)],
    )
}

/// `linear_backward(Tensor self, Tensor grad_output, Tensor weight,
/// bool[3] output_mask)`, as its meta: new contiguous tensors of
/// `grad_output`'s dtype, the input's gradient of the input's sizes when
/// asked for, and the weight's `[out features, in features]` and the
/// bias's `[out features]` both when either is asked for (`None`
/// otherwise).
pub(crate) fn linear_backward(cx: &mut Cx<'_>, a: &[Arg<'_>]) -> Result<Outs> {
    let input = args::tensor(cx, a, 0, "self")?;
    let grad = args::tensor(cx, a, 1, "grad_output")?;
    let mask = args::bools::<3>(cx, a, 3, "output_mask")?;
    let (dtype, device) = (grad.dtype, cx.device);
    let mut outs = Outs::new();
    if mask[0] {
        outs.push(super::new_tensor(cx, &input.sizes, dtype, device)?);
    } else {
        outs.push(Out::None);
    }
    if mask[1] || mask[2] {
        let features = size_at(cx, grad, -1)?;
        let inputs = size_at(cx, input, -1)?;
        outs.push(super::new_tensor(cx, &[features, inputs], dtype, device)?);
        outs.push(super::new_tensor(cx, &[features], dtype, device)?);
    } else {
        outs.push(Out::None);
        outs.push(Out::None);
    }
    Ok(outs)
}
