//! Calls that may repeat: nodes of one operator with the same constant
//! arguments (a model's identical layers) share a *class*, and a run keeps
//! the last recorded call of each class. A node whose tensors have the
//! metadata of its class's recording (and whose other arguments are the
//! recorded ones) is answered from it, as the dispatch cache answers a
//! repeated call, without running the kernel
//! ([`fake_runtime::mode::Recording`]: only calls the cache could hold
//! are recorded). The class only says which recording to try; the
//! mode compares the arguments themselves, except the constants: the
//! class's key holds them, so every member has the same ones at the same
//! positions, and its recording neither keeps nor compares them.

use super::{ArgSource, Step};
use crate::graph::{Arg, Graph, SymIntArg, ValueId};
use std::collections::HashMap;

/// The class of every step (`None`: an operator whose calls are never
/// recorded, no operator, or a call like no other), and per class the
/// positions of its constant arguments ([`fake_runtime::mode::Recording::with_fixed`]).
pub(super) fn classes(steps: &[Step], graph: &Graph) -> (Vec<Option<u32>>, Vec<u64>) {
    let mut ids: HashMap<String, u32> = HashMap::new();
    let mut members: Vec<u32> = Vec::new();
    let mut fixed: Vec<u64> = Vec::new();
    let keyed: Vec<Option<u32>> = steps
        .iter()
        .zip(&graph.nodes)
        .map(|(step, node)| {
            let Step::Op { def, args, .. } = step else {
                return None;
            };
            if def.tags.data_dependent || node.autocast.is_some() {
                return None;
            }
            // The operator, every constant as the plan converted it, and
            // the metadata PyTorch recorded for the values the others
            // name: calls with equal keys are the ones likely to repeat.
            // Each argument is marked with where it comes from, so
            // members have their constants at the same positions.
            let mut key = def.name.to_string();
            let mut constants = 0u64;
            for (i, (_, src)) in args.iter().enumerate() {
                match src {
                    ArgSource::Given(j) => {
                        key.push_str("|g");
                        recorded_arg(graph, &node.args[*j].1, &mut key)
                    }
                    ArgSource::Tensor(_, v) => {
                        key.push_str("|t");
                        recorded(graph, *v, &mut key)
                    }
                    // A wrapped number holds its value as a constant: the
                    // call is never recorded (PyTorch's cache bypasses it
                    // as `constant attribute`), so it is of no class.
                    ArgSource::Number(..) => return None,
                    ArgSource::Absent => key.push_str("|-"),
                    ArgSource::Const(o) => {
                        key.push_str(&format!("|c{o:?}"));
                        if i < 64 {
                            constants |= 1 << i;
                        }
                    }
                }
            }
            // Absent arguments are `None` in every member: fixed too.
            for (i, (_, src)) in args.iter().enumerate().take(64) {
                if matches!(src, ArgSource::Absent) {
                    constants |= 1 << i;
                }
            }
            let next = ids.len() as u32;
            let id = *ids.entry(key).or_insert(next);
            if id == next {
                members.push(0);
                fixed.push(constants);
            }
            members[id as usize] += 1;
            Some(id)
        })
        .collect();
    // Only classes of two calls or more are worth recording; renumber
    // them densely.
    let mut dense: Vec<Option<u32>> = vec![None; members.len()];
    let mut kept = Vec::new();
    for (id, &n) in members.iter().enumerate() {
        if n >= 2 {
            dense[id] = Some(kept.len() as u32);
            kept.push(fixed[id]);
        }
    }
    let out = keyed
        .into_iter()
        .map(|c| c.and_then(|c| dense[c as usize]))
        .collect();
    (out, kept)
}

/// What PyTorch recorded for value `v`, appended to `key`.
fn recorded(graph: &Graph, v: ValueId, key: &mut String) {
    key.push_str(&format!("{:?}", graph.value(v).recorded));
}

/// A node argument with every value it names replaced by what PyTorch
/// recorded for it.
fn recorded_arg(graph: &Graph, arg: &Arg, key: &mut String) {
    let int = |s: &SymIntArg, key: &mut String| match s {
        SymIntArg::Int(i) => key.push_str(&i.to_string()),
        SymIntArg::Value(v) => recorded(graph, *v, key),
    };
    match arg {
        Arg::Tensor(v) | Arg::SymBool(v) | Arg::SymFloat(v) => recorded(graph, *v, key),
        Arg::Tensors(vs) => vs.iter().for_each(|v| recorded(graph, *v, key)),
        Arg::OptTensors(vs) => vs.iter().for_each(|v| match v {
            Some(v) => recorded(graph, *v, key),
            None => key.push('-'),
        }),
        Arg::SymInt(s) => int(s, key),
        Arg::SymInts(ss) => ss.iter().for_each(|s| {
            int(s, key);
            key.push(',');
        }),
        other => key.push_str(&format!("{other:?}")),
    }
}
