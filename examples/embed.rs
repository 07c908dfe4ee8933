//! Embedding the runtime in a compiler: a toy IR of its own (values
//! numbered in order, each an input, a weight or an operator call) whose
//! every value is annotated with its fake tensor by a [`FakeTensorMode`]
//! dispatching through `fake_ops::registry()`. The input's batch size is
//! symbolic, so the trace ends with the guards under which the
//! annotations hold, checked against a few batch sizes.
//!
//! Run with `cargo run --example embed`.

use fake_runtime::convert::{HostTensor, RealTensor, SymbolicContext};
use fake_runtime::meta::Scalar;
use fake_runtime::mode::{FakeTensorMode, Output, Value};
use fake_runtime::sym::SymInt;
use fake_runtime::tensor::TensorId;
use fake_runtime::{DType, DimDynamic, Source};

/// An operand of a call in the toy IR.
enum Operand {
    /// An earlier value, by number.
    Value(usize),
    /// A list of earlier values.
    Values(Vec<usize>),
    /// An integer list.
    Ints(Vec<i64>),
    /// An integer.
    Int(i64),
    /// A boolean.
    Bool(bool),
    /// A number (`Scalar`).
    Number(i64),
    /// An absent optional.
    Absent,
}

/// A node of the toy IR.
enum Node {
    /// A graph input: real example data and which dims may vary.
    Input {
        name: &'static str,
        example: HostTensor,
        dynamic: Vec<DimDynamic>,
    },
    /// A weight: real data, static shape.
    Weight {
        name: &'static str,
        data: HostTensor,
    },
    /// An operator call, arguments in schema order.
    Call {
        op: &'static str,
        args: Vec<Operand>,
    },
}

/// A two-layer MLP with a residual concat and a reduction.
fn program() -> Vec<Node> {
    use Operand::*;
    vec![
        Node::Input {
            name: "x",
            example: HostTensor::zeros(&[8, 16], DType::Float32),
            dynamic: vec![DimDynamic::Dynamic, DimDynamic::Static],
        },
        Node::Weight {
            name: "w1",
            data: HostTensor::zeros(&[16, 32], DType::Float32),
        },
        Node::Weight {
            name: "b1",
            data: HostTensor::zeros(&[32], DType::Float32),
        },
        Node::Weight {
            name: "w2",
            data: HostTensor::zeros(&[32, 16], DType::Float32),
        },
        // %4 = x @ w1
        Node::Call {
            op: "aten::mm",
            args: vec![Value(0), Value(1)],
        },
        // %5 = %4 + b1
        Node::Call {
            op: "aten::add.Tensor",
            args: vec![Value(4), Value(2), Number(1)],
        },
        // %6 = relu(%5)
        Node::Call {
            op: "aten::relu",
            args: vec![Value(5)],
        },
        // %7 = %6 @ w2
        Node::Call {
            op: "aten::mm",
            args: vec![Value(6), Value(3)],
        },
        // %8 = %7 + x (residual)
        Node::Call {
            op: "aten::add.Tensor",
            args: vec![Value(7), Value(0), Number(1)],
        },
        // %9 = cat([%8, x], 1)
        Node::Call {
            op: "aten::cat",
            args: vec![Values(vec![8, 0]), Int(1)],
        },
        // %10 = %9.view(-1, 8)
        Node::Call {
            op: "aten::view",
            args: vec![Value(9), Ints(vec![-1, 8])],
        },
        // %11 = %10.sum(dim=[1])
        Node::Call {
            op: "aten::sum.dim_IntList",
            args: vec![Value(10), Ints(vec![1]), Bool(false), Absent],
        },
    ]
}

/// Annotate every value of `nodes` with its fake tensor.
fn annotate(mode: &mut FakeTensorMode, nodes: &[Node]) -> Result<Vec<TensorId>, String> {
    let mut values: Vec<TensorId> = Vec::with_capacity(nodes.len());
    for (i, node) in nodes.iter().enumerate() {
        let t = match node {
            Node::Input {
                name,
                example,
                dynamic,
            } => {
                let ctx = SymbolicContext {
                    dynamic: dynamic.clone(),
                    ..SymbolicContext::static_(format!("L['{name}']"))
                };
                mode.from_real(example, &ctx)
            }
            Node::Weight { name, data } => {
                mode.from_real(data, &SymbolicContext::static_(format!("L['{name}']")))
            }
            Node::Call { op, args } => {
                let lists: Vec<Vec<SymInt>> = args
                    .iter()
                    .filter_map(|a| match a {
                        Operand::Ints(v) => Some(v.iter().map(|&x| SymInt::Int(x)).collect()),
                        _ => None,
                    })
                    .collect();
                let tensor_lists: Vec<Vec<TensorId>> = args
                    .iter()
                    .filter_map(|a| match a {
                        Operand::Values(v) => Some(v.iter().map(|&x| values[x]).collect()),
                        _ => None,
                    })
                    .collect();
                let (mut lists, mut tensor_lists) = (lists.iter(), tensor_lists.iter());
                let mut call = Vec::with_capacity(args.len());
                for a in args {
                    call.push(match a {
                        Operand::Value(v) => Value::Tensor(values[*v]),
                        Operand::Values(_) => Value::Tensors(tensor_lists.next().ok_or("list")?),
                        Operand::Ints(_) => Value::Ints(lists.next().ok_or("ints")?),
                        Operand::Int(v) => Value::Int(SymInt::Int(*v)),
                        Operand::Bool(b) => Value::Bool(*b),
                        Operand::Number(n) => Value::Scalar(Scalar::Int(SymInt::Int(*n))),
                        Operand::Absent => Value::None,
                    });
                }
                match mode.dispatch_named(op, &call) {
                    Ok(out) => match out.first() {
                        Some(Output::Tensor(t)) => Ok(*t),
                        other => return Err(format!("%{i} = {op}: not a tensor: {other:?}")),
                    },
                    Err(e) => Err(e),
                }
            }
        };
        values.push(t.map_err(|e| format!("%{i}: {e}"))?);
    }
    Ok(values)
}

fn show(mode: &FakeTensorMode, t: TensorId) -> String {
    let Ok(m) = mode.meta(t) else {
        return "?".into();
    };
    let list = |v: &[SymInt]| {
        v.iter()
            .map(|&s| mode.env().display(s))
            .collect::<Vec<_>>()
            .join(", ")
    };
    format!(
        "{}[{}] strides [{}] on {}",
        m.dtype,
        list(&m.sizes),
        list(&m.strides),
        m.device
    )
}

fn main() {
    let nodes = program();
    let mut mode = FakeTensorMode::new(fake_ops::registry());
    let values = match annotate(&mut mode, &nodes) {
        Ok(v) => v,
        Err(e) => {
            eprintln!("cannot annotate the program: {e}");
            std::process::exit(1);
        }
    };
    for (i, (node, &t)) in nodes.iter().zip(&values).enumerate() {
        let what = match node {
            Node::Input { name, .. } => format!("input {name}"),
            Node::Weight { name, .. } => format!("weight {name}"),
            Node::Call { op, args } => {
                let args: Vec<String> = args
                    .iter()
                    .map(|a| match a {
                        Operand::Value(v) => format!("%{v}"),
                        Operand::Values(vs) => format!(
                            "[{}]",
                            vs.iter()
                                .map(|v| format!("%{v}"))
                                .collect::<Vec<_>>()
                                .join(", ")
                        ),
                        Operand::Ints(v) => format!("{v:?}"),
                        Operand::Int(v) | Operand::Number(v) => v.to_string(),
                        Operand::Bool(b) => b.to_string(),
                        Operand::Absent => "None".into(),
                    })
                    .collect();
                format!("{op}({})", args.join(", "))
            }
        };
        println!("%{i:<2} = {what:<44} : {}", show(&mode, t));
    }
    println!("\nguards:");
    for g in mode.env().produce_guards() {
        println!("  {g}");
    }
    println!("\nthe annotations hold for batch sizes:");
    for batch in [1, 2, 8, 64, 1000] {
        // Every source's value: the real tensors' sizes and offsets, with
        // the batch size changed.
        let value_of = |s: &Source| {
            let (tensor, dim) = match s {
                Source::Size { tensor, dim } => (tensor, Some(*dim)),
                Source::StorageOffset { tensor } => (tensor, None),
                _ => return None,
            };
            nodes.iter().find_map(|n| {
                let (name, real) = match n {
                    Node::Input { name, example, .. } => (name, example),
                    Node::Weight { name, data } => (name, data),
                    Node::Call { .. } => return None,
                };
                if *tensor != format!("L['{name}']") {
                    return None;
                }
                Some(match dim {
                    Some(0) if *name == "x" => batch,
                    Some(d) => *real.sizes().get(d)?,
                    None => real.storage_offset(),
                })
            })
        };
        let ok = mode.env().check_guards(&value_of);
        println!("  {batch:>5}: {}", matches!(ok, Ok(true)));
    }
    let info = mode.cache_info();
    println!(
        "\ndispatch cache: {} hits, {} misses, bypasses {:?}",
        info.hits, info.misses, info.bypasses
    );
}
