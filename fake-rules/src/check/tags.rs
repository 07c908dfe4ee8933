//! A rule's tags: the operator's kind (`@pointwise`, `@view`, ...), the
//! promotion kind and stride rule of `@pointwise`, the kernel of
//! `@kernel(name)`, and the kinds its schema implies (a mutated argument,
//! a view return).

use super::Checker;
use crate::ast;
use crate::diagnostic::{Diag, closest};
use crate::intrinsics::{
    CONVERSIONS, PLAIN_MODES, POINTWISE_METAS, PROMOTION_KINDS, STRIDE_RULES, UNBACKED_MEMOS,
};
use crate::ir::TagsIr;
use crate::schema::ReturnAlias;

/// The tags a rule may carry.
const TAGS: &[&str] = &[
    "pointwise",
    "view",
    "inplace",
    "factory",
    "data_dependent",
    "no_grad",
    "multi_device",
    "seeded",
    "no_meta",
    "plain",
    "kernel",
    "derive",
    "foreach",
    "with",
    "clauses",
];

/// What a rule's tags say.
pub(super) struct ReadTags {
    /// The operator's kind.
    pub tags: TagsIr,
    /// `@pointwise(promote = ...)`'s `PromotionKind` variant.
    pub promote: Option<String>,
    /// `@pointwise(strides = ...)`'s `StrideRule` variant.
    pub strides: Option<String>,
    /// `@pointwise(convert = ...)`: `computation` or `result`.
    pub convert: Option<String>,
    /// `@pointwise(scale = <number parameter>)`: the parameter, where it
    /// was named.
    pub scale: Option<(String, crate::diagnostic::Span)>,
    /// `@kernel(name)`'s kernel.
    pub kernel: Option<String>,
    /// `@pointwise(meta = reference)` (or `float_reference`): the
    /// operator's Meta kernel is its reference of several steps (for
    /// floating or complex inputs); the variant of `POINTWISE_METAS`.
    pub stepped: Option<String>,
}

impl Checker<'_> {
    /// Read the rule's tags, reporting unknown ones and wrong arguments.
    pub(super) fn read_tags(&mut self) -> ReadTags {
        let schema = self.schema;
        let rule = self.rule;
        let mut tags = TagsIr::default();
        let mut promote: Option<String> = None;
        let mut strides: Option<String> = None;
        let mut convert: Option<String> = None;
        let mut scale = None;
        let mut kernel: Option<String> = None;
        let mut stepped = None;
        for t in &rule.tags {
            let name = t.name.name.as_str();
            let targs = t.args.as_deref().unwrap_or(&[]);
            match name {
                "pointwise" => {
                    tags.pointwise = true;
                    for a in targs {
                        match a.key.as_ref().map(|k| k.name.as_str()) {
                            Some("promote") => {
                                promote = self.keyword(a, PROMOTION_KINDS, "promotion kind");
                            }
                            Some("strides") => {
                                strides = self.keyword(a, STRIDE_RULES, "stride rule");
                            }
                            Some("convert") => {
                                convert = self.keyword(a, CONVERSIONS, "conversion");
                            }
                            Some("scale") => scale = Some((a.value.name.clone(), a.value.span)),
                            Some("meta") => {
                                stepped = self.keyword(a, POINTWISE_METAS, "meta kernel");
                            }
                            _ => self.err(
                                Diag::new(
                                    a.span,
                                    "`@pointwise` takes only `promote = <kind>`, `strides = <rule>`, `convert = <dtype>`, `scale = <number parameter>` and `meta = reference`",
                                )
                                .label("unexpected tag argument"),
                            ),
                        }
                    }
                }
                "kernel" => {
                    tags.hand_written = true;
                    match targs {
                        [a] if a.key.is_none() => kernel = Some(a.value.name.clone()),
                        _ => self.err(
                            Diag::new(t.span, "`@kernel` takes the kernel's name: `@kernel(name)`")
                                .label("expected one name"),
                        ),
                    }
                }
                // Checked with the schemas it names, in `derive_families`;
                // spliced in by `expand_clause_groups`.
                "derive" | "with" | "foreach" => {}
                "data_dependent" => {
                    tags.data_dependent = true;
                    for a in targs {
                        match a.key.as_ref().map(|k| k.name.as_str()) {
                            Some("memo") => {
                                tags.memo = self.static_keyword(a, UNBACKED_MEMOS, "memo");
                            }
                            _ => self.err(
                                Diag::new(a.span, "`@data_dependent` takes only `memo = <memo>`")
                                    .label("unexpected tag argument"),
                            ),
                        }
                    }
                }
                "plain" => {
                    if targs.is_empty() {
                        self.err(
                            Diag::new(
                                t.span,
                                "`@plain` takes what a plain fake mode does: `@plain(specialize)`, `@plain(refuse_symbolic)`, and for the derived overloads `derived = <behaviour or none>`",
                            )
                            .label("expected a behaviour"),
                        );
                    }
                    for a in targs {
                        match a.key.as_ref().map(|k| k.name.as_str()) {
                            None => {
                                tags.plain =
                                    self.static_keyword(a, PLAIN_MODES, "plain-mode behaviour");
                            }
                            Some("derived") if a.value.name == "none" => {
                                tags.plain_derived = Some(None);
                            }
                            Some("derived") => {
                                tags.plain_derived = Some(self.static_keyword(
                                    a,
                                    PLAIN_MODES,
                                    "plain-mode behaviour",
                                ));
                            }
                            _ => self.err(
                                Diag::new(a.span, "`@plain` takes only a behaviour and `derived = <behaviour or none>`")
                                    .label("unexpected tag argument"),
                            ),
                        }
                    }
                }
                "view" | "inplace" | "factory" | "no_grad" | "multi_device" | "seeded"
                | "no_meta" => {
                    match name {
                        "view" => tags.view = true,
                        "inplace" => tags.inplace = true,
                        "factory" => tags.factory = true,
                        "no_grad" => tags.no_grad = true,
                        "multi_device" => tags.multi_device = true,
                        "no_meta" => tags.no_meta = true,
                        _ => tags.seeded = true,
                    }
                    if !targs.is_empty() {
                        self.err(
                            Diag::new(t.span, format!("`@{name}` takes no arguments"))
                                .label("unexpected arguments"),
                        );
                    }
                }
                _ => {
                    let s = closest(name, TAGS.iter().copied());
                    self.err(
                        Diag::new(t.name.span, format!("unknown tag `@{name}`"))
                            .label("not a tag")
                            .suggest(s)
                            .note(
                                "tags are @pointwise, @view, @inplace, @factory, @data_dependent(memo = ...), @no_grad, @multi_device, @seeded, @no_meta, @plain(behaviour), @kernel(name) and @foreach(op.overload)",
                            ),
                    );
                }
            }
        }
        if schema.mutates() {
            tags.inplace = true;
        }
        for i in 0..schema.returns.len() {
            if let Some(ReturnAlias::ViewOf(_)) = schema.return_alias(i) {
                tags.view = true;
            }
        }
        ReadTags {
            tags,
            promote,
            strides,
            convert,
            scale,
            kernel,
            stepped,
        }
    }

    /// The variant a tag argument `key = value` names in `table` (`what`
    /// names the table in the error for a value it does not hold).
    fn keyword(
        &mut self,
        a: &ast::TagArg,
        table: &[(&'static str, &'static str)],
        what: &str,
    ) -> Option<String> {
        self.static_keyword(a, table, what).map(str::to_string)
    }

    /// [`Self::keyword`] of a static table, its variant borrowed.
    fn static_keyword(
        &mut self,
        a: &ast::TagArg,
        table: &[(&'static str, &'static str)],
        what: &str,
    ) -> Option<&'static str> {
        if let Some((_, v)) = table.iter().find(|(n, _)| *n == a.value.name) {
            return Some(v);
        }
        let s = closest(&a.value.name, table.iter().map(|(n, _)| *n));
        self.err(
            Diag::new(a.value.span, format!("unknown {what} `{}`", a.value.name))
                .label(format!("not a {what}"))
                .suggest(s),
        );
        None
    }

    /// `@pointwise(scale = name)`: `name` is a number parameter of the
    /// schema with an integer default, of a rule of two tensor operands
    /// whose layout the fast binary rule gives (`add`, `sub`), which
    /// computes its dtype by promotion and writes no argument.
    pub(super) fn scale_param(
        &mut self,
        name: &str,
        span: crate::diagnostic::Span,
        strides: &str,
        tensors: &[(String, bool)],
        fixed: bool,
    ) -> Option<(String, i64)> {
        use crate::schema::DefaultValue;
        let fits = strides == "FastBinary"
            && !fixed
            && tensors.len() == 2
            && tensors.iter().all(|&(_, optional)| !optional);
        if !fits {
            self.err(
                Diag::new(span, "`scale` multiplies the second of two tensor operands")
                    .label("not a rule it applies to")
                    .help("`scale` is for `@pointwise(strides = fast_binary)` rules of two tensors that promote their dtype and write no argument"),
            );
            return None;
        }
        if let Some((_, a)) = self.schema.arg(name)
            && a.ty.kind() == crate::kind::Kind::of(crate::kind::Base::Scalar)
            && let Some(DefaultValue::Int(d)) = a.default
        {
            return Some((super::rust_ident(&a.name), d));
        }
        let s = closest(name, self.schema.args.iter().map(|a| a.name.as_str()));
        self.err(
            Diag::new(
                span,
                format!("`{name}` is not a number parameter with an integer default"),
            )
            .label("not a `Scalar` of this schema with a default such as `=1`")
            .suggest(s),
        );
        None
    }
}
