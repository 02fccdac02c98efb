"""The contact function's layers hold: imports run one way (docs/architecture.md, "The
contact function's layers").

handlers -> logic -> models -> words -> contract, and dal -> models: the logic reaches the
data through the protocols it owns (logic/ports.py), never a module of dal/; dal never
reaches the logic or the handlers. Read from the source (AST), so an import inside a
function, or one only for type checking, counts too.
"""

from __future__ import annotations

import ast
from pathlib import Path

import pytest

from generator.pipeline import PROJECT_ROOT

PACKAGE = PROJECT_ROOT / "functions" / "contact"
# What each layer may import of the package besides itself ("" is the ground floor:
# contract.py and the package's own __init__).
MAY_IMPORT = {
    "handlers": {"logic", "dal", "models", "words", ""},
    "logic": {"models", "words", ""},
    "dal": {"models", "words", ""},
    "models": {"words", ""},
    "words": {""},
    "": set(),
}


def layer_of(path: Path) -> str:
    """The layer a module of the package is in: its folder under functions/contact/."""
    parts = path.relative_to(PACKAGE).parts
    return parts[0] if len(parts) > 1 else ""


def imported_layers(path: Path, source: str) -> list[tuple[int, str, str]]:
    """(line, module named, its layer) for every import of the package in source."""
    here = path.relative_to(PROJECT_ROOT).with_suffix("").parts  # functions, contact, ...
    found = []
    for node in ast.walk(ast.parse(source)):
        if isinstance(node, ast.ImportFrom):
            if node.level:  # relative: resolved against the module's own package
                base = list(here[: len(here) - node.level])
                names = [*base, *(node.module.split(".") if node.module else [])]
                targets = [names] if node.module else [[*names, a.name] for a in node.names]
            else:
                targets = [node.module.split(".")] if node.module else []
                if node.module in ("functions.contact",):
                    targets = [[*targets[0], a.name] for a in node.names]
        elif isinstance(node, ast.Import):
            targets = [a.name.split(".") for a in node.names]
        else:
            continue
        for target in targets:
            if target[:2] != ["functions", "contact"]:
                continue
            rest = target[2:]
            layer = rest[0] if rest and rest[0] in MAY_IMPORT else ""
            found.append((node.lineno, ".".join(target), layer))
    return found


def violations(path: Path, source: str) -> list[str]:
    own = layer_of(path)
    return [
        f"{path.relative_to(PROJECT_ROOT)}:{line}: {own or 'contract'} imports {module}"
        for line, module, layer in imported_layers(path, source)
        if layer != own and layer not in MAY_IMPORT[own]
    ]


def modules() -> list[Path]:
    return sorted(p for p in PACKAGE.rglob("*.py") if "__pycache__" not in p.parts)


def test_every_module_is_in_a_layer() -> None:
    for path in modules():
        assert layer_of(path) in MAY_IMPORT, path
    # The ground floor holds the contract and nothing else: a new module goes in a layer.
    ground = {p.name for p in modules() if layer_of(p) == ""}
    assert ground == {"__init__.py", "contract.py"}


def test_imports_run_one_way() -> None:
    problems = [v for path in modules() for v in violations(path, path.read_text("utf-8"))]
    assert problems == []


@pytest.mark.parametrize(
    ("where", "line"),
    [
        ("dal/ses.py", "from ..logic.service import ContactService\n"),
        ("models/rules.py", "from ..handlers import settings\n"),
        ("logic/service.py", "from ..dal.outbox import SqliteOutbox\n"),
        ("words/messages.py", "from functions.contact.models.references import FIELD\n"),
        ("contract.py", "import functions.contact.handlers.handler\n"),
        ("logic/flash.py", "    from ..dal import flash\n"),
    ],
)
def test_an_import_up_or_across_is_caught(where: str, line: str) -> None:
    path = PACKAGE / where
    source = path.read_text("utf-8")
    assert violations(path, source) == []
    if line.startswith(" "):  # inside a function: still an arrow
        line = "def _later() -> None:\n" + line
    assert violations(path, source + "\n" + line) != []
