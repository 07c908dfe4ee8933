"""Cases of the Hermitian FFTs, short-time transforms and sample
frequencies of `ops/rules/fft.rules`.

Merged into `export_op_cases.py`'s CASES and SYMBOLIC; the format is
described there.
"""

import torch

from op_case_inputs import C, Case, D, T, c64, f64, i64, tr

CASES = {}
SYMBOLIC = []

# Operators whose fake result export records through a Python
# CompositeImplicitAutograd kernel: under the Python dispatcher.
PYTHON_DISPATCHER = set()

# ---- Hermitian FFTs ---------------------------------------------------------------------

for _op in ("fft_hfftn", "fft_hfft2"):
    CASES[_op] = [
        C("default dims", T([3, 4, 5], dtype=c64)),
        C("given sizes", T([3, 4, 5], dtype=c64), [6, 12]),
        C("last size kept as minus one", T([3, 4, 5], dtype=c64), [6, -1]),
        C("given dims", T([3, 4, 5], dtype=c64), None, [0, 1]),
        C("one dim", T([3, 4, 5], dtype=c64), None, [1]),
        # The clone resolving the conjugate lays a stride-0 batch dim out
        # densely before `fft_c2r` sorts the batch dims by stride.
        C("one dim of an expanded input", T([3, 4, 5], dtype=c64, strides=[0, 5, 1]), None, [1]),
        C("real input", T([3, 4, 5])),
        C("int64 input", T([3, 4, 5], dtype=i64)),
        C("transposed", tr(3, 4, 5, dtype=c64)),
        C("no dims refused", T([3, 4, 5], dtype=c64), None, []),
        C("norm", T([3, 4, 5], dtype=c64), None, [0, 2], "ortho"),
        C("unknown norm", T([3, 4, 5], dtype=c64), None, [0, 2], "sideways"),
    ]
for _op in ("fft_ihfftn", "fft_ihfft2"):
    CASES[_op] = [
        C("default dims", T([3, 4, 5])),
        C("given sizes", T([3, 4, 5]), [6, 12]),
        C("given dims", T([3, 4, 5]), None, [0, 1]),
        C("one dim", T([3, 4, 5]), None, [1]),
        C("float64", T([3, 4, 5], dtype=f64)),
        C("int64 input", T([3, 4, 5], dtype=i64)),
        C("transposed", tr(3, 4, 5)),
        C("complex refused", T([3, 4, 5], dtype=c64)),
        C("no dims refused", T([3, 4, 5]), None, []),
    ]
CASES["fft_hfftn"] += [C("every dim", T([2, 3, 4, 5], dtype=c64), None, None)]
# The conjugate of the first transforms' result is resolved by a clone,
# which keeps its size-1 dim's stride (the last transform's batch order).
for _op in ("fft_hfftn", "fft_hfft2"):
    CASES[_op].append(C("a batch of one over the first and last dims", T([1, 4, 5], dtype=c64), None, [0, 2]))
CASES["fft_ihfftn"] += [C("every dim", T([2, 3, 4, 5]), None, None)]
SYMBOLIC += [
    ("hfft2 of dynamic sizes", "fft_hfft2", Case("", D([3, 4, 5], "x", dtype=c64))),
    ("ihfft2 of dynamic sizes", "fft_ihfft2", Case("", D([3, 4, 5], "x"))),
    ("hfftn of dynamic sizes", "fft_hfftn", Case("", D([3, 4, 5], "x", dtype=c64))),
    ("ihfftn of dynamic sizes", "fft_ihfftn", Case("", D([3, 4, 5], "x"))),
]

# ---- short-time transforms -------------------------------------------------------------

CASES["stft"] = [
    C("batched", T([2, 40]), 8, 2, None, None, False, None, True),
    C("1-d with a short window", T([40]), 8, 2, 6, T([6]), False, None, True),
    C("real output", T([40]), 8, 2, 6, T([6]), False, None, False),
    C("complex input", T([40], dtype=c64), 8, None, None, None, False, None, True),
    C("complex window", T([40]), 8, 2, None, T([8], dtype=c64), False, None, True),
    C("float64 two-sided", T([40], dtype=f64), 8, 2, None, None, False, False, True),
    C("strided input", T([40], then=lambda t: t[::2]), 8, 3, None, None, False, None, True),
    C("transposed batch", tr(40, 3), 8, 3, None, T([8]), True, None, True),
    C("aligned to a short window", T([3, 41]), 8, 3, 5, T([5]), False, None, True, True),
    C("aligned to a short window, transposed", tr(3, 41), 8, 3, 5, T([5]), False, None, True, True),
    C("window without return_complex", T([40]), 8, 2, None, None, False, None, None),
    C("int64 input", T([40], dtype=i64), 8, 2, None, None, False, None, True),
    C("n_fft too large", T([40]), 50, 2, None, None, False, None, True),
    C("zero hop", T([40]), 8, 0, None, None, False, None, True),
    C("window too long", T([40]), 8, 2, 9, None, False, None, True),
    C("window of another length", T([40]), 8, 2, 6, T([5]), False, None, True),
    C("onesided complex", T([40], dtype=c64), 8, 2, None, None, False, True, True),
    C("3-d input", T([2, 2, 40]), 8, 2, None, None, False, None, True),
]
SYMBOLIC += [
    ("stft of a dynamic batch and length", "stft",
     Case("", D([2, 40], "x"), 8, 2, None, None, False, None, True)),
    # The window's size is read as an integer as well: fixed at its hint.
    ("stft with a dynamic window", "stft",
     Case("", D([40], "x"), 8, 2, 6, D([6], "w"), False, None, True)),
]
CASES["stft.center"] = [
    C("centered 1-d", T([40]), 8, 2, None, None, True, "reflect", False, None, True),
    C("centered batch, constant padding", T([2, 40]), 8, 2, 6, T([6]), True, "constant", False, None, True),
    C("centered, replicate padding", T([2, 40]), 8, 3, None, None, True, "replicate", False, None, True),
    C("centered, circular padding", T([40]), 8, 2, None, None, True, "circular", False, None, True),
    C("not centered", T([2, 40]), 8, 2, None, None, False, "reflect", False, None, True),
    C("centered, real output", T([40]), 8, 2, None, None, True, "reflect", False, None, False),
    C("centered transposed batch", tr(3, 40), 8, 3, None, T([8]), True, "reflect", True, None, True),
    C("centered strided input", T([40], then=lambda t: t[::2]), 8, 3, None, None, True, "reflect", False, None,
      True),
    C("centered odd n_fft", T([40]), 7, 2, None, None, True, "reflect", False, None, True),
    C("centered complex input", T([40], dtype=c64), 8, 2, None, None, True, "reflect", False, None, True),
    C("reflect padding beyond the input", T([2, 6]), 16, 4, None, None, True, "reflect", False, None, True),
    C("centered and aligned to the window", T([2, 40]), 8, 2, 5, None, True, "reflect", False, None, True,
      True),
    C("not centered, aligned to a short window", T([3, 41]), 8, 3, 5, T([5]), False, "reflect", False, None,
      True, True),
    C("unknown padding mode", T([40]), 8, 2, None, None, True, "wrap", False, None, True),
    C("centered int64 input", T([40], dtype=i64), 8, 2, None, None, True, "reflect", False, None, True),
    C("centered 3-d input", T([2, 2, 40]), 8, 2, None, None, True, "reflect", False, None, True),
    C("centered without return_complex", T([40]), 8, 2, None, None, True, "reflect", False, None, None),
]
SYMBOLIC += [
    ("stft.center of a dynamic batch and length", "stft.center",
     Case("", D([2, 40], "x"), 8, 2, None, None, True, "reflect", False, None, True)),
    ("stft.center of a dynamic length, constant padding", "stft.center",
     Case("", D([40], "x"), 8, 2, 6, T([6]), True, "constant", False, None, True)),
    # As export traces it: `torch._refs.stft`, the sizes kept symbolic.
    ("stft.center of a dynamic batch and length under the Python dispatcher", "stft.center",
     Case("", D([2, 40], "x"), 8, 2, None, None, True, "reflect", False, None, True)),
    ("stft.center of a dynamic length under the Python dispatcher, constant padding", "stft.center",
     Case("", D([40], "x"), 8, 3, 6, T([6]), True, "constant", False, None, True)),
]
# Lengths near a single frame: the FFT's `reshape` of the permuted frames
# decides their view geometry, with guards, as the reference runs it.
SYMBOLIC += [
    ("stft of a dynamic batch and length of two frames under the Python dispatcher", "stft",
     Case("", D([2, 11], "x"), 8, 3, None, None, False, None, True)),
    ("stft.center of a short dynamic length, replicate padding, under the Python dispatcher", "stft.center",
     Case("", D([2, 4], "x"), 8, 3, None, None, True, "replicate", False, None, True)),
]
DISPATCHED = {
    "stft of a dynamic batch and length of two frames under the Python dispatcher",
    "stft.center of a short dynamic length, replicate padding, under the Python dispatcher",
    "stft.center of a dynamic batch and length under the Python dispatcher",
    "stft.center of a dynamic length under the Python dispatcher, constant padding",
}
CASES["istft"] = [
    C("batched", T([2, 5, 17], dtype=c64), 8, 2),
    C("unbatched with a window", T([5, 17], dtype=c64), 8, 2, 6, T([6])),
    C("not centered", T([5, 17], dtype=c64), 8, 2, None, None, False),
    C("given length", T([5, 17], dtype=c64), 8, 2, None, None, True, False, None, 30),
    C("length beyond the signal", T([5, 17], dtype=c64), 8, 2, None, None, True, False, None, 60),
    C("two-sided", T([8, 17], dtype=c64), 8, 2, None, None, True, False, False),
    C("complex output", T([8, 17], dtype=c64), 8, 2, None, None, True, False, False, None, True),
    C("float64 window", T([5, 17], dtype=c64), 8, 2, None, T([8], dtype=f64)),
    C("complex128", T([5, 17], dtype=torch.complex128), 8, 2),
    C("transposed", T([17, 5], dtype=c64, then=lambda t: t.t()), 8, 2),
    C("real input", T([5, 17]), 8, 2),
    C("frequency mismatch", T([6, 17], dtype=c64), 8, 2),
    C("hop beyond window", T([5, 17], dtype=c64), 8, 9),
    C("window of another length", T([5, 17], dtype=c64), 8, 2, 6, T([5])),
    C("onesided complex output", T([5, 17], dtype=c64), 8, 2, None, None, True, False, None, None, True),
    C("complex window for a real output", T([5, 17], dtype=c64), 8, 2, None, T([8], dtype=c64)),
    C("empty", T([5, 0], dtype=c64), 8, 2),
    C("1-d input", T([17], dtype=c64), 8, 2),
]
SYMBOLIC += [
    ("istft of dynamic frames", "istft", Case("", D([2, 5, 17], "x", ["dynamic", "static", "dynamic"], dtype=c64), 8, 2)),
    ("istft of dynamic frames to a length", "istft",
     Case("", D([5, 17], "x", ["static", "dynamic"], dtype=c64), 8, 2, None, None, True, False, None, 30)),
]
PYTHON_DISPATCHER |= {"istft"}

# ---- the FFT sample frequencies -------------------------------------------------------

for _op in ["fft_fftfreq", "fft_rfftfreq"]:
    CASES[_op] = [
        C("five", 5),
        C("eight, a spacing", 8, 0.5),
        C("one", 1),
        C("zero", 0),
        C("float64", 5, dtype=f64),
        C("complex64", 4, dtype=c64),
        C("on cuda", 6, device="cuda"),
        C("int64 refused", 5, dtype=i64),
        C("minus one", -1),
        C("minus three", -3),
        C("minus five", -5),
    ]

# ---- the layouts of CUDA transforms ----------------------------------------------------

CASES["stft"] += [
    C("cuda", T([2, 40], device="cuda"), 8, 2, None, T([8], device="cuda"), False, None, True),
    C("cuda complex two-sided", T([40], dtype=c64, device="cuda"), 8, 2, None, None, False, None, True),
]
CASES["istft"] += [
    C("cuda", T([2, 5, 17], dtype=c64, device="cuda"), 8, 2),
]
CASES["fft_hfft2"] += [C("cuda", T([3, 4, 5], dtype=c64, device="cuda"))]
CASES["fft_ihfftn"] += [C("cuda", T([2, 3, 4, 5], device="cuda"), None, None)]
