"""Where a batch's units run: worker processes on this machine, or a Dask cluster.

Both executors have the one interface ``batch.running.Executor``: a ``Unit`` in, its
``Outcome`` out (the files' bytes and a status), with ``Started`` / ``Progressed``
events on the way.  A unit carries its config (and trace) as bytes and its outcome
carries the files as bytes, so a worker needs no file the run can see: only the run
itself writes into the output folder.

``LocalExecutor`` (``run --jobs N``, the default) keeps N worker processes (started
fresh with ``spawn``, so nothing of the run's state is shared), each with a pipe of its
own over which the run hands it one unit at a time, longest first; a worker that dies
takes only its own unit with it and holds no lock the others need.  Workers ignore
Ctrl-C: the run hears it, stops them, and removes their scratch folder.  ``--jobs N`` is
a budget of N cores, as ``make -j`` and cargo's jobserver mean it: the units running at
once split it between their video encoders (``share_of_cores``), so that two workers do
not each run a full set of x264 threads, and ``--jobs 1`` keeps to one core.

``DaskExecutor`` (``run --executor dask --scheduler tcp://HOST:8786``) submits the units
to a Dask distributed cluster and listens for their progress on a Dask event topic;
without ``--scheduler`` it starts a cluster of ``--jobs`` worker processes on this
machine (loopback only).  On a cluster's machines, the units a machine's workers run
at once split its cores the same way.  Dask is imported only here, and only when this
executor is used: ``python3 -m pip install distributed`` (or a checkout's ``.[dask]``).
"""

from __future__ import annotations

import collections
import contextlib
import logging
import multiprocessing
import os
import queue
import shutil
import signal
import tempfile
import threading
import time
import uuid
from collections.abc import Callable, Iterator, Mapping, Sequence
from multiprocessing.connection import Connection, wait
from typing import Any

from puzzlereel.batch.running import Event, Finished, Progressed, Started
from puzzlereel.batch.unit import Outcome, StageProgress, Unit, execute
from puzzlereel.errors import EXIT_BAD_INPUT, PuzzlereelError, UsageError

EXECUTORS = ("local", "dask")
TOPIC = "puzzlereel-progress"          # the Dask event topic units report progress on
PROGRESS_EVERY = 0.25                  # seconds between a unit's progress events


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
    """Encoder threads for each of ``running`` units at once under ``--jobs jobs``: the
    jobs are a budget of cores, split evenly between the units (at least one thread
    each); 0, the encoder's own choice, for a unit that has every core to itself."""
    cores = default_jobs()
    threads = max(1, min(jobs, cores) // max(1, running))
    return 0 if threads >= cores else threads


class _Throttle:
    """Pass a unit's progress on at most every ``every`` seconds, and at once whenever
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
    """The outcome of a unit whose worker process died under it."""
    how = f"signal {-code}" if code is not None and code < 0 else f"exit code {code}"
    return Outcome(name, "error", message=f"{source}: the worker process died ({how}) "
                   "while working on it", exit_code=EXIT_BAD_INPUT)


# ---------------------------------------------------------------- this machine


def _worker(conn: Connection) -> None:
    """A worker process: do the units the run hands over its pipe, until it says stop
    (None) or goes away (the pipe closes)."""
    signal.signal(signal.SIGINT, signal.SIG_IGN)     # Ctrl-C is the run's to handle
    scratch = conn.recv()
    from puzzlereel.render import video as encode

    def send(stage: str, label: str, done: int, total: int | None) -> None:
        conn.send(("progress", stage, label, done, total))

    from puzzlereel.solvers.base import share_memory

    try:
        while (job := conn.recv()) is not None:
            unit, threads, running = job
            encode.encoder_threads(threads)
            share_memory(running)
            conn.send(("started",))
            conn.send(("finished", execute(unit, _Throttle(send), scratch=scratch)))
    except (EOFError, BrokenPipeError):       # the run is gone: so is its work
        return


@contextlib.contextmanager
def _ctrl_c_ignored() -> Iterator[None]:
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
    """One worker process, the run's end of its pipe, and the unit it works on."""

    def __init__(self, process: Any, conn: Connection) -> None:
        self.process = process
        self.conn = conn
        self.unit: Unit | None = None


class LocalExecutor:
    """Units in ``jobs`` worker processes of this machine.

    Each worker has a pipe of its own: the run hands it one unit at a time and reads its
    events, so a worker that dies (killed, out of memory) holds no lock another needs;
    its unit is reported as an error and a new worker takes its place."""

    name = "local"

    def __init__(self, jobs: int) -> None:
        self.jobs = max(1, jobs)
        self._context = multiprocessing.get_context("spawn")
        self._waiting: collections.deque[Unit] = collections.deque()
        self._workers: list[_Worker] = []
        self._scratch: str | None = None
        self._deaths = 0                         # workers lost since a unit last finished

    def submit(self, units: Sequence[Unit]) -> None:
        self._scratch = tempfile.mkdtemp(prefix="puzzlereel-batch-")
        self._waiting.extend(units)
        for _ in range(min(self.jobs, len(units))):
            self._start()

    def _start(self) -> None:
        """A new worker, given the next unit."""
        ours, theirs = self._context.Pipe(duplex=True)
        with _ctrl_c_ignored():
            process = self._context.Process(target=_worker, args=(theirs,),
                                            name="puzzlereel-worker", daemon=True)
            process.start()
        theirs.close()                 # the worker's end lives in the worker alone
        ours.send(self._scratch)
        worker = _Worker(process, ours)
        self._workers.append(worker)
        self._next(worker)

    def _next(self, worker: _Worker) -> None:
        """Hand ``worker`` the next unit with its share of the cores (the units at work
        now and those waiting split ``jobs`` between them) and how many searches share
        the memory, or tell it to stop."""
        worker.unit = self._waiting.popleft() if self._waiting else None
        job = None
        if worker.unit is not None:
            busy = sum(w.unit is not None for w in self._workers)
            running = min(self.jobs, busy + len(self._waiting))
            job = (worker.unit, share_of_cores(self.jobs, running), running)
        with contextlib.suppress(OSError):
            worker.conn.send(job)

    def events(self, timeout: float) -> list[Event]:
        found: list[Event] = []
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

    def _heard(self, worker: _Worker, message: tuple[Any, ...]) -> list[Event]:
        unit = worker.unit
        if unit is None:
            return []
        if message[0] == "started":
            return [Started(unit.name)]
        if message[0] == "progress":
            return [Progressed(unit.name, *message[1:])]
        self._deaths = 0
        self._next(worker)
        outcome: Outcome = message[1]
        return [Finished(outcome)]

    def _lost(self, worker: _Worker) -> list[Event]:
        """A worker whose pipe closed: it has died (or stopped, having nothing to do)."""
        self._workers.remove(worker)
        worker.conn.close()
        worker.process.join(2.0)
        unit = worker.unit
        if unit is None:
            return []
        code = worker.process.exitcode
        self._deaths += 1
        if self._deaths > 2 * self.jobs + 2:        # none finishes: something is broken
            raise ExecutorError(f"the worker processes keep dying (exit code {code})")
        if self._waiting:
            self._start()              # the rest of the queue still needs workers
        return [Finished(_died(unit.name, unit.source, code))]

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


# ---------------------------------------------------------------- a Dask cluster


def _remote(unit: Unit, run_id: str, threads: int | None = 0,
            slots: Mapping[str, int] | None = None, running: int = 1) -> Outcome:
    """A unit on a Dask worker: its progress goes to the run through the event topic;
    ``threads``: its video encoder's threads (0: the encoder's choice; None: this
    machine's cores split between the units its workers run at once, ``slots`` by host);
    ``running``: the units at once on this machine, which share its memory (with
    ``slots``: this machine's)."""
    from distributed import get_worker
    from distributed.comm import get_address_host

    from puzzlereel.render import video as encode
    from puzzlereel.solvers.base import share_memory

    worker = get_worker()
    if threads is None:
        running = (slots or {}).get(get_address_host(worker.address), 1)
        threads = share_of_cores(default_jobs(), running)
    encode.encoder_threads(threads)
    share_memory(running)

    def send(stage: str, label: str, done: int, total: int | None) -> None:
        worker.log_event(TOPIC, {"run": run_id, "name": unit.name, "stage": stage,
                                 "label": label, "done": done, "total": total})

    worker.log_event(TOPIC, {"run": run_id, "name": unit.name, "stage": ""})
    report: StageProgress = _Throttle(send, every=2 * PROGRESS_EVERY)
    return execute(unit, report)


# the log level of a local cluster's workers (read from the environment when they
# start), whose lines would share our terminal
QUIET_WORKERS = {"DASK_LOGGING__DISTRIBUTED": "error"}


def check_scheduler(scheduler: str | None) -> None:
    """A ``--scheduler`` that is given names a scheduler (``UsageError`` when empty)."""
    if scheduler is not None and not scheduler.strip():
        raise UsageError("--scheduler: an empty argument names no scheduler (give its "
                         "address, tcp://HOST:PORT)")


class DaskExecutor:
    """Units on a Dask distributed cluster: the scheduler at ``scheduler``, or a cluster
    of ``jobs`` worker processes started here on loopback when it is None (no more than
    ``units``, the units the run has, when that is given)."""

    name = "dask"

    def __init__(self, scheduler: str | None, jobs: int, units: int | None = None) -> None:
        check_scheduler(scheduler)
        try:
            import distributed
        except ImportError:
            raise ExecutorError("--executor dask: Dask is not installed; install it with "
                                "python3 -m pip install distributed (or the checkout's "
                                "dask extra: python3 -m pip install \".[dask]\")") from None
        logging.getLogger("distributed").setLevel(logging.ERROR)
        self._queue: queue.Queue[Event] = queue.Queue()
        self._futures: list[Any] = []
        self._names: dict[str, str] = {}
        self._cancelled = False
        self._run = uuid.uuid4().hex
        self._cluster: Any = None
        self._jobs = jobs            # a cluster of our own shares this machine's cores
        self._local = scheduler is None
        try:
            if scheduler is None:
                environ = dict(os.environ)   # Dask's nanny sets its workers' variables
                try:                         # (MALLOC_TRIM_THRESHOLD_...) in ours too
                    # Ctrl-C is the run's to handle, not its workers' (nor their
                    # lines about the tasks it cancels, which share our terminal)
                    os.environ.update(QUIET_WORKERS)
                    with _ctrl_c_ignored():
                        # its HTTP server on any free port (None means 8787, which
                        # another cluster may hold: a warning on our terminal)
                        self._cluster = distributed.LocalCluster(
                            n_workers=max(1, jobs if units is None else min(jobs, units)),
                            threads_per_worker=1, processes=True,
                            host="127.0.0.1", dashboard_address="127.0.0.1:0")
                finally:
                    os.environ.clear()
                    os.environ.update(environ)
                self.client = distributed.Client(self._cluster)
            else:
                self.client = distributed.Client(scheduler, timeout="15s")
        except Exception as exc:  # noqa: BLE001 - Dask's many ways of failing to connect
            self.close()
            if scheduler is None:
                raise ExecutorError(f"--executor dask: cannot start a local Dask cluster "
                                    f"({type(exc).__name__}: {exc})") from None
            why = str(exc) if isinstance(exc, (OSError, TimeoutError, ValueError)) \
                else f"{type(exc).__name__}: {exc}"
            raise ExecutorError(f"--scheduler: cannot reach the Dask scheduler at "
                                f"{scheduler} ({why})") from None
        self.client.subscribe_topic(TOPIC, self._heard)

    def _heard(self, event: tuple[float, Any]) -> None:
        msg = event[1]
        if not isinstance(msg, dict) or msg.get("run") != self._run:
            return
        if not msg.get("stage"):
            self._queue.put(Started(str(msg["name"])))
        else:
            self._queue.put(Progressed(str(msg["name"]), str(msg["stage"]), str(msg["label"]),
                                       int(msg["done"]), msg.get("total")))

    def submit(self, units: Sequence[Unit]) -> None:
        threads: int | None = None
        slots: dict[str, int] = {}
        running = 1
        if self._local:              # our cluster: --jobs cores, as the local executor
            running = min(self._jobs, len(units))
            threads = share_of_cores(self._jobs, running)
        else:                        # each machine's cores, split between its workers
            slots = self.slots()
        for unit in units:
            key = f"puzzlereel-{unit.name}-{uuid.uuid4().hex[:8]}"
            self._names[key] = unit.name
            self._futures.append(self.client.submit(_remote, unit, self._run, threads,
                                                    slots, running, key=key, pure=False))
        threading.Thread(target=self._collect, name="puzzlereel-dask", daemon=True).start()

    def slots(self) -> dict[str, int]:
        """How many units each machine of the cluster runs at once (its workers'
        threads), by host."""
        from distributed.comm import get_address_host

        slots: dict[str, int] = {}
        for address, n in self.client.nthreads().items():
            host = get_address_host(address)
            slots[host] = slots.get(host, 0) + int(n)
        return slots

    def _collect(self) -> None:
        from distributed import as_completed

        for future in as_completed(self._futures):
            if self._cancelled:
                return
            try:
                outcome: Outcome = future.result()
            except BaseException as exc:  # noqa: BLE001 - any failure is this unit's
                if self._cancelled:
                    return
                name = self._names.get(future.key, str(future.key))
                outcome = Outcome(name, "error", message=f"{name}: on the Dask cluster: "
                                  f"{type(exc).__name__}: {exc}", exit_code=EXIT_BAD_INPUT)
            self._queue.put(Finished(outcome))

    def events(self, timeout: float) -> list[Event]:
        found: list[Event] = []
        try:
            found.append(self._queue.get(timeout=timeout))
            while True:
                found.append(self._queue.get_nowait())
        except queue.Empty:
            return found

    def cancel(self) -> None:
        self._cancelled = True
        if self._futures:
            with contextlib.suppress(Exception):
                self.client.cancel(self._futures, force=True)

    def close(self) -> None:
        client = getattr(self, "client", None)
        if client is not None:
            with contextlib.suppress(Exception):
                client.close()
        if self._cluster is not None:
            with contextlib.suppress(Exception):
                self._cluster.close()

    def __enter__(self) -> DaskExecutor:
        return self

    def __exit__(self, *exc: object) -> None:
        self.close()


class Idle:
    """The executor of a batch with nothing left to make: no worker is started."""

    name = "idle"

    def submit(self, units: Sequence[Unit]) -> None:
        if units:
            raise AssertionError("an idle executor runs nothing")

    def events(self, timeout: float) -> list[Event]:
        return []

    def cancel(self) -> None:
        pass

    def close(self) -> None:
        pass

    def __enter__(self) -> Idle:
        return self

    def __exit__(self, *exc: object) -> None:
        pass


def make(kind: str, jobs: int, scheduler: str | None = None, units: int | None = None
         ) -> LocalExecutor | DaskExecutor:
    """The executor ``run --executor KIND`` asks for, of ``jobs`` workers at most (and no
    more than ``units``, the units it will run, when given)."""
    if kind not in EXECUTORS:
        raise UsageError(f"--executor: {kind!r} is not one of: {', '.join(EXECUTORS)}")
    if kind == "local":
        if scheduler is not None:
            raise UsageError("--scheduler: only with --executor dask")
        return LocalExecutor(jobs)
    return DaskExecutor(scheduler, jobs, units)


__all__ = ["EXECUTORS", "TOPIC", "DaskExecutor", "ExecutorError", "Idle", "LocalExecutor",
           "check_scheduler", "default_jobs", "make"]
