"""The doubling cube on the board picture (R-CUBE-8): where it stands and what it shows, on the layout."""

from __future__ import annotations

from game import Cube, Position, Side, variant
from renderer import MatchScore, Scene, layout
from renderer import geometry as G
from renderer import theme as T
from renderer.svg import board_svg

W, B = Side.WHITE, Side.BLACK
TAPA = variant("tapa", {"cube": "on"})


def cube_of(scene: Scene) -> tuple[str, int, int, T.RGB]:
    lay = layout(scene)
    [label] = lay.labels_with("cube")
    [pill] = [p for p in lay.pills if p.radius is not None]
    assert (pill.box[0] + pill.box[2]) // 2 == label.x and (pill.box[1] + pill.box[3]) // 2 == label.y
    return label.text, label.x, label.y, pill.colour


def test_the_cube_stands_in_the_middle_at_1_then_at_its_owners_end_of_the_bar() -> None:
    start = Position.start(TAPA)
    assert cube_of(Scene(start, W, cube=Cube())) == ("1", G.BAR_X, G.MID, T.NUMBER)
    text, x, y, _ = cube_of(Scene(start, W, cube=Cube(4, W)))
    assert (text, x) == ("4", G.BAR_X) and G.MID < y < G.INNER_Y1  # the viewer's: at the bottom
    text, x, y, _ = cube_of(Scene(start, B, cube=Cube(4, W)))
    assert (text, x) == ("4", G.BAR_X) and G.INNER_Y0 < y < G.MID  # seen by black: at the top


def test_an_offer_shows_the_value_offered_in_the_doublers_half_in_the_accent_colour() -> None:
    start = Position.start(TAPA)  # white to move
    text, x, y, colour = cube_of(Scene(start, W, cube=Cube(2, W, offered=True)))
    assert (text, y, colour) == ("4", G.MID, T.ACCENT) and G.RIGHT_X0 < x < G.dice_centres(True, 1)[0][0]
    text, x, y, _ = cube_of(Scene(start, B, cube=Cube(2, W, offered=True)))
    assert y == G.MID and G.LEFT_X0 < x < G.dice_centres(False, 1)[0][0]


def test_an_offer_waits_on_the_doubled_side_whose_strip_says_so() -> None:
    """R-CUBE-3: after white's double the game waits on black: the turn pill is in black's strip, not white's."""
    start = Position.start(TAPA)  # white to move
    asked = layout(Scene(start, W, cube=Cube(2, W, offered=True)))
    assert asked.turn is B and [lb.side for lb in asked.labels_with("turn")] == [B]
    deciding = layout(Scene(start, W, cube=Cube(2, W)))
    assert deciding.turn is W and [lb.side for lb in deciding.labels_with("turn")] == [W]


def test_the_crawford_game_is_named_beside_the_match_and_no_cube_is_drawn_without_one() -> None:
    start = Position.start(TAPA)
    lay = layout(Scene(start, W, score=MatchScore(4, 2, 5), cube=Cube(crawford=True, away=(1, 3))))
    assert lay.labels_with("match")[0].text == "match to 5  ·  Crawford"
    plain = layout(Scene(Position.start(variant("tapa")), W, score=MatchScore(4, 2, 5)))
    assert not plain.labels_with("cube") and "Crawford" not in plain.labels_with("match")[0].text
    assert 'class="cube"' in board_svg(layout(Scene(start, W, cube=Cube())))


def test_an_offer_is_named_in_words_on_a_pill_beside_the_cube() -> None:
    """Issue 27: an offered cube says so in words beside it, between the rows' stacks (a stack of five on either
    row leaves the middle band free), in the doubler's half; a cube at rest says nothing."""
    start = Position.start(TAPA)  # white to move
    lay = layout(Scene(start, W, cube=Cube(2, W, offered=True)))
    [word] = lay.labels_with("offer")
    [cube] = [p for p in lay.pills if p.radius is not None]
    [pill] = [p for p in lay.pills if p.radius is None and p.colour == T.BANNER]
    assert word.text == "double offered" and word.colour == T.ACCENT and word.size >= 24
    assert word.y == G.MID and pill.box[0] == cube.box[2] + 12 and word.x == (pill.box[0] + pill.box[2]) // 2
    assert pill.box[2] <= G.RIGHT_X1 and cube.box[0] >= G.RIGHT_X0
    assert G.slot_y(13, 4 * G.D) + G.D // 2 < min(pill.box[1], cube.box[1])
    assert max(pill.box[3], cube.box[3]) < G.slot_y(12, 4 * G.D) - G.D // 2
    assert not layout(Scene(start, W, cube=Cube(2, W))).labels_with("offer")
    assert not layout(Scene(start, W, cube=Cube())).labels_with("offer")
