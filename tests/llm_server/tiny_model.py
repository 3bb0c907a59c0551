"""A tiny llama-architecture model with random weights, written as GGUF with the `gguf` package, so that the
suite can play against a real llama.cpp server without downloading a model.

Random weights answer nonsense, but the server's grammar-constrained sampling turns a JSON schema into a
grammar, so every answer in a schema mode is a well-formed command of the game, legal or not: the game
exercises parsing, legality, rejection, re-asking and fallback for real.

The vocabulary keeps requests fast: a sentencepiece ("llama") vocabulary of every printable character and
the space (`▁`, as sentencepiece writes it), the 256 byte tokens for anything else, and every prefix of the
space-separated chunks that recur in the games' own prompts. llama.cpp's tokenizer merges a chunk's
prefixes left to right, so a known chunk is one token and a 12,000-character prompt a few thousand. No
piece starts with a space and no space is prefixed to the text: llama-cpp-python's server drops characters
from an answer whose pieces do (it strips a leading space while it assembles the text).
"""

from __future__ import annotations

import string
from collections import Counter
from collections.abc import Iterable
from pathlib import Path

import numpy as np

SPACE = "\u2581"  # sentencepiece's mark for a space
CONTROL = ("<unk>", "<s>", "</s>")
CHUNKS = 4000  # the most frequent prompt chunks given tokens of their own (with every prefix)
EMBEDDING, HEADS, LAYERS, FEED_FORWARD = 64, 4, 2, 128
CONTEXT = 16384  # tokens: the longest prompt (25,000 characters) plus the answer, with room


def vocabulary(texts: Iterable[str]) -> list[str]:
    """The tokens, control and byte tokens first, then characters, then chunk prefixes by length."""
    counts: Counter[str] = Counter()
    for text in texts:
        counts.update(chunk for chunk in text.replace("\n", " ").split(" ") if chunk)
    pieces = {chunk[:end] for chunk, _ in counts.most_common(CHUNKS) for end in range(2, len(chunk) + 1)}
    characters = [c for c in string.printable if c not in " \t\n\r\x0b\x0c"] + [SPACE]
    bytes_ = [f"<0x{value:02X}>" for value in range(256)]
    return [*CONTROL, *bytes_, *characters, *sorted(pieces - set(characters), key=lambda p: (len(p), p))]


def write(path: Path, texts: Iterable[str], seed: int = 0) -> Path:
    """Write the model to `path`: its vocabulary drawn from `texts`, its weights from `seed`."""
    import gguf  # an optional dependency (pip install meeplog[llama])

    tokens = vocabulary(texts)
    types = [gguf.TokenType.UNKNOWN, gguf.TokenType.CONTROL, gguf.TokenType.CONTROL]
    types += [gguf.TokenType.BYTE] * 256 + [gguf.TokenType.NORMAL] * (len(tokens) - 259)
    scores = [0.0] * 259 + [float(len(token)) for token in tokens[259:]]  # longer pieces merge first

    writer = gguf.GGUFWriter(str(path), "llama")
    writer.add_name("meeplog-tiny-random")
    writer.add_context_length(CONTEXT)
    writer.add_embedding_length(EMBEDDING)
    writer.add_block_count(LAYERS)
    writer.add_feed_forward_length(FEED_FORWARD)
    writer.add_head_count(HEADS)
    writer.add_head_count_kv(HEADS)
    writer.add_layer_norm_rms_eps(1e-5)
    writer.add_rope_dimension_count(EMBEDDING // HEADS)
    writer.add_vocab_size(len(tokens))
    writer.add_tokenizer_model("llama")
    writer.add_token_list(tokens)
    writer.add_token_scores(scores)
    writer.add_token_types(types)
    writer.add_unk_token_id(0)
    writer.add_bos_token_id(1)
    writer.add_eos_token_id(2)
    writer.add_add_space_prefix(False)

    rng = np.random.default_rng(seed)

    def weights(*shape: int) -> np.ndarray:
        return (rng.standard_normal(shape) * 0.2).astype(np.float32)

    ones = np.ones(EMBEDDING, dtype=np.float32)
    writer.add_tensor("token_embd.weight", weights(len(tokens), EMBEDDING))
    writer.add_tensor("output_norm.weight", ones)
    writer.add_tensor("output.weight", weights(len(tokens), EMBEDDING))
    for layer in range(LAYERS):
        block = f"blk.{layer}"
        writer.add_tensor(f"{block}.attn_norm.weight", ones)
        for name in ("attn_q", "attn_k", "attn_v", "attn_output"):
            writer.add_tensor(f"{block}.{name}.weight", weights(EMBEDDING, EMBEDDING))
        writer.add_tensor(f"{block}.ffn_norm.weight", ones)
        writer.add_tensor(f"{block}.ffn_gate.weight", weights(FEED_FORWARD, EMBEDDING))
        writer.add_tensor(f"{block}.ffn_up.weight", weights(FEED_FORWARD, EMBEDDING))
        writer.add_tensor(f"{block}.ffn_down.weight", weights(EMBEDDING, FEED_FORWARD))
    writer.write_header_to_file()
    writer.write_kv_data_to_file()
    writer.write_tensors_to_file()
    writer.close()
    return path
