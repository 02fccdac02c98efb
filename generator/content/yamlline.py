"""One line of a YAML file as its block style reads it, and text written back as YAML.

`Line` splits a line into indentation, '- ' markers, key and value; `quoted` writes text
as a value that reads back exactly; `clip` shortens an editor's line for a message. The
explanations of YAML mistakes (yamlhelp.py, yamlmistakes.py) build their corrected lines
from these.
"""

from __future__ import annotations

import re
from dataclasses import dataclass

# Characters YAML reads as syntax when a value starts with them.
SPECIAL_START = "@`%*&!|>?-,[]{}"
_CHAR_NAMES = {"`": "` (backtick)", "|": "|", ">": ">"}
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


def with_quotes(line: Line) -> str:
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


def quote_message(line: Line) -> str:
    char = line.value[0]
    name = _CHAR_NAMES.get(char, char)
    text, _ = _split_comment(line.value)
    return f"the {name} at the start of {_show(text)} needs quotes: write {clip(with_quotes(line))}"
