"""The HTML player (``render.backends.player``): one self-contained page per trace that plays its
film; in headless Chromium it plays, steps, scrubs to the end and then shows the trace's
last position (read back from the DOM and checked against the film and, for sliding
blocks, the rules' replay); and every example config renders to SVG and HTML that open
with no console error (a representative few by default, all of them with
``PUZZLEREEL_REQUIRE_BROWSER`` set or ``PUZZLEREEL_ALL_CONFIGS``).
"""

from __future__ import annotations

import io
import json
import os
import re
from pathlib import Path
from typing import Any

import pytest

from puzzlereel.render.backends.player import script_json
from puzzlereel.render.film.timeline import SEARCH
from puzzlereel.render.options import RenderOptions
from puzzlereel.trace import BlockMove, Header, replay
from tests.fixtures import REQUIRED_BROWSER as REQUIRED
from tests.fixtures import long_tile_trace
from tests.render.examples import EXAMPLES, example_trace
from tests.render.films import directed
from tests.render.test_svg import trace_of, write_vector

SOME = ["hakoiri-musume", "eight-puzzle", "triangle", "n-queens-8", "mastermind-knuth",
        "send-more-money", "komachi-100", "oomachi"]
ALL = os.environ.get(REQUIRED) or os.environ.get("PUZZLEREEL_ALL_CONFIGS")


def page_of(tmp: Path, name: str, text: str) -> Path:
    out = tmp / f"{name}.html"
    write_vector("html", text, out)
    return out


def data_of(page: str) -> dict[str, Any]:
    found = re.search(r'id="film">(.*?)</script>', page, re.S)
    assert found is not None
    data: dict[str, Any] = json.loads(found.group(1))
    return data


def test_the_page_is_self_contained(tmp_path: Path) -> None:
    text = page_of(tmp_path, "h", trace_of("hakoiri-musume")).read_text(encoding="utf-8")
    assert "<script>" in text and 'id="film"' in text
    assert not re.search(r"\b(src|href)=", text)
    assert re.findall(r"https?://[^\"]+", text) == ["http://www.w3.org/2000/svg"]
    data = data_of(text)
    assert len(data["beats"]) == 81 and data["beats"][-1][1] == "Move 81 / 81"
    assert data["start"] < data["end"]


def test_the_page_holds_a_script_proof_payload(tmp_path: Path) -> None:
    """A title or notation with ``</script>`` or ``<!--`` cannot end or comment out the
    embedded data."""
    text = trace_of("hakoiri-musume").replace('"title":"Hakoiri Musume"',
                                              '"title":"</script><!--<script>x"', 1)
    page = page_of(tmp_path, "s", text).read_text(encoding="utf-8")
    assert "</script><!--" not in page and "<!--<script>" not in page
    assert "&lt;/script&gt;&lt;!--&lt;script&gt;x" in page


def test_the_page_holds_no_character_html_cannot(tmp_path: Path) -> None:
    """Control characters in a title (NUL, BEL, ESC) are left out of the page's markup,
    as the gallery's pages leave them out."""
    hostile = '"title":"Hakoiri\\u0000\\u0007\\u001b[31m Musume"'
    text = trace_of("hakoiri-musume").replace('"title":"Hakoiri Musume"', hostile, 1)
    page = page_of(tmp_path, "c", text).read_text(encoding="utf-8")
    assert not any(c in page for c in "\x00\x07\x1b")
    assert "Hakoiri[31m Musume" in page


def test_script_json_escapes_what_could_end_a_script() -> None:
    text = script_json({"a": "</script><!-- \u2028 \u2029 & >"})
    assert "<" not in text and ">" not in text and "&" not in text
    assert "\u2028" not in text and "\u2029" not in text
    assert json.loads(text) == {"a": "</script><!-- \u2028 \u2029 & >"}


def test_the_player_follows_the_easing_asked_for(tmp_path: Path) -> None:
    """The page's motions carry the easing chosen with ``--easing``."""
    for easing in ("linear", "ease-out"):
        out = tmp_path / f"{easing}.html"
        write_vector("html", trace_of("hakoiri-musume"), out, RenderOptions(easing=easing))
        data = data_of(out.read_text(encoding="utf-8"))
        used = {m[2] for e in data["elements"] for m in e["tracks"].get("pos", [])}
        assert used == {easing}


# ---------------------------------------------------------------- the last position


def final_blocks(text: str) -> dict[str, Any]:
    """Each sliding block's top-left cell at the end of the trace, by the rules."""
    blocks: dict[str, Any] = {}
    for _rep, item in replay(io.StringIO(text), "<t>"):
        if isinstance(item.event, Header):
            blocks = {p["id"]: (p["x"], p["y"]) for p in item.event.fields.get("pieces", [])}
        if isinstance(item.applied, BlockMove):
            blocks[item.applied.piece] = item.applied.path[-1]
    return blocks


READ_DOM = """() => Array.from(document.querySelectorAll('svg g[id^="e"]'))
  .filter(g => /^e\\d+$/.test(g.id)).map(g => {
    const m = /translate\\(([-\\d.e]+) ([-\\d.e]+)\\)/.exec(g.getAttribute("transform") || "");
    const shown = Array.from(g.children).findIndex(
        v => v.getAttribute("visibility") === "visible");
    return {id: g.id, piece: g.dataset.piece || null, x: m ? +m[1] : null,
            y: m ? +m[2] : null, o: +g.getAttribute("opacity"), k: shown};
})"""


def check_last_position(dom: list[dict[str, Any]], text: str, end: float) -> None:
    """The board in the DOM is the film's at ``end``, and sliding blocks stand on the
    cells the rules' replay ends on."""
    d = directed(text, RenderOptions(), layout="compact", whole=True)
    by_id = {el["id"]: el for el in dom}
    board = [(i, e) for i, e in enumerate(d.film.elements) if e.role == "board"]
    for i, e in board:
        el = by_id[f"e{i}"]
        s = e.state(end)
        assert (el["x"], el["y"], el["o"]) == pytest.approx((s.x, s.y, s.opacity), abs=0.02)
        assert el["k"] == s.shape
    if d.header.puzzle == "sliding-block":
        scene: Any = d.scene
        for el in dom:
            if el["piece"]:
                cell = final_blocks(text)[el["piece"]]
                want = d.stage.at(*scene._cell(cell))
                assert (el["x"], el["y"]) == pytest.approx(want, abs=0.02), el


def watch(page: Any) -> list[str]:
    problems: list[str] = []
    page.on("console", lambda m: m.type in ("error", "warning") and problems.append(
        f"console {m.type}: {m.text}"))
    page.on("pageerror", lambda e: problems.append(f"page error: {e}"))
    page.on("requestfailed", lambda r: problems.append(f"request failed: {r.url}"))
    return problems


def at(page: Any) -> int:
    return int(page.evaluate("document.body.dataset.at"))


@pytest.mark.parametrize("name", ["hakoiri-musume", "eight-puzzle", "triangle",
                                  "n-queens-8", "mastermind-knuth", "send-more-money",
                                  "mastermind-scrolling"])
def test_play_step_scrub_to_the_end(browser: Any, tmp_path: Path, name: str) -> None:
    text = trace_of(name)
    out = page_of(tmp_path, name, text)
    data = data_of(out.read_text(encoding="utf-8"))
    page = browser.new_page(viewport={"width": 1000, "height": 800})
    problems = watch(page)
    page.goto(out.resolve().as_uri())
    assert page.inner_text("#counter").startswith("Start")
    d = directed(text, RenderOptions(), layout="compact", whole=True)
    assert page.inner_text("#goal") == d.goal_sentence()
    page.click("#play")                              # plays on its own
    page.wait_for_function("Number(document.body.dataset.at) >= 1", timeout=60000)
    page.click("#play")                              # pauses
    last = len(data["beats"])
    now = at(page)
    page.keyboard.press("ArrowRight")                # plays the next move
    page.wait_for_function(f"Number(document.body.dataset.at) >= {min(last, now + 1)}",
                           timeout=60000)
    page.wait_for_timeout(100)
    now = at(page)
    page.keyboard.press("ArrowLeft")
    page.click("#prev")
    assert at(page) == max(0, now - 2)
    page.eval_on_selector("#scrub", "el => { el.value = el.max; "
                          "el.dispatchEvent(new Event('input')); }")
    assert at(page) == last
    assert page.inner_text("#counter") == data["counter"][-1][1]
    marked = page.query_selector_all("#moves li.now")
    assert len(marked) == 1 and marked[0].get_attribute("data-i") == str(last)
    check_last_position(page.evaluate(READ_DOM), text, data["end"])
    page.click(f"#moves li[data-i='{max(1, last // 2)}'] button")   # a move in the list
    assert at(page) == max(1, last // 2)
    assert problems == []
    page.close()


def test_every_step_click_counts_even_during_the_start_hold(browser: Any,
                                                              tmp_path: Path) -> None:
    """Step at once plays the next move (no waiting through the start hold), and a click
    while a step still plays takes the step after it: three quick clicks, three moves."""
    text = trace_of("hakoiri-musume")
    out = page_of(tmp_path, "hakoiri-musume", text)
    page = browser.new_page(viewport={"width": 1000, "height": 800})
    problems = watch(page)
    page.goto(out.resolve().as_uri())
    assert at(page) == 0
    for _ in range(3):
        page.click("#next")
    page.wait_for_function("Number(document.body.dataset.at) >= 3", timeout=60000)
    page.wait_for_timeout(300)
    assert at(page) == 3
    assert problems == []
    page.close()


def test_in_a_notebook_frame_the_page_sizes_its_frame(browser: Any, tmp_path: Path) -> None:
    """The inline player (``Solution._repr_html_``) starts at a default height, then takes
    the player page's own height: no scroll bar inside the frame."""
    import puzzlereel

    inline = puzzlereel.load(trace_of("dads-puzzle"))._repr_html_()
    host = tmp_path / "notebook.html"
    host.write_text(f"<!doctype html><html><body>{inline}</body></html>", encoding="utf-8")
    page = browser.new_page(viewport={"width": 1000, "height": 800})
    problems = watch(page)
    page.goto(host.resolve().as_uri())
    page.wait_for_function("document.querySelector('iframe').style.height !== '640px'",
                           timeout=60000)
    frame = page.frames[1]
    assert frame.evaluate("document.documentElement.classList.contains('framed')")
    inner = frame.evaluate("document.documentElement.scrollHeight")
    outer = page.evaluate("document.querySelector('iframe').getBoundingClientRect().height")
    assert abs(outer - inner) <= 1 and inner != 640
    assert frame.evaluate("document.documentElement.scrollHeight <= window.innerHeight")
    assert problems == []
    page.close()


def test_a_long_trace_plays_to_the_end(browser: Any, tmp_path: Path) -> None:
    text = long_tile_trace(1000)
    out = page_of(tmp_path, "long", text)
    data = data_of(out.read_text(encoding="utf-8"))
    page = browser.new_page()
    problems = watch(page)
    page.goto(out.resolve().as_uri())
    page.evaluate("window.puzzlereelPlayer.go(window.puzzlereelPlayer.last)")
    assert at(page) == 1000
    check_last_position(page.evaluate(READ_DOM), text, data["beats"][-1][0])
    assert problems == []
    page.close()


@pytest.mark.parametrize("config", [c for c in EXAMPLES if ALL or c.stem in SOME],
                         ids=lambda c: c.stem)
def test_every_example_opens_without_a_console_error(browser: Any, tmp_path: Path,
                                                      config: Path) -> None:
    text = example_trace(config)
    for fmt in ("svg", "html"):
        out = tmp_path / f"{config.stem}.{fmt}"
        write_vector(fmt, text, out)
        page = browser.new_page()
        problems = watch(page)
        page.goto(out.resolve().as_uri())
        if fmt == "svg":
            assert page.evaluate("document.getAnimations().length") > 0
        else:
            page.evaluate("window.puzzlereelPlayer.go(window.puzzlereelPlayer.last)")
        assert problems == [], (config.stem, fmt)
        page.close()


@pytest.mark.parametrize("title", [True, False])
def test_the_page_starts_with_the_search_chart_with_or_without_a_title(
        tmp_path: Path, title: bool) -> None:
    """With ``--search`` the scrubber's range begins where the chart starts growing,
    whether or not the title opens the video."""
    out = tmp_path / "p.html"
    text = trace_of("eight-puzzle")
    write_vector("html", text, out, RenderOptions(search=True, title=title))
    data = data_of(out.read_text(encoding="utf-8"))
    plan = directed(text, RenderOptions(search=True, title=title), layout="compact",
                    whole=True).plan
    assert plan is not None
    shown = plan.span(SEARCH)
    assert shown is not None
    assert data["start"] == pytest.approx(shown[0], abs=1e-3)
    assert any(e["id"].startswith("s") for e in data["elements"])
