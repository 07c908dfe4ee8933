//! ATen's composites of the shape family whose steps depend on the
//! arguments' values or ranks: `diag` (a vector embedded or a matrix's
//! diagonal copied), `inner` (a product or `tensordot`), `kron` (views,
//! `mul`, a view that may fail), the `hsplit` / `vsplit` / `dsplit` lists
//! of `slice`s, `sum_to_size` (`self` itself when nothing is summed) and
//! `take_along_dim` (`gather` of broadcast operands). Each step is the
//! kernel of the operator ATen calls, so its layout and checks are theirs.

use super::einsum::fresh_result;
use super::{invalid, one, show};
use fake_runtime::shape::{self, Dims, wrap_dim};
use fake_runtime::support::args;
use fake_runtime::{Alias, Arg, Cx, DType, Out, Outs, Result, SymInt, TensorMeta};

/// Sizes as a `SymInt[]` argument.
fn sizes_arg<'a>(s: &[SymInt]) -> Arg<'a> {
    Arg::Ints(s.iter().copied().collect())
}

/// `at::_unsafe_view(t, sizes)` (a view, refused when the strides do not
/// allow one).
fn unsafe_view(cx: &mut Cx<'_>, t: &TensorMeta, sizes: &[SymInt]) -> Result<TensorMeta> {
    let outs = super::unsafe_view(cx, &[Arg::Tensor(t), sizes_arg(sizes)])?;
    one(outs, cx)
}

/// `diag(Tensor self, int diagonal=0) -> Tensor`: `diag_embed` of a
/// vector, `diagonal_copy` of a matrix.
pub(crate) fn diag(cx: &mut Cx<'_>, a: &[Arg<'_>]) -> Result<Outs> {
    let t = args::tensor(cx, a, 0, "self")?;
    let offset = args::int(cx, a, 1, "diagonal", Some(0))?;
    let call = [
        Arg::Tensor(t),
        Arg::Int(SymInt::Int(offset)),
        Arg::Int(SymInt::Int(0)),
        Arg::Int(SymInt::Int(1)),
    ];
    match t.dim() {
        1 => crate::erased::diag_embed(cx, &call),
        2 => super::diagonal_copy(cx, &call),
        d => Err(invalid(
            cx,
            format!("diag(): Supports 1D or 2D tensors. Got {d}D"),
        )),
    }
}

/// `diag.out(Tensor self, int diagonal=0, *, Tensor(a!) out)`: ATen's
/// `diag_out`, `diagonal_copy_out` of a matrix (whose generated `out=`
/// kernel wants exactly the result's dtype), else the functional result
/// written into an out it can be cast to.
pub(crate) fn diag_out(cx: &mut Cx<'_>, a: &[Arg<'_>]) -> Result<Outs> {
    let t = args::tensor(cx, a, 0, "self")?;
    if t.dim() == 2 {
        let offset = args::int(cx, a, 1, "diagonal", Some(0))?;
        let out = args::tensor(cx, a, 2, "out")?;
        let call = [
            Arg::Tensor(t),
            Arg::Int(SymInt::Int(offset)),
            Arg::Int(SymInt::Int(0)),
            Arg::Int(SymInt::Int(1)),
            Arg::Tensor(out),
        ];
        let outs = crate::erased::diagonal_copy_out(cx, &call)?;
        // The out is argument 2 of `diag.out`, 4 of `diagonal_copy.out`.
        return Ok(super::composite_outs::outs_at(outs, 2));
    }
    fake_runtime::support::out_variant(cx, a, 2, 1, fake_runtime::support::OutForm::CASTABLE, diag)
}

/// `inner(Tensor self, Tensor other) -> Tensor`: `self * other` when
/// either is zero-dim, else `tensordot` over both last dims, which must
/// match (a guard).
pub(crate) fn inner(cx: &mut Cx<'_>, a: &[Arg<'_>]) -> Result<Outs> {
    let t = args::tensor(cx, a, 0, "self")?;
    let other = args::tensor(cx, a, 1, "other")?;
    if t.dim() == 0 || other.dim() == 0 {
        return crate::erased::mul_tensor(cx, &[Arg::Tensor(t), Arg::Tensor(other)]);
    }
    let (x, y) = (t.sizes[t.dim() - 1], other.sizes[other.dim() - 1]);
    if !shape::guard_eq(cx.env, x, y, cx.op)? {
        let (ts, os) = (show(cx, &t.sizes), show(cx, &other.sizes));
        return Err(invalid(
            cx,
            format!(
                "inner() the last dimension must match on both input tensors but got shapes {ts} and {os}"
            ),
        ));
    }
    let last = || Arg::Ints(std::iter::once(SymInt::Int(-1)).collect());
    super::tensordot(cx, &[Arg::Tensor(t), Arg::Tensor(other), last(), last()])
}

/// `inner.out(Tensor self, Tensor other, *, Tensor(a!) out)`: ATen's
/// `inner_out`, `mul.out` when either operand is zero-dim (an out the
/// product can be cast to), else the functional result written as a
/// structured kernel writes it (sizes fixed, exactly its dtype).
pub(crate) fn inner_out(cx: &mut Cx<'_>, a: &[Arg<'_>]) -> Result<Outs> {
    let t = args::tensor(cx, a, 0, "self")?;
    let other = args::tensor(cx, a, 1, "other")?;
    if t.dim() == 0 || other.dim() == 0 {
        // `mul.out(self, other, *, out)`: the out at the same position.
        return crate::erased::mul_out(cx, a);
    }
    fake_runtime::support::out_variant(
        cx,
        a,
        2,
        1,
        fake_runtime::support::OutForm::FIXED_STRUCTURED,
        inner,
    )
}

/// `kron(Tensor self, Tensor other) -> Tensor`: ATen's `KronImpl`, on
/// sizes it reads as integers (each guarded): both operands viewed with
/// interleaved size-1 dims, multiplied, and the product viewed as the
/// products of the sizes (refused when its strides do not allow it).
pub(crate) fn kron(cx: &mut Cx<'_>, a: &[Arg<'_>]) -> Result<Outs> {
    let (product, result) = kron_product(cx, a)?;
    let out = unsafe_view(cx, &product, &result)?;
    Ok(fresh_result(out))
}

/// `kron.out(Tensor self, Tensor other, *, Tensor(a!) out)`:
/// `KronImpl::kron_out`: the out resized to the result's sizes and the
/// product written through a view of it (`mul.out`, which casts), so the
/// functional's last view of the laid-out product is not taken.
pub(crate) fn kron_out(cx: &mut Cx<'_>, a: &[Arg<'_>]) -> Result<Outs> {
    fake_runtime::support::out_variant(
        cx,
        a,
        2,
        1,
        fake_runtime::support::OutForm::CASTABLE,
        kron_into_contiguous,
    )
}

/// [`kron_out`]'s result: the product's dtype, the result's sizes,
/// contiguous.
fn kron_into_contiguous(cx: &mut Cx<'_>, a: &[Arg<'_>]) -> Result<Outs> {
    let (product, result) = kron_product(cx, a)?;
    let strides = fake_runtime::strides::contiguous(cx.env, &result)?;
    Ok(fresh_result(TensorMeta {
        sizes: result,
        strides,
        storage_offset: SymInt::Int(0),
        ..product
    }))
}

/// `KronImpl`'s product of the two operands viewed with interleaved
/// size-1 dims, and the sizes of the result (each pair multiplied).
fn kron_product(cx: &mut Cx<'_>, a: &[Arg<'_>]) -> Result<(TensorMeta, Dims)> {
    let t = args::tensor(cx, a, 0, "self")?;
    let other = args::tensor(cx, a, 1, "other")?;
    let rank = t.dim().max(other.dim());
    let (pad_t, pad_o) = (rank - t.dim(), rank - other.dim());
    let mut a_shape = Dims::new();
    let mut b_shape = Dims::new();
    let mut result = Dims::new();
    for i in 0..rank {
        let x = if i >= pad_t {
            cx.env.guard_int(t.sizes[i - pad_t], cx.op)?
        } else {
            1
        };
        let y = if i >= pad_o {
            cx.env.guard_int(other.sizes[i - pad_o], cx.op)?
        } else {
            1
        };
        a_shape.extend([SymInt::Int(x), SymInt::Int(1)]);
        b_shape.extend([SymInt::Int(1), SymInt::Int(y)]);
        let product = x
            .checked_mul(y)
            .ok_or_else(|| invalid(cx, format!("size {x} * {y} overflows")))?;
        result.push(SymInt::Int(product));
    }
    let tv = unsafe_view(cx, t, &a_shape)?;
    let ov = unsafe_view(cx, other, &b_shape)?;
    let product = one(
        crate::erased::mul_tensor(cx, &[Arg::Tensor(&tv), Arg::Tensor(&ov)])?,
        cx,
    )?;
    Ok((product, result))
}

/// Which of `hsplit`, `vsplit` and `dsplit`: the dim it splits and the
/// rank it needs.
#[derive(Clone, Copy)]
enum SplitKind {
    H,
    V,
    D,
}

impl SplitKind {
    fn name(self) -> &'static str {
        match self {
            SplitKind::H => "hsplit",
            SplitKind::V => "vsplit",
            SplitKind::D => "dsplit",
        }
    }

    /// The dim split (`hsplit` splits a vector's only dim), after the rank
    /// check.
    fn dim(self, cx: &Cx<'_>, t: &TensorMeta) -> Result<usize> {
        let (min_rank, dim) = match self {
            SplitKind::H => (1, usize::from(t.dim() > 1)),
            SplitKind::V => (2, 0),
            SplitKind::D => (3, 2),
        };
        if t.dim() < min_rank {
            return Err(invalid(
                cx,
                format!(
                    "torch.{} requires a tensor with at least {min_rank} dimension, but got a tensor with {} dimensions!",
                    self.name(),
                    t.dim()
                ),
            ));
        }
        Ok(dim)
    }
}

/// `slice.Tensor(t, dim, start, end)`, a view of argument 0.
fn slice(
    cx: &mut Cx<'_>,
    t: &TensorMeta,
    dim: usize,
    start: SymInt,
    end: SymInt,
) -> Result<(TensorMeta, Alias)> {
    Ok((
        crate::intrinsics::slicing::slice_view(cx, t, dim, start, end)?,
        Alias::ViewOf(0),
    ))
}

/// `hsplit`/`vsplit`/`dsplit` by a number of sections: the size must
/// divide, then `tensor_split.sections`.
fn split_sections(cx: &mut Cx<'_>, kind: SplitKind, a: &[Arg<'_>]) -> Result<Outs> {
    let t = args::tensor(cx, a, 0, "self")?;
    let sections = args::int(cx, a, 1, "sections", None)?;
    let dim = kind.dim(cx, t)?;
    let size = t.sizes[dim];
    let divisible = if sections == 0 {
        false
    } else {
        let rem = cx.env.modulo(size, SymInt::Int(sections))?;
        let zero = cx.env.eq(rem, SymInt::Int(0))?;
        cx.env.guard_bool(zero, cx.op)?
    };
    if !divisible {
        let shown = cx.env.display(size);
        return Err(invalid(
            cx,
            format!(
                "torch.{} attempted to split along dimension {dim}, but the size of the dimension {shown} is not divisible by the split_size {sections}!",
                kind.name()
            ),
        ));
    }
    sections_of(cx, t, dim, sections)
}

/// ATen's `tensor_split_sections_symint` once the dim is known: the
/// number of sections is an integer (guarded), the first `size % n`
/// pieces one longer, each a `slice`.
fn sections_of(cx: &mut Cx<'_>, t: &TensorMeta, dim: usize, sections: i64) -> Result<Outs> {
    if sections <= 0 {
        return Err(invalid(
            cx,
            format!("number of sections must be larger than 0, got {sections}"),
        ));
    }
    fake_runtime::limits::check_list_len(cx.op, sections)?;
    let size = t.sizes[dim];
    let min_len = cx.env.floordiv(size, SymInt::Int(sections))?;
    let extra = cx.env.modulo(size, SymInt::Int(sections))?;
    let mut start = SymInt::Int(0);
    let mut list = Vec::with_capacity(usize::try_from(sections).unwrap_or(0));
    for i in 0..sections {
        let longer = cx.env.gt(extra, SymInt::Int(i))?;
        let len = if cx.env.guard_bool(longer, cx.op)? {
            cx.env.add(min_len, SymInt::Int(1))?
        } else {
            min_len
        };
        let end = cx.env.add(start, len)?;
        list.push(slice(cx, t, dim, start, end)?);
        start = end;
    }
    let mut outs = Outs::new();
    outs.push(Out::Tensors(list));
    Ok(outs)
}

/// `hsplit`/`vsplit`/`dsplit` at indices: `tensor_split.indices`.
fn split_indices(cx: &mut Cx<'_>, kind: SplitKind, a: &[Arg<'_>]) -> Result<Outs> {
    let t = args::tensor(cx, a, 0, "self")?;
    let indices = args::ints(cx, a, 1, "indices", None)?;
    let dim = kind.dim(cx, t)?;
    let indices: Dims = indices.iter().map(|&i| SymInt::Int(i)).collect();
    indices_of(cx, t, dim, &indices)
}

/// ATen's `tensor_split_indices_symint` once the dim is known: a `slice`
/// between consecutive indices, the last to the dim's end.
fn indices_of(cx: &mut Cx<'_>, t: &TensorMeta, dim: usize, indices: &[SymInt]) -> Result<Outs> {
    let mut start = SymInt::Int(0);
    let mut list = Vec::with_capacity(indices.len() + 1);
    for &end in indices {
        list.push(slice(cx, t, dim, start, end)?);
        start = end;
    }
    list.push(slice(cx, t, dim, start, t.sizes[dim])?);
    let mut outs = Outs::new();
    outs.push(Out::Tensors(list));
    Ok(outs)
}

/// `tensor_split`'s own checks: at least one dim, and `dim` wrapped.
fn tensor_split_dim(cx: &mut Cx<'_>, t: &TensorMeta, dim: i64) -> Result<usize> {
    if t.dim() == 0 {
        return Err(invalid(
            cx,
            format!(
                "tensor_split expected at least a 1-dimensional tensor, but got a tensor with {} dims",
                t.dim()
            ),
        ));
    }
    wrap_dim(cx.op, dim, t.dim())
}

/// `tensor_split.sections(Tensor(a -> *) self, SymInt sections, int
/// dim=0) -> Tensor(a)[]`: the number of sections guarded to an integer
/// (it is the number of outputs).
pub(crate) fn tensor_split_sections(cx: &mut Cx<'_>, a: &[Arg<'_>]) -> Result<Outs> {
    let t = args::tensor(cx, a, 0, "self")?;
    let sections = args::size(cx, a, 1, "sections", None)?;
    let dim = args::int(cx, a, 2, "dim", Some(0))?;
    let dim = tensor_split_dim(cx, t, dim)?;
    let sections = cx.env.guard_int(sections, cx.op)?;
    sections_of(cx, t, dim, sections)
}

/// `unbind.int(Tensor(a -> *) self, int dim=0) -> Tensor(a)[]`. A static
/// dim is `select` at each index. A symbolic one takes the reference's
/// steps, as the fake mode runs them on symbolic sizes: an empty dim gives
/// no views, else `tensor_split(self, size, dim)` (the size guarded to the
/// number of views, each view's start and length `size // n` and
/// `size % n` of the symbolic size), each piece squeezed at `dim`.
pub(crate) fn unbind(cx: &mut Cx<'_>, a: &[Arg<'_>]) -> Result<Outs> {
    let t = args::tensor(cx, a, 0, "self")?;
    let dim = args::int(cx, a, 1, "dim", Some(0))?;
    let d = wrap_dim(cx.op, dim, t.dim())?;
    if t.dim() == 0 {
        return Err(invalid(
            cx,
            "Dimension specified as 0 but tensor has no dimensions",
        ));
    }
    let mut list = Vec::new();
    match t.sizes[d] {
        SymInt::Int(n) => {
            fake_runtime::limits::check_list_len(cx.op, n)?;
            let sizes = shape::remove(cx.op, &t.sizes, dim)?;
            let strides = shape::remove(cx.op, &t.strides, dim)?;
            for i in 0..n {
                let shift = cx.env.mul(SymInt::Int(i), t.strides[d])?;
                let storage_offset = cx.env.add(t.storage_offset, shift)?;
                let view = TensorMeta {
                    sizes: sizes.clone(),
                    strides: strides.clone(),
                    storage_offset,
                    ..t.clone()
                };
                list.push((view, Alias::ViewOf(0)));
            }
        }
        size => {
            let empty = cx.env.eq(size, SymInt::Int(0))?;
            if !cx.env.guard_bool(empty, cx.op)? {
                let n = cx.env.guard_int(size, cx.op)?;
                if let Some(Out::Tensors(pieces)) = sections_of(cx, t, d, n)?.into_iter().next() {
                    for (piece, alias) in pieces {
                        let call = [Arg::Tensor(&piece), Arg::Int(SymInt::Int(d as i64))];
                        let squeezed = one(crate::erased::squeeze_dim(cx, &call)?, cx)?;
                        list.push((squeezed, alias));
                    }
                }
            }
        }
    }
    let mut outs = Outs::new();
    outs.push(Out::Tensors(list));
    Ok(outs)
}

/// `tensor_split.indices(Tensor(a -> *) self, SymInt[] indices, int
/// dim=0) -> Tensor(a)[]`.
pub(crate) fn tensor_split_indices_list(cx: &mut Cx<'_>, a: &[Arg<'_>]) -> Result<Outs> {
    let t = args::tensor(cx, a, 0, "self")?;
    let indices = args::sizes(cx, a, 1, "indices", None)?;
    let dim = args::int(cx, a, 2, "dim", Some(0))?;
    let dim = tensor_split_dim(cx, t, dim)?;
    indices_of(cx, t, dim, &indices)
}

/// `hsplit.int(Tensor(a -> *) self, int sections) -> Tensor(a)[]`.
pub(crate) fn hsplit_int(cx: &mut Cx<'_>, a: &[Arg<'_>]) -> Result<Outs> {
    split_sections(cx, SplitKind::H, a)
}

/// `vsplit.int(Tensor(a -> *) self, int sections) -> Tensor(a)[]`.
pub(crate) fn vsplit_int(cx: &mut Cx<'_>, a: &[Arg<'_>]) -> Result<Outs> {
    split_sections(cx, SplitKind::V, a)
}

/// `dsplit.int(Tensor(a -> *) self, int sections) -> Tensor(a)[]`.
pub(crate) fn dsplit_int(cx: &mut Cx<'_>, a: &[Arg<'_>]) -> Result<Outs> {
    split_sections(cx, SplitKind::D, a)
}

/// `hsplit.array(Tensor(a -> *) self, int[] indices) -> Tensor(a)[]`.
pub(crate) fn hsplit_array(cx: &mut Cx<'_>, a: &[Arg<'_>]) -> Result<Outs> {
    split_indices(cx, SplitKind::H, a)
}

/// `vsplit.array(Tensor(a -> *) self, int[] indices) -> Tensor(a)[]`.
pub(crate) fn vsplit_array(cx: &mut Cx<'_>, a: &[Arg<'_>]) -> Result<Outs> {
    split_indices(cx, SplitKind::V, a)
}

/// `dsplit.array(Tensor(a -> *) self, int[] indices) -> Tensor(a)[]`.
pub(crate) fn dsplit_array(cx: &mut Cx<'_>, a: &[Arg<'_>]) -> Result<Outs> {
    split_indices(cx, SplitKind::D, a)
}

/// `_grad_sum_to_size(Tensor(a) self, int[]? size) -> Tensor(a)`: `self`
/// itself without a size, else [`sum_to_size`] (`self` itself when nothing
/// is summed).
pub(crate) fn grad_sum_to_size(cx: &mut Cx<'_>, a: &[Arg<'_>]) -> Result<Outs> {
    let t = args::tensor(cx, a, 0, "self")?;
    if matches!(a.get(1), None | Some(Arg::None)) {
        let mut outs = Outs::new();
        outs.push(Out::Tensor(t.clone(), Alias::Same(0)));
        return Ok(outs);
    }
    // The C++ composite reads the sizes as integers (fixed at their hints).
    let size = args::sizes(cx, a, 1, "size", None)?;
    let fixed = super::aten_composites::specialized(cx, t)?;
    sum_to_size(cx, &[Arg::Tensor(&fixed), sizes_arg(&size)])
}

/// `sum_to_size(Tensor self, SymInt[] size) -> Tensor`: ATen's `sum_to`
/// once `size` is known to expand to `self`'s sizes: every dim in front
/// and every dim `size` has as 1 where `self` has not summed (kept), then
/// viewed as `size` when dims were in front; `self` itself when nothing
/// is summed.
pub(crate) fn sum_to_size(cx: &mut Cx<'_>, a: &[Arg<'_>]) -> Result<Outs> {
    let t = args::tensor(cx, a, 0, "self")?;
    let size = args::sizes(cx, a, 1, "size", None)?;
    // `is_expandable_to(size, self.sizes())`.
    let mut expandable = size.len() <= t.dim();
    if expandable {
        for (&want, &have) in size.iter().rev().zip(t.sizes.iter().rev()) {
            if !shape::guard_eq(cx.env, want, have, cx.op)?
                && !shape::guard_eq(cx.env, want, SymInt::Int(1), cx.op)?
            {
                expandable = false;
                break;
            }
        }
    }
    if !expandable {
        let (ws, hs) = (show(cx, &size), show(cx, &t.sizes));
        return Err(invalid(
            cx,
            format!("size {{{ws}}} is not expandable to size {{{hs}}}."),
        ));
    }
    if size.is_empty() {
        return crate::erased::sum(cx, &[Arg::Tensor(t), Arg::None]);
    }
    let leading = t.dim() - size.len();
    let mut reduce: Vec<i64> = (0..leading as i64).collect();
    for i in leading..t.dim() {
        let one = cx.env.eq(size[i - leading], SymInt::Int(1))?;
        if cx.env.guard_or_false(one, cx.op)? {
            let not_one = cx.env.ne(t.sizes[i], SymInt::Int(1))?;
            if cx.env.guard_or_true(not_one, cx.op)? {
                reduce.push(i as i64);
            }
        }
    }
    if reduce.is_empty() {
        let mut outs = Outs::new();
        outs.push(Out::Tensor(t.clone(), Alias::Same(0)));
        return Ok(outs);
    }
    let summed = one(
        crate::erased::sum_dim_intlist(
            cx,
            &[
                Arg::Tensor(t),
                Arg::Ints(reduce.iter().map(|&d| SymInt::Int(d)).collect()),
                Arg::Bool(true),
                Arg::None,
            ],
        )?,
        cx,
    )?;
    let out = if leading > 0 {
        one(
            super::view(cx, &[Arg::Tensor(&summed), sizes_arg(&size)])?,
            cx,
        )?
    } else {
        summed
    };
    Ok(fresh_result(out))
}

/// `take_along_dim(Tensor self, Tensor indices, int? dim=None) -> Tensor`:
/// `gather` of the operands [`take_along_dim_operands`] gives.
pub(crate) fn take_along_dim(cx: &mut Cx<'_>, a: &[Arg<'_>]) -> Result<Outs> {
    let (src, d, idx) = take_along_dim_operands(cx, a)?;
    let outs = crate::erased::gather(
        cx,
        &[
            Arg::Tensor(&src),
            Arg::Int(SymInt::Int(d as i64)),
            Arg::Tensor(&idx),
            Arg::Bool(false),
        ],
    )?;
    Ok(fresh_result(one(outs, cx)?))
}

/// What ATen's `take_along_dim` and its `out=` form gather from, along
/// which dim, by which indices: without a dim, `self` and `indices`
/// flattened by `view`, along 0; with one, both broadcast against each
/// other apart from `dim`, the broadcast input's sizes then read as
/// integers (guarded) where negative indices are wrapped
/// (`indices % self_broadcasted.size(dim)`, a fresh int64 tensor of the
/// index's sizes, whose strides the gather does not read).
pub(crate) fn take_along_dim_operands(
    cx: &mut Cx<'_>,
    a: &[Arg<'_>],
) -> Result<(TensorMeta, usize, TensorMeta)> {
    let t = args::tensor(cx, a, 0, "self")?;
    let indices = args::tensor(cx, a, 1, "indices")?;
    let dim = args::opt_int(cx, a, 2, "dim", None)?;
    let Some(dim) = dim else {
        let flat = [SymInt::Int(-1)];
        let tv = one(super::view(cx, &[Arg::Tensor(t), sizes_arg(&flat)])?, cx)?;
        let iv = one(
            super::view(cx, &[Arg::Tensor(indices), sizes_arg(&flat)])?,
            cx,
        )?;
        return Ok((tv, 0, iv));
    };
    if t.dim() != indices.dim() {
        return Err(invalid(
            cx,
            format!(
                "torch.take_along_dim(): input and indices should have the same number of dimensions, but got {} dimensions for input, and {} dimensions for indices",
                t.dim(),
                indices.dim()
            ),
        ));
    }
    if indices.dtype != DType::Int64 {
        return Err(invalid(
            cx,
            format!(
                "torch.take_along_dim(): dtype of indices should be Long but got {}",
                indices.dtype
            ),
        ));
    }
    let d = wrap_dim(cx.op, dim, t.dim())?;
    if t.dim() == 0 {
        return Err(invalid(
            cx,
            format!("Dimension specified as {dim} but tensor has no dimensions"),
        ));
    }
    let expand = |cx: &mut Cx<'_>, x: &TensorMeta, to: &[SymInt]| {
        let outs = crate::erased::expand(cx, &[Arg::Tensor(x), sizes_arg(to), Arg::Bool(false)])?;
        one(outs, cx)
    };
    let mut self_sizes = t.sizes.clone();
    if let Some(s) = self_sizes.get_mut(d) {
        *s = indices.sizes[d];
    }
    let shape = shape::broadcast(cx.env, cx.op, &[&self_sizes, &indices.sizes])?;
    let idx = expand(cx, indices, &shape)?;
    let mut index_sizes = indices.sizes.clone();
    if let Some(s) = index_sizes.get_mut(d) {
        *s = t.sizes[d];
    }
    let shape = shape::broadcast(cx.env, cx.op, &[&index_sizes, &t.sizes])?;
    let src = expand(cx, t, &shape)?;
    let src = super::aten_composites::specialized_sizes(cx, &src)?;
    Ok((src, d, idx))
}

/// `cartesian_prod(Tensor[] tensors) -> Tensor`: vectors only; one is
/// returned as it is (a new tensor to the caller here: the result cannot
/// name an element of a list argument), more are `meshgrid`ded, each grid
/// flattened, and the grids stacked as columns.
pub(crate) fn cartesian_prod(cx: &mut Cx<'_>, a: &[Arg<'_>]) -> Result<Outs> {
    let tensors = args::tensors(cx, a, 0, "tensors")?;
    for t in tensors {
        if t.dim() != 1 {
            let shown = show(cx, &t.sizes);
            return Err(invalid(
                cx,
                format!("Expect a 1D vector, but got shape {shown}"),
            ));
        }
    }
    if let Some(first) = tensors.first()
        && tensors.iter().any(|t| t.dtype != first.dtype)
    {
        return Err(invalid(
            cx,
            "meshgrid expects all tensors to have the same dtype",
        ));
    }
    if let [only] = tensors {
        return Ok(fresh_result((*only).clone()));
    }
    let grids = super::meshgrid(
        cx,
        &[
            Arg::Tensors(tensors.iter().copied().collect()),
            Arg::Str("ij"),
        ],
    )?;
    let Some(Out::Tensors(grids)) = grids.into_iter().next() else {
        return Err(invalid(cx, "meshgrid gave no list"));
    };
    let mut flat = Vec::with_capacity(grids.len());
    for (g, _) in &grids {
        let call = [
            Arg::Tensor(g),
            Arg::Int(SymInt::Int(0)),
            Arg::Int(SymInt::Int(-1)),
        ];
        flat.push(one(super::flatten_using_ints(cx, &call)?, cx)?);
    }
    let call = [
        Arg::Tensors(flat.iter().collect()),
        Arg::Int(SymInt::Int(1)),
    ];
    super::stack(cx, &call)
}

/// `combinations(Tensor self, int r=2, bool with_replacement=False) ->
/// Tensor`: `self[nonzero_static(mask, size=count)]`, the mask of
/// increasing (non-decreasing with replacement) index tuples, whose count
/// is the binomial coefficient `C(n, r)` (`C(n + r - 1, r)`), built as
/// `c * (n -+ i) // (i + 1)`: `[count, r]`, contiguous; an empty vector
/// for `r == 0`.
pub(crate) fn combinations(cx: &mut Cx<'_>, a: &[Arg<'_>]) -> Result<Outs> {
    let t = args::tensor(cx, a, 0, "self")?;
    let r = args::int(cx, a, 1, "r", Some(2))?;
    let with_replacement = args::bool(cx, a, 2, "with_replacement", Some(false))?;
    if t.dim() != 1 {
        let shown = show(cx, &t.sizes);
        return Err(invalid(
            cx,
            format!("Expect a 1D vector, but got shape {shown}"),
        ));
    }
    if r < 0 {
        return Err(invalid(
            cx,
            format!("Expect a non-negative number, but got {r}"),
        ));
    }
    if r == 0 {
        let sizes: Dims = std::iter::once(SymInt::Int(0)).collect();
        let strides: Dims = std::iter::once(SymInt::Int(1)).collect();
        return Ok(super::fresh_out(cx, t, sizes, strides));
    }
    // ATen meshgrids `r` copies of `self` (a list of `r` tensors).
    fake_runtime::limits::check_list_len(cx.op, r)?;
    let n = t.sizes[0];
    let mut count = SymInt::Int(1);
    for i in 0..r {
        let factor = if with_replacement {
            cx.env.add(n, SymInt::Int(i))?
        } else {
            cx.env.sub(n, SymInt::Int(i))?
        };
        let product = cx.env.mul(count, factor)?;
        count = cx.env.floordiv(product, SymInt::Int(i + 1))?;
    }
    let sizes: Dims = [count, SymInt::Int(r)].into_iter().collect();
    let strides = fake_runtime::strides::contiguous(cx.env, &sizes)?;
    let mut index = super::fresh(cx, t, sizes, strides);
    index.dtype = DType::Int64;
    let call = [
        Arg::Tensor(t),
        Arg::OptTensors(std::iter::once(Some(&index)).collect()),
    ];
    crate::erased::index_tensor(cx, &call)
}

/// `_chunk_cat(Tensor[] tensors, int dim, int num_chunks) -> Tensor`, as
/// its decomposition: the inputs checked (one dtype and device, non-empty,
/// the same leading sizes), each padded at the end of `dim` to a multiple
/// of `num_chunks` (`constant_pad_nd`) and reshaped to `[*lead,
/// num_chunks, -1]`, then concatenated along `dim + 1`.
pub(crate) fn chunk_cat(cx: &mut Cx<'_>, a: &[Arg<'_>]) -> Result<Outs> {
    let tensors = args::tensors(cx, a, 0, "tensors")?;
    let dim = args::int(cx, a, 1, "dim", None)?;
    let chunks = args::int(cx, a, 2, "num_chunks", None)?;
    if chunks < 1 {
        return Err(invalid(cx, "_chunk_cat expects positive num_chunks"));
    }
    let Some(first) = tensors.first() else {
        return Err(invalid(
            cx,
            "_chunk_cat expects a non-empty input tensor list",
        ));
    };
    for t in tensors {
        let mut n = SymInt::Int(1);
        for &s in &t.sizes {
            n = cx.env.mul(n, s)?;
        }
        let positive = cx.env.gt(n, SymInt::Int(0))?;
        shape::check(cx.env, positive, cx.op, &|| {
            "_chunk_cat expects non-empty tensor".into()
        })?;
        if t.dtype != first.dtype {
            return Err(invalid(
                cx,
                "_chunk_cat expects all input tensors with the same dtype",
            ));
        }
        if t.device != first.device {
            return Err(invalid(
                cx,
                "_chunk_cat expects all inputs tensors on the same device",
            ));
        }
    }
    let d = if tensors.iter().all(|t| t.dim() == first.dim()) {
        wrap_dim(cx.op, dim, first.dim())?
    } else {
        let d = usize::try_from(dim).map_err(|_| {
            invalid(
                cx,
                "_chunk_cat expects non-negative dim when input tensors have different ndims",
            )
        })?;
        if tensors.iter().any(|t| d >= t.dim()) {
            return Err(invalid(
                cx,
                "_chunk_cat expects dim < ndim for all input tensors",
            ));
        }
        d
    };
    for t in tensors {
        let same = t.sizes.len() >= d
            && first.sizes.len() >= d
            && t.sizes[..d].len() == first.sizes[..d].len();
        let mut all = same;
        if same {
            for (&x, &y) in t.sizes[..d].iter().zip(&first.sizes[..d]) {
                all = all && shape::guard_eq(cx.env, x, y, cx.op)?;
            }
        }
        if !all {
            return Err(invalid(
                cx,
                "_chunk_cat expects same sizes of 0,...,dim-1 dimensions for all tensors",
            ));
        }
    }
    let k = SymInt::Int(chunks);
    let mut padded = Vec::with_capacity(tensors.len());
    for t in tensors {
        // The decomposition's `tensor.shape[dim]`: a zero-dim tensor has
        // no size there.
        let Some(&size) = t.sizes.get(d) else {
            return Err(invalid(cx, "tuple index out of range"));
        };
        let rounded = cx.env.add(size, SymInt::Int(chunks - 1))?;
        let rounded = cx.env.floordiv(rounded, k)?;
        let rounded = cx.env.mul(rounded, k)?;
        let mut x = (*t).clone();
        if !shape::guard_eq(cx.env, rounded, size, cx.op)? {
            let mut pad: Dims =
                std::iter::repeat_n(SymInt::Int(0), 2 * (t.dim() - d - 1)).collect();
            pad.push(SymInt::Int(0));
            pad.push(cx.env.sub(rounded, size)?);
            let call = [
                Arg::Tensor(t),
                Arg::Ints(pad[..].into()),
                Arg::Scalar(fake_runtime::Scalar::Int(SymInt::Int(0))),
            ];
            // Dispatched by the decomposition, so with the operator's
            // plain-mode behaviour (a symbolic pad refused).
            x = one(super::dispatched(cx, "aten::constant_pad_nd", &call)?, cx)?;
        }
        let mut view: Dims = t.sizes[..d].iter().copied().collect();
        view.push(k);
        view.push(SymInt::Int(-1));
        padded.push(one(
            super::reshape(cx, &[Arg::Tensor(&x), Arg::Ints(view[..].into())])?,
            cx,
        )?);
    }
    let call = [
        Arg::Tensors(padded.iter().collect()),
        Arg::Int(SymInt::Int(d as i64 + 1)),
    ];
    let out = one(crate::erased::cat(cx, &call)?, cx)?;
    Ok(fresh_result(out))
}
