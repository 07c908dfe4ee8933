//! The example programs of `examples/` that the tests and benchmarks run
//! (`custom_op.json` calls an operator only its embedding program
//! registers, and has its own test): written by
//! `scripts/export_examples.py`.

/// Their names, each `examples/<name>.json`.
pub const EXAMPLES: [&str; 6] = [
    "resnet18",
    "resnet18_core",
    "gpt2",
    "gpt2_core",
    "mobilenet_hw",
    "mobilenet_hw_core",
];
