//! Procedural macros of fake-tensor: they read the declared operator surface
//! and the `ops/*.rules` shape rules at compile time, check them, and expand
//! them into typed meta kernels.
//!
//! The front end is a plain library inside this crate, tested without a
//! compiler: `schema` and `parse` read the files into an `ast`,
//! `check` resolves and checks every rule against its schema and returns
//! the IR of `ir` that code generation consumes. Every mistake becomes a
//! `diagnostic::Diagnostic` rendered as rustc renders errors; nothing
//! panics on any input.

#![warn(clippy::missing_docs_in_private_items)]
// Until code generation lands, only the tests call the front end.
#![allow(
    dead_code,
    reason = "the front end is consumed by code generation, not written yet"
)]

mod ast;
mod diagnostic;
mod kind;
mod parse;
mod schema;
