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

from puzzlereel import escape

FOLDER = "page-templates"


@cache
def environment() -> Environment:
    """The templates' environment: autoescaping always on, every value first rid of
    what HTML cannot hold (``escape.page_value``), file links by their names' own bytes
    (``urlencode`` is ``escape.url_path``), a missing value an error."""
    env = Environment(loader=PackageLoader("puzzlereel", FOLDER), autoescape=True,
                      undefined=StrictUndefined, keep_trailing_newline=True,
                      trim_blocks=True, lstrip_blocks=True, finalize=escape.page_value)
    env.filters["urlencode"] = escape.url_path
    return env


def page(name: str, **values: Any) -> str:
    """The template ``name`` rendered with ``values``."""
    return environment().get_template(name).render(**values)


__all__ = ["FOLDER", "environment", "page"]
