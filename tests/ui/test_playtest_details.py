"""The small things the play-test found (issue "nothing is lost", bug list 3), each checked on the
board screen the program shows."""

from __future__ import annotations

from maria.games.maria.rules import door
from maria.ui import widgets as W
from maria.ui.game_menu import turn_label
from maria.ui.session import Seat, Session

from tests.ui.test_battle_animation import _combat
from tests.ui.test_play import _open


def test_one_card_one_troop_one_point():
    assert W.count(1, "card") == "1 card" and W.count(2, "card") == "2 cards"
    from maria.ui.board_panels import PanelsPart

    assert PanelsPart._hand_header("austria", ["1:H2"]).startswith("Austria — 1 card, 2 points")


def test_the_end_of_game_chart_ends_with_end_not_turn_10():
    assert turn_label(9, 9) == "9" and turn_label(10, 9) == "end" and turn_label(12, 12) == "12"


def test_the_computers_pop_up_names_its_own_action_not_the_next_powers_draw(ui):
    session = _combat()
    board = _open(ui, session, "maria_theresa")
    before = session.state
    # Austria accepts the defeat: the lines that follow (a retreat, another power's draw …) are not
    # Austria's doing; the pop-up names Austria's own line
    session.apply("maria_theresa", {"type": "accept_defeat"})
    line = board.action_line(before, "maria_theresa")
    new = session.state["log"][len(before["log"]) :]
    own = [e for e in new if e.get("power") == "austria"]
    assert line.startswith("Maria Theresa: ") and (not own or own[-1]["text"] in line)


def test_the_header_names_who_plays_while_a_card_is_in_flight(ui):
    ui.app.settings.animation = "slow"
    session = _combat()
    board = _open(ui, session, "maria_theresa")
    card = next(a["card"] for a in board.acts if a["type"] == "play_card" and "value" not in a)
    ui.click(board.card_point(card), frames=1)
    if board.card_flight() is not None:
        assert board.acting_text() == "Maria Theresa"  # as the panel, which still shows her turn


def test_the_set_up_header_names_the_player_waited_for_first(ui):
    seats = [Seat("maria_theresa", "computer"), Seat("frederick", "human"), Seat("louis_xv", "computer")]
    session = Session.new("intro", 3, 2, seats)
    board = _open(ui, session, "frederick")
    assert board.frame["name"] == "allocation" and len(door.active_roles(session.state)) > 1
    assert board.acting_text().startswith("Frederick (then ")


def test_the_army_sheet_counter_is_under_its_title_not_beside_it(ui):
    """The Pragmatic Army's title ran into its troop counter (advanced game, set-up)."""
    seats = [Seat(r, "human") for r in door.ROLES[3]]
    session = Session.new("advanced", 3, 1, seats)
    board = _open(ui, session, "frederick")
    for _ in range(6):
        if board.alloc and board.alloc["power"] == "pragmatic_army":
            break
        board._spread_alloc()
        board._confirm_alloc()
        board.seat = "frederick"
        board.refresh()
    assert board.alloc and board.alloc["power"] == "pragmatic_army"
    r = board._modal_rect()
    title = W.text("Army sheet — Pragmatic Army (secret)", 26, W.INK, "serif_bold").get_rect(
        topleft=(r.x + 20, r.y + 14)
    )
    tpl = board.alloc["template"]
    counter = W.text(f"0 / {tpl['total']} troops", 20, W.INK, "sans_bold").get_rect(topright=(r.right - 20, r.y + 50))
    assert not title.colliderect(counter)


def test_the_legend_opens_with_L_and_with_its_button_and_closes(ui):
    import pygame

    session = _combat()
    board = _open(ui, session, "maria_theresa")
    ui.key(pygame.K_l, "l")
    assert board.panel == "legend"
    ui.press("close_panel")
    assert board.panel is None
    ui.press("legend")
    assert board.panel == "legend"


def test_zoom_and_fit_have_buttons(ui):
    session = _combat()
    board = _open(ui, session, "maria_theresa")
    z = board.view.zoom
    ui.press("zoom_in")
    assert board.view.zoom > z
    ui.press("zoom_out")
    ui.press("zoom_out")
    assert board.view.zoom < z * 1.01
    ui.press("zoom_in")
    ui.press("zoom_fit")
    assert abs(board.view.zoom - z) < 1e-6


def test_the_supply_view_toggles_with_S_and_its_button(ui):
    import pygame

    session = _combat()
    board = _open(ui, session, "maria_theresa")
    ui.key(pygame.K_s, "s")
    assert board.show_supply and board.supply_view()["ranges"]
    ui.press("supply")
    assert not board.show_supply


def test_R24_1_a_tied_two_player_game_ends_on_a_game_over_screen_that_says_so(ui):
    """Found by the demo-memory run: the game-over screen raised on a tie (no winner)."""
    from maria.games.maria.rules import door
    from maria.games.maria.rules.victory import _finish
    from maria.ui.board_scene import BoardScene
    from maria.ui.game_menu import GameOverScene
    from maria.ui.session import Session

    s = Session.new("intro", 2, 1)
    _finish(s.state, None, "Turn 9 ends with only one of the coalition's conditions met: a tie.")
    board = BoardScene(ui.app, s)
    ui.app.scenes = [ui.app.scenes[0], board]
    board.after_change()
    ui.frames(3)
    assert door.is_over(s.state) and isinstance(ui.app.top, GameOverScene)
    ui.app.render(force=True)  # drawn without raising
    assert s.state["result"]["winner"] is None
