//! An operator's layout computation on symbolic sizes, remembered in the
//! ShapeEnv as the runtime's own layouts are (the elementwise stride
//! rule, a view's geometry): keyed by everything it reads, reused while
//! the guards it recorded stand (asking again would decide the same way,
//! from what the first asking learnt), and kept across the replays of a
//! [`crate::mode::Checkpoint`] when it recorded none or guards alone (a
//! replay then records them again instead of computing).

use crate::error::Result;
use crate::kernel::Cx;
use crate::meta::TensorMeta;
use crate::shape::Dims;
use crate::shape_env::{Remembered, remembered_kind, return_recalled};
use crate::sym::SymInt;

/// A device as 25 bits: its type (8), then its index plus one (0 for
/// none).
fn device_bits(d: crate::Device) -> u64 {
    u64::from(d.ty as u8) | d.index.map_or(0, |i| u64::from(i) + 1) << 8
}

/// `compute`'s sizes and strides of a layout computed by computation
/// `tag` of an operator (a number its crate gives each computation it
/// remembers) from `tensors` (every field of their metadata read) and
/// `lists` (every other value it reads, as sizes): remembered in the
/// ShapeEnv when every symbol is backed, with the call's settings (its
/// defaults, output device and eagerness) and the state of the symbols'
/// ranges in the key. For calls on symbolic sizes: a caller runs
/// `compute` itself where the values it would remember are static (a hit
/// would save it nothing). An error is not remembered, nor a computation
/// of more tensors or lists than a key holds (seven tensors, 24 parts:
/// the kind, the settings, three per tensor and one per list).
#[inline(never)]
pub fn remembered_geometry(
    cx: &mut Cx<'_>,
    tag: i64,
    tensors: &[&TensorMeta],
    lists: &[&[SymInt]],
    compute: impl FnOnce(&mut Cx<'_>) -> Result<(Dims, Dims)>,
) -> Result<(Dims, Dims)> {
    remembered(cx, &remembered_kind::OPERATOR, tag, tensors, lists, compute)
}

/// The most tensors a remembered computation reads (batch norm's five
/// operands, the elementwise rules' inputs).
const TENSORS: usize = 7;

/// The most key parts: the kind, the settings, three per tensor, one per
/// list.
const PARTS: usize = 24;

/// [`remembered_geometry`] of one of the runtime's own computations
/// (`kind`, one of `remembered_kind`'s, kept apart from the operators'
/// numbers).
#[inline(never)]
pub(crate) fn remembered(
    cx: &mut Cx<'_>,
    kind: &'static [SymInt; 1],
    tag: i64,
    tensors: &[&TensorMeta],
    lists: &[&[SymInt]],
    compute: impl FnOnce(&mut Cx<'_>) -> Result<(Dims, Dims)>,
) -> Result<(Dims, Dims)> {
    // On the stack: no remembered computation takes more operands.
    if tensors.len() > TENSORS || 2 + 3 * tensors.len() + lists.len() > PARTS {
        return compute(cx);
    }
    let d = cx.defaults;
    let flags = [
        d.backends.mkldnn,
        d.backends.cudnn,
        d.python_dispatcher,
        d.symbolic_builtins,
        d.refs_as_meta,
    ];
    let flag_bits = flags
        .iter()
        .enumerate()
        .map(|(i, &f)| u64::from(f) << i)
        .sum::<u64>();
    // Every setting in its own bits: 8 + 25 + 5 + 25 + 1.
    let settings_word = u64::from(d.dtype as u8)
        | device_bits(d.device) << 8
        | flag_bits << 33
        | device_bits(cx.device) << 38
        | u64::from(cx.eager) << 63;
    // The symbols' ranges too, as the arena's memoised results are keyed:
    // a simplification may go further in narrower ranges, and a replay
    // that narrows them as the run before did asks in the same states.
    let ranges = cx.env.exprs.ranges_state();
    let settings = [
        SymInt::Int(tag),
        SymInt::Int(settings_word as i64),
        SymInt::Int(ranges as i64),
    ];
    let mut metas = [[SymInt::Int(0); 2]; TENSORS];
    for (m, t) in metas.iter_mut().zip(tensors) {
        // 8 + 25 + 8 + 1 + 1 + 8 bits.
        let word = u64::from(t.dtype as u8)
            | device_bits(t.device) << 8
            | u64::from(t.layout as u8) << 33
            | u64::from(t.requires_grad) << 41
            | u64::from(t.wrapped_number) << 42
            | (t.sizes.len() as u64 & 0xff) << 43;
        *m = [t.storage_offset, SymInt::Int(word as i64)];
    }
    let mut parts: [&[SymInt]; PARTS] = [&[]; PARTS];
    parts[0] = kind;
    parts[1] = &settings;
    let mut n = 2;
    for (t, m) in tensors.iter().zip(&metas) {
        parts[n] = m;
        parts[n + 1] = &t.sizes;
        parts[n + 2] = &t.strides;
        n += 3;
    }
    for &l in lists {
        parts[n] = l;
        n += 1;
    }
    let parts = &parts[..n];
    return_recalled!(
        cx.env,
        parts,
        Remembered::Geometry(Some((sizes, strides))) => (sizes.clone(), strides.clone())
    );
    let since = cx.env.remembering();
    let out = compute(cx)?;
    let value = Remembered::Geometry(Some(out.clone()));
    cx.env.remember(since, parts, value);
    Ok(out)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::kernel::Defaults;
    use crate::shape_env::{DimDynamic, ShapeEnv, Source};
    use crate::{DType, Device};

    /// A ShapeEnv with one symbol `s` (hint 5) and a contiguous float
    /// tensor of sizes `[s, 3]`.
    fn symbolic_tensor() -> (ShapeEnv, SymInt, Dims, TensorMeta) {
        let mut env = ShapeEnv::new();
        let s = env
            .create_symbol(5, Source::size("x", 0), DimDynamic::Dynamic, None)
            .unwrap();
        let sizes: Dims = [s, SymInt::Int(3)].into_iter().collect();
        let x = TensorMeta::contiguous(&mut env, &sizes, DType::Float32, Device::cpu()).unwrap();
        (env, s, sizes, x)
    }

    /// A second call with the same key is answered without computing; a
    /// call that differs in a setting, a tensor's metadata, a list, the
    /// tag or the symbols' ranges computes.
    #[test]
    fn remembered_by_everything_read() {
        let (mut env, s, _, x) = symbolic_tensor();
        let mut y = x.clone();
        y.dtype = DType::Float16;
        let answer = (Dims::from_elem(SymInt::Int(1), 1), Dims::new());
        let calls = std::cell::Cell::new(0);
        let ask = |env: &mut ShapeEnv, defaults: Defaults, t: &TensorMeta, list: &[SymInt], tag| {
            let mut cx = Cx {
                env,
                op: "aten::test",
                defaults,
                device: Device::cpu(),
                constant: None,
                eager: false,
            };
            let lists: [&[SymInt]; 1] = [list];
            remembered_geometry(&mut cx, tag, &[t], &lists, |_| {
                calls.set(calls.get() + 1);
                Ok(answer.clone())
            })
            .unwrap();
        };
        let base = Defaults::default();
        let mut cudnn_off = base;
        cudnn_off.backends.cudnn = false;
        let two = [SymInt::Int(2)];
        ask(&mut env, base, &x, &[], 1);
        ask(&mut env, base, &x, &[], 1);
        assert_eq!(calls.get(), 1, "the same key again");
        ask(&mut env, cudnn_off, &x, &[], 1);
        ask(&mut env, base, &y, &[], 1);
        ask(&mut env, base, &x, &two, 1);
        ask(&mut env, base, &x, &[], 2);
        assert_eq!(calls.get(), 5, "a setting, a dtype, a list, a tag");
        // A guard that narrows the symbol's range: asked in a new state.
        let c = env.gt(s, SymInt::Int(3)).unwrap();
        assert!(env.guard_bool(c, "test").unwrap());
        ask(&mut env, base, &x, &[], 1);
        assert_eq!(calls.get(), 6, "the ranges");
    }

    /// A computation that recorded guards and nothing else is kept across
    /// a replay's restore and, asked again there, records its guards again
    /// (as the fresh computation recorded them, learnt as it learnt them)
    /// instead of computing; without a replay it computes again.
    #[test]
    fn guarded_computations_record_their_guards_again() {
        let (mut env, s, sizes, x) = symbolic_tensor();
        let saved = env.clone();
        let calls = std::cell::Cell::new(0);
        let ask = |env: &mut ShapeEnv| {
            let mut cx = Cx {
                env,
                op: "aten::test",
                defaults: Defaults::default(),
                device: Device::cpu(),
                constant: None,
                eager: false,
            };
            remembered_geometry(&mut cx, 1, &[&x], &[], |cx| {
                calls.set(calls.get() + 1);
                let more = cx.env.gt(s, SymInt::Int(3))?;
                assert!(cx.env.guard_bool(more, "aten::test")?);
                Ok((sizes.clone(), Dims::new()))
            })
            .unwrap()
        };
        let computed = ask(&mut env);
        let fresh = env.guards.clone();
        assert_eq!(fresh.len(), 1, "the computation's guard");
        env.restore_from(&saved, true);
        assert!(env.guards.is_empty());
        assert_eq!(ask(&mut env), computed);
        assert_eq!(calls.get(), 1, "recalled in the replay, not computed");
        assert_eq!(env.guards, fresh, "its guard recorded again");
        let more = env.gt(s, SymInt::Int(3)).unwrap();
        assert!(env.guard_bool(more, "aten::test").unwrap());
        assert_eq!(env.guards, fresh, "and learnt: known without a guard");
        env.restore_from(&saved, false);
        ask(&mut env);
        assert_eq!(calls.get(), 2, "computed again outside a replay");
    }
}
