"""netlify.toml as the one source of URL truth: parse its rules, match requests, check dist/.

Netlify's documented semantics that matter here:
- rules are tried top to bottom, the first match wins;
- a rule is skipped when a file exists at the request path, unless it is forced (`200!`);
- `:name` matches one path segment, a trailing `*` matches the rest (`:splat` in `to`);
- `query = {k = ":v"}` matches only when the parameter is present and binds it;
- a 200 rewrite to a file that does not exist answers 404.
See https://docs.netlify.com/routing/redirects/redirect-options/
"""

from __future__ import annotations

import fnmatch
import re
import tomllib
from dataclasses import dataclass, field
from pathlib import Path

from ..errors import BuildError
from .output import Output


@dataclass(frozen=True)
class Rule:
    source: str
    to: str
    status: int = 301
    force: bool = False
    query: dict[str, str] = field(default_factory=dict)

    @property
    def is_rewrite(self) -> bool:
        return self.status == 200

    @property
    def is_external(self) -> bool:
        return self.to.startswith(("http://", "https://"))


@dataclass(frozen=True)
class HeaderRule:
    pattern: str
    values: dict[str, str]


@dataclass(frozen=True)
class Match:
    rule: Rule
    target: str | None  # the path (or URL) with placeholders filled in; None: no such file


@dataclass(frozen=True)
class NetlifyConfig:
    publish: str
    command: str
    rules: tuple[Rule, ...]
    headers: tuple[HeaderRule, ...]


def load_config(path: Path) -> NetlifyConfig:
    try:
        data = tomllib.loads(path.read_text("utf-8"))
    except (OSError, tomllib.TOMLDecodeError) as exc:
        raise BuildError(f"{path}: cannot read Netlify config: {exc}") from None
    build = data.get("build", {})
    rules = tuple(
        Rule(
            source=r["from"],
            to=r["to"],
            status=int(r.get("status", 301)),
            force=bool(r.get("force", False)),
            query={str(k): str(v) for k, v in (r.get("query") or {}).items()},
        )
        for r in data.get("redirects", [])
    )
    headers = tuple(
        HeaderRule(h["for"], {str(k): str(v) for k, v in h.get("values", {}).items()})
        for h in data.get("headers", [])
    )
    return NetlifyConfig(build.get("publish", "dist"), build.get("command", ""), rules, headers)


def parse_redirects_file(text: str) -> list[Rule]:
    """Rules from a `_redirects` file (`from [key=value ...] to status[!]`), as the build
    writes it: query conditions sit between the two paths, as in Netlify's own syntax."""
    rules = []
    for raw in text.splitlines():
        line = raw.split("#", 1)[0].strip()
        if not line:
            continue
        source, *rest = line.split()
        query = {}
        while rest and "=" in rest[0] and not rest[0].startswith(("/", "http")):
            key, _, value = rest.pop(0).partition("=")
            query[key] = value
        status, force = 301, False
        if len(rest) >= 2:
            force = rest[1].endswith("!")
            status = int(rest[1].rstrip("!"))
        rules.append(Rule(source, rest[0], status, force, query))
    return rules


def _pattern(source: str) -> re.Pattern[str]:
    path = source.rstrip("/") or "/"
    regex = ""
    for index, segment in enumerate(path.split("/")):
        if index:
            regex += "/"
        if segment == "*":
            regex = regex[:-1] + "(?:/(?P<splat>.*))?" if regex.endswith("/") else "(?P<splat>.*)"
        elif segment.startswith(":"):
            regex += f"(?P<{segment[1:]}>[^/]+)"
        else:
            regex += re.escape(segment)
    return re.compile(f"^{regex}/?$")


def match_rule(rule: Rule, path: str, query: dict[str, str]) -> Match | None:
    found = _pattern(rule.source).match(path)
    if not found:
        return None
    values = {k: v or "" for k, v in found.groupdict().items()}
    for key, placeholder in rule.query.items():
        if key not in query:
            return None
        if placeholder.startswith(":"):
            values[placeholder[1:]] = query[key]
        elif placeholder != query[key]:
            return None
    used = [v for k, v in values.items() if k != "splat" and f":{k}" in rule.to]
    if any("/" in v or "\\" in v for v in used):
        # A placeholder stands for one path segment: '../x' names no file, so it is a 404.
        return Match(rule, None)
    target = rule.to
    # Longest names first so ':artist_id' is not cut by ':artist'.
    for name in sorted(values, key=len, reverse=True):
        target = target.replace(f":{name}", values[name])
    return Match(rule, target)


def resolve(
    rules: tuple[Rule, ...] | list[Rule], path: str, query: dict[str, str], file_exists: bool
) -> Match | None:
    """The first rule that applies to path, honouring shadowing by existing files."""
    for rule in rules:
        if file_exists and not rule.force:
            continue
        found = match_rule(rule, path, query)
        if found:
            return found
    return None


def headers_for(config: NetlifyConfig, path: str) -> dict[str, str]:
    """Every header rule whose `for` pattern matches path, merged in file order."""
    merged: dict[str, str] = {}
    for rule in config.headers:
        if fnmatch.fnmatchcase(path, rule.pattern) or (
            rule.pattern.endswith("/*") and path == rule.pattern[:-2]
        ):
            merged.update(rule.values)
    return merged


def static_file(root: Path, url_path: str) -> Path | None:
    """The file the CDN serves for url_path without rules (pretty URLs: x/ -> x/index.html).

    url_path is already percent-decoded (once, by the server): decoding it again would let
    %252e%252e reach the file system as "..".
    """
    rel = url_path.lstrip("/")
    base = root.resolve()
    candidates = [rel, f"{rel.rstrip('/')}/index.html" if rel else "index.html"]
    if rel and not rel.endswith("/"):
        candidates.append(f"{rel}.html")
    for candidate in candidates:
        try:
            path = (base / candidate).resolve()
            if path.is_relative_to(base) and path.is_file():
                return path
        except (OSError, ValueError):  # a name too long, a NUL: no such file
            continue
    return None


def check_rules(config: NetlifyConfig, dist: Path) -> list[str]:
    """Problems with dist/ against the rules: missing rewrite targets, shadowed rules."""
    problems = []
    for rule in config.rules:
        if rule.is_external:
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


def write_redirects_file(
    out: Output,
    artist_slugs: list[str],
    function_url: str = "",
    renamed: dict[str, str] | None = None,
    uploads_url: str = "",
) -> None:
    """dist/_redirects: the rules that depend on the build. Netlify (and `serve`) read them
    before netlify.toml's.

    - /api/contact: in production an AWS Lambda, which Netlify proxies to (`200!`, signed:
      SIGNED); without its URL (deploy previews) a function answering the contract's JSON
      503. The grant of
      an image upload (/api/contact/uploads) and the email's image links go to the same
      Lambda with their paths; the image itself (/api/contact/uploads/file) to the S3
      bucket, so the browser posts to the site's own origin and the CSP stays 'self'
      (docs/contact.md, "Reference images").
    - A renamed artist (renamed: {former slug: slug}): their old page answers a permanent
      redirect to the new one, and the old ?artist= value still gives their pieces.
    - /api/portfolio?artist=<slug>: one rule per artist, then a JSON 404 for any other
      value. A placeholder rule (artist=:artist) cannot do it: on Netlify a rewrite to a
      file that does not exist answers the site's HTML 404 page, never a later rule.
    """
    renamed = dict(sorted((renamed or {}).items()))
    function = function_url.rstrip("/")
    contact = f"{function}/  200!  {SIGNED}" if function_url else f"{CONTACT_UNAVAILABLE}  200!"
    lines = [f"/api/contact  {contact}"]
    if uploads_url:
        lines.append(f"/api/contact/uploads/file  {uploads_url.rstrip('/')}/  200!")
    if function_url:
        lines.append(f"/api/contact/uploads  {function}/api/contact/uploads  200!  {SIGNED}")
        lines.append(f"/api/contact/images/*  {function}/api/contact/images/:splat  200!  {SIGNED}")
    else:
        lines.append(f"/api/contact/uploads  {CONTACT_UNAVAILABLE}  200!")
    for old, new in renamed.items():
        lines.append(f"/portfolio/{old}  /portfolio/{new}  301")
    for slug, target in [("all", "all"), *((s, s) for s in artist_slugs), *renamed.items()]:
        lines.append(f"/api/portfolio  artist={slug}  /api/portfolio/{target}.json  200")
    lines.append("/api/portfolio  artist=:artist  /api/404.json  404")
    out.write_text("_redirects", "\n".join(lines) + "\n")
