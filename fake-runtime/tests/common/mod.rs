//! Helpers shared by the mode's integration tests.

#![allow(dead_code)] // each test binary uses part of it

pub mod kernels;
pub mod replay;
