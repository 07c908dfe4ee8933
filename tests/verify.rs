//! `fake verify` on the example programs exported from PyTorch: the summary
//! line's format, and no mismatch among the nodes whose operators have
//! rules (whatever the registry holds today). A small registry of
//! hand-written kernels checks the comparison itself: a right kernel
//! matches PyTorch's recorded metadata, a wrong one is reported field by
//! field.

use fake_runtime::kernel::{Alias, Arg, Cx, OpDef, Out, Outs, StaticRegistry, Tags};
use fake_runtime::schema::{BaseType, ParamDef, ParamType, ReturnDef};
use fake_runtime::{DType, Result as RtResult, TensorMeta};
use fake_tensor::graph::Graph;
use fake_tensor::prop::{Plan, Status};
use fake_tensor::verify::{Verdict, verify};
use std::path::PathBuf;
use std::process::Command;

use crate::examples::EXAMPLES;

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
        let mut p = Plan::new(&g, &registry).run_checked(&g, registry).unwrap();
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
        ["nodes", "match", "mismatch", "unsupported", "differences"],
        "{last}"
    );
    let [n, m, k, u, g] = nums[..] else {
        panic!("{last}")
    };
    let nodes: usize = EXAMPLES.iter().map(|e| graph(e).nodes.len()).sum();
    assert_eq!(n, nodes);
    assert_eq!(m + k + u, n);
    assert_eq!(k, 0, "{stdout}");
    assert_eq!(g, 0, "{stdout}");
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
    // No summary of nothing.
    assert!(
        out.stdout.is_empty(),
        "{}",
        String::from_utf8_lossy(&out.stdout)
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
/// `(Tensor self)`.
const SELF: &[ParamDef] = &[ParamDef::new("self", ParamType::of(BaseType::Tensor))];
/// `-> Tensor`.
const TENSOR_RETURN: &[ReturnDef] = &[ReturnDef {
    name: None,
    ty: ParamType::of(BaseType::Tensor),
    alias: None,
}];

static RIGHT: [OpDef; 1] = [OpDef {
    name: "aten::relu",
    schema: RELU,
    params: SELF,
    returns: TENSOR_RETURN,
    tags: Tags {
        pointwise: true,
        view: false,
        inplace: false,
        factory: false,
        data_dependent: false,
        memo: None,
        no_grad: false,
        multi_device: false,
        seeded: false,
        no_meta: false,
        plain: None,
        hand_written: true,
        derived: false,
    },
    kernel: relu,
    autograd: fake_runtime::Autograd::Composite,
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
    let mut p = Plan::new(&g, &right).run_checked(&g, right).unwrap();
    let report = verify(&g, &mut p);
    assert_eq!(report.matched(), relus + sym_sizes);
    assert_eq!(report.mismatched(), 0);

    let wrong = StaticRegistry(&WRONG);
    let mut p = Plan::new(&g, &wrong).run_checked(&g, wrong).unwrap();
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

/// `nonzero`: `[u, rank]` with a fresh size-like unbacked `u`.
fn nonzero(cx: &mut Cx<'_>, args: &[Arg<'_>]) -> RtResult<Outs> {
    let Some(Arg::Tensor(m)) = args.first() else {
        panic!("nonzero takes a tensor")
    };
    let u = cx.env.create_unbacked(true, cx.op);
    let sizes = [u, fake_runtime::SymInt::Int(m.sizes.len() as i64)];
    let out = TensorMeta::contiguous(cx.env, &sizes, DType::Int64, cx.device)?;
    Ok(Outs::from_iter([Out::Tensor(out, Alias::Fresh)]))
}

static DATA_DEPENDENT: [OpDef; 2] = [
    OpDef {
        name: "aten::nonzero",
        schema: "aten::nonzero(Tensor self) -> Tensor",
        params: SELF,
        returns: TENSOR_RETURN,
        tags: Tags {
            pointwise: false,
            view: false,
            inplace: false,
            factory: false,
            data_dependent: true,
            memo: Some(fake_runtime::UnbackedMemo::Nonzero),
            no_grad: false,
            multi_device: false,
            seeded: false,
            no_meta: false,
            plain: None,
            hand_written: true,
            derived: false,
        },
        kernel: nonzero,
        autograd: fake_runtime::Autograd::Composite,
    },
    RIGHT[0],
];

/// A program `relu(nonzero(x))` whose recorded sizes name the unbacked
/// symbols `first` (nonzero) and `second` (relu).
fn unbacked_program(first: &str, second: &str) -> Graph {
    let sym = |name: &str, hint: Option<i64>| {
        let mut e = serde_json::json!({"as_expr": {
            "expr_str": format!("Symbol('{name}', integer=True, nonnegative=True)")}});
        if let Some(h) = hint {
            e["as_expr"]["hint"] = serde_json::json!({"as_int": h});
        }
        e
    };
    let int = |v: i64| serde_json::json!({"as_int": v});
    let meta = |sizes: serde_json::Value, strides: serde_json::Value, dtype: i64| {
        serde_json::json!({"dtype": dtype, "sizes": sizes, "strides": strides,
            "requires_grad": false, "device": {"type": "cpu", "index": null},
            "storage_offset": int(0), "layout": 7})
    };
    let node = |target: &str, name: &str, input: &str| {
        serde_json::json!({"target": target, "name": name, "metadata": {},
            "inputs": [{"name": "self", "arg": {"as_tensor": {"name": input}}, "kind": 1}],
            "outputs": [{"as_tensor": {"name": name}}]})
    };
    let program = serde_json::json!({
        "graph_module": {
            "graph": {
                "inputs": [{"as_tensor": {"name": "x"}}],
                "outputs": [{"as_tensor": {"name": "relu"}}],
                "nodes": [
                    node("torch.ops.aten.nonzero.default", "nonzero", "x"),
                    node("torch.ops.aten.relu.default", "relu", "nonzero"),
                ],
                "tensor_values": {
                    "x": meta(
                        serde_json::json!([sym("s0", Some(5)), int(3)]),
                        serde_json::json!([int(3), int(1)]),
                        7,
                    ),
                    "nonzero": meta(
                        serde_json::json!([sym(first, None), int(2)]),
                        serde_json::json!([int(2), int(1)]),
                        5,
                    ),
                    "relu": meta(
                        serde_json::json!([sym(second, None), int(2)]),
                        serde_json::json!([int(2), int(1)]),
                        5,
                    ),
                },
                "sym_int_values": {},
                "sym_bool_values": {}
            },
            "signature": {
                "input_specs": [{"user_input": {"arg": {"as_tensor": {"name": "x"}}}}],
                "output_specs": [{"user_output": {"arg": {"as_tensor": {"name": "relu"}}}}]
            },
            "module_call_graph": []
        },
        "opset_version": {"aten": 10},
        "range_constraints": {
            "s0": {"min_val": 2, "max_val": 100},
            first: {"min_val": 0, "max_val": null}
        },
        "schema_version": {"major": 8, "minor": 20}
    });
    let text = serde_json::to_vec(&program).expect("serializable");
    let program = fake_tensor::export::parse_program(&text, "unbacked.json").expect("loads");
    Graph::from_program(&program).expect("builds")
}

#[test]
fn unbacked_symbols_match_up_to_renaming() {
    let registry = StaticRegistry(&DATA_DEPENDENT);
    let g = unbacked_program("u7", "u7");
    let mut p = Plan::new(&g, &registry).run_checked(&g, registry).unwrap();
    let report = verify(&g, &mut p);
    assert_eq!(report.matched(), 2, "{:?}", report.nodes);
    let ours = p.symbols.get("u7").expect("u7 is bound to our symbol");
    assert_eq!(p.display(ours), "u7");

    // A different unbacked symbol where the same one is expected.
    let g = unbacked_program("u7", "u8");
    let mut p = Plan::new(&g, &registry).run_checked(&g, registry).unwrap();
    let report = verify(&g, &mut p);
    assert_eq!(report.matched(), 1);
    let m = report.mismatches().next().unwrap();
    assert_eq!((m.field.as_str(), m.ours.as_str()), ("relu.sizes[0]", "u7"));
}

/// A `relu` that (wrongly) guards on its input's first size being 1.
fn relu_guarding(cx: &mut Cx<'_>, args: &[Arg<'_>]) -> RtResult<Outs> {
    let Some(Arg::Tensor(m)) = args.first() else {
        panic!("relu takes a tensor")
    };
    let c = cx.env.eq(m.sizes[0], fake_runtime::SymInt::Int(1))?;
    cx.env.guard_bool(c, cx.op)?;
    relu(cx, args)
}

static GUARDING: [OpDef; 2] = [
    DATA_DEPENDENT[0],
    OpDef {
        kernel: relu_guarding,
        ..RIGHT[0]
    },
];

#[test]
fn data_dependent_errors_name_the_program_symbols_and_their_origin() {
    let registry = StaticRegistry(&GUARDING);
    let g = unbacked_program("u7", "u7");
    let mut p = Plan::new(&g, &registry).run_checked(&g, registry).unwrap();
    let report = verify(&g, &mut p);
    let m = report.mismatches().next().expect("relu fails");
    assert_eq!((m.node.as_str(), m.field.as_str()), ("relu", "error"));
    assert!(
        m.ours.starts_with(
            "could not guard on data-dependent expression Eq(u7, 1) in aten::relu \
             (u7 unbacked, from aten::nonzero)"
        ),
        "{}",
        m.ours
    );
}
