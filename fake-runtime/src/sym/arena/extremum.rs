//! `Max` and `Min`: constants folded, nested extrema flattened, and
//! sympy's removal of redundant arguments, those another argument always
//! dominates by the ranges dropped.

use super::*;

/// Which of `Max`/`Min` a constructor builds.
#[derive(Clone, Copy, PartialEq, Eq)]
enum Extremum {
    Max,
    Min,
}

impl ExprArena {
    /// `Max(args...)`.
    pub fn max(&mut self, args: &[ExprId]) -> Result<ExprId> {
        match args {
            &[a, b] => self.cached(BinOp::Max, a, b, |s, a, b| {
                s.extremum(Extremum::Max, &[a, b])
            }),
            _ => self.extremum(Extremum::Max, args),
        }
    }

    /// `Min(args...)`.
    pub fn min(&mut self, args: &[ExprId]) -> Result<ExprId> {
        match args {
            &[a, b] => self.cached(BinOp::Min, a, b, |s, a, b| {
                s.extremum(Extremum::Min, &[a, b])
            }),
            _ => self.extremum(Extremum::Min, args),
        }
    }

    fn extremum(&mut self, which: Extremum, args: &[ExprId]) -> Result<ExprId> {
        let mut flat = Args::new();
        let mut constant: Option<i64> = None;
        for &a in args {
            match self.node(a) {
                Node::Int(v) => {
                    let v = *v;
                    constant = Some(match (constant, which) {
                        (None, _) => v,
                        (Some(c), Extremum::Max) => c.max(v),
                        (Some(c), Extremum::Min) => c.min(v),
                    });
                }
                Node::Max(inner) if which == Extremum::Max => flat.extend(inner.iter().copied()),
                Node::Min(inner) if which == Extremum::Min => flat.extend(inner.iter().copied()),
                _ => flat.push(a),
            }
        }
        // Nested constants were folded when the inner node was made, but an
        // inner node may hold one: fold again.
        let mut symbolic = Args::new();
        for a in flat {
            match self.as_int(a) {
                Some(v) => {
                    constant = Some(match (constant, which) {
                        (None, _) => v,
                        (Some(c), Extremum::Max) => c.max(v),
                        (Some(c), Extremum::Min) => c.min(v),
                    });
                }
                None => symbolic.push(a),
            }
        }
        if let Some(c) = constant {
            symbolic.push(self.int(c));
        }
        symbolic.sort();
        symbolic.dedup();
        // sympy's removal of redundant arguments (`_collapse_arguments`):
        // each argument, atoms first, taken out of the later ones' nested
        // extrema (`Max(0, Min(u, Max(0, x)))` is `Max(0, Min(u, x))`; a
        // nested extremum of the other kind holding it is it).
        if symbolic.iter().any(|&a| self.is_extremum(a)) {
            symbolic.sort_by_key(|&a| self.is_extremum(a));
            for i in 0..symbolic.len() {
                let a = symbolic[i];
                for j in i + 1..symbolic.len() {
                    symbolic[j] = self.without_redundant(which, symbolic[j], a)?;
                }
            }
            symbolic.sort();
            symbolic.dedup();
        }
        // Drop arguments another argument always dominates, by ranges.
        let mut kept = Args::new();
        for (i, &x) in symbolic.iter().enumerate() {
            let mut dominated = false;
            for (j, &y) in symbolic.iter().enumerate() {
                if i == j || (j < i && !kept.contains(&y)) {
                    continue;
                }
                let diff = match which {
                    Extremum::Max => self.sub(y, x),
                    Extremum::Min => self.sub(x, y),
                };
                let Ok(diff) = diff else { continue };
                if self.range(diff).lo_raw() >= 0 {
                    dominated = true;
                    break;
                }
                // `Max(0 or 1, y)` of two arguments: PyTorch's simplify
                // falls back on the full static decision of `x <= y`
                // (symbols reallocated above their lower bounds), which
                // settles `Max(1, (s0 - 1)*(s1 - 1))` where intervals of
                // the expanded product do not.
                let small = matches!(self.as_int(x), Some(0 | 1));
                if which == Extremum::Max && symbolic.len() == 2 && small {
                    let p = self.poly(diff);
                    let ge = self.rel_poly(RelOp::Ge, p);
                    if self.decide_by_ranges(ge) == Some(true) {
                        dominated = true;
                        break;
                    }
                }
            }
            if !dominated {
                kept.push(x);
            }
        }
        match kept.len() {
            0 => Ok(symbolic.first().copied().unwrap_or_else(|| self.int(0))),
            1 => Ok(kept[0]),
            _ => Ok(self.intern(match which {
                Extremum::Max => Node::Max(kept),
                Extremum::Min => Node::Min(kept),
            })),
        }
    }

    /// Whether `e` is a `Max` or a `Min`.
    pub(crate) fn is_extremum(&self, e: ExprId) -> bool {
        matches!(self.node(e), Node::Max(_) | Node::Min(_))
    }

    /// sympy's `do(ai, a)` of `_collapse_arguments` for an extremum of
    /// kind `which`: in `ai`'s nested extrema, `a` is dropped from one of
    /// `which`'s kind and stands for one of the other kind.
    fn without_redundant(&mut self, which: Extremum, ai: ExprId, a: ExprId) -> Result<ExprId> {
        let (kind, args) = match self.node(ai) {
            Node::Max(args) => (Extremum::Max, args.clone()),
            Node::Min(args) => (Extremum::Min, args.clone()),
            _ => return Ok(ai),
        };
        let holds = args.contains(&a);
        if holds && kind != which {
            return Ok(a);
        }
        let mut rest = Args::new();
        for &x in args.iter().filter(|&&x| !(holds && x == a)) {
            rest.push(self.without_redundant(which, x, a)?);
        }
        if !holds && rest == args {
            return Ok(ai);
        }
        self.extremum(kind, &rest)
    }
}
