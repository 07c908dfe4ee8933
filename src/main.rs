//! The `fake` command line: propagate fake tensors through programs saved
//! by `torch.export`, verify the result against PyTorch's recorded
//! metadata, time propagation, and show the operator surface.

use anyhow::{Context, Result};
use clap::{Parser, Subcommand, ValueEnum};
use fake_runtime::Registry;
use fake_tensor::export;
use fake_tensor::graph::{Graph, Producer, SymIntArg, ValueId};
use fake_tensor::prop::{InputSizes, Plan, Propagation, Runner, Slot, Status};
use fake_tensor::report::{self, Cond, Row, Sym, output_values, sizes};
use fake_tensor::verify::{self, Verdict};
use std::collections::BTreeMap;
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
        #[command(flatten)]
        traced: Traced,
    },
    /// Propagate and compare every node with what PyTorch recorded.
    Verify {
        /// `.pt2` archives or `model.json` files.
        #[arg(required = true)]
        files: Vec<PathBuf>,
        #[command(flatten)]
        traced: Traced,
    },
    /// Time propagation: set-up (plan, inputs and parameters) once, then
    /// the median of the runs, each from the same inputs.
    Bench {
        /// A `.pt2` archive or a `model.json`.
        file: PathBuf,
        /// Number of timed propagations (at least 1).
        #[arg(long, default_value_t = 100, value_parser = clap::value_parser!(u64).range(1..))]
        runs: u64,
        /// Make the input symbols their hints: a static propagation at the
        /// sizes the program was exported with.
        #[arg(long = "static")]
        static_sizes: bool,
    },
    /// The operator surface and its coverage of Core ATen.
    Rules,
    /// Call one operator on fake tensors and print its results, symbols,
    /// guards and runtime asserts: `fake call 'aten::add(f32[s0,3], f32[3])'`
    /// (tensors `dtype[sizes]{strides}+offset@device`, sizes numbers,
    /// symbols or expressions over them, other arguments as in Python), or
    /// one JSON call per line with `--jsonl FILE`.
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
        /// Reason as PyTorch's `backed_size_oblivious` does: a size of
        /// hint 0 or 1 stays a symbol, and `guard_or_false` never asks the
        /// hints.
        #[arg(long)]
        backed_size_oblivious: bool,
        /// Run as under PyTorch's Python dispatcher, as `torch.export`
        /// traces (operators with a Python implementation take it).
        #[arg(long)]
        python_dispatcher: bool,
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
        #[command(flatten)]
        traced: Traced,
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

/// How the program was traced, where the file does not say for certain.
#[derive(Clone, Copy, clap::Args)]
struct Traced {
    /// The grad mode the program was traced in (`auto`: as its
    /// recorded layouts show; see `Plan::run_as_traced`).
    #[arg(long, value_enum, default_value_t = Grad::Auto)]
    grad: Grad,
    /// Whether it was traced with PyTorch's `backed_size_oblivious`
    /// (`auto`: when a symbolic input size has a hint of 0 or 1, which
    /// only that setting leaves symbolic; see
    /// `Plan::set_backed_size_oblivious`).
    #[arg(long, value_enum, default_value_t = Switch::Auto)]
    backed_size_oblivious: Switch,
}

/// A setting read from the file (`auto`) or given.
#[derive(Clone, Copy, PartialEq, Eq, ValueEnum)]
enum Switch {
    /// As the file shows.
    Auto,
    /// On.
    On,
    /// Off.
    Off,
}

impl Switch {
    /// `None` for `auto`.
    fn given(self) -> Option<bool> {
        match self {
            Switch::Auto => None,
            Switch::On => Some(true),
            Switch::Off => Some(false),
        }
    }
}

/// `--grad`: the grad mode a program was traced in.
#[derive(Clone, Copy, PartialEq, Eq, ValueEnum)]
enum Grad {
    /// As the recorded layouts show: with grad unless only a run without
    /// it agrees with more nodes.
    Auto,
    /// `torch.is_grad_enabled()` (PyTorch's default).
    On,
    /// Under `torch.no_grad()`.
    Off,
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
        Command::Prop {
            file,
            format,
            traced,
        } => prop(&file, format, traced),
        Command::Verify { files, traced } => verify_files(&files, traced),
        Command::Bench {
            file,
            runs,
            static_sizes,
        } => bench(
            &file,
            usize::try_from(runs).unwrap_or(usize::MAX),
            static_sizes,
        ),
        Command::Rules => rules(),
        Command::Mem {
            file,
            at,
            budget,
            format,
            traced,
        } => {
            let at: Vec<(String, i64)> = at.into_iter().flat_map(|a| a.0).collect();
            mem_command(&file, &at, budget, format, traced)
        }
        Command::Call {
            call,
            jsonl,
            hints,
            backed_size_oblivious,
            python_dispatcher,
        } => {
            let hints = hints.into_iter().collect();
            let settings = fake_tensor::call::CallSettings {
                env: fake_runtime::ShapeEnvSettings {
                    backed_size_oblivious,
                    ..Default::default()
                },
                python_dispatcher,
            };
            match (call, jsonl) {
                (_, Some(file)) => call_jsonl(&file, &hints, settings),
                (Some(text), None) => call_text(&text, &hints, settings),
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

/// Propagate in the grad mode `traced` says (comparing each node with the
/// file as it runs when `checked`, and always with `Grad::Auto`, which
/// finds the mode from those comparisons); inputs that cannot be made
/// from the file are exit code 2.
fn run(graph: &Graph, file: &Path, checked: bool, traced: Traced) -> Result<Propagation, Failure> {
    let registry = fake_ops::registry();
    let mut plan = Plan::new(graph, &registry);
    plan.set_grad_enabled(traced.grad != Grad::Off);
    plan.set_backed_size_oblivious(traced.backed_size_oblivious.given());
    match traced.grad {
        Grad::Auto => plan.run_as_traced(graph, registry),
        _ if checked => plan.run_checked(graph, registry),
        _ => plan.run(graph, registry),
    }
    .with_context(|| format!("{}: cannot create the inputs", file.display()))
    .map_err(|error| Failure { error, code: 2 })
}

fn prop(file: &Path, format: Format, traced: Traced) -> Result<u8, Failure> {
    let graph = load(file)?;
    let mut p = run(&graph, file, false, traced)?;
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

fn verify_files(files: &[PathBuf], traced: Traced) -> Result<u8, Failure> {
    let (mut n, mut m, mut k, mut u, mut g) = (0, 0, 0, 0, 0);
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
        let mut p = match run(&graph, file, true, traced) {
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
        if traced.grad == Grad::Auto && !p.grad_enabled() {
            outln!(
                "  traced without grad (only a run without it agrees with the recorded layouts)"
            );
        }
        if traced.backed_size_oblivious == Switch::Auto && p.mode.env().backed_size_oblivious() {
            outln!("  traced with backed_size_oblivious (as the file shows)");
        }
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
        if let Some(d) = &report.guards.difference {
            outln!("  {d}");
            g += 1;
        }
        if let Some(d) = &report.guards.narrower {
            outln!("  note: {d}");
        }
        for unread in &report.guards.unread {
            outln!("  guard not compared: {unread}");
        }
        outln!(
            "  {} nodes, {} match, {} mismatch, {} unsupported; guards {}",
            report.total(),
            report.matched(),
            report.mismatched(),
            report.unsupported(),
            if report.guards.difference.is_some() {
                "differ"
            } else {
                "agree"
            }
        );
        n += report.total();
        m += report.matched();
        k += report.mismatched();
        u += report.unsupported();
    }
    // A summary of nothing read would read as a clean result.
    if read > 0 {
        outln!(
            "verify: {n} nodes, {m} match, {k} mismatch, {u} unsupported, {g} guard differences"
        );
    }
    Ok(match unreadable {
        Some(code) => code,
        None if k == 0 && u == 0 && g == 0 => 0,
        None => 1,
    })
}

fn bench(file: &Path, runs: usize, static_sizes: bool) -> Result<u8, Failure> {
    let graph = load(file)?;
    let registry = fake_ops::registry();
    // Set-up, timed on its own: the plan, then the inputs and parameters.
    let start = Instant::now();
    let plan = Plan::new(&graph, &registry);
    let sizes = if static_sizes {
        InputSizes::Static
    } else {
        InputSizes::Symbolic
    };
    let mut runner = Runner::new(&plan, &graph, registry, &BTreeMap::new(), sizes)
        .with_context(|| format!("{}: cannot create the inputs", file.display()))?;
    let setup = start.elapsed();
    // One run untimed (it sizes the tables later runs reuse).
    let replayed = runner
        .run()
        .with_context(|| format!("{}: cannot run", file.display()))?
        .replayed();
    let mut times = Vec::with_capacity(runs);
    for _ in 0..runs {
        let start = Instant::now();
        let p = runner.run();
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
        "set-up: {:.1} us (plan, inputs and parameters, once)",
        setup.as_nanos() as f64 / 1000.0
    );
    if static_sizes {
        outln!("replays: {replayed} of {nodes} nodes answered from an earlier call's recording");
    }
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
            (t.no_grad, "no-grad"),
            (t.multi_device, "multi-device"),
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
fn call_text(
    text: &str,
    hints: &BTreeMap<String, i64>,
    settings: fake_tensor::call::CallSettings,
) -> Result<u8, Failure> {
    let registry = fake_ops::registry();
    let call = fake_tensor::call::parse(text).map_err(anyhow::Error::from)?;
    let report = fake_tensor::call::run_with(&call, &registry, hints, settings)
        .map_err(anyhow::Error::from)?;
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
fn call_jsonl(
    file: &Path,
    hints: &BTreeMap<String, i64>,
    settings: fake_tensor::call::CallSettings,
) -> Result<u8, Failure> {
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
        let result = fake_tensor::call::run_json_line(&line, &registry, hints, settings);
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
    traced: Traced,
) -> Result<u8, Failure> {
    use fake_tensor::mem::{Breakdown, MemReport};
    let graph = load(file)?;
    let mut p = run(&graph, file, false, traced)?;
    let report = MemReport::new(&graph, &mut p).map_err(anyhow::Error::from)?;
    let breakdown =
        Breakdown::new(&graph, &mut p, &report, at, budget).map_err(anyhow::Error::from)?;
    match format {
        MemFormat::Text => emit(format_args!("{}", breakdown.text())),
        MemFormat::Json => outln!(
            "{}",
            serde_json::to_string_pretty(&breakdown.json()).map_err(anyhow::Error::from)?
        ),
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
