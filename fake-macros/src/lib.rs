//! Procedural macros of fake-tensor: they read the declared operator surface
//! and the `.rules` shape rules at compile time, check them, and expand
//! them into typed meta kernels.
//!
//! This crate holds the entry and code generation only. The front end is
//! the plain library `fake-rules` (parsing, checking, diagnostics), tested
//! and fuzzed without a compiler: it returns the IR that `codegen` turns
//! into Rust (`schema_defs` the schemas into the runtime's schema model).
//! Every mistake becomes a diagnostic rendered as rustc renders errors;
//! nothing panics on any input.
//!
//! ```ignore
//! // In `fake-ops`: every schema of `declared.schemas` gets its rule from
//! // `rules/*.rules`; rules call the intrinsics defined in the files of
//! // `intrinsics/` (the module `crate::intrinsics`). Paths are relative
//! // to the invoking file.
//! fake_macros::rules!(
//!     schemas = "../declared.schemas",
//!     rules = "../rules",
//!     intrinsics = "intrinsics",
//!     module = "crate::intrinsics",
//! );
//! ```

#![warn(clippy::missing_docs_in_private_items)]

mod codegen;
mod schema_defs;

use fake_rules::{Input, Inputs, IntrinsicFile, front_end};
// The front end's modules, under the names code generation uses.
use fake_rules::{ast, ir, kind, schema};
use proc_macro::TokenStream;
use std::path::{Path, PathBuf};

/// Expand shape rules into kernels:
/// `rules!(schemas = "<file or dir>", rules = "<file or dir>",
/// intrinsics = "<file or dir>", module = "<Rust path>")`.
///
/// `schemas` is a `.schemas` file (or a directory of them) holding the
/// declared operator surface; `rules` a `.rules` file (or a directory of
/// them); `intrinsics` a Rust file (or a directory of them) defining the
/// intrinsics rules call, at the Rust path `module` (a file `shapes.rs` of
/// the directory is the module `<module>::shapes`, `mod.rs` is `module`
/// itself). Paths are relative to the directory of the invoking source file
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
        Ok(args) => expand_paths(&base, &args).into(),
        Err(e) => e.to_compile_error().into(),
    }
}

/// What `rules!` is given.
struct Args {
    /// `schemas = ".."`.
    schemas: String,
    /// `rules = ".."`.
    rules: String,
    /// `intrinsics = ".."`.
    intrinsics: String,
    /// `module = ".."`: the Rust path of the intrinsics.
    module: String,
    /// `required = ".."`: overloads that must have a rule.
    required: Option<String>,
    /// `pending = ".."`: required overloads allowed to lack one for now.
    pending: Option<String>,
    /// `autograd = ".."`: the autograd catalogue (what autograd's kernel
    /// of each overload checks and records).
    autograd: Option<String>,
}

/// `schemas = "..", rules = "..", intrinsics = "..", module = ".."`.
fn parse_input(input: proc_macro2::TokenStream) -> syn::Result<Args> {
    use syn::parse::Parser;
    use syn::punctuated::Punctuated;
    const USAGE: &str = "expected `rules!(schemas = \"<file or dir>\", rules = \"<file or dir>\", intrinsics = \"<file or dir>\", module = \"<Rust path>\")`, optionally with `required = \"<file>\"`, `pending = \"<file>\"` and `autograd = \"<file>\"`";
    let parser = Punctuated::<syn::MetaNameValue, syn::Token![,]>::parse_terminated;
    let items = parser.parse2(input)?;
    let mut values: [Option<String>; 7] = Default::default();
    for item in &items {
        let value = match &item.value {
            syn::Expr::Lit(syn::ExprLit {
                lit: syn::Lit::Str(s),
                ..
            }) => s.value(),
            other => {
                return Err(syn::Error::new_spanned(other, "expected a string literal"));
            }
        };
        let slot = [
            "schemas",
            "rules",
            "intrinsics",
            "module",
            "required",
            "pending",
            "autograd",
        ]
        .iter()
        .position(|k| item.path.is_ident(k))
        .ok_or_else(|| syn::Error::new_spanned(&item.path, USAGE))?;
        values[slot] = Some(value);
    }
    match values {
        [
            Some(schemas),
            Some(rules),
            Some(intrinsics),
            Some(module),
            required,
            pending,
            autograd,
        ] => {
            if syn::parse_str::<syn::Path>(&module).is_err() {
                return Err(syn::Error::new(
                    proc_macro2::Span::call_site(),
                    format!("`module = \"{module}\"` is not a Rust path"),
                ));
            }
            Ok(Args {
                schemas,
                rules,
                intrinsics,
                module,
                required,
                pending,
                autograd,
            })
        }
        _ => Err(syn::Error::new(proc_macro2::Span::call_site(), USAGE)),
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

/// Read the files and expand them.
fn expand_paths(base: &Path, args: &Args) -> proc_macro2::TokenStream {
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
    let schemas = read(&args.schemas, "schemas");
    let rules = read(&args.rules, "rules");
    let required = args
        .required
        .as_deref()
        .map(|p| read(p, "schemas"))
        .unwrap_or_default();
    let pending = args
        .pending
        .as_deref()
        .map(|p| read(p, "pending"))
        .unwrap_or_default();
    let autograd = args
        .autograd
        .as_deref()
        .map(|p| read(p, "txt"))
        .unwrap_or_default();
    let single = Path::new(&args.intrinsics).extension().is_some();
    let intrinsics: Vec<IntrinsicFile> = read(&args.intrinsics, "rs")
        .into_iter()
        .map(|input| {
            let stem = Path::new(&input.absolute)
                .file_stem()
                .and_then(|s| s.to_str())
                .unwrap_or_default();
            let module = match stem {
                _ if single => args.module.clone(),
                "mod" | "lib" => args.module.clone(),
                s => format!("{}::{s}", args.module),
            };
            IntrinsicFile { input, module }
        })
        .collect();
    if !errors.is_empty() {
        return codegen::stubs(&errors, &[], &fake_rules::StandIns::default());
    }
    expand(&Inputs {
        schemas,
        rules,
        intrinsics,
        required,
        pending,
        autograd,
    })
}

/// Parse, check and generate; on mistakes, the rendered errors and stubs.
fn expand(inputs: &Inputs) -> proc_macro2::TokenStream {
    let files = inputs.files();
    match front_end(inputs) {
        Ok((ops, schemas)) => codegen::generate(&ops, &schemas, &files),
        Err((errors, stand_ins)) => codegen::stubs(&errors, &files, &stand_ins),
    }
}

#[cfg(test)]
mod tests;
