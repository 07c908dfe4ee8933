//! Guard soundness over random programs: operators of every family
//! (pointwise, views, reshapes, reductions, `cat`, `matmul`) applied to
//! inputs with symbolic sizes through the front API. Any concrete sizes
//! that satisfy every recorded guard and runtime assert must give, when
//! the same program is traced again with those sizes as hints, exactly
//! the symbolic results evaluated at them; when it runs with those sizes
//! static, the same sizes and offsets (and strides, unless the program
//! has a binary arithmetic step or a `relu`: PyTorch's fake mode answers
//! the first by its fast path on symbolic sizes only, and the second's
//! decomposition `where(self <= 0, 0, self)` takes its number as a tensor
//! only inside the static meta kernel, so size-one and broadcast dims may
//! legitimately get other strides); and `check_guards` must accept
//! exactly the sizes for which the recorded conditions (guards and symbol
//! ranges) hold.

use fake_runtime::mode::Value;
use fake_runtime::sym::Symbol;
use fake_runtime::{DType, Dim, FakeTensorMode, Source, SymInt, TensorId};
use proptest::prelude::*;
use std::collections::BTreeMap;

/// The names of the input symbols.
const NAMES: [&str; 3] = ["a", "b", "c"];

/// An input dim: a static size or one of the named symbols.
#[derive(Debug, Clone, Copy)]
enum InDim {
    Static(i64),
    Sym(usize),
}

/// One step of a program; tensor operands are indices into the tensors
/// made so far (taken modulo their number).
#[derive(Debug, Clone)]
enum Step {
    Unary(&'static str, usize),
    Binary(&'static str, usize, usize),
    Transpose(usize, i64, i64),
    Unsqueeze(usize, i64),
    Squeeze(usize, i64),
    Permute(usize, u64),
    Slice(usize, i64, i64, i64, i64),
    Select(usize, i64, i64),
    Flatten(usize),
    SplitFirst(usize),
    MergeFirstTwo(usize),
    Reduce(&'static str, usize, i64, bool),
    Cat(usize, usize, i64),
    Matmul(usize, usize),
    Contiguous(usize),
    Expand(usize, i64),
}

fn step() -> impl Strategy<Value = Step> {
    let t = 0usize..16;
    let d = -3i64..4;
    prop_oneof![
        (
            prop::sample::select(vec!["aten::relu", "aten::neg", "aten::exp"]),
            t.clone()
        )
            .prop_map(|(o, a)| Step::Unary(o, a)),
        (
            prop::sample::select(vec!["aten::add", "aten::mul", "aten::sub"]),
            t.clone(),
            t.clone()
        )
            .prop_map(|(o, a, b)| Step::Binary(o, a, b)),
        (t.clone(), d.clone(), d.clone()).prop_map(|(a, x, y)| Step::Transpose(a, x, y)),
        (t.clone(), d.clone()).prop_map(|(a, x)| Step::Unsqueeze(a, x)),
        (t.clone(), d.clone()).prop_map(|(a, x)| Step::Squeeze(a, x)),
        (t.clone(), any::<u64>()).prop_map(|(a, s)| Step::Permute(a, s)),
        (t.clone(), d.clone(), -3i64..4, -2i64..9, 1i64..3)
            .prop_map(|(a, x, s, e, k)| Step::Slice(a, x, s, e, k)),
        (t.clone(), d.clone(), -2i64..2).prop_map(|(a, x, i)| Step::Select(a, x, i)),
        t.clone().prop_map(Step::Flatten),
        t.clone().prop_map(Step::SplitFirst),
        t.clone().prop_map(Step::MergeFirstTwo),
        (
            prop::sample::select(vec!["aten::sum", "aten::mean", "aten::amax"]),
            t.clone(),
            d.clone(),
            any::<bool>()
        )
            .prop_map(|(o, a, x, k)| Step::Reduce(o, a, x, k)),
        (t.clone(), t.clone(), d.clone()).prop_map(|(a, b, x)| Step::Cat(a, b, x)),
        (t.clone(), t.clone()).prop_map(|(a, b)| Step::Matmul(a, b)),
        t.clone().prop_map(Step::Contiguous),
        (t, 0i64..3).prop_map(|(a, s)| Step::Expand(a, s)),
    ]
}

fn in_dim() -> impl Strategy<Value = InDim> {
    prop_oneof![
        1 => (1i64..4).prop_map(InDim::Static),
        3 => (0usize..NAMES.len()).prop_map(InDim::Sym),
    ]
}

/// A permutation of `0..n` picked by `seed`.
fn permutation(n: usize, mut seed: u64) -> Vec<SymInt> {
    let mut left: Vec<i64> = (0..n as i64).collect();
    let mut out = Vec::with_capacity(n);
    while !left.is_empty() {
        let i = (seed % left.len() as u64) as usize;
        seed /= left.len() as u64;
        out.push(SymInt::Int(left.remove(i)));
    }
    out
}

/// Run one step; `Err` when the operator refuses it.
fn run_step(m: &mut FakeTensorMode, ts: &[TensorId], s: &Step) -> Result<TensorId, String> {
    let pick = |i: usize| ts[i % ts.len()];
    let int = |v: i64| Value::Int(SymInt::Int(v));
    let call = |m: &mut FakeTensorMode, op: &str, args: &[Value<'_>]| {
        m.call(op, args)
            .and_then(|o| o.tensor())
            .map_err(|e| e.to_string())
    };
    let sizes = |m: &FakeTensorMode, t: TensorId| -> Vec<SymInt> {
        m.meta(t).map(|x| x.sizes.to_vec()).unwrap_or_default()
    };
    match *s {
        Step::Unary(op, a) => call(m, op, &[Value::Tensor(pick(a))]),
        Step::Binary(op, a, b) => call(m, op, &[Value::Tensor(pick(a)), Value::Tensor(pick(b))]),
        Step::Transpose(a, x, y) => call(
            m,
            "aten::transpose.int",
            &[Value::Tensor(pick(a)), int(x), int(y)],
        ),
        Step::Unsqueeze(a, x) => call(m, "aten::unsqueeze", &[Value::Tensor(pick(a)), int(x)]),
        Step::Squeeze(a, x) => call(m, "aten::squeeze.dim", &[Value::Tensor(pick(a)), int(x)]),
        Step::Permute(a, seed) => {
            let t = pick(a);
            let perm = permutation(sizes(m, t).len(), seed);
            call(m, "aten::permute", &[Value::Tensor(t), Value::Ints(&perm)])
        }
        Step::Slice(a, x, st, e, k) => call(
            m,
            "aten::slice.Tensor",
            &[Value::Tensor(pick(a)), int(x), int(st), int(e), int(k)],
        ),
        Step::Select(a, x, i) => call(
            m,
            "aten::select.int",
            &[Value::Tensor(pick(a)), int(x), int(i)],
        ),
        Step::Flatten(a) => call(
            m,
            "aten::reshape",
            &[Value::Tensor(pick(a)), Value::Ints(&[SymInt::Int(-1)])],
        ),
        Step::SplitFirst(a) => {
            // view(size[0], -1): sizes taken from the tensor itself.
            let t = pick(a);
            let first = *sizes(m, t).first().ok_or("zero-dim")?;
            call(
                m,
                "aten::view",
                &[Value::Tensor(t), Value::Ints(&[first, SymInt::Int(-1)])],
            )
        }
        Step::MergeFirstTwo(a) => {
            let t = pick(a);
            let s = sizes(m, t);
            if s.len() < 2 {
                return Err("rank < 2".into());
            }
            let merged = m.env_mut().mul(s[0], s[1]).map_err(|e| e.to_string())?;
            let mut shape = vec![merged];
            shape.extend_from_slice(&s[2..]);
            call(m, "aten::reshape", &[Value::Tensor(t), Value::Ints(&shape)])
        }
        Step::Reduce(op, a, x, keep) => call(
            m,
            op,
            &[
                Value::Tensor(pick(a)),
                Value::Ints(&[SymInt::Int(x)]),
                Value::Bool(keep),
            ],
        ),
        Step::Cat(a, b, x) => call(
            m,
            "aten::cat",
            &[Value::Tensors(&[pick(a), pick(b)]), int(x)],
        ),
        Step::Matmul(a, b) => call(
            m,
            "aten::matmul",
            &[Value::Tensor(pick(a)), Value::Tensor(pick(b))],
        ),
        Step::Contiguous(a) => call(m, "aten::contiguous", &[Value::Tensor(pick(a))]),
        Step::Expand(a, size) => {
            // expand(2, *sizes) of an unsqueezed tensor, or -1s.
            let t = pick(a);
            let mut shape = vec![SymInt::Int(size + 1)];
            shape.extend(sizes(m, t).iter().map(|_| SymInt::Int(-1)));
            let u = call(m, "aten::unsqueeze", &[Value::Tensor(t), int(0)])?;
            call(m, "aten::expand", &[Value::Tensor(u), Value::Ints(&shape)])
        }
    }
}

/// The metadata compared: sizes, strides, offset (as given), dtype.
type Meta = (Vec<SymInt>, Vec<SymInt>, SymInt, DType);

fn meta(m: &FakeTensorMode, t: TensorId) -> Meta {
    let x = m.meta(t).expect("a tensor of this mode");
    (
        x.sizes.to_vec(),
        x.strides.to_vec(),
        x.storage_offset,
        x.dtype,
    )
}

/// The inputs made in `m`: with `values`, every symbol static at its value.
fn inputs(
    m: &mut FakeTensorMode,
    shapes: &[Vec<InDim>],
    hints: &[i64],
    values: Option<&[i64]>,
) -> Vec<TensorId> {
    shapes
        .iter()
        .map(|shape| {
            let dims: Vec<Dim> = shape
                .iter()
                .map(|d| match (*d, values) {
                    (InDim::Static(v), _) => Dim::from(v),
                    (InDim::Sym(i), Some(v)) => Dim::from(v[i]),
                    (InDim::Sym(i), None) => Dim::dynamic(NAMES[i], hints[i]),
                })
                .collect();
            m.input(dims, DType::Float32).expect("a valid input")
        })
        .collect()
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 256, ..ProptestConfig::default() })]

    #[test]
    fn guards_are_sound_for_random_programs(
        shapes in prop::collection::vec(prop::collection::vec(in_dim(), 1..4), 1..4),
        steps in prop::collection::vec(step(), 2..16),
        hints in prop::collection::vec(2i64..9, NAMES.len()),
        samples in prop::collection::vec(prop::collection::vec(0i64..12, NAMES.len()), 12),
    ) {
        // The symbolic run; refused steps are dropped.
        let mut m = FakeTensorMode::new(fake_ops::registry());
        let mut ts = inputs(&mut m, &shapes, &hints, None);
        let mut kept = Vec::new();
        for s in &steps {
            if let Ok(t) = run_step(&mut m, &ts, s) {
                ts.push(t);
                kept.push(s.clone());
            }
        }
        let results: Vec<Meta> = ts.iter().map(|&t| meta(&m, t)).collect();
        // Each name's symbol.
        let mut symbol_of: BTreeMap<usize, Symbol> = BTreeMap::new();
        for (shape, input) in shapes.iter().zip(&results) {
            for (dim, size) in shape.iter().zip(&input.0) {
                if let (InDim::Sym(i), SymInt::Expr(e)) = (dim, size)
                    && let Some(&s) = m.env().arena().free_symbols(*e).first()
                {
                    symbol_of.insert(*i, s);
                }
            }
        }
        let env = m.env();
        // Sizes to try: the hints, shifts of them, and random ones.
        let mut candidates: Vec<Vec<i64>> = vec![hints.clone()];
        for k in [1, 2, 5] {
            candidates.push(hints.iter().map(|h| h + k).collect());
            candidates.push(hints.iter().map(|h| h * k).collect());
        }
        candidates.extend(samples.iter().cloned());
        let mut accepted = 0;
        for values in &candidates {
            let value_of_symbol = |s: Symbol| {
                symbol_of.iter().find(|(_, x)| **x == s).map(|(i, _)| values[*i])
            };
            let source_value = |src: &Source| {
                NAMES.iter().position(|n| src.to_string() == *n).map(|i| values[i])
            };
            // What the recorded conditions say, one by one.
            let holds = |e| matches!(env.arena().eval(e, &value_of_symbol), Ok(Some(v)) if v != 0);
            let ranges_hold = symbol_of.values().all(|&s| {
                value_of_symbol(s).is_some_and(|v| env.symbol_range(s).contains(v))
            });
            let guards_hold = env.guards().iter().all(|g| holds(g.expr));
            let asserts_hold = env.runtime_asserts().iter().all(|g| holds(g.expr));
            let checked = env.check_guards(&source_value).expect("every source has a value");
            prop_assert_eq!(checked, ranges_hold && guards_hold,
                "check_guards at {:?} against guards {:?}", values, env.format_guards());
            if !(checked && asserts_hold) {
                continue;
            }
            accepted += 1;
            // The same program traced again with these sizes as hints.
            let mut rm = FakeTensorMode::new(fake_ops::registry());
            let mut rts = inputs(&mut rm, &shapes, values, None);
            for s in &kept {
                match run_step(&mut rm, &rts, s) {
                    Ok(t) => rts.push(t),
                    Err(e) => prop_assert!(false,
                        "step {:?} refused when traced at {:?} though the guards hold: {}\nguards {:?}",
                        s, values, e, env.format_guards()),
                }
            }
            let renv = rm.env();
            let rsource_value = |s: Symbol| {
                renv.symbol_sources(s).first().and_then(source_value)
            };
            // The static run at these sizes.
            let mut sm = FakeTensorMode::new(fake_ops::registry());
            let mut sts = inputs(&mut sm, &shapes, &hints, Some(values));
            for s in &kept {
                match run_step(&mut sm, &sts, s) {
                    Ok(t) => sts.push(t),
                    Err(e) => prop_assert!(false,
                        "step {:?} refused at {:?} though the guards hold: {}\nguards {:?}",
                        s, values, e, env.format_guards()),
                }
            }
            let binary = kept.iter().any(|s| {
                matches!(s, Step::Binary(..) | Step::Unary("aten::relu", _))
            });
            for (i, ((&st, &rt), want)) in sts.iter().zip(&rts).zip(&results).enumerate() {
                let got = meta(&sm, st);
                let eval = |v: &SymInt| match v {
                    SymInt::Int(x) => Some(*x),
                    SymInt::Expr(e) => env.arena().eval(*e, &value_of_symbol).ok().flatten(),
                };
                let evaluated = |vs: &[SymInt]| vs.iter().map(eval).collect::<Vec<_>>();
                let retraced: Vec<Option<i64>> = meta(&rm, rt).1.iter().map(|v| match v {
                    SymInt::Int(x) => Some(*x),
                    SymInt::Expr(e) => renv.arena().eval(*e, &rsource_value).ok().flatten(),
                }).collect();
                prop_assert_eq!(evaluated(&want.1), retraced,
                    "strides of value {} traced again at {:?}; program {:?}", i, values, kept);
                let static_ints = |vs: &[SymInt]| vs.iter().map(|v| match v {
                    SymInt::Int(x) => Some(*x),
                    SymInt::Expr(_) => None,
                }).collect::<Vec<_>>();
                prop_assert_eq!(evaluated(&want.0), static_ints(&got.0),
                    "sizes of value {} at {:?}; program {:?}", i, values, kept);
                if !binary {
                    prop_assert_eq!(evaluated(&want.1), static_ints(&got.1),
                        "strides of value {} at {:?}; program {:?}", i, values, kept);
                }
                prop_assert_eq!(eval(&want.2), static_ints(&[got.2])[0],
                    "offset of value {} at {:?}; program {:?}", i, values, kept);
                prop_assert_eq!(want.3, got.3);
            }
        }
        // The hints always pass.
        prop_assert!(accepted >= 1);
    }
}
