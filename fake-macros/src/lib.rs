//! Procedural macros of fake-tensor: they read the declared operator surface
//! and the `.rules` shape rules at compile time, check them, and expand
//! them into typed meta kernels.
//!
//! The front end is a plain library inside this crate, tested without a
//! compiler: `schema` and `parse` read the files into an `ast`,
//! `check` resolves and checks every rule against its schema and returns
//! the IR of `ir` that `codegen` turns into Rust (`schema_defs` the
//! schemas into the runtime's schema model). Every mistake becomes a
//! `diagnostic::Diagnostic` rendered as rustc renders errors; nothing
//! panics on any input.
//!
//! ```ignore
//! // In `fake-ops`: every schema of `declared.schemas` gets its rule from
//! // `rules/*.rules`; both paths are relative to the invoking file.
//! fake_macros::rules!(schemas = "../declared.schemas", rules = "../rules");
//! ```

#![warn(clippy::missing_docs_in_private_items)]

mod ast;
mod check;
mod codegen;
mod diagnostic;
mod intrinsics;
mod ir;
mod kind;
mod parse;
mod schema;
mod schema_defs;

use diagnostic::{Diag, Sources};
use proc_macro::TokenStream;
use std::path::{Path, PathBuf};

/// Expand shape rules into kernels:
/// `rules!(schemas = "<file or dir>", rules = "<file or dir>")`.
///
/// `schemas` is a `.schemas` file (or a directory of them) holding the
/// declared operator surface; `rules` a `.rules` file (or a directory of
/// them). Paths are relative to the directory of the invoking source file
/// (as `include_str!`). The expansion defines `pub mod typed` (a typed
/// kernel per overload), `pub mod erased` (an erased entry per overload),
/// `pub enum Op` and `pub static OPS: &[OpDef]` sorted by name; every file
/// read is `include_str!`-ed so editing it rebuilds the crate. Mistakes
/// are reported as `compile_error!`s, each with its `file:line:col`, the
/// line and a caret.
#[proc_macro]
pub fn rules(input: TokenStream) -> TokenStream {
    // The invoking file, relative to rustc's working directory (or
    // absolute); its directory is what relative paths start from.
    let base = proc_macro::Span::call_site()
        .local_file()
        .and_then(|f| f.parent().map(Path::to_path_buf))
        .map(|d| match std::env::current_dir() {
            Ok(cwd) if d.is_relative() => cwd.join(d),
            _ => d,
        })
        .or_else(|| std::env::var_os("CARGO_MANIFEST_DIR").map(PathBuf::from))
        .unwrap_or_default();
    match parse_input(input.into()) {
        Ok((schemas, rules)) => expand_paths(&base, &schemas, &rules).into(),
        Err(e) => e.to_compile_error().into(),
    }
}

/// `schemas = "..", rules = ".."`.
fn parse_input(input: proc_macro2::TokenStream) -> syn::Result<(String, String)> {
    use syn::parse::Parser;
    use syn::punctuated::Punctuated;
    let parser = Punctuated::<syn::MetaNameValue, syn::Token![,]>::parse_terminated;
    let items = parser.parse2(input)?;
    let (mut schemas, mut rules) = (None, None);
    for item in &items {
        let value = match &item.value {
            syn::Expr::Lit(syn::ExprLit {
                lit: syn::Lit::Str(s),
                ..
            }) => s.value(),
            other => {
                return Err(syn::Error::new_spanned(
                    other,
                    "expected a string literal path",
                ));
            }
        };
        if item.path.is_ident("schemas") {
            schemas = Some(value);
        } else if item.path.is_ident("rules") {
            rules = Some(value);
        } else {
            return Err(syn::Error::new_spanned(
                &item.path,
                "expected `schemas = \"..\"` or `rules = \"..\"`",
            ));
        }
    }
    match (schemas, rules) {
        (Some(s), Some(r)) => Ok((s, r)),
        _ => Err(syn::Error::new(
            proc_macro2::Span::call_site(),
            "expected `rules!(schemas = \"<file or dir>\", rules = \"<file or dir>\")`",
        )),
    }
}

/// The files `path` names: itself, or the files of the directory with
/// extension `ext`, sorted.
fn list_files(path: &Path, ext: &str) -> std::io::Result<Vec<PathBuf>> {
    if path.is_dir() {
        let mut out: Vec<PathBuf> = std::fs::read_dir(path)?
            .filter_map(|e| e.ok().map(|e| e.path()))
            .filter(|p| p.extension().is_some_and(|e| e == ext))
            .collect();
        out.sort();
        Ok(out)
    } else {
        Ok(vec![path.to_path_buf()])
    }
}

/// How a path is shown in messages: relative to the workspace root (the
/// nearest ancestor holding a `Cargo.lock`), so messages read
/// `ops/rules/core.rules:3:7` wherever the checkout is.
fn display_path(path: &Path) -> String {
    let mut dir = path.parent();
    while let Some(d) = dir {
        if d.join("Cargo.lock").exists()
            && let Ok(rel) = path.strip_prefix(d)
        {
            return rel.display().to_string();
        }
        dir = d.parent();
    }
    path.display().to_string()
}

/// One file read by the macro.
struct Input {
    /// As shown in messages.
    display: String,
    /// Absolute, for `include_str!`.
    absolute: String,
    /// Its text.
    text: String,
}

/// Read the files and expand them.
fn expand_paths(base: &Path, schemas: &str, rules: &str) -> proc_macro2::TokenStream {
    let mut errors = Vec::new();
    let mut read = |rel: &str, ext: &str| -> Vec<Input> {
        let path = base.join(rel);
        let files = match list_files(&path, ext) {
            Ok(f) => f,
            Err(e) => {
                errors.push(format!("cannot read `{}`: {e}", path.display()));
                return Vec::new();
            }
        };
        let mut out = Vec::new();
        for f in files {
            let f = std::fs::canonicalize(&f).unwrap_or(f);
            match std::fs::read_to_string(&f) {
                Ok(text) => out.push(Input {
                    display: display_path(&f),
                    absolute: f.display().to_string(),
                    text,
                }),
                Err(e) => errors.push(format!("cannot read `{}`: {e}", f.display())),
            }
        }
        out
    };
    let s = read(schemas, "schemas");
    let r = read(rules, "rules");
    if !errors.is_empty() {
        return codegen::stubs(&errors, &[]);
    }
    expand(&s, &r)
}

/// Parse, check and generate; on mistakes, the rendered errors and stubs.
fn expand(schemas: &[Input], rules: &[Input]) -> proc_macro2::TokenStream {
    let files: Vec<String> = schemas
        .iter()
        .chain(rules)
        .map(|f| f.absolute.clone())
        .collect();
    match front_end(schemas, rules) {
        Ok((ops, schemas)) => codegen::generate(&ops, &schemas, &files),
        Err(errors) => codegen::stubs(&errors, &files),
    }
}

/// Parse and check; every mistake rendered, or the checked operators and
/// the schemas they were checked against.
fn front_end(
    schemas: &[Input],
    rules: &[Input],
) -> Result<(Vec<ir::OpIr>, Vec<schema::Schema>), Vec<String>> {
    let mut sources = Sources::default();
    let mut diags: Vec<Diag> = Vec::new();
    let mut all_schemas = Vec::new();
    for f in schemas {
        let id = sources.add(&f.display, &f.text);
        all_schemas.extend(schema::parse_schema_file(id, &f.text, &mut diags));
    }
    let mut all_rules = Vec::new();
    let before = diags.len();
    for f in rules {
        let id = sources.add(&f.display, &f.text);
        all_rules.extend(parse::parse_rules_file(id, &f.text, &mut diags));
    }
    let complete = diags.len() == before;
    let ops = check::check(&all_schemas, &all_rules, complete, &mut diags);
    if diags.is_empty() {
        Ok((ops, all_schemas))
    } else {
        Err(diags
            .iter()
            .map(|d| {
                let text = sources.resolve(d).render();
                let text = text.strip_prefix("error: ").unwrap_or(&text);
                text.trim_end().to_string()
            })
            .collect())
    }
}

#[cfg(test)]
mod tests;
