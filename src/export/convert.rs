//! The schema's enums as the runtime's types: `ScalarType` integers to
//! [`DType`], `Layout` to [`Layout`], `MemoryFormat` to [`MemoryFormat`],
//! and the schema's [`Device`](schema::Device) to the runtime's [`Device`].
//! Values this crate does not know (`UNKNOWN`, a newer enum member) are
//! `None`; the caller says where they were found.

use super::schema::{self, layout as sl, memory_format as sm, scalar_type as st};
use fake_runtime::{DType, Device, Layout, MemoryFormat};

/// The dtype of a schema `ScalarType` value.
pub fn dtype(v: i64) -> Option<DType> {
    Some(match v {
        st::BYTE => DType::UInt8,
        st::CHAR => DType::Int8,
        st::SHORT => DType::Int16,
        st::INT => DType::Int32,
        st::LONG => DType::Int64,
        st::HALF => DType::Float16,
        st::FLOAT => DType::Float32,
        st::DOUBLE => DType::Float64,
        st::COMPLEXHALF => DType::Complex32,
        st::COMPLEXFLOAT => DType::Complex64,
        st::COMPLEXDOUBLE => DType::Complex128,
        st::BOOL => DType::Bool,
        st::BFLOAT16 => DType::BFloat16,
        st::UINT16 => DType::UInt16,
        st::FLOAT8E4M3FN => DType::Float8E4M3Fn,
        st::FLOAT8E5M2 => DType::Float8E5M2,
        st::FLOAT8E4M3FNUZ => DType::Float8E4M3Fnuz,
        st::FLOAT8E5M2FNUZ => DType::Float8E5M2Fnuz,
        st::FLOAT8E8M0FNU => DType::Float8E8M0Fnu,
        st::UINT32 => DType::UInt32,
        st::UINT64 => DType::UInt64,
        _ => return None,
    })
}

/// The runtime layout of a schema `Layout` value.
pub fn layout(v: i64) -> Option<Layout> {
    Some(match v {
        sl::SPARSE_COO => Layout::SparseCoo,
        sl::SPARSE_CSR => Layout::SparseCsr,
        sl::SPARSE_CSC => Layout::SparseCsc,
        sl::SPARSE_BSR => Layout::SparseBsr,
        sl::SPARSE_BSC => Layout::SparseBsc,
        sl::MKLDNN => Layout::Mkldnn,
        sl::STRIDED => Layout::Strided,
        _ => return None,
    })
}

/// The runtime memory format of a schema `MemoryFormat` value.
pub fn memory_format(v: i64) -> Option<MemoryFormat> {
    Some(match v {
        sm::CONTIGUOUS_FORMAT => MemoryFormat::Contiguous,
        sm::CHANNELS_LAST => MemoryFormat::ChannelsLast,
        sm::CHANNELS_LAST_3D => MemoryFormat::ChannelsLast3d,
        sm::PRESERVE_FORMAT => MemoryFormat::Preserve,
        _ => return None,
    })
}

/// The runtime device of a schema device (`{"type": "cuda", "index": 0}`).
pub fn device(d: &schema::Device) -> Option<Device> {
    let text = match d.index {
        Some(i) => format!("{}:{i}", d.device_type),
        None => d.device_type.clone(),
    };
    text.parse().ok()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_known_value_maps() {
        for v in [
            1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 28, 29, 30, 31, 32, 33, 34, 35,
        ] {
            assert!(dtype(v).is_some(), "{v}");
        }
        assert_eq!(dtype(0), None);
        assert_eq!(dtype(14), None);
        assert_eq!(layout(7), Some(Layout::Strided));
        assert_eq!(layout(0), None);
        assert_eq!(memory_format(2), Some(MemoryFormat::ChannelsLast));
        assert_eq!(memory_format(9), None);
        let cuda = schema::Device {
            device_type: "cuda".into(),
            index: Some(1),
        };
        assert_eq!(device(&cuda), Some(Device::cuda(1)));
    }
}
