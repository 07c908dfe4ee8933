//! The package's integration tests, one module per file of `tests/`,
//! compiled and linked as one binary (a test binary per file linked the
//! whole operator library once each). `cargo test --test suite -- cli::`
//! runs one file's tests. The OpInfo sweeps (`opinfo`, `error_inputs`)
//! stay binaries of their own, run by name.

mod autograd;
mod bad_arguments;
mod call;
mod cli;
mod custom_op;
mod doc_commands;
mod embedding;
#[path = "support/examples.rs"]
mod examples;
mod front;
mod fuzz_regressions;
mod guard_soundness;
mod import;
mod limits;
mod mem;
mod programs;
mod runner;
mod runtime_mode;
mod schema_model;
mod srepr;
mod verify;
