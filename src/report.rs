//! What `fake prop` prints, as data: every input's and node's results
//! (sizes and strides with the file's symbol names, dtype, device, storage),
//! the file's symbols, the guards and the runtime asserts of a
//! [`Propagation`]. The command line formats it as a table or prints
//! [`json`]; embeddings (the Python package) read the same records.

use crate::graph::{Graph, NodeOutput, SymIntArg, ValueId};
use crate::prop::{Propagation, Slot, Status};
use fake_runtime::{Layout, SymBool, SymInt};

/// Sizes (or strides) printed as a list with the file's symbol names:
/// `[s77, 64, 112, 112]`.
pub fn sizes(p: &mut Propagation, v: &[SymInt]) -> String {
    let parts: Vec<String> = v.iter().map(|s| p.display(*s)).collect();
    format!("[{}]", parts.join(", "))
}

/// One printed result of a node (or of an input).
pub struct Row {
    /// The node's (or input's) name.
    pub node: String,
    /// The operator (`aten.conv2d.default`), or `input #i`.
    pub op: String,
    /// The result's name when the node has several, else empty.
    pub value: String,
    /// Sizes as printed (`[s77, 64]`), or the value of a SymInt, SymBool
    /// or float.
    pub sizes: String,
    /// Strides, then `+offset` when the storage offset is not 0, and the
    /// layout in parentheses when not strided.
    pub strides: String,
    /// `float32`, or the kind of a non-tensor value (`SymInt`).
    pub dtype: String,
    /// `cpu`, `cuda:0`.
    pub device: String,
    /// The storage (`#3`): views share their base's.
    pub storage: String,
    /// Why the node's results are the recorded ones (unsupported or
    /// failed), else empty.
    pub note: String,
    /// The result in the JSON form `fake prop --format json` prints.
    pub json: serde_json::Value,
}

/// A value as printed: the table's columns and the JSON form.
struct Shown {
    sizes: String,
    strides: String,
    dtype: String,
    device: String,
    /// The storage (`#3`): views share their base's.
    storage: String,
    json: serde_json::Value,
}

/// A SymInt for JSON: a number when static, else the expression's text.
pub fn sym_json(p: &mut Propagation, v: SymInt) -> serde_json::Value {
    match p.mode.env_mut().simplify_int(v).unwrap_or(v) {
        SymInt::Int(x) => serde_json::Value::from(x),
        e => serde_json::Value::from(p.display(e)),
    }
}

fn show(p: &mut Propagation, v: ValueId) -> Shown {
    let text = |sizes: String, dtype: &str, json| Shown {
        sizes,
        strides: String::new(),
        dtype: dtype.to_string(),
        device: String::new(),
        storage: String::new(),
        json,
    };
    match p.slots[v.0 as usize] {
        Slot::Tensor(t) => match p.mode.meta(t).cloned() {
            Ok(m) => {
                let storage = p.mode.tensor(t).map_or(0, |f| f.storage.index());
                let sz = sizes(p, &m.sizes);
                let mut st = sizes(p, &m.strides);
                if m.storage_offset != SymInt::Int(0) {
                    st = format!("{st}+{}", p.display(m.storage_offset));
                }
                // A sparse tensor's strides are those it reports (zeros).
                if m.layout != Layout::Strided {
                    st = format!("{st} ({})", m.layout);
                }
                let mut json = serde_json::json!({
                    "kind": "tensor",
                    "sizes": m.sizes.iter().map(|s| sym_json(p, *s)).collect::<Vec<_>>(),
                    "strides": m.strides.iter().map(|s| sym_json(p, *s)).collect::<Vec<_>>(),
                    "storage_offset": sym_json(p, m.storage_offset),
                    "dtype": m.dtype.to_string(),
                    "device": m.device.to_string(),
                    "storage": storage,
                });
                if m.layout != Layout::Strided {
                    json["layout"] = serde_json::Value::from(m.layout.name());
                }
                Shown {
                    sizes: sz,
                    strides: st,
                    dtype: m.dtype.to_string(),
                    device: m.device.to_string(),
                    storage: format!("#{storage}"),
                    json,
                }
            }
            Err(e) => text(e.to_string(), "", serde_json::Value::Null),
        },
        Slot::Int(i) => {
            let json = serde_json::json!({"kind": "SymInt", "value": sym_json(p, i)});
            text(p.display(i), "SymInt", json)
        }
        Slot::Bool(b) => {
            let shown = p.display_bool(b);
            let json = serde_json::json!({"kind": "SymBool", "value": shown});
            text(shown, "SymBool", json)
        }
        Slot::Float(f) => {
            let shown = p.display_float(f);
            let json = match f.as_f64() {
                Some(v) => serde_json::json!({"kind": "float", "value": v}),
                None => serde_json::json!({"kind": "SymFloat", "value": shown}),
            };
            text(shown, "float", json)
        }
        Slot::Empty => text("-".into(), "", serde_json::Value::Null),
    }
}

/// The values a node's outputs name, in order (lists flattened).
pub fn output_values(outputs: &[NodeOutput]) -> Vec<ValueId> {
    let mut ids = Vec::new();
    for o in outputs {
        match o {
            NodeOutput::Tensor(v)
            | NodeOutput::SymInt(SymIntArg::Value(v))
            | NodeOutput::SymBool(v)
            | NodeOutput::SymFloat(v) => ids.push(*v),
            NodeOutput::Tensors(vs) => ids.extend(vs),
            _ => {}
        }
    }
    ids
}

/// Every input, then every node's results, as printed.
pub fn rows(p: &mut Propagation, graph: &Graph) -> Vec<Row> {
    let mut rows = Vec::new();
    for (i, input) in graph.inputs.iter().enumerate() {
        let Some(v) = input.value else { continue };
        let shown = show(p, v);
        rows.push(Row {
            node: graph.value(v).name.clone(),
            op: format!("input #{i}"),
            value: String::new(),
            sizes: shown.sizes,
            strides: shown.strides,
            dtype: shown.dtype,
            device: shown.device,
            storage: shown.storage,
            note: String::new(),
            json: shown.json,
        });
    }
    for (i, node) in graph.nodes.iter().enumerate() {
        let op = node.op.clone().unwrap_or_else(|| node.target.clone());
        let note = match &p.status[i] {
            Status::Ran => String::new(),
            Status::Unsupported(r) => format!("unsupported ({r}); recorded metadata"),
            Status::Failed(e) => format!("failed ({e}); recorded metadata"),
        };
        let ids = output_values(&node.outputs);
        if ids.is_empty() {
            rows.push(Row {
                node: node.name.clone(),
                op,
                value: String::new(),
                sizes: "-".into(),
                strides: String::new(),
                dtype: String::new(),
                device: String::new(),
                storage: String::new(),
                note,
                json: serde_json::Value::Null,
            });
            continue;
        }
        let many = ids.len() > 1;
        for v in ids {
            let shown = show(p, v);
            rows.push(Row {
                node: node.name.clone(),
                op: op.clone(),
                value: if many {
                    graph.value(v).name.clone()
                } else {
                    String::new()
                },
                sizes: shown.sizes,
                strides: shown.strides,
                dtype: shown.dtype,
                device: shown.device,
                storage: shown.storage,
                note: note.clone(),
                json: shown.json,
            });
        }
    }
    rows
}

/// A guard or runtime assert as printed.
pub struct Cond {
    /// The condition, with the file's symbol names.
    pub expr: String,
    /// The same in terms of the inputs (`x.size()[0]`).
    pub inputs: String,
    /// What asked for it.
    pub origin: String,
}

/// The guards, then the runtime asserts (the unbacked symbols' ranges
/// first).
pub fn guards(p: &mut Propagation) -> (Vec<Cond>, Vec<Cond>) {
    let g: Vec<_> = p.mode.env().guards().to_vec();
    // The unbacked symbols' ranges first, as PyTorch's
    // insert_deferred_runtime_asserts puts them.
    let mut a = p.mode.env_mut().range_asserts().unwrap_or_default();
    a.extend(p.mode.env().runtime_asserts().iter().cloned());
    let fmt = |p: &mut Propagation, list: Vec<fake_runtime::shape_env::Guard>| {
        list.into_iter()
            .map(|g| Cond {
                expr: p.display_bool(SymBool::Expr(g.expr)),
                inputs: p.mode.env().display_with_sources(g.expr),
                origin: g.origin,
            })
            .collect::<Vec<_>>()
    };
    (fmt(p, g), fmt(p, a))
}

/// A symbol of the file as printed.
pub struct Sym {
    /// Its name in the file (`s77`).
    pub name: String,
    /// Its value: the name, or what a replacement made it.
    pub value: String,
    /// Where it comes from (`x.size()[0]`), or what made it.
    pub source: String,
    /// Its hint, for a backed symbol.
    pub hint: Option<i64>,
    /// Its range (`[2, 1024]`).
    pub range: String,
}

/// The file's symbols, sorted by name.
pub fn symbols(p: &mut Propagation) -> Vec<Sym> {
    let list: Vec<(String, SymInt)> = p
        .symbols
        .iter()
        .into_iter()
        .map(|(n, v)| (n.to_string(), v))
        .collect();
    list.into_iter()
        .map(|(name, v)| {
            let value = p.display(v);
            let env = p.mode.env();
            let (source, hint, range) = match env.as_symbol(v) {
                Some(s) => (
                    env.symbol_sources(s)
                        .first()
                        .map_or_else(|| env.symbol_origin(s).to_string(), ToString::to_string),
                    env.symbol_hint(s),
                    env.symbol_range(s).to_string(),
                ),
                None => (String::new(), None, String::new()),
            };
            Sym {
                name,
                value,
                source,
                hint,
                range,
            }
        })
        .collect()
}

/// The JSON document `fake prop --format json` prints: `values` (one
/// record per input and node result), `symbols`, `guards` and
/// `runtime_asserts`.
pub fn json(rows: &[Row], symbols: &[Sym], guards: &[Cond], asserts: &[Cond]) -> serde_json::Value {
    let nodes: Vec<serde_json::Value> = rows
        .iter()
        .map(|r| {
            serde_json::json!({
                "node": r.node,
                "op": r.op,
                "value": if r.value.is_empty() { &r.node } else { &r.value },
                "meta": r.json,
                "note": r.note,
            })
        })
        .collect();
    let conds = |list: &[Cond]| {
        list.iter()
            .map(|c| serde_json::json!({"expr": c.expr, "inputs": c.inputs, "origin": c.origin}))
            .collect::<Vec<_>>()
    };
    let symbols: Vec<serde_json::Value> = symbols
        .iter()
        .map(|s| {
            serde_json::json!({
                "name": s.name,
                "value": s.value,
                "source": s.source,
                "hint": s.hint,
                "range": s.range,
            })
        })
        .collect();
    serde_json::json!({
        "values": nodes,
        "symbols": symbols,
        "guards": conds(guards),
        "runtime_asserts": conds(asserts),
    })
}
