//! Fakeifying `.safetensors` files (feature `safetensors`): files written
//! by the standard crate, and a file whose header ties two names (and a
//! row) to one byte range.

#![cfg(feature = "safetensors")]

use crate::common;

use fake_runtime::convert::SymbolicContext;
use fake_runtime::meta::Scalar;
use fake_runtime::mode::FakeTensorMode;
use fake_runtime::safetensors::{SafetensorsTensor, fakeify, read_header};
use fake_runtime::sym::SymInt;
use fake_runtime::{DType, DimDynamic, ErrorKind};
use safetensors::tensor::{Dtype, SafeTensors, TensorView, serialize};

fn f32_bytes(v: &[f32]) -> Vec<u8> {
    v.iter().flat_map(|x| x.to_le_bytes()).collect()
}

/// A small model file: an embedding, a bias and a scalar.
fn model_file() -> Vec<u8> {
    let embed = f32_bytes(&(0..12).map(|i| i as f32).collect::<Vec<_>>());
    let bias = f32_bytes(&[1.0, 2.0, 3.0]);
    let scale = f32_bytes(&[0.5]);
    let tensors = vec![
        (
            "embed.weight",
            TensorView::new(Dtype::F32, vec![4, 3], &embed).expect("view"),
        ),
        (
            "bias",
            TensorView::new(Dtype::F32, vec![3], &bias).expect("view"),
        ),
        (
            "scale",
            TensorView::new(Dtype::F32, vec![], &scale).expect("view"),
        ),
    ];
    serialize(tensors, None).expect("serialize")
}

/// The model file with a tied `lm_head.weight` over the embedding's bytes
/// and `embed.row1` over its second row, written into the header.
fn tied_file() -> Vec<u8> {
    let file = model_file();
    let n = u64::from_le_bytes(file[..8].try_into().expect("8 bytes")) as usize;
    let mut header: serde_json::Value = serde_json::from_slice(&file[8..8 + n]).expect("JSON");
    let embed = header["embed.weight"].clone();
    let start = embed["data_offsets"][0].as_u64().expect("start");
    header["lm_head.weight"] = embed;
    header["embed.row1"] = serde_json::json!({
        "dtype": "F32", "shape": [3], "data_offsets": [start + 12, start + 24],
    });
    let mut text = serde_json::to_vec(&header).expect("JSON");
    while !text.len().is_multiple_of(8) {
        text.push(b' ');
    }
    let mut out = (text.len() as u64).to_le_bytes().to_vec();
    out.extend(text);
    out.extend(&file[8 + n..]);
    out
}

fn mode() -> FakeTensorMode {
    FakeTensorMode::new(common::kernels::registry())
}

fn ints(m: &FakeTensorMode, v: &[SymInt]) -> Vec<String> {
    v.iter().map(|&s| m.env().display(s)).collect()
}

#[test]
fn every_tensor_of_a_file_becomes_a_fake_tensor() {
    let file = model_file();
    let mut m = mode();
    let fakes = fakeify(&mut m, &file, &|name, _| SymbolicContext::static_(name)).expect("fakeify");
    let names: Vec<&str> = fakes.iter().map(|(n, _)| n.as_str()).collect();
    assert_eq!(
        names,
        ["bias", "embed.weight", "scale"],
        "ordered by byte range"
    );
    let get = |name: &str| fakes.iter().find(|(n, _)| n == name).expect("present").1;
    let embed = m.meta(get("embed.weight")).expect("meta").clone();
    assert_eq!(ints(&m, &embed.sizes), ["4", "3"]);
    assert_eq!(ints(&m, &embed.strides), ["3", "1"]);
    assert_eq!(embed.dtype, DType::Float32);
    let storages: std::collections::HashSet<_> = fakes
        .iter()
        .map(|(_, t)| m.tensor(*t).expect("tensor").storage)
        .collect();
    assert_eq!(storages.len(), 3, "untied weights have their own storage");
    // Converting again gives the same fake tensors.
    let again = fakeify(&mut m, &file, &|name, _| SymbolicContext::static_(name)).expect("fakeify");
    assert_eq!(again, fakes);
}

#[test]
fn the_standard_readers_views_convert_the_same() {
    let file = model_file();
    let st = SafeTensors::deserialize(&file).expect("valid file");
    let mut m = mode();
    let via_header = fakeify(&mut m, &file, &|name, _| SymbolicContext::static_(name)).expect("ok");
    for (name, view) in st.tensors() {
        let t = SafetensorsTensor::from_view(&file, &name, &view).expect("view");
        let fake = m
            .from_real(&t, &SymbolicContext::static_(&name))
            .expect("from_real");
        let (_, expected) = via_header
            .iter()
            .find(|(n, _)| *n == name)
            .expect("same names");
        assert_eq!(fake, *expected, "{name}: one identity whichever reader");
    }
}

#[test]
fn tied_weights_share_one_fake_storage() {
    let file = tied_file();
    // The standard reader refuses overlapping ranges; the header reader
    // accepts them as ties.
    assert!(SafeTensors::deserialize(&file).is_err());
    let (entries, _) = read_header(&file).expect("header");
    assert_eq!(entries.len(), 5);
    let mut m = mode();
    let fakes = fakeify(&mut m, &file, &|name, _| SymbolicContext::static_(name)).expect("fakeify");
    let get = |name: &str| fakes.iter().find(|(n, _)| n == name).expect("present").1;
    let (embed, head, row) = (
        get("embed.weight"),
        get("lm_head.weight"),
        get("embed.row1"),
    );
    assert_ne!(embed, head, "two names, two fake tensors");
    let storage = |t| m.tensor(t).expect("tensor").storage;
    assert_eq!(storage(embed), storage(head));
    assert_eq!(storage(embed), storage(row));
    assert_ne!(storage(embed), storage(get("bias")));
    assert_eq!(m.meta(row).expect("meta").storage_offset, SymInt::Int(3));
    assert_eq!(m.meta(head).expect("meta"), m.meta(embed).expect("meta"));
}

#[test]
fn dims_become_symbols_with_sources_and_scalars_can_be_lifted() {
    let file = model_file();
    let mut m = mode();
    let ctx = |name: &str, rank: usize| {
        if name == "embed.weight" {
            SymbolicContext {
                dynamic: vec![DimDynamic::Dynamic; rank],
                ..SymbolicContext::static_(format!("L['{name}']"))
            }
        } else {
            SymbolicContext::static_(name)
        }
    };
    let fakes = fakeify(&mut m, &file, &ctx).expect("fakeify");
    let embed = fakes
        .iter()
        .find(|(n, _)| n == "embed.weight")
        .expect("present")
        .1;
    let sizes = m.meta(embed).expect("meta").sizes.clone();
    let s0 = m.env().as_symbol(sizes[0]).expect("a symbol");
    let sources: Vec<String> = m
        .env()
        .symbol_sources(s0)
        .iter()
        .map(|s| s.to_string())
        .collect();
    assert_eq!(sources, ["L['embed.weight'].size()[0]"]);
    // The scalar entry, lifted (as torch.tensor would), remembers its value.
    let mut fresh = mode();
    let all = SafetensorsTensor::all(&file).expect("entries");
    let (_, scale) = all.iter().find(|(n, _)| n == "scale").expect("present");
    let t = fresh.lift(scale).expect("lift");
    assert_eq!(fresh.constant(t).expect("tensor"), Some(Scalar::from(0.5)));
}

#[test]
fn broken_files_are_typed_errors() {
    let mut m = mode();
    let static_ = |name: &str, _: usize| SymbolicContext::static_(name);
    for bad in [
        vec![1u8, 2, 3],
        {
            let mut f = model_file();
            f.truncate(f.len() - 4);
            f
        },
        {
            let mut f = 2u64.to_le_bytes().to_vec();
            f.extend(b"[]");
            f
        },
    ] {
        let err = fakeify(&mut m, &bad, &static_).expect_err("refused");
        assert!(
            matches!(err.kind(), ErrorKind::InvalidArgument { .. }),
            "{err}"
        );
    }
}
