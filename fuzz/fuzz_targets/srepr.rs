//! The sympy `srepr` expression parser and its lowering into a ShapeEnv.
//!
//! The input is UTF-8 text parsed as `torch.export` records a symbolic
//! expression. What parses is lowered (symbols created on first use: a
//! name starting with `u` unbacked, others backed with a hint derived
//! from the name), then printed, evaluated at the hints and decided (a
//! guard). Every step returns a value or a typed error; a panic, a hang or
//! a stack overflow is a bug.

#![no_main]

use fake_runtime::sym::ValueRange;
use fake_runtime::{ShapeEnv, Source, SymInt};
use fake_tensor::export::srepr::{self, ResolveError, SymbolDecl, Value};
use libfuzzer_sys::fuzz_target;

fuzz_target!(|data: &[u8]| {
    let Ok(text) = std::str::from_utf8(data) else {
        return;
    };
    let Ok(expr) = srepr::parse(text) else {
        return;
    };
    let mut env = ShapeEnv::new();
    let mut resolver = |env: &mut ShapeEnv, d: &SymbolDecl| -> Result<SymInt, ResolveError> {
        if d.name.starts_with('u') {
            return Ok(env.create_unbacked(d.name.len() % 2 == 0, "fuzz"));
        }
        let hint = 2 + (d.name.bytes().map(i64::from).sum::<i64>() % 30);
        env.create_symint_input(hint, Source::Local(d.name.clone()), ValueRange::at_least(1))
            .map_err(|e| ResolveError::Refused(e.to_string()))
    };
    match srepr::lower(&expr, &mut env, &mut resolver) {
        Ok(Value::Int(v)) => {
            let _ = env.display(v);
            let _ = env.size_hint(v);
            let _ = env.guard_int(v, "fuzz");
        }
        Ok(Value::Bool(b)) => {
            let _ = env.display_bool(b);
            let _ = env.guard_bool(b, "fuzz");
        }
        Err(e) => {
            let _ = e.to_string();
        }
    }
    let _ = env.format_guards();
});
