//! Replays `tests/fixtures/mode_cases.json` (written by
//! `scripts/export_mode_cases.py` from PyTorch's own FakeTensorMode) against
//! a [`FakeTensorMode`]. Shared by the runtime's tests (hand-written
//! kernels) and the root package's (generated kernels), which include this
//! file by path.

use fake_runtime::convert::{HostTensor, SymbolicContext};
use fake_runtime::meta::{Scalar, TensorMeta};
use fake_runtime::mode::{FakeTensorMode, Output, Value as V};
use fake_runtime::sym::{SymBool, SymInt};
use fake_runtime::tensor::{StorageId, TensorId};
use fake_runtime::{DType, Device, DimDynamic, ErrorKind, MemoryFormat};
use serde_json::Value;
use std::collections::HashMap;

/// The fixture, parsed.
pub fn fixture(path: &str) -> Value {
    let text = std::fs::read_to_string(path).unwrap_or_else(|e| panic!("{path}: {e}"));
    serde_json::from_str(&text).unwrap_or_else(|e| panic!("{path}: {e}"))
}

/// Renames symbols by first appearance (`s0`, `s1`, `u0`, ...) and sorts the
/// factors of products, exactly as the export script does with PyTorch's
/// (hashed) names, so the two sides can be compared as text.
#[derive(Default)]
pub struct Names {
    map: HashMap<String, String>,
}

impl Names {
    /// The canonical name of symbol `name`.
    pub fn sym(&mut self, name: &str) -> String {
        if let Some(n) = self.map.get(name) {
            return n.clone();
        }
        let kind = &name[..1];
        let n = self.map.values().filter(|v| v.starts_with(kind)).count();
        let canon = format!("{kind}{n}");
        self.map.insert(name.to_string(), canon.clone());
        canon
    }

    /// Our name of a canonical name, if it appeared.
    pub fn ours(&self, canon: &str) -> Option<&str> {
        self.map
            .iter()
            .find(|(_, v)| v.as_str() == canon)
            .map(|(k, _)| k.as_str())
    }

    /// The canonical text of a printed expression.
    pub fn expr(&mut self, text: &str) -> String {
        if text.parse::<i64>().is_ok() {
            return text.to_string();
        }
        let is_sym = |f: &str| {
            f.len() > 1
                && (f.starts_with('s') || f.starts_with('u'))
                && f[1..].chars().all(|c| c.is_ascii_digit())
        };
        let factors: Vec<&str> = text.split('*').collect();
        if factors
            .iter()
            .all(|f| is_sym(f) || f.parse::<i64>().is_ok())
        {
            let mut nums = Vec::new();
            let mut syms = Vec::new();
            for f in factors {
                if is_sym(f) {
                    syms.push(self.sym(f));
                } else {
                    nums.push(f.to_string());
                }
            }
            syms.sort();
            nums.extend(syms);
            return nums.join("*");
        }
        // Anything else: rename symbols in place.
        let mut out = String::new();
        let chars: Vec<char> = text.chars().collect();
        let mut i = 0;
        while i < chars.len() {
            let c = chars[i];
            let starts = (c == 's' || c == 'u')
                && (i == 0 || !chars[i - 1].is_ascii_alphanumeric())
                && chars.get(i + 1).is_some_and(|d| d.is_ascii_digit());
            if starts {
                let mut j = i + 1;
                while j < chars.len() && chars[j].is_ascii_digit() {
                    j += 1;
                }
                let tok: String = chars[i..j].iter().collect();
                out.push_str(&self.sym(&tok));
                i = j;
            } else {
                out.push(c);
                i += 1;
            }
        }
        out
    }
}

/// Small integers for identities, in order of appearance.
struct Ids<K: std::hash::Hash + Eq>(HashMap<K, u64>);

impl<K: std::hash::Hash + Eq> Default for Ids<K> {
    fn default() -> Self {
        Ids(HashMap::new())
    }
}

impl<K: std::hash::Hash + Eq> Ids<K> {
    fn get(&mut self, k: K) -> u64 {
        let n = self.0.len() as u64;
        *self.0.entry(k).or_insert(n)
    }
}

/// The metadata as the fixture prints it. Sizes are shown with the
/// ShapeEnv's replacements applied: equal under the guards taken, whichever
/// of two equal sizes a kernel happened to pick.
fn meta_json(mode: &mut FakeTensorMode, t: TensorId, names: &mut Names) -> Value {
    let m = mode.meta(t).expect("tensor of this mode").clone();
    let env = mode.env_mut();
    let mut show = |v: SymInt, names: &mut Names| {
        let v = env.simplify_int(v).unwrap_or(v);
        names.expr(&env.display(v))
    };
    serde_json::json!({
        "sizes": m.sizes.iter().map(|&v| show(v, names)).collect::<Vec<_>>(),
        "strides": m.strides.iter().map(|&v| show(v, names)).collect::<Vec<_>>(),
        "offset": show(m.storage_offset, names),
        "dtype": m.dtype.to_string(),
        "device": m.device.to_string(),
        "requires_grad": m.requires_grad,
        "is_leaf": mode.tensor(t).expect("tensor of this mode").is_leaf,
    })
}

fn check_meta(what: &str, got: &Value, want: &Value) -> Result<(), String> {
    for k in [
        "sizes",
        "strides",
        "offset",
        "dtype",
        "device",
        "requires_grad",
    ] {
        if got[k] != want[k] {
            return Err(format!("{what}: {k}: got {}, PyTorch {}", got[k], want[k]));
        }
    }
    Ok(())
}

fn ranges_check(mode: &FakeTensorMode, names: &Names, want: &Value) -> Result<(), String> {
    let env = mode.env();
    let mut ours: HashMap<String, (Option<i64>, Option<i64>)> = HashMap::new();
    for s in env.symbols() {
        let r = env.symbol_range(s);
        ours.insert(env.arena().symbol_name(s), (r.lo(), r.hi()));
    }
    for (canon, bounds) in want.as_object().into_iter().flatten() {
        let name = names
            .ours(canon)
            .ok_or(format!("symbol {canon} never appeared"))?;
        let got = ours.get(name).ok_or(format!("no symbol {name}"))?;
        let want = (bounds[0].as_i64(), bounds[1].as_i64());
        // PyTorch's size-like lower bound of a backed symbol is 2 with 0/1
        // specialisation: the same on both sides.
        if *got != want {
            return Err(format!(
                "range of {canon} ({name}): got {got:?}, PyTorch {want:?}"
            ));
        }
    }
    Ok(())
}

/// Replay one conversion scenario of `memo`.
pub fn replay_memo(mode: &mut FakeTensorMode, case: &Value) -> Result<(), String> {
    let mut reals: HashMap<String, HostTensor> = HashMap::new();
    for r in case["reals"].as_array().ok_or("reals")? {
        let name = r["name"].as_str().ok_or("name")?.to_string();
        let v = |k: &str| -> Vec<i64> {
            r[k].as_array()
                .map(|a| a.iter().filter_map(|x| x.as_i64()).collect())
                .unwrap_or_default()
        };
        let t = match r["base"].as_str() {
            None => HostTensor::zeros(&v("sizes"), DType::Float32),
            Some(base) => reals[base].view_as_strided(
                &v("sizes"),
                &v("strides"),
                r["offset"].as_i64().ok_or("offset")?,
            ),
        };
        reals.insert(name, t);
    }
    let (mut names, mut fakes, mut storages) = (
        Names::default(),
        Ids::<TensorId>::default(),
        Ids::<StorageId>::default(),
    );
    for (c, want) in case["convert"]
        .as_array()
        .ok_or("convert")?
        .iter()
        .zip(case["results"].as_array().ok_or("results")?)
    {
        let real_name = c["real"].as_str().ok_or("real")?;
        let real = &reals[real_name];
        let ctx = SymbolicContext {
            dynamic: match c["dynamic"].as_array() {
                None => Vec::new(),
                Some(ds) => ds
                    .iter()
                    .map(|d| match d.as_str() {
                        Some("duck") => DimDynamic::Duck,
                        Some("dynamic") => DimDynamic::Dynamic,
                        _ => DimDynamic::Static,
                    })
                    .collect(),
            },
            ..SymbolicContext::static_(real_name)
        };
        let t = mode.from_real(real, &ctx).map_err(|e| e.to_string())?;
        let what = format!("{} / convert {real_name}", case["name"]);
        let fake = fakes.get(t);
        if Some(fake) != want["fake"].as_u64() {
            return Err(format!("{what}: fake #{fake}, PyTorch {}", want["fake"]));
        }
        let storage = storages.get(mode.tensor(t).map_err(|e| e.to_string())?.storage);
        if Some(storage) != want["storage"].as_u64() {
            return Err(format!(
                "{what}: storage #{storage}, PyTorch {}",
                want["storage"]
            ));
        }
        check_meta(&what, &meta_json(mode, t, &mut names), want)?;
    }
    ranges_check(mode, &names, &case["ranges"])
}

/// Replay one case of `devices` with `aten::add.Tensor`.
pub fn replay_device(mode: &mut FakeTensorMode, case: &Value) -> Result<(), String> {
    let mk = |mode: &mut FakeTensorMode, spec: &Value| -> Result<TensorId, String> {
        let sizes: Vec<SymInt> = spec["sizes"]
            .as_array()
            .ok_or("sizes")?
            .iter()
            .filter_map(|v| v.as_i64().map(SymInt::Int))
            .collect();
        let device: Device = spec["device"]
            .as_str()
            .ok_or("device")?
            .parse()
            .map_err(|e: fake_runtime::Error| e.to_string())?;
        mode.empty(&sizes, DType::Float32, device)
            .map_err(|e| e.to_string())
    };
    let a = mk(mode, &case["a"])?;
    let b = mk(mode, &case["b"])?;
    let r = mode.dispatch_named(
        "aten::add.Tensor",
        &[
            V::Tensor(a),
            V::Tensor(b),
            V::Scalar(Scalar::Int(SymInt::Int(1))),
        ],
    );
    match (r, case.get("error")) {
        (Ok(out), None) => {
            let Some(Output::Tensor(t)) = out.first() else {
                return Err("no tensor".into());
            };
            let m = mode.meta(*t).map_err(|e| e.to_string())?;
            if m.device.to_string() != case["device"].as_str().unwrap_or("") {
                return Err(format!("{case}: device {}", m.device));
            }
            Ok(())
        }
        (Err(e), Some(want)) => match e.kind() {
            ErrorKind::DeviceMismatch { a, b, .. }
                if want["devices"][0] == a.as_str() && want["devices"][1] == b.as_str() =>
            {
                Ok(())
            }
            _ => Err(format!("{case}: error {e}")),
        },
        (Ok(_), Some(_)) => Err(format!("{case}: PyTorch refused, we did not")),
        (Err(e), None) => Err(format!("{case}: {e}")),
    }
}

/// The mode settings a sequence was recorded under (PyTorch's default
/// dtype, the Python dispatcher).
pub fn settings_for(seq: &Value) -> fake_runtime::mode::ModeSettings {
    let mut settings = fake_runtime::mode::ModeSettings::default();
    if let Some(d) = seq["default_dtype"].as_str().and_then(|d| d.parse().ok()) {
        settings.defaults.dtype = d;
    }
    settings.defaults.python_dispatcher = seq["python_dispatcher"] == Value::Bool(true);
    settings
}

/// The outcome of replaying a sequence.
#[derive(Debug, PartialEq, Eq)]
pub enum Replayed {
    /// Every step agreed with PyTorch.
    Agreed,
    /// The registry lacks this operator: the steps before its first use
    /// agreed, the rest were not run.
    Missing(String),
}

fn parse<T: std::str::FromStr>(v: &Value) -> Result<T, String> {
    v.as_str()
        .ok_or(format!("not a string: {v}"))?
        .parse()
        .map_err(|_| format!("cannot parse {v}"))
}

/// Replay one of `sequences`.
pub fn replay_sequence(mode: &mut FakeTensorMode, seq: &Value) -> Result<Replayed, String> {
    let name = seq["name"].as_str().unwrap_or("?");
    let all_steps = seq["steps"].as_array().ok_or("steps")?;
    let missing = all_steps.iter().find_map(|step| {
        let op = step["op"].as_str().unwrap_or("");
        mode.registry().lookup(op).is_none().then(|| op.to_string())
    });
    let runnable_len = all_steps
        .iter()
        .take_while(|step| {
            mode.registry()
                .lookup(step["op"].as_str().unwrap_or(""))
                .is_some()
        })
        .count();
    let runnable = &all_steps[..runnable_len];
    let mut names = Names::default();
    let mut storages = Ids::<StorageId>::default();
    let mut tensors: Vec<(String, TensorId)> = Vec::new();
    let get = |tensors: &[(String, TensorId)], n: &str| {
        tensors
            .iter()
            .rev()
            .find(|(k, _)| k == n)
            .map(|(_, t)| *t)
            .ok_or(format!("no tensor {n}"))
    };
    let mut hosts = Vec::new();
    for (tname, spec) in seq["inputs"].as_object().ok_or("inputs")? {
        let t = if let Some(sizes) = spec.get("symbolic") {
            let sizes: Vec<i64> = sizes
                .as_array()
                .ok_or("sizes")?
                .iter()
                .filter_map(|v| v.as_i64())
                .collect();
            let host = HostTensor::zeros(&sizes, DType::Float32);
            let t = mode
                .from_real(&host, &SymbolicContext::duck(tname.clone(), sizes.len()))
                .map_err(|e| e.to_string())?;
            hosts.push(host);
            t
        } else {
            let sizes: Vec<SymInt> = spec["sizes"]
                .as_array()
                .ok_or("sizes")?
                .iter()
                .filter_map(|v| v.as_i64().map(SymInt::Int))
                .collect();
            let dtype: DType = parse(&spec["dtype"])?;
            let device: Device = parse(&spec["device"])?;
            let requires_grad = spec["requires_grad"].as_bool().unwrap_or(false);
            match &spec["constant"] {
                Value::Null if requires_grad => {
                    let mut meta = TensorMeta::contiguous(mode.env_mut(), &sizes, dtype, device)
                        .map_err(|e| e.to_string())?;
                    meta.requires_grad = true;
                    Ok(mode.add_tensor(meta, None, true))
                }
                Value::Null => mode.empty(&sizes, dtype, device),
                c => {
                    let v = if dtype.is_floating_point() {
                        Scalar::from(c.as_f64().ok_or("constant")?)
                    } else {
                        Scalar::Int(SymInt::Int(c.as_i64().ok_or("constant")?))
                    };
                    mode.scalar_tensor(v, dtype, device)
                }
            }
            .map_err(|e| e.to_string())?
        };
        tensors.push((tname.clone(), t));
    }
    for (_, t) in &tensors {
        meta_json(&mut *mode, *t, &mut names);
    }
    mode.cache_clear();
    for step in runnable {
        let op = step["op"].as_str().ok_or("op")?;
        let what = format!("{name} / {op} -> {}", step["out"]);
        // Argument storage that outlives the values borrowing it.
        let mut int_lists: Vec<Vec<SymInt>> = Vec::new();
        for a in step["args"].as_array().ok_or("args")? {
            if let Some(l) = a.get("ints") {
                int_lists.push(
                    l.as_array()
                        .ok_or("ints")?
                        .iter()
                        .filter_map(|v| v.as_i64().map(SymInt::Int))
                        .collect(),
                );
            }
        }
        let mut tensor_lists: Vec<Vec<TensorId>> = Vec::new();
        for a in step["args"].as_array().ok_or("args")? {
            if let Some(l) = a.get("ts") {
                let names = l.as_array().ok_or("ts")?;
                tensor_lists.push(
                    names
                        .iter()
                        .map(|n| get(&tensors, n.as_str().ok_or("ts")?))
                        .collect::<Result<_, _>>()?,
                );
            }
        }
        let mut lists = int_lists.iter();
        let mut tlists = tensor_lists.iter();
        let mut args = Vec::new();
        for a in step["args"].as_array().ok_or("args")? {
            args.push(match a {
                Value::Null => V::None,
                Value::Object(o) => {
                    let (k, v) = o.iter().next().ok_or("empty argument")?;
                    match k.as_str() {
                        "t" => V::Tensor(get(&tensors, v.as_str().ok_or("t")?)?),
                        "ts" => V::Tensors(tlists.next().ok_or("ts")?),
                        "int" => V::Int(SymInt::Int(v.as_i64().ok_or("int")?)),
                        "ints" => V::Ints(lists.next().ok_or("ints")?),
                        "bool" => V::Bool(v.as_bool().ok_or("bool")?),
                        "float" => V::Float(v.as_f64().ok_or("float")?),
                        "scalar" => V::Scalar(match v {
                            Value::Bool(b) => Scalar::Bool(SymBool::Bool(*b)),
                            Value::Number(n) if n.is_i64() => {
                                Scalar::Int(SymInt::Int(n.as_i64().ok_or("int")?))
                            }
                            Value::Number(n) => Scalar::from(n.as_f64().ok_or("float")?),
                            _ => return Err(format!("scalar {v}")),
                        }),
                        "dtype" => V::DType(parse(v)?),
                        "device" => V::Device(parse(v)?),
                        "memory_format" => V::MemoryFormat(parse::<MemoryFormat>(v)?),
                        other => return Err(format!("argument kind {other}")),
                    }
                }
                other => return Err(format!("argument {other}")),
            });
        }
        let result = mode.dispatch_named(op, &args);
        match (&result, step.get("error")) {
            (Err(e), Some(want)) => {
                if let Some(devs) = want["devices"].as_array() {
                    match e.kind() {
                        ErrorKind::DeviceMismatch { a, b, .. }
                            if devs[0] == a.as_str() && devs[1] == b.as_str() => {}
                        _ => return Err(format!("{what}: error {e}, PyTorch {want}")),
                    }
                }
            }
            (Err(e), None) => return Err(format!("{what}: {e}")),
            (Ok(_), Some(want)) => return Err(format!("{what}: PyTorch refused: {want}")),
            (Ok(out), None) => match (out.first(), step.get("result"), step.get("scalar")) {
                (Some(Output::Tensor(t)), Some(want), _) => {
                    let got = meta_json(&mut *mode, *t, &mut names);
                    check_meta(&what, &got, want)?;
                    let v = mode.version(*t).map_err(|e| e.to_string())?;
                    if Some(u64::from(v)) != want["version"].as_u64() {
                        return Err(format!("{what}: version {v}, PyTorch {}", want["version"]));
                    }
                    let s = storages.get(mode.tensor(*t).map_err(|e| e.to_string())?.storage);
                    if Some(s) != want["storage"].as_u64() {
                        return Err(format!("{what}: storage #{s}, PyTorch {}", want["storage"]));
                    }
                    let same = tensors
                        .iter()
                        .find(|(_, x)| x == t)
                        .map(|(k, _)| k.as_str());
                    if same != want["same_as"].as_str() {
                        return Err(format!(
                            "{what}: same as {same:?}, PyTorch {}",
                            want["same_as"]
                        ));
                    }
                    check_constant(&what, mode, *t, &want["constant"])?;
                    tensors.push((step["out"].as_str().ok_or("out")?.to_string(), *t));
                }
                (Some(Output::Scalar(s)), _, Some(want)) => {
                    let ok = match s {
                        Scalar::Int(v @ SymInt::Expr(_)) => {
                            let got = names.expr(&mode.env().display(*v));
                            want["sym"].as_str() == Some(got.as_str())
                        }
                        Scalar::Int(SymInt::Int(v)) => want["int"].as_i64() == Some(*v),
                        Scalar::Float(f) => f
                            .as_f64()
                            .is_some_and(|f| want["float"].as_f64() == Some(f)),
                        Scalar::Bool(SymBool::Bool(b)) => want["bool"].as_bool() == Some(*b),
                        Scalar::Bool(SymBool::Expr(_)) => false,
                        Scalar::Complex(..) => false,
                    };
                    if !ok {
                        return Err(format!("{what}: {s:?}, PyTorch {want}"));
                    }
                }
                // An operator that returns nothing (`_foreach_add_`).
                (None, None, None) => {}
                (got, r, s) => {
                    return Err(format!("{what}: got {got:?}, PyTorch {r:?} {s:?}"));
                }
            },
        }
        for (w, want) in step["watch"].as_object().into_iter().flatten() {
            let t = get(&tensors, w)?;
            let got = meta_json(mode, t, &mut names);
            check_meta(&format!("{what} / watched {w}"), &got, want)?;
            let v = mode.version(t).map_err(|e| e.to_string())?;
            if Some(u64::from(v)) != want["version"].as_u64() {
                return Err(format!(
                    "{what}: {w} version {v}, PyTorch {}",
                    want["version"]
                ));
            }
            let s = storages.get(mode.tensor(t).map_err(|e| e.to_string())?.storage);
            if Some(s) != want["storage"].as_u64() {
                return Err(format!(
                    "{what}: {w} storage #{s}, PyTorch {}",
                    want["storage"]
                ));
            }
        }
        if let Some(want) = step.get("cache") {
            let info = mode.cache_info();
            let bypasses: serde_json::Map<String, Value> = info
                .bypasses
                .iter()
                .map(|(k, v)| (k.to_string(), Value::from(*v)))
                .collect();
            let got = serde_json::json!({
                "hits": info.hits, "misses": info.misses, "bypasses": bypasses,
            });
            if &got != want {
                return Err(format!("{what}: cache_info {got}, PyTorch {want}"));
            }
        }
    }
    drop(hosts);
    if let Some(op) = missing {
        return Ok(Replayed::Missing(op));
    }
    ranges_check(mode, &names, &seq["ranges"])?;
    Ok(Replayed::Agreed)
}

/// Whether tensor `t` is a constant as PyTorch's result is (`want`: its
/// value, `"empty"` for a constant without elements, `null` for none), and
/// of PyTorch's value where this mode knows one.
fn check_constant(
    what: &str,
    mode: &FakeTensorMode,
    t: TensorId,
    want: &Value,
) -> Result<(), String> {
    let is = mode.is_constant(t).map_err(|e| e.to_string())?;
    if is == want.is_null() {
        let say = |b: bool| if b { "a constant" } else { "not a constant" };
        return Err(format!(
            "{what}: {}, PyTorch's {}",
            say(is),
            say(!want.is_null())
        ));
    }
    let same = match mode.constant(t).map_err(|e| e.to_string())? {
        None => true,
        Some(Scalar::Int(SymInt::Int(v))) => want.as_i64() == Some(v),
        Some(Scalar::Float(f)) => f.as_f64().is_some() && want.as_f64() == f.as_f64(),
        Some(Scalar::Bool(SymBool::Bool(b))) => want.as_bool() == Some(b),
        Some(_) => false,
    };
    if !same {
        return Err(format!(
            "{what}: constant {:?}, PyTorch {want}",
            mode.constant(t)
        ));
    }
    Ok(())
}
