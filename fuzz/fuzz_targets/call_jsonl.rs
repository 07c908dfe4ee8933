//! `fake call --jsonl` from arbitrary bytes: each line of the input, read
//! as a call's JSON form and run in a fresh mode, as the command runs it,
//! and its result line written.
//!
//! A line that is not a call, or a call an operator refuses, is a typed
//! error in the result; a panic, a hang or a stack overflow is a bug.

#![no_main]

use fake_tensor::call::{result_json, run_json_line};
use libfuzzer_sys::fuzz_target;
use std::collections::BTreeMap;

fuzz_target!(|data: &[u8]| {
    let Ok(text) = std::str::from_utf8(data) else {
        return;
    };
    let registry = fake_ops::registry();
    let hints = BTreeMap::from([("s0".to_string(), 3), ("s1".to_string(), 1)]);
    for line in text.lines().take(16) {
        let result = run_json_line(line, &registry, &hints, Default::default());
        let _ = result_json(&result).to_string();
    }
});
