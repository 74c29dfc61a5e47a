"""Shared fixtures: the crate's PGN sample, read by the Rust reader."""

import glob
import os

import pyarrow as pa
import pytest

import chess_arbiter

REPO = os.path.abspath(os.path.join(os.path.dirname(__file__), "..", "..", ".."))
SAMPLE = sorted(glob.glob(os.path.join(REPO, "tests", "data", "pgn", "*.pgn")))

RULED = ["valid", "error", "plies", "end_ply", "termination", "ruled_result", "final_fen", "disagrees"]


def tag(row, name):
    """A tag of a read_pgn row: a roster column or the map of the others."""
    if name in row:
        return row[name]
    for key, value in row["tags"]:
        if key == name:
            return value
    return None


@pytest.fixture(scope="session")
def sample_rows():
    """Every game of the sample as read_pgn reads it (pgn::Reader's cuts)."""
    rows = []
    for path in SAMPLE:
        for batch in chess_arbiter.read_pgn(path, rows=100):
            rows.extend(batch.to_pylist())
    assert len(rows) > 300
    return rows


@pytest.fixture(scope="session")
def lichess_table(sample_rows):
    """The sample as the lichess Parquet export has it: tags as columns,
    movetext without tags; only games whose tags read (a record without
    its tag section is another record), with the rulings expected."""
    kept = [r for r in sample_rows if r["valid"] or r["plies"] is not None]
    columns = {
        # The game's id, as lichess's Site column holds its URL.
        "Site": [f"https://example.org/{i}" for i in range(len(kept))],
        "movetext": [r["movetext"] for r in kept],
        "Result": [tag(r, "Result") for r in kept],
        "Termination": [tag(r, "Termination") for r in kept],
        "FEN": [tag(r, "FEN") for r in kept],
        "Variant": [tag(r, "Variant") for r in kept],
    }
    expected = [{k: r[k] for k in RULED} for r in kept]
    return pa.table(columns), expected
