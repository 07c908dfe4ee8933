//! How a program was traced, where the file does not say it, found from
//! what it recorded: the grad mode, and PyTorch's `backed_size_oblivious`.
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
//!
//! `backed_size_oblivious` (see [`Plan::set_backed_size_oblivious`]) shows
//! in a file for certain only through a symbolic size whose hint is 0 or
//! one. Without one, the layouts are the evidence again (a static program
//! too: its views then take the path of views of unbacked sizes): when
//! some node disagrees, the run is made again with it on, and the run
//! that agrees with more nodes is kept.

use super::{Plan, PropError, Propagation, Status};
use crate::graph::{Graph, Recorded};
use fake_runtime::Registry;

impl Plan {
    /// Run the plan, comparing every node with the file as it runs
    /// ([`Plan::run_checked`]), in the grad mode and with the
    /// `backed_size_oblivious` setting the program was traced with, as its
    /// recorded metadata show them (see the module docs); the plan's
    /// settings ([`Plan::set_grad_enabled`],
    /// [`Plan::set_backed_size_oblivious`]) are set to them. Where no node
    /// disagrees with the file, the settings stay as they were and one
    /// run is made; a setting given explicitly is never tried otherwise.
    pub fn run_as_traced<R: Registry + Clone + 'static>(
        &mut self,
        graph: &Graph,
        registry: R,
    ) -> Result<Propagation, PropError> {
        let mut best = self.run_checked(graph, registry.clone())?;
        let mut disagreeing = disagreeing_nodes(&best);
        if disagreeing > 0 && any_input_requires_grad(graph) {
            let own = self.grad_enabled;
            self.grad_enabled = !own;
            let other = self.run_checked(graph, registry.clone())?;
            let n = disagreeing_nodes(&other);
            if n < disagreeing {
                (best, disagreeing) = (other, n);
            } else {
                self.grad_enabled = own;
            }
        }
        if disagreeing > 0 && !self.backed_size_oblivious() && self.size_oblivious.is_none() {
            self.size_oblivious = Some(true);
            let other = self.run_checked(graph, registry)?;
            if disagreeing_nodes(&other) < disagreeing {
                return Ok(other);
            }
            self.size_oblivious = None;
        }
        Ok(best)
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
