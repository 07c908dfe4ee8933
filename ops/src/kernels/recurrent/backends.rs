//! The backends' whole-layer operators, as FakeTensorMode answers them
//! with their Python metas (`torch/_meta_registrations.py`): oneDNN's
//! `mkldnn_rnn_layer` and its gradient, cuDNN's `_cudnn_rnn` and MIOpen's
//! `miopen_rnn`. Each allocates its results from the input's and states'
//! sizes and its integer arguments and checks nothing but what indexing
//! those sizes checks (Python's `tuple index out of range`).

use super::super::{invalid, new_tensor};
use fake_runtime::shape;
use fake_runtime::support::args;
use fake_runtime::{Alias, Arg, Cx, DType, Out, Outs, Result, SymInt, TensorMeta};

/// `t.shape[i]`, refused as Python refuses a tuple index out of range.
fn dim_size(cx: &Cx<'_>, t: &TensorMeta, i: usize) -> Result<SymInt> {
    t.sizes
        .get(i)
        .copied()
        .ok_or_else(|| invalid(cx, "tuple index out of range"))
}

/// `like.new_empty(sizes, dtype=dtype)`: contiguous, on `like`'s device.
fn new_empty(cx: &mut Cx<'_>, like: &TensorMeta, sizes: &[SymInt], dtype: DType) -> Result<Out> {
    new_tensor(cx, sizes, dtype, like.device)
}

/// `torch.empty(0, device=input.device)` (of the default dtype unless
/// `dtype` says), a missing state's or a workspace's placeholder.
fn empty_on(cx: &mut Cx<'_>, input: &TensorMeta, dtype: Option<DType>) -> Result<Out> {
    let dtype = dtype.unwrap_or(cx.defaults.dtype);
    new_empty(cx, input, &[SymInt::Int(0)], dtype)
}

/// The sequence length and batch of an unpacked input: `(seq, batch)` from
/// its first two sizes, swapped when `batch_first`.
fn steps_and_batch(cx: &Cx<'_>, input: &TensorMeta, batch_first: bool) -> Result<(SymInt, SymInt)> {
    let (a, b) = (dim_size(cx, input, 0)?, dim_size(cx, input, 1)?);
    Ok(if batch_first { (b, a) } else { (a, b) })
}

/// `[seq, batch, width]`, or `[batch, seq, width]` when `batch_first`.
fn sequence_sizes(seq: SymInt, batch: SymInt, width: SymInt, batch_first: bool) -> [SymInt; 3] {
    if batch_first {
        [batch, seq, width]
    } else {
        [seq, batch, width]
    }
}

/// `mkldnn_rnn_layer(Tensor input, Tensor weight0, Tensor weight1, Tensor
/// weight2, Tensor weight3, Tensor hx_, Tensor cx_, bool reverse, int[]
/// batch_sizes, int mode, int hidden_size, int num_layers, bool
/// has_biases, bool bidirectional, bool batch_first, bool train) ->
/// (Tensor, Tensor, Tensor, Tensor)`: the output `input.new_empty` of the
/// sequence, batch and hidden size, the states `new_empty` of their own
/// sizes and dtypes, and an empty `uint8` workspace on the input's device.
pub(crate) fn mkldnn_rnn_layer(cx: &mut Cx<'_>, a: &[Arg<'_>]) -> Result<Outs> {
    let input = args::tensor(cx, a, 0, "input")?;
    let hx = args::tensor(cx, a, 5, "hx_")?;
    let c = args::tensor(cx, a, 6, "cx_")?;
    let hidden = args::int(cx, a, 10, "hidden_size", None)?;
    let batch_first = args::bool(cx, a, 14, "batch_first", None)?;
    let (seq, batch) = steps_and_batch(cx, input, batch_first)?;
    let sizes = sequence_sizes(seq, batch, SymInt::Int(hidden), batch_first);
    Ok(Outs::from_iter([
        new_empty(cx, input, &sizes, input.dtype)?,
        new_empty(cx, hx, &hx.sizes, hx.dtype)?,
        new_empty(cx, c, &c.sizes, c.dtype)?,
        empty_on(cx, input, Some(DType::UInt8))?,
    ]))
}

/// `mkldnn_rnn_layer_backward(input, weight1, weight2, weight3, weight4,
/// hx_, cx_tmp, output, hy_, cy_, grad_output?, grad_hy?, grad_cy?,
/// reverse, int mode, int hidden_size, ..., workspace) -> (Tensor x 7)`:
/// every gradient `float32` of its tensor's sizes on its device (the
/// input's, the first two weights', the states'); the biases' gradient,
/// returned twice, is `4 * hidden_size` long for a GRU (`mode` 3: cuDNN's
/// four bias gates) and as long as `weight3` otherwise.
pub(crate) fn mkldnn_rnn_layer_backward(cx: &mut Cx<'_>, a: &[Arg<'_>]) -> Result<Outs> {
    const GRU: i64 = 3;
    let input = args::tensor(cx, a, 0, "input")?;
    let w1 = args::tensor(cx, a, 1, "weight1")?;
    let w2 = args::tensor(cx, a, 2, "weight2")?;
    let w3 = args::tensor(cx, a, 3, "weight3")?;
    let hx = args::tensor(cx, a, 5, "hx_")?;
    let c = args::tensor(cx, a, 6, "cx_tmp")?;
    let mode = args::int(cx, a, 14, "mode", None)?;
    let hidden = args::int(cx, a, 15, "hidden_size", None)?;
    let f32 = DType::Float32;
    let diff_x = new_empty(cx, input, &input.sizes, f32)?;
    let diff_hx = new_empty(cx, hx, &hx.sizes, f32)?;
    let diff_cx = new_empty(cx, c, &c.sizes, f32)?;
    let diff_w1 = new_empty(cx, w1, &w1.sizes, f32)?;
    let diff_w2 = new_empty(cx, w2, &w2.sizes, f32)?;
    let bias = if mode == GRU {
        SymInt::Int(hidden.checked_mul(4).ok_or_else(|| {
            invalid(
                cx,
                format!("hidden_size {hidden} times 4 gates overflows an int64"),
            )
        })?)
    } else {
        dim_size(cx, w3, 0)?
    };
    let diff_b = new_empty(cx, w3, &[bias], f32)?;
    Ok(Outs::from_iter([
        diff_x,
        diff_w1,
        diff_w2,
        diff_b.clone(),
        diff_b,
        diff_hx,
        diff_cx,
    ]))
}

/// The integer arguments of a cuDNN or MIOpen layer call.
struct Layer {
    hidden: SymInt,
    proj: SymInt,
    num_layers: i64,
    batch_first: bool,
    bidirectional: bool,
    batch_sizes: shape::Dims,
}

/// `_cudnn_rnn`'s meta (MIOpen's calls it with its own weight buffer and
/// no projections): an unpacked input is `[seq, batch, features]` (batch
/// first when said), a packed one `[sum of batch_sizes, features]` with
/// `batch_sizes[0]` its batch. The output has `proj_size` (when not 0,
/// else `hidden_size`) features per direction; `hy` is `hx.new_empty` of
/// `[layers * directions, batch, that width]`, `cy` `cx.new_empty` of the
/// hidden size, or without `cx` an empty tensor of the default dtype; the
/// reserve an empty `uint8` tensor; the weight buffer returned as given.
fn cudnn_layer(
    cx: &mut Cx<'_>,
    input: &TensorMeta,
    hx: &TensorMeta,
    c: Option<&TensorMeta>,
    l: &Layer,
    weight_buf: Out,
) -> Result<Outs> {
    let (out_sizes, batch): (shape::Dims, SymInt) = match l.batch_sizes.first() {
        Some(&batch) => {
            let total = dim_size(cx, input, 0)?;
            (shape::Dims::from_slice(&[total, SymInt::Int(0)]), batch)
        }
        None => {
            let (seq, batch) = steps_and_batch(cx, input, l.batch_first)?;
            let s = sequence_sizes(seq, batch, SymInt::Int(0), l.batch_first);
            (shape::Dims::from_slice(&s), batch)
        }
    };
    let directions = if l.bidirectional { 2 } else { 1 };
    let out_size = if shape::guard_eq(cx.env, l.proj, SymInt::Int(0), cx.op)? {
        l.hidden
    } else {
        l.proj
    };
    let mut out_sizes = out_sizes;
    if let Some(width) = out_sizes.last_mut() {
        *width = cx.env.mul(out_size, SymInt::Int(directions))?;
    }
    let states = SymInt::Int(l.num_layers.checked_mul(directions).ok_or_else(|| {
        invalid(
            cx,
            format!(
                "num_layers {} times {directions} directions overflows an int64",
                l.num_layers
            ),
        )
    })?);
    let output = new_empty(cx, input, &out_sizes, input.dtype)?;
    let cy = match c {
        Some(c) => new_empty(cx, c, &[states, batch, l.hidden], c.dtype)?,
        None => empty_on(cx, input, None)?,
    };
    let hy = new_empty(cx, hx, &[states, batch, out_size], hx.dtype)?;
    let reserve = empty_on(cx, input, Some(DType::UInt8))?;
    Ok(Outs::from_iter([output, hy, cy, reserve, weight_buf]))
}

/// `_cudnn_rnn(Tensor input, Tensor[] weight, int weight_stride0, Tensor?
/// weight_buf, Tensor hx, Tensor? cx, int mode, SymInt hidden_size,
/// SymInt proj_size, int num_layers, bool batch_first, float dropout,
/// bool train, bool bidirectional, SymInt[] batch_sizes, Tensor?
/// dropout_state) -> (Tensor, Tensor, Tensor, Tensor, Tensor)`
/// ([`cudnn_layer`]; the last result is `weight_buf` itself, or none).
pub(crate) fn cudnn_rnn(cx: &mut Cx<'_>, a: &[Arg<'_>]) -> Result<Outs> {
    let input = args::tensor(cx, a, 0, "input")?;
    let weight_buf = args::opt_tensor(cx, a, 3, "weight_buf")?;
    let hx = args::tensor(cx, a, 4, "hx")?;
    let c = args::opt_tensor(cx, a, 5, "cx")?;
    let layer = Layer {
        hidden: args::size(cx, a, 7, "hidden_size", None)?,
        proj: args::size(cx, a, 8, "proj_size", None)?,
        num_layers: args::int(cx, a, 9, "num_layers", None)?,
        batch_first: args::bool(cx, a, 10, "batch_first", None)?,
        bidirectional: args::bool(cx, a, 13, "bidirectional", None)?,
        batch_sizes: args::sizes(cx, a, 14, "batch_sizes", None)?,
    };
    let buf = match weight_buf {
        Some(w) => Out::Tensor(w.clone(), Alias::Same(3)),
        None => Out::None,
    };
    cudnn_layer(cx, input, hx, c, &layer, buf)
}

/// `miopen_rnn(Tensor input, Tensor[] weight, int weight_stride0, Tensor
/// hx, Tensor? cx, int mode, int hidden_size, int num_layers, bool
/// batch_first, float dropout, bool train, bool bidirectional, int[]
/// batch_sizes, Tensor? dropout_state) -> (Tensor, Tensor, Tensor, Tensor,
/// Tensor)`: a new 1-d weight buffer of the input's dtype holding every
/// non-empty weight's elements, then [`cudnn_layer`] without projections.
pub(crate) fn miopen_rnn(cx: &mut Cx<'_>, a: &[Arg<'_>]) -> Result<Outs> {
    let input = args::tensor(cx, a, 0, "input")?;
    let weights = args::tensors(cx, a, 1, "weight")?;
    let hx = args::tensor(cx, a, 3, "hx")?;
    let c = args::opt_tensor(cx, a, 4, "cx")?;
    let layer = Layer {
        hidden: SymInt::Int(args::int(cx, a, 6, "hidden_size", None)?),
        proj: SymInt::Int(0),
        num_layers: args::int(cx, a, 7, "num_layers", None)?,
        batch_first: args::bool(cx, a, 8, "batch_first", None)?,
        bidirectional: args::bool(cx, a, 11, "bidirectional", None)?,
        batch_sizes: args::ints(cx, a, 12, "batch_sizes", None)?
            .iter()
            .map(|&n| SymInt::Int(n))
            .collect(),
    };
    let mut total = SymInt::Int(0);
    for w in weights {
        let n = w.numel(cx.env)?;
        let positive = cx.env.gt(n, SymInt::Int(0))?;
        if cx.env.guard_bool(positive, cx.op)? {
            total = cx.env.add(total, n)?;
        }
    }
    let buf = new_empty(cx, input, &[total], input.dtype)?;
    cudnn_layer(cx, input, hx, c, &layer, buf)
}
