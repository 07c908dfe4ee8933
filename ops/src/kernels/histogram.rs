//! `histogram` and `histogramdd` (`Histogram.cpp`): the counts and the
//! edges of the bins, new contiguous tensors of the input's dtype. The
//! one-dimensional `histogram` reads its `range` (a `float[]`, which
//! rules do not read) and checks its inputs as `histogramdd_check_inputs`
//! does for the input flattened to one column; `histogramdd` returns a
//! tensor and a list (its `_histogramdd_*` steps have rules), the list
//! being the bin tensors themselves for `TensorList_bins`. `histogram`
//! has no meta kernel: as the CPU kernel the fake mode runs instead, it
//! takes no symbolic sizes.

use super::invalid;
use crate::intrinsics::checks::static_layout;
use fake_runtime::support::args;
use fake_runtime::{Alias, Arg, Cx, DType, Out, Outs, Result, SymInt, TensorMeta};

/// A new contiguous vector of `n` elements like `t`.
fn vector(cx: &mut Cx<'_>, t: &TensorMeta, n: SymInt) -> TensorMeta {
    super::fresh(
        cx,
        t,
        std::iter::once(n).collect(),
        std::iter::once(SymInt::Int(1)).collect(),
    )
}

/// `histogram` has no meta kernel: the fake mode runs the CPU kernel on
/// zeros, which refuses any tensor of symbolic sizes or strides.
fn static_tensors<const N: usize>(
    cx: &mut Cx<'_>,
    tensors: [Option<&TensorMeta>; N],
) -> Result<()> {
    for t in tensors.into_iter().flatten() {
        static_layout(cx, t)?;
    }
    Ok(())
}

/// The number of elements of `t`.
fn numel(cx: &mut Cx<'_>, t: &TensorMeta) -> Result<SymInt> {
    let mut n = SymInt::Int(1);
    for &s in &t.sizes {
        n = cx.env.mul(n, s)?;
    }
    Ok(n)
}

/// `histogramdd_check_inputs`' weight checks for `self` flattened to one
/// column: the same dtype, as many elements.
fn check_weight(cx: &mut Cx<'_>, t: &TensorMeta, weight: Option<&TensorMeta>) -> Result<()> {
    let Some(w) = weight else {
        return Ok(());
    };
    if w.dtype != t.dtype {
        return Err(invalid(
            cx,
            format!(
                "torch.histogramdd: if weight tensor is provided, input tensor and weight tensor should have the same dtype, but got input({}), and weight({})",
                t.dtype, w.dtype
            ),
        ));
    }
    let (n, m) = (numel(cx, t)?, numel(cx, w)?);
    if !fake_runtime::shape::guard_eq(cx.env, n, m, cx.op)? {
        return Err(invalid(
            cx,
            "torch.histogramdd: if weight tensor is provided it should have the same shape as the input tensor excluding its innermost dimension",
        ));
    }
    Ok(())
}

/// The CPU kernels' dtype dispatch, which FakeTensorMode falls back to:
/// the counting kernel (`"histogram_cpu"`) takes the floating types, half
/// precision included; edges inferred from the data (no `range`, a
/// non-empty input: `"histogramdd"`) only single and double precision.
fn check_dtype(cx: &mut Cx<'_>, t: &TensorMeta, edges_from_data: bool) -> Result<()> {
    use DType::{BFloat16, Float16, Float32, Float64};
    let from_data = edges_from_data && !fake_runtime::shape::guard_empty(cx.env, &t.sizes, cx.op)?;
    let (name, ok) = if from_data {
        ("histogramdd", matches!(t.dtype, Float32 | Float64))
    } else {
        (
            "histogram_cpu",
            matches!(t.dtype, Float16 | BFloat16 | Float32 | Float64),
        )
    };
    if !ok {
        return Err(invalid(
            cx,
            format!("\"{name}\" not implemented for '{}'", t.dtype),
        ));
    }
    Ok(())
}

/// Two tensors as a kernel's outputs.
fn pair(hist: TensorMeta, edges: TensorMeta) -> Outs {
    let mut outs = Outs::new();
    outs.push(Out::Tensor(hist, Alias::Fresh));
    outs.push(Out::Tensor(edges, Alias::Fresh));
    outs
}

/// `histogram.bin_ct(Tensor self, int bins=100, *, float[]? range=None,
/// Tensor? weight=None, bool density=False) -> (Tensor hist, Tensor
/// bin_edges)`: `bins` counts and `bins + 1` edges.
pub(crate) fn histogram_bin_ct(cx: &mut Cx<'_>, a: &[Arg<'_>]) -> Result<Outs> {
    let t = args::tensor(cx, a, 0, "self")?;
    let bins = args::int(cx, a, 1, "bins", Some(100))?;
    let range = args::opt_floats(cx, a, 2, "range")?;
    let weight = args::opt_tensor(cx, a, 3, "weight")?;
    static_tensors(cx, [Some(t), weight])?;
    if bins <= 0 {
        return Err(invalid(
            cx,
            format!("torch.histogram(): bins must be > 0, but got {bins} for dimension 0"),
        ));
    }
    if let Some(r) = &range {
        let [lo, hi] = r.as_slice() else {
            return Err(invalid(
                cx,
                format!(
                    "torch.histogramdd: for a 1-dimensional histogram, range should have 2 elements, but got {}",
                    r.len()
                ),
            ));
        };
        if lo > hi {
            return Err(invalid(
                cx,
                format!(
                    "torch.histogramdd: min should not exceed max, but got min {lo} max {hi} for dimension 0"
                ),
            ));
        }
    }
    check_weight(cx, t, weight)?;
    check_dtype(cx, t, range.is_none())?;
    let hist = vector(cx, t, SymInt::Int(bins));
    let edges = vector(cx, t, SymInt::Int(bins.saturating_add(1)));
    Ok(pair(hist, edges))
}

/// `histogram.bins_tensor(Tensor self, Tensor bins, *, Tensor?
/// weight=None, bool density=False) -> (Tensor hist, Tensor bin_edges)`:
/// one count fewer than the edges, the edges copied.
pub(crate) fn histogram_bins_tensor(cx: &mut Cx<'_>, a: &[Arg<'_>]) -> Result<Outs> {
    let t = args::tensor(cx, a, 0, "self")?;
    let bins = args::tensor(cx, a, 1, "bins")?;
    let weight = args::opt_tensor(cx, a, 2, "weight")?;
    static_tensors(cx, [Some(t), Some(bins), weight])?;
    if bins.dtype != t.dtype {
        return Err(invalid(
            cx,
            format!(
                "torch.histogramdd: input tensor and bins tensors should have the same dtype, but got input with dtype {} and bins for dimension 0 with dtype {}",
                t.dtype, bins.dtype
            ),
        ));
    }
    if bins.dim() != 1 {
        return Err(invalid(
            cx,
            format!(
                "torch.histogramdd: bins tensor should have one dimension, but got {} dimensions in the bins tensor for dimension 0",
                bins.dim()
            ),
        ));
    }
    let n = bins.sizes[0];
    let positive = cx.env.gt(n, SymInt::Int(0))?;
    if !cx.env.guard_bool(positive, cx.op)? {
        return Err(invalid(
            cx,
            "torch.histogramdd: bins tensor should have at least 1 element, but got 0 elements in the bins tensor for dimension 0",
        ));
    }
    check_weight(cx, t, weight)?;
    // `histogramdd_prepare_out`: one bin fewer than edges, at least one.
    let counts = cx.env.sub(n, SymInt::Int(1))?;
    let some = cx.env.gt(counts, SymInt::Int(0))?;
    if !cx.env.guard_bool(some, cx.op)? {
        return Err(invalid(
            cx,
            format!(
                "torch.histogram(): bins must be > 0, but got {} for dimension 0",
                cx.env.display(counts)
            ),
        ));
    }
    check_dtype(cx, t, false)?;
    let hist = vector(cx, t, counts);
    let edges = vector(cx, t, n);
    Ok(pair(hist, edges))
}

/// `_histogramdd_bin_edges` and `_histogramdd_from_bin_cts` of the same
/// arguments, as `(hist, bin_edges)`.
fn histogramdd_counts(cx: &mut Cx<'_>, a: &[Arg<'_>]) -> Result<Outs> {
    let edges = crate::erased::_histogramdd_bin_edges(cx, a)?;
    let hist = crate::erased::_histogramdd_from_bin_cts(cx, a)?;
    let mut outs = Outs::new();
    outs.extend(hist);
    outs.extend(edges);
    Ok(outs)
}

/// `histogramdd(Tensor self, int[] bins, float[]? range=None, Tensor?
/// weight=None, bool density=False) -> (Tensor hist, Tensor[] bin_edges)`.
pub(crate) fn histogramdd(cx: &mut Cx<'_>, a: &[Arg<'_>]) -> Result<Outs> {
    histogramdd_counts(cx, a)
}

/// `histogramdd.int_bins(Tensor self, int bins, ...)`: the same count for
/// every one of the last dim's size (`self`'s sizes read as integers:
/// guarded).
pub(crate) fn histogramdd_int_bins(cx: &mut Cx<'_>, a: &[Arg<'_>]) -> Result<Outs> {
    let t = args::tensor(cx, a, 0, "self")?;
    let bins = args::int(cx, a, 1, "bins", None)?;
    let Some(&last) = t.sizes.last() else {
        return Err(invalid(
            cx,
            "Dimension out of range (expected to be in range of [-1, 0], but got -1)",
        ));
    };
    // ATen's int-bins overload reads `self`'s sizes as integers.
    for &s in &t.sizes {
        cx.env.guard_int(s, cx.op)?;
    }
    let n = cx.env.guard_int(last, cx.op)?;
    fake_runtime::limits::check_list_len(cx.op, n)?;
    let counts = std::iter::repeat_n(SymInt::Int(bins), usize::try_from(n).unwrap_or(0)).collect();
    let mut call: Vec<Arg<'_>> = a.to_vec();
    if let Some(slot) = call.get_mut(1) {
        *slot = Arg::Ints(counts);
    }
    histogramdd_counts(cx, &call)
}

/// `histogramdd.TensorList_bins(Tensor self, Tensor[] bins, ...)`:
/// `_histogramdd_from_bin_tensors`, and the bin tensors as they are (new
/// tensors to the caller here: a result cannot name an element of a list
/// argument).
pub(crate) fn histogramdd_tensorlist_bins(cx: &mut Cx<'_>, a: &[Arg<'_>]) -> Result<Outs> {
    let bins = args::tensors(cx, a, 1, "bins")?;
    let call = [
        a.first().cloned().unwrap_or(Arg::None),
        a.get(1).cloned().unwrap_or(Arg::None),
        a.get(3).cloned().unwrap_or(Arg::None),
        a.get(4).cloned().unwrap_or(Arg::Bool(false)),
    ];
    let hist = crate::erased::_histogramdd_from_bin_tensors(cx, &call)?;
    let edges = bins.iter().map(|b| ((*b).clone(), Alias::Fresh)).collect();
    let mut outs = Outs::new();
    outs.extend(hist);
    outs.push(Out::Tensors(edges));
    Ok(outs)
}
