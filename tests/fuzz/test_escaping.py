"""Every text is escaped for the place it goes: property tests that throw arbitrary
Unicode (markup, quotes, control characters, escape sequences, U+2028, halves of
surrogate pairs) at every text field and parse each output with a parser of its kind.

First each helper of ``puzzlereel.ground.escape`` alone, then the files and lines the program
writes from hostile titles, labels, notes, goals, names and file names: the animated SVG
(XML), the player (HTML, and the JSON in its ``<script>``), the WebVTT captions, the
gallery page (HTML), the configs ``import`` writes (TOML), and what ``show`` and
``validate`` print (the terminal)."""

from __future__ import annotations

import html
import io
import json
import re
import tomllib
import unicodedata
import xml.etree.ElementTree as ET
from html.parser import HTMLParser

import pytest
from hypothesis import assume, given
from hypothesis import strategies as st

from puzzlereel.actions.draw import render_trace
from puzzlereel.catalog import importers
from puzzlereel.gallery import build as gallery
from puzzlereel.ground import escape
from puzzlereel.render.options import RenderOptions
from tests.fixtures import DATA, cli

# pieces of text that broke a destination once, or could: mixed into arbitrary Unicode
NASTY = ("<!--<script>", "</script>", "</SCRIPT >", "<!--", "-->", "]]>", "&amp;", "&",
         "<", ">", '"', "'", "\\", "\x00", "\x01", "\x07", "\x0b", "\x0c", "\r", "\n",
         "\r\n", "\t", "\x1b[31m", "\x1b]52;c;aGVsbG8=\x07", "\x1b]0;title\x1b\\", "\x9b2J",
         "\x7f", "\x85", "\u2028", "\u2029", "\u202e", "\ufeff", "\ufffe", "\uffff",
         "\ud800", "\udcff", "{{ x }}", "${x}", "#", '"""', "'''", "\U0001f600")
ANY_CHAR = st.characters(exclude_categories=())          # surrogates too
TEXT = st.lists(st.one_of(st.sampled_from(NASTY), st.text(ANY_CHAR, max_size=8)),
                max_size=8).map("".join)
# what a trace or a config can hold: any character but halves of surrogate pairs
WORDS = TEXT.map(lambda t: re.sub("[\ud800-\udfff]", "\ufffd", t))
# the paragraph separators Pillow's text layout (raqm) fails on, so that the renderer,
# which measures every text it draws, cannot draw a text holding one yet
PARAGRAPH_BREAKS = "\n\r\x1c\x1d\x1e\x85\u2029"
DRAWN = WORDS.map(lambda t: re.sub(f"[{PARAGRAPH_BREAKS}]", " ", t))
TRACE = DATA / "hakoiri-5.jsonl"
NOT_XML = re.compile("[\x00-\x08\x0b\x0c\x0e-\x1f\ud800-\udfff\ufffe\uffff]")


def no_surrogates(text: str) -> str:
    return re.sub("[\ud800-\udfff]", "\ufffd", text)


class Page(HTMLParser):
    """An HTML page as a parser reads it: its tags in order, the text inside each
    element by its id or tag, and the raw text of each ``<script>``."""

    def __init__(self, text: str) -> None:
        super().__init__(convert_charrefs=True)
        self.tags: list[str] = []
        self.attrs: list[dict[str, str | None]] = []
        self.texts: dict[str, str] = {}
        self.stack: list[str] = []
        self.scripts: list[str] = []
        self.feed(text)
        self.close()

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        self.tags.append(tag)
        self.attrs.append(dict(attrs))
        self.stack.append(tag)

    def handle_endtag(self, tag: str) -> None:
        while self.stack and self.stack.pop() != tag:
            pass

    def handle_data(self, data: str) -> None:
        if self.stack:
            top = self.stack[-1]
            if top == "script":
                self.scripts.append(data)
            self.texts[top] = self.texts.get(top, "") + data


# ---------------------------------------------------------------- each helper alone


def test_xml_text_parses_as_text_and_attribute(fuzz):
    @fuzz.settings(300)
    @given(text=TEXT)
    def run(text):
        escaped = escape.xml_text(text)
        root = ET.fromstring(f'<r a="{escaped}">{escaped}</r>')
        kept = NOT_XML.sub("", text).replace("\r\n", "\n").replace("\r", "\n")
        assert (root.text or "") == kept
        assert root.get("a") == re.sub("[\t\n]", " ", kept)

    run()


def test_html_text_parses_as_text_and_attribute(fuzz):
    @fuzz.settings(300)
    @given(text=TEXT)
    def run(text):
        escaped = escape.html_text(text)
        page = Page(f'<p title="{escaped}">{escaped}</p>')
        assert page.tags == ["p"]
        kept = NOT_XML.sub("", text)
        assert page.attrs[0]["title"] == kept
        assert page.texts.get("p", "") == kept

    run()


JSON_DATA = st.recursive(
    st.one_of(st.none(), st.booleans(), st.integers(), TEXT),
    lambda inner: st.one_of(st.lists(inner, max_size=4),
                            st.dictionaries(TEXT, inner, max_size=4)), max_leaves=12)


def test_script_json_cannot_end_or_comment_out_its_script(fuzz):
    @fuzz.settings(300)
    @given(data=JSON_DATA)
    def run(data):
        body = escape.script_json(data)
        body.encode("utf-8")
        page = f'<script type="application/json">{body}</script><p>after</p>'
        # an HTML parser ends the script at the first "</script", and "<!--" inside one
        # changes where that is: neither may come from the data
        assert page.lower().index("</script") == len('<script type="application/json">') + len(body)
        assert "<!--" not in body and "<script" not in body.lower()
        assert json.loads(body) == data
        assert Page(page).tags == ["script", "p"]

    run()


def test_vtt_text_is_one_line_of_cue_text(fuzz):
    @fuzz.settings(300)
    @given(text=TEXT)
    def run(text):
        cue = escape.vtt_text(text)
        cue.encode("utf-8")
        assert "\n" not in cue and "\r" not in cue and "-->" not in cue and "<" not in cue
        assert re.fullmatch(r"([^&]|&(amp|lt|gt);)*", cue)
        assert not any(unicodedata.category(ch) in ("Cc", "Cs") for ch in html.unescape(cue))
        plain = html.unescape(cue)
        printable = "".join(ch for ch in text if unicodedata.category(ch) not in ("Cc", "Cs"))
        if printable == text and "-->" not in text:
            assert plain == " ".join(text.split())

    run()


def test_toml_string_reads_back_as_written(fuzz):
    @fuzz.settings(300)
    @given(text=TEXT)
    def run(text):
        assert tomllib.loads(f"k = {escape.toml_string(text)}\n") == {"k": no_surrogates(text)}

    run()


def test_a_toml_comment_stays_a_comment(fuzz):
    @fuzz.settings(300)
    @given(text=TEXT)
    def run(text):
        assert tomllib.loads(f"# {escape.toml_comment(text)}\nk = 1\n") == {"k": 1}

    run()


def test_terminal_text_lets_no_control_character_through(fuzz):
    @fuzz.settings(300)
    @given(text=TEXT)
    def run(text):
        shown = escape.terminal_text(text)
        assert not any(unicodedata.category(ch) in ("Cc", "Cs") and ch not in "\n\t"
                       for ch in shown)
        assert "\x1b" not in shown and "\x9b" not in shown
        if all(unicodedata.category(ch) not in ("Cc", "Cs", "Zl", "Zp", "Cf") for ch in text):
            assert shown == text

    run()


# ---------------------------------------------------------------- what the program writes


def hostile_trace(title: str, label: str, note: str, goal: str) -> str:
    """hakoiri-5.jsonl with a hostile title, goal, piece label and note."""
    lines = TRACE.read_text(encoding="utf-8").splitlines()
    head = json.loads(lines[0])
    head["title"] = title
    head["goal_text"] = goal
    head["pieces"][1]["label"] = label
    lines[0] = json.dumps(head)
    lines.insert(2, json.dumps({"type": "note", "text": note}))
    return "\n".join(lines) + "\n"


def test_svg_player_and_captions_parse_whatever_the_trace_says(fuzz, tmp_path_factory):
    @fuzz.settings(12)
    @given(title=DRAWN, label=DRAWN, note=DRAWN, goal=DRAWN)
    def run(title, label, note, goal):
        folder = tmp_path_factory.mktemp("vector")
        text = hostile_trace(title, label, note, goal)
        files = [("svg", folder / "t.svg"), ("html", folder / "t.html"),
                   ("vtt", folder / "t.vtt")]
        options = RenderOptions(fps=4)
        render_trace(io.BytesIO(text.encode("utf-8")), "t.jsonl", files, options)

        svg = ET.parse(folder / "t.svg").getroot()
        shown = svg.find("{http://www.w3.org/2000/svg}title")
        assert shown is not None

        page = Page((folder / "t.html").read_text(encoding="utf-8"))
        assert page.tags.count("script") == 2
        film = json.loads(page.scripts[0])
        assert film["beats"]                              # the data, whole
        assert "svg" in page.tags and "ol" in page.tags   # nothing cut the page short

        cues = (folder / "t.vtt").read_text(encoding="utf-8").split("\n\n")
        assert cues[0] == "WEBVTT"
        for block in filter(None, (c.strip("\n") for c in cues[1:])):
            number, timing, *words = block.split("\n")
            assert number.isdigit() and re.fullmatch(r"[\d:.]+ --> [\d:.]+", timing), block
            assert len(words) == 1 and "-->" not in words[0] and "<" not in words[0], block

    run()


def test_the_gallery_page_parses_whatever_the_titles_say(fuzz, tmp_path_factory):
    @fuzz.settings(40)
    @given(title=WORDS)
    def run(title):
        folder = tmp_path_factory.mktemp("gallery")
        (folder / "a.jsonl").write_text(hostile_trace(title, "x", "y", "z"), encoding="utf-8")
        (folder / "b.jsonl").write_text(hostile_trace("plain", "x", "y", "z"), encoding="utf-8")
        built = gallery.build(folder, posters=False)
        page = Page(built.path.read_text(encoding="utf-8"))
        assert page.tags.count("article") == 2 and page.tags.count("h2") == 2
        assert "script" not in page.tags
        heads = [attrs for tag, attrs in zip(page.tags, page.attrs) if tag == "article"]
        assert {a.get("id") for a in heads} == {"p-a", "p-b"}

    run()


def test_imported_configs_parse_whatever_the_names_say(fuzz, tmp_path_factory):
    @fuzz.settings(60)
    @given(prefix=TEXT, source=TEXT)
    def run(prefix, source):
        assume(source and "\x00" not in source)
        folder = tmp_path_factory.mktemp("import")
        stream = io.BytesIO(b"1 2 3 0\n\nA.B/.AB\n")
        report = importers.import_collection("tiles", stream, source, folder, prefix="p",
                                             force=True)
        assert report.written
        for path in report.written:
            data = tomllib.loads(path.read_text(encoding="utf-8"))
            assert data["title"] == "p #1"
        one = importers.tiles_entry("1 2 3 0", source, 1, prefix, importers.TileOptions())
        assert tomllib.loads(one.text)["title"] == no_surrogates(prefix)

    run()


def test_show_and_validate_print_no_control_character(fuzz, tmp_path_factory):
    @fuzz.settings(40)
    @given(title=WORDS, label=WORDS, note=WORDS)
    def run(title, label, note):
        path = tmp_path_factory.mktemp("terminal") / "t.jsonl"
        path.write_text(hostile_trace(title, label, note, "goal"), encoding="utf-8")
        for command in ("show", "validate"):
            res = cli(command, path)
            assert res.exit_code == 0, res.output
            for out in (res.stdout, res.stderr):
                bad = [ch for ch in out if unicodedata.category(ch) == "Cc" and ch not in "\n\t"]
                assert not bad, (command, bad[:5])

    run()


@pytest.mark.parametrize("brk", list(PARAGRAPH_BREAKS))
def test_a_line_break_in_a_label_or_title_renders(tmp_path, brk):
    text = hostile_trace(f"a{brk}b", f"c{brk}d", "note", "goal")
    files = [("svg", tmp_path / "t.svg"), ("vtt", tmp_path / "t.vtt")]
    render_trace(io.BytesIO(text.encode("utf-8")), "t.jsonl", files,
                     RenderOptions(fps=4))
    ET.parse(tmp_path / "t.svg")


def test_a_label_that_opens_a_comment_and_a_script_leaves_the_player_whole(tmp_path):
    text = hostile_trace("<!--<script>", "<!--<script>", "</script>", "<!--")
    trace = tmp_path / "t.jsonl"
    trace.write_text(text, encoding="utf-8")
    out = tmp_path / "t.html"
    res = cli("render", trace, "-o", out, "--fps", "4")
    assert res.exit_code == 0, res.output
    page = Page(out.read_text(encoding="utf-8"))
    assert page.tags.count("script") == 2
    assert json.loads(page.scripts[0])["beats"]
    assert page.texts["h1"] == "<!--<script>"


def test_names_from_files_reach_every_page_as_their_own_bytes(tmp_path):
    """A file name that is not UTF-8 (Python holds it with surrogates) is linked by its
    own bytes, and the page still encodes."""
    name = "caf\udce9"                      # b"caf\xe9": Latin-1, not UTF-8
    path = tmp_path / f"{name}.jsonl"
    try:
        path.write_text(hostile_trace("t", "x", "y", "z"), encoding="utf-8")
    except (UnicodeEncodeError, OSError):
        pytest.skip("this file system refuses names that are not UTF-8")
    built = gallery.build(tmp_path, posters=False)
    text = built.path.read_text(encoding="utf-8")
    assert 'href="caf%E9.jsonl"' in text
