//! Every program of `tests/fixtures/programs/` (exported from PyTorch by
//! `scripts/export_programs.py`: data-dependent sizes, SymFloats, view
//! geometry, higher-order operators with their subgraphs, static and
//! dynamic, default and Core ATen IR) propagates with
//! every node matching what PyTorch recorded and no node unsupported. One
//! test per program family, so a failure names the program and its nodes.

use fake_tensor::export::schema;
use fake_tensor::graph::{Graph, Recorded};
use fake_tensor::prop::{Plan, Propagation};
use fake_tensor::verify::{Verdict, verify};
use std::path::PathBuf;

fn dir() -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("tests/fixtures/programs")
}

/// The graph of fixture `variant` (`param_bias_attention_static`).
fn graph_of(variant: &str) -> Graph {
    let path = dir().join(format!("{variant}.json"));
    let program = fake_tensor::export::load(&path).expect("fixture loads");
    Graph::from_program(&program).expect("fixture builds")
}

/// Verify every variant of program `name` (dynamic and static, default and
/// Core ATen IR); panics listing each mismatched or unsupported node, and
/// any input sizes PyTorch's guards admit and ours refuse.
fn check(name: &str) {
    check_with(name, fake_ops::registry(), NONE_UNSUPPORTED);
}

/// The variants of a program that have unsupported nodes, and those
/// nodes: each one's name and the start of its reason.
type Unsupported = (
    &'static [&'static str],
    &'static [(&'static str, &'static str)],
);

/// No node unsupported in any variant.
const NONE_UNSUPPORTED: Unsupported = (&[], &[]);

/// [`check`] with the operators of `registry`, except that in the
/// variants `unsupported` lists, its nodes must be unsupported (and no
/// other node).
fn check_with<R: fake_runtime::Registry + Clone + 'static>(
    name: &str,
    registry: R,
    unsupported: Unsupported,
) {
    let (with, nodes) = unsupported;
    let variants = [
        name.to_string(),
        format!("{name}_core"),
        format!("{name}_static"),
        format!("{name}_static_core"),
    ];
    let mut problems = Vec::new();
    let mut found = 0;
    for variant in &variants {
        let path = dir().join(format!("{variant}.json"));
        if !path.exists() {
            continue;
        }
        found += 1;
        let program = fake_tensor::export::load(&path).expect("fixture loads");
        let graph = Graph::from_program(&program).expect("fixture builds");
        let mut plan = Plan::new(&graph, &registry);
        let mut p = match plan.run_as_traced(&graph, registry.clone()) {
            Ok(p) => p,
            Err(e) => {
                problems.push(format!("{variant}: propagation failed: {e}"));
                continue;
            }
        };
        problems.extend(input_hint_problems(variant, &graph, &mut p));
        problems.extend(unbacked_range_problems(variant, &program, &p));
        let report = verify(&graph, &mut p);
        if let Some(d) = &report.guards.difference {
            problems.push(format!("{variant}: {d}"));
        }
        for g in &report.guards.unread {
            problems.push(format!("{variant}: guard not compared: {g}"));
        }
        let expected: &[(&str, &str)] = if with.contains(&variant.as_str()) {
            nodes
        } else {
            &[]
        };
        let mut unsupported_as_expected = Vec::new();
        for (node, target, verdict) in &report.nodes {
            match verdict {
                Verdict::Match => {}
                Verdict::Unsupported(reason)
                    if expected
                        .iter()
                        .any(|(n, why)| n == node && reason.starts_with(why)) =>
                {
                    unsupported_as_expected.push(node.as_str());
                }
                Verdict::Unsupported(reason) => problems.push(format!(
                    "{variant}: {node} ({target}) unsupported: {reason}"
                )),
                Verdict::Mismatch(ms) => {
                    for m in ms {
                        problems.push(format!("{variant}: {node} ({target}): {m}"));
                    }
                }
            }
        }
        for (n, why) in expected {
            if !unsupported_as_expected.contains(n) {
                problems.push(format!("{variant}: {n} is not unsupported ({why})"));
            }
        }
    }
    assert!(found >= 2, "{name}: fixtures missing");
    assert!(problems.is_empty(), "{name}:\n{}", problems.join("\n"));
}

/// Every unbacked symbol's range PyTorch recorded (`range_constraints`:
/// its ShapeEnv's range) is our ShapeEnv's range of the symbol of that
/// name. An upper end beyond 64 bits (`4 * (sys.maxsize - 1)`) bounds no
/// 64-bit size: ours is `sys.maxsize - 1` there.
fn unbacked_range_problems(
    variant: &str,
    program: &schema::ExportedProgram,
    p: &Propagation,
) -> Vec<String> {
    use fake_tensor::runtime::sym::MAXSIZE_BOUND;
    use schema::PyInt;
    let env = p.mode.env();
    let bound = |b: Option<PyInt>| match b {
        None => None,
        Some(PyInt::Int(v)) => Some(v),
        Some(PyInt::Wide(v)) if v > 0 => Some(MAXSIZE_BOUND),
        Some(PyInt::Wide(_)) => None,
    };
    let mut problems = Vec::new();
    for s in env.symbols() {
        let name = env.arena().symbol_name(s);
        let Some(theirs) = program.range_constraints.get(&name) else {
            continue;
        };
        if !name.starts_with('u') {
            continue;
        }
        let ours = env.symbol_range(s);
        let want = (bound(theirs.min_val), bound(theirs.max_val));
        if (ours.lo(), ours.hi()) != want {
            problems.push(format!(
                "{variant}: range of {name}: ours {ours}, PyTorch's [{:?}, {:?}]",
                theirs.min_val, theirs.max_val
            ));
        }
    }
    problems
}

/// Every input size PyTorch recorded with a hint has that hint in our
/// ShapeEnv too (a size such as a derived `Dim`'s `2*s17` included, whose
/// symbol's hint is not the size's).
fn input_hint_problems(variant: &str, graph: &Graph, p: &mut Propagation) -> Vec<String> {
    let mut problems = Vec::new();
    for input in &graph.inputs {
        let Some(v) = input.value else { continue };
        let info = &graph.values[v.0 as usize];
        let Recorded::Tensor(meta) = &info.recorded else {
            continue;
        };
        for (d, size) in meta.sizes.iter().enumerate() {
            let schema::SymInt::Expr(e) = size else {
                continue;
            };
            let Some(recorded) = e.hint.as_ref().and_then(schema::SymExprHint::as_int) else {
                continue;
            };
            let ours = p
                .lower_recorded(size, None, "hint check")
                .map_err(|e| e.to_string())
                .and_then(|s| p.mode.env_mut().size_hint(s).map_err(|e| e.to_string()));
            if ours != Ok(Some(recorded)) {
                problems.push(format!(
                    "{variant}: input {} size {d} ({}): hint {ours:?}, PyTorch's {recorded}",
                    info.name, e.expr_str
                ));
            }
        }
    }
    problems
}

macro_rules! programs {
    (
        $($name:ident),* $(,)?;
        $($custom:ident => $registry:expr),* $(,)?;
        $($partial:ident => $unsupported:expr),* $(,)?
    ) => {
        $(
            #[test]
            fn $name() {
                check(stringify!($name));
            }
        )*
        $(
            #[test]
            fn $custom() {
                check_with(stringify!($custom), $registry, NONE_UNSUPPORTED);
            }
        )*
        $(
            #[test]
            fn $partial() {
                check_with(stringify!($partial), fake_ops::registry(), $unsupported);
            }
        )*

        /// Every fixture file belongs to a program listed here.
        #[test]
        fn every_fixture_is_checked() {
            let listed = [
                $(stringify!($name),)*
                $(stringify!($custom),)*
                $(stringify!($partial),)*
            ];
            for entry in std::fs::read_dir(dir()).expect("fixture dir") {
                let file = entry.expect("entry").file_name();
                let file = file.to_string_lossy();
                let stem = file.trim_end_matches(".json");
                let base = stem.trim_end_matches("_core").trim_end_matches("_static");
                assert!(listed.contains(&base), "{file} is checked by no test");
            }
        }
    };
}

programs!(
    aliases,
    asserted_conjunction,
    biased_attention,
    nonzero,
    masked_select,
    where_columns,
    empty_diagonals,
    vector_clones,
    derived_sizes,
    wide_bounds,
    sampled_to_one,
    augmented_bitwise,
    float_aranges,
    flat_rolls,
    symbolic_stft,
    hint_one_batch_matmul,
    hint_one_batch_fold,
    unbacked_batch_matmul,
    unbacked_flatten_hinted,
    inplace_number_slices,
    ldexp_size_one_stride,
    nested_slice_iadd,
    settled_unbacked,
    singleton_count,
    affine_grid_steps,
    replaced_count,
    hint_one_metadata,
    take_along_strided,
    fill_slice,
    unbacked_diag_embeds,
    unbacked_mod_asserts,
    late_size_assert,
    oblivious_attention,
    inplace_meta_casts,
    clamp_bounds,
    collectives,
    unbacked_flattens,
    number_wheres,
    unbacked_broadcasts,
    parameter_matmuls,
    column_log_softmax,
    quantiles,
    constants,
    unbacked_memos,
    unbacked_diagonal,
    stride_symbols,
    column_convs,
    strided_views,
    scatter_offsets,
    bool_mask,
    item_slice,
    narrow,
    new_zeros,
    view,
    repeat_interleave,
    unique,
    tensor_split,
    interpolate,
    interpolate_fractions,
    sdpa,
    mha,
    channel_shuffle,
    upsampled_group_norm,
    view_as,
    inplace_views,
    slice_reshape,
    unsqueeze_expand,
    arange,
    audio_features,
    sym_floats,
    unbacked_views,
    unbacked_attention,
    unbacked_quotient,
    shared_mask,
    masked_assign,
    split_sizes,
    cond,
    cond_on_data,
    while_loop,
    map,
    scan,
    conv_backends,
    same_conv_weights,
    torchvision_ops,
    conv_backends_cuda,
    grad_region,
    sym_ops,
    unique_counts,
    derived_dims,
    autocast,
    swin_t,
    mobilenet_v3_small,
    mobilenet_v3_small_cl,
    llama,
    mixtral,
    quantized,
    subclass_weights,
    torchao_dynamic_int8,
    torchao_intx_weights,
    param_bias_attention,
    param_bias_attention_grad,
    oblivious_pools,
    oblivious_layouts,
    mutating_custom_ops,
    hints_and_print,
    vmapped,
    int_inputs,
    guarded_one_broadcast,;
    // Programs calling custom operators whose results need a kernel.
    mutating_custom_op_result => custom_kernels::registry(),;
    // Programs with nodes that are not modelled.
    vmap_inner_dim => VMAP_INNER_DIM,
);

/// `vmap_inner_dim`'s unsupported nodes, in the default IR (the Core
/// ATen IR has no vmap): each refused batch dim and its region's nodes,
/// each operator whose batching rule lays results out otherwise and the
/// rest of its region.
const VMAP_INNER_DIM: Unsupported = (
    &["vmap_inner_dim", "vmap_inner_dim_static"],
    &[
        ("_add_batch_dim", "vmap over dim"),
        ("exp", "an operand is batched by a vmap"),
        ("add", "an operand is batched by a vmap"),
        ("_remove_batch_dim", "an operand is batched by a vmap"),
        ("_add_batch_dim_1", "vmap over dim"),
        ("conv2d", "an operand is batched by a vmap"),
        ("relu", "an operand is batched by a vmap"),
        ("_remove_batch_dim_1", "an operand is batched by a vmap"),
        ("linear", "aten::linear with 2 of its operands batched"),
        ("_remove_batch_dim_2", "an operand is batched by a vmap"),
        ("fft_rfft", "aten::fft_rfft with 1 of its operands batched"),
        ("_remove_batch_dim_3", "an operand is batched by a vmap"),
        ("cat", "aten::cat with 2 of its operands batched"),
        ("_remove_batch_dim_4", "an operand is batched by a vmap"),
    ],
);

/// Kernels of the custom operators `scripts/program_findings.py` defines,
/// as an embedding program registers them.
mod custom_kernels {
    use fake_runtime::schema::{AliasInfo, BaseType, ParamDef, ParamType, ReturnDef};
    use fake_runtime::support::args;
    use fake_runtime::{Alias, Arg, Cx, ExtendedRegistry, OpDef, Out, Outs, Result, Tags};

    /// `findings::first_row_then_scale_(Tensor(a!) x, float s) -> Tensor`:
    /// its fake kernel is `x.new_empty(x.shape[1:])`.
    fn first_row_then_scale(cx: &mut Cx<'_>, a: &[Arg<'_>]) -> Result<Outs> {
        let x = args::tensor(cx, a, 0, "x")?;
        let out = fake_runtime::TensorMeta::contiguous(cx.env, &x.sizes[1..], x.dtype, x.device)?;
        let mut outs = Outs::new();
        outs.push(Out::Tensor(out, Alias::Fresh));
        Ok(outs)
    }

    static PARAMS: [ParamDef; 2] = [
        ParamDef {
            alias: Some(AliasInfo {
                sets: &["a"],
                write: true,
                after: &[],
            }),
            ..ParamDef::new("x", ParamType::of(BaseType::Tensor))
        },
        ParamDef::new("s", ParamType::of(BaseType::Float)),
    ];
    static RETURNS: [ReturnDef; 1] = [ReturnDef::new(ParamType::of(BaseType::Tensor))];

    /// The built-in operators plus the custom ones.
    pub fn registry() -> ExtendedRegistry {
        ExtendedRegistry::new(&fake_ops::registry())
            .with(OpDef {
                name: "findings::first_row_then_scale_",
                schema: "findings::first_row_then_scale_(Tensor(a!) x, float s) -> Tensor",
                params: &PARAMS,
                returns: &RETURNS,
                tags: Tags::default(),
                kernel: first_row_then_scale,
                autograd: fake_tensor::runtime::Autograd::Composite,
            })
            .expect("registers")
    }
}

/// Without its kernel, the custom operator's call (and, in the Core ATen
/// IR, the `auto_functionalized_v2` node that calls it) is the only node
/// unsupported, named with the way to register one.
#[test]
fn an_unregistered_writing_operator_with_results_is_unsupported() {
    for variant in [
        "mutating_custom_op_result",
        "mutating_custom_op_result_core",
    ] {
        let graph = graph_of(variant);
        let registry = fake_ops::registry();
        let mut p = Plan::new(&graph, &registry)
            .run_checked(&graph, registry)
            .expect("propagates");
        let report = verify(&graph, &mut p);
        let unsupported: Vec<_> = report
            .nodes
            .iter()
            .filter_map(|(node, _, v)| match v {
                Verdict::Unsupported(why) => Some((node.as_str(), why.as_str())),
                _ => None,
            })
            .collect();
        assert_eq!(unsupported.len(), 1, "{variant}: {unsupported:?}");
        let (_, why) = unsupported[0];
        assert!(
            why.contains("findings::first_row_then_scale_") && why.contains("ExtendedRegistry"),
            "{variant}: {why}"
        );
        assert_eq!(report.mismatched(), 0, "{variant}");
    }
}

/// `backed_size_oblivious` (on for the programs `oblivious_pools` and
/// `oblivious_layouts`) is found from the file: a symbolic size of hint 1
/// says it for certain (both programs' batch), else the layouts do (the
/// static variants, whose views take the path of views of unbacked
/// sizes); the runs without it disagree with the file.
#[test]
fn backed_size_oblivious_found_from_the_file() {
    for (variant, certain) in [
        ("oblivious_pools", true),
        ("oblivious_layouts", true),
        ("oblivious_layouts_core", true),
        ("oblivious_layouts_static", false),
        ("oblivious_layouts_static_core", false),
    ] {
        let graph = graph_of(variant);
        let registry = fake_ops::registry();
        let mut plan = Plan::new(&graph, &registry);
        assert_eq!(
            plan.backed_size_oblivious(),
            certain,
            "{variant}: read from the file"
        );
        let mut p = plan.run_as_traced(&graph, registry).expect("runs");
        assert!(plan.backed_size_oblivious(), "{variant}: not found");
        let report = verify(&graph, &mut p);
        assert_eq!(report.mismatched(), 0, "{variant}");
        assert!(report.guards.difference.is_none(), "{variant}");
        let registry = fake_ops::registry();
        let mut without = Plan::new(&graph, &registry);
        without.set_backed_size_oblivious(Some(false));
        let mut p = without.run_checked(&graph, registry).expect("runs");
        let report = verify(&graph, &mut p);
        assert!(
            report.mismatched() > 0 || report.guards.difference.is_some(),
            "{variant}: agrees without the setting"
        );
    }
}

/// The grad mode a program was traced in is found from its recorded
/// layouts: `param_bias_attention` was exported under `torch.no_grad()`
/// and `param_bias_attention_grad` with grad (the files differ only in
/// the attention's layout), and each runs in its own mode; a program
/// whose layouts do not depend on the mode runs with grad.
#[test]
fn grad_mode_found_from_the_recorded_layouts() {
    for (variant, traced_with_grad) in [
        ("param_bias_attention", false),
        ("param_bias_attention_static", false),
        ("param_bias_attention_grad", true),
        ("param_bias_attention_grad_static", true),
        ("biased_attention", true),
    ] {
        let graph = graph_of(variant);
        let registry = fake_ops::registry();
        let mut plan = Plan::new(&graph, &registry);
        let p = plan.run_as_traced(&graph, registry).expect("runs");
        assert_eq!(p.grad_enabled(), traced_with_grad, "{variant}");
        assert_eq!(plan.grad_enabled(), traced_with_grad, "{variant}");
        // The other mode disagrees with the file where the mode matters.
        if !traced_with_grad {
            let registry = fake_ops::registry();
            let mut with_grad = Plan::new(&graph, &registry);
            with_grad.set_grad_enabled(true);
            let mut p = with_grad.run_checked(&graph, registry).expect("runs");
            assert!(verify(&graph, &mut p).mismatched() > 0, "{variant}");
        }
    }
}
