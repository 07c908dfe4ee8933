//! What an embedding (the Python package) uses besides the command line: a
//! program read from bytes, other hints for the input symbols, and the
//! records `fake prop` prints, as data.

use fake_tensor::export::{self, LoadError};
use fake_tensor::graph::Graph;
use fake_tensor::prop::{Plan, PropError, Propagation};
use fake_tensor::report;
use std::collections::BTreeMap;
use std::path::PathBuf;

fn root() -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR"))
}

fn graph(file: &str) -> Graph {
    let program = export::load(root().join(file)).expect("loads");
    Graph::from_program(&program).expect("a graph")
}

fn run(graph: &Graph, hints: &[(&str, i64)]) -> Result<Propagation, PropError> {
    let registry = fake_ops::registry();
    let hints: BTreeMap<String, i64> = hints.iter().map(|(n, v)| (n.to_string(), *v)).collect();
    Plan::new(graph, &registry).run_with_hints(graph, registry, &hints)
}

fn doc(graph: &Graph, p: &mut Propagation) -> serde_json::Value {
    let rows = report::rows(p, graph);
    let (guards, asserts) = report::guards(p);
    let symbols = report::symbols(p);
    report::json(&rows, &symbols, &guards, &asserts)
}

#[test]
fn bytes_read_as_the_file_does() {
    for file in ["tests/fixtures/mlp.pt2", "examples/custom_op.json"] {
        let path = root().join(file);
        let bytes = std::fs::read(&path).expect("readable");
        let from_bytes = export::load_bytes(&bytes, "<bytes>").expect("loads from bytes");
        assert_eq!(from_bytes, export::load(&path).expect("loads"), "{file}");
    }
    let err = export::load_bytes(b"\x00\x01not a program", "<bytes>").expect_err("refused");
    assert!(matches!(err, LoadError::NotRecognised { .. }), "{err}");
    assert!(
        err.to_string().starts_with("<bytes>: not a .pt2 archive"),
        "{err}"
    );
}

#[test]
fn without_hints_a_run_is_the_plain_run() {
    let g = graph("examples/resnet18.json");
    let registry = fake_ops::registry();
    let mut plain = Plan::new(&g, &registry).run(&g, registry).expect("runs");
    let mut hinted = run(&g, &[]).expect("runs");
    assert_eq!(doc(&g, &mut plain), doc(&g, &mut hinted));
}

#[test]
fn a_hint_given_replaces_the_recorded_one() {
    let g = graph("examples/resnet18.json");
    let mut plain = run(&g, &[]).expect("runs");
    let recorded = report::symbols(&mut plain)
        .into_iter()
        .find(|s| s.name == "s77")
        .and_then(|s| s.hint)
        .expect("s77 has a hint");
    // The recorded hint given again changes nothing.
    let mut same = run(&g, &[("s77", recorded)]).expect("runs");
    assert_eq!(doc(&g, &mut plain), doc(&g, &mut same));
    let other = recorded * 4 + 1;
    let mut p = run(&g, &[("s77", other)]).expect("runs");
    let s77 = report::symbols(&mut p)
        .into_iter()
        .find(|s| s.name == "s77")
        .expect("s77 is listed");
    assert_eq!(s77.hint, Some(other));
    // Sizes stay symbolic: a hint is not a specialisation.
    let d = doc(&g, &mut p);
    let x = d["values"]
        .as_array()
        .and_then(|v| v.iter().find(|r| r["node"] == "x"))
        .expect("the input is listed");
    assert_eq!(x["meta"]["sizes"][0], "s77");
}

#[test]
fn a_hint_for_no_input_symbol_is_an_error_naming_them() {
    let g = graph("examples/resnet18.json");
    let err = run(&g, &[("s1", 3)]).expect_err("refused");
    assert!(matches!(err, PropError::UnknownSymbol { .. }), "{err}");
    assert!(err.to_string().contains("`s1`"), "{err}");
    assert!(err.to_string().ends_with("symbols: s77"), "{err}");
}

#[test]
fn a_hint_outside_the_symbols_range_is_an_error() {
    let g = graph("examples/resnet18.json");
    // The program was traced with a batch of 2 or more.
    let err = run(&g, &[("s77", 1)]).expect_err("refused");
    assert!(matches!(err, PropError::Input { .. }), "{err}");
    assert!(err.to_string().contains("hint 1"), "{err}");
}
