//! The memos of data-dependent operators, as PyTorch's fake tensors keep
//! them (`nonzero_memo`, `item_memo`, `unique_memo`,
//! `unique_consecutive_memo`): the unbacked count an operator made for a
//! tensor, reused by a later call on the same tensor until the tensor is
//! written to (its storage's version moves). An operator without a memo
//! (`masked_select`, `repeat_interleave`, ...) makes a fresh symbol at
//! every call, as PyTorch's do.

use super::{FakeTensorMode, Scan, Value};
use crate::Device;
use crate::error::Result;
use crate::kernel::{OpDef, Outs, UnbackedMemo};
use crate::sym::SymInt;

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
            UnbackedMemo::Nonzero | UnbackedMemo::Item => true,
        });
        let Some(key) = memo.and_then(|m| self.memo_key(m, args)) else {
            return self.run_kernel(op, args, device, scan.constant, false);
        };
        let whole = memo == Some(UnbackedMemo::Item);
        match self.unbacked.get(&key) {
            Some(Memoised::Outs(outs)) if whole => return Ok((**outs).clone()),
            Some(Memoised::Count(count)) => {
                self.env.reuse_unbacked(Some(*count));
                let outs = self.run_kernel(op, args, device, scan.constant, false);
                self.env.reuse_unbacked(None);
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
}
