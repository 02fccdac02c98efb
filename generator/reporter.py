"""Progress and diagnostics. The pipeline emits events here and never prints itself."""

from __future__ import annotations

import sys
import threading
import time
from collections.abc import Iterator
from contextlib import contextmanager
from typing import TextIO

from .errors import Problem


class Reporter:
    """Collects events; subclasses decide how to show them."""

    def __init__(self) -> None:
        self.lines: list[str] = []
        self.warnings: list[Problem] = []

    def info(self, message: str) -> None:
        self.lines.append(message)

    def warning(self, problem: Problem) -> None:
        self.warnings.append(problem)

    @contextmanager
    def stage(self, name: str) -> Iterator[None]:
        started = time.perf_counter()
        yield
        self.info(f"{name}: {time.perf_counter() - started:.2f}s")

    @contextmanager
    def progress(self, label: str, total: int) -> Iterator[ProgressTicker]:
        yield ProgressTicker()


class ProgressTicker:
    def advance(self, steps: int = 1) -> None:
        """Count finished work; the buffer reporter has nothing to draw."""


class BufferReporter(Reporter):
    """Keeps everything in memory, for tests."""


class TerminalReporter(Reporter):
    """Writes to stderr: a progress bar when stderr is a terminal, progress lines when it is
    not (a Netlify or CI log), so a long stage always shows it is alive and when it ends."""

    def __init__(self, stream: TextIO | None = None) -> None:
        super().__init__()
        self.stream = stream or sys.stderr

    def info(self, message: str) -> None:
        super().info(message)
        print(message, file=self.stream, flush=True)

    def warning(self, problem: Problem) -> None:
        super().warning(problem)
        print(f"warning: {problem}", file=self.stream, flush=True)

    @contextmanager
    def progress(self, label: str, total: int) -> Iterator[ProgressTicker]:
        if total <= 0:
            yield ProgressTicker()
            return
        if self.stream.isatty():
            ticker: _Ticker = _TerminalTicker(self.stream, label, total)
        else:
            ticker = _LogTicker(self.stream, label, total)
        try:
            yield ticker
        finally:
            ticker.close()


class _Ticker(ProgressTicker):
    """Counts done steps against the total and estimates the time left from the pace so far."""

    def __init__(self, stream: TextIO, label: str, total: int) -> None:
        self.stream, self.label, self.total, self.done = stream, label, total, 0
        self.started = time.monotonic()
        self.lock = threading.Lock()

    def advance(self, steps: int = 1) -> None:
        with self.lock:
            self.done = min(self.total, self.done + steps)
            self._advanced()

    def _advanced(self) -> None:
        """Called with the lock held after each advance."""

    def status(self) -> str:
        """`412/2000 (21%), 3m10s, about 12m left`"""
        elapsed = time.monotonic() - self.started
        text = f"{self.done}/{self.total} ({100 * self.done // self.total}%), {duration(elapsed)}"
        if 0 < self.done < self.total:
            left = elapsed / self.done * (self.total - self.done)
            text += f", about {duration(left, rough=True)} left"
        return text

    def close(self) -> None:
        pass


class _TerminalTicker(_Ticker):
    WIDTH = 28

    def __init__(self, stream: TextIO, label: str, total: int) -> None:
        super().__init__(stream, label, total)
        self._draw()

    def _advanced(self) -> None:
        self._draw()

    def _draw(self) -> None:
        filled = int(self.WIDTH * self.done / self.total)
        bar = "█" * filled + "·" * (self.WIDTH - filled)
        self.stream.write(f"\r\033[K{self.label} {bar} {self.status()}")
        self.stream.flush()

    def close(self) -> None:
        self.stream.write("\r\033[K")
        self.stream.flush()


class _LogTicker(_Ticker):
    """A line at each tenth of the work, and at least every HEARTBEAT_S while one step runs
    long (a video's frames): nothing for a stage done within QUIET_S (a cached rebuild)."""

    QUIET_S = 5.0
    HEARTBEAT_S = 30.0

    def __init__(self, stream: TextIO, label: str, total: int) -> None:
        super().__init__(stream, label, total)
        self.next_tenth = 1
        self.last_line = self.started
        self.stopped = threading.Event()
        self.heartbeat = threading.Thread(target=self._beat, name=f"{label}-progress", daemon=True)
        self.heartbeat.start()

    def _advanced(self) -> None:
        tenth = 10 * self.done // self.total
        if tenth >= self.next_tenth:
            self.next_tenth = tenth + 1
            self._line()

    def _beat(self) -> None:
        while not self.stopped.wait(1.0):
            with self.lock:
                if time.monotonic() - self.last_line >= self.HEARTBEAT_S:
                    self._line()

    def _line(self) -> None:
        now = time.monotonic()
        if now - self.started < self.QUIET_S or self.done >= self.total:
            return  # the stage's summary line says the rest
        self.last_line = now
        print(f"{self.label}: {self.status()}", file=self.stream, flush=True)

    def close(self) -> None:
        self.stopped.set()
        self.heartbeat.join()


def duration(seconds: float, rough: bool = False) -> str:
    """45s, 3m10s, 1h02m; rough: whole minutes past a minute (an estimate is no more exact)."""
    seconds = max(0, round(seconds))
    if seconds < 60:
        return f"{seconds}s"
    minutes, secs = divmod(seconds, 60)
    if minutes < 60:
        if rough:
            return f"{minutes + (secs >= 30)}m"
        return f"{minutes}m{secs:02d}s"
    hours, minutes = divmod(minutes, 60)
    return f"{hours}h{minutes:02d}m"
