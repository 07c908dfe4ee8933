//! Procedural macros of fake-tensor: they read the declared operator surface
//! and the `ops/*.rules` shape rules at compile time, check them, and expand
//! them into typed meta kernels.
