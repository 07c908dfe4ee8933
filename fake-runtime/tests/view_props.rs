//! Property tests of view geometry: where ATen's `computeStride` finds a
//! view, the sizes and strides the fake view algorithm
//! (`_reshape_view_helper`, `_view_unbacked_meta`) gives must address the
//! same elements in the same order as the input: the k-th element of the
//! view in row-major order is the k-th element of the input in row-major
//! order. A view the algorithm refuses must be one that `computeStride`
//! refuses too. (Where `computeStride` refuses, FakeTensorMode may still
//! answer, merging dims a size-1 dim separates: those answers are
//! PyTorch's, checked against its recordings, not against eager.)

use fake_runtime::ShapeEnv;
use fake_runtime::shape::Dims;
use fake_runtime::strides::{Decide, view_strides};
use fake_runtime::sym::SymInt;
use fake_runtime::view::{PyMin, reshape_view};
use proptest::prelude::*;

fn ints(v: &[i64]) -> Dims {
    v.iter().map(|&x| SymInt::Int(x)).collect()
}

fn static_of(d: &Dims) -> Vec<i64> {
    d.iter()
        .map(|s| s.as_int().expect("a static value"))
        .collect()
}

/// Storage offsets of every element of a tensor, in row-major order.
fn addresses(sizes: &[i64], strides: &[i64]) -> Vec<i64> {
    let n: i64 = sizes.iter().product();
    let mut out = Vec::with_capacity(n as usize);
    let mut index = vec![0i64; sizes.len()];
    for _ in 0..n {
        out.push(index.iter().zip(strides).map(|(i, s)| i * s).sum());
        for d in (0..sizes.len()).rev() {
            index[d] += 1;
            if index[d] < sizes[d] {
                break;
            }
            index[d] = 0;
        }
    }
    out
}

/// A tensor of a few small dims, contiguous, then permuted and sliced with
/// a step so that some views exist and some do not.
fn tensor() -> impl Strategy<Value = (Vec<i64>, Vec<i64>)> {
    (prop::collection::vec(1i64..4, 1..5), any::<u64>(), 1i64..3).prop_map(|(sizes, seed, step)| {
        let n = sizes.len();
        let mut strides = vec![1i64; n];
        for d in (0..n.saturating_sub(1)).rev() {
            strides[d] = strides[d + 1] * sizes[d + 1];
        }
        // A permutation from the seed.
        let mut perm: Vec<usize> = (0..n).collect();
        let mut s = seed;
        for i in (1..n).rev() {
            let j = (s % (i as u64 + 1)) as usize;
            s /= i as u64 + 1;
            perm.swap(i, j);
        }
        let mut sizes: Vec<i64> = perm.iter().map(|&d| sizes[d]).collect();
        let mut strides: Vec<i64> = perm.iter().map(|&d| strides[d]).collect();
        // A step on the first dim: every other element.
        if step == 2 && sizes[0] >= 2 {
            sizes[0] = (sizes[0] + 1) / 2;
            strides[0] *= 2;
        }
        (sizes, strides)
    })
}

/// A requested shape with the same number of elements: the element count
/// factored, with size-1 dims sprinkled in.
fn shape_for(numel: i64, seed: u64) -> Vec<i64> {
    let mut out = Vec::new();
    let mut rest = numel;
    let mut s = seed;
    while rest > 1 {
        let divisors: Vec<i64> = (2..=rest).filter(|d| rest % d == 0).collect();
        let d = divisors[(s % divisors.len() as u64) as usize];
        s = s / 7 + 3;
        out.push(d);
        rest /= d;
        if s.is_multiple_of(3) {
            out.push(1);
        }
    }
    if out.is_empty() || seed.is_multiple_of(5) {
        out.insert((seed % (out.len() as u64 + 1)) as usize, 1);
    }
    out
}

proptest! {
    #[test]
    fn views_address_the_same_elements((sizes, strides) in tensor(), seed in any::<u64>()) {
        let numel: i64 = sizes.iter().product();
        let shape = shape_for(numel, seed);
        let mut env = ShapeEnv::new();
        let (s, st, sh) = (ints(&sizes), ints(&strides), ints(&shape));
        let aten = view_strides(&mut env, &s, &st, &sh, "view", Decide::Guard).expect("decides");
        let ours = reshape_view(&mut env, &s, &st, &sh, PyMin::Guarded, "view").expect("decides");
        match ours {
            Some(_) if aten.is_none() => {}
            Some((vs, vst)) => {
                let (vs, vst) = (static_of(&vs), static_of(&vst));
                prop_assert_eq!(&vs, &shape, "sizes of the view");
                prop_assert_eq!(
                    addresses(&vs, &vst),
                    addresses(&sizes, &strides),
                    "sizes {:?} strides {:?} as {:?}: strides {:?}",
                    sizes, strides, shape, vst
                );
            }
            None => prop_assert!(aten.is_none(), "refused a view computeStride finds: {sizes:?} {strides:?} as {shape:?}"),
        }
    }
}

proptest! {
    /// The same with symbolic input sizes (each size above 1 a symbol with
    /// that hint, strides derived from them): the view's sizes and strides,
    /// evaluated at the hints, address the input's elements in order.
    #[test]
    fn symbolic_views_address_the_same_elements((sizes, strides) in tensor(), seed in any::<u64>()) {
        use fake_runtime::{DimDynamic, Source};
        let numel: i64 = sizes.iter().product();
        let shape = shape_for(numel, seed);
        let mut env = ShapeEnv::new();
        // Symbols for the sizes; each stride is the product of the sizes of
        // the dims it skips, rebuilt from the symbols.
        let syms: Vec<SymInt> = sizes
            .iter()
            .enumerate()
            .map(|(d, &h)| env.create_symbol(h, Source::size("x", d), DimDynamic::Dynamic, None).expect("symbol"))
            .collect();
        let mut sym_strides = Vec::with_capacity(sizes.len());
        for &st in &strides {
            // The stride as a product of sizes: the dims whose sizes multiply to it.
            let mut acc = SymInt::Int(1);
            let mut rest = st;
            let mut order: Vec<usize> = (0..sizes.len()).collect();
            order.sort_by_key(|&d| strides[d]);
            for d in order {
                if rest > 1 && strides[d] < st && rest % sizes[d] == 0 && strides[d] * sizes[d] <= st {
                    acc = env.mul(acc, syms[d]).expect("mul");
                    rest /= sizes[d];
                }
            }
            sym_strides.push(if rest == 1 { acc } else { SymInt::Int(st) });
        }
        let hint = |env: &mut ShapeEnv, v: SymInt| env.size_hint(v).expect("hint").expect("backed");
        let st_hints: Vec<i64> = sym_strides.iter().map(|&v| hint(&mut env, v)).collect();
        prop_assume!(st_hints == strides);
        let sh = ints(&shape);
        let mut eager_env = ShapeEnv::new();
        let aten = view_strides(&mut eager_env, &ints(&sizes), &ints(&strides), &sh, "view", Decide::Guard)
            .expect("decides");
        prop_assume!(aten.is_some());
        let ours = reshape_view(&mut env, &syms, &sym_strides, &sh, PyMin::Guarded, "view");
        if let Ok(Some((vs, vst))) = ours {
            let vs: Vec<i64> = vs.iter().map(|&v| hint(&mut env, v)).collect();
            let vst: Vec<i64> = vst.iter().map(|&v| hint(&mut env, v)).collect();
            prop_assert_eq!(&vs, &shape, "sizes of the view");
            prop_assert_eq!(addresses(&vs, &vst), addresses(&sizes, &strides),
                "sizes {:?} strides {:?} as {:?}: strides {:?}", sizes, strides, shape, vst);
        }
    }
}
