"""Text from inputs made safe for the place it goes: one function per destination.

A title, a label or a file name may hold anything Unicode has: markup, quotes, control
characters, escape sequences, halves of surrogate pairs (a file name that is not UTF-8
reaches Python as those).  Each destination gets the text through its own function, and
only through it:

* ``html_text``: HTML text and attribute values (quoted with ``"``); the page
  templates (Jinja2, autoescaping) put every value through ``page_value`` and every
  file link through ``url_path``;
* ``xml_text``: SVG and any XML, text and attribute values; what XML 1.0 cannot hold
  at all is left out;
* ``script_json``: data as JSON inside a ``<script>`` element, unable to end it or to
  open a comment in it;
* ``vtt_text``: one line of WebVTT cue text;
* ``toml_string`` and ``toml_comment``: a TOML basic string, and the text of a comment;
* ``terminal_text``: text for people on a terminal: no control character reaches it
  (no escape sequence can recolour it, move the cursor or write the clipboard).

Each is total (any ``str`` in, a ``str`` that encodes as UTF-8 out) and leaves ordinary
text as it is.  The property tests in ``tests/fuzz/test_escaping.py`` parse what each
gives with a parser of its destination.
"""

from __future__ import annotations

import json
import re
from typing import Any
from urllib.parse import quote

# halves of surrogate pairs: no character, and no UTF-8 encoder writes them
_SURROGATE = re.compile("[\ud800-\udfff]")
# what XML 1.0 cannot hold: C0 controls but tab, newline and return; surrogates; U+FFFE
# and U+FFFF
_NOT_XML = re.compile("[\x00-\x08\x0b\x0c\x0e-\x1f\ud800-\udfff\ufffe\uffff]")
_MARKUP = {"&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&#39;"}
_MARKUP_CHARS = re.compile("[&<>\"']")
# characters that must not be written raw inside a <script>, and their JSON escapes: a
# "<" could start "</script>" or "<!--", U+2028 / U+2029 end a line in old JavaScript
_SCRIPT = {"<": "\\u003c", ">": "\\u003e", "&": "\\u0026", "\u2028": "\\u2028",
           "\u2029": "\\u2029"}
_SCRIPT_CHARS = re.compile("[<>&\u2028\u2029\ud800-\udfff]")
# controls (C0, DEL, C1), line and paragraph separators, and the bidirectional
# controls that reorder what a terminal shows
_CONTROL = re.compile("[\x00-\x1f\x7f-\x9f\u2028\u2029\u200e\u200f\u202a-\u202e"
                      "\u2066-\u2069\ud800-\udfff]")
# what breaks a line of cue text, or is no character: controls, line separators, surrogates
_LINE_BREAKING = re.compile("[\x00-\x1f\x7f-\x9f\u2028\u2029\ud800-\udfff]")
_TOML_ESCAPES = {'"': '\\"', "\\": "\\\\", "\b": "\\b", "\t": "\\t", "\n": "\\n",
                 "\f": "\\f", "\r": "\\r"}
_TOML_CHARS = re.compile('["\\\\\x00-\x1f\x7f\ud800-\udfff]')
_TOML_COMMENT = re.compile("[\x00-\x08\x0a-\x1f\x7f\ud800-\udfff]")
REPLACEMENT = "\ufffd"


def _markup(text: str) -> str:
    return _MARKUP_CHARS.sub(lambda m: _MARKUP[m.group()], _NOT_XML.sub("", text))


def xml_text(text: str) -> str:
    """``text`` as XML character data or a quoted attribute value: ``& < > " '`` as
    references, and the characters XML 1.0 cannot hold left out."""
    return _markup(str(text))


def html_text(text: str) -> str:
    """``text`` as HTML text or a quoted attribute value (the same rules as XML, so the
    page reads the same to an XML tool)."""
    return _markup(str(text))


def page_value(value: Any) -> Any:
    """A value as a page template puts it in (its ``finalize``): text without what HTML
    and XML cannot hold; the template's autoescaping then escapes the markup (the same
    rules as ``html_text``)."""
    if isinstance(value, str) and not hasattr(value, "__html__"):
        return _NOT_XML.sub("", value)
    return value


def url_path(name: str) -> str:
    """A file name as a relative URL: percent-encoded, by the name's own bytes (a name
    that is not UTF-8 reaches Python with halves of surrogate pairs)."""
    return quote(str(name), errors="surrogateescape")


def script_json(data: Any) -> str:
    """``data`` as JSON that cannot end or comment out the ``<script>`` holding it:
    ``<``, ``>``, ``&``, U+2028 and U+2029 (and halves of surrogate pairs, which UTF-8
    cannot hold) as ``\\u`` escapes; ``JSON.parse`` gives ``data`` back."""
    text = json.dumps(data, separators=(",", ":"), ensure_ascii=False)
    return _SCRIPT_CHARS.sub(
        lambda m: _SCRIPT.get(m.group()) or f"\\u{ord(m.group()):04x}", text)


def vtt_text(text: str) -> str:
    """``text`` as one line of WebVTT cue text: whitespace runs (line breaks too) as one
    space, ``-->`` as an arrow, ``&``, ``<`` and ``>`` as references, controls left out."""
    line = " ".join(_LINE_BREAKING.sub(" ", str(text).replace("-->", "\u2192")).split())
    return line.replace("&", "&amp;").replace("<", "&lt;").replace(">", "&gt;")


def toml_string(text: str) -> str:
    """``text`` as a TOML basic string (``"..."``, escapes where TOML asks for them;
    halves of surrogate pairs as U+FFFD)."""
    def escaped(m: re.Match[str]) -> str:
        ch = m.group()
        if "\ud800" <= ch <= "\udfff":
            return REPLACEMENT
        return _TOML_ESCAPES.get(ch) or f"\\u{ord(ch):04X}"

    return '"' + _TOML_CHARS.sub(escaped, str(text)) + '"'


def toml_comment(text: str) -> str:
    """``text`` as the body of one TOML comment line: the characters a comment cannot
    hold (controls but tab, line breaks) as U+FFFD."""
    return _TOML_COMMENT.sub(REPLACEMENT, str(text))


def _visible(m: re.Match[str]) -> str:
    code = ord(m.group())
    return f"\\x{code:02x}" if code < 0x100 else f"\\u{code:04x}"


def terminal_text(text: str) -> str:
    """``text`` for a terminal: every control character but newline and tab (so no
    escape sequence), and the characters that break or reorder a line, shown as
    ``\\xNN`` / ``\\uNNNN``."""
    return _CONTROL.sub(lambda m: m.group() if m.group() in "\n\t" else _visible(m), str(text))


__all__ = ["REPLACEMENT", "html_text", "page_value", "script_json", "terminal_text",
           "toml_comment", "toml_string", "url_path", "vtt_text", "xml_text"]
