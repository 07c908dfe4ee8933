//! Devices: a type and an optional index, parsed and printed as PyTorch
//! does (`cpu`, `cuda:0`, `meta`).

use crate::error::{ErrorKind, Result};
use std::fmt;
use std::str::FromStr;

/// The kind of a device.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
#[repr(u8)]
pub enum DeviceType {
    /// `cpu`.
    Cpu,
    /// `cuda` (also ROCm's `hip` devices, which PyTorch calls `cuda`).
    Cuda,
    /// `meta`: no data anywhere.
    Meta,
    /// `mps` (Apple).
    Mps,
    /// `xpu` (Intel).
    Xpu,
    /// `hpu` (Habana).
    Hpu,
    /// `mtia`.
    Mtia,
    /// `privateuseone`, a backend registered out of tree.
    PrivateUse1,
}

impl DeviceType {
    /// Every device type.
    pub const ALL: [DeviceType; 8] = [
        DeviceType::Cpu,
        DeviceType::Cuda,
        DeviceType::Meta,
        DeviceType::Mps,
        DeviceType::Xpu,
        DeviceType::Hpu,
        DeviceType::Mtia,
        DeviceType::PrivateUse1,
    ];

    /// The name PyTorch prints.
    pub const fn name(self) -> &'static str {
        match self {
            DeviceType::Cpu => "cpu",
            DeviceType::Cuda => "cuda",
            DeviceType::Meta => "meta",
            DeviceType::Mps => "mps",
            DeviceType::Xpu => "xpu",
            DeviceType::Hpu => "hpu",
            DeviceType::Mtia => "mtia",
            DeviceType::PrivateUse1 => "privateuseone",
        }
    }
}

/// A device: its type and, when given, its index (`cuda:1`).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Device {
    /// The device type.
    pub ty: DeviceType,
    /// The index, when one was given.
    pub index: Option<u16>,
}

impl Device {
    /// The device a fake tensor of this device is on: an accelerator
    /// without an index is its device 0 (PyTorch's
    /// `_normalize_fake_device`: `cuda` is `cuda:0`).
    pub const fn fake(self) -> Device {
        match self.ty {
            DeviceType::Cpu | DeviceType::Meta => self,
            _ if self.index.is_none() => Device {
                index: Some(0),
                ty: self.ty,
            },
            _ => self,
        }
    }

    /// `cpu`.
    pub const fn cpu() -> Device {
        Device {
            ty: DeviceType::Cpu,
            index: None,
        }
    }

    /// `meta`.
    pub const fn meta() -> Device {
        Device {
            ty: DeviceType::Meta,
            index: None,
        }
    }

    /// `cuda:index`.
    pub const fn cuda(index: u16) -> Device {
        Device {
            ty: DeviceType::Cuda,
            index: Some(index),
        }
    }

    /// True for the CPU (with any index).
    pub const fn is_cpu(self) -> bool {
        matches!(self.ty, DeviceType::Cpu)
    }

    /// An exact, injective encoding in one word (for cache keys).
    pub const fn to_word(self) -> u64 {
        let index = match self.index {
            Some(i) => i as u64 + 1,
            None => 0,
        };
        ((self.ty as u64) << 32) | index
    }
}

impl fmt::Display for Device {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self.index {
            Some(i) => write!(f, "{}:{i}", self.ty.name()),
            None => f.write_str(self.ty.name()),
        }
    }
}

impl FromStr for Device {
    type Err = crate::error::Error;

    /// Parses `cpu`, `cuda`, `cuda:0`, `meta`, ...
    fn from_str(s: &str) -> Result<Self> {
        let bad = |reason: &str| ErrorKind::InvalidDevice {
            text: s.to_owned(),
            reason: reason.to_owned(),
        };
        let (ty, index) = match s.split_once(':') {
            Some((ty, index)) => (ty, Some(index)),
            None => (s, None),
        };
        let ty = match ty {
            "hip" => DeviceType::Cuda,
            _ => *DeviceType::ALL
                .iter()
                .find(|t| t.name() == ty)
                .ok_or_else(|| bad("unknown device type"))?,
        };
        let index = match index {
            None => None,
            Some(i) => {
                if i.is_empty() || !i.bytes().all(|b| b.is_ascii_digit()) {
                    return Err(bad("the index is not a non-negative integer").into());
                }
                Some(
                    i.parse::<u16>()
                        .map_err(|_| bad("the index is too large"))?,
                )
            }
        };
        Ok(Device { ty, index })
    }
}
