"""What the editors' admin says beside each field: its label, its hint, and what one item
of a list is called. Keys are "Model.field", the content models' class and field names
(content/models.py); site/cms.py reads these tables when it builds the admin's fields."""

# What editors read beside a field: "Model.field" -> (label, hint). A field not listed gets
# its name as the label, so a new model field shows up in the admin on its own.
WORDS: dict[str, tuple[str, str]] = {
    "ArtistFile.name": (
        "Name",
        "As shown on the card. A new artist's file and web address are made from it: "
        "Jane Doe becomes /portfolio/jane-doe.",
    ),
    "ArtistFile.photo": (
        "Photo",
        "A portrait, as the phone or camera made it (JPEG or PNG, any size). "
        "The card shows it cropped to 4:5.",
    ),
    "ArtistFile.alt": (
        "Photo description (alt text)",
        "Optional. What the portrait shows, for people who cannot see it, e.g. "
        '"Jane at her station, tattooing a forearm". Without it the photo is left unread, '
        "since the name is beside it.",
    ),
    "ArtistFile.draft": (
        "Draft",
        "On: saved, but not on the public site until you turn it off. The preview and "
        "build.py serve show it, marked Draft.",
    ),
    "ArtistFile.publish_at": (
        "Publish on",
        "Optional: the date (and time, studio time) this artist appears on the site by "
        "themselves. Empty: as soon as it is published.",
    ),
    "ArtistFile.years_experience": ("Years of experience", ""),
    "ArtistFile.specialties": ("Specialties", "Styles shown as tags on the card, e.g. Fine Line."),
    "ArtistFile.instagram": (
        "Instagram handle",
        "Optional, like @jane.ink (not the whole address).",
    ),
    "ArtistFile.email": (
        "Email for requests, private",
        "Optional. This artist's requests are emailed here, the studio in copy. Never shown "
        "on the site; it reaches the contact form once the function is deployed again.",
    ),
    "ArtistFile.bio": ("Bio", "A few sentences. Past 150 characters the card shows Read More."),
    "ArtistFile.order": ("Position in the carousel", "Lowest first."),
    "ArtistFile.previous_slugs": (
        "Former web addresses",
        "Set by the web team when an artist's file is renamed: each old /portfolio/ address "
        "listed here leads to this artist.",
    ),
    "ArtistFile.books": (
        "Books",
        "Open (or empty): taking tattoo requests. Waitlist: requests are taken and marked "
        "waitlist. Closed: the contact form and the function refuse a Tattoo Consultation "
        "for this artist (other services still reach them). The card, the portfolio page "
        "and the form show it.",
    ),
    "ArtistFile.books_note": (
        "Books note",
        "Optional, one short line shown with the status, e.g. Books open again in March "
        "(at most 120 characters).",
    ),
    "ArtistFile.deposit": (
        "Deposit (US dollars)",
        "Optional. The deposit every request to this artist asks, e.g. 150, in place of the "
        "studio's deposits per service. Empty: the studio's.",
    ),
    "PortfolioEntry.file": ("Photo", "As the phone or camera made it (JPEG or PNG, any size)."),
    "PortfolioEntry.title": ("Title", "Shown under the photo, e.g. Peony Forearm Piece."),
    "PortfolioEntry.alt": (
        "Photo description (alt text)",
        "Optional. What the tattoo looks like, for people who cannot see it: subject, "
        'style, colors, where on the body (e.g. "Fine-line peony in soft pink on a '
        'forearm"). Without it: "<title> by <artist>".',
    ),
    "PortfolioEntry.draft": (
        "Draft",
        "On: saved, but not on the public site until you turn it off.",
    ),
    "PortfolioEntry.publish_at": (
        "Publish on",
        "Optional: the date (and time, studio time) this piece appears on the site by itself.",
    ),
    "FlashDesign.file": (
        "Picture",
        "A photo or scan of the drawing (JPEG or PNG, any size). Its file name is the "
        "design's web id: keep it once the design is published.",
    ),
    "FlashDesign.title": ("Title", "Shown under the picture, e.g. Swallow and Banner."),
    "FlashDesign.size": ("Size", "Short, as the client reads it: 3 in, 4 x 6 in."),
    "FlashDesign.price": ("Price (US dollars)", "Whole dollars, without the $ sign: 150."),
    "FlashDesign.status": (
        "Status",
        "Claimed: someone has it. It stays on the page, grayed, and cannot be claimed again. "
        "Empty: available.",
    ),
    "FlashDesign.repeatable": (
        "Repeatable",
        "On: tattooed for anyone who asks, never claimed for good.",
    ),
    "FlashDesign.alt": (
        "Picture description (alt text)",
        "Optional. What the design shows, for people who cannot see it: subject, style, "
        'colors (e.g. "A navy swallow over a banner reading TRUE, bold black outline"). '
        'Without it: "<title> by <artist>".',
    ),
    "FlashDesign.draft": (
        "Draft",
        "On: saved, but not on the public site until you turn it off.",
    ),
    "FlashDesign.publish_at": (
        "Publish on",
        "Optional: the date (and time, studio time) this design appears on the site by itself.",
    ),
    "SiteFile.name": ("Studio name", ""),
    "SiteFile.phone": ("Phone", "As it should read, e.g. (214) 555-0100."),
    "SiteFile.email": ("Email", "Where the site tells visitors to write."),
    "SiteFile.hours": ("Opening hours", "One line per group of days."),
    "SiteFile.hours_notes": ("Notes under the hours", "e.g. Walk-ins welcome."),
    "SiteFile.minors_rule": (
        "Rule for visitors under 18",
        "Optional. The studio's own rule, shown by the contact form when a visitor says they "
        "are under 18, under what Texas law requires, e.g. We pierce 16- and 17-year-olds "
        "with a parent or guardian present with ID. We do not tattoo anyone under 18.",
    ),
    "SiteFile.minors_cover_ups": (
        "Tattoo minors to cover a tattoo",
        "Ticked: the consent form accepts a tattoo for a client under 18 when it covers an "
        "existing tattoo and a parent or guardian signs, as Texas law allows. Not ticked: no "
        "tattoo under 18.",
    ),
    "SiteFile.reviews": (
        "Review request",
        "Optional. Some days after a session, every booked client is asked the same way for "
        "a review at this address.",
    ),
    "Reviews.url": ("Review page", "The whole web address, e.g. https://g.page/r/..."),
    "Reviews.after_days": ("Days after the session", "Usually 7."),
    "SiteFile.socials": ("Social media", "Whole web addresses of the studio's pages."),
    "SiteFile.stats": ("Figures", "The numbers under Our Work and Our Legacy."),
    "SiteFile.timeline": ("Timeline", "Our Legacy, oldest first."),
    "SiteFile.values": ("Values", "The cards under Our Philosophy."),
    "SiteFile.memorial": ("In memoriam", ""),
    "SiteFile.brands": ("Jewelry brands", "Partner logos on the piercing page."),
    "SiteFile.in_memory": ("In-memory line", "The last line of the footer."),
    "SiteFile.deposit": (
        "Deposits (US dollars)",
        "What a visitor pays online to hold the appointment once you accept their request, "
        "per service, in whole dollars without the $ sign (100). Empty or 0: no deposit, "
        "Accept books the request at once. An artist's own deposit replaces these.",
    ),
    "SiteFile.deposit_reminder_days": (
        "Deposit reminder after (days)",
        "An unpaid deposit: the visitor gets one reminder this many days after you accepted. "
        "Empty: 2.",
    ),
    "SiteFile.deposit_expiry_days": (
        "Deposit expires after (days)",
        "Still unpaid this many days after you accepted: the request expires and you and the "
        "visitor are told. More than the reminder's days. Empty: 5.",
    ),
    "SiteFile.decline_reasons": (
        "Decline reasons",
        "Optional: the reasons you choose from when you decline a request. Empty: the "
        "standard ones (books full, not a style this artist does, age, other).",
    ),
    "DeclineReason.label": (
        "Label",
        "What your Decline form shows, e.g. Books full (one line, at most 40 characters).",
    ),
    "DeclineReason.text": (
        "Text for the visitor",
        "What the visitor reads in the email, a kind sentence or two, e.g. Our books are "
        "full for now, so we cannot take your request.",
    ),
    "SiteFile.base_url": ("Web address of the site", "Set by the web team."),
    "SiteFile.founded": ("Year founded", "Optional, e.g. 1996: told to search engines."),
    "SiteFile.videos": ("Videos", "Set by the web team (docs/videos.md)."),
    "SiteFile.credit": ("Website credit", "Set by the web team."),
    "SiteFile.retention": (
        "How long requests are kept",
        "In days. The privacy notice says these figures (docs/privacy.md).",
    ),
    "Retention.requests_days": (
        "Requests not booked (days)",
        "A request that never became a booking, with its reference images. Usually 180.",
    ),
    "Retention.bookings_days": (
        "Booked requests (days)",
        "The records the studio keeps of a booking. Usually 730 (two years).",
    ),
    "Address.postal_code": ("ZIP code", ""),
    "Address.map_url": ("Map link", "Optional: the address of the studio on a map site."),
    "OpeningHours.days": ("Days", "e.g. Monday - Thursday, Sunday, or Mon, Wed & Fri"),
    "OpeningHours.time": ("Hours", "e.g. 12pm - 10pm, 10:30am - 7pm, or Closed"),
    "Stats.work": ("Our Work", ""),
    "Stats.legacy": ("Our Legacy", ""),
    "Stat.value": ("Figure", "Text, e.g. 500+ or 5★"),
    "TimelineEntry.period": ("When", "e.g. 1996 or 2000s"),
    "Memorial.born": ("Year born", ""),
    "Memorial.died": ("Year died", ""),
    "Memorial.photo": ("Portrait", "Optional."),
    "Memorial.alt": (
        "Portrait description (alt text)",
        'Optional. Without it: "Portrait of <name>".',
    ),
    "Brand.alt": ("Logo description (alt text)", "Optional. Without it: the brand's name."),
    "Brand.logo": ("Logo", "PNG with a transparent background works best."),
    "Brand.url": ("Web address", "Optional."),
}

# What one item of a list is called ("Add specialty"); a list not listed says "item".
SINGULAR = {
    "ArtistFile.specialties": "specialty",
    "ArtistFile.previous_slugs": "former address",
    "SiteFile.hours": "line of hours",
    "SiteFile.hours_notes": "note",
    "Stats.work": "figure",
    "Stats.legacy": "figure",
    "SiteFile.timeline": "period",
    "SiteFile.values": "value",
    "SiteFile.brands": "brand",
    "SiteFile.decline_reasons": "reason",
}

# The Markdown files the admin edits whole, each in a text box of its own (site/cms.py,
# markdown_file): what the box is called and what is said beside it. The aftercare guides keep
# every line break (remark-breaks, features/aftercare/aftercare-card.tsx); the policies page
# does not (features/policies/policies-screen.tsx), so their hints differ there.
AFTERCARE_BODY = (
    "Guide",
    "Start a line with `## ` for a heading, `- ` for a list item; `**bold**`. A line break "
    "stays a line break; leave an empty line between paragraphs.",
)
POLICIES_BODY = (
    "Policies",
    "Start a line with `## ` for a section heading (`## Deposits`), `- ` for a list item; "
    "`**bold**`. Lines with no empty line between them run together: leave an empty line "
    "between paragraphs. Each saved change is a new version of the policies: messages sent "
    "from then on record that version.",
)
POLICIES_LABEL = "Studio policies"
POLICIES_DESCRIPTION = (
    "Deposits, cancellations and rescheduling, age and ID, touch-ups: the page at /policies, "
    "which the contact form links to."
)

# The Spanish of a Markdown file, an entry of its own beside the English one (site/cms.py,
# with_spanish): its name in the list and its text box's label and hint, from the English ones.
SPANISH_LABEL = "{} (Spanish)"
SPANISH_BODY = (
    "{} in Spanish",
    "The Spanish page's text, written as the English one: {} Without this file, or left "
    "empty, the Spanish page shows the English text, marked as English.",
)
