"""The distribution claims one import name, ``puzzlereel``, maps the repository's
top-level ``solvers/`` and ``render/`` folders into it, and ships the example configs of
``configs/`` (as the data package ``puzzlereel.examples``), the docs of ``docs/`` (as
``puzzlereel.docs``) and the templates of ``puzzlereel new`` inside it; the project's
addresses are in its metadata."""

from __future__ import annotations

import tomllib
from pathlib import Path

import puzzlereel
import puzzlereel.render
import puzzlereel.solvers
from puzzlereel.catalog import examples as catalog
from puzzlereel.catalog import manual
from puzzlereel.registry import NAMES
from tests.fixtures import CONFIGS, ROOT

SETUP = tomllib.loads((ROOT / "pyproject.toml").read_text())["tool"]["setuptools"]
DATA: dict[str, list[str]] = SETUP.get("package-data", {})


def _folder_of(package: str) -> Path:
    """Where pyproject says a package's files are."""
    mapping: dict[str, str] = SETUP.get("package-dir", {})
    parts = package.split(".")
    for n in range(len(parts), 0, -1):
        head = ".".join(parts[:n])
        if head in mapping:
            return ROOT / mapping[head] / Path(*parts[n:])
    return ROOT / Path(*parts)


def _shipped(package: str) -> set[Path]:
    """The files pyproject's package-data ships for ``package`` (besides its code)."""
    top = _folder_of(package)
    found: set[Path] = set()
    for pattern in DATA.get(package, []):
        found |= {path for path in top.glob(pattern) if path.is_file()}
    return found


def _data_packages() -> set[str]:
    """Listed packages without code: folders of data files only (``puzzlereel.examples``)."""
    return {name for name in SETUP["packages"]
            if not (_folder_of(name) / "__init__.py").is_file()}


def test_every_package_folder_is_listed_and_nothing_else():
    listed = set(SETUP["packages"])
    assert len(listed) == len(SETUP["packages"]), "a package is listed twice"
    assert all(name == "puzzlereel" or name.startswith("puzzlereel.") for name in listed)
    data_only = _data_packages()
    for name in listed - data_only:
        assert (_folder_of(name) / "__init__.py").is_file(), name
    for name in data_only:      # a data package ships files, and no code
        assert _folder_of(name).is_dir() and _shipped(name), name
        assert not any(path.suffix in (".py", ".pyi") for path in _shipped(name)), name
    found = set()
    roots = {"puzzlereel": ROOT / "puzzlereel", **{
        name: ROOT / folder for name, folder in SETUP["package-dir"].items()}}
    for name, top in roots.items():
        for init in top.rglob("__init__.py"):
            rel = init.parent.relative_to(top).parts
            found.add(".".join((name, *rel)))
    assert found == listed - data_only


def test_every_example_config_is_shipped():
    assert _folder_of(catalog.EXAMPLES_PACKAGE) == CONFIGS
    configs = {path for path in CONFIGS.iterdir() if path.is_file()}
    assert configs and _shipped(catalog.EXAMPLES_PACKAGE) == configs
    assert set(catalog.names()) == {path.stem for path in configs}


def test_every_doc_is_shipped_and_is_a_topic():
    assert _folder_of(manual.DOCS_PACKAGE) == ROOT / "docs"
    docs = set((ROOT / "docs").glob("*.md"))
    assert docs and _shipped(manual.DOCS_PACKAGE) == docs
    assert set(manual.topics()) == {path.stem for path in docs}


def test_the_project_urls_are_the_ones_the_package_prints():
    """pyproject's [project.urls] and the addresses ``puzzlereel docs`` and the help
    print are the same."""
    project = tomllib.loads((ROOT / "pyproject.toml").read_text())["project"]
    assert project["urls"] == {"Homepage": manual.HOME, "Documentation": manual.DOCS,
                               "Issues": manual.ISSUES}


def test_every_template_is_shipped():
    templates = {path.name for path in _shipped("puzzlereel")
                 if path.parent.name == "config-templates"}
    assert templates == {f"{name}.toml" for name in NAMES} | {"render.toml"}


def test_the_imported_code_is_the_repositorys():
    assert Path(puzzlereel.__file__).resolve().parent == ROOT / "puzzlereel"
    assert Path(puzzlereel.solvers.__file__).resolve().parent == ROOT / "solvers"
    assert Path(puzzlereel.render.__file__).resolve().parent == ROOT / "render"
    assert Path(str(catalog.folder())).resolve() == CONFIGS


def test_the_font_and_its_licence_are_shipped():
    """The bundled font the renderer sets text in, regular and bold, ships inside the
    wheel with its licence (README names it)."""
    from puzzlereel.render.film import typeset

    shipped = {path.name for path in _shipped("puzzlereel.render")}
    assert {"DejaVuSans.ttf", "DejaVuSans-Bold.ttf", "LICENSE-DejaVu.txt"} <= shipped
    for face in (typeset.FONT_FILE, typeset.BOLD_FONT_FILE):
        assert face.name in shipped and face.is_file()
