//! The CPU cast policies of `fake_ops::autocast_policy` cover exactly the
//! overloads torch 2.15 registers an `AutocastCPU` kernel for
//! (`ops/catalog/autocast_cpu.txt`, written by `scripts/export_catalog.py`),
//! each found by name, and other devices are refused.

use fake_runtime::device::DeviceType;
use std::collections::BTreeSet;

#[test]
fn the_cpu_policies_are_torchs_autocast_cpu_overloads() {
    let listed = include_str!("../catalog/autocast_cpu.txt");
    let torch: BTreeSet<&str> = listed
        .lines()
        .map(str::trim)
        .filter(|l| !l.is_empty() && !l.starts_with('#'))
        .collect();
    let ours: BTreeSet<&str> = fake_ops::cpu_policies().map(|(n, _)| n).collect();
    let missing: Vec<_> = torch.difference(&ours).collect();
    let extra: Vec<_> = ours.difference(&torch).collect();
    assert!(
        missing.is_empty() && extra.is_empty(),
        "without a policy: {missing:?}; with a policy torch does not register: {extra:?}"
    );
    for (name, policy) in fake_ops::cpu_policies() {
        assert_eq!(
            fake_ops::autocast_policy(name, DeviceType::Cpu),
            Ok(Some(policy)),
            "{name} is not found (its list must stay sorted)"
        );
    }
    assert_eq!(
        fake_ops::autocast_policy("aten::add.Tensor", DeviceType::Cpu),
        Ok(None)
    );
    assert_eq!(
        fake_ops::autocast_policy("aten::mm.default", DeviceType::Cpu),
        fake_ops::autocast_policy("aten::mm", DeviceType::Cpu)
    );
    assert!(fake_ops::autocast_policy("aten::mm", DeviceType::Cuda).is_err());
}
