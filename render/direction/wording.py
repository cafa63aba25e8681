"""What the video says in words: the title, the goal, the facts, the counter and the
result.

The words come from the trace, in a viewer's words (never the solver's own: its
algorithm and metric names stay in the file's metadata): the human title, the goal
sentence (the header's ``goal_text``, else the family's default), the facts that make
the solution interesting (its length, the fewest possible), what one move is in plain
words, the counter in the puzzle's count noun ("Move 12 / 81",
"Guess 3 / 9", "Solution 7 / 92"), and the result the ending shows beside or over the
last position, saying honestly how the trace ended: solved (with the numbers), no
solution (and why), a search stopped by a limit, or a trace that simply stops
(``--partial``).  Everything here is pure text; ``render.direction.panel`` sets it in a frame.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

from puzzlereel.ground.words import duration, plural, search_seconds, whole
from puzzlereel.registry import FAMILIES, Searched
from puzzlereel.render.direction.search import PLAIN
from puzzlereel.render.film import typeset
from puzzlereel.trace import End, Header

TITLE_CHARS = 120   # a title line is cut to this many characters, then fitted

# programs whose move-counting searches are optimal (breadth-first, IDA*, bidirectional)
OPTIMAL_PROGRAM = "puzzlereel"


def cut(line: str, limit: int = TITLE_CHARS) -> str:
    return line if len(line) <= limit else line[:limit - 1].rstrip() + typeset.ELLIPSIS


def searched_of(header: Header) -> Searched:
    """How the family's search is told in words (the registry's; the defaults for a
    family nobody knows)."""
    family = FAMILIES.get(header.puzzle)
    return family.searched if family is not None else PLAIN


def count_noun_of(header: Header) -> str:
    family = FAMILIES.get(header.puzzle)
    return family.count_noun if family is not None else "move"


def human_title(header: Header) -> str:
    """The trace's title, else the family's name (never an id like ``hakoiri-musume``)."""
    if header.title and header.title.strip():
        return cut(header.title.strip())
    return family_name(header)


def family_name(header: Header) -> str:
    """The family as people read it (the registry's ``display_name``)."""
    family = FAMILIES.get(header.puzzle)
    if family is None:
        return header.puzzle.replace("-", " ").capitalize()
    return family.display_name


def goal_text(header: Header, default: str) -> str:
    """The header's optional ``goal_text`` (a string), else ``default``."""
    value = header.fields.get("goal_text")
    if isinstance(value, str) and value.strip():
        return cut(" ".join(value.split()), 240)
    return default


def metric_of(header: Header) -> str | None:
    metric = header.solver.get("metric") if isinstance(header.solver, Mapping) else None
    return cut(metric, 40) if isinstance(metric, str) and metric else None


def is_optimal(header: Header) -> bool:
    """Whether the trace's solution is known optimal: a move-counting puzzle solved by
    puzzlereel itself (its move searches are optimal) whose header does not say
    ``solver.optimal: false`` (a depth-first search asked for any solution)."""
    solver = header.solver if isinstance(header.solver, Mapping) else {}
    program = solver.get("program")
    return (count_noun_of(header) == "move" and isinstance(program, str)
            and program.startswith(OPTIMAL_PROGRAM) and solver.get("optimal") is not False)


def facts_line(header: Header, total: int | None) -> str:
    """What is known of the solution, in a viewer's words: "81 moves, the fewest
    possible", "5 guesses" (nothing of how the solver works: its algorithm and metric
    are its own words)."""
    count_noun = count_noun_of(header)
    if total is None or count_noun not in ("move", "guess"):
        return ""
    counted = f"{total} {plural(count_noun, total)}"
    return f"{counted}, {FEWEST}" if is_optimal(header) else counted


FEWEST = "the fewest possible"


def counting(header: Header) -> str:
    """What one move is in the trace's metric, in a viewer's words ("Each slide of one
    piece, however far, is one move."; the family's ``counting`` sentences), or ""
    for a metric the family does not describe."""
    family = FAMILIES.get(header.puzzle)
    if family is None:
        return ""
    return family.counting.get(metric_of(header) or "", "")


def title_lines(header: Header, total: int | None) -> list[str]:
    """The contact sheet's heading: the title, the family, the length (and what one
    move is, in a viewer's words).

    Each line is cut to ``TITLE_CHARS`` characters before anything measures it."""
    lines = [human_title(header), family_name(header)]
    if total is not None:
        count_noun = count_noun_of(header)
        facts = facts_line(header, total) or f"{total} {plural(count_noun, total)}"
        lines.append(" ".join(x for x in (facts + ".", counting(header)) if x != "."))
    return [cut(line) for line in lines]


def counter_text(word: str, move: int | None, total: int | None) -> str:
    """"Start", "Move 12 / 81", "Guess 3" (no total known)."""
    if not move:
        return "Start"
    return f"{word} {move} / {total}" if total is not None else f"{word} {move}"


def _count(value: Any) -> int | None:
    return value if isinstance(value, int) and not isinstance(value, bool) and value >= 0 \
        else None


def explored(stats: Mapping[str, Any]) -> int | None:
    for key in ("states", "nodes", "expressions", "candidates", "codes"):
        n = _count(stats.get(key))
        if n:
            return n
    return None


@dataclass(frozen=True)
class Ending:
    """How a trace ended, in words: the headline and up to two lines under it."""

    kind: str              # "solved", "unsolvable", "limit", "incomplete"
    headline: str
    details: tuple[str, ...] = ()
    note: str = ""         # after the headline: "the fewest possible"

    @property
    def text(self) -> str:
        """The headline with its note: "Solved in 81 moves — the fewest possible"."""
        return f"{self.headline} — {self.note}" if self.note else self.headline


def ending(header: Header, end: End | None, count: int, unit_text: str,
           shown: int | None = None) -> Ending:
    """The result's words.  ``count``: the last counter value shown; ``unit_text``: the
    scene's end caption for it ("Solved in 81 moves", "92 solutions").  What the search
    looked at is said in the family's words (``registry.Searched``: "23,822 positions
    explored", "5,040 codes considered")."""
    count_noun = count_noun_of(header)
    said = searched_of(header)
    if end is None:
        return Ending("incomplete", "Trace incomplete",
                      (f"{count} {plural(count_noun, count)} shown",))
    stats = end.stats if isinstance(end.stats, Mapping) else {}
    if end.status == "unsolvable":
        return Ending("unsolvable", "No solution exists", (_why_none(stats, said),))
    if end.status == "limit":
        return Ending("limit", "Search stopped", _stopped(stats, said))
    details = [counting(header), _shown_of(count_noun, stats, shown), _search_line(stats, said)]
    return Ending("solved", unit_text, tuple([d for d in details if d][:2]),
                  FEWEST if is_optimal(header) else "")


def _why_none(stats: Mapping[str, Any], said: Searched) -> str:
    """Why there is no solution: the reason given, else how much the search looked at."""
    n = explored(stats)
    reason = stats.get("reason")
    if isinstance(reason, str) and reason:
        return cut(f"Why: {reason}", 160)
    if n:
        return f"All {whole(n)} {plural(said.noun, n)} {said.verb}"
    return "The search space was exhausted"


def _stopped(stats: Mapping[str, Any], said: Searched) -> tuple[str, ...]:
    """When a search stopped at its limit, and the limit."""
    n = explored(stats)
    limit = stats.get("limit")
    first = f"The search stopped after {whole(n)} {plural(said.noun, n)}" if n else \
        "The search stopped before a solution was found"
    more = (cut(str(limit), 120),) if isinstance(limit, str) and limit else ()
    return (first, *more)


def _shown_of(count_noun: str, stats: Mapping[str, Any], shown: int | None) -> str:
    """How many of the solutions a video of some of them shows ("" for all)."""
    total = _count(stats.get("total_solutions")) or _count(stats.get("solutions"))
    if count_noun == "solution" and total is not None and shown is not None and shown < total:
        return f"{shown} of {whole(total)} shown"
    return ""


def _search_line(stats: Mapping[str, Any], said: Searched) -> str:
    """How much the search looked at, in how long ("" when the trace says neither)."""
    n = explored(stats)
    took = search_seconds(stats)
    secs = None if took is None else duration(took)
    if n:
        return f"{whole(n)} {plural(said.noun, n)} {said.verb}" + (f" in {secs}" if secs else "")
    return f"found in {secs}" if secs else ""


def remark(move: int, legal: int, word: str, total: int | None) -> tuple[str, ...]:
    """A decisive move in words, longest first: "Move 5: the only one of 7 that keeps
    81", "Move 5: only 1 of 7 keeps 81", "Move 5: 1 of 7 keeps 81", and last, without
    naming the move (for while it is the move on screen), "1 of 7 keeps 81"
    (``total``: the solution's length, which it keeps; without it, the fewest moves)."""
    of = whole(legal)
    keeps = whole(total) if total is not None else f"the fewest {plural(word.lower(), 2)}"
    return (f"{word} {move}: the only one of {of} that keeps {keeps}",
            f"{word} {move}: only 1 of {of} keeps {keeps}",
            f"{word} {move}: 1 of {of} keeps {keeps}",
            f"1 of {of} keeps {keeps}")


__all__ = ["FEWEST", "TITLE_CHARS", "Ending", "counter_text", "counting", "ending", "explored",
           "remark", "facts_line", "searched_of", "family_name", "goal_text", "human_title",
           "is_optimal", "metric_of", "title_lines", "count_noun_of"]
