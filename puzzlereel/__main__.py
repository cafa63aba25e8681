"""``python -m puzzlereel`` runs the command line.

Ctrl-C while the command itself is still being imported ends with the command's one
line and exit code, as it does once ``puzzlereel.interrupts`` has set up its handlers
(they replace this one)."""

import os
import signal


def _interrupted(signum: int, frame: object) -> None:
    os.write(2, b"puzzlereel: interrupted\n")
    os._exit(130)


signal.signal(signal.SIGINT, _interrupted)

from puzzlereel.command import main  # noqa: E402

main()
