//! What autograd's kernel of an operator checks and records.
//!
//! Autograd sits above the fake mode in PyTorch: a call whose tensors
//! require grad meets autograd's checks before any meta kernel runs (a leaf
//! written in place, an `out=` form given a tensor that requires grad, an
//! argument the derivative formulas do not differentiate), and after the
//! kernel autograd decides which results require grad, refusing a
//! differentiable result of an integer dtype or a complex result where
//! complex autograd is not implemented. The facts come from the operators
//! (`ops/catalog/autograd.txt`, read from the kernels torch generates); the
//! mode applies them the same way for every operator.

/// What autograd's kernel of one operator does.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub enum Autograd {
    /// No kernel of its own: a composite, whose parts meet their own
    /// checks. Its results require grad when an input does.
    #[default]
    Composite,
    /// A kernel generated from the derivative formulas: its checks and
    /// records in the order they run.
    Derived(&'static [AutogradStep]),
    /// A generated kernel that the Python dispatcher replaces with a
    /// Python decomposition registered for the Autograd key (torch's
    /// `py_impl(DispatchKey.Autograd)`: batch norm, the upsamplings...).
    Decomposed {
        /// The generated kernel's steps, outside the Python dispatcher.
        generated: &'static [AutogradStep],
        /// Under the Python dispatcher, the steps of the operator the
        /// decomposition calls with the same arguments (batch norm's
        /// `_native_batch_norm_legit`), or `None`: a composite there.
        python: Option<&'static [AutogradStep]>,
    },
    /// `autogradNotImplementedFallback`: written arguments checked as
    /// in-place writes (as `out=` refusals when the schema has an out
    /// argument); every result of a differentiable dtype requires grad
    /// when any tensor argument does.
    Fallback,
    /// The manual `resize_`/`resize_as_`: a tensor that requires grad is
    /// never resized, with grad enabled or not.
    Resize,
    /// The manual `copy_`: `self` checked as an in-place write when
    /// `self` or `src` requires grad.
    Copy,
    /// A composite whose body is one call of another overload with its
    /// own arguments (`special_erf.out` calls `erf.out`): that overload's
    /// kernel, its steps in the composite's parameters, its messages
    /// naming the callee.
    Calls {
        /// The overload called (`aten::erf.out`).
        callee: &'static str,
        /// Its kernel.
        kernel: &'static Autograd,
    },
}

/// One statement of a generated autograd kernel; parameters and results
/// by index into the schema.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum AutogradStep {
    /// `_any_requires_grad`: whether any tensor of these parameters
    /// requires grad (with grad enabled). Without it the kernel records
    /// nothing and no result requires grad.
    Requires(&'static [u8]),
    /// `_any_requires_grad` stays only when this dtype parameter, if
    /// given, is a floating-point or complex dtype (`_to_copy` to an
    /// integer dtype records nothing).
    DifferentiableDtype(u8),
    /// `check_inplace`: the parameter, written, must not be a leaf (or a
    /// view of one) that requires grad, when `_any_requires_grad`.
    Inplace(u8),
    /// An in-place foreach's per-element `check_inplace` of list `list`,
    /// element `i` tested when element `i` of one of `requires` (or the
    /// tensor itself, for a tensor parameter) requires grad.
    InplaceEach {
        /// The written list.
        list: u8,
        /// The parameters indexed per element.
        requires: &'static [u8],
    },
    /// `check_no_requires_grad`: the parameter has no derivative formula
    /// and must not require grad.
    Forbid {
        /// The function the message names.
        function: &'static str,
        /// The parameter.
        param: u8,
    },
    /// An `out=` form's refusal when any tensor of these parameters
    /// requires grad.
    Out {
        /// The function the message names.
        function: &'static str,
        /// The parameters.
        params: &'static [u8],
    },
    /// Results given the grad function (`set_history`): each requires
    /// grad, and one of an integer or bool dtype is refused.
    History(&'static [u8]),
    /// Written results given the grad function (`rebase_history`).
    Rebase(&'static [u8]),
    /// Results refused when they require grad and are complex.
    Complex {
        /// The function the message names.
        function: &'static str,
        /// The results.
        returns: &'static [u8],
    },
}

impl Autograd {
    /// The steps of the generated kernel that runs, with the Python
    /// dispatcher on or not; `None` for the other kernels.
    pub fn generated(self, python_dispatcher: bool) -> Option<&'static [AutogradStep]> {
        match self {
            Autograd::Derived(steps) => Some(steps),
            Autograd::Decomposed { generated, .. } if !python_dispatcher => Some(generated),
            Autograd::Decomposed { python, .. } => python,
            Autograd::Calls { kernel, .. } => kernel.generated(python_dispatcher),
            _ => None,
        }
    }
}
