"""A real engine: a Ray local cluster rules a Parquet file of games."""

import pyarrow.parquet as pq
import pytest

import chess_arbiter

ray = pytest.importorskip("ray")


@pytest.fixture(scope="module")
def cluster():
    ray.init(num_cpus=2, include_dashboard=False, log_to_driver=False)
    yield
    ray.shutdown()


def test_ray_map_batches_rules_every_row_as_the_rust_reader(cluster, lichess_table, tmp_path):
    table, expected = lichess_table
    path = tmp_path / "games.parquet"
    # Several row groups and files, so that both workers get blocks.
    half = table.num_rows // 2
    pq.write_table(table.slice(0, half), tmp_path / "games-0.parquet", row_group_size=40)
    pq.write_table(table.slice(half), tmp_path / "games-1.parquet", row_group_size=40)
    context = ray.data.DataContext.get_current()
    context.execution_options.preserve_order = True
    ds = ray.data.read_parquet(str(tmp_path), file_extensions=["parquet"])
    ruled = ds.map_batches(chess_arbiter.rule_batch, batch_format="pyarrow", batch_size=64)
    got = ruled.take_all()
    assert len(got) == len(expected)
    assert [dict(r) for r in got] == expected
    assert not path.exists()
