//! `out=` overloads of the index functions whose checks their functional
//! metas leave out: `index_select.out`, which the fake mode answers with
//! `torch._refs.index_select` (a vector or zero-dim index, then advanced
//! indexing made contiguous) under `out_wrapper(exact_dtype=True)`, and
//! `index_reduce.out`, ATen's structured kernel, whose meta checks the
//! index and the source against `self` (`index_func_meta_impl`) before
//! the functional meta's result is written; and `slice_scatter.out`, the
//! decomposition's (`src` expanded to the slice's sizes, the result of
//! `src`'s dtype or of both promoted) under a castable `out_wrapper`.

use super::{invalid, one, show};
use fake_runtime::promotion::{Operand, result_type};
use fake_runtime::shape::{self, Dims, wrap_dim};
use fake_runtime::strides::suggest_memory_format;
use fake_runtime::support::{OutForm, args, out_variant};
use fake_runtime::{Arg, Cx, DType, Out, Outs, Result, SymInt, TensorMeta};

/// `torch._refs.index_select(x, dim, index)`: `dim` canonicalized, an
/// index of at most one dim (a zero-dim one unsqueezed), then
/// `x[(slice(None),) * dim + (index,)]` laid out contiguous in `x`'s
/// suggested memory format. A zero-dim `x` is answered by the functional
/// meta (a zero-dim result).
fn index_select_ref(cx: &mut Cx<'_>, a: &[Arg<'_>]) -> Result<Outs> {
    let x = args::tensor(cx, a, 0, "self")?;
    let dim = args::int(cx, a, 1, "dim", None)?;
    let index = args::tensor(cx, a, 2, "index")?;
    let d = wrap_dim(cx.op, dim, x.dim())?;
    crate::intrinsics::index_rank(cx, index)?;
    if x.dim() == 0 {
        return crate::erased::index_select(cx, a);
    }
    let vector;
    let index = if index.dim() == 0 {
        vector = TensorMeta {
            sizes: Dims::from_slice(&[SymInt::Int(1)]),
            strides: Dims::from_slice(&[SymInt::Int(1)]),
            ..index.clone()
        };
        &vector
    } else {
        index
    };
    let indices = std::iter::repeat_n(None, d).chain([Some(index)]).collect();
    let call = [Arg::Tensor(x), Arg::OptTensors(indices)];
    let indexed = one(crate::erased::index_tensor(cx, &call)?, cx)?;
    let format = suggest_memory_format(cx.env, x, cx.op)?;
    super::contiguous(cx, &[Arg::Tensor(&indexed), Arg::MemoryFormat(format)])
}

/// `index_select.out(Tensor self, int dim, Tensor index, *, Tensor(a!)
/// out)`: [`index_select_ref`] written into `out`, which must have
/// exactly its dtype (`out_wrapper(exact_dtype=True)`: resized
/// contiguous).
pub(crate) fn index_select_out(cx: &mut Cx<'_>, a: &[Arg<'_>]) -> Result<Outs> {
    out_variant(cx, a, 3, 1, OutForm::EXACT, index_select_ref)
}

/// `index_func_meta_impl(self, dim, index, source, func)` with `dim`
/// already wrapped: an int32 or int64 index of at most one dim, as many
/// indices as `source` has at `dim`, `source` of `self`'s dtype and of
/// its sizes but at `dim`.
fn index_func_checks(
    cx: &mut Cx<'_>,
    t: &TensorMeta,
    dim: usize,
    index: &TensorMeta,
    source: &TensorMeta,
    func: &str,
) -> Result<()> {
    if index.dim() > 1 {
        return Err(invalid(
            cx,
            format!(
                "{func}_(): Index is supposed to be a vector, but got dim: {} with type: {} and size: {}",
                index.dim(),
                index.dtype.c10_name(),
                show(cx, &index.sizes)
            ),
        ));
    }
    if index.dtype != DType::Int64 && index.dtype != DType::Int32 {
        return Err(invalid(
            cx,
            format!(
                "{func}_(): Expected dtype int32/int64 for index but got: {}",
                index.dtype.c10_name()
            ),
        ));
    }
    if t.dtype != source.dtype {
        return Err(invalid(
            cx,
            format!(
                "{func}_(): self ({}) and source ({}) must have the same scalar type",
                t.dtype.c10_name(),
                source.dtype.c10_name()
            ),
        ));
    }
    if dim != 0 && dim >= source.dim() {
        return Err(invalid(
            cx,
            format!(
                "{func}_(): Indexing dim {dim} is out of bounds of the source tensor with dim {}",
                source.dim()
            ),
        ));
    }
    let numel = index.numel(cx.env)?;
    let wanted = if source.dim() == 0 {
        SymInt::Int(1)
    } else {
        source.sizes[dim]
    };
    if !shape::guard_eq(cx.env, numel, wanted, cx.op)? {
        let at = match source.sizes.get(dim) {
            Some(&s) => cx.env.display(s),
            None => cx.env.display(wanted),
        };
        return Err(invalid(
            cx,
            format!(
                "{func}_(): Number of indices ({}) should be equal to source.size(dim): ({at}), for dim: {dim}",
                cx.env.display(numel)
            ),
        ));
    }
    let mut self_sizes = t.sizes.clone();
    let mut source_sizes = source.sizes.clone();
    if source.dim() != 0 && t.dim() != 0 {
        self_sizes.remove(dim);
        source_sizes.remove(dim);
    }
    if !shape::guard_sizes_eq(cx.env, &self_sizes, &source_sizes, cx.op)? {
        return Err(invalid(
            cx,
            format!(
                "source tensor shape must match self tensor shape, excluding the specified dimension. Got self.shape = {} source.shape = {}",
                show(cx, &t.sizes),
                show(cx, &source.sizes)
            ),
        ));
    }
    Ok(())
}

/// `index_reduce.out(Tensor self, int dim, Tensor index, Tensor source,
/// str reduce, *, bool include_self=True, Tensor(a!) out)`: the
/// structured meta's checks (a known `reduce`, `dim` wrapped, then
/// [`index_func_checks`]) on static sizes, then the functional result
/// written as a checked native `out=` kernel writes it (which refuses
/// symbolic sizes first, as the kernel's element count does).
pub(crate) fn index_reduce_out(cx: &mut Cx<'_>, a: &[Arg<'_>]) -> Result<Outs> {
    let t = args::tensor(cx, a, 0, "self")?;
    let index = args::tensor(cx, a, 2, "index")?;
    let source = args::tensor(cx, a, 3, "source")?;
    if t.is_static() && index.is_static() && source.is_static() {
        let dim = args::int(cx, a, 1, "dim", None)?;
        let reduce = args::opt_str(cx, a, 4, "reduce", None)?;
        let reduce = args::required(cx, 4, "reduce", reduce)?;
        if !matches!(reduce, "prod" | "mean" | "amax" | "amin") {
            return Err(invalid(
                cx,
                format!(
                    "index_reduce(): Expected reduce to be one of prod, mean, amax or amin but got {reduce}."
                ),
            ));
        }
        let d = wrap_dim(cx.op, dim, t.dim())?;
        index_func_checks(cx, t, d, index, source, "index_reduce")?;
    }
    out_variant(
        cx,
        a,
        6,
        1,
        OutForm::CHECKED_NATIVE,
        crate::erased::index_reduce,
    )
}

/// The `slice_scatter` decomposition's result for its out: `dim`
/// canonicalized, `start` and `end` wrapped and clamped
/// (`_normalize_start_end`), `src.expand` to `self`'s sizes with the
/// slice's length at `dim` (refused when it does not expand), then
/// `src.clone()` for the whole dim, else `where(mask, src[...], self)`:
/// `self`'s sizes, of `src`'s dtype or of both promoted. Only reached on
/// static sizes (the out's kernel refuses symbolic ones first).
fn slice_scatter_ref(cx: &mut Cx<'_>, a: &[Arg<'_>]) -> Result<Outs> {
    let input = args::tensor(cx, a, 0, "self")?;
    let src = args::tensor(cx, a, 1, "src")?;
    let dim = args::int(cx, a, 2, "dim", Some(0))?;
    let start = args::opt_int(cx, a, 3, "start", None)?;
    let end = args::opt_int(cx, a, 4, "end", None)?;
    let step = args::int(cx, a, 5, "step", Some(1))?;
    let d = wrap_dim(cx.op, dim, input.dim())?;
    let Some(&size) = input.sizes.get(d) else {
        return Err(invalid(
            cx,
            format!("tuple index out of range: dim {dim} of a zero-dim self"),
        ));
    };
    let dim_size = cx.env.guard_int(size, cx.op)?;
    let clamp_wrap = |v: Option<i64>, lower: i64, upper: i64, default: i64| match v {
        None => default,
        Some(v) => {
            let v = if v < 0 { v + dim_size } else { v };
            v.max(lower).min(upper)
        }
    };
    let start = clamp_wrap(start, 0, dim_size, 0);
    let end = clamp_wrap(end, start, dim_size, dim_size);
    if step == 0 {
        return Err(invalid(
            cx,
            format!("integer division or modulo by zero: slice_scatter of step {step}"),
        ));
    }
    // `(end - start + step - 1) // step` in Python's integers (no
    // overflow; rounded down), which fit an int64 again.
    let (span, step) = (
        i128::from(end) - i128::from(start) + i128::from(step) - 1,
        i128::from(step),
    );
    let len = span.div_euclid(step) - i128::from(step < 0 && span.rem_euclid(step) != 0);
    let len = i64::try_from(len).map_err(|_| {
        invalid(
            cx,
            format!("slice_scatter: a slice of length {len} overflows an int64"),
        )
    })?;
    let mut src_size = input.sizes.clone();
    src_size[d] = SymInt::Int(len);
    let sizes_arg = Arg::Ints(src_size.iter().copied().collect());
    crate::erased::expand(cx, &[Arg::Tensor(src), sizes_arg, Arg::Bool(false)])?;
    let dtype = if start == 0 && end == dim_size && step == 1 {
        src.dtype
    } else {
        result_type(
            &[Operand::Tensor(src.dtype), Operand::Tensor(input.dtype)],
            cx.defaults.dtype,
        )?
    };
    let strides = fake_runtime::strides::contiguous(cx.env, &input.sizes)?;
    let mut outs = super::fresh_out(cx, input, input.sizes.clone(), strides);
    if let Some(Out::Tensor(t, _)) = outs.first_mut() {
        t.dtype = dtype;
    }
    Ok(outs)
}

/// `slice_scatter.out(Tensor self, Tensor src, int dim=0, SymInt?
/// start=None, SymInt? end=None, SymInt step=1, *, Tensor(a!) out)`:
/// [`slice_scatter_ref`] written into an out it can be cast to (resized
/// contiguous), symbolic sizes refused (torchgen's generated kernel).
pub(crate) fn slice_scatter_out(cx: &mut Cx<'_>, a: &[Arg<'_>]) -> Result<Outs> {
    out_variant(cx, a, 6, 1, OutForm::REFUSED_CASTABLE, slice_scatter_ref)
}
