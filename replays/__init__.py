"""Replays: the replay file format, export and import, verify, time travel, fork, and the golden replays.

See docs/replays.md. Steps count decisions (meeplog.replays.steps); the CLI is `meeplog replay` (meeplog.replays.cli).
"""
