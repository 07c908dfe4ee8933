//! `reshape_as`: a view of `self` when its strides allow one, else a
//! contiguous copy on a new storage. Which one depends on the input's
//! strides, so no rule (whose aliasing is fixed by the schema) can say it.

use fake_runtime::intrinsics::args;
use fake_runtime::shape::infer_view;
use fake_runtime::strides::{contiguous, view_strides};
use fake_runtime::{Alias, Arg, Cx, Out, Outs, Result, SymInt, TensorMeta};

/// `reshape_as(Tensor(a) self, Tensor other) -> Tensor(a)`: `reshape`
/// with `other`'s sizes.
pub(crate) fn reshape_as(cx: &mut Cx<'_>, a: &[Arg<'_>]) -> Result<Outs> {
    let t = args::tensor(cx, a, 0, "self")?;
    let other = args::tensor(cx, a, 1, "other")?;
    let numel = t.numel(cx.env)?;
    let sizes = infer_view(cx.env, cx.op, numel, &other.sizes)?;
    let mut outs = Outs::new();
    match view_strides(cx.env, &t.sizes, &t.strides, &sizes, cx.op)? {
        Some(strides) => outs.push(Out::Tensor(
            TensorMeta {
                sizes,
                strides,
                storage_offset: t.storage_offset,
                dtype: t.dtype,
                device: t.device,
                layout: t.layout,
                requires_grad: false,
            },
            Alias::ViewOf(0),
        )),
        None => {
            let strides = contiguous(cx.env, &sizes)?;
            outs.push(Out::Tensor(
                TensorMeta {
                    sizes,
                    strides,
                    storage_offset: SymInt::Int(0),
                    dtype: t.dtype,
                    device: t.device,
                    layout: t.layout,
                    requires_grad: false,
                },
                Alias::Fresh,
            ));
        }
    }
    Ok(outs)
}
