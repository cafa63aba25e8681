"""The sliding-block scene: frames of a five-move Hakoiri Musume trace against tiny golden
images (with a tolerance), what a frame shows part-way through a move, `state` traces
drawn like move traces, and the registry's row pointing at the scene."""

from __future__ import annotations

from pathlib import Path

import numpy as np
import pytest

from puzzlereel.registry import FAMILIES
from puzzlereel.render.direction.director import Director
from puzzlereel.render.direction.scene.interface import Scene
from puzzlereel.render.direction.scene.lookup import scene_for
from puzzlereel.render.film.shapes import Rect, Text, bounds, group, texts
from puzzlereel.render.film.theme import THEMES
from puzzlereel.render.options import RenderOptions
from puzzlereel.render.scenes.sliding_block import SlidingBlockScene
from puzzlereel.rules.sliding_block import SlidingBlockReplay
from puzzlereel.trace import Header, Replayed, read_trace
from tests.fixtures import DATA, GoldenImages, Tolerance
from tests.render.films import beat_time, directed, frame

TRACE = DATA / "hakoiri-5.jsonl"
CELL = 8
BIG = 32
TOLERANCE = Tolerance(mean=1.0, off=48)     # at most 1% of pixels clearly off


def header_of(trace: Path) -> Header:
    with open(trace, "rb") as f:
        for _, event in read_trace(f, str(trace), allow_partial=True):
            assert isinstance(event, Header)
            return event
    raise AssertionError("no header")


def golden_cases() -> dict[str, np.ndarray]:
    light = directed(TRACE, RenderOptions(cell=CELL))
    dark = directed(TRACE, RenderOptions(cell=CELL, theme="dark"))
    assert light.plan is not None and dark.plan is not None
    return {
        "sliding-block-start": frame(light.film, 0.0),
        "sliding-block-move1-half": frame(light.film, beat_time(light.plan, 0, 0.5)),
        "sliding-block-move5-end": frame(light.film, beat_time(light.plan, 4, 1.0)),
        "sliding-block-dark-move3-quarter": frame(dark.film, beat_time(dark.plan, 2, 0.25)),
    }


@pytest.mark.parametrize("name", ["sliding-block-start", "sliding-block-move1-half",
                                  "sliding-block-move5-end", "sliding-block-dark-move3-quarter"])
def test_golden_frames(golden: GoldenImages, name: str) -> None:
    golden.check(name, golden_cases()[name], TOLERANCE)


def test_frame_is_pure_and_shows_the_path() -> None:
    d = directed(TRACE, RenderOptions(cell=BIG, labels=False))    # the fill at the centre
    assert d.plan is not None and isinstance(d.scene, SlidingBlockScene)
    first = d.plan.beats[0]      # I slides (0,4) -> (1,4) -> (2,4): one motion of two cells
    assert first.units == 2 and first.move == 1
    half = beat_time(d.plan, 0, 0.5)
    a = frame(d.film, half)
    assert np.array_equal(a, frame(d.film, half))          # same time, same pixels
    fp, t = d.scene.fp, THEMES["light"]
    ox, oy = d.scene.ox, d.scene.oy
    i_fill = t.pieces["small"]

    def centre(img: np.ndarray, x: int, y: int) -> tuple[int, ...]:
        """The colour of cell (x, y) a quarter down its middle: above a piece's label."""
        return tuple(int(v) for v in img[oy + y * BIG + BIG // 4, ox + x * BIG + BIG // 2])

    assert fp > 0
    assert centre(a, 1, 4) == i_fill            # halfway along the path: on (1,4)
    assert centre(a, 0, 4) == t.board           # its old cell is empty
    assert centre(a, 2, 4) == t.board           # not there yet
    end = frame(d.film, beat_time(d.plan, 0, 1.0))
    assert centre(end, 2, 4) == i_fill and centre(end, 1, 4) == t.board
    start = frame(d.film, beat_time(d.plan, 0, 0.0))
    assert centre(start, 0, 4) == i_fill


def test_state_trace_gives_the_same_beats_as_moves() -> None:
    moves = directed(TRACE, RenderOptions(cell=CELL)).plan
    states = directed(DATA / "hakoiri-5-states.jsonl", RenderOptions(cell=CELL)).plan
    assert moves is not None and states is not None

    def said(beat: object) -> tuple[object, ...]:
        return (beat.move, beat.note, beat.units,                      # type: ignore[attr-defined]
                tuple((tw.element.name, tw.prop, tw.stops)
                      for tw in beat.tweens))                          # type: ignore[attr-defined]

    assert [said(b) for b in moves.beats] == [said(b) for b in states.beats]


def test_registry_points_at_scenes() -> None:
    assert FAMILIES["sliding-block"].scene.endswith(":SlidingBlockScene")
    header = header_of(TRACE)
    scene = scene_for(header, RenderOptions(), THEMES["light"])
    assert isinstance(scene, Scene)
    assert isinstance(SlidingBlockReplay(header).position.pieces, dict)
    assert Replayed  # the type scenes receive


def test_the_move_list_names_pieces_as_a_viewer_sees_them() -> None:
    """Every piece carries its name, and a move names its piece by it: its label, else
    its letter from the puzzle (never a word made up for its shape, "T2", "S1"); every
    name the list uses is drawn on its piece."""
    d = directed(TRACE, RenderOptions(cell=40))
    scene = d.scene
    assert isinstance(scene, SlidingBlockScene) and d.plan is not None
    names = dict(zip((p.id for p in scene.pieces), scene.names, strict=True))
    assert names == {"A": "Daughter", **{pid: pid for pid in "BCDEFGHIJ"}}
    assert label_words(d) == names
    notes = [b.note for b in d.plan.beats]
    assert [note.split(" ")[0] for note in notes] == ["I", "G", "H", "E", "Daughter"], notes


def test_shape_words_for_pieces_without_a_label() -> None:
    from puzzlereel.rules.sliding_block_layout import Piece

    scene = scene_for(header_of(TRACE), RenderOptions(), THEMES["light"])
    assert isinstance(scene, SlidingBlockScene)
    shapes = {"one": ((0, 0),), "bar3": ((0, 0), (0, 1), (0, 2)),
              "big": ((0, 0), (1, 0), (0, 1), (1, 1)),
              "rect": ((0, 0), (1, 0), (0, 1), (1, 1), (0, 2), (1, 2)),
              "ell": ((0, 0), (0, 1), (1, 1))}
    scene.pieces = [Piece(name, cells) for name, cells in shapes.items()]
    assert [scene.shape_word(i) for i in range(len(shapes))] == \
        ["Small", "Long", "Big", "2×3", "3-cell"]


def test_the_goal_sentence_names_the_goal_piece_as_a_viewer_sees_it() -> None:
    from tests.fixtures import TINY_BLOCK

    scene = scene_for(header_of(TRACE), RenderOptions(), THEMES["light"])
    assert scene.goal_sentence() == "Get the daughter out through the gap at the bottom."
    fields = {k: v for k, v in TINY_BLOCK.items()
              if k not in ("type", "format", "version", "puzzle")}
    tiny = scene_for(Header(puzzle="sliding-block", title="tiny", fields=fields),
                     RenderOptions(), THEMES["light"])
    assert tiny.goal_sentence() == "Slide the wide piece to the marked target."


def piece_labels(d: Director) -> dict[str, Text]:
    """The (first) text drawn on each piece of a directed film, by piece id."""
    out: dict[str, Text] = {}
    for el in d.film.elements:
        pid = dict(el.data).get("piece")
        if el.name.startswith("piece") and pid is not None:
            found = [t for shape in el.variants for t in texts(shape)]
            if found:
                out[pid] = found[0]
    return out


def label_words(d: Director) -> dict[str, str]:
    """The name drawn on each piece, its lines read together ("Daugh-" "ter": "Daughter")."""
    out: dict[str, str] = {}
    for el in d.film.elements:
        pid = dict(el.data).get("piece")
        if el.name.startswith("piece") and pid is not None:
            lines = [t.text for shape in el.variants[:1] for t in texts(shape)]
            if lines:
                out[pid] = " ".join(lines).replace("- ", "")
    return out


def hakoiri_film(size: tuple[int, int]) -> Director:
    from tests.render.test_svg import trace_of

    return directed(trace_of("hakoiri-musume"), RenderOptions(size=size), layout="gif",
                    explicit=frozenset({"size"}))


@pytest.mark.parametrize("size", [(480, 432), (1280, 720)])
def test_every_label_shows_and_tall_pieces_turn_theirs_alike(size: tuple[int, int]) -> None:
    """Where a tall piece's label cannot be set across it at the legible size, the labels
    of all tall pieces read upwards, so none is left out; with room, all read across."""
    d = hakoiri_film(size)
    scene = d.scene
    assert isinstance(scene, SlidingBlockScene)
    labels = piece_labels(d)
    wanted = {p.id: name for p, name in zip(scene.pieces, scene.names, strict=True)}
    assert label_words(d) == wanted
    tall = {p.id for p in scene.pieces if len({y for _, y in p.cells}) >
            len({x for x, _ in p.cells})}
    assert tall, "the example has tall labelled pieces"
    turned = {pid for pid, t in labels.items() if t.vertical}
    assert turned in (set(), tall)
    assert bool(turned) == (size == (480, 432))
    assert all(t.size >= d.layout.legible for t in labels.values())


def test_golden_frame_with_upright_labels(golden: GoldenImages) -> None:
    """Hakoiri at 480x432 half-way through its fifth move: "Father" and "Mother" read
    upwards inside their pieces (the board's top rows, where they stand)."""
    d = hakoiri_film((480, 432))
    assert d.plan is not None
    img = frame(d.film, beat_time(d.plan, 4, 0.5))
    golden.check("sliding-block-upright-labels", np.ascontiguousarray(img[35:135, 140:340]),
                 TOLERANCE)


def test_an_upright_label_is_the_across_one_turned_a_quarter_left() -> None:
    """The raster sets an upright text as the across one turned (reading upwards),
    centred on its point; SVG turns the same text about the same point."""
    from puzzlereel.render.backends.markup import Defs, markup
    from puzzlereel.render.backends.rasterize import paint

    across = Text(50, 40, "Mother", 14, (255, 255, 255), bold=True)
    upright = Text(50, 40, "Mother", 14, (255, 255, 255), bold=True, vertical=True)
    a, u = paint(across), paint(upright)
    assert np.array_equal(np.rot90(a.alpha), u.alpha)
    h, w = u.alpha.shape
    assert abs(u.x + w / 2 - 50) <= 1 and abs(u.y + h / 2 - 40) <= 1
    assert bounds(upright) == (u.x, u.y, u.x + w, u.y + h)
    # on a piece (a rounded box under it: the canvas's path, not the lone text's) the
    # glyphs land on the same pixels
    piece = paint(group([Rect(0, 0, 100, 80, (0, 0, 0), rx=6), upright]))
    inked = piece.rgb[..., 0] > 127
    want = np.zeros_like(inked)
    want[u.y - piece.y:u.y - piece.y + h, u.x - piece.x:u.x - piece.x + w] = u.alpha > 127
    assert np.array_equal(inked, want)
    assert 'transform="rotate(-90 50 40)"' in markup(upright, Defs())
    assert "rotate" not in markup(across, Defs())


def test_the_goal_outline_lies_under_the_pieces() -> None:
    """The target's dashed outline is on the board, under the pieces: a piece standing
    in it (and its name) is drawn over it, never crossed by it."""
    d = directed(TRACE, RenderOptions(cell=40))
    target = d.film.names["target"]
    assert target in d.film.layers["under"]
    under = d.film.elements.index(target)
    for el in d.film.elements:
        if el.name.startswith("piece"):
            assert d.film.elements.index(el) > under, el.name


def test_a_colour_the_label_names_is_the_colour_drawn() -> None:
    """"Get the red car out": the piece whose label says red is drawn red (the theme's
    red), and the goal sentence names it by that label; a piece whose label names no
    colour keeps its shape's colour or the goal colour."""
    from puzzlereel.render.film.theme import NAMED_COLOURS, colour_word
    from tests.fixtures import CONFIGS
    from tests.render.examples import example_trace

    d = directed(example_trace(CONFIGS / "rush-hour-style.toml"), RenderOptions(cell=40))
    scene = d.scene
    assert isinstance(scene, SlidingBlockScene)
    said = 0
    for piece, fill in zip(scene.pieces, scene.fills, strict=True):
        word = colour_word(piece.label or "")
        if word is not None:
            assert fill == NAMED_COLOURS[word], (piece.id, piece.label, fill)
            said += 1
    assert said == 1 and "red car" in scene.goal_sentence()
    assert colour_word("Daughter") is None and colour_word("the Red-car") == "red"
    hakoiri = directed(TRACE, RenderOptions(cell=40)).scene
    assert isinstance(hakoiri, SlidingBlockScene)
    assert hakoiri.fills[hakoiri.index["A"]] == THEMES["light"].goal


def test_the_goal_piece_ends_out_through_the_exit_outlined() -> None:
    """The payoff slides the goal piece out through the exit and leaves it there, whole
    and outlined: the video ends on it (never faded away)."""
    from tests.render.test_svg import trace_of

    d = directed(trace_of("hakoiri-musume"), RenderOptions(cell=40), whole=True)
    scene = d.scene
    assert isinstance(scene, SlidingBlockScene) and d.plan is not None
    assert d.plan.payoff is not None
    i = scene.goals[0][0]
    piece, lit = scene.piece_elements[i], scene.glows[i]
    assert lit is not None
    end = d.film.duration
    hold = d.plan.span("hold")
    assert hold is not None
    state = piece.state(end)
    assert state.opacity == 1.0 and lit.state(end).opacity == 1.0
    assert (lit.state(end).x, lit.state(end).y) == (state.x, state.y)
    before = piece.state(hold[0] - 1.3)                     # before the payoff, at the goal
    assert state.y > before.y                               # out through the bottom gap


def portrait_film(name: str) -> Director:
    """An example's whole 9:16 video film (``--target shorts``)."""
    from tests.render.test_svg import trace_of

    return directed(trace_of(name), RenderOptions(target="shorts"), layout="video",
                    whole=True, explicit=frozenset({"target"}))


@pytest.mark.parametrize("name", ["hakoiri-musume", "rush-hour-style"])
def test_every_piece_s_name_is_drawn_legibly_in_a_9_16_video(name: str) -> None:
    """In 9:16 each piece carries the name the move list calls it by, at the legible
    size ("Daughter" in two lines, broken where its label's soft hyphen says)."""
    d = portrait_film(name)
    scene = d.scene
    assert isinstance(scene, SlidingBlockScene) and d.plan is not None
    names = dict(zip((p.id for p in scene.pieces), scene.names, strict=True))
    assert label_words(d) == names
    sizes = [t.size for el in d.film.elements if dict(el.data).get("piece")
             for t in texts(el.variants[0])]
    assert sizes and min(sizes) >= d.layout.legible
    said = {note.split(" ")[0] for b in d.plan.beats if (note := b.note)}
    assert said <= set(names.values()) | {"red"}            # "red car →"


def test_rush_hour_is_lettered_as_its_cards_are() -> None:
    """The red car X (its label says so), the other cars A, B, C..., the trucks O, P, Q, R."""
    from puzzlereel.rules.sliding_block_layout import BlockLayout
    from tests.render.test_svg import trace_of

    head = next(e for _, e in read_trace(iter(trace_of("rush-hour-style").splitlines(True)),
                                         "rush", allow_partial=True))
    assert isinstance(head, Header)
    pieces = {p.id: p for p in BlockLayout.from_header(head).pieces}
    assert pieces["X"].label == "red car" and len(pieces["X"].cells) == 2
    assert sorted(p for p in pieces if p != "X" and len(pieces[p].cells) == 2) == ["A", "B", "C"]
    assert sorted(p for p in pieces if len(pieces[p].cells) == 3) == ["O", "P", "Q", "R"]


@pytest.mark.parametrize(("name", "last"), [("hakoiri-musume", "Daughter → ↓ out"),
                                            ("rush-hour-style", "red car →→→ out")])
def test_the_exit_move_says_the_way_it_is_drawn_leaving(name: str, last: str) -> None:
    """The move that brings the goal piece to the exit says how it is drawn moving on:
    its slide, then out through the exit (the daughter slides right, then down and out;
    the red car leaves the way it slides); no other move says "out"."""
    from tests.render.test_svg import trace_of

    d = directed(trace_of(name), RenderOptions(cell=20))
    assert d.plan is not None
    notes = [b.note for b in d.plan.beats if b.move is not None]
    assert notes[-1] == last
    assert not [n for n in notes[:-1] if n and "out" in n]
