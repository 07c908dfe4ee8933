//! Replaying a call that repeats: the dispatch cache's hit, for a caller
//! that knows which earlier call a new one may repeat (a compiled plan's
//! nodes with one operator and the same constant arguments, as a model's
//! identical layers have).
//!
//! [`FakeTensorMode::dispatch_recording`] runs a call and keeps its kernel
//! results in a [`Recording`] when the dispatch cache could hold them (the
//! same bypass reasons as PyTorch's cache) and every argument is static,
//! so the results depend on the arguments alone and on no ShapeEnv state.
//! [`FakeTensorMode::replays`] tells whether a later call's arguments are
//! the recorded ones, comparing tensor metadata directly instead of
//! encoding and hashing a key; [`FakeTensorMode::dispatch_replayed`] then
//! wraps the recorded results as a cache hit does, without the kernel.

use super::{FakeTensorMode, KeyWords, OutputList, Value};
use crate::error::Result;
use crate::kernel::{OpDef, Outs};
use crate::meta::{Scalar, TensorMeta};
use crate::sym::{SymBool, SymFloat};
use crate::tensor::TensorId;

/// The kernel results of one call and the arguments they came from: every
/// tensor's metadata, in argument order, and the other arguments encoded
/// as the dispatch cache's key encodes them.
#[derive(Debug, Clone, Default)]
pub struct Recording {
    /// Whether it holds a call (an empty one keeps its allocations).
    valid: bool,
    tensors: Vec<TensorMeta>,
    words: KeyWords,
    outs: Outs,
    /// Whether a tensor argument requires grad (so the outputs do).
    requires_grad: bool,
}

/// True when a non-tensor argument holds no symbolic value.
fn static_value(v: &Value<'_>) -> bool {
    match v {
        Value::Int(i) => i.is_static(),
        Value::Ints(vs) => vs.iter().all(|v| v.is_static()),
        Value::SymBool(b) => matches!(b, SymBool::Bool(_)),
        Value::Scalar(Scalar::Int(i)) => i.is_static(),
        Value::Scalar(Scalar::Bool(b)) => matches!(b, SymBool::Bool(_)),
        Value::Scalar(Scalar::Float(f)) => matches!(f, SymFloat::Const(_)),
        Value::Real(_) => false,
        _ => true,
    }
}

impl Recording {
    /// Forget the call, keeping the allocations for the next one.
    pub fn clear(&mut self) {
        self.valid = false;
    }

    /// Whether it holds a call.
    pub fn is_recorded(&self) -> bool {
        self.valid
    }
}

/// `a == b`, the cheap fields first.
#[inline]
fn same_meta(a: &TensorMeta, b: &TensorMeta) -> bool {
    a.dtype == b.dtype
        && a.device == b.device
        && a.layout == b.layout
        && a.requires_grad == b.requires_grad
        && a.storage_offset == b.storage_offset
        && a.sizes.as_slice() == b.sizes.as_slice()
        && a.strides.as_slice() == b.strides.as_slice()
}

impl FakeTensorMode {
    /// The tensors of `args`, in order (list elements in place).
    fn for_each_tensor(args: &[Value<'_>], mut f: impl FnMut(TensorId) -> bool) -> bool {
        for a in args {
            let ok = match a {
                Value::Tensor(t) => f(*t),
                Value::Tensors(ts) => ts.iter().all(|&t| f(t)),
                Value::OptTensors(ts) => ts.iter().flatten().all(|&t| f(t)),
                _ => true,
            };
            if !ok {
                return false;
            }
        }
        true
    }

    /// The non-tensor arguments as key words into `w` (tensors by position
    /// only).
    fn value_words(&self, args: &[Value<'_>], w: &mut KeyWords) {
        for a in args {
            match a {
                Value::Tensor(_) => w.push(101),
                Value::Tensors(ts) => w.extend([102, ts.len() as u64]),
                Value::OptTensors(ts) => {
                    w.extend([103, ts.len() as u64]);
                    w.extend(ts.iter().map(|t| u64::from(t.is_some())));
                }
                other => self.encode(other, w),
            }
        }
    }

    /// [`FakeTensorMode::dispatch`], keeping the kernel results in `rec`
    /// when the dispatch cache could hold them and every argument is
    /// static; otherwise `rec` is left as it was.
    pub fn dispatch_recording(
        &mut self,
        op: &OpDef,
        args: &[Value<'_>],
        r: &mut Recording,
    ) -> Result<OutputList> {
        let tensors = &self.tensors;
        let recordable = self.autocast.is_none()
            && !op.tags.data_dependent
            && args.iter().all(static_value)
            && Self::for_each_tensor(args, |t| {
                tensors.get(t.index as usize).is_some_and(|ft| {
                    ft.constant.is_none() && ft.meta.is_static() && t.mode == self.id
                })
            });
        if !recordable || args.len() > op.params.len() {
            return self.dispatch(op, args);
        }
        // The dispatch cache's miss path, without the cache.
        let scan = self.scan(op.name, args)?;
        let device = scan.device.unwrap_or(self.settings.defaults.device);
        let symbols_before = self.env.symbol_count();
        let outs = self.run_kernel(op, args, device, scan.constant)?;
        // Before wrapping: an in-place result changes its argument.
        if self.entry_bypass(op, args, &outs, symbols_before).is_none() {
            // Filled in place, keeping the last recording's allocations.
            r.valid = true;
            r.tensors.clear();
            r.words.clear();
            r.outs.clear();
            r.requires_grad = scan.requires_grad;
            self.value_words(args, &mut r.words);
            Self::for_each_tensor(args, |t| {
                r.tensors.push(self.tensors[t.index as usize].meta.clone());
                true
            });
            r.outs.extend(outs.iter().cloned());
        }
        self.wrap(op, args, outs, scan.requires_grad)
    }

    /// True when `args` are the arguments `rec` was recorded from: every
    /// tensor with the same metadata (and no known value), every other
    /// argument the same.
    pub fn replays(&self, rec: &Recording, args: &[Value<'_>]) -> bool {
        if !rec.valid || self.autocast.is_some() {
            return false;
        }
        let mut i = 0;
        let same = Self::for_each_tensor(args, |t| {
            let ft = match self.tensors.get(t.index as usize) {
                Some(ft) if t.mode == self.id => ft,
                _ => return false,
            };
            let ok =
                rec.tensors.get(i).is_some_and(|m| same_meta(m, &ft.meta)) && ft.constant.is_none();
            i += 1;
            ok
        });
        if !same || i != rec.tensors.len() {
            return false;
        }
        let mut words = KeyWords::new();
        self.value_words(args, &mut words);
        words == rec.words
    }

    /// `op` on `args` answered from `rec`, which [`Self::replays`] has
    /// matched: the recorded results wrapped as a cache hit wraps them.
    /// The arguments' validation (their mode, their devices) is the
    /// recorded call's: it depends on nothing but the metadata that
    /// matched.
    pub fn dispatch_replayed(
        &mut self,
        op: &OpDef,
        args: &[Value<'_>],
        rec: &Recording,
    ) -> Result<OutputList> {
        self.wrap_each(op, args, rec.outs.iter().cloned(), rec.requires_grad)
    }
}
