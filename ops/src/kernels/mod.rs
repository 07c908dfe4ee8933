//! Hand-written kernels: what no shape rule can say. A rule names one with
//! `@kernel(name)`, and the operator still counts as covered.

mod scalar;

pub(crate) use scalar::local_scalar_dense;
