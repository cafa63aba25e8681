"""A move in words, as the video's move list, its subtitles and ``show`` all write it.

Sliding blocks: a piece is called by its label, else by its letter (its id), and a
move is the arrows of its route ("Daughter → ↓"); the move that brings the goal piece
to an exit it fits through, solving the puzzle, also says it leaves that way
("Daughter → ↓ out").  Sliding tiles: the tile's number and its arrow ("5 ←").  Peg
solitaire: the holes of a chain ("d2 → d4"), a hole being its column letter and row
number ("d4"); on a triangle the column is the diagonal the hole stands on, counted
from the left side, and the row is counted from the top (the top hole "a1").  N-Queens:
a step's row and column counted from 1 ("row 3, col 5", "take back row 3"), a solution
its queens' columns row by row ("1 5 8 6 3 7 2 4").  Mastermind: the guess and its
answer as its pins are drawn ("1234 → ●●○").  Komachi and oomachi: a solution's left
side as people write it, close set ("1+2+34−5+67−8+9"); an alphametic: its letters'
digits in the order the video reveals them, column by column from the units ("D = 7").
A label may hold soft hyphens (U+00AD): where a drawing must break the word there;
the words leave them out.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from puzzlereel.rules.sliding_block_layout import BlockLayout
from puzzlereel.trace import Cell

ARROWS = {(1, 0): "→", (-1, 0): "←", (0, 1): "↓", (0, -1): "↑"}
SIDE_DIRECTIONS = {"bottom": (0, 1), "top": (0, -1), "left": (-1, 0), "right": (1, 0)}
SOFT_HYPHEN = "\u00ad"


def _sign(v: float) -> int:
    return (v > 0) - (v < 0)


def arrows(route: Sequence[Cell]) -> str:
    """The arrow of each unit step of ``route`` (its start included): "→→↓"."""
    return "".join(ARROWS.get((_sign(bx - ax), _sign(by - ay)), "·")
                   for (ax, ay), (bx, by) in zip(route, route[1:]))


def piece_name(piece_id: str, label: str | None) -> str:
    """What a sliding piece is called: its label (soft hyphens left out), else its id."""
    return label.replace(SOFT_HYPHEN, "") if label else piece_id


def two_lines(label: str) -> tuple[str, str] | None:
    """``label`` in two lines, broken at the space or soft hyphen nearest its middle (a
    hyphen drawn at a soft one), or None where it has neither."""
    breaks = [i for i, ch in enumerate(label) if ch in (" ", SOFT_HYPHEN)]
    if not breaks:
        return None
    i = min(breaks, key=lambda b: abs(2 * b - len(label)))
    first = label[:i].replace(SOFT_HYPHEN, "") + ("-" if label[i] == SOFT_HYPHEN else "")
    return first, label[i + 1:].replace(SOFT_HYPHEN, "")


def exit_way(exits: Sequence[Mapping[str, Any]], size: tuple[int, int],
             board: tuple[int, int], at: Cell) -> tuple[int, int] | None:
    """The way out (dx, dy) of the first exit that a piece of ``size`` (w, h) standing
    at ``at`` (its top-left) on a ``board`` (w, h) touches and fits through, else None."""
    (w, h), (bw, bh), (x, y) = size, board, at
    for ex in exits:
        way = SIDE_DIRECTIONS.get(str(ex.get("side")))
        off, length = ex.get("offset", 0), ex.get("length", 1)
        if way is None or not isinstance(off, int) or not isinstance(length, int):
            continue
        dx, dy = way
        if dy:
            fits = off <= x and x + w <= off + length
            at_edge = (y + h == bh) if dy > 0 else y == 0
        else:
            fits = off <= y and y + h <= off + length
            at_edge = (x + w == bw) if dx > 0 else x == 0
        if fits and at_edge:
            return way
    return None


def block_words(name: str, route: Sequence[Cell], out: tuple[int, int] | None = None) -> str:
    """A slide in words: the piece's name and its route's arrows ("S ↓←"); ``out``: the
    way it then leaves the board, said after them ("Daughter → ↓ out"; "X →→ out" where
    it leaves the way it slid)."""
    words = f"{name} {arrows(route)}"
    if out is None:
        return words
    way = ARROWS[out]
    return f"{words} out" if words.endswith(way) else f"{words} {way} out"


def slide_words(layout: BlockLayout, piece_id: str, route: Sequence[Cell],
                solved: bool = False) -> str:
    """A move of ``layout``'s piece ``piece_id`` along ``route`` (its start included) in
    words; ``solved``: the move reaches the goal, and where it leaves the goal piece at
    an exit it fits through, the words say it goes out that way."""
    piece = next(p for p in layout.pieces if p.id == piece_id)
    out = None
    if solved and layout.goal and layout.goal[0][0] == piece_id:
        out = exit_way(layout.exits, (piece.w, piece.h), (layout.width, layout.height),
                       route[-1])
    return block_words(piece_name(piece.id, piece.label), route, out)


def tile_words(tile: int, src: int, dst: int, cols: int) -> str:
    """A tile's slide from cell ``src`` to ``dst`` (row-major, ``cols`` a row): "5 ←"."""
    (sr, sc), (dr, dc) = divmod(src, cols), divmod(dst, cols)
    return f"{tile} {ARROWS.get((dc - sc, dr - sr), '·')}"


def column_letter(x: int) -> str:
    """Column ``x`` as the notation writes it: "a" for 0 (its number past "z")."""
    return chr(ord("a") + x) if 0 <= x < 26 else str(x)


def hole_name(c: Cell) -> str:
    """A hole: column letter and row number ("d4" for [3, 3]); on a triangle hole
    [x, y] is the x-th of row y, on the x-th diagonal parallel to the left side."""
    x, y = c
    return f"{column_letter(x)}{y + 1}"


def chain_words(chain: Sequence[Cell]) -> str:
    """"d2 → d4 → f4": the holes a jumping peg stands in, jump by jump."""
    return " → ".join(hole_name(c) for c in chain)


def queen_words(row: int, col: int, place: bool) -> str:
    """An N-Queens step (``row``, ``col`` from 0): "row 3, col 5", "take back row 3"."""
    return f"row {row + 1}, col {col + 1}" if place else f"take back row {row + 1}"


def queens_words(cols: Sequence[int]) -> str:
    """A solution: each row's queen's column, counted from 1 ("1 5 8 6 3 7 2 4")."""
    return " ".join(str(c + 1) for c in cols)


def pins(bulls: int, cows: int) -> str:
    """An answer as its pins are drawn: "●●○" (a black pin for each right colour in the
    right place, a white one for each right colour elsewhere), "none" for no pin."""
    return "●" * bulls + "○" * cows or "none"


def guess_words(code: Sequence[int], bulls: int, cows: int) -> str:
    """A Mastermind guess and its answer: "1234 → ●●○"."""
    return f"{''.join(str(v) for v in code)} → {pins(bulls, cows)}"


SYMBOLS = {"*": "×", "/": "÷", "-": "−"}


def pretty(text: str, spaced: bool = True) -> str:
    """An equation as people write it: real − × ÷, spaced operators (``spaced`` False:
    close set, where a narrow line needs the room)."""
    out = []
    for ch in text.replace(" ", ""):
        if ch in "+-*/=":
            symbol = SYMBOLS.get(ch, ch)
            out.append(f" {symbol} " if spaced or ch == "=" else symbol)
        else:
            out.append(ch)
    return "".join(out)


def equation_words(text: str) -> str:
    """A komachi or oomachi solution ("1+2+34-5+67-8+9=100") as the move list says it:
    its left side close set ("1+2+34−5+67−8+9")."""
    return pretty(text.replace(" ", "").partition("=")[0], spaced=False)


def reveal_order(words: Sequence[str]) -> list[str]:
    """An alphametic's letters in the order the video reveals them: column by column
    from the units, each column's words from the top."""
    order: list[str] = []
    for col in range(max((len(w) for w in words), default=0)):
        for word in words:
            if col < len(word) and word[-1 - col] not in order:
                order.append(word[-1 - col])
    return order


def letter_words(letter: str, digit: int | None) -> str:
    """An alphametic's letter revealed: "D = 7" ("D = ?" where the digit is missing)."""
    return f"{letter} = {'?' if digit is None else digit}"


__all__ = ["ARROWS", "SIDE_DIRECTIONS", "SOFT_HYPHEN", "arrows", "block_words", "chain_words",
           "column_letter", "equation_words", "exit_way", "guess_words", "hole_name",
           "letter_words", "piece_name", "pins", "pretty", "queen_words", "queens_words",
           "reveal_order", "slide_words", "tile_words", "two_lines"]
