//! Deciding conditions: static knowledge first, then hints and a recorded
//! guard; equality guards become replacements, inequalities narrow ranges;
//! runtime asserts for unbacked symbols; printing and checking guards.

use super::ShapeEnv;
use super::learn::Narrow;
use crate::error::{Error, ErrorKind, Result};
use crate::sym::{ExprId, RelOp, SymBool, SymInt, Symbol, ValueRange};
use std::fmt::Write as _;

/// A condition the compiled artifact assumes, with what asked for it.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Guard {
    /// The condition, true at trace time (simplified when recorded).
    pub expr: ExprId,
    /// The operator or caller context that needed the decision.
    pub origin: String,
}

impl ShapeEnv {
    /// `e` with every replacement applied (memoised until the replacements
    /// change): the form guards are recorded and learnt from, as PyTorch's
    /// `_maybe_guard_rel` sees them.
    pub(crate) fn simplify(&mut self, e: ExprId) -> Result<ExprId> {
        if self.replacements.is_empty() {
            return Ok(e);
        }
        if let Some(&s) = self.simplified.get(&e) {
            return Ok(s);
        }
        let replacements = &self.replacements;
        let mut lookup = |s: Symbol| replacements.get(&s).copied();
        let s = self.exprs.subst(e, &mut lookup)?;
        self.simplified.insert(e, s);
        Ok(s)
    }

    /// `v` as a constant where the replacements make it one, else itself
    /// (`SymNode.maybe_as_int`, through which PyTorch's new tensors take
    /// their sizes: a tensor made after a symbol's value is settled has
    /// plain sizes, and the meta kernels, not the symbolic paths, answer
    /// for it).
    pub fn maybe_as_int(&mut self, v: SymInt) -> Result<SymInt> {
        let SymInt::Expr(_) = v else {
            return Ok(v);
        };
        if self.replacements.is_empty() {
            return Ok(v);
        }
        let e = self.expr_of(v)?;
        let s = self.simplify(e)?;
        Ok(self.exprs.as_int(s).map_or(v, SymInt::Int))
    }

    /// [`Self::simplify`], then each floor division known to be exact
    /// cancelled against its divisor in the same product, as PyTorch's
    /// `ShapeEnv.simplify` does with `CleanDiv`: the form static decisions and printed
    /// sizes take (`2*((s0//2))` is `s0` once `Eq(Mod(s0, 2), 0)` is known).
    pub(crate) fn simplify_full(&mut self, e: ExprId) -> Result<ExprId> {
        let s = self.simplify(e)?;
        self.cleaned(s)
    }

    /// A [`Self::simplify`]d expression with the divisions known to be
    /// exact cancelled (itself when no divisibility is known).
    #[inline]
    pub(super) fn cleaned(&mut self, s: ExprId) -> Result<ExprId> {
        if self.divisible.is_empty() {
            return Ok(s);
        }
        self.exprs.clean_divisions(s, &self.divisible)
    }

    /// The value of `e` under the hints; `Ok(None)` when it needs an
    /// unbacked symbol. Remembered in the arena for an expression of more
    /// than a symbol (a walk of the expression otherwise).
    pub(super) fn hint_of(&mut self, e: ExprId) -> Result<Option<i64>> {
        if let Some(s) = self.exprs.as_symbol(e) {
            return Ok(self.symbol_hint(s));
        }
        if let Some(v) = self.exprs.hint_memo(e) {
            return Ok(v);
        }
        let v = self.exprs.eval(e, &|s: Symbol| self.symbol_hint(s))?;
        self.exprs.remember_hint(e, v);
        Ok(v)
    }

    fn data_dependent(&self, e: ExprId, origin: &str) -> Error {
        let unbacked: Vec<String> = self
            .exprs
            .free_symbols(e)
            .into_iter()
            .filter(|&s| self.exprs.is_unbacked(s))
            .map(|s| self.exprs.symbol_name(s))
            .collect();
        Error::from(ErrorKind::DataDependent {
            op: origin.to_string(),
            expr: self.exprs.display(e),
            unbacked: unbacked.join(", "),
            cond: Some(e),
        })
    }

    /// Decide `c` without recording anything: `Some` when the canonical
    /// form, the value ranges, the runtime asserts in force (PyTorch's
    /// axioms) or an earlier decision settle it (`_maybe_evaluate_static`).
    pub(super) fn decide_statically(&mut self, c: SymBool) -> Result<(Option<bool>, ExprId)> {
        let e = match c {
            SymBool::Bool(b) => return Ok((Some(b), self.exprs.bool(b))),
            SymBool::Expr(_) => self.bool_expr_of(c)?,
        };
        let s = self.simplify(e)?;
        let full = self.cleaned(s)?;
        if let Some(&b) = self.decided.get(&full) {
            // Decided before: remembered already (`s` too when it differs,
            // as below), so nothing to insert again.
            if full != s {
                self.decided.insert(s, b);
            }
            return Ok((Some(b), s));
        }
        let mut known = self.decide_simplified(full);
        if known.is_none() {
            // PyTorch's `simplify` prunes each `Min`/`Max` before it
            // decides (`Ne(Max(1, x), x)` is false once `x >= 1` is an
            // axiom).
            let pruned = self.extrema_pruned(full)?;
            if pruned != full {
                known = self.decide_simplified(pruned);
            }
        }
        if let Some(b) = known {
            // Ranges and facts only ever narrow, so the answer stays right.
            self.decided.insert(s, b);
            if full != s {
                self.decided.insert(full, b);
            }
        }
        Ok((known, s))
    }

    /// [`Self::decide_statically`] on a simplified condition: a conjunction
    /// or disjunction is decided part by part (as PyTorch substitutes its
    /// axioms into each part), so a query `a and c` with `c` known is `a`;
    /// an assert `a and b` is known as a whole (and its parts' ranges
    /// narrowed), not part by part.
    fn decide_simplified(&mut self, s: ExprId) -> Option<bool> {
        if let Some(b) = self.exprs.as_bool(s) {
            return Some(b);
        }
        if let Some(&b) = self.decided.get(&s) {
            return Some(b);
        }
        if let Some((is_and, parts)) = self.exprs.as_junction(s) {
            // And: false if any part is false, true if all are true.
            let mut all = true;
            for p in parts {
                match self.decide_simplified(p) {
                    Some(b) if b != is_and => return Some(b),
                    Some(_) => {}
                    None => all = false,
                }
            }
            return all.then_some(is_and);
        }
        self.exprs.decide_by_ranges_memo(s)
    }

    /// True when `c` holds for every value the symbols may take, without
    /// recording a guard (`statically_known_true`).
    pub fn statically_known_true(&mut self, c: SymBool) -> bool {
        matches!(self.decide_statically(c), Ok((Some(true), _)))
    }

    /// Decide `c`, as PyTorch's `guard_bool`: static knowledge first, then
    /// the hints, recording the answer as a guard. `origin` names the
    /// operator (or context) asking, for the guard and for errors. A
    /// condition that needs an unbacked symbol's value is
    /// [`ErrorKind::DataDependent`].
    #[inline(always)]
    pub fn guard_bool(&mut self, c: SymBool, origin: &str) -> Result<bool> {
        if let SymBool::Bool(b) = c {
            return Ok(b);
        }
        self.guard_bool_symbolic(c, origin)
    }

    /// [`Self::guard_bool`] of a symbolic condition, out of line.
    #[inline(never)]
    fn guard_bool_symbolic(&mut self, c: SymBool, origin: &str) -> Result<bool> {
        match self.guard_or(c, None, origin)? {
            Some(b) => Ok(b),
            None => {
                let s = self.bool_expr_of(c)?;
                let s = self.simplify(s)?;
                Err(self.data_dependent(s, origin))
            }
        }
    }

    /// Decide `c` as [`Self::guard_bool`] does, but answer `false`, with
    /// nothing recorded, where that would need an unbacked symbol's value
    /// (PyTorch's `guard_or_false`): for checks whose failure only costs a
    /// general path ("is this the broadcast case?").
    #[inline(always)]
    pub fn guard_or_false(&mut self, c: SymBool, origin: &str) -> Result<bool> {
        if let SymBool::Bool(b) = c {
            return Ok(b);
        }
        Ok(self.guard_or(c, Some(false), origin)?.unwrap_or(false))
    }

    /// [`Self::guard_or_false`] with `true` as the answer for a
    /// data-dependent condition (PyTorch's `guard_or_true`).
    #[inline(always)]
    pub fn guard_or_true(&mut self, c: SymBool, origin: &str) -> Result<bool> {
        if let SymBool::Bool(b) = c {
            return Ok(b);
        }
        Ok(self.guard_or(c, Some(true), origin)?.unwrap_or(true))
    }

    /// The shared path of the guarding decisions: static, else from the
    /// hints with a guard recorded, else `fallback` (recording nothing),
    /// `None` when there is no fallback.
    #[inline(never)]
    fn guard_or(
        &mut self,
        c: SymBool,
        fallback: Option<bool>,
        origin: &str,
    ) -> Result<Option<bool>> {
        if let SymBool::Bool(b) = c {
            return Ok(Some(b));
        }
        let (known, s) = self.decide_statically(c)?;
        if let Some(b) = known {
            return Ok(Some(b));
        }
        // `_guard_or` under `backed_size_oblivious`: backed symbols are
        // treated as unbacked, so the hints never decide.
        if fallback.is_some() && self.settings.backed_size_oblivious {
            return Ok(fallback);
        }
        let b = match self.hint_of(s)? {
            Some(v) => v != 0,
            None => return Ok(fallback),
        };
        let fact = if b { s } else { self.exprs.not(s) };
        self.guards.push(Guard {
            expr: fact,
            origin: origin.to_string(),
        });
        self.learn(fact)?;
        Ok(Some(b))
    }

    /// True only when `c` is known true, guarding on backed symbols as
    /// [`Self::guard_bool`] does; a condition on unbacked symbols is `false`
    /// without a look (PyTorch's `definitely_true`: `has_hint` first).
    pub fn definitely_true(&mut self, c: SymBool, origin: &str) -> Result<bool> {
        if self.has_hint(c)? {
            self.guard_bool(c, origin)
        } else {
            Ok(false)
        }
    }

    /// True only when `c` is known false (PyTorch's `definitely_false`);
    /// `false` for a condition on unbacked symbols.
    pub fn definitely_false(&mut self, c: SymBool, origin: &str) -> Result<bool> {
        if self.has_hint(c)? {
            Ok(!self.guard_bool(c, origin)?)
        } else {
            Ok(false)
        }
    }

    /// True when `c` can be evaluated at the hints (no unbacked symbol left
    /// after replacements).
    fn has_hint(&mut self, c: SymBool) -> Result<bool> {
        match c {
            SymBool::Bool(_) => Ok(true),
            SymBool::Expr(_) => {
                let e = self.bool_expr_of(c)?;
                let s = self.simplify(e)?;
                Ok(self.hint_of(s)?.is_some())
            }
        }
    }

    /// Decide `c` as [`Self::guard_bool`] does, but statically assuming
    /// every size-like symbol is at least 2 (PyTorch's
    /// `guard_size_oblivious`): `u0 == 1` is false without a guard, which is
    /// sound for code whose general path also serves sizes 0 and 1.
    pub fn guard_size_oblivious(&mut self, c: SymBool, origin: &str) -> Result<bool> {
        if let SymBool::Bool(b) = c {
            return Ok(b);
        }
        let e = self.bool_expr_of(c)?;
        let s = self.simplify(e)?;
        // `_maybe_evaluate_static(size_oblivious=True)`: the range's
        // lower end raised to 2, its upper end kept.
        let known = self.with_size_like_ranges(
            s,
            |r| {
                let narrowed = r.intersect(&ValueRange::at_least(2));
                (!narrowed.is_empty()).then_some(narrowed)
            },
            |env| env.decide_simplified(s),
        );
        if let Some(Some(b)) = known {
            return Ok(b);
        }
        self.guard_bool(c, origin)
    }

    /// `body` run with the range of every size-like symbol of `e` (an
    /// unbacked one, or a backed size under `backed_size_oblivious`) set
    /// to `oblivious` of it (kept where that is `None`), the ranges put
    /// back after; `None` when `e` has no such symbol.
    pub(super) fn with_size_like_ranges<T>(
        &mut self,
        e: ExprId,
        oblivious: impl Fn(ValueRange) -> Option<ValueRange>,
        body: impl FnOnce(&mut Self) -> T,
    ) -> Option<T> {
        let saved: Vec<(Symbol, ValueRange)> = self
            .exprs
            .free_symbols(e)
            .into_iter()
            .filter(|x| self.size_like.contains(x))
            .map(|x| (x, self.exprs.symbol_range(x)))
            .collect();
        if saved.is_empty() {
            return None;
        }
        for &(x, r) in &saved {
            if let Some(o) = oblivious(r) {
                self.exprs.set_symbol_range(x, o);
            }
        }
        let answer = body(self);
        for &(x, r) in &saved {
            self.exprs.set_symbol_range(x, r);
        }
        Some(answer)
    }

    /// Specialise `v` to its hint, recording `v == hint` (PyTorch's
    /// `guard_int`): the symbol is replaced by the constant from then on.
    pub fn guard_int(&mut self, v: SymInt, origin: &str) -> Result<i64> {
        let e = match v {
            SymInt::Int(x) => return Ok(x),
            SymInt::Expr(_) => self.expr_of(v)?,
        };
        let s = self.simplify(e)?;
        if let Some(x) = self.exprs.as_int(s) {
            return Ok(x);
        }
        let hint = match self.hint_of(s)? {
            Some(h) => h,
            None => return Err(self.data_dependent(s, origin)),
        };
        let cond = self.eq(self.symint_of(s), SymInt::Int(hint))?;
        self.guard_bool(cond, origin)?;
        Ok(hint)
    }

    /// The value of `v` under the hints, without guarding (`size_hint`);
    /// `None` when it depends on an unbacked symbol.
    #[inline(always)]
    pub fn size_hint(&mut self, v: SymInt) -> Result<Option<i64>> {
        match v {
            SymInt::Int(x) => Ok(Some(x)),
            SymInt::Expr(_) => {
                let e = self.expr_of(v)?;
                let s = self.simplify(e)?;
                self.hint_of(s)
            }
        }
    }

    /// A value of `v` for optimisation only, never guarded on
    /// (`optimization_hint` with no fallback given): backed symbols at their
    /// hints, an unbacked symbol at Inductor's `unbacked_symint_fallback`
    /// (8192) held inside its value range. `None` where that value is
    /// undefined (a division by zero, an overflow).
    pub fn optimization_hint(&mut self, v: SymInt) -> Result<Option<i64>> {
        /// `torch._inductor.config.unbacked_symint_fallback`.
        const UNBACKED_FALLBACK: i64 = 8192;
        let e = match v {
            SymInt::Int(x) => return Ok(Some(x)),
            SymInt::Expr(_) => self.expr_of(v)?,
        };
        let s = self.simplify(e)?;
        let (symbols, exprs) = (&self.symbols, &self.exprs);
        let value = exprs.eval(s, &|sym: Symbol| {
            let d = symbols.get(sym.0 as usize)?;
            d.hint.or_else(|| {
                let r = exprs.symbol_range(sym);
                let v = r
                    .lo()
                    .map_or(UNBACKED_FALLBACK, |lo| UNBACKED_FALLBACK.max(lo));
                Some(r.hi().map_or(v, |hi| v.min(hi)))
            })
        });
        Ok(value.ok().flatten())
    }

    /// Assert `c` at run time, as `torch._check`: statically true is
    /// nothing, statically false is an error; a condition on backed symbols
    /// is guarded; one on unbacked symbols is recorded as a runtime assert
    /// and assumed from then on (narrowing ranges, adding replacements).
    #[inline(always)]
    pub fn expect_true(&mut self, c: SymBool, origin: &str) -> Result<()> {
        if c == SymBool::Bool(true) {
            return Ok(());
        }
        self.expect_true_slow(c, origin)
    }

    /// [`Self::expect_true`] of a symbolic or false condition, out of line.
    #[inline(never)]
    fn expect_true_slow(&mut self, c: SymBool, origin: &str) -> Result<()> {
        let (known, s) = self.decide_statically(c)?;
        match known {
            Some(true) => return Ok(()),
            Some(false) => {
                return Err(Error::from(ErrorKind::StaticallyFalse {
                    op: origin.to_string(),
                    expr: self.display_bool(c),
                }));
            }
            None => {}
        }
        match self.hint_of(s)? {
            Some(0) => Err(Error::from(ErrorKind::StaticallyFalse {
                op: origin.to_string(),
                expr: self.exprs.display(s),
            })),
            Some(_) => self.guard_bool(c, origin).map(|_| ()),
            None => {
                self.runtime_asserts.push(Guard {
                    expr: s,
                    origin: origin.to_string(),
                });
                let narrow = if self.settings.backed_ranges_final {
                    Narrow::Unbacked
                } else {
                    Narrow::All
                };
                self.learn_as(s, narrow)
            }
        }
    }

    /// Constrain an unbacked (or any) symbol to `[min, max]`, as PyTorch's
    /// `constrain_range`; recorded as a runtime assert.
    pub fn constrain_range(
        &mut self,
        v: SymInt,
        min: Option<i64>,
        max: Option<i64>,
        origin: &str,
    ) -> Result<()> {
        let asked = ValueRange::new(min, max);
        let bound = |x: Option<i64>, inf: &str| x.map_or(inf.to_string(), |v| v.to_string());
        if asked.is_empty() {
            return Err(Error::from(ErrorKind::InvalidRange {
                symbol: self.display(v),
                min: bound(min, "-int_oo"),
                max: bound(max, "int_oo"),
                reason: "min > max".into(),
            }));
        }
        let current = self.value_range(v)?;
        if current.intersect(&asked).is_empty() {
            return Err(Error::from(ErrorKind::InvalidRange {
                symbol: self.display(v),
                min: bound(min, "-int_oo"),
                max: bound(max, "int_oo"),
                reason: format!("it is known to be in {current}"),
            }));
        }
        if let Some(lo) = min {
            let c = self.ge(v, SymInt::Int(lo))?;
            self.expect_true(c, origin)?;
        }
        match (max, self.as_symbol(v)) {
            // `sys.maxsize - 1` bounds a symbol's range, and no runtime
            // assert checks it (PyTorch reads it as no bound).
            (Some(crate::sym::MAXSIZE_BOUND), Some(s)) => {
                self.narrow(s, ValueRange::new(None, max))?;
            }
            (Some(hi), _) => {
                let c = self.le(v, SymInt::Int(hi))?;
                self.expect_true(c, origin)?;
            }
            (None, _) => {}
        }
        Ok(())
    }

    /// Mark `v` a size (PyTorch's `_constrain_range_for_size`): at least 0
    /// (and at most `max` when given), recorded as a runtime assert; an
    /// unbacked symbol is from then on size-like for
    /// [`Self::guard_size_oblivious`].
    pub fn constrain_range_for_size(
        &mut self,
        v: SymInt,
        min: Option<i64>,
        max: Option<i64>,
        origin: &str,
    ) -> Result<()> {
        // The range first, then size-like (as PyTorch orders them, even for
        // a symbol made size-like already): the range may end below 2,
        // which no later narrowing of a size-like symbol may ask.
        let unbacked = self.as_symbol(v).filter(|&s| self.exprs.is_unbacked(s));
        if let Some(s) = unbacked {
            self.size_like.remove(&s);
        }
        let constrained = self.constrain_range(v, Some(min.unwrap_or(0).max(0)), max, origin);
        if let Some(s) = unbacked {
            self.size_like.insert(s);
        }
        constrained
    }

    // ---- guards out ------------------------------------------------------------------

    /// The guards recorded so far, in the order they were made.
    pub fn guards(&self) -> &[Guard] {
        &self.guards
    }

    /// The runtime asserts recorded so far (conditions on unbacked symbols).
    pub fn runtime_asserts(&self) -> &[Guard] {
        &self.runtime_asserts
    }

    /// The value ranges of the unbacked symbols as runtime asserts
    /// (`u0 >= 0`, `u0 <= 30`), in symbol order: what PyTorch's
    /// `insert_deferred_runtime_asserts` checks where an unbacked symbol is
    /// made, before the asserts of [`Self::runtime_asserts`]. Symbols a
    /// replacement removed have none, an upper end of `sys.maxsize - 1` is
    /// none, and a bound that a recorded runtime assert already states is
    /// not repeated.
    pub fn range_asserts(&mut self) -> Result<Vec<Guard>> {
        let mut out = Vec::new();
        for i in 0..self.symbols.len() {
            let s = Symbol(i as u32);
            if !self.exprs.is_unbacked(s) || self.replacements.contains_key(&s) {
                continue;
            }
            let r = self.exprs.symbol_range(s);
            let v = SymInt::Expr(self.exprs.symbol_expr(s));
            let origin = format!("range of {}", self.symbols[i].origin);
            // An upper end of `sys.maxsize - 1` is read as none (PyTorch's
            // `insert_deferred_runtime_asserts`).
            let bounds = [
                r.lo().map(|lo| (RelOp::Ge, lo)),
                r.hi()
                    .filter(|&hi| hi != crate::sym::MAXSIZE_BOUND)
                    .map(|hi| (RelOp::Le, hi)),
            ];
            for (op, b) in bounds.into_iter().flatten() {
                if let SymBool::Expr(e) = self.compare(op, v, SymInt::Int(b))?
                    && !self.runtime_asserts.iter().any(|g| g.expr == e)
                {
                    out.push(Guard {
                        expr: e,
                        origin: origin.clone(),
                    });
                }
            }
        }
        Ok(out)
    }

    /// The replacement of a symbol, if an equality guard made one.
    pub fn replacement(&self, s: Symbol) -> Option<SymInt> {
        self.replacements.get(&s).map(|&e| self.symint_of(e))
    }

    /// The recorded guards printed in terms of sources
    /// (`x.size()[0] + y.size()[0] > 2`), in the order they were made.
    pub fn format_guards(&self) -> Vec<String> {
        self.guards
            .iter()
            .map(|g| self.display_with_sources(g.expr))
            .collect()
    }

    /// Every condition a reuse of the trace depends on, in terms of sources
    /// and in a deterministic order: sources specialised to constants,
    /// sources that share a symbol, symbol ranges, then the recorded guards.
    pub fn produce_guards(&self) -> Vec<String> {
        let mut out = Vec::new();
        for (src, v) in &self.static_sources {
            out.push(format!("{src} == {v}"));
        }
        for (i, d) in self.symbols.iter().enumerate() {
            if d.hint.is_none() {
                continue;
            }
            let Some(first) = d.sources.first() else {
                continue;
            };
            for other in &d.sources[1..] {
                out.push(format!("{other} == {first}"));
            }
            let r = self.exprs.symbol_range(Symbol(i as u32));
            let mut line = String::new();
            match (r.lo(), r.hi()) {
                (Some(lo), Some(hi)) => {
                    let _ = write!(line, "{lo} <= {first} <= {hi}");
                }
                (Some(lo), None) => {
                    let _ = write!(line, "{lo} <= {first}");
                }
                (None, Some(hi)) => {
                    let _ = write!(line, "{first} <= {hi}");
                }
                (None, None) => {}
            }
            if !line.is_empty() {
                out.push(line);
            }
        }
        out.extend(self.format_guards());
        out
    }

    /// Would a trace with these input sizes take the same decisions? Every
    /// backed symbol takes the value of its first source; every other source
    /// of the symbol, every specialised source, every range and every guard
    /// must hold. A source without a value is an error.
    pub fn check_guards(&self, value_of: &dyn Fn(&Source) -> Option<i64>) -> Result<bool> {
        let get = |src: &Source| {
            value_of(src).ok_or_else(|| {
                Error::from(ErrorKind::MissingSource {
                    source_name: src.to_string(),
                })
            })
        };
        for (src, v) in &self.static_sources {
            if get(src)? != *v {
                return Ok(false);
            }
        }
        let mut values: Vec<Option<i64>> = vec![None; self.symbols.len()];
        for (i, d) in self.symbols.iter().enumerate() {
            if d.hint.is_none() {
                continue;
            }
            let Some(first) = d.sources.first() else {
                continue;
            };
            let v = get(first)?;
            for other in &d.sources[1..] {
                if get(other)? != v {
                    return Ok(false);
                }
            }
            if !self.exprs.symbol_range(Symbol(i as u32)).contains(v) {
                return Ok(false);
            }
            values[i] = Some(v);
        }
        for g in &self.guards {
            match self.exprs.eval(g.expr, &|s: Symbol| {
                values.get(s.0 as usize).copied().flatten()
            }) {
                Ok(Some(0)) => return Ok(false),
                Ok(Some(_)) => {}
                // A guard that cannot be evaluated (overflow at these sizes,
                // an unbacked symbol) does not hold.
                Ok(None) | Err(_) => return Ok(false),
            }
        }
        Ok(true)
    }
}

use super::Source;
