"""Checkpoints of training and the shipped weights, written atomically and loaded without pickle.

- A checkpoint `train/<net>.ckpt.npz` holds the weights (float64), the games played, the positions learnt,
  the seed, the numpy generator's state and the gate results (a JSON string array), so training resumes
  exactly where it stopped.
- Shipped weights `weights/<net>.npz` (float32) come with a sidecar `weights/<net>.json`: the net, its games,
  the input encoding's version, games trained, seed, gate results and the file's sha256. `load_weights`
  refuses a wrong encoding version or a file whose checksum does not match.
- A checkpoint of an older encoding that a later one only extends (`WIDENED`: version 2 of family `pin` adds
  two inputs a side) loads widened: the new inputs get zero weights, so the net plays exactly as before and
  training goes on from there, learning to use them.
- Shipped weights of such an older encoding load widened the same way, so a gated net keeps playing (exactly as
  gated: the new inputs weigh nothing) while its successor trains on the new encoding; the computer takes them
  as they are (`widened=False`) and encodes only the inputs they were trained on.
- A checkpoint with fewer hidden units than its net's spec loads grown (`grow`): the new units start with zero
  output weights, so again the net plays exactly as before and training goes on from there.
- A checkpoint's running average (`train --average`) is widened and grown with its net, the new units the same
  in both, so the average goes on averaging where it stopped instead of starting afresh from the raw weights.
"""

from __future__ import annotations

import hashlib
import io
import json
import os
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import numpy as np

from .net import LAYERS, Net
from .spec import NETS

HERE = Path(__file__).resolve().parent
TRAIN_DIR = HERE / "train"
WEIGHTS_DIR = HERE / "weights"


# (family, old version) → per side, the old side block's width and how many inputs the next version appends to it
WIDENED: dict[tuple[str, int], tuple[int, int]] = {("pin", 1): (126, 2), ("cascade", 1): (103, 7), ("hit", 1): (102, 4),
                                                    ("hit", 2): (106, 3)}


def widen(w1: np.ndarray[Any, np.dtype[Any]], family: str, version: int) -> np.ndarray[Any, np.dtype[Any]]:
    """First-layer weights `w1` (hidden, inputs) of encoding `version` made for the next version: zero
    columns for the inputs it appends to each side's block (see `WIDENED`)."""
    side, extra = WIDENED[(family, version)]
    zeros = np.zeros((w1.shape[0], extra), dtype=w1.dtype)
    return np.concatenate([w1[:, :side], zeros, w1[:, side:2 * side], zeros, w1[:, 2 * side:]], axis=1)


def grow(net: Net, hidden: int, seed: int) -> Net:
    """`net` with `hidden` hidden units where it had fewer: the new units get small random input weights (uniform
    ±0.1, as a fresh net's, from `seed`) and zero output weights, so the grown net plays exactly as `net` did
    and training goes on from there, the new units learning from its first step."""
    have, inputs = net.w1.shape
    rng = np.random.default_rng(seed)
    w1 = np.concatenate([net.w1, rng.uniform(-0.1, 0.1, (hidden - have, inputs))])
    w2 = np.concatenate([net.w2, np.zeros((net.w2.shape[0], hidden - have))], axis=1)
    return Net(w1, np.concatenate([net.b1, np.zeros(hidden - have)]), w2, net.b2)


class WeightsError(ValueError):
    """Shipped weights that cannot be used: missing, of another encoding version, or corrupt."""


@dataclass(slots=True)
class Checkpoint:
    """The whole state of a net's training."""

    net_name: str
    net: Net
    seed: int
    games: int = 0
    positions: int = 0
    rng_state: dict[str, Any] = field(default_factory=dict)
    gates: list[dict[str, Any]] = field(default_factory=list)
    average: Net | None = None  # the run's running average of the weights (`train --average`), shipped where kept


def _atomic_write(path: Path, data: bytes) -> None:
    """Write `data` to `path` through a temporary file in the same directory and a rename."""
    path.parent.mkdir(parents=True, exist_ok=True)
    tmp = path.with_name(f".{path.name}.{os.getpid()}.tmp")
    with open(tmp, "wb") as fh:
        fh.write(data)
        fh.flush()
        os.fsync(fh.fileno())
    os.replace(tmp, path)


def _npz(**arrays: np.ndarray[Any, Any]) -> bytes:
    buf = io.BytesIO()
    np.savez_compressed(buf, **arrays)  # type: ignore[arg-type]
    return buf.getvalue()


def checkpoint_path(net_name: str, directory: Path = TRAIN_DIR) -> Path:
    return directory / f"{net_name}.ckpt.npz"


def save_checkpoint(ckpt: Checkpoint, directory: Path = TRAIN_DIR) -> Path:
    """Write the checkpoint of `ckpt.net_name` atomically; returns its path."""
    meta = {"net": ckpt.net_name, "version": NETS[ckpt.net_name].version, "seed": ckpt.seed,
            "games": ckpt.games, "positions": ckpt.positions, "rng_state": ckpt.rng_state, "gates": ckpt.gates}
    arrays = {k: getattr(ckpt.net, k) for k in LAYERS}
    if ckpt.average is not None:
        arrays.update({f"a_{k}": getattr(ckpt.average, k) for k in LAYERS})
    path = checkpoint_path(ckpt.net_name, directory)
    _atomic_write(path, _npz(**arrays, meta=np.array(json.dumps(meta))))
    return path


def load_checkpoint(net_name: str, directory: Path = TRAIN_DIR) -> Checkpoint | None:
    """The last checkpoint of `net_name`, or None when there is none.

    :raises WeightsError: a checkpoint of another encoding version (its inputs no longer mean the same).
    """
    path = checkpoint_path(net_name, directory)
    if not path.exists():
        return None
    with np.load(path, allow_pickle=False) as data:
        meta = json.loads(str(data["meta"]))
        net = Net(*(data[k].copy() for k in LAYERS))
        average = Net(*(data[f"a_{k}"].copy() for k in LAYERS)) if "a_w1" in data else None
    spec = NETS[net_name]
    if meta["version"] != spec.version:
        if not _widens(spec.family, meta["version"], spec.version):
            raise WeightsError(f"{path} has encoding version {meta['version']}, the code {spec.version}: "
                               "move it away to train afresh")
        net = _widened(net, spec.family, meta["version"], spec.version)
        average = None if average is None else _widened(average, spec.family, meta["version"], spec.version)
    if net.w1.shape[0] < spec.hidden:
        seed = int(meta["seed"]) + int(meta["games"])
        net = grow(net, spec.hidden, seed)
        average = None if average is None else grow(average, spec.hidden, seed)  # the same new units
    return Checkpoint(net_name, net, int(meta["seed"]), int(meta["games"]), int(meta["positions"]),
                      meta["rng_state"], list(meta["gates"]), average)


def save_weights(ckpt: Checkpoint, directory: Path = WEIGHTS_DIR) -> Path:
    """Ship the checkpoint's weights (float32; its running average where the run kept one, `train --average`)
    with their JSON sidecar; returns the weights' path."""
    n = ckpt.net if ckpt.average is None else ckpt.average
    data = _npz(**{k: getattr(n, k).astype(np.float32) for k in LAYERS})
    spec = NETS[ckpt.net_name]
    side = {"net": spec.name, "games": list(spec.games), "encoding_version": spec.version,
            "inputs": int(n.w1.shape[1]), "hidden": int(n.w1.shape[0]), "games_trained": ckpt.games,
            "seed": ckpt.seed, "gates": ckpt.gates, "averaged": ckpt.average is not None,
            "sha256": hashlib.sha256(data).hexdigest()}
    path = directory / f"{spec.name}.npz"
    _atomic_write(path, data)
    _atomic_write(directory / f"{spec.name}.json", (json.dumps(side, indent=1) + "\n").encode())
    return path


def load_weights(net_name: str, directory: Path = WEIGHTS_DIR, *,
                 widened: bool = True) -> tuple[Net, dict[str, Any]]:
    """The shipped net `net_name` and its sidecar: widened to the code's encoding version, or with `widened=False`
    for the encoding it was trained on (the sidecar's `encoding_version`: the later versions' inputs weigh
    nothing in it, so a player need not encode them).

    :raises WeightsError: no weights, a sidecar of another net or encoding version, or a checksum mismatch.
    """
    spec = NETS[net_name]
    path, side_path = directory / f"{net_name}.npz", directory / f"{net_name}.json"
    if not path.exists() or not side_path.exists():
        raise WeightsError(f"no shipped weights for {net_name} in {directory}")
    side = json.loads(side_path.read_text())
    version = side.get("encoding_version")
    if side.get("net") != net_name or not isinstance(version, int) or not _widens(spec.family, version,
                                                                                   spec.version):
        raise WeightsError(f"{side_path} is for net {side.get('net')!r} encoding version "
                           f"{version!r}; the code expects {net_name!r} version {spec.version}")
    data = path.read_bytes()
    if hashlib.sha256(data).hexdigest() != side.get("sha256"):
        raise WeightsError(f"{path} does not match the checksum in {side_path}")
    with np.load(io.BytesIO(data), allow_pickle=False) as arrays:
        net = Net(*(arrays[k].astype(np.float64) for k in LAYERS))
    return (_widened(net, spec.family, version, spec.version) if widened else net), side


def _widens(family: str, version: int, target: int) -> bool:
    """Whether inputs of encoding `version` are those of `target` or load widened to them (`WIDENED`)."""
    return version <= target and all((family, v) in WIDENED for v in range(version, target))


def _widened(net: Net, family: str, version: int, target: int) -> Net:
    """`net`, of inputs of encoding `version`, made for encoding `target` where `_widens`: zero weights for every
    input the versions between append, so it plays as before."""
    w1 = net.w1
    for v in range(version, target):
        w1 = widen(w1, family, v)
    return net if w1 is net.w1 else Net(w1, net.b1, net.w2, net.b2)


GATE_HEURISTIC = 0.65  # the share of points against the heuristic a net needs to replace it ...
GATE_RANDOM = 0.99     # ... and against random
GATE_GAMES = 1_000     # ... over this many paired-dice games


def gate_passed(side: dict[str, Any]) -> bool:
    """Whether a sidecar records a passed 1,000-game gate for exactly these weights (its `gate` holds the
    weights' sha256: weights shipped after the gate, by training going on, do not inherit it)."""
    gate = side.get("gate")
    return (isinstance(gate, dict) and gate.get("passed") is True and gate.get("sha256") == side.get("sha256")
            and int(gate.get("games", 0)) >= GATE_GAMES)


def record_gate(net_name: str, result: dict[str, Any], directory: Path = WEIGHTS_DIR) -> dict[str, Any]:
    """Write the gate `result` (games, heuristic_rate/_se, random_rate/_se) into the shipped sidecar of
    `net_name`, with whether it passed and the weights' sha256; returns the gate written.

    :raises WeightsError: no shipped weights, or weights that do not match their sidecar.
    """
    load_weights(net_name, directory)
    side_path = directory / f"{net_name}.json"
    side = json.loads(side_path.read_text())
    games = int(result["games"])
    passed = (games >= GATE_GAMES and float(result["heuristic_rate"]) >= GATE_HEURISTIC
              and float(result["random_rate"]) >= GATE_RANDOM)
    gate = {**result, "passed": passed, "games_trained": side.get("games_trained"), "sha256": side["sha256"]}
    side["gate"] = gate
    _atomic_write(side_path, (json.dumps(side, indent=1) + "\n").encode())
    return gate
