//! The memos of data-dependent operators, as PyTorch's fake tensors keep
//! them (`nonzero_memo`, `item_memo`, `unique_memo`,
//! `unique_consecutive_memo`): the unbacked count an operator made for a
//! tensor, reused by a later call on the same tensor until the tensor is
//! written to (its storage's version moves). An operator without a memo
//! (`masked_select`, `repeat_interleave`, ...) makes a fresh symbol at
//! every call, as PyTorch's do.

use super::{FakeTensorMode, Scan, Value};
use crate::error::Result;
use crate::kernel::{OpDef, Outs, UnbackedMemo};
use crate::sym::SymInt;
use crate::tensor::TensorId;
use crate::{DType, Device};
use smallvec::SmallVec;

/// What a memo holds.
#[derive(Debug, Clone)]
pub(super) enum Memoised {
    /// The whole results (`item`'s, which takes nothing but the tensor,
    /// and whose value may be a float or a bool).
    Outs(Box<Outs>),
    /// The count, which the results are shaped around (`nonzero`'s,
    /// shared by `where(condition)`; `unique`'s, whose other arguments
    /// add results).
    Count(SymInt),
}

impl FakeTensorMode {
    /// Run a data-dependent operator through its memo, if it has one. The
    /// unique memos hold counts of the whole tensor only: with a `dim`
    /// given, PyTorch makes a fresh count.
    pub(super) fn run_memoised(
        &mut self,
        op: &OpDef,
        args: &[Value<'_>],
        device: Device,
        scan: &Scan,
    ) -> Result<Outs> {
        let memo = op.tags.memo.filter(|m| match m {
            UnbackedMemo::Unique | UnbackedMemo::UniqueConsecutive => !op
                .params
                .iter()
                .zip(args)
                .any(|(p, a)| p.name == "dim" && !matches!(a, Value::None)),
            UnbackedMemo::Nonzero | UnbackedMemo::Item | UnbackedMemo::IndexMasks => true,
        });
        if memo == Some(UnbackedMemo::IndexMasks) {
            return self.run_index_masks(op, args, device, scan);
        }
        let Some(key) = memo.and_then(|m| self.memo_key(m, args)) else {
            return self.run_kernel(op, args, device, scan.constant, false);
        };
        let whole = memo == Some(UnbackedMemo::Item);
        match self.unbacked.get(&key) {
            Some(Memoised::Outs(outs)) if whole => return Ok((**outs).clone()),
            Some(Memoised::Count(count)) => {
                self.env.reuse_unbacked(&[Some(*count)]);
                let outs = self.run_kernel(op, args, device, scan.constant, false);
                self.env.reuse_unbacked(&[]);
                return outs;
            }
            _ => {}
        }
        let symbols = self.env.symbol_count();
        let outs = self.run_kernel(op, args, device, scan.constant, false)?;
        let entry = if whole {
            Some(Memoised::Outs(Box::new(outs.clone())))
        } else {
            // The count is the first symbol the call made.
            self.env
                .symbols()
                .nth(symbols)
                .map(|s| Memoised::Count(SymInt::Expr(self.env.arena().symbol_expr(s))))
        };
        if let Some(entry) = entry {
            self.unbacked.insert(key, entry);
        }
        Ok(outs)
    }

    /// Run an indexing call whose masks (bool or `int8` tensors among its
    /// indices) each count their true elements through their own
    /// `nonzero_memo`, in order, as `meta_index_Tensor` calls `nonzero`
    /// on each. A mask with a dim of size 0 makes no count (`nonzero` of
    /// an empty tensor is empty, no symbol made) and takes no slot.
    fn run_index_masks(
        &mut self,
        op: &OpDef,
        args: &[Value<'_>],
        device: Device,
        scan: &Scan,
    ) -> Result<Outs> {
        let mut keys: SmallVec<[[u64; 2]; 2]> = SmallVec::new();
        let mut slots: SmallVec<[Option<SymInt>; 2]> = SmallVec::new();
        let mut listed: SmallVec<[TensorId; 4]> = SmallVec::new();
        for a in args {
            match a {
                Value::Tensors(ts) => listed.extend(ts.iter().copied()),
                Value::OptTensors(ts) => listed.extend(ts.iter().flatten().copied()),
                _ => {}
            }
        }
        for t in listed {
            let m = &self.tensors[t.index as usize].meta;
            if !matches!(m.dtype, DType::Bool | DType::Int8) || m.sizes.contains(&SymInt::Int(0)) {
                continue;
            }
            let Some(key) = self.memo_key(UnbackedMemo::Nonzero, &[Value::Tensor(t)]) else {
                continue;
            };
            slots.push(match self.unbacked.get(&key) {
                Some(Memoised::Count(count)) => Some(*count),
                _ => None,
            });
            keys.push(key);
        }
        let symbols = self.env.symbol_count();
        self.env.reuse_unbacked(&slots);
        let outs = self.run_kernel(op, args, device, scan.constant, false);
        self.env.reuse_unbacked(&[]);
        let outs = outs?;
        // The fresh counts, in order, are the empty slots' masks'.
        let mut fresh = self.env.symbols().skip(symbols);
        for (key, slot) in keys.iter().zip(&slots) {
            if slot.is_none() {
                let Some(s) = fresh.next() else { break };
                let count = SymInt::Expr(self.env.arena().symbol_expr(s));
                self.unbacked.insert(*key, Memoised::Count(count));
            }
        }
        Ok(outs)
    }
}
