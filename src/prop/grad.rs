//! The grad mode a program was traced in, found from what it recorded.
//!
//! `torch.export` traces under whatever `torch.is_grad_enabled()` says
//! (`torch.no_grad()` around the export, or not) and records every result
//! detached, so the file never says which: its parameters require grad
//! either way, its other values never do. Yet the mode decides layouts
//! where a kernel looks at `requires_grad`: the CPU flash attention
//! kernel refuses a mask that requires grad, so a
//! `scaled_dot_product_attention` whose mask is computed from a parameter
//! (T5's and BEiT's position biases) is laid out as the flash kernel lays
//! it out only without grad. Where that matters, the recorded layouts are
//! the evidence: [`Plan::run_as_traced`] runs with grad, and again without
//! when some node disagrees with the file and some input requires grad,
//! and keeps the run that agrees with more nodes.

use super::{Plan, PropError, Propagation, Status};
use crate::graph::{Graph, Recorded};
use fake_runtime::Registry;

impl Plan {
    /// Run the plan, comparing every node with the file as it runs
    /// ([`Plan::run_checked`]), in the grad mode the program was traced
    /// in as its recorded metadata show it (see the module docs); the
    /// plan's grad mode ([`Plan::set_grad_enabled`]) is set to it. With no
    /// input that requires grad, or no node that disagrees with the file,
    /// the plan's mode stays as it was and one run is made.
    pub fn run_as_traced<R: Registry + Clone + 'static>(
        &mut self,
        graph: &Graph,
        registry: R,
    ) -> Result<Propagation, PropError> {
        let first = self.run_checked(graph, registry.clone())?;
        let disagreeing = disagreeing_nodes(&first);
        if disagreeing == 0 || !any_input_requires_grad(graph) {
            return Ok(first);
        }
        let own = self.grad_enabled;
        self.grad_enabled = !own;
        let other = self.run_checked(graph, registry)?;
        if disagreeing_nodes(&other) < disagreeing {
            Ok(other)
        } else {
            self.grad_enabled = own;
            Ok(first)
        }
    }
}

/// Nodes that failed or whose results differ from the recorded ones.
fn disagreeing_nodes(p: &Propagation) -> usize {
    let checks = p.checks.as_deref().unwrap_or(&[]);
    p.status
        .iter()
        .enumerate()
        .filter(|&(i, s)| {
            matches!(s, Status::Failed(_)) || checks.get(i).is_some_and(|c| !c.is_empty())
        })
        .count()
}

/// Whether a graph input (a parameter, usually) was recorded requiring
/// grad: without one, the grad mode cannot change any result.
fn any_input_requires_grad(graph: &Graph) -> bool {
    graph
        .inputs
        .iter()
        .filter_map(|i| i.value)
        .any(|v| matches!(&graph.value(v).recorded, Recorded::Tensor(m) if m.requires_grad))
}
