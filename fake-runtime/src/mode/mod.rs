//! FakeTensorMode: owns the ShapeEnv, the fake tensors and the caches, and
//! dispatches operators on fake tensors as
//! `torch._subclasses.fake_tensor.FakeTensorMode` does.
//!
//! Dispatch: check the tensors belong to this mode -> find the common
//! device (a zero-dim CPU tensor joins any device) -> the unbacked-SymInt
//! memos (data-dependent ops) or the dispatch cache (static inputs) -> the
//! kernel -> wrap the outputs: fresh tensors get a new storage, views share
//! their base's, in-place outputs rewrite their argument and bump its
//! storage's version.

use crate::convert::RealTensor;
use crate::error::{Error, ErrorKind, Result};
use crate::kernel::{Alias, Arg, Cx, Defaults, OpDef, Out, Outs, Registry};
use crate::meta::{Scalar, TensorMeta};
use crate::shape_env::ShapeEnv;
use crate::sym::{SymBool, SymInt};
use crate::tensor::{Constant, FakeTensor, StorageId, TensorId};
use crate::{DType, Device, Layout, MemoryFormat};
use rustc_hash::FxHashMap;
use scan::Scan;
use smallvec::SmallVec;
use std::borrow::Cow;
use std::collections::BTreeMap;
use std::hash::{Hash, Hasher};
use std::sync::atomic::{AtomicU32, Ordering};
use wrap::Source;

mod autocast;
mod autograd;
mod checkpoint;
mod constants;
mod first_run;
mod key;
mod memo;
mod replay;
mod scan;
mod wrap;

pub use autocast::{Autocast, AutocastPolicies, CastPolicy};
pub use checkpoint::Checkpoint;
pub use replay::Recording;

static NEXT_MODE: AtomicU32 = AtomicU32::new(1);

/// A real (host) tensor passed where a fake one is expected: refused, or
/// converted by the memo converter when the mode allows non-fake inputs.
/// Compared by identity.
#[derive(Clone, Copy)]
pub struct RealRef<'a>(pub &'a dyn RealTensor);

impl std::fmt::Debug for RealRef<'_> {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("RealRef")
            .field("id", &self.0.id())
            .field("sizes", &self.0.sizes())
            .finish()
    }
}

impl PartialEq for RealRef<'_> {
    fn eq(&self, other: &Self) -> bool {
        self.0.id() == other.0.id()
    }
}

/// An argument of [`FakeTensorMode::dispatch`], in schema order.
#[derive(Debug, Clone, PartialEq)]
pub enum Value<'a> {
    /// `None`.
    None,
    /// A fake tensor.
    Tensor(TensorId),
    /// A real tensor: an error unless
    /// [`ModeSettings::allow_non_fake_inputs`], then converted.
    Real(RealRef<'a>),
    /// `Tensor[]`.
    Tensors(&'a [TensorId]),
    /// `Tensor?[]`.
    OptTensors(&'a [Option<TensorId>]),
    /// `int` / `SymInt`.
    Int(SymInt),
    /// `int[]` / `SymInt[]`.
    Ints(&'a [SymInt]),
    /// `float`.
    Float(f64),
    /// `float[]`.
    Floats(&'a [f64]),
    /// `bool`.
    Bool(bool),
    /// `bool[]`.
    Bools(&'a [bool]),
    /// `SymBool`.
    SymBool(SymBool),
    /// `str`.
    Str(&'a str),
    /// `Scalar`.
    Scalar(Scalar),
    /// `ScalarType`.
    DType(DType),
    /// `Layout`.
    Layout(Layout),
    /// `Device`.
    Device(Device),
    /// `MemoryFormat`.
    MemoryFormat(MemoryFormat),
}

/// The results of [`FakeTensorMode::dispatch`]: up to three inline (a
/// batch norm's output and statistics), more on the heap.
pub type OutputList = SmallVec<[Output; 3]>;

/// One result of [`FakeTensorMode::dispatch`].
#[derive(Debug, Clone, PartialEq)]
pub enum Output {
    /// A fake tensor (new, a view, or the mutated argument).
    Tensor(TensorId),
    /// A list of fake tensors.
    Tensors(Vec<TensorId>),
    /// An integer (possibly symbolic).
    Int(SymInt),
    /// A scalar (`item()`).
    Scalar(Scalar),
    /// A condition.
    Bool(SymBool),
    /// Nothing.
    None,
}

/// Policies of a mode.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct ModeSettings {
    /// Convert real tensors ([`Value::Real`]) met as operator inputs with
    /// the memo converter (static sizes), instead of refusing them, as
    /// PyTorch's `allow_non_fake_inputs`.
    pub allow_non_fake_inputs: bool,
    /// Default dtype (`torch.get_default_dtype()`) and device
    /// (`torch.set_default_device`).
    pub defaults: Defaults,
    /// Use the dispatch cache.
    pub cache: bool,
    /// Functionalized tracing, as a Core ATen export
    /// (`run_decompositions()`) traces: a result that
    /// aliases no input starts its storage at offset 0 whatever offset
    /// the fake kernel gave it (`copy`, `slice_scatter`:
    /// `clone_preserve_strides` keeps the input's offset, the exported
    /// program records 0). The functionalized function runs twice, once
    /// to collect metadata and once traced, and the traced run finds the
    /// first run's results in the dispatch cache, whose hits rebuild a
    /// result at offset 0 (`empty_strided`). So a result the cache cannot
    /// hold keeps its offset: a data-dependent operator's, and each of a
    /// list (`where(condition)`'s columns of one `nonzero` result); and
    /// so does a call some argument of which stood at another offset or
    /// on a storage of another size in the first run (the cache key holds
    /// both), which the mode tracks (`first_run.rs`). Views keep theirs.
    pub functional: bool,
    /// Autograd records operations (`torch.is_grad_enabled()`): when off,
    /// as under `torch.no_grad()`, no operator result requires grad, though
    /// inputs that do still say so.
    pub grad_enabled: bool,
}

impl Default for ModeSettings {
    fn default() -> Self {
        ModeSettings {
            allow_non_fake_inputs: false,
            defaults: Defaults::default(),
            cache: true,
            functional: false,
            grad_enabled: true,
        }
    }
}

/// Counters of the dispatch cache, as PyTorch's `cache_info()`.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct CacheInfo {
    /// Calls answered from the cache.
    pub hits: u64,
    /// Calls that ran the kernel and filled the cache.
    pub misses: u64,
    /// Calls that could not use the cache, by PyTorch's reason
    /// (`"data dependent output"`, `"dynamic output shape"`,
    /// `"inplace view"`, `"constant attribute"`, `"non-fake tensor"`,
    /// `"symbolic shape"`, `"non-FakeTensor output"`,
    /// `"unrepresented symbol in output"`, `"kwarg aliases output"`).
    pub bypasses: BTreeMap<&'static str, u64>,
    /// Entries held.
    pub size: usize,
}

/// A cached kernel result, keyed by the op and its arguments' metadata.
#[derive(Debug, Clone)]
struct CacheEntry {
    key: Box<[u64]>,
    outs: Outs,
}

/// Outputs as a cache hit rebuilds them: PyTorch's
/// `_get_output_tensor_from_cache_entry` makes a result that aliases no
/// input with `empty_strided(shape, stride)`, on a new storage at offset 0,
/// whatever offset the kernel gave it (`slice_scatter`'s
/// `clone_preserve_strides` keeps its input's on a miss only).
fn cached(outs: &Outs) -> Outs {
    let at_zero = |m: &TensorMeta, a: Alias| {
        let mut m = m.clone();
        if a == Alias::Fresh {
            m.storage_offset = SymInt::Int(0);
        }
        (m, a)
    };
    outs.iter()
        .map(|o| match o {
            Out::Tensor(m, a) => {
                let (m, a) = at_zero(m, *a);
                Out::Tensor(m, a)
            }
            Out::Tensors(ts) => Out::Tensors(ts.iter().map(|(m, a)| at_zero(m, *a)).collect()),
            other => other.clone(),
        })
        .collect()
}

/// Tensors of up to this rank are encoded with one word per size and
/// stride plus a mask of the symbolic ones (`2 * rank + 1 <= 64` bits).
const MAX_PACKED_RANK: usize = 31;

/// Words of a cache key; most keys fit inline.
type KeyWords = SmallVec<[u64; 96]>;

/// Owns the ShapeEnv, the fake tensors, the converter memo and the caches.
pub struct FakeTensorMode {
    env: ShapeEnv,
    registry: Box<dyn Registry>,
    id: u32,
    settings: ModeSettings,
    tensors: Vec<FakeTensor>,
    /// Version counter per storage (shared by all its views).
    versions: Vec<u32>,
    /// Storages some tensor of which holds a constant: an in-place write
    /// to one of them forgets the constants of all its tensors.
    constant_storages: Vec<StorageId>,
    cache: FxHashMap<u64, SmallVec<[CacheEntry; 1]>>,
    info: CacheInfo,
    /// The memos of data-dependent operators' unbacked counts (`memo.rs`):
    /// a memo and a tensor (by identity and storage version) -> what an
    /// earlier call on it gave.
    unbacked: FxHashMap<[u64; 2], memo::Memoised>,
    pub(crate) memo_tensors: FxHashMap<u64, TensorId>,
    pub(crate) memo_storages: FxHashMap<u64, StorageId>,
    /// Named symbols of `input` (`crate::front`): name -> (hint, symbol).
    pub(crate) named: FxHashMap<String, (i64, SymInt)>,
    /// Writes (in place, constants forgotten or set) to tensors older than
    /// the mark: restoring a [`Checkpoint`] copies tensors back only when
    /// this count moved.
    writes: u64,
    mark: Mark,
    /// Counts checkpoints taken and restored: a [`Recording`] made before
    /// the last one may name tensors or expressions that are gone.
    pub(super) epoch: u64,
    /// The active autocast region.
    autocast: Option<Autocast>,
    /// What stands otherwise in a functionalized trace's first run
    /// ([`ModeSettings::functional`]).
    first_run: first_run::FirstRun,
    /// The ShapeEnv's replacement count when the last kernel started: a
    /// kernel that added one made its tensors before it (their sizes are
    /// not settled by it).
    replacements_before: usize,
}

/// The last checkpoint taken or restored, and how many tensors it holds.
#[derive(Debug, Clone, Copy, Default)]
struct Mark {
    serial: u64,
    tensors: u32,
    storages: u32,
}

impl std::fmt::Debug for FakeTensorMode {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("FakeTensorMode")
            .field("id", &self.id)
            .field("tensors", &self.tensors.len())
            .field("cache", &self.info)
            .finish_non_exhaustive()
    }
}

impl FakeTensorMode {
    /// A mode with a fresh ShapeEnv, dispatching through `registry`.
    pub fn new(registry: impl Registry + 'static) -> Self {
        Self::with(registry, ShapeEnv::new(), ModeSettings::default())
    }

    /// A mode with the given ShapeEnv and settings.
    pub fn with(registry: impl Registry + 'static, env: ShapeEnv, settings: ModeSettings) -> Self {
        FakeTensorMode {
            env,
            registry: Box::new(registry),
            id: NEXT_MODE.fetch_add(1, Ordering::Relaxed),
            settings,
            tensors: Vec::new(),
            versions: Vec::new(),
            constant_storages: Vec::new(),
            cache: FxHashMap::default(),
            info: CacheInfo::default(),
            unbacked: FxHashMap::default(),
            memo_tensors: FxHashMap::default(),
            memo_storages: FxHashMap::default(),
            named: FxHashMap::default(),
            writes: 0,
            mark: Mark::default(),
            epoch: 0,
            autocast: None,
            first_run: first_run::FirstRun::default(),
            replacements_before: 0,
        }
    }

    /// The ShapeEnv.
    pub fn env(&self) -> &ShapeEnv {
        &self.env
    }

    /// The ShapeEnv, to create symbols or take decisions.
    pub fn env_mut(&mut self) -> &mut ShapeEnv {
        &mut self.env
    }

    /// The settings.
    pub fn settings(&self) -> ModeSettings {
        self.settings
    }

    /// Turn the dispatch cache on or off (emptying it either way). A
    /// replayed plan runs without it: every run starts with an empty
    /// cache, and building keys costs more than the repeats it finds save.
    pub fn set_cache(&mut self, on: bool) {
        self.settings.cache = on;
        self.cache_clear();
    }

    /// Turn autograd's recording on or off ([`ModeSettings::grad_enabled`],
    /// `torch.set_grad_enabled`); the dispatch cache is emptied.
    pub fn set_grad_enabled(&mut self, on: bool) {
        self.settings.grad_enabled = on;
        self.cache_clear();
    }

    /// Whether autograd records operations ([`ModeSettings::grad_enabled`]).
    pub fn grad_enabled(&self) -> bool {
        self.settings.grad_enabled
    }

    /// The operator table.
    pub fn registry(&self) -> &dyn Registry {
        self.registry.as_ref()
    }

    /// The dispatch cache's counters.
    pub fn cache_info(&self) -> CacheInfo {
        let mut info = self.info.clone();
        info.size = self.cache.values().map(|v| v.len()).sum();
        info
    }

    /// Empty the dispatch cache and reset its counters.
    pub fn cache_clear(&mut self) {
        self.cache.clear();
        self.info = CacheInfo::default();
    }

    fn check_id(&self, t: TensorId, op: &str) -> Result<()> {
        if t.mode != self.id || t.index as usize >= self.tensors.len() {
            return Err(ErrorKind::ForeignTensor {
                op: op.to_string(),
                index: t.index,
            }
            .into());
        }
        Ok(())
    }

    /// The fake tensor behind a handle.
    pub fn tensor(&self, t: TensorId) -> Result<&FakeTensor> {
        self.check_id(t, "tensor")?;
        Ok(&self.tensors[t.index as usize])
    }

    /// The metadata of a tensor.
    pub fn meta(&self, t: TensorId) -> Result<&TensorMeta> {
        self.tensor(t).map(|f| &f.meta)
    }

    /// The metadata of a tensor and the ShapeEnv, to decide on the one
    /// with the other.
    pub fn meta_and_env(&mut self, t: TensorId) -> Result<(&TensorMeta, &mut ShapeEnv)> {
        self.check_id(t, "tensor")?;
        Ok((&self.tensors[t.index as usize].meta, &mut self.env))
    }

    /// The version counter of a tensor's storage (bumped by in-place ops,
    /// shared by its views).
    pub fn version(&self, t: TensorId) -> Result<u32> {
        let s = self.tensor(t)?.storage;
        Ok(self.versions[s.0 as usize])
    }

    /// The known value of a tensor of at most
    /// [`crate::tensor::CONSTANT_NUMEL_LIMIT`] elements, if any.
    pub fn constant(&self, t: TensorId) -> Result<Option<Scalar>> {
        Ok(self.tensor(t)?.constant.as_deref().and_then(|c| c.value()))
    }

    /// Whether `t` is a constant, of a known value or not
    /// ([`crate::Constant`]).
    pub fn is_constant(&self, t: TensorId) -> Result<bool> {
        Ok(self.tensor(t)?.constant.is_some())
    }

    /// Number of tensors made so far.
    pub fn num_tensors(&self) -> usize {
        self.tensors.len()
    }

    /// A new storage whose version counter starts at `version`.
    pub(crate) fn new_storage(&mut self, version: u32) -> StorageId {
        self.versions.push(version);
        StorageId(self.versions.len() as u32 - 1)
    }

    /// Add a tensor on `storage` (a new one when `None` or not of this
    /// mode). The device is made a fake device (`cuda` is `cuda:0`).
    #[inline]
    pub fn add_tensor(
        &mut self,
        mut meta: TensorMeta,
        storage: Option<StorageId>,
        is_leaf: bool,
    ) -> TensorId {
        let storage = match storage {
            Some(s) if (s.0 as usize) < self.versions.len() => s,
            _ => self.new_storage(0),
        };
        meta.device = meta.device.fake();
        self.push_tensor(meta, storage, is_leaf)
    }

    /// A leaf tensor of the given sizes, contiguous, on a new storage.
    pub fn empty(&mut self, sizes: &[SymInt], dtype: DType, device: Device) -> Result<TensorId> {
        let meta = TensorMeta::contiguous(&mut self.env, sizes, dtype, device)?;
        Ok(self.add_tensor(meta, None, true))
    }

    /// A zero-dim tensor holding a known value, as `torch.tensor(3.0)`
    /// under PyTorch's mode (a lifted constant): `item()` on it gives the
    /// value until it is written to in place.
    pub fn scalar_tensor(
        &mut self,
        value: Scalar,
        dtype: DType,
        device: Device,
    ) -> Result<TensorId> {
        let t = self.empty(&[], dtype, device)?;
        self.set_constant(t, Constant::Known(value));
        Ok(t)
    }

    /// [`FakeTensorMode::wrapped_number`] of the dtype a Python number of
    /// `value`'s kind promotes as: `int64`, the default float dtype, its
    /// complex counterpart, `bool`.
    pub fn wrapped_scalar(&mut self, value: Scalar) -> Result<TensorId> {
        let float = self.settings.defaults.dtype;
        let dtype = match value {
            Scalar::Int(_) => DType::Int64,
            Scalar::Float(_) => float,
            Scalar::Bool(_) => DType::Bool,
            Scalar::Complex(..) => float.to_complex(),
        };
        self.wrapped_number(value, dtype)
    }

    /// A Python number where a schema wants a tensor (`add.Tensor(x, 1)`
    /// in a traced graph): PyTorch's wrapped number, a zero-dim CPU tensor
    /// of `dtype` holding `value` that promotes as a number and takes no
    /// part in TensorIterator's layout decisions.
    pub fn wrapped_number(&mut self, value: Scalar, dtype: DType) -> Result<TensorId> {
        let t = self.scalar_tensor(value, dtype, Device::cpu())?;
        if let Some(ft) = self.tensors.get_mut(t.index as usize) {
            ft.meta.wrapped_number = true;
        }
        Ok(t)
    }

    /// Make a tensor with at most [`crate::tensor::CONSTANT_NUMEL_LIMIT`]
    /// elements a constant.
    pub(crate) fn set_constant(&mut self, t: TensorId, v: Constant) {
        if let Some(ft) = self.tensors.get_mut(t.index as usize) {
            self.writes += u64::from(t.index < self.mark.tensors);
            ft.constant = Some(Box::new(v));
            let s = ft.storage;
            if !self.constant_storages.contains(&s) {
                self.constant_storages.push(s);
            }
        }
    }

    /// Ask a fake tensor for its data: always an error, never a crash.
    pub fn data(&self, t: TensorId) -> Result<std::convert::Infallible> {
        self.check_id(t, "data")?;
        Err(ErrorKind::NoData {
            what: format!("tensor #{}", t.index),
        }
        .into())
    }

    /// Run the operator named `name` (`aten::add.Tensor`).
    pub fn dispatch_named(&mut self, name: &str, args: &[Value<'_>]) -> Result<OutputList> {
        let op = *self.registry.lookup(name).ok_or_else(|| {
            Error::from(ErrorKind::UnknownOp {
                name: name.to_string(),
            })
        })?;
        self.dispatch(&op, args)
    }

    /// Run `op` on `args` (schema order).
    ///
    /// As PyTorch's `FakeTensorMode.__torch_dispatch__`: real tensors are
    /// refused or converted, tensors of other modes refused; the common
    /// device is found; data-dependent operators with a memo reuse the
    /// unbacked count of an earlier call on the same unmutated tensor
    /// (PyTorch's `nonzero_memo`, `item_memo`, `unique_memo`); other calls
    /// consult the dispatch cache; then the kernel runs and its outputs are
    /// wrapped (fresh storage, a view's base storage, or the mutated
    /// argument with its version bumped).
    pub fn dispatch(&mut self, op: &OpDef, args: &[Value<'_>]) -> Result<OutputList> {
        if self.autocast.is_some()
            && let Some(casts) = self.autocast_casts(op, args)?
        {
            let saved = self.autocast.take();
            let r = self.dispatch(op, &casts.values(args));
            let r = match (r, casts.back) {
                (Ok(outs), Some(to)) => self.cast_back(outs, to),
                (r, _) => r,
            };
            self.autocast = saved;
            return r;
        }
        if args.iter().any(|a| matches!(a, Value::Real(_))) {
            return self.dispatch_with_reals(op, args);
        }
        self.dispatch_fake(op, args, None)
    }

    /// [`Self::dispatch`] of a call the caller knows no later call
    /// repeats (a compiled plan's node whose operator and constants no
    /// other node shares): the dispatch cache is neither asked nor filled,
    /// as it could only pay for a repeat.
    pub fn dispatch_unrepeated(&mut self, op: &OpDef, args: &[Value<'_>]) -> Result<OutputList> {
        let cache = std::mem::replace(&mut self.settings.cache, false);
        let r = self.dispatch(op, args);
        self.settings.cache = cache;
        r
    }

    /// Convert (or refuse) the real tensors among `args`, then dispatch.
    #[cold]
    fn dispatch_with_reals(&mut self, op: &OpDef, args: &[Value<'_>]) -> Result<OutputList> {
        if !self.settings.allow_non_fake_inputs {
            let i = args
                .iter()
                .position(|a| matches!(a, Value::Real(_)))
                .unwrap_or(0);
            return Err(ErrorKind::BadArguments {
                op: op.name.to_string(),
                reason: format!(
                    "argument {i} is a real tensor; convert all tensors to fake tensors \
                     first (from_real) or allow non-fake inputs"
                ),
            }
            .into());
        }
        let mut converted: SmallVec<[Value<'_>; 8]> = SmallVec::new();
        for a in args {
            converted.push(match a {
                Value::Real(r) => {
                    let ctx = crate::convert::SymbolicContext::static_("");
                    Value::Tensor(self.from_real(r.0, &ctx)?)
                }
                other => other.clone(),
            });
        }
        // The cache never sees the call: PyTorch builds its key from the
        // arguments as given, and a real tensor in them is a bypass.
        self.dispatch_fake(op, &converted, Some("non-fake tensor"))
    }

    fn dispatch_fake(
        &mut self,
        op: &OpDef,
        args: &[Value<'_>],
        key_bypass: Option<&'static str>,
    ) -> Result<OutputList> {
        let name = op.name;
        if args.len() > op.params.len() {
            return Err(ErrorKind::BadArguments {
                op: name.to_string(),
                reason: format!(
                    "{} arguments given, the schema takes {}: `{}`",
                    args.len(),
                    op.params.len(),
                    op.schema
                ),
            }
            .into());
        }
        let mut scan = self.scan(op, args)?;
        let asked = scan.layout;
        let outs = if !scan.requires_grad {
            self.dispatch_scanned(op, args, key_bypass, scan)?
        } else {
            // Autograd's kernel, above the fake mode.
            let records = self.autograd_before(op, args)?;
            scan.requires_grad = records && !op.tags.no_grad;
            let outs = self.dispatch_scanned(op, args, key_bypass, scan)?;
            self.autograd_recorded(op, records, &outs)?;
            outs
        };
        if let Some(asked) = asked {
            self.check_asked_layout(op, asked, &outs)?;
        }
        Ok(outs)
    }

    /// [`Self::dispatch_fake`] once the arguments are scanned and
    /// autograd's checks made (`scan.requires_grad`: whether results
    /// require grad).
    fn dispatch_scanned(
        &mut self,
        op: &OpDef,
        args: &[Value<'_>],
        key_bypass: Option<&'static str>,
        scan: Scan,
    ) -> Result<OutputList> {
        let device = scan.device.unwrap_or(self.settings.defaults.device);
        if scan.any_constant && self.runs_for_real(op, args, &scan) {
            return self.dispatch_on_constants(op, args, &scan, device);
        }

        // Reasons PyTorch finds while building the key (`_prep_args_for_hash`).
        let key_bypass = key_bypass.or(if scan.any_constant {
            Some("constant attribute")
        } else if scan.symbolic_bool {
            Some("symbolic shape")
        } else {
            None
        });
        let use_cache = self.settings.cache;

        // Data-dependent operators: the unbacked-SymInt memo.
        if op.tags.data_dependent {
            let outs = self.run_memoised(op, args, device, &scan)?;
            if use_cache {
                let reason = key_bypass.unwrap_or_else(|| {
                    if outs
                        .iter()
                        .any(|o| matches!(o, Out::Tensor(..) | Out::Tensors(_)))
                    {
                        "dynamic output shape"
                    } else {
                        "data dependent output"
                    }
                });
                self.bypass(reason);
            }
            return self.wrap(op, args, outs, scan.requires_grad);
        }

        if !use_cache {
            let outs = self.run_kernel(op, args, device, scan.constant, false)?;
            return self.wrap(op, args, outs, scan.requires_grad);
        }
        if let Some(reason) = key_bypass {
            let outs = self.run_kernel(op, args, device, scan.constant, false)?;
            self.bypass(reason);
            return self.wrap(op, args, outs, scan.requires_grad);
        }

        // The dispatch cache.
        let mut words = KeyWords::new();
        words.push(op.name.as_ptr() as u64);
        words.push(op.name.len() as u64);
        for a in args {
            self.encode(a, &mut words);
        }
        let mut h = rustc_hash::FxHasher::default();
        words.hash(&mut h);
        let hash = h.finish();
        if let Some(pos) = self
            .cache
            .get(&hash)
            .and_then(|bucket| bucket.iter().position(|e| *e.key == words[..]))
        {
            self.info.hits += 1;
            // Taken out of the entry while its results are placed, then
            // put back.
            let outs = self
                .cache
                .get_mut(&hash)
                .and_then(|bucket| bucket.get_mut(pos))
                .map(|e| std::mem::take(&mut e.outs))
                .unwrap_or_default();
            let wrapped = self.wrap_each(op, args, &outs, scan.requires_grad, Source::CacheHit);
            if let Some(entry) = self.cache.get_mut(&hash).and_then(|b| b.get_mut(pos)) {
                entry.outs = outs;
            }
            return wrapped;
        }
        let symbols_before = self.env.symbol_count();
        let outs = self.run_kernel(op, args, device, scan.constant, false)?;
        match self.entry_bypass(op, args, &outs, symbols_before) {
            Some(reason) => self.bypass(reason),
            None => {
                self.info.misses += 1;
                self.cache.entry(hash).or_default().push(CacheEntry {
                    key: Box::from(&words[..]),
                    outs: cached(&outs),
                });
            }
        }
        self.wrap(op, args, outs, scan.requires_grad)
    }

    fn bypass(&mut self, reason: &'static str) {
        *self.info.bypasses.entry(reason).or_insert(0) += 1;
    }

    /// Why a result may not be cached, found after the kernel ran (as
    /// PyTorch's `_validate_cache_key` and `_validate_output_for_cache_entry`
    /// in `_make_cache_entry`): in-place view operators (tagged both
    /// `inplace` and `view`, or found changing their argument's sizes,
    /// strides or offset), outputs that are
    /// lists or floats, sparse outputs, outputs mentioning symbols no input mentions
    /// (fresh unbacked symbols), and `out=` arguments written in place.
    fn entry_bypass(
        &self,
        op: &OpDef,
        args: &[Value<'_>],
        outs: &Outs,
        symbols_before: usize,
    ) -> Option<&'static str> {
        if op.tags.inplace && op.tags.view {
            return Some("inplace view");
        }
        let mut symbolic_out = false;
        for o in outs {
            match o {
                Out::Tensors(_) | Out::Scalar(Scalar::Float(_) | Scalar::Complex(..)) => {
                    return Some("non-FakeTensor output");
                }
                Out::Tensor(m, alias) => {
                    match m.layout {
                        Layout::SparseCoo => return Some("sparse output"),
                        Layout::SparseCsr
                        | Layout::SparseCsc
                        | Layout::SparseBsr
                        | Layout::SparseBsc => return Some("sparse compressed output"),
                        Layout::Strided | Layout::Mkldnn | Layout::Jagged => {}
                    }
                    if let Alias::InPlace(i) = alias {
                        if op.params.get(usize::from(*i)).is_some_and(|p| p.kwarg_only) {
                            return Some("kwarg aliases output");
                        }
                        // PyTorch's `inplace_view` tag, seen by its effect
                        // when the registry does not tag the op as a view:
                        // the argument's sizes, strides or offset changed.
                        if let Some(Value::Tensor(t)) = args.get(usize::from(*i)) {
                            let before = &self.tensors[t.index as usize].meta;
                            if before.sizes != m.sizes
                                || before.strides != m.strides
                                || before.storage_offset != m.storage_offset
                            {
                                return Some("inplace view");
                            }
                        }
                    }
                    // (Without a symbol every size is a constant.)
                    symbolic_out |= self.env.symbol_count() > 0 && !m.is_static();
                }
                Out::Int(SymInt::Expr(_)) | Out::Scalar(Scalar::Int(SymInt::Expr(_))) => {
                    symbolic_out = true
                }
                Out::Bool(SymBool::Expr(_)) => symbolic_out = true,
                _ => {}
            }
        }
        if symbolic_out
            && !self.only_known_symbols(outs, symbols_before)
            && self.has_unrepresented_symbols(args, outs)
        {
            return Some("unrepresented symbol in output");
        }
        None
    }

    /// The quick answer to [`Self::has_unrepresented_symbols`]: with no
    /// replacement in force, a kernel's outputs are built from its inputs'
    /// sizes and arguments, so an output whose symbols are all backed and
    /// older than the call mentions only symbols of the inputs. (Unbacked
    /// symbols may come from the unbacked memo, so they take the full
    /// check.)
    fn only_known_symbols(&self, outs: &Outs, symbols_before: usize) -> bool {
        if self.env.has_replacements() {
            return false;
        }
        let arena = self.env.arena();
        let known = |v: SymInt| match v {
            SymInt::Int(_) => true,
            SymInt::Expr(e) => arena.only_backed_symbols_below(e, symbols_before),
        };
        let meta_known = |m: &TensorMeta| {
            m.sizes.iter().chain(&m.strides).all(|&v| known(v)) && known(m.storage_offset)
        };
        outs.iter().all(|o| match o {
            Out::Tensor(m, _) => meta_known(m),
            Out::Tensors(list) => list.iter().all(|(m, _)| meta_known(m)),
            Out::Int(v) | Out::Scalar(Scalar::Int(v)) => known(*v),
            Out::Bool(SymBool::Expr(e)) => arena.only_backed_symbols_below(*e, symbols_before),
            _ => true,
        })
    }

    /// True when an output mentions a symbol that no input mentions.
    #[cold]
    fn has_unrepresented_symbols(&self, args: &[Value<'_>], outs: &Outs) -> bool {
        let arena = self.env.arena();
        let mut known = rustc_hash::FxHashSet::default();
        let mut vals: Vec<SymInt> = Vec::new();
        let add_meta = |vals: &mut Vec<SymInt>, m: &TensorMeta| {
            vals.extend(m.sizes.iter().chain(&m.strides).copied());
            vals.push(m.storage_offset);
        };
        for a in args {
            match a {
                Value::Tensor(t) => add_meta(&mut vals, &self.tensors[t.index as usize].meta),
                Value::Tensors(ts) => ts
                    .iter()
                    .for_each(|t| add_meta(&mut vals, &self.tensors[t.index as usize].meta)),
                Value::OptTensors(ts) => ts
                    .iter()
                    .flatten()
                    .for_each(|t| add_meta(&mut vals, &self.tensors[t.index as usize].meta)),
                Value::Int(v) | Value::Scalar(Scalar::Int(v)) => vals.push(*v),
                Value::Ints(vs) => vals.extend_from_slice(vs),
                _ => {}
            }
        }
        for v in vals {
            if let SymInt::Expr(e) = v {
                known.extend(arena.free_symbols(e));
            }
        }
        let unknown = |v: SymInt| match v {
            SymInt::Expr(e) => arena.free_symbols(e).iter().any(|s| !known.contains(s)),
            SymInt::Int(_) => false,
        };
        let meta_unknown = |m: &TensorMeta| {
            m.sizes.iter().chain(&m.strides).any(|&v| unknown(v)) || unknown(m.storage_offset)
        };
        outs.iter().any(|o| match o {
            Out::Tensor(m, _) => meta_unknown(m),
            Out::Tensors(list) => list.iter().any(|(m, _)| meta_unknown(m)),
            Out::Int(v) | Out::Scalar(Scalar::Int(v)) => unknown(*v),
            Out::Bool(SymBool::Expr(e)) => {
                arena.free_symbols(*e).iter().any(|s| !known.contains(s))
            }
            _ => false,
        })
    }

    /// Run the kernel on the arguments' metadata.
    fn run_kernel(
        &mut self,
        op: &OpDef,
        args: &[Value<'_>],
        device: Device,
        constant: Option<Scalar>,
        eager: bool,
    ) -> Result<Outs> {
        let tensors = &self.tensors;
        let metas = |t: &TensorId| &tensors[t.index as usize].meta;
        let mut kargs: SmallVec<[Arg<'_>; 10]> = SmallVec::new();
        // Whether an argument owns anything (a list of tensors): else the
        // list is forgotten, not dropped argument by argument.
        let mut owns = args.len() > 10;
        for a in args {
            owns |= matches!(a, Value::Tensors(_) | Value::OptTensors(_));
            kargs.push(match a {
                Value::None => Arg::None,
                Value::Tensor(t) => Arg::Tensor(metas(t)),
                // Converted before dispatch reaches here.
                Value::Real(_) => Arg::None,
                Value::Tensors(ts) => Arg::Tensors(ts.iter().map(metas).collect()),
                Value::OptTensors(ts) => {
                    Arg::OptTensors(ts.iter().map(|t| t.as_ref().map(metas)).collect())
                }
                Value::Int(v) => Arg::Int(*v),
                Value::Ints(v) => Arg::Ints(Cow::Borrowed(v)),
                Value::Float(v) => Arg::Float(*v),
                Value::Floats(v) => Arg::Floats(Cow::Borrowed(v)),
                Value::Bool(v) => Arg::Bool(*v),
                Value::Bools(v) => Arg::Bools(Cow::Borrowed(v)),
                Value::SymBool(v) => Arg::SymBool(*v),
                Value::Str(s) => Arg::Str(s),
                Value::Scalar(s) => Arg::Scalar(*s),
                Value::DType(d) => Arg::DType(*d),
                Value::Layout(l) => Arg::Layout(*l),
                Value::Device(d) => Arg::Device(d.fake()),
                Value::MemoryFormat(m) => Arg::MemoryFormat(*m),
            });
        }
        self.replacements_before = self.env.replacement_count();
        let mut cx = Cx {
            env: &mut self.env,
            op: op.name,
            defaults: self.settings.defaults,
            device,
            constant,
            eager,
        };
        let outs = crate::support::run_op(&mut cx, op, &kargs);
        if !owns {
            // Inline, and every argument a borrow or a plain value.
            std::mem::forget(kargs);
        }
        let outs = outs?;
        if !op.tags.multi_device {
            self.check_returned_devices(op, args, &outs, device)?;
        }
        Ok(outs)
    }
}
