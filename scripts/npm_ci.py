"""`npm ci` in a folder, with npm's expected peer-dependency notices folded into one line.

The admin (cms/) runs Decap CMS on React 19 while several of Decap's own dependencies still
declare React 18 or older (or an older Slate or Redux) as a peer. npm resolves each by
overriding the peer and prints a 20-line "ERESOLVE overriding peer dependency" block for
it: about 300 lines that hide any warning that matters. This prints every other line as
npm wrote it, and the overridden packages in one line at the end; the exit status is npm's.
npm has no option that silences one kind of warning only (`--loglevel=error` would hide
every warning), hence this filter.

    python scripts/npm_ci.py FOLDER
"""

from __future__ import annotations

import re
import subprocess
import sys
from collections.abc import Iterable, Iterator

BLOCK_START = "npm warn ERESOLVE overriding peer dependency"
# The lines npm writes inside one such block (after "npm warn"): its headings, package paths,
# indented details and empty separators.
BLOCK_LINE = re.compile(
    r"npm warn(?:$| *$|  |\s*(?:While resolving:|Found:|node_modules/|Could not resolve"
    r" dependency:|peer |peerOptional |Conflicting peer dependency:))"
)
RESOLVING = re.compile(r"npm warn While resolving: (\S+)")


def fold(lines: Iterable[str], overridden: list[str]) -> Iterator[str]:
    """The lines to show; the packages whose peers npm overrode are added to overridden."""
    inside = False
    for line in lines:
        text = line.rstrip("\n")
        if text == BLOCK_START:
            inside = True
            continue
        if inside and BLOCK_LINE.match(text):
            found = RESOLVING.match(text)
            if found:
                overridden.append(found.group(1))
            continue
        inside = False
        yield line


def main(folder: str) -> int:
    command = ["npm", "ci", "--no-audit", "--no-fund"]
    process = subprocess.Popen(
        command, cwd=folder, stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True
    )
    overridden: list[str] = []
    for line in fold(process.stdout, overridden):
        sys.stdout.write(line)
    status = process.wait()
    if overridden:
        names = ", ".join(sorted(set(overridden)))
        print(
            f"{folder}: npm overrode the peer ranges of {len(overridden)} of Decap's older "
            f"dependencies, as expected: {names}"
        )
    return status


if __name__ == "__main__":
    if len(sys.argv) != 2:
        sys.exit(__doc__.rsplit("\n\n", 1)[-1].strip())
    sys.exit(main(sys.argv[1]))
