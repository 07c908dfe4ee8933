"""Export real models with torch.export, for a sweep of `fake verify`.

Run by hand from the repository root, in a virtualenv with torch==2.15.0,
torchvision and transformers installed:

    python scripts/sweep_models.py [--out DIR] [--attn eager] [--train] [--grad] [--strict] NAME...
    python scripts/sweep_models.py --list
    cargo run --release -- verify DIR/*.json

For each model (small configurations, random weights: torchvision's
classification, segmentation, video and optical-flow networks, tiny
transformers models, some channels-last or bfloat16) it writes
`DIR/<name>.json` (the dynamic export, default IR), `<name>_core.json`
(its `run_decompositions()`) and `<name>_static.json`, and appends one
JSON line per variant to `DIR/status.jsonl`. The dynamic export takes
the first of the model's dynamic-shape candidates that PyTorch accepts
(batch with height and width or sequence length, then fewer), recording
the ones that failed. Models are exported in eval mode under
`torch.no_grad()` unless `--train` (training mode: dropout, batch
statistics and their running buffers updated) or `--grad` (grad enabled,
which picks other attention kernels) says otherwise; the names then end
in `_train`, `_grad`. `--strict` exports with `strict=True` (TorchDynamo
traces the module's Python; names end in `_strict`). DIR defaults to `target/model_sweep`. Nothing here
is a test: the programs are not committed (they are large); a model that
shows a difference gets a smaller fixture (`export_programs.py`).
"""

import argparse
import json
import os
import pathlib
import time
import traceback

os.environ.setdefault("OMP_NUM_THREADS", "1")
import torch  # noqa: E402
from torch.export import Dim  # noqa: E402

from export_common import write_program  # noqa: E402

torch.set_num_threads(1)

ROOT = pathlib.Path(__file__).resolve().parent.parent
OUT = ROOT / "target" / "model_sweep"
AUTO = Dim.AUTO


def log_status(**kw):
    with open(OUT / "status.jsonl", "a") as f:
        f.write(json.dumps(kw) + "\n")
    print("STATUS", json.dumps(kw), flush=True)


def write(ep, name):
    path = OUT / f"{name}.json"
    n = write_program(ep, path)
    print(f"wrote {path}: {n} nodes, {path.stat().st_size} bytes", flush=True)
    return n


def err(e):
    lines = str(e).strip().splitlines()
    return f"{type(e).__name__}: {lines[0] if lines else ''}"[:300]


# ---- torchvision ---------------------------------------------------------------


def tv_cnn(ctor, size=128, spatial=True, **kw):
    def make():
        import torchvision.models as tvm

        m = getattr(tvm, ctor)(weights=None, **kw) if isinstance(ctor, str) else ctor()
        x = torch.randn(2, 3, size, size)
        b = Dim("batch", min=2)
        cands = []
        if spatial:
            cands.append(("batch+hw_auto", ({0: b, 2: AUTO, 3: AUTO},)))
            cands.append(("batch+hw_dim64", ({0: b, 2: Dim("h", min=64, max=1024), 3: Dim("w", min=64, max=1024)},)))
        cands.append(("batch", ({0: b},)))
        cands.append(("batch_auto", ({0: AUTO},)))
        return m, (x,), {}, cands

    return make


def tv_seg(ctor, size=128, **kw):
    def make():
        import torchvision.models.segmentation as seg

        m = getattr(seg, ctor)(weights=None, weights_backbone=None, **kw)
        x = torch.randn(2, 3, size, size)
        b = Dim("batch", min=2)
        cands = [
            ("batch+hw_auto", ({0: b, 2: AUTO, 3: AUTO},)),
            ("batch", ({0: b},)),
            ("batch_auto", ({0: AUTO},)),
        ]
        return m, (x,), {}, cands

    return make


def small_vit():
    from torchvision.models.vision_transformer import VisionTransformer

    return VisionTransformer(image_size=64, patch_size=16, num_layers=2, num_heads=4, hidden_dim=64, mlp_dim=128)


def tv_video(ctor, frames=8, size=64):
    def make():
        import torchvision.models.video as vid

        m = getattr(vid, ctor)(weights=None)
        x = torch.randn(2, 3, frames, size, size)
        b = Dim("batch", min=2)
        cands = [
            ("batch+thw_auto", ({0: b, 2: AUTO, 3: AUTO, 4: AUTO},)),
            ("batch", ({0: b},)),
            ("batch_auto", ({0: AUTO},)),
        ]
        return m, (x,), {}, cands

    return make


class RaftWrap(torch.nn.Module):
    def __init__(self, m):
        super().__init__()
        self.m = m

    def forward(self, a, b):
        return self.m(a, b, num_flow_updates=2)[-1]


def raft():
    import torchvision.models.optical_flow as of

    m = RaftWrap(of.raft_small(weights=None))
    a, c = torch.randn(2, 3, 128, 128), torch.randn(2, 3, 128, 128)
    b = Dim("batch", min=2)
    cands = [
        ("batch+hw_auto", ({0: b, 2: AUTO, 3: AUTO}, {0: b, 2: AUTO, 3: AUTO})),
        ("batch", ({0: b}, {0: b})),
        ("batch_auto", ({0: AUTO}, {0: AUTO})),
    ]
    return m, (a, c), {}, cands


TV = {
    "resnet50": tv_cnn("resnet50"),
    "resnext50_32x4d": tv_cnn("resnext50_32x4d"),
    "wide_resnet50_2": tv_cnn("wide_resnet50_2"),
    "densenet121": tv_cnn("densenet121"),
    "efficientnet_b0": tv_cnn("efficientnet_b0"),
    "efficientnet_v2_s": tv_cnn("efficientnet_v2_s"),
    "mobilenet_v2": tv_cnn("mobilenet_v2"),
    "mobilenet_v3_large": tv_cnn("mobilenet_v3_large"),
    "shufflenet_v2_x1_0": tv_cnn("shufflenet_v2_x1_0"),
    "squeezenet1_1": tv_cnn("squeezenet1_1"),
    "mnasnet1_0": tv_cnn("mnasnet1_0"),
    "regnet_y_400mf": tv_cnn("regnet_y_400mf"),
    "convnext_tiny": tv_cnn("convnext_tiny"),
    "vit_small": tv_cnn(small_vit, size=64),
    "swin_v2_t": tv_cnn("swin_v2_t"),
    "maxvit_t": tv_cnn("maxvit_t", size=224),
    "googlenet": tv_cnn("googlenet", aux_logits=False, init_weights=False),
    "inception_v3": tv_cnn("inception_v3", size=299, aux_logits=False, init_weights=False),
    "alexnet": tv_cnn("alexnet"),
    "vgg11_bn": tv_cnn("vgg11_bn"),
    "fcn_resnet50": tv_seg("fcn_resnet50", aux_loss=False),
    "deeplabv3_mobilenet_v3_large": tv_seg("deeplabv3_mobilenet_v3_large", aux_loss=False),
    "lraspp_mobilenet_v3_large": tv_seg("lraspp_mobilenet_v3_large"),
    "r3d_18": tv_video("r3d_18"),
    "mc3_18": tv_video("mc3_18"),
    "r2plus1d_18": tv_video("r2plus1d_18"),
    "s3d": tv_video("s3d", frames=16, size=224),
    "swin3d_t": tv_video("swin3d_t"),
    "mvit_v2_s": tv_video("mvit_v2_s", frames=16, size=224),
    "mobilenet_v3_small": tv_cnn("mobilenet_v3_small"),
    "regnet_x_400mf": tv_cnn("regnet_x_400mf"),
    "efficientnet_b3": tv_cnn("efficientnet_b3"),
    "deeplabv3_resnet50": tv_seg("deeplabv3_resnet50", aux_loss=False),
    "raft_small": raft,
}

# ---- transformers --------------------------------------------------------------

COMMON = dict(
    hidden_size=64,
    num_hidden_layers=2,
    num_attention_heads=4,
    intermediate_size=128,
    vocab_size=1000,
    max_position_embeddings=128,
)


def text_cands(keys, seq_keys=None):
    """Dynamic-shape candidates for text kwargs: each key gets batch dim 0
    and (if in seq_keys) a sequence dim 1."""
    seq_keys = keys if seq_keys is None else seq_keys
    b = Dim("batch", min=2)

    def spec(seq):
        return {k: ({0: b, 1: seq} if (k in seq_keys and seq is not None) else {0: b}) for k in keys}

    return [
        ("batch+seq_dim", spec(Dim("seq", min=2, max=64))),
        ("batch+seq_auto", spec(AUTO)),
        ("batch", spec(None)),
        ("batch_auto", {k: {0: AUTO} for k in keys}),
    ]


def hf(model_cls, config_cls, cfg, inputs="ids", seq=12, extra=None):
    def make(attn=None):
        import transformers

        config = getattr(transformers, config_cls)(**cfg)
        if hasattr(config, "use_cache"):
            config.use_cache = False
        cls = getattr(transformers, model_cls)
        if attn is not None:
            m = cls._from_config(config, attn_implementation=attn)
        else:
            m = cls(config)
        g = torch.Generator().manual_seed(0)
        if inputs == "ids":
            kw = {"input_ids": torch.randint(3, 1000, (2, seq), generator=g)}
            if extra == "mask":
                mask = torch.ones(2, seq, dtype=torch.long)
                mask[1, -4:] = 0
                kw["attention_mask"] = mask
            if extra == "decoder":
                kw["decoder_input_ids"] = torch.randint(3, 1000, (2, seq // 2 + 2), generator=g)
                b = Dim("batch", min=2)
                cands = [
                    ("batch+seq_dim", {"input_ids": {0: b, 1: Dim("seq", min=2, max=64)}, "decoder_input_ids": {0: b, 1: Dim("dseq", min=2, max=64)}}),
                    ("batch+seq_auto", {"input_ids": {0: b, 1: AUTO}, "decoder_input_ids": {0: b, 1: AUTO}}),
                    ("batch", {"input_ids": {0: b}, "decoder_input_ids": {0: b}}),
                    ("batch_auto", {"input_ids": {0: AUTO}, "decoder_input_ids": {0: AUTO}}),
                ]
                return m, (), kw, cands
            return m, (), kw, text_cands(list(kw))
        if inputs in ("pixels", "pixels_hw"):
            size = cfg.get("image_size", 64)
            size = size[0] if isinstance(size, (list, tuple)) else size
            kw = {"pixel_values": torch.randn(2, cfg.get("num_channels", 3), size, size, generator=g)}
            b = Dim("batch", min=2)
            cands = [("batch", {"pixel_values": {0: b}}), ("batch_auto", {"pixel_values": {0: AUTO}})]
            if inputs == "pixels_hw":
                cands.insert(0, ("batch+hw_auto", {"pixel_values": {0: b, 2: AUTO, 3: AUTO}}))
            return m, (), kw, cands
        if inputs == "audio":
            kw = {"input_values": torch.randn(2, 1600, generator=g)}
            return m, (), kw, text_cands(["input_values"])
        if inputs == "whisper":
            n = 2 * cfg["max_source_positions"]
            kw = {
                "input_features": torch.randn(2, cfg["num_mel_bins"], n, generator=g),
                "decoder_input_ids": torch.randint(3, 1000, (2, 6), generator=g),
            }
            b = Dim("batch", min=2)
            cands = [
                ("batch+dseq_dim", {"input_features": {0: b}, "decoder_input_ids": {0: b, 1: Dim("dseq", min=2, max=32)}}),
                ("batch+dseq_auto", {"input_features": {0: b}, "decoder_input_ids": {0: b, 1: AUTO}}),
                ("batch", {"input_features": {0: b}, "decoder_input_ids": {0: b}}),
                ("batch_auto", {"input_features": {0: AUTO}, "decoder_input_ids": {0: AUTO}}),
            ]
            return m, (), kw, cands
        raise ValueError(inputs)

    return make


DEC = dict(COMMON, num_key_value_heads=2)
# A speech encoder: a small convolutional feature extractor.
AUDIO = dict(
    COMMON,
    conv_dim=(32, 32, 32),
    conv_stride=(5, 2, 2),
    conv_kernel=(10, 3, 3),
    num_conv_pos_embeddings=16,
    num_conv_pos_embedding_groups=4,
)
# An encoder-decoder of two layers each (BART's configuration names).
ENC_DEC = dict(
    d_model=64,
    encoder_layers=2,
    decoder_layers=2,
    encoder_attention_heads=4,
    decoder_attention_heads=4,
    encoder_ffn_dim=128,
    decoder_ffn_dim=128,
    vocab_size=1000,
    max_position_embeddings=128,
)
HF = {
    "bert": hf("BertModel", "BertConfig", COMMON),
    "roberta": hf("RobertaModel", "RobertaConfig", COMMON),
    "distilbert": hf(
        "DistilBertModel",
        "DistilBertConfig",
        dict(dim=64, n_layers=2, n_heads=4, hidden_dim=128, vocab_size=1000, max_position_embeddings=128),
    ),
    "gpt2": hf("GPT2Model", "GPT2Config", dict(n_embd=64, n_layer=2, n_head=4, vocab_size=1000, n_positions=128)),
    "gpt2_mask": hf(
        "GPT2Model", "GPT2Config", dict(n_embd=64, n_layer=2, n_head=4, vocab_size=1000, n_positions=128), extra="mask"
    ),
    "gpt_neox": hf("GPTNeoXModel", "GPTNeoXConfig", COMMON),
    "opt": hf(
        "OPTModel",
        "OPTConfig",
        dict(
            hidden_size=64,
            num_hidden_layers=2,
            ffn_dim=128,
            num_attention_heads=4,
            vocab_size=1000,
            max_position_embeddings=128,
            word_embed_proj_dim=64,
        ),
    ),
    "bart": hf("BartModel", "BartConfig", ENC_DEC),
    "t5": hf(
        "T5Model",
        "T5Config",
        dict(d_model=64, d_kv=16, d_ff=128, num_layers=2, num_decoder_layers=2, num_heads=4, vocab_size=1000),
        extra="decoder",
    ),
    "mistral": hf("MistralModel", "MistralConfig", dict(DEC, sliding_window=None)),
    "qwen2": hf("Qwen2Model", "Qwen2Config", DEC),
    "phi": hf("PhiModel", "PhiConfig", COMMON),
    "gemma": hf("GemmaModel", "GemmaConfig", dict(DEC, head_dim=16)),
    "hf_vit": hf(
        "ViTModel",
        "ViTConfig",
        dict(image_size=32, patch_size=8, hidden_size=64, num_hidden_layers=2, num_attention_heads=4, intermediate_size=128),
        inputs="pixels",
    ),
    "clip_vision": hf(
        "CLIPVisionModel",
        "CLIPVisionConfig",
        dict(image_size=32, patch_size=8, hidden_size=64, num_hidden_layers=2, num_attention_heads=4, intermediate_size=128),
        inputs="pixels",
    ),
    "whisper": hf(
        "WhisperModel",
        "WhisperConfig",
        dict(
            ENC_DEC,
            num_mel_bins=16,
            max_source_positions=16,
            max_target_positions=32,
            pad_token_id=0,
            bos_token_id=1,
            eos_token_id=2,
            decoder_start_token_id=1,
        ),
        inputs="whisper",
    ),
    "wav2vec2": hf(
        "Wav2Vec2Model",
        "Wav2Vec2Config",
        AUDIO,
        inputs="audio",
    ),
    "mobilebert": hf(
        "MobileBertModel",
        "MobileBertConfig",
        dict(
            COMMON,
            embedding_size=32,
            intra_bottleneck_size=32,
            true_hidden_size=32,
            num_feedforward_networks=2,
        ),
    ),
    "albert": hf("AlbertModel", "AlbertConfig", dict(COMMON, embedding_size=32)),
    "electra": hf("ElectraModel", "ElectraConfig", dict(COMMON, embedding_size=32)),
    "deberta_v2": hf(
        "DebertaV2Model",
        "DebertaV2Config",
        dict(COMMON, relative_attention=True, pos_att_type=["p2c", "c2p"], position_buckets=32, max_relative_positions=-1),
    ),
    "longformer": hf("LongformerModel", "LongformerConfig", dict(COMMON, attention_window=4), seq=16),
    "bloom": hf("BloomModel", "BloomConfig", dict(hidden_size=64, n_layer=2, n_head=4, vocab_size=1000)),
    "falcon": hf(
        "FalconModel",
        "FalconConfig",
        dict(hidden_size=64, num_hidden_layers=2, num_attention_heads=4, vocab_size=1000),
    ),
}

ALL = {**TV, **HF}


def export_one(name, attn=None, modes=None, tag=None, train=False, grad=False, strict=False):
    OUT.mkdir(parents=True, exist_ok=True)
    torch.manual_seed(0)
    tag = tag or (name if attn is None else f"{name}_{attn}")
    tag += "_train" if train else ""
    tag += "_grad" if grad else ""
    tag += "_strict" if strict else ""
    grad_mode = torch.enable_grad if grad else torch.no_grad
    t0 = time.time()
    try:
        if name in HF:
            m, args, kw, cands = HF[name](attn)
        else:
            m, args, kw, cands = TV[name]()
    except Exception as e:  # noqa: BLE001
        traceback.print_exc()
        log_status(name=tag, variant="build", ok=False, error=err(e))
        return
    if modes:
        cands = [c for c in cands if c[0] in modes]
    m.train(train)
    print(f"{tag}: built in {time.time() - t0:.1f}s", flush=True)

    # dynamic variant: first candidate that exports
    tried = []
    ep = None
    for mode, dyn in cands:
        t = time.time()
        try:
            with grad_mode():
                ep = torch.export.export(m, args, kw, dynamic_shapes=dyn, strict=strict)
            print(f"{tag}: dynamic export ({mode}) ok in {time.time() - t:.1f}s", flush=True)
            break
        except Exception as e:  # noqa: BLE001
            tried.append(f"{mode}: {err(e)}")
            print(f"{tag}: dynamic export ({mode}) failed: {err(e)}", flush=True)
    if ep is None:
        log_status(name=tag, variant="dynamic", ok=False, error=" | ".join(tried))
    else:
        try:
            n = write(ep, tag)
            log_status(name=tag, variant="dynamic", ok=True, mode=mode, nodes=n, fallbacks=tried)
        except Exception as e:  # noqa: BLE001
            traceback.print_exc()
            log_status(name=tag, variant="dynamic", ok=False, error="serialize: " + err(e))
        try:
            t = time.time()
            core = ep.run_decompositions()
            n = write(core, f"{tag}_core")
            print(f"{tag}: core in {time.time() - t:.1f}s", flush=True)
            log_status(name=tag, variant="core", ok=True, mode=mode, nodes=n)
        except Exception as e:  # noqa: BLE001
            traceback.print_exc()
            log_status(name=tag, variant="core", ok=False, error=err(e))

    # static variant
    try:
        t = time.time()
        with grad_mode():
            sep = torch.export.export(m, args, kw, strict=strict)
        n = write(sep, f"{tag}_static")
        print(f"{tag}: static in {time.time() - t:.1f}s", flush=True)
        log_status(name=tag, variant="static", ok=True, nodes=n)
    except Exception as e:  # noqa: BLE001
        traceback.print_exc()
        log_status(name=tag, variant="static", ok=False, error=err(e))
    print(f"{tag}: total {time.time() - t0:.1f}s", flush=True)


# ---- extra variants: channels_last inputs/weights, bfloat16 -------------------


def channels_last(make):
    def f(*a):
        m, args, kw, cands = make(*a)
        m = m.to(memory_format=torch.channels_last)
        args = tuple(x.contiguous(memory_format=torch.channels_last) for x in args)
        return m, args, kw, cands

    return f


def bf16(make):
    def f(*a):
        m, args, kw, cands = make(*a)
        m = m.to(torch.bfloat16)
        args = tuple(x.to(torch.bfloat16) if x.is_floating_point() else x for x in args)
        kw = {k: (v.to(torch.bfloat16) if v.is_floating_point() else v) for k, v in kw.items()}
        return m, args, kw, cands

    return f


TV.update(
    resnet50_cl=channels_last(TV["resnet50"]),
    convnext_tiny_cl=channels_last(TV["convnext_tiny"]),
    mobilenet_v3_large_cl=channels_last(TV["mobilenet_v3_large"]),
    resnet50_bf16=bf16(TV["resnet50"]),
    efficientnet_b0_cl=channels_last(TV["efficientnet_b0"]),
    regnet_y_400mf_cl=channels_last(TV["regnet_y_400mf"]),
    mobilenet_v3_large_cl_bf16=bf16(channels_last(TV["mobilenet_v3_large"])),
)
HF.update(
    mistral_bf16=bf16(HF["mistral"]),
    bert_bf16=bf16(HF["bert"]),
    clip_vision_bf16=bf16(HF["clip_vision"]),
)
ALL = {**TV, **HF}


VIS = dict(hidden_size=64, num_hidden_layers=2, num_attention_heads=4, intermediate_size=128, image_size=64, patch_size=16)
SEQ2SEQ = dict(ENC_DEC, pad_token_id=0, decoder_start_token_id=2)
STAGES = dict(image_size=64, hidden_sizes=[16, 32, 64, 128], depths=[1, 1, 1, 1])
GPTLIKE = dict(n_embd=64, n_layer=2, n_head=4, vocab_size=1000, n_positions=128)
HF.update(
    llama=hf("LlamaModel", "LlamaConfig", DEC),
    qwen3=hf("Qwen3Model", "Qwen3Config", dict(DEC, head_dim=16)),
    gemma2=hf("Gemma2Model", "Gemma2Config", dict(DEC, head_dim=16)),
    gemma3_text=hf("Gemma3TextModel", "Gemma3TextConfig", dict(DEC, head_dim=16, sliding_window=8)),
    phi3=hf("Phi3Model", "Phi3Config", dict(DEC, pad_token_id=0)),
    starcoder2=hf("Starcoder2Model", "Starcoder2Config", dict(DEC, sliding_window=None)),
    olmo=hf("OlmoModel", "OlmoConfig", DEC),
    granite=hf("GraniteModel", "GraniteConfig", DEC),
    cohere=hf("CohereModel", "CohereConfig", DEC),
    stablelm=hf("StableLmModel", "StableLmConfig", DEC),
    mixtral=hf("MixtralModel", "MixtralConfig", dict(DEC, num_local_experts=4, num_experts_per_tok=2)),
    qwen2_moe=hf(
        "Qwen2MoeModel",
        "Qwen2MoeConfig",
        dict(DEC, num_experts=4, num_experts_per_tok=2, moe_intermediate_size=32, shared_expert_intermediate_size=64),
    ),
    gptj=hf("GPTJModel", "GPTJConfig", dict(GPTLIKE, rotary_dim=8)),
    codegen=hf("CodeGenModel", "CodeGenConfig", dict(GPTLIKE, n_ctx=128, rotary_dim=8)),
    gpt_bigcode=hf("GPTBigCodeModel", "GPTBigCodeConfig", GPTLIKE),
    gpt_neo=hf(
        "GPTNeoModel",
        "GPTNeoConfig",
        dict(
            hidden_size=64,
            num_layers=2,
            num_heads=4,
            vocab_size=1000,
            max_position_embeddings=128,
            attention_types=[[["global", "local"], 1]],
            window_size=4,
        ),
    ),
    mpt=hf("MptModel", "MptConfig", dict(d_model=64, n_layers=2, n_heads=4, vocab_size=1000, max_seq_len=128)),
    xglm=hf(
        "XGLMModel",
        "XGLMConfig",
        dict(d_model=64, num_layers=2, attention_heads=4, ffn_dim=128, vocab_size=1000, max_position_embeddings=128),
    ),
    xlm_roberta=hf("XLMRobertaModel", "XLMRobertaConfig", COMMON),
    roformer=hf("RoFormerModel", "RoFormerConfig", dict(COMMON, embedding_size=64)),
    esm=hf("EsmModel", "EsmConfig", dict(COMMON, pad_token_id=1, position_embedding_type="rotary")),
    convbert=hf("ConvBertModel", "ConvBertConfig", dict(COMMON, embedding_size=64)),
    squeezebert=hf("SqueezeBertModel", "SqueezeBertConfig", dict(COMMON, embedding_size=64)),
    funnel=hf(
        "FunnelModel",
        "FunnelConfig",
        dict(d_model=64, n_head=4, d_head=16, d_inner=128, block_sizes=[1, 1, 1], vocab_size=1000),
    ),
    nystromformer=hf(
        "NystromformerModel", "NystromformerConfig", dict(COMMON, num_landmarks=16, segment_means_seq_len=16), seq=16
    ),
    clip_text=hf("CLIPTextModel", "CLIPTextConfig", COMMON),
    marian=hf("MarianModel", "MarianConfig", SEQ2SEQ, extra="decoder"),
    pegasus=hf("PegasusModel", "PegasusConfig", SEQ2SEQ, extra="decoder"),
    mbart=hf("MBartModel", "MBartConfig", SEQ2SEQ, extra="decoder"),
    blenderbot=hf("BlenderbotModel", "BlenderbotConfig", SEQ2SEQ, extra="decoder"),
    segformer=hf(
        "SegformerModel",
        "SegformerConfig",
        dict(
            image_size=64,
            num_encoder_blocks=4,
            depths=[1, 1, 1, 1],
            hidden_sizes=[16, 32, 64, 128],
            num_attention_heads=[1, 2, 4, 8],
            decoder_hidden_size=64,
        ),
        inputs="pixels",
    ),
    hf_swin=hf(
        "SwinModel",
        "SwinConfig",
        dict(image_size=64, patch_size=4, embed_dim=16, depths=[1, 1], num_heads=[2, 4], window_size=4),
        inputs="pixels",
    ),
    hf_convnext=hf("ConvNextModel", "ConvNextConfig", STAGES, inputs="pixels"),
    convnextv2=hf("ConvNextV2Model", "ConvNextV2Config", STAGES, inputs="pixels"),
    poolformer=hf("PoolFormerModel", "PoolFormerConfig", STAGES, inputs="pixels"),
    beit=hf("BeitModel", "BeitConfig", dict(VIS, use_relative_position_bias=True), inputs="pixels"),
    deit=hf("DeiTModel", "DeiTConfig", VIS, inputs="pixels"),
    dinov2=hf("Dinov2Model", "Dinov2Config", VIS, inputs="pixels"),
    siglip_vision=hf("SiglipVisionModel", "SiglipVisionConfig", VIS, inputs="pixels"),
    vit_mae=hf("ViTMAEModel", "ViTMAEConfig", VIS, inputs="pixels"),
    mobilevit=hf("MobileViTModel", "MobileViTConfig", dict(image_size=64), inputs="pixels"),
    levit=hf("LevitModel", "LevitConfig", dict(image_size=64), inputs="pixels"),
    hubert=hf("HubertModel", "HubertConfig", AUDIO, inputs="audio"),
    wavlm=hf("WavLMModel", "WavLMConfig", AUDIO, inputs="audio"),
)
ALL = {**TV, **HF}


# Vision models whose height and width may be dynamic (windows padded,
# features interpolated), and a state-space model.
HF.update(
    dpt=hf(
        "DPTForDepthEstimation",
        "DPTConfig",
        dict(VIS, image_size=64, backbone_out_indices=[0, 1], neck_hidden_sizes=[16, 32], fusion_hidden_size=32,
             reassemble_factors=[4, 2]),
        inputs="pixels",
    ),
    swin2sr=hf("Swin2SRModel", "Swin2SRConfig", dict(image_size=32, embed_dim=32, depths=[2, 2], num_heads=[2, 2],
                                                     window_size=4), inputs="pixels_hw"),
    yolos=hf("YolosModel", "YolosConfig", dict(VIS, image_size=[64, 64], num_detection_tokens=5), inputs="pixels"),
    segformer_hw=hf(
        "SegformerForSemanticSegmentation",
        "SegformerConfig",
        dict(num_encoder_blocks=2, depths=[1, 1], sr_ratios=[2, 1], hidden_sizes=[16, 32], num_attention_heads=[1, 2],
             decoder_hidden_size=32, image_size=64),
        inputs="pixels_hw",
    ),
    convnext_hw=hf("ConvNextModel", "ConvNextConfig", dict(STAGES), inputs="pixels_hw"),
    mamba=hf("MambaModel", "MambaConfig", dict(hidden_size=64, num_hidden_layers=2, vocab_size=1000, state_size=8,
                                               expand=2, conv_kernel=4)),
    fnet=hf("FNetModel", "FNetConfig", dict(COMMON, use_tpu_fourier_optimizations=False)),
    xlnet=hf("XLNetModel", "XLNetConfig", dict(d_model=64, n_layer=2, n_head=4, d_inner=128, vocab_size=1000)),
    ctrl=hf("CTRLModel", "CTRLConfig", dict(n_embd=64, n_layer=2, n_head=4, dff=128, vocab_size=1000, n_positions=128)),
    layoutlm=hf("LayoutLMModel", "LayoutLMConfig", COMMON),
    canine=hf("CanineModel", "CanineConfig", dict(COMMON, downsampling_rate=4, num_hash_buckets=64,
                                                  num_hash_functions=2, local_transformer_stride=4), seq=16),
    # Position embeddings interpolated to a dynamic height and width
    # (bicubic, by float scale factors), windows padded to it.
    dinov2_hw=hf("Dinov2Model", "Dinov2Config", VIS, inputs="pixels_hw"),
    swin_hw=hf("SwinModel", "SwinConfig", dict(image_size=64, patch_size=4, embed_dim=16, depths=[1, 1],
                                               num_heads=[1, 2], window_size=4), inputs="pixels_hw"),
    mobilevit_hw=hf("MobileViTModel", "MobileViTConfig", dict(image_size=64), inputs="pixels_hw"),
)


def main(argv=None):
    global OUT
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("names", nargs="*", metavar="NAME")
    parser.add_argument("--list", action="store_true", help="print the model names")
    parser.add_argument("--out", type=pathlib.Path, default=OUT, help="where the programs go")
    parser.add_argument("--attn", help="the transformers attention implementation (eager, sdpa)")
    parser.add_argument("--modes", help="only these dynamic-shape candidates, comma-separated")
    parser.add_argument("--tag", help="the files' name instead of the model's")
    parser.add_argument("--train", action="store_true", help="export in training mode (dropout, batch statistics); names end in _train")
    parser.add_argument("--grad", action="store_true", help="export with grad enabled (not under no_grad); names end in _grad")
    parser.add_argument("--strict", action="store_true",
                        help="export with strict=True (TorchDynamo traces the module); names end in _strict")
    args = parser.parse_args(argv)
    if args.list:
        print("\n".join(ALL))
        return
    OUT = args.out
    OUT.mkdir(parents=True, exist_ok=True)
    modes = args.modes.split(",") if args.modes else None
    for name in args.names:
        export_one(name, args.attn, modes, args.tag, args.train, args.grad, args.strict)


if __name__ == "__main__":
    main()
