//! `diagonal(Tensor(a) self, int offset=0, int dim1=0, int dim2=1) ->
//! Tensor(a)`: a view, as ATen's `diagonal` computes it: both dims
//! removed, the diagonal appended with the sum of their strides, and the
//! storage offset moved to the first element. FakeTensorMode runs ATen's
//! kernel on static tensors, which keeps the offset of an empty diagonal,
//! and `torch._refs.diagonal` on symbolic ones (and on every one under
//! the Python dispatcher, as export traces), which always moves it. The
//! offset's sign picks the arithmetic, which no rule can say.

use super::invalid;
use fake_runtime::shape::wrap_dim;
use fake_runtime::support::args;
use fake_runtime::{Alias, Arg, Cx, Out, Outs, Result, SymInt, TensorMeta};

/// `aten::diagonal`.
pub(crate) fn diagonal(cx: &mut Cx<'_>, a: &[Arg<'_>]) -> Result<Outs> {
    let t = args::tensor(cx, a, 0, "self")?;
    let offset = args::int(cx, a, 1, "offset", Some(0))?;
    let d1 = args::int(cx, a, 2, "dim1", Some(0))?;
    let d2 = args::int(cx, a, 3, "dim2", Some(1))?;
    let rank = t.sizes.len();
    let dim1 = wrap_dim(cx.op, d1, rank)?;
    let dim2 = wrap_dim(cx.op, d2, rank)?;
    if dim1 == dim2 {
        return Err(invalid(
            cx,
            format!("diagonal dimensions cannot be identical {d1}, {d2}"),
        ));
    }
    let env = &mut *cx.env;
    let k = SymInt::Int(offset);
    let (s1, s2) = (t.sizes[dim1], t.sizes[dim2]);
    let (st1, st2) = (t.strides[dim1], t.strides[dim2]);
    let shorter = if offset >= 0 {
        let rest = env.sub(s2, k)?;
        env.min(s1, rest)?
    } else {
        let rest = env.add(s1, k)?;
        env.min(rest, s2)?
    };
    let diag = env.max(shorter, SymInt::Int(0))?;
    // Only ATen's kernel, on a static tensor, keeps the offset of an empty
    // diagonal (`diag_size == 0`); the Python dispatcher runs the
    // reference on static tensors too.
    let aten = t.is_static() && !cx.defaults.python_dispatcher;
    let storage_offset = if aten && diag == SymInt::Int(0) {
        t.storage_offset
    } else if offset >= 0 {
        let step = env.mul(k, st2)?;
        env.add(t.storage_offset, step)?
    } else {
        let step = env.mul(k, st1)?;
        env.sub(t.storage_offset, step)?
    };
    let stride = env.add(st1, st2)?;
    let kept = |v: &[SymInt]| {
        v.iter()
            .enumerate()
            .filter(|&(i, _)| i != dim1 && i != dim2)
            .map(|(_, &x)| x)
            .collect::<fake_runtime::shape::Dims>()
    };
    let mut sizes = kept(&t.sizes);
    sizes.push(diag);
    let mut strides = kept(&t.strides);
    strides.push(stride);
    let mut outs = Outs::new();
    outs.push(Out::Tensor(
        TensorMeta {
            sizes,
            strides,
            storage_offset,
            requires_grad: false,
            wrapped_number: false,
            ..t.clone()
        },
        Alias::ViewOf(0),
    ));
    Ok(outs)
}

/// `diagonal_copy(Tensor self, int offset=0, int dim1=0, int dim2=1) ->
/// Tensor`: the diagonal, cloned contiguous (`torch._refs.diagonal_copy`).
pub(crate) fn diagonal_copy(cx: &mut Cx<'_>, a: &[Arg<'_>]) -> Result<Outs> {
    let outs = diagonal(cx, a)?;
    super::contiguous_copies(cx, outs)
}

/// `linalg_diagonal(Tensor(a) A, *, int offset=0, int dim1=-2, int dim2=-1)
/// -> Tensor(a)`: `diagonal` with the last two dims by default.
pub(crate) fn linalg_diagonal(cx: &mut Cx<'_>, a: &[Arg<'_>]) -> Result<Outs> {
    let t = args::tensor(cx, a, 0, "A")?;
    let offset = args::int(cx, a, 1, "offset", Some(0))?;
    let dim1 = args::int(cx, a, 2, "dim1", Some(-2))?;
    let dim2 = args::int(cx, a, 3, "dim2", Some(-1))?;
    diagonal(
        cx,
        &[
            Arg::Tensor(t),
            Arg::Int(SymInt::Int(offset)),
            Arg::Int(SymInt::Int(dim1)),
            Arg::Int(SymInt::Int(dim2)),
        ],
    )
}
