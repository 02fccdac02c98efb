"""Progress and diagnostics. The pipeline emits events here and never prints itself."""

from __future__ import annotations

import sys
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
    """Writes to stderr; draws progress bars only when stderr is a terminal."""

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
        if not self.stream.isatty() or total <= 0:
            yield ProgressTicker()
            return
        ticker = _TerminalTicker(self.stream, label, total)
        try:
            yield ticker
        finally:
            ticker.close()


class _TerminalTicker(ProgressTicker):
    WIDTH = 28

    def __init__(self, stream: TextIO, label: str, total: int) -> None:
        self.stream, self.label, self.total, self.done = stream, label, total, 0
        self._draw()

    def advance(self, steps: int = 1) -> None:
        self.done = min(self.total, self.done + steps)
        self._draw()

    def _draw(self) -> None:
        filled = int(self.WIDTH * self.done / self.total)
        bar = "█" * filled + "·" * (self.WIDTH - filled)
        self.stream.write(f"\r{self.label} {bar} {self.done}/{self.total}")
        self.stream.flush()

    def close(self) -> None:
        self.stream.write("\r\033[K")
        self.stream.flush()
