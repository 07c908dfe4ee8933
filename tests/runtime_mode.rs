//! FakeTensorMode with the generated operator set (`fake_ops::registry()`)
//! against PyTorch: the same recorded scenarios the runtime replays with
//! hand-written kernels (`fake-runtime/tests/mode_conformance.rs`), here
//! through the real kernels. Every operator the scenarios use is
//! registered, and every scenario must agree.

#[path = "../fake-runtime/tests/common/replay.rs"]
mod replay;

use fake_runtime::ShapeEnv;
use fake_runtime::mode::FakeTensorMode;
use replay::Replayed;

const FIXTURE: &str = concat!(
    env!("CARGO_MANIFEST_DIR"),
    "/fake-runtime/tests/fixtures/mode_cases.json"
);

fn mode() -> FakeTensorMode {
    FakeTensorMode::new(fake_ops::registry())
}

#[test]
fn operator_sequences_match_pytorch_with_generated_kernels() {
    let f = replay::fixture(FIXTURE);
    let mut ran = 0;
    for seq in f["sequences"].as_array().expect("sequences") {
        match replay::replay_sequence(
            &mut FakeTensorMode::with(
                fake_ops::registry(),
                ShapeEnv::new(),
                replay::settings_for(seq),
            ),
            seq,
        ) {
            Ok(Replayed::Agreed) => ran += 1,
            Ok(Replayed::Missing(op)) => {
                panic!(
                    "{}: steps before {op} agreed; {op} is not registered",
                    seq["name"]
                );
            }
            Err(e) => panic!("{e}"),
        }
    }
    eprintln!("{ran} sequences replayed through fake_ops::registry()");
}

#[test]
fn device_mixing_matches_pytorch_with_generated_kernels() {
    let f = replay::fixture(FIXTURE);
    for case in f["devices"].as_array().expect("devices") {
        replay::replay_device(&mut mode(), case).unwrap_or_else(|e| panic!("{e}"));
    }
}

#[test]
fn memo_conversions_match_pytorch() {
    let f = replay::fixture(FIXTURE);
    for case in f["memo"].as_array().expect("memo") {
        replay::replay_memo(&mut mode(), case).unwrap_or_else(|e| panic!("{e}"));
    }
}

/// A sparse COO result (`_to_sparse`, run on CPU zeros by PyTorch's fake
/// mode) is not cached (`_validate_output_for_cache_entry`: "sparse
/// output"), and no operator computes on it as if it were strided.
#[test]
fn sparse_results_bypass_the_cache_and_are_refused_as_arguments() {
    use fake_runtime::mode::{Output, Value};
    use fake_runtime::{DType, Device, ErrorKind, Layout, SymInt};
    let mut m = mode();
    m.set_cache(true);
    let x = m
        .empty(
            &[SymInt::Int(2), SymInt::Int(3)],
            DType::Float32,
            Device::cpu(),
        )
        .unwrap();
    let mut sparse = None;
    for _ in 0..2 {
        let out = m
            .dispatch_named("aten::_to_sparse", &[Value::Tensor(x)])
            .unwrap();
        let Some(Output::Tensor(t)) = out.into_iter().next() else {
            panic!("_to_sparse: expected a tensor");
        };
        assert_eq!(m.meta(t).unwrap().layout, Layout::SparseCoo);
        sparse = Some(t);
    }
    let info = m.cache_info();
    assert_eq!(info.hits, 0, "_to_sparse: a sparse result was cached");
    assert_eq!(info.bypasses.get("sparse output"), Some(&2));
    let s = sparse.unwrap();
    let err = m
        .dispatch_named("aten::add.Tensor", &[Value::Tensor(s), Value::Tensor(x)])
        .unwrap_err();
    assert!(
        matches!(err.kind(), ErrorKind::UnsupportedLayout { what, .. } if what == "argument 0"),
        "aten::add.Tensor of a sparse tensor: {err}"
    );
}
