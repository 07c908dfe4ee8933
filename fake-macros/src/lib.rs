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
use std::collections::{HashMap, HashSet};
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
}

/// `schemas = "..", rules = "..", intrinsics = "..", module = ".."`.
fn parse_input(input: proc_macro2::TokenStream) -> syn::Result<Args> {
    use syn::parse::Parser;
    use syn::punctuated::Punctuated;
    const USAGE: &str = "expected `rules!(schemas = \"<file or dir>\", rules = \"<file or dir>\", intrinsics = \"<file or dir>\", module = \"<Rust path>\")`, optionally with `required = \"<file>\"` and `pending = \"<file>\"`";
    let parser = Punctuated::<syn::MetaNameValue, syn::Token![,]>::parse_terminated;
    let items = parser.parse2(input)?;
    let mut values: [Option<String>; 6] = Default::default();
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
        return codegen::stubs(&errors, &[], &codegen::StandIns::default());
    }
    expand(&Inputs {
        schemas,
        rules,
        intrinsics,
        required,
        pending,
    })
}

/// A file of intrinsics and the Rust module its items are at.
struct IntrinsicFile {
    /// The file.
    input: Input,
    /// `crate::intrinsics::shapes`.
    module: String,
}

/// Everything `rules!` reads.
struct Inputs {
    /// The schema catalogue.
    schemas: Vec<Input>,
    /// The rules.
    rules: Vec<Input>,
    /// The intrinsics' Rust files.
    intrinsics: Vec<IntrinsicFile>,
    /// Lists of overloads that must have a rule (schema lines or names).
    required: Vec<Input>,
    /// Required overloads allowed to lack a rule for now.
    pending: Vec<Input>,
}

impl Inputs {
    /// Every file read, for `include_str!`.
    fn files(&self) -> Vec<String> {
        self.schemas
            .iter()
            .chain(&self.rules)
            .chain(self.intrinsics.iter().map(|i| &i.input))
            .chain(&self.required)
            .chain(&self.pending)
            .map(|f| f.absolute.clone())
            .collect()
    }
}

/// Parse, check and generate; on mistakes, the rendered errors and stubs.
fn expand(inputs: &Inputs) -> proc_macro2::TokenStream {
    let files = inputs.files();
    match front_end(inputs) {
        Ok((ops, schemas)) => codegen::generate(&ops, &schemas, &files),
        Err((errors, stand_ins)) => codegen::stubs(&errors, &files, &stand_ins),
    }
}

/// `aten::add` of `aten::add.Tensor`.
fn base_name(name: &str) -> &str {
    name.split_once('.').map_or(name, |(b, _)| b)
}

/// The overload names of a list file (schema lines or bare names; blank
/// lines and `#` comments skipped), each with the span of its name.
fn listed_names(id: diagnostic::FileId, text: &str) -> Vec<(String, diagnostic::Span)> {
    schema::list_lines(text)
        .map(|(at, _, name)| {
            (
                name.to_string(),
                diagnostic::Span::new(id, at, at + name.len()),
            )
        })
        .collect()
}

/// The checked operators and the schemas they were checked against.
type Checked = (Vec<ir::OpIr>, Vec<schema::Schema>);

/// Every mistake rendered, and what the stand-ins name: the erased entries
/// and the hand-written kernels.
type Refused = (Vec<String>, codegen::StandIns);

/// Parse and check; every mistake rendered (with the names of the erased
/// stand-ins), or the checked operators and the schemas they were checked
/// against.
///
/// Only the catalogue's schemas that rules can name are parsed: those of
/// the operators rules name, their in-place (`name_`) forms, and the
/// required ones.
fn front_end(inputs: &Inputs) -> Result<Checked, Refused> {
    let mut sources = Sources::default();
    let mut diags: Vec<Diag> = Vec::new();
    let mut known = intrinsics::Intrinsics::default();
    for f in &inputs.intrinsics {
        let id = sources.add(&f.input.display, &f.input.text);
        known.read_file(id, &f.input.text, &f.module, &mut diags);
    }
    let mut all_rules = Vec::new();
    let before = diags.len();
    for f in &inputs.rules {
        let id = sources.add(&f.display, &f.text);
        all_rules.extend(parse::parse_rules_file(id, &f.text, &mut diags));
    }
    let complete = diags.len() == before;
    // What must have a rule: the required lists less the pending ones.
    let mut required: HashMap<String, diagnostic::Span> = HashMap::new();
    for f in &inputs.required {
        let id = sources.add(&f.display, &f.text);
        for (name, at) in listed_names(id, &f.text) {
            required.entry(name).or_insert(at);
        }
    }
    let mut pending: Vec<(String, diagnostic::Span)> = Vec::new();
    for f in &inputs.pending {
        let id = sources.add(&f.display, &f.text);
        for (name, at) in listed_names(id, &f.text) {
            if required.remove(&name).is_none() {
                diags.push(
                    Diag::new(at, format!("`{name}` is pending but not required"))
                        .label("not in the required lists"),
                );
            }
            pending.push((name, at));
        }
    }
    // The catalogue: every name, and the schemas rules may name.
    let mut needed: HashSet<String> = required.keys().map(|n| base_name(n).to_string()).collect();
    for r in &all_rules {
        let ns = r.op.namespace.as_ref().map_or("aten", |n| n.name.as_str());
        needed.insert(format!("{ns}::{}", r.op.name.name));
        needed.insert(format!("{ns}::{}_", r.op.name.name));
    }
    let mut names = Vec::new();
    let mut all_schemas = Vec::new();
    let mut broken = Vec::new();
    for f in &inputs.schemas {
        let id = sources.add(&f.display, &f.text);
        let (parsed, bad) = schema::parse_schema_file_where(id, &f.text, |name| {
            names.push(name.to_string());
            needed.contains(base_name(name))
        });
        all_schemas.extend(parsed);
        broken.extend(bad);
    }
    // A schema that does not parse is a mistake where it is named.
    let named: HashSet<String> = all_rules
        .iter()
        .map(|r| {
            let ns = r.op.namespace.as_ref().map_or("aten", |n| n.name.as_str());
            schema::full_name(
                ns,
                &r.op.name.name,
                r.op.overload.as_ref().map(|o| o.name.as_str()),
            )
        })
        .chain(required.keys().cloned())
        .collect();
    for (name, bad) in broken {
        if named.contains(&name) {
            diags.extend(bad);
        }
    }
    for (name, at) in &required {
        if !all_schemas.iter().any(|s| s.full_name() == *name) {
            diags.push(
                Diag::new(
                    *at,
                    format!("`{name}` is required but not in the catalogue"),
                )
                .label("no such overload"),
            );
        }
    }
    let catalog = check::Catalog {
        schemas: &all_schemas,
        names: &names,
        required: &required,
    };
    let ops = check::check(&catalog, &all_rules, complete, &known, &mut diags);
    for (name, at) in &pending {
        if ops.iter().any(|o| o.name == *name) {
            diags.push(
                Diag::new(*at, format!("`{name}` is pending but has a rule"))
                    .label("remove it from the pending list"),
            );
        }
    }
    if diags.is_empty() {
        Ok((ops, all_schemas))
    } else {
        let errors = diags
            .iter()
            .map(|d| {
                let text = sources.resolve(d).render();
                let text = text.strip_prefix("error: ").unwrap_or(&text);
                text.trim_end().to_string()
            })
            .collect();
        let kernels = all_rules
            .iter()
            .flat_map(|r| &r.tags)
            .filter(|t| t.name.name == "kernel")
            .filter_map(|t| match t.args.as_deref() {
                Some([a]) if a.key.is_none() => Some(a.value.name.clone()),
                _ => None,
            })
            .collect();
        let stand_ins = codegen::StandIns {
            erased: check::erased_names(&all_schemas),
            kernels,
        };
        Err((errors, stand_ins))
    }
}

#[cfg(test)]
mod tests;
