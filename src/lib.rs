//! fake-tensor: tensor metadata propagation with symbolic shapes.
//!
//! This facade re-exports the runtime; the graph IR, torch.export import
//! and the `fake` command line build on it.

#![warn(missing_docs)]

pub use fake_runtime as runtime;
