//! Dense to sparse COO conversion (`_to_sparse` and `to_sparse`, each with
//! its `sparse_dim` overload): ATen's `dense_to_sparse` and
//! `_to_sparse_check_arguments` (TensorConversions.cpp) on a strided input.
//!
//! PyTorch has no meta kernel for `_to_sparse`: the fake mode runs the CPU
//! kernel on zeros, which refuses symbolic sizes, and the result is a
//! sparse COO tensor of the input's sizes, dtype and device whose strides
//! the fake tensor reports as zeros (what `torch.export` records), but for
//! a one-dim input of no elements, whose sizes a new sparse tensor
//! already has: its stride stays 1.
//! `to_sparse` returns `self` when it already has the layout asked for.
//! Only the COO result is modelled: a conversion to a compressed layout
//! (CSR, CSC, BSR, BSC), valid in PyTorch, is refused as not modelled, and
//! so is any operator given a sparse tensor (the mode refuses every
//! non-strided argument).

use super::invalid;
use crate::intrinsics::checks::static_layout;
use fake_runtime::shape::Dims;
use fake_runtime::support::IntList;
use fake_runtime::support::args;
use fake_runtime::{Alias, Arg, Cx, ErrorKind, Layout, Out, Outs, Result, SymInt, TensorMeta};

/// Whether `layout` is one of the compressed sparse layouts.
fn compressed(layout: Layout) -> bool {
    matches!(
        layout,
        Layout::SparseCsr | Layout::SparseCsc | Layout::SparseBsr | Layout::SparseBsc
    )
}

/// `_to_sparse(Tensor self, *, Layout? layout=None, int[2]? blocksize=None,
/// int? dense_dim=None)`: ATen's `dense_to_sparse`, its checks in their
/// order, then a COO result with `dim - dense_dim` sparse dims.
pub(crate) fn dense_to_sparse(cx: &mut Cx<'_>, a: &[Arg<'_>]) -> Result<Outs> {
    let input = args::tensor(cx, a, 0, "self")?;
    static_layout(cx, input)?;
    let (to, blocksize, dense_dim) = conversion(cx, a)?;
    if to == input.layout {
        return Err(invalid(
            cx,
            "self.layout() != layout_to INTERNAL ASSERT FAILED: dense_to_sparse: unexpected same input and output layout",
        ));
    }
    check_arguments(
        cx,
        "dense_to_sparse",
        input,
        to,
        blocksize.as_deref(),
        dense_dim,
    )?;
    if to != Layout::SparseCoo {
        return Err(ErrorKind::UnsupportedLayout {
            op: cx.op.to_string(),
            what: "the result".into(),
            layout: to.to_string(),
        }
        .into());
    }
    coo(cx, input, input.dim() as i64 - dense_dim.unwrap_or(0))
}

/// `to_sparse(Tensor self, *, Layout? layout=None, int[2]? blocksize=None,
/// int? dense_dim=None)`: `self` itself when it has the layout asked for
/// (after the checks, worded for `to_sparse`), else `_to_sparse`.
pub(crate) fn to_sparse(cx: &mut Cx<'_>, a: &[Arg<'_>]) -> Result<Outs> {
    let input = args::tensor(cx, a, 0, "self")?;
    let (to, blocksize, dense_dim) = conversion(cx, a)?;
    if to != input.layout {
        return super::dispatched(cx, "aten::_to_sparse", a);
    }
    check_arguments(cx, "to_sparse", input, to, blocksize.as_deref(), dense_dim)?;
    let mut outs = Outs::new();
    outs.push(Out::Tensor(input.clone(), Alias::Same(0)));
    Ok(outs)
}

/// The conversion's keyword arguments: the layout asked for (COO by
/// default), the block size and the number of dense dims.
fn conversion(cx: &mut Cx<'_>, a: &[Arg<'_>]) -> Result<(Layout, Option<IntList>, Option<i64>)> {
    let to = args::opt_layout(cx, a, 1, "layout", None)?.unwrap_or(Layout::SparseCoo);
    let blocksize = args::opt_ints(cx, a, 2, "blocksize", None)?;
    let dense_dim = args::opt_int(cx, a, 3, "dense_dim", None)?;
    Ok((to, blocksize, dense_dim))
}

/// `_to_sparse_check_arguments(func, self, layout, blocksize, dense_dim)`
/// for a strided `input`.
fn check_arguments(
    cx: &Cx<'_>,
    func: &str,
    input: &TensorMeta,
    to: Layout,
    blocksize: Option<&[i64]>,
    dense_dim: Option<i64>,
) -> Result<()> {
    let (from, to_name) = (input.layout.c10_name(), to.c10_name());
    if !(matches!(to, Layout::Strided | Layout::SparseCoo) || compressed(to)) {
        return Err(invalid(
            cx,
            format!("{func}: unexpected source layout {from}"),
        ));
    }
    let blocked = matches!(to, Layout::SparseBsr | Layout::SparseBsc);
    let refusal = match blocksize {
        Some(b) if b.len() != 2 => Some(format!(
            "blocksize needs to be a tuple of size 2, but got {}",
            b.len()
        )),
        Some(b) if b[0] <= 0 || b[1] <= 0 => Some(format!(
            "blocksize needs to be positive, but got [{}, {}]",
            b[0], b[1]
        )),
        Some(_) if !blocked => Some(format!(
            "conversion from {from} to {to_name} with blocksize argument given is not supported"
        )),
        None if blocked => Some(format!(
            "conversion from {from} to {to_name} without blocksize argument given is not supported"
        )),
        _ => None,
    };
    if let Some(reason) = refusal {
        return Err(invalid(cx, format!("{func}: {reason}")));
    }
    let dim = input.dim() as i64;
    if let Some(d) = dense_dim {
        if to == Layout::SparseCoo && d == dim && dim > 0 {
            return Err(invalid(
                cx,
                format!("{func}: dense_dim argument must be !=self.dim() when self.dim()>0"),
            ));
        }
        let max = if to == Layout::SparseCoo {
            dim
        } else {
            dim - 2
        };
        if d < 0 || d > max {
            return Err(invalid(
                cx,
                format!("{func}: dense_dim argument must be in [0,{max}] range, but {d} is given"),
            ));
        }
    }
    Ok(())
}

/// `_to_sparse.sparse_dim(Tensor self, int sparse_dim)` (and
/// `to_sparse.sparse_dim`).
pub(crate) fn to_sparse_dim(cx: &mut Cx<'_>, a: &[Arg<'_>]) -> Result<Outs> {
    let input = args::tensor(cx, a, 0, "self")?;
    static_layout(cx, input)?;
    let sparse_dim = args::int(cx, a, 1, "sparse_dim", None)?;
    coo(cx, input, sparse_dim)
}

/// The checks of `_to_sparse_check_arguments` for a strided input and
/// `sparse_dim`, then the COO result.
fn coo(cx: &mut Cx<'_>, input: &TensorMeta, sparse_dim: i64) -> Result<Outs> {
    let dim = input.dim() as i64;
    if sparse_dim == 0 && dim > 0 {
        return Err(invalid(
            cx,
            "dense_to_sparse: sparse_dim argument must be in >0 when self.dim()>0",
        ));
    }
    if sparse_dim < 0 || sparse_dim > dim {
        return Err(invalid(
            cx,
            format!(
                "dense_to_sparse: sparse_dim argument must be in [0,{dim}] range, but {sparse_dim} is given"
            ),
        ));
    }
    // A new sparse tensor starts with sizes `[0]` and strides `[1]`; its
    // resize to other sizes leaves zeros for strides.
    let strides = if input.sizes[..] == [SymInt::Int(0)] {
        input.sizes.iter().map(|_| SymInt::Int(1)).collect::<Dims>()
    } else {
        input.sizes.iter().map(|_| SymInt::Int(0)).collect::<Dims>()
    };
    let meta = TensorMeta {
        sizes: input.sizes.clone(),
        strides,
        storage_offset: SymInt::Int(0),
        dtype: input.dtype,
        device: cx.device,
        layout: Layout::SparseCoo,
        requires_grad: false,
        wrapped_number: false,
    };
    let mut outs = Outs::new();
    outs.push(Out::Tensor(meta, Alias::Fresh));
    Ok(outs)
}
