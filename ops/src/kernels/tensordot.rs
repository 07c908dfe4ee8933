//! `tensordot(Tensor self, Tensor other, int[] dims_self, int[] dims_other)`
//! and its `out=` overload: ATen's composite (`Linear.cpp`). Contracted
//! dims where one side has size 1 are summed away first (keeping the
//! dtype); then both operands are permuted and reshaped to matrices for
//! `mm`, whose result is reshaped to the kept dims. A full contraction
//! (nothing kept on either side) goes through `dot` or `mul` + `sum`
//! instead: a zero-dim result of `self`'s dtype, reshaped. Loops over the
//! dim lists with sums decided by sizes: no rule can say it.

use super::attention::size_at;
use super::einsum::{fresh_result, permute, reshape, sum};
use super::invalid;
use fake_runtime::shape::{self, Dims, wrap_dim};
use fake_runtime::strides::{self, Decide};
use fake_runtime::support::{args, resize_output};
use fake_runtime::{Alias, Arg, Cx, Out, Outs, Result, SymInt, TensorMeta};

/// `s == 1` as C++ decides a `SymInt` comparison: a guard.
fn is_one(cx: &mut Cx<'_>, s: SymInt) -> Result<bool> {
    shape::guard_eq(cx.env, s, SymInt::Int(1), cx.op)
}

/// `at::dim_list_to_bitset(dims, rank)`: each dim wrapped, none twice.
fn dim_set(cx: &Cx<'_>, dims: &[i64], rank: usize) -> Result<Vec<bool>> {
    let mut seen = vec![false; rank];
    for &d in dims {
        let w = wrap_dim(cx.op, d, rank)?;
        if w >= rank {
            return Err(invalid(
                cx,
                format!("Dimension specified as {d} but tensor has no dimensions"),
            ));
        }
        if seen[w] {
            return Err(invalid(
                cx,
                format!("dim {w} appears multiple times in the list of dims"),
            ));
        }
        seen[w] = true;
    }
    Ok(seen)
}

/// The functional `tensordot`.
fn contract(
    cx: &mut Cx<'_>,
    input1: &TensorMeta,
    input2: &TensorMeta,
    dims1: &[i64],
    dims2: &[i64],
) -> Result<TensorMeta> {
    if dims1.len() != dims2.len() {
        return Err(invalid(cx, "both dimension lists should have same length"));
    }
    if input1.dtype != input2.dtype {
        return Err(invalid(cx, "both inputs should have same dtype"));
    }
    let mut csize = SymInt::Int(1);
    let mut t1 = input1.clone();
    let mut t2 = input2.clone();
    for (&d1, &d2) in dims1.iter().zip(dims2) {
        let s1 = size_at(cx, input1, d1)?;
        let s2 = size_at(cx, input2, d2)?;
        if is_one(cx, s2)? {
            t1 = sum(cx, &t1, &[d1], true, Some(t1.dtype))?;
        } else if is_one(cx, s1)? {
            t2 = sum(cx, &t2, &[d2], true, Some(t2.dtype))?;
        } else {
            if !shape::guard_eq(cx.env, s1, s2, cx.op)? {
                let message = format!(
                    "contracted dimensions need to match, but first has size {} in dim {d1} and second has size {} in dim {d2}",
                    cx.env.display(s1),
                    cx.env.display(s2)
                );
                return Err(invalid(cx, message));
            }
            csize = cx.env.mul(csize, s1)?;
        }
    }
    let cdims1 = dim_set(cx, dims1, input1.dim())?;
    let cdims2 = dim_set(cx, dims2, input2.dim())?;
    let mut p1 = Vec::with_capacity(input1.dim());
    let mut p2 = Vec::with_capacity(input2.dim());
    let mut rsizes = Dims::new();
    let mut size1 = SymInt::Int(1);
    let mut size2 = SymInt::Int(1);
    for (i, &contracted) in cdims1.iter().enumerate() {
        if !contracted {
            p1.push(i as i64);
            size1 = cx.env.mul(size1, t1.sizes[i])?;
            rsizes.push(t1.sizes[i]);
        }
    }
    p1.extend_from_slice(dims1);
    p2.extend_from_slice(dims2);
    for (i, &contracted) in cdims2.iter().enumerate() {
        if !contracted {
            p2.push(i as i64);
            size2 = cx.env.mul(size2, t2.sizes[i])?;
            rsizes.push(t2.sizes[i]);
        }
    }
    let t1 = permute(cx, &t1, &p1)?;
    let t2 = permute(cx, &t2, &p2)?;
    if !is_one(cx, size1)? || !is_one(cx, size2)? {
        let t1 = reshape(cx, &t1, Dims::from_slice(&[size1, csize]))?;
        let t2 = reshape(cx, &t2, Dims::from_slice(&[csize, size2]))?;
        let outs = crate::erased::mm(cx, &[Arg::Tensor(&t1), Arg::Tensor(&t2)])?;
        let product = match outs.into_iter().next() {
            Some(Out::Tensor(t, _)) => t,
            _ => return Err(invalid(cx, "mm gave no tensor")),
        };
        return reshape(cx, &product, rsizes);
    }
    // A full contraction: `dot` of the flattened operands when both are
    // contiguous, else `(t1.squeeze() * t2.squeeze()).sum(dtype)`. Either
    // is a new zero-dim tensor of `t1`'s dtype; only the test's guards
    // depend on which.
    let _dot = strides::is_contiguous(cx.env, &t1.sizes, &t1.strides, cx.op, Decide::Guard)?
        && strides::is_contiguous(cx.env, &t2.sizes, &t2.strides, cx.op, Decide::Guard)?;
    let scalar = super::fresh(cx, &t1, Dims::new(), Dims::new());
    reshape(cx, &scalar, rsizes)
}

/// `aten::tensordot`.
pub(crate) fn tensordot(cx: &mut Cx<'_>, a: &[Arg<'_>]) -> Result<Outs> {
    let input1 = args::tensor(cx, a, 0, "self")?;
    let input2 = args::tensor(cx, a, 1, "other")?;
    let dims1 = args::ints(cx, a, 2, "dims_self", None)?;
    let dims2 = args::ints(cx, a, 3, "dims_other", None)?;
    let result = contract(cx, input1, input2, &dims1, &dims2)?;
    Ok(fresh_result(result))
}

/// `aten::tensordot.out`: the functional result written into `out`, which
/// must be on the inputs' device and have the result's dtype exactly (no
/// promotion); `out` is resized when its sizes differ.
pub(crate) fn tensordot_out(cx: &mut Cx<'_>, a: &[Arg<'_>]) -> Result<Outs> {
    let input1 = args::tensor(cx, a, 0, "self")?;
    let input2 = args::tensor(cx, a, 1, "other")?;
    let dims1 = args::ints(cx, a, 2, "dims_self", None)?;
    let dims2 = args::ints(cx, a, 3, "dims_other", None)?;
    let out = args::tensor(cx, a, 4, "out")?;
    let result = contract(cx, input1, input2, &dims1, &dims2)?;
    if out.requires_grad && !shape::guard_sizes_eq(cx.env, &out.sizes, &result.sizes, cx.op)? {
        return Err(invalid(
            cx,
            "tensordot(): the 'out' tensor was specified and requires gradients, and its shape does not match the expected result. Either remove the 'out' argument, ensure it does not require gradients, or make sure its shape matches the expected output.",
        ));
    }
    if out.device != input1.device || input1.device != input2.device {
        return Err(invalid(
            cx,
            format!(
                "tensordot: Expected the output and input tensors to be on the same device, but got the output tensor on {}, input tensor a on {}, and input tensor b on {}",
                out.device, input1.device, input2.device
            ),
        ));
    }
    if result.dtype != out.dtype {
        return Err(invalid(
            cx,
            format!(
                "tensordot: Expected the output tensor to have dtype {}, but got an output tensor with dtype {}",
                result.dtype.c10_name(),
                out.dtype.c10_name()
            ),
        ));
    }
    // `resize_output(result, result_tmp.sizes())`: `sizes()`, not
    // `sym_sizes()`, so a symbolic size is specialised to its hint.
    let mut sizes = Dims::new();
    for &s in &result.sizes {
        sizes.push(SymInt::Int(cx.env.guard_int(s, cx.op)?));
    }
    let written = resize_output(cx, out, &sizes, None)?;
    // `result.copy_(result_tmp)`.
    fake_runtime::support::copied_into(cx, &written)?;
    let mut outs = Outs::new();
    outs.push(Out::Tensor(written, Alias::InPlace(4)));
    Ok(outs)
}
