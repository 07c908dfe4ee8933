//! The program importer plus propagation: bytes read as `torch.export`
//! saves a program (a `.pt2` zip or bare JSON), built into the graph IR,
//! propagated node by node with every node compared to what was recorded,
//! then verified and reported.
//!
//! Every step returns a value or a typed error; a panic, a hang or a stack
//! overflow is a bug (an operator's refusal is a node's status, not a
//! failure of the run).

#![no_main]

use fake_tensor::export::load_bytes;
use fake_tensor::graph::Graph;
use fake_tensor::prop::Plan;
use libfuzzer_sys::fuzz_target;

fuzz_target!(|data: &[u8]| {
    let Ok(program) = load_bytes(data, "fuzz.pt2") else {
        return;
    };
    let Ok(graph) = Graph::from_program(&program) else {
        return;
    };
    let registry = fake_ops::registry();
    let plan = Plan::new(&graph, &registry);
    let Ok(mut p) = plan.run_checked(&graph, registry) else {
        return;
    };
    let report = fake_tensor::verify::verify(&graph, &mut p);
    let _ = report.matched();
    let rows = fake_tensor::report::rows(&mut p, &graph);
    let (guards, asserts) = fake_tensor::report::guards(&mut p);
    let symbols = fake_tensor::report::symbols(&mut p);
    let _ = fake_tensor::report::json(&rows, &symbols, &guards, &asserts).to_string();
});
