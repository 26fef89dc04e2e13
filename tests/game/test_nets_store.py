"""Checkpoints resume exactly; shipped weights are refused with a wrong encoding version or checksum."""

from __future__ import annotations

import json
import os
import random
import signal
import time
from dataclasses import replace
from pathlib import Path

import numpy as np
import pytest

from game import variant
from game.ai import play_game, random_play
from game.nets.encode import AUX, encode, width
from game.nets.gate import net_chooser
from game.nets.spec import NETS
from game.nets.store import WEIGHTS_DIR, WeightsError, load_checkpoint, load_weights, save_weights
from game.nets.train import _Stop, train
from game.plays import Play, legal_plays

from .helpers import random_position


def quiet(line: str) -> None:
    pass


def test_resume_gives_the_same_continuation(tmp_path: Path) -> None:
    a, b = tmp_path / "a", tmp_path / "b"
    train("tapa", games=2, seed=5, directory=a, weights=None, gate_every=0, log=quiet)
    resumed = train("tapa", games=4, seed=99, directory=a, weights=None, gate_every=0, log=quiet)
    straight = train("tapa", games=4, seed=5, directory=b, weights=None, gate_every=0, log=quiet)
    assert resumed.games == straight.games == 4 and resumed.seed == 5
    assert resumed.positions == straight.positions > 0
    for k in ("w1", "b1", "w2", "b2"):
        assert np.array_equal(getattr(resumed.net, k), getattr(straight.net, k))
    assert resumed.rng_state == straight.rng_state
    loaded = load_checkpoint("tapa", a)
    assert loaded is not None and np.array_equal(loaded.net.w1, straight.net.w1)


def test_a_fixed_step_size_is_the_one_used(tmp_path: Path) -> None:
    """`alpha` replaces the schedule for the run: a step of zero learns nothing, the schedule (0.1 at first) and
    a fixed 0.05 learn from the same seed, and differently."""
    fresh = train("tapa", games=0, seed=5, directory=tmp_path / "fresh", weights=None, gate_every=0, log=quiet)
    frozen = train("tapa", games=2, seed=5, directory=tmp_path / "zero", weights=None, gate_every=0, log=quiet,
                   alpha=0.0)
    learnt = train("tapa", games=2, seed=5, directory=tmp_path / "sched", weights=None, gate_every=0, log=quiet)
    half = train("tapa", games=2, seed=5, directory=tmp_path / "half", weights=None, gate_every=0, log=quiet,
                 alpha=0.05)
    assert np.array_equal(frozen.net.w1, fresh.net.w1) and np.array_equal(frozen.net.w2, fresh.net.w2)
    assert not np.array_equal(learnt.net.w1, fresh.net.w1)
    assert not np.array_equal(half.net.w1, fresh.net.w1) and not np.array_equal(half.net.w1, learnt.net.w1)


@pytest.mark.parametrize(("flag", "ships"), [([], True), (["--keep-weights"], False)])
def test_keep_weights_trains_without_shipping(tmp_path: Path, monkeypatch: pytest.MonkeyPatch, flag: list[str],
                                              ships: bool) -> None:
    """`python -m game train … --keep-weights` trains a gated net on without touching its shipped weights (weights
    shipped by training lose the gate recorded for the ones before)."""
    from game.nets import train as trainer

    asked: list[dict[str, object]] = []
    monkeypatch.setattr(trainer, "TRAIN_DIR", tmp_path)
    monkeypatch.setattr(trainer, "train", lambda name, **kw: asked.append({"name": name, **kw}))
    assert trainer.main(["tapa", "--gate-every", "0", *flag]) == 0
    assert [a["name"] for a in asked] == ["tapa"]
    assert asked[0].get("weights", "to WEIGHTS_DIR") == ("to WEIGHTS_DIR" if ships else None)


def test_ship_writes_the_checkpoint_as_the_shipped_weights(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """`python -m game train … --ship` writes a checkpoint's net where the computer loads it, trains nothing."""
    from game.nets import train as trainer

    ckpt = train("fevga", games=1, seed=3, directory=tmp_path / "train", weights=None, gate_every=0, log=quiet)
    monkeypatch.setattr(trainer, "TRAIN_DIR", tmp_path / "train")
    monkeypatch.setattr(trainer, "WEIGHTS_DIR", tmp_path / "weights")
    monkeypatch.setattr(trainer, "load_checkpoint", lambda name: load_checkpoint(name, tmp_path / "train"))
    monkeypatch.setattr(trainer, "train", lambda *a, **kw: pytest.fail("--ship trained"))
    (tmp_path / "weights").mkdir()
    assert trainer.main(["fevga", "--ship"]) == 0
    net, side = load_weights("fevga", tmp_path / "weights")
    assert np.array_equal(net.w1, ckpt.net.w1.astype(np.float32)) and side["games_trained"] == ckpt.games
    assert "gate" not in side


@pytest.fixture
def shipped(tmp_path: Path) -> Path:
    ckpt = train("fevga", games=1, seed=2, directory=tmp_path, weights=None, gate_every=0, log=quiet)
    save_weights(ckpt, tmp_path)
    return tmp_path


def test_weights_round_trip(shipped: Path) -> None:
    net, side = load_weights("fevga", shipped)
    ckpt = load_checkpoint("fevga", shipped)
    assert ckpt is not None
    assert np.allclose(net.w1, ckpt.net.w1, atol=1e-6)
    assert side["encoding_version"] == NETS["fevga"].version and side["games_trained"] == 1


def test_weights_of_an_encoding_the_next_extends_load_widened_to_the_same_play(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """Portes' shipped version-1 weights (`store.WIDENED`) keep playing under the later versions: the new inputs
    weigh nothing, so the outputs are the old net's on the old inputs; a version nothing widens to is refused."""
    now = NETS["portes"]
    v1 = replace(now, version=1)
    monkeypatch.setitem(NETS, "portes", v1)
    ckpt = train("portes", games=1, seed=4, directory=tmp_path, weights=None, gate_every=0, log=quiet)
    save_weights(ckpt, tmp_path)
    old, _ = load_weights("portes", tmp_path)
    monkeypatch.setitem(NETS, "portes", now)
    net, side = load_weights("portes", tmp_path)
    assert side["encoding_version"] == 1 and net.w1.shape == (now.hidden, width(now))
    rows = np.array([random_position("portes", s, 10 + s).cells for s in range(20)], dtype=np.int64)
    aux = np.zeros((len(rows), AUX))
    assert np.allclose(net(encode(rows, aux, now)), old(encode(rows, aux, v1)), rtol=0, atol=1e-12)
    monkeypatch.setitem(NETS, "portes", replace(now, version=now.version + 1))
    with pytest.raises(WeightsError, match="version"):
        load_weights("portes", tmp_path)


def test_loader_refuses_another_encoding_version(shipped: Path) -> None:
    sidecar = shipped / "fevga.json"
    side = json.loads(sidecar.read_text())
    side["encoding_version"] = NETS["fevga"].version + 1
    sidecar.write_text(json.dumps(side))
    with pytest.raises(WeightsError, match="version"):
        load_weights("fevga", shipped)


def test_loader_refuses_a_bad_checksum(shipped: Path) -> None:
    path = shipped / "fevga.npz"
    data = bytearray(path.read_bytes())
    data[len(data) // 2] ^= 0xFF
    path.write_bytes(bytes(data))
    with pytest.raises(WeightsError, match="checksum"):
        load_weights("fevga", shipped)


def test_loader_refuses_missing_weights(tmp_path: Path) -> None:
    with pytest.raises(WeightsError, match="no shipped weights"):
        load_weights("gulbara", tmp_path)


def test_shipped_weights_are_small_and_load() -> None:
    files = sorted(WEIGHTS_DIR.glob("*.npz"))
    assert sum(f.stat().st_size for f in files) < 1_000_000
    for f in files:
        net, side = load_weights(f.stem)
        assert net.w1.shape == (side["hidden"], width(NETS[f.stem])) and side["inputs"] <= width(NETS[f.stem])


@pytest.mark.parametrize("net_file", sorted(WEIGHTS_DIR.glob("*.npz")), ids=lambda f: f.stem)
def test_shipped_net_plays_20_games_against_random(net_file: Path) -> None:
    net, _ = load_weights(net_file.stem)
    spec = NETS[net_file.stem]
    mine = net_chooser(net, spec)

    def checked(plays: list[Play], rng: random.Random) -> Play:
        chosen = mine(plays, rng)
        assert chosen in legal_plays(chosen.before, chosen.dice)
        return chosen

    for i in range(20):
        game_name = spec.games[i % len(spec.games)]
        white, black = (checked, random_play) if i % 2 == 0 else (random_play, checked)
        game = play_game(variant(game_name), white, black, random.Random(i))
        assert game.outcome is not None


def test_a_narrower_checkpoint_loads_grown_to_the_same_play_and_trains_on(tmp_path: Path,
                                                                          monkeypatch: pytest.MonkeyPatch) -> None:
    """A checkpoint with fewer hidden units than its net's spec (a wider hidden layer warm-started from a trained
    net) loads grown: on the same positions its outputs are exactly the narrow net's, and training goes on from
    it, moving the new units' weights too."""
    wide = NETS["tapa"]
    narrow = replace(wide, hidden=wide.hidden // 2)
    monkeypatch.setitem(NETS, "tapa", narrow)
    trained = train("tapa", games=2, seed=5, directory=tmp_path, weights=None, gate_every=0, log=quiet)
    monkeypatch.setitem(NETS, "tapa", wide)
    loaded = load_checkpoint("tapa", tmp_path)
    assert loaded is not None and loaded.games == 2 and loaded.net.w1.shape == (wide.hidden, width(wide))
    again = load_checkpoint("tapa", tmp_path)
    assert again is not None and np.array_equal(again.net.w1, loaded.net.w1)  # grown the same way each time
    rows = np.array([random_position("tapa", s, 12 + 2 * s).cells for s in range(30)], dtype=np.int64)
    x = encode(rows, np.zeros((len(rows), AUX)), wide)
    assert np.allclose(loaded.net(x), trained.net(x), rtol=0, atol=1e-12)  # the same sums, in BLAS's order
    assert not np.array_equal(loaded.net.hidden(x)[:, narrow.hidden:], np.zeros((len(rows), narrow.hidden)))
    on = train("tapa", games=4, directory=tmp_path, weights=None, gate_every=0, log=quiet)
    assert on.games == 4 and on.net.w1.shape == (wide.hidden, width(wide))
    assert np.abs(on.net.w2[:, narrow.hidden:]).max() > 0  # the new units learn


def test_a_narrower_checkpoints_average_grows_with_its_net(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """A grown checkpoint keeps its running average, grown by the same new units as its net: on the same positions
    the average plays as it did, and the new units' weights are the net's."""
    wide = NETS["tapa"]
    narrow = replace(wide, hidden=wide.hidden // 2)
    monkeypatch.setitem(NETS, "tapa", narrow)
    trained = train("tapa", games=3, seed=5, directory=tmp_path, weights=None, gate_every=0, log=quiet,
                    average=2)
    assert trained.average is not None and not np.allclose(trained.average.w1, trained.net.w1, atol=1e-9)
    monkeypatch.setitem(NETS, "tapa", wide)
    loaded = load_checkpoint("tapa", tmp_path)
    assert loaded is not None and loaded.average is not None
    assert loaded.average.w1.shape == loaded.net.w1.shape == (wide.hidden, width(wide))
    assert np.array_equal(loaded.average.w1[narrow.hidden:], loaded.net.w1[narrow.hidden:])
    assert np.array_equal(loaded.average.w1[:narrow.hidden], trained.average.w1)
    rows = np.array([random_position("tapa", s, 12 + 2 * s).cells for s in range(30)], dtype=np.int64)
    x = encode(rows, np.zeros((len(rows), AUX)), wide)
    assert np.allclose(loaded.average(x), trained.average(x), rtol=0, atol=1e-12)


def test_the_running_average_follows_the_weights_and_ships(tmp_path: Path) -> None:
    """`train --average W`: after each game the average moves 1/W of the way to the weights (W = 1: it is the
    weights; a huge W: it stays where the run began), it survives a checkpoint, a run without it drops it, and
    the shipped weights are the average where one is kept."""
    begun = train("tapa", games=0, seed=5, directory=tmp_path / "a", weights=None, gate_every=0, log=quiet)
    same = train("tapa", games=3, directory=tmp_path / "a", weights=None, gate_every=0, log=quiet, average=1)
    assert same.average is not None and np.allclose(same.average.w1, same.net.w1, rtol=0, atol=1e-15)  # a + (w − a)
    assert not np.array_equal(same.net.w1, begun.net.w1)
    train("tapa", games=0, seed=5, directory=tmp_path / "b", weights=None, gate_every=0, log=quiet)
    slow = train("tapa", games=3, directory=tmp_path / "b", weights=None, gate_every=0, log=quiet, average=10**9)
    assert slow.average is not None and np.allclose(slow.average.w1, begun.net.w1, atol=1e-7)
    assert not np.allclose(slow.average.w1, slow.net.w1, atol=1e-7)
    loaded = load_checkpoint("tapa", tmp_path / "b")
    assert loaded is not None and loaded.average is not None
    assert np.array_equal(loaded.average.w2, slow.average.w2) and np.array_equal(loaded.net.w2, slow.net.w2)
    save_weights(loaded, tmp_path / "w")
    net, side = load_weights("tapa", tmp_path / "w")
    assert np.array_equal(net.w1, slow.average.w1.astype(np.float32)) and side["averaged"] is True
    gated = train("tapa", games=4, directory=tmp_path / "b", weights=None, gate_every=4, gate_games=2, log=quiet,
                  average=2)
    assert {"rate", "average_rate", "average_of"} <= set(gated.gates[-1]) and gated.gates[-1]["average_of"] == 2
    plain = train("tapa", games=5, directory=tmp_path / "b", weights=None, gate_every=0, log=quiet)
    assert plain.average is None and (again := load_checkpoint("tapa", tmp_path / "b")) is not None
    assert again.average is None


def test_a_stop_during_a_quick_gate_abandons_it_and_keeps_the_games(tmp_path: Path,
                                                                     monkeypatch: pytest.MonkeyPatch) -> None:
    """SIGTERM while a quick gate plays (minutes in gul bara) drops the gate at once: the checkpoint is written
    with the games played and no gate result, and the log says so."""
    stop = _Stop()
    previous = signal.signal(signal.SIGTERM, stop)
    calls: list[int] = []

    def slow_gate(*args: object) -> dict[str, float]:
        calls.append(1)
        os.kill(os.getpid(), signal.SIGTERM)
        time.sleep(30)  # a gate that would take this long: the handler's exception ends it
        return {"rate": 1.0, "se": 0.0, "games": 2}

    monkeypatch.setattr("game.nets.train.quick_gate", slow_gate)
    lines: list[str] = []
    began = time.monotonic()
    try:
        ckpt = train("fevga", games=5, seed=4, directory=tmp_path, weights=None, gate_every=1, log=lines.append,
                     stop=stop)
    finally:
        signal.signal(signal.SIGTERM, previous)
    assert time.monotonic() - began < 20 and calls == [1] and stop.asked and not stop.gating
    assert ckpt.games == 1 and ckpt.gates == []
    saved = load_checkpoint("fevga", tmp_path)
    assert saved is not None and saved.games == 1 and saved.gates == []
    assert any("abandoned" in line for line in lines)


def test_against_plays_that_share_of_the_games_against_the_heuristic(tmp_path: Path,
                                                                   monkeypatch: pytest.MonkeyPatch) -> None:
    """`against=1`: every game has the heuristic on one side, black in the net's odd games (the net white) and
    white in its even ones; `against=0` (the default) asks nothing of it and trains exactly as before."""
    sides: list[list[str]] = []

    def heuristic(plays: list[Play], rng: random.Random) -> Play:
        sides[-1].append(plays[0].before.turn.name)
        return random_play(plays, rng)

    def game_begins(*args: object, **kw: object) -> object:
        sides.append([])
        return real(*args, **kw)

    import game.nets.train as trainer
    real = trainer.self_play
    monkeypatch.setattr(trainer, "ai_chooser", heuristic)
    monkeypatch.setattr(trainer, "self_play", game_begins)
    train("tapa", games=0, seed=5, directory=tmp_path / "a", weights=None, gate_every=0, log=quiet)
    train("tapa", games=2, directory=tmp_path / "a", weights=None, gate_every=0, log=quiet, against=1.0)
    assert [set(s) for s in sides] == [{"WHITE"}, {"BLACK"}]  # game 0 (even): the heuristic white; game 1 black
    sides.clear()
    plain = train("tapa", games=2, seed=5, directory=tmp_path / "b", weights=None, gate_every=0, log=quiet)
    assert sides == [[], []]
    monkeypatch.setattr(trainer, "self_play", real)
    again = train("tapa", games=2, seed=5, directory=tmp_path / "c", weights=None, gate_every=0, log=quiet,
                  against=0.0)
    assert np.array_equal(plain.net.w1, again.net.w1)
