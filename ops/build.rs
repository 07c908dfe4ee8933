//! Rebuild `fake-ops` when a `.rules` file is added or removed: the
//! macro `include_str!`s every file it reads, which covers edits, but
//! only a watched directory covers new and deleted files.

fn main() {
    println!("cargo:rerun-if-changed=rules");
    println!("cargo:rerun-if-changed=catalog");
}
