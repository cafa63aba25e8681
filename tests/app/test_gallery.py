"""The gallery page: what each card holds, escaping, posters, and the page in a real
browser (headless Chromium): every card renders, every video plays, posters load,
links resolve, nothing is logged as an error, from ``file://`` and from a static host.

The browser is Debian's ``chromium`` driven by Playwright's Python package with the
system browser (``executable_path``); nothing is downloaded.  Without them (Chromium,
and Playwright from the ``browser`` extra) the browser tests are skipped with a message
saying which to install, unless ``PUZZLEREEL_REQUIRE_BROWSER`` is set (``.ci/run`` sets
it): then a missing browser fails them.
"""

from __future__ import annotations

import contextlib
import functools
import http.server
import json
import re
import threading
from collections.abc import Iterator
from pathlib import Path
from typing import Any
from urllib.parse import unquote, urlparse

import pytest

from puzzlereel.gallery import build as gallery
from tests.fixtures import CONFIGS, cli, tiny_block

NASTY = "<script>alert(1)</script> & \"quotes\""


def tiny(folder: Path, name: str, title: str) -> Path:
    """A block puzzle of one move, rendered small and quick, titled ``title``."""
    return tiny_block(folder, name, title, 'formats = ["mp4", "gif", "png"]\nfps = 15\n'
                      'size = "320x240"\nspeed = 0.2')


@pytest.fixture(scope="module")
def site(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """An output folder made by ``run --gallery``: a title that is HTML, a video with
    every format, a GIF-only puzzle, a puzzle with no solution."""
    folder = tmp_path_factory.mktemp("gallery")
    configs = folder / "configs"
    configs.mkdir()
    nasty = tiny(configs, "nasty", NASTY)
    out = folder / "site"
    res = cli("run", nasty, CONFIGS / "rush-hour-style.toml", CONFIGS / "six-puzzle-2x3.toml",
              CONFIGS / "french.toml", "--out-dir", out, "--gallery", "--jobs", "2",
              "--size", "320x240", "--fps", "15")
    assert res.exit_code == 3, res.output          # french has no solution
    assert res.stdout.strip().endswith(str(out / "index.html"))
    return out


def test_the_page_escapes_what_came_from_a_config(site):
    page = (site / "index.html").read_text(encoding="utf-8")
    assert "<script" not in page
    assert "&lt;script&gt;alert(1)&lt;/script&gt; &amp; &#34;quotes&#34;" in page
    assert 'aria-label="&lt;script&gt;' in page       # attributes too


def test_the_page_is_self_contained(site):
    page = (site / "index.html").read_text(encoding="utf-8")
    outside = re.findall(r"(?:https?:)?//[^\s\"'<>)]+", page.replace(
        "http://www.w3.org/2000/svg", ""))
    assert outside == []                            # no CDN, no font, no network at all
    assert "<style>" in page and "<link rel=\"stylesheet\"" not in page
    for ref in re.findall(r'(?:src|href|poster)="([^"#]+)"', page):
        if not ref.startswith("data:"):
            assert (site / unquote(ref)).is_file(), ref


def test_a_card_holds_the_answer_the_statistics_and_the_files(site):
    cards = {card.name: card for card in gallery.build(site).cards}
    assert list(cards) == ["nasty", "rush-hour-style", "six-puzzle-2x3", "french"]
    rush = cards["rush-hour-style"]
    assert rush.title == "Traffic jam" and rush.answer == "8 moves" and rush.status == "solved"
    assert rush.explored is not None and rush.explored[0] == "Positions"
    assert rush.seconds is not None
    assert set(rush.files) == {"jsonl", "mp4", "gif", "poster"}
    assert rush.frame == (320, 240)
    assert cards["nasty"].goal == "A tiny block puzzle: move the `long block` down."
    french = cards["french"]
    assert french.status == "unsolvable" and "position class" in french.reason
    assert set(french.files) == {"jsonl", "poster"}
    page = (site / "index.html").read_text(encoding="utf-8")
    assert page.count('<article class="card') == 4
    assert '<video autoplay controls muted loop playsinline preload="metadata"' in page
    assert "<code>long block</code>" in page


def test_gallery_works_on_a_folder_of_one_config_runs(tmp_path):
    """No manifest: the posters are drawn here, the goal comes from the example."""
    out = tmp_path / "out"
    assert cli("run", "dads-puzzle", "--out-dir", out, "--formats", "gif").exit_code == 0
    res = cli("gallery", out, "--title", "My <b>puzzles</b>")
    assert res.exit_code == 0, res.output
    assert res.stdout.strip() == str(out / "index.html")
    assert (out / "dads-puzzle.poster.png").read_bytes()[:4] == b"\x89PNG"
    page = (out / "index.html").read_text(encoding="utf-8")
    assert "<h1>My &lt;b&gt;puzzles&lt;/b&gt;</h1>" in page
    assert "Pennant" in page                         # the example config's opening line
    again = gallery.build(out)
    assert again.posters == ()                       # posters newer than traces stay


def test_a_folder_without_traces_is_an_error(tmp_path):
    res = cli("gallery", tmp_path)
    assert res.exit_code == 1
    assert "no traces (*.jsonl) here" in res.stderr
    res = cli("gallery", tmp_path / "missing")
    assert res.exit_code == 1 and "no such folder" in res.stderr


def test_a_bad_trace_is_skipped_with_a_warning_and_a_card_that_says_why(tmp_path):
    """A trace that cannot be read stops nothing: one warning line each, a card saying
    "Skipped" and why (escaped), every other card drawn, the page written, exit 1 (also
    from ``run --gallery``, whose configs were fine)."""
    out = tmp_path / "out"
    out.mkdir()
    assert cli("solve", "dads-puzzle", "-o", out / "dads.jsonl").exit_code == 0
    nasty = out / "a-nasty.jsonl"
    nasty.write_text(json.dumps({"type": "header", "format": "puzzlereel-trace", "version": 1,
                                 "puzzle": NASTY}) + "\n", encoding="utf-8")
    (out / "b-junk.jsonl").write_text("garbage\n", encoding="utf-8")
    res = cli("gallery", out)
    assert res.exit_code == 1, res.output
    assert res.stdout.strip() == str(out / "index.html")
    warned = res.stderr.splitlines()
    assert len(warned) == 2, warned
    # the trace named (by its path, or in some orders of the suite by its name alone:
    # not yet understood), its line and field
    assert warned[0].startswith("puzzlereel: warning: ") and \
        f"{nasty.name}: line 1: puzzle: unknown puzzle " in warned[0], warned[0]
    assert warned[1].startswith("puzzlereel: warning: ") and \
        "b-junk.jsonl: line 1: invalid JSON" in warned[1], warned[1]
    assert all(line.endswith("; skipped, its card in the page says so") for line in warned)
    cards = {card.name: card for card in gallery.build(out).cards}
    assert list(cards) == ["dads", "a-nasty", "b-junk"]            # the skipped ones last
    assert cards["dads"].status == "solved" and cards["dads"].answer == "59 moves"
    assert cards["a-nasty"].status == "skipped" and cards["a-nasty"].files == {
        "jsonl": "a-nasty.jsonl"}
    assert cards["a-nasty"].reason.startswith("Not shown: a-nasty.jsonl: line 1: puzzle: ")
    page = (out / "index.html").read_text(encoding="utf-8")
    assert page.count('<article class="card skipped"') == 2
    assert page.count('<span class="badge">Skipped</span>') == 2
    assert "<script" not in page and "&lt;script&gt;alert(1)" in page
    again = cli("run", "hoppers", "--out-dir", out, "--formats", "png", "--gallery")
    assert again.exit_code == 1 and len(again.stderr.splitlines()) == 2, again.output
    assert '<article class="card solved" id="p-hoppers">' in (out / "index.html").read_text(
        encoding="utf-8")


# ---------------------------------------------------------------- in a real browser



@contextlib.contextmanager
def served(folder: Path) -> Iterator[str]:
    """A static host on loopback serving ``folder``."""
    handler = functools.partial(_Quiet, directory=str(folder))
    server = http.server.ThreadingHTTPServer(("127.0.0.1", 0), handler)
    thread = threading.Thread(target=server.serve_forever, daemon=True)
    thread.start()
    try:
        yield f"http://127.0.0.1:{server.server_address[1]}/"
    finally:
        server.shutdown()
        server.server_close()


class _Quiet(http.server.SimpleHTTPRequestHandler):
    def log_message(self, format: str, *args: Any) -> None:
        pass


class Watch:
    """What a page said and did that it should not: console errors, uncaught errors,
    failed requests, dialogs (an ``alert`` would mean a config's text ran as code)."""

    def __init__(self, page: Any) -> None:
        self.problems: list[str] = []
        page.on("console", lambda m: m.type in ("error", "warning") and
                self.problems.append(f"console {m.type}: {m.text}"))
        page.on("pageerror", lambda e: self.problems.append(f"page error: {e}"))
        page.on("requestfailed", lambda r: self.problems.append(
            f"request failed: {r.url} {r.failure}"))
        page.on("dialog", lambda d: (self.problems.append(f"dialog: {d.message}"),
                                     d.dismiss()))


PLAY_ALL = """async () => {
  const out = [];
  for (const v of document.querySelectorAll('video')) {
    await v.play();
    const t0 = v.currentTime;
    const start = performance.now();
    while ((v.readyState < 2 || v.currentTime - t0 < 0.3) && performance.now() - start < 15000)
      await new Promise(r => setTimeout(r, 50));
    v.pause();
    out.push({src: v.currentSrc, ready: v.readyState, advanced: v.currentTime - t0,
              width: v.videoWidth, error: v.error && v.error.code});
  }
  return out;
}"""

IMAGES = """async (urls) => Promise.all(urls.map(u => new Promise(done => {
  const img = new Image();
  img.onload = () => done([u, img.naturalWidth]);
  img.onerror = () => done([u, 0]);
  img.src = u;
})))"""


def check_page(browser: Any, url: str, site: Path, shots: Path, local: bool) -> None:
    context = browser.new_context(viewport={"width": 1280, "height": 900})
    page = context.new_page()
    watch = Watch(page)
    page.goto(url + "index.html" if not local else url, wait_until="load")
    traces = gallery.traces(site)
    cards = page.locator("article.card")
    assert cards.count() == len(traces)
    for i in range(cards.count()):
        box = cards.nth(i).bounding_box()
        assert box is not None and box["width"] > 250 and box["height"] > 250
    titles = page.locator("article.card h2").all_text_contents()
    assert NASTY in titles                           # shown as text, not run
    played = page.evaluate(PLAY_ALL)
    assert len(played) == page.locator("video").count() >= 2
    for video in played:
        assert video["error"] is None, video
        assert video["ready"] >= 2 and video["advanced"] > 0.2 and video["width"] == 320, video
    posters = page.evaluate("() => [...document.querySelectorAll('video[poster]')]"
                            ".map(v => v.poster).concat([...document.querySelectorAll("
                            "'.media img')].map(i => i.src))")
    assert len(posters) == len(traces)
    for poster, width in page.evaluate(IMAGES, posters):
        assert width == 320, poster
    links = page.evaluate("() => [...document.querySelectorAll('a[href], source[src]')]"
                          ".map(a => a.href || a.src)")
    assert links
    for link in links:
        if link.startswith("file:"):
            assert Path(unquote(urlparse(link).path)).is_file(), link
        elif not link.startswith(url + "#"):
            status = page.request.head(link).status   # the static host has the file
            assert status == 200, link
    page.screenshot(path=str(shots / f"{'file' if local else 'http'}-desktop.png"),
                    full_page=True)
    page.set_viewport_size({"width": 390, "height": 844})
    assert page.evaluate("document.documentElement.scrollWidth") <= 390   # no sideways scroll
    page.screenshot(path=str(shots / f"{'file' if local else 'http'}-phone.png"),
                    full_page=True)
    context.close()
    assert watch.problems == []


def test_the_gallery_in_a_real_browser_from_disk(browser, site, tmp_path):
    check_page(browser, (site / "index.html").as_uri(), site, tmp_path, local=True)
    assert (tmp_path / "file-desktop.png").stat().st_size > 10_000
    assert (tmp_path / "file-phone.png").stat().st_size > 10_000


def test_the_gallery_in_a_real_browser_from_a_static_host(browser, site, tmp_path):
    with served(site) as url:
        check_page(browser, url, site, tmp_path, local=False)


def test_run_writes_svg_and_html_and_the_gallery_links_them(tmp_path):
    """``svg`` and ``html`` are formats like any other: ``run --formats`` writes them and
    prints their paths, and the gallery shows the SVG and links the player."""
    out = tmp_path / "out"
    res = cli("run", "dads-puzzle", "--out-dir", out, "--formats", "svg,html")
    assert res.exit_code == 0, res.output
    svg = (out / "dads-puzzle.svg").read_text(encoding="utf-8")
    assert svg.startswith("<svg") and "@keyframes" in svg and "<script" not in svg
    player = (out / "dads-puzzle.html").read_text(encoding="utf-8")
    assert "<script" in player and "https://" not in player
    assert not re.search(r'(src|href)="(https?:)?//', player)   # nothing from the network
    assert res.stdout.splitlines()[-2:] == [str(out / "dads-puzzle.svg"),
                                            str(out / "dads-puzzle.html")]
    assert cli("gallery", out).exit_code == 0
    page = (out / "index.html").read_text(encoding="utf-8")
    assert '<a href="dads-puzzle.html">Player' in page
    assert '<img src="dads-puzzle.svg"' in page or '<a href="dads-puzzle.svg">SVG' in page
