//! PyTorch's OpInfo error inputs, replayed: every call PyTorch refuses
//! that `scripts/sweep_opinfo.py` recorded (`error_inputs` of the files
//! `tests/fixtures/opinfo/<entry>.json.gz`) whose refusing aten operator
//! we support goes through the runtime's call API (`fake_tensor::call`,
//! as `fake call --jsonl` reads it: overload resolution, then the mode's
//! dispatch) and must be refused with a typed error, never a panic.
//!
//! A recorded case is replayed when PyTorch raised in an aten operator
//! (`aten_raised`; a case refused by a Python check after its aten calls
//! returned has no operator to replay), or raised before any aten call
//! and the entry's aten operator (`torch.ops.aten.<name>`, overload
//! resolved) refuses the same arguments (`packet`), the registry has that
//! operator,
//! and its arguments have a JSON form (not a complex number, a sparse
//! tensor, an object known only by its repr, or tensors sharing memory,
//! which the record gives storages of their own). Where PyTorch's own
//! `FakeTensorMode` accepts the same call (`fake_raised` is null: eager
//! checks values a fake tensor does not have, such as an index out of
//! bounds, or checks its meta kernel skips), so may we: the rules follow
//! FakeTensorMode. Where it refuses, so must we; the calls we wrongly
//! accept are listed in `tests/fixtures/opinfo/error_inputs_accepted.json`;
//! the test fails when a case not listed is accepted and when a listed
//! one is refused, so the list only shrinks as checks are added. After
//! adding one, rewrite it with
//!
//! ```sh
//! FAKE_ERROR_INPUTS_BLESS=1 cargo test -p fake-tensor --test error_inputs
//! ```
//!
//! and review the diff: it should only lose lines. A panic is never
//! listed: it fails the test.
//!
//! Each refused case is replayed again with symbolic sizes (every size of
//! at least 2 of a contiguous tensor a symbol, its hint the recorded
//! size): a check must not be skipped because a size is symbolic, so it
//! must be refused again (a guard decides at the hints); one accepted is
//! listed as `<index> symbolic`.

#[path = "support/gz_json.rs"]
mod gz_json;
use fake_runtime::Registry;
use fake_tensor::call::{self, CallError};
use gz_json::{panic_message, read_gz_json};
use serde_json::{Value as Json, json};
use std::collections::BTreeMap;
use std::fmt::Write as _;
use std::panic::{AssertUnwindSafe, catch_unwind};
use std::path::Path;

/// The folder of the OpInfo fixture files.
const FIXTURES: &str = concat!(env!("CARGO_MANIFEST_DIR"), "/tests/fixtures/opinfo");

/// The list of wrongly accepted calls, relative to [`FIXTURES`].
const ACCEPTED: &str = "error_inputs_accepted.json";

/// Set to rewrite the list from this run.
const BLESS: &str = "FAKE_ERROR_INPUTS_BLESS";

/// Entry -> case index (`3`, or `3 symbolic` for the replay with
/// symbolic sizes) -> `aten: call`.
type Listed = BTreeMap<String, BTreeMap<String, String>>;

/// What became of one recorded case.
#[derive(Debug)]
enum Fate {
    /// PyTorch did not refuse it.
    NotRefused,
    /// PyTorch refused it before any aten call.
    NoAtenCall,
    /// PyTorch's last aten call returned; a Python check refused after it.
    PythonCheck,
    /// The registry lacks the operator.
    Unsupported,
    /// An argument has no JSON form here.
    NoJsonForm(String),
    /// Refused: overload resolution or the kernel, with the error's kind.
    Refused(String),
    /// Accepted, as PyTorch's `FakeTensorMode` accepts it.
    AcceptedAsFake,
    /// Accepted where `FakeTensorMode` refuses: a missing check.
    Accepted,
    /// A panic, with its message.
    Panicked(String),
}

/// The contiguous strides of `sizes`, as the sweep writes them.
fn contiguous(sizes: &[Json]) -> Option<Vec<i64>> {
    let mut strides = vec![0; sizes.len()];
    let mut acc = 1i64;
    for (d, s) in sizes.iter().enumerate().rev() {
        strides[d] = acc;
        acc = acc.checked_mul(s.as_i64()?.max(1))?;
    }
    Some(strides)
}

/// The same arguments with symbolic sizes: every size of at least 2 of a
/// contiguous tensor becomes a symbol (named by its place, `a1_0`) whose
/// hint is the size; its strides are left out, so they follow the sizes.
/// Other tensors (strided, or whose sizes are 0 or 1, which PyTorch
/// specialises) stay as they are.
fn symbolic(v: &mut Json, place: &str, hints: &mut BTreeMap<String, i64>) {
    match v {
        Json::Object(o) if o.contains_key("tensor") => {
            let Some(t) = o.get_mut("tensor").and_then(Json::as_object_mut) else {
                return;
            };
            let Some(sizes) = t.get("sizes").and_then(Json::as_array).cloned() else {
                return;
            };
            let strides: Option<Vec<i64>> = t
                .get("strides")
                .and_then(Json::as_array)
                .map(|st| st.iter().filter_map(Json::as_i64).collect());
            if strides.is_some_and(|st| Some(st) != contiguous(&sizes)) {
                return;
            }
            t.remove("strides");
            let sizes = sizes
                .iter()
                .enumerate()
                .map(|(d, s)| match s.as_i64() {
                    Some(n) if n >= 2 => {
                        let name = format!("{place}_{d}");
                        hints.insert(name.clone(), n);
                        Json::from(name)
                    }
                    _ => s.clone(),
                })
                .collect();
            t.insert("sizes".into(), Json::Array(sizes));
        }
        Json::Object(o) => {
            for (k, x) in o.iter_mut() {
                symbolic(x, &format!("{place}{k}"), hints);
            }
        }
        Json::Array(a) => {
            for (i, x) in a.iter_mut().enumerate() {
                symbolic(x, &format!("{place}{i}"), hints);
            }
        }
        _ => {}
    }
}

/// Replay one recorded case, with its sizes as recorded or, when
/// `symbolic_sizes`, as symbols whose hints are those sizes.
fn replay(case: &Json, registry: &fake_runtime::StaticRegistry, symbolic_sizes: bool) -> Fate {
    if case.get("raised").is_none_or(Json::is_null) {
        return Fate::NotRefused;
    }
    let aten = match (
        case.get("aten").and_then(Json::as_str),
        case.get("packet").and_then(Json::as_str),
    ) {
        (Some(_), _) if case.get("aten_raised") != Some(&Json::Bool(true)) => {
            return Fate::PythonCheck;
        }
        (Some(aten), _) => aten,
        (None, Some(packet)) => packet,
        (None, None) => return Fate::NoAtenCall,
    };
    // A refusal of arguments that share memory (an out aliasing an
    // input): the recorded JSON gives each tensor a storage of its own.
    if case
        .get("raised")
        .and_then(Json::as_str)
        .is_some_and(|m| m.contains("some elements of the input tensor and the written-to tensor"))
    {
        return Fate::NoJsonForm("its tensors share memory, which the record does not say".into());
    }
    let mut args = case.get("args").cloned().unwrap_or(json!([]));
    let mut kwargs = case.get("kwargs").cloned().unwrap_or(json!({}));
    let mut hints = BTreeMap::new();
    if symbolic_sizes {
        symbolic(&mut args, "a", &mut hints);
        symbolic(&mut kwargs, "k", &mut hints);
    }
    let call = json!({"op": aten, "args": args, "kwargs": kwargs});
    let call = match call::from_json(&call) {
        Ok(c) => c,
        Err(e) => return Fate::NoJsonForm(e.to_string()),
    };
    // An overload, or an operator's name (`aten::diag`) with any overload.
    let supported = registry.lookup(&call.op).is_some()
        || registry.ops().iter().any(|d| {
            d.name
                .strip_prefix(call.op.as_str())
                .is_some_and(|rest| rest.starts_with('.'))
        });
    if !supported {
        return Fate::Unsupported;
    }
    let run = catch_unwind(AssertUnwindSafe(|| call::run(&call, registry, &hints)));
    match run {
        Ok(Ok(_)) if case.get("fake_raised").is_none_or(Json::is_null) => Fate::AcceptedAsFake,
        Ok(Ok(_)) => Fate::Accepted,
        Ok(Err(e @ CallError::Op(_))) => Fate::Refused(e.kind()),
        Ok(Err(e)) => Fate::NoJsonForm(e.to_string()),
        Err(payload) => Fate::Panicked(panic_message(payload.as_ref())),
    }
}

/// Every case of every entry: (entry, index, case, fate with the
/// recorded sizes, fate with symbolic sizes for a case refused with the
/// recorded ones).
fn replay_all() -> Vec<(String, usize, Json, Fate, Option<Fate>)> {
    let registry = fake_ops::registry();
    let mut files: Vec<_> = std::fs::read_dir(FIXTURES)
        .expect("tests/fixtures/opinfo is readable")
        .filter_map(|e| {
            let name = e.ok()?.file_name().to_string_lossy().into_owned();
            name.strip_suffix(".json.gz").map(str::to_string)
        })
        .collect();
    files.sort();
    let mut out = Vec::new();
    for entry in files {
        let record = read_gz_json(&Path::new(FIXTURES).join(format!("{entry}.json.gz")))
            .unwrap_or_else(|e| panic!("{e}"));
        let cases = record
            .get("error_inputs")
            .and_then(Json::as_array)
            .cloned()
            .unwrap_or_default();
        for (i, case) in cases.into_iter().enumerate() {
            let fate = replay(&case, &registry, false);
            let symbolic = matches!(fate, Fate::Refused(_)).then(|| replay(&case, &registry, true));
            out.push((entry.clone(), i, case, fate, symbolic));
        }
    }
    out
}

/// The aten operator a case is replayed as: the one that raised, else the
/// entry's (`packet`).
fn operator(case: &Json) -> &str {
    case.get("aten")
        .or_else(|| case.get("packet"))
        .and_then(Json::as_str)
        .unwrap_or("?")
}

/// Whether a case is replayed as the entry's aten operator, no aten call
/// having been dispatched.
fn via_packet(case: &Json) -> bool {
    case.get("aten").is_none() && case.get("packet").is_some()
}

/// How a listed case is written: the aten operator and the call.
fn describe(case: &Json) -> String {
    format!(
        "{}: {}",
        operator(case),
        case.get("call").and_then(Json::as_str).unwrap_or("?")
    )
}

#[test]
fn recorded_error_inputs_are_refused() {
    let fates = replay_all();
    let mut accepted = Listed::new();
    let mut panics = Vec::new();
    let mut packet_counts: BTreeMap<&str, usize> = BTreeMap::new();
    let mut no_json_form = Vec::new();
    // Always printed, 0 or not.
    let mut counts: BTreeMap<String, usize> = [
        "wrongly accepted",
        "panicked",
        "accepted with symbolic sizes",
    ]
    .map(|b| (b.to_string(), 0))
    .into();
    let mut kinds: BTreeMap<String, usize> = BTreeMap::new();
    let mut unsupported: BTreeMap<String, usize> = BTreeMap::new();
    for (entry, i, case, fate, symbolic) in &fates {
        match symbolic {
            Some(Fate::Refused(_)) => {
                *counts
                    .entry("refused with symbolic sizes too".into())
                    .or_default() += 1;
            }
            Some(Fate::Panicked(m)) => {
                panics.push(format!("{entry} #{i} (symbolic) {}: {m}", describe(case)));
            }
            Some(_) => {
                accepted
                    .entry(entry.clone())
                    .or_default()
                    .insert(format!("{i} symbolic"), describe(case));
                *counts
                    .entry("accepted with symbolic sizes".into())
                    .or_default() += 1;
            }
            None => {}
        }
        let bucket = match fate {
            Fate::NotRefused => "not refused by PyTorch",
            Fate::NoAtenCall => "refused before any aten call, nothing to replay",
            Fate::PythonCheck => "refused by a Python check after its aten calls",
            Fate::Unsupported => {
                let op = operator(case).to_string();
                *unsupported.entry(op).or_default() += 1;
                "operator without a rule"
            }
            Fate::NoJsonForm(why) => {
                no_json_form.push(format!("{entry} #{i} {}: {why}", describe(case)));
                "an argument without a JSON form"
            }
            Fate::Refused(kind) => {
                *kinds.entry(kind.clone()).or_default() += 1;
                "refused"
            }
            Fate::AcceptedAsFake => "accepted, as FakeTensorMode accepts it",
            Fate::Accepted => {
                accepted
                    .entry(entry.clone())
                    .or_default()
                    .insert(i.to_string(), describe(case));
                "wrongly accepted"
            }
            Fate::Panicked(m) => {
                panics.push(format!("{entry} #{i} {}: {m}", describe(case)));
                "panicked"
            }
        };
        *counts.entry(bucket.to_string()).or_default() += 1;
        if via_packet(case) {
            *packet_counts.entry(bucket).or_default() += 1;
        }
    }
    let mut report = format!("{} recorded error inputs:\n", fates.len());
    for (bucket, n) in &counts {
        let _ = writeln!(report, "  {bucket}: {n}");
    }
    let _ = writeln!(
        report,
        "of which refused before any aten call and given to the entry's aten operator:"
    );
    for (bucket, n) in &packet_counts {
        let _ = writeln!(report, "  {bucket}: {n}");
    }
    let _ = writeln!(report, "refusals by kind:");
    for (kind, n) in &kinds {
        let _ = writeln!(report, "  {kind}: {n}");
    }
    let _ = writeln!(report, "operators without a rule (cases):");
    for (op, n) in &unsupported {
        let _ = writeln!(report, "  {op}: {n}");
    }
    let _ = writeln!(report, "arguments without a JSON form:");
    for l in &no_json_form {
        let _ = writeln!(report, "  {l}");
    }
    println!("{report}");
    assert!(panics.is_empty(), "panics:\n{}", panics.join("\n"));

    let path = Path::new(FIXTURES).join(ACCEPTED);
    if std::env::var_os(BLESS).is_some() {
        let text = serde_json::to_string_pretty(&accepted).expect("JSON");
        std::fs::write(&path, text + "\n").expect("the list is writable");
        eprintln!("{BLESS}: wrote tests/fixtures/opinfo/{ACCEPTED}");
    }
    let text = std::fs::read_to_string(&path).unwrap_or_else(|e| panic!("{}: {e}", path.display()));
    let listed: Listed = serde_json::from_str(&text).unwrap_or_else(|e| panic!("{ACCEPTED}: {e}"));
    let flat = |t: &Listed| -> Vec<String> {
        t.iter()
            .flat_map(|(e, cases)| cases.iter().map(move |(i, c)| format!("{e} #{i} {c}")))
            .collect()
    };
    let (ours, theirs) = (flat(&accepted), flat(&listed));
    let mut msg = String::new();
    for l in ours.iter().filter(|l| !theirs.contains(l)) {
        let _ = writeln!(msg, "accepted, not listed: {l}");
    }
    for l in theirs.iter().filter(|l| !ours.contains(l)) {
        let _ = writeln!(msg, "listed in {ACCEPTED}, now refused or gone: {l}");
    }
    assert!(
        msg.is_empty(),
        "{msg}(rewrite the list with {BLESS}=1 once the change is intended)"
    );
}
