//! Symbolic cases: the call with dynamic input sizes (tensors converted
//! by the memo converter, integers made symbols of their own sources),
//! the printed outputs compared, then what the guards mean: at sample
//! input sizes our guards must hold exactly where PyTorch's do, and our
//! symbolic outputs must evaluate to what PyTorch computes there.

use crate::compare::{CaseReport, Mismatch, compare_result, dispatch, show_json_dims};
use crate::read::static_meta;
use crate::read::{Bad, Inputs, arguments, arr, boolean, field, int, ints, obj, parsed, string};
use fake_runtime::mode::Output;
use fake_runtime::sym::Symbol;
use fake_runtime::{
    DType, DimDynamic, FakeTensorMode, HostTensor, ShapeEnv, Source, SymInt, SymbolicContext,
    TensorId,
};
use serde_json::{Map, Value as Json};
use std::collections::{BTreeMap, HashMap};

/// The inputs of a symbolic case: a tensor with a source is a host tensor
/// of its hints (in its recorded layout) converted with its dims dynamic as recorded; an integer
/// written as a symbol's name is the size of an input tensor whose source
/// the symbol has (`x.size()[0]`), or else a symbol of the ShapeEnv made
/// from the symbol's plain source (`n`) at its hint
/// (`DimDynamic::Dynamic`), once per source.
struct SymbolicInputs<'c> {
    /// The case's `symbols`: name -> source.
    symbols: &'c Map<String, Json>,
    /// Sizes of the inputs and symbolic integers made so far, by source.
    made: HashMap<String, SymInt>,
}

impl Inputs for SymbolicInputs<'_> {
    fn tensor(&mut self, mode: &mut FakeTensorMode, j: &Json, at: &str) -> Result<TensorId, Bad> {
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
        let name = ctx.name.clone();
        let host = HostTensor::zeros(&hints, dtype);
        let host = match hint_strides(j, &hints, at)? {
            Some(strides) => host.view_as_strided(&hints, &strides, 0),
            None => host,
        };
        let t = mode
            .from_real(&host, &ctx)
            .map_err(|e| format!("{at}: converting the input failed: {e}"))?;
        let sizes = mode
            .meta(t)
            .map_err(|e| format!("{at}: {e}"))?
            .sizes
            .clone();
        for (d, size) in sizes.into_iter().enumerate() {
            self.made.insert(format!("{name}.size()[{d}]"), size);
        }
        Ok(t)
    }

    fn int(
        &mut self,
        mode: &mut FakeTensorMode,
        j: &Json,
        hint: Option<&Json>,
        at: &str,
    ) -> Result<SymInt, Bad> {
        let Some(name) = j.as_str() else {
            return Ok(SymInt::Int(int(j, at)?));
        };
        let source = self
            .symbols
            .get(name)
            .ok_or_else(|| format!("{at}: symbol {name} is not in \"symbols\""))?;
        let source = string(source, at)?;
        if let Some(&v) = self.made.get(source) {
            return Ok(v);
        }
        let hint = int(
            hint.ok_or_else(|| format!("{at}: symbol {name} has no hint"))?,
            at,
        )?;
        let v = mode
            .env_mut()
            .create_symbol(
                hint,
                Source::Local(source.to_string()),
                DimDynamic::Dynamic,
                None,
            )
            .map_err(|e| format!("{at}: making symbol {name} failed: {e}"))?;
        self.made.insert(source.to_string(), v);
        Ok(v)
    }
}

/// The strides of a symbolic input at its hints, when they are not the
/// contiguous ones (a channels-last input): each recorded stride is an
/// integer or a product of integers and the input's own size symbols (the
/// strides of a dense layout), evaluated at the hints.
fn hint_strides(j: &Json, hints: &[i64], at: &str) -> Result<Option<Vec<i64>>, Bad> {
    let sizes = arr(field(j, "sizes", at)?, at)?;
    let hint_of = |name: &str| {
        sizes
            .iter()
            .position(|s| s.as_str() == Some(name))
            .and_then(|i| hints.get(i).copied())
    };
    let mut strides = Vec::new();
    for s in arr(field(j, "strides", at)?, at)? {
        let v = match s.as_str() {
            None => int(s, at)?,
            Some(text) => text.split('*').try_fold(1i64, |acc, factor| {
                let f = factor.trim();
                let v = f
                    .parse::<i64>()
                    .ok()
                    .or_else(|| hint_of(f))
                    .ok_or_else(|| {
                        format!("{at}: cannot evaluate the input stride {text:?} at the hints")
                    })?;
                acc.checked_mul(v)
                    .ok_or_else(|| format!("{at}: the input stride {text:?} overflows"))
            })?,
        };
        strides.push(v);
    }
    let mut contiguous = vec![1i64; hints.len()];
    for i in (0..hints.len().saturating_sub(1)).rev() {
        contiguous[i] = contiguous[i + 1] * hints[i + 1].max(1);
    }
    Ok((strides != contiguous).then_some(strides))
}

/// Values by name: sizes by source (`x.size()[0]`), offsets by tensor.
type ByName = HashMap<String, i64>;

/// Every input size by source (`x.size()[0]`, a symbolic integer's `n`)
/// at its hint, and every symbolic input's storage offset by tensor name.
fn hints_by_source(inputs: &[Json], symbols_of: &Json) -> Result<(ByName, ByName), Bad> {
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
        for key in ["tensors", "opt_tensors"] {
            if let Some(ts) = v.get(key) {
                for t in arr(ts, key)? {
                    add(t)?;
                }
            }
        }
    }
    // Symbolic integers: the hint of each element named by a symbol.
    for input in inputs {
        let v = field(input, "value", "input")?;
        let Some(hints) = input.get("hints") else {
            continue;
        };
        let (values, hints) = match (v.get("int"), v.get("ints")) {
            (Some(one), _) => (vec![one.clone()], vec![hints.clone()]),
            (_, Some(list)) => (arr(list, "ints")?.to_vec(), arr(hints, "hints")?.to_vec()),
            _ => return Err("\"hints\" on an input that is not an integer".to_string()),
        };
        for (value, hint) in values.iter().zip(&hints) {
            if let Some(name) = value.as_str() {
                let source = string(field(symbols_of, name, "symbols")?, "symbols")?;
                out.insert(source.to_string(), int(hint, "hints")?);
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
        Source::Local(name) => sizes.get(name).copied(),
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

/// Replay one symbolic case, adding its mismatches.
pub(crate) fn symbolic_case(case: &Json, mismatches: &mut Vec<Mismatch>) -> Result<(), Bad> {
    let name = string(field(case, "name", "symbolic")?, "symbolic")?;
    let op = string(field(case, "op", name)?, name)?;
    let label = format!("symbolic: {name}");
    let at = format!("{op} / {label}");
    let mut report = CaseReport::new(op, &label);
    let mut mode = crate::read::mode_for(case, &at)?;
    let inputs = arr(field(case, "inputs", &at)?, &at)?;
    let symbols = field(case, "symbols", &at)?;
    let mut make = SymbolicInputs {
        symbols: obj(symbols, &at)?,
        made: HashMap::new(),
    };
    let args = arguments(&mut mode, inputs, &mut make).map_err(|e| format!("{at}: {e}"))?;
    let result = dispatch(&mut mode, op, &args);
    let outs = match &result {
        Ok(Ok(outs)) => Some(outs.clone()),
        _ => None,
    };
    compare_result(&mut mode, result, case, &args, &mut report)
        .map_err(|e| format!("{at}: {e}"))?;

    // What the guards mean, sample by sample.
    let (hints, offsets) = hints_by_source(inputs, symbols).map_err(|e| format!("{at}: {e}"))?;
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
        // Fields where PyTorch's own symbolic answer, evaluated here, is
        // not its static answer (`static_differs`: an added size-1 dim's
        // stride, `broadcast_in_dim` against ATen's `expand`): the
        // symbolic answer was compared exactly; this sample cannot check
        // them.
        let skipped: Vec<&str> = match sample.get("static_differs") {
            Some(list) => arr(list, &at)?.iter().filter_map(|f| f.as_str()).collect(),
            None => Vec::new(),
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
            let fields = [
                ("sizes", sizes, w("sizes")?),
                ("strides", strides, w("strides")?),
                (
                    "storage_offset",
                    offset,
                    format!("[{}]", w("storage_offset")?),
                ),
            ];
            for (key, ours, theirs) in fields {
                let name = format!("output {j}.{key}");
                if !skipped.contains(&name.as_str()) {
                    note(name, &point, ours, theirs);
                }
            }
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
    mismatches.extend(report.found);
    Ok(())
}
