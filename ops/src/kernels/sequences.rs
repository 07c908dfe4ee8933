//! ATen's composites over lists of tensors whose sizes decide the steps:
//! `pad_sequence` (the longest sequence's length, read as an integer, and
//! a copy of each sequence into its slot), `flatten_dense_tensors` (each
//! tensor flattened, then concatenated unless there is one) and
//! `unflatten_dense_tensors` (a view of the flat buffer per tensor, or a
//! new empty tensor for one without elements).

use super::einsum::fresh_result;
use super::{invalid, one};
use fake_runtime::shape::{self, Dims};
use fake_runtime::support::args;
use fake_runtime::{Alias, Arg, Cx, Out, Outs, Result, SymInt, TensorMeta};

/// `pad_sequence(Tensor[] sequences, bool batch_first=False, float
/// padding_value=0., str padding_side="right") -> Tensor`: under the
/// Python dispatcher [`padded_by_reference`]; else ATen's composite: the sizes read
/// as integers (each guarded), a new contiguous tensor of the first
/// sequence's dtype, `[longest, count, *trailing]` (or batch first), then
/// each sequence copied into its slot (it must broadcast to
/// `[its length, *trailing]`).
pub(crate) fn pad_sequence(cx: &mut Cx<'_>, a: &[Arg<'_>]) -> Result<Outs> {
    let sequences = args::tensors(cx, a, 0, "sequences")?;
    let batch_first = args::bool(cx, a, 1, "batch_first", Some(false))?;
    let side = args::opt_str(cx, a, 3, "padding_side", Some("right"))?.unwrap_or("right");
    let Some(first) = sequences.first() else {
        return Err(invalid(cx, "received an empty list of sequences"));
    };
    if cx.defaults.python_dispatcher {
        return padded_by_reference(cx, sequences, batch_first, side);
    }
    let mut sizes: Vec<Dims> = Vec::with_capacity(sequences.len());
    for t in sequences.iter() {
        let mut s = Dims::new();
        for &d in &t.sizes {
            s.push(SymInt::Int(cx.env.guard_int(d, cx.op)?));
        }
        sizes.push(s);
    }
    let mut longest = 0;
    for s in &sizes {
        let Some(&SymInt::Int(len)) = s.first() else {
            return Err(invalid(
                cx,
                "Dimension specified as 0 but tensor has no dimensions",
            ));
        };
        longest = longest.max(len);
    }
    let trailing = &sizes[0][1..];
    let count = SymInt::Int(sequences.len() as i64);
    let mut out: Dims = if batch_first {
        [count, SymInt::Int(longest)].into_iter().collect()
    } else {
        [SymInt::Int(longest), count].into_iter().collect()
    };
    out.extend(trailing.iter().copied());
    if side != "left" && side != "right" {
        return Err(invalid(
            cx,
            format!("Expected padding_side to be one of left or right, but got {side}."),
        ));
    }
    for s in &sizes {
        let slot: Dims = std::iter::once(s[0])
            .chain(trailing.iter().copied())
            .collect();
        let joint = shape::broadcast(cx.env, cx.op, &[&slot, s])?;
        if joint != slot {
            return Err(invalid(
                cx,
                format!("output with shape {slot:?} doesn't match the broadcast shape {joint:?}"),
            ));
        }
    }
    let strides = fake_runtime::strides::contiguous(cx.env, &out)?;
    Ok(super::fresh_out(cx, first, out, strides))
}

/// [`pad_sequence`] as `torch._decomp`'s decomposition (the Python
/// dispatcher's): the longest length by `sym_max` (nothing guarded), a
/// new contiguous tensor of the first sequence's dtype, then each
/// sequence padded by `constant_pad_nd` (its pads as many as the first
/// sequence has dims, so one of fewer dims is refused) and written by
/// `select_scatter`, which checks nothing of it.
fn padded_by_reference(
    cx: &mut Cx<'_>,
    sequences: &[&TensorMeta],
    batch_first: bool,
    side: &str,
) -> Result<Outs> {
    if side != "left" && side != "right" {
        return Err(invalid(
            cx,
            format!("Expected padding_side to be one of left or right, but got {side}."),
        ));
    }
    let first = sequences[0];
    let mut longest: Option<SymInt> = None;
    for t in sequences {
        let len = t.sizes[shape::wrap_size_dim(cx.op, 0, t.dim())?];
        longest = Some(match longest {
            Some(l) => cx.env.max(l, len)?,
            None => len,
        });
    }
    let longest = longest.unwrap_or(SymInt::Int(0));
    let pads = 2 * first.dim();
    for t in sequences {
        if pads > 2 * t.dim() {
            return Err(invalid(
                cx,
                format!(
                    "Length of pad should be no more than twice the number of dimensions of the input. Pad length is {pads} while the input has {} dimensions.",
                    t.dim()
                ),
            ));
        }
    }
    let count = SymInt::Int(sequences.len() as i64);
    let mut out: Dims = if batch_first {
        [count, longest].into_iter().collect()
    } else {
        [longest, count].into_iter().collect()
    };
    out.extend(first.sizes[1..].iter().copied());
    let strides = fake_runtime::strides::contiguous(cx.env, &out)?;
    Ok(super::fresh_out(cx, first, out, strides))
}

/// `t.contiguous().view(-1)`: its elements in a new contiguous vector.
fn flattened(cx: &mut Cx<'_>, t: &TensorMeta) -> Result<TensorMeta> {
    let numel = t.numel(cx.env)?;
    Ok(TensorMeta {
        sizes: std::iter::once(numel).collect(),
        strides: std::iter::once(SymInt::Int(1)).collect(),
        storage_offset: SymInt::Int(0),
        ..t.clone()
    })
}

/// `flatten_dense_tensors(Tensor[] tensors) -> Tensor`: one tensor
/// flattened (at its own offset when it is contiguous), or the `cat` of them all flattened (its dtype promotion and
/// its refusal of an empty list).
pub(crate) fn flatten_dense_tensors(cx: &mut Cx<'_>, a: &[Arg<'_>]) -> Result<Outs> {
    let tensors = args::tensors(cx, a, 0, "tensors")?;
    if let [t] = tensors {
        // `tensors[0].contiguous().view({-1})`: a contiguous tensor is
        // viewed where it starts, with its strides (a size-1 dim's own).
        let c = super::loss_steps::contiguous(cx, t)?;
        let flat = super::loss_steps::view(cx, &c, std::iter::once(SymInt::Int(-1)).collect())?;
        return Ok(fresh_result(flat));
    }
    let mut flat = Vec::with_capacity(tensors.len());
    for t in tensors.iter() {
        flat.push(flattened(cx, t)?);
    }
    let call = [
        Arg::Tensors(flat.iter().collect()),
        Arg::Int(SymInt::Int(0)),
    ];
    let catted = one(crate::erased::cat(cx, &call)?, cx)?;
    Ok(fresh_result(catted))
}

/// `unflatten_dense_tensors(Tensor flat, Tensor[] tensors) -> Tensor[]`:
/// each tensor's element count read as an integer (a tensor of symbolic
/// sizes refuses it); a view of `flat` narrowed to the next that many
/// elements and viewed with the tensor's sizes, or, for a tensor without
/// elements, a new contiguous tensor of its sizes in `flat`'s dtype and
/// on its device.
pub(crate) fn unflatten_dense_tensors(cx: &mut Cx<'_>, a: &[Arg<'_>]) -> Result<Outs> {
    let flat = args::tensor(cx, a, 0, "flat")?;
    let tensors = args::tensors(cx, a, 1, "tensors")?;
    let mut list = Vec::with_capacity(tensors.len());
    let mut offset = 0;
    for t in tensors.iter() {
        if !t.sizes.iter().all(|s| s.is_static()) {
            return Err(invalid(
                cx,
                "Cannot call numel() on tensor with symbolic sizes/strides",
            ));
        }
        let numel: i64 = t.sizes.iter().filter_map(|s| s.as_int()).product();
        if numel == 0 {
            let empty = TensorMeta::contiguous(cx.env, &t.sizes, flat.dtype, flat.device)?;
            list.push((empty, Alias::Fresh));
            continue;
        }
        let call = [
            Arg::Tensor(flat),
            Arg::Int(SymInt::Int(0)),
            Arg::Int(SymInt::Int(offset)),
            Arg::Int(SymInt::Int(numel)),
        ];
        let piece = one(crate::erased::narrow(cx, &call)?, cx)?;
        let call = [Arg::Tensor(&piece), Arg::Ints(t.sizes[..].into())];
        let viewed = one(super::view(cx, &call)?, cx)?;
        list.push((viewed, Alias::ViewOf(0)));
        offset += numel;
    }
    let mut outs = Outs::new();
    outs.push(Out::Tensors(list));
    Ok(outs)
}
