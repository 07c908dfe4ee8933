//! What the OpInfo tests share: reading a gzipped JSON fixture and the
//! message of a caught panic.

use flate2::read::GzDecoder;
use serde_json::Value as Json;
use std::io::Read;
use std::path::Path;

/// The JSON of a gzipped fixture file, or the error naming the file.
pub fn read_gz_json(path: &Path) -> Result<Json, String> {
    let file = std::fs::File::open(path).map_err(|e| format!("{}: {e}", path.display()))?;
    let mut text = String::new();
    GzDecoder::new(file)
        .read_to_string(&mut text)
        .map_err(|e| format!("{}: {e}", path.display()))?;
    serde_json::from_str(&text).map_err(|e| format!("{}: {e}", path.display()))
}

/// The message a panic carried (`"panic"` when it is not a string).
pub fn panic_message(payload: &(dyn std::any::Any + Send)) -> String {
    payload
        .downcast_ref::<&str>()
        .map(|s| (*s).to_string())
        .or_else(|| payload.downcast_ref::<String>().cloned())
        .unwrap_or_else(|| "panic".to_string())
}
