"""Binding agreements (§21) in the board screen through the real loop: a solo player offers the
Hard computer a truce in the diplomacy window with the offer dialog, the computer answers at once,
the agreement is listed on the political display, and the computer is not offered a move that
breaks it; a computer's offer is answered in the answer dialog."""

from __future__ import annotations

from maria.engine import rng
from maria.games.maria.rules import door, flow
from maria.games.maria.rules.state import board_info, rebuild_index
from maria.lab import selfplay
from maria.players import decide, make_player
from maria.ui.agreements_ui import AgreementOfferScene
from maria.ui.board_scene import BoardScene
from maria.ui.session import Seat, Session

from tests.ui.test_play import _open, _ready

TRUCE_MT = [
    {"kind": "no_attack", "power": "austria", "target": "prussia", "map": None},
    {"kind": "no_attack", "power": "austria", "target": "saxony", "map": None},
]
TRUCE_FR = [
    {"kind": "no_attack", "power": "prussia", "target": "austria", "map": None},
    {"kind": "no_attack", "power": "saxony", "target": "austria", "map": None},
]
# a truce the computer Frederick accepts in the opening: for its 2 turns Austria spares Prussia and
# Saxony, Prussia spares Austria (Saxony keeps its way into Bohemia), and Austria pays the Pragmatic
# Army a subsidy for 3 turns (the second turn of the truce costs Prussia a turn of its Silesian pace)
SOLO_MT = TRUCE_MT + [{"kind": "subsidy", "power": "austria", "recipient": "pragmatic_army", "turns": 3}]
SOLO_FR = TRUCE_FR[:1]


def diplomacy_session(seed: int = 3, frederick: str = "hard", others_done: bool = True) -> Session:
    """A solo advanced game (Maria Theresa human, Frederick and Louis XV computers) with agreements,
    past the allocation, in turn 1's diplomacy window; with `others_done` the computers have passed."""
    seats = [Seat("maria_theresa"), Seat("frederick", "computer", frederick), Seat("louis_xv", "computer", "easy")]
    s = Session.new("advanced", 3, seed, seats, {"agreements": True})
    ch = {"rng": rng.seed_state(7)}
    while s.state["flow"][-1]["name"] == "allocation":
        role = door.active_roles(s.state)[0]
        s.apply(role, selfplay.fill(door.legal_actions(s.state, role)[0], s.state, ch))
    if others_done:
        for role in ("frederick", "louis_xv"):
            s.apply(role, {"type": "done"})
    return s


def make_offer(ui, board: BoardScene, mine=TRUCE_MT, theirs=TRUCE_FR, before_offer=None) -> None:
    """Open the offer dialog from the diplomacy dialog and choose the promises by clicking them
    (each in its kind's list)."""
    label = next(
        i for i, a in enumerate(board._dialog_actions()) if a["type"] == "offer_agreement" and a["to"] == "frederick"
    )
    ui.press(("choice", label))
    dlg = ui.top
    assert isinstance(dlg, AgreementOfferScene) and dlg.to == "frederick"
    for side, terms in (("maria_theresa", mine), ("frederick", theirs)):
        for t in terms:
            ui.press(("kind", t["kind"]))
            i = dlg.listed(side).index(t)
            ui.press(("term", side, i))
    assert dlg.action()["terms"] == {"maria_theresa": mine, "frederick": theirs}
    if before_offer:
        before_offer(dlg)
    ui.press("offer")


def test_R21_solo_truce_with_the_hard_computer_made_in_the_window_and_kept(ui):
    s = diplomacy_session()
    board = _open(ui, s, "maria_theresa")
    assert board.frame["name"] == "diplomacy"
    make_offer(ui, board, SOLO_MT, SOLO_FR)
    for _ in range(40):  # the computer answers at once (its own thread)
        if s.state["adv"].get("agreements") or s.state["flow"][-1]["name"] != "agreement_answer":
            break
        ui.frames(5)
    (a,) = s.state["adv"]["agreements"]
    assert a["by"] == "maria_theresa" and a["to"] == "frederick" and a["until"] == 3
    assert any("Agreement 1 " in e["text"] and "is made" in e["text"] for e in s.state["log"])
    board = ui.app.find(BoardScene)
    board.panel = "politics"  # the list of agreements in force
    ui.app.render(force=True)

    # the computer keeps it: in Prussia's movement no step next to an Austrian general is offered
    st = s.state
    info = board_info(st)
    start = st["generals"]["leopold"]["city"]
    mid, far = next(
        (n, x)
        for n in sorted(info.nbrs[start])
        for x in sorted(info.nbrs[n])
        if x != start
        and x not in info.nbrs[start]
        and not st["city_generals"].get(x)
        and not st["city_generals"].get(n)
    )
    st["generals"]["neipperg"]["city"] = far
    rebuild_index(st)
    st["flow"].append({"name": "movement_phase", "powers": ["prussia", "saxony"], "moved": []})
    flow.run(st, info)
    st = door.apply(st, "frederick", {"type": "move", "piece": "leopold"})
    beside = {n for n in info.nbrs[start] if far in info.nbrs[n]}
    assert mid in beside
    legal = door.legal_actions(st, "frederick")
    assert not [x for x in legal if x["type"] == "step" and x["to"] in beside]
    choice = decide(st, "frederick", make_player("easy", 1))
    assert choice in legal


def test_R21_a_computer_offer_is_answered_in_the_answer_dialog(ui):
    s = diplomacy_session(frederick="easy", others_done=False)
    s.apply("louis_xv", {"type": "done"})
    offer = {"type": "offer_agreement", "to": "maria_theresa", "terms": {"frederick": TRUCE_FR}, "turns": 1}
    s.apply("frederick", offer)
    board = _open(ui, s, "maria_theresa")
    _ready(ui)
    board = ui.app.find(BoardScene)
    assert board.frame["name"] == "agreement_answer" and board._modal_rect() is not None
    labels = [board._action_label(a) for a in board._dialog_actions()]
    assert labels == ["Accept the agreement", "Refuse the agreement"]
    ui.press(("choice", 0), scene=board)
    assert s.state["adv"]["agreements"][0]["terms"] == {"frederick": TRUCE_FR, "maria_theresa": []}


def test_R21_new_game_screen_agreements_on_with_a_human_seat_and_off_when_unticked(ui):
    from maria.ui.scenes import SetupScene

    ui.press("new")
    ui.press("advanced")
    setup = ui.top
    assert isinstance(setup, SetupScene) and setup.agreements  # on by default
    ui.press("start")
    _ready(ui)
    assert ui.app.find(BoardScene).session.state["options"]["agreements"] is True
    ui.press("menu")
    ui.app.scenes = [ui.app.scenes[0]]
    ui.frames(2)
    ui.press("new")
    ui.press("advanced")
    ui.press("agreements")
    assert not ui.top.agreements
    ui.press("start")
    _ready(ui)
    assert not ui.app.find(BoardScene).session.state["options"].get("agreements")


def test_R21_end_movement_stays_greyed_with_the_agreement_that_holds_it(ui):
    """A player who promised to leave Silesia (the rulebook's example, §21) cannot end the movement
    while a general there has not moved: "End movement" stays on the bar, greyed, and the prompt
    and the button's tip name the agreement; once he has moved the button works again."""
    s = diplomacy_session(others_done=False)
    leave = [{"kind": "leave", "power": "austria", "territory": "silesia"}]
    subsidy = [{"kind": "subsidy", "power": "pragmatic_army", "recipient": "austria", "turns": 2}]
    s.apply(
        "frederick",
        {
            "type": "offer_agreement",
            "to": "maria_theresa",
            "terms": {"frederick": subsidy, "maria_theresa": leave},
            "turns": 2,
        },
    )
    s.apply("maria_theresa", {"type": "answer_agreement", "accept": True})
    st = s.state
    assert st["adv"]["agreements"] and st["generals"]["neipperg"]["city"] == "glatz"
    st["flow"].append({"name": "movement_phase", "powers": ["austria", "pragmatic_army"], "moved": []})
    flow.run(st, board_info(st))
    board = _open(ui, s, "maria_theresa")
    assert board.frame["name"] == "movement_phase"
    (end,) = [b for b in board.buttons if b.key == "done"]
    assert not end.enabled and "Agreement 1 " in end.tip and "Neipperg" in end.tip
    assert "Agreement 1 " in board.prompt_text()
    ui.app.render(force=True)

    s.apply("maria_theresa", {"type": "move", "piece": "neipperg"})
    step = next(a for a in door.legal_actions(s.state, "maria_theresa") if a["type"] == "step")
    s.apply("maria_theresa", step)
    s.apply("maria_theresa", {"type": "stop"})
    board.refresh()
    board.build_buttons()
    (end,) = [b for b in board.buttons if b.key == "done"]
    assert end.enabled and board.end_refused is None
