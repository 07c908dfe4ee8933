//! Replaying a plan: the graph's inputs and parameters are made once, and
//! every run starts from a checkpoint of that mode instead of a new one.
//!
//! A [`Runner`] is what a compiler that propagates one graph many times
//! keeps (and what `fake bench` times): a run restores the mode's
//! checkpoint (dropping the tensors the last run made, keeping their
//! allocations), resets the value table, and runs the plan's steps. The
//! results are the same as those of [`Plan::run`] on a new mode: the
//! recordings of repeated calls (which stand in for the dispatch cache,
//! off in a runner) and the unbacked-SymInt memo start empty every run,
//! and the ShapeEnv is put back when the last run changed it.

use super::{FileSymbols, Plan, PropError, Propagation, Slot};
use crate::graph::Graph;
use fake_runtime::Registry;
use fake_runtime::mode::{Checkpoint, Recording};
use std::collections::BTreeMap;

/// How a [`Runner`] makes the program's input symbols.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub enum InputSizes {
    /// As symbols of the ShapeEnv, with their hints (the program's own
    /// dynamic dims).
    #[default]
    Symbolic,
    /// As their hints, constants: a static propagation at those sizes.
    Static,
}

/// A plan bound to its graph, with the inputs made once.
///
/// ```
/// use fake_tensor::prop::{InputSizes, Plan, Runner};
///
/// let program = fake_tensor::export::load("examples/resnet18.json")?;
/// let graph = fake_tensor::graph::Graph::from_program(&program)?;
/// let registry = fake_ops::registry();
/// let plan = Plan::new(&graph, &registry);
/// let hints = Default::default();
/// let mut runner = Runner::new(&plan, &graph, registry, &hints, InputSizes::Symbolic)?;
/// for _ in 0..3 {
///     let p = runner.run()?;
///     assert!(p.ran(0));
/// }
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
#[derive(Debug)]
pub struct Runner<'g> {
    plan: &'g Plan,
    graph: &'g Graph,
    prop: Propagation,
    saved: Checkpoint,
    slots: Vec<Slot>,
    symbols: FileSymbols,
    /// Whether `prop` holds a run's results (and must be reset first).
    dirty: bool,
}

impl<'g> Runner<'g> {
    /// Make `graph`'s inputs in a new mode over `registry`, with `hints`
    /// for its input symbols as [`Plan::run_with_hints`] takes them.
    pub fn new(
        plan: &'g Plan,
        graph: &'g Graph,
        registry: impl Registry + 'static,
        hints: &BTreeMap<String, i64>,
        sizes: InputSizes,
    ) -> Result<Self, PropError> {
        let mut prop = plan.start(graph, registry, false, hints, sizes)?;
        // A repeated call is answered from its class's recording, which
        // compares the arguments without building a key; a call no other
        // node may repeat cannot hit. So runs go without the dispatch
        // cache, whose keys cost about what a static kernel does
        // (BENCHMARKS.md has the measurements), unless the plan does not
        // reuse recordings: the cache then answers repeated calls.
        if plan.reuse {
            prop.mode.set_cache(false);
        }
        let saved = prop.mode.checkpoint();
        Ok(Runner {
            plan,
            graph,
            slots: prop.slots.clone(),
            symbols: prop.symbols.clone(),
            prop,
            saved,
            dirty: false,
        })
    }

    /// Run every node, from the inputs made by [`Runner::new`].
    pub fn run(&mut self) -> Result<&mut Propagation, PropError> {
        if self.dirty {
            self.reset()?;
        }
        self.dirty = true;
        self.plan.execute(self.graph, &mut self.prop);
        Ok(&mut self.prop)
    }

    /// Put the mode and the value table back as they were after the inputs
    /// were made.
    fn reset(&mut self) -> Result<(), PropError> {
        let p = &mut self.prop;
        p.mode
            .restore_for_replay(&self.saved)
            .map_err(|e| PropError::Checkpoint(e.to_string()))?;
        p.slots.clone_from(&self.slots);
        if p.symbols.changed_since(&self.symbols) {
            p.symbols.clone_from(&self.symbols);
        }
        p.status.clear();
        p.recordings.iter_mut().for_each(Recording::clear);
        Ok(())
    }
}
