//! fake-tensor: tensor metadata propagation with symbolic shapes.
//!
//! The runtime ([`runtime`], the `fake-runtime` crate) computes what tensor
//! operations produce without data. This crate reads programs saved by
//! `torch.export` ([`export`]), turns them into a small graph IR,
//! propagates fake tensors through every node and compares the result with
//! what PyTorch recorded; the `fake` command line drives it.
//!
//! Embedded in a compiler, the runtime answers operator by operator:
//!
//! ```
//! use fake_tensor::runtime::mode::Value;
//! use fake_tensor::runtime::{DType, Dim, FakeTensorMode};
//!
//! let mut mode = FakeTensorMode::new(fake_ops::registry());
//! let x = mode.input([Dim::dynamic("batch", 8), 3.into(), 224.into(), 224.into()], DType::Float32)?;
//! let w = mode.input([64.into(), 3.into(), 7.into(), 7.into()], DType::Float32)?;
//! let (stride, padding) = ([2.into(), 2.into()], [3.into(), 3.into()]);
//! // The overload is resolved from the arguments, as torch.ops.aten.conv2d(...).
//! let y = mode
//!     .call("aten::conv2d", &[Value::Tensor(x), Value::Tensor(w), Value::None, Value::Ints(&stride), Value::Ints(&padding)])?
//!     .tensor()?;
//! let z = mode.call("aten::relu", &[Value::Tensor(y)])?.tensor()?;
//! assert_eq!(mode.sizes(z)?.to_string(), "[batch, 64, 112, 112]");
//! let flat = mode.call("aten::view", &[Value::Tensor(z), Value::Ints(&[(-1).into(), 112.into()])])?.tensor()?;
//! println!("{}", mode.sizes(flat)?);
//! // What the results assume about the inputs, in terms of their names.
//! for guard in mode.guards_on_inputs() {
//!     println!("{guard}");
//! }
//! # Ok::<(), fake_tensor::runtime::Error>(())
//! ```

#![warn(missing_docs)]

mod builtins;
pub mod call;
pub mod export;
pub mod graph;
mod hop;
pub mod mem;
pub mod prop;
pub mod report;
pub mod verify;
mod vmap;

pub use fake_runtime as runtime;
