//! Value ranges: what is known about the integer a symbol or expression can
//! take, as a closed interval whose ends may be infinite.
//!
//! Arithmetic on ranges is sound and saturating: a bound that would overflow
//! becomes infinite, which only ever loses precision, never correctness.

use std::fmt;

/// Bounds are kept as `i128` so interval arithmetic on `i64` ends cannot
/// overflow; anything at or beyond [`INF`] in magnitude means infinity.
pub(crate) const INF: i128 = 1 << 100;

/// Python's `sys.maxsize - 1`: the upper bound PyTorch gives a
/// data-dependent count when nothing bounds it (`nonzero` of a tensor of
/// unbounded element count, `masked_select` of a symbolic one), and which
/// its runtime asserts read as no bound.
pub const MAXSIZE_BOUND: i64 = i64::MAX - 1;

/// A closed integer interval `[lo, hi]`; either end may be infinite.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct ValueRange {
    lo: i128,
    hi: i128,
}

fn clamp(v: i128) -> i128 {
    v.clamp(-INF, INF)
}

impl ValueRange {
    /// Every integer.
    pub const UNBOUNDED: ValueRange = ValueRange { lo: -INF, hi: INF };

    /// `[lo, hi]`, with `None` for an infinite end.
    pub fn new(lo: Option<i64>, hi: Option<i64>) -> Self {
        ValueRange {
            lo: lo.map_or(-INF, i128::from),
            hi: hi.map_or(INF, i128::from),
        }
    }

    /// The single value `v`.
    pub fn exact(v: i64) -> Self {
        ValueRange::new(Some(v), Some(v))
    }

    /// `[lo, +inf)`.
    pub fn at_least(lo: i64) -> Self {
        ValueRange::new(Some(lo), None)
    }

    pub(crate) fn raw(lo: i128, hi: i128) -> Self {
        ValueRange {
            lo: clamp(lo),
            hi: clamp(hi),
        }
    }

    /// Lower end, `None` if `-inf`.
    pub fn lo(&self) -> Option<i64> {
        (self.lo > -INF)
            .then(|| i64::try_from(self.lo).ok())
            .flatten()
    }

    /// Upper end, `None` if `+inf`.
    pub fn hi(&self) -> Option<i64> {
        (self.hi < INF)
            .then(|| i64::try_from(self.hi).ok())
            .flatten()
    }

    pub(crate) fn lo_raw(&self) -> i128 {
        self.lo
    }

    pub(crate) fn hi_raw(&self) -> i128 {
        self.hi
    }

    /// The value, when the range holds exactly one.
    pub fn as_exact(&self) -> Option<i64> {
        if self.lo == self.hi { self.lo() } else { None }
    }

    /// True when no integer is in the range.
    pub fn is_empty(&self) -> bool {
        self.lo > self.hi
    }

    /// True when `v` is in the range.
    pub fn contains(&self, v: i64) -> bool {
        self.lo <= i128::from(v) && i128::from(v) <= self.hi
    }

    /// The intersection (may be empty).
    pub fn intersect(&self, other: &ValueRange) -> ValueRange {
        ValueRange {
            lo: self.lo.max(other.lo),
            hi: self.hi.min(other.hi),
        }
    }

    /// The smallest range holding both.
    pub fn union(&self, other: &ValueRange) -> ValueRange {
        ValueRange {
            lo: self.lo.min(other.lo),
            hi: self.hi.max(other.hi),
        }
    }

    /// `self + other`.
    pub fn add(&self, other: &ValueRange) -> ValueRange {
        ValueRange::raw(self.lo + other.lo, self.hi + other.hi)
    }

    /// `c * self`.
    pub fn scale(&self, c: i64) -> ValueRange {
        let c = i128::from(c);
        let (a, b) = (
            clamp(self.lo.saturating_mul(c)),
            clamp(self.hi.saturating_mul(c)),
        );
        ValueRange::raw(a.min(b), a.max(b))
    }

    /// `self * other`.
    pub fn mul(&self, other: &ValueRange) -> ValueRange {
        let [a, b, c, d] = [
            mul_bound(self.lo, other.lo),
            mul_bound(self.lo, other.hi),
            mul_bound(self.hi, other.lo),
            mul_bound(self.hi, other.hi),
        ];
        ValueRange::raw(a.min(b).min(c.min(d)), a.max(b).max(c.max(d)))
    }

    /// `self ** n`.
    pub fn pow(&self, n: u32) -> ValueRange {
        let mut acc = ValueRange::exact(1);
        for _ in 0..n {
            acc = acc.mul(self);
        }
        // An even power is never negative, whatever the interval says.
        if n.is_multiple_of(2) && acc.lo < 0 {
            acc.lo = 0;
        }
        acc
    }

    /// `TruncToInt(c * ToFloat(self))`: each finite end scaled in `f64`
    /// and truncated (ends swapped for a negative `c`), as PyTorch's
    /// `ValueRangeAnalysis` bounds `ToFloat`, `mul` and `trunc_to_int`; an
    /// infinite end stays infinite (with `c`'s sign), and a zero `c` is 0.
    pub fn trunc_scaled(&self, c: f64) -> ValueRange {
        if c == 0.0 {
            return ValueRange::exact(0);
        }
        let f = |v: i128| -> i128 {
            if v.abs() >= INF {
                return if (v > 0) == (c > 0.0) { INF } else { -INF };
            }
            let x = (v as f64 * c).trunc();
            if x.abs() >= 9.0e18 {
                if x > 0.0 { INF } else { -INF }
            } else {
                x as i128
            }
        };
        let (a, b) = (f(self.lo), f(self.hi));
        ValueRange::raw(a.min(b), a.max(b))
    }

    /// `self // d` for a positive constant `d`.
    pub fn floordiv_const(&self, d: i64) -> ValueRange {
        let d = i128::from(d);
        let f = |v: i128| if v.abs() >= INF { v } else { v.div_euclid(d) };
        ValueRange::raw(f(self.lo), f(self.hi))
    }

    /// `self // other`, as PyTorch's `ValueRangeAnalysis.floordiv` bounds
    /// it: when `other` holds 0, only the sign (the division taken to be
    /// valid: `[0, oo]` for operands of one sign, `[-oo, 0]` for operands
    /// of opposite signs, else every integer); otherwise the least and
    /// greatest quotient of the ends (a finite end over an infinite one is
    /// 0, an infinite one over an infinite one infinite with the signs'
    /// product).
    pub fn floordiv(&self, other: &ValueRange) -> ValueRange {
        if other.lo <= 0 && other.hi >= 0 {
            let (a, b) = (self, other);
            return if (b.lo >= 0 && a.lo >= 0) || (b.hi <= 0 && a.hi <= 0) {
                ValueRange::raw(0, INF)
            } else if (b.hi <= 0 && a.lo >= 0) || (b.lo >= 0 && a.hi <= 0) {
                ValueRange::raw(-INF, 0)
            } else {
                ValueRange::UNBOUNDED
            };
        }
        let div = |x: i128, y: i128| -> i128 {
            if x.abs() >= INF {
                x.signum() * y.signum() * INF
            } else if y.abs() >= INF {
                0
            } else {
                // Python's floor division (`div_euclid` rounds up for a
                // negative divisor when it leaves a remainder).
                x.div_euclid(y) - i128::from(y < 0 && x.rem_euclid(y) != 0)
            }
        };
        let q = [
            div(self.lo, other.lo),
            div(self.lo, other.hi),
            div(self.hi, other.lo),
            div(self.hi, other.hi),
        ];
        ValueRange::raw(
            q.iter().copied().min().unwrap_or(-INF),
            q.iter().copied().max().unwrap_or(INF),
        )
    }

    /// `Max(self, other)`.
    pub fn max(&self, other: &ValueRange) -> ValueRange {
        ValueRange::raw(self.lo.max(other.lo), self.hi.max(other.hi))
    }

    /// `Min(self, other)`.
    pub fn min(&self, other: &ValueRange) -> ValueRange {
        ValueRange::raw(self.lo.min(other.lo), self.hi.min(other.hi))
    }
}

fn mul_bound(a: i128, b: i128) -> i128 {
    // Bounds that fit an i64 (every finite one in practice) multiply
    // exactly in an i128; only infinities and huge bounds saturate.
    if let (Ok(x), Ok(y)) = (i64::try_from(a), i64::try_from(b)) {
        return clamp(i128::from(x) * i128::from(y));
    }
    if a == 0 || b == 0 {
        0
    } else {
        clamp(a.saturating_mul(b))
    }
}

impl fmt::Display for ValueRange {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let end = |v: i128| match v {
            v if v >= INF => "int_oo".to_string(),
            v if v <= -INF => "-int_oo".to_string(),
            v => v.to_string(),
        };
        write!(f, "[{}, {}]", end(self.lo), end(self.hi))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn infinite_ends_stay_infinite() {
        let r = ValueRange::at_least(2);
        assert_eq!(r.add(&ValueRange::exact(-5)).lo(), Some(-3));
        assert_eq!(r.add(&ValueRange::exact(-5)).hi(), None);
        assert_eq!(r.mul(&r).lo(), Some(4));
        assert_eq!(r.mul(&r).hi(), None);
        assert_eq!(r.scale(-1).lo(), None);
        assert_eq!(r.scale(-1).hi(), Some(-2));
        assert_eq!(r.scale(0), ValueRange::exact(0));
        assert_eq!(r.to_string(), "[2, int_oo]");
    }

    #[test]
    fn floordiv_rounds_down() {
        let r = ValueRange::new(Some(-3), Some(7));
        assert_eq!(r.floordiv_const(2), ValueRange::new(Some(-2), Some(3)));
    }

    #[test]
    fn floordiv_by_a_range_takes_the_ends_quotients() {
        let r = |lo, hi| ValueRange::new(lo, hi);
        // 54600 // [2, 150]: [364, 27300].
        assert_eq!(
            r(Some(54600), Some(54600)).floordiv(&r(Some(2), Some(150))),
            r(Some(364), Some(27300))
        );
        // A divisor that may be 0 bounds the sign only.
        assert_eq!(
            r(Some(5), Some(9)).floordiv(&r(Some(0), Some(3))),
            r(Some(0), None)
        );
        assert_eq!(
            r(Some(5), Some(9)).floordiv(&r(Some(-3), Some(0))),
            r(None, Some(0))
        );
        assert_eq!(
            r(Some(-5), Some(9)).floordiv(&r(Some(0), Some(3))),
            ValueRange::UNBOUNDED
        );
        // Negative divisors round down: [-7, 7] // [-2, -1].
        assert_eq!(
            r(Some(-7), Some(7)).floordiv(&r(Some(-2), Some(-1))),
            r(Some(-7), Some(7))
        );
        assert_eq!(
            r(Some(7), Some(7)).floordiv(&r(Some(-2), Some(-2))),
            r(Some(-4), Some(-4))
        );
        // An infinite end: [3, int_oo] // [2, int_oo] is [0, int_oo].
        assert_eq!(
            r(Some(3), None).floordiv(&r(Some(2), None)),
            r(Some(0), None)
        );
    }
}
