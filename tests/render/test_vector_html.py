"""The HTML player (``render.vector.html``): one self-contained page per trace that
replays it; in headless Chromium it plays, steps, scrubs to the end and then shows the
trace's last position (read back from the DOM and checked against the rules' replay);
and every example config renders to SVG and HTML that open with no console error (a
representative few by default, all of them with ``PUZZLEREEL_REQUIRE_BROWSER`` set or
``PUZZLEREEL_ALL_CONFIGS``).
"""

from __future__ import annotations

import io
import json
import os
import re
from pathlib import Path
from typing import Any

import pytest

from puzzlereel.render.options import RenderOptions
from puzzlereel.render.vector import write_vector
from puzzlereel.render.vector.html import player_data
from puzzlereel.trace import BlockMove, Header, PegMove, TileMove, replay
from tests.fixtures import REQUIRED_BROWSER as REQUIRED
from tests.render.examples import EXAMPLES, example_trace
from tests.render.test_vector_svg import long_tile_trace, trace_of

SOME = ["hakoiri-musume", "eight-puzzle", "triangle", "n-queens-8", "mastermind-knuth",
        "send-more-money", "komachi-100", "oomachi"]
ALL = os.environ.get(REQUIRED) or os.environ.get("PUZZLEREEL_ALL_CONFIGS")


def page_of(tmp: Path, name: str, text: str) -> tuple[Path, Any]:
    out = tmp / f"{name}.html"
    rec = write_vector("html", io.StringIO(text), name, out, RenderOptions())
    return out, rec


def test_the_page_is_self_contained(tmp_path: Path) -> None:
    out, _ = page_of(tmp_path, "h", trace_of("hakoiri-musume"))
    text = out.read_text(encoding="utf-8")
    assert "<script>" in text and 'id="trace"' in text
    assert not re.search(r"\b(src|href)=", text)
    assert re.findall(r"https?://[^\"]+", text) == ["http://www.w3.org/2000/svg"]
    data = json.loads(re.search(r'id="trace">(.*?)</script>', text, re.S).group(1))
    assert len(data["frames"]) == 81 and data["counters"][-1] == "Move 81 / 81"


def test_the_page_holds_a_script_proof_payload(tmp_path: Path) -> None:
    """A title or notation with ``</script>`` cannot end the embedded data early."""
    text = trace_of("send-more-money").replace('"title":"SEND + MORE = MONEY"',
                                               '"title":"</script><b>x"', 1)
    out, _ = page_of(tmp_path, "s", text)
    page = out.read_text(encoding="utf-8")
    assert "</script><b>" not in page
    assert "&lt;/script&gt;&lt;b&gt;x" in page


# ---------------------------------------------------------------- the last position


def final_cells(text: str) -> dict[str, Any]:
    """What the trace's last position is, by the rules: block -> top-left cell, tile ->
    its cell index, and the set of holes holding a peg."""
    blocks: dict[str, Any] = {}
    tiles: list[int] = []
    pegs: set[tuple[int, int]] = set()
    for _rep, item in replay(io.StringIO(text), "<t>"):
        ev = item.applied
        if isinstance(item.event, Header):
            fields = item.event.fields
            tiles = list(fields.get("tiles", []))
            pegs = {tuple(p) for p in fields.get("pegs", [])}
        if isinstance(ev, BlockMove):
            blocks[ev.piece] = ev.path[-1]
        elif isinstance(ev, TileMove):
            a, b = tiles.index(ev.tile), tiles.index(0)
            tiles[a], tiles[b] = 0, ev.tile
        elif isinstance(ev, PegMove):
            cur = ev.start
            for nxt in ev.path:
                pegs -= {cur, ((cur[0] + nxt[0]) // 2, (cur[1] + nxt[1]) // 2)}
                pegs.add(nxt)
                cur = nxt
    return {"blocks": blocks, "tiles": tiles, "pegs": pegs}


READ_DOM = """() => Array.from(document.querySelectorAll('svg g[id^="a"]')).map(g => {
    const m = /translate\\(([-\\d.]+)px,\\s*([-\\d.]+)px\\)/.exec(g.style.transform || "");
    return {id: g.id, piece: g.dataset.piece || null, tile: g.dataset.tile || null,
            peg: g.dataset.peg || null, x: m ? +m[1] : null, y: m ? +m[2] : null,
            o: +(g.style.opacity || getComputedStyle(g).opacity)};
})"""


def check_last_position(dom: list[dict[str, Any]], rec: Any, text: str) -> None:
    """The board in the DOM is the trace's last position."""
    scene, want = rec.scene, final_cells(text)
    if rec.header.puzzle == "sliding-block":
        start = {p.id: xy for p, xy in zip(scene.raster.pieces, scene.raster.start, strict=True)}
        for el in dom:
            if el["piece"]:
                cell = want["blocks"].get(el["piece"], start[el["piece"]])
                assert (el["x"], el["y"]) == pytest.approx(scene.at(cell), abs=0.01), el
    elif rec.header.puzzle == "sliding-tile":
        for el in dom:
            if el["tile"]:
                cell = want["tiles"].index(int(el["tile"]))
                assert (el["x"], el["y"]) == pytest.approx(scene.at(cell), abs=0.01), el
    elif rec.header.puzzle == "peg-solitaire":
        shown = {(round(el["x"], 1), round(el["y"], 1)) for el in dom
                 if el["peg"] and el["o"] > 0.5}
        assert shown == {tuple(round(v, 1) for v in scene.at(h)) for h in want["pegs"]}
    # and for every family: the DOM holds what the embedded positions say
    data = player_data(rec)
    state = [list(v) for v in data["start"]]
    for changes in data["frames"]:
        for a, x, y, o in changes:
            state[a] = [x, y, o]
    by_id = {el["id"]: el for el in dom}
    for i, (x, y, o) in enumerate(state):
        el = by_id[f"a{i}"]
        assert (el["x"], el["y"], el["o"]) == pytest.approx((x, y, o), abs=0.01), el


def watch(page: Any) -> list[str]:
    problems: list[str] = []
    page.on("console", lambda m: m.type in ("error", "warning") and problems.append(
        f"console {m.type}: {m.text}"))
    page.on("pageerror", lambda e: problems.append(f"page error: {e}"))
    page.on("requestfailed", lambda r: problems.append(f"request failed: {r.url}"))
    return problems


@pytest.mark.parametrize("name", ["hakoiri-musume", "eight-puzzle", "triangle",
                                  "n-queens-8", "mastermind-knuth", "send-more-money",
                                  "mastermind-scrolling"])
def test_play_step_scrub_to_the_end(browser: Any, tmp_path: Path, name: str) -> None:
    text = trace_of(name)
    out, rec = page_of(tmp_path, name, text)
    page = browser.new_page(viewport={"width": 1000, "height": 800})
    problems = watch(page)
    page.goto(out.resolve().as_uri())
    assert page.inner_text("#counter").startswith("Start")
    assert page.inner_text("#goal") == rec.goal
    page.click("#play")                              # plays on its own
    page.wait_for_function("Number(document.body.dataset.at) >= 1", timeout=5000)
    page.click("#play")                              # pauses
    last = len(rec.beats)
    at = int(page.evaluate("document.body.dataset.at"))
    page.keyboard.press("ArrowRight")
    at = min(last, at + 1)
    assert int(page.evaluate("document.body.dataset.at")) == at
    page.keyboard.press("ArrowLeft")
    page.click("#prev")
    assert int(page.evaluate("document.body.dataset.at")) == max(0, at - 2)
    page.click("#next")
    page.eval_on_selector("#scrub", "(el, v) => { el.value = v; "
                          "el.dispatchEvent(new Event('input')); }", str(last))
    assert int(page.evaluate("document.body.dataset.at")) == last
    assert page.inner_text("#counter") == (rec.beats[-1].counter or "")
    marked = page.query_selector_all("#moves li.now")
    assert len(marked) == 1 and marked[0].get_attribute("data-i") == str(last)
    check_last_position(page.evaluate(READ_DOM), rec, text)
    page.click(f"#moves li[data-i='{max(1, last // 2)}'] button")   # a move in the list
    assert int(page.evaluate("document.body.dataset.at")) == max(1, last // 2)
    assert problems == []
    page.close()


def test_a_long_trace_plays_to_the_end(browser: Any, tmp_path: Path) -> None:
    text = long_tile_trace(1000)
    out, rec = page_of(tmp_path, "long", text)
    page = browser.new_page()
    problems = watch(page)
    page.goto(out.resolve().as_uri())
    page.evaluate("window.puzzlereelPlayer.go(window.puzzlereelPlayer.last)")
    check_last_position(page.evaluate(READ_DOM), rec, text)
    assert problems == []
    page.close()


@pytest.mark.parametrize("config", [c for c in EXAMPLES if ALL or c.stem in SOME],
                         ids=lambda c: c.stem)
def test_every_example_opens_without_a_console_error(browser: Any, tmp_path: Path,
                                                      config: Path) -> None:
    text = example_trace(config)
    for fmt in ("svg", "html"):
        out = tmp_path / f"{config.stem}.{fmt}"
        write_vector(fmt, io.StringIO(text), config.name, out, RenderOptions())
        page = browser.new_page()
        problems = watch(page)
        page.goto(out.resolve().as_uri())
        if fmt == "svg":
            assert page.evaluate("document.getAnimations().length") > 0
        else:
            page.evaluate("window.puzzlereelPlayer.go(window.puzzlereelPlayer.last)")
        assert problems == [], (config.stem, fmt)
        page.close()
