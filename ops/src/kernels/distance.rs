//! `cdist`: ATen's composite picks, by the value of `p`, the compute mode
//! and the number of rows, either `_cdist_forward` or the matrix-product
//! path (`cdist_impl`), which returns a new contiguous tensor of the
//! broadcast batch and both row counts; and `_cdist_backward`, whose
//! layout depends on whether any size is empty.

use super::invalid;
use fake_runtime::shape;
use fake_runtime::strides::contiguous;
use fake_runtime::support::{args, require};
use fake_runtime::{Arg, Cx, Outs, Result, SymInt};

/// `cdist(Tensor x1, Tensor x2, float p=2., int? compute_mode=None)`.
pub(crate) fn cdist(cx: &mut Cx<'_>, a: &[Arg<'_>]) -> Result<Outs> {
    let x1 = args::tensor(cx, a, 0, "x1")?;
    let x2 = args::tensor(cx, a, 1, "x2")?;
    let p = args::float(cx, a, 2, "p", Some(2.0))?;
    let compute_mode = args::opt_int(cx, a, 3, "compute_mode", None)?;
    for (name, t) in [("X1", x1), ("X2", x2)] {
        if t.dim() < 2 {
            return Err(invalid(
                cx,
                format!(
                    "cdist only supports at least 2D tensors, {name} got: {}D",
                    t.dim()
                ),
            ));
        }
    }
    let (c1, c2) = (x1.sizes[x1.dim() - 1], x2.sizes[x2.dim() - 1]);
    let same = cx.env.eq(c1, c2)?;
    let message = format!(
        "X1 and X2 must have the same number of columns. X1: {} X2: {}",
        cx.env.display(c1),
        cx.env.display(c2)
    );
    require(cx, same, &message)?;
    let (r1, r2) = (x1.sizes[x1.dim() - 2], x2.sizes[x2.dim() - 2]);
    let n1 = x1.numel(cx.env)?;
    let n2 = x2.numel(cx.env)?;
    let e1 = cx.env.eq(n1, SymInt::Int(0))?;
    let e2 = cx.env.eq(n2, SymInt::Int(0))?;
    let empty = cx.env.or(e1, e2)?;
    if cx.env.guard_bool(empty, cx.op)? {
        return crate::erased::_cdist_forward(cx, a);
    }
    let mode = compute_mode.unwrap_or(0);
    let matmul = p == 2.0
        && (mode == 1
            || (mode == 0 && {
                // C++ `||`: the second comparison only when the first fails.
                let big1 = cx.env.gt(r1, SymInt::Int(25))?;
                cx.env.guard_bool(big1, cx.op)? || {
                    let big2 = cx.env.gt(r2, SymInt::Int(25))?;
                    cx.env.guard_bool(big2, cx.op)?
                }
            }));
    if !matmul {
        return crate::erased::_cdist_forward(cx, a);
    }
    // `cdist_impl`, its checks in its order.
    for (name, t) in [("X1", x1), ("X2", x2)] {
        if !t.dtype.is_floating_point() {
            return Err(invalid(
                cx,
                format!(
                    "cdist only supports floating-point dtypes, {name} got: {}",
                    t.dtype
                ),
            ));
        }
    }
    if p < 0.0 {
        return Err(invalid(cx, "cdist only supports non-negative p values"));
    }
    if x1.device.ty != x2.device.ty {
        return Err(invalid(cx, "X1 and X2 must have the same device type"));
    }
    let (s1, s2) = (&x1.sizes, &x2.sizes);
    if !(0..=2).contains(&mode) {
        return Err(invalid(
            cx,
            format!("possible modes: 0, 1, 2, but was: {mode}"),
        ));
    }
    let (d1, d2) = (s1.len(), s2.len());
    let batch = shape::broadcast(cx.env, cx.op, &[&s1[..d1 - 2], &s2[..d2 - 2]])?;
    // `_euclidean_dist` multiplies the operands' augmented matrices, which
    // must have one dtype (the batched matrix product's check).
    if x1.dtype != x2.dtype {
        return Err(invalid(
            cx,
            format!(
                "expected scalar type torch.{} but found torch.{}",
                x1.dtype, x2.dtype
            ),
        ));
    }
    let mut sizes = batch;
    sizes.extend([s1[d1 - 2], s2[d2 - 2]]);
    let strides = contiguous(cx.env, &sizes)?;
    Ok(super::fresh_out(cx, x1, sizes, strides))
}

/// `_cdist_backward(Tensor grad_output, Tensor x1, Tensor x2, float p,
/// Tensor cdist) -> Tensor`, as `meta_cdist_backward`: `zeros_like(x1)`
/// (its layout preserved) when a row count, the column count or the
/// broadcast batch is empty (each compared with a guard), else a new
/// contiguous tensor of `x1` expanded to the broadcast batch (an expansion
/// to symbolic sizes refused in a plain fake mode).
pub(crate) fn cdist_backward(cx: &mut Cx<'_>, a: &[Arg<'_>]) -> Result<Outs> {
    let x1 = args::tensor(cx, a, 1, "x1")?;
    let x2 = args::tensor(cx, a, 2, "x2")?;
    let (d1, d2) = (x1.dim(), x2.dim());
    // `x.shape[-1]`, `x.shape[-2]`: dims out of range below two dims.
    shape::wrap_dim(cx.op, -2, d1)?;
    shape::wrap_dim(cx.op, -2, d2)?;
    let (c1, r1, r2) = (x1.sizes[d1 - 1], x1.sizes[d1 - 2], x2.sizes[d2 - 2]);
    let batch = shape::broadcast(cx.env, cx.op, &[&x1.sizes[..d1 - 2], &x2.sizes[..d2 - 2]])?;
    let mut product = SymInt::Int(1);
    for &b in &batch {
        product = cx.env.mul(product, b)?;
    }
    let mut empty = false;
    for v in [r1, r2, c1, product] {
        let zero = cx.env.eq(v, SymInt::Int(0))?;
        if cx.env.guard_bool(zero, cx.op)? {
            empty = true;
            break;
        }
    }
    if empty {
        // `torch.zeros_like(x1)`: the references' `empty_like`.
        let strides = crate::intrinsics::empty_like_strides(cx, x1, None)?;
        return Ok(super::fresh_out(cx, x1, x1.sizes.clone(), strides));
    }
    let mut sizes = batch;
    sizes.extend([r1, c1]);
    // `x1.expand(tensor1_expand_size)` when the sizes differ: ATen's C++
    // `expand`, which a plain fake mode refuses to give symbolic sizes.
    fake_runtime::support::refuse_plain_expand(cx, &x1.sizes, &sizes)?;
    let strides = contiguous(cx.env, &sizes)?;
    Ok(super::fresh_out(cx, x1, sizes, strides))
}
