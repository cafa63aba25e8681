"""How a generate-and-test video opens and ends, in every layout: it opens on its puzzle
(komachi's digits with empty slots, the alphametic's words over blank digits, oomachi's
factors over empty slots, Mastermind's hidden code) and ends on its whole answer (the
alphametic's words, digits and key together; every komachi and oomachi solution, or as
many as fit with the rest counted), every text whole and no smaller than the frame's
legible size."""

from __future__ import annotations

import pytest

from puzzlereel.render.direction.director import Director
from puzzlereel.render.film.shapes import Rect, Shape, Text, texts
from puzzlereel.render.film.timeline import END
from puzzlereel.render.options import RenderOptions
from tests.render.examples import STORED
from tests.render.films import directed

# (options, layout, loop): the MP4 in landscape, 9:16, 4:5 and square, the GIF and SVG
# as they are made without a size (compact, looping) and a 9:16 GIF
FRAMES = {
    "landscape": (RenderOptions(size=(1280, 720)), "video", False),
    "9:16": (RenderOptions(size=(1080, 1920)), "video", False),
    "4:5": (RenderOptions(size=(1080, 1350)), "video", False),
    "square": (RenderOptions(size=(1080, 1080)), "video", False),
    "gif-svg": (RenderOptions(fps=15), "compact", True),
    "gif-9:16": (RenderOptions(size=(1080, 1920), fps=15), "video", True),
}
OPENINGS = ("landscape", "9:16", "gif-svg", "gif-9:16")


def film_of(name: str, frame: str) -> Director:
    options, layout, loop = FRAMES[frame]
    return directed((STORED / f"{name}.jsonl").read_text(), options, layout=layout, loop=loop)


def shown(d: Director, t: float, role: str | None = None) -> list[Text]:
    """Every text the film shows at ``t`` (of ``role``'s elements)."""
    return [x for shape in d.film.still(t, role) for x in texts(shape)]


def placed(shape: Shape, dx: float = 0.0, dy: float = 0.0) -> list[tuple[float, float, Shape]]:
    """Every plain shape of ``shape`` with its place in the frame."""
    from puzzlereel.render.film.shapes import Group

    if isinstance(shape, Group):
        return [p for child in shape.children
                for p in placed(child, dx + shape.x, dy + shape.y)]
    return [(dx + getattr(shape, "x", 0.0), dy + getattr(shape, "y", 0.0), shape)]


def rows(d: Director, t: float) -> list[str]:
    """The board's one-character texts at ``t`` read as rows, top to bottom, each left
    to right."""
    by_y: dict[float, list[tuple[float, str]]] = {}
    for shape in d.film.still(t, "board"):
        for x, y, s in placed(shape):
            if isinstance(s, Text) and len(s.text) == 1:
                by_y.setdefault(round(y), []).append((x, s.text))
    return ["".join(ch for _, ch in sorted(by_y[y])) for y in sorted(by_y)]


def lines(d: Director, t: float) -> list[str]:
    """The board's one-character texts at ``t`` read as lines: rows split into columns
    where the space between two characters is wider than a column's gap would be."""
    by_y: dict[float, list[tuple[float, Text]]] = {}
    for shape in d.film.still(t, "board"):
        for x, y, s in placed(shape):
            if isinstance(s, Text) and len(s.text) == 1:
                by_y.setdefault(round(y), []).append((x, s))
    out = []
    for y in sorted(by_y):
        glyphs = sorted(by_y[y], key=lambda g: g[0])
        line = glyphs[0][1].text
        for (xa, _), (xb, b) in zip(glyphs, glyphs[1:]):
            if xb - xa > 1.4 * b.size:
                out.append(line)
                line = ""
            line += b.text
        out.append(line)
    return out


def ending(d: Director) -> float:
    assert d.plan is not None
    span = d.plan.span(END)
    assert span is not None
    return (span[0] + span[1]) / 2


def legible(d: Director, t: float) -> None:
    small = [(x.text, x.size) for x in shown(d, t) if x.size < d.layout.legible]
    assert not small, (small, d.layout.legible)


@pytest.mark.parametrize("frame", list(FRAMES))
def test_an_alphametic_ends_on_its_letters_digits_and_key(frame: str) -> None:
    """SEND + MORE = MONEY ends on the words over their digits, column by column, and
    the key under them, every letter over its digit."""
    d = film_of("send-more-money", frame)
    t = ending(d)
    assert rows(d, t) == ["SEND", "+MORE", "MONEY", "9567", "+1085", "10652",
                          "DEMNORSY", "75160892"]
    at: dict[str, set[float]] = {}
    for shape in d.film.still(t, "board"):
        for x, _, s in placed(shape):
            if isinstance(s, Text) and len(s.text) == 1:
                at.setdefault(s.text, set()).add(x)
    # each letter's column holds its digit: S over 9, E over 5, ... (key included)
    key = dict(zip("DEMNORSY", "75160892"))
    for letter, digit in key.items():
        assert at[letter] <= at[digit], (letter, digit)
    legible(d, t)


@pytest.mark.parametrize("frame", list(FRAMES))
@pytest.mark.parametrize("name, count", [("komachi-100", 11), ("oomachi", 2)])
def test_komachi_and_oomachi_end_on_every_solution(name: str, count: int,
                                                   frame: str) -> None:
    """The ending shows every solution (or as many as fit legibly, "+ k more" counting
    the rest), the count said; no text of the ending is cut short."""
    from puzzlereel.render.scenes.equation_glyphs import pretty

    d = film_of(name, frame)
    t = ending(d)
    words = [x.text for x in shown(d, t)]
    assert not [w for w in words if "…" in w]
    assert f"{count} solutions" in " ".join(words)
    solutions = [line.split('"text":"')[1].split('"')[0]
                 for line in (STORED / f"{name}.jsonl").read_text().splitlines()
                 if '"solution"' in line]
    board = lines(d, t)
    listed = [s for s in solutions
              if {pretty(s, False).replace(" ", ""), pretty(s.partition("=")[0], False)}
              & set(board) or pretty(s.partition("=")[0], False) + "=" in board]
    more = [int(w[1:-4]) for w in board if w.startswith("+") and w.endswith("more")]
    assert len(listed) + sum(more) == count and len(listed) >= min(count, 5)
    if frame == "landscape":
        assert len(listed) == count
    legible(d, t)


@pytest.mark.parametrize("frame", OPENINGS)
def test_generate_and_test_videos_open_on_their_puzzle(frame: str) -> None:
    """Frame 0 shows the puzzle: komachi's digits with an empty slot between each two
    and "= 100"; the alphametic's words over a blank slot for each digit; oomachi's
    factors over an empty slot for each digit; Mastermind's hidden code."""
    from puzzlereel.render.scenes.equation_glyphs import OPERATOR_GLYPHS

    komachi = film_of("komachi-100", frame)
    assert rows(komachi, 0.0) == ["123456789", "=", "100"] or \
        rows(komachi, 0.0) == ["123456789", "=100"]
    slots = [s for shape in komachi.film.still(0.0, "board") for _, _, s in placed(shape)
             if isinstance(s, Rect) and s.w < komachi.layout.cell]
    assert len(slots) == 8
    assert not any(x.text in OPERATOR_GLYPHS for x in shown(komachi, 0.0, "board"))
    legible(komachi, 0.0)

    alphametic = film_of("send-more-money", frame)
    assert rows(alphametic, 0.0) == ["SEND", "+MORE", "MONEY", "+", "DEMNORSY"]
    blanks = [s for shape in alphametic.film.still(0.0, "board")
              for _, _, s in placed(shape) if isinstance(s, Rect) and s.w < alphametic.layout.cell]
    assert len(blanks) == 13 + 8            # a slot a letter of the sum, one a letter of the key
    legible(alphametic, 0.0)

    oomachi = film_of("oomachi", frame)
    assert "".join(rows(oomachi, 0.0)) == "n×(n+1)×(n+2)="
    chips = [s for shape in oomachi.film.still(0.0, "board") for _, _, s in placed(shape)
             if isinstance(s, Rect) and s.w < 3 * oomachi.layout.cell]
    assert len(chips) == 10
    legible(oomachi, 0.0)

    options, layout, loop = FRAMES[frame]
    mastermind = directed((STORED / "mastermind-9431-simple.jsonl").read_text(), options,
                          layout=layout, loop=loop)
    assert [x.text for x in shown(mastermind, 0.0, "board")].count("?") == 4


@pytest.mark.parametrize("frame", [f for f in FRAMES if f != "gif-9:16"])
@pytest.mark.parametrize("name", ["komachi-100", "oomachi"])
def test_the_move_list_sets_every_solution_whole(name, frame):
    """Each line of the move list holds its solutions whole, in every layout: one too
    long for its row is set in the regular weight, or without its number, never cut
    (a line of several moves may leave its first ones out, after "… ")."""
    d = film_of(name, frame)
    listed = [x.text for e in d.film.elements if e.name.startswith("panel.row")
              for shape in e.variants for x in texts(shape)]
    assert any("=" in t or "×" in t or "+" in t for t in listed) or frame == "gif-svg"
    cut = [t for t in listed if "…" in t and not t.startswith("… ")]
    assert not cut, (frame, cut[:3])
