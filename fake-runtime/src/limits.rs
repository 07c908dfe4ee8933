//! The runtime's limits: what it refuses with a typed error instead of
//! running out of time, memory or stack on hostile or broken input. Each is
//! far above anything a real program reaches (PyTorch's own tensors have at
//! most 64 dims with most kernels capping at 25; traced expressions nest a
//! few levels and have a handful of terms).

/// Most dims a tensor may have ([`crate::ErrorKind::RankTooLarge`]).
pub const MAX_RANK: usize = 64;

/// Most terms a product of sums may expand into
/// ([`crate::ErrorKind::ExprTooLarge`]): `(s0 + s1 + ... + s9)**k` grows
/// quickly with `k`, and each term costs time in every later operation.
pub const MAX_EXPR_TERMS: usize = 4096;

/// Deepest nesting of an expression built by the ShapeEnv's arithmetic
/// ([`crate::ErrorKind::ExprTooDeep`]): printing, evaluating and
/// substituting recurse over it.
pub const MAX_EXPR_DEPTH: u32 = 256;

/// Most symbols one ShapeEnv creates for inputs
/// ([`crate::ErrorKind::TooManySymbols`]).
pub const MAX_SYMBOLS: usize = 1 << 16;

/// Most memoised constructor results the expression arena keeps before a
/// range change empties its memo: results are keyed by the ranges they
/// were made in, so a long trace that narrows ranges again and again
/// would otherwise keep the results of every earlier state. (A memo, not
/// a refusal: emptying it only costs recomputation.)
pub const MAX_MEMOISED_RESULTS: usize = 1 << 18;

/// Most tensors an operator may return in one list
/// ([`crate::ErrorKind::ListTooLong`]): `unbind`, `split` and `chunk` make
/// one view per piece, so a huge dim would otherwise allocate one
/// tensor's metadata per index.
pub const MAX_LIST_LEN: usize = 1 << 16;

/// `len` as a `usize`, or [`crate::ErrorKind::ListTooLong`] when `op`
/// would return more than [`MAX_LIST_LEN`] tensors (or a negative count).
pub fn check_list_len(op: &str, len: i64) -> crate::Result<usize> {
    match usize::try_from(len) {
        Ok(n) if n <= MAX_LIST_LEN => Ok(n),
        _ => Err(crate::ErrorKind::ListTooLong {
            op: op.to_string(),
            len,
            limit: MAX_LIST_LEN,
        }
        .into()),
    }
}
