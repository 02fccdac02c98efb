"""Pictures an editor added without alt text, for the launch check's list (issue #29).

A picture without `alt:` keeps the site's default (a piece or a flash design: "<title> by
<artist>", an artist's photo: decorative, the memorial: "Portrait of <name>", a logo: the
brand's name), which is never wrong but says less than the editor could: what the tattoo
looks like. So it is a warning, one per picture, with the file and line of the picture's name.
"""

from __future__ import annotations

from ..errors import Problem
from .records import Content

EXAMPLES = {
    "work": "Black and gray koi rising over a forearm",
    "flash": "A swallow carrying a red banner, drawn in bold black outline on paper",
    "artists": "Jane at her station, tattooing a forearm",
    "brands": "The BVLA logo, a gold crown",
}


def hint(folder: str) -> str:
    return (
        "has no alt text: add alt: with what the picture shows, for people who cannot see it "
        f'(e.g. "{EXAMPLES.get(folder, EXAMPLES["work"])}")'
    )


def pictures_without_alt(content: Content) -> list[Problem]:
    described: set[tuple[str, str]] = set()
    for artist in content.artists:
        if artist.alt:
            described.add(("artists", artist.photo))
    for item in content.work:
        if item.alt:
            described.add(("work", item.file))
    for design in content.flash:
        if design.alt:
            described.add(("flash", design.file))
    site = content.site
    if site is not None:
        if site.memorial.photo and site.memorial.alt:
            described.add(("artists", site.memorial.photo))
        described |= {("brands", brand.logo) for brand in site.brands if brand.alt}
    found = []
    for ref in content.refs:
        if ref.is_video or (ref.folder, ref.name) in described:
            continue
        found.append(
            Problem(content.findings.shown(ref.source), ref.line, ref.field, hint(ref.folder))
        )
    return found
