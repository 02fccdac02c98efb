"""The tattoo request as the studio reads it: a short block above the message.

The fields themselves (placement, size, colour, budget, availability, first tattoo, age) are
checked in rules.py against functions/contact/choices.json; here they become the lines of
the studio's email (mail.py) and of `build.py messages` (operations.py), with the labels
the form shows ("Black and gray", "Under 18"). Every value is one of the lists' own strings,
so no visitor text reaches these lines.
"""

from __future__ import annotations

from .message import StoredMessage

# The form's labels where they differ from the value sent (the other lists are shown as
# written): the contract of issue #27.
LABELS = {
    "colour": {"colour": "Color", "black-and-grey": "Black and gray"},
    "age": {"18+": "18 or older", "under-18": "Under 18"},
}
# field: its name in the block, in the form's order
NAMES = {
    "placement": "Placement",
    "size": "Size",
    "colour": "Color",
    "budget": "Budget",
    "availability": "Free",
    "first_tattoo": "First tattoo",
    "age": "Age",
}
WAITLIST_LINE = "Waitlist: the artist's books are on a waitlist; this request joins it."


def shown(field: str, value: object) -> str:
    """A value as the form labels it: "Black and gray", "Weekday evening, Weekend", "yes"."""
    if isinstance(value, bool):
        return "yes" if value else "no"
    if isinstance(value, list):
        return ", ".join(str(item) for item in value)
    return LABELS.get(field, {}).get(str(value), str(value))


def request_lines(message: StoredMessage) -> list[str]:
    """The block: one line per field given, then the waitlist and the policies seen ([] when
    there is nothing to say)."""
    lines = [
        f"{name}: {shown(field, message.request[field])}"
        for field, name in NAMES.items()
        if field in message.request
    ]
    if message.waitlist:
        lines.append(WAITLIST_LINE)
    if message.policies_version:
        lines.append(f"Policies seen: version {message.policies_version}")
    return lines
