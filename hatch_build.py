"""Build hook of the wheel.

* Always: record the git commit a wheel is built from as ``certunlearn/_build_info.json``, so that an installed
  certunlearn still names its commit (``certunlearn --version``, the provenance of reports:
  :func:`certunlearn.report.document.git_commit`). Built outside a checkout (from an sdist), the commit is null.
* By default (``CERTUNLEARN_SHIP_DERIVATIONS=0`` turns it off): ship every registered claim's checked derivation
  (``certunlearn/_derivations.pkl``), so that the first ``certunlearn check`` after install reads the derivations
  instead of re-deriving them. Each entry is keyed by the digest of its sources (the derivation, its proofs module,
  the claim's target and quantity, the engine's own source) and used only when the key matches
  (:mod:`certunlearn.derive.cache`). The table is computed by the engine being shipped, from the source tree, in a
  subprocess (on every core), so the build needs the runtime dependencies the engine imports — they are in
  ``[build-system] requires``, so a plain ``pip install .`` has them in its isolated build environment. If that
  subprocess fails (a dependency missing under ``--no-build-isolation``, an error, more than
  :data:`SHIP_TIMEOUT` seconds) the wheel is built without the table, with a warning: the installed package then
  derives on its first run, as from a checkout. Editable installs never ship (the checkout is the source).
"""
from __future__ import annotations

import json
import os
import subprocess
import sys
import tempfile
from pathlib import Path

from hatchling.builders.hooks.plugin.interface import BuildHookInterface


#: Seconds the derivations may take at build time (about 2–3 CPU-minutes on two cores); past it, no table.
SHIP_TIMEOUT = 1800


def ship_requested(environ) -> bool:
    """Whether a (non-editable) wheel ships its derivations: yes unless ``CERTUNLEARN_SHIP_DERIVATIONS`` is
    0/no/false/off."""
    return environ.get("CERTUNLEARN_SHIP_DERIVATIONS", "").strip().lower() not in ("0", "no", "false", "off")


def _git(root: str, *args: str) -> str:
    try:
        return subprocess.run(["git", "-C", root, *args], capture_output=True, text=True, timeout=10).stdout.strip()
    except (OSError, subprocess.SubprocessError):
        return ""


class CustomBuildHook(BuildHookInterface):
    PLUGIN_NAME = "custom"

    def initialize(self, version: str, build_data: dict) -> None:
        self._record_commit(build_data)
        if self.target_name == "wheel" and version != "editable" and ship_requested(os.environ):
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
        try:
            done = subprocess.run([sys.executable, "-m", "certunlearn.derive.ship", str(out)], cwd=root, env=env,
                                  capture_output=True, text=True, timeout=SHIP_TIMEOUT)
        except subprocess.TimeoutExpired:
            self.app.display_warning(f"certunlearn: wheel built without shipped derivations (more than "
                                     f"{SHIP_TIMEOUT} s); the first run derives them")
            return
        if done.returncode != 0 or not out.is_file():
            tail = (done.stderr or "").strip().splitlines()[-1:] or ["no output"]
            self.app.display_warning(f"certunlearn: wheel built without shipped derivations ({tail[0]}); "
                                     "the first run derives them")
            return
        self.app.display_info((done.stderr or "").strip().splitlines()[-1])
        build_data["force_include"][str(out)] = "certunlearn/_derivations.pkl"
