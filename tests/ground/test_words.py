"""The words every screen uses for counts, sizes and durations."""

from __future__ import annotations

import pytest

from puzzlereel.ground.words import count_text, duration, plural, search_seconds, size_text


@pytest.mark.parametrize(("word", "count", "text"), [
    ("move", 1, "move"), ("move", 0, "moves"), ("move", 81, "moves"),
    ("guess", 1, "guess"), ("guess", 4, "guesses"), ("solution", 92, "solutions"),
    ("entry", 1, "entry"), ("entry", 5, "entries"), ("key", 2, "keys"),
    ("config", 1, "config"), ("config", 2, "configs")])
def test_plural(word: str, count: int, text: str) -> None:
    assert plural(word, count) == text


@pytest.mark.parametrize(("seconds", "text"), [
    (0.0, "under 0.1 ms"), (0.00004, "under 0.1 ms"), (0.0004, "0.4 ms"),
    (0.0045, "4.5 ms"), (0.00996, "10 ms"), (0.0123, "12 ms"), (0.0999, "100 ms"),
    (0.1, "0.10 s"), (0.214, "0.21 s"), (9.994, "9.99 s"), (10.0, "10 s"), (74.6, "75 s")])
def test_durations_read_as_people_write_them(seconds: float, text: str) -> None:
    assert duration(seconds) == text
    assert "0.00" not in duration(seconds)


def test_the_search_time_is_the_searchs_own_when_the_trace_has_it() -> None:
    assert search_seconds({"search_seconds": 0.004, "load_seconds": 0.2, "seconds": 0.204}) \
        == 0.004
    assert search_seconds({"seconds": 1.5}) == 1.5          # a trace from another program
    assert search_seconds({"seconds": True}) is None
    assert search_seconds({"seconds": -1, "search_seconds": "fast"}) is None
    assert search_seconds({}) is None


@pytest.mark.parametrize(("n", "text"), [
    (0, "0"), (41_000, "41,000"), (999_999, "999,999"), (1_000_000, "1.0 M"),
    (2_100_000, "2.1 M"), (16_400_000, "16 M"), (2_100_000_000, "2.1 G"),
    (20_000_000_000, "20 G")])
def test_counts_read_at_a_glance(n: int, text: str) -> None:
    assert count_text(n) == text


@pytest.mark.parametrize(("n", "text"), [
    (0, "0 B"), (999, "999 B"), (1000, "1.00 kB"), (9_994, "9.99 kB"), (9_996, "10.0 kB"),
    (61_234, "61.2 kB"), (99_951, "100 kB"), (220_000, "220 kB"), (999_499, "999 kB"),
    (999_500, "1.00 MB"), (1_040_000, "1.04 MB"), (2_310_000_000, "2.31 GB")])
def test_sizes_have_three_figures_in_powers_of_1000(n: int, text: str) -> None:
    assert size_text(n) == text
