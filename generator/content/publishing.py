"""Drafts and scheduled publishing: which artists, pieces and flash designs the public site
leaves out yet.

`draft: true` keeps an artist, a portfolio piece or a flash design out of the published site;
`publish_at:`
keeps it out until that moment, in the studio's time zone (site.yaml `timezone:`, America/
Chicago by default), and the first build after it publishes it (docs/editing.md, "Scheduled
publishing"). A piece or a design of an artist held back is held back too. Everything is
validated as usual, held back or not: a draft with a mistake fails the build like any other
file.

`build` leaves what is held back out of everything it writes (pages, API, images, sitemap,
JSON-LD); `serve` keeps it, marked, so the editor sees it before it goes live. Both write
api/schedule.json, the moment the next scheduled item goes live (next_publish_at), so the
hourly workflow asks for a build only when one is due.
"""

from __future__ import annotations

import dataclasses
import datetime as dt
import os
import zoneinfo
from dataclasses import dataclass

from ..errors import BuildError
from . import rules
from .records import Content, FlashItem, WorkItem

DEFAULT_TIMEZONE = rules.STUDIO_TIME_ZONE  # site.yaml without `timezone:`
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

    kind: str  # "artist" | "piece" | "flash design"
    label: str  # "Rosa Delgado (rosa-delgado)", "Koi by Rosa Delgado"
    why: str  # "draft" | "scheduled" | "artist held back"
    at: dt.datetime | None = None  # when it is scheduled to go live


def timezone_of(content: Content) -> str:
    return content.site.timezone if content.site is not None else DEFAULT_TIMEZONE


@dataclass
class _Verdicts:
    """Why each artist, piece and design held back is (by slug, by piece id, by design id),
    and the list to print."""

    artists: dict[str, str]
    pieces: dict[int, str]
    held: list[Held]
    designs: dict[str, str] = dataclasses.field(default_factory=dict)


def _verdicts(content: Content, now: dt.datetime) -> _Verdicts:
    """Each record's status, decided once: "draft", "scheduled", or a piece taking its artist's."""
    timezone = timezone_of(content)
    found = _Verdicts({}, {}, [])
    for artist in content.artists:
        why, at = _status(artist.draft, artist.publish_at, timezone, now)
        if why:
            found.artists[artist.slug] = why
            found.held.append(Held("artist", f"{artist.name} ({artist.slug})", why, at))
    for item in content.work:
        why = _item_status(found, "piece", item, timezone, now)
        if why:
            found.pieces[item.id] = why
    for design in content.flash:
        why = _item_status(found, "flash design", design, timezone, now)
        if why:
            found.designs[design.id] = why
    return found


def _item_status(
    found: _Verdicts, kind: str, item: WorkItem | FlashItem, timezone: str, now: dt.datetime
) -> str | None:
    """Why a piece or a design is held back (its own status, or its artist's), noted in
    found.held; None when it is published."""
    why, at = _status(item.draft, item.publish_at, timezone, now)
    label = f"{item.title} by {item.artist_name}"
    if why:
        found.held.append(Held(kind, label, why, at))
    elif item.artist_slug in found.artists:
        why = found.artists[item.artist_slug]
        found.held.append(Held(kind, label, "artist held back"))
    return why


def held_back(content: Content, now: dt.datetime) -> list[Held]:
    """What the public site leaves out at `now`, artists first, in content order."""
    return _verdicts(content, now).held


def held_keys(content: Content, now: dt.datetime) -> set[tuple]:
    """What the public site leaves out at `now`, as keys: ("artist", slug), ("piece", id),
    ("design", id) (translations.py: no warning about a draft's missing Spanish)."""
    found = _verdicts(content, now)
    return {
        *(("artist", slug) for slug in found.artists),
        *(("piece", piece) for piece in found.pieces),
        *(("design", design) for design in found.designs),
    }


def _status(
    draft: bool, publish_at: str | None, timezone: str, now: dt.datetime
) -> tuple[str | None, dt.datetime | None]:
    at = moment_of(publish_at, timezone) if publish_at else None
    if draft:
        return "draft", at
    if at is not None and at > now:
        return "scheduled", at
    return None, None


def next_publish_at(content: Content, now: dt.datetime) -> dt.datetime | None:
    """The moment after `now` when the next held-back artist, piece or design goes live, or
    None: what api/schedule.json tells the hourly build (docs/editing.md#scheduled-publishing).

    A draft never goes live by itself, so its publish_at counts for nothing; a piece or a
    design goes live with its artist, so at the later of its own moment and its artist's.
    """
    timezone = timezone_of(content)
    artists: dict[str, dt.datetime | None] = {}  # held-back slug -> its moment (None: draft)
    moments = []
    for artist in content.artists:
        why, at = _status(artist.draft, artist.publish_at, timezone, now)
        if why:
            artists[artist.slug] = at if why == "scheduled" else None
            if why == "scheduled" and at is not None:
                moments.append(at)
    for item in [*content.work, *content.flash]:
        why, at = _status(item.draft, item.publish_at, timezone, now)
        if why != "scheduled" or at is None:
            continue  # live already (or with its artist, counted above), or a draft
        if item.artist_slug in artists:
            artist_at = artists[item.artist_slug]
            if artist_at is None:
                continue  # the artist is a draft
            at = max(at, artist_at)
        moments.append(at)
    return min(moments, default=None)


def schedule_json(moment: dt.datetime | None, timezone: str) -> dict[str, str | None]:
    """api/schedule.json: the moment alone, in the studio's time with its offset (nothing of
    what goes live then), or null."""
    if moment is None:
        return {"next_publish_at": None}
    local = moment.astimezone(zoneinfo.ZoneInfo(timezone))
    return {"next_publish_at": local.isoformat(timespec="seconds")}


def apply(content: Content, now: dt.datetime, preview: bool) -> list[Held]:
    """Leave out of `content` what is held back at `now` (preview: keep it, marked
    `held` for the pages to show), and return what that is."""
    found = _verdicts(content, now)
    if preview:
        content.artists = [
            dataclasses.replace(a, held=found.artists[a.slug]) if a.slug in found.artists else a
            for a in content.artists
        ]
        content.work = [
            dataclasses.replace(w, held=found.pieces[w.id]) if w.id in found.pieces else w
            for w in content.work
        ]
        content.flash = [
            dataclasses.replace(f, held=found.designs[f.id]) if f.id in found.designs else f
            for f in content.flash
        ]
    elif found.held:
        _drop_photos(content, found)
        content.artists = [a for a in content.artists if a.slug not in found.artists]
        content.work = [w for w in content.work if w.id not in found.pieces]
        content.flash = [f for f in content.flash if f.id not in found.designs]
    return found.held


def _drop_photos(content: Content, found: _Verdicts) -> None:
    """The photos only held-back artists, pieces and designs use: not made, not published."""
    held_photos, still_used = set(), set()
    for artist in content.artists:
        place = held_photos if artist.slug in found.artists else still_used
        place.add(("artists", artist.photo))
    for item in content.work:
        place = held_photos if item.id in found.pieces else still_used
        place.add(("work", item.file))
    for design in content.flash:
        place = held_photos if design.id in found.designs else still_used
        place.add(("flash", design.file))
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
