//! Intrinsics of neural-network layers that ATen builds from other
//! operators: `glu`'s halves, `prelu`'s weight, `one_hot`'s comparison,
//! `_trilinear`'s sizes, the dtypes `bilinear` and the statistics
//! `instance_norm` require.

use super::*;

/// `glu`'s meta kernel's operands: `t` narrowed to its first and its
/// second half along `dim` (`narrow(dim, 0, n / 2)` and
/// `narrow(dim, n / 2, n / 2)`, `slice`'s clamping included).
fn glu_halves(cx: &mut Cx<'_>, t: &TensorMeta, dim: i64) -> Result<[TensorMeta; 2]> {
    let d = shape::wrap_dim(cx.op, dim, t.dim())?;
    let half = cx.env.floordiv(t.sizes[d], SymInt::Int(2))?;
    let end = cx.env.add(half, half)?;
    Ok([
        slice_view(cx, t, d, SymInt::Int(0), half)?,
        slice_view(cx, t, d, half, end)?,
    ])
}

/// `glu_sizes(t, dim)`: the sizes of the binary TensorIterator over `t`'s
/// two halves along `dim` (`glu`'s meta kernel: `narrow` twice, then
/// `build_borrowing_binary_op`).
pub fn glu_sizes(cx: &mut Cx<'_>, t: &TensorMeta, dim: i64) -> Result<Dims> {
    let [a, b] = glu_halves(cx, t, dim)?;
    Ok(fake_runtime::support::pointwise_output(cx, &[&a, &b], t.dtype)?.sizes)
}

/// `glu_strides(t, dim)`: the strides of that TensorIterator.
pub fn glu_strides(cx: &mut Cx<'_>, t: &TensorMeta, dim: i64) -> Result<Dims> {
    let [a, b] = glu_halves(cx, t, dim)?;
    Ok(fake_runtime::support::pointwise_output(cx, &[&a, &b], t.dtype)?.strides)
}

/// `prelu_weight_fits(self, weight)`: `prelu`'s check that a weight of
/// more than one element has one per channel (`self.size(1)`, or 1 for a
/// 1-D `self`), refusing with PyTorch's message; a zero-dim `self` takes
/// only a one-element weight.
pub fn prelu_weight_fits(cx: &mut Cx<'_>, input: &TensorMeta, weight: &TensorMeta) -> Result<bool> {
    let numel = weight.numel(cx.env)?;
    let single = cx.env.eq(numel, SymInt::Int(1))?;
    if cx.env.guard_bool(single, cx.op)? {
        return Ok(true);
    }
    if input.dim() == 0 {
        return Err(invalid(cx, "Not allow zero-dim input tensor.".into()));
    }
    let channels = if input.dim() > 1 {
        input.sizes[1]
    } else {
        SymInt::Int(1)
    };
    let same = cx.env.eq(channels, numel)?;
    if !cx.env.guard_bool(same, cx.op)? {
        return Err(invalid(
            cx,
            format!(
                "Mismatch of parameter numbers and input channel size. Found parameter numbers = {} and channel size = {}.",
                cx.env.display(numel),
                cx.env.display(channels)
            ),
        ));
    }
    Ok(true)
}

/// `one_hot_strides(self, n)`: the strides of `one_hot`'s decomposition,
/// `self.unsqueeze(-1) == arange(n)` (a TensorIterator over the two, its
/// layout following `self`'s) converted to int64 in that layout.
pub fn one_hot_strides(cx: &mut Cx<'_>, input: &TensorMeta, n: SymInt) -> Result<Dims> {
    let strides = unsqueeze_strides(cx, input, -1)?;
    let mut column = input.clone();
    column.sizes.push(SymInt::Int(1));
    column.strides = strides;
    let classes = TensorMeta::contiguous(cx.env, &[n], input.dtype, input.device)?;
    Ok(fake_runtime::support::pointwise_output(cx, &[&column, &classes], DType::Bool)?.strides)
}

/// `trilinear_sizes(i1, i2, i3, expand1, expand2, expand3, sumdim,
/// unroll_dim)`: the sizes of `_trilinear`'s result: per dim of the
/// expanded rank, the size of the last operand not expanded there (1 when
/// summed, then squeezed away); the unrolled dim's size is specialised
/// (`guard_int`: ATen loops over it).
#[allow(clippy::too_many_arguments)]
pub fn trilinear_sizes(
    cx: &mut Cx<'_>,
    i1: &TensorMeta,
    i2: &TensorMeta,
    i3: &TensorMeta,
    expand1: IntList,
    expand2: IntList,
    expand3: IntList,
    sumdim: IntList,
    unroll_dim: i64,
) -> Result<Dims> {
    let total = i1.dim() + expand1.len();
    if unroll_dim < 0 || unroll_dim >= total as i64 {
        return Err(invalid(
            cx,
            format!("unroll_dim must be in [0,{}]", total as i64 - 1),
        ));
    }
    let bits = |cx: &Cx<'_>, dims: &[i64]| shape::dim_list_to_bitset(cx.op, dims, total);
    let (e1, e2, e3, sum) = (
        bits(cx, &expand1)?,
        bits(cx, &expand2)?,
        bits(cx, &expand3)?,
        bits(cx, &sumdim)?,
    );
    // Each operand's dims as they are unsqueezed one expanded dim at a time.
    let mut ops: [Dims; 3] = [i1.sizes.clone(), i2.sizes.clone(), i3.sizes.clone()];
    let mut out = Dims::new();
    for i in 0..total {
        let mut s = SymInt::Int(0);
        for (t, e) in ops.iter_mut().zip([&e1, &e2, &e3]) {
            if e[i] {
                if i > t.len() {
                    return Err(dim_out_of_range(cx, i, t.len() + 1));
                }
                t.insert(i, SymInt::Int(1));
            } else {
                s = *t.get(i).ok_or_else(|| dim_out_of_range(cx, i, t.len()))?;
            }
        }
        if i as i64 == unroll_dim {
            s = SymInt::Int(cx.env.guard_int(s, cx.op)?);
        }
        out.push(s);
    }
    // The unrolled products (`sumproduct_pair`, `i1` with `i2`, then with
    // `i3`) run only when no operand is empty; each checks that dims both
    // sides hold (of a size other than 1) match.
    let mut nonempty = true;
    for t in [i1, i2, i3] {
        let n = t.numel(cx.env)?;
        let zero = cx.env.eq(n, SymInt::Int(0))?;
        nonempty &= !cx.env.guard_bool(zero, cx.op)?;
    }
    // The pairs' summed dims: `i1` with `i2` sums those `i3` expands,
    // the product with `i3` the others (the unrolled dim aside).
    let summed =
        |by_i3: bool| (0..total).any(|i| sum[i] && e3[i] == by_i3 && i as i64 != unroll_dim);
    if nonempty {
        let (mul12, mul23) = (!summed(true), !summed(false));
        // Each pair of as many dims (`sumproduct_pair`'s first check).
        let same_rank = |cx: &Cx<'_>, left: usize, right: usize| {
            if left == right {
                Ok(())
            } else {
                Err(invalid(cx, "number of dimensions must match".into()))
            }
        };
        same_rank(cx, ops[0].len(), ops[1].len())?;
        let mut held: Dims = Dims::new();
        for (i, (&left, &right)) in ops[0].iter().zip(&ops[1]).enumerate() {
            let unrolled = i as i64 == unroll_dim;
            held.push(match_dims(cx, i, unrolled, mul12, left, right)?);
        }
        same_rank(cx, held.len(), ops[2].len())?;
        for (i, &left) in held.iter().enumerate() {
            match_dims(cx, i, i as i64 == unroll_dim, mul23, left, ops[2][i])?;
        }
        // The products' dtypes: a pair with summed dims is a `bmm`, which
        // wants one dtype; one without is a promoting `mul`. The zeros
        // in `i1`'s dtype then take the product in place (`add_`).
        let mut product = i1.dtype;
        for (right, bmm) in [(i2.dtype, summed(true)), (i3.dtype, summed(false))] {
            product = if bmm {
                if product != right {
                    return Err(invalid(
                        cx,
                        format!("expected scalar type torch.{product} but found torch.{right}"),
                    ));
                }
                product
            } else {
                fake_runtime::promotion::promote_types(product, right)?
            };
        }
        let added = fake_runtime::promotion::promote_types(i1.dtype, product)?;
        if !fake_runtime::support::can_cast(cx, added, i1.dtype)? {
            return Err(invalid(
                cx,
                format!(
                    "result type {added} can't be cast to the desired output type {}",
                    i1.dtype
                ),
            ));
        }
    }
    Ok(out
        .into_iter()
        .zip(sum)
        .filter_map(|(s, summed)| (!summed).then_some(s))
        .collect())
}

/// `Dimension out of range` for dim `i` of a rank-`rank` operand.
fn dim_out_of_range(cx: &Cx<'_>, i: usize, rank: usize) -> fake_runtime::Error {
    let n = rank.max(1) as i64;
    fake_runtime::ErrorKind::DimOutOfRange {
        op: cx.op.to_string(),
        dim: i as i64,
        min: -n,
        max: n - 1,
    }
    .into()
}

/// `sumproduct_pair`'s check of dim `i`: sizes both operands hold (other
/// than 1, `guard_or_true`) must match; the unrolled dim is narrowed to 1.
/// A pair with no dims summed is a plain `mul`, whose broadcast refuses
/// the mismatch as a size mismatch. The size the product keeps.
fn match_dims(
    cx: &mut Cx<'_>,
    i: usize,
    unrolled: bool,
    mul: bool,
    left: SymInt,
    right: SymInt,
) -> Result<SymInt> {
    if unrolled {
        return Ok(SymInt::Int(1));
    }
    let l_one = cx.env.eq(left, SymInt::Int(1))?;
    let r_one = cx.env.eq(right, SymInt::Int(1))?;
    let l_held = !cx.env.guard_or_false(l_one, cx.op)?;
    let r_held = !cx.env.guard_or_false(r_one, cx.op)?;
    if l_held && r_held {
        let same = cx.env.eq(left, right)?;
        if !cx.env.guard_bool(same, cx.op)? {
            if mul {
                return Err(fake_runtime::ErrorKind::SizeMismatch {
                    op: cx.op.to_string(),
                    what: format!("the size of tensor b at non-singleton dimension {i}"),
                    expected: cx.env.display(left),
                    got: cx.env.display(right),
                }
                .into());
            }
            return Err(invalid(cx, "non-broadcast dimensions must match".into()));
        }
    }
    Ok(if l_held { left } else { right })
}

/// `bilinear_dtypes(input1, input2, weight, bias)`: `bilinear`'s check
/// that every tensor has one dtype, refusing with PyTorch's message.
pub fn bilinear_dtypes(
    cx: &mut Cx<'_>,
    input1: &TensorMeta,
    input2: &TensorMeta,
    weight: &TensorMeta,
    bias: Option<&TensorMeta>,
) -> Result<bool> {
    let d = input1.dtype;
    if input2.dtype == d && weight.dtype == d && bias.is_none_or(|b| b.dtype == d) {
        return Ok(true);
    }
    let bias_part = bias.map_or(String::new(), |b| format!(", bias: {}", b.dtype));
    Err(invalid(
        cx,
        format!(
            "All tensors must have the same dtype, got input1: {d}, input2: {}, weight: {}{bias_part}",
            input2.dtype, weight.dtype
        ),
    ))
}

/// `layer_norm_param_dtypes(input, normalized_shape, weight, bias)`: the
/// references' `_check_native_layer_norm_gpu_param_dtype`: on CUDA and
/// XPU, a weight (else a bias) of another dtype than `input`'s is refused
/// unless there are no rows to normalise (the dims before the normalized
/// ones hold no element; guarded when symbolic).
pub fn layer_norm_param_dtypes(
    cx: &mut Cx<'_>,
    input: &TensorMeta,
    normalized_shape: Dims,
    weight: Option<&TensorMeta>,
    bias: Option<&TensorMeta>,
) -> Result<bool> {
    use fake_runtime::DeviceType::{Cuda, Xpu};
    if !matches!(input.device.ty, Cuda | Xpu) {
        return Ok(true);
    }
    let mismatched = match (weight, bias) {
        (Some(w), _) if w.dtype != input.dtype => w.dtype,
        (_, Some(b)) if b.dtype != input.dtype => b.dtype,
        _ => return Ok(true),
    };
    let mut rows = SymInt::Int(1);
    let axis = input.dim().saturating_sub(normalized_shape.len());
    for &s in &input.sizes[..axis] {
        rows = cx.env.mul(rows, s)?;
    }
    let none = cx.env.eq(rows, SymInt::Int(0))?;
    if cx.env.guard_bool(none, cx.op)? {
        return Ok(true);
    }
    Err(invalid(
        cx,
        format!(
            "expected scalar type {} but found {mismatched}",
            input.dtype
        ),
    ))
}

/// `one_hot_classes(num_classes)`: `one_hot`'s number of classes; `-1`
/// reads it from the data (`int(self.max().item()) + 1`), which makes a
/// fresh unbacked integer and then refuses to specialise it, as
/// FakeTensorMode does (`GuardOnDataDependentSymNode`).
pub fn one_hot_classes(cx: &mut Cx<'_>, num_classes: i64) -> Result<SymInt> {
    if num_classes != -1 {
        return Ok(SymInt::Int(num_classes));
    }
    let largest = cx.env.create_unbacked(false, cx.op);
    let n = cx.env.guard_int(largest, cx.op)?;
    Ok(SymInt::Int(n + 1))
}
