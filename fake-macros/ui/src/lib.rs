//! Nothing but a home for `tests/ui.rs`: the compile tests of
//! `fake_macros::rules!` (what it refuses, with the rules file's line and
//! column, and what it must accept). They live in a package of their own
//! because trybuild's test project builds every dev-dependency of the
//! package under test, and `fake-macros` has heavy ones (proptest,
//! prettyplease, expect-test) that these cases do not need.
