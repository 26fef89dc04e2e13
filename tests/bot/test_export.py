"""`/export` on the console: a portes match as a `.mat` file that replays (and that gnubg imports where it is
installed), a tapa game as a `.tbl` record that replays to the stored position, refusals that change nothing."""

from __future__ import annotations

import io
import random
import re
import shutil
import subprocess
from dataclasses import replace
from pathlib import Path

from bot.console import Console
from bot.replies import Caller
from bot.service import Service
from game import Side, read_mat, replay_read, replay_text
from storage import MoveLogEntry
from tests.game.records import gnubg_games

from .conftest import ALICE, BOB, CHAT
from .play import next_command
from .test_games import only_game, script_to_end

NAMES = {Side.WHITE: "alice", Side.BLACK: "bob"}


def _written(out: str) -> list[Path]:
    return [Path(line.split("[file: ", 1)[1].rstrip("]")) for line in out.splitlines() if "[file: " in line]


async def test_a_portes_match_exports_as_a_mat_file_that_replays(service: Service, tmp_path: Path) -> None:
    out = io.StringIO()
    console = Console(service, out, tmp_path, "alice")
    await console.line("/challenge @bob portes to 3")
    await console.line("/as bob")
    await console.line("/accept")
    first = await only_game(service, BOB)
    match_id = (await service.store.games.get(first)).match_id
    assert match_id is not None
    for n in range(20):
        match = await service.store.matches.get(match_id)
        if match.winner is not None:
            break
        await script_to_end(console, service, match.games[-1], NAMES, seed=n)
    match = await service.store.matches.get(match_id)
    await console.line(f"/export match {first}")
    await console.line(f"/export {match.games[-1]}")
    await console.line(f"/export match {first}")  # again: a second file, the first kept
    files = _written(out.getvalue())
    assert [f.name for f in files] == [f"tabla-match-{match_id}.mat", f"tabla-{match.games[-1]}.mat",
                                       f"tabla-match-{match_id}-1.mat"]
    whole, last, _ = (f.read_text(encoding="utf-8") for f in files)
    assert " 3 point match" in whole.splitlines() and '; [CubeLimit "1"]' in whole.splitlines()
    # the match was rated (RATINGS.md RT-1…4): both players' FIBS rating/experience in the portes pool
    assert re.search(r'^; \[Player 1 Elo "1[45]\d\d\.\d/3"\]$', whole, re.M), whole[:400]
    assert re.search(r'^; \[Player 2 Elo "1[45]\d\d\.\d/3"\]$', whole, re.M)
    read, games = read_mat(whole)
    finals = replay_read(read, games)
    stored = [await service.store.games.get(g) for g in match.games]
    assert [g.position.to_tpn() for g in finals] == [r.position for r in stored]
    assert whole.count(" Game ") == len(stored) and last.count(" Game ") == 1
    gnubg = shutil.which("gnubg") or shutil.which("/usr/games/gnubg")
    if gnubg is not None:  # the file imports into GNU Backgammon without a complaint
        done = subprocess.run([gnubg, "-t", "-q"], input=f"import mat {files[0]}\nshow score\n", text=True,
                              capture_output=True, timeout=120, check=False).stdout
        assert "warning" not in done.lower() and "invalid" not in done.lower()
        assert f"after {gnubg_games(finals, 3)} game" in done


async def test_a_tapa_game_exports_as_a_tbl_record_that_replays(service: Service, tmp_path: Path) -> None:
    out = io.StringIO()
    console = Console(service, out, tmp_path, "alice")
    await console.line("/challenge @bob tapa to 1")
    await console.line("/as bob")
    await console.line("/accept")
    gid = await only_game(service, BOB)
    rng = random.Random(3)
    for _ in range(6):  # a few turns of a running game: the file holds them so far
        step = await next_command(service, gid, {Side.WHITE: ALICE, Side.BLACK: BOB}, rng)
        assert step is not None
        reply = await service.handle(Caller(step[0], CHAT), step[1])
        assert reply.ok, reply.text
    reply = await service.handle(Caller(ALICE, CHAT), f"/export {gid}")
    assert reply.ok and reply.document is not None and reply.document.filename == f"tabla-{gid}.tbl"
    text = reply.document.data.decode()
    assert text.startswith("tabla record 1\n") and "white: alice" in text and "game 1 tapa" in text
    assert replay_text(text)[-1].position.to_tpn() == (await service.store.games.get(gid)).position
    await script_to_end(console, service, gid, NAMES)
    await console.line(f"/export {gid}")
    (path,) = _written(out.getvalue())
    assert "\nresult " in path.read_text(encoding="utf-8")
    assert replay_text(path.read_text(encoding="utf-8"))[-1].outcome is not None


async def test_bad_exports_are_refused_and_change_nothing(service: Service) -> None:
    for text in ("/export match game", "/export zz!", "/export"):
        reply = await service.handle(Caller(ALICE, CHAT), text)
        assert not reply.ok and reply.document is None, text
    await service.handle(Caller(ALICE, CHAT), "/challenge @bob tapa")
    await service.handle(Caller(BOB, CHAT), "/accept")
    gid = await only_game(service, BOB)
    record = await service.store.games.get(gid)
    reply = await service.handle(Caller(ALICE, CHAT), "/export match")  # a match to 5 (the default) so far
    assert reply.ok and reply.document is not None and reply.document.filename.startswith("tabla-match-")
    assert "match: 5" in reply.document.data.decode().splitlines()
    assert (await service.store.games.get(gid)).version == record.version


async def test_a_record_the_rules_do_not_allow_is_refused(service: Service) -> None:
    """A log entry no play could make (a position set up by hand) is refused in the player's words."""
    await service.handle(Caller(ALICE, CHAT), "/challenge @bob portes to 1")
    await service.handle(Caller(BOB, CHAT), "/accept")
    gid = await only_game(service, BOB)
    record = await service.store.games.get(gid)
    staged = replace(record, dice="6-5")
    await service.store.games.apply(record, staged, command_id="test-setup",
                                    move=MoveLogEntry(0, "6-5", "24/1", record.position, service.clock()))
    reply = await service.handle(Caller(ALICE, CHAT), f"/export {gid}")
    assert not reply.ok and reply.document is None and "cannot be exported" in reply.text
