//! Source positions and error messages.
//!
//! Every phase reports mistakes as [`Diag`]s that point into the files read
//! (a [`Span`] is a file and a byte range). Nothing stops at the first
//! mistake: the phases push into a `Vec<Diag>` and go on, and at the end
//! [`Sources::resolve`] turns each into a self-contained [`Diagnostic`]
//! (path, line, column, the source line) rendered the way rustc renders
//! its own errors:
//!
//! ```text
//! error: unknown intrinsic `brodcast`
//!   --> ops/pointwise.rules:12:41
//!    |
//! 12 | add.Tensor(self: [*a], other: [*b]) -> [brodcast(a, b)]
//!    |                                         ^^^^^^^^ not an intrinsic
//!    |
//!    = help: did you mean `broadcast`?
//! ```

use std::fmt;

/// Index of a file in [`Sources`].
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct FileId(pub u32);

/// A byte range in one file.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Span {
    /// The file.
    pub file: FileId,
    /// Byte offset of the first byte.
    pub start: u32,
    /// Byte offset one past the last byte (`start` for an empty span).
    pub end: u32,
}

impl Span {
    /// The span from `start` to `end` (byte offsets) in `file`.
    pub fn new(file: FileId, start: usize, end: usize) -> Span {
        let clamp = |x: usize| u32::try_from(x).unwrap_or(u32::MAX);
        Span {
            file,
            start: clamp(start),
            end: clamp(end.max(start)),
        }
    }

    /// The smallest span covering `self` and `other` (same file).
    pub fn to(self, other: Span) -> Span {
        Span {
            file: self.file,
            start: self.start.min(other.start),
            end: self.end.max(other.end),
        }
    }
}

/// A file read by the macro: its path as the user wrote it, its text and
/// where its lines start.
#[derive(Debug, Clone)]
pub struct SourceFile {
    /// The path, relative to the crate root as written by the user.
    pub path: String,
    /// The whole text.
    pub text: String,
    /// Byte offset of the start of every line.
    line_starts: Vec<usize>,
}

/// Line (1-based), column (1-based, in characters) of a position.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct LineCol {
    /// 1-based line.
    pub line: usize,
    /// 1-based column, counted in characters.
    pub col: usize,
}

impl SourceFile {
    /// A file of `text` read from `path`.
    fn new(path: &str, text: &str) -> SourceFile {
        let mut line_starts = vec![0];
        line_starts.extend(text.match_indices('\n').map(|(i, _)| i + 1));
        SourceFile {
            path: path.to_owned(),
            text: text.to_owned(),
            line_starts,
        }
    }

    /// The 0-based line holding byte `offset`.
    fn line_index(&self, offset: usize) -> usize {
        match self.line_starts.binary_search(&offset) {
            Ok(i) => i,
            Err(i) => i.saturating_sub(1),
        }
    }

    /// The text of 0-based line `index`, without its line break.
    fn line_text(&self, index: usize) -> &str {
        let start = self
            .line_starts
            .get(index)
            .copied()
            .unwrap_or(self.text.len());
        let end = self
            .line_starts
            .get(index + 1)
            .copied()
            .unwrap_or(self.text.len());
        let line = self.text.get(start..end).unwrap_or("");
        line.trim_end_matches(['\n', '\r'])
    }

    /// Line and column of byte `offset` (clamped into the file, moved back
    /// to a character boundary).
    pub fn line_col(&self, offset: usize) -> LineCol {
        let mut offset = offset.min(self.text.len());
        while !self.text.is_char_boundary(offset) {
            offset -= 1;
        }
        let line = self.line_index(offset);
        let start = self.line_starts.get(line).copied().unwrap_or(0);
        let col = self
            .text
            .get(start..offset)
            .map_or(0, |s| s.chars().count());
        LineCol {
            line: line + 1,
            col: col + 1,
        }
    }
}

/// Every file read, so spans can be turned into lines and columns.
#[derive(Debug, Clone, Default)]
pub struct Sources {
    /// The files, indexed by [`FileId`].
    files: Vec<SourceFile>,
}

impl Sources {
    /// Register a file and return its id.
    pub fn add(&mut self, path: &str, text: &str) -> FileId {
        let id = FileId(u32::try_from(self.files.len()).unwrap_or(u32::MAX));
        self.files.push(SourceFile::new(path, text));
        id
    }

    /// The file of `id`.
    pub fn file(&self, id: FileId) -> Option<&SourceFile> {
        self.files.get(id.0 as usize)
    }

    #[allow(
        dead_code,
        reason = "part of the front end's API; not every phase uses it yet"
    )]
    /// The text a span covers (empty if the span is out of range).
    pub fn text(&self, span: Span) -> &str {
        self.file(span.file)
            .and_then(|f| f.text.get(span.start as usize..span.end as usize))
            .unwrap_or("")
    }

    #[allow(
        dead_code,
        reason = "part of the front end's API; not every phase uses it yet"
    )]
    /// `path:line:col` of the start of a span.
    pub fn location(&self, span: Span) -> String {
        match self.file(span.file) {
            Some(f) => {
                let lc = f.line_col(span.start as usize);
                format!("{}:{}:{}", f.path, lc.line, lc.col)
            }
            None => "<unknown>".to_owned(),
        }
    }

    /// Resolve a diagnostic's spans into lines and columns.
    pub fn resolve(&self, diag: &Diag) -> Diagnostic {
        let mut labels = vec![self.label(diag.span, &diag.label, true)];
        labels.extend(
            diag.secondary
                .iter()
                .map(|(span, text)| self.label(*span, text, false)),
        );
        Diagnostic {
            message: diag.message.clone(),
            labels,
            notes: diag.notes.clone(),
        }
    }

    /// One resolved label.
    fn label(&self, span: Span, text: &str, primary: bool) -> Label {
        let Some(file) = self.file(span.file) else {
            return Label {
                path: "<unknown>".to_owned(),
                line: 1,
                col: 1,
                width: 1,
                line_text: String::new(),
                text: text.to_owned(),
                primary,
            };
        };
        let start = file.line_col(span.start as usize);
        let end = file.line_col(span.end as usize);
        let line_text = file.line_text(start.line - 1).to_owned();
        let line_len = line_text.chars().count();
        let width = if end.line == start.line {
            end.col.saturating_sub(start.col)
        } else {
            (line_len + 1).saturating_sub(start.col)
        };
        Label {
            path: file.path.clone(),
            line: start.line,
            col: start.col,
            width: width.max(1),
            line_text,
            text: text.to_owned(),
            primary,
        }
    }
}

/// Whether a trailing note is a `note` or a `help`.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum NoteKind {
    /// `= note: ...`: more about what is wrong.
    Note,
    /// `= help: ...`: how to fix it.
    Help,
}

/// An error found by a phase, pointing at spans not yet resolved.
#[derive(Debug, Clone, PartialEq)]
pub struct Diag {
    /// The one-line message.
    pub message: String,
    /// Where the mistake is.
    pub span: Span,
    /// Text under the carets (may be empty).
    pub label: String,
    /// Other places worth showing, with their labels.
    pub secondary: Vec<(Span, String)>,
    /// Notes and help after the snippet.
    pub notes: Vec<(NoteKind, String)>,
}

impl Diag {
    /// An error with `message` at `span`.
    pub fn new(span: Span, message: impl Into<String>) -> Diag {
        Diag {
            message: message.into(),
            span,
            label: String::new(),
            secondary: Vec::new(),
            notes: Vec::new(),
        }
    }

    /// Set the text shown under the carets.
    pub fn label(mut self, text: impl Into<String>) -> Diag {
        self.label = text.into();
        self
    }

    /// Also show `span`, underlined with `-`, labelled `text`.
    pub fn secondary(mut self, span: Span, text: impl Into<String>) -> Diag {
        self.secondary.push((span, text.into()));
        self
    }

    /// Add a `= note: ...`.
    pub fn note(mut self, text: impl Into<String>) -> Diag {
        self.notes.push((NoteKind::Note, text.into()));
        self
    }

    /// Add a `= help: ...`.
    pub fn help(mut self, text: impl Into<String>) -> Diag {
        self.notes.push((NoteKind::Help, text.into()));
        self
    }

    /// Add a `= help: did you mean ...?` when `suggestion` is some.
    pub fn suggest(self, suggestion: Option<&str>) -> Diag {
        match suggestion {
            Some(s) => self.help(format!("did you mean `{s}`?")),
            None => self,
        }
    }
}

/// One resolved place of a [`Diagnostic`].
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Label {
    /// The file's path as the user wrote it.
    pub path: String,
    /// 1-based line.
    pub line: usize,
    /// 1-based column of the first character, in characters.
    pub col: usize,
    /// Number of characters underlined (at least 1).
    pub width: usize,
    /// The source line.
    pub line_text: String,
    /// Text after the underline (may be empty).
    pub text: String,
    /// The primary place (`^^^`) or a secondary one (`---`).
    pub primary: bool,
}

/// An error with every place resolved: self-contained, ready to render or
/// to turn into a `compile_error!`.
#[derive(Debug, Clone, PartialEq)]
pub struct Diagnostic {
    /// The one-line message.
    pub message: String,
    /// The primary label first, then secondary ones.
    pub labels: Vec<Label>,
    /// Notes and help.
    pub notes: Vec<(NoteKind, String)>,
}

impl Diagnostic {
    #[allow(
        dead_code,
        reason = "part of the front end's API; not every phase uses it yet"
    )]
    /// `path:line:col` of the primary label.
    pub fn location(&self) -> String {
        self.labels
            .first()
            .map(|l| format!("{}:{}:{}", l.path, l.line, l.col))
            .unwrap_or_default()
    }

    /// The diagnostic rendered as rustc renders errors.
    pub fn render(&self) -> String {
        self.to_string()
    }
}

/// Replace tabs by four spaces, as rustc shows them; returns the new text
/// and maps a 1-based column of the old text to one of the new.
fn expand_tabs(line: &str, col: usize) -> (String, usize) {
    let mut out = String::with_capacity(line.len());
    let mut new_col = 1;
    for (i, c) in line.chars().enumerate() {
        if i + 1 == col {
            new_col = out.chars().count() + 1;
        }
        if c == '\t' {
            out.push_str("    ");
        } else {
            out.push(c);
        }
    }
    if col > line.chars().count() {
        new_col = out.chars().count() + 1 + (col - 1 - line.chars().count());
    }
    (out, new_col)
}

impl fmt::Display for Diagnostic {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        writeln!(f, "error: {}", self.message)?;
        let width = self
            .labels
            .iter()
            .map(|l| l.line.to_string().len())
            .max()
            .unwrap_or(1);
        let pad = " ".repeat(width);
        // Group labels by file, primary's file first, in order of first
        // appearance; within a file, by line.
        let mut groups: Vec<(&str, Vec<&Label>)> = Vec::new();
        for l in &self.labels {
            match groups.iter_mut().find(|(p, _)| *p == l.path) {
                Some((_, v)) => v.push(l),
                None => groups.push((&l.path, vec![l])),
            }
        }
        for (gi, (path, labels)) in groups.iter_mut().enumerate() {
            let head = labels
                .iter()
                .find(|l| l.primary)
                .or(labels.first())
                .copied();
            let Some(head) = head else { continue };
            if gi == 0 {
                writeln!(f, "{pad}--> {path}:{}:{}", head.line, head.col)?;
            } else {
                writeln!(f, "{pad} |")?;
                writeln!(f, "{pad}::: {path}:{}:{}", head.line, head.col)?;
            }
            writeln!(f, "{pad} |")?;
            labels.sort_by_key(|l| (l.line, !l.primary, l.col));
            let mut last_line: Option<usize> = None;
            for l in labels.iter() {
                if last_line != Some(l.line) {
                    if let Some(prev) = last_line
                        && l.line > prev + 1
                    {
                        writeln!(f, "...")?;
                    }
                    let (text, _) = expand_tabs(&l.line_text, 1);
                    if text.is_empty() {
                        writeln!(f, "{:>width$} |", l.line)?;
                    } else {
                        writeln!(f, "{:>width$} | {}", l.line, text)?;
                    }
                }
                last_line = Some(l.line);
                let (_, col) = expand_tabs(&l.line_text, l.col);
                let mark = if l.primary { "^" } else { "-" };
                let underline = mark.repeat(l.width);
                let space = " ".repeat(col - 1);
                if l.text.is_empty() {
                    writeln!(f, "{pad} | {space}{underline}")?;
                } else {
                    writeln!(f, "{pad} | {space}{underline} {}", l.text)?;
                }
            }
        }
        if !self.notes.is_empty() {
            writeln!(f, "{pad} |")?;
            for (kind, text) in &self.notes {
                let kind = match kind {
                    NoteKind::Note => "note",
                    NoteKind::Help => "help",
                };
                writeln!(f, "{pad} = {kind}: {text}")?;
            }
        }
        Ok(())
    }
}

#[allow(
    dead_code,
    reason = "part of the front end's API; not every phase uses it yet"
)]
/// Render a list of diagnostics, separated by blank lines, followed by a
/// count as rustc prints it.
pub fn render_all(diagnostics: &[Diagnostic]) -> String {
    let mut out = String::new();
    for d in diagnostics {
        out.push_str(&d.render());
        out.push('\n');
    }
    match diagnostics.len() {
        0 => {}
        1 => out.push_str("error: aborting due to 1 previous error\n"),
        n => out.push_str(&format!("error: aborting due to {n} previous errors\n")),
    }
    out
}

/// Edit distance between two strings (insertions, deletions,
/// substitutions and transpositions of adjacent characters).
fn edit_distance(a: &str, b: &str) -> usize {
    let a: Vec<char> = a.chars().collect();
    let b: Vec<char> = b.chars().collect();
    let mut prev2: Vec<usize> = vec![0; b.len() + 1];
    let mut prev: Vec<usize> = (0..=b.len()).collect();
    for i in 1..=a.len() {
        let mut cur = vec![i; b.len() + 1];
        for j in 1..=b.len() {
            let cost = usize::from(a[i - 1] != b[j - 1]);
            cur[j] = (prev[j] + 1).min(cur[j - 1] + 1).min(prev[j - 1] + cost);
            if i > 1 && j > 1 && a[i - 1] == b[j - 2] && a[i - 2] == b[j - 1] {
                cur[j] = cur[j].min(prev2[j - 2] + 1);
            }
        }
        prev2 = std::mem::replace(&mut prev, cur);
    }
    prev[b.len()]
}

/// The candidate closest to `name`, if close enough to be a likely typo
/// (rustc's rule of thumb: at most a third of the length), or equal up to
/// case.
pub fn closest<'a>(name: &str, candidates: impl IntoIterator<Item = &'a str>) -> Option<&'a str> {
    let limit = (name.chars().count().max(3)) / 3;
    let lower = name.to_ascii_lowercase();
    let mut best: Option<(usize, &'a str)> = None;
    for c in candidates {
        if c == name {
            continue;
        }
        let d = if c.to_ascii_lowercase() == lower {
            0
        } else {
            edit_distance(name, c)
        };
        if d <= limit && best.is_none_or(|(bd, bc)| d < bd || (d == bd && c < bc)) {
            best = Some((d, c));
        }
    }
    best.map(|(_, c)| c)
}

#[cfg(test)]
mod tests {
    use super::*;
    use expect_test::expect;

    #[test]
    fn renders_like_rustc() {
        let mut sources = Sources::default();
        let text = "# pointwise\n\n\n\n\n\n\n\n\n\n\nadd.Tensor(self: [*a], other: [*b]) -> [brodcast(a, b)]\n";
        let file = sources.add("ops/pointwise.rules", text);
        let start = text.find("brodcast").unwrap();
        let diag = Diag::new(
            Span::new(file, start, start + "brodcast".len()),
            "unknown intrinsic `brodcast`",
        )
        .label("not an intrinsic")
        .suggest(Some("broadcast"));
        expect![[r#"
            error: unknown intrinsic `brodcast`
              --> ops/pointwise.rules:12:41
               |
            12 | add.Tensor(self: [*a], other: [*b]) -> [brodcast(a, b)]
               |                                         ^^^^^^^^ not an intrinsic
               |
               = help: did you mean `broadcast`?
        "#]]
        .assert_eq(&sources.resolve(&diag).render());
    }

    #[test]
    fn secondary_labels_in_two_files() {
        let mut sources = Sources::default();
        let a = sources.add("ops/a.rules", "mm(self: [n, k], mat2: [k, m]) -> [n, m]\n");
        let b = sources.add(
            "ops/b.rules",
            "# again\n\tmm(self: [n, k], mat2: [k, m]) -> [n, m]\n",
        );
        let diag = Diag::new(Span::new(b, 9, 11), "two rules for `aten::mm`")
            .label("second rule")
            .secondary(Span::new(a, 0, 2), "first rule");
        expect![[r#"
            error: two rules for `aten::mm`
             --> ops/b.rules:2:2
              |
            2 |     mm(self: [n, k], mat2: [k, m]) -> [n, m]
              |     ^^ second rule
              |
             ::: ops/a.rules:1:1
              |
            1 | mm(self: [n, k], mat2: [k, m]) -> [n, m]
              | -- first rule
        "#]]
        .assert_eq(&sources.resolve(&diag).render());
    }

    #[test]
    fn spans_at_end_of_file_and_out_of_range() {
        let mut sources = Sources::default();
        let f = sources.add("x.rules", "mm(");
        let d = sources.resolve(&Diag::new(Span::new(f, 3, 3), "eof"));
        assert_eq!(d.location(), "x.rules:1:4");
        let d = sources.resolve(&Diag::new(Span::new(f, 99, 120), "far"));
        assert_eq!(d.location(), "x.rules:1:4");
        let d = sources.resolve(&Diag::new(Span::new(FileId(7), 0, 1), "nowhere"));
        assert_eq!(d.location(), "<unknown>:1:1");
        let _ = d.render();
    }

    #[test]
    fn typo_suggestions() {
        let names = ["broadcast", "reduce", "rank", "numel"];
        assert_eq!(closest("brodcast", names), Some("broadcast"));
        assert_eq!(closest("Rank", names), Some("rank"));
        assert_eq!(closest("zzz", names), None);
        assert_eq!(edit_distance("ab", "ba"), 1);
    }
}
