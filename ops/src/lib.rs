//! The declared operator surface of fake-tensor and its shape rules.
//!
//! [`registry`] is the table of every declared operator overload, sorted by
//! name, that [`fake_runtime::FakeTensorMode`] dispatches through.

use fake_runtime::{OpDef, StaticRegistry};

/// Every declared operator overload, sorted by name.
pub static OPS: &[OpDef] = &[];

/// The registry of every declared operator.
pub fn registry() -> StaticRegistry {
    StaticRegistry(OPS)
}
