"""``python -m puzzlereel`` runs the command line.

Ctrl-C while the command itself is still being imported ends with the command's one
line and exit code, as it does once ``puzzlereel.ground.interrupts`` has set up its handlers
(they replace the one set here)."""

import os  # loaded already by the interpreter's own start-up: it takes no time


def _interrupted(*_: object) -> None:
    os.write(2, b"puzzlereel: interrupted\n")
    os._exit(130)


try:
    import signal

    signal.signal(signal.SIGINT, _interrupted)
    from puzzlereel.cli.main import main
except KeyboardInterrupt:            # before the handler above was in place
    _interrupted()

main()
