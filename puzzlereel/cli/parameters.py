"""The options and arguments several commands share, declared once for the command line
(``puzzlereel.cli.commands``): what they are called, their help texts and defaults.  The render
options of ``render``, ``run`` and ``preview`` are made from the renderer's table of them
(``render/declared.py``) by ``with_render_flags``."""

from __future__ import annotations

import functools
import inspect
from collections.abc import Callable, Mapping
from pathlib import Path
from types import MappingProxyType
from typing import Annotated, Any, TypeVar, cast

import typer

from puzzlereel.cli import completion
from puzzlereel.ground.errors import quoted
from puzzlereel.ground.filenames import NAME_BYTES, safe_name
from puzzlereel.render.declared import Option, flag_options

Command = TypeVar("Command", bound=Callable[..., Any])

EMPTY_PATH = "an empty argument names no file or folder (write . for the current folder)"


def text_path(value: str | Path) -> str:
    """A file or folder named on the command line, as given; an empty one is a usage
    error, not the current folder."""
    if isinstance(value, str) and value == "":
        raise typer.BadParameter(EMPTY_PATH)
    return str(value)


def file_path(value: str | Path) -> Path:
    """``text_path`` as a ``Path``."""
    return Path(text_path(value))


def file_name(value: str) -> str:
    """A name for files (``import --name``): one of its own, no folder part."""
    if not value or safe_name(value, "") != value:
        raise typer.BadParameter(f"{quoted(value)} is not a plain file name (no folder part, "
                                 "no leading dot, no control characters, at most "
                                 f"{NAME_BYTES} bytes)")
    return value


ConfigArg = Annotated[str, typer.Argument(help="A puzzle config (TOML), e.g. "
                                          "my-puzzle.toml, or a bundled example's name "
                                          "(puzzlereel examples).", show_default=False,
                                          metavar="CONFIG", parser=text_path,
                                          autocompletion=completion.configs)]
MaxStates = Annotated[int | None, typer.Option("--max-states", min=1, metavar="N",
                                               help="Stop (exit 4) after storing this many "
                                               "positions.")]
MaxMemory = Annotated[str | None, typer.Option("--max-memory", metavar="SIZE",
                                               help="Stop (exit 4) before the search "
                                               "stores more than this, e.g. 500M or 12G "
                                               "(default: [solve] max_memory, else half "
                                               "of the memory available).")]
TraceArg = Annotated[str, typer.Argument(help="Trace file, or '-' for stdin.", metavar="TRACE",
                                         parser=text_path)]

# render options (render, run, preview): one typer option for each option of
# render/declared.py that the command has a flag for
RenderFlags = Mapping[str, Any]
"""The render options a command was given, by ``[render]`` key (None: not given)."""
NO_FLAGS: RenderFlags = MappingProxyType({})
GIVEN = "given"     # the command's parameter that receives them


def flag_parameter(option: Option) -> inspect.Parameter:
    """The typer option of ``option``'s flag, as a keyword parameter of a command:
    ``--fps N`` (None: not given), ``--no-title`` (False: not given) or
    ``--search/--no-search`` (None: neither)."""
    if option.switch:
        value_type: Any = bool
        default: Any = False
        info = typer.Option(option.flag, help=option.help)
    elif option.types == (bool,):
        value_type, default = bool | None, None
        info = typer.Option(option.flag, show_default=False, help=option.help)
    else:
        value_type, default = option.value_type | None, None
        info = typer.Option(option.flag, metavar=option.value_name, help=option.help,
                            autocompletion=completion.choices(option.choices)
                            if option.choices else None)
    return inspect.Parameter(_name(option), inspect.Parameter.KEYWORD_ONLY,
                             default=default, annotation=Annotated[value_type, info])


def _name(option: Option) -> str:
    """The command's parameter of ``option``'s flag: ``gif_fps``, ``no_title``."""
    return option.flags[0].removeprefix("--").replace("-", "_")


def with_render_flags(command: str) -> Callable[[Command], Command]:
    """Give ``command`` its render options: its parameter ``given`` is replaced, in its
    place among the others (``--help`` lists them in that order), by the typer option of
    each option it has a flag for (``declared.flag_options``), and receives their values
    as ``RenderFlags``."""
    options = flag_options(command)

    def decorate(func: Command) -> Command:
        signature = inspect.signature(func, eval_str=True)
        params: list[inspect.Parameter] = []
        for param in signature.parameters.values():
            if param.name == GIVEN:
                params += [flag_parameter(option) for option in options]
            else:
                params.append(param.replace(kind=inspect.Parameter.KEYWORD_ONLY))

        @functools.wraps(func)
        def with_flags(**kwargs: Any) -> Any:
            given = {option.config_key: _given(option, kwargs.pop(_name(option)))
                     for option in options}
            return func(**kwargs, **{GIVEN: given})

        made = signature.replace(parameters=params)
        with_flags.__signature__ = made  # type: ignore[attr-defined]
        with_flags.__annotations__ = {**{param.name: param.annotation for param in params},
                                      "return": made.return_annotation}
        return cast(Command, with_flags)

    return decorate


def _given(option: Option, value: Any) -> Any:
    """A flag's value as the value of its ``[render]`` key: ``--no-title`` is
    ``title = false``; a switch not given, None."""
    if option.switch:
        return False if value else None
    return value


Force = Annotated[bool, typer.Option("--force", help="Replace the output file(s) if they "
                                     "exist.")]
