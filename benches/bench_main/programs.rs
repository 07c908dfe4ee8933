//! Whole-program propagation through a replayed plan ([`Runner`]): the
//! example programs and generated ones, each with its dynamic dims
//! symbolic and static (the hints as constants). Set-up (plan, inputs,
//! parameters) happens once, outside the timing, as `fake bench` does.
//!
//! Besides criterion's times, the group prints allocations and bytes per
//! node of one run, counted by the bench's global allocator
//! ([`crate::alloc`]), and a sweep of generated programs from 1,000 to
//! 1,000,000 nodes with the time per node and the memory a run holds, to
//! show both growing linearly.

use crate::alloc;
use crate::examples::EXAMPLES;
use criterion::{Criterion, criterion_group};
use fake_tensor::export::schema::{self, SymExpr, SymExprHint};
use fake_tensor::graph::{
    Arg, Graph, Input, InputKind, Node, NodeOutput, Producer, Range, Recorded, ValueId, ValueInfo,
};
use fake_tensor::prop::{InputSizes, Plan, Propagation, Runner};
use std::collections::BTreeMap;
use std::hint::black_box;
use std::path::Path;
use std::time::Instant;

/// Width of the generated programs' activations.
const WIDTH: i64 = 64;

/// Nodes of one generated block.
const BLOCK: usize = 6;

/// `[batch, WIDTH]` float32 on the CPU, contiguous; the batch a symbol
/// `s0` (hint 8) when `symbolic`.
fn activation(symbolic: bool) -> schema::TensorMeta {
    let batch = if symbolic {
        schema::SymInt::Expr(SymExpr {
            expr_str: "Symbol('s0', positive=True, integer=True)".into(),
            hint: Some(SymExprHint::Int(8)),
        })
    } else {
        schema::SymInt::Int(8)
    };
    meta(vec![batch, schema::SymInt::Int(WIDTH)], vec![WIDTH, 1])
}

fn meta(sizes: Vec<schema::SymInt>, strides: Vec<i64>) -> schema::TensorMeta {
    schema::TensorMeta {
        dtype: schema::scalar_type::FLOAT,
        sizes,
        requires_grad: false,
        device: schema::Device {
            device_type: "cpu".into(),
            index: None,
        },
        strides: strides.into_iter().map(schema::SymInt::Int).collect(),
        storage_offset: schema::SymInt::Int(0),
        layout: schema::layout::STRIDED,
    }
}

/// A generated program of `blocks` residual MLP blocks over `x: [batch,
/// 64]`: `mm`, `add` (bias), `relu`, `mm`, `_softmax`, `add` (residual),
/// with three shared parameters. Every recorded result is `[batch, 64]`,
/// which is what each node gives.
pub fn generated(blocks: usize, symbolic: bool) -> Graph {
    let mut values = Vec::with_capacity(4 + blocks * BLOCK);
    let mut inputs = Vec::new();
    let mut input = |values: &mut Vec<ValueInfo>, name: &str, m, kind| {
        let id = ValueId(values.len() as u32);
        values.push(ValueInfo {
            name: name.into(),
            recorded: Recorded::Tensor(m),
            producer: Producer::Input(inputs.len()),
        });
        inputs.push(Input {
            value: Some(id),
            kind,
        });
        id
    };
    let square = meta(vec![schema::SymInt::Int(WIDTH); 2], vec![WIDTH, 1]);
    let w1 = input(
        &mut values,
        "w1",
        square.clone(),
        InputKind::Parameter("w1".into()),
    );
    let w2 = input(&mut values, "w2", square, InputKind::Parameter("w2".into()));
    let bias = meta(vec![schema::SymInt::Int(WIDTH)], vec![1]);
    let b1 = input(&mut values, "b1", bias, InputKind::Parameter("b1".into()));
    let mut x = input(&mut values, "x", activation(symbolic), InputKind::User);
    let mut nodes = Vec::with_capacity(blocks * BLOCK);
    let mut node = |values: &mut Vec<ValueInfo>, op: &str, args: Vec<(&str, Arg)>| {
        let out = ValueId(values.len() as u32);
        let name = format!("n{}", nodes.len());
        values.push(ValueInfo {
            name: name.clone(),
            recorded: Recorded::Tensor(activation(symbolic)),
            producer: Producer::Node(nodes.len()),
        });
        let target = op.trim_start_matches("aten::");
        nodes.push(Node {
            name,
            target: format!("torch.ops.aten.{target}"),
            op: Some(op.into()),
            args: args.into_iter().map(|(n, a)| (n.to_string(), a)).collect(),
            outputs: vec![NodeOutput::Tensor(out)],
            autocast: None,
            grad_enabled: None,
        });
        out
    };
    for _ in 0..blocks {
        let t = Arg::Tensor;
        let h = node(
            &mut values,
            "aten::mm",
            vec![("self", t(x)), ("mat2", t(w1))],
        );
        let h = node(
            &mut values,
            "aten::add.Tensor",
            vec![("self", t(h)), ("other", t(b1))],
        );
        let h = node(&mut values, "aten::relu", vec![("self", t(h))]);
        let h = node(
            &mut values,
            "aten::mm",
            vec![("self", t(h)), ("mat2", t(w2))],
        );
        let h = node(
            &mut values,
            "aten::_softmax",
            vec![
                ("self", t(h)),
                ("dim", Arg::Int(-1)),
                ("half_to_float", Arg::Bool(false)),
            ],
        );
        x = node(
            &mut values,
            "aten::add.Tensor",
            vec![("self", t(x)), ("other", t(h))],
        );
    }
    let mut ranges = BTreeMap::new();
    if symbolic {
        ranges.insert(
            "s0".to_string(),
            Range {
                min: Some(2),
                max: None,
            },
        );
    }
    Graph {
        values,
        inputs,
        nodes,
        outputs: vec![NodeOutput::Tensor(x)],
        ranges,
        guards_code: Vec::new(),
        functional: true,
    }
}

fn example(name: &str) -> Graph {
    let path = Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("examples")
        .join(format!("{name}.json"));
    let program = fake_tensor::export::load(&path).expect("example loads");
    Graph::from_program(&program).expect("example builds")
}

fn sizes_of(symbolic: bool) -> InputSizes {
    if symbolic {
        InputSizes::Symbolic
    } else {
        InputSizes::Static
    }
}

/// Panics unless every node of `graph` ran its kernel: a benchmark whose
/// nodes fail would time their error paths.
fn all_ran(name: &str, graph: &Graph, p: &Propagation) {
    if let Some(i) = (0..graph.nodes.len()).find(|&i| !p.ran(i)) {
        panic!(
            "{name}: node {i} ({}) did not run: {:?}",
            graph.nodes[i].target, p.status[i]
        );
    }
}

/// Allocations and bytes per node of one run after a warm-up run (which
/// must run every node).
fn allocations_per_node(name: &str, graph: &Graph, symbolic: bool) -> (f64, f64) {
    let registry = fake_ops::registry();
    let plan = Plan::new(graph, &registry);
    let mut runner =
        Runner::new(&plan, graph, registry, &BTreeMap::new(), sizes_of(symbolic)).expect("inputs");
    all_ran(name, graph, runner.run().expect("runs"));
    let before = alloc::snapshot();
    black_box(runner.run().expect("runs"));
    let after = alloc::snapshot();
    let n = graph.nodes.len().max(1) as f64;
    (
        (after.allocations - before.allocations) as f64 / n,
        (after.bytes - before.bytes) as f64 / n,
    )
}

fn programs(c: &mut Criterion) {
    let mut cases: Vec<(String, Graph)> = EXAMPLES
        .iter()
        .map(|n| (n.to_string(), example(n)))
        .collect();
    let mut g = c.benchmark_group("program");
    for symbolic in [false, true] {
        cases.push((
            format!("generated_600_{}", if symbolic { "sym" } else { "static" }),
            generated(100, symbolic),
        ));
    }
    eprintln!("allocations per node of one run (after a warm-up run):");
    for (name, graph) in &cases {
        let sym_only = name.starts_with("generated");
        for symbolic in [false, true] {
            if sym_only && name.ends_with("static") == symbolic {
                continue;
            }
            let kind = if symbolic { "symbolic" } else { "static" };
            let (allocs, bytes) = allocations_per_node(name, graph, symbolic);
            eprintln!("  {name} {kind}: {allocs:.2} allocations, {bytes:.0} bytes per node");
            let registry = fake_ops::registry();
            let plan = Plan::new(graph, &registry);
            let mut runner =
                Runner::new(&plan, graph, registry, &BTreeMap::new(), sizes_of(symbolic))
                    .expect("inputs");
            g.bench_function(format!("{name}/{kind}"), |b| {
                b.iter(|| {
                    black_box(runner.run().expect("runs").status.len());
                })
            });
        }
    }
    g.finish();
}

/// Generated programs of 1,000 to 1,000,000 nodes: set-up and run time per
/// node, and the bytes the runner holds after a run (its tensor table,
/// values and the plan), each printed; linear growth keeps the per-node
/// figures flat.
fn sweep(_: &mut Criterion) {
    eprintln!("sweep of generated programs (static / symbolic batch):");
    eprintln!("  nodes | kind | set-up ns/node | run ns/node | held bytes/node");
    for blocks in [
        1_000 / BLOCK,
        10_000 / BLOCK,
        100_000 / BLOCK,
        1_000_000 / BLOCK,
    ] {
        for symbolic in [false, true] {
            let before = alloc::snapshot();
            let graph = generated(blocks, symbolic);
            let n = graph.nodes.len();
            let start = Instant::now();
            let registry = fake_ops::registry();
            let plan = Plan::new(&graph, &registry);
            let mut runner = Runner::new(
                &plan,
                &graph,
                registry,
                &BTreeMap::new(),
                sizes_of(symbolic),
            )
            .expect("inputs");
            all_ran("generated", &graph, runner.run().expect("runs"));
            let setup = start.elapsed();
            let runs = (2_000_000 / n).clamp(1, 20);
            let start = Instant::now();
            for _ in 0..runs {
                black_box(runner.run().expect("runs").status.len());
            }
            let run = start.elapsed() / runs as u32;
            let held = alloc::snapshot().live.saturating_sub(before.live);
            eprintln!(
                "  {n} | {} | {:.0} | {:.0} | {:.0}",
                if symbolic { "symbolic" } else { "static" },
                setup.as_nanos() as f64 / n as f64,
                run.as_nanos() as f64 / n as f64,
                held as f64 / n as f64,
            );
            drop(runner);
        }
    }
}

criterion_group!(benches, programs, sweep);
