"""`layout()`: the exact geometry a board picture is drawn from — every checker, label, die and arrow.

Pure and cheap: no pixels are touched here. `draw.py` paints a `Layout` and nothing else, so tests can check
the picture's content exactly on the layout (R-BOARD-1…4 for what goes where).
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Literal

from game import Position, Side, Variant

from . import geometry as G
from . import theme as T
from .scene import LastPlay, MatchScore, ResultLike, Scene, make_scene
from .shapes import Arrow, Banner, Checker, Die, Label, Layout, Mark, Panel, Pill, Ring
from .text import clean, fit

NAME_SIZE = 28
INFO_SIZE = 19
COUNT_SIZE = 26
TRAY_COUNT_SIZE = 24
NUMBER_SIZE = 26
NAME_X = 72
NAME_MAX_W = 470
PILL_W = 106

REASONS = {"single": "", "tie": "", "mars": "mars", "backgammon": "backgammon", "mother": "mother piece",
           "capote": "capote", "stuck": "no moves left", "resign": "resigned", "resigned": "resigned",
           "timeout": "out of time"}


def layout(variant: Variant, position: Position, viewer: Side, *, last_play: LastPlay | None = None,
           dice: Sequence[int] | None = None, names: Mapping[Side, str] | None = None,
           score: MatchScore | None = None, result: ResultLike | None = None) -> Layout:
    """The geometry of the board picture of `position` as `viewer` sees it.

    :raises ValueError: the variant differs from the position's, or the dice are not 1..6.
    """
    return layout_scene(make_scene(variant, position, viewer, last_play=last_play, dice=dice, names=names,
                                   score=score, result=result))


def layout_scene(scene: Scene) -> Layout:
    """`layout()` of a prepared `Scene`."""
    b = _Builder(scene)
    return b.build()


def point_number_labels() -> tuple[Label, ...]:
    """The 24 point numbers in the viewer's numbering, in the wood bands (R-BOARD-1)."""
    return tuple(Label("point", str(p), G.point_x(p), G.number_y(p), "mm", NUMBER_SIZE, True, T.NUMBER)
                 for p in range(1, 25))


def has_waiting_tray(variant: Variant) -> bool:
    """Tawula keeps checkers waiting to enter beside the board (R-ENTER-2); the pinning games do not."""
    return not variant.pinning


class _Builder:
    def __init__(self, scene: Scene) -> None:
        self.s = scene
        self.pos = scene.position
        self.viewer = scene.viewer
        self.waiting_tray = has_waiting_tray(scene.variant)
        self.checkers: list[Checker] = []
        self.labels: list[Label] = []
        self.next_offset: dict[int, int] = {}   # point -> offset of the next free slot
        self.discs_on: dict[int, list[Checker]] = {}     # point -> the discs drawn on top (not pinned)
        self.names = {side: clean(scene.names.get(side, ""), side.value.capitalize()) for side in Side}

    def build(self) -> Layout:
        for p, view in enumerate(self.pos.points(self.viewer), start=1):
            self._point(p, view.owner, view.count, view.pinned)
        for side in (self.viewer, self.viewer.other):
            self._bar(side)
            self._tray(side, "off", self.pos.borne_off(side))
            if self.waiting_tray:
                self._tray(side, "waiting", self.pos.waiting(side))
        over = self.s.result is not None
        turn = None if over else self.pos.turn
        panels, pills = self._panels(turn)
        arrows, rings, marks = self._last_play()
        dice = () if over or not self.s.dice else tuple(
            Die(v, _square(c, G.DIE), self.pos.turn)
            for v, c in zip(self.s.dice, G.dice_centres(self.pos.turn is self.viewer, len(self.s.dice)),
                            strict=True))
        banner = self._banner() if over else None
        return Layout(G.WIDTH, G.HEIGHT, self.viewer, self.waiting_tray, tuple(self.checkers),
                      point_number_labels() + tuple(self.labels), dice, arrows, rings, marks, panels, pills,
                      turn, banner)

    # --- checkers -----------------------------------------------------------------------------------------

    def _point(self, p: int, owner: Side | None, count: int, pinned: Side | None) -> None:
        x = G.point_x(p)
        offset = 0
        cap = G.STACK
        if pinned is not None:
            self.checkers.append(Checker(pinned, "point", p, G.disc_box(x, G.slot_y(p, 0)), "disc",
                                         _face(pinned), pinned=True))
            offset, cap = G.PIN_SHIFT, G.PIN_STACK
        discs: list[Checker] = []
        if owner is not None:
            for k in range(count):
                shown = k < cap
                y = G.slot_y(p, offset + min(k, cap - 1) * G.D)
                c = Checker(owner, "point", p, G.disc_box(x, y), "disc", _face(owner), shown=shown)
                self.checkers.append(c)
                if shown:
                    discs.append(c)
            if count > cap:
                self._count_label(owner, str(count), x, G.slot_y(p, offset + (cap - 1) * G.D))
            self.discs_on[p] = discs
        self.next_offset[p] = offset + min(count, cap) * G.D

    def _bar(self, side: Side) -> None:
        n = self.pos.bar(side)
        mine = side is self.viewer
        for k in range(n):
            y = G.bar_y(mine, min(k, G.BAR_STACK - 1))
            self.checkers.append(Checker(side, "bar", 0, G.disc_box(G.BAR_X, y), "disc", _face(side),
                                         shown=k < G.BAR_STACK))
        if n > G.BAR_STACK:
            self._count_label(side, str(n), G.BAR_X, G.bar_y(mine, G.BAR_STACK - 1))

    def _tray(self, side: Side, kind: Literal["off", "waiting"], n: int) -> None:
        mine = side is self.viewer
        comp = G.tray_compartment(mine, kind, self.waiting_tray)
        for k in range(n):
            self.checkers.append(Checker(side, kind, 0, G.slab_box(mine, comp, k, self.waiting_tray), "slab",
                                         _face(side)))
        if n:
            self.labels.append(Label("tray", str(n), G.TRAY_COUNT_X, (comp[0] + comp[1]) // 2, "mm",
                                     TRAY_COUNT_SIZE, True, T.NUMBER, side=side))

    def _count_label(self, side: Side, text: str, x: int, y: int) -> None:
        self.labels.append(Label("count", text, x, y, "mm", COUNT_SIZE, True, T.CHECKER_TEXT[side], side=side))

    # --- panels -------------------------------------------------------------------------------------------

    def _panels(self, turn: Side | None) -> tuple[tuple[Panel, ...], tuple[Pill, ...]]:
        panels: list[Panel] = []
        pills: list[Pill] = []
        for side in (self.viewer.other, self.viewer):
            mine = side is self.viewer
            top = G.panel_top(mine)
            active = side is turn
            panels.append(Panel(side, (0, top, G.WIDTH, top + G.PANEL_H), active,
                                _square((38, top + G.PANEL_H // 2), 40)))
            name = fit(self.names[side], NAME_SIZE, NAME_MAX_W)
            self.labels.append(Label("name", name.text, NAME_X, top + 26, "lm", NAME_SIZE, True, T.PANEL_TEXT,
                                     side=side, complex_script=name.complex_script))
            info = f"{self.pos.pips(side)} pips"
            if self.pos.bar(side) and self.pos.bar_protected(side):
                info += "  ·  bar protected"   # R-ENTER-4
            lp = self.s.last_play
            if lp is not None and lp.side is side:
                info += f"  ·  played {lp.notation()}"
            name_end = NAME_X + name.width
            if active:
                x0 = name_end + 16
                name_end = x0 + PILL_W
                pills.append(Pill((x0, top + 12, name_end, top + 40), T.ACCENT))
                self.labels.append(Label("turn", "TO MOVE", x0 + PILL_W // 2, top + 26, "mm", 15, True,
                                         T.ACCENT_DARK, side=side))
            sc = self.s.score
            if sc is not None:
                self.labels.append(Label("score", str(sc.of(side)), G.TRAY_X0 + G.TRAY_W // 2,
                                         top + G.PANEL_H // 2, "mm", 38, True, T.PANEL_TEXT, side=side))
            info_end = G.TRAY_X0 - 14
            if not mine:   # the variant and the match length at the right of the opponent's strip
                title = fit(variant_title(self.s.variant), 21, G.RIGHT_X1 - name_end - 24)
                self.labels.append(Label("variant", title.text, G.RIGHT_X1, top + 26, "rm", 21, True,
                                         T.PANEL_TEXT))
                info_end = G.RIGHT_X1 - 24
                if sc is not None:
                    match = fit(f"match to {sc.target}", INFO_SIZE, 200, bold=False)
                    self.labels.append(Label("match", match.text, G.RIGHT_X1, top + 57, "rm", INFO_SIZE, False,
                                             T.PANEL_MUTED))
                    info_end -= match.width
            info_fit = fit(info, INFO_SIZE, info_end - NAME_X, bold=False)
            self.labels.append(Label("info", info_fit.text, NAME_X, top + 57, "lm", INFO_SIZE, False,
                                     T.PANEL_MUTED, side=side))
        return tuple(panels), tuple(pills)

    # --- the last play ------------------------------------------------------------------------------------

    def _last_play(self) -> tuple[tuple[Arrow, ...], tuple[Ring, ...], tuple[Mark, ...]]:
        lp = self.s.last_play
        if lp is None or not lp.moves:
            return (), (), ()
        mover = lp.side
        arrows: list[Arrow] = []
        rings: list[Ring] = []
        marks: dict[int, Literal["from", "to"]] = {}
        ghosts: dict[int | str, int] = {}
        arrivals: dict[int | str, int] = {}
        for m in lp.moves:
            start, ghost = self._source(mover, m.frm, m.from_bar, ghosts)
            if ghost:
                rings.append(Ring(G.disc_box(*start), "from"))
            end, landed = self._target(mover, m.to, arrivals, ghosts)
            if landed:
                rings.append(Ring(G.disc_box(*end), "to"))
            arrows.append(Arrow(mover, start, end, m.hit))
            if 1 <= m.frm <= 24:
                vp = self.pos.to_point(m.frm, mover, self.viewer)
                marks.setdefault(vp, "from")
            if 1 <= m.to <= 24:
                marks[self.pos.to_point(m.to, mover, self.viewer)] = "to"
        return tuple(arrows), tuple(rings), tuple(Mark(p, k, _number_box(p)) for p, k in sorted(marks.items()))

    def _source(self, mover: Side, frm: int, from_bar: bool,
                ghosts: dict[int | str, int]) -> tuple[tuple[int, int], bool]:
        """Where a moved checker came from, and whether a ghost ring marks it (a point or the bar)."""
        mine = mover is self.viewer
        if frm == 25:
            if from_bar or not self.waiting_tray:
                k = ghosts.get("bar", 0)
                ghosts["bar"] = k + 1
                return (G.BAR_X, G.bar_y(mine, min(self.pos.bar(mover) + k, G.BAR_STACK - 1))), True
            comp = G.tray_compartment(mine, "waiting", True)
            k = ghosts.get("waiting", 0)
            ghosts["waiting"] = k + 1
            box = G.slab_box(mine, comp, min(self.pos.waiting(mover) + k, 14), True)
            return ((box[0] + box[2]) // 2, (box[1] + box[3]) // 2), False
        vp = self.pos.to_point(frm, mover, self.viewer)
        k = ghosts.get(vp, 0)
        ghosts[vp] = k + 1
        offset = min(self.next_offset[vp] + k * G.D, G.GHOST_MAX)
        return (G.point_x(vp), G.slot_y(vp, offset)), True

    def _target(self, mover: Side, to: int, arrivals: dict[int | str, int],
                ghosts: dict[int | str, int]) -> tuple[tuple[int, int], bool]:
        """Where a moved checker landed, and whether a checker of the mover stands there to ring."""
        mine = mover is self.viewer
        if to == 0:
            k = arrivals.get("off", 0)
            arrivals["off"] = k + 1
            comp = G.tray_compartment(mine, "off", self.waiting_tray)
            box = G.slab_box(mine, comp, max(self.pos.borne_off(mover) - 1 - k, 0), self.waiting_tray)
            return ((box[0] + box[2]) // 2, (box[1] + box[3]) // 2), False
        vp = self.pos.to_point(to, mover, self.viewer)
        k = arrivals.get(vp, 0)
        arrivals[vp] = k + 1
        discs = [c for c in self.discs_on.get(vp, []) if c.side is mover]
        if k < len(discs):
            c = discs[len(discs) - 1 - k]
            return ((c.box[0] + c.box[2]) // 2, (c.box[1] + c.box[3]) // 2), True
        offset = min(self.next_offset[vp] + max(ghosts.get(vp, 0) - 1, 0) * G.D, G.GHOST_MAX)
        return (G.point_x(vp), G.slot_y(vp, offset)), False

    # --- the end ------------------------------------------------------------------------------------------

    def _banner(self) -> Banner:
        r = self.s.result
        assert r is not None
        complex_script = False
        if r.winner is None:
            title = "Tie"
        else:
            name = fit(self.names[r.winner], 30, 640)
            title, complex_script = f"{name.text} wins", name.complex_script
        reason = REASONS.get(r.reason, r.reason)
        pts = f"{r.points} point{'s' if r.points != 1 else ''}" if r.winner is not None else "no points"
        sub = f"{pts}  ·  {reason}" if reason else pts
        box = (G.LEFT_X0 + 8, G.MID - G.BAR_CLEAR + 4, G.RIGHT_X1 - 8, G.MID + G.BAR_CLEAR - 4)
        cx = (box[0] + box[2]) // 2
        lines = (Label("banner", title, cx, G.MID - 11, "mm", 30, True, T.PANEL_TEXT,
                       complex_script=complex_script),
                 Label("banner", sub, cx, G.MID + 20, "mm", 19, True, T.ACCENT))
        return Banner(box, r.winner, lines)


def variant_title(v: Variant) -> str:
    """`Tapa · mother tie · backgammon · cube`: the preset and its non-default options (RULES.md §9)."""
    parts = [v.name.capitalize()]
    for key, value in v.options().items():
        if key == "mother":
            parts.append(f"mother {value}")
        elif key == "cube":
            parts.append("cube" if value == "on" else "no cube")
        else:
            parts.append(value)
    return "  ·  ".join(parts)


def _face(side: Side) -> T.RGB:
    return T.CHECKER_FACE[side]


def _square(c: tuple[int, int], size: int) -> G.Box:
    h = size // 2
    return (c[0] - h, c[1] - h, c[0] - h + size, c[1] - h + size)


def _number_box(p: int) -> G.Box:
    x, y = G.point_x(p), G.number_y(p)
    return (x - G.PW // 2 + 5, y - 16, x + G.PW // 2 - 5, y + 16)
