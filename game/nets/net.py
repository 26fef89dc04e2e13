"""The net: inputs → sigmoid hidden units → five sigmoid outputs, and the equity in points they give.

Outputs, for the side that has just played (the opponent to roll): `WIN` its chance to win (a tie counts ½),
`WIN2` to win double or more (a mars or the mother, R-END-1/2; in tawula a capote, R-END-5), `WIN3` to win
triple (a backgammon, R-END-1 with scoring=backgammon), and `LOSE2`, `LOSE3` the same for the opponent.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

import numpy as np
import numpy.typing as npt

from ..variants import Variant
from .encode import FloatArray

WIN, WIN2, WIN3, LOSE2, LOSE3 = range(5)
OUTPUTS = 5
_SWAP = np.array([WIN, LOSE2, LOSE3, WIN2, WIN3])
SWAP_MATRIX = np.zeros((5, 5))  # swap(out) = SWAP_MATRIX @ out + SWAP_OFFSET
SWAP_MATRIX[WIN, WIN] = -1.0
SWAP_MATRIX[WIN2, LOSE2] = SWAP_MATRIX[WIN3, LOSE3] = SWAP_MATRIX[LOSE2, WIN2] = SWAP_MATRIX[LOSE3, WIN3] = 1.0
SWAP_OFFSET = np.array([1.0, 0.0, 0.0, 0.0, 0.0])


LAYERS = ("w1", "b1", "w2", "b2")  # a `Net`'s arrays, in the order of its fields


@dataclass(slots=True)
class Net:
    """Weights: `w1` (hidden, inputs), `b1` (hidden), `w2` (outputs, hidden), `b2` (outputs)."""

    w1: FloatArray
    b1: FloatArray
    w2: FloatArray
    b2: FloatArray

    @classmethod
    def fresh(cls, inputs: int, hidden: int, rng: np.random.Generator) -> Net:
        """Small random weights (uniform ±0.1): every output starts near ½."""
        return cls(rng.uniform(-0.1, 0.1, (hidden, inputs)), np.zeros(hidden),
                   rng.uniform(-0.1, 0.1, (OUTPUTS, hidden)), np.zeros(OUTPUTS))

    def hidden(self, x: FloatArray) -> FloatArray:
        """The hidden units' activations for a batch of inputs (k, inputs)."""
        out: FloatArray = _layer(x, self.w1, self.b1)
        return out

    def outputs(self, h: FloatArray) -> FloatArray:
        """The outputs (k, 5) from hidden activations."""
        out: FloatArray = _layer(h, self.w2, self.b2)
        return out

    def __call__(self, x: FloatArray) -> FloatArray:
        """The outputs (k, 5) for a batch of inputs (k, inputs)."""
        return self.outputs(self.hidden(x))

    def copy(self) -> Net:
        return Net(self.w1.copy(), self.b1.copy(), self.w2.copy(), self.b2.copy())


Float32Array = npt.NDArray[np.float32]


@dataclass(frozen=True, slots=True)
class Inference:
    """A net's weights in single precision, for the look ahead's big batches (hundreds to thousands of replies):
    the matrix product three times quicker than in double precision, the outputs within about 1e-6 of the
    net's own. Training, gates and the one-ply values of a roll's plays keep `Net` (double precision)."""

    w1: Float32Array
    b1: Float32Array
    w2: Float32Array
    b2: Float32Array

    @classmethod
    def of(cls, net: Net) -> Inference:
        return cls(net.w1.astype(np.float32), net.b1.astype(np.float32), net.w2.astype(np.float32),
                   net.b2.astype(np.float32))

    def __call__(self, x: Float32Array) -> FloatArray:
        """The outputs (k, 5), in double precision, for a batch of inputs (k, inputs) in single precision."""
        out: FloatArray = _layer(_layer(x, self.w1, self.b1), self.w2, self.b2).astype(np.float64)
        return out


def _layer(x: npt.NDArray[Any], w: npt.NDArray[Any], b: npt.NDArray[Any]) -> npt.NDArray[Any]:
    """A layer of sigmoid units: σ(x·wᵀ + b), in the inputs' and weights' precision."""
    out: npt.NDArray[Any] = 1.0 / (1.0 + np.exp(-(x @ w.T + b)))
    return out


def swap(out: FloatArray) -> FloatArray:
    """The same chances seen by the other side (a tie stays ½)."""
    res: FloatArray = out[..., _SWAP]
    res[..., WIN] = 1.0 - res[..., WIN]
    return res


def values(variant: Variant) -> tuple[float, float, float]:
    """Points of a single, a double and a triple win in `variant` (R-END-1, R-END-2, R-END-5)."""
    if variant.name == "tawula":
        return (1.0, 7.0, 7.0)  # R-END-5: a capote is worth 7, there is no mars
    triple = 3.0 if variant.scoring == "backgammon" else 2.0
    return (1.0, 2.0, triple)


def equity(out: npt.NDArray[np.float64], variant: Variant) -> FloatArray:
    """The expected points for the side that has just played, per row of outputs (…, 5), for `variant`'s
    options: a single win counts 1, a double (mars, mother; capote in tawula) and a triple (backgammon) what
    `values` says; ties count 0."""
    one, two, three = values(variant)
    res: FloatArray = (one * (2.0 * out[..., WIN] - 1.0) + (two - one) * (out[..., WIN2] - out[..., LOSE2])
                       + (three - two) * (out[..., WIN3] - out[..., LOSE3]))
    return res
