//! What the ShapeEnv remembers of layouts computed on symbolic sizes:
//! the contiguity test's answers and the layouts of [`Remembered`],
//! each noting whether computing it recorded a guard, so that a replay
//! can keep the ones that recorded nothing
//! ([`ShapeEnv::restore_from`]), and the ones whose computation
//! recorded guards alone, which a replay recalls by recording those
//! guards again ([`ShapeEnv::record_again`],
//! [`ShapeEnv::recall_layout`]).

use super::{Guard, ShapeEnv};
use crate::error::Result;
use crate::sym::{ExprId, SymInt};

/// What was recorded when a computation to remember started
/// ([`ShapeEnv::remembering`]).
#[derive(Debug, Clone, Copy)]
pub(crate) struct Remembering {
    /// Guards.
    guards: usize,
    /// Runtime asserts.
    asserts: usize,
    /// Replacements.
    replacements: usize,
    /// How many times the remembered layouts were emptied.
    cleared: u32,
}

impl Remembering {
    /// Whether nothing was recorded between `self` and `now`.
    fn quiet_until(self, now: Remembering) -> bool {
        self.guards == now.guards && self.asserts == now.asserts
    }
}

/// A layout computed on symbolic sizes, as [`ShapeEnv::recall`] gives it.
#[derive(Debug, Clone)]
pub(crate) enum Remembered {
    /// The elementwise stride rule's strides (`crate::strides::pointwise`).
    Strides(crate::shape::Dims),
    /// A view's sizes and strides, or none without a copy
    /// (`crate::view::reshape_view_steps`); the fast binary path's sizes
    /// and strides, or none where it does not apply; an operator's
    /// layout (`crate::support::remembered_geometry`).
    Geometry(Option<(crate::shape::Dims, crate::shape::Dims)>),
    /// A test's answer (`crate::strides::is_non_overlapping_and_dense`,
    /// `crate::strides::are_strides_like_channels_last`).
    Answer(bool),
}

/// What a computation remembered in [`ShapeEnv::recall`] is: the first
/// key part.
pub(crate) mod remembered_kind {
    use crate::sym::SymInt;
    /// The elementwise stride rule.
    pub(crate) const ELEMENTWISE: [SymInt; 1] = [SymInt::Int(1)];
    /// A view by `_reshape_view_helper`, `min` decided with a guard.
    pub(crate) const VIEW_GUARDED: [SymInt; 1] = [SymInt::Int(2)];
    /// A view by `_reshape_view_helper`, `min` as `sym_min`.
    pub(crate) const VIEW_SYMBOLIC: [SymInt; 1] = [SymInt::Int(3)];
    /// The fake mode's fast binary path (`crate::pointwise`).
    pub(crate) const FAST_BINARY: [SymInt; 1] = [SymInt::Int(4)];
    /// Whether sizes and strides are non-overlapping and dense.
    pub(crate) const NON_OVERLAPPING_AND_DENSE: [SymInt; 1] = [SymInt::Int(5)];
    /// Whether strides look channels-last.
    pub(crate) const LIKE_CHANNELS_LAST: [SymInt; 1] = [SymInt::Int(6)];
    /// An operator's layout computation
    /// (`crate::support::remembered_geometry`).
    pub(crate) const OPERATOR: [SymInt; 1] = [SymInt::Int(7)];
    /// An elementwise result's sizes and strides by a stride rule
    /// (`crate::pointwise`), tagged by the rule.
    pub(crate) const POINTWISE: [SymInt; 1] = [SymInt::Int(8)];
}

/// Return `Ok($out)` of the layout the ShapeEnv `$env` remembers for
/// `$parts`, matched by `$pat` ([`ShapeEnv::recall`]); on a miss, the
/// guards of one whose computation recorded guards that no longer stand
/// are recorded again and it is read then ([`ShapeEnv::record_again`]).
/// Falls through when nothing is remembered: compute it.
macro_rules! return_recalled {
    ($env:expr, $parts:expr, $pat:pat => $out:expr) => {
        if let Some($pat) = $env.recall($parts) {
            return Ok($out);
        }
        if $env.record_again($parts)?
            && let Some($pat) = $env.recall($parts)
        {
            return Ok($out);
        }
    };
}
pub(crate) use return_recalled;

/// A remembered answer: whether computing it recorded no guard, and,
/// when it recorded guards and nothing else (no runtime assert, no
/// replacement), those guards, which a replay records again in its place.
#[derive(Debug, Clone)]
pub(crate) struct Noted<T> {
    /// The answer.
    pub(crate) value: T,
    /// Computing it recorded no guard.
    pub(crate) quiet: bool,
    /// The guards it recorded, in order, when a replay may record them
    /// again instead of computing.
    pub(crate) again: Option<Box<[RecordedGuard]>>,
}

impl<T> Noted<T> {
    /// Whether a replay keeps it ([`ShapeEnv::restore_from`]).
    pub(crate) fn replayable(&self) -> bool {
        self.quiet || self.again.is_some()
    }
}

/// A guard a remembered computation recorded, with the notes on how its
/// relation was made that learning it reads (whether its canonical form
/// rounded a constant, its form with exact divisions cancelled).
#[derive(Debug, Clone)]
pub(crate) struct RecordedGuard {
    guard: Guard,
    rounded: bool,
    cleaned: Option<ExprId>,
}

impl ShapeEnv {
    /// Start a computation whose answer is to be remembered: notes how
    /// many guards and runtime asserts are recorded, so that remembering
    /// it tells whether it recorded any.
    #[inline]
    pub(crate) fn remembering(&self) -> Remembering {
        Remembering {
            guards: self.guards.len(),
            asserts: self.runtime_asserts.len(),
            replacements: self.replacements.len(),
            cleared: self.layouts_cleared,
        }
    }

    /// Forget the remembered contiguity answers and computed layouts.
    pub(crate) fn forget_layouts(&mut self) {
        if !self.layouts.is_empty() || !self.computed.is_empty() {
            self.layouts.clear();
            self.computed.clear();
            self.layouts_cleared = self.layouts_cleared.wrapping_add(1);
        }
    }

    /// The layout remembered for `parts` (a kind, then the lists it was
    /// computed from), unless its computation recorded guards that no
    /// longer stand: a replay, put back to a checkpoint, asks it where
    /// the run before computed it, and records them again first
    /// ([`Self::record_again`], which [`return_recalled!`] asks on a miss).
    #[inline(always)]
    pub(crate) fn recall(&self, parts: &[&[SymInt]]) -> Option<&Remembered> {
        let n = self.computed.get(parts)?;
        match &n.again {
            Some(again) if !self.standing(again) => None,
            _ => Some(&n.value),
        }
    }

    /// Whether every guard of `again` stands (was learnt in this run).
    fn standing(&self, again: &[RecordedGuard]) -> bool {
        again
            .iter()
            .all(|g| self.decided.get(&g.guard.expr) == Some(&true))
    }

    /// The guards of `remembered` to record again: those of an answer
    /// whose computation recorded guards that no longer stand.
    fn to_record_again<T>(&self, remembered: Option<&Noted<T>>) -> Option<Box<[RecordedGuard]>> {
        remembered
            .and_then(|n| n.again.as_ref())
            .filter(|again| !self.standing(again))
            .cloned()
    }

    /// Record again the guards of the layout remembered for `parts` whose
    /// computation recorded guards that no longer stand, each decided as
    /// that computation decided it: true when there is one and every
    /// guard holds, so that [`Self::recall`] now answers.
    #[cold]
    #[inline(never)]
    pub(crate) fn record_again(&mut self, parts: &[&[SymInt]]) -> Result<bool> {
        match self.to_record_again(self.computed.get(parts)) {
            Some(again) => self.record_guards(&again),
            None => Ok(false),
        }
    }

    /// Record `again`'s guards as their computation did: each relation
    /// noted as it was made, then decided (a guard when not known by
    /// now). False when one does not hold.
    fn record_guards(&mut self, again: &[RecordedGuard]) -> Result<bool> {
        for g in again {
            let e = g.guard.expr;
            let n = self.exprs.not(e);
            if g.rounded {
                self.rounded.insert(e);
                self.rounded.insert(n);
            } else if !self.rounded.is_empty() && self.rounded.remove(&e) {
                self.rounded.remove(&n);
            }
            if let Some(c) = g.cleaned {
                self.cleaned_rels.insert(e, c);
            }
            let c = self.symbool_of(e);
            if !self.guard_or_false(c, &g.guard.origin)? {
                return Ok(false);
            }
        }
        Ok(true)
    }

    /// Remember the layout computed from `parts` (started `since`) when
    /// every symbol they name is backed. On backed symbols a layout
    /// computation never falls back, so asking again decides the same
    /// way, from what the first asking learnt.
    pub(crate) fn remember(&mut self, since: Remembering, parts: &[&[SymInt]], value: Remembered) {
        let now = self.remembering();
        let quiet = since.quiet_until(now);
        if self.only_backed(parts.iter().flat_map(|p| p.iter())) {
            let again = (!quiet).then(|| self.recorded_since(since, now)).flatten();
            let computed = Noted {
                value,
                quiet,
                again,
            };
            self.computed.insert(parts, computed);
        }
    }

    /// The guards recorded between `since` and `now`, with their notes,
    /// when nothing else was (no runtime assert, no replacement, no
    /// remembered layout forgotten).
    fn recorded_since(&self, since: Remembering, now: Remembering) -> Option<Box<[RecordedGuard]>> {
        if since.asserts != now.asserts
            || since.replacements != now.replacements
            || since.cleared != now.cleared
        {
            return None;
        }
        let recorded = self.guards.get(since.guards..now.guards)?;
        Some(
            recorded
                .iter()
                .map(|g| RecordedGuard {
                    guard: g.clone(),
                    rounded: !self.rounded.is_empty() && self.rounded.contains(&g.expr),
                    cleaned: self.cleaned_rels.get(&g.expr).copied(),
                })
                .collect(),
        )
    }

    /// Whether every symbol `values` name is backed, so no decision on
    /// them falls back (never under `backed_size_oblivious`, whose
    /// `guard_or_false` falls back on backed symbols too).
    pub(crate) fn only_backed<'a>(&self, mut values: impl Iterator<Item = &'a SymInt>) -> bool {
        !self.settings.backed_size_oblivious
            && values.all(|v| match v {
                SymInt::Int(_) => true,
                SymInt::Expr(e) => self.exprs.only_backed_symbols_below(*e, usize::MAX),
            })
    }

    /// The remembered answer of `is_contiguous` on `sizes` and `strides`,
    /// its test's guards recorded again first where they no longer stand
    /// (as [`Self::recall`] and [`Self::record_again`] give a computed
    /// layout).
    #[inline]
    pub(crate) fn recall_layout(
        &mut self,
        sizes: &[SymInt],
        strides: &[SymInt],
    ) -> Result<Option<bool>> {
        if let Some(b) = self.layout_answer(sizes, strides) {
            return Ok(Some(b));
        }
        Ok(if self.record_layout_again(sizes, strides)? {
            self.layout_answer(sizes, strides)
        } else {
            None
        })
    }

    /// The remembered answer of `is_contiguous` on `sizes` and `strides`,
    /// unless its test recorded guards that no longer stand.
    #[inline]
    fn layout_answer(&self, sizes: &[SymInt], strides: &[SymInt]) -> Option<bool> {
        if self.layouts.is_empty() {
            return None;
        }
        let n = self.layouts.get(sizes, strides)?;
        match &n.again {
            Some(again) if !self.standing(again) => None,
            _ => Some(n.value),
        }
    }

    /// [`Self::record_again`] of `is_contiguous`'s remembered answer on
    /// `sizes` and `strides`.
    #[cold]
    #[inline(never)]
    fn record_layout_again(&mut self, sizes: &[SymInt], strides: &[SymInt]) -> Result<bool> {
        match self.to_record_again(self.layouts.get(sizes, strides)) {
            Some(again) => self.record_guards(&again),
            None => Ok(false),
        }
    }

    /// Remember `is_contiguous`'s answer on `sizes` and `strides` (asked
    /// `since`) when every symbol they name is backed.
    pub(crate) fn remember_layout(
        &mut self,
        since: Remembering,
        sizes: &[SymInt],
        strides: &[SymInt],
        answer: bool,
    ) {
        let now = self.remembering();
        let quiet = since.quiet_until(now);
        if self.only_backed(sizes.iter().chain(strides)) {
            let again = (!quiet).then(|| self.recorded_since(since, now)).flatten();
            let answer = Noted {
                value: answer,
                quiet,
                again,
            };
            self.layouts.insert(sizes, strides, answer);
        }
    }
}
