"""A flash design's size as the editor writes it in inches ("3 in", "4 x 6 in"), put in Spanish.

Dallas reads inches in Spanish as "pulg." ("3 pulg.", "4 x 6 pulg."; docs/product.md,
"Languages"), so the /es/ pages derive it from the one `size` field, as the opening hours are
derived (hours.py): an editor writes the size once. Anything else (centimeters, "Palm-sized")
is shown as written.
"""

from __future__ import annotations

import re

# After a number: "in", "in.", "inch", "inches", or an inch mark ('3"', 3″), then the end, a
# space or a bracket; a no-break space before "pulg." keeps the number with its unit.
_INCHES = re.compile(r"(?<=\d)\s*(?:in\.?|inch(?:es)?|[\"″”])(?=$|[\s),;/])", re.IGNORECASE)
SPANISH_INCHES = "\u00a0pulg."


def spanish_size(text: str) -> str:
    """'3 in' -> '3 pulg.', '4 x 6 in' -> '4 x 6 pulg.', '10 cm' as written."""
    return _INCHES.sub(SPANISH_INCHES, text)
