//! `einsum(str equation, Tensor[] tensors, *, int[]? path=None)`: ATen's
//! composite (`Linear.cpp`), step for step. The equation is parsed into
//! labels; every operand is brought to one dim order (output labels, then
//! the contracted ones) by `diagonal` + `movedim` for a repeated label,
//! `unsqueeze` for a missing one and a `permute`; then pairs are contracted
//! left to right (or in `path`'s order) by `sumproduct_pair`, a `mul`, or
//! `permute` + `reshape` + `bmm` + `view` + `permute`, after summing dims
//! only one side still has. Each step is the generated kernel of the
//! operator ATen calls, so sizes, strides and guards are theirs. The
//! equation string drives the loop: no rule can say it.
//!
//! The result is on its own storage: where PyTorch's is a view of an
//! operand (one operand, nothing summed: `ij->ji`, `ii->i`), [`Alias`]
//! cannot name an element of a `Tensor[]` argument.

use super::invalid;
use fake_runtime::shape::{self, Dims};
use fake_runtime::support::args;
use fake_runtime::{
    Alias, Arg, Cx, DType, Out, Outs, Result, ShapeEnv, SymBool, SymInt, TensorMeta,
};
use std::collections::VecDeque;

// ---- the operators the composites call -------------------------------------------

/// The one tensor a generated kernel returned.
fn one(cx: &Cx<'_>, outs: Outs) -> Result<TensorMeta> {
    match outs.into_iter().next() {
        Some(Out::Tensor(t, _)) => Ok(t),
        _ => Err(invalid(cx, "a composed operator gave no tensor")),
    }
}

/// Static ints as an `int[]` argument.
fn ints<'a>(v: impl IntoIterator<Item = i64>) -> Arg<'a> {
    Arg::Ints(v.into_iter().map(SymInt::Int).collect())
}

/// `t.permute(perm)`.
pub(super) fn permute(cx: &mut Cx<'_>, t: &TensorMeta, perm: &[i64]) -> Result<TensorMeta> {
    let outs = crate::erased::permute(cx, &[Arg::Tensor(t), ints(perm.iter().copied())])?;
    one(cx, outs)
}

/// `t.unsqueeze(dim)`.
fn unsqueeze(cx: &mut Cx<'_>, t: &TensorMeta, dim: i64) -> Result<TensorMeta> {
    let outs = crate::erased::unsqueeze(cx, &[Arg::Tensor(t), Arg::Int(SymInt::Int(dim))])?;
    one(cx, outs)
}

/// `t.diagonal(0, dim1, dim2)`.
fn diagonal(cx: &mut Cx<'_>, t: &TensorMeta, dim1: i64, dim2: i64) -> Result<TensorMeta> {
    let outs = super::diagonal(
        cx,
        &[
            Arg::Tensor(t),
            Arg::Int(SymInt::Int(0)),
            Arg::Int(SymInt::Int(dim1)),
            Arg::Int(SymInt::Int(dim2)),
        ],
    )?;
    one(cx, outs)
}

/// `t.movedim(source, destination)`.
fn movedim(cx: &mut Cx<'_>, t: &TensorMeta, source: i64, destination: i64) -> Result<TensorMeta> {
    let outs = crate::erased::movedim_int(
        cx,
        &[
            Arg::Tensor(t),
            Arg::Int(SymInt::Int(source)),
            Arg::Int(SymInt::Int(destination)),
        ],
    )?;
    one(cx, outs)
}

/// `t.sum(dims, keepdim, dtype)` (`sum.dim_IntList`).
pub(super) fn sum(
    cx: &mut Cx<'_>,
    t: &TensorMeta,
    dims: &[i64],
    keepdim: bool,
    dtype: Option<DType>,
) -> Result<TensorMeta> {
    let outs = crate::erased::sum_dim_intlist(
        cx,
        &[
            Arg::Tensor(t),
            ints(dims.iter().copied()),
            Arg::Bool(keepdim),
            dtype.map_or(Arg::None, Arg::DType),
        ],
    )?;
    one(cx, outs)
}

/// `t.reshape(sizes)`: a view when the strides allow one, else a copy.
pub(super) fn reshape(cx: &mut Cx<'_>, t: &TensorMeta, sizes: Dims) -> Result<TensorMeta> {
    let outs = super::reshape(cx, &[Arg::Tensor(t), Arg::Ints(sizes[..].into())])?;
    one(cx, outs)
}

/// `t.view(sizes)`.
fn view(cx: &mut Cx<'_>, t: &TensorMeta, sizes: Dims) -> Result<TensorMeta> {
    let outs = super::view(cx, &[Arg::Tensor(t), Arg::Ints(sizes[..].into())])?;
    one(cx, outs)
}

/// `at::mul(a, b)`.
fn mul(cx: &mut Cx<'_>, a: &TensorMeta, b: &TensorMeta) -> Result<TensorMeta> {
    let outs = crate::erased::mul_tensor(cx, &[Arg::Tensor(a), Arg::Tensor(b)])?;
    one(cx, outs)
}

/// `at::bmm(a, b)`, with the dtype check of its meta kernel
/// (`common_meta_baddbmm_bmm`), which the `bmm` rule leaves out.
fn bmm(cx: &mut Cx<'_>, a: &TensorMeta, b: &TensorMeta) -> Result<TensorMeta> {
    if a.dtype != b.dtype {
        return Err(invalid(
            cx,
            format!(
                "expected scalar type torch.{} but found torch.{}",
                a.dtype, b.dtype
            ),
        ));
    }
    let outs = crate::erased::bmm(cx, &[Arg::Tensor(a), Arg::Tensor(b)])?;
    one(cx, outs)
}

/// `t` as a kernel's one output, on its own storage.
pub(super) fn fresh_result(t: TensorMeta) -> Outs {
    let mut outs = Outs::new();
    outs.push(Out::Tensor(t, Alias::Fresh));
    outs
}

// ---- symbolic decisions as ATen takes them ---------------------------------------

/// `TORCH_GUARD_OR_TRUE(s.sym_ne(1))`.
fn ne_one(cx: &mut Cx<'_>, s: SymInt) -> Result<bool> {
    if let SymInt::Int(v) = s {
        return Ok(v != 1);
    }
    let c = cx.env.ne(s, SymInt::Int(1))?;
    cx.env.guard_or_true(c, cx.op)
}

/// `TORCH_SYM_CHECK(c, message)`: a guard on backed sizes, a runtime
/// assert on unbacked ones; the message is built only when `c` is false.
fn sym_check(cx: &mut Cx<'_>, c: SymBool, message: &dyn Fn(&ShapeEnv) -> String) -> Result<()> {
    match c {
        SymBool::Bool(true) => Ok(()),
        SymBool::Bool(false) => Err(invalid(cx, message(cx.env))),
        SymBool::Expr(_) => shape::check_printing(cx.env, c, cx.op, message),
    }
}

/// `a.sym_eq(1).sym_or(a.sym_eq(b))`: `b` broadcasts with a size seen
/// before.
fn broadcasts(cx: &mut Cx<'_>, a: SymInt, b: SymInt) -> Result<SymBool> {
    let one = cx.env.eq(a, SymInt::Int(1))?;
    let same = cx.env.eq(a, b)?;
    cx.env.or(one, same)
}

/// `TORCH_SYM_CHECK(a.sym_eq(b), "non-broadcast dimensions must match")`.
fn require_same(cx: &mut Cx<'_>, a: SymInt, b: SymInt) -> Result<()> {
    let c = cx.env.eq(a, b)?;
    sym_check(cx, c, &|_| {
        "non-broadcast dimensions must match".to_string()
    })
}

/// `v` as an index (every dim and label index here is non-negative).
fn at(v: i64) -> usize {
    usize::try_from(v).unwrap_or(usize::MAX)
}

// ---- sumproduct_pair ---------------------------------------------------------------

/// `sumproduct_pair(left, right, sum_dims, keepdim=true)`: `(left *
/// right).sum(sum_dims, keepdim=True)` of two operands of the same rank,
/// by `bmm` on their permuted and flattened dims when something is summed.
fn sumproduct_pair(
    cx: &mut Cx<'_>,
    left: &TensorMeta,
    right: &TensorMeta,
    sum_dims: &[i64],
) -> Result<TensorMeta> {
    if left.dim() != right.dim() {
        return Err(invalid(cx, "number of dimensions must match"));
    }
    if sum_dims.is_empty() {
        return mul(cx, left, right);
    }
    let dim = left.dim();
    let mut summed = vec![false; dim];
    for &d in sum_dims {
        summed[at(d)] = true;
    }
    let (mut lro, mut lo, mut ro) = (Vec::new(), Vec::new(), Vec::new());
    let one = SymInt::Int(1);
    let (mut lro_size, mut lo_size, mut ro_size, mut sum_size) = (one, one, one, one);
    let mut left = left.clone();
    let mut right = right.clone();
    for (i, &is_summed) in summed.iter().enumerate() {
        let sl = ne_one(cx, left.sizes[i])?;
        let sr = ne_one(cx, right.sizes[i])?;
        let d = i as i64;
        if is_summed {
            if sl && sr {
                require_same(cx, left.sizes[i], right.sizes[i])?;
                sum_size = cx.env.mul(sum_size, left.sizes[i])?;
            } else if sl {
                left = sum(cx, &left, &[d], true, None)?;
            } else if sr {
                right = sum(cx, &right, &[d], true, None)?;
            }
        } else if sl && sr {
            require_same(cx, left.sizes[i], right.sizes[i])?;
            lro.push(d);
            lro_size = cx.env.mul(lro_size, left.sizes[i])?;
        } else if sl {
            lo.push(d);
            lo_size = cx.env.mul(lo_size, left.sizes[i])?;
        } else {
            ro.push(d);
            ro_size = cx.env.mul(ro_size, right.sizes[i])?;
        }
    }
    // When every dim of the right operand comes before those of the left
    // in the output, the operands swap so that bmm writes the output's
    // order directly.
    if let (Some(&last_ro), Some(&first_lo)) = (ro.last(), lo.first())
        && last_ro < first_lo
    {
        std::mem::swap(&mut left, &mut right);
        std::mem::swap(&mut lo, &mut ro);
        std::mem::swap(&mut lo_size, &mut ro_size);
    }
    let mut out_size = Dims::new();
    out_size.extend(lro.iter().map(|&d| left.sizes[at(d)]));
    out_size.extend(lo.iter().map(|&d| left.sizes[at(d)]));
    out_size.extend(sum_dims.iter().map(|_| SymInt::Int(1)));
    out_size.extend(ro.iter().map(|&d| right.sizes[at(d)]));

    let lperm: Vec<i64> = [&lro[..], &lo, sum_dims, &ro].concat();
    let rperm: Vec<i64> = [&lro[..], sum_dims, &ro, &lo].concat();
    let mut operm = vec![-1i64; out_size.len()];
    for (k, &d) in lperm.iter().enumerate() {
        operm[at(d)] = k as i64;
    }

    let l = permute(cx, &left, &lperm)?;
    let l = reshape(cx, &l, Dims::from_slice(&[lro_size, lo_size, sum_size]))?;
    let r = permute(cx, &right, &rperm)?;
    let r = reshape(cx, &r, Dims::from_slice(&[lro_size, sum_size, ro_size]))?;
    let result = bmm(cx, &l, &r)?;
    let result = view(cx, &result, out_size)?;
    permute(cx, &result, &operm)
}

// ---- the equation ------------------------------------------------------------------

/// Letters per case: labels are `[A-Za-z]`.
const LETTERS: u8 = 26;
/// Number of labels.
const LABELS: usize = 2 * LETTERS as usize;
/// The code of `...` among an operand's labels.
const ELLIPSIS: u8 = 2 * LETTERS;

/// A label's index: `A-Z` then `a-z`.
fn subscript(label: u8) -> u8 {
    if label.is_ascii_uppercase() {
        label - b'A'
    } else {
        label - b'a' + LETTERS
    }
}

/// The label of an index.
fn label_of(s: u8) -> char {
    char::from(if s < LETTERS {
        s + b'A'
    } else {
        s + b'a' - LETTERS
    })
}

/// Whether an ellipsis starts at `i` (a `.` was seen there), moving `i` to
/// its last dot as ATen's `i + 2 < len && s[++i] == '.' && s[++i] == '.'`.
fn ellipsis_at(s: &[u8], i: &mut usize) -> bool {
    if *i + 2 >= s.len() {
        return false;
    }
    for _ in 0..2 {
        *i += 1;
        if s[*i] != b'.' {
            return false;
        }
    }
    true
}

/// The labels of each operand (`ELLIPSIS` for `...`), as ATen reads the
/// left-hand side.
fn operand_labels(cx: &Cx<'_>, lhs: &[u8], num_ops: usize) -> Result<Vec<Vec<u8>>> {
    let mut labels = vec![Vec::new(); num_ops];
    let mut ell_in_input = false;
    let mut curr = 0usize;
    let mut i = 0usize;
    while i < lhs.len() {
        let label = lhs[i];
        match label {
            b' ' => {}
            b'.' => {
                if ell_in_input {
                    return Err(invalid(
                        cx,
                        format!(
                            "einsum(): found '.' for operand {curr} for which an ellipsis was already found"
                        ),
                    ));
                }
                if !ellipsis_at(lhs, &mut i) {
                    return Err(invalid(
                        cx,
                        format!(
                            "einsum(): found '.' for operand {curr} that is not part of any ellipsis"
                        ),
                    ));
                }
                labels[curr].push(ELLIPSIS);
                ell_in_input = true;
            }
            b',' => {
                curr += 1;
                if curr >= num_ops {
                    return Err(invalid(
                        cx,
                        "einsum(): fewer operands were provided than specified in the equation",
                    ));
                }
                ell_in_input = false;
            }
            _ => {
                if !label.is_ascii_alphabetic() {
                    return Err(invalid(
                        cx,
                        format!(
                            "einsum(): invalid subscript given at index {i} in the equation string, subscripts must be in [a-zA-Z]"
                        ),
                    ));
                }
                labels[curr].push(subscript(label));
            }
        }
        i += 1;
    }
    if curr + 1 != num_ops {
        return Err(invalid(
            cx,
            "einsum(): more operands were provided than specified in the equation",
        ));
    }
    Ok(labels)
}

/// Where each label goes in the common dim order: the output's dims, then
/// the contracted ones.
struct Layout {
    /// Each label's index in the common order (-1: unused).
    label_index: [i64; LABELS],
    /// Where the ellipsis dims start.
    ell_index: i64,
    /// Number of output dims.
    out_num_dim: i64,
    /// Number of dims in all.
    total: i64,
}

/// The common dim order, from the right-hand side (`rhs`) or, without
/// one, the ellipsis and then the labels seen once, in label order.
fn layout(
    cx: &Cx<'_>,
    rhs: Option<&[u8]>,
    lhs_len: usize,
    label_count: &[i64; LABELS],
    ell_num_dim: i64,
) -> Result<Layout> {
    let mut label_index = [-1i64; LABELS];
    let mut perm_index = 0i64;
    let mut ell_index = 0i64;
    let mut ell_in_output = false;
    match rhs {
        None => {
            perm_index = ell_num_dim;
            ell_in_output = true;
            for (label, &count) in label_count.iter().enumerate() {
                if count == 1 {
                    label_index[label] = perm_index;
                    perm_index += 1;
                }
            }
        }
        Some(rhs) => {
            let mut i = 0usize;
            while i < rhs.len() {
                let label = rhs[i];
                match label {
                    b' ' => {}
                    b'.' => {
                        if ell_in_output {
                            return Err(invalid(
                                cx,
                                "einsum(): found '.' for output but an ellipsis (...) was already found",
                            ));
                        }
                        if !ellipsis_at(rhs, &mut i) {
                            return Err(invalid(
                                cx,
                                "einsum(): found '.' for output that is not part of any ellipsis (...)",
                            ));
                        }
                        ell_index = perm_index;
                        perm_index += ell_num_dim;
                        ell_in_output = true;
                    }
                    _ => {
                        if !label.is_ascii_alphabetic() {
                            return Err(invalid(
                                cx,
                                format!(
                                    "einsum(): invalid subscript given at index {} in the equation string, subscripts must be in [a-zA-Z]",
                                    lhs_len + 2 + i
                                ),
                            ));
                        }
                        let s = usize::from(subscript(label));
                        if label_count[s] == 0 || label_index[s] != -1 {
                            let why = if label_index[s] > -1 {
                                "appears more than once in the output"
                            } else {
                                "does not appear in the equation for any input operand"
                            };
                            return Err(invalid(
                                cx,
                                format!("einsum(): output subscript {} {why}", char::from(label)),
                            ));
                        }
                        label_index[s] = perm_index;
                        perm_index += 1;
                    }
                }
                i += 1;
            }
        }
    }
    let out_num_dim = perm_index;
    if !ell_in_output {
        ell_index = perm_index;
        perm_index += ell_num_dim;
    }
    for (label, &count) in label_count.iter().enumerate() {
        if count > 0 && label_index[label] == -1 {
            label_index[label] = perm_index;
            perm_index += 1;
        }
    }
    Ok(Layout {
        label_index,
        ell_index,
        out_num_dim,
        total: perm_index,
    })
}

/// What the operands have told about the common dims so far.
struct Seen {
    /// Each label's size other than 1 (else 1).
    label_size: [SymInt; LABELS],
    /// Each ellipsis dim's size other than 1 (else 1).
    ell_sizes: Vec<SymInt>,
    /// How many operands have a size other than 1 in each common dim.
    dim_counts: Vec<u64>,
}

/// Operand `i` aligned to the common order: sizes checked against those
/// seen, a diagonal for a repeated label, size-1 dims for missing labels,
/// then permuted.
fn align(
    cx: &mut Cx<'_>,
    operand: &TensorMeta,
    i: usize,
    labels: &[u8],
    layout: &Layout,
    seen: &mut Seen,
) -> Result<TensorMeta> {
    let ell_num_dim = seen.ell_sizes.len() as i64;
    let mut op = operand.clone();
    let mut permutation = vec![-1i64; at(layout.total)];
    let mut dim = 0i64;
    for &s in labels {
        if s == ELLIPSIS {
            let ndim = operand.dim() as i64 - (labels.len() as i64 - 1);
            for j in (ell_num_dim - ndim)..ell_num_dim {
                let size = op.sizes[at(dim)];
                if ne_one(cx, size)? {
                    let previous = seen.ell_sizes[at(j)];
                    let c = broadcasts(cx, previous, size)?;
                    sym_check(cx, c, &|env| {
                        format!(
                            "einsum(): dimension {dim} covered by ellipsis in operand {i}has size {} which does not broadcast with previously seen ellipsis with size {} for the respective dimension",
                            env.display(size),
                            env.display(previous)
                        )
                    })?;
                    seen.ell_sizes[at(j)] = size;
                    seen.dim_counts[at(layout.ell_index + j)] += 1;
                }
                permutation[at(layout.ell_index + j)] = dim;
                dim += 1;
            }
            continue;
        }
        let s_index = usize::from(s);
        let target = at(layout.label_index[s_index]);
        if permutation[target] == -1 {
            let size = op.sizes[at(dim)];
            if ne_one(cx, size)? {
                let previous = seen.label_size[s_index];
                let c = broadcasts(cx, previous, size)?;
                sym_check(cx, c, &|env| {
                    format!(
                        "einsum(): subscript {} has size {} for operand {i} which does not broadcast with previously seen size {}",
                        label_of(s),
                        env.display(size),
                        env.display(previous)
                    )
                })?;
                seen.label_size[s_index] = size;
                seen.dim_counts[target] += 1;
            }
            permutation[target] = dim;
            dim += 1;
        } else {
            // A repeated label: its diagonal, where the label first was.
            let prev_dim = permutation[target];
            let (here, before) = (op.sizes[at(dim)], op.sizes[at(prev_dim)]);
            if !shape::guard_eq(cx.env, here, before, cx.op)? {
                let message = format!(
                    "einsum(): subscript {} is repeated for operand {i} but the sizes don't match, {} != {}",
                    label_of(s),
                    cx.env.display(here),
                    cx.env.display(before)
                );
                return Err(invalid(cx, message));
            }
            op = diagonal(cx, &op, prev_dim, dim)?;
            op = movedim(cx, &op, -1, prev_dim)?;
        }
    }
    for val in permutation.iter_mut() {
        if *val == -1 {
            op = unsqueeze(cx, &op, dim)?;
            *val = dim;
            dim += 1;
        }
    }
    permute(cx, &op, &permutation)
}

/// `aten::einsum`.
pub(crate) fn einsum(cx: &mut Cx<'_>, a: &[Arg<'_>]) -> Result<Outs> {
    let equation = args::opt_str(cx, a, 0, "equation", None)?;
    let equation = args::required(cx, 0, "equation", equation)?.as_bytes();
    let operands = args::tensors(cx, a, 1, "tensors")?;
    let path = args::opt_ints(cx, a, 2, "path", None)?;
    if operands.is_empty() {
        return Err(invalid(cx, "einsum(): must provide at least one operand"));
    }
    let num_ops = operands.len();
    if let Some(path) = &path {
        let path_size = if num_ops == 1 { 1 } else { (num_ops - 1) * 2 };
        if path.len() != path_size {
            return Err(invalid(
                cx,
                format!(
                    "einsum(): expected contraction path given in path parameter to have size {path_size} but got {}",
                    path.len()
                ),
            ));
        }
    }

    let arrow = equation.windows(2).position(|w| w == b"->");
    let lhs = arrow.map_or(equation, |p| &equation[..p]);
    let op_labels = operand_labels(cx, lhs, num_ops)?;

    let mut label_count = [0i64; LABELS];
    let mut ell_num_dim = 0i64;
    for (i, (operand, labels)) in operands.iter().zip(&op_labels).enumerate() {
        let ndims = operand.dim() as i64;
        let mut nlabels = labels.len() as i64;
        let mut has_ellipsis = false;
        for &label in labels {
            if label == ELLIPSIS {
                nlabels -= 1;
                has_ellipsis = true;
                ell_num_dim = ell_num_dim.max(ndims - nlabels);
            } else {
                label_count[usize::from(label)] += 1;
            }
        }
        let fits = if has_ellipsis {
            nlabels <= ndims
        } else {
            nlabels == ndims
        };
        if !fits {
            let (relation, tail) = if has_ellipsis {
                ("is more than", "")
            } else {
                ("does not match", " and no ellipsis was given")
            };
            return Err(invalid(
                cx,
                format!(
                    "einsum(): the number of subscripts in the equation ({nlabels}) {relation} the number of dimensions ({ndims}) for operand {i}{tail}"
                ),
            ));
        }
    }

    let rhs = arrow.map(|p| &equation[p + 2..]);
    let layout = layout(cx, rhs, lhs.len(), &label_count, ell_num_dim)?;
    let mut seen = Seen {
        label_size: [SymInt::Int(1); LABELS],
        ell_sizes: vec![SymInt::Int(1); at(ell_num_dim)],
        dim_counts: vec![0; at(layout.total)],
    };
    let mut ops = VecDeque::with_capacity(num_ops);
    for (i, (operand, labels)) in operands.iter().zip(&op_labels).enumerate() {
        ops.push_back(align(cx, operand, i, labels, &layout, &mut seen)?);
    }

    let mut steps = path.iter().flatten().copied();
    while ops.len() > 1 {
        let (mut i, mut j) = (0i64, 1i64);
        if path.is_some() {
            i = steps.next().unwrap_or(0);
            j = steps.next().unwrap_or(1);
            if j < i {
                std::mem::swap(&mut i, &mut j);
            }
            if i == j || i < 0 || j >= ops.len() as i64 {
                let why = if i == j {
                    ") cannot contract an operand with itself"
                } else {
                    ") operand index is out of bounds"
                };
                return Err(invalid(
                    cx,
                    format!("einsum(): invalid contraction ({i}, {j}{why}"),
                ));
            }
        }
        let (Some(mut b), Some(mut a)) = (ops.remove(at(j)), ops.remove(at(i))) else {
            return Err(invalid(cx, "einsum(): operand index is out of bounds"));
        };

        let mut sum_dims = Vec::new();
        let mut a_dims = Vec::new();
        let mut b_dims = Vec::new();
        for dim in layout.out_num_dim..layout.total {
            let d = at(dim);
            let sa = ne_one(cx, a.sizes[d])?;
            let sb = ne_one(cx, b.sizes[d])?;
            if sa && sb {
                // Both sides have it (or cannot be told to broadcast).
                require_same(cx, a.sizes[d], b.sizes[d])?;
                seen.dim_counts[d] = seen.dim_counts[d].wrapping_sub(1);
                if seen.dim_counts[d] == 1 {
                    sum_dims.push(dim);
                    seen.dim_counts[d] = 0;
                }
            } else if seen.dim_counts[d] == 1 {
                if sa {
                    a_dims.push(dim);
                    seen.dim_counts[d] = 0;
                } else if sb {
                    b_dims.push(dim);
                    seen.dim_counts[d] = 0;
                }
            }
        }
        if !a_dims.is_empty() {
            a = sum(cx, &a, &a_dims, true, None)?;
        }
        if !b_dims.is_empty() {
            b = sum(cx, &b, &b_dims, true, None)?;
        }
        let product = sumproduct_pair(cx, &a, &b, &sum_dims)?;
        if path.is_some() {
            ops.push_back(product);
        } else {
            ops.push_front(product);
        }
    }

    let Some(result) = ops.pop_front() else {
        return Err(invalid(cx, "einsum(): must provide at least one operand"));
    };
    let result = if layout.total > layout.out_num_dim {
        if num_ops > 1 {
            // Every contracted dim is 1 by now.
            let sizes = Dims::from_slice(&result.sizes[..at(layout.out_num_dim)]);
            view(cx, &result, sizes)?
        } else {
            let dims: Vec<i64> = (layout.out_num_dim..layout.total).collect();
            sum(cx, &result, &dims, false, None)?
        }
    } else {
        result
    };
    Ok(fresh_result(result))
}
