//! `_grouped_mm` (`meta_grouped_mm`, `_meta_grouped_mm_common` without
//! scales): groups of matrix products of a 2-D or 3-D `self` and `mat2`,
//! a 2-D operand split along its rows or columns by the `offs` ends. The
//! checks of `_grouped_mm_validate_inputs` in their order; the result's
//! last dim padded to 16 bytes in its strides, as the meta does on a
//! CUDA build of PyTorch (the wheels this project's fixtures come from),
//! whichever device the operands are on.

use super::invalid;
use fake_runtime::shape::{Dims, display_torch_size};
use fake_runtime::support::{args, require, require_printing};
use fake_runtime::{Arg, Cx, DType, Outs, Result, SymInt, TensorMeta};

/// `_grouped_mm(Tensor self, Tensor mat2, Tensor? offs=None, Tensor?
/// bias=None, ScalarType? out_dtype=None) -> Tensor`.
pub(crate) fn grouped_mm(cx: &mut Cx<'_>, a: &[Arg<'_>]) -> Result<Outs> {
    let mat_a = args::tensor(cx, a, 0, "self")?;
    let mat_b = args::tensor(cx, a, 1, "mat2")?;
    let offs = args::opt_tensor(cx, a, 2, "offs")?;
    let bias = args::opt_tensor(cx, a, 3, "bias")?;
    let out_dtype = args::opt_dtype(cx, a, 4, "out_dtype", None)?;
    for (name, m) in [("mat_a", mat_a), ("mat_b", mat_b)] {
        if !matches!(m.dtype, DType::BFloat16 | DType::Float32 | DType::Float16) {
            return Err(invalid(
                cx,
                format!(
                    "Expected {name} to be Float32, BFloat16 or Float16 matrix, got torch.{}.",
                    m.dtype
                ),
            ));
        }
    }
    let (da, db) = (mat_a.dim(), mat_b.dim());
    if !(2..=3).contains(&da) || !(2..=3).contains(&db) {
        return Err(invalid(
            cx,
            format!("Multiplicands must be 2D or 3D but got mat_a.dim()={da} and mat_b.dim()={db}"),
        ));
    }
    let (a2, b2) = (da == 2, db == 2);
    if !a2 || !b2 {
        let same = cx.env.eq(mat_a.sizes[da - 1], mat_b.sizes[db - 2])?;
        require(
            cx,
            same,
            "contraction dimension of mat_a and mat_b must match",
        )?;
    }
    valid_strides(cx, "mat_a", mat_a)?;
    valid_strides(cx, "mat_b", mat_b)?;
    if a2 || b2 {
        let Some(o) = offs else {
            return Err(invalid(
                cx,
                format!(
                    "Offsets tensor not provided, but is needed for {da}D/{db}D multiplicand layouts."
                ),
            ));
        };
        if o.dim() != 1 {
            return Err(invalid(
                cx,
                format!("Offsets tensor must be 1D, but got offs.dim()={}.", o.dim()),
            ));
        }
        if o.dtype != DType::Int32 {
            return Err(invalid(
                cx,
                format!(
                    "Offsets tensor must be integer (int32) tensor, but got torch.{}.",
                    o.dtype
                ),
            ));
        }
        let unit = cx.env.eq(o.strides[0], SymInt::Int(1))?;
        let stride = o.strides[0];
        require_printing(cx, unit, &|env| {
            format!(
                "Offsets tensor must have stride (1,), but got ({},).",
                env.display(stride)
            )
        })?;
    } else if offs.is_some() {
        return Err(invalid(
            cx,
            "Offsets tensor provided, but is not needed for 3D/3D multiplicand layouts.",
        ));
    }
    if bias.is_some() {
        return Err(invalid(
            cx,
            "Bias tensor provided, but it is not supported yet.",
        ));
    }
    // The result has `mat_a`'s dtype: the only one `out_dtype` may name.
    if out_dtype.is_some_and(|d| d != mat_a.dtype) {
        return Err(invalid(
            cx,
            "Grouped gemm output dtype must match `mat_a` dtype.",
        ));
    }
    output(cx, mat_a, mat_b, offs)
}

/// `check_valid_strides(name, mat)`: the last two dims laid out as a
/// column-major or a row-major matrix, its leading stride a multiple of
/// 16 bytes.
fn valid_strides(cx: &mut Cx<'_>, name: &str, m: &TensorMeta) -> Result<()> {
    let end = m.dim() - 1;
    let alignment = SymInt::Int(16 / m.dtype.itemsize() as i64);
    let one = SymInt::Int(1);
    let (s, t) = (m.strides[end - 1], m.strides[end]);
    // `stride[d] == 1 and stride[e] >= max(1, size[d])`, each a guard.
    let leading = |cx: &mut Cx<'_>, unit: SymInt, lead: SymInt, size: SymInt| {
        let is_unit = cx.env.eq(unit, one)?;
        if !cx.env.guard_bool(is_unit, cx.op)? {
            return Ok(false);
        }
        let floor = cx.env.max(one, size)?;
        let wide = cx.env.ge(lead, floor)?;
        cx.env.guard_bool(wide, cx.op)
    };
    let (dim, lead) = if leading(cx, s, t, m.sizes[end - 1])? {
        (end, t)
    } else if leading(cx, t, s, m.sizes[end])? {
        (end - 1, s)
    } else {
        let message = format!(
            "Invalid strides/sizes, got {} for strides and {} for sizes.",
            super::inplace_refs::python_tuple(cx, &m.strides),
            display_torch_size(cx.env, &m.sizes)
        );
        return Err(invalid(cx, message));
    };
    let rem = cx.env.modulo(lead, alignment)?;
    let aligned = cx.env.eq(rem, SymInt::Int(0))?;
    require_printing(cx, aligned, &|env| {
        format!(
            "Expected {name} stride along {dim} dim to be multiple of 16 bytes, got {}.",
            env.display(lead)
        )
    })
}

/// `_create_grouped_mm_output_tensor`: the groups' sizes (a batch per
/// offset when both operands are 2-D), in `mat_a`'s dtype, the last
/// dim's stride padded to 16 bytes.
fn output(
    cx: &mut Cx<'_>,
    mat_a: &TensorMeta,
    mat_b: &TensorMeta,
    offs: Option<&TensorMeta>,
) -> Result<Outs> {
    let (a2, b2) = (mat_a.dim() == 2, mat_b.dim() == 2);
    let groups = offs.map_or(SymInt::Int(0), |o| o.sizes[0]);
    let batches_match = |cx: &mut Cx<'_>, a: SymInt, b: SymInt, message: &str| {
        let same = cx.env.eq(a, b)?;
        require(cx, same, message)
    };
    let sizes: Dims = match (a2, b2) {
        (true, true) => Dims::from([groups, mat_a.sizes[0], mat_b.sizes[1]]),
        (true, false) => {
            batches_match(
                cx,
                groups,
                mat_b.sizes[0],
                "matrix batch sizes have to match",
            )?;
            Dims::from([mat_a.sizes[0], mat_b.sizes[2]])
        }
        (false, true) => {
            batches_match(
                cx,
                groups,
                mat_a.sizes[0],
                "matrix batch sizes have to match",
            )?;
            Dims::from([mat_a.sizes[1], mat_b.sizes[1]])
        }
        (false, false) => {
            batches_match(
                cx,
                mat_a.sizes[0],
                mat_b.sizes[0],
                "batched dimension has to match",
            )?;
            Dims::from([mat_a.sizes[0], mat_a.sizes[1], mat_b.sizes[2]])
        }
    };
    let alignment = 16 / mat_a.dtype.itemsize() as i64;
    let last = sizes[sizes.len() - 1];
    let padded = {
        let up = cx.env.add(last, SymInt::Int(alignment - 1))?;
        let groups_of = cx.env.floordiv(up, SymInt::Int(alignment))?;
        cx.env.mul(groups_of, SymInt::Int(alignment))?
    };
    let strides: Dims = if a2 == b2 {
        let outer = cx.env.mul(sizes[1], padded)?;
        Dims::from([outer, padded, SymInt::Int(1)])
    } else {
        Dims::from([padded, SymInt::Int(1)])
    };
    Ok(super::fresh_out(cx, mat_a, sizes, strides))
}
