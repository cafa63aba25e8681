"""The wheel and the sdist as ``python -m build`` makes them from the checkout's files:
``twine check`` passes, and the wheel holds exactly the package's modules, its data
(fonts, templates, examples, the docs' text, type information) and the licences, and
nothing else: no tests, benchmarks, the docs' pictures and scripts or leftovers of an
earlier build.

The files are copied first (those git tracks or would track), so nothing the working
tree has lying around (``build/``, caches) can reach the wheel; the build runs without
isolation, with the test extra's setuptools and ``build``.
"""

from __future__ import annotations

import shutil
import subprocess
import sys
import tarfile
import zipfile
from pathlib import Path

import pytest

from tests.fixtures import ROOT
from tests.ground.test_packaging import DATA, SETUP, _folder_of, _shipped

NAME = "puzzlereel-0.1.0"


def _copy_checkout(into: Path) -> None:
    """The checkout's files as git knows them (tracked, or new and not ignored)."""
    listed = subprocess.run(["git", "ls-files", "-z", "--cached", "--others",
                             "--exclude-standard"], cwd=ROOT, capture_output=True,
                            check=True).stdout.decode().split("\0")
    for name in filter(None, listed):
        source = ROOT / name
        if source.is_file():
            (into / name).parent.mkdir(parents=True, exist_ok=True)
            shutil.copy2(source, into / name)


@pytest.fixture(scope="module")
def dist(tmp_path_factory: pytest.TempPathFactory) -> Path:
    if shutil.which("git") is None or not (ROOT / ".git").exists():
        pytest.skip("needs a git checkout to know the project's files")
    work = tmp_path_factory.mktemp("wheel")
    source, out = work / "src", work / "dist"
    _copy_checkout(source)
    proc = subprocess.run([sys.executable, "-m", "build", "--no-isolation", "--outdir",
                           str(out), str(source)], capture_output=True, text=True)
    assert proc.returncode == 0, proc.stdout[-3000:] + proc.stderr[-3000:]
    return out


def _installed_name(package: str, path: Path) -> str:
    """Where ``path`` (a file of ``package``'s folder) lands in the wheel."""
    return "/".join([*package.split("."), path.relative_to(_folder_of(package)).as_posix()])


def expected_files() -> set[str]:
    """Every module of every listed package and every data file pyproject ships."""
    names: set[str] = set()
    for package in SETUP["packages"]:
        folder = _folder_of(package)
        names |= {_installed_name(package, p) for p in folder.glob("*.py")}
        names |= {_installed_name(package, p) for p in _shipped(package)}
    return names


def test_twine_accepts_both(dist):
    files = sorted(str(p) for p in dist.iterdir())
    assert [Path(f).name for f in files] == [f"{NAME}-py3-none-any.whl", f"{NAME}.tar.gz"]
    proc = subprocess.run([sys.executable, "-m", "twine", "check", "--strict", *files],
                          capture_output=True, text=True)
    assert proc.returncode == 0, proc.stdout + proc.stderr


def test_the_wheel_holds_the_package_its_data_and_licences_only(dist):
    with zipfile.ZipFile(dist / f"{NAME}-py3-none-any.whl") as wheel:
        names = set(wheel.namelist())
    meta = {n for n in names if n.startswith(f"{NAME}.dist-info/")}
    assert names - meta == expected_files()
    assert {f"{NAME}.dist-info/licenses/LICENSE",
            f"{NAME}.dist-info/licenses/render/fonts/LICENSE-DejaVu.txt"} <= meta
    shipped = names - meta
    for wanted in ("puzzlereel/py.typed", "puzzlereel/__init__.pyi",
                   "puzzlereel/render/fonts/DejaVuSans.ttf",
                   "puzzlereel/render/fonts/DejaVuSans-Bold.ttf",
                   "puzzlereel/render/fonts/LICENSE-DejaVu.txt",
                   "puzzlereel/render/templates/player.html",
                   "puzzlereel/page-templates/gallery.html",
                   "puzzlereel/page-templates/inline.html",
                   "puzzlereel/examples/hakoiri-musume.toml",
                   "puzzlereel/docs/rendering.md",
                   "puzzlereel/config-templates/sliding-block.toml"):
        assert wanted in shipped, wanted
    for name in shipped:
        assert name.startswith("puzzlereel/"), name
        parts = name.split("/")
        assert not {"tests", "benchmarks", "images", "build", "__pycache__"} & set(parts), name
        assert not name.endswith((".pyc", ".ipynb", ".png")), name
        assert parts[1] != "docs" or name.endswith(".md"), name
    assert DATA["puzzlereel"], "pyproject ships the package's own data"


def test_the_wheel_names_the_project_urls(dist):
    from puzzlereel.catalog import manual

    with zipfile.ZipFile(dist / f"{NAME}-py3-none-any.whl") as wheel:
        metadata = wheel.read(f"{NAME}.dist-info/METADATA").decode()
    urls = {line.split(": ", 1)[1] for line in metadata.splitlines()
            if line.startswith("Project-URL: ")}
    assert urls == {f"Homepage, {manual.HOME}", f"Documentation, {manual.DOCS}",
                    f"Issues, {manual.ISSUES}"}


def test_the_sdist_holds_the_sources_and_the_licences(dist):
    with tarfile.open(dist / f"{NAME}.tar.gz") as sdist:
        names = {n.split("/", 1)[1] for n in sdist.getnames() if "/" in n}
    assert {"LICENSE", "README.md", "pyproject.toml", "PKG-INFO",
            "render/fonts/LICENSE-DejaVu.txt", "render/fonts/DejaVuSans-Bold.ttf",
            "puzzlereel/py.typed",
            "configs/hakoiri-musume.toml"} <= names
    assert not any(n.startswith(("build/", "outputs/")) for n in names)
