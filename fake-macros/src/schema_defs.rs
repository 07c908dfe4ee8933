//! The schema model of each operator: a parsed [`Schema`]'s parameters and
//! returns expanded into `fake_runtime::schema` definitions (`ParamDef`,
//! `ReturnDef`), the `params` and `returns` of the operator's `OpDef`. So
//! the runtime and the importer read types, defaults and keyword-only marks
//! from data this parser produced, and never parse a schema string again.
//!
//! The parser has already refused what the model cannot hold (type
//! suffixes in an order PyTorch does not write, default lists of anything
//! but numbers or booleans), so the expansion is total. Defaults are
//! emitted as written: `ScalarType? dtype=4` stays the integer `4`.

use crate::schema::{AliasInfo, DefaultValue, Schema, Type, TypeSuffix};
use proc_macro2::TokenStream;
use quote::quote;

/// `::fake_runtime::support::rt::schema`, where the model lives.
fn model() -> TokenStream {
    quote!(::fake_runtime::support::rt::schema)
}

/// `&[ParamDef { .. }, ..]`: the parameters of `schema`, in order.
pub(crate) fn params(schema: &Schema) -> TokenStream {
    let m = model();
    let params = schema.args.iter().map(|a| {
        let name = &a.name;
        let ty = param_type(&a.ty);
        let alias = alias(a.ty.alias.as_ref());
        let default = match &a.default {
            Some(d) => {
                let d = default_value(d);
                quote!(::core::option::Option::Some(#d))
            }
            None => quote!(::core::option::Option::None),
        };
        let kwarg_only = a.kwarg_only;
        quote! {
            #m::ParamDef {
                name: #name,
                ty: #ty,
                alias: #alias,
                default: #default,
                kwarg_only: #kwarg_only,
            }
        }
    });
    quote!(&[#(#params),*])
}

/// `&[ReturnDef { .. }, ..]`: the returns of `schema`, in order.
pub(crate) fn returns(schema: &Schema) -> TokenStream {
    let m = model();
    let returns = schema.returns.iter().map(|r| {
        let name = match &r.name {
            Some(n) => quote!(::core::option::Option::Some(#n)),
            None => quote!(::core::option::Option::None),
        };
        let ty = param_type(&r.ty);
        let alias = alias(r.ty.alias.as_ref());
        quote! {
            #m::ReturnDef { name: #name, ty: #ty, alias: #alias }
        }
    });
    quote!(&[#(#returns),*])
}

/// `BaseType::Tensor`, ..., `BaseType::Other("Storage")`.
fn base_type(name: &str) -> TokenStream {
    let m = model();
    let variant = match name {
        "Tensor" => quote!(Tensor),
        "int" => quote!(Int),
        "SymInt" => quote!(SymInt),
        "float" => quote!(Float),
        "bool" => quote!(Bool),
        "SymBool" => quote!(SymBool),
        "str" => quote!(Str),
        "Scalar" => quote!(Scalar),
        "ScalarType" => quote!(ScalarType),
        "Layout" => quote!(Layout),
        "Device" => quote!(Device),
        "MemoryFormat" => quote!(MemoryFormat),
        "Generator" => quote!(Generator),
        "Dimname" => quote!(Dimname),
        other => return quote!(#m::BaseType::Other(#other)),
    };
    quote!(#m::BaseType::#variant)
}

/// `ParamType { base, list, optional }` of a type.
fn param_type(t: &Type) -> TokenStream {
    use TypeSuffix::{List, Optional};
    let m = model();
    let base = base_type(&t.base);
    // The forms the parser accepts; anything else was refused there.
    let (list, optional) = match t.suffixes.as_slice() {
        [List(n)] => (Some((*n, false)), false),
        [List(n), Optional] => (Some((*n, false)), true),
        [Optional, List(n)] => (Some((*n, true)), false),
        [Optional, List(n), Optional] => (Some((*n, true)), true),
        [Optional] => (None, true),
        _ => (None, false),
    };
    let list = match list {
        Some((len, elem_optional)) => {
            let len = match len {
                Some(n) => quote!(::core::option::Option::Some(#n)),
                None => quote!(::core::option::Option::None),
            };
            quote!(::core::option::Option::Some(#m::ListType {
                len: #len,
                elem_optional: #elem_optional,
            }))
        }
        None => quote!(::core::option::Option::None),
    };
    quote!(#m::ParamType { base: #base, list: #list, optional: #optional })
}

/// `Some(AliasInfo { .. })` or `None`.
fn alias(a: Option<&AliasInfo>) -> TokenStream {
    let m = model();
    match a {
        Some(a) => {
            let (sets, write, after) = (&a.sets, a.write, &a.after);
            quote!(::core::option::Option::Some(#m::AliasInfo {
                sets: &[#(#sets),*],
                write: #write,
                after: &[#(#after),*],
            }))
        }
        None => quote!(::core::option::Option::None),
    }
}

/// An `i64` literal (`i64::MIN` has none: its magnitude does not fit).
fn int(v: i64) -> TokenStream {
    if v == i64::MIN {
        quote!(i64::MIN)
    } else {
        quote!(#v)
    }
}

/// An `f64` literal, or the constant for a non-finite value.
fn float(v: f64) -> TokenStream {
    if v.is_finite() {
        quote!(#v)
    } else if v.is_nan() {
        quote!(f64::NAN)
    } else if v > 0.0 {
        quote!(f64::INFINITY)
    } else {
        quote!(f64::NEG_INFINITY)
    }
}

/// A `DefaultValue` as written: a list of integers stays `Ints`, one with
/// a float in it is `Floats`, one of booleans `Bools`.
fn default_value(d: &DefaultValue) -> TokenStream {
    let m = model();
    match d {
        DefaultValue::None => quote!(#m::DefaultValue::None),
        DefaultValue::Bool(b) => quote!(#m::DefaultValue::Bool(#b)),
        DefaultValue::Int(v) => {
            let v = int(*v);
            quote!(#m::DefaultValue::Int(#v))
        }
        DefaultValue::Float(v) => {
            let v = float(*v);
            quote!(#m::DefaultValue::Float(#v))
        }
        DefaultValue::Str(s) => quote!(#m::DefaultValue::Str(#s)),
        DefaultValue::Name(n) => quote!(#m::DefaultValue::Name(#n)),
        DefaultValue::List(items) => {
            let bools: Option<Vec<bool>> = items
                .iter()
                .map(|i| match i {
                    DefaultValue::Bool(b) => Some(*b),
                    _ => None,
                })
                .collect();
            let ints: Option<Vec<i64>> = items
                .iter()
                .map(|i| match i {
                    DefaultValue::Int(v) => Some(*v),
                    _ => None,
                })
                .collect();
            if let Some(vs) = ints {
                let vs = vs.into_iter().map(int);
                quote!(#m::DefaultValue::Ints(&[#(#vs),*]))
            } else if let Some(bs) = bools {
                quote!(#m::DefaultValue::Bools(&[#(#bs),*]))
            } else {
                // Numbers with a float among them (the parser refused
                // anything else); an integer item is its float.
                let vs = items.iter().map(|i| match i {
                    DefaultValue::Int(v) => float(*v as f64),
                    DefaultValue::Float(v) => float(*v),
                    _ => float(f64::NAN),
                });
                quote!(#m::DefaultValue::Floats(&[#(#vs),*]))
            }
        }
    }
}

#[cfg(test)]
mod tests {
    //! The model emitted for catalogued overloads, read from the schema
    //! lines of `ops/catalog/aten.schemas` as the macro parses them.

    use super::*;
    use crate::schema::{parse_schema_file, parse_schema_file_where};
    use expect_test::{Expect, expect};
    use fake_rules::diagnostic::Sources;

    const CATALOG: &str = include_str!("../../ops/catalog/aten.schemas");

    /// The schemas of `text`, which must parse.
    fn parse(text: &str) -> Vec<Schema> {
        let mut sources = Sources::default();
        let file = sources.add("ops/catalog/aten.schemas", text);
        let mut diags = Vec::new();
        let schemas = parse_schema_file(file, text, &mut diags);
        let errors: String = diags.iter().map(|d| sources.resolve(d).render()).collect();
        assert_eq!(errors, "");
        schemas
    }

    /// The catalogued schema of `name`.
    fn declared(name: &str) -> Schema {
        let mut sources = Sources::default();
        let file = sources.add("ops/catalog/aten.schemas", CATALOG);
        let (schemas, broken) = parse_schema_file_where(file, CATALOG, |n| n == name);
        let errors: String = broken
            .iter()
            .flat_map(|(_, d)| d)
            .map(|d| sources.resolve(d).render())
            .collect();
        assert_eq!(errors, "");
        schemas
            .into_iter()
            .next()
            .unwrap_or_else(|| panic!("`{name}` is catalogued"))
    }

    /// Generated items, pretty-printed with the paths left out.
    fn pretty(file: &syn::File) -> String {
        prettyplease::unparse(file)
            .replace("::fake_runtime::support::rt::schema::", "")
            .replace("::core::option::Option::", "")
    }

    /// An expression on one line.
    fn line(tokens: TokenStream) -> String {
        let item = pretty(&syn::parse_quote!(const X: () = #tokens;));
        let item = item.split_whitespace().collect::<Vec<_>>().join(" ");
        item.trim_start_matches("const X: () = ")
            .trim_end_matches(';')
            .replace("( ", "(")
            .replace(", }", " }")
            .replace(" )", ")")
    }

    /// The schema text, then one line per emitted parameter (type, alias
    /// annotation, default, keyword-only) and per return.
    fn summary(schema: &Schema) -> String {
        let mut out = format!("{}\n", schema.text);
        for a in &schema.args {
            let d = a
                .default
                .as_ref()
                .map_or("-".to_string(), |d| line(default_value(d)));
            out += &format!(
                "  {}: {}, alias {}, default {d}{}\n",
                a.name,
                line(param_type(&a.ty)),
                line(alias(a.ty.alias.as_ref())),
                if a.kwarg_only { ", kwarg-only" } else { "" }
            );
        }
        for r in &schema.returns {
            out += &format!(
                "  -> {}, alias {}\n",
                line(param_type(&r.ty)),
                line(alias(r.ty.alias.as_ref()))
            );
        }
        out
    }

    fn check(name: &str, expect: Expect) {
        expect.assert_eq(&summary(&declared(name)));
    }

    #[test]
    fn a_whole_definition() {
        let s = declared("aten::sum.dim_IntList");
        let (p, r) = (params(&s), returns(&s));
        expect![[r#"
            const PARAMS: &[ParamDef] = &[
                ParamDef {
                    name: "self",
                    ty: ParamType {
                        base: BaseType::Tensor,
                        list: None,
                        optional: false,
                    },
                    alias: None,
                    default: None,
                    kwarg_only: false,
                },
                ParamDef {
                    name: "dim",
                    ty: ParamType {
                        base: BaseType::Int,
                        list: Some(ListType {
                            len: Some(1u32),
                            elem_optional: false,
                        }),
                        optional: true,
                    },
                    alias: None,
                    default: None,
                    kwarg_only: false,
                },
                ParamDef {
                    name: "keepdim",
                    ty: ParamType {
                        base: BaseType::Bool,
                        list: None,
                        optional: false,
                    },
                    alias: None,
                    default: Some(
                        DefaultValue::Bool(false),
                    ),
                    kwarg_only: false,
                },
                ParamDef {
                    name: "dtype",
                    ty: ParamType {
                        base: BaseType::ScalarType,
                        list: None,
                        optional: true,
                    },
                    alias: None,
                    default: Some(
                        DefaultValue::None,
                    ),
                    kwarg_only: true,
                },
            ];
            const RETURNS: &[ReturnDef] = &[
                ReturnDef {
                    name: None,
                    ty: ParamType {
                        base: BaseType::Tensor,
                        list: None,
                        optional: false,
                    },
                    alias: None,
                },
            ];
        "#]]
        .assert_eq(&pretty(&syn::parse_quote! {
            const PARAMS: &[ParamDef] = #p;
            const RETURNS: &[ReturnDef] = #r;
        }));
    }

    #[test]
    fn add_tensor_alpha_is_keyword_only_with_an_integer_default() {
        check(
            "aten::add.Tensor",
            expect![[r#"
            aten::add.Tensor(Tensor self, Tensor other, *, Scalar alpha=1) -> Tensor
              self: ParamType { base: BaseType::Tensor, list: None, optional: false }, alias None, default -
              other: ParamType { base: BaseType::Tensor, list: None, optional: false }, alias None, default -
              alpha: ParamType { base: BaseType::Scalar, list: None, optional: false }, alias None, default DefaultValue::Int(1i64), kwarg-only
              -> ParamType { base: BaseType::Tensor, list: None, optional: false }, alias None
        "#]],
        );
    }

    #[test]
    fn fixed_length_list_defaults_stay_as_written() {
        // `SymInt[2] stride=[1, 1]`: a list with its fixed length.
        check(
            "aten::conv2d",
            expect![[r#"
            aten::conv2d(Tensor input, Tensor weight, Tensor? bias=None, SymInt[2] stride=[1, 1], SymInt[2] padding=[0, 0], SymInt[2] dilation=[1, 1], SymInt groups=1) -> Tensor
              input: ParamType { base: BaseType::Tensor, list: None, optional: false }, alias None, default -
              weight: ParamType { base: BaseType::Tensor, list: None, optional: false }, alias None, default -
              bias: ParamType { base: BaseType::Tensor, list: None, optional: true }, alias None, default DefaultValue::None
              stride: ParamType { base: BaseType::SymInt, list: Some(ListType { len: Some(2u32), elem_optional: false }), optional: false }, alias None, default DefaultValue::Ints(&[1i64, 1i64])
              padding: ParamType { base: BaseType::SymInt, list: Some(ListType { len: Some(2u32), elem_optional: false }), optional: false }, alias None, default DefaultValue::Ints(&[0i64, 0i64])
              dilation: ParamType { base: BaseType::SymInt, list: Some(ListType { len: Some(2u32), elem_optional: false }), optional: false }, alias None, default DefaultValue::Ints(&[1i64, 1i64])
              groups: ParamType { base: BaseType::SymInt, list: None, optional: false }, alias None, default DefaultValue::Int(1i64)
              -> ParamType { base: BaseType::Tensor, list: None, optional: false }, alias None
        "#]],
        );
        // `int[2] stride=[]` (empty: `kernel_size` is used) and `int[2]
        // padding=0` (one value, repeated to the length where it is read).
        check(
            "aten::max_pool2d",
            expect![[r#"
            aten::max_pool2d(Tensor self, int[2] kernel_size, int[2] stride=[], int[2] padding=0, int[2] dilation=1, bool ceil_mode=False) -> Tensor
              self: ParamType { base: BaseType::Tensor, list: None, optional: false }, alias None, default -
              kernel_size: ParamType { base: BaseType::Int, list: Some(ListType { len: Some(2u32), elem_optional: false }), optional: false }, alias None, default -
              stride: ParamType { base: BaseType::Int, list: Some(ListType { len: Some(2u32), elem_optional: false }), optional: false }, alias None, default DefaultValue::Ints(&[])
              padding: ParamType { base: BaseType::Int, list: Some(ListType { len: Some(2u32), elem_optional: false }), optional: false }, alias None, default DefaultValue::Int(0i64)
              dilation: ParamType { base: BaseType::Int, list: Some(ListType { len: Some(2u32), elem_optional: false }), optional: false }, alias None, default DefaultValue::Int(1i64)
              ceil_mode: ParamType { base: BaseType::Bool, list: None, optional: false }, alias None, default DefaultValue::Bool(false)
              -> ParamType { base: BaseType::Tensor, list: None, optional: false }, alias None
        "#]],
        );
    }

    #[test]
    fn alias_annotations_and_c10_indices_are_kept() {
        check(
            "aten::add_.Tensor",
            expect![[r#"
            aten::add_.Tensor(Tensor(a!) self, Tensor other, *, Scalar alpha=1) -> Tensor(a!)
              self: ParamType { base: BaseType::Tensor, list: None, optional: false }, alias Some(AliasInfo { sets: &["a"], write: true, after: &[] }), default -
              other: ParamType { base: BaseType::Tensor, list: None, optional: false }, alias None, default -
              alpha: ParamType { base: BaseType::Scalar, list: None, optional: false }, alias None, default DefaultValue::Int(1i64), kwarg-only
              -> ParamType { base: BaseType::Tensor, list: None, optional: false }, alias Some(AliasInfo { sets: &["a"], write: true, after: &[] })
        "#]],
        );
        check(
            "aten::split.Tensor",
            expect![[r#"
            aten::split.Tensor(Tensor(a -> *) self, SymInt split_size, int dim=0) -> Tensor(a)[]
              self: ParamType { base: BaseType::Tensor, list: None, optional: false }, alias Some(AliasInfo { sets: &["a"], write: false, after: &["*"] }), default -
              split_size: ParamType { base: BaseType::SymInt, list: None, optional: false }, alias None, default -
              dim: ParamType { base: BaseType::Int, list: None, optional: false }, alias None, default DefaultValue::Int(0i64)
              -> ParamType { base: BaseType::Tensor, list: Some(ListType { len: None, elem_optional: false }), optional: false }, alias Some(AliasInfo { sets: &["a"], write: false, after: &[] })
        "#]],
        );
        // `ScalarType? dtype=4`: c10's index of `long`, as written.
        check(
            "aten::randperm",
            expect![[r#"
            aten::randperm(SymInt n, *, ScalarType? dtype=4, Layout? layout=None, Device? device=None, bool? pin_memory=None) -> Tensor
              n: ParamType { base: BaseType::SymInt, list: None, optional: false }, alias None, default -
              dtype: ParamType { base: BaseType::ScalarType, list: None, optional: true }, alias None, default DefaultValue::Int(4i64), kwarg-only
              layout: ParamType { base: BaseType::Layout, list: None, optional: true }, alias None, default DefaultValue::None, kwarg-only
              device: ParamType { base: BaseType::Device, list: None, optional: true }, alias None, default DefaultValue::None, kwarg-only
              pin_memory: ParamType { base: BaseType::Bool, list: None, optional: true }, alias None, default DefaultValue::None, kwarg-only
              -> ParamType { base: BaseType::Tensor, list: None, optional: false }, alias None
        "#]],
        );
    }

    #[test]
    fn default_lists_and_special_numbers() {
        let s = parse(
            "aten::f(Tensor?[] indices, int[] a=[], float[] b=[1, 0.5], bool[3] c=[True, False, True], \
             int d=-9223372036854775808, float e=-inf, MemoryFormat m=contiguous_format, \
             Dimname n, str r=\"mean\", Storage? s=None) -> ()\n",
        )
        .remove(0);
        expect![[r#"
            aten::f(Tensor?[] indices, int[] a=[], float[] b=[1, 0.5], bool[3] c=[True, False, True], int d=-9223372036854775808, float e=-inf, MemoryFormat m=contiguous_format, Dimname n, str r="mean", Storage? s=None) -> ()
              indices: ParamType { base: BaseType::Tensor, list: Some(ListType { len: None, elem_optional: true }), optional: false }, alias None, default -
              a: ParamType { base: BaseType::Int, list: Some(ListType { len: None, elem_optional: false }), optional: false }, alias None, default DefaultValue::Ints(&[])
              b: ParamType { base: BaseType::Float, list: Some(ListType { len: None, elem_optional: false }), optional: false }, alias None, default DefaultValue::Floats(&[1f64, 0.5f64])
              c: ParamType { base: BaseType::Bool, list: Some(ListType { len: Some(3u32), elem_optional: false }), optional: false }, alias None, default DefaultValue::Bools(&[true, false, true],)
              d: ParamType { base: BaseType::Int, list: None, optional: false }, alias None, default DefaultValue::Int(i64::MIN)
              e: ParamType { base: BaseType::Float, list: None, optional: false }, alias None, default DefaultValue::Float(f64::NEG_INFINITY,)
              m: ParamType { base: BaseType::MemoryFormat, list: None, optional: false }, alias None, default DefaultValue::Name("contiguous_format",)
              n: ParamType { base: BaseType::Dimname, list: None, optional: false }, alias None, default -
              r: ParamType { base: BaseType::Str, list: None, optional: false }, alias None, default DefaultValue::Str("mean")
              s: ParamType { base: BaseType::Other("Storage"), list: None, optional: true }, alias None, default DefaultValue::None
        "#]]
        .assert_eq(&summary(&s));
        assert_eq!(returns(&s).to_string(), "& []");
    }
}
