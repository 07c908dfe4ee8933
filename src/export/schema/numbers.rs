//! Python numbers as torch's serializer writes them: floats whose
//! infinities and NaN are strings ([`PyFloat`]), and ints that may exceed
//! 64 bits ([`PyInt`]).

use serde::de::{self, Deserializer, Visitor};
use serde::ser::Serializer;
use serde::{Deserialize, Serialize};
use std::fmt;

// ---- floats ------------------------------------------------------------------------

/// A Python float as torch's serializer writes it: a JSON number, or one of
/// the strings `"Infinity"`, `"-Infinity"`, `"NaN"` for values JSON cannot
/// hold. Integers are accepted too (Python's reader calls `float()`).
#[derive(Debug, Clone, Copy, PartialEq, PartialOrd, Default)]
pub struct PyFloat(pub f64);

impl From<f64> for PyFloat {
    fn from(v: f64) -> Self {
        PyFloat(v)
    }
}

impl Serialize for PyFloat {
    fn serialize<S: Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        let v = self.0;
        if v.is_nan() {
            s.serialize_str("NaN")
        } else if v == f64::INFINITY {
            s.serialize_str("Infinity")
        } else if v == f64::NEG_INFINITY {
            s.serialize_str("-Infinity")
        } else {
            s.serialize_f64(v)
        }
    }
}

impl<'de> Deserialize<'de> for PyFloat {
    fn deserialize<D: Deserializer<'de>>(d: D) -> Result<Self, D::Error> {
        struct V;
        impl Visitor<'_> for V {
            type Value = PyFloat;
            fn expecting(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
                f.write_str("a float (a number, \"Infinity\", \"-Infinity\" or \"NaN\")")
            }
            fn visit_f64<E: de::Error>(self, v: f64) -> Result<PyFloat, E> {
                Ok(PyFloat(v))
            }
            fn visit_i64<E: de::Error>(self, v: i64) -> Result<PyFloat, E> {
                Ok(PyFloat(v as f64))
            }
            fn visit_u64<E: de::Error>(self, v: u64) -> Result<PyFloat, E> {
                Ok(PyFloat(v as f64))
            }
            fn visit_str<E: de::Error>(self, v: &str) -> Result<PyFloat, E> {
                match v {
                    "Infinity" | "inf" => Ok(PyFloat(f64::INFINITY)),
                    "-Infinity" | "-inf" => Ok(PyFloat(f64::NEG_INFINITY)),
                    "NaN" | "nan" => Ok(PyFloat(f64::NAN)),
                    _ => Err(E::invalid_value(de::Unexpected::Str(v), &self)),
                }
            }
        }
        d.deserialize_any(V)
    }
}

// ---- integers -----------------------------------------------------------------------

/// A Python int where torch's serializer may write one beyond 64 bits: an
/// argument's constant or a range bound. sympy keeps value-range bounds
/// exact, so a bound such as `4 * (2**63 - 2)` (the element count of a
/// tensor of data-dependent sizes) reaches the file, in a range constraint
/// and in the runtime assert that checks it. No size, stride or 64-bit
/// integer reaches such a value; only its sign matters to what it bounds
/// or is compared with.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum PyInt {
    /// Within `i64`.
    Int(i64),
    /// Beyond `i64`: exact up to `u64::MAX`, beyond that the nearest
    /// double the JSON reader gives.
    Wide(i128),
}

impl PyInt {
    /// The value, when it fits `i64`.
    pub fn small(self) -> Option<i64> {
        match self {
            PyInt::Int(v) => Some(v),
            PyInt::Wide(_) => None,
        }
    }
}

/// How two integers compare when at least one is beyond 64 bits: each
/// side a known value, or `None` for an expression (a 64-bit integer, so
/// on the near side of a value beyond 64 bits). `None` when both sides are
/// expressions.
pub fn order_beyond_64_bits(l: Option<i128>, r: Option<i128>) -> Option<std::cmp::Ordering> {
    Some(match (l, r) {
        (Some(x), Some(y)) => x.cmp(&y),
        (None, Some(y)) => 0.cmp(&y.signum()),
        (Some(x), None) => x.signum().cmp(&0),
        (None, None) => return None,
    })
}

/// Whether `l op r` holds where at least one side is beyond 64 bits
/// ([`order_beyond_64_bits`]); `None` when both sides are expressions.
pub fn relation_beyond_64_bits(
    op: fake_runtime::sym::RelOp,
    l: Option<i128>,
    r: Option<i128>,
) -> Option<bool> {
    use fake_runtime::sym::RelOp;
    let ord = order_beyond_64_bits(l, r)?;
    Some(match op {
        RelOp::Eq => ord.is_eq(),
        RelOp::Ne => ord.is_ne(),
        RelOp::Lt => ord.is_lt(),
        RelOp::Le => ord.is_le(),
        RelOp::Gt => ord.is_gt(),
        RelOp::Ge => ord.is_ge(),
    })
}

impl fmt::Display for PyInt {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            PyInt::Int(v) => write!(f, "{v}"),
            PyInt::Wide(v) => write!(f, "{v}"),
        }
    }
}

impl Serialize for PyInt {
    fn serialize<S: Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        match *self {
            PyInt::Int(v) => s.serialize_i64(v),
            PyInt::Wide(v) => s.serialize_i128(v),
        }
    }
}

impl<'de> Deserialize<'de> for PyInt {
    fn deserialize<D: Deserializer<'de>>(d: D) -> Result<Self, D::Error> {
        struct V;
        impl Visitor<'_> for V {
            type Value = PyInt;
            fn expecting(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
                f.write_str("an integer")
            }
            fn visit_i64<E: de::Error>(self, v: i64) -> Result<PyInt, E> {
                Ok(PyInt::Int(v))
            }
            fn visit_u64<E: de::Error>(self, v: u64) -> Result<PyInt, E> {
                Ok(i64::try_from(v).map_or(PyInt::Wide(i128::from(v)), PyInt::Int))
            }
            fn visit_f64<E: de::Error>(self, v: f64) -> Result<PyInt, E> {
                // The JSON reader gives a double for an integer beyond
                // `u64`; a fraction, or a double that small, is no int.
                if v.fract() == 0.0 && v.abs() > u64::MAX as f64 && v.abs() < 1e38 {
                    Ok(PyInt::Wide(v as i128))
                } else {
                    Err(E::invalid_type(de::Unexpected::Float(v), &self))
                }
            }
        }
        d.deserialize_any(V)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::cmp::Ordering;

    fn int(json: &str) -> Result<PyInt, serde_json::Error> {
        serde_json::from_str(json)
    }

    #[test]
    fn ints_within_and_beyond_64_bits() {
        assert_eq!(int("-3").unwrap(), PyInt::Int(-3));
        assert_eq!(int("9223372036854775807").unwrap(), PyInt::Int(i64::MAX));
        // Beyond `i64`, within `u64`: exact.
        assert_eq!(
            int("18446744073709551612").unwrap(),
            PyInt::Wide(18_446_744_073_709_551_612)
        );
        // Beyond `u64`: the reader's double, its sign and size kept.
        let PyInt::Wide(v) = int("36893488147419103224").unwrap() else {
            panic!("not wide");
        };
        assert!(v > i128::from(u64::MAX));
        assert!(matches!(int("-36893488147419103224").unwrap(), PyInt::Wide(v) if v < 0));
        // A fraction, or a float within 64 bits, is no int.
        assert!(int("1.5").is_err());
        assert!(int("3.0").is_err());
        assert!(int("\"3\"").is_err());
        // Written back as read.
        let wide = PyInt::Wide(18_446_744_073_709_551_612);
        assert_eq!(
            serde_json::to_string(&wide).unwrap(),
            "18446744073709551612"
        );
    }

    #[test]
    fn order_against_wide_ints() {
        let big = Some(1i128 << 70);
        assert_eq!(order_beyond_64_bits(None, big), Some(Ordering::Less));
        assert_eq!(order_beyond_64_bits(big, None), Some(Ordering::Greater));
        assert_eq!(
            order_beyond_64_bits(None, Some(-(1 << 70))),
            Some(Ordering::Greater)
        );
        assert_eq!(order_beyond_64_bits(big, big), Some(Ordering::Equal));
        assert_eq!(order_beyond_64_bits(Some(3), big), Some(Ordering::Less));
        assert_eq!(order_beyond_64_bits(None, None), None);
    }
}
