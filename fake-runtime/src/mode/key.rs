//! Keys of the dispatch cache and of the unbacked-SymInt memo: an
//! operator call's arguments encoded as words.

use super::{FakeTensorMode, KeyWords, MAX_PACKED_RANK, Value};
use crate::kernel::UnbackedMemo;
use crate::meta::Scalar;
use crate::sym::{SymBool, SymFloat, SymInt};
use crate::tensor::TensorId;

/// Ranks whose packed key is gathered on the stack (the common case).
const SHORT_RANK: usize = 6;

/// Write `m`'s sizes, strides and offset into `out` as words (an
/// expression by its index) and return the mask of the symbolic ones.
#[inline]
fn pack(out: &mut [u64], m: &crate::meta::TensorMeta) -> u64 {
    let word = |v: SymInt, i: usize, mask: &mut u64| match v {
        SymInt::Int(x) => x as u64,
        SymInt::Expr(e) => {
            *mask |= 1 << i;
            u64::from(e.index())
        }
    };
    let (rank, n) = (m.sizes.len(), m.strides.len());
    let mut mask = 0u64;
    for (i, &v) in m.sizes.iter().enumerate() {
        out[i] = word(v, i, &mut mask);
    }
    for (i, &v) in m.strides.iter().enumerate() {
        out[rank + i] = word(v, rank + i, &mut mask);
    }
    out[rank + n] = word(m.storage_offset, rank + n, &mut mask);
    mask
}

impl FakeTensorMode {
    /// The key of the unbacked-SymInt memo: the memo, then the first
    /// tensor argument by identity and its storage's version (so a
    /// mutation invalidates), as PyTorch keeps the memo on the fake tensor
    /// (`nonzero_memo`, ...).
    pub(super) fn memo_key(&self, memo: UnbackedMemo, args: &[Value<'_>]) -> Option<[u64; 2]> {
        let t = args.iter().find_map(|a| match a {
            Value::Tensor(t) => Some(*t),
            _ => None,
        })?;
        let s = self.tensors[t.index as usize].storage;
        Some([
            memo as u64,
            u64::from(t.index) | (u64::from(self.versions[s.0 as usize]) << 32),
        ])
    }

    /// Encode an argument's cache-relevant content as words. Tensors are
    /// encoded by metadata (PyTorch's `extract_tensor_metadata`), symbolic
    /// sizes by their interned expression: the cache lives with this
    /// mode's ShapeEnv, whose recorded guards keep holding, as PyTorch's
    /// `cache_on_shape_env`.
    pub(super) fn encode(&self, a: &Value<'_>, w: &mut KeyWords) {
        let sym = |w: &mut KeyWords, s: SymInt| match s {
            SymInt::Int(v) => {
                w.push(0);
                w.push(v as u64);
            }
            SymInt::Expr(e) => {
                w.push(1);
                w.push(u64::from(e.index()));
            }
        };
        let tensor = |w: &mut KeyWords, t: TensorId| {
            let m = &self.tensors[t.index as usize].meta;
            let rank = m.sizes.len();
            let header = rank as u64
                | ((m.dtype as u64) << 16)
                | ((m.layout as u64) << 24)
                | (u64::from(m.requires_grad) << 32)
                | (u64::from(m.wrapped_number) << 33);
            let packed = m.strides.len() == rank;
            if packed && rank <= SHORT_RANK {
                // Header, device, a mask of which values are symbolic, then
                // one word per size, stride and the offset, gathered on the
                // stack and copied in once.
                let mut buf = [0u64; 3 + 2 * SHORT_RANK + 1];
                buf[0] = header;
                buf[1] = m.device.to_word();
                buf[2] = pack(&mut buf[3..], m);
                w.extend_from_slice(&buf[..3 + 2 * rank + 1]);
            } else if packed && rank <= MAX_PACKED_RANK {
                let at = w.len();
                w.extend_from_slice(&[header, m.device.to_word(), 0]);
                w.resize(at + 3 + 2 * rank + 1, 0);
                w[at + 2] = pack(&mut w[at + 3..], m);
            } else {
                w.push(header);
                w.push(m.device.to_word());
                for &s in m.sizes.iter().chain(&m.strides) {
                    sym(w, s);
                }
                sym(w, m.storage_offset);
            }
        };
        match a {
            Value::None => w.push(100),
            Value::Tensor(t) => {
                w.push(101);
                tensor(w, *t);
            }
            Value::Real(r) => w.extend([117, r.0.id()]),
            Value::Tensors(ts) => {
                w.push(102);
                w.push(ts.len() as u64);
                for &t in *ts {
                    tensor(w, t);
                }
            }
            Value::OptTensors(ts) => {
                w.push(103);
                w.push(ts.len() as u64);
                for t in *ts {
                    match t {
                        Some(t) => tensor(w, *t),
                        None => w.push(u64::MAX),
                    }
                }
            }
            Value::Int(v) => {
                w.push(104);
                sym(w, *v);
            }
            Value::Ints(vs) => {
                w.reserve(2 + 2 * vs.len());
                w.push(105);
                w.push(vs.len() as u64);
                for &v in *vs {
                    sym(w, v);
                }
            }
            Value::Float(f) => {
                w.push(106);
                w.push(f.to_bits());
            }
            Value::Floats(fs) => {
                w.push(107);
                w.push(fs.len() as u64);
                w.extend(fs.iter().map(|f| f.to_bits()));
            }
            Value::Bool(b) => {
                w.push(108);
                w.push(u64::from(*b));
            }
            Value::Bools(bs) => {
                w.push(109);
                w.push(bs.len() as u64);
                w.extend(bs.iter().map(|&b| u64::from(b)));
            }
            Value::SymBool(b) => {
                w.push(110);
                match b {
                    SymBool::Bool(b) => w.push(u64::from(*b)),
                    SymBool::Expr(e) => w.push(2 + u64::from(e.index())),
                }
            }
            Value::Str(s) => {
                // The bytes themselves: a hash could collide.
                w.push(111);
                w.push(s.len() as u64);
                w.extend(s.as_bytes().chunks(8).map(|c| {
                    let mut b = [0u8; 8];
                    b[..c.len()].copy_from_slice(c);
                    u64::from_le_bytes(b)
                }));
            }
            Value::Scalar(s) => {
                // The kind matters: 1 and 1.0 give different dtypes.
                w.push(112);
                match s {
                    Scalar::Bool(SymBool::Bool(b)) => w.extend([0, u64::from(*b)]),
                    Scalar::Bool(SymBool::Expr(e)) => w.extend([3, e.index() as u64]),
                    Scalar::Int(v) => {
                        w.push(1);
                        sym(w, *v);
                    }
                    Scalar::Float(SymFloat::Const(f)) => w.extend([2, f.to_bits()]),
                    Scalar::Float(SymFloat::Expr(id)) => w.extend([4, u64::from(id.index())]),
                    Scalar::Complex(re, im) => w.extend([3, re.to_bits(), im.to_bits()]),
                }
            }
            Value::DType(d) => w.extend([113, *d as u64]),
            Value::Layout(l) => w.extend([114, *l as u64]),
            Value::Device(d) => w.extend([115, d.fake().to_word()]),
            Value::MemoryFormat(m) => w.extend([116, *m as u64]),
        }
    }
}
