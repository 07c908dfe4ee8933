//! Checkpoints of a mode: a compiler that replays one graph many times
//! builds its inputs and parameters once, takes a [`Checkpoint`], and
//! restores it before every replay instead of building a new mode.
//!
//! Restoring drops the tensors and storages made since the checkpoint
//! (their handles become stale: a later call may reuse their indices),
//! undoes writes to older tensors (in-place results, constants), puts the
//! ShapeEnv back when the run changed it (new symbols, guards,
//! replacements; the interned expressions and the arithmetic memoised on
//! them are kept when no symbol was made, the ranges put back: each
//! memoised result is keyed by the ranges it was made in), and empties
//! the dispatch cache and the unbacked-SymInt memo, whose entries may name
//! dropped tensors or symbols. Allocations are
//! kept, so a replay of the same graph allocates nothing for its tensor
//! table.

use super::{FakeTensorMode, Mark};
use crate::shape_env::ShapeEnv;
use crate::tensor::{FakeTensor, StorageId};
use rustc_hash::FxHashMap;
use std::sync::atomic::{AtomicU64, Ordering};

/// A mode's state at one point, made by [`FakeTensorMode::checkpoint`].
#[derive(Debug, Clone)]
pub struct Checkpoint {
    mode: u32,
    serial: u64,
    tensors: Vec<FakeTensor>,
    versions: Vec<u32>,
    constant_storages: Vec<StorageId>,
    env: ShapeEnv,
    writes: u64,
    memo_tensors: FxHashMap<u64, crate::tensor::TensorId>,
    memo_storages: FxHashMap<u64, StorageId>,
    named: FxHashMap<String, (i64, crate::sym::SymInt)>,
    first_run: super::first_run::FirstRun,
}

/// Serial numbers of checkpoints, so a mode knows which one it last took
/// or returned to.
static NEXT_SERIAL: AtomicU64 = AtomicU64::new(1);

impl Checkpoint {
    /// Number of tensors the mode held when the checkpoint was taken: the
    /// handles with a smaller index survive [`FakeTensorMode::restore`].
    pub fn num_tensors(&self) -> usize {
        self.tensors.len()
    }
}

impl FakeTensorMode {
    /// Save the mode's state (tensors, storages, ShapeEnv) so that
    /// [`FakeTensorMode::restore`] can return to it.
    ///
    /// ```
    /// use fake_runtime::{DType, Device, FakeTensorMode, SymInt};
    ///
    /// let mut mode = FakeTensorMode::new(fake_runtime::kernel::StaticRegistry(&[]));
    /// let x = mode.empty(&[SymInt::Int(2)], DType::Float32, Device::cpu())?;
    /// let saved = mode.checkpoint();
    /// mode.empty(&[SymInt::Int(3)], DType::Float32, Device::cpu())?;
    /// assert_eq!(mode.num_tensors(), 2);
    /// mode.restore(&saved)?;
    /// assert_eq!(mode.num_tensors(), 1);
    /// assert!(mode.meta(x).is_ok());
    /// # Ok::<(), fake_runtime::Error>(())
    /// ```
    pub fn checkpoint(&mut self) -> Checkpoint {
        let serial = NEXT_SERIAL.fetch_add(1, Ordering::Relaxed);
        self.epoch += 1;
        self.mark = Mark {
            serial,
            tensors: self.tensors.len() as u32,
            storages: self.versions.len() as u32,
        };
        Checkpoint {
            mode: self.id,
            serial,
            tensors: self.tensors.clone(),
            versions: self.versions.clone(),
            constant_storages: self.constant_storages.clone(),
            env: self.env.clone(),
            writes: self.writes,
            memo_tensors: self.memo_tensors.clone(),
            memo_storages: self.memo_storages.clone(),
            named: self.named.clone(),
            first_run: self.first_run.clone(),
        }
    }

    /// Return to the state `saved` recorded. Handles of tensors made since
    /// are stale afterwards. A checkpoint of another mode is refused.
    pub fn restore(&mut self, saved: &Checkpoint) -> crate::Result<()> {
        self.restore_state(saved, false)
    }

    /// [`FakeTensorMode::restore`] for a caller that then makes exactly
    /// the calls it made since it last took or restored `saved`, in the
    /// same order (a compiled plan run again): the layouts the ShapeEnv
    /// remembers whose computation recorded no guard are kept, as that
    /// replay would compute them again in the same state.
    pub fn restore_for_replay(&mut self, saved: &Checkpoint) -> crate::Result<()> {
        self.restore_state(saved, true)
    }

    fn restore_state(&mut self, saved: &Checkpoint, replaying: bool) -> crate::Result<()> {
        if saved.mode != self.id {
            return Err(crate::ErrorKind::BadArguments {
                op: "restore".into(),
                reason: format!(
                    "the checkpoint was taken of mode {} and this is mode {}",
                    saved.mode, self.id
                ),
            }
            .into());
        }
        let n = saved.tensors.len();
        // Only writes to tensors older than the last checkpoint taken or
        // restored are counted: after any other one, copy everything back.
        let fast = self.mark.serial == saved.serial
            && self.writes == saved.writes
            && self.tensors.len() >= n;
        if fast {
            self.tensors.truncate(n);
            self.versions.truncate(saved.versions.len());
            let storages = saved.versions.len() as u32;
            self.constant_storages.retain(|s| s.0 < storages);
            self.first_run.truncate(n as u32, storages);
        } else {
            self.first_run.clone_from(&saved.first_run);
            self.tensors.clone_from(&saved.tensors);
            self.versions.clone_from(&saved.versions);
            self.constant_storages.clone_from(&saved.constant_storages);
            self.writes = saved.writes;
        }
        self.epoch += 1;
        self.mark = Mark {
            serial: saved.serial,
            tensors: n as u32,
            storages: saved.versions.len() as u32,
        };
        if self.memo_tensors.len() != saved.memo_tensors.len() {
            self.memo_tensors.clone_from(&saved.memo_tensors);
            self.memo_storages.clone_from(&saved.memo_storages);
        }
        if self.named.len() != saved.named.len() {
            self.named.clone_from(&saved.named);
        }
        if !self.env.same_state_as(&saved.env) {
            self.env.restore_from(&saved.env, replaying);
        }
        self.cache.clear();
        self.unbacked.clear();
        Ok(())
    }
}
