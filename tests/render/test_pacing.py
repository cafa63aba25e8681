"""The pace of a video (``render.direction.pacing``): each beat's weight and time, the move
list's lines, the opening's and the ending's lengths; pure functions, tested on beats
made here."""

from __future__ import annotations

import statistics

from hypothesis import given
from hypothesis import strategies as st

from puzzlereel.render.direction import pacing
from puzzlereel.render.direction.pacing import (
    DECISIVE,
    ENDING_LEAST,
    ENDING_SHARE,
    FINALE,
    FREE,
    LEADING,
    LINE_MOVES,
    LINE_SECONDS,
    OPENING_BOUNDS,
    SQUEEZE,
)
from puzzlereel.render.direction.scene.beats import Beat
from puzzlereel.trace import Choices


def moves(n: int, **overrides: dict[str, object]) -> list[Beat]:
    """``n`` one-cell moves numbered from 1; ``overrides[k]``: fields of move k."""
    return [Beat(move=k, units=1.0, note=f"m{k}", **overrides.get(str(k), {}))  # type: ignore[arg-type]
            for k in range(1, n + 1)]


def on_screen(times: list[pacing.Timed]) -> list[float]:
    return [t.motion + t.pause for t in times]


def test_routine_moves_weigh_one_and_free_ones_less() -> None:
    beats = moves(20, **{"3": {"choices": Choices(4, 2)}, "4": {"choices": Choices(4, 1)}})
    w = pacing.weights(beats, [0.1] * 20, 0.25, finale=0)
    assert w[2] == FREE                     # half the moves would have done as well
    assert w[3] == 1.0 and w[0] == 1.0      # an only move among the usual few: routine


def test_a_decisive_move_plays_longer_than_the_median_move() -> None:
    """The only move that keeps the optimum where the position had more legal moves
    than three positions in four of the trace: at least DECISIVE times the median."""
    common = {str(k): {"choices": Choices(3, 1)} for k in range(1, 21)}
    common["7"] = {"choices": Choices(9, 1)}
    beats = moves(20, **common)
    assert [pacing.decisive(b, pacing.typical_legal(beats)) for b in beats].count(True) == 1
    times = on_screen(pacing.timed(beats, 0.25, 0.1, finale=0))
    assert times[6] >= DECISIVE * statistics.median(times) - 1e-9


def test_every_move_forced_singles_none_out() -> None:
    beats = moves(10, **{str(k): {"choices": Choices(4, 1)} for k in range(1, 11)})
    typical = pacing.typical_legal(beats)
    assert not any(pacing.decisive(b, typical) for b in beats)
    motions = [t.motion for t in pacing.timed(beats, 0.25, 0.1, finale=0)]
    assert max(motions) - min(motions) < 1e-9


def test_the_leading_piece_and_the_finale_play_longer() -> None:
    """A move of the piece the puzzle is about, and the last moves before the goal,
    play at least LEADING / FINALE times the median move, rising to the last."""
    beats = moves(40, **{"10": {"leading": True}, "20": {"leading": True}})
    times = on_screen(pacing.timed(beats, 0.25, 0.1, finale=5))
    median = statistics.median(times)
    assert times[9] >= LEADING * median - 1e-9 and times[19] >= LEADING * median - 1e-9
    finale = times[-5:]
    assert finale == sorted(finale) and finale[0] >= FINALE[0] * median - 1e-9
    assert finale[-1] >= FINALE[1] * median - 1e-9


def test_the_moves_keep_their_total_time() -> None:
    """Weighting moves time from routine moves to the ones that matter: together they
    last what they would unweighted."""
    beats = moves(60, **{str(k): {"leading": True} for k in range(5, 60, 7)})
    plain = sum(b.units * 0.22 + (0.1 if k < 59 else 0.0) for k, b in enumerate(beats))
    assert abs(sum(on_screen(pacing.timed(beats, 0.22, 0.1))) - plain) < 1e-9


def test_routine_moves_are_squeezed_no_further_than_squeeze() -> None:
    """When nearly every move matters, routine moves keep SQUEEZE of their time and
    the video runs longer instead."""
    beats = moves(8, **{str(k): {"leading": True} for k in range(2, 9)})
    times = pacing.timed(beats, 0.25, 0.1, finale=0)
    assert times[0].motion >= SQUEEZE * 0.25 - 1e-9


def test_steps_the_counter_does_not_count_weigh_one() -> None:
    beats = [Beat(move=None, units=1.0), *moves(5), Beat(units=0.0, pause=False)]
    w = pacing.weights(beats, [0.0] * 7, 0.25, finale=5)
    assert w[0] == 1.0 and w[-1] == 1.0


# ---------------------------------------------------------------- lines


@given(st.lists(st.floats(0.02, 1.5), min_size=1, max_size=60))
def test_a_line_stays_long_enough_to_read(gaps: list[float]) -> None:
    """Each line but the last lasts LINE_SECONDS or holds LINE_MOVES moves; none holds
    more; every note is on exactly one line, in order."""
    starts = [sum(gaps[:k]) for k in range(len(gaps))]
    notes = [(k + 1, f"m{k + 1}", "Move") for k in range(len(gaps))]
    made = pacing.lines(notes, starts)
    assert [n for line in made for n in line.notes] == list(range(len(notes)))
    for line, after in zip(made, made[1:]):
        lasted = starts[after.notes[0]] - starts[line.notes[0]]
        assert lasted >= LINE_SECONDS - 1e-9 or len(line.notes) == LINE_MOVES
    assert all(len(line.notes) <= LINE_MOVES for line in made)


def test_one_move_told_in_two_beats_stays_on_its_line_and_words_part() -> None:
    notes = [(1, "a", "Step"), (1, "b", "Step"), (2, "c", "Step"), (1, "x", "Solution")]
    made = pacing.lines(notes, [0.0, 0.7, 1.4, 2.1])
    assert [line.texts for line in made] == [("a", "b"), ("c",), ("x",)]
    assert made[0].label == "1" and made[2].word == "Solution"


def test_a_line_of_several_moves_is_labelled_with_its_range() -> None:
    made = pacing.lines([(11, "x", "Move"), (12, "a", "Move"), (13, "b", "Move"),
                         (14, "c", "Move")], [0.0, 1.0, 1.2, 1.4])
    assert [line.label for line in made] == ["1–11", "12–14"]
    assert made[1].number == "12"


# ---------------------------------------------------------------- opening, ending


def test_the_opening_lasts_as_long_as_its_words_take_to_read() -> None:
    lo, hi = OPENING_BOUNDS
    short = pacing.opening_seconds("Hoppers", 60.0)
    long = pacing.opening_seconds(" ".join(["word"] * 40), 60.0)
    assert lo <= short < long <= hi
    assert pacing.opening_seconds(" ".join(["word"] * 40), 4.0) <= max(1.2, 0.25 * 4.0)


@given(st.floats(0.5, 600.0), st.floats(0.5, 10.0))
def test_the_ending_is_at_most_its_share_and_at_least_two_seconds(before: float,
                                                                   usual: float) -> None:
    e = pacing.ending_seconds(before, usual)
    assert e >= ENDING_LEAST - 1e-9
    assert e <= max(ENDING_LEAST, usual) + 1e-9
    assert e <= max(ENDING_LEAST, ENDING_SHARE * (before + e)) + 1e-9
