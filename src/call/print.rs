//! Printing a call's results: as text (`fake call`) and as JSON records.

use super::{CallError, Outcome, Printed};
use fake_runtime::mode::Output;
use fake_runtime::{FakeTensorMode, Layout, Scalar, SymBool, SymInt, TensorId};
use serde_json::{Map, Value as Json};
use std::collections::BTreeMap;

/// Prints values with the call's symbol names.
pub(super) struct Printer<'a> {
    /// The mode the call ran in.
    pub(super) mode: &'a FakeTensorMode,
    /// The call's names of its symbols.
    pub(super) names: &'a BTreeMap<fake_runtime::sym::Symbol, String>,
    /// Result expressions with the replacements in force applied.
    pub(super) current: &'a BTreeMap<fake_runtime::sym::ExprId, SymInt>,
}

impl Printer<'_> {
    fn int(&self, v: SymInt) -> Printed {
        let v = match v {
            SymInt::Expr(e) => self.current.get(&e).copied().unwrap_or(v),
            SymInt::Int(_) => v,
        };
        match v {
            SymInt::Int(i) => Printed::Int(i),
            SymInt::Expr(e) => Printed::Text(self.expr(e)),
        }
    }

    fn expr(&self, e: fake_runtime::sym::ExprId) -> String {
        let arena = self.mode.env().arena();
        if !arena.owns(e) {
            return format!("<foreign expression {}>", e.index());
        }
        arena.display_with(e, &|s| self.name_of(s))
    }

    /// The call's name of symbol `s`, or the ShapeEnv's own.
    fn name_of(&self, s: fake_runtime::sym::Symbol) -> String {
        self.names
            .get(&s)
            .cloned()
            .unwrap_or_else(|| self.mode.env().arena().symbol_name(s))
    }

    pub(super) fn bool_expr(&self, e: fake_runtime::sym::ExprId) -> String {
        self.expr(e)
    }

    fn tensor(&self, t: TensorId, args: &[Option<TensorId>]) -> Result<Outcome, CallError> {
        let m = self.mode.meta(t)?;
        let storage = self.mode.tensor(t)?.storage;
        let alias = args.iter().enumerate().find_map(|(i, a)| {
            let a = (*a)?;
            let same = self.mode.tensor(a).ok()?.storage == storage;
            same.then(|| {
                if a == t {
                    format!("argument {i} itself")
                } else {
                    format!("view of argument {i}")
                }
            })
        });
        Ok(Outcome::Tensor {
            dtype: m.dtype.to_string(),
            sizes: m.sizes.iter().map(|&s| self.int(s)).collect(),
            strides: m.strides.iter().map(|&s| self.int(s)).collect(),
            storage_offset: self.int(m.storage_offset),
            device: m.device.to_string(),
            layout: (m.layout != Layout::Strided).then(|| m.layout.to_string()),
            alias,
        })
    }

    pub(super) fn output(
        &self,
        o: &Output,
        args: &[Option<TensorId>],
    ) -> Result<Outcome, CallError> {
        Ok(match o {
            Output::Tensor(t) => self.tensor(*t, args)?,
            Output::Tensors(ts) => Outcome::Tensors(
                ts.iter()
                    .map(|t| self.tensor(*t, args))
                    .collect::<Result<_, _>>()?,
            ),
            Output::Int(v) => Outcome::Value(self.int(*v)),
            Output::Bool(SymBool::Bool(b)) => {
                Outcome::Value(Printed::Text(if *b { "True" } else { "False" }.into()))
            }
            Output::Bool(SymBool::Expr(e)) => Outcome::Value(Printed::Text(self.expr(*e))),
            Output::Scalar(s) => Outcome::Value(Printed::Text(match s {
                Scalar::Int(v) => match self.int(*v) {
                    Printed::Int(i) => i.to_string(),
                    Printed::Text(t) => t,
                },
                Scalar::Float(f) => self.mode.env().display_float_with(*f, &|s| self.name_of(s)),
                Scalar::Bool(SymBool::Bool(b)) => if *b { "True" } else { "False" }.into(),
                Scalar::Bool(SymBool::Expr(e)) => self.expr(*e),
                Scalar::Complex(re, im) => python_complex(*re, *im),
            })),
            Output::None => Outcome::None,
        })
    }
}

// ---- printing ----------------------------------------------------------------------

/// A complex number as Python prints it: `(1+2j)`, `-3j` for a zero real
/// part of positive sign.
fn python_complex(re: f64, im: f64) -> String {
    let num = |v: f64| {
        if v.is_nan() {
            "nan".to_string()
        } else if v.is_infinite() {
            if v > 0.0 { "inf" } else { "-inf" }.to_string()
        } else if v == 0.0 && v.is_sign_negative() {
            "-0".to_string()
        } else if v == v.trunc() && v.abs() < 1e16 {
            format!("{}", v as i64)
        } else {
            format!("{v}")
        }
    };
    let imag = format!("{}j", num(im));
    if re == 0.0 && re.is_sign_positive() {
        return imag;
    }
    let sign = if im.is_sign_negative() && !im.is_nan() {
        ""
    } else {
        "+"
    };
    format!("({}{sign}{imag})", num(re))
}

impl Printed {
    fn json(&self) -> Json {
        match self {
            Printed::Int(i) => Json::from(*i),
            Printed::Text(t) => Json::from(t.as_str()),
        }
    }
}

impl std::fmt::Display for Printed {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            Printed::Int(i) => write!(f, "{i}"),
            Printed::Text(t) => f.write_str(t),
        }
    }
}

/// `[a, b]`.
pub(super) fn list(v: &[Printed]) -> String {
    let items: Vec<String> = v.iter().map(ToString::to_string).collect();
    format!("[{}]", items.join(", "))
}

impl Outcome {
    /// The result in the JSON form of the call's arguments.
    pub fn json(&self) -> Json {
        match self {
            Outcome::Tensor {
                dtype,
                sizes,
                strides,
                storage_offset,
                device,
                layout,
                alias,
            } => {
                let mut t = Map::new();
                t.insert("dtype".into(), Json::from(dtype.as_str()));
                t.insert(
                    "sizes".into(),
                    Json::Array(sizes.iter().map(Printed::json).collect()),
                );
                t.insert(
                    "strides".into(),
                    Json::Array(strides.iter().map(Printed::json).collect()),
                );
                t.insert("storage_offset".into(), storage_offset.json());
                t.insert("device".into(), Json::from(device.as_str()));
                if let Some(l) = layout {
                    t.insert("layout".into(), Json::from(l.as_str()));
                }
                let mut o = Map::new();
                o.insert("tensor".into(), Json::Object(t));
                if let Some(a) = alias {
                    o.insert("alias".into(), Json::from(a.as_str()));
                }
                Json::Object(o)
            }
            Outcome::Tensors(ts) => Json::Array(ts.iter().map(Outcome::json).collect()),
            Outcome::Value(v) => v.json(),
            Outcome::None => Json::Null,
        }
    }
}

impl std::fmt::Display for Outcome {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            Outcome::Tensor {
                dtype,
                sizes,
                strides,
                storage_offset,
                device,
                layout,
                alias,
            } => {
                write!(f, "{dtype}{} strides {}", list(sizes), list(strides))?;
                if *storage_offset != Printed::Int(0) {
                    write!(f, " offset {storage_offset}")?;
                }
                write!(f, " {device}")?;
                if let Some(l) = layout {
                    write!(f, " {l}")?;
                }
                if let Some(a) = alias {
                    write!(f, " ({a})")?;
                }
                Ok(())
            }
            Outcome::Tensors(ts) => {
                let items: Vec<String> = ts.iter().map(ToString::to_string).collect();
                write!(f, "[{}]", items.join(", "))
            }
            Outcome::Value(v) => write!(f, "{v}"),
            Outcome::None => f.write_str("None"),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::python_complex;

    #[test]
    fn complex_numbers_print_as_python_repr_prints_them() {
        // `repr(complex(re, im))` in Python.
        let cases = [
            ((1.0, 2.0), "(1+2j)"),
            ((0.0, -3.0), "-3j"),
            ((0.0, 2.0), "2j"),
            ((1.5, -2.0), "(1.5-2j)"),
            ((-0.0, 1.0), "(-0+1j)"),
            ((f64::INFINITY, 0.0), "(inf+0j)"),
        ];
        for ((re, im), want) in cases {
            assert_eq!(python_complex(re, im), want, "complex({re}, {im})");
        }
    }
}
