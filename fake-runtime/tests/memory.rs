//! Memory per fake tensor: what the mode keeps for each tensor it makes.
//! A static tensor of up to five dims lives entirely inline (sizes and
//! strides in `Dims`' inline capacity), so its cost is `size_of` of the
//! tensor record plus its storage's version counter when it has a storage
//! of its own.

use fake_runtime::tensor::FakeTensor;
use fake_runtime::{DType, Device, FakeTensorMode, StaticRegistry};

#[test]
fn a_static_fake_tensor_takes_under_256_bytes() {
    let record = size_of::<FakeTensor>();
    let version = size_of::<u32>();
    let mut m = FakeTensorMode::new(StaticRegistry(&[]));
    let sizes: Vec<_> = [2i64, 3, 4, 5, 6].iter().map(|&s| s.into()).collect();
    let t = m
        .empty(&sizes, DType::Float32, Device::cpu())
        .expect("tensor");
    let meta = m.meta(t).expect("meta");
    assert!(
        !meta.sizes.spilled() && !meta.strides.spilled(),
        "five dims stay inline: no heap"
    );
    let total = record + version;
    println!("FakeTensor: {record} bytes + {version} bytes of version counter = {total}");
    assert!(total < 256, "{total} bytes per static fake tensor");
}
