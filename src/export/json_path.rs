//! The JSON path of a byte position (`graph_module.graph.nodes[3].name`), so
//! a type error in a large program says which value is wrong, not just the
//! line and column serde_json gives.
//!
//! A small scanner over the text up to the position, keeping a stack of open
//! containers with the current key or index. It trusts the text up to the
//! position to be JSON (it is: serde_json read it before failing) and never
//! panics when it is not.

/// One open container.
enum Frame {
    /// An object; the key of the member being read, if one was read.
    Object(Option<String>),
    /// An array; the index of the element being read.
    Array(usize),
}

/// The byte offset of serde_json's `(line, column)` in `text` (line from 1,
/// column counted in bytes from the start of the line), clamped to the text.
pub(crate) fn offset_of(text: &[u8], line: usize, column: usize) -> usize {
    let mut start = 0;
    if line > 1 {
        let mut seen = 1;
        for (i, &b) in text.iter().enumerate() {
            if b == b'\n' {
                seen += 1;
                if seen == line {
                    start = i + 1;
                    break;
                }
            }
        }
    }
    start.saturating_add(column).min(text.len())
}

/// The path of the value being read at byte `offset` of `text`: object keys
/// joined by `.` (or `["key"]` when the key is not a plain identifier) and
/// array indices as `[i]`. Empty at the top level. With `object_only`, the
/// member being read of the innermost open object is left out, so the path
/// names the object itself (for "missing field" errors, which serde_json
/// reports at the end of the object).
pub(crate) fn path_at(text: &[u8], offset: usize, object_only: bool) -> String {
    let end = offset.min(text.len());
    let mut stack: Vec<Frame> = Vec::new();
    let mut i = 0;
    // Whether the next string in an object is a key.
    let mut expect_key = false;
    while i < end {
        match text[i] {
            b'{' => {
                stack.push(Frame::Object(None));
                expect_key = true;
            }
            b'[' => {
                stack.push(Frame::Array(0));
                expect_key = false;
            }
            b'}' | b']' => {
                stack.pop();
                expect_key = false;
            }
            b',' => match stack.last_mut() {
                Some(Frame::Array(n)) => *n += 1,
                Some(Frame::Object(_)) => expect_key = true,
                None => {}
            },
            b':' => expect_key = false,
            b'"' => {
                let (s, next) = read_string(text, i + 1, end);
                if expect_key && let Some(Frame::Object(key)) = stack.last_mut() {
                    *key = Some(s);
                }
                i = next;
                continue;
            }
            _ => {}
        }
        i += 1;
    }
    if object_only && let Some(Frame::Object(key)) = stack.last_mut() {
        *key = None;
    }
    let mut path = String::new();
    for frame in &stack {
        match frame {
            Frame::Object(Some(key)) => push_key(&mut path, key),
            Frame::Object(None) => {}
            Frame::Array(n) => {
                path.push('[');
                path.push_str(&n.to_string());
                path.push(']');
            }
        }
    }
    path
}

fn push_key(path: &mut String, key: &str) {
    let plain = !key.is_empty()
        && key
            .bytes()
            .all(|b| b.is_ascii_alphanumeric() || b == b'_' || b == b'-');
    if plain {
        if !path.is_empty() {
            path.push('.');
        }
        path.push_str(key);
    } else {
        path.push_str("[\"");
        path.push_str(&key.replace('\\', "\\\\").replace('"', "\\\""));
        path.push_str("\"]");
    }
}

/// Read a JSON string starting after its opening quote; returns its content
/// (escapes other than `\"` and `\\` kept as written) and the index after
/// the closing quote (or `end`).
fn read_string(text: &[u8], mut i: usize, end: usize) -> (String, usize) {
    let mut out = Vec::new();
    while i < end {
        match text[i] {
            b'"' => return (String::from_utf8_lossy(&out).into_owned(), i + 1),
            b'\\' if i + 1 < end => {
                let c = text[i + 1];
                if c != b'"' && c != b'\\' {
                    out.push(b'\\');
                }
                out.push(c);
                i += 2;
            }
            b => {
                out.push(b);
                i += 1;
            }
        }
    }
    (String::from_utf8_lossy(&out).into_owned(), end)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn paths() {
        let t = br#"{"a": {"b": [1, 2, {"c": "x"}]}, "d": 1}"#;
        let at = |needle: &str| {
            let pos = std::str::from_utf8(t).unwrap().find(needle).unwrap();
            path_at(t, pos + needle.len(), false)
        };
        assert_eq!(at(r#""c": "#), "a.b[2].c");
        assert_eq!(at("[1, 2"), "a.b[1]");
        assert_eq!(at(r#""d": 1"#), "d");
        assert_eq!(path_at(t, 0, false), "");
        assert_eq!(path_at(br#"{"a b": [0"#, 10, false), r#"["a b"][0]"#);
        assert_eq!(path_at(br#"{"a": {"b": 1"#, 13, true), "a");
    }

    #[test]
    fn offsets() {
        let t = b"ab\ncd\nef";
        assert_eq!(offset_of(t, 1, 1), 1);
        assert_eq!(offset_of(t, 2, 1), 4);
        assert_eq!(offset_of(t, 3, 2), 8);
        assert_eq!(offset_of(t, 9, 9), 8);
    }
}
