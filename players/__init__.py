"""Player adapters, each registered under the `meeplog.players` entry point."""
