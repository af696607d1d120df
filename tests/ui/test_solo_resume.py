"""A solo game resumes as it was: the saves record who plays each role (both games), a solo game
opens straight to its player's board, the autosaves are the program's own (known by their mark,
kept per game, never a demo's, never pruned while played), the notes come back, opening another
game never loses the one being played, and the replay viewer shows nothing a player may not see."""

from __future__ import annotations

import os
import signal

import pygame
import pytest

from maria.record import autosaves as A
from maria.record import crash
from maria.lab import selfplay
from maria.engine import rng
from maria.record import friedrich_saves as fsaves
from maria.games.maria.rules import door
from maria.record.saves import SaveError, load_game
from maria.ui.board_layout import PUBLIC_TYPES as PUBLIC
from maria.ui.board_scene import BoardScene
from maria.ui.overlays import HandoffScene
from maria.ui.game_menu import GameMenuScene
from maria.ui.seats_scene import SeatsScene
from maria.ui.session import Seat, Session, autosaves, load_notes, notes_path, save_notes

from tests.ui.friedrich_helpers import advance, open_board
from tests.ui.friedrich_helpers import session as fsession
from tests import yamlc


def _solo(seed: int = 3, variant: str = "intro", players: int = 3, me: str = "maria_theresa") -> Session:
    seats = [
        Seat(r, "human") if r == me else Seat(r, "computer", "hard" if r == "louis_xv" else "easy")
        for r in door.ROLES[players]
    ]
    return Session.new(variant, players, seed, seats)


def _play(s: Session, n: int, seed: int = 1) -> Session:
    """`n` random actions, every role's (the seats do not matter to the rules)."""
    ch = {"rng": rng.seed_state(seed)}
    for _ in range(n):
        if door.is_over(s.state):
            break
        role = door.active_roles(s.state)[0]
        a = selfplay.random_action(s.state, role, ch)
        if a["type"] != "undo":
            s.apply(role, a)
    return s


def _seats(s) -> dict:
    return {r: (x.kind, x.level) for r, x in s.seats.items()}


# --- seats in every kind of save ---------------------------------------------------------------------


def test_a_solo_game_saved_every_way_comes_back_with_its_seats(dirs):
    s = _play(_solo(), 60)
    want = _seats(s)
    assert want["louis_xv"] == ("computer", "hard") and want["maria_theresa"][0] == "human"
    saved = s.save(dirs / "named.yaml")  # Save game
    auto = s.autosave()  # autosave (and quit)
    s.set_seat("frederick", "computer", "normal")  # changed in play: kept too
    want = _seats(s)
    _, emergency = crash.write_crash_report(RuntimeError("a test crash"), record=s.record)
    for path, seats in ((saved, None), (auto, None), (emergency, want)):
        back = Session.load(path)
        assert _seats(back) == (seats or {**want, "frederick": ("computer", "easy")})
    assert _seats(Session.load(s.autosave())) == want


def test_a_friedrich_solo_game_saved_every_way_comes_back_with_its_seats(dirs):
    from maria.ui.friedrich_session import FSession

    s = advance(fsession(players=3, humans=("frederick",)), lambda s: len(s.record.actions) > 30)
    s.set_seat("maria_theresa", "computer", "easy")
    want = {r: dict(v) for r, v in s.seats.items()}
    saved = s.save(dirs / "f.yaml")
    auto = s.autosave()
    _, emergency = crash.write_crash_report(RuntimeError("a test crash"), record=s.record)
    for path in (saved, auto, emergency):
        assert FSession.load(path).seats == want


def test_a_solo_game_opens_straight_to_its_players_board_with_no_hand_off(ui, dirs):
    s = _play(_solo(), 40)
    path = s.save(dirs / "solo.yaml")
    ui.app.open_screen("saved_game", path)
    ui.settle()
    board = ui.app.find(BoardScene)
    assert board is not None and not any(isinstance(x, HandoffScene) for x in ui.app.scenes)
    assert board.seat == "maria_theresa"
    assert board.session.is_computer("louis_xv") and board.session.level_of("louis_xv") == "hard"
    # her hand is on the screen, nobody else's
    assert isinstance(board.v["hands"]["austria"], list)
    assert not isinstance(board.v["hands"]["france"], list)


@pytest.mark.parametrize("bad", ["grandmaster", ["hard"], {"x": 1}, "ha\0rd", "h" * 100_000, 5, None])
def test_a_save_whose_seat_level_is_not_a_level_is_refused_at_load(dirs, bad):
    """Issue "hostile files" item 3: refused with a message when the file is opened, never when
    that seat is to act (both games)."""
    s = _play(_solo(), 10)
    p = s.save(dirs / "seat.yaml")
    doc = yamlc.load(p.read_text(encoding="utf-8"))
    doc["seats"]["louis_xv"]["level"] = bad
    p.write_text(yamlc.dump(doc, sort_keys=False), encoding="utf-8")
    with pytest.raises(SaveError, match="seat of louis_xv") as exc:
        load_game(p)
    assert len(str(exc.value)) < 400 and "\0" not in str(exc.value)
    f = advance(fsession(players=3, humans=("frederick",)), lambda s: len(s.record.actions) > 5)
    q = f.save(dirs / "fseat.yaml")
    doc = yamlc.load(q.read_text(encoding="utf-8"))
    doc["seats"]["maria_theresa"]["level"] = bad
    q.write_text(yamlc.dump(doc, sort_keys=False), encoding="utf-8")
    with pytest.raises(fsaves.FSaveError, match="seat of maria_theresa"):
        fsaves.load(q)


@pytest.mark.parametrize(
    "seats",
    [
        "human",
        5,
        {"louis_xv": "human"},
        {"nobody": {"kind": "human"}},
        {"louis_xv": {"kind": "robot", "level": "easy"}},
    ],
)
def test_seats_that_are_not_seats_are_refused_in_player_words(dirs, seats):
    s = _play(_solo(), 10)
    p = s.save(dirs / "seat.yaml")
    doc = yamlc.load(p.read_text(encoding="utf-8"))
    doc["seats"] = seats
    p.write_text(yamlc.dump(doc, sort_keys=False), encoding="utf-8")
    with pytest.raises(SaveError) as exc:
        load_game(p)
    assert "seat" in str(exc.value) and "dictionary update" not in str(exc.value)


def test_a_save_without_seats_opens_with_every_seat_human(dirs):
    s = _play(_solo(), 10)
    p = s.save(dirs / "old.yaml")
    doc = yamlc.load(p.read_text(encoding="utf-8"))
    del doc["seats"]
    p.write_text(yamlc.dump(doc, sort_keys=False), encoding="utf-8")
    assert all(k == "human" for k, _ in _seats(Session.load(p)).values())


# --- autosaves ---------------------------------------------------------------------------------------


def test_a_solo_game_is_autosaved_at_the_end_of_every_stage(ui, dirs):
    """Played through the window's loop: the computers' stages and hers each leave an autosave,
    with no hand-off ever happening (she is the only human)."""
    s = _solo(seed=5)
    s.set_seat("maria_theresa", "computer", "random")  # the loop plays her seat too...
    s._had_human = True  # ...in a game that had a human
    board = BoardScene(ui.app, s)
    ui.app.scenes = [ui.app.scenes[0], board]
    board.after_change()
    written = set()
    stages = set()
    for _ in range(600):
        ui.frames(1)
        s.wait_autosave()
        if s.autosave_file is not None:
            h = A.read_header(s.autosave_file)
            written.add((h["autosave"], s.state["turn"]))
        stages.add((s.state["turn"], s.state["stage"]))
        if s.state["turn"] >= 3:
            break
    assert len(stages) >= 6 and len(written) >= 6
    assert "Autosaved at" in s.autosave_text()


def test_a_demo_is_never_autosaved(ui, dirs):
    from maria.ui.demo import start_demo

    start_demo(ui.app, "intro", 3, "random")
    board = ui.app.find(BoardScene)
    board.demo.speed = 3
    ui.frames(200)
    board.session.wait_autosave()
    ui.app.quit()
    assert autosaves() == [] and board.session.autosave_text() is None


def test_a_save_named_autosave_by_the_player_is_never_pruned(dirs):
    from maria.ui.settings import saves_dir

    mine = _play(_solo(seed=1), 10)
    folder = saves_dir()
    for name in ("autosave backup.yaml", "Autosave - keep.yaml", "autosave-2026-01-01T00-00-00Z.yaml"):
        mine.save(folder / name)
    for seed in range(A.KEPT + 3):
        s = _solo(seed=seed + 10)
        s.record.created = f"2026-11-27T00:00:{seed:02d}Z"
        assert s.autosave() is not None
    assert len(autosaves()) == A.KEPT
    for name in ("autosave backup.yaml", "Autosave - keep.yaml", "autosave-2026-01-01T00-00-00Z.yaml"):
        assert (folder / name).exists(), name


def test_pruning_never_deletes_the_running_games_autosave_when_the_clock_went_back(dirs):
    made = []
    for seed in range(A.KEPT + 2):
        s = _solo(seed=seed)
        s.record.created = f"2026-11-27T00:00:{seed:02d}Z"
        s.autosave()
        made.append(s)
    now = made[-1]
    # the other autosaves carry times in the future (a clock set back since they were written)
    for p in autosaves():
        if p != now.autosave_file:
            os.utime(p, (4_000_000_000, 4_000_000_000))
    _play(now, 5)
    assert now.autosave() is not None and now.autosave_file.exists()
    assert autosaves()[0] == now.autosave_file  # the newest by the program's count
    assert len(autosaves()) == A.KEPT


def test_each_friedrich_game_keeps_its_own_autosave_beside_marias(dirs):
    a = advance(fsession(players=3, seed=3), lambda s: len(s.record.actions) > 5)
    b = advance(fsession(players=4, seed=4), lambda s: len(s.record.actions) > 5)
    b.record.created = "2026-11-27T00:00:01Z"
    m = _play(_solo(), 5)
    for s in (a, b, m):
        assert s.autosave() is not None
    assert len({a.autosave_file, b.autosave_file, m.autosave_file}) == 3
    assert set(autosaves("friedrich")) == {a.autosave_file, b.autosave_file}
    assert autosaves()[0] == m.autosave_file
    assert a.autosave_file.name.startswith("Autosave - FRIEDRICH, turn")


def test_an_autosave_is_named_after_the_game_its_turn_and_its_players(dirs):
    s = _play(_solo(), 5)
    p = s.autosave()
    assert p.name == f"Autosave - MARIA introductory, turn {s.state['turn']} - Maria Theresa v computer.yaml"
    # a new turn: the game's autosave moves to the new name, the old one goes
    while s.state["turn"] == 1:
        _play(s, 20)
    q = s.autosave()
    assert q != p and q.exists() and not p.exists() and autosaves() == [q]


def test_a_stop_signal_autosaves_the_game_and_ends_the_program(ui, dirs):
    s = _play(_solo(), 30)
    board = BoardScene(ui.app, s)
    ui.app.scenes = [ui.app.scenes[0], board]
    ui.frames(1)
    old = {sig: signal.getsignal(sig) for sig in (signal.SIGINT, signal.SIGTERM, signal.SIGHUP)}
    try:
        ui.app.stop_on_signals()
        os.kill(os.getpid(), signal.SIGTERM)
        ui.frames(2)
    finally:
        for sig, h in old.items():
            signal.signal(sig, h)
    assert not ui.app.running
    assert s.autosave_file is not None and load_game(s.autosave_file).actions == s.record.actions


# --- notes -------------------------------------------------------------------------------------------


def test_the_notes_the_program_writes_it_reads_back(dirs):
    notes = [
        {
            "turn": i % 9 + 1,
            "who": "Maria Theresa",
            "text": ('He said: "no [attack] on {Glatz}", *ok*? #1 & \\ - x: y ' * 10)[:300],
        }
        for i in range(1000)
    ]
    save_notes(dirs / "g.yaml", notes)
    assert load_notes(dirs / "g.yaml") == notes


def test_a_refused_notes_file_is_kept_aside_not_deleted(dirs):
    s = _play(_solo(), 5)
    p = s.save(dirs / "g.yaml")
    notes_path(p).write_text("notes: [[[[ not yaml", encoding="utf-8")
    back = Session.load(p)
    assert back.notes == []
    aside = dirs / "g.notes.refused.yml"
    assert aside.read_text(encoding="utf-8") == "notes: [[[[ not yaml"
    back.add_note("Frederick", "a new note")
    back.save(p)
    assert aside.exists() and load_notes(p)[0]["text"] == "a new note"


def test_the_notes_panel_says_when_the_notes_are_full(ui):
    from maria.ui.session import MAX_NOTES

    s = _play(_solo(), 5)
    s.notes = [{"turn": 1, "who": "x", "text": "n"}] * MAX_NOTES
    board = BoardScene(ui.app, s)
    board.seat = "maria_theresa"
    ui.app.scenes = [ui.app.scenes[0], board]
    board.note_draft = "one more"
    board._add_note()
    assert len(s.notes) == MAX_NOTES and "full" in board.message and board.note_draft == "one more"


# --- opening another game ------------------------------------------------------------------------------


def test_opening_a_second_save_keeps_the_running_game_until_the_new_board_is_built(ui, dirs, monkeypatch):
    running = _play(_solo(seed=1), 20)
    board = BoardScene(ui.app, running)
    ui.app.scenes = [ui.app.scenes[0], board]
    other = _play(_solo(seed=2), 20).save(dirs / "other.yaml")

    def broken(self, app, session):
        raise RuntimeError("the new board cannot be built")

    monkeypatch.setattr(BoardScene, "__init__", broken)
    ui.app.open_screen("saved_game", other)
    with pytest.raises(RuntimeError):
        ui.settle()
    assert board in ui.app.scenes
    assert ui.app.current_record() is running.record  # what a crash's emergency save keeps
    monkeypatch.undo()
    ui.app.open_screen("saved_game", other)
    ui.settle()
    assert ui.app.find(BoardScene) is not board
    # the game it replaced was autosaved on the way
    assert running.autosave_file is not None and load_game(running.autosave_file).actions == running.record.actions


# --- seats changed in play ----------------------------------------------------------------------------


def test_the_menu_hands_a_seat_to_the_computer_and_back(ui, dirs):
    s = Session.new("intro", 3, 4, [Seat(r, "human") for r in door.ROLES[3]])
    board = BoardScene(ui.app, s)
    ui.app.scenes = [ui.app.scenes[0], board]
    board.after_change()
    while isinstance(ui.top, HandoffScene):
        ui.press("ready")
    ui.key(pygame.K_ESCAPE)
    assert isinstance(ui.top, GameMenuScene)
    ui.press("seats")
    assert isinstance(ui.top, SeatsScene)
    ui.press(("seat", "louis_xv", "hard"))
    ui.press(("seat", "frederick", "easy"))
    assert s.is_computer("louis_xv") and s.level_of("louis_xv") == "hard" and s.is_computer("frederick")
    assert ui.top.button(("seat", "louis_xv", "hard")).selected
    ui.press("done")
    assert s.record.seats["louis_xv"] == {"kind": "computer", "level": "hard"}
    # the computers play on; she is the only one at the table now: no hand-off any more
    for _ in range(300):
        ui.frames(1)
        if s.thinker is not None:
            s.thinker.thread.join(5)
        assert not isinstance(ui.top, HandoffScene)
        if "maria_theresa" in s.active() and board.seat == "maria_theresa" and board.acts:
            break
    assert board.seat == "maria_theresa"
    # and a player takes a computer's seat back
    ui.key(pygame.K_ESCAPE)
    ui.press("seats")
    ui.press(("seat", "frederick", "human"))
    ui.press("done")
    assert not s.is_computer("frederick")


def test_friedrich_seats_button_hands_a_seat_to_the_computer(ui, dirs):
    s = advance(fsession(players=3, humans=("frederick", "maria_theresa")), lambda s: "frederick" in s.active())
    board = open_board(ui, s)
    while not isinstance(ui.top, type(board)):
        ui.press("ready")
    ui.press("seats")
    assert isinstance(ui.top, SeatsScene)
    ui.press(("seat", "maria_theresa", "easy"))
    ui.press("done")
    assert s.is_computer("maria_theresa") and s.level_of("maria_theresa") == "easy"
    assert s.record.seats["maria_theresa"]["kind"] == "computer"


# --- what the replay viewer shows of a game still being played --------------------------------------------


def test_watching_an_unfinished_hot_seat_game_shows_only_the_public_view(ui, dirs):
    from maria.ui.replay_viewer import ReplayBoard
    from maria.ui.settings import saves_dir

    s = _play(Session.new("intro", 3, 2, [Seat(r, "human") for r in door.ROLES[3]]), 80)
    saves_dir().mkdir(parents=True, exist_ok=True)
    s.save(saves_dir() / "hot.yaml")
    viewer = ui.watch("hot.yaml")
    assert isinstance(viewer, ReplayBoard) and viewer.view_roles() == ["observer"]
    ui.key(pygame.K_v, "v")
    assert viewer.seat == "observer"
    assert not any(isinstance(h, list) for h in viewer.v["hands"].values())


def test_watching_a_solo_game_shows_the_players_own_view_and_no_other(ui, dirs):
    from maria.ui.settings import saves_dir

    s = _play(_solo(), 80)
    saves_dir().mkdir(parents=True, exist_ok=True)
    s.save(saves_dir() / "solo.yaml")
    viewer = ui.watch("solo.yaml")
    assert viewer.view_roles() == ["observer", "maria_theresa"]


def test_watching_a_finished_game_shows_everything(ui, dirs):
    from maria.ui.replay_viewer import ReplayBoard

    s = Session.new("intro", 2, 3, [Seat(r, "human") for r in door.ROLES[2]])
    while not door.is_over(s.state):
        _play(s, 200)
    viewer = ui.app.push(ReplayBoard(ui.app, s.record))
    assert viewer.view_roles() == ["observer", "coalition", "maria_theresa", "everything"]


# --- hot-seat privacy ---------------------------------------------------------------------------------


def test_a_private_decision_after_a_public_one_of_the_same_player_is_handed_off(ui, dirs):
    """Hot-seat, advanced game: when a player's public step (everybody may watch: a subsidy, a
    vote) is followed by a secret one of the same player (his hand for the TC placement), the
    screen changes hands first; before, his hand appeared at once."""
    from maria.ui.board_layout import FORCED_TYPES

    s = Session.new("advanced", 3, 1, [Seat(r, "human") for r in door.ROLES[3]])
    board = BoardScene(ui.app, s)
    ui.app.scenes = [ui.app.scenes[0], board]
    ch = {"rng": rng.seed_state(7)}
    for _ in range(3000):
        role = s.next_role(forced=FORCED_TYPES)
        if board.public_decision(role):
            a = next(x for x in door.legal_actions(s.state, role) if x["type"] not in ("undo", "transfer"))
            if any(v == "choose" for v in a.values()):
                a = selfplay.fill(a, s.state, ch)
            after = door.apply(s.state, role, a)
            nxt = Session(
                type(s.record)(variant="advanced", players=3, seed=1, options={}, actions=[], state=after), s.seats
            ).next_role(prefer=role, forced=FORCED_TYPES)
            acts = (
                [x for x in door.legal_actions(after, role) if x["type"] not in ("undo", "transfer")]
                if nxt == role
                else []
            )
            if acts and not all(x["type"] in PUBLIC for x in acts):
                break
        a = selfplay.random_action(s.state, role, ch)
        if a["type"] != "undo":
            s.apply(role, a)
    else:
        pytest.fail("no public step followed by a private one of the same player")
    board.seat, board.private = role, False  # the public step is on the screen
    board.refresh()
    ui.app.scenes = [ui.app.scenes[0], board]
    assert board.apply(a)
    assert isinstance(ui.top, HandoffScene) and ui.top.role == role
    assert not board.private or ui.top is not board


def test_watching_the_running_hot_seat_games_autosave_shows_the_seated_players_view_only(ui, dirs):
    """During a hot-seat game, Load → Watch on its own autosave: the public view and the view of
    the player seated at the board after his hand-off; no other player's hand."""
    from maria.ui.replay_viewer import ReplayBoard

    s = _play(Session.new("intro", 3, 2, [Seat(r, "human") for r in door.ROLES[3]]), 80)
    board = BoardScene(ui.app, s)
    ui.app.scenes = [ui.app.scenes[0], board]
    board.seat, board.private = "frederick", True
    board.refresh()
    path = s.autosave()
    ui.app.open_screen("replay", path)
    ui.settle()
    viewer = ui.top
    assert isinstance(viewer, ReplayBoard) and viewer.view_roles() == ["observer", "frederick"]
    for _ in range(3):
        ui.key(pygame.K_v, "v")
        assert viewer.seat in ("observer", "frederick")
        hands = viewer.v["hands"]
        assert not isinstance(hands["austria"], list) and not isinstance(hands["france"], list)
