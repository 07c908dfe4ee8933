//! A tensor's storage as ATen's `setStrided` sees it: the bytes a
//! geometry reaches, and a tensor restrided in place (`as_strided_`, an
//! out tensor a meta restrides to its result's layout), which must stay
//! inside its storage. Metadata does not say how large a storage is; it
//! is taken to be the smallest that holds the tensor (the storage of a
//! tensor made by `empty` or `empty_strided`, or resized to its sizes).

use super::*;

/// ATen's `computeStorageNbytes`: the bytes a geometry reaches, 0 when a
/// size is 0.
pub fn storage_nbytes(
    cx: &mut Cx<'_>,
    sizes: &[SymInt],
    strides: &[SymInt],
    offset: SymInt,
    itemsize: i64,
) -> Result<SymInt> {
    let mut extent = SymInt::Int(1);
    for (&size, &stride) in sizes.iter().zip(strides) {
        let zero = cx.env.eq(size, SymInt::Int(0))?;
        if cx.env.guard_or_false(zero, cx.op)? {
            return Ok(SymInt::Int(0));
        }
        let last = cx.env.sub(size, SymInt::Int(1))?;
        let reach = cx.env.mul(last, stride)?;
        extent = cx.env.add(extent, reach)?;
    }
    let elements = cx.env.add(offset, extent)?;
    cx.env.mul(elements, SymInt::Int(itemsize))
}

/// The bytes of `t`'s storage, taken to be the fewest that hold it: its
/// offset plus its extent (only its offset when it has no elements).
pub fn storage_of(cx: &mut Cx<'_>, t: &TensorMeta, itemsize: i64) -> Result<SymInt> {
    let bytes = storage_nbytes(cx, &t.sizes, &t.strides, t.storage_offset, itemsize)?;
    let empty = cx.env.eq(bytes, SymInt::Int(0))?;
    if cx.env.guard_or_false(empty, cx.op)? {
        return cx.env.mul(t.storage_offset, SymInt::Int(itemsize));
    }
    Ok(bytes)
}

/// `t` restrided in place to `size`, `stride` and `offset` (ATen's
/// `setStrided`): as many strides as sizes, none negative, the geometry
/// inside `t`'s storage ([`storage_of`]; "setStorage: ... out of bounds
/// for storage of size ..."), the offset not negative.
pub fn set_strided(
    cx: &mut Cx<'_>,
    t: &TensorMeta,
    size: Dims,
    stride: Dims,
    offset: SymInt,
) -> Result<TensorMeta> {
    if size.len() != stride.len() {
        return Err(invalid(
            cx,
            "mismatch in length of strides and shape".into(),
        ));
    }
    for &s in &stride {
        let negative = cx.env.lt(s, SymInt::Int(0))?;
        if cx.env.guard_bool(negative, cx.op)? {
            return Err(invalid(
                cx,
                format!(
                    "as_strided: Negative strides are not supported at the moment, got strides: {}",
                    shape::display_dims(cx.env, &stride)
                ),
            ));
        }
    }
    for &s in &size {
        let negative = cx.env.lt(s, SymInt::Int(0))?;
        if cx.env.guard_bool(negative, cx.op)? {
            return Err(invalid(cx, "numel: integer multiplication overflow".into()));
        }
    }
    let itemsize = t.dtype.itemsize() as i64;
    let needed_bare = storage_nbytes(cx, &size, &stride, SymInt::Int(0), itemsize)?;
    let bare_zero = cx.env.eq(needed_bare, SymInt::Int(0))?;
    if !cx.env.guard_or_false(bare_zero, cx.op)? {
        let needed = storage_nbytes(cx, &size, &stride, offset, itemsize)?;
        let available = storage_of(cx, t, itemsize)?;
        let fits = cx.env.le(needed, available)?;
        let ok = cx.env.or(bare_zero, fits)?;
        // `TORCH_MAYBE_SYM_CHECK`: a guard, recorded whichever way it goes.
        if !cx.env.guard_bool(ok, cx.op)? {
            let message = format!(
                "setStorage: sizes {}, strides {}, storage offset {}, and itemsize {itemsize} requiring a storage size of {} are out of bounds for storage of size {}",
                shape::display_dims(cx.env, &size),
                shape::display_dims(cx.env, &stride),
                cx.env.display(offset),
                cx.env.display(needed),
                cx.env.display(available)
            );
            return Err(invalid(cx, message));
        }
    }
    let negative = cx.env.lt(offset, SymInt::Int(0))?;
    if cx.env.guard_bool(negative, cx.op)? {
        return Err(invalid(
            cx,
            format!("Tensor: invalid storage offset {}", cx.env.display(offset)),
        ));
    }
    let mut out = t.clone();
    out.sizes = size;
    out.strides = stride;
    out.storage_offset = offset;
    Ok(out)
}
