//! Shape arithmetic shared by meta kernels: broadcasting, reductions,
//! dimension wrapping, inserting/removing/permuting dims, expand, view size
//! inference, cat, slicing — each as ATen computes it, on sizes that may be
//! symbolic. Formulas of one operator family (convolution and pooling
//! lengths) live with the operators, in `fake-ops`' intrinsics.
//!
//! Every decision on a symbolic size goes through the [`ShapeEnv`]: it is
//! answered statically when it can be, otherwise guarded (backed sizes) or
//! asserted at run time (unbacked sizes). A static mismatch is a typed error
//! naming the operator and the sizes.

use crate::error::{Error, ErrorKind, Result};
use crate::shape_env::ShapeEnv;
use crate::sym::SymInt;
use smallvec::SmallVec;

pub use crate::dims::Dims;

/// `dims` printed as `[s0, 3, 4]`.
pub fn display_dims(env: &ShapeEnv, dims: &[SymInt]) -> String {
    let parts: Vec<String> = dims.iter().map(|&d| env.display(d)).collect();
    format!("[{}]", parts.join(", "))
}

/// Dims as Python prints a `torch.Size`: `torch.Size([s0, 3])` (the
/// references' and Python meta kernels' messages).
pub fn display_torch_size(env: &ShapeEnv, dims: &[SymInt]) -> String {
    format!("torch.Size({})", display_dims(env, dims))
}

fn invalid(op: &str, reason: String) -> Error {
    Error::invalid(op, reason)
}

/// Decide `a == b` (guarding when it must).
#[inline(always)]
pub fn guard_eq(env: &mut ShapeEnv, a: SymInt, b: SymInt, op: &str) -> Result<bool> {
    if let (SymInt::Int(x), SymInt::Int(y)) = (a, b) {
        return Ok(x == y);
    }
    let c = env.eq(a, b)?;
    env.guard_bool(c, op)
}

/// Whether two size lists are equal, as C++'s `==` of two `SymIntArrayRef`s
/// asks it (`resize_`'s first question): lengths first, then one guard per
/// dim up to the first that differs.
pub fn guard_sizes_eq(env: &mut ShapeEnv, a: &[SymInt], b: &[SymInt], op: &str) -> Result<bool> {
    if a.len() != b.len() {
        return Ok(false);
    }
    for (&x, &y) in a.iter().zip(b) {
        if !guard_eq(env, x, y, op)? {
            return Ok(false);
        }
    }
    Ok(true)
}

/// Require `a == b`: a static mismatch is [`ErrorKind::SizeMismatch`]; a
/// symbolic equality is guarded for backed sizes and asserted at run time
/// for unbacked ones (as `torch._check`).
#[inline]
pub fn check_eq(
    env: &mut ShapeEnv,
    a: SymInt,
    b: SymInt,
    op: &str,
    what: &dyn Fn() -> String,
) -> Result<()> {
    if let (SymInt::Int(x), SymInt::Int(y)) = (a, b) {
        if x == y {
            return Ok(());
        }
    } else {
        let c = env.eq(a, b)?;
        match env.expect_true(c, op) {
            Ok(()) => return Ok(()),
            Err(e) if matches!(e.kind(), ErrorKind::StaticallyFalse { .. }) => {}
            Err(e) => return Err(e),
        }
    }
    Err(ErrorKind::SizeMismatch {
        op: op.to_string(),
        what: what(),
        expected: env.display(a),
        got: env.display(b),
    }
    .into())
}

/// Require a condition, with a message when it is false.
#[inline]
pub fn check(
    env: &mut ShapeEnv,
    c: crate::sym::SymBool,
    op: &str,
    reason: &dyn Fn() -> String,
) -> Result<()> {
    match env.expect_true(c, op) {
        Ok(()) => Ok(()),
        Err(e) if matches!(e.kind(), ErrorKind::StaticallyFalse { .. }) => {
            Err(invalid(op, reason()))
        }
        Err(e) => Err(e),
    }
}

/// [`check`] with a message that may print sizes: built from the
/// ShapeEnv only when the condition is false, so the passing case never
/// formats anything.
#[inline]
pub fn check_printing(
    env: &mut ShapeEnv,
    c: crate::sym::SymBool,
    op: &str,
    reason: &dyn Fn(&ShapeEnv) -> String,
) -> Result<()> {
    match env.expect_true(c, op) {
        Ok(()) => Ok(()),
        Err(e) if matches!(e.kind(), ErrorKind::StaticallyFalse { .. }) => {
            Err(invalid(op, reason(env)))
        }
        Err(e) => Err(e),
    }
}

/// Wrap a possibly negative dimension index into `[0, rank)`, as ATen's
/// `maybe_wrap_dim` (a zero-dim tensor accepts `0` and `-1`).
pub fn wrap_dim(op: &str, dim: i64, rank: usize) -> Result<usize> {
    let r = rank.max(1) as i64;
    if dim < -r || dim >= r {
        return Err(ErrorKind::DimOutOfRange {
            op: op.to_string(),
            dim,
            min: -r,
            max: r - 1,
        }
        .into());
    }
    Ok(if dim < 0 {
        (dim + r) as usize
    } else {
        dim as usize
    })
}

/// Wrap a dimension index as ATen's `TensorImpl::size(dim)` does
/// (`maybe_wrap_dim(dim, rank, /*wrap_scalar=*/false)`): a zero-dim
/// tensor has no dim to give ("Dimension specified as 0 but tensor has no
/// dimensions"), others as [`wrap_dim`].
pub fn wrap_size_dim(op: &str, dim: i64, rank: usize) -> Result<usize> {
    if rank == 0 {
        return Err(Error::invalid(
            op,
            format!("Dimension specified as {dim} but tensor has no dimensions"),
        ));
    }
    wrap_dim(op, dim, rank)
}

/// What `empty` refuses in PyTorch (`check_size_nonnegative`): a static
/// negative size among `sizes`, whichever kernel computed them ("Trying
/// to create tensor with negative dimension -1: [2, -1]").
#[inline]
pub fn refuse_negative_sizes(env: &ShapeEnv, op: &str, sizes: &[SymInt]) -> Result<()> {
    match sizes.iter().find_map(|s| s.as_int().filter(|n| *n < 0)) {
        None => Ok(()),
        Some(n) => Err(negative_size(env, op, n, sizes)),
    }
}

#[cold]
fn negative_size(env: &ShapeEnv, op: &str, n: i64, sizes: &[SymInt]) -> Error {
    let shown: Vec<String> = sizes.iter().map(|&s| env.display(s)).collect();
    Error::invalid(
        op,
        format!(
            "Trying to create tensor with negative dimension {n}: [{}]",
            shown.join(", ")
        ),
    )
}

/// Product of the sizes.
#[inline]
pub fn numel(env: &mut ShapeEnv, dims: &[SymInt]) -> Result<SymInt> {
    let mut acc = SymInt::Int(1);
    for &d in dims {
        acc = env.mul(acc, d)?;
    }
    Ok(acc)
}

/// Whether `dims` hold no element: `numel == 0` decided as Python's `==`
/// on a SymInt (a guard where symbolic).
pub fn guard_empty(env: &mut ShapeEnv, dims: &[SymInt], op: &str) -> Result<bool> {
    let n = numel(env, dims)?;
    guard_eq(env, n, SymInt::Int(0), op)
}

/// [`infer_view`]'s answer where everything is static and valid: the
/// sizes, with the one `-1` (if any) the quotient of a nonzero product
/// that divides `numel`. `None` leaves the case (and its errors) to the
/// general path.
fn infer_static_view(numel: SymInt, sizes: &[SymInt]) -> Option<Dims> {
    let SymInt::Int(numel) = numel else {
        return None;
    };
    let mut known: i64 = 1;
    let mut infer = None;
    for (i, &s) in sizes.iter().enumerate() {
        match s {
            SymInt::Int(-1) if infer.is_none() => infer = Some(i),
            SymInt::Int(v) if v >= 0 => known = known.checked_mul(v)?,
            _ => return None,
        }
    }
    let mut out = Dims::from_slice(sizes);
    match infer {
        None => (known == numel).then_some(out),
        Some(i) => {
            if known == 0 || numel % known != 0 {
                return None;
            }
            out[i] = SymInt::Int(numel / known);
            Some(out)
        }
    }
}

/// True when `d` is known to be 1, or decided (guarded) to be; an
/// undecidable data-dependent "== 1" is false, as PyTorch's broadcasting
/// decides it (`guard_or_false(size == 1)`: the size does not stretch).
fn is_one(env: &mut ShapeEnv, d: SymInt, op: &str) -> Result<bool> {
    match d {
        SymInt::Int(v) => Ok(v == 1),
        SymInt::Expr(_) => {
            let c = env.eq(d, SymInt::Int(1))?;
            env.guard_or_false(c, op)
        }
    }
}

/// Broadcast shapes as `torch.broadcast_shapes` / ATen's `infer_size`:
/// right-aligned, a size of 1 stretches, other sizes must agree.
pub fn broadcast(env: &mut ShapeEnv, op: &str, shapes: &[&[SymInt]]) -> Result<Dims> {
    let rank = shapes.iter().map(|s| s.len()).max().unwrap_or(0);
    let mut out: Dims = Dims::from_elem(SymInt::Int(1), rank);
    for (k, shape) in shapes.iter().enumerate() {
        let offset = rank - shape.len();
        for (i, &d) in shape.iter().enumerate() {
            let j = offset + i;
            let cur = out[j];
            if cur == d || is_one(env, d, op)? {
                continue;
            }
            if is_one(env, cur, op)? {
                out[j] = d;
                continue;
            }
            check_eq(env, cur, d, op, &|| {
                format!(
                    "the size of tensor {k} must match the broadcast size at non-singleton dimension {j}"
                )
            })?;
        }
    }
    Ok(out)
}

/// ATen's `dim_list_to_bitset`: which of `rank` dims `dims` names, each
/// wrapped (a zero-dim tensor's as one dim, whose bit the result leaves
/// out), none twice ("dim 0 appears multiple times in the list of dims").
pub fn dim_list_to_bitset(op: &str, dims: &[i64], rank: usize) -> Result<SmallVec<[bool; 6]>> {
    let mut named: SmallVec<[bool; 6]> = SmallVec::from_elem(false, rank.max(1));
    for &d in dims {
        let w = wrap_dim(op, d, rank)?;
        if std::mem::replace(&mut named[w], true) {
            return Err(invalid(
                op,
                format!("dim {w} appears multiple times in the list of dims"),
            ));
        }
    }
    named.truncate(rank);
    Ok(named)
}

/// Which of `rank` dims a reduction over `dims` reduces: all when `dims`
/// is `None` or empty, else [`dim_list_to_bitset`]'s (none of a zero-dim
/// tensor's).
pub fn reduced_dims(op: &str, rank: usize, dims: Option<&[i64]>) -> Result<SmallVec<[bool; 6]>> {
    match dims {
        None | Some([]) => Ok(SmallVec::from_elem(true, rank)),
        Some(list) => dim_list_to_bitset(op, list, rank),
    }
}

/// Sizes after reducing over `dims` (all dims when `dims` is `None` or
/// empty), keeping reduced dims as 1 when `keepdim`.
pub fn reduce(op: &str, sizes: &[SymInt], dims: Option<&[i64]>, keepdim: bool) -> Result<Dims> {
    let reduced = reduced_dims(op, sizes.len(), dims)?;
    Ok(sizes
        .iter()
        .zip(&reduced)
        .filter_map(|(&s, &r)| match (r, keepdim) {
            (false, _) => Some(s),
            (true, true) => Some(SymInt::Int(1)),
            (true, false) => None,
        })
        .collect())
}

/// `sizes` with `value` inserted at `dim` (wrapped against `rank + 1`), as
/// `unsqueeze`.
pub fn insert(op: &str, sizes: &[SymInt], dim: i64, value: SymInt) -> Result<Dims> {
    let d = wrap_dim(op, dim, sizes.len() + 1)?;
    let mut out: Dims = sizes.iter().copied().collect();
    out.insert(d, value);
    Ok(out)
}

/// `sizes` without `dim`.
pub fn remove(op: &str, sizes: &[SymInt], dim: i64) -> Result<Dims> {
    let d = wrap_dim(op, dim, sizes.len())?;
    let mut out: Dims = sizes.iter().copied().collect();
    if !out.is_empty() {
        out.remove(d);
    }
    Ok(out)
}

/// Which of `dims` (all when `None`) `squeeze` removes: those of size 1,
/// an undecidable data-dependent size kept (`guard_or_false(size == 1)`,
/// as PyTorch's squeeze decides it). ATen's refuses a dim named twice
/// (`dim_list_to_bitset`); `torch._refs.squeeze`, which the Python
/// dispatcher runs, takes one (`repeats`).
pub fn squeeze_mask(
    env: &mut ShapeEnv,
    op: &str,
    sizes: &[SymInt],
    dims: Option<&[i64]>,
    repeats: bool,
) -> Result<SmallVec<[bool; 6]>> {
    let mut mask = match dims {
        None => SmallVec::from_elem(true, sizes.len()),
        Some(list) if repeats => {
            let mut mask = SmallVec::from_elem(false, sizes.len().max(1));
            for &d in list {
                mask[wrap_dim(op, d, sizes.len())?] = true;
            }
            mask.truncate(sizes.len());
            mask
        }
        Some(list) => dim_list_to_bitset(op, list, sizes.len())?,
    };
    for (m, &s) in mask.iter_mut().zip(sizes) {
        *m = *m && is_one(env, s, op)?;
    }
    Ok(mask)
}

/// Validate a permutation of `rank` dims and wrap it.
pub fn permutation(op: &str, order: &[i64], rank: usize) -> Result<SmallVec<[usize; 6]>> {
    if order.len() != rank {
        return Err(invalid(
            op,
            format!(
                "number of dims don't match in permute: got {} for a tensor of rank {rank}",
                order.len()
            ),
        ));
    }
    let mut seen: SmallVec<[bool; 6]> = SmallVec::from_elem(false, rank);
    let mut out = SmallVec::with_capacity(rank);
    for &d in order {
        let w = wrap_dim(op, d, rank)?;
        if rank > 0 && seen[w] {
            return Err(invalid(
                op,
                format!("repeated dim {w} in permute {order:?}"),
            ));
        }
        if rank > 0 {
            seen[w] = true;
        }
        out.push(w);
    }
    Ok(out)
}

/// `dims` reordered by `perm` (`out[i] = dims[perm[i]]`).
pub fn apply_perm(dims: &[SymInt], perm: &[usize]) -> Dims {
    perm.iter().map(|&p| dims[p]).collect()
}

/// Sizes of `expand(sizes)`: `-1` keeps a size, new dims lead, an existing
/// size must equal the target or be 1.
pub fn expand(env: &mut ShapeEnv, op: &str, sizes: &[SymInt], target: &[SymInt]) -> Result<Dims> {
    if target.len() < sizes.len() {
        return Err(invalid(
            op,
            format!(
                "the number of sizes provided ({}) must be greater or equal to the number of dimensions in the tensor ({})",
                target.len(),
                sizes.len()
            ),
        ));
    }
    let offset = target.len() - sizes.len();
    let mut out = Dims::with_capacity(target.len());
    for (i, &t) in target.iter().enumerate() {
        if i < offset {
            if t == SymInt::Int(-1) {
                return Err(invalid(
                    op,
                    format!(
                        "the expanded size of the tensor (-1) isn't allowed in a leading, non-existing dimension {i}"
                    ),
                ));
            }
            out.push(t);
            continue;
        }
        let s = sizes[i - offset];
        if t == SymInt::Int(-1) {
            out.push(s);
        } else if s == t || is_one(env, s, op)? {
            out.push(t);
        } else {
            check_eq(env, t, s, op, &|| {
                format!(
                    "the expanded size of the tensor must match the existing size at non-singleton dimension {i}"
                )
            })?;
            out.push(t);
        }
    }
    Ok(out)
}

/// Sizes of `view(sizes)` of a tensor with `numel` elements, inferring one
/// `-1` (ATen's `infer_size`).
pub fn infer_view(env: &mut ShapeEnv, op: &str, numel: SymInt, sizes: &[SymInt]) -> Result<Dims> {
    match infer_static_view(numel, sizes) {
        Some(out) => Ok(out),
        None => infer_view_checked(env, op, numel, sizes),
    }
}

/// [`infer_view`] with its checks, symbolic or not.
fn infer_view_checked(
    env: &mut ShapeEnv,
    op: &str,
    numel: SymInt,
    sizes: &[SymInt],
) -> Result<Dims> {
    let (known, infer) = known_sizes(env, op, sizes)?;
    let shape = |env: &ShapeEnv| display_dims(env, sizes);
    let mut out: Dims = sizes.iter().copied().collect();
    match infer {
        None => {
            if let (SymInt::Int(a), SymInt::Int(b)) = (numel, known)
                && a != b
            {
                return Err(invalid(
                    op,
                    format!("shape '{}' is invalid for input of size {a}", shape(env)),
                ));
            }
            let same = env.eq(numel, known)?;
            check_printing(env, same, op, &|env| {
                format!(
                    "shape '{}' is invalid for input of size {}",
                    shape(env),
                    env.display(numel)
                )
            })?;
        }
        Some(i) => {
            check_inferable(env, op, known, sizes)?;
            let rem = env.modulo(numel, known)?;
            let divides = env.eq(rem, SymInt::Int(0))?;
            check_printing(env, divides, op, &|env| {
                format!(
                    "shape '{}' is invalid for input of size {}",
                    shape(env),
                    env.display(numel)
                )
            })?;
            out[i] = env.floordiv(numel, known)?;
        }
    }
    Ok(out)
}

/// Sizes of `sizes` (one `-1` inferred) for `numel` elements as ATen's
/// C++ `infer_size_dv` gives them (`reshape`, `unflatten`), which checks
/// the inferred case as one condition, `(known > 0 and numel % known ==
/// 0) or numel == known`, a guard on a disjunction that teaches no
/// divisibility, and only then that `known` is not 0. [`infer_view`] is
/// the Python `infer_size` of `view`'s meta.
pub fn infer_size_dv(
    env: &mut ShapeEnv,
    op: &str,
    numel: SymInt,
    sizes: &[SymInt],
) -> Result<Dims> {
    if infer_static_view(numel, sizes).is_some() {
        return infer_view(env, op, numel, sizes);
    }
    let (known, infer) = known_sizes(env, op, sizes)?;
    let Some(i) = infer else {
        return infer_view(env, op, numel, sizes);
    };
    let invalid_for = |env: &ShapeEnv| {
        format!(
            "shape '{}' is invalid for input of size {}",
            display_dims(env, sizes),
            env.display(numel)
        )
    };
    if known == SymInt::Int(0) {
        let same = env.eq(numel, known)?;
        check_printing(env, same, op, &invalid_for)?;
    } else {
        let positive = env.gt(known, SymInt::Int(0))?;
        let rem = env.modulo(numel, known)?;
        let divides = env.eq(rem, SymInt::Int(0))?;
        let divides = env.and(positive, divides)?;
        let same = env.eq(numel, known)?;
        let fits = env.or(divides, same)?;
        check_printing(env, fits, op, &invalid_for)?;
    }
    check_inferable(env, op, known, sizes)?;
    let mut out: Dims = sizes.iter().copied().collect();
    out[i] = env.floordiv(numel, known)?;
    Ok(out)
}

/// The product of `sizes` but its `-1`, and where that `-1` is: at most
/// one, and no other negative size.
fn known_sizes(env: &mut ShapeEnv, op: &str, sizes: &[SymInt]) -> Result<(SymInt, Option<usize>)> {
    let mut known = SymInt::Int(1);
    let mut infer: Option<usize> = None;
    for (i, &s) in sizes.iter().enumerate() {
        match s {
            SymInt::Int(-1) => {
                if infer.is_some() {
                    return Err(invalid(op, "only one dimension can be inferred".into()));
                }
                infer = Some(i);
            }
            SymInt::Int(v) if v < 0 => {
                return Err(invalid(op, format!("invalid shape dimension {v}")));
            }
            _ => known = env.mul(known, s)?,
        }
    }
    Ok((known, infer))
}

/// The sizes besides a `-1` hold elements, so the `-1` is determined.
fn check_inferable(env: &mut ShapeEnv, op: &str, known: SymInt, sizes: &[SymInt]) -> Result<()> {
    let nonzero = env.ne(known, SymInt::Int(0))?;
    check_printing(env, nonzero, op, &|env| {
        format!(
            "cannot reshape tensor of 0 elements into shape {} because the unspecified dimension size -1 can be any value and is ambiguous",
            display_dims(env, sizes)
        )
    })
}

/// Sizes of `cat(tensors, dim)`: all but `dim` must agree; legacy empty
/// 1-D tensors (`[0]`) are skipped, as ATen does.
pub fn cat(env: &mut ShapeEnv, op: &str, shapes: &[&[SymInt]], dim: i64) -> Result<Dims> {
    let is_skipped = |s: &[SymInt]| s.len() == 1 && s[0] == SymInt::Int(0);
    let Some(first) = shapes.iter().find(|s| !is_skipped(s)) else {
        if shapes.is_empty() {
            return Err(invalid(op, "expected a non-empty list of Tensors".into()));
        }
        return Ok(Dims::from_slice(&[SymInt::Int(0)]));
    };
    if first.is_empty() {
        return Err(invalid(
            op,
            "zero-dimensional tensor cannot be concatenated".into(),
        ));
    }
    let d = wrap_dim(op, dim, first.len())?;
    let mut out: Dims = first.iter().copied().collect();
    out[d] = SymInt::Int(0);
    for (k, s) in shapes.iter().enumerate() {
        if is_skipped(s) {
            continue;
        }
        if s.len() != first.len() {
            return Err(invalid(
                op,
                format!(
                    "tensors must have same number of dimensions: got {} and {} (tensor {k})",
                    first.len(),
                    s.len()
                ),
            ));
        }
        for (i, (&a, &b)) in first.iter().zip(s.iter()).enumerate() {
            if i == d {
                continue;
            }
            check_eq(env, a, b, op, &|| {
                format!(
                    "sizes of tensors must match except in dimension {d}: tensor {k} at dimension {i}"
                )
            })?;
        }
        out[d] = env.add(out[d], s[d])?;
    }
    Ok(out)
}

/// Where `index` lands on a dim of `size` (`fake_impls._compute_slice_index`):
/// in range it is itself, a negative index in range wraps once, and out of
/// range it clamps to `[0, size]`. Each case is decided with
/// `guard_or_false`; an index of unknown sign and range is `Min`/`Max`
/// clamped when its sign is known, and `None` when nothing is.
pub fn slice_index(
    env: &mut ShapeEnv,
    op: &str,
    size: SymInt,
    index: SymInt,
) -> Result<Option<SymInt>> {
    let zero = SymInt::Int(0);
    let neg_size = env.neg(size)?;
    let nonneg = env.ge(index, zero)?;
    let upto = env.le(index, size)?;
    let c = env.and(nonneg, upto)?;
    if env.guard_or_false(c, op)? {
        return Ok(Some(index));
    }
    let neg = env.lt(index, zero)?;
    let from = env.ge(index, neg_size)?;
    let c = env.and(neg, from)?;
    if env.guard_or_false(c, op)? {
        return env.add(index, size).map(Some);
    }
    let c = env.lt(index, neg_size)?;
    if env.guard_or_false(c, op)? {
        return Ok(Some(zero));
    }
    let c = env.gt(index, size)?;
    if env.guard_or_false(c, op)? {
        return Ok(Some(size));
    }
    if env.guard_or_false(nonneg, op)? {
        return env.min(index, size).map(Some);
    }
    if env.guard_or_false(neg, op)? {
        let wrapped = env.add(index, size)?;
        return env.max(wrapped, zero).map(Some);
    }
    Ok(None)
}

/// The start of `slice(dim, start, end, step)` on a dim of `size` (see
/// [`slice_index`]; `None` when it cannot be told), checking the step.
pub fn slice_start(
    env: &mut ShapeEnv,
    op: &str,
    size: SymInt,
    start: Option<SymInt>,
    step: i64,
) -> Result<Option<SymInt>> {
    if step <= 0 {
        return Err(invalid(
            op,
            format!("slice step must be positive, got {step}"),
        ));
    }
    match start {
        None => Ok(Some(SymInt::Int(0))),
        Some(s) => slice_index(env, op, size, s),
    }
}

/// The length of `slice(dim, start, end, step)` on a dim of `size`, as
/// PyTorch's fake `slice_forward`: `(end - start + step - 1) // step` when
/// `end >= start` is known, 0 when `start >= end` is, `Max(end - start, 0)`
/// rounded up when both ends are known but not their order, and otherwise
/// a fresh unbacked size with the runtime asserts `0 <= len <= size`.
pub fn slice_len(
    env: &mut ShapeEnv,
    op: &str,
    size: SymInt,
    start: Option<SymInt>,
    end: Option<SymInt>,
    step: i64,
) -> Result<SymInt> {
    let start = slice_start(env, op, size, start, step)?;
    let end = match end {
        // i64::MAX is PyTorch's "to the end".
        Some(SymInt::Int(i64::MAX)) | None => Some(size),
        Some(e) => slice_index(env, op, size, e)?,
    };
    let step = SymInt::Int(step);
    if let (Some(start), Some(end)) = (start, end) {
        let forward = env.ge(end, start)?;
        if env.guard_or_false(forward, op)? {
            let span = env.sub(end, start)?;
            let span = env.add(span, step)?;
            let span = env.sub(span, SymInt::Int(1))?;
            return env.floordiv(span, step);
        }
        let backward = env.ge(start, end)?;
        if env.guard_or_false(backward, op)? {
            return Ok(SymInt::Int(0));
        }
        let span = env.sub(end, start)?;
        let span = env.max(span, SymInt::Int(0))?;
        let span = env.add(span, step)?;
        let span = env.sub(span, SymInt::Int(1))?;
        return env.floordiv(span, step);
    }
    let len = env.create_unbacked(false, op);
    let c = env.ge(len, SymInt::Int(0))?;
    env.expect_true(c, op)?;
    let c = env.le(len, size)?;
    env.expect_true(c, op)?;
    Ok(len)
}

/// Every shape of a rank in `ranks` whose sizes are drawn from `sizes`,
/// for tests that compare a fast path with the general one over a grid.
#[cfg(test)]
pub(crate) fn shape_grid(sizes: &[i64], ranks: std::ops::RangeInclusive<u32>) -> Vec<Vec<i64>> {
    let mut out = Vec::new();
    for rank in ranks {
        for code in 0..sizes.len().pow(rank) {
            let mut c = code;
            let mut shape = Vec::new();
            for _ in 0..rank {
                shape.push(sizes[c % sizes.len()]);
                c /= sizes.len();
            }
            out.push(shape);
        }
    }
    out
}

#[cfg(test)]
mod tests {

    /// The static shortcut of `infer_view` answers as the checked path
    /// does, wherever it answers, and declines every case the checked
    /// path refuses.
    #[test]
    fn infer_static_view_is_the_checked_answer() {
        let mut env = ShapeEnv::new();
        let values = [-2, -1, 0, 1, 2, 3, 4, 6];
        let mut answered = 0;
        for numel in [0, 1, 6, 12, 24] {
            for a in values {
                for b in values {
                    for sizes in [vec![a], vec![a, b], vec![b, a, 2]] {
                        let sizes: Vec<SymInt> = sizes.into_iter().map(SymInt::Int).collect();
                        let checked =
                            infer_view_checked(&mut env, "view", SymInt::Int(numel), &sizes);
                        match infer_static_view(SymInt::Int(numel), &sizes) {
                            Some(fast) => {
                                assert_eq!(Some(fast), checked.ok(), "{numel} as {sizes:?}");
                                answered += 1;
                            }
                            None => assert!(checked.is_err(), "{numel} as {sizes:?} declined"),
                        }
                    }
                }
            }
        }
        assert!(answered > 50, "{answered} answered");
    }
    use super::*;

    fn ints(v: &[i64]) -> Dims {
        v.iter().map(|&x| SymInt::Int(x)).collect()
    }

    #[test]
    fn static_broadcast_and_mismatch() {
        let mut env = ShapeEnv::new();
        let out = broadcast(&mut env, "aten::add", &[&ints(&[4, 1, 3]), &ints(&[5, 1])]).unwrap();
        assert_eq!(out, ints(&[4, 5, 3]));
        let err = broadcast(&mut env, "aten::add", &[&ints(&[2, 3]), &ints(&[4])]).unwrap_err();
        assert_eq!(
            err.to_string(),
            "aten::add: the size of tensor 1 must match the broadcast size at non-singleton dimension 1: expected 3, got 4"
        );
    }

    #[test]
    fn view_inference() {
        let mut env = ShapeEnv::new();
        let out = infer_view(&mut env, "aten::view", SymInt::Int(24), &ints(&[2, -1, 4])).unwrap();
        assert_eq!(out, ints(&[2, 3, 4]));
        assert!(infer_view(&mut env, "aten::view", SymInt::Int(24), &ints(&[5, -1])).is_err());
        assert!(infer_view(&mut env, "aten::view", SymInt::Int(24), &ints(&[-1, -1])).is_err());
    }
}
