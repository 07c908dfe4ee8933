//! Code generation: from the checked [`ir`](crate::ir) to Rust.
//!
//! For every operator: a typed kernel in `typed` (arguments typed from the
//! schema), an erased entry in `erased` that reads [`Arg`]s in schema
//! order (filling schema defaults) and calls it, a variant of the `Op`
//! enum, and an `OpDef` in the `OPS` table, sorted by name, with the
//! schema's parameters and returns as data (`schema_defs`). Generated code
//! names the runtime through `::fake_runtime::support` (its `rt` module
//! re-exports the types, the schema model included) and the intrinsics
//! through the paths `rules!` read them at.
//!
//! [`Arg`]: https://docs.rs/fake-runtime

use crate::ir::{
    ArgIr, Body, Derive, DimIr, Holder, MessagePart, OpIr, OutputIr, RetKind, RuleIr, Stmt, TExpr,
};
use crate::kind::{Base, Kind};
use crate::schema::{DefaultValue, ReturnAlias, Schema};
use crate::schema_defs;
use fake_rules::StandIns;
use proc_macro2::{Ident, Span, TokenStream};
use quote::{format_ident, quote};
use std::collections::HashMap;

mod exprs;
mod pointwise;
pub(crate) use exprs::expr;
use pointwise::pointwise;

/// `::fake_runtime::support::rt`.
fn rt() -> TokenStream {
    quote!(::fake_runtime::support::rt)
}

/// `::fake_runtime::intrinsics`.
fn intr() -> TokenStream {
    quote!(::fake_runtime::support)
}

/// An identifier from a string the checker made valid.
fn ident(s: &str) -> Ident {
    syn::parse_str::<Ident>(s).unwrap_or_else(|_| Ident::new("__invalid", Span::call_site()))
}

/// Generate everything for `ops` (declared by `schemas`), with
/// `include_str!` of every file in `files` so editing one rebuilds the
/// invoking crate.
pub(crate) fn generate(ops: &[OpIr], schemas: &[Schema], files: &[String]) -> TokenStream {
    let rt = rt();
    let schema_of: HashMap<String, &Schema> = schemas.iter().map(|s| (s.full_name(), s)).collect();
    let includes = files.iter().map(|f| {
        quote!(
            const _: &str = include_str!(#f);
        )
    });
    let typed = ops.iter().filter_map(typed_fn);
    let erased = ops.iter().map(erased_fn);
    let variants = ops.iter().map(|o| {
        let v = ident(&o.variant);
        let doc = format!(" `{}`", o.name);
        quote!(#[doc = #doc] #v)
    });
    let all = ops.iter().map(|o| {
        let v = ident(&o.variant);
        quote!(Op::#v)
    });
    let defs = ops.iter().map(|o| {
        let (name, schema) = (&o.name, &o.schema);
        let t = o.tags;
        let (pw, vw, ip, fa, dd, ng, md, sd, nm, hw, dv) = (
            t.pointwise,
            t.view,
            t.inplace,
            t.factory,
            t.data_dependent,
            t.no_grad,
            t.multi_device,
            t.seeded,
            t.no_meta,
            t.hand_written,
            t.derived,
        );
        let plain = match t.plain {
            Some(m) => {
                let m = ident(m);
                quote!(::core::option::Option::Some(#rt::PlainMode::#m))
            }
            None => quote!(::core::option::Option::None),
        };
        let memo = match t.memo {
            Some(m) => {
                let m = ident(m);
                quote!(::core::option::Option::Some(#rt::UnbackedMemo::#m))
            }
            None => quote!(::core::option::Option::None),
        };
        let kernel = match &o.body {
            Body::Kernel(k) => {
                let k = ident(k);
                quote!(crate::kernels::#k)
            }
            Body::Rule(_) | Body::Derived { .. } => {
                let f = ident(&o.fn_name);
                quote!(erased::#f)
            }
        };
        let autograd = autograd_def(&o.autograd, &rt);
        let (params, returns) = match schema_of.get(name) {
            Some(s) => (schema_defs::params(s), schema_defs::returns(s)),
            None => {
                let e = format!("no schema declares `{name}`");
                (quote!(::core::compile_error!(#e)), quote!(&[]))
            }
        };
        quote! {
            #rt::OpDef {
                name: #name,
                schema: #schema,
                params: #params,
                returns: #returns,
                tags: #rt::Tags {
                    pointwise: #pw, view: #vw, inplace: #ip, factory: #fa,
                    data_dependent: #dd, memo: #memo, no_grad: #ng, multi_device: #md,
                    seeded: #sd, no_meta: #nm, plain: #plain, hand_written: #hw, derived: #dv,
                },
                kernel: #kernel,
                autograd: #autograd,
            }
        }
    });
    quote! {
        #(#includes)*

        /// Typed meta kernels, one per operator overload with a rule:
        /// arguments typed from the schema, outputs in schema order.
        #[allow(
            unused_variables, unused_mut, unused_braces, unused_parens, non_snake_case,
            clippy::all, clippy::pedantic, clippy::nursery
        )]
        pub mod typed {
            #(#typed)*
        }

        /// Type-erased entries: arguments as `Arg`s in schema order, absent
        /// ones taking their schema defaults.
        #[allow(unused_variables, non_snake_case, clippy::all, clippy::pedantic)]
        pub mod erased {
            #(#erased)*
        }

        /// Every declared operator overload, in the order of [`OPS`].
        #[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
        #[allow(non_camel_case_types)]
        pub enum Op {
            #(#variants,)*
        }

        impl Op {
            /// Every operator, sorted by name.
            pub const ALL: &'static [Op] = &[#(#all),*];

            /// The operator's definition.
            pub fn def(self) -> &'static #rt::OpDef {
                &OPS[self as usize]
            }

            /// `aten::add.Tensor` (`.default` left out).
            pub fn name(self) -> &'static str {
                self.def().name
            }

            /// The schema string.
            pub fn schema(self) -> &'static str {
                self.def().schema
            }

            /// Properties.
            pub fn tags(self) -> #rt::Tags {
                self.def().tags
            }

            /// The operator called `name` (`aten::relu` or `aten::relu.default`).
            pub fn from_name(name: &str) -> Option<Op> {
                let name = name.strip_suffix(".default").unwrap_or(name);
                OPS.binary_search_by(|d| d.name.cmp(name))
                    .ok()
                    .and_then(|i| Op::ALL.get(i).copied())
            }
        }

        /// Every declared operator overload, sorted by name.
        pub static OPS: &[#rt::OpDef] = &[#(#defs),*];
    }
}

/// The stubs emitted when the rules have mistakes: the `compile_error!`s,
/// the `include_str!`s, and stand-ins for what the crate names.
pub(crate) fn stubs(errors: &[String], files: &[String], stand_ins: &StandIns) -> TokenStream {
    let rt = rt();
    let kernels = stand_ins.kernels.iter().map(|k| {
        let k = ident(k);
        quote!(crate::kernels::#k)
    });
    let used_kernels = (!stand_ins.kernels.is_empty()).then(|| {
        quote! {
            /// The hand-written kernels the rules name, referenced.
            const _: &[#rt::ErasedKernel] = &[#(#kernels),*];
        }
    });
    let erased = stand_ins.erased.iter().map(|f| {
        let f = ident(f);
        quote! {
            /// A stand-in: the rules have mistakes.
            pub fn #f(cx: &mut #rt::Cx<'_>, args: &[#rt::Arg<'_>]) -> #rt::Result<#rt::Outs> {
                ::core::unreachable!("the rules have mistakes")
            }
        }
    });
    let includes = files.iter().map(|f| {
        quote!(
            const _: &str = include_str!(#f);
        )
    });
    let errors = errors.iter().map(|e| quote!(::core::compile_error!(#e);));
    quote! {
        #(#errors)*
        #(#includes)*
        #used_kernels
        /// Typed kernels (none: the rules have mistakes).
        pub mod typed {}
        /// Erased kernels (stand-ins: the rules have mistakes).
        #[allow(unused_variables)]
        pub mod erased {
            #(#erased)*
        }
        /// Every declared operator (none: the rules have mistakes).
        #[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
        pub enum Op {}
        /// Every declared operator (none: the rules have mistakes).
        pub static OPS: &[#rt::OpDef] = &[];
    }
}

/// Whether an argument is passed to the typed kernel.
fn passed(k: Kind) -> bool {
    !matches!(
        k.base,
        Base::Opaque | Base::Generator | Base::FloatList | Base::BoolList
    )
}

/// The Rust type of a value of kind `k`.
fn rust_type(k: Kind) -> TokenStream {
    let (rt, i) = (rt(), intr());
    let base = match k.base {
        Base::Tensor => quote!(&#rt::TensorMeta),
        Base::TensorList => quote!(&[&#rt::TensorMeta]),
        Base::OptTensorList => quote!(&[Option<&#rt::TensorMeta>]),
        Base::Int => quote!(i64),
        Base::Size => quote!(#rt::SymInt),
        Base::IntList => quote!(#i::IntList),
        Base::Dims => quote!(#rt::Dims),
        Base::DimsList => quote!(Vec<#rt::Dims>),
        Base::Float => quote!(f64),
        Base::Bool => quote!(bool),
        Base::SymBool => quote!(#rt::SymBool),
        Base::Scalar => quote!(#rt::Scalar),
        Base::Str => quote!(&str),
        Base::DType => quote!(#rt::DType),
        Base::Device => quote!(#rt::Device),
        Base::Layout => quote!(#rt::Layout),
        Base::MemoryFormat => quote!(#rt::MemoryFormat),
        Base::PromotionKind => quote!(#rt::PromotionKind),
        Base::UnbackedFlavor => quote!(#i::UnbackedFlavor),
        Base::FloatList | Base::BoolList | Base::Generator | Base::Opaque => quote!(()),
    };
    if k.optional {
        quote!(Option<#base>)
    } else {
        base
    }
}

/// The typed kernel of a rule; `None` for hand-written kernels.
fn typed_fn(op: &OpIr) -> Option<TokenStream> {
    let Body::Rule(rule) = &op.body else {
        return None;
    };
    let rt = rt();
    let f = ident(&op.fn_name);
    let params = op.args.iter().filter(|a| passed(a.kind)).map(|a| {
        let id = ident(&a.ident);
        let ty = rust_type(a.kind);
        quote!(#id: #ty)
    });
    let doc = format!(" `{}`", op.schema);
    let body = rule_body(op, rule);
    Some(quote! {
        #[doc = #doc]
        #[inline]
        pub fn #f(cx: &mut #rt::Cx<'_>, #(#params),*) -> #rt::Result<#rt::Outs> {
            #body
        }
    })
}

/// The erased entry of an operator.
fn erased_fn(op: &OpIr) -> TokenStream {
    let rt = rt();
    let f = ident(&op.fn_name);
    let doc = format!(" Erased entry of `{}`.", op.name);
    let reads = op
        .args
        .iter()
        .enumerate()
        .filter(|(_, a)| passed(a.kind))
        .map(|(i, a)| {
            let id = ident(&a.ident);
            let read = read_arg(i, a);
            quote!(let #id = #read;)
        });
    let call_args = op
        .args
        .iter()
        .filter(|a| passed(a.kind))
        .map(|a| ident(&a.ident));
    let intr = intr();
    match &op.body {
        Body::Kernel(_) => quote!(),
        Body::Derived { path, how, .. } => {
            let functional: TokenStream = path.parse().unwrap_or_default();
            let call = match how {
                Derive::InPlace => quote!(#intr::inplace_variant(cx, args, #functional)),
                Derive::InPlaceOwnMeta => {
                    quote!(#intr::inplace_own_meta_variant(cx, args, #functional))
                }
                Derive::InPlaceMeta => {
                    quote!(#intr::inplace_meta_variant(cx, args, #functional))
                }
                Derive::Out { first, count, form } => {
                    let form = ident(form);
                    quote!(#intr::out_variant(cx, args, #first, #count, #intr::OutForm::#form, #functional))
                }
                Derive::FactoryOut {
                    out,
                    options,
                    dtype,
                    device,
                    form,
                } => {
                    let form = ident(form);
                    quote!(#intr::factory_out_variant(cx, args, #out, #options, (#dtype, #device), #intr::OutForm::#form, #functional))
                }
                Derive::Copy => quote!(#intr::copy_variant(cx, args, #functional)),
                Derive::HackedTwin => quote!(#intr::hacked_twin_variant(cx, args, #functional)),
                Derive::Foreach { in_place, lists } => {
                    quote!(#intr::foreach_variant(cx, args, #functional, #in_place, #lists))
                }
            };
            quote! {
                #[doc = #doc]
                pub fn #f(cx: &mut #rt::Cx<'_>, args: &[#rt::Arg<'_>]) -> #rt::Result<#rt::Outs> {
                    #call
                }
            }
        }
        Body::Rule(_) => quote! {
            #[doc = #doc]
            pub fn #f(cx: &mut #rt::Cx<'_>, args: &[#rt::Arg<'_>]) -> #rt::Result<#rt::Outs> {
                #(#reads)*
                super::typed::#f(cx, #(#call_args),*)
            }
        },
    }
}

/// Reading argument `i` in an erased entry.
fn read_arg(i: usize, a: &ArgIr) -> TokenStream {
    let (rt, intr) = (rt(), intr());
    let name = &a.name;
    let d = a.default.as_ref();
    let k = a.kind;
    let int = |d: Option<&DefaultValue>| match d {
        Some(DefaultValue::Int(v)) => quote!(Some(#v)),
        Some(DefaultValue::Bool(b)) => {
            let v = i64::from(*b);
            quote!(Some(#v))
        }
        _ => quote!(None),
    };
    let ints = |d: Option<&DefaultValue>| match d {
        Some(DefaultValue::List(vs)) => {
            let vs = vs.iter().map(|v| match v {
                DefaultValue::Int(x) => quote!(#x),
                _ => quote!(0i64),
            });
            quote!(Some(&[#(#vs),*][..]))
        }
        Some(DefaultValue::Int(v)) => quote!(Some(&[#v][..])),
        _ => quote!(None),
    };
    let float = |d: Option<&DefaultValue>| match d {
        Some(DefaultValue::Float(v)) if v.is_finite() => quote!(Some(#v)),
        Some(DefaultValue::Float(v)) if *v > 0.0 => quote!(Some(f64::INFINITY)),
        Some(DefaultValue::Float(_)) => quote!(Some(f64::NEG_INFINITY)),
        Some(DefaultValue::Int(v)) => {
            let v = *v as f64;
            quote!(Some(#v))
        }
        _ => quote!(None),
    };
    let boolean = |d: Option<&DefaultValue>| match d {
        Some(DefaultValue::Bool(b)) => quote!(Some(#b)),
        _ => quote!(None),
    };
    let scalar = |d: Option<&DefaultValue>| match d {
        Some(DefaultValue::Int(v)) => quote!(Some(#rt::Scalar::Int(#rt::SymInt::Int(#v)))),
        Some(DefaultValue::Float(v)) if v.is_finite() => {
            quote!(Some(#rt::Scalar::Float(#rt::SymFloat::Const(#v))))
        }
        Some(DefaultValue::Bool(b)) => quote!(Some(#rt::Scalar::Bool(#rt::SymBool::Bool(#b)))),
        _ => quote!(None),
    };
    // An enum default is a name (`contiguous_format`) or a c10 index
    // (`MemoryFormat memory_format=0`), decoded by the runtime's schema
    // model, the one table of those indices.
    let named = |d: Option<&DefaultValue>, ty: TokenStream, decode: TokenStream| match d {
        Some(DefaultValue::Name(n)) => {
            quote!(<#ty as ::core::str::FromStr>::from_str(#n).ok())
        }
        Some(DefaultValue::Int(v)) if !decode.is_empty() => {
            quote!(#rt::schema::DefaultValue::Int(#v).#decode())
        }
        _ => quote!(None),
    };
    let a = quote!(cx, args, #i, #name);
    let (opt_reader, default): (TokenStream, TokenStream) = match k.base {
        Base::Tensor if !k.optional => return quote!(#intr::args::tensor(#a)?),
        Base::Tensor => return quote!(#intr::args::opt_tensor(#a)?),
        Base::TensorList => return quote!(#intr::args::tensors(#a)?),
        Base::OptTensorList => return quote!(#intr::args::opt_tensors(#a)?),
        Base::Int if !k.optional => {
            return {
                let d = int(d);
                quote!(#intr::args::int(#a, #d)?)
            };
        }
        Base::Int => (quote!(opt_int), int(d)),
        Base::Size if !k.optional => {
            return {
                let d = int(d);
                quote!(#intr::args::size(#a, #d)?)
            };
        }
        Base::Size => (quote!(opt_size), int(d)),
        Base::IntList if !k.optional => {
            return {
                let d = ints(d);
                quote!(#intr::args::ints(#a, #d)?)
            };
        }
        Base::IntList => (quote!(opt_ints), ints(d)),
        Base::Dims if !k.optional => {
            return {
                let d = ints(d);
                quote!(#intr::args::sizes(#a, #d)?)
            };
        }
        Base::Dims => (quote!(opt_sizes), ints(d)),
        Base::Float if !k.optional => {
            return {
                let d = float(d);
                quote!(#intr::args::float(#a, #d)?)
            };
        }
        Base::Float => (quote!(opt_float), float(d)),
        Base::Bool if !k.optional => {
            return {
                let d = boolean(d);
                quote!(#intr::args::bool(#a, #d)?)
            };
        }
        Base::Bool => (quote!(opt_bool), boolean(d)),
        Base::SymBool => {
            let d = boolean(d);
            let v = quote!(#rt::SymBool::Bool(#intr::args::bool(#a, #d)?));
            return if k.optional { quote!(Some(#v)) } else { v };
        }
        Base::Scalar if !k.optional => {
            return {
                let d = scalar(d);
                quote!(#intr::args::scalar(#a, #d)?)
            };
        }
        Base::Scalar => (quote!(opt_scalar), scalar(d)),
        Base::Str => (
            quote!(opt_str),
            match d {
                Some(DefaultValue::Str(s)) => quote!(Some(#s)),
                _ => quote!(None),
            },
        ),
        // Not a `ScalarType? dtype=4` index: there an explicit `None`
        // means the default dtype (`randperm`), and the reader cannot tell
        // it from an absent argument; callers that leave it out give the
        // schema default themselves (plans convert defaults).
        Base::DType => (
            quote!(opt_dtype),
            named(d, quote!(#rt::DType), TokenStream::new()),
        ),
        Base::Device => (
            quote!(opt_device),
            named(d, quote!(#rt::Device), TokenStream::new()),
        ),
        Base::Layout => (
            quote!(opt_layout),
            named(d, quote!(#rt::Layout), quote!(layout)),
        ),
        Base::MemoryFormat => (
            quote!(opt_memory_format),
            named(d, quote!(#rt::MemoryFormat), quote!(memory_format)),
        ),
        _ => return quote!(()),
    };
    let read = quote!(#intr::args::#opt_reader(#a, #default)?);
    if k.optional {
        read
    } else {
        quote!(#intr::args::required(cx, #i, #name, #read)?)
    }
}

/// The body of a typed kernel.
fn rule_body(op: &OpIr, rule: &RuleIr) -> TokenStream {
    let rt = rt();
    let stmts = rule.stmts.iter().map(stmt);
    if let Some(pw) = &rule.pointwise {
        let tail = pointwise(op, pw);
        return quote! { #(#stmts)* #tail };
    }
    let outs = rule
        .outputs
        .iter()
        .enumerate()
        .map(|(i, o)| output(op, i, o));
    let names: Vec<Ident> = (0..rule.outputs.len())
        .map(|i| format_ident!("__out{i}"))
        .collect();
    // One result: the inline buffer made whole (`smallvec!` pushes into
    // an empty vector and returns it, a copy of the record more).
    let list = match names.as_slice() {
        [one] => quote!(#rt::Outs::from_buf([#one])),
        _ => quote!(#rt::smallvec![#(#names),*]),
    };
    quote! {
        #(#stmts)*
        #(#outs)*
        Ok(#list)
    }
}

/// One statement.
fn stmt(s: &Stmt) -> TokenStream {
    let (rt, intr) = (rt(), intr());
    match s {
        Stmt::Let { var, value } => {
            let v = ident(var);
            let e = expr(value);
            quote!(let #v = #e;)
        }
        Stmt::Check { cond, message } => {
            let c = expr(cond);
            let c = if cond.kind.base == Base::Bool {
                quote!(#rt::SymBool::Bool(#c))
            } else {
                c
            };
            if message.iter().all(|p| matches!(p, MessagePart::Text(_))) {
                let text: String = message
                    .iter()
                    .map(|p| match p {
                        MessagePart::Text(t) => t.as_str(),
                        MessagePart::Value(_) => "",
                    })
                    .collect();
                return quote! {{ let __c = #c; #intr::require(cx, __c, #text)?; }};
            }
            let pieces = message.iter().map(|p| match p {
                MessagePart::Text(t) => quote!(__m.push_str(#t);),
                MessagePart::Value(v) => {
                    let v = expr(v);
                    quote!(__m.push_str(&#intr::Show::show(&#v, __env));)
                }
            });
            quote! {{
                let __c = #c;
                #intr::require_printing(cx, __c, &|__env| {
                    let mut __m = ::std::string::String::new();
                    #(#pieces)*
                    __m
                })?;
            }}
        }
        Stmt::Match {
            arg,
            arg_name,
            holder,
            dims,
        } => {
            let t = match holder {
                Holder::One => ident(arg),
                _ => ident("__t"),
            };
            let packs = dims.iter().position(|d| {
                matches!(
                    d,
                    DimIr::BindPack(_) | DimIr::CheckPack(..) | DimIr::AnyPack
                )
            });
            let fixed = dims.len() - usize::from(packs.is_some());
            let before = packs.unwrap_or(dims.len());
            let after = fixed - before;
            let exact = packs.is_none();
            let mut body = Vec::new();
            if fixed > 0 || exact {
                body.push(quote!(#intr::require_rank(cx, #arg_name, #t, #fixed, #exact)?;));
            }
            for (i, d) in dims.iter().enumerate() {
                let (index, at) = if packs.is_some_and(|p| i > p) {
                    let back = dims.len() - i;
                    (quote!(#t.dim() - #back), format!("-{back}"))
                } else {
                    (quote!(#i), i.to_string())
                };
                let _ = after;
                match d {
                    DimIr::Bind(v) => {
                        let v = ident(v);
                        body.push(quote!(let #v = #t.sizes[#index];));
                    }
                    DimIr::Check(v, name) => {
                        let v = ident(v);
                        let what = format!("size of `{arg_name}` at dim {at} (`{name}`)");
                        body.push(quote!(#intr::require_eq(cx, #v, #t.sizes[#index], &|| #what.to_string())?;));
                    }
                    DimIr::Literal(lit) => {
                        let what = format!("size of `{arg_name}` at dim {at}");
                        body.push(quote!(#intr::require_eq(cx, #rt::SymInt::Int(#lit), #t.sizes[#index], &|| #what.to_string())?;));
                    }
                    DimIr::Wildcard | DimIr::AnyPack => {}
                    DimIr::BindPack(v) => {
                        let v = ident(v);
                        body.push(quote!(let #v = #rt::Dims::from_slice(&#t.sizes[#before..#t.dim() - #after]);));
                    }
                    DimIr::CheckPack(v, name) => {
                        let v = ident(v);
                        let what = format!("sizes of `{arg_name}` (`*{name}`)");
                        body.push(quote!(#intr::require_dims(cx, &#v, &#t.sizes[#before..#t.dim() - #after], &|| #what.to_string())?;));
                    }
                }
            }
            let a = ident(arg);
            match holder {
                Holder::One => quote!(#(#body)*),
                Holder::Optional => quote! { if let Some(__t) = #a { #(#body)* } },
                Holder::List => quote! { for __t in #a.iter().copied() { #(#body)* } },
                Holder::OptionalList => {
                    quote! { for __t in #a.iter().copied().flatten() { #(#body)* } }
                }
            }
        }
    }
}

/// One output, bound to `__out{i}`.
fn output(op: &OpIr, i: usize, o: &OutputIr) -> TokenStream {
    let (rt, intr) = (rt(), intr());
    let name = format_ident!("__out{i}");
    let value = o.value.as_ref().map(expr);
    match o.ret {
        RetKind::Int => {
            let v = value.unwrap_or_else(|| quote!(#rt::SymInt::Int(0)));
            return quote!(let #name = #rt::Out::Int(#v););
        }
        RetKind::Bool => {
            let v = value.unwrap_or_else(|| quote!(#rt::SymBool::Bool(false)));
            return quote!(let #name = #rt::Out::Bool(#v););
        }
        RetKind::Scalar => {
            let v = value.unwrap_or_else(|| quote!(#rt::Scalar::Int(#rt::SymInt::Int(0))));
            return quote!(let #name = #rt::Out::Scalar(#v););
        }
        RetKind::Float => {
            let v = value.unwrap_or_else(|| quote!(0.0));
            return quote!(let #name = #rt::Out::Scalar(#rt::Scalar::from(#v)););
        }
        RetKind::TensorList => return list_output(op, i, o),
        RetKind::Tensor
            if o.value
                .as_ref()
                .is_some_and(|v| v.kind == Kind::of(Base::Tensor)) =>
        {
            return whole_output(i, o);
        }
        RetKind::Tensor => {}
    }
    let strides = o.strides.as_ref().map(expr);
    let offset = o.offset.as_ref().map(expr);
    let dtype = o.dtype.as_ref().map(expr);
    let device = o.device.as_ref().map(expr);
    let tensor_arg = |j: usize| -> Option<Ident> {
        op.args
            .get(j)
            .filter(|a| a.kind == Kind::of(Base::Tensor))
            .map(|a| ident(&a.ident))
    };
    let alias = match o.alias {
        ReturnAlias::InPlace(j) if tensor_arg(j).is_some() => ReturnAlias::InPlace(j),
        ReturnAlias::ViewOf(j) if tensor_arg(j).is_some() => ReturnAlias::ViewOf(j),
        _ => ReturnAlias::Fresh,
    };
    match alias {
        ReturnAlias::InPlace(j) => {
            let a = tensor_arg(j).unwrap_or_else(|| ident("__missing"));
            let idx = u8::try_from(j).unwrap_or(u8::MAX);
            let set_sizes = value.map(|v| {
                let st = strides
                    .clone()
                    .unwrap_or_else(|| quote!(#intr::contiguous(cx, __m.sizes.clone())?));
                quote! { __m.sizes = #v; __m.strides = #st; }
            });
            let set_strides = if o.value.is_none() {
                strides.map(|s| quote!(__m.strides = #s;))
            } else {
                None
            };
            let set_offset = offset.map(|s| quote!(__m.storage_offset = #s;));
            quote! {
                let mut __m = #a.clone();
                #set_sizes
                #set_strides
                #set_offset
                let #name = #rt::Out::Tensor(__m, #rt::Alias::InPlace(#idx));
            }
        }
        ReturnAlias::ViewOf(j) => {
            let a = tensor_arg(j).unwrap_or_else(|| ident("__missing"));
            let idx = u8::try_from(j).unwrap_or(u8::MAX);
            let sizes = value.unwrap_or_else(|| quote!(#rt::Dims::from_slice(&#a.sizes)));
            let strides = strides.unwrap_or_else(|| quote!(#rt::Dims::from_slice(&#a.strides)));
            let offset = offset.unwrap_or_else(|| quote!(#a.storage_offset));
            let dtype = dtype.unwrap_or_else(|| quote!(#a.dtype));
            let device = device.unwrap_or_else(|| quote!(#a.device));
            quote! {
                let __sizes = #sizes;
                let __strides = #strides;
                let __offset = #offset;
                let #name = #rt::Out::Tensor(#rt::TensorMeta {
                    sizes: __sizes,
                    strides: __strides,
                    storage_offset: __offset,
                    dtype: #dtype,
                    device: #device,
                    layout: #a.layout,
                    requires_grad: false,
                    wrapped_number: false,
                }, #rt::Alias::ViewOf(#idx));
            }
        }
        ReturnAlias::Fresh => {
            let sizes = value.unwrap_or_else(|| quote!(#rt::Dims::new()));
            let strides =
                strides.unwrap_or_else(|| quote!(#intr::contiguous(cx, __sizes.clone())?));
            let offset = offset.unwrap_or_else(|| quote!(#rt::SymInt::Int(0)));
            let first_tensor = op
                .args
                .iter()
                .find(|a| a.kind == Kind::of(Base::Tensor))
                .map(|a| ident(&a.ident));
            let dtype = dtype.unwrap_or_else(|| match &first_tensor {
                Some(t) => quote!(#t.dtype),
                None => quote!(cx.defaults.dtype),
            });
            let device = device.unwrap_or_else(|| quote!(cx.device));
            quote! {
                let __sizes: #rt::Dims = #sizes;
                let __strides: #rt::Dims = #strides;
                let __offset = #offset;
                let __dtype = #dtype;
                let __device = #device;
                let #name = #rt::Out::Tensor(#rt::TensorMeta {
                    sizes: __sizes,
                    strides: __strides,
                    storage_offset: __offset,
                    dtype: __dtype,
                    device: __device,
                    layout: #rt::Layout::Strided,
                    requires_grad: false,
                    wrapped_number: false,
                }, #rt::Alias::Fresh);
            }
        }
    }
}

/// A tensor output an intrinsic computed whole (`-> advanced_index(..)`),
/// bound to `__out{i}`: its metadata, the attributes given overriding it;
/// aliasing as the schema says.
fn whole_output(i: usize, o: &OutputIr) -> TokenStream {
    let (rt, intr) = (rt(), intr());
    let name = format_ident!("__out{i}");
    let value = o.value.as_ref().map(expr).unwrap_or_default();
    let set = [
        (o.strides.as_ref(), quote!(strides)),
        (o.offset.as_ref(), quote!(storage_offset)),
        (o.dtype.as_ref(), quote!(dtype)),
        (o.device.as_ref(), quote!(device)),
    ]
    .into_iter()
    .filter_map(|(e, field)| e.map(|e| (expr(e), field)))
    .map(|(v, field)| quote!(__m.#field = #v;));
    let alias = match o.alias {
        ReturnAlias::ViewOf(j) => {
            let j = u8::try_from(j).unwrap_or(u8::MAX);
            quote!(#rt::Alias::ViewOf(#j))
        }
        ReturnAlias::InPlace(j) => {
            let j = u8::try_from(j).unwrap_or(u8::MAX);
            quote!(#rt::Alias::InPlace(#j))
        }
        ReturnAlias::Fresh => quote!(#rt::Alias::Fresh),
    };
    quote! {
        let mut __m = #intr::owned_meta(#value);
        #(#set)*
        let #name = #rt::Out::Tensor(__m, #alias);
    }
}

/// A `Tensor[]` output, bound to `__out{i}`: one tensor per element of
/// the sizes list, a view of the aliased argument (its strides, offset,
/// dtype and device unless given) or fresh (contiguous, offset 0); strides
/// and offset given once apply to every element, given as lists one per
/// element (a length mismatch is an error, never a panic).
fn list_output(op: &OpIr, i: usize, o: &OutputIr) -> TokenStream {
    let (rt, intr) = (rt(), intr());
    let name = format_ident!("__out{i}");
    let sizes = o
        .value
        .as_ref()
        .map(expr)
        .unwrap_or_else(|| quote!(::std::vec::Vec::<#rt::Dims>::new()));
    let view_of = match o.alias {
        ReturnAlias::ViewOf(j) | ReturnAlias::InPlace(j) => op
            .args
            .get(j)
            .filter(|a| a.kind == Kind::of(Base::Tensor))
            .map(|a| (ident(&a.ident), u8::try_from(j).unwrap_or(u8::MAX))),
        ReturnAlias::Fresh => None,
    };
    let per_element =
        |e: &Option<TExpr>, list: Base| e.as_ref().is_some_and(|e| e.kind.base == list);
    let strides_list = per_element(&o.strides, Base::DimsList);
    let offsets_list = per_element(&o.offset, Base::Dims);
    let strides = match (&o.strides, &view_of) {
        (Some(e), _) => expr(e),
        (None, Some((a, _))) => quote!(#rt::Dims::from_slice(&#a.strides)),
        (None, None) => quote!(()),
    };
    let offset = match (&o.offset, &view_of) {
        (Some(e), _) => expr(e),
        (None, Some((a, _))) => quote!(#a.storage_offset),
        (None, None) => quote!(#rt::SymInt::Int(0)),
    };
    let element_strides = if strides_list {
        quote!(#intr::element(cx, &__strides, __k, "strides")?.clone())
    } else if o.strides.is_none() && view_of.is_none() {
        quote!(#intr::contiguous(cx, __sizes.clone())?)
    } else {
        quote!(__strides.clone())
    };
    let element_offset = if offsets_list {
        quote!(*#intr::element(cx, &__offsets, __k, "offset")?)
    } else {
        quote!(__offsets)
    };
    let first_tensor = op
        .args
        .iter()
        .find(|a| a.kind == Kind::of(Base::Tensor))
        .map(|a| ident(&a.ident));
    let base = view_of.as_ref().map(|(a, _)| a.clone()).or(first_tensor);
    let dtype = o.dtype.as_ref().map(expr).unwrap_or_else(|| match &base {
        Some(t) => quote!(#t.dtype),
        None => quote!(cx.defaults.dtype),
    });
    let device = o
        .device
        .as_ref()
        .map(expr)
        .unwrap_or_else(|| match &view_of {
            Some((a, _)) => quote!(#a.device),
            None => quote!(cx.device),
        });
    let layout = match &view_of {
        Some((a, _)) => quote!(#a.layout),
        None => quote!(#rt::Layout::Strided),
    };
    let alias = match &view_of {
        Some((_, j)) => quote!(#rt::Alias::ViewOf(#j)),
        None => quote!(#rt::Alias::Fresh),
    };
    quote! {
        let __sizes_list: ::std::vec::Vec<#rt::Dims> = #sizes;
        let __strides = #strides;
        let __offsets = #offset;
        let __dtype = #dtype;
        let __device = #device;
        let mut __list = ::std::vec::Vec::with_capacity(__sizes_list.len());
        for (__k, __sizes) in __sizes_list.into_iter().enumerate() {
            let __element_strides = #element_strides;
            let __element_offset = #element_offset;
            __list.push((#rt::TensorMeta {
                sizes: __sizes,
                strides: __element_strides,
                storage_offset: __element_offset,
                dtype: __dtype,
                device: __device,
                layout: #layout,
                requires_grad: false,
                wrapped_number: false,
            }, #alias));
        }
        let #name = #rt::Out::Tensors(__list);
    }
}

/// An operator's autograd facts as a `fake_runtime::Autograd` constant.
fn autograd_def(facts: &fake_rules::autograd::AutogradIr, rt: &TokenStream) -> TokenStream {
    use fake_rules::autograd::AutogradIr;
    match facts {
        AutogradIr::Composite => quote!(#rt::Autograd::Composite),
        AutogradIr::Fallback => quote!(#rt::Autograd::Fallback),
        AutogradIr::Resize => quote!(#rt::Autograd::Resize),
        AutogradIr::Copy => quote!(#rt::Autograd::Copy),
        AutogradIr::Derived(steps) => {
            let steps = steps_def(steps, rt);
            quote!(#rt::Autograd::Derived(#steps))
        }
        AutogradIr::Calls { callee, kernel } => {
            let kernel = autograd_def(kernel, rt);
            quote!(#rt::Autograd::Calls { callee: #callee, kernel: &#kernel })
        }
        AutogradIr::Decomposed { generated, python } => {
            let generated = steps_def(generated, rt);
            let python = match python {
                Some(p) => {
                    let p = steps_def(p, rt);
                    quote!(::core::option::Option::Some(#p))
                }
                None => quote!(::core::option::Option::None),
            };
            quote!(#rt::Autograd::Decomposed { generated: #generated, python: #python })
        }
    }
}

/// A generated autograd kernel's steps as a `&[AutogradStep]` constant.
fn steps_def(steps: &[fake_rules::autograd::StepIr], rt: &TokenStream) -> TokenStream {
    use fake_rules::autograd::StepIr;
    let ix = |v: &[usize]| {
        let v = v.iter().map(|&i| i as u8);
        quote!(&[#(#v),*])
    };
    let steps = steps.iter().map(|s| match s {
        StepIr::Requires(ps) => {
            let ps = ix(ps);
            quote!(#rt::AutogradStep::Requires(#ps))
        }
        StepIr::Inplace(p) => {
            let p = *p as u8;
            quote!(#rt::AutogradStep::Inplace(#p))
        }
        StepIr::DifferentiableDtype(p) => {
            let p = *p as u8;
            quote!(#rt::AutogradStep::DifferentiableDtype(#p))
        }
        StepIr::InplaceEach { list, requires } => {
            let (list, requires) = (*list as u8, ix(requires));
            quote!(#rt::AutogradStep::InplaceEach { list: #list, requires: #requires })
        }
        StepIr::Forbid { function, param } => {
            let param = *param as u8;
            quote!(#rt::AutogradStep::Forbid { function: #function, param: #param })
        }
        StepIr::Out { function, params } => {
            let params = ix(params);
            quote!(#rt::AutogradStep::Out { function: #function, params: #params })
        }
        StepIr::History(rs) => {
            let rs = ix(rs);
            quote!(#rt::AutogradStep::History(#rs))
        }
        StepIr::Rebase(rs) => {
            let rs = ix(rs);
            quote!(#rt::AutogradStep::Rebase(#rs))
        }
        StepIr::Complex { function, returns } => {
            let returns = ix(returns);
            quote!(#rt::AutogradStep::Complex { function: #function, returns: #returns })
        }
    });
    quote!(&[#(#steps),*])
}
