"""The HTML that puzzlereel writes outside the renderer: the gallery page and the frame
that shows a player inline in Jupyter.

Each is a Jinja2 template in ``page-templates/`` (shipped inside the package) rendered
with autoescaping: every value put into a page is escaped for where it lands (text or
an attribute), and only what is passed as ``Markup`` goes in as it is.
"""

from __future__ import annotations

from functools import cache
from typing import Any

from jinja2 import Environment, PackageLoader, StrictUndefined

FOLDER = "page-templates"


@cache
def environment() -> Environment:
    """The templates' environment: autoescaping always on, a missing value an error."""
    return Environment(loader=PackageLoader("puzzlereel", FOLDER), autoescape=True,
                       undefined=StrictUndefined, keep_trailing_newline=True,
                       trim_blocks=True, lstrip_blocks=True)


def page(name: str, **values: Any) -> str:
    """The template ``name`` rendered with ``values``."""
    return environment().get_template(name).render(**values)


__all__ = ["FOLDER", "environment", "page"]
