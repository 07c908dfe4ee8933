//! Splitting intrinsics: the pieces of `split_with_sizes`, `split.Tensor`,
//! `chunk` and `unbind` (a list of sizes, one per view) and where each
//! piece starts in `self`'s storage.

use super::*;

/// The wrapped dim of a split of `s`; a 0-dim tensor is refused with
/// `message` first, as the composites check the rank before the dim.
fn split_dim(cx: &mut Cx<'_>, s: &Dims, dim: i64, message: &str) -> Result<usize> {
    if s.is_empty() {
        return Err(invalid(cx, message.into()));
    }
    shape::wrap_dim(cx.op, dim, s.len())
}

/// `split_pieces(s, dim, lengths)`: the sizes of each piece of `s` cut
/// along `dim` into `lengths` (`torch._refs.split_with_sizes`): every
/// length is checked non-negative (a guard on a symbolic one), then their
/// sum against the dim's size.
pub fn split_pieces(cx: &mut Cx<'_>, s: Dims, dim: i64, lengths: Dims) -> Result<Vec<Dims>> {
    let d = split_dim(cx, &s, dim, "split expects at least a 1-dimensional tensor")?;
    let mut total = SymInt::Int(0);
    for &len in &lengths {
        let ok = cx.env.ge(len, SymInt::Int(0))?;
        shape::check(cx.env, ok, cx.op, &|| {
            "split_with_sizes expects split_sizes have only non-negative entries".into()
        })?;
        total = cx.env.add(total, len)?;
    }
    shape::check_eq(cx.env, s[d], total, cx.op, &|| {
        format!("split_with_sizes expects split_sizes to sum exactly to the size of dim {d}")
    })?;
    Ok(lengths
        .iter()
        .map(|&len| {
            let mut piece = Dims::from_slice(&s);
            piece[d] = len;
            piece
        })
        .collect())
}

/// `split_offsets(t, dim, lengths)`: where each piece of `t` cut along
/// `dim` into `lengths` starts: `t`'s offset plus the lengths before it
/// times the dim's stride.
pub fn split_offsets(cx: &mut Cx<'_>, t: &TensorMeta, dim: i64, lengths: Dims) -> Result<Dims> {
    let d = shape::wrap_dim(cx.op, dim, t.dim())?;
    let stride = stride_at(cx, t, d)?;
    let mut start = SymInt::Int(0);
    let mut offsets = Dims::with_capacity(lengths.len());
    for &len in &lengths {
        let shift = cx.env.mul(start, stride)?;
        offsets.push(cx.env.add(t.storage_offset, shift)?);
        start = cx.env.add(start, len)?;
    }
    Ok(offsets)
}

/// `split_lengths(s, dim, split_size)`: the lengths of `split.Tensor`'s
/// pieces, as its Python decomposition (FakeTensorMode's meta kernel for
/// it): an empty dim is one piece, `self` whole; otherwise the number of
/// pieces, `(size + split_size - 1) // split_size`, is specialised
/// (`guard_int`, which keeps a symbolic size symbolic where only the count
/// is fixed), with a last one of `size - split_size * (count - 1)`.
pub fn split_lengths(cx: &mut Cx<'_>, s: Dims, dim: i64, split_size: SymInt) -> Result<Dims> {
    let d = split_dim(cx, &s, dim, "split expects at least a 1-dimensional tensor")?;
    let size = s[d];
    let nonneg = cx.env.ge(split_size, SymInt::Int(0))?;
    shape::check(cx.env, nonneg, cx.op, &|| {
        "split expects split_size be non-negative".into()
    })?;
    let empty = cx.env.eq(size, SymInt::Int(0))?;
    if cx.env.guard_bool(empty, cx.op)? {
        return Ok(Dims::from_slice(&[size]));
    }
    let positive = cx.env.gt(split_size, SymInt::Int(0))?;
    shape::check(cx.env, positive, cx.op, &|| {
        "split_size can only be 0 if dimension size is 0".into()
    })?;
    let span = cx.env.add(size, split_size)?;
    let span = cx.env.sub(span, SymInt::Int(1))?;
    let count = cx.env.floordiv(span, split_size)?;
    let count = cx.env.guard_int(count, cx.op)?;
    fake_runtime::limits::check_list_len(cx.op, count)?;
    let Some(before_last) = count.checked_sub(1).and_then(|n| usize::try_from(n).ok()) else {
        return Err(invalid(cx, "split gave no pieces".into()));
    };
    let mut lengths: Dims = (0..=before_last).map(|_| split_size).collect();
    // `split_size - (split_size * chunks - dim_size)`.
    let covered = cx.env.mul(split_size, SymInt::Int(count))?;
    let over = cx.env.sub(covered, size)?;
    lengths[before_last] = cx.env.sub(split_size, over)?;
    Ok(lengths)
}

/// `chunk_lengths(s, dim, chunks)`: the lengths of `chunk`'s pieces,
/// ATen's composite: `split.Tensor` by `(size + chunks - 1) // chunks`
/// (symbolic when the size is), except that a size and split size both 0
/// give `chunks` empty pieces.
pub fn chunk_lengths(cx: &mut Cx<'_>, s: Dims, dim: i64, chunks: i64) -> Result<Dims> {
    let d = split_dim(cx, &s, dim, "chunk expects at least a 1-dimensional tensor")?;
    if chunks <= 0 {
        return Err(invalid(
            cx,
            format!("chunk expects `chunks` to be greater than 0, got: {chunks}"),
        ));
    }
    let size = s[d];
    let span = cx.env.add(size, SymInt::Int(chunks - 1))?;
    let split_size = cx.env.floordiv(span, SymInt::Int(chunks))?;
    let split_zero = cx.env.eq(split_size, SymInt::Int(0))?;
    if cx.env.guard_bool(split_zero, cx.op)? {
        let size_zero = cx.env.eq(size, SymInt::Int(0))?;
        if cx.env.guard_bool(size_zero, cx.op)? {
            let n = fake_runtime::limits::check_list_len(cx.op, chunks)?;
            return Ok((0..n).map(|_| SymInt::Int(0)).collect());
        }
    }
    split_lengths(cx, s, dim, split_size)
}

/// `unbind_pieces(s, dim)`: the sizes of `unbind`'s views, `s` without
/// `dim`, once per index of the dim, whose size is specialised
/// (`guard_int`: the number of outputs must be known).
pub fn unbind_pieces(cx: &mut Cx<'_>, s: Dims, dim: i64) -> Result<Vec<Dims>> {
    let d = shape::wrap_dim(cx.op, dim, s.len())?;
    if s.is_empty() {
        return Err(invalid(
            cx,
            "Dimension specified as 0 but tensor has no dimensions".into(),
        ));
    }
    let count = cx.env.guard_int(s[d], cx.op)?;
    let count = fake_runtime::limits::check_list_len(cx.op, count)?;
    let piece = shape::remove(cx.op, &s, dim)?;
    Ok((0..count).map(|_| piece.clone()).collect())
}
