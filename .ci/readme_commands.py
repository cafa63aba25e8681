"""Print README's two set-up commands, one a line: the shell blocks under "## Set up".

CI runs what this prints, so README and CI cannot drift apart.  Fails unless there are
exactly two blocks of one command each.
"""

from __future__ import annotations

import re
import sys
from pathlib import Path


def setup_commands(readme: str) -> list[str]:
    section = re.search(r"^## Set up\n(.*?)(?=^## )", readme, re.M | re.S)
    if section is None:
        raise SystemExit("README.md: no '## Set up' section")
    blocks = re.findall(r"^```(?:sh|bash|console)\n(.*?)^```", section.group(1), re.M | re.S)
    commands = [b.strip() for b in blocks]
    if len(commands) != 2 or any("\n" in c or not c for c in commands):
        raise SystemExit(f"README.md: '## Set up' must hold exactly two one-line shell "
                         f"blocks, found {commands!r}")
    return commands


if __name__ == "__main__":
    path = Path(sys.argv[1] if len(sys.argv) > 1 else "README.md")
    print("\n".join(setup_commands(path.read_text(encoding="utf-8"))))
