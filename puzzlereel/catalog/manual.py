"""The user documentation that ships inside the package (``puzzlereel docs``): the
repository's ``docs/*.md``, installed as the data package ``puzzlereel.docs``, one topic
a file (``rendering`` is ``docs/rendering.md``).

A topic is printed as plain text, its Markdown as written except for its links, which
are made to work where the package is installed: a link to another topic reads
``puzzlereel docs TOPIC``, a link to a file of the repository that is not installed (a
picture, the notebook) its address on the project's home page, and a link within the
page its words alone.  The project's addresses are here too (``pyproject.toml``'s
``[project.urls]`` says the same).
"""

from __future__ import annotations

import posixpath
import re
from collections.abc import Iterator
from dataclasses import dataclass

from puzzlereel.catalog import bundled
from puzzlereel.ground.errors import UsageError, quoted
from puzzlereel.ground.suggest import did_you_mean

DOCS_PACKAGE = "puzzlereel.docs"
DOCS_FOLDER = "docs"                      # the repository's folder that DOCS_PACKAGE is
DOC_SUFFIX = ".md"
HOME = "https://github.com/puzzlereel/puzzlereel"
DOCS = f"{HOME}/tree/main/docs"
ISSUES = f"{HOME}/issues"
FILES = f"{HOME}/blob/main"          # a file of the repository: FILES/docs/images/x.png

# code, where a link is shown as it is written: a fenced block or `a span`
CODE = re.compile(r"^```.*?^```$|`[^`\n]*`", re.M | re.S)
# a Markdown link or picture, [words](target) or ![words](target), or code, read from
# left to right: a link's words may be code, and code may show a link
LINK = re.compile(r"(?P<link>!?\[(?P<words>[^\]\n]*)\]\((?P<target>[^)\s]+)\))|"
                  + CODE.pattern, re.M | re.S)
# a doc named by its path in the repository, in the text: docs/rendering.md
DOC_LINK = re.compile(rf"(?<![\w/.-]){DOCS_FOLDER}/([\w-]+)\.md\b")


@dataclass(frozen=True)
class Topic:
    """One doc: its name (the file's without ``.md``) and its first heading."""

    name: str
    title: str


def command(topic: str) -> str:
    """The command that prints ``topic``: ``puzzlereel docs rendering``."""
    return f"puzzlereel docs {topic}"


def topics() -> tuple[str, ...]:
    """Every topic's name, sorted."""
    return tuple(sorted(entry.name[:-len(DOC_SUFFIX)]
                        for entry in bundled.folder(DOCS_FOLDER, DOCS_PACKAGE, "the docs").iterdir()
                        if entry.name.endswith(DOC_SUFFIX) and entry.is_file()))


def markdown(topic: str) -> str:
    """The doc of ``topic`` as written, or ``UsageError`` naming the closest topics."""
    if topic not in topics():
        hint = did_you_mean(topic.removesuffix(DOC_SUFFIX), topics()) or \
            " (`puzzlereel docs` lists them)"
        raise UsageError(f"no topic called {quoted(topic)}{hint}", field="TOPIC")
    folder = bundled.folder(DOCS_FOLDER, DOCS_PACKAGE, "the docs")
    return folder.joinpath(topic + DOC_SUFFIX).read_text(encoding="utf-8")


def listing() -> Iterator[str]:
    """``puzzlereel docs``: one line a topic (its name and title), then where the docs
    are online."""
    found = [Topic(name, _title(markdown(name), name)) for name in topics()]
    width = max(len(topic.name) for topic in found)
    for topic in found:
        yield f"{topic.name.ljust(width)}  {topic.title}"
    yield ""
    yield f"{command('TOPIC')} prints one; online: {DOCS}"


def text(topic: str) -> str:
    """The doc of ``topic`` as it is printed: its links made to work where the package
    is installed."""
    return DOC_LINK.sub(_named, LINK.sub(_plain_link, markdown(topic)))


def _named(match: re.Match[str]) -> str:
    """A doc named by its path, as the command that prints it (when it is a topic)."""
    name = match.group(1)
    return command(name) if name in topics() else match.group(0)


def _title(doc: str, name: str) -> str:
    """A doc's first heading, without its ``#``."""
    for line in doc.splitlines():
        if line.startswith("# "):
            return line[2:].strip()
    return name


def _plain_link(match: re.Match[str]) -> str:
    """One link of a doc as it is printed: ``words (where)``, or ``where`` alone when
    the words only spell it; code as it is."""
    if match.group("link") is None:
        return match.group(0)
    words, target = match.group("words"), match.group("target")
    where = pointer(target)
    if where is None:
        return words
    if not words or words.strip("`").endswith(DOC_SUFFIX):
        return where
    return f"{words} ({where})"


def pointer(target: str) -> str | None:
    """Where a link of a doc points, for a reader of the installed package: an address
    on the web as it is, another topic as the command that prints it, another file of
    the repository as its address on the home page; None for a place within the page."""
    if re.match(r"[a-z]+:", target):
        return target
    path = target.split("#", 1)[0]
    if not path:
        return None
    resolved = posixpath.normpath(posixpath.join(DOCS_FOLDER, path))
    folder, _, name = resolved.rpartition("/")
    if folder == DOCS_FOLDER and name.endswith(DOC_SUFFIX):
        return command(name[:-len(DOC_SUFFIX)])
    return f"{FILES}/{resolved}"


__all__ = ["DOCS", "DOCS_FOLDER", "DOCS_PACKAGE", "FILES", "HOME", "ISSUES", "Topic", "command",
           "listing", "markdown", "pointer", "text", "topics"]
