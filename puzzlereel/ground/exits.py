"""How a command ends: every expected problem as one line on stderr and an exit code.

Every problem with the user's input arrives as a ``PuzzlereelError`` and leaves as one
line naming the file, line and field, with the error's exit code: 1 bad input, 2 usage,
3 no solution, 4 a limit stopped the search; 128 + the signal's number when a signal
stopped the program (130 Ctrl-C, 143 SIGTERM, 129 SIGHUP), and 141 when the reader of
stdout went away (like a program killed by SIGPIPE).  ``friendly`` wraps each command;
``Commands`` makes the parser's own usage errors one line too; ``main`` runs the whole
command line, its standard streams made safe first (``console.standard_streams``), and
leaves.
"""

from __future__ import annotations

import contextlib
import functools
import os
import sys
import warnings
from collections.abc import Callable
from typing import Any, NoReturn, TypeVar

import typer
from typer.core import TyperGroup

from puzzlereel.ground import console, interrupts, writestate
from puzzlereel.ground.errors import EXIT_BAD_INPUT, EXIT_LIMIT, PuzzlereelError
from puzzlereel.ground.escape import terminal_text
from puzzlereel.ground.suggest import did_you_mean

F = TypeVar("F", bound=Callable[..., Any])

EXIT_CLOSED_PIPE = 141        # 128 + SIGPIPE: what a shell reports for `... | head`


def fail(message: str, code: int = EXIT_BAD_INPUT) -> NoReturn:
    """Print one line to stderr and exit with ``code``."""
    with contextlib.suppress(OSError, ValueError):
        console.echo(f"puzzlereel: {message}", err=True)
    raise SystemExit(code)


def _reader_gone() -> NoReturn:
    """stdout's reader went away (``| head``): stop quietly, as SIGPIPE would."""
    with contextlib.suppress(Exception):
        sys.stdout = open(os.devnull, "w")  # noqa: SIM115 - no more output anyway
    raise SystemExit(EXIT_CLOSED_PIPE)


def friendly(func: F) -> F:
    """Turn expected errors (bad input, I/O, a closed pipe, a signal) into one line and an
    exit code."""

    @functools.wraps(func)
    def wrapper(*args: Any, **kwargs: Any) -> Any:
        try:
            return func(*args, **kwargs)
        except PuzzlereelError as exc:
            fail(str(exc), exc.exit_code)
        except BrokenPipeError:
            _reader_gone()
        except OSError as exc:
            where = f"{exc.filename}: " if exc.filename else ""
            fail(f"{where}{exc.strerror or exc}")
        except interrupts.Interrupted as exc:
            writestate.remove_unfinished()
            fail(exc.message, exc.exit_code)
        except KeyboardInterrupt:
            writestate.remove_unfinished()
            fail("interrupted", 130)
        except MemoryError:
            writestate.remove_unfinished()
            fail("out of memory: the system gave less than the memory budget counted on; "
                 "give a smaller --max-memory", EXIT_LIMIT)

    return wrapper  # type: ignore[return-value]


# the parser's usage error, of whichever click typer is built on (its own copy or click)
_UsageError: Any = next(c for c in typer.BadParameter.__mro__ if c.__name__ == "UsageError")


class Commands(TyperGroup):
    """The command line's commands, whose usage errors (an unknown option, a value the
    option's type refuses, a missing argument) are one line on stderr naming the option,
    and exit 2."""

    def make_context(self, info_name: str | None, args: list[str], parent: Any = None,
                     **extra: Any) -> Any:
        try:                               # the options before the command: --bogus
            return super().make_context(info_name, args, parent, **extra)
        except _UsageError as exc:
            _usage(exc, info_name or "puzzlereel")

    def invoke(self, ctx: Any) -> Any:
        try:
            return super().invoke(ctx)
        except _UsageError as exc:
            _usage(exc, ctx.command_path)

    def resolve_command(self, ctx: Any, args: list[str]) -> Any:
        name = args[0] if args else ""
        if name and not name.startswith("-") and self.get_command(ctx, name) is None:
            ctx.fail(f"No such command {name!r}"
                     + did_you_mean(name, self.list_commands(ctx)))
        return super().resolve_command(ctx, args)


def _usage(exc: Any, command: str) -> NoReturn:
    """The parser's usage error ``exc`` as one line naming where help is, exit 2; the
    help a command shows when given nothing is no error, and goes on."""
    if type(exc).__name__ == "NoArgsIsHelpError":
        raise exc
    where = exc.ctx.command_path if exc.ctx is not None else command
    message = exc.format_message().rstrip(".")
    if type(exc).__name__ == "NoSuchOption" and exc.ctx is not None:
        options = [name for param in exc.ctx.command.params
                   for name in (*param.opts, *param.secondary_opts) if name.startswith("-")]
        message = f"No such option: {exc.option_name}" + did_you_mean(exc.option_name, options)
    fail(f"{message} (see {where} --help)", exc.exit_code)


def leave(code: object) -> NoReturn:
    """Leave with ``code``; once compiled search code is loaded, skip the interpreter's
    teardown.

    Tearing down numba's and LLVM's objects at exit costs about 0.2 s, more than many
    searches take.  By the time a command returns, every output is complete and closed
    and no thread of ours is left, so after flushing the standard streams nothing is
    lost by leaving at once (``os._exit``).  Without numba loaded, exit normally."""
    if "numba" not in sys.modules:
        raise SystemExit(code)
    if code is None:
        status = 0
    elif isinstance(code, int):
        status = code
    else:   # SystemExit("message"): print it as Python would, exit 1
        with contextlib.suppress(OSError, ValueError):
            sys.stderr.write(f"{code}\n")
        status = 1
    try:
        sys.stdout.flush()
    except (OSError, ValueError):       # a closed pipe: the reader has gone
        status = status or EXIT_CLOSED_PIPE
    with contextlib.suppress(OSError, ValueError):
        sys.stderr.flush()              # messages unread change no exit code
    os._exit(status)


def fail_now(message: str, code: int) -> NoReturn:
    """One line on stderr, unfinished files removed, and leave with ``code``."""
    writestate.remove_unfinished()
    with contextlib.suppress(OSError, ValueError):
        sys.stderr.write(f"puzzlereel: {terminal_text(message)}\n")
    leave(code)


def _parser_met_a_closed_pipe() -> bool:
    """Whether the parser's own output (``--help``, ``--version``) met a closed stdout:
    click then ends with exit 1, its streams wrapped to flush quietly; the reader gone,
    the exit is 141 as for any other output."""
    return type(sys.stdout).__name__ == "PacifyFlushWrapper"


def main(command_line: Callable[[], Any]) -> NoReturn:
    """Run ``command_line`` (the typer application) with warnings as one line and signals
    handled, and leave with its exit code."""
    console.standard_streams()
    warnings.showwarning = console.warning_line
    interrupts.install()
    try:
        command_line()
    except SystemExit as exc:
        leave(EXIT_CLOSED_PIPE if _parser_met_a_closed_pipe() else exc.code)
    except PuzzlereelError as exc:             # outside a command: --help to a closed stdout
        fail_now(str(exc), exc.exit_code)
    except interrupts.Interrupted as exc:      # outside a command: while parsing, say
        fail_now(exc.message, exc.exit_code)
    except KeyboardInterrupt:
        fail_now("interrupted", 130)
    except BrokenPipeError:
        leave(EXIT_CLOSED_PIPE)
    leave(0)


__all__ = ["EXIT_CLOSED_PIPE", "Commands", "fail", "fail_now", "friendly", "leave", "main"]
