"""How ``--help`` shows a command: every argument and option by the name of its value
(``CONFIG``, ``FILE``, ``N``, ``light|dark|wood``), never by a Python type, and the
usage line in the usual form (``CONFIG`` required, ``[NAME]`` optional, ``CONFIG...``
repeated); the output formats as help lists them (``suffixes``)."""

from __future__ import annotations

from typing import Any

from typer.core import TyperCommand

from puzzlereel.ground.formats import STREAM, Format
from puzzlereel.ground.words import one_of


class Command(TyperCommand):
    """A command whose help names each argument by its metavar alone (typer adds the
    Python type, ``CONFIG <Path>``, and braces a required one in the usage line,
    ``{CONFIG}``); options show their own metavar, which every option with a value
    declares."""

    def collect_usage_pieces(self, ctx: Any) -> list[str]:
        pieces = [self.options_metavar] if self.options_metavar else []
        for param in self.get_params(ctx):
            if param.param_type_name == "argument":
                name = value_name(param)
                pieces.append(name if param.required else f"[{name}]")
            else:
                pieces += param.get_usage_pieces(ctx)
        return pieces

    def format_options(self, ctx: Any, formatter: Any) -> None:
        arguments: list[tuple[str, str]] = []
        options: list[tuple[str, str]] = []
        for param in self.get_params(ctx):
            record = param.get_help_record(ctx)
            if record is None:
                continue
            if param.param_type_name == "argument":
                arguments.append((value_name(param), record[1]))
            else:
                options.append(record)
        for heading, records in (("Arguments", arguments), ("Options", options)):
            if records:
                with formatter.section(heading):
                    formatter.write_dl(records)


def value_name(argument: Any) -> str:
    """An argument's name in help: its metavar (else its name in capitals), with ``...``
    when it takes several values."""
    name = str(argument.metavar or argument.name.upper())
    return name if argument.nargs == 1 else f"{name}..."


def suffixes(formats: tuple[Format, ...]) -> str:
    """The formats as help lists them, by suffix: ".mp4, .webm or .png (contact sheet)"."""
    return one_of([f.listed for f in formats])


def streamed(flag: str) -> str:
    """What a device or pipe given to ``flag`` gets: "A device or pipe without a suffix
    (-o /dev/null) gets the MP4."."""
    return f"A device or pipe without a suffix ({flag} /dev/null) gets the {STREAM.name}."


__all__ = ["Command", "streamed", "suffixes", "value_name"]
