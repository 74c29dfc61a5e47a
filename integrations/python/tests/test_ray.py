"""A real engine: a Ray local cluster rules Parquet files of games, and the
README's Ray job runs as written."""

import os
import re

import pyarrow.parquet as pq
import pytest

import chess_arbiter
from conftest import RULED

ray = pytest.importorskip("ray")

README = os.path.join(os.path.dirname(__file__), "..", "README.md")


@pytest.fixture(scope="module")
def cluster():
    ray.init(num_cpus=2, include_dashboard=False, log_to_driver=False)
    yield
    ray.shutdown()


@pytest.fixture()
def games(lichess_table, tmp_path):
    """Parquet files of the sample: several row groups and files, so that
    both workers get blocks."""
    table, expected = lichess_table
    folder = tmp_path / "games"
    folder.mkdir()
    half = table.num_rows // 2
    pq.write_table(table.slice(0, half), folder / "games-0.parquet", row_group_size=40)
    pq.write_table(table.slice(half), folder / "games-1.parquet", row_group_size=40)
    return folder, table, expected


def test_ray_map_batches_rules_every_row_as_the_rust_reader(cluster, games):
    folder, table, expected = games
    context = ray.data.DataContext.get_current()
    context.execution_options.preserve_order = True
    ds = ray.data.read_parquet(str(folder), file_extensions=["parquet"])
    ruled = ds.map_batches(chess_arbiter.rule_batch, batch_format="pyarrow", batch_size=64)
    got = ruled.take_all()
    assert len(got) == len(expected)
    assert [{k: r[k] for k in RULED} for r in got] == expected
    # The input's columns stay beside the rulings, row for row.
    assert [r["Site"] for r in got] == table.column("Site").to_pylist()


def readme_ray_job():
    """The README's Ray job, as written."""
    with open(README, encoding="utf-8") as f:
        blocks = re.findall(r"```python\n(.*?)```", f.read(), re.S)
    (job,) = [b for b in blocks if "ray.data.read_parquet" in b]
    return job


def test_the_readme_ray_job_writes_each_disagreement_with_its_id(cluster, games, tmp_path):
    folder, table, expected = games
    job = readme_ray_job()
    source = "standard-chess-games/data/year=2024/month=01/"
    assert source in job and '"disagreements/"' in job and "ray.init()" in job
    out = tmp_path / "disagreements"
    # The cluster is up already; the paths are the test's.
    job = job.replace("ray.init()", "pass").replace(source, str(folder))
    job = job.replace('"disagreements/"', repr(str(out)))
    exec(compile(job, "README.md", "exec"), {})
    written = pq.read_table(out)
    assert written.schema.names == ["Site"] + RULED
    ids = table.column("Site").to_pylist()
    want = sorted((ids[i], tuple(r.items())) for i, r in enumerate(expected) if r["disagrees"])
    got = sorted((r["Site"], tuple((k, r[k]) for k in RULED)) for r in written.to_pylist())
    assert len(want) >= 3
    assert got == want
