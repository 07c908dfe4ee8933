//! Inputs the fuzz targets of `fuzz/` found crashing, hanging or
//! exhausting memory, each now refused with a typed error (or answered).
//! Each test names the target that found it; the input is written out as
//! the call, line or file it stands for.

use fake_runtime::ErrorKind;
use fake_runtime::limits::MAX_LIST_LEN;
use fake_tensor::call::{self, CallError};
use std::collections::BTreeMap;

/// Run a call written as text.
fn run(text: &str) -> Result<call::Report, CallError> {
    let c = call::parse(text).expect("the call parses");
    call::run(&c, &fake_ops::registry(), &BTreeMap::new())
}

/// The runtime error a call gave.
fn refusal(text: &str) -> ErrorKind {
    match run(text) {
        Err(CallError::Op(e)) => e.into_kind(),
        other => panic!("{text}: {other:?}"),
    }
}

/// `call_structured`: `unbind` of a dim of 3e18 tried to allocate one
/// view per index.
#[test]
fn unbind_of_a_huge_dim_is_refused_not_allocated() {
    match refusal("aten::unbind.int(f32[3074457345618258602])") {
        ErrorKind::ListTooLong { op, len, limit } => {
            assert_eq!(op, "aten::unbind.int");
            assert_eq!(len, 3074457345618258602);
            assert_eq!(limit, MAX_LIST_LEN);
        }
        other => panic!("{other:?}"),
    }
    // The same for split and chunk, whose counts come from the sizes or
    // the arguments.
    for text in [
        "aten::split.Tensor(f32[4000000000], 1)",
        "aten::chunk(f32[0], 1000000000000)",
    ] {
        assert!(
            matches!(refusal(text), ErrorKind::ListTooLong { .. }),
            "{text}"
        );
    }
    // Within the limit, answered.
    let report = run("aten::unbind.int(f32[3, 2])").expect("three views");
    assert_eq!(report.outputs.len(), 1);
}

/// `call_structured`: `gradient` along dim 0 of a zero-dim tensor indexed
/// its (empty) sizes: ATen wraps the dim without allowing a scalar and
/// refuses, for every overload that takes dims.
#[test]
fn gradient_along_a_dim_of_a_zero_dim_tensor_is_refused() {
    for text in [
        "aten::gradient.scalarint(f32[], dim=0)",
        "aten::gradient.scalarint(f32[], dim=-1)",
        "aten::gradient.array(f32[], dim=[0])",
        "aten::gradient.scalarrayint(f32[], spacing=[1.0], dim=0)",
        "aten::gradient.tensorarrayint(f32[], spacing=[f32[1]], dim=0)",
    ] {
        match refusal(text) {
            ErrorKind::InvalidArgument { reason, .. } => assert!(
                reason.contains("but tensor has no dimensions"),
                "{text}: {reason}"
            ),
            other => panic!("{text}: {other:?}"),
        }
    }
    // Without dims, no gradient at all.
    let report = run("aten::gradient.scalarint(f32[])").expect("an empty list");
    assert_eq!(report.outputs.len(), 1);
}

/// `call_structured`: `trapezoid.x` of a zero-dim `y` and a vector `x`
/// indexed `y`'s (empty) sizes; ATen refuses reading them.
#[test]
fn trapezoid_of_a_zero_dim_y_is_refused() {
    for text in [
        "aten::trapezoid.x(f32[], f32[1])",
        "aten::trapz.x(f32[], f32[1])",
        "aten::cumulative_trapezoid.x(f32[], f32[1])",
    ] {
        assert!(
            matches!(refusal(text), ErrorKind::InvalidArgument { .. }),
            "{text}"
        );
    }
}

/// A schema-guided random call sweep: `combinations` with `r` near
/// `i64::MAX` counted its combinations one factor per element of `r`
/// (a hang); ATen meshgrids `r` copies of `self`, a list of `r` tensors.
#[test]
fn combinations_of_a_huge_r_is_refused_not_counted() {
    match refusal("aten::combinations(f32[1], 9223372036854775807)") {
        ErrorKind::ListTooLong { op, len, limit } => {
            assert_eq!(op, "aten::combinations");
            assert_eq!(len, i64::MAX);
            assert_eq!(limit, MAX_LIST_LEN);
        }
        other => panic!("{other:?}"),
    }
}
