//! `pad(Tensor self, SymInt[] pad, str mode="constant", float? value=None)`:
//! the composite `F.pad` of the default export IR. Its `mode` (a string,
//! which rules cannot compare) picks the kernel: `constant` is
//! `constant_pad_nd`; the reflection, replication and circular pads are
//! refused until they have kernels of their own.

use fake_runtime::intrinsics::{self, args};
use fake_runtime::{Alias, Arg, Cx, Error, Out, Outs, Result};

/// `aten::pad`.
pub(crate) fn pad(cx: &mut Cx<'_>, a: &[Arg<'_>]) -> Result<Outs> {
    let t = args::tensor(cx, a, 0, "self")?;
    let pad = args::sizes(cx, a, 1, "pad", None)?;
    let mode = args::opt_str(cx, a, 2, "mode", Some("constant"))?.unwrap_or("constant");
    if mode != "constant" {
        return Err(Error::invalid(
            cx.op,
            format!("padding mode '{mode}' has no kernel yet (only 'constant' is supported)"),
        ));
    }
    // constant_pad_nd: channels-last kept.
    let sizes = intrinsics::pad_sizes(cx, t.sizes.clone(), pad)?;
    let strides = intrinsics::like_strides(cx, t, sizes.clone())?;
    let mut outs = Outs::new();
    outs.push(Out::Tensor(
        super::fresh(cx, t, sizes, strides),
        Alias::Fresh,
    ));
    Ok(outs)
}
