"""The sliding-block breadth-first search in plain Python, for spaces small enough that it
ends before the compiled search (numba) would have loaded.

It grows the same store, in the same order, as the compiled kernel (``kernel.expand``):
positions in the order they are first reached, each with its parent's index, layer by
layer, each position's pieces taken in reading order of their anchors and each piece's
destinations in the order the kernel finds them.  So both give the same positions, the
same counts and the same solution, and the compiled search can carry on from where this
one stopped.

What makes it fast enough is that a piece's moves depend only on the empty cells around
it: the moves of every placement are worked out once for each pattern of empty cells
(``Moves``) and looked up for every position that has that pattern.  A puzzle with few
empty cells has few patterns.  The search stops, handing over what it has stored, once it
holds ``max_positions`` positions or has looked at ``max_work`` cells and placements
working out patterns (about 0.15 s here); a board with more than
``MAX_PLACEMENTS`` placements is handed over before it starts.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field

from puzzlereel.ground.progress import Progress, no_progress
from puzzlereel.ground.words import count_text, plural
from puzzlereel.trace import Choices

from .board import BlockBoard

MAX_POSITIONS = 50_000      # positions this search stores before handing over
MAX_WORK = 250_000          # cells and placements it looks at working out patterns, at most
MAX_PLACEMENTS = 20_000     # boards with more placements go to the compiled search at once
LAST_KEPT = 1000            # positions of the deepest layer a result keeps, at most
BYTES_PER_POSITION = 300    # about what one stored position takes here (Python objects)

# One move of one placement, given the empty cells: (change of the packed position,
# change of the pieces' bits, the empty cells after it).
Step = tuple[int, int, int]


@dataclass
class Store:
    """The positions reached so far, in the order first reached, and what the search
    needs to go on: their parents (indexes), pieces (one bit per group and anchor) and
    empty cells (one bit per cell); positions ``lo`` to ``hi`` - 1 are the layer being
    expanded, from ``next`` on."""

    keys: list[int]
    parents: list[int]
    pieces: list[int]
    empties: list[int]
    layers: list[int] = field(default_factory=list)  # positions at each depth (complete)
    lo: int = 0
    hi: int = 1
    next: int = 0
    found: int = -1                  # the goal's index, or -1
    done: bool = False               # the whole space searched, or the goal found
    moves: Moves | None = None       # the moves of every pattern worked out so far
    index: dict[int, int] = field(default_factory=dict)  # each position's index in keys


@dataclass
class Reached:
    """What a search reached, whichever search ran."""

    path: list[int]               # packed positions from the start to the goal, or []
    stored: int                   # positions stored
    layers: list[int]             # positions at each depth (complete layers)
    deepest: int                  # positions in the deepest layer reached
    last_layer: list[int]         # packed positions of that layer, the first LAST_KEPT
    whole: bool                   # the goal was found, or every position reached
    bytes_per_position: float
    budget: int | None = None     # the memory budget, when it stopped the search
    # each move of ``path``: its position's legal moves and those that keep the
    # optimum, worked out when called (``choices``); None without a path
    choices: Callable[[], list[Choices]] | None = None


class Moves:
    """Every placement's moves for one pattern of empty cells, worked out on first use."""

    def __init__(self, board: BlockBoard) -> None:
        self.board = board
        C = board.C
        self.cells = [[sum(1 << c for c in cs) if cs is not None else -1
                       for cs in board.cells_at[g]] for g in range(board.G)]
        # the placements a pattern can let move: those next to one of its empty cells
        self.near: list[list[tuple[int, int]]] = [[] for _ in range(C)]
        for g in range(board.G):
            for a in range(C):
                covered = board.cells_at[g][a]
                if covered is None:
                    continue
                halo = {q for c in covered for d in board.dirs[g]
                        if (q := board.nbr[c][d]) >= 0 and q not in covered}
                for c in halo:
                    self.near[c].append((a, g))
        self.patterns: dict[int, tuple[int, dict[int, list[Step]]]] = {}
        self.movable: dict[int, list[tuple[int, list[Step]]]] = {}
        self.work = 0           # cells and placements looked at working out patterns

    def of(self, empty: int) -> tuple[int, dict[int, list[Step]]]:
        """For the pattern ``empty`` (the empty cells): the bits of every placement that
        can move, and a mapping, filled by ``steps``, from the placements present to
        their moves."""
        found = self.patterns.get(empty)
        if found is None:
            movable = self._work_out(empty)
            found = self.patterns[empty] = (sum(bit for bit, _ in movable), {})
            self.movable[empty] = movable
        return found

    def steps(self, empty: int, present: int) -> list[Step]:
        """The moves of the placements ``present`` (bits) under the pattern ``empty``: the
        pieces in reading order of their anchors, each piece's moves in order."""
        out = [step for bit, steps in self.movable[empty] if present & bit for step in steps]
        self.patterns[empty][1][present] = out
        return out

    def _work_out(self, empty: int) -> list[tuple[int, list[Step]]]:
        board, C = self.board, self.board.C
        candidates: set[tuple[int, int]] = set()
        rest = empty
        while rest:
            c = (rest & -rest).bit_length() - 1
            rest &= rest - 1
            candidates.update(self.near[c])
            self.work += 1
        self.work += len(candidates)
        out = []
        for a, g in sorted(candidates):
            own = self.cells[g][a]
            if own & empty:
                continue
            dests = self.destinations(g, a, empty | own)
            self.work += len(dests)
            if dests:
                lifted = empty | own
                steps = [(board.pkey[g][q] - board.pkey[g][a],
                          (1 << (g * C + a)) | (1 << (g * C + q)),
                          lifted & ~self.cells[g][q]) for q in dests]
                out.append((1 << (g * C + a), steps))
        return out

    def destinations(self, g: int, a: int, free: int) -> list[int]:
        """Where the piece of group ``g`` at ``a`` can go in one move, ``free`` the cells
        it may cover, in the order the compiled kernel finds them."""
        board, cells = self.board, self.cells[g]

        def fits(q: int) -> bool:
            return q >= 0 and cells[q] >= 0 and cells[q] & ~free == 0

        out: list[int] = []
        metric = board.metric_code
        if metric == 0:                         # piece: any route, found breadth-first
            seen = {a}
            queue = [a]
            for p in queue:
                for d in board.dirs[g]:
                    q = board.nbr[p][d]
                    if fits(q) and q not in seen:
                        seen.add(q)
                        queue.append(q)
                        out.append(q)
            return out
        for d in board.dirs[g]:                 # line: any distance; step: one cell
            q = board.nbr[a][d]
            while fits(q):
                out.append(q)
                if metric == 2:
                    break
                q = board.nbr[q][d]
        return out


def start_store(board: BlockBoard) -> Store:
    """The store holding only the start."""
    layout = board.puzzle.layout
    pieces = 0
    occupied = 0
    for p, (x, y) in zip(layout.pieces, layout.start, strict=True):
        g = board.group_of[p.id]
        fx, fy = board.first[g]
        a = (y + fy) * board.width + x + fx
        pieces |= 1 << (g * board.C + a)
        occupied |= sum(1 << c for c in board.cells_at[g][a] or ())
    walls = sum(1 << (y * board.width + x) for x, y in layout.walls)
    empty = ((1 << board.C) - 1) & ~occupied & ~walls
    return Store(keys=[board.start], parents=[-1], pieces=[pieces], empties=[empty],
                 layers=[1])


def search(board: BlockBoard, *, to_goal: bool, max_states: int | None = None,
           max_positions: int = MAX_POSITIONS, max_work: int | None = None,
           progress: Progress = no_progress) -> Store:
    """Breadth-first search from the start; the store is ``done`` when the goal was
    found (``found``) or every position was reached, else it stopped at a limit
    (``max_states``: the user's; ``max_positions``, ``max_work`` (default ``MAX_WORK``):
    this search's, and ``MAX_PLACEMENTS``, past which it does not start)."""
    max_work = MAX_WORK if max_work is None else max_work
    store = start_store(board)
    if board.G * board.C > MAX_PLACEMENTS:
        return store                          # handed over before the first position
    keys, parents, pieces, empties = store.keys, store.parents, store.pieces, store.empties
    mask, value = board.goal_test()
    if to_goal and board.start & mask == value:
        store.found, store.done = 0, True
        return store
    if not to_goal:
        mask, value = 0, 1                    # no position is the goal
    moves = store.moves = Moves(board)
    seen = store.index = {board.start: 0}
    cap = min(max_positions, max_states if max_states is not None else max_positions)
    patterns = moves.patterns
    known = patterns.get
    keep, add_parent = keys.append, parents.append
    add_pieces, add_empty = pieces.append, empties.append
    lo, hi = 0, 1
    n = 1
    while True:
        for s in range(lo, hi):
            if n >= cap:
                store.lo, store.hi, store.next = lo, hi, s
                return store
            key, have = keys[s], pieces[s]
            empty = empties[s]
            entry = known(empty)
            if entry is None:
                if moves.work >= max_work:
                    store.lo, store.hi, store.next = lo, hi, s
                    return store
                entry = moves.of(empty)
            present = have & entry[0]
            steps = entry[1].get(present)
            if steps is None:
                steps = moves.steps(empty, present)
            for dkey, dpieces, after in steps:
                k = key + dkey
                if k not in seen:
                    seen[k] = n
                    keep(k)
                    add_parent(s)
                    add_pieces(have ^ dpieces)
                    add_empty(after)
                    n += 1
                    if k & mask == value:
                        store.found, store.done = n - 1, True
                        store.lo, store.hi, store.next = lo, hi, s
                        return store
        if n == hi:                   # nothing new: the layer lo..hi was the last one
            store.lo, store.hi, store.next, store.done = lo, hi, hi, True
            return store
        lo, hi = hi, n
        store.layers.append(hi - lo)
        progress(f"depth {len(store.layers) - 1}: {count_text(n)} "
                 f"{plural('position', n)}, "
                 f"{count_text(hi - lo)} new", n, None)


def reached(store: Store) -> Reached:
    """What a finished store reached (the goal, or the whole space)."""
    path = []
    index = store.found
    while index >= 0:
        path.append(store.keys[index])
        index = store.parents[index]
    return Reached(path=path[::-1], stored=len(store.keys), layers=store.layers,
                   deepest=store.hi - store.lo,
                   last_layer=store.keys[store.lo:min(store.hi, store.lo + LAST_KEPT)],
                   whole=store.done,
                   bytes_per_position=BYTES_PER_POSITION)


__all__ = ["BYTES_PER_POSITION", "LAST_KEPT", "MAX_PLACEMENTS", "MAX_POSITIONS", "MAX_WORK",
           "Moves", "Reached", "Store", "reached", "search", "start_store"]
