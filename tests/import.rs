//! Reading torch.export programs: the `.pt2` archive and the bare JSON
//! agree; every argument kind of the schema reaches the graph IR; bad files
//! (truncated zip, truncated JSON, wrong schema version, dangling node
//! reference, malformed expression, wrong field type, not a program) are
//! each one clear error; unknown operators are unsupported by name.

use fake_runtime::{DType, Device, Layout, MemoryFormat};
use fake_tensor::export::{self, JsonErrorKind, LoadError, ValidationError};
use fake_tensor::graph::{Arg, Graph, SymIntArg};
use fake_tensor::prop::{Plan, PropError};
use fake_tensor::verify::{Verdict, verify};
use serde_json::{Value, json};
use std::io::Read;
use std::path::{Path, PathBuf};
use std::process::Command;

fn root() -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR"))
}

/// A fresh directory for one test's files, removed when dropped.
struct Scratch(PathBuf);

impl std::ops::Deref for Scratch {
    type Target = Path;
    fn deref(&self) -> &Path {
        &self.0
    }
}

impl Drop for Scratch {
    fn drop(&mut self) {
        let _ = std::fs::remove_dir_all(&self.0);
    }
}

fn scratch(test: &str) -> Scratch {
    let dir = std::env::temp_dir().join(format!("fake-tensor-{}-{test}", std::process::id()));
    std::fs::create_dir_all(&dir).expect("scratch dir");
    Scratch(dir)
}

fn example_json(name: &str) -> Value {
    let text = std::fs::read_to_string(root().join(format!("examples/{name}.json")))
        .expect("example exists");
    serde_json::from_str(&text).expect("example is JSON")
}

fn write(dir: &Path, name: &str, v: &Value) -> PathBuf {
    let path = dir.join(name);
    std::fs::write(&path, serde_json::to_vec(v).expect("serializable")).expect("write");
    path
}

fn mlp() -> PathBuf {
    root().join("tests/fixtures/mlp.pt2")
}

#[test]
fn archive_and_bare_json_agree() {
    let from_archive = export::load(mlp()).unwrap();
    assert_eq!(
        export::archive::list_models(mlp()).unwrap(),
        vec!["model".to_string()]
    );
    let mut zip = zip::ZipArchive::new(std::fs::File::open(mlp()).unwrap()).unwrap();
    let mut text = String::new();
    zip.by_name("mlp/models/model.json")
        .unwrap()
        .read_to_string(&mut text)
        .unwrap();
    let dir = scratch("agree");
    let bare = dir.join("model.json");
    std::fs::write(&bare, &text).unwrap();
    let from_json = export::load(&bare).unwrap();
    assert_eq!(from_archive, from_json);
    assert_eq!(from_archive.schema_version.major, 8);
    let g = Graph::from_program(&from_archive).unwrap();
    assert_eq!(g.inputs.len(), from_archive.graph().inputs.len());
    assert_eq!(g.nodes.len(), 3);
    assert!(g.ranges.contains_key("s77"));
    // Round trip: the serde types write what they read.
    let again: export::ExportedProgram =
        serde_json::from_str(&serde_json::to_string(&from_json).unwrap()).unwrap();
    assert_eq!(again, from_json);
}

#[test]
fn truncated_zip() {
    let bytes = std::fs::read(mlp()).unwrap();
    let dir = scratch("truncated-zip");
    let path = dir.join("cut.pt2");
    std::fs::write(&path, &bytes[..bytes.len() / 2]).unwrap();
    let e = export::load(&path).unwrap_err();
    assert!(matches!(e, LoadError::Zip { .. }), "{e:?}");
    assert_eq!(
        e.to_string(),
        format!("{}: corrupt or truncated zip archive", path.display())
    );
}

#[test]
fn truncated_json() {
    let text = std::fs::read_to_string(root().join("examples/resnet18.json")).unwrap();
    let dir = scratch("truncated-json");
    let path = dir.join("cut.json");
    std::fs::write(&path, &text[..text.len() / 2]).unwrap();
    let LoadError::Json(e) = export::load(&path).unwrap_err() else {
        panic!("not a JSON error")
    };
    assert_eq!(e.kind, JsonErrorKind::Truncated);
    assert!(e.to_string().contains(": truncated JSON: EOF"), "{e}");
}

#[test]
fn wrong_schema_version() {
    let mut p = example_json("resnet18");
    p["schema_version"]["major"] = json!(7);
    let dir = scratch("version");
    let path = write(&dir, "v7.json", &p);
    let e = export::load(&path).unwrap_err();
    assert!(matches!(e, LoadError::SchemaVersion { .. }), "{e:?}");
    assert_eq!(
        e.to_string(),
        format!(
            "{}: unsupported schema version 7.20 (this reader supports 8.x)",
            path.display()
        )
    );
}

#[test]
fn dangling_node_reference() {
    let mut p = example_json("resnet18_core");
    let node = &mut p["graph_module"]["graph"]["nodes"][2];
    let name = node["name"].as_str().unwrap().to_string();
    let target = node["target"].as_str().unwrap().to_string();
    let input = node["inputs"][0]["name"].as_str().unwrap().to_string();
    node["inputs"][0]["arg"] = json!({"as_tensor": {"name": "nowhere"}});
    let dir = scratch("dangling");
    let path = write(&dir, "dangling.json", &p);
    let e = export::load(&path).unwrap_err();
    let LoadError::Invalid { errors, .. } = &e else {
        panic!("{e:?}")
    };
    assert_eq!(
        errors[0],
        ValidationError::DanglingReference {
            site: format!("node '{name}' ({target}), input '{input}'"),
            value: "nowhere".into()
        }
    );
    assert!(
        e.to_string().ends_with(&format!(
            "invalid program: node '{name}' ({target}), input '{input}' uses `nowhere`, \
             which is not defined before it"
        )),
        "{e}"
    );
}

#[test]
fn tensor_metadata_that_describes_no_tensor() {
    let mut p = example_json("resnet18_core");
    let values = p["graph_module"]["graph"]["tensor_values"]
        .as_object_mut()
        .unwrap();
    // Two tensors of rank 2 or more, in the table's (sorted) order.
    let mut ranked = values
        .iter()
        .filter(|(_, v)| v["sizes"].as_array().unwrap().len() >= 2)
        .map(|(k, _)| k.clone());
    let (first, second) = (ranked.next().unwrap(), ranked.next().unwrap());
    // Strides of another rank than the sizes, and a negative size.
    values[&first]["strides"] = json!([{"as_int": 1}]);
    let rank = values[&first]["sizes"].as_array().unwrap().len();
    values[&second]["sizes"][0] = json!({"as_int": -3});
    let dir = scratch("bad-meta");
    let path = write(&dir, "bad-meta.json", &p);
    let e = export::load(&path).unwrap_err();
    let LoadError::Invalid { errors, .. } = &e else {
        panic!("{e:?}")
    };
    assert_eq!(
        errors[..2],
        [
            ValidationError::BadTensorMeta {
                scope: String::new(),
                value: first.clone(),
                reason: format!("1 strides for {rank} sizes"),
            },
            ValidationError::BadTensorMeta {
                scope: String::new(),
                value: second.clone(),
                reason: "negative size at dim 0: -3".into(),
            },
        ]
    );
    assert!(
        e.to_string()
            .contains(&format!("tensor `{first}`: 1 strides")),
        "{e}"
    );
}

#[test]
fn malformed_expression() {
    let mut p = example_json("resnet18");
    let graph = &mut p["graph_module"]["graph"];
    graph["tensor_values"]["x"]["sizes"][0]["as_expr"]["expr_str"] =
        json!("Add(Symbol('s77', positive=True, integer=True)");
    let dir = scratch("malformed");
    let path = write(&dir, "bad_expr.json", &p);
    let program = export::load(&path).unwrap();
    let g = Graph::from_program(&program).unwrap();
    let registry = fake_ops::registry();
    let e = Plan::new(&g, &registry).run(&g, registry).unwrap_err();
    let PropError::Input {
        value,
        field,
        reason,
    } = &e
    else {
        panic!("{e:?}")
    };
    assert_eq!((value.as_str(), field.as_str()), ("x", "sizes[0]"));
    assert!(
        reason.starts_with("expected ',' or ')' but found end of input at byte 46"),
        "{reason}"
    );
    let out = Command::new(env!("CARGO_BIN_EXE_fake"))
        .arg("verify")
        .arg(&path)
        .output()
        .unwrap();
    assert_eq!(out.status.code(), Some(2));
    let stderr = String::from_utf8(out.stderr).unwrap();
    assert!(
        stderr.contains("cannot create the inputs: input `x`, sizes[0]: expected"),
        "{stderr}"
    );
}

#[test]
fn wrong_field_type_names_the_path() {
    let mut p = example_json("resnet18");
    p["graph_module"]["graph"]["tensor_values"]["x"]["dtype"] = json!("float32");
    let dir = scratch("wrong-type");
    let path = write(&dir, "wrong_type.json", &p);
    let LoadError::Json(e) = export::load(&path).unwrap_err() else {
        panic!("not a JSON error")
    };
    assert_eq!(e.kind, JsonErrorKind::Schema);
    assert_eq!(e.path, "graph_module.graph.tensor_values.x.dtype");
    assert!(
        e.message.starts_with("invalid type: string \"float32\""),
        "{e}"
    );
}

#[test]
fn not_a_program() {
    let dir = scratch("not-a-program");
    let path = dir.join("weights.bin");
    std::fs::write(&path, b"\x80\x02ctorch").unwrap();
    let e = export::load(&path).unwrap_err();
    assert!(matches!(e, LoadError::NotRecognised { .. }), "{e:?}");
    let empty = dir.join("empty.json");
    std::fs::write(&empty, b"").unwrap();
    assert!(
        export::load(&empty)
            .unwrap_err()
            .to_string()
            .ends_with("it is empty")
    );
}

#[test]
fn every_argument_kind() {
    let mut p = example_json("gpt2_core");
    let graph = &mut p["graph_module"]["graph"];
    graph["sym_bool_values"]["b0"] = json!({"as_expr": {
        "expr_str": "Eq(Symbol('s70', positive=True, integer=True), Integer(17))",
        "hint": {"as_bool": true}}});
    graph["sym_float_values"] = json!({"f0": {"as_float": 1.5}, "f1": {"as_float": 2.5}});
    let make = json!({
        "target": "torch.ops.test.make.default",
        "name": "make",
        "inputs": [],
        "outputs": [{"as_sym_bool": {"as_name": "b0"}}, {"as_sym_float": {"as_name": "f0"}}],
        "metadata": {}
    });
    let t = json!({"name": "input_ids"});
    let args = json!([
        ["t", {"as_tensor": t}],
        ["ts", {"as_tensors": [t, t]}],
        ["ot_none", {"as_optional_tensor": {"as_none": true}}],
        ["ot", {"as_optional_tensor": {"as_tensor": t}}],
        ["ots", {"as_optional_tensors": [{"as_tensor": t}, {"as_none": true}]}],
        ["i", {"as_int": 3}],
        ["is", {"as_ints": [1, -2]}],
        ["si", {"as_sym_int": {"as_name": "sym_size_int_7"}}],
        ["sis", {"as_sym_ints": [{"as_name": "sym_size_int_7"}, {"as_int": 4}]}],
        ["f", {"as_float": 0.5}],
        ["f_inf", {"as_float": "-Infinity"}],
        ["fs", {"as_floats": [1.0, "Infinity", 2]}],
        ["b", {"as_bool": true}],
        ["bs", {"as_bools": [true, false]}],
        ["s", {"as_string": "tanh"}],
        ["ss", {"as_strings": ["a", "b"]}],
        ["dtype", {"as_scalar_type": 13}],
        ["layout", {"as_layout": 7}],
        ["device", {"as_device": {"type": "cuda", "index": 1}}],
        ["mf", {"as_memory_format": 2}],
        ["sb", {"as_sym_bool": {"as_name": "b0"}}],
        ["sf", {"as_sym_float": {"as_name": "f0"}}],
        ["c", {"as_complex": {"real": 1.0, "imag": -1.0}}],
        ["none", {"as_none": true}],
        ["nested", {"as_nested_tensors": [[t]]}],
        ["op", {"as_operator": "torch.ops.aten.add.Tensor"}],
        ["future", {"as_kind_from_the_future": 1}],
    ]);
    let inputs: Vec<Value> = args
        .as_array()
        .unwrap()
        .iter()
        .map(|a| json!({"name": a[0], "arg": a[1], "kind": 1}))
        .collect();
    let kinds = json!({
        "target": "torch.ops.test.kinds.default",
        "name": "kinds",
        "inputs": inputs,
        // A result, so the unknown operator is not one that only writes.
        "outputs": [{"as_sym_float": {"as_name": "f1"}}],
        "metadata": {}
    });
    let nodes = graph["nodes"].as_array_mut().unwrap();
    nodes.push(make);
    nodes.push(kinds);
    let dir = scratch("kinds");
    let path = write(&dir, "kinds.json", &p);
    let program = export::load(&path).unwrap();
    let g = Graph::from_program(&program).unwrap();
    let node = g.nodes.last().unwrap();
    assert_eq!(node.op.as_deref(), Some("test::kinds.default"));
    let value = |name: &str| g.values.iter().position(|v| v.name == name).unwrap() as u32;
    let id = |name: &str| fake_tensor::graph::ValueId(value(name));
    let x = id("input_ids");
    let arg = |name: &str| node.arg(name).unwrap().clone();
    assert_eq!(arg("t"), Arg::Tensor(x));
    assert_eq!(arg("ts"), Arg::Tensors(vec![x, x]));
    assert_eq!(arg("ot_none"), Arg::None);
    assert_eq!(arg("ot"), Arg::Tensor(x));
    assert_eq!(arg("ots"), Arg::OptTensors(vec![Some(x), None]));
    assert_eq!(arg("i"), Arg::Int(3));
    assert_eq!(arg("is"), Arg::Ints(vec![1, -2]));
    let sym = SymIntArg::Value(id("sym_size_int_7"));
    assert_eq!(arg("si"), Arg::SymInt(sym));
    assert_eq!(arg("sis"), Arg::SymInts(vec![sym, SymIntArg::Int(4)]));
    assert_eq!(arg("f"), Arg::Float(0.5));
    assert_eq!(arg("f_inf"), Arg::Float(f64::NEG_INFINITY));
    assert_eq!(arg("fs"), Arg::Floats(vec![1.0, f64::INFINITY, 2.0]));
    assert_eq!(arg("b"), Arg::Bool(true));
    assert_eq!(arg("bs"), Arg::Bools(vec![true, false]));
    assert_eq!(arg("s"), Arg::Str("tanh".into()));
    assert_eq!(arg("ss"), Arg::Strs(vec!["a".into(), "b".into()]));
    assert_eq!(arg("dtype"), Arg::DType(DType::BFloat16));
    assert_eq!(arg("layout"), Arg::Layout(Layout::Strided));
    assert_eq!(arg("device"), Arg::Device(Device::cuda(1)));
    assert_eq!(arg("mf"), Arg::MemoryFormat(MemoryFormat::ChannelsLast));
    assert_eq!(arg("sb"), Arg::SymBool(id("b0")));
    assert_eq!(arg("sf"), Arg::SymFloat(id("f0")));
    assert_eq!(arg("c"), Arg::Complex(1.0, -1.0));
    assert_eq!(arg("none"), Arg::None);
    assert_eq!(arg("nested"), Arg::Opaque("as_nested_tensors".into()));
    assert_eq!(arg("op"), Arg::Opaque("as_operator".into()));
    assert_eq!(arg("future"), Arg::Opaque("as_kind_from_the_future".into()));

    // Unknown operators are unsupported, by name; the rest still runs.
    let registry = fake_ops::registry();
    let mut prop = Plan::new(&g, &registry).run_checked(&g, registry).unwrap();
    let report = verify(&g, &mut prop);
    let (name, target, verdict) = report.nodes.last().unwrap();
    assert_eq!(
        (name.as_str(), target.as_str()),
        ("kinds", "torch.ops.test.kinds.default")
    );
    assert!(
        matches!(verdict, Verdict::Unsupported(why)
            if why.starts_with("test::kinds.default is a custom operator")),
        "{verdict:?}"
    );
    assert_eq!(report.mismatched(), 0);
}

#[test]
fn unknown_enum_values_name_node_and_argument() {
    let mut p = example_json("gpt2_core");
    let nodes = p["graph_module"]["graph"]["nodes"].as_array_mut().unwrap();
    let (i, j) = nodes
        .iter()
        .enumerate()
        .find_map(|(i, n)| {
            n["inputs"]
                .as_array()
                .unwrap()
                .iter()
                .position(|a| a["arg"].get("as_scalar_type").is_some())
                .map(|j| (i, j))
        })
        .unwrap();
    nodes[i]["inputs"][j]["arg"] = json!({"as_scalar_type": 99});
    let name = nodes[i]["name"].as_str().unwrap().to_string();
    let param = nodes[i]["inputs"][j]["name"].as_str().unwrap().to_string();
    let dir = scratch("enum");
    let path = write(&dir, "enum.json", &p);
    let program = export::load(&path).unwrap();
    let e = Graph::from_program(&program).unwrap_err();
    assert_eq!(
        e.to_string(),
        format!("node '{name}', argument '{param}': unknown dtype 99")
    );
}

/// Load, build and propagate `rounds` damaged copies of `text` (cut short
/// or with bytes replaced); returns how many loaded and how many were
/// refused. Nothing may panic.
fn damage(text: &[u8], rounds: usize, dir: &Path) -> (usize, usize) {
    let path = dir.join("model.json");
    let mut seed: u64 = 0x9e37_79b9_7f4a_7c15;
    let mut next = move || {
        seed = seed
            .wrapping_mul(6_364_136_223_846_793_005)
            .wrapping_add(1_442_695_040_888_963_407);
        (seed >> 33) as usize
    };
    let alphabet = b"{}[]:,\"'()0123456789-eE.aszSAIM_ \\";
    let (mut loaded, mut refused) = (0, 0);
    for round in 0..rounds {
        let mut bytes = text.to_vec();
        if round % 3 == 0 {
            bytes.truncate(next() % bytes.len());
        } else {
            for _ in 0..1 + round % 4 {
                let i = next() % bytes.len();
                bytes[i] = alphabet[next() % alphabet.len()];
            }
        }
        std::fs::write(&path, &bytes).expect("write");
        let Ok(program) = export::load(&path) else {
            refused += 1;
            continue;
        };
        loaded += 1;
        let Ok(g) = Graph::from_program(&program) else {
            continue;
        };
        let registry = fake_ops::registry();
        if let Ok(mut p) = Plan::new(&g, &registry).run_checked(&g, registry) {
            let _ = verify(&g, &mut p);
        }
    }
    (loaded, refused)
}

#[test]
fn damaged_files_are_errors_never_panics() {
    let mut zip = zip::ZipArchive::new(std::fs::File::open(mlp()).unwrap()).unwrap();
    let mut text = Vec::new();
    zip.by_name("mlp/models/model.json")
        .unwrap()
        .read_to_end(&mut text)
        .unwrap();
    let dir = scratch("damaged");
    let (loaded, refused) = damage(&text, 300, &dir);
    assert!(
        loaded > 0 && refused > 0,
        "{loaded} loaded, {refused} refused"
    );
    let gpt2 = std::fs::read(root().join("examples/gpt2_core.json")).unwrap();
    let (loaded, refused) = damage(&gpt2, 40, &dir);
    assert!(
        loaded > 0 && refused > 0,
        "{loaded} loaded, {refused} refused"
    );
}
