"""Whose file is it: a run writes a config's outputs only over files puzzlereel made
for that config.

The manifest is the record (``manifest.Entry.made_by``): a file of the output folder is
a config's when its entry records it, or when puzzlereel made it for a config now gone
(``Manifest.mine``); a poster is the gallery's when it carries puzzlereel's mark or the
manifest knows its config.  Any other file where an output goes is the user's
(``NotMade``), and another config's outputs of the same name are a ``Clash``: either
stops that config unless ``--force``.
"""

from __future__ import annotations

import os
from collections.abc import Iterable
from pathlib import Path

from puzzlereel.ground.fileio import Clash, OutputError
from puzzlereel.ground.manifest import POSTER, Manifest, file_name, poster_drawn_here


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
    recorded = {out.file for out in entry.outputs.values()} if entry is not None else set()
    for kind in kinds:
        target = manifest.folder / file_name(name, kind)
        if target.name in recorded or (kind == POSTER and (
                entry is not None or poster_drawn_here(target))):
            continue
        if os.path.lexists(target) and not manifest.mine(target.name):
            raise NotMade(f"{target}: not made by puzzlereel for this config (the "
                          "manifest does not record it); nothing was written over it: "
                          "move it away, or --force replaces it", source=str(config))


__all__ = ["NotMade", "check_made"]
