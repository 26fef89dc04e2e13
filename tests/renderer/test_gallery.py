"""`python -m renderer gallery OUTDIR`."""

from __future__ import annotations

import io

from PIL import Image

from renderer.__main__ import main


def test_gallery_writes_boards_and_a_replay(tmp_path, capsys):
    assert main(["gallery", str(tmp_path / "out")]) == 0
    files = sorted((tmp_path / "out").iterdir())
    boards = [f for f in files if f.suffix == ".png"]
    assert len(boards) >= 12
    assert any(f.suffix == ".gif" for f in files)
    assert {Image.open(io.BytesIO(f.read_bytes())).size for f in boards} == {(1040, 888)}
    assert capsys.readouterr().out.count("\n") == len(files)
