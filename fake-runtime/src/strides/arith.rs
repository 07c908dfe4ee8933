//! The comparisons and products the layout tests are written in, so that
//! one formula serves static and symbolic sizes: plain integers
//! ([`Ints`], which gives up on a symbolic value or an overflow) or
//! `SymInt`s through the ShapeEnv ([`Guarded`], which decides and records
//! guards as PyTorch does). A test runs on [`Ints`] first when every value
//! it reads is static, and on [`Guarded`] otherwise or when [`Ints`] gave
//! up, which then decides (and reports) exactly as if asked first.

use super::{Decide, Dims, Operand};
use crate::error::Result;
use crate::shape_env::ShapeEnv;
use crate::sym::{SymBool, SymInt};

/// The arithmetic of a layout test. The plain comparisons (`eq`, `ne`,
/// `lt`, `ge`) are decided as the test's [`Decide`] says (a guard, or
/// `guard_or_false` for `eq`, `lt` and `ge` and `guard_or_true` for
/// `ne`); the `_or_true` ones always with `guard_or_true`.
pub(super) trait LayoutArith {
    /// Why an answer could not be given.
    type Error;
    /// `a == b`.
    fn eq(&mut self, a: SymInt, b: SymInt) -> std::result::Result<bool, Self::Error>;
    /// `a != b`.
    fn ne(&mut self, a: SymInt, b: SymInt) -> std::result::Result<bool, Self::Error>;
    /// `a < b`.
    fn lt(&mut self, a: SymInt, b: SymInt) -> std::result::Result<bool, Self::Error>;
    /// `a >= b`.
    fn ge(&mut self, a: SymInt, b: SymInt) -> std::result::Result<bool, Self::Error>;
    /// Whether `v` is known not to be `k` without a decision (a constant,
    /// or a lone symbol whose range excludes `k`).
    fn known_ne(&self, v: SymInt, k: i64) -> bool;
    /// `a == b`, decided with `guard_or_true`.
    fn eq_or_true(&mut self, a: SymInt, b: SymInt) -> std::result::Result<bool, Self::Error>;
    /// `a < b`, decided with `guard_or_true`.
    fn lt_or_true(&mut self, a: SymInt, b: SymInt) -> std::result::Result<bool, Self::Error>;
    /// `a == b`, decided with a guard.
    fn guard_eq(&mut self, a: SymInt, b: SymInt) -> std::result::Result<bool, Self::Error>;
    /// `a * b`.
    fn mul(&mut self, a: SymInt, b: SymInt) -> std::result::Result<SymInt, Self::Error>;
    /// `a % b` (Python's).
    fn modulo(&mut self, a: SymInt, b: SymInt) -> std::result::Result<SymInt, Self::Error>;
    /// The product of `sizes`.
    fn numel(&mut self, sizes: &[SymInt]) -> std::result::Result<SymInt, Self::Error>;
    /// The expected strides of `check_contiguous_sizes_strides` after a
    /// dim of size `s` ([`super::next_expected`]).
    fn next_expected(
        &mut self,
        expected: SymInt,
        expected_max: SymInt,
        s: SymInt,
    ) -> std::result::Result<(SymInt, SymInt), Self::Error>;
    /// [`super::is_contiguous`], decided with `guard_or_false`.
    #[inline(always)]
    fn is_contiguous(
        &mut self,
        sizes: &[SymInt],
        strides: &[SymInt],
    ) -> std::result::Result<bool, Self::Error>
    where
        Self: Sized,
    {
        super::contiguous_with(self, sizes, strides)
    }
    /// [`super::is_channels_last`], decided with `guard_or_false`.
    #[inline(always)]
    fn is_channels_last(
        &mut self,
        sizes: &[SymInt],
        strides: &[SymInt],
    ) -> std::result::Result<bool, Self::Error>
    where
        Self: Sized,
    {
        super::channels_last_with(self, sizes, strides)
    }
    /// The strides `expand(out_sizes)` gives `o` ([`super::expanded`]).
    fn expanded(
        &mut self,
        out_sizes: &[SymInt],
        o: &Operand<'_>,
    ) -> std::result::Result<Dims, Self::Error>;
    /// Row-major strides of `sizes` ([`super::contiguous`]).
    fn contiguous(&mut self, sizes: &[SymInt]) -> std::result::Result<Dims, Self::Error>;
    /// Channels-last strides of `sizes` ([`super::channels_last`]).
    fn channels_last(&mut self, sizes: &[SymInt]) -> std::result::Result<Dims, Self::Error>;
    /// Dense strides of `sizes` in the physical order `physical`
    /// ([`super::with_physical_order`]; remembered in the arena when
    /// `symbolic`).
    fn laid_out(
        &mut self,
        sizes: &[SymInt],
        physical: &[usize],
        symbolic: bool,
    ) -> std::result::Result<Dims, Self::Error>;
}

/// Static values as plain integers: gives up (`Err(())`) on a symbolic
/// value or an overflow.
pub(super) struct Ints;

impl Ints {
    /// `v`, when static.
    #[inline(always)]
    fn int(v: SymInt) -> std::result::Result<i64, ()> {
        match v {
            SymInt::Int(x) => Ok(x),
            SymInt::Expr(_) => Err(()),
        }
    }

    /// Both values, when both are static.
    #[inline(always)]
    fn both(a: SymInt, b: SymInt) -> std::result::Result<(i64, i64), ()> {
        Ok((Self::int(a)?, Self::int(b)?))
    }

    /// Dense strides of `sizes` laid out in `physical` order (outermost
    /// first), each size counted as `count(size)`.
    #[inline(always)]
    fn dense(
        sizes: &[SymInt],
        physical: impl DoubleEndedIterator<Item = usize>,
        count: fn(i64) -> i64,
    ) -> std::result::Result<Dims, ()> {
        let mut out: Dims = Dims::from_elem(SymInt::Int(1), sizes.len());
        let mut acc = 1i64;
        for d in physical.rev() {
            out[d] = SymInt::Int(acc);
            acc = acc.checked_mul(count(Self::int(sizes[d])?)).ok_or(())?;
        }
        Ok(out)
    }
}

impl LayoutArith for Ints {
    type Error = ();

    #[inline(always)]
    fn eq(&mut self, a: SymInt, b: SymInt) -> std::result::Result<bool, ()> {
        Self::both(a, b).map(|(x, y)| x == y)
    }

    #[inline(always)]
    fn ne(&mut self, a: SymInt, b: SymInt) -> std::result::Result<bool, ()> {
        Self::both(a, b).map(|(x, y)| x != y)
    }

    #[inline(always)]
    fn lt(&mut self, a: SymInt, b: SymInt) -> std::result::Result<bool, ()> {
        Self::both(a, b).map(|(x, y)| x < y)
    }

    #[inline(always)]
    fn ge(&mut self, a: SymInt, b: SymInt) -> std::result::Result<bool, ()> {
        Self::both(a, b).map(|(x, y)| x >= y)
    }

    #[inline(always)]
    fn known_ne(&self, v: SymInt, k: i64) -> bool {
        matches!(v, SymInt::Int(x) if x != k)
    }

    #[inline(always)]
    fn eq_or_true(&mut self, a: SymInt, b: SymInt) -> std::result::Result<bool, ()> {
        self.eq(a, b)
    }

    #[inline(always)]
    fn lt_or_true(&mut self, a: SymInt, b: SymInt) -> std::result::Result<bool, ()> {
        self.lt(a, b)
    }

    #[inline(always)]
    fn guard_eq(&mut self, a: SymInt, b: SymInt) -> std::result::Result<bool, ()> {
        self.eq(a, b)
    }

    #[inline(always)]
    fn mul(&mut self, a: SymInt, b: SymInt) -> std::result::Result<SymInt, ()> {
        let (x, y) = Self::both(a, b)?;
        x.checked_mul(y).map(SymInt::Int).ok_or(())
    }

    #[inline(always)]
    fn modulo(&mut self, a: SymInt, b: SymInt) -> std::result::Result<SymInt, ()> {
        let (x, y) = Self::both(a, b)?;
        if y == 0 {
            return Err(());
        }
        crate::sym::py_mod(x, y).map(SymInt::Int).ok_or(())
    }

    #[inline(always)]
    fn numel(&mut self, sizes: &[SymInt]) -> std::result::Result<SymInt, ()> {
        let mut acc = 1i64;
        for &s in sizes {
            acc = acc.checked_mul(Self::int(s)?).ok_or(())?;
        }
        Ok(SymInt::Int(acc))
    }

    #[inline(always)]
    fn next_expected(
        &mut self,
        expected: SymInt,
        expected_max: SymInt,
        s: SymInt,
    ) -> std::result::Result<(SymInt, SymInt), ()> {
        let (e, m, s) = (
            Self::int(expected)?,
            Self::int(expected_max)?,
            Self::int(s)?,
        );
        let product = e.checked_mul(s).ok_or(())?;
        let product_max = m.checked_mul(s.max(1)).ok_or(())?;
        Ok((SymInt::Int(product), SymInt::Int(product_max)))
    }

    #[inline(always)]
    fn expanded(&mut self, out_sizes: &[SymInt], o: &Operand<'_>) -> std::result::Result<Dims, ()> {
        // Static values: ATen's `expand`.
        super::elementwise::expanded_with(self, out_sizes, o, false)
    }

    #[inline(always)]
    fn contiguous(&mut self, sizes: &[SymInt]) -> std::result::Result<Dims, ()> {
        Self::dense(sizes, 0..sizes.len(), |s| s.max(1))
    }

    #[inline(always)]
    fn channels_last(&mut self, sizes: &[SymInt]) -> std::result::Result<Dims, ()> {
        let n = sizes.len();
        if n != 4 && n != 5 {
            return self.contiguous(sizes);
        }
        // Sizes multiplied as they are.
        Self::dense(sizes, super::channels_last_order(n).into_iter(), |s| s)
    }

    #[inline(always)]
    fn laid_out(
        &mut self,
        sizes: &[SymInt],
        physical: &[usize],
        _symbolic: bool,
    ) -> std::result::Result<Dims, ()> {
        Self::dense(sizes, physical.iter().copied(), |s| s.max(1))
    }
}

/// Any values, through the ShapeEnv (guards recorded as PyTorch's), the
/// plain comparisons decided as `decide` says and attributed to `op`.
pub(super) struct Guarded<'e, 'o> {
    /// The ShapeEnv that decides.
    pub(super) env: &'e mut ShapeEnv,
    /// The operator the guards are recorded for.
    pub(super) op: &'o str,
    /// How the plain comparisons are decided.
    pub(super) decide: Decide,
}

impl Guarded<'_, '_> {
    /// `c` decided with a guard, or with `guard_or_false`.
    #[inline(always)]
    fn decided(&mut self, c: SymBool) -> Result<bool> {
        match self.decide {
            Decide::Guard => self.env.guard_bool(c, self.op),
            Decide::OrFalse => self.env.guard_or_false(c, self.op),
        }
    }
}

/// A layout test `$test(arith, args...)` on plain integers when
/// `$statics` (every value it reads is static), else, or when the
/// integers give up, in `$guarded`'s arithmetic.
macro_rules! ints_first {
    ($statics:expr, $test:ident($($arg:expr),*), $guarded:expr) => {
        match $statics.then(|| $test(&mut $crate::strides::arith::Ints, $($arg),*)) {
            Some(Ok(answer)) => Ok(answer),
            _ => {
                let mut guarded = $guarded;
                $test(&mut guarded, $($arg),*)
            }
        }
    };
}
pub(super) use ints_first;

impl LayoutArith for Guarded<'_, '_> {
    type Error = crate::error::Error;

    #[inline(always)]
    fn eq(&mut self, a: SymInt, b: SymInt) -> Result<bool> {
        self.decide.eq_or_false(self.env, a, b, self.op)
    }

    #[inline(always)]
    fn ne(&mut self, a: SymInt, b: SymInt) -> Result<bool> {
        self.decide.ne_or_true(self.env, a, b, self.op)
    }

    #[inline(always)]
    fn lt(&mut self, a: SymInt, b: SymInt) -> Result<bool> {
        let c = self.env.lt(a, b)?;
        self.decided(c)
    }

    #[inline(always)]
    fn ge(&mut self, a: SymInt, b: SymInt) -> Result<bool> {
        let c = self.env.ge(a, b)?;
        self.decided(c)
    }

    #[inline(always)]
    fn known_ne(&self, v: SymInt, k: i64) -> bool {
        self.env.known_ne(v, k)
    }

    #[inline(always)]
    fn eq_or_true(&mut self, a: SymInt, b: SymInt) -> Result<bool> {
        let c = self.env.eq(a, b)?;
        self.env.guard_or_true(c, self.op)
    }

    #[inline(always)]
    fn lt_or_true(&mut self, a: SymInt, b: SymInt) -> Result<bool> {
        let c = self.env.lt(a, b)?;
        self.env.guard_or_true(c, self.op)
    }

    #[inline(always)]
    fn guard_eq(&mut self, a: SymInt, b: SymInt) -> Result<bool> {
        crate::shape::guard_eq(self.env, a, b, self.op)
    }

    #[inline(always)]
    fn mul(&mut self, a: SymInt, b: SymInt) -> Result<SymInt> {
        self.env.mul(a, b)
    }

    #[inline(always)]
    fn modulo(&mut self, a: SymInt, b: SymInt) -> Result<SymInt> {
        self.env.modulo(a, b)
    }

    #[inline(always)]
    fn numel(&mut self, sizes: &[SymInt]) -> Result<SymInt> {
        super::numel(self.env, sizes)
    }

    #[inline(always)]
    fn next_expected(
        &mut self,
        expected: SymInt,
        expected_max: SymInt,
        s: SymInt,
    ) -> Result<(SymInt, SymInt)> {
        super::next_expected(self.env, expected, expected_max, s)
    }

    #[inline(always)]
    fn is_contiguous(&mut self, sizes: &[SymInt], strides: &[SymInt]) -> Result<bool> {
        super::is_contiguous(self.env, sizes, strides, self.op, Decide::OrFalse)
    }

    #[inline(always)]
    fn is_channels_last(&mut self, sizes: &[SymInt], strides: &[SymInt]) -> Result<bool> {
        super::is_channels_last(self.env, sizes, strides, self.op, Decide::OrFalse)
    }

    #[inline(always)]
    fn expanded(&mut self, out_sizes: &[SymInt], o: &Operand<'_>) -> Result<Dims> {
        super::expanded(self.env, out_sizes, o)
    }

    #[inline(always)]
    fn contiguous(&mut self, sizes: &[SymInt]) -> Result<Dims> {
        super::contiguous(self.env, sizes)
    }

    #[inline(always)]
    fn channels_last(&mut self, sizes: &[SymInt]) -> Result<Dims> {
        super::channels_last(self.env, sizes)
    }

    #[inline(always)]
    fn laid_out(&mut self, sizes: &[SymInt], physical: &[usize], symbolic: bool) -> Result<Dims> {
        if symbolic {
            super::elementwise::laid_out_in(self.env, sizes, physical)
        } else {
            super::with_physical_order(self.env, sizes, physical)
        }
    }
}

#[cfg(test)]
mod tests {
    use super::super::elementwise::static_with;
    use super::super::{channels_last_with, contiguous_with, non_overlapping_and_dense_with};
    use super::*;

    fn ints(v: &[i64]) -> Dims {
        v.iter().map(|&x| SymInt::Int(x)).collect()
    }

    /// Layouts of `sizes`: dense in every order of the dims (contiguous
    /// and channels-last among them), channels-last as c10 makes it
    /// (a zero size zeroes the strides outside it), broadcast (every
    /// stride 0, one dim's), overlapping (every stride 1), and with
    /// holes.
    fn layouts(env: &mut ShapeEnv, sizes: &Dims) -> Vec<Dims> {
        let n = sizes.len();
        let mut perms: Vec<Vec<usize>> = vec![vec![]];
        for _ in 0..n {
            let mut longer = Vec::new();
            for p in &perms {
                for d in (0..n).filter(|d| !p.contains(d)) {
                    let mut q = p.clone();
                    q.push(d);
                    longer.push(q);
                }
            }
            perms = longer;
        }
        let mut out: Vec<Dims> = perms
            .iter()
            .map(|p| super::super::with_physical_order(env, sizes, p).unwrap())
            .collect();
        out.push(super::super::channels_last(env, sizes).unwrap());
        out.push(ints(&vec![0; n]));
        out.push(ints(&vec![1; n]));
        let mut zero_first = ints(&vec![1; n]);
        zero_first[0] = SymInt::Int(0);
        out.push(zero_first);
        out.push(
            (0..n as i64)
                .map(|i| SymInt::Int(7 * (n as i64 - i)))
                .collect(),
        );
        out
    }

    /// Each layout test on plain integers answers as the guarded one,
    /// decided either way, over a grid of shapes of one to four dims and
    /// their layouts; the elementwise stride rule likewise over pairs of
    /// inputs, broadcast ones (fewer dims) included.
    #[test]
    fn static_layout_tests_agree() {
        let mut env = ShapeEnv::new();
        let mut checked = 0;
        for shape in crate::shape::shape_grid(&[0, 1, 2, 3], 1..=4) {
            let sizes = ints(&shape);
            let all = layouts(&mut env, &sizes);
            for strides in &all {
                let case = format!("sizes {shape:?}, strides {strides:?}");
                for decide in [Decide::Guard, Decide::OrFalse] {
                    let g = &mut Guarded {
                        env: &mut env,
                        op: "t",
                        decide,
                    };
                    let general = (
                        contiguous_with(g, &sizes, strides).unwrap(),
                        channels_last_with(g, &sizes, strides).unwrap(),
                        non_overlapping_and_dense_with(g, &sizes, strides).unwrap(),
                    );
                    let fast = (
                        contiguous_with(&mut Ints, &sizes, strides),
                        channels_last_with(&mut Ints, &sizes, strides),
                        non_overlapping_and_dense_with(&mut Ints, &sizes, strides),
                    );
                    assert_eq!(
                        fast,
                        (Ok(general.0), Ok(general.1), Ok(general.2)),
                        "{case}"
                    );
                }
                let own = [Operand {
                    sizes: &sizes,
                    strides,
                }];
                let g = &mut Guarded {
                    env: &mut env,
                    op: "t",
                    decide: Decide::OrFalse,
                };
                let general = static_with(g, &sizes, &own).unwrap();
                assert_eq!(static_with(&mut Ints, &sizes, &own), Ok(general), "{case}");
                for other in all.iter().step_by(3) {
                    let trailing = sizes.len() / 2;
                    let operands = [
                        own[0],
                        Operand {
                            sizes: &sizes,
                            strides: other,
                        },
                        Operand {
                            sizes: &sizes[trailing..],
                            strides: &other[trailing..],
                        },
                    ];
                    for pair in [&operands[..2], &operands[1..], &operands[..]] {
                        let general = static_with(g, &sizes, pair).unwrap();
                        let fast = static_with(&mut Ints, &sizes, pair);
                        assert_eq!(fast, Ok(general), "{case}, with {other:?}");
                        checked += 1;
                    }
                }
            }
        }
        assert!(checked > 10_000, "{checked} cases");
    }

    /// A product past `i64` gives up on plain integers, leaving the
    /// guarded test to report it.
    #[test]
    fn static_overflow_gives_up() {
        let sizes = ints(&[i64::MAX / 2, 4]);
        let strides = ints(&[4, 1]);
        assert_eq!(
            non_overlapping_and_dense_with(&mut Ints, &sizes, &strides),
            Err(())
        );
        assert_eq!(Ints.contiguous(&sizes), Err(()));
    }
}
