"""The theme map: a 2D position for every paper, computed once at build time.

Themes are laid out as discs: each theme's centre comes from a projection of
the theme centroids, its radius from its size, and overlapping discs are
pushed apart. Inside its disc a paper sits where its theme's own two main
directions put it. This keeps themes visibly apart, which a global 2D
projection of text vectors does not, and costs O(N·d).
"""

from __future__ import annotations

import logging

import numpy as np

from .cache import NO_CACHE, Cache, digest
from .model import ReadingList, Theme
from .themes import PaperVectors, Vectors

log = logging.getLogger(__name__)

_PUSH_ROUNDS = 200
# The map's side, in units of the radius of a disc as large as all themes
# together: about a quarter of the square is ink.
_SIDE = 3.5
# Room between discs, as a share of the sum of their radii.
_GAP = 1.15
_DECIMALS = 4


def layout(reading_list: ReadingList, vectors: Vectors, cache: Cache = NO_CACHE) -> ReadingList:
    """Set paper.position to a point in [0, 1]² for every paper, by its vectors."""
    papers = reading_list.papers
    if not papers:
        return reading_list
    themes = [t for t in reading_list.themes if t.paper_ids]
    members = [t.paper_ids for t in themes]
    key, loose = digest(vectors.key, members), digest(vectors.embeddings, members)
    positions = cache.through("layout", key, lambda: _positions(vectors.built, themes), loose)
    for paper in papers:
        paper.position = positions[paper.id]
    log.info("Laid out %d papers on the theme map", len(papers))
    return reading_list


def _positions(vectors: PaperVectors, themes: list[Theme]) -> dict[str, tuple[float, float]]:
    row, count = vectors.row, len(vectors.ids)
    members = [np.array([row[i] for i in theme.paper_ids]) for theme in themes]
    embedding = vectors.embedding
    centroids = np.array([embedding[rows].mean(axis=0) for rows in members])
    radii = np.sqrt([len(rows) / count for rows in members])
    centres = _separate(_project(centroids), radii)

    points = np.zeros((count, 2))
    for rows, centre, radius in zip(members, centres, radii, strict=True):
        points[rows] = centre + radius * _disc(embedding[rows])
    points = _unit_square(points)
    return {
        paper_id: (round(float(x), _DECIMALS), round(float(y), _DECIMALS))
        for paper_id, (x, y) in zip(vectors.ids, points, strict=True)
    }


def _project(vectors: np.ndarray) -> np.ndarray:
    """The rows' first two principal coordinates, with signs fixed for determinism."""
    centred = vectors - vectors.mean(axis=0)
    if len(vectors) < 2 or not centred.any():
        return np.zeros((len(vectors), 2))
    rows, dimensions = centred.shape
    if rows <= dimensions:
        vt = np.linalg.svd(centred, full_matrices=False)[2][:2]
    else:
        # Many rows: the top eigenvectors of the d x d scatter matrix are the
        # same directions, far cheaper than an SVD of all the rows.
        vt = np.linalg.eigh(centred.T @ centred)[1][:, ::-1][:, :2].T
    coords = centred @ vt.T
    # Eigenvectors may point either way; make each axis's largest loading positive.
    signs = np.sign(vt[np.arange(len(vt)), np.argmax(np.abs(vt), axis=1)])
    coords = coords * np.where(signs == 0, 1, signs)
    return np.pad(coords, ((0, 0), (0, 2 - coords.shape[1])))


def _disc(vectors: np.ndarray) -> np.ndarray:
    """The rows spread over the unit disc along their own two main directions."""
    coords = _project(vectors)
    reach = np.percentile(np.linalg.norm(coords, axis=1), 95) if len(coords) > 1 else 0.0
    if reach <= 0:
        return coords
    coords = coords / reach
    norms = np.linalg.norm(coords, axis=1, keepdims=True)
    # Outliers go to the rim rather than far outside their theme's disc.
    return np.where(norms > 1, coords / np.maximum(norms, 1e-12), coords)


def _separate(centres: np.ndarray, radii: np.ndarray) -> np.ndarray:
    """Spread the centres evenly, then push apart discs that overlap."""
    if len(centres) > 1 and np.ptp(centres, axis=0).max() > 0:
        # Ranks keep the centroids' order along each axis but not their gaps,
        # so one far-off theme cannot squeeze all the others into a corner.
        ranks = centres.argsort(axis=0).argsort(axis=0) / (len(centres) - 1) - 0.5
        centres = ranks * _SIDE * np.sqrt((radii**2).sum())
    else:
        centres = _ring(len(centres)) * radii.sum() / 2
    for _ in range(_PUSH_ROUNDS):
        moved = False
        for i in range(len(centres)):
            for j in range(i + 1, len(centres)):
                delta = centres[j] - centres[i]
                distance = float(np.hypot(*delta))
                needed = (radii[i] + radii[j]) * _GAP
                if distance >= needed:
                    continue
                direction = delta / distance if distance > 1e-9 else np.array([np.cos(i + j), np.sin(i + j)])
                push = (needed - distance) / 2 * direction
                centres[i] -= push
                centres[j] += push
                moved = True
        if not moved:
            break
    return centres


def _ring(count: int) -> np.ndarray:
    angles = 2 * np.pi * np.arange(count) / max(count, 1)
    return np.column_stack([np.cos(angles), np.sin(angles)])


def _unit_square(points: np.ndarray) -> np.ndarray:
    """Scale into [0, 1]² keeping the aspect ratio, so distances stay true."""
    low = points.min(axis=0)
    span = float(np.ptp(points, axis=0).max())
    if span == 0:
        return np.full_like(points, 0.5)
    scaled = (points - low) / span
    # Centre the shorter axis.
    return scaled + (1 - scaled.max(axis=0)) / 2
