"""The ``puzzlereel`` console command's first moments.

Signals are set up before anything heavy is imported, so that Ctrl-C or a ``kill``
during start-up ends with one line and the usual exit code (``puzzlereel.ground.interrupts``)
instead of a traceback; then the command line (``puzzlereel.cli.commands``) runs.
"""

from __future__ import annotations

import os
import sys


def main() -> None:
    """Console-script entry point."""
    try:
        from puzzlereel.ground import interrupts

        interrupts.install()
        from puzzlereel.cli import commands as cli
    except KeyboardInterrupt:                 # before the handlers were in place
        _stop("interrupted", 130)
    except BaseException as exc:
        if type(exc).__name__ != "Interrupted":
            raise
        _stop(exc.message, exc.exit_code)     # type: ignore[attr-defined]
    cli.main()


def _stop(message: str, code: int) -> None:
    try:
        sys.stderr.write(f"puzzlereel: {message}\n")
        sys.stderr.flush()
    finally:
        os._exit(code)


if __name__ == "__main__":   # pragma: no cover - ``python -m puzzlereel`` uses __main__
    main()
