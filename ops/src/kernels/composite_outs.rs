//! `out=` overloads of ATen's composites whose bodies write their outs
//! through another `out=` overload: the fake mode runs the body on the
//! fake tensors, each call meeting that overload's kernel, and the
//! composite returns the outs the callee wrote.

use super::invalid;
use fake_runtime::support::{args, from_ints};
use fake_runtime::{Alias, Arg, Cx, Out, Outs, Result, SymInt};

/// `outs` with each written out aliasing the composite's argument
/// `first + k` (the `k`-th out), where the callee numbered it its own way.
pub(super) fn outs_at(outs: Outs, first: u8) -> Outs {
    let mut k = 0;
    outs.into_iter()
        .map(|o| match o {
            Out::Tensor(w, Alias::InPlace(_)) => {
                k += 1;
                Out::Tensor(w, Alias::InPlace(first + k - 1))
            }
            other => other,
        })
        .collect()
}

/// `linalg_svd.U(Tensor A, bool full_matrices=True, *, str? driver=None,
/// Tensor(a!) U, Tensor(b!) S, Tensor(c!) Vh)`: `_linalg_svd.U` with
/// `compute_uv=True`.
pub(crate) fn linalg_svd_u(cx: &mut Cx<'_>, a: &[Arg<'_>]) -> Result<Outs> {
    let [input, full, driver, u, s, vh] = a else {
        return Err(invalid(cx, "linalg_svd.U takes six arguments"));
    };
    let call = [
        input.clone(),
        full.clone(),
        Arg::Bool(true),
        driver.clone(),
        u.clone(),
        s.clone(),
        vh.clone(),
    ];
    Ok(outs_at(crate::erased::_linalg_svd_u(cx, &call)?, 3))
}

/// `svd.U(Tensor self, bool some=True, bool compute_uv=True, *,
/// Tensor(a!) U, Tensor(b!) S, Tensor(c!) V)`: ATen's `svd_out`, the
/// functional's results written into the outs as a structured kernel
/// does ([`svd_written`]).
pub(crate) fn svd_u(cx: &mut Cx<'_>, a: &[Arg<'_>]) -> Result<Outs> {
    fake_runtime::support::out_variant(
        cx,
        a,
        3,
        3,
        fake_runtime::support::OutForm::FIXED_STRUCTURED,
        svd_written,
    )
}

/// `svd`'s results as `svd_out` writes them: with `compute_uv`,
/// `linalg_svd.U`'s, `V` the transposed `Vh`, as the functional's; without,
/// `U` and `V` resized and zeroed, so a resized `V` is contiguous where the
/// functional returns its zeros transposed (`Vh.mH`).
fn svd_written(cx: &mut Cx<'_>, a: &[Arg<'_>]) -> Result<Outs> {
    let compute_uv = args::bool(cx, a, 2, "compute_uv", Some(true))?;
    let mut outs = crate::erased::svd(cx, a)?;
    if !compute_uv && let Some(Out::Tensor(v, _)) = outs.get_mut(2) {
        v.strides = fake_runtime::strides::contiguous(cx.env, &v.sizes)?;
    }
    Ok(outs)
}

/// `thnn_conv2d.out(Tensor self, Tensor weight, SymInt[2] kernel_size,
/// Tensor? bias, SymInt[2] stride, SymInt[2] padding, *, Tensor(a!) out)`:
/// `_slow_conv2d_forward.output`, argument for argument.
pub(crate) fn thnn_conv2d_out(cx: &mut Cx<'_>, a: &[Arg<'_>]) -> Result<Outs> {
    crate::erased::_slow_conv2d_forward_output(cx, a)
}

/// `outer.out(Tensor self, Tensor vec2, *, Tensor(a!) out)` (and `ger.out`,
/// which calls it): both operands one-dim, then `mul.out` of `self`
/// reshaped to `[self.size(0), 1]` (that size read as an integer, guarded
/// to its hint) and `vec2`.
pub(crate) fn outer_out(cx: &mut Cx<'_>, a: &[Arg<'_>]) -> Result<Outs> {
    let t = args::tensor(cx, a, 0, "self")?;
    let vec2 = args::tensor(cx, a, 1, "vec2")?;
    let out = args::tensor(cx, a, 2, "out")?;
    for (v, name) in [(t, "self"), (vec2, "vec2")] {
        if v.dim() != 1 {
            return Err(invalid(
                cx,
                format!("outer: Expected 1-D argument {name}, but got {}-D", v.dim()),
            ));
        }
    }
    let n = cx.env.guard_int(t.sizes[0], cx.op)?;
    let column = super::einsum::reshape(
        cx,
        t,
        [SymInt::Int(n), SymInt::Int(1)].into_iter().collect(),
    )?;
    let call = [Arg::Tensor(&column), Arg::Tensor(vec2), Arg::Tensor(out)];
    Ok(outs_at(crate::erased::mul_out(cx, &call)?, 2))
}

/// `linear.out(Tensor input, Tensor weight, Tensor? bias=None, *,
/// Tensor(a!) out)`: ATen's `linear_out`, `addmm.out` of the bias and
/// `input @ weight.t()` for a matrix input with a bias, else
/// `matmul.out` of `input` and `weight.t()` with the bias added in place
/// (`add_.Tensor`'s meta).
pub(crate) fn linear_out(cx: &mut Cx<'_>, a: &[Arg<'_>]) -> Result<Outs> {
    let input = args::tensor(cx, a, 0, "input")?;
    let weight = args::tensor(cx, a, 1, "weight")?;
    let bias = args::opt_tensor(cx, a, 2, "bias")?;
    let out = args::tensor(cx, a, 3, "out")?;
    let wt = super::one(crate::erased::t(cx, &[Arg::Tensor(weight)])?, cx)?;
    if let (2, Some(bias)) = (input.dim(), bias) {
        let call = [
            Arg::Tensor(bias),
            Arg::Tensor(input),
            Arg::Tensor(&wt),
            Arg::Scalar(fake_runtime::Scalar::Int(SymInt::Int(1))),
            Arg::Scalar(fake_runtime::Scalar::Int(SymInt::Int(1))),
            Arg::Tensor(out),
        ];
        return Ok(outs_at(crate::erased::addmm_out(cx, &call)?, 3));
    }
    let call = [Arg::Tensor(input), Arg::Tensor(&wt), Arg::Tensor(out)];
    let written = super::one(matmul_out(cx, &call)?, cx)?;
    let result = match bias {
        Some(bias) => {
            let call = [
                Arg::Tensor(&written),
                Arg::Tensor(bias),
                Arg::Scalar(fake_runtime::Scalar::Int(SymInt::Int(1))),
            ];
            super::one(super::binop_inplace_alpha(cx, &call)?, cx)?
        }
        None => written,
    };
    Ok(std::iter::once(Out::Tensor(result, Alias::InPlace(3))).collect())
}

/// `matmul.out(Tensor self, Tensor other, *, Tensor(a!) out)`. Under the
/// Python dispatcher its decomposition (`out_wrapper`, any out dtype the
/// result casts to); in a plain fake mode ATen's `_matmul_impl`, exactly
/// the result's dtype, and where it folds the batch of the larger operand into a matrix: the
/// out, resized to the result's sizes, is reshaped to the folded
/// `[rows, cols]` (or `[rows]`), and when that reshape is no view of it
/// (an out of the result's sizes laid out otherwise) the product is
/// copied into the out unviewed, refused unless it broadcasts there.
/// Decided on static sizes.
pub(crate) fn matmul_out(cx: &mut Cx<'_>, a: &[Arg<'_>]) -> Result<Outs> {
    let t1 = args::tensor(cx, a, 0, "self")?;
    let t2 = args::tensor(cx, a, 1, "other")?;
    let out = args::tensor(cx, a, 2, "out")?;
    if !cx.defaults.python_dispatcher
        && let Some(folded) = folded_product(t1, t2)
    {
        copy_unviewed(cx, out, &folded)?;
    }
    fake_runtime::support::out_variant(
        cx,
        a,
        2,
        1,
        fake_runtime::support::OutForm::EXACT_CASTABLE_REFERENCE,
        crate::erased::matmul,
    )
}

/// Plain sizes of a static tensor.
fn plain(t: &fake_runtime::TensorMeta) -> Option<(Vec<i64>, Vec<i64>)> {
    let ints = |v: &[SymInt]| v.iter().map(|s| s.as_int()).collect::<Option<Vec<_>>>();
    Some((ints(&t.sizes)?, ints(&t.strides)?))
}

/// ATen's `should_fold` with an out (static sizes): the product's sizes
/// and the folded shape the out is reshaped to, or `None` where
/// `_matmul_impl` does not fold.
fn folded_product(
    tensor1: &fake_runtime::TensorMeta,
    tensor2: &fake_runtime::TensorMeta,
) -> Option<(Vec<i64>, Vec<i64>)> {
    let (s1, st1) = plain(tensor1)?;
    let (s2, st2) = plain(tensor2)?;
    let (d1, d2) = (s1.len(), s2.len());
    // Only a larger operand of three dims or more folds (a zero-dim one is
    // refused by the functional's checks).
    if d1.max(d2) < 3 || d1.min(d2) == 0 {
        return None;
    }
    let transpose = d2 > d1;
    // The larger operand (the second one transposed), and the smaller's rank.
    let (mut sizes, mut strides, small) = if transpose {
        (s2.clone(), st2, d1)
    } else {
        (s1, st1, d2)
    };
    if transpose {
        let n = sizes.len();
        sizes.swap(n - 1, n - 2);
        strides.swap(n - 1, n - 2);
    }
    if !(sizes.len() >= 3 && small <= 2) || d1 == 2 {
        return None;
    }
    let numel: i64 = sizes.iter().product();
    let foldable = numel == 0
        || (0..sizes.len() - 1)
            .all(|i| sizes[i] == 1 || strides[i] == strides[i + 1] * sizes[i + 1]);
    if !foldable {
        return None;
    }
    let mut output: Vec<i64> = sizes[..sizes.len() - 1].to_vec();
    let rows: i64 = output.iter().product();
    // The smaller operand, a matrix only when not transposed.
    let matrix = !transpose && d2 == 2;
    let mut folded = vec![rows];
    if matrix {
        output.push(s2[1]);
        folded.push(s2[1]);
    }
    Some((output, folded))
}

/// `out.copy_(reshaped_out)` where the out, of the product's sizes, is not
/// viewable as the folded shape: `copy_`'s broadcast of the folded shape
/// against the out's (`shape::broadcast`, refused where a size differs:
/// "The size of tensor a ... must match the size of tensor b ...").
fn copy_unviewed(
    cx: &mut Cx<'_>,
    out: &fake_runtime::TensorMeta,
    (output, folded): &(Vec<i64>, Vec<i64>),
) -> Result<()> {
    let Some((sizes, strides)) = plain(out) else {
        return Ok(());
    };
    // An out of other sizes is resized, contiguous: a view.
    if sizes != *output {
        return Ok(());
    }
    let (sizes, folded) = (from_ints(&sizes), from_ints(folded));
    let viewable = fake_runtime::strides::view_strides(
        cx.env,
        &sizes,
        &from_ints(&strides),
        &folded,
        cx.op,
        fake_runtime::strides::Decide::Guard,
    )?
    .is_some();
    if !viewable {
        fake_runtime::shape::broadcast(cx.env, cx.op, &[&sizes, &folded])?;
    }
    Ok(())
}
