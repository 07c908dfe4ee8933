//! fake-tensor: tensor metadata propagation with symbolic shapes.
//!
//! The runtime ([`runtime`], the `fake-runtime` crate) computes what tensor
//! operations produce without data. This crate reads programs saved by
//! `torch.export` ([`export`]), turns them into a small graph IR,
//! propagates fake tensors through every node and compares the result with
//! what PyTorch recorded; the `fake` command line drives it.

#![warn(missing_docs)]

mod builtins;
pub mod call;
pub mod export;
pub mod graph;
mod hop;
pub mod mem;
pub mod prop;
pub mod verify;

pub use fake_runtime as runtime;
