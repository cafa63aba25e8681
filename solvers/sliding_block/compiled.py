"""The sliding-block breadth-first search compiled by numba, for spaces too large for the
plain-Python one (``small``), carrying on from the store that one handed over.

``run_bfs`` loads the compiled ``kernel`` (read from the cache, or compiled), turns the
store into arrays and grows it layer by layer (growing the arrays when they fill up,
stopping at ``--max-states`` or the memory budget); a solution found comes with the
means to count each move's choices on those arrays (``choices.compiled_choices``).
"""

from __future__ import annotations

import math
import warnings
from collections.abc import Callable
from functools import partial
from types import ModuleType

import numpy as np

from puzzlereel.ground.config import format_size
from puzzlereel.ground.progress import Progress
from puzzlereel.ground.words import count_text, plural

from ..stopwatch import Stopwatch
from .choices import compiled_choices
from .small import LAST_KEPT, Reached, Store
from .tables import Tables


class SpaceWarning(UserWarning):
    """The puzzle's space is far larger than the memory budget can hold."""


def space_bound(tables: Tables) -> int:
    """An upper bound on the positions: for every group of alike pieces, the ways to
    choose its pieces' places among the places its shape fits (overlaps not removed); a
    piece held to an axis (a Rush Hour car) only has the places along its own line."""
    layout = tables.puzzle.layout
    start = {p.id: xy for p, xy in zip(layout.pieces, layout.start, strict=True)}
    axis = {p.id: p.axis for p in layout.pieces}
    W = tables.width
    bound = 1
    for g, ids in enumerate(tables.group_ids):
        fits = np.flatnonzero(tables.fits[g])
        if axis[ids[0]] is None:
            bound *= math.comb(len(fits), len(ids))
            continue
        fx, fy = tables.first[g]
        for pid in ids:        # alike pieces on one axis: each keeps to its own line
            x, y = start[pid]
            if axis[pid] == "x":
                bound *= int(np.count_nonzero(fits // W == y + fy))
            else:
                bound *= int(np.count_nonzero(fits % W == x + fx))
    return bound


def warn_if_huge(tables: Tables, budget: int, per_position: int = 20) -> None:
    """Say at once when the space is obviously too large to store (a thousand times what
    the budget holds): the search will likely end at the budget."""
    room = budget // per_position
    bound = space_bound(tables)
    if bound > 1000 * room:
        warnings.warn(f"{tables.puzzle.source or 'this puzzle'}: up to about {bound:.1e} "
                      f"positions, far more than the {format_size(budget)} memory budget "
                      f"holds (about {room:,}); the search stops at the budget unless it "
                      "reaches the goal first", SpaceWarning, stacklevel=2)


def run_bfs(tables: Tables, store: Store, *, to_goal: bool, budget: Callable[[], int],
            max_states: int | None, watch: Stopwatch, progress: Progress
            ) -> Reached:
    """Go on with ``store`` (reached by the plain-Python search) with the compiled kernel,
    storing at most ``budget()`` bytes of positions (asked once the compiled code is
    loaded, so that what loading it takes is no longer counted as free)."""
    with watch.loading(progress):
        kernel = _loaded_kernel(tables)
    limit_bytes = budget()
    warn_if_huge(tables, limit_bytes)
    with watch.searching():
        return _bfs(kernel, tables, store, to_goal, limit_bytes, max_states, progress)


def _loaded_kernel(tables: Tables) -> ModuleType:
    """The compiled kernel, every entry point loaded (read from the cache, or compiled)
    for the types the search calls it with, so that the search's time holds none of it."""
    from puzzlereel.solvers.jit import preload

    from . import kernel

    keys = np.zeros((1, tables.K), dtype=np.uint64)
    parents = np.full(1, -1, dtype=np.int32)
    table = np.full(2, -1, dtype=np.int32)
    a = tables.arrays
    preload(kernel.insert_start, keys, table)
    preload(kernel.rebuild, keys, 0, table)
    preload(kernel.is_goal, keys[0], a.goal_word, a.goal_shift, a.goal_label, a.bits)
    preload(kernel.expand, keys, parents, table, 0, 0, 1, a, True, -1)
    return kernel


def _arrays_of(tables: Tables, store: Store) -> tuple[np.ndarray, np.ndarray, int]:
    """The store's positions as rows of words and its parents, in arrays with room to
    grow (a power of two rows)."""
    n = len(store.keys)
    cap = 1 << max(12, n.bit_length() + 1)
    keys = np.zeros((cap, tables.K), dtype=np.uint64)
    if tables.K == 1:
        keys[:n, 0] = store.keys
    else:
        for i, key in enumerate(store.keys):
            keys[i] = tables.from_int(key)
    parents = np.full(cap, -1, dtype=np.int32)
    parents[:n] = store.parents
    return keys, parents, cap


def _bfs(kernel: ModuleType, tables: Tables, store: Store, to_goal: bool, budget: int,
         max_states: int | None, progress: Progress) -> Reached:
    keys, parents, cap = _arrays_of(tables, store)
    table = np.full(cap * 2, -1, dtype=np.int32)
    n = len(store.keys)
    kernel.rebuild(keys, n, table)
    arrays = tables.arrays
    layers = list(store.layers)
    lo, hi, start = store.lo, store.hi, store.next
    found = -1
    limit = max_states if max_states is not None else -1
    per_state = keys.itemsize * tables.K + parents.itemsize + 2 * table.itemsize
    out_of_memory = False
    while True:
        while True:
            n, found, stopped = kernel.expand(keys, parents, table, start, hi, n, arrays,
                                              to_goal, limit)
            if stopped < 0 or found >= 0:
                break
            if limit >= 0 and n >= limit:
                break
            # out of room: grow the arrays and the table, then go on where it stopped
            if 2 * cap * per_state > budget:
                out_of_memory = True
                break
            try:
                keys, parents, table = _grown(keys, parents, cap)
            except MemoryError:     # the system has less than the budget said: stop
                out_of_memory = True    # here as at the budget
                break
            cap *= 2
            kernel.rebuild(keys, n, table)
            start = stopped
        if found >= 0 or out_of_memory or limit >= 0 and n >= limit:
            break
        if n == hi:
            break  # nothing new: the layer lo..hi was the last one
        lo, hi, start = hi, n, hi
        layers.append(hi - lo)
        progress(f"depth {len(layers) - 1}: {count_text(n)} "
                 f"{plural('position', n)}, "
                 f"{count_text(hi - lo)} new", n, None)
    whole = found >= 0 or not out_of_memory and not (limit >= 0 and n >= limit)

    path: list[int] = []
    i = found
    while i >= 0:
        path.append(tables.as_int(keys[i]))
        i = int(parents[i])
    return Reached(path=path[::-1], stored=n, layers=layers,
                   deepest=hi - lo,
                   last_layer=[tables.as_int(k) for k in keys[lo:min(hi, lo + LAST_KEPT)]],
                   whole=whole, bytes_per_position=per_state,
                   budget=budget if out_of_memory else None,
                   choices=partial(compiled_choices, kernel, arrays, keys, table, layers,
                                   found, parents) if found >= 0 else None)


def _grown(keys: np.ndarray, parents: np.ndarray, cap: int
           ) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
    """The position store of ``cap`` rows doubled, and an empty hash table for it."""
    bigger = np.zeros((2 * cap, keys.shape[1]), dtype=keys.dtype)
    bigger[:cap] = keys
    more = np.full(2 * cap, -1, dtype=parents.dtype)
    more[:cap] = parents
    return bigger, more, np.full(cap * 4, -1, dtype=np.int32)


