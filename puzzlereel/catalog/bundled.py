"""Where a folder of data that ships inside the package is read from: the checkout's own
folder when the package is imported from a source tree (a checkout, an editable
install), else the installed data package (``pyproject.toml`` maps the repository's
``configs/`` to ``puzzlereel.examples`` and ``docs/`` to ``puzzlereel.docs``), so a
checkout and an install read the same files."""

from __future__ import annotations

import importlib.resources
from importlib.resources.abc import Traversable
from pathlib import Path

from puzzlereel.ground.errors import PuzzlereelError


def checkout_folder(name: str) -> Path | None:
    """The checkout's top-level folder ``name`` when this package is imported from a
    source tree."""
    root = Path(__file__).resolve().parents[2]
    if (root / "pyproject.toml").is_file() and (root / name).is_dir():
        return root / name
    return None


def folder(name: str, package: str, what: str) -> Traversable:
    """The repository's folder ``name``, installed as the data package ``package``;
    ``what`` names it in the error when an installation lacks it."""
    checkout = checkout_folder(name)
    if checkout is not None:
        return checkout
    try:
        return importlib.resources.files(package)
    except ModuleNotFoundError:
        raise PuzzlereelError(f"{what} ({package}) are missing from this installation"
                              ) from None


__all__ = ["checkout_folder", "folder"]
