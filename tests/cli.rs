//! The `fake` command line: `prop` in its three formats, `bench` and
//! `rules` end with the lines scripts read, errors go to stderr as
//! `error: ...`.

use std::process::{Command, Output};

fn fake(args: &[&str]) -> Output {
    Command::new(env!("CARGO_BIN_EXE_fake"))
        .current_dir(env!("CARGO_MANIFEST_DIR"))
        .args(args)
        .output()
        .expect("fake runs")
}

fn stdout(o: &Output) -> String {
    String::from_utf8(o.stdout.clone()).expect("utf-8")
}

#[test]
fn prop_table() {
    let o = fake(&["prop", "examples/resnet18.json"]);
    assert!(o.status.success());
    let out = stdout(&o);
    let header = out.lines().next().unwrap();
    assert!(header.starts_with("node"), "{header}");
    for col in ["op", "sizes", "strides", "dtype", "device", "storage"] {
        assert!(header.contains(col), "{header}");
    }
    let x = out.lines().find(|l| l.starts_with("x ")).unwrap();
    assert!(x.contains("[s77, 3, 224, 224]"), "{x}");
    assert!(x.contains("[150528, 50176, 224, 1]"), "{x}");
    assert!(
        out.contains("\nsymbols (1):\n  s77: x.size()[0], hint 4, range ["),
        "{out}"
    );
    assert!(out.contains("\nguards ("), "{out}");
    assert!(out.contains("\nruntime asserts ("), "{out}");
}

#[test]
fn prop_json() {
    let o = fake(&["prop", "examples/gpt2_core.json", "--format", "json"]);
    assert!(o.status.success());
    let doc: serde_json::Value = serde_json::from_str(&stdout(&o)).unwrap();
    let values = doc["values"].as_array().unwrap();
    let ids = values
        .iter()
        .find(|v| v["node"] == "input_ids")
        .expect("the user input is listed");
    assert_eq!(ids["meta"]["sizes"], serde_json::json!(["s72", "s70"]));
    assert_eq!(ids["meta"]["dtype"], "int64");
    let s70 = doc["symbols"]
        .as_array()
        .unwrap()
        .iter()
        .find(|s| s["name"] == "s70")
        .expect("s70 is listed");
    assert_eq!(s70["source"], "input_ids.size()[1]");
    assert_eq!(s70["hint"], 17);
    assert!(doc["guards"].is_array());
    assert!(doc["runtime_asserts"].is_array());
}

#[test]
fn prop_dot() {
    let o = fake(&["prop", "tests/fixtures/mlp.pt2", "--format", "dot"]);
    assert!(o.status.success());
    let out = stdout(&o);
    assert!(out.starts_with("digraph program {"), "{out}");
    assert!(out.trim_end().ends_with('}'), "{out}");
    assert!(out.contains("[label=\"[s77, 4] float32\"]"), "{out}");
}

#[test]
fn bench_last_line() {
    let o = fake(&["bench", "tests/fixtures/mlp.pt2", "--runs", "3"]);
    assert!(o.status.success());
    let out = stdout(&o);
    let last = out.lines().last().unwrap();
    let rest = last.strip_prefix("bench: 3 nodes, median ").unwrap();
    let (us, rest) = rest.split_once(" us per propagation (").unwrap();
    us.parse::<f64>().unwrap();
    rest.strip_suffix(" ns/node)")
        .unwrap()
        .parse::<u64>()
        .unwrap();
}

#[test]
fn bench_static_reports_replayed_calls() {
    let o = fake(&["bench", "examples/resnet18.json", "--runs", "1", "--static"]);
    assert!(o.status.success());
    let out = stdout(&o);
    let line = out
        .lines()
        .find_map(|l| l.strip_prefix("replays: "))
        .unwrap_or_else(|| panic!("no replays line in {out}"));
    let (replayed, rest) = line.split_once(" of 69 nodes").unwrap();
    // resnet18's repeated convolutions, batch norms and ReLUs.
    assert!(replayed.parse::<usize>().unwrap() > 0, "{line}");
    assert!(rest.starts_with(" answered"), "{line}");
}

#[test]
fn rules_last_line() {
    let o = fake(&["rules"]);
    assert!(o.status.success());
    let out = stdout(&o);
    let last = out.lines().last().unwrap();
    let rest = last.strip_prefix("rules: ").unwrap();
    let (total, rest) = rest.split_once(" operators (").unwrap();
    let (r, rest) = rest.split_once(" by a rule, ").unwrap();
    let (d, rest) = rest.split_once(" derived, ").unwrap();
    let (h, rest) = rest.split_once(" hand-written) of ").unwrap();
    let (s, rest) = rest.split_once(" catalogued schemas, core ATen ").unwrap();
    let (c, rest) = rest.split_once('/').unwrap();
    assert_eq!(rest, "193 covered", "{last}");
    let n = |x: &str| x.parse::<usize>().unwrap();
    assert_eq!(n(r) + n(d) + n(h), n(total), "{last}");
    assert!(n(d) > 0, "{last}");
    for x in [s, c] {
        n(x);
    }
    // Each operator line says how it is implemented.
    assert!(
        out.lines()
            .any(|l| l.contains("aten::add.out") && l.contains(" derived ")),
        "{out}"
    );
    assert!(c.parse::<usize>().unwrap() <= 193, "{last}");
}

#[test]
fn errors_go_to_stderr_with_their_cause() {
    let o = fake(&["prop", "Cargo.toml"]);
    assert_eq!(o.status.code(), Some(2));
    assert!(o.stdout.is_empty());
    let err = String::from_utf8(o.stderr).unwrap();
    assert!(
        err.starts_with("error: Cargo.toml: not a .pt2 archive or a model.json"),
        "{err}"
    );
}

#[test]
fn a_reader_that_stops_early_ends_the_program_quietly() {
    use std::io::{BufRead, BufReader};
    use std::process::Stdio;
    let mut child = Command::new(env!("CARGO_BIN_EXE_fake"))
        .current_dir(env!("CARGO_MANIFEST_DIR"))
        // More output than a pipe holds, so writing must meet the closed end.
        .args(["prop", "examples/gpt2_core.json", "--format", "json"])
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("fake runs");
    let mut first = String::new();
    let mut reader = BufReader::new(child.stdout.take().expect("stdout"));
    reader.read_line(&mut first).expect("a line");
    assert!(first.starts_with('{'), "{first}");
    // As `fake prop FILE | head -1`: the reader goes away.
    drop(reader);
    let o = child.wait_with_output().expect("fake ends");
    let err = String::from_utf8_lossy(&o.stderr);
    assert!(!err.contains("panicked"), "{err}");
    assert!(o.status.success(), "{:?}: {err}", o.status);
}

#[test]
fn prop_data_dependent_sizes_without_guards() {
    // nonzero, then elementwise math and reductions on its [u0, 2] result.
    let o = fake(&["prop", "tests/fixtures/programs/nonzero.json"]);
    assert!(o.status.success(), "{}", String::from_utf8_lossy(&o.stderr));
    let out = stdout(&o);
    for node in ["nonzero ", "mul ", "relu "] {
        let line = out
            .lines()
            .find(|l| l.starts_with(node))
            .unwrap_or_else(|| panic!("{node} missing:\n{out}"));
        assert!(line.contains("[u0, 2]"), "{line}");
    }
    assert!(out.contains("\nguards (0):\n"), "{out}");
    assert!(
        out.contains("\nruntime asserts (1):\n  u0 >= 0  (range of aten::nonzero)"),
        "{out}"
    );
}

#[test]
fn bench_refuses_zero_runs() {
    let o = fake(&["bench", "tests/fixtures/mlp.pt2", "--runs", "0"]);
    assert_eq!(o.status.code(), Some(2));
    let err = String::from_utf8_lossy(&o.stderr);
    assert!(err.contains("--runs"), "{err}");
}

#[test]
fn a_binary_file_is_described_not_echoed() {
    let dir = std::env::temp_dir().join(format!("fake-cli-binary-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let path = dir.join("model.json");
    std::fs::write(
        &path,
        [0x7f, b'E', b'L', b'F', 0xff, 0x00, 0x1b, b'[', b'2', b'J'],
    )
    .unwrap();
    let o = fake(&["prop", path.to_str().unwrap()]);
    assert_eq!(o.status.code(), Some(2));
    let err = String::from_utf8(o.stderr).expect("the message is UTF-8");
    assert!(
        err.contains("binary data starting with bytes 7f 45 4c 46 ff 00 1b"),
        "{err}"
    );
    assert!(err.chars().all(|c| c == '\n' || !c.is_control()), "{err:?}");
    std::fs::remove_dir_all(&dir).ok();
}

#[test]
fn prop_exits_1_naming_the_node_whose_operator_refuses_its_inputs() {
    // resnet18 given 4 input channels where its first convolution takes 3.
    let root = std::path::Path::new(env!("CARGO_MANIFEST_DIR"));
    let text = std::fs::read_to_string(root.join("examples/resnet18_core.json")).unwrap();
    let mut program: serde_json::Value = serde_json::from_str(&text).unwrap();
    program["graph_module"]["graph"]["tensor_values"]["x"]["sizes"][1] =
        serde_json::json!({"as_int": 4});
    let dir = std::env::temp_dir().join(format!("fake-cli-refused-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let path = dir.join("model.json");
    std::fs::write(&path, program.to_string()).unwrap();
    let file = path.to_str().unwrap();
    // The table, the JSON document and the memory report alike: the
    // output is printed (recorded metadata for the failed node), then the
    // refusal.
    for args in [
        &["prop", file][..],
        &["prop", file, "--format", "json"],
        &["mem", file],
    ] {
        let o = fake(args);
        assert_eq!(o.status.code(), Some(1), "{args:?}");
        assert!(!o.stdout.is_empty(), "{args:?}");
        let err = String::from_utf8(o.stderr).unwrap();
        let first = err.lines().next().unwrap_or_default();
        assert!(
            first.starts_with("error: node 'convolution' (aten::convolution.default): "),
            "{args:?}: {err}"
        );
        assert!(first.contains('3') && first.contains('4'), "{first}");
    }
    std::fs::remove_dir_all(&dir).ok();
}
