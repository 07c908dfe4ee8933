//! Sources: where a symbolic size came from, so guards can be printed and
//! checked in terms of a program's inputs (`x.size()[0]`).

use std::fmt;

/// Where a symbol's value comes from.
#[derive(Debug, Clone, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Source {
    /// `name.size()[dim]`
    Size {
        /// The tensor's name.
        tensor: String,
        /// The dimension.
        dim: usize,
    },
    /// `name.stride()[dim]`
    Stride {
        /// The tensor's name.
        tensor: String,
        /// The dimension.
        dim: usize,
    },
    /// `name.storage_offset()`
    StorageOffset {
        /// The tensor's name.
        tensor: String,
    },
    /// A plain integer input, by name.
    Local(String),
}

impl Source {
    /// `name.size()[dim]`.
    pub fn size(tensor: impl Into<String>, dim: usize) -> Self {
        Source::Size {
            tensor: tensor.into(),
            dim,
        }
    }
}

impl fmt::Display for Source {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Source::Size { tensor, dim } => write!(f, "{tensor}.size()[{dim}]"),
            Source::Stride { tensor, dim } => write!(f, "{tensor}.stride()[{dim}]"),
            Source::StorageOffset { tensor } => write!(f, "{tensor}.storage_offset()"),
            Source::Local(name) => f.write_str(name),
        }
    }
}
