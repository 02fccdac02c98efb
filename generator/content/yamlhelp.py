"""PyYAML's syntax errors in a studio manager's words: the likely cause and the line fixed.

PyYAML says what its scanner met ("found character '@' that cannot start any token",
"mapping values are not allowed here"); an editor needs to hear which habit caused it and
to see their own line written the way YAML reads it, as Elm's and Rust's compilers do.
`explain` turns one error into a `Diagnosis`: the line (and the column when the culprit is
an invisible character), the message, and the corrected line. `yamlfile.parse_yaml` puts
the corrected line in place and reads on, so one run lists the file's next problems too.

Written here because no library does it: yamllint and ruamel.yaml pass the parser's words
through. The mistakes covered, each with its test, are listed in docs/editing.md.
"""

from __future__ import annotations

from collections.abc import Collection

import yaml

from .yamlline import SPECIAL_START, Line, clip, quote_message, quoted, with_quotes
from .yamlmistakes import Diagnosis, Reader

GENERIC = (
    "YAML cannot read this line: check that quotation marks open and close, that each key "
    "has a colon and a space after it, and that keys which belong together are indented alike"
)

# What PyYAML says when a value starts with a character YAML reads as syntax.
_SYNTAX_CONTEXTS = ("while scanning an alias", "while scanning an anchor", "while scanning a tag")
_SYNTAX_PROBLEMS = (
    "found undefined alias",
    "could not determine a constructor",
    "mapping keys are not allowed",
    "sequence entries are not allowed",
    "expected the node content",
)
ITEM_AFTER_VALUE = (
    "a list item (a line starting with -) cannot follow a key that already has a "
    "value: put it under the key it belongs to, indented"
)
SECOND_DOCUMENT = (
    "--- starts a second document, and a content file holds only one: delete this line"
)


class DuplicateKey(yaml.constructor.ConstructorError):
    """A key given twice in one mapping (the last one silently winning would hide typos)."""

    def __init__(self, key: str, first_line: int, mark: yaml.Mark, mapping_mark: yaml.Mark):
        super().__init__(None, None, f"duplicate key '{key}'", mark)
        self.key, self.first_line, self.mapping_mark = key, first_line, mapping_mark


def explain(text: str, error: Exception, keys: Collection[str] = ()) -> Diagnosis:
    """What went wrong in text, in plain words, with the corrected line where one is sure.

    keys: the keys the file may hold, to tell "name Rosa" (a colon forgotten) from text
    that continues on a line of its own.
    """
    lines = text.split("\n")
    if isinstance(error, yaml.reader.ReaderError):
        return _control_character(text, error)
    if isinstance(error, DuplicateKey):
        return _duplicate_key(lines, error)
    if not isinstance(error, yaml.MarkedYAMLError):
        return Diagnosis(None, GENERIC)
    mark = error.problem_mark or error.context_mark
    at, column = (mark.line, mark.column) if mark else (0, 0)
    at = min(at, len(lines) - 1)
    reading = Reader(lines, keys)
    found = _by_message(reading, error, at, column)
    return found or reading.unclosed_quote_above(at) or Diagnosis(at + 1, GENERIC)


def _by_message(
    reading: Reader, error: yaml.MarkedYAMLError, at: int, column: int
) -> Diagnosis | None:
    """The rule PyYAML's words point to, tried in this order (at: the 0-based error line)."""
    problem, context = error.problem or "", error.context or ""
    start = error.context_mark.line if error.context_mark else at
    if "cannot start any token" in problem:
        tab = column < len(reading.lines[at]) and reading.lines[at][column] == "\t"
        return reading.tab(at, column) if tab else reading.needs_quotes(at)
    if context.startswith(_SYNTAX_CONTEXTS) or problem.startswith(_SYNTAX_PROBLEMS):
        return reading.needs_quotes(at)
    if context.startswith("while scanning a block scalar"):
        return reading.needs_quotes(start)
    if problem == "mapping values are not allowed here":
        return reading.colon(at, column)
    if problem == "could not find expected ':'":
        return reading.no_colon(start)
    if context.startswith("while scanning a quoted scalar"):
        return reading.unclosed_quote(start)
    if problem.startswith("found unknown escape character"):
        return reading.backslash(start)
    if problem.startswith(("expected ',' or '}'", "expected ',' or ']'")):
        return reading.flow(start, at, column)
    if problem == "expected <block end>, but found '<scalar>'":
        return reading.quoted_in_part(at) or reading.unclosed_quote_above(at)
    if problem == "expected <block end>, but found '<block sequence start>'":
        return reading.misaligned_dash(at)
    if problem == "expected <block end>, but found '<block mapping start>'":
        return reading.misaligned_key(at)
    if problem == "expected <block end>, but found '?'":
        return reading.key_among_items(at)
    if problem == "expected <block end>, but found '-'":
        return Diagnosis(at + 1, ITEM_AFTER_VALUE)
    if context.startswith("expected a single document"):
        return Diagnosis(at + 1, SECOND_DOCUMENT, "")
    return None


def value_hint(value: object, line_text: str, expects_text: bool) -> str | None:
    """Why a value that parsed is not what the editor wrote, when YAML syntax is the cause.

    `title: #2 piece` is empty (the # starts a comment); `- Walk-ins: welcome` is a key
    and a value, not text.
    """
    line = Line.parse(line_text)
    first = line.value[:1]
    if value is None and first == "#":
        return (
            "is empty because the # starts a comment: to write a #, put the text in quotes: "
            f"write {clip(line.prefix + quoted(line.value))}"
        )
    if value is None and first and first in SPECIAL_START:
        return quote_message(line)
    if expects_text and isinstance(value, dict) and len(value) == 1 and line.dash:
        text = line.value if line.key is None else f"{line.key}: {line.value}"
        return f"text with a colon needs quotes: write {clip(line.dash + quoted(text))}"
    if expects_text and isinstance(value, list | dict) and line.value[:1] in ("[", "{"):
        kind = "a list" if line.value[0] == "[" else "a group of keys"
        return (
            f"a value that starts with {line.value[0]} is read as {kind}; for text, put it in "
            f"quotes: write {clip(with_quotes(line))}"
        )
    return None


def _control_character(text: str, error: yaml.reader.ReaderError) -> Diagnosis:
    position = error.position
    line = text.count("\n", 0, position) + 1
    column = position - (text.rfind("\n", 0, position) + 1) + 1
    code = error.character if isinstance(error.character, int) else ord(error.character)
    message = (
        f"holds an invisible control character (U+{code:04X}) here, which text may not "
        "contain: delete it (retype the line if you cannot see it)"
    )
    return Diagnosis(line, message, None, column)


def _duplicate_key(lines: list[str], error: DuplicateKey) -> Diagnosis:
    index = error.problem_mark.line
    text = lines[index]
    owner = Line.parse(lines[error.mapping_mark.line])
    line = Line.parse(text)
    if owner.dash and len(line.indent) >= 2 and line.key_column == owner.key_column:
        fixed = line.indent[:-2] + "- " + text.lstrip()
        message = (
            f"{error.key} is given twice in the same list item (first on line "
            f"{error.first_line}): if this line starts a new item, begin it with a dash: "
            f"write {clip(fixed)}"
        )
        return Diagnosis(index + 1, message, fixed)
    message = (
        f"{error.key} is given twice (first on line {error.first_line}): "
        "keep one and delete the other"
    )
    # Read on without this line when its value is on it (a block below would then dangle).
    return Diagnosis(index + 1, message, "" if line.value else None)
