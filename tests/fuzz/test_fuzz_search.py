"""Fuzzing search events: any valid one reads back as written; any mutation of one is
read or refused with a ``TraceError`` naming its field; and a solved trace whose search
events were mutated is accepted or refused by ``validate`` naming the line, never with
another error."""

from __future__ import annotations

import io
import json
from typing import Any

from hypothesis import given

from puzzlereel.ground.errors import PuzzlereelError
from puzzlereel.trace import Search, TraceError, event_from_json, validate
from tests.fuzz.checks import check_error, time_limit
from tests.fuzz.conftest import Fuzz
from tests.fuzz.strategies import (
    SMALL,
    Case,
    _json_dumps,
    mutate_data,
    search_lines,
    trace_cases,
)


def test_a_valid_search_line_reads_back_as_written(fuzz: Fuzz) -> None:
    @fuzz.settings(500)
    @given(search_lines())
    def run(line: dict[str, Any]) -> None:
        event = event_from_json(json.loads(json.dumps(line)), "n-queens")
        assert isinstance(event, Search)
        assert event.to_json() == {k: v for k, v in line.items()
                                   if not (k == "span" and v == 1)}

    run()


def test_a_mutated_search_line_is_read_or_refused_naming_a_field(fuzz: Fuzz) -> None:
    @fuzz.settings(1000)
    @given(search_lines().flatmap(lambda line: mutate_data(line, None)))
    def run(mutated: tuple[dict[str, Any], list[str]]) -> None:
        line, _ = mutated
        try:
            text = _json_dumps(line)
            obj = json.loads(text)
        except (ValueError, RecursionError):
            return      # not JSON a reader would get past (tested in test_fuzz_traces)
        try:
            event = event_from_json(obj, "sliding-tile")
        except TraceError as exc:
            assert exc.field and "\n" not in str(exc), str(exc)
            return
        if isinstance(event, Search):
            event.check()

    run()


def test_a_trace_with_mutated_search_events_is_refused_by_line(fuzz: Fuzz) -> None:
    @fuzz.settings(300)
    @given(trace_cases(SMALL, modes=("search",)))
    def run(case: Case) -> None:
        caught: Exception | None = None
        try:
            with time_limit():
                validate(io.BytesIO(case.data), "t.jsonl")
        except Exception as exc:    # checked outside: a failed check shows no long chain
            caught = exc
        if caught is not None:
            assert isinstance(caught, PuzzlereelError), repr(caught)
            check_error(caught, "t.jsonl", needs_line=True)

    run()
