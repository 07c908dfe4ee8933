//! Autograd's kernel above the fake mode, where the operator-case fixtures
//! cannot reach: a fixture's inputs are leaves made afresh, so views of
//! leaves, results of earlier calls and the grad mode are checked here
//! (the refusals' words are PyTorch's, as the fixtures of
//! `op_cases_autograd.py` record them for leaves).

use fake_tensor::runtime::mode::Value;
use fake_tensor::runtime::tensor::TensorId;
use fake_tensor::runtime::{DType, ErrorKind, FakeTensorMode, Scalar};

fn mode() -> FakeTensorMode {
    FakeTensorMode::new(fake_ops::registry())
}

/// A `[2, 3]` leaf that requires grad.
fn leaf(m: &mut FakeTensorMode) -> TensorId {
    crate::front::requiring_grad(m)
}

fn one() -> Value<'static> {
    Value::Scalar(Scalar::Int(1.into()))
}

/// `add_.Tensor(t, t)`: autograd's refusal, if any.
fn add_in_place(m: &mut FakeTensorMode, t: TensorId) -> Option<String> {
    let args = [Value::Tensor(t), Value::Tensor(t)];
    match m.call("aten::add_.Tensor", &args) {
        Ok(_) => None,
        Err(e) => match e.kind() {
            ErrorKind::Autograd { message, .. } => Some(message.clone()),
            other => panic!("not autograd's refusal: {other}"),
        },
    }
}

fn call(m: &mut FakeTensorMode, op: &str, args: &[Value<'_>]) -> TensorId {
    m.call(op, args)
        .unwrap_or_else(|e| panic!("{op}: {e}"))
        .tensor()
        .unwrap_or_else(|e| panic!("{op}: {e}"))
}

#[test]
fn a_view_of_a_leaf_is_not_written_in_place() {
    let mut m = mode();
    let w = leaf(&mut m);
    let v = call(&mut m, "aten::t", &[Value::Tensor(w)]);
    // A view of a view: autograd's `_base` is the leaf.
    let vv = call(&mut m, "aten::alias", &[Value::Tensor(v)]);
    for t in [v, vv] {
        assert_eq!(
            add_in_place(&mut m, t).as_deref(),
            Some(
                "a view of a leaf Variable that requires grad is being used in an in-place operation."
            )
        );
    }
    assert_eq!(
        add_in_place(&mut m, w).as_deref(),
        Some("a leaf Variable that requires grad is being used in an in-place operation.")
    );
}

#[test]
fn a_result_that_requires_grad_is_written_in_place() {
    let mut m = mode();
    let w = leaf(&mut m);
    let y = call(
        &mut m,
        "aten::mul.Tensor",
        &[Value::Tensor(w), Value::Tensor(w)],
    );
    assert_eq!(add_in_place(&mut m, y), None, "not a leaf");
    assert!(m.meta(y).unwrap().requires_grad);
    // A tensor that did not require grad, written with one that does, has
    // a history from then on: no leaf, so it may be written again.
    let x = m.input([2.into(), 3.into()], DType::Float32).unwrap();
    let args = [Value::Tensor(x), Value::Tensor(w)];
    m.call("aten::add_.Tensor", &args)
        .expect("a leaf without grad written");
    assert!(m.meta(x).unwrap().requires_grad);
    assert_eq!(add_in_place(&mut m, x), None, "written again");
}

#[test]
fn without_grad_autograd_checks_nothing() {
    use fake_tensor::runtime::Registry;
    let mut m = mode();
    let w = leaf(&mut m);
    m.set_grad_enabled(false);
    assert_eq!(
        add_in_place(&mut m, w),
        None,
        "a leaf written under no_grad"
    );
    let out = m.input([2.into(), 3.into()], DType::Float32).unwrap();
    let registry = fake_ops::registry();
    let add_out = registry.lookup("aten::add.out").expect("add.out");
    let args = [
        Value::Tensor(w),
        Value::Tensor(w),
        one(),
        Value::Tensor(out),
    ];
    m.dispatch(add_out, &args).expect("out= under no_grad");
    // `resize_` refuses a tensor that requires grad in any grad mode.
    let sizes = Value::Ints(&[6.into()]);
    let e = m
        .call("aten::resize_", &[Value::Tensor(w), sizes])
        .unwrap_err();
    assert!(
        e.to_string()
            .contains("cannot resize variables that require grad"),
        "{e}"
    );
}

#[test]
fn a_recorded_call_is_checked_again_when_replayed() {
    use fake_tensor::runtime::Registry;
    use fake_tensor::runtime::mode::Recording;
    let mut m = mode();
    let registry = fake_ops::registry();
    let add = registry.lookup("aten::add_.Tensor").expect("add_");
    let mut rec = Recording::default();
    // Recorded on a result that requires grad (not a leaf) ...
    let w = leaf(&mut m);
    let y = call(
        &mut m,
        "aten::mul.Tensor",
        &[Value::Tensor(w), Value::Tensor(w)],
    );
    let args = [Value::Tensor(y), Value::Tensor(y), one()];
    m.dispatch_recorded(add, &args, &mut rec).expect("recorded");
    // ... then given a leaf of the same metadata: autograd refuses it.
    let w2 = leaf(&mut m);
    let args = [Value::Tensor(w2), Value::Tensor(w2), one()];
    let e = m.dispatch_recorded(add, &args, &mut rec).unwrap_err();
    assert!(e.to_string().contains("a leaf Variable"), "{e}");
    assert_eq!(rec.replayed(), 1);
}
