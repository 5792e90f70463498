"""Hatch build hook: the engine's wheel carries its catalogs compiled, fresh from the PO files.

For the wheel (``python -m build --wheel``, which ``hooks/widgets.py`` runs for the site), every
``locales/<lang>/LC_MESSAGES/<domain>.po`` of the engine's domains (``engine.i18n.DOMAINS``) is
compiled by Babel into a temporary folder and added as ``engine/locales/<lang>/LC_MESSAGES/<domain>.mo``,
where ``engine.i18n`` reads it with ``gettext`` (in Pyodide too). The MO files beside the PO files
in a checkout (gitignored) are never packed, so a stale one cannot reach the wheel. An editable
install needs nothing: the engine then reads the checkout's MO files (``make i18n-compile``).
"""

from __future__ import annotations

import shutil
import sys
import tempfile
from pathlib import Path

from hatchling.builders.hooks.plugin.interface import BuildHookInterface


class CatalogsHook(BuildHookInterface):
    PLUGIN_NAME = "custom"

    def initialize(self, version: str, build_data: dict) -> None:
        if self.target_name != "wheel" or version == "editable":
            return
        root = Path(self.root)
        if str(root) not in sys.path:
            sys.path.insert(0, str(root))
        from engine.i18n import DOMAINS, LANGUAGES  # noqa: PLC0415
        from hooks import po  # noqa: PLC0415

        self._staging = Path(tempfile.mkdtemp(prefix="solitaire-engine-catalogs-"))
        for lang in LANGUAGES:
            for domain in DOMAINS:
                source = root / "locales" / lang / "LC_MESSAGES" / f"{domain}.po"
                inside = f"engine/locales/{lang}/LC_MESSAGES/{domain}.mo"
                out = self._staging / inside
                out.parent.mkdir(parents=True, exist_ok=True)
                po.compile_mo(source, out, name=source.relative_to(root).as_posix())
                build_data["force_include"][str(out)] = inside

    def finalize(self, version: str, build_data: dict, artifact_path: str) -> None:
        staging = getattr(self, "_staging", None)
        if staging is not None:
            shutil.rmtree(staging, ignore_errors=True)
