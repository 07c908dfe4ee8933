//! Finds the operator catalogs (`ops/catalog/*.schemas`, or
//! `ops/schemas/*.schemas` where they used to live) and copies them into
//! `OUT_DIR`, so `fake rules` can compare the registry with the Core ATen
//! set whichever layout the checkout has. A missing catalog is an empty
//! file, never a build failure.

use std::path::{Path, PathBuf};

const DIRS: [&str; 2] = ["ops/catalog", "ops/schemas"];

fn main() {
    let root = PathBuf::from(std::env::var("CARGO_MANIFEST_DIR").unwrap_or_default());
    let out = PathBuf::from(std::env::var("OUT_DIR").unwrap_or_default());
    // Watch only what exists: a missing path would rerun this script (and
    // rebuild the crate) on every build; a watched one that goes away does.
    println!("cargo::rerun-if-changed=build.rs");
    for dir in DIRS {
        let path = root.join(dir);
        if path.is_dir() {
            println!("cargo::rerun-if-changed={}", path.display());
        }
    }
    for file in ["core_aten.schemas", "aten.schemas"] {
        let text = find(&root, file).unwrap_or_default();
        if let Err(e) = std::fs::write(out.join(file), text) {
            println!("cargo::warning=cannot write {file} to OUT_DIR: {e}");
        }
    }
}

fn find(root: &Path, file: &str) -> Option<String> {
    DIRS.iter()
        .find_map(|dir| std::fs::read_to_string(root.join(dir).join(file)).ok())
}
