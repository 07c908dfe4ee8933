"""Cases of the recurrent networks of `ops/rules/recurrent.rules`: lstm,
gru, rnn_tanh, rnn_relu and their cells.

Merged into `export_op_cases.py`'s CASES and SYMBOLIC; the format is
described there.
"""

import torch

from op_case_inputs import C, Case, D, T, bf16, f16, f32, f64, i64, tr, u8

CASES = {}
SYMBOLIC = []
# What torch.export leaves of nn.LSTM, nn.GRU, nn.RNN and their cells. The
# layers run as torch.export runs them, under the Python dispatcher: the
# Python decompositions of torch/_decomp/decompositions.py (`lstm_impl`,
# `gru_impl`, `rnn_tanh_input`, `rnn_relu_input`; an LSTM on the CPU in
# float32/bfloat16 without projections takes `mkldnn_rnn_layer`, whose meta
# kernel checks nothing). The cells are ATen's composites (RNN.cpp). The
# packed-sequence `.data` overloads read `batch_sizes`' values, which
# FakeTensorMode cannot (a data-dependent guard): they have no cases.


def rnn_params(gates, input_size, hidden, layers=1, bidirectional=False, bias=True, proj=0, **kw):
    """The flat `params` of nn.RNNBase: per layer and direction w_ih, w_hh,
    then b_ih, b_hh (with biases), then w_hr (with projections)."""
    out_size = proj or hidden
    params = []
    for layer in range(layers):
        for _ in range(2 if bidirectional else 1):
            width = input_size if layer == 0 else out_size * (2 if bidirectional else 1)
            params += [T([gates * hidden, width], **kw), T([gates * hidden, out_size], **kw)]
            if bias:
                params += [T([gates * hidden], **kw), T([gates * hidden], **kw)]
            if proj:
                params.append(T([proj, hidden], **kw))
    return params


def rnn_case(name, gates, seq=3, batch=2, input_size=4, hidden=5, layers=1, bidirectional=False,
             batch_first=False, bias=True, proj=0, dropout=0.0, train=False, lstm=False, x=None, hx=None,
             params=None, **kw):
    """A call of lstm.input (`lstm`: two hidden states) or gru/rnn_*.input."""
    dirs = 2 if bidirectional else 1
    if x is None:
        x = T([batch, seq, input_size] if batch_first else [seq, batch, input_size], **kw)
    if hx is None:
        h = T([layers * dirs, batch, proj or hidden], **kw)
        hx = [h, T([layers * dirs, batch, hidden], **kw)] if lstm else h
    if params is None:
        params = rnn_params(gates, input_size, hidden, layers, bidirectional, bias, proj, **kw)
    return C(name, x, hx, params, bias, layers, dropout, train, bidirectional, batch_first)


def layer_cases(gates, lstm=False):
    """Cases of every recurrent layer: the layouts nn.RNNBase passes
    (batch first, bidirectional, several layers), dtypes and devices that
    pick the decomposition's path, empty sizes, and refusals."""
    L = dict(lstm=lstm)
    x64 = dict(dtype=f64, **L)
    cases = [
        rnn_case("one layer", gates, **L),
        rnn_case("batch first", gates, batch_first=True, **L),
        rnn_case("bidirectional", gates, bidirectional=True, **L),
        rnn_case("two layers", gates, layers=2, **L),
        rnn_case("two bidirectional layers, batch first", gates, layers=2, bidirectional=True,
                 batch_first=True, **L),
        rnn_case("without biases", gates, bias=False, **L),
        rnn_case("one step of a batch of one", gates, seq=1, batch=1, **L),
        rnn_case("empty batch", gates, batch=0, **L),
        rnn_case("training with dropout", gates, layers=2, dropout=0.5, train=True, **L),
        rnn_case("float64", gates, **x64),
        rnn_case("float64, two bidirectional layers, batch first", gates, layers=2, bidirectional=True,
                 batch_first=True, **x64),
        rnn_case("float64 without biases, batch first", gates, bias=False, batch_first=True, **x64),
        rnn_case("float64 one step", gates, seq=1, **x64),
        rnn_case("float64 empty sequence", gates, seq=0, **x64),
        rnn_case("float64 empty batch", gates, batch=0, **x64),
        rnn_case("float64 long sequence", gates, seq=40, **x64),
        rnn_case("empty sequence", gates, seq=0, **L),
        rnn_case("float16", gates, dtype=f16, **L),
        rnn_case("bfloat16", gates, dtype=bf16, **L),
        rnn_case("cuda", gates, device="cuda", **L),
        rnn_case("cuda, bidirectional batch first", gates, bidirectional=True, batch_first=True,
                 device="cuda", **L),
        rnn_case("transposed input", gates, x=T([3, 2, 4], then=lambda t: t.transpose(0, 1).contiguous()
                                                .transpose(0, 1)), **L),
        rnn_case("float64 transposed input", gates,
                 x=T([3, 2, 4], dtype=f64, then=lambda t: t.transpose(0, 1).contiguous().transpose(0, 1)),
                 **x64),
        rnn_case("float64 input, float32 weights", gates, x=T([3, 2, 4], dtype=f64), **L),
        rnn_case("float64 input size mismatch", gates, x=T([3, 2, 3], dtype=f64), **x64),
        rnn_case("parameters of one layer for two", gates, layers=2,
                 params=rnn_params(gates, 4, 5), **L),
        rnn_case("float64 parameters of one layer for two", gates, layers=2,
                 params=rnn_params(gates, 4, 5, dtype=f64), **x64),
        rnn_case("zero layers", gates, layers=0,
                 hx=([T([1, 2, 5]), T([1, 2, 5])] if lstm else T([1, 2, 5])), **L),
        rnn_case("a parameter left over", gates, params=rnn_params(gates, 4, 5) + [T([5])], **L),
        rnn_case("2-d input and hidden state (unbatched)", gates, x=T([3, 4]),
                 hx=([T([1, 5]), T([1, 5])] if lstm else T([1, 5])), **L),
        rnn_case("float64 2-d input and hidden state (unbatched)", gates, x=T([3, 4], dtype=f64),
                 hx=([T([1, 5], dtype=f64), T([1, 5], dtype=f64)] if lstm else T([1, 5], dtype=f64)), **x64),
    ]
    if lstm:
        cases += [
            rnn_case("projections", gates, proj=3, **L),
            rnn_case("projections, two bidirectional layers, batch first", gates, proj=3, layers=2,
                     bidirectional=True, batch_first=True, **L),
            rnn_case("projections without biases", gates, proj=3, bias=False, **L),
            rnn_case("hidden states of another batch", gates,
                     hx=[T([1, 3, 5]), T([1, 3, 5])], **L),
            rnn_case("float64 hidden states of another batch", gates,
                     hx=[T([1, 3, 5], dtype=f64), T([1, 3, 5], dtype=f64)], **x64),
            rnn_case("float64 hidden states of batch one", gates,
                     hx=[T([1, 1, 5], dtype=f64), T([1, 1, 5], dtype=f64)], **x64),
            rnn_case("three hidden states", gates, hx=[T([1, 2, 5])] * 3, **L),
            rnn_case("one hidden state", gates, hx=[T([1, 2, 5])], **L),
            rnn_case("cell state of more layers", gates, hx=[T([1, 2, 5]), T([2, 2, 5])], **L),
            rnn_case("float64 hidden size mismatch", gates, hx=[T([1, 2, 6], dtype=f64), T([1, 2, 5], dtype=f64)],
                     **x64),
        ]
    else:
        cases += [
            rnn_case("hidden state of batch one", gates, hx=T([1, 1, 5]), **L),
            rnn_case("hidden state of another batch", gates, hx=T([1, 3, 5]), **L),
            rnn_case("hidden size mismatch", gates, hx=T([1, 2, 6]), **L),
            rnn_case("hidden state of one layer for two", gates, layers=2, hx=T([1, 2, 5]), **L),
            rnn_case("int64", gates, dtype=i64, **L),
        ]
    return cases


def cell_case(name, gates, batch=2, input_size=4, hidden=5, bias=True, lstm=False, x=None, hx=None,
              w=None, b=None, **kw):
    """A call of lstm_cell (`lstm`: two hidden states) or gru/rnn_*_cell."""
    if x is None:
        x = T([batch, input_size], **kw)
    if hx is None:
        hx = [T([batch, hidden], **kw), T([batch, hidden], **kw)] if lstm else T([batch, hidden], **kw)
    if w is None:
        w = [T([gates * hidden, input_size], **kw), T([gates * hidden, hidden], **kw)]
    if b is None:
        b = [T([gates * hidden], **kw), T([gates * hidden], **kw)] if bias else [None, None]
    return C(name, x, hx, *w, *b)


def cell_cases(gates, lstm=False):
    """Cases of every recurrent cell: layouts the elementwise steps keep,
    dtypes, the CUDA path (fused kernels), and each check of RNN.cpp."""
    L = dict(lstm=lstm)
    g = gates

    def hidden(*sizes, **kw):
        return [T(list(sizes), **kw), T(list(sizes), **kw)] if lstm else T(list(sizes), **kw)

    cases = [
        cell_case("basic", g, **L),
        cell_case("without biases", g, bias=False, **L),
        cell_case("input bias only", g, b=[T([g * 5]), None], **L),
        cell_case("hidden bias only", g, b=[None, T([g * 5])], **L),
        cell_case("transposed input", g, x=tr(2, 4), **L),
        cell_case("transposed hidden state", g, hx=[tr(2, 5), T([2, 5])] if lstm else tr(2, 5), **L),
        cell_case("batch of one", g, batch=1, **L),
        cell_case("batch of one, transposed hidden state", g,
                  hx=[tr(1, 5), tr(1, 5)] if lstm else tr(1, 5), batch=1, **L),
        cell_case("empty batch", g, batch=0, **L),
        cell_case("hidden size one", g, hidden=1, **L),
        cell_case("empty hidden size", g, hidden=0, **L),
        cell_case("empty input size", g, input_size=0, **L),
        cell_case("float64", g, dtype=f64, **L),
        cell_case("float16", g, dtype=f16, **L),
        cell_case("bfloat16", g, dtype=bf16, **L),
        cell_case("float64 input, float32 weights", g, x=T([2, 4], dtype=f64), **L),
        cell_case("float64 hidden state, float32 weights", g, hx=hidden(2, 5, dtype=f64), **L),
        cell_case("int64 without biases", g, bias=False, dtype=i64, **L),
        cell_case("bias of shape [1, gates]", g, b=[T([1, g * 5]), T([g * 5])], **L),
        cell_case("one-element biases", g, b=[T([1]), T([1])], **L),
        cell_case("bias of another length", g, b=[T([g * 5 + 1]), T([g * 5])], **L),
        cell_case("cuda", g, device="cuda", **L),
        cell_case("cuda without biases", g, bias=False, device="cuda", **L),
        cell_case("cuda, transposed hidden state", g, device="cuda",
                  hx=[tr(2, 5, device="cuda"), tr(2, 5, device="cuda")] if lstm else tr(2, 5, device="cuda"), **L),
        cell_case("cuda bias of shape [1, gates]", g, device="cuda",
                  b=[T([1, g * 5], device="cuda"), T([g * 5], device="cuda")], **L),
        cell_case("cuda input bias only", g, device="cuda", b=[T([g * 5], device="cuda"), None], **L),
        cell_case("3-d input", g, x=T([2, 3, 4]), **L),
        cell_case("1-d input", g, x=T([4]), **L),
        cell_case("0-d input", g, x=T([]), **L),
        cell_case("1-d hidden state", g, hx=hidden(5), **L),
        cell_case("3-d hidden state", g, hx=hidden(1, 2, 5), **L),
        cell_case("input size mismatch", g, x=T([2, 3]), **L),
        cell_case("batch mismatch", g, hx=hidden(3, 5), **L),
        cell_case("hidden state of batch one", g, hx=hidden(1, 5), **L),
        cell_case("hidden size mismatch", g, hx=hidden(2, 6), **L),
        cell_case("weight_ih rows", g, w=[T([g * 5 + 1, 4]), T([g * 5, 5])], **L),
        cell_case("weight_hh rows", g, w=[T([g * 5, 4]), T([g * 5 + g, 5])], **L),
        cell_case("1-d weight_ih", g, w=[T([g * 5]), T([g * 5, 5])], **L),
        cell_case("1-d weight_hh", g, w=[T([g * 5, 4]), T([g * 5])], **L),
        cell_case("3-d weight_ih", g, w=[T([1, g * 5, 4]), T([g * 5, 5])], **L),
        cell_case("3-d weight_hh", g, w=[T([g * 5, 4]), T([1, g * 5, 5])], **L),
        cell_case("3-d input and wrong weight_ih rows", g, x=T([2, 3, 4]), w=[T([g * 5 + 1, 4]), T([g * 5, 5])],
                  **L),
        cell_case("1-d hidden state and wrong weight_ih rows", g, hx=hidden(5),
                  w=[T([g * 5 + 1, 4]), T([g * 5, 5])], **L),
        cell_case("3-d input and 1-d weight_hh", g, x=T([2, 3, 4]), w=[T([g * 5, 4]), T([g * 5])], **L),
        cell_case("1-d hidden state and 1-d weight_hh", g, hx=hidden(5), w=[T([g * 5, 4]), T([g * 5])], **L),
    ]
    if lstm:
        cases += [
            cell_case("transposed cell state", g, hx=[T([2, 5]), tr(2, 5)], **L),
            cell_case("one hidden state", g, hx=[T([2, 5])], **L),
            cell_case("three hidden states", g, hx=[T([2, 5])] * 3, **L),
            cell_case("1-d cell state", g, hx=[T([2, 5]), T([5])], **L),
            cell_case("cell state of another batch", g, hx=[T([2, 5]), T([3, 5])], **L),
            cell_case("cell state of another hidden size", g, hx=[T([2, 5]), T([2, 6])], **L),
            cell_case("hidden size two", g, hidden=2, **L),
        ]
    return cases


CASES.update({
    "lstm.input": layer_cases(4, lstm=True),
    "gru.input": layer_cases(3),
    "rnn_tanh.input": layer_cases(1),
    "rnn_relu.input": layer_cases(1),
    "lstm_cell": cell_cases(4, lstm=True),
    "gru_cell": cell_cases(3),
    "rnn_tanh_cell": cell_cases(1),
    "rnn_relu_cell": cell_cases(1),
})


def fused_cell_cases(gates, prev="cx"):
    """The fused CUDA cells' own cases: gates `[batch, gates * hidden]`."""
    g = gates * 5
    return [
        C("gates and a state", T([2, g]), T([2, g]), T([2, 5])),
        C("biases", T([2, g]), T([2, g]), T([2, 5]), T([g]), T([g])),
        C("transposed state", T([2, g]), T([2, g]), tr(5, 2)),
        C("float64", T([2, g], dtype=f64), T([2, g], dtype=f64), T([2, 5], dtype=f64)),
        C("gates of other shapes", T([2, g]), T([3, g]), T([2, 5])),
        C("3-d gates", T([1, 2, g]), T([1, 2, g]), T([2, 5])),
        C("bias of another width", T([2, g]), T([2, g]), T([2, 5]), T([g - 1]), T([g - 1])),
        C("input bias alone", T([2, g]), T([2, g]), T([2, 5]), T([g])),
        C(f"{prev} of another size", T([2, g]), T([2, g]), T([2, 4])),
    ]


CASES.update({
    "_thnn_fused_lstm_cell": fused_cell_cases(4),
    "_thnn_fused_gru_cell": fused_cell_cases(3, prev="hx"),
    "_thnn_fused_lstm_cell_backward_impl": [
        C("both gradients, a bias", T([2, 5]), T([2, 5]), T([2, 5]), T([2, 5]), T([2, 20]), True),
        C("the state's gradient alone, transposed", None, tr(5, 2), T([2, 5]), T([2, 5]), T([2, 20]), False),
        C("no gradient", None, None, T([2, 5]), T([2, 5]), T([2, 20]), True),
        C("float64", T([2, 5], dtype=f64), None, T([2, 5], dtype=f64), T([2, 5], dtype=f64),
          T([2, 20], dtype=f64), True),
        C("workspace of another size", T([2, 5]), T([2, 5]), T([2, 5]), T([2, 5]), T([2, 16]), True),
        C("cy of another shape", T([2, 5]), T([2, 5]), T([2, 5]), T([3, 5]), T([2, 20]), True),
    ],
    "_thnn_fused_gru_cell_backward": [
        C("a bias", T([2, 5]), T([2, 25]), True),
        C("no bias, transposed gradient", tr(5, 2), T([2, 25]), False),
        C("float64", T([2, 5], dtype=f64), T([2, 25], dtype=f64), True),
        C("workspace of another batch", T([2, 5]), T([3, 25]), True),
        C("workspace of another width", T([2, 5]), T([2, 20]), True),
        C("3-d gradient", T([1, 2, 5]), T([2, 25]), True),
    ],
})


def symbolic_layer(gates, batch_first=False, bidirectional=False, layers=1, proj=0, lstm=False,
                   dtype=f32, weights_dynamic=False):
    """A layer call whose input and hidden states are dynamic (the weights
    static, as parameters are, unless `weights_dynamic`)."""
    dirs = 2 if bidirectional else 1
    x = D([2, 3, 4] if batch_first else [3, 2, 4], "x", dtype=dtype)
    if lstm:
        hx = [D([layers * dirs, 2, proj or 5], "h", dtype=dtype), D([layers * dirs, 2, 5], "c", dtype=dtype)]
    else:
        hx = D([layers * dirs, 2, 5], "h", dtype=dtype)
    params = rnn_params(gates, 4, 5, layers, bidirectional, True, proj, dtype=dtype)
    if weights_dynamic:
        params = [D(p.sizes, f"w{k}", dtype=dtype) for k, p in enumerate(params)]
    return Case("", x, hx, params, True, layers, 0.0, False, bidirectional, batch_first)


def symbolic_cell(gates, lstm=False, dtype=f32, weights_dynamic=False):
    """A cell call whose input and hidden states are dynamic."""
    x = D([2, 4], "x", dtype=dtype)
    if lstm:
        hx = [D([2, 5], "h", dtype=dtype), D([2, 5], "c", dtype=dtype)]
    else:
        hx = D([2, 5], "h", dtype=dtype)
    w = [T([gates * 5, 4], dtype=dtype), T([gates * 5, 5], dtype=dtype)]
    if weights_dynamic:
        w = [D(t.sizes, f"w{k}", dtype=dtype) for k, t in enumerate(w)]
    b = [T([gates * 5], dtype=dtype), T([gates * 5], dtype=dtype)]
    return Case("", x, hx, *w, *b)


SYMBOLIC += [
    ("lstm.input on the oneDNN path, dynamic input and states", "lstm.input", symbolic_layer(4, lstm=True)),
    ("lstm.input two bidirectional layers, batch first, dynamic", "lstm.input",
     symbolic_layer(4, lstm=True, batch_first=True, bidirectional=True, layers=2)),
    ("lstm.input float64, dynamic input and states", "lstm.input",
     symbolic_layer(4, lstm=True, dtype=f64)),
    ("lstm.input float64 bidirectional batch first, dynamic", "lstm.input",
     symbolic_layer(4, lstm=True, dtype=f64, batch_first=True, bidirectional=True)),
    ("lstm.input with projections, dynamic", "lstm.input", symbolic_layer(4, lstm=True, proj=3)),
    ("lstm.input with dynamic weights too", "lstm.input", symbolic_layer(4, lstm=True, weights_dynamic=True)),
    ("lstm.input float64 with dynamic weights too", "lstm.input",
     symbolic_layer(4, lstm=True, dtype=f64, weights_dynamic=True)),
    ("gru.input, dynamic input and state", "gru.input", symbolic_layer(3)),
    ("gru.input two bidirectional layers, batch first, dynamic", "gru.input",
     symbolic_layer(3, batch_first=True, bidirectional=True, layers=2)),
    ("gru.input with dynamic weights too", "gru.input", symbolic_layer(3, weights_dynamic=True)),
    ("rnn_tanh.input, dynamic input and state", "rnn_tanh.input", symbolic_layer(1)),
    ("rnn_tanh.input bidirectional batch first, dynamic", "rnn_tanh.input",
     symbolic_layer(1, batch_first=True, bidirectional=True)),
    ("rnn_relu.input, dynamic input and state", "rnn_relu.input", symbolic_layer(1)),
    ("rnn_relu.input two layers, float64, dynamic", "rnn_relu.input", symbolic_layer(1, layers=2, dtype=f64)),
    ("lstm_cell, dynamic input and states", "lstm_cell", symbolic_cell(4, lstm=True)),
    ("lstm_cell with dynamic weights", "lstm_cell", symbolic_cell(4, lstm=True, weights_dynamic=True)),
    ("gru_cell, dynamic input and state", "gru_cell", symbolic_cell(3)),
    ("gru_cell with dynamic weights", "gru_cell", symbolic_cell(3, weights_dynamic=True)),
    ("rnn_tanh_cell, dynamic input and state", "rnn_tanh_cell", symbolic_cell(1)),
    ("rnn_tanh_cell with dynamic weights", "rnn_tanh_cell", symbolic_cell(1, weights_dynamic=True)),
    ("rnn_relu_cell, dynamic input and state", "rnn_relu_cell", symbolic_cell(1, dtype=f64)),
]

# All recorded under the Python dispatcher, as torch.export runs them: the
# layers' decompositions are Python kernels (without it the C++ composites
# run, which refuse symbolic sizes), and the cells' `unsafe_chunk` is.
PYTHON_DISPATCHER = {
    "lstm.input", "gru.input", "rnn_tanh.input", "rnn_relu.input",
    "lstm_cell", "gru_cell", "rnn_tanh_cell", "rnn_relu_cell",
}


# ---- the backends' layer operators ------------------------------------------
# What the CPU's oneDNN layer and the cuDNN and MIOpen layers return, as
# their Python metas in torch/_meta_registrations.py compute it from the
# input's and states' sizes and the integer arguments: nothing is checked
# but what indexing the sizes checks.


def mkldnn_layer_case(name, x=None, hx=None, cx=None, weights=None, hidden=5, batch_first=False,
                      reverse=False, **kw):
    """A call of mkldnn_rnn_layer (one LSTM layer: four gates)."""
    if x is None:
        x = T([2, 3, 4] if batch_first else [3, 2, 4], **kw)
    if hx is None:
        hx = T([1, 2, 5], **kw)
    if cx is None:
        cx = T([1, 2, 5], **kw)
    if weights is None:
        weights = [T([20, 4], **kw), T([20, 5], **kw), T([20], **kw), T([20], **kw)]
    return C(name, x, *weights, hx, cx, reverse, [], 2, hidden, 1, True, False, batch_first, False)


def mkldnn_backward_case(name, mode=2, hidden=5, x=None, hx=None, cx=None, weights=None, grads=True, **kw):
    """A call of mkldnn_rnn_layer_backward: the layer's tensors, its results
    and their gradients."""
    gates = 3 if mode == 3 else (4 if mode == 2 else 1)
    if x is None:
        x = T([3, 2, 4], **kw)
    if hx is None:
        hx = T([1, 2, hidden], **kw)
    if cx is None:
        cx = T([1, 2, hidden], **kw)
    if weights is None:
        weights = [T([gates * hidden, 4], **kw), T([gates * hidden, hidden], **kw),
                   T([gates * hidden], **kw), T([gates * hidden], **kw)]
    out, hy, cy = T([3, 2, hidden], **kw), T([1, 2, hidden], **kw), T([1, 2, hidden], **kw)
    g = [T([3, 2, hidden], **kw), T([1, 2, hidden], **kw), T([1, 2, hidden], **kw)] if grads else [None] * 3
    return C(name, x, *weights, hx, cx, out, hy, cy, *g, False, mode, hidden, 1, True, True, False, [],
             False, T([0], dtype=u8, device=kw.get("device", "cpu")))


def cudnn_case(name, mode=2, seq=3, batch=2, input_size=4, hidden=5, proj=0, layers=1, batch_first=False,
               bidirectional=False, batch_sizes=(), cx=True, weight_buf=True, x=None, hx=None, miopen=False, **kw):
    """A call of _cudnn_rnn (or miopen_rnn, which has no weight_buf or
    proj_size): mode 0 RNN_RELU, 1 RNN_TANH, 2 LSTM, 3 GRU."""
    gates = {0: 1, 1: 1, 2: 4, 3: 3}[mode]
    dirs = 2 if bidirectional else 1
    out_size = proj or hidden
    if x is None:
        if batch_sizes:
            x = T([sum(batch_sizes), input_size], **kw)
        else:
            x = T([batch, seq, input_size] if batch_first else [seq, batch, input_size], **kw)
    mini = batch_sizes[0] if batch_sizes else batch
    if hx is None:
        hx = T([layers * dirs, mini, out_size], **kw)
    c = T([layers * dirs, mini, hidden], **kw) if cx else None
    weights = [T([gates * hidden, input_size], **kw), T([gates * hidden, out_size], **kw),
               T([gates * hidden], **kw), T([gates * hidden], **kw)]
    if miopen:
        return C(name, x, weights, 4, hx, c, mode, hidden, layers, batch_first, 0.0, False, bidirectional,
                 list(batch_sizes), None)
    buf = T([4 * gates * hidden + 2 * gates * hidden], **kw) if weight_buf else None
    return C(name, x, weights, 4, buf, hx, c, mode, hidden, proj, layers, batch_first, 0.0, False, bidirectional,
             list(batch_sizes), None)


CASES.update({
    "mkldnn_rnn_layer": [
        mkldnn_layer_case("sequence first"),
        mkldnn_layer_case("batch first", batch_first=True),
        mkldnn_layer_case("reversed", reverse=True),
        mkldnn_layer_case("bfloat16", dtype=bf16),
        mkldnn_layer_case("float64 input, float32 states", x=T([3, 2, 4], dtype=f64)),
        mkldnn_layer_case("transposed states are allocated contiguous", hx=T([1, 5, 2], then=lambda t: t.transpose(1, 2)),
                          cx=T([2, 5], then=lambda t: t.t().unsqueeze(0))),
        mkldnn_layer_case("a hidden size other than the states'", hidden=7),
        mkldnn_layer_case("states of other shapes are copied as they are", hx=T([2, 3]), cx=T([4])),
        mkldnn_layer_case("transposed input", x=tr(2, 3, 4)),
        mkldnn_layer_case("empty sequence", x=T([0, 2, 4])),
        mkldnn_layer_case("cuda", device="cuda"),
        mkldnn_layer_case("1-d input", x=T([4])),
        mkldnn_layer_case("0-d input", x=T([])),
    ],
    "mkldnn_rnn_layer_backward": [
        mkldnn_backward_case("lstm"),
        mkldnn_backward_case("gru, a bias of four gates", mode=3),
        mkldnn_backward_case("rnn_tanh", mode=1),
        mkldnn_backward_case("no output gradients", grads=False),
        mkldnn_backward_case("bfloat16 gives float32 gradients", dtype=bf16),
        mkldnn_backward_case("float64 gives float32 gradients", dtype=f64),
        mkldnn_backward_case("transposed input", x=tr(3, 2, 4)),
        mkldnn_backward_case("cuda", device="cuda"),
        mkldnn_backward_case("gru with 0-d biases", mode=3,
                             weights=[T([15, 4]), T([15, 5]), T([]), T([])]),
        mkldnn_backward_case("lstm with 0-d biases", weights=[T([20, 4]), T([20, 5]), T([]), T([])]),
    ],
    "_cudnn_rnn": [
        cudnn_case("lstm"),
        cudnn_case("lstm batch first", batch_first=True),
        cudnn_case("lstm bidirectional, two layers", bidirectional=True, layers=2),
        cudnn_case("lstm with projections", proj=3),
        cudnn_case("gru without a cell state", mode=3, cx=False),
        cudnn_case("rnn_tanh", mode=1, cx=False),
        cudnn_case("without a weight buffer", weight_buf=False),
        cudnn_case("packed sequence", batch_sizes=(2, 2, 1)),
        cudnn_case("packed sequence, bidirectional", batch_sizes=(3, 1), bidirectional=True),
        cudnn_case("float16", dtype=f16),
        cudnn_case("cuda", device="cuda"),
        cudnn_case("cuda gru without a cell state", mode=3, cx=False, device="cuda"),
        cudnn_case("transposed input", x=tr(3, 2, 4)),
        cudnn_case("empty batch", batch=0),
        cudnn_case("1-d input", x=T([4])),
        cudnn_case("packed 0-d input", x=T([]), batch_sizes=(2,)),
    ],
    "miopen_rnn": [
        cudnn_case("lstm", miopen=True),
        cudnn_case("gru without a cell state", mode=3, cx=False, miopen=True),
        cudnn_case("batch first, bidirectional", batch_first=True, bidirectional=True, miopen=True),
        cudnn_case("packed sequence", batch_sizes=(2, 1), miopen=True),
        cudnn_case("float64", dtype=f64, miopen=True),
        cudnn_case("cuda", device="cuda", miopen=True),
        cudnn_case("an empty weight is not counted", input_size=0, miopen=True),
        cudnn_case("1-d input", x=T([4]), miopen=True),
    ],
    "_print": [C("a message", "hello")],
})

SYMBOLIC += [
    ("mkldnn_rnn_layer, dynamic input and states", "mkldnn_rnn_layer",
     Case("", D([3, 2, 4], "x"), T([20, 4]), T([20, 5]), T([20]), T([20]), D([1, 2, 5], "h"), D([1, 2, 5], "c"),
          False, [], 2, 5, 1, True, False, False, False)),
    ("mkldnn_rnn_layer batch first, dynamic", "mkldnn_rnn_layer",
     Case("", D([2, 3, 4], "x"), T([20, 4]), T([20, 5]), T([20]), T([20]), D([1, 2, 5], "h"), D([1, 2, 5], "c"),
          False, [], 2, 5, 1, True, False, True, False)),
    ("mkldnn_rnn_layer_backward, dynamic", "mkldnn_rnn_layer_backward",
     Case("", D([3, 2, 4], "x"), D([20, 4], "w0"), D([20, 5], "w1"), D([20], "w2"), D([20], "w3"),
          D([1, 2, 5], "h"), D([1, 2, 5], "c"), T([3, 2, 5]), T([1, 2, 5]), T([1, 2, 5]), None, None, None,
          False, 2, 5, 1, True, True, False, [], False, T([0], dtype=u8))),
    ("_cudnn_rnn, dynamic input and states", "_cudnn_rnn",
     Case("", D([3, 2, 4], "x"), [T([20, 4]), T([20, 5]), T([20]), T([20])], 4, T([220]), D([1, 2, 5], "h"),
          D([1, 2, 5], "c"), 2, 5, 0, 1, False, 0.0, False, False, [], None)),
    ("_cudnn_rnn packed, dynamic", "_cudnn_rnn",
     Case("", D([5, 4], "x"), [T([15, 4]), T([15, 5]), T([15]), T([15])], 4, None, D([1, 2, 5], "h"),
          None, 3, 5, 0, 1, False, 0.0, False, False, [2, 2, 1], None)),
    ("miopen_rnn, dynamic input and weights", "miopen_rnn",
     Case("", D([3, 2, 4], "x"), [D([20, 4], "w0"), D([20, 5], "w1"), T([20]), T([20])], 4, D([1, 2, 5], "h"),
          D([1, 2, 5], "c"), 2, 5, 1, False, 0.0, False, False, [], None)),
]

# oneDNN's layer and its gradient trust the states' and weights' sizes
# their metas accept unchecked: their eager kernels are not run.
NO_EAGER = {"mkldnn_rnn_layer", "mkldnn_rnn_layer_backward"}
