//! Name resolution and checking: every declared schema has exactly one
//! rule, every rule names a declared schema, parameters are schema
//! arguments, every variable is bound, every intrinsic exists and is
//! called with the right arity and kinds, and every expression has the
//! kind its place needs. The result is the [`ir`](crate::ir) code
//! generation consumes.
//!
//! Every mistake becomes a [`Diag`]; checking goes on after one so a file
//! with five mistakes reports five. Nothing here panics.

use crate::ast::{self, Clause, DimPattern, Expr, PatternSuffix, Rule};
use crate::diagnostic::{Diag, Span, closest};
use crate::intrinsics::Intrinsics;
use crate::ir::{
    ArgIr, Body, Derive, DimIr, Holder, OpIr, OutputIr, Pointwise, RetKind, RuleIr, Stmt, TagsIr,
};
use crate::kind::{Base, Kind};
use crate::schema::{ReturnAlias, Schema, full_name};
use std::collections::HashMap;
use tags::ReadTags;

mod expr;
mod families;
mod message;
mod tags;

use expr::show_expr;
use families::{derive_families, expand_clause_groups};

/// Check `rules` against the declared `schemas`; mistakes go to `diags`.
/// Operators whose rule has a mistake are left out of the result.
///
/// A required schema without a rule is not reported when `rules_complete`
/// is false (a rule did not parse: it may be the missing one).
pub fn check(
    catalog: &Catalog<'_>,
    rules: &[Rule],
    rules_complete: bool,
    intrinsics: &Intrinsics,
    diags: &mut Vec<Diag>,
) -> Vec<OpIr> {
    let schemas = catalog.schemas;
    let expanded = expand_clause_groups(rules, diags);
    let rules = expanded.as_slice();
    // Declared names; a schema declared twice is a mistake.
    let mut by_name: HashMap<String, usize> = HashMap::new();
    for (i, s) in schemas.iter().enumerate() {
        let name = s.full_name();
        if let Some(&first) = by_name.get(&name) {
            diags.push(
                Diag::new(s.name_span, format!("`{name}` is declared twice"))
                    .label("declared again here")
                    .secondary(schemas[first].name_span, "first declared here"),
            );
        } else {
            by_name.insert(name, i);
        }
    }
    // Pair rules with schemas.
    let mut rule_of: Vec<Option<usize>> = vec![None; schemas.len()];
    for (ri, rule) in rules.iter().enumerate() {
        let ns = rule
            .op
            .namespace
            .as_ref()
            .map_or("aten", |n| n.name.as_str());
        let name = full_name(
            ns,
            &rule.op.name.name,
            rule.op.overload.as_ref().map(|o| o.name.as_str()),
        );
        match by_name.get(&name) {
            None => {
                let short = |s: &str| s.strip_prefix("aten::").unwrap_or(s).to_string();
                let names: Vec<String> = catalog.names.iter().map(|k| short(k)).collect();
                let suggestion = closest(&short(&name), names.iter().map(String::as_str));
                diags.push(
                    Diag::new(rule.op.span, format!("no operator `{name}` in the catalogue"))
                        .label("not a catalogued overload")
                        .suggest(suggestion)
                        .note("rules name overloads of the schema catalogue the macro reads (`ops/catalog/aten.schemas`)"),
                );
            }
            Some(&si) => {
                if let Some(prev) = rule_of[si] {
                    diags.push(
                        Diag::new(rule.op.span, format!("two rules for `{name}`"))
                            .label("second rule")
                            .secondary(rules[prev].op.span, "first rule"),
                    );
                } else {
                    rule_of[si] = Some(ri);
                }
            }
        }
    }
    let derived_of = derive_families(schemas, rules, &by_name, &rule_of, diags);
    let mut ops = Vec::new();
    let mut derived = Vec::new();
    for (si, schema) in schemas.iter().enumerate() {
        if by_name.get(&schema.full_name()) != Some(&si) {
            continue;
        }
        // A derived overload (a `@foreach` rule's too: it only declares).
        if let Some((fi, how)) = derived_of[si] {
            derived.push((si, fi, how));
            continue;
        }
        let Some(ri) = rule_of[si] else {
            let required = catalog.required.get(&schema.full_name());
            if let Some(&at) = required.filter(|_| rules_complete) {
                diags.push(
                    Diag::new(
                        at,
                        format!("`{}` is required but has no rule", schema.full_name()),
                    )
                    .label("no rule for this overload")
                    .help(
                        "add a rule to a `.rules` file, or `@kernel(name)` for a hand-written kernel (or list it as pending)",
                    ),
                );
            }
            continue;
        };
        if rules[ri].tags.iter().any(|t| t.name.name == "foreach") {
            // Its mistake is reported; it has no rule of its own to check.
            continue;
        }
        let before = diags.len();
        let op = Checker::new(schema, &rules[ri], intrinsics, diags).op();
        if diags.len() == before
            && let Some(op) = op
        {
            ops.push(op);
        }
    }
    // A derived overload follows its functional one, when that checked
    // (which may itself be derived: `_foreach_add_.List` runs `add_.Tensor`,
    // derived from `add.Tensor`), so until no more follow.
    let mut pending = derived;
    loop {
        let before = pending.len();
        pending.retain(|&(si, fi, how)| {
            let functional = schemas[fi].full_name();
            let Some(f) = ops.iter().find(|o| o.name == functional) else {
                return true;
            };
            let op = derived_op(&schemas[si], f, how);
            ops.push(op);
            false
        });
        if pending.is_empty() || pending.len() == before {
            break;
        }
    }
    ops.sort_by(|a, b| a.name.cmp(&b.name));
    dedupe_idents(&mut ops);
    // Derived entries call their functional one by its final Rust path.
    let paths: HashMap<String, String> = ops
        .iter()
        .map(|o| {
            let path = match &o.body {
                Body::Kernel(k) => format!("crate::kernels::{k}"),
                _ => format!("super::erased::{}", o.fn_name),
            };
            (o.name.clone(), path)
        })
        .collect();
    for o in &mut ops {
        if let Body::Derived {
            functional, path, ..
        } = &mut o.body
            && let Some(p) = paths.get(functional.as_str())
        {
            path.clone_from(p);
        }
    }
    ops
}

/// The operator of `schema`, derived from `f` as `how` says.
fn derived_op(schema: &Schema, f: &OpIr, how: Derive) -> OpIr {
    let tags = match how {
        // A list of the element's results: no single output a pointwise,
        // view or data-dependent fast path could take.
        Derive::Foreach { in_place, .. } => TagsIr {
            inplace: in_place,
            no_grad: f.tags.no_grad,
            seeded: f.tags.seeded,
            // Each call's device is its elements' (`support::foreach_variant`).
            multi_device: true,
            derived: true,
            ..TagsIr::default()
        },
        _ => TagsIr {
            // A copy writes nothing; a hacked twin writes what its base does.
            inplace: match how {
                Derive::InPlace
                | Derive::InPlaceOwnMeta
                | Derive::InPlaceMeta
                | Derive::Out { .. }
                | Derive::FactoryOut { .. } => true,
                Derive::Copy | Derive::Foreach { .. } => false,
                Derive::HackedTwin => f.tags.inplace,
            },
            // A view cut from autograd (`detach`) has a copy that is not.
            no_grad: f.tags.no_grad && how != Derive::Copy,
            // An `out=` overload makes no tensor: it writes one.
            factory: f.tags.factory && !matches!(how, Derive::FactoryOut { .. }),
            view: false,
            // PyTorch's memos belong to the functional overloads' fake
            // implementations.
            memo: None,
            hand_written: false,
            derived: true,
            plain: f.tags.plain_derived.unwrap_or(f.tags.plain),
            plain_derived: None,
            // The fake mode takes several devices only in the overloads
            // it names (`multi_device_op_default`, `index_put_impl`), not
            // in their `out=` forms unless it names them too (`copy.out`,
            // `multi_device_op_out`), which are then declared themselves.
            multi_device: f.tags.multi_device
                && !matches!(how, Derive::Out { .. } | Derive::FactoryOut { .. }),
            ..f.tags
        },
    };
    OpIr {
        name: schema.full_name(),
        schema: schema.text.clone(),
        fn_name: fn_name(schema),
        variant: variant(schema),
        args: arg_irs(schema),
        tags,
        body: Body::Derived {
            functional: f.name.clone(),
            path: String::new(),
            how,
        },
        autograd: Default::default(),
    }
}

/// The arguments of `schema` as the IR has them.
fn arg_irs(schema: &Schema) -> Vec<ArgIr> {
    schema
        .args
        .iter()
        .map(|a| ArgIr {
            name: a.name.clone(),
            ident: rust_ident(&a.name),
            kind: a.ty.kind(),
            default: a.default.clone(),
        })
        .collect()
}

/// What rules are checked against: the catalogue's schemas they may name
/// (those parsed), every catalogued name (for suggestions) and the
/// overloads that must have a rule, with where each is required.
pub struct Catalog<'a> {
    /// The schemas parsed: every one a rule or a derived family may name.
    pub schemas: &'a [Schema],
    /// Every catalogued overload's name.
    pub names: &'a [String],
    /// Required overloads (not pending), with the span that requires them.
    pub required: &'a HashMap<String, Span>,
}

/// The names of the erased entries of `schemas` as [`check`] gives them
/// (sorted by operator, made unique), for the stubs emitted when the rules
/// have mistakes: hand-written kernels that call a generated one still
/// resolve, so only the mistakes are reported.
pub fn erased_names(schemas: &[Schema]) -> Vec<String> {
    let mut named: Vec<(String, String)> = schemas
        .iter()
        .map(|s| (s.full_name(), fn_name(s)))
        .collect();
    named.sort();
    named.dedup_by(|a, b| a.0 == b.0);
    let mut seen: HashMap<String, usize> = HashMap::new();
    named
        .into_iter()
        .map(|(_, f)| {
            let n = seen.entry(f.clone()).or_insert(0);
            *n += 1;
            if *n > 1 { format!("{f}_{n}") } else { f }
        })
        .collect()
}

/// Make typed kernel names and variants unique.
fn dedupe_idents(ops: &mut [OpIr]) {
    let mut seen: HashMap<String, usize> = HashMap::new();
    for op in ops.iter_mut() {
        let n = seen.entry(op.fn_name.clone()).or_insert(0);
        *n += 1;
        if *n > 1 {
            op.fn_name = format!("{}_{}", op.fn_name, n);
            op.variant = format!("{}{}", op.variant, n);
        }
    }
}

/// The Rust identifier for a schema or rule name (`self` -> `self_`).
pub fn rust_ident(name: &str) -> String {
    if syn::parse_str::<syn::Ident>(name).is_ok() {
        name.to_string()
    } else {
        format!("{name}_")
    }
}

/// `add_tensor` for `aten::add.Tensor`.
fn fn_name(schema: &Schema) -> String {
    let mut s = schema.name.clone();
    if let Some(o) = &schema.overload
        && o != "default"
    {
        s.push('_');
        s.push_str(&o.to_ascii_lowercase());
    }
    if schema.namespace != "aten" {
        s = format!("{}_{s}", schema.namespace);
    }
    rust_ident(&s)
}

/// `AddTensor` for `aten::add.Tensor`, `Add_Tensor` for `add_.Tensor`.
fn variant(schema: &Schema) -> String {
    let camel = |s: &str| -> String {
        let mut out = String::new();
        let trailing = s.len() - s.trim_end_matches('_').len();
        for part in s.split('_').filter(|p| !p.is_empty()) {
            let mut cs = part.chars();
            if let Some(c) = cs.next() {
                out.extend(c.to_uppercase());
                out.push_str(cs.as_str());
            }
        }
        if s.starts_with('_') {
            out.insert(0, '_');
        }
        out.push_str(&"_".repeat(trailing));
        out
    };
    let mut v = camel(&schema.name);
    if let Some(o) = &schema.overload
        && o != "default"
    {
        v.push_str(&camel(o));
    }
    if schema.namespace != "aten" {
        v = format!("{}{v}", camel(&schema.namespace));
    }
    v
}

/// What a name in scope is.
#[derive(Debug, Clone)]
struct Binding {
    /// The Rust ident.
    ident: String,
    /// Its kind.
    kind: Kind,
    /// Where it was bound (`None` for schema arguments).
    span: Option<Span>,
}

/// Checks one rule against its schema.
struct Checker<'a> {
    /// The schema.
    schema: &'a Schema,
    /// The rule.
    rule: &'a Rule,
    /// Where mistakes go.
    diags: &'a mut Vec<Diag>,
    /// Names in scope.
    scope: HashMap<String, Binding>,
    /// Names bound, in order (for suggestions).
    order: Vec<String>,
    /// The intrinsics rules may call.
    intrinsics: &'a Intrinsics,
}

impl<'a> Checker<'a> {
    /// A checker with the schema's arguments in scope.
    fn new(
        schema: &'a Schema,
        rule: &'a Rule,
        intrinsics: &'a Intrinsics,
        diags: &'a mut Vec<Diag>,
    ) -> Self {
        let mut c = Checker {
            schema,
            rule,
            intrinsics,
            diags,
            scope: HashMap::new(),
            order: Vec::new(),
        };
        for a in &schema.args {
            c.scope.insert(
                a.name.clone(),
                Binding {
                    ident: rust_ident(&a.name),
                    kind: a.ty.kind(),
                    span: None,
                },
            );
            c.order.push(a.name.clone());
        }
        c
    }

    /// Report a mistake.
    fn err(&mut self, d: Diag) {
        self.diags.push(d);
    }

    /// Check the whole rule.
    fn op(mut self) -> Option<OpIr> {
        let schema = self.schema;
        let rule = self.rule;
        let args = arg_irs(schema);
        let ReadTags {
            tags,
            promote,
            strides,
            convert,
            scale,
            kernel,
            stepped,
        } = self.read_tags();
        let base = OpIr {
            name: schema.full_name(),
            schema: schema.text.clone(),
            fn_name: fn_name(schema),
            variant: variant(schema),
            args,
            tags,
            body: Body::Kernel(String::new()),
            autograd: Default::default(),
        };
        if let Some(k) = kernel {
            if let Some(o) = &rule.outputs {
                self.err(
                    Diag::new(o.span, "a rule with `@kernel` has no outputs")
                        .label("the hand-written kernel computes them"),
                );
            }
            return Some(OpIr {
                body: Body::Kernel(k),
                ..base
            });
        }
        let mut stmts = Vec::new();
        // Parameters.
        let mut seen: HashMap<&str, Span> = HashMap::new();
        for p in rule.params.iter().flatten() {
            if let Some(prev) = seen.insert(p.name.name.as_str(), p.name.span) {
                self.err(
                    Diag::new(
                        p.name.span,
                        format!("parameter `{}` listed twice", p.name.name),
                    )
                    .label("listed again")
                    .secondary(prev, "first listed here"),
                );
                continue;
            }
            let Some((_, arg)) = schema.arg(&p.name.name) else {
                // Still bind the pattern's names, so their uses are not
                // reported as unbound too.
                if let Some(pat) = &p.pattern {
                    let before = self.diags.len();
                    let _ = self.pattern(&p.name.name, Kind::of(Base::Tensor), pat);
                    self.diags.truncate(before);
                }
                let s = closest(&p.name.name, schema.args.iter().map(|a| a.name.as_str()));
                let list: Vec<&str> = schema.args.iter().map(|a| a.name.as_str()).collect();
                self.err(
                    Diag::new(
                        p.name.span,
                        format!("`{}` has no argument `{}`", schema.full_name(), p.name.name),
                    )
                    .label("not an argument of the schema")
                    .suggest(s)
                    .note(format!("its arguments are: {}", list.join(", "))),
                );
                continue;
            };
            if let Some(pat) = &p.pattern
                && let Some(st) = self.pattern(&p.name.name, arg.ty.kind(), pat)
            {
                stmts.push(st);
            }
        }
        // Clauses other than attributes, in order.
        for cl in &rule.clauses {
            match cl {
                Clause::Where { name, value, .. } => {
                    let v = self.expr(value);
                    if let Some(prev) = self.scope.get(&name.name) {
                        let d = Diag::new(name.span, format!("`{}` is already bound", name.name))
                            .label("bound again");
                        let d = match prev.span {
                            Some(s) => d.secondary(s, "first bound here"),
                            None => d.note("it is an argument of the schema"),
                        };
                        self.err(d);
                        continue;
                    }
                    if let Some(v) = v {
                        let ident = format!("v_{}", name.name);
                        self.bind(&name.name, &ident, v.kind, name.span);
                        stmts.push(Stmt::Let {
                            var: ident,
                            value: v,
                        });
                    }
                }
                Clause::Check {
                    cond,
                    message,
                    span,
                } => {
                    if let Some(c) = self.expr(cond) {
                        let want = if c.kind.base == Base::Bool {
                            Kind::of(Base::Bool)
                        } else {
                            Kind::of(Base::SymBool)
                        };
                        let text = message
                            .clone()
                            .unwrap_or_else(|| format!("expected {}", show_expr(cond)));
                        let parts = self.message(&text, *span);
                        if let (Some(c), Some(message)) = (self.coerce(c, want, cond.span), parts) {
                            stmts.push(Stmt::Check { cond: c, message });
                        }
                    }
                }
                Clause::Attr { .. } => {}
            }
        }
        // Outputs.
        let out_exprs: Vec<&Expr> = rule
            .outputs
            .as_ref()
            .map(|o| o.exprs.iter().collect())
            .unwrap_or_default();
        let mut outputs: Vec<OutputIr> = Vec::new();
        let mut pointwise = None;
        if tags.pointwise {
            if let Some(o) = &rule.outputs {
                self.err(
                    Diag::new(o.span, "a `@pointwise` rule has no output expression")
                        .label("its output is the broadcast of its tensor parameters")
                        .help(
                            "remove the `-> ...`: sizes, strides and dtype come from the fast path",
                        ),
                );
            }
            let ret_ok =
                schema.returns.len() == 1 && schema.returns[0].ty.kind().base == Base::Tensor;
            if !ret_ok {
                self.err(
                    Diag::new(rule.op.span, "a `@pointwise` operator returns one tensor")
                        .label("this schema does not"),
                );
                return None;
            }
            let mut tensors = Vec::new();
            let mut operands = Vec::new();
            for p in rule.params.iter().flatten() {
                let Some((_, a)) = schema.arg(&p.name.name) else {
                    continue;
                };
                let k = a.ty.kind();
                let ident = rust_ident(&a.name);
                match k.base {
                    Base::Tensor => {
                        tensors.push((ident.clone(), k.optional));
                        operands.push((ident, true, k.optional));
                    }
                    Base::Scalar => operands.push((ident, false, k.optional)),
                    _ => self.err(
                        Diag::new(
                            p.name.span,
                            format!(
                                "`{}` is a {k}: a `@pointwise` parameter is a tensor or a number (optional or not)",
                                p.name.name
                            ),
                        )
                        .label("not an operand"),
                    ),
                }
            }
            if !tensors.iter().any(|&(_, optional)| !optional) {
                self.err(
                    Diag::new(
                        rule.op.span,
                        "a `@pointwise` rule lists at least one tensor parameter that is not optional",
                    )
                    .label("no tensor operand that is always there"),
                );
            }
            let mut dtype = None;
            for cl in &rule.clauses {
                if let Clause::Attr {
                    attr,
                    selector,
                    value,
                    ..
                } = cl
                {
                    if attr.name != "dtype" || selector.is_some() {
                        self.err(
                            Diag::new(attr.span, "a `@pointwise` rule may only set `dtype`")
                                .label("not settable here"),
                        );
                        continue;
                    }
                    if let Some(e) = self.expr(value) {
                        dtype = self.coerce(e, Kind::of(Base::DType), value.span);
                    }
                }
            }
            let inplace = match schema.return_alias(0) {
                Some(ReturnAlias::InPlace(i)) => Some(i),
                _ => None,
            };
            let strides = strides.unwrap_or_else(|| "Elementwise".to_string());
            let scale = scale.and_then(|(name, span)| {
                self.scale_param(
                    &name,
                    span,
                    &strides,
                    &tensors,
                    dtype.is_some() || inplace.is_some(),
                )
            });
            pointwise = Some(Box::new(Pointwise {
                tensors,
                operands,
                promote: promote.unwrap_or_else(|| "Default".to_string()),
                strides,
                convert: convert.unwrap_or_else(|| "computation".to_string()),
                dtype,
                inplace,
                scale,
                stepped,
            }));
        } else {
            let n = schema.returns.len();
            if out_exprs.len() != n && !(n == 1 && out_exprs.is_empty()) {
                let span = rule.outputs.as_ref().map_or(rule.op.span, |o| o.span);
                self.err(
                    Diag::new(
                        span,
                        format!(
                            "`{}` returns {n} value{} but the rule gives {}",
                            schema.full_name(),
                            if n == 1 { "" } else { "s" },
                            out_exprs.len()
                        ),
                    )
                    .label("wrong number of outputs"),
                );
                return None;
            }
            for (i, ret) in schema.returns.iter().enumerate() {
                let alias = schema.return_alias(i).unwrap_or(ReturnAlias::Fresh);
                let rk = ret.ty.return_kind();
                let ret_kind = match (rk.base, rk.optional) {
                    (Base::Tensor, false) => RetKind::Tensor,
                    (Base::Size, false) => RetKind::Int,
                    (Base::SymBool, false) => RetKind::Bool,
                    (Base::TensorList, false) => RetKind::TensorList,
                    (Base::Scalar, false) => RetKind::Scalar,
                    (Base::Float, false) => RetKind::Float,
                    _ => {
                        self.err(
                            Diag::new(
                                rule.op.span,
                                format!("a rule cannot return `{}` (return {i})", ret.ty.text),
                            )
                            .label("needs a hand-written kernel")
                            .help("write `@kernel(name)` and the kernel in `ops/src/kernels/`"),
                        );
                        return None;
                    }
                };
                let value = match out_exprs.get(i) {
                    Some(e) => {
                        let want = match ret_kind {
                            RetKind::Tensor => Kind::of(Base::Dims),
                            RetKind::TensorList => Kind::of(Base::DimsList),
                            RetKind::Int => Kind::of(Base::Size),
                            RetKind::Bool => Kind::of(Base::SymBool),
                            RetKind::Scalar => Kind::of(Base::Scalar),
                            RetKind::Float => Kind::of(Base::Float),
                        };
                        // A tensor output is its sizes, or a whole tensor
                        // an intrinsic computed (attributes still apply).
                        self.expr(e).and_then(|t| {
                            if ret_kind == RetKind::Tensor && t.kind == Kind::of(Base::Tensor) {
                                Some(t)
                            } else {
                                self.coerce(t, want, e.span)
                            }
                        })
                    }
                    None => {
                        if matches!(alias, ReturnAlias::Fresh)
                            || !matches!(ret_kind, RetKind::Tensor | RetKind::TensorList)
                        {
                            self.err(
                                Diag::new(rule.op.span, "this rule needs an output: `-> [sizes]`")
                                    .label("no `->`"),
                            );
                        }
                        None
                    }
                };
                outputs.push(OutputIr {
                    alias,
                    ret: ret_kind,
                    value,
                    strides: None,
                    offset: None,
                    dtype: None,
                    device: None,
                });
            }
            // Attribute clauses.
            for cl in &rule.clauses {
                let Clause::Attr {
                    attr,
                    selector,
                    value,
                    ..
                } = cl
                else {
                    continue;
                };
                let idx = match selector {
                    None => 0,
                    Some(ast::Selector::Index(i, _)) => *i,
                    Some(ast::Selector::Name(id)) => {
                        match schema
                            .returns
                            .iter()
                            .position(|r| r.name.as_deref() == Some(id.name.as_str()))
                        {
                            Some(i) => i,
                            None => {
                                self.err(
                                    Diag::new(id.span, format!("no output named `{}`", id.name))
                                        .label("not a named return of the schema"),
                                );
                                continue;
                            }
                        }
                    }
                };
                if idx >= outputs.len() {
                    let sp = selector.as_ref().map_or(attr.span, |s| s.span());
                    self.err(
                        Diag::new(
                            sp,
                            format!("no output {idx}: the operator has {}", outputs.len()),
                        )
                        .label("out of range"),
                    );
                    continue;
                }
                let want = match attr.name.as_str() {
                    "dtype" => Base::DType,
                    "device" => Base::Device,
                    "strides" => Base::Dims,
                    "offset" => Base::Size,
                    other => {
                        let s = closest(other, ["dtype", "device", "strides", "offset"]);
                        self.err(
                            Diag::new(attr.span, format!("unknown output attribute `{other}`"))
                                .label("not an attribute")
                                .suggest(s)
                                .note("outputs have `dtype`, `device`, `strides` and `offset`"),
                        );
                        continue;
                    }
                };
                let list = match outputs[idx].ret {
                    RetKind::Tensor => false,
                    RetKind::TensorList => true,
                    _ => {
                        self.err(
                            Diag::new(attr.span, format!("output {idx} is not a tensor"))
                                .label("has no attributes"),
                        );
                        continue;
                    }
                };
                let Some(e) = self.expr(value) else { continue };
                // A list's strides and offset are one for every element,
                // or one per element (`DimsList`, `Dims`).
                let per_element = match want {
                    Base::Dims => Base::DimsList,
                    Base::Size => Base::Dims,
                    b => b,
                };
                let want = if list && e.kind == Kind::of(per_element) && per_element != want {
                    per_element
                } else {
                    want
                };
                let Some(e) = self.coerce(e, Kind::of(want), value.span) else {
                    continue;
                };
                let slot = match attr.name.as_str() {
                    "dtype" => &mut outputs[idx].dtype,
                    "device" => &mut outputs[idx].device,
                    "strides" => &mut outputs[idx].strides,
                    _ => &mut outputs[idx].offset,
                };
                if slot.is_some() {
                    self.err(
                        Diag::new(
                            attr.span,
                            format!("`{}` of output {idx} set twice", attr.name),
                        )
                        .label("set again"),
                    );
                }
                *slot = Some(e);
            }
            for (i, o) in outputs.iter().enumerate() {
                if let ReturnAlias::ViewOf(_) = o.alias
                    && o.value.is_some()
                    && o.strides.is_none()
                {
                    self.err(
                        Diag::new(
                            rule.op.span,
                            format!("output {i} is a view: its strides must be given"),
                        )
                        .label("view without `strides = ...`")
                        .help("add `strides = self.strides` or a stride intrinsic such as `expand_strides(self, ...)`"),
                    );
                }
            }
        }
        Some(OpIr {
            body: Body::Rule(RuleIr {
                stmts,
                pointwise,
                outputs,
            }),
            ..base
        })
    }

    /// Bind a name.
    fn bind(&mut self, name: &str, ident: &str, kind: Kind, span: Span) {
        self.scope.insert(
            name.to_string(),
            Binding {
                ident: ident.to_string(),
                kind,
                span: Some(span),
            },
        );
        self.order.push(name.to_string());
    }

    /// Check a parameter's pattern.
    fn pattern(&mut self, arg: &str, kind: Kind, pat: &ast::Pattern) -> Option<Stmt> {
        let suffixes: Vec<PatternSuffix> = pat.suffixes.iter().map(|(s, _)| *s).collect();
        let holder = match (kind.base, kind.optional, suffixes.as_slice()) {
            (Base::Tensor, false, []) => Holder::One,
            (Base::Tensor, true, [PatternSuffix::Optional]) => Holder::Optional,
            (Base::TensorList, false, [PatternSuffix::List]) => Holder::List,
            (Base::OptTensorList, false, [PatternSuffix::Optional, PatternSuffix::List]) => {
                Holder::OptionalList
            }
            _ => {
                let want = match (kind.base, kind.optional) {
                    (Base::Tensor, false) => "`[..]`",
                    (Base::Tensor, true) => "`[..]?`",
                    (Base::TensorList, false) => "`[..][]`",
                    (Base::OptTensorList, _) => "`[..]?[]`",
                    _ => "no pattern: it is not a tensor",
                };
                self.err(
                    Diag::new(
                        pat.span,
                        format!("this pattern does not fit `{arg}`, a {kind}"),
                    )
                    .label("wrong pattern")
                    .help(format!("write {want}")),
                );
                return None;
            }
        };
        let binds = holder == Holder::One;
        let mut dims = Vec::new();
        let mut packs = 0;
        for d in &pat.dims {
            match d {
                DimPattern::Wildcard(_) => dims.push(DimIr::Wildcard),
                DimPattern::Int(v, _) => dims.push(DimIr::Literal(*v)),
                DimPattern::Pack(None, _) => {
                    packs += 1;
                    dims.push(DimIr::AnyPack);
                }
                DimPattern::Name(id) | DimPattern::Pack(Some(id), _) => {
                    let pack = matches!(d, DimPattern::Pack(..));
                    packs += usize::from(pack);
                    let want = if pack { Base::Dims } else { Base::Size };
                    match self.scope.get(&id.name).cloned() {
                        Some(b) if b.kind == Kind::of(want) => dims.push(if pack {
                            DimIr::CheckPack(b.ident, id.name.clone())
                        } else {
                            DimIr::Check(b.ident, id.name.clone())
                        }),
                        Some(b) => {
                            let d = Diag::new(
                                id.span,
                                format!(
                                    "`{}` is a {} here but was bound as a {}",
                                    id.name,
                                    Kind::of(want),
                                    b.kind
                                ),
                            )
                            .label("kinds differ");
                            let d = match b.span {
                                Some(s) => d.secondary(s, "bound here"),
                                None => d.note(format!(
                                    "`{}` is an argument of the schema; pick another name",
                                    id.name
                                )),
                            };
                            self.err(d);
                        }
                        None if !binds => self.err(
                            Diag::new(
                                id.span,
                                format!("`{}` cannot be bound in the pattern of an optional tensor or a list", id.name),
                            )
                            .label("not bound before")
                            .help("bind it in an earlier parameter, or write `_`"),
                        ),
                        None => {
                            let ident = format!("v_{}", id.name);
                            self.bind(&id.name, &ident, Kind::of(want), id.span);
                            dims.push(if pack {
                                DimIr::BindPack(ident)
                            } else {
                                DimIr::Bind(ident)
                            });
                        }
                    }
                }
            }
        }
        if packs > 1 {
            self.err(
                Diag::new(pat.span, "a pattern has at most one `*` pack").label("several packs"),
            );
            return None;
        }
        Some(Stmt::Match {
            arg: rust_ident(arg),
            arg_name: arg.to_string(),
            holder,
            dims,
        })
    }
}
