//! The ShapeEnv against PyTorch's own: scenarios exported by
//! `scripts/export_shape_env.py` (symbol sharing, specialisation, ranges,
//! answers, guard counts and replacements) replayed here.

use fake_runtime::sym::{RelOp, SymInt, ValueRange};
use fake_runtime::{DimDynamic, ShapeEnv, ShapeEnvSettings, Source};
use serde_json::Value;
use std::collections::HashMap;

fn fixture() -> Value {
    let path = concat!(env!("CARGO_MANIFEST_DIR"), "/tests/fixtures/shape_env.json");
    let text = std::fs::read_to_string(path).expect("fixture exists");
    serde_json::from_str(&text).expect("fixture is JSON")
}

fn build(env: &mut ShapeEnv, dims: &HashMap<String, SymInt>, e: &Value) -> Result<Built, String> {
    Ok(match e {
        Value::Number(n) => Built::Int(SymInt::Int(n.as_i64().ok_or("int")?)),
        Value::String(s) => Built::Int(*dims.get(s).ok_or(format!("unknown dim {s}"))?),
        Value::Array(items) => {
            let op = items[0].as_str().ok_or("op")?;
            let args: Vec<SymInt> = items[1..]
                .iter()
                .map(|a| match build(env, dims, a)? {
                    Built::Int(v) => Ok(v),
                    Built::Bool(_) => Err("bool operand".to_string()),
                })
                .collect::<Result<_, _>>()?;
            let (a, b) = (args[0], args[1]);
            let r = |x: fake_runtime::Result<SymInt>| x.map(Built::Int).map_err(|e| e.to_string());
            let rel = |env: &mut ShapeEnv, op| {
                env.compare(op, a, b)
                    .map(Built::Bool)
                    .map_err(|e| e.to_string())
            };
            match op {
                "add" => r(env.add(a, b))?,
                "sub" => r(env.sub(a, b))?,
                "mul" => r(env.mul(a, b))?,
                "floordiv" => r(env.floordiv(a, b))?,
                "mod" => r(env.modulo(a, b))?,
                "max" => r(env.max(a, b))?,
                "eq" => rel(env, RelOp::Eq)?,
                "ne" => rel(env, RelOp::Ne)?,
                "lt" => rel(env, RelOp::Lt)?,
                "le" => rel(env, RelOp::Le)?,
                "gt" => rel(env, RelOp::Gt)?,
                "ge" => rel(env, RelOp::Ge)?,
                other => return Err(format!("unknown op {other}")),
            }
        }
        other => return Err(format!("bad expression {other}")),
    })
}

enum Built {
    Int(SymInt),
    Bool(fake_runtime::sym::SymBool),
}

#[test]
fn shape_env_matches_pytorch() {
    let data = fixture();
    let scenarios = data["scenarios"].as_array().expect("scenarios");
    assert!(scenarios.len() >= 9, "the fixture lost scenarios");
    let mut steps_checked = 0;
    for sc in scenarios {
        let name = sc["name"].as_str().unwrap();
        let settings = ShapeEnvSettings {
            duck_shape: sc["settings"]["duck_shape"].as_bool().unwrap(),
            specialize_zero_one: sc["settings"]["specialize_zero_one"].as_bool().unwrap(),
            backed_size_oblivious: sc["settings"]["backed_size_oblivious"]
                .as_bool()
                .unwrap_or(false),
            backed_ranges_final: false,
        };
        let mut env = ShapeEnv::with_settings(settings);
        let mut dims: HashMap<String, SymInt> = HashMap::new();
        for d in sc["dims"].as_array().unwrap() {
            let dynamic = match d["dynamic"].as_str().unwrap() {
                "duck" => DimDynamic::Duck,
                "dynamic" => DimDynamic::Dynamic,
                _ => DimDynamic::Static,
            };
            let constraint = (!d["min"].is_null() || !d["max"].is_null())
                .then(|| ValueRange::new(d["min"].as_i64(), d["max"].as_i64()));
            let key = format!("{}.{}", d["tensor"].as_str().unwrap(), d["dim"]);
            let src = Source::size(
                d["tensor"].as_str().unwrap(),
                d["dim"].as_u64().unwrap() as usize,
            );
            let v = env
                .create_symbol(d["hint"].as_i64().unwrap(), src, dynamic, constraint)
                .unwrap();
            dims.insert(key, v);
        }
        for want in sc["expect"]["dims"].as_array().unwrap() {
            let key = want["dim"].as_str().unwrap();
            let got = dims[key];
            if let Some(c) = want["static"].as_i64() {
                assert_eq!(got, SymInt::Int(c), "{name}: {key} should be static");
                continue;
            }
            let owner = want["symbol"].as_str().unwrap();
            assert!(!got.is_static(), "{name}: {key} should be symbolic");
            assert_eq!(
                got, dims[owner],
                "{name}: {key} should share the symbol of {owner}"
            );
            for (other, &v) in &dims {
                if other != owner && v == got {
                    let theirs = sc["expect"]["dims"]
                        .as_array()
                        .unwrap()
                        .iter()
                        .find(|w| w["dim"] == other.as_str())
                        .unwrap();
                    assert_eq!(
                        theirs["symbol"], owner,
                        "{name}: {other} shares a symbol PyTorch did not share"
                    );
                }
            }
            let symbol = env.as_symbol(got).unwrap();
            assert_eq!(
                env.pytorch_name(symbol),
                want["name"].as_str().unwrap(),
                "{name}: PyTorch's name of the symbol of {key}"
            );
            let r = env.value_range(got).unwrap();
            assert_eq!(r.lo(), want["range"][0].as_i64(), "{name}: range of {key}");
            assert_eq!(r.hi(), want["range"][1].as_i64(), "{name}: range of {key}");
        }
        for step in sc["expect"]["steps"].as_array().unwrap() {
            let before = env.guards().len();
            let Built::Bool(c) = build(&mut env, &dims, &step["cond"]).unwrap() else {
                panic!("{name}: condition is not boolean")
            };
            let answer = match step["how"].as_str().unwrap_or("guard") {
                "or_false" => env.guard_or_false(c, name),
                "or_true" => env.guard_or_true(c, name),
                "size_oblivious" => env.guard_size_oblivious(c, name),
                _ => env.guard_bool(c, name),
            }
            .unwrap();
            assert_eq!(
                answer,
                step["answer"].as_bool().unwrap(),
                "{name}: {} ({})",
                step["cond"],
                step["how"]
            );
            assert_eq!(
                env.guards().len() - before,
                step["new_guards"].as_u64().unwrap() as usize,
                "{name}: guards added by {} (ours: {:?})",
                step["cond"],
                env.format_guards()
            );
            let reps = step["replacements"].as_object().unwrap();
            let ours: std::collections::BTreeMap<u32, SymInt> = dims
                .values()
                .filter_map(|&v| {
                    let s = env.as_symbol(v)?;
                    env.replacement(s).map(|r| (s.index(), r))
                })
                .collect();
            // Which of two equal symbols PyTorch replaces depends on its
            // hash-derived symbol names; the number of replacements and the
            // constant ones must agree.
            assert_eq!(
                ours.len(),
                reps.len(),
                "{name}: replacements {ours:?} vs {reps:?}"
            );
            for (k, v) in reps {
                if let Some(c) = v.as_i64() {
                    assert_eq!(
                        env.simplify_int(dims[k]).unwrap(),
                        SymInt::Int(c),
                        "{name}: {k} -> {c}"
                    );
                }
            }
            steps_checked += 1;
        }
    }
    assert!(steps_checked >= 15, "only {steps_checked} steps checked");
}
