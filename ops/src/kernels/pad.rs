//! `pad(Tensor self, SymInt[] pad, str mode="constant", float? value=None)`,
//! the composite `F.pad` of the default export IR, and `_pad_enum`, which
//! it calls with the mode as a number. The mode (a string or a number,
//! which rules cannot compare) picks the kernel as ATen's `_pad_enum`
//! does: `constant` is `constant_pad_nd`; `reflect` and `replicate` are
//! the reflection and replication pads of the dimensionality the padding
//! length and the input's rank give; `circular` is `_pad_circular`, which
//! grows each padded dim.

use crate::intrinsics;
use fake_runtime::support::args;
use fake_runtime::{Arg, Cx, Error, Outs, Result};

/// `at::padding_mode`, in its order (`_pad_enum`'s numbers).
const MODES: [&str; 4] = ["reflect", "replicate", "circular", "constant"];

/// `aten::pad`: the mode's name, then `_pad_enum`.
pub(crate) fn pad(cx: &mut Cx<'_>, a: &[Arg<'_>]) -> Result<Outs> {
    let mode = args::opt_str(cx, a, 2, "mode", Some("constant"))?.unwrap_or("constant");
    if !MODES.contains(&mode) {
        return Err(Error::invalid(
            cx.op,
            format!("Unrecognised padding mode {mode}"),
        ));
    }
    pad_enum(cx, a, mode)
}

/// `_pad_enum(Tensor self, SymInt[] pad, int mode, float? value=None)`: a
/// number outside `at::padding_mode` is no kernel's.
pub(crate) fn pad_enum_op(cx: &mut Cx<'_>, a: &[Arg<'_>]) -> Result<Outs> {
    let mode = args::int(cx, a, 2, "mode", None)?;
    let name = usize::try_from(mode)
        .ok()
        .and_then(|m| MODES.get(m))
        .copied()
        .unwrap_or("unknown");
    pad_enum(cx, a, name)
}

/// ATen's `_pad_enum` of the mode named `mode`: the padding length's
/// checks, then `constant_pad_nd` or [`non_constant`].
fn pad_enum(cx: &mut Cx<'_>, a: &[Arg<'_>], mode: &str) -> Result<Outs> {
    let t = args::tensor(cx, a, 0, "self")?;
    let pad = args::sizes(cx, a, 1, "pad", None)?;
    let (rank, len) = (t.dim(), pad.len());
    if !len.is_multiple_of(2) {
        return Err(Error::invalid(
            cx.op,
            "Padding length must be divisible by 2",
        ));
    }
    if len > rank * 2 {
        return Err(Error::invalid(
            cx.op,
            format!(
                "Padding length should be less than or equal to two times the input dimension but got padding length {len} and input of dimension {rank}"
            ),
        ));
    }
    if mode != "constant" {
        return non_constant(cx, a, rank, len, mode);
    }
    // constant_pad_nd's layout.
    let sizes = intrinsics::pad_sizes(cx, t.sizes.clone(), pad.clone())?;
    let strides = intrinsics::pad_strides(cx, t, pad, sizes.clone())?;
    Ok(super::fresh_out(cx, t, sizes, strides))
}

/// `_pad_circular(Tensor self, SymInt[] pad)`: one or two leading dims
/// unpadded, each padded dim (one per pair of `pad`, a last odd element
/// unread) grown by its pads, which may not wrap around more than once;
/// the result is a new contiguous tensor.
pub(crate) fn pad_circular(cx: &mut Cx<'_>, a: &[Arg<'_>]) -> Result<Outs> {
    let t = args::tensor(cx, a, 0, "self")?;
    let mut pad = args::sizes(cx, a, 1, "pad", None)?;
    let n = t.dim();
    let padded = pad.len() / 2;
    pad.truncate(2 * padded);
    let unpadded = n.checked_sub(padded);
    if !matches!(unpadded, Some(1 | 2)) {
        return Err(Error::invalid(
            cx.op,
            format!(
                "Invalid padding size, expected 1 or 2 non-padded dimensions, which would be equivalent to padding of length {} or {} respectively but got {}",
                (n as i64 - 1) * 2,
                (n as i64 - 2) * 2,
                2 * padded
            ),
        ));
    }
    for (k, pair) in pad.chunks(2).enumerate() {
        let size = t.sizes[n - 1 - k];
        for &p in pair {
            let ok = cx.env.le(p, size)?;
            fake_runtime::shape::check(cx.env, ok, cx.op, &|| {
                "Padding value causes wrapping around more than once.".to_string()
            })?;
        }
    }
    let sizes = intrinsics::pad_sizes(cx, t.sizes.clone(), pad)?;
    let strides = fake_runtime::strides::contiguous(cx.env, &sizes)?;
    Ok(super::fresh_out(cx, t, sizes, strides))
}

/// `_pad_enum` for a mode other than `constant`: the pad of the
/// dimensionality `pad.len() / 2` when the input has that many dims plus
/// one or two.
fn non_constant(
    cx: &mut Cx<'_>,
    a: &[Arg<'_>],
    rank: usize,
    len: usize,
    mode: &str,
) -> Result<Outs> {
    if let Some(Arg::Float(v)) = a.get(3)
        && *v != 0.0
    {
        return Err(Error::invalid(
            cx.op,
            format!("Padding mode \"{mode}\" doesn't take in value argument"),
        ));
    }
    let n = len / 2;
    let fits = (1..=3).contains(&n) && (rank == n + 1 || rank == n + 2);
    // `self` and `pad` (read above, so present).
    let args: Vec<Arg<'_>> = a.iter().take(2).cloned().collect();
    match (mode, fits, n) {
        ("reflect", true, 1) => super::reflection_pad1d(cx, &args),
        ("reflect", true, 2) => super::reflection_pad2d(cx, &args),
        ("reflect", true, 3) => super::reflection_pad3d(cx, &args),
        ("replicate", true, 1) => super::replication_pad1d(cx, &args),
        ("replicate", true, 2) => super::replication_pad2d(cx, &args),
        ("replicate", true, 3) => super::replication_pad3d(cx, &args),
        ("circular", true, _) => pad_circular(cx, &args),
        _ => Err(Error::invalid(
            cx.op,
            format!("Padding size {len} is not supported for {rank}D input tensor."),
        )),
    }
}
