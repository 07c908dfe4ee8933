//! Peak memory of a propagated program, as a formula of its symbols.
//!
//! Memory is counted in storages, as PyTorch allocates it:
//!
//! - A storage is born at the node whose result first lives on it. Views
//!   and in-place results share their argument's storage and allocate
//!   nothing; the graph's inputs (parameters, buffers, constants, user
//!   inputs) are live throughout and counted apart ([`InputBytes`]).
//! - Its size is PyTorch's `computeStorageNbytes` of the largest tensor on
//!   it: `(storage_offset + 1 + sum((size_i - 1) * stride_i)) * itemsize`,
//!   or 0 when a size is 0 (a size that may be 0 but is not known to be
//!   multiplies the extent by `Max(0, Min(1, size))`, which is 0 or 1).
//! - It is live from its birth to the last node that reads a tensor on it
//!   (both included: while a node runs its arguments and results are
//!   live), or to the end when it backs a program output.
//!
//! The live bytes while node `i` runs are a sum of such expressions
//! ([`MemReport::live`]); the peak is their maximum, a `Max(...)` of the
//! candidates that no other candidate bounds over the symbols' ranges
//! ([`MemReport::candidates`]). Dominance is decided as the ShapeEnv
//! decides a condition statically (ranges, PyTorch's reallocation of
//! symbols above their lower bounds), never from the hints: no guard is
//! recorded.
//!
//! A node that did not run (no rule, or its kernel failed) has outputs made
//! from PyTorch's recorded metadata, each on a fresh storage; its results
//! are then placed on an argument's storage when the operator's schema
//! (for a registered operator) or its name (an in-place `name_`, an `out=`
//! argument) says they alias one, else counted as new storages and listed
//! in [`MemReport::assumed_fresh`].
//!
//! Evaluating a formula ([`Point`], [`MemReport::peak_at`]), showing it with
//! some symbols fixed ([`substitute`]) and solving for the largest size
//! within a budget ([`solve_budget`]) work on the same expressions;
//! [`Breakdown`] puts them together as `fake mem` prints them, for the
//! command line and the Python package alike.

mod breakdown;
mod budget;
mod units;

pub use breakdown::{
    AtRow, Breakdown, BudgetReport, BudgetRow, CandidateRow, Formula, InputRow, NodeRow,
    StorageRow, SymbolRow, SymbolValues,
};
pub use budget::{Fit, Solved, solve_budget};
pub use units::{format_bytes, parse_bytes};

use crate::graph::{Arg, Graph, InputKind, NodeOutput, Producer, ValueId};
use crate::prop::{Propagation, Slot, Status};
use fake_runtime::sym::{Symbol, ValueRange};
use fake_runtime::tensor::StorageId;
use fake_runtime::{ShapeEnv, SymInt, TensorMeta};
use std::collections::{BTreeMap, HashMap};
use thiserror::Error;

/// Why memory cannot be computed or evaluated.
#[derive(Debug, Clone, PartialEq, Eq, Error)]
#[non_exhaustive]
pub enum MemError {
    /// Symbolic arithmetic failed (an overflow at the sizes asked for).
    #[error("{0}")]
    Arithmetic(String),
    /// A name that is not a symbol of the program.
    #[error("`{name}` is not a symbol of the program (its symbols: {known})")]
    UnknownSymbol {
        /// The name given.
        name: String,
        /// The program's symbols, comma-separated.
        known: String,
    },
    /// A value that cannot be a size.
    #[error("{name} = {value}: a size cannot be negative")]
    Negative {
        /// The symbol.
        name: String,
        /// The value given.
        value: i64,
    },
    /// A formula needs a symbol that has no hint and was given no value.
    #[error("{symbol} is data-dependent (unbacked): it has no hint, so it needs a value")]
    NoValue {
        /// The symbol.
        symbol: String,
    },
}

impl From<fake_runtime::Error> for MemError {
    fn from(e: fake_runtime::Error) -> Self {
        MemError::Arithmetic(e.to_string())
    }
}

/// Where a storage comes from.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Origin {
    /// Graph input number `i`: live throughout.
    Input(usize),
    /// Node number `node`, whose result `value` first lives on it.
    Node {
        /// The node.
        node: usize,
        /// Its result on this storage.
        value: ValueId,
    },
}

/// One storage of the program.
#[derive(Debug, Clone, PartialEq)]
pub struct Storage {
    /// The mode's storage.
    pub id: StorageId,
    /// Who made it.
    pub origin: Origin,
    /// Its size in bytes.
    pub bytes: SymInt,
    /// The value whose tensor is the largest on it (the first of them).
    pub largest: ValueId,
    /// The last node that reads a tensor on it.
    pub last_read: Option<usize>,
    /// Whether it backs a program output (never freed).
    pub output: bool,
}

impl Storage {
    /// The node that makes it, `None` for an input.
    pub fn born(&self) -> Option<usize> {
        match self.origin {
            Origin::Input(_) => None,
            Origin::Node { node, .. } => Some(node),
        }
    }

    /// Whether it is live while node `i` of a graph of `nodes` nodes runs.
    pub fn live_at(&self, i: usize, nodes: usize) -> bool {
        match self.born() {
            None => true,
            Some(b) => b <= i && i <= self.dies_after(nodes).unwrap_or(b),
        }
    }

    /// The last node during which it is live (`None` for an input: never
    /// freed).
    pub fn dies_after(&self, nodes: usize) -> Option<usize> {
        let b = self.born()?;
        Some(if self.output {
            nodes.saturating_sub(1).max(b)
        } else {
            self.last_read.map_or(b, |r| r.max(b))
        })
    }
}

/// The bytes of the graph's inputs, live throughout, by kind.
#[derive(Debug, Clone, PartialEq)]
pub struct InputBytes {
    /// Parameters.
    pub parameters: SymInt,
    /// Buffers.
    pub buffers: SymInt,
    /// Constant tensors.
    pub constants: SymInt,
    /// User inputs.
    pub user_inputs: SymInt,
    /// Other inputs (tokens, lifted constants).
    pub other: SymInt,
    /// All of them (a storage shared by two inputs counts once).
    pub total: SymInt,
    /// How many storages of each kind, in the order above.
    pub counts: [usize; 5],
}

/// A candidate for the peak: the live bytes while `node` runs (the first
/// node where they take this form).
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct Candidate {
    /// The node.
    pub node: usize,
    /// The live bytes, inputs included.
    pub bytes: SymInt,
}

/// The memory of a propagated program.
#[derive(Debug, Clone, PartialEq)]
pub struct MemReport {
    /// Every storage of the program's values: the inputs' first, then in
    /// the order nodes make them.
    pub storages: Vec<Storage>,
    /// The inputs' bytes.
    pub inputs: InputBytes,
    /// Per node: the bytes live while it runs, inputs included.
    pub live: Vec<SymInt>,
    /// The live totals no other one bounds over the symbols' ranges, in
    /// node order.
    pub candidates: Vec<Candidate>,
    /// The peak: `Max` of the candidates (the inputs' total for a graph
    /// without nodes).
    pub peak: SymInt,
    /// Nodes that did not run and whose results are counted as new
    /// storages without knowing whether they alias an argument.
    pub assumed_fresh: Vec<usize>,
}

/// `a >= b` for every value the symbols may take, decided without a guard.
fn provably_ge(env: &mut ShapeEnv, a: SymInt, b: SymInt) -> Result<bool, MemError> {
    if let (SymInt::Int(x), SymInt::Int(y)) = (a, b) {
        return Ok(x >= y);
    }
    let c = env.ge(a, b)?;
    Ok(env.statically_known_true(c))
}

/// The larger of `a` and `b` when the ranges say which, else `Max(a, b)`.
fn larger(env: &mut ShapeEnv, a: SymInt, b: SymInt) -> Result<SymInt, MemError> {
    if provably_ge(env, a, b)? {
        Ok(a)
    } else if provably_ge(env, b, a)? {
        Ok(b)
    } else {
        Ok(env.max(a, b)?)
    }
}

/// PyTorch's `computeStorageNbytes` of a tensor.
pub fn storage_nbytes(env: &mut ShapeEnv, m: &TensorMeta) -> Result<SymInt, MemError> {
    if m.sizes.contains(&SymInt::Int(0)) {
        return Ok(SymInt::Int(0));
    }
    let one = SymInt::Int(1);
    let extent_with = |env: &mut ShapeEnv, zero: Option<usize>| -> Result<SymInt, MemError> {
        let mut extent = env.add(m.storage_offset, one)?;
        for (d, (&size, &stride)) in m.sizes.iter().zip(&m.strides).enumerate() {
            let size = if zero == Some(d) {
                SymInt::Int(0)
            } else {
                size
            };
            let d = env.sub(size, one)?;
            let d = env.mul(d, stride)?;
            extent = env.add(extent, d)?;
        }
        Ok(extent)
    };
    let mut extent = extent_with(env, None)?;
    // A size that may be 0 (an unbacked one): the extent counts only when
    // it is not, unless the extent is 0 then anyway (the outermost dim of
    // a contiguous tensor).
    for (d, &size) in m.sizes.iter().enumerate() {
        if let SymInt::Expr(_) = size
            && env.value_range(size)?.lo().is_none_or(|lo| lo < 1)
        {
            let at_zero = extent_with(env, Some(d))?;
            if env.provably_equal(at_zero, SymInt::Int(0))? {
                continue;
            }
            let nonzero = env.min(one, size)?;
            let nonzero = env.max(SymInt::Int(0), nonzero)?;
            extent = env.mul(extent, nonzero)?;
        }
    }
    let itemsize = SymInt::Int(m.dtype.itemsize() as i64);
    Ok(env.mul(extent, itemsize)?)
}

/// The tensor values a node argument names.
fn arg_tensors(arg: &Arg, out: &mut Vec<ValueId>) {
    match arg {
        Arg::Tensor(v) => out.push(*v),
        Arg::Tensors(vs) => out.extend(vs),
        Arg::OptTensors(vs) => out.extend(vs.iter().flatten()),
        _ => {}
    }
}

/// The values a list of node results (or graph outputs) defines.
fn output_values(outputs: &[NodeOutput]) -> Vec<ValueId> {
    let mut out = Vec::new();
    for o in outputs {
        match o {
            NodeOutput::Tensor(v) => out.push(*v),
            NodeOutput::Tensors(vs) => out.extend(vs),
            _ => {}
        }
    }
    out
}

/// For a node that did not run: the argument each result aliases, by the
/// registered schema's alias annotations, else by PyTorch's naming (an
/// in-place `name_` writes `self`; an `out=` overload returns `out`).
/// `None` for a result on a new storage; the second value says whether
/// the answer is known (a registered schema) or assumed.
fn aliased_argument(
    graph: &Graph,
    p: &Propagation,
    node: usize,
    result: usize,
) -> (Option<ValueId>, bool) {
    let n = &graph.nodes[node];
    let Some(op) = n.op.as_deref() else {
        return (None, false);
    };
    let tensor_arg = |name: &str| match n.arg(name) {
        Some(Arg::Tensor(v)) => Some(*v),
        _ => None,
    };
    if let Some(def) = p.mode.registry().lookup(op) {
        let alias = def.returns.get(result).and_then(|r| r.alias);
        let Some(alias) = alias else {
            return (None, true);
        };
        let param = def.params.iter().find(|q| {
            q.alias
                .is_some_and(|a| a.sets.iter().any(|s| alias.sets.contains(s)))
        });
        return (param.and_then(|q| tensor_arg(q.name)), true);
    }
    let base = op.split("::").nth(1).unwrap_or(op);
    let name = base.split('.').next().unwrap_or(base);
    if name.ends_with('_') && !name.starts_with("__") && result == 0 {
        return (tensor_arg("self"), false);
    }
    if let Some(v) = tensor_arg("out") {
        return (Some(v), false);
    }
    (None, false)
}

impl MemReport {
    /// Compute the memory of `graph` as propagated in `p`.
    pub fn new(graph: &Graph, p: &mut Propagation) -> Result<MemReport, MemError> {
        let nodes = graph.nodes.len();
        // The storage of every tensor value, inputs first.
        let mut storage_of: Vec<Option<StorageId>> = vec![None; graph.values.len()];
        let mut index: HashMap<StorageId, usize> = HashMap::new();
        let mut storages: Vec<Storage> = Vec::new();
        let mut assumed_fresh = Vec::new();
        let mode_storage = |p: &Propagation, v: ValueId| match p.slots.get(v.0 as usize) {
            Some(Slot::Tensor(t)) => p.mode.tensor(*t).ok().map(|f| f.storage),
            _ => None,
        };
        for (i, input) in graph.inputs.iter().enumerate() {
            let Some(v) = input.value else { continue };
            let Some(s) = mode_storage(p, v) else {
                continue;
            };
            storage_of[v.0 as usize] = Some(s);
            index.entry(s).or_insert_with(|| {
                storages.push(Storage {
                    id: s,
                    origin: Origin::Input(i),
                    bytes: SymInt::Int(0),
                    largest: v,
                    last_read: None,
                    output: false,
                });
                storages.len() - 1
            });
        }
        for (i, node) in graph.nodes.iter().enumerate() {
            let mut args = Vec::new();
            for (_, a) in &node.args {
                arg_tensors(a, &mut args);
            }
            for v in args {
                if let Some(&k) = storage_of[v.0 as usize].and_then(|s| index.get(&s)) {
                    let r = &mut storages[k].last_read;
                    *r = Some(r.map_or(i, |r| r.max(i)));
                }
            }
            let ran = p.status.get(i) == Some(&Status::Ran);
            let mut fresh = false;
            for (j, o) in node.outputs.iter().enumerate() {
                for v in output_values(std::slice::from_ref(o)) {
                    let mut s = mode_storage(p, v);
                    if !ran {
                        let (alias, known) = aliased_argument(graph, p, i, j);
                        match alias.and_then(|a| storage_of[a.0 as usize]) {
                            Some(a) => s = Some(a),
                            None => fresh |= !known,
                        }
                    }
                    let Some(s) = s else { continue };
                    storage_of[v.0 as usize] = Some(s);
                    index.entry(s).or_insert_with(|| {
                        storages.push(Storage {
                            id: s,
                            origin: Origin::Node { node: i, value: v },
                            bytes: SymInt::Int(0),
                            largest: v,
                            last_read: None,
                            output: false,
                        });
                        storages.len() - 1
                    });
                }
            }
            if fresh {
                assumed_fresh.push(i);
            }
        }
        for v in output_values(&graph.outputs) {
            if let Some(&k) = storage_of[v.0 as usize].and_then(|s| index.get(&s)) {
                storages[k].output = true;
            }
        }
        // Bytes: the largest tensor on each storage.
        let mut seen = std::collections::HashSet::new();
        let mut best: Vec<Option<(SymInt, Option<i64>)>> = vec![None; storages.len()];
        for (vi, s) in storage_of.iter().enumerate() {
            let Some(&k) = s.and_then(|s| index.get(&s)) else {
                continue;
            };
            let Some(Slot::Tensor(t)) = p.slots.get(vi).copied() else {
                continue;
            };
            if !seen.insert(t) {
                continue;
            }
            let Ok(meta) = p.mode.meta(t).cloned() else {
                continue;
            };
            let env = p.mode.env_mut();
            let b = storage_nbytes(env, &meta)?;
            let hint = env.size_hint(b).ok().flatten();
            best[k] = Some(match best[k] {
                None => {
                    storages[k].largest = ValueId(vi as u32);
                    (b, hint)
                }
                Some((cur, cur_hint)) => {
                    if hint > cur_hint {
                        storages[k].largest = ValueId(vi as u32);
                    }
                    (larger(env, cur, b)?, cur_hint.max(hint))
                }
            });
        }
        for (s, b) in storages.iter_mut().zip(best) {
            if let Some((bytes, _)) = b {
                s.bytes = bytes;
            }
        }
        let inputs = input_bytes(graph, p, &storages)?;
        // Live bytes while each node runs.
        let env = p.mode.env_mut();
        let mut live = Vec::with_capacity(nodes);
        for i in 0..nodes {
            let mut total = inputs.total;
            for s in &storages {
                if s.born().is_some() && s.live_at(i, nodes) {
                    total = env.add(total, s.bytes)?;
                }
            }
            live.push(env.simplify_int(total)?);
        }
        let candidates = prune(env, &live)?;
        let mut peak = match candidates.first() {
            Some(c) => c.bytes,
            None => inputs.total,
        };
        for c in candidates.iter().skip(1) {
            peak = env.max(peak, c.bytes)?;
        }
        Ok(MemReport {
            storages,
            inputs,
            live,
            candidates,
            peak,
            assumed_fresh,
        })
    }

    /// The storages born at a node that are live while node `i` runs
    /// (inputs are not listed), as indices into [`MemReport::storages`].
    pub fn live_storages(&self, i: usize) -> Vec<usize> {
        let nodes = self.live.len();
        (0..self.storages.len())
            .filter(|&k| {
                let s = &self.storages[k];
                s.born().is_some() && s.live_at(i, nodes)
            })
            .collect()
    }

    /// The peak at `point` and the first node where it is reached (`None`
    /// for a graph without nodes).
    pub fn peak_at(
        &self,
        p: &mut Propagation,
        point: &Point,
    ) -> Result<(i64, Option<usize>), MemError> {
        let mut best: Option<(i64, usize)> = None;
        for (i, &l) in self.live.iter().enumerate() {
            let v = point.eval(p, l)?;
            if best.is_none_or(|(b, _)| v > b) {
                best = Some((v, i));
            }
        }
        match best {
            Some((v, i)) => Ok((v, Some(i))),
            None => Ok((point.eval(p, self.inputs.total)?, None)),
        }
    }

    /// The free symbols of the peak formula, sorted by their names.
    pub fn symbols(&self, p: &mut Propagation) -> Result<Vec<Symbol>, MemError> {
        let peak = p.mode.env_mut().simplify_int(self.peak)?;
        let SymInt::Expr(e) = peak else {
            return Ok(Vec::new());
        };
        let mut list = p.mode.env().arena().free_symbols(e);
        list.sort_by_cached_key(|&s| symbol_name(p, s));
        Ok(list)
    }
}

/// Drop the live totals another one bounds over the ranges; keep the first
/// node of each remaining form, in node order.
fn prune(env: &mut ShapeEnv, live: &[SymInt]) -> Result<Vec<Candidate>, MemError> {
    let mut distinct: Vec<(Candidate, Option<i64>)> = Vec::new();
    for (i, &l) in live.iter().enumerate() {
        if distinct.iter().any(|(c, _)| c.bytes == l) {
            continue;
        }
        let hint = env.size_hint(l).ok().flatten();
        distinct.push((Candidate { node: i, bytes: l }, hint));
    }
    // Largest at the hints first: those are the likeliest to bound others.
    distinct.sort_by_key(|(c, h)| (std::cmp::Reverse(*h), c.node));
    let mut kept: Vec<Candidate> = Vec::new();
    for (c, _) in distinct {
        let mut dominated = false;
        for k in &kept {
            if provably_ge(env, k.bytes, c.bytes)? {
                dominated = true;
                break;
            }
        }
        if dominated {
            continue;
        }
        let mut still = Vec::with_capacity(kept.len() + 1);
        for k in kept {
            if !provably_ge(env, c.bytes, k.bytes)? {
                still.push(k);
            }
        }
        kept = still;
        kept.push(c);
    }
    kept.sort_by_key(|c| c.node);
    Ok(kept)
}

fn input_bytes(
    graph: &Graph,
    p: &mut Propagation,
    storages: &[Storage],
) -> Result<InputBytes, MemError> {
    let env = p.mode.env_mut();
    let zero = SymInt::Int(0);
    let mut by_kind = [zero; 5];
    let mut counts = [0; 5];
    let mut total = zero;
    for s in storages {
        let Origin::Input(i) = s.origin else { continue };
        let k = match graph.inputs[i].kind {
            InputKind::Parameter(_) => 0,
            InputKind::Buffer(_) => 1,
            InputKind::Constant(_) => 2,
            InputKind::User => 3,
            InputKind::Other => 4,
        };
        by_kind[k] = env.add(by_kind[k], s.bytes)?;
        counts[k] += 1;
        total = env.add(total, s.bytes)?;
    }
    let [parameters, buffers, constants, user_inputs, other] = by_kind;
    Ok(InputBytes {
        parameters,
        buffers,
        constants,
        user_inputs,
        other,
        total,
        counts,
    })
}

/// The name a symbol is printed with: the program's (`s77`), else the
/// ShapeEnv's.
pub fn symbol_name(p: &Propagation, s: Symbol) -> String {
    match p.symbols.name_of(s) {
        Some(n) => n.to_string(),
        None => p.mode.env().arena().symbol_name(s),
    }
}

/// The symbol printed as `name`, or whose value is the source `name`
/// (`x.size()[0]`).
pub fn symbol_named(p: &Propagation, name: &str) -> Option<Symbol> {
    if let Some(v) = p.symbols.get(name)
        && let Some(s) = p.mode.env().as_symbol(v)
    {
        return Some(s);
    }
    let env = p.mode.env();
    env.symbols().find(|&s| {
        (p.symbols.name_of(s).is_none() && env.arena().symbol_name(s) == name)
            || env
                .symbol_sources(s)
                .iter()
                .any(|src| src.to_string() == name)
    })
}

/// Values for some symbols; the others take their hints.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct Point {
    given: BTreeMap<Symbol, i64>,
}

impl Point {
    /// Every symbol at its hint.
    pub fn hints() -> Point {
        Point::default()
    }

    /// The symbols named in `at` (`("s77", 8)`, or by source:
    /// `("x.size()[0]", 8)`) at those values.
    pub fn new(p: &Propagation, at: &[(String, i64)]) -> Result<Point, MemError> {
        let mut given = BTreeMap::new();
        for (name, value) in at {
            let Some(s) = symbol_named(p, name) else {
                let mut known: Vec<&str> = p.symbols.iter().into_iter().map(|(n, _)| n).collect();
                known.sort_unstable();
                return Err(MemError::UnknownSymbol {
                    name: name.clone(),
                    known: known.join(", "),
                });
            };
            if *value < 0 {
                return Err(MemError::Negative {
                    name: name.clone(),
                    value: *value,
                });
            }
            given.insert(s, *value);
        }
        Ok(Point { given })
    }

    /// This point with `s` at `value`.
    pub fn with(&self, s: Symbol, value: i64) -> Point {
        let mut given = self.given.clone();
        given.insert(s, value);
        Point { given }
    }

    /// The symbols given a value, with it.
    pub fn given(&self) -> impl Iterator<Item = (Symbol, i64)> + '_ {
        self.given.iter().map(|(&s, &v)| (s, v))
    }

    /// The value of `s` here: given, else its hint.
    pub fn value(&self, p: &Propagation, s: Symbol) -> Option<i64> {
        self.given
            .get(&s)
            .copied()
            .or_else(|| p.mode.env().symbol_hint(s))
    }

    /// The value of `v` here.
    pub fn eval(&self, p: &mut Propagation, v: SymInt) -> Result<i64, MemError> {
        let v = p.mode.env_mut().simplify_int(v)?;
        let SymInt::Expr(e) = v else {
            return Ok(v.as_int().unwrap_or(0));
        };
        let env = p.mode.env();
        let value = |s: Symbol| self.given.get(&s).copied().or_else(|| env.symbol_hint(s));
        match env.arena().eval(e, &value)? {
            Some(x) => Ok(x),
            None => {
                let missing = env
                    .arena()
                    .free_symbols(e)
                    .into_iter()
                    .find(|&s| value(s).is_none());
                Err(MemError::NoValue {
                    symbol: missing.map_or_else(String::new, |s| symbol_name(p, s)),
                })
            }
        }
    }

    /// Whether a trace at these sizes takes the decisions this one took:
    /// every symbol in its range and every guard true.
    pub fn within_guards(&self, p: &Propagation) -> bool {
        let env = p.mode.env();
        let mut values: HashMap<fake_runtime::Source, i64> = HashMap::new();
        for s in env.symbols() {
            if let Some(v) = self.value(p, s) {
                for src in env.symbol_sources(s) {
                    values.insert(src.clone(), v);
                }
            }
        }
        let ranges_hold = self
            .given
            .iter()
            .all(|(&s, &v)| env.symbol_range(s).contains(v));
        ranges_hold
            && env
                .check_guards(&|src| values.get(src).copied())
                .unwrap_or(false)
    }
}

/// `v` printed with the given symbols of `point` replaced by their values
/// (the others stay symbols), simplified, and with `Max` arguments the
/// ranges order dropped.
pub fn substitute(p: &mut Propagation, v: SymInt, point: &Point) -> Result<String, MemError> {
    let v = p.mode.env_mut().simplify_int(v)?;
    let SymInt::Expr(e) = v else {
        return Ok(p.display(v));
    };
    let mut arena = p.mode.env().arena().clone();
    let values: HashMap<Symbol, _> = point.given().map(|(s, x)| (s, arena.int(x))).collect();
    let r = arena.subst(e, &mut |s| values.get(&s).copied())?;
    let r = arena.prune_extrema(r)?;
    if let Some(x) = arena.as_int(r) {
        return Ok(x.to_string());
    }
    Ok(arena.display_with(r, &|s| symbol_name(p, s)))
}

/// A symbol's range as the ShapeEnv keeps it.
pub fn symbol_range(p: &Propagation, s: Symbol) -> ValueRange {
    p.mode.env().symbol_range(s)
}

/// Where a value comes from, for messages: the node's name and operator,
/// or the input's name.
pub fn made_by(graph: &Graph, v: ValueId) -> (String, String) {
    let info = graph.value(v);
    match info.producer {
        Producer::Input(i) => (info.name.clone(), format!("input #{i}")),
        Producer::Node(i) => {
            let n = &graph.nodes[i];
            (
                n.name.clone(),
                n.op.clone().unwrap_or_else(|| n.target.clone()),
            )
        }
    }
}
