//! A program calling a custom operator: unsupported with a message naming
//! the way to register a kernel, and fully verified once the example's
//! kernel is registered.

#[allow(dead_code, reason = "the example's main is not run here")]
#[path = "../examples/custom_op.rs"]
mod example;

use fake_tensor::graph::Graph;
use fake_tensor::prop::Plan;
use fake_tensor::verify::{Verdict, verify};

fn report(registry: fake_runtime::ExtendedRegistry) -> fake_tensor::verify::Report {
    let path = concat!(env!("CARGO_MANIFEST_DIR"), "/examples/custom_op.json");
    let program = fake_tensor::export::load(std::path::Path::new(path)).expect("example loads");
    let graph = Graph::from_program(&program).expect("example builds");
    let mut p = Plan::new(&graph, &registry)
        .run_checked(&graph, registry.clone())
        .expect("propagates");
    verify(&graph, &mut p)
}

#[test]
fn an_unregistered_custom_operator_is_unsupported_with_a_pointer_to_the_api() {
    let r = report(fake_runtime::ExtendedRegistry::new(&fake_ops::registry()));
    assert_eq!((r.matched(), r.unsupported(), r.mismatched()), (2, 1, 0));
    let why = r
        .nodes
        .iter()
        .find_map(|(_, _, v)| match v {
            Verdict::Unsupported(why) => Some(why.clone()),
            _ => None,
        })
        .expect("one unsupported node");
    assert!(
        why.contains("mylib::scale") && why.contains("ExtendedRegistry"),
        "{why}"
    );
}

#[test]
fn a_registered_custom_operator_verifies() {
    let r = report(example::registry().expect("registers"));
    assert_eq!((r.matched(), r.unsupported(), r.mismatched()), (3, 0, 0));
}

#[test]
fn registering_a_name_twice_is_an_error() {
    use fake_runtime::Registry;
    let once = example::registry().expect("registers");
    let def = *once.lookup("mylib::scale").expect("registered");
    assert!(once.clone().with(def).is_err());
    assert!(once.replacing(def).lookup("mylib::scale.default").is_some());
}
