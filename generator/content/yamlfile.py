"""Safe YAML loading that remembers the line of every key and list item.

PyYAML's safe loader gives values without positions; validation messages must name the
line, so we compose the node tree (which carries marks) and walk it beside the data.
Nothing here depends on comments or key order.
"""

from __future__ import annotations

from typing import Any

import yaml

Path_ = tuple[str | int, ...]
LineMap = dict[Path_, int]  # where each key and list item was written (1-based lines)


class YamlSyntaxError(ValueError):
    def __init__(self, line: int | None, message: str):
        self.line = line
        super().__init__(message)


class _UniqueKeyLoader(yaml.SafeLoader):
    """SafeLoader that refuses duplicate keys (the last one silently winning hides typos)."""

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


def load_yaml(text: str) -> tuple[Any, LineMap]:
    """Parse one YAML document; return the data and a map from path to 1-based line."""
    loader = _UniqueKeyLoader(text)
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
