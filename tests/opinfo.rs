//! The programs of PyTorch's OpInfo database, one test per entry: every
//! file `tests/fixtures/opinfo/<entry>.json.gz` (written by
//! `scripts/sweep_opinfo.py`: up to three samples per dtype of the entry,
//! float32, int64, bool and complex64, each exported static and dynamic,
//! in the default and the Core ATen IR) is a test named by the entry
//! (`add`, `nn.functional.conv2d`), so a failure names it and `cargo test
//! -p fake-tensor --test opinfo -- add --exact` runs one. The files of
//! `tests/fixtures/opinfo_dtypes/` (`--dtypes extended`: a float16,
//! bfloat16, int32 and uint8 sample each) are the tests `dtypes::<entry>`,
//! those of `tests/fixtures/opinfo_later/` (`--dtypes later`: the fourth
//! to seventh samples of the common dtypes) the tests `later::<entry>`, and
//! those of `tests/fixtures/opinfo_foreach/` (`--db foreach_op_db`: the
//! `_foreach_*` operators, which `op_db` leaves out) the tests
//! `foreach::<entry>`, and those of `tests/fixtures/opinfo_reference/`
//! (`--dtypes reference`: up to four float32 and int64 samples that an
//! entry's `reference_inputs` adds to its sample inputs) the tests
//! `reference::<entry>`, each folder with its own table.
//!
//! Every program is propagated and verified node by node against what
//! PyTorch recorded. What does not verify is a *problem* of the entry and
//! variant, keyed by operator: an unsupported node (`unsupported`, with the
//! reason), a node whose results differ (`mismatch`, with the first
//! difference), input sizes PyTorch's recorded guards admit and ours refuse
//! (`guards`) or a program that did not load, build, propagate or that
//! panicked (`failed`). An entry's test fails unless its problems are
//! exactly those its folder's `expected.json` lists for it: a new
//! problem fails, and so does a listed one that is gone, so the table only
//! shrinks as operators are added. After adding rules, rewrite it with
//!
//! ```sh
//! FAKE_OPINFO_BLESS=1 cargo test -p fake-tensor --test opinfo
//! ```
//!
//! and review the diff: it should only lose lines.
//!
//! The test `totals` always runs and prints, per variant, the programs, how
//! many verify (no mismatch, nothing unsupported) and the operators most
//! often unsupported. `expectations_name_fixtures` checks that every entry
//! of the table has a fixture file. Samples PyTorch could not export and
//! the entries' `error_inputs` (calls PyTorch refuses) are recorded in the
//! files but not read here.

#[path = "support/gz_json.rs"]
mod gz_json;
use fake_tensor::graph::Graph;
use fake_tensor::prop::Plan;
use fake_tensor::verify::{Verdict, verify};
use gz_json::{panic_message, read_gz_json};
use libtest_mimic::{Arguments, Failed, Trial};
use serde_json::Value as Json;
use std::collections::BTreeMap;
use std::fmt::Write as _;
use std::panic::{AssertUnwindSafe, catch_unwind};
use std::path::{Path, PathBuf};
use std::sync::OnceLock;

/// A folder of fixture files, one per OpInfo entry, with its own
/// expectations table: one sweep of `scripts/sweep_opinfo.py` (its
/// `--dtypes` set).
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord)]
struct Set {
    /// The prefix of its tests' names (`dtypes::add`).
    prefix: &'static str,
    /// The folder.
    dir: &'static str,
}

/// The sweeps: float32, int64, bool and complex64 samples (up to three
/// each), float16, bfloat16, int32 and uint8 ones (one each), and the
/// common dtypes' samples after the first three (up to four each),
/// the common sweep of `foreach_op_db`, and the float32 and int64 samples
/// (up to four each) an entry's `reference_inputs` adds to its sample
/// inputs.
const SETS: [Set; 5] = [
    Set {
        prefix: "",
        dir: concat!(env!("CARGO_MANIFEST_DIR"), "/tests/fixtures/opinfo"),
    },
    Set {
        prefix: "dtypes::",
        dir: concat!(env!("CARGO_MANIFEST_DIR"), "/tests/fixtures/opinfo_dtypes"),
    },
    Set {
        prefix: "later::",
        dir: concat!(env!("CARGO_MANIFEST_DIR"), "/tests/fixtures/opinfo_later"),
    },
    Set {
        prefix: "foreach::",
        dir: concat!(env!("CARGO_MANIFEST_DIR"), "/tests/fixtures/opinfo_foreach"),
    },
    Set {
        prefix: "reference::",
        dir: concat!(
            env!("CARGO_MANIFEST_DIR"),
            "/tests/fixtures/opinfo_reference"
        ),
    },
];

/// The expectations table, relative to a set's folder.
const EXPECTED: &str = "expected.json";

/// The exported variants of each sample, in the order they are reported.
const VARIANTS: [&str; 4] = ["static", "static_core", "dynamic", "dynamic_core"];

/// Set to rewrite the expectations table from this run.
const BLESS: &str = "FAKE_OPINFO_BLESS";

/// What does not verify in one variant of an entry: category (`unsupported`,
/// `mismatch`, `failed`) -> operator (or stage) -> reason.
type Problems = BTreeMap<String, BTreeMap<String, String>>;

/// The table: entry -> variant -> problems.
type Table = BTreeMap<String, BTreeMap<String, Problems>>;

/// What one variant of an entry gave.
#[derive(Debug, Default, Clone)]
struct VariantOutcome {
    /// Programs in the file (samples PyTorch exported).
    programs: usize,
    /// Programs with every node matching.
    verified: usize,
    /// Programs with an unsupported node.
    with_unsupported: usize,
    /// Programs with a node whose results differ.
    with_mismatch: usize,
    /// Programs that did not load, build or propagate, or panicked.
    failed: usize,
    /// Unsupported operator -> programs in which it is.
    unsupported_ops: BTreeMap<String, usize>,
    problems: Problems,
}

/// What one entry gave, per variant of [`VARIANTS`].
#[derive(Debug, Clone)]
struct Outcome {
    variants: Vec<VariantOutcome>,
}

impl Outcome {
    /// The entry's problems in the table's form (variants with none left
    /// out).
    fn table(&self) -> BTreeMap<String, Problems> {
        VARIANTS
            .iter()
            .zip(&self.variants)
            .filter(|(_, v)| !v.problems.is_empty())
            .map(|(name, v)| ((*name).to_string(), v.problems.clone()))
            .collect()
    }
}

fn fixture_path(set: Set, entry: &str) -> PathBuf {
    Path::new(set.dir).join(format!("{entry}.json.gz"))
}

/// The entries of `set` with a fixture file, sorted.
fn entries(set: Set) -> Vec<String> {
    let mut names: Vec<String> = std::fs::read_dir(set.dir)
        .unwrap_or_else(|e| panic!("{}: {e}", set.dir))
        .filter_map(|e| {
            let name = e.ok()?.file_name().to_string_lossy().into_owned();
            name.strip_suffix(".json.gz").map(str::to_string)
        })
        .collect();
    names.sort();
    names
}

fn read_entry(set: Set, entry: &str) -> Result<Json, String> {
    read_gz_json(&fixture_path(set, entry))
}

/// Propagate and verify one program, recording what does not verify.
fn check_program(bytes: &[u8], sample: &str, out: &mut VariantOutcome) {
    out.programs += 1;
    let mut failed = |stage: &str, why: String| {
        out.failed += 1;
        out.problems
            .entry("failed".into())
            .or_default()
            .entry(stage.into())
            .or_insert_with(|| format!("{sample}: {why}"));
    };
    let program = match fake_tensor::export::parse_program(bytes, sample) {
        Ok(p) => p,
        Err(e) => return failed("load", e.to_string()),
    };
    let graph = match Graph::from_program(&program) {
        Ok(g) => g,
        Err(e) => return failed("graph", e.to_string()),
    };
    let run = catch_unwind(AssertUnwindSafe(|| {
        let registry = fake_ops::registry();
        let mut p = Plan::new(&graph, &registry).run_checked(&graph, registry)?;
        Ok(verify(&graph, &mut p))
    }));
    let report = match run {
        Ok(Ok(report)) => report,
        Ok(Err(e)) => {
            let e: fake_tensor::prop::PropError = e;
            return failed("propagation", e.to_string());
        }
        Err(payload) => {
            let message = panic_message(payload.as_ref());
            let first = message.lines().next().unwrap_or_default().to_string();
            return failed("panic", first);
        }
    };
    let (mut unsupported, mut mismatch) = (false, false);
    let mut seen = Vec::new();
    for (_, target, verdict) in &report.nodes {
        let target = target
            .strip_prefix("torch.ops.")
            .unwrap_or(target)
            .to_string();
        let target = &target;
        match verdict {
            Verdict::Match => {}
            Verdict::Unsupported(reason) => {
                unsupported = true;
                out.problems
                    .entry("unsupported".into())
                    .or_default()
                    .entry(target.clone())
                    .or_insert_with(|| reason.clone());
                if !seen.contains(target) {
                    seen.push(target.clone());
                    *out.unsupported_ops.entry(target.clone()).or_default() += 1;
                }
            }
            Verdict::Mismatch(ms) => {
                mismatch = true;
                let first = ms.first().map(ToString::to_string).unwrap_or_default();
                out.problems
                    .entry("mismatch".into())
                    .or_default()
                    .entry(target.clone())
                    .or_insert_with(|| format!("{sample}: {first}"));
            }
        }
    }
    if let Some(d) = &report.guards.difference {
        mismatch = true;
        out.problems
            .entry("guards".into())
            .or_default()
            .entry("program".into())
            .or_insert_with(|| format!("{sample}: {d}"));
    }
    out.with_unsupported += usize::from(unsupported);
    out.with_mismatch += usize::from(mismatch);
    out.verified += usize::from(!unsupported && !mismatch);
}

/// Propagate and verify every program of an entry's file.
fn run_entry(set: Set, entry: &str) -> Result<Outcome, String> {
    let record = read_entry(set, entry)?;
    let samples = record
        .get("samples")
        .and_then(Json::as_array)
        .ok_or_else(|| format!("{entry}: no `samples` list"))?;
    let mut variants = vec![VariantOutcome::default(); VARIANTS.len()];
    for s in samples {
        let dtype = s.get("dtype").and_then(Json::as_str).unwrap_or("?");
        let index = s.get("index").and_then(Json::as_u64).unwrap_or(0);
        for (variant, out) in VARIANTS.iter().zip(&mut variants) {
            let Some(program) = s.get(*variant).and_then(|v| v.get("program")) else {
                continue;
            };
            let bytes = serde_json::to_vec(program).map_err(|e| format!("{entry}: {e}"))?;
            let sample = format!("{dtype} #{index}");
            check_program(&bytes, &sample, out);
        }
    }
    Ok(Outcome { variants })
}

/// Each entry's outcome, computed once by whichever test asks first.
fn outcome(set: Set, entry: &str) -> &'static Result<Outcome, String> {
    type Cache = BTreeMap<(Set, String), OnceLock<Result<Outcome, String>>>;
    static CACHE: OnceLock<Cache> = OnceLock::new();
    let cache = CACHE.get_or_init(|| {
        SETS.iter()
            .flat_map(|&s| {
                entries(s)
                    .into_iter()
                    .map(move |e| ((s, e), OnceLock::new()))
            })
            .collect()
    });
    cache
        .get(&(set, entry.to_string()))
        .expect("an entry with a fixture file")
        .get_or_init(|| run_entry(set, entry))
}

fn expected(set: Set) -> Result<Table, String> {
    let path = Path::new(set.dir).join(EXPECTED);
    let text = std::fs::read_to_string(&path).map_err(|e| format!("{}: {e}", path.display()))?;
    serde_json::from_str(&text).map_err(|e| format!("{}: {e}", path.display()))
}

/// Lines `category operator: reason` of one variant's problems.
fn lines(problems: &Problems) -> Vec<String> {
    problems
        .iter()
        .flat_map(|(cat, ops)| {
            ops.iter()
                .map(move |(op, why)| format!("{cat} {op}: {why}"))
        })
        .collect()
}

fn check_entry(set: Set, entry: &str, table: &Table) -> Result<(), Failed> {
    let outcome = outcome(set, entry).as_ref().map_err(Failed::from)?;
    let found = outcome.table();
    let empty = BTreeMap::new();
    let listed = table.get(entry).unwrap_or(&empty);
    let mut msg = String::new();
    for variant in VARIANTS {
        let none = Problems::new();
        let ours = lines(found.get(variant).unwrap_or(&none));
        let theirs = lines(listed.get(variant).unwrap_or(&none));
        for l in ours.iter().filter(|l| !theirs.contains(l)) {
            let _ = writeln!(msg, "{variant}: new: {l}");
        }
        for l in theirs.iter().filter(|l| !ours.contains(l)) {
            let _ = writeln!(msg, "{variant}: listed in {EXPECTED} but gone: {l}");
        }
    }
    if msg.is_empty() {
        Ok(())
    } else {
        Err(format!(
            "{entry}:\n{msg}(rewrite the table with {BLESS}=1 once the change is intended)"
        )
        .into())
    }
}

/// Per variant: programs, verified, percentage; then the operators most
/// often unsupported (in how many programs).
fn totals(set: Set) -> Result<String, Failed> {
    let mut sums = vec![VariantOutcome::default(); VARIANTS.len()];
    let mut ops: BTreeMap<String, usize> = BTreeMap::new();
    let mut entries_by_op: BTreeMap<String, usize> = BTreeMap::new();
    let names = entries(set);
    for entry in &names {
        let outcome = outcome(set, entry).as_ref().map_err(Failed::from)?;
        let mut in_entry = Vec::new();
        for (sum, v) in sums.iter_mut().zip(&outcome.variants) {
            sum.add(v);
            for (op, n) in &v.unsupported_ops {
                *ops.entry(op.clone()).or_default() += n;
                if !in_entry.contains(op) {
                    in_entry.push(op.clone());
                    *entries_by_op.entry(op.clone()).or_default() += 1;
                }
            }
        }
    }
    let mut out = String::new();
    let _ = writeln!(
        out,
        "OpInfo programs of {} entries ({}):\n",
        names.len(),
        set.dir.rsplit('/').next().unwrap_or(set.dir)
    );
    let _ = writeln!(
        out,
        "| variant | programs | verified | % | with unsupported | with mismatch | failed |"
    );
    let _ = writeln!(out, "|---|---|---|---|---|---|---|");
    let mut all = VariantOutcome::default();
    for (variant, s) in VARIANTS.iter().zip(&sums) {
        let _ = writeln!(out, "{}", s.row(variant));
        all.add(s);
    }
    let _ = writeln!(out, "{}", all.row("all"));
    let mut ranked: Vec<(&String, &usize)> = ops.iter().collect();
    ranked.sort_by(|a, b| b.1.cmp(a.1).then(a.0.cmp(b.0)));
    let _ = writeln!(
        out,
        "\nUnsupported operators ({} in all), most programs first:\n",
        ranked.len()
    );
    let _ = writeln!(out, "| operator | programs | entries |");
    let _ = writeln!(out, "|---|---|---|");
    for (op, n) in ranked.iter().take(30) {
        let _ = writeln!(out, "| `{op}` | {n} | {} |", entries_by_op[*op]);
    }
    Ok(out)
}

impl VariantOutcome {
    /// Add another's counts (not its problems).
    fn add(&mut self, other: &VariantOutcome) {
        self.programs += other.programs;
        self.verified += other.verified;
        self.with_unsupported += other.with_unsupported;
        self.with_mismatch += other.with_mismatch;
        self.failed += other.failed;
    }

    /// A row of the totals table.
    fn row(&self, name: &str) -> String {
        let percent = if self.programs == 0 {
            "-".to_string()
        } else {
            format!("{:.1}", 100.0 * self.verified as f64 / self.programs as f64)
        };
        format!(
            "| {name} | {} | {} | {percent} | {} | {} | {} |",
            self.programs, self.verified, self.with_unsupported, self.with_mismatch, self.failed
        )
    }
}

/// Write `set`'s table from this run's outcomes.
fn bless(set: Set) -> Result<(), String> {
    let mut table = Table::new();
    for entry in entries(set) {
        let found = outcome(set, &entry).as_ref().map_err(Clone::clone)?.table();
        if !found.is_empty() {
            table.insert(entry, found);
        }
    }
    let text = serde_json::to_string_pretty(&table).map_err(|e| e.to_string())?;
    let path = Path::new(set.dir).join(EXPECTED);
    std::fs::write(&path, text + "\n").map_err(|e| format!("{}: {e}", path.display()))
}

fn main() {
    let args = Arguments::from_args();
    let mut trials = Vec::new();
    for set in SETS {
        if std::env::var_os(BLESS).is_some() {
            if let Err(e) = bless(set) {
                eprintln!("{BLESS}: {e}");
                std::process::exit(1);
            }
            eprintln!("{BLESS}: wrote {}/{EXPECTED}", set.dir);
        }
        let table = match expected(set) {
            Ok(t) => t,
            Err(e) => {
                eprintln!("{e}");
                std::process::exit(1);
            }
        };
        let table: &'static Table = Box::leak(Box::new(table));
        for entry in entries(set) {
            let name = format!("{}{entry}", set.prefix);
            trials.push(Trial::test(name, move || check_entry(set, &entry, table)));
        }
        trials.push(Trial::test(format!("{}totals", set.prefix), move || {
            println!("\n{}", totals(set)?);
            Ok(())
        }));
        trials.push(Trial::test(
            format!("{}expectations_name_fixtures", set.prefix),
            move || {
                let names = entries(set);
                let stale: Vec<&String> = table.keys().filter(|e| !names.contains(e)).collect();
                if stale.is_empty() {
                    Ok(())
                } else {
                    Err(
                        format!("{EXPECTED} lists entries without a fixture file: {stale:?}")
                            .into(),
                    )
                }
            },
        ));
    }
    libtest_mimic::run(&args, trials).exit();
}
