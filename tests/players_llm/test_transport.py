"""Retry-After in both of its forms, and the LLM reply read from a chat completion or refused."""

from __future__ import annotations

from datetime import UTC, datetime, timedelta
from email.utils import format_datetime

import orjson
import pytest

from meeplog.players.llm import LlmOptions, LlmPlayer
from meeplog.players.transport import Attempt, RemoteFailed, retry_after


def test_retry_after_takes_seconds_or_an_http_date():
    assert retry_after("3") == 3.0
    assert retry_after("0.5") == 0.5
    later = format_datetime(datetime.now(UTC) + timedelta(seconds=30), usegmt=True)
    assert 25 <= retry_after(later) <= 30
    assert retry_after(format_datetime(datetime.now(UTC) - timedelta(seconds=30), usegmt=True)) == 0
    assert retry_after(None) is None and retry_after("soon") is None


def reply(body: object) -> Attempt:
    return Attempt(None, orjson.dumps(body).decode(), latency_ms=1, retries=0)


def test_a_chat_completion_is_read_with_its_tokens_and_whether_it_was_cut():
    player = LlmPlayer(LlmOptions(base_url="http://127.0.0.1:9/v1", model="m"), seed=0)
    read = player.read(reply({"choices": [{"message": {"content": "{}"}, "finish_reason": "length"}],
                              "usage": {"prompt_tokens": 7, "completion_tokens": 2}}))
    assert (read.text, read.truncated, read.prompt_tokens, read.completion_tokens) == ("{}", True, 7, 2)
    assert player.read(reply({"choices": [{"message": {"content": None}}]})).text is None


@pytest.mark.parametrize("body", [{"error": "nope"}, {"choices": []}, [1, 2], {"choices": [{"message": "hi"}]}])
def test_an_answer_that_is_no_chat_completion_is_a_bad_response(body):
    player = LlmPlayer(LlmOptions(base_url="http://127.0.0.1:9/v1", model="m"), seed=0)
    with pytest.raises(RemoteFailed) as failed:
        player.read(reply(body))
    assert failed.value.failure == "bad-response"
