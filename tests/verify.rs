//! `fake verify` on the example programs exported from PyTorch: the summary
//! line's format, and no mismatch among the nodes whose operators have
//! rules (whatever the registry holds today). A small registry of
//! hand-written kernels checks the comparison itself: a right kernel
//! matches PyTorch's recorded metadata, a wrong one is reported field by
//! field.

use fake_runtime::kernel::{Alias, Arg, Cx, OpDef, Out, Outs, StaticRegistry, Tags};
use fake_runtime::{DType, Result as RtResult, TensorMeta};
use fake_tensor::graph::Graph;
use fake_tensor::prop::{Plan, Status};
use fake_tensor::verify::{Verdict, verify};
use std::path::PathBuf;
use std::process::Command;

const EXAMPLES: [&str; 4] = ["resnet18", "resnet18_core", "gpt2", "gpt2_core"];

fn example(name: &str) -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR")).join(format!("examples/{name}.json"))
}

fn graph(name: &str) -> Graph {
    let program = fake_tensor::export::load(example(name)).expect("example loads");
    Graph::from_program(&program).expect("example builds")
}

#[test]
fn no_mismatch_among_supported_nodes() {
    for name in EXAMPLES {
        let g = graph(name);
        let registry = fake_ops::registry();
        let mut p = Plan::new(&g, &registry).run(&g, registry).unwrap();
        let report = verify(&g, &mut p);
        assert_eq!(report.total(), g.nodes.len());
        assert_eq!(
            report.matched() + report.mismatched() + report.unsupported(),
            report.total()
        );
        let mismatches: Vec<String> = report.mismatches().map(ToString::to_string).collect();
        let unsupported: Vec<&str> = report
            .nodes
            .iter()
            .filter(|(_, _, v)| matches!(v, Verdict::Unsupported(_)))
            .map(|(_, t, _)| t.as_str())
            .collect();
        eprintln!("{name}: unsupported: {unsupported:?}");
        assert!(mismatches.is_empty(), "{name}:\n{}", mismatches.join("\n"));
    }
}

#[test]
fn summary_line_and_exit_code() {
    let out = Command::new(env!("CARGO_BIN_EXE_fake"))
        .arg("verify")
        .args(EXAMPLES.map(example))
        .output()
        .unwrap();
    let stdout = String::from_utf8(out.stdout).unwrap();
    let last = stdout.lines().last().unwrap();
    let nums: Vec<usize> = last
        .strip_prefix("verify: ")
        .unwrap()
        .split(", ")
        .map(|part| part.split(' ').next().unwrap().parse().unwrap())
        .collect();
    let words: Vec<&str> = last
        .split(", ")
        .map(|part| part.rsplit(' ').next().unwrap())
        .collect();
    assert_eq!(
        words,
        ["nodes", "match", "mismatch", "unsupported"],
        "{last}"
    );
    let [n, m, k, u] = nums[..] else {
        panic!("{last}")
    };
    let nodes: usize = EXAMPLES.iter().map(|e| graph(e).nodes.len()).sum();
    assert_eq!(n, nodes);
    assert_eq!(m + k + u, n);
    assert_eq!(k, 0, "{stdout}");
    let want = if k == 0 && u == 0 { 0 } else { 1 };
    assert_eq!(out.status.code(), Some(want), "{last}");
}

#[test]
fn unreadable_file_exits_2() {
    let out = Command::new(env!("CARGO_BIN_EXE_fake"))
        .args(["verify", "no/such/file.json"])
        .output()
        .unwrap();
    assert_eq!(out.status.code(), Some(2));
    let stderr = String::from_utf8(out.stderr).unwrap();
    assert!(
        stderr.starts_with("error: cannot read no/such/file.json"),
        "{stderr}"
    );
}

/// `relu`: same sizes, contiguous, same dtype.
fn relu(cx: &mut Cx<'_>, args: &[Arg<'_>]) -> RtResult<Outs> {
    let Some(Arg::Tensor(m)) = args.first() else {
        panic!("relu takes a tensor")
    };
    let out = TensorMeta::contiguous(cx.env, &m.sizes, m.dtype, cx.device)?;
    Ok(Outs::from_iter([Out::Tensor(out, Alias::Fresh)]))
}

/// A wrong `relu`: float64 results.
fn relu_f64(cx: &mut Cx<'_>, args: &[Arg<'_>]) -> RtResult<Outs> {
    let Some(Arg::Tensor(m)) = args.first() else {
        panic!("relu takes a tensor")
    };
    let out = TensorMeta::contiguous(cx.env, &m.sizes, DType::Float64, cx.device)?;
    Ok(Outs::from_iter([Out::Tensor(out, Alias::Fresh)]))
}

const RELU: &str = "aten::relu(Tensor self) -> Tensor";

static RIGHT: [OpDef; 1] = [OpDef {
    name: "aten::relu",
    schema: RELU,
    tags: Tags {
        pointwise: true,
        view: false,
        inplace: false,
        factory: false,
        data_dependent: false,
        hand_written: true,
    },
    kernel: relu,
}];

static WRONG: [OpDef; 1] = [OpDef {
    kernel: relu_f64,
    ..RIGHT[0]
}];

#[test]
fn a_right_kernel_matches_and_a_wrong_one_is_reported() {
    let g = graph("resnet18_core");
    let relus = g
        .nodes
        .iter()
        .filter(|n| n.target == "torch.ops.aten.relu.default")
        .count();
    assert!(relus > 10);
    let sym_sizes = g
        .nodes
        .iter()
        .filter(|n| n.target == "torch.ops.aten.sym_size.int")
        .count();

    let right = StaticRegistry(&RIGHT);
    let mut p = Plan::new(&g, &right).run(&g, right).unwrap();
    let report = verify(&g, &mut p);
    assert_eq!(report.matched(), relus + sym_sizes);
    assert_eq!(report.mismatched(), 0);

    let wrong = StaticRegistry(&WRONG);
    let mut p = Plan::new(&g, &wrong).run(&g, wrong).unwrap();
    assert!(p.status.contains(&Status::Ran));
    let report = verify(&g, &mut p);
    assert_eq!(report.mismatched(), relus);
    let first = report.mismatches().next().unwrap();
    assert_eq!(first.field, "relu.dtype");
    assert_eq!(first.ours, "float64");
    assert_eq!(first.theirs, "float32");
    assert_eq!(
        first.to_string(),
        "mismatch: node 'relu', relu.dtype: ours float64, PyTorch float32"
    );
}

#[test]
fn symbolic_sizes_keep_the_file_names() {
    let g = graph("gpt2_core");
    let registry = fake_ops::registry();
    let mut p = Plan::new(&g, &registry).run(&g, registry).unwrap();
    let s70 = p.symbols.get("s70").expect("s70 is an input size");
    let s72 = p.symbols.get("s72").expect("s72 is an input size");
    assert_eq!(p.display(s70), "s70");
    let env = p.mode.env_mut();
    assert_eq!(env.size_hint(s70).unwrap(), Some(17));
    assert_eq!(env.size_hint(s72).unwrap(), Some(3));
    let r = env.value_range(s70).unwrap();
    assert_eq!((r.lo(), r.hi()), (Some(2), Some(128)));
}
