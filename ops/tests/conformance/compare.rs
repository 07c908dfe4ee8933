//! Comparing our answer to a call with PyTorch's: every output field
//! (sizes, strides, storage offset, dtype, device, aliasing, the unbacked
//! symbols an output introduces; integer and scalar results as printed),
//! or a refusal of the kind PyTorch's message names. Mismatches are
//! collected per case, never asserted one by one.

use crate::read::{Arg, Bad, StaticInputs, arguments, arr, field, string};
use fake_runtime::mode::{Output, Value};
use fake_runtime::{
    ErrorKind, FakeTensorMode, Scalar, ShapeEnv, SymBool, SymFloat, SymInt, TensorId, TensorMeta,
};
use serde_json::Value as Json;
use std::collections::BTreeSet;
use std::panic::{AssertUnwindSafe, catch_unwind};

// ---- results -------------------------------------------------------------------------

/// One field where our answer differs from PyTorch's.
#[derive(Debug, Clone)]
pub(crate) struct Mismatch {
    /// The overload (`aten::add.Tensor`).
    pub op: String,
    /// The case's name (`symbolic: <name>` for a symbolic case).
    pub case: String,
    /// What differs (`output 0.strides`).
    pub field: String,
    /// Our answer, printed.
    pub ours: String,
    /// PyTorch's answer, printed.
    pub pytorch: String,
}

/// Mismatches of one case, with its identity filled in as they are added.
pub(crate) struct CaseReport<'a> {
    op: &'a str,
    case: &'a str,
    /// The differences found so far.
    pub found: Vec<Mismatch>,
}

impl<'a> CaseReport<'a> {
    /// An empty report for one case.
    pub(crate) fn new(op: &'a str, case: &'a str) -> Self {
        CaseReport {
            op,
            case,
            found: Vec::new(),
        }
    }

    /// Record a difference.
    pub(crate) fn add(
        &mut self,
        field: impl Into<String>,
        ours: impl Into<String>,
        pytorch: impl Into<String>,
    ) {
        self.found.push(Mismatch {
            op: self.op.to_string(),
            case: self.case.to_string(),
            field: field.into(),
            ours: ours.into(),
            pytorch: pytorch.into(),
        });
    }

    /// Record a difference when `ours` and `pytorch` differ.
    pub(crate) fn check(&mut self, field: impl Into<String>, ours: String, pytorch: String) {
        if ours != pytorch {
            self.add(field, ours, pytorch);
        }
    }
}

// ---- comparing ------------------------------------------------------------------------------

/// A size, stride or offset printed: an integer, or the expression as the
/// ShapeEnv prints it after its replacements.
pub(crate) fn show(env: &mut ShapeEnv, v: SymInt) -> String {
    let v = env.simplify_int(v).unwrap_or(v);
    env.display(v)
}

/// A size of the fixture printed as [`show`] prints ours.
pub(crate) fn show_json(j: &Json) -> String {
    match j {
        Json::String(s) => s.clone(),
        other => other.to_string(),
    }
}

/// Dims printed: `[s0, 4]`.
pub(crate) fn show_dims(env: &mut ShapeEnv, dims: &[SymInt]) -> String {
    let parts: Vec<String> = dims.iter().map(|&d| show(env, d)).collect();
    format!("[{}]", parts.join(", "))
}

/// Dims of the fixture printed as [`show_dims`] prints ours.
pub(crate) fn show_json_dims(j: &Json) -> String {
    match j.as_array() {
        Some(items) => {
            let parts: Vec<String> = items.iter().map(show_json).collect();
            format!("[{}]", parts.join(", "))
        }
        None => show_json(j),
    }
}

/// How an output relates to the inputs, as the fixture writes it.
fn our_alias(mode: &FakeTensorMode, out: TensorId, args: &[Arg]) -> String {
    let tensors = || {
        args.iter().enumerate().filter_map(|(i, a)| match a {
            Arg::Tensor(t) => Some((i, *t)),
            _ => None,
        })
    };
    if let Some((i, _)) = tensors().find(|&(_, t)| t == out) {
        return format!("{{\"inplace\":{i}}}");
    }
    let storage = mode.tensor(out).map(|t| t.storage).ok();
    if let Some((i, _)) =
        tensors().find(|&(_, t)| mode.tensor(t).map(|f| f.storage).ok() == storage)
    {
        return format!("{{\"view_of\":{i}}}");
    }
    "null".to_string()
}

/// The unbacked symbols a tensor's sizes, strides and storage offset
/// mention, by name (the fixture's `unbacked_of`).
fn unbacked_names(mode: &mut FakeTensorMode, meta: &TensorMeta) -> BTreeSet<String> {
    let env = mode.env_mut();
    let mut names = BTreeSet::new();
    let values = meta
        .sizes
        .iter()
        .chain(&meta.strides)
        .chain([&meta.storage_offset]);
    for &v in values {
        let v = env.simplify_int(v).unwrap_or(v);
        if let SymInt::Expr(e) = v {
            for s in env.arena().free_symbols(e) {
                if env.arena().is_unbacked(s) {
                    names.insert(env.arena().symbol_name(s));
                }
            }
        }
    }
    names
}

/// Compare one output tensor with its fixture entry `{"tensor", "alias"}`.
fn compare_tensor(
    mode: &mut FakeTensorMode,
    out: TensorId,
    expected: &Json,
    args: &[Arg],
    at: &str,
    report: &mut CaseReport<'_>,
) -> Result<(), Bad> {
    let want = field(expected, "tensor", at)?;
    let meta = match mode.meta(out) {
        Ok(m) => m.clone(),
        Err(e) => {
            report.add(at, format!("no tensor: {e}"), "a tensor");
            return Ok(());
        }
    };
    let env = mode.env_mut();
    report.check(
        format!("{at}.sizes"),
        show_dims(env, &meta.sizes),
        show_json_dims(field(want, "sizes", at)?),
    );
    report.check(
        format!("{at}.strides"),
        show_dims(env, &meta.strides),
        show_json_dims(field(want, "strides", at)?),
    );
    report.check(
        format!("{at}.storage_offset"),
        show(env, meta.storage_offset),
        show_json(field(want, "storage_offset", at)?),
    );
    report.check(
        format!("{at}.dtype"),
        meta.dtype.name().to_string(),
        string(field(want, "dtype", at)?, at)?.to_string(),
    );
    report.check(
        format!("{at}.device"),
        meta.device.to_string(),
        string(field(want, "device", at)?, at)?.to_string(),
    );
    // Recorded only when not strided.
    let layout = match want.get("layout") {
        Some(l) => string(l, at)?,
        None => "strided",
    };
    report.check(
        format!("{at}.layout"),
        meta.layout.name().to_string(),
        layout.to_string(),
    );
    report.check(
        format!("{at}.alias"),
        our_alias(mode, out, args),
        field(expected, "alias", at)?.to_string(),
    );
    // Recorded when true; compared where an input requires grad (what
    // autograd records of the call).
    if any_requires_grad(mode, args) {
        report.check(
            format!("{at}.requires_grad"),
            meta.requires_grad.to_string(),
            (want.get("requires_grad").and_then(Json::as_bool) == Some(true)).to_string(),
        );
    }
    if let Some(names) = expected.get("unbacked") {
        let want: BTreeSet<String> = arr(names, at)?
            .iter()
            .map(|n| string(n, at).map(str::to_string))
            .collect::<Result<_, _>>()?;
        let ours = unbacked_names(mode, &meta);
        report.check(
            format!("{at}.unbacked"),
            format!("{ours:?}"),
            format!("{want:?}"),
        );
    }
    Ok(())
}

/// Compare every output of a call with the fixture's `outputs`.
fn compare_outputs(
    mode: &mut FakeTensorMode,
    outs: &[Output],
    expected: &[Json],
    args: &[Arg],
    report: &mut CaseReport<'_>,
) -> Result<(), Bad> {
    if outs.len() != expected.len() {
        report.add(
            "number of outputs",
            outs.len().to_string(),
            expected.len().to_string(),
        );
        return Ok(());
    }
    for (k, (out, want)) in outs.iter().zip(expected).enumerate() {
        let at = format!("output {k}");
        match (out, expected_kind_of(want)) {
            (Output::Tensor(t), "tensor") => compare_tensor(mode, *t, want, args, &at, report)?,
            (Output::Tensors(ts), "tensors") => {
                let list = arr(field(want, "tensors", &at)?, &at)?;
                if ts.len() != list.len() {
                    report.add(
                        format!("{at} length"),
                        ts.len().to_string(),
                        list.len().to_string(),
                    );
                    continue;
                }
                for (j, (t, w)) in ts.iter().zip(list).enumerate() {
                    compare_tensor(mode, *t, w, args, &format!("{at}[{j}]"), report)?;
                }
            }
            (Output::Int(v), "int") => {
                let ours = show(mode.env_mut(), *v);
                report.check(at, ours, show_json(field(want, "int", "output")?));
            }
            (Output::Bool(v), "bool") => {
                let ours = match v {
                    SymBool::Bool(b) => Json::from(*b),
                    b => Json::from(mode.env_mut().display_bool(*b)),
                };
                report.check(
                    at,
                    ours.to_string(),
                    field(want, "bool", "output")?.to_string(),
                );
            }
            (Output::Scalar(v), "scalar") => {
                let ours = show_scalar(mode.env_mut(), *v);
                report.check(at, ours, field(want, "scalar", "output")?.to_string());
            }
            (Output::None, "none") => {}
            (other, _) => report.add(at, format!("{other:?}"), want.to_string()),
        }
    }
    Ok(())
}

/// Whether a tensor among the arguments requires grad.
fn any_requires_grad(mode: &FakeTensorMode, args: &[Arg]) -> bool {
    let requires = |t: &TensorId| mode.meta(*t).is_ok_and(|m| m.requires_grad);
    args.iter().any(|a| match a {
        Arg::Tensor(t) => requires(t),
        Arg::Tensors(ts) => ts.iter().any(requires),
        Arg::OptTensors(ts) => ts.iter().flatten().any(requires),
        _ => false,
    })
}

/// What an expected output is: `"tensor"` (`{"tensor", "alias"}`),
/// `"tensors"`, `"int"`, `"bool"`, `"scalar"` or `"none"` (a result left
/// out).
fn expected_kind_of(want: &Json) -> &'static str {
    ["tensors", "int", "bool", "scalar", "none"]
        .into_iter()
        .find(|k| want.get(k).is_some())
        .unwrap_or("tensor")
}

/// A scalar result printed as the fixture writes it: `{"int":"u0"}`,
/// `{"float":"zuf0"}`, `{"bool":"Eq(u0, 1)"}`, a plain value as a number.
fn show_scalar(env: &mut ShapeEnv, v: Scalar) -> String {
    let (kind, value) = match v {
        Scalar::Int(SymInt::Int(x)) => ("int", Json::from(x)),
        Scalar::Int(i) => ("int", Json::from(show(env, i))),
        Scalar::Float(SymFloat::Const(x)) => ("float", Json::from(x)),
        Scalar::Float(f) => ("float", Json::from(env.display_float(f))),
        Scalar::Bool(SymBool::Bool(b)) => ("bool", Json::from(b)),
        Scalar::Bool(b) => ("bool", Json::from(env.display_bool(b))),
        Scalar::Complex(re, im) => ("complex", Json::from(vec![re, im])),
    };
    let mut o = serde_json::Map::new();
    o.insert(kind.to_string(), value);
    Json::Object(o).to_string()
}

/// PyTorch's refusal, printed.
fn pytorch_error(case: &Json) -> Option<String> {
    let e = case.get("error")?;
    Some(format!(
        "error {}: {}",
        e.get("class").and_then(Json::as_str).unwrap_or("?"),
        e.get("message").and_then(Json::as_str).unwrap_or("?"),
    ))
}

/// What a refusal of PyTorch's says our error must be, for the messages
/// whose meaning is unambiguous; `None` when any refusal will do.
#[derive(Debug, PartialEq)]
enum ExpectedKind {
    /// `Dimension out of range (expected to be in range of [min, max], but got dim)`.
    DimOutOfRange { dim: i64, min: i64, max: i64 },
    /// Broadcasting sizes that do not match (`The size of tensor a (3) must
    /// match the size of tensor b (4) ...`, `Attempting to broadcast a
    /// dimension ...`).
    SizeMismatch,
}

/// The kind of error a PyTorch message asks for.
fn expected_kind(message: &str) -> Option<ExpectedKind> {
    if let Some(rest) = message.strip_prefix("Dimension out of range (expected to be in range of [")
    {
        let (range, got) = rest.split_once("], but got ")?;
        let (min, max) = range.split_once(", ")?;
        return Some(ExpectedKind::DimOutOfRange {
            dim: got.strip_suffix(')')?.parse().ok()?,
            min: min.parse().ok()?,
            max: max.parse().ok()?,
        });
    }
    if message.starts_with("Attempting to broadcast a dimension")
        || (message.starts_with("The size of tensor a (")
            && message.contains("must match the size of tensor b"))
    {
        return Some(ExpectedKind::SizeMismatch);
    }
    None
}

/// Whether our refusal fits one of PyTorch's (its fake kernel's `error`, its
/// eager kernel's `eager_error`): of the kind a message asks for, or any
/// refusal where a message does not say.
fn fits_refusal(e: &fake_runtime::Error, case: &Json) -> bool {
    let messages = ["error", "eager_error"]
        .iter()
        .filter_map(|k| case.get(*k)?.get("message")?.as_str());
    let ours = match e.kind() {
        ErrorKind::DimOutOfRange { dim, min, max, .. } => Some(ExpectedKind::DimOutOfRange {
            dim: *dim,
            min: *min,
            max: *max,
        }),
        ErrorKind::SizeMismatch { .. } => Some(ExpectedKind::SizeMismatch),
        _ => None,
    };
    let mut any = false;
    for m in messages {
        any = true;
        match expected_kind(m) {
            None => return true,
            Some(k) if Some(&k) == ours.as_ref() => return true,
            Some(_) => {}
        }
    }
    !any
}

/// Run a call, turning a panic into a message.
pub(crate) fn guarded<T>(f: impl FnOnce() -> T) -> Result<T, String> {
    catch_unwind(AssertUnwindSafe(f)).map_err(|p| {
        p.downcast_ref::<&str>()
            .map(|s| s.to_string())
            .or_else(|| p.downcast_ref::<String>().cloned())
            .unwrap_or_else(|| "a panic".to_string())
    })
}

/// Outputs of a dispatch.
pub(crate) type Outs = Vec<Output>;

/// Our outputs, printed briefly (for a call PyTorch refuses).
fn show_outputs(mode: &mut FakeTensorMode, outs: &[Output]) -> String {
    let mut shown = Vec::new();
    for o in outs {
        match o {
            Output::Tensor(t) => match mode.meta(*t).cloned() {
                Ok(m) => shown.push(format!(
                    "{} {}",
                    show_dims(mode.env_mut(), &m.sizes),
                    m.dtype
                )),
                Err(e) => shown.push(format!("bad tensor: {e}")),
            },
            other => shown.push(format!("{other:?}")),
        }
    }
    format!("outputs {}", shown.join(", "))
}

/// Whether an error of ours is a refusal (rather than the harness going
/// wrong: an unknown operator, a tensor of another mode).
fn is_refusal(e: &fake_runtime::Error) -> bool {
    !matches!(
        e.kind(),
        ErrorKind::UnknownOp { .. } | ErrorKind::ForeignTensor { .. }
    )
}

/// Compare a dispatch result with the case's outputs or error.
///
/// Where PyTorch's fake kernel and its eager CPU kernel disagree on
/// refusing the call (`eager_error` next to `outputs`, `eager_outputs` next
/// to `error`), either answer of PyTorch's is accepted.
pub(crate) fn compare_result(
    mode: &mut FakeTensorMode,
    result: Result<fake_runtime::Result<Outs>, String>,
    case: &Json,
    args: &[Arg],
    report: &mut CaseReport<'_>,
) -> Result<(), Bad> {
    let eager_refuses = case.get("eager_error").is_some();
    match (result, pytorch_error(case)) {
        (Err(panic), want) => report.add(
            "result",
            format!("panicked: {panic}"),
            want.unwrap_or_else(|| "outputs".into()),
        ),
        (Ok(Err(e)), Some(want)) => {
            if !is_refusal(&e) || !fits_refusal(&e, case) {
                report.add("result", format!("error: {e}"), want);
            }
        }
        (Ok(Err(e)), None) => {
            if !(eager_refuses && is_refusal(&e) && fits_refusal(&e, case)) {
                report.add("result", format!("error: {e}"), "outputs");
            }
        }
        (Ok(Ok(outs)), Some(want)) => match case.get("eager_outputs") {
            Some(eager) => {
                let expected = arr(eager, "eager_outputs")?;
                compare_outputs(mode, &outs, expected, args, report)?;
            }
            None => {
                let ours = show_outputs(mode, &outs);
                report.add("result", ours, want);
            }
        },
        (Ok(Ok(outs)), None) => {
            let expected = arr(field(case, "outputs", "case")?, "outputs")?;
            compare_outputs(mode, &outs, expected, args, report)?;
        }
    }
    Ok(())
}

/// Dispatch by name, the arguments first fitted to the overload as
/// PyTorch's binding fits them (`fake_runtime::front::resolve`: `None` for
/// a number, a number for another operator's tensor are refused); a panic
/// caught and returned as its message.
pub(crate) fn dispatch(
    mode: &mut FakeTensorMode,
    op: &str,
    args: &[Arg],
) -> Result<fake_runtime::Result<Outs>, String> {
    guarded(|| {
        let values: Vec<Value<'_>> = args.iter().map(Arg::value).collect();
        let Some(def) = mode.registry().lookup(op).copied() else {
            return mode.dispatch_named(op, &values).map(|o| o.into_vec());
        };
        // The keyword-only arguments by name, as Python passes them.
        let positional = def.params.iter().take_while(|p| !p.kwarg_only).count();
        let split = positional.min(values.len());
        let kwargs: Vec<(&str, Value<'_>)> = def
            .params
            .iter()
            .skip(positional)
            .zip(values[split..].iter().cloned())
            .map(|(p, v)| (p.name, v))
            .collect();
        let def = *fake_runtime::front::resolve(mode.registry(), op, &values[..split], &kwargs)?;
        let values = fake_runtime::front::fit_all(def.params, values);
        mode.dispatch(&def, &values).map(|o| o.into_vec())
    })
}

// ---- static cases -------------------------------------------------------------------------------

/// Replay one static case of overload `op`, adding its mismatches.
pub(crate) fn static_case(
    op: &str,
    case: &Json,
    mismatches: &mut Vec<Mismatch>,
) -> Result<(), Bad> {
    let name = string(field(case, "name", op)?, op)?;
    let at = format!("{op} / {name}");
    let mut report = CaseReport::new(op, name);
    let mut mode = crate::read::mode_for(case, &at)?;
    let inputs = arr(field(case, "inputs", &at)?, &at)?;
    let args = arguments(&mut mode, inputs, &mut StaticInputs).map_err(|e| format!("{at}: {e}"))?;
    let result = dispatch(&mut mode, op, &args);
    compare_result(&mut mode, result, case, &args, &mut report)
        .map_err(|e| format!("{at}: {e}"))?;
    mismatches.extend(report.found);
    Ok(())
}
