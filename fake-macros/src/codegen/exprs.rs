//! Expressions of a rule as Rust: literals, variables, intrinsic calls,
//! operators on symbolic values (through the ShapeEnv) and the coercions
//! between kinds.

use super::{ident, intr, rt};
use crate::ast::BinaryOp;
use crate::ir::{Field, TExpr, TNode};
use crate::kind::{Base, Kind};
use proc_macro2::{Ident, TokenStream};
use quote::{format_ident, quote};

/// Whether values of kind `k` are cloned when a variable is read.
fn needs_clone(k: Kind) -> bool {
    matches!(k.base, Base::Dims | Base::IntList | Base::DimsList)
}

/// An expression.
pub(crate) fn expr(e: &TExpr) -> TokenStream {
    let (rt, intr) = (rt(), intr());
    match &e.node {
        TNode::Int(v) => quote!(#v),
        // `quote` refuses non-finite literals (`1e999` parses as infinity).
        TNode::Float(v) if v.is_nan() => quote!(f64::NAN),
        TNode::Float(v) if v.is_infinite() && *v > 0.0 => quote!(f64::INFINITY),
        TNode::Float(v) if v.is_infinite() => quote!(f64::NEG_INFINITY),
        TNode::Float(v) => quote!(#v),
        TNode::Bool(v) => quote!(#v),
        TNode::NoneLit => quote!(None),
        TNode::Var(v) => {
            let v = ident(v);
            if e.kind == Kind::of(Base::Dims) {
                // A copy of the slice: `Clone` of a `SmallVec` extends
                // element by element.
                quote!(#rt::Dims::from_slice(&#v))
            } else if needs_clone(e.kind) {
                quote!(#v.clone())
            } else {
                quote!(#v)
            }
        }
        TNode::Const(path) => {
            let p: TokenStream = path.parse().unwrap_or_default();
            if path.starts_with("UnbackedFlavor") {
                quote!(::fake_runtime::support::#p)
            } else {
                quote!(#rt::#p)
            }
        }
        TNode::Call(path, args) => {
            let f: TokenStream = path.parse().unwrap_or_default();
            let names: Vec<Ident> = (0..args.len()).map(|i| format_ident!("__a{i}")).collect();
            let vals = args.iter().map(expr);
            let pass = args.iter().zip(&names).map(|(a, n)| {
                if a.kind.base == Base::TensorList && !a.kind.optional {
                    quote!(&#n[..])
                } else {
                    quote!(#n)
                }
            });
            quote!({ #(let #names = #vals;)* #f(cx, #(#pass),*)? })
        }
        TNode::Field(b, f) => {
            let b = expr(b);
            match f {
                Field::Sizes => quote!(#rt::Dims::from_slice(&#b.sizes)),
                Field::Strides => quote!(#rt::Dims::from_slice(&#b.strides)),
                Field::Offset => quote!(#b.storage_offset),
                Field::DType => quote!(#b.dtype),
                Field::Device => quote!(#b.device),
                Field::Dim => quote!((#b.dim() as i64)),
            }
        }
        TNode::Neg(x) => {
            let v = expr(x);
            if x.kind.base == Base::Int {
                quote!(#intr::int_arith('-', 0, #v)?)
            } else {
                quote!({ let __x = #v; cx.env.neg(__x)? })
            }
        }
        TNode::Not(x) => {
            let v = expr(x);
            if x.kind.base == Base::Bool {
                quote!((!#v))
            } else {
                quote!({ let __x = #v; cx.env.not(__x)? })
            }
        }
        TNode::Binary(op, l, r) => binary(*op, l, r),
        TNode::Coalesce(l, r) => {
            let (l, r) = (expr(l), expr(r));
            quote!(match #l { Some(__v) => __v, None => #r })
        }
        TNode::List(items) => {
            let int_list = e.kind.base == Base::IntList;
            let pushes = items.iter().map(|(splice, x)| {
                let v = expr(x);
                match (splice, x.kind.base, int_list) {
                    (false, Base::Int, true) | (false, Base::Size, false) => quote!(__l.push(#v);),
                    (false, _, _) => quote!(__l.push(#rt::SymInt::Int(#v));),
                    (true, Base::IntList, false) => {
                        quote!(__l.extend(#v.iter().map(|&__x| #rt::SymInt::Int(__x)));)
                    }
                    (true, _, _) => quote!(__l.extend(#v.iter().copied());),
                }
            });
            let ty = if int_list {
                quote!(#intr::IntList)
            } else {
                quote!(#rt::Dims)
            };
            quote!({ let mut __l = <#ty>::new(); #(#pushes)* __l })
        }
        TNode::Coerce(x) => coerce(expr(x), x.kind, e.kind),
    }
}

/// Coerce tokens of kind `from` to kind `to`.
fn coerce(v: TokenStream, from: Kind, to: Kind) -> TokenStream {
    let (rt, intr) = (rt(), intr());
    let base = |v: TokenStream| -> TokenStream {
        match (from.base, to.base) {
            (Base::Int, Base::Size) => quote!(#rt::SymInt::Int(#v)),
            (Base::IntList, Base::Dims) => quote!(#intr::from_ints(&#v)),
            (Base::Bool, Base::SymBool) => quote!(#rt::SymBool::Bool(#v)),
            (Base::Int, Base::Scalar) => quote!(#rt::Scalar::Int(#rt::SymInt::Int(#v))),
            (Base::Size, Base::Scalar) => quote!(#rt::Scalar::Int(#v)),
            (Base::Int, Base::Float) => quote!((#v as f64)),
            (Base::Float, Base::Scalar) => quote!(#rt::Scalar::from(#v)),
            _ => v,
        }
    };
    match (from.optional, to.optional) {
        (false, false) => base(v),
        (false, true) => {
            let b = base(v);
            quote!(Some(#b))
        }
        _ => {
            if from.base == to.base {
                v
            } else {
                let b = base(quote!(__x));
                quote!(#v.map(|__x| #b))
            }
        }
    }
}

/// A binary expression; operands already have the same kind.
fn binary(op: BinaryOp, l: &TExpr, r: &TExpr) -> TokenStream {
    let intr = intr();
    let k = l.kind.base;
    let (lv, rv) = (expr(l), expr(r));
    let bind = |call: TokenStream| quote!({ let __l = #lv; let __r = #rv; #call });
    use BinaryOp::*;
    match (op, k) {
        (Add, Base::Int) => bind(quote!(#intr::int_arith('+', __l, __r)?)),
        (Sub, Base::Int) => bind(quote!(#intr::int_arith('-', __l, __r)?)),
        (Mul, Base::Int) => bind(quote!(#intr::int_arith('*', __l, __r)?)),
        (FloorDiv, Base::Int) => bind(quote!(#intr::int_floordiv(cx, __l, __r)?)),
        (Mod, Base::Int) => bind(quote!(#intr::int_mod(cx, __l, __r)?)),
        (Add, _) => bind(quote!(cx.env.add(__l, __r)?)),
        (Sub, _) => bind(quote!(cx.env.sub(__l, __r)?)),
        (Mul, _) => bind(quote!(cx.env.mul(__l, __r)?)),
        (FloorDiv, _) => bind(quote!(cx.env.floordiv(__l, __r)?)),
        (Mod, _) => bind(quote!(cx.env.modulo(__l, __r)?)),
        (Eq | Ne | Lt | Le | Gt | Ge, Base::Size) => {
            let m = match op {
                Eq => quote!(eq),
                Ne => quote!(ne),
                Lt => quote!(lt),
                Le => quote!(le),
                Gt => quote!(gt),
                _ => quote!(ge),
            };
            bind(quote!(cx.env.#m(__l, __r)?))
        }
        (Eq | Ne | Lt | Le | Gt | Ge, Base::Scalar) => {
            let sym = op.symbol();
            bind(quote!(#intr::scalar_cmp(cx, #sym, __l, __r)?))
        }
        (Eq, Base::Dims) => bind(quote!(#intr::dims_eq(cx, &__l, &__r)?)),
        (Ne, Base::Dims) => {
            bind(quote!({ let __e = #intr::dims_eq(cx, &__l, &__r)?; cx.env.not(__e)? }))
        }
        (Eq, _) => bind(quote!((__l == __r))),
        (Ne, _) => bind(quote!((__l != __r))),
        (Lt, _) => bind(quote!((__l < __r))),
        (Le, _) => bind(quote!((__l <= __r))),
        (Gt, _) => bind(quote!((__l > __r))),
        (Ge, _) => bind(quote!((__l >= __r))),
        (And, Base::Bool) => quote!((#lv && #rv)),
        (Or, Base::Bool) => quote!((#lv || #rv)),
        (And, _) => short_circuit(lv, rv, false, quote!(and)),
        (Or, _) => short_circuit(lv, rv, true, quote!(or)),
        (Coalesce, _) => quote!(match #lv { Some(__v) => __v, None => #rv }),
    }
}

/// A symbolic `and`/`or`, as Python's: a left operand that is statically
/// `decides` is the result, the right one left unevaluated (its checks,
/// guards and errors not made: `rank(s) == 0 or f(drop(s, 1))`); else
/// both combined by the ShapeEnv's `method`.
fn short_circuit(
    lv: TokenStream,
    rv: TokenStream,
    decides: bool,
    method: TokenStream,
) -> TokenStream {
    let rt = rt();
    quote!({
        let __l = #lv;
        if __l == #rt::SymBool::Bool(#decides) {
            __l
        } else {
            let __r = #rv;
            cx.env.#method(__l, __r)?
        }
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::kind::Kind;

    #[test]
    fn coercions_spell_out() {
        let v = quote!(x);
        let s = coerce(v, Kind::of(Base::Int), Kind::opt(Base::Size)).to_string();
        assert!(s.contains("Some"), "{s}");
        assert!(s.contains("SymInt :: Int"), "{s}");
    }
}
