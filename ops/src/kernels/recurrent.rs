//! The recurrent layers (`lstm.input`, `gru.input`, `rnn_tanh.input`,
//! `rnn_relu.input`) and, in `cells`, the cells (`lstm_cell`, `gru_cell`,
//! `rnn_tanh_cell`, `rnn_relu_cell`), which torch.export keeps whole in its
//! default IR, replayed step by step as FakeTensorMode runs them under the
//! Python dispatcher (as export traces), each step the kernel of the
//! operator PyTorch calls, so sizes, strides, dtypes, refusals and guards
//! are those steps'.
//!
//! The layers are the Python decompositions of
//! `torch._decomp.decompositions` (`lstm_impl`, `gru_impl`,
//! `rnn_tanh_input`, `rnn_relu_input`): `_rnn_helper` runs each layer and
//! direction (`batch_first` transposes in and out, a bidirectional layer's
//! two outputs are concatenated), a layer is `F.linear` of the whole input,
//! then a Python loop over its steps (the sequence length is guarded) of a
//! cell of `F.linear`, `chunk` and elementwise operators, the steps' states
//! concatenated; the final states are stacked. An LSTM on the CPU whose
//! tensors are all float32 or bfloat16, without projections and with an
//! input that needs no gradient, takes `mkldnn_rnn_layer` instead, whose
//! meta kernel checks nothing and allocates the layer's output from the
//! input's sizes and the hidden size (an `int`: guarded), its states from
//! the states' sizes.
//!
//! Which path, how many layers, directions and steps, and the layouts the
//! elementwise chains give depend on argument values no rule reads.
//!
//! The packed-sequence overloads (`lstm.data`, ...) split the input by the
//! values of `batch_sizes`, which FakeTensorMode cannot read (a guard on
//! data): they are not declared.
//!
//! `backends` has the backends' own layer operators (`mkldnn_rnn_layer`,
//! `_cudnn_rnn`, `miopen_rnn`), as their metas answer them when called
//! directly.

mod backends;
mod cells;

pub(crate) use backends::{cudnn_rnn, miopen_rnn, mkldnn_rnn_layer, mkldnn_rnn_layer_backward};

pub(crate) use cells::{
    gru_cell, lstm_cell, rnn_relu_cell, rnn_tanh_cell, thnn_fused_gru_cell,
    thnn_fused_gru_cell_backward, thnn_fused_lstm_cell, thnn_fused_lstm_cell_backward_impl,
};

use super::einsum::reshape;
use super::invalid;
use super::loss_steps::{binary, call, contiguous, squeeze, unary, unsqueeze, view};
use crate::erased as k;
use crate::intrinsics::is_contiguous_or_false;
use fake_runtime::shape::{self, Dims};
use fake_runtime::support::args;
use fake_runtime::{
    Alias, Arg, Cx, DType, DeviceType, MemoryFormat, Out, Outs, Result, SymInt, TensorMeta,
};

// ---- the operators the composites call -------------------------------------------

/// A static `int` argument.
fn int<'a>(v: i64) -> Arg<'a> {
    Arg::Int(SymInt::Int(v))
}

/// The tensors of a kernel's `Tensor[]` output.
fn many(cx: &Cx<'_>, outs: Outs) -> Result<Vec<TensorMeta>> {
    match outs.into_iter().next() {
        Some(Out::Tensors(ts)) => Ok(ts.into_iter().map(|(t, _)| t).collect()),
        _ => Err(invalid(cx, "a composed operator gave no list of tensors")),
    }
}

/// Element `i` of a list the decomposition indexes (`what` names the
/// Python type in the `IndexError`).
fn nth<'l, T>(cx: &Cx<'_>, list: &'l [T], i: usize, what: &str) -> Result<&'l T> {
    list.get(i)
        .ok_or_else(|| invalid(cx, format!("{what} index out of range")))
}

/// `t.size(d)` in Python, `t.sym_size(d)` in C++: the size, symbolic or
/// not (a dim out of range refused).
pub(super) fn size_at(cx: &Cx<'_>, t: &TensorMeta, d: i64) -> Result<SymInt> {
    if t.dim() == 0 {
        return Err(invalid(
            cx,
            format!("Dimension specified as {d} but tensor has no dimensions"),
        ));
    }
    let i = shape::wrap_dim(cx.op, d, t.dim())?;
    Ok(t.sizes[i])
}

/// `a == b` as a C++ `TORCH_CHECK` or Python's `==` decides it: guarded
/// where symbolic.
fn same(cx: &mut Cx<'_>, a: SymInt, b: SymInt) -> Result<bool> {
    shape::guard_eq(cx.env, a, b, cx.op)
}

/// `w.t()`.
pub(super) fn t(cx: &mut Cx<'_>, w: &TensorMeta) -> Result<TensorMeta> {
    unary(cx, k::t, w)
}

/// `x.transpose(a, b)`.
fn transpose(cx: &mut Cx<'_>, x: &TensorMeta, a: i64, b: i64) -> Result<TensorMeta> {
    call(cx, k::transpose_int, &[Arg::Tensor(x), int(a), int(b)])
}

/// `at::addmm(bias, mat1, mat2)`. FakeTensorMode's meta kernel gives the
/// result `mat1`'s dtype (mixed dtypes are not refused).
fn addmm(
    cx: &mut Cx<'_>,
    bias: &TensorMeta,
    mat1: &TensorMeta,
    mat2: &TensorMeta,
) -> Result<TensorMeta> {
    let out = call(
        cx,
        k::addmm,
        &[Arg::Tensor(bias), Arg::Tensor(mat1), Arg::Tensor(mat2)],
    )?;
    Ok(TensorMeta {
        dtype: mat1.dtype,
        ..out
    })
}

/// `a.expand(sizes)`.
fn expand(cx: &mut Cx<'_>, a: &TensorMeta, sizes: Dims) -> Result<TensorMeta> {
    call(
        cx,
        k::expand,
        &[Arg::Tensor(a), Arg::Ints(sizes[..].into())],
    )
}

/// The product of `sizes` (Python's `reduce(operator.mul, ...)`, from 1).
pub(super) fn product(cx: &mut Cx<'_>, sizes: &[SymInt]) -> Result<SymInt> {
    let mut p = SymInt::Int(1);
    for &s in sizes {
        p = cx.env.mul(p, s)?;
    }
    Ok(p)
}

/// `torch.matmul(a, b)` of a matrix `b` (`a` of at least one dim), as its
/// Python decomposition, which export runs: `mm` for a vector or a matrix;
/// a batch folded into the rows of one `mm` when `should_fold` says so
/// (`b` needs a gradient, `a` is empty, or `a` is contiguous); else `bmm`
/// of the expanded batch.
fn matmul(
    cx: &mut Cx<'_>,
    a: &TensorMeta,
    b: &TensorMeta,
    b_requires_grad: bool,
) -> Result<TensorMeta> {
    let n = a.dim();
    match n {
        0 => Err(invalid(
            cx,
            format!(
                "matmul does not support 0-dimensional tensors, got dims: 0 and {}",
                b.dim()
            ),
        )),
        1 => {
            let row = unsqueeze(cx, a, 0)?;
            let out = binary(cx, k::mm, &row, b)?;
            squeeze(cx, &out, 0)
        }
        2 => binary(cx, k::mm, a, b),
        _ => {
            let lead = Dims::from_slice(&a.sizes[..n - 1]);
            if crate::intrinsics::decomposition_folds(cx, a, b_requires_grad)? {
                let rows = product(cx, &lead)?;
                let folded = reshape(cx, a, Dims::from_slice(&[rows, a.sizes[n - 1]]))?;
                let out = binary(cx, k::mm, &folded, b)?;
                let mut sizes = lead;
                sizes.push(size_at(cx, b, 1)?);
                return view(cx, &out, sizes);
            }
            let batch = Dims::from_slice(&a.sizes[..n - 2]);
            let (rows, m1) = (a.sizes[n - 2], a.sizes[n - 1]);
            let (m2, p) = (size_at(cx, b, -2)?, size_at(cx, b, -1)?);
            let count = product(cx, &batch)?;
            let mut a_sizes = batch.clone();
            a_sizes.extend_from_slice(&[rows, m1]);
            let a3 = expand(cx, a, a_sizes)?;
            let a3 = reshape(cx, &a3, Dims::from_slice(&[count, rows, m1]))?;
            let mut b_sizes = batch.clone();
            b_sizes.extend_from_slice(&[m2, p]);
            let b3 = expand(cx, b, b_sizes)?;
            let b3 = reshape(cx, &b3, Dims::from_slice(&[count, m2, p]))?;
            let out = binary(cx, k::bmm, &a3, &b3)?;
            let mut sizes = batch;
            sizes.extend_from_slice(&[rows, p]);
            view(cx, &out, sizes)
        }
    }
}

/// Whether `linear` takes its fused path for `bias`: one dim (else one
/// after squeezing size-1 dims, asked only then) and contiguous
/// (`is_contiguous_or_false`).
pub(super) fn bias_fusable(cx: &mut Cx<'_>, bias: &TensorMeta) -> Result<bool> {
    let mut one_dim = bias.dim() == 1;
    if !one_dim {
        let mut kept = 0;
        for &s in &bias.sizes {
            if !same(cx, s, SymInt::Int(1))? {
                kept += 1;
            }
        }
        one_dim = kept == 1;
    }
    Ok(one_dim && is_contiguous_or_false(cx, bias, MemoryFormat::Contiguous)?)
}

/// `F.linear(input, weight, bias)`: ATen's composite (`linear.rs`), its
/// `matmul` the Python decomposition export runs.
fn linear(
    cx: &mut Cx<'_>,
    input: &TensorMeta,
    weight: &TensorMeta,
    bias: Option<&TensorMeta>,
) -> Result<TensorMeta> {
    let grad = weight.requires_grad;
    super::linear::composite_by(
        cx,
        input,
        weight,
        bias,
        &|cx, a, b| matmul(cx, a, b, grad),
        &addmm,
    )
}

/// `a.chunk(n, dim)`.
fn chunk(cx: &mut Cx<'_>, a: &TensorMeta, n: i64, dim: i64) -> Result<Vec<TensorMeta>> {
    let outs = k::chunk(cx, &[Arg::Tensor(a), int(n), int(dim)])?;
    many(cx, outs)
}

/// Piece `i` of chunked gates (a `tuple` in Python).
fn gate(cx: &Cx<'_>, pieces: &[TensorMeta], i: usize) -> Result<TensorMeta> {
    nth(cx, pieces, i, "tuple").cloned()
}

/// `list(a)`: Python's iteration over a tensor, `a.unbind(0)` (the
/// number of elements guarded).
fn elements(cx: &mut Cx<'_>, a: &TensorMeta) -> Result<Vec<TensorMeta>> {
    if a.dim() == 0 {
        return Err(invalid(cx, "iteration over a 0-d tensor"));
    }
    let outs = crate::kernels::unbind(cx, &[Arg::Tensor(a), int(0)])?;
    many(cx, outs)
}

/// `torch.cat(ts, dim)` (an empty list refused, as the Python binding
/// does).
fn cat(cx: &mut Cx<'_>, ts: &[TensorMeta], dim: i64) -> Result<TensorMeta> {
    if ts.is_empty() {
        return Err(invalid(
            cx,
            "cat expects at least one tensor, but received zero!",
        ));
    }
    call(cx, k::cat, &[Arg::Tensors(ts.iter().collect()), int(dim)])
}

/// `torch.stack(ts, 0)`.
fn stack(cx: &mut Cx<'_>, ts: &[TensorMeta]) -> Result<TensorMeta> {
    if ts.is_empty() {
        return Err(invalid(cx, "stack expects a non-empty TensorList"));
    }
    call(
        cx,
        super::stack,
        &[Arg::Tensors(ts.iter().collect()), int(0)],
    )
}

/// `like.new_empty(sizes)`: contiguous, of `like`'s dtype and device.
fn new_empty(cx: &mut Cx<'_>, like: &TensorMeta, sizes: &[SymInt]) -> Result<TensorMeta> {
    TensorMeta::contiguous(cx.env, sizes, like.dtype, like.device)
}

/// Every output on its own storage.
fn fresh(ts: impl IntoIterator<Item = TensorMeta>) -> Outs {
    ts.into_iter()
        .map(|t| Out::Tensor(t, Alias::Fresh))
        .collect()
}

// ---- the layers: torch._decomp's Python kernels ----------------------------------

/// Which layer.
#[derive(Clone, Copy, PartialEq, Eq)]
enum Kind {
    /// `lstm`: two states, four gates, optional projections.
    Lstm,
    /// `gru`: three gates.
    Gru,
    /// `rnn_tanh`.
    Tanh,
    /// `rnn_relu`.
    Relu,
}

/// One direction's state: `h`, and `c` for an LSTM.
#[derive(Clone, PartialEq)]
struct State {
    /// The hidden state.
    h: TensorMeta,
    /// The cell state (LSTM only).
    c: Option<TensorMeta>,
}

/// One layer and direction's parameters, as `gather_params` groups them.
struct LayerWeights<'a> {
    /// `w_ih`.
    ih: &'a TensorMeta,
    /// `w_hh`.
    hh: &'a TensorMeta,
    /// `b_ih`, with biases.
    b_ih: Option<&'a TensorMeta>,
    /// `b_hh`, with biases.
    b_hh: Option<&'a TensorMeta>,
    /// `w_hr`, with projections.
    hr: Option<&'a TensorMeta>,
}

/// The arguments of a layer overload every kind shares.
struct LayerArgs<'b, 'a> {
    /// `input`.
    input: &'a TensorMeta,
    /// `params`, flat.
    params: &'b [&'a TensorMeta],
    /// `has_biases`.
    has_biases: bool,
    /// `num_layers`.
    num_layers: i64,
    /// `bidirectional`.
    bidirectional: bool,
    /// `batch_first`.
    batch_first: bool,
}

/// The shared arguments of `<kind>.input(input, hx, params, has_biases,
/// num_layers, dropout, train, bidirectional, batch_first)` (`dropout`
/// and `train` change nothing: `_rnn_helper` never drops).
fn layer_args<'b, 'a>(cx: &mut Cx<'_>, a: &'b [Arg<'a>]) -> Result<LayerArgs<'b, 'a>> {
    Ok(LayerArgs {
        input: args::tensor(cx, a, 0, "input")?,
        params: args::tensors(cx, a, 2, "params")?,
        has_biases: args::bool(cx, a, 3, "has_biases", None)?,
        num_layers: args::int(cx, a, 4, "num_layers", None)?,
        bidirectional: args::bool(cx, a, 7, "bidirectional", None)?,
        batch_first: args::bool(cx, a, 8, "batch_first", None)?,
    })
}

/// `gather_params`: the flat parameters in groups of 2 (weights), 3 (and
/// a projection), 4 (and biases) or 5 (all).
fn gather_params<'p, 'a>(
    cx: &Cx<'_>,
    params: &'p [&'a TensorMeta],
    has_biases: bool,
    has_projections: bool,
) -> Result<Vec<&'p [&'a TensorMeta]>> {
    let group = match (has_biases, has_projections) {
        (true, true) => 5,
        (true, false) => 4,
        (false, true) => 3,
        (false, false) => 2,
    };
    if !params.len().is_multiple_of(group) {
        return Err(invalid(
            cx,
            format!(
                "len(params)={} is not divisible by group_size={group}",
                params.len()
            ),
        ));
    }
    Ok(params.chunks(group).collect())
}

/// A group's weights, as `one_layer_rnn` / `one_layer_lstm` read them.
fn layer_weights<'a>(group: &[&'a TensorMeta], has_biases: bool) -> LayerWeights<'a> {
    let at = |i: usize| group.get(i).copied();
    LayerWeights {
        ih: group[0],
        hh: group[1],
        b_ih: if has_biases { at(2) } else { None },
        b_hh: if has_biases { at(3) } else { None },
        hr: match group.len() {
            5 => at(4),
            3 => at(2),
            _ => None,
        },
    }
}

/// Run `step` over `steps` from `init`: the states after each step, and
/// the last. Once a step gives the state it was given (sizes, strides,
/// dtype and device; every input step has the same metadata but its
/// offset, which no step reads), every later step would repeat it, with
/// the same guards: the rest are that state.
fn run_steps(
    cx: &mut Cx<'_>,
    steps: &[TensorMeta],
    init: State,
    step: impl Fn(&mut Cx<'_>, &TensorMeta, &State) -> Result<State>,
) -> Result<(Vec<TensorMeta>, State)> {
    let mut state = init;
    let mut outs = Vec::with_capacity(steps.len());
    for (k, x) in steps.iter().enumerate() {
        let next = step(cx, x, &state)?;
        let settled = k > 0 && next == state;
        state = next;
        outs.push(state.h.clone());
        if settled {
            outs.resize(steps.len(), state.h.clone());
            break;
        }
    }
    Ok((outs, state))
}

/// `lstm_cell` of the decomposition (`chunk_dim=2`): `gates =
/// linear(hx, w_hh, b_hh) + x` in four chunks, `cy = f * cx + i * g`,
/// `hy = o * tanh(cy)`, projected by `w_hr` when given.
fn lstm_step(cx: &mut Cx<'_>, x: &TensorMeta, s: &State, w: &LayerWeights<'_>) -> Result<State> {
    let Some(c) = &s.c else {
        return Err(invalid(cx, "lstm expects two hidden states"));
    };
    let hg = linear(cx, &s.h, w.hh, w.b_hh)?;
    let gates = binary(cx, k::add_tensor, &hg, x)?;
    let pieces = chunk(cx, &gates, 4, 2)?;
    let i = unary(cx, k::sigmoid, &gate(cx, &pieces, 0)?)?;
    let f = unary(cx, k::sigmoid, &gate(cx, &pieces, 1)?)?;
    let g = unary(cx, k::tanh, &gate(cx, &pieces, 2)?)?;
    let o = unary(cx, k::sigmoid, &gate(cx, &pieces, 3)?)?;
    let fc = binary(cx, k::mul_tensor, &f, c)?;
    let ig = binary(cx, k::mul_tensor, &i, &g)?;
    let cy = binary(cx, k::add_tensor, &fc, &ig)?;
    let tc = unary(cx, k::tanh, &cy)?;
    let hy = binary(cx, k::mul_tensor, &o, &tc)?;
    let hy = match w.hr {
        Some(hr) => linear(cx, &hy, hr, None)?,
        None => hy,
    };
    Ok(State { h: hy, c: Some(cy) })
}

/// `gru_cell` of the decomposition: the step's input in three chunks
/// (dim 1), `linear(h, w_hh, b_hh)` in three (dim 2), then
/// `(h - n) * z + n`.
fn gru_step(cx: &mut Cx<'_>, x: &TensorMeta, s: &State, w: &LayerWeights<'_>) -> Result<State> {
    let ig = chunk(cx, x, 3, 1)?;
    let hlin = linear(cx, &s.h, w.hh, w.b_hh)?;
    let hg = chunk(cx, &hlin, 3, 2)?;
    let r = binary(cx, k::add_tensor, &gate(cx, &hg, 0)?, &gate(cx, &ig, 0)?)?;
    let r = unary(cx, k::sigmoid, &r)?;
    let z = binary(cx, k::add_tensor, &gate(cx, &hg, 1)?, &gate(cx, &ig, 1)?)?;
    let z = unary(cx, k::sigmoid, &z)?;
    let rn = binary(cx, k::mul_tensor, &gate(cx, &hg, 2)?, &r)?;
    let n = binary(cx, k::add_tensor, &gate(cx, &ig, 2)?, &rn)?;
    let n = unary(cx, k::tanh, &n)?;
    let h = binary(cx, k::sub_tensor, &s.h, &n)?;
    let h = binary(cx, k::mul_tensor, &h, &z)?;
    let h = binary(cx, k::add_tensor, &h, &n)?;
    Ok(State { h, c: None })
}

/// `rnn_cell(nonlinearity)` of the decomposition:
/// `nonlinearity(linear(h, w_hh, b_hh) + x)`.
fn simple_step(
    cx: &mut Cx<'_>,
    x: &TensorMeta,
    s: &State,
    w: &LayerWeights<'_>,
    relu: bool,
) -> Result<State> {
    let hg = linear(cx, &s.h, w.hh, w.b_hh)?;
    let pre = binary(cx, k::add_tensor, &hg, x)?;
    let h = unary(cx, if relu { k::relu } else { k::tanh }, &pre)?;
    Ok(State { h, c: None })
}

/// `one_layer_rnn` / `one_layer_lstm`: `linear(input, w_ih, b_ih)` (flipped
/// in time for the reverse direction), the step function over its
/// elements from the state unsqueezed, the steps' states concatenated in
/// time order; the last state squeezed.
fn one_layer(
    cx: &mut Cx<'_>,
    kind: Kind,
    input: &TensorMeta,
    state: &State,
    w: &LayerWeights<'_>,
    reverse: bool,
) -> Result<(TensorMeta, State)> {
    let init = State {
        h: unsqueeze(cx, &state.h, 0)?,
        c: match &state.c {
            Some(c) => Some(unsqueeze(cx, c, 0)?),
            None => None,
        },
    };
    let pre = linear(cx, input, w.ih, w.b_ih)?;
    let pre = if reverse {
        call(
            cx,
            k::flip,
            &[Arg::Tensor(&pre), Arg::Ints(vec![SymInt::Int(0)].into())],
        )?
    } else {
        pre
    };
    let steps = elements(cx, &pre)?;
    let (mut outs, last) = run_steps(cx, &steps, init, |cx, x, s| match kind {
        Kind::Lstm => lstm_step(cx, x, s, w),
        Kind::Gru => gru_step(cx, x, s, w),
        Kind::Tanh => simple_step(cx, x, s, w, false),
        Kind::Relu => simple_step(cx, x, s, w, true),
    })?;
    if reverse {
        outs.reverse();
    }
    let out = cat(cx, &outs, 0)?;
    let h = squeeze(cx, &last.h, 0)?;
    let c = match &last.c {
        Some(c) => Some(squeeze(cx, c, 0)?),
        None => None,
    };
    Ok((out, State { h, c }))
}

/// `mkldnn_one_layer_lstm`: the states unsqueezed, the hidden size read
/// as an `int` (guarded), the input and states made contiguous, then
/// `mkldnn_rnn_layer`'s meta kernel: the output `input.new_empty([seq,
/// batch, hidden_size])` from the input's first two sizes, the states
/// `new_empty` of their own sizes.
fn mkldnn_layer(cx: &mut Cx<'_>, input: &TensorMeta, state: &State) -> Result<(TensorMeta, State)> {
    let Some(c) = &state.c else {
        return Err(invalid(cx, "lstm expects two hidden states"));
    };
    let hx = unsqueeze(cx, &state.h, 0)?;
    let cs = unsqueeze(cx, c, 0)?;
    let hidden = size_at(cx, &hx, 2)?;
    let hidden = SymInt::Int(cx.env.guard_int(hidden, cx.op)?);
    let input = contiguous(cx, input)?;
    let hx = contiguous(cx, &hx)?;
    let cs = contiguous(cx, &cs)?;
    if input.dim() < 2 {
        return Err(invalid(cx, "tuple index out of range"));
    }
    let y = new_empty(cx, &input, &[input.sizes[0], input.sizes[1], hidden])?;
    let hy = new_empty(cx, &hx, &hx.sizes)?;
    let cy = new_empty(cx, &cs, &cs.sizes)?;
    let h = squeeze(cx, &hy, 0)?;
    let c = squeeze(cx, &cy, 0)?;
    Ok((y, State { h, c: Some(c) }))
}

/// `select_one_layer_lstm_function`'s `use_mkldnn`: oneDNN enabled
/// (`enabled`; it is in the build FakeTensorMode runs, and `torch.export`
/// disables it), every tensor on the CPU, of float32 or bfloat16, the
/// input needing no gradient, no projections.
fn use_mkldnn(
    enabled: bool,
    input: &TensorMeta,
    states: &[&TensorMeta],
    params: &[&TensorMeta],
    has_projections: bool,
) -> bool {
    let mut all = std::iter::once(input)
        .chain(states.iter().copied())
        .chain(params.iter().copied());
    enabled
        && all.all(|t| {
            t.device == input.device && matches!(t.dtype, DType::Float32 | DType::BFloat16)
        })
        && input.device.ty == DeviceType::Cpu
        && !input.requires_grad
        && !has_projections
}

/// `_rnn_helper`: the input transposed when `batch_first`, then each layer
/// (and its reverse direction, whose output is concatenated on the last
/// dim) on the previous layer's output; the output transposed back. The
/// final states of every layer and direction, in order.
fn rnn_helper(
    cx: &mut Cx<'_>,
    kind: Kind,
    l: &LayerArgs<'_, '_>,
    hidden: &[State],
    groups: &[&[&TensorMeta]],
    mkldnn: bool,
) -> Result<(TensorMeta, Vec<State>)> {
    let hidden_list = if kind == Kind::Lstm { "list" } else { "tuple" };
    let mut x = if l.batch_first {
        transpose(cx, l.input, 0, 1)?
    } else {
        l.input.clone()
    };
    let mut finals = Vec::new();
    let run = |cx: &mut Cx<'_>, x: &TensorMeta, s: &State, g: &[&TensorMeta], rev: bool| {
        if mkldnn {
            mkldnn_layer(cx, x, s)
        } else {
            one_layer(cx, kind, x, s, &layer_weights(g, l.has_biases), rev)
        }
    };
    for i in 0..usize::try_from(l.num_layers).unwrap_or(0) {
        let (p, h) = if l.bidirectional {
            (2 * i, 2 * i)
        } else {
            (i, i)
        };
        let group = *nth(cx, groups, p, "list")?;
        let state = nth(cx, hidden, h, hidden_list)?;
        let back = if l.bidirectional {
            Some((
                *nth(cx, groups, p + 1, "list")?,
                nth(cx, hidden, h + 1, hidden_list)?,
            ))
        } else {
            None
        };
        let (fwd, fwd_state) = run(cx, &x, state, group, false)?;
        finals.push(fwd_state);
        x = match back {
            Some((group, state)) => {
                let (bwd, bwd_state) = run(cx, &x, state, group, true)?;
                finals.push(bwd_state);
                let last = i64::try_from(fwd.dim()).unwrap_or(0) - 1;
                cat(cx, &[fwd, bwd], last)?
            }
            None => fwd,
        };
    }
    if l.batch_first {
        x = transpose(cx, &x, 0, 1)?;
    }
    Ok((x, finals))
}

/// `lstm.input(Tensor input, Tensor[] hx, Tensor[] params, bool has_biases,
/// int num_layers, float dropout, bool train, bool bidirectional, bool
/// batch_first) -> (Tensor, Tensor, Tensor)`, as `lstm_impl`: two states
/// (projections when their last sizes differ, guarded), the parameters
/// grouped, the states' layers paired (`zip` of their elements), each
/// layer on oneDNN (`use_mkldnn`) or stepped; the output and the stacked
/// final states.
pub(crate) fn lstm_input(cx: &mut Cx<'_>, a: &[Arg<'_>]) -> Result<Outs> {
    let l = layer_args(cx, a)?;
    let states = args::tensors(cx, a, 1, "hx")?;
    let [h0, c0] = states else {
        return Err(invalid(
            cx,
            format!("lstm expects two hidden states, got {}", states.len()),
        ));
    };
    let (hs, cs) = (size_at(cx, h0, 2)?, size_at(cx, c0, 2)?);
    let has_projections = !same(cx, hs, cs)?;
    let groups = gather_params(cx, l.params, l.has_biases, has_projections)?;
    let hs = elements(cx, h0)?;
    let cs = elements(cx, c0)?;
    let hidden: Vec<State> = hs
        .into_iter()
        .zip(cs)
        .map(|(h, c)| State { h, c: Some(c) })
        .collect();
    let enabled = cx.defaults.backends.mkldnn;
    let mkldnn = use_mkldnn(enabled, l.input, states, l.params, has_projections);
    let (out, finals) = rnn_helper(cx, Kind::Lstm, &l, &hidden, &groups, mkldnn)?;
    if finals.is_empty() {
        return Err(invalid(cx, "list index out of range"));
    }
    let mut hy = Vec::with_capacity(finals.len());
    let mut cy = Vec::with_capacity(finals.len());
    for s in finals {
        let Some(c) = s.c else {
            return Err(invalid(cx, "lstm expects two hidden states"));
        };
        hy.push(s.h);
        cy.push(c);
    }
    let hy = stack(cx, &hy)?;
    let cy = stack(cx, &cy)?;
    Ok(fresh([out, hy, cy]))
}

/// `gru.input` / `rnn_tanh.input` / `rnn_relu.input(Tensor input, Tensor
/// hx, Tensor[] params, bool has_biases, int num_layers, float dropout,
/// bool train, bool bidirectional, bool batch_first) -> (Tensor, Tensor)`,
/// as `gru_impl` / `rnn_tanh_input` / `rnn_relu_input`: the parameters
/// grouped, the state unbound into layers, each layer stepped; the output
/// and the stacked final states.
fn single_state_input(cx: &mut Cx<'_>, a: &[Arg<'_>], kind: Kind) -> Result<Outs> {
    let l = layer_args(cx, a)?;
    let hx = args::tensor(cx, a, 1, "hx")?;
    // `gru_impl` groups the parameters before unbinding the state, the
    // `rnn_*` kernels after.
    let (hidden, groups) = if kind == Kind::Gru {
        let groups = gather_params(cx, l.params, l.has_biases, false)?;
        (states_of(cx, hx)?, groups)
    } else {
        let hidden = states_of(cx, hx)?;
        (hidden, gather_params(cx, l.params, l.has_biases, false)?)
    };
    let (out, finals) = rnn_helper(cx, kind, &l, &hidden, &groups, false)?;
    let hs: Vec<TensorMeta> = finals.into_iter().map(|s| s.h).collect();
    let hy = stack(cx, &hs)?;
    Ok(fresh([out, hy]))
}

/// `hx.unbind(0)`, one state per layer and direction.
fn states_of(cx: &mut Cx<'_>, hx: &TensorMeta) -> Result<Vec<State>> {
    let outs = crate::kernels::unbind(cx, &[Arg::Tensor(hx), int(0)])?;
    Ok(many(cx, outs)?
        .into_iter()
        .map(|h| State { h, c: None })
        .collect())
}

/// `gru.input(...) -> (Tensor, Tensor)` (`gru_impl`).
pub(crate) fn gru_input(cx: &mut Cx<'_>, a: &[Arg<'_>]) -> Result<Outs> {
    single_state_input(cx, a, Kind::Gru)
}

/// `rnn_tanh.input(...) -> (Tensor, Tensor)` (`rnn_tanh_input`).
pub(crate) fn rnn_tanh_input(cx: &mut Cx<'_>, a: &[Arg<'_>]) -> Result<Outs> {
    single_state_input(cx, a, Kind::Tanh)
}

/// `rnn_relu.input(...) -> (Tensor, Tensor)` (`rnn_relu_input`).
pub(crate) fn rnn_relu_input(cx: &mut Cx<'_>, a: &[Arg<'_>]) -> Result<Outs> {
    single_state_input(cx, a, Kind::Relu)
}
