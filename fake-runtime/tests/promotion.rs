//! Type promotion against PyTorch: `torch.promote_types` for every ordered
//! pair of dtypes and `torch.result_type` for operands of every priority
//! class, as exported by `scripts/export_promotion.py`.

use fake_runtime::promotion::{Operand, ScalarKind, promote_types, result_type};
use fake_runtime::{DType, Result};
use serde_json::Value;

fn fixture() -> Value {
    let path = concat!(env!("CARGO_MANIFEST_DIR"), "/tests/fixtures/promotion.json");
    let text = std::fs::read_to_string(path).expect("fixture exists");
    serde_json::from_str(&text).expect("fixture is JSON")
}

fn dtype(v: &Value) -> DType {
    v.as_str()
        .expect("dtype name")
        .parse()
        .expect("known dtype")
}

fn operand(v: &Value) -> Operand {
    if let Some(d) = v.get("tensor") {
        Operand::Tensor(dtype(d))
    } else if let Some(d) = v.get("zero_dim") {
        Operand::ZeroDim(dtype(d))
    } else {
        Operand::Scalar(match v["scalar"].as_str().expect("scalar kind") {
            "bool" => ScalarKind::Bool,
            "int" => ScalarKind::Int,
            "float" => ScalarKind::Float,
            "complex" => ScalarKind::Complex,
            other => panic!("unknown scalar kind {other}"),
        })
    }
}

/// Compares one answer with PyTorch's; returns a line describing a
/// difference.
fn compare(case: &Value, ours: Result<DType>) -> Option<String> {
    match (ours, case.get("dtype")) {
        (Ok(d), Some(want)) if d == dtype(want) => None,
        (Err(_), None) => None,
        (ours, _) => Some(format!("{case}: ours {ours:?}")),
    }
}

#[test]
fn promote_types_matches_pytorch_for_every_pair() {
    let fx = fixture();
    let cases = fx["promote_types"].as_array().expect("cases");
    assert_eq!(
        cases.len(),
        DType::ALL.len() * DType::ALL.len(),
        "every ordered pair is in the fixture"
    );
    let wrong: Vec<String> = cases
        .iter()
        .filter_map(|c| compare(c, promote_types(dtype(&c["a"]), dtype(&c["b"]))))
        .collect();
    assert!(
        wrong.is_empty(),
        "{} of {} differ:\n{}",
        wrong.len(),
        cases.len(),
        wrong.join("\n")
    );
}

#[test]
fn result_type_matches_pytorch_for_every_priority_class() {
    let fx = fixture();
    let cases = fx["result_type"].as_array().expect("cases");
    assert!(cases.len() > 1000, "the fixture covers every class pairing");
    let wrong: Vec<String> = cases
        .iter()
        .filter_map(|c| {
            let ops: Vec<Operand> = c["operands"]
                .as_array()
                .expect("operands")
                .iter()
                .map(operand)
                .collect();
            compare(c, result_type(&ops, dtype(&c["default"])))
        })
        .collect();
    assert!(
        wrong.is_empty(),
        "{} of {} differ:\n{}",
        wrong.len(),
        cases.len(),
        wrong.join("\n")
    );
}

#[test]
fn refused_promotions_name_both_dtypes() {
    let err = promote_types(DType::Float8E4M3Fn, DType::Float32).unwrap_err();
    let text = err.to_string();
    assert!(
        text.contains("float8_e4m3fn") && text.contains("float32"),
        "{text}"
    );
}

#[test]
fn dtype_names_round_trip() {
    for d in DType::ALL {
        assert_eq!(d.name().parse::<DType>().unwrap(), d);
        assert_eq!(format!("torch.{d}").parse::<DType>().unwrap(), d);
    }
    assert!("float33".parse::<DType>().is_err());
}
