"""Build hook of the wheel.

* Always: record the git commit a wheel is built from as ``certunlearn/_build_info.json``, so that an installed
  certunlearn still names its commit (``certunlearn --version``, the provenance of reports:
  :func:`certunlearn.report.document.git_commit`). Built outside a checkout (from an sdist), the commit is null.
* With ``CERTUNLEARN_SHIP_DERIVATIONS=1``: ship every registered claim's checked derivation
  (``certunlearn/_derivations.pkl``), so that the first ``certunlearn check`` after install reads the derivations
  instead of re-deriving them. Each entry is keyed by the digest of its sources (the derivation, its proofs module,
  the claim's target and quantity, the engine's own source) and used only when the key matches
  (:mod:`certunlearn.derive.cache`). The table is computed by the engine being shipped, from the source tree, in a
  subprocess, so the build needs the runtime dependencies (``pip install --no-build-isolation``); if that fails the
  wheel is built without the table, with a warning. Off by default: it costs the whole cold derivation at install.
"""
from __future__ import annotations

import json
import os
import subprocess
import sys
import tempfile
from pathlib import Path

from hatchling.builders.hooks.plugin.interface import BuildHookInterface


def _git(root: str, *args: str) -> str:
    try:
        return subprocess.run(["git", "-C", root, *args], capture_output=True, text=True, timeout=10).stdout.strip()
    except (OSError, subprocess.SubprocessError):
        return ""


class CustomBuildHook(BuildHookInterface):
    PLUGIN_NAME = "custom"

    def initialize(self, version: str, build_data: dict) -> None:
        self._record_commit(build_data)
        if self.target_name == "wheel" and version != "editable" and os.environ.get(
                "CERTUNLEARN_SHIP_DERIVATIONS", "").strip().lower() in ("1", "yes", "true", "on"):
            self._ship_derivations(build_data)

    def _record_commit(self, build_data: dict) -> None:
        commit = _git(self.root, "rev-parse", "HEAD")
        if commit and _git(self.root, "status", "--porcelain", "--untracked-files=no"):
            commit += "+dirty"
        path = os.path.join(tempfile.mkdtemp(prefix="certunlearn-build-"), "_build_info.json")
        with open(path, "w", encoding="utf-8") as f:
            json.dump({"commit": commit or None}, f)
        build_data["force_include"][path] = "certunlearn/_build_info.json"

    def _ship_derivations(self, build_data: dict) -> None:
        root = Path(self.root)
        out = Path(tempfile.mkdtemp(prefix="certunlearn-derivations-")) / "_derivations.pkl"
        env = dict(os.environ, PYTHONPATH=os.pathsep.join(filter(None, [str(root), os.environ.get("PYTHONPATH")])),
                   CERTUNLEARN_NO_CACHE="1")
        done = subprocess.run([sys.executable, "-m", "certunlearn.derive.ship", str(out)], cwd=root, env=env,
                              capture_output=True, text=True)
        if done.returncode != 0 or not out.is_file():
            tail = (done.stderr or "").strip().splitlines()[-1:] or ["no output"]
            self.app.display_warning(f"certunlearn: wheel built without shipped derivations ({tail[0]})")
            return
        self.app.display_info((done.stderr or "").strip().splitlines()[-1])
        build_data["force_include"][str(out)] = "certunlearn/_derivations.pkl"
