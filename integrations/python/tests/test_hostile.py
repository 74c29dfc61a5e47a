"""What a hostile caller passes: never a crash, a hang of other threads, or
an exception that `except Exception` does not catch."""

import os
import pathlib
import subprocess
import sys
import textwrap

import pyarrow as pa
import pytest

import chess_arbiter
from conftest import RULED, SAMPLE

MATE = "1. f3 e5 2. g4 Qh4# 0-1"


def run_isolated(code, timeout=60):
    """Runs `code` in a fresh interpreter: a crash or a hang fails the test
    instead of killing or freezing pytest."""
    proc = subprocess.run(
        [sys.executable, "-c", textwrap.dedent(code)],
        capture_output=True,
        text=True,
        timeout=timeout,
    )
    assert proc.returncode == 0, f"exit {proc.returncode}\n{proc.stdout}\n{proc.stderr}"
    return proc.stdout


# 1. The batch size is bounded, checked before anything is allocated.


@pytest.mark.parametrize("rows", [0, -1, 10**8, 2**63 - 1, 2**64, 2**100, chess_arbiter.MAX_BATCH_ROWS + 1])
def test_read_pgn_refuses_a_batch_size_out_of_range(rows):
    out = run_isolated(
        f"""
        import chess_arbiter
        try:
            chess_arbiter.read_pgn({SAMPLE[0]!r}, rows={rows})
        except ValueError as e:
            print("ValueError:", e)
        """
    )
    assert "ValueError:" in out and "rows" in out


def test_read_pgn_takes_the_largest_batch_size():
    batches = list(chess_arbiter.read_pgn(SAMPLE[0], rows=chess_arbiter.MAX_BATCH_ROWS))
    assert len(batches) == 1 and batches[0].num_rows > 0


# 2. Opening the file releases the GIL.


@pytest.mark.skipif(not hasattr(os, "mkfifo"), reason="needs FIFOs")
def test_read_pgn_on_a_fifo_without_writer_does_not_freeze_other_threads(tmp_path):
    fifo = tmp_path / "games.pgn"
    os.mkfifo(fifo)
    out = run_isolated(
        f"""
        import os, threading, time
        import chess_arbiter
        got = []
        reader = threading.Thread(target=lambda: got.append(list(chess_arbiter.read_pgn({str(fifo)!r}))))
        reader.start()
        # This thread goes on while the other waits for a writer.
        ticks = 0
        end = time.monotonic() + 0.5
        while time.monotonic() < end:
            ticks += 1
            time.sleep(0.01)
        with open({str(fifo)!r}, "w") as w:
            w.write("1. e4 *\\n")
        reader.join(10)
        print(ticks, sum(b.num_rows for b in got[0]))
        """,
        timeout=30,
    )
    ticks, rows = map(int, out.split())
    assert ticks > 5 and rows == 1


# 3. Every imported batch is checked against its schema and validated.


def lying_stream(schema, batch):
    return pa.RecordBatchReader.from_batches(schema, iter([batch]))


STRING = pa.schema([("movetext", pa.string())])


@pytest.mark.parametrize(
    "batch",
    [
        pa.record_batch({"movetext": pa.array([MATE, "1. e4 *"] * 50, type=pa.large_string())}),
        pa.record_batch({"movetext": pa.array([1, 2, 3], type=pa.int32())}),
        pa.record_batch({"movetext": pa.array([b"1. e4 \xff\xfe *"], type=pa.binary())}),
        pa.record_batch({"movetext": pa.array([MATE]), "extra": pa.array([1])}),
    ],
    ids=["large_string", "int32", "binary-invalid-utf8", "extra-column"],
)
def test_a_stream_whose_batches_lie_about_their_schema_is_an_exception(batch):
    out = run_isolated(
        f"""
        import pyarrow as pa, chess_arbiter
        batch = pa.ipc.open_stream({batch_ipc(batch)!r}).read_next_batch()
        stream = pa.RecordBatchReader.from_batches(pa.schema([("movetext", pa.string())]), iter([batch]))
        try:
            chess_arbiter.rule_batch(stream)
        except Exception as e:
            print(type(e).__name__, e)
        else:
            print("accepted")
        """
    )
    assert not out.startswith("accepted") and "PanicException" not in out, out


def batch_ipc(batch):
    sink = pa.BufferOutputStream()
    with pa.ipc.new_stream(sink, batch.schema) as w:
        w.write_batch(batch)
    return sink.getvalue().to_pybytes()


def test_a_stream_that_keeps_to_its_schema_is_ruled():
    batches = [pa.record_batch({"movetext": [MATE]}, schema=STRING)] * 3
    table = chess_arbiter.rule_batch(pa.RecordBatchReader.from_batches(STRING, iter(batches)))
    assert table.num_rows == 3 and table.column("disagrees").to_pylist() == [False] * 3


def test_a_string_batch_with_invalid_utf8_is_an_exception():
    # A binary column relabelled as a string one, without validation.
    binary = pa.array([b"1. e4 \xff *"], type=pa.binary())
    fake = pa.Array.from_buffers(pa.string(), len(binary), binary.buffers())
    with pytest.raises(ValueError, match="UTF-8|utf-8|utf8"):
        chess_arbiter.rule_batch(pa.record_batch({"movetext": fake}))


# 4. Null and dictionary columns, arrays, paths.


def test_null_typed_and_dictionary_columns_are_read():
    plain = chess_arbiter.rule_batch(pa.record_batch({"movetext": [MATE, "1. e4 *"]}))
    batch = pa.record_batch(
        {
            "movetext": pa.array([MATE, "1. e4 *"]).dictionary_encode(),
            "Result": pa.array([None, None]),
            "Termination": pa.array([None, None]),
        }
    )
    assert batch.schema.field("Result").type == pa.null()
    ruled = chess_arbiter.rule_batch(batch, keep=[])
    assert ruled.equals(plain.select(RULED))


@pytest.mark.parametrize(
    "value",
    [pa.array([MATE]), pa.chunked_array([[MATE], ["1. e4 *"]]), [MATE], MATE, None],
    ids=["array", "chunked-array", "list", "str", "None"],
)
def test_an_array_or_anything_else_is_refused_with_a_sentence(value):
    with pytest.raises(TypeError, match="record batch"):
        chess_arbiter.rule_batch(value)


@pytest.mark.parametrize("kind", [str, os.fsencode, pathlib.Path])
def test_paths_are_str_bytes_or_path_like(kind):
    rows = sum(b.num_rows for b in chess_arbiter.read_pgn(kind(SAMPLE[0])))
    assert rows > 0


def test_a_path_of_another_type_is_a_type_error():
    with pytest.raises(TypeError):
        chess_arbiter.read_pgn(3)


# 5. The input's other columns stay beside the rulings.


def test_rule_batch_keeps_the_other_columns_in_order():
    batch = pa.record_batch({"Site": ["a", "b"], "movetext": [MATE, "1. e4 *"], "id": [7, 9]})
    ruled = chess_arbiter.rule_batch(batch)
    assert ruled.schema.names == ["Site", "movetext", "id"] + RULED
    assert ruled.column("id").to_pylist() == [7, 9]
    keyed = chess_arbiter.rule_batch(batch, keep=["id"])
    assert keyed.schema.names == ["id"] + RULED
    assert chess_arbiter.rule_batch(batch, keep=[]).schema.names == RULED
    with pytest.raises(ValueError, match="nope"):
        chess_arbiter.rule_batch(batch, keep=["nope"])


def test_renamed_columns_keep_their_own_names():
    batch = pa.record_batch({"moves": [MATE], "res": ["0-1"]})
    ruled = chess_arbiter.rule_batch(batch, movetext="moves", result="res")
    assert ruled.schema.names == ["moves", "res"] + RULED


def test_a_table_keeps_its_columns_too():
    table = pa.table({"id": [1, 2], "movetext": [MATE, "1. e4 *"]})
    ruled = chess_arbiter.rule_batch(table, keep=["id"])
    assert isinstance(ruled, pa.Table)
    assert ruled.schema.names == ["id"] + RULED and ruled.column("id").to_pylist() == [1, 2]
    empty = chess_arbiter.rule_batch(table.slice(0, 0))
    assert empty.schema.names == ["id", "movetext"] + RULED and empty.num_rows == 0
