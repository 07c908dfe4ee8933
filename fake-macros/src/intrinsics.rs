//! The table of rule intrinsics: the functions a rule may call, with the
//! kinds of their parameters and result. Each entry names a function of
//! `fake_runtime::intrinsics` taking `&mut Cx` first, then the parameters
//! in this order; an optional parameter may be left out (it is passed as
//! `None`) or given by name (`unbacked(size_like, max = n)`).
//!
//! Also the named constants a rule may write: dtypes (`int64`), memory
//! formats (`channels_last`), unbacked flavours (`size_like`) and the
//! promotion kinds of `@pointwise(promote = ...)`.

use crate::kind::{Base, Kind};

/// One parameter of an intrinsic.
#[derive(Debug, Clone, Copy)]
pub(crate) struct Param {
    /// Its name, for named arguments and messages.
    pub(crate) name: &'static str,
    /// Its kind; an optional kind may be left out.
    pub(crate) kind: Kind,
}

/// One intrinsic.
#[derive(Debug, Clone, Copy)]
pub(crate) struct Intrinsic {
    /// Its name in rules and in `fake_runtime::intrinsics`.
    pub(crate) name: &'static str,
    /// Parameters in order.
    pub(crate) params: &'static [Param],
    /// The kind of the result.
    pub(crate) ret: Kind,
    /// What it computes, for messages.
    pub(crate) doc: &'static str,
}

/// Shorthand for a parameter.
const fn p(name: &'static str, base: Base) -> Param {
    Param {
        name,
        kind: Kind::of(base),
    }
}

/// Shorthand for an optional parameter.
const fn o(name: &'static str, base: Base) -> Param {
    Param {
        name,
        kind: Kind::opt(base),
    }
}

/// Shorthand for an intrinsic.
const fn i(
    name: &'static str,
    params: &'static [Param],
    ret: Base,
    doc: &'static str,
) -> Intrinsic {
    Intrinsic {
        name,
        params,
        ret: Kind::of(ret),
        doc,
    }
}

use Base::{
    Bool, DType, Device, Dims, Int, IntList, MemoryFormat, Scalar, Size, SymBool, Tensor,
    TensorList, UnbackedFlavor,
};

/// Every intrinsic, sorted by name.
pub(crate) const INTRINSICS: &[Intrinsic] = &[
    i(
        "all_nonneg",
        &[p("s", Dims)],
        SymBool,
        "every size is `>= 0`",
    ),
    i(
        "any_dtype",
        &[p("dtype", DType)],
        DType,
        "dtype of `any`/`all`: `uint8` stays, anything else is `bool`",
    ),
    i(
        "arange_dtype",
        &[p("start", Scalar), p("end", Scalar), p("step", Scalar)],
        DType,
        "the dtype of `arange`",
    ),
    i(
        "arange_len",
        &[p("start", Scalar), p("end", Scalar), p("step", Scalar)],
        Size,
        "the length of `arange`",
    ),
    i(
        "arg_reduce",
        &[p("s", Dims), o("dim", Int), p("keepdim", Bool)],
        Dims,
        "sizes of `argmax`/`argmin`, with their checks on empty inputs",
    ),
    i(
        "at",
        &[p("s", Dims), p("dim", Int)],
        Size,
        "the element at a (wrapped) dim",
    ),
    i(
        "broadcast",
        &[p("a", Dims), p("b", Dims)],
        Dims,
        "the broadcast of two shapes",
    ),
    i(
        "can_cast",
        &[p("from", DType), p("to", DType)],
        Bool,
        "`torch.can_cast`",
    ),
    i(
        "cat",
        &[p("tensors", TensorList), p("dim", Int)],
        Dims,
        "sizes of a concatenation",
    ),
    i(
        "cat_strides",
        &[p("tensors", TensorList), p("shape", Dims)],
        Dims,
        "strides of a concatenation",
    ),
    i(
        "common_device",
        &[],
        Device,
        "the common device of the tensor arguments",
    ),
    i("contiguous", &[p("shape", Dims)], Dims, "row-major strides"),
    i(
        "conv",
        &[
            p("input", Tensor),
            p("weight", Tensor),
            p("stride", Dims),
            p("padding", Dims),
            p("dilation", Dims),
            p("transposed", Bool),
            p("output_padding", Dims),
            p("groups", Size),
        ],
        Dims,
        "sizes of a convolution's output",
    ),
    i(
        "conv_out",
        &[
            p("input", Size),
            p("kernel", Size),
            p("stride", Int),
            p("padding", Int),
            p("dilation", Int),
        ],
        Size,
        "one convolution output length",
    ),
    i(
        "conv_strides",
        &[p("input", Tensor), p("weight", Tensor), p("shape", Dims)],
        Dims,
        "strides of a convolution's output",
    ),
    i("default_device", &[], Device, "the default device"),
    i("default_dtype", &[], DType, "`torch.get_default_dtype()`"),
    i(
        "distinct_dims",
        &[p("dims", IntList), p("rank", Int)],
        Bool,
        "no dim of `dims` repeats once wrapped",
    ),
    i(
        "expand",
        &[p("s", Dims), p("size", Dims)],
        Dims,
        "sizes of `expand`",
    ),
    i(
        "expand_strides",
        &[p("t", Tensor), p("shape", Dims)],
        Dims,
        "strides of `expand`",
    ),
    i(
        "flatten",
        &[p("s", Dims), p("start", Int), p("end", Int)],
        Dims,
        "dims `start..=end` merged",
    ),
    i(
        "format_strides",
        &[p("shape", Dims), o("memory_format", MemoryFormat)],
        Dims,
        "strides in a memory format",
    ),
    i(
        "infer_view",
        &[p("numel", Size), p("size", Dims)],
        Dims,
        "view sizes with one `-1` inferred",
    ),
    i(
        "insert",
        &[p("s", Dims), p("dim", Int), p("value", Size)],
        Dims,
        "a size inserted at a dim",
    ),
    i("is_complex", &[p("dtype", DType)], Bool, "a complex dtype"),
    i("is_cpu", &[p("device", Device)], Bool, "a CPU device"),
    i(
        "is_floating",
        &[p("dtype", DType)],
        Bool,
        "a floating-point dtype",
    ),
    i(
        "is_integral",
        &[p("dtype", DType)],
        Bool,
        "an integral dtype (bool included)",
    ),
    i("len", &[p("l", Dims)], Int, "the length of a list"),
    i(
        "like_strides",
        &[p("t", Tensor), p("shape", Dims)],
        Dims,
        "strides in the memory format of `t`",
    ),
    i(
        "matmul",
        &[p("a", Dims), p("b", Dims)],
        Dims,
        "sizes of `torch.matmul`",
    ),
    i(
        "max",
        &[p("a", Size), p("b", Size)],
        Size,
        "the larger size",
    ),
    i(
        "max_pool2d",
        &[
            p("input", Tensor),
            p("kernel_size", IntList),
            p("stride", IntList),
            p("padding", IntList),
            p("dilation", IntList),
            p("ceil_mode", Bool),
        ],
        Dims,
        "sizes of a 2-D max pooling",
    ),
    i(
        "min",
        &[p("a", Size), p("b", Size)],
        Size,
        "the smaller size",
    ),
    i(
        "movedim",
        &[p("s", Dims), p("source", Int), p("destination", Int)],
        Dims,
        "one (wrapped) dim moved to another place, as `movedim.int`",
    ),
    i(
        "narrow_start",
        &[p("start", Size), p("size", Size)],
        Size,
        "a negative start counted from the end (`guard_or_false(start < 0)`)",
    ),
    i("numel", &[p("s", Dims)], Size, "the product of the sizes"),
    i("ones", &[p("n", Int)], Dims, "`n` sizes of 1"),
    i(
        "pad_sizes",
        &[p("s", Dims), p("pad", Dims)],
        Dims,
        "sizes of `constant_pad_nd`: pairs of pads from the last dim back",
    ),
    i(
        "permute",
        &[p("s", Dims), p("dims", IntList)],
        Dims,
        "a list reordered by a permutation",
    ),
    i(
        "physical_strides",
        &[p("shape", Dims), p("order", IntList)],
        Dims,
        "dense strides in a physical dim order",
    ),
    i(
        "pool_out",
        &[
            p("input", Size),
            p("kernel", Int),
            p("stride", Int),
            p("padding", Int),
            p("dilation", Int),
            p("ceil_mode", Bool),
        ],
        Size,
        "one pooling output length",
    ),
    i(
        "present",
        &[o("x", Scalar)],
        Bool,
        "the optional number is given",
    ),
    i(
        "preserve_strides",
        &[p("t", Tensor), o("memory_format", MemoryFormat)],
        Dims,
        "strides of a copy",
    ),
    i(
        "preserved_offset",
        &[p("t", Tensor)],
        Size,
        "storage offset of `clone_preserve_strides(t)`",
    ),
    i(
        "preserved_strides",
        &[p("t", Tensor)],
        Dims,
        "strides of `clone_preserve_strides(t)`",
    ),
    i(
        "promote_types",
        &[p("a", DType), p("b", DType)],
        DType,
        "`torch.promote_types`",
    ),
    i("rank", &[p("s", Dims)], Int, "the number of dims"),
    i(
        "real_dtype",
        &[p("dtype", DType)],
        DType,
        "the real dtype of a complex one, others unchanged",
    ),
    i(
        "reduce",
        &[p("s", Dims), o("dim", IntList), p("keepdim", Bool)],
        Dims,
        "sizes after a reduction",
    ),
    i(
        "reduce_listed",
        &[p("s", Dims), o("dim", IntList), p("keepdim", Bool)],
        Dims,
        "sizes after reducing the listed dims (absent: all; empty: none)",
    ),
    i(
        "reduce_one",
        &[p("s", Dims), p("dim", Int), p("keepdim", Bool)],
        Dims,
        "sizes after reducing over one dim",
    ),
    i(
        "reduced_nonempty",
        &[p("s", Dims), o("dim", IntList)],
        SymBool,
        "no reduced dim is empty",
    ),
    i(
        "remove",
        &[p("s", Dims), p("dim", Int)],
        Dims,
        "a dim removed",
    ),
    i(
        "repeat_interleave_sizes",
        &[p("s", Dims), p("repeats", Size), o("dim", Int)],
        Dims,
        "sizes of `repeat_interleave.self_int` (flattened without `dim`)",
    ),
    i(
        "repeat_sizes",
        &[p("s", Dims), p("repeats", Dims)],
        Dims,
        "sizes of `repeat`",
    ),
    i(
        "result_type",
        &[p("a", Tensor), p("b", Tensor)],
        DType,
        "`torch.result_type` of two tensors",
    ),
    i(
        "result_type_list",
        &[p("tensors", TensorList)],
        DType,
        "`torch.result_type` of a list",
    ),
    i(
        "result_type_scalar",
        &[p("t", Tensor), p("s", Scalar)],
        DType,
        "`torch.result_type` of a tensor and a number",
    ),
    i("reverse", &[p("s", Dims)], Dims, "a list reversed"),
    i(
        "scalar_dtype",
        &[p("s", Scalar)],
        DType,
        "the dtype of a tensor made from a number",
    ),
    i(
        "scalar_fits",
        &[p("dtype", DType), p("s", Scalar)],
        Bool,
        "a number usable with a dtype",
    ),
    i(
        "scalar_le",
        &[p("a", Scalar), p("b", Scalar)],
        Bool,
        "`a <= b` on real numbers",
    ),
    i(
        "select_offset",
        &[p("t", Tensor), p("dim", Int), p("index", Size)],
        Size,
        "storage offset of `select`",
    ),
    i(
        "shape_or_absent",
        &[o("t", Tensor), p("shape", Dims)],
        SymBool,
        "`t` is absent or of sizes `shape`",
    ),
    i(
        "size_or_one",
        &[p("s", Dims), p("dim", Int)],
        Size,
        "the size at `dim`, 1 for a zero-dim `s` (ATen's `ensure_nonempty_size`)",
    ),
    i(
        "slice_offset",
        &[
            p("t", Tensor),
            p("dim", Int),
            o("start", Size),
            o("end", Size),
            p("step", Size),
        ],
        Size,
        "storage offset of `slice`",
    ),
    i(
        "slice_sizes",
        &[
            p("t", Tensor),
            p("dim", Int),
            o("start", Size),
            o("end", Size),
            p("step", Size),
        ],
        Dims,
        "sizes of `slice`",
    ),
    i(
        "slice_strides",
        &[p("t", Tensor), p("dim", Int), p("step", Size)],
        Dims,
        "strides of `slice`",
    ),
    i(
        "softmax_dtype",
        &[p("dtype", DType), p("half_to_float", Bool)],
        DType,
        "the dtype of `_softmax`",
    ),
    i(
        "squeeze",
        &[p("s", Dims), o("dims", IntList)],
        Dims,
        "sizes without the size-1 dims among `dims`",
    ),
    i(
        "squeeze_like",
        &[p("sizes", Dims), p("other", Dims), o("dims", IntList)],
        Dims,
        "`other` without the dims `squeeze(sizes, dims)` removes",
    ),
    i(
        "suffix_axis",
        &[p("s", Dims), p("normalized", Dims)],
        Int,
        "where a required suffix starts",
    ),
    i(
        "sum_dtype",
        &[p("dtype", DType)],
        DType,
        "the dtype of `sum`",
    ),
    i(
        "swap",
        &[p("s", Dims), p("a", Int), p("b", Int)],
        Dims,
        "two (wrapped) dims exchanged",
    ),
    i(
        "take",
        &[p("s", Dims), p("n", Int)],
        Dims,
        "the first `n` elements",
    ),
    i(
        "unbacked",
        &[p("flavor", UnbackedFlavor), o("max", Size)],
        Size,
        "a fresh unbacked size",
    ),
    i(
        "unsqueeze_strides",
        &[p("t", Tensor), p("dim", Int)],
        Dims,
        "strides of `unsqueeze`",
    ),
    i(
        "with_dim",
        &[p("s", Dims), p("dim", Int), p("value", Size)],
        Dims,
        "`s` with the size at `dim` replaced (a zero-dim `s` unchanged)",
    ),
    i(
        "wrap_dim",
        &[p("dim", Int), p("rank", Int)],
        Int,
        "a dim index wrapped into `[0, rank)`",
    ),
];

/// The intrinsic called `name`.
pub(crate) fn lookup(name: &str) -> Option<&'static Intrinsic> {
    INTRINSICS.iter().find(|i| i.name == name)
}

/// A named constant a rule may write.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) struct Constant {
    /// The name in rules.
    pub(crate) name: &'static str,
    /// Its kind.
    pub(crate) kind: Base,
    /// The Rust path under `fake_runtime::intrinsics::rt` (or
    /// `intrinsics`) that spells its value.
    pub(crate) rust: &'static str,
}

/// Shorthand for a constant.
const fn c(name: &'static str, kind: Base, rust: &'static str) -> Constant {
    Constant { name, kind, rust }
}

/// Every named constant.
pub(crate) const CONSTANTS: &[Constant] = &[
    c("bool", DType, "DType::Bool"),
    c("uint8", DType, "DType::UInt8"),
    c("int8", DType, "DType::Int8"),
    c("int16", DType, "DType::Int16"),
    c("int32", DType, "DType::Int32"),
    c("int64", DType, "DType::Int64"),
    c("float16", DType, "DType::Float16"),
    c("bfloat16", DType, "DType::BFloat16"),
    c("float32", DType, "DType::Float32"),
    c("float64", DType, "DType::Float64"),
    c("complex64", DType, "DType::Complex64"),
    c("complex128", DType, "DType::Complex128"),
    c(
        "contiguous_format",
        MemoryFormat,
        "MemoryFormat::Contiguous",
    ),
    c("channels_last", MemoryFormat, "MemoryFormat::ChannelsLast"),
    c(
        "channels_last_3d",
        MemoryFormat,
        "MemoryFormat::ChannelsLast3d",
    ),
    c("preserve_format", MemoryFormat, "MemoryFormat::Preserve"),
    c("size_like", UnbackedFlavor, "UnbackedFlavor::SizeLike"),
    c("any_int", UnbackedFlavor, "UnbackedFlavor::AnyInt"),
];

/// The constant called `name`.
pub(crate) fn constant(name: &str) -> Option<&'static Constant> {
    CONSTANTS.iter().find(|c| c.name == name)
}

/// The promotion kinds of `@pointwise(promote = ...)`, with the variant of
/// `fake_runtime::PromotionKind` each names.
pub(crate) const PROMOTION_KINDS: &[(&str, &str)] = &[
    ("default", "Default"),
    ("no_opmath", "NoOpmath"),
    ("int_to_float", "IntToFloat"),
    ("always_bool", "AlwaysBool"),
    ("complex_to_float", "ComplexToFloat"),
    ("bool_to_long", "BoolToLong"),
];

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn sorted_and_unique() {
        for w in INTRINSICS.windows(2) {
            assert!(w[0].name < w[1].name, "{} before {}", w[0].name, w[1].name);
        }
        for c in CONSTANTS {
            assert!(lookup(c.name).is_none());
        }
    }
}
