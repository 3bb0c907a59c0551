"""Analyses in worker processes: each task is one stored game's history and the seats to score in it.

`pending` finds what is left to do: the analyses already stored under the same settings are read back.
The workers only score; they hand back each seat's record (its `Recorded` envelopes) and this process, the
one that holds the store, saves it, as a tournament's games are saved (core/tournament/run.py). The
processes are fresh ones (forkserver or spawn), never forks of a process holding the store's connections.
"""

from __future__ import annotations

from collections.abc import Iterator, Sequence
from concurrent.futures import ProcessPoolExecutor, as_completed
from dataclasses import dataclass

from meeplog.core.analysis.events import Settings
from meeplog.core.analysis.record import Analysis, analyse, analysis_id, load_analysis
from meeplog.core.game import Recorded
from meeplog.core.store import GameStore
from meeplog.core.tournament.run import worker_context


@dataclass(frozen=True)
class Task:
    history: tuple[Recorded, ...]
    seats: tuple[int, ...]
    settings: Settings


def run_task(task: Task) -> list[list[Recorded]]:
    """Each seat's analysis of the task's game, as the records to save."""
    return [analyse(task.history, seat, task.settings).log for seat in task.seats]


def analysed(tasks: Sequence[Task], workers: int) -> Iterator[list[Analysis]]:
    """Each task's analyses as they are done (in any order): in this process with one worker, else in `workers`."""
    if workers <= 1 or len(tasks) <= 1:
        for one in tasks:
            yield [Analysis.rebuild(log) for log in run_task(one)]
        return
    with ProcessPoolExecutor(min(workers, len(tasks)), mp_context=worker_context()) as pool:
        for done in as_completed([pool.submit(run_task, one) for one in tasks]):
            yield [Analysis.rebuild(log) for log in done.result()]


def pending(store: GameStore, histories: Sequence[Sequence[Recorded]], seats: tuple[int, ...],
            settings: Settings) -> tuple[list[Analysis], list[Task]]:
    """The analyses stored already under `settings`, and the games and seats still to analyse, as tasks."""
    done: list[Analysis] = []
    tasks = []
    for history in histories:
        todo = []
        for one in seats:
            found = load_analysis(store, analysis_id(history[0].originator_id, one, settings))
            if found is None:
                todo.append(one)
            else:
                done.append(found)
        if todo:
            tasks.append(Task(tuple(history), tuple(todo), settings))
    return done, tasks
