from __future__ import annotations

import sys
from collections.abc import Iterator
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))
sys.path.insert(0, str(Path(__file__).resolve().parent))

import shared_builds  # noqa: E402

from sitefactory import minimal_site, write_site  # noqa: E402

BROWSER_TESTS = Path(__file__).resolve().parent / "browser"


def pytest_collection_modifyitems(items: list[pytest.Item]) -> None:
    """The browser tests and the modules with a test on the demo build last: the build starts
    with the run (the _shared_builds fixture) and goes on while the other tests run. Whole
    modules move, so that a module's fixtures are still made once. xdist hands out the tests
    in this order, in batches of consecutive tests."""
    late = {i.path for i in items if "demo_dist" in i.fixturenames}
    items.sort(key=lambda i: i.path in late or BROWSER_TESTS in i.path.parents)


@pytest.fixture(scope="session", autouse=True)
def _shared_builds(
    request: pytest.FixtureRequest, tmp_path_factory: pytest.TempPathFactory
) -> Iterator[None]:
    """Start the demo builds the selected tests need, once per run whatever the workers
    (tests/shared_builds.py); at the end, wait for them, or stop them if the run was cut short."""
    session = request.session
    fixtures = {name for item in session.items for name in item.fixturenames}
    shared_builds.start_early(tmp_path_factory.getbasetemp(), fixtures)
    yield
    shared_builds.finish(stop=bool(session.shouldfail or session.shouldstop))


@pytest.fixture(scope="session")
def demo_dist(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """content/ built once per test run for all workers (tests/shared_builds.py); its media
    are encoded into the repository's .cache/build, kept between runs. Tests must not change it."""
    return shared_builds.demo(tmp_path_factory.getbasetemp())


@pytest.fixture
def site_files() -> dict:
    """The minimal valid site as a dict; change it, then write it with write_site."""
    return minimal_site()


@pytest.fixture
def content_dir(tmp_path: Path) -> Path:
    return write_site(tmp_path / "content", minimal_site())


@pytest.fixture(scope="session")
def media_cache(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """One media cache for the fixture builds of a run: unchanged media are encoded once."""
    return tmp_path_factory.mktemp("media-cache")


@pytest.fixture(scope="session")
def minimal_dist(tmp_path_factory: pytest.TempPathFactory, media_cache: Path) -> Path:
    """The minimal fixture site, built once per run; tests that serve it must not change it."""
    from generator import pipeline

    root = tmp_path_factory.mktemp("minimal-site")
    content = write_site(root / "content", minimal_site())
    pipeline.build(pipeline.Paths.make(content, root / "dist", cache=media_cache))
    return root / "dist"


@pytest.fixture
def aws(monkeypatch: pytest.MonkeyPatch):
    """moto's in-memory AWS (DynamoDB, SES, ...) with fake credentials, for one test."""
    from moto import mock_aws  # imported here: most tests never need moto

    for name in ("AWS_ENDPOINT_URL", "AWS_PROFILE"):
        monkeypatch.delenv(name, raising=False)
    monkeypatch.setenv("AWS_ACCESS_KEY_ID", "testing")
    monkeypatch.setenv("AWS_SECRET_ACCESS_KEY", "testing")
    monkeypatch.setenv("AWS_DEFAULT_REGION", "us-east-1")
    with mock_aws():
        yield


@pytest.fixture(scope="module")
def moto_url() -> Iterator[str]:
    """A moto server on loopback: AWS as deploy-function and the deployed package see it."""
    from contact_support import moto_server

    with moto_server() as url:
        yield url


@pytest.fixture(scope="module")
def localstripe_url() -> Iterator[str]:
    """localstripe with Checkout Sessions on loopback, one per module (docs/stripe-testing.md)."""
    from stripe_support import localstripe_server

    with localstripe_server() as url:
        yield url


@pytest.fixture
def fake_stripe(localstripe_url: str):
    """The fake Stripe, emptied for this test: a client for it and its test-only actions."""
    from stripe_support import FakeStripe

    fake = FakeStripe(localstripe_url)
    fake.reset()
    return fake


@pytest.fixture
def aws_env(monkeypatch: pytest.MonkeyPatch) -> None:
    from contact_support import use_aws_env

    use_aws_env(monkeypatch)
