//! `torch.vmap` in the default export IR: the pre-dispatch nodes of
//! `torch._functorch.predispatch` (`_vmap_increment_nesting`,
//! `_add_batch_dim`, `_remove_batch_dim`, `_vmap_decrement_nesting`,
//! `lazy_load_decompositions`) around the operators the vmapped function
//! calls, on batched tensors. The Core ATen IR has none: decomposition
//! runs the batching rules away.
//!
//! A batched tensor is held as its *logical* tensor, the one the function
//! sees and export records (the physical tensor without its batch dims),
//! and the operators run on logical tensors as on any other. Beside it a
//! run keeps, per tensor, its batch dims: level, size and the physical
//! stride of each. That is exact while the batch dims are the outermost
//! dims, outside contiguous logical tensors, as when a contiguous tensor
//! (or every other row of one) is vmapped over its first dim (`in_dims=0`,
//! the default): functorch's batching rules then lay results out with the
//! batch dims outermost, so a result's logical layout is the operator's on
//! the logical operands, and its physical one adds the batch dims outside
//! it (a new result: the strides contiguous strides give the batch dims
//! outside its sizes; a view of an operand: that operand's batch
//! strides).
//! `_add_batch_dim` of a batch dim inside the others (another `in_dims`
//! of a contiguous tensor), or of a logical tensor laid out otherwise (a
//! channels-last batch, whose batched convolution keeps channels-last
//! where the logical, unbatched one would not), is unsupported; so is a
//! call whose batching rule lays its results out otherwise
//! (`fake_ops::batches_as_logical`: the FFTs, the batch norms, a linear
//! layer or a convolution of a batched weight, `nonzero`, ...), or on an
//! empty batched operand (which the rules set aside: `cat` skips it). (A
//! layout-sensitive
//! operator on a view made inside the region, as a convolution of a
//! permuted logical tensor, is not told apart.)
//!
//! What follows an unsupported `_add_batch_dim` or call is not modelled
//! either: every node taking its result, or a result of such a node, is
//! unsupported (its results are PyTorch's recorded ones), up to the
//! `_remove_batch_dim` that leaves the outermost `vmap`.
//!
//! `_remove_batch_dim(t, level, size, out_dim)` (functorch's
//! `_remove_batch_dim`) gives the physical tensor with the batch dim of
//! `level` moved to `out_dim` (`_movedim`), or, for a tensor not batched
//! at `level` (computed from unbatched values only), `t` expanded to the
//! batch size at `out_dim`.

use crate::graph::{Arg, Graph, NodeOutput};
use crate::prop::{Propagation, Slot};
use fake_runtime::mode::{Output, Value};
use fake_runtime::{OpDef, SymInt, TensorId};
use smallvec::SmallVec;

/// Why a node taking a tensor of [`Propagation::unmodelled`] is
/// unsupported.
pub(crate) const UNMODELLED_REGION: &str =
    "an operand is batched by a vmap whose batch dims are not modelled";

/// One batch dim of a batched tensor.
#[derive(Debug, Clone, Copy, PartialEq)]
pub(crate) struct BatchDim {
    /// The vmap level (1 for the outermost `vmap`).
    pub(crate) level: i64,
    /// The batch size.
    pub(crate) size: SymInt,
    /// The dim's stride in the physical tensor.
    pub(crate) stride: SymInt,
}

/// A tensor's batch dims, outermost level first.
pub(crate) type BatchDims = SmallVec<[BatchDim; 2]>;

/// Why a pre-dispatch node did not run.
#[derive(Debug, Clone, PartialEq)]
pub(crate) enum Refusal {
    /// It failed, as PyTorch would not have.
    Failed(String),
    /// A layout the batch dims are not modelled for (the node is
    /// unsupported).
    Unmodelled(String),
}

impl From<String> for Refusal {
    fn from(e: String) -> Refusal {
        Refusal::Failed(e)
    }
}

/// The pre-dispatch node of a node's target, if it is one.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) enum VmapNode {
    /// `_vmap_increment_nesting`, `_vmap_decrement_nesting`,
    /// `lazy_load_decompositions`: nothing to compute.
    Nesting,
    /// `_add_batch_dim(x, batch_dim, level)`.
    AddBatchDim,
    /// `_remove_batch_dim(t, level, batch_size, out_dim)`.
    RemoveBatchDim,
}

impl VmapNode {
    /// The node a target names (`torch._functorch.predispatch._add_batch_dim`).
    pub(crate) fn of(target: &str) -> Option<VmapNode> {
        Some(
            match target.strip_prefix("torch._functorch.predispatch.")? {
                "_vmap_increment_nesting"
                | "_vmap_decrement_nesting"
                | "lazy_load_decompositions" => VmapNode::Nesting,
                "_add_batch_dim" => VmapNode::AddBatchDim,
                "_remove_batch_dim" => VmapNode::RemoveBatchDim,
                _ => return None,
            },
        )
    }
}

impl Propagation {
    /// Run node `i`, a pre-dispatch node of `vmap`.
    pub(crate) fn run_vmap(&mut self, graph: &Graph, i: usize, n: VmapNode) -> Result<(), Refusal> {
        let node = &graph.nodes[i];
        let arg = |k: usize| {
            node.args
                .get(k)
                .map(|(_, a)| a)
                .ok_or_else(|| format!("argument {k} is missing"))
        };
        let int = |p: &Self, k: usize| -> Result<SymInt, String> {
            match arg(k)? {
                Arg::Int(v) => Ok(SymInt::Int(*v)),
                Arg::SymInt(s) => p.int_of(*s),
                other => Err(format!(
                    "argument {k} is {}, not an integer",
                    crate::builtins::kind(other)
                )),
            }
        };
        let constant = |p: &Self, k: usize| -> Result<i64, String> {
            match int(p, k)? {
                SymInt::Int(v) => Ok(v),
                _ => Err(format!("argument {k} is symbolic")),
            }
        };
        let tensor = |p: &Self| -> Result<TensorId, String> {
            match arg(0)? {
                Arg::Tensor(v) => p.tensor_of(*v),
                other => Err(format!(
                    "argument 0 is {}, not a tensor",
                    crate::builtins::kind(other)
                )),
            }
        };
        if !matches!(n, VmapNode::Nesting) && !self.unmodelled.is_empty() {
            let x = tensor(self)?;
            if self.unmodelled.contains(&x) {
                // Leaving the outermost vmap, the recorded result is all
                // there is to know.
                let outermost = n == VmapNode::RemoveBatchDim && constant(self, 1)? <= 1;
                self.spreads_unmodelled = !outermost;
                return Err(Refusal::Unmodelled(UNMODELLED_REGION.into()));
            }
        }
        let t = match n {
            VmapNode::Nesting => return Ok(()),
            VmapNode::AddBatchDim => {
                let x = tensor(self)?;
                let (dim, level) = (constant(self, 1)?, constant(self, 2)?);
                self.add_batch_dim(x, dim, level)?
            }
            VmapNode::RemoveBatchDim => {
                let t = tensor(self)?;
                let (level, size) = (constant(self, 1)?, int(self, 2)?);
                let out_dim = constant(self, 3)?;
                self.remove_batch_dim(t, level, size, out_dim)?
            }
        };
        match node.outputs.first() {
            Some(NodeOutput::Tensor(v)) => {
                self.slots[v.0 as usize] = Slot::Tensor(t);
                Ok(())
            }
            _ => Err(Refusal::Failed(
                "its result is not recorded as a tensor".into(),
            )),
        }
    }

    /// The logical tensor of `x` batched along `dim` at `level`: `x`
    /// without that dim, a view at the same offset.
    fn add_batch_dim(&mut self, x: TensorId, dim: i64, level: i64) -> Result<TensorId, Refusal> {
        let m = self.mode.meta(x).map_err(|e| e.to_string())?.clone();
        let rank = m.dim() as i64;
        let d = if dim < 0 { dim + rank } else { dim };
        if !(0..rank).contains(&d) {
            return Err(format!("batch dim {dim} out of range for rank {rank}").into());
        }
        let d = d as usize;
        let mut logical = m.clone();
        logical.sizes.remove(d);
        logical.strides.remove(d);
        // Exact only where the batch dim lies outside a contiguous logical
        // tensor (see the module's documentation): tested at the hints, so
        // that the test records no guard.
        let env = self.mode.env_mut();
        let hints = |env: &mut fake_runtime::ShapeEnv, vs: &[SymInt]| -> Option<Vec<i64>> {
            vs.iter()
                .map(|&v| env.size_hint(v).ok().flatten())
                .collect()
        };
        let dense = match (hints(env, &m.sizes), hints(env, &m.strides)) {
            (Some(sizes), Some(strides)) => outside_contiguous(&sizes, &strides, d),
            _ => false,
        };
        if !dense {
            self.spreads_unmodelled = true;
            return Err(Refusal::Unmodelled(format!(
                "vmap over dim {d} of a rank-{rank} tensor: only a batch dim outside the others, over a contiguous tensor, is modelled"
            )));
        }
        let mut dims = self.batched.get(&x).cloned().unwrap_or_default();
        if dims.last().is_some_and(|b| b.level >= level) {
            let outer = dims[dims.len() - 1].level;
            return Err(format!("vmap level {level} inside level {outer}").into());
        }
        dims.push(BatchDim {
            level,
            size: m.sizes[d],
            stride: m.strides[d],
        });
        let storage = self.mode.tensor(x).map_err(|e| e.to_string())?.storage;
        let t = self.mode.add_tensor(logical, Some(storage), false);
        self.batched.insert(t, dims);
        Ok(t)
    }

    /// `_remove_batch_dim(t, level, size, out_dim)`.
    fn remove_batch_dim(
        &mut self,
        t: TensorId,
        level: i64,
        size: SymInt,
        out_dim: i64,
    ) -> Result<TensorId, String> {
        let m = self.mode.meta(t).map_err(|e| e.to_string())?.clone();
        let rank = m.dim() as i64 + 1;
        let d = if out_dim < 0 { out_dim + rank } else { out_dim };
        if !(0..rank).contains(&d) {
            return Err(format!("out_dim {out_dim} out of range for rank {rank}"));
        }
        let d = d as usize;
        let mut dims = self.batched.get(&t).cloned().unwrap_or_default();
        let Some(inner) = dims.last().copied().filter(|b| b.level == level) else {
            if dims.iter().any(|b| b.level == level) {
                return Err(format!(
                    "vmap level {level} is not the innermost of its tensor"
                ));
            }
            // Not batched at `level`: expanded to the batch size.
            let mut sizes: Vec<SymInt> = m.sizes.to_vec();
            sizes.insert(d, size);
            let u = self.call(
                "aten::unsqueeze",
                &[Value::Tensor(t), Value::Int(SymInt::Int(d as i64))],
            )?;
            let e = self.call(
                "aten::expand",
                &[Value::Tensor(u), Value::Ints(&sizes), Value::Bool(false)],
            )?;
            self.keep_outer_dims(e, dims);
            return Ok(e);
        };
        dims.pop();
        let mut physical = m;
        physical.sizes.insert(d, inner.size);
        physical.strides.insert(d, inner.stride);
        let storage = self.mode.tensor(t).map_err(|e| e.to_string())?.storage;
        let p = self.mode.add_tensor(physical, Some(storage), false);
        self.keep_outer_dims(p, dims);
        Ok(p)
    }

    /// Record `t`'s outer batch dims, if any.
    fn keep_outer_dims(&mut self, t: TensorId, dims: BatchDims) {
        if !dims.is_empty() {
            self.batched.insert(t, dims);
        }
    }

    /// The batch dims of node `i`'s results, after it ran on `outs`: the
    /// levels of its tensor arguments; a result on an argument's storage
    /// (a view, or the argument written in place) keeps that argument's
    /// strides, a new one is dense with its batch dims outermost.
    pub(crate) fn batch_results(&mut self, graph: &Graph, i: usize, outs: &[Output]) {
        let mut inputs = tensor_args(self, graph, i);
        inputs.retain(|t| self.batched.contains_key(t));
        if inputs.is_empty() {
            return;
        }
        // The levels of all batched arguments, outermost first.
        let mut levels: BatchDims = SmallVec::new();
        for x in &inputs {
            for b in &self.batched[x] {
                if !levels.iter().any(|l| l.level == b.level) {
                    levels.push(*b);
                }
            }
        }
        levels.sort_by_key(|b| b.level);
        let results = outs.iter().flat_map(|o| match o {
            Output::Tensor(t) => std::slice::from_ref(t),
            Output::Tensors(ts) => ts.as_slice(),
            _ => &[],
        });
        let results: SmallVec<[TensorId; 4]> = results.copied().collect();
        for t in results {
            if self.batched.contains_key(&t) {
                continue;
            }
            let Ok(ft) = self.mode.tensor(t) else {
                continue;
            };
            let storage = ft.storage;
            let viewed = inputs
                .iter()
                .find(|x| self.mode.tensor(**x).is_ok_and(|fx| fx.storage == storage));
            let dims = match viewed {
                Some(x) => self.viewed_batch_dims(*x, t),
                None => match self.dense_batch_dims(t, &levels) {
                    Some(d) => d,
                    None => continue,
                },
            };
            self.batched.insert(t, dims);
        }
    }

    /// Whether `t` has no element at the hints (a test that records no
    /// guard; `false` where a size has no hint).
    fn empty_at_hints(&mut self, t: TensorId) -> bool {
        let Ok(m) = self.mode.meta(t) else {
            return false;
        };
        let sizes = m.sizes.clone();
        let env = self.mode.env_mut();
        sizes
            .iter()
            .any(|&s| matches!(env.size_hint(s), Ok(Some(0))))
    }

    /// The batch dims of `t`, a view of batched `x`: `x`'s, their strides
    /// counted in `t`'s elements where its dtype is of another size
    /// (`view_as_complex`, `view_as_real`).
    fn viewed_batch_dims(&mut self, x: TensorId, t: TensorId) -> BatchDims {
        let mut dims = self.batched[&x].clone();
        let size = |p: &Self, t| p.mode.meta(t).map_or(1, |m| m.dtype.itemsize() as i64);
        let (from, to) = (size(self, x), size(self, t));
        if from != to {
            let env = self.mode.env_mut();
            for b in &mut dims {
                let bytes = env.mul(b.stride, SymInt::Int(from));
                if let Ok(s) = bytes.and_then(|v| env.floordiv(v, SymInt::Int(to))) {
                    b.stride = s;
                }
            }
        }
        dims
    }

    /// Batch dims `levels` laid outermost over new tensor `t`, with the
    /// strides contiguous strides give them (a dim's stride the product of
    /// the inner sizes, each at least 1): the innermost level's is `t`'s
    /// element count (of an empty `t`, with its zero sizes counted as 1).
    fn dense_batch_dims(&mut self, t: TensorId, levels: &BatchDims) -> Option<BatchDims> {
        let mut sizes: SmallVec<[SymInt; 8]> = levels.iter().map(|b| b.size).collect();
        sizes.extend(self.mode.meta(t).ok()?.sizes.iter().copied());
        let strides = fake_runtime::strides::contiguous(self.mode.env_mut(), &sizes).ok()?;
        let mut dims = levels.clone();
        for (b, &stride) in dims.iter_mut().zip(&strides) {
            b.stride = stride;
        }
        Some(dims)
    }

    /// Why node `i`, a call of `def`, is not modelled in its vmap region:
    /// it takes a tensor of [`Self::unmodelled`], or its batching rule
    /// lays its results out otherwise than `def` does on the logical
    /// tensors (`fake_ops::batches_as_logical`).
    pub(crate) fn vmap_refusal(&mut self, graph: &Graph, i: usize, def: &OpDef) -> Option<String> {
        let (mut unmodelled, mut batched, mut empty) = (false, 0, false);
        for t in tensor_args(self, graph, i) {
            unmodelled |= self.unmodelled.contains(&t);
            if self.batched.contains_key(&t) {
                batched += 1;
                empty |= self.empty_at_hints(t);
            }
        }
        if unmodelled {
            return Some(UNMODELLED_REGION.to_string());
        }
        if batched == 0 {
            return None;
        }
        let why = if empty {
            // The rules set empty operands aside (`cat` skips them).
            "an operand batched is empty"
        } else if !fake_ops::batches_as_logical(def.name, def.tags.pointwise, batched) {
            "its batching rule lays its results out otherwise"
        } else {
            return None;
        };
        Some(format!(
            "{} with {batched} of its operands batched by a vmap: {why}",
            def.name
        ))
    }

    /// Add node `i`'s tensor results to [`Self::unmodelled`].
    pub(crate) fn mark_unmodelled(&mut self, graph: &Graph, i: usize) {
        for v in crate::report::output_values(&graph.nodes[i].outputs) {
            if let Slot::Tensor(t) = self.slot(v) {
                self.unmodelled.insert(t);
            }
        }
    }
}

/// The tensors node `i`'s arguments name.
fn tensor_args(p: &Propagation, graph: &Graph, i: usize) -> SmallVec<[TensorId; 4]> {
    let mut out = SmallVec::new();
    for (_, a) in &graph.nodes[i].args {
        let mut add = |v: &crate::graph::ValueId| {
            if let Slot::Tensor(t) = p.slot(*v) {
                out.push(t);
            }
        };
        match a {
            Arg::Tensor(v) => add(v),
            Arg::Tensors(vs) => vs.iter().for_each(add),
            Arg::OptTensors(vs) => vs.iter().flatten().for_each(add),
            _ => {}
        }
    }
    out
}

/// Whether dim `d` of a layout of `sizes` and `strides` lies outside the
/// others, which are contiguous: its stride at least their element count.
fn outside_contiguous(sizes: &[i64], strides: &[i64], d: usize) -> bool {
    let mut expected = 1i64;
    for k in (0..sizes.len()).rev().filter(|&k| k != d) {
        if sizes[k] == 0 {
            return true;
        }
        if sizes[k] == 1 {
            continue;
        }
        if strides[k] != expected {
            return false;
        }
        expected = expected.saturating_mul(sizes[k]);
    }
    sizes[d] <= 1 || strides[d] >= expected
}
