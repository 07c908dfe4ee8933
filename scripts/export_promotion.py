"""Export PyTorch's type promotion as a conformance fixture.

Run by hand with torch 2.15 installed:

    python scripts/export_promotion.py > fake-runtime/tests/fixtures/promotion.json

Records `torch.promote_types` for every ordered pair of dtypes, and
`torch.result_type` for operands of every priority class (dimensioned
tensors, zero-dim tensors, Python numbers) under two default dtypes. A
refusal is recorded as {"error": <first line of PyTorch's message>}.
"""

import itertools
import json

import torch

DTYPES = [
    torch.bool,
    torch.uint8,
    torch.uint16,
    torch.uint32,
    torch.uint64,
    torch.int8,
    torch.int16,
    torch.int32,
    torch.int64,
    torch.float16,
    torch.bfloat16,
    torch.float32,
    torch.float64,
    torch.complex32,
    torch.complex64,
    torch.complex128,
    torch.bcomplex32,
    torch.float8_e5m2,
    torch.float8_e4m3fn,
    torch.float8_e5m2fnuz,
    torch.float8_e4m3fnuz,
    torch.float8_e8m0fnu,
    torch.float4_e2m1fn_x2,
]

# The dtypes result_type is exercised with: the classic thirteen.
CLASSIC = [
    torch.bool,
    torch.uint8,
    torch.int8,
    torch.int16,
    torch.int32,
    torch.int64,
    torch.float16,
    torch.bfloat16,
    torch.float32,
    torch.float64,
    torch.complex32,
    torch.complex64,
    torch.complex128,
    torch.bcomplex32,
]

SCALARS = {"bool": True, "int": 2, "float": 2.5, "complex": 1 + 2j}


def name(dtype):
    return str(dtype).removeprefix("torch.")


def outcome(f):
    try:
        return {"dtype": name(f())}
    except (RuntimeError, TypeError) as e:  # refusals, internal asserts included
        return {"error": str(e).splitlines()[0]}


def operands():
    """Every operand of every priority class, as (description, value)."""
    for d in CLASSIC:
        yield {"tensor": name(d)}, torch.empty(2, dtype=d)
    for d in CLASSIC:
        yield {"zero_dim": name(d)}, torch.empty((), dtype=d)
    for kind, value in SCALARS.items():
        yield {"scalar": kind}, value


def main():
    promote = []
    for a, b in itertools.product(DTYPES, DTYPES):
        promote.append(
            {"a": name(a), "b": name(b), **outcome(lambda: torch.promote_types(a, b))}
        )
    result = []
    ops = list(operands())
    for default in [torch.float32, torch.float64]:
        torch.set_default_dtype(default)
        for (da, a), (db, b) in itertools.product(ops, ops):
            if not isinstance(a, torch.Tensor) and not isinstance(b, torch.Tensor):
                continue  # torch.result_type needs a tensor
            result.append(
                {
                    "default": name(default),
                    "operands": [da, db],
                    **outcome(lambda: torch.result_type(a, b)),
                }
            )
    torch.set_default_dtype(torch.float32)
    out = {
        "torch": torch.__version__.split("+")[0],
        "script": "scripts/export_promotion.py",
        "promote_types": promote,
        "result_type": result,
    }
    print(json.dumps(out, indent=0, sort_keys=True))


if __name__ == "__main__":
    main()
