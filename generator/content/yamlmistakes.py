"""The kinds of YAML mistakes an editor makes, each recognised by reading the lines around
PyYAML's error: a value that needs quotes, a Tab, a colon missing or inside text, a
quotation mark never closed, a bracket never closed, a key or list item not lined up.

Each rule of `Reader` returns a `Diagnosis` with the corrected line, or None when the lines
do not show that mistake; yamlhelp.explain chooses the rule from PyYAML's words.
"""

from __future__ import annotations

import difflib
import re
from collections.abc import Collection
from dataclasses import dataclass

from .yamlline import SPECIAL_START, Line, clip, quote_message, quoted, with_quotes


@dataclass(frozen=True)
class Diagnosis:
    """One syntax problem: where, what to tell the editor, and the line as it should be."""

    line: int | None  # 1-based
    message: str
    fixed: str | None = None  # the corrected line; None when no one-line fix is certain
    column: int | None = None  # 1-based; only where the culprit cannot be seen


def _line_up(spaces: int, like: str | None) -> str:
    where = f"indent it by {spaces} spaces" if spaces else "start it at the left edge"
    return f"{where}, like {like}" if like else where


class Reader:
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
        return self.fix(index, quote_message(line), with_quotes(line))

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
            message = f"text with a colon needs quotes: write {clip(with_quotes(line))}"
            return self.fix(index, message, with_quotes(line))
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
            fixed = with_quotes(line)
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
