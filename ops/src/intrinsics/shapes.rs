//! Shape intrinsics: broadcasting, reductions, dims inserted, removed,
//! permuted, views' sizes and strides, concatenation, padding, repeats.

use super::*;

// ---- shapes -------------------------------------------------------------------

/// `broadcast(a, b)`: the broadcast of two shapes.
pub fn broadcast(cx: &mut Cx<'_>, a: Dims, b: Dims) -> Result<Dims> {
    shape::broadcast(cx.env, cx.op, &[&a, &b])
}

/// `reduce(s, dim, keepdim)`: sizes after reducing over `dim` (all dims
/// when absent or empty).
pub fn reduce(cx: &mut Cx<'_>, s: Dims, dim: Option<IntList>, keepdim: bool) -> Result<Dims> {
    shape::reduce(cx.op, &s, dim.as_deref(), keepdim)
}

/// `reduce_nonempty(s, dim, keepdim)`: [`reduce`]'s sizes, an empty
/// input first checked as ATen's `zero_numel_check_dims` checks it: a dim
/// must be given, each of a size other than 0 (of a zero-dim input, 0 or
/// -1).
pub fn reduce_nonempty(
    cx: &mut Cx<'_>,
    s: Dims,
    dim: Option<IntList>,
    keepdim: bool,
) -> Result<Dims> {
    let n = shape::numel(cx.env, &s)?;
    if shape::guard_eq(cx.env, n, SymInt::Int(0), cx.op)? {
        let name = cx.op.trim_start_matches("aten::");
        let dims = dim.as_deref().unwrap_or(&[]);
        if dims.is_empty() {
            return Err(invalid(
                cx,
                format!(
                    "{name}: Expected reduction dim to be specified for input.numel() == 0. Specify the reduction dim with the 'dim' argument."
                ),
            ));
        }
        for &d in dims {
            if s.is_empty() {
                if d != 0 && d != -1 {
                    return Err(invalid(
                        cx,
                        format!("{name}: Expected reduction dim -1 or 0 for scalar but got {d}"),
                    ));
                }
                continue;
            }
            let w = shape::wrap_dim(cx.op, d, s.len())?;
            if shape::guard_eq(cx.env, s[w], SymInt::Int(0), cx.op)? {
                return Err(invalid(
                    cx,
                    format!("{name}: Expected reduction dim {d} to have non-zero size."),
                ));
            }
        }
    }
    reduce(cx, s, dim, keepdim)
}

/// `reduce_listed(s, dim, keepdim)`: sizes after reducing over the dims
/// listed in `dim`: all when absent, none when empty (`any.dims`, whose
/// meta kernel reads an empty list as no dim).
pub fn reduce_listed(
    cx: &mut Cx<'_>,
    s: Dims,
    dim: Option<IntList>,
    keepdim: bool,
) -> Result<Dims> {
    match dim.as_deref() {
        Some([]) => Ok(s),
        d => shape::reduce(cx.op, &s, d, keepdim),
    }
}

/// `reduce_one(s, dim, keepdim)`: sizes after reducing over the one dim
/// `dim`.
pub fn reduce_one(cx: &mut Cx<'_>, s: Dims, dim: i64, keepdim: bool) -> Result<Dims> {
    shape::reduce(cx.op, &s, Some(&[dim]), keepdim)
}

/// `arg_reduce(s, dim, keepdim)`: sizes of `argmax`/`argmin`. Without a
/// dim every dim is reduced (kept as ones with `keepdim`) and the input
/// must not be empty; with one, that dim must not be empty.
pub fn arg_reduce(cx: &mut Cx<'_>, s: Dims, dim: Option<i64>, keepdim: bool) -> Result<Dims> {
    let name = cx.op.trim_start_matches("aten::").to_string();
    match dim {
        None => {
            let n = shape::numel(cx.env, &s)?;
            let nonempty = cx.env.ne(n, SymInt::Int(0))?;
            shape::check(cx.env, nonempty, cx.op, &|| {
                format!("{name}: Expected reduction dim to be specified for input.numel() == 0.")
            })?;
            Ok(if keepdim {
                Dims::from_elem(SymInt::Int(1), s.len())
            } else {
                Dims::new()
            })
        }
        Some(d) => {
            if !s.is_empty() {
                let w = shape::wrap_dim(cx.op, d, s.len())?;
                let nonempty = cx.env.ne(s[w], SymInt::Int(0))?;
                shape::check(cx.env, nonempty, cx.op, &|| {
                    format!("{name}: Expected reduction dim {w} to have non-zero size.")
                })?;
            }
            shape::reduce(cx.op, &s, Some(&[d]), keepdim)
        }
    }
}

/// `size_or_one(s, dim)`: the size at `dim` (wrapped), or 1 when `s` is
/// zero-dim, as ATen's `ensure_nonempty_size`.
pub fn size_or_one(cx: &mut Cx<'_>, s: Dims, dim: i64) -> Result<SymInt> {
    let w = shape::wrap_dim(cx.op, dim, s.len())?;
    Ok(s.get(w).copied().unwrap_or(SymInt::Int(1)))
}

/// `with_dim(s, dim, value)`: `s` with the size at `dim` replaced by
/// `value`; a zero-dim `s` (which takes dim 0 or -1) stays zero-dim.
pub fn with_dim(cx: &mut Cx<'_>, s: Dims, dim: i64, value: SymInt) -> Result<Dims> {
    let w = shape::wrap_dim(cx.op, dim, s.len())?;
    let mut out = s;
    if let Some(size) = out.get_mut(w) {
        *size = value;
    }
    Ok(out)
}

/// `index_select_sizes(s, dim, count)`: `meta_index_select`'s sizes, `s`
/// with the size at `dim` replaced by `count`; a zero-dim `s` as it is,
/// whatever `dim` (the meta kernel does not read it).
pub fn index_select_sizes(cx: &mut Cx<'_>, s: Dims, dim: i64, count: SymInt) -> Result<Dims> {
    if s.is_empty() {
        return Ok(s);
    }
    with_dim(cx, s, dim, count)
}

/// `distinct_dims(dims, rank)`: no dim repeats once wrapped against
/// `rank`.
pub fn distinct_dims(cx: &mut Cx<'_>, dims: IntList, rank: i64) -> Result<bool> {
    let rank = usize::try_from(rank).map_err(|_| invalid(cx, format!("negative rank {rank}")))?;
    let mut seen: SmallVec<[usize; 6]> = SmallVec::new();
    for &d in &dims {
        let w = shape::wrap_dim(cx.op, d, rank)?;
        if seen.contains(&w) {
            return Ok(false);
        }
        seen.push(w);
    }
    Ok(true)
}

/// `physical_layout(size, layout)`: ATen's `empty_permuted_symint`'s
/// checks in their order: one layout entry per size, each a dim in `[0,
/// rank)` (none wrapped) met once, then the physical sizes
/// `size[layout[i]]` non-negative (`at::empty`'s refusal, which prints
/// them).
pub fn physical_layout(cx: &mut Cx<'_>, size: Dims, layout: IntList) -> Result<bool> {
    let rank = size.len();
    if layout.len() != rank {
        return Err(invalid(
            cx,
            format!(
                "Number of dimensions in size does not match the length of the physical_layout; i.e. len(size) = {rank} is not equal to len(physical_layout) = {}",
                layout.len()
            ),
        ));
    }
    let mut seen: SmallVec<[bool; 6]> = smallvec::smallvec![false; rank];
    let mut physical = Dims::new();
    for (i, &d) in layout.iter().enumerate() {
        let Some(u) = usize::try_from(d).ok().filter(|&u| u < rank) else {
            return Err(invalid(
                cx,
                format!(
                    "Dimension out of range (expected to be between 0 and {}, but got {d} at index {i}).  NB: negative dims not currently supported; file an issue if you want it.",
                    rank as i64 - 1
                ),
            ));
        };
        if seen[u] {
            return Err(invalid(cx, "Duplicate dim not allowed".into()));
        }
        seen[u] = true;
        physical.push(size[u]);
    }
    shape::refuse_negative_sizes(cx.env, cx.op, &physical)?;
    Ok(true)
}

/// `dims_in_range(dims, rank)`: every dim wraps against `rank` (one out
/// of range is refused, as `torch._prims_common.canonicalize_dims`);
/// unlike `distinct_dims`, repeats are allowed.
pub fn dims_in_range(cx: &mut Cx<'_>, dims: IntList, rank: i64) -> Result<bool> {
    let rank = usize::try_from(rank).map_err(|_| invalid(cx, format!("negative rank {rank}")))?;
    for &d in &dims {
        shape::wrap_dim(cx.op, d, rank)?;
    }
    Ok(true)
}

/// `repeat_sizes(s, repeats)`: sizes of `repeat`: `s` right-aligned under
/// `repeats` (at least as long, none negative), each size multiplied by
/// its repeat.
pub fn repeat_sizes(cx: &mut Cx<'_>, s: Dims, repeats: Dims) -> Result<Dims> {
    if repeats.len() < s.len() {
        return Err(invalid(
            cx,
            "Number of dimensions of repeat dims can not be smaller than number of dimensions of tensor".into(),
        ));
    }
    let lead = repeats.len() - s.len();
    let mut out = Dims::new();
    // `meta_repeat`: every repeat checked before any size is made.
    for (i, &r) in repeats.iter().enumerate() {
        let nonneg = cx.env.ge(r, SymInt::Int(0))?;
        if nonneg == SymBool::Bool(true) {
            continue;
        }
        let shown = cx.env.display(r);
        shape::check(cx.env, nonneg, cx.op, &|| {
            format!("Repeats cannot be negative, found {shown} at index {i}")
        })?;
    }
    for (i, &r) in repeats.iter().enumerate() {
        out.push(if i < lead {
            r
        } else {
            cx.env.mul(s[i - lead], r)?
        });
    }
    Ok(out)
}

/// `pad_sizes(s, pad)`: sizes of `constant_pad_nd`: `pad` holds (before,
/// after) pairs from the last dim backwards; a negative pad crops, and no
/// size may end up negative.
pub fn pad_sizes(cx: &mut Cx<'_>, s: Dims, pad: Dims) -> Result<Dims> {
    if !pad.len().is_multiple_of(2) {
        return Err(invalid(
            cx,
            format!(
                "Length of pad must be even but instead it equals {}",
                pad.len()
            ),
        ));
    }
    if pad.len() / 2 > s.len() {
        return Err(invalid(
            cx,
            format!(
                "Length of pad should be no more than twice the number of dimensions of the input. Pad length is {} while the input has {} dimensions.",
                pad.len(),
                s.len()
            ),
        ));
    }
    let mut out = s;
    let n = out.len();
    for (k, pair) in pad.chunks(2).enumerate() {
        let d = n - 1 - k;
        let grown = cx.env.add(out[d], pair[0])?;
        let grown = cx.env.add(grown, pair[1])?;
        let nonneg = cx.env.ge(grown, SymInt::Int(0))?;
        let (size, before, after) = (out[d], pair[0], pair[1]);
        shape::check_printing(cx.env, nonneg, cx.op, &|env| {
            format!(
                "The input size {}, plus negative padding {} and {} resulted in a negative output size, which is invalid. Check dimension {d} of your input.",
                env.display(size),
                env.display(before),
                env.display(after)
            )
        })?;
        out[d] = grown;
    }
    Ok(out)
}

/// `wrap_dim(dim, rank)`: a dim index wrapped into `[0, rank)`.
pub fn wrap_dim(cx: &mut Cx<'_>, dim: i64, rank: i64) -> Result<i64> {
    let rank = usize::try_from(rank).map_err(|_| invalid(cx, format!("negative rank {rank}")))?;
    shape::wrap_dim(cx.op, dim, rank).map(|d| d as i64)
}

/// `insert(s, dim, value)`: `value` inserted at `dim` (wrapped against
/// `rank + 1`, as `unsqueeze`).
pub fn insert(cx: &mut Cx<'_>, s: Dims, dim: i64, value: SymInt) -> Result<Dims> {
    shape::insert(cx.op, &s, dim, value)
}

/// `remove(s, dim)`: `s` without `dim`.
pub fn remove(cx: &mut Cx<'_>, s: Dims, dim: i64) -> Result<Dims> {
    shape::remove(cx.op, &s, dim)
}

/// `permute(s, dims)`: `s` reordered (`out[i] = s[dims[i]]`), after
/// validating the permutation.
pub fn permute(cx: &mut Cx<'_>, s: Dims, dims: IntList) -> Result<Dims> {
    let perm = shape::permutation(cx.op, &dims, s.len())?;
    Ok(shape::apply_perm(&s, &perm))
}

/// `swap(s, a, b)`: `s` with the elements at dims `a` and `b` exchanged
/// (both wrapped), as `transpose`.
pub fn swap(cx: &mut Cx<'_>, s: Dims, a: i64, b: i64) -> Result<Dims> {
    let a = shape::wrap_dim(cx.op, a, s.len())?;
    let b = shape::wrap_dim(cx.op, b, s.len())?;
    let mut out = s;
    if a < out.len() && b < out.len() {
        out.swap(a, b);
    }
    Ok(out)
}

/// `movedim(s, source, destination)`: the element at `source` moved to
/// `destination` (both wrapped), the others keeping their order, as
/// `movedim.int`'s permutation; a zero-dim `s` is unchanged.
pub fn movedim(cx: &mut Cx<'_>, s: Dims, source: i64, destination: i64) -> Result<Dims> {
    let from = shape::wrap_dim(cx.op, source, s.len())?;
    let to = shape::wrap_dim(cx.op, destination, s.len())?;
    let mut out = s;
    if from < out.len() && to < out.len() {
        let moved = out.remove(from);
        out.insert(to, moved);
    }
    Ok(out)
}

/// `at(s, dim)`: the element at `dim` (wrapped), as `sym_size.int` and
/// ATen's `size(dim)` read it (none of a zero-dim tensor).
pub fn at(cx: &mut Cx<'_>, s: Dims, dim: i64) -> Result<SymInt> {
    Ok(s[shape::wrap_size_dim(cx.op, dim, s.len())?])
}

/// `at_unless(c, s, dim)`: [`at`] read only where `c` is false (past a
/// Python branch that returns first when `c`), else 0.
pub fn at_unless(cx: &mut Cx<'_>, c: bool, s: Dims, dim: i64) -> Result<SymInt> {
    if c {
        Ok(SymInt::Int(0))
    } else {
        at(cx, s, dim)
    }
}

/// `flatten(s, start, end)`: dims `start..=end` (wrapped) merged into
/// one; a zero-dim tensor becomes `[1]`.
pub fn flatten(cx: &mut Cx<'_>, s: Dims, start: i64, end: i64) -> Result<Dims> {
    // ATen wraps both dims (a zero-dim tensor takes 0 and -1) and
    // orders them before reshaping a zero-dim tensor to one element.
    let a = shape::wrap_dim(cx.op, start, s.len())?;
    let b = shape::wrap_dim(cx.op, end, s.len())?;
    if a > b {
        return Err(invalid(
            cx,
            "flatten() has invalid args: start_dim cannot come after end_dim".into(),
        ));
    }
    if s.is_empty() {
        return Ok(Dims::from([SymInt::Int(1)]));
    }
    let mut out: Dims = s[..a].iter().copied().collect();
    out.push(shape::numel(cx.env, &s[a..=b])?);
    out.extend(s[b + 1..].iter().copied());
    Ok(out)
}

/// `matmul(a, b)`: sizes of `torch.matmul` (1-D operands get a dim
/// added and removed, batch dims broadcast, the contracted sizes must
/// agree).
pub fn matmul(cx: &mut Cx<'_>, a: Dims, b: Dims) -> Result<Dims> {
    let (a1, b1) = (a.len() == 1, b.len() == 1);
    // A vector is a matrix of one row (`a`) or one column (`b`), with no
    // batch dims.
    let (n, k, a_batch, k2, m, b_batch) = match (a.as_slice(), b.as_slice()) {
        ([], _) | (_, []) => {
            return Err(invalid(
                cx,
                "both arguments to matmul need to be at least 1D".into(),
            ));
        }
        (a, b) => {
            let (n, k, a_batch) = match a {
                [batch @ .., n, k] => (*n, *k, batch),
                _ => (SymInt::Int(1), a[0], &[][..]),
            };
            let (k2, m, b_batch) = match b {
                [batch @ .., k2, m] => (*k2, *m, batch),
                _ => (b[0], SymInt::Int(1), &[][..]),
            };
            (n, k, a_batch, k2, m, b_batch)
        }
    };
    // The same size needs no check; otherwise the message's shapes are
    // printed first (`check_eq` borrows the ShapeEnv).
    if k != k2 {
        let (da, db) = (
            shape::display_dims(cx.env, &a),
            shape::display_dims(cx.env, &b),
        );
        shape::check_eq(cx.env, k, k2, cx.op, &|| {
            format!("a and b must have same reduction dim, but got {da} X {db}")
        })?;
    }
    // A side with no batch dims leaves the other's as they are (the
    // folded product is viewed back to them), with no broadcast and so no
    // guard on a size that is 1 at its hint.
    let mut out = match (a_batch, b_batch) {
        ([], batch) | (batch, []) => Dims::from_slice(batch),
        _ => shape::broadcast(cx.env, cx.op, &[a_batch, b_batch])?,
    };
    if !a1 {
        out.push(n);
    }
    if !b1 {
        out.push(m);
    }
    Ok(out)
}

/// `reverse(s)`: `s` in reverse order.
pub fn reverse(_cx: &mut Cx<'_>, s: Dims) -> Result<Dims> {
    Ok(s.into_iter().rev().collect())
}

/// `take(s, n)`: the first `n` elements of `s`.
pub fn take(cx: &mut Cx<'_>, s: Dims, n: i64) -> Result<Dims> {
    let n = usize::try_from(n)
        .ok()
        .filter(|&n| n <= s.len())
        .ok_or_else(|| invalid(cx, format!("cannot take {n} of {} dims", s.len())))?;
    Ok(Dims::from_slice(&s[..n]))
}

/// `drop(s, n)`: `s` without its first `n` elements.
pub fn drop(cx: &mut Cx<'_>, s: Dims, n: i64) -> Result<Dims> {
    let n = usize::try_from(n)
        .ok()
        .filter(|&n| n <= s.len())
        .ok_or_else(|| invalid(cx, format!("cannot drop {n} of {} dims", s.len())))?;
    Ok(Dims::from_slice(&s[n..]))
}

/// `non_batch(s)`: the sizes after the first, none of a zero-dim tensor
/// (Python's `range(1, ndim)`, which the meta kernels' empty-dim checks
/// walk).
pub fn non_batch(_cx: &mut Cx<'_>, s: Dims) -> Result<Dims> {
    Ok(Dims::from_slice(s.get(1..).unwrap_or(&[])))
}

/// `ones(n)`: `n` sizes of 1.
pub fn ones(cx: &mut Cx<'_>, n: i64) -> Result<Dims> {
    let n = usize::try_from(n).map_err(|_| invalid(cx, format!("negative count {n}")))?;
    Ok(Dims::from_elem(SymInt::Int(1), n))
}

/// `squeeze(s, dims)`: `s` without the dims of size 1 among `dims` (all
/// when absent).
pub fn squeeze(cx: &mut Cx<'_>, s: Dims, dims: Option<IntList>) -> Result<Dims> {
    squeeze_like(cx, s.clone(), s, dims)
}

/// `squeeze_like(sizes, other, dims)`: `other` (strides, say) without the
/// dims `squeeze(sizes, dims)` removes.
pub fn squeeze_like(
    cx: &mut Cx<'_>,
    sizes: Dims,
    other: Dims,
    dims: Option<IntList>,
) -> Result<Dims> {
    let mask = shape::squeeze_mask(cx.env, cx.op, &sizes, dims.as_deref(), false)?;
    Ok(unmasked(&other, &mask))
}

/// The elements of `other` whose `mask` entry is false.
fn unmasked(other: &[SymInt], mask: &[bool]) -> Dims {
    other
        .iter()
        .zip(mask)
        .filter(|(_, m)| !**m)
        .map(|(x, _)| *x)
        .collect()
}

/// `ref_squeeze(s, dims)`: [`squeeze`] by a list of dims, which under the
/// Python dispatcher is `torch._refs.squeeze` (`squeeze.dims`,
/// `squeeze_copy.dims`): a dim named twice taken, a zero-dim tensor's
/// dims empty or one.
pub fn ref_squeeze(cx: &mut Cx<'_>, s: Dims, dims: IntList) -> Result<Dims> {
    ref_squeeze_like(cx, s.clone(), s, dims)
}

/// `ref_squeeze_like(sizes, other, dims)`: `other` without the dims
/// [`ref_squeeze`] removes.
pub fn ref_squeeze_like(cx: &mut Cx<'_>, sizes: Dims, other: Dims, dims: IntList) -> Result<Dims> {
    if !cx.defaults.python_dispatcher {
        return squeeze_like(cx, sizes, other, Some(dims));
    }
    if sizes.is_empty() && dims.len() > 1 {
        let wrapped: Vec<String> = dims
            .iter()
            .map(|&d| shape::wrap_dim(cx.op, d, 0).map(|w| w.to_string()))
            .collect::<Result<_>>()?;
        return Err(invalid(
            cx,
            format!(
                "Expected dims to be empty or (0,) for 0-dim tensor, got ({})",
                wrapped.join(", ")
            ),
        ));
    }
    let mask = shape::squeeze_mask(cx.env, cx.op, &sizes, Some(&dims), true)?;
    Ok(unmasked(&other, &mask))
}

/// `expand(s, size)`: sizes of `expand` (`-1` keeps a size).
pub fn expand(cx: &mut Cx<'_>, s: Dims, size: Dims) -> Result<Dims> {
    shape::expand(cx.env, cx.op, &s, &size)
}

/// The strides of ATen's `inferExpandGeometry`, which a plain fake mode
/// runs when no size or stride is symbolic (with one symbolic, FakeTensor
/// takes the reference, `prims.broadcast_in_dim`, as the Python
/// dispatcher always does): a zero-dim tensor gives every dim stride 0;
/// otherwise a stretched dim gets 0 and a new dim the size times the
/// stride of the dim after it, as expanded (0 after a stretched or new
/// dim longer than 1). `None` when a value is symbolic (or a product
/// overflows).
fn static_expand_strides(t: &TensorMeta, shape: &[SymInt]) -> Option<Dims> {
    let sizes: SmallVec<[i64; 6]> = shape.iter().map(|s| s.as_int()).collect::<Option<_>>()?;
    if !(t.sizes.iter().chain(&t.strides).all(|v| v.is_static())) {
        return None;
    }
    let n = sizes.len();
    let mut out = Dims::from_elem(SymInt::Int(0), n);
    if t.dim() == 0 {
        return Some(out);
    }
    let off = n - t.dim();
    for i in (0..n).rev() {
        let (size, stride) = if i >= off {
            (t.sizes[i - off].as_int()?, t.strides[i - off])
        } else {
            let next = sizes[i + 1].checked_mul(out[i + 1].as_int()?)?;
            (1, SymInt::Int(next))
        };
        out[i] = if size == sizes[i] {
            stride
        } else {
            SymInt::Int(0)
        };
    }
    Some(out)
}

/// `expand_strides(t, shape)`: strides of `t` expanded to `shape` (new and
/// stretched dims get stride 0).
pub fn expand_strides(cx: &mut Cx<'_>, t: &TensorMeta, shape: Dims) -> Result<Dims> {
    if shape.len() < t.dim() || t.strides.len() != t.dim() {
        return Err(invalid(
            cx,
            format!(
                "cannot expand a tensor of rank {} to {} dims",
                t.dim(),
                shape.len()
            ),
        ));
    }
    // Under the Python dispatcher only a call PyTorch runs for real on a
    // constant whose result is small enough to be one (at most one
    // element) takes ATen's strides.
    let inferred = !cx.defaults.python_dispatcher
        || cx.eager
            && shape
                .iter()
                .try_fold(1i64, |n, s| n.checked_mul(s.as_int()?))
                .is_some_and(|n| n <= 1);
    if inferred && let Some(strides) = static_expand_strides(t, &shape) {
        return Ok(strides);
    }
    // `prims.broadcast_in_dim`, as the fake `expand` runs it on symbolic
    // values: a size-1 dim
    // stretched to another length (or a new dim longer than 1) gets stride
    // 0, decided with `guard_or_false`/`guard_or_true`; a new size-1 dim
    // gets the stride of the dim it precedes times its length (1 in front
    // of a 0-dim tensor).
    let off = shape.len() - t.dim();
    let mut out: Dims = Dims::from_elem(SymInt::Int(0), shape.len());
    for (idx, &want) in shape.iter().enumerate() {
        out[idx] = if idx >= off {
            let i = idx - off;
            let (size, stride) = (t.sizes[i], t.strides[i]);
            let one = cx.env.eq(size, SymInt::Int(1))?;
            if cx.env.guard_or_false(one, cx.op)? {
                let same = cx.env.eq(size, want)?;
                if cx.env.guard_or_false(same, cx.op)? {
                    stride
                } else {
                    SymInt::Int(0)
                }
            } else {
                shape::check_eq(cx.env, size, want, cx.op, &|| {
                    format!("expanded size of dim {idx}")
                })?;
                stride
            }
        } else {
            let longer = cx.env.ne(want, SymInt::Int(1))?;
            if cx.env.guard_or_true(longer, cx.op)? {
                SymInt::Int(0)
            } else if t.dim() == 0 {
                SymInt::Int(1)
            } else {
                cx.env.mul(t.strides[0], t.sizes[0])?
            }
        };
    }
    Ok(out)
}

/// `unflatten(s, dim, sizes)`: dim `dim` (wrapped) split into `sizes`, one
/// `-1` inferred from its size (as `unflatten.int`).
pub fn unflatten(cx: &mut Cx<'_>, s: Dims, dim: i64, sizes: Dims) -> Result<Dims> {
    let d = shape::wrap_dim(cx.op, dim, s.len())?;
    let size = s
        .get(d)
        .copied()
        .ok_or_else(|| invalid(cx, format!("dim {dim} of a 0-dim tensor")))?;
    let inferred = shape::infer_size_dv(cx.env, cx.op, size, &sizes)?;
    let mut out = Dims::new();
    out.extend(s[..d].iter().copied());
    out.extend(inferred);
    out.extend(s[d + 1..].iter().copied());
    Ok(out)
}

/// `repeat_interleave.self_int`'s input: `s`, or `s` flattened when `dim`
/// is absent; and the dim it repeats.
fn repeat_interleave_input(cx: &mut Cx<'_>, s: Dims, dim: Option<i64>) -> Result<(Dims, usize)> {
    let d = shape::wrap_dim(cx.op, dim.unwrap_or(0), s.len())?;
    Ok(match dim {
        Some(_) => (s, d),
        None => (Dims::from([shape::numel(cx.env, &s)?]), 0),
    })
}

/// `repeat_interleave_sizes(s, repeats, dim)`: sizes of
/// `repeat_interleave.self_int`: `s` flattened when `dim` is absent, then
/// the size at `dim` (wrapped against `s`'s rank) times `repeats`.
pub fn repeat_interleave_sizes(
    cx: &mut Cx<'_>,
    s: Dims,
    repeats: SymInt,
    dim: Option<i64>,
) -> Result<Dims> {
    let (mut out, d) = repeat_interleave_input(cx, s, dim)?;
    if let Some(size) = out.get(d).copied() {
        out[d] = cx.env.mul(size, repeats)?;
    }
    Ok(out)
}

/// `repeat_interleave_strides(s, repeats, dim)`: strides of
/// `repeat_interleave.self_int` as ATen composes it: the input unsqueezed
/// after `dim`, expanded to `repeats` there, cloned contiguous and the two
/// dims flattened: a view of the clone (the pair takes the inner dim's
/// stride; the outer dims count `max(size, 1)` and `max(repeats, 1)`
/// apart).
pub fn repeat_interleave_strides(
    cx: &mut Cx<'_>,
    s: Dims,
    repeats: SymInt,
    dim: Option<i64>,
) -> Result<Dims> {
    let (input, d) = repeat_interleave_input(cx, s, dim)?;
    if input.is_empty() {
        return Ok(Dims::new());
    }
    let mut cloned = input.clone();
    cloned.insert(d + 1, repeats);
    let strides = fake_runtime::strides::contiguous(cx.env, &cloned)?;
    let mut out = input;
    out[d] = cx.env.mul(out[d], repeats)?;
    // `flatten` is a view of the clone (ATen's `computeStride`: an empty
    // result takes contiguous strides; decided size-obliviously where a
    // size is unbacked).
    let decide = fake_runtime::view::view_decide(cx.env, &cloned, &strides, &out)?;
    let viewed =
        fake_runtime::strides::view_strides(cx.env, &cloned, &strides, &out, cx.op, decide)?;
    match viewed {
        Some(v) => Ok(v),
        None => fake_runtime::strides::contiguous(cx.env, &out),
    }
}

/// The geometry of `reshape(t, shape)` as C++ `reshape_symint` gives it
/// (for the `reshape` and `flatten` kernels of `fake-ops`): a
/// view when ATen's `computeStride` finds one (its sizes and strides from
/// [`fake_runtime::view::reshape_view`]), else the view of a contiguous copy.
/// The second value says whether it is the copy.
pub(crate) fn reshape_geometry(
    cx: &mut Cx<'_>,
    t: &TensorMeta,
    shape: &Dims,
) -> Result<(Dims, Dims, bool)> {
    // C++ computeStride decides size-obliviously where a size is unbacked.
    let unbacked = fake_runtime::view::views_obliviously(cx.env, &t.sizes, &t.strides, shape)?;
    let decide = if unbacked {
        Decide::OrFalse
    } else {
        Decide::Guard
    };
    // A contiguous input (`is_contiguous_or_false`, which takes a stride
    // in its `Max(1, size)` form too) is viewed where `computeStride`
    // cannot decide a stride of unbacked sizes: PyTorch reshapes a
    // `[a, b, u0]` tensor of strides `[b*Max(1, u0), Max(1, u0), 1]` as a
    // view.
    // (`is_contiguous_or_false()`, the tensor's own flag, which guards on
    // hinted sizes even under `backed_size_oblivious`.)
    let viewable = unbacked
        && fake_runtime::strides::tensor_flag(
            cx.env,
            fake_runtime::strides::Flag::Contiguous,
            &t.sizes,
            &t.strides,
            cx.op,
        )?
        || fake_runtime::strides::view_strides(cx.env, &t.sizes, &t.strides, shape, cx.op, decide)?
            .is_some();
    let (strides, copy) = if viewable {
        (t.strides.clone(), false)
    } else {
        (fake_runtime::strides::contiguous(cx.env, &t.sizes)?, true)
    };
    let geometry = if unbacked {
        fake_runtime::view::unbacked_view(cx.env, &t.sizes, &strides, shape, cx.op)?
    } else {
        let min = fake_runtime::view::PyMin::of(&cx.defaults);
        fake_runtime::view::reshape_view(cx.env, &t.sizes, &strides, shape, min, cx.op)?
    };
    match geometry {
        Some((sizes, strides)) => Ok((sizes, strides, copy)),
        None => Err(view_refused(cx)),
    }
}

fn view_refused(cx: &Cx<'_>) -> fake_runtime::Error {
    invalid(
        cx,
        "view size is not compatible with input tensor's size and stride (at least one dimension spans across two contiguous subspaces). Use .reshape(...) instead.".into(),
    )
}

/// The geometry of `view(t, shape)` (the fake `view` runs
/// `_reshape_view_helper` alone, without ATen's `computeStride`, or
/// `_view_unbacked_meta` when a size needs an unbacked value): refused when
/// dims that must merge are not contiguous with each other. (For the
/// `view` kernels of `fake-ops`; static views skip the algorithm's
/// symbolic work only in what they compare.)
pub(crate) fn view_geometry(cx: &mut Cx<'_>, t: &TensorMeta, shape: &Dims) -> Result<(Dims, Dims)> {
    view_geometry_if_any(cx, t, shape)?.ok_or_else(|| view_refused(cx))
}

/// [`view_geometry`], `None` where no view exists: `_reshape_view_helper`
/// with `allow_copy=True` (`view_copy`'s) then copies, to `shape` itself.
pub(crate) fn view_geometry_if_any(
    cx: &mut Cx<'_>,
    t: &TensorMeta,
    shape: &Dims,
) -> Result<Option<(Dims, Dims)>> {
    // Every size static: nothing unbacked, and the dense answer where the
    // input is exactly contiguous.
    if let Some(geometry) = fake_runtime::view::dense_static_view(&t.sizes, &t.strides, shape) {
        return Ok(Some(geometry));
    }
    if fake_runtime::view::views_obliviously(cx.env, &t.sizes, &t.strides, shape)? {
        return fake_runtime::view::unbacked_view(cx.env, &t.sizes, &t.strides, shape, cx.op);
    }
    let min = fake_runtime::view::PyMin::of(&cx.defaults);
    fake_runtime::view::reshape_view_steps(cx.env, &t.sizes, &t.strides, shape, min, cx.op)
}

/// `infer_view(numel, size)`: the sizes of a view, inferring one `-1`.
pub fn infer_view(cx: &mut Cx<'_>, numel: SymInt, size: Dims) -> Result<Dims> {
    shape::infer_view(cx.env, cx.op, numel, &size)
}

/// `unsqueeze_strides(t, dim)`: strides of `t.unsqueeze(dim)`.
pub fn unsqueeze_strides(cx: &mut Cx<'_>, t: &TensorMeta, dim: i64) -> Result<Dims> {
    let d = shape::wrap_dim(cx.op, dim, t.dim() + 1)?;
    let new = if d >= t.dim() {
        SymInt::Int(1)
    } else {
        // ATen's `inferUnsqueezeGeometry`: no clamp, so a stride-0 dim
        // gives a stride-0 new dim.
        let st = stride_at(cx, t, d)?;
        cx.env.mul(t.sizes[d], st)?
    };
    let mut out = t.strides.clone();
    out.insert(d, new);
    Ok(out)
}

/// `t.unsqueeze(dim)` for `dim` in `0..=t.dim()`, as a tensor: the
/// strides [`unsqueeze_strides`] gives, for the steps of kernels and
/// decompositions that unsqueeze an operand.
pub(crate) fn unsqueezed(cx: &mut Cx<'_>, t: &TensorMeta, dim: usize) -> Result<TensorMeta> {
    let strides = unsqueeze_strides(cx, t, dim as i64)?;
    let mut out = t.clone();
    out.sizes.insert(dim, SymInt::Int(1));
    out.strides = strides;
    Ok(out)
}

/// `cat(tensors, dim)`: sizes of the concatenation.
pub fn cat(cx: &mut Cx<'_>, tensors: &[&TensorMeta], dim: i64) -> Result<Dims> {
    let shapes: SmallVec<[&[SymInt]; 4]> = tensors.iter().map(|t| t.sizes.as_slice()).collect();
    shape::cat(cx.env, cx.op, &shapes, dim)
}

/// `cat_strides(tensors, shape)`: the output laid out in the memory
/// format the inputs suggest (`torch._refs.cat`'s
/// `cat_compute_output_memory_format`, then `clone(memory_format=..)`):
/// each input's `suggest_memory_format`, contiguous as soon as one says
/// contiguous or two disagree. An input whose strides look channels-last
/// counts without being densely so (a slice of channels).
pub fn cat_strides(cx: &mut Cx<'_>, tensors: &[&TensorMeta], shape: Dims) -> Result<Dims> {
    let mut format = None;
    for t in tensors {
        let f = suggest_format(cx, t, None)?;
        if f == MemoryFormat::Contiguous || format.is_some_and(|g| g != f) {
            format = Some(MemoryFormat::Contiguous);
            break;
        }
        format = Some(f);
    }
    format_strides(cx, shape, format)
}

/// `narrow_start(start, size)`: a negative `start` counted from the end
/// (`start + size`), decided as `narrow` does with `guard_or_false(start <
/// 0)`: a start whose sign needs an unbacked value is taken as given.
pub fn narrow_start(cx: &mut Cx<'_>, start: SymInt, size: SymInt) -> Result<SymInt> {
    let negative = cx.env.lt(start, SymInt::Int(0))?;
    if cx.env.guard_or_false(negative, cx.op)? {
        cx.env.add(start, size)
    } else {
        Ok(start)
    }
}

/// `numel(s)`: the product of the sizes.
pub fn numel(cx: &mut Cx<'_>, s: Dims) -> Result<SymInt> {
    shape::numel(cx.env, &s)
}

/// `rank(s)`: the number of sizes.
pub fn rank(_cx: &mut Cx<'_>, s: Dims) -> Result<i64> {
    Ok(s.len() as i64)
}

/// `len(l)`: the length of a list.
pub fn len(_cx: &mut Cx<'_>, l: Dims) -> Result<i64> {
    Ok(l.len() as i64)
}

/// `max(a, b)` of two sizes.
pub fn max(cx: &mut Cx<'_>, a: SymInt, b: SymInt) -> Result<SymInt> {
    cx.env.max(a, b)
}

/// `min(a, b)` of two sizes.
pub fn min(cx: &mut Cx<'_>, a: SymInt, b: SymInt) -> Result<SymInt> {
    cx.env.min(a, b)
}

/// `decided_min(a, b)`: the smaller of two sizes as C++ `std::min` takes
/// it, the comparison decided (a guard on symbolic sizes).
pub fn decided_min(cx: &mut Cx<'_>, a: SymInt, b: SymInt) -> Result<SymInt> {
    let le = cx.env.le(a, b)?;
    Ok(if cx.env.guard_bool(le, cx.op)? { a } else { b })
}

/// `trailing_axis(s, n)`: where the trailing `n` dims of `s` start, as a
/// decomposition reducing dims `rank - 1, ..., rank - n` reads them
/// (`_fused_rms_norm`'s): every dim when `n` is 0 (a reduction over
/// `dim=[]`), the one dim of a zero-dim tensor for `n` of 1; more dims
/// than `s` has name one twice or one out of range, refused.
pub fn trailing_axis(cx: &mut Cx<'_>, s: Dims, n: i64) -> Result<i64> {
    let rank = s.len() as i64;
    if n > rank.max(1) {
        // `mean(dim=[rank - 1, ..., rank - n])` wraps each dim in turn:
        // one below `-rank` is out of range, one that wraps onto an
        // earlier dim is named twice.
        let mut seen = Vec::new();
        for i in 0..n {
            let w = shape::wrap_dim(cx.op, rank - i - 1, s.len())?;
            if seen.contains(&w) {
                return Err(invalid(
                    cx,
                    format!(
                        "dim {w} appears multiple times in the list of dims: {n} trailing dims reduced of a tensor of {rank} dims"
                    ),
                ));
            }
            seen.push(w);
        }
    }
    Ok(if n == 0 { 0 } else { (rank - n).max(0) })
}

/// `suffix_axis(s, normalized)`: checks that `s` ends with `normalized`
/// (as `layer_norm` requires) and returns where that suffix starts.
pub fn suffix_axis(cx: &mut Cx<'_>, s: Dims, normalized: Dims) -> Result<i64> {
    if normalized.len() > s.len() {
        return Err(invalid(
            cx,
            format!(
                "normalized shape {} is longer than the input's shape {}",
                shape::display_dims(cx.env, &normalized),
                shape::display_dims(cx.env, &s)
            ),
        ));
    }
    let axis = s.len() - normalized.len();
    for (i, (&a, &b)) in normalized.iter().zip(&s[axis..]).enumerate() {
        shape::check_eq(cx.env, a, b, cx.op, &|| {
            format!("input size at dim {} (normalized_shape[{i}])", axis + i)
        })?;
    }
    Ok(axis as i64)
}

/// `broadcast_all(tensors)`: the broadcast of every tensor's sizes.
pub fn broadcast_all(cx: &mut Cx<'_>, tensors: &[&TensorMeta]) -> Result<Dims> {
    let shapes: SmallVec<[&[SymInt]; 4]> = tensors.iter().map(|t| t.sizes.as_slice()).collect();
    shape::broadcast(cx.env, cx.op, &shapes)
}

/// `tile_sizes(s, dims)`: sizes of `tile`: `dims` padded with leading ones
/// to `s`'s rank, then `repeat`'s sizes.
pub fn tile_sizes(cx: &mut Cx<'_>, s: Dims, dims: Dims) -> Result<Dims> {
    let mut reps = Dims::new();
    for _ in dims.len()..s.len() {
        reps.push(SymInt::Int(1));
    }
    reps.extend(dims);
    repeat_sizes(cx, s, reps)
}

/// `stack_sizes(tensors, dim)`: sizes of `stack`: the tensors' common
/// sizes with their count inserted at `dim`.
pub fn stack_sizes(cx: &mut Cx<'_>, tensors: &[&TensorMeta], dim: i64) -> Result<Dims> {
    let Some(first) = tensors.first() else {
        return Err(invalid(cx, "stack expects a non-empty TensorList".into()));
    };
    for (i, t) in tensors.iter().enumerate().skip(1) {
        if t.dim() != first.dim() {
            return Err(invalid(
                cx,
                format!(
                    "stack expects each tensor to be equal size, but got {:?} at entry 0 and {:?} at entry {i}",
                    first.dim(),
                    t.dim()
                ),
            ));
        }
        for (&a, &b) in first.sizes.iter().zip(&t.sizes) {
            shape::check_eq(cx.env, a, b, cx.op, &|| format!("the sizes of entry {i}"))?;
        }
    }
    let n = i64::try_from(tensors.len()).map_err(|_| invalid(cx, "too many tensors".into()))?;
    insert(cx, first.sizes.clone(), dim, SymInt::Int(n))
}

/// `movedim_list(s, source, destination)`: `s` (sizes or strides) with
/// each `source` dim moved to its `destination` and the other dims in
/// their order in the remaining places (`movedim.intlist`).
pub fn movedim_list(
    cx: &mut Cx<'_>,
    s: Dims,
    source: IntList,
    destination: IntList,
) -> Result<Dims> {
    if source.len() != destination.len() {
        return Err(invalid(
            cx,
            format!(
                "movedim: Invalid source or destination dims: source ({:?} dims) should contain the same number of dims as destination ({:?} dims)",
                source.len(),
                destination.len()
            ),
        ));
    }
    let n = s.len();
    // ATen's `movedim`: both lists wrapped, each checked for a repeated
    // dim, then a zero-dim tensor is its own alias.
    let wrap = |cx: &mut Cx<'_>, list: &[i64], name: &str| -> Result<Vec<usize>> {
        let wrapped = list
            .iter()
            .map(|&d| shape::wrap_dim(cx.op, d, n))
            .collect::<Result<Vec<usize>>>()?;
        for (i, d) in wrapped.iter().enumerate() {
            if wrapped[..i].contains(d) {
                return Err(invalid(
                    cx,
                    format!("movedim: repeated dim in `{name}` ({list:?})"),
                ));
            }
        }
        Ok(wrapped)
    };
    let sources = wrap(cx, &source, "source")?;
    let destinations = wrap(cx, &destination, "destination")?;
    if n == 0 {
        return Ok(s);
    }
    let mut order: Vec<Option<usize>> = vec![None; n];
    let mut used = vec![false; n];
    for (&src, &dst) in sources.iter().zip(&destinations) {
        used[src] = true;
        order[dst] = Some(src);
    }
    let mut rest = (0..n).filter(|&i| !used[i]);
    let mut out = Dims::new();
    for slot in order {
        let from = match slot {
            Some(i) => i,
            None => rest
                .next()
                .ok_or_else(|| invalid(cx, "movedim: bad dims".into()))?,
        };
        out.push(s[from]);
    }
    Ok(out)
}
