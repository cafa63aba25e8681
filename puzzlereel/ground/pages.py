"""Every HTML page puzzlereel writes, through one Jinja2 environment: the gallery page
and the frame that shows a player inline in Jupyter (templates in ``page-templates/``),
and the renderer's player (``render/templates/``, in the package ``puzzlereel.render``).

Every page is rendered with one policy: autoescaping, so every value put into a page is
escaped for where it lands (text or an attribute) and only what is passed as ``Markup``
goes in as it is; and a value a template names but is not given is an error.  The
template names are unique across the two folders.
"""

from __future__ import annotations

from functools import cache
from typing import Any

from jinja2 import ChoiceLoader, Environment, PackageLoader, StrictUndefined

from puzzlereel.ground import escape

PAGES_FOLDER = "page-templates"
PLAYER = ("puzzlereel.render", "templates")     # the player's page and script


@cache
def environment() -> Environment:
    """The pages' one environment: autoescaping always on, every value first rid of
    what HTML cannot hold (``escape.page_value``), file links by their names' own bytes
    (``urlencode`` is ``escape.url_path``), a missing value an error."""
    loader = ChoiceLoader([PackageLoader("puzzlereel", PAGES_FOLDER), PackageLoader(*PLAYER)])
    env = Environment(loader=loader, autoescape=True,
                      undefined=StrictUndefined, keep_trailing_newline=True,
                      trim_blocks=True, lstrip_blocks=True, finalize=escape.page_value)
    env.filters["urlencode"] = escape.url_path
    return env


def page(name: str, **values: Any) -> str:
    """The template ``name`` rendered with ``values``."""
    return environment().get_template(name).render(**values)


__all__ = ["PAGES_FOLDER", "PLAYER", "environment", "page"]
