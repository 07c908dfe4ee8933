//! Replaying a call that repeats: the dispatch cache's hit, for a caller
//! that knows which earlier call a new one may repeat (a compiled plan's
//! nodes with one operator and the same constant arguments, as a model's
//! identical layers have).
//!
//! [`FakeTensorMode::dispatch_recorded`] answers a call from a
//! [`Recording`] when the recording holds a call with the same arguments
//! ([`FakeTensorMode::replays`]: tensor metadata compared directly instead
//! of encoding and hashing a key), wrapping the recorded results as a
//! cache hit does, without the kernel. Otherwise the call runs, and its
//! kernel results are recorded when the dispatch cache could hold them
//! (the same bypass reasons as PyTorch's cache). As with the cache, a
//! recording of symbolic arguments holds for the ShapeEnv it was made in:
//! the guards its call recorded stay recorded, and equal expressions are
//! equal handles, so a replay gives the cache's answer.

use super::wrap::Source;
use super::{FakeTensorMode, OutputList, Value};
use crate::error::Result;
use crate::kernel::{OpDef, Outs};
use crate::meta::{Scalar, TensorMeta};
use crate::sym::{SymBool, SymFloat, SymInt};
use crate::tensor::TensorId;
use crate::{DType, Device, Layout, MemoryFormat};
use smallvec::SmallVec;

/// The kernel results of one call and the arguments they came from: every
/// tensor's metadata, in argument order, and an owned copy of the other
/// arguments.
#[derive(Debug, Clone, Default)]
pub struct Recording {
    /// Whether it holds a call (an empty one keeps its allocations).
    valid: bool,
    /// Argument positions (bit `i`: argument `i`) the caller guarantees
    /// equal in every call tried against it ([`Recording::with_fixed`]):
    /// neither kept nor compared.
    fixed: u64,
    tensors: Vec<TensorMeta>,
    plain: Vec<Plain>,
    outs: Outs,
    /// Whether a tensor argument requires grad (so the outputs do while
    /// grad is enabled).
    requires_grad: bool,
    /// Calls answered from it since it was last cleared.
    replayed: usize,
    /// The mode and its epoch when the call was recorded: after a
    /// checkpoint or a restore the recorded handles may be stale.
    made_in: (u32, u64),
}

/// An argument as a recording keeps it: tensors by position only (their
/// metadata is kept apart), everything else by value; floats by their
/// bits, so only the very same value matches.
#[derive(Debug, Clone, PartialEq)]
enum Plain {
    None,
    Tensor,
    Tensors(usize),
    OptTensors(SmallVec<[bool; 4]>),
    Int(SymInt),
    Ints(SmallVec<[SymInt; 4]>),
    Float(u64),
    Floats(SmallVec<[u64; 4]>),
    Bool(bool),
    Bools(SmallVec<[bool; 4]>),
    SymBool(SymBool),
    Str(Box<str>),
    Scalar(u8, u64, u64),
    DType(DType),
    Layout(Layout),
    Device(Device),
    MemoryFormat(MemoryFormat),
}

impl Plain {
    fn of(v: &Value<'_>) -> Plain {
        match v {
            Value::None | Value::Real(_) => Plain::None,
            Value::Tensor(_) => Plain::Tensor,
            Value::Tensors(ts) => Plain::Tensors(ts.len()),
            Value::OptTensors(ts) => Plain::OptTensors(ts.iter().map(Option::is_some).collect()),
            Value::Int(i) => Plain::Int(*i),
            Value::Ints(vs) => Plain::Ints(SmallVec::from_slice(vs)),
            Value::Float(f) => Plain::Float(f.to_bits()),
            Value::Floats(fs) => Plain::Floats(fs.iter().map(|f| f.to_bits()).collect()),
            Value::Bool(b) => Plain::Bool(*b),
            Value::Bools(bs) => Plain::Bools(SmallVec::from_slice(bs)),
            Value::SymBool(b) => Plain::SymBool(*b),
            Value::Str(s) => Plain::Str((*s).into()),
            Value::Scalar(s) => {
                let (kind, a, b) = scalar_words(s);
                Plain::Scalar(kind, a, b)
            }
            Value::DType(d) => Plain::DType(*d),
            Value::Layout(l) => Plain::Layout(*l),
            Value::Device(d) => Plain::Device(*d),
            Value::MemoryFormat(m) => Plain::MemoryFormat(*m),
        }
    }

    /// Whether `v` is the argument this was made of.
    fn matches(&self, v: &Value<'_>) -> bool {
        match (self, v) {
            (Plain::None, Value::None) | (Plain::Tensor, Value::Tensor(_)) => true,
            (Plain::Tensors(n), Value::Tensors(ts)) => *n == ts.len(),
            (Plain::OptTensors(p), Value::OptTensors(ts)) => {
                p.len() == ts.len() && p.iter().zip(*ts).all(|(a, b)| *a == b.is_some())
            }
            (Plain::Int(a), Value::Int(b)) => a == b,
            (Plain::Ints(a), Value::Ints(b)) => a.as_slice() == *b,
            (Plain::Float(a), Value::Float(b)) => *a == b.to_bits(),
            (Plain::Floats(a), Value::Floats(b)) => {
                a.len() == b.len() && a.iter().zip(*b).all(|(x, y)| *x == y.to_bits())
            }
            (Plain::Bool(a), Value::Bool(b)) => a == b,
            (Plain::Bools(a), Value::Bools(b)) => a.as_slice() == *b,
            (Plain::SymBool(a), Value::SymBool(b)) => a == b,
            (Plain::Str(a), Value::Str(b)) => **a == **b,
            (Plain::Scalar(k, x, y), Value::Scalar(s)) => (*k, *x, *y) == scalar_words(s),
            (Plain::DType(a), Value::DType(b)) => a == b,
            (Plain::Layout(a), Value::Layout(b)) => a == b,
            (Plain::Device(a), Value::Device(b)) => a == b,
            (Plain::MemoryFormat(a), Value::MemoryFormat(b)) => a == b,
            _ => false,
        }
    }
}

/// A Python number as its kind and bits (the kind matters: `1` and `1.0`
/// promote differently); a symbolic one by its expression's handle, as
/// the dispatch cache's key holds it.
fn scalar_words(s: &Scalar) -> (u8, u64, u64) {
    match s {
        Scalar::Bool(SymBool::Bool(b)) => (0, u64::from(*b), 0),
        Scalar::Int(SymInt::Int(i)) => (1, *i as u64, 0),
        Scalar::Float(SymFloat::Const(f)) => (2, f.to_bits(), 0),
        Scalar::Complex(re, im) => (3, re.to_bits(), im.to_bits()),
        Scalar::Bool(SymBool::Expr(e)) => (4, u64::from(e.index()), 0),
        Scalar::Int(SymInt::Expr(e)) => (5, u64::from(e.index()), 0),
        Scalar::Float(SymFloat::Expr(e)) => (6, u64::from(e.index()), 0),
    }
}

/// True when the dispatch cache could key a call on this non-tensor
/// argument: PyTorch bypasses its cache for a symbolic `SymBool`
/// (`symbolic shape`), and a real tensor is converted first. A layout
/// other than strided takes the dispatch path, which checks the result's
/// layout against it.
fn cacheable_value(v: &Value<'_>) -> bool {
    !matches!(v, Value::SymBool(SymBool::Expr(_)) | Value::Real(_))
        && !matches!(v, Value::Layout(l) if *l != Layout::Strided)
}

impl Recording {
    /// An empty recording for calls whose arguments at the positions set in
    /// `fixed` (bit `i`: argument `i`, the first 64) are the same in every
    /// call that will be tried against it, so they are neither kept nor
    /// compared: a compiled plan's constants, equal across the nodes of one
    /// class by construction. A call whose fixed arguments differ from the
    /// recorded call's would be answered wrongly: only fix what cannot
    /// differ.
    pub fn with_fixed(fixed: u64) -> Recording {
        Recording {
            fixed,
            ..Recording::default()
        }
    }

    /// Whether argument `i` is fixed ([`Recording::with_fixed`]).
    #[inline]
    fn is_fixed(&self, i: usize) -> bool {
        i < 64 && self.fixed & (1 << i) != 0
    }

    /// Forget the call, keeping the allocations for the next one.
    pub fn clear(&mut self) {
        self.valid = false;
        self.replayed = 0;
    }

    /// How many calls it answered since it was last cleared.
    pub fn replayed(&self) -> usize {
        self.replayed
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

    /// [`FakeTensorMode::dispatch`], answered from `rec` when it holds a
    /// call with these arguments ([`Self::replays`]), as a cache hit is
    /// answered; otherwise the call runs, and `rec` keeps its kernel
    /// results when the dispatch cache could hold them (else `rec` is left
    /// as it was).
    pub fn dispatch_recorded(
        &mut self,
        op: &OpDef,
        args: &[Value<'_>],
        rec: &mut Recording,
    ) -> Result<OutputList> {
        if self.replays(rec, args) {
            rec.replayed += 1;
            self.dispatch_replayed(op, args, rec)
        } else {
            self.dispatch_recording(op, args, rec)
        }
    }

    /// Run the call, recording it into `r` when it can be.
    fn dispatch_recording(
        &mut self,
        op: &OpDef,
        args: &[Value<'_>],
        r: &mut Recording,
    ) -> Result<OutputList> {
        if self.autocast.is_some()
            || op.tags.data_dependent
            || args.len() > op.params.len()
            || !args.iter().all(cacheable_value)
        {
            return self.dispatch(op, args);
        }
        // The dispatch cache's miss path, without the cache. The scan
        // refuses what dispatching refuses (foreign tensors, devices that
        // do not mix) and finds what the cache would bypass.
        let mut scan = self.scan(op, args)?;
        if scan.any_constant {
            return self.dispatch(op, args);
        }
        let inputs_require_grad = scan.requires_grad;
        let records = inputs_require_grad && self.autograd_before(op, args)?;
        scan.requires_grad = records && !op.tags.no_grad;
        let device = scan.device.unwrap_or(self.settings.defaults.device);
        let symbols_before = self.env.symbol_count();
        let outs = self.run_kernel(op, args, device, scan.constant, false)?;
        // Before wrapping: an in-place result changes its argument.
        if self.entry_bypass(op, args, &outs, symbols_before).is_some() {
            let wrapped = self.wrap(op, args, outs, scan.requires_grad)?;
            self.autograd_recorded(op, records, &wrapped)?;
            return Ok(wrapped);
        }
        {
            // Filled in place, keeping the last recording's allocations;
            // valid once the results are wrapped (a replay skips the
            // checks wrapping makes).
            r.valid = false;
            r.tensors.clear();
            r.plain.clear();
            r.requires_grad = inputs_require_grad;
            // Fixed arguments are held as `None`: never compared.
            for (i, a) in args.iter().enumerate() {
                let fixed = r.is_fixed(i)
                    && !matches!(
                        a,
                        Value::Tensor(_) | Value::Tensors(_) | Value::OptTensors(_)
                    );
                r.plain.push(if fixed { Plain::None } else { Plain::of(a) });
            }
            Self::for_each_tensor(args, |t| {
                r.tensors.push(self.tensors[t.index as usize].meta.clone());
                true
            });
        }
        let wrapped =
            self.wrap_each(op, args, &outs, scan.requires_grad, Source::RepeatedKernel)?;
        self.autograd_recorded(op, records, &wrapped)?;
        // The kernel's results themselves are kept: wrapping copied them.
        r.outs = outs;
        r.valid = true;
        r.made_in = (self.id, self.epoch);
        Ok(wrapped)
    }

    /// True when `args` are the arguments `rec` was recorded from: every
    /// tensor with the same metadata (and no known value), every other
    /// argument the same.
    pub fn replays(&self, rec: &Recording, args: &[Value<'_>]) -> bool {
        if !rec.valid
            || rec.made_in != (self.id, self.epoch)
            || self.autocast.is_some()
            || rec.plain.len() != args.len()
        {
            return false;
        }
        // One pass over the arguments, tensors matched against the
        // recorded metadata in order.
        let mut metas = rec.tensors.iter();
        let mut same_tensor = |t: &TensorId| match self.tensors.get(t.index as usize) {
            Some(ft) if t.mode == self.id && ft.constant.is_none() => {
                metas.next().is_some_and(|m| same_meta(m, &ft.meta))
            }
            _ => false,
        };
        for (i, (p, a)) in rec.plain.iter().zip(args).enumerate() {
            let same = match a {
                Value::Tensor(t) => *p == Plain::Tensor && same_tensor(t),
                Value::Tensors(ts) => p.matches(a) && ts.iter().all(&mut same_tensor),
                Value::OptTensors(ts) => p.matches(a) && ts.iter().flatten().all(&mut same_tensor),
                _ => rec.is_fixed(i) || p.matches(a),
            };
            if !same {
                return false;
            }
        }
        metas.next().is_none()
    }

    /// `op` on `args` answered from `rec`, which [`Self::replays`] has
    /// matched: the recorded results wrapped as a cache hit wraps them.
    /// The arguments' validation (their mode, their devices) is the
    /// recorded call's: it depends on nothing but the metadata that
    /// matched.
    fn dispatch_replayed(
        &mut self,
        op: &OpDef,
        args: &[Value<'_>],
        rec: &Recording,
    ) -> Result<OutputList> {
        // Autograd decides as it does now: the grad mode, and which
        // tensors are leaves, may have changed since the recording.
        let records = rec.requires_grad && self.autograd_before(op, args)?;
        // The results were checked when the recorded call wrapped them.
        let wrapped = self.wrap_each(
            op,
            args,
            &rec.outs,
            records && !op.tags.no_grad,
            Source::Recording,
        )?;
        self.autograd_recorded(op, records, &wrapped)?;
        Ok(wrapped)
    }
}
