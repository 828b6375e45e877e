"""Build hook: record the git commit a wheel is built from as ``certunlearn/_build_info.json``, so that an installed
certunlearn still names its commit (``certunlearn --version``, the provenance of reports:
:func:`certunlearn.report.document.git_commit`). Built outside a checkout (from an sdist), the commit is null."""
from __future__ import annotations

import json
import os
import subprocess
import tempfile

from hatchling.builders.hooks.plugin.interface import BuildHookInterface


def _git(root: str, *args: str) -> str:
    try:
        return subprocess.run(["git", "-C", root, *args], capture_output=True, text=True, timeout=10).stdout.strip()
    except (OSError, subprocess.SubprocessError):
        return ""


class CustomBuildHook(BuildHookInterface):
    def initialize(self, version: str, build_data: dict) -> None:
        commit = _git(self.root, "rev-parse", "HEAD")
        if commit and _git(self.root, "status", "--porcelain", "--untracked-files=no"):
            commit += "+dirty"
        folder = tempfile.mkdtemp(prefix="certunlearn-build-")
        path = os.path.join(folder, "_build_info.json")
        with open(path, "w", encoding="utf-8") as f:
            json.dump({"commit": commit or None}, f)
        build_data["force_include"][path] = "certunlearn/_build_info.json"
