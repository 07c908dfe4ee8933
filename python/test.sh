#!/usr/bin/env bash
# The Python package's checks: rustfmt and clippy on its crate (its own
# workspace, which the root's `cargo fmt --all` and `cargo clippy
# --workspace` leave out), then `pip install ./python` into a throwaway
# virtualenv and its pytest suite. Needs python3 (3.9 or later, with its
# venv module) and PyPI; nothing else is kept between runs.
set -euo pipefail
cd "$(dirname "$0")/.."
root=$PWD

cargo fmt --manifest-path python/Cargo.toml --check
# Built in the root's target directory (unless one is set), so the root
# package and its dependencies compiled by `cargo test --workspace` are
# reused where their features agree.
export CARGO_TARGET_DIR="${CARGO_TARGET_DIR:-$root/target}"
cargo clippy --manifest-path python/Cargo.toml --all-targets --quiet -- -D warnings

venv=$(mktemp -d)
trap 'rm -rf "$venv"' EXIT
python3 -m venv "$venv"
export PATH="$venv/bin:$PATH"
pip install --quiet --disable-pip-version-check "maturin>=1.9.4,<2" pytest
# The debug profile: a test run needs no optimised build, and the release
# one would compile everything again (about a minute on two cores).
MATURIN_PEP517_ARGS="--profile dev" \
    pip install --quiet --disable-pip-version-check --no-build-isolation ./python
# From the root, not python/: the installed package is imported, not the
# source folder python/fake_tensor (which lacks the compiled module).
pytest -p no:cacheprovider -q python/tests "$@"
