//! Helpers shared by the mode's integration tests.

#![allow(dead_code)] // the safetensors tests use it only with that feature

pub mod kernels;
pub mod replay;
