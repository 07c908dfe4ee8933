//! The expression arena: hash-consing, canonicalising constructors, value
//! ranges, substitution and evaluation.
//!
//! Every constructor returns the canonical form, so two ways of writing the
//! same expression (`s0 + s1` and `s1 + s0`, `(2*s0)//2` and `s0`) give the
//! same [`ExprId`]. Simplifications that depend on what is known about a
//! symbol (`Max(s0, 1)` is `s0` when `s0 >= 2`) read the symbol ranges the
//! arena holds at the time of construction.

use super::decide::ceil_div;
use super::expr::{Args, CoeffOverflow, ExprId, Node, Poly, RelOp, Symbol};
use super::list_memo::ListMemo;
use super::range::ValueRange;
use crate::error::{Error, ErrorKind, Result};
use hashbrown::HashTable;
use hashbrown::hash_table::Entry;
use rustc_hash::{FxHashMap, FxHashSet, FxHasher};
use std::hash::{Hash, Hasher};

/// The terms `c * s` of an expression linear in symbols
/// ([`ExprArena::linear_terms`]).
pub type LinearTerms = smallvec::SmallVec<[(Symbol, i64); 4]>;

mod clean_div;
mod extremum;
mod print_form;
mod solve;
mod traverse;

pub(crate) use print_form::PrintForm;

/// What the arena knows of one symbol.
#[derive(Debug, Clone, PartialEq)]
pub(crate) struct SymbolInfo {
    /// Unbacked symbols (`u0`) have no hint.
    pub(crate) unbacked: bool,
    /// The number in the symbol's name (`s3` -> 3).
    pub(crate) ordinal: u32,
    /// What values the symbol may take.
    pub(crate) range: ValueRange,
    /// Whether sympy knows it positive (PyTorch makes size symbols with
    /// `positive=True`; integer inputs and unbacked symbols are only
    /// `integer=True`), whatever its range says later.
    pub(crate) positive: bool,
    /// The symbol's own expression.
    pub(crate) expr: ExprId,
}

/// Interned expressions and the symbols they are built from.
#[derive(Debug, Clone)]
pub struct ExprArena {
    nodes: Vec<Node>,
    /// Per node, what is known of it without walking it, kept as nodes
    /// are interned: its depth (so the ShapeEnv can refuse an expression
    /// too deep to recurse over, [`crate::limits::MAX_EXPR_DEPTH`]) and
    /// its symbols' bounds (the dispatch cache's "unrepresented symbol"
    /// test on every output size).
    summaries: Vec<Summary>,
    /// Every node by its hash: `(hash, id)` pairs in a raw table probed
    /// with the hash and compared against `nodes`, so a node is hashed
    /// once and stored once (in `nodes`), and growing the table never
    /// hashes a node again.
    memo: HashTable<(u64, ExprId)>,
    /// `(op, a, b, ranges) -> result` for binary constructors. Handles
    /// are canonical, so a result is right in the state of the symbols'
    /// ranges it was made in (range-dependent simplifications go further
    /// as ranges narrow): each is keyed by that state ([`Self::ranges`]).
    op_cache: HashTable<(BinOp, ExprId, ExprId, u64, ExprId)>,
    /// `(cond, ranges) -> decide_by_ranges(cond)`, undecided answers
    /// included, keyed by the ranges' state as `op_cache` is.
    range_decisions: FxHashMap<(ExprId, u64), Option<bool>>,
    /// Symbolic sizes -> their contiguous strides (`strides::contiguous`;
    /// sizes and a physical order -> the elementwise rule's dense strides
    /// in that order), with the ranges' state they were made in (right
    /// only in it, as `op_cache`'s results).
    contiguous: ListMemo<(u64, crate::shape::Dims)>,
    /// The state of the symbols' ranges: a hash of every range change
    /// since the arena was made, in order. Two states of one arena (or of
    /// an arena and a copy put back to an earlier state of it) with equal
    /// values went through the same changes from the same ranges, so they
    /// hold the same ranges: a replay that narrows ranges as the run it
    /// replays did finds that run's memoised results again.
    ranges: u64,
    /// Products that PyTorch prints with a sum kept as a factor
    /// ([`PrintForm`]), by value. Not a memo: kept when ranges change.
    pub(crate) print_forms: FxHashMap<ExprId, PrintForm>,
    /// The comparisons `a OP b` whose canonical form divided out a common
    /// factor and rounded the constant (`49*x >= 2` kept as `x >= 1`), by
    /// their sides: a pure function of them, so kept as the arena is
    /// ([`Self::made_rounded`]).
    rounded_args: FxHashSet<(RelOp, ExprId, ExprId)>,
    /// Expressions -> their values at the symbols' hints (`None`: an
    /// unbacked symbol's value is needed), as the ShapeEnv evaluates them
    /// (`ShapeEnv::hint_of`). A symbol's hint is fixed when it is made, so
    /// a pure function of the expression, kept as the arena is.
    hints: FxHashMap<ExprId, Option<i64>>,
    /// `(op, p, ranges) -> refined_ranges(op, p)`: the ranges a fact
    /// `p OP 0` gives its symbols, a function of the fact and the ranges'
    /// state, keyed by both as `op_cache` is.
    refinements: FxHashMap<(RelOp, ExprId, u64), Refinements>,
    pub(crate) symbols: Vec<SymbolInfo>,
    backed: u32,
    unbacked: u32,
    true_id: ExprId,
    false_id: ExprId,
    /// Per node, a hash of it and of every node before it: two arenas
    /// whose chains agree at a length hold the same nodes up to it.
    chain: Vec<u64>,
}

/// The ranges a fact gives its symbols ([`ExprArena::refined_ranges`]):
/// at most five (a fact of more refines nothing).
pub(crate) type Refinements = smallvec::SmallVec<[(Symbol, ValueRange); 2]>;

/// What an arena knows of a node without walking it.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
struct Summary {
    /// Nesting depth: 1 for a constant or a symbol, one more than its
    /// deepest argument otherwise.
    depth: u32,
    /// One more than the highest index of a symbol it mentions (0: none).
    symbols_end: u32,
    /// Whether it mentions an unbacked symbol.
    unbacked: bool,
}

impl Summary {
    /// A constant's.
    const LEAF: Summary = Summary {
        depth: 1,
        symbols_end: 0,
        unbacked: false,
    };
}

/// Constants interned when an arena is made, found by index rather than
/// by hashing (`SMALL_INTS.start` is at index 0): the constants shape
/// arithmetic meets most (`-1`, `0`, `1`, small sizes and strides).
const SMALL_INTS: std::ops::RangeInclusive<i64> = -8..=64;

impl Default for ExprArena {
    fn default() -> Self {
        Self::new()
    }
}

/// Binary constructors whose results are memoised.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub(super) enum BinOp {
    Add,
    Sub,
    Mul,
    FloorDiv,
    Mod,
    Max,
    Min,
    /// A relation `a OP b`.
    Rel(RelOp),
}

impl ExprArena {
    /// An empty arena.
    pub fn new() -> Self {
        let mut arena = ExprArena {
            nodes: Vec::new(),
            summaries: Vec::new(),
            memo: HashTable::new(),
            op_cache: HashTable::new(),
            range_decisions: FxHashMap::default(),
            contiguous: ListMemo::default(),
            ranges: 0,
            print_forms: FxHashMap::default(),
            rounded_args: FxHashSet::default(),
            hints: FxHashMap::default(),
            refinements: FxHashMap::default(),
            symbols: Vec::new(),
            backed: 0,
            unbacked: 0,
            true_id: ExprId(0),
            false_id: ExprId(0),
            chain: Vec::new(),
        };
        arena.true_id = arena.intern(Node::Bool(true));
        arena.false_id = arena.intern(Node::Bool(false));
        // Not entered in `memo`: `int` finds these by index, and it is the
        // only way an integer node is made.
        arena.nodes.extend(SMALL_INTS.map(Node::Int));
        arena.summaries.resize(arena.nodes.len(), Summary::LEAF);
        for i in arena.chain.len()..arena.nodes.len() {
            let mut h = FxHasher::default();
            arena.nodes[i].hash(&mut h);
            arena.push_chain(h.finish());
        }
        arena
    }

    /// Extend the chain by a node with this hash.
    fn push_chain(&mut self, hash: u64) {
        let last = self.chain.last().copied().unwrap_or(0);
        self.chain.push(last.rotate_left(7) ^ hash);
    }

    pub(crate) fn intern(&mut self, node: Node) -> ExprId {
        let mut h = FxHasher::default();
        node.hash(&mut h);
        let hash = h.finish();
        let nodes = &self.nodes;
        match self.memo.entry(
            hash,
            |&(h, id)| h == hash && nodes[id.0 as usize] == node,
            |&(h, _)| h,
        ) {
            Entry::Occupied(e) => e.get().1,
            Entry::Vacant(e) => {
                let id = ExprId(self.nodes.len() as u32);
                e.insert((hash, id));
                let summary = self.summarise(&node);
                self.summaries.push(summary);
                self.nodes.push(node);
                self.push_chain(hash);
                id
            }
        }
    }

    /// The summary of a node about to be interned, from its children's.
    fn summarise(&self, node: &Node) -> Summary {
        let child = |c: &ExprId| {
            self.summaries
                .get(c.0 as usize)
                .copied()
                .unwrap_or(Summary::LEAF)
        };
        let combine = |children: &mut dyn Iterator<Item = Summary>| {
            let mut out = Summary {
                depth: 0,
                ..Summary::LEAF
            };
            for c in children {
                out.depth = out.depth.max(c.depth);
                out.symbols_end = out.symbols_end.max(c.symbols_end);
                out.unbacked |= c.unbacked;
            }
            out.depth = out.depth.saturating_add(1);
            out
        };
        match node {
            Node::Int(_) | Node::Bool(_) => Summary::LEAF,
            Node::Symbol(s) => Summary {
                depth: 1,
                symbols_end: s.0.saturating_add(1),
                unbacked: self
                    .symbols
                    .get(s.0 as usize)
                    .is_some_and(|info| info.unbacked),
            },
            Node::Sum { terms, .. } => combine(
                &mut terms
                    .iter()
                    .flat_map(|(m, _)| m.iter().map(|(a, _)| child(a))),
            ),
            Node::FloorDiv(a, b) | Node::Mod(a, b) => {
                combine(&mut [child(a), child(b)].into_iter())
            }
            Node::Rel(_, a) | Node::TruncScaled(_, a) => combine(&mut std::iter::once(child(a))),
            Node::Max(args) | Node::Min(args) | Node::And(args) | Node::Or(args) => {
                combine(&mut args.iter().map(child))
            }
        }
    }

    /// The nesting depth of `id`: 1 for a constant or a symbol, one more
    /// than its deepest argument otherwise.
    pub fn depth(&self, id: ExprId) -> u32 {
        self.summaries.get(id.0 as usize).map_or(1, |s| s.depth)
    }

    /// Whether `id` mentions an unbacked symbol.
    pub fn mentions_unbacked(&self, id: ExprId) -> bool {
        self.summaries
            .get(id.0 as usize)
            .is_some_and(|s| s.unbacked)
    }

    pub(crate) fn node(&self, id: ExprId) -> &Node {
        &self.nodes[id.0 as usize]
    }

    /// True when `id` was made by this arena.
    pub fn owns(&self, id: ExprId) -> bool {
        (id.0 as usize) < self.nodes.len()
    }

    /// True when this arena holds `earlier`'s nodes (the chain of node
    /// hashes agrees at `earlier`'s length), maybe more, and the same
    /// symbols, whose ranges may have changed since: then
    /// [`Self::put_back_ranges`] gives it `earlier`'s state, its
    /// expressions kept and every memoised result keyed by the ranges it
    /// was made in.
    pub(crate) fn extends(&self, earlier: &ExprArena) -> bool {
        let n = earlier.nodes.len();
        self.nodes.len() >= n
            && (n == 0 || self.chain.get(n - 1) == earlier.chain.get(n - 1))
            && self.symbols.len() == earlier.symbols.len()
            && self.symbols.iter().zip(&earlier.symbols).all(|(a, b)| {
                SymbolInfo {
                    range: b.range,
                    ..*a
                } == *b
            })
    }

    /// The state of the symbols' ranges ([`Self::ranges`]): equal in two
    /// states that went through the same range changes.
    #[inline]
    pub(crate) fn ranges_state(&self) -> u64 {
        self.ranges
    }

    /// Put the symbols' ranges back to `earlier`'s, an arena this one
    /// [`extends`](Self::extends).
    pub(crate) fn put_back_ranges(&mut self, earlier: &ExprArena) {
        self.symbols.clone_from(&earlier.symbols);
        self.ranges = earlier.ranges;
    }

    /// The contiguous strides (or dense strides in a physical order,
    /// `second`) remembered for `first` in the current ranges.
    #[inline]
    pub(crate) fn contiguous_memo(
        &self,
        first: &[crate::sym::SymInt],
        second: &[crate::sym::SymInt],
    ) -> Option<&crate::shape::Dims> {
        match self.contiguous.get(first, second) {
            Some((ranges, out)) if *ranges == self.ranges => Some(out),
            _ => None,
        }
    }

    /// Remember [`Self::contiguous_memo`]'s answer in the current ranges.
    pub(crate) fn remember_contiguous(
        &mut self,
        first: &[crate::sym::SymInt],
        second: &[crate::sym::SymInt],
        out: crate::shape::Dims,
    ) {
        self.contiguous.insert(first, second, (self.ranges, out));
    }

    /// Forget memoised constructor results (the interned nodes stay).
    pub fn clear_memo(&mut self) {
        self.op_cache.clear();
        self.range_decisions.clear();
        self.contiguous.clear();
        self.hints.clear();
        self.refinements.clear();
    }

    /// `e`'s value at the hints, when remembered ([`Self::hints`]).
    #[inline]
    pub(crate) fn hint_memo(&self, e: ExprId) -> Option<Option<i64>> {
        self.hints.get(&e).copied()
    }

    /// Remember `e`'s value at the hints.
    pub(crate) fn remember_hint(&mut self, e: ExprId, value: Option<i64>) {
        self.hints.insert(e, value);
    }

    /// Number of interned nodes.
    pub fn len(&self) -> usize {
        self.nodes.len()
    }

    /// True when nothing but the constants made with the arena (the
    /// booleans and the small integers) is interned.
    pub fn is_empty(&self) -> bool {
        self.nodes.len() <= 2 + SMALL_INTS.count()
    }

    /// The constant `v`.
    pub fn int(&mut self, v: i64) -> ExprId {
        if SMALL_INTS.contains(&v) {
            // Interned right after the two booleans, in order.
            return ExprId((2 + v - SMALL_INTS.start()) as u32);
        }
        self.intern(Node::Int(v))
    }

    /// The boolean constant `b`.
    pub fn bool(&self, b: bool) -> ExprId {
        if b { self.true_id } else { self.false_id }
    }

    /// The constant value of `id`, if it is an integer constant.
    pub fn as_int(&self, id: ExprId) -> Option<i64> {
        match self.node(id) {
            Node::Int(v) => Some(*v),
            _ => None,
        }
    }

    /// The constant value of `id`, if it is a boolean constant.
    pub fn as_bool(&self, id: ExprId) -> Option<bool> {
        match self.node(id) {
            Node::Bool(b) => Some(*b),
            _ => None,
        }
    }

    /// The symbol, if `id` is exactly one symbol.
    pub fn as_symbol(&self, id: ExprId) -> Option<Symbol> {
        match self.node(id) {
            Node::Symbol(s) => Some(*s),
            _ => None,
        }
    }

    /// True for boolean-valued expressions (relations, `and`, `or`, bools).
    pub fn is_bool(&self, id: ExprId) -> bool {
        matches!(
            self.node(id),
            Node::Bool(_) | Node::Rel(..) | Node::And(_) | Node::Or(_)
        )
    }

    /// A new symbol with the given range, `positive` as sympy knows it
    /// ([`SymbolInfo::positive`]).
    pub(crate) fn new_symbol(
        &mut self,
        unbacked: bool,
        positive: bool,
        range: ValueRange,
    ) -> Symbol {
        let sym = Symbol(self.symbols.len() as u32);
        let ordinal = if unbacked {
            self.unbacked += 1;
            self.unbacked - 1
        } else {
            self.backed += 1;
            self.backed - 1
        };
        let expr = self.intern(Node::Symbol(sym));
        self.symbols.push(SymbolInfo {
            unbacked,
            ordinal,
            range,
            positive,
            expr,
        });
        sym
    }

    /// The expression of a symbol.
    pub fn symbol_expr(&self, s: Symbol) -> ExprId {
        self.symbols[s.0 as usize].expr
    }

    /// The symbol's name as PyTorch prints it (`s0`, `u3`).
    pub fn symbol_name(&self, s: Symbol) -> String {
        let info = &self.symbols[s.0 as usize];
        format!("{}{}", if info.unbacked { 'u' } else { 's' }, info.ordinal)
    }

    /// True for unbacked symbols.
    pub fn is_unbacked(&self, s: Symbol) -> bool {
        self.symbols[s.0 as usize].unbacked
    }

    /// The range recorded for a symbol.
    pub fn symbol_range(&self, s: Symbol) -> ValueRange {
        self.symbols[s.0 as usize].range
    }

    pub(crate) fn set_symbol_range(&mut self, s: Symbol, range: ValueRange) {
        let info = &mut self.symbols[s.0 as usize];
        // Only a range that changes can let a simplification go further:
        // memoised results are then looked up in a new state.
        if info.range != range {
            info.range = range;
            let mut h = FxHasher::default();
            (self.ranges, s.0, range).hash(&mut h);
            self.ranges = h.finish();
            if self.op_cache.len() > crate::limits::MAX_MEMOISED_RESULTS {
                self.clear_memo();
            }
        }
    }

    /// [`Self::decide_by_ranges`], remembered in the current ranges (a
    /// condition the ranges leave open is asked again at every decision).
    pub(crate) fn decide_by_ranges_memo(&mut self, cond: ExprId) -> Option<bool> {
        if let Some(&known) = self.range_decisions.get(&(cond, self.ranges)) {
            return known;
        }
        let known = self.decide_by_ranges(cond);
        self.range_decisions.insert((cond, self.ranges), known);
        known
    }

    /// Number of symbols.
    pub fn num_symbols(&self) -> usize {
        self.symbols.len()
    }

    // ---- polynomial view -----------------------------------------------------

    pub(crate) fn poly(&self, id: ExprId) -> Poly {
        match self.node(id) {
            Node::Int(v) => Poly::constant(*v),
            Node::Sum { constant, terms } => Poly {
                constant: *constant,
                terms: terms.clone(),
            },
            _ => Poly::atom(id),
        }
    }

    pub(crate) fn intern_poly(&mut self, p: Poly) -> ExprId {
        if let Some(c) = p.as_constant() {
            return self.int(c);
        }
        if let Some(a) = p.as_atom() {
            return a;
        }
        self.intern(Node::Sum {
            constant: p.constant,
            terms: p.terms,
        })
    }

    /// `id` printed, cut to 200 characters: for errors about expressions
    /// too large to print whole.
    pub(crate) fn display_short(&self, id: ExprId) -> String {
        let mut text = self.display(id);
        if text.len() > 200 {
            let mut end = 200;
            while !text.is_char_boundary(end) {
                end -= 1;
            }
            text.truncate(end);
            text.push_str("...");
        }
        text
    }

    pub(super) fn overflow(&self, op: &'static str, a: ExprId, b: ExprId) -> Error {
        Error::from(ErrorKind::Overflow {
            op,
            lhs: self.display(a),
            rhs: self.display(b),
        })
    }

    pub(super) fn div_zero(&self, op: &'static str, a: ExprId, b: ExprId) -> Error {
        Error::from(ErrorKind::DivisionByZero {
            op,
            lhs: self.display(a),
            rhs: self.display(b),
        })
    }

    // ---- integer arithmetic --------------------------------------------------

    pub(super) fn cached(
        &mut self,
        op: BinOp,
        a: ExprId,
        b: ExprId,
        f: impl FnOnce(&mut Self, ExprId, ExprId) -> Result<ExprId>,
    ) -> Result<ExprId> {
        let key_hash = |op: BinOp, a: ExprId, b: ExprId, ranges: u64| {
            let mut h = FxHasher::default();
            (op, a, b, ranges).hash(&mut h);
            h.finish()
        };
        let ranges = self.ranges;
        let hash = key_hash(op, a, b, ranges);
        let same = |&(o, x, y, st, _): &(BinOp, ExprId, ExprId, u64, ExprId)| {
            o == op && x == a && y == b && st == ranges
        };
        if let Some(&(.., r)) = self.op_cache.find(hash, same) {
            return Ok(r);
        }
        let r = f(self, a, b)?;
        // `f` may not change a range: it only builds expressions.
        self.op_cache
            .insert_unique(hash, (op, a, b, ranges, r), |&(o, x, y, st, _)| {
                key_hash(o, x, y, st)
            });
        Ok(r)
    }

    /// `a + b`.
    pub fn add(&mut self, a: ExprId, b: ExprId) -> Result<ExprId> {
        self.cached(BinOp::Add, a, b, |s, a, b| s.add_scaled(a, b, 1, "+"))
    }

    /// `a - b`.
    pub fn sub(&mut self, a: ExprId, b: ExprId) -> Result<ExprId> {
        self.cached(BinOp::Sub, a, b, |s, a, b| s.add_scaled(a, b, -1, "-"))
    }

    fn add_scaled(&mut self, a: ExprId, b: ExprId, sign: i64, op: &'static str) -> Result<ExprId> {
        if let (Node::Int(x), Node::Int(y)) = (self.node(a), self.node(b)) {
            let v = y.checked_mul(sign).and_then(|y| x.checked_add(y));
            return match v {
                Some(v) => Ok(self.int(v)),
                None => Err(self.overflow(op, a, b)),
            };
        }
        let p = self
            .with_terms(a, |ca, ta| {
                self.with_terms(b, |cb, tb| super::expr::merge_scaled(ca, ta, cb, tb, sign))
            })
            .map_err(|CoeffOverflow| self.overflow(op, a, b))?;
        Ok(self.intern_poly(p))
    }

    /// Call `f` with the polynomial form of `id` borrowed, not cloned.
    fn with_terms<R>(
        &self,
        id: ExprId,
        f: impl FnOnce(i64, &[(super::expr::Monomial, i64)]) -> R,
    ) -> R {
        match self.node(id) {
            Node::Int(v) => f(*v, &[]),
            Node::Sum { constant, terms } => f(*constant, terms),
            _ => {
                let mut m = super::expr::Monomial::new();
                m.push((id, 1));
                f(0, &[(m, 1)])
            }
        }
    }

    /// `a * b`.
    pub fn mul(&mut self, a: ExprId, b: ExprId) -> Result<ExprId> {
        self.cached(BinOp::Mul, a, b, Self::mul_uncached)
    }

    fn mul_uncached(&mut self, a: ExprId, b: ExprId) -> Result<ExprId> {
        if let (Node::Int(x), Node::Int(y)) = (self.node(a), self.node(b)) {
            return match x.checked_mul(*y) {
                Some(v) => Ok(self.int(v)),
                None => Err(self.overflow("*", a, b)),
            };
        }
        let terms = |id: ExprId| match self.node(id) {
            Node::Sum { terms, constant } => terms.len() + usize::from(*constant != 0),
            _ => 1,
        };
        let bound = terms(a).saturating_mul(terms(b));
        if bound > crate::limits::MAX_EXPR_TERMS {
            return Err(Error::from(ErrorKind::ExprTooLarge {
                op: "*",
                lhs: self.display_short(a),
                rhs: self.display_short(b),
                terms: bound,
                limit: crate::limits::MAX_EXPR_TERMS,
            }));
        }
        let p = self
            .poly(a)
            .mul(&self.poly(b))
            .map_err(|CoeffOverflow| self.overflow("*", a, b))?;
        Ok(self.intern_poly(p))
    }

    /// `-a`.
    pub fn neg(&mut self, a: ExprId) -> Result<ExprId> {
        let zero = self.int(0);
        self.sub(zero, a)
    }

    // ---- relations and logic -------------------------------------------------

    /// `a OP b` in canonical form `p OP 0`.
    pub fn rel(&mut self, op: RelOp, a: ExprId, b: ExprId) -> Result<ExprId> {
        self.cached(BinOp::Rel(op), a, b, |s, a, b| s.rel_uncached(op, a, b))
    }

    fn rel_uncached(&mut self, op: RelOp, a: ExprId, b: ExprId) -> Result<ExprId> {
        let p = self
            .with_terms(a, |ca, ta| {
                self.with_terms(b, |cb, tb| super::expr::merge_scaled(ca, ta, cb, tb, -1))
            })
            .map_err(|CoeffOverflow| self.overflow(op.symbol(), a, b))?;
        let (r, rounded) = self.rel_poly_rounding(op, p);
        if rounded {
            self.rounded_args.insert((op, a, b));
        }
        Ok(r)
    }

    /// `p OP 0` in its canonical form.
    pub(crate) fn rel_poly(&mut self, op: RelOp, p: Poly) -> ExprId {
        self.rel_poly_rounding(op, p).0
    }

    /// [`Self::rel_poly`], and whether making the canonical form divided
    /// out a common factor that left the constant rounded.
    fn rel_poly_rounding(&mut self, mut op: RelOp, mut p: Poly) -> (ExprId, bool) {
        if let Some(c) = p.as_constant() {
            return (self.bool(op.holds(c.cmp(&0))), false);
        }
        if p.terms[0].1 < 0 {
            match p.scale(-1) {
                Ok(n) => {
                    p = n;
                    op = op.flip();
                }
                Err(CoeffOverflow) => return (self.intern_rel(op, p), false),
            }
        }
        // sympy folds a comparison with zero its assumptions settle: a
        // polynomial in positive symbols that is positive (or at least
        // non-negative) at their least values (`Eq(56*s0, 0)` is false,
        // `s0 >= 1` true), whatever the ranges say.
        if let Some(b) = self.sympy_sign_decides(op, &p) {
            return (self.bool(b), false);
        }
        let g = p.content();
        let mut rounded = false;
        if g > 1 {
            let c = p.constant;
            rounded = c % g != 0;
            let new_constant = match op {
                RelOp::Eq | RelOp::Ne => {
                    if c % g != 0 {
                        return (self.bool(op == RelOp::Ne), false);
                    }
                    c / g
                }
                // q*g + c > 0  <=>  q + ceil(c/g) > 0, and so on.
                RelOp::Gt | RelOp::Le => ceil_div(c, g),
                RelOp::Ge | RelOp::Lt => c.div_euclid(g),
            };
            p = Poly {
                constant: new_constant,
                terms: p.terms.iter().map(|(m, k)| (m.clone(), k / g)).collect(),
            };
        }
        (self.intern_rel(op, p), rounded)
    }

    /// Whether the comparison `a OP b` ([`Self::rel`]) rounded its
    /// canonical form's constant.
    pub(crate) fn made_rounded(&self, op: RelOp, a: ExprId, b: ExprId) -> bool {
        !self.rounded_args.is_empty() && self.rounded_args.contains(&(op, a, b))
    }

    fn intern_rel(&mut self, op: RelOp, p: Poly) -> ExprId {
        let lhs = self.intern_poly(p);
        self.intern(Node::Rel(op, lhs))
    }

    /// `not c`, pushed inwards.
    pub fn not(&mut self, c: ExprId) -> ExprId {
        // Only a junction's parts are copied out of the node.
        match self.node(c) {
            &Node::Bool(b) => self.bool(!b),
            &Node::Rel(op, p) => self.intern(Node::Rel(op.negate(), p)),
            Node::And(args) => {
                let args = args.clone();
                let negated: Args = args.iter().map(|&a| self.not(a)).collect();
                self.or(&negated)
            }
            Node::Or(args) => {
                let args = args.clone();
                let negated: Args = args.iter().map(|&a| self.not(a)).collect();
                self.and(&negated)
            }
            // Integers as conditions are `!= 0`.
            _ => {
                let p = self.poly(c);
                self.rel_poly(RelOp::Eq, p)
            }
        }
    }

    /// `a and b and ...`.
    pub fn and(&mut self, args: &[ExprId]) -> ExprId {
        self.junction(true, args)
    }

    /// `a or b or ...`.
    pub fn or(&mut self, args: &[ExprId]) -> ExprId {
        self.junction(false, args)
    }

    fn junction(&mut self, is_and: bool, args: &[ExprId]) -> ExprId {
        let mut flat = Args::new();
        for &a in args {
            match self.node(a) {
                Node::Bool(b) if *b == is_and => {}
                Node::Bool(_) => return self.bool(!is_and),
                Node::And(inner) if is_and => flat.extend(inner.iter().copied()),
                Node::Or(inner) if !is_and => flat.extend(inner.iter().copied()),
                _ => flat.push(a),
            }
        }
        flat.sort();
        flat.dedup();
        match flat.len() {
            0 => self.bool(is_and),
            1 => flat[0],
            _ => self.intern(if is_and {
                Node::And(flat)
            } else {
                Node::Or(flat)
            }),
        }
    }
}

impl ExprArena {
    /// `id` printed as PyTorch prints it, symbols named `s0`, `u0`.
    pub fn display(&self, id: ExprId) -> String {
        let names = |s: Symbol| self.symbol_name(s);
        self.print(id, &names, &names)
    }

    /// `id` printed with symbols named, and ordered, by `names` (names
    /// PyTorch gave the symbols, as a `torch.export` file records them).
    pub fn display_with(&self, id: ExprId, names: &dyn Fn(Symbol) -> String) -> String {
        self.print(id, names, names)
    }

    /// `id` printed with symbols named by `names` but ordered by their own
    /// names (`s0`, `u0`), as PyTorch prints guards in terms of sources.
    pub fn display_renamed(&self, id: ExprId, names: &dyn Fn(Symbol) -> String) -> String {
        let order = |s: Symbol| self.symbol_name(s);
        self.print(id, names, &order)
    }

    fn print(
        &self,
        id: ExprId,
        names: &dyn Fn(Symbol) -> String,
        order: &dyn Fn(Symbol) -> String,
    ) -> String {
        let printer = super::print::Printer {
            arena: self,
            names,
            order,
        };
        match self.print_forms.get(&id) {
            Some(form) => printer.print_form(id, form),
            None => printer.print(id),
        }
    }
}

impl ExprArena {
    /// `(op, p)` when `id` is the relation `p OP 0`.
    pub fn as_rel(&self, id: ExprId) -> Option<(RelOp, ExprId)> {
        match self.node(id) {
            Node::Rel(op, p) => Some((*op, *p)),
            _ => None,
        }
    }

    /// The conjuncts, when `id` is an `and`.
    pub fn as_and(&self, id: ExprId) -> Option<Vec<ExprId>> {
        match self.node(id) {
            Node::And(args) => Some(args.to_vec()),
            _ => None,
        }
    }

    /// `(is_and, parts)` when `id` is an `and` or an `or`.
    pub(crate) fn as_junction(&self, id: ExprId) -> Option<(bool, Args)> {
        match self.node(id) {
            Node::And(args) => Some((true, args.clone())),
            Node::Or(args) => Some((false, args.clone())),
            _ => None,
        }
    }

    /// The `Mod` atom of `p` when `p` is a multiple of one `Mod(a, b)`
    /// (no constant, one term of power 1).
    pub(crate) fn single_mod_term(&self, p: ExprId) -> Option<ExprId> {
        let atom = match self.node(p) {
            Node::Mod(..) => p,
            Node::Sum { constant: 0, terms } if terms.len() == 1 => match terms[0].0.as_slice() {
                [(m, 1)] => *m,
                _ => return None,
            },
            _ => return None,
        };
        matches!(self.node(atom), Node::Mod(..)).then_some(atom)
    }

    /// The relation `p OP 0` for the left side `p` of a canonical relation
    /// (as [`Self::as_rel`] gives it), already in canonical form.
    pub fn rel_of_poly(&mut self, op: RelOp, p: ExprId) -> ExprId {
        self.intern(Node::Rel(op, p))
    }

    /// `(terms, constant)` when `id` is linear in symbols:
    /// `constant + sum(c * s)`.
    pub fn linear_terms(&self, id: ExprId) -> Option<(LinearTerms, i64)> {
        // Read in place (as `poly` would give it, without its copy).
        match self.node(id) {
            Node::Int(v) => Some((LinearTerms::new(), *v)),
            Node::Sum { constant, terms } => {
                let mut out = LinearTerms::with_capacity(terms.len());
                for (m, c) in terms {
                    match m.as_slice() {
                        [(atom, 1)] => out.push((self.as_symbol(*atom)?, *c)),
                        _ => return None,
                    }
                }
                Some((out, *constant))
            }
            _ => Some((smallvec::smallvec![(self.as_symbol(id)?, 1)], 0)),
        }
    }
}
