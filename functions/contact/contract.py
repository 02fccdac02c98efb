"""The contact function's public contract, read from contract.json: the paths it answers
(the message, the grant of an image upload, the image's own upload, the email's image
links, the spam digest's "Not spam" links, a request's Accept, Decline and Waitlist links,
the visitor's deposit link, Stripe's webhook, the flash designs held, the consent form and
the studio's copy of it) and the limits of
reference images. The form, `serve` and the build's _redirects read the same file
(docs/contact.md)."""

from __future__ import annotations

import json
from pathlib import Path

CONTRACT_FILE = Path(__file__).with_name("contract.json")
_CONTRACT = json.loads(CONTRACT_FILE.read_text("utf-8"))

MESSAGE_PATH: str = _CONTRACT["paths"]["message"]
GRANT_PATH: str = _CONTRACT["paths"]["grant"]
UPLOAD_PATH: str = _CONTRACT["paths"]["upload"]  # answered by storage, not the function
IMAGE_LINK_PATH: str = _CONTRACT["paths"]["imageLinks"]  # a prefix: the rest names an image
# A prefix: the rest names a spam message and signs the link (spam_review.py).
NOT_SPAM_PATH: str = _CONTRACT["paths"]["notSpam"]
# A prefix: the rest names a request and the studio's action on it (logic/requests.py).
REQUESTS_PATH: str = _CONTRACT["paths"]["requests"]
# A prefix: the rest names a request whose deposit the visitor pays (logic/deposits.py).
DEPOSITS_PATH: str = _CONTRACT["paths"]["deposits"]
STRIPE_WEBHOOK_PATH: str = _CONTRACT["paths"]["stripeWebhook"]  # Stripe posts its events here
# The ids of the flash designs held by a claim now (logic/service.py, flash_holds).
FLASH_HOLDS_PATH: str = _CONTRACT["paths"]["flashHolds"]
# A prefix: the rest names a message and signs the visitor's "Delete my request" link
# (logic/forget_link.py).
FORGET_PATH: str = _CONTRACT["paths"]["forget"]
# The signed consent form (POST; logic/consent.py) and, a prefix, the studio's printable copy.
CONSENT_PATH: str = _CONTRACT["paths"]["consent"]
CONSENT_COPIES_PATH: str = _CONTRACT["paths"]["consentCopies"]
# A prefix: the rest names a booking whose client turns review requests off (after_booking.py).
REVIEWS_OFF_PATH: str = _CONTRACT["paths"]["reviewsOff"]
MAX_IMAGES: int = _CONTRACT["images"]["maxCount"]
MAX_IMAGE_BYTES: int = _CONTRACT["images"]["maxBytes"]
