//! FakeTensorMode against PyTorch's: the scenarios `scripts/export_mode_cases.py`
//! recorded from `torch._subclasses.fake_tensor.FakeTensorMode` (memo
//! identity and aliasing, device mixing, real and foreign inputs, in-place
//! metadata and versions, `out=`, unbacked symbols, factories, the dispatch
//! cache's counters) replayed through the mode with small hand-written
//! kernels (`common/kernels.rs`).

use crate::common;

use common::kernels;
use common::replay::{self, Replayed};
use fake_runtime::convert::{HostTensor, SymbolicContext};
use fake_runtime::meta::Scalar;
use fake_runtime::mode::{FakeTensorMode, ModeSettings, Output, RealRef, Value};
use fake_runtime::sym::SymInt;
use fake_runtime::{DType, Device, ErrorKind, ShapeEnv};

const FIXTURE: &str = concat!(
    env!("CARGO_MANIFEST_DIR"),
    "/tests/fixtures/mode_cases.json"
);

fn mode() -> FakeTensorMode {
    FakeTensorMode::new(kernels::registry())
}

#[test]
fn memo_identity_aliasing_and_symbolic_strides_match_pytorch() {
    let f = replay::fixture(FIXTURE);
    for case in f["memo"].as_array().expect("memo") {
        replay::replay_memo(&mut mode(), case).unwrap_or_else(|e| panic!("{e}"));
    }
}

#[test]
fn device_mixing_matches_pytorch() {
    let f = replay::fixture(FIXTURE);
    let cases = f["devices"].as_array().expect("devices");
    assert!(cases.len() >= 10);
    for case in cases {
        replay::replay_device(&mut mode(), case).unwrap_or_else(|e| panic!("{e}"));
    }
}

#[test]
fn operator_sequences_match_pytorch() {
    let f = replay::fixture(FIXTURE);
    for seq in f["sequences"].as_array().expect("sequences") {
        // Sequences about operators' own semantics need the generated
        // kernels (`tests/runtime_mode.rs` replays them).
        if seq["operators"].as_bool() == Some(true) {
            continue;
        }
        let r = replay::replay_sequence(
            &mut FakeTensorMode::with(
                kernels::registry(),
                ShapeEnv::new(),
                replay::settings_for(seq),
            ),
            seq,
        )
        .unwrap_or_else(|e| panic!("{e}"));
        assert_eq!(r, Replayed::Agreed, "{}", seq["name"]);
    }
}

#[test]
fn real_and_foreign_inputs_match_pytorch() {
    let f = replay::fixture(FIXTURE);
    let want = &f["inputs"];
    let one = Value::Scalar(Scalar::Int(SymInt::Int(1)));
    // A real tensor is refused unless allowed.
    let mut m = mode();
    let a = m
        .empty(&[SymInt::Int(2)], DType::Float32, Device::cpu())
        .unwrap();
    let real = HostTensor::zeros(&[2], DType::Float32);
    let err = m
        .dispatch_named(
            "aten::add.Tensor",
            &[Value::Tensor(a), Value::Real(RealRef(&real)), one.clone()],
        )
        .unwrap_err();
    assert_eq!(
        want["real_refused"], true,
        "the fixture says PyTorch refuses"
    );
    assert!(
        matches!(err.kind(), ErrorKind::BadArguments { .. }),
        "{err}"
    );
    // A tensor of another mode is refused.
    let mut other = mode();
    let b = other
        .empty(&[SymInt::Int(2)], DType::Float32, Device::cpu())
        .unwrap();
    let err = m
        .dispatch_named(
            "aten::add.Tensor",
            &[Value::Tensor(a), Value::Tensor(b), one.clone()],
        )
        .unwrap_err();
    assert_eq!(want["foreign_refused"], true);
    assert!(
        matches!(err.kind(), ErrorKind::ForeignTensor { .. }),
        "{err}"
    );
    // Allowed: converted (static sizes, memoised), and the cache bypassed.
    let allowed = &want["allowed"];
    let settings = ModeSettings {
        allow_non_fake_inputs: true,
        ..ModeSettings::default()
    };
    let mut m = FakeTensorMode::with(kernels::registry(), ShapeEnv::new(), settings);
    let sizes: Vec<SymInt> = allowed["sizes"]
        .as_array()
        .unwrap()
        .iter()
        .map(|v| SymInt::Int(v.as_i64().unwrap()))
        .collect();
    let a = m.empty(&sizes, DType::Float32, Device::cpu()).unwrap();
    let host_sizes: Vec<i64> = sizes.iter().map(|s| s.as_int().unwrap()).collect();
    let real = HostTensor::zeros(&host_sizes, DType::Float32);
    let mut names = replay::Names::default();
    for (args, key) in [
        ([Value::Tensor(a), Value::Real(RealRef(&real))], "result"),
        ([Value::Real(RealRef(&real)), Value::Tensor(a)], "result2"),
    ] {
        let out = m
            .dispatch_named(
                "aten::add.Tensor",
                &[args[0].clone(), args[1].clone(), one.clone()],
            )
            .unwrap();
        let Some(Output::Tensor(t)) = out.first() else {
            panic!("{out:?}")
        };
        let meta = m.meta(*t).unwrap();
        let shown: Vec<String> = meta
            .sizes
            .iter()
            .map(|&s| names.expr(&m.env().display(s)))
            .collect();
        assert_eq!(serde_json::json!(shown), allowed[key]["sizes"]);
    }
    let n = m.num_tensors();
    let info = m.cache_info();
    assert_eq!(info.hits, allowed["hits"].as_u64().unwrap());
    assert_eq!(info.misses, allowed["misses"].as_u64().unwrap());
    assert_eq!(
        info.bypasses.get("non-fake tensor").copied(),
        allowed["bypasses"]["non-fake tensor"].as_u64()
    );
    // The real tensor was converted once: a, its fake, and two results.
    assert_eq!(n, 4);
    let again = m.from_real(&real, &SymbolicContext::static_("r")).unwrap();
    assert_eq!(again.index(), 1);
    // Without a source, nothing to guard on.
    assert!(m.env().produce_guards().is_empty());
}
