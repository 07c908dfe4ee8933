//! Every limit the importer and the runtime keep, each exceeded once: the
//! refusal is a typed error naming the limit and the offending value, and
//! it comes before the work the limit guards against (a zip entry is not
//! inflated, a directory not read, a product not expanded).

use fake_runtime::limits::{MAX_EXPR_DEPTH, MAX_EXPR_TERMS, MAX_RANK, MAX_SYMBOLS};
use fake_runtime::mode::Value;
use fake_runtime::sym::ValueRange;
use fake_runtime::{DType, Dim, ErrorKind, FakeTensorMode, ShapeEnv, Source, SymInt};
use fake_tensor::export::archive::MAX_ARCHIVE_ENTRIES;
use fake_tensor::export::{self, JsonErrorKind, LoadError};
use fake_tensor::graph::{Graph, GraphError, MAX_NODES};
use std::collections::BTreeMap;
use std::path::PathBuf;

fn root() -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR"))
}

#[test]
fn an_input_of_too_many_dims_is_refused() {
    let mut m = FakeTensorMode::new(fake_ops::registry());
    let dims = vec![Dim::from(1); MAX_RANK + 1];
    let err = m.input(dims, DType::Float32).unwrap_err();
    match err.kind() {
        ErrorKind::RankTooLarge { rank, limit, .. } => {
            assert_eq!((*rank, *limit), (MAX_RANK + 1, MAX_RANK));
        }
        other => panic!("{other:?}"),
    }
    // At the limit is fine.
    assert!(
        m.input(vec![Dim::from(1); MAX_RANK], DType::Float32)
            .is_ok()
    );
}

#[test]
fn a_kernel_output_of_too_many_dims_is_refused() {
    let mut m = FakeTensorMode::new(fake_ops::registry());
    let x = m
        .input(vec![Dim::from(1); MAX_RANK], DType::Float32)
        .unwrap();
    let err = m
        .call("aten::unsqueeze", &[Value::Tensor(x), Value::Int(0.into())])
        .unwrap_err();
    match err.kind() {
        ErrorKind::RankTooLarge { op, rank, .. } => {
            assert_eq!(*rank, MAX_RANK + 1);
            assert_eq!(op, "aten::unsqueeze");
        }
        other => panic!("{other:?}"),
    }
}

#[test]
fn a_call_argument_of_too_many_dims_is_refused() {
    let sizes = vec!["1"; MAX_RANK + 1].join(",");
    let call = fake_tensor::call::parse(&format!("aten::relu(f32[{sizes}])")).unwrap();
    let err = fake_tensor::call::run(&call, &fake_ops::registry(), &BTreeMap::new()).unwrap_err();
    assert_eq!(err.kind(), "RankTooLarge");
    assert!(err.to_string().contains("rank 65"), "{err}");
}

/// `n` input symbols `s0..`, with hints 2, 3, ...
fn symbols(env: &mut ShapeEnv, n: usize) -> Vec<SymInt> {
    (0..n)
        .map(|i| {
            env.create_symint_input(
                2 + i as i64,
                Source::Local(format!("s{i}")),
                ValueRange::at_least(1),
            )
            .expect("a valid hint")
        })
        .collect()
}

#[test]
fn a_product_that_would_expand_past_the_term_limit_is_refused() {
    let mut env = ShapeEnv::new();
    let s = symbols(&mut env, 65);
    let mut sum = SymInt::Int(0);
    for &x in &s {
        sum = env.add(sum, x).unwrap();
    }
    // 64 x 64 terms is at the limit: expanded.
    let mut sub = SymInt::Int(0);
    for &x in &s[..64] {
        sub = env.add(sub, x).unwrap();
    }
    assert!(env.mul(sub, sub).is_ok());
    let err = env.mul(sum, sum).unwrap_err();
    match err.kind() {
        ErrorKind::ExprTooLarge { terms, limit, .. } => {
            assert_eq!((*terms, *limit), (65 * 65, MAX_EXPR_TERMS));
        }
        other => panic!("{other:?}"),
    }
}

#[test]
fn repeated_squaring_stops_with_an_error_not_a_hang() {
    let mut env = ShapeEnv::new();
    let s = symbols(&mut env, 6);
    let mut x = SymInt::Int(1);
    for &v in &s {
        x = env.add(x, v).unwrap();
    }
    let mut refused = None;
    for round in 0..20 {
        match env.mul(x, x) {
            Ok(y) => x = y,
            Err(e) => {
                refused = Some((round, e));
                break;
            }
        }
    }
    let (round, e) = refused.expect("the squares outgrow the limit");
    assert!(round < 6, "refused only at round {round}");
    assert!(matches!(e.kind(), ErrorKind::ExprTooLarge { .. }), "{e}");
}

#[test]
fn an_expression_nested_past_the_depth_limit_is_refused() {
    let mut env = ShapeEnv::new();
    let s = symbols(&mut env, 2);
    let mut x = s[0];
    let mut refused = None;
    for i in 0..2 * MAX_EXPR_DEPTH {
        // `Max(x, s1) + i`: a sum over a Max over a sum, two levels a round.
        let step = env
            .max(x, s[1])
            .and_then(|m| env.add(m, SymInt::Int(i as i64 + 1)));
        match step {
            Ok(y) => x = y,
            Err(e) => {
                refused = Some(e);
                break;
            }
        }
    }
    let e = refused.expect("the nesting outgrows the limit");
    match e.kind() {
        ErrorKind::ExprTooDeep { depth, limit, .. } => {
            assert_eq!(*limit, MAX_EXPR_DEPTH);
            assert!(*depth > MAX_EXPR_DEPTH);
        }
        other => panic!("{other:?}"),
    }
}

#[test]
fn symbols_past_the_limit_are_refused() {
    let mut env = ShapeEnv::new();
    for i in 0..MAX_SYMBOLS {
        env.create_symint_input(5, Source::Local(format!("x{i}")), ValueRange::at_least(1))
            .unwrap();
    }
    let err = env
        .create_symint_input(5, Source::Local("last".into()), ValueRange::at_least(1))
        .unwrap_err();
    match err.kind() {
        ErrorKind::TooManySymbols { source_name, limit } => {
            assert_eq!(*limit, MAX_SYMBOLS);
            assert_eq!(source_name, "last");
        }
        other => panic!("{other:?}"),
    }
}

#[test]
fn json_nested_too_deep_is_an_error_at_a_place() {
    // An argument of a kind this reader does not know is kept as JSON, so
    // only serde_json's recursion limit (128) stops its nesting; we report
    // where.
    let text = std::fs::read(root().join("examples/custom_op.json")).unwrap();
    let mut program: serde_json::Value = serde_json::from_slice(&text).unwrap();
    program["graph_module"]["graph"]["nodes"][0]["inputs"][0]["arg"] =
        serde_json::json!({"as_future_kind": "DEEP"});
    let deep = program.to_string().replace(
        "\"DEEP\"",
        &format!("{}{}", "[".repeat(1000), "]".repeat(1000)),
    );
    let err = export::load_bytes(deep.as_bytes(), "deep.json").unwrap_err();
    match &err {
        LoadError::Json(j) => {
            assert_eq!(j.kind, JsonErrorKind::TooDeep, "{err}");
            assert!(j.message.contains("recursion limit"), "{err}");
            assert!(
                j.path.starts_with("graph_module.graph.nodes[0].inputs[0]"),
                "{err}"
            );
        }
        other => panic!("{other:?}"),
    }
    // The same in a call: a line of `fake call --jsonl`.
    let run_line = |line: &str| {
        fake_tensor::call::run_json_line(
            line,
            &fake_ops::registry(),
            &BTreeMap::new(),
            Default::default(),
        )
    };
    let line = format!(
        "{{\"op\": \"aten::relu\", \"args\": {}{}}}",
        "[".repeat(1000),
        "]".repeat(1000)
    );
    let err = run_line(&line).unwrap_err();
    assert_eq!(err.kind(), "NotACall");
    assert!(err.to_string().contains("recursion limit"), "{err}");
    // And nesting within serde's limit but past the call reader's own.
    let line = format!(
        "{{\"op\": \"aten::relu\", \"args\": {}{}}}",
        "[".repeat(100),
        "]".repeat(100)
    );
    let err = run_line(&line).unwrap_err();
    assert!(err.to_string().contains("deep"), "{err}");
}

/// `mlp.pt2` with the central directory's uncompressed size of the
/// program entry set to `size`.
fn mlp_declaring(size: u32) -> Vec<u8> {
    let mut bytes = std::fs::read(root().join("tests/fixtures/mlp.pt2")).expect("mlp.pt2");
    let mut patched = false;
    let mut i = 0;
    while let Some(at) = bytes[i..].windows(4).position(|w| w == b"PK\x01\x02") {
        let h = i + at;
        let name_len = u16::from_le_bytes([bytes[h + 28], bytes[h + 29]]) as usize;
        let name = String::from_utf8_lossy(&bytes[h + 46..h + 46 + name_len]).into_owned();
        if name.ends_with("models/model.json") {
            bytes[h + 24..h + 28].copy_from_slice(&size.to_le_bytes());
            patched = true;
        }
        i = h + 4;
    }
    assert!(patched, "mlp.pt2 has a models/model.json entry");
    bytes
}

#[test]
fn an_entry_declaring_more_than_the_limit_is_refused_uninflated() {
    let bytes = mlp_declaring(0xF000_0000);
    let err = export::load_bytes(&bytes, "bomb.pt2").unwrap_err();
    match &err {
        LoadError::TooLarge {
            location,
            limit,
            declared,
        } => {
            assert_eq!(*limit, export::archive::MAX_PROGRAM_BYTES);
            assert_eq!(*declared, Some(0xF000_0000));
            assert!(location.contains("models/model.json"), "{location}");
        }
        other => panic!("{other:?}"),
    }
    assert!(err.to_string().contains("declares 4026531840"), "{err}");
}

/// A zip of no entries whose zip64 end record declares `entries`.
fn zip64_declaring(entries: u64) -> Vec<u8> {
    let mut b = Vec::new();
    // Zip64 end of central directory record, at offset 0.
    b.extend_from_slice(b"PK\x06\x06");
    b.extend_from_slice(&44u64.to_le_bytes()); // size of the rest
    b.extend_from_slice(&45u16.to_le_bytes()); // version made by
    b.extend_from_slice(&45u16.to_le_bytes()); // version needed
    b.extend_from_slice(&0u32.to_le_bytes()); // this disk
    b.extend_from_slice(&0u32.to_le_bytes()); // disk of the directory
    b.extend_from_slice(&entries.to_le_bytes()); // entries on this disk
    b.extend_from_slice(&entries.to_le_bytes()); // entries in total
    b.extend_from_slice(&0u64.to_le_bytes()); // directory size
    b.extend_from_slice(&0u64.to_le_bytes()); // directory offset
    // Its locator.
    b.extend_from_slice(b"PK\x06\x07");
    b.extend_from_slice(&0u32.to_le_bytes());
    b.extend_from_slice(&0u64.to_le_bytes()); // offset of the record
    b.extend_from_slice(&1u32.to_le_bytes());
    // The end record, deferring to zip64.
    b.extend_from_slice(b"PK\x05\x06");
    b.extend_from_slice(&0u16.to_le_bytes());
    b.extend_from_slice(&0u16.to_le_bytes());
    b.extend_from_slice(&0xFFFFu16.to_le_bytes());
    b.extend_from_slice(&0xFFFFu16.to_le_bytes());
    b.extend_from_slice(&0xFFFF_FFFFu32.to_le_bytes());
    b.extend_from_slice(&0xFFFF_FFFFu32.to_le_bytes());
    b.extend_from_slice(&0u16.to_le_bytes());
    b
}

#[test]
fn an_archive_declaring_too_many_entries_is_refused_before_reading_them() {
    let bytes = zip64_declaring(1 << 40);
    let err = export::load_bytes(&bytes, "many.pt2").unwrap_err();
    match &err {
        LoadError::TooManyEntries {
            declared, limit, ..
        } => {
            assert_eq!(*declared, 1 << 40);
            assert_eq!(*limit, MAX_ARCHIVE_ENTRIES);
        }
        other => panic!("{other:?}"),
    }
    // Within the limit, the same bytes reach the zip reader, which says
    // what is wrong with them.
    let err = export::load_bytes(&zip64_declaring(3), "few.pt2").unwrap_err();
    assert!(matches!(err, LoadError::Zip { .. }), "{err:?}");
}

#[test]
fn a_graph_of_too_many_nodes_is_refused() {
    let text = std::fs::read(root().join("examples/custom_op.json")).unwrap();
    let mut program = export::parse_program(&text, "custom_op.json").unwrap();
    let mut node = program.graph().nodes[0].clone();
    node.inputs.clear();
    node.outputs.clear();
    node.target = "torch.ops.aten._assert_async.default".into();
    program.graph_module.graph.nodes = vec![node; MAX_NODES + 1];
    match Graph::from_program(&program) {
        Err(GraphError::TooManyNodes { limit }) => assert_eq!(limit, MAX_NODES),
        other => panic!("{:?}", other.map(|g| g.nodes.len())),
    }
}

#[test]
fn a_json_program_file_over_the_size_limit_is_refused_unread() {
    // A sparse file: its length says it is too large, nothing is read.
    let path = std::env::temp_dir().join(format!("fake-tensor-{}-huge.json", std::process::id()));
    let file = std::fs::File::create(&path).unwrap();
    std::io::Write::write_all(&mut &file, b"{").unwrap();
    file.set_len(export::archive::MAX_PROGRAM_BYTES + 1)
        .unwrap();
    let err = export::load(&path).unwrap_err();
    let _ = std::fs::remove_file(&path);
    match err {
        LoadError::TooLarge {
            limit, declared, ..
        } => {
            assert_eq!(limit, export::archive::MAX_PROGRAM_BYTES);
            assert_eq!(declared, Some(export::archive::MAX_PROGRAM_BYTES + 1));
        }
        other => panic!("{other:?}"),
    }
}
