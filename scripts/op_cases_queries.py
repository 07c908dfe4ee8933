"""Cases of ATen's metadata queries (`size.int`, `stride.int`, `numel`,
`storage_offset`, `dim`, `is_contiguous`, `is_complex`,
`is_floating_point`, `is_signed`, `get_device`), which the fake tensor's
C++ accessors answer: plain values, a symbolic size read as an integer
guarded to its hint, or refused where the accessor takes no symbolic
sizes.
"""

import torch

from op_case_inputs import CL, C, Case, D, T, b8, bf16, c64, cl, f16, f32, f64, i32, i64, off, tr, u8

CASES = {
    "size.int": [
        C("last dim", T([2, 3, 4]), -1),
        C("first dim", T([2, 3, 4]), 0),
        C("dim out of range", T([2, 3]), 2),
        C("zero-dim", T([]), 0),
    ],
    "stride.int": [
        C("last dim", T([2, 3, 4]), -1),
        C("transposed", tr(2, 3), 0),
        C("dim out of range", T([2, 3]), 2),
    ],
    "numel": [
        C("matrix", T([2, 3])),
        C("zero-dim", T([])),
        C("empty", T([0, 3])),
    ],
    "storage_offset": [
        C("fresh", T([2, 3])),
        C("offset view", off(2, 3)),
    ],
    "dim": [
        C("matrix", T([2, 3])),
        C("zero-dim", T([])),
    ],
    "is_contiguous": [
        C("contiguous", T([2, 3])),
        C("transposed", tr(2, 3)),
        C("one row transposed", tr(1, 3)),
        C("channels-last", cl(2, 3, 4, 5)),
        C("offset view", off(2, 3)),
    ],
    "is_contiguous.memory_format": [
        C("channels-last asked of a contiguous tensor", T([2, 3, 4, 5]), torch.channels_last),
        C("channels-last", cl(2, 3, 4, 5), torch.channels_last),
        C("channels-last of a matrix", T([2, 3]), torch.channels_last),
        C("contiguous of a transposed tensor", tr(2, 3), torch.contiguous_format),
        C("preserve_format of a contiguous tensor", T([2, 3]), torch.preserve_format),
    ],
    "is_complex": [C("float", T([2])), C("complex64", T([2], dtype=c64)), C("int64", T([2], dtype=i64))],
    "is_floating_point": [
        C("float", T([2])), C("bfloat16", T([2], dtype=bf16)), C("complex64", T([2], dtype=c64)),
        C("int64", T([2], dtype=i64)), C("bool", T([2], dtype=b8)),
    ],
    "is_signed": [
        C(str(d).removeprefix("torch."), T([2], dtype=d))
        for d in [f32, f16, bf16, f64, c64, i64, i32, u8, b8, torch.int8, torch.int16, torch.uint16, torch.uint32,
                  torch.uint64, torch.float8_e4m3fn, torch.float8_e5m2, torch.float8_e8m0fnu]
    ],
    "get_device": [
        C("cpu", T([2])),
        C("cuda", T([2], device="cuda")),
        C("cuda:1", T([2], device="cuda:1")),
        C("meta", T([2], device="meta")),
    ],
}
SYMBOLIC = [
    ("size.int of a dynamic matrix", "size.int", Case("", D([2, 3], "x"), 1)),
    ("stride.int of a dynamic cube", "stride.int", Case("", D([2, 3, 4], "x"), 0)),
    ("numel of a dynamic matrix", "numel", Case("", D([2, 3], "x"))),
    ("storage_offset of a dynamic matrix", "storage_offset", Case("", D([2, 3], "x"))),
    ("dim of a dynamic matrix", "dim", Case("", D([2, 3], "x"))),
    ("is_contiguous of a dynamic matrix", "is_contiguous", Case("", D([2, 3], "x"))),
    ("is_contiguous of a dynamic transposed matrix", "is_contiguous", Case("", D([2, 3], "x", strides=lambda s: [1, s[0]]))),
    ("is_contiguous.memory_format of a dynamic channels-last input", "is_contiguous.memory_format",
     Case("", D([2, 3, 4, 5], "x", fmt=CL), torch.channels_last)),
    ("is_complex of a dynamic vector", "is_complex", Case("", D([3], "x"))),
    ("is_floating_point of a dynamic vector", "is_floating_point", Case("", D([3], "x"))),
    ("is_signed of a dynamic vector", "is_signed", Case("", D([3], "x"))),
    ("get_device of a dynamic vector", "get_device", Case("", D([3], "x"))),
]
