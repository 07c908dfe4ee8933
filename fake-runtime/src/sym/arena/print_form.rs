//! How PyTorch prints a product whose factors sympy kept apart. A
//! contiguous stride is the product of `Max(1, size)` over the later
//! dims; sympy folds `Max(1, size)` to `size` as it is made when its
//! assumptions show `size >= 1` (a size symbol is a positive integer), and
//! otherwise keeps the `Max`. `ShapeEnv.simplify` expands the product
//! (the `Max` an atom), then prunes each `Max` by the value ranges, so a
//! size that is a sum stays a parenthesised factor:
//! `s0*(((s2//2)) - 1)*((s1//2))`, where the canonical form (always
//! expanded) is `s0*((s1//2))*((s2//2)) - s0*((s1//2))`. The value is the
//! same; only the printing differs, so the form is kept beside the
//! canonical expression and used by the printer alone.

use super::*;
use smallvec::SmallVec;

/// A product printed as `base * sums[0] * sums[1] ...`: `base` expanded,
/// each of `sums` a sum kept whole.
#[derive(Debug, Clone, PartialEq, Eq)]
pub(crate) struct PrintForm {
    pub(crate) base: ExprId,
    pub(crate) sums: SmallVec<[ExprId; 2]>,
}

impl ExprArena {
    /// Whether `id` is a sum of several terms (or of a term and a
    /// constant): what sympy prints in parentheses as a factor.
    pub(crate) fn is_sum(&self, id: ExprId) -> bool {
        matches!(self.node(id), Node::Sum { constant, terms } if *constant != 0 || terms.len() > 1)
    }

    /// Remember that `value` (the canonical product of `base` and `sums`)
    /// prints as that product. The first form given for a value stays.
    pub(crate) fn note_print_form(&mut self, value: ExprId, base: ExprId, sums: &[ExprId]) {
        if sums.is_empty() {
            return;
        }
        self.print_forms.entry(value).or_insert_with(|| PrintForm {
            base,
            sums: SmallVec::from_slice(sums),
        });
    }

    /// The factored form `value` prints in, when one was noted.
    pub(crate) fn print_form(&self, value: ExprId) -> Option<PrintForm> {
        self.print_forms.get(&value).cloned()
    }
}
