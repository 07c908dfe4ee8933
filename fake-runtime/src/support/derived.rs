//! The overloads `rules!` derives from a functional one, as torchgen's
//! structured kernels do: the in-place overload (`add_.Tensor`: the
//! functional result must have `self`'s sizes and a dtype `self` can hold;
//! the result is `self`, written) and the `out=` overload (`add.out`:
//! PyTorch's out wrapper, `resize_output` then a checked copy; the result
//! is `out`). Both run the functional operator's erased entry on the
//! derived overload's leading arguments, which the macro has checked are
//! the functional's, in its order. A view's copy overload
//! (`select_copy.int`) runs the view on the same arguments and clones its
//! results.

use super::*;
use crate::kernel::{Alias, ErasedKernel, Out, Outs};

/// The first output of a functional result, which must be a tensor.
fn tensor_result<'o>(cx: &Cx<'_>, outs: &'o Outs, i: usize) -> Result<&'o TensorMeta> {
    match outs.get(i) {
        Some(Out::Tensor(t, _)) => Ok(t),
        _ => Err(invalid(
            cx,
            format!("the functional operator gave no tensor output {i}"),
        )),
    }
}

/// Refuse a result dtype that `to` cannot hold (TensorIterator's check).
fn require_castable(cx: &mut Cx<'_>, from: DType, to: DType) -> Result<()> {
    if can_cast(cx, from, to)? {
        return Ok(());
    }
    Err(invalid(
        cx,
        format!("result type {from} can't be cast to the desired output type {to}"),
    ))
}

/// An in-place overload (`op_`), as a reference's `_make_inplace` or a
/// decomposition's `register_inplace` runs it: `functional` on the same
/// arguments; its result's sizes must be `self`'s (no broadcasting of
/// `self`: "output with shape [..] doesn't match the broadcast shape
/// [..]", guarded when symbolic) and its dtype must cast to `self`'s;
/// then the result is copied into `self` ([`copied_into`]). The result
/// is `self`, written.
pub fn inplace_variant(
    cx: &mut Cx<'_>,
    args: &[Arg<'_>],
    functional: ErasedKernel,
) -> Result<Outs> {
    let outs = functional_in_place(cx, args, functional, true)?;
    if let Some(Out::Tensor(target, _)) = outs.first() {
        copied_into(cx, target)?;
    }
    Ok(outs)
}

/// [`inplace_variant`] of an in-place overload whose Python meta is its
/// own (`meta_scatter_`): the same checks, `self` written without a
/// `copy_`.
pub fn inplace_own_meta_variant(
    cx: &mut Cx<'_>,
    args: &[Arg<'_>],
    functional: ErasedKernel,
) -> Result<Outs> {
    functional_in_place(cx, args, functional, true)
}

/// `functional` on `args`, its result written into `self` (`args[0]`):
/// its sizes must be `self`'s, and its dtype cast to `self`'s where
/// `castable` is asked.
fn functional_in_place(
    cx: &mut Cx<'_>,
    args: &[Arg<'_>],
    functional: ErasedKernel,
    castable: bool,
) -> Result<Outs> {
    let target = args::tensor(cx, args, 0, "self")?;
    let result = functional(cx, args)?;
    let r = tensor_result(cx, &result, 0)?;
    if castable {
        written_in_place(cx, &r.sizes, r.dtype, target)?;
    } else {
        fits_in_place(cx, &r.sizes, target)?;
    }
    let mut outs = Outs::new();
    outs.push(Out::Tensor(target.clone(), Alias::InPlace(0)));
    Ok(outs)
}

/// An in-place overload whose meta is `_register_inplace_meta`'s
/// (`lerp_`, `addcmul_`, `addcdiv_`): `functional` on the same arguments
/// (its checks), then only `check_inplace_broadcast` (the result's sizes
/// must be `self`'s), no cast check: `self` returned, written.
pub fn inplace_meta_variant(
    cx: &mut Cx<'_>,
    args: &[Arg<'_>],
    functional: ErasedKernel,
) -> Result<Outs> {
    functional_in_place(cx, args, functional, false)
}

/// Refuse writing a result of `sizes` and `dtype` into `target` in place:
/// the sizes must be `target`'s (TensorIterator: "output with shape [..]
/// doesn't match the broadcast shape [..]", guarded when symbolic) and
/// the dtype must cast to `target`'s.
pub fn written_in_place(
    cx: &mut Cx<'_>,
    sizes: &[SymInt],
    dtype: DType,
    target: &TensorMeta,
) -> Result<()> {
    fits_in_place(cx, sizes, target)?;
    require_castable(cx, dtype, target.dtype)
}

/// Refuse a result of `sizes` written into `target` in place unless they
/// are `target`'s (TensorIterator and `check_inplace_broadcast`: "output
/// with shape [..] doesn't match the broadcast shape [..]", guarded when
/// symbolic).
pub fn fits_in_place(cx: &mut Cx<'_>, sizes: &[SymInt], target: &TensorMeta) -> Result<()> {
    let same = dims_eq(cx, sizes, &target.sizes)?;
    if same != SymBool::Bool(true) {
        let message = format!(
            "output with shape {} doesn't match the broadcast shape {}",
            shape::display_dims(cx.env, &target.sizes),
            shape::display_dims(cx.env, sizes)
        );
        require(cx, same, &message)?;
    }
    Ok(())
}

/// How a derived `out=` overload checks and resizes its out tensors, and
/// what it does with symbolic sizes: five policies, named together by
/// the constants the `@derive(...)` families name
/// (`fake_rules::intrinsics::OUT_FORMS`).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct OutForm {
    /// Which dtypes an out tensor may have.
    pub dtype: OutDtype,
    /// Which out tensors take the result's strides.
    pub restride: Restride,
    /// What symbolic sizes do.
    pub symbolic: OnSymbolic,
    /// Which out tensors the C++ kernel refuses when they overlap
    /// themselves.
    pub overlap: OutOverlap,
    /// Whether the Python dispatcher runs a reference wrapped in
    /// `out_wrapper()` instead (the `*_copy` operators'
    /// `_make_copy_from_view`, `torch._refs.polar`), and which out dtypes
    /// that wrapper takes: then the form is [`Self::CASTABLE`] or
    /// [`Self::EXACT`] (symbolic sizes kept), whatever it is outside it.
    pub reference_when_dispatched: Option<OutDtype>,
    /// Whether a returned list is written into as many outs as both lists
    /// have (a decomposition's `zip(out, splits)`: outs beyond the results
    /// untouched, results beyond the outs dropped), not refused when the
    /// lengths differ.
    pub zips_lists: bool,
    /// Whether the result is written into the out by `copy_` (a Python
    /// out wrapper's `_safe_copy_out`, a C++ composite's or torchgen's
    /// generated `out=` kernel's copy), whose Python meta refuses an out
    /// that overlaps itself under the Python dispatcher
    /// ([`copied_into`]); not by a structured kernel writing its out
    /// itself.
    pub copies: bool,
    /// Whether the out tensors come back written at all: not when the
    /// fake mode, finding no meta kernel, runs ATen's CPU kernel on zeros
    /// of the fake tensors' sizes, which writes no metadata back (the
    /// outs return as they were, after the generated kernel's exact
    /// dtype check).
    pub written: bool,
}

/// Which dtypes the out tensors of a derived `out=` overload may have
/// ([`OutForm`]).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum OutDtype {
    /// Any dtype the result casts to (`canCast`: "result type Float can't
    /// be cast to the desired output type Long").
    Castable,
    /// Exactly the result's ("Expected out tensor to have dtype float, but
    /// got double instead").
    Exact,
    /// Any: the result takes the out's dtype, and a `dtype` argument must
    /// be it (a reduction's `infer_dtype_from_optional`: "dtype argument
    /// and out dtype must match in reduction").
    FromOut,
}

/// Which out tensors of a derived `out=` overload take the result's
/// strides ([`OutForm`]).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Restride {
    /// None: one that is resized is laid out contiguously (PyTorch's out
    /// wrapper).
    Never,
    /// One it resizes (a structured kernel's `resize_out`; one of the
    /// right sizes keeps its own strides).
    WhenResized,
    /// Every one, resized or not (`meta_sort`, which `as_strided_`s its
    /// outs to its results' layout before the copy: the layout must fit
    /// the out's storage, [`set_strided`]).
    Always,
}

/// What a derived `out=` overload does with a tensor argument of symbolic
/// sizes ([`OutForm`]).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum OnSymbolic {
    /// Computes with them (a Python meta or decomposition).
    Kept,
    /// Refuses them ("Cannot call numel() on tensor with symbolic
    /// sizes/strides"): a C++ kernel without a Python meta for its
    /// `out=` overload that first asks for a count, an offset or a plain
    /// size list.
    Refused,
    /// Fixes every size, stride and offset of its tensor arguments at its
    /// hint (guards `Eq(s, hint)`): a C++ kernel that reads them as plain
    /// integers through the fake tensor's own accessors.
    Fixed,
    /// Computes the results with them (a Python meta), then refuses to
    /// resize an out tensor to a result of symbolic sizes (a C++
    /// composite `out=` kernel calling its functional, then
    /// `resize_output` with plain integers: "SymIntArrayRef expected to
    /// contain only concrete integers").
    RefusedResults,
    /// Computes the results with them (a Python meta), then fixes each
    /// result's sizes and strides at their hints as the out tensors are
    /// resized to them (guards `Eq(s2 - s6 + 1, 6)`): a C++ `out=`
    /// kernel resizing its outs to plain integers.
    FixedResults,
}

/// Which out tensors the C++ kernel of a derived `out=` overload refuses
/// when they overlap themselves, ATen's `assert_no_internal_overlap`
/// ([`OutForm`]). A Python out wrapper's copy checks apart from this,
/// where `copy_`'s Python meta runs ([`copied_into`]).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum OutOverlap {
    /// None.
    Unchecked,
    /// Each as given, before any other check and before it is resized
    /// (TensorIterator's `compute_mem_overlaps` as it is built).
    Given,
    /// Each once resized to the result (`scatter`'s and
    /// `index_reduce`'s metas, after `set_output_raw_strided`).
    Written,
}

impl OutForm {
    /// `@derive(out)`: a castable dtype, resized contiguous.
    pub const CASTABLE: OutForm =
        OutForm::new(OutDtype::Castable, Restride::Never, OnSymbolic::Kept);
    /// `@derive(exact_out)`: exactly the result's dtype (an
    /// `out_wrapper(exact_dtype=True)`), resized contiguous.
    pub const EXACT: OutForm = OutForm::new(OutDtype::Exact, Restride::Never, OnSymbolic::Kept);
    /// [`Self::EXACT`] of a structured kernel that writes its out itself
    /// (`upsample_bicubic2d_backward.grad_input`).
    pub const DIRECT_EXACT: OutForm = Self::EXACT.direct();
    /// `@derive(structured_out)`: exactly the result's dtype, restrided
    /// when resized (a structured kernel's `resize_out`).
    pub const STRUCTURED: OutForm =
        OutForm::new(OutDtype::Exact, Restride::WhenResized, OnSymbolic::Kept);
    /// [`Self::STRUCTURED`] writing its out itself
    /// (`upsample_nearest2d_backward.grad_input`).
    pub const DIRECT_STRUCTURED: OutForm = Self::STRUCTURED.direct();
    /// `@derive(iter_out)`: a castable dtype, restrided when resized (a
    /// TensorIterator's structured kernel: `compute_types` casts the common
    /// dtype to the out's, `set_output_raw_strided` restrides a resized out).
    pub const ITER: OutForm =
        OutForm::new(OutDtype::Castable, Restride::WhenResized, OnSymbolic::Kept)
            .checked(OutOverlap::Given);
    /// `@derive(restrided_out)`: a castable dtype, every out restrided.
    pub const RESTRIDED: OutForm =
        OutForm::new(OutDtype::Castable, Restride::Always, OnSymbolic::Kept);
    /// `@derive(native_out)`: [`Self::STRUCTURED`], symbolic sizes
    /// refused.
    pub const NATIVE: OutForm =
        OutForm::new(OutDtype::Exact, Restride::WhenResized, OnSymbolic::Refused);
    /// [`Self::NATIVE`] whose meta refuses an out that overlaps itself
    /// once resized (`scatter`, `scatter_add`, `index_reduce`).
    pub const CHECKED_NATIVE: OutForm = Self::NATIVE.checked(OutOverlap::Written);
    /// `@derive(fixed_out)`: [`Self::CASTABLE`], symbolic sizes fixed.
    pub const FIXED_CASTABLE: OutForm =
        OutForm::new(OutDtype::Castable, Restride::Never, OnSymbolic::Fixed);
    /// `@derive(fixed_structured_out)`: [`Self::STRUCTURED`], symbolic
    /// sizes fixed.
    pub const FIXED_STRUCTURED: OutForm =
        OutForm::new(OutDtype::Exact, Restride::WhenResized, OnSymbolic::Fixed);
    /// [`Self::FIXED_STRUCTURED`] built on a TensorIterator, which
    /// refuses an out that overlaps itself as given (`index.Tensor_out`).
    pub const ITER_FIXED_STRUCTURED: OutForm = Self::FIXED_STRUCTURED.checked(OutOverlap::Given);
    /// [`Self::FIXED_STRUCTURED`] writing its out itself (`avg_pool2d.out`).
    pub const DIRECT_FIXED_STRUCTURED: OutForm = Self::FIXED_STRUCTURED.direct();
    /// `@derive(fixed_exact_out)`: [`Self::EXACT`], symbolic sizes fixed
    /// (torchgen's generated `out=` kernel of a C++ functional:
    /// `resize_out_helper` lays a resized out out contiguously).
    pub const FIXED_EXACT: OutForm =
        OutForm::new(OutDtype::Exact, Restride::Never, OnSymbolic::Fixed);
    /// `@derive(fixed_copy_out)`: [`Self::FIXED_CASTABLE`] of a `*_copy`
    /// operator, [`Self::CASTABLE`] under the Python dispatcher.
    pub const FIXED_CASTABLE_COPY: OutForm = Self::FIXED_CASTABLE.copy_of_view();
    /// `@derive(fixed_exact_copy_out)`: [`Self::FIXED_EXACT`] of a `*_copy`
    /// operator, [`Self::EXACT`] under the Python dispatcher, which runs
    /// `_make_copy_from_view`'s `out_wrapper(exact_dtype=True)`.
    pub const FIXED_EXACT_COPY: OutForm = Self::FIXED_EXACT.exact_reference();
    /// `@derive(native_copy_out)`: [`Self::NATIVE`] of a `*_copy`
    /// operator, [`Self::EXACT`] under the Python dispatcher.
    pub const NATIVE_COPY: OutForm = Self::NATIVE.exact_reference();
    /// [`Self::EXACT`] of a `*_copy` operator, symbolic sizes kept under
    /// the Python dispatcher (`view_copy.out`).
    pub const EXACT_COPY: OutForm = Self::EXACT.exact_reference();
    /// `@derive(zipped_exact_out)`: [`Self::EXACT`], a returned list
    /// written into as many outs as both lists have
    /// (`split_with_sizes_copy.out`'s decomposition).
    pub const EXACT_ZIPPED: OutForm = Self::EXACT.zipped();
    /// `@derive(settled_exact_out)`: [`Self::EXACT`], the results' sizes
    /// fixed at their hints.
    pub const SETTLED_EXACT: OutForm =
        OutForm::new(OutDtype::Exact, Restride::Never, OnSymbolic::FixedResults);
    /// `@derive(settled_exact_reference_out)`: [`Self::SETTLED_EXACT`], and
    /// [`Self::EXACT`] under the Python dispatcher (`polar.out`, whose
    /// reference the dispatcher runs).
    pub const SETTLED_EXACT_REFERENCE: OutForm = Self::SETTLED_EXACT.exact_reference();
    /// `@derive(reduction_out)`: the out's dtype taken, resized
    /// contiguous (a structured reduction or scan: `sum`, `prod`,
    /// `cumsum`).
    pub const REDUCTION: OutForm =
        OutForm::new(OutDtype::FromOut, Restride::Never, OnSymbolic::Kept);
    /// `@derive(composite_out)`: [`Self::CASTABLE`], the results computed
    /// with symbolic sizes, an out resized to symbolic ones refused
    /// (`cholesky_solve.out`).
    pub const COMPOSITE: OutForm = OutForm::new(
        OutDtype::Castable,
        Restride::Never,
        OnSymbolic::RefusedResults,
    );
    /// `@derive(fallback_out)`: an operator whose functional has no meta
    /// kernel (`_unique`, `bincount`, `binomial`): the fake mode runs the
    /// CPU kernel on zeros, for static sizes on the CPU alone (symbolic
    /// ones and other devices refused), and the outs, of exactly the
    /// results' dtypes, come back unwritten.
    pub const FALLBACK: OutForm =
        OutForm::new(OutDtype::Exact, Restride::Never, OnSymbolic::Refused).unwritten();
    /// `@derive(castable_fallback_out)`: [`Self::FALLBACK`] of a CPU
    /// `out=` kernel of its own, taking any out dtype the result casts to
    /// (`geqrf.a`).
    pub const FALLBACK_CASTABLE: OutForm =
        OutForm::new(OutDtype::Castable, Restride::Never, OnSymbolic::Refused).unwritten();
    /// `@derive(unchecked_fallback_out)`: [`Self::FALLBACK`] of a CPU
    /// `out=` kernel that checks nothing of its out, any dtype taken
    /// (`_logcumsumexp.out`, whose stub writes by the input's dtype).
    pub const FALLBACK_UNCHECKED: OutForm =
        OutForm::new(OutDtype::FromOut, Restride::Never, OnSymbolic::Refused).unwritten();
    /// `@derive(composite_exact_out)`: [`Self::COMPOSITE`] wanting exactly
    /// the result's dtype (torchgen's generated `out=` kernel, whose
    /// `resize_out_helper` reads the result's sizes as a plain list:
    /// `native_group_norm.out`).
    pub const COMPOSITE_EXACT: OutForm =
        OutForm::new(OutDtype::Exact, Restride::Never, OnSymbolic::RefusedResults);
    /// `@derive(copied_out)`: a Python meta that resizes the out
    /// (`torch._resize_output_`, which refuses symbolic sizes) and then
    /// `copy_`s the result into it: any out dtype, resized contiguous
    /// (`angle.out`).
    pub const COPIED: OutForm =
        OutForm::new(OutDtype::FromOut, Restride::Never, OnSymbolic::Refused);
    /// `@derive(refused_out)`: [`Self::CASTABLE`], symbolic sizes refused.
    pub const REFUSED_CASTABLE: OutForm =
        OutForm::new(OutDtype::Castable, Restride::Never, OnSymbolic::Refused);
    /// `@derive(refused_reference_out)`: [`Self::REFUSED_CASTABLE`], and
    /// [`Self::CASTABLE`] under the Python dispatcher, which runs the
    /// reference (`trace.out`).
    pub const REFUSED_CASTABLE_REFERENCE: OutForm = Self::REFUSED_CASTABLE.copy_of_view();
    /// [`Self::EXACT`], and [`Self::CASTABLE`] under the Python
    /// dispatcher, which runs the decomposition's `out_wrapper`
    /// (`matmul.out`).
    pub const EXACT_CASTABLE_REFERENCE: OutForm = Self::EXACT.copy_of_view();

    /// Whether the form is a Python decomposition's `out_wrapper`
    /// ([`Self::CASTABLE`], [`Self::EXACT`]): it computes with symbolic
    /// sizes and resizes an out contiguously, where the other forms are
    /// C++ kernels'.
    pub fn is_python_wrapper(self) -> bool {
        self.symbolic == OnSymbolic::Kept
            && self.restride == Restride::Never
            && self.dtype != OutDtype::FromOut
    }

    const fn new(dtype: OutDtype, restride: Restride, symbolic: OnSymbolic) -> OutForm {
        OutForm {
            dtype,
            restride,
            symbolic,
            overlap: OutOverlap::Unchecked,
            reference_when_dispatched: None,
            zips_lists: false,
            copies: true,
            written: true,
        }
    }

    /// The form of a `*_copy` operator's `out=` overload (or of another
    /// whose reference the dispatcher runs): this one, but
    /// [`Self::CASTABLE`] under the Python dispatcher.
    const fn copy_of_view(self) -> OutForm {
        OutForm {
            reference_when_dispatched: Some(OutDtype::Castable),
            ..self
        }
    }

    /// This form, but [`Self::EXACT`] under the Python dispatcher, which
    /// runs a reference under `out_wrapper(exact_dtype=True)`.
    const fn exact_reference(self) -> OutForm {
        OutForm {
            reference_when_dispatched: Some(OutDtype::Exact),
            ..self
        }
    }

    /// This form writing a returned list into as many outs as both lists
    /// have ([`Self::zips_lists`]).
    const fn zipped(self) -> OutForm {
        OutForm {
            zips_lists: true,
            ..self
        }
    }

    /// The form of a structured kernel writing its out itself.
    const fn direct(self) -> OutForm {
        OutForm {
            copies: false,
            ..self
        }
    }

    /// The form of the CPU fallback, which writes no out ([`Self::written`]).
    const fn unwritten(self) -> OutForm {
        OutForm {
            written: false,
            ..self
        }
    }

    /// The form with its C++ kernel's overlap check.
    const fn checked(self, overlap: OutOverlap) -> OutForm {
        OutForm { overlap, ..self }
    }
}

/// An `out=` overload whose `count` out tensors start at argument `first`
/// (after the functional operator's arguments): the functional result,
/// each output checked against its out tensor's dtype as `form` says
/// ([`OutForm`]) and written into it, resized when its sizes differ
/// ([`resize_output`], then restrided as the result as the form's
/// [`Restride`] says), symbolic sizes kept, refused or fixed first as its
/// [`OnSymbolic`] says. The results are the out tensors; a returned list
/// is written into a list of outs of its length, and returns nothing.
pub fn out_variant(
    cx: &mut Cx<'_>,
    args: &[Arg<'_>],
    first: u8,
    count: u8,
    form: OutForm,
    functional: ErasedKernel,
) -> Result<Outs> {
    let form = match form.reference_when_dispatched {
        Some(OutDtype::Exact) if cx.defaults.python_dispatcher => OutForm::EXACT,
        Some(_) if cx.defaults.python_dispatcher => OutForm::CASTABLE,
        _ => form,
    };
    if args.iter().any(has_symbolic_tensor) {
        match form.symbolic {
            OnSymbolic::Kept => {}
            OnSymbolic::Refused => {
                return Err(invalid(
                    cx,
                    "Cannot call numel() on tensor with symbolic sizes/strides".into(),
                ));
            }
            // Every symbol of the arguments replaced by its hint, so the
            // kernel decides statically and its results settle to
            // integers.
            OnSymbolic::Fixed => fix_tensors(cx, args)?,
            OnSymbolic::FixedResults | OnSymbolic::RefusedResults => {}
        }
    }
    let first_index = usize::from(first);
    if !form.written
        && let Some(device) = args.iter().find_map(off_cpu)
    {
        return Err(invalid(
            cx,
            format!(
                "no meta kernel: only the CPU kernel, which the fake mode runs on zeros, is modelled; got a tensor on {device}"
            ),
        ));
    }
    if form.overlap == OutOverlap::Given {
        for i in first..first + count {
            if let Some(Arg::Tensors(list)) = args.get(usize::from(i)) {
                for out in list {
                    refuse_overlapping_write(cx, out, OverlapCheck::Kernel)?;
                }
                continue;
            }
            let out = args::tensor(cx, args, usize::from(i), "out")?;
            refuse_overlapping_write(cx, out, OverlapCheck::Kernel)?;
        }
    }
    let result = functional(cx, &args[..args.len().min(first_index)])?;
    let dtype = args[..args.len().min(first_index)]
        .iter()
        .find_map(|a| match a {
            Arg::DType(d) => Some(*d),
            _ => None,
        });
    let mut outs = Outs::new();
    for k in 0..count {
        let i = first + k;
        // A returned list is written into a list of outs, one each, and
        // the overload returns nothing (`split_with_sizes_copy.out`).
        if let Some(Arg::Tensors(list)) = args.get(usize::from(i)) {
            let Some(Out::Tensors(results)) = result.get(usize::from(k)) else {
                return Err(invalid(
                    cx,
                    format!("the functional operator gave no tensor list output {k}"),
                ));
            };
            if list.len() != results.len() && !form.zips_lists {
                return Err(invalid(
                    cx,
                    format!(
                        "expected tuple of {} elements but got {}",
                        results.len(),
                        list.len()
                    ),
                ));
            }
            for (out, (r, _)) in list.iter().zip(results) {
                written_out(cx, form, r, out, dtype)?;
            }
            continue;
        }
        let out = args::tensor(cx, args, usize::from(i), "out")?;
        // An output the functional does not compute (an `output_mask`
        // entry false) leaves its out tensor as it was in a Python out
        // wrapper; a C++ kernel refuses to copy it.
        if form.is_python_wrapper() && matches!(result.get(usize::from(k)), Some(Out::None)) {
            outs.push(Out::Tensor(out.clone(), Alias::InPlace(i)));
            continue;
        }
        let r = tensor_result(cx, &result, usize::from(k))?;
        if !form.written {
            check_out_dtype(cx, form.dtype, r, out, dtype)?;
            outs.push(Out::Tensor(out.clone(), Alias::InPlace(i)));
            continue;
        }
        let written = written_out(cx, form, r, out, dtype)?;
        outs.push(Out::Tensor(written, Alias::InPlace(i)));
    }
    Ok(outs)
}

/// An out tensor of exactly the result's dtype, as C++ out kernels
/// check it ("Expected out tensor to have dtype float, but got double
/// instead").
pub fn require_exact_dtype(cx: &Cx<'_>, result: DType, out: DType) -> Result<()> {
    if result == out {
        return Ok(());
    }
    Err(invalid(
        cx,
        format!(
            "Expected out tensor to have dtype {}, but got {} instead",
            result.type_meta_name(),
            out.type_meta_name()
        ),
    ))
}

/// The out dtypes a form takes ([`OutDtype`]): the result `r`'s (exactly
/// or castable to), or any, with a `dtype` argument equal to the out's.
fn check_out_dtype(
    cx: &mut Cx<'_>,
    taken: OutDtype,
    r: &TensorMeta,
    out: &TensorMeta,
    dtype: Option<DType>,
) -> Result<()> {
    match taken {
        OutDtype::Exact => require_exact_dtype(cx, r.dtype, out.dtype),
        OutDtype::FromOut => {
            if dtype.is_some_and(|d| d != out.dtype) {
                return Err(invalid(
                    cx,
                    "dtype argument and out dtype must match in reduction".into(),
                ));
            }
            Ok(())
        }
        OutDtype::Castable => require_castable(cx, r.dtype, out.dtype),
    }
}

/// The result `r` written into its out tensor `out` as `form` says
/// ([`out_variant`]): its dtype checked, `out` resized (and restrided)
/// to it, and the copy's checks; `dtype` the functional's `dtype`
/// argument, if any. The tensor written.
fn written_out(
    cx: &mut Cx<'_>,
    form: OutForm,
    r: &TensorMeta,
    out: &TensorMeta,
    dtype: Option<DType>,
) -> Result<TensorMeta> {
    check_out_dtype(cx, form.dtype, r, out, dtype)?;
    if form.symbolic == OnSymbolic::RefusedResults && r.sizes.iter().any(|d| d.as_int().is_none()) {
        return Err(not_inline_ints(cx, &r.sizes));
    }
    let fixed;
    let r = if form.symbolic == OnSymbolic::FixedResults && !r.is_static() {
        fixed = fixed_meta(cx, r)?;
        &fixed
    } else {
        r
    };
    let (mut written, resized) = resized_output(cx, out, &r.sizes, None)?;
    let restride = match form.restride {
        Restride::Never => false,
        Restride::WhenResized => resized,
        Restride::Always => true,
    };
    if form.restride == Restride::Always {
        // `as_strided_` of the out, whose storage must hold the
        // result's geometry (`meta_sort`).
        let offset = written.storage_offset;
        written = set_strided(
            cx,
            &written,
            r.sizes.clone(),
            Dims::from_slice(&r.strides),
            offset,
        )?;
    } else if restride {
        written.strides = Dims::from_slice(&r.strides);
    }
    if form.overlap == OutOverlap::Written {
        refuse_overlapping_write(cx, &written, OverlapCheck::Kernel)?;
    }
    if form.copies {
        copied_into(cx, &written)?;
    }
    Ok(written)
}

/// A factory's `out=` overload (`zeros.out` of `zeros`), whose out tensor
/// is argument `out` and whose other arguments are the functional's but
/// its tensor options (bit `j` of `options`: the functional's argument
/// `j`): the functional on them with the out's dtype for its argument
/// numbered `dtype` and the out's device for the one numbered `device`
/// (the other options absent),
/// as `out_wrapper` calls a factory's reference, then written into the
/// out as `form` writes it ([`OutForm::CASTABLE`] for
/// `@derive(factory_out)`; torchgen's generated `out=` kernel, which
/// resizes the out to the result's sizes read as integers, is
/// [`OutForm::SETTLED_EXACT`]). The result is the out.
pub fn factory_out_variant(
    cx: &mut Cx<'_>,
    args: &[Arg<'_>],
    out: u8,
    options: u32,
    (dtype, device): (u8, u8),
    form: OutForm,
    functional: ErasedKernel,
) -> Result<Outs> {
    let target = args::tensor(cx, args, usize::from(out), "out")?;
    let mut given = args[..args.len().min(usize::from(out))].iter();
    let mut call: SmallVec<[Arg<'_>; 8]> = SmallVec::new();
    for j in 0..usize::from(out) + options.count_ones() as usize {
        call.push(if j >= 32 || options & (1 << j) == 0 {
            given.next().cloned().unwrap_or(Arg::None)
        } else if j == usize::from(dtype) {
            Arg::DType(target.dtype)
        } else if j == usize::from(device) {
            Arg::Device(target.device)
        } else {
            Arg::None
        });
    }
    let first = u8::try_from(call.len()).unwrap_or(u8::MAX);
    call.push(Arg::Tensor(target));
    let mut outs = out_variant(cx, &call, first, 1, form, functional)?;
    for o in &mut outs {
        if let Out::Tensor(_, alias @ Alias::InPlace(_)) = o {
            *alias = Alias::InPlace(out);
        }
    }
    Ok(outs)
}

/// `t` with its sizes, strides and offset the integers their hints are
/// (`guard_int`: each a guard `Eq(e, hint)`).
fn fixed_meta(cx: &mut Cx<'_>, t: &TensorMeta) -> Result<TensorMeta> {
    let mut t = t.clone();
    for v in t
        .sizes
        .iter_mut()
        .chain(t.strides.iter_mut())
        .chain(std::iter::once(&mut t.storage_offset))
    {
        *v = SymInt::Int(cx.env.guard_int(*v, cx.op)?);
    }
    Ok(t)
}

/// Every size, stride and offset of the tensors of `args` fixed at its
/// hint ([`fixed_meta`]: a guard `Eq(s, hint)` each, and a replacement).
fn fix_tensors(cx: &mut Cx<'_>, args: &[Arg<'_>]) -> Result<()> {
    for a in args {
        match a {
            Arg::Tensor(t) => drop(fixed_meta(cx, t)?),
            Arg::Tensors(ts) => ts.iter().try_for_each(|t| fixed_meta(cx, t).map(drop))?,
            Arg::OptTensors(ts) => ts
                .iter()
                .flatten()
                .try_for_each(|t| fixed_meta(cx, t).map(drop))?,
            _ => {}
        }
    }
    Ok(())
}

/// The device of a tensor the argument holds that is not on the CPU.
fn off_cpu(a: &Arg<'_>) -> Option<Device> {
    let off = |t: &TensorMeta| (t.device.ty != crate::DeviceType::Cpu).then_some(t.device);
    match a {
        Arg::Tensor(t) => off(t),
        Arg::Tensors(ts) => ts.iter().find_map(|t| off(t)),
        Arg::OptTensors(ts) => ts.iter().flatten().find_map(|t| off(t)),
        _ => None,
    }
}

/// Whether an argument is, or lists, a tensor with a symbolic size,
/// stride or offset.
pub fn has_symbolic_tensor(a: &Arg<'_>) -> bool {
    match a {
        Arg::Tensor(t) => !t.is_static(),
        Arg::Tensors(ts) => ts.iter().any(|t| !t.is_static()),
        Arg::OptTensors(ts) => ts.iter().flatten().any(|t| !t.is_static()),
        _ => false,
    }
}

/// A view's copy overload (`select_copy.int` of `select.int`): the view
/// on the same arguments, its checks included, then each tensor result
/// cloned with `contiguous_format` (torchgen's view-copy kernels:
/// `view(...).clone(at::MemoryFormat::Contiguous)`): the view's sizes,
/// dtype and device, contiguous strides, offset 0, a storage of its own.
pub fn copy_variant(cx: &mut Cx<'_>, args: &[Arg<'_>], view: ErasedKernel) -> Result<Outs> {
    let viewed = view(cx, args)?;
    let mut outs = Outs::new();
    for o in viewed {
        outs.push(match o {
            Out::Tensor(t, _) => Out::Tensor(contiguous_clone(cx, t)?, Alias::Fresh),
            Out::Tensors(ts) => Out::Tensors(
                ts.into_iter()
                    .map(|(t, _)| Ok((contiguous_clone(cx, t)?, Alias::Fresh)))
                    .collect::<Result<_>>()?,
            ),
            other => other,
        });
    }
    Ok(outs)
}

/// A hacked twin (`index.Tensor_hacked_twin` of `index.Tensor`): the
/// operator whose `Tensor?[]` argument the twin declares `Tensor[]`, on
/// the same arguments, each such list passed as one of present tensors.
pub fn hacked_twin_variant(cx: &mut Cx<'_>, args: &[Arg<'_>], base: ErasedKernel) -> Result<Outs> {
    let args: SmallVec<[Arg<'_>; 8]> = args
        .iter()
        .map(|a| match a {
            Arg::Tensors(ts) => Arg::OptTensors(ts.iter().map(|&t| Some(t)).collect()),
            other => other.clone(),
        })
        .collect();
    base(cx, &args)
}

/// `t.clone(memory_format=torch.contiguous_format)`: its sizes, dtype and
/// device, contiguous strides, offset 0.
fn contiguous_clone(cx: &mut Cx<'_>, t: TensorMeta) -> Result<TensorMeta> {
    let strides = crate::strides::contiguous(cx.env, &t.sizes)?;
    Ok(TensorMeta {
        strides,
        storage_offset: SymInt::Int(0),
        requires_grad: false,
        wrapped_number: false,
        ..t
    })
}

/// The `out=` overload of a Python decomposition wrapped in
/// `out_wrapper(preserve_memory_format=True, exact_dtype=True)` whose out
/// tensor starts at argument `first`: the functional result, `out`
/// resized to its sizes when they differ (in the result's suggested
/// memory format), then the copy, which wants the same device and exactly
/// the result's dtype (`_safe_copy_out`). The result is `out`.
pub fn exact_out_variant(
    cx: &mut Cx<'_>,
    args: &[Arg<'_>],
    first: u8,
    functional: ErasedKernel,
) -> Result<Outs> {
    let result = functional(cx, &args[..args.len().min(usize::from(first))])?;
    let out = args::tensor(cx, args, usize::from(first), "out")?;
    let r = tensor_result(cx, &result, 0)?;
    let written = safe_copy_out(cx, r, out, |cx| {
        Ok(Some(crate::strides::suggest_memory_format(
            cx.env, r, cx.op,
        )?))
    })?;
    let mut outs = Outs::new();
    outs.push(Out::Tensor(written, Alias::InPlace(first)));
    Ok(outs)
}

/// `_safe_copy_out(r, out, exact_dtype=True)` after the out wrapper's
/// resize: `out` resized to `r`'s sizes when they differ (`resize_`, in
/// the memory format `format` gives, contiguous for `None`; asked only
/// then), then refused unless it is on
/// `r`'s device (a zero-dim CPU result copies anywhere) and of exactly
/// `r`'s dtype, and the copy's own check ([`copied_into`]). The tensor
/// written.
pub fn safe_copy_out(
    cx: &mut Cx<'_>,
    r: &TensorMeta,
    out: &TensorMeta,
    format: impl FnOnce(&mut Cx<'_>) -> Result<Option<MemoryFormat>>,
) -> Result<TensorMeta> {
    let written = if shape::guard_sizes_eq(cx.env, &out.sizes, &r.sizes, cx.op)? {
        out.clone()
    } else {
        let format = format(cx)?;
        resize_output(cx, out, &r.sizes, format)?
    };
    if !(r.dim() == 0 && r.device.is_cpu()) && r.device != out.device {
        return Err(invalid(
            cx,
            format!(
                "Attempting to copy from device {} to device {}, but cross-device copies are not allowed!",
                r.device, out.device
            ),
        ));
    }
    if r.dtype != out.dtype {
        return Err(invalid(
            cx,
            format!(
                "Expected out tensor to have dtype torch.{} but got torch.{} instead",
                r.dtype, out.dtype
            ),
        ));
    }
    copied_into(cx, &written)?;
    Ok(written)
}

/// `t` resized to `sizes` as ATen's `resize_` does it: unchanged when the
/// sizes are the same and no format is asked for, else contiguous (or in
/// `memory_format`); the storage offset stays.
pub fn resize_output(
    cx: &mut Cx<'_>,
    t: &TensorMeta,
    sizes: &[SymInt],
    memory_format: Option<MemoryFormat>,
) -> Result<TensorMeta> {
    Ok(resized_output(cx, t, sizes, memory_format)?.0)
}

/// [`resize_output`], and whether it resized `t` (its sizes differed, or
/// a format was asked for).
fn resized_output(
    cx: &mut Cx<'_>,
    t: &TensorMeta,
    sizes: &[SymInt],
    memory_format: Option<MemoryFormat>,
) -> Result<(TensorMeta, bool)> {
    let mut nonneg = SymBool::Bool(true);
    for &d in sizes {
        let c = cx.env.ge(d, SymInt::Int(0))?;
        nonneg = cx.env.and(nonneg, c)?;
    }
    require(
        cx,
        nonneg,
        "Trying to create tensor with negative dimension",
    )?;
    if memory_format == Some(MemoryFormat::Preserve) {
        return Err(invalid(cx, "Unsupported memory format Preserve".into()));
    }
    let mut out = t.clone();
    if memory_format.is_none() && shape::guard_sizes_eq(cx.env, &t.sizes, sizes, cx.op)? {
        return Ok((out, false));
    }
    out.sizes = sizes.iter().copied().collect();
    out.strides = format_strides(cx, &out.sizes, memory_format)?;
    Ok((out, true))
}

/// Strides of a new tensor in a
/// memory format (contiguous when absent).
pub fn format_strides(
    cx: &mut Cx<'_>,
    shape: &[SymInt],
    memory_format: Option<MemoryFormat>,
) -> Result<Dims> {
    match memory_format {
        None | Some(MemoryFormat::Contiguous) => crate::strides::contiguous(cx.env, shape),
        Some(MemoryFormat::ChannelsLast) if shape.len() == 4 => {
            crate::strides::channels_last(cx.env, shape)
        }
        Some(MemoryFormat::ChannelsLast3d) if shape.len() == 5 => {
            crate::strides::channels_last(cx.env, shape)
        }
        Some(MemoryFormat::Preserve) => Err(invalid(
            cx,
            "preserve_format is not supported for a tensor made from nothing".into(),
        )),
        Some(f) => Err(invalid(
            cx,
            format!(
                "memory format {f} does not fit a tensor of rank {}",
                shape.len()
            ),
        )),
    }
}
