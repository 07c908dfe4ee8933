"""Export more real programs, each its own way, for a sweep of `fake verify`:
detectors by `torch.export.draft_export` (their data-dependent counts),
causal language models with their key-value caches, a PT2E-quantized
network, and `timm` and `diffusers` models with a dynamic batch, height
and width.

Run by hand from the repository root, in a virtualenv with torch==2.15.0,
torchvision, transformers, torchao, timm and diffusers installed:

    python scripts/sweep_models_more.py [--out DIR] NAME...
    python scripts/sweep_models_more.py --list
    cargo run --release -- verify DIR/*.json

Each NAME writes `DIR/<name>.json` (default IR) and `<name>_core.json`
(its `run_decompositions()`); DIR defaults to `target/model_sweep_more`.
Small configurations, random weights. Nothing here is a test: a program
that shows a difference gets a smaller fixture (`export_programs.py`).

A draft-exported program's `run_decompositions()` runs without the
dispatch cache (its fake mode propagates real tensors), so its Core ATen
form keeps offsets that the same program exported otherwise rebuilds at
0; nothing in the serialized program tells the two apart (README).
"""

import argparse
import os
import pathlib
import sys
import traceback

os.environ.setdefault("OMP_NUM_THREADS", "1")
import torch  # noqa: E402
from torch.export import Dim  # noqa: E402

from export_common import write_program  # noqa: E402

ROOT = pathlib.Path(__file__).resolve().parent.parent
AUTO = Dim.AUTO


class Call(torch.nn.Module):
    """A model called with keyword arguments, returning one field."""

    def __init__(self, m, names, field):
        super().__init__()
        self.m, self.names, self.field = m, names, field

    def forward(self, *args):
        return getattr(self.m(**dict(zip(self.names, args))), self.field)


def detector(name):
    def make():
        import torchvision

        m = getattr(torchvision.models.detection, name)(
            weights=None, weights_backbone=None, min_size=160, max_size=160
        ).eval()
        with torch.no_grad():
            return torch.export.draft_export(m, ([torch.rand(3, 160, 160)],), strict=False)

    return make


LMS = {
    "llama": ("LlamaForCausalLM", "LlamaConfig", {}),
    "qwen2": ("Qwen2ForCausalLM", "Qwen2Config", {}),
    "gemma3": ("Gemma3ForCausalLM", "Gemma3TextConfig", dict(head_dim=16, sliding_window=8)),
}


def causal_lm(name, cache):
    def make():
        import transformers
        from transformers.integrations import executorch as ex

        model, config, extra = LMS[name]
        cfg = getattr(transformers, config)(
            hidden_size=64, num_hidden_layers=2, num_attention_heads=4, num_key_value_heads=2,
            intermediate_size=128, vocab_size=1000, max_position_embeddings=128, **extra,
        )
        m = getattr(transformers, model)(cfg).eval()
        if cache == "dynamic":
            return ex.export_with_dynamic_cache(m, torch.randint(0, 1000, (1, 5)))
        m.generation_config.cache_implementation = "static"
        m.generation_config.cache_config = {"batch_size": 1, "max_cache_len": 32}
        wrapped = ex.TorchExportableModuleForDecoderOnlyLM(m, batch_size=1, max_cache_len=32)
        return wrapped.export(
            input_ids=torch.tensor([[1, 2, 3, 4]]), cache_position=torch.arange(4), strict=False
        )

    return make


def pt2e_mobilenet():
    import torchvision
    from torchao.quantization.pt2e.quantize_pt2e import convert_pt2e, prepare_pt2e
    from torchao.testing.pt2e._xnnpack_quantizer import (
        XNNPACKQuantizer,
        get_symmetric_quantization_config,
    )

    m = torchvision.models.mobilenet_v2(weights=None).eval()
    x = torch.randn(2, 3, 64, 64)
    ds = ({0: Dim("b", min=1, max=64)},)
    ep = torch.export.export(m, (x,), dynamic_shapes=ds)
    prepared = prepare_pt2e(ep.module(), XNNPACKQuantizer().set_global(get_symmetric_quantization_config()))
    prepared(x)
    return torch.export.export(convert_pt2e(prepared), (x,), dynamic_shapes=ds)


def timm_model(name, size=64, **kw):
    def make():
        import timm

        m = timm.create_model(name, pretrained=False, num_classes=10, **kw).eval()
        with torch.no_grad():
            return torch.export.export(
                m, (torch.randn(2, 3, size, size),), dynamic_shapes=({0: AUTO, 2: AUTO, 3: AUTO},)
            )

    return make


def diffusers_model(kind):
    def make():
        import diffusers

        image = {0: AUTO, 2: AUTO, 3: AUTO}
        if kind == "unet":
            m = diffusers.UNet2DConditionModel(
                sample_size=16, in_channels=4, out_channels=4, layers_per_block=1,
                block_out_channels=(32, 64), down_block_types=("CrossAttnDownBlock2D", "DownBlock2D"),
                up_block_types=("UpBlock2D", "CrossAttnUpBlock2D"), cross_attention_dim=32,
                attention_head_dim=8, norm_num_groups=8,
            )
            names = ("sample", "timestep", "encoder_hidden_states")
            args = (torch.randn(2, 4, 16, 16), torch.tensor([10, 20]), torch.randn(2, 7, 32))
            ds = (image, {0: AUTO}, {0: AUTO, 1: AUTO})
        elif kind == "vae":
            m = diffusers.AutoencoderKL(
                in_channels=3, out_channels=3, down_block_types=("DownEncoderBlock2D",) * 2,
                up_block_types=("UpDecoderBlock2D",) * 2, block_out_channels=(16, 32),
                latent_channels=4, norm_num_groups=8, sample_size=32,
            )
            names, args, ds = ("sample",), (torch.randn(2, 3, 32, 32),), (image,)
        elif kind == "sd3":
            m = diffusers.SD3Transformer2DModel(
                sample_size=16, patch_size=2, in_channels=4, num_layers=2, attention_head_dim=8,
                num_attention_heads=4, joint_attention_dim=32, caption_projection_dim=32,
                pooled_projection_dim=16, out_channels=4, pos_embed_max_size=32,
            )
            names = ("hidden_states", "encoder_hidden_states", "pooled_projections", "timestep")
            args = (torch.randn(2, 4, 16, 16), torch.randn(2, 7, 32), torch.randn(2, 16), torch.tensor([10.0, 20.0]))
            ds = (image, {0: AUTO, 1: AUTO}, {0: AUTO}, {0: AUTO})
        else:  # flux
            m = diffusers.FluxTransformer2DModel(
                patch_size=1, in_channels=16, num_layers=1, num_single_layers=1, attention_head_dim=16,
                num_attention_heads=2, joint_attention_dim=32, pooled_projection_dim=16,
                axes_dims_rope=(4, 6, 6),
            )
            names = ("hidden_states", "encoder_hidden_states", "pooled_projections", "timestep", "img_ids", "txt_ids")
            args = (torch.randn(1, 64, 16), torch.randn(1, 7, 32), torch.randn(1, 16), torch.tensor([0.5]),
                    torch.randn(64, 3), torch.randn(7, 3))
            ds = ({1: AUTO}, {1: AUTO}, None, None, {0: AUTO}, {0: AUTO})
        with torch.no_grad():
            # `Call.forward` takes `*args`: its dims are given as one tuple.
            return torch.export.export(Call(m.eval(), names, "sample"), args, dynamic_shapes=(ds,))

    return make


MODELS = {
    **{f"det_{n}": detector(n) for n in (
        "fasterrcnn_mobilenet_v3_large_320_fpn", "keypointrcnn_resnet50_fpn",
        "ssdlite320_mobilenet_v3_large", "ssd300_vgg16",
    )},
    **{f"lm_{n}_{c}": causal_lm(n, c) for n in LMS for c in ("dynamic", "static")},
    "pt2e_mobilenet_v2": pt2e_mobilenet,
    **{f"timm_{n}": timm_model(n) for n in (
        "resnet18d", "efficientnet_b0", "mobilenetv3_small_100", "convnext_atto", "nfnet_l0",
        "rexnet_100", "ghostnet_100", "poolformer_s12", "cspresnet50", "res2net50_14w_8s",
        "resnest14d", "tresnet_m", "hrnet_w18_small", "densenet121", "dla34", "dpn68",
        "xception41", "mixnet_s", "fastvit_t8", "repvit_m0_9", "edgenext_xx_small",
        "mobileone_s0", "hgnetv2_b0",
    )},
    "timm_coat_lite_tiny": timm_model("coat_lite_tiny", size=224),
    **{f"timm_{n}": timm_model(n, dynamic_img_size=True) for n in (
        "vit_tiny_patch16_224", "deit_tiny_patch16_224",
    )},
    **{f"diffusers_{k}": diffusers_model(k) for k in ("unet", "vae", "sd3", "flux")},
}


def main():
    p = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    p.add_argument("--out", type=pathlib.Path, default=ROOT / "target" / "model_sweep_more")
    p.add_argument("--list", action="store_true")
    p.add_argument("names", nargs="*")
    a = p.parse_args()
    if a.list or not a.names:
        print("\n".join(MODELS))
        return
    a.out.mkdir(parents=True, exist_ok=True)
    torch.set_num_threads(1)
    for name in a.names:
        torch.manual_seed(0)
        try:
            ep = MODELS[name]()
            n = write_program(ep, a.out / f"{name}.json")
            # A static-cache program's decomposition is not a GraphModule
            # PyTorch can run again: the default IR only.
            if not name.endswith("_static"):
                write_program(ep.run_decompositions(), a.out / f"{name}_core.json")
            print(f"ok {name}: {n} nodes", flush=True)
        except Exception as e:  # noqa: BLE001 - report and go on
            traceback.print_exc(limit=2)
            print(f"FAILED {name}: {type(e).__name__}: {str(e)[:300]}", flush=True)


if __name__ == "__main__":
    sys.exit(main())
