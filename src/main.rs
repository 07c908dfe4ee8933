//! The `fake` command line.

fn main() {}
