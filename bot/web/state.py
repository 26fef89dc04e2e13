"""What the board page shows for one viewer (`PageState`): the board as SVG, the single moves that may follow the
picked ones (the engine's builder, as the buttons use), where each can be tapped, and the words to say; drawn
from the service's `PageView` (`bot.web.seam`), never from the store.

The board is the renderer's layout painted as SVG (`renderer.svg`): the same geometry as the posted picture.
A play in progress is shown on the board as it stands after the picked single moves (`game.partial`), with
them drawn as a play's arrows and rings and its notation in the mover's strip. With the doubling cube, a game in
`decide` or `answer` lists what the side it waits on may press (`asks`: Roll and Double, R-CUBE-2; Take and Drop,
R-CUBE-3) and what the double is worth (`worth`), and tells everyone else whom it waits on (`cube_asks`).
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import asdict, dataclass, field, replace
from typing import Any

from game import Game, Pick, Side, build, legal_plays, position_after
from renderer import LastPlay, Scene, Words, layout
from renderer import geometry as G
from renderer.svg import board_svg

from ..boardpage.view import PageView, packed
from ..boardpage.words import page_words
from ..words import board_words

Box = tuple[int, int, int, int]


def targets(mine_waiting: bool) -> list[dict[str, Any]]:
    """The places a viewer who is to move can tap, in layout pixels: the 24 points in their numbering, their
    bar (25) and, in tawula, their waiting compartment (also 25), and their tray (0, bearing off)."""
    out: list[dict[str, Any]] = [{"point": p, "box": G.point_box(p)} for p in range(1, 25)]
    out.append({"point": 25, "box": (G.BAR_X0, G.INNER_Y0, G.BAR_X0 + G.BAR_W, G.MID)})
    if mine_waiting:
        w0, w1 = G.tray_compartment(True, "waiting", True)
        out.append({"point": 25, "box": (G.TRAY_X0, w0, G.TRAY_X1, w1)})
    y0, y1 = G.tray_compartment(True, "off", mine_waiting)
    out.append({"point": 0, "box": (G.TRAY_X0, y0, G.TRAY_X1, y1)})
    return out


def cube_asks(game: Game, me: Side | None, waiting: Side, words: Mapping[str, str], board: Words,
              names: Mapping[Side, str]) -> dict[str, Any]:
    """What a game in `decide` or `answer` waits for, seen by `me`: the side it waits on (`bot.gamestate.awaited`)
    gets Roll and Double (R-CUBE-2) or Take and Drop (R-CUBE-3), with what the double is worth (a take puts the
    cube at twice its value, the taker's; a drop ends the game at its value before the double); anyone else is
    told whom the game waits on."""
    assert game.cube is not None
    name = names.get(waiting, waiting.value)
    value = game.cube.offered_value
    if me is not waiting:
        key = "waiting_answer" if game.phase == "answer" else "waiting_decide"
        return {"status": words[key].format(name=name, value=value)}
    if game.phase == "decide":
        return {"status": words["decide"].format(value=value),
                "asks": [{"verb": a.value, "label": words[a.value]} for a in game.cube_choices()]}
    doubler = game.turn
    return {"status": words["answer"].format(name=names.get(doubler, doubler.value), value=value),
            "asks": [{"verb": a.value, "label": words[a.value]} for a in game.cube_choices()],
            "worth": [words["take_worth"].format(value=value),
                      words["drop_worth"].format(points=board.points(game.cube.value),
                                                 name=names.get(doubler, doubler.value))]}


@dataclass(frozen=True, slots=True)
class PageState:
    """The page's state for one viewer: `to_json()` is what `GET /api/state` answers (app.js reads it)."""

    game: str
    version: int
    lang: str
    words: Mapping[str, str]
    mine: bool
    watching: bool
    over: bool
    deadline: float | None
    phase: str
    svg: str
    size: tuple[int, int]
    dice: list[int] | None = None
    moves: list[dict[str, Any]] = field(default_factory=list)
    picked: str = ""
    play: str | None = None
    notation: str = ""
    forced: str | None = None
    targets: list[dict[str, Any]] = field(default_factory=list)
    status: str = ""
    asks: list[dict[str, str]] = field(default_factory=list)
    worth: list[str] = field(default_factory=list)
    left: int | None = None
    stale: bool = False

    def to_json(self) -> dict[str, Any]:
        """The state as JSON-ready data (`stale` only when true)."""
        out = asdict(self)
        out["words"] = dict(self.words)
        out["size"] = list(self.size)
        if not self.stale:
            del out["stale"]
        return out


def state(view: PageView, picked: Sequence[Pick] = (), *, now: float | None = None) -> PageState:
    """The page's state for the game `view` shows, with `picked` single moves made so far, and the seconds left
    to move by the server's clock `now` (when the game runs and has a deadline).

    :raises IllegalPlayError: `picked` does not start a legal play (a stale page).
    """
    game, me, lang, side_names = view.game, view.side, view.lang, dict(view.names)
    words = page_words(lang)
    moving = game.phase == "move" and game.dice is not None
    mine = moving and me is not None and game.turn is me
    viewer = me if me is not None else Side.WHITE
    position = game.position
    in_progress: LastPlay | None = None
    out: dict[str, Any] = {"game": view.game_id, "version": view.version, "lang": lang, "words": words,
                           "mine": mine, "watching": me is None, "over": game.outcome is not None,
                           "deadline": view.deadline, "dice": list(game.dice) if moving and game.dice else None,
                           "moves": [], "picked": packed(tuple(picked)), "play": None, "notation": "",
                           "forced": None, "targets": [], "status": "", "phase": game.phase, "asks": [],
                           "worth": []}
    if mine and game.dice is not None:
        plays = legal_plays(position, game.dice)
        if len(plays) <= 1:
            out["forced"] = plays[0].notation if plays else ""
            out["status"] = (words["forced"].format(play=plays[0].notation) if plays else words["passing"])
            out["picked"] = ""
        else:
            st = build(position, game.dice, picked)
            if picked:  # the moves picked so far drawn as a play's arrows, its notation alone in the strip
                steps = [(m.frm, m.to, m.hit) for m in st.picked]
                written = st.play.notation if st.play is not None else st.notation  # as Confirm will say it
                in_progress = LastPlay.from_steps(game.turn, steps, position.bar(game.turn), written)
            position = position_after(position, game.dice, picked) if picked else position
            out["moves"] = [{"from": m.frm, "to": m.to, "die": m.die, "hit": m.hit, "notation": m.notation}
                            for m in st.next]
            out["notation"] = st.notation
            out["play"] = st.play.notation if st.play is not None else None
            out["targets"] = [{"point": t["point"], "box": list(t["box"])}
                              for t in targets(position.variant.has_waiting)]
            if st.play is not None and not st.next:
                out["status"] = words["complete"].format(play=st.play.notation)
            else:
                out["status"] = words["pick_source"].format(dice=view.dice_text)
    elif game.outcome is not None:
        out["status"] = words["over"]
    elif moving:
        out["status"] = words["waiting"].format(name=side_names.get(game.turn, game.turn.value))
    elif view.waits_on is not None and game.cube is not None:
        out.update(cube_asks(game, me, view.waits_on, words, board_words(lang), side_names))
    if me is None and not out["status"]:
        out["status"] = words["watching"]
    dice = game.dice if moving else None
    board = board_words(lang)
    shown_last = view.last if not picked else None
    if in_progress is not None:  # a play part-way: its own arrows, not the last turn's
        shown_last, board = in_progress, replace(board, played="{play}")
    lay = layout(Scene(position, viewer, last_play=shown_last, dice=dice, names=side_names, score=view.score,
                       result=game.outcome, words=board, cube=game.cube))
    running = view.deadline is not None and game.outcome is None and now is not None
    left = max(0, int(view.deadline - now)) if running and view.deadline is not None and now is not None else None
    return PageState(**out, svg=board_svg(lay), size=(lay.width, lay.height), left=left)
