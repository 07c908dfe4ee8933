//! ATen composites (CompositeImplicitAutograd, so FakeTensorMode sees the
//! operators they call) whose steps depend on argument values no rule
//! reads:
//!
//! - `norm_except_dim`: `dim` picks `norm` of everything, a norm over the
//!   flattened trailing or leading dims viewed back, or the same after a
//!   transpose.
//! - `native_channel_shuffle`: `view` as `[b, groups, c // groups, -1]`,
//!   a permutation made contiguous and reshaped back: a view of `self`
//!   when `contiguous` did not copy, with the last reshape's strides.
//! - `chain_matmul`: a clone of a single matrix, `linalg_multi_dot` of
//!   several.
//! - `log_sigmoid_forward`: `torch._decomp`'s decomposition, whose buffer
//!   is an empty tensor on CUDA and XPU and `exp(-abs(self))` elsewhere.
//! - `atleast_1d/2d/3d.Sequence`: each tensor as the single-tensor
//!   overload gives it.
//! - `narrow.Tensor`: the start is data, an unbacked symbol; the slice it
//!   makes has an unbacked offset.

use super::invalid;
use fake_runtime::shape::{self, Dims};
use fake_runtime::support::args;
use fake_runtime::{Alias, Arg, Cx, Out, Outs, Result, SymInt, TensorMeta};

/// The single tensor of a kernel's outputs.
fn one(cx: &Cx<'_>, outs: Outs) -> Result<TensorMeta> {
    match outs.into_iter().next() {
        Some(Out::Tensor(t, _)) => Ok(t),
        _ => Err(invalid(cx, "expected a tensor result")),
    }
}

/// A fresh result of these sizes, contiguous, `t`'s dtype on the call's
/// device.
fn contiguous_like(cx: &mut Cx<'_>, t: &TensorMeta, sizes: Dims) -> Result<TensorMeta> {
    let strides = fake_runtime::strides::contiguous(cx.env, &sizes)?;
    Ok(super::fresh(cx, t, sizes, strides))
}

/// `atleast_Nd.Sequence`: each tensor as `atleast_Nd` gives it (a view,
/// or the tensor itself; as elements of a list neither aliases an
/// argument tensor).
fn atleast_sequence(cx: &mut Cx<'_>, a: &[Arg<'_>], n: usize) -> Result<Outs> {
    let tensors = args::tensors(cx, a, 0, "tensors")?;
    let mut metas = Vec::with_capacity(tensors.len());
    for t in tensors {
        let mut view = super::itself::atleast_view(cx, t, n)?;
        view.requires_grad = false;
        view.wrapped_number = false;
        metas.push((view, Alias::Fresh));
    }
    let mut outs = Outs::new();
    outs.push(Out::Tensors(metas));
    Ok(outs)
}

/// `atleast_1d.Sequence(Tensor[] tensors) -> Tensor[]`.
pub(crate) fn atleast_1d_sequence(cx: &mut Cx<'_>, a: &[Arg<'_>]) -> Result<Outs> {
    atleast_sequence(cx, a, 1)
}

/// `atleast_2d.Sequence(Tensor[] tensors) -> Tensor[]`.
pub(crate) fn atleast_2d_sequence(cx: &mut Cx<'_>, a: &[Arg<'_>]) -> Result<Outs> {
    atleast_sequence(cx, a, 2)
}

/// `atleast_3d.Sequence(Tensor[] tensors) -> Tensor[]`.
pub(crate) fn atleast_3d_sequence(cx: &mut Cx<'_>, a: &[Arg<'_>]) -> Result<Outs> {
    atleast_sequence(cx, a, 3)
}

/// `t` with its sizes read as integers (guarded), as a composite taking
/// `int64_t` sizes reads them; its strides follow (the replacements
/// applied: a stride of its own stays symbolic).
pub(super) fn specialized(cx: &mut Cx<'_>, t: &TensorMeta) -> Result<TensorMeta> {
    let mut out = specialized_sizes(cx, t)?;
    out.storage_offset = SymInt::Int(cx.env.guard_int(t.storage_offset, cx.op)?);
    Ok(out)
}

/// [`specialized`] with the storage offset left as it is.
pub(super) fn specialized_sizes(cx: &mut Cx<'_>, t: &TensorMeta) -> Result<TensorMeta> {
    fake_runtime::support::specialized_sizes(cx, t)
}

/// `torch._check(c)` on sizes: static, or a guard.
fn check(
    cx: &mut Cx<'_>,
    c: fake_runtime::SymBool,
    message: impl FnOnce(&Cx<'_>) -> String,
) -> Result<()> {
    if cx.env.guard_bool(c, cx.op)? {
        Ok(())
    } else {
        let m = message(cx);
        Err(invalid(cx, m))
    }
}

/// `native_channel_shuffle(Tensor self, SymInt groups) -> Tensor`: at
/// least three dims, `groups` positive and dividing the channels; then
/// `math_channel_shuffle`'s steps, a view of `self` where every step is
/// one (a contiguous `self` whose permutation moves only a dim of one, or
/// an empty `self`).
pub(crate) fn native_channel_shuffle(cx: &mut Cx<'_>, a: &[Arg<'_>]) -> Result<Outs> {
    let input = &specialized(cx, args::tensor(cx, a, 0, "self")?)?;
    let groups = args::size(cx, a, 1, "groups", None)?;
    super::shuffle::check_rank(cx, input)?;
    let c = input.sizes[1];
    let positive = cx.env.gt(groups, SymInt::Int(0))?;
    check(cx, positive, |cx| {
        format!(
            "Number of groups to divide channels in must be positive. Value of groups:{}",
            cx.env.display(groups)
        )
    })?;
    let rem = cx.env.modulo(c, groups)?;
    let divides = cx.env.eq(rem, SymInt::Int(0))?;
    check(cx, divides, |cx| {
        format!(
            "Number of channels must be divisible by groups. Got {} channels and {} groups.",
            cx.env.display(c),
            cx.env.display(groups)
        )
    })?;
    let cg = cx.env.floordiv(c, groups)?;
    // `self.view({b, groups, oc, -1}).permute({0, 2, 1, 3}).contiguous()
    // .reshape(self.sizes())`: a view of `self` unless `contiguous`
    // copied, with the strides the last reshape computes (a size-1 dim's
    // own, not the contiguous ones).
    let split = [input.sizes[0], groups, cg, SymInt::Int(-1)];
    let viewed = super::loss_steps::view(cx, input, split.into_iter().collect())?;
    let permuted = super::einsum::permute(cx, &viewed, &[0, 2, 1, 3])?;
    let made = super::contiguous(cx, &[Arg::Tensor(&permuted)])?;
    let alias = match made.first() {
        Some(Out::Tensor(_, Alias::Fresh)) => Alias::Fresh,
        _ => Alias::ViewOf(0),
    };
    let made = one(cx, made)?;
    let shuffled = super::einsum::reshape(cx, &made, input.sizes.clone())?;
    let mut outs = Outs::new();
    outs.push(Out::Tensor(shuffled, alias));
    Ok(outs)
}

/// `norm_except_dim(Tensor v, int pow=2, int dim=0) -> Tensor`: `dim`
/// -1 is the norm of everything; 0 (or the last dim) the norm over the
/// other dims of a contiguous copy viewed as a matrix, viewed back with
/// ones elsewhere; any other dim the same after swapping it with dim 0.
pub(crate) fn norm_except_dim(cx: &mut Cx<'_>, a: &[Arg<'_>]) -> Result<Outs> {
    let v = args::tensor(cx, a, 0, "v")?;
    let dim = args::int(cx, a, 2, "dim", Some(2))?;
    let rank = v.dim() as i64;
    let pow = args::scalar(
        cx,
        a,
        1,
        "pow",
        Some(fake_runtime::Scalar::Int(SymInt::Int(2))),
    )?;
    let v = &if dim == -1 {
        v.clone()
    } else {
        specialized(cx, v)?
    };
    let mut reduced: Option<(Dims, i64)> = None;
    let mut out = if dim == -1 {
        contiguous_like(cx, v, Dims::new())?
    } else {
        let kept = if dim == 0 || dim == rank - 1 {
            dim
        } else {
            // `transpose(0, dim)`: wraps `dim`.
            shape::wrap_dim(cx.op, dim, v.dim())? as i64
        };
        if rank == 0 {
            return Err(invalid(
                cx,
                format!("Dimension specified as {dim} but tensor has no dimensions"),
            ));
        }
        let leading = kept != rank - 1 || kept == 0;
        let n = v.sizes[kept as usize];
        let matrix = if leading {
            [n, SymInt::Int(-1)]
        } else {
            [SymInt::Int(-1), n]
        };
        let numel = v.numel(cx.env)?;
        let viewed = shape::infer_view(cx.env, cx.op, numel, &matrix)?;
        // The norm reduces the viewed matrix's other dim.
        reduced = Some((viewed, if leading { 1 } else { 0 }));
        let mut sizes: Dims = (0..v.dim()).map(|_| SymInt::Int(1)).collect();
        sizes[kept as usize] = n;
        if leading && kept != 0 {
            // Viewed back as `[n, 1, ..]` (contiguous), then transposed.
            sizes.swap(0, kept as usize);
            let mut t = contiguous_like(cx, v, sizes)?;
            t.sizes.swap(0, kept as usize);
            t.strides.swap(0, kept as usize);
            t
        } else {
            contiguous_like(cx, v, sizes)?
        }
    };
    // The norm, after the transpose and views that give its geometry.
    if !(v.dtype.is_floating_point() || v.dtype.is_complex()) {
        return Err(invalid(
            cx,
            format!(
                "norm(): input dtype should be either floating point or complex. Got {} instead.",
                v.dtype.c10_name()
            ),
        ));
    }
    match &reduced {
        Some((sizes, d)) => crate::intrinsics::composites::norm_identity(cx, sizes, pow, &[*d])?,
        None => crate::intrinsics::composites::norm_identity(cx, &v.sizes, pow, &[])?,
    };
    out.dtype = v.dtype.to_real();
    let mut outs = Outs::new();
    outs.push(Out::Tensor(out, Alias::Fresh));
    Ok(outs)
}

/// `chain_matmul(Tensor[] matrices) -> Tensor`: every tensor a matrix, at
/// least one; a clone of one alone (its layout preserved), else
/// `linalg_multi_dot`.
pub(crate) fn chain_matmul(cx: &mut Cx<'_>, a: &[Arg<'_>]) -> Result<Outs> {
    let matrices = args::tensors(cx, a, 0, "matrices")?;
    for t in matrices {
        if t.dim() != 2 {
            return Err(invalid(
                cx,
                format!("Tensor dimension is {}, expected 2 instead.", t.dim()),
            ));
        }
    }
    match matrices {
        [] => Err(invalid(cx, "chain_matmul(): Expected one or more matrices")),
        [t] => {
            let strides = crate::intrinsics::preserve_strides(cx, t, None)?;
            let out = super::fresh(cx, t, t.sizes.clone(), strides);
            let mut outs = Outs::new();
            outs.push(Out::Tensor(out, Alias::Fresh));
            Ok(outs)
        }
        _ => super::linalg_multi_dot(cx, a),
    }
}

/// `log_sigmoid_forward(Tensor self) -> (Tensor output, Tensor buffer)`:
/// the output as `log_sigmoid` gives it (`min - log1p(z)`, which on
/// symbolic sizes takes the fake mode's fast binary path); the buffer
/// `z = exp(-abs(self))`, of the output's dtype, laid out as a unary
/// elementwise step lays `self` out, but an empty `[0]` tensor on CUDA
/// and XPU.
pub(crate) fn log_sigmoid_forward(cx: &mut Cx<'_>, a: &[Arg<'_>]) -> Result<Outs> {
    let t = args::tensor(cx, a, 0, "self")?;
    let outs = crate::erased::log_sigmoid(cx, &a[..1])?;
    let output = one(cx, outs)?;
    // The decomposition's buffer is empty on CUDA and XPU only, else the
    // exponential it computed.
    let empty_buffer = matches!(
        t.device.ty,
        fake_runtime::DeviceType::Cuda | fake_runtime::DeviceType::Xpu
    );
    let buffer = if !empty_buffer {
        // `exp(-abs(self))`: the second step lays out the first's result
        // afresh (a size-1 dim takes its contiguous stride).
        let first = fake_runtime::pointwise::laid_out(cx, t)?;
        TensorMeta {
            strides: fake_runtime::pointwise::laid_out(cx, &first)?.strides,
            ..output.clone()
        }
    } else {
        contiguous_like(cx, &output, Dims::from([SymInt::Int(0)]))?
    };
    let mut outs = Outs::new();
    outs.push(Out::Tensor(output, Alias::Fresh));
    outs.push(Out::Tensor(buffer, Alias::Fresh));
    Ok(outs)
}

/// `narrow.Tensor(Tensor(a) self, int dim, Tensor start, SymInt length)
/// -> Tensor(a)`: `start` a zero-dim integral tensor whose value
/// (`item()`, an unbacked symbol: a fake tensor holds no data) starts a
/// `narrow`: in range of the dim (a runtime assert), the narrowed piece
/// within it whichever end the start counts from, then a `slice` whose
/// start is not known, so its length and its offset are fresh unbacked
/// symbols, the length asserted equal to `length` (unless it cannot be).
pub(crate) fn narrow_tensor(cx: &mut Cx<'_>, a: &[Arg<'_>]) -> Result<Outs> {
    let t = args::tensor(cx, a, 0, "self")?;
    let dim = args::int(cx, a, 1, "dim", None)?;
    let start = args::tensor(cx, a, 2, "start")?;
    let length = args::size(cx, a, 3, "length", None)?;
    if start.dim() != 0 || !start.dtype.is_integral(false) {
        return Err(invalid(cx, "start must be an 0-dim integral Tensor."));
    }
    let st = crate::intrinsics::unbacked(cx, fake_runtime::support::UnbackedFlavor::AnyInt, None)?;
    if t.dim() == 0 {
        return Err(invalid(cx, "narrow() cannot be applied to a 0-dim tensor."));
    }
    let nonneg = cx.env.ge(length, SymInt::Int(0))?;
    fake_runtime::support::require(cx, nonneg, "narrow(): length must be non-negative.")?;
    let d = shape::wrap_dim(cx.op, dim, t.dim())?;
    let cur = t.sizes[d];
    let low = cx.env.neg(cur)?;
    let above = cx.env.le(low, st)?;
    let below = cx.env.le(st, cur)?;
    let in_range = cx.env.and(above, below)?;
    let message = format!(
        "start out of range (expected to be in range of [{}, {}], but got {})",
        cx.env.display(low),
        cx.env.display(cur),
        cx.env.display(st)
    );
    cx.env.expect_true(in_range, &message)?;
    // `start + length <= cur` for the start counted from either end.
    let room = cx.env.sub(cur, length)?;
    let negative = cx.env.lt(st, SymInt::Int(0))?;
    let from_end = cx.env.add(st, cur)?;
    let fits_end = cx.env.le(from_end, room)?;
    let fits_start = cx.env.le(st, room)?;
    let when_negative = cx.env.and(negative, fits_end)?;
    let not_negative = cx.env.not(negative)?;
    let when_not = cx.env.and(not_negative, fits_start)?;
    let fits = cx.env.or(when_negative, when_not)?;
    let message = format!(
        "start ({}) + length ({}) exceeds dimension size ({}).",
        cx.env.display(st),
        cx.env.display(length),
        cx.env.display(cur)
    );
    cx.env.expect_true(fits, &message)?;
    // The slice of a start it cannot tell: an unbacked length (then
    // asserted to be `length`) and an unbacked offset.
    let len = crate::intrinsics::unbacked(
        cx,
        fake_runtime::support::UnbackedFlavor::SizeLike,
        Some(cur),
    )?;
    // The answer of that assert is not checked: a length the slice cannot
    // have (statically false) leaves the slice's unbacked length.
    let same = cx.env.eq(len, length)?;
    let differs = cx.env.not(same)?;
    let piece = if cx.env.statically_known_true(differs) {
        len
    } else {
        cx.env.expect_true(same, cx.op)?;
        length
    };
    let offset = cx.env.create_unbacked(false, cx.op);
    let nonneg = cx.env.ge(offset, SymInt::Int(0))?;
    cx.env.expect_true(nonneg, cx.op)?;
    let mut sizes = t.sizes.clone();
    sizes[d] = piece;
    let mut outs = super::view_out(t, sizes, t.strides.clone());
    if let Some(Out::Tensor(m, _)) = outs.first_mut() {
        m.storage_offset = offset;
    }
    Ok(outs)
}
