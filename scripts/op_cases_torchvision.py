"""Cases of torchvision's detection operators (`torchvision::`, registered
when `torchvision.ops` is imported): its meta kernels' sizes, dtypes and
checks, and the fake `nms`'s unbacked count.

Merged into `export_op_cases.py`'s CASES and SYMBOLIC; the format is
described there.
"""

import torch
import torchvision.ops  # noqa: F401  (registers the operators)

from op_case_inputs import C, Case, D, T, bf16, f64, i32

V = "torchvision::"


def rois(k=3, dtype=torch.float32):
    """`k` boxes with their batch index first (`[K, 5]`)."""
    return T([k, 5], dtype=dtype)


CASES = {
    V + "roi_align": [
        C("three boxes", T([2, 8, 16, 16]), rois(), 0.5, 3, 4, 2, True),
        C("no boxes", T([2, 8, 16, 16]), rois(0), 1.0, 2, 2, -1, False),
        C("float64", T([1, 3, 7, 9], dtype=f64), rois(dtype=f64), 0.25, 5, 5, 0, False),
        C("boxes of four columns refused", T([2, 8, 16, 16]), T([3, 4]), 1.0, 2, 2, -1, False),
        C("boxes of another dtype refused", T([2, 8, 16, 16]), rois(dtype=f64), 1.0, 2, 2, -1, False),
    ],
    V + "roi_pool": [
        C("three boxes", T([2, 8, 16, 16]), rois(), 0.5, 3, 4),
        C("bfloat16", T([1, 4, 6, 6], dtype=bf16), rois(2, dtype=bf16), 1.0, 2, 2),
        C("boxes of another dtype refused", T([2, 8, 16, 16]), rois(dtype=f64), 1.0, 2, 2),
    ],
    V + "ps_roi_align": [
        C("three boxes", T([2, 8, 16, 16]), rois(), 0.5, 2, 2, 2),
        C("one bin per channel", T([1, 12, 9, 9]), rois(4), 1.0, 3, 4, -1),
        C("channels not a multiple refused", T([2, 6, 16, 16]), rois(), 1.0, 2, 2, -1),
        C("boxes of four columns refused", T([2, 8, 16, 16]), T([3, 4]), 1.0, 2, 2, -1),
    ],
    V + "ps_roi_pool": [
        C("three boxes", T([2, 8, 16, 16]), rois(), 0.5, 2, 2),
        C("channels not a multiple refused", T([2, 6, 16, 16]), rois(), 1.0, 2, 2),
    ],
    V + "_roi_align_backward": [
        C("three boxes", T([3, 8, 3, 4]), rois(), 0.5, 3, 4, 2, 8, 16, 16, 2, True),
        C("gradient of another dtype refused", T([3, 8, 3, 4], dtype=f64), rois(), 0.5, 3, 4, 2, 8, 16, 16, 2, True),
    ],
    V + "_roi_pool_backward": [
        C("three boxes", T([3, 8, 3, 4]), rois(), T([3, 8, 3, 4], dtype=i32), 0.5, 3, 4, 2, 8, 16, 16),
    ],
    V + "_ps_roi_align_backward": [
        C("three boxes", T([3, 2, 2, 2]), rois(), T([3, 2, 2, 2], dtype=i32), 0.5, 2, 2, 2, 2, 8, 16, 16),
    ],
    V + "_ps_roi_pool_backward": [
        C("three boxes", T([3, 2, 2, 2]), rois(), T([3, 2, 2, 2], dtype=i32), 0.5, 2, 2, 2, 8, 16, 16),
    ],
    V + "deform_conv2d": [
        C("3x3, padded", T([2, 8, 16, 16]), T([4, 8, 3, 3]), T([2, 18, 16, 16]), T([0]), T([4]),
          1, 1, 1, 1, 1, 1, 1, 1, False),
        C("strided, with a mask", T([1, 4, 9, 9]), T([6, 4, 3, 3]), T([1, 18, 4, 4]), T([1, 9, 4, 4]), T([6]),
          2, 2, 0, 0, 1, 1, 1, 1, True),
    ],
    V + "_deform_conv2d_backward": [
        C("3x3, padded", T([2, 4, 16, 16]), T([2, 8, 16, 16]), T([4, 8, 3, 3]), T([2, 18, 16, 16]), T([0]),
          T([4]), 1, 1, 1, 1, 1, 1, 1, 1, False),
    ],
    V + "nms": [
        C("three boxes", T([3, 4]), T([3]), 0.5),
        C("3-D boxes refused", T([1, 3, 4]), T([3]), 0.5),
        C("boxes of five columns refused", T([3, 5]), T([3]), 0.5),
        C("2-D scores refused", T([3, 4]), T([3, 1]), 0.5),
        C("scores of another count refused", T([3, 4]), T([2]), 0.5),
    ],
}

SYMBOLIC = [
    ("roi_align of a dynamic count of boxes and image", V + "roi_align",
     Case("", D([2, 8, 16, 16], "x"), D([3, 5], "rois", ["dynamic", "static"]), 0.5, 3, 4, 2, True)),
    ("roi_align of boxes of a dynamic width", V + "roi_align",
     Case("", T([2, 8, 16, 16]), D([3, 5], "rois"), 0.5, 3, 4, 2, True)),
    ("ps_roi_align of dynamic channels", V + "ps_roi_align",
     Case("", D([2, 8, 16, 16], "x"), D([3, 5], "rois", ["dynamic", "static"]), 0.5, 2, 2, 2)),
    ("ps_roi_pool of dynamic channels", V + "ps_roi_pool",
     Case("", D([2, 8, 16, 16], "x"), T([3, 5]), 0.5, 2, 2)),
    ("deform_conv2d of a dynamic batch and offsets", V + "deform_conv2d",
     Case("", D([2, 8, 16, 16], "x"), T([4, 8, 3, 3]), D([2, 18, 16, 16], "o"), T([0]), T([4]),
          1, 1, 1, 1, 1, 1, 1, 1, False)),
    ("nms of a dynamic count of boxes", V + "nms",
     Case("", D([3, 4], "boxes", ["dynamic", "static"]), D([3], "scores"), 0.5)),
]
