//! Autocast regions (`torch.autocast`, `wrap_with_autocast` in exported
//! programs): while one is active, an operator with a cast policy for the
//! region's device gets its floating-point tensor arguments cast first, as
//! ATen's `Autocast<Device>` dispatch keys do (`aten/src/ATen/autocast_mode.h`:
//! `cached_cast`, `promote_type`). Which operator has which policy is
//! operator knowledge: the embedding crate passes the table in
//! ([`Autocast::policies`]; `fake_ops::autocast_policy` is PyTorch's).

use super::{FakeTensorMode, OutputList, Value};
use crate::DType;
use crate::device::DeviceType;
use crate::error::{ErrorKind, Result};
use crate::kernel::OpDef;
use crate::tensor::TensorId;
use smallvec::SmallVec;

/// How an operator's arguments are cast inside an autocast region.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum CastPolicy {
    /// `lower_precision_fp`: to the region's dtype (`mm`, `conv2d`).
    LowerPrecisionFp,
    /// `fp32`: to `float32` (losses, `cdist`, FFTs).
    Fp32,
    /// `fp32`, and each result cast back to the dtype of the first tensor
    /// argument (torchvision's `roi_align`, whose autocast kernel ends
    /// `.to(input.scalar_type())`).
    Fp32CastBack,
    /// `promote`: to the widest floating type among the arguments, the
    /// region's dtype unless one is `float32` (`cat`, `stack`).
    Promote,
}

/// An operator's cast policy on a device: `Ok(None)` when it has none (it
/// runs as given), an error naming why when autocast on that device is not
/// modelled.
pub type AutocastPolicies = fn(op: &str, device: DeviceType) -> Result<Option<CastPolicy>, String>;

/// An active autocast region.
#[derive(Debug, Clone, Copy)]
pub struct Autocast {
    /// The device type whose tensors are cast (`torch.autocast("cpu")`).
    pub device: DeviceType,
    /// The lower-precision dtype (`bfloat16` on the CPU by default).
    pub dtype: DType,
    /// Each operator's policy.
    pub policies: AutocastPolicies,
}

impl FakeTensorMode {
    /// Enter (`Some`) or leave (`None`) an autocast region; the region
    /// that was active before is returned, to be put back.
    pub fn set_autocast(&mut self, region: Option<Autocast>) -> Option<Autocast> {
        std::mem::replace(&mut self.autocast, region)
    }

    /// The active autocast region.
    pub fn autocast(&self) -> Option<Autocast> {
        self.autocast
    }

    /// `is_eligible`: a tensor autocast casts on this device, floating
    /// point and not `float64`.
    fn eligible(&self, region: &Autocast, t: TensorId) -> Result<Option<DType>> {
        let m = self.meta(t)?;
        Ok((m.device.ty == region.device
            && m.dtype.is_floating_point()
            && m.dtype != DType::Float64)
            .then_some(m.dtype))
    }

    /// The dtype `op`'s tensors are cast to in `region`, if it has a
    /// policy there (`promote_type` for `promote`), and the policy.
    fn cast_target(
        &self,
        region: &Autocast,
        op: &OpDef,
        args: &[Value<'_>],
    ) -> Result<Option<(DType, CastPolicy)>> {
        let policy = (region.policies)(op.name, region.device).map_err(|reason| {
            crate::error::Error::from(ErrorKind::BadArguments {
                op: op.name.to_string(),
                reason,
            })
        })?;
        let Some(policy) = policy else {
            return Ok(None);
        };
        let to = match policy {
            CastPolicy::LowerPrecisionFp => region.dtype,
            CastPolicy::Fp32 | CastPolicy::Fp32CastBack => DType::Float32,
            CastPolicy::Promote => {
                let mut to = region.dtype;
                for t in tensors_of(args) {
                    if self.eligible(region, t)? == Some(DType::Float32) {
                        to = DType::Float32;
                    }
                }
                to
            }
        };
        Ok(Some((to, policy)))
    }

    /// The casts of `args`' eligible tensors for `op` in the active region
    /// (`cached_cast`: `aten::_to_copy` to the target dtype, layout
    /// preserved), or `None` when `op` has no policy there or no region is
    /// active.
    pub(super) fn autocast_casts(
        &mut self,
        op: &OpDef,
        args: &[Value<'_>],
    ) -> Result<Option<Casts>> {
        let Some(region) = self.autocast else {
            return Ok(None);
        };
        let Some((to, policy)) = self.cast_target(&region, op, args)? else {
            return Ok(None);
        };
        let back = match (policy, tensors_of(args).next()) {
            (CastPolicy::Fp32CastBack, Some(t)) => Some(self.meta(t)?.dtype),
            _ => None,
        };
        let mut casts = SmallVec::with_capacity(args.len());
        for a in args {
            casts.push(match a {
                Value::Tensor(t) => Cast::Tensor(self.cast(&region, *t, to)?),
                Value::Tensors(ts) => Cast::List(
                    ts.iter()
                        .map(|&t| self.cast(&region, t, to))
                        .collect::<Result<_>>()?,
                ),
                Value::OptTensors(ts) => Cast::OptList(
                    ts.iter()
                        .map(|t| t.map(|t| self.cast(&region, t, to)).transpose())
                        .collect::<Result<_>>()?,
                ),
                _ => Cast::Keep,
            });
        }
        Ok(Some(Casts { casts, back }))
    }

    /// `outs` with each tensor cast to `to` where it is of another dtype
    /// (`Tensor.to(dtype)`, outside the region).
    pub(super) fn cast_back(&mut self, outs: OutputList, to: DType) -> Result<OutputList> {
        let mut result = OutputList::new();
        for o in outs {
            result.push(match o {
                super::Output::Tensor(t) if self.meta(t)?.dtype != to => {
                    super::Output::Tensor(self.copy_to_dtype(t, to)?)
                }
                other => other,
            });
        }
        Ok(result)
    }

    /// `t` cast to `to` when eligible and of another dtype, by the mode's
    /// own `aten::_to_copy` (outside the region).
    fn cast(&mut self, region: &Autocast, t: TensorId, to: DType) -> Result<TensorId> {
        match self.eligible(region, t)? {
            Some(d) if d != to => self.copy_to_dtype(t, to),
            _ => Ok(t),
        }
    }

    /// `t` copied to dtype `to` by the mode's own `aten::_to_copy`
    /// (outside the region).
    fn copy_to_dtype(&mut self, t: TensorId, to: DType) -> Result<TensorId> {
        let to_copy = *self.registry.lookup("aten::_to_copy").ok_or_else(|| {
            crate::error::Error::from(ErrorKind::BadArguments {
                op: "aten::_to_copy".into(),
                reason: "autocast casts with aten::_to_copy, which the registry lacks".into(),
            })
        })?;
        let args = [
            Value::Tensor(t),
            Value::DType(to),
            Value::None,
            Value::None,
            Value::None,
            Value::Bool(false),
            Value::None,
        ];
        let saved = self.autocast.take();
        let r = self.dispatch(&to_copy, &args);
        self.autocast = saved;
        match r?.first() {
            Some(super::Output::Tensor(c)) => Ok(*c),
            _ => Err(ErrorKind::BadArguments {
                op: "aten::_to_copy".into(),
                reason: "autocast's cast gave no tensor".into(),
            }
            .into()),
        }
    }
}

/// The cast of one argument.
#[derive(Debug, Clone)]
enum Cast {
    /// Not a tensor: as given.
    Keep,
    /// A tensor, cast or as given.
    Tensor(TensorId),
    /// A `Tensor[]`.
    List(Vec<TensorId>),
    /// A `Tensor?[]`.
    OptList(Vec<Option<TensorId>>),
}

/// The casts of a call's arguments, and the dtype its results are cast
/// back to ([`CastPolicy::Fp32CastBack`]).
#[derive(Debug, Clone)]
pub(super) struct Casts {
    /// One per argument.
    casts: SmallVec<[Cast; 8]>,
    /// The first tensor argument's dtype, for a policy that casts back.
    pub(super) back: Option<DType>,
}

impl Casts {
    /// The arguments to dispatch: `args` with their tensors replaced by
    /// their casts.
    pub(super) fn values<'c>(&'c self, args: &[Value<'c>]) -> SmallVec<[Value<'c>; 8]> {
        args.iter()
            .zip(&self.casts)
            .map(|(a, c)| match c {
                Cast::Keep => a.clone(),
                Cast::Tensor(t) => Value::Tensor(*t),
                Cast::List(ts) => Value::Tensors(ts),
                Cast::OptList(ts) => Value::OptTensors(ts),
            })
            .collect()
    }
}

/// Every tensor among `args`, lists included.
fn tensors_of<'v>(args: &'v [Value<'_>]) -> impl Iterator<Item = TensorId> + 'v {
    args.iter().flat_map(|a| -> SmallVec<[TensorId; 4]> {
        match a {
            Value::Tensor(t) => SmallVec::from_slice(&[*t]),
            Value::Tensors(ts) => ts.iter().copied().collect(),
            Value::OptTensors(ts) => ts.iter().flatten().copied().collect(),
            _ => SmallVec::new(),
        }
    })
}
