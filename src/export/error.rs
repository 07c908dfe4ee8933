//! Errors of reading a `torch.export` program: each says what is wrong and
//! where (the file, the entry inside an archive, the line, column and JSON
//! path, the node and value).

use super::schema::SchemaVersion;
use std::fmt;
use std::path::PathBuf;
use thiserror::Error;

/// Why a program could not be loaded. Variants with a `source` do not
/// repeat it in their message: print the chain (`{:#}` with anyhow) to see
/// it.
#[derive(Debug, Error)]
#[non_exhaustive]
pub enum LoadError {
    /// The file could not be read.
    #[error("cannot read {}", path.display())]
    Io {
        /// The file.
        path: PathBuf,
        /// What the OS said.
        source: std::io::Error,
    },
    /// The file is neither a zip archive (`.pt2`) nor a JSON program.
    #[error("{}: not a .pt2 archive or a model.json: {reason}", path.display())]
    NotRecognised {
        /// The file.
        path: PathBuf,
        /// What was found instead.
        reason: String,
    },
    /// The zip archive is corrupt or truncated (no readable central
    /// directory, bad headers).
    #[error("{location}: corrupt or truncated zip archive")]
    Zip {
        /// The archive.
        location: String,
        /// What the zip reader said.
        source: zip::result::ZipError,
    },
    /// An entry of the archive could not be read (truncated data, bad
    /// checksum, unsupported compression).
    #[error("{location}: cannot read the entry")]
    ZipEntry {
        /// The archive and the entry (`m.pt2 (m/models/model.json)`).
        location: String,
        /// What went wrong.
        source: std::io::Error,
    },
    /// An entry is larger than this reader accepts: its declared size
    /// (checked before anything is inflated) or, for an archive that
    /// understates it, the bytes it inflates to (read no further).
    #[error("{location}: larger than {limit} bytes{}", declared.map_or(String::new(), |d| format!(" (declares {d})")))]
    TooLarge {
        /// The archive and the entry.
        location: String,
        /// The limit, in bytes.
        limit: u64,
        /// The size the archive declares, when that is what is refused.
        declared: Option<u64>,
    },
    /// The archive declares more entries than this reader accepts
    /// (checked before its directory is read).
    #[error("{location}: the archive declares {declared} entries (limit {limit})")]
    TooManyEntries {
        /// The archive.
        location: String,
        /// The number it declares.
        declared: u64,
        /// [`crate::export::archive::MAX_ARCHIVE_ENTRIES`].
        limit: u64,
    },
    /// The archive holds no `<archive>/models/<model>.json`.
    #[error(
        "{location}: no `models/{model}.json` in the archive{}",
        found_models(found)
    )]
    NoModel {
        /// The archive.
        location: String,
        /// The model asked for (`model`).
        model: String,
        /// The models the archive does hold.
        found: Vec<String>,
    },
    /// `archive_format` is not `pt2`.
    #[error("{location}: archive_format is {found:?}, expected \"pt2\"")]
    ArchiveFormat {
        /// The archive.
        location: String,
        /// What the archive says.
        found: String,
    },
    /// `archive_version` is one this reader does not know.
    #[error("{location}: unsupported archive_version {found:?} (only \"0\" is supported)")]
    ArchiveVersion {
        /// The archive.
        location: String,
        /// What the archive says.
        found: String,
    },
    /// The program is not valid JSON, or does not have the schema's shape.
    #[error(transparent)]
    Json(#[from] Box<JsonError>),
    /// The program was written with a schema major version other than 8.
    #[error("{location}: unsupported schema version {version} (this reader supports 8.x)")]
    SchemaVersion {
        /// The program file.
        location: String,
        /// The version the program declares.
        version: SchemaVersion,
    },
    /// The program parsed but is inconsistent (dangling or duplicate
    /// value names, missing metadata).
    #[error("{location}: invalid program: {}", list(errors))]
    Invalid {
        /// The program file.
        location: String,
        /// Every problem found.
        errors: Vec<ValidationError>,
    },
}

fn found_models(found: &[String]) -> String {
    if found.is_empty() {
        " (it holds no models)".to_string()
    } else {
        format!(" (models found: {})", found.join(", "))
    }
}

fn list(errors: &[ValidationError]) -> String {
    const SHOWN: usize = 5;
    let mut s = errors
        .iter()
        .take(SHOWN)
        .map(ToString::to_string)
        .collect::<Vec<_>>()
        .join("; ");
    if errors.len() > SHOWN {
        s.push_str(&format!("; and {} more", errors.len() - SHOWN));
    }
    s
}

/// What kind of JSON problem.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
#[non_exhaustive]
pub enum JsonErrorKind {
    /// Not JSON: a syntax error.
    Syntax,
    /// The text ends before the JSON does.
    Truncated,
    /// Valid JSON of the wrong shape: a wrong type, a missing field, an
    /// unknown union tag.
    Schema,
    /// Arrays and objects nested deeper than the reader follows (128
    /// levels, serde_json's recursion limit: a real program nests about a
    /// dozen).
    TooDeep,
}

/// A JSON problem, with its position and the path of the offending value.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct JsonError {
    /// The program file (`m.pt2 (m/models/model.json)` or a path).
    pub location: String,
    /// What kind of problem.
    pub kind: JsonErrorKind,
    /// Line, from 1.
    pub line: usize,
    /// Column (byte within the line), from 1.
    pub column: usize,
    /// The JSON path of the offending value
    /// (`graph_module.graph.nodes[3].inputs[0].arg`); empty at the top.
    pub path: String,
    /// What serde_json said, without its position suffix.
    pub message: String,
}

impl fmt::Display for JsonError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let what = match self.kind {
            JsonErrorKind::Syntax => "JSON syntax error",
            JsonErrorKind::Truncated => "truncated JSON",
            JsonErrorKind::Schema => "not a valid ExportedProgram",
            JsonErrorKind::TooDeep => "JSON nested too deeply",
        };
        write!(
            f,
            "{}:{}:{}: {what}: {}",
            self.location, self.line, self.column, self.message
        )?;
        if !self.path.is_empty() {
            write!(f, " (at {})", self.path)?;
        }
        Ok(())
    }
}

impl std::error::Error for JsonError {}

/// One inconsistency of a parsed program.
#[derive(Debug, Clone, PartialEq, Eq, Error)]
#[non_exhaustive]
pub enum ValidationError {
    /// A node input (or a graph output, or a signature entry) names a
    /// value that no graph input or earlier node output defines.
    #[error("{site} uses `{value}`, which is not defined before it")]
    DanglingReference {
        /// Who uses it (`node 'add' (torch.ops.aten.add.Tensor), input
        /// 'other'`).
        site: String,
        /// The missing value's name.
        value: String,
    },
    /// Two definitions of one value name.
    #[error("`{value}` is defined twice: by {first} and by {second}")]
    DuplicateValue {
        /// The value's name.
        value: String,
        /// The first definition.
        first: String,
        /// The second definition.
        second: String,
    },
    /// A value is defined but the graph has no metadata for it.
    #[error("{site} defines {kind} `{value}`, but the graph's {table} has no entry for it")]
    MissingMetadata {
        /// Who defines it.
        site: String,
        /// What kind of value (`tensor`, `SymInt`).
        kind: &'static str,
        /// The value's name.
        value: String,
        /// The table that should hold it (`tensor_values`).
        table: &'static str,
    },
    /// The signature does not have one spec per graph input or output.
    #[error("the signature has {specs} {what} specs but the graph has {values} {what}s")]
    SignatureLength {
        /// `input` or `output`.
        what: &'static str,
        /// Number of specs.
        specs: usize,
        /// Number of graph inputs or outputs.
        values: usize,
    },
    /// A tensor's recorded metadata cannot describe a tensor: strides of
    /// another rank than the sizes, a negative size, stride or offset, or
    /// more dims than `fake_runtime::limits::MAX_RANK`.
    #[error("{scope}tensor `{value}`: {reason}")]
    BadTensorMeta {
        /// The subgraph it is in (empty for the main graph).
        scope: String,
        /// The tensor value's name.
        value: String,
        /// What is wrong, with the values.
        reason: String,
    },
}
