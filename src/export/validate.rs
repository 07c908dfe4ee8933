//! Consistency of a parsed program: every value a node, a graph output or a
//! signature entry names is defined before it (by a graph input or an
//! earlier node output), no name is defined twice, every defined value has
//! its metadata that can describe a tensor (strides of the sizes' rank, no
//! negative size, stride or offset), and the signature has one spec per
//! graph input and output.
//! Subgraphs (of `cond`, `map`, ...) are checked the same way, each in its
//! own scope.

use super::error::ValidationError;
use super::schema::{
    Argument, ExportedProgram, Graph, InputSpec, Node, OutputSpec, SymInt, TensorMeta, ValueKind,
};
use std::collections::HashMap;

impl ExportedProgram {
    /// Every inconsistency of the program (empty when it is consistent).
    pub fn validate(&self) -> Vec<ValidationError> {
        let mut errors = Vec::new();
        let graph = self.graph();
        let defined = check_graph(graph, "", &mut errors);
        check_signature(self, graph, &defined, &mut errors);
        errors
    }
}

/// How a node is named in messages: `node 'add' (torch.ops.aten.add.Tensor)`,
/// or by position when it has no name.
fn node_site(scope: &str, index: usize, node: &Node) -> String {
    match &node.name {
        Some(name) => format!("{scope}node '{name}' ({})", node.target),
        None => format!("{scope}node #{index} ({})", node.target),
    }
}

/// Record a definition of `name` by `site`: an error if it was defined
/// before or has no metadata.
fn define<'g>(
    defined: &mut HashMap<&'g str, String>,
    graph: &Graph,
    (kind, name): (ValueKind, &'g str),
    site: String,
    errors: &mut Vec<ValidationError>,
) {
    if !has_metadata(graph, kind, name) {
        errors.push(ValidationError::MissingMetadata {
            site: site.clone(),
            kind: kind.name(),
            value: name.to_string(),
            table: kind.table(),
        });
    }
    if let Some(first) = defined.get(name) {
        errors.push(ValidationError::DuplicateValue {
            value: name.to_string(),
            first: first.clone(),
            second: site,
        });
    } else {
        defined.insert(name, site);
    }
}

/// Check one graph; returns the names it defines, with where.
fn check_graph<'g>(
    graph: &'g Graph,
    scope: &str,
    errors: &mut Vec<ValidationError>,
) -> HashMap<&'g str, String> {
    let mut defined: HashMap<&'g str, String> = HashMap::new();
    for (name, meta) in &graph.tensor_values {
        if let Some(reason) = bad_tensor_meta(meta) {
            errors.push(ValidationError::BadTensorMeta {
                scope: scope.to_string(),
                value: name.clone(),
                reason,
            });
        }
    }
    for (i, input) in graph.inputs.iter().enumerate() {
        for r in input.value_refs() {
            define(
                &mut defined,
                graph,
                r,
                format!("{scope}graph input #{i}"),
                errors,
            );
        }
    }
    for (index, node) in graph.nodes.iter().enumerate() {
        let site = node_site(scope, index, node);
        for input in &node.inputs {
            for (_, name) in input.arg.value_refs() {
                if !defined.contains_key(name) {
                    errors.push(ValidationError::DanglingReference {
                        site: format!("{site}, input '{}'", input.name),
                        value: name.to_string(),
                    });
                }
            }
            for sub in input.arg.subgraphs() {
                let inner = format!("{scope}subgraph '{}' of {site}: ", sub.name);
                check_graph(&sub.graph, &inner, errors);
            }
        }
        for output in &node.outputs {
            for r in output.value_refs() {
                define(&mut defined, graph, r, site.clone(), errors);
            }
        }
    }
    for (i, output) in graph.outputs.iter().enumerate() {
        for (_, name) in output.value_refs() {
            if !defined.contains_key(name) {
                errors.push(ValidationError::DanglingReference {
                    site: format!("{scope}graph output #{i}"),
                    value: name.to_string(),
                });
            }
        }
    }
    defined
}

fn has_metadata(graph: &Graph, kind: ValueKind, name: &str) -> bool {
    match kind {
        ValueKind::Tensor => graph.tensor_values.contains_key(name),
        ValueKind::SymInt => graph.sym_int_values.contains_key(name),
        ValueKind::SymBool => graph.sym_bool_values.contains_key(name),
        ValueKind::SymFloat => graph.sym_float_values.contains_key(name),
        // torch records custom objects of placeholders only.
        ValueKind::CustomObj => true,
    }
}

fn check_signature(
    program: &ExportedProgram,
    graph: &Graph,
    defined: &HashMap<&str, String>,
    errors: &mut Vec<ValidationError>,
) {
    let sig = program.signature();
    if sig.input_specs.len() != graph.inputs.len() {
        errors.push(ValidationError::SignatureLength {
            what: "input",
            specs: sig.input_specs.len(),
            values: graph.inputs.len(),
        });
    }
    if sig.output_specs.len() != graph.outputs.len() {
        errors.push(ValidationError::SignatureLength {
            what: "output",
            specs: sig.output_specs.len(),
            values: graph.outputs.len(),
        });
    }
    let mut check = |names: Vec<&str>, site: String| {
        for name in names {
            if !defined.contains_key(name) {
                errors.push(ValidationError::DanglingReference {
                    site: site.clone(),
                    value: name.to_string(),
                });
            }
        }
    };
    for (i, spec) in sig.input_specs.iter().enumerate() {
        let names: Vec<&str> = match spec {
            InputSpec::UserInput(s) => names_of(&s.arg),
            InputSpec::Parameter(s) => vec![&s.arg.name],
            InputSpec::Buffer(s) => vec![&s.arg.name],
            InputSpec::TensorConstant(s) => vec![&s.arg.name],
            InputSpec::CustomObj(s) => vec![&s.arg.name],
            // Tokens and constants are placeholders without metadata names.
            InputSpec::Token(_) | InputSpec::ConstantInput(_) | InputSpec::Unknown { .. } => {
                vec![]
            }
        };
        check(names, format!("input spec #{i}"));
    }
    for (i, spec) in sig.output_specs.iter().enumerate() {
        let names: Vec<&str> = match spec {
            OutputSpec::UserOutput(s) => names_of(&s.arg),
            OutputSpec::LossOutput(s) => vec![&s.arg.name],
            OutputSpec::BufferMutation(s) => vec![&s.arg.name],
            OutputSpec::GradientToParameter(s) => vec![&s.arg.name],
            OutputSpec::GradientToUserInput(s) => vec![&s.arg.name],
            OutputSpec::UserInputMutation(s) => vec![&s.arg.name],
            OutputSpec::ParameterMutation(s) => vec![&s.arg.name],
            OutputSpec::Token(_) | OutputSpec::Unknown { .. } => vec![],
        };
        check(names, format!("output spec #{i}"));
    }
}

fn names_of(arg: &Argument) -> Vec<&str> {
    arg.value_refs().into_iter().map(|(_, n)| n).collect()
}

/// Why recorded tensor metadata cannot describe a tensor, if it cannot.
/// Symbolic entries are checked when they are lowered.
fn bad_tensor_meta(meta: &TensorMeta) -> Option<String> {
    if meta.sizes.len() > fake_runtime::limits::MAX_RANK {
        return Some(format!(
            "rank {} exceeds the limit of {} dims",
            meta.sizes.len(),
            fake_runtime::limits::MAX_RANK
        ));
    }
    if meta.strides.len() != meta.sizes.len() {
        return Some(format!(
            "{} strides for {} sizes",
            meta.strides.len(),
            meta.sizes.len()
        ));
    }
    let negative = |what: &str, v: &SymInt| match v {
        SymInt::Int(x) if *x < 0 => Some(format!("negative {what} {x}")),
        _ => None,
    };
    meta.sizes
        .iter()
        .enumerate()
        .find_map(|(d, s)| negative(&format!("size at dim {d}:"), s))
        .or_else(|| {
            meta.strides
                .iter()
                .enumerate()
                .find_map(|(d, s)| negative(&format!("stride at dim {d}:"), s))
        })
        .or_else(|| negative("storage offset", &meta.storage_offset))
}
