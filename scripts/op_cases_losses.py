"""Cases of the losses of `ops/rules/losses.rules` and the neural-network
operators added beside them.

Merged into `export_op_cases.py`'s CASES and SYMBOLIC; the format is
described there.
"""

import torch

from op_case_inputs import CL, C, D, T, b8, bf16, c64, cl, f16, f32, f64, i32, i64, tr

CASES = {}
SYMBOLIC = []


def pair_cases(*extra):
    """Losses of an input and a target of its sizes (broadcast allowed)."""
    return [
        C("mean", T([2, 3]), T([2, 3]), *extra),
        C("none", T([2, 3]), T([2, 3]), 0, *extra),
        C("sum", T([2, 3]), T([2, 3]), 2, *extra),
        C("none transposed input", tr(2, 3), T([2, 3]), 0, *extra),
        C("none transposed target", T([2, 3]), tr(2, 3), 0, *extra),
        C("none channels last", cl(1, 2, 3, 3), T([1, 2, 3, 3]), 0, *extra),
        C("none broadcast", T([2, 1]), T([1, 3]), 0, *extra),
        C("mean broadcast", T([2, 1]), T([3]), 1, *extra),
        C("float16 none", T([2, 3], dtype=f16), T([2, 3], dtype=f16), 0, *extra),
        C("float64 target", T([2, 3]), T([2, 3], dtype=f64), 0, *extra),
        C("int64 mean", T([2, 3], dtype=i64), T([2, 3], dtype=i64), 1, *extra),
        C("int64 sum", T([2, 3], dtype=i64), T([2, 3], dtype=i64), 2, *extra),
        C("zero-dim", T([]), T([]), 0, *extra),
        C("empty mean", T([0, 3]), T([0, 3]), 1, *extra),
        C("sizes that do not broadcast", T([2, 3]), T([4]), 0, *extra),
    ]


for _op in ["mse_loss", "l1_loss", "soft_margin_loss"]:
    CASES[_op] = pair_cases()
CASES["mse_loss"] += [C("bool", T([2], dtype=b8), T([2], dtype=b8), 0),
                      C("complex64", T([2], dtype=c64), T([2], dtype=c64), 1)]
CASES["l1_loss"] += [C("complex64", T([2], dtype=c64), T([2], dtype=c64), 0)]
CASES["smooth_l1_loss"] = pair_cases() + [
    C("beta", T([2, 3]), T([2, 3]), 0, 0.5),
    C("negative beta", T([2, 3]), T([2, 3]), 0, -1.0),
]
CASES["huber_loss"] = pair_cases() + [
    C("delta", T([2, 3]), T([2, 3]), 0, 0.5),
    C("zero delta", T([2, 3]), T([2, 3]), 0, 0.0),
    C("negative delta", T([2, 3]), T([2, 3]), 1, -1.0),
]
for _op in ["mse_loss.out", "smooth_l1_loss.out", "huber_loss.out", "soft_margin_loss.out"]:
    CASES[_op] = [
        C("none", T([2, 3]), T([2, 3]), 0, out=T([2, 3])),
        C("mean into resized out", T([2, 3]), T([2, 3]), 1, out=T([0])),
        C("sum", T([2, 3]), T([2, 3]), 2, out=T([])),
    ]

CASES["binary_cross_entropy"] = [
    C("mean", T([2, 3]), T([2, 3])),
    C("none", T([2, 3]), T([2, 3]), None, 0),
    C("sum weighted", T([2, 3]), T([2, 3]), T([3]), 2),
    C("none weighted broadcast", T([2, 3]), T([2, 3]), T([2, 1]), 0),
    C("none transposed input", tr(2, 3), T([2, 3]), None, 0),
    C("none transposed target", T([2, 3]), tr(2, 3), None, 0),
    C("float16", T([4], dtype=f16), T([4], dtype=f16), None, 0),
    C("float64 weight", T([4]), T([4]), T([4], dtype=f64), 0),
    C("zero-dim", T([]), T([])),
    C("int64", T([4], dtype=i64), T([4], dtype=i64), None, 0),
]
CASES["binary_cross_entropy.out"] = [
    C("none", T([2, 3]), T([2, 3]), None, 0, out=T([2, 3])),
    C("mean", T([2, 3]), T([2, 3]), out=T([])),
]
CASES["binary_cross_entropy_with_logits"] = [
    C("mean", T([2, 3]), T([2, 3])),
    C("none", T([2, 3]), T([2, 3]), None, None, 0),
    C("sum weighted", T([2, 3]), T([2, 3]), T([3]), None, 2),
    C("none pos weight", T([2, 3]), T([2, 3]), None, T([3]), 0),
    C("none both weights", T([2, 3]), T([2, 3]), T([2, 3]), T([3]), 0),
    C("none transposed input", tr(2, 3), T([2, 3]), None, None, 0),
    C("none float64 target", T([2, 3]), T([2, 3], dtype=f64), None, None, 0),
    C("none float16", T([4], dtype=f16), T([4], dtype=f16), None, None, 0),
    C("broadcast target", T([2, 3]), T([3]), None, None, 0),
    C("zero-dim", T([]), T([])),
    C("int64 target none", T([2, 3]), T([2, 3], dtype=i64), None, None, 0),
    C("int64 target mean", T([2, 3]), T([2, 3], dtype=i64)),
]
CASES["binary_cross_entropy_with_logits.out"] = [
    C("none", T([2, 3]), T([2, 3]), None, None, 0, out=T([2, 3])),
    C("mean", T([2, 3]), T([2, 3]), out=T([])),
]
CASES["kl_div"] = [
    C("mean", T([2, 3]), T([2, 3])),
    C("none", T([2, 3]), T([2, 3]), 0),
    C("sum log target", T([2, 3]), T([2, 3]), 2, log_target=True),
    C("none log target transposed", tr(2, 3), T([2, 3]), 0, log_target=True),
    C("none transposed target", T([2, 3]), tr(2, 3), 0),
    C("none broadcast", T([2, 1]), T([3]), 0),
    C("float64 target", T([2, 3]), T([2, 3], dtype=f64), 0),
    C("int64 refused", T([2], dtype=i64), T([2]), 0),
    C("float16", T([2, 3], dtype=f16), T([2, 3], dtype=f16), 0),
    C("complex refused", T([2], dtype=c64), T([2], dtype=c64), 0),
    C("zero-dim", T([]), T([])),
]
CASES["margin_ranking_loss"] = [
    C("mean", T([4]), T([4]), T([4])),
    C("none", T([4]), T([4]), T([4]), 0.5, 0),
    C("sum", T([2, 3]), T([2, 3]), T([2, 3]), 0.0, 2),
    C("none transposed", tr(2, 3), T([2, 3]), T([2, 3]), 0.0, 0),
    C("none transposed target", T([2, 3]), T([2, 3]), tr(2, 3), 0.0, 0),
    C("none broadcast", T([2, 3]), T([3]), T([2, 1]), 0.0, 0),
    C("float64 target", T([4]), T([4]), T([4], dtype=f64), 0.0, 0),
    C("int64 mean", T([4], dtype=i64), T([4], dtype=i64), T([4], dtype=i64)),
    C("zero-dim", T([]), T([]), T([])),
]
CASES["hinge_embedding_loss"] = [
    C("mean", T([2, 3]), T([2, 3])),
    C("none", T([2, 3]), T([2, 3]), 1.0, 0),
    C("sum", T([2, 3]), T([2, 3]), 0.5, 2),
    C("none transposed input", tr(2, 3), T([2, 3]), 1.0, 0),
    C("none transposed target", T([2, 3]), tr(2, 3), 1.0, 0),
    C("none broadcast target", T([2, 3]), T([3]), 1.0, 0),
    C("float64 target", T([2, 3]), T([2, 3], dtype=f64), 1.0, 0),
    C("int64 target", T([2, 3]), T([2, 3], dtype=i64), 1.0, 0),
    C("zero-dim", T([]), T([])),
    C("channels last", cl(1, 2, 3, 3), T([1, 2, 3, 3]), 1.0, 0),
    C("int64 input", T([2, 3], dtype=i64), T([2, 3]), 1.0, 0),
    C("bool input refused", T([2, 3], dtype=b8), T([2, 3]), 1.0, 0),
]
CASES["poisson_nll_loss"] = [
    C("log input mean", T([2, 3]), T([2, 3]), True, False, 1e-8, 1),
    C("none", T([2, 3]), T([2, 3]), False, False, 1e-8, 0),
    C("full none", T([2, 3]), T([2, 3]), True, True, 1e-8, 0),
    C("full sum", T([2, 3]), T([2, 3]), False, True, 1e-8, 2),
    C("none transposed", tr(2, 3), T([2, 3]), True, False, 1e-8, 0),
    C("none broadcast", T([2, 3]), T([3]), True, False, 1e-8, 0),
    C("full broadcast target", T([3]), T([2, 3]), True, True, 1e-8, 0),
    C("float64 target", T([2, 3]), T([2, 3], dtype=f64), True, False, 1e-8, 0),
    C("sizes that do not broadcast", T([2, 3]), T([4]), True, False, 1e-8, 0),
    C("int64 input", T([3], dtype=i64), T([3]), True, False, 1e-8, 0),
    C("int64 target full", T([3]), T([3], dtype=i64), False, True, 1e-8, 0),
]
CASES["cosine_embedding_loss"] = [
    C("mean", T([3, 4]), T([3, 4]), T([3])),
    C("none", T([3, 4]), T([3, 4]), T([3]), 0.5, 0),
    C("sum", T([3, 4]), T([3, 4]), T([3]), 0.0, 2),
    C("vectors", T([4]), T([4]), T([]), 0.0, 0),
    C("transposed", tr(3, 4), T([3, 4]), T([3]), 0.0, 0),
    C("float64 target", T([3, 4]), T([3, 4]), T([3], dtype=f64), 0.0, 0),
    C("2-D target refused", T([3, 4]), T([3, 4]), T([3, 4])),
    C("1-D target with vectors refused", T([4]), T([4]), T([4])),
    C("zero-dim target with matrices refused", T([3, 4]), T([3, 4]), T([])),
]
CASES["triplet_margin_loss"] = [
    C("mean", T([3, 4]), T([3, 4]), T([3, 4])),
    C("none", T([3, 4]), T([3, 4]), T([3, 4]), 1.0, 2.0, 1e-6, False, 0),
    C("none swap", T([3, 4]), T([3, 4]), T([3, 4]), 1.0, 2.0, 1e-6, True, 0),
    C("sum p 1", T([3, 4]), T([3, 4]), T([3, 4]), 0.5, 1.0, 1e-6, False, 2),
    C("vectors", T([4]), T([4]), T([4]), 1.0, 2.0, 1e-6, False, 0),
    C("broadcast", T([3, 4]), T([1, 4]), T([3, 4]), 1.0, 2.0, 1e-6, False, 0),
    C("ranks differ", T([3, 4]), T([4]), T([3, 4])),
    C("sizes differ", T([3, 4]), T([3, 5]), T([3, 4])),
]
CASES["multi_margin_loss"] = [
    C("mean", T([3, 4]), T([3], dtype=i64)),
    C("none", T([3, 4]), T([3], dtype=i64), 1, 1, None, 0),
    C("sum p 2", T([3, 4]), T([3], dtype=i64), 2, 1.5, None, 2),
    C("weighted", T([3, 4]), T([3], dtype=i64), 1, 1, T([4]), 0),
    C("vector", T([4]), T([], dtype=i64), 1, 1, None, 0),
    C("transposed", tr(3, 4), T([3], dtype=i64), 1, 1, None, 0),
    C("empty batch", T([0, 4]), T([0], dtype=i64), 1, 1, None, 0),
    C("p 3 refused", T([3, 4]), T([3], dtype=i64), 3),
    C("p True, which is 1", T([3, 4]), T([3], dtype=i64), True),
    C("p False refused", T([3, 4]), T([3], dtype=i64), False),
    C("no classes refused", T([3, 0]), T([3], dtype=i64)),
    C("target size refused", T([3, 4]), T([4], dtype=i64)),
    C("weight size refused", T([3, 4]), T([3], dtype=i64), 1, 1, T([3])),
    C("float target refused", T([3, 4]), T([3])),
]
CASES["multi_margin_loss.out"] = [
    C("none", T([3, 4]), T([3], dtype=i64), 1, 1, None, 0, out=T([3])),
    C("mean", T([3, 4]), T([3], dtype=i64), out=T([])),
]
CASES["multilabel_margin_loss"] = [
    C("mean", T([3, 4]), T([3, 4], dtype=i64)),
    C("none", T([3, 4]), T([3, 4], dtype=i64), 0),
    C("sum", T([3, 4]), T([3, 4], dtype=i64), 2),
    C("vector none", T([4]), T([4], dtype=i64), 0),
    C("transposed", tr(3, 4), T([3, 4], dtype=i64), 0),
    C("float64", T([3, 4], dtype=f64), T([3, 4], dtype=i64), 0),
    C("no classes refused", T([3, 0]), T([3, 0], dtype=i64)),
    C("float target refused", T([2]), T([2])),
    C("uint8 target refused", T([3, 4]), T([3, 4], dtype=torch.uint8)),
    C("bool target", T([3, 4]), T([3, 4], dtype=torch.bool)),
    C("target size refused", T([3, 4]), T([4], dtype=i64)),
    C("3-D refused", T([2, 3, 4]), T([2, 3, 4], dtype=i64)),
    # `meta_gather` checks the index's dtype only when it has elements.
    C("float target of an empty batch", T([0, 2]), T([0, 2])),
]
CASES["multilabel_margin_loss.out"] = [
    C("none", T([3, 4]), T([3, 4], dtype=i64), 0, out=T([3])),
    C("mean", T([3, 4]), T([3, 4], dtype=i64), out=T([])),
]


def nll_cases(extra=()):
    """NLL-style losses over every rank `nll_loss_nd` distinguishes."""
    return [
        C("batch mean", T([3, 5]), T([3], dtype=i64), *extra),
        C("batch none", T([3, 5]), T([3], dtype=i64), None, 0, *extra),
        C("batch sum weighted", T([3, 5]), T([3], dtype=i64), T([5]), 2, *extra),
        C("batch mean weighted", T([3, 5]), T([3], dtype=i64), T([5]), 1, *extra),
        C("vector", T([5]), T([], dtype=i64), None, 0, *extra),
        C("vector weighted mean", T([5]), T([], dtype=i64), T([5]), 1, *extra),
        C("4-D none", T([2, 5, 3, 4]), T([2, 3, 4], dtype=i64), None, 0, *extra),
        C("4-D mean weighted", T([2, 5, 3, 4]), T([2, 3, 4], dtype=i64), T([5]), 1, *extra),
        C("4-D none channels last", cl(2, 5, 3, 4), T([2, 3, 4], dtype=i64), None, 0, *extra),
        C("4-D none transposed target", T([2, 5, 3, 4]), tr(2, 3, 4, dtype=i64), None, 0, *extra),
        C("4-D mean transposed target", T([2, 5, 3, 4]), tr(2, 3, 4, dtype=i64), *extra),
        C("3-D none", T([2, 5, 3]), T([2, 3], dtype=i64), None, 0, *extra),
        C("3-D mean", T([2, 5, 3]), T([2, 3], dtype=i64), *extra),
        C("5-D none", T([2, 5, 3, 2, 2]), T([2, 3, 2, 2], dtype=i64), None, 0, *extra),
        C("3-D empty none", T([0, 5, 3]), T([0, 3], dtype=i64), None, 0, *extra),
        C("3-D transposed none", tr(2, 3, 5), T([2, 5], dtype=i64), None, 0, *extra),
        C("float64", T([3, 5], dtype=f64), T([3], dtype=i64), None, 0, *extra),
        C("ignore index", T([3, 5]), T([3], dtype=i64), None, 1, 2, *extra),
        C("batch sizes differ", T([3, 5]), T([4], dtype=i64), *extra),
        C("3-D target sizes differ", T([2, 5, 3]), T([2, 4], dtype=i64), None, 0, *extra),
        C("2-D target for a batch", T([3, 5]), T([3, 2], dtype=i64), *extra),
        C("weight size refused", T([3, 5]), T([3], dtype=i64), T([4]), *extra),
        C("zero-dim input", T([]), T([], dtype=i64), *extra),
        C("vector with a vector target", T([5]), T([5], dtype=i64), *extra),
        C("int32 target", T([3, 5]), T([3], dtype=i32), None, 0, *extra),
        C("4-D weighted none", T([2, 5, 3, 4]), T([2, 3, 4], dtype=i64), T([5]), 0, *extra),
        C("3-D weighted sum", T([2, 5, 3]), T([2, 3], dtype=i64), T([5]), 2, *extra),
        C("4-D target of another rank", T([2, 5, 3, 4]), T([2, 12], dtype=i64), None, 0, *extra),
    ]


CASES["nll_loss_nd"] = nll_cases()
CASES["cross_entropy_loss"] = nll_cases() + [
    C("bool probabilities input refused", T([5], dtype=b8), T([5])),
    C("probabilities mean", T([3, 5]), T([3, 5])),
    C("probabilities none", T([3, 5]), T([3, 5]), None, 0),
    C("probabilities weighted sum", T([3, 5]), T([3, 5]), T([5]), 2),
    C("probabilities 4-D none", T([2, 5, 3, 4]), T([2, 5, 3, 4]), None, 0),
    C("probabilities smoothed", T([3, 5]), T([3, 5]), None, 0, -100, 0.2),
    C("probabilities vector", T([5]), T([5])),
    C("probabilities with ignore index refused", T([3, 5]), T([3, 5]), None, 1, 1),
    C("integer probabilities refused", T([3, 5]), T([3, 5], dtype=i64)),
    C("smoothed none", T([3, 5]), T([3], dtype=i64), None, 0, -100, 0.1),
    C("smoothed mean", T([3, 5]), T([3], dtype=i64), None, 1, -100, 0.1),
    C("smoothed weighted sum", T([3, 5]), T([3], dtype=i64), T([5]), 2, -100, 0.1),
    C("smoothed 4-D none", T([2, 5, 3, 4]), T([2, 3, 4], dtype=i64), None, 0, -100, 0.1),
    C("smoothed 4-D transposed target", T([2, 5, 3, 4]), tr(2, 3, 4, dtype=i64), None, 0, -100, 0.1),
    C("smoothed weighted mean", T([3, 5]), T([3], dtype=i64), T([5]), 1, -100, 0.1),
    C("probabilities channels last", cl(2, 5, 3, 4), T([2, 5, 3, 4]), None, 0),
    C("smoothing above one refused", T([3, 5]), T([3], dtype=i64), None, 1, -100, 1.5),
    C("float16", T([3, 5], dtype=f16), T([3], dtype=i64), None, 0),
    C("zero-dim input and target", T([]), T([])),
    C("int64 input", T([3, 5], dtype=i64), T([3], dtype=i64)),
    C("smoothed 3-D weighted mean", T([2, 5, 3]), T([2, 3], dtype=i64), T([5]), 1, -100, 0.1),
    C("probabilities transposed", tr(3, 5), T([3, 5]), None, 0),
]

CASES["glu"] = [
    C("last dim", T([2, 4])),
    C("first dim", T([4, 3]), 0),
    C("transposed", tr(4, 6), 1),
    C("channels last", cl(1, 4, 3, 3), 1),
    C("float64", T([2, 6], dtype=f64)),
    C("int64", T([2, 4], dtype=i64)),
    C("odd size refused", T([2, 3])),
    C("zero-dim refused", T([])),
    C("dim out of range", T([2, 4]), 2),
    C("empty", T([0, 4])),
]
CASES["glu.out"] = [
    C("last dim", T([2, 4]), out=T([2, 2])),
    C("resized", T([2, 4]), out=T([0])),
]
CASES["prelu"] = [
    C("one weight", T([2, 3, 4]), T([1])),
    C("weight per channel", T([2, 3, 4]), T([3])),
    C("channels last", cl(2, 3, 4, 4), T([3])),
    C("transposed", tr(2, 3), T([3])),
    C("vector", T([5]), T([1])),
    C("zero-dim weight", T([2, 3]), T([])),
    C("zero-dim input", T([]), T([1])),
    C("zero-dim input many weights refused", T([]), T([2])),
    C("weight count refused", T([2, 3, 4]), T([4])),
    C("2-D weight refused", T([2, 3, 4]), T([3, 1])),
    C("dtypes differ refused", T([2, 3]), T([3], dtype=f64)),
    C("vector many weights refused", T([5]), T([5])),
    # `_prelu_kernel`'s `self > 0` converts a half-precision `self` to
    # float32 first, laying out a tensor with gaps afresh.
    C("float16 with gaps around size-one dims", T([1, 1, 2], dtype=torch.float16, strides=[2, 0, 3]),
      T([1], dtype=torch.float16)),
    C("float32 with gaps around size-one dims", T([1, 1, 2], strides=[2, 0, 3]), T([1])),
]
CASES["rrelu"] = [
    C("default", T([2, 3])),
    C("training", T([2, 3]), 0.1, 0.3, True),
    C("transposed", tr(2, 3)),
    C("channels last", cl(1, 2, 3, 3)),
    C("float64", T([3], dtype=f64)),
    C("bounds out of order", T([2, 3]), 0.3, 0.1),
]
CASES["rrelu_"] = [
    C("default", T([2, 3])),
    C("transposed", tr(2, 3), 0.1, 0.2),
    C("bounds out of order", T([2, 3]), 0.3, 0.1),
]
CASES["rrelu_with_noise"] = [
    C("default", T([2, 3]), T([2, 3])),
    C("transposed", tr(2, 3), T([2, 3]), 0.1, 0.3, True),
]
CASES["rrelu_with_noise_functional"] = [
    C("default", T([2, 3]), T([2, 3])),
    C("transposed", tr(2, 3), T([2, 3]), 0.1, 0.3, True),
    C("transposed noise", T([2, 3]), tr(2, 3)),
    C("float64 noise keeps its dtype", T([2, 3], dtype=f16), T([2, 3], dtype=f64)),
]
CASES["one_hot"] = [
    C("matrix", T([2, 3], dtype=i64), 4),
    C("transposed", tr(2, 3, dtype=i64), 4),
    C("empty", T([0, 3], dtype=i64), 4),
    C("zero classes", T([2, 3], dtype=i64), 0),
    C("zero-dim", T([], dtype=i64), 3),
    C("classes from the data refused", T([5], dtype=i64)),
    C("int32 refused", T([2], dtype=i32), 3),
    C("negative classes refused", T([2], dtype=i64), -2),
]
CASES["pixel_unshuffle"] = [
    C("factor 2", T([1, 2, 4, 6]), 2),
    C("3-D", T([2, 4, 6]), 2),
    C("5-D", T([2, 1, 2, 4, 4]), 2),
    C("channels last", cl(1, 2, 4, 6), 2),
    C("transposed", tr(1, 2, 6, 4), 2),
    C("factor 1", T([1, 2, 4, 6]), 1),
    C("height not divisible", T([1, 2, 3, 6]), 2),
    C("width not divisible", T([1, 2, 4, 5]), 2),
    C("zero factor", T([1, 2, 4, 6]), 0),
]
# (A rank below 3 is refused too, but the reference's message prints the
# address of a bound method, which would change the fixture on every run.)
CASES["pixel_unshuffle.out"] = [
    C("factor 2", T([1, 2, 4, 6]), 2, out=T([1, 8, 2, 3])),
    C("resized", T([1, 2, 4, 6]), 2, out=T([0])),
]
CHANNEL_SHUFFLE_EMPTY_DISPATCHED = "empty with strides of its own under the Python dispatcher"
CASES["channel_shuffle"] = [
    C("two groups", T([1, 4, 3, 3]), 2),
    C("3-D", T([2, 6, 5]), 3),
    C("channels last", cl(1, 4, 3, 3), 2),
    C("transposed", tr(2, 6, 5), 2),
    C("one group", T([1, 4, 3, 3]), 1),
    C("5-D", T([1, 4, 2, 2, 2]), 4),
    C("not divisible", T([1, 4, 3, 3]), 3),
    C("zero groups", T([1, 4, 3, 3]), 0),
    C("2-D refused", T([4, 4]), 2),
    # An empty input: ATen's `self.alias()`, the decomposition's
    # `input.view(input.shape)` under the Python dispatcher.
    C("empty with strides of its own", T([2, 0, 3], strides=[1, 1, 7]), 2),
    C(CHANNEL_SHUFFLE_EMPTY_DISPATCHED, T([2, 0, 3], strides=[1, 1, 7]), 2),
]
CASES["channel_shuffle.out"] = [
    C("two groups", T([1, 4, 3, 3]), 2, out=T([1, 4, 3, 3])),
    C("resized", T([1, 4, 3, 3]), 2, out=T([0])),
]
CASES["native_dropout_backward"] = [
    C("bool mask", T([2, 3]), T([2, 3], dtype=b8), 2.0),
    C("float mask", T([2, 3]), T([2, 3]), 1.5),
    C("channels last", cl(1, 2, 3, 3), T([1, 2, 3, 3], dtype=b8), 2.0),
    C("transposed", tr(2, 3), T([2, 3], dtype=b8), 2.0),
    C("broadcast mask", T([2, 3]), T([3], dtype=b8), 2.0),
    C("float16", T([2, 3], dtype=f16), T([2, 3], dtype=b8), 2.0),
    C("int64 gradient", T([2, 3], dtype=i64), T([2, 3], dtype=b8), 2.0),
    C("sizes that do not broadcast", T([2, 3]), T([4], dtype=b8), 2.0),
]
CASES["native_dropout_backward.out"] = [
    C("bool mask", T([2, 3]), T([2, 3], dtype=b8), 2.0, out=T([2, 3])),
    C("resized", T([2, 3]), T([2, 3], dtype=b8), 2.0, out=T([0])),
]



def bn_cases(training_arg=True):
    """Batch norm over a batch of channels: training and eval, with and
    without affine parameters, of several layouts and dtypes."""
    t = (True,) if training_arg else ()
    e = (False,) if training_arg else ()
    return [
        C("training", T([2, 3, 4]), T([3]), T([3]), T([3]), T([3]), *t, 0.1, 1e-5),
        C("training without stats", T([2, 3, 4]), None, None, None, None, *t, 0.1, 1e-5),
        C("eval", T([2, 3, 4]), T([3]), T([3]), T([3]), T([3]), *e, 0.1, 1e-5),
        C("training channels last", cl(2, 3, 4, 4), T([3]), T([3]), T([3]), T([3]), *t, 0.1, 1e-5),
        C("eval channels last", cl(2, 3, 4, 4), None, None, T([3]), T([3]), *e, 0.1, 1e-5),
        C("training float16", T([2, 3], dtype=f16), None, None, T([3]), T([3]), *t, 0.1, 1e-5),
        C("eval without stats refused", T([2, 3]), None, None, None, None, *e, 0.1, 1e-5),
        C("training one value per channel with stats refused", T([1, 3]), None, None, T([3]), T([3]),
          *t, 0.1, 1e-5),
        C("training 1-d without stats", T([4]), None, None, None, None, *t, 0.1, 1e-5),
        C("training 1-d with stats refused", T([4]), None, None, T([4]), T([4]), *t, 0.1, 1e-5),
    ]


# Without the Python dispatcher the reference runs (PLAIN): each running
# statistic given is updated on its own, the variance unbiased by the
# count per channel (a Python division), and eval mode wants both.
BN_ONE_STATISTIC_PLAIN = [
    C("a running variance alone in a plain fake mode", T([2, 3, 4]), T([3]), T([3]), None, T([3]), True,
      0.1, 1e-5),
    C("a running mean alone of a vector in a plain fake mode", T([4]), None, None, T([4]), None, True, 0.1, 1e-5),
    C("a running variance alone of one value per channel refused in a plain fake mode", T([1, 3]), T([3]), None,
      None, T([3]), True, 0.1, 1e-5),
    C("a running mean alone in eval refused in a plain fake mode", T([4, 3]), None, None, T([3]), None, False,
      0.1, 1e-5),
]
BN_EMPTY_CHANNELS_PLAIN = [
    C("a running variance alone of no channels refused in a plain fake mode", T([5, 0]), T([0]), None, None,
      T([0]), True, 0.1, 1e-5),
]
CASES["native_batch_norm"] = bn_cases() + [
    # Its decomposition refuses one running statistic without the other.
    C("a running mean without a running variance refused", T([2, 3, 4]), T([3]), T([3]), T([3]), None, True,
      0.1, 1e-5),
    C("a running variance without a running mean refused", T([2, 3, 4]), T([3]), T([3]), None, T([3]), True,
      0.1, 1e-5),
    *BN_ONE_STATISTIC_PLAIN,
]
# Its `out=` form is the decomposition table's `out_wrapper` of the
# helper: the pairing of the running statistics is the functional
# overload's Python kernel's alone.
BN_OUT_ONE_STAT_DISPATCHED = "a running mean without a running variance under the Python dispatcher"
CASES["native_batch_norm.out"] = [
    C("training", T([2, 3, 4]), T([3]), T([3]), T([3]), T([3]), True, 0.1, 1e-5,
      out=T([2, 3, 4]), save_mean=T([3]), save_invstd=T([3])),
    # On CUDA: eager's `batch_norm` refuses it before any kernel runs.
    C(BN_OUT_ONE_STAT_DISPATCHED, T([2, 3, 4], device="cuda"), None, None, T([3], device="cuda"), None, True,
      0.1, 1e-5, out=T([0], device="cuda"), save_mean=T([0], device="cuda"), save_invstd=T([0], device="cuda")),
    C("a running mean without a running variance", T([2, 3, 4], device="cuda"), None, None, T([3], device="cuda"),
      None, True, 0.1, 1e-5, out=T([0], device="cuda"), save_mean=T([0], device="cuda"),
      save_invstd=T([0], device="cuda")),
]


def backend_bn_cases(device):
    """The cuDNN and MIOpen backends' batch norm: the weight required, the
    statistics of training or eval, layouts the meta checks."""
    def t(sizes, **kw):
        return T(sizes, device=device, **kw)

    def c(*sizes, **kw):
        return cl(*sizes, device=device, **kw)

    return [
        C("training", t([2, 3, 4]), t([3]), t([3]), t([3]), t([3]), True, 0.1, 1e-5),
        C("training without running statistics", t([2, 3, 4]), t([3]), None, None, None, True, 0.1, 1e-5),
        C("eval", t([2, 3, 4]), t([3]), t([3]), t([3]), t([3]), False, 0.1, 1e-5),
        C("training channels last", c(2, 3, 4, 4), t([3]), t([3]), t([3]), t([3]), True, 0.1, 1e-5),
        C("eval channels last", c(2, 3, 4, 4), t([3]), None, t([3]), t([3]), False, 0.1, 1e-5),
        C("training float16 input, float32 weight", t([2, 3, 4], dtype=f16), t([3]), t([3]), t([3]), t([3]),
          True, 0.1, 1e-5),
        C("eval float16 input, float16 weight", t([2, 3, 4], dtype=f16), t([3], dtype=f16), None, t([3]),
          t([3]), False, 0.1, 1e-5),
        C("training 5-d", t([2, 3, 2, 2, 2]), t([3]), t([3]), t([3]), t([3]), True, 0.1, 1e-5),
        C("transposed input", tr(4, 3, device=device), t([3]), t([3]), t([3]), t([3]), True, 0.1, 1e-5),
        C("sliced input", t([2, 3, 8], strides=[48, 16, 2]), t([3]), t([3]), t([3]), t([3]), True, 0.1, 1e-5),
        C("running statistics of another length", t([2, 3, 4]), t([3]), t([3]), t([5]), t([5]), True, 0.1,
          1e-5),
        C("weight of another length", t([2, 3, 4]), t([5]), t([3]), t([3]), t([3]), True, 0.1, 1e-5),
        C("eval without statistics refused", t([2, 3]), t([3]), None, None, None, False, 0.1, 1e-5),
    ]


CASES["cudnn_batch_norm"] = backend_bn_cases("cuda")
CASES["cudnn_batch_norm"] += [
    C("cpu training", T([2, 3, 4]), T([3]), T([3]), T([3]), T([3]), True, 0.1, 1e-5),
    C("a running variance without a running mean refused", T([2, 3, 4]), T([3]), T([3]), None, T([3]), True,
      0.1, 1e-5),
    *BN_EMPTY_CHANNELS_PLAIN,
]
CASES["cudnn_batch_norm.out"] = [
    C("training", T([2, 3, 4], device="cuda"), T([3], device="cuda"), None, T([3], device="cuda"),
      T([3], device="cuda"), True, 0.1, 1e-5, out0=T([2, 3, 4], device="cuda"), out1=T([3], device="cuda"),
      out2=T([3], device="cuda"), out3=T([0], device="cuda", dtype=torch.uint8)),
    C("empty outs are resized", T([2, 3, 4], device="cuda"), T([3], device="cuda"), None, None, None, True,
      0.1, 1e-5, out0=T([0], device="cuda"), out1=T([0], device="cuda"), out2=T([0], device="cuda"),
      out3=T([0], device="cuda", dtype=torch.uint8)),
    # Its `out_wrapper`'s `native_batch_norm` takes one running statistic.
    C(BN_OUT_ONE_STAT_DISPATCHED, T([2, 3, 4], device="cuda"), T([3], device="cuda"), None,
      T([3], device="cuda"), None, True, 0.1, 1e-5, out0=T([0], device="cuda"), out1=T([0], device="cuda"),
      out2=T([0], device="cuda"), out3=T([0], device="cuda", dtype=torch.uint8)),
]
# Every case of this file runs under the Python dispatcher, where
# `miopen_batch_norm`'s autograd kernel in Python decomposes it; these run
# in a plain fake mode, where its Python meta answers.
_PLAIN_MIOPEN = [
    C("plain mode: training", T([2, 3, 4], device="cuda"), T([3], device="cuda"), None, T([3], device="cuda"),
      T([3], device="cuda"), True, 0.1, 1e-5),
    C("plain mode: training without running statistics", T([2, 3, 4], device="cuda"),
      T([3], device="cuda", dtype=f64), None, None, None, True, 0.1, 1e-5),
    C("plain mode: eval", T([2, 3, 4], device="cuda"), T([3], device="cuda"), None, T([3], device="cuda"),
      T([3], device="cuda"), False, 0.1, 1e-5),
    C("plain mode: channels last", cl(2, 3, 4, 4, device="cuda"), T([3], device="cuda"), None, None, None,
      True, 0.1, 1e-5),
    C("plain mode: transposed", tr(4, 3, device="cuda"), T([3], device="cuda"), None, None, None, True, 0.1,
      1e-5),
    C("plain mode: sliced input refused", T([2, 3, 8], strides=[48, 16, 2], device="cuda"),
      T([3], device="cuda"), None, None, None, True, 0.1, 1e-5),
    C("plain mode: sliced channels-last input refused", T([2, 3, 4, 4], strides=[96, 1, 24, 6], device="cuda"),
      T([3], device="cuda"), None, None, None, True, 0.1, 1e-5),
    C("plain mode: running statistics of another length, unchecked", T([2, 3, 4], device="cuda"),
      T([3], device="cuda"), None, T([5], device="cuda"), T([6], device="cuda"), True, 0.1, 1e-5),
    C("plain mode: float16 input", T([2, 3, 4], dtype=f16, device="cuda"), T([3], device="cuda"), None, None,
      None, True, 0.1, 1e-5),
]
CASES["miopen_batch_norm"] = backend_bn_cases("cuda") + _PLAIN_MIOPEN
PLAIN = {c.name for c in _PLAIN_MIOPEN + BN_ONE_STATISTIC_PLAIN + BN_EMPTY_CHANNELS_PLAIN}
DISPATCHED = {CHANNEL_SHUFFLE_EMPTY_DISPATCHED, BN_OUT_ONE_STAT_DISPATCHED}
CASES["_batch_norm_no_update"] = [c for c in bn_cases(False) if "training" not in c.name]
CASES["_batch_norm_with_update"] = [
    C("training", T([2, 3, 4]), T([3]), T([3]), T([3]), T([3]), 0.1, 1e-5),
    C("without affine", T([2, 3]), None, None, T([3]), T([3]), 0.1, 1e-5),
    C("channels last", cl(2, 3, 4, 4), None, None, T([3]), T([3]), 0.1, 1e-5),
    C("float16", T([2, 3, 4], dtype=f16), None, None, T([3]), T([3]), 0.1, 1e-5),
]
CASES["_batch_norm_with_update_functional"] = CASES["_batch_norm_with_update"] + [
    C("float64 statistics", T([2, 3, 4]), None, None, T([3], dtype=f64), T([3], dtype=f64), 0.1, 1e-5),
    # The updated statistics are returned, not copied back: one-element
    # statistics broadcast to one per channel.
    C("one-element statistics", T([2, 3, 4]), T([3]), T([3]), T([1]), T([1]), 0.1, 1e-5),
]
CASES["_batch_norm_with_update"].append(
    C("one-element statistics refused", T([2, 3, 4]), T([3]), T([3]), T([1]), T([1]), 0.1, 1e-5))
CASES["instance_norm"] = [
    C("an input at an offset", T([2, 1, 4], offset=3), None, None, None, None, True, 0.1, 1e-5, False),
    C("input statistics", T([2, 3, 4]), None, None, None, None, True, 0.1, 1e-5, False),
    C("affine", T([2, 3, 4, 4]), T([3]), T([3]), None, None, True, 0.1, 1e-5, False),
    C("running statistics", T([2, 3, 4]), None, None, T([3]), T([3]), True, 0.1, 1e-5, False),
    C("eval", T([2, 3, 4]), T([3]), T([3]), T([3]), T([3]), False, 0.1, 1e-5, False),
    C("channels last", cl(2, 3, 4, 4), None, None, None, None, True, 0.1, 1e-5, False),
    C("transposed", tr(2, 4, 3), None, None, None, None, True, 0.1, 1e-5, False),
    C("float64", T([2, 3, 4], dtype=f64), None, None, None, None, True, 0.1, 1e-5, False),
    C("eval without statistics refused", T([2, 3, 4]), None, None, None, None, False, 0.1, 1e-5, False),
    C("weight size refused", T([2, 3, 4]), T([4]), None, None, None, True, 0.1, 1e-5, False),
    C("size-1 dims keep their own strides", T([2, 1, 3, 1], strides=[3, 7, 1, 5]), None, None, None, None,
      True, 0.1, 1e-5, False),
    C("empty batch cannot index the repeated weight", T([0, 3, 4]), T([3]), T([3]), None, None,
      True, 0.1, 1e-5, False),
    C("one value per channel with running statistics refused", T([3, 2]), None, None, T([2]), T([2]),
      True, 0.1, 1e-5, False),
]
CASES["batch_norm_update_stats"] = [
    C("running statistics", T([2, 3, 4]), T([3]), T([3]), 0.1),
    C("no running statistics", T([2, 3]), None, None, 0.1),
    C("channels last", cl(2, 3, 4, 4), T([3]), T([3]), 0.1),
    C("transposed", tr(4, 3), T([3]), None, 0.1),
    C("float16 with float32 statistics", T([2, 3, 4], dtype=f16), T([3]), T([3]), 0.1),
    C("float16 with float16 statistics", T([2, 3, 4], dtype=f16), T([3], dtype=f16), T([3], dtype=f16), 0.1),
    C("bfloat16 without statistics", T([2, 3, 4], dtype=bf16), None, None, 0.1),
    C("bfloat16 with a float32 variance only", T([2, 3, 4], dtype=bf16), None, T([3]), 0.1),
    C("float16 with float64 statistics refused", T([2, 3, 4], dtype=f16), T([3], dtype=f64), T([3], dtype=f64), 0.1),
    C("float32 with float64 statistics refused", T([2, 3, 4]), T([3], dtype=f64), T([3], dtype=f64), 0.1),
    C("float16 with mixed statistics refused", T([2, 3, 4], dtype=f16), T([3]), T([3], dtype=f16), 0.1),
    C("float64", T([2, 3, 4], dtype=f64), T([3], dtype=f64), T([3], dtype=f64), 0.1),
    C("int64 refused", T([2, 3], dtype=i64), None, None, 0.1),
    C("1-d refused", T([3]), None, None, 0.1),
    C("empty refused", T([0, 3]), None, None, 0.1),
    C("zero channels refused", T([2, 0]), None, None, 0.1),
    C("on meta refused", T([2, 3], device="meta"), None, None, 0.1),
    C("float32 with a float16 mean refused", T([2, 3]), T([3], dtype=f16), None, 0.1),
    C("2-d running variance refused", T([2, 3]), T([3]), T([1, 3]), 0.1),
    C("zero-dim running mean refused", T([2, 1]), T([]), None, 0.1),
]
CASES["bilinear"] = [
    C("batch", T([4, 3]), T([4, 5]), T([2, 3, 5])),
    C("bias", T([4, 3]), T([4, 5]), T([2, 3, 5]), T([2])),
    C("batch dims", T([2, 4, 3]), T([2, 4, 5]), T([2, 3, 5]), T([2])),
    C("vectors", T([3]), T([5]), T([2, 3, 5])),
    C("transposed", tr(4, 3), T([4, 5]), T([2, 3, 5])),
    C("float64", T([4, 3], dtype=f64), T([4, 5], dtype=f64), T([2, 3, 5], dtype=f64)),
    C("dtypes differ refused", T([4, 3]), T([4, 5], dtype=f64), T([2, 3, 5])),
    C("input1 size refused", T([4, 4]), T([4, 5]), T([2, 3, 5])),
    C("batch refused", T([4, 3]), T([5, 5]), T([2, 3, 5])),
    C("bias size refused", T([4, 3]), T([4, 5]), T([2, 3, 5]), T([3])),
]
CASES["_trilinear"] = [
    C("bilinear", T([4, 3]), T([2, 3, 5]), T([4, 5]), [1, 3], [0], [1, 2], [2, 3]),
    C("unroll 0", T([4, 3]), T([2, 3, 5]), T([4, 5]), [1, 3], [0], [1, 2], [2, 3], 0),
    C("no sum", T([4]), T([3]), T([5]), [1, 2], [0, 2], [0, 1], []),
    C("empty", T([0, 3]), T([2, 3, 5]), T([0, 5]), [1, 3], [0], [1, 2], [2, 3]),
    C("unroll out of range", T([4, 3]), T([2, 3, 5]), T([4, 5]), [1, 3], [0], [1, 2], [2, 3], 4),
    C("sizes differ", T([4, 3]), T([2, 4, 5]), T([4, 5]), [1, 3], [0], [1, 2], [2, 3]),
    # A pair with summed dims is a `bmm` (one dtype); one without promotes.
    C("float16 first of a summed pair refused", T([4, 3], dtype=f16), T([2, 3, 5]), T([4, 5]), [1, 3], [0], [1, 2], [2, 3]),
    C("float16 third refused", T([4, 3]), T([2, 3, 5]), T([4, 5], dtype=f16), [1, 3], [0], [1, 2], [2, 3]),
    C("int64 first into its own zeros refused", T([4, 3], dtype=i64), T([4, 3]), T([4, 3]), [], [], [], [], 0),
    C("float16 first promoted", T([4, 3], dtype=f16), T([4, 3]), T([4, 3]), [], [], [], [1], 0),
    C("float16 third summed refused", T([4, 3]), T([4, 3]), T([4, 3], dtype=f16), [], [], [], [1], 0),
    C("empty mixed", T([0, 3], dtype=f16), T([0, 3]), T([0, 3]), [], [], [], [1], 0),
    # Unsummed pairs are `mul`s: a mismatch is a broadcast's.
    C("no sum, sizes differ refused", T([1, 4]), T([1, 3]), T([1, 5]), [1, 2], [0, 2], [0, 1], [], 1),
    # `sumproduct_pair` first checks both sides hold as many dims.
    C("a middle operand of more dims refused", T([2, 1]), T([3, 3, 3]), T([2, 1]), [2], [2], [2], [], 0),
    C("a last operand of more dims refused", T([2, 3]), T([2, 3]), T([2, 3, 1]), [], [], [], [], 0),
]
_bag = (T([10, 3]), T([6], dtype=i64), T([2], dtype=i64))
CASES["_embedding_bag_forward_only"] = [
    C("sum", *_bag),
    C("mean", *_bag, False, 1),
    C("max", *_bag, False, 2),
    C("include last offset", *_bag, False, 0, False, None, True),
    C("padding index", *_bag, False, 0, False, None, False, 1),
    C("per sample weights", *_bag, False, 0, False, T([6])),
    C("float64", T([10, 3], dtype=f64), T([6], dtype=i64), T([2], dtype=i64)),
    C("int32 indices", T([10, 3]), T([6], dtype=i32), T([2], dtype=i32)),
    C("float indices refused", T([10, 3]), T([6]), T([2], dtype=i64)),
]
def _grad(sizes, **kw):
    """A leaf tensor that requires grad (a module's parameter)."""
    return T(sizes, then=lambda t: t.requires_grad_(), **kw)


CASES["embedding_bag.padding_idx"] = [
    C("sum", *_bag, False, 0, False, None, False, None),
    # A weight or per-sample weights that require grad take `_embedding_bag`
    # (its `bag_size` one per bag), the others `_embedding_bag_forward_only`.
    C("weight requiring grad, include last offset", _grad([10, 3]), *_bag[1:], False, 0, False, None, True, None),
    C("weight requiring grad, mean", _grad([10, 3]), *_bag[1:], False, 1, False, None, False, 0),
    C("per sample weights requiring grad, include last offset", *_bag, False, 0, False, _grad([6]), True, None),
    C("per sample weights without grad, include last offset", *_bag, False, 0, False, T([6]), True, None),
    C("mean padding", *_bag, False, 1, False, None, False, 2),
    C("negative padding", *_bag, False, 0, False, None, False, -1),
    C("max include last offset", *_bag, False, 2, False, None, True, None),
    C("transposed weight", tr(10, 3), T([6], dtype=i64), T([2], dtype=i64), False, 0, False, None, False, None),
    C("padding out of range", *_bag, False, 0, False, None, False, 10),
    C("negative padding out of range", *_bag, False, 0, False, None, False, -11),
]
CASES["embedding_bag"] = [
    C("sum", *_bag),
    C("weight requiring grad, include last offset", _grad([10, 3]), *_bag[1:], False, 0, False, None, True),
    C("mean", *_bag, False, 1),
    C("per sample weights", *_bag, False, 0, False, T([6])),
]

def backward_cases(weighted=False):
    """Loss gradients: the gradient of a reduced or unreduced loss."""
    w = (None,) if weighted else ()
    return [
        C("mean", T([]), T([2, 3]), T([2, 3]), *w, 1),
        C("none", T([2, 3]), T([2, 3]), T([2, 3]), *w, 0),
        C("sum transposed", T([]), tr(2, 3), T([2, 3]), *w, 2),
        C("none transposed target", T([2, 3]), T([2, 3]), tr(2, 3), *w, 0),
        C("float16", T([2, 3], dtype=f16), T([2, 3], dtype=f16), T([2, 3], dtype=f16), *w, 0),
        C("float64 target", T([2, 3]), T([2, 3]), T([2, 3], dtype=f64), *w, 0),
        C("broadcast", T([2, 3]), T([2, 1]), T([3]), *w, 0),
    ]


CASES["binary_cross_entropy_backward"] = backward_cases(True) + [
    C("weighted", T([2, 3]), T([2, 3]), T([2, 3]), T([3]), 0),
]
CASES["binary_cross_entropy_backward.grad_input"] = [
    C("none", T([2, 3]), T([2, 3]), T([2, 3]), None, 0, grad_input=T([2, 3])),
]
CASES["mse_loss_backward"] = backward_cases() + [
    # The mean divides by `self.numel()` first.
    C("mean of an empty input refused", T([]), T([0, 2]), T([0, 2]), 1),
    C("sum of an empty input", T([]), T([0, 2]), T([0, 2]), 2),
]
CASES["mse_loss_backward.grad_input"] = [
    C("none", T([2, 3]), T([2, 3]), T([2, 3]), 0, grad_input=T([2, 3])),
]
CASES["soft_margin_loss_backward"] = backward_cases()
CASES["soft_margin_loss_backward.grad_input"] = [
    C("none", T([2, 3]), T([2, 3]), T([2, 3]), 0, grad_input=T([2, 3])),
]
CASES["rrelu_with_noise_"] = [
    C("default", T([2, 3]), T([2, 3])),
    C("transposed", tr(2, 3), T([2, 3]), 0.1, 0.3, True),
]
CASES["rrelu_with_noise.out"] = [
    C("default", T([2, 3]), T([2, 3]), out=T([2, 3])),
    C("resized", T([2, 3]), T([2, 3]), out=T([0])),
]

def nll_forward_cases(batch, target):
    """The NLL losses of one rank, every reduction, weights."""
    classes = batch[1] if len(batch) > 1 else batch[0]
    return [
        C("mean", T(batch), T(target, dtype=i64), None, 1, -100),
        C("none", T(batch), T(target, dtype=i64), None, 0, -100),
        C("sum weighted", T(batch), T(target, dtype=i64), T([classes]), 2, -100),
        C("mean weighted", T(batch), T(target, dtype=i64), T([classes]), 1, -100),
        C("none weighted", T(batch), T(target, dtype=i64), T([classes]), 0, -100),
        C("float64", T(batch, dtype=f64), T(target, dtype=i64), None, 0, 1),
    ]


CASES["nll_loss_forward"] = nll_forward_cases([3, 5], [3]) + [
    C("vector", T([5]), T([], dtype=i64), None, 0, -100),
    C("3-D refused", T([2, 5, 3]), T([2, 3], dtype=i64), None, 1, -100),
    C("2-D target refused", T([3, 5]), T([3, 2], dtype=i64), None, 1, -100),
    C("batch sizes differ", T([3, 5]), T([4], dtype=i64), None, 1, -100),
    C("weight size refused", T([3, 5]), T([3], dtype=i64), T([4]), 1, -100),
    C("int32 weight, sum", T([3, 5], dtype=i32), T([3], dtype=i64), T([5], dtype=i32), 2, -100),
    C("uint8 weight, mean", T([3, 5], dtype=torch.uint8), T([3], dtype=i64), T([5], dtype=torch.uint8), 1, -100),
]
CASES["nll_loss_forward.output"] = [
    C("none", T([3, 5]), T([3], dtype=i64), None, 0, -100, output=T([3]), total_weight=T([])),
]
CASES["nll_loss2d_forward"] = nll_forward_cases([2, 5, 3, 4], [2, 3, 4]) + [
    C("channels last", cl(2, 5, 3, 4), T([2, 3, 4], dtype=i64), None, 0, -100),
]
CASES["nll_loss2d_forward.output"] = [
    C("mean", T([2, 5, 3, 4]), T([2, 3, 4], dtype=i64), None, 1, -100, output=T([]), total_weight=T([])),
]
CASES["nll_loss"] = [
    C("mean", T([3, 5]), T([3], dtype=i64)),
    C("none weighted", T([3, 5]), T([3], dtype=i64), T([5]), 0),
    C("vector", T([5]), T([], dtype=i64)),
    C("3-D refused", T([2, 5, 3]), T([2, 3], dtype=i64)),
]
CASES["nll_loss.out"] = [
    C("none", T([3, 5]), T([3], dtype=i64), None, 0, out=T([3])),
]
CASES["nll_loss2d"] = [
    C("mean", T([2, 5, 3, 4]), T([2, 3, 4], dtype=i64)),
    C("none weighted", T([2, 5, 3, 4]), T([2, 3, 4], dtype=i64), T([5]), 0),
]
CASES["nll_loss2d.out"] = [
    C("none", T([2, 5, 3, 4]), T([2, 3, 4], dtype=i64), None, 0, out=T([2, 3, 4])),
]

CASES["multilabel_margin_loss_forward"] = [
    C("mean", T([3, 4]), T([3, 4], dtype=i64), 1),
    C("none", T([3, 4]), T([3, 4], dtype=i64), 0),
    C("vector", T([4]), T([4], dtype=i64), 0),
    C("transposed", tr(3, 4), tr(3, 4, dtype=i64), 2),
    C("target size refused", T([3, 4]), T([4], dtype=i64), 0),
    C("float target of an empty batch", T([0, 2]), T([0, 2]), 1),
    C("float target refused", T([3, 2]), T([3, 2]), 1),
]
CASES["multilabel_margin_loss_forward.output"] = [
    C("none", T([3, 4]), T([3, 4], dtype=i64), 0, output=T([3]), is_target=T([3, 4])),
]

SYMBOLIC += [
    ("cross_entropy_loss of a dynamic 4-D input", "cross_entropy_loss",
     C("", D([2, 5, 3, 4], "x"), D([2, 3, 4], "t", dtype=i64), None, 0)),
    ("nll_loss_nd of a dynamic 3-D input", "nll_loss_nd",
     C("", D([2, 5, 3], "x"), D([2, 3], "t", dtype=i64), None, 0)),
    ("cross_entropy_loss of dynamic class probabilities", "cross_entropy_loss",
     C("", D([3, 5], "x"), D([3, 5], "t"), None, 0)),
    ("cross_entropy_loss of dynamic weighted class probabilities", "cross_entropy_loss",
     C("", D([3, 5], "x"), D([3, 5], "t"), D([5], "w"), 1)),
    ("cross_entropy_loss of a dynamic batch, smoothed and weighted", "cross_entropy_loss",
     C("", D([3, 5], "x"), D([3], "t", dtype=i64), D([5], "w"), 0, -100, 0.1)),
    ("nll_loss_nd of a dynamic weighted batch", "nll_loss_nd",
     C("", D([3, 5], "x"), D([3], "t", dtype=i64), D([5], "w"), 1)),
    ("embedding_bag with a padding index of a dynamic weight", "embedding_bag.padding_idx",
     C("", D([10, 3], "w"), D([6], "i", dtype=i64), D([2], "o", dtype=i64), False, 1, False, None, False, 2)),
    ("embedding_bag without a padding index of a dynamic weight", "embedding_bag.padding_idx",
     C("", D([10, 3], "w"), D([6], "i", dtype=i64), D([2], "o", dtype=i64), False, 0, False, None, False, None)),
    ("bilinear of dynamic inputs with a bias", "bilinear",
     C("", D([4, 3], "a"), D([4, 5], "b"), D([2, 3, 5], "w"), D([2], "bias"))),
    ("multi_margin_loss of a dynamic weighted batch", "multi_margin_loss",
     C("", D([3, 4], "x"), D([3], "t", dtype=i64), 1, 1, D([4], "w"), 0)),
    ("cosine_embedding_loss of dynamic inputs", "cosine_embedding_loss",
     C("", D([3, 4], "a"), D([3, 4], "b"), D([3], "t"), 0.0, 0)),
    ("triplet_margin_loss of dynamic inputs, swapped", "triplet_margin_loss",
     C("", D([3, 4], "a"), D([3, 4], "p"), D([3, 4], "n"), 1.0, 2.0, 1e-6, True, 0)),
    ("instance_norm of a dynamic affine input", "instance_norm",
     C("", D([2, 3, 4], "x"), D([3], "w"), D([3], "b"), None, None, True, 0.1, 1e-5, False)),
    ("prelu of a dynamic input with a weight per channel", "prelu",
     C("", D([2, 3, 4], "x"), D([3], "w"))),
    ("glu of a dynamic input", "glu", C("", D([2, 6], "x"), 1)),
    ("cross_entropy_loss of a dynamic weighted 4-D input", "cross_entropy_loss",
     C("", D([2, 5, 3, 4], "x"), D([2, 3, 4], "t", dtype=i64), D([5], "w"), 1)),
    ("cross_entropy_loss of a dynamic 4-D input, smoothed", "cross_entropy_loss",
     C("", D([2, 5, 3, 4], "x"), D([2, 3, 4], "t", dtype=i64), None, 0, -100, 0.2)),
    ("cross_entropy_loss of dynamic 4-D class probabilities", "cross_entropy_loss",
     C("", D([2, 5, 3, 4], "x"), D([2, 5, 3, 4], "t"), D([5], "w"), 0)),
    ("nll_loss_nd of a dynamic weighted 5-D input", "nll_loss_nd",
     C("", D([2, 5, 3, 2, 2], "x"), D([2, 3, 2, 2], "t", dtype=i64), D([5], "w"), 0)),
    ("binary_cross_entropy_with_logits of dynamic inputs and weights", "binary_cross_entropy_with_logits",
     C("", D([3, 4], "x"), D([3, 4], "t"), D([4], "w"), D([4], "pw"), 0)),
    ("multilabel_margin_loss of a dynamic vector", "multilabel_margin_loss",
     C("", D([4], "x"), D([4], "t", dtype=i64), 0)),
    ("kl_div of dynamic broadcast inputs", "kl_div",
     C("", D([3, 1], "x"), D([4], "t"), 0)),
    ("huber_loss of dynamic broadcast inputs", "huber_loss",
     C("", D([3, 1], "x"), D([4], "t"), 0, 0.5)),
    ("native_dropout_backward of a dynamic channels-last gradient", "native_dropout_backward",
     C("", D([2, 3, 4, 4], "g", fmt=CL), D([2, 3, 4, 4], "m", dtype=b8), 2.0)),
    ("one_hot of a dynamic index", "one_hot", C("", D([2, 3], "x", dtype=i64), 4)),
    # The decomposition export runs takes an index of any dtype.
    ("one_hot of a dynamic int32 index", "one_hot", C("", D([2, 3], "x", dtype=i32), 4)),
    ("native_batch_norm of a dynamic input in eval", "native_batch_norm",
     C("", D([2, 3, 4], "x"), None, None, D([3], "m"), D([3], "v"), False, 0.1, 1e-5)),
    # On symbolic sizes each arithmetic step of the reference takes the fake
    # mode's fast path: a contiguous input (a size-1 channel of any stride)
    # gives a contiguous output.
    ("native_batch_norm training of a dynamic single channel of its own stride", "native_batch_norm",
     C("", D([3, 1], "x", dynamic=["dynamic", "static"], strides=lambda s: [1, s[0]]), D([1], "w"), D([1], "b"),
       D([1], "m"), D([1], "v"), True, 0.1, 1e-5)),
    ("native_batch_norm training of a dynamic 3-d single channel", "native_batch_norm",
     C("", D([3, 1, 4], "x", dynamic=["dynamic", "static", "dynamic"],
                             strides=lambda s: [s[2], s[0] * s[2], 1]), D([1], "w"),
       D([1], "b"), D([1], "m"), D([1], "v"), True, 0.1, 1e-5)),
    ("cudnn_batch_norm training of a dynamic input", "cudnn_batch_norm",
     C("", D([2, 3, 4], "x"), D([3], "w"), None, D([3], "m"),
       D([3], "v"), True, 0.1, 1e-5)),
    ("cudnn_batch_norm.out of a dynamic input into empty outs", "cudnn_batch_norm.out",
     C("", D([2, 3, 4], "x"), D([3], "w"), None, None, None, True, 0.1, 1e-5, out0=T([0]), out1=T([0]),
       out2=T([0]), out3=T([0], dtype=torch.uint8))),
    ("miopen_batch_norm training of a dynamic channels-last input", "miopen_batch_norm",
     C("", D([2, 3, 4, 4], "x", fmt=CL), D([3], "w"), None, None, None, True,
       0.1, 1e-5)),
    ("native_batch_norm eval of a dynamic channels-last input", "native_batch_norm",
     C("", D([2, 3, 4, 4], "x", fmt=CL), D([3], "w"), D([3], "b"), D([3], "m"), D([3], "v"), False, 0.1, 1e-5)),
    # `numel / C` is `s0 / s0`, which simplifies to 1: unbiasing divides by zero.
    ("native_batch_norm training one value per dynamic channel", "native_batch_norm",
     C("", D([1, 3, 1], "x", dynamic=["static", "dynamic", "static"]), None, None, D([3], "m"), D([3], "v"),
       True, 0.1, 1e-5)),
]

# Recorded under the Python dispatcher, as export runs them: the
# composites' inner operators take their Python implementations there.
PYTHON_DISPATCHER = set(CASES)

# `linear_cross_entropy`'s chunked operators (torch's own `torch_nn::`
# custom operators): their fake kernels, which read the reduction and the
# flags of the gradients to compute ahead.
def _lce(name, x, w, t, bias, weight, reduction, flags):
    return C(name, x, w, t, bias, weight, reduction, -100, 0.0, 2, "fast", f32, False, *flags)


CASES["torch_nn::_linear_cross_entropy_batch_chunked"] = [
    _lce("mean, every gradient", T([4, 3]), T([5, 3]), T([4], dtype=i64), T([5]), None, "mean", (True, True, True)),
    _lce("sum, no gradient", T([4, 3]), T([5, 3]), T([4], dtype=i64), None, None, "sum", (False, False, False)),
    _lce("input gradient only, class weights", T([6, 3]), T([5, 3]), T([6], dtype=i64), None, T([5]), "mean",
         (True, False, False)),
    _lce("float64 input, float32 weight", T([4, 3], dtype=f64), T([5, 3]), T([4], dtype=i64), T([5]), None, "mean",
         (True, True, True)),
    _lce("transposed input", tr(4, 3), T([5, 3]), T([4], dtype=i64), T([5]), None, "sum", (True, True, False)),
    _lce("no reduction refused", T([4, 3]), T([5, 3]), T([4], dtype=i64), None, None, "none", (False, False, False)),
]
CASES["torch_nn::_linear_cross_entropy_batch_chunked_no_reduction"] = [
    C("plain", T([4, 3]), T([5, 3]), T([4], dtype=i64), T([5]), None, -100, 2, "fast", f32),
    C("float16", T([6, 3], dtype=f16), T([5, 3], dtype=f16), T([6], dtype=i64), None, None, -100, 4, "fast", f32),
    C("transposed input", tr(4, 3), T([5, 3]), T([4], dtype=i64), None, T([5]), 0, 2, "fast", f32),
]

# CTC loss: `_ctc_loss`'s `log_alpha` is as long as the longest target, a
# value of the data, so the fake mode refuses both overloads by their tag,
# and `ctc_loss`'s composites reach them.
_CTC = (T([10, 2, 5]), T([2, 4], dtype=i64))
CASES["_ctc_loss"] = [
    C("lengths as lists", *_CTC, [10, 10], [4, 3]),
    C("blank and zero infinity", *_CTC, [10, 8], [4, 2], 4, True),
]
CASES["_ctc_loss.Tensor"] = [
    C("lengths as tensors", *_CTC, T([2], dtype=i64), T([2], dtype=i64)),
]
CASES["ctc_loss.IntList"] = [
    C("mean", *_CTC, [10, 10], [4, 3]),
    C("sum", *_CTC, [10, 10], [4, 3], reduction=2),
]
CASES["ctc_loss.Tensor"] = [
    C("lengths as tensors", *_CTC, T([2], dtype=i64), T([2], dtype=i64)),
]
SYMBOLIC += [
    ("_ctc_loss of a dynamic batch", "_ctc_loss",
     C("", D([10, 2, 5], "lp", ["static", "dynamic", "static"]), T([2, 4], dtype=i64), [10, 10], [4, 3])),
    ("_ctc_loss.Tensor of a dynamic batch", "_ctc_loss.Tensor",
     C("", D([10, 2, 5], "lp", ["static", "dynamic", "static"]), T([2, 4], dtype=i64), T([2], dtype=i64),
       T([2], dtype=i64))),
    ("ctc_loss.IntList of a dynamic batch", "ctc_loss.IntList",
     C("", D([10, 2, 5], "lp", ["static", "dynamic", "static"]), T([2, 4], dtype=i64), [10, 10], [4, 3])),
    ("ctc_loss.Tensor of a dynamic batch", "ctc_loss.Tensor",
     C("", D([10, 2, 5], "lp", ["static", "dynamic", "static"]), T([2, 4], dtype=i64), T([2], dtype=i64),
       T([2], dtype=i64))),
]
