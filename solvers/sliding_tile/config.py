"""Reading a sliding_tile config (TEMPORARY: the loader still lives in ``search``)."""

from .search import load

__all__ = ["load"]
