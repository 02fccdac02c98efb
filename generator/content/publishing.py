"""Drafts and scheduled publishing: which artists and pieces the public site leaves out yet.

`draft: true` keeps an artist or a portfolio piece out of the published site; `publish_at:`
keeps it out until that moment, in the studio's time zone (site.yaml `timezone:`, America/
Chicago by default), and the first build after it publishes it (docs/editing.md, "Scheduled
publishing"). A piece of an artist held back is held back too. Everything is validated as
usual, held back or not: a draft with a mistake fails the build like any other file.

`build` leaves what is held back out of everything it writes (pages, API, images, sitemap,
JSON-LD); `serve` keeps it, marked, so the editor sees it before it goes live.
"""

from __future__ import annotations

import dataclasses
import datetime as dt
import os
import zoneinfo
from dataclasses import dataclass

from ..errors import BuildError
from .records import Content

DEFAULT_TIMEZONE = "America/Chicago"
# For tests only (README, "Command line"): the moment the build takes as now, an ISO date-time
# with its offset, like 2026-12-01T09:00-06:00.
CLOCK_ENV = "STUDIO_BUILD_NOW"


def build_clock() -> dt.datetime:
    """Now, or the moment the environment sets for a test (CLOCK_ENV)."""
    fixed = os.environ.get(CLOCK_ENV, "").strip()
    if not fixed:
        return dt.datetime.now(dt.UTC)
    try:
        moment = dt.datetime.fromisoformat(fixed)
    except ValueError:
        moment = None
    if moment is None or moment.tzinfo is None:
        raise BuildError(
            f"{CLOCK_ENV} must be a date and time with its offset, like "
            f"2026-12-01T09:00-06:00, got {fixed!r} (it is for tests only: unset it)"
        )
    return moment


def moment_of(publish_at: str, timezone: str) -> dt.datetime:
    """When publish_at comes, as an aware date-time: a date means its first minute."""
    if len(publish_at) == 10:
        day = dt.date.fromisoformat(publish_at)
        moment = dt.datetime(day.year, day.month, day.day)
    else:
        moment = dt.datetime.fromisoformat(publish_at)
    if moment.tzinfo is None:
        moment = moment.replace(tzinfo=zoneinfo.ZoneInfo(timezone))
    return moment


@dataclass(frozen=True)
class Held:
    """An artist or a piece the public site leaves out for now."""

    kind: str  # "artist" | "piece"
    label: str  # "Rosa Delgado (rosa-delgado)", "Koi by Rosa Delgado"
    why: str  # "draft" | "scheduled" | "artist held back"
    at: dt.datetime | None = None  # when it is scheduled to go live


def timezone_of(content: Content) -> str:
    return content.site.timezone if content.site is not None else DEFAULT_TIMEZONE


def held_back(content: Content, now: dt.datetime) -> list[Held]:
    """What the public site leaves out at `now`, artists first, in content order."""
    timezone = timezone_of(content)
    held: list[Held] = []
    artists_held: set[str] = set()
    for artist in content.artists:
        why, at = _status(artist.draft, artist.publish_at, timezone, now)
        if why:
            artists_held.add(artist.slug)
            held.append(Held("artist", f"{artist.name} ({artist.slug})", why, at))
    for item in content.work:
        why, at = _status(item.draft, item.publish_at, timezone, now)
        if not why and item.artist_slug in artists_held:
            why = "artist held back"
        if why:
            held.append(Held("piece", f"{item.title} by {item.artist_name}", why, at))
    return held


def _status(
    draft: bool, publish_at: str | None, timezone: str, now: dt.datetime
) -> tuple[str | None, dt.datetime | None]:
    at = moment_of(publish_at, timezone) if publish_at else None
    if draft:
        return "draft", at
    if at is not None and at > now:
        return "scheduled", at
    return None, None


def apply(content: Content, now: dt.datetime, preview: bool) -> list[Held]:
    """Leave out of `content` what is held back at `now` (preview: keep it, marked
    `held` for the pages to show), and return what that is."""
    timezone = timezone_of(content)
    artists_held: dict[str, str] = {}
    artists = []
    for artist in content.artists:
        why, _ = _status(artist.draft, artist.publish_at, timezone, now)
        if why:
            artists_held[artist.slug] = why
            if not preview:
                continue
            artist = dataclasses.replace(artist, held=why)
        artists.append(artist)
    work = []
    for item in content.work:
        why, _ = _status(item.draft, item.publish_at, timezone, now)
        why = why or artists_held.get(item.artist_slug)
        if why:
            if not preview:
                continue
            item = dataclasses.replace(item, held=why)
        work.append(item)
    held = held_back(content, now)
    if not preview:
        _drop_photos(content, artists, work)
    content.artists = artists
    content.work = work
    return held


def _drop_photos(content: Content, artists: list, work: list) -> None:
    """The photos only held-back artists and pieces use: not made, not published."""
    held_photos = {("artists", a.photo) for a in content.artists if a not in artists}
    held_photos |= {("work", w.file) for w in content.work if w not in work}
    still_used = {("artists", a.photo) for a in artists} | {("work", w.file) for w in work}
    gone = held_photos - still_used
    content.refs = [ref for ref in content.refs if (ref.folder, ref.name) not in gone]


def schedule_lines(held: list[Held], timezone: str) -> list[str]:
    """What `build.py check` prints about drafts and scheduled items, one line each."""
    lines = []
    zone = zoneinfo.ZoneInfo(timezone)
    for item in held:
        if item.why == "scheduled" and item.at is not None:
            when = item.at.astimezone(zone).strftime("%Y-%m-%d %H:%M")
            lines.append(f"scheduled: {item.kind} {item.label} goes live {when} ({timezone})")
        elif item.why == "draft":
            lines.append(f"draft: {item.kind} {item.label} is not published")
    return lines
