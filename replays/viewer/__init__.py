"""The web viewer (`meeplog serve`, `meeplog replay view`): a read-only ASGI app over a store or a replay file.

Pages are rendered on the server from the same data a JSON API serves, and a little vanilla JavaScript steps
through a game without reloading. A seat's perspective carries only what that seat may know (frames.py); each
game draws its own board (boards.py finds games/<game>/board.py). docs/viewer.md tells how to use it.
"""
