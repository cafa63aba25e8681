"""Browsing the HTML player in headless Chromium, driven by its keys, its buttons and a
seek (``window.puzzlereelPlayer.seek``), never by waiting: the list shows only the moves
begun (nothing of the answer at the start), Step ▶ at the end stays at the end, the
counter and the list's mark turn to a move at the same moment, a wrapped line of the
list keeps its number beside its first line, Home and End go to the start and the end,
the scrubber's last step is the end, and the words that change (the counter, the result,
a new line of the list) ease in as the film's do.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

from tests.render.test_player import at, data_of, page_of, watch
from tests.render.test_svg import trace_of

SHOWN = "() => [...document.querySelectorAll('#moves li')].filter(li => li.offsetParent)" \
        ".map(li => li.dataset.i)"
MARKED = "() => [...document.querySelectorAll('#moves li.now')].map(li => li.dataset.i)"


def opened(browser: Any, tmp_path: Path, name: str) -> tuple[Any, dict[str, Any], list[str]]:
    """The player of the example ``name`` open in a new page, its data, and a list the
    page's problems go to."""
    out = page_of(tmp_path, name, trace_of(name))
    data = data_of(out.read_text(encoding="utf-8"))
    page = browser.new_page(viewport={"width": 1000, "height": 800})
    problems = watch(page)
    page.goto(out.resolve().as_uri())
    return page, data, problems


def seek(page: Any, t: float) -> None:
    page.evaluate(f"window.puzzlereelPlayer.seek({t!r})")


def now(page: Any) -> float:
    return float(page.evaluate("window.puzzlereelPlayer.time()"))


@pytest.mark.parametrize("name", ["mastermind-9431", "komachi-100"])
def test_the_list_shows_the_moves_begun_and_nothing_before(browser: Any, tmp_path: Path,
                                                           name: str) -> None:
    page, data, problems = opened(browser, tmp_path, name)
    beats = data["beats"]
    assert page.evaluate(SHOWN) == []                       # at the start: nothing
    listed = page.inner_text("#moves")
    assert all(note not in listed for _end, _text, note, _start in beats)
    for k, (end, _text, note, start) in enumerate(beats):
        seek(page, start - 0.01)                            # just before move k + 1
        assert page.evaluate(SHOWN) == [str(i) for i in range(1, k + 1)]
        seek(page, (start + end) / 2)                       # while it plays
        assert page.evaluate(SHOWN) == [str(i) for i in range(1, k + 2)]
        assert note in page.inner_text("#moves")
    page.keyboard.press("Home")                             # hidden again at the start
    assert page.evaluate(SHOWN) == []
    assert problems == []
    page.close()


def test_step_forward_at_the_end_stays_at_the_end(browser: Any, tmp_path: Path) -> None:
    page, data, problems = opened(browser, tmp_path, "hakoiri-musume")
    seek(page, data["end"])
    solved = page.inner_text("#counter")
    assert now(page) == pytest.approx(data["end"]) and solved == data["counter"][-1][1]
    page.click("#next")
    page.keyboard.press("ArrowRight")
    assert now(page) == pytest.approx(data["end"])
    assert page.inner_text("#counter") == solved and at(page) == len(data["beats"])
    page.select_option("#speed", "4")
    page.evaluate("window.puzzlereelPlayer.go(window.puzzlereelPlayer.last)")
    page.click("#next")                                     # after the last move: the ending
    page.wait_for_function(f"window.puzzlereelPlayer.time() >= {data['end']}", timeout=60000)
    assert page.inner_text("#counter") == solved
    assert problems == []
    page.close()


COUNTER_AND_MARK = """(times) => times.map(t => {
  window.puzzlereelPlayer.seek(t);
  const marked = document.querySelector('#moves li.now');
  return [document.getElementById('counter').textContent, marked ? +marked.dataset.i : 0];
})"""


def test_the_counter_and_the_mark_turn_to_a_move_together(browser: Any,
                                                          tmp_path: Path) -> None:
    """Just before a move, as it begins, while it plays and as it ends, the counter and
    the list's mark name the same move."""
    page, data, problems = opened(browser, tmp_path, "hakoiri-musume")
    beats = data["beats"]
    times = [t for end, _text, _note, start in beats
             for t in (start - 0.01, start, start + 0.001, (start + end) / 2, end)]
    seen = page.evaluate(COUNTER_AND_MARK, times)
    for k, (_end, text, _note, _start) in enumerate(beats):
        before, begins, started, middle, ended = seen[5 * k: 5 * k + 5]
        assert before[1] == begins[1] == k
        assert started == middle == ended == [text, k + 1]
        if k > 0:
            assert before[0] == begins[0] == beats[k - 1][1]
    assert problems == []
    page.close()


LINES = """() => [...document.querySelectorAll('#moves li')].map(li => {
  const number = li.querySelector('.n').getBoundingClientRect();
  const range = document.createRange();
  range.selectNodeContents(li.querySelector('button'));
  const lines = [...range.getClientRects()];
  return {number: [number.left, number.right, number.top, number.bottom],
          lines: lines.map(r => [r.left, r.top, r.bottom])};
})"""


def test_a_wrapped_line_keeps_its_number_beside_its_first_line(browser: Any,
                                                              tmp_path: Path) -> None:
    page, _data, problems = opened(browser, tmp_path, "komachi-100")
    page.keyboard.press("End")                              # every line shown
    page.add_style_tag(content="#moves{width:130px}")       # narrow: the equations wrap
    rows = page.evaluate(LINES)
    wrapped = 0
    for row in rows:
        left, right, top, bottom = row["number"]
        lines = sorted({(round(y0), round(y1), x) for x, y0, y1 in row["lines"]})
        first_top, first_bottom = lines[0][0], lines[0][1]
        assert first_top - 1 <= (top + bottom) / 2 <= first_bottom + 1, row
        starts = {round(x) for _y0, _y1, x in lines}
        if len({y0 for y0, _y1, _x in lines}) > 1:
            wrapped += 1
            assert len(starts) == 1, row                    # a hanging indent
        assert min(starts) >= right, row                    # the text right of its number
    assert wrapped >= 3
    assert problems == []
    page.close()


def test_home_and_end_go_to_the_start_and_the_end(browser: Any, tmp_path: Path) -> None:
    page, data, problems = opened(browser, tmp_path, "hakoiri-musume")
    page.keyboard.press("End")
    assert now(page) == pytest.approx(data["end"])
    assert at(page) == len(data["beats"])
    assert page.inner_text("#counter") == data["counter"][-1][1]
    page.keyboard.press("Home")
    assert now(page) == pytest.approx(data["start"])
    assert at(page) == 0 and page.inner_text("#counter") == "Start"
    assert "Home and End go to the start and the end" in page.inner_text(".hint")
    assert problems == []
    page.close()


def test_the_scrubbers_last_step_is_the_end(browser: Any, tmp_path: Path) -> None:
    page, data, problems = opened(browser, tmp_path, "hakoiri-musume")
    page.eval_on_selector("#scrub", "el => { el.value = el.max; "
                          "el.dispatchEvent(new Event('input')); }")
    assert now(page) == pytest.approx(data["end"])
    assert page.inner_text("#counter") == data["counter"][-1][1]
    assert problems == []
    page.close()


EASING = """(selector) => {
  const el = document.querySelector(selector);
  const style = getComputedStyle(el);
  if (style.animationName === 'none') { return null; }
  const rules = [...document.styleSheets].flatMap(sheet => [...sheet.cssRules]);
  const frames = rules.find(r => r.type === CSSRule.KEYFRAMES_RULE &&
                                 r.name === style.animationName);
  const from = frames.findRule('from') || frames.findRule('0%');
  const to = frames.findRule('to') || frames.findRule('100%');
  return [+from.style.opacity, +to.style.opacity, style.animationDuration,
          from.style.transform];
}"""


def test_the_result_and_a_new_line_ease_in(browser: Any, tmp_path: Path) -> None:
    """Seeking to the end puts the result in the counter and the last move's line in the
    list; both rise and fade in over 0.35 s, from transparent to opaque (read from the
    animation each one runs, never by waiting)."""
    page, data, problems = opened(browser, tmp_path, "hakoiri-musume")
    seek(page, data["beats"][-1][3] - 0.01)                  # before the last move
    page.evaluate("document.querySelectorAll('.fresh').forEach(e => "
                  "e.classList.remove('fresh'))")            # nothing easing in now
    seek(page, data["end"])
    assert page.inner_text("#counter") == data["counter"][-1][1]
    last = len(data["beats"])
    for selector in ("#counter", f"#moves li[data-i='{last}']"):
        first, last_opacity, seconds, moved = page.evaluate(EASING, selector)
        assert (first, last_opacity, seconds) == (0, 1, "0.35s"), selector
        assert "translate" in moved, selector
    assert problems == []
    page.close()


def test_the_words_do_not_move_when_the_viewer_asks_for_less_motion(browser: Any,
                                                                    tmp_path: Path) -> None:
    page, data, problems = opened(browser, tmp_path, "hakoiri-musume")
    page.emulate_media(reduced_motion="reduce")
    seek(page, data["end"])
    assert page.evaluate(EASING, "#counter") is None
    assert problems == []
    page.close()
