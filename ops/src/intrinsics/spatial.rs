//! Intrinsics of spatial rearrangements: `col2im`'s output sizes with the
//! checks of its Python decomposition (which FakeTensorMode runs), and its
//! layout; the view a sampler's decomposition takes of its grid.

use super::*;

/// A list as Python prints it: `[2, 2]`.
fn py_list(env: &fake_runtime::ShapeEnv, v: &[SymInt]) -> String {
    shape::display_dims(env, v)
}

/// `view_sizes(t, shape)`: the sizes of `t.view(shape)`, its checks and
/// guards those of the fake `view` (a decomposition that views an
/// argument, as `grid_sampler_2d`'s views its grid, guards as the view
/// does: the element counts equal, then each merged or split group).
pub fn view_sizes(cx: &mut Cx<'_>, t: &TensorMeta, shape: Dims) -> Result<Dims> {
    Ok(view_geometry(cx, t, &shape)?.0)
}

/// `col2im_out(input, output_size, kernel_size, dilation, padding,
/// stride)`: the sizes of `col2im(input, ...)`, as
/// `torch._decomp.decompositions.col2im`: 2-D parameters, positive ones
/// (padding non-negative), a 2-D or 3-D input whose last two sizes are not
/// zero, its channel dim divisible by the kernel's area and its last dim
/// the number of blocks; the result `[*batch, channels / kernel area,
/// *output_size]`.
pub fn col2im_out(
    cx: &mut Cx<'_>,
    input: &TensorMeta,
    output_size: Dims,
    kernel_size: IntList,
    dilation: IntList,
    padding: IntList,
    stride: IntList,
) -> Result<Dims> {
    let lists: [(&str, usize); 5] = [
        ("output_size", output_size.len()),
        ("kernel", kernel_size.len()),
        ("dilation", dilation.len()),
        ("padding", padding.len()),
        ("stride", stride.len()),
    ];
    for (name, len) in lists {
        if len != 2 {
            return Err(invalid(cx, format!("only 2D {name} supported")));
        }
    }
    let static_lists: [(&str, &IntList, bool); 4] = [
        ("kernel_size", &kernel_size, true),
        ("dilation", &dilation, true),
        ("padding", &padding, false),
        ("stride", &stride, true),
    ];
    for (name, v, strict) in static_lists {
        let ok = v.iter().all(|&p| if strict { p > 0 } else { p >= 0 });
        if !ok {
            let shown: Dims = v.iter().map(|&p| SymInt::Int(p)).collect();
            return Err(invalid(
                cx,
                format!(
                    "{name} should be greater than zero, but got {}",
                    py_list(cx.env, &shown)
                ),
            ));
        }
    }
    // `all(p > 0 for p in output_size)`: one decision per size, up to the
    // first that fails.
    for &o in &output_size {
        let ok = cx.env.gt(o, SymInt::Int(0))?;
        let shown = output_size.clone();
        shape::check_printing(cx.env, ok, cx.op, &|env| {
            format!(
                "output_size should be greater than zero, but got {}",
                py_list(env, &shown)
            )
        })?;
    }
    let s = input.sizes.clone();
    let n = s.len();
    let mut ok = SymBool::Bool(n == 2 || n == 3);
    if n == 2 || n == 3 {
        for &d in &s[n - 2..] {
            let c = cx.env.ne(d, SymInt::Int(0))?;
            ok = cx.env.and(ok, c)?;
        }
    }
    shape::check_printing(cx.env, ok, cx.op, &|env| {
        format!(
            "Expected 2D or 3D (batch mode) tensor for input with possible 0 batch size and non-zero dimensions, but got: {}",
            shape::display_dims(env, &s)
        )
    })?;
    let area = kernel_size[0]
        .checked_mul(kernel_size[1])
        .ok_or_else(|| invalid(cx, "kernel_size overflows".into()))?;
    let channels = s[n - 2];
    let rem = cx.env.modulo(channels, SymInt::Int(area))?;
    let divisible = cx.env.eq(rem, SymInt::Int(0))?;
    shape::check_printing(cx.env, divisible, cx.op, &|env| {
        format!(
            "Expected size of input's first non-batch dimension to be divisible by the product of kernel_size, but got input.shape[-2] = {} and kernel_size={kernel_size:?}",
            env.display(channels)
        )
    })?;
    let mut blocks = SymInt::Int(1);
    for i in 0..2 {
        // 1 + (out + 2 * pad - dil * (ker - 1) - 1) // st
        let int = SymInt::Int;
        let pad2 = cx.env.mul(int(2), int(padding[i]))?;
        let k1 = cx.env.sub(int(kernel_size[i]), int(1))?;
        let span = cx.env.mul(int(dilation[i]), k1)?;
        let x = cx.env.add(output_size[i], pad2)?;
        let x = cx.env.sub(x, span)?;
        let x = cx.env.sub(x, int(1))?;
        let x = cx.env.floordiv(x, SymInt::Int(stride[i]))?;
        let col = cx.env.add(SymInt::Int(1), x)?;
        blocks = cx.env.mul(blocks, col)?;
    }
    let last = s[n - 1];
    let message = |env: &fake_runtime::ShapeEnv| {
        format!(
            "Given output_size={}, kernel_size={kernel_size:?}, dilation={dilation:?}, padding={padding:?}, stride={stride:?}, expected input.size(-1) to be {} but got {}.",
            py_list(env, &output_size),
            env.display(blocks),
            env.display(last)
        )
    };
    let same = cx.env.eq(last, blocks)?;
    shape::check_printing(cx.env, same, cx.op, &message)?;
    let some = cx.env.gt(blocks, SymInt::Int(0))?;
    shape::check_printing(cx.env, some, cx.op, &message)?;
    let mut out: Dims = s[..n - 2].iter().copied().collect();
    out.push(cx.env.floordiv(channels, SymInt::Int(area))?);
    out.extend(output_size.iter().copied());
    Ok(out)
}

/// `col2im_strides(self, shape, padding)`: the layout of `col2im`'s
/// decomposition, which sums the blocks into a new contiguous buffer
/// padded by `padding` on each side (`[N, C, H + 2 * pad_h, W + 2 *
/// pad_w]`, `N` 1 for an unbatched input) and crops it with `F.pad`'s
/// negative pads: the clone of the cropped view
/// ([`pad_strides`]), which keeps the buffer's
/// strides where the crop is dense and non-overlapping (a single row),
/// then `squeeze(0)` for an unbatched input.
pub fn col2im_strides(
    cx: &mut Cx<'_>,
    input: &TensorMeta,
    shape: Dims,
    padding: IntList,
) -> Result<Dims> {
    let batched = shape.len() == 4;
    let mut sizes = shape;
    if !batched {
        sizes.insert(0, SymInt::Int(1));
    }
    let n = sizes.len();
    if n != 4 || padding.len() != 2 {
        return Err(invalid(
            cx,
            format!(
                "col2im: a 4-D result and 2 paddings, got {n} dims and {} paddings",
                padding.len()
            ),
        ));
    }
    let mut padded = sizes.clone();
    for (size, &pad) in padded[2..].iter_mut().zip(padding.iter()) {
        *size = cx.env.add(*size, SymInt::Int(2 * pad))?;
    }
    let cropped = TensorMeta {
        sizes,
        strides: contiguous(cx, padded)?,
        ..input.clone()
    };
    let mut strides = cloned_strides(cx, &cropped)?;
    if !batched {
        strides.remove(0);
    }
    Ok(strides)
}
