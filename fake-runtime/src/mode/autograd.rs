//! Autograd's kernel above the fake mode: the checks an operator's
//! [`Autograd`] facts name, made before its fake kernel runs, and what is
//! recorded after it (which results require grad, and the refusals of
//! results autograd cannot differentiate). Only calls given a tensor that
//! requires grad come here.

use super::{FakeTensorMode, Output, OutputList, Value};
use crate::DType;
use crate::autograd::{Autograd, AutogradStep};
use crate::error::{ErrorKind, Result};
use crate::kernel::OpDef;
use crate::tensor::TensorId;

/// A refusal in autograd's words.
fn refuse(op: &OpDef, message: String) -> crate::Error {
    ErrorKind::Autograd {
        op: op.name.to_string(),
        message,
    }
    .into()
}

/// The tensors of one argument (none for other values).
fn tensors_of<'a>(v: Option<&'a Value<'a>>) -> impl Iterator<Item = TensorId> + 'a {
    let (one, many, opt): (Option<TensorId>, &[TensorId], &[Option<TensorId>]) = match v {
        Some(Value::Tensor(t)) => (Some(*t), &[], &[]),
        Some(Value::Tensors(ts)) => (None, ts, &[]),
        Some(Value::OptTensors(ts)) => (None, &[], ts),
        _ => (None, &[], &[]),
    };
    one.into_iter()
        .chain(many.iter().copied())
        .chain(opt.iter().flatten().copied())
}

/// Element `i` of a list argument, or a tensor argument itself.
fn element(v: Option<&Value<'_>>, i: usize) -> Option<TensorId> {
    match v {
        Some(Value::Tensor(t)) => Some(*t),
        Some(Value::Tensors(ts)) => ts.get(i).copied(),
        Some(Value::OptTensors(ts)) => ts.get(i).copied().flatten(),
        _ => None,
    }
}

/// The tensors of result `r` (none for other values).
fn result_tensors(outs: &OutputList, r: usize) -> &[TensorId] {
    match outs.get(r) {
        Some(Output::Tensor(t)) => std::slice::from_ref(t),
        Some(Output::Tensors(ts)) => ts,
        _ => &[],
    }
}

/// Autograd differentiates floating-point and complex dtypes only.
fn differentiable(dtype: DType) -> bool {
    dtype.is_floating_point() || dtype.is_complex()
}

impl FakeTensorMode {
    fn requires_grad(&self, t: TensorId) -> bool {
        self.tensors[t.index as usize].meta.requires_grad
    }

    /// Whether any tensor of the parameters `params` requires grad.
    fn any_requires_grad(&self, args: &[Value<'_>], params: &[u8]) -> bool {
        params
            .iter()
            .flat_map(|&p| tensors_of(args.get(p as usize)))
            .any(|t| self.requires_grad(t))
    }

    /// `check_inplace`: a tensor written while the call records grad
    /// must not be a leaf that requires grad, nor a view of one.
    fn check_inplace(&self, op: &OpDef, t: TensorId, records: bool) -> Result<()> {
        let ft = &self.tensors[t.index as usize];
        if !records || !ft.meta.requires_grad {
            return Ok(());
        }
        if ft.view_of_leaf {
            return Err(refuse(
                op,
                "a view of a leaf Variable that requires grad is being used in an in-place operation."
                    .into(),
            ));
        }
        if ft.is_leaf {
            return Err(refuse(
                op,
                "a leaf Variable that requires grad is being used in an in-place operation.".into(),
            ));
        }
        Ok(())
    }

    /// Autograd's checks of a call some tensor of which requires grad
    /// (the caller's scan found one), before its fake kernel: whether the
    /// call records grad (its results may require grad).
    pub(super) fn autograd_before(&self, op: &OpDef, args: &[Value<'_>]) -> Result<bool> {
        self.kernel_before(op, op.name, op.autograd, args)
    }

    /// [`Self::autograd_before`] of the kernel `kernel` of the overload
    /// `callee` (the operator itself, or the one a composite calls).
    fn kernel_before(
        &self,
        op: &OpDef,
        callee: &str,
        kernel: Autograd,
        args: &[Value<'_>],
    ) -> Result<bool> {
        let enabled = self.settings.grad_enabled;
        if let Some(steps) = kernel.generated(self.settings.defaults.python_dispatcher) {
            return self.generated_before(op, args, steps);
        }
        match kernel {
            Autograd::Composite | Autograd::Derived(_) | Autograd::Decomposed { .. } => Ok(enabled),
            Autograd::Calls { callee, kernel } => self.kernel_before(op, callee, *kernel, args),
            Autograd::Resize => {
                if tensors_of(args.first()).any(|t| self.requires_grad(t)) {
                    return Err(refuse(
                        op,
                        "cannot resize variables that require grad".into(),
                    ));
                }
                Ok(enabled)
            }
            Autograd::Copy => {
                let records = enabled && self.any_requires_grad(args, &[0, 1]);
                if let Some(Value::Tensor(t)) = args.first() {
                    self.check_inplace(op, *t, records)?;
                }
                Ok(records)
            }
            Autograd::Fallback => {
                // Any tensor argument: one requires grad.
                let records = enabled;
                let has_out = op
                    .params
                    .iter()
                    .any(|p| p.kwarg_only && p.alias.is_some_and(|a| a.write));
                for (i, p) in op.params.iter().enumerate() {
                    if !p.alias.is_some_and(|a| a.write) {
                        continue;
                    }
                    for t in tensors_of(args.get(i)) {
                        let r = self.check_inplace(op, t, records);
                        if r.is_err() && has_out {
                            let base = callee.split('.').next().unwrap_or(callee);
                            return Err(refuse(op, out_message(base)));
                        }
                        r?;
                    }
                }
                Ok(records)
            }
        }
    }

    /// [`Self::autograd_before`] of a generated kernel.
    fn generated_before(
        &self,
        op: &OpDef,
        args: &[Value<'_>],
        steps: &[AutogradStep],
    ) -> Result<bool> {
        let enabled = self.settings.grad_enabled;
        let mut records = false;
        for step in steps {
            match *step {
                AutogradStep::Requires(params) => {
                    records = enabled && self.any_requires_grad(args, params);
                }
                AutogradStep::DifferentiableDtype(p) => {
                    if let Some(Value::DType(d)) = args.get(p as usize) {
                        records &= differentiable(*d);
                    }
                }
                AutogradStep::Inplace(p) => {
                    for t in tensors_of(args.get(p as usize)) {
                        self.check_inplace(op, t, records)?;
                    }
                }
                AutogradStep::InplaceEach { list, requires } => {
                    for (i, t) in tensors_of(args.get(list as usize)).enumerate() {
                        let ith = enabled
                            && requires.iter().any(|&p| {
                                element(args.get(p as usize), i)
                                    .is_some_and(|e| self.requires_grad(e))
                            });
                        self.check_inplace(op, t, ith)?;
                    }
                }
                AutogradStep::Forbid { function, param } => {
                    if enabled && self.any_requires_grad(args, &[param]) {
                        let name = op.params.get(param as usize).map_or("", |p| p.name);
                        return Err(refuse(
                            op,
                            format!(
                                "The function '{function}' is not differentiable with \
                                 respect to argument '{name}'. This input cannot have \
                                 requires_grad True."
                            ),
                        ));
                    }
                }
                AutogradStep::Out { function, params } => {
                    if enabled && self.any_requires_grad(args, params) {
                        return Err(refuse(op, out_message(function)));
                    }
                }
                AutogradStep::History(_)
                | AutogradStep::Rebase(_)
                | AutogradStep::Complex { .. } => {}
            }
        }
        Ok(records)
    }

    /// What autograd does after the fake kernel of a call that `records`
    /// grad ([`Self::autograd_before`]): a generated kernel's records.
    #[inline]
    pub(super) fn autograd_recorded(
        &mut self,
        op: &OpDef,
        records: bool,
        outs: &OutputList,
    ) -> Result<()> {
        if !records {
            return Ok(());
        }
        match op
            .autograd
            .generated(self.settings.defaults.python_dispatcher)
        {
            Some(steps) => self.autograd_after(op, steps, outs),
            None => Ok(()),
        }
    }

    /// What a generated kernel that recorded grad does after its fake
    /// kernel: the results it gives the grad function require grad (one
    /// of an integer dtype is refused), the others do not, and the
    /// complex results it refuses are refused.
    fn autograd_after(
        &mut self,
        op: &OpDef,
        steps: &[AutogradStep],
        outs: &OutputList,
    ) -> Result<()> {
        let recorded = |r: usize| {
            steps.iter().any(|s| match s {
                AutogradStep::History(rs) | AutogradStep::Rebase(rs) => rs.contains(&(r as u8)),
                _ => false,
            })
        };
        for step in steps {
            if let AutogradStep::History(rs) = step {
                for &r in *rs {
                    for &t in result_tensors(outs, r as usize) {
                        let dtype = self.tensors[t.index as usize].meta.dtype;
                        if !differentiable(dtype) {
                            return Err(refuse(
                                op,
                                format!("Autograd not support dtype: {}", dtype.c10_name()),
                            ));
                        }
                    }
                }
            }
        }
        // Results the kernel does not record: fresh tensors and views
        // that do not require grad (an argument returned as it is keeps
        // its own).
        for (r, ret) in op.returns.iter().enumerate() {
            if recorded(r) || ret.alias.is_some_and(|a| a.write) {
                continue;
            }
            for &t in result_tensors(outs, r) {
                let ft = &mut self.tensors[t.index as usize];
                ft.meta.requires_grad = false;
                ft.is_leaf = true;
                ft.view_of_leaf = false;
            }
        }
        // A written result given the grad function requires grad whatever
        // its dtype (`rebase_history` does not test it, where wrapping
        // left an integer result as it was).
        for step in steps {
            if let AutogradStep::Rebase(rs) = step {
                for &r in *rs {
                    for &t in result_tensors(outs, r as usize) {
                        let ft = &mut self.tensors[t.index as usize];
                        ft.meta.requires_grad = true;
                        ft.is_leaf = false;
                    }
                }
            }
        }
        for step in steps {
            if let AutogradStep::Complex { function, returns } = step {
                for &r in *returns {
                    for &t in result_tensors(outs, r as usize) {
                        let m = &self.tensors[t.index as usize].meta;
                        if m.requires_grad && m.dtype.is_complex() {
                            return Err(ErrorKind::AutogradNotImplemented {
                                op: op.name.to_string(),
                                message: format!(
                                    "{function} does not support automatic differentiation \
                                     for outputs with complex dtype."
                                ),
                            }
                            .into());
                        }
                    }
                }
            }
        }
        Ok(())
    }
}

/// The refusal of an `out=` form given a tensor that requires grad.
fn out_message(function: &str) -> String {
    format!(
        "{function}(): functions with out=... arguments don't support automatic \
         differentiation, but one of the arguments requires grad."
    )
}
