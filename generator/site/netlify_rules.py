"""netlify.toml as the one source of URL truth: its rules parsed, and requests matched
against them as Netlify does (`serve` answers with this; the build checks dist/ with it).

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
