"""Hostile text in every text field of the HTML pages: the gallery (every field of a card,
the page's title, file names) and the player (title, goal, metric, the move list), as a
notebook shows it inline too.  The text holds ``<script>``, both quotes, ``&`` and
``</title>``; each page is parsed as a browser would and must show that text, unchanged,
exactly where it belongs, and hold no element or script the text could have made."""

from __future__ import annotations

import datetime
import html
import json
import re
from html.parser import HTMLParser
from pathlib import Path
from typing import Any

import puzzlereel
from puzzlereel.gallery import build as gallery
from puzzlereel.gallery.build import Card
from tests.fixtures import CONFIGS, cli, tiny_block

NASTY = "<script>alert('x')</script> & \"q\" </title><b>"


class Parsed(HTMLParser):
    """A page as a browser reads it: its elements (tag, attributes) and each element's
    text, by tag."""

    def __init__(self, page: str) -> None:
        super().__init__(convert_charrefs=True)
        self.tags: list[tuple[str, dict[str, str | None]]] = []
        self.texts: dict[str, list[str]] = {}
        self.open: list[str] = []
        self.feed(page)
        self.close()

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        self.tags.append((tag, dict(attrs)))
        if tag not in ("meta", "link", "source", "img", "br", "input"):
            self.open.append(tag)

    def handle_endtag(self, tag: str) -> None:
        if tag in self.open:
            while self.open.pop() != tag:
                pass

    def handle_data(self, data: str) -> None:
        if self.open:
            self.texts.setdefault(self.open[-1], []).append(data)

    def text(self, tag: str) -> str:
        return "".join(self.texts.get(tag, []))

    def count(self, tag: str) -> int:
        return sum(1 for name, _ in self.tags if name == tag)


def nasty_card(name: str) -> Card:
    return Card(name=name, title=NASTY, family="sliding-block", goal=f"Move `{NASTY}` {NASTY}",
                status="limit", answer="", metric=NASTY, explored=("Positions", 12),
                seconds=1.5, reason=NASTY,
                files={"jsonl": f"{name}.jsonl", "gif": f"{name}.gif", "html": f"{name}.html",
                       "poster": f"{name}.poster.png"},
                sizes={f"{name}.gif": 2048}, frame=(320, 240))


def test_every_text_field_of_the_gallery_is_escaped():
    name = "a\"b'<c>&d"
    page = gallery.page_html([nasty_card(name), nasty_card("plain")], NASTY,
                             datetime.date(2024, 1, 2))
    parsed = Parsed(page)
    assert parsed.count("script") == 0 and parsed.count("b") == len(["family chip"])
    assert parsed.text("title") == NASTY and parsed.text("h1") == NASTY
    assert parsed.text("h2") == NASTY * 2
    assert NASTY in parsed.text("code") and parsed.text("p").count(NASTY) >= 4
    articles = [attrs for tag, attrs in parsed.tags if tag == "article"]
    assert [a["id"] for a in articles] == [f"p-{name}", "p-plain"]
    images = [attrs for tag, attrs in parsed.tags if tag == "img"]
    assert images[0]["alt"] == NASTY and images[0]["src"] == "a%22b%27%3Cc%3E%26d.poster.png"
    navs = [attrs for tag, attrs in parsed.tags if tag == "nav"]
    assert navs[0]["aria-label"] == f"Files of {NASTY}"
    links = [attrs["href"] for tag, attrs in parsed.tags if tag == "a"]
    assert "a%22b%27%3Cc%3E%26d.jsonl" in links and f"#p-{name}" in links


def test_a_hostile_title_through_run_and_gallery(tmp_path):
    config = tiny_block(tmp_path, "nasty", NASTY, 'formats = ["gif", "html"]\nsize = "160x120"')
    out = tmp_path / "out"
    res = cli("run", config, CONFIGS / "rush-hour-style.toml", "--out-dir", out,
              "--gallery", "--jobs", "1", "--formats", "gif", "--size", "160x120", "--fps", "10")
    assert res.exit_code == 0, res.output
    parsed = Parsed((out / "index.html").read_text(encoding="utf-8"))
    assert parsed.count("script") == 0
    assert parsed.text("h2") == NASTY + "Traffic jam"
    assert "<code>long block</code>" in (out / "index.html").read_text(encoding="utf-8")


def player_scripts(page: str) -> list[str]:
    """The text of each ``<script>`` element of a page."""
    return re.findall(r"<script[^>]*>(.*?)</script>", page, re.S)


def test_every_text_field_of_the_player_is_escaped(tmp_path):
    text = (CONFIGS / "dads-puzzle.toml").read_text(encoding="utf-8")
    text = re.sub(r'(?m)^title = .*$', "title = " + json.dumps(NASTY), text)
    text = "goal_text = " + json.dumps(NASTY) + "\n" + text
    solution = puzzlereel.solve(text)
    assert solution.title == NASTY
    trace = solution.jsonl().splitlines()
    header: dict[str, Any] = json.loads(trace[0])
    header["solver"]["metric"] = NASTY
    trace[0] = json.dumps(header)
    loaded = puzzlereel.load("\n".join(trace) + "\n")
    for page in (loaded.player(), html.unescape(
            re.search(r'srcdoc="([^"]*)"', loaded._repr_html_()).group(1))):   # type: ignore[union-attr]
        parsed = Parsed(page)
        assert parsed.count("script") == 2          # the film's data and the player's code
        assert parsed.text("title") == NASTY and parsed.text("h1") == NASTY
        assert NASTY in parsed.text("p")            # the goal, and the facts with the metric
        data, code = player_scripts(page)
        assert "</" not in data and json.loads(data)["beats"]
        assert "alert" not in code
    inline = Parsed(loaded._repr_html_())
    assert [tag for tag, _ in inline.tags] == ["iframe", "script"]   # the frame, its sizing
    assert inline.tags[0][1]["title"] == NASTY


def test_the_written_player_is_the_inline_one(tmp_path: Path):
    solution = puzzlereel.solve("dads-puzzle")
    solution.render(tmp_path / "d.html", theme="wood")
    assert solution.player(theme="wood") == (tmp_path / "d.html").read_text(encoding="utf-8")


def test_one_environment_finds_each_template_by_one_name():
    """The gallery's templates and the player's share one Jinja2 loader, so no name may be
    in both folders (the first folder's file would hide the other's)."""
    from importlib import resources

    from puzzlereel.ground import pages

    gallery_names = {f.name for f in resources.files("puzzlereel").joinpath(
        pages.PAGES_FOLDER).iterdir() if f.is_file()}
    player_names = {f.name for f in resources.files(pages.PLAYER[0]).joinpath(
        pages.PLAYER[1]).iterdir() if f.is_file()}
    assert gallery_names and "player.html" in player_names
    assert gallery_names.isdisjoint(player_names)
    for name in gallery_names | player_names:
        if name.endswith(".html"):
            assert pages.environment().get_template(name).filename.endswith(name)


def test_the_intro_says_how_each_trace_was_solved_as_the_trace_says(tmp_path):
    """Only a trace puzzlereel's own search wrote is "solved optimally by search"; one
    another program wrote (or none said) is solved "as its trace says"."""
    ours = puzzlereel.solve(tiny_block(tmp_path, "t", "Tiny", "")).save(tmp_path / "ours.jsonl")
    lines = ours.read_text(encoding="utf-8").splitlines(keepends=True)
    header = json.loads(lines[0])
    for name, solver in (("theirs", {"program": "klotski-solver 2.1"}), ("unsaid", {})):
        (tmp_path / f"{name}.jsonl").write_text(
            json.dumps({**header, "solver": solver}) + "\n" + "".join(lines[1:]),
            encoding="utf-8")
    card = {name: gallery.card_for(tmp_path, tmp_path / f"{name}.jsonl", None)
            for name in ("ours", "theirs", "unsaid")}
    assert [c.optimal for c in card.values()] == [True, False, False]
    page = gallery.page_html(list(card.values()), "G", datetime.date(2024, 1, 2))
    assert ("3 puzzles, 1 solved optimally by search and 2 as their traces say, drawn "
            "move by move.") in page
    page = gallery.page_html([card["theirs"]], "G", datetime.date(2024, 1, 2))
    assert "optimally" not in page and "1 puzzle, 1 solved as its trace says and" in page
    page = gallery.page_html([card["ours"]], "G", datetime.date(2024, 1, 2))
    assert "1 puzzle, 1 solved optimally by search and drawn move by move." in page
