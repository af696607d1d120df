from maria.games.maria.rules import apply, legal_actions
from maria.games.maria.rules.state import board_info
from tests.rules.helpers import place, r11_example


def _example_position():
    """R11 worked example: Neipperg (2, diamonds sector) vs Friedrich+Schwerin (4, spades sector)."""
    return r11_example(["1:D10", "1:D9", "1:D7", "1:R1"], ["1:S5", "1:S4", "2:S4", "1:S3"])


def test_R11_3_rulebook_example_every_score_step():
    s = _example_position()
    c = s["flow"][-1]
    assert c["score"] == -2 and c["right"] == "att"  # initial score -2
    assert {"type": "accept_defeat"} in legal_actions(s, "maria_theresa")  # Neipperg could give up
    s = apply(s, "maria_theresa", {"type": "play_card", "card": "1:D10"})
    assert s["flow"][-1]["score"] == 8 and s["flow"][-1]["right"] == "def"  # +8, right switches
    s = apply(s, "frederick", {"type": "play_card", "card": "1:S5"})
    assert s["flow"][-1]["score"] == 3 and s["flow"][-1]["right"] == "def"  # Prussia -3
    s = apply(s, "frederick", {"type": "play_card", "card": "1:S3"})
    assert s["flow"][-1]["score"] == 0 and s["flow"][-1]["right"] == "att"  # 0: right switches
    acts = legal_actions(s, "maria_theresa")
    assert {"type": "accept_tie"} not in acts  # R11.5 must play diamonds
    s = apply(s, "maria_theresa", {"type": "play_card", "card": "1:D7"})
    assert s["flow"][-1]["score"] == 7
    s = apply(s, "frederick", {"type": "play_card", "card": "1:S4"})
    assert s["flow"][-1]["score"] == 3
    s = apply(s, "frederick", {"type": "accept_defeat"})
    # R11.4 / R6.7: 3 troops lost, 1 left -> Schwerin (higher rank number) removed; retreat 3.
    assert s["generals"]["schwerin"]["city"] is None
    assert s["generals"]["friedrich"]["troops"] == 1
    assert s["flow"][-1]["name"] == "retreat" and s["flow"][-1]["distance"] == 3
    paths = [a["path"] for a in legal_actions(s, "maria_theresa") if a["type"] == "retreat"]
    assert paths and all(len(p) == 4 for p in paths)
    s = apply(s, "maria_theresa", {"type": "retreat", "path": paths[0]})
    assert s["generals"]["friedrich"]["city"] == paths[0][-1]
    assert s["generals"]["neipperg"]["troops"] == 2  # R11.4 winner loses nothing


def test_R11_5_tie_when_zero_and_only_a_reserve():
    s = _example_position()
    s["generals"]["neipperg"]["troops"] = 4
    s["cards"]["hands"]["austria"] = ["1:R1"]
    from maria.games.maria.rules.combat import start_combat as sc

    s["flow"] = s["flow"][:-1]
    sc(s, board_info(s), s["flow"][-1], "c23", "c24")
    assert s["flow"][-1]["score"] == 0 and s["flow"][-1]["right"] == "att"  # R11.6 attacker first
    acts = legal_actions(s, "maria_theresa")
    assert {"type": "accept_tie"} in acts and {"type": "play_card", "card": "1:R1", "value": 8} in acts
    s = apply(s, "maria_theresa", {"type": "accept_tie"})
    assert s["generals"]["friedrich"]["city"] == "c24" and s["generals"]["neipperg"]["troops"] == 4


def test_R11_16_no_full_retreat_means_all_troops_lost():
    s = _example_position()
    # Surround the Prussian stack so no retreat of 3 is possible.
    for gid, city in (("karl", "c14"), ("traun", "c34"), ("leopold", "c25")):
        place(s, gid, city)
    s = apply(s, "maria_theresa", {"type": "play_card", "card": "1:R1", "value": 3})
    s = apply(s, "frederick", {"type": "accept_defeat"})  # loses 1, cannot retreat 1
    assert s["generals"]["friedrich"]["city"] is None and s["generals"]["schwerin"]["city"] is None
