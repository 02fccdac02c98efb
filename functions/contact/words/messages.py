"""What the visitor reads, in English: every sentence the contact function answers with.

The catalogs: this module (English) and messages_es.py (Spanish) define the same names, each
text once per language; `language.texts(lang)` gives the visitor's (docs/contact.md,
"Messages in the visitor's language"). A text with `{fields}` is a template, formatted where
it is used with the same fields in both languages; a piece of a sentence (an image's
problem, a field's label) is looked up the same way, so no sentence is ever built from
English words. tests/test_contact_spanish.py fails when a name is missing from either
catalog, a template's fields differ, or a name is used nowhere.

The form shows these as they are (docs/product.md#contact-contract). What only the studio or
the operator reads (its email, `build.py messages`, the spam digest and its pages, the image
links, logs) stays English: those texts are named in STUDIO_ONLY, and have no Spanish.
"""

from ..contract import MAX_IMAGES

_REPLY_TIME = "within 24 hours"  # the studio's stated time (also in the visitor's confirmation)
THANK_YOU = f"Thank you! Your message has been sent. We'll get back to you {_REPLY_TIME}."
UNAVAILABLE = (
    "Sorry, we could not send your message right now. Please try again in a few minutes, "
    "or call or email us directly."
)
TOO_LARGE = "Your message is too large to send. Please shorten it and try again."
NOT_JSON = "The form data could not be read (expected JSON). Please reload the page and try again."
NOT_UTF8 = (
    "The form data could not be read (expected UTF-8 text). Please reload the page and try again."
)
NUMBER_TOO_LONG = (
    "The form data could not be read (a number in it is too long). "
    "Please reload the page and try again."
)
WRONG_METHOD = "Messages can only be sent with the contact form (POST)."
# A cross-site page can post text/plain (or form data) without asking the browser's CORS
# preflight first; requiring JSON means only our own form, or a script the browser has
# allowed, can post at all (docs/contact.md).
NOT_JSON_TYPE = (
    "Messages must be sent as JSON (Content-Type: application/json). "
    "Please reload the page and try again."
)
TOO_MANY = (
    "You have sent several messages in a short time. Please wait {minutes} and try again, "
    "or call or email us directly."
)
MINUTE = "a minute"  # a wait ({minutes} above and below): 1 minute
MINUTES = "{count} minutes"

# The fields' problems (rules.py). A field's label, as a sentence's subject ({label}); the
# same in lower case is its {name} inside a sentence ("Please enter your name.").
LABELS = {
    "name": "Name",
    "email": "Email address",
    "phone": "Phone number",
    "message": "Message",
    "artist": "Artist",
    "service": "Service",
    "placement": "Placement",
    "size": "Size",
    "colour": "Color",
    "budget": "Budget",
    "age": "Age",
    "availability": "Availability",
    # The consent form's (logic/consent.py, models/consent.py).
    "token": "The link",
    "dob": "Date of birth",
    "id_type": "Photo ID type",
    "id_last4": "The last four characters of the ID",
    "emergency_name": "Emergency contact's name",
    "emergency_phone": "Emergency contact's phone",
    "answers": "Health questions",
    "risks": "Risks",
    "aftercare": "Aftercare",
    "cover_up": "Cover-up",
    "signature": "Signature",
    "agree": "Agreement",
    "guardian_name": "Parent or guardian's name",
    "guardian_relationship": "Relationship",
    "guardian_id_type": "Parent or guardian's photo ID type",
    "guardian_id_last4": "The last four characters of the parent or guardian's ID",
    "guardian_signature": "Parent or guardian's signature",
    "guardian_agree": "Parent or guardian's agreement",
}
NOT_AN_OBJECT = "The request must be a JSON object with name, email and message."
MUST_BE_TEXT = "{label} must be text."
ENTER = "Please enter your {name}."
TOO_LONG = "{label} is too long: {length} characters, at most {limit} allowed."
CANNOT_BE_SENT = "{label} contains characters that cannot be sent."
ONE_LINE = "{label} must be on one line."
CONTROL_CHARACTERS = "{label} contains invisible control characters."
DIRECTION_CHARACTERS = (
    "{label} contains invisible text-direction characters; "
    "please type it again rather than pasting it."
)
# {detail}: the email-validator's own English sentence (the Spanish catalog has none).
INVALID_EMAIL = "Please enter a valid email address. {detail}"
EMAIL_ENCODED_WORD = "Please enter a valid email address. It cannot contain '=?'."
SHORT_PHONE = "Please enter a phone number with at least 7 digits, or leave it empty."
UNKNOWN_CHOICE = "Unknown {name} '{value}': please choose one from the list.{hint}"
DID_YOU_MEAN = " Did you mean '{value}'?"
TIMER_INVALID = "The form timer is invalid: please reload the page and try again."
# The tattoo request (rules.py, choices.json).
AVAILABILITY_NOT_A_LIST = "Availability must be a list of choices from the form."
AVAILABILITY_TOO_MANY = "Availability has {count} choices: at most {limit} allowed."
AVAILABILITY_TWICE = "Availability lists '{value}' twice: choose each one once."
NOT_YES_OR_NO = "First tattoo must be true or false (yes or no)."
BAD_POLICIES_VERSION = (
    "Policies version must be 16 lower-case hexadecimal digits (the version of the policies "
    "page you read): please reload the page and try again."
)
# An artist's books (books.py); {note} is " (the artist's note)" or "".
CLOSED_BOOKS = (
    "{artist}'s books are closed{note}. You can still ask them about a touch-up or piercing, "
    "or choose another artist."
)

# The flash design a message claims (flash.py).
FLASH_NOT_TEXT = "Flash design must be text: the id of a design from the Flash page."
FLASH_TOO_LONG = "Flash design is too long: {length} characters, at most {limit} allowed."
FLASH_MALFORMED = (
    'Flash design is not a design from the Flash page (an id like "tasha-monroe/swallow"): '
    "please pick the design again there."
)
FLASH_UNKNOWN = (
    'We could not find the flash design "{id}". It may have been removed: '
    "pick another on the Flash page."
)
FLASH_CLAIMED = (
    '"{title}" by {artist} has already been claimed. Please pick another design on the '
    "Flash page, or tell us in your message what you would like."
)
# A one-off design another visitor's claim holds (409): it names nothing about them.
FLASH_HELD = (
    "Someone has just claimed this design. Please pick another design on the Flash page, "
    "or tell us in your message what you would like."
)
FLASH_OTHER_ARTIST = (
    '"{title}" is a flash design by {artist}, who tattoos it: choose {artist} (or No '
    "preference) as the artist, or send your message without the design to ask {chosen}."
)


# Reference images (docs/contact.md, "Reference images"): the grant's answers, and what the
# form shows beside the images when the message cannot take them.
UPLOADS_UNAVAILABLE = (
    "Sorry, images cannot be uploaded right now. You can send your message without them, "
    "or try again in a few minutes."
)
TOO_MANY_UPLOADS = (
    "You have added many images in a short time. Please wait {minutes} and try again, "
    "or send your message without them."
)
UPLOADS_BUSY = (
    "Sorry, the studio has received many images in the last hour. Please try again in "
    "{minutes}, or send your message without them."
)
NOT_A_GRANT_REQUEST = "The request must be a JSON object naming the image's type."
NO_UPLOADS = (
    "Reference images cannot be received right now: please remove them and send your "
    "message without them."
)
IMAGE_MISSING = "was not found (it may have expired, or been sent with another message)"
IMAGE_TAKEN = "was already sent with another message"
REMOVE_OR_SEND = "Remove it and add it again, or send your message without it."
REMOVE_OR_SEND_MANY = "Remove them and add them again, or send your message without them."
IMAGE_NUMBER = "Image {number} {problem}."  # {problem}: IMAGE_MISSING, NOT_A_PICTURE...
THIS_IMAGE = "This image {problem}."
NOT_A_PICTURE = "is not a JPEG or WebP picture"
WRONG_KIND = "is not the kind of picture it was sent as"
IMAGE_TOO_HEAVY = "is too large ({megabytes:.1f} MB; at most {limit} MB)"
IMAGE_TOO_WIDE = "is too large ({width}x{height} pixels; at most {limit} a side)"
# The message's `references` and a grant's request (references.py).
REFERENCES_NOT_A_LIST = "Reference images could not be read: please reload the page and try again."
TOO_MANY_REFERENCES = f"You can attach at most {MAX_IMAGES} reference images; please remove some."
REFERENCE_FORGED = "A reference image could not be found: please remove it and add it again."
REFERENCES_MIXED = (
    "The reference images come from different visits to the form: "
    "please remove them and add them again."
)
SESSION_INVALID = "The upload session is invalid: please reload the page and try again."
TYPE_INVALID = "Images must be sent as JPEG or WebP: please add the image again."

# The visitor's confirmation email (confirmation.py): its pages are under PAGES on the site.
PAGES = ""
CONFIRMATION_SUBJECT = "We received your message"
GREETING = "Hi {first},"
GREETING_NO_NAME = "Hi there,"
ARRIVED = (
    "Thank you for writing to the studio: your message has arrived, and an artist will "
    f"reply {_REPLY_TIME} at this address."
)
ON_THE_WAITLIST = (
    "{artist}'s books are on a waitlist, and your request is on it: "
    "you will hear from the studio when a place opens."
)
READ_THE_POLICIES = (
    "Before your appointment, please read our policies (deposits, canceling and "
    "rescheduling, age and ID, touch-ups): {url}"
)
READ_THE_AFTERCARE = "And how to look after a new tattoo or piercing: {url}"
ADD_BY_REPLYING = "To add something to your message, reply to this email."
NOT_YOU = (
    "This address was entered in the contact form on {url}. If it was not you, "
    "please ignore this email: nothing more will be sent."
)

# The image links of the studio's email (read by the studio, answered by the function).
USE_GET = "Use GET."
LINK_EXPIRED = (
    "This image link has expired. The image is still kept with the message: "
    "`python build.py messages` lists it."
)
LINK_UNKNOWN = "There is no image at this address."

# The "Not spam" links of the spam digest (read by the studio, answered by the function).
NOT_SPAM_QUESTION = (
    "The spam traps kept this message. If it is from a real visitor, move it to your "
    "messages: you will receive the usual email for it, and can answer it from there."
)
NOT_SPAM_DONE = (
    "The message is now with your messages, and its email has been sent to the studio's "
    "address: answer it from there."
)
NOT_SPAM_DONE_PENDING = (
    "The message is now with your messages. Its email could not be sent just now; it is "
    "sent again automatically within the next quarter of an hour."
)
NOT_SPAM_MOVED_ALREADY = (
    "This message was already moved to your messages, and its email sent: this link has "
    "been used. There is nothing more to do."
)
NOT_SPAM_EXPIRED = (
    "This link has expired: the spam traps keep a message for a limited time, and this one "
    "has been deleted."
)
NOT_SPAM_UNKNOWN = "This link is not valid. Open the link from the digest email as it was sent."
NOT_SPAM_UNAVAILABLE = (
    "The message could not be moved just now; nothing has changed. Please open the link "
    "again in a few minutes."
)

# The visitor's email when the studio acts on a request (logic/requests.py).
BOOKED_SUBJECT = "Your request is accepted"
BOOKED = "Good news: the studio has accepted your request, and you are booked."
PROPOSED_WHEN = "The studio proposes: {when}"
WILL_CALL = "The studio will get in touch with you to agree on a date and time."
STUDIO_NOTE = "A note from the studio:"
DECLINED_SUBJECT = "About your request"
DECLINED = "Thank you for writing to the studio."
# Studio-editable later (site.yaml `decline_reasons`, #41); these are the defaults.
DECLINE_REASONS = {
    "books-full": "Our books are full for now, so we cannot take your request.",
    "style": "Your idea is not in a style this artist does, so we cannot take it on.",
    "age": "We can only tattoo or pierce people who meet the age requirements in our policies.",
    "other": "We are not able to take your request.",
}
WAITLISTED_SUBJECT = "You are on the waitlist"
WAITLISTED = (
    "The studio has put your request on its waitlist: you will hear from us as soon as a "
    "place opens."
)
ANSWER_BY_REPLYING = "To answer, reply to this email."

# The deposit (logic/deposits.py, deposit_schedule.py): the visitor's emails and pages.
DEPOSIT_ITEM = "Deposit: {service}"
DEPOSIT_SUBJECT = "Your request is accepted: a deposit holds your place"
DEPOSIT_ASKED = (
    "Good news: the studio has accepted your request. To hold your place, please pay a "
    "deposit of {amount}."
)
PAY_THE_DEPOSIT = "Pay the deposit: {url}"
DEPOSIT_UNTIL = "The link works until {date}; after that the request expires."
DEPOSIT_REMINDER_SUBJECT = "A reminder: your deposit"
DEPOSIT_REMINDER = (
    "The studio is still holding your place: to keep it, please pay the deposit of "
    "{amount} by {date}."
)
DEPOSIT_PAID_SUBJECT = "Your deposit is paid: you are booked"
DEPOSIT_PAID = "Thank you: your deposit of {amount} is paid, and you are booked."
DEPOSIT_EXPIRED_SUBJECT = "Your request has expired"
DEPOSIT_EXPIRED = (
    "The deposit for your request was not paid in time, so the place the studio held for "
    "you is released. If you still want to book, reply to this email."
)
PAGE_PAID_TITLE = "Your deposit is paid"
PAGE_PAID = "Your deposit is paid and you are booked: the studio has emailed you the details."
PAGE_EXPIRED_TITLE = "This request has expired"
PAGE_EXPIRED = (
    "The deposit was not paid in time and the place is released. To book again, reply to "
    "the studio's email."
)
PAGE_DECLINED_TITLE = "This request is closed"
PAGE_DECLINED = "The studio can no longer take this request, so there is no deposit to pay."
PAGE_LINK_UNKNOWN_TITLE = "No such link"
PAGE_LINK_UNKNOWN = "This link is not valid. Open the link from the email as it was sent."
PAGE_UNAVAILABLE_TITLE = "Please try again"
PAGE_UNAVAILABLE = (
    "The payment page could not be opened just now; nothing was charged. Please open the "
    "link again in a few minutes."
)

# The visitor's "Delete my request" link (logic/forget_link.py, docs/privacy.md).
DELETE_MY_REQUEST = "To delete your request and everything sent with it: {url}"
PAGE_FORGET_TITLE = "Delete your request?"
PAGE_FORGET = (
    "This deletes the request you sent through the contact form, with its photos, from the "
    "studio's records. Emails the studio already received are not touched by this link: "
    "ask the studio if you want those deleted too."
)
PAGE_FORGET_BUTTON = "Delete my request"
PAGE_FORGOTTEN_TITLE = "Your request is deleted"
PAGE_FORGOTTEN = "Your request and its photos are deleted from the studio's records."
PAGE_FORGET_GONE_TITLE = "Already deleted"
PAGE_FORGET_GONE = "This request is no longer kept: it was deleted already."
PAGE_FORGET_EXPIRED_TITLE = "This link has expired"
PAGE_FORGET_EXPIRED = (
    "This link has expired. To have your request deleted, reply to the studio's email."
)
PAGE_FORGET_UNAVAILABLE = (
    "Your request could not be deleted just now; nothing has changed. Please open the link "
    "again in a few minutes."
)

# The Accept, Decline and Waitlist links of the studio's email (read by the studio).
DECLINE_REASON_LABELS = {
    "books-full": "Books full",
    "style": "Not a style this artist does",
    "age": "Age",
    "other": "Other",
}
REQUEST_ACCEPT = (
    "Accept this request. Without a deposit it is booked at once, and the visitor is told "
    "by email, with your proposed date and time and your note."
)
REQUEST_DECLINE = (
    "Decline this request. The visitor is told by email, kindly, with the reason you choose "
    "and your note."
)
REQUEST_WAITLIST = "Put this request on the waitlist. The visitor is told by email, with your note."
REQUEST_NO_DEPOSIT = "Deposits are not set up yet, so accepting books the request without one."
REQUEST_NO_STRIPE = (
    "No deposit can be asked: Stripe is not set up for the function "
    "(CONTACT_STRIPE_SECRET_KEY and CONTACT_STRIPE_WEBHOOK_SECRET, docs/contact.md). "
    "Accepting books the request at once."
)
REQUEST_DEPOSIT_HINT = (
    "Prefilled from the site's deposit for this service or artist. With a deposit the "
    "visitor is emailed a link to pay it; 0 books the request at once."
)
REQUEST_DONE_DEPOSIT = (
    "Done: the request is {state}, and the visitor has been emailed the link to pay the deposit."
)
# The studio's emails about a deposit (English: the studio reads them).
STUDIO_PAID_SUBJECT = "Deposit paid: {name}, {service}"
STUDIO_PAID = "{name} <{email}> paid the deposit of {amount}: the request is booked (ref {id})."
STUDIO_SET_DATE = "Set the session's day (the client's aftercare email goes that day): {link}"
STUDIO_EXPIRED_SUBJECT = "Deposit not paid: {name}, {service}"
STUDIO_EXPIRED = (
    "{name} <{email}> did not pay the deposit of {amount} in time: the request has expired "
    "and they have been told (ref {id})."
)
REQUEST_DONE = "Done: the request is {state}, and the visitor has been told by email."
REQUEST_DONE_NOT_TOLD = (
    "Done: the request is {state}. The visitor could not be emailed just now: reply to "
    "their message to tell them."
)
REQUEST_ALREADY = "This request was already {state} on {when} ({by}): this link has been used."
REQUEST_LINK_EXPIRED = (
    "This link has expired. Reply to the visitor's message to answer them, or open a newer "
    "email about this request."
)
REQUEST_LINK_UNKNOWN = "This link is not valid. Open the link from the email as it was sent."
REQUEST_UNAVAILABLE = (
    "The request could not be changed just now; nothing has changed. Please try again in a "
    "few minutes."
)
REQUEST_BAD_FORM = "The form could not be read: {problem}"
REQUEST_SET_DATE = (
    "Set the day of the session. The client gets the aftercare guide by email on that day, "
    "and the review request some days later when the site asks for reviews."
)
REQUEST_DATE_DONE = (
    "Done: the session is on {date}. The aftercare email goes that day; nothing is sent to "
    "the client now."
)
REQUEST_DATE_TOO_SOON = "Accept the request first; then set the session's day."
REQUEST_DATE_LATER = "No session day yet: set it when it is agreed, with this link (kept 30 days)."

# The consent form of a booking (logic/consent.py, models/consent.py): the visitor's.
SIGN_THE_CONSENT = "Before your appointment, please fill in and sign the consent form: {url}"
CONSENT_DOB = "Please enter your date of birth as year-month-day, for example 1990-04-23."
CONSENT_ID_TYPE = "Please choose the type of photo ID you will show at the studio."
CONSENT_ID_LAST4 = "{label}: please enter exactly four letters or digits."
CONSENT_ANSWERS = "Please answer every health question."
CONSENT_RISKS = "Please confirm that you have read the risks."
CONSENT_AFTERCARE = "Please confirm that you have read the aftercare guide."
CONSENT_AGREE = "Please tick the box to sign."
CONSENT_SIGNATURE = "To sign, type your full name exactly as you wrote it above."
CONSENT_GUARDIAN_SIGNATURE = (
    "To sign, the parent or guardian types their full name exactly as written above."
)
CONSENT_RELATIONSHIP = "Please choose how the adult signing is related to the client."
CONSENT_MINOR_NO_TATTOO = (
    "Under 18, Texas law allows a tattoo only to cover an existing one, with a parent or "
    "guardian present, and this studio does not tattoo anyone under 18. Please reply to the "
    "studio's email."
)
CONSENT_MINOR_COVER_UP = (
    "Under 18, Texas law allows a tattoo only to cover an existing one: please confirm that "
    "this tattoo covers one."
)
CONSENT_LINK_UNKNOWN = (
    "This link is not valid. Open the link from the studio's email as it was sent."
)
CONSENT_LINK_EXPIRED = "This link has expired. Please reply to the studio's email for a new one."
CONSENT_ALREADY = (
    "This consent form was signed already ({when}). To change something, reply to the "
    "studio's email."
)
CONSENT_CLOSED = "This booking has no consent form to sign. Please reply to the studio's email."
CONSENT_SIGNED = "Thank you: your consent form is signed, and the studio has a copy."
CONSENT_UNAVAILABLE = (
    "The form could not be saved just now; nothing was signed. Please try again in a few minutes."
)

# After the session (logic/after_booking.py): the aftercare of the day and the review request.
AFTERCARE_SUBJECT = {
    "tattoo": "Looking after your new tattoo",
    "piercing": "Looking after your new piercing",
}
AFTERCARE_INTRO = (
    "Thank you for coming in. Here is how to look after your {kind} while it heals: follow "
    "your artist's instructions first."
)
AFTERCARE_KIND = {"tattoo": "new tattoo", "piercing": "new piercing"}
AFTERCARE_CALL = "Any question, or a sign of infection or an allergic reaction? Call us: {phone}."
AFTERCARE_ONLINE = "The guide on our site: {url}"
REVIEW_SUBJECT = "Would you review your visit?"
REVIEW_ASK = (
    "Thank you for choosing us. If you have a minute, a review of your visit helps other "
    "people find the studio, whatever you thought of it: {url}"
)
REVIEW_OFF = "To get no more review requests from us: {url}"
REVIEWS_OFF_TITLE = "No more review requests"
REVIEWS_OFF_ASK = "Stop the studio's emails asking you for a review?"
REVIEWS_OFF_BUTTON = "Stop review requests"
REVIEWS_OFF_DONE = "Done: the studio will not ask you for a review again."
REVIEWS_OFF_UNKNOWN = "This link is not valid. Open the link from the email as it was sent."

# Read by the studio or the operator, never by a visitor: English only.
STUDIO_ONLY = frozenset(
    {
        "USE_GET",
        "LINK_EXPIRED",
        "LINK_UNKNOWN",
        "NOT_SPAM_QUESTION",
        "NOT_SPAM_DONE",
        "NOT_SPAM_DONE_PENDING",
        "NOT_SPAM_MOVED_ALREADY",
        "NOT_SPAM_EXPIRED",
        "NOT_SPAM_UNKNOWN",
        "NOT_SPAM_UNAVAILABLE",
        "DECLINE_REASON_LABELS",
        "REQUEST_ACCEPT",
        "REQUEST_DECLINE",
        "REQUEST_WAITLIST",
        "REQUEST_NO_DEPOSIT",
        "REQUEST_NO_STRIPE",
        "REQUEST_DEPOSIT_HINT",
        "REQUEST_DONE_DEPOSIT",
        "STUDIO_PAID_SUBJECT",
        "STUDIO_PAID",
        "STUDIO_EXPIRED_SUBJECT",
        "STUDIO_EXPIRED",
        "REQUEST_DONE",
        "REQUEST_DONE_NOT_TOLD",
        "REQUEST_ALREADY",
        "REQUEST_LINK_EXPIRED",
        "REQUEST_LINK_UNKNOWN",
        "REQUEST_UNAVAILABLE",
        "REQUEST_BAD_FORM",
        "REQUEST_SET_DATE",
        "REQUEST_DATE_DONE",
        "REQUEST_DATE_TOO_SOON",
        "REQUEST_DATE_LATER",
        "STUDIO_SET_DATE",
    }
)
