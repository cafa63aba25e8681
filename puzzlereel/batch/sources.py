"""Which configs a run's arguments name: files, folders, glob patterns, example names."""

from __future__ import annotations

import glob
import os
from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from pathlib import Path

from puzzlereel.catalog import examples as catalog
from puzzlereel.ground.config import ConfigError
from puzzlereel.ground.errors import PuzzlereelError
from puzzlereel.ground.filenames import safe_name
from puzzlereel.ground.manifest import FILE_NAME

CONFIG_SUFFIX = ".toml"
EMPTY_SOURCE = "an empty argument names no config (write . for the current folder)"


class NoConfig(ConfigError):
    """A batch argument that names no config: an empty folder, a pattern matching nothing."""


@dataclass(frozen=True)
class Source:
    """One config a batch was given: ``path``, or ``problem`` when ``arg`` names none."""

    arg: str
    path: Path | None
    problem: PuzzlereelError | None = None

    @property
    def name(self) -> str:
        """The config's name (its outputs' stem), a file name of its own."""
        return safe_name(self.path.stem if self.path is not None
                         else Path(self.arg).stem or self.arg, "config")


def _hidden(path: Path, top: Path) -> bool:
    return any(part.startswith(".") for part in path.relative_to(top).parts)


def _folder(top: Path) -> list[Path]:
    return sorted(p for p in top.rglob("*" + CONFIG_SUFFIX) if p.is_file() and not _hidden(p, top))


def matches(pattern: str) -> list[Path]:
    """What a glob pattern names, sorted: ``*``, ``?`` and ``[...]`` within a name,
    ``**`` across folders.  ``**`` never goes through a symbolic link to a folder, so a
    link loop cannot make it endless, and names starting with a dot are left out unless
    the pattern's own part starts with one (as the shell's glob does)."""
    parts = Path(pattern).parts
    first = next((i for i, part in enumerate(parts) if glob.has_magic(part)), len(parts))
    base = Path(*parts[:first]) if first else Path(".")
    rest = parts[first:]
    if not rest:
        return [base] if base.exists() else []
    dotted = any(part.startswith(".") for part in rest)
    found = []
    try:
        for path in base.glob("/".join(rest)):
            inside = path.relative_to(base).parts
            if dotted or not any(part.startswith(".") for part in inside):
                found.append(path)
    except (OSError, ValueError):
        return []
    return sorted(set(found))


def output_folder(path: Path) -> bool:
    """Whether ``path`` is a folder puzzlereel writes outputs into (it holds the
    manifest) and holds no config."""
    return (path / FILE_NAME).is_file() and not _folder(path)


def examples_over_outputs(args: Sequence[str]) -> list[str]:
    """``args`` with each one that names both an output folder (``run hoppers --out-dir
    hoppers``, run again) and a bundled example as the example's file: the folder holds
    no config, the example is what was meant."""
    named = []
    for arg in args:
        example = catalog.path_of(arg) if arg and output_folder(Path(arg)) else None
        named.append(str(example) if example is not None else arg)
    return named


def is_batch(args: Sequence[str]) -> bool:
    """Whether ``run``'s arguments ask for a batch: several, a folder or a pattern.  One
    config file (or example name) is a run of one config (``batch.single``)."""
    if len(args) != 1:
        return True
    path = Path(args[0])
    return path.is_dir() or (not path.exists() and glob.has_magic(args[0]))


def collect(args: Iterable[str]) -> list[Source]:
    """The configs that ``args`` name, in the order given, each once: a file, every
    ``*.toml`` under a folder (recursively, hidden folders skipped), every file a glob
    pattern matches (``**`` crosses folders), or a bundled example's name.  An argument
    that names none is kept as a ``Source`` with its problem, so the run can report it."""
    found: list[Source] = []
    for arg in args:
        path = Path(arg)
        if arg == "":      # Path("") would be the current folder
            found.append(Source(arg, None, NoConfig(EMPTY_SOURCE, path="''")))
        elif path.is_dir():
            files = _folder(path)
            none = f"no *{CONFIG_SUFFIX} config in this folder" + (
                f" (it is an output folder: it holds {FILE_NAME})"
                if output_folder(path) else "")
            found += [Source(arg, f) for f in files] or [
                Source(arg, None, NoConfig(none, path=arg))]
        elif path.exists():
            found.append(Source(arg, path))
        elif glob.has_magic(arg):
            matched: list[Path] = []
            for p in matches(arg):
                matched += _folder(p) if p.is_dir() else [p] if p.is_file() else []
            found += [Source(arg, p) for p in matched] or [
                Source(arg, None, NoConfig("no file matches this pattern", path=arg))]
        else:
            try:
                found.append(Source(arg, catalog.resolve(arg)))
            except PuzzlereelError as exc:
                found.append(Source(arg, None, exc))
    seen: set[str] = set()
    unique: list[Source] = []
    for source in found:
        key = os.path.realpath(source.path) if source.path is not None else "?" + source.arg
        if key not in seen:
            seen.add(key)
            unique.append(source)
    return unique


__all__ = ["CONFIG_SUFFIX", "EMPTY_SOURCE", "NoConfig", "Source", "collect",
           "examples_over_outputs", "is_batch", "matches", "output_folder"]
