//! Operator conformance against PyTorch: every case of
//! `tests/fixtures/op_cases.json` (exported by `scripts/export_op_cases.py`
//! from PyTorch's own `FakeTensorMode`) is replayed through
//! [`FakeTensorMode`] with [`fake_ops::registry`], and every output field is
//! compared: sizes, strides, storage offset, dtype, device and aliasing, or
//! that the call is refused with a typed error (never a panic) where
//! PyTorch refuses it (of the same kind where PyTorch's message says:
//! a dimension out of range, sizes that do not broadcast). Where PyTorch's fake (meta) kernel and its eager CPU
//! kernel disagree on refusing a call, both answers are recorded and either
//! is accepted.
//!
//! The symbolic section runs with dynamic dims through the memo converter
//! and compares the printed output sizes, then what the guards mean: at
//! sample input sizes, our guards must hold exactly where PyTorch's do, and
//! our symbolic outputs must evaluate to what PyTorch computes there.
//!
//! Cases of operators not registered yet are counted and printed as
//! skipped. Every mismatch is collected and the test fails listing them all
//! (operator, case, field, ours, PyTorch's), except those listed in
//! [`KNOWN_MISMATCHES`] with a reason; a listed case that matches again also
//! fails, so the table cannot go stale. The format of the fixture is
//! described in `tests/fixtures/README.md` and at the top of the script.

use fake_runtime::mode::{Output, Value};
use fake_runtime::sym::Symbol;
use fake_runtime::{
    DType, DimDynamic, ErrorKind, FakeTensorMode, HostTensor, Layout, MemoryFormat, Registry,
    Scalar, ShapeEnv, Source, SymBool, SymInt, SymbolicContext, TensorId, TensorMeta,
};
use serde_json::{Map, Value as Json};
use std::collections::{BTreeMap, BTreeSet, HashMap};
use std::fmt::Write as _;
use std::panic::{AssertUnwindSafe, catch_unwind};

/// The fixture, read at compile time so an edit rebuilds the test.
const FIXTURE: &str = include_str!("fixtures/op_cases.json");

/// The fixture format this harness reads.
const FORMAT_VERSION: u64 = 1;

/// Cases known to differ from PyTorch: `(operator, case, reason)`. A case
/// of the symbolic section is named `symbolic: <name>`. Every entry needs a
/// reason a reviewer can accept; an entry whose case matches again is an
/// error.
const KNOWN_MISMATCHES: &[(&str, &str, &str)] = &[
    (
        "aten::diagonal",
        "symbolic: diagonal with a negative offset",
        "PyTorch moves the storage offset to 2*s1 unless the diagonal is statically known to be empty, recording no guard, as we do; at s0 = 2 (where the diagonal Min(s1, s0 - 2) is empty) its own static run keeps offset 0, which its symbolic trace does not capture, so its guards hold there while its offset (and ours) evaluates to 6",
    ),
    (
        "aten::floor_divide",
        "floats",
        "PyTorch computes a float floor_divide as several elementwise steps (torch._refs), whose intermediate results lose a transposed input's layout; the one-step pointwise rule keeps it",
    ),
    (
        "aten::slice_scatter",
        "storage offset kept",
        "FakeTensorMode's meta kernel keeps self's offset (clone_preserve_strides); the metadata torch.export records for slice_scatter (swin_t's Core ATen program) is a fresh dense tensor at offset 0, which the rule follows",
    ),
    (
        "aten::slice_scatter",
        "non-dense kept",
        "as \"storage offset kept\": the rule follows the fresh dense tensor torch.export records, not the meta kernel's preserved strides",
    ),
    (
        "aten::unflatten.int",
        "symbolic: unflatten a dynamic dim",
        "both record Ne(s0, 2) (the view keeps no dim of length 2) and Eq(Mod(s0, 2), 0); PyTorch's evaluate_guards_for_args still reports its guards hold at s0 = 2, ours do not",
    ),
    (
        "aten::tensor_split.tensor_indices_or_sections",
        "two indices",
        "slices between unbacked indices: PyTorch lists a fresh unbacked storage offset among the new symbols of the second and third pieces; ours does not (not yet explained)",
    ),
    (
        "aten::tensor_split.tensor_indices_or_sections",
        "dim 1",
        "slices between unbacked indices: PyTorch lists a fresh unbacked storage offset among the new symbols of the later pieces; ours does not (not yet explained)",
    ),
    (
        "aten::upsample_bilinear2d.vec",
        "symbolic: upsample bilinear by a half",
        "PyTorch's Python decomposition guards the output sizes (>= 2, != 1) through its internal arange, index and broadcast steps, and prints TruncToInt(0.5*ToFloat(s0)); the sizes computed directly hold at every size, printed as (s0//2), the form an exported TruncToInt(0.5*ToFloat(s0)) is read as",
    ),
    (
        "aten::tensor_split.tensor_indices_or_sections",
        "transposed",
        "slices between unbacked indices: PyTorch lists a fresh unbacked storage offset among the new symbols of the later pieces; ours does not (not yet explained)",
    ),
];

/// Whether operators of the fixture may still be missing from the registry
/// (their cases are skipped and listed). Set to `false` once every operator
/// of the fixture must be registered.
const ALLOW_UNREGISTERED: bool = false;

// ---- results -------------------------------------------------------------------------

/// One field where our answer differs from PyTorch's.
#[derive(Debug, Clone)]
struct Mismatch {
    op: String,
    case: String,
    field: String,
    ours: String,
    pytorch: String,
}

/// Mismatches of one case, with its identity filled in as they are added.
struct CaseReport<'a> {
    op: &'a str,
    case: &'a str,
    found: Vec<Mismatch>,
}

impl<'a> CaseReport<'a> {
    /// An empty report for one case.
    fn new(op: &'a str, case: &'a str) -> Self {
        CaseReport {
            op,
            case,
            found: Vec::new(),
        }
    }

    /// Record a difference.
    fn add(
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
    fn check(&mut self, field: impl Into<String>, ours: String, pytorch: String) {
        if ours != pytorch {
            self.add(field, ours, pytorch);
        }
    }
}

// ---- reading the fixture ----------------------------------------------------------------

/// A malformed fixture: a message naming where.
type Bad = String;

/// `j[key]`, or a message naming `at`.
fn field<'j>(j: &'j Json, key: &str, at: &str) -> Result<&'j Json, Bad> {
    j.get(key).ok_or_else(|| format!("{at}: missing \"{key}\""))
}

/// `j` as an object.
fn obj<'j>(j: &'j Json, at: &str) -> Result<&'j Map<String, Json>, Bad> {
    j.as_object()
        .ok_or_else(|| format!("{at}: expected an object, got {j}"))
}

/// `j` as a list.
fn arr<'j>(j: &'j Json, at: &str) -> Result<&'j [Json], Bad> {
    j.as_array()
        .map(Vec::as_slice)
        .ok_or_else(|| format!("{at}: expected a list, got {j}"))
}

/// `j` as a string.
fn string<'j>(j: &'j Json, at: &str) -> Result<&'j str, Bad> {
    j.as_str()
        .ok_or_else(|| format!("{at}: expected a string, got {j}"))
}

/// `j` as an integer.
fn int(j: &Json, at: &str) -> Result<i64, Bad> {
    j.as_i64()
        .ok_or_else(|| format!("{at}: expected an integer, got {j}"))
}

/// `j` as a list of integers.
fn ints(j: &Json, at: &str) -> Result<Vec<i64>, Bad> {
    arr(j, at)?.iter().map(|v| int(v, at)).collect()
}

/// `j` as a number.
fn float(j: &Json, at: &str) -> Result<f64, Bad> {
    j.as_f64()
        .ok_or_else(|| format!("{at}: expected a number, got {j}"))
}

/// `j` as a bool.
fn boolean(j: &Json, at: &str) -> Result<bool, Bad> {
    j.as_bool()
        .ok_or_else(|| format!("{at}: expected a bool, got {j}"))
}

/// `j`, a string, parsed (`"float32"`, `"cuda:0"`, `"channels_last"`).
fn parsed<T: std::str::FromStr>(j: &Json, at: &str) -> Result<T, Bad>
where
    T::Err: std::fmt::Display,
{
    let s = string(j, at)?;
    s.parse().map_err(|e| format!("{at}: {e}"))
}

/// The single `{"kind": payload}` of a typed value.
fn tagged<'j>(j: &'j Json, at: &str) -> Result<(&'j str, &'j Json), Bad> {
    let o = obj(j, at)?;
    match o.iter().next() {
        Some((k, v)) if o.len() == 1 => Ok((k.as_str(), v)),
        _ => Err(format!("{at}: expected one key, got {j}")),
    }
}

/// A static input tensor's metadata.
fn static_meta(j: &Json, at: &str) -> Result<TensorMeta, Bad> {
    let dims = |key: &str| -> Result<Vec<SymInt>, Bad> {
        Ok(ints(field(j, key, at)?, &format!("{at}.{key}"))?
            .into_iter()
            .map(SymInt::Int)
            .collect())
    };
    Ok(TensorMeta {
        sizes: dims("sizes")?.into_iter().collect(),
        strides: dims("strides")?.into_iter().collect(),
        storage_offset: SymInt::Int(int(field(j, "storage_offset", at)?, at)?),
        dtype: parsed(field(j, "dtype", at)?, at)?,
        device: parsed(field(j, "device", at)?, at)?,
        layout: Layout::Strided,
        requires_grad: false,
    })
}

/// A `Scalar` argument: `{"int": 2}`, `{"float": ..}`, `{"bool": ..}`, `{"complex": [re, im]}`.
fn scalar(j: &Json, at: &str) -> Result<Scalar, Bad> {
    let (kind, v) = tagged(j, at)?;
    Ok(match kind {
        "int" => Scalar::Int(SymInt::Int(int(v, at)?)),
        "float" => Scalar::from(float(v, at)?),
        "bool" => Scalar::Bool(SymBool::Bool(boolean(v, at)?)),
        "complex" => {
            let parts = arr(v, at)?;
            match parts {
                [re, im] => Scalar::Complex(float(re, at)?, float(im, at)?),
                _ => return Err(format!("{at}: a complex is [re, im], got {v}")),
            }
        }
        other => return Err(format!("{at}: unknown scalar kind {other:?}")),
    })
}

/// An argument, owning what [`Value`] borrows.
enum Arg {
    None,
    Tensor(TensorId),
    Tensors(Vec<TensorId>),
    Int(SymInt),
    Ints(Vec<SymInt>),
    Float(f64),
    Floats(Vec<f64>),
    Bool(bool),
    Bools(Vec<bool>),
    Str(String),
    Scalar(Scalar),
    DType(DType),
    Layout(Layout),
    Device(fake_runtime::Device),
    MemoryFormat(MemoryFormat),
}

impl Arg {
    /// The dispatch argument, borrowing from `self`.
    fn value(&self) -> Value<'_> {
        match self {
            Arg::None => Value::None,
            Arg::Tensor(t) => Value::Tensor(*t),
            Arg::Tensors(ts) => Value::Tensors(ts),
            Arg::Int(v) => Value::Int(*v),
            Arg::Ints(v) => Value::Ints(v),
            Arg::Float(v) => Value::Float(*v),
            Arg::Floats(v) => Value::Floats(v),
            Arg::Bool(v) => Value::Bool(*v),
            Arg::Bools(v) => Value::Bools(v),
            Arg::Str(s) => Value::Str(s),
            Arg::Scalar(s) => Value::Scalar(*s),
            Arg::DType(d) => Value::DType(*d),
            Arg::Layout(l) => Value::Layout(*l),
            Arg::Device(d) => Value::Device(*d),
            Arg::MemoryFormat(m) => Value::MemoryFormat(*m),
        }
    }
}

/// How an input tensor of the fixture becomes a fake tensor.
type MakeTensor<'m> = dyn FnMut(&mut FakeTensorMode, &Json, &str) -> Result<TensorId, Bad> + 'm;

/// The arguments of a case, in schema order.
fn arguments(
    mode: &mut FakeTensorMode,
    inputs: &[Json],
    make: &mut MakeTensor<'_>,
) -> Result<Vec<Arg>, Bad> {
    let mut args = Vec::with_capacity(inputs.len());
    for (i, input) in inputs.iter().enumerate() {
        let at = format!("input {i}");
        let (kind, v) = tagged(field(input, "value", &at)?, &at)?;
        args.push(match kind {
            "none" => Arg::None,
            "tensor" => Arg::Tensor(make(mode, v, &at)?),
            "tensors" => Arg::Tensors(
                arr(v, &at)?
                    .iter()
                    .map(|t| make(mode, t, &at))
                    .collect::<Result<_, _>>()?,
            ),
            "int" => Arg::Int(SymInt::Int(int(v, &at)?)),
            "ints" => Arg::Ints(ints(v, &at)?.into_iter().map(SymInt::Int).collect()),
            "float" => Arg::Float(float(v, &at)?),
            "floats" => Arg::Floats(
                arr(v, &at)?
                    .iter()
                    .map(|f| float(f, &at))
                    .collect::<Result<_, _>>()?,
            ),
            "bool" => Arg::Bool(boolean(v, &at)?),
            "bools" => Arg::Bools(
                arr(v, &at)?
                    .iter()
                    .map(|b| boolean(b, &at))
                    .collect::<Result<_, _>>()?,
            ),
            "str" => Arg::Str(string(v, &at)?.to_string()),
            "scalar" => Arg::Scalar(scalar(v, &at)?),
            "dtype" => Arg::DType(parsed(v, &at)?),
            "layout" => Arg::Layout(parsed(v, &at)?),
            "device" => Arg::Device(parsed(v, &at)?),
            "memory_format" => Arg::MemoryFormat(parsed(v, &at)?),
            other => return Err(format!("{at}: unknown value kind {other:?}")),
        });
    }
    Ok(args)
}

// ---- comparing ------------------------------------------------------------------------------

/// A size, stride or offset printed: an integer, or the expression as the
/// ShapeEnv prints it after its replacements.
fn show(env: &mut ShapeEnv, v: SymInt) -> String {
    let v = env.simplify_int(v).unwrap_or(v);
    env.display(v)
}

/// A size of the fixture printed as [`show`] prints ours.
fn show_json(j: &Json) -> String {
    match j {
        Json::String(s) => s.clone(),
        other => other.to_string(),
    }
}

/// Dims printed: `[s0, 4]`.
fn show_dims(env: &mut ShapeEnv, dims: &[SymInt]) -> String {
    let parts: Vec<String> = dims.iter().map(|&d| show(env, d)).collect();
    format!("[{}]", parts.join(", "))
}

/// Dims of the fixture printed as [`show_dims`] prints ours.
fn show_json_dims(j: &Json) -> String {
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

/// The plain unbacked symbols among a tensor's sizes and strides, by name.
fn unbacked_names(mode: &mut FakeTensorMode, meta: &TensorMeta) -> BTreeSet<String> {
    let env = mode.env_mut();
    let mut names = BTreeSet::new();
    for &v in meta.sizes.iter().chain(&meta.strides) {
        let v = env.simplify_int(v).unwrap_or(v);
        if let Some(s) = env.as_symbol(v)
            && env.arena().is_unbacked(s)
        {
            names.insert(env.arena().symbol_name(s));
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
    report.check(
        format!("{at}.alias"),
        our_alias(mode, out, args),
        field(expected, "alias", at)?.to_string(),
    );
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
        match (out, want.get("tensors")) {
            (Output::Tensor(t), None) => compare_tensor(mode, *t, want, args, &at, report)?,
            (Output::Tensors(ts), Some(list)) => {
                let list = arr(list, &at)?;
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
            (other, _) => report.add(at, format!("{other:?}"), want.to_string()),
        }
    }
    Ok(())
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
fn guarded<T>(f: impl FnOnce() -> T) -> Result<T, String> {
    catch_unwind(AssertUnwindSafe(f)).map_err(|p| {
        p.downcast_ref::<&str>()
            .map(|s| s.to_string())
            .or_else(|| p.downcast_ref::<String>().cloned())
            .unwrap_or_else(|| "a panic".to_string())
    })
}

/// Outputs of a dispatch.
type Outs = Vec<Output>;

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
fn compare_result(
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

/// Dispatch by name, a panic caught and returned as its message.
fn dispatch(
    mode: &mut FakeTensorMode,
    op: &str,
    args: &[Arg],
) -> Result<fake_runtime::Result<Outs>, String> {
    guarded(|| {
        let values: Vec<Value<'_>> = args.iter().map(Arg::value).collect();
        mode.dispatch_named(op, &values).map(|o| o.into_vec())
    })
}

// ---- static cases -------------------------------------------------------------------------------

/// A static input: a leaf on its own storage with the recorded metadata.
fn static_tensor(mode: &mut FakeTensorMode, j: &Json, at: &str) -> Result<TensorId, Bad> {
    Ok(mode.add_tensor(static_meta(j, at)?, None, true))
}

/// Replay one case of the static section.
fn static_case(op: &str, case: &Json, mismatches: &mut Vec<Mismatch>) -> Result<(), Bad> {
    let name = string(field(case, "name", op)?, op)?;
    let at = format!("{op} / {name}");
    let mut report = CaseReport::new(op, name);
    let mut mode = FakeTensorMode::new(fake_ops::registry());
    let inputs = arr(field(case, "inputs", &at)?, &at)?;
    let args =
        arguments(&mut mode, inputs, &mut static_tensor).map_err(|e| format!("{at}: {e}"))?;
    let result = dispatch(&mut mode, op, &args);
    compare_result(&mut mode, result, case, &args, &mut report)
        .map_err(|e| format!("{at}: {e}"))?;
    mismatches.extend(report.found);
    Ok(())
}

// ---- symbolic cases ----------------------------------------------------------------------------

/// A symbolic input: a host tensor of the hints converted with the dims
/// dynamic as recorded, named by its source.
fn symbolic_tensor(mode: &mut FakeTensorMode, j: &Json, at: &str) -> Result<TensorId, Bad> {
    let Some(source) = j.get("source") else {
        return Ok(mode.add_tensor(static_meta(j, at)?, None, true));
    };
    let hints = ints(field(j, "hints", at)?, at)?;
    let dtype: DType = parsed(field(j, "dtype", at)?, at)?;
    let dynamic = arr(field(j, "dynamic", at)?, at)?
        .iter()
        .map(|d| match string(d, at)? {
            "dynamic" => Ok(DimDynamic::Dynamic),
            "duck" => Ok(DimDynamic::Duck),
            "static" => Ok(DimDynamic::Static),
            other => Err(format!("{at}: unknown DimDynamic {other:?}")),
        })
        .collect::<Result<Vec<_>, Bad>>()?;
    let ctx = SymbolicContext {
        name: string(source, at)?.to_string(),
        dynamic,
        constraints: Vec::new(),
    };
    mode.from_real(&HostTensor::zeros(&hints, dtype), &ctx)
        .map_err(|e| format!("{at}: converting the input failed: {e}"))
}

/// Values by name: sizes by source (`x.size()[0]`), offsets by tensor.
type ByName = HashMap<String, i64>;

/// Every input size by source (`x.size()[0]`) at its hint, and every
/// symbolic input's storage offset by tensor name.
fn hints_by_source(inputs: &[Json]) -> Result<(ByName, ByName), Bad> {
    let mut out = HashMap::new();
    let mut offsets = HashMap::new();
    let mut add = |t: &Json| -> Result<(), Bad> {
        if let (Some(src), Some(h)) = (t.get("source"), t.get("hints")) {
            let src = string(src, "source")?;
            for (d, v) in ints(h, "hints")?.into_iter().enumerate() {
                out.insert(format!("{src}.size()[{d}]"), v);
            }
            let offset = int(field(t, "storage_offset", src)?, src)?;
            offsets.insert(src.to_string(), offset);
        }
        Ok(())
    };
    for input in inputs {
        let v = field(input, "value", "input")?;
        if let Some(t) = v.get("tensor") {
            add(t)?;
        }
        if let Some(ts) = v.get("tensors") {
            for t in arr(ts, "tensors")? {
                add(t)?;
            }
        }
    }
    Ok((out, offsets))
}

/// The value of a source at a sample: sizes as given; symbolic inputs are
/// contiguous, so a stride is the product of the later sizes, and the
/// offset is the recorded one.
fn source_value(
    source: &Source,
    sizes: &HashMap<String, i64>,
    offsets: &HashMap<String, i64>,
) -> Option<i64> {
    match source {
        Source::Size { .. } => sizes.get(&source.to_string()).copied(),
        Source::Stride { tensor, dim } => {
            let mut stride = 1i64;
            let mut d = dim + 1;
            while let Some(&s) = sizes.get(&format!("{tensor}.size()[{d}]")) {
                stride = stride.checked_mul(s.max(1))?;
                d += 1;
            }
            Some(stride)
        }
        Source::StorageOffset { tensor } => offsets.get(tensor).copied(),
        _ => None,
    }
}

/// The value of a size expression with every symbol at its first source's
/// value.
fn evaluate(env: &mut ShapeEnv, v: SymInt, values: &HashMap<String, i64>) -> Option<i64> {
    let v = env.simplify_int(v).ok()?;
    let e = match v {
        SymInt::Int(x) => return Some(x),
        SymInt::Expr(e) => e,
    };
    let of = |s: Symbol| {
        env.symbol_sources(s)
            .first()
            .and_then(|src| values.get(&src.to_string()).copied())
    };
    env.arena().eval(e, &of).ok().flatten()
}

/// Replay one case of the symbolic section; true when it matches.
fn symbolic_case(case: &Json, mismatches: &mut Vec<Mismatch>) -> Result<bool, Bad> {
    let name = string(field(case, "name", "symbolic")?, "symbolic")?;
    let op = string(field(case, "op", name)?, name)?;
    let label = format!("symbolic: {name}");
    let at = format!("{op} / {label}");
    let mut report = CaseReport::new(op, &label);
    let mut mode = FakeTensorMode::new(fake_ops::registry());
    let inputs = arr(field(case, "inputs", &at)?, &at)?;
    let args =
        arguments(&mut mode, inputs, &mut symbolic_tensor).map_err(|e| format!("{at}: {e}"))?;
    let result = dispatch(&mut mode, op, &args);
    let outs = match &result {
        Ok(Ok(outs)) => Some(outs.clone()),
        _ => None,
    };
    compare_result(&mut mode, result, case, &args, &mut report)
        .map_err(|e| format!("{at}: {e}"))?;

    // What the guards mean, sample by sample.
    let (hints, offsets) = hints_by_source(inputs)?;
    let ours_guards: Vec<String> = {
        let env = mode.env();
        env.guards()
            .iter()
            .map(|g| env.arena().display(g.expr))
            .collect()
    };
    let theirs_guards = field(case, "guards", &at)?.to_string();
    let samples = arr(field(case, "samples", &at)?, &at)?;
    // field -> (first differing sample, ours, PyTorch's, how many differ)
    let mut differ: BTreeMap<String, (String, String, String, usize)> = BTreeMap::new();
    let mut note = |field: String, point: &str, ours: String, theirs: String| {
        if ours != theirs {
            differ
                .entry(field)
                .or_insert_with(|| (point.to_string(), ours, theirs, 0))
                .3 += 1;
        }
    };
    for sample in samples {
        let mut values = hints.clone();
        for (src, v) in obj(field(sample, "sizes", &at)?, &at)? {
            values.insert(src.clone(), int(v, &at)?);
        }
        let point = format!("{:?}", values.iter().collect::<BTreeMap<_, _>>());
        let want = boolean(field(sample, "guards_hold", &at)?, &at)?;
        let lookup = |s: &Source| source_value(s, &values, &offsets);
        let ours = match mode.env().check_guards(&lookup) {
            Ok(b) => b.to_string(),
            Err(e) => format!("error: {e}"),
        };
        if ours != want.to_string() {
            note(
                "guards hold".to_string(),
                &point,
                format!("{ours} (our guards: {ours_guards:?})"),
                format!("{want} (PyTorch's guards: {theirs_guards})"),
            );
        }
        let (Some(outs), Some(expected)) = (&outs, sample.get("outputs")) else {
            continue;
        };
        // Every output tensor in order, a list's elements one by one.
        let tensors: Vec<TensorId> = outs
            .iter()
            .flat_map(|out| match out {
                Output::Tensor(t) => vec![*t],
                Output::Tensors(ts) => ts.clone(),
                _ => Vec::new(),
            })
            .collect();
        for (j, (t, want)) in tensors.iter().zip(arr(expected, &at)?).enumerate() {
            let Ok(meta) = mode.meta(*t).cloned() else {
                continue;
            };
            let env = mode.env_mut();
            let mut eval = |dims: &[SymInt]| -> String {
                let parts: Vec<String> = dims
                    .iter()
                    .map(|&d| evaluate(env, d, &values).map_or("?".into(), |v| v.to_string()))
                    .collect();
                format!("[{}]", parts.join(", "))
            };
            let sizes = eval(&meta.sizes);
            let strides = eval(&meta.strides);
            let offset = eval(std::slice::from_ref(&meta.storage_offset));
            let w =
                |key: &str| -> Result<String, Bad> { Ok(show_json_dims(field(want, key, &at)?)) };
            note(format!("output {j}.sizes"), &point, sizes, w("sizes")?);
            note(
                format!("output {j}.strides"),
                &point,
                strides,
                w("strides")?,
            );
            note(
                format!("output {j}.storage_offset"),
                &point,
                offset,
                format!("[{}]", w("storage_offset")?),
            );
        }
    }
    for (field, (point, ours, theirs, count)) in differ {
        report.add(
            format!(
                "{field} at sizes {point} ({count} of {} samples differ)",
                samples.len()
            ),
            ours,
            theirs,
        );
    }
    let matched = report.found.is_empty();
    mismatches.extend(report.found);
    Ok(matched)
}

// ---- the test --------------------------------------------------------------------------------------

/// Every registered operator answers as PyTorch does on every case.
#[test]
fn operators_match_pytorch() {
    let data: Json = serde_json::from_str(FIXTURE).expect("op_cases.json is not valid JSON");
    let version = data
        .get("header")
        .and_then(|h| h.get("format_version"))
        .and_then(Json::as_u64);
    assert_eq!(
        version,
        Some(FORMAT_VERSION),
        "op_cases.json has format_version {version:?}; this harness reads {FORMAT_VERSION}"
    );
    let ops = data
        .get("ops")
        .and_then(Json::as_object)
        .expect("op_cases.json has no \"ops\" object");
    let symbolic = data
        .get("symbolic")
        .and_then(Json::as_array)
        .expect("op_cases.json has no \"symbolic\" list");
    assert!(ops.len() >= 37, "the fixture lost operators: {}", ops.len());

    // A kernel that panics is a mismatch, reported with the others: print
    // one line where it panicked instead of a backtrace per case.
    let default_hook = std::panic::take_hook();
    std::panic::set_hook(Box::new(|info| {
        let at = info
            .location()
            .map_or_else(String::new, |l| format!(" at {}:{}", l.file(), l.line()));
        eprintln!("kernel panicked{at}");
    }));

    let registry = fake_ops::registry();
    let mut mismatches: Vec<Mismatch> = Vec::new();
    let mut summary = String::new();
    let mut skipped_ops = Vec::new();
    let mut skipped_cases = 0usize;
    let mut compared = 0usize;

    for (op, entry) in ops {
        let cases = entry
            .get("cases")
            .and_then(Json::as_array)
            .unwrap_or_else(|| panic!("{op}: no \"cases\" list"));
        if registry.lookup(op).is_none() {
            // Not run, but read: a malformed case fails now, not when the
            // operator lands.
            for case in cases {
                let mut mode = FakeTensorMode::new(fake_ops::registry());
                let inputs = case.get("inputs").and_then(Json::as_array);
                let inputs = inputs.unwrap_or_else(|| panic!("{op}: a case has no inputs"));
                if let Err(e) = arguments(&mut mode, inputs, &mut static_tensor) {
                    panic!("malformed fixture: {op}: {e}");
                }
            }
            skipped_ops.push(op.as_str());
            skipped_cases += cases.len();
            continue;
        }
        let before = mismatches.len();
        for case in cases {
            if let Err(e) = static_case(op, case, &mut mismatches) {
                panic!("malformed fixture: {e}");
            }
        }
        compared += cases.len();
        let failing: BTreeSet<&str> = mismatches[before..]
            .iter()
            .map(|m| m.case.as_str())
            .collect();
        let _ = writeln!(
            summary,
            "  {op}: {}/{} cases match",
            cases.len() - failing.len(),
            cases.len()
        );
    }

    let mut symbolic_matched = 0usize;
    let mut symbolic_skipped = 0usize;
    for case in symbolic {
        let op = case.get("op").and_then(Json::as_str).unwrap_or("?");
        if registry.lookup(op).is_none() {
            let mut mode = FakeTensorMode::new(fake_ops::registry());
            let inputs = case.get("inputs").and_then(Json::as_array);
            let inputs = inputs.unwrap_or_else(|| panic!("symbolic {op}: a case has no inputs"));
            if let Err(e) = arguments(&mut mode, inputs, &mut symbolic_tensor) {
                panic!("malformed fixture: symbolic {op}: {e}");
            }
            symbolic_skipped += 1;
            continue;
        }
        match symbolic_case(case, &mut mismatches) {
            Ok(true) => symbolic_matched += 1,
            Ok(false) => {}
            Err(e) => panic!("malformed fixture: {e}"),
        }
    }
    let _ = writeln!(
        summary,
        "  symbolic: {symbolic_matched}/{} cases match, {symbolic_skipped} skipped",
        symbolic.len() - symbolic_skipped
    );

    std::panic::set_hook(default_hook);

    // Known mismatches are reported but do not fail; stale entries do.
    let known = |m: &Mismatch| {
        KNOWN_MISMATCHES
            .iter()
            .any(|&(op, case, _)| op == m.op && case == m.case)
    };
    let (tolerated, failing): (Vec<&Mismatch>, Vec<&Mismatch>) =
        mismatches.iter().partition(|m| known(m));
    let stale: Vec<String> = KNOWN_MISMATCHES
        .iter()
        .filter(|&&(op, case, _)| {
            registry.lookup(op).is_some()
                && !mismatches.iter().any(|m| m.op == op && m.case == case)
        })
        .map(|(op, case, _)| format!("  {op} / {case}"))
        .collect();

    println!(
        "operator conformance: {compared} cases compared, {skipped_cases} skipped \
         ({} operators not registered)",
        skipped_ops.len()
    );
    print!("{summary}");
    if !skipped_ops.is_empty() {
        println!("skipped (not registered): {}", skipped_ops.join(", "));
    }
    for m in &tolerated {
        println!(
            "known mismatch: {} / {}: {}: ours {}, PyTorch {}",
            m.op, m.case, m.field, m.ours, m.pytorch
        );
    }

    let mut problems = String::new();
    for m in &failing {
        let _ = writeln!(
            problems,
            "  {} / {}: {}\n      ours:    {}\n      PyTorch: {}",
            m.op, m.case, m.field, m.ours, m.pytorch
        );
    }
    if !stale.is_empty() {
        let _ = writeln!(
            problems,
            "KNOWN_MISMATCHES entries that now match (remove them):\n{}",
            stale.join("\n")
        );
    }
    if !ALLOW_UNREGISTERED && !skipped_ops.is_empty() {
        let _ = writeln!(
            problems,
            "operators of the fixture not registered: {}",
            skipped_ops.join(", ")
        );
    }
    assert!(
        problems.is_empty(),
        "conformance failed: {} mismatches with PyTorch\n{problems}",
        failing.len()
    );
}
