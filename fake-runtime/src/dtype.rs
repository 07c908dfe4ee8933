//! Element types: every dtype PyTorch has, their categories and sizes.
//!
//! Names and properties follow `c10/core/ScalarType.h`; printing follows
//! Python (`float32`, as in `torch.float32`).

use crate::error::{ErrorKind, Result};
use std::fmt;
use std::str::FromStr;

/// A tensor's element type.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
#[repr(u8)]
pub enum DType {
    /// `torch.bool`.
    Bool,
    /// `torch.uint8`.
    UInt8,
    /// `torch.uint16` (a barebones type: few kernels, no promotion).
    UInt16,
    /// `torch.uint32` (barebones).
    UInt32,
    /// `torch.uint64` (barebones).
    UInt64,
    /// `torch.int8`.
    Int8,
    /// `torch.int16`.
    Int16,
    /// `torch.int32`.
    Int32,
    /// `torch.int64`.
    Int64,
    /// `torch.float16`.
    Float16,
    /// `torch.bfloat16`.
    BFloat16,
    /// `torch.float32`.
    Float32,
    /// `torch.float64`.
    Float64,
    /// `torch.complex32` (`chalf`).
    Complex32,
    /// `torch.complex64`.
    Complex64,
    /// `torch.complex128`.
    Complex128,
    /// `torch.bcomplex32`: complex with `bfloat16` parts.
    BComplex32,
    /// `torch.float8_e5m2`.
    Float8E5M2,
    /// `torch.float8_e4m3fn`.
    Float8E4M3Fn,
    /// `torch.float8_e5m2fnuz`.
    Float8E5M2Fnuz,
    /// `torch.float8_e4m3fnuz`.
    Float8E4M3Fnuz,
    /// `torch.float8_e8m0fnu`.
    Float8E8M0Fnu,
    /// `torch.float4_e2m1fn_x2`: two 4-bit floats packed in a byte.
    Float4E2M1FnX2,
}

impl DType {
    /// Every dtype, in declaration order.
    pub const ALL: [DType; 23] = [
        DType::Bool,
        DType::UInt8,
        DType::UInt16,
        DType::UInt32,
        DType::UInt64,
        DType::Int8,
        DType::Int16,
        DType::Int32,
        DType::Int64,
        DType::Float16,
        DType::BFloat16,
        DType::Float32,
        DType::Float64,
        DType::Complex32,
        DType::Complex64,
        DType::Complex128,
        DType::BComplex32,
        DType::Float8E5M2,
        DType::Float8E4M3Fn,
        DType::Float8E5M2Fnuz,
        DType::Float8E4M3Fnuz,
        DType::Float8E8M0Fnu,
        DType::Float4E2M1FnX2,
    ];

    /// The Python name without `torch.` (`float32`).
    pub const fn name(self) -> &'static str {
        match self {
            DType::Bool => "bool",
            DType::UInt8 => "uint8",
            DType::UInt16 => "uint16",
            DType::UInt32 => "uint32",
            DType::UInt64 => "uint64",
            DType::Int8 => "int8",
            DType::Int16 => "int16",
            DType::Int32 => "int32",
            DType::Int64 => "int64",
            DType::Float16 => "float16",
            DType::BFloat16 => "bfloat16",
            DType::Float32 => "float32",
            DType::Float64 => "float64",
            DType::Complex32 => "complex32",
            DType::Complex64 => "complex64",
            DType::Complex128 => "complex128",
            DType::BComplex32 => "bcomplex32",
            DType::Float8E5M2 => "float8_e5m2",
            DType::Float8E4M3Fn => "float8_e4m3fn",
            DType::Float8E5M2Fnuz => "float8_e5m2fnuz",
            DType::Float8E4M3Fnuz => "float8_e4m3fnuz",
            DType::Float8E8M0Fnu => "float8_e8m0fnu",
            DType::Float4E2M1FnX2 => "float4_e2m1fn_x2",
        }
    }

    /// The number of c10's `ScalarType` enumerator (`Float` is 6): what
    /// Python's binding passes for a dtype given where a number is taken
    /// (`add.Scalar(x, torch.int32)` adds 3).
    pub const fn scalar_type_number(self) -> i64 {
        match self {
            DType::UInt8 => 0,
            DType::Int8 => 1,
            DType::Int16 => 2,
            DType::Int32 => 3,
            DType::Int64 => 4,
            DType::Float16 => 5,
            DType::Float32 => 6,
            DType::Float64 => 7,
            DType::Complex32 => 8,
            DType::Complex64 => 9,
            DType::Complex128 => 10,
            DType::Bool => 11,
            DType::BFloat16 => 15,
            DType::Float8E5M2 => 23,
            DType::Float8E4M3Fn => 24,
            DType::Float8E5M2Fnuz => 25,
            DType::Float8E4M3Fnuz => 26,
            DType::UInt16 => 27,
            DType::UInt32 => 28,
            DType::UInt64 => 29,
            DType::Float8E8M0Fnu => 44,
            DType::Float4E2M1FnX2 => 45,
            DType::BComplex32 => 46,
        }
    }

    /// The dtype of c10's `ScalarType` number `n` (the inverse of
    /// [`DType::scalar_type_number`]), as schemas write dtype defaults and
    /// Python's binding reads an int given for a dtype (`5` is `float16`).
    pub fn from_scalar_type_number(n: i64) -> Option<DType> {
        DType::ALL.into_iter().find(|d| d.scalar_type_number() == n)
    }

    /// The C++ `ScalarType` name, as ATen's messages print it (`Float`).
    pub const fn c10_name(self) -> &'static str {
        match self {
            DType::Bool => "Bool",
            DType::UInt8 => "Byte",
            DType::UInt16 => "UInt16",
            DType::UInt32 => "UInt32",
            DType::UInt64 => "UInt64",
            DType::Int8 => "Char",
            DType::Int16 => "Short",
            DType::Int32 => "Int",
            DType::Int64 => "Long",
            DType::Float16 => "Half",
            DType::BFloat16 => "BFloat16",
            DType::Float32 => "Float",
            DType::Float64 => "Double",
            DType::Complex32 => "ComplexHalf",
            DType::Complex64 => "ComplexFloat",
            DType::Complex128 => "ComplexDouble",
            DType::BComplex32 => "BComplex32",
            DType::Float8E5M2 => "Float8_e5m2",
            DType::Float8E4M3Fn => "Float8_e4m3fn",
            DType::Float8E5M2Fnuz => "Float8_e5m2fnuz",
            DType::Float8E4M3Fnuz => "Float8_e4m3fnuz",
            DType::Float8E8M0Fnu => "Float8_e8m0fnu",
            DType::Float4E2M1FnX2 => "Float4_e2m1fn_x2",
        }
    }

    /// The name of the element type's `caffe2::TypeMeta`, which C++
    /// messages print for a tensor's `dtype()` (GCC's names of the C++
    /// types: `float`, `long int`, `c10::Half`).
    pub const fn type_meta_name(self) -> &'static str {
        match self {
            DType::Bool => "bool",
            DType::UInt8 => "unsigned char",
            DType::UInt16 => "short unsigned int",
            DType::UInt32 => "unsigned int",
            DType::UInt64 => "long unsigned int",
            DType::Int8 => "signed char",
            DType::Int16 => "short int",
            DType::Int32 => "int",
            DType::Int64 => "long int",
            DType::Float16 => "c10::Half",
            DType::BFloat16 => "c10::BFloat16",
            DType::Float32 => "float",
            DType::Float64 => "double",
            DType::Complex32 => "c10::complex<c10::Half>",
            DType::Complex64 => "c10::complex<float>",
            DType::Complex128 => "c10::complex<double>",
            DType::BComplex32 => "c10::complex<c10::BFloat16>",
            DType::Float8E5M2 => "c10::Float8_e5m2",
            DType::Float8E4M3Fn => "c10::Float8_e4m3fn",
            DType::Float8E5M2Fnuz => "c10::Float8_e5m2fnuz",
            DType::Float8E4M3Fnuz => "c10::Float8_e4m3fnuz",
            DType::Float8E8M0Fnu => "c10::Float8_e8m0fnu",
            DType::Float4E2M1FnX2 => "c10::Float4_e2m1fn_x2",
        }
    }

    /// Bytes per element.
    pub const fn itemsize(self) -> usize {
        match self {
            DType::Bool | DType::UInt8 | DType::Int8 => 1,
            DType::Float8E5M2
            | DType::Float8E4M3Fn
            | DType::Float8E5M2Fnuz
            | DType::Float8E4M3Fnuz
            | DType::Float8E8M0Fnu
            | DType::Float4E2M1FnX2 => 1,
            DType::UInt16 | DType::Int16 | DType::Float16 | DType::BFloat16 => 2,
            DType::UInt32
            | DType::Int32
            | DType::Float32
            | DType::Complex32
            | DType::BComplex32 => 4,
            DType::UInt64 | DType::Int64 | DType::Float64 | DType::Complex64 => 8,
            DType::Complex128 => 16,
        }
    }

    /// `torch.is_floating_point`: the real floating types, float8 included.
    pub const fn is_floating_point(self) -> bool {
        matches!(
            self,
            DType::Float16
                | DType::BFloat16
                | DType::Float32
                | DType::Float64
                | DType::Float8E5M2
                | DType::Float8E4M3Fn
                | DType::Float8E5M2Fnuz
                | DType::Float8E4M3Fnuz
                | DType::Float8E8M0Fnu
                | DType::Float4E2M1FnX2
        )
    }

    /// The float8 kinds, which PyTorch promotes with nothing but
    /// themselves.
    pub const fn is_float8(self) -> bool {
        matches!(
            self,
            DType::Float8E5M2
                | DType::Float8E4M3Fn
                | DType::Float8E5M2Fnuz
                | DType::Float8E4M3Fnuz
                | DType::Float8E8M0Fnu
        )
    }

    /// `torch.is_complex`.
    pub const fn is_complex(self) -> bool {
        matches!(
            self,
            DType::Complex32 | DType::Complex64 | DType::Complex128 | DType::BComplex32
        )
    }

    /// Integral types; `include_bool` counts `bool` among them (as
    /// `isIntegralType(t, includeBool)`).
    pub const fn is_integral(self, include_bool: bool) -> bool {
        match self {
            DType::Bool => include_bool,
            DType::UInt8
            | DType::UInt16
            | DType::UInt32
            | DType::UInt64
            | DType::Int8
            | DType::Int16
            | DType::Int32
            | DType::Int64 => true,
            _ => false,
        }
    }

    /// `uint16`, `uint32`, `uint64`: present, but without promotion.
    pub const fn is_barebones_unsigned(self) -> bool {
        matches!(self, DType::UInt16 | DType::UInt32 | DType::UInt64)
    }

    /// `dtype.is_signed`.
    pub const fn is_signed(self) -> bool {
        !matches!(
            self,
            DType::Bool
                | DType::UInt8
                | DType::UInt16
                | DType::UInt32
                | DType::UInt64
                | DType::Float8E8M0Fnu
        )
    }

    /// The complex type whose parts are this float (`float32` ->
    /// `complex64`); complex types map to themselves, anything else to
    /// `complex64` as `torch.complex` does for the default dtype.
    pub const fn to_complex(self) -> DType {
        match self {
            DType::Float16 => DType::Complex32,
            DType::BFloat16 => DType::BComplex32,
            DType::Float64 => DType::Complex128,
            DType::Complex32 | DType::Complex64 | DType::Complex128 | DType::BComplex32 => self,
            _ => DType::Complex64,
        }
    }

    /// The float type of a complex type's parts (`complex64` -> `float32`);
    /// anything else maps to itself (as `toRealValueType`).
    pub const fn to_real(self) -> DType {
        match self {
            DType::Complex32 => DType::Float16,
            DType::BComplex32 => DType::BFloat16,
            DType::Complex64 => DType::Float32,
            DType::Complex128 => DType::Float64,
            _ => self,
        }
    }

    /// `torch.finfo(self).max`: the largest finite value of a floating or
    /// complex dtype (a complex one's real dtype's); `None` for the
    /// integral dtypes and bool, for which `torch.finfo` refuses, and for
    /// `float4_e2m1fn_x2`, which has no `max`.
    pub const fn finfo_max(self) -> Option<f64> {
        Some(match self.to_real() {
            DType::Float16 => 65504.0,
            DType::BFloat16 => 3.3895313892515355e38,
            DType::Float32 => 3.4028234663852886e38,
            DType::Float64 => f64::MAX,
            DType::Float8E5M2 | DType::Float8E5M2Fnuz => 57344.0,
            DType::Float8E4M3Fn => 448.0,
            DType::Float8E4M3Fnuz => 240.0,
            DType::Float8E8M0Fnu => 1.7014118346046923e38,
            _ => return None,
        })
    }

    /// The category used by `torch.result_type`: 0 bool, 1 integral,
    /// 2 floating, 3 complex.
    pub const fn category(self) -> u8 {
        if self.is_complex() {
            3
        } else if self.is_floating_point() {
            2
        } else if matches!(self, DType::Bool) {
            0
        } else {
            1
        }
    }
}

impl fmt::Display for DType {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

impl FromStr for DType {
    type Err = crate::error::Error;

    /// Parses `float32`, `torch.float32` and PyTorch's aliases (`float`,
    /// `double`, `half`, `long`, `int`, `short`, `cfloat`, `cdouble`,
    /// `chalf`).
    fn from_str(s: &str) -> Result<Self> {
        let bare = s.strip_prefix("torch.").unwrap_or(s);
        if let Some(d) = DType::ALL.iter().find(|d| d.name() == bare) {
            return Ok(*d);
        }
        Ok(match bare {
            "float" => DType::Float32,
            "double" => DType::Float64,
            "half" => DType::Float16,
            "long" => DType::Int64,
            "int" => DType::Int32,
            "short" => DType::Int16,
            "cfloat" => DType::Complex64,
            "cdouble" => DType::Complex128,
            "chalf" => DType::Complex32,
            _ => return Err(ErrorKind::UnknownDType { name: s.to_owned() }.into()),
        })
    }
}
