//! The ShapeEnv: symbols, hints, guards, replacements and value ranges, as
//! `torch.fx.experimental.symbolic_shapes.ShapeEnv`.
//!
//! A ShapeEnv decides what a compiler may assume about sizes it does not know
//! yet. Sizes become symbols (`s0`) with a *hint* (the value seen at trace
//! time) and a *source* (`x.size()[0]`). Asking a symbolic question
//! ([`ShapeEnv::guard_bool`]) first tries what is statically known (canonical
//! form, value ranges, earlier decisions), then answers from the hints and
//! records a *guard*; an equality guard becomes a *replacement*, an
//! inequality narrows a range. Unbacked symbols (`u0`) have no hint: a
//! decision that needs one is an [`crate::ErrorKind::DataDependent`].

mod arith;
mod floats;
mod guards;
mod layout_memo;
mod learn;
mod printed;
mod sample;
mod source;

pub use guards::Guard;
pub(crate) use layout_memo::{Noted, Remembered, remembered_kind, return_recalled};
pub use sample::{POINTS, Points, Refusal};
pub use source::Source;

use crate::error::{Error, ErrorKind, Result};
use crate::limits;
use crate::sym::{ExprArena, ExprId, SymBool, SymInt, Symbol, ValueRange};
use rustc_hash::{FxHashMap, FxHashSet};
use smallvec::SmallVec;

/// How a dimension becomes symbolic (`torch.fx.experimental.symbolic_shapes.DimDynamic`).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum DimDynamic {
    /// Always the hint: no symbol.
    Static,
    /// A fresh symbol, never shared with another dimension.
    Dynamic,
    /// A symbol shared with every other duck-sized dimension of the same
    /// hint (when duck sizing is on).
    Duck,
}

/// Policies of a ShapeEnv.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct ShapeEnvSettings {
    /// Duck sizing: duck-sized dimensions with equal hints share a symbol.
    pub duck_shape: bool,
    /// Sizes 0 and 1 stay static, so symbols are known to be `>= 2`.
    pub specialize_zero_one: bool,
    /// PyTorch's `backed_size_oblivious` (`torch.fx.experimental._config`,
    /// which export and the ONNX exporter can set): a tensor size is a
    /// symbol whatever its hint, with range `[0, inf)`, and size-like, so
    /// size-oblivious tests take it to be at least 2; `guard_or_false` and
    /// `guard_or_true` treat backed symbols as unbacked (decided
    /// statically or not at all, never from the hints); and views take
    /// the path of views of unbacked sizes.
    pub backed_size_oblivious: bool,
    /// The ranges given the backed symbols are final: they already hold
    /// everything the trace learnt of them (a program's recorded
    /// `range_constraints`), so a runtime assert narrows only unbacked
    /// symbols. (An exported graph runs its asserts where export placed
    /// them, often before the checks PyTorch met first: `u0 >= 6` of a
    /// later `gather` ahead of `u0 <= s0`, which would then narrow `s0`.)
    pub backed_ranges_final: bool,
}

impl Default for ShapeEnvSettings {
    fn default() -> Self {
        ShapeEnvSettings {
            duck_shape: true,
            specialize_zero_one: true,
            backed_size_oblivious: false,
            backed_ranges_final: false,
        }
    }
}

/// What the ShapeEnv knows of one symbol beyond its range.
#[derive(Debug, Clone)]
pub(crate) struct SymbolData {
    /// The value seen at trace time; `None` for unbacked symbols.
    pub(crate) hint: Option<i64>,
    /// Every source that has this symbol as its value; the first names it.
    pub(crate) sources: Vec<Source>,
    /// What made an unbacked symbol (`nonzero`, `item`).
    pub(crate) origin: String,
    /// PyTorch's name of the symbol ([`ShapeEnv::pytorch_name`]).
    pub(crate) pytorch_name: String,
}

/// Symbols, guards and replacements of one trace.
#[derive(Debug, Clone)]
pub struct ShapeEnv {
    pub(crate) exprs: ExprArena,
    settings: ShapeEnvSettings,
    pub(crate) symbols: Vec<SymbolData>,
    /// Duck sizing: hint -> the symbol duck-sized dimensions share.
    duck: FxHashMap<i64, Symbol>,
    /// Sources specialised to a constant (static dims, 0/1 specialisation).
    pub(crate) static_sources: Vec<(Source, i64)>,
    /// Every source given to `create_symbol`: one size has one symbol.
    seen_sources: FxHashSet<Source>,
    /// The numbers of the backed symbols' PyTorch names taken so far
    /// (PyTorch's `unique_ids`), each mapped to a number at or below the
    /// next one not taken, so a probe skips a run of taken numbers at
    /// once (a disjoint-set forest with path compression).
    unique_ids: FxHashMap<u32, u32>,
    pub(crate) replacements: FxHashMap<Symbol, ExprId>,
    /// Expression -> expression with replacements applied, for the current
    /// set of replacements.
    pub(crate) simplified: FxHashMap<ExprId, ExprId>,
    /// `Mod(a, k)` atoms known to be zero (PyTorch's `divisible`, from
    /// guards and asserts `Eq(Mod(a, k), 0)`): [`Self::simplify_full`]
    /// cancels `a // k` against a factor `k` of the same product.
    pub(crate) divisible: FxHashSet<ExprId>,
    /// Relations made while a division was known exact -> the relation of
    /// their sides with those divisions cancelled ([`Self::simplify_full`]
    /// of each side), when it differs: what PyTorch's `simplify` makes of
    /// the relation as written, before the canonical form divides out a
    /// common factor (`Eq(4*((s0//4)), 8)` is `Eq(s0, 8)` once 4 divides
    /// `s0`, where `Eq((s0//4), 2)` keeps its division). Ranges are
    /// learnt from it, as `_refine_ranges` learns them.
    pub(crate) cleaned_rels: FxHashMap<ExprId, ExprId>,
    /// Relations whose last comparison (`compare`) divided out a common
    /// factor and rounded the constant (`49*x >= 2` made as `x >= 1`), and
    /// their negations:
    /// PyTorch holds such a relation undivided, its bound on any symbol
    /// no integer, so `_refine_ranges` refines no range from it. The
    /// same relation compared exactly later (`x >= 1`) refines again.
    pub(crate) rounded: FxHashSet<ExprId>,
    /// Conditions already decided (in simplified form) -> their answer.
    pub(crate) decided: FxHashMap<ExprId, bool>,
    /// `is_contiguous` already answered on symbolic sizes and strides
    /// (`crate::strides`): the values -> the answer. Only
    /// answers on backed symbols are kept (they never fall back, so asking
    /// again decides the same way, from what the first asking learnt); a
    /// new replacement, which can simplify a condition into one not yet
    /// decided, forgets them. Each answer says whether asking recorded
    /// nothing (no guard): such an answer outlives a restore for a replay
    /// ([`ShapeEnv::restore_from`]).
    pub(crate) layouts: crate::sym::list_memo::ListMemo<Noted<bool>>,
    /// Layouts computed on symbolic sizes ([`Remembered`]), keyed by a
    /// kind and the lists they were computed from, kept as `layouts` are.
    pub(crate) computed: crate::sym::list_memo::PartsMemo<Noted<Remembered>>,
    /// How many times `layouts` and `computed` were emptied.
    pub(crate) layouts_cleared: u32,
    pub(crate) guards: Vec<Guard>,
    pub(crate) runtime_asserts: Vec<Guard>,
    /// Unbacked symbols known to be sizes (`_constrain_range_for_size`):
    /// [`ShapeEnv::guard_size_oblivious`] takes them to be at least 2.
    pub(crate) size_like: FxHashSet<Symbol>,
    /// Symbolic floats.
    pub(crate) floats: crate::sym::float::FloatTable,
    /// What the next [`ShapeEnv::create_unbacked`] calls give, the next
    /// last: an earlier count, or `None` for a fresh symbol
    /// ([`ShapeEnv::reuse_unbacked`]).
    reuse: SmallVec<[Option<SymInt>; 2]>,
}

impl Default for ShapeEnv {
    fn default() -> Self {
        Self::new()
    }
}

impl ShapeEnv {
    /// A ShapeEnv with PyTorch's default policies (duck sizing and 0/1
    /// specialisation on).
    pub fn new() -> Self {
        Self::with_settings(ShapeEnvSettings::default())
    }

    /// A ShapeEnv with the given policies.
    pub fn with_settings(settings: ShapeEnvSettings) -> Self {
        ShapeEnv {
            exprs: ExprArena::new(),
            settings,
            symbols: Vec::new(),
            duck: FxHashMap::default(),
            static_sources: Vec::new(),
            seen_sources: Default::default(),
            unique_ids: Default::default(),
            replacements: FxHashMap::default(),
            simplified: FxHashMap::default(),
            divisible: FxHashSet::default(),
            cleaned_rels: FxHashMap::default(),
            rounded: FxHashSet::default(),
            layouts: crate::sym::list_memo::ListMemo::default(),
            computed: Default::default(),
            layouts_cleared: 0,
            decided: FxHashMap::default(),
            guards: Vec::new(),
            runtime_asserts: Vec::new(),
            size_like: FxHashSet::default(),
            floats: Default::default(),
            reuse: SmallVec::new(),
        }
    }

    /// The policies in force.
    pub fn settings(&self) -> ShapeEnvSettings {
        self.settings
    }

    /// Whether backed sizes are reasoned about size-obliviously
    /// ([`ShapeEnvSettings::backed_size_oblivious`]).
    #[inline]
    pub fn backed_size_oblivious(&self) -> bool {
        self.settings.backed_size_oblivious
    }

    /// Forget memoised results (constructor results and simplifications),
    /// to bound memory on long traces; nothing decided is forgotten.
    pub fn clear_caches(&mut self) {
        self.exprs.clear_memo();
        self.simplified.clear();
        self.forget_layouts();
    }

    /// Put this ShapeEnv back to `saved`, an earlier state of it: symbols,
    /// hints, ranges, guards, replacements and everything decided as they
    /// were then. When the arena still holds `saved`'s expressions and no
    /// symbol was made since ([`ExprArena::extends`]), the interned
    /// expressions and the memoised constructor results are kept, the
    /// symbols' ranges put back: each result is keyed by the ranges it
    /// was made in, and a replay of the same graph, narrowing them as the
    /// run before did, asks for them again in the same ranges. With
    /// `replaying` (the caller then makes the same calls as since `saved`,
    /// in the same order), the remembered layouts (contiguity answers and
    /// computed layouts) whose computation recorded nothing are kept too
    /// when the arena is and no memo was emptied since: the
    /// replay first asks each where the earlier run first did, in the
    /// same state, so the answer and the nothing recorded hold again.
    pub(crate) fn restore_from(&mut self, saved: &ShapeEnv, replaying: bool) {
        let ShapeEnv {
            exprs,
            settings,
            symbols,
            duck,
            static_sources,
            seen_sources,
            unique_ids,
            replacements,
            simplified,
            divisible,
            cleaned_rels,
            rounded,
            decided,
            layouts,
            computed,
            layouts_cleared,
            guards,
            runtime_asserts,
            size_like,
            floats,
            reuse,
        } = saved;
        let arena_kept = self.exprs.extends(exprs);
        if arena_kept {
            self.exprs.put_back_ranges(exprs);
        } else {
            self.exprs.clone_from(exprs);
        }
        self.settings = *settings;
        self.symbols.clone_from(symbols);
        self.duck.clone_from(duck);
        self.static_sources.clone_from(static_sources);
        self.seen_sources.clone_from(seen_sources);
        self.unique_ids.clone_from(unique_ids);
        self.replacements.clone_from(replacements);
        self.simplified.clone_from(simplified);
        self.divisible.clone_from(divisible);
        self.cleaned_rels.clone_from(cleaned_rels);
        self.rounded.clone_from(rounded);
        self.decided.clone_from(decided);
        if replaying && arena_kept && self.layouts_cleared == *layouts_cleared {
            self.layouts.retain(|sizes, strides, n| {
                n.replayable() || layouts.get(sizes, strides).is_some()
            });
            self.computed.retain_or_in(computed, Noted::replayable);
        } else {
            self.layouts.clone_from(layouts);
            self.computed.clone_from(computed);
            self.layouts_cleared = *layouts_cleared;
        }
        self.guards.clone_from(guards);
        self.runtime_asserts.clone_from(runtime_asserts);
        self.size_like.clone_from(size_like);
        self.floats.clone_from(floats);
        self.reuse.clone_from(reuse);
    }

    /// True when `v != k` follows from `v`'s range alone: `v` is a
    /// constant other than `k`, or a lone symbol whose range excludes `k`
    /// while no replacement is in force. Deciding `Eq(v, k)` then answers
    /// false and records nothing, so a caller may skip building and
    /// deciding the condition; `false` only says "ask".
    #[inline]
    pub fn known_ne(&self, v: SymInt, k: i64) -> bool {
        match v {
            SymInt::Int(x) => x != k,
            SymInt::Expr(e) => {
                self.replacements.is_empty()
                    && self.exprs.owns(e)
                    && self
                        .exprs
                        .as_symbol(e)
                        .is_some_and(|s| !self.exprs.symbol_range(s).contains(k))
            }
        }
    }

    /// The expression arena, for inspection.
    pub fn arena(&self) -> &ExprArena {
        &self.exprs
    }

    // ---- symbols ---------------------------------------------------------------

    /// The size of a dimension with hint `hint` from `source`, as PyTorch's
    /// `create_symbol`: static when the policy says so or (with 0/1
    /// specialisation) when the hint is 0 or 1; shared with an earlier
    /// symbol of the same hint under duck sizing; otherwise a fresh symbol
    /// with range `[2, inf)` (or `[0, inf)` without 0/1 specialisation)
    /// narrowed by `constraint`. A source given twice is an error (two
    /// symbols for one size would make contradictory guards).
    pub fn create_symbol(
        &mut self,
        hint: i64,
        source: Source,
        dynamic: DimDynamic,
        constraint: Option<ValueRange>,
    ) -> Result<SymInt> {
        if hint < 0 {
            return Err(Error::from(ErrorKind::NegativeSize {
                source_name: source.to_string(),
                value: hint,
            }));
        }
        if !self.seen_sources.insert(source.clone()) {
            return Err(Error::from(ErrorKind::DuplicateSource {
                source_name: source.to_string(),
            }));
        }
        // `backed_size_oblivious` makes a tensor size a size-like symbol
        // whatever its hint (`do_not_specialize_zero_one`).
        let oblivious =
            self.settings.backed_size_oblivious && matches!(source, Source::Size { .. });
        let zero_one = self.settings.specialize_zero_one && !oblivious;
        if dynamic == DimDynamic::Static || (zero_one && hint <= 1) {
            self.static_sources.push((source, hint));
            return Ok(SymInt::Int(hint));
        }
        let duck = dynamic == DimDynamic::Duck && self.settings.duck_shape && constraint.is_none();
        if duck && let Some(&sym) = self.duck.get(&hint) {
            self.symbols[sym.0 as usize].sources.push(source);
            return Ok(SymInt::Expr(self.exprs.symbol_expr(sym)));
        }
        let base = ValueRange::at_least(if zero_one { 2 } else { 0 });
        let range = match constraint {
            Some(c) => base.intersect(&c),
            None => base,
        };
        if !range.contains(hint) {
            return Err(Error::from(ErrorKind::HintOutOfRange {
                source_name: source.to_string(),
                hint,
                min: range.lo().map_or("-int_oo".into(), |v| v.to_string()),
                max: range.hi().map_or("int_oo".into(), |v| v.to_string()),
            }));
        }
        self.check_symbol_count(&source)?;
        let sym = self.new_symbol(Some(hint), true, source, range, String::new());
        if duck {
            self.duck.insert(hint, sym);
        }
        if oblivious {
            self.size_like.insert(sym);
        }
        Ok(SymInt::Expr(self.exprs.symbol_expr(sym)))
    }

    /// Mark the backed symbol `v` (a tensor size read from a program
    /// traced with [`ShapeEnvSettings::backed_size_oblivious`]) size-like,
    /// as that setting's `create_symbol` does; nothing for anything else.
    pub fn mark_size_like(&mut self, v: SymInt) {
        if let Some(s) = self.as_symbol(v) {
            self.size_like.insert(s);
        }
    }

    /// A symbol for an input read from a program: a plain integer (a
    /// `SymInt` argument of a graph) or a tensor size, with the given hint
    /// and range; never specialised or duck-sized. A tensor size (a
    /// [`Source::Size`]) is a positive symbol as sympy knows it, as
    /// PyTorch's `create_symbol` makes sizes; a plain integer is not.
    pub fn create_symint_input(
        &mut self,
        hint: i64,
        source: Source,
        range: ValueRange,
    ) -> Result<SymInt> {
        if !range.contains(hint) {
            return Err(Error::from(ErrorKind::HintOutOfRange {
                source_name: source.to_string(),
                hint,
                min: range.lo().map_or("-int_oo".into(), |v| v.to_string()),
                max: range.hi().map_or("int_oo".into(), |v| v.to_string()),
            }));
        }
        self.check_symbol_count(&source)?;
        let positive = matches!(source, Source::Size { .. });
        let sym = self.new_symbol(Some(hint), positive, source, range, String::new());
        Ok(SymInt::Expr(self.exprs.symbol_expr(sym)))
    }

    /// [`ErrorKind::TooManySymbols`] when another input symbol would
    /// exceed [`limits::MAX_SYMBOLS`]. (Unbacked symbols are made by
    /// operators, one or a few per call, so the number of calls bounds
    /// them.)
    fn check_symbol_count(&self, source: &Source) -> Result<()> {
        if self.symbols.len() >= limits::MAX_SYMBOLS {
            return Err(Error::from(ErrorKind::TooManySymbols {
                source_name: source.to_string(),
                limit: limits::MAX_SYMBOLS,
            }));
        }
        Ok(())
    }

    /// `e`, or [`ErrorKind::ExprTooDeep`] when it nests deeper than
    /// [`limits::MAX_EXPR_DEPTH`].
    fn check_depth(&self, op: &'static str, e: ExprId) -> Result<ExprId> {
        let depth = self.exprs.depth(e);
        if depth > limits::MAX_EXPR_DEPTH {
            return Err(Error::from(ErrorKind::ExprTooDeep {
                op,
                depth,
                limit: limits::MAX_EXPR_DEPTH,
            }));
        }
        Ok(e)
    }

    /// A fresh unbacked symbol (`u0`) made by `origin` (an operator name).
    /// Size-like ones are known to be `>= 0`. After
    /// [`ShapeEnv::reuse_unbacked`], the value given there for this call
    /// instead, when it gives one.
    pub fn create_unbacked(&mut self, size_like: bool, origin: &str) -> SymInt {
        if let Some(Some(v)) = self.reuse.pop() {
            return v;
        }
        let range = if size_like {
            ValueRange::at_least(0)
        } else {
            ValueRange::UNBOUNDED
        };
        let sym = self.exprs.new_symbol(true, false, range);
        self.symbols.push(SymbolData {
            hint: None,
            sources: Vec::new(),
            origin: origin.to_string(),
            pytorch_name: self.exprs.symbol_name(sym),
        });
        debug_assert_eq!(self.symbols.len(), self.exprs.num_symbols());
        if size_like {
            self.size_like.insert(sym);
        }
        SymInt::Expr(self.exprs.symbol_expr(sym))
    }

    /// Make the next [`ShapeEnv::create_unbacked`] calls, one per slot in
    /// order, give the slot's value (an earlier call's count, which a fake
    /// tensor's memo holds) instead of a fresh symbol, or a fresh symbol
    /// for an empty slot; `&[]` cancels what is left.
    pub fn reuse_unbacked(&mut self, slots: &[Option<SymInt>]) {
        self.reuse.clear();
        self.reuse.extend(slots.iter().rev().copied());
    }

    fn new_symbol(
        &mut self,
        hint: Option<i64>,
        positive: bool,
        source: Source,
        range: ValueRange,
        origin: String,
    ) -> Symbol {
        let sym = self.exprs.new_symbol(hint.is_none(), positive, range);
        let pytorch_name = format!("s{}", self.unique_id(&source));
        self.symbols.push(SymbolData {
            hint,
            sources: vec![source],
            origin,
            pytorch_name,
        });
        sym
    }

    /// PyTorch's `_generate_unique_id` for a new backed symbol of
    /// `source`: the SHA-256 of the source's name
    /// ([`Source::pytorch_name`]) modulo 100, moved up past the numbers
    /// taken.
    fn unique_id(&mut self, source: &Source) -> u32 {
        use sha2::{Digest, Sha256};
        let digest = Sha256::digest(source.pytorch_name().as_bytes());
        // The 256-bit big-endian number modulo 100, byte by byte.
        let start = digest
            .iter()
            .fold(0u32, |r, &b| (r * 256 + u32::from(b)) % 100);
        // PyTorch moves up one number at a time; the forest finds the
        // same first free number without walking the taken ones again.
        let mut id = start;
        let mut path: SmallVec<[u32; 8]> = SmallVec::new();
        while let Some(&next) = self.unique_ids.get(&id) {
            path.push(id);
            id = next;
        }
        for p in path {
            self.unique_ids.insert(p, id + 1);
        }
        self.unique_ids.insert(id, id + 1);
        id
    }

    /// PyTorch's name of symbol `s`, which decides which of two equal
    /// symbols an equality replaces (the one whose hint, then name, is
    /// the larger): for a backed symbol, `s` and the number PyTorch 2.15
    /// derives from its source's name (`s61` for `self.size()[0]`),
    /// unless [`Self::set_pytorch_name`] gave the name PyTorch used; for
    /// an unbacked one, its own (`u0`).
    pub fn pytorch_name(&self, s: Symbol) -> &str {
        self.symbols
            .get(s.0 as usize)
            .map_or("", |d| d.pytorch_name.as_str())
    }

    /// Name the symbol of `v` as PyTorch named it (a symbol of a program
    /// PyTorch exported, a call's symbol named by its user); nothing for
    /// a value that is not a symbol.
    pub fn set_pytorch_name(&mut self, v: SymInt, name: &str) {
        if let Some(s) = self.as_symbol(v)
            && let Some(d) = self.symbols.get_mut(s.0 as usize)
        {
            d.pytorch_name = name.to_string();
        }
    }

    /// The symbol a `SymInt` is exactly, if it is one.
    pub fn as_symbol(&self, v: SymInt) -> Option<Symbol> {
        match v {
            SymInt::Int(_) => None,
            SymInt::Expr(e) => self.exprs.as_symbol(e),
        }
    }

    /// The hint of a symbol (`None` for unbacked ones).
    pub fn symbol_hint(&self, s: Symbol) -> Option<i64> {
        self.symbols.get(s.0 as usize).and_then(|d| d.hint)
    }

    /// The sources of a symbol, the naming one first.
    pub fn symbol_sources(&self, s: Symbol) -> &[Source] {
        self.symbols
            .get(s.0 as usize)
            .map_or(&[], |d| d.sources.as_slice())
    }

    /// The operator that made an unbacked symbol (empty for backed ones).
    pub fn symbol_origin(&self, s: Symbol) -> &str {
        self.symbols
            .get(s.0 as usize)
            .map_or("", |d| d.origin.as_str())
    }

    /// The current value range of a symbol.
    pub fn symbol_range(&self, s: Symbol) -> ValueRange {
        self.exprs.symbol_range(s)
    }

    /// How many symbols (backed and unbacked) exist.
    pub fn symbol_count(&self) -> usize {
        self.symbols.len()
    }

    /// Whether `self` is certainly in the state `other` was in, without
    /// comparing them: true only when neither has any symbol, integer or
    /// float (then there is nothing to guard, replace or narrow), which is
    /// what a static program leaves. A checkpoint copies the ShapeEnv back
    /// otherwise.
    pub(crate) fn same_state_as(&self, other: &ShapeEnv) -> bool {
        let bare = |e: &ShapeEnv| {
            e.symbols.is_empty()
                && e.exprs.symbols.is_empty()
                && e.floats.nodes.is_empty()
                && e.guards.is_empty()
                && e.runtime_asserts.is_empty()
                && e.replacements.is_empty()
        };
        bare(self) && bare(other) && self.static_sources.len() == other.static_sources.len()
    }

    /// True when an equality guard has replaced some symbol.
    pub fn has_replacements(&self) -> bool {
        !self.replacements.is_empty()
    }

    /// How many symbols have a replacement (a kernel that adds one settles
    /// sizes only after its tensors were made).
    pub fn replacement_count(&self) -> usize {
        self.replacements.len()
    }

    /// Every symbol, in creation order.
    pub fn symbols(&self) -> impl Iterator<Item = Symbol> + '_ {
        (0..self.symbols.len() as u32).map(Symbol)
    }

    /// What `v` can be, from the ranges (after replacements).
    pub fn value_range(&mut self, v: SymInt) -> Result<ValueRange> {
        match v {
            SymInt::Int(x) => Ok(ValueRange::exact(x)),
            SymInt::Expr(e) => {
                let s = self.simplify(e)?;
                Ok(self.exprs.range(s))
            }
        }
    }

    // ---- conversions ----------------------------------------------------------

    pub(crate) fn expr_of(&mut self, v: SymInt) -> Result<ExprId> {
        match v {
            SymInt::Int(x) => Ok(self.exprs.int(x)),
            SymInt::Expr(e) if self.exprs.owns(e) => Ok(e),
            SymInt::Expr(e) => Err(Error::from(ErrorKind::ForeignExpr { id: e.index() })),
        }
    }

    pub(crate) fn bool_expr_of(&mut self, v: SymBool) -> Result<ExprId> {
        match v {
            SymBool::Bool(b) => Ok(self.exprs.bool(b)),
            SymBool::Expr(e) if self.exprs.owns(e) => Ok(e),
            SymBool::Expr(e) => Err(Error::from(ErrorKind::ForeignExpr { id: e.index() })),
        }
    }

    pub(crate) fn symint_of(&self, e: ExprId) -> SymInt {
        match self.exprs.as_int(e) {
            Some(v) => SymInt::Int(v),
            None => SymInt::Expr(e),
        }
    }

    pub(crate) fn symbool_of(&self, e: ExprId) -> SymBool {
        match self.exprs.as_bool(e) {
            Some(b) => SymBool::Bool(b),
            None => SymBool::Expr(e),
        }
    }

    /// The expression of a `SymInt` as PyTorch's `ShapeEnv.simplify` gives
    /// it: replacements applied, divisions known to be exact carried out,
    /// and `Min`/`Max` arguments another one bounds dropped (by the ranges,
    /// and for `Max(0 or 1, x)` by the guards and asserts as axioms).
    pub fn simplify_int(&mut self, v: SymInt) -> Result<SymInt> {
        match v {
            SymInt::Int(_) => Ok(v),
            SymInt::Expr(e) => {
                let s = self.printed_form(e)?;
                Ok(self.symint_of(s))
            }
        }
    }

    /// A condition with the replacements in force applied, as PyTorch's
    /// `SymNode.expr` gives it (`ShapeEnv.replace`).
    pub fn replaced_bool(&mut self, c: SymBool) -> Result<SymBool> {
        match c {
            SymBool::Bool(_) => Ok(c),
            SymBool::Expr(e) => {
                let s = self.simplify(e)?;
                Ok(self.symbool_of(s))
            }
        }
    }
}
