//! Every command the README and the guides show still works, so none can
//! go stale: the shell blocks and the inline commands of `README.md`,
//! `BENCHMARKS.md`, `docs/adding-an-op.md` and `fuzz/README.md` are
//! collected and each is checked for what it is.
//!
//! - `fake ...` (also as `cargo run --release -- ...` or
//!   `target/release/fake ...`): its subcommand and every `--flag` exist
//!   (`fake SUB --help`), and when it is complete (every file it names
//!   exists, no placeholder such as `FILE`) it is run and must exit 0.
//!   `[--flag]` stands for both forms.
//! - `cargo test|build|bench|run|fuzz ...`: the package (`-p`), test,
//!   bench, example and fuzz targets it names exist, and a bench filter
//!   names a benchmark of `benches/`.
//! - `python scripts/X.py --flag`: the script exists and takes the flag.
//! - `FAKE_..._BLESS=1 ...`: a test reads that variable.
//! - `python/test.sh`, `.ci/run`, `touch F`, `cd D`, `pip install ./python`:
//!   the file or directory exists.
//!
//! Anything else is a failure naming the file and line, so a new kind of
//! command gets a check before it lands. The README's test command itself
//! is what `.ci/run` runs, and its first command is run here.

use std::path::{Path, PathBuf};
use std::process::Command;

/// The repository root.
fn root() -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR"))
}

/// The documents whose commands are checked.
const DOCS: &[&str] = &[
    "README.md",
    "BENCHMARKS.md",
    "docs/adding-an-op.md",
    "fuzz/README.md",
];

/// One command and where it was written.
struct Shown {
    /// `README.md:22`.
    at: String,
    /// The command's words (quotes removed).
    words: Vec<String>,
}

/// Split a shell command into words: blanks separate, `'...'` and `"..."`
/// quote.
fn shell_words(s: &str) -> Vec<String> {
    let (mut words, mut cur, mut quote, mut any) = (Vec::new(), String::new(), None, false);
    for c in s.chars() {
        match (quote, c) {
            (Some(q), c) if c == q => quote = None,
            (Some(_), c) => cur.push(c),
            (None, '\'' | '"') => {
                quote = Some(c);
                any = true;
            }
            (None, c) if c.is_whitespace() => {
                if any {
                    words.push(std::mem::take(&mut cur));
                    any = false;
                }
            }
            (None, c) => {
                cur.push(c);
                any = true;
            }
        }
    }
    if any {
        words.push(cur);
    }
    words
}

/// Whether an inline code span is a command worth checking.
fn is_command(span: &str) -> bool {
    [
        "cargo ",
        "fake ",
        "python ",
        "python3 ",
        "pip ",
        "FAKE_",
        "python/test.sh",
        ".ci/run",
        "target/release/fake",
        "valgrind ",
    ]
    .iter()
    .any(|p| span.starts_with(p))
}

/// Cut a line at `&&` and at a `|` outside quotes: the pieces are
/// separate commands.
fn pieces(line: &str) -> Vec<String> {
    let mut out = Vec::new();
    for part in line.split("&&") {
        // A `|` inside quotes is a regex alternative (`"a|b"`), not a pipe.
        let quoted = part.matches('"').count() >= 2 || part.matches('\'').count() >= 2;
        if quoted {
            out.push(part.trim().to_string());
        } else {
            out.extend(part.split('|').map(|p| p.trim().to_string()));
        }
    }
    out.retain(|p| !p.is_empty());
    out
}

/// Every command of one document.
fn commands_of(doc: &str, text: &str) -> Vec<Shown> {
    let mut out = Vec::new();
    let mut push = |line_no: usize, cmd: &str| {
        for p in pieces(cmd) {
            out.push(Shown {
                at: format!("{doc}:{line_no}"),
                words: shell_words(&p),
            });
        }
    };
    let mut fence: Option<String> = None;
    let mut pending = String::new();
    let mut pending_at = 0;
    for (i, line) in text.lines().enumerate() {
        let n = i + 1;
        if let Some(tag) = line.trim_start().strip_prefix("```") {
            fence = match fence {
                Some(_) => None,
                None => Some(tag.trim().to_string()),
            };
            continue;
        }
        match fence.as_deref() {
            Some("sh") => {
                // Comments: a whole line, or after blanks.
                let code = match line.find(" #") {
                    Some(k) => &line[..k],
                    None if line.trim_start().starts_with('#') => "",
                    None => line,
                };
                let code = code.trim().trim_start_matches("$ ");
                if pending.is_empty() {
                    pending_at = n;
                }
                match code.strip_suffix('\\') {
                    Some(head) => {
                        pending.push_str(head);
                        pending.push(' ');
                    }
                    None => {
                        pending.push_str(code);
                        let cmd = std::mem::take(&mut pending);
                        if !cmd.trim().is_empty() {
                            push(pending_at, &cmd);
                        }
                    }
                }
            }
            Some("") => {
                // An output block: its `$ fake ...` lines are commands.
                if let Some(cmd) = line.strip_prefix("$ ") {
                    push(n, cmd);
                }
            }
            Some(_) => {}
            None => {
                let spans: Vec<&str> = line.split('`').collect();
                for span in spans.iter().skip(1).step_by(2) {
                    if is_command(span) {
                        push(n, span);
                    }
                }
            }
        }
    }
    out
}

/// The packages of the workspace and where they live.
const PACKAGES: &[(&str, &str)] = &[
    ("fake-tensor", "."),
    ("fake-runtime", "fake-runtime"),
    ("fake-rules", "fake-rules"),
    ("fake-macros", "fake-macros"),
    ("fake-ops", "ops"),
];

/// The value following `flag` in `words`.
fn value_of<'w>(words: &'w [String], flag: &str) -> Option<&'w str> {
    let k = words.iter().position(|w| w == flag)?;
    words.get(k + 1).map(String::as_str)
}

/// Whether a package has the test target `name`: one its manifest
/// declares, or a file cargo finds in `tests/` unless `autotests = false`.
fn has_test(dir: &Path, name: &str) -> bool {
    let manifest = std::fs::read_to_string(dir.join("Cargo.toml")).unwrap_or_default();
    let tests = dir.join("tests");
    manifest.contains(&format!("name = \"{name}\""))
        || !manifest.contains("autotests = false")
            && (tests.join(format!("{name}.rs")).is_file()
                || tests.join(name).join("main.rs").is_file())
}

/// Every `.rs` file's text under `dir`.
fn sources_under(dir: &Path) -> String {
    let mut text = String::new();
    let Ok(entries) = std::fs::read_dir(dir) else {
        return text;
    };
    for e in entries.flatten() {
        let p = e.path();
        if p.is_dir() {
            text.push_str(&sources_under(&p));
        } else if p.extension().is_some_and(|x| x == "rs") {
            text.push_str(&std::fs::read_to_string(&p).unwrap_or_default());
        }
    }
    text
}

/// Check a `cargo` command.
fn check_cargo(words: &[String]) -> Result<(), String> {
    let root = root();
    let mut words = words.to_vec();
    if words.get(1).is_some_and(|w| w.starts_with('+')) {
        words.remove(1);
    }
    let sub = words.get(1).map(String::as_str).unwrap_or("");
    if sub == "run" && words.iter().any(|w| w == "--") {
        // `cargo run --release -- ARGS`: the binary's arguments.
        let k = words.iter().position(|w| w == "--").unwrap_or(0);
        return check_fake(&words[k + 1..]);
    }
    let dir = match value_of(&words, "-p") {
        Some(p) => match PACKAGES.iter().find(|(name, _)| *name == p) {
            Some((_, d)) => root.join(d),
            None => return Err(format!("no package `{p}` in the workspace")),
        },
        None => root.clone(),
    };
    if let Some(t) = value_of(&words, "--test")
        && !has_test(&dir, t)
    {
        return Err(format!("no test target `{t}` in {}", dir.display()));
    }
    if let Some(e) = value_of(&words, "--example")
        && !dir.join("examples").join(format!("{e}.rs")).is_file()
    {
        return Err(format!("no example `{e}`"));
    }
    if let Some(b) = value_of(&words, "--bench") {
        if !dir.join("benches").join(b).join("main.rs").is_file()
            && !dir.join("benches").join(format!("{b}.rs")).is_file()
        {
            return Err(format!("no bench target `{b}`"));
        }
        // The filter names benchmarks that exist.
        if let Some(k) = words.iter().position(|w| w == "--") {
            let benches = sources_under(&dir.join("benches"));
            for filter in &words[k + 1..] {
                for alt in filter.split('|') {
                    let name = alt.trim_end_matches('/');
                    if !benches.contains(&format!("\"{name}")) {
                        return Err(format!("no benchmark group or function `{name}`"));
                    }
                }
            }
        }
    }
    if sub == "fuzz" {
        let manifest = std::fs::read_to_string(root.join("fuzz/Cargo.toml"))
            .map_err(|e| format!("fuzz/Cargo.toml: {e}"))?;
        let verb = words.get(2).map(String::as_str).unwrap_or("");
        if verb == "run" {
            let target = words[3..]
                .iter()
                .find(|w| !w.starts_with('-'))
                .ok_or("`cargo fuzz run` names no target")?;
            if !manifest.contains(&format!("name = \"{target}\"")) {
                return Err(format!("no fuzz target `{target}`"));
            }
            for dir in words[3..].iter().skip_while(|w| *w != target).skip(1) {
                if dir == "--" {
                    break;
                }
                // `corpus/<target>` is made by the run; seeds and
                // artifacts are read.
                let base = dir.split('/').next().unwrap_or(dir);
                if base != "corpus" && !root.join("fuzz").join(base).exists() && !dir.contains('<')
                {
                    return Err(format!("fuzz/{base} does not exist"));
                }
            }
        }
    }
    match sub {
        "test" | "build" | "bench" | "run" | "fuzz" | "doc" | "fmt" | "clippy" => Ok(()),
        "install" if words.get(2).is_some_and(|w| w == "cargo-fuzz") => Ok(()),
        _ => Err(format!("unknown cargo command `{sub}`")),
    }
}

/// Run the `fake` binary.
fn fake(args: &[&str]) -> std::process::Output {
    Command::new(env!("CARGO_BIN_EXE_fake"))
        .current_dir(root())
        .args(args)
        .output()
        .expect("fake runs")
}

/// Check a `fake` command (its arguments, without `fake`).
fn check_fake(args: &[String]) -> Result<(), String> {
    let Some(sub) = args.first() else {
        return Err("`fake` with no subcommand".into());
    };
    if sub == "help" {
        let o = fake(&["help"]);
        return if o.status.success() {
            Ok(())
        } else {
            Err("`fake help` fails".into())
        };
    }
    let help = fake(&[sub, "--help"]);
    if !help.status.success() {
        return Err(format!("`fake {sub}` is not a subcommand"));
    }
    let help = String::from_utf8_lossy(&help.stdout).into_owned();
    let mut complete = true;
    let mut forms: Vec<Vec<String>> = vec![Vec::new()];
    for a in args {
        let optional = a.starts_with('[') && a.ends_with(']');
        let w = a.trim_start_matches('[').trim_end_matches(']');
        if let Some(flag) = w.strip_prefix("--") {
            let flag = flag.split('=').next().unwrap_or(flag);
            if !help.contains(&format!("--{flag}")) {
                return Err(format!("`fake {sub}` takes no `--{flag}`"));
            }
        }
        let placeholder = w.chars().all(|c| c.is_ascii_uppercase() || c == '.') && w.len() > 1
            || w.ends_with(".pt2") && !root().join(w).exists()
            || (w.ends_with(".json") && !root().join(w).exists());
        complete &= !placeholder;
        if optional {
            let with: Vec<Vec<String>> = forms
                .iter()
                .map(|f| {
                    let mut f = f.clone();
                    f.push(w.to_string());
                    f
                })
                .collect();
            forms.extend(with);
        } else {
            forms.iter_mut().for_each(|f| f.push(w.to_string()));
        }
    }
    if !complete {
        return Ok(());
    }
    for form in forms {
        let argv: Vec<&str> = form.iter().map(String::as_str).collect();
        let o = fake(&argv);
        let err = String::from_utf8_lossy(&o.stderr);
        if err.contains("required arguments were not provided")
            || err.contains("a value is required for")
        {
            // A mention of a flag, not a whole command.
            continue;
        }
        if !o.status.success() {
            return Err(format!(
                "`fake {}` exits {:?}: {}",
                argv.join(" "),
                o.status.code(),
                err.lines().next().unwrap_or("")
            ));
        }
    }
    Ok(())
}

/// Check one command.
fn check(words: &[String]) -> Result<(), String> {
    let root = root();
    // Leading `NAME=value` assignments: a test reads each variable.
    let mut k = 0;
    while let Some((name, _)) = words.get(k).and_then(|w| w.split_once('=')) {
        if name.chars().all(|c| c.is_ascii_uppercase() || c == '_') {
            // This file names variables that no test reads.
            let tests = sources_under(&root.join("tests"));
            let this = include_str!("doc_commands.rs");
            if tests.matches(name).count() <= this.matches(name).count() {
                return Err(format!("no test reads `{name}`"));
            }
            k += 1;
        } else {
            break;
        }
    }
    let words = &words[k..];
    let Some(first) = words.first() else {
        return Ok(());
    };
    let exists = |p: &str| {
        if root.join(p).exists() {
            Ok(())
        } else {
            Err(format!("`{p}` does not exist"))
        }
    };
    match first.as_str() {
        "fake" => check_fake(&words[1..]),
        "target/release/fake" => check_fake(&words[1..]),
        "cargo" => check_cargo(words),
        "python" | "python3" => {
            let script = words.get(1).ok_or("python without a script")?;
            let text = std::fs::read_to_string(root.join(script))
                .map_err(|e| format!("`{script}`: {e}"))?;
            for w in &words[2..] {
                if let Some(flag) = w.strip_prefix("--") {
                    let flag = flag.split('=').next().unwrap_or(flag);
                    if !text.contains(&format!("\"--{flag}\"")) {
                        return Err(format!("`{script}` takes no `--{flag}`"));
                    }
                }
            }
            Ok(())
        }
        "pip" => exists(words.last().map(String::as_str).unwrap_or("")),
        "python/test.sh" | ".ci/run" | "touch" | "cd" => {
            exists(if first == "touch" || first == "cd" {
                words.get(1).map(String::as_str).unwrap_or("")
            } else {
                first
            })
        }
        "valgrind" => {
            let k = words
                .iter()
                .position(|w| !w.starts_with('-') && w != "valgrind")
                .ok_or("valgrind runs nothing")?;
            check(&words[k..])
        }
        other => Err(format!("a command of unknown kind `{other}`")),
    }
}

#[test]
fn every_command_the_documents_show_works() {
    let mut failures = Vec::new();
    let mut checked = 0;
    for doc in DOCS {
        let text = std::fs::read_to_string(root().join(doc)).expect("document");
        for shown in commands_of(doc, &text) {
            checked += 1;
            if let Err(e) = check(&shown.words) {
                failures.push(format!("{}: `{}`: {e}", shown.at, shown.words.join(" ")));
            }
        }
    }
    println!("{checked} commands checked");
    assert!(checked > 20, "only {checked} commands found");
    assert!(failures.is_empty(), "{}", failures.join("\n"));
}

#[test]
fn the_readme_states_the_two_setup_commands() {
    let readme = std::fs::read_to_string(root().join("README.md")).expect("README.md");
    let shown = commands_of("README.md", &readme);
    let has = |words: &[&str]| shown.iter().any(|s| s.words == words);
    assert!(
        has(&[
            "cargo",
            "run",
            "--release",
            "--",
            "prop",
            "examples/resnet18.json"
        ]),
        "the README should show the main command"
    );
    assert!(
        has(&["cargo", "test", "--workspace"]) && has(&["python/test.sh"]),
        "the README should show the test command"
    );
    let ci = std::fs::read_to_string(root().join(".ci/run")).expect(".ci/run");
    assert!(
        ci.contains("cargo test --workspace && python/test.sh"),
        ".ci/run should run the README's test command"
    );
}

#[test]
fn the_checks_refuse_stale_commands() {
    for stale in [
        "fake prope examples/resnet18.json",
        "fake prop examples/resnet18.json --frmat json",
        "cargo test -p fake-tensor --test no_such_test",
        "cargo test -p fake-tensor --test cli",
        "cargo test -p no-such-package",
        "cargo bench --bench bench_main -- no_such_benchmark",
        "python scripts/export_op_cases.py --no-such-flag",
        "FAKE_NO_SUCH_BLESS=1 cargo test",
        "cargo +nightly fuzz run -a no_such_target corpus/x",
        "fake verify examples/no_such_program",
        "touch ops/rules/no_such.rules",
    ] {
        assert!(
            check(&shell_words(stale)).is_err(),
            "`{stale}` should be refused"
        );
    }
}
