"""Runs Sluice stages over one Spark partition, the way RDD.pipe does, without losing anything.

PySpark's RDD.pipe starts one program per partition, feeds it the partition's lines from a
thread and reads its stdout. It leaves the program's stderr to the executor's log, accepts a
non-zero exit unless checkCode is set (and then says only the code), and hangs when the input
iterator fails inside its feeding thread. Sluice stages talk on stderr (the accounting line, the
reason for a failure) and write rejects to a file, so this module does the same streaming with
those kept:

- the stages of one step run as a chain of processes joined by OS pipes (sanitize | geocode),
  Python feeding the first and reading the last, as a shell pipeline would;
- each stage's stderr goes to a file; a stage exiting non-zero fails the task with its name,
  partition, status and message, which Spark reports as the job's failure;
- records are plain strings; everything else travels beside them as tuples: ("log", stage,
  partition, text) with each stage's stderr, ("cpu", stages, seconds) with the CPU time the
  stage processes used, ("reject", stage, line) with each rejected line
  when rejects are kept. Tuples arriving from an earlier step are passed on untouched.
"""

import os
import resource
import tempfile
import threading
from subprocess import PIPE, Popen

# What a stage process sees of the environment: nothing of the driver's or the toolchain's
# (no LD_LIBRARY_PATH), as `env -i` would give; TMPDIR for sluice-dedupe's spool.
STAGE_PATH = "/usr/bin:/bin"


class StageFailure(RuntimeError):
    """A stage exited non-zero (or was killed) in a partition; the message is the stage's."""

    MARK = "sluice-spark: stage failed: "

    def __init__(self, stage, partition, status, stderr):
        how = f"killed by signal {-status}" if status < 0 else f"exit status {status}"
        super().__init__(f"{self.MARK}{stage} in partition {partition} ({how}):\n{stderr.rstrip()}")
        self.status = status


def partition_id():
    from pyspark import TaskContext

    context = TaskContext.get()
    return context.partitionId() if context is not None else 0


def pipe_partition(items, stages, keep_rejects):
    """Streams the records of `items` through `stages`, a list of (name, argv); yields the last
    stage's records (str), then the side items that came in, the rejects and the logs."""
    partition = partition_id()
    # The worker runs one task at a time, so its children's CPU time grows by this task's.
    before = resource.getrusage(resource.RUSAGE_CHILDREN)
    with tempfile.TemporaryDirectory(prefix="sluice-spark-") as work:
        # One task, one core: every stage's default --threads is 1 (an explicit --threads wins).
        env = {"PATH": STAGE_PATH, "TMPDIR": tempfile.gettempdir(), "SLUICE_THREADS": "1"}
        procs, stderr_paths, reject_paths = [], [], []
        upstream = None
        for index, (name, argv) in enumerate(stages):
            stderr_paths.append(os.path.join(work, f"{index}.stderr"))
            reject_paths.append(os.path.join(work, f"{index}.rejects.ndjson"))
            args = list(argv) + (["--rejects", reject_paths[-1]] if keep_rejects else [])
            with open(stderr_paths[-1], "wb") as stderr:
                proc = Popen(args, stdin=PIPE if upstream is None else upstream, stdout=PIPE, stderr=stderr, env=env, bufsize=1 << 16)
            if upstream is not None:
                upstream.close()  # the next stage holds it now; a stage that dies gives EPIPE upstream
            upstream = proc.stdout
            procs.append(proc)

        passed, failures = [], []

        def feed():
            try:
                with procs[0].stdin as sink:
                    for item in items:
                        if isinstance(item, str):
                            sink.write(item.encode("utf-8"))
                            sink.write(b"\n")
                        else:
                            passed.append(item)
            except BrokenPipeError:
                pass  # the first stage stopped reading: its exit status says why
            except BaseException as error:  # noqa: BLE001 - re-raised in the task's thread below
                failures.append(error)

        feeder = threading.Thread(target=feed, daemon=True)
        feeder.start()
        for line in upstream:
            yield line[:-1].decode("utf-8") if line.endswith(b"\n") else line.decode("utf-8")
        upstream.close()
        feeder.join()
        statuses = [proc.wait() for proc in procs]
        after = resource.getrusage(resource.RUSAGE_CHILDREN)
        cpu = (after.ru_utime - before.ru_utime) + (after.ru_stime - before.ru_stime)
        if failures:
            raise failures[0]
        logs = []
        for (name, _), status, path in zip(stages, statuses, stderr_paths):
            with open(path, encoding="utf-8", errors="replace") as stderr:
                logs.append(stderr.read())
            if status != 0:
                raise StageFailure(name, partition, status, logs[-1])
        yield from passed
        if keep_rejects:
            for (name, _), path in zip(stages, reject_paths):
                if os.path.exists(path):
                    with open(path, encoding="utf-8") as rejects:
                        for line in rejects:
                            yield ("reject", name, line.rstrip("\n"))
        for (name, _), text in zip(stages, logs):
            yield ("log", name, partition, text)
        yield ("cpu", " | ".join(name for name, _ in stages), cpu)


def failure_message(error):
    """The stage's own message out of the exception Spark raises on the driver, or None."""
    text = str(error)
    at = text.find(StageFailure.MARK)
    if at < 0:
        return None
    end = text.find("\n\tat ", at)  # the JVM's stack trace follows the Python one
    message = text[at:end if end > 0 else len(text)]
    return message.split("\n\n", 1)[0].rstrip()
