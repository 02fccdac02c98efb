"""bench/portfolio_scale.py (issue #46): its verdict and its pooled figures, from reports
written here the way Lighthouse writes them, not from a Lighthouse run (minutes each)."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT / "bench"))

from portfolio_scale import Score, Site, table  # noqa: E402


def report(folder: Path, name: str, tbt: float, performance: float) -> None:
    audits = {"total-blocking-time": {"numericValue": tbt}}
    body = {"categories": {"performance": {"score": performance / 100}}, "audits": audits}
    (folder / f"{name}.json").write_text(json.dumps(body), "utf-8")


def pooled(*folders: Path) -> list[str]:
    args = [arg for folder in folders for arg in ("--pooled", str(folder))]
    done = subprocess.run(
        [sys.executable, str(ROOT / "bench" / "portfolio_scale.py"), *args],
        capture_output=True,
        text=True,
        timeout=60,
        cwd=ROOT,
    )
    assert done.returncode == 0, done.stderr
    return done.stdout.splitlines()


def test_pooled_puts_every_kept_run_of_a_page_together_against_the_demo_s(
    tmp_path: Path,
) -> None:
    first, second = tmp_path / "first", tmp_path / "second"
    first.mkdir()
    second.mkdir()
    # Two bench runs' reports; each site's artist page is its own artist's.
    for folder, runs in ((first, (1, 2)), (second, (1,))):
        for run in runs:
            demo_tbt = {1: 10, 2: 20}[run] if folder is first else 30
            big_tbt = {1: 40, 2: 50}[run] if folder is first else 60
            report(folder, f"demo_portfolio_dmitri-volkov-4.00-{run}", demo_tbt, 100)
            report(folder, f"536-pieces_portfolio_ava-thorne-4.00-{run}", big_tbt, 98)
            report(folder, f"demo_es_flash-4.00-{run}", 0, 99)
    report(first, "536-pieces_portfolio_ava-thorne-2.50-1", 900, 50)  # calibrated: not pooled

    rows = pooled(first, second)
    assert "| /portfolio/<artist> | demo | 3 | 20 ± 6 ms | 20 ms |  | 100.0 |" in rows
    # stdev 10 over 3 runs each: 5.8 ms either side, 8.2 ms for the difference
    assert (
        "| /portfolio/<artist> | 536-pieces | 3 | 50 ± 6 ms | 50 ms | +30 ± 8 ms | 98.0 |" in rows
    )
    assert "| /es/flash | demo | 3 | 0 ± 0 ms | 0 ms |  | 99.0 |" in rows


def test_the_demo_measured_against_itself_is_shown_but_does_not_decide(
    capsys: pytest.CaptureFixture[str],
) -> None:
    work = ROOT / "bench" / ".work"  # only named: table() reads labels, routes and scores
    demo = Site("demo", ROOT / "content", work, "dmitri-volkov")
    big = Site("536 pieces", work, work, "ava-thorne")
    control = Site("demo again", demo.content, demo.folder, demo.artist, control=True)

    def scores(site: Site, tbt: float) -> dict[tuple[str, int], list[Score]]:
        run = Score(99, tbt, 1.6, 1800, 600, 2400)
        return {(site.label, i): [run] * 3 for i in range(len(site.routes))}

    noisy = {**scores(demo, 10), **scores(big, 40), **scores(control, 90)}
    assert table([demo, big, control], noisy, 4) is True  # the control's +80 ms: the host's
    printed = capsys.readouterr().out
    assert "+80 ms (noise)" in printed and "MISS" not in printed

    slow = {**scores(demo, 10), **scores(big, 61), **scores(control, 10)}
    assert table([demo, big, control], slow, 4) is False
    assert "+51 ms MISS" in capsys.readouterr().out
