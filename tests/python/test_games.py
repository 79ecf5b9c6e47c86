"""Every game through the module against the command line on its examples:
the same analyses, hints, answers, inputs and reports, and the same errors."""
import json

import pytest

import perfectplay

GAMES = perfectplay.games()
NAMES = [g["name"] for g in GAMES]


def option_args(options):
    args = []
    for name, value in options.items():
        if value is True:
            args.append(f"--{name}")
        elif isinstance(value, str):
            args += [f"--{name}", value]
    return args


# Every game with its default options, and the non-default options the
# command line offers (nim misere, another octal code).
VARIANTS = [(name, {}) for name in NAMES] + [("nim", {"misere": True}), ("octal", {"code": "0.07"})]


def small_bounds(info):
    """Small instances: a few cases, sizes at their defaults."""
    return {b["name"]: 3 for b in info["bounds"] if b["name"] == "cases"}


def test_games_lists_the_registry(cli):
    assert GAMES == cli.json("list", "--json")["games"]
    assert {"nim", "gridgame", "assignment", "octal"} <= set(NAMES)


@pytest.mark.parametrize("name,options", VARIANTS)
def test_positions_match_the_cli(cli, name, options):
    g = perfectplay.game(name, **options)
    assert g.options == {**{o["name"]: o["default"] for o in g.info["options"]}, **options}
    if "analyze" not in g.info["commands"]:
        return
    for pos in g.info["example_positions"]:
        args = option_args(options) + ["--json", "--position", pos]
        a = g.analyze(pos)
        assert a == cli.json("analyze", name, *args)
        assert g.hint(pos) == cli.json("hint", name, *args)
        moves = g.moves(pos, ranges=True)  # play's help: huge positions too
        assert isinstance(moves, list) and all(isinstance(m, str) for m in moves)
        # Every listed move leads where the analysis says, through play();
        # the children are left out only past their budget (docs/json.md).
        carried = len(a["position"]) * len(a["moves"]) <= 1 << 20
        for m in a["moves"]:
            assert m["position"] == (g.play(pos, m["move"]) if carried else "")
        assert (a["to_move"] is None) == (a["moves_total"] == 0)


@pytest.mark.parametrize("name,options", VARIANTS)
def test_generate_solve_verify_match_the_cli(cli, name, options):
    g = perfectplay.game(name, **options)
    opts = option_args(options)
    # The partizan games have no contest format (no generate, no solve): verify only.
    if "generate" in g.info["commands"]:
        bounds = small_bounds(g.info)
        bound_args = [a for k, v in bounds.items() for a in (f"--{k}", str(v))]
        text = g.generate(seed=7, **bounds)
        assert text == cli.out("generate", name, "--seed", "7", *bound_args, *opts)
        assert g.generate(seed=7, **bounds) == text
        assert g.generate(seed=8, **bounds) != text
        # solve takes no --code: each case of octal's contest input gives its own.
        solve_opts = option_args({k: v for k, v in options.items() if k != "code"})
        assert g.solve(text) == cli.out("solve", name, *solve_opts, stdin=text)
        assert g.solve_json(text) == cli.json("solve", name, "--json", *solve_opts, stdin=text)
    if "verify" in g.info["commands"]:
        report = g.verify(trials=20, seed=3)
        assert report == cli.json("verify", name, "--json", "--trials", "20", "--seed", "3", *opts)
        assert report["ok"] and report["trials"] == 20 and report["mismatch"] is None


def test_play_a_game_out():
    g = perfectplay.game("nim")
    pos = "1 2 3"
    plies = 0
    while g.analyze(pos)["to_move"] is not None:
        pos = g.play(pos, g.hint(pos)["move"])
        plies += 1
        assert plies < 20
    assert plies > 0 and g.moves(pos) == []


def test_input_error_matches_the_cli(cli):
    g = perfectplay.game("gridgame")
    bad = "2\n1 2\n3 x\n"
    with pytest.raises(perfectplay.InputError) as e:
        g.solve(bad)
    p = cli.run("solve", "gridgame", stdin=bad)
    assert p.returncode == 1
    # The CLI prints "<stdin>:LINE:COL: message".
    assert p.stderr.strip() == f"<stdin>:{e.value.line}:{e.value.column}: {e.value.message}"
    assert str(e.value) == f"{e.value.line}:{e.value.column}: {e.value.message}"
    assert isinstance(e.value, ValueError)
    assert e.value.line > 1 and e.value.column == 3  # the x


def test_bad_position_is_an_input_error():
    with pytest.raises(perfectplay.InputError) as e:
        perfectplay.game("nim").analyze("1 two 3")
    assert e.value.line == 1 and e.value.column >= 1


def test_illegal_move_is_a_request_error(cli):
    g = perfectplay.game("nim")
    with pytest.raises(perfectplay.RequestError) as e:
        g.play("1 2", "5 1")
    assert isinstance(e.value, ValueError) and str(e.value)


def test_search_limit(cli):
    g = perfectplay.game("gridgame", max_states=10)
    pos = g.info["example_positions"][1]
    with pytest.raises(perfectplay.SearchLimitExceeded) as e:
        g.analyze(pos)
    assert e.value.limit == 10
    p = cli.run("analyze", "gridgame", "--max-states", "10", "--position", pos)
    # The same message, in keyword words (max_states for --max-states).
    assert p.returncode == 4 and str(e.value).replace("max_states", "--max-states") in p.stderr
    assert "--" not in str(e.value)


def test_unknown_game_and_options():
    with pytest.raises(perfectplay.RequestError, match="unknown game"):
        perfectplay.game("nmi")
    with pytest.raises(perfectplay.RequestError, match="no option"):
        perfectplay.game("nim", misery=True)
    with pytest.raises(TypeError, match="misere must be True or False"):
        perfectplay.game("nim", misere="yes")
    with pytest.raises(perfectplay.RequestError, match="offers no"):
        perfectplay.game("assignment").analyze("1")
    with pytest.raises(perfectplay.RequestError, match="cases must be between 1 and"):
        perfectplay.game("nim").generate(cases=0)


def test_results_are_plain_json_data():
    a = perfectplay.game("nim").analyze("1 2 3")
    assert json.loads(json.dumps(a)) == a
    assert a["schema"] == 1 and a["game"] == "nim"


def test_calls_from_threads_agree_with_sequential_ones():
    # The GIL is released during calls: several threads at once must get what
    # one thread gets.
    from concurrent.futures import ThreadPoolExecutor

    import numpy as np

    jobs = [(name, pos) for g in GAMES if "analyze" in g["commands"]
            for name, pos in [(g["name"], p) for p in g["example_positions"]]]
    rng = np.random.default_rng(11)
    mats = [rng.random(size=(60, 90)) for _ in range(8)]
    want = [perfectplay.game(n).analyze(p) for n, p in jobs]
    want_lsa = [perfectplay.linear_sum_assignment(m)[1].tolist() for m in mats]
    with ThreadPoolExecutor(max_workers=4) as pool:
        got = list(pool.map(lambda job: perfectplay.game(job[0]).analyze(job[1]), jobs * 2))
        got_lsa = list(pool.map(lambda m: perfectplay.linear_sum_assignment(m)[1].tolist(),
                                mats * 2))
    assert got == want * 2
    assert got_lsa == want_lsa * 2
