"""Agents that connect out (DESIGN.md section 11): the registry of their names and tokens, and the ladder that seats
them. Domain logic only: the web routes to it (replays/viewer/agents.py)."""
