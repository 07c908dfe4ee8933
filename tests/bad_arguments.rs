//! Every registered operator, called through the runtime's call API
//! (`fake_tensor::call`, as `fake call` calls one) with arguments that do
//! not fit its schema, is refused with a typed error before any kernel
//! runs: a required argument left out (one without a default, even when
//! it may be `None`, as PyTorch's operators require it), one positional
//! argument too many, an unknown keyword, a string where a tensor is
//! wanted and a tensor where a number is. A call whose arguments have the
//! right kinds (small float32 tensors, ones, `None` where allowed), or the
//! right kinds and odd values (zero-dim, empty and non-contiguous tensors
//! of other dtypes, extreme and negative integers, non-finite floats,
//! empty lists, other devices), is answered or refused, never a panic.
//!
//! What the kernels refuse for values of the right kinds is the subject of
//! `tests/error_inputs.rs` (PyTorch's own refusals, replayed).

use fake_runtime::schema::{BaseType, ParamDef};
use fake_runtime::{OpDef, Registry};
use fake_tensor::call::{self, Call, CallError, CallValue};
use serde_json::json;
use std::collections::BTreeMap;
use std::panic::{AssertUnwindSafe, catch_unwind};

/// A value of the parameter's kind, or `None` when this test has no value
/// of it (a `Generator`, `Dimname` or other object that is not optional).
fn value_for(p: &ParamDef) -> Option<CallValue> {
    let tensor = || {
        call::value_from_json(&json!({"tensor": {"dtype": "float32", "sizes": [2, 3]}}))
            .expect("a tensor's JSON form")
    };
    let one = match p.ty.base {
        BaseType::Tensor => tensor(),
        BaseType::Int | BaseType::SymInt | BaseType::Scalar => CallValue::Int(1),
        BaseType::Float => CallValue::Float(1.0),
        BaseType::Bool | BaseType::SymBool => CallValue::Bool(false),
        BaseType::Str => CallValue::Str("none".into()),
        BaseType::ScalarType => call::value_from_json(&json!({"dtype": "float32"})).ok()?,
        BaseType::Layout => call::value_from_json(&json!({"layout": "strided"})).ok()?,
        BaseType::Device => call::value_from_json(&json!({"device": "cpu"})).ok()?,
        BaseType::MemoryFormat => {
            call::value_from_json(&json!({"memory_format": "contiguous_format"})).ok()?
        }
        BaseType::Generator | BaseType::Dimname | BaseType::Other(_) => {
            return p.ty.optional.then_some(CallValue::None);
        }
    };
    Some(match p.ty.list {
        Some(_) => CallValue::List(vec![one]),
        None => one,
    })
}

/// The required parameters (no default) with a value each, by keyword;
/// `None` when one has no value here.
fn required(def: &OpDef) -> Option<Vec<(String, CallValue)>> {
    def.params
        .iter()
        .filter(|p| p.default.is_none())
        .map(|p| Some((p.name.to_string(), value_for(p)?)))
        .collect()
}

/// An odd value of the parameter's kind, the `k`-th of a cycle: zero-dim,
/// empty and many-dim tensors of several dtypes, zero, negative and
/// extreme integers, non-finite floats, empty and repeated lists, other
/// dtypes, devices and memory formats.
fn odd_value_for(p: &ParamDef, k: usize) -> Option<CallValue> {
    let pick = |options: &[serde_json::Value]| {
        call::value_from_json(&options[k % options.len()]).expect("a value's JSON form")
    };
    let one = match p.ty.base {
        BaseType::Tensor => pick(&[
            json!({"tensor": {"dtype": "float32", "sizes": []}}),
            json!({"tensor": {"dtype": "float32", "sizes": [0]}}),
            json!({"tensor": {"dtype": "int64", "sizes": [2, 0, 3]}}),
            json!({"tensor": {"dtype": "bool", "sizes": [1, 1, 1, 1, 1, 1, 1, 1]}}),
            json!({"tensor": {"dtype": "complex64", "sizes": [3]}}),
            json!({"tensor": {"dtype": "float16", "sizes": [4, 1], "strides": [1, 4]}}),
        ]),
        BaseType::Int | BaseType::SymInt => {
            CallValue::Int([0, -1, i64::MAX, i64::MIN, 3, -7][k % 6])
        }
        BaseType::Scalar => [
            CallValue::Int(i64::MIN),
            CallValue::Float(f64::NAN),
            CallValue::Float(f64::INFINITY),
            CallValue::Bool(true),
        ][k % 4]
            .clone(),
        BaseType::Float => CallValue::Float([f64::NAN, -1e308, 0.0, f64::INFINITY][k % 4]),
        BaseType::Bool | BaseType::SymBool => CallValue::Bool(k.is_multiple_of(2)),
        BaseType::Str => CallValue::Str(["", "mean", "tanh", "none"][k % 4].into()),
        BaseType::ScalarType => pick(&[
            json!({"dtype": "bool"}),
            json!({"dtype": "complex64"}),
            json!({"dtype": "int8"}),
        ]),
        BaseType::Device => pick(&[json!({"device": "cuda"}), json!({"device": "meta"})]),
        BaseType::MemoryFormat => pick(&[
            json!({"memory_format": "channels_last"}),
            json!({"memory_format": "preserve_format"}),
        ]),
        _ => return value_for(p),
    };
    // The list's shape varies apart from its elements' values (so a
    // one-element list may hold any of them).
    Some(match (p.ty.list, (k / 6) % 3) {
        (None, _) => one,
        (Some(_), 0) => CallValue::List(Vec::new()),
        (Some(_), 1) => CallValue::List(vec![one.clone(), one]),
        (Some(_), _) => CallValue::List(vec![one]),
    })
}

/// The odd value's index for call `v`'s parameter `j`: a hash, so each
/// parameter's values vary apart from the others' (a zero-dim tensor
/// meets every kind of list and number across the calls).
fn mix(v: usize, j: usize) -> usize {
    let x = (v as u64 + 1).wrapping_mul(0x9E37_79B9_7F4A_7C15)
        ^ (j as u64 + 1).wrapping_mul(0xC2B2_AE3D_27D4_EB4F);
    ((x ^ (x >> 29)).wrapping_mul(0x1656_67B1_9E37_79F9) >> 33) as usize
}

/// How many calls of odd values each operator gets.
const ODD_CALLS: usize = 96;

/// What a call gave: `Ok(None)` answered, `Ok(Some(kind))` refused with
/// that kind, `Err(message)` a panic.
fn outcome(call: &Call) -> Result<Option<String>, String> {
    let registry = fake_ops::registry();
    match catch_unwind(AssertUnwindSafe(|| {
        call::run(call, &registry, &BTreeMap::new())
    })) {
        Ok(Ok(_)) => Ok(None),
        Ok(Err(e @ CallError::Op(_))) => Ok(Some(e.kind())),
        Ok(Err(e)) => Ok(Some(format!("not a call: {e}"))),
        Err(payload) => Err(payload
            .downcast_ref::<&str>()
            .map(|s| (*s).to_string())
            .or_else(|| payload.downcast_ref::<String>().cloned())
            .unwrap_or_else(|| "panic".into())),
    }
}

/// The mistaken calls of one operator, each with what it does wrong.
fn mistakes(def: &OpDef, given: &[(String, CallValue)]) -> Vec<(String, Call)> {
    // Named in full (`aten::linalg_pinv.default`): a bare name may resolve
    // to another overload the call fits, as `torch.ops.aten.linalg_pinv`
    // does.
    let op = if def
        .name
        .split_once("::")
        .is_some_and(|(_, r)| r.contains('.'))
    {
        def.name.to_string()
    } else {
        format!("{}.default", def.name)
    };
    let keywords = |kwargs: Vec<(String, CallValue)>| Call {
        op: op.clone(),
        args: Vec::new(),
        kwargs,
    };
    let mut out = Vec::new();
    for (i, (name, _)) in given.iter().enumerate() {
        let mut kw = given.to_vec();
        kw.remove(i);
        out.push((format!("`{name}` left out"), keywords(kw)));
    }
    let mut kw = given.to_vec();
    kw.push(("no_such_argument".into(), CallValue::Int(1)));
    out.push(("an unknown keyword".into(), keywords(kw)));
    let positional = def.params.iter().take_while(|p| !p.kwarg_only).count();
    out.push((
        format!("{} positional arguments", positional + 1),
        Call {
            op: op.clone(),
            args: vec![CallValue::None; positional + 1],
            kwargs: Vec::new(),
        },
    ));
    for (i, (name, _)) in given.iter().enumerate() {
        let Some(p) = def.params.iter().find(|p| p.name == name) else {
            continue;
        };
        let wrong = match p.ty.base {
            BaseType::Tensor => CallValue::Str("x".into()),
            BaseType::Int | BaseType::SymInt | BaseType::Float | BaseType::Bool => {
                call::value_from_json(&json!({"tensor": {"dtype": "float32", "sizes": [2]}}))
                    .expect("a tensor's JSON form")
            }
            _ => continue,
        };
        let mut kw = given.to_vec();
        kw[i].1 = wrong;
        out.push((format!("`{name}` of the wrong kind"), keywords(kw)));
    }
    out
}

#[test]
fn arguments_that_do_not_fit_the_schema_are_refused_and_odd_ones_never_panic() {
    let registry = fake_ops::registry();
    let mut problems = Vec::new();
    let (mut ops, mut calls, mut odd, mut skipped) = (0, 0, 0, Vec::new());
    for def in registry.ops() {
        let Some(given) = required(def) else {
            skipped.push(def.name);
            continue;
        };
        ops += 1;
        // The right kinds: answered or refused, never a panic.
        let right = Call {
            op: def.name.to_string(),
            args: Vec::new(),
            kwargs: given.clone(),
        };
        if let Err(m) = outcome(&right) {
            problems.push(format!(
                "{}: arguments of the right kinds: panic: {m}",
                def.name
            ));
        }
        // Odd values of the right kinds: the same.
        for v in 0..ODD_CALLS {
            let kwargs: Option<Vec<(String, CallValue)>> = def
                .params
                .iter()
                .filter(|p| p.default.is_none())
                .enumerate()
                .map(|(j, p)| Some((p.name.to_string(), odd_value_for(p, mix(v, j))?)))
                .collect();
            let Some(kwargs) = kwargs else { continue };
            odd += 1;
            let call = Call {
                op: def.name.to_string(),
                args: Vec::new(),
                kwargs,
            };
            if let Err(m) = outcome(&call) {
                problems.push(format!("{}: {:?}: panic: {m}", def.name, call.kwargs));
            }
        }
        for (what, call) in mistakes(def, &given) {
            calls += 1;
            match outcome(&call) {
                Ok(Some(kind)) if kind == "NoOverload" => {}
                Ok(Some(kind)) => problems.push(format!("{}: {what}: refused as {kind}", def.name)),
                Ok(None) => problems.push(format!("{}: {what}: accepted", def.name)),
                Err(m) => problems.push(format!("{}: {what}: panic: {m}", def.name)),
            }
        }
    }
    println!("{ops} operators, {calls} calls that do not fit, {odd} of odd values");
    if !skipped.is_empty() {
        println!(
            "skipped (a required argument of a kind this test does not make): {}",
            skipped.join(", ")
        );
    }
    assert!(problems.is_empty(), "{}", problems.join("\n"));
}

/// Kernels that indexed a dim of a zero-dim tensor (found by the odd
/// values above): each refuses as PyTorch does, or answers, never a panic.
#[test]
fn zero_dim_tensors_where_dims_are_indexed_are_refused_not_a_panic() {
    let registry = fake_ops::registry();
    let run = |text: &str| {
        let c = call::parse(text).expect("the call parses");
        catch_unwind(AssertUnwindSafe(|| {
            call::run(&c, &registry, &BTreeMap::new())
        }))
        .unwrap_or_else(|_| panic!("{text}: panicked"))
    };
    // `_chunk_cat`'s decomposition reads `tensor.shape[dim]`.
    match run("aten::_chunk_cat([f32[]], -1, 3)") {
        Err(CallError::Op(e)) => assert!(e.to_string().contains("tuple index out of range"), "{e}"),
        other => panic!("_chunk_cat of a zero-dim tensor: {other:?}"),
    }
    // `movedim` checks its lists for repeats, then aliases a zero-dim
    // tensor.
    assert!(run("aten::movedim.intlist(f32[], [-1], [0])").is_ok());
    match run("aten::movedim.intlist(f32[], [0, 0], [0, 0])") {
        Err(CallError::Op(e)) => assert!(e.to_string().contains("repeated dim in `source`"), "{e}"),
        other => panic!("movedim with a repeated dim: {other:?}"),
    }
}

/// `slice_scatter.out`'s slice length is Python's integer arithmetic:
/// a step near `i64::MAX` gives a slice of one element, not an overflow.
#[test]
fn a_huge_slice_scatter_step_is_one_element_not_an_overflow() {
    let c = call::parse(
        "aten::slice_scatter.out(f32[4, 6], f32[4, 1], 1, 0, 6, 9223372036854775807, out=f32[0])",
    )
    .expect("the call parses");
    let registry = fake_ops::registry();
    let report = catch_unwind(AssertUnwindSafe(|| {
        call::run(&c, &registry, &BTreeMap::new())
    }))
    .expect("no panic")
    .expect("answered, as PyTorch's decomposition answers it");
    assert_eq!(report.outputs.len(), 1);
}
