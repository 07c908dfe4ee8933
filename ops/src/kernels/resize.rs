//! `resize_`, `resize_as_` and the functional `resize` and `resize_as`: a tensor's sizes
//! changed in place (or on a clone); whether its strides survive depends
//! on whether the sizes changed, a comparison of values no rule can say
//! (`fake_runtime::support::resize_output`, which the derived `out=`
//! overloads share).

use fake_runtime::support::{args, resize_output};
use fake_runtime::{Alias, Arg, Cx, MemoryFormat, Out, Outs, Result, SymInt};

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

/// `resize(Tensor self, SymInt[] size, *, MemoryFormat? memory_format=None)
/// -> Tensor`: `self.clone()` (its layout preserved, at offset 0), then
/// `resize_`.
pub(crate) fn resize(cx: &mut Cx<'_>, a: &[Arg<'_>]) -> Result<Outs> {
    let t = args::tensor(cx, a, 0, "self")?;
    let sizes = args::sizes(cx, a, 1, "size", None)?;
    let mf = args::opt_memory_format(cx, a, 2, "memory_format", None)?;
    let mut clone = t.clone();
    clone.strides = crate::intrinsics::preserve_strides(cx, t, None)?;
    clone.storage_offset = SymInt::Int(0);
    clone.device = cx.device;
    clone.requires_grad = false;
    let out = resize_output(cx, &clone, &sizes, mf)?;
    let mut outs = Outs::new();
    outs.push(Out::Tensor(out, Alias::Fresh));
    Ok(outs)
}

/// `resize_as_(Tensor(a!) self, Tensor the_template, *, MemoryFormat?
/// memory_format=None) -> Tensor(a!)`: `resize_` to the template's sizes
/// (read as integers: guarded), then restrided in the memory format when
/// one is given (`preserve_format`: the template's suggested one).
pub(crate) fn resize_as_(cx: &mut Cx<'_>, a: &[Arg<'_>]) -> Result<Outs> {
    let t = args::tensor(cx, a, 0, "self")?;
    let template = args::tensor(cx, a, 1, "the_template")?;
    let mf = args::opt_memory_format(cx, a, 2, "memory_format", None)?;
    let mut sizes = template.sizes.clone();
    for s in sizes.iter_mut() {
        *s = SymInt::Int(cx.env.guard_int(*s, cx.op)?);
    }
    let mut out = resize_output(cx, t, &sizes, None)?;
    if let Some(mf) = mf {
        let mf = if mf == MemoryFormat::Preserve {
            crate::intrinsics::suggest_format(cx, template, None)?
        } else {
            mf
        };
        out.strides = crate::intrinsics::format_strides(cx, out.sizes.clone(), Some(mf))?;
    }
    let mut outs = Outs::new();
    outs.push(Out::Tensor(out, Alias::InPlace(0)));
    Ok(outs)
}

/// `resize_as(Tensor self, Tensor the_template, *, MemoryFormat?
/// memory_format=None) -> Tensor`: `torch._decomp`'s `resize(self,
/// the_template.shape, memory_format)`, the format contiguous unless
/// given (`preserve_format`: the template's suggested one).
pub(crate) fn resize_as(cx: &mut Cx<'_>, a: &[Arg<'_>]) -> Result<Outs> {
    let t = args::tensor(cx, a, 0, "self")?;
    let template = args::tensor(cx, a, 1, "the_template")?;
    let mf = args::opt_memory_format(cx, a, 2, "memory_format", None)?;
    let mf = match mf.unwrap_or(MemoryFormat::Contiguous) {
        MemoryFormat::Preserve => crate::intrinsics::suggest_format(cx, template, None)?,
        mf => mf,
    };
    // `resize_` first asks whether the sizes change (C++'s `==` of the
    // two lists: guarded element by element up to the first that differs).
    fake_runtime::shape::guard_sizes_eq(cx.env, &t.sizes, &template.sizes, cx.op)?;
    let sizes = template.sizes.clone();
    let call = [
        Arg::Tensor(t),
        Arg::Ints(std::borrow::Cow::Borrowed(&sizes)),
        Arg::MemoryFormat(mf),
    ];
    resize(cx, &call)
}
