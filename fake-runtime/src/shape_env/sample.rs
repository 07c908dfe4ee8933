//! Equality where the guards hold: two expressions are compared at the
//! hints and at a few hundred other points of the backed symbols' values
//! (drawn deterministically: small sizes, sizes near the hints, multiples
//! of them, large sizes, and points where two symbols are equal), keeping
//! the points inside every symbol's range where every guard holds. Forms
//! the canonical forms do not settle (`5*Max(1, s//5)` against `s` once
//! `s//5 >= 1` and `Mod(s, 5) == 0` are guarded) compare equal here when
//! they agree wherever the program is valid.

use super::ShapeEnv;
use crate::error::Result;
use crate::sym::{SymInt, Symbol};

/// How many points besides the hints are drawn.
pub const POINTS: usize = 300;

/// A deterministic generator (xorshift64*) of sample points.
#[derive(Debug, Clone)]
pub struct Points {
    state: u64,
    hints: Vec<i64>,
    first: bool,
}

impl Points {
    /// Points around `hints` (one value per symbol), the hints first.
    pub fn new(hints: Vec<i64>) -> Points {
        Points {
            state: 0x9E37_79B9_7F4A_7C15,
            hints,
            first: true,
        }
    }

    fn next_word(&mut self) -> u64 {
        self.state ^= self.state >> 12;
        self.state ^= self.state << 25;
        self.state ^= self.state >> 27;
        self.state.wrapping_mul(0x2545_F491_4F6C_DD1D)
    }

    fn below(&mut self, n: u64) -> u64 {
        self.next_word() % n.max(1)
    }

    /// The next point into `point` (as long as the hints): per symbol a
    /// small size, one near its hint, a multiple of it or a large one;
    /// sometimes two symbols made equal. The first point is the hints.
    pub fn next_into(&mut self, point: &mut Vec<i64>) {
        point.clear();
        if self.first {
            self.first = false;
            point.extend_from_slice(&self.hints);
            return;
        }
        for i in 0..self.hints.len() {
            let h = self.hints[i];
            let v = match self.below(10) {
                0..=2 => 2 + self.below(5) as i64,
                3..=5 => (h + self.below(7) as i64 - 3).max(2),
                6 | 7 => 2 + self.below(3 * h.max(1) as u64 + 8) as i64,
                _ => [2 * h, 3 * h, h / 2, 64, 65, 128, 1000][self.below(7) as usize].max(2),
            };
            point.push(v);
        }
        if point.len() > 1 && self.below(3) == 0 {
            let a = self.below(point.len() as u64) as usize;
            let b = self.below(point.len() as u64) as usize;
            point[b] = point[a];
        }
    }
}

/// What refuses a point ([`ShapeEnv::refusal_at`]).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Refusal {
    /// The range of this symbol.
    Range(Symbol),
    /// The guard at this index of [`ShapeEnv::guards`].
    Guard(usize),
}

impl ShapeEnv {
    /// What refuses the point giving `symbols` (sorted) the values
    /// `point`: the first symbol whose range does not hold its value, else
    /// the first guard false there (a guard naming a symbol without a value
    /// is not decided); `Ok(None)` when all hold, an error when a guard
    /// cannot be evaluated there (a division by zero, an overflow).
    pub fn refusal_at(&self, symbols: &[Symbol], point: &[i64]) -> Result<Option<Refusal>> {
        if let Some((&s, _)) = symbols
            .iter()
            .zip(point)
            .find(|&(&s, &v)| !self.symbol_range(s).contains(v))
        {
            return Ok(Some(Refusal::Range(s)));
        }
        let value = |s: Symbol| symbols.binary_search(&s).ok().map(|i| point[i]);
        for (i, g) in self.guards().iter().enumerate() {
            if self.arena().eval(g.expr, &value)? == Some(0) {
                return Ok(Some(Refusal::Guard(i)));
            }
        }
        Ok(None)
    }

    /// Whether `a` and `b` have the same value at every sampled point of
    /// the backed symbols where their ranges and every guard hold (see the
    /// module's documentation). False when either needs an unbacked
    /// symbol, or when no point holds.
    pub fn equal_where_guards_hold(&self, a: SymInt, b: SymInt) -> Result<bool> {
        let arena = self.arena();
        let mut symbols: Vec<Symbol> = Vec::new();
        for v in [a, b] {
            if let SymInt::Expr(e) = v {
                symbols.extend(arena.free_symbols(e));
            }
        }
        for g in self.guards() {
            symbols.extend(arena.free_symbols(g.expr));
        }
        symbols.sort_unstable();
        symbols.dedup();
        if symbols.iter().any(|&s| arena.is_unbacked(s)) {
            return Ok(false);
        }
        let hints: Option<Vec<i64>> = symbols.iter().map(|&s| self.symbol_hint(s)).collect();
        let Some(hints) = hints else {
            return Ok(false);
        };
        let mut points = Points::new(hints);
        let mut point = Vec::with_capacity(symbols.len());
        let mut held = false;
        for _ in 0..=POINTS {
            points.next_into(&mut point);
            if !matches!(self.refusal_at(&symbols, &point), Ok(None)) {
                continue;
            }
            let value = |s: Symbol| symbols.binary_search(&s).ok().map(|i| point[i]);
            let at = |v: SymInt| match v {
                SymInt::Int(x) => Ok(Some(x)),
                SymInt::Expr(e) => arena.eval(e, &value),
            };
            match (at(a), at(b)) {
                (Ok(Some(x)), Ok(Some(y))) if x == y => held = true,
                (Ok(Some(_)), Ok(Some(_))) => return Ok(false),
                // A division by zero, an overflow: not decided here.
                _ => {}
            }
        }
        Ok(held)
    }
}
