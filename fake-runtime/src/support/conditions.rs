//! Condition intrinsics: the checks rules state (`check ...`), size
//! comparisons, `require`.

use super::*;

// ---- conditions ------------------------------------------------------------------

/// Require a condition (`check` in a rule): a static false is an error
/// with `message`; a symbolic one is guarded (backed) or asserted at run
/// time (unbacked).
pub fn require(cx: &mut Cx<'_>, c: SymBool, message: &str) -> Result<()> {
    match c {
        SymBool::Bool(true) => Ok(()),
        SymBool::Bool(false) => Err(invalid(cx, message.to_string())),
        SymBool::Expr(_) => shape::check(cx.env, c, cx.op, &|| message.to_string()),
    }
}

/// Require a condition whose message prints values (`check` with
/// `{name}` in its message): the message is built only on failure.
pub fn require_printing(
    cx: &mut Cx<'_>,
    c: SymBool,
    message: &dyn Fn(&crate::shape_env::ShapeEnv) -> String,
) -> Result<()> {
    match c {
        SymBool::Bool(true) => Ok(()),
        SymBool::Bool(false) => Err(invalid(cx, message(cx.env))),
        SymBool::Expr(_) => shape::check_printing(cx.env, c, cx.op, message),
    }
}

/// A value printed into a check's message as PyTorch's messages print it.
pub trait Show {
    /// The text (sizes through `env`).
    fn show(&self, env: &crate::shape_env::ShapeEnv) -> String;
}

impl Show for i64 {
    fn show(&self, _: &crate::shape_env::ShapeEnv) -> String {
        self.to_string()
    }
}

impl Show for bool {
    fn show(&self, _: &crate::shape_env::ShapeEnv) -> String {
        if *self { "True" } else { "False" }.to_string()
    }
}

impl Show for f64 {
    fn show(&self, _: &crate::shape_env::ShapeEnv) -> String {
        crate::sym::float::python_repr(*self)
    }
}

impl Show for &str {
    fn show(&self, _: &crate::shape_env::ShapeEnv) -> String {
        self.to_string()
    }
}

impl Show for SymInt {
    fn show(&self, env: &crate::shape_env::ShapeEnv) -> String {
        env.display(*self)
    }
}

impl Show for Dims {
    fn show(&self, env: &crate::shape_env::ShapeEnv) -> String {
        shape::display_dims(env, self)
    }
}

impl Show for IntList {
    fn show(&self, _: &crate::shape_env::ShapeEnv) -> String {
        format!("{:?}", self.as_slice())
    }
}

impl Show for DType {
    fn show(&self, _: &crate::shape_env::ShapeEnv) -> String {
        format!("torch.{self}")
    }
}

impl<T: Show> Show for Option<T> {
    /// As Python prints an optional value: `None` when absent.
    fn show(&self, env: &crate::shape_env::ShapeEnv) -> String {
        match self {
            Some(v) => v.show(env),
            None => "None".to_string(),
        }
    }
}

impl Show for Device {
    /// As a fake tensor's device prints ([`Device::fake`]: `cuda:0`).
    fn show(&self, _: &crate::shape_env::ShapeEnv) -> String {
        self.fake().to_string()
    }
}

impl Show for Scalar {
    fn show(&self, env: &crate::shape_env::ShapeEnv) -> String {
        match *self {
            Scalar::Bool(SymBool::Bool(b)) => b.show(env),
            Scalar::Bool(b) => env.display_bool(b),
            Scalar::Int(i) => i.show(env),
            Scalar::Float(f) => match f.as_f64() {
                Some(v) => v.show(env),
                None => env.display_float(f),
            },
            Scalar::Complex(re, im) => {
                let sign = if im < 0.0 || (im == 0.0 && im.is_sign_negative()) {
                    '-'
                } else {
                    '+'
                };
                format!(
                    "({}{sign}{}j)",
                    crate::sym::float::python_repr(re),
                    crate::sym::float::python_repr(im.abs())
                )
            }
        }
    }
}

/// Require `a == b` for a repeated pattern variable: static mismatch is a
/// [`ErrorKind::SizeMismatch`] naming the argument and dim; symbolic is a
/// guard or a runtime assert.
#[inline]
pub fn require_eq(
    cx: &mut Cx<'_>,
    expected: SymInt,
    got: SymInt,
    what: &dyn Fn() -> String,
) -> Result<()> {
    if let (SymInt::Int(a), SymInt::Int(b)) = (expected, got)
        && a == b
    {
        return Ok(());
    }
    shape::check_eq(cx.env, expected, got, cx.op, what)
}

/// Require two runs of dims to be equal (a repeated `*s` in patterns).
pub fn require_dims(
    cx: &mut Cx<'_>,
    expected: &[SymInt],
    got: &[SymInt],
    what: &dyn Fn() -> String,
) -> Result<()> {
    if expected.len() != got.len() {
        return Err(ErrorKind::SizeMismatch {
            op: cx.op.to_string(),
            what: what(),
            expected: shape::display_dims(cx.env, expected),
            got: shape::display_dims(cx.env, got),
        }
        .into());
    }
    for (&a, &b) in expected.iter().zip(got) {
        require_eq(cx, a, b, what)?;
    }
    Ok(())
}

/// Require a tensor argument of exactly `rank` dims (`exact`) or at least
/// `rank` dims.
#[inline]
pub fn require_rank(
    cx: &mut Cx<'_>,
    arg: &str,
    t: &TensorMeta,
    rank: usize,
    exact: bool,
) -> Result<()> {
    let ok = if exact {
        t.dim() == rank
    } else {
        t.dim() >= rank
    };
    if ok {
        return Ok(());
    }
    Err(invalid(
        cx,
        format!(
            "expected `{arg}` to have {}{rank} dims, got {} (sizes {})",
            if exact { "" } else { "at least " },
            t.dim(),
            shape::display_dims(cx.env, &t.sizes)
        ),
    ))
}

/// A plain integer from a size, guarding when it is symbolic.
pub fn to_int(cx: &mut Cx<'_>, v: SymInt) -> Result<i64> {
    static_int(cx, v)
}

/// Plain integers from sizes, guarding the symbolic ones.
pub fn to_ints(cx: &mut Cx<'_>, v: &[SymInt]) -> Result<IntList> {
    static_ints(cx, v)
}

/// Python's `a == b` of two sizes: decided, with a guard where symbolic.
pub fn sizes_equal(cx: &mut Cx<'_>, a: SymInt, b: SymInt) -> Result<bool> {
    let c = cx.env.eq(a, b)?;
    cx.env.guard_bool(c, cx.op)
}

/// The metas' `ceil_div(a, b)`: `(a + b - 1) // b` of a size and a
/// positive constant.
pub fn ceil_div(cx: &mut Cx<'_>, a: SymInt, b: i64) -> Result<SymInt> {
    let sum = cx.env.add(a, SymInt::Int(b - 1))?;
    cx.env.floordiv(sum, SymInt::Int(b))
}

/// The metas' `round_up(a, b)`: `ceil_div(a, b) * b`.
pub fn round_up(cx: &mut Cx<'_>, a: SymInt, b: i64) -> Result<SymInt> {
    let blocks = ceil_div(cx, a, b)?;
    cx.env.mul(blocks, SymInt::Int(b))
}

/// Sizes from plain integers.
#[inline]
pub fn from_ints(v: &[i64]) -> Dims {
    v.iter().map(|&x| SymInt::Int(x)).collect()
}

/// The condition of a `bool` (for `check` on plain booleans).
#[inline]
pub fn sym_bool(b: bool) -> SymBool {
    SymBool::Bool(b)
}

/// Floor division and Python modulo of plain integers, checked.
pub fn int_floordiv(cx: &mut Cx<'_>, a: i64, b: i64) -> Result<i64> {
    match cx.env.floordiv(SymInt::Int(a), SymInt::Int(b))? {
        SymInt::Int(v) => Ok(v),
        SymInt::Expr(_) => Err(invalid(cx, "non-constant integer division".into())),
    }
}

/// Python modulo of plain integers, checked.
pub fn int_mod(cx: &mut Cx<'_>, a: i64, b: i64) -> Result<i64> {
    match cx.env.modulo(SymInt::Int(a), SymInt::Int(b))? {
        SymInt::Int(v) => Ok(v),
        SymInt::Expr(_) => Err(invalid(cx, "non-constant integer modulo".into())),
    }
}

/// A comparison of two Python numbers (`==`, `!=`, `<`, `<=`, `>`, `>=`
/// on `Scalar`s in a rule): integers compare as sizes (a symbolic one
/// gives a guard or a runtime assert through `require`), any other pair
/// as Python compares them. A symbolic float has no value to compare, so
/// the comparison holds (nothing is refused that PyTorch might accept);
/// complex numbers are only equal or not, as in Python.
pub fn scalar_cmp(cx: &mut Cx<'_>, op: &str, a: Scalar, b: Scalar) -> Result<SymBool> {
    if let (Scalar::Int(x), Scalar::Int(y)) = (a, b) {
        return match op {
            "==" => cx.env.eq(x, y),
            "!=" => cx.env.ne(x, y),
            "<" => cx.env.lt(x, y),
            "<=" => cx.env.le(x, y),
            ">" => cx.env.gt(x, y),
            _ => cx.env.ge(x, y),
        };
    }
    let value = |s: Scalar| match s {
        Scalar::Int(SymInt::Int(v)) => Some((v as f64, 0.0)),
        Scalar::Bool(SymBool::Bool(b)) => Some((f64::from(u8::from(b)), 0.0)),
        Scalar::Float(f) => f.as_f64().map(|v| (v, 0.0)),
        Scalar::Complex(re, im) => Some((re, im)),
        Scalar::Int(SymInt::Expr(_)) | Scalar::Bool(SymBool::Expr(_)) => None,
    };
    let (Some((x, xi)), Some((y, yi))) = (value(a), value(b)) else {
        return Ok(SymBool::Bool(true));
    };
    let holds = match op {
        "==" => x == y && xi == yi,
        "!=" => x != y || xi != yi,
        _ if xi != 0.0 || yi != 0.0 => {
            return Err(invalid(
                cx,
                format!("'{op}' not supported between complex numbers"),
            ));
        }
        "<" => x < y,
        "<=" => x <= y,
        ">" => x > y,
        _ => x >= y,
    };
    Ok(SymBool::Bool(holds))
}

/// Checked `+ - *` of plain integers.
pub fn int_arith(op: char, a: i64, b: i64) -> Result<i64> {
    let (r, name) = match op {
        '+' => (a.checked_add(b), "+"),
        '-' => (a.checked_sub(b), "-"),
        _ => (a.checked_mul(b), "*"),
    };
    r.ok_or_else(|| {
        ErrorKind::Overflow {
            op: name,
            lhs: a.to_string(),
            rhs: b.to_string(),
        }
        .into()
    })
}

/// Element `k` of a per-element attribute of a `Tensor[]` output (its
/// strides or offsets, one per tensor), or an error naming `what` when the
/// list is shorter than the list of sizes.
pub fn element<'l, T>(cx: &Cx<'_>, list: &'l [T], k: usize, what: &str) -> Result<&'l T> {
    list.get(k).ok_or_else(|| {
        invalid(
            cx,
            format!(
                "{what} given for {} tensors of a longer list (tensor {k})",
                list.len()
            ),
        )
    })
}

/// A tensor's metadata as an owned value, from an intrinsic's result or
/// an argument (a tensor output a rule computed whole).
pub fn owned_meta(t: impl std::borrow::Borrow<TensorMeta>) -> TensorMeta {
    t.borrow().clone()
}
