//! The `rules!` front end as a library (`fake-rules`): the schema parser,
//! the rules parser, the checker and the rendering of their diagnostics.
//!
//! The input is UTF-8 text. Up to a line `%%` it is a `.schemas` file
//! added to the Core ATen catalogue and required to have rules; after it
//! (or all of it, without `%%`) a `.rules` file. The rules are checked
//! against the real intrinsics of `fake-ops`, read once. Whatever the
//! text, the front end returns checked operators or rendered mistakes;
//! a panic, a hang or a stack overflow is a bug.

#![no_main]

use fake_rules::{Input, Inputs, IntrinsicFile, ReadIntrinsics, front_end_with};
use libfuzzer_sys::fuzz_target;
use std::sync::OnceLock;

/// The Core ATen catalogue the rules may name.
const CATALOG: &str = include_str!("../../ops/catalog/core_aten.schemas");

/// One in-memory file.
fn input(display: &str, text: &str) -> Input {
    Input {
        display: display.to_string(),
        absolute: format!("/{display}"),
        text: text.to_string(),
    }
}

/// The intrinsics of `fake-ops`, read once.
fn intrinsics() -> &'static ReadIntrinsics {
    static READ: OnceLock<ReadIntrinsics> = OnceLock::new();
    READ.get_or_init(|| {
        let dir = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("../ops/src/intrinsics");
        let mut paths: Vec<_> = std::fs::read_dir(&dir)
            .map(|d| d.filter_map(|e| e.ok().map(|e| e.path())).collect())
            .unwrap_or_default();
        paths.retain(|p| p.extension().is_some_and(|e| e == "rs"));
        paths.sort();
        let files: Vec<IntrinsicFile> = paths
            .iter()
            .filter_map(|p| {
                let stem = p.file_stem()?.to_str()?.to_string();
                let text = std::fs::read_to_string(p).ok()?;
                Some(IntrinsicFile {
                    input: input(&format!("ops/src/intrinsics/{stem}.rs"), &text),
                    module: match stem.as_str() {
                        "mod" => "crate::intrinsics".to_string(),
                        s => format!("crate::intrinsics::{s}"),
                    },
                })
            })
            .collect();
        ReadIntrinsics::read(&files)
    })
}

fuzz_target!(|data: &[u8]| {
    let Ok(text) = std::str::from_utf8(data) else {
        return;
    };
    let (schemas, rules) = match text.split_once("\n%%\n") {
        Some((s, r)) => (Some(s), r),
        None => (None, text),
    };
    let mut catalog = vec![input("ops/catalog/core_aten.schemas", CATALOG)];
    let mut required = Vec::new();
    if let Some(s) = schemas {
        catalog.push(input("fuzz.schemas", s));
        required.push(input("fuzz.schemas", s));
    }
    let inputs = Inputs {
        schemas: catalog,
        rules: vec![input("fuzz.rules", rules)],
        intrinsics: Vec::new(),
        required,
        pending: Vec::new(),
    };
    let _ = front_end_with(intrinsics(), &inputs);
});
