//! FakeTensorMode: owns the ShapeEnv, the fake tensors and the caches, and
//! dispatches operators on fake tensors as
//! `torch._subclasses.fake_tensor.FakeTensorMode` does.
//!
//! Dispatch: check the tensors belong to this mode -> find the common
//! device (a zero-dim CPU tensor joins any device) -> the unbacked-SymInt
//! cache (data-dependent ops) or the dispatch cache (static inputs) -> the
//! kernel -> wrap the outputs: fresh tensors get a new storage, views share
//! their base's, in-place outputs rewrite their argument and bump its
//! storage's version.

use crate::error::{Error, ErrorKind, Result};
use crate::kernel::{Alias, Arg, Cx, Defaults, OpDef, Out, Outs, Registry};
use crate::meta::{Scalar, TensorMeta};
use crate::shape::Dims;
use crate::shape_env::ShapeEnv;
use crate::sym::{SymBool, SymInt};
use crate::tensor::{FakeTensor, StorageId, TensorId};
use crate::{DType, Device, Layout, MemoryFormat};
use rustc_hash::FxHashMap;
use smallvec::SmallVec;
use std::collections::BTreeMap;
use std::hash::{Hash, Hasher};
use std::sync::atomic::{AtomicU32, Ordering};

static NEXT_MODE: AtomicU32 = AtomicU32::new(1);

/// An argument of [`FakeTensorMode::dispatch`], in schema order.
#[derive(Debug, Clone, PartialEq)]
pub enum Value<'a> {
    /// `None`.
    None,
    /// A fake tensor.
    Tensor(TensorId),
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
    /// Convert non-fake inputs instead of refusing them (PyTorch's
    /// `allow_non_fake_inputs`). Here: accept tensors of other modes by
    /// copying their metadata in.
    pub allow_non_fake_inputs: bool,
    /// Default dtype and device.
    pub defaults: Defaults,
    /// Use the dispatch cache.
    pub cache: bool,
}

impl Default for ModeSettings {
    fn default() -> Self {
        ModeSettings {
            allow_non_fake_inputs: false,
            defaults: Defaults {
                dtype: DType::Float32,
                device: Device::cpu(),
            },
            cache: true,
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
    /// Calls that could not use the cache, by reason.
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

/// Owns the ShapeEnv, the fake tensors, the converter memo and the caches.
pub struct FakeTensorMode {
    env: ShapeEnv,
    registry: Box<dyn Registry>,
    id: u32,
    settings: ModeSettings,
    tensors: Vec<FakeTensor>,
    /// Version counter per storage (shared by all its views).
    versions: Vec<u32>,
    cache: FxHashMap<u64, SmallVec<[CacheEntry; 1]>>,
    info: CacheInfo,
    /// `(op, tensor, storage version)` -> outputs of a data-dependent op.
    unbacked: FxHashMap<(&'static str, TensorId, u32), Outs>,
    pub(crate) memo_tensors: FxHashMap<u64, TensorId>,
    pub(crate) memo_storages: FxHashMap<u64, StorageId>,
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

fn op_name_of(op: &OpDef) -> String {
    op.name.to_string()
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
            cache: FxHashMap::default(),
            info: CacheInfo::default(),
            unbacked: FxHashMap::default(),
            memo_tensors: FxHashMap::default(),
            memo_storages: FxHashMap::default(),
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

    /// The version counter of a tensor's storage (bumped by in-place ops).
    pub fn version(&self, t: TensorId) -> Result<u32> {
        let s = self.tensor(t)?.storage;
        Ok(self.versions[s.0 as usize])
    }

    /// Number of tensors made so far.
    pub fn num_tensors(&self) -> usize {
        self.tensors.len()
    }

    /// A new storage.
    pub(crate) fn new_storage(&mut self) -> StorageId {
        self.versions.push(0);
        StorageId(self.versions.len() as u32 - 1)
    }

    /// Add a tensor on `storage` (a new one when `None`).
    pub fn add_tensor(
        &mut self,
        meta: TensorMeta,
        storage: Option<StorageId>,
        is_leaf: bool,
    ) -> TensorId {
        let storage = match storage {
            Some(s) if (s.0 as usize) < self.versions.len() => s,
            _ => self.new_storage(),
        };
        self.tensors.push(FakeTensor {
            meta,
            storage,
            is_leaf,
            constant: None,
        });
        TensorId {
            mode: self.id,
            index: self.tensors.len() as u32 - 1,
        }
    }

    /// A leaf tensor of the given sizes, contiguous, on a new storage.
    pub fn empty(&mut self, sizes: &[SymInt], dtype: DType, device: Device) -> Result<TensorId> {
        let meta = TensorMeta::contiguous(&mut self.env, sizes, dtype, device)?;
        Ok(self.add_tensor(meta, None, true))
    }

    /// A zero-dim tensor holding a known value (`torch.tensor(3.0)`), so
    /// `item()` on it gives the value.
    pub fn scalar_tensor(
        &mut self,
        value: Scalar,
        dtype: DType,
        device: Device,
    ) -> Result<TensorId> {
        let t = self.empty(&[], dtype, device)?;
        self.tensors[t.index as usize].constant = Some(value);
        Ok(t)
    }

    /// Remember the value of a tensor with at most
    /// [`crate::tensor::CONSTANT_NUMEL_LIMIT`] elements.
    pub(crate) fn set_constant(&mut self, t: TensorId, v: Scalar) {
        if let Some(ft) = self.tensors.get_mut(t.index as usize) {
            ft.constant = Some(v);
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
    pub fn dispatch_named(
        &mut self,
        name: &str,
        args: &[Value<'_>],
    ) -> Result<SmallVec<[Output; 1]>> {
        let op = *self.registry.lookup(name).ok_or_else(|| {
            Error::from(ErrorKind::UnknownOp {
                name: name.to_string(),
            })
        })?;
        self.dispatch(&op, args)
    }

    /// Run `op` on `args` (schema order).
    pub fn dispatch(&mut self, op: &OpDef, args: &[Value<'_>]) -> Result<SmallVec<[Output; 1]>> {
        let name = op.name;
        // Validate tensor handles and find the common device.
        let mut device: Option<Device> = None;
        let mut cpu_scalar: Option<Device> = None;
        let mut all_static = true;
        let mut symbolic_args = false;
        let mut first_tensor: Option<TensorId> = None;
        {
            let mut visit = |this: &Self, t: TensorId| -> Result<()> {
                this.check_id(t, name)?;
                let m = &this.tensors[t.index as usize].meta;
                first_tensor.get_or_insert(t);
                all_static &= m.is_static();
                if m.sizes.is_empty() && m.device.is_cpu() {
                    cpu_scalar.get_or_insert(m.device);
                    return Ok(());
                }
                match device {
                    None => device = Some(m.device),
                    Some(d) if d != m.device => {
                        return Err(ErrorKind::DeviceMismatch {
                            op: name.to_string(),
                            a: d.to_string(),
                            b: m.device.to_string(),
                        }
                        .into());
                    }
                    Some(_) => {}
                }
                Ok(())
            };
            for a in args {
                match a {
                    Value::Int(SymInt::Expr(_))
                    | Value::SymBool(SymBool::Expr(_))
                    | Value::Scalar(Scalar::Int(SymInt::Expr(_))) => symbolic_args = true,
                    Value::Ints(vs) if vs.iter().any(|v| !v.is_static()) => symbolic_args = true,
                    Value::Tensor(t) => visit(self, *t)?,
                    Value::Tensors(ts) => {
                        for &t in *ts {
                            visit(self, t)?
                        }
                    }
                    Value::OptTensors(ts) => {
                        for t in ts.iter().flatten() {
                            visit(self, *t)?
                        }
                    }
                    _ => {}
                }
            }
        }
        let all_static = all_static && !symbolic_args;
        let device = device
            .or(cpu_scalar)
            .unwrap_or(self.settings.defaults.device);

        // The unbacked-SymInt cache: the same data-dependent op on the same
        // unmutated tensor gives the same symbols.
        let unbacked_key = match (op.tags.data_dependent, first_tensor) {
            (true, Some(t)) => Some((name, t, self.version(t)?)),
            _ => None,
        };
        if let Some(k) = &unbacked_key
            && let Some(outs) = self.unbacked.get(k).cloned()
        {
            return self.wrap(op, args, outs);
        }

        // The dispatch cache.
        let cache_key = if !self.settings.cache {
            None
        } else if let Some(reason) = bypass_reason(op, all_static) {
            *self.info.bypasses.entry(reason).or_insert(0) += 1;
            None
        } else {
            let mut words: SmallVec<[u64; 48]> = SmallVec::new();
            words.push(op.name.as_ptr() as u64);
            words.push(device_word(device));
            for a in args {
                self.encode(a, &mut words);
            }
            let mut h = rustc_hash::FxHasher::default();
            words.hash(&mut h);
            let hash = h.finish();
            if let Some(entry) = self
                .cache
                .get(&hash)
                .and_then(|bucket| bucket.iter().find(|e| *e.key == words[..]))
            {
                self.info.hits += 1;
                let outs = entry.outs.clone();
                return self.wrap(op, args, outs);
            }
            Some((hash, words))
        };

        // Run the kernel.
        let outs = {
            let metas = |t: &TensorId| &self.tensors[t.index as usize].meta;
            let mut kargs: SmallVec<[Arg<'_>; 8]> = SmallVec::with_capacity(args.len());
            for a in args {
                kargs.push(match a {
                    Value::None => Arg::None,
                    Value::Tensor(t) => Arg::Tensor(metas(t)),
                    Value::Tensors(ts) => Arg::Tensors(ts.iter().map(metas).collect()),
                    Value::OptTensors(ts) => {
                        Arg::OptTensors(ts.iter().map(|t| t.as_ref().map(metas)).collect())
                    }
                    Value::Int(v) => Arg::Int(*v),
                    Value::Ints(v) => Arg::Ints(Dims::from_slice(v)),
                    Value::Float(v) => Arg::Float(*v),
                    Value::Floats(v) => Arg::Floats(SmallVec::from_slice(v)),
                    Value::Bool(v) => Arg::Bool(*v),
                    Value::Bools(v) => Arg::Bools(SmallVec::from_slice(v)),
                    Value::SymBool(v) => Arg::SymBool(*v),
                    Value::Str(s) => Arg::Str(s),
                    Value::Scalar(s) => Arg::Scalar(*s),
                    Value::DType(d) => Arg::DType(*d),
                    Value::Layout(l) => Arg::Layout(*l),
                    Value::Device(d) => Arg::Device(*d),
                    Value::MemoryFormat(m) => Arg::MemoryFormat(*m),
                });
            }
            let constant = first_tensor.and_then(|t| self.tensors[t.index as usize].constant);
            let mut cx = Cx {
                env: &mut self.env,
                op: name,
                defaults: self.settings.defaults,
                device,
                constant,
            };
            (op.kernel)(&mut cx, &kargs)?
        };
        if let Some(k) = unbacked_key {
            self.unbacked.insert(k, outs.clone());
        }
        if let Some((hash, words)) = cache_key {
            self.info.misses += 1;
            self.cache.entry(hash).or_default().push(CacheEntry {
                key: words.into_vec().into_boxed_slice(),
                outs: outs.clone(),
            });
        }
        self.wrap(op, args, outs)
    }

    /// Turn kernel outputs into tensors of this mode.
    fn wrap(
        &mut self,
        op: &OpDef,
        args: &[Value<'_>],
        outs: Outs,
    ) -> Result<SmallVec<[Output; 1]>> {
        let mut result = SmallVec::with_capacity(outs.len());
        for out in outs {
            result.push(match out {
                Out::Tensor(meta, alias) => Output::Tensor(self.wrap_one(op, args, meta, alias)?),
                Out::Tensors(list) => {
                    let mut ids = Vec::with_capacity(list.len());
                    for (meta, alias) in list {
                        ids.push(self.wrap_one(op, args, meta, alias)?);
                    }
                    Output::Tensors(ids)
                }
                Out::Int(v) => Output::Int(v),
                Out::Scalar(s) => Output::Scalar(s),
                Out::Bool(b) => Output::Bool(b),
                Out::None => Output::None,
            });
        }
        Ok(result)
    }

    fn tensor_arg(&self, op: &OpDef, args: &[Value<'_>], i: u8) -> Result<TensorId> {
        match args.get(i as usize) {
            Some(Value::Tensor(t)) => Ok(*t),
            _ => Err(ErrorKind::BadArguments {
                op: op_name_of(op),
                reason: format!("argument {i} should be a tensor"),
            }
            .into()),
        }
    }

    fn wrap_one(
        &mut self,
        op: &OpDef,
        args: &[Value<'_>],
        meta: TensorMeta,
        alias: Alias,
    ) -> Result<TensorId> {
        Ok(match alias {
            Alias::Fresh => self.add_tensor(meta, None, false),
            Alias::ViewOf(i) => {
                let base = self.tensor_arg(op, args, i)?;
                let storage = self.tensors[base.index as usize].storage;
                self.add_tensor(meta, Some(storage), false)
            }
            Alias::InPlace(i) => {
                let t = self.tensor_arg(op, args, i)?;
                let ft = &mut self.tensors[t.index as usize];
                ft.meta = meta;
                ft.constant = None;
                let s = ft.storage.0 as usize;
                self.versions[s] = self.versions[s].wrapping_add(1);
                t
            }
        })
    }

    /// Encode an argument's cache-relevant content as words.
    fn encode(&self, a: &Value<'_>, w: &mut SmallVec<[u64; 48]>) {
        let sym = |w: &mut SmallVec<[u64; 48]>, s: SymInt| match s {
            SymInt::Int(v) => {
                w.push(0);
                w.push(v as u64);
            }
            SymInt::Expr(e) => {
                w.push(1);
                w.push(u64::from(e.index()));
            }
        };
        let tensor = |w: &mut SmallVec<[u64; 48]>, t: TensorId| {
            let m = &self.tensors[t.index as usize].meta;
            w.push(m.sizes.len() as u64);
            for &s in m.sizes.iter().chain(&m.strides) {
                sym(w, s);
            }
            sym(w, m.storage_offset);
            w.push(m.dtype as u64);
            w.push(device_word(m.device));
            w.push(m.layout as u64 | (u64::from(m.requires_grad) << 32));
        };
        match a {
            Value::None => w.push(100),
            Value::Tensor(t) => {
                w.push(101);
                tensor(w, *t);
            }
            Value::Tensors(ts) => {
                w.push(102);
                w.push(ts.len() as u64);
                for &t in *ts {
                    tensor(w, t);
                }
            }
            Value::OptTensors(ts) => {
                w.push(103);
                w.push(ts.len() as u64);
                for t in *ts {
                    match t {
                        Some(t) => tensor(w, *t),
                        None => w.push(u64::MAX),
                    }
                }
            }
            Value::Int(v) => {
                w.push(104);
                sym(w, *v);
            }
            Value::Ints(vs) => {
                w.push(105);
                w.push(vs.len() as u64);
                for &v in *vs {
                    sym(w, v);
                }
            }
            Value::Float(f) => {
                w.push(106);
                w.push(f.to_bits());
            }
            Value::Floats(fs) => {
                w.push(107);
                w.push(fs.len() as u64);
                w.extend(fs.iter().map(|f| f.to_bits()));
            }
            Value::Bool(b) => {
                w.push(108);
                w.push(u64::from(*b));
            }
            Value::Bools(bs) => {
                w.push(109);
                w.push(bs.len() as u64);
                w.extend(bs.iter().map(|&b| u64::from(b)));
            }
            Value::SymBool(b) => {
                w.push(110);
                match b {
                    SymBool::Bool(b) => w.push(u64::from(*b)),
                    SymBool::Expr(e) => w.push(2 + u64::from(e.index())),
                }
            }
            Value::Str(s) => {
                // The bytes themselves: a hash could collide.
                w.push(111);
                w.push(s.len() as u64);
                w.extend(s.as_bytes().chunks(8).map(|c| {
                    let mut b = [0u8; 8];
                    b[..c.len()].copy_from_slice(c);
                    u64::from_le_bytes(b)
                }));
            }
            Value::Scalar(s) => {
                w.push(112);
                match s {
                    Scalar::Bool(b) => w.extend([0, u64::from(*b)]),
                    Scalar::Int(v) => {
                        w.push(1);
                        sym(w, *v);
                    }
                    Scalar::Float(f) => w.extend([2, f.to_bits()]),
                    Scalar::Complex(re, im) => w.extend([3, re.to_bits(), im.to_bits()]),
                }
            }
            Value::DType(d) => w.extend([113, *d as u64]),
            Value::Layout(l) => w.extend([114, *l as u64]),
            Value::Device(d) => w.extend([115, device_word(*d)]),
            Value::MemoryFormat(m) => w.extend([116, *m as u64]),
        }
    }
}

/// The device's exact one-word encoding.
fn device_word(d: Device) -> u64 {
    d.to_word()
}

/// Why a call may not use the dispatch cache, as PyTorch's bypass reasons.
fn bypass_reason(op: &OpDef, all_static: bool) -> Option<&'static str> {
    if op.tags.data_dependent {
        Some("data dependent output")
    } else if op.tags.inplace {
        Some("inplace")
    } else if !all_static {
        Some("symbolic shape")
    } else {
        None
    }
}
