//! `fake call`, both forms, against PyTorch's recorded answers: the static
//! cases of a few operator fixtures (`ops/tests/fixtures/ops/`, written by
//! `scripts/export_op_cases.py`) are turned into calls, run through the
//! command line, and every result is compared with what PyTorch recorded
//! (sizes, strides, offset, dtype and device, or a refusal).

use serde_json::{Map, Value as Json, json};
use std::io::Write;
use std::path::PathBuf;
use std::process::{Command, Output, Stdio};

/// Operators whose cases are replayed: convolution, broadcasting,
/// reductions with keyword arguments, views, lists of views, factories,
/// lists of tensors and `None`s (`index`), complex numbers (`fill`), and
/// defaults that are not `None` (`randint`'s and `randperm`'s
/// `dtype=long`, which a call leaving it out gets), and arguments
/// PyTorch's binding refuses or reads its own way (a number for a tensor
/// of `where` and for an optional one of `clamp`, `None` for a number of
/// `leaky_relu`, `None` for a bool of `_softmax`).
const OPERATORS: &[&str] = &[
    "_local_scalar_dense",
    "constant_pad_nd",
    "expand",
    "randint",
    "randperm",
    "fill",
    "conv2d",
    "add",
    "mm",
    "sum",
    "split",
    "embedding",
    "permute",
    "cat",
    "index",
    "where",
    "clamp",
    "leaky_relu",
    "_softmax",
    "sort",
    "max",
    "unique_consecutive",
];

fn fake(args: &[&str], stdin: Option<&str>) -> Output {
    let mut child = Command::new(env!("CARGO_BIN_EXE_fake"))
        .args(args)
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("fake runs");
    if let Some(text) = stdin {
        child
            .stdin
            .take()
            .expect("stdin")
            .write_all(text.as_bytes())
            .expect("written");
    }
    drop(child.stdin.take());
    child.wait_with_output().expect("fake ends")
}

/// A fixture argument as the call's JSON form writes it; `None` when the
/// fixture's encoding has no counterpart.
fn argument(v: &Json) -> Option<Json> {
    let (kind, x) = v.as_object()?.iter().next()?;
    Some(match kind.as_str() {
        "none" => Json::Null,
        "tensor" => json!({ "tensor": x }),
        "tensors" => Json::Array(
            x.as_array()?
                .iter()
                .map(|t| json!({ "tensor": t }))
                .collect(),
        ),
        "opt_tensors" => Json::Array(
            x.as_array()?
                .iter()
                .map(|t| match t {
                    Json::Null => Json::Null,
                    t => json!({ "tensor": t }),
                })
                .collect(),
        ),
        "int" | "float" | "bool" | "ints" | "floats" | "bools" | "str" => x.clone(),
        "scalar" => match x.as_object()?.iter().next()? {
            (k, c) if k == "complex" => json!({ "complex": c }),
            (_, v) => v.clone(),
        },
        "dtype" => json!({ "dtype": x }),
        "memory_format" => json!({ "memory_format": x }),
        "layout" => json!({ "layout": x }),
        "device" => json!({ "device": x }),
        _ => return None,
    })
}

/// One recorded case as a call line.
struct Case {
    label: String,
    line: String,
    /// PyTorch's outputs, `None` for a refusal.
    want: Option<Json>,
    /// Recorded under the Python dispatcher (`fake call
    /// --python-dispatcher`).
    python_dispatcher: bool,
}

/// The cases of operator file `name` as call lines, with what PyTorch
/// answered.
fn cases(name: &str) -> Vec<Case> {
    cases_where(name, |case| {
        // Accepted by one of PyTorch's kernels and refused by the other:
        // either answer is right, skip it here.
        case.get("eager_error").is_none() && case.get("eager_outputs").is_none()
    })
}

/// The cases of operator file `name` that `keep` keeps, as call lines,
/// with what PyTorch's fake mode answered.
fn cases_where(name: &str, keep: impl Fn(&Json) -> bool) -> Vec<Case> {
    let path = PathBuf::from(env!("CARGO_MANIFEST_DIR"))
        .join("ops/tests/fixtures/ops")
        .join(format!("{name}.json"));
    let text = std::fs::read_to_string(&path).expect("fixture");
    let fixture: Json = serde_json::from_str(&text).expect("fixture is JSON");
    let mut out = Vec::new();
    for (op, entry) in fixture["ops"].as_object().expect("ops") {
        let positional = positional_count(entry["schema"].as_str().expect("schema"));
        for case in entry["cases"].as_array().expect("cases") {
            if !keep(case) {
                continue;
            }
            let mut kwargs = Map::new();
            let mut args = Vec::new();
            let mut ok = true;
            let mut skipped = false;
            for (i, input) in case["inputs"]
                .as_array()
                .expect("inputs")
                .iter()
                .enumerate()
            {
                if input.get("defaulted").and_then(Json::as_bool) == Some(true) {
                    skipped = true;
                    continue;
                }
                match argument(&input["value"]) {
                    // After a skipped default, and for keyword-only
                    // parameters, by keyword.
                    Some(a) if !skipped && i < positional => args.push(a),
                    Some(a) => {
                        kwargs.insert(input["name"].as_str().expect("name").to_string(), a);
                    }
                    None => ok = false,
                }
            }
            if !ok {
                continue;
            }
            let line = json!({ "op": op, "args": args, "kwargs": kwargs }).to_string();
            let label = format!("{op} / {}", case["name"].as_str().unwrap_or("?"));
            out.push(Case {
                label,
                line,
                want: case.get("outputs").cloned(),
                python_dispatcher: case.get("python_dispatcher") == Some(&Json::Bool(true)),
            });
        }
    }
    out
}

/// How many parameters of `schema` come before its `*`.
fn positional_count(schema: &str) -> usize {
    let params = schema.split_once('(').map_or("", |(_, r)| r);
    let (mut depth, mut count) = (0i32, 0usize);
    let mut item = String::new();
    for c in params.chars() {
        match c {
            '(' | '[' => depth += 1,
            ')' if depth == 0 => break,
            ')' | ']' => depth -= 1,
            ',' if depth == 0 => {
                if item.trim() == "*" {
                    return count;
                }
                count += 1;
                item.clear();
                continue;
            }
            _ => {}
        }
        item.push(c);
    }
    if item.trim() == "*" {
        count
    } else {
        count + usize::from(!item.trim().is_empty())
    }
}

/// PyTorch's recorded output as ours prints it.
fn expected(o: &Json) -> Json {
    match (o.get("tensor"), o.get("tensors")) {
        (Some(t), _) => json!({
            "dtype": t["dtype"], "sizes": t["sizes"], "strides": t["strides"],
            "storage_offset": t["storage_offset"], "device": t["device"],
        }),
        (_, Some(list)) => Json::Array(
            list.as_array()
                .expect("list")
                .iter()
                .map(expected)
                .collect(),
        ),
        // A number: its value, printed.
        _ => match o.get("scalar").and_then(Json::as_object) {
            Some(s) if s.len() == 1 => s.values().next().cloned().unwrap_or(Json::Null),
            _ => o.clone(),
        },
    }
}

fn ours(o: &Json) -> Json {
    match o {
        Json::Array(list) => Json::Array(list.iter().map(ours).collect()),
        Json::Object(m) if m.contains_key("tensor") => {
            let t = &m["tensor"];
            json!({
                "dtype": t["dtype"], "sizes": t["sizes"], "strides": t["strides"],
                "storage_offset": t["storage_offset"], "device": t["device"],
            })
        }
        other => other.clone(),
    }
}

#[test]
fn jsonl_calls_answer_as_pytorch() {
    let mut all = Vec::new();
    for name in OPERATORS {
        all.extend(cases(name));
    }
    assert!(all.len() > 40, "only {} cases", all.len());
    let problems = disagreements(&all);
    assert!(problems.is_empty(), "{}", problems.join("\n"));
}

/// A list of `None`s alone is `index`'s list of optional tensors, every
/// dim kept, as PyTorch's fake mode answers it (its eager kernel fails an
/// internal assert, so the case is not among those above).
#[test]
fn a_list_of_nones_alone_is_optional_tensors() {
    let all = cases_where("index", |case| {
        case["name"].as_str() == Some("Nones alone keep every dim")
    });
    assert_eq!(all.len(), 1, "the index fixture's case");
    let problems = disagreements(&all);
    assert!(problems.is_empty(), "{}", problems.join("\n"));
}

/// A number where a named overload wants a tensor (`aten::mul.Tensor(x,
/// 2.5)`, as decompositions call it) is PyTorch's wrapped number, which
/// promotes and lays out as the number does: every case PyTorch recorded
/// for `add.Scalar`, `sub.Scalar`, `mul.Scalar` and `div.Scalar` (and their
/// in-place forms), called as the `.Tensor` overload, answers as recorded.
#[test]
fn numbers_for_tensors_answer_as_the_scalar_overloads() {
    let mut all = Vec::new();
    for name in ["add", "sub", "mul", "div"] {
        for case in cases(name) {
            let mut call: Json = serde_json::from_str(&case.line).expect("JSON");
            let op = call["op"].as_str().expect("op").to_string();
            let Some(base) = op.strip_suffix(".Scalar") else {
                continue;
            };
            call["op"] = json!(format!("{base}.Tensor"));
            // `alpha` is positional in the `.Scalar` schemas only.
            let args = call["args"].as_array_mut().expect("args");
            if args.len() > 2 {
                let alpha = args.remove(2);
                call["kwargs"]["alpha"] = alpha;
            }
            all.push(Case {
                label: format!("{} as .Tensor", case.label),
                line: call.to_string(),
                ..case
            });
        }
    }
    assert!(all.len() > 40, "only {} cases", all.len());
    let problems = disagreements(&all);
    assert!(problems.is_empty(), "{}", problems.join("\n"));
}

/// A bool where a `float` is wanted fits, as Python's binding takes one
/// (a bool is an int, which a float parameter takes; PyTorch's recording
/// holds the float it became): PyTorch's case of `upsample_nearest2d(x,
/// [1, 5], False)`, called with the bool, answers as recorded.
#[test]
fn a_bool_where_a_float_is_wanted_fits() {
    let mut all = Vec::new();
    for case in cases("upsample_nearest2d") {
        if case.label != "aten::upsample_nearest2d / a scale given as a bool" {
            continue;
        }
        let mut call: Json = serde_json::from_str(&case.line).expect("JSON");
        let args = call["args"].as_array_mut().expect("args");
        assert_eq!(args[2], json!(0.0), "{}", case.line);
        args[2] = json!(false);
        all.push(Case {
            label: format!("{}, as a bool", case.label),
            line: call.to_string(),
            ..case
        });
    }
    assert_eq!(all.len(), 1, "the case is missing");
    let problems = disagreements(&all);
    assert!(problems.is_empty(), "{}", problems.join("\n"));
}

/// Run `all` (label, JSON line, PyTorch's outputs or `None` for a
/// refusal) through `fake call --jsonl` and name every call whose answer
/// differs.
fn disagreements(all: &[Case]) -> Vec<String> {
    let mut problems = Vec::new();
    // The cases recorded under the Python dispatcher run under it.
    for python_dispatcher in [false, true] {
        let group: Vec<&Case> = all
            .iter()
            .filter(|c| c.python_dispatcher == python_dispatcher)
            .collect();
        if group.is_empty() {
            continue;
        }
        let input: String = group.iter().map(|c| format!("{}\n", c.line)).collect();
        let mut args = vec!["call", "--jsonl", "-"];
        if python_dispatcher {
            args.push("--python-dispatcher");
        }
        let o = fake(&args, Some(&input));
        assert_eq!(
            o.status.code(),
            Some(0),
            "{}",
            String::from_utf8_lossy(&o.stderr)
        );
        let lines: Vec<Json> = String::from_utf8(o.stdout)
            .expect("utf-8")
            .lines()
            .map(|l| serde_json::from_str(l).expect("a JSON line"))
            .collect();
        assert_eq!(lines.len(), group.len());
        for (case, got) in group.iter().zip(&lines) {
            let label = &case.label;
            match (&case.want, got.get("ok")) {
                (Some(want), Some(got)) => {
                    let want: Vec<Json> = want
                        .as_array()
                        .expect("outputs")
                        .iter()
                        .map(expected)
                        .collect();
                    let got: Vec<Json> = got.as_array().expect("ok").iter().map(ours).collect();
                    if want != got {
                        problems.push(format!("{label}: ours {got:?}, PyTorch {want:?}"));
                    }
                }
                (None, None) => {}
                (Some(_), None) => problems.push(format!("{label}: refused: {got}")),
                (None, Some(_)) => problems.push(format!("{label}: accepted, PyTorch refuses")),
            }
        }
    }
    problems
}

#[test]
fn the_text_form_prints_pytorchs_sizes() {
    // conv2d's first case, written as text.
    let Case { line, want, .. } = cases("conv2d").into_iter().next().expect("a case");
    let call: Json = serde_json::from_str(&line).expect("JSON");
    let t = |v: &Json| {
        let t = &v["tensor"];
        let sizes: Vec<String> = t["sizes"]
            .as_array()
            .expect("sizes")
            .iter()
            .map(Json::to_string)
            .collect();
        format!("f32[{}]", sizes.join(","))
    };
    let args = call["args"].as_array().expect("args");
    let text = format!("aten::conv2d({}, {})", t(&args[0]), t(&args[1]));
    let o = fake(&["call", &text], None);
    assert_eq!(o.status.code(), Some(0));
    let out = String::from_utf8(o.stdout).expect("utf-8");
    // Without the bias and padding of the recorded case, check only the
    // batch and channels, which they do not change.
    let want = &want.expect("outputs")[0]["tensor"]["sizes"];
    let prefix = format!("float32[{}, {}, ", want[0], want[1]);
    assert!(out.contains(&prefix), "{out}");
}

/// A string fits a parameter of type `Any` (a collective's reduction and
/// group name), as Python's binding takes it: `reduce_scatter_tensor`'s
/// first recorded case (whose eager kernel, without a process group,
/// refused it, so [`cases`] leaves it out), written as text, gives
/// PyTorch's sizes.
#[test]
fn a_string_fits_an_any_parameter() {
    let path = PathBuf::from(env!("CARGO_MANIFEST_DIR"))
        .join("ops/tests/fixtures/ops/reduce_scatter_tensor.json");
    let text = std::fs::read_to_string(&path).expect("fixture");
    let fixture: Json = serde_json::from_str(&text).expect("fixture is JSON");
    let op = "_c10d_functional::reduce_scatter_tensor";
    let case = &fixture["ops"][op]["cases"][0];
    let sizes = |t: &Json| -> Vec<String> {
        t["sizes"]
            .as_array()
            .expect("sizes")
            .iter()
            .map(Json::to_string)
            .collect()
    };
    let inputs = case["inputs"].as_array().expect("inputs");
    let value = |i: usize, kind: &str| inputs[i]["value"][kind].clone();
    let call = format!(
        "{op}(f32[{}], '{}', {}, '{}')",
        sizes(&value(0, "tensor")).join(","),
        value(1, "str").as_str().expect("reduce_op"),
        value(2, "int"),
        value(3, "str").as_str().expect("group_name"),
    );
    let o = fake(&["call", &call], None);
    let out = String::from_utf8(o.stdout).expect("utf-8");
    assert_eq!(o.status.code(), Some(0), "{call}: {out}");
    let want = sizes(&case["outputs"][0]["tensor"]);
    assert!(
        out.contains(&format!("float32[{}]", want.join(", "))),
        "{call}: {out}"
    );
}

/// `--backed-size-oblivious` reaches the ShapeEnv: a size of hint 1 stays
/// the symbol it was written as (a size-like one, as
/// `_create_symbolic_sizes_strides_storage_offset` makes it under the
/// setting), where it is otherwise specialised to 1.
#[test]
fn backed_size_oblivious_keeps_sizes_of_one_symbolic() {
    let call = ["call", "aten::view(f32[n,k], [-1])", "--hint", "k=1"];
    let size = |extra: &[&str]| {
        let args: Vec<&str> = call.iter().chain(extra).copied().collect();
        let o = fake(&args, None);
        assert_eq!(o.status.code(), Some(0), "{args:?}");
        let out = String::from_utf8(o.stdout).expect("utf-8");
        let line = out.lines().find(|l| l.contains("out0")).expect("a result");
        line.split(['[', ']']).nth(1).expect("sizes").to_string()
    };
    assert_eq!(size(&[]), "n");
    assert!(size(&["--backed-size-oblivious"]).contains('k'));
}

#[test]
fn symbols_take_their_hints_and_guards_print_with_their_names() {
    let o = fake(
        &["call", "aten::split(f32[n,3], 4)", "--hint", "n=10"],
        None,
    );
    assert_eq!(o.status.code(), Some(0));
    let out = String::from_utf8(o.stdout).expect("utf-8");
    assert!(out.contains("n (hint 10)"), "{out}");
    // The guards follow their header and are written with the name `n`.
    let guards: Vec<&str> = out
        .lines()
        .skip_while(|l| *l != "guards:")
        .skip(1)
        .take_while(|l| l.starts_with("  "))
        .collect();
    assert!(!guards.is_empty(), "{out}");
    assert!(
        guards.iter().all(|g| g.contains('n') && !g.contains("s0")),
        "{out}"
    );
}

#[test]
fn exit_codes() {
    // A line that is not a call: its error, and exit 1 at the end.
    let o = fake(&["call", "--jsonl", "-"], Some("{\"op\": 3}\n"));
    assert_eq!(o.status.code(), Some(1));
    let line: Json = serde_json::from_slice(&o.stdout).expect("one JSON line");
    assert_eq!(line["error"]["kind"], "NotACall");
    // A refusal is an answer: exit 0.
    let refusal = r#"{"op": "aten::mm", "args": [{"tensor": {"dtype": "float32", "sizes": [2, 3]}}, {"tensor": {"dtype": "float32", "sizes": [4, 5]}}]}"#;
    let o = fake(&["call", "--jsonl", "-"], Some(refusal));
    assert_eq!(o.status.code(), Some(0));
    // A file that cannot be read: exit 2, nothing on stdout.
    let o = fake(&["call", "--jsonl", "no/such/file.jsonl"], None);
    assert_eq!(o.status.code(), Some(2));
    assert!(o.stdout.is_empty());
    // Text that is not a call, or an unknown operator: exit 1 with `error:`.
    for bad in [
        "aten::mm(",
        "aten::no_such_op(f32[2])",
        "aten::add(f32[2], \"x\")",
    ] {
        let o = fake(&["call", bad], None);
        assert_eq!(o.status.code(), Some(1), "{bad}");
        assert!(
            String::from_utf8_lossy(&o.stderr).starts_with("error: "),
            "{bad}"
        );
    }
}

#[test]
fn json_floats_beyond_json_numbers() {
    use fake_tensor::call::{CallValue, value_from_json};
    let read = |v: Json| value_from_json(&v);
    assert_eq!(
        read(json!({"float": "-inf"})).ok(),
        Some(CallValue::Float(f64::NEG_INFINITY))
    );
    assert_eq!(
        read(json!({"float": 2.5})).ok(),
        Some(CallValue::Float(2.5))
    );
    assert!(matches!(
        read(json!({"float": "nan"})),
        Ok(CallValue::Float(x)) if x.is_nan()
    ));
    assert!(read(json!({"float": "lots"})).is_err());
}

#[test]
fn complex_numbers_in_both_forms() {
    use fake_tensor::call::{CallValue, value_from_json};
    assert_eq!(
        value_from_json(&json!({"complex": [0.5, -2]})).ok(),
        Some(CallValue::Complex(0.5, -2.0))
    );
    assert_eq!(
        value_from_json(&json!({"complex": ["inf", 1]})).ok(),
        Some(CallValue::Complex(f64::INFINITY, 1.0))
    );
    assert!(value_from_json(&json!({"complex": [1]})).is_err());
    assert!(value_from_json(&json!({"complex": "1j"})).is_err());
    // `1j` written as Python writes it: accepted where a complex number
    // fits, refused (as PyTorch refuses) where it does not.
    let ok = fake(&["call", "aten::mul.Scalar(c64[2], 2j)"], None);
    assert!(
        ok.status.success(),
        "{}",
        String::from_utf8_lossy(&ok.stderr)
    );
    assert!(String::from_utf8_lossy(&ok.stdout).contains("complex64[2]"));
    let refused = fake(
        &["call", "aten::masked_fill.Scalar(f32[2, 2], b8[], 1j)"],
        None,
    );
    assert_eq!(
        refused.status.code(),
        Some(1),
        "{}",
        String::from_utf8_lossy(&refused.stdout)
    );
}

/// Sizes, strides and offsets may be written as expressions over symbols,
/// as PyTorch prints them: a contiguous `[s0, s1, s2]` written with its
/// strides `[s1*s2, s2, 1]` is the tensor the strides' default makes, and
/// a malformed expression is refused naming the field.
#[test]
fn json_sizes_may_be_expressions_over_symbols() {
    let call = |strides: &str, offset: &str| {
        format!(
            r#"{{"op": "aten::mul.Tensor", "args": [{{"tensor": {{"dtype": "float32", "sizes": ["s0", "s1", "s2"]{strides}{offset}}}}}, 2], "kwargs": {{}}}}"#
        )
    };
    let run_with = |line: String, code: i32| {
        let o = fake(
            &["call", "--jsonl", "-", "--hint", "s0=3", "--hint", "s1=5"],
            Some(&line),
        );
        assert_eq!(o.status.code(), Some(code), "{line}");
        serde_json::from_slice::<Json>(&o.stdout).expect("one JSON line")
    };
    let run = |line: String| run_with(line, 0);
    let default = run(call("", ""));
    let written = run(call(
        r#", "strides": ["s1*s2", "s2", 1]"#,
        r#", "storage_offset": "0*s0""#,
    ));
    assert!(default.get("ok").is_some(), "{default}");
    assert_eq!(default, written);
    // A dense layout in another order (dims 0, 2, 1 from the fastest):
    // a pointwise result keeps its input's layout, which takes reading
    // the strides as the products they are.
    let line = call(r#", "strides": [1, "s0*s2", "s0"]"#, "").replace("mul.Tensor", "neg");
    let line = line.replace(", 2]", "]");
    let permuted = run(line);
    let out = &permuted["ok"][0]["tensor"];
    assert_eq!(
        out["strides"],
        serde_json::json!([1, "s0*s2", "s0"]),
        "{permuted}"
    );
    let bad = run_with(call(r#", "strides": ["s1*", "s2", 1]"#, ""), 1);
    let message = bad["error"]["message"].as_str().unwrap_or_default();
    assert!(message.contains("strides `s1*`"), "{bad}");
}

/// A SymInt argument in the JSON form, `{"sym": "s0*s1"}`, as PyTorch
/// prints one: a view to `[s0*s1]` answers as the flattening of the same
/// input does; and the symbols an expression meets first are inputs of
/// their own (two of them in one size are two symbols, not one source
/// given twice).
#[test]
fn json_symints_may_be_expressions_over_symbols() {
    let run = |line: &str| {
        let o = fake(&["call", "--jsonl", "-"], Some(line));
        assert_eq!(o.status.code(), Some(0), "{line}");
        serde_json::from_slice::<Json>(&o.stdout).expect("one JSON line")
    };
    let x = r#"{"tensor": {"dtype": "float32", "sizes": ["s0", "s1"]}}"#;
    let viewed = run(&format!(
        r#"{{"op": "aten::view", "args": [{x}, [{{"sym": "s0*s1"}}]]}}"#
    ));
    let flattened = run(&format!(
        r#"{{"op": "aten::flatten.using_ints", "args": [{x}]}}"#
    ));
    assert!(viewed.get("ok").is_some(), "{viewed}");
    assert_eq!(viewed["ok"][0]["tensor"], flattened["ok"][0]["tensor"]);
    let product = run(
        r#"{"op": "aten::neg", "args": [{"tensor": {"dtype": "float32", "sizes": ["s0*s1"]}}]}"#,
    );
    let sizes = &product["ok"][0]["tensor"]["sizes"];
    assert_eq!(sizes, &viewed["ok"][0]["tensor"]["sizes"], "{product}");
}

/// The text form takes the same expressions where an integer goes:
/// `view(x, [s0*s1])` answers as `flatten(x)`, and a list of sizes
/// mixes numbers and expressions (`[2, s0 - 2]`).
#[test]
fn text_symints_may_be_expressions_over_symbols() {
    let run = |call: &str| {
        let o = fake(&["call", call], None);
        assert_eq!(o.status.code(), Some(0), "{call}");
        let text = String::from_utf8_lossy(&o.stdout).into_owned();
        text.lines().nth(1).unwrap_or_default().to_string()
    };
    let viewed = run("aten::view(f32[s0,s1], [s0*s1])");
    let flattened = run("aten::flatten.using_ints(f32[s0,s1])");
    assert_eq!(viewed, flattened);
    let split = fake(
        &["call", "aten::split_with_sizes(f32[s0,3], [2, s0 - 2])"],
        None,
    );
    assert_eq!(split.status.code(), Some(0));
    // A float's exponent is no expression.
    let scaled = fake(&["call", "aten::add(f32[2], 1e-5)"], None);
    assert_eq!(scaled.status.code(), Some(0));
}

/// A tensor's sizes, strides and offset in the text form may be
/// expressions over symbols too, as PyTorch prints a symbolic layout: a
/// contiguous `[2, s0, s1]` written with its strides `{s0*s1, s1, 1}` is
/// the same tensor as written without them, and an offset may be one
/// (`+2*s0`).
#[test]
fn text_layouts_may_be_expressions_over_symbols() {
    let run = |call: &str| {
        let o = fake(&["call", call], None);
        assert_eq!(
            o.status.code(),
            Some(0),
            "{call}: {}",
            String::from_utf8_lossy(&o.stderr)
        );
        String::from_utf8_lossy(&o.stdout).into_owned()
    };
    let given = run("aten::add(f32[2,s0,s1]{s0*s1,s1,1}, f32[s1])");
    let implied = run("aten::add(f32[2,s0,s1], f32[s1])");
    assert_eq!(given, implied);
    let offset = run("aten::alias(f32[s0,s1]{s1,1}+2*s0@cpu)");
    assert!(offset.contains("offset 2*s0"), "{offset}");
    let sized = run("aten::neg(f32[s0*s1, (s0//2)])");
    assert!(sized.contains("float32[s0*s1, (s0//2)]"), "{sized}");
}
