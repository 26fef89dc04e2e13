"""Colours of the board: flat wood and felt tones with high contrast for small phone screens."""

from __future__ import annotations

from game import Side

RGB = tuple[int, int, int]

FELT: RGB = (28, 96, 74)
FRAME: RGB = (94, 60, 34)
FRAME_DARK: RGB = (62, 39, 22)
TRAY: RGB = (50, 32, 19)
TRAY_LINE: RGB = (112, 76, 46)
TRAY_TEXT: RGB = (158, 118, 80)
POINT_LIGHT: RGB = (229, 200, 152)
POINT_DARK: RGB = (168, 58, 46)
NUMBER: RGB = (250, 238, 214)
NUMBER_DARK: RGB = (40, 26, 14)

PANEL: RGB = (33, 29, 27)
PANEL_ACTIVE: RGB = (58, 48, 34)
PANEL_TEXT: RGB = (246, 240, 228)
PANEL_MUTED: RGB = (186, 172, 150)

ACCENT: RGB = (255, 202, 40)
ACCENT_DARK: RGB = (40, 30, 0)
PIN: RGB = (255, 72, 56)
BANNER: RGB = (24, 22, 20)

CHECKER_FACE: dict[Side, RGB] = {Side.WHITE: (247, 243, 233), Side.BLACK: (36, 36, 40)}
CHECKER_RIM: dict[Side, RGB] = {Side.WHITE: (128, 112, 92), Side.BLACK: (118, 118, 126)}
CHECKER_RING: dict[Side, RGB] = {Side.WHITE: (214, 204, 186), Side.BLACK: (70, 70, 78)}
CHECKER_TEXT: dict[Side, RGB] = {Side.WHITE: (30, 30, 34), Side.BLACK: (250, 246, 238)}
