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
