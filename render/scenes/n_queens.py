"""The N-Queens scene: a chessboard where the backtracking search places and takes back
queens, then the solutions: the first on the board itself, the others in a montage of a
few boards large enough to read, counted as they come.

Squares attacked by the queens on the board are tinted, so the search's pruning can be
seen: a queen is only ever placed on an untinted square of the next row.  A placed queen
fades in (the squares it attacks are tinted once it stands), a removed one fades out in
the theme's target colour.  A long search is shown as a **time-lapse**: its first and
last ``ALONE`` steps one at a time (``STEP_UNITS`` each: the rules, then the slow run up
to the solution), the steps between them a few at once (``LAPSE_UNITS`` a beat, the
board jumping to where the search stands and the counter running on), so that the whole
run lasts about ``SEARCH_BUDGET`` units and no step is on screen for less than a
``LAPSE_UNITS`` beat.

The first solution fills the board, its queens in the goal colour (``FIRST_UNITS``).
From the second on the solutions fill a **montage**: a grid of at most ``GRID`` x
``GRID`` boards, apart from each other and framed, their queens drawn as the board's
are (crowns) and never under the frame's floor (fewer boards when they would be), the
newest outlined.  Once the grid is full, each new solution takes the place of the
oldest; past ``SOLUTION_UNITS`` a board for about ``MONTAGE_BUDGET`` units, the rest are
counted a few at once, a beat of ``MONTAGE_LAPSE`` units each, or longer so that a
board shows ``BOARD_SEEN`` units (the grid shows the last of each beat).  At most
``MAX_SOLUTIONS`` solutions are shown, or the trace header's ``render.max_solutions``
hint.  Search steps after the first solution (a trace that records the whole search)
are not drawn: the video goes on with the solutions.  The payoff (a solved trace with
more than one solution shown) gives the montage's place to the **set** of the
solutions (``queens_set``: every solution small, or the fundamental ones with how many
each stands for, the count said), which the video ends on; the move list then marks
none.

``advance`` only records what happened; ``retime``, once every event is known, turns
the records into beats (the time-lapse needs the length of the run, the montage the
number of solutions).  Every square that ever holds a queen has one element showing the
queen of the search, the leaving one or the solved one; every square ever attacked one
tint; every place of the montage one element, whose variants are the solutions it
shows.
"""

from __future__ import annotations

from dataclasses import dataclass, replace

from puzzlereel.ground.words import article, plural
from puzzlereel.render.direction.scene.beats import Beat, BeatSound, Tween
from puzzlereel.render.direction.scene.interface import SceneBase
from puzzlereel.render.direction.scene.lapse import time_lapse
from puzzlereel.render.direction.scene.shown import Shown
from puzzlereel.render.direction.scene.stage import Stage
from puzzlereel.render.direction.scene.tweens import fade
from puzzlereel.render.film.draw import darker, mix
from puzzlereel.render.film.elements import Element
from puzzlereel.render.film.shapes import Chequer, Rect, Shape, group
from puzzlereel.render.film.theme import Theme
from puzzlereel.render.options import SCENE_HINTS, RenderOptions
from puzzlereel.render.scenes.crown import crown, crown_box
from puzzlereel.render.scenes.montage import Look, Montage, attacked, grid_cols
from puzzlereel.render.scenes.queens_set import QueenSet, SetLook, choose, queen_floor
from puzzlereel.rules.n_queens import NQueensReplay
from puzzlereel.rules.notation import queen_words, queens_words
from puzzlereel.trace import Header, Place, Remove, Replay, Replayed, SolutionFound

QUEENS_BORDER = 0.32            # frame thickness, in cells
MAX_SOLUTIONS = 200     # solutions drawn by default (a 12-queens trace holds 14,200)
STEP_UNITS = 1.4        # a search step shown alone lasts this many `speed` units
LAPSE_UNITS = 1.2       # a time-lapse beat of several steps or solutions
ALONE = 6               # steps shown alone at each end of a time-lapsed search
SEARCH_BUDGET = 32.0    # a run of search steps lasts about this many units at most
FIRST_UNITS = 6.0       # the first solution, on the board itself
SOLUTION_UNITS = 2.0    # each solution while the montage fills
MONTAGE_BUDGET = 24.0   # the solutions after those, counted in about this many units
MONTAGE_LAPSE = 2.0     # a beat of the montage's time-lapse: a new board each this long
BOARD_SEEN = 4.0        # ... and longer where the montage is so few boards that one
                        # would show for less than this
TINT = 0.1              # a placed queen's tints fade in over this last share of the step


@dataclass(frozen=True)
class Step:
    """A search step: the columns before and after it, the square, placed or removed."""

    before: tuple[int, ...]
    after: tuple[int, ...]
    square: tuple[int, int]
    place: bool


@dataclass(frozen=True)
class Found:
    """A solution shown: its columns and its number."""

    cols: tuple[int, ...]
    number: int


class NQueensScene(SceneBase):
    """Draws n-queens traces: the search (place/remove) and then the solutions."""

    counter_word = "Step"

    def __init__(self, header: Header, options: RenderOptions, theme: Theme) -> None:
        super().__init__(header, options, theme)
        self.n = NQueensReplay(header).n      # parses and checks the header's fields
        limit = header.render.get("max_solutions") if isinstance(header.render, dict) else None
        low, high = SCENE_HINTS["max_solutions"]       # a hint outside: header_hints warns
        self.max_solutions = (limit if isinstance(limit, int) and not isinstance(limit, bool)
                              and low <= limit <= high else MAX_SOLUTIONS)
        self.cols: tuple[int, ...] = (-1,) * self.n
        self.steps = 0
        self.shown = 0
        self.found_any = False                # a solution came (shown or not)
        self.solutions: list[tuple[int, ...]] = []    # every solution of the trace
        self.records: list[Step | Found] = []
        self.light = theme.board
        self.dark = mix(theme.board, theme.frame, 0.4)
        self.tint = mix(theme.board, theme.target, 0.28)
        self.tint_dark = mix(self.dark, theme.target, 0.28)
        self.queen = theme.text
        self.solved = theme.goal
        self.leaving = theme.target

    # ---------------------------------------------------------------- words

    def extent(self) -> tuple[float, float]:
        return (self.n + 2 * QUEENS_BORDER, self.n + 2 * QUEENS_BORDER)

    def goal_sentence(self) -> str:
        board = f"{article(self.n)} {self.n}×{self.n} board"
        return self.goal_of(("the queens", f"{self.n} queens on {board}"))

    def end_text(self, count: int) -> str:
        if self.counter_word == "Step":
            return f"{count} {plural('step', count)}"
        more = " shown" if self.shown >= self.max_solutions else ""
        return f"{count} {plural('solution', count)}{more}"

    def shown_count(self) -> int | None:
        return self.shown

    # ---------------------------------------------------------------- the stage

    def stage(self, stage: Stage) -> None:
        c, t = stage.cell, self.theme
        self.st = stage
        self.cell = c
        self.fp = fp = max(2, round(QUEENS_BORDER * c))
        self.width = W = self.n * c + 2 * fp
        self.board = stage.add("board", group([Rect(0, 0, W, W, t.frame, rx=fp * 0.9),
                                               Chequer(fp, fp, self.n, c, self.light,
                                                       self.dark)]), "under")
        self.crowns = self._crowns(c)
        self.tint_shapes = (Rect(0, 0, c, c, self.tint), Rect(0, 0, c, c, self.tint_dark))
        self.tints: dict[tuple[int, int], Element] = {}
        self.queens: dict[tuple[int, int], Element] = {}
        self.book = Shown()                    # what each element shows, beat by beat
        self.book.on[self.board] = True
        self.montage: Montage | None = None
        self.order: dict[int, int] = {}        # a solution's number -> its turn in the montage
        self.timed: list[Beat] | None = None
        self.lapse = MONTAGE_LAPSE             # a montage's time-lapse beat, in units
        self.payoff_set: QueenSet | None = None  # the set the video ends on

    def _crowns(self, square: int) -> list[Shape]:
        """The queen in a square of ``square`` pixels: of the search, leaving, solved."""
        size, off, border = crown_box(square)
        return [crown(off, off, size, fill, edge, border) for fill, edge in (
            (self.queen, darker(self.queen, 0.5)), (self.leaving, darker(self.leaving)),
            (self.solved, darker(self.solved)))]

    def _square(self, row: int, col: int) -> tuple[int, int]:
        return (self.fp + col * self.cell, self.fp + row * self.cell)

    def _tint(self, sq: tuple[int, int]) -> Element:
        el = self.tints.get(sq)
        if el is None:
            x, y = self._square(*sq)
            el = self.tints[sq] = self.st.add("tint", self.tint_shapes[sum(sq) % 2], "under",
                                              x=x, y=y, opacity=0.0)
        return el

    def _queen(self, sq: tuple[int, int]) -> Element:
        """The queen of square ``sq``: variants for the search, leaving and solved."""
        el = self.queens.get(sq)
        if el is None:
            x, y = self._square(*sq)
            el = self.queens[sq] = self.st.add("queen", self.crowns, x=x, y=y, opacity=0.0)
        return el

    # ---------------------------------------------------------------- tweens

    def _queens_at(self, squares: set[tuple[int, int]], look: int,
                   skip: tuple[int, int] | None = None) -> list[Tween]:
        """Queens showing ``look`` on ``squares`` and nowhere else (``skip`` aside)."""
        out: list[Tween] = []
        for sq in sorted(set(self.queens) | squares):
            if sq == skip:
                continue
            el = self._queen(sq)
            if sq in squares:
                out += self.book.looks(el, look)
            out += self.book.visible(el, sq in squares)
        return out

    # ---------------------------------------------------------------- events

    def advance(self, item: Replayed, replay: Replay) -> list[Beat]:
        """Each step and solution as a beat that says when and in which words; what it
        shows comes in ``retime``."""
        ev = item.applied
        if isinstance(ev, (Place, Remove)):
            if self.found_any:           # the search after the first solution is not drawn
                return []
            before = self.cols
            place = isinstance(ev, Place)
            self.cols = tuple((ev.col if place else -1) if r == ev.row else c
                              for r, c in enumerate(before))
            self.steps += 1
            self.counter_word = "Step"
            self.records.append(Step(before, self.cols, (ev.row, ev.col), place))
            return [Beat(move=self.steps, word="Step", units=STEP_UNITS, pause=False,
                         sheet=False, note=queen_words(ev.row, ev.col, place),
                         sounds=(BeatSound("pop", 0.5),) if place else ())]
        if isinstance(ev, SolutionFound) and ev.cols is not None:
            self.found_any = True
            self.solutions.append(tuple(ev.cols))
            if self.shown >= self.max_solutions:
                return []
            self.shown += 1
            self.counter_word = "Solution"
            self.records.append(Found(tuple(ev.cols), self.shown))
            return [Beat(move=self.shown, word="Solution", units=SOLUTION_UNITS, pause=False,
                         note=queens_words(ev.cols),
                         sounds=(BeatSound("click"),))]
        return []

    def retime(self, beats: list[Beat]) -> list[Beat]:
        """The beats of the whole trace: the search's steps (all before the first
        solution, ``advance``) as a time-lapse, then the solutions on the board or in the
        montage (once; later calls return them)."""
        if self.timed is not None:
            return self.timed
        split = next((k for k, r in enumerate(self.records) if isinstance(r, Found)),
                     len(self.records))
        steps = self._search_groups(list(range(split)))
        solutions = self._solution_groups(list(range(split, len(beats))))
        shown = [self.records[g[-1]] for g in solutions]
        if len(shown) > 1:
            self.order = {f.number: k for k, f in enumerate(shown) if isinstance(f, Found)}
            look = Look(self.light, self.dark, self.theme.frame, self.theme.highlight,
                        self.solved, lambda sq: self._crowns(sq)[2])
            self.montage = Montage(self.st, [f.cols for f in shown if isinstance(f, Found)],
                                   self.width, self.n, look, queen_floor(self.st.legible))
        self.timed = [self._search_beat(beats, g) for g in steps] + \
            [self._solution_beat(beats, g) for g in solutions]
        return self.timed

    def _search_groups(self, index: list[int]) -> list[list[int]]:
        """The search's steps as beats: one a step when they fit ``SEARCH_BUDGET``,
        else the first and last ``ALONE`` alone and those between them a few a beat."""
        return time_lapse(index, units=STEP_UNITS, budget=SEARCH_BUDGET, lapse=LAPSE_UNITS,
                          head=ALONE, tail=ALONE)

    def _solution_groups(self, index: list[int]) -> list[list[int]]:
        """The solutions as beats: one a solution while the montage fills (the first
        alone on the board) and for ``MONTAGE_BUDGET`` units after that, else a few a
        beat."""
        places = 1 if self.shown <= 1 else grid_cols(
            self.shown, self.width, self.n, queen_floor(self.st.legible)) ** 2
        self.lapse = max(MONTAGE_LAPSE, BOARD_SEEN / places)
        slow = [i for i in index if self._number(i) <= places]
        fast = [i for i in index if self._number(i) > places]
        return [[i] for i in slow] + time_lapse(fast, units=SOLUTION_UNITS,
                                                budget=MONTAGE_BUDGET, lapse=self.lapse)

    def _number(self, i: int) -> int:
        found = self.records[i]
        assert isinstance(found, Found)
        return found.number

    # ---------------------------------------------------------------- the search

    def _search_beat(self, beats: list[Beat], group_: list[int]) -> Beat:
        """A step alone, or several at once: the board jumps to where the search stands
        after the last, the counter runs on to its number."""
        last = beats[group_[-1]]
        step = self.records[group_[-1]]
        assert isinstance(step, Step)
        if len(group_) == 1:
            return replace(last, tweens=tuple(self._step(step)))
        first = beats[group_[0]]
        return replace(last, tweens=tuple(self._jump(step.after)), units=LAPSE_UNITS,
                       note=f"steps {first.move}–{last.move}", sounds=(BeatSound("click"),))

    def _step(self, step: Step) -> list[Tween]:
        """A queen fading in on its square (the squares it attacks tinted once it
        stands), or fading out there in the leaving colour (the tints it made gone at
        once)."""
        before, after, sq, place = step.before, step.after, step.square, step.place
        out = self.book.visible(self.board, True)
        standing = {(r, c) for r, c in enumerate(after) if c >= 0} - {sq}
        out += self._queens_at(standing, 0, skip=sq)
        el = self._queen(sq)
        out += self.book.looks(el, 0 if place else 1)
        out.append(fade(el, 0.0, 1.0) if place else fade(el, 1.0, 0.0))
        self.book.on[el] = place
        first = attacked(before) if place else attacked(after)
        then = attacked(after)
        for square in sorted(set(self.tints) | first | then):
            out += self.book.visible(self._tint(square), square in first, square in then,
                                     last=TINT)
        return out

    def _jump(self, after: tuple[int, ...]) -> list[Tween]:
        """The board as the search stands after a few steps, at once: its queens and the
        squares they attack."""
        out = self.book.visible(self.board, True)
        out += self._queens_at({(r, c) for r, c in enumerate(after) if c >= 0}, 0)
        then = attacked(after)
        for square in sorted(set(self.tints) | then):
            out += self.book.visible(self._tint(square), square in then)
        return out

    # ---------------------------------------------------------------- the solutions

    def _solution_beat(self, beats: list[Beat], group_: list[int]) -> Beat:
        """The trace's first solution on the board itself; any other (the last of a few
        counted at once) into the montage."""
        last = beats[group_[-1]]
        found = self.records[group_[-1]]
        assert isinstance(found, Found)
        if found.number == 1:
            return replace(last, tweens=tuple(self._first(found.cols)), units=FIRST_UNITS)
        units = SOLUTION_UNITS if len(group_) == 1 else self.lapse
        return replace(last, tweens=tuple(self._montage_beat(found)), units=units)

    def _first(self, cols: tuple[int, ...]) -> list[Tween]:
        """The first solution on the board itself, its queens in the goal colour."""
        out = self.book.visible(self.board, True)
        for el in self.tints.values():
            out += self.book.visible(el, False)
        return out + self._queens_at({(r, c) for r, c in enumerate(cols) if c >= 0}, 2)

    def _montage_beat(self, found: Found) -> list[Tween]:
        """Solution ``found`` on its board of the montage (an empty one at first, the
        oldest once all hold one), the montage opening over the board if it does not
        show yet."""
        assert self.montage is not None
        out: list[Tween] = []
        if self.book.showing(self.board):
            out += self.book.fade(self.board, False, 0.0, 0.35)
            for el in (*self.tints.values(), *self.queens.values()):
                out += self.book.fade(el, False, 0.0, 0.35)
            out += self.montage.opens(self.book)
        return out + self.montage.comes(self.order[found.number], self.book)

    # ---------------------------------------------------------------- the payoff

    def payoff(self) -> Beat | None:
        """After a montage, the ending: the montage fades out and the set of the
        solutions fades in, the move list marking none (None without a montage, or
        where not one board of the set fits)."""
        if self.montage is None or not self.montage.showing(self.book):
            return None
        the_set = self.payoff_set = self._set()
        if the_set is None:
            return None
        out = self.montage.leaves(self.book, (0.0, 0.5)) + the_set.shows(self.book, 0.0, 0.5)
        return Beat(tuple(out), move=None, units=2.0, pause=False, sheet=False, marks=False)

    def _set(self) -> QueenSet | None:
        """The set of the solutions (``queens_set.choose``) on the stage, or None."""
        px = self.st.legible or max(8, round(self.width * 0.04))
        chosen = choose(self.solutions, self.width, self.n, queen_floor(self.st.legible), px)
        if chosen is None:
            return None
        t = self.theme
        look = SetLook(self.light, self.dark, t.frame, t.text, t.muted, lambda size: crown(
            0, 0, size, self.solved, darker(self.solved), max(1, round(size * 0.06))))
        return QueenSet(self.st, chosen, look)


__all__ = ["ALONE", "BOARD_SEEN", "FIRST_UNITS", "LAPSE_UNITS", "MAX_SOLUTIONS",
           "MONTAGE_BUDGET", "MONTAGE_LAPSE", "SEARCH_BUDGET", "SOLUTION_UNITS", "STEP_UNITS",
           "Found", "NQueensScene", "Step"]
