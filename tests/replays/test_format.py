"""The replay file: lossless, byte-identical run to run, and refused with the line and the problem when damaged."""

from __future__ import annotations

import pytest

from meeplog.core.audit import CommandRejected, LlmExchange, PlayerFellBack
from meeplog.replays.format import ReplayFormatError, dump_replay, parse_replay
from tests.replays.games import forest_game, sample_games
from tests.replays.recording import record


def test_a_replay_file_holds_every_recorded_event_with_its_version_timestamp_and_id():
    for game in sample_games():
        data = dump_replay(game.log)
        history = parse_replay(data)
        assert history == game.log
        assert [r.timestamp.isoformat() for r in history] == [r.timestamp.isoformat() for r in game.log]
        assert dump_replay(history) == data
    kinds = {type(r.event) for game in sample_games() for r in game.log}
    assert {CommandRejected, PlayerFellBack, LlmExchange} <= kinds


def test_line_n_holds_version_n_and_the_header_stands_for_game_started():
    game = forest_game()
    lines = dump_replay(game.log).splitlines()
    assert len(lines) == game.version
    assert lines[0].startswith(b'{"format":"meeplog-replay","format_version":1,"id":"' + str(game.id).encode())
    assert b'"events":%d}' % game.version in lines[0]
    assert lines[41].startswith(b'{"version":42,"timestamp":')


def test_the_same_game_recorded_twice_exports_byte_identical_files():
    first, second = (dump_replay(record("forest", 4, 11).log) for _ in range(2))
    assert first == second


def lines_of(data: bytes) -> list[bytes]:
    return data.split(b"\n")[:-1]


def replace_line(number: int, text: bytes):
    def edit(data: bytes) -> bytes:
        lines = lines_of(data)
        lines[number - 1] = text
        return b"\n".join(lines) + b"\n"
    return edit


def drop_line(number: int):
    def edit(data: bytes) -> bytes:
        lines = lines_of(data)
        del lines[number - 1]
        return b"\n".join(lines) + b"\n"
    return edit


def header_edit(old: bytes, new: bytes):
    def edit(data: bytes) -> bytes:
        assert old in data.split(b"\n")[0]
        return data.replace(old, new, 1)
    return edit


def event_line(version: int, event: bytes, timestamp: bytes = b"2025-06-01T12:00:00+00:00") -> bytes:
    return b'{"version":%d,"timestamp":"%s","event":%s}' % (version, timestamp, event)


LAST = None  # the damaged file's last line

DAMAGES = {
    "empty": (lambda data: b"", 1, "the file is empty"),
    "csv": (lambda data: b"id,game\n1,forest\n", 1, 'not a Meeplog replay (no header with "format": "meeplog-replay")'),
    "other json": (lambda data: b'{"hello": "world"}\n' + data, 1, "not a Meeplog replay"),
    "newer format": (header_edit(b'"format_version":1', b'"format_version":2'), 1,
                     "replay format version 2: this Meeplog reads versions 1 to 1"),
    "bad header field": (header_edit(b'"seed":', b'"seed":"x","was":'), 1, "bad header (seed: Input should be"),
    "unknown game": (header_edit(b'"game":"forest"', b'"game":"chess"'), 1, "unknown game 'chess'"),
    "cut mid-line": (lambda data: data[: data.index(b"\n", 3000) - 10], LAST, "cut off: the file ends in the middle"),
    "cut at a line": (lambda data: b"\n".join(lines_of(data)[:50]) + b"\n", 51,
                      "the file ends after 50 events but its header announces"),
    "garbage line": (replace_line(30, b"<<<garbage>>>"), 30, "not JSON"),
    "blank line": (replace_line(31, b""), 31, "not JSON"),
    "missing line": (drop_line(40), 40, "holds event version 41, expected 40 (a line is missing or moved)"),
    "not an object": (replace_line(12, b"[1, 2]"), 12, "expected an event (a JSON object), found list"),
    "wrong keys": (replace_line(12, b'{"version": 12, "event": {}}'), 12, "expected an object with keys"),
    "unknown event": (replace_line(20, event_line(20, b'{"type":"Teleported","seat":1}')), 20,
                      "not a forest event: unknown type 'Teleported'"),
    "event fields": (replace_line(20, event_line(20, b'{"type":"CardPlayed","seat":1}')), 20,
                     "not a forest event: CardPlayed:"),
    "bad timestamp": (replace_line(9, b'{"version":9,"timestamp":"yesterday","event":{"type":"CashPassed","seat":1}}'),
                      9, "bad timestamp 'yesterday'"),
    "naive timestamp": (replace_line(9, event_line(9, b'{"type":"CashPassed","seat":1}', b"2025-06-01T12:00:00")),
                        9, "with a UTC offset"),
    "extra line": (lambda data: data + data.split(b"\n")[1] + b"\n", LAST, "more events than the header announces"),
}


@pytest.mark.parametrize("damage", list(DAMAGES))
def test_a_damaged_truncated_or_foreign_file_is_refused_naming_the_line_and_the_problem(damage):
    edit, line, problem = DAMAGES[damage]
    game = forest_game()
    data = edit(dump_replay(game.log))
    with pytest.raises(ReplayFormatError) as refused:
        parse_replay(data, "game.jsonl")
    expected_line = line or data.count(b"\n") + (not data.endswith(b"\n"))
    assert refused.value.line == expected_line
    assert str(refused.value).startswith(f"game.jsonl, line {expected_line}: ")
    assert problem in str(refused.value)


def test_a_game_started_event_after_the_header_is_refused():
    game = forest_game()
    lines = lines_of(dump_replay(game.log))
    started = (b'{"type":"GameStarted","game":"forest","rules_version":"1","data_hash":"","config":{},"seats":[],'
               b'"seed":1,"origin":null}')
    lines[4] = event_line(5, started)
    with pytest.raises(ReplayFormatError, match="line 5: not a forest event after the start"):
        parse_replay(b"\n".join(lines) + b"\n")
