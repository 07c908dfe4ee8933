//! Layouts and memory formats, named as PyTorch names them.

use crate::error::{ErrorKind, Result};
use std::fmt;
use std::str::FromStr;

/// How a tensor's elements are laid out (`torch.layout`).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
#[repr(u8)]
pub enum Layout {
    /// `torch.strided`: dense, addressed by sizes and strides.
    Strided,
    /// `torch.sparse_coo`.
    SparseCoo,
    /// `torch.sparse_csr`.
    SparseCsr,
    /// `torch.sparse_csc`.
    SparseCsc,
    /// `torch.sparse_bsr`.
    SparseBsr,
    /// `torch.sparse_bsc`.
    SparseBsc,
    /// `torch._mkldnn`.
    Mkldnn,
    /// `torch.jagged`.
    Jagged,
}

impl Layout {
    /// Every layout.
    pub const ALL: [Layout; 8] = [
        Layout::Strided,
        Layout::SparseCoo,
        Layout::SparseCsr,
        Layout::SparseCsc,
        Layout::SparseBsr,
        Layout::SparseBsc,
        Layout::Mkldnn,
        Layout::Jagged,
    ];

    /// The Python name without `torch.`.
    pub const fn name(self) -> &'static str {
        match self {
            Layout::Strided => "strided",
            Layout::SparseCoo => "sparse_coo",
            Layout::SparseCsr => "sparse_csr",
            Layout::SparseCsc => "sparse_csc",
            Layout::SparseBsr => "sparse_bsr",
            Layout::SparseBsc => "sparse_bsc",
            Layout::Mkldnn => "_mkldnn",
            Layout::Jagged => "jagged",
        }
    }

    /// The C++ `Layout` name, as ATen's messages print it (`Strided`,
    /// `Sparse`).
    pub const fn c10_name(self) -> &'static str {
        match self {
            Layout::Strided => "Strided",
            Layout::SparseCoo => "Sparse",
            Layout::SparseCsr => "SparseCsr",
            Layout::SparseCsc => "SparseCsc",
            Layout::SparseBsr => "SparseBsr",
            Layout::SparseBsc => "SparseBsc",
            Layout::Mkldnn => "Mkldnn",
            Layout::Jagged => "Jagged",
        }
    }
}

impl fmt::Display for Layout {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

impl FromStr for Layout {
    type Err = crate::error::Error;

    /// Parses `strided` or `torch.strided`, and so on.
    fn from_str(s: &str) -> Result<Self> {
        let bare = s.strip_prefix("torch.").unwrap_or(s);
        Layout::ALL
            .into_iter()
            .find(|l| l.name() == bare)
            .ok_or_else(|| ErrorKind::UnknownLayout { name: s.to_owned() }.into())
    }
}

/// A memory format argument (`torch.memory_format`).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
#[repr(u8)]
pub enum MemoryFormat {
    /// `torch.contiguous_format`: row-major.
    Contiguous,
    /// `torch.channels_last`: NHWC order of a 4-d tensor.
    ChannelsLast,
    /// `torch.channels_last_3d`: NDHWC order of a 5-d tensor.
    ChannelsLast3d,
    /// `torch.preserve_format`: keep the input's order when it is dense and
    /// non-overlapping, else suggest one from its strides.
    Preserve,
}

impl MemoryFormat {
    /// Every memory format.
    pub const ALL: [MemoryFormat; 4] = [
        MemoryFormat::Contiguous,
        MemoryFormat::ChannelsLast,
        MemoryFormat::ChannelsLast3d,
        MemoryFormat::Preserve,
    ];

    /// The Python name without `torch.`.
    pub const fn name(self) -> &'static str {
        match self {
            MemoryFormat::Contiguous => "contiguous_format",
            MemoryFormat::ChannelsLast => "channels_last",
            MemoryFormat::ChannelsLast3d => "channels_last_3d",
            MemoryFormat::Preserve => "preserve_format",
        }
    }
}

impl fmt::Display for MemoryFormat {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

impl FromStr for MemoryFormat {
    type Err = crate::error::Error;

    /// Parses `channels_last` or `torch.channels_last`, and so on.
    fn from_str(s: &str) -> Result<Self> {
        let bare = s.strip_prefix("torch.").unwrap_or(s);
        MemoryFormat::ALL
            .into_iter()
            .find(|m| m.name() == bare)
            .ok_or_else(|| ErrorKind::UnknownMemoryFormat { name: s.to_owned() }.into())
    }
}
