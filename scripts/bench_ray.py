"""The Ray backend's cost per game against the local pool, on this machine, in one run (a line of scripts/bench).

Both play the same tournament of short random Old Man games with the same number of workers into a store
in memory; the difference in wall time per game is what Ray's scheduling, serialisation and queue cost.
Ray runs as a local cluster started for the measurement (`ray.init`), its start-up not counted.
"""

from __future__ import annotations

from scripts.bench_tournament import tournament_seconds

OVERHEAD_BUDGET = 0.020  # seconds a game


def ray_overhead(games: int = 200, workers: int = 2) -> tuple[float, float, float]:
    """Seconds a game with the local pool, with Ray, and Ray's overhead a game (best of two runs each)."""
    import ray

    ray.init(num_cpus=workers, include_dashboard=False, logging_level="ERROR", log_to_driver=False,
             _node_ip_address="127.0.0.1")  # this machine only: nothing reaches its other addresses
    try:
        tournament_seconds("ray", 10, workers)  # the workers' first imports are no per-game cost
        on_ray = min(tournament_seconds("ray", games, workers) for _ in range(2)) / games
    finally:
        ray.shutdown()
    local = min(tournament_seconds("local", games, workers) for _ in range(2)) / games
    return local, on_ray, on_ray - local


def line(games: int = 200, workers: int = 2) -> str:
    local, on_ray, overhead = ray_overhead(games, workers)
    verdict = "met" if overhead <= OVERHEAD_BUDGET else "missed"
    return (f"Ray backend against the local pool, {workers} workers, {games} random Old Man games: "
            f"{local * 1e3:.1f} ms a game locally, {on_ray * 1e3:.1f} ms on Ray, overhead "
            f"{overhead * 1e3:.1f} ms a game (budget ≤{OVERHEAD_BUDGET * 1e3:.0f} ms: {verdict})")


if __name__ == "__main__":
    print(line())
