"""Generals found out of supply in the current stage are marked on the map (R9.4)."""

from maria.lab.selfplay import play_random_game
from maria.ui.board_scene import BoardScene
from maria.ui.session import Session


class _Found(Exception):
    pass


def _first_unsupplied(seed: int):
    """The [role, action] pairs of a random game up to the first general going out of supply."""
    trace: list = []

    def check(state):
        log = state["log"]
        if log and log[-1].get("phase") == "supply" and "out of supply" in log[-1]["text"]:
            raise _Found

    try:
        play_random_game(seed, 3, check=check, trace=trace)
    except _Found:
        return trace
    return None


def test_unsupplied_generals_are_marked_for_the_rest_of_the_stage(ui):
    seed, trace = next((seed, t) for seed in range(20) if (t := _first_unsupplied(seed)))
    session = Session.new("intro", 3, seed)
    for role, action in trace:
        session.record.apply(role, action)
    city = session.state["log"][-1]["places"][0]
    board = BoardScene(ui.app, session)
    board.seat = "maria_theresa"
    board.refresh()
    assert city in board.unsupplied_cities()
    ui.app.scenes = [ui.app.scenes[0], board]
    ui.frames(2)
    # a later stage forgets the marks
    session.state["log"].append(
        {
            "turn": session.state["turn"],
            "stage": "another stage",
            "phase": None,
            "power": None,
            "text": "…",
            "places": [],
        }
    )
    board.refresh()
    assert board.unsupplied_cities() == set()
