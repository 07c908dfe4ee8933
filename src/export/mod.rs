//! Reading programs saved by `torch.export`: the serialized
//! `ExportedProgram` (schema 8.x) from a `.pt2` archive or a bare
//! `model.json`, checked for consistency, with symbolic sizes as sympy
//! `srepr` strings parsed into the runtime's expressions.
//!
//! - [`schema`]: the serde types, field for field as torch writes them.
//! - [`archive`]: [`load`] (recognises a zip or JSON by content), and the
//!   zip reader.
//! - [`validate`](ExportedProgram::validate): dangling and duplicate value
//!   names, missing metadata, signature lengths.
//! - [`srepr`]: the expression reader and its lowering into a ShapeEnv.
//! - [`convert`]: the schema's enums (dtype, layout, memory format, device)
//!   as the runtime's types.
//! - [`LoadError`]: every failure, saying which file, entry, line, column,
//!   JSON path, node and value.

pub mod archive;
pub mod convert;
mod error;
mod json_path;
pub mod schema;
pub mod srepr;
mod validate;

pub use archive::{load, load_bytes, load_model, parse_program};
pub use error::{JsonError, JsonErrorKind, LoadError, ValidationError};
pub use schema::ExportedProgram;
