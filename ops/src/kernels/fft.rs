//! `_fft_r2c` and `_fft_c2r`, as their meta kernels (`meta_fft_r2c`,
//! `meta_fft_c2r`, with `meta_fft_c2c` for the complex stages): the output
//! is restrided the way ATen's `_exec_fft` lays out its result (batch dims
//! first, in the input's stride order, then the transformed dims), in one
//! stage on the CPU (MKL) and in stages of at most three dims on CUDA
//! (cuFFT), re-sorting the dims by the strides of the previous stage's
//! result. Which stages run and how dims are sorted depends on the device
//! and on stride comparisons (each one a guard, in the order Python's sort
//! makes them), which no rule can say. Symbolic sizes stay symbolic, as
//! under the Python dispatcher that export runs (without it, the C++
//! `permute` the meta kernel reaches fixes them at their hints).

use super::invalid;
use super::py_sort::py_sort_desc;
use crate::intrinsics::preserve_strides;
use fake_runtime::shape::{self, Dims};
use fake_runtime::support::{args, require};
use fake_runtime::{Alias, Arg, Cx, DType, DeviceType, Out, Outs, Result, SymInt, TensorMeta};

/// cuFFT transforms at most this many dims at once.
const CUFFT_MAX_NDIM: usize = 3;

/// Sizes and strides of one tensor of the computation.
#[derive(Clone)]
struct Layout {
    sizes: Dims,
    strides: Dims,
}

impl Layout {
    /// A new contiguous tensor (`new_empty`).
    fn empty(cx: &mut Cx<'_>, sizes: &[SymInt]) -> Result<Layout> {
        Ok(Layout {
            sizes: sizes.iter().copied().collect(),
            strides: fake_runtime::strides::contiguous(cx.env, sizes)?,
        })
    }

    fn of(t: &TensorMeta) -> Layout {
        Layout {
            sizes: t.sizes.clone(),
            strides: t.strides.clone(),
        }
    }
}

/// Python's `list.sort(key=..., reverse=True)` of a few dims by `key`,
/// each comparison a guard ([`py_sort_desc`]).
fn py_sort_desc_by(
    cx: &mut Cx<'_>,
    items: &mut [usize],
    key: &dyn Fn(usize) -> SymInt,
) -> Result<()> {
    py_sort_desc(cx, items, |cx, a, b| {
        let (ka, kb) = (key(a), key(b));
        if let (SymInt::Int(x), SymInt::Int(y)) = (ka, kb) {
            return Ok(x < y);
        }
        let c = cx.env.lt(ka, kb)?;
        cx.env.guard_bool(c, cx.op)
    })
}

/// `_sort_dims(self, dim, exclude_last)`: `dim` sorted by `self`'s strides,
/// largest first (all but the last one when `exclude_last`).
fn sort_dims(cx: &mut Cx<'_>, t: &Layout, dim: &[usize], exclude_last: bool) -> Result<Vec<usize>> {
    let mut sorted = dim.to_vec();
    let end = sorted.len() - usize::from(exclude_last && !sorted.is_empty());
    let strides = t.strides.clone();
    py_sort_desc_by(cx, &mut sorted[..end], &|d| strides[d])?;
    Ok(sorted)
}

/// `_exec_fft(out, self, out_sizes, dim)`: `out` resized and restrided as
/// ATen lays out an FFT's result, or a new contiguous tensor when `out` is
/// empty (which the caller may keep or drop).
fn exec_fft(
    cx: &mut Cx<'_>,
    out: &mut Layout,
    input: &Layout,
    out_sizes: &[SymInt],
    dim: &[usize],
) -> Result<Option<Layout>> {
    let numel = shape::numel(cx.env, &out.sizes)?;
    let empty = cx.env.eq(numel, SymInt::Int(0))?;
    if cx.env.guard_or_false(empty, cx.op)? {
        return Ok(Some(Layout::empty(cx, out_sizes)?));
    }
    let ndim = input.sizes.len();
    let mut permute: Vec<usize> = (0..ndim).filter(|d| !dim.contains(d)).collect();
    let strides = input.strides.clone();
    py_sort_desc_by(cx, &mut permute, &|d| strides[d])?;
    permute.extend_from_slice(dim);
    // A dim given twice makes the permutation longer than the rank.
    if permute.len() != ndim {
        return Err(invalid(
            cx,
            format!(
                "Attempting to permute a tensor of rank {ndim}, but received a permutation of length {}!",
                permute.len()
            ),
        ));
    }
    let batch_dims = ndim - dim.len();
    // `input.permute(...).reshape([-1, *signal])`: the batch is inferred
    // from the element count.
    let mut view: Dims = Dims::from([SymInt::Int(-1)]);
    view.extend(permute[batch_dims..].iter().map(|&d| input.sizes[d]));
    let batch = if cx.defaults.python_dispatcher {
        // The reference's `reshape` of the permuted input: its view
        // geometry is decided (with guards on symbolic sizes) even where
        // a copy is made, which the batch size alone does not show.
        let mut permuted = TensorMeta::contiguous(cx.env, &[], DType::Float32, cx.device)?;
        permuted.sizes = permute.iter().map(|&d| input.sizes[d]).collect();
        permuted.strides = permute.iter().map(|&d| input.strides[d]).collect();
        super::einsum::reshape(cx, &permuted, view.clone())?.sizes[0]
    } else {
        let numel = shape::numel(cx.env, &input.sizes)?;
        shape::infer_view(cx.env, cx.op, numel, &view)?[0]
    };
    let mut batched_out: Dims = Dims::from([batch]);
    batched_out.extend(dim.iter().map(|&d| out_sizes[d]));
    // `out.resize_(batched_out_sizes)` first asks whether the sizes are
    // already those (c10's `ArrayRef` equality: one guard per dim, up to
    // the first that differs).
    shape::guard_sizes_eq(cx.env, &out.sizes, &batched_out, cx.op)?;
    let contiguous = fake_runtime::strides::contiguous(cx.env, &batched_out)?;
    let mut strides: Dims = Dims::from_elem(SymInt::Int(0), ndim);
    let mut batch_numel = SymInt::Int(1);
    for i in (0..batch_dims).rev() {
        strides[permute[i]] = cx.env.mul(batch_numel, contiguous[0])?;
        batch_numel = cx.env.mul(batch_numel, out_sizes[permute[i]])?;
    }
    for i in batch_dims..ndim {
        strides[permute[i]] = contiguous[1 + (i - batch_dims)];
    }
    *out = Layout {
        sizes: out_sizes.iter().copied().collect(),
        strides,
    };
    Ok(None)
}

/// `use_optimized_cufft_path(dim)`: at most three dims, not starting with
/// dims 0 and 1.
fn optimized_cufft_path(dim: &[usize]) -> bool {
    !(dim.len() > CUFFT_MAX_NDIM || (dim.len() >= 2 && dim[0] == 0 && dim[1] == 1))
}

/// `meta_fft_c2c(self, dim, ...)` for a complex `self` on the CPU (MKL) or
/// CUDA (cuFFT's stages).
fn fft_c2c(cx: &mut Cx<'_>, t: &TensorMeta, dim: &[usize]) -> Result<Layout> {
    let input = Layout::of(t);
    if dim.is_empty() {
        let strides = preserve_strides(cx, t, None)?;
        return Ok(Layout {
            sizes: t.sizes.clone(),
            strides,
        });
    }
    let out_sizes = t.sizes.clone();
    let mut output = Layout::empty(cx, &out_sizes)?;
    if t.device.ty == DeviceType::Mps {
        return Ok(output);
    }
    if t.device.ty != DeviceType::Cuda {
        let sorted = sort_dims(cx, &input, dim, false)?;
        return Ok(exec_fft(cx, &mut output, &input, &out_sizes, &sorted)?.unwrap_or(output));
    }
    let mut sorted = dim.to_vec();
    let mut working = input;
    let mut working_is_self = true;
    loop {
        let strides = working.strides.clone();
        py_sort_desc_by(cx, &mut sorted, &|d| strides[d])?;
        let max_dims = CUFFT_MAX_NDIM.min(sorted.len());
        let last = sorted[sorted.len() - max_dims..].to_vec();
        exec_fft(cx, &mut output, &working, &out_sizes, &last)?;
        sorted.truncate(sorted.len() - max_dims);
        if sorted.is_empty() {
            return Ok(output);
        }
        if working_is_self {
            working = output;
            output = Layout::empty(cx, &out_sizes)?;
            working_is_self = false;
        } else {
            std::mem::swap(&mut output, &mut working);
        }
    }
}

/// The transformed dims, wrapped as Python indexes lists (a negative dim
/// counts from the end), or PyTorch's refusal. A dim given twice is
/// refused where `_exec_fft` transforms it, after its short cut for an
/// empty result (a permutation longer than the rank), and not where the
/// meta kernel transforms one dim at a time (cuFFT's stages).
fn wrap_dims(cx: &Cx<'_>, dim: &[i64], ndim: usize) -> Result<Vec<usize>> {
    dim.iter()
        .map(|&d| {
            let w = if d < 0 { d + ndim as i64 } else { d };
            usize::try_from(w)
                .ok()
                .filter(|&w| w < ndim)
                .ok_or_else(|| invalid(cx, "list index out of range"))
        })
        .collect()
}

/// A fresh output of these layout and dtype on `t`'s device.
fn output(t: &TensorMeta, layout: Layout, dtype: DType) -> Outs {
    let mut outs = Outs::new();
    outs.push(Out::Tensor(
        TensorMeta {
            sizes: layout.sizes,
            strides: layout.strides,
            storage_offset: SymInt::Int(0),
            dtype,
            device: t.device,
            layout: t.layout,
            requires_grad: false,
            wrapped_number: false,
        },
        Alias::Fresh,
    ));
    outs
}

/// `_fft_r2c(Tensor self, int[] dim, int normalization, bool onesided) ->
/// Tensor`: a real input's transform, complex (float32 from bfloat16 on
/// CUDA); with `onesided`, the last transformed dim keeps `n // 2 + 1`
/// values.
pub(crate) fn fft_r2c(cx: &mut Cx<'_>, a: &[Arg<'_>]) -> Result<Outs> {
    let t = args::tensor(cx, a, 0, "self")?;
    let dim = args::ints(cx, a, 1, "dim", None)?;
    let onesided = args::bool(cx, a, 3, "onesided", None)?;
    if !t.dtype.is_floating_point() {
        return Err(invalid(cx, "Expected cond to be True, but got False"));
    }
    let Some(&last_raw) = dim.last() else {
        return Err(invalid(cx, "list index out of range"));
    };
    let dim = wrap_dims(cx, &dim, t.dim())?;
    let last = wrap_dims(cx, &[last_raw], t.dim())?[0];
    let half = cx.env.floordiv(t.sizes[last], SymInt::Int(2))?;
    let half = cx.env.add(half, SymInt::Int(1))?;
    let mut onesided_sizes = t.sizes.clone();
    onesided_sizes[last] = half;
    let out_sizes = if onesided {
        onesided_sizes.clone()
    } else {
        t.sizes.clone()
    };
    let cuda = t.device.ty == DeviceType::Cuda;
    // cuFFT's and XPU's path.
    let staged = cuda || t.device.ty == DeviceType::Xpu;
    let real = if t.dtype == DType::BFloat16 && staged {
        DType::Float32
    } else {
        t.dtype
    };
    if !matches!(
        real,
        DType::Float16 | DType::BFloat16 | DType::Float32 | DType::Float64
    ) {
        return Err(invalid(
            cx,
            format!("no complex dtype corresponds to {real}"),
        ));
    }
    let complex = real.to_complex();
    let input = Layout::of(t);
    if staged {
        let mut out = Layout::empty(cx, &out_sizes)?;
        if cuda && optimized_cufft_path(&dim) {
            exec_fft(cx, &mut out, &input, &out_sizes, &dim)?;
            return Ok(output(t, out, complex));
        }
        // The R2C transform of the last dim, then the C2C ones in stages.
        let target = if dim.len() == 1 {
            out_sizes.clone()
        } else {
            onesided_sizes.clone()
        };
        exec_fft(cx, &mut out, &input, &target, &[last])?;
        let mut working = if dim.len() > 1 {
            Layout::empty(cx, &out_sizes)?
        } else {
            input
        };
        let mut sorted = dim[..dim.len() - 1].to_vec();
        while !sorted.is_empty() {
            std::mem::swap(&mut out, &mut working);
            let strides = working.strides.clone();
            py_sort_desc_by(cx, &mut sorted, &|d| strides[d])?;
            let max_dims = CUFFT_MAX_NDIM.min(sorted.len());
            let stage = sorted[sorted.len() - max_dims..].to_vec();
            exec_fft(cx, &mut out, &working, &onesided_sizes, &stage)?;
            sorted.truncate(sorted.len() - max_dims);
        }
        if !onesided {
            let got = out.sizes[last];
            let differ = cx.env.ne(got, out_sizes[last])?;
            if cx.env.guard_bool(differ, cx.op)? {
                out = Layout::empty(cx, &out_sizes)?;
            }
        }
        return Ok(output(t, out, complex));
    }
    if t.device.ty == DeviceType::Mps {
        return Ok(output(t, Layout::empty(cx, &out_sizes)?, complex));
    }
    let sorted = sort_dims(cx, &input, &dim, true)?;
    let mut out = Layout::empty(cx, &out_sizes)?;
    let out = exec_fft(cx, &mut out, &input, &out_sizes, &sorted)?.unwrap_or(out);
    Ok(output(t, out, complex))
}

/// `_fft_c2r(Tensor self, int[] dim, int normalization, SymInt
/// last_dim_size) -> Tensor`: a complex input's inverse transform to real
/// values, the last transformed dim of `last_dim_size`; the other dims go
/// through a complex-to-complex stage first.
pub(crate) fn fft_c2r(cx: &mut Cx<'_>, a: &[Arg<'_>]) -> Result<Outs> {
    let t = args::tensor(cx, a, 0, "self")?;
    let dim = args::ints(cx, a, 1, "dim", None)?;
    let last_dim_size = args::size(cx, a, 3, "last_dim_size", None)?;
    if !t.dtype.is_complex() {
        return Err(invalid(cx, "Expected cond to be True, but got False"));
    }
    if dim.is_empty() {
        return Err(invalid(cx, "list index out of range"));
    }
    let dim = wrap_dims(cx, &dim, t.dim())?;
    let last = dim[dim.len() - 1];
    let real = t.dtype.to_real();
    let nonneg = cx.env.ge(last_dim_size, SymInt::Int(0))?;
    require(
        cx,
        nonneg,
        "Trying to create tensor with negative dimension",
    )?;
    let mut out_sizes = t.sizes.clone();
    out_sizes[last] = last_dim_size;
    match t.device.ty {
        DeviceType::Cuda => {
            let mut out = Layout::empty(cx, &out_sizes)?;
            // `self.clone(memory_format=torch.contiguous_format)`.
            let clone = Layout {
                sizes: t.sizes.clone(),
                strides: fake_runtime::strides::contiguous(cx.env, &t.sizes)?,
            };
            let fresh = if optimized_cufft_path(&dim) {
                exec_fft(cx, &mut out, &clone, &out_sizes, &dim)?
            } else {
                let temp = if dim.len() > 1 {
                    fft_c2c(cx, t, &dim[..dim.len() - 1])?
                } else {
                    clone
                };
                exec_fft(cx, &mut out, &temp, &out_sizes, &[last])?
            };
            Ok(output(t, fresh.unwrap_or(out), real))
        }
        DeviceType::Mps => Ok(output(t, Layout::empty(cx, &out_sizes)?, real)),
        _ => {
            let input = if dim.len() > 1 {
                fft_c2c(cx, t, &dim[..dim.len() - 1])?
            } else {
                Layout::of(t)
            };
            let mut out_sizes = input.sizes.clone();
            out_sizes[last] = last_dim_size;
            let mut out = Layout::empty(cx, &out_sizes)?;
            let out = exec_fft(cx, &mut out, &input, &out_sizes, &[last])?.unwrap_or(out);
            Ok(output(t, out, real))
        }
    }
}

/// `_fft_c2c(Tensor self, SymInt[] dim, int normalization, bool forward) ->
/// Tensor`: a complex input's transform, as `meta_fft_c2c` (a clone for no
/// dims, else restrided as `_exec_fft` lays out the result).
pub(crate) fn fft_c2c_op(cx: &mut Cx<'_>, a: &[Arg<'_>]) -> Result<Outs> {
    let t = args::tensor(cx, a, 0, "self")?;
    let dim = args::ints(cx, a, 1, "dim", None)?;
    if !t.dtype.is_complex() {
        return Err(invalid(cx, "Expected cond to be True, but got False"));
    }
    let dim = wrap_dims(cx, &dim, t.dim())?;
    let layout = fft_c2c(cx, t, &dim)?;
    Ok(output(t, layout, t.dtype))
}
