//! The runtime's integration tests, one module per file of `tests/`,
//! compiled and linked as one binary. `cargo test -p fake-runtime --test
//! suite -- sym::` runs one file's tests.

mod common;

mod decisions;
mod memory;
mod mode;
mod mode_conformance;
mod names;
mod printing;
mod promotion;
mod safetensors;
mod shape_env;
mod shape_env_conformance;
mod sym;
mod sym_props;
mod view_props;
