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
