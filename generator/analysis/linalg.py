"""The few numerical tools the themes and the sentence model need, in NumPy alone: erf, a sparse matrix, leading eigenvectors, k-means.

SciPy and scikit-learn gave them before, and weighed some 210 MB of a
default install (CONTRIBUTING.md, Install size under The sentence model). Each is only as rich as the
generator's code needs, and each gives the same result on every run: fixed
seeds, and sums in an order that does not depend on threads.
"""

from __future__ import annotations

import functools
import math
from collections.abc import Callable, Sequence
from dataclasses import dataclass

import numpy as np

# erf by Abramowitz and Stegun, Handbook of Mathematical Functions, 7.1.26
# (after Hastings): |error| <= 1.5e-7, about float32's own rounding near 1.
# The sentence vectors of the bundled list and the test fixtures stay within
# cosine 0.9999999 of those with SciPy's erf.
_ERF_P = 0.3275911
_ERF_A = (0.254829592, -0.284496736, 1.421413741, -1.453152027, 1.061405429)
# Entries a product with another sparse matrix spreads out at once: its temporaries stay near 64 MB.
_SPREAD = 1 << 21
# Below this size an operator's eigenvectors come from a dense eigh, exact and fast.
DENSE_EIGEN = 500
# Leading eigenvectors: converged when every wanted vector's residual is
# this small against the largest eigenvalue, checked every _CHECK steps.
_TOLERANCE = 1e-8
_CHECK = 10
# k-means: Lloyd rounds at most.
_LLOYD_ROUNDS = 300


def erf(x: np.ndarray) -> np.ndarray:
    """The error function, elementwise, in the dtype of x (worked in float64: float32 would add its rounding to the formula's error)."""
    size = np.abs(x, dtype=np.float64)
    t = 1 / (1 + _ERF_P * size)
    polynomial = np.zeros_like(t)
    for a in reversed(_ERF_A):
        polynomial = (polynomial + a) * t
    return np.copysign(1 - polynomial * np.exp(-size * size), x).astype(x.dtype)


@dataclass(frozen=True, eq=False)
class Sparse:
    """A matrix in compressed sparse rows: row i's columns are indices[indptr[i]:indptr[i + 1]], ascending, its values data's.

    Only what the themes ask of one: rows picked out, products with dense
    matrices and with another sparse matrix, sums, scaling and unit rows.
    """

    shape: tuple[int, int]
    data: np.ndarray
    indices: np.ndarray
    indptr: np.ndarray

    @classmethod
    def from_entries(cls, data: np.ndarray, rows: np.ndarray, columns: np.ndarray, shape: tuple[int, int]) -> Sparse:
        """The matrix of data[i] at (rows[i], columns[i]); entries at the same place add up."""
        rows, columns = np.asarray(rows, dtype=np.int64), np.asarray(columns, dtype=np.int64)
        data = np.asarray(data)
        order = np.lexsort((columns, rows))
        place = rows[order] * shape[1] + columns[order]
        first = np.flatnonzero(np.r_[True, place[1:] != place[:-1]]) if len(place) else np.zeros(0, dtype=np.int64)
        summed = np.add.reduceat(data[order], first) if len(first) else data[:0]
        kept = place[first]
        indptr = np.searchsorted(kept, np.arange(shape[0] + 1) * shape[1])
        return cls(shape, summed, kept % max(shape[1], 1), indptr)

    @property
    def nnz(self) -> int:
        return len(self.data)

    @property
    def dtype(self) -> np.dtype:
        return self.data.dtype

    @functools.cached_property
    def rows(self) -> np.ndarray:
        """Each entry's row."""
        return np.repeat(np.arange(self.shape[0]), np.diff(self.indptr))

    @functools.cached_property
    def T(self) -> Sparse:
        """The transpose; a column's rows stay in ascending order."""
        order = np.argsort(self.indices, kind="stable")
        indptr = np.r_[0, np.cumsum(np.bincount(self.indices, minlength=self.shape[1]))]
        return Sparse((self.shape[1], self.shape[0]), self.data[order], self.rows[order], indptr)

    def __getitem__(self, rows: np.ndarray) -> Sparse:
        """The rows given by their numbers or a boolean mask, in that order."""
        rows = np.asarray(rows)
        rows = np.flatnonzero(rows) if rows.dtype == bool else rows.astype(np.int64)
        lengths = np.diff(self.indptr)[rows]
        indptr = np.r_[0, np.cumsum(lengths)]
        taken = _ranges(self.indptr[rows], lengths)
        return Sparse((len(rows), self.shape[1]), self.data[taken], self.indices[taken], indptr)

    def astype(self, dtype: type | np.dtype) -> Sparse:
        return Sparse(self.shape, self.data.astype(dtype), self.indices, self.indptr)

    def toarray(self) -> np.ndarray:
        dense = np.zeros(self.shape, dtype=self.dtype)
        dense[self.rows, self.indices] = self.data
        return dense

    def sum(self, axis: int) -> np.ndarray:
        """Column sums (axis 0) or row sums (axis 1), as a flat array: counts for a boolean matrix."""
        places, length = (self.indices, self.shape[1]) if axis == 0 else (self.rows, self.shape[0])
        if self.dtype == bool:
            return np.bincount(places, minlength=length)
        return np.bincount(places, weights=self.data, minlength=length)

    def scaled(self, rows: np.ndarray | None = None, columns: np.ndarray | None = None) -> Sparse:
        """diag(rows) @ self @ diag(columns), either left out."""
        data = self.data
        if rows is not None:
            data = data * rows[self.rows]
        if columns is not None:
            data = data * columns[self.indices]
        return Sparse(self.shape, data, self.indices, self.indptr)

    def unit_rows(self) -> Sparse:
        """The rows scaled to unit length; a row of zeros stays one."""
        lengths = np.sqrt(np.bincount(self.rows, weights=self.data.astype(np.float64) ** 2, minlength=self.shape[0]))
        lengths[lengths == 0] = 1
        return Sparse(self.shape, (self.data / lengths[self.rows]).astype(self.dtype), self.indices, self.indptr)

    def sum_by(self, groups: np.ndarray, count: int) -> np.ndarray:
        """The sums of the rows in each of count groups, groups[i] being row i's: dense, a row per group."""
        cells = groups[self.rows] * self.shape[1] + self.indices
        return np.bincount(cells, weights=self.data, minlength=count * self.shape[1]).reshape(count, self.shape[1])

    def __matmul__(self, other: np.ndarray | Sparse) -> np.ndarray:
        """The product with a dense matrix or vector, or with another sparse matrix: dense either way."""
        return self._times_sparse(other) if isinstance(other, Sparse) else self._times_dense(other)

    def _times_dense(self, dense: np.ndarray) -> np.ndarray:
        # A column at a time, each row's products added up in the row's order: no thread changes a bit of it.
        columns = np.ascontiguousarray(dense.reshape(len(dense), -1).T)
        product = np.zeros((len(columns), self.shape[0]), dtype=np.result_type(self.dtype, dense.dtype))
        filled = np.diff(self.indptr) > 0
        starts = self.indptr[:-1][filled]
        terms = np.empty(self.nnz, dtype=product.dtype)
        for column, sums in zip(columns, product, strict=True) if self.nnz else ():
            np.take(column, self.indices, out=terms)
            terms *= self.data
            sums[filled] = np.add.reduceat(terms, starts)
        return product[0] if dense.ndim == 1 else product.T

    def _times_sparse(self, other: Sparse) -> np.ndarray:
        # Each entry (i, j) of self meets row j of other: their products add up in row i.
        product = np.zeros((self.shape[0], other.shape[1]))
        spread = np.diff(other.indptr)[self.indices]
        work = np.r_[0, np.cumsum(np.bincount(self.rows, weights=spread, minlength=self.shape[0]))]
        for start, stop in _chunks(work.astype(np.int64), _SPREAD):
            first, last = self.indptr[start], self.indptr[stop]
            reach = spread[first:last]
            taken = _ranges(other.indptr[self.indices[first:last]], reach)
            rows = np.repeat(self.rows[first:last] - start, reach)
            weights = np.repeat(self.data[first:last], reach) * other.data[taken]
            cells = (stop - start) * other.shape[1]
            block = np.bincount(rows * other.shape[1] + other.indices[taken], weights=weights, minlength=cells)
            product[start:stop] = block.reshape(stop - start, other.shape[1])
        return product


def hstack(blocks: Sequence[Sparse]) -> Sparse:
    """The matrices side by side."""
    offsets = np.cumsum([0, *(block.shape[1] for block in blocks)])
    return Sparse.from_entries(
        np.concatenate([block.data for block in blocks]),
        np.concatenate([block.rows for block in blocks]),
        np.concatenate([block.indices + offset for block, offset in zip(blocks, offsets[:-1], strict=True)]),
        (blocks[0].shape[0], int(offsets[-1])),
    )


def unit_rows(matrix: np.ndarray) -> np.ndarray:
    """The rows of a dense matrix scaled to unit length; a row of zeros stays one."""
    lengths = np.linalg.norm(matrix, axis=1, keepdims=True)
    lengths[lengths == 0] = 1
    return matrix / lengths


def _ranges(starts: np.ndarray, lengths: np.ndarray) -> np.ndarray:
    """starts[0], starts[0] + 1, ... for lengths[0] numbers, then the same from starts[1], and so on."""
    total = int(lengths.sum())
    ends = np.cumsum(lengths)
    return np.arange(total) + np.repeat(starts - (ends - lengths), lengths)


def _chunks(cumulative: np.ndarray, budget: int) -> list[tuple[int, int]]:
    """Runs of rows whose work (cumulative, from 0, one more than the rows) is about budget each."""
    rows = len(cumulative) - 1
    marks = np.searchsorted(cumulative, np.arange(0, cumulative[-1], budget), side="right") - 1
    bounds = np.unique(np.r_[0, marks.clip(0, rows), rows])
    return list(zip(bounds[:-1].tolist(), bounds[1:].tolist(), strict=True))


def top_eigenvectors(product: Callable[[np.ndarray], np.ndarray], n: int, k: int) -> tuple[np.ndarray, np.ndarray]:
    """The k largest eigenvalues of a symmetric n by n operator, largest first, and their unit eigenvectors as columns.

    product(vector) is the operator times a vector. Lanczos's method with
    full reorthogonalisation, from a seeded random vector: the Krylov space
    grows until the k leading Ritz vectors' residuals are small, where a
    dense eigh of a 10,000 by 10,000 matrix would take minutes. Should the
    space close (an invariant subspace), it goes on from a fresh vector.
    """
    random = np.random.default_rng(0)
    # The Krylov vectors as rows: the products with all of them read contiguous memory.
    basis = np.zeros((min(n, 4 * k + 20), n))
    diagonal: list[float] = []
    off_diagonal: list[float] = []
    vector, scale = _fresh(random, basis[:0]), 0.0
    for step in range(n):
        if step == len(basis):
            basis = np.vstack([basis, np.zeros((min(n, 2 * step) - step, n))])
        basis[step] = vector
        image = product(vector)
        diagonal.append(float(vector @ image))
        scale = max(scale, abs(diagonal[-1]))
        # Against every vector so far, or rounding would bring back the converged ones;
        # once more if that took away most of it (Daniel, Gragg, Kaufman and Stewart, 1976).
        size = float(np.linalg.norm(image))
        for _ in range(2):
            image -= (basis[: step + 1] @ image) @ basis[: step + 1]
            size, before = float(np.linalg.norm(image)), size
            if size > 0.7 * before:
                break
        closed = size <= _TOLERANCE * scale
        if closed or step + 1 == n or (step + 1 >= k and (step + 1) % _CHECK == 0):
            values, ritz = _ritz(diagonal, off_diagonal)
            converged = step + 1 >= k and np.all(size * np.abs(ritz[-1, :k]) <= _TOLERANCE * scale)
            if converged or step + 1 == n:
                break
        vector = _fresh(random, basis[: step + 1]) if closed else image / size
        off_diagonal.append(0.0 if closed else size)
    return values[:k], basis[: len(diagonal)].T @ ritz[:, :k]


def dense_top_eigenvectors(matrix: np.ndarray, k: int) -> tuple[np.ndarray, np.ndarray]:
    """top_eigenvectors of a symmetric matrix held whole, by NumPy's exact eigh.

    Where the k-th eigenvalue repeats past k (a short list in more pieces
    than themes), which of its eigenvectors come first is up to the solver:
    they are made canonical instead, each on the rows it weighs most (see
    _pivoted), the most concentrated first.
    """
    values, vectors = np.linalg.eigh(matrix)
    values, vectors = values[::-1], vectors[:, ::-1]
    tied = np.flatnonzero(np.abs(values - values[k - 1]) <= 1e-9 * max(abs(values[0]), 1e-300))
    if k < len(values) and tied[-1] >= k:
        kept = tied[tied < k]
        vectors = vectors.copy()
        vectors[:, kept] = _pivoted(vectors[:, tied], len(kept))
    return values[:k], vectors[:, :k]


def _pivoted(basis: np.ndarray, count: int) -> np.ndarray:
    """count orthonormal vectors of the basis's span, each the span's direction of the row that weighs most in what is left.

    Gram-Schmidt on the rows with pivoting, as the column-pivoted QR of
    Damle, Minden and Ying (2019) picks a localised basis for spectral
    clustering: a piece of a graph gets its own vector. Equal weights (to
    nine places) go to the first row.
    """
    left = basis.copy()
    directions = []
    for _ in range(count):
        weights = np.linalg.norm(left, axis=1).round(9)
        row = int(weights.argmax())
        direction = left[row] / np.linalg.norm(left[row])
        directions.append(direction)
        left -= np.outer(left @ direction, direction)
    return basis @ np.array(directions).T


def _ritz(diagonal: list[float], off_diagonal: list[float]) -> tuple[np.ndarray, np.ndarray]:
    """The eigenvalues of Lanczos's tridiagonal matrix, largest first, and its eigenvectors as columns."""
    size = len(diagonal)
    tridiagonal = np.diag(diagonal) + np.diag(off_diagonal[: size - 1], 1) + np.diag(off_diagonal[: size - 1], -1)
    values, vectors = np.linalg.eigh(tridiagonal)
    return values[::-1], vectors[:, ::-1]


def _fresh(random: np.random.Generator, basis: np.ndarray) -> np.ndarray:
    """A seeded random unit vector at right angles to the basis's rows."""
    vector = random.standard_normal(basis.shape[1])
    for _ in range(2):
        vector -= (basis @ vector) @ basis
    return vector / np.linalg.norm(vector)


def leading_singular(matrix: Sparse, k: int) -> tuple[np.ndarray, np.ndarray]:
    """The matrix's k largest singular values (fewer if it has fewer), largest first, and its left singular vectors for them as columns."""
    rows, columns = matrix.shape
    if columns <= k + 1:
        left, values, _ = np.linalg.svd(matrix.toarray(), full_matrices=False)
        return values[:k], left[:, :k]
    if rows <= DENSE_EIGEN:
        # Few rows but maybe 40,000 columns: the eigenvectors of the rows' n by n products.
        values, left = dense_top_eigenvectors(matrix @ matrix.T, k)
    else:
        values, left = top_eigenvectors(lambda vector: matrix @ (matrix.T @ vector), rows, k)
    return np.sqrt(np.maximum(values, 0)), left


def kmeans(points: np.ndarray, k: int, seed: int, starts: int = 1) -> np.ndarray:
    """A cluster label per point: the best (least squared distance to the centres) of several k-means starts.

    Each start seeds its centres by greedy k-means++ (Arthur and
    Vassilvitskii, 2007: of 2 + log k candidates drawn by squared distance,
    the one that brings the points closest), then moves them by Lloyd's
    rounds until no point changes cluster. The seed decides everything.
    """
    random = np.random.default_rng(seed)
    points = np.asarray(points, dtype=np.float64)
    squared = np.einsum("ij,ij->i", points, points)
    best, least = np.zeros(len(points), dtype=np.int64), np.inf
    for _ in range(starts):
        labels, spread = _lloyd(points, squared, _plus_plus(points, squared, k, random))
        if spread < least:
            best, least = labels, spread
    return best


def _distances(points: np.ndarray, squared: np.ndarray, centres: np.ndarray) -> np.ndarray:
    """Squared distances, points by centres."""
    return np.maximum(squared[:, None] - 2 * points @ centres.T + np.einsum("ij,ij->i", centres, centres), 0)


def _plus_plus(points: np.ndarray, squared: np.ndarray, k: int, random: np.random.Generator) -> np.ndarray:
    candidates_per_centre = 2 + int(math.log(k))
    chosen = [int(random.integers(len(points)))]
    closest = _distances(points, squared, points[chosen])[:, 0]
    for _ in range(1, k):
        drawn = random.random(candidates_per_centre) * closest.sum()
        candidates = np.minimum(np.searchsorted(np.cumsum(closest), drawn), len(points) - 1)
        nearer = np.minimum(closest[:, None], _distances(points, squared, points[candidates]))
        best = int(nearer.sum(axis=0).argmin())
        chosen.append(int(candidates[best]))
        closest = nearer[:, best]
    return points[chosen]


def _lloyd(points: np.ndarray, squared: np.ndarray, centres: np.ndarray) -> tuple[np.ndarray, float]:
    """Each point's cluster once Lloyd's rounds settle, and the sum of squared distances to the centres."""
    k = len(centres)
    labels = np.full(len(points), -1)
    for _ in range(_LLOYD_ROUNDS):
        distances = _distances(points, squared, centres)
        moved = distances.argmin(axis=1)
        if (moved == labels).all():
            break
        labels = moved
        counts = np.bincount(labels, minlength=k)
        centres = (np.arange(k)[:, None] == labels).astype(points.dtype) @ points / np.maximum(counts, 1)[:, None]
        empty = np.flatnonzero(counts == 0)
        if len(empty):
            # An emptied cluster starts again at a point farthest from its centre.
            farthest = np.argsort(-distances[np.arange(len(points)), labels], kind="stable")
            centres[empty] = points[farthest[: len(empty)]]
    return labels, float(_distances(points, squared, centres)[np.arange(len(points)), labels].sum())
