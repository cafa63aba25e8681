"""Every pointer the installed package prints leads somewhere that exists after ``pip
install``: the help of every command, the templates of ``new``, the example configs
``examples NAME`` prints, the pages' templates, the program's messages (every string in
its code but docstrings) and the docs ``puzzlereel docs`` prints name no file of the
repository that is not installed (``docs/rendering.md``, ``configs/french.toml``), only
``puzzlereel docs TOPIC`` for a topic there is and the project's addresses for files
that exist in the repository.  ``puzzlereel docs`` itself lists and prints the topics."""

from __future__ import annotations

import ast
import re
from collections.abc import Iterator
from pathlib import Path

import pytest
import typer
from typer.testing import CliRunner

from puzzlereel.catalog import manual
from puzzlereel.cli import commands as cli_module
from tests.fixtures import CONFIGS, ROOT, cli

# a file or folder of the repository that an install does not have, named by its path
REPOSITORY_PATH = re.compile(r"(?<![\w/.:-])(?:\.\./)?(?:docs|configs|benchmarks|tests|"
                             r"examples)/[\w.*/-]*")
DOCS_COMMAND = re.compile(r"puzzlereel docs ([\w-]+)")
URL = re.compile(r"https?://[^\s)>\"'`]+")
PLACEHOLDERS = {"TOPIC"}


COMMANDS = [None, *sorted(typer.main.get_command(cli_module.app).commands)]  # type: ignore[attr-defined]
# the templates of ``new`` and of the pages, and the example configs
FILES = [path for folder in ("puzzlereel/config-templates", "puzzlereel/page-templates",
                             "render/templates")
         for path in sorted((ROOT / folder).iterdir())] + sorted(CONFIGS.glob("*.toml"))
MODULES = [path for top in ("puzzlereel", "solvers", "render")
           for path in sorted((ROOT / top).rglob("*.py"))]


def help_text(command: str | None) -> str:
    args = [command, "--help"] if command else ["--help"]
    result = CliRunner().invoke(cli_module.app, args, terminal_width=200)
    assert result.exit_code == 0, result.output
    return result.stdout


def messages(path: Path) -> Iterator[tuple[int, str]]:
    """Every string of a module's code but its docstrings and comments, with its line."""
    tree = ast.parse(path.read_text(encoding="utf-8"))
    docstrings = {id(node.body[0].value) for node in ast.walk(tree)
                  if isinstance(node, (ast.Module, ast.ClassDef, ast.FunctionDef,
                                       ast.AsyncFunctionDef))
                  and node.body and isinstance(node.body[0], ast.Expr)
                  and isinstance(node.body[0].value, ast.Constant)}
    for node in ast.walk(tree):
        if isinstance(node, ast.Constant) and isinstance(node.value, str) and \
                id(node) not in docstrings:
            yield node.lineno, node.value


def wrong_pointers(text: str) -> list[str]:
    """What in ``text`` names a file an install lacks, or a pointer that leads nowhere."""
    return REPOSITORY_PATH.findall(text) + broken_pointers(text)


def broken_pointers(text: str) -> list[str]:
    """The pointers in ``text`` that lead nowhere after an install."""
    broken = []
    for topic in DOCS_COMMAND.findall(text):
        if topic not in manual.topics() and topic not in PLACEHOLDERS:
            broken.append(manual.command(topic))
    for url in URL.findall(text):
        url = url.rstrip(".,;:")
        if url.startswith(manual.HOME) and not project_page_exists(url):
            broken.append(url)
    return broken


def project_page_exists(url: str) -> bool:
    """Whether an address on the project's home page is one it has: the home page, its
    issues, or a file or folder of the repository (``tree/main/PATH``, ``blob/main/PATH``)."""
    rest = url.removeprefix(manual.HOME).split("#", 1)[0].strip("/")
    if rest in ("", "issues"):
        return True
    kind, _, path = rest.partition("/main/")
    return kind in ("tree", "blob") and bool(path) and (ROOT / path).exists()


@pytest.mark.parametrize("command", COMMANDS, ids=[f"puzzlereel {c or ''} --help"
                                                 for c in COMMANDS])
def test_help_names_no_file_an_install_lacks(command: str | None) -> None:
    assert wrong_pointers(help_text(command)) == []


@pytest.mark.parametrize("path", FILES, ids=[str(p.relative_to(ROOT)) for p in FILES])
def test_a_template_or_example_names_no_file_an_install_lacks(path: Path) -> None:
    assert wrong_pointers(path.read_text(encoding="utf-8")) == []


@pytest.mark.parametrize("path", MODULES, ids=[str(p.relative_to(ROOT)) for p in MODULES])
def test_a_message_of_the_code_names_no_file_an_install_lacks(path: Path) -> None:
    wrong = [(f"{path.relative_to(ROOT)}:{line}", text, found)
             for line, text in messages(path) if (found := wrong_pointers(text))]
    assert wrong == []


@pytest.mark.parametrize("topic", manual.topics())
def test_a_printed_doc_points_only_where_an_install_reaches(topic: str) -> None:
    text = manual.text(topic)
    assert broken_pointers(text) == []
    prose = manual.CODE.sub("", text)
    relative = [target for target in re.findall(r"\]\(([^)\s]+)\)", prose)
                if not re.match(r"[a-z]+:", target)]
    assert relative == [], "links left relative to the repository"
    named = re.findall(r"(?<![\w/.-])docs/([\w-]+)\.md", text)
    assert not set(named) & set(manual.topics()), "a topic named by its path"


def test_the_walk_catches_a_pointer_that_leads_nowhere() -> None:
    assert REPOSITORY_PATH.findall("# (docs/rendering.md has more)") == ["docs/rendering.md"]
    assert broken_pointers("see puzzlereel docs renderin") == ["puzzlereel docs renderin"]
    assert broken_pointers(f"at {manual.FILES}/docs/nothing.md.") == \
        [f"{manual.FILES}/docs/nothing.md"]
    assert broken_pointers(f"{manual.ISSUES}, {manual.DOCS} and {manual.FILES}/README.md") \
        == []


def test_a_link_is_printed_as_a_command_or_an_address() -> None:
    assert manual.pointer("batch.md") == "puzzlereel docs batch"
    assert manual.pointer("trace-format.md#end") == "puzzlereel docs trace-format"
    assert manual.pointer("images/search-bfs.png") == \
        f"{manual.FILES}/docs/images/search-bfs.png"
    assert manual.pointer("../examples/tour.ipynb") == f"{manual.FILES}/examples/tour.ipynb"
    assert manual.pointer("#layouts") is None
    assert manual.pointer("https://distributed.dask.org") == "https://distributed.dask.org"


def test_docs_lists_the_topics_and_where_they_are_online() -> None:
    result = cli("docs")
    assert result.exit_code == 0, result.output
    lines = result.stdout.splitlines()
    assert [line.split()[0] for line in lines[:len(manual.topics())]] == \
        list(manual.topics())
    assert "rendering" in manual.topics() and manual.DOCS in lines[-1]


def test_docs_prints_a_topic_as_plain_text() -> None:
    result = cli("docs", "cli-and-config")
    assert result.exit_code == 0, result.output
    wanted = (ROOT / "docs" / "cli-and-config.md").read_text(encoding="utf-8").splitlines()[0]
    assert result.stdout.splitlines()[0] == wanted
    assert "puzzlereel docs" in result.stdout and "](" not in result.stdout


def test_an_unknown_topic_is_one_line_naming_the_closest() -> None:
    result = cli("docs", "renderin")
    assert result.exit_code == 2
    assert result.stderr.splitlines() == [
        "puzzlereel: TOPIC: no topic called 'renderin'; did you mean: rendering?"]
    assert Path(ROOT / "docs" / "rendering.md").is_file()
