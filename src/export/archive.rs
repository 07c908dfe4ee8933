//! Reading a program from a `.pt2` archive (what `torch.export.save`
//! writes) or from a bare `model.json`.
//!
//! A `.pt2` is a zip whose entries share one root folder (`<archive>/`):
//! `archive_format` (`pt2`), `archive_version` (`0`), the programs
//! `models/<model>.json` (the default model is `model`), and weights,
//! constants and sample inputs under `data/`, which this reader does not
//! need. Only the program entry is read, so large weights cost nothing.
//!
//! Reading checks, in order: the container (zip or JSON), the archive's
//! format and version, the JSON syntax, the schema version (8.x), the
//! schema's shape, and the program's consistency
//! ([`ExportedProgram::validate`]). Every failure is a [`LoadError`] that
//! names the file and, for JSON, the line, column and JSON path.

use super::error::{JsonError, JsonErrorKind, LoadError};
use super::json_path;
use super::schema::{ExportedProgram, SchemaVersion};
use serde::Deserialize;
use std::fs::File;
use std::io::{BufReader, Read, Seek, SeekFrom};
use std::path::{Path, PathBuf};

/// The model `torch.export.save` writes: `models/model.json`.
pub const DEFAULT_MODEL: &str = "model";

/// The schema major version this reader understands.
pub const SUPPORTED_MAJOR: i64 = 8;

/// The largest program read, a bare JSON file or an archive's entry
/// (1 GiB), so a corrupt size or a huge file cannot exhaust memory.
pub const MAX_PROGRAM_BYTES: u64 = 1 << 30;

/// The most entries an archive may declare. A `.pt2` holds a few entries
/// per weight; a count beyond this is a corrupt or hostile directory,
/// refused before the zip reader allocates for it.
pub const MAX_ARCHIVE_ENTRIES: u64 = 1 << 20;

/// Read the default program (`model`) of a `.pt2` archive, or a bare
/// `model.json`. The kind of file is recognised by its content, not its
/// name.
pub fn load(path: impl AsRef<Path>) -> Result<ExportedProgram, LoadError> {
    load_model(path, DEFAULT_MODEL)
}

/// Read program `model` (`models/<model>.json`) of a `.pt2` archive, or a
/// bare JSON program (then `model` is not used).
pub fn load_model(path: impl AsRef<Path>, model: &str) -> Result<ExportedProgram, LoadError> {
    let path = path.as_ref();
    let io = |source| LoadError::Io {
        path: path.to_path_buf(),
        source,
    };
    let mut file = File::open(path).map_err(io)?;
    match sniff(&mut file).map_err(io)? {
        Container::Zip => {
            file.seek(SeekFrom::Start(0)).map_err(io)?;
            read_pt2(BufReader::new(file), model, &path.display().to_string())
        }
        Container::Json => {
            let too_large = |declared| LoadError::TooLarge {
                location: path.display().to_string(),
                limit: MAX_PROGRAM_BYTES,
                declared,
            };
            let len = file.metadata().map_err(io)?.len();
            if len > MAX_PROGRAM_BYTES {
                return Err(too_large(Some(len)));
            }
            file.seek(SeekFrom::Start(0)).map_err(io)?;
            let mut bytes = Vec::new();
            file.take(MAX_PROGRAM_BYTES + 1)
                .read_to_end(&mut bytes)
                .map_err(io)?;
            if bytes.len() as u64 > MAX_PROGRAM_BYTES {
                return Err(too_large(None));
            }
            parse_program(&bytes, &path.display().to_string())
        }
        Container::Other(reason) => Err(LoadError::NotRecognised {
            path: PathBuf::from(path),
            reason,
        }),
    }
}

/// Read the default program (`model`) of a `.pt2` archive or a bare JSON
/// program held in memory (what `torch.export.save` writes to a buffer),
/// recognised by content as [`load`] does. `origin` names the bytes in
/// errors.
pub fn load_bytes(bytes: &[u8], origin: &str) -> Result<ExportedProgram, LoadError> {
    match classify(bytes) {
        Container::Zip => read_pt2(std::io::Cursor::new(bytes), DEFAULT_MODEL, origin),
        Container::Json => parse_program(bytes, origin),
        Container::Other(reason) => Err(LoadError::NotRecognised {
            path: PathBuf::from(origin),
            reason,
        }),
    }
}

/// The models a `.pt2` archive holds (`["model"]`), sorted.
pub fn list_models(path: impl AsRef<Path>) -> Result<Vec<String>, LoadError> {
    let path = path.as_ref();
    let location = path.display().to_string();
    let file = File::open(path).map_err(|source| LoadError::Io {
        path: path.to_path_buf(),
        source,
    })?;
    let archive = zip::ZipArchive::new(BufReader::new(file))
        .map_err(|source| LoadError::Zip { location, source })?;
    Ok(models_in(archive.file_names()))
}

enum Container {
    Zip,
    Json,
    Other(String),
}

/// Tell a zip from JSON by the first bytes.
fn sniff(file: &mut File) -> std::io::Result<Container> {
    let mut head = [0u8; 512];
    let mut n = 0;
    while n < head.len() {
        let k = file.read(&mut head[n..])?;
        if k == 0 {
            break;
        }
        n += k;
    }
    Ok(classify(&head[..n]))
}

/// Tell a zip from JSON by the first bytes `head`.
fn classify(head: &[u8]) -> Container {
    let head = &head[..head.len().min(512)];
    if head.starts_with(b"PK") {
        return Container::Zip;
    }
    let text = head.strip_prefix(b"\xEF\xBB\xBF").unwrap_or(head);
    match text.iter().find(|b| !b.is_ascii_whitespace()) {
        Some(b'{') => Container::Json,
        Some(_) => Container::Other(describe_start(head)),
        None => Container::Other("it is empty".to_string()),
    }
}

/// What a file that is neither an archive nor JSON starts with: printable
/// text quoted, anything else as its first bytes in hex, so a binary file's
/// bytes never reach the terminal.
fn describe_start(head: &[u8]) -> String {
    let head = &head[..head.len().min(16)];
    let printable = head
        .iter()
        .all(|b| b.is_ascii_graphic() || matches!(b, b' ' | b'\t' | b'\n' | b'\r'));
    if printable {
        format!("it starts with {:?}", String::from_utf8_lossy(head))
    } else {
        let hex: Vec<String> = head.iter().map(|b| format!("{b:02x}")).collect();
        format!("it is binary data starting with bytes {}", hex.join(" "))
    }
}

/// Model names of `<root>/models/<name>.json` entries.
fn models_in<'a>(names: impl Iterator<Item = &'a str>) -> Vec<String> {
    let mut models: Vec<String> = names
        .filter_map(|n| model_entry(n).map(|(_, m)| m.to_string()))
        .collect();
    models.sort();
    models.dedup();
    models
}

/// `(root, model)` when `name` is `<root>/models/<model>.json` (or
/// `models/<model>.json` at the top of the zip).
fn model_entry(name: &str) -> Option<(&str, &str)> {
    let parts: Vec<&str> = name.split('/').collect();
    let (root, rest) = match parts.as_slice() {
        [root, "models", file] => (*root, *file),
        ["models", file] => ("", *file),
        _ => return None,
    };
    let model = rest.strip_suffix(".json")?;
    (!model.is_empty()).then_some((root, model))
}

/// Read program `model` from a `.pt2` archive. `origin` names the archive
/// in errors.
pub fn read_pt2<R: Read + Seek>(
    reader: R,
    model: &str,
    origin: &str,
) -> Result<ExportedProgram, LoadError> {
    let zip_err = |source| LoadError::Zip {
        location: origin.to_string(),
        source,
    };
    let mut reader = reader;
    if let Some(declared) = declared_entries(&mut reader)
        && declared > MAX_ARCHIVE_ENTRIES
    {
        return Err(LoadError::TooManyEntries {
            location: origin.to_string(),
            declared,
            limit: MAX_ARCHIVE_ENTRIES,
        });
    }
    let mut archive = zip::ZipArchive::new(reader).map_err(zip_err)?;
    let entry = {
        let mut candidates: Vec<(String, String)> = archive
            .file_names()
            .filter_map(|n| {
                model_entry(n)
                    .filter(|(_, m)| *m == model)
                    .map(|(root, _)| (root.to_string(), n.to_string()))
            })
            .collect();
        candidates.sort();
        match candidates.into_iter().next() {
            Some(found) => found,
            None => {
                return Err(LoadError::NoModel {
                    location: origin.to_string(),
                    model: model.to_string(),
                    found: models_in(archive.file_names()),
                });
            }
        }
    };
    let (root, name) = entry;
    let prefix = if root.is_empty() {
        String::new()
    } else {
        format!("{root}/")
    };
    if let Some(format) = read_small(&mut archive, &format!("{prefix}archive_format"), origin)?
        && format.trim() != "pt2"
    {
        return Err(LoadError::ArchiveFormat {
            location: origin.to_string(),
            found: format,
        });
    }
    if let Some(version) = read_small(&mut archive, &format!("{prefix}archive_version"), origin)?
        && version.trim() != "0"
    {
        return Err(LoadError::ArchiveVersion {
            location: origin.to_string(),
            found: version,
        });
    }
    let location = format!("{origin} ({name})");
    let bytes = read_entry(&mut archive, &name, &location, MAX_PROGRAM_BYTES)?;
    parse_program(&bytes, &location)
}

/// A small text entry (`archive_format`), if the archive has it.
fn read_small<R: Read + Seek>(
    archive: &mut zip::ZipArchive<R>,
    name: &str,
    origin: &str,
) -> Result<Option<String>, LoadError> {
    if archive.index_for_name(name).is_none() {
        return Ok(None);
    }
    let location = format!("{origin} ({name})");
    let bytes = read_entry(archive, name, &location, 4096)?;
    Ok(Some(String::from_utf8_lossy(&bytes).into_owned()))
}

fn read_entry<R: Read + Seek>(
    archive: &mut zip::ZipArchive<R>,
    name: &str,
    location: &str,
    limit: u64,
) -> Result<Vec<u8>, LoadError> {
    let file = archive.by_name(name).map_err(|source| LoadError::Zip {
        location: location.to_string(),
        source,
    })?;
    if file.size() > limit {
        return Err(LoadError::TooLarge {
            location: location.to_string(),
            limit,
            declared: Some(file.size()),
        });
    }
    let mut bytes = Vec::new();
    file.take(limit + 1)
        .read_to_end(&mut bytes)
        .map_err(|source| LoadError::ZipEntry {
            location: location.to_string(),
            source,
        })?;
    if bytes.len() as u64 > limit {
        return Err(LoadError::TooLarge {
            location: location.to_string(),
            limit,
            declared: None,
        });
    }
    Ok(bytes)
}

/// The number of entries a zip's end-of-central-directory record declares
/// (the zip64 record's when the plain one defers to it), read from the
/// last 64 KiB without parsing the directory; `None` when there is no such
/// record (the zip reader then reports what is wrong).
fn declared_entries<R: Read + Seek>(reader: &mut R) -> Option<u64> {
    // The signatures of the record, the zip64 locator and the zip64 record.
    const EOCD: &[u8] = b"PK\x05\x06";
    const LOCATOR: &[u8] = b"PK\x06\x07";
    const EOCD64: &[u8] = b"PK\x06\x06";
    let len = reader.seek(SeekFrom::End(0)).ok()?;
    let tail_len = len.min(22 + 0xFFFF);
    let tail_start = len - tail_len;
    reader.seek(SeekFrom::Start(tail_start)).ok()?;
    let mut tail = Vec::with_capacity(tail_len as usize);
    reader.by_ref().take(tail_len).read_to_end(&mut tail).ok()?;
    let at = (0..=tail.len().checked_sub(22)?)
        .rev()
        .find(|&i| tail[i..].starts_with(EOCD))?;
    let u16_at = |b: &[u8], i: usize| u16::from_le_bytes([b[i], b[i + 1]]);
    let entries = u16_at(&tail, at + 10);
    let result = if entries != 0xFFFF {
        Some(u64::from(entries))
    } else {
        // Zip64: the locator sits right before the record.
        let loc = at.checked_sub(20)?;
        if !tail[loc..].starts_with(LOCATOR) {
            return Some(u64::from(entries));
        }
        let mut offset = [0u8; 8];
        offset.copy_from_slice(&tail[loc + 8..loc + 16]);
        reader
            .seek(SeekFrom::Start(u64::from_le_bytes(offset)))
            .ok()?;
        let mut record = [0u8; 40];
        reader.read_exact(&mut record).ok()?;
        if !record.starts_with(EOCD64) {
            return None;
        }
        let mut total = [0u8; 8];
        total.copy_from_slice(&record[32..40]);
        Some(u64::from_le_bytes(total))
    };
    reader.seek(SeekFrom::Start(0)).ok()?;
    result
}

/// Just the schema version, read before the whole program so that a
/// program of another major version is reported as such, not as a shape
/// mismatch.
#[derive(Deserialize)]
struct VersionProbe {
    #[serde(default)]
    schema_version: Option<SchemaVersion>,
}

/// Parse and check a program from its JSON text. `origin` names it in
/// errors.
pub fn parse_program(bytes: &[u8], origin: &str) -> Result<ExportedProgram, LoadError> {
    let probe: VersionProbe =
        serde_json::from_slice(bytes).map_err(|e| json_error(&e, bytes, origin))?;
    if let Some(version) = probe.schema_version
        && version.major != SUPPORTED_MAJOR
    {
        return Err(LoadError::SchemaVersion {
            location: origin.to_string(),
            version,
        });
    }
    let program: ExportedProgram =
        serde_json::from_slice(bytes).map_err(|e| json_error(&e, bytes, origin))?;
    let errors = program.validate();
    if !errors.is_empty() {
        return Err(LoadError::Invalid {
            location: origin.to_string(),
            errors,
        });
    }
    Ok(program)
}

fn json_error(e: &serde_json::Error, bytes: &[u8], origin: &str) -> LoadError {
    use serde_json::error::Category;
    let kind = match e.classify() {
        _ if e.to_string().starts_with("recursion limit exceeded") => JsonErrorKind::TooDeep,
        Category::Eof => JsonErrorKind::Truncated,
        Category::Data => JsonErrorKind::Schema,
        Category::Syntax | Category::Io => JsonErrorKind::Syntax,
    };
    let (line, column) = (e.line(), e.column());
    let mut message = e.to_string();
    let suffix = format!(" at line {line} column {column}");
    if let Some(stripped) = message.strip_suffix(&suffix) {
        message = stripped.to_string();
    }
    let offset = json_path::offset_of(bytes, line, column);
    let path = json_path::path_at(bytes, offset, message.starts_with("missing field"));
    LoadError::Json(Box::new(JsonError {
        location: origin.to_string(),
        kind,
        line,
        column,
        path,
        message,
    }))
}
