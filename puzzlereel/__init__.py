"""puzzlereel: solve classic puzzles optimally and turn the solutions into animations.

From Python::

    import puzzlereel
    solution = puzzlereel.solve("hakoiri-musume")       # an example, a config, TOML, a dict
    solution.render("hakoiri.gif")                       # .mp4 .gif .png .svg .html ...
    again = puzzlereel.load("hakoiri.jsonl")             # a trace, checked move by move

``solve``, ``load``, ``Solution``, the types of its keywords and status
(``RenderKeywords``, ``Status``) and the error classes are loaded when first used, so
``import puzzlereel`` stays quick (docs/python.md); ``__init__.pyi`` gives their types to
type checkers.
Installed, everything lives under this one name: ``puzzlereel.solvers`` (search),
``puzzlereel.render`` (drawing) and ``puzzlereel.trace`` (the file format between
them).  In the source repository those two halves are the top-level folders
``solvers/`` and ``render/`` (``pyproject.toml`` maps them); when this package is
imported straight from a checkout, the checkout's root is added to its search path so
the same names resolve to the same files without an install.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

from puzzlereel.ground.errors import PuzzlereelError

__version__ = "0.1.0"
__all__ = ["ConfigError", "LimitReached", "PuzzlereelError", "RenderKeywords", "Solution",
           "Status", "TraceError", "UnexpectedAnswer", "UnsupportedFormat", "Unsolvable",
           "UsageError", "__version__", "load", "solve"]

_LAZY = {"solve": "puzzlereel.api", "load": "puzzlereel.api",
         "Solution": "puzzlereel.solution", "Status": "puzzlereel.solution",
         "RenderKeywords": "puzzlereel.render.declared",
         "ConfigError": "puzzlereel.ground.config", "TraceError": "puzzlereel.trace",
         "UsageError": "puzzlereel.ground.errors", "UnsupportedFormat": "puzzlereel.ground.errors",
         "Unsolvable": "puzzlereel.actions.solve",
         "LimitReached": "puzzlereel.actions.solve",
         "UnexpectedAnswer": "puzzlereel.actions.check"}


def __getattr__(name: str) -> Any:
    """The API and its error classes, imported on first use."""
    where = _LAZY.get(name)
    if where is None:
        raise AttributeError(f"module 'puzzlereel' has no attribute {name!r}")
    import importlib

    value = getattr(importlib.import_module(where), name)
    globals()[name] = value
    return value


def __dir__() -> list[str]:
    """The public API only (what ``__all__`` lists), not the modules' own imports."""
    return sorted(__all__)


def _from_checkout() -> bool:
    """True when this file sits in a source checkout (not in site-packages)."""
    root = Path(__file__).resolve().parent.parent
    return (root / "pyproject.toml").is_file() and (root / "solvers" / "__init__.py").is_file()


if _from_checkout():
    __path__.append(str(Path(__file__).resolve().parent.parent))
