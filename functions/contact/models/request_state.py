"""A request's state and the moves between states: pure rules, no I/O (docs/contact.md,
"A request's state").

`new` -> `accepted` (a deposit asked) -> `booked` (paid, or accepted without a deposit) |
`declined` | `expired`; `waitlisted` beside them; `booked` -> `consented` when the client signs
the consent form (logic/consent.py). The store writes a move as one conditional
write (only from the state it was read in: logic/ports.py, `MessageStore.change_state`);
this module says which moves exist and what a moved message holds.
"""

from __future__ import annotations

from dataclasses import replace

from .message import SPAM, StoredMessage

NEW = "new"
ACCEPTED = "accepted"
BOOKED = "booked"
DECLINED = "declined"
EXPIRED = "expired"
WAITLISTED = "waitlisted"
CONSENTED = "consented"
STATES = (NEW, ACCEPTED, BOOKED, DECLINED, EXPIRED, WAITLISTED, CONSENTED)

# Where each state may go. `accepted` -> `expired` and -> `booked` are the payment's and the
# expiry's (#41 items 3 and 6); the studio's links make the others.
MOVES: dict[str, frozenset[str]] = {
    NEW: frozenset({ACCEPTED, BOOKED, DECLINED, WAITLISTED}),
    WAITLISTED: frozenset({ACCEPTED, BOOKED, DECLINED}),
    ACCEPTED: frozenset({BOOKED, DECLINED, EXPIRED}),
    BOOKED: frozenset({CONSENTED}),
    CONSENTED: frozenset(),
    DECLINED: frozenset(),
    EXPIRED: frozenset(),
}

# The states that give a held one-off flash design back (the store releases it in the same
# write: logic/ports.py, `MessageStore.change_state`); `booked` keeps it until an editor marks
# the design claimed in content (docs/contact.md, "A one-off design is held by the first claim").
RELEASES_HOLD = frozenset({DECLINED, EXPIRED})
# A booking, signed or not: kept as the studio's records are (retention.bookings_days).
BOOKINGS = frozenset({BOOKED, CONSENTED})

# The studio's three links, and the states each acts from.
ACCEPT, DECLINE, WAITLIST = "accept", "decline", "waitlist"
ACTIONS = (ACCEPT, DECLINE, WAITLIST)
# And a fourth, not in the request's email: the session's day, set or changed once the
# request is accepted (the Done page after Accept, and the studio's "paid" email carry it).
SET_DATE = "date"
ACTS_FROM: dict[str, tuple[str, ...]] = {
    ACCEPT: (NEW, WAITLISTED),
    DECLINE: (NEW, WAITLISTED, ACCEPTED),
    WAITLIST: (NEW,),
    SET_DATE: (ACCEPTED, BOOKED, CONSENTED),
}
# Who made a move, as state_history keeps it (a payment and the expiry come with #41 item 3).
BY_STUDIO = "studio link"
BY_CLIENT = "client's signature"  # the consent form (logic/consent.py)

# The services whose message is a request the studio accepts, declines or waitlists (a
# flash claim is one too, whatever its service); "Jewelry Change" and "Other" are questions.
REQUEST_SERVICES = frozenset({"Tattoo Consultation", "Touch Up", "Piercing"})


class NotAllowed(Exception):
    """No such move from the message's state."""


def is_request(message: StoredMessage) -> bool:
    """True for a message that has a state to change: a request, not spam."""
    return message.status != SPAM and (message.service in REQUEST_SERVICES or bool(message.flash))


def may_act(message: StoredMessage, action: str) -> bool:
    return message.state in ACTS_FROM.get(action, ())


def target(action: str, deposit_cents: int) -> str:
    """The state an action moves to: Accept without a deposit books at once."""
    if action == ACCEPT:
        return ACCEPTED if deposit_cents > 0 else BOOKED
    return {DECLINE: DECLINED, WAITLIST: WAITLISTED}[action]


def moved(
    message: StoredMessage,
    to: str,
    at: str,
    by: str,
    deposit_cents: int | None = None,
    **detail: str,
) -> StoredMessage:
    """The message in state `to`, the move kept in its history ({state, at, by} and the
    detail given: reason, note, when); NotAllowed when `to` is not reachable from its state."""
    if to not in MOVES.get(message.state, frozenset()):
        raise NotAllowed(f"{message.state} -> {to}")
    entry = {"state": to, "at": at, "by": by, **{k: v for k, v in detail.items() if v}}
    return replace(
        message,
        state=to,
        state_history=(*message.state_history, entry),
        deposit_cents=message.deposit_cents if deposit_cents is None else deposit_cents,
    )


def kept_hold(message: StoredMessage) -> str:
    """The one-off design the message holds as stored in its state: none once its state
    gives the design back (RELEASES_HOLD). Both stores write this (dal/outbox.py,
    dal/dynamodb.py `change_state`)."""
    return "" if message.state in RELEASES_HOLD else message.hold


def last_move(message: StoredMessage) -> dict:
    """The latest entry of the history ({} for a request never moved)."""
    return dict(message.state_history[-1]) if message.state_history else {}
