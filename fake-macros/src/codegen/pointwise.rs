//! The body of a `@pointwise` rule: promotion (with the computation dtype
//! its operands are converted to), the conversions, and the output through
//! `support::pointwise_output_by` with the rule's stride rule; in place,
//! the broadcast sizes checked against the written argument.

use super::{expr, ident, intr, rt};
use crate::ir::{OpIr, Pointwise};
use proc_macro2::{Ident, TokenStream};
use quote::{format_ident, quote};

/// The pointwise fast path.
pub(super) fn pointwise(op: &OpIr, pw: &Pointwise) -> TokenStream {
    let (rt, intr) = (rt(), intr());
    let any_optional = pw.operands.iter().any(|&(_, _, optional)| optional);
    let operand = |id: &Ident, is_tensor: bool| {
        if is_tensor {
            quote!(#intr::tensor_operand(#id))
        } else {
            quote!(#intr::scalar_operand(&#id))
        }
    };
    // A tensor that takes part in promotion reaches the operator converted
    // to the computation dtype (its layout made dense when it is not);
    // one that does not (`where`'s condition) as it is. A rule that gives
    // the dtype itself converts nothing.
    let convert = pw.dtype.is_none() && pw.inplace.is_none();
    let promoted = |t: &str| {
        convert
            && pw
                .operands
                .iter()
                .any(|(id, is_tensor, _)| *is_tensor && id == t)
    };
    let converted = |t: &str| format_ident!("__cv_{}", t);
    // `convert = own`: the meta kernel converts nothing; only on symbolic
    // sizes, where the fake mode runs the reference, is an operand
    // converted (laid out afresh) first.
    let own = pw.convert == "own";
    let conversions = pw.tensors.iter().filter(|(t, _)| promoted(t)).map(|(t, optional)| {
        let (id, cv) = (ident(t), converted(t));
        match (*optional, own) {
            (true, false) => quote!(let #cv = match #id { Some(__x) => #intr::converted(cx, __x, __compute)?, None => None };),
            (true, true) => quote!(let #cv = match #id { Some(__x) if !__x.is_static() => #intr::converted(cx, __x, __compute)?, _ => None };),
            (false, false) => quote!(let #cv = #intr::converted(cx, #id, __compute)?;),
            (false, true) => quote!(let #cv = if !#id.is_static() { #intr::converted(cx, #id, __compute)? } else { None };),
        }
    });
    let mut conversions: Vec<TokenStream> = conversions.collect();
    // `to(dtype)` of each promoted operand, which fixes the symbolic sizes
    // of one it converts (`fix_sizes_for_to`).
    let fixes = |dtype: TokenStream| -> Vec<TokenStream> {
        pw.tensors
            .iter()
            .filter(|(t, _)| promoted(t))
            .map(|(t, optional)| {
                let id = ident(t);
                if *optional {
                    quote!(if let Some(__x) = #id { #intr::fix_sizes_for_to(cx, __x, #dtype)?; })
                } else {
                    quote!(#intr::fix_sizes_for_to(cx, #id, #dtype)?;)
                }
            })
            .collect()
    };
    // `result_functional`: the functional overload's meta converts to the
    // result dtype; its derived overloads (`add.Scalar_out`), which
    // PyTorch runs through the reference, convert as `computation` does.
    let functional_only = pw.convert == "result_functional";
    let name = &op.name;
    let as_meta = if functional_only {
        quote!(cx.op == #name)
    } else {
        quote!(true)
    };
    if convert && functional_only {
        let meta = fixes(quote!(__dtype));
        let refs = fixes(quote!(__compute));
        if !meta.is_empty() {
            conversions.insert(
                0,
                quote!(if __as_meta { #(#meta)* } else if cx.defaults.refs_as_meta { #(#refs)* }),
            );
        }
    } else if convert && pw.convert == "result" {
        // `elementwise_meta` converts with the C++ `to`.
        conversions.splice(0..0, fixes(quote!(__dtype)));
    } else if convert && pw.convert != "own" {
        // The same when the reference's own `to` runs on meta tensors
        // (`Defaults::refs_as_meta`), converting to the computation dtype.
        let fixes = fixes(quote!(__compute));
        if !fixes.is_empty() {
            conversions.insert(0, quote!(if cx.defaults.refs_as_meta { #(#fixes)* }));
        }
    }
    // The tensor as the operator sees it, `x` standing for it.
    let seen = |t: &str, x: TokenStream| {
        if promoted(t) {
            let cv = converted(t);
            quote!(#cv.as_ref().unwrap_or(#x))
        } else {
            x
        }
    };
    // Without optional operands, fixed arrays; with them, lists built
    // from the operands that are there.
    let (tensors, operands) = if any_optional {
        let push_tensors = pw.tensors.iter().map(|(t, optional)| {
            let id = ident(t);
            if *optional {
                let x = seen(t, quote!(__x));
                quote!(if let Some(__x) = #id { __ts.push(#x); })
            } else {
                let x = seen(t, quote!(#id));
                quote!(__ts.push(#x);)
            }
        });
        let push_operands = pw.operands.iter().map(|(id, is_tensor, optional)| {
            let id = ident(id);
            if *optional {
                let x = ident("__x");
                let o = operand(&x, *is_tensor);
                quote!(if let Some(__x) = &#id { __os.push(#o); })
            } else {
                let o = operand(&id, *is_tensor);
                quote!(__os.push(#o);)
            }
        });
        (
            quote!({
                let mut __ts: #rt::SmallVec<[&#rt::TensorMeta; 4]> = #rt::SmallVec::new();
                #(#push_tensors)*
                __ts
            }),
            quote!({
                let mut __os: #rt::SmallVec<[#rt::Operand; 4]> = #rt::SmallVec::new();
                #(#push_operands)*
                __os
            }),
        )
    } else {
        let tensors = pw.tensors.iter().map(|(t, _)| {
            let id = ident(t);
            seen(t, quote!(#id))
        });
        let operands = pw
            .operands
            .iter()
            .map(|(id, is_tensor, _)| operand(&ident(id), *is_tensor));
        (quote!([#(#tensors),*]), quote!([#(#operands),*]))
    };
    let kind = ident(&pw.promote);
    let rule = ident(&pw.strides);
    let dtypes = match &pw.dtype {
        Some(e) => {
            let e = expr(e);
            quote!(let __dtype = #e;)
        }
        None if convert && functional_only => quote! {
            let __as_meta = #as_meta;
            let (__compute, __dtype) = if __as_meta {
                let __d = #intr::promote(cx, &#operands, #rt::PromotionKind::#kind)?;
                (__d, __d)
            } else {
                #intr::promote_computation(cx, &#operands, #rt::PromotionKind::#kind)?
            };
        },
        None if convert && pw.convert == "result" => quote! {
            let __dtype = #intr::promote(cx, &#operands, #rt::PromotionKind::#kind)?;
            let __compute = __dtype;
        },
        None if convert => quote! {
            let (__compute, __dtype) =
                #intr::promote_computation(cx, &#operands, #rt::PromotionKind::#kind)?;
        },
        None => quote!(let __dtype = #intr::promote(cx, &#operands, #rt::PromotionKind::#kind)?;),
    };
    // FakeTensorMode's fast binary path tests the operands as given, before
    // promotion converts them.
    // `scale = alpha`: a Python kernel is passed `alpha` unless it is the
    // schema's default, and then multiplies the second operand by it.
    let scaled = match &pw.scale {
        Some((alpha, default)) => {
            let alpha = ident(alpha);
            quote!(#intr::passed_scalar(&#alpha, #default))
        }
        None => quote!(false),
    };
    let output = if rule == "FastBinary" && !any_optional && !conversions.is_empty() {
        let given = pw.tensors.iter().map(|(t, _)| ident(t));
        quote!(#intr::pointwise_output_fast_binary(cx, &[#(#given),*], &#tensors, __dtype, #scaled)?)
    } else {
        quote!(#intr::pointwise_output_by(cx, &#tensors, __dtype, #rt::StrideRule::#rule)?)
    };
    // `@pointwise(meta = reference)`: the reference's earlier steps lay
    // static inputs out afresh before the rule combines them.
    let output = if let Some(which) = &pw.stepped {
        let floating_only = which == "floating";
        quote!(match #intr::stepped_inputs(cx, &#tensors, #floating_only)? {
            Some(__laid) => {
                let __laid: #rt::SmallVec<[&#rt::TensorMeta; 4]> = __laid.iter().collect();
                #intr::pointwise_output_by(cx, &__laid, __dtype, #rt::StrideRule::#rule)?
            }
            None => #output,
        })
    } else {
        output
    };
    // `elementwise_meta` then expands the operands to the common shape,
    // which a plain fake mode refuses on symbolic sizes.
    let expand = if convert && functional_only {
        Some(
            quote!(if __as_meta || cx.defaults.refs_as_meta { #intr::expand_for_broadcast(cx, &#tensors)?; }),
        )
    } else if convert && pw.convert == "result" {
        Some(quote!(#intr::expand_for_broadcast(cx, &#tensors)?;))
    } else if convert && pw.convert != "own" && rule == "RefWhereNumber" {
        // The reference's `where` against a number, run on meta tensors:
        // the number, a zero-dim tensor, is expanded to the operand.
        Some(quote!(if cx.defaults.refs_as_meta {
            let __ts = #tensors;
            #intr::expand_for_broadcast(cx, &__ts)?;
            if let Some(__t) = __ts.first() { #intr::refuse_plain_expand(cx, &[], &__t.sizes)?; }
        }))
    } else if convert && pw.convert != "own" {
        // The references' `_maybe_broadcast` too, run on meta tensors.
        Some(quote!(if cx.defaults.refs_as_meta { #intr::expand_for_broadcast(cx, &#tensors)?; }))
    } else {
        None
    };
    match pw.inplace {
        None => quote! {
            #dtypes
            #(#conversions)*
            #expand
            let __meta = #output;
            Ok(#rt::Outs::from_buf([#rt::Out::Tensor(__meta, #rt::Alias::Fresh)]))
        },
        Some(i) => {
            let target = op
                .args
                .get(i)
                .map(|a| ident(&a.ident))
                .unwrap_or_else(|| ident("__missing"));
            let idx = u8::try_from(i).unwrap_or(u8::MAX);
            quote! {
                #dtypes
                let __sizes = #intr::pointwise_sizes(cx, &#tensors)?;
                #intr::written_in_place(cx, &__sizes, __dtype, #target)?;
                Ok(#rt::smallvec![#rt::Out::Tensor(#target.clone(), #rt::Alias::InPlace(#idx))])
            }
        }
    }
}
