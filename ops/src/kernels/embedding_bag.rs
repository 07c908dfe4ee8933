//! `_embedding_bag`, as `meta_embedding_bag` (which FakeTensorMode's fake
//! implementation calls): which sizes and dtypes the bookkeeping outputs
//! take depends on the offsets' device, the mode and whether the CPU kernel
//! takes its fast path (decided by strides), which no rule can say.

use super::{invalid, one};
use fake_runtime::shape::{self, Dims};
use fake_runtime::support::{args, require};
use fake_runtime::{Alias, Arg, Cx, DType, Out, Outs, Result, SymInt, TensorMeta};
use smallvec::SmallVec;

/// `mode=0`: the sum of each bag.
const MODE_SUM: i64 = 0;
/// `mode=1`: the mean of each bag.
const MODE_MEAN: i64 = 1;
/// `mode=2`: the maximum of each bag.
const MODE_MAX: i64 = 2;

/// `t.size(d)`, or PyTorch's refusal when `t` has no dim `d`.
fn size(cx: &Cx<'_>, t: &TensorMeta, d: usize) -> Result<SymInt> {
    t.sizes.get(d).copied().ok_or_else(|| {
        let n = t.dim().max(1) as i64;
        fake_runtime::ErrorKind::DimOutOfRange {
            op: cx.op.to_string(),
            dim: d as i64,
            min: -n,
            max: n - 1,
        }
        .into()
    })
}

/// `t.stride(d) == 1`, decided with a guard (Python's `bool` of a
/// `SymBool`).
fn unit_stride(cx: &mut Cx<'_>, t: &TensorMeta, d: usize) -> Result<bool> {
    let Some(&st) = t.strides.get(d) else {
        let n = t.dim().max(1) as i64;
        return Err(fake_runtime::ErrorKind::DimOutOfRange {
            op: cx.op.to_string(),
            dim: d as i64,
            min: -n,
            max: n - 1,
        }
        .into());
    };
    let one = cx.env.eq(st, SymInt::Int(1))?;
    cx.env.guard_bool(one, cx.op)
}

/// A new contiguous tensor like `t` (its dtype and device) of these sizes.
fn new_empty(cx: &mut Cx<'_>, t: &TensorMeta, sizes: Dims) -> Result<Out> {
    let nonneg = crate::intrinsics::all_nonneg(cx, sizes.clone())?;
    require(
        cx,
        nonneg,
        "Trying to create tensor with negative dimension",
    )?;
    let meta = TensorMeta::contiguous(cx.env, &sizes, t.dtype, t.device)?;
    Ok(Out::Tensor(meta, Alias::Fresh))
}

/// `_embedding_bag(Tensor weight, Tensor indices, Tensor offsets, bool
/// scale_grad_by_freq=False, int mode=0, bool sparse=False, Tensor?
/// per_sample_weights=None, bool include_last_offset=False, int
/// padding_idx=-1) -> (Tensor, Tensor, Tensor, Tensor)`: the bags' values,
/// then `offset2bag`, `bag_size` and `max_indices`.
pub(crate) fn embedding_bag(cx: &mut Cx<'_>, a: &[Arg<'_>]) -> Result<Outs> {
    let weight = args::tensor(cx, a, 0, "weight")?;
    let indices = args::tensor(cx, a, 1, "indices")?;
    let offsets = args::tensor(cx, a, 2, "offsets")?;
    let mode = args::int(cx, a, 4, "mode", Some(0))?;
    let per_sample_weights = args::opt_tensor(cx, a, 6, "per_sample_weights")?;
    let include_last_offset = args::bool(cx, a, 7, "include_last_offset", Some(false))?;
    let padding_idx = args::int(cx, a, 8, "padding_idx", Some(-1))?;

    let index_dtype = |d: DType| matches!(d, DType::Int64 | DType::Int32);
    if !index_dtype(indices.dtype) {
        return Err(invalid(
            cx,
            format!("expected indices to be long or int, got {}", indices.dtype),
        ));
    }
    if !index_dtype(offsets.dtype) {
        return Err(invalid(
            cx,
            format!("expected offsets to be long or int, got {}", offsets.dtype),
        ));
    }
    if !weight.dtype.is_floating_point() {
        return Err(invalid(
            cx,
            format!(
                "expected weight to be floating point type, got {}",
                weight.dtype
            ),
        ));
    }
    let last_offset = |cx: &mut Cx<'_>, bags: SymInt| -> Result<SymInt> {
        let some = cx.env.ge(bags, SymInt::Int(1))?;
        require(
            cx,
            some,
            "include_last_offset: numBags should be at least 1",
        )?;
        cx.env.sub(bags, SymInt::Int(1))
    };
    let mut num_bags = size(cx, offsets, 0)?;
    if include_last_offset {
        num_bags = last_offset(cx, num_bags)?;
    }
    let dim = size(cx, weight, 1)?;
    let output_sizes: Dims = Dims::from([num_bags, dim]);
    let output = new_empty(cx, weight, output_sizes.clone())?;

    if let Some(psw) = per_sample_weights {
        if mode != MODE_SUM {
            return Err(invalid(
                cx,
                "embedding_bag: per_sample_weights only supported with mode='sum'",
            ));
        }
        if psw.dim() != 1 {
            return Err(invalid(
                cx,
                format!(
                    "expected per_sample_weights to be 1D tensor, got {}D",
                    psw.dim()
                ),
            ));
        }
        let (n, m) = (psw.numel(cx.env)?, indices.numel(cx.env)?);
        let same = cx.env.eq(n, m)?;
        shape::check_printing(cx.env, same, cx.op, &|env| {
            format!(
                "expected per_sample_weights.numel() ({} to be the same as indices.numel() ({})",
                env.display(n),
                env.display(m)
            )
        })?;
    }

    let mut outs = Outs::new();
    outs.push(output);
    if !offsets.device.is_cpu() {
        let index_count = size(cx, indices, 0)?;
        outs.push(new_empty(cx, indices, Dims::from([index_count]))?);
        outs.push(new_empty(cx, indices, offsets.sizes.clone())?);
        let max_sizes = if mode == MODE_MAX {
            output_sizes
        } else {
            Dims::from([SymInt::Int(0)])
        };
        outs.push(new_empty(cx, indices, max_sizes)?);
        return Ok(outs);
    }
    // `is_fast_path`: float or half weights with unit stride along the
    // embedding (the output's is 1), no padding index, and unit-stride
    // per-sample weights.
    let fast = matches!(weight.dtype, DType::Float32 | DType::Float16)
        && unit_stride(cx, weight, 1)?
        && padding_idx < 0
        && match per_sample_weights {
            Some(psw) => unit_stride(cx, psw, 0)?,
            None => true,
        };
    let offset2bag = if mode == MODE_MEAN || mode == MODE_MAX || !fast {
        size(cx, indices, 0)?
    } else {
        SymInt::Int(0)
    };
    outs.push(new_empty(cx, offsets, Dims::from([offset2bag]))?);
    outs.push(new_empty(cx, offsets, Dims::from([num_bags]))?);
    let max_sizes: Dims = if mode == MODE_MAX {
        let mut bags = size(cx, offsets, 0)?;
        if include_last_offset {
            bags = last_offset(cx, bags)?;
        }
        Dims::from([bags, size(cx, weight, 1)?])
    } else {
        Dims::from([num_bags])
    };
    outs.push(new_empty(cx, offsets, max_sizes)?);
    Ok(outs)
}

/// `_embedding_bag_forward_only` (the same arguments): `meta_embedding_bag`,
/// with `bag_size` of the offsets' sizes for CPU offsets.
pub(crate) fn embedding_bag_forward_only(cx: &mut Cx<'_>, a: &[Arg<'_>]) -> Result<Outs> {
    let offsets = args::tensor(cx, a, 2, "offsets")?;
    let mut outs = embedding_bag(cx, a)?;
    if offsets.device.is_cpu() {
        outs[2] = new_empty(cx, offsets, offsets.sizes.clone())?;
    }
    Ok(outs)
}

/// `embedding_bag(Tensor weight, Tensor indices, Tensor offsets, bool
/// scale_grad_by_freq, int mode, bool sparse, Tensor? per_sample_weights,
/// bool include_last_offset, int? padding_idx)` (and the overload without
/// `padding_idx`): ATen's composite, a padding index within the number of
/// embeddings wrapped, then `_embedding_bag` of contiguous indices and
/// offsets when the weight or the per-sample weights require grad, else
/// `_embedding_bag_forward_only` (whose `bag_size` has the offsets' sizes).
pub(crate) fn embedding_bag_padding_idx(cx: &mut Cx<'_>, a: &[Arg<'_>]) -> Result<Outs> {
    let weight = args::tensor(cx, a, 0, "weight")?;
    let indices = args::tensor(cx, a, 1, "indices")?;
    let offsets = args::tensor(cx, a, 2, "offsets")?;
    let mut padding_idx = -1;
    let mut weight = weight.clone();
    if let Some(p) = args::opt_int(cx, a, 8, "padding_idx", None)? {
        // `weight.size(0)` in C++ reads every size as an integer: each is
        // specialised (`guard_int`).
        for s in weight.sizes.iter_mut() {
            *s = SymInt::Int(cx.env.guard_int(*s, cx.op)?);
        }
        let n = size(cx, &weight, 0)?;
        let neg = cx.env.neg(n)?;
        let lo = cx.env.ge(SymInt::Int(p), neg)?;
        let hi = cx.env.lt(SymInt::Int(p), n)?;
        let within = cx.env.and(lo, hi)?;
        if !cx.env.guard_bool(within, cx.op)? {
            let last = cx.env.sub(n, SymInt::Int(1))?;
            let (n, last) = (cx.env.display(n), cx.env.display(last));
            return Err(invalid(
                cx,
                format!(
                    "padding_idx must be within the number of embeddings, -{n} through {last}, but got {p}"
                ),
            ));
        }
        padding_idx = if p < 0 {
            let wrapped = cx.env.add(n, SymInt::Int(p))?;
            cx.env.guard_int(wrapped, cx.op)?
        } else {
            p
        };
    }
    let indices = contiguous_copy(cx, indices)?;
    let offsets = contiguous_copy(cx, offsets)?;
    let mut inner: SmallVec<[Arg<'_>; 9]> = SmallVec::new();
    inner.push(Arg::Tensor(&weight));
    inner.push(Arg::Tensor(&indices));
    inner.push(Arg::Tensor(&offsets));
    inner.push(Arg::Bool(args::bool(
        cx,
        a,
        3,
        "scale_grad_by_freq",
        Some(false),
    )?));
    inner.push(Arg::Int(SymInt::Int(args::int(cx, a, 4, "mode", Some(0))?)));
    inner.push(Arg::Bool(args::bool(cx, a, 5, "sparse", Some(false))?));
    let per_sample_weights = args::opt_tensor(cx, a, 6, "per_sample_weights")?;
    inner.push(per_sample_weights.map_or(Arg::None, Arg::Tensor));
    inner.push(Arg::Bool(args::bool(
        cx,
        a,
        7,
        "include_last_offset",
        Some(false),
    )?));
    inner.push(Arg::Int(SymInt::Int(padding_idx)));
    // The training form when a gradient may flow to the weights, whatever
    // the grad mode (`weight.requires_grad()`, as a module's parameter).
    if weight.requires_grad || per_sample_weights.is_some_and(|t| t.requires_grad) {
        embedding_bag(cx, &inner)
    } else {
        embedding_bag_forward_only(cx, &inner)
    }
}

/// `t.contiguous()`'s metadata (its own when already contiguous).
fn contiguous_copy(cx: &mut Cx<'_>, t: &TensorMeta) -> Result<TensorMeta> {
    let outs = super::contiguous(cx, &[Arg::Tensor(t)])?;
    match outs.into_iter().next() {
        Some(Out::Tensor(t, _)) => Ok(t),
        _ => Err(invalid(cx, "contiguous gave no tensor")),
    }
}

/// `_embedding_bag_backward(Tensor grad, Tensor indices, Tensor offsets,
/// Tensor offset2bag, Tensor bag_size, Tensor maximum_indices, SymInt
/// num_weights, bool scale_grad_by_freq, int mode, bool sparse, Tensor?
/// per_sample_weights, int padding_idx=-1)`: ATen's composite, the dense
/// gradient (`_embedding_bag_dense_backward`) or, when `sparse`,
/// `_embedding_bag_sparse_backward` ([`sparse_backward`]).
pub(crate) fn embedding_bag_backward(cx: &mut Cx<'_>, a: &[Arg<'_>]) -> Result<Outs> {
    let sparse = args::bool(cx, a, 9, "sparse", None)?;
    if !sparse {
        // The dense gradient's arguments: all but `offsets` and `sparse`.
        let mut dense: SmallVec<[Arg<'_>; 10]> = SmallVec::new();
        for (i, arg) in a.iter().enumerate() {
            if i != 2 && i != 9 {
                dense.push(arg.clone());
            }
        }
        return crate::erased::_embedding_bag_dense_backward(cx, &dense);
    }
    sparse_backward(cx, a)
}

/// `output *= other` of the bags' gradients: `other` must broadcast to
/// `output`'s sizes, which the product keeps.
fn scale_in_place(cx: &mut Cx<'_>, output: &TensorMeta, other: &TensorMeta) -> Result<()> {
    let product = one(
        crate::erased::mul_tensor(cx, &[Arg::Tensor(output), Arg::Tensor(other)])?,
        cx,
    )?;
    if !shape::guard_sizes_eq(cx.env, &product.sizes, &output.sizes, cx.op)? {
        return Err(invalid(
            cx,
            format!(
                "output with shape {} doesn't match the broadcast shape {}",
                shape::display_dims(cx.env, &output.sizes),
                shape::display_dims(cx.env, &product.sizes)
            ),
        ));
    }
    Ok(())
}

/// `_embedding_bag_backward`'s own checks (ATen's composite, run on CPU
/// zeros): the indices and offsets promoted to a common dtype, both
/// integral and contiguous, then `offset2bag` (unless it is made from the
/// offsets, for indices without one), each as `zeros_like` lays it out.
fn composite_checks(
    cx: &mut Cx<'_>,
    indices: &TensorMeta,
    offsets: &TensorMeta,
    offset2bag: &TensorMeta,
) -> Result<()> {
    let common = fake_runtime::promotion::promote_types(indices.dtype, offsets.dtype)?;
    let check = |cx: &mut Cx<'_>, t: &TensorMeta, dtype: DType, name: &str| -> Result<()> {
        if !matches!(dtype, DType::Int64 | DType::Int32) {
            return Err(invalid(
                cx,
                format!(
                    "Expected tensor for argument #1 '{name}' to have one of the following scalar types: Long, Int; but got torch.{}Tensor instead (while checking arguments for embedding_bag)",
                    dtype.c10_name()
                ),
            ));
        }
        let zeros = TensorMeta {
            strides: crate::intrinsics::preserve_strides(cx, t, None)?,
            ..t.clone()
        };
        if !crate::intrinsics::is_contiguous(cx, &zeros)? {
            return Err(invalid(
                cx,
                format!(
                    "Expected contiguous tensor, but got non-contiguous tensor for argument #1 '{name}' (while checking arguments for embedding_bag)"
                ),
            ));
        }
        Ok(())
    };
    check(cx, indices, common, "indices")?;
    check(cx, offsets, common, "offsets")?;
    let some_indices = indices.numel(cx.env)? != SymInt::Int(0);
    if !(some_indices && offset2bag.numel(cx.env)? == SymInt::Int(0)) {
        check(cx, offset2bag, offset2bag.dtype, "offset2bag")?;
    }
    Ok(())
}

/// `_embedding_bag_sparse_backward`: the bags' gradients
/// `grad.index_select(0, offset2bag)`, divided by the bags' sizes in mean
/// mode (`bag_size.unsqueeze(1).index_select(0, offset2bag)`, in place)
/// and scaled by the per-sample weights (`unsqueeze(1)`, in place, sum
/// mode only); then `embedding_sparse_backward`, which refuses
/// `scale_grad_by_freq` and makes a sparse COO tensor `[num_weights,
/// grad.size(-1)]` of `grad`'s dtype from the indices as one row and the
/// gradients as `[-1, features]` rows, whose counts must agree (unless
/// the gradient is empty, or a padding index filters both). An empty
/// `offset2bag` of nonempty indices is first made one per index.
fn sparse_backward(cx: &mut Cx<'_>, a: &[Arg<'_>]) -> Result<Outs> {
    let grad = args::tensor(cx, a, 0, "grad")?;
    let indices = args::tensor(cx, a, 1, "indices")?;
    let offset2bag = args::tensor(cx, a, 3, "offset2bag")?;
    let bag_size = args::tensor(cx, a, 4, "bag_size")?;
    let num_weights = args::size(cx, a, 6, "num_weights", None)?;
    let scale_grad_by_freq = args::bool(cx, a, 7, "scale_grad_by_freq", None)?;
    let mode = args::int(cx, a, 8, "mode", None)?;
    let per_sample_weights = args::opt_tensor(cx, a, 10, "per_sample_weights")?;
    let padding_idx = args::int(cx, a, 11, "padding_idx", Some(-1))?;
    // An empty `offset2bag` of nonempty indices is made from the offsets:
    // one bag number per index.
    let made;
    let indices_numel = indices.numel(cx.env)?;
    let some_indices = cx.env.ne(indices_numel, SymInt::Int(0))?;
    let bags = offset2bag.numel(cx.env)?;
    let no_bags = cx.env.eq(bags, SymInt::Int(0))?;
    let offset2bag =
        if cx.env.guard_bool(some_indices, cx.op)? && cx.env.guard_bool(no_bags, cx.op)? {
            let count = size(cx, indices, 0)?;
            made = TensorMeta::contiguous(cx.env, &[count], offset2bag.dtype, offset2bag.device)?;
            &made
        } else {
            offset2bag
        };
    let index_select = |cx: &mut Cx<'_>, t: &TensorMeta| -> Result<TensorMeta> {
        let call = [
            Arg::Tensor(t),
            Arg::Int(SymInt::Int(0)),
            Arg::Tensor(offset2bag),
        ];
        one(crate::erased::index_select(cx, &call)?, cx)
    };
    let unsqueeze = |cx: &mut Cx<'_>, t: &TensorMeta| -> Result<TensorMeta> {
        let call = [Arg::Tensor(t), Arg::Int(SymInt::Int(1))];
        one(crate::erased::unsqueeze(cx, &call)?, cx)
    };
    let index_grad = index_select(cx, grad)?;
    if mode == MODE_MEAN {
        let inverse = TensorMeta {
            dtype: index_grad.dtype,
            ..bag_size.clone()
        };
        let unsqueezed = unsqueeze(cx, &inverse)?;
        let per_bag = index_select(cx, &unsqueezed)?;
        scale_in_place(cx, &index_grad, &per_bag)?;
    }
    if let Some(w) = per_sample_weights {
        if mode != MODE_SUM {
            return Err(invalid(
                cx,
                format!("per_sample_weights are only supported for mode='sum', got mode {mode}"),
            ));
        }
        let unsqueezed = unsqueeze(cx, w)?;
        scale_in_place(cx, &index_grad, &unsqueezed)?;
    }
    // `embedding_sparse_backward`'s `checkScalarTypes`, on the meta
    // tensors the fake mode runs it with.
    if !matches!(indices.dtype, DType::Int64 | DType::Int32) {
        return Err(invalid(
            cx,
            format!(
                "Expected tensor for argument #2 'indices' to have one of the following scalar types: Long, Int; but got Meta{}Type instead (while checking arguments for embedding_backward)",
                indices.dtype.c10_name()
            ),
        ));
    }
    if scale_grad_by_freq {
        return Err(invalid(
            cx,
            "embedding_backward: scale_grad_by_freq not supported with sparse gradients",
        ));
    }
    // A padding index filters the indices by their data (`nonzero`), which
    // the meta cannot: the fake mode runs the CPU kernel on zeros instead,
    // and ATen's composite checks its arguments first.
    if padding_idx != -1 {
        let offsets = args::tensor(cx, a, 2, "offsets")?;
        for t in [grad, indices, offsets, offset2bag, bag_size] {
            crate::intrinsics::checks::static_layout(cx, t)?;
        }
        composite_checks(cx, indices, offsets, offset2bag)?;
    }
    let Some(&features) = index_grad.sizes.last() else {
        return Err(invalid(
            cx,
            "Dimension specified as -1 but tensor has no dimensions",
        ));
    };
    // A padding index filters the indices and gradients by data first:
    // their counts agree whatever they are.
    let numel = index_grad.numel(cx.env)?;
    let empty = cx.env.eq(numel, SymInt::Int(0))?;
    if !cx.env.guard_bool(empty, cx.op)? && padding_idx == -1 {
        let nnz = indices.numel(cx.env)?;
        let rows = cx.env.floordiv(numel, features)?;
        if !shape::guard_eq(cx.env, nnz, rows, cx.op)? {
            return Err(invalid(
                cx,
                format!(
                    "indices and values must have same nnz, but got nnz from indices: {}, nnz from values: {}",
                    cx.env.display(nnz),
                    cx.env.display(rows)
                ),
            ));
        }
    }
    let sizes: Dims = [num_weights, features].into_iter().collect();
    let mut outs = Outs::new();
    outs.push(Out::Tensor(
        TensorMeta {
            strides: sizes.iter().map(|_| SymInt::Int(0)).collect(),
            sizes,
            storage_offset: SymInt::Int(0),
            dtype: grad.dtype,
            device: grad.device,
            layout: fake_runtime::Layout::SparseCoo,
            requires_grad: false,
            wrapped_number: false,
        },
        Alias::Fresh,
    ));
    Ok(outs)
}
