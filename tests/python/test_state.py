"""The state API (pyspiel's names): every game played out at random by
action numbers, checked against Game.play, Game.analyze and Game.moves; undo
and clone; returns at the end against the engine's value."""
import random

import pytest

import perfectplay

GAMES = [g for g in perfectplay.games() if "analyze" in g["commands"]]
STEPS = 100_000


def start_positions(info):
    return list(dict.fromkeys([info["default_position"], *info["example_positions"]]))



@pytest.mark.parametrize("info", GAMES, ids=[g["name"] for g in GAMES])
def test_random_playout_of_many_steps(info):
    """10^5 actions per game, restarting at each end: every action legal,
    undo and clone consistent; one step in 500 checked against Game.play."""
    g = perfectplay.game(info["name"])
    rng = random.Random(35)
    starts = [p for p in start_positions(info) if g.analyze(p)["moves_total"] <= 1 << 16]
    assert starts
    state = g.new_initial_state(rng.choice(starts))
    steps = games_finished = 0
    while steps < STEPS:
        if state.is_terminal():
            assert state.legal_actions() == [] and state.current_player() == \
                perfectplay.PLAYER_TERMINAL
            r = state.returns()
            assert r[0] == -r[1]
            games_finished += 1
            state = g.new_initial_state(rng.choice(starts))
            continue
        actions = state.legal_actions()
        assert actions == list(range(len(actions))) and actions
        player = state.current_player()
        assert player == state.move_number() % 2
        a = rng.choice(actions)
        if steps % 500 == 0:
            before = state.position()
            move = state.action_to_string(a)
            assert state.string_to_action(move) == a
            twin = state.clone()
            state.apply_action(a)
            assert state.position() == g.play(before, move)
            assert twin.position() == before  # the clone did not move
            assert state.undo() and state.position() == before
        state.apply_action(a)
        steps += 1
    assert games_finished >= 1 or info["name"] in ("asymmetry", "bacteria")


@pytest.mark.parametrize("info", GAMES, ids=[g["name"] for g in GAMES])
def test_state_agrees_with_the_game(info):
    g = perfectplay.game(info["name"])
    for pos in start_positions(info):
        a = g.analyze(pos)
        if a["moves_total"] > 2000:
            continue
        s = g.new_initial_state(pos)
        assert s.position() == a["position"]
        assert s.is_terminal() == (a["to_move"] is None)
        assert s.analyze() == a and s.hint() == g.hint(pos)
        assert s.value() == a["value"]
        assert [s.action_to_string(x) for x in s.legal_actions()] == g.moves(pos)
        if a["to_move"] is not None:
            assert s.mover_name() == a["to_move"]["name"]
        assert str(s)  # the board
        assert s.undo() is False


def finish(g, pos, rng):
    s = g.new_initial_state(pos)
    while not s.is_terminal():
        s.apply_action(rng.choice(s.legal_actions()))
    return s


@pytest.mark.parametrize("info", GAMES, ids=[g["name"] for g in GAMES])
def test_returns_at_the_end(info):
    g = perfectplay.game(info["name"])
    rng = random.Random(7)
    for pos in start_positions(info):
        if g.analyze(pos)["moves_total"] > 200:
            continue
        for _ in range(5):
            s = finish(g, pos, rng)
            if s.move_number() > 200:
                continue
            end = g.analyze(s.position())
            mover = s.move_number() % 2  # whose turn it would be
            v = end["value"]
            r = s.returns()
            if v["kind"] in ("win", "loss"):
                assert r[mover] == (1.0 if v["kind"] == "win" else -1.0)
            elif v["kind"] == "nimber":
                assert r[mover] == (1.0 if v["nimber"] else -1.0)
            elif v["kind"] == "score":
                assert abs(r[mover]) == abs(v["score"])
            assert r[0] == -r[1]
            # Before the end: no returns yet.
            if s.move_number() > 0:
                assert s.undo() and s.returns() == [0.0, 0.0]


def test_nim_playout_by_hand():
    s = perfectplay.game("nim").new_initial_state("1 2")
    assert [s.action_to_string(a) for a in s.legal_actions()] == ["1 1", "2 1", "2 2"]
    assert s.current_player() == 0 and s.returns() == [0.0, 0.0]
    s.apply_action(s.string_to_action("2 1"))  # leaves 1 1
    assert s.position() == "1 1" and s.current_player() == 1
    s.apply_action(0)
    s.apply_action(0)
    assert s.is_terminal() and s.returns() == [1.0, -1.0]  # player 0 took the last
    assert s.move_number() == 3
    assert s.undo() and s.position() == "0 1" and not s.is_terminal()
    with pytest.raises(perfectplay.RequestError, match="illegal move"):
        s.string_to_action("1 5")


def test_gridgame_returns_are_alices_total():
    g = perfectplay.game("gridgame")
    pos = g.info["example_positions"][0]
    s = finish(g, pos, random.Random(1))
    total = g.analyze(s.position())["value"]["score"]
    # Player 0 is the side to move at the start; Alice maximizes her total.
    alice_first = g.analyze(pos)["to_move"]["name"].startswith("Alice")
    assert s.returns()[0 if alice_first else 1] == total


def test_batch_analyze():
    g = perfectplay.game("nim")
    positions = ["1 2 3", "1 2 4", "5", "0"]
    assert g.analyze_batch(positions) == [g.analyze(p) for p in positions]
    assert g.analyze_batch(iter(positions), hint=True) == [g.hint(p) for p in positions]
    with pytest.raises(perfectplay.InputError):
        g.analyze_batch(["1 2", "x"])
    with pytest.raises(TypeError):
        g.analyze_batch("1 2 3")


def test_huge_position_is_refused_by_the_state():
    s = perfectplay.game("nim").new_initial_state("1000000000000")
    with pytest.raises(perfectplay.RequestError, match="ranges=True"):
        s.legal_actions()
    assert perfectplay.game("nim").moves("1000000000000", ranges=True)
