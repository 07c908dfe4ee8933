"""Write the operator catalogue, `ops/catalog/aten.schemas`: every `aten::`
operator schema of the installed torch, its primitives' (`prims::`, which
Core ATen programs of some decompositions keep), and those of the
operators torch itself defines with `torch.library` (`torch_nn::`,
registered when `torch.nn.modules.linear_cross_entropy` is imported, and
`quantized_decomposed::`, the quantize and dequantize steps of
PT2E-quantized programs, registered by
`torch.ao.quantization.fx._decomposed`) and
those `transformers` defines for its mixture-of-experts layers, which its
models export (`transformers::`, registered when
`transformers.integrations.moe` is imported), and those of `torchao`
(`torchao::`, registered when `torchao.quantization` is imported: the
quantize, dequantize and parameter-choosing steps its quantized models
export), and those of `torchvision` (`torchvision::`, its detection
operators: `nms`, `roi_align`, `deform_conv2d` and their kin), and torch's
functional collectives (`_c10d_functional::`, `_c10d_functional_autograd::`:
what tensor-parallel programs export, given Meta kernels when
`torch.distributed._functional_collectives` is imported), one per line,
exactly as `torch.ops.<namespace>.<op>.<overload>._schema` prints it,
sorted by name; and
`ops/catalog/autocast_cpu.txt`, the overloads among them with a kernel
for the `AutocastCPU` dispatch key (what `torch.autocast("cpu")` casts),
against which `ops/tests/autocast.rs` checks the cast policies of
`ops/src/autocast.rs`.

It is the one place schemas come from: a rule names an overload
(`add.Tensor`) and the `rules!` macro reads its parameters, defaults,
alias annotations and returns here.

Run from the repository root with torch 2.15, transformers and torchao
installed:

    python scripts/export_catalog.py
"""

import torch
import torch.ao.quantization.fx._decomposed  # noqa: F401  (registers the quantized_decomposed:: operators)
import torch.nn.modules.linear_cross_entropy  # noqa: F401  (registers the torch_nn:: operators)
import transformers
import transformers.integrations.moe  # noqa: F401  (registers the transformers:: operators)
import torchvision
import torchvision.ops  # noqa: F401  (registers the torchvision:: operators)
import torch.distributed._functional_collectives  # noqa: F401  (their Meta kernels)

# Namespaces of the operators torch defines itself, transformers' and
# torchvision's.
NAMESPACES = (
    "aten::",
    "prims::",
    "quantized_decomposed::",
    "torch_nn::",
    "_c10d_functional::",
    "_c10d_functional_autograd::",
    "transformers::",
    "torchvision::",
)

HEADER = """\
# Every aten operator schema of torch {version}, its prims::, those
# torch defines with torch.library (torch_nn::, quantized_decomposed::),
# its functional collectives (_c10d_functional::, _c10d_functional_autograd::)
# and those transformers
# {transformers} defines (transformers::) and torchao {torchao}
# defines (torchao::), and torchvision {torchvision} defines
# (torchvision::), one per line, as
# `torch.ops.<namespace>.<op>.<overload>._schema` prints it, sorted by name.
# Written by scripts/export_catalog.py; do not edit by hand.
"""


def has_autocast_cpu_kernel(name: str) -> bool:
    """Whether the dispatcher has an AutocastCPU kernel for overload `name`
    (TorchScript-only operators, such as `aten::Bool.Tensor`, are not in
    the dispatcher at all)."""
    try:
        return torch._C._dispatch_has_kernel_for_dispatch_key(name, "AutocastCPU")
    except RuntimeError:
        return False


def schemas_of(namespaces) -> set:
    """Every registered schema of `namespaces`, as printed."""
    return {str(s) for s in torch._C._jit_get_all_schemas() if str(s).startswith(namespaces)}


def main() -> None:
    found = schemas_of(NAMESPACES)
    # Imported only now: torchao's registration imports torch._inductor,
    # whose own prims:: are not torch's operator surface.
    import torchao
    import torchao.quantization  # noqa: F401  (registers the torchao:: operators)

    found |= schemas_of(("torchao::",))
    schemas = sorted(found, key=lambda s: s.split("(")[0])
    names = [s.split("(")[0] for s in schemas]
    assert len(names) == len(set(names)), "an overload with two schemas"
    version = torch.__version__.split("+")[0]
    with open("ops/catalog/aten.schemas", "w") as f:
        f.write(HEADER.format(version=version, transformers=transformers.__version__,
                             torchao=torchao.__version__,
                             torchvision=torchvision.__version__.split("+")[0]))
        for s in schemas:
            f.write(s + "\n")
    print(f"ops/catalog/aten.schemas: {len(schemas)} schemas")
    autocast = [n for n in names if has_autocast_cpu_kernel(n)]
    with open("ops/catalog/autocast_cpu.txt", "w") as f:
        f.write(
            f"# The aten overloads of torch {version} with an AutocastCPU kernel, sorted.\n"
            "# Written by scripts/export_catalog.py; do not edit by hand.\n"
        )
        for n in autocast:
            f.write(n + "\n")
    print(f"ops/catalog/autocast_cpu.txt: {len(autocast)} overloads")


if __name__ == "__main__":
    main()
