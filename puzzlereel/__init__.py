"""puzzlereel: solve classic puzzles optimally and turn the solutions into animations.

Installed, everything lives under this one name: ``puzzlereel.solvers`` (search),
``puzzlereel.render`` (drawing) and ``puzzlereel.trace`` (the file format between them).
In the source repository those two halves are the top-level folders ``solvers/`` and
``render/`` (``pyproject.toml`` maps them); when this package is imported straight from
a checkout, the checkout's root is added to its search path so the same names resolve
to the same files without an install.
"""

from __future__ import annotations

from pathlib import Path

__version__ = "0.1.0"


def _from_checkout() -> bool:
    """True when this file sits in a source checkout (not in site-packages)."""
    root = Path(__file__).resolve().parent.parent
    return (root / "pyproject.toml").is_file() and (root / "solvers" / "__init__.py").is_file()


if _from_checkout():
    __path__.append(str(Path(__file__).resolve().parent.parent))
