//! The native part of the `fake_tensor` Python module (`fake_tensor._native`):
//! programs saved by `torch.export` read from a path or bytes, propagated
//! and verified, their peak memory, and single operator calls, with every
//! result as plain Python dicts, lists, ints and strings. The records are
//! the library's (`fake_tensor::report`, `fake_tensor::verify`,
//! `fake_tensor::mem`, `fake_tensor::call`), so they read as `fake prop
//! --format json`, `fake verify`, `fake mem --format json` and `fake call
//! --jsonl` print them. Every failure is a `FakeTensorError`
//! carrying the Rust message.

use fake_tensor::call::{self, Call, CallValue};
use fake_tensor::export;
use fake_tensor::graph::Graph;
use fake_tensor::mem::{self, Breakdown, MemReport};
use fake_tensor::prop::{Plan, Propagation, Status};
use fake_tensor::report;
use fake_tensor::verify::{self, Verdict};
use pyo3::create_exception;
use pyo3::exceptions::PyException;
use pyo3::prelude::*;
use pyo3::types::{
    PyBool, PyByteArray, PyBytes, PyDict, PyFloat, PyInt, PyList, PyString, PyTuple,
};
use serde_json::Value as Json;
use std::collections::BTreeMap;
use std::path::PathBuf;

create_exception!(
    fake_tensor,
    FakeTensorError,
    PyException,
    "A program that cannot be read or propagated, a hint that does not fit, or an operator call that is not a call or that the operator refuses; the message is the library's."
);

/// The deepest nesting of lists and dicts read from Python arguments.
const MAX_DEPTH: usize = 32;

/// An error with its causes, as the command line prints it (`a: b: c`).
fn error(e: &dyn std::error::Error) -> PyErr {
    let mut message = e.to_string();
    let mut cause = e.source();
    while let Some(c) = cause {
        message.push_str(": ");
        message.push_str(&c.to_string());
        cause = c.source();
    }
    FakeTensorError::new_err(message)
}

/// A JSON value as Python objects: objects as dicts, arrays as lists.
fn to_py<'py>(py: Python<'py>, v: &Json) -> PyResult<Bound<'py, PyAny>> {
    Ok(match v {
        Json::Null => py.None().into_bound(py),
        Json::Bool(b) => PyBool::new(py, *b).to_owned().into_any(),
        Json::Number(n) => match (n.as_i64(), n.as_u64()) {
            (Some(i), _) => i.into_pyobject(py)?.into_any(),
            (None, Some(u)) => u.into_pyobject(py)?.into_any(),
            (None, None) => n.as_f64().unwrap_or(f64::NAN).into_pyobject(py)?.into_any(),
        },
        Json::String(s) => PyString::new(py, s).into_any(),
        Json::Array(a) => {
            let items = a
                .iter()
                .map(|x| to_py(py, x))
                .collect::<PyResult<Vec<_>>>()?;
            PyList::new(py, items)?.into_any()
        }
        Json::Object(o) => {
            let d = PyDict::new(py);
            for (k, x) in o {
                d.set_item(k, to_py(py, x)?)?;
            }
            d.into_any()
        }
    })
}

/// A Python value (as the JSON form of a call writes one) as JSON.
fn to_json(v: &Bound<'_, PyAny>, depth: usize) -> PyResult<Json> {
    if depth > MAX_DEPTH {
        return Err(FakeTensorError::new_err("arguments nested too deeply"));
    }
    if v.is_none() {
        return Ok(Json::Null);
    }
    if let Ok(b) = v.cast::<PyBool>() {
        return Ok(Json::Bool(b.is_true()));
    }
    if v.cast::<PyInt>().is_ok() {
        return Ok(Json::from(v.extract::<i64>()?));
    }
    if let Ok(f) = v.cast::<PyFloat>() {
        let x = f.value();
        return serde_json::Number::from_f64(x)
            .map(Json::Number)
            .ok_or_else(|| {
                FakeTensorError::new_err(format!(
                    "{x} inside a dict has no JSON form; pass it as a plain argument"
                ))
            });
    }
    if let Ok(s) = v.cast::<PyString>() {
        return Ok(Json::String(s.extract()?));
    }
    if let Ok(d) = v.cast::<PyDict>() {
        let mut o = serde_json::Map::new();
        for (k, x) in d.iter() {
            let k: String = k
                .extract()
                .map_err(|_| FakeTensorError::new_err("dict keys must be strings"))?;
            o.insert(k, to_json(&x, depth + 1)?);
        }
        return Ok(Json::Object(o));
    }
    if v.cast::<PyList>().is_ok() || v.cast::<PyTuple>().is_ok() {
        let items = v
            .try_iter()?
            .map(|x| to_json(&x?, depth + 1))
            .collect::<PyResult<Vec<_>>>()?;
        return Ok(Json::Array(items));
    }
    Err(FakeTensorError::new_err(format!(
        "cannot pass a {} to an operator",
        v.get_type().name()?
    )))
}

/// A Python argument of an operator call: `None`, a bool, an int, a float
/// (`inf` and `nan` too), a string, a list or tuple of these, or a dict in
/// the call's JSON form (`{"tensor": {...}}`, `{"dtype": "int64"}`).
fn to_call_value(v: &Bound<'_, PyAny>, depth: usize) -> PyResult<CallValue> {
    if depth > MAX_DEPTH {
        return Err(FakeTensorError::new_err("arguments nested too deeply"));
    }
    if v.is_none() {
        return Ok(CallValue::None);
    }
    if let Ok(b) = v.cast::<PyBool>() {
        return Ok(CallValue::Bool(b.is_true()));
    }
    if v.cast::<PyInt>().is_ok() {
        return Ok(CallValue::Int(v.extract()?));
    }
    if let Ok(f) = v.cast::<PyFloat>() {
        return Ok(CallValue::Float(f.value()));
    }
    if let Ok(s) = v.cast::<PyString>() {
        return Ok(CallValue::Str(s.extract()?));
    }
    if v.cast::<PyList>().is_ok() || v.cast::<PyTuple>().is_ok() {
        let items = v
            .try_iter()?
            .map(|x| to_call_value(&x?, depth + 1))
            .collect::<PyResult<Vec<_>>>()?;
        return Ok(CallValue::List(items));
    }
    if v.cast::<PyDict>().is_ok() {
        return call::value_from_json(&to_json(v, depth)?).map_err(|e| error(&e));
    }
    Err(FakeTensorError::new_err(format!(
        "cannot pass a {} to an operator",
        v.get_type().name()?
    )))
}

/// A program saved by `torch.export`, read and ready to propagate.
#[pyclass(module = "fake_tensor", frozen)]
struct Program {
    graph: Graph,
    plan: Plan,
    origin: String,
}

impl Program {
    /// The nodes whose operator refused its inputs: `node`, `op`, `reason`
    /// (what the command line reports on stderr).
    fn errors(&self, p: &Propagation) -> Json {
        self.graph
            .nodes
            .iter()
            .zip(&p.status)
            .filter_map(|(node, status)| match status {
                Status::Failed(reason) => Some(serde_json::json!({
                    "node": node.name,
                    "op": node.op.as_deref().unwrap_or(&node.target),
                    "reason": reason,
                })),
                _ => None,
            })
            .collect()
    }

    /// `fake mem`'s breakdown at `at` with `budget` (bytes, or a string
    /// with a unit), and the nodes that refused their inputs.
    fn breakdown(
        &self,
        at: Option<&Bound<'_, PyDict>>,
        budget: Option<&Bound<'_, PyAny>>,
    ) -> PyResult<(Breakdown, Json)> {
        let budget = match budget {
            None => None,
            Some(b) if b.cast::<PyString>().is_ok() => {
                let text: String = b.extract()?;
                Some(mem::parse_bytes(&text).map_err(FakeTensorError::new_err)?)
            }
            Some(b) if b.cast::<PyInt>().is_ok() && b.cast::<PyBool>().is_err() => {
                let bytes: i64 = b.extract()?;
                if bytes < 0 {
                    return Err(FakeTensorError::new_err(format!(
                        "a budget is a byte count, not {bytes}"
                    )));
                }
                Some(bytes)
            }
            Some(b) => {
                return Err(FakeTensorError::new_err(format!(
                    "a budget is bytes as an int or a string such as \"16GiB\", not a {}",
                    b.get_type().name()?
                )));
            }
        };
        let mut p = self
            .plan
            .run(&self.graph, fake_ops::registry())
            .map_err(|e| {
                FakeTensorError::new_err(format!("{}: cannot create the inputs: {e}", self.origin))
            })?;
        let report = MemReport::new(&self.graph, &mut p).map_err(|e| error(&e))?;
        let mut sizes = Vec::new();
        for (name, v) in at.iter().flat_map(|d| d.iter()) {
            let name: String = name
                .extract()
                .map_err(|_| FakeTensorError::new_err("the names in `at` must be strings"))?;
            let v: i64 = v
                .extract()
                .map_err(|_| FakeTensorError::new_err(format!("at {name}: a size is an int")))?;
            sizes.push((name, v));
        }
        let breakdown =
            Breakdown::new(&self.graph, &mut p, &report, &sizes, budget).map_err(|e| error(&e))?;
        Ok((breakdown, self.errors(&p)))
    }

    fn new(program: &export::ExportedProgram, origin: String) -> PyResult<Program> {
        let graph = Graph::from_program(program).map_err(|e| {
            FakeTensorError::new_err(format!("{origin}: cannot build the graph: {e}"))
        })?;
        let mut plan = Plan::new(&graph, &fake_ops::registry());
        // The grad mode and `backed_size_oblivious` setting the program was
        // traced with, as `fake prop` finds them (`Plan::run_as_traced`);
        // every later run keeps them. Inputs that
        // cannot be made are reported by the run that needs them.
        let _ = plan.run_as_traced(&graph, fake_ops::registry());
        Ok(Program {
            graph,
            plan,
            origin,
        })
    }
}

#[pymethods]
impl Program {
    /// Propagate fake tensors through every node. `hints` gives input
    /// symbols other hints than the sizes the program was exported with,
    /// by their names in the file (`{"s77": 16}`).
    ///
    /// Returns what `fake prop --format json` prints: `values` (per input
    /// and node result: `node`, `op`, `value`, `meta` with `sizes`,
    /// `strides` and `storage_offset` as ints or expression strings,
    /// `dtype`, `device` and `storage`, and a `note` when the results are
    /// the recorded ones), `symbols`, `guards` and `runtime_asserts`; and
    /// `errors`, the nodes whose operator refused its inputs (`node`, `op`,
    /// `reason`: what `fake prop` reports on stderr).
    #[pyo3(signature = (hints = None))]
    fn propagate<'py>(
        &self,
        py: Python<'py>,
        hints: Option<BTreeMap<String, i64>>,
    ) -> PyResult<Bound<'py, PyAny>> {
        let hints = hints.unwrap_or_default();
        let mut p = self
            .plan
            .run_with_hints(&self.graph, fake_ops::registry(), &hints)
            .map_err(|e| {
                FakeTensorError::new_err(format!("{}: cannot create the inputs: {e}", self.origin))
            })?;
        let rows = report::rows(&mut p, &self.graph);
        let (guards, asserts) = report::guards(&mut p);
        let symbols = report::symbols(&mut p);
        let mut doc = report::json(&rows, &symbols, &guards, &asserts);
        doc["errors"] = self.errors(&p);
        to_py(py, &doc)
    }

    /// Peak memory, as `fake mem --format json` prints it: `symbols` (of
    /// the peak formula), `inputs` (bytes live throughout, by kind),
    /// `peak` (the formula: an int, or an expression string), `candidates`
    /// (the `Max`'s arguments), `at` (the evaluation point: `given`,
    /// `hints`, `formula` with the given symbols fixed, `peak` in bytes,
    /// `node`, `error`, `within_guards`), `top_storages` (live at the
    /// peak, largest first), `nodes` (per node its live bytes and the
    /// storages it allocates and frees), `budget` and `assumed_fresh`; and
    /// `errors`, as `propagate` gives them.
    ///
    /// `at` gives symbols values by name or source (`{"s77": 8}`,
    /// `{"x.size()[0]": 8}`); the others take their hints. `budget` (bytes
    /// as an int, or a string such as `"16GiB"`) asks for the largest value
    /// of each symbol that keeps the peak within it, one symbol at a time,
    /// the others at their hints or `at` values.
    #[pyo3(signature = (at = None, budget = None))]
    fn mem<'py>(
        &self,
        py: Python<'py>,
        at: Option<&Bound<'_, PyDict>>,
        budget: Option<&Bound<'py, PyAny>>,
    ) -> PyResult<Bound<'py, PyAny>> {
        let (breakdown, errors) = self.breakdown(at, budget)?;
        let mut doc = breakdown.json();
        doc["errors"] = errors;
        to_py(py, &doc)
    }

    /// The lines `fake mem` prints (`at` and `budget` as for `mem`), one
    /// string.
    #[pyo3(signature = (at = None, budget = None))]
    fn mem_text(
        &self,
        at: Option<&Bound<'_, PyDict>>,
        budget: Option<&Bound<'_, PyAny>>,
    ) -> PyResult<String> {
        Ok(self.breakdown(at, budget)?.0.text())
    }

    /// Propagate, comparing every node with what PyTorch recorded right
    /// after it runs. Returns the counts `fake verify` prints (`nodes`,
    /// `match`, `mismatch`, `unsupported`), every mismatch (`node`,
    /// `field`, `ours`, `theirs`), every unsupported node (`node`,
    /// `target`, `reason`) and the guards compared (`guards`: the input
    /// sizes PyTorch's admit and ours refuse, `difference`, and the
    /// converse, `narrower`, as text or null; `unread`, PyTorch's guards
    /// not compared).
    fn verify<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyAny>> {
        let mut p = self
            .plan
            .run_checked(&self.graph, fake_ops::registry())
            .map_err(|e| {
                FakeTensorError::new_err(format!("{}: cannot create the inputs: {e}", self.origin))
            })?;
        let r = verify::verify(&self.graph, &mut p);
        let mismatches: Vec<Json> = r
            .mismatches()
            .map(|m| {
                serde_json::json!({
                    "node": m.node, "field": m.field, "ours": m.ours, "theirs": m.theirs,
                })
            })
            .collect();
        let unsupported: Vec<Json> = r
            .nodes
            .iter()
            .filter_map(|(node, target, v)| match v {
                Verdict::Unsupported(reason) => Some(serde_json::json!({
                    "node": node, "target": target, "reason": reason,
                })),
                _ => None,
            })
            .collect();
        let doc = serde_json::json!({
            "nodes": r.total(),
            "match": r.matched(),
            "mismatch": r.mismatched(),
            "unsupported": r.unsupported(),
            "mismatches": mismatches,
            "unsupported_nodes": unsupported,
            "guards": {
                "difference": r.guards.difference.as_ref().map(ToString::to_string),
                "narrower": r.guards.narrower.as_ref().map(ToString::to_string),
                "unread": r.guards.unread,
            },
        });
        to_py(py, &doc)
    }

    /// Where the program was read from (a path, or `<bytes>`).
    #[getter]
    fn origin(&self) -> &str {
        &self.origin
    }

    /// The names of the graph's nodes, in order.
    #[getter]
    fn nodes(&self) -> Vec<String> {
        self.graph.nodes.iter().map(|n| n.name.clone()).collect()
    }

    fn __repr__(&self) -> String {
        format!(
            "<fake_tensor.Program {:?}: {} nodes>",
            self.origin,
            self.graph.nodes.len()
        )
    }
}

/// Read a program saved by `torch.export`: a path (`str` or `os.PathLike`)
/// to a `.pt2` archive or a `model.json`, or their content as `bytes`.
#[pyfunction]
fn load(source: &Bound<'_, PyAny>) -> PyResult<Program> {
    let bytes = if let Ok(b) = source.cast::<PyBytes>() {
        Some(b.as_bytes().to_vec())
    } else if let Ok(b) = source.cast::<PyByteArray>() {
        Some(b.to_vec())
    } else {
        None
    };
    match bytes {
        Some(bytes) => {
            let origin = "<bytes>".to_string();
            let program = export::load_bytes(&bytes, &origin).map_err(|e| error(&e))?;
            Program::new(&program, origin)
        }
        None => {
            let path: PathBuf = source.extract().map_err(|_| {
                FakeTensorError::new_err(format!(
                    "load takes a path or bytes, not a {}",
                    source
                        .get_type()
                        .name()
                        .map_or_else(|_| "?".to_string(), |n| n.to_string())
                ))
            })?;
            let program = export::load(&path).map_err(|e| error(&e))?;
            Program::new(&program, path.display().to_string())
        }
    }
}

/// Call one operator on fake tensors: `call("aten::mm", a, b)` with
/// tensors in the JSON form (`{"tensor": {"dtype": "float32", "sizes":
/// [2, "s0"]}}`), or `call("aten::mm(f32[2,3], f32[3,4])")` in the text
/// form of `fake call`. Symbols (`s0`) take their hint from `hints` (8
/// when not given). Returns `op` (the overload called), `outputs` (as
/// `fake call --jsonl` writes them), `symbols` (`name`, `hint`), `guards`
/// and `runtime_asserts`.
#[pyfunction]
#[pyo3(name = "call", signature = (op, *args, hints = None, **kwargs))]
fn call_op<'py>(
    py: Python<'py>,
    op: &str,
    args: &Bound<'py, PyTuple>,
    hints: Option<BTreeMap<String, i64>>,
    kwargs: Option<&Bound<'py, PyDict>>,
) -> PyResult<Bound<'py, PyAny>> {
    let no_kwargs = kwargs.is_none_or(|k| k.is_empty());
    let c = if args.is_empty() && no_kwargs && op.contains('(') {
        call::parse(op).map_err(|e| error(&e))?
    } else {
        let named = call::from_json(&serde_json::json!({ "op": op })).map_err(|e| error(&e))?;
        let args = args
            .iter()
            .map(|a| to_call_value(&a, 0))
            .collect::<PyResult<Vec<_>>>()?;
        let mut kw = Vec::new();
        if let Some(k) = kwargs {
            for (name, v) in k.iter() {
                kw.push((name.extract::<String>()?, to_call_value(&v, 0)?));
            }
        }
        Call {
            op: named.op,
            args,
            kwargs: kw,
        }
    };
    let hints = hints.unwrap_or_default();
    if let Some((name, h)) = hints.iter().find(|(_, h)| **h < 0) {
        return Err(FakeTensorError::new_err(format!(
            "hint of {name}: a hint is a size, not {h}"
        )));
    }
    let r = call::run(&c, &fake_ops::registry(), &hints).map_err(|e| error(&e))?;
    let doc = serde_json::json!({
        "op": r.op,
        "outputs": r.outputs.iter().map(call::Outcome::json).collect::<Vec<_>>(),
        "symbols": r.symbols.iter().map(|(n, h)| serde_json::json!({"name": n, "hint": h})).collect::<Vec<_>>(),
        "guards": r.guards,
        "runtime_asserts": r.asserts,
    });
    to_py(py, &doc)
}

/// The module `fake_tensor._native`.
#[pymodule]
#[pyo3(name = "_native")]
fn native(m: &Bound<'_, PyModule>) -> PyResult<()> {
    m.add("FakeTensorError", m.py().get_type::<FakeTensorError>())?;
    m.add_class::<Program>()?;
    m.add_function(wrap_pyfunction!(load, m)?)?;
    m.add_function(wrap_pyfunction!(call_op, m)?)?;
    Ok(())
}
