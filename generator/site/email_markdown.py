"""An aftercare guide's Markdown as email-safe HTML (docs/consent.md, "After the session").

The contact function emails the guide of the service on the evening of the session's day,
as text and as HTML; it has no Markdown library, so the build renders the HTML here and
api/booking.json carries it (`aftercare_html`). It reads as the /aftercare page shows the
same file (site-src's MarkdownDocument: GitHub-flavoured Markdown, every line break kept,
every heading one level), in what mail apps on a phone read the same way:

- Raw HTML in the Markdown is shown as text, never as elements (the site does the same), so
  an editor cannot bring a <script>, an event attribute or a style sheet into the email.
- A link goes only to http(s), mailto: or tel: (anything else, javascript: included, stays
  text), and a relative one is made absolute as the published page would resolve it.
- Every element carries its look in a style attribute, dark text on white: mail apps drop
  <style> blocks and external style sheets (Gmail's apps among them), not inline styles.
"""

from __future__ import annotations

from urllib.parse import urljoin, urlsplit

from markdown_it import MarkdownIt
from markdown_it.token import Token

TEXT_COLOR = "#1a1a1a"
LINK_COLOR = "#0b57d0"
# One look per element, inline (mail apps keep style attributes, not style sheets).
STYLES = {
    "p": f"margin:0 0 12px;color:{TEXT_COLOR};font-size:16px;line-height:1.5",
    "h2": f"margin:20px 0 8px;color:{TEXT_COLOR};font-size:18px;line-height:1.3;font-weight:bold",
    "ul": "margin:0 0 12px;padding:0 0 0 24px",
    "ol": "margin:0 0 12px;padding:0 0 0 24px",
    "li": f"margin:0 0 6px;color:{TEXT_COLOR};font-size:16px;line-height:1.5",
    "a": f"color:{LINK_COLOR};text-decoration:underline",
    "strong": "font-weight:bold",
    "em": "font-style:italic",
    "s": "text-decoration:line-through",
    "table": "border-collapse:collapse;width:100%;margin:0 0 12px;font-size:14px;line-height:1.4",
    "th": f"border:1px solid #c8c8c8;padding:6px;text-align:left;vertical-align:top;"
    f"background:#f0f0f0;color:{TEXT_COLOR};font-weight:bold",
    "td": f"border:1px solid #c8c8c8;padding:6px;text-align:left;vertical-align:top;"
    f"color:{TEXT_COLOR}",
    "blockquote": "margin:0 0 12px;padding:0 0 0 12px;border-left:3px solid #c8c8c8;color:#444444",
    "code": "font-family:Menlo,Consolas,monospace;font-size:14px;background:#f0f0f0",
    "pre": "margin:0 0 12px;padding:8px;background:#f0f0f0;white-space:pre-wrap",
    "hr": "border:0;border-top:1px solid #c8c8c8;margin:16px 0",
    "img": "max-width:100%;height:auto;border:0",
}
_SCHEMES = ("http", "https", "mailto", "tel")


def _markdown() -> MarkdownIt:
    # commonmark with GitHub's tables and strikethrough (remark-gfm), line breaks kept
    # (remark-breaks), raw HTML escaped (html=False).
    md = MarkdownIt("commonmark", {"html": False, "breaks": True}).enable(
        ["table", "strikethrough"]
    )
    md.validateLink = _allowed_link  # type: ignore[method-assign]
    return md


def _allowed_link(url: str) -> bool:
    """A link the email may carry: http(s), mailto: or tel:, or relative to the page."""
    scheme = urlsplit(url.strip()).scheme.lower()
    return scheme in _SCHEMES or (not scheme and ":" not in url.split("/", 1)[0])


def guide_html(markdown: str, page_url: str) -> str:
    """The guide as an HTML fragment for an email; relative links resolved from page_url,
    the address of the page that publishes the guide (…/aftercare or …/es/aftercare)."""
    md = _markdown()
    tokens = md.parse(markdown)
    for token in _all(tokens):
        _restyle(token, page_url)
    return md.renderer.render(tokens, md.options, {})


def _all(tokens: list[Token]) -> list[Token]:
    found = []
    for token in tokens:
        found.append(token)
        found += _all(token.children or [])
    return found


def _restyle(token: Token, page_url: str) -> None:
    if token.type in ("heading_open", "heading_close"):
        token.tag = "h2"  # one level, as the page shows every heading of a guide
    for name in ("href", "src"):
        link = token.attrGet(name)
        if isinstance(link, str):
            token.attrSet(name, urljoin(page_url, link))
    style = STYLES.get(token.tag)
    if style and token.nesting >= 0:
        given = token.attrGet("style")  # a table cell's alignment (text-align:right)
        token.attrSet("style", f"{style};{given}" if given else style)
