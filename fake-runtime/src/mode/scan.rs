//! The validation pass before a dispatch: every tensor argument of this
//! mode and strided, the common device (PyTorch's `_find_common_device`),
//! and what the arguments say of constants, grad and symbolic conditions;
//! after the kernel, the device of a result that is an argument itself.

use super::{FakeTensorMode, Value};
use crate::error::{Error, ErrorKind, Result};
use crate::kernel::{Alias, OpDef, Out, Outs};
use crate::meta::Scalar;
use crate::sym::SymBool;
use crate::tensor::TensorId;
use crate::{Device, Layout};

/// What the validation pass learnt about the tensor arguments.
pub(super) struct Scan {
    /// The common device, once a tensor sets it.
    pub(super) device: Option<Device>,
    /// The first tensor argument.
    pub(super) first_tensor: Option<TensorId>,
    /// The first tensor argument's value, when it is a known constant.
    pub(super) constant: Option<Scalar>,
    /// Some tensor argument is a constant.
    pub(super) any_constant: bool,
    /// Every tensor argument a constant (wrapped numbers included, which
    /// PyTorch's Python numbers are).
    pub(super) all_constant: bool,
    /// A tensor argument that is not a wrapped number.
    pub(super) real_tensor: bool,
    /// A `SymBool` argument names a symbol.
    pub(super) symbolic_bool: bool,
    /// Some tensor argument requires grad.
    pub(super) requires_grad: bool,
    /// A layout other than strided a `Layout` argument asks for.
    pub(super) layout: Option<Layout>,
}

/// [`ErrorKind::UnsupportedLayout`] of `op`'s argument `index`.
#[cold]
fn unsupported_layout(op: &str, index: usize, layout: Layout) -> Error {
    ErrorKind::UnsupportedLayout {
        op: op.to_string(),
        what: format!("argument {index}"),
        layout: layout.to_string(),
    }
    .into()
}

impl FakeTensorMode {
    /// Validate the tensor arguments and find the common device, as
    /// PyTorch's `_find_common_device`: the first tensor sets the device;
    /// a zero-dim CPU tensor defers to any other device, and is replaced
    /// by the first tensor on another device; any other mismatch is an
    /// error naming the device so far and the new one. An operator tagged
    /// `multi_device` takes any devices and keeps the first tensor's.
    /// A tensor of a layout other than strided is refused (the kernels
    /// are strided ones).
    pub(super) fn scan(&self, op: &OpDef, args: &[Value<'_>]) -> Result<Scan> {
        let name = op.name;
        let multi_device = op.tags.multi_device;
        let mut scan = Scan {
            device: None,
            first_tensor: None,
            constant: None,
            any_constant: false,
            all_constant: true,
            real_tensor: false,
            symbolic_bool: false,
            requires_grad: false,
            layout: None,
        };
        let mut cpu_zero_dim = false;
        let mut visit = |scan: &mut Scan, t: TensorId, index: usize| {
            self.scan_tensor(scan, &mut cpu_zero_dim, t, index, name, multi_device)
        };
        for (i, a) in args.iter().enumerate() {
            match a {
                Value::Tensor(t) => visit(&mut scan, *t, i)?,
                Value::Tensors(ts) => {
                    for &t in *ts {
                        visit(&mut scan, t, i)?
                    }
                }
                Value::OptTensors(ts) => {
                    for t in ts.iter().flatten() {
                        visit(&mut scan, *t, i)?
                    }
                }
                Value::SymBool(SymBool::Expr(_)) => scan.symbolic_bool = true,
                Value::Layout(l) if *l != Layout::Strided => scan.layout = Some(*l),
                _ => {}
            }
        }
        Ok(scan)
    }

    /// One tensor of [`Self::scan`]: its mode, layout, constant, grad and
    /// device (`cpu_zero_dim`: whether every tensor so far is a CPU
    /// scalar, which any device may join).
    #[inline(always)]
    fn scan_tensor(
        &self,
        scan: &mut Scan,
        cpu_zero_dim: &mut bool,
        t: TensorId,
        index: usize,
        name: &str,
        multi_device: bool,
    ) -> Result<()> {
        self.check_id(t, name)?;
        let ft = &self.tensors[t.index as usize];
        let m = &ft.meta;
        if m.layout != Layout::Strided {
            return Err(unsupported_layout(name, index, m.layout));
        }
        if scan.first_tensor.is_none() {
            scan.first_tensor = Some(t);
            scan.constant = ft.constant.as_deref().and_then(|c| c.value());
        }
        scan.any_constant |= ft.constant.is_some();
        scan.all_constant &= ft.constant.is_some();
        scan.real_tensor |= !m.wrapped_number;
        scan.requires_grad |= m.requires_grad;
        let t_cpu_zero_dim = m.device.is_cpu() && m.sizes.is_empty();
        match scan.device {
            None => {
                scan.device = Some(m.device);
                *cpu_zero_dim = t_cpu_zero_dim;
            }
            Some(d) if d == m.device => *cpu_zero_dim &= t_cpu_zero_dim,
            Some(_) if multi_device => {}
            Some(_) if t_cpu_zero_dim => {}
            Some(_) if *cpu_zero_dim => {
                scan.device = Some(m.device);
                *cpu_zero_dim = false;
            }
            Some(d) => {
                return Err(ErrorKind::DeviceMismatch {
                    op: name.to_string(),
                    a: d.to_string(),
                    b: m.device.to_string(),
                }
                .into());
            }
        }
        Ok(())
    }

    /// PyTorch's wrapping of a kernel's results (`wrap` in
    /// `FakeTensorMode._dispatch_impl`): a result that is an argument
    /// itself (written in place, an `out=` tensor, or returned as it is)
    /// must be on the common device of the call's tensors, which a
    /// zero-dim CPU argument defers to any other ("FakeTensor is wrapped
    /// to wrong device"). Operators that take several devices keep the
    /// first tensor's.
    #[inline(always)]
    pub(super) fn check_returned_devices(
        &self,
        op: &OpDef,
        args: &[Value<'_>],
        outs: &Outs,
        device: Device,
    ) -> Result<()> {
        for o in outs {
            if let Out::Tensor(_, Alias::InPlace(i) | Alias::Same(i)) = o
                && let Some(Value::Tensor(t)) = args.get(usize::from(*i))
            {
                let found = self.tensors[t.index as usize].meta.device;
                if found.fake() != device.fake() {
                    return Err(wrong_device(op, found, device));
                }
            }
        }
        Ok(())
    }
}

impl FakeTensorMode {
    /// Refuse a strided result of a call that asked for another layout
    /// (`zeros(..., layout=torch.sparse_coo)`): its kernel models strided
    /// tensors only, so its answer would be wrong. Kernels that model the
    /// layout asked for (`to_sparse`) give results of that layout.
    #[cold]
    pub(super) fn check_asked_layout(
        &self,
        op: &OpDef,
        asked: Layout,
        outs: &super::OutputList,
    ) -> Result<()> {
        let strided = |t: &TensorId| self.tensors[t.index as usize].meta.layout == Layout::Strided;
        let any_strided = outs.iter().any(|o| match o {
            super::Output::Tensor(t) => strided(t),
            super::Output::Tensors(ts) => ts.iter().any(strided),
            _ => false,
        });
        if any_strided {
            return Err(ErrorKind::UnsupportedLayout {
                op: op.name.to_string(),
                what: "the result asked for".to_string(),
                layout: asked.to_string(),
            }
            .into());
        }
        Ok(())
    }
}

/// [`FakeTensorMode::check_returned_devices`]' refusal.
#[cold]
fn wrong_device(op: &OpDef, found: Device, expected: Device) -> Error {
    Error::invalid(
        op.name,
        format!(
            "FakeTensor is wrapped to wrong device, found {}, expected {}",
            found.fake(),
            expected.fake()
        ),
    )
}
