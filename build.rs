//! Finds the operator catalogs (`ops/catalog/*.schemas`, or
//! `ops/schemas/*.schemas` where they used to live) and copies them into
//! `OUT_DIR`, so `fake rules` can compare the registry with the Core ATen
//! set whichever layout the checkout has. A missing catalog is an empty
//! file, never a build failure.

use std::path::{Path, PathBuf};

fn main() {
    let root = PathBuf::from(std::env::var("CARGO_MANIFEST_DIR").unwrap_or_default());
    let out = PathBuf::from(std::env::var("OUT_DIR").unwrap_or_default());
    for dir in ["ops/catalog", "ops/schemas"] {
        println!("cargo::rerun-if-changed={}", root.join(dir).display());
    }
    for file in ["core_aten.schemas", "extra.schemas"] {
        let text = find(&root, file).unwrap_or_default();
        if let Err(e) = std::fs::write(out.join(file), text) {
            println!("cargo::warning=cannot write {file} to OUT_DIR: {e}");
        }
    }
}

fn find(root: &Path, file: &str) -> Option<String> {
    ["ops/catalog", "ops/schemas"].iter().find_map(|dir| {
        let path = root.join(dir).join(file);
        println!("cargo::rerun-if-changed={}", path.display());
        std::fs::read_to_string(path).ok()
    })
}
