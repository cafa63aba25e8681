"""Where a batch's tasks run: worker processes on this machine, or a Dask cluster.

Every executor has the one interface ``batch.running.Executor``: a ``Task`` in, its
``Outcome`` out (the files' bytes and a status), with ``Started`` / ``Progressed``
events on the way.  A task carries its config (and trace) as bytes and its outcome
carries the files as bytes, so a worker needs no file the run can see: only the run
itself writes into the output folder.  ``batch.runner.make`` gives the executor
``run --executor`` asks for; this module has the local ones and what every executor
shares (the cores a task's encoder may use, its progress passed on at a steady pace);
the Dask one is
``puzzlereel.batch.dask_executor``, imported only when it is asked for.

``LocalExecutor`` (``run --jobs N``, the default) keeps N worker processes (started
fresh with ``spawn``, so nothing of the run's state is shared), each with a pipe of its
own over which the run hands it one task at a time, longest first; a worker that dies
takes only its own task with it and holds no lock the others need.  Workers ignore
Ctrl-C: the run hears it, stops them, and removes their scratch folder.  ``--jobs N`` is
a budget of N cores, as ``make -j`` and cargo's jobserver mean it: the tasks running at
once split it between their video encoders (``share_of_cores``), so that two workers do
not each run a full set of x264 threads, and ``--jobs 1`` keeps to one core.
"""

from __future__ import annotations

import collections
import contextlib
import multiprocessing
import os
import shutil
import signal
import tempfile
import threading
import time
from collections.abc import Callable, Iterator, Sequence
from multiprocessing.connection import Connection, wait
from typing import Any

from puzzlereel.batch import EXECUTORS
from puzzlereel.batch.running import Finished, Progressed, RunEvent, Started
from puzzlereel.batch.task import Outcome, Task, execute
from puzzlereel.ground.errors import EXIT_BAD_INPUT, PuzzlereelError, UsageError

PROGRESS_EVERY = 0.25                  # seconds between a task's progress events


class ExecutorError(PuzzlereelError):
    """An executor that cannot run: Dask missing, a scheduler out of reach, workers
    that cannot start."""


def default_jobs() -> int:
    """The number of cores this process may use."""
    try:
        return max(1, len(os.sched_getaffinity(0)))
    except (AttributeError, OSError):
        return max(1, os.cpu_count() or 1)


def share_of_cores(jobs: int, running: int) -> int:
    """Encoder threads for each of ``running`` tasks at once under ``--jobs jobs``: the
    jobs are a budget of cores, split evenly between the tasks (at least one thread
    each); 0, the encoder's own choice, for a task that has every core to itself."""
    cores = default_jobs()
    threads = max(1, min(jobs, cores) // max(1, running))
    return 0 if threads >= cores else threads


class Throttle:
    """Pass a task's progress on at most every ``every`` seconds, and at once whenever
    its stage changes."""

    def __init__(self, send: Callable[[str, str, int, int | None], None],
                 every: float = PROGRESS_EVERY) -> None:
        self.send = send
        self.every = every
        self.stage = ""
        self.last = 0.0

    def __call__(self, stage: str, label: str, done: int, total: int | None) -> None:
        now = time.monotonic()
        if stage != self.stage or now - self.last >= self.every:
            self.stage, self.last = stage, now
            self.send(stage, label, done, total)


def _died(name: str, source: str, code: int | None) -> Outcome:
    """The outcome of a task whose worker process died under it."""
    how = f"signal {-code}" if code is not None and code < 0 else f"exit code {code}"
    return Outcome(name, "error", message=f"{source}: the worker process died ({how}) "
                   "while working on it", exit_code=EXIT_BAD_INPUT)


# ---------------------------------------------------------------- this machine


def _worker(conn: Connection) -> None:
    """A worker process: do the tasks the run hands over its pipe, until it says stop
    (None) or goes away (the pipe closes)."""
    signal.signal(signal.SIGINT, signal.SIG_IGN)     # Ctrl-C is the run's to handle
    scratch = conn.recv()
    from puzzlereel.render.encoders import video as encode

    def send(stage: str, label: str, done: int, total: int | None) -> None:
        conn.send(("progress", stage, label, done, total))

    from puzzlereel.solvers.limits import share_memory

    try:
        while (job := conn.recv()) is not None:
            task, threads, running = job
            encode.encoder_threads(threads)
            share_memory(running)
            conn.send(("started",))
            conn.send(("finished", execute(task, Throttle(send), scratch=scratch)))
    except (EOFError, BrokenPipeError):       # the run is gone: so is its work
        return


@contextlib.contextmanager
def ctrl_c_ignored() -> Iterator[None]:
    """Children started inside ignore SIGINT from their first instruction (an ignored
    signal stays ignored across exec, and Python then installs no handler of its own)."""
    if threading.current_thread() is not threading.main_thread():
        yield
        return
    old = signal.signal(signal.SIGINT, signal.SIG_IGN)
    try:
        yield
    finally:
        signal.signal(signal.SIGINT, old)


class _Worker:
    """One worker process, the run's end of its pipe, and the task it works on."""

    def __init__(self, process: Any, conn: Connection) -> None:
        self.process = process
        self.conn = conn
        self.task: Task | None = None


class LocalExecutor:
    """Units in ``jobs`` worker processes of this machine.

    Each worker has a pipe of its own: the run hands it one task at a time and reads its
    events, so a worker that dies (killed, out of memory) holds no lock another needs;
    its task is reported as an error and a new worker takes its place."""

    name = "local"

    def __init__(self, jobs: int) -> None:
        self.jobs = max(1, jobs)
        self._context = multiprocessing.get_context("spawn")
        self._waiting: collections.deque[Task] = collections.deque()
        self._workers: list[_Worker] = []
        self._scratch: str | None = None
        self._deaths = 0                         # workers lost since a task last finished

    def submit(self, tasks: Sequence[Task]) -> None:
        self._scratch = tempfile.mkdtemp(prefix="puzzlereel-batch-")
        self._waiting.extend(tasks)
        for _ in range(min(self.jobs, len(tasks))):
            self._start()

    def _start(self) -> None:
        """A new worker, given the next task."""
        ours, theirs = self._context.Pipe(duplex=True)
        with ctrl_c_ignored():
            process = self._context.Process(target=_worker, args=(theirs,),
                                            name="puzzlereel-worker", daemon=True)
            process.start()
        theirs.close()                 # the worker's end lives in the worker alone
        ours.send(self._scratch)
        worker = _Worker(process, ours)
        self._workers.append(worker)
        self._next(worker)

    def _next(self, worker: _Worker) -> None:
        """Hand ``worker`` the next task with its share of the cores (the tasks at work
        now and those waiting split ``jobs`` between them) and how many searches share
        the memory, or tell it to stop."""
        worker.task = self._waiting.popleft() if self._waiting else None
        job = None
        if worker.task is not None:
            busy = sum(w.task is not None for w in self._workers)
            running = min(self.jobs, busy + len(self._waiting))
            job = (worker.task, share_of_cores(self.jobs, running), running)
        with contextlib.suppress(OSError):
            worker.conn.send(job)

    def events(self, timeout: float) -> list[RunEvent]:
        found: list[RunEvent] = []
        ready = set(wait([w.conn for w in self._workers], timeout)) if self._workers else ()
        for worker in list(self._workers):
            if worker.conn not in ready:
                continue
            try:
                while worker.conn.poll():
                    found.extend(self._heard(worker, worker.conn.recv()))
            except (EOFError, OSError):
                found.extend(self._lost(worker))
        return found

    def _heard(self, worker: _Worker, message: tuple[Any, ...]) -> list[RunEvent]:
        task = worker.task
        if task is None:
            return []
        if message[0] == "started":
            return [Started(task.name)]
        if message[0] == "progress":
            return [Progressed(task.name, *message[1:])]
        self._deaths = 0
        self._next(worker)
        outcome: Outcome = message[1]
        return [Finished(outcome)]

    def _lost(self, worker: _Worker) -> list[RunEvent]:
        """A worker whose pipe closed: it has died (or stopped, having nothing to do)."""
        self._workers.remove(worker)
        worker.conn.close()
        worker.process.join(2.0)
        task = worker.task
        if task is None:
            return []
        code = worker.process.exitcode
        self._deaths += 1
        if self._deaths > 2 * self.jobs + 2:        # none finishes: something is broken
            raise ExecutorError(f"the worker processes keep dying (exit code {code})")
        if self._waiting:
            self._start()              # the rest of the queue still needs workers
        return [Finished(_died(task.name, task.source, code))]

    def cancel(self) -> None:
        self._waiting.clear()
        for worker in self._workers:
            if worker.process.is_alive():
                worker.process.terminate()
        for worker in self._workers:
            worker.process.join(2.0)
            if worker.process.is_alive():
                worker.process.kill()
                worker.process.join(1.0)
            worker.conn.close()
        self._workers.clear()

    def close(self) -> None:
        """Let the workers leave (they have been told to stop), then remove the scratch
        folder."""
        deadline = time.monotonic() + 5.0
        for worker in self._workers:
            worker.process.join(max(0.0, deadline - time.monotonic()))
        self.cancel()
        if self._scratch is not None:
            shutil.rmtree(self._scratch, ignore_errors=True)

    def __enter__(self) -> LocalExecutor:
        return self

    def __exit__(self, *exc: object) -> None:
        self.close()


def check_scheduler(scheduler: str | None) -> None:
    """A ``--scheduler`` that is given names a scheduler (``UsageError`` when empty)."""
    if scheduler is not None and not scheduler.strip():
        raise UsageError("--scheduler: an empty argument names no scheduler (give its "
                         "address, tcp://HOST:PORT)")


class Idle:
    """The executor of a batch with nothing left to make: no worker is started."""

    name = "idle"

    def submit(self, tasks: Sequence[Task]) -> None:
        if tasks:
            raise AssertionError("an idle executor runs nothing")

    def events(self, timeout: float) -> list[RunEvent]:
        return []

    def cancel(self) -> None:
        pass

    def close(self) -> None:
        pass

    def __enter__(self) -> Idle:
        return self

    def __exit__(self, *exc: object) -> None:
        pass


__all__ = ["EXECUTORS", "PROGRESS_EVERY", "ExecutorError", "Idle", "LocalExecutor", "Throttle",
           "check_scheduler", "ctrl_c_ignored", "default_jobs", "share_of_cores"]
