"""The Ray backend agrees with every other (Ray's local mode)."""

from __future__ import annotations

import pytest

from gangland.sim.simulate import simulate

ray = pytest.importorskip("ray")

from gangland.sim.rayrun import ray_map  # noqa: E402


def test_ray_gives_the_figures_of_a_serial_run():
    specs = ["detective", "random", "random"]
    serial = simulate("gangster-city", specs, 10, seed=6)
    on_ray = simulate("gangster-city", specs, 10, seed=6, map_fn=ray_map(None, 2))
    for summary in (serial, on_ray):
        summary.data.pop("seconds")
    assert on_ray.data == serial.data
    assert not ray.is_initialized()  # the local Ray it started is shut down


def test_a_local_ray_run_of_the_command_prints_only_its_figures(tmp_path):
    """Ray's own start-up notes (a token notice, warnings) are not the user's business."""
    import json
    import subprocess
    import sys

    done = subprocess.run([sys.executable, "-m", "gangland", "simulate", "gangster-city",
                           "--games", "40", "--ray", "--workers", "1", "--json"],
                          cwd=tmp_path, capture_output=True, text=True, timeout=120)
    assert done.returncode == 0, done.stderr
    assert done.stderr == ""
    assert json.loads(done.stdout)["games"] == 40
