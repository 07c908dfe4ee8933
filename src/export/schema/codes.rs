//! The integer codes of schema.py's enums (`ScalarType`, `Layout`,
//! `MemoryFormat`, `ArgumentKind`), as the serialized program holds them.

/// Values of schema.py's `ScalarType` enum (the `dtype` of a tensor), as
/// they appear in [`TensorMeta::dtype`](super::TensorMeta::dtype) and [`Argument::ScalarType`](super::Argument::ScalarType).
pub mod scalar_type {
    /// `UNKNOWN`
    pub const UNKNOWN: i64 = 0;
    /// `BYTE` (`torch.uint8`)
    pub const BYTE: i64 = 1;
    /// `CHAR` (`torch.int8`)
    pub const CHAR: i64 = 2;
    /// `SHORT` (`torch.int16`)
    pub const SHORT: i64 = 3;
    /// `INT` (`torch.int32`)
    pub const INT: i64 = 4;
    /// `LONG` (`torch.int64`)
    pub const LONG: i64 = 5;
    /// `HALF` (`torch.float16`)
    pub const HALF: i64 = 6;
    /// `FLOAT` (`torch.float32`)
    pub const FLOAT: i64 = 7;
    /// `DOUBLE` (`torch.float64`)
    pub const DOUBLE: i64 = 8;
    /// `COMPLEXHALF` (`torch.complex32`)
    pub const COMPLEXHALF: i64 = 9;
    /// `COMPLEXFLOAT` (`torch.complex64`)
    pub const COMPLEXFLOAT: i64 = 10;
    /// `COMPLEXDOUBLE` (`torch.complex128`)
    pub const COMPLEXDOUBLE: i64 = 11;
    /// `BOOL` (`torch.bool`)
    pub const BOOL: i64 = 12;
    /// `BFLOAT16` (`torch.bfloat16`)
    pub const BFLOAT16: i64 = 13;
    /// `UINT16` (`torch.uint16`)
    pub const UINT16: i64 = 28;
    /// `FLOAT8E4M3FN` (`torch.float8_e4m3fn`)
    pub const FLOAT8E4M3FN: i64 = 29;
    /// `FLOAT8E5M2` (`torch.float8_e5m2`)
    pub const FLOAT8E5M2: i64 = 30;
    /// `FLOAT8E4M3FNUZ` (`torch.float8_e4m3fnuz`)
    pub const FLOAT8E4M3FNUZ: i64 = 31;
    /// `FLOAT8E5M2FNUZ` (`torch.float8_e5m2fnuz`)
    pub const FLOAT8E5M2FNUZ: i64 = 32;
    /// `FLOAT8E8M0FNU` (`torch.float8_e8m0fnu`)
    pub const FLOAT8E8M0FNU: i64 = 33;
    /// `UINT32` (`torch.uint32`)
    pub const UINT32: i64 = 34;
    /// `UINT64` (`torch.uint64`)
    pub const UINT64: i64 = 35;
}

/// Values of schema.py's `Layout` enum, as they appear in
/// [`TensorMeta::layout`](super::TensorMeta::layout) and [`Argument::Layout`](super::Argument::Layout).
pub mod layout {
    /// `Unknown`
    pub const UNKNOWN: i64 = 0;
    /// `SparseCoo` (`torch.sparse_coo`)
    pub const SPARSE_COO: i64 = 1;
    /// `SparseCsr` (`torch.sparse_csr`)
    pub const SPARSE_CSR: i64 = 2;
    /// `SparseCsc` (`torch.sparse_csc`)
    pub const SPARSE_CSC: i64 = 3;
    /// `SparseBsr` (`torch.sparse_bsr`)
    pub const SPARSE_BSR: i64 = 4;
    /// `SparseBsc` (`torch.sparse_bsc`)
    pub const SPARSE_BSC: i64 = 5;
    /// `_mkldnn` (`torch._mkldnn`)
    pub const MKLDNN: i64 = 6;
    /// `Strided` (`torch.strided`)
    pub const STRIDED: i64 = 7;
}

/// Values of schema.py's `MemoryFormat` enum, as they appear in
/// [`Argument::MemoryFormat`](super::Argument::MemoryFormat).
pub mod memory_format {
    /// `Unknown`
    pub const UNKNOWN: i64 = 0;
    /// `ContiguousFormat` (`torch.contiguous_format`)
    pub const CONTIGUOUS_FORMAT: i64 = 1;
    /// `ChannelsLast` (`torch.channels_last`)
    pub const CHANNELS_LAST: i64 = 2;
    /// `ChannelsLast3d` (`torch.channels_last_3d`)
    pub const CHANNELS_LAST_3D: i64 = 3;
    /// `PreserveFormat` (`torch.preserve_format`)
    pub const PRESERVE_FORMAT: i64 = 4;
}

/// Values of schema.py's `ArgumentKind` enum, as they appear in
/// [`NamedArgument::kind`](super::NamedArgument::kind).
pub mod argument_kind {
    /// `UNKNOWN`
    pub const UNKNOWN: i64 = 0;
    /// `POSITIONAL`
    pub const POSITIONAL: i64 = 1;
    /// `KEYWORD`
    pub const KEYWORD: i64 = 2;
}
