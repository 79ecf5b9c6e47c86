"""Game.explain and check_explanation (issue 33): the same document as
`perfectplay explain --json`, verified, and an edited copy refused."""
import copy

import perfectplay


def test_explain_nim_gives_the_xor_argument_and_the_game_tree():
    doc = perfectplay.game("nim").explain("3 4 5")
    assert doc["value"] == {"kind": "win", "remoteness": 11, "source": "reference"}
    assert doc["argument"]["kind"] == "nim-sum"
    assert doc["argument"]["witness"]["nim_sum"] == 2
    assert len(doc["game_tree"]["principal_variation"]) == 11
    assert perfectplay.check_explanation(doc)["holds"]


def test_an_edited_witness_is_refused_with_its_path():
    doc = perfectplay.game("gridgame").explain("3\n4 1 9\n2 8 4\n6 3 1\n")
    assert perfectplay.check_explanation(doc)["holds"]
    bad = copy.deepcopy(doc)
    bad["argument"]["witness"]["u"][0] += 1
    r = perfectplay.check_explanation(bad)
    assert not r["holds"] and r["path"].startswith("/argument/witness/")


def test_every_game_explains_its_examples():
    for info in perfectplay.games():
        if "analyze" not in info["commands"]:
            continue
        g = perfectplay.game(info["name"])
        for pos in info["example_positions"][:2]:
            doc = g.explain(pos, depth=20)
            if "argument" in doc or "game_tree" in doc:
                assert perfectplay.check_explanation(doc)["holds"], (info["name"], pos)


def test_depth_is_checked_in_pythons_words():
    import pytest
    with pytest.raises(TypeError, match="depth"):
        perfectplay.game("nim").explain("1 2", depth=-1)
