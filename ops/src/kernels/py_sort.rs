//! Python's stable `list.sort` of a few items as CPython runs it on a short
//! list (timsort's single run: `count_run`, then a binary insertion sort),
//! with every comparison of two keys a guard, so a sort of symbolic keys
//! asks the ShapeEnv the questions PyTorch's Python code asks, in its order.

use fake_runtime::{Cx, Result};

/// Sort `items` ascending by `lt` (`lt(a, b)`: the key of `a` is less than
/// the key of `b`), stably, as `list.sort` does.
pub(crate) fn py_sort(
    cx: &mut Cx<'_>,
    items: &mut [usize],
    mut lt: impl FnMut(&mut Cx<'_>, usize, usize) -> Result<bool>,
) -> Result<()> {
    let n = items.len();
    if n < 2 {
        return Ok(());
    }
    // count_run: a strictly descending run is reversed.
    let mut run = 2;
    if lt(cx, items[1], items[0])? {
        while run < n && lt(cx, items[run], items[run - 1])? {
            run += 1;
        }
        items[..run].reverse();
    } else {
        while run < n && !lt(cx, items[run], items[run - 1])? {
            run += 1;
        }
    }
    // binarysort(lo, hi, start = lo + run)
    for start in run..n {
        let pivot = items[start];
        let (mut l, mut r) = (0, start);
        while l < r {
            let p = l + ((r - l) >> 1);
            if lt(cx, pivot, items[p])? {
                r = p;
            } else {
                l = p + 1;
            }
        }
        items.copy_within(l..start, l + 1);
        items[l] = pivot;
    }
    Ok(())
}

/// `list.sort(reverse=True)`: the reversed list sorted stably, then
/// reversed again (equal keys keep their order).
pub(crate) fn py_sort_desc(
    cx: &mut Cx<'_>,
    items: &mut [usize],
    lt: impl FnMut(&mut Cx<'_>, usize, usize) -> Result<bool>,
) -> Result<()> {
    items.reverse();
    py_sort(cx, items, lt)?;
    items.reverse();
    Ok(())
}
