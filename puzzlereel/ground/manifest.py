"""What a batch ``run`` made, and from what: the manifest beside the outputs.

``OUT_DIR/.puzzlereel-manifest.json`` holds one entry per config name: the config it was
made from, the search's outcome (status, answer, seconds) and, for every output file
(the trace, each rendered format, the gallery's poster), the SHA-256 of the file and
the content hashes it was made from — the config file, the solve limits, the trace, the
render options and the puzzlereel version.  An output is up to date when the hashes it
would be made from now are the ones recorded and the file on disk still has the
recorded content; anything else (a changed config or option, a new version, a missing
or edited file) makes it again.

It is also the record of whose file is whose: each entry names the config file it was
made from (its absolute path), and a file of the folder is that config's only when the
entry records it, or lists it as being written (``ConfigRecord.owns``): a run records the files
it is about to write before it writes them (``intend``), so a run that is stopped or
fails leaves its files its own.  It is JSON, written atomically as configs finish, each
write under a lock that merges in what another run into the folder recorded meanwhile
(``save``).  One that cannot be read is set aside with a ``ManifestWarning`` and every
config is made again, the files named as its outputs taken as its own (``damaged``).
"""

from __future__ import annotations

import contextlib
import errno
import json
import os
import stat
import time
import warnings
from collections.abc import Iterable, Mapping
from dataclasses import dataclass, field, replace
from pathlib import Path
from typing import Any

from puzzlereel.ground.fileio import atomic_text, make_folder
from puzzlereel.ground.filenames import safe_name
from puzzlereel.ground.formats import LISTED
from puzzlereel.ground.hashes import key_of, sha256_bytes, sha256_file
from puzzlereel.ground.locks import locked
from puzzlereel.ground.partfiles import NAME_MAX
from puzzlereel.ground.writers import writer

FILE_NAME = ".puzzlereel-manifest.json"
LOCK_NAME = ".puzzlereel-manifest.lock"   # held while a process reads, changes, writes it
MANIFEST_FORMAT = "puzzlereel-manifest"
MANIFEST_VERSION = 1
TRACE = "jsonl"          # the trace's output kind
POSTER = "poster"        # the gallery's still frame: <name>.poster.png


MAX_MANIFEST_BYTES = 256 << 20    # a larger manifest is not one we wrote (2,000 configs: ~2 MB)
SAVE_SHARE = 16          # save when a sixteenth of the entries changed, or
SAVE_SECONDS = 2.0       # this long since the last save
_OUT_OF_REACH = (errno.ENOENT, errno.ENAMETOOLONG, errno.ENOTDIR, errno.ELOOP)


class ManifestWarning(UserWarning):
    """The manifest could not be read; every config is made again."""


def _short(exc: BaseException, limit: int = 120) -> str:
    text = f"{type(exc).__name__}: {exc}" if not isinstance(exc, ValueError) else str(exc)
    return text if len(text) <= limit else text[:limit - 1] + "…"


def _read_entries(path: Path) -> tuple[dict[str, ConfigRecord], dict[str, str]]:
    """The entries of the manifest file ``path`` and the files it records as left by
    configs that are gone (``FileNotFoundError`` when there is none; any other exception
    when it is not a manifest we can read)."""
    info = path.stat()
    if not stat.S_ISREG(info.st_mode):
        raise ValueError("not a file")
    if info.st_size > MAX_MANIFEST_BYTES:
        raise ValueError(f"{info.st_size:,} bytes, more than a manifest holds")
    data = json.loads(path.read_text(encoding="utf-8"))
    if not isinstance(data, dict) or data.get("format") != MANIFEST_FORMAT \
            or data.get("version") != MANIFEST_VERSION:
        raise ValueError(f"not a {MANIFEST_FORMAT} version {MANIFEST_VERSION}")
    entries = data["entries"]
    if not isinstance(entries, dict):
        raise ValueError("its entries are not an object")
    left = data.get("left", {})
    if not isinstance(left, dict) or any(safe_name(str(f), "", NAME_MAX) != f for f in left):
        raise ValueError("its files left are not an object of file names")
    return ({str(name): ConfigRecord.from_json(obj) for name, obj in entries.items()},
            {str(file): str(sha) for file, sha in left.items()})


def _stamp(path: Path) -> tuple[int, int, int] | None:
    with contextlib.suppress(OSError):
        info = path.stat()
        return (info.st_ino, info.st_mtime_ns, info.st_size)
    return None


def file_name(name: str, kind: str) -> str:
    """The output file of ``kind`` for the config called ``name``."""
    return f"{name}.poster.png" if kind == POSTER else f"{name}.{kind}"


# every kind of file a config or trace <name> may have in an output folder: the trace,
# each format (``formats.FORMAT_ROWS``), the gallery's poster
FILE_KINDS = (TRACE, *(f.suffix for f in LISTED), POSTER)


@dataclass(frozen=True)
class OutputRecord:
    """One output file as recorded: its name in OUT_DIR, its SHA-256 and size, and the
    hashes it was made from."""

    file: str
    sha256: str
    size: int
    made_from: Mapping[str, str]

    def to_json(self) -> dict[str, Any]:
        return {"file": self.file, "sha256": self.sha256, "size": self.size,
                "made_from": dict(self.made_from)}

    @classmethod
    def from_json(cls, obj: Mapping[str, Any]) -> OutputRecord:
        made = obj.get("made_from", {})
        file = str(obj["file"])
        if safe_name(file, "", NAME_MAX) != file:   # files of its own folder only
            raise ValueError(f"{file[:60]!r} is not a file name of the output folder")
        return cls(file=file, sha256=str(obj["sha256"]), size=int(obj["size"]),
                   made_from={str(k): str(v) for k, v in made.items()})


@dataclass(frozen=True)
class ConfigRecord:
    """One config's record: where it came from, how its search ended, its outputs."""

    config: str                       # the config as the run named it
    status: str                       # solved / unsolvable / limit
    answer: str = ""                  # "81 moves", "92 solutions", ""
    moves: int | None = None
    seconds: float = 0.0              # the last full run of this config (solve + render)
    title: str = ""
    family: str = ""
    description: str = ""             # the config's opening sentence
    message: str = ""                 # why unsolvable / where the limit stopped it
    outputs: Mapping[str, OutputRecord] = field(default_factory=dict)
    path: str = ""                    # the config file's absolute path ("": not known)
    writing: Mapping[str, str] = field(default_factory=dict)  # file -> the writers about
                                      # to put it in place (``writers.writer``, spaced)
    render: Mapping[str, Any] | None = None   # the [render] keys and flags its files
                                      # were drawn with (None: not recorded)

    def to_json(self) -> dict[str, Any]:
        return {"config": self.config, "path": self.path, "status": self.status,
                "answer": self.answer, "moves": self.moves, "seconds": self.seconds,
                "title": self.title, "family": self.family,
                "description": self.description, "message": self.message,
                "outputs": {kind: out.to_json() for kind, out in self.outputs.items()},
                "writing": dict(self.writing),
                **({"render": dict(self.render)} if self.render is not None else {})}

    def owns(self, file: str) -> bool:
        """Whether the file ``file`` of the folder is this entry's: recorded, or about to
        be written by a run that may have stopped before recording it."""
        return file in self.writing or any(out.file == file for out in self.outputs.values())

    def made_by(self, config: str | Path, config_sha: str | None = None) -> bool:
        """Whether this entry's files may be taken as those of the config file
        ``config``: it is the same file (or, once either is gone, the same absolute
        path), or holds the same text (``config_sha``: a bundled example reached from
        another install), or the config the entry records no longer exists (moved or
        deleted: its files are puzzlereel's, and free).  An entry that records no path
        cannot tell, and counts as any config's of its name."""
        if not self.path or self.gone():
            return True
        trace = self.outputs.get(TRACE)
        if config_sha is not None and trace is not None \
                and trace.made_from.get("config") == config_sha:
            return True
        with contextlib.suppress(OSError, ValueError):
            return os.path.samefile(self.path, config)
        return os.path.abspath(self.path) == os.path.abspath(config)

    def shown(self) -> str:
        """The config as messages name it: as the run that recorded it named it, or its
        absolute path when that name no longer leads to it."""
        if self.path and os.path.abspath(self.config) != self.path:
            return self.path
        return self.config

    def gone(self) -> bool:
        """Whether the config this entry was made from no longer exists (only known
        for an entry that records its absolute path)."""
        return bool(self.path) and os.path.isabs(self.path) and not os.path.exists(self.path)

    @classmethod
    def from_json(cls, obj: Mapping[str, Any]) -> ConfigRecord:
        moves = obj.get("moves")
        return cls(config=str(obj["config"]), status=str(obj["status"]),
                   answer=str(obj.get("answer", "")),
                   moves=moves if isinstance(moves, int) else None,
                   seconds=float(obj.get("seconds", 0.0)), title=str(obj.get("title", "")),
                   family=str(obj.get("family", "")),
                   description=str(obj.get("description", "")),
                   message=str(obj.get("message", "")),
                   outputs={str(k): OutputRecord.from_json(v)
                            for k, v in obj.get("outputs", {}).items()},
                   path=str(obj.get("path", "")), writing=_writing(obj.get("writing", {})),
                   render=dict(obj["render"]) if "render" in obj else None)


def _writing(obj: Mapping[str, Any]) -> dict[str, str]:
    files = {str(file): str(who) for file, who in obj.items()}
    if any(safe_name(file, "", NAME_MAX) != file for file in files):
        raise ValueError("its files being written are not file names of the folder")
    return files


class Manifest:
    """The entries of one output folder, read once and saved as they change.

    A run records each config as it finishes (``changed``), but writes the whole file
    only when enough has changed since it last did: a sixteenth of the entries, or
    ``SAVE_SECONDS`` (and twenty times the last write's time) gone by.  So a run of N
    configs writes the manifest a bounded number of times per entry, in time linear in
    N (not once per config, N writes of N entries), and a run that is stopped still
    finds its finished configs recorded (``flush`` at the end)."""

    def __init__(self, folder: str | Path, entries: dict[str, ConfigRecord] | None = None) -> None:
        self.folder = Path(folder)
        self.entries: dict[str, ConfigRecord] = entries if entries is not None else {}
        self._changes = 0               # entries changed since the last save
        self._saved = time.monotonic()
        self._cost = 0.0                # seconds the last save took
        self.damaged = False            # set aside: its folder's files can't be told apart
        self.left: dict[str, str] = {}  # file -> SHA-256: made for configs now gone
        self._base: tuple[dict[str, ConfigRecord], dict[str, str]] = (dict(self.entries), {})
        self._wrote: tuple[int, int, int] | None = None   # the file this run last wrote

    @property
    def path(self) -> Path:
        return self.folder / FILE_NAME

    @classmethod
    def load(cls, folder: str | Path) -> Manifest:
        """The folder's manifest; an empty one when there is none.  One that cannot be
        read (not JSON, nested too deep, numbers out of range, a folder in its place,
        larger than ``MAX_MANIFEST_BYTES``) is set aside as ``FILE_NAME.damaged`` with a
        ``ManifestWarning``, and the run starts afresh."""
        manifest = cls(folder)
        try:
            manifest.entries, manifest.left = _read_entries(manifest.path)
        except OSError as exc:         # none, or out of reach (a name too long, a file
            if exc.errno not in _OUT_OF_REACH:     # in the folder's place): the run's
                manifest._set_aside(_short(exc))   # first write says why
            return manifest
        except Exception as exc:  # noqa: BLE001 - whatever is wrong, the run goes on
            manifest._set_aside(_short(exc))
        manifest._base = (dict(manifest.entries), dict(manifest.left))
        return manifest

    @staticmethod
    def peek(folder: str | Path) -> dict[str, ConfigRecord]:
        """The entries of the folder's manifest as it is now ({} when it cannot be
        read), leaving the file as it is."""
        try:
            return _read_entries(Path(folder) / FILE_NAME)[0]
        except Exception:  # noqa: BLE001 - none, or unreadable: nothing recorded
            return {}

    def _set_aside(self, why: str) -> None:
        self.damaged = True
        where = ""
        for aside in (self.path.with_name(FILE_NAME + ".damaged"),    # the last one, or
                      self.path.with_name(f"{FILE_NAME}.damaged-{time.time_ns()}")):
            try:                                      # beside it when that one's kind
                os.replace(self.path, aside)          # (file, folder) differs
                where = f"set aside as {aside.name}"
                break
            except OSError as exc:
                where = f"could not be set aside ({exc.strerror})"
        warnings.warn(ManifestWarning(f"{self.path}: not a manifest this version reads "
                                      f"({why}); {where}, every config is made again "
                                      "(the files named as its outputs taken as its own)"),
                      stacklevel=3)

    def changed(self) -> None:
        """An entry changed: save when enough has (see the class)."""
        self._changes += 1
        due = max(SAVE_SECONDS, 20 * self._cost)
        if (self._changes * SAVE_SHARE >= len(self.entries)
                or time.monotonic() - self._saved >= due):
            self.save()

    def flush(self) -> None:
        """Save what changed since the last save, if anything did."""
        if self._changes:
            self.save()

    def drop_gone(self) -> list[str]:
        """Forget the entries of configs that no longer exist; their names.  Their files
        still in the folder stay known as puzzlereel's (``left``), which a config of the
        same name may take over (``mine``)."""
        gone = [name for name, entry in self.entries.items() if entry.gone()]
        for name in gone:
            for out in self.entries.pop(name).outputs.values():
                if (self.folder / out.file).is_file():
                    self.left[out.file] = out.sha256
            self._changes += 1
        for file in [f for f in self.left if not (self.folder / f).is_file()]:
            del self.left[file]
            self._changes += 1
        return gone

    def mine(self, file: str) -> bool:
        """Whether ``file`` of the folder is one puzzlereel made for a config now gone
        and still holds what it wrote."""
        sha = self.left.get(file)
        return sha is not None and sha256_file(self.folder / file) == sha

    def intend(self, name: str, config: str, files: Iterable[str]) -> None:
        """Record that this process is about to put ``files`` in place for the config
        ``name`` (read from ``config``), before it writes them: a run stopped before it
        records them leaves them its config's (``ConfigRecord.owns``).  Saved at once."""
        entry = self.entries.get(name) or ConfigRecord(config=config, status="error",
                                                path=os.path.abspath(config))
        writing = dict(entry.writing)
        for file in files:
            writing[file] = " ".join(dict.fromkeys([*writing.get(file, "").split(), writer()]))
        self.entries[name] = replace(entry, writing=writing)

    def save(self) -> None:
        """Write the manifest atomically (the folder is made if needed), holding its lock
        (``LOCK_NAME``): what another run recorded since this one read it is kept, and
        what this run changed is written over it (``_merge``)."""
        t0 = time.monotonic()
        make_folder(self.folder)
        with locked(self.folder / LOCK_NAME):
            self._merge()
            data = {"format": MANIFEST_FORMAT, "version": MANIFEST_VERSION,
                    "entries": {name: entry.to_json()
                                for name, entry in sorted(self.entries.items())},
                    "left": dict(sorted(self.left.items()))}
            with atomic_text(self.path) as handle:
                json.dump(data, handle, indent=1)
                handle.write("\n")
        self._base = (dict(self.entries), dict(self.left))
        self._wrote = _stamp(self.path)
        self._saved = time.monotonic()
        self._cost = self._saved - t0
        self._changes = 0

    def _merge(self) -> None:
        """Take in what the manifest on disk holds now: every entry (and file left) as
        there, but those this run changed since it last read or wrote it, as here
        (nothing to take in when the file is still the one this run wrote)."""
        if self._wrote is not None and _stamp(self.path) == self._wrote:
            return
        try:
            entries, left = _read_entries(self.path)
        except Exception:  # noqa: BLE001 - none, or unreadable: this run's is written
            return
        for mine, base, disk in ((self.entries, self._base[0], entries),
                                 (self.left, self._base[1], left)):
            merged: dict[str, Any] = dict(disk)
            for key in set(mine) | set(base):
                if key not in mine:
                    merged.pop(key, None)
                elif mine[key] != base.get(key):
                    merged[key] = mine[key]
            mine.clear()
            mine.update(merged)

    def fresh(self, name: str, kind: str, made_from: Mapping[str, str]) -> OutputRecord | None:
        """The recorded output of ``kind`` when it was made from ``made_from`` and the file
        still holds what was recorded; else None (it must be made again)."""
        entry = self.entries.get(name)
        if entry is None:
            return None
        out = entry.outputs.get(kind)
        if out is None or dict(out.made_from) != dict(made_from):
            return None
        path = self.folder / out.file
        with contextlib.suppress(OSError):
            if path.stat().st_size != out.size:
                return None
        if sha256_file(path) != out.sha256:
            return None
        return out


__all__ = ["FILE_KINDS", "FILE_NAME", "LOCK_NAME", "POSTER", "TRACE", "ConfigRecord", "Manifest",
           "ManifestWarning", "OutputRecord", "file_name", "key_of", "sha256_bytes", "sha256_file"]
