//! Rules written once and used several times: clause groups (`@clauses`
//! spliced in by `@with`) and derived overload families
//! (`@derive(inplace, out)`: the in-place and `out=` overloads of a
//! functional rule, `@derive(copy)`: a view's `*_copy` overload,
//! `@derive(copy_out = <form>)`: that copy's `out=` overload, and
//! `@derive(hacked_twin)`: the overload taking `Tensor[]` for `Tensor?[]`,
//! found among the catalogue's schemas by signature).

use crate::ast::Rule;
use crate::diagnostic::{Diag, closest};
use crate::intrinsics::OUT_FORMS;
use crate::ir::Derive;
use crate::schema::{ReturnAlias, Schema, TypeSuffix, full_name, inplace_name};
use std::collections::HashMap;

/// Whether `rule` is a clause group (`@clauses`), not an operator's rule.
fn is_clause_group(rule: &Rule) -> bool {
    rule.tags.iter().any(|t| t.name.name == "clauses")
}

/// The operators' rules with the clause groups they name (`@with(alpha)`)
/// spliced in after their own clauses. A group is written once, as
/// `@clauses` then a name, the schema arguments it reads and its clauses,
/// and is checked in each rule that uses it, against that rule's schema:
///
/// ```text
/// @clauses
/// alpha(self, alpha)
///   check scalar_fits(self.dtype, alpha), "alpha argument cannot be safely cast to the tensor's type"
///
/// @pointwise(promote = default) @with(alpha)
/// add.Tensor(self, other)
/// ```
pub(super) fn expand_clause_groups(rules: &[Rule], diags: &mut Vec<Diag>) -> Vec<Rule> {
    let mut groups: HashMap<&str, &Rule> = HashMap::new();
    for g in rules.iter().filter(|r| is_clause_group(r)) {
        let name = g.op.name.name.as_str();
        if g.tags.len() != 1 || g.outputs.is_some() || g.op.overload.is_some() {
            diags.push(
                Diag::new(
                    g.op.span,
                    format!("clause group `{name}` is not a group of clauses"),
                )
                .label("a group has a name, the arguments it reads and clauses")
                .help(
                    "write `@clauses`, then `name(arg, ...)` and indented `check`/`where` clauses",
                ),
            );
            continue;
        }
        if let Some(first) = groups.insert(name, g) {
            diags.push(
                Diag::new(g.op.span, format!("clause group `{name}` is defined twice"))
                    .label("defined again here")
                    .secondary(first.op.span, "first defined here"),
            );
        }
    }
    let names: Vec<&str> = groups.keys().copied().collect();
    rules
        .iter()
        .filter(|r| !is_clause_group(r))
        .map(|r| {
            let mut rule = r.clone();
            for tag in r.tags.iter().filter(|t| t.name.name == "with") {
                let targs = tag.args.as_deref().unwrap_or(&[]);
                if targs.is_empty() {
                    diags.push(
                        Diag::new(tag.span, "`@with` names the clause groups it uses")
                            .label("expected `@with(name, ...)`"),
                    );
                }
                for a in targs {
                    match groups.get(a.value.name.as_str()) {
                        Some(g) if a.key.is_none() => {
                            rule.clauses.extend(g.clauses.iter().cloned())
                        }
                        _ => diags.push(
                            Diag::new(a.span, format!("no clause group `{}`", a.value.name))
                                .label("not defined with `@clauses`")
                                .suggest(closest(&a.value.name, names.iter().copied())),
                        ),
                    }
                }
            }
            rule
        })
        .collect()
}

/// The overloads `@derive(inplace, out)` tags derive: for each declared
/// schema, the functional schema it is derived from and how. A family
/// whose schema is not declared, or does not take the functional's
/// arguments, is a mistake, as is a derived overload with its own rule.
pub(super) fn derive_families(
    schemas: &[Schema],
    rules: &[Rule],
    by_name: &HashMap<String, usize>,
    rule_of: &[Option<usize>],
    diags: &mut Vec<Diag>,
) -> Vec<Option<(usize, Derive)>> {
    let mut derived_of: Vec<Option<(usize, Derive)>> = vec![None; schemas.len()];
    // A `@foreach` rule's overload runs its element operator's entry.
    let element_of = foreach_elements(schemas, rules, by_name, rule_of, diags);
    for (&si, &(ei, lists)) in &element_of {
        derived_of[si] = Some((
            ei,
            Derive::Foreach {
                // An in-place form given its own element operator (its
                // functional form runs another one).
                in_place: writes_self_only(&schemas[si]),
                lists,
            },
        ));
    }
    for (si, schema) in schemas.iter().enumerate() {
        let Some(ri) = rule_of[si] else { continue };
        let foreach = rules[ri].tags.iter().any(|t| t.name.name == "foreach");
        if foreach && !element_of.contains_key(&si) {
            // Its element's mistake is reported; nothing to derive from.
            continue;
        }
        let element = element_of.get(&si).map(|&(ei, _)| &schemas[ei]);
        // Derived from this rule's operator itself.
        let of_si = |(di, how): (usize, Derive)| (di, si, how);
        for tag in rules[ri].tags.iter().filter(|t| t.name.name == "derive") {
            let targs = tag.args.as_deref().unwrap_or(&[]);
            if targs.is_empty() {
                diags.push(
                    Diag::new(tag.span, "`@derive` names the families it derives")
                        .label("expected `@derive(inplace)`, `@derive(out)` or both"),
                );
            }
            for a in targs {
                let out_form = OUT_FORMS.iter().find(|(f, _)| *f == a.value.name);
                // `copy_out = <form>`: the `out=` overload of this view's
                // copy (itself derived, `@derive(copy)`), in that form.
                let copy_out = a.key.as_ref().is_some_and(|k| k.name == "copy_out");
                // `factory_out = <form>`: this factory's `out=` overload,
                // its result written in that form.
                let factory_out = a.key.as_ref().is_some_and(|k| k.name == "factory_out");
                let found = if copy_out || factory_out {
                    let Some(&(_, form)) = out_form else {
                        diags.push(
                            Diag::new(
                                a.value.span,
                                format!("`{}` is not an `out=` family", a.value.name),
                            )
                            .label("not an out form")
                            .suggest(closest(&a.value.name, OUT_FORMS.iter().map(|(f, _)| *f))),
                        );
                        continue;
                    };
                    if factory_out {
                        factory_out_of(schema, schemas, form).map(of_si)
                    } else {
                        copy_of(schema, schemas, by_name).and_then(|(ci, _)| {
                            out_of(&schemas[ci], schemas, form).map(|(di, how)| (di, ci, how))
                        })
                    }
                } else {
                    match (a.key.is_some(), a.value.name.as_str(), out_form) {
                        (false, "inplace", _) if let Some(element) = element => foreach_inplace_of(
                            schema, element, schemas, by_name,
                        )
                        .map(|(di, ei, lists)| {
                            (
                                di,
                                ei,
                                Derive::Foreach {
                                    in_place: true,
                                    lists,
                                },
                            )
                        }),
                        (false, _, _) if element.is_some() => Err(
                            "a `@foreach` rule derives only its in-place form, `@derive(inplace)`"
                                .to_owned(),
                        ),
                        (false, _, Some(&(_, form))) => out_of(schema, schemas, form).map(of_si),
                        (false, "inplace", _) => inplace_of(schema, schemas, by_name).map(of_si),
                        (false, "inplace_meta", _) => inplace_of(schema, schemas, by_name)
                            .map(|(di, _)| (di, si, Derive::InPlaceMeta)),
                        (false, "inplace_own_meta", _) => inplace_of(schema, schemas, by_name)
                            .map(|(di, _)| (di, si, Derive::InPlaceOwnMeta)),
                        (false, "factory_out", _) => {
                            factory_out_of(schema, schemas, "CASTABLE").map(of_si)
                        }
                        (false, "copy", _) => copy_of(schema, schemas, by_name).map(of_si),
                        (false, "hacked_twin", _) => {
                            hacked_twin_of(schema, schemas, by_name).map(of_si)
                        }
                        _ => {
                            diags.push(
                            Diag::new(a.span, format!("unknown family `{}`", a.value.name))
                                .label("not a family")
                                .suggest(closest(&a.value.name, ["inplace", "inplace_meta", "inplace_own_meta", "copy", "hacked_twin", "factory_out"].into_iter().chain(OUT_FORMS.iter().map(|(f, _)| *f))))
                                .note("`@derive` takes `inplace` (the `op_` overload; `inplace_meta`: the one `_register_inplace_meta` makes, only the broadcast checked; `inplace_own_meta`: one with a Python meta of its own, written without `copy_`), `out`, `exact_out`, `structured_out` or `restrided_out` (the `out=` overload, taking a castable or exactly the result's dtype, the last two restriding a resized or every out as the result), `factory_out` (a factory's `out=` overload, taking its arguments less the tensor options, which the out gives; `factory_out = <out form>`: written in that form), `copy` (a view's `op_copy` overload), `copy_out = <out form>` (that copy's `out=` overload) and `hacked_twin` (the overload taking `Tensor[]` for `Tensor?[]`)"),
                        );
                            continue;
                        }
                    }
                };
                match found {
                    Err(message) => diags.push(
                        Diag::new(a.value.span, message)
                            .label("no such overload is declared")
                            .help("declare its schema, or derive only the families PyTorch has"),
                    ),
                    Ok((di, base, how)) => {
                        let name = schemas[di].full_name();
                        if let Some(own) = rule_of[di] {
                            diags.push(
                                Diag::new(
                                    a.value.span,
                                    format!("`{name}` is derived here and also has a rule"),
                                )
                                .label("derived here")
                                .secondary(rules[own].op.span, "its own rule"),
                            );
                        } else if derived_of[di].is_some() {
                            diags.push(
                                Diag::new(a.value.span, format!("`{name}` is derived twice"))
                                    .label("derived again here"),
                            );
                        } else {
                            derived_of[di] = Some((base, how));
                        }
                    }
                }
            }
        }
    }
    derived_of
}

/// Whether two schema arguments are the same but for alias annotations.
fn same_argument(a: &crate::schema::Argument, b: &crate::schema::Argument) -> bool {
    a.name == b.name
        && a.ty.base == b.ty.base
        && a.ty.suffixes == b.ty.suffixes
        && a.kwarg_only == b.kwarg_only
}

/// The in-place overload of `functional` (`add_.Tensor` of `add.Tensor`,
/// `__iand__.Tensor` of `__and__.Tensor`): the same arguments, `self`
/// written and returned. The overload of the same name comes first; else
/// the one overload of the in-place name that takes the functional's
/// arguments (`floor_divide_.Tensor` of `floor_divide`), as torchgen
/// groups overloads by signature.
fn inplace_of(
    functional: &Schema,
    schemas: &[Schema],
    by_name: &HashMap<String, usize>,
) -> Result<(usize, Derive), String> {
    let inplace_name = inplace_name(&functional.name);
    let name = full_name(
        &functional.namespace,
        &inplace_name,
        functional.overload.as_deref(),
    );
    let fits = |d: &Schema| {
        d.args.len() == functional.args.len()
            && d.args
                .iter()
                .zip(&functional.args)
                .all(|(x, y)| same_argument(x, y))
            && d.returns.len() == 1
            && matches!(d.return_alias(0), Some(ReturnAlias::InPlace(0)))
    };
    if let Some(&di) = by_name.get(&name) {
        return if fits(&schemas[di]) {
            Ok((di, Derive::InPlace))
        } else {
            Err(format!(
                "`{name}` is not the in-place form of `{}`: it must take the same arguments and write and return `self`",
                functional.full_name()
            ))
        };
    }
    let candidates: Vec<usize> = schemas
        .iter()
        .enumerate()
        .filter(|(_, d)| d.namespace == functional.namespace && d.name == inplace_name && fits(d))
        .map(|(i, _)| i)
        .collect();
    match candidates.as_slice() {
        [di] => Ok((*di, Derive::InPlace)),
        _ => Err(format!(
            "no in-place overload `{name}` of `{}` is declared",
            functional.full_name()
        )),
    }
}

/// The other overloads of `functional`'s operator taking `args`, then one
/// written keyword tensor per entry of `written` (its type's suffixes: a
/// list for a list): the candidates for its `out=` overload.
fn written_after(
    functional: &Schema,
    schemas: &[Schema],
    args: &[&crate::schema::Argument],
    written: &[&[TypeSuffix]],
) -> Vec<usize> {
    let n = args.len();
    schemas
        .iter()
        .enumerate()
        .filter(|(_, d)| {
            d.namespace == functional.namespace
                && d.name == functional.name
                && d.overload != functional.overload
                && d.args.len() == n + written.len()
                && d.args.iter().zip(args).all(|(x, y)| same_argument(x, y))
                && d.args[n..].iter().zip(written).all(|(a, suffixes)| {
                    a.kwarg_only
                        && a.ty.base == "Tensor"
                        && a.ty.suffixes == *suffixes
                        && a.ty.alias.as_ref().is_some_and(|x| x.write)
                })
        })
        .map(|(i, _)| i)
        .collect()
}

/// The `out=` overload of `functional` (`add.out` of `add.Tensor`): the
/// functional's arguments, then one written keyword tensor per output (a
/// written list of them for a returned list: `split_with_sizes_copy.out`);
/// `form` the `OutForm` variant its family names.
fn out_of(
    functional: &Schema,
    schemas: &[Schema],
    form: &'static str,
) -> Result<(usize, Derive), String> {
    let n = functional.args.len();
    let outputs = functional.returns.len();
    let args: Vec<_> = functional.args.iter().collect();
    // A written tensor per returned one, a written list per returned list
    // (`Tensor(a!)[] out` of `Tensor[]`).
    let written: Vec<_> = functional
        .returns
        .iter()
        .map(|r| &r.ty.suffixes[..])
        .collect();
    let candidates = written_after(functional, schemas, &args, &written);
    match candidates.as_slice() {
        [di] => Ok((
            *di,
            Derive::Out {
                first: u8::try_from(n).unwrap_or(u8::MAX),
                count: u8::try_from(outputs).unwrap_or(u8::MAX),
                form,
            },
        )),
        [] => Err(format!(
            "no `out=` overload of `{}::{}` taking `{}`'s arguments is declared",
            functional.namespace,
            functional.name,
            functional.full_name()
        )),
        _ => Err(format!(
            "several `out=` overloads of `{}::{}` take `{}`'s arguments",
            functional.namespace,
            functional.name,
            functional.full_name()
        )),
    }
}

/// The tensor options of a factory's schema (torchgen's
/// `TensorOptions`), which its `out=` overload does not take.
const TENSOR_OPTIONS: [&str; 4] = ["dtype", "layout", "device", "pin_memory"];

/// The `out=` overload of the factory `functional` (`zeros.out` of
/// `zeros`, `arange.start_out` of `arange.start_step`): the functional's
/// arguments less its tensor options (`dtype`, `layout`, `device`,
/// `pin_memory`, keyword arguments it must all take), then one written
/// keyword tensor, as torchgen groups a factory with its `out=` overload.
fn factory_out_of(
    functional: &Schema,
    schemas: &[Schema],
    form: &'static str,
) -> Result<(usize, Derive), String> {
    let position = |name: &str| {
        functional
            .args
            .iter()
            .position(|a| a.name == name && a.kwarg_only)
    };
    let [Some(dtype), Some(layout), Some(device), Some(pin_memory)] = TENSOR_OPTIONS.map(position)
    else {
        return Err(format!(
            "`{}` is no factory: it does not take the keyword arguments {}",
            functional.full_name(),
            TENSOR_OPTIONS.map(|o| format!("`{o}`")).join(", ")
        ));
    };
    let options = [dtype, layout, device, pin_memory];
    let kept: Vec<_> = functional
        .args
        .iter()
        .enumerate()
        .filter(|(j, _)| !options.contains(j))
        .map(|(_, a)| a)
        .collect();
    let n = kept.len();
    let candidates: Vec<usize> = written_after(functional, schemas, &kept, &[&[]])
        .into_iter()
        .filter(|&i| schemas[i].returns.len() == 1)
        .collect();
    let position = |j: usize| u8::try_from(j).unwrap_or(u8::MAX);
    match candidates.as_slice() {
        [di] => Ok((
            *di,
            Derive::FactoryOut {
                out: position(n),
                options: options.iter().fold(0u32, |m, &j| m | 1u32 << j.min(31)),
                dtype: position(dtype),
                device: position(device),
                form,
            },
        )),
        [] => Err(format!(
            "no `out=` overload of `{}::{}` taking `{}`'s arguments less its tensor options is declared",
            functional.namespace,
            functional.name,
            functional.full_name()
        )),
        _ => Err(format!(
            "several `out=` overloads of `{}::{}` take `{}`'s arguments less its tensor options",
            functional.namespace,
            functional.name,
            functional.full_name()
        )),
    }
}

/// The copy overload of the view `view` (`select_copy.int` of
/// `select.int`): `{name}_copy` of the same overload name, taking the
/// view's arguments (but for alias annotations) and returning as many
/// results, none of them aliased, as torchgen's view-copy kernels are.
fn copy_of(
    view: &Schema,
    schemas: &[Schema],
    by_name: &HashMap<String, usize>,
) -> Result<(usize, Derive), String> {
    let copy_name = format!("{}_copy", view.name);
    let name = full_name(&view.namespace, &copy_name, view.overload.as_deref());
    let Some(&di) = by_name.get(&name) else {
        return Err(format!(
            "no copy overload `{name}` of `{}` is declared",
            view.full_name()
        ));
    };
    let d = &schemas[di];
    let fits = d.args.len() == view.args.len()
        && d.args
            .iter()
            .zip(&view.args)
            .all(|(x, y)| same_argument(x, y))
        && d.returns.len() == view.returns.len()
        && d.returns
            .iter()
            .zip(&view.returns)
            .all(|(x, y)| x.ty.base == y.ty.base && x.ty.suffixes == y.ty.suffixes)
        && (0..d.returns.len()).all(|i| matches!(d.return_alias(i), Some(ReturnAlias::Fresh)));
    if fits {
        Ok((di, Derive::Copy))
    } else {
        Err(format!(
            "`{name}` is not the copy of `{}`: it must take the same arguments and return as many fresh results",
            view.full_name()
        ))
    }
}

/// The hacked twin of `base` (`index.Tensor_hacked_twin` of
/// `index.Tensor`, `index_put.hacked_twin` of `index_put`): the overload
/// named `<overload>_hacked_twin` (`hacked_twin` for the default one)
/// taking the same arguments but for `Tensor?[]` ones declared `Tensor[]`,
/// with the same returns.
fn hacked_twin_of(
    base: &Schema,
    schemas: &[Schema],
    by_name: &HashMap<String, usize>,
) -> Result<(usize, Derive), String> {
    let overload = match base.overload.as_deref() {
        Some(o) => format!("{o}_hacked_twin"),
        None => "hacked_twin".to_owned(),
    };
    let name = full_name(&base.namespace, &base.name, Some(&overload));
    let Some(&di) = by_name.get(&name) else {
        return Err(format!(
            "no hacked twin `{name}` of `{}` is declared",
            base.full_name()
        ));
    };
    let d = &schemas[di];
    let twin_argument = |x: &crate::schema::Argument, y: &crate::schema::Argument| {
        same_argument(x, y)
            || (x.name == y.name
                && x.kwarg_only == y.kwarg_only
                && x.ty.base == "Tensor"
                && y.ty.base == "Tensor"
                && x.ty.suffixes == [TypeSuffix::List(None)]
                && y.ty.suffixes == [TypeSuffix::Optional, TypeSuffix::List(None)])
    };
    let fits = d.args.len() == base.args.len()
        && d.args
            .iter()
            .zip(&base.args)
            .all(|(x, y)| twin_argument(x, y))
        && d.returns.len() == base.returns.len()
        && (0..d.returns.len()).all(|i| d.return_alias(i) == base.return_alias(i));
    if fits {
        Ok((di, Derive::HackedTwin))
    } else {
        Err(format!(
            "`{name}` is not the hacked twin of `{}`: it must take the same arguments, `Tensor[]` for `Tensor?[]`",
            base.full_name()
        ))
    }
}

/// The element operator a `@foreach(op.overload)` rule names, with the
/// rule's checks: it declares only (its tags and the overload's name), the
/// element is declared, and the two schemas correspond
/// ([`foreach_fits`]). `_foreach_add.List` of `add.Tensor`,
/// `_foreach_maximum.Scalar` of `clamp_min` (as ATen's kernels pair them).
pub(super) fn foreach_elements(
    schemas: &[Schema],
    rules: &[Rule],
    by_name: &HashMap<String, usize>,
    rule_of: &[Option<usize>],
    diags: &mut Vec<Diag>,
) -> HashMap<usize, (usize, u32)> {
    let mut element_of = HashMap::new();
    for (si, schema) in schemas.iter().enumerate() {
        let Some(ri) = rule_of[si] else { continue };
        let rule = &rules[ri];
        let Some(tag) = rule.tags.iter().find(|t| t.name.name == "foreach") else {
            continue;
        };
        let mut ok = true;
        if rule.params.is_some() || rule.outputs.is_some() || !rule.clauses.is_empty() {
            diags.push(
                Diag::new(
                    rule.op.span,
                    "a `@foreach` rule has no parameters, outputs or clauses",
                )
                .label("the element operator's rule computes them"),
            );
            ok = false;
        }
        for other in rule
            .tags
            .iter()
            .filter(|t| !matches!(t.name.name.as_str(), "foreach" | "derive"))
        {
            diags.push(
                Diag::new(
                    other.span,
                    "a `@foreach` rule takes no other tags than `@derive(inplace)`",
                )
                .label("the element operator's tags apply"),
            );
            ok = false;
        }
        let element = match tag.args.as_deref() {
            Some([a]) if a.key.is_none() => &a.value,
            _ => {
                diags.push(
                    Diag::new(
                        tag.span,
                        "`@foreach` names the element operator: `@foreach(add.Tensor)`",
                    )
                    .label("expected one overload"),
                );
                continue;
            }
        };
        let (name, overload) = match element.name.split_once('.') {
            Some((n, o)) => (n, Some(o)),
            None => (element.name.as_str(), None),
        };
        let element_name = full_name(&schema.namespace, name, overload);
        let Some(&ei) = by_name.get(&element_name) else {
            diags.push(
                Diag::new(
                    element.span,
                    format!("no operator `{element_name}` is declared"),
                )
                .label("not a declared overload"),
            );
            continue;
        };
        let lists = match foreach_fits(schema, &schemas[ei]) {
            Ok(lists) => lists,
            Err(message) => {
                diags.push(
                Diag::new(element.span, message)
                    .label("does not correspond")
                    .help("each argument is the element's, or a list of them (`Tensor[]` for `Tensor`, `Scalar[]` for `Scalar`); the element's further arguments have defaults"),
                );
                continue;
            }
        };
        if ok {
            element_of.insert(si, (ei, lists));
        }
    }
    element_of
}

/// Whether the `_foreach_` overload `each` runs `element` on its lists'
/// elements: `each` takes at most `element`'s arguments, the rest of which
/// have defaults; each is the element's (shared by every call) or a list
/// of them (`Tensor[]` for `Tensor`, `Scalar[]` for `Scalar`), one at
/// least a list; the functional form returns one `Tensor[]` where the
/// element returns one tensor, the in-place form nothing. The bits of the
/// list arguments.
fn foreach_fits(each: &Schema, element: &Schema) -> Result<u32, String> {
    let fail = |why: &str| {
        Err(format!(
            "`{}` is not `{}` on each element: {why}",
            each.full_name(),
            element.full_name()
        ))
    };
    if each.args.len() > element.args.len() || each.args.len() > 32 {
        return fail("it takes more arguments");
    }
    let mut lists = 0u32;
    for (j, (e, x)) in each.args.iter().zip(&element.args).enumerate() {
        let same = e.ty.base == x.ty.base && e.ty.suffixes == x.ty.suffixes;
        let list_of = e.ty.base == x.ty.base
            && e.ty.suffixes.split_last() == Some((&TypeSuffix::List(None), &x.ty.suffixes[..]));
        if !same && !list_of {
            return fail(&format!(
                "`{}` is neither `{}` nor a list of it",
                e.ty.text, x.ty.text
            ));
        }
        if list_of {
            lists |= 1 << j;
        }
    }
    if lists == 0 {
        return fail("it takes no list");
    }
    if let Some(x) = element.args[each.args.len()..]
        .iter()
        .find(|a| a.default.is_none())
    {
        return fail(&format!("the element's `{}` has no default", x.name));
    }
    let tensor = |r: &crate::schema::Return, list: bool| {
        r.ty.base == "Tensor"
            && r.ty.suffixes
                == if list {
                    vec![TypeSuffix::List(None)]
                } else {
                    vec![]
                }
    };
    let returns_ok = match (each.returns.as_slice(), element.returns.as_slice()) {
        ([], [x]) => tensor(x, false) && each.mutates(),
        ([e], [x]) => tensor(e, true) && tensor(x, false),
        _ => false,
    };
    if !returns_ok {
        return fail(
            "a list of tensors (or nothing, written in place) must return where the element returns one tensor",
        );
    }
    Ok(lists)
}

/// Whether `s` is a `_foreach_` in-place form: it writes its first
/// argument and returns nothing.
fn writes_self_only(s: &Schema) -> bool {
    s.returns.is_empty()
        && s.args
            .first()
            .and_then(|a| a.ty.alias.as_ref())
            .is_some_and(|a| a.write)
}

/// The in-place form of the `@foreach` overload `each`, derived by
/// `@derive(inplace)` (`_foreach_add_.List` of `_foreach_add.List`): its
/// `self` list written, nothing returned, the other arguments the same;
/// its elements run `element`'s in-place form (`add_.Tensor`). The
/// overload, the element's in-place form and the bits of the list
/// arguments.
fn foreach_inplace_of(
    each: &Schema,
    element: &Schema,
    schemas: &[Schema],
    by_name: &HashMap<String, usize>,
) -> Result<(usize, usize, u32), String> {
    let name = full_name(
        &each.namespace,
        &inplace_name(&each.name),
        each.overload.as_deref(),
    );
    let Some(&di) = by_name.get(&name) else {
        return Err(format!(
            "no in-place overload `{name}` of `{}` is declared",
            each.full_name()
        ));
    };
    let d = &schemas[di];
    let fits = d.args.len() == each.args.len()
        && d.args
            .iter()
            .zip(&each.args)
            .all(|(x, y)| same_argument(x, y))
        && writes_self_only(d);
    if !fits {
        return Err(format!(
            "`{name}` is not the in-place form of `{}`: it must take the same arguments, write `self` and return nothing",
            each.full_name()
        ));
    }
    let (ei, _) = inplace_of(element, schemas, by_name)?;
    let lists = foreach_fits(d, &schemas[ei])?;
    Ok((di, ei, lists))
}
