//! The file's symbols as the ShapeEnv's: made from the recorded input
//! sizes (hints overridable by name), bound for the unbacked ones as nodes
//! run, and resolved where recorded expressions name them.

use super::*;

/// The file's symbols (`s77`, `u3`) as ShapeEnv values.
#[derive(Debug, Clone)]
pub struct FileSymbols {
    pub(super) map: HashMap<String, SymInt>,
    pub(super) names: HashMap<Symbol, String>,
    pub(super) ranges: HashMap<String, ValueRange>,
    /// Hints given instead of the recorded ones, by name.
    pub(super) overrides: BTreeMap<String, i64>,
    /// The symbol a recorded size with a hint is made of, and the hint
    /// that gives it (the size's own when the size is the bare symbol;
    /// solved from an affine size such as a derived `Dim`'s `2*s26`).
    pub(super) hint: Option<(String, i64)>,
    /// Whether the size being lowered came with a hint (its symbols are
    /// backed inputs, which need one).
    pub(super) hinted_size: bool,
    pub(super) source: Option<Source>,
    pub(super) origin: String,
    /// Input symbols become their hints (a static propagation at the
    /// sizes the program was exported with, or at the hints given).
    pub(super) static_sizes: bool,
}

impl FileSymbols {
    /// Whether symbols were bound since `before` was cloned from `self`
    /// (the other fields are set and cleared around each lowering).
    pub(super) fn changed_since(&self, before: &FileSymbols) -> bool {
        self.map.len() != before.map.len() || self.names.len() != before.names.len()
    }

    pub(super) fn new(graph: &Graph, overrides: &BTreeMap<String, i64>) -> Self {
        FileSymbols {
            map: HashMap::new(),
            names: HashMap::new(),
            ranges: graph
                .ranges
                .iter()
                .map(|(k, r)| (k.clone(), ValueRange::new(r.min, r.max)))
                .collect(),
            overrides: overrides.clone(),
            hint: None,
            hinted_size: false,
            source: None,
            origin: String::new(),
            static_sizes: false,
        }
    }

    /// The ShapeEnv value of file symbol `name`, if it has one yet.
    pub fn get(&self, name: &str) -> Option<SymInt> {
        self.map.get(name).copied()
    }

    /// Every file symbol with its ShapeEnv value, sorted by name.
    pub fn iter(&self) -> Vec<(&str, SymInt)> {
        let mut v: Vec<(&str, SymInt)> = self.map.iter().map(|(k, v)| (k.as_str(), *v)).collect();
        v.sort_unstable_by(|a, b| a.0.cmp(b.0));
        v
    }

    /// The file's name of a ShapeEnv symbol, if it came from the file.
    pub fn name_of(&self, s: Symbol) -> Option<&str> {
        self.names.get(&s).map(String::as_str)
    }

    /// Bind file symbol `name` to `v` (an unbacked symbol of ours that the
    /// file names differently).
    pub(crate) fn bind_unbacked(&mut self, env: &ShapeEnv, name: &str, v: SymInt) {
        self.bind(env, name, v);
    }

    pub(super) fn bind(&mut self, env: &ShapeEnv, name: &str, v: SymInt) {
        self.map.insert(name.to_string(), v);
        if let Some(s) = env.as_symbol(v) {
            self.names.entry(s).or_insert_with(|| name.to_string());
        }
    }
}

impl Resolver for FileSymbols {
    fn resolve(&mut self, env: &mut ShapeEnv, d: &SymbolDecl) -> Result<SymInt, ResolveError> {
        if let Some(v) = self.map.get(&d.name) {
            return Ok(*v);
        }
        // A hint given by name stands in for one the file does not give
        // (a symbol first met inside a size that is not affine in it).
        let hinted = match &self.hint {
            Some((name, h)) if *name == d.name => Some(*h),
            _ => self.overrides.get(&d.name).copied(),
        };
        let v = match hinted {
            Some(recorded) if !d.name.starts_with('u') => {
                let hint = self.overrides.get(&d.name).copied().unwrap_or(recorded);
                if self.static_sizes {
                    let v = SymInt::Int(hint);
                    self.map.insert(d.name.clone(), v);
                    return Ok(v);
                }
                let mut range = self
                    .ranges
                    .get(&d.name)
                    .copied()
                    .unwrap_or(ValueRange::at_least(0));
                let source = self
                    .source
                    .clone()
                    .unwrap_or_else(|| Source::Local(d.name.clone()));
                // A tensor size PyTorch traced with a hint of 2 or more
                // was, inside its ShapeEnv, at least 2 (0/1
                // specialisation), whatever lower bound the user gave
                // `Dim` and the file's `range_constraints` repeat. (The
                // recorded hint decides: a hint given instead must lie
                // in the range the program was traced for.)
                // Under `backed_size_oblivious` a size is `[0, oo]` and
                // size-like instead.
                let size = matches!(source, Source::Size { .. });
                let oblivious = size && env.backed_size_oblivious();
                if size && !oblivious && recorded >= 2 && env.settings().specialize_zero_one {
                    range = range.intersect(&ValueRange::at_least(2));
                }
                let v = env
                    .create_symint_input(hint, source, range)
                    .map_err(|e| ResolveError::Refused(e.to_string()))?;
                if oblivious {
                    env.mark_size_like(v);
                }
                v
            }
            _ if d.name.starts_with('u') => {
                let v = env.create_unbacked(false, &self.origin);
                if let Some(r) = self.ranges.get(&d.name) {
                    env.constrain_range(v, r.lo(), r.hi(), &self.origin)
                        .map_err(|e| ResolveError::Refused(e.to_string()))?;
                }
                v
            }
            _ if self.hinted_size => {
                return Err(ResolveError::Refused(format!(
                    "symbol {0} first appears inside a recorded size that does not give its \
                     hint; give one by name ({0}=N)",
                    d.name
                )));
            }
            _ => return Err(ResolveError::Unknown),
        };
        // The file's names are PyTorch's: they decide replacements.
        env.set_pytorch_name(v, &d.name);
        self.bind(env, &d.name, v);
        Ok(v)
    }
}

/// Whether `graph` shows it was traced with `backed_size_oblivious`: an
/// input tensor's size recorded as a lone backed symbol whose hint is 0
/// or 1, which PyTorch otherwise specialises to the constant.
pub(super) fn traced_size_obliviously(graph: &Graph) -> bool {
    input_sizes(graph).any(|(_, hint)| hint.is_some_and(|h| h <= 1))
}

/// The input tensors' sizes recorded as a lone backed symbol: its name
/// and recorded hint.
pub(super) fn input_sizes(graph: &Graph) -> impl Iterator<Item = (String, Option<i64>)> + '_ {
    graph
        .inputs
        .iter()
        .filter_map(|i| i.value)
        .filter_map(|v| match &graph.value(v).recorded {
            Recorded::Tensor(meta) => Some(meta.sizes.iter()),
            _ => None,
        })
        .flatten()
        .filter_map(|s| match s {
            schema::SymInt::Expr(e) => {
                let x = srepr::parse(&e.expr_str).ok()?;
                let srepr::NodeKind::Symbol(d) = &x.root().kind else {
                    return None;
                };
                let hint = e.hint.as_ref().and_then(schema::SymExprHint::as_int);
                (!d.name.starts_with('u')).then(|| (d.name.clone(), hint))
            }
            schema::SymInt::Int(_) => None,
        })
}
