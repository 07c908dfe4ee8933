//! `fake mem`: peak memory as a formula of the program's symbols.
//!
//! The programs of `tests/fixtures/mem/` (exported by
//! `scripts/export_mem_cases.py`, so their metadata is PyTorch's) are built
//! so that their peak is known: each test derives the expected bytes from
//! the sizes and the program's construction, and evaluates our formula at
//! several sizes. Then the formula of every fixture and example, evaluated
//! at sizes, is compared with propagating the same program with those
//! sizes static; and the README's output of `fake mem` is the command's.

use fake_runtime::sym::Symbol;
use fake_tensor::graph::{Graph, Recorded};
use fake_tensor::mem::{self, Fit, MemReport, Origin, Point};
use fake_tensor::prop::{Plan, Propagation};
use std::path::{Path, PathBuf};
use std::process::Command;

fn root() -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR"))
}

fn load(path: &Path) -> Graph {
    let program = fake_tensor::export::load(path).expect("the program loads");
    Graph::from_program(&program).expect("the graph builds")
}

fn propagate(graph: &Graph) -> Propagation {
    let registry = fake_ops::registry();
    Plan::new(graph, &registry)
        .run(graph, registry)
        .expect("propagation starts")
}

/// A fixture of `tests/fixtures/mem/`, propagated, with its report.
fn fixture(name: &str) -> (Graph, Propagation, MemReport) {
    let graph = load(&root().join(format!("tests/fixtures/mem/{name}.json")));
    let mut p = propagate(&graph);
    let report = MemReport::new(&graph, &mut p).expect("memory is computed");
    (graph, p, report)
}

/// The symbol whose value is `source` (`x.size()[0]`).
fn symbol_of(p: &Propagation, source: &str) -> Symbol {
    let env = p.mode.env();
    env.symbols()
        .find(|&s| {
            env.symbol_sources(s)
                .iter()
                .any(|x| x.to_string() == source)
        })
        .unwrap_or_else(|| panic!("a symbol is {source}"))
}

/// The peak at `values` (symbols by source).
fn peak_at(p: &mut Propagation, report: &MemReport, values: &[(&str, i64)]) -> i64 {
    let mut point = Point::hints();
    for &(src, v) in values {
        point = point.with(symbol_of(p, src), v);
    }
    let formula = point.eval(p, report.peak).expect("the formula evaluates");
    let (max, _) = report.peak_at(p, &point).expect("every node evaluates");
    assert_eq!(formula, max, "the Max formula is the largest live total");
    formula
}

/// Sizes the fixtures are evaluated at: the range's ends and between.
const SIZES: [i64; 5] = [2, 3, 8, 1000, 4096];

/// One `[n, 128]` float32 activation.
fn unit(n: i64) -> i64 {
    n * 128 * 4
}

/// The names of the nodes that make a storage.
fn allocating_nodes(graph: &Graph, report: &MemReport) -> Vec<String> {
    report
        .storages
        .iter()
        .filter_map(|s| match s.origin {
            Origin::Node { node, .. } => Some(graph.nodes[node].name.clone()),
            Origin::Input(_) => None,
        })
        .collect()
}

#[test]
fn a_chain_of_elementwise_ops_holds_two_activations_besides_its_input() {
    let (graph, mut p, report) = fixture("chain");
    assert_eq!(allocating_nodes(&graph, &report).len(), graph.nodes.len());
    assert_eq!(report.candidates.len(), 1, "one form dominates");
    for n in SIZES {
        // x, then while each step runs: its argument and its result.
        let expected = unit(n) + 2 * unit(n);
        assert_eq!(peak_at(&mut p, &report, &[("x.size()[0]", n)]), expected);
    }
}

#[test]
fn a_residual_branch_keeps_its_storage_alive() {
    let (graph, mut p, report) = fixture("residual");
    let relu = report
        .storages
        .iter()
        .find(|s| matches!(s.origin, Origin::Node { node, .. } if graph.nodes[node].name == "relu"))
        .expect("relu allocates");
    let add = graph
        .nodes
        .iter()
        .position(|n| n.name == "add")
        .expect("the residual add");
    assert_eq!(relu.dies_after(graph.nodes.len()), Some(add));
    for n in SIZES {
        // While `sin(b)` runs: a (kept for the add), b and sin(b); while
        // the add runs: a, sin(b) and the sum. A chain would hold 2.
        let expected = unit(n) + 3 * unit(n);
        assert_eq!(peak_at(&mut p, &report, &[("x.size()[0]", n)]), expected);
    }
}

#[test]
fn in_place_ops_and_views_allocate_nothing() {
    let (graph, mut p, report) = fixture("inplace_views");
    // clone, the float16 copy and its sum: nothing else makes a storage.
    assert_eq!(
        allocating_nodes(&graph, &report),
        ["clone", "to", "sum_1"],
        "add_, view, mul_, t, relu_, slice, div_ allocate nothing"
    );
    for n in SIZES {
        // While the float16 copy is made: x, its float32 copy and the
        // float16 one (2 bytes an element).
        let expected = unit(n) + unit(n) + n * 128 * 2;
        assert_eq!(peak_at(&mut p, &report, &[("x.size()[0]", n)]), expected);
    }
}

#[test]
fn an_output_is_never_freed() {
    let (graph, mut p, report) = fixture("output_kept");
    let sin = report
        .storages
        .iter()
        .find(|s| matches!(s.origin, Origin::Node { node, .. } if graph.nodes[node].name == "sin"))
        .expect("sin allocates");
    assert!(sin.output);
    let last = graph.nodes.len() - 1;
    assert_eq!(sin.last_read, None, "nothing reads it");
    assert_eq!(sin.dies_after(graph.nodes.len()), Some(last));
    for n in SIZES {
        // x, the output a, and the chain's two activations.
        let expected = unit(n) + unit(n) + 2 * unit(n);
        assert_eq!(peak_at(&mut p, &report, &[("x.size()[0]", n)]), expected);
    }
}

#[test]
fn a_zero_size_allocates_zero_bytes() {
    let (graph, mut p, report) = fixture("zero_size");
    for s in &report.storages {
        if let Origin::Node { node, .. } = s.origin
            && matches!(graph.nodes[node].name.as_str(), "new_zeros" | "add")
        {
            assert_eq!(s.bytes, fake_runtime::SymInt::Int(0), "[n, 0, 4]");
        }
    }
    for n in SIZES {
        // x and the output sin(x); the [n, 0, 4] tensors hold nothing.
        let expected = unit(n) + unit(n);
        assert_eq!(peak_at(&mut p, &report, &[("x.size()[0]", n)]), expected);
    }
}

#[test]
fn candidates_that_no_other_bounds_stay_in_the_max() {
    let (_, mut p, report) = fixture("two_branches");
    assert_eq!(report.candidates.len(), 2, "{}", p.display(report.peak));
    assert!(p.display(report.peak).starts_with("Max("));
    for (n, m) in [(2, 2), (2, 4096), (4096, 2), (100, 101), (101, 100)] {
        // x and y throughout; then sin(x) with its 4-byte sum, or cos(y)
        // with both 4-byte sums.
        let inputs = unit(n) + unit(m);
        let expected = inputs + (unit(n) + 4).max(unit(m) + 8);
        let got = peak_at(&mut p, &report, &[("x.size()[0]", n), ("y.size()[0]", m)]);
        assert_eq!(got, expected, "n = {n}, m = {m}");
    }
}

#[test]
fn the_budget_is_solved_per_symbol() {
    let (_, mut p, report) = fixture("chain");
    let s = symbol_of(&p, "x.size()[0]");
    for budget in [100_000, 1 << 20, 3_000_000] {
        let solved = mem::solve_budget(&report, &mut p, &Point::hints(), budget).expect("solved");
        assert_eq!(solved.len(), 1);
        assert_eq!(solved[0].symbol, s);
        // Three activations of n * 512 bytes.
        let n = budget / (3 * unit(1));
        assert_eq!(
            solved[0].fit,
            Fit::UpTo {
                value: n,
                peak: 3 * unit(n),
                above: Some(3 * unit(n + 1)),
            }
        );
    }
    let all = mem::solve_budget(&report, &mut p, &Point::hints(), 1 << 40).expect("solved");
    assert_eq!(
        all[0].fit,
        Fit::Whole {
            highest: 4096,
            peak: 3 * unit(4096)
        }
    );
    let none = mem::solve_budget(&report, &mut p, &Point::hints(), 1000).expect("solved");
    assert_eq!(
        none[0].fit,
        Fit::Never {
            lowest: 2,
            peak: 3 * unit(2)
        }
    );
}

#[test]
fn a_partial_point_leaves_the_other_symbols() {
    let (_, mut p, report) = fixture("two_branches");
    let x = symbol_of(&p, "x.size()[0]");
    let at = Point::hints().with(x, 10);
    let shown = mem::substitute(&mut p, report.peak, &at).expect("substituted");
    let y = mem::symbol_name(&p, symbol_of(&p, "y.size()[0]"));
    // x = 10 rows: x and sin(x) are 5120 bytes each. Inputs 5120 + 512*y,
    // plus sin(x) and a 4-byte sum, or cos(y) and two 4-byte sums.
    assert_eq!(shown, format!("Max(1024*{y} + 5128, 512*{y} + 10244)"));
    let err = Point::new(&p, &[("s0".to_string(), 8)]).expect_err("no symbol s0");
    assert!(
        err.to_string().contains("is not a symbol of the program"),
        "{err}"
    );
}

// ---- the formula against static propagation --------------------------------------

/// `graph` with the named symbols replaced by constants everywhere PyTorch
/// recorded an expression: the same program with those sizes static.
fn specialise(graph: &Graph, values: &[(String, i64)]) -> Graph {
    use fake_tensor::export::schema::SymInt;
    let rewrite = |s: &mut SymInt| {
        let SymInt::Expr(e) = s else { return };
        for (name, v) in values {
            let needle = format!("Symbol('{name}'");
            while let Some(start) = e.expr_str.find(&needle) {
                let end = start
                    + e.expr_str[start..]
                        .find(')')
                        .expect("a symbol's parenthesis closes");
                e.expr_str
                    .replace_range(start..=end, &format!("Integer({v})"));
            }
        }
        if let Some(v) = e
            .expr_str
            .strip_prefix("Integer(")
            .and_then(|r| r.strip_suffix(')'))
            .and_then(|r| r.parse().ok())
        {
            *s = SymInt::Int(v);
        }
    };
    let mut g = graph.clone();
    for v in &mut g.values {
        match &mut v.recorded {
            Recorded::Tensor(m) => {
                m.sizes.iter_mut().for_each(rewrite);
                m.strides.iter_mut().for_each(rewrite);
                rewrite(&mut m.storage_offset);
            }
            Recorded::SymInt(s) => rewrite(s),
            _ => {}
        }
    }
    for (name, _) in values {
        g.ranges.remove(name);
    }
    g
}

/// At each assignment of sizes (by source), the formula's value equals the
/// peak of the program propagated with those sizes static, node by node.
fn formula_matches_static(file: &Path, points: &[&[(&str, i64)]]) {
    let graph = load(file);
    let mut p = propagate(&graph);
    let report = MemReport::new(&graph, &mut p).expect("memory is computed");
    for values in points {
        let mut point = Point::hints();
        let mut names = Vec::new();
        for &(src, v) in *values {
            let s = symbol_of(&p, src);
            point = point.with(s, v);
            names.push((mem::symbol_name(&p, s), v));
        }
        let static_graph = specialise(&graph, &names);
        let mut q = propagate(&static_graph);
        let fixed = MemReport::new(&static_graph, &mut q).expect("memory is computed");
        let at = |p: &mut Propagation, v| point.eval(p, v).expect("evaluates");
        let static_peak = fixed.peak.as_int().unwrap_or_else(|| {
            panic!(
                "{}: static sizes give a static peak, not {}",
                file.display(),
                q.display(fixed.peak)
            )
        });
        assert_eq!(
            at(&mut p, report.peak),
            static_peak,
            "{} at {values:?}",
            file.display()
        );
        for (i, (&l, &f)) in report.live.iter().zip(&fixed.live).enumerate() {
            assert_eq!(
                Some(at(&mut p, l)),
                f.as_int(),
                "{} at {values:?}, node {}",
                file.display(),
                graph.nodes[i].name
            );
        }
    }
}

#[test]
fn the_fixtures_formulas_match_static_propagation() {
    for name in [
        "chain",
        "residual",
        "inplace_views",
        "output_kept",
        "zero_size",
    ] {
        let file = root().join(format!("tests/fixtures/mem/{name}.json"));
        formula_matches_static(
            &file,
            &[
                &[("x.size()[0]", 2)],
                &[("x.size()[0]", 17)],
                &[("x.size()[0]", 4096)],
            ],
        );
    }
    formula_matches_static(
        &root().join("tests/fixtures/mem/two_branches.json"),
        &[
            &[("x.size()[0]", 2), ("y.size()[0]", 3000)],
            &[("x.size()[0]", 3000), ("y.size()[0]", 2)],
        ],
    );
}

#[test]
fn the_examples_formulas_match_static_propagation() {
    for file in ["examples/resnet18.json", "examples/resnet18_core.json"] {
        formula_matches_static(
            &root().join(file),
            &[
                &[("x.size()[0]", 2)],
                &[("x.size()[0]", 7)],
                &[("x.size()[0]", 1024)],
            ],
        );
    }
    for file in ["examples/gpt2.json", "examples/gpt2_core.json"] {
        formula_matches_static(
            &root().join(file),
            &[
                &[("input_ids.size()[0]", 4), ("input_ids.size()[1]", 17)],
                &[("input_ids.size()[0]", 2), ("input_ids.size()[1]", 128)],
                &[("input_ids.size()[0]", 64), ("input_ids.size()[1]", 2)],
            ],
        );
    }
}

// ---- the command line and the README -------------------------------------------

fn fake(args: &[&str]) -> std::process::Output {
    Command::new(env!("CARGO_BIN_EXE_fake"))
        .current_dir(env!("CARGO_MANIFEST_DIR"))
        .args(args)
        .output()
        .expect("fake runs")
}

#[test]
fn the_readme_shows_what_fake_mem_prints() {
    let readme = std::fs::read_to_string(root().join("README.md")).expect("README.md");
    for args in [
        ["mem", "examples/resnet18.json", "--budget", "16GiB"],
        ["mem", "examples/gpt2.json", "--at", "s72=4"],
    ] {
        let o = fake(&args);
        assert!(o.status.success(), "{}", String::from_utf8_lossy(&o.stderr));
        let out = String::from_utf8(o.stdout).expect("utf-8");
        let shown = format!("$ fake {}\n{out}", args.join(" "));
        assert!(
            readme.contains(&shown),
            "README.md should show, verbatim:\n{shown}"
        );
    }
}

#[test]
fn json_lists_every_node_and_the_storages_at_the_peak() {
    let o = fake(&[
        "mem",
        "examples/resnet18.json",
        "--at",
        "s77=8",
        "--format",
        "json",
    ]);
    assert!(o.status.success());
    let doc: serde_json::Value = serde_json::from_slice(&o.stdout).expect("JSON");
    let graph = load(&root().join("examples/resnet18.json"));
    assert_eq!(
        doc["nodes"].as_array().map(Vec::len),
        Some(graph.nodes.len())
    );
    assert_eq!(doc["at"]["given"]["s77"], 8);
    let top = doc["top_storages"].as_array().expect("a list");
    assert!(!top.is_empty());
    assert!(
        top.iter()
            .all(|s| s["node"].is_string() && s["bytes"].is_string())
    );
    assert!(doc["inputs"]["parameters"].is_number());
    assert_eq!(doc["symbols"][0]["source"], "x.size()[0]");
}

#[test]
fn bad_arguments_are_refused_with_the_reason() {
    let o = fake(&["mem", "examples/resnet18.json", "--at", "s0=4"]);
    assert_eq!(o.status.code(), Some(1));
    let err = String::from_utf8_lossy(&o.stderr);
    assert!(
        err.contains("`s0` is not a symbol of the program (its symbols: s77)"),
        "{err}"
    );
    let o = fake(&["mem", "examples/resnet18.json", "--budget", "16 furlongs"]);
    assert_eq!(o.status.code(), Some(2), "clap refuses it");
    let err = String::from_utf8_lossy(&o.stderr);
    assert!(err.contains("is not a unit"), "{err}");
}
