//! The numerical integrals and derivative of ATen's `Integration.cpp` and
//! `gradient`: `trapezoid` / `trapz` and `cumulative_trapezoid` with
//! sample points `x` (a vector laid along `dim`, or a tensor padded with
//! leading size-1 dims), and `gradient` with a scalar spacing or with
//! coordinate vectors. Which steps run depends on sizes and ranks (an
//! empty dim gives zeros, `x`'s rank picks its view), so each step is the
//! kernel of the operator ATen calls: the slices, differences, products,
//! sums and scans give the layout and dtype.

use super::einsum::fresh_result;
use super::{invalid, one};
use fake_runtime::shape::{self, Dims, wrap_dim};
use fake_runtime::support::args;
use fake_runtime::{Arg, Cx, DType, Out, Outs, Result, Scalar, SymInt, TensorMeta};

/// `at::slice(t, dim, start, end)` (`end` absent: to the end).
fn slice(
    cx: &mut Cx<'_>,
    t: &TensorMeta,
    dim: usize,
    start: i64,
    end: Option<i64>,
) -> Result<TensorMeta> {
    let call = [
        Arg::Tensor(t),
        Arg::Int(SymInt::Int(dim as i64)),
        Arg::Int(SymInt::Int(start)),
        end.map_or(Arg::None, |e| Arg::Int(SymInt::Int(e))),
        Arg::Int(SymInt::Int(1)),
    ];
    one(crate::erased::slice_tensor(cx, &call)?, cx)
}

/// `a - b`.
fn sub(cx: &mut Cx<'_>, a: &TensorMeta, b: &TensorMeta) -> Result<TensorMeta> {
    one(
        crate::erased::sub_tensor(cx, &[Arg::Tensor(a), Arg::Tensor(b)])?,
        cx,
    )
}

/// `a + b`.
fn add(cx: &mut Cx<'_>, a: &TensorMeta, b: &TensorMeta) -> Result<TensorMeta> {
    one(
        crate::erased::add_tensor(cx, &[Arg::Tensor(a), Arg::Tensor(b)])?,
        cx,
    )
}

/// `a * b`.
fn mul(cx: &mut Cx<'_>, a: &TensorMeta, b: &TensorMeta) -> Result<TensorMeta> {
    one(
        crate::erased::mul_tensor(cx, &[Arg::Tensor(a), Arg::Tensor(b)])?,
        cx,
    )
}

/// `t / s` for a number `s`.
fn div(cx: &mut Cx<'_>, t: &TensorMeta, s: Scalar) -> Result<TensorMeta> {
    one(
        crate::erased::div_scalar(cx, &[Arg::Tensor(t), Arg::Scalar(s)])?,
        cx,
    )
}

/// `x` viewed so that its differences broadcast against `y`'s along
/// `dim`: a vector laid along `dim` (its length checked against the
/// dim's), a tensor of fewer dims padded with leading size-1 dims, else
/// `x` itself.
fn sample_points(
    cx: &mut Cx<'_>,
    name: &str,
    y: &TensorMeta,
    x: &TensorMeta,
    dim: usize,
) -> Result<TensorMeta> {
    let new_sizes: Dims = if x.dim() == 1 {
        if y.dim() == 0 {
            return Err(no_dims(cx, dim as i64));
        }
        if !shape::guard_eq(cx.env, x.sizes[0], y.sizes[dim], cx.op)? {
            return Err(invalid(
                cx,
                format!("{name}: There must be one `x` value for each sample point"),
            ));
        }
        let mut s: Dims = std::iter::repeat_n(SymInt::Int(1), y.dim()).collect();
        s[dim] = x.sizes[0];
        s
    } else if x.dim() < y.dim() {
        let mut s: Dims = std::iter::repeat_n(SymInt::Int(1), y.dim() - x.dim()).collect();
        s.extend(x.sizes.iter().copied());
        s
    } else {
        return Ok(x.clone());
    };
    let call = [Arg::Tensor(x), Arg::Ints(new_sizes[..].into())];
    one(super::view(cx, &call)?, cx)
}

/// ATen's refusal to read a size of a zero-dim tensor (`sym_size(dim)`).
fn no_dims(cx: &Cx<'_>, dim: i64) -> fake_runtime::Error {
    invalid(
        cx,
        format!("Dimension specified as {dim} but tensor has no dimensions"),
    )
}

/// The sample points' differences `x[1:] - x[:-1]` along `dim`, after the
/// bool check.
fn spacings(
    cx: &mut Cx<'_>,
    name: &str,
    y: &TensorMeta,
    x: &TensorMeta,
    dim: usize,
) -> Result<TensorMeta> {
    if y.dtype == DType::Bool || x.dtype == DType::Bool {
        return Err(invalid(
            cx,
            format!("{name}: received a bool input for `x` or `y`, but bool is not supported"),
        ));
    }
    let xv = sample_points(cx, name, y, x, dim)?;
    let left = slice(cx, &xv, dim, 0, Some(-1))?;
    let right = slice(cx, &xv, dim, 1, None)?;
    sub(cx, &right, &left)
}

/// ATen's `zeros_like_except(y, dim)` when `y`'s dim `d` is empty (no
/// samples): zeros of `y`'s dtype and device without that dim.
fn zeros_when_empty(cx: &mut Cx<'_>, y: &TensorMeta, d: usize) -> Result<Option<Outs>> {
    if y.dim() == 0 || !shape::guard_eq(cx.env, y.sizes[d], SymInt::Int(0), cx.op)? {
        return Ok(None);
    }
    let mut sizes = y.sizes.clone();
    sizes.remove(d);
    let call = [
        Arg::Ints(sizes[..].into()),
        Arg::DType(y.dtype),
        Arg::None,
        Arg::Device(y.device),
        Arg::None,
    ];
    crate::erased::zeros(cx, &call).map(Some)
}

/// `trapezoid.x(Tensor y, Tensor x, *, int dim=-1) -> Tensor` (and
/// `trapz.x`): zeros without the dim when it is empty, else `(dx *
/// (y[1:] + y[:-1])).sum(dim) / 2.`.
pub(crate) fn trapezoid_x(cx: &mut Cx<'_>, a: &[Arg<'_>]) -> Result<Outs> {
    let y = args::tensor(cx, a, 0, "y")?;
    let x = args::tensor(cx, a, 1, "x")?;
    let dim = args::int(cx, a, 2, "dim", Some(-1))?;
    let d = wrap_dim(cx.op, dim, y.dim())?;
    // `y.sym_size(dim)` of the wrapped dim.
    if y.dim() == 0 {
        return Err(no_dims(cx, d as i64));
    }
    if let Some(zeros) = zeros_when_empty(cx, y, d)? {
        return Ok(zeros);
    }
    let dx = spacings(cx, "trapezoid", y, x, d)?;
    let right = slice(cx, y, d, 1, None)?;
    let left = slice(cx, y, d, 0, Some(-1))?;
    let sum_y = add(cx, &right, &left)?;
    let product = mul(cx, &dx, &sum_y)?;
    let call = [
        Arg::Tensor(&product),
        Arg::Ints(std::iter::once(SymInt::Int(d as i64)).collect()),
        Arg::Bool(false),
        Arg::None,
    ];
    let summed = one(crate::erased::sum_dim_intlist(cx, &call)?, cx)?;
    Ok(fresh_result(div(cx, &summed, Scalar::from(2.0))?))
}

/// `cumulative_trapezoid.x(Tensor y, Tensor x, *, int dim=-1) -> Tensor`:
/// `((dx * (y[:-1] + y[1:])) / 2.).cumsum(dim)`.
pub(crate) fn cumulative_trapezoid_x(cx: &mut Cx<'_>, a: &[Arg<'_>]) -> Result<Outs> {
    let y = args::tensor(cx, a, 0, "y")?;
    let x = args::tensor(cx, a, 1, "x")?;
    let dim = args::int(cx, a, 2, "dim", Some(-1))?;
    let d = wrap_dim(cx.op, dim, y.dim())?;
    let dx = spacings(cx, "cumulative_trapezoid", y, x, d)?;
    let left = slice(cx, y, d, 0, Some(-1))?;
    let right = slice(cx, y, d, 1, None)?;
    let sum_y = add(cx, &left, &right)?;
    let product = mul(cx, &dx, &sum_y)?;
    let halved = div(cx, &product, Scalar::from(2.0))?;
    let call = [
        Arg::Tensor(&halved),
        Arg::Int(SymInt::Int(d as i64)),
        Arg::None,
    ];
    crate::erased::cumsum(cx, &call)
}

/// `t * s` for a number `s`.
fn mul_number(cx: &mut Cx<'_>, t: &TensorMeta, s: Scalar) -> Result<TensorMeta> {
    one(
        crate::erased::mul_scalar(cx, &[Arg::Tensor(t), Arg::Scalar(s)])?,
        cx,
    )
}

/// The checks of the spacing-`dx` forms: no bool samples, a real spacing
/// (as a double).
fn real_spacing(cx: &Cx<'_>, name: &str, y: &TensorMeta, dx: Scalar) -> Result<Scalar> {
    if y.dtype == DType::Bool {
        return Err(invalid(
            cx,
            format!("{name}: received a bool input for `y`, but bool is not supported"),
        ));
    }
    match dx {
        Scalar::Int(SymInt::Int(v)) => Ok(Scalar::from(v as f64)),
        Scalar::Float(_) | Scalar::Int(_) => Ok(dx),
        Scalar::Bool(_) | Scalar::Complex(..) => Err(invalid(
            cx,
            format!("{name}: Currently, we only support dx as a real number."),
        )),
    }
}

/// `trapezoid.dx(Tensor y, *, Scalar dx=1, int dim=-1) -> Tensor` (and
/// `trapz.dx`, whose `dx` is a float): zeros of `y`'s dtype without the
/// dim when it is empty, else `(y.sum(dim) - (y.select(dim, 0) +
/// y.select(dim, -1)) * 0.5) * dx`.
pub(crate) fn trapezoid_dx(cx: &mut Cx<'_>, a: &[Arg<'_>]) -> Result<Outs> {
    let y = args::tensor(cx, a, 0, "y")?;
    let dx = args::scalar(cx, a, 1, "dx", Some(Scalar::from(1.0)))?;
    let dim = args::int(cx, a, 2, "dim", Some(-1))?;
    let d = wrap_dim(cx.op, dim, y.dim())?;
    // `y.sym_size(dim)` of the dim as given.
    if y.dim() == 0 {
        return Err(no_dims(cx, dim));
    }
    if let Some(zeros) = zeros_when_empty(cx, y, d)? {
        return Ok(zeros);
    }
    let dx = real_spacing(cx, "trapezoid", y, dx)?;
    let call = [
        Arg::Tensor(y),
        Arg::Ints(std::iter::once(SymInt::Int(d as i64)).collect()),
        Arg::Bool(false),
        Arg::None,
    ];
    let summed = one(crate::erased::sum_dim_intlist(cx, &call)?, cx)?;
    let dim_arg = Arg::Int(SymInt::Int(d as i64));
    let first = one(
        crate::erased::select_int(
            cx,
            &[Arg::Tensor(y), dim_arg.clone(), Arg::Int(SymInt::Int(0))],
        )?,
        cx,
    )?;
    let last = one(
        crate::erased::select_int(cx, &[Arg::Tensor(y), dim_arg, Arg::Int(SymInt::Int(-1))])?,
        cx,
    )?;
    let ends = add(cx, &first, &last)?;
    let halved = mul_number(cx, &ends, Scalar::from(0.5))?;
    let inner = sub(cx, &summed, &halved)?;
    Ok(fresh_result(mul_number(cx, &inner, dx)?))
}

/// `cumulative_trapezoid.dx(Tensor y, *, Scalar dx=1, int dim=-1) ->
/// Tensor`: `(dx / 2. * (y[:-1] + y[1:])).cumsum(dim)`.
pub(crate) fn cumulative_trapezoid_dx(cx: &mut Cx<'_>, a: &[Arg<'_>]) -> Result<Outs> {
    let y = args::tensor(cx, a, 0, "y")?;
    let dx = args::scalar(cx, a, 1, "dx", Some(Scalar::from(1.0)))?;
    let dim = args::int(cx, a, 2, "dim", Some(-1))?;
    let dx = real_spacing(cx, "cumulative_trapezoid", y, dx)?;
    let d = wrap_dim(cx.op, dim, y.dim())?;
    let left = slice(cx, y, d, 0, Some(-1))?;
    let right = slice(cx, y, d, 1, None)?;
    let sum_y = add(cx, &left, &right)?;
    // `dx / 2.` is a float as `dx` is: its value is not metadata.
    let product = mul_number(cx, &sum_y, dx)?;
    let call = [
        Arg::Tensor(&product),
        Arg::Int(SymInt::Int(d as i64)),
        Arg::None,
    ];
    crate::erased::cumsum(cx, &call)
}

/// `gradient.scalarint(Tensor self, *, Scalar? spacing=None, int? dim=None,
/// int edge_order=1) -> Tensor[]`: [`gradient`] along `dim` or every dim.
pub(crate) fn gradient_scalarint(cx: &mut Cx<'_>, a: &[Arg<'_>]) -> Result<Outs> {
    let t = args::tensor(cx, a, 0, "self")?;
    let dim = args::opt_int(cx, a, 2, "dim", None)?;
    let edge_order = args::int(cx, a, 3, "edge_order", Some(1))?;
    gradient(cx, t, dim.map(|d| vec![d]), None, edge_order)
}

/// `gradient.array(Tensor self, *, int[] dim, int edge_order=1) ->
/// Tensor[]`: [`gradient`] along `dim` with a spacing of one.
pub(crate) fn gradient_array(cx: &mut Cx<'_>, a: &[Arg<'_>]) -> Result<Outs> {
    let t = args::tensor(cx, a, 0, "self")?;
    let dim = args::ints(cx, a, 1, "dim", None)?;
    let edge_order = args::int(cx, a, 2, "edge_order", Some(1))?;
    gradient(cx, t, Some(dim.to_vec()), None, edge_order)
}

/// `gradient.scalararray(Tensor self, *, Scalar spacing, int[] dim, int
/// edge_order=1) -> Tensor[]`: [`gradient`] along `dim`.
pub(crate) fn gradient_scalararray(cx: &mut Cx<'_>, a: &[Arg<'_>]) -> Result<Outs> {
    let t = args::tensor(cx, a, 0, "self")?;
    let dim = args::ints(cx, a, 2, "dim", None)?;
    let edge_order = args::int(cx, a, 3, "edge_order", Some(1))?;
    gradient(cx, t, Some(dim.to_vec()), None, edge_order)
}

/// The spacings of the `Scalar[]` overloads: how many there are (each is
/// a number, whose value is not metadata).
fn spacing_count(cx: &Cx<'_>, a: &[Arg<'_>]) -> Result<usize> {
    match a.get(1) {
        Some(Arg::Floats(s)) => Ok(s.len()),
        Some(Arg::Ints(s)) => Ok(s.len()),
        _ => Err(invalid(cx, "expected `spacing` to be a list of numbers")),
    }
}

/// `gradient.scalarrayint(Tensor self, *, Scalar[] spacing, int? dim=None,
/// int edge_order=1) -> Tensor[]`: [`gradient`] along `dim` (one spacing)
/// or every dim (one spacing each).
pub(crate) fn gradient_scalarrayint(cx: &mut Cx<'_>, a: &[Arg<'_>]) -> Result<Outs> {
    let t = args::tensor(cx, a, 0, "self")?;
    let count = spacing_count(cx, a)?;
    let dim = args::opt_int(cx, a, 2, "dim", None)?;
    let edge_order = args::int(cx, a, 3, "edge_order", Some(1))?;
    match dim {
        None if count != t.dim() => {
            return Err(invalid(
                cx,
                format!(
                    "torch.gradient expected spacing to be unspecified, a scalar, or a list of length equal to 'self.dim() = {}', since dim argument was not given, but got a list of length {count}",
                    t.dim()
                ),
            ));
        }
        Some(_) => spacings_per_dim(cx, count, 1)?,
        None => {}
    }
    gradient(cx, t, dim.map(|d| vec![d]), None, edge_order)
}

/// `gradient.scalarrayarray(Tensor self, *, Scalar[] spacing, int[] dim,
/// int edge_order=1) -> Tensor[]`: [`gradient`] along `dim`, one spacing
/// per dim.
pub(crate) fn gradient_scalarrayarray(cx: &mut Cx<'_>, a: &[Arg<'_>]) -> Result<Outs> {
    let t = args::tensor(cx, a, 0, "self")?;
    let count = spacing_count(cx, a)?;
    let dim = args::ints(cx, a, 2, "dim", None)?;
    let edge_order = args::int(cx, a, 3, "edge_order", Some(1))?;
    spacings_per_dim(cx, count, dim.len())?;
    gradient(cx, t, Some(dim.to_vec()), None, edge_order)
}

/// `pre_check_gradient`: as many spacings as dims given.
fn spacings_per_dim(cx: &Cx<'_>, count: usize, dims: usize) -> Result<()> {
    if count == dims {
        return Ok(());
    }
    Err(invalid(
        cx,
        format!(
            "torch.gradient expected spacing to be unspecified, a scalar or it's spacing and dim arguments to have the same length, but got a spacing argument of length {count} and a dim argument of length {dims}."
        ),
    ))
}

/// `pre_check_gradient`'s refusal of a list of coordinate vectors of the
/// wrong length.
const SPACING_LENGTH: &str =
    "torch.gradient expected spacing to be unspecified, a scalar or a list of one element per dim";

/// `gradient.tensorarray(Tensor self, *, Tensor[] spacing, int[] dim, int
/// edge_order=1) -> Tensor[]`: [`gradient`] along `dim`, one coordinate
/// vector per dim.
pub(crate) fn gradient_tensorarray(cx: &mut Cx<'_>, a: &[Arg<'_>]) -> Result<Outs> {
    let t = args::tensor(cx, a, 0, "self")?;
    let spacing = args::tensors(cx, a, 1, "spacing")?;
    let dim = args::ints(cx, a, 2, "dim", None)?;
    let edge_order = args::int(cx, a, 3, "edge_order", Some(1))?;
    gradient(cx, t, Some(dim.to_vec()), Some(spacing), edge_order)
}

/// `gradient.tensorarrayint(Tensor self, *, Tensor[] spacing, int?
/// dim=None, int edge_order=1) -> Tensor[]`: [`gradient`] along `dim` or
/// every dim, one coordinate vector per dim.
pub(crate) fn gradient_tensorarrayint(cx: &mut Cx<'_>, a: &[Arg<'_>]) -> Result<Outs> {
    let t = args::tensor(cx, a, 0, "self")?;
    let spacing = args::tensors(cx, a, 1, "spacing")?;
    let dim = args::opt_int(cx, a, 2, "dim", None)?;
    let edge_order = args::int(cx, a, 3, "edge_order", Some(1))?;
    gradient(cx, t, dim.map(|d| vec![d]), Some(spacing), edge_order)
}

/// ATen's `gradient` of `t` along `dims` (every dim when absent): its
/// `pre_check_gradient` (no uint8, as many coordinate vectors as dims,
/// `edge_order` 1 or 2, distinct dims each of at least `edge_order + 1`
/// elements); one tensor per dim, each `cat` of the edges and the centre
/// differences divided by the spacing: `t`'s sizes, which ATen reads as
/// integers (guarded), contiguous, in the division's dtype (with
/// coordinate vectors, promoted with theirs; each a vector whose
/// differences reach both edges and broadcast against the centre's).
fn gradient(
    cx: &mut Cx<'_>,
    t: &TensorMeta,
    dims: Option<Vec<i64>>,
    coordinates: Option<&[&TensorMeta]>,
    edge_order: i64,
) -> Result<Outs> {
    if t.dtype == DType::UInt8 {
        return Err(invalid(cx, "torch.gradient does not support uint8 input."));
    }
    if let Some(c) = coordinates {
        let wanted = dims.as_ref().map_or(t.dim(), Vec::len);
        if c.len() != wanted {
            return Err(invalid(cx, SPACING_LENGTH));
        }
    }
    if edge_order != 1 && edge_order != 2 {
        return Err(invalid(
            cx,
            "torch.gradient only supports edge_order=1 and edge_order=2.",
        ));
    }
    let dims: Vec<usize> = match dims {
        Some(ds) => {
            let mut seen = Vec::with_capacity(ds.len());
            for d in ds {
                // `maybe_wrap_dim(dim, self.dim(), /*wrap_scalar=*/false)`.
                if t.dim() == 0 {
                    return Err(no_dims(cx, d));
                }
                let w = wrap_dim(cx.op, d, t.dim())?;
                if seen.contains(&w) {
                    return Err(invalid(
                        cx,
                        format!("dim {w} appears multiple times in the list of dims"),
                    ));
                }
                seen.push(w);
            }
            seen
        }
        None => (0..t.dim()).collect(),
    };
    let mut sizes = Dims::new();
    for &s in &t.sizes {
        sizes.push(SymInt::Int(cx.env.guard_int(s, cx.op)?));
    }
    for &d in &dims {
        let SymInt::Int(n) = sizes[d] else {
            return Err(invalid(cx, "a size read as an integer stayed symbolic"));
        };
        if n < edge_order.saturating_add(1) {
            return Err(invalid(
                cx,
                "torch.gradient expected each dimension size to be at least edge_order+1",
            ));
        }
    }
    // The centre differences subtract slices of `self`: a bool one is
    // refused along a dim, and no dim (a zero-dim `self`) subtracts none.
    if t.dtype == DType::Bool && !dims.is_empty() {
        return Err(invalid(cx, super::BOOL_SUBTRACTION));
    }
    let mut list = Vec::with_capacity(dims.len());
    let strides = fake_runtime::strides::contiguous(cx.env, &sizes)?;
    for (i, &d) in dims.iter().enumerate() {
        let mut dtype = t.dtype;
        let (mut out_sizes, mut out_strides) = (sizes.clone(), strides.clone());
        if let Some(c) = coordinates {
            let c = c[i];
            let along = coordinate_checks(cx, c, sizes[d], edge_order)?;
            if along != sizes[d] {
                // The centre takes the coefficients' length where the
                // slices of `self` broadcast against it.
                out_sizes[d] = along;
                out_strides = fake_runtime::strides::contiguous(cx.env, &out_sizes)?;
            }
            // The coefficients are quotients of the coordinates'
            // differences: an integral one's are floating.
            let quotient = if c.dtype.is_integral(true) {
                cx.defaults.dtype
            } else {
                c.dtype
            };
            dtype = fake_runtime::promotion::promote_types(dtype, quotient)?;
        }
        if dtype.is_integral(true) {
            dtype = cx.defaults.dtype;
        }
        let mut out = super::fresh(cx, t, out_sizes, out_strides);
        out.dtype = dtype;
        list.push((out, fake_runtime::Alias::Fresh));
    }
    let mut outs = Outs::new();
    outs.push(Out::Tensors(list));
    Ok(outs)
}

/// A coordinate vector of `gradient` along a dim of `n` elements: one
/// dim, read as an integer; its differences reach both edges (one more
/// element than `edge_order`), and the centre's coefficients (two fewer
/// than its elements) broadcast against the `n - 2` centre differences.
/// The result's length along the dim: the broadcast centre and the two
/// edges.
fn coordinate_checks(
    cx: &mut Cx<'_>,
    c: &TensorMeta,
    n: SymInt,
    edge_order: i64,
) -> Result<SymInt> {
    if c.dim() != 1 {
        return Err(invalid(
            cx,
            format!(
                "torch.gradient expected each element of spacing to have one dimension, but got an element with {} dimensions!",
                c.dim()
            ),
        ));
    }
    let len = cx.env.guard_int(c.sizes[0], cx.op)?;
    let SymInt::Int(n) = n else {
        return Err(invalid(cx, "a size read as an integer stayed symbolic"));
    };
    if len < edge_order + 1 {
        return Err(invalid(
            cx,
            format!(
                "index {edge_order} is out of bounds for dimension 0 with size {}",
                len - 1
            ),
        ));
    }
    let coefficients = [SymInt::Int((len - 2).max(0))];
    let centre = [SymInt::Int(n - 2)];
    let joined = shape::broadcast(cx.env, cx.op, &[&coefficients, &centre])?;
    match joined.first() {
        Some(&SymInt::Int(m)) => Ok(SymInt::Int(m + 2)),
        _ => Ok(SymInt::Int(n)),
    }
}
