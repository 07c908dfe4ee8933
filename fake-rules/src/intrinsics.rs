//! The intrinsics a rule may call, read from their Rust definitions, and
//! the named constants a rule may write.
//!
//! An intrinsic is declared once, as a Rust function: every `pub fn` of
//! the intrinsic files given to `rules!` whose first parameter is
//! `&mut Cx` is one. Its name, its parameters' names and types, its result
//! type and the first line of its doc comment are read here (with `syn`),
//! each Rust type mapped to a rule [`Kind`] by [`kind_of_type`], the one
//! table of that mapping. Calls in rules are checked against what is read,
//! so a rule that calls an intrinsic with the wrong arity or an argument
//! of the wrong kind is reported at the rule, and a signature no kind
//! spells is reported at the function.
//!
//! The named constants: dtypes (`int64`), memory formats
//! (`channels_last`), unbacked flavours (`size_like`) and the promotion
//! kinds of `@pointwise(promote = ...)`.

use crate::diagnostic::{Diag, FileId, Span};
use crate::kind::{Base, Kind};

/// One parameter of an intrinsic.
#[derive(Debug, Clone)]
pub struct Param {
    /// Its name, for named arguments and messages.
    pub name: String,
    /// Its kind; an optional kind may be left out.
    pub kind: Kind,
}

/// One intrinsic.
#[derive(Debug, Clone)]
pub struct Intrinsic {
    /// Its name in rules and in Rust.
    pub name: String,
    /// The Rust path of the function (`crate::intrinsics::shapes::broadcast`).
    pub path: String,
    /// Parameters in order, after `&mut Cx`.
    pub params: Vec<Param>,
    /// The kind of the result.
    pub ret: Kind,
    /// What it computes, for messages: the first line of its doc comment.
    pub doc: String,
    /// Its name in the Rust file.
    pub span: Span,
}

/// Every intrinsic read, by name.
#[derive(Debug, Clone, Default)]
pub struct Intrinsics {
    /// Sorted by name, unique.
    list: Vec<Intrinsic>,
}

impl Intrinsics {
    /// The intrinsic called `name`.
    pub fn lookup(&self, name: &str) -> Option<&Intrinsic> {
        self.list
            .binary_search_by(|i| i.name.as_str().cmp(name))
            .ok()
            .map(|i| &self.list[i])
    }

    /// Every intrinsic's name, for suggestions.
    pub fn names(&self) -> impl Iterator<Item = &str> {
        self.list.iter().map(|i| i.name.as_str())
    }

    /// Add the intrinsics of one Rust file whose items are at `module`
    /// (`crate::intrinsics::shapes`). A name defined twice is a mistake.
    pub fn read_file(&mut self, file: FileId, text: &str, module: &str, diags: &mut Vec<Diag>) {
        let parsed = match syn::parse_file(text) {
            Ok(f) => f,
            Err(e) => {
                diags.push(Diag::new(
                    Span::new(file, 0, 0),
                    format!("cannot read the intrinsics of this file: {e}"),
                ));
                return;
            }
        };
        for item in &parsed.items {
            let syn::Item::Fn(f) = item else { continue };
            if !matches!(f.vis, syn::Visibility::Public(_)) {
                continue;
            }
            let mut inputs = f.sig.inputs.iter();
            let takes_cx = inputs.next().is_some_and(|a| match a {
                syn::FnArg::Typed(t) => is_cx(&t.ty),
                syn::FnArg::Receiver(_) => false,
            });
            if !takes_cx {
                continue;
            }
            let name = f.sig.ident.to_string();
            let span = find_fn(file, text, &name);
            let mut ok = true;
            let mut params = Vec::new();
            for a in inputs {
                let syn::FnArg::Typed(t) = a else { continue };
                let pname = match &*t.pat {
                    syn::Pat::Ident(i) => i.ident.to_string(),
                    _ => "_".to_string(),
                };
                let pname = pname.trim_start_matches('_').to_string();
                match kind_of_type(&t.ty).filter(|_| !is_owned_meta(&t.ty)) {
                    Some(kind) => params.push(Param { name: pname, kind }),
                    None => {
                        ok = false;
                        diags.push(
                            Diag::new(
                                span,
                                format!(
                                    "parameter `{pname}` of intrinsic `{name}` has type `{}`, which no rule kind is",
                                    type_text(&t.ty)
                                ),
                            )
                            .label("this intrinsic")
                            .help(KINDS_HELP),
                        );
                    }
                }
            }
            let ret = match &f.sig.output {
                syn::ReturnType::Type(_, ty) => result_inner(ty).and_then(kind_of_type),
                syn::ReturnType::Default => None,
            };
            let Some(ret) = ret else {
                diags.push(
                    Diag::new(
                        span,
                        format!("intrinsic `{name}` must return `Result<T>` with `T` a rule kind"),
                    )
                    .label("this intrinsic")
                    .help(KINDS_HELP),
                );
                continue;
            };
            if !ok {
                continue;
            }
            let doc = first_doc_line(&f.attrs);
            let intrinsic = Intrinsic {
                path: format!("{module}::{name}"),
                name,
                params,
                ret,
                doc,
                span,
            };
            match self
                .list
                .binary_search_by(|i| i.name.as_str().cmp(&intrinsic.name))
            {
                Ok(first) => diags.push(
                    Diag::new(
                        span,
                        format!("intrinsic `{}` is defined twice", intrinsic.name),
                    )
                    .label("defined again here")
                    .secondary(self.list[first].span, "first defined here"),
                ),
                Err(at) => self.list.insert(at, intrinsic),
            }
        }
    }
}

/// What [`kind_of_type`] accepts, for messages.
const KINDS_HELP: &str = "rule kinds are spelled `Dims`, `SymInt`, `i64`, `IntList`, `bool`, `SymBool`, `f64`, `Scalar`, `&str`, `DType`, `Device`, `Layout`, `MemoryFormat`, `UnbackedFlavor`, `&TensorMeta`, `&[&TensorMeta]`, `&[Option<&TensorMeta>]`, `Vec<Dims>`, `TensorMeta` (a result), and `Option<T>` of these";

/// The rule kind a Rust type spells: the one table of that mapping.
pub fn kind_of_type(ty: &syn::Type) -> Option<Kind> {
    match ty {
        syn::Type::Reference(r) if r.mutability.is_none() => match &*r.elem {
            syn::Type::Slice(s) => match &*s.elem {
                syn::Type::Reference(e) if last_ident(&e.elem).as_deref() == Some("TensorMeta") => {
                    Some(Kind::of(Base::TensorList))
                }
                e if option_inner(e).is_some_and(|t| is_ref_to(t, "TensorMeta")) => {
                    Some(Kind::of(Base::OptTensorList))
                }
                _ => None,
            },
            syn::Type::Path(_) => match last_ident(&r.elem)?.as_str() {
                "TensorMeta" => Some(Kind::of(Base::Tensor)),
                "str" => Some(Kind::of(Base::Str)),
                _ => None,
            },
            _ => None,
        },
        syn::Type::Path(_) => {
            if let Some(inner) = option_inner(ty) {
                let k = kind_of_type(inner)?;
                return (!k.optional).then_some(Kind::opt(k.base));
            }
            if let Some(inner) = generic_arg(ty, "Vec") {
                return (last_ident(inner).as_deref() == Some("Dims"))
                    .then_some(Kind::of(Base::DimsList));
            }
            let base = match last_ident(ty)?.as_str() {
                // A whole tensor an intrinsic computes (a result).
                "TensorMeta" => Base::Tensor,
                "Dims" => Base::Dims,
                "SymInt" => Base::Size,
                "i64" => Base::Int,
                "IntList" => Base::IntList,
                "bool" => Base::Bool,
                "SymBool" => Base::SymBool,
                "f64" => Base::Float,
                "Scalar" => Base::Scalar,
                "DType" => Base::DType,
                "Device" => Base::Device,
                "Layout" => Base::Layout,
                "MemoryFormat" => Base::MemoryFormat,
                "UnbackedFlavor" => Base::UnbackedFlavor,
                "PromotionKind" => Base::PromotionKind,
                _ => return None,
            };
            Some(Kind::of(base))
        }
        _ => None,
    }
}

/// Whether `ty` is an owned `TensorMeta`: a result, never a parameter
/// (rules pass tensors by reference).
fn is_owned_meta(ty: &syn::Type) -> bool {
    matches!(ty, syn::Type::Path(_)) && last_ident(ty).as_deref() == Some("TensorMeta")
}

/// Whether `ty` is `&mut Cx<'_>`.
fn is_cx(ty: &syn::Type) -> bool {
    matches!(ty, syn::Type::Reference(r) if r.mutability.is_some() && last_ident(&r.elem).as_deref() == Some("Cx"))
}

/// Whether `ty` is `&Name`.
fn is_ref_to(ty: &syn::Type, name: &str) -> bool {
    matches!(ty, syn::Type::Reference(r) if r.mutability.is_none() && last_ident(&r.elem).as_deref() == Some(name))
}

/// The last segment's name of a path type.
fn last_ident(ty: &syn::Type) -> Option<String> {
    match ty {
        syn::Type::Path(p) if p.qself.is_none() => {
            p.path.segments.last().map(|s| s.ident.to_string())
        }
        _ => None,
    }
}

/// `T` of `Wrapper<T>`.
fn generic_arg<'t>(ty: &'t syn::Type, wrapper: &str) -> Option<&'t syn::Type> {
    let syn::Type::Path(p) = ty else { return None };
    let seg = p.path.segments.last()?;
    if seg.ident != wrapper {
        return None;
    }
    let syn::PathArguments::AngleBracketed(a) = &seg.arguments else {
        return None;
    };
    a.args.iter().find_map(|g| match g {
        syn::GenericArgument::Type(t) => Some(t),
        _ => None,
    })
}

/// `T` of `Option<T>`.
fn option_inner(ty: &syn::Type) -> Option<&syn::Type> {
    generic_arg(ty, "Option")
}

/// `T` of `Result<T>`.
fn result_inner(ty: &syn::Type) -> Option<&syn::Type> {
    generic_arg(ty, "Result")
}

/// A type as written, for messages.
fn type_text(ty: &syn::Type) -> String {
    use quote::ToTokens;
    ty.to_token_stream()
        .to_string()
        .replace(" :: ", "::")
        .replace(" < ", "<")
        .replace(" >", ">")
        .replace("& ", "&")
        .replace(" ,", ",")
}

/// The first line of a doc comment, without the call form it may open
/// with (`` `reduce(s, dim, keepdim)`: `` is the signature's to say).
fn first_doc_line(attrs: &[syn::Attribute]) -> String {
    let line = attrs
        .iter()
        .find_map(|a| match &a.meta {
            syn::Meta::NameValue(nv) if nv.path.is_ident("doc") => match &nv.value {
                syn::Expr::Lit(syn::ExprLit {
                    lit: syn::Lit::Str(s),
                    ..
                }) => Some(s.value().trim().to_string()),
                _ => None,
            },
            _ => None,
        })
        .unwrap_or_default();
    match line.strip_prefix('`').and_then(|l| l.split_once("`: ")) {
        Some((_, rest)) => rest.to_string(),
        None => line,
    }
}

/// The span of `fn name` in `text` (the function's name), for messages.
fn find_fn(file: FileId, text: &str, name: &str) -> Span {
    let needle = format!("fn {name}(");
    match text.find(&needle) {
        Some(at) => Span::new(file, at + 3, at + 3 + name.len()),
        None => Span::new(file, 0, 0),
    }
}

/// `broadcast(a: Dims, b: Dims) -> Dims`.
pub fn signature(i: &Intrinsic) -> String {
    let ps: Vec<String> = i
        .params
        .iter()
        .map(|p| format!("{}: {}", p.name, p.kind))
        .collect();
    format!("{}({}) -> {}", i.name, ps.join(", "), i.ret)
}

/// A named constant a rule may write.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Constant {
    /// The name in rules.
    pub name: &'static str,
    /// Its kind.
    pub kind: Base,
    /// The Rust path under `fake_runtime::support::rt` (or `support`)
    /// that spells its value.
    pub rust: &'static str,
}

/// Shorthand for a constant.
const fn c(name: &'static str, kind: Base, rust: &'static str) -> Constant {
    Constant { name, kind, rust }
}

/// Every named constant.
pub const CONSTANTS: &[Constant] = {
    use Base::{DType, MemoryFormat, UnbackedFlavor};
    &[
        c("bool", DType, "DType::Bool"),
        c("uint8", DType, "DType::UInt8"),
        c("int8", DType, "DType::Int8"),
        c("int16", DType, "DType::Int16"),
        c("int32", DType, "DType::Int32"),
        c("int64", DType, "DType::Int64"),
        c("float16", DType, "DType::Float16"),
        c("bfloat16", DType, "DType::BFloat16"),
        c("float32", DType, "DType::Float32"),
        c("float64", DType, "DType::Float64"),
        c("complex64", DType, "DType::Complex64"),
        c("complex128", DType, "DType::Complex128"),
        c(
            "contiguous_format",
            MemoryFormat,
            "MemoryFormat::Contiguous",
        ),
        c("channels_last", MemoryFormat, "MemoryFormat::ChannelsLast"),
        c(
            "channels_last_3d",
            MemoryFormat,
            "MemoryFormat::ChannelsLast3d",
        ),
        c("preserve_format", MemoryFormat, "MemoryFormat::Preserve"),
        c("size_like", UnbackedFlavor, "UnbackedFlavor::SizeLike"),
        c("any_int", UnbackedFlavor, "UnbackedFlavor::AnyInt"),
    ]
};

/// The constant called `name`.
pub fn constant(name: &str) -> Option<&'static Constant> {
    CONSTANTS.iter().find(|c| c.name == name)
}

/// The promotion kinds of `@pointwise(promote = ...)`, with the variant of
/// `fake_runtime::PromotionKind` each names.
pub const PROMOTION_KINDS: &[(&str, &str)] = &[
    ("default", "Default"),
    ("no_opmath", "NoOpmath"),
    ("int_to_float", "IntToFloat"),
    ("always_bool", "AlwaysBool"),
    ("complex_to_float", "ComplexToFloat"),
    ("bool_to_long", "BoolToLong"),
];

/// The memos of `@data_dependent(memo = ...)`, with the variant of
/// `fake_runtime::kernel::UnbackedMemo` each names: the fake tensor
/// attributes PyTorch keeps an operator's unbacked count in
/// (`nonzero_memo`, `item_memo`, `unique_memo`,
/// `unique_consecutive_memo`), so a later call on the same tensor, not
/// written to since, reuses it (`index_masks`: the `nonzero_memo` of
/// each mask among an indexing call's indices). An operator without one
/// makes a fresh symbol at every call.
pub const UNBACKED_MEMOS: &[(&str, &str)] = &[
    ("nonzero", "Nonzero"),
    ("item", "Item"),
    ("unique", "Unique"),
    ("unique_consecutive", "UniqueConsecutive"),
    ("index_masks", "IndexMasks"),
];

/// What `@plain(...)` says a plain fake mode (no Python dispatcher) does
/// with the operator, with the variant of `fake_runtime::kernel::PlainMode`
/// each names: `specialize`, ATen's composite runs on the fake tensors and
/// reads their sizes as integers (each guarded to its hint), and refuses
/// an integer list holding a symbol (it takes an `IntArrayRef`);
/// `specialize_all`, the same, the lists' symbols read as integers too;
/// `refuse_symbolic`, it asks a tensor of symbolic sizes or strides for
/// its storage offset, which PyTorch refuses; `read_then_refuse`, the
/// same after reading that tensor's sizes as integers. Under the Python
/// dispatcher (as export traces) the operator's Python implementation
/// runs instead.
pub const PLAIN_MODES: &[(&str, &str)] = &[
    ("specialize", "Specialize"),
    ("specialize_all", "SpecializeAll"),
    ("refuse_symbolic", "RefuseSymbolic"),
    ("read_then_refuse", "ReadThenRefuse"),
];

/// The `out=` families of `@derive(...)`, with the constant of
/// `fake_runtime::support::OutForm` each names (which out dtypes are
/// taken, which outs take the result's strides, and what symbolic sizes
/// do; documented there).
pub const OUT_FORMS: &[(&str, &str)] = &[
    ("out", "CASTABLE"),
    ("exact_out", "EXACT"),
    ("direct_exact_out", "DIRECT_EXACT"),
    ("structured_out", "STRUCTURED"),
    ("direct_structured_out", "DIRECT_STRUCTURED"),
    ("iter_out", "ITER"),
    ("restrided_out", "RESTRIDED"),
    ("reduction_out", "REDUCTION"),
    ("native_out", "NATIVE"),
    ("checked_native_out", "CHECKED_NATIVE"),
    ("fixed_out", "FIXED_CASTABLE"),
    ("fixed_structured_out", "FIXED_STRUCTURED"),
    ("iter_fixed_structured_out", "ITER_FIXED_STRUCTURED"),
    ("direct_fixed_structured_out", "DIRECT_FIXED_STRUCTURED"),
    ("fixed_exact_out", "FIXED_EXACT"),
    ("refused_out", "REFUSED_CASTABLE"),
    ("copied_out", "COPIED"),
    ("fallback_out", "FALLBACK"),
    ("castable_fallback_out", "FALLBACK_CASTABLE"),
    ("unchecked_fallback_out", "FALLBACK_UNCHECKED"),
    ("composite_exact_out", "COMPOSITE_EXACT"),
    ("composite_out", "COMPOSITE"),
    ("settled_exact_out", "SETTLED_EXACT"),
    ("fixed_copy_out", "FIXED_CASTABLE_COPY"),
    ("fixed_exact_copy_out", "FIXED_EXACT_COPY"),
    ("native_copy_out", "NATIVE_COPY"),
    ("zipped_exact_out", "EXACT_ZIPPED"),
    ("settled_exact_reference_out", "SETTLED_EXACT_REFERENCE"),
    ("refused_reference_out", "REFUSED_CASTABLE_REFERENCE"),
];

/// The meta kernels `@pointwise(meta = ...)` names: `reference`, the
/// operator's reference (or decomposition) of several elementwise steps,
/// which PyTorch registers as its Meta kernel (`activate_meta`): static
/// inputs are laid out afresh, as its earlier steps lay them out, before
/// the stride rule combines them (the last step's `is_contiguous` then
/// gives a size-1 dim its contiguous stride); `float_reference`, the
/// same where an input is floating or complex (`isinf` of an integer
/// tensor is one `zeros_like`).
pub const POINTWISE_METAS: &[(&str, &str)] =
    &[("reference", "all"), ("float_reference", "floating")];

/// The stride rules of `@pointwise(strides = ...)`, with the variant of
/// `fake_runtime::pointwise::StrideRule` each names (`elementwise`, the
/// default: the references' elementwise meta; `fast_binary`: the fake
/// mode's fast path for `add`, `sub`, `mul` and `div` first;
/// `where_number`: `where(cond(self), self, number)`; `ref_where_number`:
/// the same in a reference, where the Python dispatcher keeps the number
/// out; `with_number`: a
/// number made a tensor takes part; `decomposed`: each input laid
/// out afresh first; `logical`: broadcast, then each laid out afresh,
/// unless every input is bool).
pub const STRIDE_RULES: &[(&str, &str)] = &[
    ("elementwise", "Elementwise"),
    ("fast_binary", "FastBinary"),
    ("where_number", "WhereNumber"),
    ("ref_where_number", "RefWhereNumber"),
    ("with_number", "WithNumber"),
    ("decomposed", "Decomposed"),
    ("logical", "Logical"),
];

/// What `@pointwise(convert = ...)` converts promotion operands to before
/// the layout is decided: `computation`, the computation dtype (the
/// references' type promotion wrapper; the default), `result`, the
/// result dtype (`_meta_registrations.elementwise_meta`),
/// `result_functional`, `result` for the functional overload alone, whose
/// meta is registered for it only, and `computation` for its derived
/// overloads, which PyTorch runs through the reference
/// (`meta_binop_alpha` of `add.Scalar`: `add.Scalar_out` is `_refs.add`'s
/// out wrapper), or `own`, as
/// `computation` for the layout, but the operator's meta kernel is a
/// function of its own that converts nothing (`sigmoid`'s `empty_like`),
/// so run on meta tensors (`Defaults::refs_as_meta`) it fixes no size and
/// expands nothing.
pub const CONVERSIONS: &[(&str, &str)] = &[
    ("computation", "computation"),
    ("result", "result"),
    ("result_functional", "result_functional"),
    ("own", "own"),
];

#[cfg(test)]
pub(crate) mod tests {
    use super::*;

    /// The intrinsics of `fake-ops`, read as the macro reads them.
    pub fn ops_intrinsics() -> (Intrinsics, Vec<Diag>) {
        let dir = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("../ops/src/intrinsics");
        let mut files: Vec<_> = std::fs::read_dir(&dir)
            .expect("ops/src/intrinsics")
            .filter_map(|e| e.ok().map(|e| e.path()))
            .filter(|p| p.extension().is_some_and(|e| e == "rs"))
            .collect();
        files.sort();
        let (mut all, mut diags) = (Intrinsics::default(), Vec::new());
        for (n, f) in files.iter().enumerate() {
            let text = std::fs::read_to_string(f).expect("readable");
            let stem = f.file_stem().and_then(|s| s.to_str()).unwrap_or_default();
            let module = match stem {
                "mod" => "crate::intrinsics".to_string(),
                s => format!("crate::intrinsics::{s}"),
            };
            all.read_file(FileId(n as u32), &text, &module, &mut diags);
        }
        (all, diags)
    }

    #[test]
    fn the_ops_intrinsics_read_cleanly() {
        let (all, diags) = ops_intrinsics();
        assert!(diags.is_empty(), "{diags:?}");
        for c in CONSTANTS {
            assert!(
                all.lookup(c.name).is_none(),
                "{} is a constant and an intrinsic",
                c.name
            );
        }
        let b = all.lookup("broadcast").expect("broadcast");
        assert_eq!(signature(b), "broadcast(a: Dims, b: Dims) -> Dims");
        assert_eq!(b.path, "crate::intrinsics::shapes::broadcast");
        let u = all.lookup("unbacked").expect("unbacked");
        assert_eq!(
            signature(u),
            "unbacked(flavor: UnbackedFlavor, max: Optional<Size>) -> Size"
        );
    }

    #[test]
    fn a_type_no_kind_spells_is_reported_at_the_function() {
        let mut all = Intrinsics::default();
        let mut diags = Vec::new();
        let text = "/// Doc.\npub fn f(cx: &mut Cx<'_>, x: HashMap<u8, u8>) -> Result<Dims> { Ok(Dims::new()) }\n";
        all.read_file(FileId(0), text, "crate::intrinsics", &mut diags);
        assert_eq!(diags.len(), 1);
        assert!(
            diags[0]
                .message
                .contains("parameter `x` of intrinsic `f` has type `HashMap<u8, u8>`"),
            "{}",
            diags[0].message
        );
        assert!(all.lookup("f").is_none());
    }
}
