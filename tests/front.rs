//! The front-door API: named symbolic inputs, calls by operator name with
//! the overload resolved from the arguments, errors that list the
//! overloads, typed accessors.

use fake_tensor::runtime::mode::Value;
use fake_tensor::runtime::{DType, Dim, ErrorKind, FakeTensorMode};

fn mode() -> FakeTensorMode {
    FakeTensorMode::new(fake_ops::registry())
}

#[test]
fn a_name_is_one_symbol_across_inputs() {
    let mut m = mode();
    let x = m
        .input([Dim::dynamic("batch", 8), 3.into()], DType::Float32)
        .unwrap();
    let y = m.input([Dim::dynamic("batch", 8)], DType::Int64).unwrap();
    assert_eq!(m.sizes(x).unwrap().values[0], m.sizes(y).unwrap().values[0]);
    assert!(m.sizes(x).unwrap().to_string().starts_with("[batch, "));
    let err = m
        .input([Dim::dynamic("batch", 4)], DType::Float32)
        .unwrap_err();
    assert!(err.to_string().contains("hint 4 after hint 8"), "{err}");
}

#[test]
fn the_overload_is_resolved_from_the_arguments() {
    let mut m = mode();
    let x = m.input([2.into(), 3.into()], DType::Float32).unwrap();
    // A tensor `other` picks add.Tensor, a number add.Scalar: both give a
    // tensor of `x`'s sizes.
    for other in [Value::Tensor(x), Value::Float(2.5)] {
        let out = m
            .call("aten::add", &[Value::Tensor(x), other])
            .unwrap()
            .tensor()
            .unwrap();
        assert_eq!(m.sizes(out).unwrap().values, m.sizes(x).unwrap().values);
    }
    // An overload named in full is called as named.
    assert!(
        m.call("aten::add.Tensor", &[Value::Tensor(x), Value::Tensor(x)])
            .is_ok()
    );
}

#[test]
fn a_bare_name_with_a_default_overload_tries_the_others_too() {
    let mut m = mode();
    let x = m.input([2.into(), 3.into()], DType::Float32).unwrap();
    // `aten::sum` is also the default overload's name; a dim list picks
    // sum.dim_IntList, as torch.ops.aten.sum(x, [1]) does.
    let out = m
        .call("aten::sum", &[Value::Tensor(x), Value::Ints(&[1.into()])])
        .unwrap()
        .tensor()
        .unwrap();
    assert_eq!(m.sizes(out).unwrap().to_string(), "[2]");
    let all = m
        .call("aten::sum", &[Value::Tensor(x)])
        .unwrap()
        .tensor()
        .unwrap();
    assert_eq!(m.sizes(all).unwrap().to_string(), "[]");
}

#[test]
fn no_fitting_overload_lists_them_all() {
    let mut m = mode();
    let x = m.input([2.into()], DType::Float32).unwrap();
    let err = m
        .call("aten::add", &[Value::Tensor(x), Value::Str("x")])
        .unwrap_err();
    let ErrorKind::NoOverload { candidates, .. } = err.kind() else {
        panic!("{err}")
    };
    for overload in ["aten::add.Tensor(", "aten::add.Scalar(", "aten::add.out("] {
        assert!(candidates.contains(overload), "{candidates}");
    }
    let err = m.call("aten::no_such_op", &[Value::Tensor(x)]).unwrap_err();
    assert!(matches!(err.kind(), ErrorKind::UnknownOp { .. }), "{err}");
}

#[test]
fn accessors_say_what_a_result_is_not() {
    let mut m = mode();
    let x = m.input([6.into(), 2.into()], DType::Float32).unwrap();
    let pieces = m
        .call("aten::split", &[Value::Tensor(x), Value::Int(2.into())])
        .unwrap();
    assert_eq!(pieces.tensors().unwrap().len(), 3);
    assert!(pieces.tensor().is_err());
    assert!(pieces.int().is_err());
}

#[test]
fn a_checkpoint_puts_back_tensors_writes_and_guards() {
    let mut m = mode();
    let x = m
        .input([Dim::dynamic("batch", 8), 4.into()], DType::Float32)
        .unwrap();
    let y = m.input([4.into(), 4.into()], DType::Float32).unwrap();
    let saved = m.checkpoint();
    let replay = |m: &mut FakeTensorMode| {
        // A guard (`batch` against 8), a view and writes through it to
        // `x`'s storage, and a new tensor.
        let v = m
            .call(
                "aten::view",
                &[Value::Tensor(x), Value::Ints(&[(-1).into()])],
            )
            .unwrap()
            .tensor()
            .unwrap();
        m.call("aten::relu_", &[Value::Tensor(v)]).unwrap();
        m.call(
            "aten::narrow",
            &[
                Value::Tensor(x),
                Value::Int(0.into()),
                Value::Int(0.into()),
                Value::Int(8.into()),
            ],
        )
        .unwrap();
        m.call("aten::add_", &[Value::Tensor(y), Value::Tensor(y)])
            .unwrap();
        let z = m
            .call("aten::mm", &[Value::Tensor(x), Value::Tensor(y)])
            .unwrap()
            .tensor()
            .unwrap();
        (
            m.version(x).unwrap(),
            m.version(y).unwrap(),
            m.num_tensors(),
            m.env().format_guards(),
            m.sizes(z).unwrap().to_string(),
        )
    };
    let first = replay(&mut m);
    assert_eq!((first.0, first.1), (1, 1), "both storages written once");
    assert!(!first.3.is_empty(), "narrow to 8 guards on batch");
    m.restore(&saved).unwrap();
    assert_eq!((m.version(x).unwrap(), m.version(y).unwrap()), (0, 0));
    assert_eq!(m.num_tensors(), saved.num_tensors());
    assert!(m.env().format_guards().is_empty(), "the guard is gone");
    // A replay gives what the first run gave.
    assert_eq!(replay(&mut m), first);
    // A checkpoint of another mode is refused.
    let mut other = mode();
    assert!(other.restore(&saved).is_err());
}

#[test]
fn a_restore_keeps_the_expressions_a_replay_asks_for_again() {
    let mut m = mode();
    let x = m
        .input(
            [Dim::dynamic("batch", 8), Dim::dynamic("seq", 5), 4.into()],
            DType::Float32,
        )
        .unwrap();
    let saved = m.checkpoint();
    let interned = m.env().arena().len();
    let replay = |m: &mut FakeTensorMode| {
        let flat = m
            .call(
                "aten::view",
                &[Value::Tensor(x), Value::Ints(&[(-1).into(), 4.into()])],
            )
            .unwrap()
            .tensor()
            .unwrap();
        (m.sizes(flat).unwrap().to_string(), m.env().format_guards())
    };
    let first = replay(&mut m);
    assert_eq!(first.0, "[batch*seq, 4]");
    m.restore(&saved).unwrap();
    // No symbol made and no range changed: the expressions stay interned.
    assert!(m.env().arena().len() > interned);
    assert_eq!(replay(&mut m), first);
    m.restore(&saved).unwrap();
    assert_eq!(replay(&mut m), first);
}

#[test]
fn a_recorded_call_answers_a_repeat_on_tensors_alike() {
    use fake_tensor::runtime::mode::{Output, Recording};
    use fake_tensor::runtime::{Registry, Scalar};
    let mut m = mode();
    let registry = fake_ops::registry();
    let add = registry.lookup("aten::add.Tensor").expect("add");
    let relu_ = registry.lookup("aten::relu_").expect("relu_");
    let a = m.input([2.into(), 3.into()], DType::Float32).unwrap();
    let b = m.input([3.into()], DType::Float32).unwrap();
    let c = m.input([2.into(), 3.into()], DType::Float32).unwrap();
    let wide = m.input([4.into(), 3.into()], DType::Float32).unwrap();
    let one = Value::Scalar(Scalar::Int(1.into()));
    let tensor = |out: &[Output]| match out {
        [Output::Tensor(t)] => *t,
        other => panic!("one tensor, got {other:?}"),
    };

    let mut rec = Recording::default();
    let args = [Value::Tensor(a), Value::Tensor(b), one.clone()];
    let first = tensor(&m.dispatch_recorded(add, &args, &mut rec).unwrap());
    assert!(rec.is_recorded());
    // The same metadata, other tensors: the recorded result, on a new
    // storage.
    let args = [Value::Tensor(c), Value::Tensor(b), one.clone()];
    assert!(m.replays(&rec, &args));
    let again = tensor(&m.dispatch_recorded(add, &args, &mut rec).unwrap());
    assert_ne!(first, again);
    assert_eq!(m.meta(first).unwrap(), m.meta(again).unwrap());
    assert_ne!(
        m.tensor(first).unwrap().storage,
        m.tensor(again).unwrap().storage
    );
    // Other sizes, another alpha (1.0 promotes as a float): no replay.
    assert!(!m.replays(&rec, &[Value::Tensor(wide), Value::Tensor(b), one.clone()]));
    let float_one = Value::Scalar(Scalar::Float(1.0.into()));
    assert!(!m.replays(&rec, &[Value::Tensor(c), Value::Tensor(b), float_one]));

    // In place: the replay writes the argument, as the kernel does.
    let mut rec = Recording::default();
    m.dispatch_recorded(relu_, &[Value::Tensor(a)], &mut rec)
        .unwrap();
    assert!(m.replays(&rec, &[Value::Tensor(c)]));
    let out = tensor(
        &m.dispatch_recorded(relu_, &[Value::Tensor(c)], &mut rec)
            .unwrap(),
    );
    assert_eq!(out, c);
    assert_eq!(m.version(c).unwrap(), 1);

    // A recording that was cleared answers nothing.
    rec.clear();
    assert!(!m.replays(&rec, &[Value::Tensor(c)]));
}

#[test]
fn a_recorded_symbolic_call_answers_as_the_cache_until_a_restore() {
    use fake_tensor::runtime::Registry;
    use fake_tensor::runtime::mode::{Output, Recording};
    let mut m = mode();
    let registry = fake_ops::registry();
    let mul = registry.lookup("aten::mul.Tensor").expect("mul");
    let batch = || Dim::dynamic("batch", 8);
    let x = m.input([batch(), 4.into()], DType::Float32).unwrap();
    let y = m.input([batch(), 4.into()], DType::Float32).unwrap();
    let w = m.input([4.into()], DType::Float32).unwrap();
    let other = m
        .input([Dim::dynamic("seq", 8), 4.into()], DType::Float32)
        .unwrap();
    let saved = m.checkpoint();
    let tensor = |out: &[Output]| match out {
        [Output::Tensor(t)] => *t,
        other => panic!("one tensor, got {other:?}"),
    };
    let mut rec = Recording::default();
    let first = tensor(
        &m.dispatch_recorded(mul, &[Value::Tensor(x), Value::Tensor(w)], &mut rec)
            .unwrap(),
    );
    assert!(rec.is_recorded(), "a symbolic call the cache could hold");
    // The same symbolic sizes (one handle): the recorded result, as a
    // cache hit; another symbol: no replay.
    assert!(m.replays(&rec, &[Value::Tensor(y), Value::Tensor(w)]));
    assert!(!m.replays(&rec, &[Value::Tensor(other), Value::Tensor(w)]));
    let again = tensor(
        &m.dispatch_recorded(mul, &[Value::Tensor(y), Value::Tensor(w)], &mut rec)
            .unwrap(),
    );
    assert_eq!(m.meta(first).unwrap(), m.meta(again).unwrap());
    assert_eq!(rec.replayed(), 1);
    // After a restore its handles may be stale: it answers nothing.
    m.restore(&saved).unwrap();
    assert!(!m.replays(&rec, &[Value::Tensor(y), Value::Tensor(w)]));
}

/// A `[2, 3]` float leaf that requires grad.
pub(crate) fn requiring_grad(m: &mut FakeTensorMode) -> fake_tensor::runtime::tensor::TensorId {
    let x = m
        .input([2.into(), 3.into()], DType::Float32)
        .expect("an input");
    let mut meta = m.meta(x).expect("its metadata").clone();
    meta.requires_grad = true;
    m.add_tensor(meta, None, true)
}

#[test]
fn detach_is_a_view_cut_from_autograd() {
    let mut m = mode();
    let w = requiring_grad(&mut m);
    let mut through = |op: &str| {
        m.call(op, &[Value::Tensor(w)])
            .unwrap_or_else(|e| panic!("{op}: {e}"))
            .tensor()
            .unwrap()
    };
    let (a, d) = (through("aten::alias"), through("aten::detach"));
    // `alias` keeps the flag, `detach` drops it; both share `w`'s storage.
    assert!(m.meta(a).unwrap().requires_grad, "alias");
    assert!(!m.meta(d).unwrap().requires_grad, "detach");
    let storage = |t| m.tensor(t).unwrap().storage;
    assert_eq!(storage(d), storage(w));
    assert_eq!(m.meta(d).unwrap().strides, m.meta(w).unwrap().strides);
    // In place, the tensor itself stops requiring grad.
    let same = m
        .call("aten::detach_", &[Value::Tensor(w)])
        .unwrap()
        .tensor()
        .unwrap();
    assert_eq!(same, w);
    assert!(!m.meta(w).unwrap().requires_grad, "detach_");
}

#[test]
fn no_grad_results_do_not_require_grad() {
    let mut m = mode();
    let w = requiring_grad(&mut m);
    let sum = |m: &mut FakeTensorMode| {
        m.call("aten::add.Tensor", &[Value::Tensor(w), Value::Tensor(w)])
            .unwrap()
            .tensor()
            .unwrap()
    };
    // Recorded by autograd: the sum of a tensor that requires grad does.
    let a = sum(&mut m);
    assert!(m.meta(a).unwrap().requires_grad, "grad enabled");
    // Under `torch.no_grad()` neither it nor a view does, while the input
    // keeps its flag, in place too.
    m.set_grad_enabled(false);
    let b = sum(&mut m);
    assert!(!m.meta(b).unwrap().requires_grad, "no_grad sum");
    let v = m
        .call("aten::alias", &[Value::Tensor(w)])
        .unwrap()
        .tensor()
        .unwrap();
    assert!(!m.meta(v).unwrap().requires_grad, "no_grad view");
    let same = m
        .call("aten::relu_", &[Value::Tensor(w)])
        .unwrap()
        .tensor()
        .unwrap();
    assert_eq!(same, w);
    assert!(m.meta(w).unwrap().requires_grad, "in place under no_grad");
    // An integral result never requires grad.
    m.set_grad_enabled(true);
    let i = m
        .call("aten::argmax", &[Value::Tensor(w)])
        .unwrap()
        .tensor()
        .unwrap();
    assert!(!m.meta(i).unwrap().requires_grad, "argmax");
    // A recorded call replayed after the grad mode changed follows the
    // mode it is replayed in, each way.
    use fake_tensor::runtime::Registry;
    use fake_tensor::runtime::mode::{Output, Recording};
    let registry = fake_ops::registry();
    let add = registry.lookup("aten::add.Tensor").expect("add");
    let (w2, w3) = (requiring_grad(&mut m), requiring_grad(&mut m));
    let one = Value::Scalar(fake_tensor::runtime::Scalar::Int(1.into()));
    let mut rec = Recording::default();
    let replayed = |m: &mut FakeTensorMode, t, rec: &mut Recording| {
        let args = [Value::Tensor(t), Value::Tensor(t), one.clone()];
        let out = m.dispatch_recorded(add, &args, rec).unwrap();
        let [Output::Tensor(r)] = out.as_slice() else {
            panic!("one tensor, got {out:?}")
        };
        m.meta(*r).unwrap().requires_grad
    };
    assert!(replayed(&mut m, w, &mut rec), "recorded with grad");
    m.set_grad_enabled(false);
    assert!(!replayed(&mut m, w2, &mut rec), "replayed without grad");
    assert_eq!(rec.replayed(), 1);
    rec.clear();
    assert!(!replayed(&mut m, w, &mut rec), "recorded without grad");
    m.set_grad_enabled(true);
    assert!(replayed(&mut m, w3, &mut rec), "replayed with grad");
    assert_eq!(rec.replayed(), 1);
}
