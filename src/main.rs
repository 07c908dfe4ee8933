//! The `fake` command line: propagate fake tensors through programs saved
//! by `torch.export`, verify the result against PyTorch's recorded
//! metadata, time propagation, and show the operator surface.

use anyhow::{Context, Result};
use clap::{Parser, Subcommand, ValueEnum};
use fake_runtime::Registry;
use fake_tensor::export;
use fake_tensor::graph::{Graph, Producer, SymIntArg, ValueId};
use fake_tensor::prop::{Plan, Propagation, Slot, Status};
use fake_tensor::report::{self, Cond, Row, Sym, output_values, sizes, sym_json};
use fake_tensor::verify::{self, Verdict};
use std::path::{Path, PathBuf};
use std::process::ExitCode;
use std::time::Instant;

/// `println!` that survives a closed pipe (`fake prop FILE | head`): the
/// program ends quietly, as Unix tools do, instead of panicking.
macro_rules! outln {
    () => {
        emit(format_args!("\n"))
    };
    ($($arg:tt)*) => {
        emit(format_args!("{}\n", format_args!($($arg)*)))
    };
}

/// Write formatted output to stdout: exit 0 when the reader has gone,
/// exit 2 with a message on any other write error.
fn emit(args: std::fmt::Arguments<'_>) {
    use std::io::Write;
    if let Err(e) = std::io::stdout().lock().write_fmt(args) {
        if e.kind() == std::io::ErrorKind::BrokenPipe {
            std::process::exit(0);
        }
        eprintln!("error: cannot write the output: {e}");
        std::process::exit(2);
    }
}

/// Tensor metadata propagation for torch.export programs.
#[derive(Parser)]
#[command(name = "fake", version, about)]
struct Cli {
    #[command(subcommand)]
    command: Command,
}

#[derive(Subcommand)]
enum Command {
    /// Propagate fake tensors through a program and print every node's
    /// results, then the guards and runtime asserts.
    Prop {
        /// A `.pt2` archive or a `model.json`.
        file: PathBuf,
        /// Output format.
        #[arg(long, value_enum, default_value_t = Format::Table)]
        format: Format,
    },
    /// Propagate and compare every node with what PyTorch recorded.
    Verify {
        /// `.pt2` archives or `model.json` files.
        #[arg(required = true)]
        files: Vec<PathBuf>,
    },
    /// Time propagation (parsing excluded).
    Bench {
        /// A `.pt2` archive or a `model.json`.
        file: PathBuf,
        /// Number of timed propagations (at least 1).
        #[arg(long, default_value_t = 100, value_parser = clap::value_parser!(u64).range(1..))]
        runs: u64,
    },
    /// The operator surface and its coverage of Core ATen.
    Rules,
    /// Call one operator on fake tensors and print its results, symbols,
    /// guards and runtime asserts: `fake call 'aten::add(f32[s0,3], f32[3])'`
    /// (tensors `dtype[sizes]{strides}+offset@device`, sizes numbers or
    /// symbols, other arguments as in Python), or one JSON call per line
    /// with `--jsonl FILE`.
    Call {
        /// The call, as text.
        #[arg(required_unless_present = "jsonl", conflicts_with = "jsonl")]
        call: Option<String>,
        /// Read one JSON call per line from FILE (`-`: standard input) and
        /// write one JSON result per line.
        #[arg(long, value_name = "FILE")]
        jsonl: Option<PathBuf>,
        /// A symbol's hint, `NAME=VALUE` (repeatable; 8 when not given).
        #[arg(long = "hint", value_name = "NAME=VALUE", value_parser = parse_hint)]
        hints: Vec<(String, i64)>,
    },
    /// Peak memory as a formula of the program's symbols: each storage is
    /// live from the node that makes it to the last node that reads it (to
    /// the end for outputs); inputs and parameters throughout.
    Mem {
        /// A `.pt2` archive or a `model.json`.
        file: PathBuf,
        /// Evaluate at these sizes, `NAME=VALUE` separated by commas
        /// (`s0=8,s1=128`); the other symbols take their hints.
        #[arg(long, value_name = "NAME=VALUE,...", value_parser = parse_at)]
        at: Vec<At>,
        /// For each symbol, the largest value that keeps the peak within
        /// this many bytes (`24GiB`, `512MiB`, `1e9`), the others at their
        /// hints or `--at` values.
        #[arg(long, value_name = "BYTES", value_parser = fake_tensor::mem::parse_bytes)]
        budget: Option<i64>,
        /// Output format.
        #[arg(long, value_enum, default_value_t = MemFormat::Text)]
        format: MemFormat,
    },
}

/// The sizes of `--at`.
#[derive(Clone)]
struct At(Vec<(String, i64)>);

/// `s0=8,s1=128` (a symbol may be named by its source, `x.size()[0]=8`).
fn parse_at(s: &str) -> Result<At, String> {
    s.split(',')
        .filter(|p| !p.trim().is_empty())
        .map(|p| {
            let (name, value) = p
                .split_once('=')
                .ok_or_else(|| format!("`{p}` is not NAME=VALUE"))?;
            match value.trim().parse::<i64>() {
                Ok(v) if v >= 0 => Ok((name.trim().to_string(), v)),
                _ => Err(format!("`{}` is not a size", value.trim())),
            }
        })
        .collect::<Result<_, _>>()
        .map(At)
}

#[derive(Clone, Copy, PartialEq, Eq, ValueEnum)]
enum MemFormat {
    /// Lines for people.
    Text,
    /// One JSON document.
    Json,
}

/// `s0=8`.
fn parse_hint(s: &str) -> Result<(String, i64), String> {
    let (name, value) = s
        .split_once('=')
        .ok_or_else(|| format!("`{s}` is not NAME=VALUE"))?;
    let value: i64 = value
        .trim()
        .parse()
        .map_err(|_| format!("`{value}` is not an integer"))?;
    if value < 0 {
        return Err(format!("a hint is a size, not {value}"));
    }
    Ok((name.trim().to_string(), value))
}

#[derive(Clone, Copy, PartialEq, Eq, ValueEnum)]
enum Format {
    /// Aligned columns.
    Table,
    /// One JSON document.
    Json,
    /// A Graphviz graph with shapes on the edges.
    Dot,
}

/// A failure, with the exit code it maps to.
struct Failure {
    error: anyhow::Error,
    code: u8,
}

impl From<anyhow::Error> for Failure {
    fn from(error: anyhow::Error) -> Self {
        Failure { error, code: 1 }
    }
}

fn main() -> ExitCode {
    let cli = Cli::parse();
    let result = match cli.command {
        Command::Prop { file, format } => prop(&file, format),
        Command::Verify { files } => verify_files(&files),
        Command::Bench { file, runs } => bench(&file, usize::try_from(runs).unwrap_or(usize::MAX)),
        Command::Rules => rules(),
        Command::Mem {
            file,
            at,
            budget,
            format,
        } => {
            let at: Vec<(String, i64)> = at.into_iter().flat_map(|a| a.0).collect();
            mem_command(&file, &at, budget, format)
        }
        Command::Call { call, jsonl, hints } => {
            let hints = hints.into_iter().collect();
            match (call, jsonl) {
                (_, Some(file)) => call_jsonl(&file, &hints),
                (Some(text), None) => call_text(&text, &hints),
                (None, None) => Err(anyhow::anyhow!("no call given").into()),
            }
        }
    };
    match result {
        Ok(code) => ExitCode::from(code),
        Err(f) => {
            eprintln!("error: {:#}", f.error);
            ExitCode::from(f.code)
        }
    }
}

/// Load and build the graph; an unreadable file is exit code 2.
fn load(file: &Path) -> Result<Graph, Failure> {
    let read = || -> Result<Graph> {
        let program = export::load(file)?;
        let graph = Graph::from_program(&program)
            .with_context(|| format!("{}: cannot build the graph", file.display()))?;
        Ok(graph)
    };
    read().map_err(|error| Failure { error, code: 2 })
}

/// Propagate (comparing each node with the file as it runs when `checked`);
/// inputs that cannot be made from the file are exit code 2.
fn run(graph: &Graph, file: &Path, checked: bool) -> Result<Propagation, Failure> {
    let registry = fake_ops::registry();
    let plan = Plan::new(graph, &registry);
    if checked {
        plan.run_checked(graph, registry)
    } else {
        plan.run(graph, registry)
    }
    .with_context(|| format!("{}: cannot create the inputs", file.display()))
    .map_err(|error| Failure { error, code: 2 })
}

fn prop(file: &Path, format: Format) -> Result<u8, Failure> {
    let graph = load(file)?;
    let mut p = run(&graph, file, false)?;
    let rows = report::rows(&mut p, &graph);
    let (guards, asserts) = report::guards(&mut p);
    let symbols = report::symbols(&mut p);
    match format {
        Format::Table => print_table(&rows, &symbols, &guards, &asserts),
        Format::Json => print_json(&rows, &symbols, &guards, &asserts)?,
        Format::Dot => print_dot(&mut p, &graph),
    }
    // An operator that refused its inputs: the program cannot run as
    // recorded; say where and why.
    let mut code = 0;
    for (node, status) in graph.nodes.iter().zip(&p.status) {
        if let Status::Failed(reason) = status {
            let op = node.op.as_deref().unwrap_or(&node.target);
            eprintln!("error: node '{}' ({op}): {reason}", node.name);
            code = 1;
        }
    }
    Ok(code)
}

fn print_table(rows: &[Row], symbols: &[Sym], guards: &[Cond], asserts: &[Cond]) {
    let w = |f: fn(&Row) -> &str, title: &str| {
        rows.iter()
            .map(|r| f(r).chars().count())
            .max()
            .unwrap_or(0)
            .max(title.len())
    };
    let wn = w(|r| &r.node, "node");
    let wo = w(|r| &r.op, "op");
    let wv = w(|r| &r.value, "value");
    let ws = w(|r| &r.sizes, "sizes");
    let wt = w(|r| &r.strides, "strides");
    let wd = w(|r| &r.dtype, "dtype");
    let wdev = w(|r| &r.device, "device");
    let wst = w(|r| &r.storage, "storage");
    let line = |cells: [&str; 9]| {
        let [n, o, v, s, t, d, dev, st, note] = cells;
        let text = format!(
            "{n:wn$}  {o:wo$}  {v:wv$}  {s:ws$}  {t:wt$}  {d:wd$}  {dev:wdev$}  {st:wst$}  {note}"
        );
        outln!("{}", text.trim_end());
    };
    line([
        "node", "op", "value", "sizes", "strides", "dtype", "device", "storage", "",
    ]);
    for r in rows {
        line([
            &r.node, &r.op, &r.value, &r.sizes, &r.strides, &r.dtype, &r.device, &r.storage,
            &r.note,
        ]);
    }
    outln!();
    outln!("symbols ({}):", symbols.len());
    for s in symbols {
        let value = if s.value == s.name {
            String::new()
        } else {
            format!(" = {}", s.value)
        };
        let hint = s.hint.map_or_else(String::new, |h| format!(", hint {h}"));
        outln!("  {}{value}: {}{hint}, range {}", s.name, s.source, s.range);
    }
    outln!("guards ({}):", guards.len());
    for c in guards {
        outln!("  {}  ({}; on inputs: {})", c.expr, c.origin, c.inputs);
    }
    outln!("runtime asserts ({}):", asserts.len());
    for c in asserts {
        outln!("  {}  ({})", c.expr, c.origin);
    }
}

fn print_json(rows: &[Row], symbols: &[Sym], guards: &[Cond], asserts: &[Cond]) -> Result<()> {
    let doc = report::json(rows, symbols, guards, asserts);
    outln!("{}", serde_json::to_string_pretty(&doc)?);
    Ok(())
}

fn dot_escape(s: &str) -> String {
    s.replace('\\', "\\\\").replace('"', "\\\"")
}

fn print_dot(p: &mut Propagation, graph: &Graph) {
    outln!("digraph program {{");
    outln!("  node [shape=box, fontname=\"monospace\"];");
    for (i, input) in graph.inputs.iter().enumerate() {
        if let Some(v) = input.value {
            outln!(
                "  in{i} [label=\"{}\", shape=ellipse];",
                dot_escape(&graph.value(v).name)
            );
        }
    }
    for (i, node) in graph.nodes.iter().enumerate() {
        let op = node.op.clone().unwrap_or_else(|| node.target.clone());
        let style = if p.status[i] == Status::Ran {
            ""
        } else {
            ", style=dashed"
        };
        outln!(
            "  n{i} [label=\"{}\\n{}\"{style}];",
            dot_escape(&node.name),
            dot_escape(&op)
        );
    }
    let producer = |v: ValueId| match graph.value(v).producer {
        Producer::Input(i) => format!("in{i}"),
        Producer::Node(i) => format!("n{i}"),
    };
    let label = |p: &mut Propagation, v: ValueId| -> String {
        match p.slots[v.0 as usize] {
            Slot::Tensor(t) => match p.mode.meta(t).cloned() {
                Ok(m) => format!("{} {}", sizes(p, &m.sizes), m.dtype),
                Err(_) => String::new(),
            },
            Slot::Int(i) => p.display(i),
            Slot::Bool(b) => p.display_bool(b),
            _ => String::new(),
        }
    };
    for (i, node) in graph.nodes.iter().enumerate() {
        for (_, arg) in &node.args {
            for v in arg_values(arg) {
                let l = label(p, v);
                outln!("  {} -> n{i} [label=\"{}\"];", producer(v), dot_escape(&l));
            }
        }
    }
    outln!("  out [label=\"output\", shape=ellipse];");
    for o in &graph.outputs {
        for v in output_values(std::slice::from_ref(o)) {
            let l = label(p, v);
            outln!("  {} -> out [label=\"{}\"];", producer(v), dot_escape(&l));
        }
    }
    outln!("}}");
}

fn arg_values(arg: &fake_tensor::graph::Arg) -> Vec<ValueId> {
    use fake_tensor::graph::Arg;
    match arg {
        Arg::Tensor(v) | Arg::SymBool(v) | Arg::SymFloat(v) => vec![*v],
        Arg::SymInt(SymIntArg::Value(v)) => vec![*v],
        Arg::Tensors(vs) => vs.clone(),
        Arg::OptTensors(vs) => vs.iter().flatten().copied().collect(),
        Arg::SymInts(vs) => vs
            .iter()
            .filter_map(|s| match s {
                SymIntArg::Value(v) => Some(*v),
                SymIntArg::Int(_) => None,
            })
            .collect(),
        _ => Vec::new(),
    }
}

fn verify_files(files: &[PathBuf]) -> Result<u8, Failure> {
    let (mut n, mut m, mut k, mut u) = (0, 0, 0, 0);
    let mut unreadable = None;
    let mut read = 0;
    for file in files {
        let graph = match load(file) {
            Ok(g) => g,
            Err(f) => {
                eprintln!("error: {:#}", f.error);
                unreadable = Some(f.code);
                continue;
            }
        };
        let mut p = match run(&graph, file, true) {
            Ok(p) => p,
            Err(f) => {
                eprintln!("error: {:#}", f.error);
                unreadable = Some(f.code);
                continue;
            }
        };
        let report = verify::verify(&graph, &mut p);
        read += 1;
        outln!("{}:", file.display());
        // Unsupported nodes grouped by reason (one line per operator).
        let mut unsupported: Vec<(&str, Vec<&str>)> = Vec::new();
        for (name, _, verdict) in &report.nodes {
            match verdict {
                Verdict::Match => {}
                Verdict::Unsupported(reason) => {
                    match unsupported.iter_mut().find(|(r, _)| r == reason) {
                        Some((_, names)) => names.push(name),
                        None => unsupported.push((reason, vec![name])),
                    }
                }
                Verdict::Mismatch(list) => {
                    for mm in list {
                        outln!("  {mm}");
                    }
                }
            }
        }
        for (reason, names) in &unsupported {
            const SHOWN: usize = 4;
            let mut list = names[..names.len().min(SHOWN)].join(", ");
            if names.len() > SHOWN {
                list.push_str(&format!(", ... {} more", names.len() - SHOWN));
            }
            let n = names.len();
            let s = if n == 1 { "" } else { "s" };
            outln!("  unsupported: {reason} ({n} node{s}: {list})");
        }
        outln!(
            "  {} nodes, {} match, {} mismatch, {} unsupported",
            report.total(),
            report.matched(),
            report.mismatched(),
            report.unsupported()
        );
        n += report.total();
        m += report.matched();
        k += report.mismatched();
        u += report.unsupported();
    }
    // A summary of nothing read would read as a clean result.
    if read > 0 {
        outln!("verify: {n} nodes, {m} match, {k} mismatch, {u} unsupported");
    }
    Ok(match unreadable {
        Some(code) => code,
        None if k == 0 && u == 0 => 0,
        None => 1,
    })
}

fn bench(file: &Path, runs: usize) -> Result<u8, Failure> {
    let graph = load(file)?;
    let registry = fake_ops::registry();
    let plan = Plan::new(&graph, &registry);
    // One run to check the inputs can be made, untimed.
    plan.run(&graph, registry)
        .with_context(|| format!("{}: cannot create the inputs", file.display()))?;
    let mut times = Vec::with_capacity(runs);
    for _ in 0..runs {
        let start = Instant::now();
        let p = plan.run(&graph, registry);
        let elapsed = start.elapsed();
        std::hint::black_box(&p);
        times.push(elapsed.as_nanos());
    }
    times.sort_unstable();
    let median = times[times.len() / 2];
    let nodes = graph.nodes.len();
    let per_node = if nodes == 0 {
        0
    } else {
        median / nodes as u128
    };
    outln!(
        "bench: {nodes} nodes, median {:.1} us per propagation ({per_node} ns/node)",
        median as f64 / 1000.0
    );
    Ok(0)
}

/// The Core ATen set and the whole catalogue, as found at build time.
const CORE_ATEN: &str = include_str!(concat!(env!("OUT_DIR"), "/core_aten.schemas"));
const CATALOG: &str = include_str!(concat!(env!("OUT_DIR"), "/aten.schemas"));

/// `aten::add.Tensor` of a schema line.
fn schema_name(line: &str) -> Option<&str> {
    let line = line.trim();
    if line.is_empty() || line.starts_with('#') {
        return None;
    }
    Some(line.split('(').next().unwrap_or(line).trim())
}

fn rules() -> Result<u8, Failure> {
    let registry = fake_ops::registry();
    let ops = registry.ops();
    let core: Vec<&str> = CORE_ATEN.lines().filter_map(schema_name).collect();
    let catalogued = CATALOG.lines().filter_map(schema_name).count();
    outln!("registered operators ({}):", ops.len());
    let (mut by_rule, mut derived, mut hand) = (0, 0, 0);
    for op in ops {
        let t = op.tags;
        let how = if t.derived {
            derived += 1;
            "derived"
        } else if t.hand_written {
            hand += 1;
            "hand-written"
        } else {
            by_rule += 1;
            "rule"
        };
        let mut tags = Vec::new();
        for (on, name) in [
            (t.pointwise, "pointwise"),
            (t.view, "view"),
            (t.inplace, "inplace"),
            (t.factory, "factory"),
            (t.data_dependent, "data-dependent"),
        ] {
            if on {
                tags.push(name);
            }
        }
        let core_mark = if core.contains(&op.name) { "core" } else { "" };
        outln!(
            "  {:<50} {:<5} {:<13} {}",
            op.name,
            core_mark,
            how,
            tags.join(" ")
        );
    }
    let covered = core.iter().filter(|n| registry.lookup(n).is_some()).count();
    let missing: Vec<&&str> = core
        .iter()
        .filter(|n| registry.lookup(n).is_none())
        .collect();
    outln!("core ATen without a rule ({}):", missing.len());
    for n in &missing {
        outln!("  {n}");
    }
    outln!(
        "rules: {} operators ({by_rule} by a rule, {derived} derived, {hand} hand-written) of {} catalogued schemas, core ATen {covered}/{} covered",
        ops.len(),
        catalogued,
        core.len()
    );
    Ok(0)
}

/// `fake call TEXT`: the results as `prop` prints them; exit 1 when the
/// text is not a call or the operator refuses it.
fn call_text(text: &str, hints: &std::collections::BTreeMap<String, i64>) -> Result<u8, Failure> {
    let registry = fake_ops::registry();
    let call = fake_tensor::call::parse(text).map_err(anyhow::Error::from)?;
    let report = fake_tensor::call::run(&call, &registry, hints).map_err(anyhow::Error::from)?;
    outln!("{}", report.op);
    for (i, o) in report.outputs.iter().enumerate() {
        match o {
            fake_tensor::call::Outcome::Tensors(ts) => {
                outln!("  out{i}: {} tensors", ts.len());
                for (j, t) in ts.iter().enumerate() {
                    outln!("    [{j}] {t}");
                }
            }
            o => outln!("  out{i}: {o}"),
        }
    }
    if !report.symbols.is_empty() {
        outln!("symbols:");
        for (name, hint) in &report.symbols {
            outln!("  {name} (hint {hint})");
        }
    }
    for (title, list) in [
        ("guards", &report.guards),
        ("runtime asserts", &report.asserts),
    ] {
        if !list.is_empty() {
            outln!("{title}:");
            for g in list {
                outln!("  {g}");
            }
        }
    }
    Ok(0)
}

/// `fake call --jsonl FILE`: one JSON result per line. Exit 0 when every
/// line was a call (an operator's refusal is a result), 1 when a line is
/// not a call, 2 when the file cannot be read.
fn call_jsonl(file: &Path, hints: &std::collections::BTreeMap<String, i64>) -> Result<u8, Failure> {
    use std::io::BufRead;
    let registry = fake_ops::registry();
    let reader: Box<dyn BufRead> = if file == Path::new("-") {
        Box::new(std::io::stdin().lock())
    } else {
        let f = std::fs::File::open(file).map_err(|e| Failure {
            error: anyhow::anyhow!("cannot read {}: {e}", file.display()),
            code: 2,
        })?;
        Box::new(std::io::BufReader::new(f))
    };
    let mut code = 0;
    for (n, line) in reader.lines().enumerate() {
        let line = line.map_err(|e| Failure {
            error: anyhow::anyhow!("{}: line {}: cannot be read: {e}", file.display(), n + 1),
            code: 2,
        })?;
        if line.trim().is_empty() {
            continue;
        }
        let result = fake_tensor::call::run_json_line(&line, &registry, hints);
        if let Err(e) = &result
            && e.kind() == "NotACall"
        {
            code = 1;
        }
        let out = fake_tensor::call::result_json(&result);
        outln!("{out}");
    }
    Ok(code)
}

/// `fake mem FILE`: the inputs' bytes, the peak formula, its value at the
/// hints or `--at` sizes with the storages live there, and with
/// `--budget` the largest value of each symbol that fits.
fn mem_command(
    file: &Path,
    at: &[(String, i64)],
    budget: Option<i64>,
    format: MemFormat,
) -> Result<u8, Failure> {
    use fake_tensor::mem::{self, Fit, MemReport, Point, format_bytes};
    let graph = load(file)?;
    let mut p = run(&graph, file, false)?;
    let report = MemReport::new(&graph, &mut p).map_err(anyhow::Error::from)?;
    let point = Point::new(&p, at).map_err(anyhow::Error::from)?;
    let formula_symbols = report.symbols(&mut p).map_err(anyhow::Error::from)?;
    // The evaluation point as printed: given values, then the formula's
    // other symbols at their hints.
    let mut where_ = Vec::new();
    for (s, v) in point.given() {
        where_.push(format!("{}={v}", mem::symbol_name(&p, s)));
    }
    let given: Vec<_> = point.given().map(|(s, _)| s).collect();
    let mut from_hints = Vec::new();
    for &s in &formula_symbols {
        if !given.contains(&s)
            && let Some(h) = p.mode.env().symbol_hint(s)
        {
            from_hints.push(format!("{}={h}", mem::symbol_name(&p, s)));
        }
    }
    let evaluated = report.peak_at(&mut p, &point);
    let outside = !at.is_empty() && !point.within_guards(&p);
    let solved = match budget {
        Some(b) => {
            Some(mem::solve_budget(&report, &mut p, &point, b).map_err(anyhow::Error::from)?)
        }
        None => None,
    };
    let partial = if !at.is_empty() && !from_hints.is_empty() {
        Some(mem::substitute(&mut p, report.peak, &point).map_err(anyhow::Error::from)?)
    } else {
        None
    };
    let describe = |graph: &Graph, i: usize| {
        let n = &graph.nodes[i];
        (
            n.name.clone(),
            n.op.clone().unwrap_or_else(|| n.target.clone()),
        )
    };
    // The storages live at the peak, largest first.
    let mut top = Vec::new();
    if let Ok((_, Some(node))) = evaluated {
        for k in report.live_storages(node) {
            let s = &report.storages[k];
            let v = point.eval(&mut p, s.bytes).ok();
            top.push((k, v));
        }
        top.sort_by_key(|&(k, v)| (std::cmp::Reverse(v), k));
        top.truncate(10);
    }
    let storage_row = |p: &mut Propagation, k: usize, v: Option<i64>| {
        let s = &report.storages[k];
        let (node, op) = mem::made_by(&graph, s.largest);
        let (node, op) = match s.origin {
            mem::Origin::Node { node: i, .. } => describe(&graph, i),
            mem::Origin::Input(_) => (node, op),
        };
        let (shape, dtype, device) = match p.slots[s.largest.0 as usize] {
            Slot::Tensor(t) => match p.mode.meta(t).cloned() {
                Ok(m) => (
                    sizes(p, &m.sizes),
                    m.dtype.to_string(),
                    m.device.to_string(),
                ),
                Err(_) => Default::default(),
            },
            _ => Default::default(),
        };
        (s, node, op, shape, dtype, device, v)
    };
    match format {
        MemFormat::Text => {
            let inputs = &report.inputs;
            outln!("inputs, live throughout: {} bytes", p.display(inputs.total));
            let kinds = [
                ("parameters", inputs.parameters),
                ("buffers", inputs.buffers),
                ("constants", inputs.constants),
                ("user inputs", inputs.user_inputs),
                ("other inputs", inputs.other),
            ];
            let parts: Vec<String> = kinds
                .iter()
                .zip(inputs.counts)
                .filter(|(_, n)| *n > 0)
                .map(|((name, b), n)| {
                    let t = if n == 1 { "tensor" } else { "tensors" };
                    format!("{name} {} ({n} {t})", p.display(*b))
                })
                .collect();
            if !parts.is_empty() {
                outln!("  {}", parts.join(", "));
            }
            let n = graph.nodes.len();
            let c = report.candidates.len();
            outln!("peak: {} bytes", p.display(report.peak));
            outln!(
                "  the live bytes of {c} of {n} node{}; every other node's are at most one of these over the symbols' ranges",
                if n == 1 { "" } else { "s" }
            );
            for s in &formula_symbols {
                let name = mem::symbol_name(&p, *s);
                let env = p.mode.env();
                let src = env
                    .symbol_sources(*s)
                    .first()
                    .map_or_else(|| env.symbol_origin(*s).to_string(), ToString::to_string);
                let hint = env
                    .symbol_hint(*s)
                    .map_or_else(String::new, |h| format!(", hint {h}"));
                outln!("  {name}: {src}{hint}, range {}", env.symbol_range(*s));
            }
            if let Some(f) = &partial {
                outln!("at {}: {f} bytes", where_.join(", "));
            }
            let mut place: Vec<String> = where_.clone();
            if !from_hints.is_empty() {
                place.push(format!("{} (hint)", from_hints.join(", ")));
            }
            let place = if place.is_empty() {
                "static sizes".to_string()
            } else {
                place.join(", ")
            };
            match &evaluated {
                Ok((bytes, node)) => {
                    let during = match node {
                        Some(i) => {
                            let (name, op) = describe(&graph, *i);
                            format!(", while '{name}' ({op}) runs")
                        }
                        None => String::new(),
                    };
                    outln!(
                        "at {place}: {} ({bytes} bytes){during}",
                        format_bytes(*bytes)
                    );
                    if outside {
                        outln!(
                            "  note: these sizes are outside the symbols' ranges or break a guard of the program: the formula may not hold there"
                        );
                    }
                    if !top.is_empty() {
                        outln!("  live there, besides the inputs (largest first):");
                    }
                    for &(k, v) in &top {
                        let (s, node, op, shape, dtype, device, v) = storage_row(&mut p, k, v);
                        let out = if s.output { ", output" } else { "" };
                        outln!(
                            "    {:>10}  {} bytes  #{}  made by '{node}' ({op}) {shape} {dtype} {device}{out}",
                            v.map_or_else(|| "?".to_string(), format_bytes),
                            p.display(s.bytes),
                            s.id.index()
                        );
                    }
                }
                Err(e) => {
                    let how = match e {
                        mem::MemError::NoValue { symbol } => format!(" (--at {symbol}=N)"),
                        _ => String::new(),
                    };
                    outln!("at {place}: cannot evaluate: {e}{how}");
                }
            }
            if let (Some(b), Some(solved)) = (budget, &solved) {
                let others = if formula_symbols.len() > 1 {
                    ", the other symbols as above"
                } else {
                    ""
                };
                outln!(
                    "budget {} ({b} bytes), one symbol at a time{others}:",
                    format_bytes(b)
                );
                if solved.is_empty() {
                    let fits = matches!(&evaluated, Ok((x, _)) if *x <= b);
                    outln!(
                        "  the peak depends on no symbol; it {} the budget",
                        if fits { "fits" } else { "exceeds" }
                    );
                }
                for s in solved {
                    match s.fit {
                        Fit::UpTo { value, peak, above } => {
                            let above = above.map_or_else(
                                || "overflows".to_string(),
                                |a| format!("{} ({a} bytes)", format_bytes(a)),
                            );
                            outln!(
                                "  {} <= {value}: peak {} ({peak} bytes) there; at {} it is {above}",
                                s.name,
                                format_bytes(peak),
                                value + 1
                            );
                        }
                        Fit::Whole { highest, peak } => outln!(
                            "  {} <= {highest}, the top of its range {}: peak {} ({peak} bytes) there",
                            s.name,
                            s.range,
                            format_bytes(peak)
                        ),
                        Fit::Never { lowest, peak } => outln!(
                            "  {}: no value fits; at {lowest}, the bottom of its range {}, the peak is {} ({peak} bytes)",
                            s.name,
                            s.range,
                            format_bytes(peak)
                        ),
                    }
                }
            }
            if !report.assumed_fresh.is_empty() {
                let names: Vec<String> = report
                    .assumed_fresh
                    .iter()
                    .map(|&i| describe(&graph, i).0)
                    .collect();
                outln!(
                    "note: {} node(s) without a rule are counted as allocating their results: {}",
                    names.len(),
                    names.join(", ")
                );
            }
        }
        MemFormat::Json => {
            let inputs = &report.inputs;
            let mut input_json = serde_json::Map::new();
            for (name, b) in [
                ("total", inputs.total),
                ("parameters", inputs.parameters),
                ("buffers", inputs.buffers),
                ("constants", inputs.constants),
                ("user_inputs", inputs.user_inputs),
                ("other", inputs.other),
            ] {
                input_json.insert(name.to_string(), sym_json(&mut p, b));
            }
            if let Ok(v) = point.eval(&mut p, inputs.total) {
                input_json.insert("total_at".into(), v.into());
            }
            let mut nodes = Vec::new();
            for (i, &l) in report.live.iter().enumerate() {
                let (name, op) = describe(&graph, i);
                let born: Vec<u32> = report
                    .storages
                    .iter()
                    .filter(|s| s.born() == Some(i))
                    .map(|s| s.id.index())
                    .collect();
                let freed: Vec<u32> = report
                    .storages
                    .iter()
                    .filter(|s| s.dies_after(report.live.len()) == Some(i) && !s.output)
                    .map(|s| s.id.index())
                    .collect();
                nodes.push(serde_json::json!({
                    "node": name,
                    "op": op,
                    "live": sym_json(&mut p, l),
                    "live_at": point.eval(&mut p, l).ok(),
                    "allocates": born,
                    "frees_after": freed,
                }));
            }
            let candidates: Vec<serde_json::Value> = report
                .candidates
                .iter()
                .map(|c| {
                    serde_json::json!({
                        "node": graph.nodes[c.node].name,
                        "live": sym_json(&mut p, c.bytes),
                    })
                })
                .collect();
            let mut storages = Vec::new();
            for &(k, v) in &top {
                let (s, node, op, shape, dtype, device, v) = storage_row(&mut p, k, v);
                storages.push(serde_json::json!({
                    "storage": s.id.index(),
                    "bytes": sym_json(&mut p, s.bytes),
                    "bytes_at": v,
                    "node": node,
                    "op": op,
                    "value": graph.value(s.largest).name,
                    "sizes": shape,
                    "dtype": dtype,
                    "device": device,
                    "output": s.output,
                }));
            }
            let mut values = serde_json::Map::new();
            for (s, v) in point.given() {
                values.insert(mem::symbol_name(&p, s), v.into());
            }
            let mut hints = serde_json::Map::new();
            for &s in &formula_symbols {
                if !given.contains(&s)
                    && let Some(h) = p.mode.env().symbol_hint(s)
                {
                    hints.insert(mem::symbol_name(&p, s), h.into());
                }
            }
            let (at_bytes, at_node, at_error) = match &evaluated {
                Ok((b, n)) => (Some(*b), n.map(|i| graph.nodes[i].name.clone()), None),
                Err(e) => (None, None, Some(e.to_string())),
            };
            let budget_json = match (budget, &solved) {
                (Some(b), Some(solved)) => {
                    let list: Vec<serde_json::Value> = solved
                        .iter()
                        .map(|s| {
                            let range = s.range.to_string();
                            match s.fit {
                                Fit::UpTo { value, peak, above } => serde_json::json!({
                                    "symbol": s.name, "range": range, "fit": "up_to",
                                    "value": value, "peak": peak, "peak_above": above,
                                }),
                                Fit::Whole { highest, peak } => serde_json::json!({
                                    "symbol": s.name, "range": range, "fit": "whole_range",
                                    "value": highest, "peak": peak,
                                }),
                                Fit::Never { lowest, peak } => serde_json::json!({
                                    "symbol": s.name, "range": range, "fit": "none",
                                    "lowest": lowest, "peak": peak,
                                }),
                            }
                        })
                        .collect();
                    serde_json::json!({"bytes": b, "symbols": list})
                }
                _ => serde_json::Value::Null,
            };
            let symbols_json: Vec<serde_json::Value> = formula_symbols
                .iter()
                .map(|&s| {
                    let env = p.mode.env();
                    serde_json::json!({
                        "name": mem::symbol_name(&p, s),
                        "source": env.symbol_sources(s).first().map(ToString::to_string),
                        "hint": env.symbol_hint(s),
                        "range": env.symbol_range(s).to_string(),
                    })
                })
                .collect();
            let doc = serde_json::json!({
                "symbols": symbols_json,
                "inputs": input_json,
                "peak": sym_json(&mut p, report.peak),
                "candidates": candidates,
                "at": {
                    "given": values,
                    "hints": hints,
                    "formula": partial,
                    "peak": at_bytes,
                    "node": at_node,
                    "error": at_error,
                    "within_guards": !outside,
                },
                "top_storages": storages,
                "nodes": nodes,
                "budget": budget_json,
                "assumed_fresh": report
                    .assumed_fresh
                    .iter()
                    .map(|&i| graph.nodes[i].name.clone())
                    .collect::<Vec<_>>(),
            });
            outln!(
                "{}",
                serde_json::to_string_pretty(&doc).map_err(anyhow::Error::from)?
            );
        }
    }
    let mut code = 0;
    for (node, status) in graph.nodes.iter().zip(&p.status) {
        if let Status::Failed(reason) = status {
            let op = node.op.as_deref().unwrap_or(&node.target);
            eprintln!("error: node '{}' ({op}): {reason}", node.name);
            code = 1;
        }
    }
    Ok(code)
}
