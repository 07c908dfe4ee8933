"""Cases of linear algebra, FFT, pools, losses and sampling: the operators
OpInfo programs use.

Merged into `export_op_cases.py`'s CASES and SYMBOLIC; the format is
described there.
"""

import torch

from op_case_inputs import C, Case, D, S, T, bf16, c64, cl, f16, f32, f64, i32, i64, tr

CASES = {}
# Titles whose cases run under the Python dispatcher.
DISPATCHED = {
    "empty vector of a stride of its own under the dispatcher",
    "empty with the strides of a transposed input under the dispatcher",
}
SYMBOLIC = []

# ---- linear algebra, FFT, pools, losses, sampling: operators OpInfo programs use ----
# Decompositions and solvers lay their results out as LAPACK does (batches of
# column-major matrices); the cases cover batches, shapes of both aspects,
# complex inputs (real singular values), CUDA layouts and the refusals.

c128 = torch.complex128


# The nearest upsamplings' `.vec` forms in a plain fake mode (PLAIN):
# ATen's composite computes the output size and calls the form with the
# output size given, whose Python meta refuses any empty input (its check's
# condition is then an integer) and non-positive sizes, and lays the
# result out afresh.
NEAREST_1D_PLAIN = [
    C("empty batch refused in a plain fake mode", T([0, 5, 1]), [2], None),
    C("empty channels scaled refused in a plain fake mode", T([2, 0, 3]), None, [2.0]),
    C("transposed input laid out afresh in a plain fake mode",
      T([3, 5, 2], then=lambda t: t.permute(2, 1, 0)), [4], None),
    C("scaled to nothing refused in a plain fake mode", T([1, 5, 3]), None, [0.1]),
]
NEAREST_EXACT_2D_PLAIN = [
    C("empty batch refused in a plain fake mode", T([0, 5, 1, 1]), None, [2.0, 2.0]),
    C("zero scale refused in a plain fake mode", T([1, 5, 1, 1]), None, [0.0, 2.0]),
]
NEAREST_3D_PLAIN = [
    C("empty depth refused in a plain fake mode", T([1, 5, 0, 1, 1]), [2, 2, 2], None),
]
PLAIN = {c.name for c in NEAREST_1D_PLAIN + NEAREST_EXACT_2D_PLAIN + NEAREST_3D_PLAIN}


def linalg_cases():
    """The cases of the linear-algebra, FFT, pooling, loss and sampling
    operators, kept apart from the others."""
    return {
        "_fft_c2c": [
            C("last dim", T([4, 8], dtype=c64), [1], 0, True),
            C("two dims", T([3, 4, 8], dtype=c64), [1, 2], 0, True),
            C("first dim", T([8, 4], dtype=c64), [0], 0, False),
            C("every dim", T([2, 3, 4], dtype=c64), [0, 1, 2], 0, True),
            C("dims out of order", T([2, 3, 8], dtype=c64), [2, 0], 0, True),
            C("transposed input", tr(6, 8, dtype=c64), [1], 0, True),
            C("permuted batch dims", T([4, 2, 3, 8], dtype=c64, strides=[8, 96, 32, 1]), [3], 0, True),
            C("negative dim", T([4, 8], dtype=c64), [-1], 0, True),
            C("no dims clones", tr(3, 4, dtype=c64), [], 0, True),
            C("complex128", T([4, 8], dtype=c128), [1], 2, True),
            C("empty batch", T([0, 8], dtype=c64), [1], 0, True),
            C("repeated dim refused", T([4, 8], dtype=c64), [1, 1], 0, True),
            C("repeated dim of an empty batch", T([0, 8], dtype=c64), [1, 1], 0, True),
            C("cuda repeated dim", T([3, 4, 8], dtype=c64, device="cuda"), [2, 2], 0, True),
            C("cuda last dim", T([4, 8], dtype=c64, device="cuda"), [1], 0, True),
            C("cuda four dims", T([2, 3, 4, 5], dtype=c64, device="cuda"), [0, 1, 2, 3], 0, True),
            C("real refused", T([4, 8]), [1], 0, True),
        ],
        "_fft_c2c.out": [
            C("out of the result's shape", T([4, 8], dtype=c64), [1], 0, True, out=T([4, 8], dtype=c64)),
            C("empty out resized", T([4, 8], dtype=c64), [1], 0, True, out=T([0], dtype=c64)),
        ],
        "_linalg_svd": [
            C("square", T([3, 3])),
            C("tall", T([5, 3])),
            C("wide", T([3, 5])),
            C("tall, full matrices", T([5, 3]), True),
            C("wide, full matrices", T([3, 5]), True),
            C("batched", T([2, 4, 5, 3])),
            C("no vectors", T([2, 5, 3]), False, False),
            C("complex gives real singular values", T([4, 3], dtype=c64)),
            C("float64 transposed input", tr(4, 3, dtype=f64)),
            C("empty matrix", T([0, 3])),
            C("cuda", T([2, 5, 3], device="cuda")),
            C("cuda, full matrices", T([5, 3], device="cuda"), True),
            C("vector refused", T([3])),
            C("integer refused", T([3, 3], dtype=i64)),
        ],
        "linalg_qr": [
            C("square", T([3, 3])),
            C("tall", T([5, 3])),
            C("wide", T([3, 5])),
            C("tall, complete", T([5, 3]), "complete"),
            C("wide, complete", T([3, 5]), "complete"),
            C("tall, r only", T([5, 3]), "r"),
            C("batched", T([2, 5, 3])),
            C("complex", T([4, 3], dtype=c64)),
            C("empty", T([0, 3])),
            C("unknown mode refused", T([3, 3]), "full"),
            C("vector refused", T([3])),
            C("integer refused", T([3, 3], dtype=i64)),
        ],
        "linalg_qr.out": [
            C("outs of the results' shapes", T([5, 3]), Q=T([5, 3]), R=T([3, 3])),
            C("empty outs resized", T([5, 3]), "complete", Q=T([0]), R=T([0])),
        ],
        "_linalg_eigh": [
            C("matrix", T([3, 3])),
            C("batched", T([2, 4, 4])),
            C("upper", T([3, 3]), "U"),
            C("no vectors", T([2, 3, 3]), "L", False),
            C("complex gives real eigenvalues", T([3, 3], dtype=c64)),
            C("lower-case uplo", T([3, 3]), "u"),
            C("bad uplo refused", T([3, 3]), "X"),
            C("not square refused", T([3, 4])),
            C("vector refused", T([3])),
        ],
        "linalg_eig": [
            C("matrix", T([3, 3])),
            C("batched float64", T([2, 4, 4], dtype=f64)),
            C("complex", T([3, 3], dtype=c64)),
            C("cuda", T([2, 3, 3], device="cuda")),
            C("empty", T([0, 0])),
            C("not square refused", T([3, 4])),
            C("bfloat16", T([3, 3], dtype=bf16)),
        ],
        "linalg_cholesky_ex": [
            C("matrix", T([3, 3])),
            C("batched upper", T([2, 4, 4]), upper=True),
            C("complex", T([3, 3], dtype=c64)),
            C("transposed", tr(3, 3)),
            C("not square refused", T([3, 4])),
            C("integer refused", T([3, 3], dtype=i64)),
        ],
        "linalg_inv_ex": [
            C("matrix", T([3, 3])),
            C("batched", T([2, 5, 4, 4])),
            C("complex128", T([3, 3], dtype=c128)),
            C("empty batch", T([0, 3, 3])),
            C("float16 refused", T([3, 3], dtype=f16)),
            C("not square refused", T([3, 4])),
            C("vector refused", T([3])),
        ],
        "linalg_lu_factor_ex": [
            C("square", T([3, 3])),
            C("tall", T([5, 3])),
            C("wide batched", T([2, 3, 5])),
            C("no pivoting", T([3, 3]), pivot=False),
            C("complex", T([3, 3], dtype=c64)),
            C("vector refused", T([3])),
        ],
        "linalg_lu_factor_ex.out": [
            C("outs resized", T([2, 3, 3]), LU=T([0]), pivots=T([0], dtype=i32), info=T([0], dtype=i32)),
        ],
        "linalg_ldl_factor_ex": [
            C("matrix", T([3, 3])),
            C("batched hermitian", T([2, 4, 4], dtype=c64), hermitian=True),
            C("not square refused", T([3, 4])),
            C("integer refused", T([3, 3], dtype=i64)),
        ],
        "linalg_ldl_factor_ex.out": [
            C("outs resized", T([3, 3]), LD=T([0]), pivots=T([0], dtype=i32), info=T([0], dtype=i32)),
        ],
        "_linalg_slogdet": [
            C("matrix", T([3, 3])),
            C("batched", T([2, 4, 4])),
            C("complex", T([3, 3], dtype=c64)),
            C("float16 refused", T([3, 3], dtype=f16)),
            C("not square refused", T([3, 4])),
        ],
        "linalg_lu": [
            C("square", T([3, 3])),
            C("tall", T([5, 3])),
            C("wide batched", T([2, 3, 5])),
            C("no pivoting", T([5, 3]), pivot=False),
            C("vector refused", T([3])),
        ],
        "linalg_lu.out": [
            C("outs resized", T([5, 3]), P=T([0]), L=T([0]), U=T([0])),
        ],
        "lu_unpack": [
            C("square", T([3, 3]), T([3], dtype=i32)),
            C("tall", T([5, 3]), T([3], dtype=i32)),
            C("wide batched", T([2, 3, 5]), T([2, 3], dtype=i32)),
            C("no data", T([5, 3]), T([3], dtype=i32), False),
            C("no pivots", T([5, 3]), T([3], dtype=i64), True, False),
            C("int64 pivots refused", T([3, 3]), T([3], dtype=i64)),
            C("vector refused", T([3]), T([3], dtype=i32)),
        ],
        "lu_unpack.out": [
            C("outs resized", T([5, 3]), T([3], dtype=i32), P=T([0]), L=T([0]), U=T([0])),
        ],
        "_linalg_check_errors": [
            C("one matrix", T([], dtype=i32), "linalg.inv", is_matrix=True),
            C("a batch", T([2, 3], dtype=i32), "linalg.solve", is_matrix=False),
            C("int64 info refused", T([2], dtype=i64), "linalg.inv", is_matrix=True),
            C("transposed info refused", tr(2, 3, dtype=i32), "linalg.solve", is_matrix=False),
        ],
        "_linalg_solve_ex": [
            C("matrix right-hand side", T([3, 3]), T([3, 2])),
            C("vector right-hand side", T([3, 3]), T([3])),
            C("batch of vectors", T([2, 3, 3]), T([2, 3])),
            C("batched matrix against a vector batch of another shape", T([2, 3, 3]), T([3, 2])),
            C("broadcast batches", T([2, 1, 3, 3]), T([4, 3, 5])),
            C("right side", T([3, 3]), T([4, 3]), left=False),
            C("complex", T([3, 3], dtype=c64), T([3, 2], dtype=c64)),
            C("vector on the right refused", T([3, 3]), T([3]), left=False),
            C("dtype mismatch refused", T([3, 3]), T([3, 2], dtype=f64)),
            C("not square refused", T([3, 4]), T([3, 2])),
            C("incompatible sizes refused", T([3, 3]), T([4, 2])),
            C("integer refused", T([3, 3], dtype=i64), T([3, 2], dtype=i64)),
        ],
        "linalg_lu_solve": [
            C("matrix", T([3, 3]), T([3], dtype=i32), T([3, 2])),
            C("broadcast batches", T([2, 1, 3, 3]), T([2, 1, 3], dtype=i32), T([4, 3, 5])),
            C("right side", T([3, 3]), T([3], dtype=i32), T([4, 3]), left=False),
            C("adjoint", T([3, 3]), T([3], dtype=i32), T([3, 2]), adjoint=True),
            C("int64 pivots refused", T([3, 3]), T([3], dtype=i64), T([3, 2])),
            C("pivots of another shape refused", T([2, 3, 3]), T([3], dtype=i32), T([3, 2])),
            C("incompatible sizes refused", T([3, 3]), T([3], dtype=i32), T([4, 2])),
            C("dtype mismatch refused", T([3, 3]), T([3], dtype=i32), T([3, 2], dtype=f64)),
        ],
        "linalg_lu_solve.out": [
            C("out resized", T([3, 3]), T([3], dtype=i32), T([3, 2]), out=T([0])),
        ],
        "linalg_ldl_solve": [
            C("matrix", T([3, 3]), T([3], dtype=i32), T([3, 2])),
            C("broadcast batches", T([2, 1, 3, 3]), T([2, 1, 3], dtype=i64), T([4, 3, 5])),
            C("float pivots refused", T([3, 3]), T([3]), T([3, 2])),
            C("incompatible sizes refused", T([3, 3]), T([3], dtype=i32), T([4, 2])),
        ],
        "linalg_ldl_solve.out": [
            C("out resized", T([3, 3]), T([3], dtype=i32), T([3, 2]), out=T([0])),
        ],
        "linalg_solve_triangular": [
            C("matrix", T([3, 3]), T([3, 2]), upper=True),
            C("broadcast batches", T([2, 1, 3, 3]), T([4, 3, 5]), upper=False),
            C("right side", T([3, 3]), T([4, 3]), upper=True, left=False),
            C("transposed operands", tr(3, 3), tr(3, 2), upper=True),
            C("complex", T([3, 3], dtype=c64), T([3, 2], dtype=c64), upper=True),
            C("incompatible sizes refused", T([3, 3]), T([4, 2]), upper=True),
            C("not square refused", T([3, 4]), T([3, 2]), upper=True),
        ],
        "triangular_solve": [
            C("matrix", T([3, 2]), T([3, 3])),
            C("broadcast batches", T([4, 3, 5]), T([2, 1, 3, 3]), False, True),
            C("dtype mismatch refused", T([3, 2]), T([3, 3], dtype=f64)),
            C("incompatible sizes refused", T([4, 2]), T([3, 3])),
            C("vector refused", T([3]), T([3, 3])),
        ],
        "cholesky_solve": [
            C("matrix", T([3, 2]), T([3, 3])),
            C("broadcast batches", T([4, 3, 5]), T([2, 1, 3, 3]), True),
            C("transposed right-hand side", tr(3, 2), T([3, 3])),
            C("incompatible sizes refused", T([4, 2]), T([3, 3])),
            C("vector refused", T([3]), T([3, 3])),
        ],
        "_cholesky_solve_helper": [
            C("matrix", T([3, 2]), T([3, 3]), False),
            C("batched, transposed", tr(2, 4, 3), T([2, 3, 3]), True),
            C("vector refused", T([3]), T([3, 3]), False),
            C("zero-dim refused", T([]), T([3, 3]), False),
        ],
        "cholesky_inverse": [
            C("matrix", T([3, 3])),
            C("batched upper", T([2, 4, 4]), True),
            C("not square refused", T([3, 4])),
        ],
        "_linalg_det": [
            C("matrix", T([3, 3])),
            C("batched", T([2, 4, 4])),
            C("complex", T([3, 3], dtype=c64)),
            C("not square refused", T([3, 4])),
            C("integer refused", T([3, 3], dtype=i64)),
        ],
        "linalg_householder_product": [
            C("matrix", T([5, 3]), T([2])),
            C("batched", T([2, 5, 3]), T([2, 3])),
            C("wide refused", T([3, 5]), T([2])),
            C("too many reflectors refused", T([5, 3]), T([4])),
            C("tau batch mismatch refused", T([2, 5, 3]), T([3, 3])),
            C("dtype mismatch refused", T([5, 3]), T([2], dtype=f64)),
        ],
        "linalg_householder_product.out": [
            C("out resized", T([5, 3]), T([2]), out=T([0])),
        ],
        "ormqr": [
            C("left", T([5, 3]), T([3]), T([5, 2])),
            C("right", T([5, 3]), T([3]), T([2, 5]), False),
            C("batched", T([2, 5, 3]), T([2, 3]), T([2, 5, 4])),
            C("other rows mismatch refused", T([5, 3]), T([3]), T([4, 2])),
            C("dtype mismatch refused", T([5, 3]), T([3]), T([5, 2], dtype=f64)),
        ],
        "ormqr.out": [
            C("out resized", T([5, 3]), T([3]), T([5, 2]), out=T([0])),
        ],
        "geqrf": [
            C("tall", T([5, 3])),
            C("wide batched", T([2, 3, 5])),
            C("complex", T([3, 3], dtype=c64)),
            C("float16 refused by the CPU kernel", T([3, 3], dtype=f16)),
            C("vector refused", T([3])),
        ],
        "linalg_matrix_exp": [
            C("matrix", T([3, 3])),
            C("transposed batch", tr(2, 3, 3)),
            C("not square refused", T([3, 4])),
            C("integer refused", T([3, 3], dtype=i64)),
        ],
        "linalg_matrix_exp.out": [
            C("out resized", T([3, 3]), out=T([0])),
        ],
        "linalg_matrix_sqrth": [
            C("matrix", T([3, 3])),
            C("batched float64", T([2, 3, 3], dtype=f64)),
            C("float16 refused", T([3, 3], dtype=f16)),
            C("not square refused", T([3, 4])),
        ],
        "linalg_matrix_sqrth.out": [
            C("out resized", T([3, 3]), out=T([0])),
        ],
        "linalg_polar": [
            C("tall", T([5, 3])),
            C("batched square", T([2, 3, 3])),
            C("wide refused", T([3, 5])),
            C("integer refused", T([3, 3], dtype=i64)),
        ],
        "linalg_polar.out": [
            C("outs resized", T([5, 3]), U=T([0]), H=T([0])),
        ],
        "linalg_svd": [
            C("tall, full matrices", T([5, 3])),
            C("wide, reduced", T([3, 5]), False),
            C("batched complex", T([2, 4, 3], dtype=c64)),
            C("cuda", T([5, 3], device="cuda")),
            C("integer refused", T([3, 3], dtype=i64)),
            C("vector refused", T([3])),
        ],
        "linalg_pinv.atol_rtol_tensor": [
            C("tall", T([5, 3])),
            C("wide batched", T([2, 3, 5])),
            C("hermitian", T([3, 3]), hermitian=True),
            C("complex", T([4, 3], dtype=c64)),
            C("transposed input", tr(5, 3)),
            C("atol broadcasts the batch", T([2, 5, 3]), atol=T([4, 1], dtype=f64)),
            C("rtol of the batch", T([2, 5, 3]), rtol=T([2])),
            C("both tolerances", T([5, 3]), atol=T([]), rtol=T([])),
            C("empty matrix", T([0, 3])),
            C("empty batch with a tolerance", T([0, 5, 3]), atol=T([4, 1])),
            C("empty hermitian, not square", T([0, 3]), hermitian=True),
            C("hermitian, not square refused", T([5, 3]), hermitian=True),
            C("float16 refused", T([3, 3], dtype=f16)),
            C("complex tolerance refused", T([3, 3]), atol=T([], dtype=c64)),
            C("vector refused", T([3])),
            C("tolerance not broadcastable refused", T([2, 5, 3]), atol=T([3])),
        ],
        "linalg_pinv.rcond_tensor": [
            C("tall", T([5, 3]), T([])),
            C("rcond of the batch", T([2, 5, 3]), T([2])),
            C("hermitian", T([3, 3]), T([]), True),
        ],
        "linalg_pinv.atol_rtol_float": [
            C("tall", T([5, 3])),
            C("tolerances", T([2, 3, 5]), atol=0.1, rtol=0.2),
            C("hermitian", T([3, 3]), hermitian=True),
            C("complex", T([4, 3], dtype=c64), rtol=0.1),
        ],
        "linalg_pinv": [
            C("tall", T([5, 3]), 0.1),
            C("batched hermitian", T([2, 3, 3], dtype=f64), 0.1, True),
        ],
        "linalg_solve_ex": [
            C("matrix right-hand side", T([3, 3]), T([3, 2])),
            C("batch of vectors", T([2, 3, 3]), T([2, 3])),
            C("right side", T([3, 3]), T([4, 3]), left=False),
            C("incompatible sizes refused", T([3, 3]), T([4, 2])),
        ],
        "linalg_solve": [
            C("matrix right-hand side", T([3, 3]), T([3, 2])),
            C("vector right-hand side", T([3, 3]), T([3])),
            C("broadcast batches", T([2, 1, 3, 3]), T([4, 3, 5])),
            C("right side", T([3, 3]), T([4, 3]), left=False),
            C("not square refused", T([3, 4]), T([3, 2])),
        ],
        "linalg_cholesky": [
            C("matrix", T([3, 3])),
            C("batched upper", T([2, 4, 4]), upper=True),
            C("not square refused", T([3, 4])),
        ],
        "linalg_inv": [
            C("matrix", T([3, 3])),
            C("batched complex", T([2, 4, 4], dtype=c64)),
            C("float16 refused", T([3, 3], dtype=f16)),
        ],
        "linalg_det": [
            C("matrix", T([3, 3])),
            C("batched", T([2, 4, 4])),
            C("not square refused", T([3, 4])),
        ],
        "linalg_eigh": [
            C("matrix", T([3, 3])),
            C("batched complex upper", T([2, 4, 4], dtype=c64), "U"),
            C("bad uplo refused", T([3, 3]), "X"),
        ],
        "linalg_eigvalsh": [
            C("matrix", T([3, 3])),
            C("batched complex", T([2, 4, 4], dtype=c64)),
            C("not square refused", T([3, 4])),
        ],
        "linalg_eigvals": [
            C("matrix", T([3, 3])),
            C("batched float64", T([2, 4, 4], dtype=f64)),
            C("complex", T([3, 3], dtype=c64)),
            C("not square refused", T([3, 4])),
            C("integer refused", T([3, 3], dtype=i64)),
            C("bfloat16", T([3, 3], dtype=bf16)),
        ],
        "_linalg_eigvals": [
            C("matrix", T([3, 3])),
            C("batched float64", T([2, 4, 4], dtype=f64)),
            C("complex", T([3, 3], dtype=c64)),
            C("not square refused", T([3, 4])),
            C("vector refused", T([3])),
        ],
        "linalg_ldl_factor": [
            C("matrix", T([3, 3])),
            C("batched hermitian", T([2, 4, 4], dtype=c64), hermitian=True),
        ],
        "linalg_lu_factor": [
            C("tall", T([5, 3])),
            C("wide batched", T([2, 3, 5])),
        ],
        "linalg_slogdet": [
            C("matrix", T([3, 3])),
            C("batched complex", T([2, 4, 4], dtype=c64)),
            C("float16 refused", T([3, 3], dtype=f16)),
        ],
        "linalg_svdvals": [
            C("tall", T([5, 3])),
            C("wide batched complex", T([2, 3, 5], dtype=c64)),
            C("integer refused", T([3, 3], dtype=i64)),
        ],
        "matrix_exp": [
            C("matrix", T([3, 3])),
            C("transposed batch", tr(2, 3, 3)),
            C("not square refused", T([3, 4])),
        ],
        "_native_batch_norm_legit_functional": [
            C("training", T([2, 3, 4, 5]), T([3]), T([3]), T([3]), T([3]), True, 0.1, 1e-5),
            C("eval", T([2, 3, 4, 5]), T([3]), T([3]), T([3]), T([3]), False, 0.1, 1e-5),
            C("training channels last", cl(2, 3, 4, 5), None, None, T([3]), T([3]), True, 0.1, 1e-5),
            C("training float16, float32 statistics", T([2, 3, 4, 5], dtype=f16), None, None, T([3]), T([3]),
              True, 0.1, 1e-5),
            C("training float16, float16 statistics", T([2, 3, 4, 5], dtype=f16), None, None, T([3], dtype=f16),
              T([3], dtype=f16), True, 0.1, 1e-5),
            C("eval float16", T([2, 3, 4, 5], dtype=f16), None, None, T([3], dtype=f16), T([3], dtype=f16),
              False, 0.1, 1e-5),
            C("eval strided statistics", T([2, 3, 4]), None, None, T([3], strides=[2]), T([3]), False, 0.1, 1e-5),
            C("training 2-d", T([4, 3]), None, None, T([3]), T([3]), True, 0.1, 1e-5),
            C("training cuda", T([2, 3, 4, 5], device="cuda"), None, None, T([3], device="cuda"),
              T([3], device="cuda"), True, 0.1, 1e-5),
            C("eval cuda", T([2, 3, 4, 5], device="cuda"), None, None, T([3], device="cuda"),
              T([3], device="cuda"), False, 0.1, 1e-5),
            C("training one value per channel refused", T([1, 3]), None, None, T([3]), T([3]), True, 0.1, 1e-5),
            C("training int refused", T([2, 3, 4], dtype=i64), None, None, T([3]), T([3]), True, 0.1, 1e-5),
        ],
        "max_unpool2d": [
            C("batched", T([2, 3, 4, 5]), T([2, 3, 4, 5], dtype=i64), [8, 10]),
            C("unbatched", T([3, 4, 5]), T([3, 4, 5], dtype=i64), [8, 10]),
            C("channels last", cl(2, 3, 4, 5), T([2, 3, 4, 5], dtype=i64), [8, 10]),
            C("channels last cuda", cl(2, 3, 4, 5, device="cuda"), T([2, 3, 4, 5], dtype=i64, device="cuda"),
              [8, 10]),
            C("empty batch", T([0, 3, 4, 5]), T([0, 3, 4, 5], dtype=i64), [8, 10]),
            C("empty output", T([2, 3, 4, 5]), T([2, 3, 4, 5], dtype=i64), [0, 10]),
            C("empty output of channels last", cl(2, 3, 4, 5), T([2, 3, 4, 5], dtype=i64), [0, 10]),
            C("int32 indices refused", T([2, 3, 4, 5]), T([2, 3, 4, 5], dtype=i32), [8, 10]),
            C("indices of another shape refused", T([2, 3, 4, 5]), T([2, 3, 4, 4], dtype=i64), [8, 10]),
            C("one output size refused", T([2, 3, 4, 5]), T([2, 3, 4, 5], dtype=i64), [8]),
            C("empty channel refused", T([2, 0, 4, 5]), T([2, 0, 4, 5], dtype=i64), [8, 10]),
            C("matrix refused", T([4, 5]), T([4, 5], dtype=i64), [8, 10]),
        ],
        "max_unpool2d.out": [
            C("out resized", T([2, 3, 4, 5]), T([2, 3, 4, 5], dtype=i64), [8, 10], out=T([0])),
        ],
        "max_unpool3d": [
            C("batched", T([2, 3, 2, 4, 5]), T([2, 3, 2, 4, 5], dtype=i64), [4, 8, 10], [2, 2, 2], [0, 0, 0]),
            C("unbatched", T([3, 2, 4, 5]), T([3, 2, 4, 5], dtype=i64), [4, 8, 10], [2, 2, 2], [0, 0, 0]),
            C("channels last 3d", T([2, 3, 2, 4, 5], fmt=torch.channels_last_3d), T([2, 3, 2, 4, 5], dtype=i64),
              [4, 8, 10], [2, 2, 2], [0, 0, 0]),
            C("zero stride refused", T([2, 3, 2, 4, 5]), T([2, 3, 2, 4, 5], dtype=i64), [4, 8, 10], [2, 0, 2],
              [0, 0, 0]),
            C("int32 indices refused", T([3, 2, 4, 5]), T([3, 2, 4, 5], dtype=i32), [4, 8, 10], [2, 2, 2],
              [0, 0, 0]),
        ],
        "max_unpool3d.out": [
            C("out resized", T([3, 2, 4, 5]), T([3, 2, 4, 5], dtype=i64), [4, 8, 10], [2, 2, 2], [0, 0, 0],
              out=T([0])),
        ],
        "adaptive_max_pool2d": [
            C("batched", T([2, 3, 8, 9]), [4, 3]),
            C("unbatched", T([3, 8, 9]), [4, 3]),
            C("channels last", cl(2, 3, 8, 9), [4, 3]),
            C("empty batch", T([0, 3, 8, 9]), [4, 3]),
            C("empty height refused", T([2, 3, 0, 9]), [4, 3]),
            C("three sizes refused", T([2, 3, 8, 9]), [4, 3, 2]),
            C("matrix refused", T([8, 9]), [4, 3]),
        ],
        "adaptive_max_pool2d.out": [
            C("outs resized", T([2, 3, 8, 9]), [4, 3], out=T([0]), indices=T([0], dtype=i64)),
        ],
        "adaptive_max_pool3d": [
            C("batched", T([2, 3, 4, 8, 9]), [2, 4, 3]),
            C("unbatched", T([3, 4, 8, 9]), [2, 4, 3]),
            C("channels last 3d", T([2, 3, 4, 8, 9], fmt=torch.channels_last_3d), [2, 4, 3]),
            C("two sizes refused", T([2, 3, 4, 8, 9]), [4, 3]),
        ],
        "adaptive_max_pool3d.out": [
            C("outs resized", T([2, 3, 4, 8, 9]), [2, 4, 3], out=T([0]), indices=T([0], dtype=i64)),
        ],
        "segment_reduce": [
            C("lengths", T([6, 3]), "sum", lengths=T([3], dtype=i64)),
            C("offsets", T([6, 3]), "max", offsets=T([4], dtype=i64)),
            C("lengths along axis 1", T([3, 6]), "mean", lengths=T([3, 2], dtype=i64), axis=1),
            C("negative axis", T([3, 6]), "sum", lengths=T([3, 2], dtype=i64), axis=-1),
            C("neither refused", T([6, 3]), "sum"),
            # `output_shape[axis] = count` of a Python list.
            C("zero-dim data refused", T([], dtype=i64), "sum", lengths=T([0, 3, 3])),
            C("zero-dim lengths refused first", T([]), "sum", lengths=T([], dtype=i64)),
        ],
        "_segment_reduce_backward": [
            C("lengths", T([3, 3]), T([3, 3]), T([6, 3]), "sum", lengths=T([3], dtype=i64)),
            C("offsets", T([3, 3]), T([3, 3]), T([6, 3]), "max", offsets=T([4], dtype=i64)),
            C("transposed data", T([3, 3]), T([3, 3]), tr(6, 3), "mean", lengths=T([3], dtype=i64)),
            C("float64 gradient", T([3, 3], dtype=f64), T([3, 3]), T([6, 3]), "sum", lengths=T([3], dtype=i64)),
            C("along axis 1", T([3, 2]), T([3, 2]), T([3, 6]), "sum", lengths=T([3, 2], dtype=i64), axis=1),
            C("neither refused", T([3, 3]), T([3, 3]), T([6, 3]), "sum"),
        ],
        "_segment_reduce_backward.out": [
            C("into an empty out", T([3, 3]), T([3, 3]), T([6, 3]), "sum", lengths=T([3], dtype=i64), out=T([0])),
            C("into a float64 out", T([3, 3]), T([3, 3]), T([6, 3]), "sum", lengths=T([3], dtype=i64),
              out=T([6, 3], dtype=f64)),
            C("into a transposed out", T([3, 3]), T([3, 3]), T([6, 3]), "sum", lengths=T([3], dtype=i64),
              out=tr(6, 3)),
        ],
        "_jagged_to_padded_dense_forward": [
            C("values of one dim", T([10]), [T([4], dtype=i64)], [5]),
            C("values of rows", T([10, 3]), [T([4], dtype=i64)], [5], 1.5),
            C("float16 values of planes", T([10, 3, 2], dtype=f16), [T([3], dtype=i32)], [6]),
            C("transposed values", tr(10, 3), [T([4], dtype=i64)], [5]),
            C("two offsets refused", T([10]), [T([4], dtype=i64), T([4], dtype=i64)], [5]),
            C("two lengths refused", T([10]), [T([4], dtype=i64)], [5, 5]),
            # `values.shape[1:]` of zero-dim values is empty (on CUDA: the
            # eager CPU kernel refuses them).
            C("zero-dim values", T([], device="cuda"), [T([4], dtype=i64, device="cuda")], [5]),
        ],
        "bernoulli": [
            C("matrix", T([2, 3])),
            C("transposed", tr(2, 3)),
            C("channels last", cl(2, 3, 4, 5)),
        ],
        "bernoulli.out": [
            C("out resized", T([2, 3]), out=T([0])),
        ],
        "bernoulli.p": [
            C("matrix", T([2, 3]), 0.3),
            C("transposed float64", tr(2, 3, dtype=f64), 0.5),
            C("integer", T([4], dtype=i64), 0.5),
        ],
        "rand_like": [
            C("matrix", T([2, 3])),
            C("transposed keeps its layout", tr(2, 3)),
            C("channels last", cl(2, 3, 4, 5)),
            C("contiguous format asked", tr(2, 3), memory_format=torch.contiguous_format),
            C("another dtype", T([2, 3]), dtype=f64),
            C("another device", T([2, 3]), device="cuda"),
            C("integer", T([2, 3], dtype=i64)),
        ],
        "randn_like": [
            C("matrix", T([2, 3])),
            C("transposed keeps its layout", tr(2, 3)),
            C("complex", T([2, 3], dtype=c64)),
            C("integer refused", T([2, 3], dtype=i64)),
            C("integer to float", T([2, 3], dtype=i64), dtype=f32),
        ],
        "randint_like": [
            C("matrix", T([2, 3]), 5),
            C("transposed int64", tr(2, 3, dtype=i64), 5),
            C("another dtype", T([2, 3]), 5, dtype=i32),
        ],
        "randint_like.low_dtype": [
            C("matrix", T([2, 3]), 1, 5),
            C("channels last", cl(2, 3, 4, 5), 1, 5),
        ],
        # The `generator` overloads (the generator keyword-only and without
        # a default: passed as None).
        "rand_like.generator": [
            C("matrix", T([2, 3]), generator=None),
            C("transposed keeps its layout", tr(2, 3), generator=None),
            C("channels last", cl(2, 3, 4, 5), generator=None),
            C("contiguous format asked", tr(2, 3), generator=None, memory_format=torch.contiguous_format),
            C("another dtype", T([2, 3]), generator=None, dtype=f64),
            C("another device", T([2, 3]), generator=None, device="cuda"),
            C("integer", T([2, 3], dtype=i64), generator=None),
        ],
        "randn_like.generator": [
            C("matrix", T([2, 3]), generator=None),
            C("transposed keeps its layout", tr(2, 3), generator=None),
            C("complex", T([2, 3], dtype=c64), generator=None),
            C("integer refused", T([2, 3], dtype=i64), generator=None),
            C("integer to float", T([2, 3], dtype=i64), generator=None, dtype=f32),
        ],
        "randint_like.generator": [
            C("matrix", T([2, 3]), 5, generator=None),
            C("transposed int64", tr(2, 3, dtype=i64), 5, generator=None),
            C("channels last", cl(2, 3, 4, 5), 5, generator=None),
            C("another dtype", T([2, 3]), 5, generator=None, dtype=i32),
            C("zero high", T([2, 3]), 0, generator=None),
        ],
        "randint_like.low_generator_dtype": [
            C("matrix", T([2, 3]), 1, 5, generator=None),
            C("channels last", cl(2, 3, 4, 5), 1, 5, generator=None),
            C("another dtype", tr(2, 3), 1, 5, generator=None, dtype=i64),
            C("low above high", T([2, 3]), 5, 1, generator=None),
        ],
        "multinomial": [
            C("one distribution", T([5]), 3),
            C("batch of distributions", T([4, 5]), 3, True),
            C("float64", T([4, 5], dtype=f64), 2),
            C("three dims refused", T([2, 4, 5]), 3),
        ],
        "multinomial.out": [
            C("out resized", T([4, 5]), 3, out=T([0], dtype=i64)),
        ],
        "addbmm": [
            C("matrix self", T([3, 5]), T([4, 3, 2]), T([4, 2, 5])),
            C("broadcast self", T([5]), T([4, 3, 2]), T([4, 2, 5])),
            C("transposed self", tr(3, 5), T([4, 3, 2]), T([4, 2, 5]), beta=0.5, alpha=2),
            C("float64 self", T([3, 5], dtype=f64), T([4, 3, 2]), T([4, 2, 5])),
            C("batch mismatch refused", T([3, 5]), T([4, 3, 2]), T([3, 2, 5])),
            C("inner mismatch refused", T([3, 5]), T([4, 3, 2]), T([4, 3, 5])),
            C("self not broadcastable refused", T([4, 5]), T([4, 3, 2]), T([4, 2, 5])),
            C("matrix batch refused", T([3, 5]), T([3, 2]), T([4, 2, 5])),
        ],
        "addbmm_": [
            C("matrix self", T([3, 5]), T([4, 3, 2]), T([4, 2, 5])),
            C("transposed self", tr(3, 5), T([4, 3, 2]), T([4, 2, 5])),
            C("broadcast self refused", T([5]), T([4, 3, 2]), T([4, 2, 5])),
        ],
        "addmv": [
            C("vector self", T([3]), T([3, 4]), T([4])),
            C("one-element self", T([1]), T([3, 4]), T([4])),
            C("zero-dim self", T([]), T([3, 4]), T([4]), beta=0.5, alpha=2),
            C("zero beta", T([1]), T([3, 4]), T([4]), beta=0),
            C("empty product keeps self's size", T([1]), T([0, 4]), T([4])),
            C("transposed matrix", T([3]), tr(3, 4), T([4])),
            C("float64 vector", T([3]), T([3, 4]), T([4], dtype=f64)),
            C("size mismatch refused", T([3]), T([3, 4]), T([5])),
            C("self size mismatch refused", T([2]), T([3, 4]), T([4])),
            C("matrix self refused", T([3, 1]), T([3, 4]), T([4])),
        ],
        "addmv_": [
            C("vector self", T([3]), T([3, 4]), T([4])),
            C("one-element self refused", T([1]), T([3, 4]), T([4])),
        ],
        "normal.Tensor_Tensor": [
            C("same shapes", T([2, 3]), T([2, 3])),
            C("broadcast", T([2, 1]), T([3])),
            C("transposed mean", tr(2, 3), T([2, 3])),
            C("channels-last std", T([2, 3, 4, 5]), cl(2, 3, 4, 5)),
            C("float64 mean, float32 std", T([2, 3], dtype=f64), T([2, 3])),
            C("integer mean refused", T([2, 3], dtype=i64), T([2, 3], dtype=i64)),
            C("not broadcastable refused", T([2, 3]), T([4])),
        ],
        "normal.Tensor_Tensor_out": [
            C("out resized", T([2, 3]), T([2, 3]), out=T([0])),
        ],
        "normal.Tensor_float": [
            C("matrix", T([2, 3]), 0.5),
            C("transposed mean", tr(2, 3)),
            C("channels-last mean", cl(2, 3, 4, 5), 2.0),
            C("negative std refused", T([2, 3]), -1.0),
            C("integer mean refused", T([2, 3], dtype=i64), 1.0),
        ],
        "normal.Tensor_float_out": [
            C("out resized", T([2, 3]), 0.5, out=T([0])),
        ],
        "normal.float_Tensor": [
            C("matrix", 0.5, T([2, 3])),
            C("transposed std", 1.0, tr(2, 3)),
        ],
        "normal.float_Tensor_out": [
            C("out resized", 0.5, T([2, 3]), out=T([0])),
        ],
        "normal.float_float": [
            C("matrix", 0.0, 1.0, [2, 3]),
            C("float64", 0.0, 1.0, [2, 3], dtype=f64),
            C("cuda", 0.0, 1.0, [4], device="cuda"),
            C("negative std refused", 0.0, -1.0, [2, 3]),
            C("integer dtype refused", 0.0, 1.0, [2, 3], dtype=i64),
            C("negative size refused", 0.0, 1.0, [-1, 3]),
        ],
        "fractional_max_pool2d": [
            C("batched", T([2, 3, 8, 9]), [2, 2], [4, 5], T([2, 3, 2])),
            C("unbatched", T([3, 8, 9]), [2, 2], [4, 5], T([1, 3, 2])),
            C("channels last", cl(2, 3, 8, 9), [2, 2], [4, 5], T([2, 3, 2])),
            C("more samples than the batch", T([2, 3, 8, 9]), [3, 3], [6, 7], T([4, 3, 2])),
            C("kernel as large as allowed", T([2, 3, 8, 9]), [5, 5], [4, 5], T([2, 3, 2])),
            C("kernel too large refused", T([2, 3, 8, 9]), [6, 5], [4, 5], T([2, 3, 2])),
            C("too few samples refused", T([2, 3, 8, 9]), [2, 2], [4, 5], T([1, 3, 2])),
            C("samples of another dtype refused", T([2, 3, 8, 9]), [2, 2], [4, 5], T([2, 3, 2], dtype=f64)),
            C("empty channel refused", T([2, 0, 8, 9]), [2, 2], [4, 5], T([2, 0, 2])),
            C("matrix refused", T([8, 9]), [2, 2], [4, 5], T([1, 1, 2])),
        ],
        "grid_sampler_3d": [
            C("trilinear", T([2, 3, 4, 5, 6]), T([2, 7, 8, 9, 3]), 0, 0, False),
            C("nearest, float64", T([2, 3, 4, 5, 6], dtype=f64), T([2, 7, 8, 9, 3], dtype=f64), 1, 1, True),
            C("channels-last input", T([2, 3, 4, 5, 6], fmt=torch.channels_last_3d), T([2, 7, 8, 9, 3]), 0, 0,
              False),
            C("bicubic on the CPU", T([2, 3, 4, 5, 6]), T([2, 7, 8, 9, 3]), 2, 0, False),
            C("batch mismatch refused", T([2, 3, 4, 5, 6]), T([1, 7, 8, 9, 3]), 0, 0, False),
            C("grid of 2 coordinates refused", T([2, 3, 4, 5, 6]), T([2, 7, 8, 9, 2]), 0, 0, False),
            C("empty spatial dim refused", T([2, 3, 0, 5, 6]), T([2, 7, 8, 9, 3]), 0, 0, False),
            C("4-d input refused", T([2, 3, 4, 5]), T([2, 7, 8, 2]), 0, 0, False),
        ],
        "mv": [
            C("matrix and vector", T([3, 4]), T([4])),
            C("transposed matrix", tr(3, 4), T([4])),
            C("int64", T([3, 4], dtype=i64), T([4], dtype=i64)),
            C("float32 and float64 promote", T([3, 4]), T([4], dtype=f64)),
            C("float16", T([3, 4], dtype=f16), T([4], dtype=f16)),
            C("size mismatch refused", T([3, 4]), T([5])),
            C("matrix vec refused", T([3, 4]), T([4, 1])),
        ],
        "upsample_nearest1d.vec": [
            C("scale two", T([2, 3, 8]), None, [2.0]),
            C("output size", T([2, 3, 8]), [5], None),
            C("fractional scale truncates", T([2, 3, 10]), None, [0.29]),
            C("transposed input", T([2, 8, 3], then=lambda t: t.transpose(1, 2)), None, [2.0]),
            C("permuted batch", T([3, 2, 8], then=lambda t: t.transpose(0, 1)), [6], None),
            C("int64", T([2, 3, 8], dtype=i64), None, [2.0]),
            C("float16", T([2, 3, 8], dtype=f16), None, [2.0]),
            C("zero batch", T([0, 3, 8]), None, [2.0]),
            C("both given refused", T([2, 3, 8]), [4], [2.0]),
            C("4-d input refused", T([2, 3, 8, 10]), None, [2.0]),
            # ATen's kernel wants a 3-d input (eager refuses); the
            # decomposition takes two output sizes for a 4-d one.
            C("4-d input of two output sizes", T([2, 3, 8, 10]), [5, 7], None),
            C("zero output size refused", T([2, 3, 8]), [0], None),
            *NEAREST_1D_PLAIN,
        ],
        "_upsample_nearest_exact1d.vec": [
            C("scale two", T([2, 3, 8]), None, [2.0]),
            C("transposed input", T([2, 8, 3], then=lambda t: t.transpose(1, 2)), [5], None),
        ],
        "_upsample_nearest_exact2d.vec": [
            C("scale two", T([2, 3, 8, 10]), None, [2.0, 2.0]),
            C("channels last kept", cl(2, 3, 8, 10), [5, 7], None),
            *NEAREST_EXACT_2D_PLAIN,
        ],
        "upsample_nearest3d.vec": [
            C("scale two", T([2, 3, 4, 6, 8]), None, [2.0, 2.0, 2.0]),
            C("output size", T([2, 3, 4, 6, 8]), [5, 7, 9], None),
            C("channels last 3d kept", T([2, 3, 4, 6, 8], fmt=torch.channels_last_3d), None, [2.0, 1.5, 0.5]),
            C("one channel outermost", T([4, 1, 3, 5, 6], then=lambda t: t.transpose(0, 1)), None, [2.0, 2.0, 2.0]),
            C("one batch permuted behind the channels", T([3, 1, 4, 5, 6], then=lambda t: t.permute(1, 0, 2, 3, 4)),
              [5, 7, 9], None),
            C("cuda few channels, channels last 3d", T([2, 3, 4, 6, 8], fmt=torch.channels_last_3d, device="cuda"),
              None, [2.0, 2.0, 2.0]),
            C("4-d input refused", T([2, 3, 8, 10]), None, [2.0, 2.0, 2.0]),
            *NEAREST_3D_PLAIN,
        ],
        "_upsample_nearest_exact3d.vec": [
            C("scale two", T([2, 3, 4, 6, 8]), None, [2.0, 2.0, 2.0]),
            C("zero-dim input, no scale factors", T([], dtype=torch.int64), None, []),
        ],
        "baddbmm": [
            C("same shapes", T([4, 3, 5]), T([4, 3, 2]), T([4, 2, 5])),
            C("broadcast self", T([5]), T([4, 3, 2]), T([4, 2, 5]), beta=0.5, alpha=2),
            C("transposed self", tr(4, 3, 5), T([4, 3, 2]), T([4, 2, 5])),
            C("dtype mismatch refused", T([4, 3, 5], dtype=f64), T([4, 3, 2]), T([4, 2, 5])),
            C("batch mismatch refused", T([4, 3, 5]), T([4, 3, 2]), T([3, 2, 5])),
            C("self not broadcastable refused", T([4, 4, 5]), T([4, 3, 2]), T([4, 2, 5])),
        ],
        "baddbmm_": [
            C("same shapes", T([4, 3, 5]), T([4, 3, 2]), T([4, 2, 5])),
            C("broadcast self refused", T([5]), T([4, 3, 2]), T([4, 2, 5])),
        ],
        "lu_solve": [
            C("matrix", T([3, 2]), T([3, 3]), T([3], dtype=i32)),
            C("broadcast batches", T([4, 3, 5]), T([2, 1, 3, 3]), T([2, 1, 3], dtype=i32)),
            C("int64 pivots refused", T([3, 2]), T([3, 3]), T([3], dtype=i64)),
            C("incompatible sizes refused", T([4, 2]), T([3, 3]), T([3], dtype=i32)),
        ],
        "_lu_with_info": [
            C("tall", T([5, 3])),
            C("wide batched", T([2, 3, 5]), False, False),
            C("vector refused", T([3])),
        ],
        "logdet": [
            C("matrix", T([3, 3])),
            C("batched complex", T([2, 4, 4], dtype=c64)),
            C("not square refused", T([3, 4])),
            C("float16 refused", T([3, 3], dtype=f16)),
        ],
        "linalg_matrix_rank.atol_rtol_tensor": [
            C("tall", T([5, 3])),
            C("wide batched", T([2, 3, 5])),
            C("hermitian", T([3, 3]), hermitian=True),
            C("atol broadcasts the batch", T([2, 5, 3]), atol=T([4, 1], dtype=f64)),
            C("rtol", T([2, 5, 3]), rtol=T([2])),
            C("complex", T([4, 3], dtype=c64)),
            C("empty matrix", T([0, 3])),
            C("empty integer matrix", T([0, 3], dtype=i64)),
            C("integer refused", T([3, 3], dtype=i64)),
            C("hermitian, not square refused", T([5, 3]), hermitian=True),
            C("vector refused", T([3])),
            # `linalg_eigvalsh`'s meta takes an integer input.
            C("hermitian integer", T([2, 3, 3], dtype=i64), hermitian=True),
            C("hermitian integer with both tolerances", T([3, 3], dtype=i32), atol=T([], dtype=f64), rtol=T([]),
              hermitian=True),
        ],
        "linalg_matrix_rank.atol_rtol_float": [
            C("tall", T([5, 3])),
            C("tolerances", T([2, 3, 5]), atol=0.1, rtol=0.2),
            C("hermitian", T([3, 3]), hermitian=True),
            # The default rtol's epsilon exists for float and double alone.
            C("hermitian integer without rtol refused", T([3, 3], dtype=i64), hermitian=True),
            C("hermitian float16 without rtol refused", T([3, 3], dtype=f16), hermitian=True),
            C("hermitian integer with rtol", T([3, 3], dtype=i64), rtol=0.1, hermitian=True),
        ],
        "fft_fft": [
            C("real input", T([4, 8])),
            C("complex input", T([4, 8], dtype=c64)),
            C("padded to n", T([4, 8]), 10),
            C("sliced to n", T([4, 8], dtype=c64), 5),
            C("first dim", T([8, 4]), None, 0),
            C("transposed input", tr(6, 8)),
            C("int64 input", T([4, 8], dtype=i64)),
            C("float64, ortho", T([4, 8], dtype=f64), None, -1, "ortho"),
            C("zero points refused", T([4, 8]), 0),
            C("bad norm refused", T([4, 8]), None, -1, "sideways"),
            C("float16 refused", T([4, 8], dtype=f16)),
            C("dim out of range refused", T([4, 8]), None, 2),
        ],
        "fft_ifft": [
            C("real input", T([4, 8])),
            C("complex input sliced", T([4, 8], dtype=c64), 6),
            C("transposed complex", tr(6, 8, dtype=c64), None, 0),
        ],
        "fft_rfft": [
            C("matrix", T([4, 8])),
            C("padded to n", T([4, 8]), 11),
            C("first dim of a transposed input", tr(6, 8), None, 0),
            C("int64 input", T([4, 8], dtype=i64)),
            C("complex refused", T([4, 8], dtype=c64)),
        ],
        "fft_ihfft": [
            C("matrix", T([4, 8])),
            C("sliced to n", T([4, 8]), 5),
        ],
        "fft_irfft": [
            C("half spectrum", T([4, 5], dtype=c64)),
            C("to n points", T([4, 5], dtype=c64), 12),
            C("to fewer points", T([4, 5], dtype=c64), 4),
            C("real input", T([4, 5])),
            C("first dim of a transposed input", tr(5, 4, dtype=c64), None, 0),
            C("one value refused", T([4, 1], dtype=c64)),
        ],
        "fft_hfft": [
            C("half spectrum", T([4, 5], dtype=c64)),
            C("to n points", T([4, 5], dtype=c64), 7),
        ],
        "fft_fftn": [
            C("every dim of a real input", T([3, 4, 8])),
            C("complex, given sizes", T([3, 4, 8], dtype=c64), [4, 6]),
            C("given dims", T([3, 4, 8], dtype=c64), None, [0, 2]),
            C("sizes and dims", T([3, 4, 8]), [2, 10], [2, 0]),
            C("minus one keeps a size", T([3, 4, 8], dtype=c64), [-1, 5], [1, 2]),
            C("transposed input", tr(6, 8, dtype=c64)),
            C("int64 input", T([3, 4], dtype=i64)),
            C("repeated dims refused", T([3, 4, 8]), None, [1, 1]),
            C("sizes and dims of other lengths refused", T([3, 4, 8]), [4], [0, 1]),
            C("zero size refused", T([3, 4, 8]), [0, 4]),
            C("bad norm refused", T([3, 4, 8]), None, None, "sideways"),
        ],
        "fft_fft2": [
            C("last two dims", T([3, 4, 8])),
            C("padded and sliced", T([3, 4, 8], dtype=c64), [6, 5]),
            C("first two dims", T([3, 4, 8]), None, [0, 1]),
        ],
        "fft_ifftn": [
            C("every dim", T([3, 4, 8], dtype=c64)),
            C("given sizes of a real input", T([3, 4, 8]), [3, 5]),
        ],
        "fft_ifft2": [
            C("last two dims", T([3, 4, 8], dtype=c64)),
            C("transposed", tr(3, 4, 8, dtype=c64), [4, 4]),
        ],
        "fft_rfftn": [
            C("every dim", T([3, 4, 8])),
            C("given sizes", T([3, 4, 8]), [6, 10]),
            C("given dims", T([3, 4, 8]), None, [0, 1]),
            C("complex refused", T([3, 4, 8], dtype=c64)),
        ],
        "fft_rfft2": [
            C("last two dims", T([3, 4, 8])),
            C("transposed", tr(3, 6, 8)),
        ],
        "fft_irfftn": [
            C("every dim", T([3, 4, 5], dtype=c64)),
            C("given sizes", T([3, 4, 5], dtype=c64), [6, 12]),
            C("last size kept as minus one", T([3, 4, 5], dtype=c64), [6, -1]),
            C("given dims", T([3, 4, 5], dtype=c64), None, [0, 1]),
            C("real input", T([3, 4, 5])),
            C("no dims refused", T([3, 4, 5], dtype=c64), None, []),
        ],
        "fft_irfft2": [
            C("last two dims", T([3, 4, 5], dtype=c64)),
            C("given sizes", T([3, 4, 5], dtype=c64), [3, 7]),
        ],
        "dot": [
            C("vectors", T([3]), T([3])),
            C("int32 keeps its dtype", T([3], dtype=i32), T([3], dtype=i32)),
            C("complex", T([3], dtype=c64), T([3], dtype=c64)),
            C("strided", T([3], strides=[2]), T([3])),
            C("dtype mismatch refused", T([3]), T([3], dtype=f64)),
            C("size mismatch refused", T([3]), T([4])),
            C("matrix refused", T([3, 1]), T([3])),
        ],
        "vdot": [
            C("vectors", T([3]), T([3])),
            C("complex", T([3], dtype=c64), T([3], dtype=c64)),
            C("size mismatch refused", T([3]), T([4])),
        ],
        "outer": [
            C("vectors", T([3]), T([4])),
            C("int64 and float32", T([3], dtype=i64), T([4])),
            C("length one", T([1]), T([4])),
            C("strided", T([3], strides=[2]), T([4])),
            C("matrix refused", T([3, 1]), T([4])),
        ],
        "fft_fftshift": [
            C("every dim", T([3, 4])),
            C("one dim of a transposed input", tr(3, 4), [0]),
            C("complex", T([4, 5], dtype=c64), [-1]),
            # `roll` wants at least one dim, each in range.
            C("no dims refused", T([3, 4]), []),
            C("zero-dim refused", T([])),
            C("dim out of range", T([3, 4]), [5]),
            C("zero-dim with a dim refused", T([]), [-1]),
            # `roll` of an empty input is its clone, strides kept.
            C("empty with the strides of a transposed input", T([3, 0, 2], strides=[1, 1, 9])),
            C("empty with the strides of a transposed input under the dispatcher", T([3, 0, 2], strides=[1, 1, 9])),
            # On CUDA: eager's kernel refuses no shifts even of an empty input.
            C("empty over no dims", T([3, 0, 5], dtype=f16, device="cuda"), []),
        ],
        "fft_ifftshift": [
            C("every dim", T([3, 4])),
            C("transposed", tr(3, 4)),
            C("no dims refused", T([3, 4]), []),
            C("dim out of range", T([3, 4]), [-3]),
            C("zero-dim with a dim refused", T([], dtype=bf16), [0]),
            C("empty with gaps", T([3, 0], strides=[12, 6]), [0]),
            C("empty over no dims", T([0], device="cuda"), []),
            C("empty vector of a stride of its own under the dispatcher", T([0], strides=[12], dtype=torch.uint8)),
        ],
        "linalg_cross": [
            C("vectors", T([3]), T([3])),
            C("rows", T([4, 3]), T([4, 3])),
            C("broadcast", T([4, 3]), T([1, 3])),
            C("first dim", T([3, 4]), T([3, 4]), dim=0),
            C("transposed", tr(4, 3), T([4, 3])),
            C("length 4 refused", T([4]), T([4])),
            C("ranks differ refused", T([4, 3]), T([3])),
        ],
        "linalg_cross.out": [
            C("out resized", T([4, 3]), T([4, 3]), out=T([0])),
        ],
        "cross": [
            C("first dim of size 3 by default", T([4, 3, 3]), T([4, 3, 3])),
            C("given dim", T([3, 4, 3]), T([3, 4, 3]), -1),
            C("no dim of size 3 refused", T([4, 5]), T([4, 5])),
        ],
        "linalg_vecdot": [
            C("rows", T([4, 3]), T([4, 3])),
            C("broadcast", T([4, 3]), T([3])),
            C("first dim", T([4, 3]), T([4, 3]), dim=0),
            C("int32 refused", T([4, 3], dtype=i32), T([4, 3], dtype=i32)),
            C("complex", T([4, 3], dtype=c64), T([4, 3], dtype=c64)),
            C("dtype mismatch refused", T([4, 3]), T([4, 3], dtype=f64)),
            # Two vectors are `vdot`'s: `dim` is not read.
            C("vectors, a dim out of range", T([4]), T([4]), dim=-2),
            C("vectors of other lengths refused", T([4]), T([1])),
        ],
        "linalg_matrix_power": [
            C("power zero", T([3, 3]), 0),
            C("power one of a transposed input", tr(3, 3), 1),
            C("power two", T([2, 3, 3]), 2),
            C("power five", T([3, 3]), 5),
            C("power minus one", T([2, 3, 3]), -1),
            C("power minus three", T([3, 3]), -3),
            C("integer square", T([3, 3], dtype=i64), 2),
            C("integer inverse refused", T([3, 3], dtype=i64), -1),
            C("not square refused", T([3, 4]), 2),
        ],
        "linalg_diagonal": [
            C("matrix", T([3, 4])),
            C("batched with an offset", T([2, 3, 4]), offset=1),
            C("given dims", T([2, 3, 4]), dim1=0, dim2=2),
        ],
        "svd": [
            C("tall, reduced", T([5, 3])),
            C("wide, full", T([3, 5]), False),
            C("batched, no vectors", T([2, 5, 3]), True, False),
            C("wide, full, no vectors", T([3, 5]), False, False),
            C("complex", T([4, 3], dtype=c64)),
            C("cuda", T([5, 3], device="cuda")),
            C("integer refused", T([3, 3], dtype=i64)),
            C("vector refused", T([3])),
        ],
        "pinverse": [
            C("tall", T([5, 3])),
            C("wide batched", T([2, 3, 5]), 1e-3),
            C("complex", T([4, 3], dtype=c64)),
            C("integer refused", T([3, 3], dtype=i64)),
        ],
    }


CASES.update(linalg_cases())

# Recorded under the Python dispatcher (see PYTHON_DISPATCHER), as export
# runs them: their C++ composites (`expand`, `resize_`) refuse symbolic sizes
# outside it.
PYTHON_DISPATCHER = {
    "cholesky_solve", "linalg_solve_triangular", "linalg_pinv", "linalg_pinv.atol_rtol_tensor",
    "linalg_pinv.rcond_tensor", "linalg_pinv.atol_rtol_float", "pinverse", "addbmm", "addbmm_",
    "upsample_nearest1d.vec", "_upsample_nearest_exact1d.vec", "_upsample_nearest_exact2d.vec",
    "upsample_nearest3d.vec", "_upsample_nearest_exact3d.vec", "lu_solve", "_lu_with_info",
    "logdet", "linalg_matrix_rank.atol_rtol_tensor", "linalg_matrix_rank.atol_rtol_float",
    "cross", "linalg_vecdot", "linalg_matrix_power", "svd",
}

SYMBOLIC += [
    ("_fft_c2c of two dims of a dynamic input", "_fft_c2c", Case("", D([3, 4, 8], "x", dtype=c64), [0, 2], 0, True)),
    ("_linalg_svd of a dynamic batch of matrices", "_linalg_svd", Case("", D([2, 5, 3], "a"))),
    ("_linalg_svd full matrices of a dynamic matrix", "_linalg_svd", Case("", D([5, 3], "a"), True)),
    # `svd`'s composite reads `self.sizes()` as integers for the zeros it
    # returns without `compute_uv`; with it, `linalg_svd` keeps them.
    ("svd of a dynamic batch", "svd", Case("", D([2, 5, 3], "a"))),
    ("svd without vectors of a dynamic batch", "svd", Case("", D([2, 5, 3], "a"), True, False)),
    ("svd full, without vectors, of a dynamic wide matrix", "svd", Case("", D([3, 5], "a"), False, False)),
    ("linalg_qr complete of a dynamic matrix", "linalg_qr", Case("", D([5, 3], "a"), "complete")),
    ("_linalg_eigh of a dynamic batch", "_linalg_eigh", Case("", D([2, 4, 4], "a"))),
    ("linalg_lu_factor_ex of a dynamic wide matrix", "linalg_lu_factor_ex", Case("", D([2, 3, 5], "a"))),
    ("linalg_lu of a dynamic tall matrix", "linalg_lu", Case("", D([5, 3], "a"))),
    ("linalg_pinv of a dynamic batch broadcast with atol", "linalg_pinv.atol_rtol_tensor",
     Case("", D([2, 5, 3], "a"), atol=D([4, 1], "t", ["dynamic", "static"], dtype=f64))),
    ("normal.float_float of a symbolic size", "normal.float_float", Case("", 0.0, 1.0, [S(4, "n"), 3])),
    ("_linalg_solve_ex of a dynamic vector right-hand side", "_linalg_solve_ex",
     Case("", D([2, 3, 3], "a"), D([2, 3], "b"))),
    ("_linalg_solve_ex of dynamic broadcast batches", "_linalg_solve_ex",
     Case("", D([2, 1, 3, 3], "a", ["dynamic", "static", "dynamic", "dynamic"]), D([4, 3, 5], "b"))),
    ("linalg_solve_triangular of dynamic broadcast batches", "linalg_solve_triangular",
     Case("", D([2, 1, 3, 3], "a", ["dynamic", "static", "dynamic", "dynamic"]), D([4, 3, 5], "b"), upper=True)),
]

# `transformers`' mixture-of-experts custom operators (registered when
# `transformers.integrations.moe` is imported): their fake kernels.
import transformers.integrations.moe  # noqa: E402,F401

CASES["transformers::grouped_mm_fallback"] = [
    C("three experts", T([7, 4]), T([3, 4, 5]), T([3], dtype=i64)),
    C("int32 ends, float16", T([6, 4], dtype=f16), T([2, 4, 3], dtype=f16), T([2], dtype=i32)),
    C("transposed input", tr(7, 4), T([3, 4, 5]), T([3], dtype=i64)),
    C("transposed weights", T([7, 4]), T([3, 5, 4], then=lambda t: t.transpose(1, 2)), T([3], dtype=i64)),
    C("no tokens", T([0, 4]), T([3, 4, 5]), T([3], dtype=i64)),
    C("3-D input refused", T([2, 7, 4]), T([3, 4, 5]), T([3], dtype=i64)),
    C("2-D weight refused", T([7, 4]), T([4, 5]), T([3], dtype=i64)),
    C("2-D ends refused", T([7, 4]), T([3, 4, 5]), T([3, 1], dtype=i64)),
    C("ends per expert refused", T([7, 4]), T([3, 4, 5]), T([2], dtype=i64)),
    C("inner size refused", T([7, 3]), T([3, 4, 5]), T([3], dtype=i64)),
    C("float ends refused", T([7, 4]), T([3, 4, 5]), T([3])),
]
CASES["transformers::grouped_mm_fallback_backward"] = [
    C("three experts", T([7, 4]), T([3, 4, 5]), T([3], dtype=i64), T([7, 5])),
    C("transposed input and weights", tr(7, 4), T([3, 5, 4], then=lambda t: t.transpose(1, 2)),
      T([3], dtype=i64), T([7, 5])),
]
SYMBOLIC += [
    ("_segment_reduce_backward of dynamic data", "_segment_reduce_backward",
     Case("", D([3, 3], "g"), D([3, 3], "o"), D([6, 3], "d"), "sum", lengths=T([3], dtype=i64))),
    ("_segment_reduce_backward.out of dynamic data into an empty out", "_segment_reduce_backward.out",
     Case("", T([3, 3]), T([3, 3]), D([6, 3], "d"), "sum", lengths=T([3], dtype=i64), out=T([0]))),
    ("_jagged_to_padded_dense_forward of dynamic values and offsets", "_jagged_to_padded_dense_forward",
     Case("", D([10, 3], "v"), [D([4], "o", dtype=i64)], [5])),
    ("grouped_mm_fallback of a dynamic number of tokens", "transformers::grouped_mm_fallback",
     Case("", D([7, 4], "x", ["dynamic", "static"]), T([3, 4, 5]), T([3], dtype=i64))),
    ("grouped_mm_fallback with the inner size dynamic on both sides", "transformers::grouped_mm_fallback",
     Case("", D([7, 4], "x"), D([3, 4, 5], "w", ["static", "dynamic", "static"]), T([3], dtype=i64))),
    # `meta_baddbmm` expands `self` in Python: ATen's C++ `expand` refuses
    # symbolic sizes in a plain fake mode.
    ("baddbmm of a broadcast self into a dynamic batch", "baddbmm",
     Case("", T([3, 5]), D([2, 3, 4], "b1"), D([2, 4, 5], "b2"))),
    ("baddbmm of a dynamic self of the product's sizes", "baddbmm",
     Case("", D([2, 3, 5], "s"), T([2, 3, 4]), T([2, 4, 5]))),
]
KEEP_DERIVED = {"baddbmm"}

# `linalg_lstsq`: its residuals' and rank's sizes depend on the data; the
# fake mode refuses it and its out by their tag.
CASES["linalg_lstsq"] = [
    C("tall", T([5, 3]), T([5, 2])),
    C("batched with a driver", T([2, 5, 3]), T([2, 5, 4]), driver="gelsd"),
    C("rows differ", T([5, 3]), T([4, 2])),
]
CASES["linalg_lstsq.out"] = [
    C("tall", T([5, 3]), T([5, 2]), solution=T([0]), residuals=T([0]), rank=T([0], dtype=i64),
      singular_values=T([0])),
]
SYMBOLIC += [
    ("linalg_lstsq of dynamic rows", "linalg_lstsq", C("", D([5, 3], "a"), D([5, 2], "b"))),
    ("linalg_lstsq.out of dynamic rows", "linalg_lstsq.out",
     C("", D([5, 3], "a"), D([5, 2], "b"), solution=T([0]), residuals=T([0]), rank=T([0], dtype=i64),
       singular_values=T([0]))),
]
