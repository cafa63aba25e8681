"""A small client of puzzlereel's public API, checked with ``mypy --strict``
(tests/app/test_typing.py): every name it uses must be typed, none may be Any."""

from __future__ import annotations

from collections.abc import Mapping
from pathlib import Path
from typing import Any

from PIL.Image import Image

import puzzlereel
from puzzlereel import PuzzlereelError, RenderKeywords, Solution, Status


def report(label: str, done: int, total: int | None) -> None:
    print(label, done, total)


def tour(folder: Path) -> list[Path]:
    solution: Solution = puzzlereel.solve("dads-puzzle", metric="line", expect_moves=None,
                                          progress=report)
    moves: int | None = solution.moves
    status: Status = solution.status
    if status == "partial":
        print("the trace has no end")
    stats: Mapping[str, Any] = solution.stats
    print(moves, status, len(stats), solution.answer, solution.header.puzzle)
    saved: Path = solution.save(folder / "d.jsonl")
    again: Solution = puzzlereel.load(saved)
    frame: Image = again.frame(move=3, theme="dark", size=(320, 240))
    print(frame.size, len(again.player()), len(solution._repr_png_()))
    look: RenderKeywords = {"speed": 0.1, "formats": ["gif"], "colors": {"A": "#cc3333"}}
    written: list[Path] = solution.render([folder / "d.gif", folder / "d.png"], **look)
    return written


def checked(text: str) -> str:
    try:
        return puzzlereel.load(text).status
    except PuzzlereelError as exc:
        return f"{exc} (exit {exc.exit_code})"


if __name__ == "__main__":
    print(tour(Path(".")), checked("{}"), puzzlereel.__version__)
