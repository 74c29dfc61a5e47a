"""chess_arbiter with pyarrow alone: rule_batch and read_pgn."""

import pyarrow as pa
import pyarrow.parquet as pq
import pytest

import chess_arbiter
from conftest import RULED, SAMPLE


def test_rule_batch_returns_a_record_batch_row_for_row():
    batch = pa.record_batch({"movetext": ["1. f3 e5 2. g4 Qh4# 1-0", None, "1. e4 Ke7 *"]})
    ruled = chess_arbiter.rule_batch(batch)
    assert isinstance(ruled, pa.RecordBatch)
    assert ruled.schema.names == ["movetext"] + RULED
    rows = ruled.to_pylist()
    assert rows[0]["termination"] == "checkmate"
    assert rows[0]["ruled_result"] == "0-1"
    assert rows[0]["disagrees"] is True
    assert rows[1]["valid"] is False and rows[1]["error"]
    assert rows[2]["valid"] is False and rows[2]["plies"] == 1


def test_a_table_gives_a_table():
    table = pa.table({"movetext": ["1. e4 e5 *"] * 5})
    table = pa.concat_tables([table, table])
    ruled = chess_arbiter.rule_batch(table)
    assert isinstance(ruled, pa.Table)
    assert ruled.num_rows == 10


def test_column_names_are_arguments():
    batch = pa.record_batch(
        {
            "moves": ["1. Kb1 Kb4 1-0"],
            "res": ["1-0"],
            "how": ["Time forfeit"],
            "FEN": ["8/8/8/2k5/8/8/7q/K7 w - - 0 1"],
        }
    )
    row = chess_arbiter.rule_batch(batch, movetext="moves", result="res", termination="how").to_pylist()[0]
    assert row["termination"] == "timeout_draw"
    assert row["ruled_result"] == "1/2-1/2"
    assert row["disagrees"] is True


def test_large_and_view_strings_read_the_same():
    games = ["1. f3 e5 2. g4 Qh4# 0-1", "1. e4 *"]
    plain = chess_arbiter.rule_batch(pa.record_batch({"movetext": pa.array(games)}))
    for kind in (pa.large_string(), pa.string_view()):
        other = chess_arbiter.rule_batch(pa.record_batch({"movetext": pa.array(games, type=kind)}))
        assert other.select(RULED).equals(plain.select(RULED))


def test_a_missing_movetext_column_is_an_error():
    with pytest.raises(ValueError):
        chess_arbiter.rule_batch(pa.record_batch({"moves": ["1. e4 *"]}))


def test_read_pgn_yields_every_game_of_the_sample(sample_rows):
    for row in sample_rows:
        assert row["valid"] == (row["error"] is None)
    assert any(r["termination"] == "checkmate" for r in sample_rows)


def test_parquet_round_trip_rules_as_the_rust_reader(lichess_table, tmp_path):
    table, expected = lichess_table
    path = tmp_path / "games.parquet"
    pq.write_table(table, path, row_group_size=50)
    ruled = [chess_arbiter.rule_batch(b, keep=[]) for b in pq.ParquetFile(path).iter_batches(batch_size=64)]
    got = [row for b in ruled for row in b.to_pylist()]
    assert got == expected


def test_read_pgn_of_a_missing_file_is_an_os_error():
    with pytest.raises(OSError):
        chess_arbiter.read_pgn(SAMPLE[0] + ".missing")
