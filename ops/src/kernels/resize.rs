//! `resize_`: a tensor argument's sizes changed in place; whether its
//! strides survive depends on whether the sizes changed, a comparison of
//! values no rule can say (`fake_runtime::support::resize_output`, which
//! the derived `out=` overloads share).

use fake_runtime::support::{args, resize_output};
use fake_runtime::{Alias, Arg, Cx, Out, Outs, Result};

/// `resize_(Tensor(a!) self, SymInt[] size, *, MemoryFormat?
/// memory_format=None) -> Tensor(a!)`.
pub(crate) fn resize_(cx: &mut Cx<'_>, a: &[Arg<'_>]) -> Result<Outs> {
    let t = args::tensor(cx, a, 0, "self")?;
    let sizes = args::sizes(cx, a, 1, "size", None)?;
    let mf = args::opt_memory_format(cx, a, 2, "memory_format", None)?;
    let out = resize_output(cx, t, &sizes, mf)?;
    let mut outs = Outs::new();
    outs.push(Out::Tensor(out, Alias::InPlace(0)));
    Ok(outs)
}
