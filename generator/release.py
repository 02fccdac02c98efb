"""Where a build goes: Netlify's deploy context, and what a production build must have.

Netlify sets CONTEXT (`production`, `deploy-preview`, `branch-deploy`) and URL (the
address it publishes the site at) in its builds; the studio sets CONTACT_FUNCTION_URL and
CONTACT_UPLOADS_URL (README, "Deployment"). The command line reads them once and hands a
Release to the pipeline, so the library itself never looks at the environment.

- production: the contact function's URL and its image bucket's are required (otherwise the
  form would post to a static site and get an HTML 404) and the launch check runs; the
  tests' clock (STUDIO_BUILD_NOW, content/publishing.py) is refused: set by mistake in
  Netlify, it would publish scheduled pieces early or hold published ones back;
- anything else (previews, branch builds, a laptop): the build goes through, and without
  a URL /api/contact answers the contact contract's JSON 503 (netlify/functions/).

Every Netlify build (NETLIFY=true) also has a time budget for the photos' slow formats
(IMAGES_TIME_BUDGET, docs/architecture.md#images-the-time-budget), so a studio's first
build of thousands of photos ends inside Netlify's build limit; elsewhere there is none
unless it is set.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, replace
from urllib.parse import urlsplit

from .content.launch import Launch
from .content.publishing import CLOCK_ENV
from .errors import BuildError

PRODUCTION = "production"
# Seconds from the start of `build.py build` after which no WebP or AVIF is started on
# Netlify: 2,000 photos then build in about 11 minutes on 2 cores (README, "Benchmarks"),
# inside Netlify's 15 with its install steps; the photos left wait for the next builds.
NETLIFY_IMAGES_BUDGET_S = 480.0
IMAGES_BUDGET_MAX_S = 86_400.0
IMAGES_BUDGET_HELP = (
    "IMAGES_TIME_BUDGET is the seconds of a build after which no WebP or AVIF is started "
    "(a number from 0 to 86400, or `unlimited`); README, Deployment"
)
CONTACT_URL_HELP = (
    "set it in Netlify (Site configuration > Environment variables) to the Function URL "
    "that `python build.py deploy-function` printed; README, Deployment"
)
UPLOADS_URL_HELP = (
    "set it in Netlify (Site configuration > Environment variables) to the bucket address "
    "that `python build.py deploy-function` printed; README, Deployment"
)


@dataclass(frozen=True)
class Release:
    context: str = ""  # Netlify's CONTEXT; empty outside Netlify
    contact_url: str = ""  # CONTACT_FUNCTION_URL: where /api/contact is proxied to
    published_url: str = ""  # Netlify's URL: the site's main address
    uploads_url: str = ""  # CONTACT_UPLOADS_URL: the bucket the form's images are posted to
    test_clock: bool = False  # STUDIO_BUILD_NOW is set (tests only: refused in production)
    # `build.py serve`: drafts and scheduled pieces are shown, marked (content/publishing.py)
    preview: bool = False
    # IMAGES_TIME_BUDGET as set, or on Netlify its default; "" or "unlimited": none
    images_budget: str = ""

    @classmethod
    def from_env(cls, env: Mapping[str, str]) -> Release:
        return cls(
            context=env.get("CONTEXT", "").strip(),
            contact_url=env.get("CONTACT_FUNCTION_URL", "").strip(),
            published_url=env.get("URL", "").strip(),
            uploads_url=env.get("CONTACT_UPLOADS_URL", "").strip(),
            test_clock=bool(env.get(CLOCK_ENV, "").strip()),
            images_budget=env.get("IMAGES_TIME_BUDGET", "").strip()
            or (f"{NETLIFY_IMAGES_BUDGET_S:g}" if env.get("NETLIFY") == "true" else ""),
        )

    def local(self) -> Release:
        """The same site for `build.py serve`: never held to production's requirements, and
        with what is not published yet shown to the editor."""
        return replace(self, context="", preview=True, images_budget="")

    @property
    def images_budget_s(self) -> float | None:
        """The images' time budget in seconds (None: none); BuildError when not a number."""
        text = self.images_budget[:40]
        if text in ("", "unlimited"):
            return None
        try:
            seconds = float(text)
        except ValueError:
            seconds = -1.0
        if not 0 <= seconds <= IMAGES_BUDGET_MAX_S:  # also NaN
            raise BuildError(f"IMAGES_TIME_BUDGET is {text!r}: {IMAGES_BUDGET_HELP}")
        return seconds

    @property
    def production(self) -> bool:
        return self.context == PRODUCTION

    def launch(self) -> Launch | None:
        """The launch check to run on the content: production builds only."""
        return Launch(self.published_url or None) if self.production else None

    def require_settings(self) -> None:
        """Raise BuildError, in one line, when a setting the site needs is missing or wrong."""
        if self.production and self.test_clock:
            raise BuildError(
                f"{CLOCK_ENV} is set, and it is for tests only: a production build takes "
                "the real time, or scheduled pieces would go live at the wrong moment; "
                "remove it from Netlify's environment variables (Site configuration > "
                "Environment variables)"
            )
        self.images_budget_s  # noqa: B018 (raises when it is not a number of seconds)
        url = self.contact_url
        if url and (urlsplit(url).scheme not in ("https", "http") or not urlsplit(url).hostname):
            raise BuildError(
                f"CONTACT_FUNCTION_URL is not a web address ({url!r}): {CONTACT_URL_HELP}"
            )
        if self.production and not url:
            raise BuildError(
                "CONTACT_FUNCTION_URL is not set, so the contact form would have nowhere to "
                f"send messages: {CONTACT_URL_HELP}"
            )
        uploads = self.uploads_url
        if uploads and (
            urlsplit(uploads).scheme not in ("https", "http") or not urlsplit(uploads).hostname
        ):
            raise BuildError(
                f"CONTACT_UPLOADS_URL is not a web address ({uploads!r}): {UPLOADS_URL_HELP}"
            )
        if self.production and not uploads:
            raise BuildError(
                "CONTACT_UPLOADS_URL is not set, so reference images sent with the contact "
                f"form would have nowhere to go: {UPLOADS_URL_HELP}"
            )
