//! Constant propagation, as PyTorch's `FakeTensorMode._dispatch_impl`
//! does it: a call whose tensor arguments are all constants (at most
//! [`crate::tensor::CONSTANT_NUMEL_LIMIT`] elements, of a known value or
//! not) runs for real, in eager mode, and results small enough to be
//! constants become constants. Eager kernels lay some results out
//! differently from the meta kernels and references a fake call runs
//! (`expand` of a zero-dim tensor gives every dim stride 0), so the kernel
//! is told ([`crate::kernel::Cx::eager`]); the values themselves are not
//! computed, except that a view of a known constant keeps its value.

use super::{FakeTensorMode, Output, OutputList, Scan, Value};
use crate::error::Result;
use crate::kernel::OpDef;
use crate::meta::Scalar;
use crate::tensor::{CONSTANT_NUMEL_LIMIT, Constant, TensorId};
use crate::{Device, DeviceType};
use smallvec::SmallVec;

impl FakeTensorMode {
    /// Make `t` a constant whose value is not known, as PyTorch's mode
    /// makes the fake copy of a program's lifted tensor constant: only a
    /// tensor small enough (static sizes, at most one element) becomes
    /// one; the answer says whether `t` did.
    pub fn make_constant(&mut self, t: TensorId) -> Result<bool> {
        self.tensor(t)?;
        if !self.small_enough(t) {
            return Ok(false);
        }
        if self.tensors[t.index as usize].constant.is_none() {
            self.set_constant(t, Constant::Unknown);
        }
        Ok(true)
    }

    /// Whether tensor `t` (of this mode) may be a constant: static sizes,
    /// at most [`CONSTANT_NUMEL_LIMIT`] elements.
    fn small_enough(&self, t: TensorId) -> bool {
        self.static_numel(t)
            .is_some_and(|n| n <= CONSTANT_NUMEL_LIMIT as u128)
    }

    /// The number of elements of tensor `t` (of this mode) when its sizes
    /// are static.
    fn static_numel(&self, t: TensorId) -> Option<u128> {
        let mut numel: u128 = 1;
        for s in self.tensors[t.index as usize].meta.sizes.iter() {
            numel = numel.saturating_mul(s.as_int()?.max(0) as u128);
        }
        Some(numel)
    }

    /// Whether PyTorch runs this call for real on its constants: every
    /// tensor argument a constant and at least one not a Python number;
    /// no symbolic size among the arguments (a SymInt: a symbolic float
    /// or bool does not count, and the elementwise references turn a
    /// SymInt `Scalar` operand into a SymFloat when they compute in a
    /// floating dtype, so there it does not count either; given where a
    /// tensor is wanted, a SymInt stays one); not an operator that
    /// draws random numbers (`nondeterministic_seeded`), nor one that
    /// changes its argument's metadata in place (`inplace_view`: the
    /// in-place operators declared on their own, `detach_` excepted as
    /// PyTorch excepts it, which changes only the grad); no device given
    /// but the CPU (PyTorch does not initialise another device to copy a
    /// constant to it).
    pub(super) fn runs_for_real(&self, op: &OpDef, args: &[Value<'_>], scan: &Scan) -> bool {
        let tags = op.tags;
        if !scan.all_constant
            || !scan.real_tensor
            || tags.seeded
            || (tags.inplace && !tags.derived && !tags.no_grad)
        {
            return false;
        }
        let float_math = tags.pointwise
            && args.iter().any(|a| match a {
                Value::Tensor(t) => {
                    let dtype = self.tensors[t.index as usize].meta.dtype;
                    dtype.is_floating_point() || dtype.is_complex()
                }
                _ => false,
            });
        !args.iter().any(|a| match a {
            // A SymInt given where a tensor is wanted, which the fast
            // binary path takes as it is.
            Value::Tensor(t) => {
                let ft = &self.tensors[t.index as usize];
                ft.meta.wrapped_number
                    && matches!(ft.constant.as_deref(), Some(Constant::Known(Scalar::Int(v))) if !v.is_static())
            }
            Value::Int(v) => !v.is_static(),
            Value::Ints(vs) => vs.iter().any(|v| !v.is_static()),
            Value::Scalar(Scalar::Int(v)) => !v.is_static() && !float_math,
            Value::Device(d) => d.ty != DeviceType::Cpu,
            _ => false,
        })
    }

    /// Dispatch a call [`Self::runs_for_real`] accepts: the dispatch cache
    /// bypassed (a constant argument), the kernel run in eager mode, and
    /// the results made constants when every one is small enough; else
    /// the results that view a constant's storage make it forget its
    /// value (`invalidate_constant_aliases`).
    pub(super) fn dispatch_on_constants(
        &mut self,
        op: &OpDef,
        args: &[Value<'_>],
        scan: &Scan,
        device: Device,
    ) -> Result<OutputList> {
        let outs = self.run_kernel(op, args, device, scan.constant, true)?;
        if self.settings.cache {
            self.bypass("constant attribute");
        }
        let out = self.wrap(op, args, outs, scan.requires_grad)?;
        let mut results: SmallVec<[TensorId; 3]> = SmallVec::new();
        for o in &out {
            match o {
                Output::Tensor(t) => results.push(*t),
                Output::Tensors(ts) => results.extend(ts.iter().copied()),
                _ => {}
            }
        }
        if results.iter().all(|&t| self.small_enough(t)) {
            let first_dtype = scan
                .first_tensor
                .map(|t| self.tensors[t.index as usize].meta.dtype);
            for &t in &results {
                // A view of one element, of the same dtype, is that element.
                let kept = scan
                    .constant
                    .filter(|_| op.tags.view && self.static_numel(t) == Some(1))
                    .filter(|_| Some(self.tensors[t.index as usize].meta.dtype) == first_dtype);
                self.set_constant(t, kept.map_or(Constant::Unknown, Constant::Known));
            }
        } else {
            for &t in &results {
                let storage = self.tensors[t.index as usize].storage;
                self.invalidate_constants(storage);
            }
        }
        Ok(out)
    }
}
