#!/usr/bin/env python3
"""A random chu network of a given hidden width, inside every bound the engine's reader
enforces (src/nnue/network.rs), for measuring what a width costs per node (docs/eval.md,
"Width"). Its judgement is noise; its shape and arithmetic are a trained network's.

    python3 tools/nnue-width/random_network.py WIDTH SEED OUT.nnue [--zero-output]

With --zero-output the output weights and bias are zero: the network's correction is 0
everywhere, so a search with it visits exactly the hand-set evaluation's tree (the same node
counts as `--eval-file '<empty>'`), while the engine still pays for every accumulator update
and output sum. The difference in instructions is then the network's price alone.
"""
import random
import struct
import sys

QA = 1024
SQUARES = 144          # chu's 12 × 12
FEATURES = 2 * 42 * SQUARES


def main():
    width, seed, out = int(sys.argv[1]), int(sys.argv[2]), sys.argv[3]
    zero = "--zero-output" in sys.argv[4:]
    rng = random.Random(seed)
    # Accumulators: |b1| + 144 · 64 < 32 767 on every board; a start position's (≈ 90
    # pieces) spread a few hundred either side of its bias, so units clip at both ends.
    w1 = [rng.randint(-64, 64) for _ in range(FEATURES * width)]
    b1 = [rng.randint(-512, 512) for _ in range(width)]
    # Output weights: the positive ones sum to about 10 000 / 4, inside the ±10 000 bound.
    a = min(200, 10_000 // width)
    w2 = [0 if zero else rng.randint(-a, a) for _ in range(2 * width)]
    b2, scale = 0, 1000
    high = b2 + QA * sum(w for w in w2 if w > 0)
    low = b2 + QA * sum(w for w in w2 if w < 0)
    assert max(high, -low) * scale // (QA * QA) <= 10_000
    data = b"SHISHINN" + struct.pack("<IIIIi", 1, 0, FEATURES, width, scale)
    data += struct.pack(f"<{len(w1)}h", *w1)
    data += struct.pack(f"<{width}i", *b1)
    data += struct.pack(f"<{2 * width}h", *w2)
    data += struct.pack("<i", b2)
    with open(out, "wb") as f:
        f.write(data)


if __name__ == "__main__":
    main()
