//! The guards, compared by what they accept: PyTorch's (the file's
//! `guards_code` within its `range_constraints`) and ours (the ShapeEnv's
//! guards within its symbols' ranges), over the input sizes.
//!
//! Guards are sets of conditions whose printed forms differ legitimately
//! (export prints `math.ceil(...)` of floats where we keep a `CeilDiv`,
//! and drops what its range constraints say), so they are compared as
//! regions, not as text: at the hints and at a few hundred other points
//! (small sizes, sizes near the hints, multiples of them, large sizes, and
//! points where two symbols are equal), drawn deterministically over the
//! symbols of the user inputs' sizes, strides and offsets (and integer
//! inputs' values). A backed symbol
//! is at least 2 on both sides (sizes 0 and 1 are specialised when traced,
//! whatever a range constraint prints).
//!
//! The comparison has one sound direction. A point PyTorch's guards admit
//! and ours refuse is an error of ours: we specialised or narrowed where
//! PyTorch did not ([`GuardCheck::difference`]). The converse is not: the
//! recorded guards also come from what the graph no longer shows (Python
//! code of the traced module branching on a size, the operators a Core
//! ATen program was decomposed from, export's aliasing analysis of the
//! outputs), so a point only ours admit is reported as a note
//! ([`GuardCheck::narrower`]). A point where either side cannot be
//! evaluated (a division by zero) is skipped, and so is a guard of
//! PyTorch's this module does not parse (`guard_code`: a view input's
//! `._base`); with one skipped, PyTorch's region is not known exactly,
//! and only the note is made.

use super::guard_code::{self, Field};
use crate::graph::{Graph, InputKind};
use crate::prop::{Propagation, Slot};
use fake_runtime::shape_env::{POINTS, Refusal};
use fake_runtime::sym::Symbol;
use fake_runtime::{Points, SymBool, SymInt};
use std::collections::HashMap;
use std::fmt;

/// A point of input sizes where PyTorch's guards and ours disagree.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct GuardDifference {
    /// The symbols' values there (`s77=4, s27=1000`).
    pub point: String,
    /// Whether PyTorch's guards admit the point (ours then refuse it).
    pub pytorch_admits: bool,
    /// The refusing side's first condition that fails there (a guard, or
    /// a symbol's range).
    pub refused_by: String,
}

impl fmt::Display for GuardDifference {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let (yes, no) = if self.pytorch_admits {
            ("PyTorch's guards admit it", "ours refuse")
        } else {
            ("ours admit it", "PyTorch's refuse")
        };
        write!(
            f,
            "guards differ: at {}, {yes} and {no} ({})",
            self.point, self.refused_by
        )
    }
}

/// What comparing the guards found.
#[derive(Debug, Clone, PartialEq, Eq, Default)]
pub struct GuardCheck {
    /// PyTorch's guards left uncompared, with why (a form this module does
    /// not read).
    pub unread: Vec<String>,
    /// The first point PyTorch's guards admit and ours refuse.
    pub difference: Option<GuardDifference>,
    /// The first point ours admit and PyTorch's refuse (not an error by
    /// itself: see the module's documentation).
    pub narrower: Option<GuardDifference>,
}

/// A user input's metadata as expressions of ours.
struct InputMeta {
    sizes: Vec<SymInt>,
    strides: Vec<SymInt>,
    offset: SymInt,
    /// An integer input's value (a tensor's is `None`).
    value: Option<SymInt>,
}

/// A user input's metadata at a point.
struct InputAt {
    sizes: Vec<i64>,
    strides: Vec<i64>,
    offset: i64,
    /// An integer input's value.
    value: Option<i64>,
}

/// The user inputs' metadata at a point, by name.
type Concrete = HashMap<String, InputAt>;

/// Compare PyTorch's recorded guards with ours over the input sizes.
pub fn compare(graph: &Graph, p: &mut Propagation) -> GuardCheck {
    let mut check = GuardCheck::default();
    let theirs: Vec<(&str, guard_code::Expr)> = graph
        .guards_code
        .iter()
        .filter_map(|g| match guard_code::parse(g) {
            Ok(e) => Some((g.as_str(), e)),
            Err(e) => {
                check.unread.push(format!("{g} ({e})"));
                None
            }
        })
        .collect();
    let env = p.mode.env();
    let arena = env.arena();
    // The user inputs' metadata, by the name export flattens them to.
    let mut inputs: HashMap<&str, InputMeta> = HashMap::new();
    for input in &graph.inputs {
        let (InputKind::User, Some(v)) = (&input.kind, input.value) else {
            continue;
        };
        let name = graph.value(v).name.as_str();
        let t = match p.slots[v.0 as usize] {
            Slot::Tensor(t) => t,
            Slot::Int(value) => {
                inputs.insert(
                    name,
                    InputMeta {
                        sizes: Vec::new(),
                        strides: Vec::new(),
                        offset: SymInt::Int(0),
                        value: Some(value),
                    },
                );
                continue;
            }
            _ => continue,
        };
        let Ok(meta) = p.mode.meta(t) else {
            continue;
        };
        inputs.insert(
            name,
            InputMeta {
                sizes: meta.sizes.to_vec(),
                strides: meta.strides.to_vec(),
                offset: meta.storage_offset,
                value: None,
            },
        );
    }
    // The free symbols: the backed ones of the inputs' metadata.
    let mut roots: Vec<Symbol> = Vec::new();
    for m in inputs.values() {
        for v in m
            .sizes
            .iter()
            .chain(&m.strides)
            .chain([&m.offset])
            .chain(&m.value)
        {
            if let SymInt::Expr(e) = v {
                for s in arena.free_symbols(*e) {
                    if !roots.contains(&s) && !arena.is_unbacked(s) {
                        roots.push(s);
                    }
                }
            }
        }
    }
    roots.sort_unstable();
    if roots.is_empty() {
        return check;
    }
    let names: Vec<String> = roots
        .iter()
        .map(|&s| {
            p.symbols
                .name_of(s)
                .map_or_else(|| arena.symbol_name(s), str::to_string)
        })
        .collect();
    let hints: Vec<i64> = roots
        .iter()
        .map(|&s| env.symbol_hint(s).unwrap_or(2))
        .collect();
    let mut points = Points::new(hints);
    let oblivious = p.mode.env().backed_size_oblivious();
    let mut point = Vec::with_capacity(roots.len());
    for _ in 0..=POINTS {
        points.next_into(&mut point);
        let value = |s: Symbol| roots.binary_search(&s).ok().map(|i| point[i]);
        let Some(at) = inputs_at(p, &inputs, &value) else {
            continue;
        };
        let Some(pytorch) = admits_theirs(graph, &theirs, &at, &names, &point, oblivious) else {
            continue;
        };
        let Ok(us) = p.mode.env().refusal_at(&roots, &point) else {
            continue;
        };
        let slot = match (&pytorch, &us) {
            // A guard left unread (a view input's `._base`) may be what
            // refuses the point on PyTorch's side.
            (None, Some(_)) if !check.unread.is_empty() => continue,
            (None, Some(_)) => &mut check.difference,
            (Some(_), None) => &mut check.narrower,
            _ => continue,
        };
        if slot.is_none() {
            let shown: Vec<String> = names
                .iter()
                .zip(&point)
                .map(|(n, v)| format!("{n}={v}"))
                .collect();
            let pytorch_admits = pytorch.is_none();
            let refused_by = match (pytorch, us) {
                (Some(theirs), _) => theirs,
                (None, Some(ours)) => refusal_text(p, &roots, &names, ours),
                (None, None) => String::new(),
            };
            *slot = Some(GuardDifference {
                point: shown.join(", "),
                pytorch_admits,
                refused_by,
            });
        }
        if check.difference.is_some() && check.narrower.is_some() {
            break;
        }
    }
    check
}

/// The inputs' metadata at a point; `None` where an expression cannot be
/// evaluated there.
fn inputs_at(
    p: &Propagation,
    inputs: &HashMap<&str, InputMeta>,
    value: &dyn Fn(Symbol) -> Option<i64>,
) -> Option<Concrete> {
    let arena = p.mode.env().arena();
    let at = |v: SymInt| match v {
        SymInt::Int(x) => Some(x),
        SymInt::Expr(e) => arena.eval(e, value).ok().flatten(),
    };
    let mut out = HashMap::new();
    for (name, m) in inputs {
        let sizes: Option<Vec<i64>> = m.sizes.iter().map(|&v| at(v)).collect();
        let strides: Option<Vec<i64>> = m.strides.iter().map(|&v| at(v)).collect();
        let value = match m.value {
            Some(v) => Some(at(v)?),
            None => None,
        };
        out.insert(
            (*name).to_string(),
            InputAt {
                sizes: sizes?,
                strides: strides?,
                offset: at(m.offset)?,
                value,
            },
        );
    }
    Some(out)
}

/// Whether PyTorch's guards admit the point: `Some(None)` yes,
/// `Some(Some(why))` no, `None` when they cannot be evaluated there. A
/// size below 2 is refused (0/1 specialisation) unless the program was
/// traced `oblivious` of backed sizes, whose ranges start at 0.
fn admits_theirs(
    graph: &Graph,
    theirs: &[(&str, guard_code::Expr)],
    inputs: &Concrete,
    names: &[String],
    point: &[i64],
    oblivious: bool,
) -> Option<Option<String>> {
    let floor = if oblivious { i64::MIN } else { 2 };
    for (name, &v) in names.iter().zip(point) {
        if let Some(r) = graph.ranges.get(name) {
            let lo = r.min.unwrap_or(i64::MIN).max(floor);
            if v < lo || r.max.is_some_and(|hi| v > hi) {
                return Some(Some(format!("the range constraint of {name}")));
            }
        }
    }
    let input = |name: &str, field: Field| -> Option<i64> {
        let at = inputs.get(name)?;
        match field {
            Field::Size(i) => at.sizes.get(i).copied(),
            Field::Stride(i) => at.strides.get(i).copied(),
            Field::StorageOffset => Some(at.offset),
            Field::Value => at.value,
        }
    };
    for (text, e) in theirs {
        if !e.eval(&input)?.truthy() {
            return Some(Some((*text).to_string()));
        }
    }
    Some(None)
}

/// Our condition that refuses a point, printed with the file's names.
fn refusal_text(p: &mut Propagation, roots: &[Symbol], names: &[String], r: Refusal) -> String {
    match r {
        Refusal::Range(s) => {
            let name = roots
                .binary_search(&s)
                .map_or_else(|_| String::new(), |i| names[i].clone());
            format!("the range of {name}, {}", p.mode.env().symbol_range(s))
        }
        Refusal::Guard(i) => {
            let g = SymBool::Expr(p.mode.env().guards()[i].expr);
            p.display_bool(g)
        }
    }
}
