"""Safe YAML loading that remembers the line of every key and list item.

PyYAML's safe loader gives values without positions; validation messages must name the
line, so we compose the node tree (which carries marks) and walk it beside the data.
Nothing here depends on comments or key order.

A content file is never trusted to be small or simple: before PyYAML builds or recurses
into anything, the composer below refuses aliases beyond a budget (a "billion laughs" file
expands to gigabytes), nesting deeper than any content file needs (Python's recursion
limit), keys that are lists or mappings, and numbers too long to convert. Each refusal is a
`YamlLimitError` with the line of the node that crossed the limit (README, content format).

Plain values are read as YAML 1.2 reads them (its core schema), as the browser admin writes
them (Decap CMS uses the `yaml` npm package, docs/editing.md): only true/false are yes/no
values, and yes, no, on, off, 10:30, 1_000 and 2022-01-01 stay text. PyYAML alone follows
YAML 1.1, which would turn a title "No" into false and "10:30" into the number 630.

A syntax error is explained in an editor's words (`yamlhelp.explain`), and when the fix is
one corrected line, that line is put in place and the file read again: one run then lists
every syntax mistake of the file, and the fields and photos after them (`parse_yaml`).
"""

from __future__ import annotations

import re
from collections.abc import Collection
from dataclasses import dataclass, field
from typing import Any

import yaml
from yaml.composer import Composer
from yaml.constructor import SafeConstructor
from yaml.resolver import Resolver

try:
    from yaml.cyaml import CParser  # PyYAML's wheels carry libyaml; a source build may not
except ImportError:  # pragma: no cover - then every file takes the Python reader
    CParser = None

from .yamlhelp import DuplicateKey, explain
from .yamlline import Line, clip, quoted
from .yamlmistakes import Diagnosis

Path_ = tuple[str | int, ...]
LineMap = dict[Path_, int]  # where each key and list item was written (1-based lines)


# A CMS never writes aliases and a content file is a few levels deep: generous for editors,
# tiny next to what a hostile file needs.
MAX_ALIASES = 100  # uses of *name in one file
MAX_ALIAS_EXPANSION = 10_000  # values reached through aliases, repeats counted
MAX_DEPTH = 64  # nested lists and mappings
MAX_NUMBER_DIGITS = 100  # int() is quadratic in the digits, and refuses over 4300
# Syntax mistakes corrected in one file before giving up on reading it: far more than a
# file holds by accident. Each costs one more parse, so a big file gets fewer: at most
# MAX_REPAIR_BYTES are parsed in all (four reads of a file at the 1 MB cap).
MAX_REPAIRS = 20
MAX_REPAIR_BYTES = 4 * 1024 * 1024
MORE_MISTAKES = "may hold more YAML mistakes after these: correct the ones listed and check again"

TOO_MANY_ALIASES = (
    f"uses YAML aliases (*name) more than {MAX_ALIASES} times; write the values out instead"
)
ALIASES_TOO_BIG = (
    f"its YAML aliases (*name) repeat more than {MAX_ALIAS_EXPANSION:,} values; "
    "write the values out instead"
)
TOO_DEEP = (
    f"is nested more than {MAX_DEPTH} levels deep; a content file needs only a few "
    "(check the indentation and the brackets)"
)
COMPLEX_KEY = "a key must be a plain word such as 'name:', not a list or a mapping"
NUMBER_TOO_LONG = f"has a number longer than {MAX_NUMBER_DIGITS} digits; put it in quotes"


class YamlSyntaxError(ValueError):
    def __init__(self, line: int | None, message: str, column: int | None = None):
        self.line = line
        self.column = column
        super().__init__(message)


class YamlLimitError(YamlSyntaxError):
    """The file crosses one of the limits above (or holds a value that cannot be built)."""


class _Limits:
    """Refuses duplicate keys (the last one silently winning hides typos) and every input
    beyond the limits above, while composing, before anything recurses. Mixed into the two
    loaders below, before PyYAML's composer and constructor."""

    def _start_counting(self) -> None:
        self._depth = 0
        self._aliases = 0
        self._expanded = 0
        self._sizes: dict[int, int] = {}  # id(node) -> nodes it stands for, aliases expanded

    def compose_node(self, parent, index) -> yaml.Node:  # noqa: ANN001 - PyYAML's signature
        event = self.peek_event()
        line = event.start_mark.line + 1
        is_key = isinstance(parent, yaml.MappingNode) and index is None
        if is_key and isinstance(event, yaml.CollectionStartEvent):
            raise YamlLimitError(line, COMPLEX_KEY)
        if isinstance(event, yaml.AliasEvent):
            self._aliases += 1
            if self._aliases > MAX_ALIASES:
                raise YamlLimitError(line, TOO_MANY_ALIASES)
            node = super().compose_node(parent, index)
            if is_key and not isinstance(node, yaml.ScalarNode):
                raise YamlLimitError(line, COMPLEX_KEY)
            self._expanded += self._sizes.get(id(node), 1)
            if self._expanded > MAX_ALIAS_EXPANSION:
                raise YamlLimitError(line, ALIASES_TOO_BIG)
            return node
        if self._depth >= MAX_DEPTH:
            raise YamlLimitError(line, TOO_DEEP)
        self._depth += 1
        try:
            node = super().compose_node(parent, index)
        finally:
            self._depth -= 1
        if isinstance(node, yaml.CollectionNode):
            children = (
                [n for pair in node.value for n in pair]
                if isinstance(node, yaml.MappingNode)
                else node.value
            )
            self._sizes[id(node)] = 1 + sum(self._sizes.get(id(c), 1) for c in children)
        return node

    def construct_object(self, node, deep=False) -> Any:  # noqa: ANN001 - PyYAML's signature
        try:
            return super().construct_object(node, deep=deep)
        except (YamlSyntaxError, yaml.YAMLError):
            raise
        except (ValueError, OverflowError) as exc:  # e.g. a date such as 2022-13-45
            shown = node.value if isinstance(node.value, str) else node.tag
            message = f"cannot read the value '{shown[:60]}' ({exc}); put it in quotes for text"
            raise YamlLimitError(node.start_mark.line + 1, message) from None

    def construct_mapping(self, node, deep=False) -> dict:  # noqa: ANN001 - PyYAML's signature
        seen: dict[Any, int] = {}
        for key_node, _ in node.value:
            key = self.construct_object(key_node, deep=deep)
            if key in seen:
                raise DuplicateKey(str(key), seen[key], key_node.start_mark, node.start_mark)
            seen[key] = key_node.start_mark.line + 1
        return super().construct_mapping(node, deep=deep)


class _UniqueKeyLoader(_Limits, yaml.SafeLoader):
    """PyYAML's own reader, scanner and parser: the characters checked, and the words of
    every syntax error that yamlhelp.explain knows."""

    def __init__(self, stream: str):
        super().__init__(stream)
        self._start_counting()


class _FastLoader(_Limits, Composer, CParser or object, SafeConstructor, Resolver):
    """libyaml's scanner and parser under the same composer, limits and constructors: the
    same data and lines five times faster (2,000 portfolio pieces: 0.1 s, not 0.5 s, on
    every check, build and live reload). Used only for text the Python reader accepts, and
    any error is read again by _UniqueKeyLoader, so every message stays the same."""

    def __init__(self, stream: str):
        CParser.__init__(self, stream)
        Composer.__init__(self)
        SafeConstructor.__init__(self)
        Resolver.__init__(self)
        self._start_counting()


# YAML 1.2's core schema for plain scalars (yaml.org/spec/1.2.2, 10.3.2), in place of
# PyYAML's YAML 1.1 resolvers; every other plain scalar is a string.
_UniqueKeyLoader.yaml_implicit_resolvers = {}
for _tag, _pattern, _first in (
    ("bool", r"^(?:true|True|TRUE|false|False|FALSE)$", "tTfF"),
    ("int", r"^(?:[-+]?[0-9]+|0o[0-7]+|0x[0-9a-fA-F]+)$", "-+0123456789"),
    (
        "float",
        r"^(?:[-+]?(?:\.[0-9]+|[0-9]+(?:\.[0-9]*)?)(?:[eE][-+]?[0-9]+)?"
        r"|[-+]?\.(?:inf|Inf|INF)|\.(?:nan|NaN|NAN))$",
        "-+0123456789.",
    ),
    ("null", r"^(?:~|null|Null|NULL|)$", ["~", "n", "N", ""]),
    ("merge", r"^(?:<<)$", "<"),
):
    _UniqueKeyLoader.add_implicit_resolver(
        f"tag:yaml.org,2002:{_tag}", re.compile(_pattern), _first
    )


def _core_int(loader: _UniqueKeyLoader, node: yaml.ScalarNode) -> int:
    """An int as YAML 1.2 writes it: 017 is seventeen, 0o17 octal, 0x1F hexadecimal."""
    value = node.value
    if sum(ch.isdigit() for ch in value) > MAX_NUMBER_DIGITS:
        raise YamlLimitError(node.start_mark.line + 1, NUMBER_TOO_LONG)
    if value.startswith(("0o", "0x")):
        return int(value[2:], 8 if value[1] == "o" else 16)
    return int(value, 10)


_UniqueKeyLoader.add_constructor("tag:yaml.org,2002:int", _core_int)
_FastLoader.yaml_implicit_resolvers = _UniqueKeyLoader.yaml_implicit_resolvers
_FastLoader.yaml_constructors = _UniqueKeyLoader.yaml_constructors


@dataclass
class YamlDocument:
    """One file as read: its data (None when unreadable), where each value was written, the
    syntax problems met on the way, and notes about text YAML read differently than meant."""

    data: Any
    lines: LineMap
    text_lines: list[str]  # the file's lines, as corrected
    problems: list[Diagnosis] = field(default_factory=list)
    notes: list[Diagnosis] = field(default_factory=list)
    readable: bool = True


def parse_yaml(text: str, keys: Collection[str] = ()) -> YamlDocument:
    """Read one YAML document, correcting each syntax mistake whose fix is one line, so the
    rest of the file is read too; keys (the keys the file may hold) sharpen the advice."""
    problems: list[Diagnosis] = []
    applied: set[tuple[int, str]] = set()
    reads = max(1, min(MAX_REPAIRS + 1, MAX_REPAIR_BYTES // max(1, len(text))))
    for attempt in range(reads):
        try:
            data, lines, node = _compose(text)
        except YamlLimitError as exc:
            problems.append(Diagnosis(exc.line, str(exc)))
            break
        except yaml.YAMLError as exc:
            found = explain(text, exc, keys)
            problems.append(found)
            # Never after a limit or an unreadable character: what follows is not an
            # editor's slip (README, content format).
            if found.fixed is None or found.line is None or (found.line, found.fixed) in applied:
                break
            if isinstance(exc, yaml.reader.ReaderError):
                break
            if attempt + 1 == reads:
                problems.append(Diagnosis(None, MORE_MISTAKES))
                break
            applied.add((found.line, found.fixed))
            text = _replace_line(text, found.line, found.fixed)
            continue
        text_lines = text.split("\n")
        return YamlDocument(data, lines, text_lines, problems, _notes(node, text_lines))
    return YamlDocument(None, {}, text.split("\n"), problems, [], readable=False)


def load_yaml(text: str) -> tuple[Any, LineMap]:
    """Parse one YAML document; return the data and a map from path to 1-based line.
    Raise YamlSyntaxError (YamlLimitError past a limit) with the first problem."""
    document = parse_yaml(text)
    if document.problems:
        first = document.problems[0]
        raise YamlSyntaxError(first.line, first.message, first.column)
    return document.data, document.lines


def _compose(text: str) -> tuple[Any, LineMap, yaml.Node | None]:
    # libyaml accepts a Tab after a colon, where PyYAML (and so yamlhelp's advice) stops.
    fast = CParser is not None and "\t" not in text
    if fast and not yaml.reader.Reader.NON_PRINTABLE.search(text):
        try:
            return _compose_with(_FastLoader, text)
        except YamlSyntaxError:
            raise  # a limit or a value: the constructor and limits are the same Python code
        except yaml.YAMLError:
            pass  # read again below, for PyYAML's words and marks
    return _compose_with(_UniqueKeyLoader, text)


def _compose_with(loader_class: type, text: str) -> tuple[Any, LineMap, yaml.Node | None]:
    loader = loader_class(text)  # PyYAML's reader checks every character here
    try:
        node = loader.get_single_node()
        data = loader.construct_document(node) if node is not None else None
    finally:
        loader.dispose()
    lines: LineMap = {}
    if node is not None:
        _record_lines(node, (), lines)
    return data, lines, node


def _replace_line(text: str, line: int, new: str) -> str:
    lines = text.split("\n")
    lines[line - 1] = new
    return "\n".join(lines)


def _notes(root: yaml.Node | None, text_lines: list[str]) -> list[Diagnosis]:
    """Text that YAML read, but not as the editor meant: a # glued to a word starts a comment
    (`title: Piece #2` is 'Piece'), and a '- ' line indented too far joins the text above."""
    notes: list[Diagnosis] = []
    stack = [root] if root is not None else []
    while stack:
        node = stack.pop()
        if isinstance(node, yaml.MappingNode):
            stack.extend(value for _, value in node.value)
        elif isinstance(node, yaml.SequenceNode):
            stack.extend(node.value)
        elif isinstance(node, yaml.ScalarNode) and not node.style and node.value:
            notes.extend(_scalar_notes(node, text_lines))
    return sorted(notes, key=lambda n: n.line or 0)


_GLUED_COMMENT = re.compile(r"[ \t]+#\S")


def _scalar_notes(node: yaml.ScalarNode, text_lines: list[str]) -> list[Diagnosis]:
    notes = []
    start, end = node.start_mark, node.end_mark
    # Matched in place: a slice per value would copy a long line once per value on it.
    if end.line < len(text_lines) and _GLUED_COMMENT.match(text_lines[end.line], end.column):
        line = Line.parse(text_lines[end.line])
        if start.line == end.line and line.value.startswith(node.value):
            fixed = clip(line.prefix + quoted(line.value))
            notes.append(
                Diagnosis(
                    end.line + 1,
                    f"the # and what follows are read as a comment, so the text is "
                    f"'{clip(node.value)}': to keep them, write {fixed}",
                )
            )
    for index in range(start.line + 1, min(end.line, len(text_lines) - 1) + 1):
        text = text_lines[index].lstrip()
        if text.startswith("- "):
            notes.append(
                Diagnosis(
                    index + 1,
                    f"'{clip(text)}' is indented further than the line above, so it is read as "
                    f"part of the text '{clip(node.value)}': line the - up with the one above",
                )
            )
    return notes


def _record_lines(node: yaml.Node, path: Path_, lines: LineMap) -> None:
    lines.setdefault(path, node.start_mark.line + 1)
    if isinstance(node, yaml.MappingNode):
        for key_node, value_node in node.value:
            child = (*path, key_node.value)
            # A key's line is where the editor wrote it, even when its value is on the next line.
            lines[child] = key_node.start_mark.line + 1
            _record_lines(value_node, child, lines)
    elif isinstance(node, yaml.SequenceNode):
        for index, item in enumerate(node.value):
            _record_lines(item, (*path, index), lines)


def line_of(lines: LineMap, path: Path_) -> int | None:
    """The line of the deepest known ancestor of path (a missing key points at its parent)."""
    for end in range(len(path), -1, -1):
        if path[:end] in lines:
            return lines[path[:end]]
    return None
