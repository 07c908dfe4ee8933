//! Reading the arguments of an erased kernel: argument `i` of `args`, or
//! its schema default when absent (`args` shorter, or [`Arg::None`]).

use super::*;

fn bad(cx: &Cx<'_>, i: usize, name: &str, want: &str, got: Option<&Arg<'_>>) -> crate::Error {
    ErrorKind::BadArguments {
        op: cx.op.to_string(),
        reason: format!(
            "argument {i} (`{name}`) should be {want}, got {}",
            match got {
                None => "nothing".to_string(),
                Some(a) => format!("{a:?}").chars().take(60).collect(),
            }
        ),
    }
    .into()
}

fn missing<T>(cx: &Cx<'_>, i: usize, name: &str, want: &str, default: Option<T>) -> Result<T> {
    default.ok_or_else(|| bad(cx, i, name, want, None))
}

/// A `Tensor`.
#[inline]
pub fn tensor<'a>(cx: &Cx<'_>, args: &[Arg<'a>], i: usize, name: &str) -> Result<&'a TensorMeta> {
    match args.get(i) {
        Some(Arg::Tensor(t)) => Ok(*t),
        a => Err(bad(cx, i, name, "a tensor", a)),
    }
}

/// A `Tensor?`.
pub fn opt_tensor<'a>(
    cx: &Cx<'_>,
    args: &[Arg<'a>],
    i: usize,
    name: &str,
) -> Result<Option<&'a TensorMeta>> {
    match args.get(i) {
        Some(Arg::Tensor(t)) => Ok(Some(*t)),
        None | Some(Arg::None) => Ok(None),
        a => Err(bad(cx, i, name, "a tensor or None", a)),
    }
}

/// A `Tensor[]`.
pub fn tensors<'a, 'b>(
    cx: &Cx<'_>,
    args: &'b [Arg<'a>],
    i: usize,
    name: &str,
) -> Result<&'b [&'a TensorMeta]> {
    match args.get(i) {
        Some(Arg::Tensors(ts)) => Ok(ts.as_slice()),
        a => Err(bad(cx, i, name, "a list of tensors", a)),
    }
}

/// A `Tensor?[]`.
pub fn opt_tensors<'a, 'b>(
    cx: &Cx<'_>,
    args: &'b [Arg<'a>],
    i: usize,
    name: &str,
) -> Result<&'b [Option<&'a TensorMeta>]> {
    match args.get(i) {
        Some(Arg::OptTensors(ts)) => Ok(ts.as_slice()),
        a => Err(bad(cx, i, name, "a list of optional tensors", a)),
    }
}

/// An `int`.
pub fn int(
    cx: &mut Cx<'_>,
    args: &[Arg<'_>],
    i: usize,
    name: &str,
    default: Option<i64>,
) -> Result<i64> {
    match args.get(i) {
        Some(Arg::Int(v)) => static_int(cx, *v),
        None | Some(Arg::None) => missing(cx, i, name, "an int", default),
        a => Err(bad(cx, i, name, "an int", a)),
    }
}

/// An `int?`.
pub fn opt_int(
    cx: &mut Cx<'_>,
    args: &[Arg<'_>],
    i: usize,
    name: &str,
    default: Option<i64>,
) -> Result<Option<i64>> {
    match args.get(i) {
        Some(Arg::Int(v)) => static_int(cx, *v).map(Some),
        None | Some(Arg::None) => Ok(default),
        a => Err(bad(cx, i, name, "an int or None", a)),
    }
}

/// A `SymInt`.
pub fn size(
    cx: &Cx<'_>,
    args: &[Arg<'_>],
    i: usize,
    name: &str,
    default: Option<i64>,
) -> Result<SymInt> {
    match args.get(i) {
        Some(Arg::Int(v)) => Ok(*v),
        None | Some(Arg::None) => missing(cx, i, name, "an int", default.map(SymInt::Int)),
        a => Err(bad(cx, i, name, "an int", a)),
    }
}

/// A `SymInt?`.
pub fn opt_size(
    cx: &Cx<'_>,
    args: &[Arg<'_>],
    i: usize,
    name: &str,
    default: Option<i64>,
) -> Result<Option<SymInt>> {
    match args.get(i) {
        Some(Arg::Int(v)) => Ok(Some(*v)),
        None | Some(Arg::None) => Ok(default.map(SymInt::Int)),
        a => Err(bad(cx, i, name, "an int or None", a)),
    }
}

/// An `int[]`.
pub fn ints(
    cx: &mut Cx<'_>,
    args: &[Arg<'_>],
    i: usize,
    name: &str,
    default: Option<&[i64]>,
) -> Result<IntList> {
    match args.get(i) {
        Some(Arg::Ints(v)) => static_ints(cx, v),
        Some(Arg::Int(v)) => Ok(smallvec::smallvec![static_int(cx, *v)?]),
        None | Some(Arg::None) => missing(
            cx,
            i,
            name,
            "a list of ints",
            default.map(IntList::from_slice),
        ),
        a => Err(bad(cx, i, name, "a list of ints", a)),
    }
}

/// An `int[]?`.
pub fn opt_ints(
    cx: &mut Cx<'_>,
    args: &[Arg<'_>],
    i: usize,
    name: &str,
    default: Option<&[i64]>,
) -> Result<Option<IntList>> {
    match args.get(i) {
        Some(Arg::Ints(v)) => static_ints(cx, v).map(Some),
        Some(Arg::Int(v)) => Ok(Some(smallvec::smallvec![static_int(cx, *v)?])),
        None | Some(Arg::None) => Ok(default.map(IntList::from_slice)),
        a => Err(bad(cx, i, name, "a list of ints or None", a)),
    }
}

/// A `SymInt[]`.
pub fn sizes(
    cx: &Cx<'_>,
    args: &[Arg<'_>],
    i: usize,
    name: &str,
    default: Option<&[i64]>,
) -> Result<Dims> {
    match args.get(i) {
        Some(Arg::Ints(v)) => Ok(Dims::from_slice(v)),
        Some(Arg::Int(v)) => Ok(Dims::from([*v])),
        None | Some(Arg::None) => missing(cx, i, name, "a list of ints", default.map(from_ints)),
        a => Err(bad(cx, i, name, "a list of ints", a)),
    }
}

/// A `SymInt[]?`.
pub fn opt_sizes(
    cx: &Cx<'_>,
    args: &[Arg<'_>],
    i: usize,
    name: &str,
    default: Option<&[i64]>,
) -> Result<Option<Dims>> {
    match args.get(i) {
        Some(Arg::Ints(v)) => Ok(Some(Dims::from_slice(v))),
        Some(Arg::Int(v)) => Ok(Some(Dims::from([*v]))),
        None | Some(Arg::None) => Ok(default.map(from_ints)),
        a => Err(bad(cx, i, name, "a list of ints or None", a)),
    }
}

/// A `float[]?`.
pub fn opt_floats(
    cx: &Cx<'_>,
    args: &[Arg<'_>],
    i: usize,
    name: &str,
) -> Result<Option<SmallVec<[f64; 4]>>> {
    match args.get(i) {
        Some(Arg::Floats(v)) => Ok(Some(SmallVec::from_slice(v))),
        Some(Arg::Float(v)) => Ok(Some(smallvec::smallvec![*v])),
        None | Some(Arg::None) => Ok(None),
        a => Err(bad(cx, i, name, "a list of floats or None", a)),
    }
}

/// A `float` (an int or a bool taken as Python's binding takes one).
pub fn float(
    cx: &Cx<'_>,
    args: &[Arg<'_>],
    i: usize,
    name: &str,
    default: Option<f64>,
) -> Result<f64> {
    match args.get(i) {
        Some(Arg::Float(v)) => Ok(*v),
        Some(Arg::Int(SymInt::Int(v))) => Ok(*v as f64),
        Some(Arg::Bool(b)) => Ok(f64::from(u8::from(*b))),
        None | Some(Arg::None) => missing(cx, i, name, "a float", default),
        a => Err(bad(cx, i, name, "a float", a)),
    }
}

/// A `float?`.
pub fn opt_float(
    cx: &Cx<'_>,
    args: &[Arg<'_>],
    i: usize,
    name: &str,
    default: Option<f64>,
) -> Result<Option<f64>> {
    match args.get(i) {
        Some(Arg::Float(v)) => Ok(Some(*v)),
        Some(Arg::Int(SymInt::Int(v))) => Ok(Some(*v as f64)),
        Some(Arg::Bool(b)) => Ok(Some(f64::from(u8::from(*b)))),
        None | Some(Arg::None) => Ok(default),
        a => Err(bad(cx, i, name, "a float or None", a)),
    }
}

/// A `bool`.
pub fn bool(
    cx: &Cx<'_>,
    args: &[Arg<'_>],
    i: usize,
    name: &str,
    default: Option<bool>,
) -> Result<bool> {
    match args.get(i) {
        Some(Arg::Bool(v)) => Ok(*v),
        Some(Arg::SymBool(SymBool::Bool(v))) => Ok(*v),
        // PyTorch's binding reads `None` for a bool as `False`, whatever
        // the default.
        Some(Arg::None) => Ok(false),
        None => missing(cx, i, name, "a bool", default),
        a => Err(bad(cx, i, name, "a bool", a)),
    }
}

/// A `bool[N]` (`output_mask`): `N` flags.
pub fn bools<const N: usize>(
    cx: &Cx<'_>,
    args: &[Arg<'_>],
    i: usize,
    name: &str,
) -> Result<[bool; N]> {
    match args.get(i) {
        Some(Arg::Bools(v)) if v.len() == N => {
            let mut out = [false; N];
            out.copy_from_slice(v);
            Ok(out)
        }
        a => Err(bad(cx, i, name, &format!("a list of {N} bools"), a)),
    }
}

/// A `bool?`.
pub fn opt_bool(
    cx: &Cx<'_>,
    args: &[Arg<'_>],
    i: usize,
    name: &str,
    default: Option<bool>,
) -> Result<Option<bool>> {
    match args.get(i) {
        Some(Arg::Bool(v)) => Ok(Some(*v)),
        None | Some(Arg::None) => Ok(default),
        a => Err(bad(cx, i, name, "a bool or None", a)),
    }
}

/// A `Scalar`.
pub fn scalar(
    cx: &Cx<'_>,
    args: &[Arg<'_>],
    i: usize,
    name: &str,
    default: Option<Scalar>,
) -> Result<Scalar> {
    match args.get(i) {
        Some(Arg::Scalar(v)) => Ok(*v),
        Some(Arg::Int(v)) => Ok(Scalar::Int(*v)),
        Some(Arg::Float(v)) => Ok(Scalar::from(*v)),
        Some(Arg::Bool(v)) => Ok(Scalar::Bool(SymBool::Bool(*v))),
        Some(Arg::SymBool(v)) => Ok(Scalar::Bool(*v)),
        None | Some(Arg::None) => missing(cx, i, name, "a number", default),
        a => Err(bad(cx, i, name, "a number", a)),
    }
}

/// A `Scalar?`.
pub fn opt_scalar(
    cx: &Cx<'_>,
    args: &[Arg<'_>],
    i: usize,
    name: &str,
    default: Option<Scalar>,
) -> Result<Option<Scalar>> {
    match args.get(i) {
        None | Some(Arg::None) => Ok(default),
        _ => scalar(cx, args, i, name, None).map(Some),
    }
}

/// A `ScalarType?` (a `ScalarType` is read the same way and unwrapped
/// by the caller).
pub fn opt_dtype(
    cx: &Cx<'_>,
    args: &[Arg<'_>],
    i: usize,
    name: &str,
    default: Option<DType>,
) -> Result<Option<DType>> {
    match args.get(i) {
        Some(Arg::DType(v)) => Ok(Some(*v)),
        None | Some(Arg::None) => Ok(default),
        a => Err(bad(cx, i, name, "a dtype", a)),
    }
}

/// A `Device?`.
pub fn opt_device(
    cx: &Cx<'_>,
    args: &[Arg<'_>],
    i: usize,
    name: &str,
    default: Option<Device>,
) -> Result<Option<Device>> {
    match args.get(i) {
        Some(Arg::Device(v)) => Ok(Some(*v)),
        None | Some(Arg::None) => Ok(default),
        a => Err(bad(cx, i, name, "a device", a)),
    }
}

/// A `Layout?`.
pub fn opt_layout(
    cx: &Cx<'_>,
    args: &[Arg<'_>],
    i: usize,
    name: &str,
    default: Option<Layout>,
) -> Result<Option<Layout>> {
    match args.get(i) {
        Some(Arg::Layout(v)) => Ok(Some(*v)),
        None | Some(Arg::None) => Ok(default),
        a => Err(bad(cx, i, name, "a layout", a)),
    }
}

/// A `MemoryFormat?`.
pub fn opt_memory_format(
    cx: &Cx<'_>,
    args: &[Arg<'_>],
    i: usize,
    name: &str,
    default: Option<MemoryFormat>,
) -> Result<Option<MemoryFormat>> {
    match args.get(i) {
        Some(Arg::MemoryFormat(v)) => Ok(Some(*v)),
        None | Some(Arg::None) => Ok(default),
        a => Err(bad(cx, i, name, "a memory format", a)),
    }
}

/// A `str?`.
pub fn opt_str<'a>(
    cx: &Cx<'_>,
    args: &[Arg<'a>],
    i: usize,
    name: &str,
    default: Option<&'static str>,
) -> Result<Option<&'a str>> {
    match args.get(i) {
        Some(Arg::Str(v)) => Ok(Some(*v)),
        None | Some(Arg::None) => Ok(default),
        a => Err(bad(cx, i, name, "a string", a)),
    }
}

/// Present-or-error for a non-optional argument read through an
/// optional reader.
pub fn required<T>(cx: &Cx<'_>, i: usize, name: &str, v: Option<T>) -> Result<T> {
    v.ok_or_else(|| bad(cx, i, name, "a value", None))
}
