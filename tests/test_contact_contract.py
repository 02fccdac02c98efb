"""The contact contract is defined once (functions/contact/contract.json) and every party
reads it: the function, `serve`, the build's _redirects and the form.

Two kinds of check: each reader answers or writes the contract's values, and no product file
holds a second copy of a path or a limit (a literal the contract could drift from).
"""

from __future__ import annotations

import ast
import json
import re
from pathlib import Path

import pytest

from devserver import contact_bridge
from functions.contact import contract
from functions.contact.models import references
from generator.pipeline import PROJECT_ROOT
from generator.site import redirects

CONTRACT = json.loads((PROJECT_ROOT / "functions" / "contact" / "contract.json").read_text())
PATHS, IMAGES = CONTRACT["paths"], CONTRACT["images"]
PREFIX = "/api/contact"  # what every contract path starts with today


def test_the_function_reads_the_contract() -> None:
    assert (contract.MESSAGE_PATH, contract.GRANT_PATH) == (PATHS["message"], PATHS["grant"])
    assert (contract.UPLOAD_PATH, contract.IMAGE_LINK_PATH) == (
        PATHS["upload"],
        PATHS["imageLinks"],
    )
    assert contract.NOT_SPAM_PATH == PATHS["notSpam"]
    assert contract.REQUESTS_PATH == PATHS["requests"]
    assert contract.DEPOSITS_PATH == PATHS["deposits"]
    assert contract.FORGET_PATH == PATHS["forget"]
    assert contract.STRIPE_WEBHOOK_PATH == PATHS["stripeWebhook"]
    assert contract.FLASH_HOLDS_PATH == PATHS["flashHolds"]
    assert contract.CONSENT_PATH == PATHS["consent"]
    assert contract.CONSENT_COPIES_PATH == PATHS["consentCopies"]
    assert contract.REVIEWS_OFF_PATH == PATHS["reviewsOff"]
    assert references.MAX_REFERENCES == IMAGES["maxCount"]
    assert references.MAX_IMAGE_BYTES == IMAGES["maxBytes"]


def test_serve_hands_the_contract_paths_to_the_function() -> None:
    bridge = object.__new__(contact_bridge.ContactBridge)
    links = (PATHS["imageLinks"] + "x/1/", PATHS["notSpam"] + "x/1/", PATHS["requests"] + "x/y")
    deposits = (
        PATHS["deposits"] + "x",
        PATHS["stripeWebhook"],
        PATHS["flashHolds"],
        PATHS["forget"] + "x",
    )
    consent = (PATHS["consent"], PATHS["consentCopies"] + "x", PATHS["reviewsOff"] + "x")
    for path in (PATHS["message"], PATHS["grant"], PATHS["upload"], *links, *deposits, *consent):
        assert bridge.answers(path), path
    assert not bridge.answers(PATHS["message"] + "x")
    # whatever dist/_redirects sends to the function on Netlify, serve sends to it too
    for line in redirects._contact_rules("https://fn.example", "https://bucket.example"):
        source = line.split()[0]
        path = source.removesuffix("*") + ("x/1" if source.endswith("*") else "")
        assert bridge.answers(path), path


def test_the_build_proxies_the_contract_paths() -> None:
    function, bucket = "https://fn.example", "https://bucket.example"
    lines = redirects._contact_rules(function, bucket)
    sources = [line.split()[0] for line in lines]
    assert sources == [
        PATHS["message"],
        PATHS["upload"],
        PATHS["grant"],
        PATHS["imageLinks"] + "*",
        PATHS["notSpam"] + "*",
        PATHS["requests"] + "*",
        PATHS["deposits"] + "*",
        PATHS["stripeWebhook"],
        PATHS["flashHolds"],
        PATHS["forget"] + "*",
        PATHS["consent"],
        PATHS["consentCopies"] + "*",
        PATHS["reviewsOff"] + "*",
    ]
    preview = [line.split()[0] for line in redirects._contact_rules("", "")]
    assert preview == [PATHS["message"], PATHS["grant"]]


def _python_literals(path: Path) -> list[tuple[int, str]]:
    """String constants of a module that are not docstrings, with their lines."""
    tree = ast.parse(path.read_text("utf-8"))
    docstrings = {
        id(node.body[0].value)
        for node in ast.walk(tree)
        if isinstance(node, ast.Module | ast.ClassDef | ast.FunctionDef | ast.AsyncFunctionDef)
        and node.body
        and isinstance(node.body[0], ast.Expr)
        and isinstance(node.body[0].value, ast.Constant)
    }
    return [
        (node.lineno, node.value)
        for node in ast.walk(tree)
        if isinstance(node, ast.Constant) and isinstance(node.value, str)
        if id(node) not in docstrings
    ]


def _product_python() -> list[Path]:
    roots = [PROJECT_ROOT / name for name in ("functions", "devserver", "generator")]
    return [p for root in roots for p in sorted(root.rglob("*.py")) if "__pycache__" not in p.parts]


def _product_typescript() -> list[Path]:
    source = PROJECT_ROOT / "site-src" / "src"
    return [
        p
        for p in sorted(source.rglob("*.ts*"))
        if ".test." not in p.name and "testing" not in p.parts
    ]


def test_no_python_module_holds_a_second_copy_of_a_path() -> None:
    copies = [
        f"{path.relative_to(PROJECT_ROOT)}:{line}: {text!r}"
        for path in _product_python()
        for line, text in _python_literals(path)
        if PREFIX in text
    ]
    assert copies == []


QUOTED_PATH = re.compile(r"""["'`]/api/contact""")
NUMBER_LIMIT = re.compile(r"MAX_(IMAGES|UPLOAD_BYTES)\s*=\s*[0-9]")


@pytest.mark.parametrize("path", _product_typescript(), ids=lambda p: p.name)
def test_no_front_end_module_holds_a_second_copy(path: Path) -> None:
    code = [
        line
        for line in path.read_text("utf-8").splitlines()
        if not line.lstrip().startswith(("//", "*", "/*"))
    ]
    assert not [line for line in code if QUOTED_PATH.search(line)]
    assert not [line for line in code if NUMBER_LIMIT.search(line)]


def test_the_form_takes_its_limits_from_the_contract() -> None:
    rules = (PROJECT_ROOT / "site-src/src/features/contact/image-rules.ts").read_text()
    assert "MAX_IMAGES = IMAGE_LIMITS.maxCount" in rules
    assert "MAX_UPLOAD_BYTES = IMAGE_LIMITS.maxBytes" in rules
