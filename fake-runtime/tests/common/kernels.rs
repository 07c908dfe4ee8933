//! Small hand-written kernels with PyTorch's operator names, schemas and
//! tags, so the mode's machinery is tested without the generated operator
//! set. Their shape semantics are deliberately simple (what the fixtures
//! need); the mode's behaviour around them is what the tests check.

use fake_runtime::kernel::{Alias, Arg, Cx, ErasedKernel, OpDef, Out, Outs, StaticRegistry, Tags};
use fake_runtime::meta::{Scalar, TensorMeta};
use fake_runtime::schema::{AliasInfo, BaseType, DefaultValue, ParamDef, ParamType, ReturnDef};
use fake_runtime::sym::SymInt;
use fake_runtime::{DType, ErrorKind, Result, shape, strides};
use smallvec::smallvec;

fn bad(cx: &Cx<'_>, reason: &str) -> fake_runtime::Error {
    ErrorKind::BadArguments {
        op: cx.op.to_string(),
        reason: reason.to_string(),
    }
    .into()
}

fn tensor<'a>(cx: &Cx<'_>, args: &[Arg<'a>], i: usize) -> Result<&'a TensorMeta> {
    match args.get(i) {
        Some(Arg::Tensor(t)) => Ok(t),
        _ => Err(bad(cx, &format!("argument {i} is not a tensor"))),
    }
}

fn ints<'a>(cx: &Cx<'_>, args: &'a [Arg<'_>], i: usize) -> Result<&'a [SymInt]> {
    match args.get(i) {
        Some(Arg::Ints(v)) => Ok(v),
        _ => Err(bad(cx, &format!("argument {i} is not an int list"))),
    }
}

fn opt_dtype(args: &[Arg<'_>], i: usize) -> Option<DType> {
    match args.get(i) {
        Some(Arg::DType(d)) => Some(*d),
        _ => None,
    }
}

fn opt_device(args: &[Arg<'_>], i: usize) -> Option<fake_runtime::Device> {
    match args.get(i) {
        Some(Arg::Device(d)) => Some(*d),
        _ => None,
    }
}

fn broadcast_meta(cx: &mut Cx<'_>, a: &TensorMeta, b: &TensorMeta) -> Result<TensorMeta> {
    let sizes = shape::broadcast(cx.env, cx.op, &[&a.sizes, &b.sizes])?;
    let ops = [
        strides::Operand {
            sizes: &a.sizes,
            strides: &a.strides,
        },
        strides::Operand {
            sizes: &b.sizes,
            strides: &b.strides,
        },
    ];
    let st = strides::pointwise(cx.env, &sizes, &ops, cx.op)?;
    let mut meta = TensorMeta::contiguous(cx.env, &sizes, a.dtype, cx.device)?;
    meta.strides = st;
    Ok(meta)
}

/// `add.Tensor(Tensor self, Tensor other, *, Scalar alpha=1) -> Tensor`
pub fn add(cx: &mut Cx<'_>, args: &[Arg<'_>]) -> Result<Outs> {
    let (a, b) = (tensor(cx, args, 0)?, tensor(cx, args, 1)?);
    let meta = broadcast_meta(cx, a, b)?;
    Ok(smallvec![Out::Tensor(meta, Alias::Fresh)])
}

/// `add_.Tensor(Tensor(a!) self, Tensor other, *, Scalar alpha=1) -> Tensor(a!)`
pub fn add_(cx: &mut Cx<'_>, args: &[Arg<'_>]) -> Result<Outs> {
    let (a, b) = (tensor(cx, args, 0)?, tensor(cx, args, 1)?);
    let sizes = shape::broadcast(cx.env, cx.op, &[&a.sizes, &b.sizes])?;
    if sizes.len() != a.sizes.len() {
        return Err(bad(
            cx,
            "output with shape doesn't match the broadcast shape",
        ));
    }
    for (&x, &y) in sizes.iter().zip(&a.sizes) {
        shape::check_eq(cx.env, y, x, cx.op, &|| "in-place output size".into())?;
    }
    Ok(smallvec![Out::Tensor(a.clone(), Alias::InPlace(0))])
}

/// `add.out(Tensor self, Tensor other, *, Scalar alpha=1, Tensor(a!) out) -> Tensor(a!)`
pub fn add_out(cx: &mut Cx<'_>, args: &[Arg<'_>]) -> Result<Outs> {
    let (a, b, out) = (
        tensor(cx, args, 0)?,
        tensor(cx, args, 1)?,
        tensor(cx, args, 3)?,
    );
    let r = broadcast_meta(cx, a, b)?;
    let meta = if r.sizes == out.sizes {
        out.clone()
    } else {
        TensorMeta::contiguous(cx.env, &r.sizes, out.dtype, out.device)?
    };
    Ok(smallvec![Out::Tensor(meta, Alias::InPlace(3))])
}

/// `view(Tensor(a) self, SymInt[] size) -> Tensor(a)`
pub fn view(cx: &mut Cx<'_>, args: &[Arg<'_>]) -> Result<Outs> {
    let a = tensor(cx, args, 0)?;
    let sizes = ints(cx, args, 1)?;
    let numel = a.numel(cx.env)?;
    let sizes = shape::infer_view(cx.env, cx.op, numel, sizes)?;
    let st = strides::view_strides(
        cx.env,
        &a.sizes,
        &a.strides,
        &sizes,
        cx.op,
        strides::Decide::Guard,
    )?
    .ok_or_else(|| {
        bad(
            cx,
            "view size is not compatible with input tensor's size and stride",
        )
    })?;
    let meta = TensorMeta {
        sizes,
        strides: st,
        ..a.clone()
    };
    Ok(smallvec![Out::Tensor(meta, Alias::ViewOf(0))])
}

/// `t_(Tensor(a!) self) -> Tensor(a!)`
pub fn t_(cx: &mut Cx<'_>, args: &[Arg<'_>]) -> Result<Outs> {
    let mut a = tensor(cx, args, 0)?.clone();
    if a.dim() == 2 {
        a.sizes.swap(0, 1);
        a.strides.swap(0, 1);
    }
    Ok(smallvec![Out::Tensor(a, Alias::InPlace(0))])
}

/// `test::faulty(Tensor self) -> Tensor`: a kernel at fault, whose result
/// has one stride more than it has sizes.
pub fn faulty(cx: &mut Cx<'_>, args: &[Arg<'_>]) -> Result<Outs> {
    let mut a = tensor(cx, args, 0)?.clone();
    a.strides.push(SymInt::Int(1));
    Ok(smallvec![Out::Tensor(a, Alias::Fresh)])
}

/// `unsqueeze_(Tensor(a!) self, int dim) -> Tensor(a!)`
pub fn unsqueeze_(cx: &mut Cx<'_>, args: &[Arg<'_>]) -> Result<Outs> {
    let mut a = tensor(cx, args, 0)?.clone();
    let Some(Arg::Int(SymInt::Int(dim))) = args.get(1) else {
        return Err(bad(cx, "dim"));
    };
    let d = shape::wrap_dim(cx.op, *dim, a.dim() + 1)?;
    let stride = if d < a.dim() {
        cx.env.mul(a.sizes[d], a.strides[d])?
    } else {
        SymInt::Int(1)
    };
    a.sizes.insert(d, SymInt::Int(1));
    a.strides.insert(d, stride);
    Ok(smallvec![Out::Tensor(a, Alias::InPlace(0))])
}

/// `resize_(Tensor(a!) self, SymInt[] size, *, MemoryFormat? memory_format=None) -> Tensor(a!)`
pub fn resize_(cx: &mut Cx<'_>, args: &[Arg<'_>]) -> Result<Outs> {
    let a = tensor(cx, args, 0)?;
    let sizes = ints(cx, args, 1)?;
    let meta = TensorMeta {
        strides: strides::contiguous(cx.env, sizes)?,
        sizes: sizes.iter().copied().collect(),
        ..a.clone()
    };
    Ok(smallvec![Out::Tensor(meta, Alias::InPlace(0))])
}

/// `nonzero(Tensor self) -> Tensor`: `[u, dim]` with strides `(1, u)`,
/// `u` in `[0, numel]`; no symbol when numel is 0.
pub fn nonzero(cx: &mut Cx<'_>, args: &[Arg<'_>]) -> Result<Outs> {
    let a = tensor(cx, args, 0)?;
    let numel = a.numel(cx.env)?;
    let u = if numel == SymInt::Int(0) {
        SymInt::Int(0)
    } else {
        let max = cx.env.value_range(numel)?.hi();
        let u = cx.env.create_unbacked(true, cx.op);
        cx.env.constrain_range(u, Some(0), max, cx.op)?;
        u
    };
    let meta = TensorMeta {
        sizes: shape::Dims::from_slice(&[u, SymInt::Int(a.dim() as i64)]),
        strides: shape::Dims::from_slice(&[SymInt::Int(1), u]),
        storage_offset: SymInt::Int(0),
        dtype: DType::Int64,
        device: cx.device,
        layout: a.layout,
        requires_grad: false,
        wrapped_number: false,
    };
    Ok(smallvec![Out::Tensor(meta, Alias::Fresh)])
}

/// `_local_scalar_dense(Tensor self) -> Scalar`
pub fn item(cx: &mut Cx<'_>, _args: &[Arg<'_>]) -> Result<Outs> {
    let v = match cx.constant {
        Some(v) => v,
        None => Scalar::Int(cx.env.create_unbacked(false, cx.op)),
    };
    Ok(smallvec![Out::Scalar(v)])
}

/// `empty.memory_format(SymInt[] size, *, ScalarType? dtype=None, Layout? layout=None,
/// Device? device=None, bool? pin_memory=None, MemoryFormat? memory_format=None) -> Tensor`
pub fn empty(cx: &mut Cx<'_>, args: &[Arg<'_>]) -> Result<Outs> {
    let sizes = ints(cx, args, 0)?;
    let dtype = opt_dtype(args, 1).unwrap_or(cx.defaults.dtype);
    let device = opt_device(args, 3).unwrap_or(cx.defaults.device);
    let meta = TensorMeta::contiguous(cx.env, sizes, dtype, device)?;
    Ok(smallvec![Out::Tensor(meta, Alias::Fresh)])
}

/// `full(SymInt[] size, Scalar fill_value, *, ScalarType? dtype=None, Layout? layout=None,
/// Device? device=None, bool? pin_memory=None) -> Tensor`
pub fn full(cx: &mut Cx<'_>, args: &[Arg<'_>]) -> Result<Outs> {
    let sizes = ints(cx, args, 0)?;
    let Some(Arg::Scalar(fill)) = args.get(1) else {
        return Err(bad(cx, "fill_value"));
    };
    let dtype = opt_dtype(args, 2).unwrap_or(fill.default_dtype(cx.defaults.dtype));
    let device = opt_device(args, 4).unwrap_or(cx.defaults.device);
    let meta = TensorMeta::contiguous(cx.env, sizes, dtype, device)?;
    Ok(smallvec![Out::Tensor(meta, Alias::Fresh)])
}

/// `_to_copy(Tensor self, *, ScalarType? dtype=None, Layout? layout=None, Device? device=None,
/// bool? pin_memory=None, bool non_blocking=False, MemoryFormat? memory_format=None) -> Tensor`
pub fn to_copy(cx: &mut Cx<'_>, args: &[Arg<'_>]) -> Result<Outs> {
    let a = tensor(cx, args, 0)?;
    let meta = TensorMeta {
        dtype: opt_dtype(args, 1).unwrap_or(a.dtype),
        device: opt_device(args, 3).unwrap_or(a.device),
        storage_offset: SymInt::Int(0),
        requires_grad: false,
        wrapped_number: false,
        ..a.clone()
    };
    Ok(smallvec![Out::Tensor(meta, Alias::Fresh)])
}

const fn def(
    name: &'static str,
    schema: &'static str,
    params: &'static [ParamDef],
    returns: &'static [ReturnDef],
    kernel: ErasedKernel,
    tags: Tags,
) -> OpDef {
    OpDef {
        name,
        schema,
        params,
        returns,
        tags,
        kernel,
        autograd: fake_runtime::Autograd::Composite,
    }
}

// The schemas' parameters and returns, as the `rules!` macro emits them
// for generated operators.
const TENSOR: ParamType = ParamType::of(BaseType::Tensor);
const SIZES: ParamType = ParamType::list_of(BaseType::SymInt, None);
const SELF: ParamDef = ParamDef::new("self", TENSOR);
const A: AliasInfo = AliasInfo {
    sets: &["a"],
    write: false,
    after: &[],
};
const A_WRITTEN: AliasInfo = AliasInfo { write: true, ..A };
const SELF_WRITTEN: ParamDef = SELF.aliased(A_WRITTEN);
const OPT_NONE: DefaultValue = DefaultValue::None;
const DTYPE: ParamDef = ParamDef::new("dtype", ParamType::of(BaseType::ScalarType).optional())
    .with_default(OPT_NONE)
    .keyword_only();
const LAYOUT: ParamDef = ParamDef::new("layout", ParamType::of(BaseType::Layout).optional())
    .with_default(OPT_NONE)
    .keyword_only();
const DEVICE: ParamDef = ParamDef::new("device", ParamType::of(BaseType::Device).optional())
    .with_default(OPT_NONE)
    .keyword_only();
const PIN_MEMORY: ParamDef = ParamDef::new("pin_memory", ParamType::of(BaseType::Bool).optional())
    .with_default(OPT_NONE)
    .keyword_only();
const MEMORY_FORMAT: ParamDef = ParamDef::new(
    "memory_format",
    ParamType::of(BaseType::MemoryFormat).optional(),
)
.with_default(OPT_NONE)
.keyword_only();
const ALPHA: ParamDef = ParamDef::new("alpha", ParamType::of(BaseType::Scalar))
    .with_default(DefaultValue::Int(1))
    .keyword_only();
const OTHER: ParamDef = ParamDef::new("other", TENSOR);
const RET: &[ReturnDef] = &[ReturnDef {
    name: None,
    ty: TENSOR,
    alias: None,
}];
const RET_VIEW: &[ReturnDef] = &[ReturnDef {
    name: None,
    ty: TENSOR,
    alias: Some(A),
}];
const RET_WRITTEN: &[ReturnDef] = &[ReturnDef {
    name: None,
    ty: TENSOR,
    alias: Some(A_WRITTEN),
}];

const NONE: Tags = Tags {
    pointwise: false,
    view: false,
    inplace: false,
    factory: false,
    data_dependent: false,
    memo: None,
    no_grad: false,
    multi_device: false,
    seeded: false,
    no_meta: false,
    plain: None,
    hand_written: true,
    derived: false,
};

/// The test operators, sorted by name.
pub static OPS: [OpDef; 13] = [
    def(
        "aten::_local_scalar_dense",
        "_local_scalar_dense(Tensor self) -> Scalar",
        &[SELF],
        &[ReturnDef {
            name: None,
            ty: ParamType::of(BaseType::Scalar),
            alias: None,
        }],
        item,
        Tags {
            data_dependent: true,
            memo: Some(fake_runtime::UnbackedMemo::Item),
            ..NONE
        },
    ),
    def(
        "aten::_to_copy",
        "_to_copy(Tensor self, *, ScalarType? dtype=None, Layout? layout=None, Device? device=None, bool? pin_memory=None, bool non_blocking=False, MemoryFormat? memory_format=None) -> Tensor",
        &[
            SELF,
            DTYPE,
            LAYOUT,
            DEVICE,
            PIN_MEMORY,
            ParamDef::new("non_blocking", ParamType::of(BaseType::Bool))
                .with_default(DefaultValue::Bool(false))
                .keyword_only(),
            MEMORY_FORMAT,
        ],
        RET,
        to_copy,
        NONE,
    ),
    def(
        "aten::add.Tensor",
        "add.Tensor(Tensor self, Tensor other, *, Scalar alpha=1) -> Tensor",
        &[SELF, OTHER, ALPHA],
        RET,
        add,
        Tags {
            pointwise: true,
            ..NONE
        },
    ),
    def(
        "aten::add.out",
        "add.out(Tensor self, Tensor other, *, Scalar alpha=1, Tensor(a!) out) -> Tensor(a!)",
        &[
            SELF,
            OTHER,
            ALPHA,
            ParamDef::new("out", TENSOR)
                .aliased(A_WRITTEN)
                .keyword_only(),
        ],
        RET_WRITTEN,
        add_out,
        Tags {
            pointwise: true,
            inplace: true,
            ..NONE
        },
    ),
    def(
        "aten::add_.Tensor",
        "add_.Tensor(Tensor(a!) self, Tensor other, *, Scalar alpha=1) -> Tensor(a!)",
        &[SELF_WRITTEN, OTHER, ALPHA],
        RET_WRITTEN,
        add_,
        Tags {
            pointwise: true,
            inplace: true,
            ..NONE
        },
    ),
    def(
        "aten::empty.memory_format",
        "empty.memory_format(SymInt[] size, *, ScalarType? dtype=None, Layout? layout=None, Device? device=None, bool? pin_memory=None, MemoryFormat? memory_format=None) -> Tensor",
        &[
            ParamDef::new("size", SIZES),
            DTYPE,
            LAYOUT,
            DEVICE,
            PIN_MEMORY,
            MEMORY_FORMAT,
        ],
        RET,
        empty,
        Tags {
            factory: true,
            ..NONE
        },
    ),
    def(
        "aten::full",
        "full(SymInt[] size, Scalar fill_value, *, ScalarType? dtype=None, Layout? layout=None, Device? device=None, bool? pin_memory=None) -> Tensor",
        &[
            ParamDef::new("size", SIZES),
            ParamDef::new("fill_value", ParamType::of(BaseType::Scalar)),
            DTYPE,
            LAYOUT,
            DEVICE,
            PIN_MEMORY,
        ],
        RET,
        full,
        Tags {
            factory: true,
            ..NONE
        },
    ),
    def(
        "aten::nonzero",
        "nonzero(Tensor self) -> Tensor",
        &[SELF],
        RET,
        nonzero,
        Tags {
            data_dependent: true,
            memo: Some(fake_runtime::UnbackedMemo::Nonzero),
            ..NONE
        },
    ),
    def(
        "aten::resize_",
        "resize_(Tensor(a!) self, SymInt[] size, *, MemoryFormat? memory_format=None) -> Tensor(a!)",
        &[SELF_WRITTEN, ParamDef::new("size", SIZES), MEMORY_FORMAT],
        RET_WRITTEN,
        resize_,
        Tags {
            inplace: true,
            view: true,
            ..NONE
        },
    ),
    def(
        "aten::t_",
        "t_(Tensor(a!) self) -> Tensor(a!)",
        &[SELF_WRITTEN],
        RET_WRITTEN,
        t_,
        Tags {
            inplace: true,
            view: true,
            ..NONE
        },
    ),
    def(
        "aten::unsqueeze_",
        "unsqueeze_(Tensor(a!) self, int dim) -> Tensor(a!)",
        &[
            SELF_WRITTEN,
            ParamDef::new("dim", ParamType::of(BaseType::Int)),
        ],
        RET_WRITTEN,
        unsqueeze_,
        Tags {
            inplace: true,
            view: true,
            ..NONE
        },
    ),
    def(
        "aten::view",
        "view(Tensor(a) self, SymInt[] size) -> Tensor(a)",
        &[SELF.aliased(A), ParamDef::new("size", SIZES)],
        RET_VIEW,
        view,
        Tags { view: true, ..NONE },
    ),
    def(
        "test::faulty",
        "faulty(Tensor self) -> Tensor",
        &[SELF],
        RET,
        faulty,
        NONE,
    ),
];

/// The test registry.
pub fn registry() -> StaticRegistry {
    StaticRegistry(&OPS)
}
