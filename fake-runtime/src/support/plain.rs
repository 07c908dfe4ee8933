//! What a plain fake mode (no Python dispatcher) does with an operator
//! whose Python implementation is what the Python dispatcher runs
//! (`PlainMode`, declared per operator by `@plain(...)` in the rules):
//! ATen's C++ kernel runs on the fake tensors instead, and either reads
//! their sizes as integers or refuses symbolic ones.

use super::not_inline_ints;
use crate::kernel::{ErasedKernel, OpDef};
use crate::{Arg, Cx, Error, Outs, PlainMode, Result, SymInt, TensorMeta};
use std::borrow::Cow;

/// `t` with its sizes read as integers, as ATen's `sizes()` reads a fake
/// tensor's: each symbolic size guarded to its hint (`guard_int`, last
/// dim first, as a contiguous layout is computed), its strides simplified
/// by the replacements that made (a stride of its own stays symbolic).
pub fn specialized_sizes(cx: &mut Cx<'_>, t: &TensorMeta) -> Result<TensorMeta> {
    let mut out = t.clone();
    for s in out.sizes.iter_mut().rev() {
        *s = SymInt::Int(cx.env.guard_int(*s, cx.op)?);
    }
    for s in out.strides.iter_mut() {
        *s = cx.env.simplify_int(*s)?;
    }
    Ok(out)
}

/// `op`'s kernel on `args`, as the dispatcher runs it: refused on a device
/// it has no kernel for ([`OpDef::check_device`]), through [`run_plain`]
/// when the operator declares a plain-mode behaviour and the Python
/// dispatcher is off. The mode's dispatch and a kernel's step that
/// PyTorch dispatches (a decomposition's `aten.constant_pad_nd`) both go
/// through here.
pub fn run_op(cx: &mut Cx<'_>, op: &OpDef, args: &[Arg<'_>]) -> Result<Outs> {
    op.check_device(cx.device)?;
    match op.tags.plain {
        Some(plain) if !cx.defaults.python_dispatcher => run_plain(cx, plain, op.kernel, args),
        _ => (op.kernel)(cx, args),
    }
}

/// Whether `t`'s sizes or strides hold a symbol.
fn symbolic(t: &TensorMeta) -> bool {
    !t.sizes.iter().chain(&t.strides).all(|s| s.is_static())
}

/// Run `kernel` on `args` as a plain fake mode runs the operator's ATen
/// kernel (`mode`): on the tensor arguments with their sizes specialised
/// ([`specialized_sizes`], lists' elements included), an integer list
/// holding a symbol refused ([`PlainMode::Specialize`]) or read as
/// integers ([`PlainMode::SpecializeAll`]); or, when one has
/// symbolic sizes or strides, refused as `storage_offset()` refuses it:
/// at once, or for [`PlainMode::ReadThenRefuse`] after the kernel's own
/// checks (their guards recorded) and the sizes of the first such tensor
/// read as integers, as ATen reads them before it asks for the offset.
pub fn run_plain(
    cx: &mut Cx<'_>,
    mode: PlainMode,
    kernel: ErasedKernel,
    args: &[Arg<'_>],
) -> Result<Outs> {
    let tensors = || {
        args.iter()
            .flat_map(|a| -> Box<dyn Iterator<Item = &TensorMeta> + '_> {
                match a {
                    Arg::Tensor(t) => Box::new(std::iter::once(*t)),
                    Arg::Tensors(ts) => Box::new(ts.iter().copied()),
                    Arg::OptTensors(ts) => Box::new(ts.iter().flatten().copied()),
                    _ => Box::new(std::iter::empty()),
                }
            })
    };
    if mode == PlainMode::Specialize {
        for a in args {
            if let Arg::Ints(list) = a
                && !list.iter().all(|s| s.is_static())
            {
                return Err(not_inline_ints(cx, list));
            }
        }
    }
    let lists_symbolic = mode == PlainMode::SpecializeAll
        && args
            .iter()
            .any(|a| matches!(a, Arg::Ints(list) if !list.iter().all(|s| s.is_static())));
    let Some(first) = tensors().find(|t| symbolic(t)) else {
        if !lists_symbolic {
            return kernel(cx, args);
        }
        return specialized_call(cx, kernel, args, &[]);
    };
    match mode {
        PlainMode::RefuseSymbolic | PlainMode::ReadThenRefuse => {
            if mode == PlainMode::ReadThenRefuse {
                kernel(cx, args)?;
                specialized_sizes(cx, first)?;
            }
            Err(Error::invalid(
                cx.op,
                "Cannot call storage_offset() on tensor with symbolic sizes/strides",
            ))
        }
        PlainMode::Specialize | PlainMode::SpecializeAll => {
            let fixed = tensors()
                .map(|t| specialized_sizes(cx, t))
                .collect::<Result<Vec<TensorMeta>>>()?;
            specialized_call(cx, kernel, args, &fixed)
        }
    }
}

/// `kernel` on `args` with their tensors replaced, in order, by `fixed`
/// (as many as there are, the rest kept) and their integer lists' symbols
/// read as integers.
fn specialized_call(
    cx: &mut Cx<'_>,
    kernel: ErasedKernel,
    args: &[Arg<'_>],
    fixed: &[TensorMeta],
) -> Result<Outs> {
    let mut lists: Vec<Vec<SymInt>> = Vec::new();
    for a in args {
        if let Arg::Ints(list) = a {
            let mut ints = Vec::with_capacity(list.len());
            for &s in list.iter() {
                ints.push(SymInt::Int(cx.env.guard_int(s, cx.op)?));
            }
            lists.push(ints);
        }
    }
    let mut next = fixed.iter();
    let mut next_list = lists.iter();
    let fixed_args: Vec<Arg<'_>> = args
        .iter()
        .map(|a| match a {
            Arg::Tensor(t) => Arg::Tensor(next.next().unwrap_or(t)),
            Arg::Tensors(ts) => Arg::Tensors(ts.iter().map(|t| next.next().unwrap_or(t)).collect()),
            Arg::OptTensors(ts) => Arg::OptTensors(
                ts.iter()
                    .map(|t| t.map(|t| next.next().unwrap_or(t)))
                    .collect(),
            ),
            Arg::Ints(list) => Arg::Ints(Cow::Borrowed(
                next_list.next().map_or(&list[..], |l| &l[..]),
            )),
            other => other.reborrow(),
        })
        .collect();
    kernel(cx, &fixed_args)
}
