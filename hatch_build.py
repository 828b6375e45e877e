"""Hatch build hook: a wheel carries every registered claim's checked derivation (certunlearn/_derivations.pkl).

The first ``certunlearn check`` after ``pip install`` then reads the derivations instead of re-deriving them
(about 120 CPU-s of sympy on two cores). Each entry is keyed by the digest of its sources — the derivation, its
proofs module, the claim's target and quantity, the engine's own source (certunlearn/derive, certunlearn/numeric)
— and is used only when the key matches (see certunlearn/derive/cache.py). The table is computed by the engine
being shipped, from the source tree, in a subprocess. If that fails (a build environment without the runtime
dependencies), the wheel is built without it and the package derives at run time, as from a checkout.
Set CERTUNLEARN_SHIP_DERIVATIONS=0 to skip it (a quick local build).
"""
from __future__ import annotations

import os
import subprocess
import sys
import tempfile
from pathlib import Path

from hatchling.builders.hooks.plugin.interface import BuildHookInterface


class DerivationTableHook(BuildHookInterface):
    PLUGIN_NAME = "custom"

    def initialize(self, version: str, build_data: dict) -> None:
        if self.target_name != "wheel" or version == "editable":
            return
        if os.environ.get("CERTUNLEARN_SHIP_DERIVATIONS", "1").strip().lower() in ("0", "no", "false", "off"):
            return
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
