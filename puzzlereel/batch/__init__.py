"""``run``: one config or many, from the arguments to the files and the run's outcome.

A run is given files, folders, glob patterns and bundled example names
(``sources.collect``).  For each config, ``planning.plan`` decides from the manifest
beside the outputs (``puzzlereel.ground.manifest``) what is still to make: nothing (the
config is *skipped*, up to date), the renders alone (the trace is current), or the
search and everything after it.  Each config's work is one ``task.Task``: a plain value
that carries the config's bytes (and the trace's, when only rendering is left), so that
it runs the same in a process of this machine (``puzzlereel.batch.executors``) or on
another machine (``puzzlereel.batch.dask_executor``).  ``task.Steps`` are that work
(solve, then every format in one pass, then the gallery's poster) and ``task.execute``
does them in a private scratch folder, returning an ``Outcome`` with the files' bytes;
``allocator`` gives a worker the usual memory allocator back while a task runs.
``running.run_plan`` sends the tasks to an executor, writes each returned file
atomically into the output folder, records it in the manifest and tells an ``Observer``
(the command line's overview) what happens; ``summary`` is the table at the end, and
the run's exit code is the worst of its configs' (``running.exit_code``).

One config file (``single``) is the same task with the same steps, done in this process
straight into the output folder, with the same manifest; ``runner`` is the ``run``
command itself, choosing between the two.  Either way a run replaces or removes only
files the manifest records as the same config's (``ownership.check_made``).
"""

# where run's configs are worked on (--executor): processes of this machine, or a Dask
# cluster (``executors``, ``dask_executor``); here, so that --help names them cheaply
EXECUTORS = ("local", "dask")

__all__ = ["EXECUTORS"]
