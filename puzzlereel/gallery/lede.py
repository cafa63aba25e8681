"""The gallery page's opening words: how many puzzles it shows and how they were solved,
as their traces say (only puzzlereel's own search is said to have solved one
optimally: another program's trace says nothing of how good its solution is)."""

from __future__ import annotations

from puzzlereel.ground.words import plural
from puzzlereel.trace import End, Header

OUR_PROGRAM = "puzzlereel"         # how our solvers sign a header's solver.program


def by_our_search(header: Header, end: End) -> bool:
    """Whether the trace says it is a solution puzzlereel's own search found, hence an
    optimal one: solved, its header's ``solver.program`` ours and not
    ``solver.optimal: false`` (a depth-first search asked for any solution)."""
    program = header.solver.get("program")
    return (end.status == "solved" and isinstance(program, str)
            and program.split(" ", 1)[0] == OUR_PROGRAM
            and header.solver.get("optimal") is not False)


def solved_text(n: int, ours: int, others: int) -> str:
    """"3 puzzles, 2 solved optimally by search and 1 as its trace says, drawn move by
    move": ``n`` puzzles, ``ours`` of them solved by our search, ``others`` solved as
    a trace of another program (or of a search not asked for the best) says."""
    told = "its trace says" if others == 1 else "their traces say"
    puzzles = f"{n} {plural('puzzle', n)}"
    if ours and others:
        return (f"{puzzles}, {ours} solved optimally by search and {others} as {told}, "
                "drawn move by move")
    if others:
        return f"{puzzles}, {others} solved as {told} and drawn move by move"
    return f"{puzzles}, {ours} solved optimally by search and drawn move by move"


__all__ = ["OUR_PROGRAM", "by_our_search", "solved_text"]
