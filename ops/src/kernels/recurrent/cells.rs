//! The recurrent cells (`lstm_cell`, `gru_cell`, `rnn_tanh_cell`,
//! `rnn_relu_cell`): ATen's composites (`RNN.cpp`) as FakeTensorMode runs
//! them. First the checks of the input, the states and the weights, in
//! ATen's order (C++ `size()` specialises every size of a symbolic
//! tensor, `sym_size()` reads one as it is); then, on the CPU, `linear`s,
//! `unsafe_chunk` (its Python kernel, which export runs) and in-place
//! elementwise operators, whose chain gives the state's layout; on CUDA
//! the `matmul`s and the meta kernel of `_thnn_fused_lstm_cell` /
//! `_thnn_fused_gru_cell` (checks, then contiguous states).

use super::{fresh, gate, linear, many, matmul, new_empty, same, size_at, t};
use crate::erased as k;
use crate::kernels::invalid;
use crate::kernels::loss_steps::{binary, one, unary};
use fake_runtime::shape;
use fake_runtime::support::{args, dims_eq, inplace_variant, require, require_printing};
use fake_runtime::{Alias, Arg, Cx, DeviceType, Out, Outs, Result, SymInt, TensorMeta};

/// C++ `t.size(d)`, an `int`: on a tensor with symbolic sizes every size
/// is specialised (`sizes()`), then dim `d` is read.
fn int_size(cx: &mut Cx<'_>, t: &TensorMeta, d: i64) -> Result<SymInt> {
    let s = size_at(cx, t, d)?;
    if t.sizes.iter().any(|s| !s.is_static()) {
        for &s in &t.sizes {
            cx.env.guard_int(s, cx.op)?;
        }
    }
    Ok(SymInt::Int(cx.env.guard_int(s, cx.op)?))
}

/// `a.unsafe_chunk(n, dim)` (its Python kernel, which export runs).
fn unsafe_chunk(cx: &mut Cx<'_>, a: &TensorMeta, n: i64, dim: i64) -> Result<Vec<TensorMeta>> {
    let chunks = Arg::Int(SymInt::Int(n));
    let dim = Arg::Int(SymInt::Int(dim));
    let outs = crate::kernels::unsafe_chunk(cx, &[Arg::Tensor(a), chunks, dim])?;
    many(cx, outs)
}

/// `a.tanh_()`: `tanh`'s result written into `a`.
fn tanh_(cx: &mut Cx<'_>, a: &TensorMeta) -> Result<TensorMeta> {
    let outs = inplace_variant(cx, &[Arg::Tensor(a)], k::tanh)?;
    one(cx, outs)
}

/// The tensor arguments every cell takes after its hidden state(s).
struct CellWeights<'a> {
    /// `w_ih`.
    ih: &'a TensorMeta,
    /// `w_hh`.
    hh: &'a TensorMeta,
    /// `b_ih`.
    b_ih: Option<&'a TensorMeta>,
    /// `b_hh`.
    b_hh: Option<&'a TensorMeta>,
}

/// The weights and biases of a cell's arguments 2 to 5.
fn cell_weights<'a>(cx: &Cx<'_>, a: &[Arg<'a>]) -> Result<CellWeights<'a>> {
    Ok(CellWeights {
        ih: args::tensor(cx, a, 2, "w_ih")?,
        hh: args::tensor(cx, a, 3, "w_hh")?,
        b_ih: args::opt_tensor(cx, a, 4, "b_ih")?,
        b_hh: args::opt_tensor(cx, a, 5, "b_hh")?,
    })
}

/// `check_rnn_cell_forward_input`: a 2-d input of `input_size` features.
fn check_cell_input(cx: &mut Cx<'_>, input: &TensorMeta, input_size: SymInt) -> Result<()> {
    if input.dim() != 2 {
        return Err(invalid(
            cx,
            format!(
                "Expected 2D input (batch x feature), but got {}D input",
                input.dim()
            ),
        ));
    }
    if !same(cx, input.sizes[1], input_size)? {
        return Err(invalid(
            cx,
            format!(
                "input has inconsistent input_size: got {} expected {}",
                cx.env.display(input.sizes[1]),
                cx.env.display(input_size)
            ),
        ));
    }
    Ok(())
}

/// `check_rnn_cell_forward_hidden`: a 2-d state of the input's batch and
/// `hidden_size` features (`label` numbers the state).
fn check_cell_hidden(
    cx: &mut Cx<'_>,
    input: &TensorMeta,
    hx: &TensorMeta,
    hidden_size: SymInt,
    label: usize,
) -> Result<()> {
    if hx.dim() != 2 {
        return Err(invalid(
            cx,
            format!(
                "Expected 2D hidden{label} (batch x hidden_size), but got {}D tensor",
                hx.dim()
            ),
        ));
    }
    let batch = size_at(cx, input, 0)?;
    if !same(cx, batch, hx.sizes[0])? {
        return Err(invalid(
            cx,
            format!(
                "Input batch size {} doesn't match hidden{label} batch size {}",
                cx.env.display(batch),
                cx.env.display(hx.sizes[0])
            ),
        ));
    }
    if !same(cx, hx.sizes[1], hidden_size)? {
        return Err(invalid(
            cx,
            format!(
                "hidden{label} has inconsistent hidden_size: got {}, expected {}",
                cx.env.display(hx.sizes[1]),
                cx.env.display(hidden_size)
            ),
        ));
    }
    Ok(())
}

/// `check_rnn_cell_forward_weights<gates>`: both weights have `gates *
/// hidden_size` rows (read by C++ `size(0)`).
fn check_cell_weights(
    cx: &mut Cx<'_>,
    w: &CellWeights<'_>,
    hidden_size: SymInt,
    gates: i64,
) -> Result<()> {
    let want = cx.env.mul(SymInt::Int(gates), hidden_size)?;
    for (name, weight) in [("weight_ih", w.ih), ("weight_hh", w.hh)] {
        let rows = int_size(cx, weight, 0)?;
        if !same(cx, rows, want)? {
            return Err(invalid(
                cx,
                format!(
                    "{name} first dim must be {gates} * hidden_size = {}, but got {}",
                    cx.env.display(want),
                    cx.env.display(rows)
                ),
            ));
        }
    }
    Ok(())
}

/// Whether a cell takes ATen's fused path (`input.is_cuda() ||
/// input.is_xpu() || input.is_privateuseone()`).
fn fused_device(input: &TensorMeta) -> bool {
    matches!(input.device.ty, DeviceType::Cuda | DeviceType::Xpu)
}

/// `rnn_cell_checkSizes`, the checks of the fused cells' meta kernels
/// (`torch._check`), for `factor` gates over `prev_hidden`.
fn check_fused_sizes(
    cx: &mut Cx<'_>,
    igates: &TensorMeta,
    hgates: &TensorMeta,
    (b_ih, b_hh): (Option<&TensorMeta>, Option<&TensorMeta>),
    factor: i64,
    prev_hidden: &TensorMeta,
) -> Result<()> {
    if igates.dim() != 2 {
        return Err(invalid(cx, format!("{} != 2", igates.dim())));
    }
    let equal = dims_eq(cx, &igates.sizes, &hgates.sizes)?;
    require_printing(cx, equal, &|env| {
        format!(
            "{} != {}",
            shape::display_torch_size(env, &igates.sizes),
            shape::display_torch_size(env, &hgates.sizes)
        )
    })?;
    let gates = igates.sizes[1];
    if let Some(bi) = b_ih {
        if bi.dim() != 1 {
            return Err(invalid(cx, format!("{} != 1", bi.dim())));
        }
        let numel = shape::numel(cx.env, &bi.sizes)?;
        let ok = cx.env.eq(numel, gates)?;
        require_printing(cx, ok, &|env| {
            format!("{} != {}", env.display(numel), env.display(gates))
        })?;
        let Some(bh) = b_hh else {
            return Err(invalid(cx, "'NoneType' object has no attribute 'shape'"));
        };
        let equal = dims_eq(cx, &bi.sizes, &bh.sizes)?;
        require_printing(cx, equal, &|env| {
            format!(
                "{} != {}",
                shape::display_torch_size(env, &bi.sizes),
                shape::display_torch_size(env, &bh.sizes)
            )
        })?;
    }
    if prev_hidden.dim() != 2 {
        return Err(invalid(cx, format!("{} != 2", prev_hidden.dim())));
    }
    let numel = shape::numel(cx.env, &prev_hidden.sizes)?;
    let all = cx.env.mul(igates.sizes[0], gates)?;
    let expected = cx.env.floordiv(all, SymInt::Int(factor))?;
    let ok = cx.env.eq(numel, expected)?;
    require_printing(cx, ok, &|env| {
        format!(
            "{} != {} * {} // {factor} (aka {})",
            env.display(numel),
            env.display(igates.sizes[0]),
            env.display(gates),
            env.display(expected)
        )
    })?;
    let others = [Some(hgates), b_ih, b_hh, Some(prev_hidden)];
    if others.iter().flatten().any(|x| x.device != igates.device) {
        return Err(invalid(cx, "expected all inputs to be same device"));
    }
    Ok(())
}

/// `empty_like(t, memory_format=contiguous_format)`.
fn contiguous_like(cx: &mut Cx<'_>, t: &TensorMeta) -> Result<TensorMeta> {
    new_empty(cx, t, &t.sizes)
}

/// `rnn_tanh_cell` / `rnn_relu_cell` (`SimpleCell`): the weights, input and
/// state checked, then `nonlinearity(linear_hh(hx).add_(linear_ih(input)))`.
fn simple_cell(cx: &mut Cx<'_>, a: &[Arg<'_>], relu: bool) -> Result<Outs> {
    let input = args::tensor(cx, a, 0, "input")?;
    let hx = args::tensor(cx, a, 1, "hx")?;
    let w = cell_weights(cx, a)?;
    let hidden_size = int_size(cx, w.hh, 1)?;
    check_cell_weights(cx, &w, hidden_size, 1)?;
    let input_size = int_size(cx, w.ih, 1)?;
    check_cell_input(cx, input, input_size)?;
    let hidden_size = int_size(cx, w.hh, 1)?;
    check_cell_hidden(cx, input, hx, hidden_size, 0)?;
    let hgates = linear(cx, hx, w.hh, w.b_hh)?;
    let igates = linear(cx, input, w.ih, w.b_ih)?;
    let gates = binary(cx, crate::kernels::binop_inplace_alpha, &hgates, &igates)?;
    let out = unary(cx, if relu { k::relu } else { k::tanh }, &gates)?;
    Ok(fresh([out]))
}

/// `rnn_tanh_cell(Tensor input, Tensor hx, Tensor w_ih, Tensor w_hh,
/// Tensor? b_ih=None, Tensor? b_hh=None) -> Tensor`.
pub(crate) fn rnn_tanh_cell(cx: &mut Cx<'_>, a: &[Arg<'_>]) -> Result<Outs> {
    simple_cell(cx, a, false)
}

/// `rnn_relu_cell(Tensor input, Tensor hx, Tensor w_ih, Tensor w_hh,
/// Tensor? b_ih=None, Tensor? b_hh=None) -> Tensor`.
pub(crate) fn rnn_relu_cell(cx: &mut Cx<'_>, a: &[Arg<'_>]) -> Result<Outs> {
    simple_cell(cx, a, true)
}

/// `gru_cell(Tensor input, Tensor hx, Tensor w_ih, Tensor w_hh, Tensor?
/// b_ih=None, Tensor? b_hh=None) -> Tensor` (`GRUCell`): the input, state
/// and weights checked; on CUDA `_thnn_fused_gru_cell` of the two
/// `matmul`s (a contiguous state like `hx`), else the gates of two
/// `linear`s in three `unsafe_chunk`s and
/// `(hx - new_gate).mul_(input_gate).add_(new_gate)`.
pub(crate) fn gru_cell(cx: &mut Cx<'_>, a: &[Arg<'_>]) -> Result<Outs> {
    let input = args::tensor(cx, a, 0, "input")?;
    let hx = args::tensor(cx, a, 1, "hx")?;
    let w = cell_weights(cx, a)?;
    let input_size = int_size(cx, w.ih, 1)?;
    check_cell_input(cx, input, input_size)?;
    let hidden_size = int_size(cx, w.hh, 1)?;
    check_cell_hidden(cx, input, hx, hidden_size, 0)?;
    let hidden_size = int_size(cx, w.hh, 1)?;
    check_cell_weights(cx, &w, hidden_size, 3)?;
    if fused_device(input) {
        let wt = t(cx, w.ih)?;
        let igates = matmul(cx, input, &wt, w.ih.requires_grad)?;
        let wt = t(cx, w.hh)?;
        let hgates = matmul(cx, hx, &wt, w.hh.requires_grad)?;
        check_fused_sizes(cx, &igates, &hgates, (w.b_ih, w.b_hh), 3, hx)?;
        return Ok(fresh([contiguous_like(cx, hx)?]));
    }
    let ilin = linear(cx, input, w.ih, w.b_ih)?;
    let ig = unsafe_chunk(cx, &ilin, 3, 1)?;
    let hlin = linear(cx, hx, w.hh, w.b_hh)?;
    let hg = unsafe_chunk(cx, &hlin, 3, 1)?;
    let (h0, i0) = (gate(cx, &hg, 0)?, gate(cx, &ig, 0)?);
    let reset = binary(cx, crate::kernels::binop_inplace_alpha, &h0, &i0)?;
    let reset = unary(cx, k::sigmoid_, &reset)?;
    let (h1, i1) = (gate(cx, &hg, 1)?, gate(cx, &ig, 1)?);
    let update = binary(cx, crate::kernels::binop_inplace_alpha, &h1, &i1)?;
    let update = unary(cx, k::sigmoid_, &update)?;
    let (h2, i2) = (gate(cx, &hg, 2)?, gate(cx, &ig, 2)?);
    let scaled = binary(cx, crate::kernels::binop_inplace, &h2, &reset)?;
    let new_gate = binary(cx, k::add_tensor, &i2, &scaled)?;
    let new_gate = tanh_(cx, &new_gate)?;
    let hy = binary(cx, k::sub_tensor, hx, &new_gate)?;
    let hy = binary(cx, crate::kernels::binop_inplace, &hy, &update)?;
    let hy = binary(cx, crate::kernels::binop_inplace_alpha, &hy, &new_gate)?;
    Ok(fresh([hy]))
}

/// `lstm_cell(Tensor input, Tensor[] hx, Tensor w_ih, Tensor w_hh, Tensor?
/// b_ih=None, Tensor? b_hh=None) -> (Tensor, Tensor)` (`LSTMCell`): two
/// states, the input, weights and states checked; on CUDA
/// `_thnn_fused_lstm_cell` of the two `matmul`s (both results contiguous
/// like the cell state), else the gates of two `linear`s in four
/// `unsafe_chunk`s, `cy = (f * cx).add_(i * g)` and `hy = o * cy.tanh()`.
pub(crate) fn lstm_cell(cx: &mut Cx<'_>, a: &[Arg<'_>]) -> Result<Outs> {
    let input = args::tensor(cx, a, 0, "input")?;
    let states = args::tensors(cx, a, 1, "hx")?;
    let w = cell_weights(cx, a)?;
    let [h, c] = states else {
        return Err(invalid(cx, "lstm_cell expects two hidden states"));
    };
    let hidden_size = size_at(cx, w.hh, 1)?;
    let input_size = size_at(cx, w.ih, 1)?;
    check_cell_input(cx, input, input_size)?;
    check_cell_weights(cx, &w, hidden_size, 4)?;
    check_cell_hidden(cx, input, h, hidden_size, 0)?;
    check_cell_hidden(cx, input, c, hidden_size, 1)?;
    if fused_device(input) {
        let wt = t(cx, w.ih)?;
        let igates = matmul(cx, input, &wt, w.ih.requires_grad)?;
        let wt = t(cx, w.hh)?;
        let hgates = matmul(cx, h, &wt, w.hh.requires_grad)?;
        check_fused_sizes(cx, &igates, &hgates, (w.b_ih, w.b_hh), 4, c)?;
        let hy = contiguous_like(cx, c)?;
        let cy = contiguous_like(cx, c)?;
        return Ok(fresh([hy, cy]));
    }
    let hgates = linear(cx, h, w.hh, w.b_hh)?;
    let igates = linear(cx, input, w.ih, w.b_ih)?;
    let gates = binary(cx, crate::kernels::binop_inplace_alpha, &hgates, &igates)?;
    let pieces = unsafe_chunk(cx, &gates, 4, 1)?;
    let i = unary(cx, k::sigmoid_, &gate(cx, &pieces, 0)?)?;
    let f = unary(cx, k::sigmoid_, &gate(cx, &pieces, 1)?)?;
    let g = tanh_(cx, &gate(cx, &pieces, 2)?)?;
    let o = unary(cx, k::sigmoid_, &gate(cx, &pieces, 3)?)?;
    let cy = binary(cx, k::mul_tensor, &f, c)?;
    let ig = binary(cx, k::mul_tensor, &i, &g)?;
    let cy = binary(cx, crate::kernels::binop_inplace_alpha, &cy, &ig)?;
    let tc = unary(cx, k::tanh, &cy)?;
    let hy = binary(cx, k::mul_tensor, &o, &tc)?;
    Ok(fresh([hy, cy]))
}

/// The gates and biases of a fused cell's arguments: the input and hidden
/// gates (0, 1), the previous state (2) and the optional biases (3, 4).
struct FusedArgs<'a> {
    igates: &'a TensorMeta,
    hgates: &'a TensorMeta,
    prev: &'a TensorMeta,
    biases: (Option<&'a TensorMeta>, Option<&'a TensorMeta>),
}

fn fused_args<'a>(cx: &Cx<'_>, a: &[Arg<'a>], prev: &str) -> Result<FusedArgs<'a>> {
    Ok(FusedArgs {
        igates: args::tensor(cx, a, 0, "input_gates")?,
        hgates: args::tensor(cx, a, 1, "hidden_gates")?,
        prev: args::tensor(cx, a, 2, prev)?,
        biases: (
            args::opt_tensor(cx, a, 3, "input_bias")?,
            args::opt_tensor(cx, a, 4, "hidden_bias")?,
        ),
    })
}

/// `_thnn_fused_lstm_cell(Tensor input_gates, Tensor hidden_gates, Tensor
/// cx, Tensor? input_bias=None, Tensor? hidden_bias=None)`, as its meta:
/// `rnn_cell_checkSizes` for four gates, then `hy` and `cy` contiguous
/// like `cx` and the workspace contiguous like the input gates.
pub(crate) fn thnn_fused_lstm_cell(cx: &mut Cx<'_>, a: &[Arg<'_>]) -> Result<Outs> {
    let f = fused_args(cx, a, "cx")?;
    check_fused_sizes(cx, f.igates, f.hgates, f.biases, 4, f.prev)?;
    let hy = contiguous_like(cx, f.prev)?;
    let cy = contiguous_like(cx, f.prev)?;
    let workspace = contiguous_like(cx, f.igates)?;
    Ok(fresh([hy, cy, workspace]))
}

/// `_thnn_fused_gru_cell(Tensor input_gates, Tensor hidden_gates, Tensor
/// hx, Tensor? input_bias=None, Tensor? hidden_bias=None)`, as its meta:
/// `rnn_cell_checkSizes` for three gates, then `hy` contiguous like `hx`
/// and a workspace `[batch, 5 * hidden]` of `hx`'s dtype.
pub(crate) fn thnn_fused_gru_cell(cx: &mut Cx<'_>, a: &[Arg<'_>]) -> Result<Outs> {
    let f = fused_args(cx, a, "hx")?;
    check_fused_sizes(cx, f.igates, f.hgates, f.biases, 3, f.prev)?;
    let hy = contiguous_like(cx, f.prev)?;
    let width = cx.env.mul(size_at(cx, f.prev, 1)?, SymInt::Int(5))?;
    let workspace = new_empty(cx, f.prev, &[size_at(cx, f.prev, 0)?, width])?;
    Ok(fresh([hy, workspace]))
}

/// `_thnn_fused_lstm_cell_backward_impl(Tensor? grad_hy, Tensor? grad_cy,
/// Tensor cx, Tensor cy, Tensor workspace, bool has_bias)`, as its meta:
/// nothing without a gradient; else `checkLSTMBackwardSizes` (the
/// gradients, `cx` and `cy` of one 2-d shape, a 2-d workspace of four
/// times its elements), the gates' gradient contiguous like the
/// workspace, `cx`'s contiguous like `cx`, the bias's the gates' sum over
/// the batch.
pub(crate) fn thnn_fused_lstm_cell_backward_impl(cx: &mut Cx<'_>, a: &[Arg<'_>]) -> Result<Outs> {
    let grad_hy = args::opt_tensor(cx, a, 0, "grad_hy")?;
    let grad_cy = args::opt_tensor(cx, a, 1, "grad_cy")?;
    let c = args::tensor(cx, a, 2, "cx")?;
    let cy = args::tensor(cx, a, 3, "cy")?;
    let workspace = args::tensor(cx, a, 4, "workspace")?;
    let has_bias = args::bool(cx, a, 5, "has_bias", None)?;
    let Some(defined) = grad_hy.or(grad_cy) else {
        return Ok([Out::None, Out::None, Out::None].into_iter().collect());
    };
    if defined.dim() != 2 {
        return Err(invalid(cx, ""));
    }
    for t in [grad_hy, grad_cy, Some(c), Some(cy)].into_iter().flatten() {
        let equal = dims_eq(cx, &t.sizes, &defined.sizes)?;
        require(cx, equal, "")?;
    }
    if workspace.dim() != 2 {
        return Err(invalid(cx, ""));
    }
    let numel = shape::numel(cx.env, &workspace.sizes)?;
    let cells = cx.env.mul(defined.sizes[0], defined.sizes[1])?;
    let expected = cx.env.mul(cells, SymInt::Int(4))?;
    let fits = cx.env.eq(numel, expected)?;
    require(cx, fits, "")?;
    let grad_gates = contiguous_like(cx, workspace)?;
    let grad_cx = contiguous_like(cx, c)?;
    let mut outs = fresh([grad_gates, grad_cx]);
    outs.push(gates_sum(cx, workspace, workspace.sizes[1], has_bias)?);
    Ok(outs)
}

/// The bias gradient of a fused cell's backward: the gates' gradient
/// (`like`'s dtype, `width` wide) summed over the batch, or nothing
/// without a bias.
fn gates_sum(cx: &mut Cx<'_>, like: &TensorMeta, width: SymInt, has_bias: bool) -> Result<Out> {
    if !has_bias {
        return Ok(Out::None);
    }
    let dtype = crate::intrinsics::sum_dtype(cx, like.dtype)?;
    let t = TensorMeta::contiguous(cx.env, &[width], dtype, like.device)?;
    Ok(Out::Tensor(t, Alias::Fresh))
}

/// `_thnn_fused_gru_cell_backward(Tensor grad_hy, Tensor workspace, bool
/// has_bias)`, as its meta: `checkGRUBackwardSizes` (a 2-d gradient, a
/// 2-d workspace of its batch and five times its width), the two gates'
/// gradients `[batch, 3 * hidden]` of the workspace's dtype, `hx`'s
/// contiguous like `grad_hy`, and the two biases' the gates' sums over the
/// batch.
pub(crate) fn thnn_fused_gru_cell_backward(cx: &mut Cx<'_>, a: &[Arg<'_>]) -> Result<Outs> {
    let grad_hy = args::tensor(cx, a, 0, "grad_hy")?;
    let workspace = args::tensor(cx, a, 1, "workspace")?;
    let has_bias = args::bool(cx, a, 2, "has_bias", None)?;
    if grad_hy.dim() != 2 {
        let n = grad_hy.dim();
        return Err(invalid(
            cx,
            format!("Expected grad_hy to be 2-D, but got {n}-D"),
        ));
    }
    if workspace.dim() != 2 {
        let n = workspace.dim();
        return Err(invalid(
            cx,
            format!("Expected workspace to be 2-D, but got {n}-D"),
        ));
    }
    let (batch, hidden) = (grad_hy.sizes[0], grad_hy.sizes[1]);
    let same_batch = cx.env.eq(workspace.sizes[0], batch)?;
    require_printing(cx, same_batch, &|env| {
        format!(
            "Expected workspace batch size ({}) to match grad_hy batch size ({})",
            env.display(workspace.sizes[0]),
            env.display(batch)
        )
    })?;
    let five = cx.env.mul(hidden, SymInt::Int(5))?;
    let wide = cx.env.eq(workspace.sizes[1], five)?;
    require_printing(cx, wide, &|env| {
        format!(
            "Expected workspace.size(1) to equal grad_hy.size(1) * 5, but got workspace.size(1)={} and grad_hy.size(1)={}",
            env.display(workspace.sizes[1]),
            env.display(hidden)
        )
    })?;
    let width = cx.env.mul(hidden, SymInt::Int(3))?;
    let input_gates = new_empty(cx, workspace, &[batch, width])?;
    let hidden_gates = new_empty(cx, workspace, &[batch, width])?;
    let grad_hx = contiguous_like(cx, grad_hy)?;
    let mut outs = fresh([input_gates, hidden_gates, grad_hx]);
    outs.push(gates_sum(cx, workspace, width, has_bias)?);
    outs.push(gates_sum(cx, workspace, width, has_bias)?);
    Ok(outs)
}
