"""``run`` with one config file: a batch's unit and steps, done here, into the output
folder.

One config and many share the unit (``planning.unit_for``: its name, formats, render
options and limits) and its steps (``unit.Steps``: solve, see how the search ended,
render every format in one pass).  What differs is what a user of one config sees, and
is kept on purpose: the config is made again every time and no manifest is written (a
folder of one-off runs holds only the files asked for); the steps run in this process,
the search on a second thread so that a signal stops it at once, with the search's
and the render's own progress bars and warnings printed as they come; the files go
straight into the output folder (each atomically), their paths are printed on stdout;
and a config that is not solved stops the command with its one line and exit code, as
``solve`` does, instead of a summary table.
"""

from __future__ import annotations

from collections.abc import Mapping
from pathlib import Path
from typing import Any

from puzzlereel import app, console, flags, interrupts
from puzzlereel.batch.planning import BatchOptions, unit_for
from puzzlereel.batch.unit import Steps
from puzzlereel.config import load_config
from puzzlereel.fileio import guarded
from puzzlereel.gallery import PAGE
from puzzlereel.manifest import ALL_KINDS, TRACE, Claims, remove_outputs
from puzzlereel.progress import Reporter


class _Bars:
    """A unit's progress as the command line's bars: one per stage ("search", "render")."""

    def __init__(self) -> None:
        self.stage = ""
        self.bar: Reporter | None = None

    def __call__(self, stage: str, label: str, done: int, total: int | None) -> None:
        if stage != self.stage or self.bar is None:
            self.close()
            self.stage = stage
            self.bar = Reporter(stage.split(" ", 1)[0])
        self.bar(label, done, total)

    def close(self) -> None:
        if self.bar is not None:
            self.bar.close()
            self.bar = None


def run_one(config: str | Path, out_dir: str | Path, given: Mapping[str, Any],
            formats: str | None = None, max_states: int | None = None,
            max_memory: str | None = None, *, with_gallery: bool = False) -> list[Path]:
    """Solve ``config`` (a file or an example's name) and render every format its
    ``[render] formats`` (or ``formats``, "mp4,gif") names into ``out_dir``; print the
    rendered files' paths and return them.  Problems raise, as in ``solve``; an output
    that would be the config itself, or the gallery page (``with_gallery``), is refused
    before any work."""
    path = app.config_path(Path(config))
    loaded = app.puzzle_of(load_config(path))
    app.render_options(loaded.config, given)       # its errors come before --formats'
    wanted = None if formats is None else app.parse_formats(formats)
    options = BatchOptions(Path(out_dir), given, wanted, max_states,
                           flags.memory_size(max_memory))
    unit, _, _ = unit_for(path, loaded.config, options)
    Claims(page=PAGE if with_gallery else None).take(
        unit.name, str(path), ALL_KINDS if with_gallery else (TRACE, *unit.formats))
    bars = _Bars()
    steps = Steps(unit, Path(out_dir), bars, stoppable=interrupts.run_stoppable,
                  collect=False)
    outputs = [steps.path(kind) for kind in (TRACE, *unit.formats)]
    try:
        with guarded(inputs=[path], outputs=outputs):
            try:
                steps.run(loaded)
            finally:
                if steps.end is not None:      # a new trace: the rest is older
                    kept = (TRACE, *(item.fmt for item in steps.written))
                    stale = remove_outputs(out_dir, unit.name, keep=kept)
                    if stale and not console.quiet():
                        console.echo(f"puzzlereel: warning: removed {', '.join(stale)}: made "
                                     "from an older version of the config", err=True)
    finally:
        bars.close()
    app.check_outcome(steps.end, Path(config))
    console.summarise(steps.written)
    paths = [steps.path(fmt) for fmt in unit.formats]
    for made in paths:
        console.echo(str(made))
    return paths


__all__ = ["run_one"]
