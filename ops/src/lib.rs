//! The operator surface of fake-tensor and its shape rules.
//!
//! `rules/*.rules` give overloads their shape rules, expanded at compile
//! time by [`fake_macros::rules!`] into a typed kernel ([`typed`]), an
//! erased entry ([`erased`]), a variant of [`Op`] and an entry of [`OPS`];
//! `@derive(inplace, out)` adds a functional rule's in-place and `out=`
//! overloads. Schemas come from the catalogue (`catalog/aten.schemas`,
//! written from PyTorch), and every Core ATen overload
//! (`catalog/core_aten.schemas`) must have a rule unless it is listed in
//! `catalog/core_aten.pending`. Operators no rule can say name a
//! hand-written kernel of `kernels`; rules call the intrinsics of
//! [`intrinsics`].
//!
//! ```
//! use fake_runtime::{Arg, Cx, Defaults, DType, Device, Out, Registry, ShapeEnv, TensorMeta};
//!
//! let mut env = ShapeEnv::new();
//! let a = TensorMeta::contiguous(&mut env, &[2.into(), 1.into()], DType::Float32, Device::cpu())?;
//! let b = TensorMeta::contiguous(&mut env, &[3.into()], DType::Int64, Device::cpu())?;
//! let registry = fake_ops::registry();
//! let add = registry.lookup("aten::add.Tensor").expect("declared");
//! let mut cx = Cx {
//!     env: &mut env,
//!     op: add.name,
//!     defaults: Defaults::default(),
//!     device: Device::cpu(),
//!     constant: None,
//!     eager: false,
//! };
//! let outs = (add.kernel)(&mut cx, &[Arg::Tensor(&a), Arg::Tensor(&b)])?;
//! let Out::Tensor(out, _) = &outs[0] else { unreachable!() };
//! assert_eq!(out.sizes.as_slice(), &[2.into(), 3.into()]);
//! assert_eq!(out.dtype, DType::Float32);
//! # Ok::<(), fake_runtime::Error>(())
//! ```

mod autocast;
pub mod intrinsics;
mod kernels;
mod vmap;

/// A kernel context on the CPU with `float32` defaults, for unit tests
/// that call kernels or intrinsics directly.
#[cfg(test)]
pub(crate) fn cpu_cx<'a>(
    env: &'a mut fake_runtime::ShapeEnv,
    op: &'static str,
) -> fake_runtime::Cx<'a> {
    let cpu = fake_runtime::Device::cpu();
    fake_runtime::Cx {
        env,
        op,
        defaults: fake_runtime::kernel::Defaults::default(),
        device: cpu,
        constant: None,
        eager: false,
    }
}

pub use autocast::{autocast_policy, cpu_policies};
pub use vmap::{batches_as_logical, vmap_listed};

use fake_runtime::StaticRegistry;

fake_macros::rules!(
    schemas = "../catalog/aten.schemas",
    rules = "../rules",
    required = "../catalog/core_aten.schemas",
    pending = "../catalog/core_aten.pending",
    autograd = "../catalog/autograd.txt",
    intrinsics = "intrinsics",
    module = "crate::intrinsics",
);

/// The registry of every declared operator.
pub fn registry() -> StaticRegistry {
    StaticRegistry(OPS)
}
