"""Build hook: ship the top-level ``templates/`` and ``static/`` folders inside the package.

The repository keeps them beside ``companion/`` (the project's layout); an installed wheel has
them at ``companion/templates`` and ``companion/static``, where :mod:`companion.resources`
looks first. Everything else about the build is in ``pyproject.toml``.
"""

import shutil
from pathlib import Path

from setuptools import setup
from setuptools.command.build_py import build_py

HERE = Path(__file__).resolve().parent


class BuildWithAssets(build_py):
    """``build_py`` plus a copy of the asset folders into the built package."""

    def run(self) -> None:
        super().run()
        if getattr(self, "editable_mode", False):
            return  # an editable install reads them from the checkout
        for name in ("templates", "static"):
            shutil.copytree(HERE / name, Path(self.build_lib) / "companion" / name, dirs_exist_ok=True)


setup(cmdclass={"build_py": BuildWithAssets})
