"""Progress where no terminal is (a Netlify or CI log): a line at each tenth of a long stage
and at least every 30 s, with the time so far and an estimate of the time left; nothing
for a stage that ends within seconds; a bar with the same figures on a terminal."""

from __future__ import annotations

import io
import re
import time

import pytest

from generator import reporter as reporter_module
from generator.reporter import TerminalReporter, duration


class Clock:
    def __init__(self) -> None:
        self.now = 1000.0

    def __call__(self) -> float:
        return self.now


class Terminal(io.StringIO):
    def isatty(self) -> bool:
        return True


@pytest.fixture
def clock(monkeypatch: pytest.MonkeyPatch) -> Clock:
    fake = Clock()
    monkeypatch.setattr(reporter_module.time, "monotonic", fake)
    return fake


def test_a_long_stage_prints_a_line_at_each_tenth_with_an_estimate(clock: Clock) -> None:
    log = io.StringIO()
    with TerminalReporter(log).progress("images", 2000) as ticker:
        for _ in range(2000):
            clock.now += 0.5  # half a second a photo: the stage takes 1000 s
            ticker.advance()
    lines = log.getvalue().splitlines()
    assert lines[0] == "images: 200/2000 (10%), 1m40s, about 15m left"
    assert lines[3] == "images: 800/2000 (40%), 6m40s, about 10m left"
    assert len(lines) == 9  # 10% to 90%: the stage's own summary says the end
    assert all(
        re.fullmatch(r"images: \d+/2000 \(\d0%\), \d+m\d\ds, about \d+m left", x) for x in lines
    )


def test_a_quick_stage_prints_nothing(clock: Clock) -> None:
    log = io.StringIO()
    with TerminalReporter(log).progress("images", 10) as ticker:
        for _ in range(10):
            clock.now += 0.2
            ticker.advance()
    assert log.getvalue() == ""


def test_one_long_step_still_shows_the_build_is_alive(
    clock: Clock, monkeypatch: pytest.MonkeyPatch
) -> None:
    """A video's frames take minutes as one step: a line every 30 s meanwhile."""
    log = io.StringIO()
    with TerminalReporter(log).progress("videos", 5) as ticker:
        ticker.advance()
        clock.now += 31
        deadline = time.time() + 10
        while not log.getvalue() and time.time() < deadline:
            time.sleep(0.1)  # the heartbeat wakes once a second
        clock.now += 31
        deadline = time.time() + 10
        while log.getvalue().count("\n") < 2 and time.time() < deadline:
            time.sleep(0.1)
    assert log.getvalue().splitlines() == [
        "videos: 1/5 (20%), 31s, about 2m left",
        "videos: 1/5 (20%), 1m02s, about 4m left",
    ]


def test_a_terminal_gets_a_bar_with_the_same_figures(clock: Clock) -> None:
    screen = Terminal()
    with TerminalReporter(screen).progress("images", 4) as ticker:
        clock.now += 30
        ticker.advance()
    drawn = screen.getvalue().split("\r")
    assert "images ███████····················· 1/4 (25%), 30s, about 2m left" in [
        d.removeprefix("\033[K") for d in drawn
    ]
    assert screen.getvalue().endswith("\r\033[K")  # the bar is wiped for the summary


@pytest.mark.parametrize(
    ("seconds", "rough", "shown"),
    [
        (0, False, "0s"),
        (59.4, False, "59s"),
        (190, False, "3m10s"),
        (190, True, "3m"),
        (215, True, "4m"),
        (3720, False, "1h02m"),
    ],
)
def test_durations_read_like_a_clock(seconds: float, rough: bool, shown: str) -> None:
    assert duration(seconds, rough) == shown
