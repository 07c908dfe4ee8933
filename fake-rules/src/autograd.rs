//! The autograd catalogue (`ops/catalog/autograd.txt`, written by
//! `scripts/export_autograd.py` from the kernels torch generates): what
//! autograd's kernel of each overload checks before the fake kernel runs
//! and records after it. Each line is read against its overload's schema:
//! argument names become parameter indices and result numbers are checked
//! against the returns, so a catalogue that no longer fits the schemas is
//! a located mistake, not a silently wrong check.

use crate::diagnostic::{Diag, FileId, Span};
use crate::schema::{Schema, list_lines};
use std::collections::HashMap;

/// What autograd's kernel of one overload does (mirrors
/// `fake_runtime::Autograd`).
#[derive(Debug, Clone, PartialEq, Eq, Default)]
pub enum AutogradIr {
    /// No kernel of its own (a composite; not listed).
    #[default]
    Composite,
    /// A generated kernel: its checks and records in order.
    Derived(Vec<StepIr>),
    /// A generated kernel the Python dispatcher replaces with a
    /// decomposition: its own steps, and those it meets under the Python
    /// dispatcher (a `python` line), if known.
    Decomposed {
        /// The generated kernel's steps.
        generated: Vec<StepIr>,
        /// The steps under the Python dispatcher.
        python: Option<Vec<StepIr>>,
    },
    /// `autogradNotImplementedFallback`.
    Fallback,
    /// The manual `resize_`/`resize_as_`.
    Resize,
    /// The manual `copy_`.
    Copy,
    /// A composite whose body is one call of `callee` with its own
    /// arguments: the callee's kernel, its steps in the composite's
    /// parameters.
    Calls {
        /// The overload called (`aten::erf.out`).
        callee: String,
        /// Its kernel (derived or fallback).
        kernel: Box<AutogradIr>,
    },
}

/// One statement of a generated kernel (mirrors
/// `fake_runtime::AutogradStep`); parameters and returns by index.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum StepIr {
    /// `_any_requires_grad` over these parameters.
    Requires(Vec<usize>),
    /// `_any_requires_grad` only when this dtype parameter, if given, is
    /// differentiable.
    DifferentiableDtype(usize),
    /// `check_inplace` of a parameter.
    Inplace(usize),
    /// The per-element `check_inplace` of an in-place foreach's list, each
    /// element requiring grad when these parameters' elements do.
    InplaceEach {
        /// The written list.
        list: usize,
        /// The parameters indexed per element.
        requires: Vec<usize>,
    },
    /// `check_no_requires_grad` of a parameter, named as `function`.
    Forbid {
        /// The function the message names.
        function: String,
        /// The parameter.
        param: usize,
    },
    /// The `out=` refusal when any of these parameters requires grad.
    Out {
        /// The function the message names.
        function: String,
        /// The parameters.
        params: Vec<usize>,
    },
    /// Results given the grad function.
    History(Vec<usize>),
    /// Written results given the grad function.
    Rebase(Vec<usize>),
    /// Results refused when they require grad and are complex.
    Complex {
        /// The function the message names.
        function: String,
        /// The results.
        returns: Vec<usize>,
    },
}

/// Read the catalogue's lines for the overloads of `wanted` (the declared
/// ones), each against its schema; a line naming an overload the catalogue
/// of schemas lacks (`known`), or an argument or result its schema lacks,
/// is a mistake.
pub fn read_catalog(
    file: FileId,
    text: &str,
    known: &dyn Fn(&str) -> bool,
    wanted: &HashMap<&str, &Schema>,
    diags: &mut Vec<Diag>,
) -> HashMap<String, AutogradIr> {
    let mut out = HashMap::new();
    for (at, line, _) in list_lines(text) {
        let name = line.split_whitespace().next().unwrap_or_default();
        let span = Span::new(file, at, at + line.len());
        if !known(name) {
            diags.push(
                Diag::new(span, format!("`{name}` is not in the catalogue"))
                    .label("no such overload"),
            );
            continue;
        }
        let Some(schema) = wanted.get(name) else {
            continue;
        };
        let facts = read_line(line, schema).and_then(|facts| match facts {
            // A `python` line completes the `decomposed` line before it.
            Line::Python(steps) => match out.get_mut(name) {
                Some(AutogradIr::Decomposed {
                    python: p @ None, ..
                }) => {
                    *p = Some(steps);
                    Ok(None)
                }
                _ => Err("a `python` line follows the overload's `decomposed` line".to_string()),
            },
            Line::Kernel(facts) => Ok(Some(facts)),
        });
        match facts {
            Ok(Some(facts)) => {
                out.insert(name.to_string(), facts);
            }
            Ok(None) => {}
            Err(e) => diags.push(Diag::new(span, format!("`{name}`: {e}")).label("in this line")),
        }
    }
    out
}

/// What one line says.
enum Line {
    /// An overload's kernel.
    Kernel(AutogradIr),
    /// The steps a `decomposed` kernel meets under the Python dispatcher.
    Python(Vec<StepIr>),
}

/// One line's facts against its schema.
fn read_line(line: &str, schema: &Schema) -> Result<Line, String> {
    let mut parts = line.split("; ");
    let head = parts.next().unwrap_or_default();
    let mut words = head.split_whitespace().skip(1);
    let kind = words.next().unwrap_or_default();
    if kind == "calls" {
        let (Some(callee), Some(inner), None) = (words.next(), words.next(), words.next()) else {
            return Err(format!(
                "`calls` names its callee and the callee's kernel kind: `calls aten::f.out derived`, found `{head}`"
            ));
        };
        return match read_kernel(inner, parts, schema)? {
            Line::Kernel(k @ (AutogradIr::Derived(_) | AutogradIr::Fallback)) => {
                Ok(Line::Kernel(AutogradIr::Calls {
                    callee: callee.to_string(),
                    kernel: Box::new(k),
                }))
            }
            _ => Err(format!(
                "`calls` reaches a derived or fallback kernel, found `{inner}`"
            )),
        };
    }
    read_kernel(kind, parts, schema)
}

/// A kernel of kind `kind` with the steps `parts`.
fn read_kernel<'a>(
    kind: &str,
    mut parts: impl Iterator<Item = &'a str>,
    schema: &Schema,
) -> Result<Line, String> {
    let facts = match kind {
        "fallback" => Line::Kernel(AutogradIr::Fallback),
        "resize" => Line::Kernel(AutogradIr::Resize),
        "copy" => Line::Kernel(AutogradIr::Copy),
        "derived" | "decomposed" | "python" => {
            let steps = parts
                .by_ref()
                .map(|s| read_step(s, schema))
                .collect::<Result<_, _>>()?;
            match kind {
                "derived" => Line::Kernel(AutogradIr::Derived(steps)),
                "decomposed" => Line::Kernel(AutogradIr::Decomposed {
                    generated: steps,
                    python: None,
                }),
                _ => Line::Python(steps),
            }
        }
        other => {
            return Err(format!(
                "unknown kernel kind `{other}` (kinds are derived, decomposed, python, fallback, resize, copy and calls)"
            ));
        }
    };
    match parts.next() {
        Some(extra) => Err(format!("`{kind}` takes no steps, found `{extra}`")),
        None => Ok(facts),
    }
}

/// One step: `word args` or `word function: args`.
fn read_step(step: &str, schema: &Schema) -> Result<StepIr, String> {
    let (word, rest) = step.split_once(' ').unwrap_or((step, ""));
    let (named, rest) = match rest.split_once(": ") {
        Some((f, r)) => (Some(f.to_string()), r),
        None => (None, rest),
    };
    let params = || -> Result<Vec<usize>, String> {
        rest.split_whitespace().map(|a| param(a, schema)).collect()
    };
    let returns = || -> Result<Vec<usize>, String> {
        rest.split_whitespace().map(|r| result(r, schema)).collect()
    };
    let function = || {
        named
            .clone()
            .ok_or_else(|| format!("`{word}` names its function: `{word} f: ...`"))
    };
    let one = |v: Vec<usize>| match v[..] {
        [p] => Ok(p),
        _ => Err(format!("`{word}` takes one argument, found `{rest}`")),
    };
    Ok(match word {
        "requires" => StepIr::Requires(params()?),
        "inplace" => StepIr::Inplace(one(params()?)?),
        "differentiable_dtype" => StepIr::DifferentiableDtype(one(params()?)?),
        "inplace_each" => StepIr::InplaceEach {
            list: param(named.as_deref().unwrap_or_default(), schema)?,
            requires: params()?,
        },
        "forbid" => StepIr::Forbid {
            function: function()?,
            param: one(params()?)?,
        },
        "out" => StepIr::Out {
            function: function()?,
            params: params()?,
        },
        "history" => StepIr::History(returns()?),
        "rebase" => StepIr::Rebase(returns()?),
        "complex" => StepIr::Complex {
            function: function()?,
            returns: returns()?,
        },
        other => {
            return Err(format!(
                "unknown step `{other}` (steps are requires, differentiable_dtype, inplace, inplace_each, forbid, out, history, rebase and complex)"
            ));
        }
    })
}

/// A parameter's index by name.
fn param(name: &str, schema: &Schema) -> Result<usize, String> {
    schema
        .arg(name)
        .map(|(i, _)| i)
        .ok_or_else(|| format!("no argument `{name}` in `{}`", schema.text))
}

/// A result's index, checked against the returns.
fn result(index: &str, schema: &Schema) -> Result<usize, String> {
    match index.parse::<usize>() {
        Ok(i) if i < schema.returns.len() => Ok(i),
        _ => Err(format!(
            "no result `{index}`: `{}` returns {}",
            schema.text,
            schema.returns.len()
        )),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::schema::parse_schema_file;

    fn schema(text: &str) -> Schema {
        let mut diags = Vec::new();
        let mut s = parse_schema_file(FileId(0), text, &mut diags);
        assert!(diags.is_empty(), "{diags:?}");
        s.remove(0)
    }

    fn read(line: &str, s: &Schema) -> (HashMap<String, AutogradIr>, Vec<String>) {
        let name = s.full_name();
        let wanted = HashMap::from([(name.as_str(), s)]);
        let known = |n: &str| n == name;
        let mut diags = Vec::new();
        let out = read_catalog(FileId(1), line, &known, &wanted, &mut diags);
        (out, diags.iter().map(|d| d.message.clone()).collect())
    }

    #[test]
    fn a_derived_line_resolves_names_to_indices() {
        let s = schema(
            "aten::native_batch_norm(Tensor input, Tensor? weight, Tensor? bias, Tensor? running_mean, Tensor? running_var, bool training, float momentum, float eps) -> (Tensor, Tensor, Tensor)",
        );
        let (out, diags) = read(
            "aten::native_batch_norm derived; requires input weight bias; forbid native_batch_norm: running_mean; history 0; complex native_batch_norm: 0",
            &s,
        );
        assert!(diags.is_empty(), "{diags:?}");
        assert_eq!(
            out["aten::native_batch_norm"],
            AutogradIr::Derived(vec![
                StepIr::Requires(vec![0, 1, 2]),
                StepIr::Forbid {
                    function: "native_batch_norm".into(),
                    param: 3
                },
                StepIr::History(vec![0]),
                StepIr::Complex {
                    function: "native_batch_norm".into(),
                    returns: vec![0]
                },
            ])
        );
    }

    #[test]
    fn a_python_line_completes_its_decomposed_line() {
        let s = schema("aten::relu(Tensor self) -> Tensor");
        let (out, diags) = read(
            "aten::relu decomposed; requires self; history 0\naten::relu python; requires self",
            &s,
        );
        assert!(diags.is_empty(), "{diags:?}");
        assert_eq!(
            out["aten::relu"],
            AutogradIr::Decomposed {
                generated: vec![StepIr::Requires(vec![0]), StepIr::History(vec![0])],
                python: Some(vec![StepIr::Requires(vec![0])]),
            }
        );
        let (_, diags) = read("aten::relu derived\naten::relu python; requires self", &s);
        assert_eq!(
            diags,
            ["`aten::relu`: a `python` line follows the overload's `decomposed` line"]
        );
    }

    #[test]
    fn a_calls_line_is_its_callees_kernel_in_the_composites_names() {
        let s = schema("aten::special_erf.out(Tensor self, *, Tensor(a!) out) -> Tensor(a!)");
        let (out, diags) = read(
            "aten::special_erf.out calls aten::erf.out derived; out erf: self; out erf: out",
            &s,
        );
        assert!(diags.is_empty(), "{diags:?}");
        assert_eq!(
            out["aten::special_erf.out"],
            AutogradIr::Calls {
                callee: "aten::erf.out".into(),
                kernel: Box::new(AutogradIr::Derived(vec![
                    StepIr::Out {
                        function: "erf".into(),
                        params: vec![0]
                    },
                    StepIr::Out {
                        function: "erf".into(),
                        params: vec![1]
                    },
                ])),
            }
        );
        let (_, diags) = read("aten::special_erf.out calls aten::erf.out", &s);
        assert_eq!(
            diags,
            [
                "`aten::special_erf.out`: `calls` names its callee and the callee's kernel kind: `calls aten::f.out derived`, found `aten::special_erf.out calls aten::erf.out`"
            ]
        );
        let (_, diags) = read("aten::special_erf.out calls aten::erf.out copy", &s);
        assert_eq!(
            diags,
            ["`aten::special_erf.out`: `calls` reaches a derived or fallback kernel, found `copy`"]
        );
    }

    #[test]
    fn names_the_schema_lacks_are_mistakes() {
        let s = schema("aten::relu(Tensor self) -> Tensor");
        let (_, diags) = read("aten::relu derived; requires input", &s);
        assert_eq!(
            diags,
            ["`aten::relu`: no argument `input` in `aten::relu(Tensor self) -> Tensor`"]
        );
        let (_, diags) = read("aten::relu derived; history 1", &s);
        assert_eq!(
            diags,
            ["`aten::relu`: no result `1`: `aten::relu(Tensor self) -> Tensor` returns 1"]
        );
        let (_, diags) = read("aten::relu magic", &s);
        assert_eq!(
            diags,
            [
                "`aten::relu`: unknown kernel kind `magic` (kinds are derived, decomposed, python, fallback, resize, copy and calls)"
            ]
        );
        let (_, diags) = read("aten::nothing fallback", &s);
        assert_eq!(diags, ["`aten::nothing` is not in the catalogue"]);
    }
}
