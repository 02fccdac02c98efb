"""A record holds its validated model (records.py), and the content readers form no circle.

The walk "add a field to an artist" (docs/architecture.md) rests on both: a field added to
`models.ArtistFile` reaches `ArtistRecord` with no other file touched, and loader.py and
lists.py both read through the public `reader.Reader` instead of one driving the other.
"""

from __future__ import annotations

import ast
from pathlib import Path

import pytest
from pydantic import create_model

from generator.content import models
from generator.content.loader import load_content
from sitefactory import minimal_site, write_site

CONTENT = Path(__file__).resolve().parent.parent / "generator" / "content"


def test_a_field_added_to_the_artist_model_reaches_the_record(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    # The artist model with one more field, as an engineer would add it to models.py.
    with_pronouns = create_model(
        "ArtistFile", __base__=models.ArtistFile, pronouns=(models.OptionalText, None)
    )
    monkeypatch.setattr(models, "ArtistFile", with_pronouns)
    files = minimal_site()
    files["artists/jane-doe.yaml"] += "pronouns: she/her\n"
    content = load_content(write_site(tmp_path / "content", files), "content")

    assert content.problems == []
    by_slug = {artist.slug: artist for artist in content.artists}
    assert by_slug["jane-doe"].pronouns == "she/her"
    assert by_slug["max-ink"].pronouns is None


def test_records_read_as_their_models(tmp_path: Path) -> None:
    files = minimal_site()
    files["flash/jane-doe.yaml"] = (
        "- file: swallow.jpg\n  title: Swallow\n  size: 3 in\n  price: 120\n"
    )
    content = load_content(write_site(tmp_path / "content", files), "content")

    records = [*content.artists, *content.work, *content.flash]
    assert {type(r.model) for r in records} == {
        models.ArtistFile,
        models.PortfolioEntry,
        models.FlashDesign,
    }
    for record in records:
        for name in type(record.model).model_fields:
            value = getattr(record.model, name)
            # A record's lists read as tuples: no later stage can change what was read.
            assert getattr(record, name) == (tuple(value) if isinstance(value, list) else value)
    jane = next(a for a in content.artists if a.slug == "jane-doe")
    assert jane.specialties == ("Fine Line", "Blackwork")
    with pytest.raises(AttributeError, match="no attribute 'pronouns'"):
        _ = jane.pronouns


def _imports(path: Path) -> set[str]:
    """The modules of generator/content that path imports (typing-only imports included)."""
    names: set[str] = set()
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
        if isinstance(node, ast.ImportFrom) and node.level == 1:
            if node.module:
                names.add(node.module.split(".")[0])
            else:
                names.update(alias.name for alias in node.names)
    return {name for name in names if (CONTENT / f"{name}.py").is_file()}


def test_the_content_modules_import_in_one_direction() -> None:
    graph = {path.stem: _imports(path) for path in CONTENT.glob("*.py")}
    circles = []

    def visit(name: str, trail: list[str]) -> None:
        for target in sorted(graph[name]):
            if target in trail:
                circles.append(" -> ".join([*trail[trail.index(target) :], target]))
            elif target not in done:
                visit(target, [*trail, target])
        done.add(name)

    done: set[str] = set()
    for name in sorted(graph):
        if name not in done:
            visit(name, [name])
    assert circles == []
