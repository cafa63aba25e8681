"""The Dask executor: a batch's tasks on a Dask distributed cluster.

``DaskExecutor`` (``run --executor dask --scheduler tcp://HOST:8786``) submits the tasks
to a Dask distributed cluster and listens for their progress on a Dask event topic;
without ``--scheduler`` it starts a cluster of ``--jobs`` worker processes on this
machine (loopback only).  On a cluster's machines, the tasks a machine's workers run
at once split its cores the same way.  Dask is imported only here, and only when this
executor is used: ``python3 -m pip install distributed`` (or a checkout's ``.[dask]``).

It has the interface of every executor (``puzzlereel.batch.executors``, whose shares of the
cores and progress pace it uses): a ``Task`` in, its ``Outcome`` out, with ``Started`` /
``Progressed`` events on the way, which the tasks send on the event topic ``TOPIC``.
"""

from __future__ import annotations

import contextlib
import logging
import os
import queue
import threading
import uuid
from collections.abc import Iterator, Mapping, Sequence
from typing import Any

from puzzlereel.batch.executors import (
    PROGRESS_EVERY,
    ExecutorError,
    Throttle,
    check_scheduler,
    default_jobs,
    share_of_cores,
)
from puzzlereel.batch.running import Finished, Progressed, RunEvent, Started
from puzzlereel.batch.task import Outcome, StageProgress, Task, execute
from puzzlereel.ground.errors import EXIT_BAD_INPUT

TOPIC = "puzzlereel-progress"          # the Dask event topic tasks report progress on


def _remote(task: Task, run_id: str, threads: int | None = 0,
            slots: Mapping[str, int] | None = None, running: int = 1) -> Outcome:
    """A task on a Dask worker: its progress goes to the run through the event topic;
    ``threads``: its video encoder's threads (0: the encoder's choice; None: this
    machine's cores split between the tasks its workers run at once, ``slots`` by host);
    ``running``: the tasks at once on this machine, which share its memory (with
    ``slots``: this machine's)."""
    from distributed import get_worker
    from distributed.comm import get_address_host

    from puzzlereel.render.encoders import video as encode
    from puzzlereel.solvers.limits import share_memory

    worker = get_worker()
    if threads is None:
        running = (slots or {}).get(get_address_host(worker.address), 1)
        threads = share_of_cores(default_jobs(), running)
    encode.encoder_threads(threads)
    share_memory(running)

    def send(stage: str, label: str, done: int, total: int | None) -> None:
        worker.log_event(TOPIC, {"run": run_id, "name": task.name, "stage": stage,
                                 "label": label, "done": done, "total": total})

    worker.log_event(TOPIC, {"run": run_id, "name": task.name, "stage": ""})
    report: StageProgress = Throttle(send, every=2 * PROGRESS_EVERY)
    return execute(task, report)


# the log level of a local cluster's workers, read from the environment as Dask starts
# in each of them, whose stderr is ours: a task's failure reaches the run as its outcome,
# so what they would log is only noise
QUIET_WORKERS = {"DASK_LOGGING__DISTRIBUTED": "critical"}

# the loggers Dask's processes write to stderr through: Dask's own and those of tornado,
# whose event loop runs Dask's periodic work (a worker's heartbeat among it) and logs
# what escapes it as "Exception in callback"
_DASK_LOGGERS = ("distributed", "tornado", "bokeh")


def quiet() -> None:
    """Dask's loggers in this process say nothing: each of them, including those Dask gives
    a level of their own (``distributed.client``, ``tornado.application``), whatever the
    user's Dask configuration says."""
    names = [name for name in list(logging.root.manager.loggerDict)
             if any(name == root or name.startswith(root + ".") for root in _DASK_LOGGERS)]
    for name in {*_DASK_LOGGERS, *names}:
        logging.getLogger(name).setLevel(logging.CRITICAL + 1)


def dask_setup(worker: Any) -> None:
    """A local cluster's worker, as it starts (Dask's preload hook, this module named as
    the workers' preload): quiet, and deaf to Ctrl-C, which is the run's to handle — also
    in a worker its nanny starts again after the first one died."""
    import signal

    quiet()
    with contextlib.suppress(ValueError):        # not in the main thread: left as it is
        signal.signal(signal.SIGINT, signal.SIG_IGN)


@contextlib.contextmanager
def ctrl_c_held() -> Iterator[None]:
    """Ctrl-C held back (blocked, not ignored) while the block starts a local cluster:
    the threads and processes it starts keep it blocked, so its workers never hear it,
    and one that comes meanwhile stops the run as the block ends."""
    import signal

    if threading.current_thread() is not threading.main_thread():
        yield
        return
    # multiprocessing's resource tracker, started by the first worker process, unblocks
    # Ctrl-C in the thread that starts it once it runs: started before the block, it
    # leaves the block to the worker processes that come after it
    from multiprocessing import resource_tracker

    resource_tracker.ensure_running()
    held = signal.pthread_sigmask(signal.SIG_BLOCK, {signal.SIGINT})
    try:
        yield
    finally:
        signal.pthread_sigmask(signal.SIG_SETMASK, held)


class DaskExecutor:
    """Units on a Dask distributed cluster: the scheduler at ``scheduler``, or a cluster
    of ``jobs`` worker processes started here on loopback when it is None (no more than
    ``tasks``, the tasks the run has, when that is given)."""

    name = "dask"

    def __init__(self, scheduler: str | None, jobs: int, tasks: int | None = None) -> None:
        check_scheduler(scheduler)
        try:
            import distributed
        except ImportError:
            raise ExecutorError("--executor dask: Dask is not installed; install it with "
                                "python3 -m pip install distributed (or the checkout's "
                                "dask extra: python3 -m pip install \".[dask]\")") from None
        quiet()
        self._queue: queue.Queue[RunEvent] = queue.Queue()
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
                    with ctrl_c_held():
                        # its HTTP server on any free port (None means 8787, which
                        # another cluster may hold: a warning on our terminal)
                        self._cluster = distributed.LocalCluster(
                            n_workers=max(1, jobs if tasks is None else min(jobs, tasks)),
                            threads_per_worker=1, processes=True,
                            host="127.0.0.1", dashboard_address="127.0.0.1:0",
                            preload=[__name__])
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
        except BaseException:    # stopped (a Ctrl-C held while the cluster started)
            self.close()
            raise
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

    def submit(self, tasks: Sequence[Task]) -> None:
        threads: int | None = None
        slots: dict[str, int] = {}
        running = 1
        if self._local:              # our cluster: --jobs cores, as the local executor
            running = min(self._jobs, len(tasks))
            threads = share_of_cores(self._jobs, running)
        else:                        # each machine's cores, split between its workers
            slots = self.slots()
        for task in tasks:
            key = f"puzzlereel-{task.name}-{uuid.uuid4().hex[:8]}"
            self._names[key] = task.name
            self._futures.append(self.client.submit(_remote, task, self._run, threads,
                                                    slots, running, key=key, pure=False))
        threading.Thread(target=self._collect, name="puzzlereel-dask", daemon=True).start()

    def slots(self) -> dict[str, int]:
        """How many tasks each machine of the cluster runs at once (its workers'
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
            except BaseException as exc:  # noqa: BLE001 - any failure is this task's
                if self._cancelled:
                    return
                name = self._names.get(future.key, str(future.key))
                outcome = Outcome(name, "error", message=f"{name}: on the Dask cluster: "
                                  f"{type(exc).__name__}: {exc}", exit_code=EXIT_BAD_INPUT)
            self._queue.put(Finished(outcome))

    def events(self, timeout: float) -> list[RunEvent]:
        found: list[RunEvent] = []
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
        """Stop the client and the cluster of our own, saying nothing: what Dask logs
        while its parts stop one after another is no news to the user."""
        quiet()
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


__all__ = ["QUIET_WORKERS", "TOPIC", "DaskExecutor", "dask_setup", "quiet"]
