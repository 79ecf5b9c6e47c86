"""Misbehaving user rules get clear errors naming the method and the position
(issue 34): a method raising (traceback kept), a cycle where the game must
end, unhashable keys, duplicate moves, results of the wrong type, a search
past its budget, Ctrl-C within 0.2 s."""
import os
import signal
import threading
import time
import traceback

import pytest

import perfectplay


class Countdown(perfectplay.Rules):
    """Take 1 or 2 from n; the variants below break one rule each."""
    name = "countdown"

    def start(self):
        return 10

    def moves(self, n):
        return [k for k in (1, 2) if k <= n]

    def play(self, n, k):
        return n - k


def test_a_method_raising_keeps_its_exception_and_traceback_and_names_the_position():
    class Raising(Countdown):
        def moves(self, n):
            if n == 4:
                raise ValueError("no moves at four")
            return super().moves(n)

    with pytest.raises(ValueError, match="no moves at four") as info:
        perfectplay.solve(Raising())
    notes = getattr(info.value, "__notes__", [])
    assert any("countdown.moves(p)" in n and "position 4" in n for n in notes), notes
    tb = "".join(traceback.format_exception(info.value))
    assert 'raise ValueError("no moves at four")' in tb  # the user's frame is kept


def test_play_raising_names_the_move():
    class BadPlay(Countdown):
        def play(self, n, k):
            if k == 2 and n == 7:
                raise KeyError("oops")
            return n - k

    with pytest.raises(KeyError) as info:
        perfectplay.solve(BadPlay())
    assert any("play(p, 2)" in n and "position 7" in n for n in info.value.__notes__)


def test_a_cycle_in_a_game_that_must_end_is_named():
    class Stuck(Countdown):
        def play(self, n, k):
            return n if n == 3 else n - k  # 3 plays back into 3

    with pytest.raises(perfectplay.RulesError, match=r"countdown has a cycle: 3 -> 3") as info:
        perfectplay.solve(Stuck())
    assert "loopy = True" in str(info.value)


def test_a_loopy_game_gets_draws_by_repetition():
    class Loopy(Countdown):
        loopy = True

        def moves(self, n):
            return ["down", "stay"] if n > 0 else []

        def play(self, n, m):
            return n - 1 if m == "down" else n

    # From any n > 0 the player to move can repeat forever: nobody can force a win...
    assert perfectplay.solve(Loopy(), 3)["kind"] == "draw"
    # ...except from 1, where "down" wins at once.
    assert perfectplay.solve(Loopy(), 1) == {"kind": "win", "remoteness": 1, "source": "reference"}
    assert perfectplay.solve(Loopy(), 0) == {"kind": "loss", "remoteness": 0, "source": "reference"}


def test_an_unhashable_position_is_named():
    class Lists(Countdown):
        def start(self):
            return [10]

        def moves(self, p):
            return [k for k in (1, 2) if k <= p[0]]

        def play(self, p, k):
            return [p[0] - k]

    with pytest.raises(perfectplay.RulesError, match=r"the key of the position \[10\] is unhashable"):
        perfectplay.solve(Lists())

    class BadKey(Countdown):
        def key(self, n):
            return {n}

    with pytest.raises(perfectplay.RulesError, match=r"countdown.key\(p\) must return a hashable"):
        perfectplay.solve(BadKey())


def test_duplicate_moves_are_named():
    class Twice(Countdown):
        def moves(self, n):
            return [1, 1] if n == 5 else super().moves(n)

    with pytest.raises(perfectplay.RulesError,
                       match=r"countdown.moves\(p\) listed a move twice on the position 5"):
        perfectplay.solve(Twice())


def test_a_result_of_the_wrong_type_and_a_non_int_score():
    class BadResult(Countdown):
        def result(self, n):
            return True if n == 0 else None

    with pytest.raises(perfectplay.RulesError, match=r"result\(p\) returned True on the position 0"):
        perfectplay.solve(BadResult())

    class BadScore(Countdown):
        def maximizer(self, n):
            return n % 2 == 0

        def score(self, n):
            return 1.5

    with pytest.raises(perfectplay.RulesError, match=r"score\(p\) returned 1.5 on 0"):
        perfectplay.solve(BadScore())


def test_a_search_past_its_budget_says_so_as_the_cli_does():
    with pytest.raises(perfectplay.SearchLimitExceeded,
                       match=r"passed its limit of 50 stored positions \(raise it with max_states\)"):
        perfectplay.solve(Countdown(), 1000, max_states=50)
    # Within the budget it is fine (the budget counts the stored positions
    # and the moves held on the search's stack, as the CLI's).
    assert perfectplay.solve(Countdown(), 40, max_states=200)["kind"] == "win"


def test_a_line_too_long_for_the_stack_is_refused_not_a_crash():
    with pytest.raises(RecursionError, match="too long for the search's stack"):
        perfectplay.solve(Countdown(), 10 ** 7, max_states=10 ** 8)


def test_ctrl_c_stops_a_search_within_0_2_seconds_and_other_threads_run_meanwhile():
    class Endless(Countdown):  # 50^6 lines six moves long: far too many to finish
        def start(self):
            return (0, 0)

        def moves(self, p):
            return [] if p[0] == 6 else range(50)

        def play(self, p, k):
            return (p[0] + 1, p[1] * 50 + k)

    ticks = []
    stop = threading.Event()

    def ticker():  # runs only while the search does not hold the GIL
        while not stop.is_set():
            ticks.append(time.monotonic())
            time.sleep(0.005)

    sent = []

    def interrupt():
        sent.append(time.monotonic())
        os.kill(os.getpid(), signal.SIGINT)

    t = threading.Thread(target=ticker)
    t.start()
    timer = threading.Timer(0.5, interrupt)
    timer.start()
    try:
        with pytest.raises(KeyboardInterrupt):
            perfectplay.solve(Endless(), max_states=10 ** 8)
        caught = time.monotonic()
    finally:
        stop.set()
        t.join()
        timer.cancel()
    assert sent and caught - sent[0] < 0.2, caught - sent[0]
    assert len(ticks) > 20  # the other thread ran during the search


def test_duplicate_moves_are_found_in_a_game_with_components_too():
    class Rows(perfectplay.Rules):  # nim on rows; its sums are not interned
        impartial = True
        name = "rows"

        def moves(self, p):
            ms = [(i, k) for i, n in enumerate(p) for k in range(1, n + 1)]
            return ms + ms[:1] if p == (5,) else ms  # searched as a part of (2, 5)

        def play(self, p, m):
            i, k = m
            return tuple(sorted(p[:i] + (p[i] - k,) + p[i + 1:]))

        def components(self, p):
            return [(n,) for n in p if n]

    assert perfectplay.solve(Rows(), (1, 2, 3)) == {"kind": "nimber", "nimber": 0,
                                                     "source": "reference"}
    with pytest.raises(perfectplay.RulesError, match=r"rows.moves\(p\) listed a move twice"):
        perfectplay.solve(Rows(), (2, 5))
