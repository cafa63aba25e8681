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
from .tables import BlockArrays, Tables


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


class _Space:
    """The arrays the kernel fills: positions as rows of words, their parents and the hash
    table of their indices, with room for ``cap`` positions."""

    def __init__(self, kernel: ModuleType, tables: Tables, store: Store) -> None:
        self.kernel = kernel
        self.keys, self.parents, self.cap = _arrays_of(tables, store)
        self.table = np.full(self.cap * 2, -1, dtype=np.int32)
        kernel.rebuild(self.keys, len(store.keys), self.table)
        self.per_state = (self.keys.itemsize * tables.K + self.parents.itemsize
                          + 2 * self.table.itemsize)

    def grow(self, n: int, budget: int) -> bool:
        """Double the room, its ``n`` positions kept; False when that would pass
        ``budget`` bytes or the system has less memory than the budget says."""
        if 2 * self.cap * self.per_state > budget:
            return False
        try:
            self.keys, self.parents, self.table = _grown(self.keys, self.parents, self.cap)
        except MemoryError:
            return False
        self.cap *= 2
        self.kernel.rebuild(self.keys, n, self.table)
        return True


def _next_layer(space: _Space, arrays: BlockArrays, lo_hi: tuple[int, int], n: int,
                to_goal: bool, limit: int, budget: int) -> tuple[int, int, bool]:
    """Expand the layer ``lo_hi`` (its positions' indices, from ``lo`` to ``hi``),
    growing the arrays when they fill up: (positions stored, the goal's index or -1,
    whether it stopped at the memory budget)."""
    start, hi = lo_hi
    while True:
        n, found, stopped = space.kernel.expand(space.keys, space.parents, space.table,
                                                start, hi, n, arrays, to_goal, limit)
        if stopped < 0 or found >= 0 or limit >= 0 and n >= limit:
            return n, found, False
        # out of room: grow the arrays and the table, then go on where it stopped
        if not space.grow(n, budget):
            return n, found, True
        start = stopped


def _bfs(kernel: ModuleType, tables: Tables, store: Store, to_goal: bool, budget: int,
         max_states: int | None, progress: Progress) -> Reached:
    space = _Space(kernel, tables, store)
    n = len(store.keys)
    arrays = tables.arrays
    layers = list(store.layers)
    lo, hi, start = store.lo, store.hi, store.next
    limit = max_states if max_states is not None else -1
    while True:
        n, found, out_of_memory = _next_layer(space, arrays, (start, hi), n, to_goal, limit,
                                              budget)
        at_limit = limit >= 0 and n >= limit
        if found >= 0 or out_of_memory or at_limit:
            break
        if n == hi:
            break  # nothing new: the layer lo..hi was the last one
        lo, hi, start = hi, n, hi
        layers.append(hi - lo)
        progress(f"depth {len(layers) - 1}: {count_text(n)} "
                 f"{plural('position', n)}, "
                 f"{count_text(hi - lo)} new", n, None)
    keys = space.keys
    return Reached(path=_path(tables, keys, space.parents, found), stored=n, layers=layers,
                   deepest=hi - lo,
                   last_layer=[tables.as_int(k) for k in keys[lo:min(hi, lo + LAST_KEPT)]],
                   whole=found >= 0 or not out_of_memory and not at_limit,
                   bytes_per_position=space.per_state,
                   budget=budget if out_of_memory else None,
                   choices=partial(compiled_choices, kernel, arrays, keys, space.table,
                                   layers, found, space.parents) if found >= 0 else None)


def _path(tables: Tables, keys: np.ndarray, parents: np.ndarray, found: int) -> list[int]:
    """The positions from the start to the one at index ``found`` (none when -1)."""
    path: list[int] = []
    i = found
    while i >= 0:
        path.append(tables.as_int(keys[i]))
        i = int(parents[i])
    return path[::-1]


def _grown(keys: np.ndarray, parents: np.ndarray, cap: int
           ) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
    """The position store of ``cap`` rows doubled, and an empty hash table for it."""
    bigger = np.zeros((2 * cap, keys.shape[1]), dtype=keys.dtype)
    bigger[:cap] = keys
    more = np.full(2 * cap, -1, dtype=parents.dtype)
    more[:cap] = parents
    return bigger, more, np.full(cap * 4, -1, dtype=np.int32)


