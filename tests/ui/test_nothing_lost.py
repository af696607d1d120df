"""Nothing a player did is lost (issue "hot-seat and solo play where nothing is lost"), through the
real event loop: the Reserve's value row appears the moment the Reserve is clicked and never covers
the score; while a dialog of the player's own is open (the route of a move, a Reserve's value),
nothing in the prompt bar can end the phase under it; the route dialog offers only routes whose
outcomes differ."""

from __future__ import annotations

import pygame

from maria.games.maria.rules import door
from maria.engine import rng
from maria.lab import selfplay
from maria.games.maria.rules.state import board_info
from maria.ui.moves import reach
from maria.ui.session import Session

from tests.ui.test_battle_animation import _combat
from tests.ui.positions import play_until
from tests.ui.test_play import _open


def _drawn(board, key):
    """The button as last drawn on screen (not rebuilt for the test)."""
    return next((b for b in board.buttons if b.key == key), None)


def _give_reserve(session, power):
    """Swap a Reserve from a set-aside deck into `power`'s hand (conservation kept)."""
    cards = session.state["cards"]
    deck = next(d for d in cards["aside"] if any(c.endswith(":R1") for c in d))
    res = next(c for c in deck if c.endswith(":R1"))
    hand = cards["hands"][power]
    out = hand[0]
    hand[0] = res
    deck[deck.index(res)] = out
    return res


def test_R11_2_reserve_value_buttons_appear_as_soon_as_the_reserve_is_clicked(ui):
    session = _combat()  # Austria attacks at -2 and has the right to play
    res = _give_reserve(session, "austria")
    board = _open(ui, session, "maria_theresa")
    assert any(a["type"] == "play_card" and a.get("card") == res for a in board.acts)
    ui.click(board.card_point(res))
    assert board.reserve_pick == res
    # the value row is on screen now (drawn), without any other screen opened in between
    three = _drawn(board, ("reserve", 3))
    assert three is not None and three.enabled, "the Reserve's value buttons are not drawn"
    # the row and its prompt never cover the score line
    score = board.combat_score_rect()
    for v in range(1, 9):
        assert not _drawn(board, ("reserve", v)).rect.colliderect(score)
    # ... and inside the panel as drawn
    panel = board._modal_rect()
    assert all(panel.contains(_drawn(board, ("reserve", v)).rect) for v in range(1, 9))
    n = len(session.record.actions)
    ui.click(three.rect.center)
    assert session.record.actions[n]["action"] == {"type": "play_card", "card": res, "value": 3}


def test_R11_2_clicking_the_reserve_again_puts_it_back(ui):
    session = _combat()
    res = _give_reserve(session, "austria")
    board = _open(ui, session, "maria_theresa")
    ui.click(board.card_point(res))
    assert board.reserve_pick == res
    ui.click(board.card_point(res))
    assert board.reserve_pick is None and _drawn(board, ("reserve", 1)) is None


def _louis_first_move(seed=0):
    """Seeded random play to Louis XV's first movement phase: Belle-Isle has two routes to Nabburg
    (through the fortress of Amberg, or through Kemnath and Weiden)."""
    return play_until(
        lambda st, role: st["flow"][-1]["name"] == "movement_phase" and role == "louis_xv",
        seed,
        limit=200,
        what="movement phase for Louis XV",
    )[0]


def _route_question(seed=0):
    """Seeded random play to a movement phase where a general of the player to act has two routes
    to a city that do different things (the engine's positions after them differ): the session, the
    role, the general and the city."""

    def found(st, role):
        if st["flow"][-1]["name"] != "movement_phase":
            return None
        for gid in sorted({a["piece"] for a in door.legal_actions(st, role) if a["type"] == "move"}):
            if gid not in st["generals"]:
                continue
            r = reach(st, gid)
            for city in sorted(r.cities()):
                if len(r.options(city)) > 1:
                    return role, gid, city
        return None

    session, (role, gid, city) = play_until(found, seed, limit=3000, what="route question")
    return session, role, gid, city


def _open_route_dialog(ui, seed=0):
    session, role, gid, city = _route_question(seed)
    board = _open(ui, session, role)
    start = session.state["generals"][gid]["city"]
    board.view.centre_on(board._city_px[start])
    board.map_dirty = board.dirty = True
    ui.frames(2)
    ui.drag(board._piece_rects[gid].center, board.to_screen(city))
    assert board.path_choice and board.path_choice["city"] == city
    return session, board, role, gid, city


def test_R10_1_end_movement_cannot_drop_a_move_whose_route_is_being_chosen(ui):
    session, board, role, gid, city = _open_route_dialog(ui)
    n = len(session.record.actions)
    done = _drawn(board, "done")
    assert done is not None and not done.enabled, "End movement is clickable under the route dialog"
    ui.click(done.rect.center)  # a real click on it: swallowed
    assert len(session.record.actions) == n
    assert session.state["flow"][-1]["name"] == "movement_phase" and board.path_choice
    assert ui.top is board and board.seat == role
    ui.key(pygame.K_z, mod=pygame.KMOD_CTRL)  # nor does Ctrl+Z drop it
    assert board.path_choice
    # the dialog is finished: the move is made, and End movement is back
    ui.click(_drawn(board, ("path", 0)).rect.center)
    assert session.state["generals"][gid]["city"] == city
    assert _drawn(board, "done").enabled


def test_R10_1_the_route_dialog_can_be_cancelled_and_nothing_happens(ui):
    session, board, *_ = _open_route_dialog(ui)
    n = len(session.record.actions)
    ui.click(_drawn(board, "cancel_choice").rect.center)
    assert board.path_choice is None and len(session.record.actions) == n
    assert _drawn(board, "done").enabled and _drawn(board, "cancel_choice") is None


def test_R10_5_no_force_march_is_offered_beside_the_same_normal_move():
    """A force march over cities where nothing happens (no fortress left, no hussar, no train) has
    the outcome of the normal move there: the route dialog does not offer both."""
    session = _louis_first_move()
    st = session.state
    info = board_info(st)
    offered = 0
    for gid in ("belle_isle", "broglie", "seckendorff", "torring"):
        if gid not in st["generals"] or st["generals"][gid]["city"] is None:
            continue
        rc = reach(st, gid)
        for city in rc.cities():
            opts = rc.options(city)
            normal = {tuple(p) for m, p in opts if m == "normal"}
            for m, p in opts:
                offered += 1
                if m == "force" and normal:
                    # offered beside a normal move only when the normal move would conquer on the way
                    assert any(info.is_fortress(c) for n in normal for c in n[:-1]), (gid, city, opts)
    assert offered > 10


def test_no_map_tooltip_shows_through_an_open_dialog(ui):
    session, board, *_ = _open_route_dialog(ui)
    dialog = board._modal_rect()
    under = next(c for c in sorted(board._city_px) if dialog.collidepoint(board.to_screen(c)) and _on_map(board, c))
    w = ui.win(board.to_screen(under))
    pygame.event.post(pygame.event.Event(pygame.MOUSEMOTION, pos=w, rel=(1, 0), buttons=(0, 0, 0)))
    ui.frames(2)
    assert board.hover_city == under
    drawn = []
    board._draw_tip = lambda surf, city: drawn.append(city)
    ui.frames(2)
    assert drawn == [], "a map tooltip is drawn over the route dialog"
    # away from the dialog the tooltip shows as before
    away = next(
        c
        for c in sorted(board._city_px)
        if not dialog.collidepoint(board.to_screen(c))
        and _on_map(board, c)
        and not board._map_covered(board.to_screen(c))
    )
    w = ui.win(board.to_screen(away))
    pygame.event.post(pygame.event.Event(pygame.MOUSEMOTION, pos=w, rel=(1, 0), buttons=(0, 0, 0)))
    ui.frames(2)
    assert drawn and drawn[-1] == away


def _on_map(board, city):
    return board.lay.map.inflate(-40, -40).collidepoint(board.to_screen(city))


def test_R10_1_end_movement_asks_first_while_generals_could_still_move(ui):
    session = _louis_first_move()
    board = _open(ui, session, "louis_xv")
    n = len(session.record.actions)
    ui.click(_drawn(board, "done").rect.center)
    assert len(session.record.actions) == n, "End movement ended the phase without asking"
    assert board.confirm and "could still move" in board.prompt_text()
    assert _drawn(board, "done") is None  # the question replaces the bar
    ui.click(_drawn(board, "confirm_no").rect.center)  # "Keep playing": nothing happened
    assert board.confirm is None and len(session.record.actions) == n
    ui.click(_drawn(board, "done").rect.center)
    ui.key(pygame.K_ESCAPE)  # Esc takes the question back too
    assert board.confirm is None and len(session.record.actions) == n
    ui.click(_drawn(board, "done").rect.center)
    ui.click(_drawn(board, "confirm_yes").rect.center)
    assert session.record.actions[n]["action"] == {"type": "done"}
    assert session.state["flow"][-1]["name"] != "movement_phase" or door.active_roles(session.state) != ["louis_xv"]


def test_R11_3_accept_defeat_asks_first_while_a_card_can_be_played(ui):
    session = _combat()
    board = _open(ui, session, "maria_theresa")
    assert board._acts("play_card") and {"type": "accept_defeat"} in board.acts
    n = len(session.record.actions)
    ui.click(_drawn(board, "accept_defeat").rect.center)
    assert len(session.record.actions) == n and board.confirm
    ui.click(_drawn(board, "confirm_yes").rect.center)
    assert session.record.actions[n]["action"] == {"type": "accept_defeat"}


def test_a_resized_window_comes_back_at_its_size(ui, dirs):
    from maria.ui.settings import Settings

    pygame.display.set_mode((1500, 850), pygame.RESIZABLE)  # the player drags the corner
    pygame.event.post(pygame.event.Event(pygame.VIDEORESIZE, size=(1500, 850), w=1500, h=850))
    ui.frames(2)
    ui.app.quit()
    s = Settings.load()
    assert s.window_size == (1500, 850)


def test_the_prompt_stops_asking_for_a_hussar_once_both_are_placed(ui):
    s = Session.new("intro", 3, 0)
    ch = {"rng": rng.seed_state(0)}
    while s.state["flow"][-1]["name"] != "hussars":
        role = door.active_roles(s.state)[0]
        s.apply(role, selfplay.random_action(s.state, role, ch))
    board = _open(ui, s, "maria_theresa")
    assert "place a hussar" in board.prompt_text()
    for _ in range(2):
        a = board._acts("place_hussar")[0]
        board.view.centre_on(board._city_px[a["city"]])
        board.map_dirty = board.dirty = True
        ui.frames(2)
        ui.click(board.to_screen(a["city"]))
    assert not board._acts("place_hussar")
    assert "hussars are placed" in board.prompt_text() and "place a hussar" not in board.prompt_text()


def test_clicking_a_card_that_cannot_be_played_says_why(ui):
    # outside a battle or a payment: no card is played, and the player is told so
    session = _louis_first_move()
    board = _open(ui, session, "louis_xv")
    n = len(session.record.actions)
    card = session.state["cards"]["hands"]["bavaria"][0]
    ui.click(board.card_point(card))
    assert board.message and "battles" in board.message and len(session.record.actions) == n
    # in a battle, a card of the other power of the same player: named as such
    session = _combat()
    f = session.state["flow"][-1]
    board = _open(ui, session, "maria_theresa")
    wrong = next(
        c
        for c in session.state["cards"]["hands"]["austria"]
        if not c.endswith(("R1", "R2")) and {"type": "play_card", "card": c} not in board.acts
    )
    ui.click(board.card_point(wrong))
    assert f["att_suit"] in board.message and "R11.2" in board.message


def test_the_save_list_shows_each_game_and_can_rename_and_delete(ui, dirs):
    from maria.ui.save_load import SaveLoadScene
    from maria.ui.settings import saves_dir

    s = _louis_first_move()
    s.save(saves_dir() / "first.yaml")
    ui.press("load")
    lst = ui.top
    assert isinstance(lst, SaveLoadScene)
    row = lst.button(("file", "first.yaml"))
    assert "introductory, 3 players" in row.tip and "turn 1" in row.tip and "to act: Louis XV" in row.tip
    # rename
    ui.press(("rename", "first.yaml"))
    for _ in range(len("first")):
        ui.key(pygame.K_BACKSPACE)
    ui.type("bohemia")
    ui.key(pygame.K_RETURN)
    assert (saves_dir() / "bohemia.yaml").exists() and not (saves_dir() / "first.yaml").exists()
    # delete asks first; "Keep it" keeps it
    ui.press(("delete", "bohemia.yaml"))
    ui.press(("keep", "bohemia.yaml"))
    assert (saves_dir() / "bohemia.yaml").exists()
    ui.press(("delete", "bohemia.yaml"))
    ui.press(("confirm_delete", "bohemia.yaml"))
    assert not (saves_dir() / "bohemia.yaml").exists()
    assert lst.button(("file", "bohemia.yaml")) is None


def test_autosave_keeps_the_last_games_not_one_file(dirs):
    from maria.ui.session import AUTOSAVES_KEPT, autosaves

    made = []
    for seed in range(AUTOSAVES_KEPT + 2):
        s = Session.new("intro", 2, seed)
        s.record.created = f"2026-11-27T00:00:{seed:02d}"
        assert s.autosave() is not None
        made.append(s)
    kept = autosaves()
    assert len(kept) == AUTOSAVES_KEPT
    assert kept[0] == made[-1].autosave_file  # the newest first
    # a new game never overwrites another game's autosave
    assert len({p.name for p in kept}) == AUTOSAVES_KEPT


def test_the_victory_tracker_shows_the_engines_counts_and_what_they_count(ui):
    from maria.games.maria.rules import victory

    for variant, players, seed in (("intro", 3, 0), ("intro", 2, 3), ("advanced", 3, 1)):
        s = Session.new(variant, players, seed)
        ch = {"rng": rng.seed_state(seed)}
        for _ in range(250):  # a random position some way into the game
            if door.is_over(s.state):
                break
            role = door.active_roles(s.state)[0]
            a = selfplay.random_action(s.state, role, ch)
            if a["type"] != "undo":
                s.apply(role, a)
        board = _open(ui, s, door.active_roles(s.state)[0] if not door.is_over(s.state) else "observer")
        st = victory.status(s.state, board_info(s.state))
        lines = [t for t, _ in board.victory_lines()]
        if variant == "intro":
            assert any(f"{st['france']}" in t and f"{st['prussia']}" in t for t in lines) or (
                f"{st['france']} of 9" in lines[0] and f"{st['prussia']} of 12" in lines[1]
            )
            names = {board.board.cities[c].name for c in st["france_forts"] + st["prussia_forts"]}
            tips = {x for _, tip in board.victory_lines() for x in tip}
            assert names <= tips
        else:
            assert all(f"{n}" in lines[0] for n in st["pools"].values())
        # drawn, and a hover over the first line shows its tip
        assert board._victory_rows
        rect = board._victory_rows[0][0]
        pygame.event.post(
            pygame.event.Event(pygame.MOUSEMOTION, pos=ui.win(rect.center), rel=(1, 0), buttons=(0, 0, 0))
        )
        ui.frames(2)
        assert board.hover_victory == 0


def _drag_through(ui, board, pid, cities, shift=True):
    """Drag `pid` over `cities` (the last one is the drop), Shift held: each is pinned on the way."""
    start = board._piece_rects[pid].center
    if shift:
        pygame.event.post(
            pygame.event.Event(pygame.KEYDOWN, key=pygame.K_LSHIFT, mod=pygame.KMOD_LSHIFT, unicode="", scancode=0)
        )
    pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONDOWN, button=1, pos=ui.win(start)))
    ui.frames(1)
    last = start
    for c in cities:
        target = board.to_screen(c)
        for k in range(1, 5):
            p = (last[0] + (target[0] - last[0]) * k / 4, last[1] + (target[1] - last[1]) * k / 4)
            pygame.event.post(pygame.event.Event(pygame.MOUSEMOTION, pos=ui.win(p), rel=(1, 1), buttons=(1, 0, 0)))
            ui.frames(1)
        last = target
    pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONUP, button=1, pos=ui.win(last)))
    if shift:
        pygame.event.post(pygame.event.Event(pygame.KEYUP, key=pygame.K_LSHIFT, mod=0, unicode="", scancode=0))
    ui.frames(2)


def _louis_zoomed_on_weiden(ui, session, zoom: float):
    """Louis XV's board, the map zoomed by `zoom` and centred on Weiden."""
    board = _open(ui, session, "louis_xv")
    board.view.set_zoom(board.view.zoom * zoom)
    board.view.centre_on(board._city_px["weiden"])
    board.map_dirty = board.dirty = True
    ui.frames(2)
    return board


def test_a_route_traced_through_waypoints_is_the_route_moved(ui):
    session = _louis_first_move()
    board = _louis_zoomed_on_weiden(ui, session, 2.5)
    n = len(session.record.actions)
    _drag_through(ui, board, "belle_isle", ["kemnath", "weiden", "nabburg"])
    assert board.path_choice is None, "the route dialog opened although the route was traced"
    act = session.record.actions[n]["action"]
    assert act["type"] == "move" and act["path"] == ["auerbach", "kemnath", "weiden", "nabburg"]


def test_an_illegal_traced_route_says_why(ui):
    session = _louis_first_move()
    board = _louis_zoomed_on_weiden(ui, session, 1.6)
    n = len(session.record.actions)
    _drag_through(ui, board, "belle_isle", ["tirschenreuth", "eger", "nabburg"])
    assert len(session.record.actions) == n
    assert board.message.startswith("Not a legal move along Auerbach → Tirschenreuth")
    assert "moves 3 cities" in board.message
