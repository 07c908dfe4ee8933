"""Export small programs with torch.export as conformance fixtures.

Run by hand from the repository root, in a virtualenv with torch==2.15.0
and torchvision, transformers and torchao installed:

    python scripts/export_programs.py [NAME...]

Writes tests/fixtures/programs/<name>.json for every program below (or the
named ones): the `models/model.json` entry torch.export.save writes, without
weights and per-node debugging metadata. Each program is exported with
static sizes (`<name>_static`, except the large `swin_t`,
`mobilenet_v3_small`, `mobilenet_v3_small_cl` and `llama`) and with dynamic
sizes (`<name>`), in the
default export IR and in the Core ATen IR (`<name>_core`,
`run_decompositions()`), unless a program says otherwise. The recorded
metadata of every node is PyTorch's answer: `tests/programs.rs` propagates
every file and requires every node to match, none unsupported.

The programs exercise what depends on data or on view geometry: nonzero,
masked_select, boolean masks, `item()` with `torch._check`, the higher-order operators (cond,
while_loop, map, scan), narrow, view,
new_zeros, repeat_interleave, unique, tensor_split, interpolate (also by
fractional scales),
scaled-dot-product and multi-head attention, channel shuffle,
view_as/reshape_as, in-place ops after views, resize_; reshapes of sliced and
transposed tensors, size-1 dims, reshape's copy branch, unsqueeze of an
expanded tensor, arange with symbolic bounds, quantiles by tensors of q
values, constants the mode runs for real, unbacked counts memoised per
tensor, inputs whose strides name a symbol before giving it, extrema of
unbacked sizes, custom operators that write to their arguments
(`auto_functionalized_v2` in the Core ATen IR), `hints_wrapper`,
`print` and `torch.vmap`, integer inputs of dynamic value, a size decided
to be 1 by a guard broadcast against an unbacked one; and whole models (swin_t,
mobilenet_v3_small with a dynamic height and width, also channels-last,
a two-layer Llama, a two-layer Mixtral, the quantize and dequantize
steps of a PT2E-quantized network, linear layers with `torchao`'s int8
tensor-subclass weights, and with its dynamically quantized activations
and grouped weights, whose quantization primitives export keeps), and convolutions whose layout depends on the
backends export disables, on the CPU and (built in a FakeTensorMode, as
this machine may have no GPU) on CUDA; `padding="same"` convolutions of
weights of symbolic sizes, torchvision's detection operators (also under
autocast), a tensor-parallel step's functional collectives on a fake
process group, and slices bounded by an asserted conjunction.
"""

import contextlib
import pathlib
import sys

import torch
import torch.ao.quantization.fx._decomposed  # noqa: F401  (registers the quantized_decomposed:: operators)
import torchvision.ops  # noqa: F401  (registers the torchvision:: operators)
from torch._subclasses.fake_tensor import FakeTensorMode
from torch.export import Dim

from export_common import write_program
import program_modules as pm
import program_regressions as pr
import program_findings as pf

ROOT = pathlib.Path(__file__).resolve().parent.parent
OUT = ROOT / "tests" / "fixtures" / "programs"

torch.manual_seed(0)


def write(ep: torch.export.ExportedProgram, name: str) -> None:
    path = OUT / f"{name}.json"
    nodes = write_program(ep, path)
    print(f"{path.relative_to(ROOT)}: {nodes} nodes, {path.stat().st_size} bytes")


def programs():
    batch = Dim("batch", min=2, max=64)
    seq = Dim("seq", min=2, max=128)
    x8 = torch.randn(8, 4)
    yield "nonzero", pm.Nonzero(), (torch.randn(6, 5),), ({0: Dim("n"), 1: Dim("m")},)
    yield "masked_select", pm.MaskedSelect(), (torch.randn(6, 5),), ({0: Dim("n")},)
    rows = Dim("rows", min=3, max=1024)
    yield "scatter_offsets", pm.ScatterOffsets(), (torch.randn(5, 4), torch.randn(4, 2)), (
        {0: rows},
        {0: rows - 1},
    )
    yield "where_columns", pm.WhereColumns(), (torch.randn(6, 5),), ({0: Dim("n"), 1: Dim("m")},)
    yield "empty_diagonals", pm.EmptyDiagonals(), (torch.randn(1, 3, 6),), ({1: Dim.AUTO, 2: Dim.AUTO},)
    yield "vector_clones", pm.VectorClones(), (torch.randn(4, 5),), ({0: Dim.AUTO, 1: Dim.AUTO},)
    yield "derived_sizes", pr.DerivedSizes(), (torch.randn(4, 5), torch.randn(3, 6)), (
        {0: Dim.AUTO, 1: Dim.AUTO},
        {0: Dim.AUTO, 1: Dim.AUTO},
    )
    yield "wide_bounds", pr.WideBounds(), (torch.randn(4, 5),), ({0: Dim.AUTO, 1: Dim.AUTO},)
    yield "oblivious_attention", pr.ObliviousAttention(), (torch.randn(8, 6, 1),), (
        {0: Dim.AUTO, 1: Dim.AUTO, 2: Dim.AUTO},
    )
    yield "late_size_assert", pr.LateSizeAssert(), (torch.full((8, 3), 2.5),), ({0: Dim.AUTO, 1: Dim.AUTO},)
    yield "oblivious_pools", pr.ObliviousPools(), (torch.randn(1, 3, 5, 6),), ({0: Dim.AUTO, 2: Dim.AUTO, 3: Dim.AUTO},)
    yield "oblivious_layouts", pr.ObliviousLayouts(), (torch.randn(1, 6), torch.randn(1, 5, 16)), (
        {0: Dim.AUTO, 1: Dim.AUTO},
        None,
    )
    yield "strided_views", pr.StridedViews(), (torch.randn(4, 6, 4, 6)[:, :, :, ::2],), (
        {i: Dim.AUTO for i in range(4)},
    )
    yield "column_convs", pr.ColumnConvs(), (torch.randn(5, 1, 3).transpose(1, 2),), (
        {0: Dim.AUTO},
    )
    yield "column_log_softmax", pr.ColumnLogSoftmax(), (torch.randn(2, 3),), ({0: Dim.AUTO, 1: Dim.AUTO},)
    yield "quantiles", pr.Quantiles(), (torch.randn(4, 5),), ({0: Dim.AUTO, 1: Dim.AUTO},)
    yield "constants", pr.Constants(), (torch.randn(4, 5),), ({0: Dim.AUTO, 1: Dim.AUTO},)
    yield "stride_symbols", pr.StrideSymbols(), (torch.randn(7, 4, 4, 14)[..., ::2],), (
        {i: Dim.AUTO for i in range(4)},
    )
    yield "unbacked_diagonal", pr.UnbackedDiagonal(), (torch.randn(6), torch.tensor(3)), ({0: Dim.AUTO}, None)
    yield "unbacked_memos", pr.UnbackedMemos(), (torch.randn(6), torch.tensor([1, 2, 2])), ({0: Dim.AUTO}, None)
    yield "parameter_matmuls", pr.ParameterMatmuls(), (torch.randn(2, 3, 2), torch.randn(2, 3, 1)), (
        {0: Dim.AUTO, 2: Dim.AUTO},
        {0: Dim.AUTO},
    )
    yield "unbacked_broadcasts", pr.UnbackedBroadcasts(), (
        torch.tensor([1.0, 0.0, 2.0, 3.0]),
        torch.randn(2, 1, 1),
        torch.randn(6, 1),
    ), tuple({i: Dim.AUTO for i in range(n)} for n in (1, 3, 2))
    yield "number_wheres", pr.NumberWheres(), (
        torch.randn(4, 3, 5).permute(1, 0, 2)[:, 1:2],
        torch.randn(3, 4, 1).transpose(1, 2),
    ), tuple({i: Dim.AUTO for i in range(3)} for _ in range(2))
    yield "float_aranges", pr.FloatAranges(), (torch.randn(7),), ({0: Dim.AUTO},)
    yield "unbacked_flattens", pr.UnbackedFlattens(), (torch.randn(3, 4, 7),), ({0: Dim.AUTO, 1: Dim.AUTO},)
    yield "clamp_bounds", pr.ClampBounds(), (torch.randn(2, 2, 3).transpose(-1, -2)[..., ::2],), (
        {i: Dim.AUTO for i in range(3)},
    )
    yield "inplace_meta_casts", pr.InplaceMetaCasts(), (
        torch.randint(0, 5, (2, 3), dtype=torch.int32),
        torch.randn(2, 3),
        torch.randn(3),
    ), ({0: Dim.AUTO, 1: Dim.AUTO}, {0: Dim.AUTO, 1: Dim.AUTO}, {0: Dim.AUTO})
    yield "unbacked_mod_asserts", pr.UnbackedModAsserts(), (torch.randn(30, 1),), ({0: Dim.AUTO},)
    yield "unbacked_diag_embeds", pr.UnbackedDiagEmbeds(), (torch.randn(6),), ({0: Dim.AUTO},)
    yield "hint_one_batch_matmul", pr.HintOneBatchMatmul(), (torch.randn(6, 2, 3).permute(2, 1, 0),), (
        {0: Dim.AUTO, 1: Dim.AUTO},
    )
    yield "hint_one_batch_fold", pr.HintOneBatchFold(), (torch.randn(3, 4, 6),), (
        {0: Dim.AUTO, 1: Dim.AUTO},
    )
    yield "unbacked_batch_matmul", pr.UnbackedBatchMatmul(), (torch.randn(4, 3, 6),), (
        {0: Dim.AUTO, 1: Dim.AUTO},
    )
    yield "unbacked_flatten_hinted", pr.UnbackedFlattenHinted(), (torch.randn(3, 3, 4, 5),), (
        {i: Dim.AUTO for i in range(4)},
    )
    yield "inplace_number_slices", pr.InplaceNumberSlices(), (torch.randn(6, 5, 4).permute(2, 0, 1),), (
        {i: Dim.AUTO for i in range(3)},
    )
    yield "ldexp_size_one_stride", pr.LdexpSizeOneStride(), (
        torch.randn(6, 5, 1, 1, 1),
        torch.randn(6, 5, 2, 1, 3).transpose(-1, -2),
    ), ({2: Dim.AUTO, 3: Dim.AUTO}, {2: Dim.AUTO, 3: Dim.AUTO})
    yield "nested_slice_iadd", pr.NestedSliceIadd(), (torch.randn(2, 7, 6),), ({0: Dim.AUTO},)
    yield "settled_unbacked", pr.SettledUnbacked(), (pr.settled_unbacked_input(),), (
        {i: Dim.AUTO for i in range(4)},
    )
    yield "singleton_count", pr.SingletonCount(), (torch.randn(1, 1), torch.randn(3, 5)), (
        None,
        {0: Dim.AUTO, 1: Dim.AUTO},
    )
    yield "affine_grid_steps", pr.AffineGridSteps(), (
        torch.randn(2, 3, 8, 10),
        torch.randn(2, 2, 3),
        torch.randn(2, 3, 4),
        torch.randn(2, 1, 6, 5, 4),
    ), (
        {0: Dim.AUTO, 2: Dim.AUTO, 3: Dim.AUTO},
        {0: Dim.AUTO},
        {0: Dim.AUTO},
        {i: Dim.AUTO for i in range(5)},
    )
    yield "replaced_count", pr.ReplacedCount(), (torch.randn(8, 2, 8)[1:],), (
        {i: Dim.AUTO for i in range(3)},
    )
    yield "hint_one_metadata", pr.HintOneMetadata(), (torch.randn(3, 4, 5, 6), torch.randn(4, 2, 4, 7)), (
        {i: Dim.AUTO for i in range(4)},
        {i: Dim.AUTO for i in range(4)},
    )
    yield "take_along_strided", pr.TakeAlongStrided(), (torch.randn(12, 12)[..., ::2],), (
        {0: Dim.AUTO, 1: Dim.AUTO},
    )
    yield "fill_slice", pr.FillSlice(), (torch.randn(7, 3).permute(1, 0),), (
        {0: Dim.AUTO, 1: Dim.AUTO},
    )
    yield "symbolic_stft", pr.SymbolicStft(), (torch.randn(40), torch.randn(3, 40), torch.randn(5)), (
        {0: Dim.AUTO},
        {0: Dim.AUTO, 1: Dim.AUTO},
        {0: Dim.AUTO},
    )
    yield "flat_rolls", pr.FlatRolls(), (torch.randn(1, 7, 10), torch.randn(2, 3, 4)), (
        {i: Dim.AUTO for i in range(3)},
        {i: Dim.AUTO for i in range(3)},
    )
    yield "augmented_bitwise", pr.AugmentedBitwise(), (
        torch.randint(0, 9, (4, 3)).t(),
        torch.randint(0, 9, (3, 1)),
        torch.randn(3, 4) > 0,
    ), ({0: Dim.AUTO, 1: Dim.AUTO}, {0: Dim.AUTO}, {0: Dim.AUTO, 1: Dim.AUTO})
    yield "sampled_to_one", pr.SampledToOne(), (
        torch.randn(2, 3, 3),
        torch.randn(2, 3, 3, 5),
        torch.randn(2, 3, 3, 5, 2),
    ), tuple({i: Dim.AUTO for i in range(n)} for n in (3, 4, 5))
    yield "bool_mask", pm.BoolMask(), (torch.randn(7), torch.randn(6, 3)), (
        {0: Dim("n")},
        {0: Dim("m")},
    )
    yield "item_slice", pm.ItemSlice(), (x8, torch.tensor(3)), ({0: batch}, None)
    yield "narrow", pm.Narrow(), (x8, torch.tensor(3)), ({0: batch}, None)
    yield "new_zeros", pm.NewZeros(), (x8, torch.tensor(3)), ({0: batch, 1: Dim("w")}, None)
    yield "view", pm.View(), (torch.randn(3, 5, 8),), ({0: batch, 1: seq},)
    yield "repeat_interleave", pm.RepeatInterleave(), (
        torch.randn(4, 3),
        torch.tensor([1, 2, 0, 3]),
    ), ({1: Dim("w")}, None)
    yield "unique", pm.Unique(), (torch.randint(0, 5, (9,)),), ({0: Dim("n")},)
    yield "tensor_split", pm.TensorSplit(), (torch.randn(9, 3), torch.tensor([2, 5])), (
        {0: Dim("n", min=6)},
        None,
    )
    yield "aliases", pm.Aliases(), (torch.randn(2, 5, 8),), ({1: Dim("n", min=4, max=64)},)
    yield "biased_attention", pm.BiasedAttention(), (torch.randn(2, 7, 16),), ({0: batch},)
    yield "interpolate", pm.Interpolate(), (torch.randn(2, 3, 8, 10),), (
        {0: batch, 2: Dim("h", min=4), 3: Dim("w", min=4)},
    )
    yield "interpolate_fractions", pm.InterpolateFractions(), (torch.randn(2, 3, 9, 100),), (
        {0: batch, 2: Dim("h", min=6), 3: Dim("w", min=7)},
    )
    q = torch.randn(2, 4, 7, 16)
    kv = torch.randn(2, 4, 7, 16)
    yield "sdpa", pm.Sdpa(), (q, kv, kv.clone()), (
        {0: batch, 2: seq},
        {0: batch, 2: seq},
        {0: batch, 2: seq},
    )
    yield "mha", pm.Mha(), (torch.randn(2, 5, 16),), ({0: batch, 1: seq},)
    yield "channel_shuffle", pm.ChannelShuffle(), (torch.randn(2, 8, 5, 6),), (
        {0: batch, 2: Dim("h"), 3: Dim("w")},
    )
    half = Dim("half", min=2, max=32)
    yield "upsampled_group_norm", pm.UpsampledGroupNorm(), (torch.randn(2, 4, 8, 8),), (
        {0: batch, 2: 2 * half, 3: 2 * half},
    )
    yield "view_as", pm.ViewAs(), (torch.randn(4, 6), torch.randn(4, 6)), (
        {0: batch, 1: Dim("w")},
        {0: batch, 1: Dim("w")},
    )
    yield "inplace_views", pm.InplaceViews(), (torch.randn(4, 6),), ({0: batch},)
    yield "slice_reshape", pm.SliceReshape(), (torch.randn(3, 5, 96),), ({0: batch, 1: seq},)
    yield "unsqueeze_expand", pm.UnsqueezeExpand(), (torch.randn(4, 3), torch.randn(3)), (
        {0: batch},
        None,
    )
    yield "arange", pm.Arange(), (torch.randn(9),), ({0: Dim("n", min=4)},)
    yield "audio_features", pm.AudioFeatures(), (torch.randn(2, 4000),), (
        {0: batch, 1: Dim("samples", min=400, max=160000)},
    )
    yield "sym_floats", pr.SymFloats(), (torch.randn(6, 3), torch.tensor(2.5), torch.tensor(True)), (
        {0: Dim("n")},
        None,
        None,
    )
    yield "unbacked_views", pr.UnbackedViews(), (torch.randn(6, 4), torch.randn(5)), (
        {0: Dim("n"), 1: Dim("m")},
        {0: Dim("k")},
    )
    yield "unbacked_attention", pr.UnbackedAttention(), (torch.randn(10, 8, 6, 5), torch.tensor(3)), (
        {0: Dim.AUTO, 1: Dim.AUTO},
        None,
    )
    yield "unbacked_quotient", pr.UnbackedQuotient(), (torch.randn(400), torch.tensor(30)), (
        {0: Dim.AUTO},
        None,
    )
    yield "shared_mask", pr.SharedMask(), (torch.randn(12), torch.randn(12, 4), torch.randint(0, 9, (12,))), (
        {0: Dim("n")},
        {0: Dim("n")},
        {0: Dim("n")},
    )
    yield "masked_assign", pr.MaskedAssign(), (torch.randn(6, 4), torch.randn(6)), (
        {0: Dim("n")},
        {0: Dim("n")},
    )
    yield "split_sizes", pr.SplitSizes(), (torch.randn(7, 5), torch.tensor([3, 4]), torch.tensor(2)), (
        {0: Dim("n", min=2), 1: Dim("m", min=2)},
        None,
        None,
    )
    yield "unique_counts", pr.UniqueCounts(), (torch.randint(0, 5, (9,)),), ({0: Dim("n")},)
    yield "cond", pr.Cond(), (torch.randn(6, 3), torch.randn(6, 3)), ({0: Dim("n")}, {0: Dim("n")})
    yield "cond_on_data", pr.CondOnData(), (torch.randn(6, 3),), ({0: Dim("n", min=4)},)
    yield "while_loop", pr.WhileLoop(), (torch.randn(5, 3), torch.tensor(3)), ({0: Dim("n")}, None)
    yield "map", pr.MapBody(), (torch.randn(4, 5), torch.randn(5)), ({0: Dim("n"), 1: Dim("m")}, {0: Dim("m")})
    yield "scan", pr.ScanBody(), (torch.randn(2, 6, 3), torch.randn(2, 4)), (
        {0: Dim("b"), 1: Dim("t")},
        {0: Dim("b")},
    )
    yield "grad_region", pr.GradRegion(), (torch.randn(2, 4),), ({0: batch},)
    yield "sym_ops", pr.SymOps(), (torch.randn(6, 3), torch.randn(5)), (
        {0: Dim("n", min=4)},
        {0: Dim("m", min=2)},
    )
    yield "autocast", pr.Autocast(), (torch.randn(4, 6), torch.randn(4, 3), torch.randn(4)), (
        {0: batch},
        None,
        {0: batch},
    )
    dx = Dim("dx", min=2, max=32)
    yield "derived_dims", pr.DerivedDims(), (torch.randn(8, 3), torch.randn(5, 3)), (
        {0: 2 * dx},
        {0: dx + 1},
    )
    yield "pm.swin_t", pm.swin_t(), (torch.randn(2, 3, 224, 224),), ({0: batch},)
    # Height and width dynamic too, multiples of 32 (the network's stride).
    yield "pm.mobilenet_v3_small", pm.mobilenet_v3_small(), (torch.randn(2, 3, 96, 128),), (
        {0: batch, 2: 32 * Dim("h", min=2, max=16), 3: 32 * Dim("w", min=2, max=16)},
    )
    # The same network channels-last: its squeeze-and-excitation blocks'
    # `hardsigmoid` of a pooled `[batch, C, 1, 1]` whose size-1 dims keep
    # channels-last strides (the decomposition's fast binary path lays it
    # out contiguously on symbolic sizes).
    yield "mobilenet_v3_small_cl", pm.mobilenet_v3_small().to(memory_format=torch.channels_last), (
        torch.randn(2, 3, 96, 128).to(memory_format=torch.channels_last),
    ), ({0: batch, 2: 32 * Dim("h", min=2, max=16), 3: 32 * Dim("w", min=2, max=16)},)
    yield "pm.llama", pm.llama(), (torch.randint(0, 1000, (2, 16)),), ({0: batch, 1: seq},)
    yield "pm.mixtral", pm.mixtral(), (torch.randint(0, 1000, (2, 12)),), ({0: batch, 1: Dim("seq", min=2, max=64)},)
    yield "quantized", pm.Quantized(), (torch.randn(2, 3, 10, 12),), ({0: batch, 2: Dim("h", min=4, max=64)},)
    yield "pm.subclass_weights", pm.subclass_weights(), (torch.randn(2, 5, 64),), ({0: batch, 1: seq},)
    yield "pm.torchao_dynamic_int8", pm.torchao_dynamic_int8(), (torch.randn(2, 5, 64),), ({0: batch, 1: seq},)
    yield "pm.torchao_intx_weights", pm.torchao_intx_weights(), (torch.randn(6, 64),), ({0: batch},)
    yield "conv_backends", pr.ConvBackends(), (
        torch.randn(2, 3, 6, 8, 8).to(memory_format=torch.channels_last_3d),
        torch.randn(2, 3, 8, 8).to(memory_format=torch.channels_last),
    ), ({0: batch}, {0: batch})
    yield "conv_backends_cuda", pr.OnFakeDevice(pr.ConvBackends.cuda), None, ({0: batch}, {0: batch})
    yield "same_conv_weights", pf.SameConvWeights(), (
        torch.randn(2, 4, 9, 8),
        torch.randn(5, 4, 4, 3),
        torch.randn(6, 3, 3),
        torch.randn(2, 3, 11),
    ), tuple({i: Dim.AUTO for i in range(n)} for n in (4, 4, 3, 3))
    yield "torchvision_ops", pf.TorchvisionOps(), pf.torchvision_ops_inputs(), (
        {0: Dim.AUTO, 2: Dim.AUTO, 3: Dim.AUTO},
        {0: Dim.AUTO},
        {0: Dim.AUTO},
        {0: Dim.AUTO, 2: Dim.AUTO, 3: Dim.AUTO},
        {0: Dim.AUTO},
    )
    yield "collectives", pf.Collectives(), pf.collectives_inputs(), ({0: Dim.AUTO, 1: Dim.AUTO},)
    yield "asserted_conjunction", pf.AssertedConjunction(), (torch.tensor([3]), torch.randn(6, 4)), (
        {0: Dim.AUTO},
        {0: Dim.AUTO, 1: Dim.AUTO},
    )
    yield "mutating_custom_ops", pf.MutatingCustomOps(), (torch.randn(6, 4), torch.randn(5, 3)), (
        {0: Dim.AUTO, 1: Dim.AUTO},
        {0: Dim.AUTO, 1: Dim.AUTO},
    )
    yield "mutating_custom_op_result", pf.MutatingCustomOpResult(), (torch.randn(6, 4),), (
        {0: Dim.AUTO, 1: Dim.AUTO},
    )
    yield "vmapped", pf.Vmapped(), (
        torch.randn(4, 6, 3),
        torch.randn(6, 3),
        torch.randn(5, 3),
        torch.randint(0, 6, (4, 2)),
    ), ({0: Dim.AUTO, 1: Dim.AUTO}, {0: Dim.AUTO}, None, {0: Dim.AUTO})
    yield "vmap_inner_dim", pf.VmapInnerDim(), (
        torch.randn(6, 4, 3),
        torch.randn(2, 3, 8, 8).to(memory_format=torch.channels_last),
        torch.randn(4, 3, 3, 3),
        torch.randn(6, 5, 3),
    ), ({0: Dim.AUTO, 1: Dim.AUTO}, {0: Dim.AUTO, 2: Dim.AUTO, 3: Dim.AUTO}, None, {0: Dim.AUTO})
    yield "int_inputs", pf.IntInputs(), (torch.randn(8, 3), 5), ({0: Dim.AUTO}, Dim.DYNAMIC)
    yield "hints_and_print", pf.HintsAndPrint(), (torch.randn(5, 4),), ({0: Dim.AUTO, 1: Dim.AUTO},)
    yield "guarded_one_broadcast", pf.GuardedOneBroadcast(), (torch.randn(7, 4, 2).transpose(1, 2),), (
        {0: Dim.AUTO, 1: Dim.AUTO, 2: Dim.AUTO},
    )
    # Last, so their weights take nothing from the random state of the
    # programs above.
    for name in ("param_bias_attention", "param_bias_attention_grad"):
        torch.manual_seed(0)
        yield name, pm.ParamBiasAttention(), (torch.randn(2, 9, 32),), ({0: batch},)


# Programs too big to keep in two sizes: only their dynamic export.
DYNAMIC_ONLY = {"pm.swin_t", "pm.mobilenet_v3_small", "mobilenet_v3_small_cl", "pm.llama"}
# Exported with grad enabled; the others under `torch.no_grad()`.
WITH_GRAD = {"param_bias_attention_grad"}
# Exported, and decomposed to Core ATen, with `backed_size_oblivious` on,
# as the ONNX exporter does both.
SIZE_OBLIVIOUS = {"oblivious_pools", "oblivious_layouts", "oblivious_attention"}


def export(name, module, args, dynamic_shapes) -> None:
    variants = [(name, dynamic_shapes)]
    if name not in DYNAMIC_ONLY:
        variants.append((f"{name}_static", None))
    for variant, dyn in variants:
        try:
            grad = contextlib.nullcontext() if name in WITH_GRAD else torch.no_grad()
            fake = isinstance(module, pr.OnFakeDevice)
            mode = FakeTensorMode() if fake else contextlib.nullcontext()
            with grad, mode, oblivious(name):
                m, a = module.make() if fake else (module, args)
                m.eval()
                ep = torch.export.export(m, a, dynamic_shapes=dyn)
        except Exception as e:  # noqa: BLE001 - report and go on with the others
            print(f"{variant}: export failed: {type(e).__name__}: {str(e).splitlines()[0]}")
            continue
        write(ep, variant)
        with oblivious(name):
            core = ep.run_decompositions()
        write(core, f"{variant}_core")


def oblivious(name):
    """`backed_size_oblivious` on for the programs of `SIZE_OBLIVIOUS`."""
    on = name in SIZE_OBLIVIOUS
    return torch.fx.experimental._config.patch(backed_size_oblivious=on)


def main(names) -> None:
    OUT.mkdir(parents=True, exist_ok=True)
    for name, module, args, dyn in programs():
        if names and name not in names:
            continue
        export(name, module, args, dyn)


if __name__ == "__main__":
    main(sys.argv[1:])
