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
"""

from __future__ import annotations

import re
from typing import Any

import yaml

Path_ = tuple[str | int, ...]
LineMap = dict[Path_, int]  # where each key and list item was written (1-based lines)


# A CMS never writes aliases and a content file is a few levels deep: generous for editors,
# tiny next to what a hostile file needs.
MAX_ALIASES = 100  # uses of *name in one file
MAX_ALIAS_EXPANSION = 10_000  # values reached through aliases, repeats counted
MAX_DEPTH = 64  # nested lists and mappings
MAX_NUMBER_DIGITS = 100  # int() is quadratic in the digits, and refuses over 4300

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
    def __init__(self, line: int | None, message: str):
        self.line = line
        super().__init__(message)


class YamlLimitError(YamlSyntaxError):
    """The file crosses one of the limits above (or holds a value that cannot be built)."""


class _UniqueKeyLoader(yaml.SafeLoader):
    """SafeLoader that refuses duplicate keys (the last one silently winning hides typos)
    and every input beyond the limits above, while composing, before anything recurses."""

    def __init__(self, stream: str):
        super().__init__(stream)
        self._depth = 0
        self._aliases = 0
        self._expanded = 0
        self._sizes: dict[int, int] = {}  # id(node) -> nodes it stands for, aliases expanded

    def compose_node(self, parent, index):  # noqa: ANN001, ANN201 - PyYAML's signature
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

    def construct_object(self, node, deep=False):  # noqa: ANN001, ANN201 - PyYAML's signature
        try:
            return super().construct_object(node, deep=deep)
        except (YamlSyntaxError, yaml.YAMLError):
            raise
        except (ValueError, OverflowError) as exc:  # e.g. a date such as 2022-13-45
            shown = node.value if isinstance(node.value, str) else node.tag
            message = f"cannot read the value '{shown[:60]}' ({exc}); put it in quotes for text"
            raise YamlLimitError(node.start_mark.line + 1, message) from None

    def construct_mapping(self, node, deep=False):  # noqa: ANN001 - PyYAML's signature
        seen: dict[Any, int] = {}
        for key_node, _ in node.value:
            key = self.construct_object(key_node, deep=deep)
            if key in seen:
                raise yaml.constructor.ConstructorError(
                    None,
                    None,
                    f"duplicate key '{key}' (first given on line {seen[key]})",
                    key_node.start_mark,
                )
            seen[key] = key_node.start_mark.line + 1
        return super().construct_mapping(node, deep=deep)


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


def load_yaml(text: str) -> tuple[Any, LineMap]:
    """Parse one YAML document; return the data and a map from path to 1-based line."""
    try:
        loader = _UniqueKeyLoader(text)  # the reader checks every character here
    except yaml.reader.ReaderError as exc:
        line = text[: exc.position].count("\n") + 1
        raise YamlSyntaxError(line, f"not valid YAML: {exc.reason}") from None
    try:
        node = loader.get_single_node()
        data = loader.construct_document(node) if node is not None else None
    except yaml.MarkedYAMLError as exc:
        mark = exc.problem_mark or exc.context_mark
        line = mark.line + 1 if mark else None
        raise YamlSyntaxError(line, f"not valid YAML: {exc.problem or exc}") from None
    except yaml.YAMLError as exc:
        raise YamlSyntaxError(None, f"not valid YAML: {exc}") from None
    finally:
        loader.dispose()
    lines: LineMap = {}
    if node is not None:
        _record_lines(node, (), lines)
    return data, lines


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
