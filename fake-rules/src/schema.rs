//! PyTorch operator schemas: the declared operator surface.
//!
//! `ops/schemas/*.schemas` hold one schema per line (`#` starts a comment
//! line), exactly as PyTorch prints them. This module parses them with the
//! grammar in `schema.pest` into [`Schema`]s, checks what a single schema
//! can get wrong (a repeated argument name, a returned alias no argument
//! has, a type or default list the runtime's schema model cannot hold),
//! and maps schema types to rule [`Kind`]s.

use crate::diagnostic::{Diag, FileId, Span};
use crate::kind::{Base, Kind};
use crate::parse::syntax_error;
use pest::Parser as _;
use pest::iterators::Pair;

/// The pest parser of `schema.pest`.
mod grammar {
    #![allow(missing_docs, clippy::missing_docs_in_private_items)]
    /// Parser generated from `schema.pest`.
    #[derive(pest_derive::Parser)]
    #[grammar = "schema.pest"]
    pub struct SchemaParser;
}

use grammar::{Rule, SchemaParser};

/// One parsed schema.
#[derive(Debug, Clone, PartialEq)]
pub struct Schema {
    /// `aten`.
    pub namespace: String,
    /// `add`.
    pub name: String,
    /// `Tensor`; `None` for the default overload.
    pub overload: Option<String>,
    /// Arguments in order.
    pub args: Vec<Argument>,
    /// Returned values in order.
    pub returns: Vec<Return>,
    /// The schema text as written.
    pub text: String,
    /// The whole schema.
    pub span: Span,
    /// The qualified name (`aten::add.Tensor`).
    pub name_span: Span,
}

impl Schema {
    /// `aten::add.Tensor`; `aten::relu` for a default overload (as
    /// PyTorch prints operator names).
    pub fn full_name(&self) -> String {
        full_name(&self.namespace, &self.name, self.overload.as_deref())
    }

    /// The argument called `name`, with its index.
    pub fn arg(&self, name: &str) -> Option<(usize, &Argument)> {
        self.args.iter().enumerate().find(|(_, a)| a.name == name)
    }

    /// How return `index` relates to the arguments, from the alias
    /// annotations: `Tensor(a)` returned from `Tensor(a) self` is a view of
    /// `self`; `Tensor(a!)` is `self` itself, mutated. `None` when the
    /// return is annotated with a set no argument has.
    pub fn return_alias(&self, index: usize) -> Option<ReturnAlias> {
        let ret = self.returns.get(index)?;
        let Some(alias) = &ret.ty.alias else {
            return Some(ReturnAlias::Fresh);
        };
        let set = alias.sets.first()?;
        let (i, arg) = self
            .args
            .iter()
            .enumerate()
            .find(|(_, a)| a.ty.alias.as_ref().is_some_and(|x| x.sets.contains(set)))?;
        let written = alias.write || arg.ty.alias.as_ref().is_some_and(|x| x.write);
        Some(if written {
            ReturnAlias::InPlace(i)
        } else {
            ReturnAlias::ViewOf(i)
        })
    }

    /// Whether some argument is annotated as written (`Tensor(a!)`).
    pub fn mutates(&self) -> bool {
        self.args
            .iter()
            .any(|a| a.ty.alias.as_ref().is_some_and(|x| x.write))
    }
}

/// The in-place name of an operator: `add_` of `add`, and Python's
/// augmented-assignment name of a dunder (`__iand__` of `__and__`), as
/// torchgen's `BaseOperatorName` reads them.
pub fn inplace_name(name: &str) -> String {
    match name.strip_prefix("__").and_then(|n| n.strip_suffix("__")) {
        Some(inner) => format!("__i{inner}__"),
        None => format!("{name}_"),
    }
}

/// `ns::name.overload`, leaving out `.default`.
pub fn full_name(namespace: &str, name: &str, overload: Option<&str>) -> String {
    match overload {
        Some(o) if o != "default" => format!("{namespace}::{name}.{o}"),
        _ => format!("{namespace}::{name}"),
    }
}

/// Whether type suffixes, in order, are a type PyTorch writes: `T`, `T?`,
/// `T[]`, `T[N]`, `T[]?`, `T?[]` (and `T?[]?`).
fn suffixes_form_a_type(suffixes: &[TypeSuffix]) -> bool {
    use TypeSuffix::{List, Optional};
    matches!(
        suffixes,
        [] | [Optional]
            | [List(_)]
            | [List(_), Optional]
            | [Optional, List(_)]
            | [Optional, List(_), Optional]
    )
}

/// How a returned tensor relates to the arguments.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum ReturnAlias {
    /// A new tensor.
    Fresh,
    /// A view of the argument at this index.
    ViewOf(usize),
    /// The argument at this index, mutated in place.
    InPlace(usize),
}

/// One argument of a schema.
#[derive(Debug, Clone, PartialEq)]
pub struct Argument {
    /// `self`.
    pub name: String,
    /// `Tensor(a!)`.
    pub ty: Type,
    /// The default value, if any.
    pub default: Option<DefaultValue>,
    /// Whether the argument comes after the `*`.
    pub kwarg_only: bool,
    /// The whole argument.
    pub span: Span,
}

/// One returned value.
#[derive(Debug, Clone, PartialEq)]
pub struct Return {
    /// `values` in `(Tensor values, Tensor indices)`.
    pub name: Option<String>,
    /// The type.
    pub ty: Type,
    /// The return in the schema.
    pub span: Span,
}

/// A schema type: `Tensor(a!)`, `int[1]?`, `Tensor?[]`.
#[derive(Debug, Clone, PartialEq)]
pub struct Type {
    /// `Tensor`, `SymInt`, ...
    pub base: String,
    /// The alias annotation.
    pub alias: Option<AliasInfo>,
    /// List and optional suffixes, in order.
    pub suffixes: Vec<TypeSuffix>,
    /// The type as written.
    pub text: String,
}

/// `[]`, `[N]` or `?`.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum TypeSuffix {
    /// A list, with its fixed length if written.
    List(Option<u32>),
    /// May be `None`.
    Optional,
}

/// An alias annotation: `(a)`, `(a!)`, `(a -> *)`.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct AliasInfo {
    /// The alias sets before `->`.
    pub sets: Vec<String>,
    /// `!`: written to.
    pub write: bool,
    /// The sets after `->` (what list elements alias).
    pub after: Vec<String>,
}

/// A default value as written in a schema.
#[derive(Debug, Clone, PartialEq)]
pub enum DefaultValue {
    /// `None`.
    None,
    /// `True` / `False`.
    Bool(bool),
    /// `-1`.
    Int(i64),
    /// `2.`, `1e-05`, `-inf`.
    Float(f64),
    /// `"mean"`.
    Str(String),
    /// `[0, 1]`.
    List(Vec<DefaultValue>),
    /// `contiguous_format`.
    Name(String),
}

impl Type {
    /// The rule kind of an argument of this type.
    pub fn kind(&self) -> Kind {
        use TypeSuffix::{List, Optional};
        let scalar = |b: &str| -> Option<Base> {
            Some(match b {
                "Tensor" => Base::Tensor,
                "int" => Base::Int,
                "SymInt" => Base::Size,
                "float" => Base::Float,
                "bool" => Base::Bool,
                "SymBool" => Base::SymBool,
                "Scalar" => Base::Scalar,
                "str" => Base::Str,
                "ScalarType" => Base::DType,
                "Layout" => Base::Layout,
                "Device" => Base::Device,
                "MemoryFormat" => Base::MemoryFormat,
                "Generator" => Base::Generator,
                _ => return None,
            })
        };
        let list = |b: &str| -> Option<Base> {
            Some(match b {
                "Tensor" => Base::TensorList,
                "int" => Base::IntList,
                "SymInt" => Base::Dims,
                "float" => Base::FloatList,
                "bool" => Base::BoolList,
                _ => return None,
            })
        };
        let base = self.base.as_str();
        let (b, optional) = match self.suffixes.as_slice() {
            [] => (scalar(base), false),
            [Optional] => (scalar(base), true),
            [List(_)] => (list(base), false),
            [List(_), Optional] => (list(base), true),
            [Optional, List(_)] if base == "Tensor" => (Some(Base::OptTensorList), false),
            _ => (None, false),
        };
        match b {
            Some(b) => Kind { base: b, optional },
            None => Kind::of(Base::Opaque),
        }
    }

    /// The kind of a returned value of this type: like [`Type::kind`], but
    /// `int` and `bool` returns are symbolic (`sym_size` and `size` return
    /// the same value), and `Tensor[]` returns are lists of shapes.
    pub fn return_kind(&self) -> Kind {
        let k = self.kind();
        let base = match k.base {
            Base::Int => Base::Size,
            Base::Bool => Base::SymBool,
            b => b,
        };
        Kind { base, ..k }
    }
}

/// Parse every schema of a `.schemas` file: one per line, blank lines and
/// lines starting with `#` skipped. Mistakes go to `diags`; the schemas
/// that parsed are returned.
pub fn parse_schema_file(file: FileId, text: &str, diags: &mut Vec<Diag>) -> Vec<Schema> {
    let (schemas, broken) = parse_schema_file_where(file, text, |_| true);
    diags.extend(broken.into_iter().flat_map(|(_, d)| d));
    schemas
}

/// Parse the schemas of a `.schemas` file whose overload name
/// (`aten::add.Tensor`, `.default` left out) `keep` accepts; `keep` sees
/// every name. Lines not kept are not parsed; lines that do not parse are
/// returned by name with their mistakes, so a catalogue line in a form
/// rules never use (TorchScript's `Dict(str, t)` overloads) is a mistake
/// only where a rule names it.
pub fn parse_schema_file_where(
    file: FileId,
    text: &str,
    mut keep: impl FnMut(&str) -> bool,
) -> (Vec<Schema>, Vec<(String, Vec<Diag>)>) {
    let mut out = Vec::new();
    let mut broken = Vec::new();
    for (at, line, name) in list_lines(text) {
        if !keep(name) {
            continue;
        }
        let mut diags = Vec::new();
        match parse_schema(file, at, line, &mut diags) {
            Some(s) if diags.is_empty() => out.push(s),
            _ => broken.push((name.to_string(), diags)),
        }
    }
    (out, broken)
}

/// The entries of a list file (`.schemas` or a list of overload names):
/// each line that is neither blank nor a `#` comment, as its byte offset,
/// its text (trimmed) and the overload name it starts with
/// (`aten::add.Tensor`, `.default` left out).
pub fn list_lines(text: &str) -> impl Iterator<Item = (usize, &str, &str)> {
    let mut offset = 0;
    text.split_inclusive('\n').filter_map(move |raw| {
        let start = offset;
        offset += raw.len();
        let line = raw.trim_end_matches(['\n', '\r']);
        let trimmed = line.trim_start();
        if trimmed.is_empty() || trimmed.starts_with('#') {
            return None;
        }
        let at = start + line.len() - trimmed.len();
        let line = trimmed.trim_end();
        let name = line.split('(').next().unwrap_or(line).trim();
        Some((at, line, name.strip_suffix(".default").unwrap_or(name)))
    })
}

/// Parse one schema that starts at byte `base` of `file`.
pub fn parse_schema(
    file: FileId,
    base: usize,
    text: &str,
    diags: &mut Vec<Diag>,
) -> Option<Schema> {
    pest::set_error_detail(true);
    let pairs = match SchemaParser::parse(Rule::schema, text) {
        Ok(p) => p,
        Err(e) => {
            diags.push(
                syntax_error(&e, text, file, base, describe, "the end of the schema")
                    .note("schemas are written as PyTorch prints them: `aten::add.Tensor(Tensor self, Tensor other, *, Scalar alpha=1) -> Tensor`"),
            );
            return None;
        }
    };
    let b = Builder { file, base, diags };
    b.schema(pairs, text)
}

/// What the parser expected, for syntax errors.
fn describe(rule: Rule) -> Option<&'static str> {
    Some(match rule {
        Rule::op_name | Rule::namespace | Rule::name => "an operator name like `aten::add.Tensor`",
        Rule::overload => "an overload name",
        Rule::argument | Rule::type_expr | Rule::base_type => "an argument type",
        Rule::arg_name => "an argument name",
        Rule::alias | Rule::alias_set | Rule::alias_name | Rule::alias_after => {
            "an alias annotation"
        }
        Rule::list_length => "a list length",
        Rule::default_value
        | Rule::none_value
        | Rule::bool_value
        | Rule::number
        | Rule::string
        | Rule::list_value
        | Rule::enum_value => "a default value",
        Rule::returns | Rule::return_item => "a return type",
        Rule::return_name => "a return name",
        Rule::EOI => "the end of the schema",
        _ => return None,
    })
}

/// Turns pest pairs into a [`Schema`].
struct Builder<'d> {
    /// The file.
    file: FileId,
    /// Byte offset of the schema in the file.
    base: usize,
    /// Where mistakes go.
    diags: &'d mut Vec<Diag>,
}

impl Builder<'_> {
    /// The file span of a pair.
    fn span(&self, pair: &Pair<'_, Rule>) -> Span {
        let s = pair.as_span();
        Span::new(self.file, self.base + s.start(), self.base + s.end())
    }

    /// Build the schema from the top-level pairs.
    fn schema(mut self, pairs: pest::iterators::Pairs<'_, Rule>, text: &str) -> Option<Schema> {
        let top = pairs.into_iter().next()?;
        let span = self.span(&top);
        let mut namespace = String::new();
        let mut name = String::new();
        let mut overload = None;
        let mut name_span = span;
        let mut args = Vec::new();
        let mut returns = Vec::new();
        let mut kwarg_only = false;
        let mut star_span: Option<Span> = None;
        for p in top.into_inner() {
            match p.as_rule() {
                Rule::op_name => {
                    name_span = self.span(&p);
                    for q in p.into_inner() {
                        match q.as_rule() {
                            Rule::namespace => namespace = q.as_str().to_owned(),
                            Rule::name => name = q.as_str().to_owned(),
                            Rule::overload if q.as_str() != "default" => {
                                overload = Some(q.as_str().to_owned());
                            }
                            _ => {}
                        }
                    }
                }
                Rule::kwarg_only_marker => {
                    let s = self.span(&p);
                    if let Some(first) = star_span {
                        self.diags.push(
                            Diag::new(s, "a second `*` in one schema")
                                .label("keyword-only arguments already started")
                                .secondary(first, "first `*` here"),
                        );
                    }
                    star_span = Some(s);
                    kwarg_only = true;
                }
                Rule::argument => {
                    if let Some(a) = self.argument(p, kwarg_only) {
                        if let Some(prev) = args.iter().find(|x: &&Argument| x.name == a.name) {
                            self.diags.push(
                                Diag::new(
                                    a.span,
                                    format!("argument `{}` is declared twice", a.name),
                                )
                                .secondary(prev.span, "first declared here"),
                            );
                        }
                        args.push(a);
                    }
                }
                Rule::returns => {
                    for r in p.into_inner() {
                        let span = self.span(&r);
                        let mut inner = r.into_inner();
                        let Some(ty) = inner.next().map(|t| self.ty(t)) else {
                            continue;
                        };
                        let name = inner.next().map(|n| n.as_str().to_owned());
                        returns.push(Return { name, ty, span });
                    }
                }
                _ => {}
            }
        }
        let schema = Schema {
            namespace,
            name,
            overload,
            args,
            returns,
            text: text.to_owned(),
            span,
            name_span,
        };
        for (i, r) in schema.returns.iter().enumerate() {
            if r.ty.alias.is_some() && schema.return_alias(i).is_none() {
                self.diags.push(
                    Diag::new(r.span, format!("return {i} aliases a set no argument is annotated with"))
                        .label("no argument has this alias annotation")
                        .help("annotate the argument it aliases, as in `Tensor(a) self` ... `-> Tensor(a)`"),
                );
            }
        }
        Some(schema)
    }

    /// One argument.
    fn argument(&mut self, pair: Pair<'_, Rule>, kwarg_only: bool) -> Option<Argument> {
        let span = self.span(&pair);
        let mut inner = pair.into_inner();
        let ty = self.ty(inner.next()?);
        let name = inner.next()?.as_str().to_owned();
        let default = inner.next().and_then(|d| self.default_value(d));
        Some(Argument {
            name,
            ty,
            default,
            kwarg_only,
            span,
        })
    }

    /// A type.
    fn ty(&mut self, pair: Pair<'_, Rule>) -> Type {
        let text = pair.as_str().to_owned();
        let type_span = self.span(&pair);
        let mut base = String::new();
        let mut alias = None;
        let mut suffixes = Vec::new();
        for p in pair.into_inner() {
            match p.as_rule() {
                Rule::base_type => base = p.as_str().to_owned(),
                Rule::alias => {
                    let mut info = AliasInfo {
                        sets: Vec::new(),
                        write: false,
                        after: Vec::new(),
                    };
                    for q in p.into_inner() {
                        match q.as_rule() {
                            Rule::alias_set => {
                                info.sets = q.into_inner().map(|n| n.as_str().to_owned()).collect();
                            }
                            Rule::write_mark => info.write = true,
                            Rule::alias_after => {
                                info.after = q
                                    .into_inner()
                                    .flat_map(|s| s.into_inner())
                                    .map(|n| n.as_str().to_owned())
                                    .collect();
                            }
                            _ => {}
                        }
                    }
                    alias = Some(info);
                }
                Rule::list_suffix => {
                    let span = self.span(&p);
                    let len = match p.into_inner().next() {
                        Some(n) => match n.as_str().parse::<u32>() {
                            Ok(v) => Some(v),
                            Err(_) => {
                                self.diags.push(Diag::new(span, "list length out of range"));
                                None
                            }
                        },
                        None => None,
                    };
                    suffixes.push(TypeSuffix::List(len));
                }
                Rule::optional_suffix => suffixes.push(TypeSuffix::Optional),
                _ => {}
            }
        }
        if !suffixes_form_a_type(&suffixes) {
            self.diags.push(
                Diag::new(type_span, format!("`{text}` is not a schema type"))
                    .label("suffixes in an order PyTorch does not write")
                    .help("a type is `T`, `T?`, `T[]`, `T[N]`, `T[]?` or `T?[]`"),
            );
        }
        Type {
            base,
            alias,
            suffixes,
            text,
        }
    }

    /// A default value.
    fn default_value(&mut self, pair: Pair<'_, Rule>) -> Option<DefaultValue> {
        let span = self.span(&pair);
        let inner = pair.into_inner().next()?;
        let text = inner.as_str();
        Some(match inner.as_rule() {
            Rule::none_value => DefaultValue::None,
            Rule::bool_value => DefaultValue::Bool(text == "True"),
            Rule::number => {
                let is_float = text.contains(['.', 'e', 'E', 'i']);
                if is_float {
                    match text.parse::<f64>() {
                        Ok(v) => DefaultValue::Float(v),
                        Err(_) => {
                            self.diags
                                .push(Diag::new(span, format!("cannot read `{text}` as a number")));
                            return None;
                        }
                    }
                } else {
                    match text.parse::<i64>() {
                        Ok(v) => DefaultValue::Int(v),
                        Err(_) => {
                            self.diags
                                .push(Diag::new(span, format!("integer `{text}` is out of range")));
                            return None;
                        }
                    }
                }
            }
            Rule::string => {
                let body = text.get(1..text.len().saturating_sub(1)).unwrap_or("");
                DefaultValue::Str(body.to_owned())
            }
            Rule::list_value => {
                let mut items = Vec::new();
                for p in inner.into_inner() {
                    items.push(self.default_value(p)?);
                }
                let numbers = items
                    .iter()
                    .all(|i| matches!(i, DefaultValue::Int(_) | DefaultValue::Float(_)));
                let bools = items.iter().all(|i| matches!(i, DefaultValue::Bool(_)));
                if !numbers && !bools {
                    self.diags.push(
                        Diag::new(span, format!("`{text}` is not a default list"))
                            .label("a default list holds numbers or booleans"),
                    );
                    return None;
                }
                DefaultValue::List(items)
            }
            _ => DefaultValue::Name(text.to_owned()),
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::diagnostic::Sources;

    fn parse(text: &str) -> Result<Schema, String> {
        let mut sources = Sources::default();
        let file = sources.add("test.schemas", text);
        let mut diags = Vec::new();
        let s = parse_schema(file, 0, text, &mut diags);
        if diags.is_empty() {
            s.ok_or_else(|| "no schema".to_owned())
        } else {
            Err(diags.iter().map(|d| sources.resolve(d).render()).collect())
        }
    }

    #[test]
    fn inplace_names() {
        assert_eq!(inplace_name("add"), "add_");
        assert_eq!(inplace_name("_foreach_add"), "_foreach_add_");
        assert_eq!(inplace_name("__and__"), "__iand__");
        assert_eq!(inplace_name("__lshift__"), "__ilshift__");
    }

    #[test]
    fn to_copy() {
        let s = parse("aten::_to_copy(Tensor self, *, ScalarType? dtype=None, Layout? layout=None, Device? device=None, bool? pin_memory=None, bool non_blocking=False, MemoryFormat? memory_format=None) -> Tensor").unwrap();
        assert_eq!(s.full_name(), "aten::_to_copy");
        assert_eq!(s.args.len(), 7);
        assert!(!s.args[0].kwarg_only);
        assert!(s.args[1].kwarg_only);
        assert_eq!(s.args[1].ty.kind(), Kind::opt(Base::DType));
        assert_eq!(s.args[1].default, Some(DefaultValue::None));
        assert_eq!(s.args[5].default, Some(DefaultValue::Bool(false)));
        assert_eq!(s.returns.len(), 1);
        assert_eq!(s.return_alias(0), Some(ReturnAlias::Fresh));
    }

    #[test]
    fn alias_annotations() {
        let s = parse("aten::_native_batch_norm_legit(Tensor input, Tensor? weight, Tensor? bias, Tensor(a!) running_mean, Tensor(b!) running_var, bool training, float momentum, float eps) -> (Tensor, Tensor, Tensor)").unwrap();
        let a = s.args[3].ty.alias.clone().unwrap();
        assert_eq!(a.sets, vec!["a"]);
        assert!(a.write);
        assert!(s.mutates());
        let s = parse("aten::split_with_sizes(Tensor(a -> *) self, SymInt[] split_sizes, int dim=0) -> Tensor(a)[]").unwrap();
        let a = s.args[0].ty.alias.clone().unwrap();
        assert_eq!(a.after, vec!["*"]);
        assert_eq!(s.returns[0].ty.kind(), Kind::of(Base::TensorList));
        assert_eq!(s.return_alias(0), Some(ReturnAlias::ViewOf(0)));
        let s = parse("aten::add.out(Tensor self, Tensor other, *, Scalar alpha=1, Tensor(a!) out) -> Tensor(a!)").unwrap();
        assert_eq!(s.return_alias(0), Some(ReturnAlias::InPlace(3)));
        let s = parse("aten::foo(Tensor(a!)[] out) -> ()").unwrap();
        assert_eq!(s.args[0].ty.kind(), Kind::of(Base::TensorList));
        assert!(s.returns.is_empty());
    }

    #[test]
    fn types_and_defaults() {
        let s = parse("aten::f(SymInt[2] output_size, int[1] dim=[], Scalar alpha=1, float p=2., str reduce=\"mean\", Tensor?[] indices, int[1]? d=None, float eps=1e-05, int[2] s=[0,1], MemoryFormat m=contiguous_format, float x=-inf, bool[3] mask) -> (Tensor values, Tensor indices)").unwrap();
        let kinds: Vec<String> = s.args.iter().map(|a| a.ty.kind().to_string()).collect();
        assert_eq!(
            kinds,
            [
                "Dims",
                "IntList",
                "Scalar",
                "Float",
                "Str",
                "OptTensorList",
                "Optional<IntList>",
                "Float",
                "IntList",
                "MemoryFormat",
                "Float",
                "BoolList"
            ]
        );
        assert_eq!(s.args[1].default, Some(DefaultValue::List(vec![])));
        assert_eq!(s.args[3].default, Some(DefaultValue::Float(2.0)));
        assert_eq!(s.args[4].default, Some(DefaultValue::Str("mean".into())));
        assert_eq!(s.args[7].default, Some(DefaultValue::Float(1e-5)));
        assert_eq!(
            s.args[8].default,
            Some(DefaultValue::List(vec![
                DefaultValue::Int(0),
                DefaultValue::Int(1)
            ]))
        );
        assert_eq!(
            s.args[9].default,
            Some(DefaultValue::Name("contiguous_format".into()))
        );
        assert_eq!(
            s.args[10].default,
            Some(DefaultValue::Float(f64::NEG_INFINITY))
        );
        assert_eq!(s.returns[1].name.as_deref(), Some("indices"));
    }

    #[test]
    fn scalar_returns() {
        let s = parse("aten::_local_scalar_dense(Tensor self) -> Scalar").unwrap();
        assert_eq!(s.returns[0].ty.return_kind(), Kind::of(Base::Scalar));
        let s = parse("aten::sym_numel(Tensor self) -> SymInt").unwrap();
        assert_eq!(s.returns[0].ty.return_kind(), Kind::of(Base::Size));
        let s = parse("aten::dim(Tensor self) -> int").unwrap();
        assert_eq!(s.returns[0].ty.return_kind(), Kind::of(Base::Size));
    }

    /// The Core ATen schemas, which rules are required to cover.
    pub const SCHEMA_FILES: &[(&str, &str)] = &[(
        "ops/catalog/core_aten.schemas",
        include_str!("../../ops/catalog/core_aten.schemas"),
    )];

    #[test]
    fn every_declared_schema_parses() {
        let mut sources = Sources::default();
        for (path, text) in SCHEMA_FILES {
            let file = sources.add(path, text);
            let mut diags = Vec::new();
            let schemas = parse_schema_file(file, text, &mut diags);
            let errors: String = diags.iter().map(|d| sources.resolve(d).render()).collect();
            assert_eq!(errors, "");
            let lines = text.lines().filter(|l| l.starts_with("aten::")).count();
            assert_eq!(schemas.len(), lines);
            for s in &schemas {
                // Every type maps to a kind rules can use.
                for a in &s.args {
                    assert_ne!(
                        a.ty.kind().base,
                        Base::Opaque,
                        "{}: {}",
                        s.full_name(),
                        a.ty.text
                    );
                }
                for r in &s.returns {
                    assert_ne!(
                        r.ty.kind().base,
                        Base::Opaque,
                        "{}: {}",
                        s.full_name(),
                        r.ty.text
                    );
                }
            }
            if path.ends_with("core_aten.schemas") {
                assert_eq!(schemas.len(), 193);
            }
        }
    }

    #[test]
    fn syntax_errors_are_diagnostics() {
        let e = parse("aten::mm(Tensor self Tensor mat2) -> Tensor").unwrap_err();
        assert!(e.contains("expected"), "{e}");
        let e = parse("aten::mm(Tensor self, Tensor self) -> Tensor").unwrap_err();
        assert!(e.contains("argument `self` is declared twice"), "{e}");
        let e = parse("aten::mm(Tensor self) -> Tensor(b)").unwrap_err();
        assert!(e.contains("aliases a set no argument"), "{e}");
        let e = parse("aten::f(int[][] x) -> Tensor").unwrap_err();
        assert!(e.contains("`int[][]` is not a schema type"), "{e}");
        let e = parse("aten::f(int[] x=[1, \"a\"], bool[2] y=[True, 1]) -> Tensor").unwrap_err();
        assert!(e.contains("`[1, \"a\"]` is not a default list"), "{e}");
        assert!(e.contains("`[True, 1]` is not a default list"), "{e}");
    }
}
