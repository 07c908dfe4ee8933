//! Hacked twins (the overloads declaring a `Tensor?[]` argument
//! `Tensor[]`) whose base overload is a rule of another family file: the
//! base's erased entry on the same arguments, each `Tensor[]` passed as
//! `Tensor?[]` ([`hacked_twin_variant`], which `@derive(hacked_twin)` calls
//! for the others).

use fake_runtime::support::hacked_twin_variant;
use fake_runtime::{Arg, Cx, Outs, Result};

/// `index.Tensor_hacked_twin(Tensor self, Tensor[] indices) -> Tensor`:
/// `index.Tensor` (a bool mask selects a data-dependent count).
pub(crate) fn index_tensor_hacked_twin(cx: &mut Cx<'_>, a: &[Arg<'_>]) -> Result<Outs> {
    hacked_twin_variant(cx, a, crate::erased::index_tensor)
}

/// `_unsafe_index.Tensor_hacked_twin(Tensor self, Tensor[] indices) ->
/// Tensor`: `_unsafe_index.Tensor` (masks refused).
pub(crate) fn unsafe_index_tensor_hacked_twin(cx: &mut Cx<'_>, a: &[Arg<'_>]) -> Result<Outs> {
    hacked_twin_variant(cx, a, crate::erased::_unsafe_index_tensor)
}
