"""Whose file is it: a run writes a config's outputs only over files puzzlereel made
for that config, judged when it plans and again the moment each file is put in place.

The manifest is the record (``manifest.Entry.made_by``): a file of the output folder is
a config's when its entry records it or lists it as being written (``Entry.owns``), or
when puzzlereel made it for a config now gone (``Manifest.mine``); a poster is the
gallery's when it carries puzzlereel's mark or the manifest knows its config.  Any other
file where an output goes is the user's (``NotMade``), and another config's outputs of
the same name are a ``Clash``: either stops that config unless ``--force``.  A file that
came to an output's path after the run planned (``Placement``) is the user's too, unless
another run recorded it as this config's.
"""

from __future__ import annotations

import os
import stat
from collections.abc import Iterable, Mapping
from dataclasses import dataclass, field
from pathlib import Path

from puzzlereel.ground.fileio import Clash, OutputError
from puzzlereel.ground.manifest import POSTER, Manifest, file_name, sha256_file
from puzzlereel.ground.owners import poster_drawn_here
from puzzlereel.ground.writers import writer

Seen = tuple[int, int, int] | None     # (device, inode, kind) of what stands at a path


class NotMade(OutputError):
    """A file where a config's output goes that the manifest does not record as that
    config's: the user's own, never replaced without ``--force``."""


def check_made(manifest: Manifest, name: str, config: str | Path, kinds: Iterable[str],
               config_sha: str | None = None) -> None:
    """Refuse (``Clash``, ``NotMade``) to write the config ``name`` (the file ``config``,
    whose text has the SHA-256 ``config_sha``) into the manifest's folder when its outputs
    of ``kinds`` would replace files it did not make: those the manifest records as
    another config's, or files there that puzzlereel did not make (the manifest records
    neither them nor, for a poster, the config; nor do they carry a poster's mark)."""
    entry = manifest.entries.get(name)
    if entry is not None and not entry.made_by(config, config_sha):
        raise Clash(f"its outputs {name}.* would replace those of {entry.shown()}; rename "
                    "one of the two (--force replaces them)", source=str(config))
    for kind in kinds:
        target = manifest.folder / file_name(name, kind)
        if (entry is not None and entry.owns(target.name)) or (kind == POSTER and (
                entry is not None or poster_drawn_here(target))):
            continue
        if os.path.lexists(target) and not manifest.mine(target.name):
            raise NotMade(f"{target}: not made by puzzlereel for this config (the "
                          "manifest does not record it); nothing was written over it: "
                          "move it away, or --force replaces it", source=str(config))


def seen(path: Path) -> Seen:
    """What stands at ``path`` itself (a link, not what it points to), or None."""
    try:
        info = os.lstat(path)
    except OSError:
        return None
    return (info.st_dev, info.st_ino, stat.S_IFMT(info.st_mode))


@dataclass
class Placement:
    """The check made as each output of the config ``name`` is put in place
    (``placing.placing``): the path holds what stood there when the run planned (and
    judged it the config's or free), or what this run put there, or nothing, or a link
    (replaced, never written through); else the file came while the run worked and is
    the user's (``NotMade``), unless another run recorded it as the config's."""

    folder: Path
    name: str
    source: str
    before: dict[str, Seen]               # file name -> what stood there when planned
    force: bool = False
    placed: dict[str, Seen] = field(default_factory=dict)

    @classmethod
    def planned(cls, folder: Path, name: str, source: str, kinds: Iterable[str],
                force: bool = False) -> Placement:
        files = [file_name(name, kind) for kind in kinds]
        return cls(folder, name, source, {f: seen(folder / f) for f in files}, force)

    def checks(self) -> Mapping[Path, Placement]:
        return {self.folder / file: self for file in self.before}

    def __call__(self, target: Path, finished: Path) -> None:
        now = seen(target)
        if not (self.force or now is None or now[2] == stat.S_IFLNK
                or now in (self.before.get(target.name), self.placed.get(target.name))
                or self._recorded(target)):
            raise NotMade(f"{target}: written while the run worked, not by puzzlereel "
                          "for this config; nothing was written over it: move it away, "
                          "or --force replaces it", source=self.source)
        self.placed[target.name] = seen(finished)

    def _recorded(self, target: Path) -> bool:
        """Whether another run recorded ``target`` as this config's: about to write it,
        or written with what it holds."""
        entry = Manifest.peek(self.folder).get(self.name)
        if entry is None:
            return False
        if set(entry.writing.get(target.name, "").split()) - {writer()}:
            return True
        sha = sha256_file(target)
        return any(out.file == target.name and out.sha256 == sha
                   for out in entry.outputs.values())


__all__ = ["NotMade", "Placement", "check_made", "seen"]
