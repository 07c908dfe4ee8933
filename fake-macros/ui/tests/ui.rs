//! Compile-fail tests of `rules!`: each case feeds the macro a rules file
//! with one kind of mistake (one with several), and its `.stderr` shows the
//! message at the rules file's line and column, with the line and a caret.
//! `pass/` holds rules that must compile. Regenerate with
//! `TRYBUILD=overwrite cargo test -p fake-macros-ui --test ui`.

#[test]
fn ui() {
    let t = trybuild::TestCases::new();
    t.pass("tests/ui/pass/*.rs");
    t.compile_fail("tests/ui/fail/*.rs");
}
