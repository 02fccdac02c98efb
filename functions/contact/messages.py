"""What the visitor reads: every sentence the contact function answers with, in one place.

The form shows these as they are (docs/product.md#contact-contract); the field rules' own
sentences stay beside their rules (rules.py, references.py).
"""

REPLY_TIME = "within 24 hours"  # the studio's stated time (also in the visitor's confirmation)
THANK_YOU = f"Thank you! Your message has been sent. We'll get back to you {REPLY_TIME}."
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
