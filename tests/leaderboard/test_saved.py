"""The view kept in the store: a process that resumes from it reaches the leaderboard a read from the first record
gives, the viewer never writes it, and a view of another format or set of games is built again."""

from __future__ import annotations

import shutil

import pytest

from meeplog.core.leaderboard import saved
from meeplog.core.leaderboard.board import leaderboard
from meeplog.core.leaderboard.projection import FollowedLeaderboard, Settings
from meeplog.core.leaderboard.render import document
from meeplog.core.leaderboard.strengths import Strengths
from meeplog.core.store import open_store
from meeplog.replays.viewer.library import StoreLibrary
from tests.leaderboard.test_projection import assert_alike


@pytest.fixture
def store(two_tournaments, tmp_path):
    copy = tmp_path / "copy.db"
    shutil.copy(two_tournaments, copy)
    return open_store(str(copy))


@pytest.mark.parametrize("settings", [Settings(), Settings(model="openskill", include_forfeits=True)])
def test_a_view_saved_half_way_and_resumed_gives_what_a_read_from_the_first_record_gives(store, settings):
    half_way = (store.recorder.max_notification_id() or 0) // 2  # most likely within a game: one being played
    first = FollowedLeaderboard(store, settings)
    first.follow(upto=half_way)
    saved.save(store, first.view)
    kept = saved.load(store, settings)
    assert kept is not None
    resumed = FollowedLeaderboard(store, settings, kept)
    assert resumed.position == first.position
    resumed.follow()
    fresh = FollowedLeaderboard(store, settings)
    fresh.follow()
    assert resumed.position == fresh.position
    assert_alike(
        document(leaderboard(resumed.view, "x", Strengths())), document(leaderboard(fresh.view, "x", Strengths()))
    )


def test_the_viewer_reads_the_store_without_writing_a_view(store):
    StoreLibrary(store, "x").leaderboard(Settings())
    assert saved.load(store, Settings()) is None


def test_a_view_of_another_format_is_not_resumed(store, monkeypatch):
    followed = FollowedLeaderboard(store)
    followed.follow()
    saved.save(store, followed.view)
    monkeypatch.setattr(saved, "FORMAT", saved.FORMAT + 1)
    assert saved.load(store, Settings()) is None
