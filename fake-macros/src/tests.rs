//! Tests of the whole front end run as a library: snapshots of the code
//! generated for a few rules, the checker's messages, and a property test
//! that no input makes the parser or the checker panic.

use expect_test::{Expect, expect};
use fake_rules::{Input, Inputs, IntrinsicFile, ReadIntrinsics, front_end_with};
use proptest::prelude::*;
use std::sync::OnceLock;

/// One in-memory file.
fn input(display: &str, text: &str) -> Input {
    Input {
        display: display.to_string(),
        absolute: format!("/{display}"),
        text: text.to_string(),
    }
}

/// The intrinsic files of `fake-ops`, as `rules!` reads them.
fn ops_intrinsics() -> Vec<IntrinsicFile> {
    let dir = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("../ops/src/intrinsics");
    let mut files: Vec<_> = std::fs::read_dir(&dir)
        .expect("ops/src/intrinsics")
        .filter_map(|e| e.ok().map(|e| e.path()))
        .filter(|p| p.extension().is_some_and(|e| e == "rs"))
        .collect();
    files.sort();
    files
        .iter()
        .map(|f| {
            let stem = f.file_stem().and_then(|s| s.to_str()).unwrap_or_default();
            IntrinsicFile {
                input: input(
                    &format!("ops/src/intrinsics/{stem}.rs"),
                    &std::fs::read_to_string(f).expect("readable"),
                ),
                module: match stem {
                    "mod" => "crate::intrinsics".to_string(),
                    s => format!("crate::intrinsics::{s}"),
                },
            }
        })
        .collect()
}

/// The generated code for `rules` against `schemas` (each of which is
/// required to have a rule), pretty-printed; or the rendered errors.
fn expand(schemas: &str, rules: &str) -> String {
    // Reading the intrinsics parses every file of them: once, not per
    // case of the property tests.
    static INTRINSICS: OnceLock<ReadIntrinsics> = OnceLock::new();
    let intrinsics = INTRINSICS.get_or_init(|| ReadIntrinsics::read(&ops_intrinsics()));
    let inputs = Inputs {
        schemas: vec![input("ops/catalog/test.schemas", schemas)],
        rules: vec![input("ops/rules/test.rules", rules)],
        intrinsics: Vec::new(),
        required: vec![input("ops/catalog/test.schemas", schemas)],
        pending: Vec::new(),
        autograd: Vec::new(),
    };
    match front_end_with(intrinsics, &inputs) {
        Ok((ops, schemas)) => {
            let tokens = crate::codegen::generate(&ops, &schemas, &[]);
            match syn::parse2::<syn::File>(tokens) {
                Ok(file) => prettyplease::unparse(&file),
                Err(e) => format!("generated code does not parse: {e}"),
            }
        }
        Err((errors, _)) => errors.join("\n\n"),
    }
}

/// Only the typed kernel `name` of the generated code.
fn typed_kernel(code: &str, name: &str) -> String {
    let start = code
        .find(&format!("pub fn {name}("))
        .unwrap_or_else(|| panic!("no kernel `{name}` in:\n{code}"));
    // Back up to the doc comment, forward to the end of the function.
    let from = code[..start].rfind("    ///").unwrap_or(start);
    let end = code[start..]
        .find("\n    }\n")
        .map_or(code.len(), |e| start + e + 7);
    // Out of `mod typed`: one level of indentation less.
    code[from..end]
        .lines()
        .map(|l| l.strip_prefix("    ").unwrap_or(l))
        .collect::<Vec<_>>()
        .join("\n")
        + "\n"
}

fn check_kernel(schemas: &str, rules: &str, name: &str, expect: Expect) {
    let code = expand(schemas, rules);
    expect.assert_eq(&typed_kernel(&code, name));
}

#[test]
fn snapshot_mm() {
    check_kernel(
        "aten::mm(Tensor self, Tensor mat2) -> Tensor\n",
        "mm(self: [n, k], mat2: [k, m]) -> [n, m]\n",
        "mm",
        expect![[r#"
            /// `aten::mm(Tensor self, Tensor mat2) -> Tensor`
            #[inline]
            pub fn mm(
                cx: &mut ::fake_runtime::support::rt::Cx<'_>,
                self_: &::fake_runtime::support::rt::TensorMeta,
                mat2: &::fake_runtime::support::rt::TensorMeta,
            ) -> ::fake_runtime::support::rt::Result<::fake_runtime::support::rt::Outs> {
                ::fake_runtime::support::require_rank(cx, "self", self_, 2usize, true)?;
                let v_n = self_.sizes[0usize];
                let v_k = self_.sizes[1usize];
                ::fake_runtime::support::require_rank(cx, "mat2", mat2, 2usize, true)?;
                ::fake_runtime::support::require_eq(
                    cx,
                    v_k,
                    mat2.sizes[0usize],
                    &|| "size of `mat2` at dim 0 (`k`)".to_string(),
                )?;
                let v_m = mat2.sizes[1usize];
                let __sizes: ::fake_runtime::support::rt::Dims = {
                    let mut __l = <::fake_runtime::support::rt::Dims>::new();
                    __l.push(v_n);
                    __l.push(v_m);
                    __l
                };
                let __strides: ::fake_runtime::support::rt::Dims = ::fake_runtime::support::contiguous(
                    cx,
                    __sizes.clone(),
                )?;
                let __offset = ::fake_runtime::support::rt::SymInt::Int(0);
                let __dtype = self_.dtype;
                let __device = cx.device;
                let __out0 = ::fake_runtime::support::rt::Out::Tensor(
                    ::fake_runtime::support::rt::TensorMeta {
                        sizes: __sizes,
                        strides: __strides,
                        storage_offset: __offset,
                        dtype: __dtype,
                        device: __device,
                        layout: ::fake_runtime::support::rt::Layout::Strided,
                        requires_grad: false,
                        wrapped_number: false,
                    },
                    ::fake_runtime::support::rt::Alias::Fresh,
                );
                Ok(::fake_runtime::support::rt::Outs::from_buf([__out0]))
            }
        "#]],
    );
}

#[test]
fn snapshot_pointwise_add() {
    check_kernel(
        "aten::add.Tensor(Tensor self, Tensor other, *, Scalar alpha=1) -> Tensor\n",
        "@pointwise(strides = fast_binary, promote = default, scale = alpha)\nadd.Tensor(self, other)\n",
        "add_tensor",
        expect![[r#"
            /// `aten::add.Tensor(Tensor self, Tensor other, *, Scalar alpha=1) -> Tensor`
            #[inline]
            pub fn add_tensor(
                cx: &mut ::fake_runtime::support::rt::Cx<'_>,
                self_: &::fake_runtime::support::rt::TensorMeta,
                other: &::fake_runtime::support::rt::TensorMeta,
                alpha: ::fake_runtime::support::rt::Scalar,
            ) -> ::fake_runtime::support::rt::Result<::fake_runtime::support::rt::Outs> {
                let (__compute, __dtype) = ::fake_runtime::support::promote_computation(
                    cx,
                    &[
                        ::fake_runtime::support::tensor_operand(self_),
                        ::fake_runtime::support::tensor_operand(other),
                    ],
                    ::fake_runtime::support::rt::PromotionKind::Default,
                )?;
                if cx.defaults.refs_as_meta {
                    ::fake_runtime::support::fix_sizes_for_to(cx, self_, __compute)?;
                    ::fake_runtime::support::fix_sizes_for_to(cx, other, __compute)?;
                }
                let __cv_self_ = ::fake_runtime::support::converted(cx, self_, __compute)?;
                let __cv_other = ::fake_runtime::support::converted(cx, other, __compute)?;
                if cx.defaults.refs_as_meta {
                    ::fake_runtime::support::expand_for_broadcast(
                        cx,
                        &[
                            __cv_self_.as_ref().unwrap_or(self_),
                            __cv_other.as_ref().unwrap_or(other),
                        ],
                    )?;
                }
                let __meta = ::fake_runtime::support::pointwise_output_fast_binary(
                    cx,
                    &[self_, other],
                    &[
                        __cv_self_.as_ref().unwrap_or(self_),
                        __cv_other.as_ref().unwrap_or(other),
                    ],
                    __dtype,
                    ::fake_runtime::support::passed_scalar(&alpha, 1i64),
                )?;
                Ok(
                    ::fake_runtime::support::rt::Outs::from_buf([
                        ::fake_runtime::support::rt::Out::Tensor(
                            __meta,
                            ::fake_runtime::support::rt::Alias::Fresh,
                        ),
                    ]),
                )
            }
        "#]],
    );
}

#[test]
fn snapshot_view_with_where() {
    check_kernel(
        "aten::expand(Tensor(a) self, SymInt[] size, *, bool implicit=False) -> Tensor(a)\n",
        "@view\nexpand(self: [*s], size) -> shape\n  where shape = expand(s, size)\n  strides = expand_strides(self, shape)\n",
        "expand",
        expect![[r#"
            /// `aten::expand(Tensor(a) self, SymInt[] size, *, bool implicit=False) -> Tensor(a)`
            #[inline]
            pub fn expand(
                cx: &mut ::fake_runtime::support::rt::Cx<'_>,
                self_: &::fake_runtime::support::rt::TensorMeta,
                size: ::fake_runtime::support::rt::Dims,
                implicit: bool,
            ) -> ::fake_runtime::support::rt::Result<::fake_runtime::support::rt::Outs> {
                let v_s = ::fake_runtime::support::rt::Dims::from_slice(
                    &self_.sizes[0usize..self_.dim() - 0usize],
                );
                let v_shape = {
                    let __a0 = ::fake_runtime::support::rt::Dims::from_slice(&v_s);
                    let __a1 = ::fake_runtime::support::rt::Dims::from_slice(&size);
                    crate::intrinsics::shapes::expand(cx, __a0, __a1)?
                };
                let __sizes = ::fake_runtime::support::rt::Dims::from_slice(&v_shape);
                let __strides = {
                    let __a0 = self_;
                    let __a1 = ::fake_runtime::support::rt::Dims::from_slice(&v_shape);
                    crate::intrinsics::shapes::expand_strides(cx, __a0, __a1)?
                };
                let __offset = self_.storage_offset;
                let __out0 = ::fake_runtime::support::rt::Out::Tensor(
                    ::fake_runtime::support::rt::TensorMeta {
                        sizes: __sizes,
                        strides: __strides,
                        storage_offset: __offset,
                        dtype: self_.dtype,
                        device: self_.device,
                        layout: self_.layout,
                        requires_grad: false,
                        wrapped_number: false,
                    },
                    ::fake_runtime::support::rt::Alias::ViewOf(0u8),
                );
                Ok(::fake_runtime::support::rt::Outs::from_buf([__out0]))
            }
        "#]],
    );
}

#[test]
fn snapshot_nonzero() {
    check_kernel(
        "aten::nonzero(Tensor self) -> Tensor\n",
        "@data_dependent\nnonzero(self: [*s]) -> [u, rank(s)]\n  where u = unbacked(size_like, max = numel(s))\n  dtype = int64\n  strides = [1, u]\n",
        "nonzero",
        expect![[r#"
            /// `aten::nonzero(Tensor self) -> Tensor`
            #[inline]
            pub fn nonzero(
                cx: &mut ::fake_runtime::support::rt::Cx<'_>,
                self_: &::fake_runtime::support::rt::TensorMeta,
            ) -> ::fake_runtime::support::rt::Result<::fake_runtime::support::rt::Outs> {
                let v_s = ::fake_runtime::support::rt::Dims::from_slice(
                    &self_.sizes[0usize..self_.dim() - 0usize],
                );
                let v_u = {
                    let __a0 = ::fake_runtime::support::UnbackedFlavor::SizeLike;
                    let __a1 = Some({
                        let __a0 = ::fake_runtime::support::rt::Dims::from_slice(&v_s);
                        crate::intrinsics::shapes::numel(cx, __a0)?
                    });
                    crate::intrinsics::data::unbacked(cx, __a0, __a1)?
                };
                let __sizes: ::fake_runtime::support::rt::Dims = {
                    let mut __l = <::fake_runtime::support::rt::Dims>::new();
                    __l.push(v_u);
                    __l.push(
                        ::fake_runtime::support::rt::SymInt::Int({
                            let __a0 = ::fake_runtime::support::rt::Dims::from_slice(&v_s);
                            crate::intrinsics::shapes::rank(cx, __a0)?
                        }),
                    );
                    __l
                };
                let __strides: ::fake_runtime::support::rt::Dims = {
                    let mut __l = <::fake_runtime::support::rt::Dims>::new();
                    __l.push(::fake_runtime::support::rt::SymInt::Int(1i64));
                    __l.push(v_u);
                    __l
                };
                let __offset = ::fake_runtime::support::rt::SymInt::Int(0);
                let __dtype = ::fake_runtime::support::rt::DType::Int64;
                let __device = cx.device;
                let __out0 = ::fake_runtime::support::rt::Out::Tensor(
                    ::fake_runtime::support::rt::TensorMeta {
                        sizes: __sizes,
                        strides: __strides,
                        storage_offset: __offset,
                        dtype: __dtype,
                        device: __device,
                        layout: ::fake_runtime::support::rt::Layout::Strided,
                        requires_grad: false,
                        wrapped_number: false,
                    },
                    ::fake_runtime::support::rt::Alias::Fresh,
                );
                Ok(::fake_runtime::support::rt::Outs::from_buf([__out0]))
            }
        "#]],
    );
}

#[test]
fn huge_floats_are_generated_without_panicking() {
    let code = expand(
        MM,
        "mm(self: [n, k], mat2: [k, m]) -> [n, m]\n  where big = 1e999\n",
    );
    assert!(code.contains("f64::INFINITY"), "{code}");
}

#[test]
fn the_table_is_sorted_with_names_and_erased_entries() {
    let code = expand(
        "aten::relu(Tensor self) -> Tensor\naten::add.Tensor(Tensor self, Tensor other, *, Scalar alpha=1) -> Tensor\n",
        "@pointwise\nrelu(self)\n@pointwise\nadd.Tensor(self, other)\n",
    );
    let add = code.find("name: \"aten::add.Tensor\"").expect("add");
    let relu = code.find("name: \"aten::relu\"").expect("relu");
    assert!(add < relu, "{code}");
    assert!(code.contains("pub enum Op {"), "{code}");
    assert!(code.contains("kernel: erased::add_tensor"), "{code}");
    // The erased entry fills `alpha`'s default.
    let alpha = code.find("\"alpha\"").expect("alpha is read");
    assert!(code[alpha..].contains("SymInt::Int(1i64)"), "{code}");
}

/// The checker's messages, rendered.
fn check_errors(schemas: &str, rules: &str, expect: Expect) {
    expect.assert_eq(&expand(schemas, rules));
}

const MM: &str = "aten::mm(Tensor self, Tensor mat2) -> Tensor\n";

#[test]
fn check_messages_print_values_in_scope() {
    check_errors(
        MM,
        "mm(self: [n, k], mat2: [k, m]) -> [n, m]\n  check n > 0, \"{nn} {\"\n  check k > 0, \"} {self}\"\n",
        expect![[r#"
            `{nn}` in a check's message names nothing in scope
             --> ops/rules/test.rules:2:3
              |
            2 |   check n > 0, "{nn} {"
              |   ^^^^^^^^^^^^^^^^^^^^^ in this check
              |
              = help: did you mean `{n}`?

            a `{` in a check's message is not closed
             --> ops/rules/test.rules:2:3
              |
            2 |   check n > 0, "{nn} {"
              |   ^^^^^^^^^^^^^^^^^^^^^ in this check
              |
              = help: write `{{` for a brace

            a `}` in a check's message closes nothing
             --> ops/rules/test.rules:3:3
              |
            3 |   check k > 0, "} {self}"
              |   ^^^^^^^^^^^^^^^^^^^^^^^ in this check
              |
              = help: write `}}` for a brace

            `{self}` is a Tensor, which a message cannot print
             --> ops/rules/test.rules:3:3
              |
            3 |   check k > 0, "} {self}"
              |   ^^^^^^^^^^^^^^^^^^^^^^^ in this check"#]],
    );
    let code = expand(
        MM,
        "mm(self: [n, k], mat2: [k, m]) -> [n, m]\n  check n > 0, \"{{n}} is {n}, k is {k}\"\n",
    );
    assert!(code.contains("require_printing"), "{code}");
    assert!(code.contains("push_str(\"{n} is \")"), "{code}");
}

#[test]
fn errors_unknown_intrinsic_and_kinds() {
    check_errors(
        MM,
        "mm(self: [n, k], mat2: [k, m]) -> [brodcast(n, m)]\n",
        expect![[r#"
            unknown intrinsic `brodcast`
             --> ops/rules/test.rules:1:36
              |
            1 | mm(self: [n, k], mat2: [k, m]) -> [brodcast(n, m)]
              |                                    ^^^^^^^^ not an intrinsic
              |
              = help: did you mean `broadcast`?"#]],
    );
    check_errors(
        MM,
        "mm(self: [n, k], mat2: [k, m]) -> [n, m]\n  check n, \"x\"\n  dtype = numel(self)\n",
        expect![[r#"
            expected SymBool, found Size
             --> ops/rules/test.rules:2:9
              |
            2 |   check n, "x"
              |         ^ this is a Size

            argument `s` of `numel` expects Dims, found Tensor
             --> ops/rules/test.rules:3:17
              |
            3 |   dtype = numel(self)
              |                 ^^^^ this is a Tensor
              |
              = note: `numel(s: Dims) -> Size`"#]],
    );
}

#[test]
fn errors_in_patterns_and_scopes() {
    check_errors(
        MM,
        "mm(self: [n, k], other: [k, m]) -> [n, q]\n",
        expect![[r#"
            `aten::mm` has no argument `other`
             --> ops/rules/test.rules:1:18
              |
            1 | mm(self: [n, k], other: [k, m]) -> [n, q]
              |                  ^^^^^ not an argument of the schema
              |
              = note: its arguments are: self, mat2

            unbound variable `q`
             --> ops/rules/test.rules:1:40
              |
            1 | mm(self: [n, k], other: [k, m]) -> [n, q]
              |                                        ^ not bound by a pattern, a `where` or the schema
              |
              = help: did you mean `k`?"#]],
    );
    check_errors(
        "aten::native_layer_norm(Tensor input, SymInt[] normalized_shape, Tensor? weight, Tensor? bias, float eps) -> (Tensor, Tensor, Tensor)\n",
        "native_layer_norm(input: [*s], weight: [c]) -> s\n",
        expect![[r#"
            this pattern does not fit `weight`, a Optional<Tensor>
             --> ops/rules/test.rules:1:40
              |
            1 | native_layer_norm(input: [*s], weight: [c]) -> s
              |                                        ^^^ wrong pattern
              |
              = help: write `[..]?`

            `aten::native_layer_norm` returns 3 values but the rule gives 1
             --> ops/rules/test.rules:1:45
              |
            1 | native_layer_norm(input: [*s], weight: [c]) -> s
              |                                             ^^^^ wrong number of outputs"#]],
    );
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(256))]

    /// Random text: errors or a rule set, never a panic.
    #[test]
    fn random_text_never_panics(text in "\\PC{0,200}") {
        let _ = expand(MM, &text);
    }

    /// Random text built from the language's own tokens reaches deeper.
    #[test]
    fn random_tokens_never_panic(tokens in proptest::collection::vec(
        prop_oneof![
            Just("mm"), Just("("), Just(")"), Just("["), Just("]"), Just(","), Just(":"),
            Just("self"), Just("mat2"), Just("n"), Just("*s"), Just("->"), Just("\n"),
            Just("\n  "), Just("where"), Just("check"), Just("="), Just("=="), Just("??"),
            Just("dtype"), Just("strides.1"), Just("broadcast"), Just("numel"), Just("@view"),
            Just("@pointwise(promote = default)"), Just("1"), Just("-"), Just("//"), Just("\"m\""),
            Just("unbacked(size_like, max = 3)"), Just("self.dtype"), Just("int64"), Just("_"),
            Just("1e999"), Just("0.5"), Just("9223372036854775807"), Just("where x ="),
        ],
        0..40,
    )) {
        let text: String = tokens.join(" ");
        let _ = expand(MM, &text);
        let _ = expand("aten::view(Tensor(a) self, SymInt[] size) -> Tensor(a)\n", &text.replace("mm", "view"));
    }

    /// Random schema text: errors or schemas, never a panic.
    #[test]
    fn random_schemas_never_panic(text in "\\PC{0,160}") {
        let _ = expand(&text, "mm(self: [n, k], mat2: [k, m]) -> [n, m]\n");
    }
}

#[test]
fn snapshot_list_of_views() {
    check_kernel(
        "aten::split_with_sizes(Tensor(a -> *) self, SymInt[] split_sizes, int dim=0) -> Tensor(a)[]\n",
        "split_with_sizes(self: [*s], split_sizes, dim) -> split_pieces(s, dim, split_sizes)\n  strides = self.strides\n  offset = split_offsets(self, dim, split_sizes)\n",
        "split_with_sizes",
        expect![[r#"
            /// `aten::split_with_sizes(Tensor(a -> *) self, SymInt[] split_sizes, int dim=0) -> Tensor(a)[]`
            #[inline]
            pub fn split_with_sizes(
                cx: &mut ::fake_runtime::support::rt::Cx<'_>,
                self_: &::fake_runtime::support::rt::TensorMeta,
                split_sizes: ::fake_runtime::support::rt::Dims,
                dim: i64,
            ) -> ::fake_runtime::support::rt::Result<::fake_runtime::support::rt::Outs> {
                let v_s = ::fake_runtime::support::rt::Dims::from_slice(
                    &self_.sizes[0usize..self_.dim() - 0usize],
                );
                let __sizes_list: ::std::vec::Vec<::fake_runtime::support::rt::Dims> = {
                    let __a0 = ::fake_runtime::support::rt::Dims::from_slice(&v_s);
                    let __a1 = dim;
                    let __a2 = ::fake_runtime::support::rt::Dims::from_slice(&split_sizes);
                    crate::intrinsics::splitting::split_pieces(cx, __a0, __a1, __a2)?
                };
                let __strides = ::fake_runtime::support::rt::Dims::from_slice(&self_.strides);
                let __offsets = {
                    let __a0 = self_;
                    let __a1 = dim;
                    let __a2 = ::fake_runtime::support::rt::Dims::from_slice(&split_sizes);
                    crate::intrinsics::splitting::split_offsets(cx, __a0, __a1, __a2)?
                };
                let __dtype = self_.dtype;
                let __device = self_.device;
                let mut __list = ::std::vec::Vec::with_capacity(__sizes_list.len());
                for (__k, __sizes) in __sizes_list.into_iter().enumerate() {
                    let __element_strides = __strides.clone();
                    let __element_offset = *::fake_runtime::support::element(
                        cx,
                        &__offsets,
                        __k,
                        "offset",
                    )?;
                    __list
                        .push((
                            ::fake_runtime::support::rt::TensorMeta {
                                sizes: __sizes,
                                strides: __element_strides,
                                storage_offset: __element_offset,
                                dtype: __dtype,
                                device: __device,
                                layout: self_.layout,
                                requires_grad: false,
                                wrapped_number: false,
                            },
                            ::fake_runtime::support::rt::Alias::ViewOf(0u8),
                        ));
                }
                let __out0 = ::fake_runtime::support::rt::Out::Tensors(__list);
                Ok(::fake_runtime::support::rt::Outs::from_buf([__out0]))
            }
        "#]],
    );
}

#[test]
fn clause_groups_are_checked_in_each_rule_and_named_ones_must_exist() {
    // A group's clauses are checked in the rule that uses it: `k` is bound
    // by `mm`'s pattern, so the group's check types there.
    let groups = "@clauses\ninner(self)\n  check k > 0, \"empty inner dim\"\n\n";
    let code = expand(
        MM,
        &format!("{groups}@with(inner)\nmm(self: [n, k], mat2: [k, m]) -> [n, m]\n"),
    );
    assert!(code.contains("\"empty inner dim\""), "{code}");
    check_errors(
        MM,
        &format!("{groups}@with(iner)\nmm(self: [n, k], mat2: [k, m]) -> [n, m]\n"),
        expect![[r#"
            no clause group `iner`
             --> ops/rules/test.rules:5:7
              |
            5 | @with(iner)
              |       ^^^^ not defined with `@clauses`
              |
              = help: did you mean `inner`?"#]],
    );
}
