"""Did you mean: the one answer to every unknown name.

A config key, a keyword argument, a family, an example, a command, an option, a file in
a folder: when a name is not one of the names it could be, the message ends with the
closest of them (``did_you_mean``), found the same way everywhere (``closest``): the
name itself written another way (``Theme``, ``gif-fps`` for ``gif_fps``) alone, else
the names that differ from it by a few letters (``metrik``: ``metric``), the names that
hold it (``queens``: ``n-queens-8``), then the names another name of it stands for
(``klotski``: ``sliding-block``).
"""

from __future__ import annotations

import difflib
from collections.abc import Callable, Iterable, Mapping, Sequence

CLOSE = 0.6            # how alike two names must be (difflib's ratio) to be suggested
ALIKE = 0.8            # how alike a word and another name must be to stand for it
HELD = 3               # a name this long or longer suggests the names that hold it
MOST_SUGGESTED = 3              # names suggested at most
LONGEST = 80           # a longer word is no misspelt name: nothing is suggested for it


def folded(name: str) -> str:
    """``name`` as it is compared: lower case, ``_`` and spaces as ``-``."""
    return name.casefold().replace("_", "-").replace(" ", "-")


def closest(word: str, choices: Iterable[str], *,
            also: Mapping[str, Sequence[str]] | None = None, n: int = MOST_SUGGESTED) -> list[str]:
    """The ``choices`` closest to ``word``, best first, at most ``n``; ``also`` maps
    other names people use (``klotski``) to the choices they stand for.  Only ``word``
    when it is one of them."""
    names = list(dict.fromkeys(choices))
    if word in names:
        return [word]
    if len(word) > LONGEST:
        return []
    key = folded(word)
    by_fold: dict[str, list[str]] = {}
    for name in names:
        by_fold.setdefault(folded(name), []).append(name)
    if key in by_fold:                 # the name itself, written another way
        return by_fold[key][:n]
    found: list[str] = []
    for near in difflib.get_close_matches(key, list(by_fold), n=n, cutoff=CLOSE):
        found += by_fold[near]
    if len(key) >= HELD:
        found += sorted((name for name in names if key in folded(name)), key=len)
    others = {folded(other): list(meant) for other, meant in (also or {}).items()}
    for other in [key] + difflib.get_close_matches(key, list(others), n=1, cutoff=ALIKE):
        found += [name for name in others.get(other, []) if name in names]
    return list(dict.fromkeys(found))[:n]


def did_you_mean(word: str, choices: Iterable[str], *,
                 also: Mapping[str, Sequence[str]] | None = None, n: int = MOST_SUGGESTED,
                 shown: Callable[[str], str] = str) -> str:
    """The end of a message about the unknown ``word``: "; did you mean: metric?" with
    the closest choices (``closest``), each as ``shown`` writes it (a file with its
    folder), or "" when none is close."""
    names = [shown(name) for name in closest(word, choices, also=also, n=n)]
    return f"; did you mean: {', '.join(names)}?" if names else ""


__all__ = ["CLOSE", "closest", "did_you_mean", "folded"]
