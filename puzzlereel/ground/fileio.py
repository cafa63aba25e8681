"""Writing output files so that none is ever left half-written, and none is an input.

``atomic_path`` gives a temporary file in the target directory and renames it into
place only when the block finishes without error; on error the temporary file is removed.
The temporary files being written are known (``writestate.remove_unfinished`` deletes
them when a signal stops the program), and ones whose writer is gone
(``.NAME.PID-START-MACHINE-XXXXXXXX.part.EXT``, ``partfiles.remove_stale``) are removed
the next time that target is written.  A stream (a device, a named pipe,
``/dev/stdout``: ``outpaths.is_stream``) is written through, never replaced; a symbolic
link to a file stays a link, and the file it points to is replaced, save at an output
named to ``placing``: there the link itself is replaced.

No output is ever one of the command's inputs.  Files are compared by identity (the
device and inode ``os.stat`` gives, so a symbolic or hard link to an input counts as
the input), not by name.  A command names its inputs and outputs to ``guarded``, which
refuses at once an output that is an input or that two outputs share, and keeps the
inputs known while the command runs: ``atomic_path`` refuses to replace any of them,
whatever output the work comes to write.

The inputs, the temporary files being written and whether standard output is an
output are the state of the command running (``writestate.current``), never shared with
a command running in another thread (``writestate`` says how a signal still finds every
temporary file).
"""

from __future__ import annotations

import contextlib
import errno
import os
import shutil
import stat
import sys
import tempfile
from collections.abc import Iterable, Iterator
from pathlib import Path
from typing import IO

from puzzlereel.ground import outpaths, writestate
from puzzlereel.ground.errors import PuzzlereelError
from puzzlereel.ground.held import signals_held
from puzzlereel.ground.outpaths import OutPath, find, seekable
from puzzlereel.ground.partfiles import affixes, remove_stale
from puzzlereel.ground.placing import check_of
from puzzlereel.ground.writers import writer
from puzzlereel.ground.writestate import Identity

STDIN = "-"                        # an input read from standard input


class OutputError(PuzzlereelError):
    """An output that cannot be written where it was asked for (exit 1)."""


class OverInput(OutputError):
    """An output that is one of the command's inputs."""


class Clash(OutputError):
    """Two outputs of one command that are the same file."""


def identity(path: str | os.PathLike[str]) -> Identity | None:
    """The regular file ``path`` names, following links, as (device, inode); None when
    there is none (no such file, a folder, a device, a pipe)."""
    try:
        info = os.stat(path)
    except (OSError, ValueError):
        return None
    return (info.st_dev, info.st_ino) if stat.S_ISREG(info.st_mode) else None


def _stdin_identity() -> Identity | None:
    """The regular file standard input reads (``< file``), if it is one."""
    try:
        info = os.fstat(sys.stdin.fileno())
    except (OSError, ValueError, AttributeError):
        return None
    return (info.st_dev, info.st_ino) if stat.S_ISREG(info.st_mode) else None


def _input_identity(path: str | os.PathLike[str]) -> Identity | None:
    return _stdin_identity() if str(path) == STDIN else identity(path)


def _output_key(path: str | os.PathLike[str]) -> object | None:
    """What makes two outputs the same file: its identity when it exists, else its
    absolute path with every link of its folder resolved; None for a device or pipe
    (``/dev/null`` takes any number of outputs)."""
    found = identity(path)
    if found is not None:
        return found
    with contextlib.suppress(OSError):
        mode = os.stat(path).st_mode
        if not stat.S_ISDIR(mode):
            return None
    return os.path.realpath(path)


def _shown(path: str | os.PathLike[str]) -> str:
    return "standard input" if str(path) == STDIN else str(path)


def check_outputs(outputs: Iterable[str | os.PathLike[str]],
                  inputs: Iterable[str | os.PathLike[str]] = ()) -> None:
    """Refuse (``OverInput``, ``Clash``) an output that is one of ``inputs`` (``"-"``:
    standard input, when it reads a file) or the same file as another output."""
    known = {found: _shown(path) for path in inputs
             if (found := _input_identity(path)) is not None}
    seen: dict[object, str] = {}
    for path in outputs:
        if str(path) == STDIN:
            continue
        found = identity(path)
        if found is not None and found in known:
            raise _over(path, known[found])
        key = _output_key(path)
        if key is None:
            continue
        if key in seen:
            same = "" if seen[key] == str(path) else f" (as {seen[key]})"
            raise Clash(f"given twice as an output{same}; each output needs a file of "
                        "its own", source=str(path))
        seen[key] = str(path)


def _over(path: str | os.PathLike[str], source: str) -> OverInput:
    if source == str(path):
        what = "the input itself"
    elif str(source) == _shown(STDIN):
        what = "the file standard input reads"
    else:
        what = f"the same file as the input {source}"
    return OverInput(f"is {what}; nothing was written over it: choose another output",
                     source=str(path))


def check_handle(handle: object, inputs: Iterable[str | os.PathLike[str]]) -> None:
    """Refuse (``OverInput``) an open file ``handle`` to be written that is one of
    ``inputs``, as ``check_outputs`` refuses a path."""
    try:
        info = os.fstat(handle.fileno())  # type: ignore[attr-defined]
    except (OSError, ValueError, AttributeError):
        return
    if not stat.S_ISREG(info.st_mode):
        return
    for path in inputs:
        if _input_identity(path) == (info.st_dev, info.st_ino):
            raise _over(str(getattr(handle, "name", "the open file")), _shown(path))


@contextlib.contextmanager
def guarded(inputs: Iterable[str | os.PathLike[str]] = (),
            outputs: Iterable[str | os.PathLike[str]] = ()) -> Iterator[None]:
    """Check ``outputs`` against ``inputs`` and each other (``check_outputs``), then keep
    ``inputs`` known until the block ends: ``atomic_path`` refuses to replace any of
    them, whatever the block comes to write."""
    inputs = list(inputs)
    check_outputs(outputs, inputs)
    state = writestate.current()
    added = state.guard((found, _shown(path)) for path in inputs
                        if (found := _input_identity(path)) is not None)
    try:
        yield
    finally:
        state.release(added)


def refuse_inputs(target: str | os.PathLike[str]) -> None:
    """``OverInput`` when ``target`` is an input of the command running (``guarded``)."""
    found = identity(target)
    if found is None:
        return
    source = writestate.current().input_named(found)
    if source is not None:
        raise _over(target, source)


def remove_output(path: str | os.PathLike[str]) -> bool:
    """Remove the output file ``path`` (a file or a link, never a folder, never an
    input of the command running); whether it was removed."""
    try:
        info = os.lstat(path)
    except OSError:
        return False
    if stat.S_ISDIR(info.st_mode):
        return False
    found = identity(path)
    if found is not None and writestate.current().input_named(found) is not None:
        return False
    try:
        os.unlink(path)
    except OSError:
        return False
    return True


def make_folder(folder: str | os.PathLike[str]) -> Path:
    """``folder`` made if needed (with its parents); ``OutputError`` naming it when
    a file stands where it or one of its parents should be."""
    path = Path(folder) if str(folder) else Path(".")
    try:
        path.mkdir(parents=True, exist_ok=True)
    except (FileExistsError, NotADirectoryError):
        blocker = next((p for p in (path, *path.parents) if p.exists() and not p.is_dir()),
                       path)
        what = "is a file, not a folder" if blocker.is_file() else "is not a folder"
        where = "" if blocker == path else f" (in the way of {path})"
        raise OutputError(f"{what}{where}", source=str(blocker)) from None
    return path


def _named(exc: OSError, tmp: Path | None, target: Path) -> OSError:
    """``exc`` naming ``target`` where it named the temporary file ``tmp``, or nothing
    (a write that found the disk full): messages name the user's file."""
    if exc.filename is not None and (tmp is None or str(exc.filename) != str(tmp)):
        return exc
    return OSError(exc.errno, exc.strerror or str(exc), str(target))


@contextlib.contextmanager
def atomic_path(target: str | os.PathLike[str]) -> Iterator[Path]:
    """Yield a temporary path beside ``target``; rename it to ``target`` on success.

    A stream is written through, never replaced (``outpaths``): a device that seeks
    (``-o /dev/null``) directly; a named pipe, a terminal or a process's open file
    (``/dev/stdout``) gets the finished file's bytes once it is complete (an MP4 cannot be
    written as a stream: its muxer seeks back).  A symbolic link to a file stays: the
    file it points to is replaced, its temporary file beside it.  A folder where the file
    should be is an ``OutputError``; a write that fails names ``target``, never the
    temporary file.  An output named to ``placing`` is checked just before the rename
    and replaces whatever stands there (a link, a pipe), never writing through it."""
    target = Path(target)
    state = writestate.current()
    check = check_of(target)
    if check is None or not target.is_symlink():  # a link placing replaces is no input
        refuse_inputs(target)
    try:
        found = find(target) if check is None else \
            OutPath(target, outpaths.own_mode(target), target)
    except OSError as exc:
        raise _named(exc, None, target) from None
    if stat.S_ISDIR(found.mode):
        raise OutputError("is a folder, not a file", source=str(target))
    if found.stream and check is None:
        with _through(found, state) as path:
            yield path
        return
    real = found.real
    if real == target:
        directory = make_folder(target.parent if str(target.parent) else ".")
    else:                         # a link: the file it points to, in its own folder
        directory = real.parent
    remove_stale(directory, real)
    prefix, suffix = affixes(real)
    with signals_held():          # a stop between making and noting it would leave it
        try:
            fd, tmp = tempfile.mkstemp(prefix=prefix + writer(), suffix=suffix, dir=directory)
        except OSError as exc:                     # named by the user's name, not ours
            raise OSError(exc.errno, exc.strerror or str(exc), str(target)) from None
        os.close(fd)
        tmp_path = Path(tmp)
        state.writing(tmp_path)
    try:
        yield tmp_path
        # mkstemp makes 0600 files; give the finished file the usual umask-based mode
        mask = os.umask(0o022)
        os.umask(mask)
        with contextlib.suppress(FileNotFoundError):
            os.chmod(tmp_path, 0o666 & ~mask)
        if check is None or not target.is_symlink():
            refuse_inputs(target)
        if check is not None:
            check(target, tmp_path)
        os.replace(tmp_path, real)
    except OSError as exc:
        with contextlib.suppress(FileNotFoundError):
            tmp_path.unlink()
        raise _named(exc, tmp_path, target) from None
    except BaseException:
        with contextlib.suppress(FileNotFoundError):
            tmp_path.unlink()
        raise
    finally:
        state.written(tmp_path)


@contextlib.contextmanager
def _through(found: OutPath, state: writestate.WriteState) -> Iterator[Path]:
    """The path to write the stream ``found`` by: itself for a device that seeks, else a
    spool whose bytes go into it once complete.  ``OSError`` naming it at once when it
    cannot be written (a closed descriptor, one open for reading only)."""
    target = found.path
    try:
        if found.fd is not None:
            _check_writable(found.fd)
            if found.fd == 1:
                state.stdout_written()
        elif not found.mode:
            raise FileNotFoundError(errno.ENOENT, os.strerror(errno.ENOENT), str(target))
        elif stat.S_ISSOCK(found.mode):            # a socket is connected to, not opened
            raise OSError(errno.ENXIO, os.strerror(errno.ENXIO), str(target))
        elif not os.access(target, os.W_OK):
            raise PermissionError(errno.EACCES, os.strerror(errno.EACCES), str(target))
        direct = ((stat.S_ISCHR(found.mode) or stat.S_ISBLK(found.mode))
                  and seekable(found))
    except OSError as exc:
        raise _named(exc, None, target) from None
    if not direct:
        with _spooled(found, state) as spool:
            yield spool
        return
    try:
        yield target
    except OSError as exc:
        raise _named(exc, None, target) from None


_STANDARD = {0: ("__stdin__", "standard input"), 1: ("__stdout__", "standard output"),
             2: ("__stderr__", "standard error")}


def _check_writable(fd: int) -> None:
    """``OSError`` (``EBADF``) unless this process's descriptor ``fd`` is open for
    writing: a standard stream closed when the program started is closed, whatever file
    took its number since."""
    if fd in _STANDARD and getattr(sys, _STANDARD[fd][0]) is None:
        raise OSError(errno.EBADF, f"{_STANDARD[fd][1]} is closed")
    os.fstat(fd)                                   # EBADF when it is closed
    try:
        import fcntl
    except ImportError:                            # pragma: no cover - not on POSIX
        return
    if fcntl.fcntl(fd, fcntl.F_GETFL) & os.O_ACCMODE == os.O_RDONLY:
        raise OSError(errno.EBADF, "open for reading only")


@contextlib.contextmanager
def _spooled(found: OutPath, state: writestate.WriteState) -> Iterator[Path]:
    """A temporary file whose bytes go into the stream ``found`` once complete: through
    this process's own descriptor (``/dev/stdout``: at its offset, in its mode, after
    what Python holds for it), or opened by name, never made."""
    target = found.path
    with tempfile.TemporaryDirectory(prefix="puzzlereel-pipe-") as folder:
        spool = Path(folder) / ("spool" + target.suffix)
        state.writing(spool)
        try:
            yield spool
            with open(spool, "rb") as source:
                if found.fd is not None:
                    for stream in (sys.stdout, sys.stderr):
                        with contextlib.suppress(Exception):
                            if stream.fileno() == found.fd:
                                stream.flush()
                    sink = os.dup(found.fd)
                else:
                    sink = os.open(target, os.O_WRONLY | os.O_TRUNC | os.O_NOCTTY)
                with open(sink, "wb", closefd=True) as out:
                    shutil.copyfileobj(source, out, 1 << 20)
        except OSError as exc:
            raise _named(exc, spool, target) from None
        finally:
            state.written(spool)


@contextlib.contextmanager
def atomic_text(target: str | os.PathLike[str]) -> Iterator[IO[str]]:
    """Open a temporary text file beside ``target``; rename it into place on success."""
    with atomic_path(target) as tmp, open(tmp, "w", encoding="utf-8", newline="\n") as handle:
        yield handle
