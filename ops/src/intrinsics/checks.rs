//! PyTorch's argument checks whose refusals print values (sizes, dtypes,
//! the dim): a rule's `check` message is fixed text, so these refuse the
//! call themselves, with PyTorch's words, and give back what the rule
//! needs (`true` for a plain check). A symbolic comparison is a guard
//! (backed sizes) or a runtime assert (unbacked ones), as `torch._check`.

use super::*;

/// `torch._check(cond)`'s message when none is given.
pub(crate) const CHECK_FAILED: &str = "Expected cond to be True, but got False. (Could this error message be improved? If so, please report an enhancement request to PyTorch.)";

/// `negatable(dtype)`: `-t` of a tensor of `dtype` (`neg`, and a step of
/// references that negate), which refuses a bool tensor.
pub fn negatable(cx: &mut Cx<'_>, dtype: DType) -> Result<bool> {
    if dtype == DType::Bool {
        return Err(invalid(
            cx,
            "Negation, the `-` operator, on a bool tensor is not supported. If you are trying to invert a mask, use the `~` or `logical_not()` operator instead.".into(),
        ));
    }
    Ok(true)
}

/// `ensure_nonempty_size`: the size at `d`, 1 for a zero-dim tensor.
fn nonempty_size(s: &[SymInt], d: usize) -> SymInt {
    s.get(d).copied().unwrap_or(SymInt::Int(1))
}

/// `gather_shape(self, dim, index)`: the sizes of `gather`'s output (the
/// index's), after `meta_gather`'s checks in its order: `dim` wrapped,
/// then, unless the index is known to be empty, its dtype, its rank, and
/// `index.size(d) <= self.size(d)` for every `d` but `dim`.
pub fn gather_shape(
    cx: &mut Cx<'_>,
    input: &TensorMeta,
    dim: i64,
    index: &TensorMeta,
) -> Result<Dims> {
    let dim = shape::wrap_dim(cx.op, dim, input.dim())?;
    let numel = index.numel(cx.env)?;
    let empty = cx.env.eq(numel, SymInt::Int(0))?;
    if cx.env.guard_or_false(empty, cx.op)? {
        return Ok(index.sizes.clone());
    }
    if !matches!(index.dtype, DType::Int64 | DType::Int32) {
        return Err(invalid(
            cx,
            format!(
                "gather(): Expected dtype int32/int64 for index, but got torch.{}",
                index.dtype
            ),
        ));
    }
    let dims = input.dim().max(1);
    if index.dim().max(1) != dims {
        return Err(invalid(
            cx,
            "Index tensor must have the same number of dimensions as input tensor".into(),
        ));
    }
    for d in (0..dims).filter(|&d| d != dim) {
        let (i, s) = (
            nonempty_size(&index.sizes, d),
            nonempty_size(&input.sizes, d),
        );
        let fits = cx.env.le(i, s)?;
        let (index_sizes, input_sizes) = (&index.sizes, &input.sizes);
        shape::check_printing(cx.env, fits, cx.op, &|env| {
            format!(
                "Size does not match at dimension {d} expected index torch.Size({}) to be no larger than self torch.Size({}) apart from dimension {dim}",
                shape::display_dims(env, index_sizes),
                shape::display_dims(env, input_sizes)
            )
        })?;
    }
    Ok(index.sizes.clone())
}

/// `mean_over_numel(self, reduction)`: the loss gradients'
/// decompositions first divide by `self.numel()` for the mean
/// (`norm = 1.0 / self.numel()`), a Python float division by zero when
/// `self` is statically empty (a symbolic count divides as a `SymFloat`).
pub fn mean_over_numel(cx: &mut Cx<'_>, t: &TensorMeta, reduction: i64) -> Result<bool> {
    if reduction == 1 && t.numel(cx.env)? == SymInt::Int(0) {
        return Err(invalid(cx, "float division by zero".into()));
    }
    Ok(true)
}

/// `index_rank(index)`: the index of `index_select`, `index_fill`,
/// `index_copy` and `index_add` has at most one dim. True when it has.
pub fn index_rank(cx: &mut Cx<'_>, index: &TensorMeta) -> Result<bool> {
    if index.dim() > 1 {
        return Err(invalid(
            cx,
            format!("Index should have dimension 1 or 0 (got {})", index.dim()),
        ));
    }
    Ok(true)
}

/// `index_copy_checks(self, dim, index, source)`: the checks of
/// `torch._decomp`'s `_index_copy`, in its order: `dim` canonicalized
/// against `self` (a zero-dim one as one dim), an index of at most one
/// dim, a zero-dim `source` of one index, else one of `self`'s rank
/// (unless `self` is zero-dim), the shapes without `dim` equal, and as
/// many indices as `source` has along `dim`. True when they hold.
pub fn index_copy_checks(
    cx: &mut Cx<'_>,
    input: &TensorMeta,
    dim: i64,
    index: &TensorMeta,
    source: &TensorMeta,
) -> Result<bool> {
    let d = shape::wrap_dim(cx.op, dim, input.dim())?;
    index_rank(cx, index)?;
    let count = index.numel(cx.env)?;
    if source.dim() == 0 {
        let one = cx.env.eq(count, SymInt::Int(1))?;
        shape::check_printing(cx.env, one, cx.op, &|env| {
            format!(
                "index_copy_(): When source is scalar, index should have one element (got {})",
                env.display(count)
            )
        })?;
    } else if input.dim() != 0 && source.dim() != input.dim() {
        return Err(invalid(
            cx,
            format!(
                "index_copy_(): When source and destination are not scalars, their dimensionality must match. Source dimensionality ({}), destination dimensionality ({})",
                source.dim(),
                input.dim()
            ),
        ));
    }
    let without = |sizes: &[SymInt]| -> Dims {
        sizes
            .iter()
            .enumerate()
            .filter(|&(i, _)| i != d)
            .map(|(_, &s)| s)
            .collect()
    };
    let (x_sliced, t_sliced) = (without(&input.sizes), without(&source.sizes));
    let same = dims_eq(cx, &x_sliced, &t_sliced)?;
    shape::check_printing(cx.env, same, cx.op, &|env| {
        format!(
            "index_copy_(): Source/destination tensor must have same slice shapes. Destination slice shape: {} at dimension {d} and source slice shape: {} at dimension 0.",
            shape::display_dims(env, &x_sliced),
            shape::display_dims(env, &t_sliced)
        )
    })?;
    if source.dim() != 0 {
        // `tensor.size(dim)`: an IndexError past `source`'s dims.
        let along = source.sizes[shape::wrap_dim(cx.op, d as i64, source.dim())?];
        let same = cx.env.eq(count, along)?;
        shape::check_printing(cx.env, same, cx.op, &|env| {
            format!(
                "index_copy_(): Number of indices ({}) should be equal to source.size(dim) ({})",
                env.display(count),
                env.display(along)
            )
        })?;
    }
    Ok(true)
}

/// `index_add_checks(self, dim, index, source, alpha)`: the checks of
/// `torch._decomp`'s `_index_add`, in its order: `dim` wrapped against
/// `self`, an index of at most one dim, as many indices as `source` has
/// elements along `dim` (a zero-dim index or source counts one), and an
/// `alpha` other than 1 of a kind `self`'s dtype holds. True when they
/// hold.
pub fn index_add_checks(
    cx: &mut Cx<'_>,
    input: &TensorMeta,
    dim: i64,
    index: &TensorMeta,
    source: &TensorMeta,
    alpha: Scalar,
) -> Result<bool> {
    let dim = shape::wrap_dim(cx.op, dim, input.dim())?;
    index_rank(cx, index)?;
    let (index, source) = (&index.sizes, &source.sizes);
    let index_size = index.first().copied().unwrap_or(SymInt::Int(1));
    let source_size = if source.is_empty() {
        SymInt::Int(1)
    } else {
        // `tensor.size(dim)`: an IndexError past `source`'s dims.
        source[shape::wrap_dim(cx.op, dim as i64, source.len())?]
    };
    let same = cx.env.eq(source_size, index_size)?;
    shape::check_printing(cx.env, same, cx.op, &|env| {
        format!(
            "Number of indices ({}) should be equal to tensor.size(dim) ({}), for dim={dim}",
            env.display(index_size),
            env.display(source_size)
        )
    })?;
    if !is_one(cx, alpha)? && !scalar_fits(cx, input.dtype, alpha)? {
        let python_type = |d: DType| match d {
            DType::Bool => "bool",
            d if d.is_complex() => "complex",
            d if d.is_floating_point() => "float",
            _ => "int",
        };
        let alpha_type = match alpha {
            Scalar::Bool(_) => "bool",
            Scalar::Int(_) => "int",
            Scalar::Float(_) => "float",
            Scalar::Complex(..) => "complex",
        };
        return Err(invalid(
            cx,
            format!(
                "alpha argument of type <class '{alpha_type}'> cannot be safely cast to type <class '{}'>!",
                python_type(input.dtype)
            ),
        ));
    }
    Ok(true)
}

/// `sizes_match_strides(size, stride)`: `empty_strided`'s `size` and
/// `stride` have as many elements (`computeStorageNbytes`). True when
/// they do.
pub fn sizes_match_strides(cx: &mut Cx<'_>, size: Dims, stride: Dims) -> Result<bool> {
    if size.len() != stride.len() {
        return Err(invalid(
            cx,
            format!(
                "dimensionality of sizes ({}) must match dimensionality of strides ({})",
                size.len(),
                stride.len()
            ),
        ));
    }
    Ok(true)
}

/// `tensor_metadata_matches(a, size, stride, dtype, device, layout)`:
/// FakeTensorMode's `_assert_tensor_metadata`: each given attribute must
/// be `a`'s, checked in its order (sizes, strides, dtype, layout,
/// device). Sizes and strides compare as Python tuples, element by
/// element with a guard on symbolic ones, then by length. True when they
/// match.
pub fn tensor_metadata_matches(
    cx: &mut Cx<'_>,
    a: &TensorMeta,
    size: Option<Dims>,
    stride: Option<Dims>,
    dtype: Option<DType>,
    device: Option<Device>,
    layout: Option<Layout>,
) -> Result<bool> {
    if let Some(size) = size
        && !tuple_eq(cx, &a.sizes, &size)?
    {
        let got = shape::display_torch_size(cx.env, &a.sizes);
        return Err(invalid(
            cx,
            format!(
                "Tensor size mismatch! Expected: {}, Got: {got}",
                shape::display_dims(cx.env, &size)
            ),
        ));
    }
    if let Some(stride) = stride
        && !tuple_eq(cx, &a.strides, &stride)?
    {
        let got: Vec<String> = a.strides.iter().map(|&s| cx.env.display(s)).collect();
        let got = match got.as_slice() {
            [one] => format!("({one},)"),
            all => format!("({})", all.join(", ")),
        };
        return Err(invalid(
            cx,
            format!(
                "Tensor stride mismatch! Expected: {}, Got: {got}",
                shape::display_dims(cx.env, &stride)
            ),
        ));
    }
    if let Some(dtype) = dtype
        && dtype != a.dtype
    {
        return Err(invalid(
            cx,
            format!(
                "Tensor dtype mismatch! Expected: torch.{dtype}, Got: torch.{}",
                a.dtype
            ),
        ));
    }
    if let Some(layout) = layout
        && layout != a.layout
    {
        return Err(invalid(
            cx,
            format!(
                "Tensor layout mismatch! Expected: torch.{layout}, Got: torch.{}",
                a.layout
            ),
        ));
    }
    if let Some(device) = device
        && device != a.device
    {
        return Err(invalid(
            cx,
            format!(
                "Tensor device mismatch! Expected: {device}, Got: {}",
                a.device
            ),
        ));
    }
    Ok(true)
}

/// Python's `tuple(a) == tuple(b)` on sizes: element by element up to the
/// shorter length (a guard for each symbolic pair, stopping at the first
/// difference), then the lengths.
fn tuple_eq(cx: &mut Cx<'_>, a: &[SymInt], b: &[SymInt]) -> Result<bool> {
    for (&x, &y) in a.iter().zip(b) {
        if !shape::guard_eq(cx.env, x, y, cx.op)? {
            return Ok(false);
        }
    }
    Ok(a.len() == b.len())
}

/// `sizes_eq(a, b)`: `a` and `b` have the same length and sizes.
pub fn sizes_eq(cx: &mut Cx<'_>, a: Dims, b: Dims) -> Result<SymBool> {
    if a.len() != b.len() {
        return Ok(SymBool::Bool(false));
    }
    let mut acc = SymBool::Bool(true);
    for (&x, &y) in a.iter().zip(&b) {
        let c = cx.env.eq(x, y)?;
        acc = cx.env.and(acc, c)?;
    }
    Ok(acc)
}

/// `cube_sizes_equal(s)`: beyond two dims, every size of `s` is its first
/// one, each size compared in turn and decided (a guard each, as ATen's
/// loop of `size(i) != size(0)` tests records them, so each equality
/// becomes a replacement), stopping at the first that differs; a matrix
/// may have any sizes.
pub fn cube_sizes_equal(cx: &mut Cx<'_>, s: Dims) -> Result<SymBool> {
    if s.len() <= 2 {
        return Ok(SymBool::Bool(true));
    }
    if let Some((&first, rest)) = s.split_first() {
        for &x in rest {
            let c = cx.env.eq(x, first)?;
            if !cx.env.guard_bool(c, cx.op)? {
                return Ok(SymBool::Bool(false));
            }
        }
    }
    Ok(SymBool::Bool(true))
}

/// Whether a size, stride or the offset of `t` is symbolic.
fn has_symbolic_layout(t: &TensorMeta) -> bool {
    t.sizes
        .iter()
        .chain(&t.strides)
        .chain(std::iter::once(&t.storage_offset))
        .any(|v| !v.is_static())
}

/// `diagonal_wraps(t, wrap)`: whether `fill_diagonal_` goes on to fill
/// the wrapped diagonals of a tall matrix (`wrap`, two dims, more rows
/// than columns plus one: decided with a guard), whose count ATen takes
/// from `numel()`, which refuses symbolic sizes.
pub fn diagonal_wraps(cx: &mut Cx<'_>, t: &TensorMeta, wrap: bool) -> Result<bool> {
    if !wrap || t.dim() != 2 {
        return Ok(false);
    }
    let below = cx.env.add(t.sizes[1], SymInt::Int(1))?;
    let tall = cx.env.gt(t.sizes[0], below)?;
    if !cx.env.guard_bool(tall, cx.op)? {
        return Ok(false);
    }
    if has_symbolic_layout(t) {
        return Err(invalid(
            cx,
            "Cannot call numel() on tensor with symbolic sizes/strides".into(),
        ));
    }
    Ok(true)
}

/// `static_layout(t)`: for an operator without a meta kernel, which the
/// fake mode answers by running its CPU kernel on zeros: `t`'s sizes,
/// strides and offset are plain integers (that fallback refuses symbolic
/// ones as an unsupported operator).
pub fn static_layout(cx: &mut Cx<'_>, t: &TensorMeta) -> Result<bool> {
    if has_symbolic_layout(t) {
        return Err(invalid(
            cx,
            "no meta kernel, and the CPU kernel the fake mode runs instead takes no symbolic sizes"
                .into(),
        ));
    }
    Ok(true)
}

/// `iter_static_layout(t)`: for an operator whose meta kernel is ATen's
/// TensorIterator, which reads plain sizes and strides: `t`'s sizes,
/// strides and offset are plain integers (the fake mode refuses symbolic
/// ones with the message below).
pub fn iter_static_layout(cx: &mut Cx<'_>, t: &TensorMeta) -> Result<bool> {
    if has_symbolic_layout(t) {
        return Err(invalid(
            cx,
            "TensorIterator does not support symbolic shapes; please implement this operator in torch/_refs using the elementwise or reduction helpers (look at backtrace to find out what operator this is)".into(),
        ));
    }
    Ok(true)
}

/// `sizes_compare_equal(a, b)`: Python's `a == b` of two shapes (tuples),
/// a plain answer: each pair in turn (the same size object is equal
/// without a guard), a guard per symbolic pair, up to the first that
/// differs, then the lengths (a tuple compares its items before its
/// length).
pub fn sizes_compare_equal(cx: &mut Cx<'_>, a: Dims, b: Dims) -> Result<SymBool> {
    for (&x, &y) in a.iter().zip(&b) {
        if x == y {
            continue;
        }
        if !shape::guard_eq(cx.env, x, y, cx.op)? {
            return Ok(SymBool::Bool(false));
        }
    }
    Ok(SymBool::Bool(a.len() == b.len()))
}

/// `pad_backward_checks(grad_output, self, padding, n, reflection)`: the
/// checks of the `n`-d reflection and replication pads' gradients, as
/// their metas (`_pad1d_backward_common`, `meta_pad2d_backward`,
/// `meta_pad3d_backward`) make them, in their order. The spatial dims are
/// counted from the front (one further with a batch: rank 3, 4, 5), the
/// channel dim just before them; a rank without such dims is refused as
/// Python indexes it (`size(d)`, or the 2-d meta's shape tuple).
pub fn pad_backward_checks(
    cx: &mut Cx<'_>,
    grad: &TensorMeta,
    x: &TensorMeta,
    padding: Dims,
    n: i64,
    reflection: bool,
) -> Result<bool> {
    let n = n as usize;
    if n == 1 && !reflection || n == 3 {
        let want = 2 * n;
        if padding.len() != want {
            return Err(invalid(
                cx,
                format!("padding size is expected to be {want}"),
            ));
        }
    }
    if n == 3 {
        if x.dim() <= 3 {
            return Err(invalid(
                cx,
                format!("input.ndim must be > 3, got {}", x.dim()),
            ));
        }
        if grad.dim() != x.dim() {
            return Err(invalid(
                cx,
                format!(
                    "grad_output.ndim must equal input.ndim, got {} != {}",
                    grad.dim(),
                    x.dim()
                ),
            ));
        }
    }
    // `pad_l, pad_r, ... = padding`.
    crate::kernels::unpacked(cx, 2 * n, padding.len())?;
    // The innermost spatial dim: `n`, one further with a batch.
    let batched = x.dim() == n + 2;
    let dim_w = n + usize::from(batched);
    // Spatial dims innermost first (width, height, depth), each with its
    // padding pair, then the channel dim before the outermost.
    let spatial: Vec<usize> = (0..n).map(|i| dim_w - i).collect();
    let dim_c = dim_w - n;
    // `t.size(d)`; the 2-d meta indexes `self`'s shape tuple instead.
    let size_of = |cx: &Cx<'_>, t: &TensorMeta, d: usize| -> Result<SymInt> {
        let d = shape::wrap_size_dim(cx.op, d as i64, t.dim())?;
        Ok(t.sizes[d])
    };
    let input_size = |cx: &Cx<'_>, d: usize| -> Result<SymInt> {
        if n == 2 && d >= x.dim() {
            return Err(invalid(cx, "tuple index out of range".to_string()));
        }
        size_of(cx, x, d)
    };
    // Each spatial size of `self`, padded.
    let mut padded = Vec::with_capacity(n);
    for (i, &d) in spatial.iter().enumerate() {
        let size = input_size(cx, d)?;
        let pads = cx.env.add(padding[2 * i], padding[2 * i + 1])?;
        padded.push(cx.env.add(size, pads)?);
    }
    if reflection && n == 1 {
        let w = x.sizes[dim_w];
        let left = cx.env.lt(padding[0], w)?;
        let right = cx.env.lt(padding[1], w)?;
        let both = cx.env.and(left, right)?;
        shape::check_printing(cx.env, both, cx.op, &|env| {
            format!(
                "Argument #4: Padding size should be less than the corresponding input dimension, but got: padding ({}, {}) at dimension {dim_w} of input {}",
                env.display(padding[0]),
                env.display(padding[1]),
                shape::display_torch_size(env, &x.sizes)
            )
        })?;
    }
    let channels = input_size(cx, dim_c)?;
    let grad_channels = size_of(cx, grad, dim_c)?;
    let same = cx.env.eq(channels, grad_channels)?;
    shape::check_printing(cx.env, same, cx.op, &|env| {
        format!(
            "grad_output channel unexpected. Expected: {}, Got: {}",
            env.display(channels),
            env.display(grad_channels)
        )
    })?;
    for (i, name) in ["width", "height", "depth"].iter().take(n).enumerate() {
        let want = padded[i];
        let got = size_of(cx, grad, spatial[i])?;
        let same = cx.env.eq(want, got)?;
        shape::check_printing(cx.env, same, cx.op, &|env| {
            format!(
                "grad_output {name} unexpected. Expected: {}, Got: {}",
                env.display(want),
                env.display(got)
            )
        })?;
    }
    Ok(true)
}
