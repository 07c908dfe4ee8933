//! The form PyTorch's `ShapeEnv.simplify` gives a size or stride, which
//! is how it is printed: the replacements applied, exact divisions
//! carried out, then the `Min`/`Max` pass: an argument another one bounds
//! is dropped, by the symbols' ranges as they stand, and for `Max(0 or
//! 1, x)` of two arguments by the full static decision of `0/1 <= x`,
//! whose axioms are the guards and asserts recorded (`Max(1, s2 - s6 +
//! 3)` prints as `s2 - s6 + 3` once the guard `s2 + 2 >= s6` stands); a
//! product whose `Max` factors the pass makes sums prints them as whole
//! factors.

use super::ShapeEnv;
use crate::error::Result;
use crate::sym::{ExprId, Extremum, RelOp};
use rustc_hash::FxHashMap;
use smallvec::SmallVec;

impl ShapeEnv {
    /// `e` as PyTorch's `ShapeEnv.simplify` gives it.
    pub(super) fn printed_form(&mut self, e: ExprId) -> Result<ExprId> {
        let s = self.simplify_full(e)?;
        let v = self.extrema_pruned(s)?;
        if self.exprs.print_form(v).is_none() {
            self.note_printed_product(e, v)?;
        }
        Ok(v)
    }

    /// Where `e` is a product (or prints as one), note that `v`, its
    /// printed form, prints as the product of its factors' printed forms,
    /// those the `Min`/`Max` pass makes sums kept whole: its `xreplace`
    /// of `Max(1, x)` by `x` leaves `s8*(s2 - s6 + 3)` factored, where
    /// the arena expands it.
    fn note_printed_product(&mut self, e: ExprId, v: ExprId) -> Result<()> {
        let (product, whole) = match self.exprs.print_form(e) {
            Some(form) => (form.base, form.sums),
            None => (e, SmallVec::new()),
        };
        let Some((c, atoms)) = self.exprs.as_product(product) else {
            return Ok(());
        };
        if whole.is_empty() && c == 1 && matches!(atoms.as_slice(), [(_, 1)]) {
            // A single factor: its own printed form is `v`.
            return Ok(());
        }
        let mut base = self.exprs.int(c);
        let mut sums: SmallVec<[ExprId; 2]> = SmallVec::new();
        // Each factor with whether it may stay whole: sympy's `replace`
        // expands what a symbol's replacement makes, so only a `Max`/`Min`
        // (or a factor kept whole for one) that the `Min`/`Max` pass
        // prunes to a sum stays a factor, unless sympy's assumptions fold
        // it as the replacement rebuilds it (a sum known at least 1).
        let factors: SmallVec<[(ExprId, u32, bool); 4]> = whole
            .iter()
            .map(|&f| (f, 1, true))
            .chain(
                atoms
                    .into_iter()
                    .map(|(a, p)| (a, p, self.exprs.is_extremum(a))),
            )
            .collect();
        for (f, pow, may_stay) in factors {
            let f = self.printed_form(f)?;
            let stays = may_stay && self.exprs.is_sum(f) && !self.exprs.assumed_at_least_one(f);
            for _ in 0..pow {
                if stays {
                    sums.push(f);
                } else {
                    base = self.exprs.mul(base, f)?;
                }
            }
        }
        if sums.is_empty() {
            return Ok(());
        }
        // The factors' product is `v` unless a division cancelled across
        // them; then the canonical form prints.
        let mut p = base;
        for &f in &sums {
            p = self.exprs.mul(p, f)?;
        }
        if p == v {
            self.exprs.note_print_form(v, base, &sums);
        }
        Ok(())
    }

    /// `e` with each `Min`/`Max` pruned as PyTorch's `simplify` prunes it
    /// (itself when none is).
    pub(super) fn extrema_pruned(&mut self, e: ExprId) -> Result<ExprId> {
        let found = self.exprs.extrema(e);
        if found.is_empty() {
            return Ok(e);
        }
        // Each extremum decided alone, then put in place outermost first
        // (sympy's `xreplace`): a replaced extremum keeps the ones it holds.
        let mut memo = FxHashMap::default();
        for x in found {
            if let Some(r) = self.pruned_extremum(&x)? {
                memo.insert(x.id, r);
            }
        }
        if memo.is_empty() {
            return Ok(e);
        }
        self.exprs.subst_memo(e, &mut |_| None, false, &mut memo)
    }

    /// The extremum without the arguments another one bounds, in
    /// PyTorch's order of comparisons; `None` when it keeps them all.
    fn pruned_extremum(&mut self, x: &Extremum) -> Result<Option<ExprId>> {
        let args = &x.args;
        // PyTorch falls back on the static decision for a `Max` of two.
        let fallback = x.is_max && args.len() == 2;
        let mut keep = vec![true; args.len()];
        for i in 0..args.len() {
            if !keep[i] {
                continue;
            }
            for j in i + 1..args.len() {
                if !keep[j] {
                    continue;
                }
                let (a, b) = (args[i], args[j]);
                if self.definitely_le(a, b, fallback)? {
                    if x.is_max {
                        keep[i] = false;
                        break;
                    }
                    keep[j] = false;
                } else if self.definitely_le(b, a, fallback)? {
                    if x.is_max {
                        keep[j] = false;
                    } else {
                        keep[i] = false;
                        break;
                    }
                }
            }
        }
        if keep.iter().all(|&k| k) {
            return Ok(None);
        }
        let kept = args
            .iter()
            .zip(&keep)
            .filter_map(|(&a, &k)| k.then_some(a))
            .collect();
        Ok(Some(self.exprs.extremum_as_given(x.is_max, kept)))
    }

    /// `a <= b` for every value the ranges allow, or, with `fallback` and
    /// `a` the constant 0 or 1, decided statically with the guards and
    /// asserts as axioms (`definitely_le` of `ShapeEnv.simplify`).
    fn definitely_le(&mut self, a: ExprId, b: ExprId, fallback: bool) -> Result<bool> {
        if a == b {
            return Ok(true);
        }
        let diff = self.exprs.sub(b, a)?;
        if self.exprs.range(diff).lo_raw() >= 0 {
            return Ok(true);
        }
        if !(fallback && matches!(self.exprs.as_int(a), Some(0 | 1))) {
            return Ok(false);
        }
        let le = self.exprs.rel(RelOp::Le, a, b)?;
        // A guard whose canonical form rounded its constant (`49*x >= 2`
        // held as `x >= 1`) is no axiom for `1 <= x`: PyTorch holds it
        // undivided.
        let s = self.simplify(le)?;
        if !self.rounded.is_empty() && self.rounded.contains(&s) {
            return Ok(false);
        }
        let c = self.symbool_of(le);
        let (decided, _) = self.decide_statically(c)?;
        Ok(decided == Some(true))
    }
}
