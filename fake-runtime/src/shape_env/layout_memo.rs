//! What the ShapeEnv remembers of layouts computed on symbolic sizes:
//! the contiguity test's answers and the layouts of [`Remembered`],
//! each noting whether computing it recorded a guard, so that a replay
//! can keep the ones that recorded nothing
//! ([`ShapeEnv::restore_from`]).

use super::ShapeEnv;
use crate::sym::SymInt;

/// What was recorded when a computation to remember started
/// ([`ShapeEnv::remembering`]).
#[derive(Debug, Clone, Copy)]
pub(crate) struct Remembering(usize);

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

/// A remembered answer, and whether computing it recorded no guard.
#[derive(Debug, Clone, Copy)]
pub(crate) struct Noted<T> {
    /// The answer.
    pub(crate) value: T,
    /// Computing it recorded no guard.
    pub(crate) quiet: bool,
}

impl ShapeEnv {
    /// Start a computation whose answer is to be remembered: notes how
    /// many guards and runtime asserts are recorded, so that remembering
    /// it tells whether it recorded any.
    #[inline]
    pub(crate) fn remembering(&self) -> Remembering {
        Remembering(self.guards.len() + self.runtime_asserts.len())
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
    /// computed from).
    #[inline]
    pub(crate) fn recall(&self, parts: &[&[SymInt]]) -> Option<&Remembered> {
        self.computed.get(parts).map(|n| &n.value)
    }

    /// Remember the layout computed from `parts` (started `since`) when
    /// every symbol they name is backed. On backed symbols a layout
    /// computation never falls back, so asking again decides the same
    /// way, from what the first asking learnt.
    pub(crate) fn remember(&mut self, since: Remembering, parts: &[&[SymInt]], value: Remembered) {
        let quiet = self.remembering().0 == since.0;
        if self.only_backed(parts.iter().flat_map(|p| p.iter())) {
            self.computed.insert(parts, Noted { value, quiet });
        }
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

    /// The remembered answer of `is_contiguous` on `sizes` and `strides`.
    pub(crate) fn layout_answer(&self, sizes: &[SymInt], strides: &[SymInt]) -> Option<bool> {
        if self.layouts.is_empty() {
            return None;
        }
        self.layouts.get(sizes, strides).map(|n| n.value)
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
        let quiet = self.remembering().0 == since.0;
        if self.only_backed(sizes.iter().chain(strides)) {
            let answer = Noted {
                value: answer,
                quiet,
            };
            self.layouts.insert(sizes, strides, answer);
        }
    }
}
