"""Hypothesis strategies for the fuzzers: valid configs and traces, and hostile mutations.

A *case* is one input file as bytes: a valid config (a shipped one, ``configs/*.toml``)
or a valid trace (solved in the test from a small shipped config, or one of
``tests/data``), with one to three mutations applied.  Mutations are of the kinds a
hostile or careless user makes:

* in the data (the TOML tables, a trace line's JSON object): a key deleted, a value
  replaced by one of the wrong type, a huge, negative, NaN or infinite number, an
  integer of thousands of digits, arrays nested thousands deep, a string of a million
  characters, an unknown name (a preset, a theme, a puzzle type), an unknown key holding
  any of those, and the same as a config's ``[render]`` value or a trace header's render
  hint;
* in the bytes: cut anywhere (mid-line, mid-character), a byte flipped, bytes that are
  not UTF-8, lines swapped, duplicated, dropped or left blank, CRLF line ends.

A trace's search events (``search_lines`` draws valid ones) are mutated like any line,
and also on purpose (``trace_cases``' "search" mutation picks one of them).

Values json and TOML writers refuse to write (5,000 digits, 100,000 brackets) are put
in as ``Raw`` text.
"""

from __future__ import annotations

import copy
import functools
import io
import json
import math
import re
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from hypothesis import strategies as st

from puzzlereel.actions.solve import solve_events
from puzzlereel.catalog.puzzles import load_puzzle
from puzzlereel.render.options import KEYS
from puzzlereel.solvers.base import SolveOptions
from puzzlereel.trace import write_trace
from tests.fixtures import CONFIGS, DATA

# shipped configs that solve in well under a second: the fuzzers solve them (and
# mutations of them) in-process
SMALL = ("dads-puzzle", "eight-puzzle", "hakoiri-musume", "hoppers", "komachi-100",
         "mastermind-knuth", "mastermind-9876-simple", "n-queens-8", "oomachi",
         "rush-hour-style", "send-more-money", "six-puzzle-2x3", "triangle")
SHIPPED = tuple(sorted(p.stem for p in CONFIGS.glob("*.toml")))
HAND_WRITTEN = tuple(sorted(p.name for p in DATA.glob("*.jsonl")))


@dataclass(frozen=True)
class Raw:
    """Text written into a config or trace as it is (what ``json.dumps`` and a TOML
    writer would refuse: an integer of 5,000 digits, brackets nested 100,000 deep)."""

    text: str

    def __repr__(self) -> str:
        return f"Raw({self.text[:12]!r}… {len(self.text):,} chars)"

    def _repr_pretty_(self, printer: Any, cycle: bool) -> None:
        printer.text(repr(self))


@dataclass(frozen=True)
class Case:
    """One fuzzed input: what it was made from, the mutations applied, and its bytes."""

    origin: str
    mutations: tuple[str, ...]
    data: bytes

    def __repr__(self) -> str:   # hypothesis prints the failing case: keep it readable
        head = self.data[:160]
        return (f"Case({self.origin!r}, {list(self.mutations)!r}, {len(self.data):,} bytes: "
                f"{head!r}{'…' if len(self.data) > 160 else ''})")

    def _repr_pretty_(self, printer: Any, cycle: bool) -> None:   # hypothesis' printer
        printer.text(repr(self))


# ---------------------------------------------------------------- valid inputs


def config_bytes(name: str) -> bytes:
    """A shipped config, as its file holds it."""
    return (CONFIGS / f"{name}.toml").read_bytes()


@functools.cache
def solved_trace(name: str) -> bytes:
    """The trace of a small shipped config, solved here (once per run)."""
    if name in HAND_WRITTEN:
        return (DATA / name).read_bytes()
    loaded = load_puzzle(CONFIGS / f"{name}.toml")
    out = io.StringIO()
    write_trace(solve_events(loaded, SolveOptions()), out)
    return out.getvalue().encode("utf-8")


# ---------------------------------------------------------------- hostile values

NAN, INF = math.nan, math.inf
SPECIAL: tuple[object, ...] = (
    NAN, INF, -INF, -0.0, 0, 0.0, -1, -1.5, 1e-300, 1e308, -1e308, 2**31, 2**63, 2**64 + 1,
    -(2**63), 10**30, 10**300, True, False, None, "", " ", [], {}, [[]], {"": None},
)
BOGUS_NAMES = ("bogus", "neon", "ultrafast", "placebo", "PLACEBO", "veryfast ", "mp3",
               "ease", "chess", "sliding_block", "solved ", "fringe", "héllo", "\x00",
               "a\nb", "../../etc/passwd")


def nested(depth: int, closed: bool = True) -> Raw:
    """Arrays nested ``depth`` deep (left open when not ``closed``)."""
    return Raw("[" * depth + ("]" * depth if closed else ""))


def nasty_values() -> st.SearchStrategy[object]:
    """Values of every wrong kind, size and shape."""
    return st.one_of(
        st.sampled_from(SPECIAL).map(copy.deepcopy),   # fresh: mutations change containers
        st.sampled_from(BOGUS_NAMES),
        st.integers(min_value=-(2**70), max_value=2**70),
        st.floats(allow_nan=True, allow_infinity=True),
        st.text(max_size=12),
        st.integers(min_value=4_200, max_value=6_000).map(lambda n: Raw("9" * n)),
        st.integers(min_value=1_000, max_value=4_000).map(lambda n: Raw("-" + "7" * n)),
        st.sampled_from((33, 200, 1_000, 100_000)).map(nested),
        st.sampled_from((1_000, 100_000)).map(lambda d: nested(d, closed=False)),
        st.sampled_from((1_000, 100_000, 1_000_000)).map(lambda n: "W" * n),
        st.lists(st.integers(-3, 3), max_size=4),
        st.dictionaries(st.text(max_size=3), st.integers(-3, 3), max_size=2),
    )


# ---------------------------------------------------------------- writing data back


def _json_dumps(obj: object) -> str:
    raws: list[str] = []

    def swap(node: object) -> object:
        if isinstance(node, Raw):
            raws.append(node.text)
            return f"\x00RAW{len(raws) - 1}\x00"
        if isinstance(node, dict):
            return {k: swap(v) for k, v in node.items()}
        if isinstance(node, list):
            return [swap(v) for v in node]
        return node

    text = json.dumps(swap(obj), ensure_ascii=False)   # NaN / Infinity as Python writes them
    for i, raw in enumerate(raws):
        text = text.replace(json.dumps(f"\x00RAW{i}\x00"), raw, 1)
    return text


_BARE = re.compile(r"[A-Za-z0-9_-]+")


def _toml_key(key: object) -> str:
    text = str(key)
    return text if _BARE.fullmatch(text) else json.dumps(text, ensure_ascii=False)


def _toml_value(value: object) -> str:
    if isinstance(value, Raw):
        return value.text
    if isinstance(value, bool):
        return "true" if value else "false"
    if isinstance(value, int):
        return str(value)
    if isinstance(value, float):
        if math.isnan(value):
            return "nan"
        if math.isinf(value):
            return "inf" if value > 0 else "-inf"
        return repr(value)
    if isinstance(value, str):
        return json.dumps(value, ensure_ascii=False)
    if isinstance(value, list):
        return "[" + ", ".join(_toml_value(v) for v in value) + "]"
    if isinstance(value, dict):
        return "{ " + ", ".join(f"{_toml_key(k)} = {_toml_value(v)}"
                                for k, v in value.items()) + " }"
    return "null"    # TOML has no null: a syntax error, which is one more bad input


def toml_text(data: dict[str, Any]) -> str:
    """``data`` as a TOML document: top-level values, then one ``[table]`` per dict."""
    lines = [f"{_toml_key(k)} = {_toml_value(v)}" for k, v in data.items()
             if not isinstance(v, dict)]
    for name, table in data.items():
        if isinstance(table, dict):
            lines.append(f"\n[{_toml_key(name)}]")
            lines.extend(f"{_toml_key(k)} = {_toml_value(v)}" for k, v in table.items())
    return "\n".join(lines) + "\n"


# ---------------------------------------------------------------- mutations of data

PathT = tuple[str | int, ...]


def _paths(node: object, prefix: PathT = ()) -> list[PathT]:
    out: list[PathT] = []
    items: Sequence[tuple[str | int, object]]
    if isinstance(node, dict):
        items = list(node.items())
    elif isinstance(node, list):
        items = list(enumerate(node))
    else:
        return out
    for key, child in items:
        out.append((*prefix, key))
        out.extend(_paths(child, (*prefix, key)))
    return out


def _parent(tree: Any, path: PathT) -> Any:
    node = tree
    for key in path[:-1]:
        node = node[key]
    return node


@st.composite
def mutate_data(draw: st.DrawFn, tree: dict[str, Any], hints: str | None
                ) -> tuple[dict[str, Any], list[str]]:
    """One to three mutations of a parsed config or trace line.  ``hints`` names the
    table of render options in it (``"render"``), if it may have one."""
    tree = copy.deepcopy(tree)
    done: list[str] = []
    for _ in range(draw(st.integers(1, 3))):
        kinds = ["delete", "replace", "unknown"] + (["render"] * 3 if hints else [])
        kind = draw(st.sampled_from(kinds))
        paths = _paths(tree)
        if kind == "render" and hints:
            key = draw(st.sampled_from(KEYS))
            value = draw(nasty_values())
            table = tree.get(hints)
            if not isinstance(table, dict):
                table = tree[hints] = {}
            table[key] = value
            done.append(f"{hints}.{key} = {value!r:.60}")
        elif kind == "unknown" or not paths:
            value = draw(nasty_values())
            containers = [p for p in paths if isinstance(_parent(tree, (*p, 0)), dict)]
            where = draw(st.sampled_from([(), *containers]))
            node = tree if not where else _parent(tree, (*where, 0))
            node["zz_unknown"] = value
            done.append(f"{'.'.join(map(str, where)) or '<top>'}.zz_unknown = {value!r:.60}")
        else:
            path = draw(st.sampled_from(paths))
            parent = _parent(tree, path)
            name = ".".join(map(str, path))
            if kind == "delete":
                del parent[path[-1]]
                done.append(f"del {name}")
            else:
                value = draw(nasty_values())
                parent[path[-1]] = value
                done.append(f"{name} = {value!r:.60}")
    return tree, done


# ---------------------------------------------------------------- mutations of bytes


@st.composite
def mutate_bytes(draw: st.DrawFn, data: bytes) -> tuple[bytes, str]:
    """One change to the bytes of a file: cut, flipped, not UTF-8, lines moved."""
    kind = draw(st.sampled_from(["cut", "flip", "not-utf8", "swap", "duplicate", "drop",
                                 "blank", "crlf"]))
    lines = data.splitlines(keepends=True) or [b""]
    if kind == "cut":
        at = draw(st.integers(0, max(0, len(data) - 1)))
        return data[:at], f"cut at byte {at}"
    if kind == "flip":
        at = draw(st.integers(0, max(0, len(data) - 1)))
        bit = draw(st.integers(0, 7))
        flipped = bytearray(data)
        if flipped:
            flipped[at] ^= 1 << bit
        return bytes(flipped), f"flip bit {bit} of byte {at}"
    if kind == "not-utf8":
        at = draw(st.integers(0, len(data)))
        junk = draw(st.sampled_from([b"\xff", b"\xc3", b"\xed\xa0\x80", b"\xe2\x82",
                                     b"\x80\x80", b"\xf8\x88\x80\x80\x80"]))
        return data[:at] + junk + data[at:], f"insert {junk!r} at byte {at}"
    i = draw(st.integers(0, len(lines) - 1))
    j = draw(st.integers(0, len(lines) - 1))
    if kind == "swap":
        lines[i], lines[j] = lines[j], lines[i]
        return b"".join(lines), f"swap lines {i + 1} and {j + 1}"
    if kind == "duplicate":
        lines.insert(j, lines[i])
        return b"".join(lines), f"copy line {i + 1} before line {j + 1}"
    if kind == "drop":
        del lines[i]
        return b"".join(lines), f"drop line {i + 1}"
    if kind == "blank":
        lines.insert(i, b"\n")
        return b"".join(lines), f"blank line before line {i + 1}"
    return data.replace(b"\n", b"\r\n"), "CRLF line ends"


# ---------------------------------------------------------------- cases


def _config_case(draw: st.DrawFn, names: Sequence[str], *, only_render: bool) -> Case:
    import tomllib

    name = draw(st.sampled_from(names))
    data = config_bytes(name)
    mutations: list[str] = []
    how = "render" if only_render else draw(st.sampled_from(["data", "data", "bytes",
                                                             "both", "none"]))
    if how in ("data", "both", "render"):
        tree = tomllib.loads(data.decode("utf-8"))
        if how == "render":
            tree.setdefault("render", {})
            key = draw(st.sampled_from(KEYS))
            value = draw(nasty_values())
            tree["render"][key] = value
            mutations.append(f"render.{key} = {value!r:.60}")
        else:
            tree, done = draw(mutate_data(tree, "render"))
            mutations.extend(done)
        data = toml_text(tree).encode("utf-8", "surrogatepass")
    if how in ("bytes", "both"):
        data, done_bytes = draw(mutate_bytes(data))
        mutations.append(done_bytes)
    return Case(f"configs/{name}.toml", tuple(mutations), data)


@st.composite
def config_cases(draw: st.DrawFn, names: Sequence[str] = SHIPPED, *,
                 only_render: bool = False) -> Case:
    """A shipped config, most often mutated (in its data, its bytes, or both)."""
    return _config_case(draw, names, only_render=only_render)


@st.composite
def trace_cases(draw: st.DrawFn, names: Sequence[str] = SMALL + HAND_WRITTEN,
                modes: Sequence[str] = ("header", "hints", "line", "search", "bytes", "both",
                                        "none")) -> Case:
    """A valid trace, most often mutated: its header (and render hints), one of its
    event lines (one of its search events: "search"), or its bytes; ``modes`` are the
    kinds of mutation drawn from."""
    name = draw(st.sampled_from(names))
    data = solved_trace(name)
    mutations: list[str] = []
    how = draw(st.sampled_from(list(modes)))
    if how in ("header", "hints", "line", "search", "both"):
        lines = data.decode("utf-8").splitlines()
        searches = [i for i, line in enumerate(lines) if '"type":"search"' in line]
        if how == "search" and searches:
            i = draw(st.sampled_from(searches))
        else:
            i = 0 if how in ("header", "hints") else draw(st.integers(0, len(lines) - 1))
        obj = json.loads(lines[i])
        if how == "hints":
            render = obj.setdefault("render", {})
            for _ in range(draw(st.integers(1, 3))):
                key = draw(st.sampled_from(KEYS))
                value = draw(nasty_values())
                render[key] = value
                mutations.append(f"line 1: render.{key} = {value!r:.60}")
        else:
            obj, done = draw(mutate_data(obj, "render" if i == 0 else None))
            mutations.extend(f"line {i + 1}: {m}" for m in done)
        lines[i] = _json_dumps(obj)
        data = ("\n".join(lines) + "\n").encode("utf-8", "surrogatepass")
    if how in ("bytes", "both"):
        data, done_bytes = draw(mutate_bytes(data))
        mutations.append(done_bytes)
    origin = f"tests/data/{name}" if name in HAND_WRITTEN else f"solved configs/{name}.toml"
    return Case(origin, tuple(mutations), data)


# ---------------------------------------------------------------- search events


@st.composite
def search_lines(draw: st.DrawFn) -> dict[str, Any]:
    """A valid search event line, of any phase, with counts of any size it allows."""
    from puzzlereel.trace.search_event import MAX_COUNT

    count = st.integers(0, MAX_COUNT)
    phase = draw(st.sampled_from(["bfs", "bidirectional", "ida*", "deepening", "dfs",
                                  "candidates"]))
    line: dict[str, Any] = {"type": "search", "phase": phase}
    span = draw(st.one_of(st.none(), st.integers(1, 10**6)))
    if span is not None:
        line["span"] = span
    least = span or 1
    if phase in ("bfs", "bidirectional"):
        new = draw(st.integers(least, MAX_COUNT))
        line.update(depth=draw(st.integers(least - 1, MAX_COUNT)), new=new,
                    total=draw(st.integers(new, MAX_COUNT)))
        if phase == "bidirectional":
            line["side"] = draw(st.sampled_from(["forward", "backward"]))
    elif phase == "candidates":
        tested = draw(count)
        line.update(tested=tested, accepted=draw(st.integers(0, tested)))
    else:
        line["nodes"] = draw(count)
        if phase != "dfs":
            line["bound"] = draw(count)
    return line


__all__ = ["Case", "HAND_WRITTEN", "Raw", "SHIPPED", "SMALL", "config_bytes", "config_cases",
           "mutate_bytes", "mutate_data", "nasty_values", "nested", "search_lines",
           "solved_trace", "toml_text", "trace_cases"]
