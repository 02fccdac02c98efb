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

import difflib
import re
from collections.abc import Collection
from dataclasses import dataclass

import yaml

# Characters YAML reads as syntax when a value starts with them.
SPECIAL_START = "@`%*&!|>?-,[]{}"
_CHAR_NAMES = {"`": "` (backtick)", "|": "|", ">": ">"}

GENERIC = (
    "YAML cannot read this line: check that quotation marks open and close, that each key "
    "has a colon and a space after it, and that keys which belong together are indented alike"
)


@dataclass(frozen=True)
class Diagnosis:
    """One syntax problem: where, what to tell the editor, and the line as it should be."""

    line: int | None  # 1-based
    message: str
    fixed: str | None = None  # the corrected line; None when no one-line fix is certain
    column: int | None = None  # 1-based; only where the culprit cannot be seen


class DuplicateKey(yaml.constructor.ConstructorError):
    """A key given twice in one mapping (the last one silently winning would hide typos)."""

    def __init__(self, key: str, first_line: int, mark: yaml.Mark, mapping_mark: yaml.Mark):
        super().__init__(None, None, f"duplicate key '{key}'", mark)
        self.key, self.first_line, self.mapping_mark = key, first_line, mapping_mark


_KEY_START = re.compile(r"[A-Za-z0-9_]")
_BLANKS = " \t"


@dataclass(frozen=True)
class Line:
    """One line as YAML's block style reads it: indentation, '- ' markers, key, value."""

    indent: str
    dash: str
    key: str | None
    value: str

    @classmethod
    def parse(cls, text: str) -> Line:
        # A scan, not one regular expression: lines come from editor files of up to 1 MB,
        # and a pattern with a lazy key beside optional blanks is quadratic on long blanks.
        text = text.rstrip("\r")
        pos = len(text) - len(text.lstrip(_BLANKS))
        indent = text[:pos]
        while text.startswith("-", pos) and (pos + 1 == len(text) or text[pos + 1] in _BLANKS):
            pos = len(text) - len(text[pos + 1 :].lstrip(_BLANKS))
        dash = text[len(indent) : pos]
        key = None
        colon, comment = text.find(":", pos), text.find("#", pos)
        after = colon + 1
        if (
            _KEY_START.match(text, pos)
            and colon > pos
            and (comment < 0 or comment > colon)
            and (after == len(text) or text[after] in _BLANKS)
        ):
            key = text[pos:colon].rstrip(_BLANKS)
            pos = len(text) - len(text[after:].lstrip(_BLANKS))
        return cls(indent, dash, key, text[pos:].rstrip(_BLANKS))

    @property
    def prefix(self) -> str:
        return self.indent + self.dash + (f"{self.key}: " if self.key is not None else "")

    @property
    def key_column(self) -> int:
        """Where a key on this line starts (after '- ' markers): its siblings line up here."""
        return len(self.indent) + len(self.dash)

    @property
    def opens_block(self) -> bool:
        return self.key is not None and self.value == ""


def quoted(text: str) -> str:
    """text as a YAML value that reads back exactly as text."""
    if '"' not in text and "\\" not in text:
        return f'"{text}"'
    if "'" not in text:
        return f"'{text}'"
    return '"' + text.replace("\\", "\\\\").replace('"', '\\"') + '"'


def _split_comment(value: str) -> tuple[str, str]:
    """('text', '  # note') for a value followed by a comment (a # after a space)."""
    found = re.search(r"[ \t]#", value)
    if not found:
        return value, ""
    text = value[: found.start()].rstrip(_BLANKS)
    return text, value[len(text) :]


def _with_quotes(line: Line) -> str:
    text, comment = _split_comment(line.value)
    return line.prefix + quoted(text) + comment


def _show(text: str) -> str:
    text = clip(text)
    return f"'{text}'" if '"' in text else f'"{text}"'


MAX_SHOWN = 160  # characters of an editor's line a message quotes


def clip(text: str, limit: int = MAX_SHOWN) -> str:
    """text as a message quotes it: a line of a few hundred characters is shortened in the
    middle, so the start and the end (where the quotes go) stay visible."""
    text = text.strip()
    if len(text) <= limit:
        return text
    return f"{text[: limit - 50]} … {text[-45:]}"


def _line_up(spaces: int, like: str | None) -> str:
    where = f"indent it by {spaces} spaces" if spaces else "start it at the left edge"
    return f"{where}, like {like}" if like else where


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
    problem, context = error.problem or "", error.context or ""
    mark = error.problem_mark or error.context_mark
    at, column = (mark.line, mark.column) if mark else (0, 0)
    at = min(at, len(lines) - 1)
    start = error.context_mark.line if error.context_mark else at
    reading = _Reader(lines, keys)
    found: Diagnosis | None = None
    if "cannot start any token" in problem:
        tab = column < len(lines[at]) and lines[at][column] == "\t"
        found = reading.tab(at, column) if tab else reading.needs_quotes(at)
    elif context.startswith(
        ("while scanning an alias", "while scanning an anchor", "while scanning a tag")
    ) or problem.startswith(
        (
            "found undefined alias",
            "could not determine a constructor",
            "mapping keys are not allowed",
            "sequence entries are not allowed",
            "expected the node content",
        )
    ):
        found = reading.needs_quotes(at)
    elif context.startswith("while scanning a block scalar"):
        found = reading.needs_quotes(start)
    elif problem == "mapping values are not allowed here":
        found = reading.colon(at, column)
    elif problem == "could not find expected ':'":
        found = reading.no_colon(start)
    elif context.startswith("while scanning a quoted scalar"):
        found = reading.unclosed_quote(start)
    elif problem.startswith("found unknown escape character"):
        found = reading.backslash(start)
    elif problem.startswith(("expected ',' or '}'", "expected ',' or ']'")):
        found = reading.flow(start, at, column)
    elif problem == "expected <block end>, but found '<scalar>'":
        found = reading.quoted_in_part(at) or reading.unclosed_quote_above(at)
    elif problem == "expected <block end>, but found '<block sequence start>'":
        found = reading.misaligned_dash(at)
    elif problem == "expected <block end>, but found '<block mapping start>'":
        found = reading.misaligned_key(at)
    elif problem == "expected <block end>, but found '?'":
        found = reading.key_among_items(at)
    elif problem == "expected <block end>, but found '-'":
        found = Diagnosis(
            at + 1,
            "a list item (a line starting with -) cannot follow a key that already has a "
            "value: put it under the key it belongs to, indented",
        )
    elif context.startswith("expected a single document"):
        found = Diagnosis(
            at + 1,
            "--- starts a second document, and a content file holds only one: delete this line",
            "",
        )
    return found or reading.unclosed_quote_above(at) or Diagnosis(at + 1, GENERIC)


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
        return _quote_message(line)
    if expects_text and isinstance(value, dict) and len(value) == 1 and line.dash:
        text = line.value if line.key is None else f"{line.key}: {line.value}"
        return f"text with a colon needs quotes: write {clip(line.dash + quoted(text))}"
    if expects_text and isinstance(value, list | dict) and line.value[:1] in ("[", "{"):
        kind = "a list" if line.value[0] == "[" else "a group of keys"
        return (
            f"a value that starts with {line.value[0]} is read as {kind}; for text, put it in "
            f"quotes: write {clip(_with_quotes(line))}"
        )
    return None


def _quote_message(line: Line) -> str:
    char = line.value[0]
    name = _CHAR_NAMES.get(char, char)
    text, _ = _split_comment(line.value)
    return (
        f"the {name} at the start of {_show(text)} needs quotes: write {clip(_with_quotes(line))}"
    )


class _Reader:
    """The rules, each reading the lines around the error (indexes are 0-based)."""

    def __init__(self, lines: list[str], keys: Collection[str]):
        self.lines, self.keys = lines, keys

    def line(self, index: int) -> Line:
        return Line.parse(self.lines[index])

    def previous(self, index: int) -> int | None:
        """The nearest line above with content (not blank, not only a comment)."""
        for i in range(index - 1, -1, -1):
            stripped = self.lines[i].strip()
            if stripped and not stripped.startswith("#"):
                return i
        return None

    def fix(self, index: int, message: str, fixed: str, column: int | None = None) -> Diagnosis:
        return Diagnosis(index + 1, message, fixed.rstrip(), column)

    def needs_quotes(self, index: int) -> Diagnosis | None:
        line = self.line(index)
        if not line.value or line.value[0] not in SPECIAL_START:
            return None
        return self.fix(index, _quote_message(line), _with_quotes(line))

    def tab(self, index: int, column: int) -> Diagnosis:
        text = self.lines[index]
        rest = text.lstrip(" \t")
        lead = len(text) - len(rest)
        if column >= lead:
            fixed = text[:lead] + re.sub(r"[ \t]+", lambda m: " " if "\t" in m[0] else m[0], rest)
            message = f"has a Tab where a space belongs: write {clip(fixed)}"
            return self.fix(index, message, fixed, column + 1)
        spaces = self.expected_indent(index, rest)
        before = f"{spaces} spaces before it" if spaces else "nothing before it"
        message = f"indent with spaces, not Tab: write {clip(rest)} with {before}"
        return self.fix(index, message, " " * spaces + rest, column + 1)

    def expected_indent(self, index: int, rest: str) -> int:
        """How far a line holding rest should be indented, judged from the line above."""
        above = self.previous(index)
        if above is None:
            return 0
        line = self.line(above)
        if line.opens_block:
            return line.key_column + 2
        if rest.startswith("-") and line.dash:
            return len(line.indent)
        return line.key_column

    def colon(self, index: int, column: int) -> Diagnosis | None:
        line = self.line(index)
        if line.key is not None and column > line.key_column + len(line.key):
            message = f"text with a colon needs quotes: write {clip(_with_quotes(line))}"
            return self.fix(index, message, _with_quotes(line))
        above = self.previous(index)
        if above is None:
            return None
        return self.no_colon(above, quiet=True) or self.too_far_in(index, above)

    def no_colon(self, index: int, quiet: bool = False) -> Diagnosis | None:
        """A line that should be a key but is not: "name:Rosa", "name Rosa", "name = Rosa"."""
        line = self.line(index)
        if line.key is not None:
            return None
        spaced = re.match(r"([A-Za-z0-9_]+):(\S.*)$", line.value)
        if spaced:
            fixed = f"{line.indent}{line.dash}{spaced[1]}: {spaced[2]}"
            return self.fix(index, f"put a space after the colon: write {clip(fixed)}", fixed)
        word = re.match(r"([A-Za-z0-9_]+)(?:\s*=\s*|\s+)(\S.*)$", line.value)
        if word and not line.dash and self.is_key(word[1]):
            fixed = f"{line.indent}{word[1]}: {word[2]}"
            message = f"a key needs a colon after it: write {clip(fixed)}"
            return self.fix(index, message, fixed)
        above = self.previous(index)
        if quiet or above is None or not line.value:
            return None
        owner = self.line(above)
        if owner.key is not None and owner.value and len(line.indent) <= owner.key_column:
            spaces = owner.key_column + 2
            message = (
                f"this line continues the text of {owner.key}: above, so it must be indented: "
                f"indent it by {spaces} spaces, or join it to that line"
            )
            return self.fix(index, message, " " * spaces + self.lines[index].lstrip())
        return None

    def is_key(self, word: str) -> bool:
        return word in self.keys or bool(difflib.get_close_matches(word, self.keys, 1, 0.8))

    def too_far_in(self, index: int, above: int) -> Diagnosis | None:
        """A key indented further than the line above, so YAML reads it as that line's text."""
        line, upper = self.line(index), self.line(above)
        if line.key is None:
            return None
        if upper.key is not None and upper.value:
            spaces, like = upper.key_column, f"{upper.key}:"
        elif upper.dash and upper.key is None:
            owner = self.owner_of(above)
            if owner is None:
                return None
            spaces, like = self.line(owner).key_column, f"{self.line(owner).key}:"
        else:
            return None
        if len(line.indent) + len(line.dash) <= spaces:
            return None
        message = (
            f"{line.key}: is indented further than the line above, so YAML reads it as part "
            f"of that line's text: {_line_up(spaces, like)}"
        )
        return self.fix(index, message, " " * spaces + self.lines[index].lstrip())

    def owner_of(self, index: int) -> int | None:
        """The key line that a list item at index belongs to (the nearest one less indented)."""
        indent = len(self.line(index).indent)
        for i in range(index - 1, -1, -1):
            line = self.line(i)
            if self.lines[i].strip() and len(line.indent) < indent and line.key is not None:
                return i
        return None

    def unclosed_quote(self, index: int) -> Diagnosis | None:
        text = self.lines[index].rstrip()
        line = self.line(index)
        if not line.value or line.value[0] not in "\"'":
            return None
        fixed = text + line.value[0]
        message = f"the quotation mark that opens the text is never closed: write {clip(fixed)}"
        return self.fix(index, message, fixed)

    def unclosed_quote_above(self, index: int) -> Diagnosis | None:
        """An earlier line whose text opens a quotation mark and never closes it: YAML reads on
        until the next quotation mark, lines later, and stumbles there."""
        for i in range(index + 1):
            line = self.line(i)
            if line.value[:1] in ("'", '"') and not _closed(line.value):
                return self.unclosed_quote(i)
        return None

    def backslash(self, index: int) -> Diagnosis | None:
        line = self.line(index)
        if not line.value.startswith('"') or not line.value.endswith('"'):
            return None
        fixed = line.prefix + quoted(line.value[1:-1])
        message = (
            f"a \\ inside double quotes starts a code such as \\n (a new line): write {clip(fixed)}"
        )
        return self.fix(index, message, fixed)

    def flow(self, start: int, at: int, column: int) -> Diagnosis | None:
        """{...} and [...] on one line: a colon inside a value, or a bracket never closed."""
        text = self.lines[at]
        if start == at and column < len(text) and text[column] == ":":
            begin = max(text.rfind(",", 0, column), text.rfind("{", 0, column)) + 1
            ends = [i for i in (text.find(",", column), text.find("}", column)) if i >= 0]
            end = min(ends) if ends else len(text)
            key, _, value = text[begin:end].partition(":")
            fixed = f"{text[:begin]}{key}: {quoted(value.strip())}{text[end:]}"
            message = f"text with a colon needs quotes: write {clip(fixed)}"
            return self.fix(at, message, fixed)
        line = self.line(start)
        opener = line.value[:1]
        if opener not in ("[", "{"):
            return None
        closer = "]" if opener == "[" else "}"
        if "," in line.value:
            fixed = self.lines[start].rstrip() + closer
            message = (
                f"the {opener} is never closed: end the list with {closer}: write {clip(fixed)}"
            )
        else:
            fixed = _with_quotes(line)
            kind = "a list" if opener == "[" else "a group of keys"
            message = (
                f"a value that starts with {opener} is read as {kind}, and this one is never "
                f"closed with {closer}; for text, put it in quotes: write {clip(fixed)}"
            )
        return self.fix(start, message, fixed)

    def quoted_in_part(self, index: int) -> Diagnosis | None:
        """`bio: "Rosa" is the best` or `bio: 'Rosa's work'`: quotes that end before the text."""
        line = self.line(index)
        value = line.value
        if not value or value[0] not in "\"'" or _closed(value) and _one_token(value):
            return None
        if value[0] == "'":
            inner = value[1:-1] if value.endswith("'") else value[1:]
            fixed = line.prefix + quoted(inner)
            message = f"an apostrophe inside 'single quotes' ends them early: write {clip(fixed)}"
        else:
            fixed = line.prefix + quoted(value)
            message = (
                "text that starts with a quotation mark must be quoted as a whole: "
                f"write {clip(fixed)}"
            )
        return self.fix(index, message, fixed)

    def misaligned_dash(self, index: int) -> Diagnosis | None:
        line = self.line(index)
        for i in range(index - 1, -1, -1):
            other = self.line(i)
            if other.dash and self.lines[i].strip() and other.indent != line.indent:
                spaces = len(other.indent)
                message = (
                    f"this list item is not lined up with the one above: "
                    f"{_line_up(spaces, 'the - above')}"
                )
                return self.fix(index, message, " " * spaces + self.lines[index].lstrip())
        return None

    def misaligned_key(self, index: int) -> Diagnosis | None:
        line = self.line(index)
        above = self.previous(index)
        if above is None or line.key is None:
            return None
        upper = self.line(above)
        if upper.key is None:
            return None
        spaces = upper.key_column + (2 if upper.opens_block else 0)
        like = None if upper.opens_block else f"{upper.key}:"
        message = f"{line.key}: is not lined up with the line above: {_line_up(spaces, like)}"
        return self.fix(index, message, " " * spaces + line.dash + self.lines[index].lstrip())

    def key_among_items(self, index: int) -> Diagnosis | None:
        """A key where the list above expects its next '- ' item."""
        text = self.lines[index]
        glued = re.match(r"^(\s*)-(\S.*)$", text)
        if glued:
            fixed = f"{glued[1]}- {glued[2]}"
            return self.fix(index, f"put a space after the -: write {clip(fixed)}", fixed)
        line = self.line(index)
        item = next(
            (
                self.line(i)
                for i in range(index - 1, -1, -1)
                if self.line(i).dash and len(self.line(i).indent) == len(line.indent)
            ),
            None,
        )
        if item is not None and item.key is not None:
            if line.key == item.key:  # the key every item starts with: a new item
                fixed = line.indent + "- " + text.lstrip()
                message = f'each item of the list starts with "- ": write {clip(fixed)}'
                return self.fix(index, message, fixed)
            spaces = item.key_column
            message = (
                f"{line.key}: belongs to the list item above, so it lines up with its "
                f"{item.key}: {_line_up(spaces, None)}"
            )
            return self.fix(index, message, " " * spaces + text.lstrip())
        owner = self.owner_of(index)
        if owner is None or line.key is None:
            return None
        upper = self.line(owner)
        spaces = upper.key_column
        message = (
            f"{line.key}: is indented like the list items above: "
            f"{_line_up(spaces, f'{upper.key}:')}"
        )
        return self.fix(index, message, " " * spaces + text.lstrip())


def _closed(value: str) -> bool:
    """Whether the quotation mark that opens value is closed on the same line."""
    quote, body = value[0], value[1:]
    if quote == "'":
        return "'" in body.replace("''", "")
    escaped = False
    for char in body:
        if char == '"' and not escaped:
            return True
        escaped = char == "\\" and not escaped
    return False


def _one_token(value: str) -> bool:
    """'text' or "text" with nothing after it but a comment."""
    quote = value[0]
    pattern = r"^'(?:[^']|'')*'" if quote == "'" else r'^"(?:[^"\\]|\\.)*"'
    found = re.match(pattern, value)
    return bool(found) and re.fullmatch(r"(?:[ \t]+#.*)?", value[found.end() :]) is not None


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
