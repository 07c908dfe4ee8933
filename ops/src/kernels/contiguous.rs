//! `contiguous`: `self` itself when it is already laid out in the memory
//! format, else a copy laid out in it. Which one depends on the strides'
//! values, so no rule (whose aliasing is fixed by the schema) can say it.

use super::invalid;
use crate::intrinsics::format_strides;
use fake_runtime::strides::{Flag, tensor_flag};
use fake_runtime::support::args;
use fake_runtime::{Alias, Arg, Cx, MemoryFormat, Out, Outs, Result, SymInt, TensorMeta};

/// `contiguous(Tensor(a) self, *, MemoryFormat memory_format=0) ->
/// Tensor(a)`, as ATen's: `self` when `is_contiguous_or_false(format)`,
/// else `self.clone(memory_format=format)` (`preserve_format` refused).
pub(crate) fn contiguous(cx: &mut Cx<'_>, a: &[Arg<'_>]) -> Result<Outs> {
    let t = args::tensor(cx, a, 0, "self")?;
    let format = args::opt_memory_format(cx, a, 1, "memory_format", None)?
        .unwrap_or(MemoryFormat::Contiguous);
    let mut outs = Outs::new();
    if laid_out_in(cx, t, format)? {
        outs.push(Out::Tensor(t.clone(), Alias::Same(0)));
        return Ok(outs);
    }
    if format == MemoryFormat::Preserve {
        return Err(invalid(
            cx,
            "preserve memory format is unsupported by the contiguous operator",
        ));
    }
    let strides = format_strides(cx, t.sizes.clone(), Some(format))?;
    outs.push(Out::Tensor(
        super::fresh(cx, t, t.sizes.clone(), strides),
        Alias::Fresh,
    ));
    Ok(outs)
}

/// `t.is_contiguous_or_false(format)`: a test that would need an unbacked
/// size's value answers `false` (the copy serves every size).
fn laid_out_in(cx: &mut Cx<'_>, t: &TensorMeta, format: MemoryFormat) -> Result<bool> {
    match format {
        // ATen's `is_contiguous(preserve_format)` is the default test.
        MemoryFormat::Contiguous | MemoryFormat::Preserve => {
            // An empty tensor is contiguous whatever its strides.
            let numel = t.numel(cx.env)?;
            let empty = cx.env.eq(numel, SymInt::Int(0))?;
            if cx.env.guard_or_false(empty, cx.op)? {
                return Ok(true);
            }
            tensor_flag(cx.env, Flag::Contiguous, &t.sizes, &t.strides, cx.op)
        }
        MemoryFormat::ChannelsLast if t.dim() == 4 => {
            tensor_flag(cx.env, Flag::ChannelsLast, &t.sizes, &t.strides, cx.op)
        }
        MemoryFormat::ChannelsLast3d if t.dim() == 5 => {
            tensor_flag(cx.env, Flag::ChannelsLast, &t.sizes, &t.strides, cx.op)
        }
        _ => Ok(false),
    }
}
