//! The first of a functionalized trace's two runs, as far as it differs
//! from the traced one ([`super::ModeSettings::functional`]).
//!
//! A Core ATen export runs the functionalized program twice: once to
//! collect metadata, once traced, and the traced run's calls find the
//! first run's results in the dispatch cache. A hit is rebuilt at storage
//! offset 0 (`empty_strided`), where the kernel of an operator that
//! preserves its input's layout (`slice_scatter`, `copy`:
//! `clone_preserve_strides`) gave the input's offset, on a storage that
//! offset longer. So the same value can stand at another offset, on a
//! storage of another size, in each run, and the cache key holds both of
//! every argument: a call whose arguments differ so misses, and its
//! kernel's offset stands. (`a[:, 1:, 1:] += b` decomposes into such a
//! chain: the inner `slice_scatter` hits, the `copy` into its result
//! hits, the outer `slice_scatter` of that copy misses.)
//!
//! A call that repeats later in the program (the first of a class of a
//! compiled plan, `Source::RepeatedKernel`) is a hit all the same: in the
//! first run its repeat found its own first call in the cache, so its
//! arguments and results stood there as they stand in the traced run,
//! and its entry is the one the traced call finds.
//!
//! Kept sparsely: only the tensors whose first-run offset differs, and
//! the storages whose first-run allocation did. Everything else (inputs,
//! every tensor of a plain mode) stands the same in both runs. Entries
//! of the dispatch cache from outside the two runs (the original export's
//! own trace, other exports in the same process, which share the cache
//! for calls without symbols) are not modelled.

use super::{FakeTensorMode, Value};
use crate::kernel::Alias;
use crate::sym::SymInt;
use crate::tensor::TensorId;
use rustc_hash::{FxHashMap, FxHashSet};

/// What stands otherwise in the first run.
#[derive(Debug, Clone, Default)]
pub(super) struct FirstRun {
    /// Tensor index -> its storage offset in the first run, where that
    /// differs from this run's.
    offsets: FxHashMap<u32, SymInt>,
    /// Storage indices allocated at another offset (so of another size)
    /// in the first run.
    storages: FxHashSet<u32>,
}

impl FirstRun {
    /// Forget the tensors and storages from these counts on (a restored
    /// checkpoint's).
    pub(super) fn truncate(&mut self, tensors: u32, storages: u32) {
        self.offsets.retain(|&t, _| t < tensors);
        self.storages.retain(|&s| s < storages);
    }
}

impl FakeTensorMode {
    /// Whether some tensor of `args` stands otherwise in the first run (at
    /// another offset or on a storage of another size): the traced call's
    /// cache key is not the first run's, so it misses.
    pub(super) fn first_run_differs(&self, args: &[Value<'_>]) -> bool {
        if self.first_run.offsets.is_empty() && self.first_run.storages.is_empty() {
            return false;
        }
        let differs = |t: &TensorId| {
            self.first_run.offsets.contains_key(&t.index)
                || self
                    .tensors
                    .get(t.index as usize)
                    .is_some_and(|ft| self.first_run.storages.contains(&ft.storage.0))
        };
        args.iter().any(|a| match a {
            Value::Tensor(t) => differs(t),
            Value::Tensors(ts) => ts.iter().any(differs),
            Value::OptTensors(ts) => ts.iter().flatten().any(differs),
            _ => false,
        })
    }

    /// The storage offset of `t` in the first run.
    fn first_run_offset(&self, t: TensorId) -> SymInt {
        match self.first_run.offsets.get(&t.index) {
            Some(&o) => o,
            None => self.tensors[t.index as usize].meta.storage_offset,
        }
    }

    /// Whether a result (`hit`: placed as the traced run's cache hit)
    /// may stand otherwise in the first run: not a fresh result at offset
    /// 0, nor one of arguments that all stand the same there.
    #[inline]
    pub(super) fn may_stand_otherwise(
        &self,
        alias: Alias,
        kernel_offset: SymInt,
        hit: bool,
    ) -> bool {
        let fresh_at_zero = matches!(alias, Alias::Fresh) && kernel_offset == SymInt::Int(0);
        !fresh_at_zero && (hit || !self.first_run.offsets.is_empty())
    }

    /// Note how `new`, a result of a kernel that ran (`hit`: placed as the
    /// traced run's cache hit, at offset 0), stands in the first run,
    /// where the kernel ran on the first run's arguments: a fresh result
    /// at the kernel's offset (`kernel_offset`, preserved from the first
    /// tensor argument when not 0), a view shifted as its base is.
    #[inline(never)]
    pub(super) fn note_first_run(
        &mut self,
        args: &[Value<'_>],
        new: TensorId,
        kernel_offset: SymInt,
        alias: Alias,
        hit: bool,
    ) -> crate::Result<()> {
        // (A fresh result at offset 0 was left out by
        // `may_stand_otherwise`.)
        let first = match alias {
            Alias::Fresh if hit => kernel_offset,
            Alias::Fresh => {
                let Some(&Value::Tensor(src)) = args.first() else {
                    return Ok(());
                };
                let shift = self.first_run_shift(src)?;
                self.env.add(kernel_offset, shift)?
            }
            Alias::ViewOf(i) => {
                let Some(&Value::Tensor(base)) = args.get(usize::from(i)) else {
                    return Ok(());
                };
                let shift = self.first_run_shift(base)?;
                let now = self.tensors[new.index as usize].meta.storage_offset;
                self.env.add(now, shift)?
            }
            Alias::Same(_) | Alias::InPlace(_) => return Ok(()),
        };
        let now = self.tensors[new.index as usize].meta.storage_offset;
        if first != now {
            self.first_run.offsets.insert(new.index, first);
            if matches!(alias, Alias::Fresh) {
                let storage = self.tensors[new.index as usize].storage.0;
                self.first_run.storages.insert(storage);
            }
        }
        Ok(())
    }

    /// How much further on `t` stands in the first run than in this one.
    fn first_run_shift(&mut self, t: TensorId) -> crate::Result<SymInt> {
        let (first, now) = (
            self.first_run_offset(t),
            self.tensors[t.index as usize].meta.storage_offset,
        );
        if first == now {
            return Ok(SymInt::Int(0));
        }
        self.env.sub(first, now)
    }
}
