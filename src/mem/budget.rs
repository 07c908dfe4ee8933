//! The largest size that keeps the peak within a budget, one symbol at a
//! time, the others at a [`Point`] (their hints or given values).
//!
//! The peak formula is evaluated, not inverted: a search over the symbol's
//! range (doubling, then bisection) for the last value whose peak fits.
//! It assumes the peak does not shrink as a size grows, which holds for
//! every formula made of sizes times strides; the answer is checked at the
//! value found and the one above it.

use super::{MemError, MemReport, Point, symbol_name};
use crate::prop::Propagation;
use fake_runtime::sym::{Symbol, ValueRange};

/// How far a symbol may grow. Its JSON form is an object whose `fit` is
/// `none`, `up_to` or `whole_range`, with the variant's fields (`value`
/// for the largest value that fits, `peak_above` for the peak above it).
#[derive(Debug, Clone, Copy, PartialEq, Eq, serde::Serialize)]
#[serde(tag = "fit")]
pub enum Fit {
    /// Even the lowest value of its range exceeds the budget.
    #[serde(rename = "none")]
    Never {
        /// That value.
        lowest: i64,
        /// The peak there.
        peak: i64,
    },
    /// Every value up to `value` fits; `value + 1` does not.
    #[serde(rename = "up_to")]
    UpTo {
        /// The largest value that fits.
        value: i64,
        /// The peak there.
        peak: i64,
        /// The peak at `value + 1` (`None`: it overflows).
        #[serde(rename = "peak_above")]
        above: Option<i64>,
    },
    /// The whole range fits, up to its top `highest`.
    #[serde(rename = "whole_range")]
    Whole {
        /// The top of the range.
        #[serde(rename = "value")]
        highest: i64,
        /// The peak there.
        peak: i64,
    },
}

/// One symbol's answer.
#[derive(Debug, Clone, PartialEq)]
pub struct Solved {
    /// The symbol.
    pub symbol: Symbol,
    /// Its name in the program.
    pub name: String,
    /// Its range.
    pub range: ValueRange,
    /// How far it may grow.
    pub fit: Fit,
}

/// For each symbol of the peak formula, the largest value that keeps the
/// peak at most `budget` bytes, the other symbols at `point`.
pub fn solve_budget(
    report: &MemReport,
    p: &mut Propagation,
    point: &Point,
    budget: i64,
) -> Result<Vec<Solved>, MemError> {
    let mut out = Vec::new();
    for s in report.symbols(p)? {
        let range = p.mode.env().symbol_range(s);
        let fit = solve_one(report, p, point, s, range, budget)?;
        out.push(Solved {
            symbol: s,
            name: symbol_name(p, s),
            range,
            fit,
        });
    }
    Ok(out)
}

/// The peak with `s` at `v`; `None` when it overflows.
fn peak_with(
    report: &MemReport,
    p: &mut Propagation,
    point: &Point,
    s: Symbol,
    v: i64,
) -> Result<Option<i64>, MemError> {
    match point.with(s, v).eval(p, report.peak) {
        Ok(x) => Ok(Some(x)),
        Err(MemError::Arithmetic(_)) => Ok(None),
        Err(e) => Err(e),
    }
}

fn solve_one(
    report: &MemReport,
    p: &mut Propagation,
    point: &Point,
    s: Symbol,
    range: ValueRange,
    budget: i64,
) -> Result<Fit, MemError> {
    let fits = |x: Option<i64>| x.is_some_and(|x| x <= budget);
    let lowest = range.lo().unwrap_or(0).max(0);
    let at_lowest = peak_with(report, p, point, s, lowest)?;
    if !fits(at_lowest) {
        return Ok(Fit::Never {
            lowest,
            peak: at_lowest.unwrap_or(i64::MAX),
        });
    }
    // `good` fits; find `bad` above it that does not (or the range's top).
    let mut good = lowest;
    let mut good_peak = at_lowest.unwrap_or(0);
    let top = range.hi().unwrap_or(i64::MAX);
    let mut step: i64 = 1;
    let bad = loop {
        let next = good.saturating_add(step).min(top);
        if next == good {
            return Ok(Fit::Whole {
                highest: good,
                peak: good_peak,
            });
        }
        let at = peak_with(report, p, point, s, next)?;
        if !fits(at) {
            break next;
        }
        good = next;
        good_peak = at.unwrap_or(0);
        step = step.saturating_mul(2);
    };
    let (mut lo, mut hi) = (good, bad);
    while hi - lo > 1 {
        let mid = lo + (hi - lo) / 2;
        let at = peak_with(report, p, point, s, mid)?;
        if fits(at) {
            lo = mid;
            good_peak = at.unwrap_or(0);
        } else {
            hi = mid;
        }
    }
    let above = peak_with(report, p, point, s, hi)?;
    Ok(Fit::UpTo {
        value: lo,
        peak: good_peak,
        above,
    })
}
