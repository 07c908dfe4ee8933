//! Wrapping kernel results as tensors of the mode: each result's record
//! built once, on a new storage, its base's (a view) or in place of the
//! argument it mutates, after the checks every tensor must pass; autograd's
//! `requires_grad` and leaf status decided here.

use super::{FakeTensorMode, OutputList, Value};
use crate::error::{ErrorKind, Result};
use crate::kernel::{Alias, OpDef, Out, Outs};
use crate::meta::TensorMeta;
use crate::mode::Output;
use crate::sym::SymInt;
use crate::tensor::{FakeTensor, StorageId, TensorId};
use smallvec::SmallVec;

/// How [`FakeTensorMode::place`] treats a result.
#[derive(Debug, Clone, Copy)]
pub(super) enum Placing {
    /// A kernel's result, checked first; a fresh one starts its storage
    /// at offset 0 when `at_zero`, else at the kernel's offset.
    Checked {
        /// Whether a fresh result starts its storage at offset 0.
        at_zero: bool,
        /// Whether the result's sizes take the replacements in force
        /// (`maybe_as_int`): not when its kernel added one, after it made
        /// its tensors.
        settled: bool,
    },
    /// A recording's result, checked when first wrapped, placed as a
    /// dispatch-cache hit places it: a fresh one rebuilt at offset 0
    /// (`empty_strided`).
    Replayed,
}

/// Where the results [`FakeTensorMode::wrap_each`] places come from.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(super) enum Source {
    /// A kernel that ran: checked; in a functional trace, placed as the
    /// traced run's cache hit unless an argument stood otherwise in the
    /// first run, and noted as it stands there.
    Kernel,
    /// [`Source::Kernel`] of the first of calls that repeat in the
    /// program: in a functional trace, a hit even where an argument stood
    /// otherwise in the first run, whose later repeat of the call (itself
    /// answered from the cache, its arguments then standing as the traced
    /// run's) made the entry the traced call finds.
    RepeatedKernel,
    /// A hit of this mode's dispatch cache: checked, placed as a hit.
    CacheHit,
    /// A recording's results, checked when first wrapped.
    Recording,
}

/// A result that is not a tensor, as the mode returns it.
fn plain_output(out: &Out) -> Output {
    match out {
        Out::Int(v) => Output::Int(*v),
        Out::Scalar(s) => Output::Scalar(*s),
        Out::Bool(b) => Output::Bool(*b),
        Out::None | Out::Tensor(..) | Out::Tensors(_) => Output::None,
    }
}

impl FakeTensorMode {
    /// Turn kernel outputs into tensors of this mode.
    pub(super) fn wrap(
        &mut self,
        op: &OpDef,
        args: &[Value<'_>],
        outs: Outs,
        requires_grad: bool,
    ) -> Result<OutputList> {
        self.wrap_each(op, args, &outs, requires_grad, Source::Kernel)
    }

    /// [`Self::wrap`] of borrowed outputs (a kernel's results, a cache
    /// hit's, or a recording's, whose checks were made when first wrapped
    /// and which are placed as a dispatch-cache hit places them).
    #[inline]
    pub(super) fn wrap_each(
        &mut self,
        op: &OpDef,
        args: &[Value<'_>],
        outs: &[Out],
        requires_grad: bool,
        source: Source,
    ) -> Result<OutputList> {
        if source == Source::Recording {
            return self.wrap_replayed(op, args, outs, requires_grad);
        }
        let mut result = SmallVec::new();
        // In a functional trace (see [`super::ModeSettings::functional`])
        // a kernel's result is the traced run's cache hit, at offset 0,
        // unless the cache cannot hold it (a data-dependent operator's,
        // one of a list) or an argument stood otherwise in the first run.
        let first_run =
            self.settings.functional && matches!(source, Source::Kernel | Source::RepeatedKernel);
        let differs = source == Source::Kernel && first_run && self.first_run_differs(args);
        // New tensors take constant sizes where the replacements settle
        // them, unless the kernel that made them settled them itself.
        let settled = !matches!(source, Source::Kernel | Source::RepeatedKernel)
            || self.env.replacement_count() == self.replacements_before;
        let placing = |cacheable: bool| Placing::Checked {
            at_zero: self.settings.functional && cacheable && !differs,
            settled,
        };
        let (single, listed) = (placing(!op.tags.data_dependent), placing(false));
        for out in outs {
            result.push(match out {
                Out::Tensor(meta, alias) => {
                    let t = self.place(op, args, meta, *alias, requires_grad, single)?;
                    let hit = matches!(single, Placing::Checked { at_zero: true, .. });
                    if first_run && self.may_stand_otherwise(*alias, meta.storage_offset, hit) {
                        self.note_first_run(args, t, meta.storage_offset, *alias, hit)?;
                    }
                    Output::Tensor(t)
                }
                Out::Tensors(list) => {
                    let mut ids = Vec::with_capacity(list.len());
                    for (meta, alias) in list {
                        let t = self.place(op, args, meta, *alias, requires_grad, listed)?;
                        if first_run && self.may_stand_otherwise(*alias, meta.storage_offset, false)
                        {
                            self.note_first_run(args, t, meta.storage_offset, *alias, false)?;
                        }
                        ids.push(t);
                    }
                    Output::Tensors(ids)
                }
                other => plain_output(other),
            });
        }
        Ok(result)
    }

    /// [`Self::wrap_each`] of a recording's results, checked when first
    /// wrapped: each placed as a dispatch-cache hit places it
    /// ([`Placing::Replayed`]), nothing noted for a functional trace's
    /// first run (a hit is never a kernel that ran).
    fn wrap_replayed(
        &mut self,
        op: &OpDef,
        args: &[Value<'_>],
        outs: &[Out],
        requires_grad: bool,
    ) -> Result<OutputList> {
        let mut result = SmallVec::new();
        for out in outs {
            result.push(match out {
                Out::Tensor(meta, alias) => Output::Tensor(self.place(
                    op,
                    args,
                    meta,
                    *alias,
                    requires_grad,
                    Placing::Replayed,
                )?),
                Out::Tensors(list) => {
                    let mut ids = Vec::with_capacity(list.len());
                    for (meta, alias) in list {
                        ids.push(self.place(
                            op,
                            args,
                            meta,
                            *alias,
                            requires_grad,
                            Placing::Replayed,
                        )?);
                    }
                    Output::Tensors(ids)
                }
                other => plain_output(other),
            });
        }
        Ok(result)
    }

    fn tensor_arg(&self, op: &OpDef, args: &[Value<'_>], i: u8) -> Result<TensorId> {
        match args.get(i as usize) {
            Some(Value::Tensor(t)) => Ok(*t),
            _ => Err(ErrorKind::BadArguments {
                op: op.name.to_string(),
                reason: format!("argument {i} should be a tensor"),
            }
            .into()),
        }
    }

    /// Refuse a kernel result no tensor can have: strides not one per
    /// size, too many dims, or a negative size.
    #[inline]
    fn check_result(&self, op: &OpDef, meta: &TensorMeta) -> Result<()> {
        if meta.sizes.len() != meta.strides.len() {
            return Err(ErrorKind::MalformedResult {
                op: op.name.to_string(),
                sizes: meta.sizes.len(),
                strides: meta.strides.len(),
            }
            .into());
        }
        crate::meta::check_rank(op.name, meta.sizes.len())?;
        crate::shape::refuse_negative_sizes(&self.env, op.name, &meta.sizes)
    }

    /// Make a kernel result a tensor of the mode: a new one (on a new
    /// storage or its base's) or the argument it mutates, its record
    /// built once from `meta`, checked first ([`Self::check_result`])
    /// unless it was when first wrapped ([`Placing`]). Autograd sits above
    /// the mode in PyTorch: an output of floating or complex dtype
    /// requires grad when an input does, and is then not a leaf.
    #[inline(always)]
    pub(super) fn place(
        &mut self,
        op: &OpDef,
        args: &[Value<'_>],
        meta: &TensorMeta,
        alias: Alias,
        requires_grad: bool,
        placing: Placing,
    ) -> Result<TensorId> {
        let (at_zero, settled) = match placing {
            Placing::Checked { at_zero, settled } => {
                self.check_result(op, meta)?;
                (at_zero, settled)
            }
            Placing::Replayed => (true, true),
        };
        // Whatever the kernel copied from an input: autograd decides.
        let requires_grad =
            requires_grad && (meta.dtype.is_floating_point() || meta.dtype.is_complex());
        // An operator's result is a tensor, never a wrapped number.
        let record = |storage_offset: SymInt, requires_grad: bool| TensorMeta {
            sizes: meta.sizes.clone(),
            strides: meta.strides.clone(),
            storage_offset,
            dtype: meta.dtype,
            device: meta.device.fake(),
            layout: meta.layout,
            requires_grad,
            wrapped_number: false,
        };
        let is_leaf = !requires_grad;
        Ok(match alias {
            Alias::Fresh => {
                let offset = if at_zero {
                    SymInt::Int(0)
                } else {
                    meta.storage_offset
                };
                let storage = self.new_storage(0);
                let t = self.push_tensor(record(offset, requires_grad), storage, is_leaf);
                self.settle_sizes(t, settled)?;
                t
            }
            Alias::ViewOf(i) => {
                let base = self.tensor_arg(op, args, i)?;
                let b = &self.tensors[base.index as usize];
                let storage = b.storage;
                // Autograd's `_base` of a view is the base of its base.
                let view_of_leaf =
                    requires_grad && (b.view_of_leaf || (b.is_leaf && b.meta.requires_grad));
                let t =
                    self.push_tensor(record(meta.storage_offset, requires_grad), storage, is_leaf);
                self.tensors[t.index as usize].view_of_leaf = view_of_leaf;
                self.settle_sizes(t, settled)?;
                t
            }
            Alias::Same(i) => self.tensor_arg(op, args, i)?,
            Alias::InPlace(i) => {
                let t = self.tensor_arg(op, args, i)?;
                let ft = &mut self.tensors[t.index as usize];
                // `detach_` cuts the tensor itself from autograd.
                let requires_grad = !op.tags.no_grad && (requires_grad || ft.meta.requires_grad);
                // Written with grad recorded, it has a history: no leaf.
                ft.is_leaf &= !requires_grad || ft.meta.requires_grad;
                ft.meta = record(meta.storage_offset, requires_grad);
                let s = ft.storage;
                self.writes += u64::from(s.0 < self.mark.storages);
                self.versions[s.0 as usize] = self.versions[s.0 as usize].wrapping_add(1);
                self.invalidate_constants(s);
                t
            }
        })
    }

    /// A new tensor's sizes and strides as PyTorch stores them: constants
    /// where the replacements in force settle them (`maybe_as_int`), when
    /// `settled` (its kernel added no replacement after making it).
    #[inline(always)]
    fn settle_sizes(&mut self, t: TensorId, settled: bool) -> Result<()> {
        if !settled || !self.env.has_replacements() {
            return Ok(());
        }
        self.settle_sizes_slow(t)
    }

    /// [`Self::settle_sizes`] where replacements are in force.
    #[inline(never)]
    fn settle_sizes_slow(&mut self, t: TensorId) -> Result<()> {
        let meta = &mut self.tensors[t.index as usize].meta;
        for v in meta.sizes.iter_mut().chain(meta.strides.iter_mut()) {
            *v = self.env.maybe_as_int(*v)?;
        }
        Ok(())
    }

    /// Append a tensor record on `storage` (of this mode).
    #[inline(always)]
    pub(super) fn push_tensor(
        &mut self,
        meta: TensorMeta,
        storage: StorageId,
        is_leaf: bool,
    ) -> TensorId {
        self.tensors.push(FakeTensor {
            meta,
            storage,
            is_leaf,
            view_of_leaf: false,
            constant: None,
        });
        TensorId {
            mode: self.id,
            index: self.tensors.len() as u32 - 1,
        }
    }

    /// A write to `storage` forgets the constants of every tensor on it
    /// (PyTorch's `invalidate_written_to_constants`).
    pub(super) fn invalidate_constants(&mut self, storage: StorageId) {
        if let Some(pos) = self.constant_storages.iter().position(|&s| s == storage) {
            // Older tensors may be on it.
            self.writes += 1;
            self.constant_storages.swap_remove(pos);
            for ft in self.tensors.iter_mut().filter(|ft| ft.storage == storage) {
                ft.constant = None;
            }
        }
    }
}
