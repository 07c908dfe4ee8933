//! Devices, layouts and memory formats parse and print as PyTorch writes
//! them, and bad names are typed errors.

use fake_runtime::{Device, DeviceType, ErrorKind, Layout, MemoryFormat};

#[test]
fn devices_parse_and_print_like_pytorch() {
    for text in [
        "cpu",
        "cuda",
        "cuda:0",
        "cuda:7",
        "meta",
        "mps",
        "xpu:1",
        "privateuseone:0",
    ] {
        let d: Device = text.parse().unwrap();
        assert_eq!(d.to_string(), text);
    }
    assert_eq!("hip:1".parse::<Device>().unwrap(), Device::cuda(1));
    assert_eq!("cpu".parse::<Device>().unwrap(), Device::cpu());
    assert_eq!(Device::meta().ty, DeviceType::Meta);
    for bad in ["", "gpu", "cuda:", "cuda:-1", "cuda:x", "cuda:99999999"] {
        let err = bad.parse::<Device>().unwrap_err();
        assert!(
            matches!(err.kind(), ErrorKind::InvalidDevice { text, .. } if text == bad),
            "{bad}: {err}"
        );
    }
}

#[test]
fn device_words_are_injective() {
    let devices: Vec<Device> = ["cpu", "cpu:0", "cuda", "cuda:0", "cuda:1", "meta"]
        .iter()
        .map(|t| t.parse().unwrap())
        .collect();
    for (i, a) in devices.iter().enumerate() {
        for b in &devices[i + 1..] {
            assert_ne!(a.to_word(), b.to_word(), "{a} and {b}");
        }
    }
}

#[test]
fn layouts_and_memory_formats_round_trip() {
    for l in Layout::ALL {
        assert_eq!(format!("torch.{l}").parse::<Layout>().unwrap(), l);
    }
    for m in MemoryFormat::ALL {
        assert_eq!(m.name().parse::<MemoryFormat>().unwrap(), m);
    }
    assert!("torch.dense".parse::<Layout>().is_err());
    assert!("channels_first".parse::<MemoryFormat>().is_err());
}
