"""The rules the build writes (dist/_redirects) and its check of netlify.toml against dist/.

Parsing and matching rules is `netlify_rules.py`'s: `serve` uses it to answer requests.
"""

from __future__ import annotations

import json
from pathlib import Path

from ..errors import BuildError
from ..output import Output
from .endpoints import POLICIES_API, POLICIES_API_ES, PRIVACY_API, PRIVACY_API_ES
from .netlify_rules import NetlifyConfig, parse_redirects_file, static_file

# The contact contract's paths the function answers beside the form, in this order, and
# whether each is a prefix (the rest names a message): the image links, the spam digest's
# "Not spam" links, a request's Accept/Decline/Waitlist/Set the date links, the visitor's
# deposit link and Stripe's webhook (its raw body verified: logic/deposits.py), the flash
# holds (forced, so it wins over api/flash/ files and netlify.toml's /api/* 404: without the
# function it is that JSON 404 and the flash screens stay as built, docs/flash.md), the
# visitor's "Delete my request" link (docs/privacy.md), the signed consent form and the
# studio's printable copy (logic/consent.py), and the link turning review requests off.
FUNCTION_ROUTES = (
    ("imageLinks", True),
    ("notSpam", True),
    ("requests", True),
    ("deposits", True),
    ("stripeWebhook", False),
    ("flashHolds", False),
    ("forget", True),
    ("consent", False),
    ("consentCopies", True),
    ("reviewsOff", True),
)


def check_rules(config: NetlifyConfig, dist: Path) -> list[str]:
    """Problems with dist/ against the rules: missing rewrite targets, shadowed rules. A rule
    of netlify.toml that dist/_redirects answers first (the same path, whatever the query)
    is never reached, so its target need not exist (/api/policies without policies.md)."""
    problems = []
    answered = _answered_first(dist)
    for rule in config.rules:
        if rule.is_external or (not rule.query and rule.source in answered):
            continue
        if rule.status in (200, 404):
            if ":" in rule.to:
                folder = dist / rule.to.lstrip("/").rsplit("/", 1)[0]
                if not folder.is_dir():
                    problems.append(
                        f"rule {rule.source} -> {rule.to}: folder {folder.name}/ is missing"
                    )
            elif static_file(dist, rule.to) is None:
                problems.append(
                    f"rule {rule.source} -> {rule.to}: target is missing from the build"
                )
        if "*" not in rule.source and ":" not in rule.source and not rule.force:
            shadow = static_file(dist, rule.source)
            if shadow is not None:
                shadow_rel = shadow.relative_to(dist.resolve())
                problems.append(
                    f"rule {rule.source} -> {rule.to} never applies: the file "
                    f"{shadow_rel} shadows it (force it with 200! or rename)"
                )
    return problems


def _answered_first(dist: Path) -> set[str]:
    """The paths a rule of dist/_redirects answers whatever the query (Netlify reads that file
    before netlify.toml)."""
    path = dist / "_redirects"
    if not path.is_file():
        return set()
    return {r.source for r in parse_redirects_file(path.read_text("utf-8")) if not r.query}


def require_rules(config: NetlifyConfig, dist: Path) -> None:
    problems = check_rules(config, dist)
    if problems:
        raise BuildError("netlify.toml does not fit the build:\n  " + "\n  ".join(problems))


# A Netlify Function in the repository (netlify/functions/contact-unavailable.mjs): a POST
# to a static file is not answered with our JSON on Netlify, a function's answer is.
CONTACT_UNAVAILABLE = "/.netlify/functions/contact-unavailable"
# Netlify signs each request these rules carry to the function (an X-Nf-Sign JWT, HS256 with
# this environment variable's value), so the function believes the visitor's address only on
# requests that came through the site. `Sign=` is the `_redirects` spelling of netlify.toml's
# `signed` (Netlify's redirect parser, @netlify/redirect-parser; docs/contact.md).
SIGNED = "Sign=CONTACT_PROXY_SECRET"
# The function's public paths: defined once, beside the function (read as data: the build
# never imports the function).
CONTACT_CONTRACT = Path(__file__).resolve().parents[2] / "functions" / "contact" / "contract.json"


def contact_paths() -> dict[str, str]:
    """message, grant, upload, imageLinks, notSpam, requests, deposits, stripeWebhook,
    flashHolds, forget, consent and consentCopies: the contact contract's paths."""
    return json.loads(CONTACT_CONTRACT.read_text("utf-8"))["paths"]


def _contact_rules(function: str, uploads: str) -> list[str]:
    """The contact function's paths (contract.json) to the function, or to the preview's 503."""
    paths = contact_paths()
    message, grant = paths["message"], paths["grant"]
    lines = [
        f"{message}  {function}/  200!  {SIGNED}"
        if function
        else f"{message}  {CONTACT_UNAVAILABLE}  200!"
    ]
    if uploads:
        lines.append(f"{paths['upload']}  {uploads}/  200!")
    if function:
        lines.append(f"{grant}  {function}{grant}  200!  {SIGNED}")
        for name, prefix in FUNCTION_ROUTES:
            path = paths[name]
            if prefix:  # the rest of the path, and the query (?t=), go along
                lines.append(f"{path}*  {function}{path}:splat  200!  {SIGNED}")
            else:
                lines.append(f"{path}  {function}{path}  200!  {SIGNED}")
    else:
        lines.append(f"{grant}  {CONTACT_UNAVAILABLE}  200!")
    return lines


# The answers chosen by ?artist=all or ?artist=<slug>: api/<name>/<selection>.json, in
# English and in Spanish (api/es/<name>/<selection>.json).
ARTIST_LISTS = ("/api/portfolio", "/api/flash", "/api/es/portfolio", "/api/es/flash")


def write_redirects_file(
    out: Output,
    artist_slugs: list[str],
    function_url: str = "",
    renamed: dict[str, str] | None = None,
    uploads_url: str = "",
    with_flash: frozenset[str] = frozenset(),
    policies: bool = True,
    privacy: bool = True,
) -> None:
    """dist/_redirects: the rules that depend on the build. Netlify (and `serve`) read them
    before netlify.toml's.

    - /api/contact: in production an AWS Lambda, which Netlify proxies to (`200!`, signed:
      SIGNED); without its URL (deploy previews) a function answering the contract's JSON
      503. The grant of an image upload (/api/contact/uploads), the email's image links and
      the spam digest's "Not spam" links go to the same Lambda with their paths; the image
      itself (/api/contact/uploads/file) to the S3 bucket, so the browser posts to the site's
      own origin and the CSP stays 'self' (docs/contact.md, "Reference images").
    - A renamed artist (renamed: {former slug: slug}): their old page answers a permanent
      redirect to the new one (their flash page too, when they have one: with_flash), and
      the old ?artist= value still gives their pieces.
    - /api/portfolio?artist=<slug> and /api/flash?artist=<slug>, and their Spanish
      /api/es/portfolio and /api/es/flash: one rule per artist, then a JSON 404 for any other
      value (the answer without ?artist= is netlify.toml's). A placeholder rule
      (artist=:artist) cannot do it: on Netlify a rewrite to a file that does not exist
      answers the site's HTML 404 page, never a later rule.
    - /api/policies and /api/es/policies without policies.md (policies: False): the JSON
      404, before netlify.toml's rules to api/policies.json and api/es/policies.json, for
      the same reason. Likewise /api/privacy and /api/es/privacy without privacy.md.
    """
    renamed = dict(sorted((renamed or {}).items()))
    lines = _contact_rules(function_url.rstrip("/"), uploads_url.rstrip("/"))
    if not policies:
        lines.append(f"{POLICIES_API[0]}  /api/404.json  404")
        lines.append(f"{POLICIES_API_ES[0]}  /api/404.json  404")
    if not privacy:
        lines.append(f"{PRIVACY_API[0]}  /api/404.json  404")
        lines.append(f"{PRIVACY_API_ES[0]}  /api/404.json  404")
    for old, new in renamed.items():
        lines.append(f"/portfolio/{old}  /portfolio/{new}  301")
        if new in with_flash:
            lines.append(f"/flash/{old}  /flash/{new}  301")
    selections = [("all", "all"), *((s, s) for s in artist_slugs), *renamed.items()]
    for api in ARTIST_LISTS:
        for slug, target in selections:
            lines.append(f"{api}  artist={slug}  {api}/{target}.json  200")
        lines.append(f"{api}  artist=:artist  /api/404.json  404")
    out.write_text("_redirects", "\n".join(lines) + "\n")
