//! The `_foreach_` overloads `rules!` derives from an element operator
//! (`@foreach(add.Tensor)` on `_foreach_add.List`): ATen's kernels for
//! them check the lists (`check_foreach_api_restrictions`) and call the
//! element operator on the `i`-th element of every list argument, the
//! other arguments shared; the functional form returns the results, each
//! on its element's device (the fake mode's
//! `foreach_run_and_map_input_device`), the in-place form
//! (`_foreach_add_.List`, whose elements run `add_.Tensor`) writes its
//! `self` list and returns nothing, whatever the devices.

use super::*;
use crate::kernel::{Alias, ErasedKernel, Out, Outs};

/// Whether bit `j` of `lists` is set: argument `j` is a list.
fn listed(lists: u32, j: usize) -> bool {
    j < 32 && lists & (1 << j) != 0
}

/// A shared tensor standing for a number must be zero-dim (ATen's
/// `foreach_tensor_*_tensor_kernel_slow`).
fn zero_dim(cx: &Cx<'_>, t: &TensorMeta) -> Result<()> {
    if t.dim() == 0 {
        return Ok(());
    }
    let sizes: Option<Vec<i64>> = t.sizes.iter().map(|s| s.as_int()).collect();
    let numel = match sizes {
        Some(sizes) => sizes.iter().product::<i64>().to_string(),
        None => {
            let each: Vec<String> = t.sizes.iter().map(|&s| cx.env.display(s)).collect();
            each.join("*")
        }
    };
    Err(invalid(
        cx,
        format!(
            "scalar tensor expected to be 0 dim but it has {} dimensions and {numel} elements.",
            t.dim()
        ),
    ))
}

/// The common device of one call's tensors, as the fake mode finds one per
/// element of a `_foreach_` operator's lists (`_find_common_device`: a
/// zero-dim CPU tensor joins any device; other devices must agree); the
/// call's own device when it has no tensor.
fn element_device(cx: &Cx<'_>, each: &[Arg<'_>]) -> Result<Device> {
    let mut found: Option<(Device, bool)> = None;
    for a in each {
        let Arg::Tensor(t) = a else { continue };
        let cpu_scalar = t.device.is_cpu() && t.dim() == 0;
        found = match found {
            None => Some((t.device, cpu_scalar)),
            Some((d, scalar)) if d == t.device => Some((d, scalar && cpu_scalar)),
            Some(kept) if cpu_scalar => Some(kept),
            Some((_, true)) => Some((t.device, false)),
            Some((d, false)) => {
                return Err(ErrorKind::DeviceMismatch {
                    op: cx.op.to_string(),
                    a: d.to_string(),
                    b: t.device.to_string(),
                }
                .into());
            }
        };
    }
    Ok(found.map_or(cx.device, |(d, _)| d))
}

/// How many elements list argument `a` has; `None` when it is not a list.
fn list_len(a: &Arg<'_>) -> Option<(usize, bool)> {
    match a {
        Arg::Tensors(ts) => Some((ts.len(), true)),
        Arg::Ints(v) => Some((v.len(), false)),
        Arg::Floats(v) => Some((v.len(), false)),
        Arg::Bools(v) => Some((v.len(), false)),
        _ => None,
    }
}

/// Element `i` of list argument `a`: a tensor of a `Tensor[]`, a number
/// of a `Scalar[]`.
fn nth<'a>(a: &Arg<'a>, i: usize) -> Arg<'a> {
    match a {
        Arg::Tensors(ts) => Arg::Tensor(ts[i]),
        Arg::Ints(v) => Arg::Scalar(Scalar::Int(v[i])),
        Arg::Floats(v) => Arg::Scalar(Scalar::from(v[i])),
        Arg::Bools(v) => Arg::Scalar(Scalar::Bool(SymBool::Bool(v[i]))),
        other => other.clone(),
    }
}

/// The common length of the lists (bit `j` of `lists`: argument `j`), as
/// ATen's `check_foreach_api_restrictions` checks them: at least one
/// tensor, every tensor list as long as the first, every number list too.
pub fn foreach_len(cx: &Cx<'_>, args: &[Arg<'_>], lists: u32) -> Result<usize> {
    let listed = args.iter().enumerate().filter(|(j, _)| listed(lists, *j));
    let mut first: Option<usize> = None;
    let mut numbers = Vec::new();
    for (j, a) in listed {
        let Some((len, tensors)) = list_len(a) else {
            return Err(invalid(
                cx,
                format!("argument {j} should be a list, got {a:?}"),
            ));
        };
        if !tensors {
            numbers.push(len);
            continue;
        }
        match first {
            None if len == 0 => {
                return Err(invalid(
                    cx,
                    "Tensor list must have at least one tensor.".into(),
                ));
            }
            None => first = Some(len),
            Some(n) if n != len => {
                return Err(invalid(
                    cx,
                    format!("Tensor lists must have the same number of tensors, got {n} and {len}"),
                ));
            }
            Some(_) => {}
        }
    }
    let Some(n) = first else {
        return Err(invalid(
            cx,
            "Tensor list must have at least one tensor.".into(),
        ));
    };
    if numbers.iter().any(|&len| len != n) {
        return Err(invalid(
            cx,
            "Tensor list must have same number of elements as scalar list.".into(),
        ));
    }
    Ok(n)
}

/// One element's call of a `_foreach_` operator: `kernel` on `args` with
/// `device` the call's device (the fake mode puts each result on its
/// element's), its one result, which must be a new tensor.
pub fn foreach_element(
    cx: &mut Cx<'_>,
    device: Device,
    kernel: ErasedKernel,
    args: &[Arg<'_>],
) -> Result<TensorMeta> {
    let kept = std::mem::replace(&mut cx.device, device);
    let outs = kernel(cx, args);
    cx.device = kept;
    match outs?.into_iter().next() {
        Some(Out::Tensor(meta, Alias::Fresh)) => Ok(meta),
        other => Err(invalid(
            cx,
            format!("the element operator gave {other:?} where a new tensor was expected"),
        )),
    }
}

/// A `_foreach_` overload: `element_kernel` on the `i`-th element of
/// every list argument (bit `j` of `lists` set: argument `j` is one), the
/// other arguments shared (a shared tensor must be zero-dim: it stands
/// for a number) and the element's further ones left to their defaults.
/// The functional form returns the results, each a new tensor; the
/// in-place form (`in_place`, the elements running the element's
/// in-place form) returns nothing, its `self` list written.
pub fn foreach_variant(
    cx: &mut Cx<'_>,
    args: &[Arg<'_>],
    element_kernel: ErasedKernel,
    in_place: bool,
    lists: u32,
) -> Result<Outs> {
    // Outside the Python dispatcher the fake mode runs ATen's kernel on
    // the lists as meta tensors: each element's reference step reads
    // plain sizes (`Defaults::refs_as_meta`).
    let kept = cx.defaults.refs_as_meta;
    cx.defaults.refs_as_meta = !cx.defaults.python_dispatcher;
    let outs = foreach_lists(cx, args, element_kernel, in_place, lists);
    cx.defaults.refs_as_meta = kept;
    outs
}

/// [`foreach_variant`]'s elements, each run by `element_kernel`.
fn foreach_lists(
    cx: &mut Cx<'_>,
    args: &[Arg<'_>],
    element_kernel: ErasedKernel,
    in_place: bool,
    lists: u32,
) -> Result<Outs> {
    let n = foreach_len(cx, args, lists)?;
    // A tensor every call shares stands for a number (`_foreach_add.Tensor`).
    for (j, a) in args.iter().enumerate() {
        if let (false, Arg::Tensor(t)) = (listed(lists, j), a) {
            zero_dim(cx, t)?;
        }
    }
    let mut results = Vec::with_capacity(if in_place { 0 } else { n });
    let mut each: SmallVec<[Arg<'_>; 6]> = SmallVec::with_capacity(args.len());
    for i in 0..n {
        each.clear();
        each.extend(args.iter().enumerate().map(|(j, a)| {
            if listed(lists, j) {
                nth(a, i)
            } else {
                a.clone()
            }
        }));
        // The fake mode maps each result to its element's device, and
        // checks devices only there: an in-place form, which returns
        // nothing, takes any.
        if in_place {
            element_kernel(cx, &each)?;
            continue;
        }
        let device = element_device(cx, &each)?;
        results.push((
            foreach_element(cx, device, element_kernel, &each)?,
            Alias::Fresh,
        ));
    }
    let mut outs = Outs::new();
    if !in_place {
        outs.push(Out::Tensors(results));
    }
    Ok(outs)
}
