//! What `fake mem` prints, as data: a [`Breakdown`] of a [`MemReport`] at
//! an evaluation point, with an optional budget solved, made of plain
//! names, numbers and formula strings. The command line prints its
//! [`Breakdown::text`] or its [`Breakdown::json`] (`--format json`); the
//! Python package returns the same JSON document, so both read alike.

use super::{Fit, MemError, MemReport, Origin, Point, format_bytes, made_by, symbol_name};
use crate::graph::Graph;
use crate::prop::{Propagation, Slot};
use crate::report::sizes;
use fake_runtime::SymInt;
use serde::ser::{Serialize, SerializeMap, Serializer};
use std::fmt::{self, Write as _};

/// How many storages live at the peak are listed, largest first.
const TOP_STORAGES: usize = 10;

/// A byte count that may depend on the program's symbols: a number when it
/// is static, else the expression as printed with the file's symbol names
/// (`602112*s77 + 46796608`). JSON writes it as a number or a string.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Formula {
    /// A static count.
    Int(i64),
    /// A symbolic one, printed.
    Expr(String),
}

impl Formula {
    /// `v`, simplified, in the program's names.
    pub fn of(p: &mut Propagation, v: SymInt) -> Formula {
        match p.mode.env_mut().simplify_int(v).unwrap_or(v) {
            SymInt::Int(x) => Formula::Int(x),
            e => Formula::Expr(p.display(e)),
        }
    }
}

impl fmt::Display for Formula {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Formula::Int(x) => write!(f, "{x}"),
            Formula::Expr(e) => f.write_str(e),
        }
    }
}

impl Serialize for Formula {
    fn serialize<S: Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        match self {
            Formula::Int(x) => s.serialize_i64(*x),
            Formula::Expr(e) => s.serialize_str(e),
        }
    }
}

/// Symbols with values, in a chosen order (JSON: an object by name).
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct SymbolValues(pub Vec<(String, i64)>);

impl Serialize for SymbolValues {
    fn serialize<S: Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        let mut m = s.serialize_map(Some(self.0.len()))?;
        for (name, v) in &self.0 {
            m.serialize_entry(name, v)?;
        }
        m.end()
    }
}

/// A symbol of the peak formula.
#[derive(Debug, Clone, PartialEq, Eq, serde::Serialize)]
pub struct SymbolRow {
    /// Its name in the program (`s77`).
    pub name: String,
    /// The input size it stands for (`x.size()[0]`), if any.
    pub source: Option<String>,
    /// What made it, when it has no source (text only).
    #[serde(skip)]
    pub origin: String,
    /// Its hint.
    pub hint: Option<i64>,
    /// Its range (`[2, 1024]`).
    pub range: String,
}

/// The inputs' bytes, live throughout, by kind.
#[derive(Debug, Clone, PartialEq, Eq, serde::Serialize)]
pub struct InputRow {
    /// All of them.
    pub total: Formula,
    /// The total at the evaluation point, when it has a value.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub total_at: Option<i64>,
    /// Parameters.
    pub parameters: Formula,
    /// Buffers.
    pub buffers: Formula,
    /// Constant tensors.
    pub constants: Formula,
    /// User inputs.
    pub user_inputs: Formula,
    /// Other inputs.
    pub other: Formula,
    /// How many storages of each kind, in the order above (text only).
    #[serde(skip)]
    pub counts: [usize; 5],
}

/// A candidate of the peak's `Max`.
#[derive(Debug, Clone, PartialEq, Eq, serde::Serialize)]
pub struct CandidateRow {
    /// The first node whose live bytes take this form.
    pub node: String,
    /// Those bytes.
    pub live: Formula,
}

/// The evaluation point and the peak there.
#[derive(Debug, Clone, PartialEq, Eq, serde::Serialize)]
pub struct AtRow {
    /// The symbols given a value.
    pub given: SymbolValues,
    /// The formula's other symbols, at their hints.
    pub hints: SymbolValues,
    /// The peak with the given symbols fixed, when some symbols are left.
    pub formula: Option<String>,
    /// The peak there, in bytes.
    pub peak: Option<i64>,
    /// The node while which it is reached.
    pub node: Option<String>,
    /// Its operator (text only).
    #[serde(skip)]
    pub op: Option<String>,
    /// Why there is no value.
    pub error: Option<String>,
    /// The symbol lacking a value, when that is why (text only).
    #[serde(skip)]
    pub missing: Option<String>,
    /// Whether the sizes keep every range and guard of the program.
    pub within_guards: bool,
}

/// A storage live at the peak.
#[derive(Debug, Clone, PartialEq, Eq, serde::Serialize)]
pub struct StorageRow {
    /// The mode's storage number.
    pub storage: u32,
    /// Its size.
    pub bytes: Formula,
    /// Its size at the evaluation point.
    pub bytes_at: Option<i64>,
    /// The node that made it (or the input).
    pub node: String,
    /// That node's operator.
    pub op: String,
    /// The value whose tensor is the largest on it.
    pub value: String,
    /// That tensor's sizes, printed.
    pub sizes: String,
    /// Its dtype.
    pub dtype: String,
    /// Its device.
    pub device: String,
    /// Whether it backs a program output.
    pub output: bool,
}

/// One node's live bytes and the storages it makes and frees.
#[derive(Debug, Clone, PartialEq, Eq, serde::Serialize)]
pub struct NodeRow {
    /// The node.
    pub node: String,
    /// Its operator.
    pub op: String,
    /// The bytes live while it runs, inputs included.
    pub live: Formula,
    /// Those at the evaluation point.
    pub live_at: Option<i64>,
    /// The storages it makes.
    pub allocates: Vec<u32>,
    /// The storages last live while it runs.
    pub frees_after: Vec<u32>,
}

/// One symbol's answer to the budget.
#[derive(Debug, Clone, PartialEq, Eq, serde::Serialize)]
pub struct BudgetRow {
    /// The symbol.
    pub symbol: String,
    /// Its range.
    pub range: String,
    /// How far it may grow (`fit`: `up_to`, `whole_range` or `none`).
    #[serde(flatten)]
    pub fit: Fit,
}

/// The budget and each symbol's answer.
#[derive(Debug, Clone, PartialEq, Eq, serde::Serialize)]
pub struct BudgetReport {
    /// The budget, in bytes.
    pub bytes: i64,
    /// Per symbol of the formula.
    pub symbols: Vec<BudgetRow>,
}

/// Everything `fake mem` prints about a program.
#[derive(Debug, Clone, PartialEq, Eq, serde::Serialize)]
pub struct Breakdown {
    /// The symbols of the peak formula, by name.
    pub symbols: Vec<SymbolRow>,
    /// The inputs.
    pub inputs: InputRow,
    /// The peak formula.
    pub peak: Formula,
    /// The candidates of its `Max`.
    pub candidates: Vec<CandidateRow>,
    /// The evaluation point.
    pub at: AtRow,
    /// The storages live at the peak there, largest first.
    pub top_storages: Vec<StorageRow>,
    /// Every node.
    pub nodes: Vec<NodeRow>,
    /// The budget's answers, when one was asked for.
    pub budget: Option<BudgetReport>,
    /// Nodes counted as allocating their results without knowing.
    pub assumed_fresh: Vec<String>,
}

/// A node's name and operator.
fn describe(graph: &Graph, i: usize) -> (String, String) {
    let n = &graph.nodes[i];
    (
        n.name.clone(),
        n.op.clone().unwrap_or_else(|| n.target.clone()),
    )
}

impl Breakdown {
    /// The breakdown of `report` (made on `graph` and `p`) at the sizes
    /// `at` (symbols by name or source; the others at their hints), with
    /// the largest value of each symbol within `budget` bytes.
    pub fn new(
        graph: &Graph,
        p: &mut Propagation,
        report: &MemReport,
        at: &[(String, i64)],
        budget: Option<i64>,
    ) -> Result<Breakdown, MemError> {
        let point = Point::new(p, at)?;
        let formula_symbols = report.symbols(p)?;
        let given = SymbolValues(point.given().map(|(s, v)| (symbol_name(p, s), v)).collect());
        let given_symbols: Vec<_> = point.given().map(|(s, _)| s).collect();
        let mut hints = SymbolValues::default();
        for &s in &formula_symbols {
            if !given_symbols.contains(&s)
                && let Some(h) = p.mode.env().symbol_hint(s)
            {
                hints.0.push((symbol_name(p, s), h));
            }
        }
        let evaluated = report.peak_at(p, &point);
        let outside = !at.is_empty() && !point.within_guards(p);
        let solved = match budget {
            Some(b) => Some(super::solve_budget(report, p, &point, b)?),
            None => None,
        };
        let formula = if !at.is_empty() && !hints.0.is_empty() {
            Some(super::substitute(p, report.peak, &point)?)
        } else {
            None
        };
        // The storages live at the peak, largest first.
        let mut top = Vec::new();
        if let Ok((_, Some(node))) = evaluated {
            for k in report.live_storages(node) {
                let v = point.eval(p, report.storages[k].bytes).ok();
                top.push((k, v));
            }
            top.sort_by_key(|&(k, v)| (std::cmp::Reverse(v), k));
            top.truncate(TOP_STORAGES);
        }
        let mut top_storages = Vec::new();
        for (k, bytes_at) in top {
            let s = &report.storages[k];
            let (node, op) = match s.origin {
                Origin::Node { node: i, .. } => describe(graph, i),
                Origin::Input(_) => made_by(graph, s.largest),
            };
            let (shape, dtype, device) = match p.slots[s.largest.0 as usize] {
                Slot::Tensor(t) => match p.mode.meta(t).cloned() {
                    Ok(m) => (
                        sizes(p, &m.sizes),
                        m.dtype.to_string(),
                        m.device.to_string(),
                    ),
                    Err(_) => Default::default(),
                },
                _ => Default::default(),
            };
            top_storages.push(StorageRow {
                storage: s.id.index(),
                bytes: Formula::of(p, s.bytes),
                bytes_at,
                node,
                op,
                value: graph.value(s.largest).name.clone(),
                sizes: shape,
                dtype,
                device,
                output: s.output,
            });
        }
        let i = &report.inputs;
        let inputs = InputRow {
            total: Formula::of(p, i.total),
            total_at: point.eval(p, i.total).ok(),
            parameters: Formula::of(p, i.parameters),
            buffers: Formula::of(p, i.buffers),
            constants: Formula::of(p, i.constants),
            user_inputs: Formula::of(p, i.user_inputs),
            other: Formula::of(p, i.other),
            counts: i.counts,
        };
        let n = report.live.len();
        let mut nodes = Vec::with_capacity(n);
        for (i, &l) in report.live.iter().enumerate() {
            let (node, op) = describe(graph, i);
            let ids = |keep: &dyn Fn(&super::Storage) -> bool| {
                report
                    .storages
                    .iter()
                    .filter(|s| keep(s))
                    .map(|s| s.id.index())
                    .collect()
            };
            nodes.push(NodeRow {
                node,
                op,
                live: Formula::of(p, l),
                live_at: point.eval(p, l).ok(),
                allocates: ids(&|s| s.born() == Some(i)),
                frees_after: ids(&|s| s.dies_after(n) == Some(i) && !s.output),
            });
        }
        let candidates = report
            .candidates
            .iter()
            .map(|c| CandidateRow {
                node: graph.nodes[c.node].name.clone(),
                live: Formula::of(p, c.bytes),
            })
            .collect();
        let symbols = formula_symbols
            .iter()
            .map(|&s| {
                let name = symbol_name(p, s);
                let env = p.mode.env();
                SymbolRow {
                    name,
                    source: env.symbol_sources(s).first().map(ToString::to_string),
                    origin: env.symbol_origin(s).to_string(),
                    hint: env.symbol_hint(s),
                    range: env.symbol_range(s).to_string(),
                }
            })
            .collect();
        let (peak, node, op, error, missing) = match &evaluated {
            Ok((b, node)) => {
                let (name, op) = node.map(|i| describe(graph, i)).unzip();
                (Some(*b), name, op, None, None)
            }
            Err(e) => {
                let missing = match e {
                    MemError::NoValue { symbol } => Some(symbol.clone()),
                    _ => None,
                };
                (None, None, None, Some(e.to_string()), missing)
            }
        };
        let budget = budget.zip(solved).map(|(bytes, solved)| BudgetReport {
            bytes,
            symbols: solved
                .into_iter()
                .map(|s| BudgetRow {
                    symbol: s.name,
                    range: s.range.to_string(),
                    fit: s.fit,
                })
                .collect(),
        });
        Ok(Breakdown {
            symbols,
            inputs,
            peak: Formula::of(p, report.peak),
            candidates,
            at: AtRow {
                given,
                hints,
                formula,
                peak,
                node,
                op,
                error,
                missing,
                within_guards: !outside,
            },
            top_storages,
            nodes,
            budget,
            assumed_fresh: report
                .assumed_fresh
                .iter()
                .map(|&i| graph.nodes[i].name.clone())
                .collect(),
        })
    }

    /// The JSON document of `fake mem --format json`.
    pub fn json(&self) -> serde_json::Value {
        // Every field serialises (strings, numbers, lists, maps by string).
        serde_json::to_value(self).unwrap_or(serde_json::Value::Null)
    }

    /// The lines `fake mem` prints, each ending in a newline.
    pub fn text(&self) -> String {
        let mut out = String::new();
        // Writing to a String cannot fail.
        let _ = self.write_text(&mut out);
        out
    }

    fn write_text(&self, out: &mut String) -> fmt::Result {
        let inputs = &self.inputs;
        writeln!(out, "inputs, live throughout: {} bytes", inputs.total)?;
        let kinds = [
            ("parameters", &inputs.parameters),
            ("buffers", &inputs.buffers),
            ("constants", &inputs.constants),
            ("user inputs", &inputs.user_inputs),
            ("other inputs", &inputs.other),
        ];
        let parts: Vec<String> = kinds
            .iter()
            .zip(inputs.counts)
            .filter(|(_, n)| *n > 0)
            .map(|((name, b), n)| {
                let t = if n == 1 { "tensor" } else { "tensors" };
                format!("{name} {b} ({n} {t})")
            })
            .collect();
        if !parts.is_empty() {
            writeln!(out, "  {}", parts.join(", "))?;
        }
        let n = self.nodes.len();
        let c = self.candidates.len();
        writeln!(out, "peak: {} bytes", self.peak)?;
        writeln!(
            out,
            "  the live bytes of {c} of {n} node{}; every other node's are at most one of these over the symbols' ranges",
            if n == 1 { "" } else { "s" }
        )?;
        for s in &self.symbols {
            let src = s.source.as_deref().unwrap_or(&s.origin);
            let hint = s.hint.map_or_else(String::new, |h| format!(", hint {h}"));
            writeln!(out, "  {}: {src}{hint}, range {}", s.name, s.range)?;
        }
        let at = &self.at;
        let where_: Vec<String> = at.given.0.iter().map(|(s, v)| format!("{s}={v}")).collect();
        if let Some(f) = &at.formula {
            writeln!(out, "at {}: {f} bytes", where_.join(", "))?;
        }
        let mut place = where_;
        if !at.hints.0.is_empty() {
            let hints: Vec<String> = at.hints.0.iter().map(|(s, v)| format!("{s}={v}")).collect();
            place.push(format!("{} (hint)", hints.join(", ")));
        }
        let place = if place.is_empty() {
            "static sizes".to_string()
        } else {
            place.join(", ")
        };
        match (at.peak, &at.error) {
            (Some(bytes), _) => {
                let during = match (&at.node, &at.op) {
                    (Some(name), Some(op)) => format!(", while '{name}' ({op}) runs"),
                    _ => String::new(),
                };
                writeln!(
                    out,
                    "at {place}: {} ({bytes} bytes){during}",
                    format_bytes(bytes)
                )?;
                if !at.within_guards {
                    writeln!(
                        out,
                        "  note: these sizes are outside the symbols' ranges or break a guard of the program: the formula may not hold there"
                    )?;
                }
                if !self.top_storages.is_empty() {
                    writeln!(out, "  live there, besides the inputs (largest first):")?;
                }
                for s in &self.top_storages {
                    let output = if s.output { ", output" } else { "" };
                    writeln!(
                        out,
                        "    {:>10}  {} bytes  #{}  made by '{}' ({}) {} {} {}{output}",
                        s.bytes_at.map_or_else(|| "?".to_string(), format_bytes),
                        s.bytes,
                        s.storage,
                        s.node,
                        s.op,
                        s.sizes,
                        s.dtype,
                        s.device
                    )?;
                }
            }
            (None, error) => {
                let how = at
                    .missing
                    .as_ref()
                    .map_or_else(String::new, |s| format!(" (--at {s}=N)"));
                let error = error.as_deref().unwrap_or_default();
                writeln!(out, "at {place}: cannot evaluate: {error}{how}")?;
            }
        }
        if let Some(budget) = &self.budget {
            let b = budget.bytes;
            let others = if self.symbols.len() > 1 {
                ", the other symbols as above"
            } else {
                ""
            };
            writeln!(
                out,
                "budget {} ({b} bytes), one symbol at a time{others}:",
                format_bytes(b)
            )?;
            if budget.symbols.is_empty() {
                let fits = at.peak.is_some_and(|x| x <= b);
                writeln!(
                    out,
                    "  the peak depends on no symbol; it {} the budget",
                    if fits { "fits" } else { "exceeds" }
                )?;
            }
            for s in &budget.symbols {
                match s.fit {
                    Fit::UpTo { value, peak, above } => {
                        let above = above.map_or_else(
                            || "overflows".to_string(),
                            |a| format!("{} ({a} bytes)", format_bytes(a)),
                        );
                        writeln!(
                            out,
                            "  {} <= {value}: peak {} ({peak} bytes) there; at {} it is {above}",
                            s.symbol,
                            format_bytes(peak),
                            value + 1
                        )?;
                    }
                    Fit::Whole { highest, peak } => writeln!(
                        out,
                        "  {} <= {highest}, the top of its range {}: peak {} ({peak} bytes) there",
                        s.symbol,
                        s.range,
                        format_bytes(peak)
                    )?,
                    Fit::Never { lowest, peak } => writeln!(
                        out,
                        "  {}: no value fits; at {lowest}, the bottom of its range {}, the peak is {} ({peak} bytes)",
                        s.symbol,
                        s.range,
                        format_bytes(peak)
                    )?,
                }
            }
        }
        if !self.assumed_fresh.is_empty() {
            writeln!(
                out,
                "note: {} node(s) without a rule are counted as allocating their results: {}",
                self.assumed_fresh.len(),
                self.assumed_fresh.join(", ")
            )?;
        }
        Ok(())
    }
}
