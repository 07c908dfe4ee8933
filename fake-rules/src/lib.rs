//! The front end of the `rules!` macro as a plain library: it reads the
//! schema catalogue, the `.rules` files and the intrinsics' Rust files
//! (given as text), checks them, and returns the checked operators or every
//! mistake rendered as rustc renders errors.
//!
//! `fake-macros` is a proc-macro crate, which nothing else can link; its
//! phases before code generation live here so that they are tested, fuzzed
//! and benchmarked as ordinary code. `schema` and `parse` read the files
//! into an `ast`, `check` resolves and checks every rule against its schema
//! and returns the IR of `ir`; every mistake is a `diagnostic::Diag`.
//! Nothing here panics on any input (a property test and a fuzz target
//! feed it random text).
//!
//! ```
//! use fake_rules::{Input, Inputs, front_end};
//! let file = |name: &str, text: &str| Input {
//!     display: name.to_string(),
//!     absolute: format!("/{name}"),
//!     text: text.to_string(),
//! };
//! let inputs = Inputs {
//!     schemas: vec![file("a.schemas", "aten::mm(Tensor self, Tensor mat2) -> Tensor\n")],
//!     rules: vec![file("a.rules", "mm(self: [n, k], mat2: [k2, m]) -> [n, m]\n")],
//!     intrinsics: Vec::new(),
//!     required: Vec::new(),
//!     pending: Vec::new(),
//!     autograd: Vec::new(),
//! };
//! let (ops, _schemas) = front_end(&inputs).expect("the rule checks");
//! assert_eq!(ops[0].name, "aten::mm");
//! ```

#![warn(clippy::missing_docs_in_private_items)]

pub mod ast;
pub mod autograd;
pub mod check;
pub mod diagnostic;
pub mod intrinsics;
pub mod ir;
pub mod kind;
pub mod parse;
pub mod schema;

use diagnostic::{Diag, Sources};
use std::collections::{HashMap, HashSet};

/// One file the front end reads.
#[derive(Debug, Clone)]
pub struct Input {
    /// As shown in messages.
    pub display: String,
    /// Absolute, for `include_str!`.
    pub absolute: String,
    /// Its text.
    pub text: String,
}

/// A file of intrinsics and the Rust module its items are at.
#[derive(Debug, Clone)]
pub struct IntrinsicFile {
    /// The file.
    pub input: Input,
    /// `crate::intrinsics::shapes`.
    pub module: String,
}

/// Everything `rules!` reads.
#[derive(Debug, Clone)]
pub struct Inputs {
    /// The schema catalogue.
    pub schemas: Vec<Input>,
    /// The rules.
    pub rules: Vec<Input>,
    /// The intrinsics' Rust files.
    pub intrinsics: Vec<IntrinsicFile>,
    /// Lists of overloads that must have a rule (schema lines or names).
    pub required: Vec<Input>,
    /// Required overloads allowed to lack a rule for now.
    pub pending: Vec<Input>,
    /// The autograd catalogue: what autograd's kernel of each overload
    /// checks and records ([`autograd`]).
    pub autograd: Vec<Input>,
}

impl Inputs {
    /// Every file read, for `include_str!`.
    pub fn files(&self) -> Vec<String> {
        self.schemas
            .iter()
            .chain(&self.rules)
            .chain(self.intrinsics.iter().map(|i| &i.input))
            .chain(&self.required)
            .chain(&self.pending)
            .chain(&self.autograd)
            .map(|f| f.absolute.clone())
            .collect()
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
pub type Checked = (Vec<ir::OpIr>, Vec<schema::Schema>);

/// Every mistake rendered, and what the stand-ins name: the erased entries
/// and the hand-written kernels.
pub type Refused = (Vec<String>, StandIns);

/// Parse and check; every mistake rendered (with the names of the erased
/// stand-ins), or the checked operators and the schemas they were checked
/// against.
///
/// Only the catalogue's schemas that rules can name are parsed: those of
/// the operators rules name, their in-place (`name_`) forms, the copies
/// (`name_copy`) of the views that derive them, and the required ones.
pub fn front_end(inputs: &Inputs) -> Result<Checked, Refused> {
    front_end_with(&ReadIntrinsics::read(&inputs.intrinsics), inputs)
}

/// The intrinsics' files read once, for checking several sets of rules
/// against them ([`front_end_with`]).
#[derive(Debug, Clone, Default)]
pub struct ReadIntrinsics {
    /// The intrinsics' files, so their spans resolve.
    sources: Sources,
    /// The intrinsics found.
    known: intrinsics::Intrinsics,
    /// Mistakes in their definitions.
    diags: Vec<Diag>,
}

impl ReadIntrinsics {
    /// Read every intrinsic defined in `files`.
    pub fn read(files: &[IntrinsicFile]) -> ReadIntrinsics {
        let mut read = ReadIntrinsics::default();
        for f in files {
            let id = read.sources.add(&f.input.display, &f.input.text);
            read.known
                .read_file(id, &f.input.text, &f.module, &mut read.diags);
        }
        read
    }
}

/// [`front_end`] with the intrinsics already read (`inputs.intrinsics` is
/// not read again).
pub fn front_end_with(intrinsics: &ReadIntrinsics, inputs: &Inputs) -> Result<Checked, Refused> {
    let mut sources = intrinsics.sources.clone();
    let mut diags: Vec<Diag> = intrinsics.diags.clone();
    let known = &intrinsics.known;
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
        needed.insert(format!("{ns}::{}", schema::inplace_name(&r.op.name.name)));
        let derives_copy = r
            .tags
            .iter()
            .filter(|t| t.name.name == "derive")
            .flat_map(|t| t.args.as_deref().unwrap_or(&[]))
            .any(|a| a.value.name == "copy");
        if derives_copy {
            needed.insert(format!("{ns}::{}_copy", r.op.name.name));
        }
        // A `@foreach` rule's element operator and its in-place form.
        for a in r
            .tags
            .iter()
            .filter(|t| t.name.name == "foreach")
            .flat_map(|t| t.args.as_deref().unwrap_or(&[]))
        {
            let name = a.value.name.split('.').next().unwrap_or_default();
            needed.insert(format!("{ns}::{name}"));
            needed.insert(format!("{ns}::{}", schema::inplace_name(name)));
        }
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
    let mut ops = check::check(&catalog, &all_rules, complete, known, &mut diags);
    if !inputs.autograd.is_empty() {
        let listed: HashSet<&str> = names.iter().map(String::as_str).collect();
        let schema_of: HashMap<String, &schema::Schema> =
            all_schemas.iter().map(|s| (s.full_name(), s)).collect();
        let wanted: HashMap<&str, &schema::Schema> = ops
            .iter()
            .filter_map(|o| Some((o.name.as_str(), *schema_of.get(&o.name)?)))
            .collect();
        let mut facts = HashMap::new();
        for f in &inputs.autograd {
            let id = sources.add(&f.display, &f.text);
            let known = |n: &str| listed.contains(n);
            facts.extend(autograd::read_catalog(
                id, &f.text, &known, &wanted, &mut diags,
            ));
        }
        for o in &mut ops {
            o.autograd = facts.remove(&o.name).unwrap_or_default();
        }
    }
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
        let stand_ins = StandIns {
            erased: check::erased_names(&all_schemas),
            kernels,
        };
        Err((errors, stand_ins))
    }
}

/// What the stubs emitted on mistakes must stand in for: the names the
/// rest of the crate uses.
#[derive(Debug, Clone, Default)]
pub struct StandIns {
    /// The erased entries of every parsed schema (hand-written kernels
    /// call generated ones).
    pub erased: Vec<String>,
    /// The hand-written kernels rules name (`crate::kernels::<name>`),
    /// referenced so that they are not reported unused.
    pub kernels: Vec<String>,
}
