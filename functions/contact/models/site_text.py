"""Text the published site lists (an artist's name, a design's title), made safe to show."""

from __future__ import annotations


def one_line(value: object, limit: int) -> str:
    """Site text as one plain line (no control or separator characters), at most limit."""
    if not isinstance(value, str):
        return ""
    shown = "".join(ch if ch.isprintable() else " " for ch in value)
    return " ".join(shown.split())[:limit]
