//! What a plain fake mode (no Python dispatcher) does with an operator
//! whose Python implementation is what the Python dispatcher runs
//! (`PlainMode`, declared per operator by `@plain(...)` in the rules):
//! ATen's C++ kernel runs on the fake tensors instead, and either reads
//! their sizes as integers or refuses symbolic ones.

use crate::kernel::ErasedKernel;
use crate::{Arg, Cx, Error, Outs, PlainMode, Result, SymInt, TensorMeta};

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

/// Whether `t`'s sizes or strides hold a symbol.
fn symbolic(t: &TensorMeta) -> bool {
    !t.sizes.iter().chain(&t.strides).all(|s| s.is_static())
}

/// Run `kernel` on `args` as a plain fake mode runs the operator's ATen
/// kernel (`mode`): on the tensor arguments with their sizes specialised
/// ([`specialized_sizes`], lists' elements included); or, when one has
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
    let Some(first) = tensors().find(|t| symbolic(t)) else {
        return kernel(cx, args);
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
        PlainMode::Specialize => {
            let fixed = tensors()
                .map(|t| specialized_sizes(cx, t))
                .collect::<Result<Vec<TensorMeta>>>()?;
            // The specialised tensors in the order `tensors()` gave them.
            let mut next = fixed.iter();
            let fixed_args: Vec<Arg<'_>> = args
                .iter()
                .map(|a| match a {
                    Arg::Tensor(t) => Arg::Tensor(next.next().unwrap_or(t)),
                    Arg::Tensors(ts) => {
                        Arg::Tensors(ts.iter().map(|t| next.next().unwrap_or(t)).collect())
                    }
                    Arg::OptTensors(ts) => Arg::OptTensors(
                        ts.iter()
                            .map(|t| t.map(|t| next.next().unwrap_or(t)))
                            .collect(),
                    ),
                    other => other.reborrow(),
                })
                .collect();
            kernel(cx, &fixed_args)
        }
    }
}
