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

impl Source {
    /// The name PyTorch gives this source (`Source.name`), from which it
    /// derives a symbol's name: a tensor or integer named by an
    /// identifier is a local of the traced function (`L['x']`), so
    /// `x.size()[0]` is `L['x'].size()[0]`; any other name is taken as
    /// PyTorch's own.
    pub fn pytorch_name(&self) -> String {
        fn base(name: &str) -> String {
            let ident = name
                .chars()
                .next()
                .is_some_and(|c| c.is_alphabetic() || c == '_')
                && name.chars().all(|c| c.is_alphanumeric() || c == '_');
            if ident {
                format!("L['{name}']")
            } else {
                name.to_string()
            }
        }
        match self {
            Source::Size { tensor, dim } => format!("{}.size()[{dim}]", base(tensor)),
            Source::Stride { tensor, dim } => format!("{}.stride()[{dim}]", base(tensor)),
            Source::StorageOffset { tensor } => format!("{}.storage_offset()", base(tensor)),
            Source::Local(name) => base(name),
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
