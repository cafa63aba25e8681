"""Small traces of the generate-and-test families for the render tests (N-Queens,
Mastermind, the equation cards), the golden frames' theme and tolerance, a pixel
count by colour, and a trace's film of the scene alone.

Import it as ``tests.render.generate_and_test``.
"""

from __future__ import annotations

import numpy as np

from puzzlereel.render.direction.director import Director
from puzzlereel.render.film.theme import THEMES
from puzzlereel.render.options import RenderOptions
from tests.fixtures import END_SOLVED as END
from tests.fixtures import Tolerance
from tests.fixtures import header as head
from tests.fixtures import jsonl as trace
from tests.render.films import directed

THEME = THEMES["light"]
TOLERANCE = Tolerance(mean=1.5, off=48, by_value=True)

Q4 = trace(head("n-queens", n=4),
           {"type": "place", "row": 0, "col": 1}, {"type": "place", "row": 1, "col": 3},
           {"type": "place", "row": 2, "col": 0}, {"type": "place", "row": 3, "col": 2},
           {"type": "solution", "k": 1, "cols": [1, 3, 0, 2]},
           {"type": "remove", "row": 3, "col": 2},
           {"type": "solution", "k": 2, "cols": [2, 0, 3, 1]}, END)
MM = trace(head("mastermind", symbols=6, length=4, repeats=True, secret=[3, 0, 5, 2], moves=2),
           {"type": "guess", "n": 1, "code": [0, 0, 1, 1], "bulls": 1, "cows": 0},
           {"type": "guess", "n": 2, "code": [3, 0, 5, 2], "bulls": 4, "cows": 0}, END)
AL = trace(head("alphametic", equation="TO + GO = OUT"),
           {"type": "solution", "k": 1, "text": "21+81=102",
            "assignment": {"T": 2, "O": 1, "G": 8, "U": 0}}, END)
KO = trace(head("komachi", target=6, digits=[1, 2, 3], operators=["+", "-"]),
           {"type": "solution", "k": 1, "text": "1+2+3=6"}, END)
OO = trace(head("oomachi", terms=3),
           {"type": "solution", "k": 1, "text": "1267*1268*1269=2038719564"}, END)


def queens_solutions(n: int) -> list[tuple[int, ...]]:
    """Every solution of ``n`` queens in the solver's order (by the first row's column,
    then the next row's...), by plain backtracking."""
    out: list[tuple[int, ...]] = []

    def place(cols: tuple[int, ...]) -> None:
        if len(cols) == n:
            out.append(cols)
            return
        r = len(cols)
        for c in range(n):
            if all(c != q and abs(c - q) != r - k for k, q in enumerate(cols)):
                place((*cols, c))

    place(())
    return out


def queens_trace(n: int) -> str:
    """A trace of ``n`` queens' solutions alone (no search steps), as ``steps = "none"``
    writes it."""
    found = queens_solutions(n)
    return trace(head("n-queens", title=f"{n} queens", n=n),
                 *({"type": "solution", "k": k + 1, "cols": list(cols)}
                   for k, cols in enumerate(found)),
                 {"type": "end", "status": "solved",
                  "stats": {"solutions": len(found), "total_solutions": len(found)}})


def scene_film(text: str, cell: int) -> Director:
    """The finished director of ``text``: the scene alone at ``cell`` pixels a cell
    (tests.render.films)."""
    return directed(text, RenderOptions(cell=cell))


def colour_near(img: np.ndarray, rgb: tuple[int, int, int], tol: int = 12) -> int:
    """Pixels within ``tol`` of ``rgb``."""
    return int((np.abs(img.astype(np.int16) - np.array(rgb)).max(axis=2) <= tol).sum())


__all__ = ["AL", "KO", "MM", "OO", "Q4", "THEME", "TOLERANCE", "colour_near", "queens_solutions",
           "queens_trace", "scene_film"]
