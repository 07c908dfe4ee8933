//! A program that calls a custom operator (`mylib::scale`, defined with
//! `torch.library` and exported with `scripts/export_custom_op.py`): no
//! rule knows it, so `fake verify` reports the node unsupported. An
//! embedding program registers a kernel for it through the Rust API, an
//! [`ExtendedRegistry`] over the built-in operators, and every node then
//! propagates and matches what PyTorch recorded.
//!
//! Run with `cargo run --example custom_op`.

use fake_runtime::schema::{BaseType, ParamDef, ParamType, ReturnDef};
use fake_runtime::support::args;
use fake_runtime::{Alias, Arg, Cx, ExtendedRegistry, OpDef, Out, Outs, Result, Tags};
use fake_tensor::graph::Graph;
use fake_tensor::prop::Plan;
use fake_tensor::verify::verify;

/// `mylib::scale(Tensor x, float factor) -> Tensor`: its fake kernel is
/// `torch.empty_like(x)`, a new tensor with `x`'s sizes, contiguous.
fn scale(cx: &mut Cx<'_>, a: &[Arg<'_>]) -> Result<Outs> {
    let x = args::tensor(cx, a, 0, "x")?;
    let out = fake_runtime::TensorMeta::contiguous(cx.env, &x.sizes, x.dtype, x.device)?;
    let mut outs = Outs::new();
    outs.push(Out::Tensor(out, Alias::Fresh));
    Ok(outs)
}

/// The schema of `mylib::scale`, as data.
static PARAMS: [ParamDef; 2] = [
    ParamDef::new("x", ParamType::of(BaseType::Tensor)),
    ParamDef::new("factor", ParamType::of(BaseType::Float)),
];
static RETURNS: [ReturnDef; 1] = [ReturnDef::new(ParamType::of(BaseType::Tensor))];

/// The built-in operators plus `mylib::scale`.
pub fn registry() -> Result<ExtendedRegistry> {
    ExtendedRegistry::new(&fake_ops::registry()).with(OpDef {
        name: "mylib::scale",
        schema: "mylib::scale(Tensor x, float factor) -> Tensor",
        params: &PARAMS,
        returns: &RETURNS,
        tags: Tags::default(),
        kernel: scale,
        autograd: fake_runtime::Autograd::Composite,
    })
}

fn main() -> std::result::Result<(), Box<dyn std::error::Error>> {
    let path = concat!(env!("CARGO_MANIFEST_DIR"), "/examples/custom_op.json");
    let program = fake_tensor::export::load(std::path::Path::new(path))?;
    let graph = Graph::from_program(&program)?;
    for (what, registry) in [
        (
            "built-in operators",
            ExtendedRegistry::new(&fake_ops::registry()),
        ),
        ("with mylib::scale registered", registry()?),
    ] {
        let mut p = Plan::new(&graph, &registry).run_checked(&graph, registry.clone())?;
        let report = verify(&graph, &mut p);
        println!(
            "{what}: {} nodes, {} match, {} mismatch, {} unsupported",
            report.total(),
            report.matched(),
            report.mismatched(),
            report.unsupported()
        );
        for (node, _, verdict) in &report.nodes {
            if let fake_tensor::verify::Verdict::Unsupported(why) = verdict {
                println!("  {node}: {why}");
            }
        }
    }
    Ok(())
}
